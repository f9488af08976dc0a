//! The one place where card powers and mission special rules meet the
//! rules: a dispatcher over the compiled powers of the static data.
//!
//! The rules call [`dispatch`] at every trigger point and ask [`modified`]
//! for every number a power may change; they never look at a power
//! themselves. Powers are compiled from the bundle by [`crate::effects`]
//! into a closed program at setup; a game without structured powers has an
//! empty one, and every call returns at once. A few hooks answer questions
//! only powers can (may this card go on that ship, which dice are
//! re-rolled, does a destroyed ship survive). The primitives an effect needs (energy, draws,
//! damage, shields, placement, control, victory points, destruction) are the
//! `pub(crate)` functions of [`crate::rules`]. docs/engine.md lists the hooks.

use serde::{Deserialize, Serialize};

use crate::action::{Action, Target};
use crate::effects;
use crate::effects::program::StatKind;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId, ShipId, TacticId};
use crate::rules::damage::Damage;
use crate::state::{TurnPhase, WeaponRef};
pub(crate) use effects::fire::Rerolls;

/// A point of the game at which powers may fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// A round starts: before its first player's turn.
    RoundStart,
    /// A round ends: after its last player's turn.
    RoundEnd,
    TurnStart {
        player: PlayerId,
    },
    TurnEnd {
        player: PlayerId,
    },
    PhaseStart {
        player: PlayerId,
        phase: TurnPhase,
    },
    PhaseEnd {
        player: PlayerId,
        phase: TurnPhase,
    },
    /// All ships of the card are placed (launch, setup or out of a hold).
    Launch {
        card: ShipCardId,
    },
    /// The activation cost is paid.
    Activate {
        card: ShipCardId,
    },
    ActivationEnd {
        card: ShipCardId,
    },
    /// A ship ended its move (after the discovery tile under it flipped).
    MoveEnd {
        ship: ShipId,
    },
    /// A charged weapon makes an attack, before the dice.
    Attack {
        ship: ShipId,
        target: ShipId,
        weapon: WeaponRef,
    },
    /// An attack finished: hit or miss, its damage dealt.
    AttackEnd {
        ship: ShipId,
        target: ShipId,
        weapon: WeaponRef,
    },
    /// An attack hit, after asteroid cover, before damage.
    Hit {
        ship: ShipId,
        target: ShipId,
        weapon: WeaponRef,
    },
    /// A ship took damage (pegs already moved).
    Damage {
        ship: ShipId,
        shields: i32,
        hull: i32,
    },
    /// A ship was destroyed.
    Destroy {
        ship: ShipId,
    },
    /// A tactic card was attached to a ship card.
    Attach {
        tactic: TacticId,
        card: ShipCardId,
    },
    /// A tactic card was played (paid, before it resolves or attaches).
    CardPlayed {
        player: PlayerId,
        tactic: TacticId,
        target: Target,
    },
}

/// A number of the game that powers may modify; each names its subject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stat {
    Move(ShipId),
    Range(ShipId, WeaponRef),
    Attacks(ShipId, WeaponRef),
    Strength(ShipId, WeaponRef),
    ChargeCost(ShipId, WeaponRef),
    ActivationCost(ShipCardId),
    LaunchCost(ShipCardId),
    Capacity(ShipCardId),
    /// The shield value: pegs at launch and the cap for added shields.
    Shield(ShipId),
    Hull(ShipId),
    /// Energy to play a tactic card.
    TacticCost(TacticId),
    /// Energy to play a tactic card on (or attach it to) a ship card.
    TacticCostOn {
        tactic: TacticId,
        card: ShipCardId,
    },
    /// The number-die roll at or above which `ship`, moving next to
    /// `enemy`, takes ECM damage.
    EcmThreshold {
        ship: ShipId,
        enemy: ShipId,
    },
    /// 1 while a ship gets asteroid cover, 0 when a power denies it.
    Cover(ShipId),
    /// The farthest a ship can be attacked from.
    AttackableWithin(ShipId),
    /// Direct ECM damage `ship` takes on moving next to `enemy`.
    EcmDamage {
        ship: ShipId,
        enemy: ShipId,
    },
    /// Damage about to be dealt to `ship` (vulnerabilities and defences
    /// against a damage type change it); `damage_type` indexes the
    /// ruleset's damage types.
    Damage {
        ship: ShipId,
        damage: Damage,
        damage_type: Option<u8>,
        amount: i32,
    },
}

/// The compiled powers of a game (static data): the effects module's
/// closed program, compiled at setup.
pub(crate) use crate::effects::Program as Powers;

/// Fires every power listening to `trigger`.
pub(crate) fn dispatch(game: &mut Game, trigger: Trigger) {
    if game.data.powers.is_empty() {
        return;
    }
    effects::fire::dispatch(game, trigger);
}

/// A number of `ship`'s that limited continuous powers may change was
/// used: a charge's cost paid, its move begun (a power's move of a set
/// number of spaces reads none), an ECM threshold of its countermeasures
/// rolled against. The powers that changed it are used up.
pub(crate) fn ship_number_used(game: &mut Game, stat: StatKind, ship: ShipId) {
    if game.data.powers.is_empty() {
        return;
    }
    effects::fire::use_up_if_limited(game, stat, None, Some(ship));
}

