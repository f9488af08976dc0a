//! `spacedock replay FILE`: re-runs a trace written by `sim --trace` and
//! says whether it reaches the recorded final state.
//!
//! The engine does the replaying (`spacedock_engine::sim::trace::replay`);
//! this finds and compiles the pack (the one named with `--pack`, or the
//! one the trace was recorded from), and turns the verdict into a line on
//! stdout and the exit status: 0 confirmed, 1 not.

use std::fs::File;
use std::io::{self, BufReader, Write as _};
use std::path::{Path, PathBuf};

use spacedock_engine::sim::trace::{self, ReplayError, TraceLine};

use crate::args::ReplayArgs;
use crate::error::Error;
use crate::exit::Exit;
use crate::render::Style;
use crate::sim;

pub(crate) fn run(args: &ReplayArgs, style: Style) -> Result<Exit, Error> {
    let open = || {
        File::open(&args.file)
            .map(BufReader::new)
            .map_err(|source| Error::Read {
                path: args.file.clone(),
                source,
            })
    };
    let pack = match &args.pack {
        Some(pack) => pack.clone(),
        None => recorded_pack(open()?, &args.file)?,
    };
    let bundle = match sim::compile(&pack, style)? {
        Ok(bundle) => bundle,
        Err(exit) => return Ok(exit),
    };
    let mut stdout = io::stdout().lock();
    match trace::replay(&bundle, open()?) {
        Ok(replay) if replay.confirmed() => {
            writeln!(
                stdout,
                "confirmed: `{}` seed {} replays to state {} after {} actions",
                replay.header.mission, replay.header.seed, replay.state_hash, replay.steps
            )?;
            Ok(Exit::Success)
        }
        Ok(replay) => {
            writeln!(
                stdout,
                "mismatch: `{}` seed {} replays to state {} after {} actions, but the trace records state {} after {}",
                replay.header.mission,
                replay.header.seed,
                replay.state_hash,
                replay.steps,
                replay.recorded.state_hash,
                replay.recorded.steps
            )?;
            Ok(Exit::ContentErrors)
        }
        Err(ReplayError::Io(source)) => Err(Error::Read {
            path: args.file.clone(),
            source,
        }),
        Err(error) => {
            writeln!(stdout, "mismatch: {error}")?;
            Ok(Exit::ContentErrors)
        }
    }
}

/// The pack folder a trace's header says it was recorded from.
fn recorded_pack(mut input: impl io::BufRead, path: &Path) -> Result<PathBuf, Error> {
    let mut first = String::new();
    input.read_line(&mut first).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    match serde_json::from_str::<TraceLine>(&first) {
        Ok(TraceLine::Header(header)) => {
            header
                .source
                .map(PathBuf::from)
                .ok_or_else(|| Error::NoPackForTrace {
                    path: path.to_path_buf(),
                })
        }
        // A file that is not a trace names no pack either; with `--pack`,
        // the replay reports what is wrong with it.
        _ => Err(Error::NoPackForTrace {
            path: path.to_path_buf(),
        }),
    }
}
