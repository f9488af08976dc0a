//! The committed fuzz inputs, for the stable replays of the fuzz targets
//! (`validator/tests/fuzz_corpus.rs`, `engine/tests/fuzz_corpus.rs`), which
//! include this file with `#[path]` from a crate folder beside `fuzz/`.

use std::path::{Path, PathBuf};

/// The committed inputs of one folder of `fuzz/`, in a stable order. Notes
/// about the inputs (`*.md`) are not inputs.
pub(crate) fn inputs(folder: &str) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(folder);
    let entries = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", folder.display()));
    let mut inputs: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a folder entry can be read").path())
        .filter(|path| path.is_file() && path.extension().is_none_or(|ext| ext != "md"))
        .collect();
    inputs.sort();
    inputs
}
