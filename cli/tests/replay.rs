//! `spacedock replay`: what it does with files that are not traces and with
//! traces edited by hand. Exit 2 (`cannot read trace ...`) is for a file
//! that cannot be read as a trace, with or without `--pack`; exit 1
//! (`mismatch: line N: ...`) for a well-formed trace whose game differs
//! from its record: a renumbered step, actions past the step bound, another
//! player, an illegal action, an action the header's policies would not
//! choose. The replay of an untouched trace is in
//! `sim.rs`.
//!
//! Every case edits one game of the Saturn Offensive pack, recorded once.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::{Finished, json, run, saturn};

/// The trace of the first Dead Zone Battle game, with `extra` arguments
/// to `sim` (its header names the pack's folder).
fn record(extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("game.jsonl");
    let pack = saturn();
    let mut args = vec![
        "sim",
        "--pack",
        &pack,
        "--mission",
        "dead-zone-battle",
        "--games",
        "1",
        "--trace",
        trace.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args, 0);
    std::fs::read_to_string(&trace).unwrap()
}

/// The lines of one recorded game, recorded once.
fn recorded() -> Vec<String> {
    static TRACE: OnceLock<String> = OnceLock::new();
    TRACE
        .get_or_init(|| record(&[]))
        .lines()
        .map(str::to_owned)
        .collect()
}

/// A trace file with `text` in a folder of its own.
struct TraceFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TraceFile {
    fn new(text: &str) -> TraceFile {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        std::fs::write(&path, text).unwrap();
        TraceFile { _dir: dir, path }
    }

    fn of_lines(lines: &[String]) -> TraceFile {
        TraceFile::new(&(lines.join("\n") + "\n"))
    }

    /// `spacedock replay` of it, with `--pack` or not.
    fn replay(&self, with_pack: bool, code: i32) -> Finished {
        let path = self.path.to_str().unwrap();
        let pack = saturn();
        if with_pack {
            run(&["replay", path, "--pack", &pack], code)
        } else {
            run(&["replay", path], code)
        }
    }
}

/// `line` (one JSON value) with `change` made to it.
fn edit(line: &str, change: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut value = json(line);
    change(&mut value);
    value.to_string()
}

/// The index of the first action line that `wanted` accepts.
fn action_line(lines: &[String], wanted: impl Fn(&serde_json::Value) -> bool) -> usize {
    lines
        .iter()
        .position(|line| line.starts_with("{\"action\"") && wanted(&json(line)["action"]))
        .expect("the game has such an action")
}

/// Replays the trace `lines` and checks it is a mismatch at the 0-based
/// `index`, saying `says`.
fn assert_mismatch(lines: &[String], index: usize, says: &str) {
    let finished = TraceFile::of_lines(lines).replay(false, 1);
    let expected = format!("mismatch: line {}: {says}\n", index + 1);
    assert_eq!(finished.stdout, expected, "stderr: {}", finished.stderr);
}

#[test]
fn a_file_that_is_not_a_trace_exits_2_with_or_without_the_pack() {
    let lines = recorded();
    let headerless = lines[1..].join("\n");
    let bad_seed = edit(&lines[0], |header| {
        header["header"]["seed"] = "abc".into();
    });
    let not_traces = [
        ("an empty file", String::new(), "the file is empty"),
        (
            "garbage",
            "hello world\n".to_owned(),
            "line 1: not a trace line: expected value (column 1)",
        ),
        (
            "a trace without its header",
            headerless,
            "line 1: a trace starts with its header",
        ),
        (
            "a header with a seed that is not a number",
            bad_seed,
            "line 1: not a trace line: invalid value: string \"abc\", expected a seed: a whole number from 0 to 2^64 - 1, in a string or not",
        ),
    ];
    for (what, text, why) in not_traces {
        let file = TraceFile::new(&text);
        let expected = format!("error: cannot read trace `{}`: {why}", file.path.display());
        for with_pack in [true, false] {
            let finished = file.replay(with_pack, 2);
            assert!(
                finished.stderr.starts_with(&expected),
                "{what} (--pack: {with_pack}):\n{}",
                finished.stderr
            );
            assert_eq!(finished.stdout, "", "{what}: no verdict");
        }
    }
}

