//! What every compilation must satisfy, whatever it was given.
//!
//! The compiler promises more than "no panic": its diagnostics point inside
//! the files they name, on character boundaries, so that they can always be
//! rendered; they come sorted by file and position; a bundle exists exactly
//! when there is no error; and compiling the same folder twice gives the same
//! result. [`compile_checked`] compiles a folder twice and asserts all of it.
//!
//! Shared, by `#[path]`, by the fuzz target (`fuzz/fuzz_targets/load_pack.rs`)
//! and the validator's never-panic tests (`validator/tests/fuzz_corpus.rs`,
//! `validator/tests/mutations.rs`), so that they all check the same things.

use std::path::Path;

use spacedock_validator::{Compilation, Diagnostic, Location, Options, SourceMap, compile};

/// Compiles the pack in `root` twice with the default options, asserts every
/// invariant, and returns the first compilation.
pub(crate) fn compile_checked(root: &Path) -> Compilation {
    let options = Options::default();
    let first = compile(root, &options);
    let second = compile(root, &options);
    assert_well_formed(&first);
    assert!(
        first.diagnostics == second.diagnostics,
        "compiling twice gave different diagnostics:\n{:#?}\nthen\n{:#?}",
        first.diagnostics,
        second.diagnostics
    );
    assert!(
        first.bundle == second.bundle,
        "compiling twice gave different bundles"
    );
    first
}

/// Asserts what must hold of any one compilation.
pub(crate) fn assert_well_formed(compilation: &Compilation) {
    let errors = compilation.error_count();
    assert_eq!(
        compilation.bundle.is_some(),
        errors == 0,
        "a bundle must exist exactly when there is no error ({errors} errors)"
    );
    assert_diagnostics_well_formed(&compilation.sources, &compilation.diagnostics);
}

/// Asserts what must hold of the diagnostics of any one run of the
/// compiler (a pack's, or a pack's and its scenarios'): each points inside
/// a file it read and can be rendered, and they come sorted.
pub(crate) fn assert_diagnostics_well_formed(sources: &SourceMap, diagnostics: &[Diagnostic]) {
    for diagnostic in diagnostics {
        let notes = diagnostic.notes.iter().map(|note| &note.location);
        for location in diagnostic.location.iter().chain(notes) {
            assert_location_in_file(sources, location, &diagnostic.message);
        }
        // What the binary does with a diagnostic must work too: find its
        // line and column, and let miette read every labelled span.
        let _ = diagnostic.position(sources);
        assert_report_readable(&diagnostic.to_report(sources), &diagnostic.message);
    }
    let position = |location: Option<&Location>| {
        location.map(|location| (location.file, location.span.start, location.span.end))
    };
    for pair in diagnostics.windows(2) {
        assert!(
            position(pair[0].location.as_ref()) <= position(pair[1].location.as_ref()),
            "diagnostics are not sorted by file and position: `{}` before `{}`",
            pair[0].message,
            pair[1].message
        );
    }
}

/// Asserts that a location names a file of the compilation and a span inside
/// its text that starts and ends on character boundaries.
fn assert_location_in_file(sources: &SourceMap, location: &Location, message: &str) {
    assert!(
        sources.iter().any(|(file, _)| file == location.file),
        "diagnostic `{message}` names a file the compilation did not read"
    );
    let file = sources.get(location.file);
    let text = file.text();
    let span = &location.span;
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "diagnostic `{message}` has span {span:?} outside {} ({} bytes)",
        file.display_name(),
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "diagnostic `{message}` has span {span:?} inside a character of {}",
        file.display_name()
    );
}

/// Asserts that miette can read the source text under every label of a
/// report and of its related reports.
fn assert_report_readable(report: &dyn miette::Diagnostic, message: &str) {
    if let (Some(source), Some(labels)) = (report.source_code(), report.labels()) {
        for label in labels {
            assert!(
                source.read_span(label.inner(), 0, 0).is_ok(),
                "miette cannot read the span {:?} of diagnostic `{message}`",
                label.inner()
            );
        }
    }
    for related in report.related().into_iter().flatten() {
        assert_report_readable(related, message);
    }
}
