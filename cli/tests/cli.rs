//! End-to-end tests of the `spacedock` binary, grouped by feature in one
//! test binary (like ripgrep's): each runs the real executable on the small
//! packs under `tests/fixtures/` and checks exit status, stdout and stderr.
//!
//! Commands run inside `tests/fixtures/`, so diagnostics name files as
//! `broken/ships/...`; colour is off and the width fixed, so human output
//! is the same on every machine.

mod build;
mod check;
mod explain;
mod fleet;
mod help;
mod list;
mod replay;
mod scenarios;
mod schema;
mod sim;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The Saturn Offensive pack, as an absolute path: for runs that need real
/// games (dice, attacks).
pub(crate) fn saturn() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/saturn-offensive")
        .display()
        .to_string()
}

/// The folder of fixture packs and fleets.
pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
}

/// The binary, run in the fixtures folder with a predictable environment.
pub(crate) fn spacedock() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_spacedock"));
    command
        .current_dir(fixtures())
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS");
    command
}

/// Output of a finished run as text.
pub(crate) struct Finished {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs the binary with `args` and checks that it exits with `code`,
/// showing both streams if not.
pub(crate) fn run(args: &[&str], code: i32) -> Finished {
    run_in(&fixtures(), args, code)
}

/// [`run`] in the folder `dir` instead of the fixtures folder.
pub(crate) fn run_in(dir: &Path, args: &[&str], code: i32) -> Finished {
    let assert = spacedock().current_dir(dir).args(args).assert();
    let output = assert.get_output();
    let finished = Finished {
        stdout: String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8"),
    };
    assert_eq!(
        output.status.code(),
        Some(code),
        "`spacedock {}` exit status\n--- stdout\n{}\n--- stderr\n{}",
        args.join(" "),
        finished.stdout,
        finished.stderr
    );
    finished
}

/// The text at `key` of each item of a JSON array (the `code` of each
/// diagnostic, say).
pub(crate) fn each_str<'v>(list: &'v serde_json::Value, key: &str) -> Vec<&'v str> {
    list.as_array()
        .unwrap_or_else(|| panic!("not an array: {list}"))
        .iter()
        .map(|item| {
            item[key]
                .as_str()
                .unwrap_or_else(|| panic!("no `{key}`: {item}"))
        })
        .collect()
}

/// Parses stdout as JSON.
pub(crate) fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("not JSON ({error}):\n{text}"))
}

/// Writes `folder/pack.toml` (making the folder): a pack `id` that depends
/// on each `(name, path)` of `dependencies`, then the TOML of `more`.
pub(crate) fn write_pack(folder: &Path, id: &str, dependencies: &[(&str, &str)], more: &str) {
    std::fs::create_dir_all(folder).unwrap();
    let mut text = format!(
        "id = \"{id}\"\nname = \"{id}\"\nversion = \"0.1.0\"\ngame = \"battleship-galaxies\"\n\
         [provenance]\nsummary = \"A test.\"\n[dependencies]\n"
    );
    for (name, path) in dependencies {
        let _ = writeln!(text, "{name} = {{ path = {path:?} }}");
    }
    text.push_str(more);
    std::fs::write(folder.join("pack.toml"), text).unwrap();
}

/// A copy of a fixture pack in a temporary folder, to change or write into.
pub(crate) fn copy_fixture(name: &str) -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    copy(&fixtures().join(name), &dir.path().join(name));
    dir
}

/// A copy of the `clean` pack (named `clean` in the folder) whose decks hold
/// 6 cards, the opening hand and the first draw: the first player's first
/// draw runs their deck out for good, the other player's first draw does
/// the same (no card of the pack is played in answer, so their discard pile
/// is still empty), and the victory clock ends every game in its first
/// round. Playtests of it have findings to report, and `check` warns of
/// its decks (SD0313).
pub(crate) fn clean_with_short_decks() -> tempfile::TempDir {
    let dir = copy_fixture("clean");
    let missions = dir.path().join("clean").join("missions");
    for (file, long, short) in [
        ("open-battle.toml", "size = 7", "size = 6"),
        (
            "skirmish.toml",
            ", { card = \"prototype-drive\", count = 1 }",
            "",
        ),
        (
            "skirmish.toml",
            ", { card = \"scavenger-crews\", count = 1 }",
            "",
        ),
    ] {
        let path = missions.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(long), "{file} holds `{long}`");
        std::fs::write(&path, text.replace(long, short)).unwrap();
    }
    dir
}
