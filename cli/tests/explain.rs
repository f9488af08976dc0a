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

#[test]
fn a_code_or_the_list_is_required() {
    run(&["explain"], 2);
    run(&["explain", "SD0301", "--list"], 2);
}
