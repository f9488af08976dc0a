//! `spacedock sim`, `sim merge`, `replay` and `check --games`: determinism
//! across thread counts, shards that merge into the unsharded run, traces
//! that replay and catch tampering, no progress bar when piped, and exit
//! statuses.
//!
//! Most runs use the small `clean` fixture pack, whose games take no time;
//! the ones that need real games (dice, attacks) use the Saturn Offensive
//! pack from `content/`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::{json, run, saturn, spacedock};

fn sim(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["sim", "--pack", "clean", "--mission", "open-battle"]
        .iter()
        .map(|arg| (*arg).to_owned())
        .collect();
    args.extend(extra.iter().map(|arg| (*arg).to_owned()));
    args
}

fn run_owned(args: &[String], code: i32) -> crate::Finished {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args, code)
}

fn temp(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

/// A copy of the Saturn Offensive pack in `dir` whose Dead Zone Battle
/// ends with `rule` (TOML).
fn saturn_with_dead_zone_rule(dir: &tempfile::TempDir, rule: &str) -> PathBuf {
    let pack = saturn_copy(dir);
    let mission = pack.join("missions/dead-zone-battle.toml");
    let mut text = std::fs::read_to_string(&mission).unwrap();
    text.push_str(rule);
    std::fs::write(&mission, text).unwrap();
    pack
}

/// A copy of the Saturn Offensive pack in `dir`, to edit.
fn saturn_copy(dir: &tempfile::TempDir) -> PathBuf {
    let pack = temp(dir, "pack");
    let copy = std::process::Command::new("cp")
        .args(["-r", &saturn(), pack.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(copy.success());
    pack
}

#[test]
fn a_run_prints_a_report_and_no_progress_bar_when_piped() {
    let finished = run_owned(&sim(&["--games", "20", "--policy", "random"]), 0);
    assert_eq!(
        finished.stderr, "",
        "nothing on stderr when it is not a terminal"
    );
    let stdout = &finished.stdout;
    assert!(
        stdout.starts_with(
            "open-battle: 20 games, seed 0\n\
             seats: 1 ISN player (isn) random, 2 Wretch player (wretch) random\n"
        ),
        "{stdout}"
    );
    for row in [
        "isn wins",
        "wretch wins",
        "draws",
        "first-player advantage",
        "going first",
        "rounds: mean",
        "deployed",
    ] {
        assert!(stdout.contains(row), "`{row}` missing:\n{stdout}");
    }
    assert!(stdout.contains("(95% interval)"), "{stdout}");
}

#[test]
fn the_json_report_is_the_same_for_one_and_four_threads() {
    let args = |threads: &str| {
        [
            "sim",
            "--pack",
            &saturn(),
            "--mission",
            "dead-zone-battle",
            "--games",
            "12",
        ]
        .iter()
        .map(|arg| (*arg).to_owned())
        .chain(
            [
                "--policy",
                "random",
                "--seed",
                "5",
                "--format",
                "json",
                "--threads",
                threads,
            ]
            .iter()
            .map(|arg| (*arg).to_owned()),
        )
        .collect::<Vec<String>>()
    };
    let one = run_owned(&args("1"), 0);
    let four = run_owned(&args("4"), 0);
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.stderr, "", "json mode prints nothing else");
    let report = json(&one.stdout);
    assert_eq!(report["run"]["games"], 12);
    assert_eq!(report["run"]["mission"], "dead-zone-battle");
    assert_eq!(report["tally"]["games"], 12);
    let wins: u64 = report["report"]["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|side| side["wins"]["count"].as_u64().unwrap())
        .sum();
    let draws = report["report"]["draws"]["count"].as_u64().unwrap();
    assert_eq!(wins + draws, report["report"]["finished"].as_u64().unwrap());
    let interval = &report["report"]["sides"][0]["wins"];
    assert!(interval["low"].as_f64().unwrap() <= interval["rate"].as_f64().unwrap());
    assert!(interval["rate"].as_f64().unwrap() <= interval["high"].as_f64().unwrap());
}

#[test]
fn merged_shards_equal_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let whole = run_owned(
        &sim(&["--games", "30", "--seed", "9", "--format", "json"]),
        0,
    );
    let mut shards = Vec::new();
    for shard in ["2/3", "1/3", "3/3"] {
        let path = temp(&dir, &format!("shard-{}.json", &shard[..1]));
        let path_text = path.display().to_string();
        let finished = run_owned(
            &sim(&[
                "--games", "30", "--seed", "9", "--shard", shard, "-o", &path_text,
            ]),
            0,
        );
        assert!(
            finished.stdout.contains("(shard "),
            "a shard says it is one:\n{}",
            finished.stdout
        );
        shards.push(path_text);
    }
    let mut merge: Vec<&str> = vec!["sim", "merge", "--format", "json"];
    merge.extend(shards.iter().map(String::as_str));
    let merged = run(&merge, 0);
    assert_eq!(merged.stdout, whole.stdout);
    // The human report of the merge is the unsharded one too.
    let merged_text = run(
        &merge[..2]
            .iter()
            .chain(&merge[4..])
            .copied()
            .collect::<Vec<_>>(),
        0,
    );
    let whole_text = run_owned(&sim(&["--games", "30", "--seed", "9"]), 0);
    assert_eq!(merged_text.stdout, whole_text.stdout);
    // Two of three shards merge into a partial result that says so.
    let partial = run(&["sim", "merge", &shards[0], &shards[1]], 0);
    assert!(
        partial.stdout.contains("(shards 1, 2 of 3)"),
        "{}",
        partial.stdout
    );
    // `-` reads one of them from stdin.
    let piped = crate::spacedock()
        .args(["sim", "merge", &shards[0], "-", "--format", "json"])
        .write_stdin(std::fs::read(&shards[1]).unwrap())
        .assert()
        .code(0);
    let by_pipe = run(
        &["sim", "merge", &shards[0], &shards[1], "--format", "json"],
        0,
    );
    assert_eq!(
        String::from_utf8_lossy(&piped.get_output().stdout),
        by_pipe.stdout
    );
    let twice = run(&["sim", "merge", "-", "-"], 2);
    assert!(
        twice.stderr.contains("`-` (stdin) is given more than once"),
        "{}",
        twice.stderr
    );
}

/// A trace given to `sim merge`, a result given to `replay`, or JSON of
/// another shape: each is named for what it is.
#[test]
fn merge_and_replay_name_the_file_mixed_up() {
    let dir = tempfile::tempdir().unwrap();
    let result = temp(&dir, "result.json").display().to_string();
    let trace = temp(&dir, "game.jsonl").display().to_string();
    run_owned(
        &sim(&[
            "--games", "2", "--format", "json", "-o", &result, "--trace", &trace,
        ]),
        0,
    );
    let merged = run(&["sim", "merge", &trace], 2);
    assert!(
        merged.stderr.contains(
            "is not a result of `spacedock sim`: it is a trace (`sim --trace`), which `spacedock replay` reads"
        ),
        "{}",
        merged.stderr
    );
    let replayed = run(&["replay", &result], 2);
    assert!(
        replayed
            .stderr
            .contains("result.json` is a result of `spacedock sim`, not a trace"),
        "{}",
        replayed.stderr
    );
    let list = temp(&dir, "list.json");
    std::fs::write(&list, "[]").unwrap();
    let merged = run(&["sim", "merge", list.to_str().unwrap()], 2);
    assert!(
        merged.stderr.contains(
            "is not a result of `spacedock sim`: it is JSON, but has neither `run` nor `tally`"
        ),
        "{}",
        merged.stderr
    );
}

#[test]
fn merging_refuses_other_runs_and_repeated_shards() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, extra: &[&str]| {
        let path = temp(&dir, name).display().to_string();
        let mut args = vec!["--games", "10", "-o", &path];
        args.extend_from_slice(extra);
        run_owned(&sim(&args), 0);
        path
    };
    let first = write("a.json", &["--shard", "1/2"]);
    let other_seed = write("b.json", &["--shard", "2/2", "--seed", "3"]);
    let finished = run(&["sim", "merge", &first, &other_seed], 2);
    assert!(
        finished
            .stderr
            .contains("is from another run: its seed is 3, not 0"),
        "{}",
        finished.stderr
    );
    let finished = run(&["sim", "merge", &first, &first], 2);
    assert!(
        finished.stderr.contains("repeats shard 1/2"),
        "{}",
        finished.stderr
    );
    let not_json = temp(&dir, "notes.txt");
    std::fs::write(&not_json, "hello").unwrap();
    let finished = run(&["sim", "merge", not_json.to_str().unwrap()], 2);
    assert!(
        finished
            .stderr
            .contains("is not a result of `spacedock sim`"),
        "{}",
        finished.stderr
    );
    run(&["sim", "merge", "no-such-file.json"], 2);
}

/// A result edited by hand is refused: a shard outside its run, or a tally
/// that does not count the games its shards play.
#[test]
fn merging_refuses_a_result_edited_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let first = temp(&dir, "a.json");
    let second = temp(&dir, "b.json");
    for (path, shard) in [(&first, "1/2"), (&second, "2/2")] {
        run_owned(
            &sim(&[
                "--games",
                "10",
                "--shard",
                shard,
                "-o",
                path.to_str().unwrap(),
            ]),
            0,
        );
    }
    let edited = temp(&dir, "edited.json");
    let edit = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut result = json(&std::fs::read_to_string(&second).unwrap());
        change(&mut result);
        std::fs::write(&edited, result.to_string()).unwrap();
        run(
            &[
                "sim",
                "merge",
                first.to_str().unwrap(),
                edited.to_str().unwrap(),
            ],
            2,
        )
        .stderr
    };
    // A field of the wrong type is named by its path.
    let stderr = edit(&|result| result["tally"] = serde_json::Value::Null);
    assert!(
        stderr.contains("`tally`: invalid type: null, expected a tally of games (an object)"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["tally"]["teams"][1]["wins"] = serde_json::json!("2"));
    assert!(
        stderr.contains("`tally.teams[1].wins`: invalid type: string \"2\""),
        "{stderr}"
    );
    let stderr = edit(&|result| result["run"]["shards"] = serde_json::json!([7]));
    assert!(stderr.contains("it names shard 7 of 2"), "{stderr}");
    let stderr = edit(&|result| result["tally"]["games"] = serde_json::json!(999));
    assert!(
        stderr.contains("it counts 999 games where its shards play 5"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["tally"]["finished"] = serde_json::json!(6));
    assert!(
        stderr.contains("it counts 6 finished games of 5"),
        "{stderr}"
    );
    let stderr = edit(&|result| {
        let wins = result["tally"]["teams"][0]["wins"].as_u64().unwrap();
        result["tally"]["teams"][0]["wins"] = serde_json::json!(wins + 3);
    });
    assert!(
        stderr.contains("its wins and draws add up to 8 where it counts 5 finished games"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["tally"]["ended"]["victory_clock"] = serde_json::json!(40));
    assert!(stderr.contains("its endings add up to"), "{stderr}");
    let stderr = edit(&|result| result["tally"]["failures"]["panic"] = serde_json::json!(3));
    assert!(
        stderr.contains("finished and 3 failed games are not its 5 games"),
        "{stderr}"
    );
    let stderr = edit(&|result| {
        let sum = result["tally"]["rounds"]["sum"].as_u64().unwrap();
        result["tally"]["rounds"]["sum"] = serde_json::json!(sum + 1000);
    });
    assert!(
        stderr
            .contains("its game lengths' sum or sum of squares is not what their counts add up to"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["tally"]["rounds"]["counts"] = serde_json::json!([]));
    assert!(
        stderr.contains("its game lengths count 0 games where it counts 5 finished games"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["run"]["seats"][0]["policy"] = serde_json::json!("greedyy"));
    assert!(
        stderr.contains("its seat 1 plays the policy `greedyy`, which is none of random, greedy"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["run"]["mission"] = serde_json::json!(""));
    assert!(stderr.contains("its mission is empty"), "{stderr}");
    // What the run's printed seats do not show is compared too.
    let stderr = edit(&|result| result["run"]["pack"] = serde_json::json!("other"));
    assert!(stderr.contains("its pack is other, not "), "{stderr}");
    let stderr = edit(&|result| {
        result["run"]["seats"][0]["ships"]
            .as_array_mut()
            .unwrap()
            .pop();
    });
    assert!(
        stderr
            .contains("its run description is another (its seats' ships or builds, or its rules)"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["tally"]["ships"][0]["survived"] = serde_json::json!(1000));
    assert!(stderr.contains("survived 1000, deployed"), "{stderr}");
    // Every row counts every finished game: its rates are out of them.
    let lowered = |row: &mut serde_json::Value, count: &str, parts: &[&str]| {
        let lower = row[count].as_u64().unwrap() - 1;
        row[count] = serde_json::json!(lower);
        for part in parts {
            let value = row[*part].as_u64().unwrap().min(lower);
            row[*part] = serde_json::json!(value);
        }
    };
    let stderr = edit(&|result| {
        lowered(
            &mut result["tally"]["ships"][0],
            "fielded",
            &["deployed", "survived"],
        );
    });
    assert!(
        stderr.contains("was fielded in 4 games, not in each of its 5 finished games"),
        "{stderr}"
    );
    let stderr = edit(&|result| lowered(&mut result["tally"]["cards"][0], "dealt", &["played_in"]));
    assert!(
        stderr.contains("was dealt in 4 games, not in each of its 5 finished games"),
        "{stderr}"
    );
    let stderr = edit(&|result| result["tally"]["teams"][0]["team"] = serde_json::json!("zzz"));
    assert!(stderr.contains("are not its seats'"), "{stderr}");
    let stderr = edit(&|result| {
        result["tally"]["ships"].as_array_mut().unwrap().remove(0);
    });
    // Which file was edited cannot be told: the row one lacks is named.
    let removed = json(&std::fs::read_to_string(&second).unwrap())["tally"]["ships"][0]["ship"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        stderr.contains("its teams, ships or cards are not those of `")
            && stderr.contains(&format!("ship `{removed}` (")),
        "{stderr}"
    );
    // The same rows in the same order (the merged report's), and what is
    // the same in every game of a run (a card's deck and prepped copies).
    for rows in ["teams", "ships", "cards"] {
        let stderr = edit(&|result| {
            result["tally"][rows].as_array_mut().unwrap().swap(0, 1);
        });
        assert!(
            stderr.contains(&format!("they list their {rows} in another order")),
            "{stderr}"
        );
    }
    let stderr = edit(&|result| result["tally"]["cards"][0]["prepped"] = serde_json::json!(2));
    assert!(
        stderr.contains("has 2 copies prepped in one of them and 0 in the other"),
        "{stderr}"
    );
    let stderr = edit(&|result| {
        let card = &mut result["tally"]["cards"][0];
        let other = if card["deck"] == "isn" {
            "wretch"
        } else {
            "isn"
        };
        card["deck"] = serde_json::json!(other);
    });
    assert!(
        stderr.contains("'s deck in one of them and of `"),
        "{stderr}"
    );
    // Going first and second: each started game once for every team.
    let stderr = edit(&|result| {
        let went = result["tally"]["teams"][0]["went_first"].as_u64().unwrap();
        // One more, not one fewer: the shard's team 0 may never have gone
        // first (greedy lets the other side go first when it may choose).
        result["tally"]["teams"][0]["went_first"] = serde_json::json!(went + 1);
        result["tally"]["teams"][0]["wins_going_first"] = serde_json::json!(0);
    });
    assert!(stderr.contains("games going first and second"), "{stderr}");
    let stderr = edit(&|result| {
        let team = &mut result["tally"]["teams"][0];
        team["went_first"] = serde_json::json!(u64::MAX);
        team["wins_going_first"] = serde_json::json!(u64::MAX);
        team["went_second"] = serde_json::json!(2);
        team["wins_going_second"] = serde_json::json!(1);
    });
    assert!(stderr.contains("games going first and second"), "{stderr}");
    // A failure listed for a file that counts none, or for a game of
    // another shard.
    let stderr = edit(&|result| {
        result["tally"]["failures"]["samples"] =
            serde_json::json!([{ "index": 7, "kind": "stuck", "seed": 1, "message": "made up" }]);
    });
    assert!(
        stderr.contains("it lists 1 failed games of kind `stuck` where it counts 0"),
        "{stderr}"
    );
    let failing = temp(&dir, "failing.json");
    run_owned(
        &sim(&[
            "--games",
            "10",
            "--shard",
            "2/2",
            "--max-steps",
            "2",
            "--policy",
            "random",
            "-o",
            failing.to_str().unwrap(),
        ]),
        0,
    );
    let mut result = json(&std::fs::read_to_string(&failing).unwrap());
    assert_eq!(result["tally"]["failures"]["samples"][0]["index"], 5);
    result["tally"]["failures"]["samples"][0]["index"] = serde_json::json!(2);
    std::fs::write(&failing, result.to_string()).unwrap();
    let stderr = run(&["sim", "merge", failing.to_str().unwrap()], 2).stderr;
    assert!(
        stderr.contains("it lists a failure of game 2, which its shards do not play"),
        "{stderr}"
    );
    // The first ten failed games of each kind by index (all five here),
    // each with its game's seed.
    let edit_failing = |change: &dyn Fn(&mut Vec<serde_json::Value>)| {
        let mut edited = result.clone();
        let samples = edited["tally"]["failures"]["samples"]
            .as_array_mut()
            .unwrap();
        samples[0]["index"] = serde_json::json!(5);
        change(samples);
        std::fs::write(&failing, edited.to_string()).unwrap();
        run(&["sim", "merge", failing.to_str().unwrap()], 2).stderr
    };
    let stderr = edit_failing(&|samples| {
        samples.remove(0);
    });
    assert!(
        stderr.contains("it lists 4 failed games of kind `hang` where it counts 5"),
        "{stderr}"
    );
    let stderr = edit_failing(&|samples| samples[1] = samples[0].clone());
    assert!(
        stderr.contains("it lists a failure of game 5 twice"),
        "{stderr}"
    );
    let stderr = edit_failing(&|samples| samples.swap(0, 1));
    assert!(
        stderr.contains("it lists the failure of game 5 after that of game 6"),
        "{stderr}"
    );
    let stderr = edit_failing(&|samples| {
        let seed: u64 = samples[0]["seed"].as_str().unwrap().parse().unwrap();
        samples[0]["seed"] = serde_json::json!((seed ^ 1).to_string());
    });
    assert!(
        stderr.contains("it lists game 5 with seed ")
            && stderr.contains(", but game 5 of a run of seed 0 has seed "),
        "{stderr}"
    );
    // Untouched, it merges.
    let mut untouched = result.clone();
    untouched["tally"]["failures"]["samples"][0]["index"] = serde_json::json!(5);
    std::fs::write(&failing, untouched.to_string()).unwrap();
    run(&["sim", "merge", failing.to_str().unwrap()], 0);
    // Counts that wrap 64 bits into the right total are caught.
    let stderr = edit(&|result| {
        let tally = &mut result["tally"];
        let finished = tally["finished"].as_u64().unwrap();
        let draws = tally["draws"].as_u64().unwrap();
        tally["teams"][0]["wins"] = serde_json::json!(u64::MAX);
        tally["teams"][1]["wins"] = serde_json::json!(finished + 1 - draws);
    });
    assert!(stderr.contains("its wins and draws add up to"), "{stderr}");
    let stderr = edit(&|result| {
        let steps = result["tally"]["finished"].as_u64().unwrap()
            * result["run"]["max_steps"].as_u64().unwrap();
        result["tally"]["steps"] = serde_json::json!(steps + 1);
    });
    assert!(stderr.contains("past the step bound of"), "{stderr}");
    // Points scored: by a side of the run, one row per scorer, at least
    // a point in each game it scored in.
    let score = |team: &serde_json::Value, points: u64, scored_in: u64| {
        serde_json::json!({
            "team": team,
            "by": { "rule": "Victory points" },
            "points": points,
            "scored_in": scored_in,
        })
    };
    let stderr = edit(&|result| {
        result["tally"]["scores"] = serde_json::json!([score(&"zzz".into(), 2, 1)]);
    });
    assert!(
        stderr.contains("rule \"Victory points\" scored for `zzz`, which is none of its teams"),
        "{stderr}"
    );
    let stderr = edit(&|result| {
        let team = result["tally"]["teams"][0]["team"].clone();
        result["tally"]["scores"] = serde_json::json!([score(&team, 0, 1)]);
    });
    assert!(
        stderr.contains("scored 0 points in 1 game, of "),
        "{stderr}"
    );
    let stderr = edit(&|result| {
        let team = result["tally"]["teams"][0]["team"].clone();
        result["tally"]["scores"] = serde_json::json!([score(&team, 2, 1), score(&team, 1, 1)]);
    });
    assert!(
        stderr.contains("rule \"Victory points\" (") && stderr.contains(") is listed twice"),
        "{stderr}"
    );
    // Powers that acted: the same checks, acting at least once a game.
    let stderr = edit(&|result| {
        let team = result["tally"]["teams"][0]["team"].clone();
        result["tally"]["powers"] = serde_json::json!([{
            "team": team,
            "by": { "rule": "Storm" },
            "acts": 1,
            "acted_in": 2,
        }]);
    });
    assert!(
        stderr.contains("rule \"Storm\" (") && stderr.contains(") acted 1 time in 2 games, of "),
        "{stderr}"
    );
    // A result of another version names both formats.
    let stderr = edit(&|result| result["run"]["format"] = serde_json::json!(1));
    assert!(
        stderr.contains("it is in result format 1, written by another version of spacedock; this one reads format 6"),
        "{stderr}"
    );
    // Untouched, the two merge.
    run(
        &[
            "sim",
            "merge",
            first.to_str().unwrap(),
            second.to_str().unwrap(),
        ],
        0,
    );
}

/// The trace and the JSON result are written together or not at all, and
/// only after the games ran.
#[test]
fn sim_writes_its_files_all_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let trace = temp(&dir, "game.jsonl");
    let trace = trace.to_str().unwrap();
    let missing = temp(&dir, "missing/run.json");
    let finished = run_owned(
        &sim(&[
            "--games",
            "2",
            "--trace",
            trace,
            "-o",
            missing.to_str().unwrap(),
        ]),
        2,
    );
    assert!(
        finished.stderr.contains("cannot write"),
        "{}",
        finished.stderr
    );
    assert!(
        !finished.stderr.contains(".spacedock-"),
        "{}",
        finished.stderr
    );
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");

    let finished = run_owned(&sim(&["--games", "2", "--trace", trace, "-o", trace]), 2);
    assert!(
        finished
            .stderr
            .contains("`--trace` and `--output` both name"),
        "{}",
        finished.stderr
    );
    // The same file spelt another way, before it exists: the trace would
    // have been lost under the result.
    std::fs::create_dir(temp(&dir, "sub")).unwrap();
    let other = temp(&dir, "same.json");
    let roundabout = temp(&dir, "sub/../same.json");
    let finished = run_owned(
        &sim(&[
            "--games",
            "2",
            "--trace",
            roundabout.to_str().unwrap(),
            "-o",
            other.to_str().unwrap(),
        ]),
        2,
    );
    assert!(
        finished
            .stderr
            .contains("`--trace` and `--output` both name"),
        "{}",
        finished.stderr
    );
    assert!(!other.exists());
    std::fs::remove_dir(temp(&dir, "sub")).unwrap();
    let output = temp(&dir, "run.json");
    run_owned(
        &sim(&[
            "--games",
            "2",
            "--trace",
            trace,
            "-o",
            output.to_str().unwrap(),
        ]),
        0,
    );
    assert!(std::fs::read_to_string(trace).unwrap().lines().count() > 1);
    assert_eq!(
        json(&std::fs::read_to_string(&output).unwrap())["tally"]["games"],
        2
    );
}

/// The files are written last: a report that stdout does not take (a
/// full disk) fails the run, and leaves no result or trace behind that
/// would pass for a run that succeeded.
#[cfg(target_os = "linux")]
#[test]
fn a_report_that_cannot_be_printed_leaves_the_files_unwritten() {
    let dir = tempfile::tempdir().unwrap();
    let output = temp(&dir, "ok.json");
    let trace = temp(&dir, "game.jsonl");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let to_full = |args: &[String]| {
        let finished = std::process::Command::new(env!("CARGO_BIN_EXE_spacedock"))
            .current_dir(crate::fixtures())
            .args(args)
            .stdout(full())
            .output()
            .unwrap();
        let stderr = String::from_utf8(finished.stderr).unwrap();
        assert_eq!(finished.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("No space left on device"), "{stderr}");
    };
    to_full(&sim(&[
        "--games",
        "2",
        "-o",
        output.to_str().unwrap(),
        "--trace",
        trace.to_str().unwrap(),
    ]));
    assert!(!output.exists(), "no result of a run that failed");
    assert!(!trace.exists(), "no trace of a run that failed");
    // `sim merge` prints and writes the same way.
    let shard = temp(&dir, "shard.json");
    run_owned(&sim(&["--games", "2", "-o", shard.to_str().unwrap()]), 0);
    to_full(&[
        "sim".to_owned(),
        "merge".to_owned(),
        shard.display().to_string(),
        "-o".to_owned(),
        output.display().to_string(),
    ]);
    assert!(!output.exists(), "no merged result of a merge that failed");
    // With stdout taking the report, both are written.
    run_owned(
        &sim(&[
            "--games",
            "2",
            "-o",
            output.to_str().unwrap(),
            "--trace",
            trace.to_str().unwrap(),
        ]),
        0,
    );
    assert!(output.exists() && trace.exists());
}

/// A stdout whose reader went away (`spacedock ... | head`) fails the run
/// too, without a word: exit status 2, the files unwritten. It exited 0,
/// so a CI step piping `check` into `head` passed on a pack with errors.
#[test]
fn a_closed_stdout_fails_the_run_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let output = temp(&dir, "ok.json");
    let closed = |args: &[String]| {
        // The reading end is closed before the run starts: every write to
        // stdout fails, whenever it comes.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let finished = std::process::Command::new(env!("CARGO_BIN_EXE_spacedock"))
            .current_dir(crate::fixtures())
            .args(args)
            .stdout(writer)
            .output()
            .unwrap();
        let stderr = String::from_utf8(finished.stderr).unwrap();
        assert_eq!(finished.status.code(), Some(2), "{args:?}: {stderr}");
        stderr
    };
    let stderr = closed(&sim(&["--games", "2", "-o", output.to_str().unwrap()]));
    assert!(!output.exists(), "no result of a run that failed");
    assert!(!stderr.contains("error"), "{stderr}");
    let args = ["check", "broken", "--format", "json"].map(str::to_owned);
    assert_eq!(closed(&args), "");
}

/// A shard without games has no first game to trace.
#[test]
fn an_empty_shard_has_nothing_to_trace() {
    let dir = tempfile::tempdir().unwrap();
    let trace = temp(&dir, "game.jsonl");
    let finished = run_owned(
        &sim(&[
            "--games",
            "2",
            "--shard",
            "1/5",
            "--trace",
            trace.to_str().unwrap(),
        ]),
        2,
    );
    assert!(
        finished
            .stderr
            .contains("shard 1/5 of a run of 2 games plays none"),
        "{}",
        finished.stderr
    );
    assert!(!trace.exists());
}

#[test]
fn replay_confirms_a_trace_and_catches_a_tampered_one() {
    let dir = tempfile::tempdir().unwrap();
    let trace = temp(&dir, "game.jsonl");
    let trace_text = trace.display().to_string();
    run(
        &[
            "sim",
            "--pack",
            &saturn(),
            "--mission",
            "dead-zone-battle",
            "--games",
            "1",
            "--policy",
            "greedy,random",
            "--trace",
            &trace_text,
        ],
        0,
    );
    let recorded = std::fs::read_to_string(&trace).unwrap();
    let header = json(recorded.lines().next().unwrap());
    assert_eq!(header["header"]["mission"], "dead-zone-battle");
    assert_eq!(
        header["header"]["policies"],
        serde_json::json!(["greedy", "random"])
    );
    assert!(
        header["header"]["bundle"]
            .as_str()
            .unwrap()
            .starts_with("sha256:")
    );
    let finished = run(&["replay", &trace_text], 0);
    assert!(
        finished
            .stdout
            .starts_with("confirmed: `dead-zone-battle` seed "),
        "{}",
        finished.stdout
    );
    // Also from another folder, with the pack given.
    run(&["replay", &trace_text, "--pack", &saturn()], 0);

    // One die roll changed.
    let tampered = temp(&dir, "tampered.jsonl");
    let mut lines: Vec<String> = recorded.lines().map(str::to_owned).collect();
    let roll = lines
        .iter()
        .position(|line| line.contains("\"AttackRoll\""))
        .expect("the game has attacks");
    let mut event = json(&lines[roll]);
    let number = &mut event["event"]["AttackRoll"]["number"];
    *number = (number.as_u64().unwrap() % 8 + 1).into();
    lines[roll] = event.to_string();
    std::fs::write(&tampered, lines.join("\n")).unwrap();
    let finished = run(&["replay", tampered.to_str().unwrap()], 1);
    assert!(
        finished
            .stdout
            .starts_with(&format!("mismatch: line {}: ", roll + 1)),
        "{}",
        finished.stdout
    );

    // The final state hash changed.
    let mut lines: Vec<String> = recorded.lines().map(str::to_owned).collect();
    let last = lines.len() - 1;
    let mut end = json(&lines[last]);
    end["end"]["state_hash"] = "00000000deadbeef".into();
    lines[last] = end.to_string();
    std::fs::write(&tampered, lines.join("\n")).unwrap();
    let finished = run(&["replay", tampered.to_str().unwrap()], 1);
    assert!(
        finished
            .stdout
            .contains("the trace records state 00000000deadbeef"),
        "{}",
        finished.stdout
    );

    // The outcome, or the error of a game that ended, edited: named.
    for (field, value, shown) in [
        ("outcome", serde_json::Value::Null, "`outcome` null"),
        (
            "error",
            "engine exploded".into(),
            "`error` \"engine exploded\"",
        ),
    ] {
        let mut lines: Vec<String> = recorded.lines().map(str::to_owned).collect();
        let mut end = json(&lines[last]);
        end["end"][field] = value;
        lines[last] = end.to_string();
        std::fs::write(&tampered, lines.join("\n")).unwrap();
        let finished = run(&["replay", tampered.to_str().unwrap()], 1);
        assert!(
            finished
                .stdout
                .contains(&format!("the trace records {shown}, but the game gives")),
            "{}",
            finished.stdout
        );
    }

    // The header's policies or pack misstated.
    for (field, value) in [
        ("policies", serde_json::json!(["bogus"])),
        ("pack", serde_json::json!("not-this-pack")),
    ] {
        let mut lines: Vec<String> = recorded.lines().map(str::to_owned).collect();
        let mut header = json(&lines[0]);
        header["header"][field] = value;
        lines[0] = header.to_string();
        std::fs::write(&tampered, lines.join("\n")).unwrap();
        let finished = run(&["replay", tampered.to_str().unwrap()], 1);
        assert!(
            finished
                .stdout
                .contains(&format!("the trace's header has `{field}`")),
            "{}",
            finished.stdout
        );
    }

    run(&["replay", "no-such-trace.jsonl"], 2);
}

#[test]
fn usage_errors_exit_2() {
    let finished = run(
        &[
            "sim",
            "--pack",
            "clean",
            "--mission",
            "open-batle",
            "--games",
            "1",
        ],
        2,
    );
    assert!(
        finished.stderr.contains("did you mean `open-battle`?"),
        "{}",
        finished.stderr
    );
    // Far from every mission: they are listed, in order.
    let saturn = saturn();
    let finished = run(
        &["sim", "--pack", &saturn, "--mission", "zzz", "--games", "1"],
        2,
    );
    assert!(
        finished.stderr.contains(
            "help: missions: blockade-run-at-entebe, dead-zone-battle, dead-zone-battle-42, dead-zone-battle-48, dead-zone-battle-no-cards, meteor-storm,"
        ),
        "{}",
        finished.stderr
    );
    // A negative number reaches the flag's own check, which says what it
    // takes, as a word does.
    for (flag, value, told) in [
        ("--games", "-1", "not a whole number of 1 or more"),
        (
            "--seed",
            "-1",
            "not a whole number from 0 to 18446744073709551615",
        ),
        ("--threads", "-1", "not a whole number from 0 to 1024"),
        (
            "--seed",
            "abc",
            "not a whole number from 0 to 18446744073709551615",
        ),
    ] {
        let mut args = vec!["sim", "--pack", "clean", "--mission", "open-battle"];
        if flag != "--games" {
            args.extend(["--games", "1"]);
        }
        args.extend([flag, value]);
        let finished = run(&args, 2);
        assert!(
            finished
                .stderr
                .contains(&format!("invalid value '{value}' for '{flag} ")),
            "{}",
            finished.stderr
        );
        assert!(finished.stderr.contains(told), "{}", finished.stderr);
    }
    // A pack without missions has none to list.
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_copy(&dir);
    std::fs::remove_dir_all(pack.join("missions")).unwrap();
    std::fs::remove_dir_all(pack.join("fleets")).unwrap();
    std::fs::remove_dir_all(pack.join("tests")).unwrap();
    let finished = run(
        &[
            "sim",
            "--pack",
            pack.to_str().unwrap(),
            "--mission",
            "zzz",
            "--games",
            "1",
        ],
        2,
    );
    assert!(
        finished
            .stderr
            .contains("help: the pack has no missions: add one under `missions/`"),
        "{}",
        finished.stderr
    );
    let finished = run_owned(
        &sim(&["--games", "1", "--policy", "random,random,random"]),
        2,
    );
    assert!(
        finished
            .stderr
            .contains("the mission has 2 seats but 3 policies were given"),
        "{}",
        finished.stderr
    );
    for (policy, message) in [
        ("minimax", "`minimax` is not a policy (random or greedy)"),
        ("gredy", "did you mean `greedy`?"),
        (
            "greedy,,random",
            "empty policy (policy 2 of `greedy,,random`)",
        ),
        ("random,", "empty policy (policy 2 of `random,`)"),
    ] {
        let finished = run_owned(&sim(&["--games", "1", "--policy", policy]), 2);
        assert!(finished.stderr.contains(message), "{}", finished.stderr);
    }
    run_owned(&sim(&["--games", "1", "--shard", "3/2"]), 2);
    run_owned(&sim(&["--games", "1", "--max-steps", "0"]), 2);
    run_owned(&sim(&["--games", "0"]), 2);
    run_owned(&sim(&["--games", "1", "--threads", "1025"]), 2);
    run_owned(&sim(&[]), 2);
    run(&["sim", "--pack", "clean", "--games", "1"], 2);
    run(&["sim", "merge"], 2);
}

#[test]
fn a_broken_pack_exits_1_with_its_diagnostics() {
    let finished = run(
        &["sim", "--pack", "broken", "--mission", "x", "--games", "1"],
        1,
    );
    assert!(
        finished.stderr.contains("SD0003(unknown-key)"),
        "{}",
        finished.stderr
    );
    assert_eq!(finished.stdout, "");
    run(
        &[
            "sim",
            "--pack",
            "no-such-pack",
            "--mission",
            "x",
            "--games",
            "1",
        ],
        2,
    );
    // With `--format json` the diagnostics are the JSON object on stdout,
    // as `check --format json` prints them: a script reading stdout got
    // nothing to read.
    let finished = run(
        &[
            "sim",
            "--pack",
            "broken",
            "--mission",
            "x",
            "--games",
            "1",
            "--format",
            "json",
        ],
        1,
    );
    let report = json(&finished.stdout);
    assert!(report["errors"].as_u64().unwrap() > 0, "{report:#}");
    assert_eq!(report["diagnostics"][0]["code"], "SD0003", "{report:#}");
    assert_eq!(finished.stderr, "");
}

#[test]
fn a_mission_name_works_like_its_id() {
    let by_name = run(
        &[
            "sim",
            "--pack",
            "clean",
            "--mission",
            "Open Battle",
            "--games",
            "3",
        ],
        0,
    );
    let by_id = run_owned(&sim(&["--games", "3"]), 0);
    assert_eq!(by_name.stdout, by_id.stdout);
}

/// A mission's file given for its id is answered with the id, as
/// `fleet check` answers it; the list of missions alone said nothing of
/// the slip.
#[test]
fn a_missions_file_given_for_its_id_is_told_the_id() {
    for given in ["open-battle.toml", "missions/open-battle.toml"] {
        let finished = run(
            &["sim", "--pack", "clean", "--mission", given, "--games", "1"],
            2,
        );
        assert!(
            finished.stderr.contains(
                "help: did you mean `open-battle`? `--mission` takes the mission's id or name, not its file"
            ),
            "{given}: {}",
            finished.stderr
        );
    }
}

#[test]
fn the_step_bound_names_the_failed_games() {
    let finished = run_owned(
        &sim(&["--games", "4", "--policy", "random", "--max-steps", "2"]),
        0,
    );
    assert!(
        finished.stdout.contains("\nfailed: "),
        "{}",
        finished.stdout
    );
    assert!(
        finished
            .stdout
            .contains("  game 0: mission `open-battle`, seed "),
        "{}",
        finished.stdout
    );
    // The game's seed is not the run's: how to play it again is told.
    assert!(
        finished
            .stdout
            .contains("  to trace game 0, run this command again with `--shard 1/4 --trace FILE`"),
        "{}",
        finished.stdout
    );
    // Run so, it points at the trace instead of telling the same again.
    let dir = tempfile::tempdir().unwrap();
    let trace = temp(&dir, "failed.jsonl");
    let trace = trace.to_str().unwrap();
    let traced = run_owned(
        &sim(&[
            "--games",
            "4",
            "--policy",
            "random",
            "--max-steps",
            "2",
            "--shard",
            "1/4",
            "--trace",
            trace,
        ]),
        0,
    );
    assert!(
        traced.stdout.contains(&format!(
            "  game 0 is traced in {trace}: `spacedock replay {trace} --log` shows it"
        )),
        "{}",
        traced.stdout
    );
    assert!(!traced.stdout.contains("run this command again"));
    // Its replay says the game it confirms stopped without an outcome.
    let replayed = run(&["replay", trace, "--pack", "clean"], 0);
    assert!(
        replayed.stdout.ends_with(
            "after 2 actions, where the game stopped without an outcome: no outcome after 2 actions, in round 1\n"
        ),
        "{}",
        replayed.stdout
    );
}

#[test]
fn check_with_games_playtests_every_mission() {
    // Decks that run out in the first round: findings to report.
    let short = crate::clean_with_short_decks();
    let in_short = |args: &[&str], code| crate::run_in(short.path(), args, code);
    let finished = in_short(&["check", "clean", "--games", "5"], 0);
    assert!(
        finished
            .stderr
            .contains("warning[sim-first-round]: clean: mission `skirmish`: 5 of 5 finished games were over before round 2"),
        "{}",
        finished.stderr
    );
    // The summary, then each mission's results, last.
    let lines: Vec<&str> = finished.stderr.lines().collect();
    assert_eq!(
        lines[lines.len() - 3],
        "clean: played 5 games (random players) of each of 2 missions: 0 errors, 2 warnings",
        "{}",
        finished.stderr
    );
    assert!(
        lines[lines.len() - 2].starts_with("  open-battle  "),
        "{}",
        finished.stderr
    );
    assert!(
        lines[lines.len() - 1].starts_with("  skirmish     "),
        "{}",
        finished.stderr
    );
    in_short(&["check", "clean", "--games", "5", "--deny-warnings"], 1);

    // A step bound too low for any game to end: every mission hangs, and
    // each finding says the bound and how to trace the game it names.
    let finished = run(&["check", "clean", "--games", "3", "--max-steps", "1"], 1);
    assert!(
        finished
            .stderr
            .contains("of 3 games did not end within the step bound of 1 action; first: game 0, "),
        "{}",
        finished.stderr
    );
    let recipe = "  help: to trace it, run `spacedock sim --pack clean --mission open-battle --games 3 --policy random --seed 0 --max-steps 1 --shard 1/3 --trace FILE`\n";
    assert!(finished.stderr.contains(recipe), "{}", finished.stderr);
    let dir = tempfile::tempdir().unwrap();
    let trace = temp(&dir, "hang.jsonl").display().to_string();
    let command = recipe
        .trim()
        .trim_start_matches("help: to trace it, run `spacedock ")
        .trim_end_matches('`')
        .replace("FILE", &trace);
    let traced = run(&command.split(' ').collect::<Vec<_>>(), 0);
    assert!(
        traced
            .stdout
            .contains("game 0: mission `open-battle`, seed ")
            && traced.stdout.contains("no outcome after 1 action, in "),
        "the recipe plays the game the finding names:\n{}",
        traced.stdout
    );
    assert!(std::path::Path::new(&trace).exists());
    let report = json(
        &run(
            &[
                "check",
                "clean",
                "--games",
                "3",
                "--max-steps",
                "1",
                "--format",
                "json",
            ],
            1,
        )
        .stdout,
    );
    let first = &report["playtest"][0];
    assert_eq!(first["max_steps"], 1);
    assert!(
        first["findings"][0]["trace"]
            .as_str()
            .is_some_and(|trace| trace.ends_with("--shard 1/3 --trace FILE")),
        "{first}"
    );

    // With two packs, what was played of each follows its own line, and
    // the total comes last (a copy: a pack named twice is checked once).
    let copy = crate::copy_fixture("clean");
    let other = copy.path().join("clean");
    let other = other.to_str().unwrap();
    let finished = run(&["check", "clean", other, "--games", "1"], 0);
    // (Each mission's results, indented, follow each pack's lines.)
    let lines: Vec<&str> = finished
        .stderr
        .lines()
        .rev()
        .filter(|line| !line.starts_with("  "))
        .take(5)
        .collect();
    assert!(
        lines[0].starts_with("checked 2 packs: ")
            && lines[1].starts_with(&format!(
                "{other}: played 1 game (random players) of each of 2 missions"
            ))
            && lines[2].starts_with(&format!("{other}: "))
            && lines[3].starts_with("clean: played 1 game (random players)"),
        "{}",
        finished.stderr
    );

    let finished = in_short(&["check", "clean", "--games", "2", "--format", "json"], 0);
    let report = json(&finished.stdout);
    let playtests = report["playtest"].as_array().unwrap();
    assert_eq!(playtests.len(), 2);
    assert_eq!(playtests[0]["games"], 2);
    assert!(playtests[0]["findings"][0]["kind"].is_string());

    let finished = in_short(&["check", "clean", "--games", "2", "--format", "github"], 0);
    // Each annotation points at its mission's file.
    assert!(
        finished
            .stdout
            .lines()
            .filter(|line| line.contains(",title=sim-first-round::clean: mission `"))
            .all(|line| line.starts_with("::warning file=clean/missions/"))
            && finished.stdout.contains(",title=sim-first-round::"),
        "{}",
        finished.stdout
    );
    assert!(
        playtests.iter().all(|playtest| playtest["file"]
            == format!(
                "clean/missions/{}.toml",
                playtest["mission"].as_str().unwrap()
            )),
        "{playtests:#?}"
    );

    // Without --games, check plays nothing.
    let finished = run(&["check", "clean"], 0);
    assert_eq!(finished.stderr, "clean: 0 errors, 0 warnings\n");
}

#[test]
fn json_output_to_a_file_leaves_stdout_empty() {
    let dir = tempfile::tempdir().unwrap();
    let path = temp(&dir, "run.json");
    let finished = spacedock()
        .args(sim(&[
            "--games",
            "3",
            "--format",
            "json",
            "-o",
            path.to_str().unwrap(),
        ]))
        .assert()
        .code(0);
    assert!(finished.get_output().stdout.is_empty());
    let report = json(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(report["run"]["shards"], serde_json::json!([1]));
}

/// A rule that answers its own effect without end: destroying a ship
/// destroys it again.
const VOLATILE_REACTORS: &str = r#"
[[special_rules]]
name = "Volatile Reactors"
text = "When a ship is destroyed, it takes 1 direct damage."
when = "destroy"
do = [{ kind = "direct-damage", amount = 1, target = "affected-ship" }]
"#;

/// A power that answers its own effect without end ("when a ship is
/// destroyed, it takes 1 direct damage": destroying it again) stops the
/// game with a finding naming the mission and seed, not a stack overflow
/// that takes every game of the run down with it.
#[test]
fn powers_that_set_themselves_off_stop_the_game_not_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_with_dead_zone_rule(&dir, VOLATILE_REACTORS);
    let pack = pack.to_str().unwrap();
    let finished = run(
        &[
            "sim",
            "--pack",
            pack,
            "--mission",
            "dead-zone-battle",
            "--games",
            "6",
            "--policy",
            "greedy",
            "--format",
            "json",
        ],
        0,
    );
    let report = json(&finished.stdout);
    let failures = &report["report"]["failures"];
    assert!(failures["stuck"].as_u64().unwrap() > 0, "{report:#}");
    let message = failures["samples"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("mission `dead-zone-battle`, seed ")
            && message.contains("powers set each other off more than 48 deep"),
        "{message}"
    );
    // Content CI sees it too.
    let finished = run(&["check", pack, "--games", "2"], 1);
    assert!(
        finished.stderr.contains("error[sim-stuck]: ")
            && finished
                .stderr
                .contains("powers setting each other off without end"),
        "{}",
        finished.stderr
    );
}

/// A stuck game is named, with the command that traces it, even when ten
/// or more games hang before it: the examples a tally keeps were the first
/// ten failed games of any kind, all hangs here, and the `sim-stuck`
/// finding could name none.
#[test]
fn a_stuck_game_is_named_after_many_hangs() {
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_with_dead_zone_rule(&dir, VOLATILE_REACTORS);
    let pack = pack.to_str().unwrap();
    let finished = run(
        &[
            "check",
            pack,
            "--games",
            "2000",
            "--max-steps",
            "60",
            "--format",
            "json",
        ],
        1,
    );
    let report = json(&finished.stdout);
    let findings: Vec<&serde_json::Value> = report["playtest"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|playtest| playtest["mission"] == "dead-zone-battle")
        .flat_map(|playtest| playtest["findings"].as_array().unwrap())
        .collect();
    let hang = findings.iter().find(|f| f["kind"] == "sim-hang").unwrap();
    assert!(
        hang["message"].as_str().unwrap().contains("first: game 0,"),
        "{hang:#}"
    );
    let stuck = findings.iter().find(|f| f["kind"] == "sim-stuck").unwrap();
    let message = stuck["message"].as_str().unwrap();
    assert!(
        message.contains("; first: game ") && message.contains("more than 48 deep"),
        "{message}"
    );
    assert!(
        stuck["trace"].as_str().unwrap().contains("--trace FILE"),
        "{stuck:#}"
    );
}

/// A build without ships is played as it is: its seat fields nothing. The
/// default build took its place, under the build's name.
#[test]
fn a_build_without_ships_plays_none() {
    let dir = tempfile::tempdir().unwrap();
    let build = temp(&dir, "no-ships.toml");
    let legal = std::fs::read_to_string(crate::fixtures().join("fleets/legal.toml")).unwrap();
    let deck = &legal[legal.find("deck = [").unwrap()..];
    std::fs::write(
        &build,
        format!("name = \"No ships\"\nfaction = \"isn\"\n{deck}"),
    )
    .unwrap();
    let fleet = format!("1={}", build.display());
    let result = json(
        &run_owned(
            &sim(&["--games", "2", "--fleet", &fleet, "--format", "json"]),
            0,
        )
        .stdout,
    );
    let seat = &result["run"]["seats"][0];
    assert_eq!(seat["ships"], serde_json::json!([]), "{seat}");
    assert!(seat.get("default_build").is_none(), "{seat}");
    let human = run_owned(&sim(&["--games", "2", "--fleet", &fleet]), 0).stdout;
    assert!(human.contains("\n  1 ISN player: no ships\n"), "{human}");
}

/// `--fleet` plays a seat with a build of the user's: checked first, named
/// in the report, kept in the JSON run (so shards of other builds do not
/// merge) and in a trace (so it replays).
#[test]
fn a_fleet_build_plays_its_seat() {
    let dir = tempfile::tempdir().unwrap();
    let finished = run_owned(
        &sim(&[
            "--games",
            "6",
            "--fleet",
            "1=fleets/legal.toml",
            "--format",
            "json",
        ]),
        0,
    );
    let result = json(&finished.stdout);
    let seat = &result["run"]["seats"][0];
    assert_eq!(seat["fleet"]["name"], "Legal ISN fleet", "{seat}");
    assert!(result["run"]["seats"][1].get("fleet").is_none());
    // The build's ships are the ones fielded: its carrier and frigate, not
    // the default build's.
    let fielded: Vec<&str> = result["tally"]["ships"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["team"] == "isn" && row["fielded"] != 0)
        .map(|row| row["ship"].as_str().unwrap())
        .collect();
    assert_eq!(fielded, ["test-carrier", "test-frigate"], "{result}");

    let human = run_owned(
        &sim(&["--games", "6", "--fleet", "ISN player=fleets/legal.toml"]),
        0,
    );
    assert!(
        human
            .stdout
            .contains("seats: 1 ISN player (isn) greedy with fleet `Legal ISN fleet`, 2 Wretch player (wretch) greedy\n"),
        "{}",
        human.stdout
    );
    // What each seat brought, the default build's choice included.
    let wretch: Vec<String> = result["run"]["seats"][1]["ships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ship| {
            format!(
                "{} {}",
                ship["ship"].as_str().unwrap(),
                ship["version"].as_str().unwrap()
            )
        })
        .collect();
    assert!(!wretch.is_empty(), "{result}");
    assert_eq!(result["run"]["seats"][1]["default_build"], true);
    assert!(result["run"]["seats"][0].get("default_build").is_none());
    assert!(
        human.stdout.contains(&format!(
            "fleets:\n  1 ISN player: test-carrier standard, test-frigate standard\n  2 Wretch player (the default build): {}\n",
            wretch.join(", ")
        )),
        "{}",
        human.stdout
    );

    // Shards of one build merge; a shard of the default build does not.
    let shard = |name: &str, index: &str, fleet: Option<&str>| {
        let path = temp(&dir, name).display().to_string();
        let mut args = vec!["--games", "6", "--shard", index, "-o", &path];
        if let Some(fleet) = fleet {
            args.extend(["--fleet", fleet]);
        }
        run_owned(&sim(&args), 0);
        path
    };
    let first = shard("a.json", "1/2", Some("1=fleets/legal.toml"));
    let second = shard("b.json", "2/2", Some("1=fleets/legal.toml"));
    let default = shard("c.json", "2/2", None);
    let merged = run(&["sim", "merge", &first, &second, "--format", "json"], 0);
    assert_eq!(json(&merged.stdout)["tally"], result["tally"]);
    let refused = run(&["sim", "merge", &first, &default], 2);
    assert!(
        refused.stderr.contains(
            "its fleet build is the default build for seat 1, not fleet `Legal ISN fleet` for seat 1"
        ),
        "{}",
        refused.stderr
    );

    // The trace carries the build, and replays with it.
    let trace = temp(&dir, "game.jsonl").display().to_string();
    run_owned(
        &sim(&[
            "--games",
            "1",
            "--fleet",
            "1=fleets/legal.toml",
            "--trace",
            &trace,
        ]),
        0,
    );
    let header = std::fs::read_to_string(&trace).unwrap();
    let header = json(header.lines().next().unwrap());
    assert_eq!(header["header"]["fleets"][0]["name"], "Legal ISN fleet");
    assert!(header["header"]["fleets"][1].is_null());
    run(&["replay", &trace], 0);
}

/// An illegal build stops the run before any game, with the diagnostics
/// `fleet check` gives and its exit status; a usage mistake exits 2.
/// A seat whose ships the mission selects and whose (shared) deck its
/// players choose: the build lists the mission's ships, as `fleet check`
/// wants, and `sim` plays its deck.
#[test]
fn a_build_of_mission_selected_ships_plays_its_deck() {
    let dir = tempfile::tempdir().unwrap();
    let build = temp(&dir, "meteor.toml");
    let isn = [
        "Charles Yeboah",
        "Erin Cho",
        "Bronson Skiles",
        "Superior Squadron Tactics",
        "Maneuvering Thrusters",
        "ISN Transport Shuttle",
        "SR2 Twin Rocket Launchers",
        "LR5 Nuclear Warhead",
        "Alert From ISN Torrent",
        "Sparrow Cover Fire",
        "F-47 Hawk Patrol",
        "Commando Away Team",
    ];
    let mut text = String::from("name = \"Meteor deck\"\nfaction = \"isn\"\ndeck = [\n");
    for card in isn {
        writeln!(text, "  {{ card = \"{card}\", count = 3 }},").unwrap();
    }
    text.push_str("]\n\n[[ships]]\nship = \"ISN Everest\"\nversion = \"standard\"\n\n[[ships]]\nship = \"ISN Torrent\"\nversion = \"standard\"\n");
    std::fs::write(&build, text).unwrap();
    let build = build.display().to_string();
    let pack = saturn();
    run(
        &[
            "fleet",
            "check",
            &build,
            "--pack",
            &pack,
            "--mission",
            "meteor-storm",
            "--player",
            "3",
            "--sets",
            "2",
        ],
        0,
    );
    let seat = format!("3={build}");
    let finished = run(
        &[
            "sim",
            "--pack",
            &pack,
            "--mission",
            "meteor-storm",
            "--games",
            "2",
            "--sets",
            "2",
            "--fleet",
            &seat,
        ],
        0,
    );
    assert!(
        finished
            .stdout
            .contains("3 ISN player 1 (isn) greedy with fleet `Meteor deck`"),
        "{}",
        finished.stdout
    );
}

/// A mission may name a seat's faction by its name (`ISN`): the bundle
/// holds its id, and a build of that faction plays the seat.
#[test]
fn a_seat_whose_faction_is_named_takes_its_build() {
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_copy(&dir);
    let mission = pack.join("missions/dead-zone-battle-48.toml");
    let text = std::fs::read_to_string(&mission).unwrap();
    std::fs::write(
        &mission,
        text.replacen("faction = \"isn\"", "faction = \"ISN\"", 1),
    )
    .unwrap();
    let build = pack.join("fleets/isn-48.toml").display().to_string();
    let seat = format!("1={build}");
    let pack = pack.display().to_string();
    run(&["check", &pack], 0);
    run(
        &[
            "sim",
            "--pack",
            &pack,
            "--mission",
            "dead-zone-battle-48",
            "--games",
            "2",
            "--fleet",
            &seat,
        ],
        0,
    );
}

#[test]
fn a_fleet_build_is_checked_before_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let output = temp(&dir, "result.json").display().to_string();
    let finished = run_owned(
        &sim(&[
            "--games",
            "4",
            "--fleet",
            "1=fleets/over-budget.toml",
            "-o",
            &output,
        ]),
        1,
    );
    assert_eq!(finished.stdout, "");
    assert!(
        finished
            .stderr
            .contains("fleets/over-budget.toml: 2 errors"),
        "{}",
        finished.stderr
    );
    assert!(!std::path::Path::new(&output).exists(), "nothing written");

    // The wrong faction for the seat.
    let finished = run_owned(&sim(&["--games", "4", "--fleet", "2=fleets/legal.toml"]), 1);
    assert!(
        finished
            .stderr
            .contains("but `Wretch player` commands `wretch`"),
        "{}",
        finished.stderr
    );

    for (fleet, message) in [
        ("3=fleets/legal.toml", "`Open Battle` has no player 3"),
        ("fleets/legal.toml", "expected SEAT=FILE"),
        (
            "1=no-such-fleet.toml",
            "`no-such-fleet.toml` does not exist",
        ),
    ] {
        let finished = run_owned(&sim(&["--games", "4", "--fleet", fleet]), 2);
        assert!(
            finished.stderr.contains(message),
            "{fleet}: {}",
            finished.stderr
        );
    }
    let finished = run_owned(
        &sim(&[
            "--games",
            "4",
            "--fleet",
            "1=fleets/legal.toml",
            "--fleet",
            "ISN player=fleets/legal.toml",
        ]),
        2,
    );
    assert!(
        finished
            .stderr
            .contains("two fleet builds are given for seat 1 (`ISN player`)"),
        "{}",
        finished.stderr
    );
}

/// `--trace /dev/stdout` writes the trace to standard output when it is a
/// pipe, with the JSON result written to a file.
#[test]
fn the_trace_goes_to_dev_stdout_on_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let output = temp(&dir, "result.json").display().to_string();
    let finished = run_owned(
        &sim(&[
            "--games",
            "1",
            "--trace",
            "/dev/stdout",
            "--format",
            "json",
            "-o",
            &output,
        ]),
        0,
    );
    let first = finished.stdout.lines().next().unwrap_or_default();
    assert!(first.starts_with("{\"header\":"), "{}", finished.stdout);
    assert!(std::path::Path::new(&output).exists());
}

/// `-` names stdout for `-o` and `--trace` (as for `build -o -`), never a
/// file called `-`, and only when nothing else is printed there.
#[test]
fn a_dash_is_stdout_when_stdout_is_free() {
    let dir = tempfile::tempdir().unwrap();
    let in_dir = |args: &[&str], code: i32| {
        let assert = crate::spacedock()
            .current_dir(dir.path())
            .args(args)
            .assert()
            .code(code);
        String::from_utf8(assert.get_output().stdout.clone()).unwrap()
    };
    let pack = crate::fixtures().join("clean").display().to_string();
    let base = [
        "sim",
        "--pack",
        &pack,
        "--mission",
        "open-battle",
        "--games",
        "2",
    ];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter()
            .chain(extra)
            .map(|arg| (*arg).to_owned())
            .collect()
    };
    let args = with(&["-o", "-", "--format", "json"]);
    let printed = in_dir(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
    assert_eq!(json(&printed)["run"]["games"], 2);
    let args = with(&["--trace", "-", "-o", "result.json", "--format", "json"]);
    let printed = in_dir(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
    assert!(printed.starts_with("{\"header\":"), "{printed}");
    assert!(dir.path().join("result.json").exists());
    for extra in [
        &["-o", "-"][..],
        &["--trace", "-"],
        &["--trace", "-", "--format", "json"],
        &["--trace", "-", "-o", "-", "--format", "json"],
    ] {
        let args = with(extra);
        in_dir(&args.iter().map(String::as_str).collect::<Vec<_>>(), 2);
    }
    let merged = in_dir(&["sim", "merge", "result.json", "-o", "-"], 2);
    assert_eq!(merged, "");
    assert!(!dir.path().join("-").exists(), "no file named `-`");
}

/// A named pipe given as `-o` is written to (it is no file stdout is):
/// telling whether it is stdout's must not open it and wait for a writer.
#[cfg(unix)]
#[test]
fn the_json_result_goes_into_a_named_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read_to_string(pipe).unwrap())
    };
    crate::spacedock()
        .args(sim(&[
            "--games",
            "2",
            "--format",
            "json",
            "-o",
            pipe.to_str().unwrap(),
        ]))
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .code(0);
    assert_eq!(json(&reader.join().unwrap())["run"]["games"], 2);
}

