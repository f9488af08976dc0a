//! Continuous powers: the numbers and statuses they change while their
//! source is in play, answered for [`crate::powers::modified`] and the
//! status queries, plus the lasting effects of triggered powers. A limited
//! continuous power (Flagship's "first time each turn") counts as used
//! when the number it changed is used: [`use_up`] is called at that
//! moment (the activation it discounted, the charge it paid, the attack
//! it lengthened, the ECM roll it eased).

use std::sync::Arc;

use spacedock_schema::common::TacticType;

use crate::effects::eval::{self, Ctx};
use crate::effects::fire::{each_instance, instance, mark_used, used};
use crate::effects::program::{Eff, Modifier, Modify, Origin, Power, StatKind, Status, stat_index};
use crate::effects::state::LastingKind;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, ShipId, TacticId};
use crate::powers::Stat;
use crate::state::{TacticPlace, WeaponRef};

/// What a number belongs to. A card's number may be the cost of a tactic
/// card of a type played on it, and then by whom: a `card-cost` power
/// changes only the cards its own player plays ("when you play").
#[derive(Clone, Copy)]
enum Subject {
    Ship(ShipId, Option<WeaponRef>),
    Card(ShipCardId, Option<TacticType>, Option<PlayerId>),
    /// Damage a ship is dealt, of a named type or none.
    Damage(ShipId, Option<u8>),
}

