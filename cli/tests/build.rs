//! `spacedock build`: the bundle is written only for a clean pack, is the
//! same bytes every time, and an existing file survives a failed build.

use crate::{copy_fixture, fixtures, json, run};

#[test]
fn writes_a_bundle_and_says_what_is_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tiny.json");
    let finished = run(&["build", "clean", "-o", out.to_str().unwrap()], 0);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.ends_with("}\n"), "pretty JSON with a trailing newline");
    assert!(text.starts_with("{\n  \""), "two-space indentation");
    let bundle = json(&text);
    assert_eq!(bundle["pack"]["id"], "tiny");
    assert_eq!(bundle["ships"].as_array().unwrap().len(), 3);
    let hash = bundle["content_hash"].as_str().unwrap();
    assert!(hash.starts_with("sha256:"), "{hash}");
    let summary = finished.stderr.lines().last().unwrap();
    assert_eq!(
        summary,
        format!(
            "wrote {}: 3 ships, 6 tactic cards, 2 missions, 1 board ({hash})",
            out.display()
        )
    );
    // Nothing but the bundle in the folder: the temporary file was renamed.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn the_same_pack_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.json");
    let second = dir.path().join("second.json");
    run(&["build", "clean", "-o", first.to_str().unwrap()], 0);
    run(&["build", "clean", "-o", second.to_str().unwrap()], 0);
    assert_eq!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&second).unwrap()
    );
}

#[test]
fn dash_writes_the_bundle_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tiny.json");
    run(&["build", "clean", "-o", file.to_str().unwrap()], 0);
    let finished = run(&["build", "clean", "-o", "-"], 0);
    assert_eq!(finished.stdout, std::fs::read_to_string(&file).unwrap());
    assert!(
        finished.stderr.contains("wrote <stdout>: 3 ships"),
        "{}",
        finished.stderr
    );
}

#[test]
fn errors_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("broken.json");
    let finished = run(&["build", "broken", "-o", out.to_str().unwrap()], 1);
    assert!(
        finished.stderr.contains("SD0003(unknown-key)"),
        "{}",
        finished.stderr
    );
    assert!(!finished.stderr.contains("wrote"), "{}", finished.stderr);
    assert!(!out.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no temporary file left"
    );
}

#[test]
fn errors_leave_an_existing_bundle_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bundle.json");
    std::fs::write(&out, "previous good bundle\n").unwrap();
    run(&["build", "broken", "-o", out.to_str().unwrap()], 1);
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "previous good bundle\n"
    );
}

#[test]
fn denied_warnings_write_nothing() {
    let dir = copy_fixture("clean");
    let pack = dir.path().join("clean");
    std::fs::write(pack.join("notes.toml"), "todo = \"stray\"\n").unwrap();
    let out = dir.path().join("bundle.json");
    let (pack, out_arg) = (pack.to_str().unwrap(), out.to_str().unwrap());
    let finished = run(&["build", pack, "-o", out_arg, "--deny-warnings"], 1);
    assert!(!out.exists());
    assert!(
        finished.stderr.ends_with(
            ": 0 errors, 1 warning\nwrote nothing: `--deny-warnings` makes the warnings fail the build\n"
        ),
        "{}",
        finished.stderr
    );
    // With errors too, nothing more is said: no bundle was made.
    let finished = run(&["build", "broken", "-o", out_arg, "--deny-warnings"], 1);
    assert!(
        !finished.stderr.contains("wrote nothing"),
        "{}",
        finished.stderr
    );
    // A tool reading the JSON learns it failed from `passed`: the counts
    // show no error.
    let finished = run(
        &[
            "build",
            pack,
            "-o",
            out_arg,
            "--deny-warnings",
            "--format",
            "json",
        ],
        1,
    );
    let report = json(&finished.stdout);
    assert_eq!(
        (report["errors"].clone(), report["passed"].clone()),
        (0.into(), false.into())
    );
    assert!(!out.exists());
    run(&["build", pack, "-o", out_arg], 0);
    assert!(out.exists(), "warnings alone do not stop a build");
}