/// A path that names the file stdout is (`/dev/stdout`, or the file the
/// shell sends stdout to) is stdout too: refused beside the report, not
/// written over it.
#[test]
fn the_file_stdout_is_counts_as_stdout() {
    let dir = tempfile::tempdir().unwrap();
    for flag in ["-o", "--trace"] {
        let finished = run_owned(&sim(&["--games", "2", flag, "/dev/stdout"]), 2);
        let long = if flag == "-o" { "--output" } else { "--trace" };
        assert!(
            finished
                .stderr
                .contains(&format!("`{long} /dev/stdout` writes"))
                && finished
                    .stderr
                    .contains("to stdout, where `--format human` prints the report"),
            "{}",
            finished.stderr
        );
        assert_eq!(finished.stdout, "");
    }
    let report = temp(&dir, "report.txt");
    let redirected = std::fs::File::create(&report).unwrap();
    let args = sim(&["--games", "2", "-o", report.to_str().unwrap()]);
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_spacedock"))
        .current_dir(crate::fixtures())
        .args(&args)
        .stdout(redirected)
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "");
    // Alone on stdout, `/dev/stdout` is written to.
    let finished = run_owned(
        &sim(&["--games", "2", "--format", "json", "-o", "/dev/stdout"]),
        0,
    );
    assert_eq!(json(&finished.stdout)["run"]["games"], 2);
}

