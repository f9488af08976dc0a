//! Diagnostics: what the compiler found, where, and how to fix it.
//!
//! A [`Diagnostic`] is plain data. [`Diagnostic::to_report`] describes it to
//! miette (code, labelled spans, help) so the binary can render it; the
//! library never prints.

use std::fmt;
use std::ops::Range;

use crate::codes::Code;
use crate::source::{FileId, SourceMap};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A place in a source file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: FileId,
    pub span: Range<usize>,
}

/// A secondary place that explains the main one ("first defined here").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub location: Location,
    pub message: String,
}

/// One problem found in the content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub location: Option<Location>,
    /// Text under the main span's underline.
    pub label: Option<String>,
    pub help: Option<String>,
    pub notes: Vec<Note>,
}

impl Diagnostic {
    /// A diagnostic with the code's own severity.
    pub fn new(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            message: message.into(),
            location: None,
            label: None,
            help: None,
            notes: Vec::new(),
        }
    }

    #[must_use]
    pub fn at(mut self, location: Location) -> Diagnostic {
        self.location = Some(location);
        self
    }

    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds help only when there is some (a did-you-mean that may not exist).
    #[must_use]
    pub fn maybe_help(mut self, help: Option<String>) -> Diagnostic {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    #[must_use]
    pub fn note(mut self, location: Location, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            location,
            message: message.into(),
        });
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// File name, 1-based line and column of the main location.
    pub fn position<'a>(&self, sources: &'a SourceMap) -> Option<(&'a str, usize, usize)> {
        self.location.as_ref().map(|location| {
            let file = sources.get(location.file);
            let (line, column) = file.line_column(location.span.start);
            (file.display_name(), line, column)
        })
    }

    /// The diagnostic as a miette report, with its file as the source code.
    pub fn to_report(&self, sources: &SourceMap) -> Report {
        Report::new(self, sources)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Diagnostics gathered by a pass; nothing stops at the first.
#[derive(Debug, Default)]
pub(crate) struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.items.push(diagnostic);
    }

    pub(crate) fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// How many diagnostics there are so far: a mark for [`Diagnostics::since`].
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// The diagnostics pushed since `mark` (a [`Diagnostics::len`]).
    pub(crate) fn since(&self, mark: usize) -> &[Diagnostic] {
        self.items.get(mark..).unwrap_or_default()
    }

    /// Keeps, of the diagnostics since `mark`, those `keep` says to.
    pub(crate) fn retain_since(&mut self, mark: usize, keep: impl Fn(&Diagnostic) -> bool) {
        let mut index = 0;
        self.items.retain(|diagnostic| {
            index += 1;
            index <= mark || keep(diagnostic)
        });
    }

    /// Of the diagnostics since `mark` that `repeat` picks, those with the
    /// message of an earlier one become notes of it (`note` at their
    /// place): one mistake seen from many places is told once.
    pub(crate) fn fold_repeats_since(
        &mut self,
        mark: usize,
        repeat: impl Fn(&Diagnostic) -> bool,
        note: &str,
    ) {
        if mark > self.items.len() {
            return;
        }
        let tail: Vec<Diagnostic> = self.items.drain(mark..).collect();
        let mut kept: Vec<Diagnostic> = Vec::with_capacity(tail.len());
        for diagnostic in tail {
            let first = kept.iter_mut().find(|first| {
                repeat(&diagnostic)
                    && first.code == diagnostic.code
                    && first.message == diagnostic.message
            });
            match (first, diagnostic.location.clone()) {
                (Some(first), Some(location)) => first.notes.push(Note {
                    location,
                    message: note.to_owned(),
                }),
                _ => kept.push(diagnostic),
            }
        }
        self.items.extend(kept);
    }

    /// Sorted by file, position, then code, without exact repeats, so
    /// output is stable whatever order the checks ran in.
    pub(crate) fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.items.sort_by(|a, b| {
            let key = |d: &Diagnostic| {
                (
                    d.location
                        .as_ref()
                        .map(|l| (l.file, l.span.start, l.span.end)),
                    d.code,
                    d.message.clone(),
                )
            };
            key(a).cmp(&key(b))
        });
        self.items.dedup();
        self.items
    }
}

/// A diagnostic described to miette: source code, labels, code, help.
#[derive(Debug)]
pub struct Report {
    message: String,
    code: &'static str,
    name: &'static str,
    severity: Severity,
    help: Option<String>,
    source: Option<Excerpt>,
    labels: Vec<miette::LabeledSpan>,
    related: Vec<Report>,
}

/// The lines of a file a report shows (those around each of its labels)
/// and where they are in the file. Rendering reads these few lines, not the
/// whole file: thousands of reports on one large file take time in
/// proportion to their number (a copy of the file for each took time in
/// proportion to their number times the file's size), and two labels far
/// apart show as two snippets, not as every line between them.
#[derive(Debug)]
struct Excerpt {
    name: String,
    windows: Vec<Window>,
}

