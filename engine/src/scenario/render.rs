//! The engine's ids, actions and events in the scenario's words: seats and
//! teams by name, ship cards and tactic cards by id, a ship of a squadron
//! as `card#2`, hexes as `[column, row]`. Events become the same
//! [`EventValue`]s the validator resolves a pattern's fields to, so
//! matching is plain equality, and failures read like the file.

use std::fmt::Write as _;

use spacedock_schema::common::{Size, ordinal};
use spacedock_schema::rules::DiscoveryTile;
use spacedock_schema::scenario::checked::EventValue;
use spacedock_schema::scenario::{Cell as CellName, EventField, EventKind, WinHow};

use crate::action::{Action, Target};
use crate::board::Pos;
use crate::event::{Cell, EffectSource, Event};
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId, TeamId};
use crate::outcome::{Outcome, WinKind};
use crate::question::{About, Answer, Question};
use crate::state::{Stage, TurnPhase, WeaponRef};

pub(crate) fn player(game: &Game, player: PlayerId) -> String {
    game.player_name(player).to_owned()
}

pub(super) fn team(game: &Game, team: TeamId) -> String {
    game.team_name(team).to_owned()
}

pub(super) fn tactic(game: &Game, tactic: TacticId) -> String {
    game.tactic(tactic).card.to_owned()
}

/// A ship: its card's id, with `#n` (from 1) in a squadron.
pub(super) fn ship(game: &Game, ship: ShipId) -> String {
    let card = game.ship(ship).card;
    let ships: Vec<ShipId> = game.card_ships(card).collect();
    let index = ships.iter().position(|&other| other == ship).unwrap_or(0);
    if ships.len() > 1 {
        format!("{}#{}", card_name(game, card), index + 1)
    } else {
        card_name(game, card)
    }
}

/// A ship card: its id.
pub(super) fn card_name(game: &Game, id: ShipCardId) -> String {
    game.card(id).ship.to_owned()
}

pub(super) fn hex(game: &Game, pos: Pos) -> [u32; 2] {
    game.coord(pos.at)
}

/// The `at` of a ship's `placed` or `stepped` event: a small ship's hex,
/// a large ship's centre, and each end of a medium ship's base, the end
/// at `pos` (the leading one, for a step) first. The engine keeps no
/// front for a medium ship (the rules give it none: it moves leading with
/// either end), so either end matches, as a ship expectation's `at`
/// does: the front end a `launch` or `warp` step gives among them.
fn ends(game: &Game, ship: ShipId, pos: Pos) -> Vec<(EventField, EventValue)> {
    let mut hexes = vec![(EventField::At, EventValue::Hex(hex(game, pos)))];
    if game.data.size_of(ship) == Size::Medium
        && let Some(other) = game.data.board.neighbour(pos.at, pos.dir)
    {
        hexes.push((EventField::At, EventValue::Hex(game.coord(other))));
    }
    hexes
}

pub(super) fn coordinate([column, row]: [u32; 2]) -> String {
    format!("[{column}, {row}]")
}

pub(super) fn weapon(game: &Game, weapon: WeaponRef) -> String {
    match weapon {
        WeaponRef::Primary => "primary".to_owned(),
        WeaponRef::Secondary(0) => "secondary".to_owned(),
        WeaponRef::Secondary(index) => format!("secondary-{}", u32::from(index) + 1),
        WeaponRef::Additional(card) => tactic(game, card),
        WeaponRef::Extra(index) => game
            .data
            .powers
            .extra_weapons
            .get(usize::from(index))
            .map_or_else(|| format!("extra-{index}"), |(name, _)| name.clone()),
    }
}

pub(super) fn phase_name(phase: TurnPhase) -> &'static str {
    match phase {
        TurnPhase::Energy => "energy",
        TurnPhase::Deploy => "deploy",
        TurnPhase::Action => "action",
    }
}

