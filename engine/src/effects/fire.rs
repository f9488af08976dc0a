//! Firing powers: the engine's trigger points ([`crate::powers::Trigger`])
//! read as the language's triggers, every power listening to one fired in
//! order (its sources in play, its limit, its conditions, its cost), and
//! the events its players hold that answer it played.
//!
//! Also the bookkeeping the triggers drive: the attack under way, lasting
//! effects that end, limited continuous powers used up, sabotage cards'
//! attachers, and the alternative draw of an energy phase.

use std::sync::Arc;

use spacedock_schema::common::TacticType;
use spacedock_schema::effect::{Dice, Limit, Rest, Role, Trigger as When, Until};

use crate::action::Target;
use crate::effects::eval::{self, Ctx, Ships};
use crate::effects::program::{Cond, Eff, Origin, Power, StatKind, stat_index};
use crate::effects::state::{AttackNow, Use};
use crate::effects::{actions, choices, modify, run};
use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, ShipId, TacticId};
use crate::powers::{Stat, Trigger};
use crate::question::{self, About, Answer};
use crate::rules::{activation, cards, energy, stats, victory};
use crate::state::{CardPlace, TacticPlace, TurnPhase, WeaponRef};

/// What a triggering event names.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ev {
    /// The player whose event it is (whose phase, whose ship acted).
    pub(crate) player: PlayerId,
    pub(crate) acting: Ships,
    pub(crate) affected: Ships,
    pub(crate) card: Option<TacticId>,
    pub(crate) weapon: Option<WeaponRef>,
    pub(crate) dealt: (i32, i32),
}

impl Ev {
    pub(crate) fn into_ctx(self, mut ctx: Ctx) -> Ctx {
        ctx.acting = self.acting;
        ctx.affected = self.affected;
        ctx.card = self.card;
        ctx.weapon = self.weapon;
        ctx.dealt = self.dealt;
        ctx
    }
}

/// The player who attached a sabotage card (or, failing a record, the
/// first player of its deck).
pub(crate) fn attacher(game: &Game, tactic: TacticId) -> PlayerId {
    game.st
        .effects
        .attached_by
        .iter()
        .find(|(card, _)| *card == tactic)
        .map_or_else(
            || {
                let deck = usize::from(game.data.tactics[tactic.index()].deck);
                game.data.decks[deck]
                    .players
                    .first()
                    .copied()
                    .unwrap_or_default()
            },
            |(_, player)| *player,
        )
}

/// The controller of an attached card: its ship's controller, or for a
/// sabotage card the player who attached it.
pub(crate) fn card_controller(game: &Game, tactic: TacticId, card: ShipCardId) -> PlayerId {
    if game.data.kind_of(tactic).kind == TacticType::Sabotage {
        attacher(game, tactic)
    } else {
        game.st.cards[card.index()].controller
    }
}

/// The contexts of a power's sources in play, all taken before any of them
/// acts (acting changes the game); for a rule, its players (only `player`
/// when given, if the rule is for them).
pub(crate) fn instances(
    game: &Game,
    index: usize,
    power: &Power,
    player: Option<PlayerId>,
) -> Instances {
    taken(each_instance(game, index, power, player))
}

/// Contexts collected all at once, as [`instances`] returns them.
type Instances = std::iter::Chain<std::option::IntoIter<Ctx>, std::vec::IntoIter<Ctx>>;

/// Collects contexts. Powers fire thousands of times a game, nearly always
/// with one source in play at most: only the others go into a list.
#[inline]
fn taken(each: impl Iterator<Item = Ctx>) -> Instances {
    // One loop rather than `next` then `collect`, which measured dearer
    // (100 random DZB games 232.5 M -> 232.9 M instructions, greedy
    // 348.3 M -> 349.2 M).
    let (mut first, mut rest) = (None, Vec::new());
    for ctx in each {
        match first {
            None => first = Some(ctx),
            Some(_) => rest.push(ctx),
        }
    }
    first.into_iter().chain(rest)
}

/// [`instances`] of the sources that can hear a trigger: a power whose
/// conditions want an acting ship of its own card (or of the card its card
/// is attached to) is not heard from where that card is not acting, and
/// the context of such a source is not even made.
#[inline]
pub(crate) fn hearing(game: &Game, index: usize, power: &Power, ev: &Ev) -> Instances {
    let actor = game.data.powers.actors[index];
    // Most triggers are heard from no source of most of their powers: that
    // is found here, without a call, before anything is collected.
    if !power
        .origins
        .iter()
        .any(|&origin| hears(game, actor, origin, ev.acting))
    {
        return None.into_iter().chain(Vec::new());
    }
    let player = match power.origins.first() {
        Some(Origin::Seat(_)) => seat_hearing(game, power, ev),
        _ => ev.player,
    };
    taken(
        power
            .origins
            .iter()
            .filter(|&&origin| hears(game, actor, origin, ev.acting))
            .filter_map(|&origin| instance(game, index, origin, Some(player))),
    )
}

