//! `spacedock check PACK...`: compile every pack and report every
//! diagnostic of all of them in one run. Nothing is written. With
//! `--games N`, the missions of every pack that compiles are playtested
//! too (see `playtest.rs`): the findings print after the diagnostics, count
//! in each pack's summary and in the JSON counts, and decide the exit
//! status with them.

use std::sync::Arc;

use spacedock_validator::Options;

use crate::args::CheckArgs;
use crate::error::Error;
use crate::exit::Exit;
use crate::playtest;
use crate::render::{Checked, Printer, Style};

pub(crate) fn run(args: &CheckArgs, style: Style) -> Result<Exit, Error> {
    let options = Options {
        sets: args.report.sets,
    };
    // A pack named twice (`check a a`, `check a ./a`) is checked once.
    let mut seen = Vec::new();
    let compilations: Vec<_> = args
        .packs
        .iter()
        .filter(|path| {
            let key = std::fs::canonicalize(path).unwrap_or_else(|_| (*path).clone());
            let first = !seen.contains(&key);
            seen.push(key);
            first
        })
        .map(|path| {
            (
                path.display().to_string(),
                spacedock_validator::compile(path, &options),
            )
        })
        .collect();
    let told = told_once(&compilations);
    let checked: Vec<Checked<'_>> = compilations
        .iter()
        .zip(&told)
        .map(|((label, compilation), diagnostics)| Checked {
            label: label.clone(),
            sources: &compilation.sources,
            diagnostics,
        })
        .collect();
    if args.games.is_some() {
        policies_fit_seats(&args.policy.0, &compilations)?;
    }
    let printer = Printer {
        format: args.report.format,
        style,
    };
    // The playtests of each pack, in the order of the packs: none when
    // `--games` is not given or the pack does not compile.
    let playtests: Vec<Vec<playtest::MissionPlaytest>> = compilations
        .iter()
        .map(
            |(label, compilation)| match (args.games, &compilation.bundle) {
                (Some(games), Some(bundle)) => {
                    let own = &compilation.own_missions;
                    let plan = playtest::Plan {
                        games,
                        max_steps: args.max_steps,
                        policies: &args.policy.0,
                    };
                    playtest::run(label, &Arc::new(bundle.clone()), own, &plan)
                }
                _ => Vec::new(),
            },
        )
        .collect();
    let mut findings = playtest::findings_of(&playtests);
    if let Some(games) = args.games {
        let plan = playtest::Plan {
            games,
            max_steps: args.max_steps,
            policies: &args.policy.0,
        };
        findings.after = compilations
            .iter()
            .zip(&playtests)
            .map(
                |((label, compilation), playtests)| match &compilation.bundle {
                    Some(bundle) => {
                        let borrowed = bundle.missions.len() > compilation.own_missions.len();
                        playtest::summary(label, &plan, playtests, borrowed)
                    }
                    None => String::new(),
                },
            )
            .collect();
    }
    let diagnostics = Exit::for_diagnostics(
        checked.iter().flat_map(|pack| pack.diagnostics),
        args.report.deny_warnings,
    );
    let played = if findings
        .counts
        .iter()
        .any(|found| found.errors > 0 || (args.report.deny_warnings && found.warnings > 0))
    {
        Exit::ContentErrors
    } else {
        Exit::Success
    };
    let exit = diagnostics.max(played);
    let mut extra = serde_json::Map::new();
    if args.games.is_some() {
        extra.insert(
            "playtest".to_owned(),
            serde_json::to_value(playtests.iter().flatten().collect::<Vec<_>>())
                .expect("playtests always serialize"),
        );
    }
    // Whether the check passed, as the exit status says: warnings fail it
    // with `--deny-warnings`, which the counts alone do not show.
    extra.insert("passed".to_owned(), (exit == Exit::Success).into());
    printer.report_with(&checked, &findings, extra)?;
    Ok(exit)
}

/// A policy per seat fits only the missions of that many seats: checked
/// before any game, so a pack's missions are played all or none.
fn policies_fit_seats(
    policies: &[String],
    compilations: &[(String, spacedock_validator::Compilation)],
) -> Result<(), Error> {
    if policies.len() < 2 {
        return Ok(());
    }
    // Per pack: `label: `a` (4 seats), `b` (3 seats)`.
    let misfits: Vec<String> = compilations
        .iter()
        .filter_map(|(label, compilation)| {
            let missions: Vec<String> = compilation
                .bundle
                .as_ref()?
                .missions
                .iter()
                .filter(|mission| {
                    compilation.owns_mission(&mission.id) && mission.players.len() != policies.len()
                })
                .map(|mission| format!("`{}` ({} seats)", mission.id, mission.players.len()))
                .collect();
            (!missions.is_empty()).then(|| format!("{label}: {}", missions.join(", ")))
        })
        .collect();
    if misfits.is_empty() {
        return Ok(());
    }
    Err(Error::PolicySeats {
        given: policies.join(","),
        seats: policies.len(),
        missions: misfits.join("; "),
    })
}

/// The diagnostics of each pack to tell: a diagnostic in a file of a
/// dependency two packs share is told with the first pack that reaches
/// it only, so that a repository's packs built on one base pack get its
/// errors (and their annotations) once, not once a pack.
fn told_once(
    compilations: &[(String, spacedock_validator::Compilation)],
) -> Vec<Vec<spacedock_validator::Diagnostic>> {
    let mut told = std::collections::HashSet::new();
    compilations
        .iter()
        .map(|(_, compilation)| {
            // Each file's path made canonical once, not once a diagnostic.
            let mut files = std::collections::HashMap::new();
            compilation
                .diagnostics
                .iter()
                .filter(|diagnostic| {
                    let Some(location) = &diagnostic.location else {
                        return true;
                    };
                    let file = files
                        .entry(location.file)
                        .or_insert_with(|| {
                            let path = compilation.sources.get(location.file).path();
                            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
                        })
                        .clone();
                    told.insert((
                        file,
                        location.span.clone(),
                        diagnostic.code,
                        diagnostic.message.clone(),
                    ))
                })
                .cloned()
                .collect()
        })
        .collect()
}
