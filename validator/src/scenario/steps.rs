//! A scenario's steps: each `do` with the keys it takes (and only those),
//! its references resolved, its forced die results read and range-checked,
//! and its own expectations.

use spacedock_schema::scenario::checked::{
    AnswerGiven, Placement, PlayTarget, PowerSource, Step, StepAction,
};
use spacedock_schema::scenario::{DamageKind, Die, DieRoll, ForcedDie, StepKind, StepSource};

use super::{Checker, expect, quoted};
use crate::codes::Code;
use crate::suggest::did_you_mean;

const CODE: Code = Code::InvalidStep;

/// What wants a whole ship card where a step names one ship.
const STEP_TAKES: &str = "this step takes";

/// How an `answer` step may answer.
const ANSWER_HELP: &str = "give one of `answer` (yes, no, stop, play), `option`, `path`, `at` (with `facing`), `squadron`, `card` or `ship`";

pub(super) fn check(checker: &mut Checker<'_, '_>, steps: &[StepSource]) -> Option<Vec<Step>> {
    let mut checked = Vec::new();
    let mut ok = true;
    for (index, step) in steps.iter().enumerate() {
        match check_one(checker, step, &format!("/steps/{index}")) {
            Some(step) => checked.push(step),
            None => ok = false,
        }
    }
    ok.then_some(checked)
}

/// A `use-power` step: whose power, and which of theirs if it names one.
fn use_power(
    checker: &mut Checker<'_, '_>,
    step: &StepSource,
    pointer: &str,
) -> Option<StepAction> {
    let key = |name: &str| format!("{pointer}/{name}");
    let source = match (&step.ship, &step.card) {
        (Some(ship), None) => {
            PowerSource::Ship(checker.card(CODE, STEP_TAKES, ship, &key("ship"))?)
        }
        (None, Some(card)) => {
            let tactic = checker.tactic(card, &key("card"))?;
            PowerSource::Card(checker.bundle.tactics[tactic].id.clone())
        }
        (None, None) => PowerSource::Rule,
        (Some(_), Some(_)) => {
            checker.report(
                CODE,
                &key("card"),
                "`use-power` uses the power of one ship card (`ship`) or of one attached card (`card`)",
                "whose power?",
                Some("give `ship` or `card`, not both; neither for a mission's special rule".to_owned()),
            );
            return None;
        }
    };
    let Some(name) = &step.power else {
        return Some(StepAction::UsePower {
            source,
            power: None,
        });
    };
    let place = match &source {
        // Named as events name special rules: in any case.
        PowerSource::Rule => {
            let rule = checker.rule(name, &key("power"))?;
            let place = checker.rules.iter().position(|known| *known == rule);
            place.map(|place| (place, rule))
        }
        PowerSource::Ship(card) => {
            let fielded = checker.ships[*card].clone()?;
            let version = &checker.bundle.ships[fielded.ship].versions[fielded.version];
            let names: Vec<&str> = version
                .powers
                .iter()
                .map(|power| power.name.as_str())
                .collect();
            let place = names
                .iter()
                .position(|known| known.eq_ignore_ascii_case(name));
            let Some(place) = place else {
                let help = did_you_mean(name, names.iter().copied()).or_else(|| {
                    Some(if names.is_empty() {
                        format!("`{}` has no powers", fielded.name)
                    } else {
                        format!("its powers: {}", quoted(&names))
                    })
                });
                checker.report(
                    Code::UnknownReference,
                    &key("power"),
                    format!("`{}` has no power named `{name}`", fielded.name),
                    "unknown power",
                    help,
                );
                return None;
            };
            Some((place, names[place].to_owned()))
        }
        PowerSource::Card(id) => {
            checker.report(
                CODE,
                &key("power"),
                format!("the powers of a tactic card have no names: `power` picks a power of a ship card or a special rule, not one of `{id}`'s"),
                "not a ship card's power",
                Some("leave `power` out: the card's first power that can be used now is used".to_owned()),
            );
            None
        }
    }?;
    Some(StepAction::UsePower {
        source,
        power: Some(place),
    })
}