/// The player a mission rule acts for at `ev`: the event's player when
/// the rule is for them; else, at an event that befalls a ship (an
/// attack, a hit or a miss, damage, a destruction), that ship's
/// controller when the rule is for them. So a rule for one side answers
/// what the other side does to its ships ("whenever one of your ships
/// takes damage"), and still acts once an event.
fn seat_hearing(game: &Game, power: &Power, ev: &Ev) -> PlayerId {
    let for_seat = |player| power.origins.contains(&Origin::Seat(player));
    if let Ships::One(ship) = ev.affected
        && !for_seat(ev.player)
    {
        let controller = eval::controller_of(game, ship);
        if for_seat(controller) {
            return controller;
        }
    }
    ev.player
}

/// Whether a power from `origin` whose acting ship must be of `actor`'s
/// card may act when `acting` act.
#[inline]
fn hears(game: &Game, actor: Option<Role>, origin: Origin, acting: Ships) -> bool {
    let card = match (actor, origin) {
        (None, _) => return true,
        (Some(Role::This), Origin::Ship(card)) => card,
        (Some(Role::AttachedShip), Origin::Copy(tactic)) => {
            let Some(card) = eval::attached_to(game, tactic) else {
                return false;
            };
            card
        }
        _ => return false,
    };
    match acting {
        Ships::None => false,
        Ships::One(ship) => game.data.card_of(ship) == card,
        Ships::Card(acting) => acting == card,
    }
}

/// [`instances`] one by one, read from the game as they are asked for:
/// the stat queries, thousands per game, collect nothing.
pub(crate) fn each_instance<'a>(
    game: &'a Game,
    index: usize,
    power: &'a Power,
    player: Option<PlayerId>,
) -> impl Iterator<Item = Ctx> + 'a {
    power
        .origins
        .iter()
        .filter_map(move |&origin| instance(game, index, origin, player))
}

/// The context of power `index` from one of its origins, if that is in
/// play (a seat: if it is `player`, when given).
#[inline]
pub(crate) fn instance(
    game: &Game,
    index: usize,
    origin: Origin,
    player: Option<PlayerId>,
) -> Option<Ctx> {
    let base = Ctx {
        power: index as u16,
        ..Ctx::default()
    };
    match origin {
        Origin::Ship(card) => {
            let state = &game.st.cards[card.index()];
            (state.place == CardPlace::Launched && activation::has_ships_on_battlefield(game, card))
                .then_some(Ctx {
                    instance: card.0,
                    you: state.controller,
                    this: Some(card),
                    ..base
                })
        }
        Origin::Copy(tactic) => {
            let card = eval::attached_to(game, tactic)?;
            Some(Ctx {
                instance: tactic.0,
                you: card_controller(game, tactic, card),
                attached: Some(card),
                tactic: Some(tactic),
                ..base
            })
        }
        Origin::Seat(seat) => player.is_none_or(|player| player == seat).then_some(Ctx {
            instance: u16::from(seat.0),
            you: seat,
            ..base
        }),
    }
}

fn stamp(game: &Game, limit: Limit) -> u32 {
    match limit {
        Limit::OncePerActivation => game.st.effects.activations,
        Limit::OncePerTurn => game.st.turn,
        Limit::OncePerRound => game.st.round,
        Limit::OncePerGame => 0,
    }
}

/// Whether a limited power has acted in its period.
pub(crate) fn used(game: &Game, ctx: &Ctx, limit: Option<Limit>) -> bool {
    limit.is_some_and(|limit| {
        let stamp = stamp(game, limit);
        game.st.effects.uses.iter().any(|used| {
            used.power == ctx.power && used.instance == ctx.instance && used.stamp == stamp
        })
    })
}

pub(crate) fn mark_used(game: &mut Game, ctx: &Ctx, limit: Option<Limit>) {
    let Some(limit) = limit else {
        return;
    };
    let stamp = stamp(game, limit);
    let uses = &mut game.st.effects.uses;
    uses.retain(|used| !(used.power == ctx.power && used.instance == ctx.instance));
    uses.push(Use {
        power: ctx.power,
        instance: ctx.instance,
        stamp,
    });
}

fn has_turn_condition(power: &Power) -> bool {
    power
        .conditions
        .iter()
        .any(|condition| matches!(condition, Cond::Turn(_)))
}

/// Fires the powers listening to `when` that `only` accepts.
#[inline]
fn fire(game: &mut Game, when: When, ev: &Ev, only: &dyn Fn(&Power) -> bool) {
    // Most triggers of a game have no listener: they cost no call.
    if !game.data.powers.listening(when).is_empty() {
        fire_listening(game, when, ev, only);
    }
}

