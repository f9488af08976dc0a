//! `spacedock test PACK`: runs the pack's scenario tests (`tests/*.toml`)
//! and reports each failure at its scenario's file and line, with the
//! expected and the actual value.
//!
//! The validator checks the pack and the scenarios (their diagnostics are
//! rendered as `check` renders them; a pack with errors has its scenarios
//! checked too, but none runs); the engine runs each scenario that checked
//! clean. Exit status: 0 when every scenario passed, 1 when one
//! failed or the content has errors, 2 when the pack cannot be read (then
//! only its diagnostic is printed: no scenario list, no verdict).

use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;
use spacedock_engine::scenario::{self, Failure};
use spacedock_validator::{Diagnostic, Options, ScenarioSuite, SourceMap};

use crate::args::{Format, TestArgs, TestFormat};
use crate::error::Error;
use crate::exit::Exit;
use crate::render::{Checked, Printer, Style, count};

/// How one scenario file went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Status {
    Passed,
    Failed,
    /// The scenario (or its pack) has errors: it could not run.
    NotRun,
}

/// A failure at its place in the file.
#[derive(Debug, Serialize)]
struct Located<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    #[serde(flatten)]
    failure: &'a Failure,
}

/// One scenario file's result.
#[derive(Debug, Serialize)]
struct Outcome<'a> {
    file: &'a str,
    name: Option<&'a str>,
    status: Status,
    failures: Vec<Located<'a>>,
}

