//! Diagnostics for people and for machines, shared by `check`, `build` and
//! `fleet check`. The library describes each diagnostic (to miette, and as
//! plain data); this module decides how it looks:
//!
//! - human: miette's graphical rendering on stderr, then one summary line
//!   per pack, like a compiler;
//! - json: one object on stdout for the whole run;
//! - github: one workflow annotation per line on stdout.

use std::fmt::Write as _;
use std::io::{self, IsTerminal as _, Write};

use miette::{GraphicalReportHandler, GraphicalTheme};
use serde::Serialize;
use spacedock_validator::{Diagnostic, Location, SourceMap};

use crate::args::{ColorChoice, Format};

/// Width of human output when it does not go to a terminal, so that logs and
/// tests see the same text wherever they run.
const FIXED_WIDTH: usize = 100;

/// The diagnostics of one pack (or one fleet build) and the files they
/// point into.
pub(crate) struct Checked<'a> {
    /// How the pack is named in summaries: its path as the user gave it.
    pub(crate) label: String,
    pub(crate) sources: &'a SourceMap,
    pub(crate) diagnostics: &'a [Diagnostic],
}

impl Checked<'_> {
    pub(crate) fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub(crate) fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
}

/// Errors and warnings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub(crate) errors: usize,
    pub(crate) warnings: usize,
}

/// What a command found besides the compiler's diagnostics (the playtest
/// of `check --games`), rendered by the command. It is printed after the
/// diagnostics and counted with them: in each pack's summary line and in
/// the JSON object's `errors` and `warnings`.
#[derive(Debug, Default)]
pub(crate) struct Findings {
    /// The errors and warnings of each checked pack, in the order of the
    /// packs (a pack without an entry found nothing).
    pub(crate) counts: Vec<Counts>,
    /// For people: lines printed after the diagnostics, before the
    /// summaries.
    pub(crate) human: String,
    /// For GitHub: annotations printed after the diagnostics' own.
    pub(crate) github: String,
    /// What the summary of several checked parts calls them all
    /// (`checked 2 packs` when not given).
    pub(crate) total_label: Option<String>,
    /// Lines printed after each pack's summary, in the order of the packs
    /// (what `check --games` played of it).
    pub(crate) after: Vec<String>,
}

impl Findings {
    /// What the pack at `index` found in all: its diagnostics and its
    /// findings.
    fn total(&self, index: usize, pack: &Checked<'_>) -> Counts {
        let found = self.counts.get(index).copied().unwrap_or_default();
        Counts {
            errors: pack.errors() + found.errors,
            warnings: pack.warnings() + found.warnings,
        }
    }
}

/// How human output looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    pub(crate) color: bool,
    pub(crate) width: usize,
}

impl Style {
    /// Colour only a terminal (unless told otherwise) and never when
    /// `NO_COLOR` is set; use the terminal's width, or a fixed one.
    pub(crate) fn detect(choice: ColorChoice) -> Style {
        let terminal = io::stderr().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !no_color,
        };
        let width = if terminal {
            std::env::var("COLUMNS")
                .ok()
                .and_then(|columns| columns.trim().parse::<usize>().ok())
                .filter(|&columns| columns >= 40)
                .unwrap_or(FIXED_WIDTH)
        } else {
            FIXED_WIDTH
        };
        Style { color, width }
    }

    fn handler(self) -> GraphicalReportHandler {
        let theme = if self.color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        GraphicalReportHandler::new_themed(theme)
            .with_width(self.width)
            .with_links(false)
    }
}

/// Prints diagnostics in the format the user chose.
#[derive(Clone, Copy)]
pub(crate) struct Printer {
    pub(crate) format: Format,
    pub(crate) style: Style,
}

