//! The fuzz target's inputs, replayed on stable: the seeds under
//! `fuzz/seeds/` and every input that once crashed the compiler, kept under
//! `fuzz/corpus-regressions/`. Each is split into a pack folder exactly as
//! the fuzz target does it and compiled; a panic or a broken invariant fails
//! the test and names the input. Running the fuzzer itself needs
//! cargo-fuzz (see docs/quality.md); this keeps its findings fixed without it.

#[path = "../../fuzz/src/committed.rs"]
mod committed;
#[path = "../../fuzz/src/invariants.rs"]
mod invariants;
#[path = "../../fuzz/src/pack_input.rs"]
mod pack_input;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// Replays every input; returns how many gave a bundle. Panics naming each
/// input that panicked.
fn replay(inputs: &[PathBuf]) -> usize {
    let mut bundles = 0;
    let mut failures = Vec::new();
    for input in inputs {
        let bytes = std::fs::read(input).expect("a committed input can be read");
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        pack_input::write_pack(&bytes, folder.path()).expect("the temporary folder is writable");
        match catch_unwind(AssertUnwindSafe(|| {
            invariants::compile_checked(folder.path())
        })) {
            Ok(compilation) => bundles += usize::from(compilation.bundle.is_some()),
            Err(_) => failures.push(input.display().to_string()),
        }
    }
    assert!(
        failures.is_empty(),
        "the compiler panicked on: {}",
        failures.join(", ")
    );
    bundles
}

#[test]
fn seeds_never_panic_and_some_compile_clean() {
    let seeds = committed::inputs("seeds");
    assert!(!seeds.is_empty(), "fuzz/seeds/ holds no input");
    let bundles = replay(&seeds);
    // A seed that compiles clean shows that the input format still writes
    // real packs: otherwise the fuzzer would only ever test the loader's
    // error paths.
    assert!(bundles > 0, "no seed compiled without errors");
}

#[test]
fn past_crashes_never_panic() {
    replay(&committed::inputs("corpus-regressions"));
}

#[test]
fn pages_go_to_the_files_the_format_says() {
    let input = b"id = 1\x0c\x0cname = 2\x0c\x0c\x0c\x0cname = 3";
    let folder = tempfile::tempdir().expect("a temporary folder can be made");
    pack_input::write_pack(input, folder.path()).expect("the temporary folder is writable");
    let read = |path: &str| std::fs::read_to_string(folder.path().join(path)).ok();
    assert_eq!(read("pack.toml").as_deref(), Some("id = 1"));
    assert_eq!(read("rules.toml"), None, "an empty page writes no file");
    assert_eq!(read("ships/0.toml").as_deref(), Some("name = 2"));
    assert_eq!(read("ships/1.toml").as_deref(), Some("name = 3"));
    assert_eq!(pack_input::page_path(5), Path::new("missions/0.toml"));
    assert_eq!(pack_input::page_path(9), Path::new("missions/1.toml"));
}
