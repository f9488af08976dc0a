//! `spacedock list ships|tactics|missions|boards --pack PACK`: what a pack holds,
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
            boards: Vec::new(),
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
    let errors = catalog
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
        ListWhat::Boards => &catalog.boards,
    };
    let text = match args.format {
        ListFormat::Human => columns(args.what, entries),
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

/// Id, name, detail and what the kind of item costs, in aligned columns
/// under a header: a ship's launch and activation cost in each version, a
/// tactic card's cost and copies.
fn columns(what: ListWhat, entries: &[ListEntry]) -> String {
    let mut header = vec!["ID", "NAME", "DETAIL"];
    match what {
        ListWhat::Ships => header.push("LAUNCH/ACTIVATION COST"),
        ListWhat::Tactics => header.extend(["COST", "COPIES"]),
        ListWhat::Missions | ListWhat::Boards => {}
    }
    let rows: Vec<Vec<String>> = entries
        .iter()
        .map(|entry| {
            let mut row = vec![entry.id.clone(), entry.name.clone(), entry.detail.clone()];
            match what {
                ListWhat::Ships => row.push(
                    entry
                        .versions
                        .iter()
                        .map(|version| {
                            format!(
                                "{} {}/{}",
                                version.level.name(),
                                version.launch_cost,
                                version.activation_cost
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
                ListWhat::Tactics => row.extend([
                    entry.cost.map(|cost| cost.to_string()).unwrap_or_default(),
                    entry
                        .copies
                        .map(|copies| copies.to_string())
                        .unwrap_or_default(),
                ]),
                ListWhat::Missions | ListWhat::Boards => {}
            }
            row
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|cell| cell.chars().count()).collect();
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut text = String::new();
    let header = header.iter().map(|cell| (*cell).to_owned()).collect();
    for row in std::iter::once(header).chain(rows) {
        let mut line = String::new();
        for (cell, width) in row.iter().zip(&widths) {
            let _ = write!(line, "{cell:width$}  ");
        }
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text
}

#[cfg(test)]
mod tests {
    use spacedock_schema::common::Level;
    use spacedock_validator::{ListEntry, ListVersion};

    use super::columns;
    use crate::args::ListWhat;

    fn entry(id: &str, name: &str, detail: &str, costs: &[(u32, u32)]) -> ListEntry {
        ListEntry {
            id: id.to_owned(),
            name: name.to_owned(),
            detail: detail.to_owned(),
            versions: Level::ALL
                .iter()
                .zip(costs)
                .map(|(&level, &(launch_cost, activation_cost))| ListVersion {
                    level,
                    launch_cost,
                    activation_cost,
                })
                .collect(),
            cost: None,
            copies: None,
        }
    }

    #[test]
    fn columns_line_up_under_the_header() {
        let text = columns(
            ListWhat::Ships,
            &[
                entry("isn-everest", "ISN Everest", "isn large solo", &[(18, 4)]),
                entry(
                    "red-fuvu",
                    "Red Fuvu",
                    "wretch small squadron",
                    &[(5, 1), (6, 1)],
                ),
            ],
        );
        assert_eq!(
            text,
            "ID           NAME         DETAIL                 LAUNCH/ACTIVATION COST\n\
             isn-everest  ISN Everest  isn large solo         standard 18/4\n\
             red-fuvu     Red Fuvu     wretch small squadron  standard 5/1, seasoned 6/1\n"
        );
    }
}