impl Printer {
    /// Prints every diagnostic of every checked pack. `extra` holds
    /// command-specific top-level keys for the JSON object (a fleet
    /// summary, the bundle written); the other formats leave them to the
    /// command.
    pub(crate) fn report(
        &self,
        checked: &[Checked<'_>],
        extra: serde_json::Map<String, serde_json::Value>,
    ) -> io::Result<()> {
        self.report_with(checked, &Findings::default(), extra)
    }

    /// Like [`Printer::report`], with what the command found besides the
    /// diagnostics printed after them and counted with them.
    pub(crate) fn report_with(
        &self,
        checked: &[Checked<'_>],
        findings: &Findings,
        extra: serde_json::Map<String, serde_json::Value>,
    ) -> io::Result<()> {
        match self.format {
            Format::Human => {
                let mut stderr = io::stderr().lock();
                stderr.write_all(human(checked, self.style).as_bytes())?;
                stderr.write_all(findings.human.as_bytes())?;
                stderr.write_all(summaries(checked, findings).as_bytes())?;
                stderr.flush()
            }
            Format::Json => {
                let mut stdout = io::stdout().lock();
                let text = serde_json::to_string_pretty(&json(checked, findings, extra))
                    .expect("diagnostics always serialize");
                writeln!(stdout, "{text}")?;
                stdout.flush()
            }
            Format::Github => {
                let mut stdout = io::stdout().lock();
                stdout.write_all(github(checked).as_bytes())?;
                stdout.write_all(findings.github.as_bytes())?;
                stdout.flush()?;
                let mut stderr = io::stderr().lock();
                stderr.write_all(summaries(checked, findings).as_bytes())?;
                stderr.flush()
            }
        }
    }
}

/// `1 error`, `2 warnings`, `0 errors`.
pub(crate) fn count(number: usize, singular: &str, plural: &str) -> String {
    format!("{number} {}", if number == 1 { singular } else { plural })
}

/// Every diagnostic rendered by miette, each followed by a blank line.
pub(crate) fn human(checked: &[Checked<'_>], style: Style) -> String {
    let handler = style.handler();
    let mut text = String::new();
    for pack in checked {
        for diagnostic in pack.diagnostics {
            let report = diagnostic.to_report(pack.sources);
            let mut rendered = String::new();
            handler
                .render_report(&mut rendered, &report)
                .expect("rendering into a String cannot fail");
            text.push_str(&without_bare_headers(&rendered));
            text.push('\n');
        }
    }
    text
}

/// miette heads a related report with its severity and then its code; a
/// note in another file is one, with no code of its own, and its `☞`
/// already marks it: the header would be a bare `Advice: ` line.
fn without_bare_headers(rendered: &str) -> String {
    rendered
        .split_inclusive('\n')
        .filter(|line| line.trim_end() != "Advice:")
        .collect()
}

/// One line per pack with its counts (its diagnostics and its findings),
/// and a total when there are several.
fn summaries(checked: &[Checked<'_>], findings: &Findings) -> String {
    let mut text = String::new();
    for (index, pack) in checked.iter().enumerate() {
        let total = findings.total(index, pack);
        let _ = writeln!(
            text,
            "{}: {}, {}",
            pack.label,
            count(total.errors, "error", "errors"),
            count(total.warnings, "warning", "warnings")
        );
        text.push_str(findings.after.get(index).map_or("", String::as_str));
    }
    if checked.len() > 1 {
        let total = totals(checked, findings);
        let (errors, warnings) = (total.errors, total.warnings);
        let label = findings
            .total_label
            .clone()
            .unwrap_or_else(|| format!("checked {}", count(checked.len(), "pack", "packs")));
        let _ = writeln!(
            text,
            "{label}: {}, {}",
            count(errors, "error", "errors"),
            count(warnings, "warning", "warnings")
        );
    }
    text
}

/// What every pack found in all: diagnostics and findings.
fn totals(checked: &[Checked<'_>], findings: &Findings) -> Counts {
    checked
        .iter()
        .enumerate()
        .map(|(index, pack)| findings.total(index, pack))
        .fold(Counts::default(), |sum, total| Counts {
            errors: sum.errors + total.errors,
            warnings: sum.warnings + total.warnings,
        })
}

/// A diagnostic as the JSON format shows it. Lines and columns are 1-based;
/// the end is the position just past the span.
#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    message: &'a str,
    file: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    end_line: Option<usize>,
    end_column: Option<usize>,
    label: Option<&'a str>,
    help: Option<&'a str>,
    notes: Vec<JsonNote<'a>>,
    /// The pack (as given on the command line) whose check found it; a
    /// fleet build's path for a build's own diagnostics (`fleet check`).
    pack: &'a str,
}

#[derive(Serialize)]
struct JsonNote<'a> {
    message: &'a str,
    file: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

/// File, line and column of both ends of a location.
fn span_position<'a>(
    sources: &'a SourceMap,
    location: &Location,
) -> (&'a str, (usize, usize), (usize, usize)) {
    let file = sources.get(location.file);
    (
        file.display_name(),
        file.line_column(location.span.start),
        file.line_column(location.span.end),
    )
}

/// The JSON object of a run: every diagnostic, the counts (of the
/// diagnostics and the findings), and `extra`.
pub(crate) fn json(
    checked: &[Checked<'_>],
    findings: &Findings,
    extra: serde_json::Map<String, serde_json::Value>,
) -> serde_json::Value {
    let mut diagnostics = Vec::new();
    for pack in checked {
        for diagnostic in pack.diagnostics {
            let position = diagnostic
                .location
                .as_ref()
                .map(|location| span_position(pack.sources, location));
            let notes = diagnostic
                .notes
                .iter()
                .map(|note| {
                    let (file, (line, column), (end_line, end_column)) =
                        span_position(pack.sources, &note.location);
                    JsonNote {
                        message: &note.message,
                        file,
                        line,
                        column,
                        end_line,
                        end_column,
                    }
                })
                .collect();
            diagnostics.push(JsonDiagnostic {
                code: diagnostic.code.id(),
                name: diagnostic.code.name(),
                severity: diagnostic.severity.name(),
                message: &diagnostic.message,
                file: position.map(|(file, _, _)| file),
                line: position.map(|(_, (line, _), _)| line),
                column: position.map(|(_, (_, column), _)| column),
                end_line: position.map(|(_, _, (line, _))| line),
                end_column: position.map(|(_, _, (_, column))| column),
                label: diagnostic.label.as_deref(),
                help: diagnostic.help.as_deref(),
                notes,
                pack: &pack.label,
            });
        }
    }
    let mut object = serde_json::Map::new();
    object.insert(
        "diagnostics".to_owned(),
        serde_json::to_value(diagnostics).expect("diagnostics always serialize"),
    );
    let total = totals(checked, findings);
    object.insert("errors".to_owned(), total.errors.into());
    object.insert("warnings".to_owned(), total.warnings.into());
    object.extend(extra);
    serde_json::Value::Object(object)
}

/// GitHub Actions annotations: `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=T::message`,
/// the span's both ends, as the JSON gives them.
pub(crate) fn github(checked: &[Checked<'_>]) -> String {
    let mut text = String::new();
    for pack in checked {
        for diagnostic in pack.diagnostics {
            let mut properties = Vec::new();
            if let Some(location) = &diagnostic.location {
                let (file, (line, column), (end_line, end_column)) =
                    span_position(pack.sources, location);
                properties.push(format!("file={}", escape_property(file)));
                properties.push(format!("line={line}"));
                properties.push(format!("col={column}"));
                properties.push(format!("endLine={end_line}"));
                properties.push(format!("endColumn={end_column}"));
            }
            let title = format!("{} {}", diagnostic.code.id(), diagnostic.code.name());
            properties.push(format!("title={}", escape_property(&title)));
            let mut message = diagnostic.message.clone();
            // An annotation has one place: the notes' places go in its text.
            for note in &diagnostic.notes {
                let (file, (line, column), _) = span_position(pack.sources, &note.location);
                let _ = write!(message, "\n{file}:{line}:{column}: {}", note.message);
            }
            if let Some(help) = &diagnostic.help {
                let _ = write!(message, "\n\nhelp: {help}");
            }
            let _ = writeln!(
                text,
                "::{} {}::{}",
                diagnostic.severity.name(),
                properties.join(","),
                escape_data(&message)
            );
        }
    }
    text
}

/// Escapes the message of a workflow command.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a workflow command, which also ends at `,`
/// and `:`.
pub(crate) fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use spacedock_validator::{Code, Diagnostic, Location, SourceMap};

    use super::*;

    fn sample() -> (SourceMap, Vec<Diagnostic>) {
        let mut sources = SourceMap::new();
        let file = sources.add(
            "fleets/a,b.toml".into(),
            "faction = \"isn\"\nships = []\n".to_owned(),
        );
        let diagnostics = vec![
            Diagnostic::new(Code::FleetOverBudget, "fleet costs 42%\nbudget is 40")
                .at(Location { file, span: 16..21 })
                .label("these ships")
                .help("drop a ship"),
            Diagnostic::new(Code::StrayFile, "stray file"),
        ];
        (sources, diagnostics)
    }

    #[test]
    fn github_annotations_escape_data_and_properties() {
        let (sources, diagnostics) = sample();
        let checked = [Checked {
            label: "pack".to_owned(),
            sources: &sources,
            diagnostics: &diagnostics,
        }];
        assert_eq!(
            github(&checked),
            "::error file=fleets/a%2Cb.toml,line=2,col=1,endLine=2,endColumn=6,title=SD0301 fleet-over-budget::\
             fleet costs 42%25%0Abudget is 40%0A%0Ahelp: drop a ship\n\
             ::warning title=SD0009 stray-file::stray file\n"
        );
    }

    #[test]
    fn json_has_positions_or_nulls_and_counts() {
        let (sources, diagnostics) = sample();
        let checked = [Checked {
            label: "pack".to_owned(),
            sources: &sources,
            diagnostics: &diagnostics,
        }];
        let value = json(&checked, &Findings::default(), serde_json::Map::new());
        assert_eq!(value["errors"], 1);
        assert_eq!(value["warnings"], 1);
        let first = &value["diagnostics"][0];
        assert_eq!(first["code"], "SD0301");
        assert_eq!(first["severity"], "error");
        assert_eq!(first["file"], "fleets/a,b.toml");
        assert_eq!(
            (first["line"].as_u64(), first["column"].as_u64()),
            (Some(2), Some(1))
        );
        assert_eq!(
            (first["end_line"].as_u64(), first["end_column"].as_u64()),
            (Some(2), Some(6))
        );
        assert_eq!(first["help"], "drop a ship");
        let second = &value["diagnostics"][1];
        assert!(second["file"].is_null() && second["line"].is_null() && second["help"].is_null());
    }

    #[test]
    fn summaries_count_per_pack_and_in_total() {
        let (sources, diagnostics) = sample();
        let one = Checked {
            label: "a".to_owned(),
            sources: &sources,
            diagnostics: &diagnostics,
        };
        let two = Checked {
            label: "b".to_owned(),
            sources: &sources,
            diagnostics: &diagnostics[1..],
        };
        let checked = [one, two];
        assert_eq!(
            summaries(&checked, &Findings::default()),
            "a: 1 error, 1 warning\nb: 0 errors, 1 warning\nchecked 2 packs: 1 error, 2 warnings\n"
        );
        let found = Findings {
            counts: vec![
                Counts::default(),
                Counts {
                    errors: 2,
                    warnings: 1,
                },
            ],
            ..Findings::default()
        };
        assert_eq!(
            summaries(&checked, &found),
            "a: 1 error, 1 warning\nb: 2 errors, 2 warnings\nchecked 2 packs: 3 errors, 3 warnings\n"
        );
        let value = json(&checked, &found, serde_json::Map::new());
        assert_eq!(
            (value["errors"].as_u64(), value["warnings"].as_u64()),
            (Some(3), Some(3))
        );
    }

    #[test]
    fn human_rendering_without_colour_has_no_escape_codes() {
        let (sources, diagnostics) = sample();
        let checked = [Checked {
            label: "pack".to_owned(),
            sources: &sources,
            diagnostics: &diagnostics,
        }];
        let text = human(
            &checked,
            Style {
                color: false,
                width: 80,
            },
        );
        assert!(!text.contains('\u{1b}'), "{text}");
        assert!(text.contains("SD0301(fleet-over-budget)"), "{text}");
        assert!(text.contains("fleets/a,b.toml:2:1"), "{text}");
        let colored = human(
            &checked,
            Style {
                color: true,
                width: 80,
            },
        );
        assert!(colored.contains('\u{1b}'), "{colored}");
    }

    #[test]
    fn a_note_in_another_file_has_no_bare_header() {
        let mut sources = SourceMap::new();
        let fleet = sources.add("fleets/a.toml".into(), "faction = \"isn\"\n".to_owned());
        let mission = sources.add("missions/m.toml".into(), "ships = []\n".to_owned());
        let diagnostics = vec![
            Diagnostic::new(Code::NotMissionFleet, "a ship is missing")
                .at(Location {
                    file: fleet,
                    span: 0..7,
                })
                .label("here")
                .note(
                    Location {
                        file: mission,
                        span: 0..5,
                    },
                    "selected here",
                ),
        ];
        let checked = [Checked {
            label: "fleets/a.toml".to_owned(),
            sources: &sources,
            diagnostics: &diagnostics,
        }];
        let text = human(
            &checked,
            Style {
                color: false,
                width: FIXED_WIDTH,
            },
        );
        assert!(text.contains("selected here"), "{text}");
        assert!(!text.contains("Advice"), "{text}");
        assert!(text.lines().all(|line| line == line.trim_end()), "{text}");
    }
}