pub(super) fn how(kind: WinKind) -> WinHow {
    match kind {
        WinKind::DestroyAll => WinHow::DestroyAll,
        WinKind::VictoryPoints => WinHow::VictoryPoints,
        WinKind::Alternative => WinHow::Alternative,
        WinKind::VictoryClock => WinHow::VictoryClock,
    }
}

/// The letter of a letter-die face (1 = A).
pub(super) fn letter(face: u32) -> String {
    char::from_u32(u32::from('A') + face.saturating_sub(1))
        .map_or_else(|| face.to_string(), |letter| letter.to_string())
}

fn tile(tile: DiscoveryTile) -> &'static str {
    tile.name()
}

fn cell(cell: Cell) -> CellName {
    match cell {
        Cell::Miss => CellName::Miss,
        Cell::Hit => CellName::Hit,
        Cell::Critical => CellName::Critical,
    }
}

/// The player who draws from deck number `deck`.
fn deck_owner(game: &Game, deck: u8) -> String {
    let first = game.data.decks[usize::from(deck)].players[0];
    player(game, first)
}

/// Whose power an [`EffectSource`] is, as a pattern names it: the ship
/// card, the tactic card, or the special rule; nothing for an edit.
fn source_field(game: &Game, source: EffectSource) -> Option<(EventField, EventValue)> {
    let text = EventValue::Text;
    match source {
        EffectSource::ShipPower { card, .. } => {
            Some((EventField::Ship, text(card_name(game, card))))
        }
        EffectSource::CardPower { card, .. } | EffectSource::Card { card } => {
            Some((EventField::Card, text(tactic(game, card))))
        }
        EffectSource::Rule { rule } => Some((EventField::Rule, text(rule_name(game, rule)))),
        EffectSource::Edit => None,
    }
}

/// A special rule of the mission, by name.
fn rule_name(game: &Game, rule: u16) -> String {
    game.mission()
        .special_rules
        .get(usize::from(rule))
        .map_or_else(|| format!("rule {rule}"), |rule| rule.name.clone())
}

/// An event as its kind and its fields, each as a pattern would name it.
pub(super) type Rendered = (EventKind, Vec<(EventField, EventValue)>);

