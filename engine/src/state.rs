//! The mutable state of a game: small, flat and `Vec`-based, so a clone is
//! a handful of copies and the derived `Hash` gives a canonical encoding for
//! [`crate::Game::state_hash`].
//!
//! Everything refers to the static [`crate::data::Data`] by index. The dice
//! stream lives here too, so a game is a pure function of its seed and the
//! actions applied.

use std::hash::{Hash, Hasher};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use spacedock_schema::rules::{DiscoveryTile, Obstacle};
use spacedock_schema::scenario::{Die, ForcedDie};

use crate::board::Pos;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::outcome::Outcome;

/// The three phases of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnPhase {
    Energy,
    Deploy,
    Action,
}

/// A weapon of a ship card: its primary weapon, one of its secondary
/// weapons, an additional weapon attached as a tactic card, or a weapon an
/// `extra-weapon` effect grants (its index among the game's compiled
/// extra weapons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WeaponRef {
    Primary,
    Secondary(u8),
    Additional(TacticId),
    Extra(u16),
}

/// The dice: a `ChaCha8` stream seeded per game, the results a scenario
/// forces on the next rolls (`Editor::force_dice`), last first, and the
/// forced results rolled so far with the first one that came up on the
/// other die.
#[derive(Debug, PartialEq)]
pub(crate) struct Dice {
    stream: ChaCha8Rng,
    forced: Vec<ForcedDie>,
    taken: u32,
    /// The index (among those forced since `force`) of the first forced
    /// result rolled on the other die, and the die it was rolled on.
    mismatch: Option<(u32, Die)>,
}

impl Clone for Dice {
    fn clone(&self) -> Dice {
        Dice {
            stream: self.stream.clone(),
            forced: self.forced.clone(),
            taken: self.taken,
            mismatch: self.mismatch,
        }
    }

    fn clone_from(&mut self, source: &Dice) {
        self.stream.clone_from(&source.stream);
        copy_list(&mut self.forced, &source.forced);
        self.taken = source.taken;
        self.mismatch = source.mismatch;
    }
}

impl Hash for Dice {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The stream's abstract state: what decides every future roll.
        self.stream.get_seed().hash(state);
        self.stream.get_stream().hash(state);
        self.stream.get_word_pos().hash(state);
        // Forced results decide the next rolls too; none adds nothing, so
        // games that force no roll keep their hashes.
        if !self.forced.is_empty() {
            self.forced.hash(state);
        }
    }
}

impl Dice {
    pub(crate) fn new(seed: u64) -> Dice {
        Dice {
            stream: ChaCha8Rng::seed_from_u64(seed),
            forced: Vec::new(),
            taken: 0,
            mismatch: None,
        }
    }

    /// A roll of the number die (or any die that is not the letter die)
    /// with `faces` faces: 1..=faces, the next forced result if there is
    /// one (kept on the die), else a fair roll.
    pub(crate) fn roll(&mut self, faces: u32) -> u32 {
        self.take(Die::Number, faces)
    }

    /// [`Dice::roll`] of the letter die (A = 1).
    pub(crate) fn roll_letter(&mut self, faces: u32) -> u32 {
        self.take(Die::Letter, faces)
    }

    fn take(&mut self, die: Die, faces: u32) -> u32 {
        match self.forced.pop() {
            Some(forced) => {
                if forced.die != die && self.mismatch.is_none() {
                    self.mismatch = Some((self.taken, die));
                }
                self.taken += 1;
                forced.face.clamp(1, faces.max(1))
            }
            None => self.fair_roll(faces),
        }
    }

    /// Makes the next rolls come out as `rolls`, in order, replacing any
    /// forced results not rolled yet.
    pub(crate) fn force(&mut self, rolls: &[ForcedDie]) {
        self.forced = rolls.iter().rev().copied().collect();
        self.taken = 0;
        self.mismatch = None;
    }

    /// Forces `rolls` after the forced results not rolled yet.
    pub(crate) fn force_after(&mut self, rolls: &[ForcedDie]) {
        let mut all: Vec<ForcedDie> = rolls.iter().rev().copied().collect();
        all.append(&mut self.forced);
        self.forced = all;
    }

    /// Forced results not rolled yet.
    pub(crate) fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// The first forced result (by index since the forcing began) that
    /// came up on the other die, and the die it came up on.
    pub(crate) fn forced_mismatch(&self) -> Option<(usize, Die)> {
        self.mismatch.map(|(index, die)| (index as usize, die))
    }

    /// A fair roll of a die with `faces` faces: 1..=faces. Lemire's
    /// multiply-and-reject, written out so the numbers never depend on a
    /// library's sampling algorithm.
    fn fair_roll(&mut self, faces: u32) -> u32 {
        let faces = faces.max(1);
        let threshold = faces.wrapping_neg() % faces;
        loop {
            let product = u64::from(self.stream.next_u32()) * u64::from(faces);
            if (product as u32) >= threshold {
                return (product >> 32) as u32 + 1;
            }
        }
    }

