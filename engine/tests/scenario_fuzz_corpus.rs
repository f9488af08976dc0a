//! The `run_scenarios` fuzz inputs, run on stable: every scenario file of
//! the base pack, one input each, and every input kept under
//! `fuzz/scenario-regressions/`. Each is written beside a copy of the base
//! pack exactly as the fuzz target does it, checked, and its clean
//! scenarios run twice (`fuzz/src/scenarios.rs`); a panic or a broken
//! invariant fails the test and names the input. Running the fuzzer itself
//! needs cargo-fuzz (see docs/quality.md); this keeps its findings fixed
//! without it.

#[path = "../../fuzz/src/committed.rs"]
mod committed;
// Only the diagnostics' invariants are used here; compiling packs is the
// validator's replay.
#[expect(dead_code, reason = "shared with the pack fuzz targets")]
#[path = "../../fuzz/src/invariants.rs"]
mod invariants;
#[path = "../../fuzz/src/scenario_input.rs"]
mod scenario_input;
#[path = "../../fuzz/src/scenarios.rs"]
mod scenarios;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// Runs every input; returns the scenarios that checked clean and ran.
/// Panics naming each input that panicked or broke an invariant.
fn replay(inputs: &[PathBuf]) -> usize {
    let base = scenario_input::base_pack(env!("CARGO_MANIFEST_DIR"));
    let mut ran = 0;
    let mut failures = Vec::new();
    for input in inputs {
        let bytes = std::fs::read(input).expect("a committed input can be read");
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        scenario_input::write_pack(&base, &bytes, folder.path())
            .expect("the base pack copies into the temporary folder");
        match catch_unwind(AssertUnwindSafe(|| scenarios::check_and_run(folder.path()))) {
            Ok(count) => ran += count,
            Err(_) => failures.push(input.display().to_string()),
        }
    }
    assert!(
        failures.is_empty(),
        "checking or running scenarios panicked, or ran one two ways, on: {}",
        failures.join(", ")
    );
    ran
}

/// Every `.toml` file under `folder`, in a stable order.
fn scenario_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a test folder can be read") {
            let path = entry.expect("a folder entry can be read").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "toml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_base_packs_scenarios_each_check_and_run_alone() {
    let tests = scenario_input::base_pack(env!("CARGO_MANIFEST_DIR")).join("tests");
    let files = scenario_files(&tests);
    let ran = replay(&files);
    // Each file is one scenario, and all of them are clean.
    assert_eq!(ran, files.len(), "of {} scenario files", files.len());
    assert!(ran > 100, "only {ran} scenarios ran");
}

#[test]
fn a_scenario_beside_a_broken_pack_is_checked_and_not_run() {
    let base = scenario_input::base_pack(env!("CARGO_MANIFEST_DIR"));
    let scenario = std::fs::read(base.join("tests/rules/charging-plaxma-cannon.toml")).unwrap();
    // The scenario, 7 empty pages, then a page for the pack's first
    // replaceable file: ISN Everest's card, with a faction no pack has.
    let everest = std::fs::read_to_string(base.join("ships/isn-everest.toml")).unwrap();
    let broken = everest.replacen("faction = \"isn\"", "faction = \"isnx\"", 1);
    assert_ne!(broken, everest);
    let mut input = scenario;
    input.extend([0x0c; 8]);
    input.extend(broken.bytes());
    let folder = tempfile::tempdir().unwrap();
    scenario_input::write_pack(&base, &input, folder.path()).unwrap();
    assert_eq!(
        std::fs::read_to_string(folder.path().join("ships/isn-everest.toml")).unwrap(),
        broken
    );
    assert_eq!(scenarios::check_and_run(folder.path()), 0);
}

#[test]
fn past_crashes_check_and_run_without_a_panic() {
    replay(&committed::inputs("scenario-regressions"));
}
