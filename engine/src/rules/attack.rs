//! Attacks: charging a weapon (once per ship and activation, paying its
//! charge cost; each squadron ship charges separately), then attacks up to
//! the weapon's attacks number against enemy ships in range. Range counts
//! from the attacker's nearest hex to the target's, through ships and
//! obstacles. A roll of the coordinate dice is read on the target's
//! hit-location chart; asteroid cover may turn a hit into a miss; a hit on
//! a critical star destroys a target whose shields were already down,
//! otherwise the weapon's strength is dealt as attack damage.

use spacedock_schema::common::TacticType;

use crate::action::Action;
use crate::event::{Cell, Event};
use crate::game::Game;
use crate::ids::{ShipCardId, ShipId};
use crate::powers::{self, Stat, Trigger};
use crate::rules::damage::{self, Damage};
use crate::rules::{destruction, energy, movement, obstacles, stats};
use crate::state::{Charge, WeaponRef};

use spacedock_schema::ship::ChartCell;

/// The weapons of a ship card: primary, secondary, then attached
/// additional weapons.
fn weapons(game: &Game, card: ShipCardId) -> impl Iterator<Item = WeaponRef> + '_ {
    let printed = game.data.card(card).weapons.len();
    std::iter::once(WeaponRef::Primary)
        .chain((1..printed).map(|index| WeaponRef::Secondary(index as u8 - 1)))
        .chain(
            game.st.cards[card.index()]
                .attached
                .iter()
                .copied()
                .filter(move |&tactic| {
                    let kind = game.data.kind_of(tactic);
                    kind.kind == TacticType::AdditionalWeapon && kind.weapon.is_some()
                })
                .map(WeaponRef::Additional),
        )
}

/// The bit of a ship within its card.
fn ship_bit(game: &Game, ship: ShipId) -> u16 {
    let first = game.data.card(game.data.card_of(ship)).ships.start;
    1 << ((ship.0 - first) % 16)
}

fn charged(game: &Game, ship: ShipId, weapon: WeaponRef) -> bool {
    match weapon {
        WeaponRef::Primary => game.st.ships[ship.index()].charged & 1 != 0,
        WeaponRef::Secondary(index) => {
            game.st.ships[ship.index()].charged & (1 << ((u16::from(index) + 1) % 16)) != 0
        }
        WeaponRef::Additional(tactic) => {
            game.st.tactics[tactic.index()].charged & ship_bit(game, ship) != 0
        }
        WeaponRef::Extra(index) => game.st.effects.extra_charged.contains(&(ship, index)),
    }
}

fn mark_charged(game: &mut Game, ship: ShipId, weapon: WeaponRef) {
    match weapon {
        WeaponRef::Primary => game.st.ships[ship.index()].charged |= 1,
        WeaponRef::Secondary(index) => {
            game.st.ships[ship.index()].charged |= 1 << ((u16::from(index) + 1) % 16);
        }
        WeaponRef::Additional(tactic) => {
            let bit = ship_bit(game, ship);
            game.st.tactics[tactic.index()].charged |= bit;
        }
        WeaponRef::Extra(index) => game.st.effects.extra_charged.push((ship, index)),
    }
}

/// The ships `ship` may attack with `weapon` now: enemies on the
/// battlefield within the weapon's range and within any attack-range limit
/// that protects them. Charging asks it too, so that no charge is offered
/// (and paid for) that no attack could follow.
fn targets(game: &Game, ship: ShipId, weapon: WeaponRef) -> impl Iterator<Item = ShipId> + '_ {
    let range = stats::stat(game, Stat::Range(ship, weapon));
    let board = &game.data.board;
    // An attacker off the battlefield has no target.
    movement::shape_of(game, ship)
        .into_iter()
        .flat_map(move |shape| {
            game.st
                .ships
                .iter()
                .enumerate()
                .filter_map(move |(index, state)| {
                    let target = ShipId(index as u16);
                    let pos = state.pos.filter(|_| !state.destroyed && target != ship)?;
                    if !movement::enemies(game, ship, target) {
                        return None;
                    }
                    let distance =
                        shape.distance(&board.shape(game.data.size_of(target), pos)) as i32;
                    (distance <= range
                        && distance <= stats::stat(game, Stat::AttackableWithin(target)))
                    .then_some(target)
                })
        })
}

fn any_target(game: &Game, ship: ShipId, weapon: WeaponRef) -> bool {
    targets(game, ship, weapon).next().is_some()
}

/// Weapons the ships of the activated card can charge: each ship its
/// card's weapons and those powers give it, once per activation, when it
/// can pay and has a target for the weapon.
pub(crate) fn push_charges(game: &Game, card: ShipCardId, out: &mut Vec<Action>) {
    let player = game.st.active;
    let mut extras = Vec::new();
    for ship in game.data.card(card).ship_ids() {
        if movement::shape_of(game, ship).is_none() {
            continue;
        }
        extras.clear();
        powers::extra_weapons(game, ship, &mut extras);
        let granted = extras.iter().copied().map(WeaponRef::Extra);
        for weapon in weapons(game, card).chain(granted) {
            if !charged(game, ship, weapon)
                && energy::can_pay(
                    game,
                    player,
                    stats::stat(game, Stat::ChargeCost(ship, weapon)),
                )
                && any_target(game, ship, weapon)
            {
                out.push(Action::Charge { ship, weapon });
            }
        }
    }
}

