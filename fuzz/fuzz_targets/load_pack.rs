//! Fuzz target: the compiler never panics, whatever files a pack holds.
//!
//! The input is split into a pack folder (`fuzz/src/pack_input.rs` says how),
//! written to a temporary folder and compiled twice; any panic, and any
//! broken invariant of `fuzz/src/invariants.rs` (span outside its file,
//! unsorted or unstable diagnostics, a bundle despite errors), is a crash.
//! Inputs it finds are replayed on stable by `validator/tests/fuzz_corpus.rs`
//! once copied to `fuzz/corpus-regressions/`.

#![no_main]

#[path = "../src/invariants.rs"]
mod invariants;
#[path = "../src/pack_input.rs"]
mod pack_input;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let folder = tempfile::tempdir().expect("a temporary folder can be made");
    pack_input::write_pack(input, folder.path()).expect("the temporary folder is writable");
    invariants::compile_checked(folder.path());
});
