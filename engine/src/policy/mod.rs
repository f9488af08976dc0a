//! Players without a person: the [`Policy`] trait and the two policies the
//! simulator plays with.
//!
//! A policy sees one player's [`Observation`] and the legal actions, and
//! answers with the index of one. It draws any randomness from the stream
//! it is handed (seeded from the game seed and its seat by
//! [`crate::sim::play`]), so a game stays a pure function of its seed.
//!
//! - [`RandomPolicy`]: uniform over the legal actions. Fast, and a fuzzer of
//!   the rules: it walks into every corner a legal list allows.
//! - [`GreedyPolicy`]: a one-ply heuristic player that launches, closes
//!   range and shoots like a sensible beginner (see `greedy.rs`).

mod greedy;
mod random;
mod view;

use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::observation::Observation;

pub use greedy::GreedyPolicy;
pub use random::RandomPolicy;
pub use view::Landing;

/// A player's decision maker.
pub trait Policy: Send {
    /// The name `policy_by_name` knows it by.
    fn name(&self) -> &str;

    /// Picks one of `legal` (never empty) for the observing player and
    /// returns its index. `rng` is the policy's own stream for this seat.
    fn choose(
        &mut self,
        observation: &Observation<'_>,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> usize;
}

/// The names of the built-in policies, for help texts and errors.
pub const POLICY_NAMES: [&str; 2] = ["random", "greedy"];

/// A fresh policy by name: `random` or `greedy`.
pub fn policy_by_name(name: &str) -> Option<Box<dyn Policy>> {
    match name {
        "random" => Some(Box::new(RandomPolicy)),
        "greedy" => Some(Box::new(GreedyPolicy::default())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{POLICY_NAMES, policy_by_name};

    #[test]
    fn every_listed_name_makes_the_policy_of_that_name() {
        for name in POLICY_NAMES {
            assert_eq!(
                policy_by_name(name)
                    .map(|policy| policy.name().to_owned())
                    .as_deref(),
                Some(name)
            );
        }
        assert!(policy_by_name("minimax").is_none());
    }
}