pub(crate) fn charge(game: &mut Game, ship: ShipId, weapon: WeaponRef) {
    let player = game.st.active;
    let cost = stats::stat(game, Stat::ChargeCost(ship, weapon));
    energy::spend_energy(game, player, cost);
    mark_charged(game, ship, weapon);
    let attacks = stats::stat(game, Stat::Attacks(ship, weapon)).clamp(0, 255) as u8;
    game.emit(Event::Charged { ship, weapon });
    if let Some(act) = &mut game.st.activation {
        act.attacking = true;
        act.charge = (attacks > 0).then_some(Charge {
            ship,
            weapon,
            attacks_left: attacks,
        });
    }
}

pub(crate) fn push_attacks(game: &Game, charge: Charge, out: &mut Vec<Action>) {
    if charge.attacks_left == 0 {
        return;
    }
    let ship = charge.ship;
    out.extend(targets(game, ship, charge.weapon).map(|target| Action::Attack { ship, target }));
}

/// One attack of the charged weapon.
pub(crate) fn attack(game: &mut Game, ship: ShipId, target: ShipId) {
    let Some(mut charge) = game.st.activation.and_then(|act| act.charge) else {
        return;
    };
    charge.attacks_left -= 1;
    if let Some(act) = &mut game.st.activation {
        act.charge = Some(charge);
    }
    resolve(game, ship, target, charge.weapon);
    // The weapon is spent when its attacks are, or when nothing is left to shoot.
    let spent = game
        .st
        .activation
        .and_then(|act| act.charge)
        .is_some_and(|current| {
            current.attacks_left == 0 || !any_target(game, current.ship, current.weapon)
        });
    if spent {
        end_weapon(game);
    }
}

/// Rolls the coordinate dice and deals the hit; then the attack is over.
pub(crate) fn resolve(game: &mut Game, ship: ShipId, target: ShipId, weapon: WeaponRef) {
    roll_and_hit(game, ship, target, weapon);
    powers::dispatch(
        game,
        Trigger::AttackEnd {
            ship,
            target,
            weapon,
        },
    );
}

fn roll_and_hit(game: &mut Game, ship: ShipId, target: ShipId, weapon: WeaponRef) {
    powers::dispatch(
        game,
        Trigger::Attack {
            ship,
            target,
            weapon,
        },
    );
    if movement::shape_of(game, target).is_none() || movement::shape_of(game, ship).is_none() {
        return;
    }
    let rules = game.data.rules();
    let (letters, numbers) = (rules.letter_die, rules.number_die);
    let mut letter = game.st.dice.roll(letters);
    let mut number = game.st.dice.roll(numbers);
    let chart = game.data.card(game.data.card_of(target)).chart;
    let mut cell = game.data.charts[chart].cell(letter, number);
    let emit_roll = |game: &mut Game, letter, number, cell| {
        game.emit(Event::AttackRoll {
            ship,
            target,
            letter,
            number,
            cell: match cell {
                ChartCell::Miss => Cell::Miss,
                ChartCell::Hit => Cell::Hit,
                ChartCell::Critical => Cell::Critical,
            },
        });
    };
    emit_roll(game, letter, number, cell);
    // A power may re-roll dice of a missed attack, each die once at most.
    if cell == ChartCell::Miss
        && let Some(dice) = powers::after_miss(game, ship, target, weapon)
    {
        if dice != spacedock_schema::effect::Dice::Number {
            letter = game.st.dice.roll(letters);
        }
        if dice != spacedock_schema::effect::Dice::Letter {
            number = game.st.dice.roll(numbers);
        }
        cell = game.data.charts[chart].cell(letter, number);
        emit_roll(game, letter, number, cell);
    }
    if movement::shape_of(game, target).is_none() || movement::shape_of(game, ship).is_none() {
        return;
    }
    if cell == ChartCell::Miss || obstacles::asteroid_cover(game, target) {
        return;
    }
    let shields_down = game.st.ships[target.index()].shields == 0;
    powers::dispatch(
        game,
        Trigger::Hit {
            ship,
            target,
            weapon,
        },
    );
    if movement::shape_of(game, target).is_none() || powers::hit_cancelled(game) {
        return;
    }
    if cell == ChartCell::Critical && shields_down {
        destruction::destroy_ship(game, target);
        return;
    }
    let strength = stats::stat(game, Stat::Strength(ship, weapon));
    let printed = stats::weapon(game, game.data.card_of(ship), weapon);
    let damage_type = printed.and_then(|data| data.damage_type);
    let kind = printed.map_or(Damage::Attack, |data| data.damage);
    damage::deal_damage(game, target, strength, kind, damage_type);
}

pub(crate) fn end_weapon(game: &mut Game) {
    if let Some(act) = &mut game.st.activation {
        act.charge = None;
    }
}
