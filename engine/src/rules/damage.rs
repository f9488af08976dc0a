//! Damage and pegs: attack damage and direct damage remove shield pegs
//! first and add hull damage pegs for the rest; direct shield damage only
//! removes shield pegs; direct hull damage only adds hull damage pegs. A
//! ship is destroyed at hull damage >= hull. Named damage types (pulse,
//! vecton, ECM, debris, ...) are generic damage unless a power says
//! otherwise: the amount passes through [`Stat::Damage`] for them.

use serde::{Deserialize, Serialize};

use crate::event::Event;
use crate::game::Game;
use crate::ids::ShipId;
use crate::powers::{self, Stat, Trigger};
use crate::rules::{destruction, stats};

/// How damage is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Damage {
    /// A hit of an attack: shields first, then hull.
    Attack,
    /// Direct damage: applied like an attack's, but not an attack.
    Direct,
    /// Direct shield damage: shields only.
    Shield,
    /// Direct hull damage: hull only, even with shields up.
    Hull,
}

/// The index of a named damage type in the ruleset.
pub(crate) fn damage_type(game: &Game, name: &str) -> Option<u8> {
    game.data
        .rules()
        .damage_types
        .iter()
        .position(|known| known == name)
        .map(|index| index as u8)
}

/// Deals damage to a ship on the battlefield; destroys it if its hull is
/// gone.
pub(crate) fn deal_damage(
    game: &mut Game,
    ship: ShipId,
    amount: i32,
    damage: Damage,
    damage_type: Option<u8>,
) {
    let state = game.st.ships[ship.index()];
    if state.destroyed || state.pos.is_none() {
        return;
    }
    let shields = i32::from(state.shields);
    // The pegs `amount` removes and adds.
    let pegs = |amount: i32| match damage {
        Damage::Attack | Damage::Direct => (amount.min(shields), (amount - shields).max(0)),
        Damage::Shield => (amount.min(shields), 0),
        Damage::Hull => (0, amount),
    };
    let printed = amount.max(0);
    let amount = stats::stat(
        game,
        Stat::Damage {
            ship,
            damage,
            damage_type,
            amount,
        },
    )
    .max(0);
    // A limited change is used by damage it changes: not by damage that
    // would be none with or without it (shield damage to a ship whose
    // shields are down).
    if pegs(printed) != (0, 0) || pegs(amount) != (0, 0) {
        crate::effects::modify::use_up_damage(game, ship, damage_type);
    }
    let (removed, added) = pegs(amount);
    // Damage that removes no peg and adds none (all kept off, or shield
    // damage to a ship whose shields are down) is no damage: nothing to
    // tell, nothing for `damage` powers to answer. A limited power that
    // kept it off has had its turn.
    if removed == 0 && added == 0 {
        powers::damage_kept_off(game, ship, damage_type);
        return;
    }
    let state = &mut game.st.ships[ship.index()];
    state.shields -= removed as u8;
    state.hull_damage = (i32::from(state.hull_damage) + added).min(255) as u8;
    game.emit(Event::Damaged {
        ship,
        shields_removed: removed,
        hull_added: added,
    });
    // The ship is destroyed the moment its hull is gone, before any power
    // answers the damage: damage answering damage then ends with the ship.
    check_hull(game, ship);
    powers::dispatch(
        game,
        Trigger::Damage {
            ship,
            shields: removed,
            hull: added,
        },
    );
}

/// Destroys the ship if its hull damage reached its hull.
pub(crate) fn check_hull(game: &mut Game, ship: ShipId) {
    let state = game.st.ships[ship.index()];
    if !state.destroyed
        && state.pos.is_some()
        && i32::from(state.hull_damage) >= stats::stat(game, Stat::Hull(ship))
    {
        destruction::destroy_ship(game, ship);
    }
}

/// Adds shield pegs, never above the ship's shield value.
pub(crate) fn add_shields(game: &mut Game, ship: ShipId, amount: i32) {
    let cap = stats::stat(game, Stat::Shield(ship)).clamp(0, 255);
    let state = &mut game.st.ships[ship.index()];
    if state.destroyed || state.pos.is_none() {
        return;
    }
    let before = i32::from(state.shields);
    let after = (before + amount.max(0)).min(cap).max(before);
    state.shields = after as u8;
    if after > before {
        game.emit(Event::ShieldsAdded {
            ship,
            amount: after - before,
        });
    }
}

/// Takes shield pegs off without dealing damage (a power's effect).
pub(crate) fn remove_shields(game: &mut Game, ship: ShipId, amount: i32) {
    let state = &mut game.st.ships[ship.index()];
    let before = i32::from(state.shields);
    let after = (before - amount.max(0)).max(0);
    state.shields = after as u8;
    if after < before {
        game.emit(Event::ShieldsRemoved {
            ship,
            amount: before - after,
        });
    }
}

/// Removes hull damage pegs (repairs).
pub(crate) fn repair_hull(game: &mut Game, ship: ShipId, amount: i32) {
    let state = &mut game.st.ships[ship.index()];
    let repaired = amount.clamp(0, i32::from(state.hull_damage));
    state.hull_damage -= repaired as u8;
    if repaired > 0 {
        game.emit(Event::HullRepaired {
            ship,
            amount: repaired,
        });
    }
}
