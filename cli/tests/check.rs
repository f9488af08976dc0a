//! `spacedock check`: exit statuses, the three output formats, the
//! human rendering of a broken pack (snapshot), and the counts of a
//! playtest's findings (`--games`) in each format.

use crate::{copy_fixture, json, run, saturn, spacedock};

#[test]
fn a_clean_pack_exits_0_with_a_summary() {
    let finished = run(&["check", "clean"], 0);
    assert_eq!(finished.stderr, "clean: 0 errors, 0 warnings\n");
    assert_eq!(finished.stdout, "");
}

#[test]
fn a_broken_pack_exits_1() {
    let finished = run(&["check", "broken"], 1);
    assert!(
        finished.stderr.contains("SD0003(unknown-key)"),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stderr
            .lines()
            .last()
            .unwrap()
            .starts_with("broken: "),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_missing_pack_exits_2_with_a_clear_message() {
    let finished = run(&["check", "no-such-pack"], 2);
    assert!(
        finished
            .stderr
            .contains("pack folder `no-such-pack` does not exist"),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_file_given_as_pack_exits_2() {
    let finished = run(&["check", "clean/pack.toml"], 2);
    assert!(
        finished
            .stderr
            .contains("`clean/pack.toml` is not a folder"),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_folder_without_pack_toml_exits_2() {
    // `fleets/` exists but is not a pack: the library's not-a-pack.
    let finished = run(&["check", "fleets"], 2);
    assert!(
        finished.stderr.contains("SD0008(not-a-pack)"),
        "{}",
        finished.stderr
    );
}

#[test]
fn a_folder_named_pack_toml_is_said_to_be_one() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("odd/pack.toml")).unwrap();
    let finished = crate::run_in(dir.path(), &["check", "odd"], 2);
    assert!(
        finished
            .stderr
            .contains("`odd` is not a pack: its pack.toml is a folder, not a file"),
        "{}",
        finished.stderr
    );
}

/// A missing dependency hides the unknown references of the pack that
/// needs it (they may name its items), not those of another dependency
/// that does not need it.
#[test]
fn a_missing_dependency_hides_nothing_in_a_pack_that_does_not_need_it() {
    let copy = crate::copy_fixture("clean");
    let base = copy.path().join("clean");
    let frigate = base.join("ships/test-frigate.toml");
    let text = std::fs::read_to_string(&frigate).unwrap();
    std::fs::write(
        &frigate,
        text.replacen("faction = \"isn\"", "faction = \"isnn\"", 1),
    )
    .unwrap();
    let manifest = base.join("pack.toml");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str("\n[[aliases]]\nname = \"Frigate\"\ntarget = \"test-frigat\"\n");
    std::fs::write(&manifest, text).unwrap();
    crate::write_pack(
        &copy.path().join("campaign"),
        "campaign",
        &[("base", "../clean"), ("nope", "../nope")],
        "",
    );
    let finished = crate::run_in(copy.path(), &["check", "campaign"], 1);
    assert!(
        finished.stderr.contains("dependency `nope` is missing"),
        "{}",
        finished.stderr
    );
    // The base pack needs nothing it lacks: its misspelt faction and its
    // alias's misspelt target are told.
    assert!(
        finished.stderr.contains("no faction named `isnn`"),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stderr
            .contains("alias target `test-frigat` names no item"),
        "{}",
        finished.stderr
    );
}

/// A dependency whose manifest cannot be read, reached by two paths, is
/// told once.
#[test]
fn a_broken_dependency_reached_twice_is_told_once() {
    let dir = tempfile::tempdir().unwrap();
    for (id, dependencies) in [
        ("root", &[("a", "../a"), ("b", "../b")][..]),
        ("a", &[("c", "../c")]),
        ("b", &[("c", "../c")]),
    ] {
        crate::write_pack(&dir.path().join(id), id, dependencies, "");
    }
    std::fs::create_dir(dir.path().join("c")).unwrap();
    std::fs::write(dir.path().join("c/pack.toml"), "id = \"c\n").unwrap();
    let finished = crate::run_in(dir.path(), &["check", "root"], 1);
    assert_eq!(
        finished.stderr.matches("SD0002(toml-syntax)").count(),
        1,
        "{}",
        finished.stderr
    );
}

/// Two packs built on one broken pack tell its errors once, with the
/// first pack that reaches it: each pack of a repository on one base pack
/// told them again, annotations and totals alike.
#[test]
fn a_dependency_two_packs_share_is_told_once() {
    let copy = crate::copy_fixture("broken");
    let alone = crate::run_in(copy.path(), &["check", "broken", "--format", "json"], 1);
    let alone = crate::json(&alone.stdout)["errors"].as_u64().unwrap();
    for id in ["a", "b"] {
        crate::write_pack(&copy.path().join(id), id, &[("base", "../broken")], "");
    }
    let finished = crate::run_in(copy.path(), &["check", "a", "b", "--format", "json"], 1);
    let report = crate::json(&finished.stdout);
    assert_eq!(report["errors"].as_u64(), Some(alone), "{report:#}");
    let files: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|diagnostic| diagnostic["pack"].as_str())
        .collect();
    assert!(files.iter().all(|pack| *pack == "a"), "{files:?}");
    let human = crate::run_in(copy.path(), &["check", "a", "b"], 1).stderr;
    assert!(
        human.contains(&format!(
            "\nb: 0 errors, 0 warnings\nchecked 2 packs: {alone} errors"
        )),
        "{human}"
    );
}

/// An alias a dependency gives again for another item is told in the
/// root pack, whose author can change it.
#[test]
fn an_alias_given_again_by_a_dependency_is_told_in_the_root() {
    let copy = crate::copy_fixture("clean");
    let base = copy.path().join("clean").join("pack.toml");
    let mut text = std::fs::read_to_string(&base).unwrap();
    text.push_str("\n[[aliases]]\nname = \"Frigate\"\ntarget = \"test-raider\"\n");
    std::fs::write(&base, text).unwrap();
    crate::write_pack(
        &copy.path().join("campaign"),
        "campaign",
        &[("base", "../clean")],
        "[[aliases]]\nname = \"Frigate\"\ntarget = \"test-frigate\"\n",
    );
    let finished = crate::run_in(copy.path(), &["check", "campaign", "--format", "json"], 1);
    let report = crate::json(&finished.stdout);
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{report:#}");
    assert_eq!(diagnostics[0]["code"], "SD0105");
    assert!(
        diagnostics[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("campaign/pack.toml"),
        "{report:#}"
    );
}

#[test]
fn a_pack_named_twice_is_checked_once() {
    let finished = run(&["check", "broken", "./broken", "broken/"], 1);
    assert_eq!(
        finished.stderr.matches("SD0003(unknown-key)").count(),
        1,
        "{}",
        finished.stderr
    );
    assert_eq!(
        finished.stderr.matches("broken: ").count(),
        1,
        "{}",
        finished.stderr
    );
}

#[test]
fn every_pack_is_checked_even_after_a_bad_one() {
    let finished = run(&["check", "no-such-pack", "broken", "clean"], 2);
    assert!(
        finished.stderr.contains("SD0003(unknown-key)"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stderr.contains("\nclean: 0 errors, 0 warnings\n"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stderr.contains("checked 3 packs: "),
        "{}",
        finished.stderr
    );
}

#[test]
fn unknown_flags_are_usage_errors() {
    run(&["check", "clean", "--frobnicate"], 2);
    run(&["check"], 2);
    run(&["check", "clean", "--sets", "0"], 2);
    run(&["check", "clean", "--format", "xml"], 2);
}

#[test]
fn warnings_pass_unless_denied() {
    let dir = copy_fixture("clean");
    let pack = dir.path().join("clean");
    std::fs::write(pack.join("notes.toml"), "todo = \"stray\"\n").unwrap();
    let pack = pack.to_str().unwrap();
    let finished = run(&["check", pack], 0);
    assert!(
        finished.stderr.contains("SD0009(stray-file)"),
        "{}",
        finished.stderr
    );
    assert!(
        finished.stderr.ends_with(": 0 errors, 1 warning\n"),
        "{}",
        finished.stderr
    );
    run(&["check", pack, "--deny-warnings"], 1);
    // The JSON says whether the check passed, as the exit status does.
    for (deny, passed) in [(false, true), (true, false)] {
        let mut args = vec!["check", pack, "--format", "json"];
        if deny {
            args.push("--deny-warnings");
        }
        let report = crate::json(&run(&args, i32::from(deny)).stdout);
        assert_eq!(report["errors"], 0);
        assert_eq!(report["passed"], passed, "{report}");
    }
}

#[test]
fn json_is_one_object_with_every_diagnostic() {
    let finished = run(&["check", "broken", "clean", "--format", "json"], 1);
    assert_eq!(finished.stderr, "", "json mode prints nothing else");
    let report = json(&finished.stdout);
    let diagnostics = report["diagnostics"]
        .as_array()
        .expect("a diagnostics array");
    assert!(!diagnostics.is_empty());
    let errors = diagnostics
        .iter()
        .filter(|d| d["severity"] == "error")
        .count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d["severity"] == "warning")
        .count();
    assert_eq!(report["errors"].as_u64(), Some(errors as u64));
    assert_eq!(report["warnings"].as_u64(), Some(warnings as u64));
    assert!(errors >= 2 && warnings >= 1, "{report:#}");
    for diagnostic in diagnostics {
        for key in [
            "code", "name", "severity", "message", "file", "line", "column", "help",
        ] {
            assert!(
                diagnostic.get(key).is_some(),
                "`{key}` missing in {diagnostic}"
            );
        }
        let code = diagnostic["code"].as_str().unwrap();
        assert!(code.len() == 6 && code.starts_with("SD"), "{code}");
        assert_eq!(
            diagnostic["pack"], "broken",
            "only the broken pack has diagnostics"
        );
    }
    let unknown_key = diagnostics
        .iter()
        .find(|d| d["code"] == "SD0003")
        .expect("the misspelled launch_cost is reported");
    assert_eq!(unknown_key["name"], "unknown-key");
    assert_eq!(unknown_key["file"], "broken/ships/bad-frigate.toml");
    assert_eq!(unknown_key["line"], 8, "`lanch_cost` is on line 8");
    assert_eq!(unknown_key["column"], 1);
    let stray = diagnostics
        .iter()
        .find(|d| d["code"] == "SD0009")
        .expect("notes.toml is stray");
    assert_eq!(stray["severity"], "warning");
}

#[test]
fn json_has_null_positions_when_there_is_no_location() {
    let finished = run(&["check", "no-such-pack", "--format", "json"], 2);
    let report = json(&finished.stdout);
    let missing = &report["diagnostics"][0];
    assert_eq!(missing["code"], "SD0001");
    assert!(missing["file"].is_null() && missing["line"].is_null() && missing["column"].is_null());
    assert_eq!(report["errors"], 1);
}

#[test]
fn github_format_prints_one_annotation_per_diagnostic() {
    let as_json = run(&["check", "broken", "--format", "json"], 1);
    let count = json(&as_json.stdout)["diagnostics"]
        .as_array()
        .unwrap()
        .len();
    let finished = run(&["check", "broken", "--format", "github"], 1);
    let lines: Vec<&str> = finished.stdout.lines().collect();
    assert_eq!(lines.len(), count, "{}", finished.stdout);
    for line in &lines {
        assert!(
            line.starts_with("::error ") || line.starts_with("::warning "),
            "{line}"
        );
        assert!(!line.contains('\r'));
    }
    assert!(
        lines.iter().any(|line| line.starts_with(
            "::error file=broken/ships/bad-frigate.toml,line=8,col=1,endLine=8,endColumn=11,\
             title=SD0003 unknown-key::"
        )),
        "{}",
        finished.stdout
    );
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("::warning file=broken/notes.toml,")),
        "{}",
        finished.stdout
    );
    assert!(
        finished.stderr.starts_with("broken: "),
        "the summary goes to stderr"
    );
}

/// An annotation has one place: a diagnostic's notes are written into its
/// text with theirs.
#[test]
fn github_annotations_carry_the_notes_places() {
    let copy = crate::copy_fixture("clean");
    let manifest = copy.path().join("clean").join("pack.toml");
    let mut text = std::fs::read_to_string(&manifest).unwrap();
    text.push_str(
        "\n[[aliases]]\nname = \"Frigate\"\ntarget = \"test-frigate\"\n\
         \n[[aliases]]\nname = \"Frigate\"\ntarget = \"test-raider\"\n",
    );
    std::fs::write(&manifest, text).unwrap();
    let finished = crate::run_in(copy.path(), &["check", "clean", "--format", "github"], 1);
    let line = finished
        .stdout
        .lines()
        .find(|line| line.contains("SD0105"))
        .unwrap_or_else(|| panic!("{}", finished.stdout));
    assert!(
        line.contains("%0Aclean/pack.toml:") && line.contains(": first given here"),
        "{line}"
    );
    // JSON gives a note both ends, as it does a diagnostic.
    let finished = crate::run_in(copy.path(), &["check", "clean", "--format", "json"], 1);
    let report = crate::json(&finished.stdout);
    let note = &report["diagnostics"][0]["notes"][0];
    assert_eq!(note["line"], note["end_line"], "{note}");
    assert_eq!(
        note["end_column"].as_u64().unwrap() - note["column"].as_u64().unwrap(),
        "\"Frigate\"".len() as u64,
        "{note}"
    );
}

#[test]
fn no_colour_unless_asked() {
    let plain = run(&["check", "broken"], 1);
    assert!(!plain.stderr.contains('\u{1b}'));
    let colored = spacedock()
        .args(["check", "broken", "--color", "always"])
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&colored.get_output().stderr).into_owned();
    assert!(stderr.contains('\u{1b}'), "{stderr}");
    let never = spacedock()
        .args(["check", "broken", "--color", "never"])
        .env("NO_COLOR", "1")
        .assert()
        .code(1);
    assert!(!String::from_utf8_lossy(&never.get_output().stderr).contains('\u{1b}'));
}

/// Usage errors heed `--color`, clap's own (written anywhere on the
/// command line) and the tool's (on this pipe, auto is plain).
#[test]
fn usage_errors_heed_the_colour_asked() {
    const CLAP: &str = "unrecognized subcommand";
    // The tool's own usage errors too, as clap's.
    const OWN: &str = "unknown diagnostic code";
    for (args, coloured, said) in [
        (&["--color", "always", "chek"][..], true, CLAP),
        (&["chek", "--color=always"][..], true, CLAP),
        (&["--color", "never", "chek"][..], false, CLAP),
        (&["chek"][..], false, CLAP),
        (&["explain", "SD9999", "--color", "always"][..], true, OWN),
        (&["explain", "SD9999", "--color", "never"][..], false, OWN),
    ] {
        let finished = run(args, 2);
        assert_eq!(
            finished.stderr.contains('\u{1b}'),
            coloured,
            "{args:?}: {}",
            finished.stderr
        );
        assert!(finished.stderr.contains(said), "{}", finished.stderr);
    }
}

/// The findings of every mission's playtest in a `check --format json`
/// object, as (kind, severity) pairs.
fn playtest_findings(report: &serde_json::Value) -> Vec<(String, String)> {
    report["playtest"]
        .as_array()
        .expect("a playtest array")
        .iter()
        .flat_map(|mission| mission["findings"].as_array().unwrap())
        .map(|finding| {
            (
                finding["kind"].as_str().unwrap().to_owned(),
                finding["severity"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn playtest_findings_count_in_the_json_totals() {
    // A step bound too low for some games to end (errors), and one-sided
    // missions (warnings), next to the broken pack's diagnostics.
    let short = crate::clean_with_short_decks();
    let broken = crate::fixtures().join("broken");
    let args = [
        "check",
        "clean",
        broken.to_str().unwrap(),
        "--games",
        "3",
        "--max-steps",
        "5",
        "--format",
        "json",
    ];
    let report = json(&crate::run_in(short.path(), &args, 1).stdout);
    let findings = playtest_findings(&report);
    let found = |severity: &str| findings.iter().filter(|(_, s)| s == severity).count();
    let diagnostics = report["diagnostics"].as_array().unwrap();
    let diagnosed = |severity: &str| {
        diagnostics
            .iter()
            .filter(|d| d["severity"] == severity)
            .count()
    };
    assert!(found("error") >= 1 && found("warning") >= 1, "{report:#}");
    assert_eq!(
        report["errors"].as_u64(),
        Some((diagnosed("error") + found("error")) as u64),
        "{report:#}"
    );
    assert_eq!(
        report["warnings"].as_u64(),
        Some((diagnosed("warning") + found("warning")) as u64),
        "{report:#}"
    );

    // Warnings denied: they fail the run, and the object counts them, the
    // decks' warnings (SD0313) with the playtest's.
    let report = json(
        &crate::run_in(
            short.path(),
            &[
                "check",
                "clean",
                "--games",
                "5",
                "--deny-warnings",
                "--format",
                "json",
            ],
            1,
        )
        .stdout,
    );
    let warnings = playtest_findings(&report).len();
    assert!(warnings >= 1, "{report:#}");
    assert_eq!(report["errors"], 0);
    let decks = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "SD0313")
        .count();
    assert_eq!(report["diagnostics"].as_array().unwrap().len(), decks);
    assert_eq!(report["warnings"].as_u64(), Some((decks + warnings) as u64));
}

#[test]
fn playtest_findings_count_in_the_summary_lines() {
    let report = json(
        &run(
            &[
                "check",
                "clean",
                "--games",
                "3",
                "--max-steps",
                "5",
                "--format",
                "json",
            ],
            1,
        )
        .stdout,
    );
    let summary = format!(
        "clean: {} error{}, {} warning{}\n",
        report["errors"],
        if report["errors"] == 1 { "" } else { "s" },
        report["warnings"],
        if report["warnings"] == 1 { "" } else { "s" },
    );
    assert_ne!(summary, "clean: 0 errors, 0 warnings\n");
    for format in ["human", "github"] {
        let finished = run(
            &[
                "check",
                "clean",
                "--games",
                "3",
                "--max-steps",
                "5",
                "--format",
                format,
            ],
            1,
        );
        assert!(
            finished
                .stderr
                .lines()
                .any(|line| format!("{line}\n") == summary),
            "{format}: no `{}` in\n{}",
            summary.trim_end(),
            finished.stderr
        );
    }
}

#[test]
fn a_playtest_prints_who_won_each_mission_as_the_json_counts() {
    let args = ["check", "clean", "--games", "6"];
    let report = json(&run(&[&args[..], &["--format", "json"]].concat(), 0).stdout);
    let human = run(&args, 0).stderr;
    assert!(
        human.contains("clean: played 6 games (random players) of each of 2 missions: "),
        "{human}"
    );
    for mission in report["playtest"].as_array().unwrap() {
        let finished = mission["finished"].as_u64().unwrap();
        assert!(finished > 0, "{mission:#}");
        let share = |won: u64| format!("{:.0}%", won as f64 * 100.0 / finished as f64);
        let mut words: Vec<String> = mission["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                format!(
                    "{} {}",
                    pair[0].as_str().unwrap(),
                    share(pair[1].as_u64().unwrap())
                )
            })
            .collect();
        words.push(format!(
            "draws {}",
            share(mission["draws"].as_u64().unwrap())
        ));
        let rounds = mission["mean_rounds"].as_f64().unwrap();
        let line = format!(
            "{} of {finished} finished games; {rounds:.1} rounds on average",
            words.join(", ")
        );
        let id = mission["mission"].as_str().unwrap();
        assert!(
            human
                .lines()
                .any(|text| text.starts_with(&format!("  {id} ")) && text.ends_with(&line)),
            "no `{id} ... {line}` in\n{human}"
        );
        assert_eq!(mission["policies"], serde_json::json!(["random"]));
    }
}

#[test]
fn a_playtest_plays_the_policies_asked_for() {
    // One side never wins a game cut short: the finding names who played,
    // and its trace command plays the same seats again.
    let args = ["check", "clean", "--games", "3", "--max-steps", "5"];
    let greedy = run(&[&args[..], &["--policy", "greedy,random"]].concat(), 1).stderr;
    assert!(
        greedy.contains("played 3 games (greedy, random players, seat by seat)"),
        "{greedy}"
    );
    // The other way round is another run, told apart.
    let swapped = run(&[&args[..], &["--policy", "random,greedy"]].concat(), 1).stderr;
    assert!(
        swapped.contains("played 3 games (random, greedy players, seat by seat)"),
        "{swapped}"
    );
    assert!(
        greedy.contains("--policy greedy,random --seed 0"),
        "{greedy}"
    );
    let random = run(&args, 1).stderr;
    assert!(random.contains("--policy random --seed 0"), "{random}");
    // Without --games there is nothing to play.
    let usage = run(&["check", "clean", "--policy", "greedy"], 2).stderr;
    assert!(usage.contains("--games <N>"), "{usage}");
    let unknown = run(&["check", "clean", "--games", "1", "--policy", "gredy"], 2).stderr;
    assert!(unknown.contains("did you mean `greedy`"), "{unknown}");
}

#[test]
fn a_policy_per_seat_must_fit_every_mission_played() {
    // The base pack seats two, three and four players: two policies fit
    // only some of its missions, so nothing is played and the run is a
    // usage error naming the misfits.
    let base = saturn();
    let args = ["check", &base, "--games", "1", "--policy", "greedy,random"];
    let misfit = run(&args, 2);
    assert_eq!(
        misfit.stderr,
        format!(
            "error: `--policy greedy,random` names a policy for each of 2 seats, but these missions seat another number: {base}: `meteor-storm` (4 seats), `the-struggle-at-pan-base` (3 seats)\n\
             help: give one policy for every seat, or play a mission with one per seat: `spacedock sim --pack PACK --mission ID --policy A,B,...`\n"
        )
    );
    // One policy plays every seat of every mission.
    let one = run(&["check", &base, "--games", "1", "--policy", "greedy"], 0);
    assert!(
        one.stderr
            .contains("(greedy players) of each of 8 missions"),
        "{}",
        one.stderr
    );
}

#[test]
fn playtest_findings_have_one_name_in_every_format() {
    let short = crate::clean_with_short_decks();
    let run = |args: &[&str], code| crate::run_in(short.path(), args, code);
    let args = ["check", "clean", "--games", "3", "--max-steps", "5"];
    let report = json(&run(&[&args[..], &["--format", "json"]].concat(), 1).stdout);
    let mut in_json: Vec<String> = playtest_findings(&report)
        .into_iter()
        .map(|(kind, _)| kind)
        .collect();
    let human = run(&args, 1).stderr;
    let mut in_human: Vec<String> = human
        .lines()
        .filter_map(|line| {
            let rest = line
                .strip_prefix("error[")
                .or_else(|| line.strip_prefix("warning["))?;
            Some(rest.split(']').next().unwrap().to_owned())
        })
        .collect();
    let github = run(&[&args[..], &["--format", "github"]].concat(), 1).stdout;
    let mut in_github: Vec<String> = github
        .lines()
        .filter_map(|line| {
            let title = line.split("title=").nth(1)?;
            let name = title.split("::").next().unwrap();
            name.starts_with("sim-").then(|| name.to_owned())
        })
        .collect();
    for names in [&mut in_json, &mut in_human, &mut in_github] {
        names.sort();
    }
    assert!(
        in_json.contains(&"sim-hang".to_owned()) && in_json.contains(&"sim-one-sided".to_owned()),
        "{in_json:?}"
    );
    assert_eq!(in_json, in_human);
    assert_eq!(in_json, in_github);
}

#[test]
fn human_rendering_of_a_broken_pack() {
    let finished = run(&["check", "broken"], 1);
    insta::assert_snapshot!(finished.stderr);
}

/// A FIFO or a device among a pack's TOML files (`rules.toml` too) is an
/// error, not a wait without end (a FIFO) or a read without end
/// (`/dev/zero`); a stray one outside the pack's folders, at the top or in
/// a misspelt folder, is not read either, yet warned about as any stray
/// file is.
#[cfg(unix)]
#[test]
fn files_that_are_not_regular_are_refused_not_read() {
    let dir = copy_fixture("clean");
    let pack = dir.path().join("clean");
    std::fs::create_dir(pack.join("shisp")).unwrap();
    for fifo in [
        pack.join("ships/waiting.toml"),
        pack.join("stray.toml"),
        pack.join("shisp/stray.toml"),
        pack.join("rules.toml"),
    ] {
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
    }
    std::os::unix::fs::symlink("/dev/zero", pack.join("tactics/zero.toml")).unwrap();
    // A link to nothing is not a special file: where it leads is told.
    std::os::unix::fs::symlink("/no/such/file.toml", pack.join("ships/dangling.toml")).unwrap();
    std::os::unix::fs::symlink("/no/such/file.toml", pack.join("boards/dangling.toml")).unwrap();
    let finished = run(&["check", pack.to_str().unwrap(), "--format", "github"], 2);
    let refused: Vec<&str> = finished
        .stdout
        .lines()
        .chain(finished.stderr.lines())
        .filter(|line| line.contains("is not a regular file"))
        .collect();
    assert_eq!(refused.len(), 3, "{}{}", finished.stdout, finished.stderr);
    assert!(refused[0].contains("clean/rules.toml"), "{refused:?}");
    assert!(refused[1].contains("ships/waiting.toml"), "{refused:?}");
    assert!(refused[2].contains("tactics/zero.toml"), "{refused:?}");
    for dangling in ["boards/dangling.toml", "ships/dangling.toml"] {
        assert!(
            finished.stdout.contains(&format!(
                "{dangling}`: it is a link to `/no/such/file.toml`, which does not exist"
            )),
            "{}",
            finished.stdout
        );
    }
    let stray: Vec<&str> = finished
        .stdout
        .lines()
        .filter(|line| line.contains("stray-file"))
        .collect();
    assert_eq!(stray.len(), 2, "{}", finished.stdout);
    assert!(stray[0].contains("clean/shisp/stray.toml"), "{stray:?}");
    assert!(
        stray[0].contains("did you mean the folder `ships`?"),
        "{stray:?}"
    );
    assert!(stray[1].contains("clean/stray.toml"), "{stray:?}");
}

/// A ship file that cannot be read is one error: the references to the
/// ship it holds (named after its file) are not reported again.
#[cfg(unix)]
#[test]
fn an_unread_item_is_one_error_not_a_cascade() {
    let dir = copy_fixture("clean");
    let pack = dir.path().join("clean");
    let ship = pack.join("ships").join("test-frigate.toml");
    std::fs::remove_file(&ship).unwrap();
    std::os::unix::fs::symlink("/no/such/file.toml", &ship).unwrap();
    // A file that cannot be read: exit status 2, as for any read error.
    let finished = run(&["check", pack.to_str().unwrap(), "--format", "json"], 2);
    let report = crate::json(&finished.stdout);
    let codes = crate::each_str(&report["diagnostics"], "code");
    assert_eq!(codes, ["SD0001"], "{report:#}");
}

/// A `rules.toml` linked to nothing is an error saying where it leads,
/// not a pack quietly played with the default rules.
#[cfg(unix)]
#[test]
fn a_rules_file_linked_to_nothing_is_an_error() {
    let dir = copy_fixture("clean");
    let pack = dir.path().join("clean");
    std::os::unix::fs::symlink("/no/such/rules.toml", pack.join("rules.toml")).unwrap();
    let finished = run(&["check", pack.to_str().unwrap(), "--format", "github"], 2);
    assert!(
        finished.stdout.contains(
            "clean/rules.toml`: it is a link to `/no/such/rules.toml`, which does not exist"
        ),
        "{}",
        finished.stdout
    );
}
