//! How a fuzz input becomes a pack folder.
//!
//! One byte string is split at form feeds (`\x0c`, one file per page). Page 0
//! is written to `pack.toml`, page 1 to `rules.toml`, and the pages after
//! them go in turn to `ships/`, `tactics/`, `boards/` and `missions/`
//! (`ships/0.toml`, `tactics/0.toml`, `boards/0.toml`, `missions/0.toml`,
//! `ships/1.toml`, ...). An empty page writes no file, so an input can leave
//! out `rules.toml` or have more ships than boards; bytes are written as they
//! are, invalid UTF-8 included. `fuzz/make-seeds.sh` builds such an input
//! from a pack folder.
//!
//! The fuzz target (`fuzz/fuzz_targets/load_pack.rs`) and the stable replay
//! of the committed inputs (`validator/tests/fuzz_corpus.rs`) both include
//! this file with `#[path]`, so a saved input replays exactly as the fuzzer
//! ran it.

use std::path::{Path, PathBuf};

/// The byte that ends one file of a fuzz input and starts the next.
pub(crate) const PAGE_BREAK: u8 = 0x0c;

/// Pages past this many are ignored, so that one input stays quick to compile.
pub(crate) const MAX_FILES: usize = 64;

/// The folders that item pages go to, in turn.
const ITEM_FOLDERS: [&str; 4] = ["ships", "tactics", "boards", "missions"];

/// The path, inside the pack, that the page at `index` is written to.
pub(crate) fn page_path(index: usize) -> PathBuf {
    match index {
        0 => PathBuf::from("pack.toml"),
        1 => PathBuf::from("rules.toml"),
        _ => {
            let item = index - 2;
            let folder = ITEM_FOLDERS[item % ITEM_FOLDERS.len()];
            Path::new(folder).join(format!("{}.toml", item / ITEM_FOLDERS.len()))
        }
    }
}

/// Writes the pack that `input` describes into the empty folder `root`.
pub(crate) fn write_pack(input: &[u8], root: &Path) -> std::io::Result<()> {
    let pages = input.split(|&byte| byte == PAGE_BREAK).take(MAX_FILES);
    for (index, page) in pages.enumerate() {
        if page.is_empty() {
            continue;
        }
        let path = root.join(page_path(index));
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(path, page)?;
    }
    Ok(())
}
