//! The random policy: every legal action equally likely.

use rand::RngExt as _;
use rand_chacha::ChaCha8Rng;

use crate::action::Action;
use crate::observation::Observation;
use crate::policy::Policy;

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl Policy for RandomPolicy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        _observation: &Observation<'_>,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> usize {
        rng.random_range(0..legal.len())
    }
}
