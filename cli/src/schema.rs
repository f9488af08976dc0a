//! `spacedock schema [KIND]`: the JSON Schema of each file kind, for editors
//! (the `#:schema` line of a TOML file) and for tools that read bundles.
//! `--write DIR` writes them as `DIR/<kind>.schema.json`; the copies
//! committed under `schema/json/` are made this way and a drift test in the
//! schema crate keeps them current.

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::path::Path;

use spacedock_schema::FileKind;

use crate::args::SchemaArgs;
use crate::error::Error;
use crate::exit::Exit;
use crate::render::count;
use crate::write;

pub(crate) fn run(args: &SchemaArgs) -> Result<Exit, Error> {
    let chosen = args.kind.as_deref().map(parse_kind).transpose()?;
    match (&args.write, chosen) {
        (Some(dir), chosen) => {
            let kinds = chosen.map_or_else(|| FileKind::ALL.to_vec(), |kind| vec![kind]);
            write_all(dir, &kinds)?;
        }
        (None, Some(kind)) => io::stdout().lock().write_all(text(kind).as_bytes())?,
        (None, None) => io::stdout().lock().write_all(listing().as_bytes())?,
    }
    Ok(Exit::Success)
}

/// The kind with this name, or an error suggesting the closest one.
fn parse_kind(name: &str) -> Result<FileKind, Error> {
    FileKind::from_name(&name.to_ascii_lowercase()).ok_or_else(|| Error::UnknownKind {
        kind: name.to_owned(),
        suggestion: spacedock_validator::suggest::did_you_mean(
            name,
            FileKind::ALL.iter().map(|kind| kind.name()),
        ),
    })
}

/// A kind's schema as written to disk: pretty JSON and a trailing newline.
/// The schema crate's drift test serializes the same way.
pub(crate) fn text(kind: FileKind) -> String {
    let mut text =
        serde_json::to_string_pretty(&kind.json_schema()).expect("a JSON Schema always serializes");
    text.push('\n');
    text
}

/// Where files of a kind live, and what they hold.
fn describe(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Pack => "pack.toml: the manifest of a content pack",
        FileKind::Rules => "rules.toml: the ruleset numbers",
        FileKind::Ship => "ships/*.toml: one ship card per file",
        FileKind::Tactics => "tactics/*.toml: tactic cards, any number per file",
        FileKind::Board => "boards/*.toml: one gameboard per file",
        FileKind::Mission => "missions/*.toml: one mission per file",
        FileKind::Fleet => "a player's fleet build, for `spacedock fleet check`",
        FileKind::Scenario => "tests/*.toml: one scenario test per file, for `spacedock test`",
        FileKind::Bundle => "the compiled bundle (JSON) that `spacedock build` writes",
    }
}

/// One line per kind: its name and what it describes.
fn listing() -> String {
    let width = FileKind::ALL
        .iter()
        .map(|kind| kind.name().len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for kind in FileKind::ALL {
        let _ = writeln!(text, "{:width$}  {}", kind.name(), describe(kind));
    }
    text
}

fn write_all(dir: &Path, kinds: &[FileKind]) -> Result<(), Error> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::CreateDir {
            path: dir.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "it is a file, not a folder",
            ),
        });
    }
    std::fs::create_dir_all(dir).map_err(|source| Error::CreateDir {
        path: dir.to_path_buf(),
        source,
    })?;
    for kind in kinds {
        let path = dir.join(kind.schema_file_name());
        write::atomically(&path, text(*kind).as_bytes())
            .map_err(|source| Error::Write { path, source })?;
    }
    writeln!(
        io::stderr().lock(),
        "wrote {} to {}",
        count(kinds.len(), "schema", "schemas"),
        dir.display()
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use spacedock_schema::FileKind;

    use super::{listing, parse_kind};

    #[test]
    fn kinds_parse_by_name_and_typos_get_a_suggestion() {
        assert_eq!(parse_kind("ship").unwrap(), FileKind::Ship);
        assert_eq!(parse_kind("Mission").unwrap(), FileKind::Mission);
        let error = parse_kind("shipp").unwrap_err();
        assert_eq!(error.to_string(), "unknown schema kind `shipp`");
        assert_eq!(error.help().as_deref(), Some("did you mean `ship`?"));
    }

    #[test]
    fn the_listing_names_every_kind() {
        let listing = listing();
        assert_eq!(listing.lines().count(), FileKind::ALL.len());
        for kind in FileKind::ALL {
            assert!(
                listing.lines().any(|line| line.starts_with(kind.name())),
                "{kind} missing"
            );
        }
    }
}