/// The parameter keys a step gives.
fn given(step: &StepSource) -> Vec<&'static str> {
    [
        ("player", step.player.is_some()),
        ("ship", step.ship.is_some()),
        ("target", step.target.is_some()),
        ("weapon", step.weapon.is_some()),
        ("card", step.card.is_some()),
        ("replace", step.replace.is_some()),
        ("path", !step.path.is_empty()),
        ("lead", step.lead.is_some()),
        ("at", step.at.is_some()),
        ("facing", step.facing.is_some()),
        ("squadron", !step.squadron.is_empty()),
        ("load", !step.load.is_empty()),
        ("amount", step.amount.is_some()),
        ("damage", step.damage.is_some()),
        ("damage_type", step.damage_type.is_some()),
        ("answer", step.answer.is_some()),
        ("option", step.option.is_some()),
        ("power", step.power.is_some()),
    ]
    .into_iter()
    .filter_map(|(key, present)| present.then_some(key))
    .collect()
}

/// Every key the step needs is there, and no key it does not take.
fn parameters(checker: &mut Checker<'_, '_>, step: &StepSource, pointer: &str) -> bool {
    let (required, optional) = step.kind.parameters();
    let given = given(step);
    let mut ok = true;
    for key in &given {
        if !required.contains(key) && !optional.contains(key) {
            let takes: Vec<&str> = required.iter().chain(optional).copied().collect();
            let location = checker.key_at(&format!("{pointer}/{key}"));
            checker.diagnostics.push(
                crate::diagnostic::Diagnostic::new(
                    CODE,
                    format!("`{}` takes no `{key}`", step.kind.name()),
                )
                .at(location)
                .label("not a parameter of this step")
                .help(if takes.is_empty() {
                    format!("`{}` takes no parameters", step.kind.name())
                } else {
                    format!("`{}` takes {}", step.kind.name(), quoted(&takes))
                }),
            );
            ok = false;
        }
    }
    for key in required {
        if !given.contains(key) {
            checker.report(
                CODE,
                &format!("{pointer}/do"),
                format!("`{}` needs `{key}`", step.kind.name()),
                format!("no `{key}`"),
                None,
            );
            ok = false;
        }
    }
    ok
}

fn check_one(checker: &mut Checker<'_, '_>, step: &StepSource, pointer: &str) -> Option<Step> {
    let parameters_ok = parameters(checker, step, pointer);
    let forced = dice(checker, &step.dice, pointer);
    let dice = &step.dice;
    if step.illegal && step.kind == StepKind::Damage {
        checker.report(
            CODE,
            &format!("{pointer}/illegal"),
            "a `damage` step changes the game outside the flow of play: the rules never refuse it",
            "never illegal",
            None,
        );
        return None;
    }
    if step.illegal && !step.dice.is_empty() {
        // A refused step rolls nothing: its dice could only mislead.
        checker.report(
            CODE,
            &format!("{pointer}/dice"),
            "an illegal step is refused before it rolls: its `dice` are never rolled",
            "never rolled",
            Some("remove `dice`, or `illegal` if the step should be played".to_owned()),
        );
        return None;
    }
    let action = if parameters_ok {
        action(checker, step, pointer)
    } else {
        None
    };
    let expect = match &step.expect {
        Some(expect) => Some(expect::check(
            checker,
            expect,
            &format!("{pointer}/expect"),
        )?),
        None => None,
    };
    Some(Step {
        pointer: pointer.to_owned(),
        action: action?,
        dice_entries: dice
            .iter()
            .enumerate()
            .flat_map(|(entry, roll)| {
                let count = roll.faces().map_or(0, |faces| faces.len());
                std::iter::repeat_n(entry, count)
            })
            .collect(),
        dice: forced?,
        illegal: step.illegal,
        expect,
    })
}

