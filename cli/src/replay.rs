//! `spacedock replay FILE`: re-runs a trace written by `sim --trace` and
//! says whether it reaches the recorded final state.
//!
//! The engine does the replaying (`spacedock_engine::sim::trace::replay`);
//! this first reads the whole file for its shape (a file that is not a
//! trace stops here, before any pack is compiled), finds and compiles the
//! pack (the one named with `--pack`, or the one the trace was recorded
//! from), and turns the verdict into a line on stdout and the exit status:
//! 0 confirmed, 1 a game that differs from its record, 2 a trace (or pack)
//! that cannot be read. With `--log` it also prints the game in words as
//! it is replayed: each action, and the events it caused.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write as _};
use std::path::{Path, PathBuf};

use spacedock_engine::sim::trace::{self, LogLine, ReplayError};

use crate::args::ReplayArgs;
use crate::error::Error;
use crate::exit::Exit;
use crate::render::Style;
use crate::sim;

/// The most of a trace `replay` keeps in memory: one read from a pipe or
/// stdin, which cannot be read twice. A trace is a few megabytes; the
/// bound keeps an endless pipe from filling memory.
const MAX_PIPED: u64 = 256 << 20;

/// Where a trace is read from, twice (for its shape, then to replay it): a
/// regular file is opened again; a pipe, a FIFO or `-` (stdin) is read
/// into memory once.
enum TraceInput {
    File(PathBuf),
    Memory(Vec<u8>),
}

impl TraceInput {
    fn new(path: &Path) -> io::Result<TraceInput> {
        let mut piped: Box<dyn Read> = if path == Path::new("-") {
            Box::new(io::stdin().lock())
        } else {
            let file = File::open(path)?;
            if file.metadata()?.is_file() {
                return Ok(TraceInput::File(path.to_path_buf()));
            }
            Box::new(file)
        };
        let mut bytes = Vec::new();
        (&mut piped).take(MAX_PIPED + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_PIPED {
            return Err(io::Error::other(format!(
                "a trace that is not a regular file (a pipe, a device, stdin) is read into memory, up to {} MiB; this one is larger",
                MAX_PIPED >> 20
            )));
        }
        Ok(TraceInput::Memory(bytes))
    }

    fn open(&self) -> io::Result<Box<dyn BufRead + '_>> {
        Ok(match self {
            TraceInput::File(path) => Box::new(BufReader::new(File::open(path)?)),
            TraceInput::Memory(bytes) => Box::new(bytes.as_slice()),
        })
    }
}

/// Whether `input` is the JSON result of `spacedock sim` (`-o FILE`),
/// the file a trace is most often mistaken for.
fn is_sim_result(input: impl Read) -> bool {
    serde_json::from_reader::<_, serde_json::Value>(input.take(MAX_PIPED))
        .is_ok_and(|value| value.get("run").is_some() && value.get("tally").is_some())
}

pub(crate) fn run(args: &ReplayArgs, style: Style) -> Result<Exit, Error> {
    let read_error = |source| Error::Read {
        path: args.file.clone(),
        source,
    };
    let input = TraceInput::new(&args.file).map_err(read_error)?;
    let open = || input.open().map_err(read_error);
    let header = match trace::check_shape(open()?) {
        Ok(header) => header,
        Err(source) => {
            let path = args.file.clone();
            return Err(if is_sim_result(open()?) {
                Error::ResultNotTrace { path }
            } else {
                Error::NotATrace { path, source }
            });
        }
    };
    let pack = match (&args.pack, header.source) {
        (Some(pack), _) => pack.clone(),
        (None, Some(source)) if !Path::new(&source).is_dir() => {
            return Err(Error::TracePackGone {
                path: args.file.clone(),
                pack: PathBuf::from(source),
            });
        }
        (None, Some(source)) => PathBuf::from(source),
        (None, None) => {
            return Err(Error::NoPackForTrace {
                path: args.file.clone(),
            });
        }
    };
    let bundle = match sim::compile(&pack, style, crate::args::Format::Human)? {
        Ok(compiled) => compiled.bundle,
        Err(exit) => return Ok(exit),
    };
    let mut stdout = io::stdout().lock();
    let replayed = if args.log {
        // The log is printed as the replay confirms it, so a trace that
        // differs from its game shows the play up to the difference.
        let mut failed = None;
        let mut acted = false;
        let replayed = trace::replay_logged(&bundle, open()?, &mut |line| {
            // The events before the first action are the game's setup.
            if !acted && failed.is_none() {
                acted = true;
                let heading = match line {
                    LogLine::Event { .. } => writeln!(stdout, "    -  setup"),
                    LogLine::Action { .. } => Ok(()),
                };
                failed = heading.err();
            }
            if failed.is_none() {
                failed = writeln!(stdout, "{}", log_line(&line)).err();
            }
        });
        if let Some(error) = failed {
            return Err(error.into());
        }
        replayed
    } else {
        trace::replay(&bundle, open()?)
    };
    match replayed {
        Ok(replay) if replay.confirmed() => {
            // A trace of a failed game (the step bound, a stuck game) is
            // confirmed too: it reproduces the failure, which is said.
            let failure = match (&replay.outcome, &replay.recorded.error) {
                (None, Some(error)) => {
                    format!(", where the game stopped without an outcome: {error}")
                }
                (None, None) => ", where the game stopped without an outcome".to_owned(),
                (Some(_), _) => String::new(),
            };
            writeln!(
                stdout,
                "confirmed: `{}` seed {} replays to state {} after {} actions{failure}",
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

/// A line of the log: an action with its step, round and player; an
/// event, indented, under the action it came of.
fn log_line(line: &LogLine) -> String {
    match line {
        LogLine::Action {
            step,
            round,
            player,
            text,
            ..
        } => {
            let round = match round {
                0 => "setup".to_owned(),
                round => format!("round {round}"),
            };
            format!("{step:>5}  {round}, {player}: {text}")
        }
        LogLine::Event { text, .. } => format!("       {text}"),
    }
}
