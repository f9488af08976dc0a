//! A scenario's expectations: each key resolved into a value the engine
//! can read off the game, with the pointer of the key, and each event
//! pattern's fields checked against its kind and resolved into the form
//! the engine renders events in.

use spacedock_schema::scenario::checked::{
    Check, EventCheck, EventValue, Expect, Expected, Placement, ShipRef,
};
use spacedock_schema::scenario::{
    EventField, EventKind, EventPattern, ExpectSource, PlayerExpect, ShipExpect,
};

use super::{Checker, Printed, quoted, weapon_place};
use crate::codes::Code;
use crate::load::document::escape;

const CODE: Code = Code::InvalidExpectation;

pub(super) fn check(
    checker: &mut Checker<'_, '_>,
    expect: &ExpectSource,
    pointer: &str,
) -> Option<Expect> {
    let mut ok = true;
    let mut checks = Vec::new();
    let mut push = |key: &str, expected: Expected| {
        checks.push(Check {
            pointer: format!("{pointer}/{key}"),
            expected,
        });
    };
    if let Some(round) = expect.round {
        push("round", Expected::Round(round));
    }
    if let Some(phase) = expect.phase {
        push("phase", Expected::Phase(phase));
    }
    if let Some(over) = expect.game_over {
        push("game_over", Expected::GameOver(over));
    }
    if let Some(draw) = expect.draw {
        if draw && expect.winner.is_some() {
            checker.report(
                CODE,
                &format!("{pointer}/draw"),
                "a game with a winner is not a draw",
                "contradicts `winner`",
                Some("expect `winner` or `draw = true`, not both".to_owned()),
            );
            ok = false;
        }
        push("draw", Expected::Draw(draw));
    }
    if let Some(how) = expect.how {
        push("how", Expected::How(how));
    }
    if let Some(name) = &expect.active_player {
        match checker.seat(name, &format!("{pointer}/active_player")) {
            Some(seat) => push("active_player", Expected::ActivePlayer(seat)),
            None => ok = false,
        }
    }
    if let Some(name) = &expect.to_move {
        match checker.seat(name, &format!("{pointer}/to_move")) {
            Some(seat) => push("to_move", Expected::ToMove(seat)),
            None => ok = false,
        }
    }
    if let Some(name) = &expect.winner {
        match checker.team(name, &format!("{pointer}/winner")) {
            Some(team) => push("winner", Expected::Winner(team)),
            None => ok = false,
        }
    }
    for (name, player) in &expect.players {
        let player_pointer = format!("{pointer}/players/{}", escape(name));
        match checker.seat(name, &player_pointer) {
            Some(seat) => checks.extend(player_checks(seat, player, &player_pointer)),
            None => ok = false,
        }
    }
    for (name, ship) in &expect.ships {
        let ship_pointer = format!("{pointer}/ships/{}", escape(name));
        match ship_checks(checker, name, ship, &ship_pointer) {
            Some(more) => checks.extend(more),
            None => ok = false,
        }
    }
    let events = patterns(checker, &expect.events, &format!("{pointer}/events"), true);
    let no_events = patterns(
        checker,
        &expect.no_events,
        &format!("{pointer}/no_events"),
        false,
    );
    let (events, no_events) = (events?, no_events?);
    ok.then_some(Expect {
        checks,
        events,
        no_events,
    })
}

fn player_checks(seat: usize, expect: &PlayerExpect, pointer: &str) -> Vec<Check> {
    let player = seat;
    [
        (
            "energy",
            expect
                .energy
                .map(|value| Expected::Energy { player, value }),
        ),
        (
            "hand",
            expect.hand.map(|count| Expected::Hand { player, count }),
        ),
        (
            "deck",
            expect.deck.map(|count| Expected::Deck { player, count }),
        ),
        (
            "discard",
            expect
                .discard
                .map(|count| Expected::Discard { player, count }),
        ),
        (
            "deck_runs",
            expect
                .deck_runs
                .map(|count| Expected::DeckRuns { player, count }),
        ),
        (
            "victory_points",
            expect
                .victory_points
                .map(|value| Expected::VictoryPoints { player, value }),
        ),
        (
            "victory_clock",
            expect
                .victory_clock
                .map(|value| Expected::VictoryClock { player, value }),
        ),
    ]
    .into_iter()
    .filter_map(|(key, expected)| {
        expected.map(|expected| Check {
            pointer: format!("{pointer}/{key}"),
            expected,
        })
    })
    .collect()
}