#[test]
fn a_sim_result_or_a_malformed_action_is_not_a_trace() {
    let dir = tempfile::tempdir().unwrap();
    let result = dir.path().join("result.json");
    run(
        &[
            "sim",
            "--pack",
            "clean",
            "--mission",
            "open-battle",
            "--games",
            "1",
            "-o",
            result.to_str().unwrap(),
        ],
        0,
    );
    // It is pretty-printed JSON, whose first line `{` is no trace line:
    // it is named as the result it is.
    let file = TraceFile::new(&std::fs::read_to_string(&result).unwrap());
    let finished = file.replay(true, 2);
    let expected = format!(
        "error: `{}` is a result of `spacedock sim`, not a trace\nhelp: `sim merge` reads results",
        file.path.display()
    );
    assert!(
        finished.stderr.starts_with(&expected),
        "{}",
        finished.stderr
    );

    // `dir` is a number; the malformed line is found even after a line
    // that is a mismatch (step 99).
    let mut lines = recorded();
    let place = action_line(&lines, |action| action["action"].get("Place").is_some());
    lines[place] = edit(&lines[place], |action| {
        action["action"]["action"]["Place"]["dir"] = "E".into();
    });
    let first = action_line(&lines, |_| true);
    lines[first] = edit(&lines[first], |action| {
        action["action"]["step"] = 99.into();
    });
    let file = TraceFile::of_lines(&lines);
    let finished = file.replay(true, 2);
    let expected = format!(
        "error: cannot read trace `{}`: line {}: not a trace line: ",
        file.path.display(),
        place + 1
    );
    assert!(
        finished.stderr.starts_with(&expected),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_renumbered_step_is_a_mismatch_at_its_line() {
    let mut lines = recorded();
    let first = action_line(&lines, |action| action["step"] == 1);
    lines[first] = edit(&lines[first], |action| {
        action["action"]["step"] = 99.into();
    });
    assert_mismatch(
        &lines,
        first,
        "the trace's `step` is 99, but this action is step 1",
    );
}

#[test]
fn actions_past_the_step_bound_are_a_mismatch() {
    let mut lines = recorded();
    lines[0] = edit(&lines[0], |header| {
        header["header"]["max_steps"] = 10.into();
    });
    let eleventh = action_line(&lines, |action| action["step"] == 11);
    assert_mismatch(
        &lines,
        eleventh,
        "step 11 is past the trace's step bound (`max_steps` 10): the game stops before it",
    );
}

#[test]
fn the_wrong_player_is_named_as_the_file_counts_and_as_players_are_counted() {
    let mut lines = recorded();
    let second_player = action_line(&lines, |action| action["player"] == 1);
    lines[second_player] = edit(&lines[second_player], |action| {
        action["action"]["player"] = 0.into();
    });
    assert_mismatch(
        &lines,
        second_player,
        "the trace's `player` 0 (player 1) moves, but it is player 2's turn",
    );
}

#[test]
fn an_illegal_action_in_a_well_formed_trace_is_a_mismatch() {
    let mut lines = recorded();
    let place = action_line(&lines, |action| action["action"].get("Place").is_some());
    lines[place] = edit(&lines[place], |action| {
        action["action"]["action"]["Place"]["dir"] = 200.into();
    });
    let finished = TraceFile::of_lines(&lines).replay(true, 1);
    // Named as the trace writes it.
    let expected = format!("mismatch: line {}: {{\"Place\":{{\"hex\":", place + 1);
    assert!(
        finished.stdout.starts_with(&expected)
            && finished
                .stdout
                .ends_with("\"dir\":200}} is not a legal action here\n"),
        "{}",
        finished.stdout
    );
}

#[test]
fn a_game_stopped_at_its_step_bound_replays_only_under_that_bound() {
    let mut lines: Vec<String> = record(&["--max-steps", "20"])
        .lines()
        .map(str::to_owned)
        .collect();
    TraceFile::of_lines(&lines).replay(false, 0);
    // `sim` would have played on under a higher bound.
    lines[0] = edit(&lines[0], |header| {
        header["header"]["max_steps"] = 30.into();
    });
    let last = lines.len() - 1;
    assert_mismatch(
        &lines,
        last,
        "the trace ends after 20 steps, but the game goes on (no outcome, a legal action, below the step bound `max_steps` 30)",
    );
}

/// A trace is confirmed as the game its header's policies play: with the
/// policy names edited, the first action the new policy would not choose
/// is a mismatch, though every action is legal.
#[test]
fn actions_the_header_policies_would_not_choose_are_a_mismatch() {
    let mut lines = recorded();
    assert_eq!(
        json(&lines[0])["header"]["policies"],
        serde_json::json!(["greedy", "greedy"])
    );
    lines[0] = edit(&lines[0], |header| {
        header["header"]["policies"] = serde_json::json!(["random"]);
    });
    let finished = TraceFile::of_lines(&lines).replay(false, 1);
    let line: usize = finished
        .stdout
        .strip_prefix("mismatch: line ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{}", finished.stdout));
    assert!(lines[line - 1].starts_with("{\"action\""), "{line}");
    let player = json(&lines[line - 1])["action"]["player"].as_u64().unwrap();
    assert!(
        finished.stdout.contains(&format!(
            "but player {}'s policy `random` chooses ",
            player + 1
        )),
        "{}",
        finished.stdout
    );
    // A policy no one has, or a mission of other seats: named.
    let mut lines = recorded();
    lines[0] = edit(&lines[0], |header| {
        header["header"]["policies"] = serde_json::json!(["greedyy", "greedy"]);
    });
    let finished = TraceFile::of_lines(&lines).replay(false, 1);
    assert!(
        finished.stdout.contains(
            "but the game has no policy named `greedyy` (the policies are random, greedy)"
        ),
        "{}",
        finished.stdout
    );
    let mut lines = recorded();
    lines[0] = edit(&lines[0], |header| {
        header["header"]["mission"] = serde_json::json!("meteor-storm");
    });
    let finished = TraceFile::of_lines(&lines).replay(false, 1);
    assert!(
        finished.stdout.contains(
            "but the game has 4 seats in `meteor-storm`, which take one policy, or one each"
        ),
        "{}",
        finished.stdout
    );
}

/// A trace on stdin (`-`) or through a pipe replays: it is read once,
/// into memory, for both readings.
#[test]
fn a_trace_replays_from_stdin() {
    let lines = recorded();
    let finished = crate::spacedock()
        .args(["replay", "-"])
        .write_stdin(lines.join("\n") + "\n")
        .assert();
    let output = finished.get_output();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&output.stdout).starts_with("confirmed: `dead-zone-battle` seed "),
        "{output:?}"
    );
}