/// [`fire`] for a trigger some power listens to.
fn fire_listening(game: &mut Game, when: When, ev: &Ev, only: &dyn Fn(&Power) -> bool) {
    let data = Arc::clone(&game.data);
    for &index in data.powers.listening(when) {
        let index = usize::from(index);
        let power = &data.powers.powers[index];
        if !only(power) {
            continue;
        }
        for ctx in hearing(game, index, power, ev) {
            if game.st.outcome.is_some() || hit_cancelled(game, when) || survived(game, when) {
                return;
            }
            // A card may have left play since the list was made.
            if ctx
                .tactic
                .is_some_and(|t| eval::attached_to(game, t) != ctx.attached)
            {
                continue;
            }
            // A round's start and end are fired once for each player: each
            // power acts in its controller's.
            if ctx.you != ev.player
                && (when.is_round_boundary()
                    || (when.is_phase_boundary() && !has_turn_condition(power)))
            {
                continue;
            }
            act(game, &ev.into_ctx(ctx), index, power);
        }
    }
}

/// A triggered power acts in `ctx` if its limit, conditions and cost
/// allow and, when optional, its player wants it: paid, marked used, its
/// effects done. Whether it acted.
fn act(game: &mut Game, ctx: &Ctx, index: usize, power: &Power) -> bool {
    if game.runaway {
        return false;
    }
    if game.chain >= crate::game::MAX_CHAIN {
        game.runaway = true;
        return false;
    }
    if used(game, ctx, power.limit)
        || !eval::holds(game, ctx, &power.conditions)
        || !energy::can_pay(game, ctx.you, power.cost)
    {
        return false;
    }
    if power.optional
        && !(actions::would_act(game, ctx, &power.effects, power.cost)
            && ask_to_use(game, ctx, index))
    {
        return false;
    }
    game.emit_reported(|game| Event::PowerActed {
        source: eval::source(game, ctx),
        player: ctx.you,
    });
    energy::spend_energy(game, ctx.you, power.cost);
    mark_used(game, ctx, power.limit);
    game.chain += 1;
    run::run(game, ctx, &power.effects);
    game.chain -= 1;
    true
}

/// Asks the power's player whether to use an optional power (one that
/// would change something: [`actions::useful`]).
fn ask_to_use(game: &mut Game, ctx: &Ctx, power: usize) -> bool {
    question::ask_yes(
        game,
        ctx.you,
        About::OptionalPower {
            power: power as u16,
            source: ctx.instance,
        },
    )
}

/// Whether a power already saved the ship whose destruction is being
/// answered: one `survive` is enough ("the first time ... it is not"), and
/// a second copy of the card stays attached.
fn survived(game: &Game, when: When) -> bool {
    when == When::Destroy && game.st.effects.survived
}

fn hit_cancelled(game: &Game, when: When) -> bool {
    when == When::Hit
        && game
            .st
            .effects
            .attack
            .is_some_and(|attack| attack.cancelled)
}

/// Events in the players' hands that answer `when` are offered to their
/// holders, in turn from `first`, when they can be paid for, their
/// conditions hold and they have a target: the holder answers whether to
/// play it, and on what. Events that answer an activation are the active
/// player's ordinary actions instead, before its ships move or attack.
#[inline]
fn react(game: &mut Game, when: When, ev: &Ev, first: PlayerId) {
    // Most triggers have no event answering them: they cost no call.
    if when != When::Activation && !game.data.powers.answers(when).is_empty() {
        offer_answers(game, when, ev, first);
    }
}

/// [`react`] for a trigger some event answers: each player in turn from
/// `first` is offered each kind of event answering it, again after each
/// copy played while another copy is in hand (the cards set no limit).
fn offer_answers(game: &mut Game, when: When, ev: &Ev, first: PlayerId) {
    if !answer_held(game, when) {
        return;
    }
    let data = Arc::clone(&game.data);
    let seats = data.players.len();
    for step in 0..seats {
        let player = PlayerId(((first.index() + step) % seats) as u8);
        for &kind in data.powers.answers(when) {
            let kind = usize::from(kind);
            // At most the copies held now: a card an effect puts back into
            // the hand is not offered again.
            let held = game.st.players[player.index()]
                .hand
                .iter()
                .filter(|card| data.tactics[card.index()].kind == kind)
                .count();
            for _ in 0..held {
                // A miss is answered once dice are chosen to re-roll; a re-roll
                // answering a hit leaves the other answers to the hit open.
                if game.st.outcome.is_some()
                    || hit_cancelled(game, when)
                    || (when == When::Miss && reroll_pending(game))
                {
                    return;
                }
                if !offer_answer(game, ev, player, kind) {
                    break;
                }
            }
        }
    }
}

