//! Random edits of a valid pack never panic the compiler.
//!
//! Each case starts from the small valid pack in
//! `tests/fixtures/mutation-base/` and applies one to three edits to random
//! files: a line deleted, duplicated or swapped with another, a value
//! replaced by one of another type or out of range, a number replaced by one
//! at an edge of its range, a key misspelt, the file cut short, or random
//! text or bytes inserted. The result is compiled twice
//! and must satisfy every invariant of `fuzz/src/invariants.rs` (no panic,
//! spans inside their files, sorted and stable diagnostics, a bundle exactly
//! when there is no error).
//!
//! 64 cases run by default; set `PROPTEST_CASES` for more. A failing case is
//! saved by proptest in `mutations.proptest-regressions` beside this file and
//! replayed first on every run, so commit that file with the fix.

#[path = "../../fuzz/src/invariants.rs"]
mod invariants;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;

/// Cases per run when `PROPTEST_CASES` does not say.
const DEFAULT_CASES: u32 = 64;

/// One file of the fixture pack: its path inside the pack and its bytes.
#[derive(Clone)]
struct PackFile {
    path: PathBuf,
    bytes: Vec<u8>,
}

fn fixture_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mutation-base")
}

/// Every file of the fixture pack, in a stable order, read once.
fn fixture() -> &'static [PackFile] {
    static FILES: OnceLock<Vec<PackFile>> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = fixture_root();
        let mut files = Vec::new();
        let mut pending = vec![root.clone()];
        while let Some(folder) = pending.pop() {
            for entry in std::fs::read_dir(&folder).expect("the fixture folder can be read") {
                let path = entry.expect("a fixture entry can be read").path();
                if path.is_dir() {
                    pending.push(path);
                } else {
                    let bytes = std::fs::read(&path).expect("a fixture file can be read");
                    let path = path
                        .strip_prefix(&root)
                        .expect("under the root")
                        .to_path_buf();
                    files.push(PackFile { path, bytes });
                }
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files
    })
}

/// Values of every TOML type, and numbers at and past the edges of the
/// schema's ranges and of the integer types behind them.
const VALUES: &[&str] = &[
    "\"text\"",
    "\"\"",
    "\"3\"",
    "\"isn\"",
    "\"ünïcödé ✓ 🚀\"",
    "'literal'",
    "\"\"\"\nmulti\nline\"\"\"",
    "-1",
    "0",
    "-0",
    "3",
    "1.5",
    "nan",
    "-inf",
    "0x10",
    "99999999999",
    "4294967296",
    "9223372036854775807",
    "true",
    "1979-05-27T07:32:00Z",
    "1979-05-27",
    "[]",
    "[1, \"two\"]",
    "[[1, 2], [3]]",
    "{}",
    "{ name = \"x\" }",
];

/// Numbers that replace one number of a line: the edges of dice, boards,
/// ranges and integer types, where off-by-one and overflow bugs live.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "7",
    "8",
    "9",
    "10",
    "11",
    "13",
    "99",
    "200",
    "201",
    "4294967295",
    "4294967296",
    "18446744073709551615",
];

/// Fragments that change a document's structure when inserted anywhere.
const FRAGMENTS: &[&str] = &[
    "\n",
    "=",
    "\"",
    "'''",
    "#",
    "[",
    "]]",
    "{",
    ",",
    ".",
    "\n[[versions]]\n",
    "\n[[tactic]]\n",
    "\n[[players]]\nname = \"x\"\n",
    "\n[table]\n",
    "\nkey = 1\n",
    "\\u0000",
    "\u{0}",
    "\u{feff}",
    "é",
    "🚀",
];

/// Characters inserted into keys.
const KEY_CHARACTERS: &[char] = &['x', '_', '-', '.', ' ', '"', 'é', '0'];

