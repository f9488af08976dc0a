//! Changing a game outside the flow of play, for scenarios and tests: put a
//! ship at a hex, set pegs or energy, deal damage, take control, score
//! points, move an obstacle, set a tile. Every change goes through the same
//! rule primitives the engine and card powers use, so the state stays one
//! the rules could have reached (destruction and victory are checked).

use spacedock_schema::rules::DiscoveryTile;
use spacedock_schema::scenario::{Die, ForcedDie};

use crate::board::Pos;
use crate::event::EffectSource;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId, TeamId};
use crate::rules::damage::{self, Damage};
use crate::rules::{
    self, cards, control, deploy, destruction, energy, movement, obstacles, victory,
};
use crate::state::{CardPlace, Stage, TacticPlace, TileState, TurnPhase};

/// Edits a game; see [`Game::edit`].
pub struct Editor<'a> {
    game: &'a mut Game,
}

impl Game {
    /// Edits the game outside the flow of play (scenarios and tests).
    ///
    /// While an action waits for an answer ([`Game::question`]), an edit
    /// changes only the state the asked player sees; the answer resolves
    /// the action again from the state before it (but for
    /// [`Editor::force_dice_after_answer`]), so edit before or after.
    pub fn edit(&mut self) -> Editor<'_> {
        // Replaying the actions since the last copy would miss the edit.
        self.history = None;
        Editor { game: self }
    }
}

impl Editor<'_> {
    /// Makes a change that powers may answer, as an action's own: the
    /// activation ends if its ships are gone, and a chain of powers
    /// answering each other without end stops the game as it would in
    /// play ([`Game::runaway`]).
    fn answered(&mut self, change: impl FnOnce(&mut Game)) -> &mut Self {
        self.game.chain = 0;
        self.game.runaway = false;
        change(self.game);
        rules::end_emptied_activation(self.game);
        self.game.stop_runaway();
        self
    }

    /// Sets the energy `player` spends from, within the ruleset's bounds.
    pub fn set_energy(&mut self, player: PlayerId, value: i32) -> &mut Self {
        let rules = self.game.data.rules();
        let value = value.clamp(rules.energy_min as i32, rules.energy_max as i32);
        let pool = usize::from(self.game.data.players[player.index()].pool);
        self.game.st.energy[pool] = value;
        self
    }

    pub fn gain_energy(&mut self, player: PlayerId, amount: i32) -> &mut Self {
        energy::gain_energy(self.game, player, amount);
        self
    }

    pub fn lose_energy(&mut self, player: PlayerId, amount: i32) -> &mut Self {
        energy::lose_energy(self.game, player, amount);
        self
    }

    /// Puts a ship at `pos` (no ECM, no debris). A ship card behind its
    /// screen is launched with full shields; the position is not checked.
    pub fn place_ship(&mut self, ship: ShipId, pos: Pos) -> &mut Self {
        let card = self.game.data.card_of(ship);
        let launching = self.game.st.cards[card.index()].place != CardPlace::Launched;
        if launching {
            self.game.st.cards[card.index()].place = CardPlace::Launched;
        }
        if launching || self.game.st.ships[ship.index()].pos.is_none() {
            deploy::place_launched_ship(self.game, ship, pos, crate::state::PlaceKind::Launch);
        } else {
            deploy::place_ship(self.game, ship, pos);
        }
        self
    }

    /// Takes a ship off the battlefield without destroying it.
    pub fn remove_ship(&mut self, ship: ShipId) -> &mut Self {
        self.answered(|game| movement::remove_from_battlefield(game, ship))
    }

    /// Sets a ship's pegs (destroys it if the hull is gone).
    pub fn set_pegs(&mut self, ship: ShipId, shields: u32, hull_damage: u32) -> &mut Self {
        let state = &mut self.game.st.ships[ship.index()];
        state.shields = shields.min(255) as u8;
        state.hull_damage = hull_damage.min(255) as u8;
        self.answered(|game| damage::check_hull(game, ship))
    }

    /// Deals damage; `damage_type` names one of the ruleset's types.
    pub fn deal_damage(
        &mut self,
        ship: ShipId,
        amount: i32,
        kind: Damage,
        damage_type: Option<&str>,
    ) -> &mut Self {
        let damage_type = damage_type.and_then(|name| damage::damage_type(self.game, name));
        self.answered(|game| damage::deal_damage(game, ship, amount, kind, damage_type))
    }

    pub fn add_shields(&mut self, ship: ShipId, amount: i32) -> &mut Self {
        damage::add_shields(self.game, ship, amount);
        self
    }

    pub fn repair_hull(&mut self, ship: ShipId, amount: i32) -> &mut Self {
        damage::repair_hull(self.game, ship, amount);
        self
    }

    pub fn destroy_ship(&mut self, ship: ShipId) -> &mut Self {
        self.answered(|game| destruction::destroy_ship(game, ship))
    }

    pub fn take_control(&mut self, card: ShipCardId, player: PlayerId) -> &mut Self {
        self.answered(|game| control::take_control(game, card, player))
    }

    pub fn score_victory_points(&mut self, team: TeamId, points: u32) -> &mut Self {
        self.answered(|game| {
            victory::score_victory_points(game, team, points, EffectSource::Edit, None);
        })
    }

    /// Moves obstacle number `obstacle` (in the mission's order).
    pub fn move_obstacle(&mut self, obstacle: usize, hexes: &[Hex]) -> &mut Self {
        if obstacle < self.game.st.obstacles.len() {
            self.answered(|game| obstacles::move_obstacle(game, obstacle, hexes));
        }
        self
    }

    /// Puts a discovery tile at a hex (replacing any tile there).
    pub fn set_tile(&mut self, hex: Hex, tile: DiscoveryTile, face_up: bool) -> &mut Self {
        let state = TileState { tile, hex, face_up };
        match self.game.st.tile_at[hex.index()] {
            0 => {
                self.game.st.tiles.push(state);
                self.game.st.tile_at[hex.index()] = self.game.st.tiles.len() as u8;
            }
            index => self.game.st.tiles[usize::from(index - 1)] = state,
        }
        self
    }

    /// Moves a tactic card into `player`'s hand from wherever it is.
    pub fn to_hand(&mut self, player: PlayerId, tactic: TacticId) -> &mut Self {
        cards::discard(self.game, tactic);
        for deck in &mut self.game.st.decks {
            deck.discard.retain(|&card| card != tactic);
        }
        self.game.st.tactics[tactic.index()].place = TacticPlace::Hand(player);
        self.game.st.players[player.index()].hand.push(tactic);
        self
    }

    /// Attaches a tactic card to a ship card, at no cost.
    pub fn attach(&mut self, tactic: TacticId, card: ShipCardId) -> &mut Self {
        self.to_hand(self.game.data.card(card).owner, tactic);
        let owner = self.game.data.card(card).owner;
        self.game.st.players[owner.index()]
            .hand
            .retain(|&held| held != tactic);
        self.answered(|game| cards::attach(game, tactic, card))
    }

    /// Sets the round (for rules that wait for a round).
    pub fn set_round(&mut self, round: u32) -> &mut Self {
        self.game.st.round = round;
        victory::check(self.game);
        if self.game.st.outcome.is_some() {
            self.game.st.stage = Stage::Over;
        }
        self
    }

    /// Draws a card for `player` (whatever the hand limit).
    pub fn draw(&mut self, player: PlayerId) -> Option<TacticId> {
        cards::draw(self.game, player)
    }
}

