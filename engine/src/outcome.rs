//! How a game ended: a team's win or a draw, and by which victory condition.

use serde::{Deserialize, Serialize};

use crate::ids::TeamId;

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win { team: TeamId, how: WinKind },
    Draw { how: WinKind },
}

/// The victory condition that ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinKind {
    /// The other side has no ships left on the battlefield.
    DestroyAll,
    /// A team reached its victory-point goal.
    VictoryPoints,
    /// One of the mission's other ways to win (a named ship destroyed).
    Alternative,
    /// Every deck ran out twice: launch costs on the battlefield decide.
    VictoryClock,
}

impl Outcome {
    /// The winning team, if any.
    pub fn winner(&self) -> Option<TeamId> {
        match self {
            Outcome::Win { team, .. } => Some(*team),
            Outcome::Draw { .. } => None,
        }
    }

    pub fn how(&self) -> WinKind {
        match self {
            Outcome::Win { how, .. } | Outcome::Draw { how } => *how,
        }
    }
}