    /// Fisher-Yates shuffle. Always fair: forced results are die rolls a
    /// scenario names, never a shuffle's.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let pick = self.fair_roll(last as u32 + 1) as usize - 1;
            items.swap(last, pick);
        }
    }
}

/// What the game waits for, besides the active player's ordinary choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Stage {
    /// A player places the ships of a card one at a time.
    Placing {
        player: PlayerId,
        card: ShipCardId,
        placed: u8,
        kind: PlaceKind,
    },
    /// A player fills the sealed hold of a ship just launched.
    Loading {
        player: PlayerId,
        carrier: ShipCardId,
    },
    /// The high roller chooses who goes first.
    ChooseFirst {
        chooser: PlayerId,
    },
    /// The active player's phase.
    Main,
    Over,
}

/// Why ships are being placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PlaceKind {
    /// Mission setup: in the starting zone, free.
    Setup,
    /// Launched into the starting zone.
    Launch,
    /// Launched out of a transport hold, next to the carrier.
    FromHold { carrier: ShipCardId },
    /// A ship placed by the warp gate it began its activation on.
    Warp { ship: ShipId, gate: Hex },
}

#[derive(Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct PlayerState {
    pub(crate) hand: Vec<TacticId>,
    /// Draws owed, made as soon as the hand has room (after a forced discard).
    pub(crate) pending_draws: u8,
    /// Extra draws the orbital market offers this energy phase.
    pub(crate) market_draws: u8,
}

#[derive(Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct DeckState {
    /// The top of the deck is the end.
    pub(crate) cards: Vec<TacticId>,
    pub(crate) discard: Vec<TacticId>,
    /// How many times the deck has run out.
    pub(crate) runs: u8,
    /// Ran out for good: no more draws.
    pub(crate) out: bool,
}

/// Where a ship card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardPlace {
    /// Behind its player's screen.
    Screen,
    /// In the sealed hold of another card.
    Hold(ShipCardId),
    /// Launched: some of its ships are on the battlefield.
    Launched,
    /// All its ships destroyed (or it never can come back).
    OutOfPlay,
}

#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct CardState {
    pub(crate) controller: PlayerId,
    pub(crate) place: CardPlace,
    /// The turn it was launched (0: at setup).
    pub(crate) launched_turn: u32,
    pub(crate) activated: bool,
    pub(crate) attached: Vec<TacticId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct ShipState {
    pub(crate) pos: Option<Pos>,
    pub(crate) shields: u8,
    pub(crate) hull_damage: u8,
    pub(crate) destroyed: bool,
    /// Done moving in the current activation.
    pub(crate) moved: bool,
    /// Began the current activation on a power-side-up warp gate.
    pub(crate) on_warp_gate: bool,
    /// Printed weapons charged this activation (bit 0 primary, then secondary).
    pub(crate) charged: u16,
}

/// Where a tactic card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TacticPlace {
    Deck,
    Hand(PlayerId),
    Discard,
    Attached(ShipCardId),
    Prepped(PlayerId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TacticState {
    pub(crate) place: TacticPlace,
    /// Ships of its card that charged it this activation (additional weapons).
    pub(crate) charged: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TileState {
    pub(crate) tile: DiscoveryTile,
    pub(crate) hex: Hex,
    pub(crate) face_up: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ObstacleState {
    pub(crate) kind: Obstacle,
    pub(crate) hexes: [Hex; 7],
    pub(crate) len: u8,
}

impl ObstacleState {
    pub(crate) fn hexes(&self) -> &[Hex] {
        &self.hexes[..usize::from(self.len)]
    }
}

/// The ship card being activated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Activation {
    pub(crate) card: ShipCardId,
    /// The ship in the middle of its move.
    pub(crate) mover: Option<ShipId>,
    pub(crate) moves_left: u8,
    /// A medium ship's leading end is chosen by its first step.
    pub(crate) lead_chosen: bool,
    /// Attacks began: no more moving.
    pub(crate) attacking: bool,
    pub(crate) charge: Option<Charge>,
}

/// A charged weapon with attacks left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Charge {
    pub(crate) ship: ShipId,
    pub(crate) weapon: WeaponRef,
    pub(crate) attacks_left: u8,
}

/// Everything that changes during a game.
#[derive(Debug, PartialEq, Hash)]
pub(crate) struct State {
    pub(crate) dice: Dice,
    pub(crate) round: u32,
    /// Turns begun so far (0 during setup).
    pub(crate) turn: u32,
    pub(crate) steps: u64,
    pub(crate) active: PlayerId,
    pub(crate) first_player: PlayerId,
    pub(crate) phase: TurnPhase,
    pub(crate) stage: Stage,
    /// Ship cards still to be placed at setup, last first.
    pub(crate) setup_queue: Vec<ShipCardId>,
    /// Energy of each pool.
    pub(crate) energy: Vec<i32>,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) decks: Vec<DeckState>,
    pub(crate) cards: Vec<CardState>,
    pub(crate) ships: Vec<ShipState>,
    pub(crate) tactics: Vec<TacticState>,
    pub(crate) tiles: Vec<TileState>,
    pub(crate) obstacles: Vec<ObstacleState>,
    /// Per hex: the resting ship's index + 1, or 0. A ship in the middle of
    /// its move is lifted out, since it may pass through others.
    pub(crate) occupant: Vec<u16>,
    /// Per hex: the obstacle's index + 1, or 0.
    pub(crate) terrain: Vec<u8>,
    /// Per hex: the discovery tile's index + 1, or 0.
    pub(crate) tile_at: Vec<u8>,
    pub(crate) victory_points: Vec<u32>,
    /// Decks in the order they ran out for good.
    pub(crate) decks_out: Vec<u8>,
    pub(crate) activation: Option<Activation>,
    /// Whether the game's very first energy phase has been played.
    pub(crate) first_phase_done: bool,
    /// What card powers remember (limits, lasting effects, the attack).
    pub(crate) effects: crate::effects::EffectState,
    pub(crate) outcome: Option<Outcome>,
    /// An action paused for a player's decision ([`crate::question`]).
    pub(crate) pending: Option<Box<crate::question::Pending>>,
}

