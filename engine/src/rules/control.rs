//! Taking control of an opponent's ship card: the card, its attached cards
//! and its ships change sides; the ships in its hold are destroyed; of two
//! heroes of one name in the new fleet, the new controller discards one;
//! and a card whose ship name is already in the new fleet is destroyed.

use spacedock_schema::common::TacticType;

use crate::event::Event;
use crate::game::Game;
use crate::ids::{PlayerId, ShipCardId};
use crate::question::{self, About, Answer};
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
    // By name, as the fleet rule: a pack may give two cards one name.
    let name = game.data.card(card).name_group;
    let same_name = game.st.cards.iter().enumerate().any(|(index, other)| {
        index != card.index()
            && other.controller == player
            && other.place != CardPlace::OutOfPlay
            && game.data.cards[index].name_group == name
    });
    if same_name {
        // The taken card is destroyed, its heroes discarded with it: no two
        // heroes of one name are left to choose between.
        destruction::destroy_card(game, card);
        victory::check(game);
        return;
    }
    let heroes: Vec<_> = game.st.cards[card.index()]
        .attached
        .iter()
        .copied()
        .filter(|&tactic| game.data.kind_of(tactic).kind == TacticType::Hero)
        .collect();
    for hero in heroes {
        let kind = game.data.tactics[hero.index()].kind;
        let own = game.st.cards.iter().enumerate().find_map(|(index, other)| {
            (index != card.index() && other.controller == player)
                .then(|| {
                    other
                        .attached
                        .iter()
                        .copied()
                        .find(|&tactic| cards::same_name(game, tactic, kind))
                })
                .flatten()
                .map(|tactic| (ShipCardId(index as u16), tactic))
        });
        let Some((own_card, own_hero)) = own else {
            continue;
        };
        // "You must choose one of the heroes to discard": named by the ship
        // it is attached to, the taken one suggested.
        let ship_of = |game: &Game, card: ShipCardId| game.data.card(card).ship_ids().next();
        let (Some(taken_ship), Some(own_ship)) = (ship_of(game, card), ship_of(game, own_card))
        else {
            cards::discard_by(game, player, hero);
            continue;
        };
        let options = vec![Answer::Ship(taken_ship), Answer::Ship(own_ship)];
        let discarded = match question::ask(game, player, About::DiscardHero { hero }, options) {
            Answer::Ship(ship) if ship == own_ship => own_hero,
            _ => hero,
        };
        cards::discard_by(game, player, discarded);
    }
    victory::check(game);
}
