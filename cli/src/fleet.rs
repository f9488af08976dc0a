//! `spacedock fleet check FLEET.toml --pack PACK --mission ID`: a player's
//! fleet build checked against one seat of a mission. Diagnostics and exit
//! status are those of `check` (the pack's errors fail the run too); a
//! legal build also gets its numbers (fleet cost against the budget, deck
//! size, transport holds) as a small table, or as the `summary` key of the
//! JSON object, unless the pack has errors outside other missions' files.

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::path::Path;

use spacedock_validator::{FleetCheck, FleetSummary, Options, PlayerSelector, SourceMap};

use crate::args::{FleetCheckArgs, Format};
use crate::error::Error;
use crate::exit::Exit;
use crate::render::{Checked, Findings, Printer, Style, count};

pub(crate) fn run(args: &FleetCheckArgs, style: Style) -> Result<Exit, Error> {
    let options = Options {
        sets: args.report.sets,
    };
    if let Some(diagnostic) = spacedock_validator::unreadable_pack(&args.pack) {
        // Only the pack is reported: the build was never read, so no line
        // may say it has no errors.
        let diagnostics = [diagnostic];
        let checked = [Checked {
            label: args.pack.display().to_string(),
            sources: &SourceMap::new(),
            diagnostics: &diagnostics,
        }];
        let exit = Exit::for_diagnostics(&diagnostics, args.report.deny_warnings);
        let mut extra = serde_json::Map::new();
        extra.insert("summary".to_owned(), serde_json::Value::Null);
        extra.insert("passed".to_owned(), false.into());
        Printer {
            format: args.report.format,
            style,
        }
        .report(&checked, extra)?;
        return Ok(exit);
    }
    let result = spacedock_validator::check_fleet(
        &args.pack,
        &args.fleet,
        &args.mission,
        &selector(&args.player),
        &options,
    );
    if let Some(error) = result.selection_error.clone() {
        // The pack's own problems still matter to whoever typed the command.
        if result
            .diagnostics
            .iter()
            .any(spacedock_validator::Diagnostic::is_error)
        {
            let checked = [Checked {
                label: args.pack.display().to_string(),
                sources: &result.sources,
                diagnostics: &result.diagnostics,
            }];
            Printer {
                format: args.report.format,
                style,
            }
            .report(&checked, serde_json::Map::new())?;
        }
        return Err(Error::Selection(error));
    }
    let (checked, findings) = checked_parts(&args.fleet, &args.pack, &result);
    let printer = Printer {
        format: args.report.format,
        style,
    };
    let exit = Exit::for_diagnostics(&result.diagnostics, args.report.deny_warnings);
    let mut extra = serde_json::Map::new();
    extra.insert(
        "summary".to_owned(),
        serde_json::to_value(&result.summary).expect("a fleet summary always serializes"),
    );
    // As `check` gives it: the exit status, which the counts alone do not
    // show with `--deny-warnings`.
    extra.insert("passed".to_owned(), (exit == Exit::Success).into());
    printer.report_with(&checked, &findings, extra)?;
    if let Some(summary) = &result.summary {
        match args.report.format {
            Format::Human => io::stdout().lock().write_all(table(summary).as_bytes())?,
            Format::Github => io::stderr().lock().write_all(table(summary).as_bytes())?,
            Format::Json => {}
        }
    }
    Ok(exit)
}

/// `--player 2` picks the second seat; anything not a number is a name.
pub(crate) fn selector(player: &str) -> PlayerSelector {
    match player.trim().parse::<usize>() {
        Ok(number) => PlayerSelector::Number(number),
        Err(_) => PlayerSelector::Name(player.to_owned()),
    }
}

/// A legal build's numbers as aligned rows, one per transport hold.
fn table(summary: &FleetSummary) -> String {
    let mut rows = vec![
        (
            "mission",
            format!("{} (player `{}`)", summary.mission, summary.player),
        ),
        (
            "fleet cost",
            match summary.budget {
                Some(budget) => format!("{} of {budget}", summary.fleet_cost),
                None => summary.fleet_cost.to_string(),
            },
        ),
        ("deck", count(summary.deck_size as usize, "card", "cards")),
    ];
    for hold in &summary.transport {
        let carried = if hold.carried.is_empty() {
            "empty".to_owned()
        } else {
            hold.carried.join(", ")
        };
        rows.push((
            "transport",
            format!(
                "{}: {} of {} spaces ({carried})",
                hold.carrier, hold.used, hold.capacity
            ),
        ));
    }
    let width = rows.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (name, value) in rows {
        let _ = writeln!(text, "{name:width$}  {value}");
    }
    text
}

/// The diagnostics of a fleet check as the printer takes them: the pack's
/// own counted as the pack's (under its path), the build's as the
/// build's, so that a legal build in a broken pack is not said to have
/// errors, and a build's error that points into the pack (a prepped
/// card's missing ship) is still the build's.
pub(crate) fn checked_parts<'a>(
    fleet: &Path,
    pack: &Path,
    result: &'a FleetCheck,
) -> (Vec<Checked<'a>>, Findings) {
    if result.pack_diagnostics.is_empty() {
        let fleet = Checked {
            label: fleet.display().to_string(),
            sources: &result.sources,
            diagnostics: &result.build_diagnostics,
        };
        return (vec![fleet], Findings::default());
    }
    let parts = vec![
        Checked {
            label: pack.display().to_string(),
            sources: &result.sources,
            diagnostics: &result.pack_diagnostics,
        },
        Checked {
            label: fleet.display().to_string(),
            sources: &result.sources,
            diagnostics: &result.build_diagnostics,
        },
    ];
    let findings = Findings {
        total_label: Some("in all".to_owned()),
        ..Findings::default()
    };
    (parts, findings)
}

#[cfg(test)]
mod tests {
    use spacedock_validator::{FleetSummary, PlayerSelector, TransportUse};

    use super::{selector, table};

    #[test]
    fn numbers_pick_seats_and_anything_else_is_a_name() {
        assert_eq!(selector("2"), PlayerSelector::Number(2));
        assert_eq!(
            selector("Wretch player"),
            PlayerSelector::Name("Wretch player".to_owned())
        );
        assert_eq!(selector("-1"), PlayerSelector::Name("-1".to_owned()));
    }

    #[test]
    fn the_table_aligns_and_lists_every_hold() {
        let summary = FleetSummary {
            mission: "open-battle".to_owned(),
            mission_id: "open-battle".to_owned(),
            player: "ISN player".to_owned(),
            seat: 1,
            fleet_cost: 10,
            budget: Some(12),
            deck_size: 6,
            transport: vec![TransportUse {
                carrier: "test-carrier".to_owned(),
                carrier_id: "test-carrier".to_owned(),
                capacity: 1,
                used: 1,
                carried: vec!["test-frigate".to_owned()],
                carried_ids: vec!["test-frigate".to_owned()],
            }],
        };
        assert_eq!(
            table(&summary),
            "mission     open-battle (player `ISN player`)\n\
             fleet cost  10 of 12\n\
             deck        6 cards\n\
             transport   test-carrier: 1 of 1 spaces (test-frigate)\n"
        );
    }
}
