//! Attacks: charging a weapon (once per ship and activation, paying its
//! charge cost; each squadron ship charges separately), then attacks up to
//! the weapon's attacks number against enemy ships in range. Range counts
//! from the attacker's nearest hex to the target's, through ships and
//! obstacles. A roll of the coordinate dice is read on the target's
//! hit-location chart; asteroid cover may turn a hit into a miss; a hit on
//! a critical star destroys a target whose shields were already down,
//! otherwise the weapon's strength is dealt as attack damage.

use std::ops::ControlFlow;

use spacedock_schema::common::TacticType;
use spacedock_schema::effect::Dice;

use crate::action::Action;
use crate::board::Shape;
use crate::effects::program::{Eff, Origin, StatKind, stat_index};
use crate::effects::state::LastingKind;
use crate::event::{Cell, Event};
use crate::game::Game;
use crate::ids::{ShipCardId, ShipId, TeamId};
use crate::powers::{self, Rerolls, Stat, Trigger};
use crate::rules::damage::{self, Damage};
use crate::rules::{destruction, discovery, energy, movement, obstacles, stats};
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

pub(crate) fn charged(game: &Game, ship: ShipId, weapon: WeaponRef) -> bool {
    match weapon {
        WeaponRef::Primary => game.st.ships[ship.index()].charged & 1 != 0,
        WeaponRef::Secondary(index) => {
            game.st.ships[ship.index()].charged & (1 << (u16::from(index) + 1)) != 0
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
            game.st.ships[ship.index()].charged |= 1 << (u16::from(index) + 1);
        }
        WeaponRef::Additional(tactic) => {
            let bit = ship_bit(game, ship);
            game.st.tactics[tactic.index()].charged |= bit;
        }
        WeaponRef::Extra(index) => game.st.effects.extra_charged.push((ship, index)),
    }
}