/// The arguments of a run of 6 games of The Struggle at Pan Base, where
/// powers act and a special rule scores, by `policy`, printed in `format`.
fn pan_base_run(policy: &str, format: &str) -> Vec<String> {
    [
        "sim",
        "--pack",
        &saturn(),
        "--mission",
        "the-struggle-at-pan-base",
        "--games",
        "6",
        "--policy",
        policy,
        "--format",
        format,
    ]
    .map(str::to_owned)
    .to_vec()
}

/// The points a run's games scored are reported by side and by what
/// scored them, as points per game and the games they came in, in the
/// report and in the JSON alike.
#[test]
fn victory_points_are_reported_by_what_scored_them() {
    let args = |format: &str| pan_base_run("random", format);
    let result = json(&run_owned(&args("json"), 0).stdout);
    let scores = result["tally"]["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 1, "{scores:#?}");
    let row = &scores[0];
    assert_eq!(row["team"], "isn");
    assert_eq!(
        row["by"],
        serde_json::json!({ "rule": "Recovering survivors" })
    );
    let points = row["points"].as_u64().unwrap();
    let scored_in = row["scored_in"].as_u64().unwrap();
    assert!(scored_in > 0 && points >= scored_in, "{row}");
    let finished = result["tally"]["finished"].as_u64().unwrap();
    assert_eq!(
        result["report"]["scores"][0]["scored_in"]["count"],
        scored_in
    );
    let report = run_owned(&args("human"), 0).stdout;
    let line = format!(
        "  isn rule \"Recovering survivors\"   {:.2}  {:>5.1}%",
        points as f64 / finished as f64,
        100.0 * scored_in as f64 / finished as f64
    );
    assert!(
        report.contains("\nvictory points (points per game; games it scored in)\n")
            && report.contains(&line),
        "no `{line}` in:\n{report}"
    );
}

/// How often each power acted is reported by side and power, as times per
/// game and the games it acted in, in the report and in the JSON alike:
/// a special rule that only deals damage shows there, where nothing else
/// of a report would.
#[test]
fn powers_that_acted_are_reported_by_power() {
    let args = |format: &str| pan_base_run("greedy", format);
    let result = json(&run_owned(&args("json"), 0).stdout);
    let powers = result["tally"]["powers"].as_array().unwrap();
    let captains = powers
        .iter()
        .find(|row| row["by"] == serde_json::json!({ "rule": "Captains" }))
        .unwrap_or_else(|| panic!("no row of the rule Captains: {powers:#?}"));
    assert_eq!(captains["team"], "wretch");
    let acts = captains["acts"].as_u64().unwrap();
    let acted_in = captains["acted_in"].as_u64().unwrap();
    let finished = result["tally"]["finished"].as_u64().unwrap();
    assert!(
        acted_in > 0 && acts >= acted_in && acted_in <= finished,
        "{captains}"
    );
    let index = powers.iter().position(|row| row == captains).unwrap();
    assert_eq!(
        result["report"]["powers"][index]["acted_in"]["count"],
        acted_in
    );
    let report = run_owned(&args("human"), 0).stdout;
    let table = report
        .split("\npowers that acted (times per game; games it acted in)\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no powers table in:\n{report}"));
    let row = table
        .lines()
        .find(|row| row.starts_with("  wretch rule \"Captains\""))
        .unwrap_or_else(|| panic!("no row of Captains in:\n{table}"));
    let figures: Vec<&str> = row.split_whitespace().skip(3).take(2).collect();
    assert_eq!(
        figures,
        [
            format!("{:.2}", acts as f64 / finished as f64),
            format!("{:.1}%", 100.0 * acted_in as f64 / finished as f64)
        ],
        "{row}"
    );
}

/// A share of no games (none finished) is unknown: `n/a` in the report,
/// `null` in the JSON, never 0%.
#[test]
fn a_share_of_no_games_is_unknown() {
    let pack = saturn();
    let args = |format: &str| {
        let args = [
            "sim",
            "--pack",
            &pack,
            "--mission",
            "dead-zone-battle",
            "--games",
            "3",
            "--max-steps",
            "100",
            "--format",
            format,
        ];
        args.map(str::to_owned).to_vec()
    };
    let human = run_owned(&args("human"), 0).stdout;
    assert!(
        human.contains("\nisn wins           0     n/a\n")
            && human.contains("deployed    n/a  survived    n/a\n")
            && human.contains("  isn     0/0 n/a       0/0 n/a       n/a\n")
            && human.contains("\n\nrounds: n/a\nactions: n/a\nended by:")
            && !human.contains("0.0%"),
        "{human}"
    );
    let result = json(&run_owned(&args("json"), 0).stdout);
    let report = &result["report"];
    assert_eq!(report["finished"], 0, "{report}");
    assert!(report["sides"][0]["wins"]["rate"].is_null(), "{report}");
    assert!(report["ships"][0]["survived"]["rate"].is_null(), "{report}");
    assert!(report["cards"][0]["plays_per_game"].is_null(), "{report}");
    assert!(report["mean_steps"].is_null(), "{report}");
    assert!(report["rounds"].is_null(), "{report}");
}

/// A card played by one side from another side's deck (The Battle for ISN
/// Barrage: the Wretch plays ISN cards the computer core gives it) counts
/// for the side that played it: the sides' plays add up to the plays the
/// game's trace records for their players.
#[test]
fn card_plays_count_for_the_side_that_played() {
    let dir = tempfile::tempdir().unwrap();
    let trace = temp(&dir, "game.jsonl").display().to_string();
    let pack = saturn();
    // One game of the mission; the same game with each of `extra`.
    let game = |extra: &[&str]| {
        let mut args = vec![
            "sim",
            "--pack",
            &pack,
            "--mission",
            "the-battle-for-isn-barrage",
            "--games",
            "1",
            "--seed",
            "1",
        ];
        args.extend_from_slice(extra);
        run(&args, 0)
    };
    let finished = game(&["--format", "json", "--trace", &trace]);
    let result = json(&finished.stdout);
    let seats = result["run"]["seats"].as_array().unwrap();
    let text = std::fs::read_to_string(&trace).unwrap();
    let mut foreign = 0;
    for (seat, player) in seats.iter().enumerate() {
        let team = player["team"].as_str().unwrap();
        let traced = text
            .matches(&format!("{{\"CardPlayed\":{{\"player\":{seat},"))
            .count() as u64;
        let tallied: u64 = result["tally"]["cards"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|row| row["team"] == team)
            .map(|row| {
                foreign += u64::from(row["deck"] != team && row["plays"] != 0);
                row["plays"].as_u64().unwrap()
            })
            .sum();
        assert_eq!(tallied, traced, "{team}");
    }
    assert!(foreign > 0, "the Wretch played ISN cards in this game");
    let human = game(&[]);
    assert!(human.stdout.contains("(isn's deck)"), "{}", human.stdout);
}

/// Two seats of one team fielding one ship card make one row counted once
/// a game, which `sim merge` takes back.
#[test]
fn a_ship_card_of_two_seats_of_a_team_counts_once_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_copy(&dir);
    // The Wretch players of Pan Base field Red Fuvu and Red Tougu; make
    // the second's Red Fuvu a Red Tougu too.
    let mission = pack.join("missions/the-struggle-at-pan-base.toml");
    let text = std::fs::read_to_string(&mission).unwrap();
    let edited = text.replacen(
        "{ ship = \"red-fuvu\", version = \"seasoned\" },\n]",
        "{ ship = \"red-tougu\", version = \"seasoned\" },\n]",
        1,
    );
    assert_ne!(edited, text, "the mission lists Red Fuvu");
    std::fs::write(&mission, edited).unwrap();
    let output = temp(&dir, "run.json").display().to_string();
    run(
        &[
            "sim",
            "--pack",
            pack.to_str().unwrap(),
            "--mission",
            "the-struggle-at-pan-base",
            "--games",
            "12",
            "-o",
            &output,
        ],
        0,
    );
    let result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&output).unwrap()).unwrap();
    let rows: Vec<&serde_json::Value> = result["tally"]["ships"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["ship"] == "red-tougu")
        .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let finished = &result["tally"]["finished"];
    assert_eq!(&rows[0]["fielded"], finished);
    assert!(rows[0]["deployed"].as_u64() <= finished.as_u64());
    run(&["sim", "merge", &output], 0);
}

