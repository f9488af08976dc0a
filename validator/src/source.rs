//! The files a compilation read, kept so that diagnostics can point into
//! them: their text, line starts, and the span of every TOML key path.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub(crate) u32);

/// Where a value and its key stand in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spans {
    pub(crate) key: Option<Range<usize>>,
    pub(crate) value: Range<usize>,
    /// The TOML type of a value its JSON form hides: `float` (whole ones
    /// look like integers to a schema; an infinite one or `nan` becomes a
    /// string) and `date-time` (a string).
    pub(crate) written: Option<&'static str>,
}

/// One file that was read.
#[derive(Debug)]
pub struct SourceFile {
    path: PathBuf,
    /// The path as shown to users (relative to where the command ran, if possible).
    display: String,
    text: String,
    line_starts: Vec<usize>,
    /// Spans by JSON pointer (`/versions/0/launch_cost`), filled when the
    /// file parses as TOML.
    pointers: HashMap<String, Spans>,
    /// The pointers of keys read from a misspelling ([`SourceMap::alias`]).
    aliases: Vec<String>,
}

impl SourceFile {
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn display_name(&self) -> &str {
        &self.display
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The whole lines around `span` (`margin` more on each side): their
    /// byte range in the text and the 0-based number of the first.
    pub(crate) fn lines_around(&self, span: Range<usize>, margin: usize) -> (Range<usize>, usize) {
        let line_of = |offset: usize| {
            self.line_starts
                .partition_point(|&start| start <= offset.min(self.text.len()))
                - 1
        };
        let first = line_of(span.start).saturating_sub(margin);
        let past = line_of(span.end) + margin + 1;
        let end = self
            .line_starts
            .get(past)
            .copied()
            .unwrap_or(self.text.len());
        (self.line_starts[first]..end, first)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let line_start = self.line_starts[line];
        let column = self
            .text
            .get(line_start..offset)
            .map_or(offset - line_start, |prefix| prefix.chars().count());
        (line + 1, column + 1)
    }
}

/// Every file a compilation read.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file's text and returns its id.
    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        let display = display_path(&path);
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(index, _)| index + 1))
            .collect();
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile {
            path,
            display,
            text,
            line_starts,
            pointers: HashMap::new(),
            aliases: Vec::new(),
        });
        id
    }

    /// The id the next file added will get: files added from here on
    /// have ids from it.
    pub(crate) fn next_id(&self) -> FileId {
        FileId(self.files.len() as u32)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(index, file)| (FileId(index as u32), file))
    }

    pub(crate) fn set_pointers(&mut self, id: FileId, pointers: HashMap<String, Spans>) {
        self.files[id.0 as usize].pointers = pointers;
    }

    /// Gives `meant` (and every pointer below it) the spans of `written`:
    /// a misspelt key read as the key it stands for is found where it was
    /// written, not at the table that lacks the key meant.
    pub(crate) fn alias(&mut self, id: FileId, meant: &str, written: &str) {
        self.files[id.0 as usize].aliases.push(meant.to_owned());
        self.renumber(id, meant, written);
    }

    /// Gives `meant` (and every pointer below it) the spans of `written`:
    /// an item of an array moved to another index (the items before it
    /// left out) is found where it was written.
    pub(crate) fn renumber(&mut self, id: FileId, meant: &str, written: &str) {
        let pointers = &mut self.files[id.0 as usize].pointers;
        // What was at `meant` before (a step left out) is gone.
        pointers.retain(|pointer, _| {
            !pointer
                .strip_prefix(meant)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        });
        let below: Vec<(String, Spans)> = pointers
            .iter()
            .filter_map(|(pointer, spans)| {
                let rest = pointer.strip_prefix(written)?;
                (rest.is_empty() || rest.starts_with('/'))
                    .then(|| (format!("{meant}{rest}"), spans.clone()))
            })
            .collect();
        pointers.extend(below);
    }

    /// Whether the key at `pointer` was read from a misspelling of it.
    pub(crate) fn is_alias(&self, id: FileId, pointer: &str) -> bool {
        self.files[id.0 as usize]
            .aliases
            .iter()
            .any(|alias| alias == pointer)
    }

    /// The span of the value at a JSON pointer, or of its nearest ancestor
    /// that exists (a missing key points at the table that lacks it).
    pub(crate) fn value_span(&self, id: FileId, pointer: &str) -> Range<usize> {
        self.lookup(id, pointer)
            .map_or(0..0, |spans| spans.value.clone())
    }

    /// The text of the value at a JSON pointer, as [`SourceMap::value_span`]
    /// finds it.
    pub(crate) fn value_text(&self, id: FileId, pointer: &str) -> Option<&str> {
        self.get(id).text().get(self.value_span(id, pointer))
    }

    /// The TOML type of the value at exactly `pointer`, where its JSON
    /// form hides it ([`Spans::written`]).
    pub(crate) fn written_type(&self, id: FileId, pointer: &str) -> Option<&'static str> {
        self.get(id).pointers.get(pointer)?.written
    }

    /// 1-based line and column of the value at a JSON pointer, or of its
    /// nearest ancestor that exists: where a finding that names a key by
    /// pointer (a failed scenario expectation) is reported.
    pub fn pointer_position(&self, id: FileId, pointer: &str) -> (usize, usize) {
        let span = self.value_span(id, pointer);
        self.get(id).line_column(span.start)
    }

    /// The span of the key at a JSON pointer (for array items: the item),
    /// falling back like [`SourceMap::value_span`].
    pub(crate) fn key_span(&self, id: FileId, pointer: &str) -> Range<usize> {
        self.lookup(id, pointer).map_or(0..0, |spans| {
            spans.key.clone().unwrap_or_else(|| spans.value.clone())
        })
    }

    fn lookup(&self, id: FileId, pointer: &str) -> Option<&Spans> {
        let pointers = &self.get(id).pointers;
        let mut pointer = pointer;
        loop {
            if let Some(spans) = pointers.get(pointer) {
                return Some(spans);
            }
            if pointer.is_empty() {
                return None;
            }
            pointer = pointer.rfind('/').map_or("", |slash| &pointer[..slash]);
        }
    }
}

/// Paths under the current directory are shown relative to it, the way
/// compilers print them, and without the `name/..` pairs a dependency's
/// relative path leaves (`my-pack/../base/ships/x.toml` is
/// `base/ships/x.toml`).
fn display_path(path: &Path) -> String {
    let relative = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf));
    tidy(relative.as_deref().unwrap_or(path))
        .to_string_lossy()
        .replace('\\', "/")
}

/// `path` without `.` and with each `name/..` pair taken out. Only for
/// showing: through a symbolic link `name/..` is not where `name` is.
pub fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut tidy = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(tidy.components().next_back(), Some(Component::Normal(_))) =>
            {
                tidy.pop();
            }
            other => tidy.push(other),
        }
    }
    if tidy.as_os_str().is_empty() {
        tidy.push(".");
    }
    tidy
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::tidy;

    #[test]
    fn shown_paths_lose_their_name_dot_dot_pairs() {
        for (path, shown) in [
            ("dup/../../../base/ships/x.toml", "../../base/ships/x.toml"),
            ("./pack/./ships/../tactics/a.toml", "pack/tactics/a.toml"),
            ("/work/pack/../base/rules.toml", "/work/base/rules.toml"),
            ("../../x.toml", "../../x.toml"),
            ("pack/..", "."),
        ] {
            assert_eq!(tidy(Path::new(path)), Path::new(shown), "{path}");
        }
    }
}
