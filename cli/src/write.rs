//! Atomic file writes: the bytes go to a temporary file beside the target,
//! which is then renamed over it. A reader (or an engine loading a bundle)
//! sees the old file or the new one, never half of one, and a failed write
//! leaves the old file as it was.
//!
//! A target that is a symbolic link is written where the link points (the
//! link stays); a target that is not a plain file (a pipe, a device such as
//! `/dev/stdout`) is written to directly, as no rename can replace it
//! without destroying it.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// Writes `bytes` to `path` atomically.
pub(crate) fn atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    all_atomically(&[(path, bytes)]).map_err(|(_, error)| error)
}

/// Writes several files, each atomically, and all or none of them: every
/// temporary file is written before the first is renamed into place, so a
/// full disk or a missing folder leaves every target as it was. (Only a
/// rename failing between two others could leave some written, and renames
/// within a folder do not fail for want of space.) On failure, says which
/// target could not be written.
pub(crate) fn all_atomically(files: &[(&Path, &[u8])]) -> Result<(), (PathBuf, io::Error)> {
    let mut written = Vec::with_capacity(files.len());
    let mut special = Vec::new();
    for &(path, bytes) in files {
        // The system follows the links itself: `/dev/stdout` on a pipe
        // leads to a `pipe:[...]` that no path names.
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let error = io::Error::new(io::ErrorKind::IsADirectory, "it is a folder");
                return Err((path.to_path_buf(), error));
            }
            Ok(meta) if !meta.is_file() => special.push((path, bytes)),
            existing => {
                let existing = existing.ok();
                if let Some(meta) = &existing {
                    read_only(meta).map_err(|error| (path.to_path_buf(), error))?;
                }
                let target = destination(path);
                let file = temporary(&target, bytes)
                    .map_err(|error| (path.to_path_buf(), plain(error)))?;
                // A file replaced keeps its permissions, as one written in
                // place would.
                if let Some(meta) = existing {
                    file.as_file()
                        .set_permissions(meta.permissions())
                        .map_err(|error| (path.to_path_buf(), error))?;
                }
                written.push((path, target, file));
            }
        }
    }
    // Pipes and devices first: one that refuses (a full device) leaves the
    // plain files unwritten.
    for (path, bytes) in special {
        std::fs::write(path, bytes).map_err(|error| (path.to_path_buf(), error))?;
    }
    for (path, target, file) in written {
        file.persist(&target)
            .map_err(|error| (path.to_path_buf(), plain(error.error)))?;
    }
    Ok(())
}

/// Whether a later write to `path` can land: it is not a folder nor a
/// read-only file, and the folder it goes into exists and takes a new
/// file (the temporary file a write makes there). Checked before long
/// work (a run of games) whose result would otherwise be lost at the end.
pub(crate) fn can_write(path: &Path) -> io::Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder",
        )),
        // Pipes and devices are written to directly, not through a
        // temporary file.
        Ok(meta) if !meta.is_file() => read_only(&meta),
        Ok(meta) => {
            read_only(&meta)?;
            can_create_beside(path)
        }
        Err(_) => match destination(path).parent() {
            Some(folder) if !folder.is_dir() => Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("there is no folder `{}`", folder.display()),
            )),
            _ => can_create_beside(path),
        },
    }
}

/// Whether the temporary file of a write to `path` can be made in its
/// folder: a folder the user may not write into (or one such as `/proc`
/// that takes no new file) is found now, not after the work.
fn can_create_beside(path: &Path) -> io::Result<()> {
    let target = destination(path);
    temporary(&target, b"").map(drop).map_err(|error| {
        let folder = target.parent().unwrap_or(Path::new("."));
        io::Error::new(
            error.kind(),
            format!(
                "the folder `{}` takes no new file ({})",
                folder.display(),
                plain(error)
            ),
        )
    })
}