/// Offers `player` to play an event of `kind` from the hand in answer to
/// `ev`, if one can be played; whether one was.
fn offer_answer(game: &mut Game, ev: &Ev, player: PlayerId, kind: usize) -> bool {
    let data = Arc::clone(&game.data);
    let play = &data.powers.plays[kind];
    let Some(card) = choices::in_hand(game, player, kind) else {
        return false;
    };
    let phase_ok = cards::phase_allows(game, data.kinds[kind].phase);
    let cost = stats::stat(game, Stat::TacticCost(card));
    // "At any point during your turn" a player may discard for energy: in
    // their own turn the other cards in hand may pay for the reaction.
    let spare = if cards::may_discard_now(game, player) {
        game.st.players[player.index()].hand.len() - 1
    } else {
        0
    };
    if !phase_ok || !energy::can_pay_discarding(game, player, cost, spare) {
        return false;
    }
    let ctx = ev.into_ctx(Ctx {
        power: u16::MAX,
        instance: card.0,
        you: player,
        tactic: Some(card),
        ..Ctx::default()
    });
    let mut options: Vec<Answer> = Vec::new();
    each_target(game, &ctx, kind, |target| {
        options.push(Answer::Play(target));
    });
    if options.is_empty() {
        return false;
    }
    options.push(Answer::No);
    let Answer::Play(target) = question::ask(game, player, About::Reaction { card }, options)
    else {
        return false;
    };
    let ctx = Ctx {
        target: match target {
            Target::Card(card) => Some(card),
            _ => None,
        },
        ..ctx
    };
    // The shortfall is paid by discards of the player's choice. Bounded by
    // the hand: a ruleset may make a discard worth nothing.
    for _ in 0..spare {
        if energy::can_pay(game, player, cost) {
            break;
        }
        let Some(discarded) = choices::discard_choice(game, player, Some(card)) else {
            break;
        };
        cards::discard_for_energy(game, player, discarded);
    }
    if !energy::spend_energy(game, player, cost) {
        return false;
    }
    // Out of the hand while it resolves, as a card played in turn is: an
    // effect that sets off its own trigger again must not find it there
    // to play once more.
    cards::take_from_hand(game, player, card);
    game.emit(Event::CardPlayed {
        player,
        card,
        target,
    });
    run::run(game, &ctx, &play.effects);
    if game.st.tactics[card.index()].place == TacticPlace::Hand(player) {
        cards::discard(game, card);
    }
    true
}

/// Whether some hand holds an event that answers `when`: one look at each
/// card held, where offering them looks for every kind in every hand.
fn answer_held(game: &Game, when: When) -> bool {
    let answering = &game.data.powers.answering;
    let bit = 1 << when as usize;
    game.st.players.iter().any(|player| {
        player
            .hand
            .iter()
            .any(|card| answering[card.index()] & bit != 0)
    })
}

/// Calls `each` with every target an event can be played on now, in ship
/// card order (`Target::None`, once, for an event that takes none).
pub(crate) fn each_target(game: &Game, ctx: &Ctx, kind: usize, mut each: impl FnMut(Target)) {
    let play = &game.data.powers.plays[kind];
    let Some(selector) = &play.target else {
        if eval::holds(game, ctx, &play.conditions) && feasible(game, ctx, &play.effects) {
            each(Target::None);
        }
        return;
    };
    for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
        let with = Ctx {
            target: Some(card),
            ..*ctx
        };
        if eval::selects_card(game, &with, selector, card)
            && eval::holds(game, &with, &play.conditions)
            && feasible(game, &with, &play.effects)
        {
            each(Target::Card(card));
        }
    }
}

/// Whether an event's effects can be carried out at all, the card paid
/// for first (a launch needs its ship card, the energy and the room).
fn feasible(game: &Game, ctx: &Ctx, effects: &[Eff]) -> bool {
    let card_cost = ctx
        .tactic
        .map_or(0, |tactic| stats::stat(game, Stat::TacticCost(tactic)));
    let paid = Ctx {
        paying: card_cost,
        ..*ctx
    };
    feasible_paying(game, &paid, effects, card_cost)
}

/// Whether effects can be carried out at all once `paid` energy is spent
/// first (the event's cost, or a power's).
pub(crate) fn feasible_paying(game: &Game, ctx: &Ctx, effects: &[Eff], paid: i32) -> bool {
    effects.iter().all(|effect| match effect {
        Eff::LaunchShip {
            ship,
            discount,
            near,
        } => choices::unlaunched(game, ctx.you, *ship).is_some_and(|card| {
            let cost = (stats::stat(game, Stat::LaunchCost(card)) - discount).max(0);
            energy::can_pay(game, ctx.you, cost + paid)
                && choices::can_launch(game, ctx, card, near.as_ref())
        }),
        // The branch that would run now.
        Eff::If {
            conditions,
            then,
            otherwise,
        } => feasible_paying(
            game,
            ctx,
            eval::branch(game, ctx, conditions, then, otherwise),
            paid,
        ),
        _ => true,
    })
}

/// Fires `when` and then the answers in hand.
fn fire_all(game: &mut Game, when: When, ev: &Ev, first: PlayerId) {
    fire(game, when, ev, &|_| true);
    react(game, when, ev, first);
}