/// An event as its kind and fields.
pub(crate) fn event(game: &Game, event: &Event) -> Rendered {
    use EventField as F;
    let text = |text: String| EventValue::Text(text);
    let number = |number: i64| EventValue::Number(number);
    let (kind, fields): (EventKind, Vec<(EventField, EventValue)>) = match event {
        Event::FirstPlayerRoll { player: p, roll } => (
            EventKind::FirstPlayerRoll,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Roll, number(i64::from(*roll))),
            ],
        ),
        Event::FirstPlayer { player: p } => (
            EventKind::FirstPlayer,
            vec![(F::Player, text(player(game, *p)))],
        ),
        Event::TurnStarted { player: p, round } => (
            EventKind::TurnStarted,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Round, number(i64::from(*round))),
            ],
        ),
        Event::PhaseStarted { player: p, phase } => (
            EventKind::PhaseStarted,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Phase, text(phase_name(*phase).to_owned())),
            ],
        ),
        Event::EnergyGained {
            player: p,
            amount,
            energy,
        } => (
            EventKind::EnergyGained,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Amount, number(i64::from(*amount))),
                (F::Energy, number(i64::from(*energy))),
            ],
        ),
        Event::EnergySpent {
            player: p,
            amount,
            energy,
        } => (
            EventKind::EnergySpent,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Amount, number(i64::from(*amount))),
                (F::Energy, number(i64::from(*energy))),
            ],
        ),
        Event::CardDrawn { player: p, card } => (
            EventKind::CardDrawn,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Card, text(tactic(game, *card))),
            ],
        ),
        Event::DeckReshuffled { deck } => (
            EventKind::DeckReshuffled,
            vec![(F::Player, text(deck_owner(game, *deck)))],
        ),
        Event::DeckOut { deck } => (
            EventKind::DeckOut,
            vec![(F::Player, text(deck_owner(game, *deck)))],
        ),
        Event::Discarded { player: p, card } => (
            EventKind::Discarded,
            vec![
                (F::Player, text(player(game, *p))),
                (F::Card, text(tactic(game, *card))),
            ],
        ),
        Event::CardGiven { from, to, card } => (
            EventKind::CardGiven,
            vec![
                (F::Player, text(player(game, *from))),
                (F::To, text(player(game, *to))),
                (F::Card, text(tactic(game, *card))),
            ],
        ),
        Event::CardPlayed {
            player: p,
            card,
            target,
        } => {
            let mut fields = vec![
                (F::Player, text(player(game, *p))),
                (F::Card, text(tactic(game, *card))),
            ];
            // A replacing card goes on the ship of the card it replaces:
            // where it is attached now, the old card gone.
            let on = match target {
                Target::Card(on) => Some(*on),
                Target::Replace(_) => match game.st.tactics[card.index()].place {
                    crate::state::TacticPlace::Attached(on) => Some(on),
                    _ => None,
                },
                Target::None => None,
            };
            if let Some(on) = on {
                fields.push((F::Ship, text(card_name(game, on))));
            }
            (EventKind::CardPlayed, fields)
        }
        Event::Attached { card, to } => (
            EventKind::Attached,
            vec![
                (F::Card, text(tactic(game, *card))),
                (F::Ship, text(card_name(game, *to))),
            ],
        ),
        Event::Launched { card } => (
            EventKind::Launched,
            vec![(F::Ship, text(card_name(game, *card)))],
        ),
        Event::Placed { ship: s, pos } => (
            EventKind::Placed,
            std::iter::once((F::Ship, text(ship(game, *s))))
                .chain(ends(game, *s, *pos))
                .collect(),
        ),
        Event::Loaded { carrier, card } => (
            EventKind::Loaded,
            vec![
                (F::Ship, text(card_name(game, *carrier))),
                (F::Card, text(card_name(game, *card))),
            ],
        ),
        Event::Activated { card } => (
            EventKind::Activated,
            vec![(F::Ship, text(card_name(game, *card)))],
        ),
        Event::Stepped { ship: s, pos } => (
            EventKind::Stepped,
            std::iter::once((F::Ship, text(ship(game, *s))))
                .chain(ends(game, *s, *pos))
                .collect(),
        ),
        Event::MoveEnded { ship: s } => {
            (EventKind::MoveEnded, vec![(F::Ship, text(ship(game, *s)))])
        }
        Event::TileFlipped { tile: t, pos } => (
            EventKind::TileFlipped,
            vec![
                (F::Tile, text(tile(*t).to_owned())),
                (F::At, EventValue::Hex(hex(game, *pos))),
            ],
        ),
        // Each hex it covers is an `at`, as an answer names the obstacle
        // by any of them.
        Event::ObstacleMoved { kind, hexes, .. } => (
            EventKind::ObstacleMoved,
            std::iter::once((F::Obstacle, text(kind.name().to_owned())))
                .chain(
                    hexes
                        .iter()
                        .map(|&hex| (F::At, EventValue::Hex(game.coord(hex)))),
                )
                .collect(),
        ),
        Event::EcmRoll {
            ship: s,
            enemy,
            roll,
            damage,
        } => (
            EventKind::EcmRoll,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Enemy, text(ship(game, *enemy))),
                (F::Roll, number(i64::from(*roll))),
                (F::Damage, number(i64::from(*damage))),
            ],
        ),
        Event::DebrisRoll {
            ship: s,
            roll,
            damage,
        } => (
            EventKind::DebrisRoll,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Roll, number(i64::from(*roll))),
                (F::Damage, number(i64::from(*damage))),
            ],
        ),
        Event::Charged { ship: s, weapon: w } => (
            EventKind::Charged,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Weapon, text(weapon(game, *w))),
            ],
        ),
        Event::AttackRoll {
            ship: s,
            target,
            letter: l,
            number: n,
            cell: c,
        } => (
            EventKind::AttackRoll,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Target, text(ship(game, *target))),
                (F::Letter, text(letter(*l))),
                (F::Number, number(i64::from(*n))),
                (F::Cell, text(cell(*c).name().to_owned())),
            ],
        ),
        Event::AsteroidCover {
            target,
            roll,
            missed,
        } => (
            EventKind::AsteroidCover,
            vec![
                (F::Target, text(ship(game, *target))),
                (F::Roll, number(i64::from(*roll))),
                (F::Missed, EventValue::Flag(*missed)),
            ],
        ),
        Event::Damaged {
            ship: s,
            shields_removed,
            hull_added,
        } => (
            EventKind::Damaged,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::ShieldsRemoved, number(i64::from(*shields_removed))),
                (F::HullAdded, number(i64::from(*hull_added))),
            ],
        ),
        Event::ShieldsAdded { ship: s, amount } => (
            EventKind::ShieldsAdded,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Amount, number(i64::from(*amount))),
            ],
        ),
        Event::ShieldsRemoved { ship: s, amount } => (
            EventKind::ShieldsRemoved,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Amount, number(i64::from(*amount))),
            ],
        ),
        Event::Survived {
            ship: s,
            hull_damage,
        } => (
            EventKind::Survived,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::HullDamage, number(i64::from(*hull_damage))),
            ],
        ),
        Event::HullRepaired { ship: s, amount } => (
            EventKind::HullRepaired,
            vec![
                (F::Ship, text(ship(game, *s))),
                (F::Amount, number(i64::from(*amount))),
            ],
        ),
        Event::Destroyed { ship: s } => {
            (EventKind::Destroyed, vec![(F::Ship, text(ship(game, *s)))])
        }
        Event::CardOutOfPlay { card } => (
            EventKind::CardOutOfPlay,
            vec![(F::Ship, text(card_name(game, *card)))],
        ),
        Event::ControlTaken { card, by } => (
            EventKind::ControlTaken,
            vec![
                (F::Ship, text(card_name(game, *card))),
                (F::Player, text(player(game, *by))),
            ],
        ),
        Event::PowerActed { source, player: p } => {
            let mut fields = vec![(F::Player, text(player(game, *p)))];
            fields.extend(source_field(game, *source));
            (EventKind::PowerActed, fields)
        }
        Event::PowerRoll {
            source,
            player: p,
            roll,
            row,
        } => {
            let mut fields = vec![(F::Player, text(player(game, *p)))];
            fields.extend(source_field(game, *source));
            fields.push((F::Roll, number(i64::from(*roll))));
            if let Some(row) = row {
                fields.push((F::Row, number(i64::from(*row) + 1)));
            }
            (EventKind::PowerRoll, fields)
        }
        Event::VictoryPoints {
            team: t,
            points,
            total,
            source,
            player: p,
        } => {
            let mut fields = vec![(F::Team, text(team(game, *t)))];
            if let Some(p) = p {
                fields.push((F::Player, text(player(game, *p))));
            }
            fields.extend(source_field(game, *source));
            fields.push((F::Points, number(i64::from(*points))));
            fields.push((F::Total, number(i64::from(*total))));
            (EventKind::VictoryPoints, fields)
        }
        Event::GameOver { outcome } => {
            let (winner, kind) = match outcome {
                Outcome::Win { team: t, how: kind } => (team(game, *t), *kind),
                Outcome::Draw { how: kind } => ("draw".to_owned(), *kind),
            };
            (
                EventKind::GameOver,
                vec![
                    (F::Winner, text(winner)),
                    (F::How, text(how(kind).name().to_owned())),
                ],
            )
        }
    };
    // The validator checks a pattern's keys against `fields()`: an event
    // rendered with another key could never be matched.
    debug_assert!(
        fields
            .iter()
            .all(|(field, _)| kind.fields().contains(field)),
        "{kind:?} renders a field its kind does not list"
    );
    (kind, fields)
}