/// A read-only file is refused, not replaced: a rename would go past the
/// permission a shell's `>` or `cp` heeds.
fn read_only(meta: &std::fs::Metadata) -> io::Result<()> {
    if meta.permissions().readonly() {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is read-only",
        ));
    }
    Ok(())
}

/// Where a write to `path` lands, whether or not the file exists yet: its
/// symbolic links followed to their end, in its folder's canonical path.
/// Two paths name one file when their destinations are equal.
pub(crate) fn destination(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // As the system does: a chain of links ends within 40.
    for _ in 0..40 {
        let is_link = std::fs::symlink_metadata(&path).is_ok_and(|meta| meta.is_symlink());
        let Some(target) = is_link.then(|| std::fs::read_link(&path).ok()).flatten() else {
            break;
        };
        path = match path.parent() {
            Some(parent) => parent.join(target),
            None => target,
        };
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match (std::fs::canonicalize(&folder), path.file_name()) {
        (Ok(folder), Some(name)) => folder.join(name),
        _ => std::path::absolute(&path).unwrap_or(path),
    }
}

/// Whether `path` names a TOML file inside the pack folder `pack`: a file
/// of the pack (its content, fleet builds and scenarios, which `build`
/// and `sim` do not all read) that no output may replace.
pub(crate) fn in_pack(pack: &Path, path: &Path) -> bool {
    let (Ok(pack), output) = (std::fs::canonicalize(pack), destination(path)) else {
        return false;
    };
    output.starts_with(&pack)
        && output
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("toml"))
}

/// Which pack folder `path` names a TOML file in, in words for an error,
/// if it does: the root pack `root`'s, or a dependency's among the files
/// `read` (every file a compilation read; each pack's found by its
/// `pack.toml`). A TOML file written into a dependency's folder breaks
/// that pack and every pack built on it.
pub(crate) fn pack_holding<'a>(
    root: &Path,
    read: impl IntoIterator<Item = &'a Path>,
    path: &Path,
) -> Option<String> {
    if in_pack(root, path) {
        return Some("the pack's folder".to_owned());
    }
    read.into_iter()
        .filter(|file| file.file_name().is_some_and(|name| name == "pack.toml"))
        .filter_map(Path::parent)
        .map(|folder| {
            if folder.as_os_str().is_empty() {
                Path::new(".")
            } else {
                folder
            }
        })
        // The folder as read (`..` after a link is the link's parent);
        // tidied only to be shown.
        .find(|folder| in_pack(folder, path))
        .map(|folder| {
            format!(
                "the folder of `{}`, a pack it depends on",
                spacedock_validator::tidy(folder).display()
            )
        })
}

/// Whether `path` is `-` (standard output, as for `build -o -`) or names
/// the file standard output already is (`/dev/stdout`, or the file the
/// shell sends it to): what is written there shares it with the report.
pub(crate) fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-" || names_stdout(path)
}

/// Whether `path` is the file stdout is, told by the file's device and
/// inode: opening the path to compare would wait for a writer if it is a
/// named pipe.
#[cfg(unix)]
fn names_stdout(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|meta| {
        same_file::Handle::stdout()
            .is_ok_and(|out| out.dev() == meta.dev() && out.ino() == meta.ino())
    })
}

#[cfg(not(unix))]
fn names_stdout(path: &Path) -> bool {
    same_file::Handle::stdout()
        .and_then(|stdout| Ok(stdout == same_file::Handle::from_path(path)?))
        .unwrap_or(false)
}

/// A temporary file beside `path` holding `bytes`, on disk.
fn temporary(path: &Path, bytes: &[u8]) -> io::Result<NamedTempFile> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".spacedock-").suffix(".tmp");
    // A temporary file is private by default; the result should be an
    // ordinary file, readable as the umask allows.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    Ok(file)
}