/// Visits every enemy of `team` on the battlefield with its shape, in id
/// order, until `visit` breaks.
fn each_enemy(
    game: &Game,
    team: TeamId,
    mut visit: impl FnMut(ShipId, Shape) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let board = &game.data.board;
    // Ship ids run card by card in card order: a card's controller is
    // looked at once for all its ships.
    for (data, state) in game.data.cards.iter().zip(&game.st.cards) {
        if game.data.team_of(state.controller) == team {
            continue;
        }
        for target in data.ship_ids() {
            let state = &game.st.ships[target.index()];
            if let Some(pos) = state.pos.filter(|_| !state.destroyed) {
                visit(target, board.shape(data.size, pos))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Visits the ships `ship` may attack with `weapon` now: enemies on the
/// battlefield within the weapon's range and within any attack-range limit
/// that protects them, in id order, until `visit` breaks. Charging asks
/// the same question (see [`push_charges`]), so that no charge is offered
/// (and paid for) that no attack could follow.
fn each_target(
    game: &Game,
    ship: ShipId,
    weapon: WeaponRef,
    mut visit: impl FnMut(ShipId) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // An attacker off the battlefield has no target.
    let Some(shape) = movement::shape_of(game, ship) else {
        return ControlFlow::Continue(());
    };
    let range = stats::stat(game, Stat::Range(ship, weapon));
    let team = game.data.team_of(movement::controller(game, ship));
    each_enemy(game, team, |target, other| {
        let distance = shape.distance(&other) as i32;
        if distance <= range && distance <= stats::stat(game, Stat::AttackableWithin(target)) {
            visit(target)
        } else {
            ControlFlow::Continue(())
        }
    })
}

fn any_target(game: &Game, ship: ShipId, weapon: WeaponRef) -> bool {
    each_target(game, ship, weapon, |_| ControlFlow::Break(())).is_break()
}

/// How many ships (the first by id) [`Limits`] keeps in a table (any past
/// them are asked afresh each time). The base pack's missions have 6 to 20
/// ships; the table is made for every legal list with charges, so a bigger
/// size costs more to clear than it saves.
const TABLED: usize = 32;

/// How many enemies [`Near`] keeps in an array (any more go to a vector).
/// The array is made for every charge list, charges or not (made lazily
/// it measured dearer); less than [`TABLED`], since the enemies are about
/// half the ships and each takes more room than a limit. The tests keep
/// two, so that their games reach the vector too.
const ENEMIES: usize = if cfg!(test) { 2 } else { 16 };

/// The enemies of a ship card's ships on the battlefield with their
/// shapes, in id order, found once for all the card's ships (they share
/// its controller), and their distances from the ship measured last, once
/// for all its weapons.
struct Near {
    /// Each enemy, its shape and its distance.
    listed: [(ShipId, Shape, i32); ENEMIES],
    len: usize,
    /// Those past the first [`ENEMIES`].
    more: Vec<(ShipId, Shape, i32)>,
    /// Whether the enemies have been found.
    found: bool,
}

impl Near {
    fn new() -> Near {
        Near {
            listed: [(ShipId(0), Shape::default(), 0); ENEMIES],
            len: 0,
            more: Vec::new(),
            found: false,
        }
    }

    /// Measures every enemy's distance from a ship of `card` at `shape`
    /// (finding the enemies the first time); returns the nearest one's,
    /// `None` if there is no enemy.
    fn measure(&mut self, game: &Game, card: ShipCardId, shape: &Shape) -> Option<i32> {
        if !self.found {
            self.found = true;
            let team = game.data.team_of(game.st.cards[card.index()].controller);
            let _ = each_enemy(game, team, |target, enemy| {
                if self.len < ENEMIES {
                    self.listed[self.len] = (target, enemy, 0);
                    self.len += 1;
                } else {
                    self.more.push((target, enemy, 0));
                }
                ControlFlow::Continue(())
            });
        }
        self.listed[..self.len]
            .iter_mut()
            .chain(&mut self.more)
            .map(|(_, enemy, distance)| {
                *distance = shape.distance(enemy) as i32;
                *distance
            })
            .min()
    }

    /// Every enemy, with its distance as last measured, in id order.
    fn all(&self) -> impl Iterator<Item = (ShipId, i32)> + '_ {
        self.listed[..self.len]
            .iter()
            .chain(&self.more)
            .map(|&(target, _, distance)| (target, distance))
    }
}

/// Attack-range limits (`Stat::AttackableWithin`, which asks every power)
/// of the first [`TABLED`] ships, each asked at most once while one legal
/// list is made.
struct Limits([i32; TABLED]);

/// A limit not asked yet (half the size of an `Option` to clear). A limit
/// that is this value is asked again each time: the same answer.
const UNKNOWN: i32 = i32::MIN;

impl Limits {
    fn get(&mut self, game: &Game, target: ShipId) -> i32 {
        let ask = || stats::stat(game, Stat::AttackableWithin(target));
        match self.0.get_mut(target.index()) {
            Some(known) => {
                if *known == UNKNOWN {
                    *known = ask();
                }
                *known
            }
            None => ask(),
        }
    }
}

/// The most the range of a weapon of one ship card can be now: what
/// `Stat::Range` may add to the printed range at most. The discovery
/// tiles face up add all they may; every power that could change the
/// card's numbers (as `modify` reads them: from each source that could
/// hold, and every lasting change of any ship) adds all it may, and the
/// highest minimum any of them sets is the least the range starts from.
///
/// Made once per legal list: a weapon whose ceiling falls short of the
/// nearest enemy has no target, and its range, which asks every power, is
/// not asked.
struct RangeCeiling {
    /// What the tiles add to a primary weapon, found at the first one.
    primary_bonus: Option<i32>,
    minimum: i32,
    added: i32,
    /// Whether no power or lasting change can touch the card's ranges now
    /// (as in most games most of the time): each range is then its print
    /// and the tiles' bonus, known without asking the powers.
    fixed: bool,
}

impl RangeCeiling {
    fn new(game: &Game, card: ShipCardId) -> RangeCeiling {
        let (mut minimum, mut added, mut fixed) = (i32::MIN, 0, true);
        let mut add = |amount: i32, at_least: Option<i32>, times: i32| {
            added += amount.max(0) * times;
            minimum = minimum.max(at_least.unwrap_or(i32::MIN));
            fixed = false;
        };
        let program = &game.data.powers;
        let range = stat_index(StatKind::Range);
        if program.modifies[range] {
            let attached = &game.st.cards[card.index()].attached;
            for modifier in &program.modifying[range][card.index()] {
                let power = &program.powers[usize::from(modifier.power)];
                let sources = if modifier.attached_only {
                    attached
                        .iter()
                        .filter(|&&tactic| power.origins.contains(&Origin::Copy(tactic)))
                        .count()
                } else {
                    power.origins.len()
                };
                if sources == 0 {
                    continue;
                }
                for effect in &power.effects {
                    if let Eff::Modify(modify) = effect
                        && modify.stat == StatKind::Range
                        && modify.until.is_none()
                    {
                        add(modify.amount, modify.minimum, sources as i32);
                    }
                }
            }
            for lasting in &game.st.effects.lasting {
                if let LastingKind::Modify {
                    stat: StatKind::Range,
                    amount,
                    minimum,
                    ..
                } = lasting.kind
                {
                    add(amount, minimum, 1);
                }
            }
        }
        RangeCeiling {
            primary_bonus: None,
            minimum,
            added,
            fixed,
        }
    }

    /// The range of `weapon` of `ship`, a ship of the card, whose printed
    /// range is `printed`: as [`stats::stat`] tells it.
    fn range(&self, game: &Game, ship: ShipId, weapon: WeaponRef, printed: i32) -> i32 {
        if self.fixed {
            stats::unmodified_range(game, ship, weapon, printed)
        } else {
            stats::stat(game, Stat::Range(ship, weapon))
        }
    }

    /// The ceiling of the range of `weapon`, whose printed range is
    /// `printed`.
    fn of(&mut self, game: &Game, weapon: WeaponRef, printed: i32) -> i32 {
        let bonus = if weapon == WeaponRef::Primary {
            *self
                .primary_bonus
                .get_or_insert_with(|| discovery::most_primary_range_bonus(game))
        } else {
            0
        };
        (printed + bonus).max(self.minimum) + self.added
    }
}

/// Weapons the ships of the activated card (or only the ship `only`, if
/// given) can charge: each ship its card's weapons and those powers give
/// it, once per activation, when it can pay and has a target for the
/// weapon ([`each_target`]).
///
/// The conditions are those of asking `each_target` for each weapon, made
/// cheaper: a charge cost is asked of the powers only when its print does
/// not tell ([`energy::can_pay_cost`]); the enemies are found once for
/// all the ships ([`Near`], at the first weapon that is not charged yet
/// and can be paid for), each ship's distances to them measured once (at
/// its first such weapon, where its shape is found too), their limits
/// asked once ([`Limits`]); with no enemy on the battlefield no
/// range is asked, nor for a weapon whose [`RangeCeiling`] falls short of
/// the nearest enemy, and a weapon whose range falls short of it tests no
/// target.
pub(crate) fn push_charges(
    game: &Game,
    card: ShipCardId,
    only: Option<ShipId>,
    out: &mut Vec<Action>,
) {
    let player = game.st.active;
    let mut limits = Limits([UNKNOWN; TABLED]);
    let mut near = Near::new();
    let mut ceiling = None;
    let mut extras = Vec::new();
    for ship in game.data.card(card).ship_ids() {
        if only.is_some_and(|only| only != ship) {
            continue;
        }
        let mut nearest = None;
        extras.clear();
        powers::extra_weapons(game, ship, &mut extras);
        let granted = extras.iter().copied().map(WeaponRef::Extra);
        for weapon in weapons(game, card).chain(granted) {
            if charged(game, ship, weapon) {
                continue;
            }
            let printed = stats::weapon(game, card, weapon);
            let printed_cost = printed.map_or(0, |data| data.charge_cost);
            if !energy::can_pay_cost(game, player, StatKind::ChargeCost, printed_cost, || {
                stats::stat(game, Stat::ChargeCost(ship, weapon))
            }) {
                continue;
            }
            // A ship off the battlefield has no target, as with no enemy.
            let measured = nearest.get_or_insert_with(|| {
                let shape = movement::shape_of(game, ship)?;
                near.measure(game, card, &shape)
            });
            let Some(nearest) = *measured else {
                break;
            };
            // The ceiling is never below the printed range: it is asked
            // only when it can tell.
            let printed = printed.map_or(0, |data| data.range);
            let ceiling = ceiling.get_or_insert_with(|| RangeCeiling::new(game, card));
            if nearest > printed && nearest > ceiling.of(game, weapon, printed) {
                continue;
            }
            let range = ceiling.range(game, ship, weapon, printed);
            if nearest <= range
                && near.all().any(|(target, distance)| {
                    distance <= range && distance <= limits.get(game, target)
                })
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
    powers::ship_number_used(game, StatKind::ChargeCost, ship);
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
    let _ = each_target(game, ship, charge.weapon, |target| {
        out.push(Action::Attack { ship, target });
        ControlFlow::Continue(())
    });
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
    let mut letter = game.st.dice.roll_letter(letters);
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
    // A miss on the chart, or a hit that asteroid cover turns into a miss
    // ("the attack misses", rule reading 24 of docs/engine.md): powers and
    // events may re-roll its dice, each power once; after a re-roll that
    // still misses, the others may. A re-rolled hit rolls for cover again.
    let mut rerolls = Rerolls::default();
    loop {
        if movement::shape_of(game, target).is_none() || movement::shape_of(game, ship).is_none() {
            return;
        }
        let missed = cell == ChartCell::Miss || obstacles::asteroid_cover(game, target);
        if !missed {
            break;
        }
        let Some(dice) = powers::after_miss(game, ship, target, weapon, &mut rerolls) else {
            return;
        };
        if dice != Dice::Number {
            letter = game.st.dice.roll_letter(letters);
        }
        if dice != Dice::Letter {
            number = game.st.dice.roll(numbers);
        }
        cell = game.data.charts[chart].cell(letter, number);
        emit_roll(game, letter, number, cell);
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

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::{RangeCeiling, charged, each_target, push_charges, weapons};
    use crate::action::Action;
    use crate::game::Game;
    use crate::ids::{ShipCardId, ShipId};
    use crate::powers::{self, Stat};
    use crate::rules::{energy, movement, stats, testing};
    use crate::state::WeaponRef;

    /// The range printed on a weapon of a ship card (or given with a
    /// power's weapon).
    fn printed_range(game: &Game, card: ShipCardId, weapon: WeaponRef) -> i32 {
        stats::weapon(game, card, weapon).map_or(0, |data| data.range)
    }

    /// Charges as the rule reads: for each ship and weapon, paid for, and
    /// some enemy within both the weapon's range and its own limit.
    fn charges_as_read(game: &Game, card: ShipCardId, out: &mut Vec<Action>) {
        let player = game.st.active;
        for ship in game.data.card(card).ship_ids() {
            let mut extras = Vec::new();
            powers::extra_weapons(game, ship, &mut extras);
            let granted = extras.iter().copied().map(WeaponRef::Extra);
            for weapon in weapons(game, card).chain(granted) {
                let has_target = !targets_as_read(game, ship, weapon).is_empty();
                let cost = stats::stat(game, Stat::ChargeCost(ship, weapon));
                if !charged(game, ship, weapon) && energy::can_pay(game, player, cost) && has_target
                {
                    out.push(Action::Charge { ship, weapon });
                }
            }
        }
    }

    /// The charges offered are those of the rule as read, in the same
    /// order, for every card of every state, activated or not.
    #[test]
    fn charges_are_offered_as_the_rule_reads() {
        let (mut fast, mut read) = (Vec::new(), Vec::new());
        let mut offered = 0;
        testing::for_each_state(3, |game| {
            for card in 0..game.st.cards.len() as u16 {
                fast.clear();
                read.clear();
                push_charges(game, ShipCardId(card), None, &mut fast);
                charges_as_read(game, ShipCardId(card), &mut read);
                assert_eq!(fast, read, "card {card} at step {}", game.steps());
                offered += fast.len();
            }
        });
        assert!(offered > 10_000, "{offered} charges offered");
    }

    /// No weapon's range passes its ceiling, for every weapon of every
    /// ship of every card of every state; most ranges are their ceiling.
    #[test]
    fn no_range_passes_its_ceiling() {
        let (mut asked, mut reached, mut raised) = (0, 0, 0);
        let mut extras = Vec::new();
        testing::for_each_state(2, |game| {
            for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                let mut ceiling = RangeCeiling::new(game, card);
                for ship in game.data.card(card).ship_ids() {
                    extras.clear();
                    powers::extra_weapons(game, ship, &mut extras);
                    let granted = extras.iter().copied().map(WeaponRef::Extra);
                    for weapon in weapons(game, card).chain(granted) {
                        let range = stats::stat(game, Stat::Range(ship, weapon));
                        let printed = printed_range(game, card, weapon);
                        let most = ceiling.of(game, weapon, printed);
                        assert!(
                            range <= most,
                            "{ship:?} {weapon:?}: range {range}, ceiling {most} at step {}",
                            game.steps()
                        );
                        asked += 1;
                        reached += usize::from(range == most);
                        raised += usize::from(range > printed);
                    }
                }
            }
        });
        assert!(raised > 1_000, "{raised} of {asked} ranges raised");
        assert!(
            reached > asked / 2,
            "{reached} of {asked} ranges at their ceiling"
        );
    }

    /// Every range a ceiling tells is the range [`stats::stat`] tells, for
    /// every weapon of every ship of every card of every state; most are
    /// told without asking the powers, and some are not.
    #[test]
    fn ranges_are_told_as_stat_tells() {
        let (mut asked, mut fixed) = (0, 0);
        let mut extras = Vec::new();
        testing::for_each_state(2, |game| {
            for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                let ceiling = RangeCeiling::new(game, card);
                for ship in game.data.card(card).ship_ids() {
                    extras.clear();
                    powers::extra_weapons(game, ship, &mut extras);
                    let granted = extras.iter().copied().map(WeaponRef::Extra);
                    for weapon in weapons(game, card).chain(granted) {
                        let printed = printed_range(game, card, weapon);
                        assert_eq!(
                            ceiling.range(game, ship, weapon, printed),
                            stats::stat(game, Stat::Range(ship, weapon)),
                            "{ship:?} {weapon:?} at step {}",
                            game.steps()
                        );
                        asked += 1;
                        fixed += usize::from(ceiling.fixed);
                    }
                }
            }
        });
        assert!(fixed > asked / 2, "{fixed} of {asked} ranges fixed");
        assert!(fixed < asked, "all {asked} ranges fixed");
    }

    /// The ships `ship` may attack with `weapon` as the rule reads: enemies
    /// on the battlefield within the weapon's range and their own limit.
    fn targets_as_read(game: &Game, ship: ShipId, weapon: WeaponRef) -> Vec<ShipId> {
        let Some(shape) = movement::shape_of(game, ship) else {
            return Vec::new();
        };
        let range = stats::stat(game, Stat::Range(ship, weapon));
        (0..game.st.ships.len() as u16)
            .map(ShipId)
            .filter(|&target| {
                target != ship
                    && movement::enemies(game, ship, target)
                    && movement::shape_of(game, target).is_some_and(|other| {
                        let distance = shape.distance(&other) as i32;
                        distance <= range
                            && distance <= stats::stat(game, Stat::AttackableWithin(target))
                    })
            })
            .collect()
    }

    /// The targets found are those of the rule as read, in the same order,
    /// for every weapon of every ship of every state.
    #[test]
    fn targets_are_found_as_the_rule_reads() {
        let mut found = Vec::new();
        let mut targets = 0;
        testing::for_each_state(2, |game| {
            for ship in (0..game.st.ships.len() as u16).map(ShipId) {
                for weapon in weapons(game, game.data.card_of(ship)) {
                    found.clear();
                    let _ = each_target(game, ship, weapon, |target| {
                        found.push(target);
                        ControlFlow::Continue(())
                    });
                    let read = targets_as_read(game, ship, weapon);
                    assert_eq!(found, read, "ship {ship:?} at step {}", game.steps());
                    targets += found.len();
                }
            }
        });
        assert!(targets > 10_000, "{targets} targets found");
    }
}
