//! What every pack that compiles must satisfy in play, whatever it holds.
//!
//! The engine promises that a compiled bundle plays: a game of any mission
//! that sets up ends with an outcome or a typed error (the step bound, no
//! legal action, powers that set each other off without end), never a
//! panic, and the same seed plays the same game. [`play_checked`] plays a
//! few games of every mission with each built-in policy, twice each, and
//! asserts all of it.
//!
//! Shared, by `#[path]`, by the fuzz target (`fuzz/fuzz_targets/play_pack.rs`)
//! and the engine's replay of the committed inputs
//! (`engine/tests/fuzz_corpus.rs`), so that both check the same things.

use std::sync::Arc;

use spacedock_engine::{Setup, play, policy_by_name};
use spacedock_schema::bundle::Bundle;

/// A bound on each game's actions: high enough for the base pack's longest
/// games (a few thousand actions), low enough to keep an input quick.
pub(crate) const MAX_STEPS: u64 = 20_000;

/// The games played of each mission: seed and policy.
const GAMES: [(u64, &str); 3] = [(0, "random"), (1, "random"), (2, "greedy")];

/// Plays [`GAMES`] of every mission of `bundle` that sets up, each twice,
/// asserting that both plays end alike; returns the games played.
pub(crate) fn play_checked(bundle: Bundle) -> usize {
    let bundle = Arc::new(bundle);
    let mut played = 0;
    for mission in &bundle.missions {
        // A setup the engine refuses (a ruleset it does not play) is an
        // error for its caller to report, not a game.
        let Ok(setup) = Setup::new(Arc::clone(&bundle), &mission.id, &[]) else {
            continue;
        };
        for (seed, policy) in GAMES {
            let play_once = || {
                let mut game = setup.start(seed);
                let mut policies = vec![policy_by_name(policy).expect("a built-in policy")];
                let ended = play(&mut game, &mut policies, seed, MAX_STEPS);
                (ended.map_err(|error| error.to_string()), game.state_hash())
            };
            let first = play_once();
            let second = play_once();
            assert_eq!(
                first, second,
                "mission `{}`, seed {seed}, {policy} players: the same seed played two games",
                mission.id
            );
            played += 1;
        }
    }
    played
}
