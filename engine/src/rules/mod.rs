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
use crate::ids::{PlayerId, ShipCardId, ShipId};
use crate::powers;
use crate::state::{Stage, TurnPhase};

/// The player who must decide now.
pub(crate) fn to_move(game: &Game) -> PlayerId {
    if let Some(pending) = &game.st.pending {
        return pending.question.player;
    }
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

/// The kinds of [`Action`]: what a part of the legal list can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    ChooseFirstPlayer,
    Place,
    Load,
    EndLoad,
    DiscardForEnergy,
    GiveCard,
    DrawExtra,
    Launch,
    PlayCard,
    Activate,
    Step,
    EndMove,
    Warp,
    Charge,
    Attack,
    EndWeapon,
    EndActivation,
    EndPhase,
    UsePower,
    Answer,
}

impl Kind {
    pub(crate) fn of(action: Action) -> Kind {
        match action {
            Action::ChooseFirstPlayer(_) => Kind::ChooseFirstPlayer,
            Action::Place { .. } => Kind::Place,
            Action::Load(_) => Kind::Load,
            Action::EndLoad => Kind::EndLoad,
            Action::DiscardForEnergy(_) => Kind::DiscardForEnergy,
            Action::GiveCard { .. } => Kind::GiveCard,
            Action::DrawExtra => Kind::DrawExtra,
            Action::Launch(_) => Kind::Launch,
            Action::PlayCard { .. } => Kind::PlayCard,
            Action::Activate(_) => Kind::Activate,
            Action::Step { .. } => Kind::Step,
            Action::EndMove => Kind::EndMove,
            Action::Warp(_) => Kind::Warp,
            Action::Charge { .. } => Kind::Charge,
            Action::Attack { .. } => Kind::Attack,
            Action::EndWeapon => Kind::EndWeapon,
            Action::EndActivation => Kind::EndActivation,
            Action::EndPhase => Kind::EndPhase,
            Action::UsePower { .. } => Kind::UsePower,
            Action::Answer(_) => Kind::Answer,
        }
    }
}

/// Which part of the legal list to make: all of it, or enough to hold one
/// action if it is legal. That part is the full list with the costly
/// parts that cannot hold the action left out (those of other kinds, and
/// those of other ship cards or ships where a part goes card by card or
/// ship by ship); single actions pushed without a test stay. So the action
/// is in the part exactly when it is in the full list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wanted {
    All,
    Like(Action),
}

impl Wanted {
    /// Whether a part holding actions of `kinds` is to be made.
    #[inline]
    fn any(self, kinds: &[Kind]) -> bool {
        match self {
            Wanted::All => true,
            Wanted::Like(action) => kinds.contains(&Kind::of(action)),
        }
    }

    /// The only ship card whose activation or launch is wanted, if one is.
    fn card(self) -> Option<ShipCardId> {
        match self {
            Wanted::Like(Action::Activate(card) | Action::Launch(card)) => Some(card),
            _ => None,
        }
    }

    /// The only ship whose steps, warp or charges are wanted, if one is.
    fn ship(self) -> Option<ShipId> {
        match self {
            Wanted::Like(
                Action::Step { ship, .. } | Action::Warp(ship) | Action::Charge { ship, .. },
            ) => Some(ship),
            _ => None,
        }
    }
}

/// Appends every legal action of [`to_move`] to `out`.
pub(crate) fn legal_actions(game: &Game, out: &mut Vec<Action>) {
    push_legal(game, Wanted::All, out);
}

/// Whether `action` is legal: the answer of looking for it in
/// [`legal_actions`], from only the part of the list that can hold it.
/// `scratch` is cleared and used as the part's buffer.
pub(crate) fn is_legal(game: &Game, action: Action, scratch: &mut Vec<Action>) -> bool {
    scratch.clear();
    push_legal(game, Wanted::Like(action), scratch);
    scratch.contains(&action)
}

