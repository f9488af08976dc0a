//! `spacedock test`: the base pack's scenarios all pass, a failing
//! scenario is reported at its file and line with the expected and the
//! actual value (snapshot), and the exit statuses and JSON of the command.

use std::path::Path;

use crate::{json, run};

/// The base pack, from the fixtures folder the binary runs in.
fn base_pack() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("content")
        .join("saturn-offensive")
        .display()
        .to_string()
}

#[test]
fn every_scenario_of_the_base_pack_passes() {
    let finished = run(&["test", &base_pack(), "--format", "json"], 0);
    let value = json(&finished.stdout);
    let failed: Vec<String> = value["scenarios"]
        .as_array()
        .expect("a list of scenarios")
        .iter()
        .filter(|scenario| scenario["status"] != "passed")
        .map(|scenario| format!("{}: {}", scenario["file"], scenario["failures"]))
        .collect();
    assert!(
        failed.is_empty(),
        "failing scenarios:\n{}",
        failed.join("\n")
    );
    assert_eq!(value["diagnostics"], serde_json::json!([]));
    assert_eq!(value["failed"], 0);
    assert_eq!(value["not_run"], 0);
    assert_eq!(value["ok"], true);
    assert!(
        value["passed"].as_u64().is_some_and(|passed| passed >= 30),
        "{}",
        value["passed"]
    );
}

#[test]
fn the_rulebook_examples_are_among_the_base_scenarios() {
    let finished = run(&["test", &base_pack()], 0);
    for example in [
        "The D-4 attack on Chosh Ka",
        "33 energy and 10 gained make 40",
        "Two of three seasoned F-47 Blue Hawks score 3.333 on the victory clock",
    ] {
        assert!(
            finished.stdout.contains(&format!(": {example}\n")),
            "`{example}` did not run:\n{}",
            finished.stdout
        );
    }
}

#[test]
fn a_failing_scenario_is_reported_at_its_lines_with_expected_and_actual() {
    let finished = run(&["test", "scenarios"], 1);
    assert_eq!(finished.stderr, "");
    insta::assert_snapshot!(finished.stdout);
}