/// One edit of a file's bytes. Indices are resolved against the file as it
/// is when the edit applies.
#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(Index),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    /// Replace the value of a `key = value` line.
    ReplaceValue(Index, &'static str),
    /// Replace one run of digits of the file (a coordinate, a count).
    ReplaceNumber(Index, &'static str),
    /// Insert a character into the key of a `key = value` line.
    InsertIntoKey(Index, Index, char),
    /// Delete a character from the key of a `key = value` line.
    DeleteFromKey(Index, Index),
    /// Cut the file at a character boundary.
    Truncate(Index),
    InsertText(Index, String),
    InsertFragment(Index, &'static str),
    /// Bytes that may not be UTF-8 at all.
    InsertBytes(Index, Vec<u8>),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let index = any::<Index>;
    prop_oneof![
        index().prop_map(Mutation::DeleteLine),
        index().prop_map(Mutation::DuplicateLine),
        (index(), index()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (index(), prop::sample::select(VALUES))
            .prop_map(|(line, value)| Mutation::ReplaceValue(line, value)),
        (index(), prop::sample::select(NUMBERS))
            .prop_map(|(number, value)| Mutation::ReplaceNumber(number, value)),
        (index(), index(), prop::sample::select(KEY_CHARACTERS))
            .prop_map(|(line, at, c)| Mutation::InsertIntoKey(line, at, c)),
        (index(), index()).prop_map(|(line, at)| Mutation::DeleteFromKey(line, at)),
        index().prop_map(Mutation::Truncate),
        (index(), "\\PC{1,8}").prop_map(|(at, text)| Mutation::InsertText(at, text)),
        (index(), prop::sample::select(FRAGMENTS))
            .prop_map(|(at, fragment)| Mutation::InsertFragment(at, fragment)),
        (index(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::InsertBytes(at, bytes)),
    ]
}

impl Mutation {
    fn apply(&self, bytes: &mut Vec<u8>) {
        match self {
            Mutation::Truncate(at) => {
                let at = char_boundary(bytes, at.index(bytes.len() + 1));
                bytes.truncate(at);
            }
            Mutation::InsertText(at, text) => insert(bytes, *at, text.as_bytes()),
            Mutation::InsertFragment(at, fragment) => insert(bytes, *at, fragment.as_bytes()),
            Mutation::InsertBytes(at, inserted) => {
                let at = at.index(bytes.len() + 1);
                bytes.splice(at..at, inserted.iter().copied());
            }
            line_edit => {
                let mut lines: Vec<Vec<u8>> =
                    bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
                line_edit.apply_to_lines(&mut lines);
                *bytes = lines.join(&b'\n');
            }
        }
    }

    /// Applies an edit of whole lines or of one `key = value` line.
    fn apply_to_lines(&self, lines: &mut Vec<Vec<u8>>) {
        match self {
            Mutation::DeleteLine(line) => {
                lines.remove(line.index(lines.len()));
            }
            Mutation::DuplicateLine(line) => {
                let line = line.index(lines.len());
                lines.insert(line, lines[line].clone());
            }
            Mutation::SwapLines(a, b) => {
                let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(a, b);
            }
            Mutation::ReplaceValue(line, value) => {
                if let Some((line, equals)) = key_value_line(lines, *line) {
                    lines[line].truncate(equals + 1);
                    lines[line].push(b' ');
                    lines[line].extend_from_slice(value.as_bytes());
                }
            }
            Mutation::ReplaceNumber(number, value) => {
                let numbers: Vec<(usize, std::ops::Range<usize>)> = lines
                    .iter()
                    .enumerate()
                    .flat_map(|(index, line)| digit_runs(line).map(move |run| (index, run)))
                    .collect();
                if !numbers.is_empty() {
                    let (line, run) = numbers[number.index(numbers.len())].clone();
                    lines[line].splice(run, value.bytes());
                }
            }
            Mutation::InsertIntoKey(line, at, character) => {
                if let Some((line, equals)) = key_value_line(lines, *line) {
                    let at = char_boundary(&lines[line], at.index(equals + 1));
                    let mut encoded = [0; 4];
                    let encoded = character.encode_utf8(&mut encoded).as_bytes();
                    lines[line].splice(at..at, encoded.iter().copied());
                }
            }
            Mutation::DeleteFromKey(line, at) => {
                if let Some((line, equals)) = key_value_line(lines, *line)
                    && equals > 0
                {
                    let start = char_boundary(&lines[line], at.index(equals));
                    let end = next_char_boundary(&lines[line], start);
                    lines[line].drain(start..end);
                }
            }
            Mutation::Truncate(_)
            | Mutation::InsertText(..)
            | Mutation::InsertFragment(..)
            | Mutation::InsertBytes(..) => unreachable!("not an edit of lines"),
        }
    }
}

/// The line (among those holding `=` outside a comment) that `choice`
/// picks, and where its `=` is; none when no line has one.
fn key_value_line(lines: &[Vec<u8>], choice: Index) -> Option<(usize, usize)> {
    let candidates: Vec<(usize, usize)> = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.first() != Some(&b'#'))
        .filter_map(|(index, line)| line.iter().position(|&b| b == b'=').map(|eq| (index, eq)))
        .collect();
    (!candidates.is_empty()).then(|| candidates[choice.index(candidates.len())])
}

/// The byte ranges of the runs of ASCII digits in a line.
fn digit_runs(line: &[u8]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at + line[at..].iter().position(u8::is_ascii_digit)?;
        let end = line[start..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(line.len(), |n| start + n);
        at = end;
        Some(start..end)
    })
}

/// Inserts `inserted` at a character boundary picked by `at`.
fn insert(bytes: &mut Vec<u8>, at: Index, inserted: &[u8]) {
    let at = char_boundary(bytes, at.index(bytes.len() + 1));
    bytes.splice(at..at, inserted.iter().copied());
}

/// The last character boundary at or before `at`, when `bytes` is UTF-8 (an
/// edit must not split a character by accident: invalid UTF-8 is the
/// business of [`Mutation::InsertBytes`]); `at` itself otherwise.
fn char_boundary(bytes: &[u8], at: usize) -> usize {
    let at = at.min(bytes.len());
    match std::str::from_utf8(bytes) {
        Ok(text) => (0..=at)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0),
        Err(_) => at,
    }
}

/// The character boundary after the one at `at` (one byte on, in non-UTF-8).
fn next_char_boundary(bytes: &[u8], at: usize) -> usize {
    let next = (at + 1).min(bytes.len());
    match std::str::from_utf8(bytes) {
        Ok(text) => (next..=bytes.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(next),
        Err(_) => next,
    }
}

/// Writes `files` as a pack into a new temporary folder.
fn write_pack(files: &[PackFile]) -> tempfile::TempDir {
    let folder = tempfile::tempdir().expect("a temporary folder can be made");
    for file in files {
        let path = folder.path().join(&file.path);
        std::fs::create_dir_all(path.parent().expect("a file has a folder"))
            .expect("the temporary folder is writable");
        std::fs::write(path, &file.bytes).expect("the temporary folder is writable");
    }
    folder
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    ProptestConfig::with_cases(cases)
}

#[test]
fn the_base_pack_compiles_without_errors() {
    let compilation = invariants::compile_checked(&fixture_root());
    let messages: Vec<String> = compilation
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {:?}: {}",
                d.code,
                d.position(&compilation.sources),
                d.message
            )
        })
        .collect();
    assert_eq!(
        compilation.error_count(),
        0,
        "the mutation base must be valid:\n{messages:#?}"
    );
    let bundle = compilation
        .bundle
        .expect("a pack without errors has a bundle");
    assert_eq!((bundle.ships.len(), bundle.missions.len()), (4, 1));
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_edits_never_panic_the_compiler(
        edits in prop::collection::vec((any::<Index>(), mutation()), 1..=3)
    ) {
        let mut files = fixture().to_vec();
        let mut edited = Vec::new();
        for (file, mutation) in &edits {
            let file = file.index(files.len());
            mutation.apply(&mut files[file].bytes);
            if !edited.contains(&file) {
                edited.push(file);
            }
        }
        let folder = write_pack(&files);
        let outcome = catch_unwind(AssertUnwindSafe(|| invariants::compile_checked(folder.path())));
        if outcome.is_err() {
            // Name the edited files and show their text, so the failure can
            // be reproduced without decoding the edits.
            let shown: Vec<String> = edited
                .iter()
                .map(|&file| {
                    let file = &files[file];
                    format!("--- {}\n{}", file.path.display(), String::from_utf8_lossy(&file.bytes))
                })
                .collect();
            return Err(TestCaseError::fail(format!(
                "the compiler broke an invariant (see the panic above) on:\n{}",
                shown.join("\n")
            )));
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// Only [`Mutation::InsertBytes`] may make a file invalid UTF-8: the
    /// other edits must test the compiler's handling of text, not its
    /// refusal of binary files.
    #[test]
    fn edits_keep_utf8_unless_they_insert_bytes(
        mutation in mutation().prop_filter("not bytes", |m| !matches!(m, Mutation::InsertBytes(..)))
    ) {
        let mut bytes = "name = \"ünï 🚀\"\n# ç = 2\nrangé = 3\n".as_bytes().to_vec();
        mutation.apply(&mut bytes);
        prop_assert!(std::str::from_utf8(&bytes).is_ok(), "{:?} gave {:?}", mutation, bytes);
    }
}
