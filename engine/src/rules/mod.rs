//! Every rule of the game, one module per rulebook section, and the three
//! entry points the [`crate::Game`] calls: who decides ([`to_move`]), what
//! they may do ([`legal_actions`]) and what it does ([`apply`]), followed
//! by [`settle`], which carries out what happens without a decision (owed
//! draws, the end of an activation whose ships are gone, the game's end).
//!
//! The `pub(crate)` functions of the modules are also the primitives that
//! card powers and mission special rules use (see [`crate::powers`]).

pub(crate) mod activation;
pub(crate) mod attack;
pub(crate) mod cards;
pub(crate) mod control;
pub(crate) mod damage;
pub(crate) mod deploy;
pub(crate) mod destruction;
pub(crate) mod discovery;
pub(crate) mod energy;
pub(crate) mod movement;
pub(crate) mod obstacles;
pub(crate) mod stats;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod turn;
pub(crate) mod victory;

use crate::action::Action;
use crate::game::Game;
use crate::ids::PlayerId;
use crate::powers;
use crate::state::{Stage, TurnPhase};

/// The player who must decide now.
pub(crate) fn to_move(game: &Game) -> PlayerId {
    if game.st.outcome.is_none()
        && let Some(player) = cards::forced_discarder(game)
    {
        return player;
    }
    match game.st.stage {
        Stage::Placing { player, .. } | Stage::Loading { player, .. } => player,
        Stage::ChooseFirst { chooser } => chooser,
        Stage::Main | Stage::Over => game.st.active,
    }
}

/// Appends every legal action of [`to_move`] to `out`.
pub(crate) fn legal_actions(game: &Game, out: &mut Vec<Action>) {
    if game.st.outcome.is_some() {
        return;
    }
    if let Some(player) = cards::forced_discarder(game) {
        cards::push_discards(game, player, out);
        return;
    }
    match game.st.stage {
        Stage::Placing { .. } => deploy::push_placements(game, out),
        Stage::Loading { .. } => deploy::push_loads(game, out),
        Stage::ChooseFirst { .. } => {
            out.extend(game.players().map(Action::ChooseFirstPlayer));
        }
        Stage::Main => main_actions(game, out),
        Stage::Over => {}
    }
}

/// The active player's choices in their phase.
fn main_actions(game: &Game, out: &mut Vec<Action>) {
    let player = game.st.active;
    if let Some(act) = game.st.activation {
        if let Some(mover) = act.mover {
            movement::push_steps(game, mover, act.moves_left, act.lead_chosen, out);
            if movement::can_end_move(game, mover) {
                out.push(Action::EndMove);
            }
            return;
        }
        if let Some(charge) = act.charge {
            attack::push_attacks(game, charge, out);
            out.push(Action::EndWeapon);
        } else {
            if !act.attacking {
                movement::push_move_starts(game, act.card, out);
                powers::push_power_actions(game, player, out);
            }
            attack::push_charges(game, act.card, out);
        }
        out.push(Action::EndActivation);
        cards::push_plays(game, player, out);
        cards::push_discards(game, player, out);
        return;
    }
    match game.st.phase {
        TurnPhase::Energy => {
            if game.st.players[player.index()].market_draws > 0 {
                out.push(Action::DrawExtra);
            }
            cards::push_gives(game, player, out);
        }
        TurnPhase::Deploy => deploy::push_launches(game, player, out),
        TurnPhase::Action => activation::push_activations(game, player, out),
    }
    powers::push_power_actions(game, player, out);
    cards::push_plays(game, player, out);
    cards::push_discards(game, player, out);
    out.push(Action::EndPhase);
}

/// Carries out a legal action.
pub(crate) fn apply(game: &mut Game, action: Action) {
    let player = to_move(game);
    match action {
        Action::ChooseFirstPlayer(first) => turn::choose_first(game, first),
        Action::Place { hex, dir } => deploy::place(game, hex, dir),
        Action::Load(card) => deploy::load(game, card),
        Action::EndLoad => deploy::end_load(game),
        Action::DiscardForEnergy(card) => cards::discard_for_energy(game, player, card),
        Action::GiveCard { card, to } => cards::give(game, player, card, to),
        Action::DrawExtra => cards::draw_extra(game, player),
        Action::Launch(card) => deploy::launch(game, player, card),
        Action::PlayCard { card, target } => cards::play(game, player, card, target),
        Action::Activate(card) => activation::activate(game, card),
        Action::Step { ship, dir } => movement::step(game, ship, dir),
        Action::EndMove => movement::end_move_action(game),
        Action::Warp(ship) => movement::warp(game, ship),
        Action::Charge { ship, weapon } => attack::charge(game, ship, weapon),
        Action::Attack { ship, target } => attack::attack(game, ship, target),
        Action::EndWeapon => attack::end_weapon(game),
        Action::EndActivation => activation::end_activation(game),
        Action::EndPhase => turn::end_phase(game),
        Action::UsePower { power, source } => powers::use_power(game, player, power, source),
    }
}

/// What follows without a decision.
pub(crate) fn settle(game: &mut Game) {
    if game.st.outcome.is_none() {
        cards::settle_draws(game);
    }
    if game.st.outcome.is_none()
        && let Some(act) = game.st.activation
        && act.mover.is_none()
        && !activation::has_ships_on_battlefield(game, act.card)
    {
        activation::end_activation(game);
    }
    if game.st.outcome.is_some() {
        game.st.stage = Stage::Over;
        game.st.activation = None;
    }
}
