//! Decisions inside an action: the questions card powers and special rules
//! ask a player while an action resolves ("you may", "choose one", "move
//! that ship up to 2 spaces", "play this event in answer"), and how the
//! engine waits for the answer.
//!
//! The rules and the effects are plain, synchronous code: an effect that
//! needs a decision calls [`ask`] and carries on with the answer. When the
//! answer is not known yet, the engine *pauses* the action:
//!
//! 1. the first unanswered question records the state as the asked player
//!    sees it at that moment, and the rest of the run is thrown away (its
//!    answers are placeholders);
//! 2. the state before the action is rebuilt: [`Game`] keeps a copy of the
//!    state taken every few actions and the actions resolved since, and
//!    replays them;
//! 3. the game then waits: [`Game::question`] says who is asked what,
//!    `legal_actions` lists the answers ([`Action::Answer`]) and `to_move`
//!    is the asked player, whoever's turn it is;
//! 4. an answer restores the kept state and resolves the action again from
//!    the start, with every answer given so far. The dice stream is part
//!    of the state, so the replay takes the same path up to the next
//!    question, or to the end.
//!
//! A game is therefore still a pure function of its seed and its actions,
//! answers included, and rules code never needs to be written as a
//! resumable state machine. The price, in games whose powers can ask
//! anything, is a copy of the state every few actions, a replay of the
//! actions since the copy per pause, and a replay of the action per answer.
//!
//! A question with a single possible answer is never asked. Code that runs
//! outside an action (setting up a game, a scenario's editor) gets the
//! first option, the engine's suggestion.

use serde::{Deserialize, Serialize};

use spacedock_schema::common::TacticType;
use spacedock_schema::effect::Trigger as When;

use crate::action::{Action, Target};
use crate::data::Data;
use crate::effects::program::Eff;
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::state::State;

/// A decision a power or special rule leaves to a player mid-action.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Question {
    /// Who decides (not always the active player: a reaction, the
    /// controller of a sabotaged ship).
    pub player: PlayerId,
    pub about: About,
    /// The possible answers, the engine's suggestion first.
    pub options: Vec<Answer>,
}

/// What a [`Question`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum About {
    /// Whether to use an optional power ("you may"): the compiled power
    /// and the ship card, tactic card or seat it comes from (by id).
    OptionalPower { power: u16, source: u16 },
    /// Which option of a `choose` effect to take; each is paid for as it
    /// is taken.
    Choose,
    /// Whether to play an event card from the hand in answer to what just
    /// happened, and on what.
    Reaction { card: TacticId },
    /// Where a ship an effect moves goes next, one space at a time.
    MoveShip { ship: ShipId, spaces_left: u8 },
    /// Which obstacle an effect moves next.
    PickObstacle,
    /// Where an obstacle an effect moves goes next, one space at a time.
    MoveObstacle { obstacle: u8, spaces_left: u8 },
    /// Which enemy ship a moved obstacle rams.
    Ram { obstacle: u8 },
    /// Where the next ship of a card an effect launches is placed.
    Launch { card: ShipCardId },
    /// Which card to discard from the hand.
    Discard,
    /// Whether to draw from another deck instead (`draw-from`).
    DrawFrom,
    /// Which of the cards looked at to keep (one at a time).
    Keep { left: u8 },
    /// Which of two heroes of one name to discard after taking over a ship
    /// that carries one (`hero` is the taken card's): answered with a ship
    /// of the card whose hero goes.
    DiscardHero { hero: TacticId },
    /// Which of the cards looked at and not kept goes to the bottom of
    /// the deck next, beneath those already put there (one at a time, the
    /// last one left going under them all).
    PutOnBottom { left: u8 },
}

/// An answer to a [`Question`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Answer {
    Yes,
    No,
    /// An option of a `choose`, by its index in the effect.
    Option(u8),
    /// Play the reaction on this target.
    Play(Target),
    /// One space in a direction, as [`Action::Step`]'s `dir`.
    Step(u8),
    /// Stop moving.
    Stop,
    /// A position, as [`Action::Place`].
    Place {
        hex: Hex,
        dir: u8,
    },
    Card(TacticId),
    Obstacle(u8),
    Ship(ShipId),
}

/// A paused action: the state before it, the answers given so far, and
/// the question waiting. Part of the game's state.
#[derive(Clone, Debug, PartialEq, Hash)]
pub(crate) struct Pending {
    pub(crate) question: Question,
    pub(crate) action: Action,
    pub(crate) answers: Vec<Answer>,
    pub(crate) before: Box<State>,
}

/// The answers of the action being resolved, outside the state: where
/// the replay has got to, and the question that paused it. It stays in
/// the game between actions, its buffer reused.
#[derive(Debug, Default)]
pub(crate) struct Asking {
    /// Whether an action that can ask is being resolved: code outside one
    /// (setting up a game, the editor) asks nobody.
    pub(crate) resolving: bool,
    pub(crate) answers: Vec<Answer>,
    pub(crate) next: usize,
    /// The first unanswered question and the state as its player saw it.
    pub(crate) paused: Option<(Question, Box<State>)>,
}