/// The die results, each with the die it will be rolled on and its face.
fn dice(checker: &mut Checker<'_, '_>, dice: &[DieRoll], pointer: &str) -> Option<Vec<ForcedDie>> {
    let (letters, numbers) = (
        checker.context.rules.letter_die,
        checker.context.rules.number_die,
    );
    let mut forced = Vec::new();
    let mut ok = true;
    for (index, roll) in dice.iter().enumerate() {
        let roll_pointer = format!("{pointer}/dice/{index}");
        let Some(rolled) = roll.faces() else {
            checker.report(
                CODE,
                &roll_pointer,
                "not a die result",
                "expected a number, a letter, or a letter and a number",
                Some(
                    "write `5` for the number die, `\"D\"` for the letter die, `\"D4\"` (or `\"D-4\"`) for the coordinate dice"
                        .to_owned(),
                ),
            );
            ok = false;
            continue;
        };
        let in_range = rolled.iter().all(|die| match die.die {
            Die::Letter => (1..=letters).contains(&die.face),
            Die::Number => (1..=numbers).contains(&die.face),
        });
        if !in_range {
            let last_letter = super::last_letter(letters);
            checker.report(
                CODE,
                &roll_pointer,
                format!("no die shows this: the letter die runs A to {last_letter}, the number die 1 to {numbers}"),
                "out of range",
                None,
            );
            ok = false;
            continue;
        }
        forced.extend(rolled);
    }
    ok.then_some(forced)
}

fn action(checker: &mut Checker<'_, '_>, step: &StepSource, pointer: &str) -> Option<StepAction> {
    let key = |name: &str| format!("{pointer}/{name}");
    // `parameters` checked that the required keys are present.
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    Some(match step.kind {
        StepKind::ChooseFirst => StepAction::ChooseFirst {
            player: checker.seat(&text(&step.player), &key("player"))?,
        },
        StepKind::EndPhase => StepAction::EndPhase,
        StepKind::EndTurn => StepAction::EndTurn,
        StepKind::DrawExtra => StepAction::DrawExtra,
        StepKind::EndWeapon => StepAction::EndWeapon,
        StepKind::EndActivation => StepAction::EndActivation,
        StepKind::Discard => {
            let player = match &step.player {
                Some(player) => Some(checker.seat(player, &key("player"))?),
                None => None,
            };
            let card = checker.tactic(&text(&step.card), &key("card"))?;
            StepAction::Discard {
                player,
                card: checker.bundle.tactics[card].id.clone(),
            }
        }
        StepKind::Give => {
            let to = checker.seat(&text(&step.player), &key("player"));
            let card = checker.tactic(&text(&step.card), &key("card"))?;
            StepAction::Give {
                card: checker.bundle.tactics[card].id.clone(),
                to: to?,
            }
        }
        StepKind::Launch => launch(checker, step, pointer)?,
        StepKind::Activate => StepAction::Activate {
            card: checker.card(CODE, STEP_TAKES, &text(&step.ship), &key("ship"))?,
        },
        StepKind::Move => {
            let ship = checker.ship(CODE, &text(&step.ship), &key("ship"))?;
            if step.lead.is_some() && !checker.lead_fits(CODE, ship.card, pointer) {
                return None;
            }
            StepAction::Move {
                ship,
                path: step.path.clone(),
                lead: step.lead,
            }
        }
        StepKind::Warp => {
            let ship = checker.ship(CODE, &text(&step.ship), &key("ship"))?;
            let placement = Placement {
                at: step.at.unwrap_or_default(),
                facing: step.facing,
            };
            if !checker.facing_fits(CODE, ship.card, step.facing, pointer) {
                return None;
            }
            StepAction::Warp {
                ship,
                at: placement,
            }
        }
        StepKind::Charge => {
            let ship = checker.ship(CODE, &text(&step.ship), &key("ship"))?;
            let weapon = checker.weapon(CODE, ship.card, &text(&step.weapon), &key("weapon"))?;
            StepAction::Charge { ship, weapon }
        }
        StepKind::Attack => {
            let ship = checker.ship(CODE, &text(&step.ship), &key("ship"));
            let target = checker.ship(CODE, &text(&step.target), &key("target"));
            let ship = ship?;
            let weapon = match &step.weapon {
                Some(weapon) => Some(checker.weapon(CODE, ship.card, weapon, &key("weapon"))?),
                None => None,
            };
            StepAction::Attack {
                ship,
                target: target?,
                weapon,
            }
        }
        StepKind::Play => play(checker, step, pointer)?,
        StepKind::UsePower => use_power(checker, step, pointer)?,
        StepKind::Answer => answer(checker, step, pointer)?,
        StepKind::Damage => {
            let ship = checker.ship(CODE, &text(&step.ship), &key("ship"))?;
            if let Some(name) = &step.damage_type
                && !checker.context.rules.damage_types.contains(name)
            {
                let known: Vec<&str> = checker
                    .context
                    .rules
                    .damage_types
                    .iter()
                    .map(String::as_str)
                    .collect();
                checker.report(
                    Code::UnknownReference,
                    &key("damage_type"),
                    format!("the ruleset has no damage type `{name}`"),
                    "unknown damage type",
                    Some(
                        did_you_mean(name, known.iter().copied())
                            .unwrap_or_else(|| format!("its damage types: {}", quoted(&known))),
                    ),
                );
                return None;
            }
            StepAction::Damage {
                ship,
                amount: step.amount.unwrap_or_default(),
                damage: step.damage.unwrap_or(DamageKind::Direct),
                damage_type: step.damage_type.clone(),
            }
        }
    })
}