/// `Clone` with a `clone_from` that reuses the target's buffers: the state
/// is copied every few actions of a game whose powers may ask a question
/// (`crate::question`), into the same buffer each time, so that copy must
/// not allocate. Each impl names every field (a new field does not compile
/// until it is copied), and a test compares `clone_from` with `clone`.
/// Fields after `lists` are `Vec`s of `Copy` items, copied by [`copy_list`].
macro_rules! clone_by_fields_impl {
    ($type:ident { $($field:ident),* $(,)? } $(lists { $($list:ident),* $(,)? })?) => {
        impl Clone for $type {
            fn clone(&self) -> $type {
                let $type { $($field,)* $($($list),*)? } = self;
                $type { $($field: $field.clone(),)* $($($list: $list.clone()),*)? }
            }

            fn clone_from(&mut self, source: &$type) {
                let $type { $($field,)* $($($list),*)? } = source;
                $(self.$field.clone_from($field);)*
                $($($crate::state::copy_list(&mut self.$list, $list);)*)?
            }
        }
    };
}

/// Copies `source` into `list`, reusing its buffer. `Vec::clone_from`
/// clears the list and extends it, capacity checks and all, for every list
/// of the state at every copy; most are empty (hands, attached cards, the
/// powers' records) or keep their length (per ship, per hex), and then one
/// store or one block copy does.
#[inline]
pub(crate) fn copy_list<T: Copy>(list: &mut Vec<T>, source: &[T]) {
    if source.is_empty() {
        list.clear();
    } else if list.len() == source.len() {
        list.copy_from_slice(source);
    } else {
        list.clear();
        list.extend_from_slice(source);
    }
}

pub(crate) use clone_by_fields_impl as clone_by_fields;

clone_by_fields!(PlayerState {
    pending_draws,
    market_draws,
} lists { hand });

clone_by_fields!(DeckState { runs, out } lists { cards, discard });

clone_by_fields!(CardState {
    controller,
    place,
    launched_turn,
    activated,
} lists { attached });

clone_by_fields!(State {
    dice,
    round,
    turn,
    steps,
    active,
    first_player,
    phase,
    stage,
    players,
    decks,
    cards,
    activation,
    first_phase_done,
    effects,
    outcome,
    pending,
} lists {
    setup_queue,
    energy,
    ships,
    tactics,
    tiles,
    obstacles,
    occupant,
    terrain,
    tile_at,
    victory_points,
    decks_out,
});

#[cfg(test)]
mod tests {
    use super::copy_list;

    /// A list copied into a buffer of any length and capacity equals the
    /// source, as `clone_from` makes it.
    #[test]
    fn a_copied_list_equals_its_source() {
        for capacity in [0, 1, 3, 8] {
            for held in 0..=capacity {
                for len in 0..6_u16 {
                    let source: Vec<u16> = (100..100 + len).collect();
                    let mut list = Vec::with_capacity(capacity);
                    list.extend((0..held as u16).map(|item| item * 7));
                    let mut cloned = list.clone();
                    cloned.clone_from(&source);
                    copy_list(&mut list, &source);
                    assert_eq!(list, cloned);
                    assert_eq!(list, source);
                }
            }
        }
    }
}