/// An event as the scenario would write its pattern:
/// `attack-roll { ship = "isn-everest", letter = "D", ... }`.
pub(crate) fn event_text(kind: EventKind, fields: &[(EventField, EventValue)]) -> String {
    // A field given more than once (an obstacle's hexes, any of which
    // matches) shows its values together: `at = [11, 7] or [12, 7]`.
    let mut shown: Vec<(EventField, String)> = Vec::new();
    for (field, value) in fields {
        match shown.iter_mut().find(|(seen, _)| seen == field) {
            Some((_, text)) => {
                let _ = write!(text, " or {value}");
            }
            None => shown.push((*field, value.to_string())),
        }
    }
    let fields: Vec<String> = shown
        .iter()
        .map(|(field, text)| format!("{} = {text}", field.key()))
        .collect();
    if fields.is_empty() {
        kind.name().to_owned()
    } else {
        format!("{} {{ {} }}", kind.name(), fields.join(", "))
    }
}

/// Where a ship of `card` goes, as a scenario writes it: `at [8, 6]`, or
/// both ends of a medium ship's base (either may be a scenario's `at`).
fn placement(game: &Game, card: Option<ShipCardId>, hex: Hex, dir: u8) -> String {
    let medium = card.is_some_and(|card| game.data.card(card).size == Size::Medium);
    match game.data.board.neighbour(hex, dir) {
        Some(other) if medium => format!(
            "with its ends at {} and {}",
            coordinate(game.coord(hex)),
            coordinate(game.coord(other))
        ),
        _ => format!("at {}", coordinate(game.coord(hex))),
    }
}

