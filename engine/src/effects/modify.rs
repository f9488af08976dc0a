//! Continuous powers: the numbers and statuses they change while their
//! source is in play, answered for [`crate::powers::modified`] and the
//! status queries, plus the lasting effects of triggered powers. A limited
//! continuous power (Flagship's "first time each turn") counts as used
//! when the number it changed is used: [`use_up`] is called at that
//! moment (the activation it discounted, the attack it lengthened).

use std::sync::Arc;

use spacedock_schema::common::TacticType;

use crate::effects::eval::{self, Ctx};
use crate::effects::fire::{each_instance, mark_used, used};
use crate::effects::program::{Eff, Modify, Power, StatKind, Status, stat_index};
use crate::effects::state::LastingKind;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, ShipId, TacticId};
use crate::powers::Stat;
use crate::state::WeaponRef;

/// What a number belongs to.
#[derive(Clone, Copy)]
enum Subject {
    Ship(ShipId, Option<WeaponRef>),
    Card(ShipCardId, Option<TacticType>),
}

fn applies(game: &Game, ctx: &Ctx, modify: &Modify, subject: Subject) -> bool {
    match subject {
        Subject::Ship(ship, weapon) => {
            eval::selects(game, ctx, &modify.target, ship)
                && weapon.is_none_or(|weapon| eval::weapon_fits(modify.weapon, weapon, ctx.tactic))
        }
        Subject::Card(card, kind) => {
            eval::selects_card(game, ctx, &modify.target, card)
                && modify.card_type.is_none_or(|wanted| Some(wanted) == kind)
        }
    }
}

/// The contexts in which a continuous power holds now: its sources in
/// play, not used up, whose conditions hold. Read as they come: a query
/// collects nothing.
fn holding<'a>(game: &'a Game, index: usize, power: &'a Power) -> impl Iterator<Item = Ctx> + 'a {
    each_instance(game, index, power, None).filter(move |ctx| {
        !used(game, ctx, power.limit) && eval::holds(game, ctx, &power.conditions)
    })
}

fn apply(game: &Game, stat: StatKind, subject: Subject, mut value: i32) -> i32 {
    let program = &game.data.powers;
    let which = stat_index(stat);
    if !program.modifies[which] {
        return value;
    }
    for &index in &program.modifying[which] {
        let power = &program.powers[usize::from(index)];
        for ctx in holding(game, usize::from(index), power) {
            for effect in &power.effects {
                if let Eff::Modify(modify) = effect
                    && modify.stat == stat
                    && modify.until.is_none()
                    && applies(game, &ctx, modify, subject)
                {
                    value += modify.amount;
                    if let Some(minimum) = modify.minimum {
                        value = value.max(minimum);
                    }
                }
            }
        }
    }
    for lasting in &game.st.effects.lasting {
        let LastingKind::Modify {
            stat: lasting_stat,
            amount,
            minimum,
            weapon,
            tactic,
        } = lasting.kind
        else {
            continue;
        };
        let fits = lasting_stat == stat
            && match subject {
                Subject::Ship(ship, which) => {
                    lasting.ship == ship
                        && which.is_none_or(|which| eval::weapon_fits(weapon, which, tactic))
                }
                Subject::Card(card, _) => game.data.card_of(lasting.ship) == card,
            };
        if fits {
            value += amount;
            if let Some(minimum) = minimum {
                value = value.max(minimum);
            }
        }
    }
    value
}

