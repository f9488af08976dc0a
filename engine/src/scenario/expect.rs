//! A scenario's expectations checked against the game: each expected value
//! read off the game's public accessors and compared, and each expected
//! event looked for among the events of the step (or of every step, for
//! the final expectations) in order.

use std::collections::BTreeSet;

use spacedock_schema::common::Size;
use spacedock_schema::scenario::CardPlace as PlaceName;
use spacedock_schema::scenario::checked::{Check, EventCheck, Expect, Expected, Placement};

use crate::event::Event;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId};
use crate::outcome::Outcome;
use crate::scenario::arrange::{Arranged, phase, position};
use crate::scenario::render::Rendered;
use crate::scenario::{Failure, render};
use crate::state::CardPlace;

/// Whether an expected victory-clock score is the score written to 3
/// decimals, cut short as the rulebook writes them ("1.666" for 5/3) or
/// rounded ("1.667"); 3.334 is neither for 10/3.
fn clock_matches(score: f64, expected: f64) -> bool {
    const EPSILON: f64 = 1e-9;
    let thousandths = score * 1000.0;
    [thousandths.floor(), thousandths.round()]
        .iter()
        .any(|written| (written / 1000.0 - expected).abs() < EPSILON)
}

/// Every failed expectation of `expect`, given the events emitted since
/// the point it looks back to.
pub(super) fn check(arranged: &Arranged, expect: &Expect, events: &[Event]) -> Vec<Failure> {
    let mut failures: Vec<Failure> = expect
        .checks
        .iter()
        .filter_map(|check| value(arranged, check))
        .collect();
    let rendered: Vec<_> = events
        .iter()
        .map(|event| render::event(&arranged.game, event))
        .collect();
    let matches = |pattern: &EventCheck, (kind, fields): &(_, Vec<_>)| {
        *kind == pattern.event
            && pattern
                .fields
                .iter()
                .all(|wanted| fields.iter().any(|field| field == wanted))
    };
    let mut from = 0;
    for pattern in &expect.events {
        if let Some(count) = pattern.count {
            let found: Vec<&Rendered> = rendered
                .iter()
                .filter(|event| matches(pattern, event))
                .collect();
            if found.len() != count as usize {
                failures.push(Failure {
                    pointer: format!("{}/count", pattern.pointer),
                    what: format!("the number of events `{}`", pattern.event.name()),
                    expected: format!(
                        "{count} of {}",
                        render::event_text(pattern.event, &pattern.fields)
                    ),
                    actual: match found.as_slice() {
                        [] => "none".to_owned(),
                        found => format!(
                            "{}: {}",
                            found.len(),
                            found
                                .iter()
                                .map(|(kind, fields)| render::event_text(*kind, fields))
                                .collect::<Vec<_>>()
                                .join("; ")
                        ),
                    },
                });
            }
            continue;
        }
        match rendered[from..]
            .iter()
            .position(|event| matches(pattern, event))
        {
            Some(offset) => from += offset + 1,
            None => failures.push(Failure {
                pointer: pattern.pointer.clone(),
                what: format!("an event `{}`", pattern.event.name()),
                expected: if from == 0 {
                    render::event_text(pattern.event, &pattern.fields)
                } else {
                    format!(
                        "{} after the events matched before it",
                        render::event_text(pattern.event, &pattern.fields)
                    )
                },
                actual: match of_kind(&rendered[from..], pattern) {
                    // Expected in order: one that came too early is named.
                    None if from > 0 => match of_kind(&rendered[..from], pattern) {
                        Some(earlier) => format!(
                            "none after them; before them: {earlier} (events are expected in the order they come)"
                        ),
                        None => format!("no `{}` event", pattern.event.name()),
                    },
                    None => format!("no `{}` event", pattern.event.name()),
                    Some(same) => same,
                },
            }),
        }
    }
    for pattern in &expect.no_events {
        if let Some((kind, fields)) = rendered.iter().find(|event| matches(pattern, event)) {
            failures.push(Failure {
                pointer: pattern.pointer.clone(),
                what: format!("no event `{}`", pattern.event.name()),
                expected: format!("no {}", render::event_text(pattern.event, &pattern.fields)),
                actual: render::event_text(*kind, fields),
            });
        }
    }
    failures
}