fn expire(game: &mut Game, ends: &[Until]) {
    game.st
        .effects
        .lasting
        .retain(|lasting| !ends.contains(&lasting.until));
}

/// [`modify::use_up`] for a number some limited power of the game may
/// change: most numbers of most games have none, and cost no call.
#[inline]
pub(crate) fn use_up_if_limited(
    game: &mut Game,
    stat: StatKind,
    card: Option<ShipCardId>,
    ship: Option<ShipId>,
) {
    if game.data.powers.limits[stat_index(stat)] {
        modify::use_up(game, stat, card, ship);
    }
}

fn controller_of_card(game: &Game, card: ShipCardId) -> PlayerId {
    game.st.cards[card.index()].controller
}

/// Fires a round's start or end: every player's powers act, each player's
/// in turn in seating order from the first player (whose turn starts the
/// round), then the events answering it are offered once.
fn round_boundary(game: &mut Game, when: When) {
    // The powers of a round's start or end act for every player at the
    // same moment, in seating order only because one must go first:
    // victory-point goals they reach are weighed once all have acted
    // ([`victory::check`]), so the first player's rules win no tie.
    let together = std::mem::replace(&mut game.together, true);
    round_boundary_powers(game, when);
    game.together = together;
    if !together {
        victory::check(game);
    }
}

/// The powers of a round boundary, each player's from the first player's.
fn round_boundary_powers(game: &mut Game, when: When) {
    let first = game.st.first_player;
    let seats = game.data.players.len();
    for step in 0..seats {
        let ev = Ev {
            player: PlayerId(((first.index() + step) % seats) as u8),
            ..Ev::default()
        };
        fire(game, when, &ev, &|_| true);
    }
    let ev = Ev {
        player: game.st.active,
        ..Ev::default()
    };
    react(game, when, &ev, first);
}

/// The language's trigger for a phase boundary.
fn phase_trigger(phase: TurnPhase, start: bool) -> When {
    match (phase, start) {
        (TurnPhase::Energy, true) => When::EnergyPhaseStart,
        (TurnPhase::Energy, false) => When::EnergyPhaseEnd,
        (TurnPhase::Deploy, true) => When::DeployPhaseStart,
        (TurnPhase::Deploy, false) => When::DeployPhaseEnd,
        (TurnPhase::Action, true) => When::ActionPhaseStart,
        (TurnPhase::Action, false) => When::ActionPhaseEnd,
    }
}

/// The attacker of the attack under way, when `ship` is its target.
fn attacker_of(game: &Game, ship: ShipId) -> Ships {
    // ECM damage first: a ship a power moves in the middle of an attack
    // takes it from the enemy it moves next to, not from the attacker.
    if let Some((_, enemy)) = game.ecm.filter(|&(mover, _)| mover == ship) {
        Ships::One(enemy)
    } else if let Some(attack) = game
        .st
        .effects
        .attack
        .filter(|attack| attack.target == ship)
    {
        Ships::One(attack.attacker)
    } else {
        Ships::None
    }
}