/// A trace whose recorded pack folder is gone says so, and how to give
/// the pack; given, it replays.
#[test]
fn a_trace_whose_pack_moved_asks_for_the_pack() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("moved");
    let copy = std::process::Command::new("cp")
        .args(["-r", &crate::fixtures().join("clean").display().to_string()])
        .arg(&pack)
        .status()
        .unwrap();
    assert!(copy.success());
    let trace = dir.path().join("game.jsonl").display().to_string();
    let pack_text = pack.display().to_string();
    run(
        &[
            "sim",
            "--pack",
            &pack_text,
            "--mission",
            "open-battle",
            "--games",
            "1",
            "--trace",
            &trace,
        ],
        0,
    );
    std::fs::remove_dir_all(&pack).unwrap();
    let finished = run(&["replay", &trace], 2);
    assert!(
        finished.stderr.contains(&format!(
            "was recorded from the pack `{pack_text}`, which is not there any more\nhelp: give the pack with `--pack PACK`"
        )),
        "{}",
        finished.stderr
    );
    run(&["replay", &trace, "--pack", "clean"], 0);
}

/// `--log` prints the game as it is replayed: one line per action, in
/// step order, each event under the action it came of, as many as the
/// trace records, in a scenario's words; then the verdict.
#[test]
fn the_log_tells_every_action_and_event_in_words() {
    let lines = recorded();
    let file = TraceFile::of_lines(&lines);
    let path = file.path.to_str().unwrap();
    let finished = run(&["replay", path, "--log"], 0);
    let log: Vec<&str> = finished.stdout.lines().collect();
    let (last, log) = log.split_last().unwrap();
    assert!(last.starts_with("confirmed: "), "{last}");
    assert_eq!(log[0], "    -  setup");
    let actions: Vec<&str> = log[1..]
        .iter()
        .copied()
        .filter(|l| !l.starts_with("       "))
        .collect();
    let events: Vec<&str> = log[1..]
        .iter()
        .copied()
        .filter(|l| l.starts_with("       "))
        .collect();
    let recorded_actions = lines
        .iter()
        .filter(|l| l.starts_with("{\"action\""))
        .count();
    let recorded_events = lines.iter().filter(|l| l.starts_with("{\"event\"")).count();
    assert_eq!(actions.len(), recorded_actions);
    assert_eq!(events.len(), recorded_events);
    for (index, action) in actions.iter().enumerate() {
        let step: usize = action.split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(step, index + 1, "{action}");
    }
    assert!(
        actions[0].starts_with("    1  setup, ") && actions[0].contains(": choose-first "),
        "{}",
        actions[0]
    );
    // Names, not the trace's numbers.
    assert!(
        log.iter().any(|l| l.contains(", ISN player: launch isn-")),
        "{}",
        finished.stdout
    );
    assert!(
        events
            .iter()
            .any(|l| l.trim_start().starts_with("attack-roll { ship = \"")),
        "{}",
        finished.stdout
    );

    // A trace that differs is logged up to the difference.
    let index = action_line(&lines, |action| action["action"] == "EndPhase");
    let mut tampered = lines.clone();
    tampered.insert(index, lines[index].clone());
    let finished = TraceFile::of_lines(&tampered).run_log(1);
    assert!(
        finished.stdout.starts_with("    -  setup\n"),
        "{}",
        finished.stdout
    );
    assert!(
        finished
            .stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("mismatch: line ")
    );
}

impl TraceFile {
    fn run_log(&self, code: i32) -> Finished {
        run(&["replay", self.path.to_str().unwrap(), "--log"], code)
    }
}
