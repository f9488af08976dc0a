//! Every rule has a fixture that breaks it and a snapshot of the message the
//! user sees.
//!
//! `tests/fixtures/base/` is a small valid pack. Every other folder of
//! `tests/fixtures/` (and of `tests/fixtures/regressions/`) is a fixture: the
//! files that differ from the base (same relative path: replaced; new path:
//! added), plus an optional `fixture.toml` saying how to run it (see
//! [`Settings`]). A fixture named after a code's name (`fleet-over-budget`),
//! or starting with it (`unknown-reference-zone`), breaks that code's rule.
//!
//! For each fixture the base is copied to a temporary folder as `pack/`, the
//! overlay applied, and the real `spacedock` binary run there, so files are
//! named `pack/ships/...` whatever the temporary folder is. The human output
//! (no colour, the renderer's fixed width) is snapshotted with insta; the exit
//! status is checked; and a second run with `--format json` must report the
//! fixture's code and no code the fixture does not expect, so a rule that
//! stops firing (or starts firing on valid input) fails even when no text
//! changes.
//!
//! The binary is the one cargo built for the workspace: run these with
//! `cargo test --workspace` (which builds it for the cli's own tests), or
//! `cargo build -p spacedock` first. Update snapshots with
//! `INSTA_UPDATE=always` or `cargo insta test --accept`, then read them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde::Deserialize;
use spacedock_validator::{Code, Options, Severity};

/// A fixture's `fixture.toml`; every key is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Settings {
    /// The code the fixture must raise (id or name), when its folder name
    /// does not say.
    code: Option<String>,
    /// Other codes the fixture may raise besides its own, by id or name.
    also: Vec<String>,
    /// A regression of a rule that fired on valid content: the run must
    /// report nothing at all.
    clean: bool,
    /// A fleet build (path inside the pack) to check with `fleet check`
    /// instead of checking the pack.
    fleet: Option<String>,
    /// The mission of `fleet check`; `open-battle` when not given.
    mission: Option<String>,
    /// The seat of `fleet check`: a number or a player's name; 1 when not given.
    player: Option<Seat>,
    /// `--sets N`.
    sets: Option<u32>,
    /// `--deny-warnings`.
    deny_warnings: bool,
    /// Files or folders of the base to delete (paths inside the pack).
    remove: Vec<String>,
    /// Run the pack's scenario tests (`spacedock test`) instead of checking it.
    test: bool,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Seat {
    Number(u32),
    Name(String),
}

impl Seat {
    fn arg(&self) -> String {
        match self {
            Seat::Number(number) => number.to_string(),
            Seat::Name(name) => name.clone(),
        }
    }
}

/// A fixture folder, read.
struct Fixture {
    /// The snapshot name: the folder name, `regression-` first for regressions.
    name: String,
    dir: PathBuf,
    /// The code it must raise; none for a `clean` fixture.
    code: Option<Code>,
    settings: Settings,
}

/// What one fixture produced, and what went wrong with it.
struct Outcome {
    name: String,
    /// The command line and both streams of the human run.
    transcript: String,
    failures: Vec<String>,
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn base_dir() -> PathBuf {
    fixtures_dir().join("base")
}

fn subfolders(dir: &Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()))
        .map(|entry| entry.expect("a readable folder entry").path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
}

/// The code whose name is the longest prefix of a fixture folder's name.
fn code_of_folder(folder: &str) -> Option<Code> {
    Code::ALL
        .iter()
        .copied()
        .filter(|code| {
            folder == code.name()
                || folder
                    .strip_prefix(code.name())
                    .is_some_and(|rest| rest.starts_with('-'))
        })
        .max_by_key(|code| code.name().len())
}

fn lookup(text: &str, fixture: &str) -> Code {
    Code::lookup(text).unwrap_or_else(|| panic!("fixture `{fixture}`: no code `{text}`"))
}

fn read_fixture(dir: PathBuf, name: String) -> Fixture {
    let settings_path = dir.join("fixture.toml");
    let settings: Settings = if settings_path.is_file() {
        let text = std::fs::read_to_string(&settings_path).expect("fixture.toml is readable");
        toml::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", settings_path.display()))
    } else {
        Settings::default()
    };
    let folder = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let code = match &settings.code {
        _ if settings.clean => None,
        Some(code) => Some(lookup(code, &name)),
        None => Some(code_of_folder(folder).unwrap_or_else(|| {
            panic!("fixture `{name}` is not named after a code and its fixture.toml has no `code`")
        })),
    };
    Fixture {
        name,
        dir,
        code,
        settings,
    }
}

