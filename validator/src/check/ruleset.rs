//! The ruleset: numbers that only make sense together (energy bounds, die
//! thresholds, footprints), and footprints the engine plays.

use spacedock_schema::common::Size;
use spacedock_schema::rules::PerSize;

use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};

pub(crate) fn check(context: &Context<'_>, diagnostics: &mut Diagnostics) {
    let Some(loaded) = &context.content.rules else {
        return;
    };
    damage_types(context, loaded, diagnostics);
    let rules = &loaded.item;
    let mut labelled = |pointer: &str, message: String, label: &str, help: &str| {
        diagnostics.push(
            Diagnostic::new(Code::InvalidRuleset, message)
                .at(context.at(loaded.file, pointer))
                .label(label.to_owned())
                .help(help.to_owned()),
        );
    };
    let mut problem = |pointer: &str, message: String, help: &str| {
        labelled(pointer, message, "contradicts another ruleset value", help);
    };
    if rules.energy_min > rules.energy_max {
        problem(
            "/energy_min",
            format!(
                "energy_min ({}) is above energy_max ({})",
                rules.energy_min, rules.energy_max
            ),
            "energy_min must not exceed energy_max",
        );
    }
    // Held to bounds that hold together: an energy level within them, a
    // gain (added to the energy, then capped) no more than the most energy.
    if rules.energy_min <= rules.energy_max {
        let starting = rules.starting_energy;
        if !(rules.energy_min..=rules.energy_max).contains(&starting) {
            problem(
                "/starting_energy",
                format!(
                    "starting_energy ({starting}) is outside the energy bounds, {} to {}",
                    rules.energy_min, rules.energy_max
                ),
                "energy never goes below energy_min or above energy_max",
            );
        }
        let gain = rules.first_player_first_phase_energy;
        if gain > rules.energy_max {
            problem(
                "/first_player_first_phase_energy",
                format!(
                    "first_player_first_phase_energy ({gain}) is above energy_max ({})",
                    rules.energy_max
                ),
                "a gain beyond the most energy a player can hold is capped at it",
            );
        }
    }
    if rules.opening_hand > rules.hand_limit {
        problem(
            "/opening_hand",
            format!(
                "opening_hand ({}) is above hand_limit ({})",
                rules.opening_hand, rules.hand_limit
            ),
            "deal at most the hand limit",
        );
    }
    let die = rules.number_die;
    for (key, value) in [
        ("/ecm_threshold", rules.ecm_threshold),
        ("/asteroid_cover_threshold", rules.asteroid_cover_threshold),
    ] {
        if value > die {
            problem(
                key,
                format!(
                    "{} is {value}, but the number die only goes to {die}",
                    &key[1..]
                ),
                "a threshold above the die can never be rolled",
            );
        }
    }
    if rules.debris_damage_max_roll > die {
        problem(
            "/debris_damage_max_roll",
            format!(
                "debris_damage_max_roll is {}, but the number die only goes to {die}",
                rules.debris_damage_max_roll
            ),
            "use at most the die's highest face",
        );
    }
    let mut previous: Option<(Size, u32)> = None;
    let mut contradicts = false;
    for size in Size::ALL {
        let spaces = rules.footprint.get(size);
        let message = match previous {
            _ if spaces == 0 => Some(format!(
                "a {} ship's footprint is 0, but every ship covers at least one hex",
                size.name()
            )),
            Some((smaller, smaller_spaces)) if spaces < smaller_spaces => Some(format!(
                "a {} ship's footprint ({spaces}) is smaller than a {} ship's ({smaller_spaces})",
                size.name(),
                smaller.name()
            )),
            _ => None,
        };
        if let Some(message) = message {
            contradicts = true;
            problem(
                &format!("/footprint/{}", size.name()),
                message,
                "footprints grow with size: the rulebook has 1, 2 and 7",
            );
        }
        previous = Some((size, spaces));
    }
    let footprint = &rules.footprint;
    if !contradicts && *footprint != PerSize::PLAYED_FOOTPRINT {
        labelled(
            "/footprint",
            format!(
                "footprints of {}, {} and {} hexes cannot be played: the engine moves and places ships of 1, 2 and 7",
                footprint.small, footprint.medium, footprint.large
            ),
            "the engine plays 1, 2 and 7",
            "a small ship covers 1 hex, a medium one 2, a large one a hex and its 6 neighbours; `sim`, `test` and `check --games` play no other shapes",
        );
    }
}

/// Weapons and powers name damage types exactly: each once, and named.
fn damage_types(
    context: &Context<'_>,
    loaded: &crate::load::Loaded<spacedock_schema::rules::Rules>,
    diagnostics: &mut Diagnostics,
) {
    for (i, name) in loaded.item.damage_types.iter().enumerate() {
        let (message, label, help) = if name.trim().is_empty() {
            (
                "a damage type without a name".to_owned(),
                "empty",
                "name it, or remove it from `damage_types`",
            )
        } else if loaded.item.damage_types[..i].contains(name) {
            (
                format!("damage type `{name}` is listed twice"),
                "listed again",
                "list each damage type once",
            )
        } else {
            continue;
        };
        diagnostics.push(
            Diagnostic::new(Code::InvalidRuleset, message)
                .at(context.at(loaded.file, &format!("/damage_types/{i}")))
                .label(label)
                .help(help),
        );
    }
}