/// An output that cannot be written is refused before the games are
/// played, and `sim merge` never writes over one of its inputs.
#[test]
fn outputs_are_checked_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let missing = temp(&dir, "no-such-folder/result.json")
        .display()
        .to_string();
    for flag in ["-o", "--trace"] {
        let finished = run_owned(&sim(&["--games", "2", flag, &missing]), 2);
        assert_eq!(finished.stdout, "", "no report: nothing was played");
        assert!(
            finished.stderr.contains("there is no folder"),
            "{}",
            finished.stderr
        );
    }
    // A folder that takes no new file (whoever runs the tests, root
    // included) is found before the games too, not when the result is
    // written.
    #[cfg(target_os = "linux")]
    for flag in ["-o", "--trace"] {
        let finished = run_owned(&sim(&["--games", "2", flag, "/proc/spacedock.json"]), 2);
        assert_eq!(finished.stdout, "", "no report: nothing was played");
        assert!(
            finished.stderr.contains(
                "cannot write `/proc/spacedock.json`: the folder `/proc` takes no new file"
            ),
            "{}",
            finished.stderr
        );
    }
    let folder = dir.path().display().to_string();
    let finished = run_owned(&sim(&["--games", "2", "-o", &folder]), 2);
    assert!(
        finished.stderr.contains("it is a folder"),
        "{}",
        finished.stderr
    );

    let shard = temp(&dir, "a.json").display().to_string();
    run_owned(&sim(&["--games", "2", "-o", &shard]), 0);
    let finished = run(&["sim", "merge", &shard, "-o", &missing], 2);
    assert!(
        finished.stderr.contains("there is no folder"),
        "{}",
        finished.stderr
    );
    let before = std::fs::read_to_string(&shard).unwrap();
    let finished = run(&["sim", "merge", &shard, "-o", &shard], 2);
    assert!(
        finished.stderr.contains("one of the command's own inputs"),
        "{}",
        finished.stderr
    );
    assert_eq!(std::fs::read_to_string(&shard).unwrap(), before);
}

