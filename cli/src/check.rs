//! `spacedock check PACK...`: compile every pack and report every
//! diagnostic of all of them in one run. Nothing is written.

use spacedock_validator::Options;

use crate::args::CheckArgs;
use crate::error::Error;
use crate::exit::Exit;
use crate::pack;
use crate::render::{Checked, Printer, Style};

pub(crate) fn run(args: &CheckArgs, style: Style) -> Result<Exit, Error> {
    let options = Options {
        sets: args.report.sets,
    };
    let compilations: Vec<_> = args
        .packs
        .iter()
        .map(|path| (path.display().to_string(), pack::compile(path, &options)))
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
    printer.report(&checked, serde_json::Map::new())?;
    Ok(Exit::for_diagnostics(
        checked.iter().flat_map(|pack| pack.diagnostics),
        args.report.deny_warnings,
    ))
}