fn launch(checker: &mut Checker<'_, '_>, step: &StepSource, pointer: &str) -> Option<StepAction> {
    let card = checker.card(
        CODE,
        STEP_TAKES,
        step.ship.as_deref().unwrap_or_default(),
        &format!("{pointer}/ship"),
    )?;
    let fielded = checker.ships[card].clone()?;
    let mut ok = true;
    let placements = if fielded.ships == 1 {
        if !step.squadron.is_empty() {
            checker.report(
                CODE,
                &format!("{pointer}/squadron"),
                format!("`{}` is a solo ship", fielded.name),
                "not a squadron",
                Some("give its hex with `at`".to_owned()),
            );
            return None;
        }
        let Some(at) = step.at else {
            checker.report(
                CODE,
                &format!("{pointer}/do"),
                format!(
                    "launching `{}` needs `at`: where it is placed",
                    fielded.name
                ),
                "no `at`",
                None,
            );
            return None;
        };
        ok &= checker.facing_fits(CODE, card, step.facing, pointer);
        vec![Placement {
            at,
            facing: step.facing,
        }]
    } else {
        for (name, given) in [("at", step.at.is_some()), ("facing", step.facing.is_some())] {
            if given {
                checker.report(
                    CODE,
                    &format!("{pointer}/{name}"),
                    format!(
                        "`{}` is a squadron: each ship is placed under `squadron`",
                        fielded.name
                    ),
                    "a squadron",
                    Some(
                        "write `squadron = [{ at = [c, r] }, ...]`, one entry per ship".to_owned(),
                    ),
                );
                ok = false;
            }
        }
        if step.squadron.len() != fielded.ships {
            checker.report(
                CODE,
                &format!("{pointer}/squadron"),
                format!(
                    "`{}` has {} ships: place each of them, in order",
                    fielded.name, fielded.ships
                ),
                format!("{} placed", step.squadron.len()),
                None,
            );
            return None;
        }
        for (index, placement) in step.squadron.iter().enumerate() {
            ok &= checker.facing_fits(
                CODE,
                card,
                placement.facing,
                &format!("{pointer}/squadron/{index}"),
            );
        }
        step.squadron
            .iter()
            .map(|placement| Placement {
                at: placement.at,
                facing: placement.facing,
            })
            .collect()
    };
    let mut load = Vec::new();
    for (index, held) in step.load.iter().enumerate() {
        match checker.card(CODE, STEP_TAKES, held, &format!("{pointer}/load/{index}")) {
            Some(held) => load.push(held),
            None => ok = false,
        }
    }
    ok.then_some(StepAction::Launch {
        card,
        placements,
        load,
    })
}

