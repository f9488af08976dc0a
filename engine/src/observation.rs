//! What one player may see of a game: their own hand, screen and holds,
//! and the public table (the battlefield, energy boards, hand and deck
//! sizes, discard piles, victory points). Never an opponent's hand, the
//! order of any deck, the cards in an opponent's holds or behind their
//! screen, or the kind of a black-side-up discovery tile. Policies decide
//! from this alone.

use crate::game::{CardView, Game, ShipView, TileView};
use crate::ids::{PlayerId, ShipCardId, TacticId, TeamId};
use crate::outcome::Outcome;
use crate::powers::Stat;
use crate::question::Question;
use crate::state::{CardPlace, TurnPhase};

/// A player's view of a game.
#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    /// `pub(crate)` for the policy module's extra views of public facts
    /// (`policy/view.rs`); policies themselves only see the methods.
    pub(crate) game: &'a Game,
    player: PlayerId,
}

impl<'a> Observation<'a> {
    pub(crate) fn new(game: &'a Game, player: PlayerId) -> Observation<'a> {
        Observation { game, player }
    }

    /// The observing player.
    pub fn player(&self) -> PlayerId {
        self.player
    }

    pub fn team(&self) -> TeamId {
        self.game.team(self.player)
    }

    pub fn players(&self) -> impl ExactSizeIterator<Item = PlayerId> + use<> {
        self.game.players()
    }

    pub fn team_of(&self, player: PlayerId) -> TeamId {
        self.game.team(player)
    }

    pub fn round(&self) -> u32 {
        self.game.round()
    }

    pub fn phase(&self) -> TurnPhase {
        self.game.phase()
    }

    pub fn active_player(&self) -> PlayerId {
        self.game.active_player()
    }

    pub fn to_move(&self) -> PlayerId {
        self.game.to_move()
    }

    /// The question the observer must answer now, if any (a question to
    /// another player stays theirs: it may name a card in their hand).
    pub fn question(&self) -> Option<&'a Question> {
        self.game
            .question()
            .filter(|question| question.player == self.player)
    }

    pub fn outcome(&self) -> Option<&'a Outcome> {
        self.game.outcome()
    }

    /// Energy boards are public.
    pub fn energy(&self, player: PlayerId) -> i32 {
        self.game.energy(player)
    }

    /// The observer's own hand.
    pub fn hand(&self) -> &'a [TacticId] {
        self.game.hand(self.player)
    }

    pub fn hand_len(&self, player: PlayerId) -> usize {
        self.game.hand_len(player)
    }

    pub fn deck_len(&self, player: PlayerId) -> usize {
        self.game.deck_len(player)
    }

    pub fn discard_len(&self, player: PlayerId) -> usize {
        self.game.discard_len(player)
    }

    pub fn victory_points(&self, team: TeamId) -> u32 {
        self.game.victory_points(team)
    }

    /// Whether the observer may see a ship card: their own, or one in play.
    fn visible(&self, card: ShipCardId) -> bool {
        let view = self.game.card(card);
        view.controller == self.player
            || matches!(view.place, CardPlace::Launched | CardPlace::OutOfPlay)
    }

    /// Ship cards the observer may see.
    pub fn cards(&self) -> impl Iterator<Item = CardView<'a>> + '_ {
        let game = self.game;
        game.cards().filter(move |card| self.visible(card.id))
    }

    /// Ships on the battlefield, and the observer's own ships anywhere.
    pub fn ships(&self) -> impl Iterator<Item = ShipView> + '_ {
        self.game
            .ships()
            .filter(move |ship| ship.pos.is_some() || self.visible(ship.card))
    }

    /// The discovery tiles, black-side-up ones without their kind.
    pub fn tiles(&self) -> impl Iterator<Item = TileView> + 'a {
        self.game.tiles()
    }

    /// A number of a visible ship card or ship (range, move, costs...).
    pub fn stat(&self, stat: Stat) -> i32 {
        self.game.stat(stat)
    }

    /// The game's static facts and public accessors (battlefield geometry,
    /// hit charts, distances); its hidden parts are reachable only through
    /// the methods above.
    pub fn distance(&self, a: crate::ids::ShipId, b: crate::ids::ShipId) -> Option<u32> {
        self.game.distance(a, b)
    }

    pub fn hit_cells(&self, card: ShipCardId) -> u32 {
        self.game.hit_cells(card)
    }
}
