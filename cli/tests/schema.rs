//! `spacedock schema`: each kind's schema is JSON, unknown kinds get a
//! suggestion, and `--write` produces the committed files byte for byte.

use crate::run;

const KINDS: [&str; 9] = [
    "pack", "rules", "ship", "tactics", "board", "mission", "fleet", "scenario", "bundle",
];

#[test]
fn every_kind_prints_a_json_schema() {
    for kind in KINDS {
        let finished = run(&["schema", kind], 0);
        let schema = crate::json(&finished.stdout);
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{kind}"
        );
        assert!(schema["properties"].is_object(), "{kind} has properties");
    }
}

/// Every pattern of every schema keeps to what common regex engines read:
/// no Unicode property classes (`\p{Cc}`), which Python's `re` (so the
/// `jsonschema` package) cannot compile.
#[test]
fn patterns_need_no_unicode_classes() {
    fn patterns<'v>(value: &'v serde_json::Value, found: &mut Vec<&'v str>) {
        match value {
            serde_json::Value::Object(object) => {
                for (key, value) in object {
                    match (key.as_str(), value) {
                        ("pattern", serde_json::Value::String(pattern)) => found.push(pattern),
                        _ => patterns(value, found),
                    }
                }
            }
            serde_json::Value::Array(values) => {
                for value in values {
                    patterns(value, found);
                }
            }
            _ => {}
        }
    }
    let mut checked = 0;
    for kind in KINDS {
        let schema = crate::json(&run(&["schema", kind], 0).stdout);
        let mut found = Vec::new();
        patterns(&schema, &mut found);
        checked += found.len();
        for pattern in found {
            assert!(!pattern.contains("\\p{"), "{kind}: {pattern}");
        }
    }
    assert!(checked > 0, "the names' pattern is among them");
}

#[test]
fn no_kind_lists_them_all() {
    let finished = run(&["schema"], 0);
    let names: Vec<&str> = finished
        .stdout
        .lines()
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, KINDS);
}

#[test]
fn an_unknown_kind_exits_2_with_a_suggestion() {
    let finished = run(&["schema", "shipp"], 2);
    assert_eq!(
        finished.stderr,
        "error: unknown schema kind `shipp`\nhelp: did you mean `ship`?\n"
    );
    let finished = run(&["schema", "nonsense"], 2);
    assert!(
        finished
            .stderr
            .starts_with("error: unknown schema kind `nonsense`\n"),
        "{}",
        finished.stderr
    );
    assert!(
        finished
            .stderr
            .contains("help: the kinds are pack, rules, ship"),
        "{}",
        finished.stderr
    );
    assert!(finished.stdout.is_empty());
}

#[test]
fn write_reproduces_the_committed_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("json");
    let finished = run(&["schema", "--write", out.to_str().unwrap()], 0);
    assert!(
        finished.stderr.starts_with("wrote 9 schemas to "),
        "{}",
        finished.stderr
    );
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema/json");
    for kind in KINDS {
        let name = format!("{kind}.schema.json");
        let written = std::fs::read_to_string(out.join(&name)).unwrap();
        let printed = run(&["schema", kind], 0).stdout;
        assert_eq!(written, printed, "--write and printing agree for {kind}");
        let committed = std::fs::read_to_string(committed.join(&name)).unwrap();
        assert!(
            written == committed,
            "schema/json/{name} is stale: run `cargo run -p spacedock -- schema --write schema/json`"
        );
    }
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), KINDS.len());
}

/// `--write` into a file, not a folder, says so.
#[test]
fn write_into_a_file_says_it_is_no_folder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("schemas");
    std::fs::write(&file, "kept\n").unwrap();
    let finished = run(&["schema", "--write", file.to_str().unwrap()], 2);
    assert!(
        finished.stderr.ends_with("`: it is a file, not a folder\n"),
        "{}",
        finished.stderr
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "kept\n");
}

/// A step's `lead` is described as the engine plays it and the docs say:
/// without it, the end that moves away from the other leads, not the
/// front end (which leads only a sideways first step).
#[test]
fn the_scenario_schema_describes_lead_as_the_engine_plays_it() {
    let finished = run(&["schema", "scenario"], 0);
    let schema = crate::json(&finished.stdout);
    let lead = schema["$defs"]["StepSource"]["properties"]["lead"]["description"]
        .as_str()
        .unwrap_or_else(|| panic!("{schema:#}"))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        lead.contains("the end that moves away from the other"),
        "{lead}"
    );
}

/// `choose-first`'s `player` is the player who goes first, not the high
/// roller who chooses: the step and its event say so.
#[test]
fn the_scenario_schema_says_who_goes_first() {
    let finished = run(&["schema", "scenario"], 0);
    let schema = crate::json(&finished.stdout);
    for kind in ["StepKind", "EventKind"] {
        let description = schema["$defs"][kind]["description"]
            .as_str()
            .unwrap_or_else(|| panic!("{schema:#}"));
        assert!(
            description.contains("`player` goes first, as the high roller"),
            "{kind}: {description}"
        );
    }
}
