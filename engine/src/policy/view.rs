//! Public facts a policy needs that [`Observation`] does not list yet: the
//! battlefield's geometry (hex distance, neighbours, the middle), single
//! ships and ship cards by id, and the face of tactic cards the observer
//! may see (their own hand and prepped cards, cards in play, discards).
//!
//! Everything here is what a player at the table sees: the printed board,
//! the ships on it, open cards. Nothing reaches a hand, a deck's order, a
//! screen or a sealed hold of another player.

use crate::game::{CardView, ShipView, TacticView};
use crate::ids::{Hex, ShipCardId, ShipId, TacticId};
use crate::observation::Observation;
use crate::state::{CardPlace, TacticPlace};

impl<'a> Observation<'a> {
    /// Spaces between two hexes of the battlefield.
    pub fn hex_distance(&self, a: Hex, b: Hex) -> u32 {
        self.game.data.board.distance(a, b)
    }

    /// The neighbour of `hex` in direction `dir` (0..6: E, NE, NW, W, SW, SE),
    /// if it is on the battlefield.
    pub fn neighbour(&self, hex: Hex, dir: u8) -> Option<Hex> {
        self.game.data.board.neighbour(hex, dir)
    }

    /// Hexes on the battlefield, numbered `0..hex_count()`.
    pub fn hex_count(&self) -> usize {
        self.game.data.board.len()
    }

    /// Whether a ship may move through `hex`: a whole hex (not a half one)
    /// with no asteroid on it. Ships are passed through, so they do not
    /// count.
    pub fn passable(&self, hex: Hex) -> bool {
        self.game.data.board.usable(hex) && !crate::rules::obstacles::is_asteroid(self.game, hex)
    }

    /// The hexes asteroids cover now, obstacle by obstacle: what changes
    /// which hexes are [`Observation::passable`] during a game.
    pub fn asteroid_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.game
            .obstacles()
            .filter(|(kind, _)| *kind == spacedock_schema::rules::Obstacle::Asteroid)
            .flat_map(|(_, hexes)| hexes.iter().copied())
    }

    /// The hex nearest the middle of the battlefield.
    pub fn centre(&self) -> Hex {
        let board = &self.game.data.board;
        let columns = u32::from(board.columns);
        let rows = u32::from(board.rows);
        board
            .hex([columns.div_ceil(2), rows.div_ceil(2)])
            .unwrap_or(Hex(0))
    }

    /// One ship card, if the observer may see it (the rule of
    /// [`Observation::cards`]: their own, or one in play), without walking
    /// the list.
    pub fn card(&self, card: ShipCardId) -> Option<CardView<'a>> {
        let view = self.game.card(card);
        let visible = view.controller == self.player()
            || matches!(view.place, CardPlace::Launched | CardPlace::OutOfPlay);
        visible.then_some(view)
    }

    /// One ship, if the observer may see it (the rule of
    /// [`Observation::ships`]: on the battlefield, or of a visible card).
    pub fn ship(&self, ship: ShipId) -> Option<ShipView> {
        let view = self.game.ship(ship);
        (view.pos.is_some() || self.card(view.card).is_some()).then_some(view)
    }

    /// A tactic card's face, if the observer may see it: in their hand or
    /// prepped for them, attached to a ship card, or in a discard pile.
    pub fn tactic(&self, tactic: TacticId) -> Option<TacticView<'a>> {
        let view = self.game.tactic(tactic);
        let visible = match view.place {
            TacticPlace::Hand(player) | TacticPlace::Prepped(player) => player == self.player(),
            TacticPlace::Attached(_) | TacticPlace::Discard => true,
            TacticPlace::Deck => false,
        };
        visible.then_some(view)
    }
}