fn play(checker: &mut Checker<'_, '_>, step: &StepSource, pointer: &str) -> Option<StepAction> {
    let tactic = checker.tactic(
        step.card.as_deref().unwrap_or_default(),
        &format!("{pointer}/card"),
    )?;
    // An event is played on no ship, unless it has a `target`: then on
    // the ship card it picks.
    let (id, name, event, attaches) = {
        let card = &checker.bundle.tactics[tactic];
        let is_event = card.kind == spacedock_schema::common::TacticType::Event;
        (
            card.id.clone(),
            card.name.clone(),
            is_event && card.target.is_none(),
            !is_event,
        )
    };
    let target = match (&step.ship, &step.replace) {
        (None, None) if event => PlayTarget::None,
        (None, _) => {
            checker.report(
                CODE,
                &format!("{pointer}/card"),
                if attaches {
                    format!("`{name}` attaches to a ship card: say which with `ship`")
                } else {
                    format!("`{name}` is played on a ship card: say which with `ship`")
                },
                "on which ship?",
                None,
            );
            return None;
        }
        (Some(_), _) if event => {
            checker.report(
                CODE,
                &format!("{pointer}/ship"),
                format!("`{name}` is an event: it is played on no ship"),
                "an event",
                Some("drop `ship`".to_owned()),
            );
            return None;
        }
        (Some(ship), None) => {
            PlayTarget::Card(checker.card(CODE, STEP_TAKES, ship, &format!("{pointer}/ship"))?)
        }
        (Some(ship), Some(old)) => {
            let card = checker.card(CODE, STEP_TAKES, ship, &format!("{pointer}/ship"));
            let old = checker.tactic(old, &format!("{pointer}/replace"));
            PlayTarget::Replace {
                card: card?,
                old: checker.bundle.tactics[old?].id.clone(),
            }
        }
    };
    Some(StepAction::Play { card: id, target })
}

/// An `answer` step: exactly one way of answering, its references resolved.
fn answer(checker: &mut Checker<'_, '_>, step: &StepSource, pointer: &str) -> Option<StepAction> {
    let key = |name: &str| format!("{pointer}/{name}");
    let ways: Vec<&str> = [
        ("answer", step.answer.is_some()),
        ("option", step.option.is_some()),
        ("path", !step.path.is_empty()),
        ("at", step.at.is_some()),
        ("squadron", !step.squadron.is_empty()),
        ("card", step.card.is_some()),
        ("ship", step.ship.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, given)| given.then_some(name))
    .collect();
    match ways.as_slice() {
        [] => {
            checker.report(
                CODE,
                &key("do"),
                "`answer` needs the answer",
                "answers nothing",
                Some(ANSWER_HELP.to_owned()),
            );
            return None;
        }
        [_] => {}
        [_, second, ..] => {
            checker.report(
                CODE,
                &key(second),
                format!("an `answer` step gives one answer: {}", quoted(&ways)),
                "a second answer",
                Some(ANSWER_HELP.to_owned()),
            );
            return None;
        }
    }
    if step.facing.is_some() && step.at.is_none() {
        checker.report(
            CODE,
            &key("facing"),
            "`facing` goes with `at`: the way a medium ship placed there points",
            "facing of what?",
            None,
        );
        return None;
    }
    if step.lead.is_some() && step.path.is_empty() {
        checker.report(
            CODE,
            &key("lead"),
            "`lead` goes with `path`: the end of a moved medium ship that leads",
            "lead of what?",
            None,
        );
        return None;
    }
    let player = match &step.player {
        Some(player) => Some(checker.seat(player, &key("player"))?),
        None => None,
    };
    let answer = if let Some(word) = step.answer {
        AnswerGiven::Word(word)
    } else if let Some(option) = step.option {
        AnswerGiven::Option(option.saturating_sub(1))
    } else if !step.path.is_empty() {
        AnswerGiven::Path(step.path.clone(), step.lead)
    } else if let Some(at) = step.at {
        AnswerGiven::Places(vec![Placement {
            at,
            facing: step.facing,
        }])
    } else if !step.squadron.is_empty() {
        AnswerGiven::Places(
            step.squadron
                .iter()
                .map(|placement| Placement {
                    at: placement.at,
                    facing: placement.facing,
                })
                .collect(),
        )
    } else if let Some(card) = &step.card {
        let tactic = checker.tactic(card, &key("card"))?;
        AnswerGiven::Card(checker.bundle.tactics[tactic].id.clone())
    } else {
        let ship = step.ship.as_deref().unwrap_or_default();
        AnswerGiven::Ship(checker.ship(CODE, ship, &key("ship"))?)
    };
    Some(StepAction::Answer { player, answer })
}
