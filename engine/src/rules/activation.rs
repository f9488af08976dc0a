//! Activating ship cards in the action phase: each card at most once per
//! turn, paying its activation cost; then its ships move, then attack.

use crate::action::Action;
use crate::effects::program::StatKind;
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

/// Whether the activation has not begun yet: no ship of the card is
/// moving or has moved, and nothing has attacked. What may happen "when you
/// activate" (an event answering the activation) or instead of moving
/// happens only then.
pub(crate) fn fresh(game: &Game, act: &crate::state::Activation) -> bool {
    act.mover.is_none()
        && !act.attacking
        && game
            .data
            .card(act.card)
            .ship_ids()
            .all(|ship| !game.st.ships[ship.index()].moved)
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
            && can_afford(game, player, card)
        {
            out.push(Action::Activate(card));
        }
    }
}

/// Whether `player` can pay a card's activation cost.
fn can_afford(game: &Game, player: PlayerId, card: ShipCardId) -> bool {
    let printed = game.data.card(card).activation_cost;
    energy::can_pay_cost(game, player, StatKind::ActivationCost, printed, || {
        stats::stat(game, Stat::ActivationCost(card))
    })
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

#[cfg(test)]
mod tests {
    use super::can_afford;
    use crate::effects::program::{StatKind, stat_index};
    use crate::ids::{PlayerId, ShipCardId};
    use crate::powers::Stat;
    use crate::rules::testing::for_each_state;
    use crate::rules::{energy, stats};

    /// The cost no power raises above its print and floor must answer as
    /// the cost the powers make, for every player, card and state of
    /// random and greedy games of every mission; and the powers must keep
    /// every cost under that cap.
    #[test]
    fn an_affordable_activation_is_found_as_by_its_cost() {
        let (mut affordable, mut changed, mut capped) = (0, 0, 0);
        for_each_state(1, |game| {
            let cap = game.data.powers.caps[stat_index(StatKind::ActivationCost)];
            capped += usize::from(cap.is_some());
            for card in (0..game.st.cards.len() as u16).map(ShipCardId) {
                let printed = game.data.card(card).activation_cost;
                let cost = stats::stat(game, Stat::ActivationCost(card));
                if let Some(cap) = cap {
                    assert!(cost <= printed.max(cap).max(0), "{cost} {printed} {cap}");
                }
                changed += usize::from(cost != printed);
                for player in (0..game.data.players.len() as u8).map(PlayerId) {
                    let plain = energy::can_pay(game, player, cost);
                    assert_eq!(can_afford(game, player, card), plain);
                    affordable += usize::from(plain);
                }
            }
        });
        assert!(
            affordable > 1000 && changed > 100 && capped > 1000,
            "{affordable} {changed} {capped}"
        );
    }
}