/// Damage to `ship` was all kept off: the limited power that kept it off
/// is used ("the first time ... it would take ECM damage, it takes none").
pub(crate) fn damage_kept_off(game: &mut Game, ship: ShipId, damage_type: Option<u8>) {
    if game.data.powers.is_empty() {
        return;
    }
    effects::modify::use_up_prevention(game, ship, damage_type);
}

/// `value` (the printed number with the rules' own bonuses) after every
/// continuous modifier of the powers in play.
pub(crate) fn modified(game: &Game, stat: Stat, value: i32) -> i32 {
    if game.data.powers.is_empty() {
        return value;
    }
    effects::modify::modified(game, stat, value)
}

/// The plays of an event card `player` can make now: one per target it may
/// be played on (or one without a target). Events that answer a trigger
/// other than an activation are played when it happens.
pub(crate) fn push_event_plays(
    game: &Game,
    player: PlayerId,
    tactic: TacticId,
    out: &mut Vec<Action>,
) {
    let kind = game.data.tactics[tactic.index()].kind;
    let play = &game.data.powers.plays[kind];
    if !play.structured {
        return;
    }
    // "Play when you activate": before any ship of the card moves or
    // attacks.
    let acting = match (play.when, game.st.activation) {
        (None, _) => effects::eval::Ships::None,
        (Some(spacedock_schema::effect::Trigger::Activation), Some(act))
            if crate::rules::activation::fresh(game, &act) =>
        {
            effects::eval::Ships::Card(act.card)
        }
        _ => return,
    };
    let ctx = effects::eval::Ctx {
        power: u16::MAX,
        instance: tactic.0,
        you: player,
        tactic: Some(tactic),
        acting,
        ..effects::eval::Ctx::default()
    };
    effects::fire::each_target(game, &ctx, kind, |target| {
        out.push(Action::PlayCard {
            card: tactic,
            target,
        });
    });
}

/// Whether `player` may play a tactic card on a ship card as far as the
/// card's own `target` and conditions say (the rules check the rest).
pub(crate) fn may_play_on(
    game: &Game,
    player: PlayerId,
    tactic: TacticId,
    card: ShipCardId,
) -> bool {
    game.data.powers.is_empty() || effects::modify::may_play_on(game, player, tactic, card)
}

/// Whether a ship card counts as of tactic card kind `kind`'s faction
/// too, for attaching it (a mission's `treat-as-faction`).
pub(crate) fn treated_as_faction(game: &Game, card: ShipCardId, kind: usize) -> bool {
    !game.data.powers.is_empty() && effects::modify::treated_as(game, card, kind)
}

/// Whether ships in `carrier`'s hold may be launched in the turn it was.
pub(crate) fn quick_launch(game: &Game, carrier: ShipCardId) -> bool {
    !game.data.powers.is_empty() && effects::modify::quick_launch(game, carrier)
}

/// The weapons `extra-weapon` powers give `ship` now, as compiled indices
/// (`WeaponRef::Extra`); pushed onto `out`.
pub(crate) fn extra_weapons(game: &Game, ship: ShipId, out: &mut Vec<u16>) {
    if !game.data.powers.extra_weapons.is_empty() {
        effects::modify::extra_weapons(game, ship, out);
    }
}

/// The numbers of an extra weapon.
pub(crate) fn extra_weapon(game: &Game, weapon: u16) -> Option<&crate::data::WeaponData> {
    game.data
        .powers
        .extra_weapons
        .get(usize::from(weapon))
        .map(|(_, data)| data)
}

/// Called as a ship is about to be destroyed, still on the battlefield:
/// the powers that answer destruction act; `true` if one saved it.
pub(crate) fn before_destroy(game: &mut Game, ship: ShipId) -> bool {
    effects::fire::before_destroy(game, ship)
}

/// Called after an attack's roll missed: the dice a power re-rolls, if any.
pub(crate) fn after_miss(
    game: &mut Game,
    ship: ShipId,
    target: ShipId,
    weapon: WeaponRef,
    rerolls: &mut Rerolls,
) -> Option<spacedock_schema::effect::Dice> {
    effects::fire::after_miss(game, ship, target, weapon, rerolls)
}

/// Whether a power turned the hit of the attack under way into a miss.
pub(crate) fn hit_cancelled(game: &Game) -> bool {
    effects::fire::hit_was_cancelled(game)
}

/// Energy-phase draws `player` took from another deck instead (a mission's
/// `draw-from`): no longer owed.
pub(crate) fn take_replaced_draws(game: &mut Game, player: PlayerId) -> u32 {
    effects::fire::take_replaced_draws(game, player)
}

/// Powers `player` can use as an action now (action windows, special
/// activation actions).
pub(crate) fn push_power_actions(game: &Game, player: PlayerId, out: &mut Vec<Action>) {
    if !game.data.powers.is_empty() {
        effects::actions::push(game, player, out);
    }
}

/// Uses a power as an action ([`Action::UsePower`]).
pub(crate) fn use_power(game: &mut Game, player: PlayerId, power: u16, source: u16) {
    effects::actions::use_power(game, player, power, source);
}