/// A number after every continuous power and lasting effect.
pub(crate) fn modified(game: &Game, stat: Stat, value: i32) -> i32 {
    match stat {
        Stat::Move(ship) => apply(game, StatKind::Move, Subject::Ship(ship, None), value),
        Stat::Range(ship, weapon) => apply(
            game,
            StatKind::Range,
            Subject::Ship(ship, Some(weapon)),
            value,
        ),
        Stat::Attacks(ship, weapon) => apply(
            game,
            StatKind::Attacks,
            Subject::Ship(ship, Some(weapon)),
            value,
        ),
        Stat::Strength(ship, weapon) => apply(
            game,
            StatKind::Strength,
            Subject::Ship(ship, Some(weapon)),
            value,
        ),
        Stat::ChargeCost(ship, weapon) => apply(
            game,
            StatKind::ChargeCost,
            Subject::Ship(ship, Some(weapon)),
            value,
        )
        .max(0),
        Stat::ActivationCost(card) => apply(
            game,
            StatKind::ActivationCost,
            Subject::Card(card, None),
            value,
        )
        .max(0),
        Stat::Capacity(card) => apply(game, StatKind::Capacity, Subject::Card(card, None), value),
        Stat::TacticCostOn { tactic, card } => {
            let kind = game.data.kind_of(tactic).kind;
            apply(
                game,
                StatKind::CardCost,
                Subject::Card(card, Some(kind)),
                value,
            )
            .max(0)
        }
        Stat::EcmThreshold { enemy, .. } => apply(
            game,
            StatKind::EcmThreshold,
            Subject::Ship(enemy, None),
            value,
        ),
        Stat::Damage {
            ship, damage_type, ..
        } => {
            if prevented(game, ship, damage_type).is_some() {
                0
            } else {
                value
            }
        }
        Stat::Cover(ship) => i32::from(!cover_denied(game, ship) && value > 0),
        Stat::AttackableWithin(ship) => {
            attack_range_limit(game, ship).map_or(value, |l| value.min(l))
        }
        _ => value,
    }
}

/// Continuous powers of a status kind in play, with their contexts.
fn statuses(game: &Game, status: Status) -> impl Iterator<Item = (usize, Ctx, &Power)> {
    let program = &game.data.powers;
    program.statuses[status as usize]
        .iter()
        .flat_map(move |&index| {
            let index = usize::from(index);
            let power = &program.powers[index];
            holding(game, index, power).map(move |ctx| (index, ctx, power))
        })
}

/// The power that keeps damage of a type off a ship, if one does.
fn prevented(game: &Game, ship: ShipId, damage_type: Option<u8>) -> Option<(usize, Ctx)> {
    // Only damage of a type is ever prevented.
    damage_type?;
    statuses(game, Status::PreventDamage).find_map(|(index, ctx, power)| {
        power
            .effects
            .iter()
            .any(|effect| {
                matches!(effect, Eff::PreventDamage { damage_type: kind, target }
                    if *kind == damage_type && eval::selects(game, &ctx, target, ship))
            })
            .then_some((index, ctx))
    })
}

fn cover_denied(game: &Game, ship: ShipId) -> bool {
    game.st
        .effects
        .lasting
        .iter()
        .any(|l| l.ship == ship && l.kind == LastingKind::DenyCover)
        || statuses(game, Status::DenyCover).any(|(_, ctx, power)| {
            power.effects.iter().any(|effect| {
                matches!(effect, Eff::DenyCover { until: None, target }
                        if eval::selects(game, &ctx, target, ship))
            })
        })
}

fn attack_range_limit(game: &Game, ship: ShipId) -> Option<i32> {
    statuses(game, Status::AttackRangeLimit)
        .flat_map(|(_, ctx, power)| {
            power.effects.iter().filter_map(move |effect| match effect {
                Eff::AttackRangeLimit { range, target }
                    if eval::selects(game, &ctx, target, ship) =>
                {
                    Some(*range)
                }
                _ => None,
            })
        })
        .min()
}

/// The extra weapons a ship has now (compiled indices, in the order the
/// powers grant them): from continuous powers whose target picks it, then
/// from lasting effects of triggered ones.
pub(crate) fn extra_weapons(game: &Game, ship: ShipId, out: &mut Vec<u16>) {
    for (_, ctx, power) in statuses(game, Status::ExtraWeapon) {
        for effect in &power.effects {
            if let Eff::ExtraWeapon {
                weapon,
                target,
                until: None,
            } = effect
                && eval::selects(game, &ctx, target, ship)
                && !out.contains(weapon)
            {
                out.push(*weapon);
            }
        }
    }
    for lasting in &game.st.effects.lasting {
        if let LastingKind::ExtraWeapon(weapon) = lasting.kind
            && lasting.ship == ship
            && !out.contains(&weapon)
        {
            out.push(weapon);
        }
    }
}

