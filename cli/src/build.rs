//! `spacedock build PACK -o BUNDLE.json`: compile a pack and write its
//! bundle. The library sorts the bundle and computes its content hash; this
//! only serializes it (pretty, 2-space, trailing newline) and writes it
//! atomically. When the pack has errors nothing is written, so an existing
//! bundle stays as it was.

use std::io::{self, Write as _};

use spacedock_schema::bundle::Bundle;
use spacedock_validator::Options;

use crate::args::{BuildArgs, Format};
use crate::error::Error;
use crate::exit::Exit;
use crate::render::{Checked, Printer, Style, count};
use crate::write;

pub(crate) fn run(args: &BuildArgs, style: Style) -> Result<Exit, Error> {
    let to_stdout = args.output.as_os_str() == "-";
    // A path naming the file stdout is (`/dev/stdout`, or the file the
    // shell sends it to) counts as `-`: the bundle would share it with
    // the diagnostics.
    let format = match args.report.format {
        Format::Json => Some("json"),
        Format::Github => Some("github"),
        Format::Human => None,
    };
    if let Some(format) = format
        && write::is_stdout(&args.output)
    {
        return Err(Error::StdoutTaken {
            format,
            output: args.output.clone(),
        });
    }
    let compilation = spacedock_validator::compile(
        &args.pack,
        &Options {
            sets: args.report.sets,
        },
    );
    let checked = [Checked {
        label: args.pack.display().to_string(),
        sources: &compilation.sources,
        diagnostics: &compilation.diagnostics,
    }];
    let printer = Printer {
        format: args.report.format,
        style,
    };
    let exit = Exit::for_diagnostics(&compilation.diagnostics, args.report.deny_warnings);
    if exit != Exit::Success {
        printer.report(&checked, verdict(false))?;
        // With errors, no bundle is expected; with warnings only, say why
        // there is none.
        if compilation.bundle.is_some() && args.report.format == Format::Human {
            writeln!(
                io::stderr().lock(),
                "wrote nothing: `--deny-warnings` makes the warnings fail the build"
            )?;
        }
        return Ok(exit);
    }
    let Some(bundle) = &compilation.bundle else {
        printer.report(&checked, verdict(false))?;
        return Err(Error::NoBundle);
    };

    // The bundle must not replace a file the pack is made of.
    if !to_stdout {
        let output = write::destination(&args.output);
        if let Some((_, file)) = compilation
            .sources
            .iter()
            .find(|(_, file)| write::destination(file.path()) == output)
        {
            return Err(Error::OutputIsInput {
                flag: "--output",
                path: file.path().to_path_buf(),
            });
        }
        let read = compilation.sources.iter().map(|(_, file)| file.path());
        if let Some(folder) = write::pack_holding(&args.pack, read, &args.output) {
            return Err(Error::OutputInPack {
                flag: "--output",
                path: args.output.clone(),
                folder,
            });
        }
        // After the refusals: this check makes (and removes) a temporary
        // file in the output's folder.
        write::can_write(&args.output).map_err(|source| Error::Write {
            path: args.output.clone(),
            source,
        })?;
    }
    let bytes = serialize(bundle);
    let shown = if to_stdout {
        io::stdout().lock().write_all(&bytes)?;
        "<stdout>".to_owned()
    } else {
        write::atomically(&args.output, &bytes).map_err(|source| Error::Write {
            path: args.output.clone(),
            source,
        })?;
        args.output.display().to_string()
    };

    let mut extra = verdict(true);
    extra.insert("bundle".to_owned(), written(&shown, bundle));
    printer.report(&checked, extra)?;
    if args.report.format != Format::Json {
        writeln!(io::stderr().lock(), "{}", summary(&shown, bundle))?;
    }
    Ok(Exit::Success)
}

/// Whether the build passed, as `check` says it: with `--deny-warnings`
/// the counts alone do not tell.
fn verdict(passed: bool) -> serde_json::Map<String, serde_json::Value> {
    let mut extra = serde_json::Map::new();
    extra.insert("passed".to_owned(), passed.into());
    extra
}

/// The bundle's bytes: pretty JSON with a trailing newline, the same for
/// the same bundle every time.
pub(crate) fn serialize(bundle: &Bundle) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(bundle).expect("a bundle always serializes");
    text.push('\n');
    text.into_bytes()
}

/// `wrote out.json: 12 ships, 24 tactic cards, 5 missions, 1 board (sha256:...)`.
fn summary(shown: &str, bundle: &Bundle) -> String {
    format!(
        "wrote {shown}: {}, {}, {}, {} ({})",
        count(bundle.ships.len(), "ship", "ships"),
        count(bundle.tactics.len(), "tactic card", "tactic cards"),
        count(bundle.missions.len(), "mission", "missions"),
        count(bundle.boards.len(), "board", "boards"),
        bundle.content_hash
    )
}

/// What the JSON format says about the bundle written.
fn written(shown: &str, bundle: &Bundle) -> serde_json::Value {
    serde_json::json!({
        "path": shown,
        "pack": bundle.pack.id,
        "ships": bundle.ships.len(),
        "tactics": bundle.tactics.len(),
        "missions": bundle.missions.len(),
        "boards": bundle.boards.len(),
        "content_hash": bundle.content_hash,
    })
}
