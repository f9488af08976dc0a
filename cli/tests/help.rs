//! Help and version: every command's `--help` shows examples.

use crate::run;

#[test]
fn every_command_help_has_examples() {
    let commands: [&[&str]; 12] = [
        &[],
        &["check"],
        &["build"],
        &["fleet"],
        &["fleet", "check"],
        &["schema"],
        &["explain"],
        &["list"],
        &["help", "check"],
        &["sim"],
        &["sim", "merge"],
        &["replay"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        if args.first() != Some(&"help") {
            args.push("--help");
        }
        let finished = run(&args, 0);
        assert!(
            finished.stdout.contains("Examples:"),
            "`spacedock {}`:\n{}",
            args.join(" "),
            finished.stdout
        );
        assert!(
            finished.stdout.contains("Usage: spacedock"),
            "{}",
            finished.stdout
        );
        // Each example is one line that can be copied whole: clap wraps
        // the help at 100 columns, and a wrapped example loses its end.
        let examples = finished
            .stdout
            .split("Examples:")
            .nth(1)
            .unwrap_or_default();
        let lines: Vec<&str> = examples
            .lines()
            .skip(1)
            .take_while(|line| !line.is_empty())
            .collect();
        assert!(!lines.is_empty(), "{}", finished.stdout);
        for line in lines {
            assert!(
                line.starts_with("  spacedock ") || line.starts_with("  #"),
                "`spacedock {}`: a wrapped example: {line:?}",
                args.join(" ")
            );
        }
    }
}

#[test]
fn version_prints_the_crate_version() {
    // The same line whichever command asks (clap would say `spacedock-sim`).
    for args in [
        &["--version"][..],
        &["-V"],
        &["sim", "-V"],
        &["sim", "merge", "--version"],
    ] {
        let finished = run(args, 0);
        assert_eq!(
            finished.stdout,
            format!("spacedock {}\n", env!("CARGO_PKG_VERSION")),
            "{args:?}"
        );
    }
}

#[test]
fn no_command_shows_usage_and_exits_2() {
    let finished = run(&[], 2);
    assert!(
        finished.stderr.contains("Usage: spacedock"),
        "{}",
        finished.stderr
    );
}
