//! `spacedock list ships|tactics|missions --pack PACK`: what a pack holds,
//! as aligned columns or JSON. It lists whatever loaded even when other
//! parts of the pack have errors, and says so on stderr.

use std::fmt::Write as _;
use std::io::{self, Write as _};

use spacedock_validator::{Catalog, Code, ListEntry, SourceMap};

use crate::args::{Format, ListArgs, ListFormat, ListWhat};
use crate::error::Error;
use crate::exit::Exit;
use crate::render::{Checked, Printer, Style, count};

pub(crate) fn run(args: &ListArgs, style: Style) -> Result<Exit, Error> {
    let label = args.pack.display().to_string();
    let printer = Printer {
        format: Format::Human,
        style,
    };
    let catalog = match spacedock_validator::unreadable_pack(&args.pack) {
        Some(diagnostic) => Catalog {
            sources: SourceMap::new(),
            diagnostics: vec![diagnostic],
            ships: Vec::new(),
            tactics: Vec::new(),
            missions: Vec::new(),
        },
        None => spacedock_validator::catalog(&args.pack),
    };
    let unreadable: Vec<_> = catalog
        .diagnostics
        .iter()
        .filter(|diagnostic| matches!(diagnostic.code, Code::IoError | Code::NotAPack))
        .cloned()
        .collect();
    if !unreadable.is_empty() {
        let checked = Checked {
            label,
            sources: &catalog.sources,
            diagnostics: &unreadable,
        };
        printer.report(&[checked], serde_json::Map::new())?;
        return Ok(Exit::UsageOrIo);
    }
    // The catalog reads only as far as the items' names: the count is
    // `check`'s, of the whole pack.
    let errors = spacedock_validator::compile(&args.pack, &spacedock_validator::Options::default())
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.is_error())
        .count();
    if errors > 0 {
        writeln!(
            io::stderr().lock(),
            "warning: `{label}` has {}; listing what loaded (run `spacedock check {label}` for details)",
            count(errors, "error", "errors"),
        )?;
    }
    let entries = match args.what {
        ListWhat::Ships => &catalog.ships,
        ListWhat::Tactics => &catalog.tactics,
        ListWhat::Missions => &catalog.missions,
    };
    let text = match args.format {
        ListFormat::Human => columns(entries),
        ListFormat::Json => {
            let mut text =
                serde_json::to_string_pretty(entries).expect("list entries always serialize");
            text.push('\n');
            text
        }
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(Exit::Success)
}

/// Id, name and detail in aligned columns under a header.
fn columns(entries: &[ListEntry]) -> String {
    let id_width = entries
        .iter()
        .map(|entry| entry.id.chars().count())
        .max()
        .unwrap_or(0)
        .max(2);
    let name_width = entries
        .iter()
        .map(|entry| entry.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let rows = std::iter::once(("ID", "NAME", "DETAIL")).chain(entries.iter().map(|entry| {
        (
            entry.id.as_str(),
            entry.name.as_str(),
            entry.detail.as_str(),
        )
    }));
    let mut text = String::new();
    for (id, name, detail) in rows {
        let line = format!("{id:id_width$}  {name:name_width$}  {detail}");
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text
}

#[cfg(test)]
mod tests {
    use spacedock_validator::ListEntry;

    use super::columns;

    #[test]
    fn columns_line_up_under_the_header() {
        let entry = |id: &str, name: &str, detail: &str| ListEntry {
            id: id.to_owned(),
            name: name.to_owned(),
            detail: detail.to_owned(),
        };
        let text = columns(&[
            entry("isn-everest", "ISN Everest", "isn large solo"),
            entry("red-fuvu", "Red Fuvu", "wretch small squadron"),
        ]);
        assert_eq!(
            text,
            "ID           NAME         DETAIL\n\
             isn-everest  ISN Everest  isn large solo\n\
             red-fuvu     Red Fuvu     wretch small squadron\n"
        );
    }
}