/// The names of the directions of a step, by its `dir` (modulo 6).
const DIRECTIONS: [&str; 6] = ["e", "ne", "nw", "w", "sw", "se"];

/// Legal actions in words, for a step the engine refused: one ship's
/// steps as one entry (`move chosh-ka e/ne/se`, and those leading with
/// the back as another), so that the list stays short enough to show
/// every other action.
pub(super) fn actions(game: &Game, actions: &[Action]) -> Vec<String> {
    let mut shown: Vec<String> = Vec::new();
    // Where each ship's steps (by ship and lead) are listed in `shown`.
    let mut moves: Vec<((ShipId, bool), usize)> = Vec::new();
    for &action in actions {
        let Action::Step { ship: s, dir } = action else {
            shown.push(self::action(game, action));
            continue;
        };
        let key = (s, dir >= 6);
        let name = DIRECTIONS[usize::from(dir % 6)];
        if let Some(&(_, at)) = moves.iter().find(|(listed, _)| *listed == key) {
            shown[at].push('/');
            shown[at].push_str(name);
        } else {
            moves.push((key, shown.len()));
            shown.push(format!("move {} {name}", ship(game, s)));
        }
    }
    for ((_, back), at) in moves {
        if back {
            shown[at].push_str(" leading with its back");
        }
    }
    shown
}