/// A pack `extension` in `dir` that depends on the pack at `base` and has
/// nothing of its own yet; its folder.
fn extension_of(base: &Path, dir: &Path) -> PathBuf {
    let pack = dir.join("extension");
    crate::write_pack(
        &pack,
        "extension",
        &[("clean", &base.display().to_string())],
        "",
    );
    pack
}

/// `check --games` playtests the checked pack's own missions, not those of
/// its dependencies (their authors' to playtest), and wants a game or more.
#[test]
fn check_with_games_playtests_only_the_packs_own_missions() {
    let dir = tempfile::tempdir().unwrap();
    let clean = crate::fixtures().join("clean");
    let pack = extension_of(&clean, dir.path());
    std::fs::create_dir_all(pack.join("missions")).unwrap();
    let skirmish = std::fs::read_to_string(clean.join("missions/skirmish.toml")).unwrap();
    std::fs::write(
        pack.join("missions/duel.toml"),
        skirmish.replacen("name = \"Skirmish\"", "name = \"Duel\"", 1),
    )
    .unwrap();
    let pack = pack.display().to_string();
    let finished = run(&["check", &pack, "--games", "3", "--format", "json"], 0);
    let report = json(&finished.stdout);
    let missions = crate::each_str(&report["playtest"], "mission");
    assert_eq!(missions, ["duel"], "{report}");
    // Without a mission of its own, that is what it says, not "0 missions".
    std::fs::remove_file(dir.path().join("extension/missions/duel.toml")).unwrap();
    let finished = run(&["check", &pack, "--games", "3"], 0);
    assert!(
        finished.stderr.ends_with(&format!(
            "{pack}: no mission of its own to play (its dependencies' are not played)\n"
        )),
        "{}",
        finished.stderr
    );
    // Nor, in a pack with no dependency, of dependencies.
    let copied = crate::copy_fixture("clean");
    let lone = copied.path().join("clean");
    for folder in ["missions", "fleets", "tests"] {
        let _ = std::fs::remove_dir_all(lone.join(folder));
    }
    let lone = lone.display().to_string();
    let finished = run(&["check", &lone, "--games", "3"], 0);
    assert!(
        finished
            .stderr
            .ends_with(&format!("{lone}: no mission of its own to play\n")),
        "{}",
        finished.stderr
    );
    let finished = run(&["check", &pack, "--games", "0"], 2);
    assert!(
        finished
            .stderr
            .contains("invalid value '0' for '--games <N>': must be at least 1"),
        "{}",
        finished.stderr
    );
}