fn ship_checks(
    checker: &mut Checker<'_, '_>,
    name: &str,
    expect: &ShipExpect,
    pointer: &str,
) -> Option<Vec<Check>> {
    let of_a_ship = expect.shields.is_some()
        || expect.hull_damage.is_some()
        || expect.destroyed.is_some()
        || expect.on_battlefield.is_some()
        || expect.at.is_some()
        || expect.facing.is_some();
    // Keys of a ship need one ship; a card's keys take a card or any of its ships.
    let (card, ship) = if of_a_ship {
        let ship = checker.ship(CODE, name, pointer)?;
        (ship.card, Some(ship))
    } else {
        (checker.fielded(CODE, name, pointer)?.0, None)
    };
    let mut checks = Vec::new();
    let mut push = |key: &str, expected: Expected| {
        checks.push(Check {
            pointer: format!("{pointer}/{key}"),
            expected,
        });
    };
    if let Some(ship) = ship {
        if let Some(value) = expect.shields {
            push("shields", Expected::Shields { ship, value });
        }
        if let Some(value) = expect.hull_damage {
            push("hull_damage", Expected::HullDamage { ship, value });
        }
        if let Some(value) = expect.destroyed {
            push("destroyed", Expected::Destroyed { ship, value });
        }
        if let Some(value) = expect.on_battlefield {
            push("on_battlefield", Expected::OnBattlefield { ship, value });
        }
        if let Some(at) = expect.at {
            push(
                "at",
                Expected::At {
                    ship,
                    at: Placement {
                        at,
                        facing: expect.facing,
                    },
                },
            );
        }
    }
    if let Some(place) = expect.place {
        push("place", Expected::Place { card, place });
    }
    if let Some(value) = expect.activated {
        push("activated", Expected::Activated { card, value });
    }
    if expect.facing.is_some() && expect.at.is_none() {
        checker.report(
            CODE,
            &format!("{pointer}/facing"),
            "`facing` goes with `at`: together they give a medium ship's two hexes",
            "no `at`",
            None,
        );
        return None;
    }
    if let (Some(_), Some(fielded)) = (expect.facing, checker.ships[card].clone())
        && checker.bundle.ships[fielded.ship].size != spacedock_schema::common::Size::Medium
    {
        checker.report(
            CODE,
            &format!("{pointer}/facing"),
            "only a medium ship has a facing",
            "not a medium ship",
            None,
        );
        return None;
    }
    if let Some(cards) = &expect.attached {
        let mut ids = Vec::new();
        for (index, text) in cards.iter().enumerate() {
            let tactic = checker.tactic(text, &format!("{pointer}/attached/{index}"))?;
            ids.push(checker.bundle.tactics[tactic].id.clone());
        }
        ids.sort();
        checks.push(Check {
            pointer: format!("{pointer}/attached"),
            expected: Expected::Attached { card, cards: ids },
        });
    }
    if let Some(name) = &expect.controller {
        let player = checker.seat(name, &format!("{pointer}/controller"))?;
        checks.push(Check {
            pointer: format!("{pointer}/controller"),
            expected: Expected::Controller { card, player },
        });
    }
    Some(checks)
}

/// The checks of `events` (`counted`: a pattern may say how many) or of
/// `no_events`.
fn patterns(
    checker: &mut Checker<'_, '_>,
    patterns: &[EventPattern],
    pointer: &str,
    counted: bool,
) -> Option<Vec<EventCheck>> {
    let mut checks = Vec::new();
    let mut ok = true;
    for (index, pattern) in patterns.iter().enumerate() {
        let at = format!("{pointer}/{index}");
        if pattern.count.is_some() && !counted {
            checker.report(
                CODE,
                &format!("{at}/count"),
                "a pattern of `no_events` has no count: it matches no event",
                "counts nothing",
                Some("to expect a number of events, put the pattern in `events`".to_owned()),
            );
            ok = false;
            continue;
        }
        match event(checker, pattern, &at) {
            Some(check) => checks.push(check),
            None => ok = false,
        }
    }
    ok.then_some(checks)
}