/// An action in words, for a step the engine refused.
pub(crate) fn action(game: &Game, action: Action) -> String {
    match action {
        Action::ChooseFirstPlayer(p) => format!("choose-first {}", player(game, p)),
        Action::Place { hex, dir } => {
            let card = match game.st.stage {
                Stage::Placing { card, .. } => Some(card),
                _ => None,
            };
            format!("place {}", placement(game, card, hex, dir))
        }
        Action::Load(c) => format!("load {}", card_name(game, c)),
        Action::EndLoad => "end-load".to_owned(),
        Action::DiscardForEnergy(t) => format!("discard {}", tactic(game, t)),
        Action::GiveCard { card: t, to } => {
            format!("give {} to {}", tactic(game, t), player(game, to))
        }
        Action::DrawExtra => "draw-extra".to_owned(),
        Action::Launch(c) => format!("launch {}", card_name(game, c)),
        Action::PlayCard { card: t, target } => match target {
            Target::None => format!("play {}", tactic(game, t)),
            Target::Card(c) => format!("play {} on {}", tactic(game, t), card_name(game, c)),
            Target::Replace(old) => {
                format!("play {} replacing {}", tactic(game, t), tactic(game, old))
            }
        },
        Action::Activate(c) => format!("activate {}", card_name(game, c)),
        Action::Step { ship: s, dir } => {
            let lead = if dir >= 6 {
                " leading with its back"
            } else {
                ""
            };
            format!(
                "move {} {}{lead}",
                ship(game, s),
                DIRECTIONS[usize::from(dir % 6)]
            )
        }
        Action::EndMove => "end the move".to_owned(),
        Action::Warp(s) => format!("warp {}", ship(game, s)),
        Action::Charge { ship: s, weapon: w } => {
            format!("charge {} {}", ship(game, s), weapon(game, w))
        }
        Action::Attack { ship: s, target } => {
            format!("attack {} -> {}", ship(game, s), ship(game, target))
        }
        Action::EndWeapon => "end-weapon".to_owned(),
        Action::EndActivation => "end-activation".to_owned(),
        Action::EndPhase => "end-phase".to_owned(),
        Action::UsePower { power, source } => {
            format!("use {}", power_name(game, power, source))
        }
        Action::Answer(answer) => format!("answer with {}", self::answer(game, answer)),
    }
}

/// A question in words: who is asked what, and the answers they have.
pub(super) fn question(game: &Game, question: &Question) -> String {
    let what = match question.about {
        About::OptionalPower { power, source } => {
            format!("whether to use {}", power_name(game, power, source))
        }
        About::Choose => "which option to choose".to_owned(),
        About::Reaction { card } => format!("whether to play {}", tactic(game, card)),
        About::MoveShip {
            ship: s,
            spaces_left,
        } => {
            format!(
                "where {} moves (up to {})",
                ship(game, s),
                crate::count_of(spaces_left, "space")
            )
        }
        About::PickObstacle => "which obstacle moves next".to_owned(),
        About::MoveObstacle { spaces_left, .. } => {
            format!(
                "where the obstacle moves (up to {})",
                crate::count_of(spaces_left, "space")
            )
        }
        About::Ram { .. } => "which ship the obstacle rams".to_owned(),
        About::Launch { card } => format!("where {} is placed", card_name(game, card)),
        About::Discard => "which card to discard".to_owned(),
        About::DrawFrom => "whether to draw from the other deck".to_owned(),
        About::Keep { left } => format!("which card to keep ({left} to keep)"),
        About::DiscardHero { hero } => {
            format!("which ship's {} to discard", tactic(game, hero))
        }
        About::PutOnBottom { left } => {
            format!("which card to put on the bottom of the deck next ({left} left)")
        }
    };
    let answers: Vec<String> = question
        .options
        .iter()
        .map(|option| self::answer(game, *option))
        .collect();
    format!(
        "`{}` is asked {what} (answers: {})",
        game.player_name(question.player),
        answers.join(", ")
    )
}

