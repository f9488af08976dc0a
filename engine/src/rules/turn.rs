//! The turn sequence: the setup (opening hands, ships the mission puts on
//! the battlefield, who goes first), then turns of three phases in seating
//! order from the first player; a round is every player taking one turn.

use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId};
use crate::powers::{self, Trigger};
use crate::rules::{cards, deploy, energy, victory};
use crate::state::{CardPlace, PlaceKind, Stage, TurnPhase};

/// Deals the opening hands, places the mission's start ships, and queues
/// the placements players make themselves.
pub(crate) fn begin_setup(game: &mut Game) {
    let rules = game.data.rules();
    let opening = rules.opening_hand.min(rules.hand_limit);
    for player in game.players() {
        for _ in 0..opening {
            cards::draw(game, player);
        }
    }
    // Decks too short for the opening hands run out, and the victory clock
    // may end the game here: nothing is placed or rolled after its end.
    if game.st.outcome.is_some() {
        return;
    }
    // Ships the mission places at given hexes.
    for card in 0..game.data.cards.len() as u16 {
        let card = ShipCardId(card);
        let placed = game
            .data
            .card(card)
            .start
            .as_ref()
            .map(|start| start.at.clone());
        if let Some(positions) = placed.filter(|at| !at.is_empty()) {
            game.st.cards[card.index()].place = CardPlace::Launched;
            for (ship, pos) in game.data.card(card).ship_ids().zip(positions) {
                deploy::place_launched_ship(game, ship, pos, PlaceKind::Setup);
            }
            deploy::finish_setup_card(game, card);
            if game.st.outcome.is_some() {
                return;
            }
        }
    }
    // Ships the players place: start ships without hexes, then whole
    // fleets launched at the start, seat by seat.
    let mut queue = Vec::new();
    for (seat, player) in game.mission().players.iter().enumerate() {
        let owner = PlayerId(seat as u8);
        for (index, card) in game.data.cards.iter().enumerate() {
            if card.owner == owner && card.start.as_ref().is_some_and(|start| start.at.is_empty()) {
                queue.push(ShipCardId(index as u16));
            }
        }
        if player.fleet.launched_at_start {
            for (index, card) in game.data.cards.iter().enumerate() {
                let id = ShipCardId(index as u16);
                if card.owner == owner && card.start.is_none() {
                    queue.push(id);
                }
            }
        }
    }
    queue.reverse();
    game.st.setup_queue = queue;
    next_setup_step(game);
}

/// The next setup placement, or the roll for the first player; nothing
/// once the game is over.
pub(crate) fn next_setup_step(game: &mut Game) {
    if game.st.outcome.is_some() {
        game.st.setup_queue.clear();
        return;
    }
    while let Some(card) = game.st.setup_queue.pop() {
        if game.st.cards[card.index()].place == CardPlace::Screen
            && deploy::placement_possible(game, card, PlaceKind::Setup)
        {
            game.st.cards[card.index()].place = CardPlace::Launched;
            game.st.stage = Stage::Placing {
                player: game.data.card(card).owner,
                card,
                placed: 0,
                kind: PlaceKind::Setup,
            };
            return;
        }
    }
    roll_for_first(game);
}

/// Everyone rolls the number die; ties among the highest re-roll.
fn roll_for_first(game: &mut Game) {
    let faces = game.data.rules().number_die;
    let mut rolling: Vec<PlayerId> = game.players().collect();
    loop {
        let mut best = 0;
        let mut high = Vec::new();
        for &player in &rolling {
            let roll = game.st.dice.roll(faces);
            game.emit(Event::FirstPlayerRoll { player, roll });
            if roll > best {
                best = roll;
                high.clear();
            }
            if roll == best {
                high.push(player);
            }
        }
        if let [chooser] = high[..] {
            game.st.stage = Stage::ChooseFirst { chooser };
            return;
        }
        rolling = high;
    }
}

/// The high roller's choice.
pub(crate) fn choose_first(game: &mut Game, first: PlayerId) {
    game.st.first_player = first;
    game.emit(Event::FirstPlayer { player: first });
    start_turn(game, first);
}

fn start_turn(game: &mut Game, player: PlayerId) {
    game.st.turn += 1;
    game.st.active = player;
    let new_round = player == game.st.first_player;
    if new_round {
        game.st.round += 1;
    }
    game.st.stage = Stage::Main;
    game.st.activation = None;
    for card in &mut game.st.cards {
        card.activated = false;
    }
    game.emit(Event::TurnStarted {
        player,
        round: game.st.round,
    });
    victory::check(game);
    if game.st.outcome.is_some() {
        return;
    }
    if new_round {
        // The round starts in its first player's turn, as the energy
        // phase does: events answering it are played in that phase.
        game.st.phase = TurnPhase::Energy;
        powers::dispatch(game, Trigger::RoundStart);
        if game.st.outcome.is_some() {
            return;
        }
    }
    powers::dispatch(game, Trigger::TurnStart { player });
    energy::begin_energy_phase(game);
}

/// Ends the current phase; the action phase ends the turn.
pub(crate) fn end_phase(game: &mut Game) {
    let player = game.st.active;
    let phase = game.st.phase;
    powers::dispatch(game, Trigger::PhaseEnd { player, phase });
    let next = match phase {
        TurnPhase::Energy => {
            game.st.players[player.index()].market_draws = 0;
            TurnPhase::Deploy
        }
        TurnPhase::Deploy => TurnPhase::Action,
        TurnPhase::Action => {
            let next = PlayerId(((player.index() + 1) % game.data.players.len()) as u8);
            // The round ends within its last turn, so what lasts to the
            // turn's end lasts through the round's end, and no longer.
            if next == game.st.first_player && game.st.outcome.is_none() {
                powers::dispatch(game, Trigger::RoundEnd);
            }
            powers::dispatch(game, Trigger::TurnEnd { player });
            if game.st.outcome.is_none() {
                start_turn(game, next);
            }
            return;
        }
    };
    game.st.phase = next;
    game.emit(Event::PhaseStarted {
        player,
        phase: next,
    });
    powers::dispatch(
        game,
        Trigger::PhaseStart {
            player,
            phase: next,
        },
    );
}
