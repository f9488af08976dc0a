//! The table of codes in docs/authoring.md says what the compiler says of
//! each code: its name, severity and summary, row for row.

use spacedock_validator::Code;

#[test]
fn the_authoring_guide_lists_every_code_as_the_compiler_does() {
    let guide = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/authoring.md"),
    )
    .expect("docs/authoring.md reads");
    let stale: Vec<String> = Code::ALL
        .iter()
        .map(|code| {
            format!(
                "| [{id}](../validator/explain/{id}.md) | `{}` | {} | {} |",
                code.name(),
                code.severity().name(),
                code.summary(),
                id = code.id(),
            )
        })
        .filter(|row| !guide.lines().any(|line| line == row))
        .collect();
    assert!(
        stale.is_empty(),
        "rows of docs/authoring.md's code table to write as:\n{}",
        stale.join("\n")
    );
}