/// No output lands as a TOML file in a dependency's folder either: it
/// would break that pack and every pack built on it. `build -o` and
/// `sim -o` / `--trace` refuse it, naming the dependency.
#[test]
fn outputs_are_not_written_into_a_dependencys_folder() {
    let copied = crate::copy_fixture("clean");
    let clean = copied.path().join("clean");
    let dir = tempfile::tempdir().unwrap();
    let pack = extension_of(&clean, dir.path());
    let pack = pack.display().to_string();
    let output = clean.as_path().join("missions/result.toml");
    let shown = output.display().to_string();
    let sim_args = |flag: &'static str| {
        vec![
            "sim".to_owned(),
            "--pack".to_owned(),
            pack.clone(),
            "--mission".to_owned(),
            "skirmish".to_owned(),
            "--games".to_owned(),
            "2".to_owned(),
            flag.to_owned(),
            shown.clone(),
        ]
    };
    for args in [
        sim_args("-o"),
        sim_args("--trace"),
        ["build", &pack, "-o", &shown].map(str::to_owned).to_vec(),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let stderr = run(&args, 2).stderr;
        assert!(
            stderr.contains(&format!(
                "names `{shown}`, a TOML file inside the folder of `{}`, a pack it depends on",
                clean.as_path().display()
            )),
            "{args:?}: {stderr}"
        );
        assert!(!output.exists(), "{args:?}");
    }
    // Nor through a dependency path that goes through a link and back up
    // (`..` after a link leads to the link's target's parent).
    #[cfg(unix)]
    {
        let real = dir.path().join("real");
        std::fs::create_dir_all(real.join("sub")).unwrap();
        std::fs::rename(&clean, real.join("base")).unwrap();
        std::os::unix::fs::symlink(real.join("sub"), dir.path().join("lnk")).unwrap();
        let manifest = std::path::Path::new(&pack).join("pack.toml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        let (head, _) = text.split_once("[dependencies]").unwrap();
        std::fs::write(
            &manifest,
            format!("{head}[dependencies]\nclean = {{ path = \"../lnk/../base\" }}\n"),
        )
        .unwrap();
        let output = real.join("base/missions/result.toml");
        let shown = output.display().to_string();
        let stderr = run(&["build", &pack, "-o", &shown], 2).stderr;
        assert!(stderr.contains("a pack it depends on"), "{stderr}");
        assert!(!output.exists());
        std::fs::rename(real.join("base"), &clean).unwrap();
        std::fs::write(&manifest, text).unwrap();
    }
    // A JSON file there is no pack file: it is written.
    let json_output = clean.as_path().join("result.json").display().to_string();
    run(&["build", &pack, "-o", &json_output], 0);
}

