//! Destroyed ships: a ship goes at hull damage >= hull (or on a critical
//! star with its shields already down). When every ship of a card is gone
//! (destroyed, or escaped before) the card is out of play: its attached tactic cards go to their owners'
//! discard piles and the ships in its hold are destroyed with it.

use crate::event::Event;
use crate::game::Game;
use crate::ids::{ShipCardId, ShipId};
use crate::powers::{self, Trigger};
use crate::rules::{cards, movement, victory};
use crate::state::CardPlace;

/// Destroys a ship (on the battlefield or not).
pub(crate) fn destroy_ship(game: &mut Game, ship: ShipId) {
    if game.st.ships[ship.index()].destroyed || powers::before_destroy(game, ship) {
        return;
    }
    movement::lift_ship(game, ship);
    let state = &mut game.st.ships[ship.index()];
    state.destroyed = true;
    state.pos = None;
    if let Some(act) = &mut game.st.activation {
        if act.mover == Some(ship) {
            act.mover = None;
        }
        if act.charge.is_some_and(|charge| charge.ship == ship) {
            act.charge = None;
        }
    }
    game.emit(Event::Destroyed { ship });
    powers::dispatch(game, Trigger::Destroy { ship });
    let card = game.data.card_of(ship);
    // The others may have left the battlefield before (Blockade Run's
    // escape): the card leaves play with its last ship however it went.
    let launched = game.st.cards[card.index()].place == CardPlace::Launched;
    let gone = game.data.card(card).ship_ids().all(|other| {
        let state = &game.st.ships[other.index()];
        state.destroyed || launched && state.pos.is_none()
    });
    if gone && game.st.cards[card.index()].place != CardPlace::OutOfPlay {
        card_out_of_play(game, card);
    }
    victory::check(game);
}

/// Every ship of the card is gone: the card leaves play.
pub(crate) fn card_out_of_play(game: &mut Game, card: ShipCardId) {
    game.st.cards[card.index()].place = CardPlace::OutOfPlay;
    game.emit(Event::CardOutOfPlay { card });
    let attached = std::mem::take(&mut game.st.cards[card.index()].attached);
    for tactic in attached {
        cards::discard(game, tactic);
    }
    destroy_hold(game, card);
    // An activation of the card ends once the action is over
    // (`rules::settle`), as every activation does: its powers answering
    // the end act and its lasting changes expire.
}

/// The ships in a card's hold are destroyed.
pub(crate) fn destroy_hold(game: &mut Game, carrier: ShipCardId) {
    for held in 0..game.st.cards.len() as u16 {
        let held = ShipCardId(held);
        if game.st.cards[held.index()].place == CardPlace::Hold(carrier) {
            destroy_card(game, held);
        }
    }
}

/// Destroys every ship of a card, wherever it is.
pub(crate) fn destroy_card(game: &mut Game, card: ShipCardId) {
    // The last ship destroyed takes the card out of play; a ship a power
    // saves ("the first time it would be destroyed, it is not") keeps it in.
    for ship in game.data.card(card).ship_ids() {
        destroy_ship(game, ship);
    }
}