/// The events of a pattern's kind, to show beside a missing one; `None`
/// when there is none.
fn of_kind(rendered: &[Rendered], pattern: &EventCheck) -> Option<String> {
    let same: Vec<String> = rendered
        .iter()
        .filter(|(kind, _)| *kind == pattern.event)
        .map(|(kind, fields)| render::event_text(*kind, fields))
        .collect();
    (!same.is_empty()).then(|| same.join("; "))
}

/// A ship's pegs as a scenario reads them: a destroyed ship has none (it
/// keeps the count it was destroyed with, which no expectation should
/// pass on).
fn pegs(game: &Game, ship: ShipId, count: u32) -> String {
    if game.ship(ship).destroyed {
        "none: it is destroyed".to_owned()
    } else {
        count.to_string()
    }
}

fn failure(check: &Check, what: String, expected: String, actual: String) -> Option<Failure> {
    (expected != actual).then(|| Failure {
        pointer: check.pointer.clone(),
        what,
        expected,
        actual,
    })
}

fn seat(index: usize) -> PlayerId {
    PlayerId(index as u8)
}

/// The hexes a ship covers, as the scenario writes them.
fn hexes(game: &Game, ship: ShipId) -> Vec<[u32; 2]> {
    let mut hexes: Vec<[u32; 2]> = game
        .ship_hexes(ship)
        .into_iter()
        .map(|hex| game.coord(hex))
        .collect();
    hexes.sort_unstable();
    hexes
}

/// Where a ship stands, as an expectation of it is written: a large
/// ship by its centre.
fn actual_place(game: &Game, ship: ShipId) -> String {
    let view = game.ship(ship);
    match view.pos.filter(|_| !view.destroyed) {
        Some(pos) if view.size == Size::Large => {
            format!("centred on {}", render::coordinate(game.coord(pos.at)))
        }
        _ => hex_list(&hexes(game, ship)),
    }
}

fn hex_list(hexes: &[[u32; 2]]) -> String {
    match hexes {
        [] => "off the battlefield".to_owned(),
        [one] => render::coordinate(*one),
        many => many
            .iter()
            .map(|hex| render::coordinate(*hex))
            .collect::<Vec<_>>()
            .join(" and "),
    }
}

/// Whether a ship stands where a placement says: a small ship on its hex,
/// a large ship centred on it, a medium ship on both its hexes (with a
/// facing) or covering it (without).
fn stands_at(game: &Game, ship: ShipId, placement: Placement) -> bool {
    let view = game.ship(ship);
    let Some(pos) = view.pos.filter(|_| !view.destroyed) else {
        return false;
    };
    match view.size {
        Size::Small | Size::Large => game.coord(pos.at) == placement.at,
        Size::Medium => match placement.facing {
            Some(_) => {
                let wanted: BTreeSet<Hex> = position(game, Size::Medium, placement)
                    .map(|pos| game_hexes(game, Size::Medium, pos))
                    .unwrap_or_default();
                wanted == game.ship_hexes(ship).into_iter().collect()
            }
            None => hexes(game, ship).contains(&placement.at),
        },
    }
}

fn game_hexes(game: &Game, size: Size, pos: crate::board::Pos) -> BTreeSet<Hex> {
    let mut hexes = [Hex(0); 7];
    let len = game
        .data
        .board
        .footprint(size, pos, &mut hexes)
        .unwrap_or(0);
    hexes[..len].iter().copied().collect()
}