/// Whole lines of a file: their text, byte offset and first line (0-based).
#[derive(Debug)]
struct Window {
    text: String,
    offset: usize,
    line: usize,
}

impl Excerpt {
    /// More lines than the renderer shows around a label.
    const MARGIN: usize = 3;

    /// The lines of `file` around each span of `labels`; the lines of
    /// labels near each other (their margins touch) make one window, and
    /// show as one snippet.
    fn new(sources: &SourceMap, file: FileId, labels: &[miette::LabeledSpan]) -> Excerpt {
        let file = sources.get(file);
        let mut ranges: Vec<(std::ops::Range<usize>, usize)> = labels
            .iter()
            .map(|label| {
                file.lines_around(label.offset()..label.offset() + label.len(), Self::MARGIN)
            })
            .collect();
        ranges.sort_by_key(|(range, _)| range.start);
        let mut merged: Vec<(std::ops::Range<usize>, usize)> = Vec::new();
        for (range, line) in ranges {
            match merged.last_mut() {
                Some((last, _)) if range.start <= last.end => last.end = last.end.max(range.end),
                _ => merged.push((range, line)),
            }
        }
        Excerpt {
            name: file.display_name().to_owned(),
            windows: merged
                .into_iter()
                .map(|(range, line)| Window {
                    text: file.text()[range.clone()].to_owned(),
                    offset: range.start,
                    line,
                })
                .collect(),
        }
    }
}

impl miette::SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        // A span across two windows (labels far apart that the renderer
        // tries to show as one snippet) is out of bounds: it shows them
        // apart.
        let window = self
            .windows
            .iter()
            .find(|window| {
                span.offset() >= window.offset
                    && span.offset() + span.len() <= window.offset + window.text.len()
            })
            .ok_or(miette::MietteError::OutOfBounds)?;
        let local = miette::SourceSpan::new((span.offset() - window.offset).into(), span.len());
        let inner =
            window
                .text
                .as_str()
                .read_span(&local, context_lines_before, context_lines_after)?;
        let contents = miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            miette::SourceSpan::new(
                (inner.span().offset() + window.offset).into(),
                inner.span().len(),
            ),
            inner.line() + window.line,
            // miette counts the column in bytes; the other formats (and
            // editors) count characters.
            char_column(&window.text, inner.span().offset()).unwrap_or(inner.column()),
            // miette counts the lines from the start of the source, and
            // tries to merge the snippets of labels by it: from the file's.
            inner.line_count() + window.line,
        )
        .with_language("TOML");
        Ok(Box::new(contents))
    }
}

/// The 0-based column, in characters, of byte `offset` of `text` (none
/// inside a character).
fn char_column(text: &str, offset: usize) -> Option<usize> {
    let before = text.get(..offset)?;
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    Some(before[line_start..].chars().count())
}

impl Report {
    fn new(diagnostic: &Diagnostic, sources: &SourceMap) -> Report {
        let mut labels = Vec::new();
        let mut related = Vec::new();
        let source = diagnostic.location.as_ref().map(|location| {
            labels.push(miette::LabeledSpan::new_primary_with_span(
                diagnostic.label.clone(),
                location.span.clone(),
            ));
            // miette draws one file per report; notes elsewhere become
            // related reports of their own, one for the notes of one file
            // that say the same (each place it is said underlined), in the
            // order first noted.
            let mut elsewhere: Vec<(FileId, &str, Vec<miette::LabeledSpan>)> = Vec::new();
            for note in &diagnostic.notes {
                if note.location.file == location.file {
                    labels.push(miette::LabeledSpan::new_with_span(
                        Some(note.message.clone()),
                        note.location.span.clone(),
                    ));
                    continue;
                }
                let note_label =
                    miette::LabeledSpan::new_primary_with_span(None, note.location.span.clone());
                match elsewhere.iter_mut().find(|(file, message, _)| {
                    *file == note.location.file && *message == note.message
                }) {
                    Some((_, _, spans)) => spans.push(note_label),
                    None => elsewhere.push((note.location.file, &note.message, vec![note_label])),
                }
            }
            for (file, message, note_labels) in elsewhere {
                related.push(Report {
                    message: message.to_owned(),
                    code: diagnostic.code.id(),
                    name: "note",
                    severity: Severity::Warning,
                    help: None,
                    source: Some(Excerpt::new(sources, file, &note_labels)),
                    labels: note_labels,
                    related: Vec::new(),
                });
            }
            Excerpt::new(sources, location.file, &labels)
        });
        Report {
            message: diagnostic.message.clone(),
            code: diagnostic.code.id(),
            name: diagnostic.code.name(),
            severity: diagnostic.severity,
            help: diagnostic.help.clone(),
            source,
            labels,
            related,
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        if self.name == "note" {
            return None;
        }
        Some(Box::new(format!("{}({})", self.code, self.name)))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Warning if self.name == "note" => miette::Severity::Advice,
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source
            .as_ref()
            .map(|source| source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(
                self.related.iter().map(|r| r as &dyn miette::Diagnostic),
            ))
        }
    }
}