#[test]
fn json_format_reports_the_bundle() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tiny.json");
    let finished = run(
        &[
            "build",
            "clean",
            "-o",
            out.to_str().unwrap(),
            "--format",
            "json",
        ],
        0,
    );
    let report = json(&finished.stdout);
    assert_eq!(report["errors"], 0);
    assert_eq!(report["passed"], true);
    assert_eq!(report["bundle"]["ships"], 3);
    assert_eq!(report["bundle"]["path"], out.to_str().unwrap());
    let bundle = json(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(report["bundle"]["content_hash"], bundle["content_hash"]);
}

/// The JSON or GitHub report and a bundle written to stdout would mix:
/// refused for `-`, and for a path naming the file stdout is (as
/// `/dev/stdout` does on the pipe the test reads), for `sim` alike.
#[test]
fn json_and_a_stdout_bundle_do_not_mix() {
    for (output, format) in [
        ("-", "json"),
        ("/dev/stdout", "json"),
        ("/dev/stdout", "github"),
    ] {
        let finished = run(&["build", "clean", "-o", output, "--format", format], 2);
        assert!(finished.stdout.is_empty());
        assert!(
            finished.stderr.starts_with(&format!(
                "error: `--format {format}` prints to stdout, where `-o {output}` writes the bundle"
            )),
            "{}",
            finished.stderr
        );
    }
}

#[test]
fn a_missing_output_folder_is_an_io_error() {
    let out = fixtures().join("no-such-folder").join("bundle.json");
    let finished = run(&["build", "clean", "-o", out.to_str().unwrap()], 2);
    assert!(
        finished.stderr.contains("error: cannot write"),
        "{}",
        finished.stderr
    );
    assert!(!fixtures().join("no-such-folder").exists());
}

#[test]
fn the_output_flag_is_required() {
    run(&["build", "clean"], 2);
}

/// `-o /dev/stdout` writes to standard output when it is a pipe (as here:
/// the test reads it through one), where the link leads to no path.
#[test]
fn the_bundle_goes_to_dev_stdout_on_a_pipe() {
    let finished = crate::run(&["build", "clean", "-o", "/dev/stdout"], 0);
    let bundle = crate::json(&finished.stdout);
    assert_eq!(bundle["pack"]["id"], "tiny", "{}", finished.stdout);
}

/// The bundle never replaces a file of the pack it is built from.
#[test]
fn the_bundle_does_not_overwrite_the_pack() {
    let dir = crate::copy_fixture("clean");
    let pack = dir.path().join("clean");
    let manifest = pack.join("pack.toml");
    let before = std::fs::read_to_string(&manifest).unwrap();
    let finished = crate::run(
        &[
            "build",
            pack.to_str().unwrap(),
            "-o",
            manifest.to_str().unwrap(),
        ],
        2,
    );
    assert!(
        finished.stderr.contains("one of the command's own inputs"),
        "{}",
        finished.stderr
    );
    assert_eq!(std::fs::read_to_string(&manifest).unwrap(), before);
}

/// Nor a TOML file of the pack that compiling does not read: a fleet
/// build or a scenario.
#[test]
fn the_bundle_does_not_overwrite_the_packs_builds_or_scenarios() {
    let dir = crate::copy_fixture("clean");
    let pack = dir.path().join("clean");
    for file in ["fleets/isn.toml", "tests/a-scenario.toml"] {
        let target = pack.join(file);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::write(&target, "# kept\n").unwrap();
        let finished = crate::run(
            &[
                "build",
                pack.to_str().unwrap(),
                "-o",
                target.to_str().unwrap(),
            ],
            2,
        );
        assert!(
            finished
                .stderr
                .contains("a TOML file inside the pack's folder"),
            "{}",
            finished.stderr
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "# kept\n");
    }
    // A JSON bundle inside the pack's folder is written.
    let bundle = pack.join("bundle.json");
    crate::run(
        &[
            "build",
            pack.to_str().unwrap(),
            "-o",
            bundle.to_str().unwrap(),
        ],
        0,
    );
    assert!(bundle.exists());
}

/// An output in a folder that does not exist says so, as `sim -o` does.
#[test]
fn a_missing_output_folder_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("dist").join("bundle.json");
    let finished = run(&["build", "clean", "-o", output.to_str().unwrap()], 2);
    assert!(
        finished.stderr.contains(&format!(
            "there is no folder `{}`",
            dir.path().join("dist").display()
        )),
        "{}",
        finished.stderr
    );
    assert!(!output.exists());
}