fn placement_text(game: &Game, ship: ShipId, placement: Placement) -> String {
    match (game.ship(ship).size, placement.facing) {
        (Size::Medium, Some(facing)) => {
            let wanted: Vec<[u32; 2]> = position(game, Size::Medium, placement)
                .map(|pos| {
                    let mut hexes: Vec<[u32; 2]> = game_hexes(game, Size::Medium, pos)
                        .into_iter()
                        .map(|hex| game.coord(hex))
                        .collect();
                    hexes.sort_unstable();
                    hexes
                })
                .unwrap_or_default();
            format!("{} (facing {})", hex_list(&wanted), facing.name())
        }
        (Size::Medium, None) => format!("covering {}", render::coordinate(placement.at)),
        (Size::Large, _) => format!("centred on {}", render::coordinate(placement.at)),
        (Size::Small, _) => render::coordinate(placement.at),
    }
}

fn place_name(place: CardPlace) -> PlaceName {
    match place {
        CardPlace::Screen => PlaceName::Screen,
        CardPlace::Hold(_) => PlaceName::Hold,
        CardPlace::Launched => PlaceName::Launched,
        CardPlace::OutOfPlay => PlaceName::OutOfPlay,
    }
}

/// The failure of one expected value, if it does not hold.
fn value(arranged: &Arranged, check: &Check) -> Option<Failure> {
    let game = &arranged.game;
    let card_of = |index: usize| -> ShipCardId { arranged.cards[index] };
    let player = |index: usize| format!("`{}`", render::player(game, seat(index)));
    match &check.expected {
        Expected::Round(round) => failure(
            check,
            "the round".to_owned(),
            round.to_string(),
            game.round().to_string(),
        ),
        Expected::ActivePlayer(index) => failure(
            check,
            "whose turn it is".to_owned(),
            render::player(game, seat(*index)),
            render::player(game, game.active_player()),
        ),
        Expected::Phase(name) => failure(
            check,
            "the phase".to_owned(),
            render::phase_name(phase(*name)).to_owned(),
            render::phase_name(game.phase()).to_owned(),
        ),
        Expected::ToMove(index) => failure(
            check,
            "who must decide".to_owned(),
            render::player(game, seat(*index)),
            render::player(game, game.to_move()),
        ),
        Expected::GameOver(over) => failure(
            check,
            "whether the game is over".to_owned(),
            over.to_string(),
            game.outcome().is_some().to_string(),
        ),
        Expected::Winner(team) => failure(
            check,
            "the winner".to_owned(),
            render::team(game, crate::ids::TeamId(*team as u8)),
            outcome_text(game),
        ),
        Expected::Draw(draw) => failure(
            check,
            "whether the game is a draw".to_owned(),
            draw.to_string(),
            matches!(game.outcome(), Some(Outcome::Draw { .. })).to_string(),
        ),
        Expected::How(how) => failure(
            check,
            "how the game ended".to_owned(),
            how.name().to_owned(),
            game.outcome().map_or_else(
                || "it has not ended".to_owned(),
                |outcome| render::how(outcome.how()).name().to_owned(),
            ),
        ),
        Expected::Energy { player: p, value } => failure(
            check,
            format!("the energy of {}", player(*p)),
            value.to_string(),
            game.energy(seat(*p)).to_string(),
        ),
        Expected::Hand { player: p, count } => failure(
            check,
            format!("the cards in the hand of {}", player(*p)),
            count.to_string(),
            game.hand_len(seat(*p)).to_string(),
        ),
        Expected::Deck { player: p, count } => failure(
            check,
            format!("the cards in the deck of {}", player(*p)),
            count.to_string(),
            game.deck_len(seat(*p)).to_string(),
        ),
        Expected::Discard { player: p, count } => failure(
            check,
            format!("the cards in the discard pile of {}", player(*p)),
            count.to_string(),
            game.discard_len(seat(*p)).to_string(),
        ),
        Expected::DeckRuns { player: p, count } => failure(
            check,
            format!("how often the deck of {} ran out", player(*p)),
            count.to_string(),
            game.deck_runs(seat(*p)).to_string(),
        ),
        Expected::VictoryPoints { player: p, value } => failure(
            check,
            format!("the victory points of the team of {}", player(*p)),
            value.to_string(),
            game.victory_points(game.team(seat(*p))).to_string(),
        ),
        Expected::VictoryClock { player: p, value } => {
            let score = game.victory_clock_scores()[game.team(seat(*p)).index()];
            (!clock_matches(score, *value)).then(|| Failure {
                pointer: check.pointer.clone(),
                what: format!("the victory-clock score of the team of {}", player(*p)),
                expected: format!("{value}"),
                actual: format!("{score:.3}"),
            })
        }
        Expected::Shields { ship, value } => {
            let id = arranged.ship(*ship);
            failure(
                check,
                format!("the shield pegs of `{}`", render::ship(game, id)),
                value.to_string(),
                pegs(game, id, game.ship(id).shields),
            )
        }
        Expected::HullDamage { ship, value } => {
            let id = arranged.ship(*ship);
            failure(
                check,
                format!("the hull damage pegs of `{}`", render::ship(game, id)),
                value.to_string(),
                pegs(game, id, game.ship(id).hull_damage),
            )
        }
        Expected::Destroyed { ship, value } => {
            let id = arranged.ship(*ship);
            failure(
                check,
                format!("whether `{}` is destroyed", render::ship(game, id)),
                value.to_string(),
                game.ship(id).destroyed.to_string(),
            )
        }
        Expected::OnBattlefield { ship, value } => {
            let id = arranged.ship(*ship);
            let view = game.ship(id);
            failure(
                check,
                format!("whether `{}` is on the battlefield", render::ship(game, id)),
                value.to_string(),
                (view.pos.is_some() && !view.destroyed).to_string(),
            )
        }
        Expected::At { ship, at } => {
            let id = arranged.ship(*ship);
            (!stands_at(game, id, *at)).then(|| Failure {
                pointer: check.pointer.clone(),
                what: format!("where `{}` stands", render::ship(game, id)),
                expected: placement_text(game, id, *at),
                actual: actual_place(game, id),
            })
        }
        Expected::Place { card, place } => failure(
            check,
            format!(
                "where the ship card `{}` is",
                render::card_name(game, card_of(*card))
            ),
            place.name().to_owned(),
            place_name(game.card(card_of(*card)).place)
                .name()
                .to_owned(),
        ),
        Expected::Attached { card, cards } => {
            let mut actual: Vec<String> = game
                .card(card_of(*card))
                .attached
                .iter()
                .map(|&tactic| render::tactic(game, tactic))
                .collect();
            actual.sort();
            failure(
                check,
                format!(
                    "the tactic cards attached to `{}`",
                    render::card_name(game, card_of(*card))
                ),
                format!("[{}]", cards.join(", ")),
                format!("[{}]", actual.join(", ")),
            )
        }
        Expected::Activated { card, value } => failure(
            check,
            format!(
                "whether `{}` was activated this turn",
                render::card_name(game, card_of(*card))
            ),
            value.to_string(),
            game.card(card_of(*card)).activated.to_string(),
        ),
        Expected::Controller { card, player: p } => failure(
            check,
            format!("who controls `{}`", render::card_name(game, card_of(*card))),
            render::player(game, seat(*p)),
            render::player(game, game.card(card_of(*card)).controller),
        ),
    }
}

fn outcome_text(game: &Game) -> String {
    match game.outcome() {
        None => "the game has not ended".to_owned(),
        Some(Outcome::Draw { .. }) => "a draw".to_owned(),
        Some(Outcome::Win { team, .. }) => render::team(game, *team),
    }
}

#[cfg(test)]
mod clock_tests {
    use super::clock_matches;

    #[test]
    fn a_clock_score_is_written_cut_short_or_rounded_to_three_decimals() {
        // The rulebook: 2 of 3 fighters of cost 5 score 3.333; one of 3, 1.666.
        assert!(clock_matches(10.0 / 3.0, 3.333));
        assert!(clock_matches(5.0 / 3.0, 1.666));
        assert!(clock_matches(5.0 / 3.0, 1.667));
        assert!(clock_matches(5.0, 5.0));
        assert!(!clock_matches(10.0 / 3.0, 3.334));
        assert!(!clock_matches(10.0 / 3.0, 3.332));
        assert!(!clock_matches(10.0 / 3.0, 3.33));
    }
}