/// Appends the `wanted` part of the legal list of [`to_move`] to `out`.
pub(crate) fn push_legal(game: &Game, wanted: Wanted, out: &mut Vec<Action>) {
    if game.st.outcome.is_some() {
        return;
    }
    if let Some(pending) = &game.st.pending {
        out.extend(pending.question.options.iter().copied().map(Action::Answer));
        return;
    }
    if let Some(player) = cards::forced_discarder(game) {
        cards::push_discards(game, player, out);
        return;
    }
    match game.st.stage {
        Stage::Placing { .. } => {
            if wanted.any(&[Kind::Place]) {
                deploy::push_placements(game, out);
            }
        }
        Stage::Loading { .. } => deploy::push_loads(game, out),
        Stage::ChooseFirst { .. } => {
            out.extend(game.players().map(Action::ChooseFirstPlayer));
        }
        Stage::Main => main_actions(game, wanted, out),
        Stage::Over => {}
    }
}

/// The active player's choices in their phase.
fn main_actions(game: &Game, wanted: Wanted, out: &mut Vec<Action>) {
    let player = game.st.active;
    if let Some(act) = game.st.activation {
        if let Some(mover) = act.mover {
            if wanted.any(&[Kind::Step]) {
                movement::push_steps(game, mover, act.moves_left, act.lead_chosen, out);
            }
            if movement::can_end_move(game, mover) {
                out.push(Action::EndMove);
            }
            return;
        }
        if let Some(charge) = act.charge {
            if wanted.any(&[Kind::Attack]) {
                attack::push_attacks(game, charge, out);
            }
            out.push(Action::EndWeapon);
        } else {
            if !act.attacking {
                if wanted.any(&[Kind::Step, Kind::Warp]) {
                    movement::push_move_starts(game, act.card, wanted.ship(), out);
                }
                if wanted.any(&[Kind::UsePower]) {
                    powers::push_power_actions(game, player, out);
                }
            }
            if wanted.any(&[Kind::Charge]) {
                attack::push_charges(game, act.card, wanted.ship(), out);
            }
        }
        out.push(Action::EndActivation);
        push_card_actions(game, player, wanted, out);
        return;
    }
    match game.st.phase {
        TurnPhase::Energy => {
            if game.st.players[player.index()].market_draws > 0 {
                out.push(Action::DrawExtra);
            }
            if wanted.any(&[Kind::GiveCard]) {
                cards::push_gives(game, player, out);
            }
        }
        TurnPhase::Deploy => {
            if wanted.any(&[Kind::Launch]) {
                deploy::push_launches(game, player, wanted.card(), out);
            }
        }
        TurnPhase::Action => {
            if wanted.any(&[Kind::Activate]) {
                activation::push_activations(game, player, wanted.card(), out);
            }
        }
    }
    if wanted.any(&[Kind::UsePower]) {
        powers::push_power_actions(game, player, out);
    }
    push_card_actions(game, player, wanted, out);
    out.push(Action::EndPhase);
}

/// Tactic cards played and discarded, open at any time of the turn.
fn push_card_actions(game: &Game, player: PlayerId, wanted: Wanted, out: &mut Vec<Action>) {
    if wanted.any(&[Kind::PlayCard]) {
        cards::push_plays(game, player, out);
    }
    if wanted.any(&[Kind::DiscardForEnergy]) {
        cards::push_discards(game, player, out);
    }
}

/// Carries out a legal action.
pub(crate) fn apply(game: &mut Game, action: Action) {
    // The player to move (which looks for a forced discard) is found only
    // for the actions that need it.
    match action {
        Action::ChooseFirstPlayer(first) => turn::choose_first(game, first),
        Action::Place { hex, dir } => deploy::place(game, hex, dir),
        Action::Load(card) => deploy::load(game, card),
        Action::EndLoad => deploy::end_load(game),
        Action::DiscardForEnergy(card) => {
            let player = to_move(game);
            cards::discard_for_energy(game, player, card);
        }
        Action::GiveCard { card, to } => {
            let player = to_move(game);
            cards::give(game, player, card, to);
        }
        Action::DrawExtra => {
            let player = to_move(game);
            cards::draw_extra(game, player);
        }
        Action::Launch(card) => {
            let player = to_move(game);
            deploy::launch(game, player, card);
        }
        Action::PlayCard { card, target } => {
            let player = to_move(game);
            cards::play(game, player, card, target);
        }
        Action::Activate(card) => activation::activate(game, card),
        Action::Step { ship, dir } => movement::step(game, ship, dir),
        Action::EndMove => movement::end_move_action(game),
        Action::Warp(ship) => movement::warp(game, ship),
        Action::Charge { ship, weapon } => attack::charge(game, ship, weapon),
        Action::Attack { ship, target } => attack::attack(game, ship, target),
        Action::EndWeapon => attack::end_weapon(game),
        Action::EndActivation => activation::end_activation(game),
        Action::EndPhase => turn::end_phase(game),
        Action::UsePower { power, source } => {
            let player = to_move(game);
            powers::use_power(game, player, power, source);
        }
        // Answers resume the paused action (`Game::apply`), never come here.
        Action::Answer(_) => {}
    }
}