#[test]
fn json_failures_carry_file_line_column_and_values() {
    let finished = run(&["test", "scenarios", "--format", "json"], 1);
    let value = json(&finished.stdout);
    assert_eq!(
        (value["passed"].as_u64(), value["failed"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(value["ok"], false, "the verdict, beside the counts");
    let failing = value["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .find(|scenario| scenario["status"] == "failed")
        .expect("one scenario failed");
    assert_eq!(failing["file"], "scenarios/tests/failing.toml");
    let hull = failing["failures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|failure| failure["pointer"] == "/steps/1/expect/ships/Test Raider/hull_damage")
        .expect("the hull damage expectation failed");
    assert_eq!(hull["file"], "scenarios/tests/failing.toml");
    assert_eq!(
        (hull["line"].as_u64(), hull["column"].as_u64()),
        (Some(44), Some(15))
    );
    assert_eq!(hull["expected"], "2");
    assert_eq!(hull["actual"], "1");
}

/// Failures are reported in the order of the file, whatever order the
/// engine checks them in.
#[test]
fn failures_come_in_the_order_of_the_file() {
    let failures = failures_of_fixture_scenario("failures-in-file-order");
    let lines: Vec<u64> = failures
        .iter()
        .map(|failure| failure["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [36, 37, 38, 39, 40], "{failures:#?}");
}

#[test]
fn a_filter_runs_only_the_scenarios_it_names() {
    let finished = run(&["test", "scenarios", "passing"], 0);
    assert!(
        finished
            .stdout
            .starts_with("running 1 scenario of scenarios\n"),
        "{}",
        finished.stdout
    );
    assert!(
        !finished.stdout.contains("failing.toml"),
        "{}",
        finished.stdout
    );
}

/// A filter matches in any case: `PASSING` names `passing.toml`.
#[test]
fn a_filter_matches_in_any_case() {
    let finished = run(&["test", "scenarios", "PASSING"], 0);
    assert!(
        finished
            .stdout
            .starts_with("running 1 scenario of scenarios\n"),
        "{}",
        finished.stdout
    );
}

/// The filter reads the path within the pack: a pack kept in a folder
/// whose name holds the filter runs only the scenarios it names.
#[test]
fn a_filter_reads_the_path_within_the_pack() {
    let dir = crate::copy_fixture("scenarios");
    let pack = dir.path().join("failing");
    std::fs::rename(dir.path().join("scenarios"), &pack).unwrap();
    let finished = crate::run_in(
        dir.path(),
        &["test", "failing", "failing", "--format", "json"],
        1,
    );
    let value = json(&finished.stdout);
    let run = crate::each_str(&value["scenarios"], "file");
    assert_eq!(run, ["failing/tests/failing.toml"], "{value:#}");
    // And the same with the folder spelt out.
    let again = crate::run_in(
        dir.path(),
        &["test", "failing", "tests/failing", "--format", "json"],
        1,
    );
    let value = json(&again.stdout);
    assert_eq!(value["scenarios"].as_array().unwrap().len(), 1, "{value:#}");
}

/// A filter may be the path of a scenario file from the current folder,
/// as a shell completes it: it ran nothing, since it is not a part of the
/// path within the pack. A misspelt one gets a did-you-mean among the
/// paths within the pack, and one close to none says how paths are read.
#[test]
fn a_filter_may_be_a_path_from_here_into_the_pack() {
    let dir = crate::copy_fixture("scenarios");
    let finished = crate::run_in(
        dir.path(),
        &["test", "scenarios", "scenarios/tests/passing.toml"],
        0,
    );
    assert!(
        finished
            .stdout
            .starts_with("running 1 scenario of scenarios\n"),
        "{}",
        finished.stdout
    );
    // From within the pack's `tests/` folder too, and a folder.
    let tests = dir.path().join("scenarios").join("tests");
    let finished = crate::run_in(&tests, &["test", "..", "./failing.toml"], 1);
    assert!(
        finished.stdout.starts_with("running 1 scenario of ..\n"),
        "{}",
        finished.stdout
    );
    let finished = crate::run_in(dir.path(), &["test", "scenarios", "scenarios/tests/"], 1);
    assert!(
        finished
            .stdout
            .starts_with("running 2 scenarios of scenarios\n"),
        "{}",
        finished.stdout
    );
    let finished = crate::run_in(
        dir.path(),
        &["test", "scenarios", "scenarios/tests/pasing.toml"],
        2,
    );
    assert_eq!(
        finished.stderr,
        "error: no scenario of `scenarios` matches `scenarios/tests/pasing.toml`\n\
         help: did you mean `tests/passing.toml`?\n"
    );
    let finished = crate::run_in(
        dir.path(),
        &["test", "scenarios", "scenarios/tests/rules/zzzzzz.toml"],
        2,
    );
    assert_eq!(
        finished.stderr,
        "error: no scenario of `scenarios` matches `scenarios/tests/rules/zzzzzz.toml`\n\
         help: FILTER is matched against paths within the pack, like `tests/failing.toml`, \
         and scenario names; the pack has 2 scenarios\n"
    );
}

/// A scenario file the filter leaves out does not fail the run with its
/// errors, broken TOML included: one test can be worked on while another
/// is half written.
#[test]
fn a_filter_leaves_out_the_errors_of_the_scenarios_it_does_not_name() {
    let dir = crate::copy_fixture("scenarios");
    let tests = dir.path().join("scenarios").join("tests");
    std::fs::write(
        tests.join("half-written.toml"),
        "name = \"Half\"\n[[steps]\n",
    )
    .unwrap();
    let pack = dir.path().join("scenarios").display().to_string();
    let finished = run(&["test", &pack, "passing"], 0);
    assert!(
        !finished.stderr.contains("half-written"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stdout.contains("1 passed, 0 failed, 0 not run"),
        "{}",
        finished.stdout
    );
    // Named, it is reported.
    let finished = run(&["test", &pack, "half"], 1);
    assert!(
        finished.stderr.contains("half-written.toml"),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_scenario_with_errors_is_reported_and_not_run() {
    let dir = crate::copy_fixture("scenarios");
    let broken = dir
        .path()
        .join("scenarios")
        .join("tests")
        .join("broken.toml");
    std::fs::write(
        &broken,
        "name = \"Broken\"\nboard = \"test-grid\"\n\n[[players]]\nname = \"ISN\"\nfaction = \"isn\"\nstarting_zone = \"south\"\n\n[[steps]]\ndo = \"end-phase\"\nship = \"Test Frigate\"\n",
    )
    .unwrap();
    let finished = crate::run_in(dir.path(), &["test", "scenarios", "--format", "json"], 1);
    let value = json(&finished.stdout);
    assert_eq!(value["not_run"], 1);
    assert_eq!(value["diagnostics"][0]["code"], "SD0802");
    assert_eq!(value["diagnostics"][0]["line"], 11);
}

/// A misspelt key does not keep the scenario's other mistakes from being
/// found, yet the scenario is not run: it may mean something else than
/// what runs without the key.
#[test]
fn a_scenario_with_an_unknown_key_is_checked_and_not_run() {
    let dir = crate::copy_fixture("scenarios");
    let tests = dir.path().join("scenarios").join("tests");
    let passing = std::fs::read_to_string(tests.join("passing.toml")).unwrap();
    let misspelt = passing.replacen("energy = 5", "enrgy = 5", 1).replacen(
        "ship = \"Test Raider\"",
        "ship = \"Test Raidr\"",
        1,
    );
    assert_ne!(misspelt, passing);
    std::fs::write(tests.join("passing.toml"), misspelt).unwrap();
    let finished = crate::run_in(
        dir.path(),
        &["test", "scenarios", "passing", "--format", "json"],
        1,
    );
    let value = json(&finished.stdout);
    assert_eq!(value["passed"], 0, "{value:#}");
    assert_eq!(value["not_run"], 1, "{value:#}");
    let codes = crate::each_str(&value["diagnostics"], "code");
    assert!(codes.contains(&"SD0003"), "{codes:?}");
    assert!(
        codes.len() >= 2,
        "the unknown ship is reported too: {codes:?}"
    );
}

/// A scenario file that cannot be read at all (a link to nothing) is
/// that scenario's problem: it is not run, the others are, and the exit
/// status is 1, as for a file that is not UTF-8.
#[cfg(unix)]
#[test]
fn a_scenario_linked_to_nothing_is_not_run_and_the_others_are() {
    let dir = crate::copy_fixture("scenarios");
    let tests = dir.path().join("scenarios").join("tests");
    std::os::unix::fs::symlink("nowhere.toml", tests.join("dangling.toml")).unwrap();
    let finished = crate::run_in(dir.path(), &["test", "scenarios", "--format", "json"], 1);
    let value = json(&finished.stdout);
    assert_eq!(value["not_run"], 1, "{value:#}");
    assert!(value["passed"].as_u64().unwrap() > 0, "{value:#}");
    assert_eq!(value["diagnostics"][0]["code"], "SD0001");
    assert_eq!(
        value["diagnostics"][0]["file"],
        "scenarios/tests/dangling.toml"
    );
}

#[test]
fn a_missing_pack_exits_2() {
    let finished = run(&["test", "no-such-pack"], 2);
    assert!(
        finished
            .stderr
            .contains("pack folder `no-such-pack` does not exist"),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_pack_that_cannot_be_read_prints_no_verdict() {
    for pack in ["no-such-pack", "fleets"] {
        let finished = run(&["test", pack], 2);
        assert_eq!(finished.stdout, "", "no scenarios, no `test result`");
        assert!(
            finished.stderr.contains("SD0001(io-error)")
                || finished.stderr.contains("SD0008(not-a-pack)"),
            "{}",
            finished.stderr
        );

        let finished = run(&["test", pack, "--format", "json"], 2);
        assert_eq!(finished.stderr, "", "json mode prints nothing else");
        let value = json(&finished.stdout);
        assert_eq!(value["errors"], 1);
        assert_eq!(value["scenarios"], serde_json::json!([]));
        assert_eq!(
            (value["passed"].as_u64(), value["failed"].as_u64()),
            (Some(0), Some(0))
        );
    }
}

#[test]
fn a_pack_with_errors_does_not_pass() {
    let finished = run(&["test", "broken"], 1);
    assert!(
        finished.stdout.ends_with(
            "\ntest result: FAILED. 0 passed, 0 failed, 0 not run; the content has 4 errors; \
             the pack has no scenarios (tests/*.toml)\n"
        ),
        "{}",
        finished.stdout
    );
    assert!(
        finished.stderr.ends_with("broken: 4 errors, 1 warning\n"),
        "{}",
        finished.stderr
    );
    let value = json(&run(&["test", "broken", "--format", "json"], 1).stdout);
    assert_eq!(value["errors"], 4);
}

/// When the pack has errors its scenarios are not run, and the list says
/// the pack is why, not the scenario.
#[test]
fn scenarios_of_a_broken_pack_blame_the_pack() {
    let dir = crate::copy_fixture("broken");
    let tests = dir.path().join("broken").join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::copy(
        crate::fixtures().join("scenarios/tests/passing.toml"),
        tests.join("passing.toml"),
    )
    .unwrap();
    let stdout = crate::run_in(dir.path(), &["test", "broken"], 1).stdout;
    assert!(
        stdout.contains(
            "not run broken/tests/passing.toml: The frigate hits the raider (the pack has errors)\n"
        ),
        "{stdout}"
    );
}

/// Writes `file` with its first `from` changed to `to`.
pub(crate) fn change_in(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "`{from}` is not in {}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

/// A pack with errors runs no scenario, yet a scenario's own mistake is
/// told in the same run as the pack's, not once the pack is mended.
#[test]
fn a_broken_pack_and_a_broken_scenario_are_told_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    change_in(
        &pack.join("ships/isn-everest.toml"),
        "faction = \"isn\"\n",
        "faction = \"isnx\"\n",
    );
    change_in(
        &pack.join("tests/cards/damage-control.toml"),
        "ship = \"Tes Kio\"",
        "ship = \"Tes Kioo\"",
    );
    let finished = crate::run_in(dir.path(), &["test", "pack", "damage-control"], 1);
    insta::assert_snapshot!(format!(
        "--- stderr\n{}--- stdout\n{}",
        finished.stderr, finished.stdout
    ));

    let value = json(&crate::run_in(dir.path(), &["test", "pack", "--format", "json"], 1).stdout);
    let told: Vec<(&str, &str)> = value["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|diagnostic| {
            (
                diagnostic["file"].as_str().unwrap(),
                diagnostic["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        told,
        [
            ("pack/ships/isn-everest.toml", "no faction named `isnx`"),
            (
                "pack/tests/cards/damage-control.toml",
                "no ship card named `Tes Kioo`"
            ),
        ]
    );
    let scenarios = value["scenarios"].as_array().unwrap();
    assert!(scenarios.len() >= 30, "{}", scenarios.len());
    assert!(
        scenarios
            .iter()
            .all(|scenario| scenario["status"] == "not-run"),
        "a scenario ran in a pack with errors"
    );
    assert_eq!(
        (&value["passed"], &value["failed"], &value["not_run"]),
        (&0.into(), &0.into(), &scenarios.len().into())
    );
    assert_eq!(value["ok"], false);
}

/// A ship card left out of a scenario's check for its own errors (a
/// faction the pack does not have) is named by many scenarios: none of
/// them is told it names an unknown ship card, or fields a ship no player
/// can, for an error told at the card.
#[test]
fn a_ship_card_with_errors_is_no_unknown_ship_to_the_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    change_in(
        &pack.join("ships/isn-everest.toml"),
        "faction = \"isn\"\n",
        "faction = \"isnx\"\n",
    );
    let naming: Vec<std::path::PathBuf> = walk(&pack.join("tests"))
        .into_iter()
        .filter(|file| {
            std::fs::read_to_string(file)
                .unwrap()
                .contains("ship = \"ISN Everest\"")
        })
        .collect();
    assert!(naming.len() >= 3, "{naming:?}");
    let value = json(&crate::run_in(dir.path(), &["test", "pack", "--format", "json"], 1).stdout);
    assert_eq!(
        crate::each_str(&value["diagnostics"], "message"),
        ["no faction named `isnx`"]
    );
    assert_eq!(value["passed"], 0);

    // A near slip of its name is told, pointing at the card's own errors.
    change_in(
        &naming[0],
        "ship = \"ISN Everest\"",
        "ship = \"ISN Everst\"",
    );
    let value = json(&crate::run_in(dir.path(), &["test", "pack", "--format", "json"], 1).stdout);
    let diagnostics = value["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert_eq!(diagnostics[1]["message"], "no ship card named `ISN Everst`");
    assert_eq!(
        diagnostics[1]["help"],
        "did you mean `ISN Everest`? its file has errors of its own, reported there"
    );
}

/// An additional weapon card left out for its own errors is still a card:
/// a scenario's attack with the weapon it names is not told of an unknown
/// weapon.
#[test]
fn a_weapon_card_with_errors_is_no_unknown_weapon_to_the_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    change_in(
        &pack.join("tactics/isn.toml"),
        "name = \"SR2 Twin Rocket Launchers\"\nfaction = \"isn\"",
        "name = \"SR2 Twin Rocket Launchers\"\nfaction = \"isnx\"",
    );
    let value = json(
        &crate::run_in(
            dir.path(),
            &["test", "pack", "sr2-twin", "--format", "json"],
            1,
        )
        .stdout,
    );
    assert_eq!(
        crate::each_str(&value["diagnostics"], "message"),
        ["no faction named `isnx`"]
    );
    assert_eq!(value["not_run"], 1);
}

/// A board left out of the scenarios' check for its own errors leaves
/// each mission on it without a battlefield: those are left out too, so
/// that no scenario on them is told its ships stand off the battlefield,
/// while a slip in such a scenario is still told.
#[test]
fn a_board_with_errors_takes_its_missions_out_of_the_scenarios_check() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    change_in(
        &pack.join("boards/saturn-battlefield.toml"),
        "rows = [10, 11]",
        "rows = [10, 14]",
    );
    change_in(
        &pack.join("tests/missions/asteroid-not-onto-half-hex-or-asteroid.toml"),
        "ship = \"Tes Kio\"",
        "ship = \"Tes Kioo\"",
    );
    let value = json(&crate::run_in(dir.path(), &["test", "pack", "--format", "json"], 1).stdout);
    assert_eq!(
        crate::each_str(&value["diagnostics"], "message"),
        [
            "zone `south` names row 14, but the board has 12 rows",
            "no ship card named `Tes Kioo`",
        ]
    );
    assert_eq!(value["passed"], 0);
}

/// The files under `folder`, sorted.
fn walk(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// A copy of the base pack with the fixture scenario `name` among its
/// tests and `isn_cards` (TOML) added to the ISN tactic cards; the
/// scenario's JSON outcome when it is run alone, with exit status `code`.
fn run_fixture_scenario(name: &str, isn_cards: &str, code: i32) -> serde_json::Value {
    let scenario =
        std::fs::read_to_string(crate::fixtures().join(format!("saturn-scenarios/{name}.toml")))
            .unwrap();
    run_scenario_text(name, &scenario, isn_cards, code)["scenarios"][0].clone()
}

/// A copy of the base pack in `dir`, to edit.
fn base_pack_copy(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let pack = dir.path().join("pack");
    let copy = assert_cmd::Command::new("cp")
        .args(["-r", &base_pack(), pack.to_str().unwrap()])
        .assert();
    assert!(copy.get_output().status.success());
    pack
}

/// `spacedock test --format json`'s report of scenario `name`, written
/// `scenario`, in a copy of the base pack with `isn_cards` added to its
/// ISN tactic cards.
fn run_scenario_text(name: &str, scenario: &str, isn_cards: &str, code: i32) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    run_in_pack(&base_pack_copy(&dir), name, scenario, isn_cards, code)
}

/// [`run_scenario_text`] in `pack`, a copy of the base pack to add to.
fn run_in_pack(
    pack: &Path,
    name: &str,
    scenario: &str,
    isn_cards: &str,
    code: i32,
) -> serde_json::Value {
    std::fs::write(pack.join(format!("tests/{name}.toml")), scenario).unwrap();
    let tactics = pack.join("tactics/isn.toml");
    let mut text = std::fs::read_to_string(&tactics).unwrap();
    text.push_str(isn_cards);
    std::fs::write(&tactics, text).unwrap();
    let finished = run(
        &["test", pack.to_str().unwrap(), name, "--format", "json"],
        code,
    );
    json(&finished.stdout)
}

/// A card of `saturn-additions/`.
fn added_card(file: &str) -> String {
    std::fs::read_to_string(crate::fixtures().join("saturn-additions").join(file)).unwrap()
}

/// The failures of a fixture scenario run in a copy of the base pack.
fn failures_of_fixture_scenario(name: &str) -> Vec<serde_json::Value> {
    run_fixture_scenario(name, "", 1)["failures"]
        .as_array()
        .unwrap()
        .clone()
}

/// Runs a fixture scenario in a copy of the base pack with a card of
/// `saturn-additions/` added, and checks that it passes.
fn passes_with_card(card: &str, scenario: &str) {
    let outcome = run_fixture_scenario(scenario, &added_card(card), 0);
    assert_eq!(outcome["status"], "passed", "{outcome:#?}");
}

/// The outcome of fixture scenario `name`, run alone in a copy of the base
/// pack with `isn_cards` added and a second ship card named "ISN Torrent"
/// (id `isn-torrent-b`).
fn run_with_a_second_torrent(name: &str, isn_cards: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    let torrent = std::fs::read_to_string(pack.join("ships/isn-torrent.toml")).unwrap();
    let other = torrent.replacen(
        "name = \"ISN Torrent\"",
        "name = \"ISN Torrent\"\nid = \"isn-torrent-b\"",
        1,
    );
    assert_ne!(other, torrent);
    std::fs::write(pack.join("ships/isn-torrent-b.toml"), other).unwrap();
    let scenario =
        std::fs::read_to_string(crate::fixtures().join(format!("saturn-scenarios/{name}.toml")))
            .unwrap();
    // Run alone: the filter leaves out the base scenarios, whose "ISN
    // Torrent" now names two cards.
    run_in_pack(&pack, name, &scenario, isn_cards, 0)["scenarios"][0].clone()
}

/// Taking over a ship destroys it when the taker's fleet has a ship of
/// its name, by name as the fleet rule reads: a pack may give two ship
/// cards one name under two ids (another "ISN Torrent" here). The engine
/// compared the cards' ids, and the taken ISN Torrent stayed in play.
#[test]
fn a_ship_taken_over_is_destroyed_by_its_name() {
    let outcome = run_with_a_second_torrent("take-over-same-name", "");
    assert_eq!(outcome["status"], "passed", "{outcome:#?}");
}

/// A ship that escapes is out of play, not destroyed: a mission's other
/// way to win by destroying it does not end the game. It did, since the
/// test looked only at the card being out of play.
#[test]
fn an_escaped_ship_is_not_destroyed_for_another_way_to_win() {
    passes_in_changed_pack("escape-is-no-destruction", |pack| {
        change_in(
            &pack.join("missions/blockade-run-at-entebe.toml"),
            "victory_clock = true\n",
            "victory_clock = true\nalternatives = [{ team = \"isn\", destroy_ship = \"Tes Kio\", \
             text = \"The ISN player wins by destroying Tes Kio.\" }]\n",
        );
    });
}

/// Runs fixture scenario `name` alone in a copy of the base pack that
/// `change` edits first, and checks that it passes.
fn passes_in_changed_pack(name: &str, change: impl FnOnce(&Path)) {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    change(&pack);
    let scenario =
        std::fs::read_to_string(crate::fixtures().join(format!("saturn-scenarios/{name}.toml")))
            .unwrap();
    let report = run_in_pack(&pack, name, &scenario, "", 0);
    assert_eq!(report["scenarios"][0]["status"], "passed", "{report:#?}");
}

/// A special rule for one side answers damage the other side deals to
/// its ships, acting for the ship's controller. It heard only the events
/// of the player who dealt the damage, so a rule "whenever one of your
/// ships takes damage" never acted.
#[test]
fn a_rule_for_one_side_answers_damage_to_its_ships() {
    passes_in_changed_pack("rule-for-the-side-hit", |pack| {
        let mission = pack.join("missions/dead-zone-battle.toml");
        let mut text = std::fs::read_to_string(&mission).unwrap();
        text.push_str(
            "\n[[special_rules]]\nname = \"Salvage\"\n\
             text = \"Whenever one of your ships takes damage, you gain 1 energy.\"\n\
             for = [\"isn\"]\nwhen = \"damage\"\n\
             if = [{ kind = \"affected-ship\", is = \"friendly\" }]\n\
             do = [{ kind = \"gain-energy\", amount = 1 }]\n",
        );
        std::fs::write(&mission, text).unwrap();
    });
}

/// A step marked `illegal` that had to wait for a question was never
/// tried, and proves nothing: it fails, saying so. It passed, though the
/// step is legal once the question is answered.
#[test]
fn an_illegal_step_is_not_judged_while_a_question_waits() {
    let outcome = run_fixture_scenario("illegal-while-a-question-waits", "", 1);
    let failure = &outcome["failures"][0];
    assert_eq!(failure["line"], 49, "{outcome:#?}");
    assert_eq!(failure["expected"], "the engine refuses the step");
    let actual = failure["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("it was not tried: `activate tes-kio` must wait")
            && actual.ends_with("a step marked `illegal` is judged with no question waiting"),
        "{actual}"
    );
}

/// A refused step's legal list gives a ship's steps as one entry for each
/// lead, so that the actions after them are shown: ten steps of Chosh Ka
/// used to fill the list and cut off the discard.
#[test]
fn a_refused_steps_legal_list_gives_a_ships_steps_as_one_entry() {
    let outcome = run_fixture_scenario("refused-step-lists-each-kind", "", 1);
    assert_eq!(
        outcome["failures"][0]["actual"],
        "`end-weapon` is not legal now; legal now: move chosh-ka e/ne/nw/sw/se, \
         move chosh-ka ne/nw/w/sw/se leading with its back, charge chosh-ka primary, \
         end-activation, discard krall-draxus",
        "{outcome:#?}"
    );
}

/// A destroyed ship has no pegs: an expectation of its shields or hull
/// damage fails, saying so. It compared the count the ship was destroyed
/// with, which passed or failed by chance.
#[test]
fn a_destroyed_ship_has_no_pegs_to_expect() {
    let outcome = run_fixture_scenario("pegs-of-a-destroyed-ship", "", 1);
    let failures = outcome["failures"].as_array().unwrap();
    let told: Vec<(&str, &str)> = failures
        .iter()
        .map(|failure| {
            (
                failure["what"].as_str().unwrap(),
                failure["actual"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        told,
        [
            (
                "the shield pegs of `f-47-blue-hawks#1`",
                "none: it is destroyed"
            ),
            (
                "the hull damage pegs of `f-47-blue-hawks#1`",
                "none: it is destroyed"
            ),
        ],
        "{outcome:#?}"
    );
}

/// A power that saves the taken ship from that destruction (a test card
/// like Spectral Resurgence) keeps its card in play: the card was put out
/// of play anyway, its attachments discarded, with its ship still on the
/// battlefield.
#[test]
fn a_ship_taken_over_and_saved_keeps_its_card_in_play() {
    let outcome = run_with_a_second_torrent(
        "take-over-same-name-survives",
        &added_card("escape-pod.toml"),
    );
    assert_eq!(outcome["status"], "passed", "{outcome:#?}");
}

/// A `survive` nested in a die table's row and an `if` saves the ship on
/// its roll, and only then (a test card). Only a `survive` at a power's
/// top was asked before the ship went; a nested one ran too late to save
/// it.
#[test]
fn a_nested_survive_saves_the_ship_on_its_roll() {
    passes_with_card("lucky-pod.toml", "lucky-pod-saves");
    passes_with_card("lucky-pod.toml", "lucky-pod-misses");
}

/// Shields a power takes off change the ship's pegs, and the trace tells
/// it: before, `remove-shields` changed them with no event at all.
#[test]
fn removed_shields_are_told() {
    passes_with_card("ion-pulse.toml", "ion-pulse");
}

/// A lasting `modify` of a ship card's number (its activation cost)
/// changes it once however many ships of a squadron it selects (a test
/// card). It was stored once per ship and counted three times.
#[test]
fn a_lasting_card_change_counts_once_for_a_squadron() {
    passes_with_card("flight-briefing.toml", "lasting-cost-once-per-card");
}

/// A power's `draw` is made where it stands in its `do`, so the `discard`
/// after it can take the card drawn (a test card). Draws were all made
/// after the action, and the discard found an empty hand.
#[test]
fn a_powers_draw_comes_before_its_next_effect() {
    passes_with_card("recall-orders.toml", "draw-then-discard-in-order");
}

/// A once-per-turn damage reduction is kept by damage that would be none
/// anyway (shield damage to a ship without shields) and used by the next
/// damage that lands (a test card). It was used up by the first.
#[test]
fn a_limited_reduction_waits_for_damage_that_lands() {
    passes_with_card(
        "buffer-plating.toml",
        "limited-reduction-kept-for-real-damage",
    );
}

/// A `launch-ship` launches a ship card from behind the screen, never one
/// out of a hold on the battlefield (a test card): that card was launched
/// away from its carrier.
#[test]
fn a_powers_launch_takes_no_ship_card_out_of_a_hold() {
    passes_with_card("scramble-order.toml", "launch-ship-from-the-screen");
    passes_with_card(
        "scramble-order.toml",
        "launch-ship-not-from-a-launched-hold",
    );
}

/// An `answer` gives `facing` and `lead` only where a medium ship takes
/// them, as a `launch` or `move` step does: a small ship placed with a
/// `facing`, an obstacle picked with one or moved with a `lead`, was
/// answered with the key dropped.
#[test]
fn an_answer_gives_a_facing_or_a_lead_only_for_a_medium_ship() {
    let base = Path::new(&base_pack()).join("tests/missions/remote-engines.toml");
    let remote_engines = std::fs::read_to_string(base).unwrap();
    let launch = std::fs::read_to_string(
        crate::fixtures().join("saturn-scenarios/launch-ship-from-the-screen.toml"),
    )
    .unwrap();
    for (name, text, cards, from, to, pointer, tried) in [
        (
            "launch-ship-from-the-screen",
            &launch,
            added_card("scramble-order.toml"),
            "do = \"answer\"\nat = [9, 10]\n",
            "do = \"answer\"\nat = [9, 10]\nfacing = \"e\"\n",
            "/steps/1",
            "`facing` is given, and `rooks-f-54` is not a medium ship: only a medium ship has a facing (drop `facing`)",
        ),
        (
            "remote-engines-picked-with-a-facing",
            &remote_engines,
            String::new(),
            "at = [11, 6]\n",
            "at = [11, 6]\nfacing = \"e\"\n",
            "/steps/2",
            "`facing` is given, and an obstacle is picked: only a medium ship has a facing (drop `facing`)",
        ),
        (
            "remote-engines-moved-with-a-lead",
            &remote_engines,
            String::new(),
            "path = [\"sw\"]\n",
            "path = [\"sw\"]\nlead = [11, 6]\n",
            "/steps/4",
            "`lead` is given, and an obstacle is moved: only a medium ship has an end that leads (drop `lead`)",
        ),
    ] {
        let given = text.replacen(from, to, 1);
        assert_ne!(&given, text, "{name}: {from}");
        let report = run_scenario_text(name, &given, &cards, 1);
        let failures = report["scenarios"][0]["failures"].as_array().unwrap();
        assert_eq!(failures.len(), 1, "{report:#?}");
        assert_eq!(failures[0]["pointer"], pointer, "{report:#?}");
        let actual = failures[0]["actual"].as_str().unwrap();
        assert!(
            actual.starts_with(&format!("{tried}; legal now: ")),
            "{actual}"
        );
    }
    // And a medium ship placed needs its `facing`: without it, the answer
    // was refused as "not a place on the battlefield".
    let report = torrent_placed_without_a_facing();
    let failures = report["scenarios"][0]["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report:#?}");
    assert_eq!(failures[0]["pointer"], "/steps/2", "{report:#?}");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("`isn-torrent` is a medium ship: it covers two hexes, so give its `facing` too; legal now: "),
        "{actual}"
    );
}

/// The report of a scenario whose ISN Torrent, behind the screen, a power
/// launches at a hex given without the facing a medium ship needs.
fn torrent_placed_without_a_facing() -> serde_json::Value {
    let torrent = std::fs::read_to_string(
        crate::fixtures().join("saturn-scenarios/optional-launch-with-nothing-to-launch.toml"),
    )
    .unwrap()
    .replace(
        "version = \"seasoned\"\nat = [4, 9]\nfacing = \"e\"\n",
        "version = \"seasoned\"\n",
    )
    .replace(
        "[expect.players",
        "[[steps]]\ndo = \"answer\"\nanswer = \"yes\"\n\n[[steps]]\ndo = \"answer\"\nat = [9, 9]\n\n[expect.players",
    );
    run_scenario_text(
        "torrent-placed-without-a-facing",
        &torrent,
        &added_card("reserve-beacon.toml"),
        1,
    )
}

/// A card taken over while its player activates it stops being activated:
/// the player gives the taken ships no more orders, and a ship moving
/// stops where it is (test cards). They went on moving and attacking for
/// their old controller.
#[test]
fn an_activation_ends_when_its_card_is_taken() {
    passes_with_card("hijack-signal.toml", "activation-ends-with-control");
    passes_with_card("signal-jack.toml", "move-stops-with-control");
}

/// An activation whose ship card leaves play mid-action (its last ship
/// destroyed by ECM as it moves) ends as every activation does: powers
/// answering an activation's end act (a test card). It was dropped
/// without them, and its lasting changes outlived it.
#[test]
fn an_activation_ends_with_its_card() {
    passes_with_card("watch-officer.toml", "activation-ends-with-its-card");
}

/// After Saturation Fire re-rolls the letter die and the attack still
/// misses, an event that re-rolls the letter die is offered and re-rolls
/// it again (a custom event: the base pack has none that answers a miss).
#[test]
fn an_event_rerolls_a_die_a_power_rerolled() {
    passes_with_card("second-look.toml", "event-rerolls-a-rerolled-die");
}

/// A card a power discards is reported as discarded: the one a
/// `draw-from` does not keep (`rest = "discard"`) and the one a `discard`
/// effect drops (custom cards: no base card does either).
#[test]
fn cards_a_power_discards_are_discarded_events() {
    passes_with_card("salvage-and-jamming.toml", "discards-are-events");
}

/// An optional power whose launch (plain, or in the branch of an `if`
/// that would run) has no ship behind the screen asks nothing, nor one
/// whose `if` would repair a ship without damage (a custom upgrade).
#[test]
fn an_optional_launch_with_nothing_to_launch_asks_nothing() {
    passes_with_card(
        "reserve-beacon.toml",
        "optional-launch-with-nothing-to-launch",
    );
}

/// An `end-turn` stops at a question the end of its activation asks (it
/// went on to end the phase, and was refused).
#[test]
fn end_turn_stops_at_a_question_of_its_activation_end() {
    let outcome = run_fixture_scenario("end-turn-stops-at-an-activation-end-question", "", 0);
    assert_eq!(outcome["status"], "passed", "{outcome:#?}");
}

/// A victory-clock score is matched to 3 decimals: the rulebook's 3.333
/// passes, 3.334 does not.
#[test]
fn a_victory_clock_score_is_matched_to_three_decimals() {
    let text = std::fs::read_to_string(
        std::path::Path::new(&base_pack()).join("tests/rules/victory-clock-3-333.toml"),
    )
    .unwrap();
    assert!(text.contains("victory_clock = 3.333"));
    let outcome = run_scenario_text("clock-to-three-decimals", &text, "", 0);
    assert_eq!(outcome["scenarios"][0]["status"], "passed", "{outcome:#?}");
    let off = text.replace("victory_clock = 3.333", "victory_clock = 3.334");
    let outcome = run_scenario_text("clock-to-three-decimals", &off, "", 1);
    assert_eq!(
        outcome["scenarios"][0]["failures"][0]["actual"], "3.333",
        "{outcome:#?}"
    );
}

/// An `end-turn` whose activation's end wins the game has done its work:
/// it does not go on to end a phase of a game that is over.
#[test]
fn end_turn_stops_when_its_activation_end_wins() {
    let text = std::fs::read_to_string(
        std::path::Path::new(&base_pack()).join("tests/rules/blockade-8vp-round2.toml"),
    )
    .unwrap();
    let ended = text.replacen("do = \"end-activation\"", "do = \"end-turn\"", 1);
    assert_ne!(ended, text);
    let outcome = run_scenario_text("end-turn-wins", &ended, "", 0);
    assert_eq!(outcome["scenarios"][0]["status"], "passed", "{outcome:#?}");
}

/// A move refused because it would end on a ship says so.
#[test]
fn a_move_ending_on_a_ship_is_refused_with_the_reason() {
    let text = std::fs::read_to_string(
        std::path::Path::new(&base_pack()).join("tests/rules/pass-through-ships.toml"),
    )
    .unwrap();
    let ends_on_a_ship = text.replacen(
        "path = [\"e\", \"e\"]\nillegal = true",
        "path = [\"e\", \"e\"]",
        1,
    );
    assert_ne!(ends_on_a_ship, text);
    let outcome = run_scenario_text("ends-on-a-ship", &ends_on_a_ship, "", 1);
    let actual = outcome["scenarios"][0]["failures"][0]["actual"]
        .as_str()
        .unwrap();
    assert!(
        actual.contains("would end on a space another ship stands on"),
        "{outcome:#?}"
    );
}

/// A large ship expected elsewhere is shown by its centre, as it is
/// expected, not by its seven hexes.
#[test]
fn a_large_ship_elsewhere_is_shown_by_its_centre() {
    let scenario = r#"
name = "Everest stands where it was put"
mission = "dead-zone-battle"

[turn]
player = "ISN player"
phase = "action"
round = 2

[[ships]]
ship = "ISN Everest"
version = "standard"
at = [8, 9]

[expect.ships."ISN Everest"]
at = [8, 8]
"#;
    let outcome = run_scenario_text("large-ship-centre", scenario, "", 1);
    let failure = &outcome["scenarios"][0]["failures"][0];
    assert_eq!(failure["expected"], "centred on [8, 8]", "{outcome:#?}");
    assert_eq!(failure["actual"], "centred on [8, 9]", "{outcome:#?}");
}

/// A refused `end-turn` is told by its own name, not the `end-phase` it
/// takes first.
#[test]
fn a_refused_end_turn_is_named_as_written() {
    let failures = failures_of_fixture_scenario("end-turn-after-the-game");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("`end-turn` is not legal now (the game is over"),
        "{failures:#?}"
    );
}

/// An event answering a hit does not close the hit to the other events
/// answering it (a custom event again).
#[test]
fn an_event_answering_a_hit_leaves_its_other_answers_open() {
    passes_with_card("lucky-strike.toml", "hit-answer-leaves-other-answers");
}

/// A card-cost change that lasts the turn applies only to its card type
/// (and its player's cards), as a continuous one does (a custom event).
#[test]
fn a_lasting_card_cost_change_keeps_to_its_card_type() {
    passes_with_card(
        "marked-target.toml",
        "lasting-card-cost-keeps-its-card-type",
    );
}

/// A change with a minimum never raises a number already below it: an
/// activation made free stays free (custom events).
#[test]
fn a_minimum_never_raises_a_number() {
    passes_with_card("engine-tuning.toml", "minimum-never-raises");
}

/// Damage that removes no shield peg and adds no hull peg (shield damage
/// to a ship whose shields are down) is no damage: a `damage` power with
/// no test of the amount fired on it (a custom upgrade).
#[test]
fn no_damage_sets_off_no_damage_power() {
    passes_with_card("damage-alarm.toml", "no-damage-no-damage-trigger");
}

/// A `damage` step that sets off powers answering each other without end
/// fails as an action setting them off does, and the game stops there:
/// the step's chain was cut off silently and the scenario played on.
#[test]
fn a_damage_step_setting_off_powers_without_end_fails() {
    let outcome = run_fixture_scenario(
        "damage-step-sets-off-a-loop",
        &added_card("feedback-loop.toml"),
        1,
    );
    let failures = outcome["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{outcome:#?}");
    assert_eq!(failures[0]["what"], "step 1 (`damage`)", "{outcome:#?}");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("`damage` set off powers answering each other more than 48 deep"),
        "{actual}"
    );
}

/// A `damage` step aimed at a ship that is not on the battlefield (behind
/// the screen, in a hold, destroyed) fails, saying where the ship is: it
/// did nothing and the scenario played on.
#[test]
fn a_damage_step_needs_a_ship_on_the_battlefield() {
    let scenario = std::fs::read_to_string(
        crate::fixtures().join("saturn-scenarios/damage-off-the-battlefield.toml"),
    )
    .unwrap();
    let in_a_hold = scenario.replace(
        "# behind the ISN player's screen\nversion = \"standard\"\n",
        "\nversion = \"standard\"\nhold = \"ISN Everest\"\n",
    );
    assert_ne!(in_a_hold, scenario);
    for (text, place) in [
        (scenario, "it is behind its player's screen"),
        (in_a_hold, "it is in the hold of `isn-everest`"),
    ] {
        let report = run_scenario_text("damage-off-the-battlefield", &text, "", 1);
        let failures = report["scenarios"][0]["failures"].as_array().unwrap();
        assert_eq!(failures.len(), 1, "{report:#?}");
        assert_eq!(failures[0]["what"], "step 1 (`damage`)", "{report:#?}");
        assert_eq!(failures[0]["pointer"], "/steps/0", "{report:#?}");
        let actual = failures[0]["actual"].as_str().unwrap();
        assert!(
            actual.starts_with(&format!(
                "`rooks-f-54` is not on the battlefield ({place}): a damage step needs a ship there; legal now: "
            )),
            "{actual}"
        );
    }
}

/// `use-power` with `power` uses the ship card's power of that name, not
/// the first one open: with two open, the second could not be used on
/// purpose. A name the ship card does not have is an error of the file.
#[test]
fn use_power_picks_a_power_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    let torrent = pack.join("ships/isn-torrent.toml");
    let mut text = std::fs::read_to_string(&torrent).unwrap();
    // The file's last version is the veteran one.
    text.push_str(
        r#"
[[versions.powers]]
name = "Shield Tap"
text = "Once per turn, during your energy phase, pay 1 energy: add 1 shield peg to ISN Torrent."
when = "energy-phase"
cost = 1
limit = "once-per-turn"
do = [{ kind = "add-shields", amount = 1, target = "self" }]

[[versions.powers]]
name = "Power Tap"
text = "Once per turn, during your energy phase, pay 1 energy: draw a tactic card."
when = "energy-phase"
cost = 1
limit = "once-per-turn"
do = [{ kind = "draw", count = 1 }]
"#,
    );
    std::fs::write(&torrent, text).unwrap();
    let scenario =
        std::fs::read_to_string(crate::fixtures().join("saturn-scenarios/use-power-by-name.toml"))
            .unwrap();
    let outcome = run_in_pack(&pack, "use-power-by-name", &scenario, "", 0);
    assert_eq!(outcome["scenarios"][0]["status"], "passed", "{outcome:#?}");

    let misspelt = scenario.replacen("power = \"Power Tap\"", "power = \"Powr Tap\"", 1);
    let outcome = run_in_pack(&pack, "use-power-by-name", &misspelt, "", 1);
    let diagnostic = &outcome["diagnostics"][0];
    assert_eq!(
        diagnostic["message"], "`ISN Torrent` has no power named `Powr Tap`",
        "{outcome:#?}"
    );
    assert_eq!(diagnostic["help"], "did you mean `Power Tap`?");
    assert_eq!(
        (&diagnostic["line"], &diagnostic["column"]),
        (&36.into(), &9.into())
    );
}

/// A step that takes a whole ship card, given one ship of a squadron, says
/// so; given a ship the squadron does not have, it says that too (it said
/// only "is one ship"). An event pattern or a hold naming one ship says
/// what it is, not "this step".
#[test]
fn a_ship_card_named_by_one_ship_is_told_which() {
    let scenario = std::fs::read_to_string(
        crate::fixtures().join("saturn-scenarios/card-named-by-one-ship.toml"),
    )
    .unwrap();
    let report = run_scenario_text("card-named-by-one-ship", &scenario, "", 1);
    let messages: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|diagnostic| diagnostic["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "`F-47 Blue Hawks#1` is one ship; `hold` names a whole ship card",
            "`F-47 Blue Hawks#2` is one ship; this step takes a whole ship card",
            "`F-47 Blue Hawks` has no ship 7 (it has 3), and this step takes a whole ship card",
            "`Rook's F-54#1` is the card's one ship; this step takes the whole ship card",
            "`F-47 Blue Hawks#3` is one ship; this event names a whole ship card",
        ],
        "{report:#?}"
    );
}

/// A reaction event is out of the hand while its effect resolves: one
/// whose move set off its own trigger again was offered and played again,
/// three times from one card (a custom event).
#[test]
fn a_reaction_is_played_once_while_it_resolves() {
    passes_with_card("shove.toml", "reaction-played-once");
}

/// A mission action window whose launch cannot be paid for is not
/// offered: it was, launched nothing, and greedy players used it for ever
/// (a test rule). With the energy, it launches.
#[test]
fn a_launch_window_is_offered_only_when_paid_for() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    let mission = pack.join("missions/dead-zone-battle.toml");
    let mut text = std::fs::read_to_string(&mission).unwrap();
    text.push_str(
        r#"
[[special_rules]]
name = "Reinforce"
text = "In your deploy phase, launch your F-51 Blue Sparrows next to a friendly ship for 1 less energy."
for = ["isn"]
when = "deploy-phase"
if = [{ kind = "unlaunched", ship = "f-51-blue-sparrows" }]
do = [{ kind = "launch-ship", ship = "f-51-blue-sparrows", discount = 1, within = 1, of = "friendly" }]
"#,
    );
    std::fs::write(&mission, text).unwrap();
    let scenario = std::fs::read_to_string(
        crate::fixtures().join("saturn-scenarios/launch-window-paid-for.toml"),
    )
    .unwrap();
    let outcome = run_in_pack(&pack, "launch-window-paid-for", &scenario, "", 0);
    assert_eq!(outcome["scenarios"][0]["status"], "passed", "{outcome:#?}");
    // With 4 energy it is used: the launch asks where the ships go.
    let paid = scenario
        .replace("energy = 3", "energy = 4")
        .replace("illegal = true\n", "");
    let outcome = run_in_pack(&pack, "launch-window-paid-for", &paid, "", 1);
    let failure = &outcome["scenarios"][0]["failures"][0];
    assert!(
        failure["actual"]
            .as_str()
            .unwrap()
            .starts_with("`ISN player` is asked where f-51-blue-sparrows is placed"),
        "{outcome:#?}"
    );
}

/// A path answer for a medium ship a power moves takes `lead`, as a
/// `move` step does: the answers where the back end leads could not be
/// given (a custom event). Without a path, `lead` is an error.
#[test]
fn a_path_answer_names_the_end_that_leads() {
    passes_with_card("shove.toml", "answer-path-lead");
    let scenario =
        std::fs::read_to_string(crate::fixtures().join("saturn-scenarios/answer-path-lead.toml"))
            .unwrap();
    // Without `lead`, the front end leads: the Torrent leaves [7, 9].
    let plain = scenario.replace("lead = [7, 9]\n", "");
    let report = run_scenario_text("answer-path-lead", &plain, &added_card("shove.toml"), 1);
    let failure = &report["scenarios"][0]["failures"][0];
    assert_eq!(failure["what"], "where `isn-torrent` stands", "{report:#?}");
    assert_eq!(failure["actual"], "[8, 8] and [8, 9]", "{report:#?}");
    let no_path = scenario.replace("path = [\"ne\"]\nlead", "answer = \"stop\"\nlead");
    let report = run_scenario_text("answer-path-lead", &no_path, &added_card("shove.toml"), 1);
    assert_eq!(
        report["diagnostics"][0]["message"],
        "`lead` goes with `path`: the end of a moved medium ship that leads",
        "{report:#?}"
    );
}

/// A medium ship's `placed` and `stepped` events have both ends of its
/// base as `at`: the front end a `launch` step gives matches (the engine's
/// own anchor was the back end for a ship facing e, ne or nw), and so does
/// the front end of a ship backing away, its back end leading. A failure
/// shows both.
#[test]
fn a_medium_ships_events_are_matched_at_either_end() {
    let outcome = run_fixture_scenario("medium-ship-events-at-either-end", "", 0);
    assert_eq!(outcome["status"], "passed", "{outcome:#?}");
    let scenario = std::fs::read_to_string(
        crate::fixtures().join("saturn-scenarios/medium-ship-events-at-either-end.toml"),
    )
    .unwrap()
    .replace(
        "at = [8, 11]\n\n# The same event",
        "at = [9, 11]\n\n# The same event",
    );
    let report = run_scenario_text("medium-ship-events-at-either-end", &scenario, "", 1);
    let failures = report["scenarios"][0]["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report:#?}");
    assert_eq!(
        failures[0]["actual"], "placed { ship = \"isn-barrage\", at = [7, 11] or [8, 11] }",
        "{report:#?}"
    );
}

/// Powers at a round's start and end act once a round, after the last
/// player's turn and before the first player's, whoever's turn it is
/// (a custom hero).
#[test]
fn round_start_and_end_act_once_a_round() {
    passes_with_card("round-keeper.toml", "round-boundaries");
}

/// An event pattern with `count` fails when the events it matches are
/// not that many, and lists those that came.
#[test]
fn an_event_count_is_exact() {
    let scenario = std::fs::read_to_string(
        std::path::Path::new(&base_pack()).join("tests/rules/ecm-damage.toml"),
    )
    .unwrap();
    assert!(scenario.contains("count = 1\n"));
    let twice = scenario.replace("count = 1\n", "count = 2\n");
    let report = run_scenario_text("ecm-counted", &twice, "", 1);
    let failure = &report["scenarios"][0]["failures"][0];
    assert_eq!(
        failure["what"], "the number of events `ecm-roll`",
        "{report:#}"
    );
    assert_eq!(
        failure["expected"],
        "2 of ecm-roll { enemy = \"so-bwa-tet\" }"
    );
    assert_eq!(
        failure["actual"],
        "1: ecm-roll { ship = \"f-47-blue-hawks#1\", enemy = \"so-bwa-tet\", roll = 5, damage = 2 }"
    );
}

/// The base pack's survivor recovery scenario, as written.
fn recovering_survivors() -> String {
    std::fs::read_to_string(
        Path::new(&base_pack()).join("tests/missions/recovering-survivors.toml"),
    )
    .unwrap()
}

/// A die a special rule rolls is an event naming the rule, the roll and
/// the row of its table it fell in; a pattern expecting another row fails
/// with the roll that came.
#[test]
fn a_special_rules_roll_is_matched_by_rule_roll_and_row() {
    let scenario = recovering_survivors();
    assert!(scenario.contains("roll = 7\nrow = 3\n"));
    let other_row = scenario.replace("roll = 7\nrow = 3\n", "roll = 7\nrow = 2\n");
    let report = run_scenario_text("survivors-row", &other_row, "", 1);
    let failures = report["scenarios"][0]["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report:#}");
    let failure = &failures[0];
    assert_eq!(failure["what"], "an event `power-roll`");
    assert_eq!(
        failure["expected"],
        "power-roll { player = \"ISN player\", rule = \"Recovering survivors\", roll = 7, row = 2 }"
    );
    assert_eq!(
        failure["actual"],
        "power-roll { player = \"ISN player\", rule = \"Recovering survivors\", roll = 7, row = 3 }"
    );
}

/// The points a special rule scores name the rule: a pattern naming
/// another rule of the mission does not match them.
#[test]
fn victory_points_are_matched_by_the_rule_that_scored() {
    let scenario = recovering_survivors();
    let pattern = "player = \"ISN player\"\nrule = \"Recovering survivors\"\npoints = 3\n";
    assert!(scenario.contains(pattern));
    let other_rule = scenario.replace(
        pattern,
        "player = \"ISN player\"\nrule = \"Victory points\"\npoints = 3\n",
    );
    let report = run_scenario_text("survivors-scored-by", &other_rule, "", 1);
    let failures = report["scenarios"][0]["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report:#}");
    assert_eq!(
        failures[0]["actual"],
        "victory-points { team = \"isn\", player = \"ISN player\", rule = \"Recovering survivors\", points = 3, total = 3 }"
    );
}

/// A rule is named in any case; a slip of its name gets a did-you-mean,
/// and a row is counted from 1.
#[test]
fn a_rule_in_an_event_pattern_is_checked_against_the_missions_rules() {
    let scenario = recovering_survivors();
    let named = "rule = \"Recovering survivors\"";
    let any_case = scenario.replace(named, "rule = \"recovering SURVIVORS\"");
    let report = run_scenario_text("survivors-any-case", &any_case, "", 0);
    assert_eq!(report["scenarios"][0]["status"], "passed", "{report:#}");

    let misspelt = scenario.replacen(named, "rule = \"Recovering survivals\"", 1);
    let report = run_scenario_text("survivors-misspelt", &misspelt, "", 1);
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(
        diagnostics[0]["message"],
        "no special rule named `Recovering survivals` in this scenario's mission"
    );
    assert_eq!(
        diagnostics[0]["help"],
        "did you mean `Recovering survivors`?"
    );

    let row_zero = scenario.replace("row = 3\n", "row = 0\n");
    let report = run_scenario_text("survivors-row-zero", &row_zero, "", 1);
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0]["message"], "`row` must be at least 1, not 0");
}

/// A `damage` change narrowed to a damage type (a vulnerability, and a
/// defence used once a turn) changes only damage of that type (a custom
/// sabotage card: the base pack has none).
#[test]
fn a_vulnerability_changes_only_its_damage_type() {
    passes_with_card("corroded-plating.toml", "vulnerability-by-damage-type");
}

/// A limited `damage` change is used by the damage it changes, judged as
/// the damage is dealt, not after its pegs are gone (a custom card).
#[test]
fn a_limited_damage_change_is_used_when_it_applies() {
    passes_with_card(
        "corroded-plating.toml",
        "limited-damage-change-used-when-it-applies",
    );
}

/// A `damage` change a triggered power gives until the end of the turn
/// adds to damage of every type in the turn, and to none after it.
#[test]
fn a_lasting_damage_change_lasts_its_turn() {
    passes_with_card("corroded-plating.toml", "lasting-damage-change");
}

/// A weapon an `extra-weapon` effect gives is charged, fired and matched
/// in events by its name (a custom event: the base pack has none).
#[test]
fn a_weapon_a_power_gives_is_named_by_its_name() {
    passes_with_card("overcharge.toml", "extra-weapon-by-name");
}

/// So is one given within an `if`, and its name may be written in any
/// case in steps and event patterns alike.
#[test]
fn a_weapon_given_within_an_if_is_named_in_any_case() {
    passes_with_card("overcharge-if.toml", "extra-weapon-in-if");
}

/// A given weapon's name is matched in any case beyond ASCII too (`Ión
/// Burst` written `IÓN BURST`): only ASCII letters were.
#[test]
fn a_given_weapon_is_named_in_any_case_beyond_ascii() {
    let card = added_card("overcharge-if.toml").replace("Ion Burst", "Ión Burst");
    let scenario =
        std::fs::read_to_string(crate::fixtures().join("saturn-scenarios/extra-weapon-in-if.toml"))
            .unwrap()
            .replace("weapon = \"ion burst\"", "weapon = \"IÓN BURST\"");
    assert!(scenario.contains("IÓN BURST"));
    let report = run_scenario_text("extra-weapon-in-if", &scenario, &card, 0);
    assert_eq!(report["scenarios"][0]["status"], "passed", "{report:#?}");
}

/// A slip of a given weapon's name in an event pattern is reported as a
/// weapon slip, with a did-you-mean, as in a step.
#[test]
fn a_misspelt_weapon_in_an_event_pattern_gets_a_did_you_mean() {
    let name = "extra-weapon-misspelt-in-event";
    let scenario =
        std::fs::read_to_string(crate::fixtures().join(format!("saturn-scenarios/{name}.toml")))
            .unwrap();
    let report = run_scenario_text(name, &scenario, &added_card("overcharge-if.toml"), 1);
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let diagnostic = &diagnostics[0];
    assert_eq!(diagnostic["message"], "no weapon named `ion brust`");
    assert_eq!(diagnostic["help"], "did you mean `Ion Burst`?");
    assert_eq!(
        (diagnostic["line"].as_u64(), diagnostic["column"].as_u64()),
        (Some(55), Some(10))
    );
}

/// Forced dice left unrolled are reported at the step that forced them,
/// even when a later step (an answer) resolved the action.
#[test]
fn unrolled_dice_are_reported_at_the_step_that_forced_them() {
    let failures = failures_of_fixture_scenario("unused-answer-dice");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let failure = &failures[0];
    assert_eq!(failure["pointer"], "/steps/1/dice");
    assert_eq!(failure["line"], 52);
    assert_eq!(failure["what"], "step 2 (`attack`): its forced dice");
    assert_eq!(
        failure["expected"],
        "all 3 forced dice rolled (a coordinate pair is 2 dice)"
    );
    assert_eq!(failure["actual"], "2 rolled; 1 of this step's 3 were not");
}

/// A forced result rolled on the other die is a failure at its entry,
/// saying how to write it, not a silent letter.
#[test]
fn a_number_forced_on_the_letter_die_fails_at_its_entry() {
    let failures = failures_of_fixture_scenario("wrong-die");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let failure = &failures[0];
    assert_eq!(failure["pointer"], "/steps/1/dice/0");
    assert_eq!(
        (failure["line"].as_u64(), failure["column"].as_u64()),
        (Some(52), Some(9))
    );
    assert_eq!(failure["expected"], "`4` rolled on the number die");
    assert_eq!(
        failure["actual"],
        "it came up on the letter die: write a letter (\"D\") for it"
    );
}

/// A ship that cannot stand where the scenario puts it is told which hex
/// of its base is in the way, and why.
#[test]
fn a_ship_that_cannot_stand_names_the_hex_in_the_way() {
    let failures = failures_of_fixture_scenario("large-ship-on-a-half-hex");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    assert_eq!(failures[0]["pointer"], "/ships/0/at");
    assert_eq!(failures[0]["actual"], "its base covers [1, 8], a half hex");
}

/// Every mistake of a setup is reported in one run, not only the first:
/// three ships that cannot stand where they are put.
#[test]
fn every_setup_mistake_is_reported_at_once() {
    let failures = failures_of_fixture_scenario("setup-mistakes");
    let found: Vec<(&str, &str)> = failures
        .iter()
        .map(|failure| {
            (
                failure["pointer"].as_str().unwrap(),
                failure["actual"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("/ships/0/at", "its base covers [1, 8], a half hex"),
            ("/ships/1/at", "[40, 5] is off the battlefield"),
            (
                "/ships/3/squadron/1/at",
                "its base covers [8, 4], where vapors-fate stands"
            ),
        ],
        "{failures:#?}"
    );
    assert_eq!(failures[1]["line"], 33, "{failures:#?}");
    // Each names its ship.
    let what: Vec<&str> = failures
        .iter()
        .map(|failure| failure["what"].as_str().unwrap())
        .collect();
    assert!(
        what.iter()
            .all(|what| what.starts_with("where `") && what.ends_with("` stands")),
        "{what:?}"
    );
}

/// Events are expected in the order they come: one that came before the
/// events matched ahead of it is named as such, not as missing.
#[test]
fn an_event_expected_out_of_order_is_named_where_it_came() {
    let failures = failures_of_fixture_scenario("events-out-of-order");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("none after them; before them: ")
            && actual.contains("energy-spent")
            && actual.ends_with("(events are expected in the order they come)"),
        "{failures:#?}"
    );
}

/// A ship holds at most its shield value in shield pegs: a setup with more
/// is refused, at the pegs given, not played.
#[test]
fn shield_pegs_above_the_shield_value_are_refused() {
    let failures = failures_of_fixture_scenario("shields-above-value");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    assert_eq!(failures[0]["pointer"], "/ships/0/shields", "{failures:#?}");
    assert_eq!(failures[0]["actual"], "5", "{failures:#?}");
    assert_eq!(
        failures[0]["expected"], "at most its shield value, 2",
        "{failures:#?}"
    );
}

/// The commonest refusals say why, between the step and the legal list.
#[test]
fn a_refused_step_says_why() {
    for (scenario, why) in [
        (
            "refused-activation-energy",
            "(its activation costs 4 and ISN player has 0 energy)",
        ),
        (
            "refused-hero-slot-full",
            "(isn-everest takes 1 hero, attached already: name the one it replaces with `replace`)",
        ),
        (
            "refused-move-after-its-move",
            "(it has made its move this activation: one move of up to 3 spaces)",
        ),
        (
            "refused-attack-before-activation",
            "(no ship card is activated: activate isn-everest first)",
        ),
        (
            "refused-load-over-capacity",
            "(the hold of isn-everest has 1 space left, and it takes 3 spaces)",
        ),
        (
            "refused-launch-on-a-ship",
            "([8, 9] is taken by isn-everest)",
        ),
    ] {
        let failures = failures_of_fixture_scenario(scenario);
        assert_eq!(failures.len(), 1, "{failures:#?}");
        let actual = failures[0]["actual"].as_str().unwrap();
        assert!(
            actual.contains(&format!(" is not legal now {why}; legal now: ")),
            "{scenario}: {actual}"
        );
    }
}

/// A path refused part-way is told at its entry: the failure points at
/// that entry of `path` and says which it is, since a path may go the
/// same way many times.
#[test]
fn a_path_refused_part_way_points_at_its_entry() {
    let failures = failures_of_fixture_scenario("refused-move-after-its-move");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let failure = &failures[0];
    assert_eq!(failure["pointer"], "/steps/1/path/3", "{failure:#?}");
    assert_eq!(
        (&failure["line"], &failure["column"]),
        (&34.into(), &24.into())
    );
    assert_eq!(failure["what"], "step 2 (`move`)");
    let actual = failure["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("`path` entry 4 (`e`): `move isn-everest e` is not legal now ("),
        "{actual}"
    );
}

/// An `answer` with a `path` refused part-way is told at its entry too:
/// Hit and Run moves Chosh Ka 1 space, and a second is refused.
#[test]
fn an_answer_path_refused_part_way_points_at_its_entry() {
    let scenario = std::fs::read_to_string(
        std::path::Path::new(&base_pack()).join("tests/cards/hit-and-run.toml"),
    )
    .unwrap()
    .replace("path = [\"w\"]", "path = [\"w\", \"w\"]");
    let report = run_scenario_text("hit-and-run-too-far", &scenario, "", 1);
    let failures = report["scenarios"][0]["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let failure = &failures[0];
    assert_eq!(failure["pointer"], "/steps/3/path/1", "{failure:#?}");
    assert_eq!(failure["what"], "step 4 (`answer`)");
    let actual = failure["actual"].as_str().unwrap();
    assert!(actual.starts_with("`path` entry 2 (`w`): "), "{actual}");
}

/// A question's answers are listed as an `answer` step writes them, its
/// keys and values: they read `path ne (the back end leading)` and `play
/// on isn-torrent`, which no step could be copied from. A medium ship's
/// move away from its other end needs no `lead`; another of the back end
/// names it; a medium ship placed is its front end and facing.
#[test]
fn answers_are_listed_as_a_step_writes_them() {
    let scenario =
        std::fs::read_to_string(Path::new(&base_pack()).join("tests/cards/hit-and-run.toml"))
            .unwrap()
            .replacen(
                "do = \"answer\"\npath = [\"w\"]",
                "do = \"end-activation\"",
                1,
            );
    let report = run_scenario_text("hit-and-run-not-answered", &scenario, "", 1);
    let failures = report["scenarios"][0]["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report:#?}");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with(
            "`end-activation` must wait: `Wretch` is asked where chosh-ka moves (up to 1 space) \
             (answers: answer = \"stop\", path = [\"e\"], path = [\"ne\"], path = [\"nw\"], \
             path = [\"sw\"], path = [\"se\"], path = [\"ne\"] and lead = [7, 3], "
        ),
        "{actual}"
    );
    assert!(actual.contains(", path = [\"w\"], "), "{actual}");
    assert!(
        actual.contains("; legal now: answer with answer = \"stop\", answer with path = [\"e\"], "),
        "{actual}"
    );
    // The Torrent placed by a power, without its facing.
    let report = torrent_placed_without_a_facing();
    let actual = report["scenarios"][0]["failures"][0]["actual"]
        .as_str()
        .unwrap();
    assert!(
        actual.contains(
            "; legal now: answer with at = [7, 7] and facing = \"sw\", answer with at = [7, 7] and facing = \"se\", "
        ),
        "{actual}"
    );
}

/// A reason is given only when it is the reason: a squadron has no hero
/// slot, so replacing would not help and is not suggested.
#[test]
fn a_refusal_without_a_sure_reason_gives_none() {
    let failures = failures_of_fixture_scenario("refused-hero-on-a-squadron");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with("`play erin-cho on f-47-blue-hawks` is not legal now; legal now: "),
        "{actual}"
    );
}

/// A refused placement is told as a scenario writes it: a medium ship by
/// both ends of its base, not the engine's inner anchor and direction.
#[test]
fn a_refused_placement_names_the_hexes_of_the_base() {
    let failures = failures_of_fixture_scenario("launch-outside-the-zone");
    assert_eq!(failures.len(), 1, "{failures:#?}");
    let actual = failures[0]["actual"].as_str().unwrap();
    assert!(
        actual.starts_with(
            "`place with its ends at [7, 6] and [8, 6]` is not legal now; \
             legal now: place with its ends at [2, 10] and [3, 10], "
        ),
        "{actual}"
    );
    assert!(!actual.contains("dir"), "{actual}");
}

/// A filter that matches no scenario is a usage error with a did-you-mean,
/// not a silent pass; a pack without scenarios says so.
#[test]
fn a_filter_that_runs_nothing_is_an_error() {
    let finished = run(&["test", "scenarios", "pasing"], 2);
    assert_eq!(finished.stdout, "");
    assert_eq!(
        finished.stderr,
        "error: no scenario of `scenarios` matches `pasing`\nhelp: did you mean `passing`?\n"
    );
    // A slip in a folder's name, or in words of a file's name.
    let base = base_pack();
    let finished = run(&["test", &base, "rulse"], 2);
    assert!(
        finished.stderr.ends_with("help: did you mean `rules`?\n"),
        "{}",
        finished.stderr
    );
    let finished = run(&["test", &base, "attack-exampel"], 2);
    assert!(
        finished
            .stderr
            .ends_with("help: did you mean `attack-example`?\n"),
        "{}",
        finished.stderr
    );
    let finished = run(&["test", "scenarios", "zzzzzz"], 2);
    assert!(
        finished.stderr.ends_with(
            "help: the filter is part of a scenario's file path or name; the pack has 2 scenarios\n"
        ),
        "{}",
        finished.stderr
    );
    // A filter is checked whether or not the pack has errors.
    let finished = run(&["test", "broken", "zzzzzz"], 2);
    assert!(
        finished
            .stderr
            .starts_with("error: no scenario of `broken` matches `zzzzzz`\n"),
        "{}",
        finished.stderr
    );
    let finished = run(&["test", "clean"], 0);
    assert!(
        finished
            .stdout
            .ends_with("0 not run; the pack has no scenarios (tests/*.toml)\n"),
        "{}",
        finished.stdout
    );
}

/// Damage that answers damage ends when the ship is destroyed: the hull is
/// checked before the powers answering the damage act (a custom card; the
/// game used to stop at the powers' depth bound instead).
#[test]
fn chained_damage_destroys_the_ship_and_ends() {
    passes_with_card("chain-reactor.toml", "chained-damage-destroys");
}

/// A mission's own zone is a zone like a board's: the Blockade Run's escape
/// rule made to name a zone of the mission's own (two hexes mid-board)
/// scores a ship ending its activation there, and not one ending beside it.
#[test]
fn a_mission_zone_is_named_by_its_rules() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    let blockade =
        std::fs::read_to_string(pack.join("missions/blockade-run-at-entebe.toml")).unwrap();
    let wreck = blockade
        .replace(
            "name = \"Blockade Run At Entebe\"",
            "id = \"wreck-run\"\nname = \"Wreck Run\"",
        )
        .replace("zone = \"north\"", "zone = \"wreck\"")
        .replace("number = 2\n", "")
        + "\n[[zones]]\nname = \"wreck\"\ncells = [[8, 6], [9, 6]]\n";
    assert!(wreck.contains("zone = \"wreck\"") && wreck.contains("name = \"Wreck Run\""));
    std::fs::write(pack.join("missions/wreck-run.toml"), wreck).unwrap();
    let scenario = |name: &str, path: &str, points: u32| {
        format!(
            r#"name = "{name}"
mission = "wreck-run"

[[players]]
name = "Wretch player"
energy = 10

[turn]
player = "Wretch player"
phase = "action"
round = 2

[[ships]]
ship = "Tes Kio"
version = "standard"
at = [8, 7]

[[steps]]
do = "activate"
ship = "Tes Kio"

[[steps]]
do = "move"
ship = "Tes Kio"
path = ["{path}"]

[[steps]]
do = "end-activation"

[expect.players."Wretch player"]
victory_points = {points}
"#
        )
    };
    // From [8, 7], north-east is [8, 6], in the zone; north-west [7, 6], not.
    std::fs::write(
        pack.join("tests/wreck-escape.toml"),
        scenario("Ending in the wreck escapes", "ne", 1),
    )
    .unwrap();
    std::fs::write(
        pack.join("tests/wreck-beside.toml"),
        scenario("Ending beside the wreck does not", "nw", 0),
    )
    .unwrap();
    let finished = run(
        &["test", pack.to_str().unwrap(), "wreck", "--format", "json"],
        0,
    );
    let report = json(&finished.stdout);
    let passed: Vec<&str> = report["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|scenario| scenario["status"] == "passed")
        .map(|scenario| scenario["name"].as_str().unwrap())
        .collect();
    assert_eq!(passed.len(), 2, "{report:#}");
}

/// A question a special rule asks names the rule: a scenario that stops
/// at Meteor Storm's remote engines is told which rule waits.
#[test]
fn a_special_rules_question_names_the_rule() {
    let full =
        std::fs::read_to_string(Path::new(&base_pack()).join("tests/missions/remote-engines.toml"))
            .unwrap();
    let cut = full.find("# ISN player 1 pays 2 energy").unwrap();
    let outcome = run_scenario_text("remote-question", &full[..cut], "", 1);
    let text = outcome.to_string();
    assert!(
        text.contains("is asked whether to use the special rule `Remote engines`"),
        "{outcome:#}"
    );
}

/// Goals reached together at a round's end: with a rule scoring each
/// player holding a zone as the round ends, both teams reach their goals
/// at once and neither wins (the first player's rule acts first only
/// because one must), even when a Wretch rule acting before the Wretch
/// score destroys the ISN ship; one team alone reaching its goal wins.
#[test]
fn goals_reached_together_at_a_round_end_are_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    let dead_zone = std::fs::read_to_string(pack.join("missions/dead-zone-battle.toml")).unwrap();
    let relay = dead_zone
        .replace(
            "name = \"Dead Zone Battle\"",
            "id = \"relay\"\nname = \"Relay\"",
        )
        .replace("number = 1\n", "")
        .replace(
            "[victory]\ndestroy_all = true\n",
            "[victory]\ndestroy_all = true\npoints = [{ team = \"isn\", threshold = 5 }, { team = \"wretch\", threshold = 5 }]\n",
        )
        + r#"
[[zones]]
name = "relay"
cells = [[8, 6], [9, 6], [8, 7], [9, 7]]

[[special_rules]]
name = "Relay guns"
text = "At the end of each round, the relay's guns deal 5 hull damage to every ISN ship."
for = ["wretch"]
when = "round-end"
do = [{ kind = "hull-damage", amount = 5, target = "enemy" }]

[[special_rules]]
name = "Hold the relay"
text = "At the end of each round, each player with a ship in the relay scores 1 victory point."
when = "round-end"
if = [{ kind = "exists", is = "friendly", zone = "relay" }]
do = [{ kind = "score", points = 1 }]
"#;
    assert!(relay.contains("threshold = 5") && relay.contains("name = \"Relay\""));
    std::fs::write(pack.join("missions/relay.toml"), relay).unwrap();
    let scenario = |name: &str, wretch_at: &str, expect: &str| {
        format!(
            r#"name = "{name}"
mission = "relay"

[[players]]
name = "ISN player"
victory_points = 4

[[players]]
name = "Wretch player"
victory_points = 4

# The last turn of round 2: ISN went first.
[turn]
player = "Wretch player"
phase = "action"
round = 2

[[ships]]
ship = "Rook's F-54"
version = "standard"
at = [9, 6]

[[ships]]
ship = "Tes Kio"
version = "standard"
at = {wretch_at}

[[steps]]
do = "end-turn"

[expect]
game_over = true
{expect}
"#
        )
    };
    std::fs::write(
        pack.join("tests/relay-both.toml"),
        scenario(
            "Relay: both reach 5 at the round's end",
            "[9, 7]",
            "draw = true",
        ),
    )
    .unwrap();
    std::fs::write(
        pack.join("tests/relay-one.toml"),
        scenario(
            "Relay: the ISN alone reaches 5",
            "[9, 2]",
            "winner = \"isn\"",
        ),
    )
    .unwrap();
    let finished = run(
        &["test", pack.to_str().unwrap(), "relay", "--format", "json"],
        0,
    );
    let report = json(&finished.stdout);
    let passed = report["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|scenario| scenario["status"] == "passed")
        .count();
    assert_eq!(passed, 2, "{report:#}");
}

/// A question a ship card's power asks names the power, as a `use-power`
/// step's `power` does: a scenario that stops when Chosh Ka's activation
/// ends is told it waits for Hit and Run.
#[test]
fn a_ship_powers_question_names_the_power() {
    let full = std::fs::read_to_string(
        Path::new(&base_pack()).join("tests/cards/hit-and-run-declined.toml"),
    )
    .unwrap();
    let cut = full.find("[[steps]]\ndo = \"answer\"").unwrap();
    let outcome = run_scenario_text("hit-and-run-question", &full[..cut], "", 1);
    let text = outcome.to_string();
    assert!(
        text.contains("is asked whether to use the power `Hit and Run` of chosh-ka"),
        "{outcome:#}"
    );
}

/// A question a tactic card's power asks says which of the card's powers
/// (they have no names) and the ship its copy is attached to: Bronson
/// Skiles's second power, on ISN Torrent.
#[test]
fn a_tactic_cards_question_names_which_power_and_its_ship() {
    let full =
        std::fs::read_to_string(Path::new(&base_pack()).join("tests/cards/bronson-skiles.toml"))
            .unwrap();
    let cut = full.find("[[steps]]\ndo = \"answer\"").unwrap();
    let outcome = run_scenario_text("bronson-skiles-question", &full[..cut], "", 1);
    let text = outcome.to_string();
    assert!(
        text.contains(
            "is asked whether to use the second power of `bronson-skiles` on isn-torrent"
        ),
        "{outcome:#}"
    );
}

/// A weapon printed on the ship card is named by its printed name too, in
/// any case, in a step and in an event pattern with its ship: ISN
/// Everest's Heavy Pulse Cannons are its `primary`, its Defense Turrets
/// its `secondary`.
#[test]
fn a_weapon_is_named_by_its_printed_name() {
    let scenario = r#"name = "Everest fires both its printed weapons by name"
board = "saturn-battlefield"

[[players]]
name = "ISN"
faction = "isn"
starting_zone = "south"
energy = 20

[[players]]
name = "Wretch"
faction = "wretch"
starting_zone = "north"

[turn]
player = "ISN"
phase = "action"
round = 2

[[ships]]
ship = "ISN Everest"
version = "standard"
at = [8, 9]

[[ships]]
ship = "Vapor's Fate"
version = "standard"
at = [8, 6]

[[steps]]
do = "activate"
ship = "ISN Everest"

[[steps]]
do = "attack"
ship = "ISN Everest"
weapon = "heavy pulse cannons"
target = "Vapor's Fate"
dice = ["A1"]

[[steps.expect.events]]
event = "charged"
ship = "ISN Everest"
weapon = "primary"

[[steps]]
do = "end-weapon"

[[steps]]
do = "charge"
ship = "ISN Everest"
weapon = "Defense Turrets"

[[steps.expect.events]]
event = "charged"
ship = "isn-everest"
weapon = "secondary"

[[expect.events]]
event = "charged"
ship = "ISN Everest"
weapon = "Heavy Pulse Cannons"
count = 1

[[expect.events]]
event = "charged"
ship = "ISN Everest"
weapon = "defense turrets"
count = 1
"#;
    let report = run_scenario_text("printed-weapon-names", scenario, "", 0);
    assert_eq!(report["passed"], 1, "{report:#}");
}

/// A faction's name (or alias) names the team of its id in a mission: the
/// base pack's missions with `team = "ISN"`, `for = ["Wretch"]` and the
/// like check clean, and their scenarios pass as with the ids (the rules
/// `for` a team act for it, its goals are its own).
#[test]
fn a_team_is_named_by_its_factions_name_too() {
    let dir = tempfile::tempdir().unwrap();
    let pack = base_pack_copy(&dir);
    let mut changed = 0;
    for entry in std::fs::read_dir(pack.join("missions")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let renamed = text
            .replace("team = \"isn\"", "team = \"ISN\"")
            .replace("team = \"wretch\"", "team = \"Wretch\"")
            .replace("for = [\"isn\"]", "for = [\"ISN\"]")
            .replace("for = [\"wretch\"]", "for = [\"Wretch\"]");
        if renamed != text {
            changed += 1;
            std::fs::write(&path, renamed).unwrap();
        }
    }
    assert!(changed >= 4, "{changed} missions name teams");
    let checked = run(&["check", pack.to_str().unwrap()], 0);
    assert!(
        checked.stderr.ends_with(": 0 errors, 0 warnings\n"),
        "{}",
        checked.stderr
    );
    let finished = run(&["test", pack.to_str().unwrap(), "--format", "json"], 0);
    let value = json(&finished.stdout);
    assert_eq!(value["failed"], 0, "{value:#}");
    assert_eq!(value["not_run"], 0, "{value:#}");
}

/// In a scenario too, a faction's name names the team of its id: a seat's
/// `team = "ISN"` plays in team `isn`, and a winner may be written `ISN`
/// with no seat of that name.
#[test]
fn a_scenario_names_a_team_by_its_factions_name() {
    let full = std::fs::read_to_string(
        Path::new(&base_pack()).join("tests/rules/destroy-all-not-before-round-3.toml"),
    )
    .unwrap();
    let renamed = full
        .replace("name = \"ISN\"", "name = \"Navy\"\nteam = \"ISN\"")
        .replace("player = \"ISN\"", "player = \"Navy\"")
        .replace("\"Wretch\"", "\"Pirates\"")
        .replace("winner = \"ISN\"", "winner = \"isn\"")
        + "\n[[expect.events]]\nevent = \"game-over\"\nwinner = \"ISN\"\n";
    assert!(!renamed.contains("= \"Wretch\""), "{renamed}");
    let outcome = run_scenario_text("team-by-faction-name", &renamed, "", 0);
    assert_eq!(outcome["passed"], 1, "{outcome:#}");
}

/// Each failure of a scenario's outcome: where in the file, and the
/// value found there.
fn pointed_failures(outcome: &serde_json::Value) -> Vec<(&str, &str)> {
    outcome["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|failure| {
            (
                failure["pointer"].as_str().unwrap(),
                failure["actual"].as_str().unwrap(),
            )
        })
        .collect()
}

/// A `once-per-round` power acts once in all the players' turns of a
/// round, and again in the next round; the same power limited
/// `once-per-turn` acts again in the opponent's turn, so the scenario
/// tells the two apart.
#[test]
fn a_once_per_round_power_waits_for_the_next_round() {
    passes_with_card("relay-beacon.toml", "once-per-round");
    let per_turn = added_card("relay-beacon.toml").replace("once-per-round", "once-per-turn");
    let outcome = run_fixture_scenario("once-per-round", &per_turn, 1);
    // It acts again in Wretch's turn, one energy ahead from then on.
    assert_eq!(
        pointed_failures(&outcome),
        [
            ("/steps/3/expect/players/ISN/energy", "7"),
            ("/steps/4/expect/players/ISN/energy", "17"),
            ("/steps/5/expect/players/ISN/energy", "18"),
        ],
        "{outcome:#?}"
    );
}

/// A filter's `zone` names a starting zone by whose it is in a tactic
/// card's power: the attached ship's own player's zone, an enemy's, and
/// neither. Swapping the two cards' words moves which damage pays.
#[test]
fn a_filter_names_a_starting_zone_by_whose_it_is() {
    passes_with_card("zone-beacons.toml", "starting-zone-filter");
    let swapped = added_card("zone-beacons.toml")
        .replace("\"your-starting-zone\"", "\"swap\"")
        .replace("\"enemy-starting-zone\"", "\"your-starting-zone\"")
        .replace("\"swap\"", "\"enemy-starting-zone\"");
    let outcome = run_fixture_scenario("starting-zone-filter", &swapped, 1);
    // Everest's damage in its own zone pays nothing; Barrage's in the
    // enemy's pays Raid Beacon's 2 no more.
    assert_eq!(
        pointed_failures(&outcome),
        [
            ("/steps/0/expect/players/ISN/energy", "5"),
            ("/steps/1/expect/players/ISN/energy", "5"),
            ("/steps/2/expect/players/ISN/energy", "5"),
        ],
        "{outcome:#?}"
    );
}

/// The energy the ISN player ends with after playing a test card of
/// `saturn-additions/gauges.toml` in fixture scenario `name`, its text
/// changed by `edits` (each must change it): 3 more when the card's
/// condition holds, 1 more when not. Read from the failure of an
/// expectation no game meets.
fn energy_after_a_gauge(name: &str, edits: &[(&str, &str)]) -> String {
    let mut scenario =
        std::fs::read_to_string(crate::fixtures().join(format!("saturn-scenarios/{name}.toml")))
            .unwrap();
    for (from, to) in edits {
        assert!(scenario.contains(from), "{name}: no `{from}` to change");
        scenario = scenario.replacen(from, to, 1);
    }
    let (setup, _) = scenario.split_once("[expect.players.ISN]").unwrap();
    let scenario = format!("{setup}[expect.players.ISN]\nenergy = 99\n");
    let report = run_scenario_text(name, &scenario, &added_card("gauges.toml"), 1);
    let failures = &report["scenarios"][0]["failures"];
    assert_eq!(
        failures.as_array().map(Vec::len),
        Some(1),
        "{name}: {report:#}"
    );
    failures[0]["actual"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A `round` condition holds from its `at_least` round to its `at_most`
/// round, both included (a test card).
#[test]
fn a_round_condition_holds_between_its_bounds() {
    passes_with_card("gauges.toml", "round-condition");
    for (round, energy) in [(2, "3"), (3, "5"), (4, "5"), (5, "3")] {
        let edit = format!("round = {round}");
        assert_eq!(
            energy_after_a_gauge("round-condition", &[("round = 3", &edit)]),
            energy,
            "round {round}"
        );
    }
}

/// A `victory-points` condition with `player = "opponent"` reads the
/// opponent's team's points, not its own player's (a test card).
#[test]
fn a_victory_points_condition_reads_the_players_team() {
    passes_with_card("gauges.toml", "victory-points-condition");
    let fewer = [("victory_points = 5", "victory_points = 4")];
    assert_eq!(
        energy_after_a_gauge("victory-points-condition", &fewer),
        "3"
    );
    let ours = [
        ("\nvictory_points = 5", ""),
        ("hand = [", "victory_points = 5\nhand = ["),
    ];
    assert_eq!(energy_after_a_gauge("victory-points-condition", &ours), "3");
}

/// An `energy` condition reads the energy of its player there and then
/// (a test card).
#[test]
fn an_energy_condition_reads_the_players_energy() {
    passes_with_card("gauges.toml", "energy-condition");
    let more = [("energy = 3\n", "energy = 4\n")];
    assert_eq!(energy_after_a_gauge("energy-condition", &more), "5");
}

/// A `count` condition counts the ships its filters pass: another solo
/// ship in play that is not an enemy's does not count (a test card).
#[test]
fn a_count_condition_counts_the_ships_its_filters_pass() {
    passes_with_card("gauges.toml", "count-condition");
    let friendly = [("ship = \"Tes Kio\"", "ship = \"Rook's F-54\"")];
    assert_eq!(energy_after_a_gauge("count-condition", &friendly), "3");
}

/// A limited continuous power on a number is used when that number is:
/// an ECM threshold at the ECM roll (it was never used up), a charge cost
/// at the charge even without an attack (it was used at the attack, so a
/// charge left unfired kept the discount for the next), and a move when
/// the ship's own move begins (a power's move of one space used it up).
#[test]
fn a_limited_number_is_used_up_when_it_is_used() {
    let isn_cards = added_card("limited-numbers.toml");
    for name in [
        "limited-ecm-threshold-used-at-the-roll",
        "limited-charge-cost-used-at-the-charge",
        "limited-move-kept-by-a-power-move",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let pack = base_pack_copy(&dir);
        let wretch = pack.join("tactics/wretch.toml");
        let mut text = std::fs::read_to_string(&wretch).unwrap();
        text.push_str(&added_card("capacitor.toml"));
        std::fs::write(&wretch, text).unwrap();
        let scenario = std::fs::read_to_string(
            crate::fixtures().join(format!("saturn-scenarios/{name}.toml")),
        )
        .unwrap();
        let outcome = run_in_pack(&pack, name, &scenario, &isn_cards, 0);
        assert_eq!(
            outcome["scenarios"][0]["status"], "passed",
            "{name}: {outcome:#?}"
        );
    }
}

/// An action-window power whose effect reads energy is offered only when
/// the energy left once its cost is paid makes the effect do something:
/// it was foreseen with the energy before the cost, offered, paid for, and
/// did nothing.
#[test]
fn a_power_reading_energy_is_foreseen_with_its_cost_paid() {
    passes_with_card("reserve-tap.toml", "energy-read-after-the-cost");
}
