//! The PACK argument, checked before the compiler reads it. The library
//! reports any folder without pack.toml as `not-a-pack`; a path that does not
//! exist or is a file deserves a plainer message, so it becomes an
//! `io-error` diagnostic here and flows through the same renderers (and
//! exit status 2) as every other diagnostic.

use std::io;
use std::path::Path;

use spacedock_validator::{Code, Compilation, Diagnostic, Options, SourceMap};

/// Why `path` cannot be a pack folder, if it cannot.
pub(crate) fn unreadable(path: &Path) -> Option<Diagnostic> {
    let shown = path.display();
    let message = match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => return None,
        Ok(_) => format!("`{shown}` is not a folder"),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            format!("pack folder `{shown}` does not exist")
        }
        Err(error) => format!("cannot read pack folder `{shown}`: {error}"),
    };
    Some(
        Diagnostic::new(Code::IoError, message)
            .help("a pack is a folder with a pack.toml manifest; give the folder's path"),
    )
}

/// Compiles the pack at `path`, or explains why there is nothing to compile.
pub(crate) fn compile(path: &Path, options: &Options) -> Compilation {
    match unreadable(path) {
        Some(diagnostic) => Compilation {
            sources: SourceMap::new(),
            diagnostics: vec![diagnostic],
            bundle: None,
            pack: None,
        },
        None => spacedock_validator::compile(path, options),
    }
}
