//! The game loop: ask the player to move for an action, apply it, until the
//! game has an outcome or the step bound is reached.
//!
//! Each seat's policy draws from its own `ChaCha8` stream, keyed by the game
//! seed and told apart from the dice (stream 0) by the seat number, so a
//! game is a pure function of (bundle, mission, seed, policies) and a
//! policy's choices never shift the dice.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::game::{Game, MAX_CHAIN};
use crate::ids::{PlayerId, TacticId};
use crate::outcome::Outcome;
use crate::policy::Policy;
use crate::question::{About, Answer};

/// Why a game stopped without an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The step bound was reached: a game that would not end (or a bound
    /// set too low).
    #[error("no outcome after {}, {}", crate::count_of(*steps as i64, "action"), During(*round))]
    StepLimit { steps: u64, round: u32 },
    /// The game is not over, yet the player to move has no legal action.
    #[error("no legal action for player {}, {} at action {steps}", player.0 + 1, During(*round))]
    Stuck {
        player: PlayerId,
        round: u32,
        steps: u64,
    },
    /// `policies` has no policy for a seat.
    #[error("no policy for player {}", player.0 + 1)]
    NoPolicy { player: PlayerId },
    /// An action set off powers answering each other's effects deeper
    /// than [`MAX_CHAIN`]: content whose powers never stop ([`Game::runaway`]).
    #[error(
        "powers set each other off more than {MAX_CHAIN} deep, {} at action {steps}: \
         a power answers its own effects without end",
        During(*round)
    )]
    Runaway { round: u32, steps: u64 },
}

/// When in a game a round number says: "in round 3", or "in setup" for
/// round 0, before the first turn.
struct During(u32);

impl std::fmt::Display for During {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            0 => f.write_str("in setup"),
            round => write!(f, "in round {round}"),
        }
    }
}

impl PlayError {
    /// Why a game without an outcome stops before anyone decides, if it
    /// does: a chain of powers ran away, or the step bound is reached.
    /// (Past these, a game with no legal action is [`PlayError::Stuck`].)
    pub(crate) fn stopped(game: &Game, max_steps: u64) -> Option<PlayError> {
        let (round, steps) = (game.round(), game.steps());
        if game.runaway() {
            Some(PlayError::Runaway { round, steps })
        } else if steps >= max_steps {
            Some(PlayError::StepLimit { steps, round })
        } else {
            None
        }
    }
}

/// A decision just applied: who took it, the action, and the question it
/// answered if it was an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub player: PlayerId,
    pub action: Action,
    /// What the question answered was about (`None` for other actions).
    pub about: Option<About>,
}

impl Decision {
    /// The tactic card this decision played: one played from the hand in
    /// the player's turn, or an event played in answer to a reaction
    /// question.
    pub fn played_card(&self) -> Option<TacticId> {
        match (self.action, self.about) {
            (Action::PlayCard { card, .. }, _)
            | (Action::Answer(Answer::Play(_)), Some(About::Reaction { card })) => Some(card),
            _ => None,
        }
    }
}

/// The policy stream of `seat` in the game seeded with `seed`.
pub fn policy_rng(seed: u64, seat: PlayerId) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Stream 0 is the dice's (the engine seeds it the same way).
    rng.set_stream(u64::from(seat.0) + 1);
    rng
}

/// Plays `game` to its end with one policy per seat (a single policy plays
/// every seat). Returns the outcome, or an error past `max_steps` actions.
pub fn play(
    game: &mut Game,
    policies: &mut [Box<dyn Policy>],
    seed: u64,
    max_steps: u64,
) -> Result<Outcome, PlayError> {
    play_observed(game, policies, seed, max_steps, |_, _| {})
}

/// [`play`], calling `after(game, decision)` after every action is applied
/// (traces drain the game's events there; reports count cards).
pub fn play_observed(
    game: &mut Game,
    policies: &mut [Box<dyn Policy>],
    seed: u64,
    max_steps: u64,
    mut after: impl FnMut(&mut Game, Decision),
) -> Result<Outcome, PlayError> {
    let mut rngs: Vec<ChaCha8Rng> = game.players().map(|seat| policy_rng(seed, seat)).collect();
    let mut legal = Vec::with_capacity(64);
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(*outcome);
        }
        if let Some(error) = PlayError::stopped(game, max_steps) {
            return Err(error);
        }
        let player = game.to_move();
        game.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(PlayError::Stuck {
                player,
                round: game.round(),
                steps: game.steps(),
            });
        }
        let seat = player.index();
        let policy_count = policies.len();
        let policy = match policies {
            [only] => only,
            _ => policies
                .get_mut(seat)
                .ok_or(PlayError::NoPolicy { player })?,
        };
        let rng = &mut rngs[seat];
        let choice = {
            let observation = game.observation(player);
            policy.choose(&observation, &legal, rng)
        };
        debug_assert!(policy_count > 0);
        // A policy that answers out of range is a bug in the policy; taking
        // the last action keeps the game going and still deterministic.
        let action = legal[choice.min(legal.len() - 1)];
        let about = game.question().map(|question| question.about);
        game.apply_trusted(action);
        after(
            game,
            Decision {
                player,
                action,
                about,
            },
        );
    }
}