fn event(
    checker: &mut Checker<'_, '_>,
    pattern: &EventPattern,
    pointer: &str,
) -> Option<EventCheck> {
    let kind = pattern.event;
    if kind == EventKind::FirstPlayerRoll {
        checker.report(
            CODE,
            &format!("{pointer}/event"),
            "no scenario sees a `first-player-roll` event: it starts after the roll",
            "never emitted in a scenario",
            Some("a scenario sets who went first, with `[turn]`'s `first_player`".to_owned()),
        );
        return None;
    }
    let mut fields = Vec::new();
    let mut ok = true;
    for field in pattern.given() {
        let key = format!("{pointer}/{}", field.key());
        if !kind.fields().contains(&field) {
            let known: Vec<&str> = kind.fields().iter().map(|field| field.key()).collect();
            checker.report(
                CODE,
                &key,
                format!("`{}` events have no `{}`", kind.name(), field.key()),
                "not a field of this event",
                Some(format!("its fields: {}", quoted(&known))),
            );
            ok = false;
            continue;
        }
        match value(checker, pattern, field, &key) {
            Some(value) => fields.push((field, value)),
            None => ok = false,
        }
    }
    ok.then(|| EventCheck {
        pointer: pointer.to_owned(),
        event: kind,
        fields,
        count: pattern.count,
    })
}

fn number(value: Option<u32>) -> Option<EventValue> {
    value.map(|value| EventValue::Number(i64::from(value)))
}