/// Asks `player` a question; returns the answer, or a placeholder while
/// the action is being paused (its run is thrown away) or when there is
/// nobody to ask (the first option). `options` must not be empty.
pub(crate) fn ask(game: &mut Game, player: PlayerId, about: About, options: Vec<Answer>) -> Answer {
    debug_assert!(!options.is_empty(), "a question without answers: {about:?}");
    let first = options.first().copied().unwrap_or(Answer::No);
    // Nobody decides anything once the game is over.
    if options.len() < 2 || game.st.outcome.is_some() {
        return first;
    }
    let st = &game.st;
    let asking = &mut game.asking;
    if !asking.resolving || asking.paused.is_some() {
        return first;
    }
    if let Some(&answer) = asking.answers.get(asking.next) {
        asking.next += 1;
        // The replay retraces the run that asked, so the answer is one of
        // the options; anything else is a bug, and the suggestion is safe.
        debug_assert!(options.contains(&answer), "{answer:?} answers {about:?}?");
        return if options.contains(&answer) {
            answer
        } else {
            first
        };
    }
    let view = match game.spare.take() {
        Some(mut spare) => {
            State::clone_from(&mut spare, st);
            spare
        }
        None => Box::new(st.clone()),
    };
    asking.paused = Some((
        Question {
            player,
            about,
            options,
        },
        view,
    ));
    first
}

/// A yes-or-no question; `true` for yes.
pub(crate) fn ask_yes(game: &mut Game, player: PlayerId, about: About) -> bool {
    ask(game, player, about, vec![Answer::Yes, Answer::No]) == Answer::Yes
}

/// Whether powers of this game can ask anything: only then is the state
/// kept before each action.
pub(crate) fn can_ask(game: &Game) -> bool {
    game.data.asks
}

/// Whether the compiled powers of a game hold anything that asks: an
/// optional power, an effect with a choice in it, or an event played in
/// answer to something other than an activation (a reaction).
pub(crate) fn asks(data: &Data) -> bool {
    let program = &data.powers;
    program
        .powers
        .iter()
        .any(|power| power.optional || power.effects.iter().any(effect_asks))
        || program.plays.iter().enumerate().any(|(kind, play)| {
            play.effects.iter().any(effect_asks)
                || (data.kinds[kind].kind == TacticType::Event
                    && play.when.is_some_and(|when| when != When::Activation))
        })
}

fn effect_asks(effect: &Eff) -> bool {
    match effect {
        Eff::Choose { .. }
        | Eff::Discard { .. }
        | Eff::MoveShip { .. }
        | Eff::MoveObstacles { .. }
        | Eff::LaunchShip { .. }
        | Eff::DrawFrom { .. }
        // Which of two heroes of one name to keep.
        | Eff::TakeControl { .. } => true,
        Eff::RollTable { rows } => rows
            .iter()
            .any(|(_, _, effects)| effects.iter().any(effect_asks)),
        Eff::If {
            then, otherwise, ..
        } => then.iter().chain(otherwise).any(effect_asks),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::game::Game;
    use crate::state::State;

    /// The next value of a xorshift stream: the tests' own random choices,
    /// apart from the game's dice.
    fn shuffle(chooser: &mut u64) {
        *chooser ^= *chooser << 13;
        *chooser ^= *chooser >> 7;
        *chooser ^= *chooser << 17;
    }

    /// The state kept before each action is copied into a reused buffer:
    /// that copy must equal a fresh clone, whatever the buffer held, at
    /// every state of random games (paused ones included) of every mission.
    #[test]
    fn a_kept_state_equals_a_clone() {
        let bundle = crate::rules::testing::bundle();
        let mut buffer: Option<State> = None;
        let mut paused = 0;
        for mission in &bundle.missions {
            let mut game = Game::new(Arc::clone(&bundle), &mission.id, 5).unwrap();
            let mut chooser = 0x9e37_79b9_7f4a_7c15_u64;
            let mut legal = Vec::new();
            while game.outcome().is_none() && game.steps() < 2_000 {
                match &mut buffer {
                    Some(kept) => kept.clone_from(&game.st),
                    None => buffer = Some(game.st.clone()),
                }
                assert_eq!(buffer.as_ref(), Some(&game.st.clone()));
                paused += u32::from(game.st.pending.is_some());
                shuffle(&mut chooser);
                game.legal_actions(&mut legal);
                game.apply(legal[(chooser % legal.len() as u64) as usize])
                    .unwrap();
            }
        }
        assert!(paused > 0, "no paused state was copied");
    }

    /// A paused action keeps the state before it, rebuilt from the last
    /// copy and the actions since: it must be the state before the action,
    /// edits made between actions included.
    #[test]
    fn a_paused_action_keeps_the_state_before_it() {
        let bundle = crate::rules::testing::bundle();
        let mut pauses = 0;
        for mission in &bundle.missions {
            let mut game = Game::new(Arc::clone(&bundle), &mission.id, 9).unwrap();
            let mut chooser = 0x2545_f491_4f6c_dd1d_u64;
            let mut legal = Vec::new();
            while game.outcome().is_none() && game.steps() < 3_000 {
                shuffle(&mut chooser);
                if chooser.is_multiple_of(50) && game.question().is_none() {
                    // An edit between actions: the next replay must not
                    // start from before it.
                    let player = game.active_player();
                    let energy = game.energy(player);
                    game.edit().set_energy(player, (energy + 1).min(40));
                }
                let before = game.st.clone();
                game.legal_actions(&mut legal);
                let action = legal[(chooser % legal.len() as u64) as usize];
                game.apply(action).unwrap();
                if let Some(pending) = &game.st.pending
                    && pending.answers.is_empty()
                {
                    assert_eq!(
                        *pending.before,
                        before,
                        "{} step {}",
                        mission.id,
                        game.steps()
                    );
                    pauses += 1;
                }
            }
        }
        assert!(pauses > 20, "only {pauses} pauses");
    }
}
