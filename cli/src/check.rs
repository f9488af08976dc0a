//! `spacedock check PACK...`: compile every pack and report every
//! diagnostic of all of them in one run. Nothing is written. With
//! `--games N`, the missions of every pack that compiles are playtested
//! too (see `playtest.rs`).

use std::io::{self, Write as _};
use std::sync::Arc;

use spacedock_validator::Options;

use crate::args::{CheckArgs, Format};
use crate::error::Error;
use crate::exit::Exit;
use crate::playtest;
use crate::render::{Checked, Printer, Style};

pub(crate) fn run(args: &CheckArgs, style: Style) -> Result<Exit, Error> {
    let options = Options {
        sets: args.report.sets,
    };
    let compilations: Vec<_> = args
        .packs
        .iter()
        .map(|path| {
            (
                path.display().to_string(),
                spacedock_validator::compile(path, &options),
            )
        })
        .collect();
    let checked: Vec<Checked<'_>> = compilations
        .iter()
        .map(|(label, compilation)| Checked {
            label: label.clone(),
            sources: &compilation.sources,
            diagnostics: &compilation.diagnostics,
        })
        .collect();
    let printer = Printer {
        format: args.report.format,
        style,
    };
    let playtests: Vec<playtest::MissionPlaytest> = match args.games {
        Some(games) => compilations
            .iter()
            .filter_map(|(label, compilation)| {
                let bundle = compilation.bundle.clone()?;
                Some(playtest::run(
                    label,
                    &Arc::new(bundle),
                    games,
                    args.max_steps,
                ))
            })
            .flatten()
            .collect(),
        None => Vec::new(),
    };
    let mut extra = serde_json::Map::new();
    if args.games.is_some() {
        extra.insert(
            "playtest".to_owned(),
            serde_json::to_value(&playtests).expect("playtests always serialize"),
        );
    }
    printer.report(&checked, extra)?;
    match args.report.format {
        Format::Human if args.games.is_some() => {
            io::stderr()
                .lock()
                .write_all(playtest::human(&playtests).as_bytes())?;
        }
        Format::Github => io::stdout()
            .lock()
            .write_all(playtest::github(&playtests).as_bytes())?,
        Format::Human | Format::Json => {}
    }
    let diagnostics = Exit::for_diagnostics(
        checked.iter().flat_map(|pack| pack.diagnostics),
        args.report.deny_warnings,
    );
    let findings = playtests.iter().flat_map(|test| &test.findings);
    let played = if findings.clone().any(|finding| {
        finding.severity == spacedock_engine::sim::Severity::Error || args.report.deny_warnings
    }) {
        Exit::ContentErrors
    } else {
        Exit::Success
    };
    Ok(diagnostics.max(played))
}
