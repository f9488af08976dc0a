//! Activating ship cards in the action phase: each card at most once per
//! turn, paying its activation cost; then its ships move, then attack.

use crate::action::Action;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId};
use crate::powers::{self, Stat, Trigger};
use crate::rules::{discovery, energy, movement, stats};
use crate::state::{Activation, CardPlace};

/// Whether any ship of the card is on the battlefield.
pub(crate) fn has_ships_on_battlefield(game: &Game, card: ShipCardId) -> bool {
    game.data.card(card).ship_ids().any(|ship| {
        let state = &game.st.ships[ship.index()];
        !state.destroyed && state.pos.is_some()
    })
}

/// The cards `player` may activate (of them, only `only` if given).
pub(crate) fn push_activations(
    game: &Game,
    player: PlayerId,
    only: Option<ShipCardId>,
    out: &mut Vec<Action>,
) {
    for card in 0..game.st.cards.len() as u16 {
        let card = ShipCardId(card);
        let state = &game.st.cards[card.index()];
        if only.is_none_or(|only| only == card)
            && state.controller == player
            && state.place == CardPlace::Launched
            && !state.activated
            && has_ships_on_battlefield(game, card)
            && energy::can_pay(game, player, stats::stat(game, Stat::ActivationCost(card)))
        {
            out.push(Action::Activate(card));
        }
    }
}

/// Pays the activation cost and readies the card's ships.
pub(crate) fn activate(game: &mut Game, card: ShipCardId) {
    let player = game.st.active;
    let cost = stats::stat(game, Stat::ActivationCost(card));
    energy::spend_energy(game, player, cost);
    game.st.cards[card.index()].activated = true;
    for ship in game.data.card(card).ship_ids() {
        let on_gate = discovery::on_warp_gate(game, ship);
        let state = &mut game.st.ships[ship.index()];
        state.moved = false;
        state.charged = 0;
        state.on_warp_gate = on_gate;
    }
    for index in 0..game.st.cards[card.index()].attached.len() {
        let tactic = game.st.cards[card.index()].attached[index];
        game.st.tactics[tactic.index()].charged = 0;
    }
    // Granted weapons may be charged again in each activation too.
    let ships = game.data.card(card).ships.clone();
    game.st
        .effects
        .extra_charged
        .retain(|(ship, _)| !ships.contains(&ship.0));
    game.st.activation = Some(Activation {
        card,
        mover: None,
        moves_left: 0,
        lead_chosen: false,
        attacking: false,
        charge: None,
    });
    game.emit(Event::Activated { card });
    powers::dispatch(game, Trigger::Activate { card });
}

/// Ends the activation (a moving ship ends its move first).
pub(crate) fn end_activation(game: &mut Game) {
    let Some(act) = game.st.activation else {
        return;
    };
    if let Some(ship) = act.mover {
        movement::end_move(game, ship);
    }
    game.st.activation = None;
    powers::dispatch(game, Trigger::ActivationEnd { card: act.card });
}