// Scenario support: what `crate::scenario` needs to build a state before
// its steps (whose turn it is, deck order, holds, forced dice). Kept apart
// from the edits above, which card powers' primitives back.
impl Editor<'_> {
    /// Makes the next die rolls come out as `rolls`, in order (letter die
    /// then number die for a coordinate roll), replacing any forced results
    /// not rolled yet; an empty list goes back to fair rolls. A forced
    /// result above a die's faces rolls its highest face; one that comes
    /// up on the other die is rolled all the same, and told by
    /// [`Game::forced_dice_mismatch`]. Shuffles stay fair.
    pub fn force_dice(&mut self, rolls: &[ForcedDie]) -> &mut Self {
        self.game.st.dice.force(rolls);
        self
    }

    /// While an action waits for an answer ([`Game::question`]): makes the
    /// rolls after those already forced on the action come out as `rolls`
    /// when the answer resolves it again. Does nothing otherwise.
    pub fn force_dice_after_answer(&mut self, rolls: &[ForcedDie]) -> &mut Self {
        if let Some(pending) = &mut self.game.st.pending {
            pending.before.dice.force_after(rolls);
        }
        self
    }

    /// Puts the game in `player`'s turn, at the start of `phase` of
    /// `round` (past the game's first energy phase), with no activation
    /// under way, no card activated and no draw owed. Victory is not
    /// checked here: the rules check it at the next turn start or
    /// destruction.
    pub fn set_turn(&mut self, player: PlayerId, phase: TurnPhase, round: u32) -> &mut Self {
        let state = &mut self.game.st;
        state.active = player;
        state.phase = phase;
        state.round = round;
        state.turn = state.turn.max(1);
        state.stage = Stage::Main;
        state.activation = None;
        state.first_phase_done = true;
        for card in &mut state.cards {
            card.activated = false;
        }
        for held in &mut state.players {
            held.pending_draws = 0;
            held.market_draws = 0;
        }
        self
    }

    /// Sets who went first: who starts each round.
    pub fn set_first_player(&mut self, player: PlayerId) -> &mut Self {
        self.game.st.first_player = player;
        self
    }

    /// Marks a ship card as activated (or not) this turn.
    pub fn set_activated(&mut self, card: ShipCardId, activated: bool) -> &mut Self {
        self.game.st.cards[card.index()].activated = activated;
        self
    }

    /// Puts tactic cards on top of `player`'s deck from wherever they are,
    /// `top` first: the next draw takes `top[0]`.
    pub fn stack_deck(&mut self, player: PlayerId, top: &[TacticId]) -> &mut Self {
        for &tactic in top {
            self.to_discard(tactic);
            for deck in &mut self.game.st.decks {
                deck.discard.retain(|&card| card != tactic);
            }
            self.game.st.tactics[tactic.index()].place = TacticPlace::Deck;
        }
        let deck = usize::from(self.game.data.players[player.index()].deck);
        // The top of a deck is the end of its list.
        self.game.st.decks[deck].cards.extend(top.iter().rev());
        self
    }

    /// Puts a tactic card on its deck's discard pile, from wherever it is.
    pub fn to_discard(&mut self, tactic: TacticId) -> &mut Self {
        cards::discard(self.game, tactic);
        self
    }

    /// Seals a ship card behind its screen into `carrier`'s transport hold
    /// (capacity and sizes are not checked).
    pub fn put_in_hold(&mut self, card: ShipCardId, carrier: ShipCardId) -> &mut Self {
        self.game.st.cards[card.index()].place = CardPlace::Hold(carrier);
        self
    }
}