/// Every power listening to an engine trigger.
pub(crate) fn dispatch(game: &mut Game, trigger: Trigger) {
    match trigger {
        // Destruction is answered before the ship goes: `before_destroy`.
        Trigger::TurnStart { .. } | Trigger::Destroy { .. } => {}
        Trigger::TurnEnd { .. } => {
            expire(
                game,
                &[Until::TurnEnd, Until::ActivationEnd, Until::AttackEnd],
            );
        }
        Trigger::PhaseStart { player, phase } => {
            if phase == TurnPhase::Energy {
                alternative_draw(game, player);
            }
            let ev = Ev {
                player,
                ..Ev::default()
            };
            fire_all(game, phase_trigger(phase, true), &ev, player);
        }
        Trigger::PhaseEnd { player, phase } => {
            let ev = Ev {
                player,
                ..Ev::default()
            };
            fire_all(game, phase_trigger(phase, false), &ev, player);
        }
        Trigger::RoundStart => round_boundary(game, When::RoundStart),
        Trigger::RoundEnd => round_boundary(game, When::RoundEnd),
        Trigger::Launch { card } => {
            let player = controller_of_card(game, card);
            let ev = Ev {
                player,
                acting: Ships::Card(card),
                ..Ev::default()
            };
            use_up_if_limited(game, StatKind::Capacity, Some(card), None);
            fire_all(game, When::Launch, &ev, player);
        }
        Trigger::Activate { card } => {
            game.st.effects.activations += 1;
            use_up_if_limited(game, StatKind::ActivationCost, Some(card), None);
            let player = controller_of_card(game, card);
            let ev = Ev {
                player,
                acting: Ships::Card(card),
                ..Ev::default()
            };
            fire_all(game, When::Activation, &ev, player);
        }
        Trigger::ActivationEnd { card } => {
            let player = controller_of_card(game, card);
            let ev = Ev {
                player,
                acting: Ships::Card(card),
                ..Ev::default()
            };
            fire_all(game, When::ActivationEnd, &ev, player);
            expire(game, &[Until::ActivationEnd, Until::AttackEnd]);
        }
        Trigger::MoveEnd { ship } => {
            let player = eval::controller_of(game, ship);
            let ev = Ev {
                player,
                acting: Ships::One(ship),
                ..Ev::default()
            };
            fire_all(game, When::MoveEnd, &ev, player);
        }
        Trigger::Attack {
            ship,
            target,
            weapon,
        } => {
            game.st.effects.attack = Some(AttackNow {
                attacker: ship,
                target,
                weapon,
                cancelled: false,
                reroll: None,
            });
            // A charge's cost is used when it is paid, attack or none.
            for stat in [StatKind::Range, StatKind::Attacks, StatKind::Strength] {
                use_up_if_limited(game, stat, None, Some(ship));
            }
            let ev = attack_ev(game, ship, target, weapon);
            fire_all(game, When::Attack, &ev, eval::controller_of(game, target));
        }
        Trigger::AttackEnd {
            ship,
            target,
            weapon,
        } => {
            let ev = attack_ev(game, ship, target, weapon);
            fire_all(
                game,
                When::AttackEnd,
                &ev,
                eval::controller_of(game, target),
            );
            expire(game, &[Until::AttackEnd]);
            game.st.effects.attack = None;
        }
        Trigger::Hit {
            ship,
            target,
            weapon,
        } => {
            let ev = attack_ev(game, ship, target, weapon);
            fire_all(game, When::Hit, &ev, eval::controller_of(game, target));
        }
        Trigger::Damage {
            ship,
            shields,
            hull,
        } => {
            let acting = attacker_of(game, ship);
            let player = match acting {
                Ships::One(attacker) => eval::controller_of(game, attacker),
                _ => game.st.active,
            };
            let ev = Ev {
                player,
                acting,
                affected: Ships::One(ship),
                dealt: (shields, hull),
                weapon: game.st.effects.attack.map(|attack| attack.weapon),
                ..Ev::default()
            };
            fire_all(game, When::Damage, &ev, eval::controller_of(game, ship));
        }
        Trigger::Attach { tactic, card } => attached(game, tactic, card),
        Trigger::CardPlayed {
            player,
            tactic,
            target,
        } => played(game, player, tactic, target),
    }
}

fn attack_ev(game: &Game, ship: ShipId, target: ShipId, weapon: WeaponRef) -> Ev {
    Ev {
        player: eval::controller_of(game, ship),
        acting: Ships::One(ship),
        affected: Ships::One(target),
        weapon: Some(weapon),
        ..Ev::default()
    }
}

/// A card was played: a sabotage card's attacher is noted, an event's
/// effects happen.
fn played(game: &mut Game, player: PlayerId, tactic: TacticId, target: Target) {
    let kind = game.data.tactics[tactic.index()].kind;
    match game.data.kinds[kind].kind {
        TacticType::Sabotage => {
            game.st
                .effects
                .attached_by
                .retain(|(card, _)| *card != tactic);
            game.st.effects.attached_by.push((tactic, player));
        }
        TacticType::Event => {
            let data = Arc::clone(&game.data);
            let play = &data.powers.plays[kind];
            let acting = match (play.when, game.st.activation) {
                (Some(When::Activation), Some(act)) => Ships::Card(act.card),
                _ => Ships::None,
            };
            let ctx = Ctx {
                power: u16::MAX,
                instance: tactic.0,
                you: player,
                tactic: Some(tactic),
                target: match target {
                    Target::Card(card) => Some(card),
                    _ => None,
                },
                acting,
                ..Ctx::default()
            };
            if let Target::Card(card) = target {
                use_up_if_limited(game, StatKind::CardCost, Some(card), None);
            }
            run::run(game, &ctx, &play.effects);
        }
        _ => {}
    }
}

/// A card was attached: what it does as it attaches, then the powers
/// that answer attaching.
fn attached(game: &mut Game, tactic: TacticId, card: ShipCardId) {
    let data = Arc::clone(&game.data);
    let kind = data.tactics[tactic.index()].kind;
    let you = card_controller(game, tactic, card);
    use_up_if_limited(game, StatKind::CardCost, Some(card), None);
    let ctx = Ctx {
        power: u16::MAX,
        instance: tactic.0,
        you,
        attached: Some(card),
        tactic: Some(tactic),
        ..Ctx::default()
    };
    run::run(game, &ctx, &data.powers.plays[kind].effects);
    let player = if data.kinds[kind].kind == TacticType::Sabotage {
        you
    } else {
        game.st.active
    };
    let ev = Ev {
        player,
        affected: Ships::Card(card),
        card: Some(tactic),
        ..Ev::default()
    };
    fire_all(game, When::Attach, &ev, player);
}

