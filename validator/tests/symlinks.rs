//! Regression: a pack holding a symlink back up its own tree once made the
//! loader's folder walk endless. Linked folders are not followed; the pack
//! still compiles, and linked files are still read.
#![cfg(unix)]

mod common;

use std::path::Path;

use spacedock_validator::{Options, compile};

#[test]
fn symlink_loops_do_not_hang_the_loader() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mutation-base");
    let temp = tempfile::tempdir().expect("temp dir");
    let pack = temp.path().join("pack");
    common::copy_dir(&base, &pack);
    // Loops at the top of the pack, inside a kind folder and in a folder the
    // stray-file scan walks.
    std::os::unix::fs::symlink(&pack, pack.join("again")).expect("link");
    std::os::unix::fs::symlink(&pack, pack.join("ships/again")).expect("link");
    std::fs::create_dir_all(pack.join("notes")).expect("folder");
    std::os::unix::fs::symlink(&pack, pack.join("notes/again")).expect("link");

    let compilation = compile(&pack, &Options::default());
    assert_eq!(
        compilation.error_count(),
        0,
        "{:?}",
        compilation.diagnostics
    );
    assert!(compilation.bundle.is_some());
}
