//! Fuzz target: any scenario file is checked or run, never a panic, and a
//! scenario runs the same way twice.
//!
//! The input is split into scenario files beside a copy of the base pack
//! (`fuzz/src/scenario_input.rs` says how), which `spacedock test`'s
//! library calls check and run (`fuzz/src/scenarios.rs`). Inputs it finds
//! are replayed on stable by `engine/tests/fuzz_corpus.rs` once copied to
//! `fuzz/scenario-regressions/`.

#![no_main]

// Only the diagnostics' invariants are used here; compiling packs is
// `load_pack`'s.
#[expect(dead_code, reason = "shared with the pack fuzz targets")]
#[path = "../src/invariants.rs"]
mod invariants;
#[path = "../src/scenario_input.rs"]
mod scenario_input;
#[path = "../src/scenarios.rs"]
mod scenarios;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let folder = tempfile::tempdir().expect("a temporary folder can be made");
    let base = scenario_input::base_pack(env!("CARGO_MANIFEST_DIR"));
    scenario_input::write_pack(&base, input, folder.path())
        .expect("the base pack copies into the temporary folder");
    scenarios::check_and_run(folder.path());
});