/// Before a ship is destroyed: `survive` powers first; if none saved it,
/// the powers that answer destruction, while it is still on the board.
/// Returns whether the ship survived.
pub(crate) fn before_destroy(game: &mut Game, ship: ShipId) -> bool {
    if game.data.powers.is_empty() {
        return false;
    }
    let acting = attacker_of(game, ship);
    let player = match acting {
        Ships::One(attacker) => eval::controller_of(game, attacker),
        _ => game.st.active,
    };
    let ev = Ev {
        player,
        acting,
        affected: Ships::One(ship),
        ..Ev::default()
    };
    // A power that may save the ship, at its top or in a branch, a
    // choice or a die table's row, is asked first.
    let saves = |power: &Power| {
        power
            .effects
            .iter()
            .any(|effect| effect.may_run(|effect| matches!(effect, Eff::Survive)))
    };
    game.st.effects.survived = false;
    fire(game, When::Destroy, &ev, &saves);
    if std::mem::take(&mut game.st.effects.survived) {
        return true;
    }
    fire(game, When::Destroy, &ev, &|power| !saves(power));
    react(game, When::Destroy, &ev, eval::controller_of(game, ship));
    false
}

/// After a roll missed: the powers that answer a miss, then the events in
/// hand; the dice the first of them to re-roll re-rolls, if any. Each
/// power acts once at most in an attack; after a re-roll that still
/// misses, the others and the events are offered again. No die is spared
/// a second re-roll: the cards say which dice they re-roll, and the
/// rulebook sets no limit.
pub(crate) fn after_miss(
    game: &mut Game,
    ship: ShipId,
    target: ShipId,
    weapon: WeaponRef,
    rerolls: &mut Rerolls,
) -> Option<Dice> {
    if game.data.powers.is_empty() {
        return None;
    }
    let ev = attack_ev(game, ship, target, weapon);
    let data = Arc::clone(&game.data);
    for &index in data.powers.listening(When::Miss) {
        let index = usize::from(index);
        let power = &data.powers.powers[index];
        for ctx in hearing(game, index, power, &ev) {
            let used = (index as u16, ctx.instance);
            if rerolls.acted.contains(&used) {
                continue;
            }
            let ctx = ev.into_ctx(ctx);
            if !act(game, &ctx, index, power) {
                continue;
            }
            rerolls.acted.push(used);
            if let Some(dice) = take_reroll(game) {
                return Some(dice);
            }
        }
    }
    if data.powers.answers(When::Miss).is_empty() {
        return None;
    }
    offer_answers(game, When::Miss, &ev, ev.player);
    take_reroll(game)
}

/// The dice a power or event just chose to re-roll, taken.
fn take_reroll(game: &mut Game) -> Option<Dice> {
    game.st
        .effects
        .attack
        .as_mut()
        .and_then(|attack| attack.reroll.take())
}

/// Whether a power or event has chosen dice to re-roll that are not
/// rolled yet: the miss is answered.
fn reroll_pending(game: &Game) -> bool {
    game.st
        .effects
        .attack
        .is_some_and(|attack| attack.reroll.is_some())
}

/// The powers that acted on the misses of one attack (power and source):
/// each acts once at most.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rerolls {
    acted: Vec<(u16, u16)>,
}

/// Whether a power made the hit of the attack under way a miss.
pub(crate) fn hit_was_cancelled(game: &Game) -> bool {
    game.st
        .effects
        .attack
        .is_some_and(|attack| attack.cancelled)
}

