//! Fuzz target: every pack that compiles plays, without a panic and the
//! same for the same seed.
//!
//! The input is split into a pack folder as for `load_pack`
//! (`fuzz/src/pack_input.rs`) and compiled; when it gives a bundle, a few
//! games of each mission are played twice (`fuzz/src/play.rs`). Inputs it
//! finds are replayed on stable by `engine/tests/fuzz_corpus.rs` once
//! copied to `fuzz/corpus-regressions/`.

#![no_main]

#[path = "../src/pack_input.rs"]
mod pack_input;
#[path = "../src/play.rs"]
mod play;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let folder = tempfile::tempdir().expect("a temporary folder can be made");
    pack_input::write_pack(input, folder.path()).expect("the temporary folder is writable");
    let compilation =
        spacedock_validator::compile(folder.path(), &spacedock_validator::Options::default());
    if let Some(bundle) = compilation.bundle {
        play::play_checked(bundle);
    }
});
