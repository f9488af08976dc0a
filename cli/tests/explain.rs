//! `spacedock explain`: codes by id or name, the full list, and unknown
//! codes.

use crate::run;

#[test]
fn explains_a_code_by_id() {
    let finished = run(&["explain", "SD0301"], 0);
    assert!(
        finished.stdout.starts_with("# SD0301 fleet-over-budget"),
        "{}",
        finished.stdout
    );
    assert!(finished.stdout.contains("## Example"));
}

#[test]
fn explains_a_code_by_name_in_any_case() {
    let by_name = run(&["explain", "Fleet-Over-Budget"], 0);
    let by_id = run(&["explain", "sd0301"], 0);
    assert_eq!(by_name.stdout, by_id.stdout);
}

#[test]
fn lists_every_code() {
    let finished = run(&["explain", "--list"], 0);
    let lines: Vec<&str> = finished.stdout.lines().collect();
    assert!(lines.len() > 50, "{}", finished.stdout);
    let line = lines
        .iter()
        .find(|line| line.starts_with("SD0301"))
        .unwrap();
    let columns: Vec<&str> = line.split_whitespace().take(3).collect();
    assert_eq!(columns, ["SD0301", "fleet-over-budget", "error"]);
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("SD0009") && line.contains(" warning "))
    );
}

#[test]
fn an_unknown_code_exits_2_with_a_suggestion() {
    let finished = run(&["explain", "fleet-over-budgte"], 2);
    assert_eq!(
        finished.stderr,
        "error: unknown diagnostic code `fleet-over-budgte`\nhelp: did you mean `fleet-over-budget`?\n"
    );
    let finished = run(&["explain", "SD9999"], 2);
    assert!(
        finished.stderr.contains("`spacedock explain --list`"),
        "{}",
        finished.stderr
    );
}

/// An unknown id of a family that has codes gets that family's codes, a
/// range only when they are one; others get the nearest ids, as a list.
#[test]
fn an_unknown_id_gets_its_familys_codes_or_the_nearest() {
    let help = |code: &str| run(&["explain", code], 2).stderr;
    for code in ["SD0708", "SD0799"] {
        assert_eq!(
            help(code),
            format!(
                "error: unknown diagnostic code `{code}`\nhelp: did you mean one of `SD0701` to `SD0706`, the SD07xx codes? `spacedock explain --list` lists every code with its summary\n"
            )
        );
    }
    assert_eq!(
        help("SD0999"),
        "error: unknown diagnostic code `SD0999`\nhelp: did you mean `SD0009`, `SD0209`, `SD0309` or `SD0609`?\n"
    );
}

#[test]
fn a_code_or_the_list_is_required() {
    run(&["explain"], 2);
    run(&["explain", "SD0301", "--list"], 2);
}