pub(crate) fn run(args: &TestArgs, style: Style) -> Result<Exit, Error> {
    let suite = match spacedock_validator::unreadable_pack(&args.pack) {
        Some(diagnostic) => ScenarioSuite {
            sources: SourceMap::new(),
            diagnostics: vec![diagnostic],
            bundle: None,
            files: Vec::new(),
            scenarios: Vec::new(),
            names: Vec::new(),
        },
        None => spacedock_validator::check_scenarios(&args.pack, &Options::default()),
    };
    // A path from here into the pack is matched as the path within it too.
    let within = args
        .filter
        .as_deref()
        .and_then(|given| within_pack(&args.pack, given));
    let filter = args.filter.as_deref().map(|given| Filter {
        given,
        within: within.as_deref(),
    });
    let failures: Vec<Vec<Failure>> = match &suite.bundle {
        Some(bundle) => {
            let bundle = Arc::new(bundle.clone());
            suite
                .scenarios
                .iter()
                .map(|checked| {
                    if selected(
                        &args.pack,
                        filter,
                        &suite,
                        checked.file,
                        Some(&checked.scenario.name),
                    ) {
                        scenario::run(&bundle, &checked.scenario)
                    } else {
                        Vec::new()
                    }
                })
                .collect()
        }
        None => Vec::new(),
    };
    let outcomes = outcomes(&args.pack, filter, &suite, &failures);
    // A filter that runs nothing would pass silently: a slip in CI.
    if let Some(Filter { given, within }) = filter
        && outcomes.is_empty()
    {
        let filter = within.unwrap_or(given);
        // What a filter may have meant: a file's name, a folder of
        // `tests/`, or a run of the words of a file's name (`attack-example`
        // of `the-d4-attack-example`).
        let tests = args.pack.join("tests");
        let mut stems: Vec<String> = Vec::new();
        for &file in &suite.files {
            let path = suite.sources.get(file).path();
            let relative = path.strip_prefix(&tests).unwrap_or(path);
            for folder in relative
                .parent()
                .into_iter()
                .flat_map(std::path::Path::components)
            {
                stems.push(folder.as_os_str().to_string_lossy().into_owned());
            }
            let Some(stem) = path
                .file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
            else {
                continue;
            };
            let words: Vec<&str> = stem.split('-').collect();
            for start in 0..words.len() {
                for end in start + 1..=words.len() {
                    stems.push(words[start..end].join("-"));
                }
            }
        }
        stems.sort();
        stems.dedup();
        // A path is told among the paths within the pack, which a filter
        // is matched against: its files and their folders.
        let (paths, example) = if is_path(given) {
            let mut files: Vec<String> = suite
                .files
                .iter()
                .map(|&file| path_within(&args.pack, suite.sources.get(file).path()))
                .collect();
            files.sort();
            // A file, not a folder, shows what a path filter looks like.
            let example = files.first().cloned();
            let folders: Vec<String> = files
                .iter()
                .filter_map(|path| path.rsplit_once('/').map(|(folder, _)| folder.to_owned()))
                .collect();
            let mut paths = files;
            paths.extend(folders);
            paths.sort();
            paths.dedup();
            (paths, example)
        } else {
            (Vec::new(), None)
        };
        let suggestion = if paths.is_empty() {
            spacedock_validator::suggest::did_you_mean(filter, stems.iter().map(String::as_str))
        } else {
            spacedock_validator::suggest::did_you_mean(filter, paths.iter().map(String::as_str))
        };
        return Err(Error::NoScenarioMatches {
            pack: args.pack.clone(),
            filter: given.to_owned(),
            suggestion,
            scenarios: suite.files.len(),
            example,
        });
    }

    // Scenario files the filter leaves out are not checked either: their
    // problems are not this run's (the pack's own always are).
    let left_out: Vec<spacedock_validator::FileId> = suite
        .files
        .iter()
        .copied()
        .filter(|&file| {
            !selected(
                &args.pack,
                filter,
                &suite,
                file,
                scenario_name(&suite, file),
            )
        })
        .collect();
    let shown: Vec<Diagnostic> = suite
        .diagnostics
        .iter()
        .filter(|diagnostic| {
            diagnostic
                .location
                .as_ref()
                .is_none_or(|location| !left_out.contains(&location.file))
        })
        .cloned()
        .collect();
    let checked = [Checked {
        label: args.pack.display().to_string(),
        sources: &suite.sources,
        diagnostics: &shown,
    }];
    let format = match args.format {
        TestFormat::Human => Format::Human,
        TestFormat::Json => Format::Json,
    };
    let with_status = |status: Status| outcomes.iter().filter(|o| o.status == status).count();
    let (passed, failed, not_run) = (
        with_status(Status::Passed),
        with_status(Status::Failed),
        with_status(Status::NotRun),
    );
    let mut extra = serde_json::Map::new();
    extra.insert(
        "scenarios".to_owned(),
        serde_json::to_value(&outcomes).expect("scenario outcomes always serialize"),
    );
    extra.insert("passed".to_owned(), passed.into());
    extra.insert("failed".to_owned(), failed.into());
    extra.insert("not_run".to_owned(), not_run.into());
    // A scenario file that cannot be read as text is that scenario's
    // problem (it is not run), not the pack's: the others still run.
    let (in_scenarios, in_pack): (Vec<_>, Vec<_>) = shown.iter().partition(|diagnostic| {
        diagnostic
            .location
            .as_ref()
            .is_some_and(|location| suite.files.contains(&location.file))
    });
    let diagnostics = Exit::for_diagnostics(in_pack, false).max(
        if in_scenarios.iter().any(|diagnostic| diagnostic.is_error()) {
            Exit::ContentErrors
        } else {
            Exit::Success
        },
    );
    let tests = if failed + not_run > 0 {
        Exit::ContentErrors
    } else {
        Exit::Success
    };
    let exit = diagnostics.max(tests);
    // `passed` counts scenarios here, where `check` gives a verdict by that
    // name: the verdict is `ok`.
    extra.insert("ok".to_owned(), (exit == Exit::Success).into());

    let printer = Printer { format, style };
    if format == Format::Human {
        if !shown.is_empty() {
            printer.report(&checked, extra)?;
        }
        // A pack that cannot be read has no scenarios to report: its
        // diagnostic says it all, and no verdict is printed.
        if exit != Exit::UsageOrIo {
            let errors = checked[0].errors();
            let summary = Summary {
                passed,
                failed,
                not_run,
                errors,
                pack_compiled: suite.bundle.is_some(),
                scenarios: suite.files.len(),
            };
            io::stdout()
                .lock()
                .write_all(human(args, &outcomes, summary).as_bytes())?;
        }
    } else {
        printer.report(&checked, extra)?;
    }
    Ok(exit)
}