/// A pack folder whose path is not UTF-8 is left out of a trace (JSON
/// cannot hold it as it is) rather than written mangled: `replay` asks for
/// `--pack`, and replays with it.
#[cfg(unix)]
#[test]
fn a_pack_path_that_is_not_utf8_is_left_out_of_a_trace() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join(std::ffi::OsStr::from_bytes(b"pack-\xff"));
    let copy = std::process::Command::new("cp")
        .arg("-r")
        .arg(crate::fixtures().join("clean"))
        .arg(&pack)
        .status()
        .unwrap();
    assert!(copy.success());
    let trace = temp(&dir, "game.jsonl");
    let assert = crate::spacedock()
        .arg("sim")
        .arg("--pack")
        .arg(&pack)
        .args(["--mission", "open-battle", "--games", "1", "--trace"])
        .arg(&trace)
        .assert();
    assert_eq!(assert.get_output().status.code(), Some(0));
    let text = std::fs::read_to_string(&trace).unwrap();
    let header = json(text.lines().next().unwrap());
    assert!(header["header"].get("source").is_none(), "{header}");
    let finished = run(&["replay", trace.to_str().unwrap()], 2);
    assert!(finished.stderr.contains("--pack"), "{}", finished.stderr);
    let assert = crate::spacedock()
        .arg("replay")
        .arg(&trace)
        .arg("--pack")
        .arg(&pack)
        .assert();
    assert_eq!(assert.get_output().status.code(), Some(0));
}

