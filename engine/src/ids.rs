//! Small copyable ids for everything a game refers to.
//!
//! The engine keeps its mutable state in flat `Vec`s; an id is the index
//! into one of them, fixed for the whole game. Keeping them `u8`/`u16`
//! keeps [`crate::Action`] and the state small and cheap to clone.

use serde::{Deserialize, Serialize};

/// A seat at the table, in the mission's seating order (0 = its first player).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

/// A team, in the order of the mission's `teams`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct TeamId(pub u8);

/// A ship card in play in this game (one per card of every fleet).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct ShipCardId(pub u16);

/// One ship model: a solo ship card has one, a squadron card several.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct ShipId(pub u16);

/// One physical tactic card of this game (each copy has its own id).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct TacticId(pub u16);

/// A hex of the mission's battlefield: `(row - 1) * columns + (column - 1)`
/// in the bundle's offset coordinates, half hexes included.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct Hex(pub u16);

impl PlayerId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl TeamId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl ShipCardId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl ShipId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl TacticId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl Hex {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}