/// The counts of a run: scenarios by status, and the errors of the
/// content (the pack's and the scenarios').
#[derive(Clone, Copy)]
struct Summary {
    passed: usize,
    failed: usize,
    not_run: usize,
    errors: usize,
    /// Whether the pack compiled: without it no scenario runs, whatever
    /// its own state.
    pack_compiled: bool,
    /// Scenario files the pack has, run or not.
    scenarios: usize,
}

/// Whether a scenario file is run: every one, or those whose path within
/// the pack (`tests/rules/x.toml`) or name contains the filter, in any
/// case (`meteor` finds "Meteor Storm: ..."). Within the pack, so that the
/// same filter picks the same scenarios wherever the pack is and whatever
/// folder the command runs in; a path from that folder into the pack
/// (`saturn-offensive/tests/rules/x.toml`) picks what it names too.
fn selected(
    pack: &Path,
    filter: Option<Filter<'_>>,
    suite: &ScenarioSuite,
    file: spacedock_validator::FileId,
    name: Option<&str>,
) -> bool {
    filter.is_none_or(|Filter { given, within }| {
        let path = path_within(pack, suite.sources.get(file).path()).to_lowercase();
        let given = given.to_lowercase();
        path.contains(&given)
            || name.is_some_and(|name| name.to_lowercase().contains(&given))
            || within.is_some_and(|within| path.contains(&within.to_lowercase()))
    })
}

/// The filter of a run: as given, and, when it is a path from the current
/// folder into the pack, the path within the pack it names.
#[derive(Clone, Copy)]
struct Filter<'a> {
    given: &'a str,
    within: Option<&'a str>,
}

/// A scenario file's path within the pack, `/` between its parts:
/// `tests/rules/critical-star.toml`.
fn path_within(pack: &Path, path: &Path) -> String {
    let within = path.strip_prefix(pack).unwrap_or(path);
    within.to_string_lossy().replace('\\', "/")
}

/// Whether a filter is written as a path (it has a folder in it).
fn is_path(filter: &str) -> bool {
    filter.contains('/') || filter.contains(std::path::MAIN_SEPARATOR)
}

/// A filter written as a path from the current folder into the pack
/// (`saturn-offensive/tests/rules/critical-star.toml`, run from the
/// pack's parent), as the path within the pack it names
/// (`tests/rules/critical-star.toml`): the part of it that exists places
/// it, so a misspelt file name is placed too. `None` for a filter that is
/// no path, or a path that does not lead into the pack.
fn within_pack(pack: &Path, filter: &str) -> Option<String> {
    if !is_path(filter) {
        return None;
    }
    let pack = pack.canonicalize().ok()?;
    // The longest start of the path that exists, and the names after it.
    let mut existing = Path::new(filter);
    let mut rest = Vec::new();
    let found = loop {
        let here = if existing.as_os_str().is_empty() {
            Path::new(".")
        } else {
            existing
        };
        if let Ok(found) = here.canonicalize() {
            break found;
        }
        // A `..` past what exists cannot be placed.
        rest.push(existing.file_name()?);
        existing = existing.parent()?;
    };
    let mut within = found.strip_prefix(&pack).ok()?.to_path_buf();
    within.extend(rest.iter().rev());
    Some(within.to_string_lossy().replace('\\', "/"))
}

