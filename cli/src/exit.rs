//! Exit statuses. Like ripgrep, a problem in one input does not stop the
//! run; it only decides the status the process ends with.

use std::process::ExitCode;

use spacedock_validator::{Code, Diagnostic};

/// How a run ended, from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Exit {
    /// Clean, or only warnings that were allowed.
    Success,
    /// The content has errors (or warnings under `--deny-warnings`).
    ContentErrors,
    /// The command line was wrong, or an input could not be read or an
    /// output written.
    UsageOrIo,
}

impl Exit {
    /// The status a set of diagnostics calls for. A pack that cannot be
    /// read at all (an unreadable file or folder, a folder without
    /// pack.toml) is an I/O problem, not a content one.
    pub(crate) fn for_diagnostics<'a>(
        diagnostics: impl IntoIterator<Item = &'a Diagnostic>,
        deny_warnings: bool,
    ) -> Exit {
        diagnostics
            .into_iter()
            .map(|diagnostic| {
                if matches!(diagnostic.code, Code::IoError | Code::NotAPack) {
                    Exit::UsageOrIo
                } else if diagnostic.is_error() || deny_warnings {
                    Exit::ContentErrors
                } else {
                    Exit::Success
                }
            })
            .max()
            .unwrap_or(Exit::Success)
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(match exit {
            Exit::Success => 0,
            Exit::ContentErrors => 1,
            Exit::UsageOrIo => 2,
        })
    }
}

#[cfg(test)]
mod tests {
    use spacedock_validator::{Code, Diagnostic, Severity};

    use super::Exit;

    #[test]
    fn the_worst_diagnostic_decides() {
        let warning = Diagnostic::new(Code::StrayFile, "stray");
        let error = Diagnostic::new(Code::FleetOverBudget, "over");
        let unreadable = Diagnostic::new(Code::NotAPack, "no pack.toml");
        assert_eq!(warning.severity, Severity::Warning);
        assert_eq!(Exit::for_diagnostics([], false), Exit::Success);
        assert_eq!(Exit::for_diagnostics([&warning], false), Exit::Success);
        assert_eq!(Exit::for_diagnostics([&warning], true), Exit::ContentErrors);
        assert_eq!(
            Exit::for_diagnostics([&warning, &error], false),
            Exit::ContentErrors
        );
        assert_eq!(
            Exit::for_diagnostics([&error, &unreadable, &warning], false),
            Exit::UsageOrIo
        );
    }
}
