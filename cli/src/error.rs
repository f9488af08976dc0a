//! What can stop a command before or after the compiler runs: a wrong
//! argument, an unknown name, an output that cannot be written. Content
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

    #[error("`--format {format}` prints to stdout, where `-o -` writes the bundle")]
    StdoutTaken { format: &'static str },

    #[error("the compiler found no errors but produced no bundle")]
    NoBundle,

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
                "use `--format human` (diagnostics on stderr) or write the bundle to a file"
                    .to_owned(),
            ),
            Error::NoBundle => Some("this is a bug in spacedock; please report it".to_owned()),
            Error::Write { .. } | Error::CreateDir { .. } | Error::Output(_) => None,
        }
    }

    /// Whether the reader of our output went away (`spacedock ... | head`),
    /// which is not worth a message.
    pub(crate) fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(error) if error.kind() == io::ErrorKind::BrokenPipe)
    }
}
