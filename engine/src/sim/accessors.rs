//! Read-only facts about a game that reports need and the engine's public
//! accessors do not give: which side a tactic card belongs to. Kept apart
//! from `game.rs` so the rules engine's file stays the engine engineer's.

use crate::game::Game;
use crate::ids::{TacticId, TeamId};

impl Game {
    /// The team whose deck (or prepped cards) a tactic card belongs to: the
    /// team of the first player drawing from its deck.
    pub fn tactic_team(&self, tactic: TacticId) -> TeamId {
        let deck = usize::from(self.data.tactics[tactic.index()].deck);
        let player = self.data.decks[deck].players[0];
        self.data.team_of(player)
    }
}