/// The error without the temporary file's name that `tempfile` appends
/// to it (`... at path "..."`, its only way of telling it): the user named
/// the target, not the temporary file.
fn plain(error: io::Error) -> io::Error {
    if error.get_ref().is_none() {
        return error;
    }
    let text = error.to_string();
    match text.rfind(" at path \"") {
        Some(end) => io::Error::new(error.kind(), &text[..end]),
        None => error,
    }
}

#[cfg(test)]
mod tests {
    use super::{all_atomically, atomically, can_write};
    use spacedock_validator::tidy;

    /// A dependency's folder is named as a person would write it.
    #[test]
    fn tidy_takes_out_dots_and_steps_back() {
        use std::path::Path;
        for (path, tidied) in [
            ("ext/../base", "base"),
            ("./ext/./../base/", "base"),
            ("../packs/base", "../packs/base"),
            ("ext/..", "."),
            ("/tmp/ext/../base", "/tmp/base"),
        ] {
            assert_eq!(tidy(Path::new(path)), Path::new(tidied), "{path}");
        }
    }

    /// A folder that exists but takes no new file fails the check made
    /// before the work, as a missing folder does; a writable one passes
    /// and is left as it was.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_that_takes_no_file_fails_the_check() {
        let error = can_write(std::path::Path::new("/proc/spacedock.json")).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("the folder `/proc` takes no new file ("),
            "{error}"
        );
        let dir = tempfile::tempdir().unwrap();
        can_write(&dir.path().join("out.json")).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        std::fs::write(&path, "old").unwrap();
        atomically(&path, b"new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["out.json"]);
    }

    /// A file replaced keeps its mode; a read-only one is refused and left
    /// as it was.
    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_read_only_one_is_refused() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let private = dir.path().join("private.json");
        std::fs::write(&private, "old").unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
        atomically(&private, b"new").unwrap();
        let mode = std::fs::metadata(&private).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);

        let locked = dir.path().join("locked.json");
        std::fs::write(&locked, "old").unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
        let error = atomically(&locked, b"new").unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::PermissionDenied);
        assert_eq!(error.to_string(), "it is read-only");
        assert_eq!(std::fs::read_to_string(&locked).unwrap(), "old");
        assert!(super::can_write(&locked).is_err());
    }

    #[test]
    fn several_files_are_written_all_or_none() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("first.json");
        let missing = dir.path().join("missing").join("second.json");
        let (failed, error) =
            all_atomically(&[(first.as_path(), b"1"), (missing.as_path(), b"2")]).unwrap_err();
        assert_eq!(failed, missing);
        // The folder is missing, and the message says so without naming a
        // temporary file.
        assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
        assert!(!error.to_string().contains(".spacedock-"), "{error}");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(names.is_empty(), "{names:?}");

        let second = dir.path().join("second.json");
        all_atomically(&[(first.as_path(), b"1"), (second.as_path(), b"2")]).unwrap();
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "1");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "2");
    }

    #[test]
    fn a_link_is_written_through_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.json");
        let link = dir.path().join("link.json");
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink("target.json", &link).unwrap();
        atomically(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(super::destination(&link), super::destination(&target));
    }

    #[test]
    fn a_pipe_is_written_to_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let pipe = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let pipe = pipe.clone();
            std::thread::spawn(move || std::fs::read_to_string(pipe).unwrap())
        };
        atomically(&pipe, b"through").unwrap();
        assert_eq!(reader.join().unwrap(), "through");
        assert!(!std::fs::metadata(&pipe).unwrap().is_file(), "still a pipe");
    }

    #[test]
    fn two_spellings_of_a_file_yet_to_be_made_have_one_destination() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let plain = dir.path().join("x.json");
        let roundabout = dir.path().join("sub").join("..").join("x.json");
        assert_eq!(super::destination(&plain), super::destination(&roundabout));
    }

    #[test]
    fn a_missing_folder_is_an_error_and_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing").join("out.json");
        assert!(atomically(&path, b"x").is_err());
        assert!(!dir.path().join("missing").exists());
    }
}
