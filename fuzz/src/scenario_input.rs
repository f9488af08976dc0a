//! How a fuzz input of `run_scenarios` becomes scenario files of a pack.
//!
//! The base pack (`content/saturn-offensive`) is copied, without its own
//! `tests/`, into an empty folder; the input is split at form feeds
//! (`\x0c`, one file per page, as in `pack_input.rs`) and page `n` of the
//! first 8 is written to `tests/n.toml`. The pages after them, if any,
//! replace files of the pack in turn ([`PACK_FILES`]), so that scenarios
//! are also checked beside a pack with errors. An empty page writes no
//! file; bytes are written as they are, invalid UTF-8 included. So one of
//! the base pack's scenario files is an input as it stands, and the fuzzer
//! can start from all of them (`content/saturn-offensive/tests`).
//!
//! The fuzz target (`fuzz/fuzz_targets/run_scenarios.rs`) and the stable
//! replay of the committed inputs (`engine/tests/fuzz_corpus.rs`) both
//! include this file with `#[path]`, so a saved input replays exactly as
//! the fuzzer ran it.

use std::path::Path;

/// The byte that ends one file of a fuzz input and starts the next.
const PAGE_BREAK: u8 = 0x0c;

/// The pages written as scenario files: each scenario runs a game, and
/// one input should stay quick.
const SCENARIO_PAGES: usize = 8;

/// The files of the base pack that the pages after the scenarios' replace,
/// in turn: one of each kind a scenario names.
const PACK_FILES: [&str; 6] = [
    "ships/isn-everest.toml",
    "tactics/isn.toml",
    "missions/dead-zone-battle.toml",
    "boards/saturn-battlefield.toml",
    "rules.toml",
    "pack.toml",
];

/// The base pack, as the fuzz targets and the workspace's tests find it
/// from their crate folders beside `content/`.
pub(crate) fn base_pack(crate_folder: &str) -> std::path::PathBuf {
    Path::new(crate_folder).join("../content/saturn-offensive")
}

/// Writes the base pack at `base`, with the scenario files `input`
/// describes in place of its own, into the empty folder `root`.
pub(crate) fn write_pack(base: &Path, input: &[u8], root: &Path) -> std::io::Result<()> {
    copy_without_tests(base, root)?;
    let tests = root.join("tests");
    std::fs::create_dir_all(&tests)?;
    let pages = input
        .split(|&byte| byte == PAGE_BREAK)
        .take(SCENARIO_PAGES + PACK_FILES.len());
    for (index, page) in pages.enumerate() {
        if page.is_empty() {
            continue;
        }
        let path = match index.checked_sub(SCENARIO_PAGES) {
            None => tests.join(format!("{index}.toml")),
            Some(file) => root.join(PACK_FILES[file]),
        };
        std::fs::write(path, page)?;
    }
    Ok(())
}

/// Copies the folder `from` into `to`, except its top-level `tests/`.
fn copy_without_tests(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_name() == "tests" {
            continue;
        }
        copy_all(&entry.path(), &to.join(entry.file_name()))?;
    }
    Ok(())
}

fn copy_all(from: &Path, to: &Path) -> std::io::Result<()> {
    if from.is_dir() {
        std::fs::create_dir_all(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            copy_all(&entry.path(), &to.join(entry.file_name()))?;
        }
        Ok(())
    } else {
        std::fs::copy(from, to).map(|_| ())
    }
}
