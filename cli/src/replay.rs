//! `spacedock replay FILE`: re-runs a trace written by `sim --trace` and
//! says whether it reaches the recorded final state.
//!
//! The engine does the replaying (`spacedock_engine::sim::trace::replay`);
//! this first reads the whole file for its shape (a file that is not a
//! trace stops here, before any pack is compiled), finds and compiles the
//! pack (the one named with `--pack`, or the one the trace was recorded
//! from), and turns the verdict into a line on stdout and the exit status:
//! 0 confirmed, 1 a game that differs from its record, 2 a trace (or pack)
//! that cannot be read.

use std::fs::File;
use std::io::{self, BufReader, Write as _};
use std::path::PathBuf;

use spacedock_engine::sim::trace::{self, ReplayError};

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
    let header = match trace::check_shape(open()?) {
        Ok(header) => header,
        Err(source) => {
            return Err(Error::NotATrace {
                path: args.file.clone(),
                source,
            });
        }
    };
    let pack = match (&args.pack, header.source) {
        (Some(pack), _) => pack.clone(),
        (None, Some(source)) => PathBuf::from(source),
        (None, None) => {
            return Err(Error::NoPackForTrace {
                path: args.file.clone(),
            });
        }
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
        // The file changed since its shape was read.
        Err(ReplayError::Read(source)) => Err(Error::NotATrace {
            path: args.file.clone(),
            source,
        }),
        Err(error) => {
            writeln!(stdout, "mismatch: {error}")?;
            Ok(Exit::ContentErrors)
        }
    }
}