/// An endless input is refused at a bound, not read until memory runs out.
#[cfg(unix)]
#[test]
fn merge_and_replay_refuse_an_endless_input() {
    let finished = run(&["sim", "merge", "/dev/zero"], 2);
    assert_eq!(
        finished.stderr,
        "error: `/dev/zero` is not a result of `spacedock sim`: it is larger than 64 MiB, which no result is\n\
         help: write results with `spacedock sim ... --format json` or `-o FILE`\n"
    );
    let finished = run(&["replay", "/dev/zero"], 2);
    assert_eq!(
        finished.stderr,
        "error: cannot read `/dev/zero`: a trace that is not a regular file (a pipe, a device, stdin) is read into memory, up to 256 MiB; this one is larger\n"
    );
}

/// Neither `-o` nor `--trace` may replace a file the run reads: one of the
/// pack's, or a build of `--fleet`. Each was overwritten, and the pack
/// broken, where `build -o` refuses the same.
#[test]
fn sim_never_writes_over_its_own_inputs() {
    let dir = crate::copy_fixture("clean");
    let fleets = crate::copy_fixture("fleets");
    let fleet = fleets.path().join("fleets").join("legal.toml");
    let pack = dir.path().join("clean");
    let mission = pack.join("missions").join("open-battle.toml");
    let before = std::fs::read(&mission).unwrap();
    // The stderr of a run playing seat `seat` with `fleet`'s build and
    // writing `flag`'s file at `path`, refused.
    let refused = |seat: &str, flag: &str, path: &std::path::Path| {
        let fleet = format!("{seat}={}", fleet.display());
        run(
            &[
                "sim",
                "--pack",
                pack.to_str().unwrap(),
                "--mission",
                "open-battle",
                "--games",
                "2",
                "--fleet",
                &fleet,
                flag,
                path.to_str().unwrap(),
            ],
            2,
        )
        .stderr
    };
    for (flag, path) in [
        ("--trace", pack.join("pack.toml")),
        ("-o", mission.clone()),
        ("--trace", fleet.clone()),
    ] {
        let stderr = refused("1", flag, &path);
        let named = if flag == "-o" { "--output" } else { flag };
        assert!(
            stderr.contains(&format!("`{named}` names `"))
                && stderr.contains("one of the command's own inputs"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read(&mission).unwrap(), before);
    run(&["check", pack.to_str().unwrap()], 0);
    // A seat whose name holds a `=`: the build is the file after it.
    let renamed = String::from_utf8(before.clone())
        .unwrap()
        .replace("name = \"ISN player\"", "name = \"ISN=1\"");
    std::fs::write(&mission, renamed).unwrap();
    let stderr = refused("ISN=1", "--trace", &fleet);
    assert!(
        stderr.contains("one of the command's own inputs"),
        "{stderr}"
    );
    std::fs::write(&mission, &before).unwrap();
    // Nor a scenario of the pack, which `sim` does not read.
    let scenario = pack.join("tests").join("kept.toml");
    std::fs::create_dir_all(scenario.parent().unwrap()).unwrap();
    std::fs::write(&scenario, "# kept\n").unwrap();
    let stderr = run(
        &[
            "sim",
            "--pack",
            pack.to_str().unwrap(),
            "--mission",
            "open-battle",
            "--games",
            "2",
            "--trace",
            scenario.to_str().unwrap(),
        ],
        2,
    )
    .stderr;
    assert!(
        stderr.contains("a TOML file inside the pack's folder"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), "# kept\n");
}

/// A rule scoring each round for a ship in a zone of the mission's own:
/// greedy players send a ship to hold it, so each side scores in every
/// game, in most of its rounds (77 to 80% in these games; without a
/// holder, when the holding was made, ships passing through scored in
/// about 40% of rounds and not in every game).
#[test]
fn greedy_players_hold_a_zone_that_scores() {
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_with_dead_zone_rule(
        &dir,
        r#"
[[zones]]
name = "core"
rows = [6, 7]

[[special_rules]]
name = "Hold the core"
text = "At the end of each round, each player with a ship in the core scores 1 victory point."
when = "round-end"
if = [{ kind = "exists", is = "friendly", zone = "core" }]
do = [{ kind = "score", points = 1 }]
"#,
    );
    let pack = pack.display().to_string();
    let result = json(
        &run_owned(
            &[
                "sim",
                "--pack",
                &pack,
                "--mission",
                "dead-zone-battle",
                "--games",
                "20",
                "--policy",
                "greedy",
                "--format",
                "json",
            ]
            .map(str::to_owned),
            0,
        )
        .stdout,
    );
    let tally = &result["tally"];
    let finished = tally["finished"].as_u64().unwrap();
    assert_eq!(finished, 20, "{tally:#}");
    let rounds = tally["rounds"]["sum"].as_u64().unwrap();
    let scores = tally["scores"].as_array().unwrap();
    for team in ["isn", "wretch"] {
        let row = scores
            .iter()
            .find(|row| row["team"] == team && row["by"]["rule"] == "Hold the core")
            .unwrap_or_else(|| panic!("no points of {team}: {scores:#?}"));
        assert_eq!(row["scored_in"].as_u64(), Some(finished), "{row}");
        let points = row["points"].as_u64().unwrap();
        assert!(
            points * 2 >= rounds,
            "{team}: {points} points in {rounds} rounds"
        );
    }
    assert!(result["run"].get("greedy_ignores").is_none(), "{result:#}");
}

/// A mission rule scoring in a way the greedy player does not aim for (no
/// enemy ship in a zone at a round's end) is named in the report of
/// greedy games, not of random ones; a rule scoring whatever anyone does
/// (in the rounds it names) is not, nor one scoring for a ship of the player's in a zone (greedy
/// players hold it), and no rule of the base pack's missions is, since
/// the greedy player aims for all of them.
#[test]
fn the_report_names_scoring_rules_greedy_players_ignore() {
    let dir = tempfile::tempdir().unwrap();
    let pack = saturn_with_dead_zone_rule(
        &dir,
        r#"
[[special_rules]]
name = "Hold the line"
text = "At the end of each round, each player with no enemy ship in the north zone scores 1 victory point."
when = "round-end"
if = [{ kind = "none", is = "enemy", zone = "north" }]
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Hold the south"
text = "At the end of each round, each player with a ship in the south zone scores 1 victory point."
when = "round-end"
if = [{ kind = "exists", is = "friendly", zone = "south" }]
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Pay day"
text = "At the end of each round, each player scores 1 victory point."
when = "round-end"
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Late pay"
text = "At the end of each round from round 3, each player scores 1 victory point."
when = "round-end"
if = [{ kind = "round", at_least = 3 }]
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Lucky miss"
text = "Each time an attack misses, its player scores 1 victory point."
when = "miss"
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Both ends"
text = "At the end of each round, each player with ships in both the north and the south zone scores 1 victory point."
when = "round-end"
if = [
  { kind = "exists", is = "friendly", zone = "north" },
  { kind = "exists", is = "friendly", zone = "south" },
]
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Wretch rally"
text = "At the end of each round, each player with a Wretch ship in the south zone scores 1 victory point."
when = "round-end"
if = [{ kind = "exists", is = "friendly", faction = "wretch", zone = "south" }]
do = [{ kind = "score", points = 1 }]

[[special_rules]]
name = "Wretch luck"
text = "Each time an attack of the Wretch player misses, they score 1 victory point."
for = ["wretch"]
when = "miss"
do = [{ kind = "score", points = 1 }]
"#,
    );
    let pack = pack.display().to_string();
    // Named: no enemy in a zone, a score on a miss (not at a moment of
    // every turn), ships in two zones (one holder cannot meet both), and a
    // zone the ISN player has no ship card to hold. Not named: a zone every
    // player can hold, and points for everyone each round, or each round
    // from the third (no play brings a round on); nor, when only
    // the ISN seat is greedy, a rule that scores for the Wretch seat alone.
    let ignored = [
        "Hold the line",
        "Lucky miss",
        "Both ends",
        "Wretch rally",
        "Wretch luck",
    ];
    let args = |policy: &str, format: &str| {
        [
            "sim",
            "--pack",
            &pack,
            "--mission",
            "dead-zone-battle",
            "--games",
            "2",
            "--policy",
            policy,
            "--format",
            format,
        ]
        .map(str::to_owned)
    };
    let greedy = run_owned(&args("greedy,random", "human"), 0).stdout;
    assert!(
        greedy.contains(
            "note: greedy players do not aim for the victory points of special rules `Hold the line`, `Lucky miss`, `Both ends`, `Wretch rally`: they score their points only when play meets them by chance\n"
        ),
        "{greedy}"
    );
    let json_report = json(&run_owned(&args("greedy", "json"), 0).stdout);
    assert_eq!(
        json_report["run"]["greedy_ignores"],
        serde_json::json!(ignored)
    );
    let random = run_owned(&args("random", "human"), 0).stdout;
    assert!(!random.contains("note:"), "{random}");

    let base = saturn();
    for mission in [
        "blockade-run-at-entebe",
        "dead-zone-battle",
        "meteor-storm",
        "the-battle-for-isn-barrage",
        "the-struggle-at-pan-base",
    ] {
        let report = json(
            &run(
                &[
                    "sim",
                    "--pack",
                    &base,
                    "--mission",
                    mission,
                    "--games",
                    "1",
                    "--format",
                    "json",
                ],
                0,
            )
            .stdout,
        );
        assert!(
            report["run"].get("greedy_ignores").is_none(),
            "{mission}: {}",
            report["run"]
        );
        // The greedy player escapes only when an escape wins the game.
        let escapes =
            (mission == "blockade-run-at-entebe").then(|| serde_json::json!(["Victory points"]));
        assert_eq!(
            report["run"].get("greedy_escapes_only_to_win"),
            escapes.as_ref(),
            "{mission}"
        );
    }
    let blockade = run(
        &[
            "sim",
            "--pack",
            &base,
            "--mission",
            "blockade-run-at-entebe",
            "--games",
            "1",
        ],
        0,
    )
    .stdout;
    assert!(
        blockade.contains(
            "note: greedy players escape by special rule `Victory points` only when one escape wins the game: its points before that come only by chance\n"
        ),
        "{blockade}"
    );
}