/// A pattern's field in the form the engine renders it.
fn value(
    checker: &mut Checker<'_, '_>,
    pattern: &EventPattern,
    field: EventField,
    pointer: &str,
) -> Option<EventValue> {
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let named = |name: String| Some(EventValue::Text(name));
    match field {
        EventField::Player | EventField::To => {
            let name = if field == EventField::Player {
                text(&pattern.player)
            } else {
                text(&pattern.to)
            };
            let seat = checker.seat(&name, pointer)?;
            named(checker.seats[seat].name.clone())
        }
        EventField::Team => {
            let team = checker.team(&text(&pattern.team), pointer)?;
            named(checker.teams[team].clone())
        }
        EventField::Ship | EventField::Target | EventField::Enemy => {
            let name = match field {
                EventField::Ship => text(&pattern.ship),
                EventField::Target => text(&pattern.target),
                _ => text(&pattern.enemy),
            };
            if field == EventField::Ship && pattern.event.ship_is_card() {
                let card = checker.card(CODE, "this event names", &name, pointer)?;
                named(checker.ships[card].as_ref()?.id.clone())
            } else {
                let ship: ShipRef = checker.ship(CODE, &name, pointer)?;
                named(checker.ship_name(ship))
            }
        }
        EventField::Card => {
            let name = text(&pattern.card);
            if pattern.event.card_is_tactic() {
                let tactic = checker.tactic(&name, pointer)?;
                named(checker.bundle.tactics[tactic].id.clone())
            } else {
                let card = checker.card(CODE, "this event names", &name, pointer)?;
                named(checker.ships[card].as_ref()?.id.clone())
            }
        }
        EventField::Weapon => {
            let name = text(&pattern.weapon);
            match name.as_str() {
                "primary" | "secondary" => named(name),
                "secondary-1" => named("secondary".to_owned()),
                _ if name.starts_with("secondary-") => named(name),
                _ => {
                    if let Some(extra) = checker.extra_weapon(&name) {
                        return named(extra.to_owned());
                    }
                    // A weapon printed on the pattern's ship, by its name,
                    // as a step names it; of no ship, the name says
                    // nothing of which ship's weapon it is.
                    let ship = pattern
                        .ship
                        .as_deref()
                        .map(|ship| checker.fielded_quiet(ship));
                    let mut printed: Vec<String> = Vec::new();
                    match ship {
                        Some(Some(card)) => {
                            match checker.printed_weapon(CODE, card, &name, pointer) {
                                Printed::Weapon(weapon) => return named(weapon_place(&weapon)),
                                Printed::Ambiguous => return None,
                                Printed::None => {}
                            }
                            if checker.another_ships_weapon(CODE, card, &name, pointer) {
                                return None;
                            }
                            printed = checker
                                .printed_weapons(card)
                                .into_iter()
                                .map(|(name, _)| name)
                                .collect();
                        }
                        // A ship not in play is told at `ship`.
                        Some(None) if checker.printed_elsewhere(&name).is_some() => return None,
                        None if !checker.names_tactic(&name) => {
                            if let Some((owner, weapon, true)) = checker.printed_elsewhere(&name) {
                                let place = weapon_place(&weapon);
                                checker.report(
                                    CODE,
                                    pointer,
                                    format!(
                                        "`{name}` is a weapon printed on `{owner}`: a pattern names it by its name only with its `ship`"
                                    ),
                                    "whose weapon?",
                                    Some(format!(
                                        "give `ship = \"{owner}\"` with it, or write `weapon = \"{place}\"` for the {place} weapon of any ship"
                                    )),
                                );
                                return None;
                            }
                        }
                        _ => {}
                    }
                    // A slip of a printed or given weapon's name, or a name
                    // of no card at all, is told as a weapon (with the
                    // cards that are weapons), not as a card name.
                    let is_card = checker.names_tactic(&name);
                    let help = checker
                        .weapon_slip(
                            &name,
                            ["primary", "secondary"]
                                .into_iter()
                                .chain(printed.iter().map(String::as_str)),
                        )
                        .or_else(|| {
                            (!is_card).then(|| {
                                crate::suggest::did_you_mean(
                                    &name,
                                    checker
                                        .bundle
                                        .tactics
                                        .iter()
                                        .filter(|tactic| tactic.weapon.is_some())
                                        .map(|tactic| tactic.name.as_str()),
                                )
                                .unwrap_or_else(|| {
                                    "a weapon is `primary`, `secondary` (`secondary-2` for the second), a weapon a power grants, or an additional weapon card by name".to_owned()
                                })
                            })
                        });
                    if let Some(help) = help {
                        checker.report(
                            Code::UnknownReference,
                            pointer,
                            format!("no weapon named `{name}`"),
                            "unknown weapon",
                            Some(help),
                        );
                        return None;
                    }
                    let tactic = checker.tactic(&name, pointer)?;
                    named(checker.bundle.tactics[tactic].id.clone())
                }
            }
        }
        EventField::Tile => pattern
            .tile
            .map(|tile| EventValue::Text(tile.name().to_owned())),
        EventField::Obstacle => pattern
            .obstacle
            .map(|obstacle| EventValue::Text(obstacle.name().to_owned())),
        EventField::At => pattern.at.map(EventValue::Hex),
        EventField::Phase => pattern
            .phase
            .map(|phase| EventValue::Text(phase.name().to_owned())),
        EventField::Cell => pattern
            .cell
            .map(|cell| EventValue::Text(cell.name().to_owned())),
        EventField::How => pattern
            .how
            .map(|how| EventValue::Text(how.name().to_owned())),
        EventField::Missed => pattern.missed.map(EventValue::Flag),
        EventField::Letter => {
            let letter = text(&pattern.letter);
            let mut chars = letter.chars();
            let letters = checker.context.rules.letter_die;
            let last = super::last_letter(letters);
            match (chars.next(), chars.next()) {
                (Some(first), None)
                    if first.is_ascii_alphabetic()
                        && ('A'..=last).contains(&first.to_ascii_uppercase()) =>
                {
                    named(first.to_ascii_uppercase().to_string())
                }
                _ => {
                    checker.report(
                        CODE,
                        pointer,
                        format!(
                            "`{letter}` is not a letter of the letter die, which runs A to {last}"
                        ),
                        format!("expected one letter, A to {last}"),
                        Some("write the letter alone, such as `letter = \"D\"`".to_owned()),
                    );
                    None
                }
            }
        }
        EventField::Winner => {
            let name = text(&pattern.winner);
            if name == "draw" {
                return named(name);
            }
            let team = checker.team(&name, pointer)?;
            named(checker.teams[team].clone())
        }
        EventField::Rule => {
            let name = checker.rule(&text(&pattern.rule), pointer)?;
            named(name)
        }
        EventField::Round => number(pattern.round),
        EventField::Roll => number(pattern.roll),
        EventField::Row => number(pattern.row),
        EventField::Number => {
            let faces = checker.context.rules.number_die;
            match pattern.number {
                Some(rolled) if !(1..=faces).contains(&rolled) => {
                    checker.report(
                        CODE,
                        pointer,
                        format!("the number die runs 1 to {faces}, not {rolled}"),
                        format!("expected 1 to {faces}"),
                        None,
                    );
                    None
                }
                rolled => number(rolled),
            }
        }
        EventField::Amount => number(pattern.amount),
        EventField::Energy => number(pattern.energy),
        EventField::Damage => number(pattern.damage),
        EventField::ShieldsRemoved => number(pattern.shields_removed),
        EventField::HullAdded => number(pattern.hull_added),
        EventField::HullDamage => number(pattern.hull_damage),
        EventField::Points => number(pattern.points),
        EventField::Total => number(pattern.total),
    }
}