/// Every fixture: the folders of `fixtures/` but `base` and `regressions`,
/// then those of `fixtures/regressions/`.
fn fixtures() -> Vec<Fixture> {
    let mut all = Vec::new();
    for dir in subfolders(&fixtures_dir()) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if name != "base" && name != "regressions" {
            all.push(read_fixture(dir, name));
        }
    }
    let regressions = fixtures_dir().join("regressions");
    if regressions.is_dir() {
        for dir in subfolders(&regressions) {
            let name = format!("regression-{}", dir.file_name().unwrap().to_string_lossy());
            all.push(read_fixture(dir, name));
        }
    }
    all
}

/// Copies `from` into `to`, replacing files that exist.
fn overlay(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            overlay(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target)
                .unwrap_or_else(|error| panic!("cannot copy {}: {error}", entry.path().display()));
        }
    }
}

/// The base pack with a fixture laid over it, as `pack/` in a temporary folder.
fn lay_out(fixture: &Fixture) -> tempfile::TempDir {
    let temp = tempfile::tempdir().unwrap();
    let pack = temp.path().join("pack");
    overlay(&base_dir(), &pack);
    overlay_fixture(&fixture.dir, &pack);
    for path in &fixture.settings.remove {
        let path = pack.join(path);
        if path.is_dir() {
            std::fs::remove_dir_all(&path).unwrap();
        } else {
            std::fs::remove_file(&path).unwrap_or_else(|error| {
                panic!(
                    "fixture `{}`: cannot remove {}: {error}",
                    fixture.name,
                    path.display()
                )
            });
        }
    }
    temp
}

