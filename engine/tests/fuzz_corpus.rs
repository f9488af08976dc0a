//! The fuzz inputs, played on stable: the seeds under `fuzz/seeds/` and
//! every input kept under `fuzz/corpus-regressions/`. Each is split into a
//! pack folder exactly as the fuzz targets do it and compiled; when it
//! gives a bundle, its missions are played as `play_pack` plays them
//! (`fuzz/src/play.rs`), and a panic or a game that two plays of one seed
//! disagree on fails the test and names the input. Running the fuzzer
//! itself needs cargo-fuzz (see docs/quality.md); this keeps its findings
//! fixed without it.

#[path = "../../fuzz/src/committed.rs"]
mod committed;
#[path = "../../fuzz/src/pack_input.rs"]
mod pack_input;
#[path = "../../fuzz/src/play.rs"]
mod play;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

/// Plays every input that compiles; returns the games played. Panics
/// naming each input whose play panicked.
fn replay(inputs: &[PathBuf]) -> usize {
    let mut games = 0;
    let mut failures = Vec::new();
    for input in inputs {
        let bytes = std::fs::read(input).expect("a committed input can be read");
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        pack_input::write_pack(&bytes, folder.path()).expect("the temporary folder is writable");
        let compilation =
            spacedock_validator::compile(folder.path(), &spacedock_validator::Options::default());
        let Some(bundle) = compilation.bundle else {
            continue;
        };
        match catch_unwind(AssertUnwindSafe(|| play::play_checked(bundle))) {
            Ok(played) => games += played,
            Err(_) => failures.push(input.display().to_string()),
        }
    }
    assert!(
        failures.is_empty(),
        "the engine panicked, or played one seed two ways, on: {}",
        failures.join(", ")
    );
    games
}

#[test]
fn the_seeds_that_compile_play_every_mission() {
    // The base pack's seed alone has 7 missions, 3 games each.
    let games = replay(&committed::inputs("seeds"));
    assert!(
        games >= 21,
        "only {games} games were played from fuzz/seeds/"
    );
}

#[test]
fn past_crashes_play_without_a_panic() {
    replay(&committed::inputs("corpus-regressions"));
}
