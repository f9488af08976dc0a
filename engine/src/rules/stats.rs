//! The one query point for every number of the game: the printed value,
//! plus the rules' own bonuses (discovery tiles), then every power's
//! continuous modifier through [`powers::modified`].

use crate::data::WeaponData;
use crate::game::Game;
use crate::ids::{ShipCardId, ShipId};
use crate::powers::{self, Stat};
use crate::rules::discovery;
use crate::state::WeaponRef;

/// A weapon of a ship card.
#[inline]
pub(crate) fn weapon(game: &Game, card: ShipCardId, weapon: WeaponRef) -> Option<&WeaponData> {
    let weapons = &game.data.card(card).weapons;
    match weapon {
        WeaponRef::Primary => weapons.first(),
        WeaponRef::Secondary(index) => weapons.get(usize::from(index) + 1),
        WeaponRef::Additional(tactic) => game.data.kind_of(tactic).weapon.as_ref(),
        WeaponRef::Extra(index) => powers::extra_weapon(game, index),
    }
}

/// The range of weapon `which` of `ship`, whose print is `printed`, before
/// the powers: the print and, for a primary weapon, what the tiles add.
pub(crate) fn unmodified_range(game: &Game, ship: ShipId, which: WeaponRef, printed: i32) -> i32 {
    if which == WeaponRef::Primary {
        printed + discovery::primary_range_bonus(game, ship)
    } else {
        printed
    }
}

/// The current value of a number of the game.
pub(crate) fn stat(game: &Game, stat: Stat) -> i32 {
    let data = &game.data;
    let weapon_stat = |ship, which: WeaponRef, read: fn(&WeaponData) -> i32| {
        weapon(game, data.card_of(ship), which).map_or(0, read)
    };
    let base = match stat {
        Stat::Move(ship) => data.card(data.card_of(ship)).movement,
        Stat::Range(ship, which) => unmodified_range(
            game,
            ship,
            which,
            weapon_stat(ship, which, |weapon| weapon.range),
        ),
        Stat::Attacks(ship, which) => weapon_stat(ship, which, |weapon| weapon.attacks),
        Stat::Strength(ship, which) => weapon_stat(ship, which, |weapon| weapon.strength),
        Stat::ChargeCost(ship, which) => weapon_stat(ship, which, |weapon| weapon.charge_cost),
        Stat::ActivationCost(card) => data.card(card).activation_cost,
        Stat::LaunchCost(card) => data.card(card).launch_cost,
        Stat::Capacity(card) => data.card(card).capacity,
        Stat::Shield(ship) => data.card(data.card_of(ship)).shield,
        Stat::Hull(ship) => data.card(data.card_of(ship)).hull,
        Stat::TacticCost(tactic) | Stat::TacticCostOn { tactic, .. } => data.kind_of(tactic).cost,
        Stat::EcmThreshold { .. } => data.rules().ecm_threshold as i32,
        Stat::Cover(_) => 1,
        Stat::AttackableWithin(_) => i32::MAX,
        Stat::EcmDamage { enemy, .. } => data.rules().ecm_damage.get(data.size_of(enemy)) as i32,
        Stat::Damage { amount, .. } => amount,
    };
    powers::modified(game, stat, base)
}