/// A compiled power by what it belongs to, acting from `source` (the
/// ship card, the copy of a tactic card or the seat): a ship card's power
/// by its name, as a `use-power` step's `power` names it (`the power
/// `Loop` of isn-vanguard`); a tactic card's (its powers have no names)
/// by its place when the card has several, and the ship its copy is
/// attached to (`the second power of `wing-leader` on isn-lancer`); a
/// special rule by its name.
fn power_name(game: &Game, power: u16, source: u16) -> String {
    use crate::effects::program::Source;
    let compiled = game.data.powers.powers.get(usize::from(power));
    match compiled.map(|p| (&p.source, usize::from(p.place))) {
        Some((Source::Ship(card), place)) => {
            let data = game.data.card(*card);
            let version = &game.data.bundle.ships[data.ship].versions[data.version];
            match version.powers.get(place) {
                Some(power) => format!("the power `{}` of {}", power.name, card_name(game, *card)),
                None => format!("the power of {}", card_name(game, *card)),
            }
        }
        Some((Source::Card(kind), place)) => {
            let tactic = &game.data.bundle.tactics[usize::from(*kind)];
            let which = match tactic.powers.len() {
                0 | 1 => String::new(),
                _ => format!("{} ", ordinal(place as u64 + 1)),
            };
            let on = crate::effects::eval::attached_to(game, TacticId(source))
                .map(|card| format!(" on {}", card_name(game, card)))
                .unwrap_or_default();
            format!("the {which}power of `{}`{on}", tactic.id)
        }
        Some((Source::Rule(_), place)) => {
            format!("the special rule `{}`", rule_name(game, place as u16))
        }
        None => "a power".to_owned(),
    }
}

/// An answer as a scenario's `answer` step writes it, its keys joined by
/// "and": `answer = "yes"`, `option = 2`, `ship = "isn-torrent"`,
/// `path = ["ne"] and lead = [7, 9]`, `at = [8, 6] and facing = "w"`.
pub(super) fn answer(game: &Game, answer: Answer) -> String {
    let names = ["e", "ne", "nw", "w", "sw", "se"];
    match answer {
        Answer::Yes => "answer = \"yes\"".to_owned(),
        Answer::No => "answer = \"no\"".to_owned(),
        Answer::Stop => "answer = \"stop\"".to_owned(),
        Answer::Option(index) => format!("option = {}", u32::from(index) + 1),
        Answer::Play(Target::None) => "answer = \"play\"".to_owned(),
        Answer::Play(Target::Card(c)) => format!("ship = \"{}\"", card_name(game, c)),
        // No step gives it: a reaction is an event, played on a ship card.
        Answer::Play(Target::Replace(t)) => format!("play replacing {}", tactic(game, t)),
        // A medium ship's steps 6 to 11 lead with the end away from its
        // position: the step names that end with `lead`, unless it leads
        // without (it moves away from the other end).
        Answer::Step(dir) if dir >= 6 => {
            let way = dir % 6;
            let path = format!("path = [\"{}\"]", names[usize::from(way)]);
            let board = &game.data.board;
            let ends = game.question().and_then(|question| match question.about {
                About::MoveShip { ship: s, .. } => game
                    .ship(s)
                    .pos
                    .and_then(|pos| board.neighbour(pos.at, pos.dir).map(|back| (pos.at, back))),
                _ => None,
            });
            match ends {
                Some((at, back)) if board.neighbour(at, way) == Some(back) => path,
                Some((_, back)) => format!("{path} and lead = {}", coordinate(game.coord(back))),
                None => format!("{path} (the back end leading)"),
            }
        }
        Answer::Step(dir) => format!("path = [\"{}\"]", names[usize::from(dir % 6)]),
        Answer::Place { hex, dir } => {
            let medium = game
                .question()
                .is_some_and(|question| match question.about {
                    About::Launch { card } => game.data.card(card).size == Size::Medium,
                    _ => false,
                });
            let at = format!("at = {}", coordinate(game.coord(hex)));
            if medium {
                // The other end lies `dir` from `hex`: `hex` is the front
                // end, facing the other way.
                format!(
                    "{at} and facing = \"{}\"",
                    names[usize::from((dir + 3) % 6)]
                )
            } else {
                at
            }
        }
        Answer::Card(t) => format!("card = \"{}\"", tactic(game, t)),
        Answer::Obstacle(index) => match game.obstacles().nth(usize::from(index)) {
            Some((_, hexes)) if !hexes.is_empty() => {
                format!("at = {}", coordinate(game.coord(hexes[0])))
            }
            _ => format!("obstacle {index}"),
        },
        Answer::Ship(s) => format!("ship = \"{}\"", ship(game, s)),
    }
}