/// The energy phase's alternative draw source (`draw-from`): offered
/// whenever the other deck has a card; the player chooses whether to use
/// it and which cards to keep. A hand without room for the kept cards
/// first discards down to it, each card for energy, as before any draw
/// (the rulebook's hand limit: "you must discard a card before drawing.
/// You still gain one energy").
fn alternative_draw(game: &mut Game, player: PlayerId) {
    let data = Arc::clone(&game.data);
    for &index in &data.powers.draws {
        let index = usize::from(index);
        let power = &data.powers.powers[index];
        for effect in &power.effects {
            let Eff::DrawFrom { look, keep, rest } = *effect else {
                continue;
            };
            for ctx in instances(game, index, power, Some(player)) {
                if ctx.you != player || !eval::holds(game, &ctx, &power.conditions) {
                    continue;
                }
                let other = eval::player(game, &ctx, spacedock_schema::effect::PlayerRef::Opponent);
                let deck = usize::from(data.players[other.index()].deck);
                let hand = game.st.players[player.index()].hand.len();
                let limit = data.rules().hand_limit as usize;
                if game.st.decks[deck].cards.is_empty()
                    || game.st.decks[deck].out
                    || usize::from(keep) > limit
                    || !question::ask_yes(game, player, About::DrawFrom)
                {
                    continue;
                }
                for _ in limit..hand + usize::from(keep) {
                    if let Some(card) = choices::discard_choice(game, player, None) {
                        cards::discard_for_energy(game, player, card);
                    }
                }
                // Drawn one at a time: taking the last card runs the deck
                // out at once, as a draw does (a reshuffle, or out for good,
                // which may end the game on the victory clock), and the
                // looking goes on in the new deck (rule reading 23 of
                // docs/engine.md).
                let mut seen: Vec<TacticId> = Vec::with_capacity(usize::from(look));
                while seen.len() < usize::from(look) && !game.st.decks[deck].out {
                    let Some(card) = game.st.decks[deck].cards.pop() else {
                        break;
                    };
                    seen.push(card);
                    if game.st.decks[deck].cards.is_empty() {
                        cards::run_out(game, deck);
                    }
                }
                // Deepest first, as they lay in the deck.
                seen.reverse();
                let kept = choices::keep(game, player, &seen, usize::from(keep));
                for &card in &kept {
                    game.st.tactics[card.index()].place = TacticPlace::Hand(player);
                    game.st.players[player.index()].hand.push(card);
                    game.emit(Event::CardDrawn { player, card });
                }
                let mut rest_cards: Vec<TacticId> = seen
                    .into_iter()
                    .filter(|card| !kept.contains(card))
                    .collect();
                // A deck out for good has no bottom: what would go under
                // it goes to its discard pile, as much out of play.
                let rest = if game.st.decks[deck].out {
                    Rest::Discard
                } else {
                    rest
                };
                if rest == Rest::Bottom {
                    rest_cards = choices::bottom_order(game, player, &rest_cards);
                }
                run::put_away(game, player, deck, &rest_cards, rest);
                let replaced = &mut game.st.effects.replaced_draws;
                match replaced.iter_mut().find(|(seat, _)| *seat == player) {
                    Some((_, count)) => *count = count.saturating_add(1),
                    None => replaced.push((player, 1)),
                }
                return;
            }
        }
    }
}

/// Draws of `player`'s energy phase taken from another source: owed no more.
pub(crate) fn take_replaced_draws(game: &mut Game, player: PlayerId) -> u32 {
    let replaced = &mut game.st.effects.replaced_draws;
    let count = replaced
        .iter()
        .find(|(seat, _)| *seat == player)
        .map_or(0, |(_, count)| u32::from(*count));
    replaced.retain(|(seat, _)| *seat != player);
    count
}

#[cfg(test)]
mod tests {
    use std::iter::once;

    use spacedock_schema::effect::Trigger as When;

    use super::{Ctx, Ships, answer_held, hears, instance};
    use crate::effects::eval;
    use crate::ids::{ShipCardId, ShipId};
    use crate::rules::testing::for_each_state;

    /// A source a power does not hear a trigger from is one whose
    /// conditions fail with the trigger's acting ships: for every power,
    /// each of its sources in play, and no ship, every ship and every ship
    /// card acting, in every state of random and greedy games.
    #[test]
    fn an_unheard_source_would_not_act() {
        let (mut heard, mut unheard) = (0, 0);
        for_each_state(1, |game| {
            let program = &game.data.powers;
            let ships = (0..game.st.ships.len() as u16).map(|ship| Ships::One(ShipId(ship)));
            let cards = (0..game.st.cards.len() as u16).map(|card| Ships::Card(ShipCardId(card)));
            let actings: Vec<Ships> = once(Ships::None).chain(ships).chain(cards).collect();
            for (index, power) in program.powers.iter().enumerate() {
                let actor = program.actors[index];
                for &origin in &power.origins {
                    let Some(ctx) = instance(game, index, origin, None) else {
                        continue;
                    };
                    for &acting in &actings {
                        let holds = eval::holds(game, &Ctx { acting, ..ctx }, &power.conditions);
                        let hears = hears(game, actor, origin, acting);
                        assert!(hears || !holds, "{index} {origin:?} {acting:?}");
                        heard += usize::from(actor.is_some() && holds);
                        unheard += usize::from(!hears);
                    }
                }
            }
        });
        assert!(heard > 100 && unheard > 1000, "{heard} {unheard}");
    }

    /// A hand holds an answer to a trigger by the cards' bits as by the
    /// kinds listed as its answers, for every trigger in every state of
    /// random and greedy games.
    #[test]
    fn answers_held_are_found_by_the_cards_bits() {
        let (mut held, mut not) = (0, 0);
        for_each_state(1, |game| {
            for when in When::ALL {
                let answers = game.data.powers.answers(when);
                let plain = game.st.players.iter().any(|player| {
                    player.hand.iter().any(|card| {
                        let kind = game.data.tactics[card.index()].kind;
                        answers.contains(&(kind as u16))
                    })
                });
                assert_eq!(answer_held(game, when), plain, "{when:?}");
                held += usize::from(plain);
                not += usize::from(!plain);
            }
        });
        assert!(held > 1000 && not > 1000, "{held} {not}");
    }
}
