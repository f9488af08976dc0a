//! Drift test: the committed JSON Schemas under `schema/json/` must be
//! exactly what the types in this crate generate today.
//!
//! Editors validate content packs against the committed files (the
//! `#:schema` line at the top of each TOML file), so a type change that is
//! not regenerated would silently leave authors with a stale schema. The
//! files are written by `spacedock schema --write schema/json`; this test
//! serializes the same way (`serde_json::to_string_pretty` plus a newline).
//! Set `UPDATE_SCHEMAS=1` to rewrite the files instead of failing.

use std::path::{Path, PathBuf};

use spacedock_schema::FileKind;

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("json")
}

fn generated(kind: FileKind) -> String {
    let mut text =
        serde_json::to_string_pretty(&kind.json_schema()).expect("a JSON Schema always serializes");
    text.push('\n');
    text
}

fn updating() -> bool {
    std::env::var_os("UPDATE_SCHEMAS").is_some_and(|value| value != "0")
}

#[test]
fn committed_schemas_match_the_types() {
    let dir = committed_dir();
    let mut stale = Vec::new();
    for kind in FileKind::ALL {
        let path = dir.join(kind.schema_file_name());
        let expected = generated(kind);
        if updating() {
            std::fs::create_dir_all(&dir).expect("create schema/json");
            std::fs::write(&path, &expected).expect("write a schema file");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(committed) if committed == expected => {}
            Ok(_) => stale.push(format!(
                "{} differs from the `{kind}` types",
                path.display()
            )),
            Err(error) => stale.push(format!("{} cannot be read: {error}", path.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "the committed JSON Schemas are out of date:\n  {}\n\
         regenerate them with `cargo run -p spacedock -- schema --write schema/json` \
         (or `UPDATE_SCHEMAS=1 cargo test -p spacedock-schema --test drift`) and commit the result",
        stale.join("\n  ")
    );
}

#[test]
fn no_stray_schema_files() {
    // A kind that was renamed or removed must not leave its old file behind
    // for editors to keep using.
    let expected: Vec<String> = FileKind::ALL
        .iter()
        .map(|kind| kind.schema_file_name())
        .collect();
    let entries = std::fs::read_dir(committed_dir()).expect("schema/json exists");
    for entry in entries {
        let name = entry
            .expect("readable entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        assert!(
            expected.contains(&name),
            "schema/json/{name} belongs to no file kind; delete it (kinds: {})",
            expected.join(", ")
        );
    }
}

#[test]
fn every_schema_describes_an_object_in_draft_2020_12() {
    for kind in FileKind::ALL {
        let schema = kind.json_schema();
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "`{kind}` schema should declare draft 2020-12"
        );
        assert_eq!(
            schema["type"], "object",
            "`{kind}` files are tables/objects"
        );
    }
}
