//! What can stop a command before or after the compiler runs: a wrong
//! argument, an unknown name, an input that cannot be read or an output
//! that cannot be written, shards of different runs. Content
//! problems are not here; they are diagnostics. Each variant has one exact
//! message, and [`Error::help`] gives the hint printed under it.

use std::io;
use std::path::PathBuf;

/// A failure that ends a command with exit status 2.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    #[error("unknown schema kind `{kind}`")]
    UnknownKind {
        kind: String,
        suggestion: Option<String>,
    },

    #[error("unknown diagnostic code `{code}`")]
    UnknownCode {
        code: String,
        suggestion: Option<String>,
    },

    #[error("`--format {format}` prints to stdout, where `-o {}` writes the bundle", output.display())]
    StdoutTaken {
        format: &'static str,
        output: PathBuf,
    },

    /// `fleet check` named a mission or seat that does not exist.
    #[error(transparent)]
    Selection(spacedock_validator::SelectionError),

    #[error("two fleet builds are given for seat {seat} (`{player}`)")]
    FleetTwice { seat: usize, player: String },

    /// `check --games --policy A,B` where some mission seats another
    /// number of players than policies are given.
    #[error(
        "`--policy {given}` names a policy for each of {seats} seats, but these missions seat another number: {missions}"
    )]
    PolicySeats {
        given: String,
        seats: usize,
        missions: String,
    },

    #[error("the compiler found no errors but produced no bundle")]
    NoBundle,

    /// `sim` could not start its games (a policy list that does not fit
    /// the mission, a mission the engine cannot set up).
    #[error(transparent)]
    Sim(#[from] spacedock_engine::sim::SimError),

    #[error("cannot write the trace: {0}")]
    Trace(#[from] spacedock_engine::sim::trace::TraceError),

    #[error("cannot read `{}`: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },

    #[error("`{}` is not a result of `spacedock sim`: {message}", path.display())]
    NotASimResult { path: PathBuf, message: String },

    #[error("`-` (stdin) is given more than once")]
    StdinTwice,

    #[error("`{}` is from another run: its {what} is {theirs}, not {ours}", path.display())]
    MergeMismatch {
        path: PathBuf,
        what: &'static str,
        ours: String,
        theirs: String,
    },

    #[error("`{}` is not a whole result of `spacedock sim`: {message}", path.display())]
    InvalidSimResult { path: PathBuf, message: String },

    #[error("`{}` repeats shard {shard}", path.display())]
    DuplicateShard { path: PathBuf, shard: String },

    #[error("shard {shard} of a run of {games} games plays none: there is no game to trace")]
    NothingToTrace { shard: String, games: u64 },

    #[error("no scenario of `{}` matches `{filter}`", pack.display())]
    NoScenarioMatches {
        pack: PathBuf,
        filter: String,
        suggestion: Option<String>,
        scenarios: usize,
        /// For a filter written as a path: a path within the pack, to show
        /// how one is written.
        example: Option<String>,
    },

    #[error("`--trace` and `--output` both name `{}`", path.display())]
    SameOutput { path: PathBuf },

    #[error("`{flag}` names `{}`, one of the command's own inputs", path.display())]
    OutputIsInput { flag: &'static str, path: PathBuf },

    /// `folder` is `the pack's folder`, or names a dependency's.
    #[error("`{flag}` names `{}`, a TOML file inside {folder}", path.display())]
    OutputInPack {
        flag: &'static str,
        path: PathBuf,
        folder: String,
    },

    /// `sim` was asked to print two things on stdout: `-` (stdout), or
    /// the file stdout is, as the JSON result's or the trace's file, beside
    /// the report.
    #[error("`{flag} {}` writes {what} to stdout, where {taken}", path.display())]
    SimStdoutTaken {
        flag: &'static str,
        path: PathBuf,
        what: &'static str,
        taken: &'static str,
    },

    #[error("cannot read trace `{}`: {source}", path.display())]
    NotATrace {
        path: PathBuf,
        source: spacedock_engine::sim::trace::TraceReadError,
    },

    #[error("`{}` is a result of `spacedock sim`, not a trace", path.display())]
    ResultNotTrace { path: PathBuf },

    #[error(
        "`{}` was recorded from the pack `{}`, which is not there any more",
        path.display(),
        pack.display()
    )]
    TracePackGone { path: PathBuf, pack: PathBuf },

    #[error("`{}` does not say which pack it was recorded from", path.display())]
    NoPackForTrace { path: PathBuf },

    #[error("cannot write `{}`: {source}", path.display())]
    Write { path: PathBuf, source: io::Error },

    #[error("cannot create folder `{}`: {source}", path.display())]
    CreateDir { path: PathBuf, source: io::Error },

    /// Writing to stdout or stderr failed.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

impl Error {
    /// A hint for the user, printed as `help: ...` after the message.
    pub(crate) fn help(&self) -> Option<String> {
        match self {
            Error::UnknownKind { suggestion, .. } => {
                Some(suggestion.clone().unwrap_or_else(|| {
                    let kinds: Vec<&str> = spacedock_schema::FileKind::ALL
                        .iter()
                        .map(|kind| kind.name())
                        .collect();
                    format!("the kinds are {}", kinds.join(", "))
                }))
            }
            Error::UnknownCode { suggestion, .. } => Some(
                suggestion
                    .clone()
                    .unwrap_or_else(|| "`spacedock explain --list` lists every code".to_owned()),
            ),
            Error::StdoutTaken { .. } => Some(
                "use `--format human` (diagnostics on stderr) or write the bundle to a file stdout is not"
                    .to_owned(),
            ),
            Error::Selection(error) => Some(error.help()),
            Error::FleetTwice { .. } => {
                Some("give one `--fleet SEAT=FILE` per seat".to_owned())
            }
            Error::PolicySeats { .. } => Some(
                "give one policy for every seat, or play a mission with one per seat: `spacedock sim --pack PACK --mission ID --policy A,B,...`"
                    .to_owned(),
            ),
            Error::NoBundle => Some("this is a bug in spacedock; please report it".to_owned()),
            Error::NotASimResult { .. } | Error::InvalidSimResult { .. } => Some(
                "write results with `spacedock sim ... --format json` or `-o FILE`".to_owned(),
            ),
            Error::MergeMismatch { .. } | Error::DuplicateShard { .. } => Some(
                "merge the shards of one run: same pack, mission, seats, policies and fleet builds, seed, games and --shard N"
                    .to_owned(),
            ),
            Error::NoPackForTrace { .. } | Error::TracePackGone { .. } => {
                Some("give the pack with `--pack PACK`".to_owned())
            }
            Error::ResultNotTrace { .. } => Some(
                "`sim merge` reads results; a trace is the file `spacedock sim ... --trace FILE` writes"
                    .to_owned(),
            ),
            Error::NotATrace { .. } => {
                Some("a trace is the file `spacedock sim ... --trace FILE` writes".to_owned())
            }
            Error::NothingToTrace { .. } => Some(
                "trace from a shard that has games, or from the whole run (no --shard)".to_owned(),
            ),
            Error::NoScenarioMatches {
                suggestion,
                scenarios,
                example,
                ..
            } => Some(suggestion.clone().unwrap_or_else(|| {
                let scenarios = match scenarios {
                    0 => "no scenarios (tests/*.toml)".to_owned(),
                    1 => "1 scenario".to_owned(),
                    n => format!("{n} scenarios"),
                };
                match example {
                    Some(example) => format!(
                        "FILTER is matched against paths within the pack, like `{example}`, and scenario names; the pack has {scenarios}"
                    ),
                    None => format!(
                        "the filter is part of a scenario's file path or name; the pack has {scenarios}"
                    ),
                }
            })),
            Error::SimStdoutTaken { flag: "--output", .. } => Some(
                "print the JSON result alone with `--format json` (no `-o`)".to_owned(),
            ),
            Error::SimStdoutTaken { .. } => Some(
                "write the JSON result to a file with `--format json -o FILE`, or the trace to a file"
                    .to_owned(),
            ),
            Error::OutputIsInput { .. } => Some("write the output to a new file".to_owned()),
            Error::OutputInPack { .. } => Some(
                "a pack's TOML files are its content, fleet builds and scenarios: write the output outside them (a bundle is JSON)"
                    .to_owned(),
            ),
            Error::StdinTwice => {
                Some("stdin is read once: give the other results as files".to_owned())
            }
            Error::SameOutput { .. } => {
                Some("write the trace and the JSON result to two files".to_owned())
            }
            Error::Sim(_)
            | Error::Trace(_)
            | Error::Read { .. }
            | Error::Write { .. }
            | Error::CreateDir { .. }
            | Error::Output(_) => None,
        }
    }

    /// Whether the reader of our output went away (`spacedock ... | head`),
    /// which is not worth a message (though the run failed all the same).
    pub(crate) fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(error) if error.kind() == io::ErrorKind::BrokenPipe)
    }
}
