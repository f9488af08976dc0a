//! Taking control of an opponent's ship card: the card, its attached cards
//! and its ships change sides; the ships in its hold are destroyed; a hero
//! whose name is already in the new fleet is discarded; and a card whose
//! ship name is already in the new fleet is destroyed.

use spacedock_schema::common::TacticType;

use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId};
use crate::rules::{cards, destruction, victory};
use crate::state::CardPlace;

/// `player` takes control of `card`.
pub(crate) fn take_control(game: &mut Game, card: ShipCardId, player: PlayerId) {
    if game.st.cards[card.index()].controller == player {
        return;
    }
    destruction::destroy_hold(game, card);
    game.st.cards[card.index()].controller = player;
    game.emit(Event::ControlTaken { card, by: player });
    let heroes: Vec<_> = game.st.cards[card.index()]
        .attached
        .iter()
        .copied()
        .filter(|&tactic| game.data.kind_of(tactic).kind == TacticType::Hero)
        .collect();
    for hero in heroes {
        let kind = game.data.tactics[hero.index()].kind;
        let duplicate = game.st.cards.iter().enumerate().any(|(index, other)| {
            index != card.index()
                && other.controller == player
                && other
                    .attached
                    .iter()
                    .any(|&tactic| game.data.tactics[tactic.index()].kind == kind)
        });
        if duplicate {
            cards::discard(game, hero);
        }
    }
    let ship = game.data.card(card).ship;
    let same_name = game.st.cards.iter().enumerate().any(|(index, other)| {
        index != card.index()
            && other.controller == player
            && other.place != CardPlace::OutOfPlay
            && game.data.cards[index].ship == ship
    });
    if same_name {
        destruction::destroy_card(game, card);
    }
    victory::check(game);
}