/// The activation ends once its card has no ship left on the
/// battlefield (destroyed, escaped or taken off), or once the player
/// activating it no longer controls it, as any activation ends.
pub(crate) fn end_emptied_activation(game: &mut Game) {
    if game.st.outcome.is_some() {
        // Nothing answers the end of a game's last activation.
        game.st.activation = None;
    } else if let Some(act) = game.st.activation
        && ((act.mover.is_none() && !activation::has_ships_on_battlefield(game, act.card))
            // Nor does a player go on activating a card an opponent took
            // control of part-way: a ship moving then stops where it is,
            // unless that is on another ship, which it must pass first.
            || (game.st.cards[act.card.index()].controller != game.st.active
                && act
                    .mover
                    .is_none_or(|mover| movement::can_end_move(game, mover))))
    {
        activation::end_activation(game);
    }
}

/// What follows without a decision.
pub(crate) fn settle(game: &mut Game) {
    if game.st.outcome.is_none() {
        cards::settle_draws(game);
    }
    // Past it, a game with an outcome has no activation.
    end_emptied_activation(game);
    if game.st.outcome.is_some() {
        game.st.stage = Stage::Over;
    }
}

#[cfg(test)]
mod tests {
    use super::{Wanted, is_legal, legal_actions, push_legal, testing};
    use crate::action::Action;
    use crate::ids::{ShipCardId, ShipId};
    use crate::state::WeaponRef;

    /// Actions about every ship card and ship, and about ids no game has:
    /// most of them illegal.
    fn made_up(game: &crate::game::Game, out: &mut Vec<Action>) {
        let cards = (0..game.st.cards.len() as u16).chain([u16::MAX]);
        for card in cards.map(ShipCardId) {
            out.extend([Action::Activate(card), Action::Launch(card)]);
        }
        for ship in (0..game.st.ships.len() as u16)
            .chain([u16::MAX])
            .map(ShipId)
        {
            out.extend((0..13).map(|dir| Action::Step { ship, dir }));
            out.extend([
                Action::Warp(ship),
                Action::Charge {
                    ship,
                    weapon: WeaponRef::Primary,
                },
                Action::Charge {
                    ship,
                    weapon: WeaponRef::Secondary(0),
                },
            ]);
        }
    }

    /// The part of the legal list made for an action holds nothing that is
    /// not legal, and holds the action if it is legal: so `is_legal`
    /// answers as looking in the full list does. Asked for every legal
    /// action, every action legal a step earlier (most illegal now), and
    /// at every fifth state actions about every card and ship.
    #[test]
    fn an_action_is_legal_exactly_when_the_full_list_holds_it() {
        let (mut full, mut part, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        let (mut earlier, mut asked) = (Vec::<Action>::new(), Vec::new());
        let mut refused = 0;
        testing::for_each_state(3, |game| {
            full.clear();
            legal_actions(game, &mut full);
            asked.clear();
            asked.extend(full.iter().chain(&earlier));
            if game.steps().is_multiple_of(5) {
                made_up(game, &mut asked);
            }
            for action in &asked {
                part.clear();
                push_legal(game, Wanted::Like(*action), &mut part);
                assert!(part.iter().all(|action| full.contains(action)), "{part:?}");
                let legal = full.contains(action);
                assert_eq!(is_legal(game, *action, &mut scratch), legal, "{action:?}");
                refused += usize::from(!legal);
            }
            earlier.clone_from(&full);
        });
        assert!(refused > 100_000, "{refused} illegal actions asked");
    }
}
