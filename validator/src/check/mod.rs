//! Check: every rule of the game the compiler enforces, grouped by what it
//! reads. Each function checks one rule and only pushes diagnostics, so a
//! run reports every problem at once.
//!
//! - [`ship`], [`tactic`], [`ruleset`], [`board`]: content integrity;
//! - [`mission`]: a mission's setup (boards, seating, placement, victory);
//! - [`power`]: the structured powers of ship cards, tactic cards and
//!   special rules (the effect language);
//! - [`build`]: fleet and deck building, transport, attachments; shared by
//!   mission-selected fleets and `fleet check` of a player's build.

pub(crate) mod board;
pub(crate) mod build;
pub(crate) mod mission;
pub(crate) mod power;
pub(crate) mod ruleset;
pub(crate) mod ship;
pub(crate) mod tactic;

use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::Model;
use crate::source::FileId;

pub(crate) fn run(context: &Context<'_>, model: &Model, diagnostics: &mut Diagnostics) {
    ruleset::check(context, diagnostics);
    ship::check(context, diagnostics);
    tactic::check(context, diagnostics);
    board::check(context, diagnostics);
    power::check(context, model, diagnostics);
    for mission in &model.missions {
        mission::check(context, model, mission, diagnostics);
        build::check_mission(context, model, mission, diagnostics);
    }
    for (mission, loaded) in model
        .partial_missions
        .iter()
        .zip(&context.content.partial_missions)
    {
        mission::check_in_part(context, model, mission, &loaded.item, diagnostics);
    }
}

/// "1 card", "2 cards", "2 hexes", "2 copies".
pub(crate) fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {noun}")
    } else if noun.ends_with('x') || noun.ends_with('s') {
        format!("{n} {noun}es")
    } else if let Some(stem) = noun.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'o', 'u'])
    {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {noun}s")
    }
}

/// "`a`", "`a` and `b`", "`a`, `b` and `c`".
pub(crate) fn and_list(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("`{item}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Names given twice among `names` (the `name` key of each at
/// `pointer(index)`), `what` saying of what in the plural: the powers of
/// a ship card's version, or the special rules or teams of a mission.
/// These names are identifiers (an `ignore-power`, a scenario's
/// `use-power`, `rule` and events, a player's `team` and the simulator's
/// victory point rows name one), and scenarios match them in any case, so
/// two that differ only in case are one name too.
pub(crate) fn duplicate_names(
    context: &Context<'_>,
    file: FileId,
    names: &[&str],
    pointer: impl Fn(usize) -> String,
    what: &str,
    help: &str,
    diagnostics: &mut Diagnostics,
) {
    for (i, name) in names.iter().enumerate() {
        let Some(first) = names[..i]
            .iter()
            .position(|earlier| earlier.eq_ignore_ascii_case(name))
        else {
            continue;
        };
        let message = if names[first] == *name {
            format!("two {what} are named `{name}`")
        } else {
            format!(
                "two {what} are named `{}` and `{name}`, names that differ only in case",
                names[first]
            )
        };
        diagnostics.push(
            Diagnostic::new(Code::DuplicateName, message)
                .at(context.at(file, &pointer(i)))
                .label("named again")
                .note(context.at(file, &pointer(first)), "first named here")
                .help(help),
        );
    }
}

/// The help for an unknown damage type: the ruleset's, or that it has none.
pub(crate) fn damage_types_help(known: &[String]) -> String {
    if known.is_empty() {
        "the ruleset lists no damage types: add them to `damage_types` in rules.toml".to_owned()
    } else {
        format!("the ruleset's damage types: {}", known.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_use_english_plurals() {
        assert_eq!(count(1u32, "hex"), "1 hex");
        assert_eq!(count(4u32, "hex"), "4 hexes");
        assert_eq!(count(2u32, "copy"), "2 copies");
        assert_eq!(count(0u32, "card"), "0 cards");
        assert_eq!(count(3u32, "ship-upgrade card"), "3 ship-upgrade cards");
    }
}
