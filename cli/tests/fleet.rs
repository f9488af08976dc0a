//! `spacedock fleet check`: legal and illegal builds, seat selection, and
//! the summary in human and JSON form.

use crate::{copy_fixture, json, run, run_in};

const PACK: [&str; 2] = ["--pack", "clean"];

fn fleet_check(fleet: &str, extra: &[&str], code: i32) -> crate::Finished {
    let mut args = vec![
        "fleet",
        "check",
        fleet,
        "--pack",
        "clean",
        "--mission",
        "open-battle",
    ];
    args.extend_from_slice(extra);
    run(&args, code)
}

#[test]
fn a_legal_build_prints_its_numbers() {
    let finished = fleet_check("fleets/legal.toml", &[], 0);
    assert_eq!(finished.stderr, "fleets/legal.toml: 0 errors, 0 warnings\n");
    let lines: Vec<&str> = finished.stdout.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("fleet cost") && l.ends_with("10 of 12")),
        "{}",
        finished.stdout
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("deck") && l.ends_with("7 cards")),
        "{}",
        finished.stdout
    );
    assert!(
        lines.iter().any(|l| l.starts_with("transport")
            && l.contains("Test Carrier: 1 of 1 spaces")
            && l.contains("(Test Frigate)")),
        "{}",
        finished.stdout
    );
}