impl Game {
    /// Forced die results (see [`Editor::force_dice`]) not rolled yet.
    pub fn forced_dice_left(&self) -> usize {
        self.st.dice.forced_left()
    }

    /// The first forced die result that came up on the other die: its
    /// index among those forced since [`Editor::force_dice`], and the die
    /// it came up on.
    pub fn forced_dice_mismatch(&self) -> Option<(usize, Die)> {
        self.st.dice.forced_mismatch()
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::board::Pos;
    use crate::game::Game;
    use crate::ids::{ShipCardId, ShipId};
    use crate::rules::testing;
    use crate::state::TurnPhase;

    /// Dead Zone Battle in the ISN action phase of `round`, ISN Everest
    /// placed and activated.
    fn everest_activated(round: u32) -> (Game, ShipCardId) {
        let mut game = Game::new(testing::bundle(), "dead-zone-battle", 1).unwrap();
        let everest = testing::card(&game, "isn-everest");
        let isn = game.card(everest).controller;
        let ship = game.card_ships(everest).next().unwrap();
        let at = game.hex_at([8, 9]).unwrap();
        game.edit()
            .set_turn(isn, TurnPhase::Action, round)
            .place_ship(ship, Pos { at, dir: 0 });
        game.apply(Action::Activate(everest)).unwrap();
        (game, everest)
    }

    /// Destroying the last ship of the activated card by an edit ends its
    /// activation, as in play: the player may activate another card.
    #[test]
    fn an_edit_that_destroys_the_activated_card_ends_its_activation() {
        let (mut game, everest) = everest_activated(2);
        let ships: Vec<ShipId> = game.card_ships(everest).collect();
        for ship in ships {
            game.edit().destroy_ship(ship);
        }
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(!legal.contains(&Action::EndActivation), "{legal:?}");
        assert!(legal.contains(&Action::EndPhase), "{legal:?}");
    }

    /// An edit that ends the game (the last enemy ship destroyed, past
    /// round 3) leaves no activation behind, as a game played to its end.
    #[test]
    fn an_edit_that_ends_the_game_leaves_no_activation() {
        let (mut game, everest) = everest_activated(5);
        let isn = game.card(everest).controller;
        let enemies: Vec<ShipId> = (0..game.ship_count() as u16)
            .map(ShipId)
            .filter(|&other| game.ship(other).controller != isn)
            .collect();
        for enemy in enemies {
            game.edit().destroy_ship(enemy);
        }
        assert!(game.outcome().is_some());
        assert_eq!(game.st.activation, None);
    }
}