/// Whether ships in a carrier's hold may be launched in the turn it was.
pub(crate) fn quick_launch(game: &Game, carrier: ShipCardId) -> bool {
    statuses(game, Status::QuickLaunch).any(|(_, ctx, power)| {
        power.effects.iter().any(|effect| {
            matches!(effect, Eff::QuickLaunch { target } if eval::selects_card(game, &ctx, target, carrier))
        })
    })
}

/// Whether a ship card counts as of the faction of a tactic card kind too,
/// for attaching it.
pub(crate) fn treated_as(game: &Game, card: ShipCardId, kind: usize) -> bool {
    treated_as_faction(game, card, game.data.powers.kind_faction[kind])
}

/// Whether a power treats a ship card as of a faction too (for attaching).
pub(crate) fn treated_as_faction(game: &Game, card: ShipCardId, faction: u8) -> bool {
    statuses(game, Status::TreatAsFaction).any(|(_, ctx, power)| {
        power.effects.iter().any(|effect| {
            matches!(effect, Eff::TreatAsFaction { faction: f, target }
                if *f == faction && eval::selects_card(game, &ctx, target, card))
        })
    })
}

/// Whether `player` may play (attach) a tactic card on a ship card: its
/// `target` picks the card and its conditions hold.
pub(crate) fn may_play_on(
    game: &Game,
    player: PlayerId,
    tactic: TacticId,
    card: ShipCardId,
) -> bool {
    let kind = game.data.tactics[tactic.index()].kind;
    let play = &game.data.powers.plays[kind];
    let ctx = Ctx {
        power: u16::MAX,
        instance: tactic.0,
        you: player,
        tactic: Some(tactic),
        attaching: true,
        ..Ctx::default()
    };
    play.target
        .as_ref()
        .is_none_or(|target| eval::selects_card(game, &ctx, target, card))
        && eval::holds(game, &ctx, &play.conditions)
}

/// Marks used the limited continuous powers of a stat that apply to a
/// card or ship now (their number was just used).
pub(crate) fn use_up(
    game: &mut Game,
    stat: StatKind,
    card: Option<ShipCardId>,
    ship: Option<ShipId>,
) {
    let data = Arc::clone(&game.data);
    let program = &data.powers;
    for &index in &program.limited[stat_index(stat)] {
        let power = &program.powers[usize::from(index)];
        let hit = |game: &Game, ctx: &Ctx| {
            power.effects.iter().any(|effect| match effect {
                Eff::Modify(modify) if modify.stat == stat => match (card, ship) {
                    (Some(card), _) => eval::selects_card(game, ctx, &modify.target, card),
                    (None, Some(ship)) => eval::selects(game, ctx, &modify.target, ship),
                    (None, None) => false,
                },
                _ => false,
            })
        };
        // Marking one source used changes nothing the others are judged
        // by, and takes it out of `holding`: so this marks, in order, the
        // same sources as collecting them first would, without a list.
        loop {
            let next = holding(game, usize::from(index), power).find(|ctx| hit(game, ctx));
            let Some(ctx) = next else {
                break;
            };
            mark_used(game, &ctx, power.limit);
        }
    }
}

/// Marks used a limited power that just kept damage off a ship.
pub(crate) fn use_up_prevention(game: &mut Game, ship: ShipId, damage_type: Option<u8>) {
    if let Some((index, ctx)) = prevented(game, ship, damage_type) {
        let limit = game.data.powers.powers[index].limit;
        mark_used(game, &ctx, limit);
    }
}