/// The name of the scenario a file holds, when it was read (a scenario
/// with errors too).
fn scenario_name(suite: &ScenarioSuite, file: spacedock_validator::FileId) -> Option<&str> {
    suite
        .names
        .iter()
        .find(|(named, _)| *named == file)
        .map(|(_, name)| name.as_str())
}

fn outcomes<'a>(
    pack: &Path,
    filter: Option<Filter<'_>>,
    suite: &'a ScenarioSuite,
    failures: &'a [Vec<Failure>],
) -> Vec<Outcome<'a>> {
    let mut outcomes = Vec::new();
    for &file in &suite.files {
        let display = suite.sources.get(file).display_name();
        let checked = suite
            .scenarios
            .iter()
            .position(|checked| checked.file == file);
        let name = scenario_name(suite, file);
        if !selected(pack, filter, suite, file, name) {
            continue;
        }
        let mut outcome = match checked.and_then(|index| failures.get(index).map(|f| (index, f))) {
            Some((_, found)) => Outcome {
                file: display,
                name,
                status: if found.is_empty() {
                    Status::Passed
                } else {
                    Status::Failed
                },
                failures: found
                    .iter()
                    .map(|failure| {
                        let (line, column) = suite.sources.pointer_position(file, &failure.pointer);
                        Located {
                            file: display,
                            line,
                            column,
                            failure,
                        }
                    })
                    .collect(),
            },
            None => Outcome {
                file: display,
                name,
                status: Status::NotRun,
                failures: Vec::new(),
            },
        };
        // In the order of the file, as a reader goes through it.
        outcome
            .failures
            .sort_by_key(|located| (located.line, located.column));
        outcomes.push(outcome);
    }
    outcomes
}

/// One line per scenario, then each failure, then the counts: `ok` only
/// when every scenario passed and the content has no errors.
fn human(args: &TestArgs, outcomes: &[Outcome<'_>], summary: Summary) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "running {} of {}",
        count(outcomes.len(), "scenario", "scenarios"),
        args.pack.display()
    );
    for outcome in outcomes {
        let status = match outcome.status {
            Status::Passed => "ok",
            Status::Failed => "FAILED",
            Status::NotRun => "not run",
        };
        match (outcome.name, outcome.status) {
            (_, Status::NotRun) => {
                let why = if summary.pack_compiled {
                    "it has errors"
                } else {
                    "the pack has errors"
                };
                let named = outcome
                    .name
                    .map(|name| format!(": {name}"))
                    .unwrap_or_default();
                let _ = writeln!(text, "{status:<8}{}{named} ({why})", outcome.file);
            }
            (Some(name), _) => {
                let _ = writeln!(text, "{status:<8}{}: {name}", outcome.file);
            }
            (None, _) => {
                let _ = writeln!(text, "{status:<8}{}", outcome.file);
            }
        }
    }
    let failing: Vec<&Outcome<'_>> = outcomes
        .iter()
        .filter(|outcome| !outcome.failures.is_empty())
        .collect();
    if !failing.is_empty() {
        text.push_str("\nfailures:\n");
        for outcome in failing {
            for located in &outcome.failures {
                let failure = located.failure;
                let _ = write!(
                    text,
                    "\n{}:{}:{}: {}\n    expected: {}\n      actual: {}\n",
                    located.file,
                    located.line,
                    located.column,
                    failure.what,
                    failure.expected,
                    failure.actual
                );
            }
        }
    }
    let Summary {
        passed,
        failed,
        not_run,
        errors,
        ..
    } = summary;
    let verdict = if failed + not_run + errors == 0 {
        "ok"
    } else {
        "FAILED"
    };
    let _ = write!(
        text,
        "\ntest result: {verdict}. {passed} passed, {failed} failed, {not_run} not run"
    );
    if errors > 0 {
        let _ = write!(
            text,
            "; the content has {}",
            count(errors, "error", "errors")
        );
    }
    if summary.scenarios == 0 {
        text.push_str("; the pack has no scenarios (tests/*.toml)");
    }
    text.push('\n');
    text
}
