//! What powers remember during a game, kept in the game's state so that a
//! clone, a hash and a replay see it: how often each power acted (for
//! `limit`), the lasting effects of triggered powers (`until`), the attack
//! under way (its attacker, a cancelled hit, a re-roll asked for), who
//! attached each sabotage card, and draws replaced by another draw source.

use spacedock_schema::effect::{Dice, Until, WeaponSlot};

use crate::effects::program::StatKind;
use crate::ids::{PlayerId, ShipId, TacticId};
use crate::state::WeaponRef;

/// One use of a limited power: the power, its source instance, and the
/// turn, activation or game it was used in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Use {
    pub(crate) power: u16,
    pub(crate) instance: u16,
    pub(crate) stamp: u32,
}

/// What a lasting effect does to one ship.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LastingKind {
    Modify {
        stat: StatKind,
        amount: i32,
        minimum: Option<i32>,
        weapon: Option<WeaponSlot>,
        /// The card whose weapon `this-card` is.
        tactic: Option<TacticId>,
    },
    /// A `card-cost` change: of the cards `you` play (of `card_type`, if
    /// given) on the ship's card.
    CardCost {
        amount: i32,
        minimum: Option<i32>,
        card_type: Option<spacedock_schema::common::TacticType>,
        you: crate::ids::PlayerId,
    },
    /// A `damage` change: of damage of `damage_type` (every type if
    /// `None`) the ship takes.
    Damage {
        amount: i32,
        minimum: Option<i32>,
        damage_type: Option<u8>,
    },
    DenyCover,
    /// An `extra-weapon` of a triggered power: the compiled weapon's index.
    ExtraWeapon(u16),
}

/// An effect of a triggered power that lasts `until` a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Lasting {
    pub(crate) until: Until,
    pub(crate) ship: ShipId,
    pub(crate) kind: LastingKind,
}

/// The attack under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AttackNow {
    pub(crate) attacker: ShipId,
    pub(crate) target: ShipId,
    pub(crate) weapon: WeaponRef,
    /// A power made the hit a miss.
    pub(crate) cancelled: bool,
    /// Dice a power re-rolls.
    pub(crate) reroll: Option<Dice>,
}

#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct EffectState {
    pub(crate) uses: Vec<Use>,
    pub(crate) lasting: Vec<Lasting>,
    /// Activations begun so far: the stamp of `once-per-activation`.
    pub(crate) activations: u32,
    pub(crate) attack: Option<AttackNow>,
    /// Who attached each sabotage card still attached.
    pub(crate) attached_by: Vec<(TacticId, PlayerId)>,
    /// Energy-phase draws a player took from another source instead.
    pub(crate) replaced_draws: Vec<(PlayerId, u8)>,
    /// A `survive` effect saved the ship being destroyed.
    pub(crate) survived: bool,
    /// Extra weapons charged this activation, per ship: granted weapons
    /// belong to no card, so their charge is remembered here (the printed
    /// ones use the ship's bits, additional ones their tactic card's).
    pub(crate) extra_charged: Vec<(ShipId, u16)>,
}

// Copied into a reused buffer every few actions (`crate::state`).
crate::state::clone_by_fields!(EffectState {
    activations,
    attack,
    survived,
} lists {
    uses,
    lasting,
    attached_by,
    replaced_draws,
    extra_charged,
});
