//! Tactic cards: weapon stats exactly on additional weapons, icons exactly
//! on the types that carry one, and known damage types.

use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};

pub(crate) fn check(context: &Context<'_>, diagnostics: &mut Diagnostics) {
    for loaded in context.content.checked_tactics() {
        let card = &loaded.item;
        let at = |field: &str| context.at(loaded.file, &format!("{}/{field}", loaded.pointer));
        let key_at =
            |field: &str| context.key_at(loaded.file, &format!("{}/{field}", loaded.pointer));
        let is_weapon = card.kind == spacedock_schema::common::TacticType::AdditionalWeapon;
        match (&card.weapon, is_weapon) {
            (None, true) => diagnostics.push(
                Diagnostic::new(Code::WeaponCardMismatch, format!("additional weapon `{}` has no weapon stats", card.name))
                    .at(at("type"))
                    .label("needs a `weapon` table")
                    .help("add `weapon = { name = \"...\", charge_cost = 0, range = 3, attacks = 1, strength = 1 }`"),
            ),
            (Some(_), false) => diagnostics.push(
                Diagnostic::new(
                    Code::WeaponCardMismatch,
                    format!("`{}` is a {} card but has weapon stats", card.name, card.kind.name()),
                )
                .at(key_at("weapon"))
                .label("only additional weapons have a weapon")
                .help("remove `weapon`, or make the card `type = \"additional-weapon\"`"),
            ),
            (Some(weapon), true) => {
                crate::check::ship::damage_type(context, weapon, loaded.file, &format!("{}/weapon", loaded.pointer), diagnostics);
            }
            (None, false) => {}
        }
        match (card.icon, card.kind.has_icon()) {
            (None, true) => diagnostics.push(
                Diagnostic::new(Code::TacticIcon, format!("{} card `{}` needs a solo or squadron icon", card.kind.name(), card.name))
                    .at(at("type"))
                    .label("no `icon`")
                    .help("add `icon = \"solo\"` or `icon = \"squadron\"`: it decides which ship cards it attaches to"),
            ),
            (Some(icon), false) => diagnostics.push(
                Diagnostic::new(
                    Code::TacticIcon,
                    format!("{} card `{}` cannot have a {} icon", card.kind.name(), card.name, icon.name()),
                )
                .at(at("icon"))
                .label("remove this")
                .help(if card.kind == spacedock_schema::common::TacticType::Hero {
                    "heroes attach only to solo ships and carry no icon"
                } else {
                    "events are not attached, so they carry no icon"
                }),
            ),
            _ => {}
        }
    }
}