#[test]
fn an_over_budget_build_exits_1() {
    let finished = fleet_check("fleets/over-budget.toml", &[], 1);
    assert!(
        finished.stderr.contains("SD0301(fleet-over-budget)"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stdout.is_empty(),
        "no summary for an illegal build"
    );
}

/// `fleet check` of the legal build against Open Battle, in a folder made
/// by [`legal_build_beside_clean`].
const CHECK_LEGAL: [&str; 7] = [
    "fleet",
    "check",
    "legal.toml",
    "--pack",
    "clean",
    "--mission",
    "open-battle",
];

/// A folder holding a copy of the `clean` pack with the first `from` of its
/// `file` changed to `to`, and the legal build beside it.
fn legal_build_beside_clean(file: &str, from: &str, to: &str) -> tempfile::TempDir {
    let dir = copy_fixture("clean");
    std::fs::copy(
        crate::fixtures().join("fleets/legal.toml"),
        dir.path().join("legal.toml"),
    )
    .unwrap();
    crate::scenarios::change_in(&dir.path().join("clean").join(file), from, to);
    dir
}

/// A legal build in a pack with a problem of its own: the problem is the
/// pack's, and the build is not said to have it.
#[test]
fn the_packs_problems_are_counted_as_the_packs() {
    let dir = legal_build_beside_clean("pack.toml", "game = ", "colour = \"red\"\ngame = ");
    let args = CHECK_LEGAL;
    let finished = run_in(dir.path(), &args, 1);
    assert!(
        finished.stderr.ends_with(
            "clean: 1 error, 0 warnings\nlegal.toml: 0 errors, 0 warnings\nin all: 1 error, 0 warnings\n"
        ),
        "{}",
        finished.stderr
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let result = json(&run_in(dir.path(), &json_args, 1).stdout);
    assert_eq!(result["diagnostics"][0]["pack"], "clean");
    assert_eq!(result["errors"], 1);
    // The manifest says what the pack is: the build's numbers wait for it.
    assert!(result["summary"].is_null(), "{result}");
    assert!(finished.stdout.is_empty(), "{}", finished.stdout);
}

/// Another mission's errors are the pack's: they still fail the run, but
/// the build and its mission read nothing of that mission, so its numbers
/// are printed.
#[test]
fn another_missions_errors_leave_the_builds_numbers() {
    let dir = legal_build_beside_clean("missions/skirmish.toml", "\"full-burn\"", "\"full-burnn\"");
    let args = CHECK_LEGAL;
    let finished = run_in(dir.path(), &args, 1);
    assert!(
        finished.stderr.contains("SD0101(unknown-reference)")
            && finished.stderr.ends_with(
                "clean: 1 error, 0 warnings\nlegal.toml: 0 errors, 0 warnings\nin all: 1 error, 0 warnings\n"
            ),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stdout
            .lines()
            .any(|l| l.starts_with("fleet cost") && l.ends_with("10 of 12")),
        "{}",
        finished.stdout
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let result = json(&run_in(dir.path(), &json_args, 1).stdout);
    assert_eq!(result["passed"], false);
    assert_eq!(result["summary"]["fleet_cost"], 10);

    // Checked against the mission with the error, the build has no numbers.
    let mut against_it = CHECK_LEGAL;
    against_it[6] = "skirmish";
    let finished = run_in(dir.path(), &against_it, 1);
    assert!(finished.stdout.is_empty(), "{}", finished.stdout);
}

#[test]
fn json_adds_the_summary() {
    let legal = json(&fleet_check("fleets/legal.toml", &["--format", "json"], 0).stdout);
    assert_eq!(legal["errors"], 0);
    assert_eq!(legal["passed"], true);
    assert_eq!(legal["summary"]["fleet_cost"], 10);
    assert_eq!(legal["summary"]["budget"], 12);
    assert_eq!(legal["summary"]["deck_size"], 7);
    assert_eq!(legal["summary"]["mission"], "Open Battle");
    assert_eq!(legal["summary"]["player"], "ISN player");
    assert_eq!(legal["summary"]["transport"][0]["carrier"], "Test Carrier");
    assert_eq!(
        legal["summary"]["transport"][0]["carried"][0],
        "Test Frigate"
    );

    let illegal = json(&fleet_check("fleets/over-budget.toml", &["--format", "json"], 1).stdout);
    assert!(illegal["summary"].is_null());
    assert_eq!(illegal["passed"], false);
    let codes = crate::each_str(&illegal["diagnostics"], "code");
    assert!(codes.contains(&"SD0301"), "{codes:?}");
}

#[test]
fn players_are_chosen_by_number_or_name() {
    fleet_check("fleets/wretch.toml", &["--player", "2"], 0);
    fleet_check("fleets/wretch.toml", &["--player", "Wretch player"], 0);
    // Seat 1 is the ISN player: a Wretch fleet does not fit it.
    let finished = fleet_check("fleets/wretch.toml", &[], 1);
    assert!(
        finished.stderr.contains("SD0306(wrong-faction)"),
        "{}",
        finished.stderr
    );
}

#[test]
fn an_unknown_seat_or_mission_is_a_usage_error() {
    // Naming a seat or mission that does not exist is a mistake on the
    // command line, not in the content: exit 2, with what there is.
    let finished = fleet_check("fleets/legal.toml", &["--player", "7"], 2);
    assert!(
        finished.stderr.contains("has no player 7"),
        "{}",
        finished.stderr
    );
    // A player's name with a slip gets a did-you-mean, as a mission does.
    let finished = fleet_check("fleets/legal.toml", &["--player", "Wretch playr"], 2);
    assert!(
        finished
            .stderr
            .ends_with("has no player `Wretch playr`\nhelp: did you mean `Wretch player`?\n"),
        "{}",
        finished.stderr
    );
    let mut args = vec![
        "fleet",
        "check",
        "fleets/legal.toml",
        "--mission",
        "open-batle",
    ];
    args.extend(PACK);
    let finished = run(&args, 2);
    assert!(
        finished.stderr.contains("did you mean `open-battle`?"),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_missions_file_given_for_its_id_is_told_the_id() {
    // `--mission` takes an id or a name; a mission's file, with or without
    // its folder, is a likely slip, answered with the id of the mission
    // in that file.
    for given in [
        "open-battle.toml",
        "missions/open-battle.toml",
        "clean/missions/open-battle.toml",
    ] {
        let mut args = vec!["fleet", "check", "fleets/legal.toml", "--mission", given];
        args.extend(PACK);
        let finished = run(&args, 2);
        assert!(
            finished.stderr.contains(
                "help: did you mean `open-battle`? `--mission` takes the mission's id or name, not its file"
            ),
            "{given}: {}",
            finished.stderr
        );
    }
}

/// A mission whose file has errors is not unknown: its errors are the
/// pack's, and the command says the mission could not be read rather than
/// that there is none of that name.
#[test]
fn a_mission_that_could_not_be_read_is_not_called_unknown() {
    let dir = legal_build_beside_clean(
        "missions/open-battle.toml",
        "fleet_cost = 12",
        "fleet_cost = \"12\"",
    );
    let args = CHECK_LEGAL;
    let finished = run_in(dir.path(), &args, 2);
    assert!(
        finished.stderr.ends_with(
            "clean: 1 error, 0 warnings\nerror: mission `open-battle` could not be read\nhelp: its file's errors are above; once they are mended, builds for it can be checked\n"
        ),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_missing_fleet_file_or_pack_exits_2() {
    fleet_check("fleets/no-such-fleet.toml", &[], 2);
    let finished = run(
        &[
            "fleet",
            "check",
            "fleets/legal.toml",
            "--pack",
            "nowhere",
            "--mission",
            "open-battle",
        ],
        2,
    );
    assert!(
        finished
            .stderr
            .contains("pack folder `nowhere` does not exist"),
        "{}",
        finished.stderr
    );
    // The build was never read: no line may count its errors as none.
    assert!(
        !finished.stderr.contains("legal.toml"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stderr.contains("nowhere: 1 error"),
        "{}",
        finished.stderr
    );
}

#[test]
fn the_mission_is_required() {
    run(
        &["fleet", "check", "fleets/legal.toml", "--pack", "clean"],
        2,
    );
}

#[test]
fn sets_raise_the_copies_a_collection_holds() {
    let finished = fleet_check("fleets/two-sets.toml", &[], 1);
    assert!(
        finished.stderr.contains("SD0305(not-enough-copies)"),
        "{}",
        finished.stderr
    );
    fleet_check("fleets/two-sets.toml", &["--sets", "2"], 0);
}

/// The base pack's example builds (the ones the docs use) are legal for
/// their seats.
#[test]
fn the_base_pack_example_builds_are_legal() {
    let pack = crate::saturn();
    for (file, mission, seat, cost) in [
        ("isn-48.toml", "dead-zone-battle-48", "1", "47 of 48"),
        ("wretch-48.toml", "dead-zone-battle-48", "2", "47 of 48"),
        (
            "isn-barrage-48.toml",
            "the-battle-for-isn-barrage",
            "2",
            "48 of 48",
        ),
    ] {
        let path = format!("{pack}/fleets/{file}");
        let finished = run(
            &[
                "fleet",
                "check",
                &path,
                "--pack",
                &pack,
                "--mission",
                mission,
                "--player",
                seat,
                "--deny-warnings",
            ],
            0,
        );
        assert!(
            finished.stdout.contains(&format!("fleet cost  {cost}")),
            "{file}: {}",
            finished.stdout
        );
    }
}

/// A build named on the command line that never ends (`/dev/zero`) is
/// refused at a bound, not read until memory runs out.
#[cfg(unix)]
#[test]
fn an_endless_build_is_refused_at_a_bound() {
    let finished = fleet_check("/dev/zero", &[], 2);
    assert!(
        finished.stderr.contains(
            "cannot read `/dev/zero`: it is larger than 256 MiB, which no content file is"
        ),
        "{}",
        finished.stderr
    );
}