/// Lays a fixture's files over the pack, leaving out its `fixture.toml`.
fn overlay_fixture(fixture: &Path, pack: &Path) {
    for entry in std::fs::read_dir(fixture).unwrap() {
        let entry = entry.unwrap();
        let target = pack.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            overlay(&entry.path(), &target);
        } else if entry.file_name() != "fixture.toml" {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The arguments that check a fixture: the pack, or its fleet build.
fn arguments(settings: &Settings) -> Vec<String> {
    let mut args: Vec<String> = match &settings.fleet {
        Some(fleet) => vec![
            "fleet".into(),
            "check".into(),
            format!("pack/{fleet}"),
            "--pack".into(),
            "pack".into(),
            "--mission".into(),
            settings
                .mission
                .clone()
                .unwrap_or_else(|| "open-battle".into()),
            "--player".into(),
            settings
                .player
                .as_ref()
                .map_or_else(|| "1".into(), Seat::arg),
        ],
        None if settings.test => vec!["test".into(), "pack".into()],
        None => vec!["check".into(), "pack".into()],
    };
    if let Some(sets) = settings.sets {
        args.extend(["--sets".into(), sets.to_string()]);
    }
    if settings.deny_warnings {
        args.push("--deny-warnings".into());
    }
    args
}

/// Runs the binary in `dir` with colour off and no terminal width.
fn spacedock(dir: &Path, args: &[String]) -> Output {
    assert_cmd::Command::cargo_bin("spacedock")
        .expect(
            "the spacedock binary is built (cargo test --workspace, or cargo build -p spacedock)",
        )
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env_remove("CLICOLOR_FORCE")
        .args(args)
        .output()
        .expect("spacedock runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// The exit status a fixture's code calls for. A scenario file that
/// cannot be read is that scenario's error, not an unreadable pack.
fn expected_exit(fixture: &Fixture) -> i32 {
    match fixture.code {
        Some(Code::IoError) if fixture.settings.test => 1,
        Some(Code::IoError | Code::NotAPack) => 2,
        Some(code) if code.severity() == Severity::Error || fixture.settings.deny_warnings => 1,
        _ => 0,
    }
}

fn run_fixture(fixture: &Fixture) -> Outcome {
    let temp = lay_out(fixture);
    let args = arguments(&fixture.settings);
    let mut failures = Vec::new();

    let human = spacedock(temp.path(), &args);
    let mut transcript = format!(
        "$ spacedock {}\nexit status: {}\n",
        args.join(" "),
        human
            .status
            .code()
            .map_or_else(|| "none".into(), |c| c.to_string())
    );
    let stderr = text(&human.stderr);
    let stdout = text(&human.stdout);
    if !stderr.is_empty() {
        transcript.push_str("--- stderr\n");
        transcript.push_str(&stderr);
    }
    if !stdout.is_empty() {
        transcript.push_str("--- stdout\n");
        transcript.push_str(&stdout);
    }
    let temp_path = temp.path().to_string_lossy();
    if transcript.contains(temp_path.as_ref()) {
        failures.push("the output names the temporary folder".to_owned());
    }
    let expected = expected_exit(fixture);
    if human.status.code() != Some(expected) {
        failures.push(format!(
            "exit status {:?}, expected {expected}",
            human.status.code()
        ));
    }

    let mut json_args = args.clone();
    json_args.extend(["--format".into(), "json".into()]);
    let json = spacedock(temp.path(), &json_args);
    if json.status.code() != Some(expected) {
        failures.push(format!(
            "--format json: exit status {:?}, expected {expected}",
            json.status.code()
        ));
    }
    match serde_json::from_slice::<serde_json::Value>(&json.stdout) {
        Ok(value) => {
            let found: BTreeSet<String> = value["diagnostics"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|d| d["code"].as_str().map(str::to_owned))
                .collect();
            if let Some(code) = fixture.code
                && !found.contains(code.id())
            {
                failures.push(format!(
                    "{} ({}) was not reported; found {found:?}",
                    code.id(),
                    code.name()
                ));
            }
            let allowed: BTreeSet<&str> = fixture
                .code
                .into_iter()
                .chain(
                    fixture
                        .settings
                        .also
                        .iter()
                        .map(|c| lookup(c, &fixture.name)),
                )
                .map(Code::id)
                .collect();
            let unexpected: Vec<&String> = found
                .iter()
                .filter(|code| !allowed.contains(code.as_str()))
                .collect();
            if !unexpected.is_empty() {
                failures.push(format!(
                    "unexpected codes {unexpected:?}; list them under `also` if they belong"
                ));
            }
        }
        Err(error) => failures.push(format!(
            "--format json printed no JSON ({error}):\n{}",
            text(&json.stdout)
        )),
    }
    Outcome {
        name: fixture.name.clone(),
        transcript,
        failures,
    }
}

/// Runs every fixture, a few at a time.
fn run_all(fixtures: &[Fixture]) -> Vec<Outcome> {
    let threads = std::thread::available_parallelism().map_or(4, usize::from);
    let chunk = fixtures.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = fixtures
            .chunks(chunk)
            .map(|chunk| scope.spawn(|| chunk.iter().map(run_fixture).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| handle.join().expect("a fixture run panicked"))
            .collect()
    })
}

#[test]
fn every_fixture_raises_its_code_with_the_message_users_see() {
    let fixtures = fixtures();
    let outcomes = run_all(&fixtures);
    let mut failures = Vec::new();
    for outcome in &outcomes {
        for failure in &outcome.failures {
            failures.push(format!("{}: {failure}", outcome.name));
        }
        let snapshot = std::panic::catch_unwind(|| {
            insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
                insta::assert_snapshot!(outcome.name.as_str(), outcome.transcript);
            });
        });
        if snapshot.is_err() {
            failures.push(format!("{}: the snapshot differs", outcome.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed:\n{}",
        failures.len(),
        outcomes.len(),
        failures.join("\n")
    );
}

#[test]
fn every_code_has_a_fixture() {
    let missing: Vec<String> = Code::ALL
        .iter()
        .filter(|code| !fixtures_dir().join(code.name()).is_dir())
        .map(|code| format!("{} {}", code.id(), code.name()))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a fixture under tests/fixtures/<name>/: {missing:?}"
    );
}

#[test]
fn every_snapshot_has_a_fixture() {
    let names: BTreeSet<String> = fixtures().into_iter().map(|f| f.name).collect();
    let snapshots = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("snapshots");
    let orphans: Vec<String> = std::fs::read_dir(&snapshots)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|entry| {
                    let file = entry.file_name().to_string_lossy().into_owned();
                    let name = file.strip_suffix(".snap")?.to_owned();
                    (!names.contains(&name)).then_some(file)
                })
                .collect()
        })
        .unwrap_or_default();
    assert!(
        orphans.is_empty(),
        "snapshots of no fixture (delete them): {orphans:?}"
    );
}

#[test]
fn the_base_pack_compiles_without_a_diagnostic() {
    let compilation = spacedock_validator::compile(&base_dir(), &Options::default());
    let found: Vec<String> = compilation
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(found.is_empty(), "{found:#?}");
    assert!(compilation.bundle.is_some());
}

#[test]
fn the_base_fleets_are_legal() {
    let base = base_dir();
    for (fleet, seat) in [("isn.toml", 1), ("wretch.toml", 2)] {
        let checked = spacedock_validator::check_fleet(
            &base,
            &base.join("fleets").join(fleet),
            "open-battle",
            &spacedock_validator::PlayerSelector::Number(seat),
            &Options::default(),
        );
        let found: Vec<String> = checked
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        assert!(found.is_empty(), "{fleet}: {found:#?}");
        assert!(checked.summary.is_some(), "{fleet} has no summary");
    }
}