fn applies(game: &Game, ctx: &Ctx, modify: &Modify, subject: Subject) -> bool {
    match subject {
        Subject::Ship(ship, weapon) => {
            eval::selects(game, ctx, &modify.target, ship)
                && weapon.is_none_or(|weapon| eval::weapon_fits(modify.weapon, weapon, ctx.tactic))
        }
        Subject::Card(card, kind, payer) => {
            eval::selects_card(game, ctx, &modify.target, card)
                && modify.card_type.is_none_or(|wanted| Some(wanted) == kind)
                && payer.is_none_or(|payer| payer == ctx.you)
        }
        Subject::Damage(ship, taken) => {
            eval::selects(game, ctx, &modify.target, ship)
                && modify
                    .damage_type
                    .is_none_or(|wanted| Some(wanted) == taken)
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

/// [`holding`] for a number of `card`: a power that changes it only on
/// the ship its source is attached to holds only from the copies attached
/// to the card (the others, wherever they are, cannot change it).
fn holding_on(game: &Game, modifier: Modifier, card: ShipCardId) -> impl Iterator<Item = Ctx> {
    let index = usize::from(modifier.power);
    let power = &game.data.powers.powers[index];
    power
        .origins
        .iter()
        .filter(move |&&origin| {
            !modifier.attached_only
                || matches!(origin, Origin::Copy(tactic)
                    if eval::attached_to(game, tactic) == Some(card))
        })
        .filter_map(move |&origin| instance(game, index, origin, None))
        .filter(move |ctx| {
            !used(game, ctx, power.limit) && eval::holds(game, ctx, &power.conditions)
        })
}

impl Subject {
    fn card(self, game: &Game) -> ShipCardId {
        match self {
            Subject::Ship(ship, _) | Subject::Damage(ship, _) => game.data.card_of(ship),
            Subject::Card(card, ..) => card,
        }
    }
}

/// The continuous powers that may change a number of `card` now, if any
/// may: those of its list (the others never can). Most of them change only
/// the ship their source is attached to, and most ship cards carry none of
/// those sources: most queries find none, by a look at the card's tactic
/// cards.
#[inline]
fn may_change(game: &Game, stat: StatKind, card: ShipCardId) -> Option<&[Modifier]> {
    let program = &game.data.powers;
    let which = stat_index(stat);
    let carried = &program.carried[which];
    let none = !program.unattached[which][card.index()]
        && game.st.cards[card.index()]
            .attached
            .iter()
            .all(|tactic| !carried[tactic.index()]);
    (!none).then(|| program.modifying[which][card.index()].as_slice())
}

/// A number after the continuous powers of [`may_change`] and then the
/// lasting effects.
#[inline(never)]
fn from_holding(
    game: &Game,
    stat: StatKind,
    subject: Subject,
    modifiers: &[Modifier],
    value: i32,
) -> i32 {
    let value = by_holding(game, stat, subject, modifiers, value);
    if game.st.effects.lasting.is_empty() {
        value
    } else {
        from_lasting(game, stat, subject, value)
    }
}

/// A number after the continuous powers of [`may_change`].
fn by_holding(
    game: &Game,
    stat: StatKind,
    subject: Subject,
    modifiers: &[Modifier],
    mut value: i32,
) -> i32 {
    let card = subject.card(game);
    for &modifier in modifiers {
        let power = &game.data.powers.powers[usize::from(modifier.power)];
        for ctx in holding_on(game, modifier, card) {
            value = modified_by(game, &ctx, power, stat, subject, value);
        }
    }
    value
}

/// A number after what one holding continuous power does to it.
fn modified_by(
    game: &Game,
    ctx: &Ctx,
    power: &Power,
    stat: StatKind,
    subject: Subject,
    mut value: i32,
) -> i32 {
    for effect in &power.effects {
        if let Eff::Modify(modify) = effect
            && modify.stat == stat
            && modify.until.is_none()
            && applies(game, ctx, modify, subject)
        {
            value = change(value, modify.amount, modify.minimum);
        }
    }
    value
}

/// A number after every continuous power and lasting effect that changes
/// it. Most queries are of numbers nothing in the game changes: they are
/// answered where they are asked, without a call.
#[inline]
fn apply(game: &Game, stat: StatKind, subject: Subject, value: i32) -> i32 {
    if !game.data.powers.modifies[stat_index(stat)] {
        return value;
    }
    changed(game, stat, subject, value)
}

/// [`apply`] past its quick exit, out of line: every stat query inlines
/// `apply`, and pays for what it holds.
#[inline(never)]
fn changed(game: &Game, stat: StatKind, subject: Subject, value: i32) -> i32 {
    // Every way out makes at most one call, its last act: the common
    // answer, at once, keeps no value across a call.
    match may_change(game, stat, subject.card(game)) {
        Some(modifiers) => from_holding(game, stat, subject, modifiers, value),
        None if game.st.effects.lasting.is_empty() => value,
        None => from_lasting(game, stat, subject, value),
    }
}

/// `value` changed by `amount`, stopping at `minimum`: a change that
/// lowers a number never takes it below its minimum ("1 less, minimum 1"),
/// and never raises one already below it (a free activation stays free).
#[inline]
fn change(value: i32, amount: i32, minimum: Option<i32>) -> i32 {
    let changed = value + amount;
    match minimum {
        Some(minimum) if changed < minimum => changed.max(value.min(minimum)),
        _ => changed,
    }
}

/// A number after the lasting effects that change it.
#[inline(never)]
fn from_lasting(game: &Game, stat: StatKind, subject: Subject, mut value: i32) -> i32 {
    for lasting in &game.st.effects.lasting {
        let (fits, amount, minimum) = match lasting.kind {
            LastingKind::Modify {
                stat: lasting_stat,
                amount,
                minimum,
                weapon,
                tactic,
            } => {
                let fits = lasting_stat == stat
                    && match subject {
                        Subject::Ship(ship, which) => {
                            lasting.ship == ship
                                && which
                                    .is_none_or(|which| eval::weapon_fits(weapon, which, tactic))
                        }
                        Subject::Card(card, ..) => game.data.card_of(lasting.ship) == card,
                        Subject::Damage(..) => false,
                    };
                (fits, amount, minimum)
            }
            LastingKind::Damage {
                amount,
                minimum,
                damage_type,
            } => {
                let fits = stat == StatKind::Damage
                    && matches!(subject, Subject::Damage(ship, taken)
                        if lasting.ship == ship
                            && damage_type.is_none_or(|wanted| Some(wanted) == taken));
                (fits, amount, minimum)
            }
            LastingKind::CardCost {
                amount,
                minimum,
                card_type,
                you,
            } => {
                let fits = stat == StatKind::CardCost
                    && matches!(subject, Subject::Card(card, kind, payer)
                        if game.data.card_of(lasting.ship) == card
                            && card_type.is_none_or(|wanted| Some(wanted) == kind)
                            && payer.is_none_or(|payer| payer == you));
                (fits, amount, minimum)
            }
            LastingKind::DenyCover | LastingKind::ExtraWeapon(_) => continue,
        };
        if fits {
            value = change(value, amount, minimum);
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
            Subject::Card(card, None, None),
            value,
        )
        .max(0),
        Stat::Capacity(card) => apply(
            game,
            StatKind::Capacity,
            Subject::Card(card, None, None),
            value,
        ),
        Stat::TacticCostOn { tactic, card } => {
            let kind = game.data.kind_of(tactic).kind;
            // The player holding the card is the one who would play it.
            let payer = match game.st.tactics[tactic.index()].place {
                TacticPlace::Hand(player) => Some(player),
                _ => None,
            };
            apply(
                game,
                StatKind::CardCost,
                Subject::Card(card, Some(kind), payer),
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
                apply(
                    game,
                    StatKind::Damage,
                    Subject::Damage(ship, damage_type),
                    value,
                )
                .max(0)
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

// Out of line, like `attack_range_limit`: a rarer query, kept from
// weighing on every other one [`modified`] answers.
#[inline(never)]
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

#[inline(never)]
fn attack_range_limit(game: &Game, ship: ShipId) -> Option<i32> {
    // Asked for every target of every attack list, in most games of no
    // power: an empty list needs no iterator set up.
    if game.data.powers.statuses[Status::AttackRangeLimit as usize].is_empty() {
        return None;
    }
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

/// Whether a power in a context changes the number of a stat of a card
/// (or of a ship).
fn hits(
    game: &Game,
    ctx: &Ctx,
    power: &Power,
    stat: StatKind,
    card: Option<ShipCardId>,
    ship: Option<ShipId>,
    taken: Option<u8>,
) -> bool {
    power.effects.iter().any(|effect| match effect {
        Eff::Modify(modify) if modify.stat == stat => {
            let of_type = modify
                .damage_type
                .is_none_or(|wanted| Some(wanted) == taken);
            of_type
                && match (card, ship) {
                    (Some(card), _) => eval::selects_card(game, ctx, &modify.target, card),
                    (None, Some(ship)) => eval::selects(game, ctx, &modify.target, ship),
                    (None, None) => false,
                }
        }
        _ => false,
    })
}

/// Marks used the limited continuous powers of a stat that apply to a
/// card or ship now (their number was just used).
pub(crate) fn use_up(
    game: &mut Game,
    stat: StatKind,
    card: Option<ShipCardId>,
    ship: Option<ShipId>,
) {
    use_up_of(game, stat, card, ship, None);
}

/// [`use_up`] for the damage of type `taken` about to be dealt to `ship`,
/// in the state its amount was found in (before the pegs change, as a
/// power's conditions may ask of them): the powers changing damage of
/// another type, or any kept off, are not used.
pub(crate) fn use_up_damage(game: &mut Game, ship: ShipId, taken: Option<u8>) {
    if game.data.powers.limits[stat_index(StatKind::Damage)]
        && prevented(game, ship, taken).is_none()
    {
        use_up_of(game, StatKind::Damage, None, Some(ship), taken);
    }
}

fn use_up_of(
    game: &mut Game,
    stat: StatKind,
    card: Option<ShipCardId>,
    ship: Option<ShipId>,
    taken: Option<u8>,
) {
    let subject = match (card, ship) {
        (Some(card), _) => card,
        (None, Some(ship)) => game.data.card_of(ship),
        (None, None) => return,
    };
    let data = Arc::clone(&game.data);
    let program = &data.powers;
    for &modifier in &program.limited[stat_index(stat)][subject.index()] {
        let power = &program.powers[usize::from(modifier.power)];
        // Marking one source used changes nothing the others are judged
        // by, and takes it out of `holding`: so this marks, in order, the
        // same sources as collecting them first would, without a list.
        loop {
            let next = holding_on(game, modifier, subject)
                .find(|ctx| hits(game, ctx, power, stat, card, ship, taken));
            let Some(ctx) = next else {
                break;
            };
            mark_used(game, &ctx, power.limit);
        }
    }
}

/// Marks used a limited power that just kept damage off a ship, and the
/// other copies of its card on the same ship: "the first time in each
/// activation that it would take ECM damage" has passed for them too, so
/// two copies do not stop a second hit.
pub(crate) fn use_up_prevention(game: &mut Game, ship: ShipId, damage_type: Option<u8>) {
    let Some((index, ctx)) = prevented(game, ship, damage_type) else {
        return;
    };
    let data = Arc::clone(&game.data);
    let power = &data.powers.powers[index];
    if power.limit.is_none() {
        return;
    }
    let copies: Vec<Ctx> = holding(game, index, power)
        .filter(|other| other.attached.is_some() && other.attached == ctx.attached)
        .collect();
    mark_used(game, &ctx, power.limit);
    for other in &copies {
        mark_used(game, other, power.limit);
    }
}

#[cfg(test)]
mod tests {
    use spacedock_schema::common::TacticType;

    use std::sync::Arc;

    use super::{Subject, by_holding, hits, holding, mark_used, may_change, modified_by, use_up};
    use crate::effects::program::{STAT_KINDS, StatKind};
    use crate::game::Game;
    use crate::ids::{ShipCardId, ShipId};
    use crate::rules::testing::for_each_state;
    use crate::state::WeaponRef;

    /// A number after the continuous powers, as the queries find it.
    fn from_powers(game: &Game, stat: StatKind, subject: Subject, value: i32) -> i32 {
        may_change(game, stat, subject.card(game)).map_or(value, |modifiers| {
            by_holding(game, stat, subject, modifiers, value)
        })
    }

    /// [`from_powers`] as the scan of the whole program it shortens.
    fn from_every_power(game: &Game, stat: StatKind, subject: Subject, mut value: i32) -> i32 {
        for (index, power) in game.data.powers.powers.iter().enumerate() {
            if power.when.is_none() {
                for ctx in holding(game, index, power) {
                    value = modified_by(game, &ctx, power, stat, subject, value);
                }
            }
        }
        value
    }

    /// [`use_up`] as the scan of the whole program it shortens.
    fn use_up_every_power(
        game: &mut Game,
        stat: StatKind,
        card: Option<ShipCardId>,
        ship: Option<ShipId>,
    ) {
        let data = Arc::clone(&game.data);
        for (index, power) in data.powers.powers.iter().enumerate() {
            if power.when.is_some() || power.limit.is_none() {
                continue;
            }
            loop {
                let next = holding(game, index, power)
                    .find(|ctx| hits(game, ctx, power, stat, card, ship, None));
                let Some(ctx) = next else {
                    break;
                };
                mark_used(game, &ctx, power.limit);
            }
        }
    }

    /// Every number of every ship and ship card a stat query can ask.
    fn subjects(game: &Game) -> Vec<(StatKind, Subject)> {
        let mut out = Vec::new();
        for stat in STAT_KINDS {
            for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                for kind in [None, Some(TacticType::Event), Some(TacticType::Sabotage)] {
                    out.push((stat, Subject::Card(card, kind, None)));
                }
                let mut weapons = vec![
                    None,
                    Some(WeaponRef::Primary),
                    Some(WeaponRef::Secondary(0)),
                ];
                weapons.extend(
                    game.st.cards[card.index()]
                        .attached
                        .iter()
                        .map(|&tactic| Some(WeaponRef::Additional(tactic))),
                );
                for ship in game.data.card(card).ship_ids() {
                    for &weapon in &weapons {
                        out.push((stat, Subject::Ship(ship, weapon)));
                    }
                    for taken in [None, Some(0), Some(4)] {
                        out.push((stat, Subject::Damage(ship, taken)));
                    }
                }
            }
        }
        out
    }

    /// The per-card lists of modifiers and the quick exit by the tactic
    /// cards a card carries change no number in the states of the base
    /// pack's games, and use up the same powers.
    #[test]
    fn the_modifier_lists_agree_with_a_scan_of_every_power() {
        // Every stat of every subject, with two copies of the game per
        // stat and ship, is minutes a game in a debug build: one state in
        // `SAMPLE` keeps the test to seconds and still meets every
        // mission's powers.
        const SAMPLE: usize = 8;
        let (mut changed, mut marked, mut seen) = (0, 0, 0_usize);
        for_each_state(1, |game| {
            seen += 1;
            if seen % SAMPLE != 0 {
                return;
            }
            for (stat, subject) in subjects(game) {
                for value in [0, 3] {
                    let plain = from_every_power(game, stat, subject, value);
                    assert_eq!(from_powers(game, stat, subject, value), plain);
                    changed += usize::from(plain != value);
                }
            }
            for stat in STAT_KINDS {
                for ship in (0..game.st.ships.len() as u16).map(ShipId) {
                    let card = game.data.card_of(ship);
                    for (card, ship) in [(Some(card), None), (None, Some(ship))] {
                        let mut fast = game.clone();
                        use_up(&mut fast, stat, card, ship);
                        let mut plain = game.clone();
                        use_up_every_power(&mut plain, stat, card, ship);
                        assert_eq!(fast.st.effects.uses, plain.st.effects.uses);
                        marked += usize::from(fast.st.effects.uses != game.st.effects.uses);
                    }
                }
            }
        });
        assert!(changed > 0 && marked > 0, "{changed} {marked}");
    }
}
