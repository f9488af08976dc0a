//! Load: read a pack folder (and the packs it depends on), parse every file,
//! check its shape, and deserialize it. Every problem is reported; a file
//! that fails contributes nothing further, the others carry on. A file of
//! many parts (a tactics file's cards, a ship card's versions, a board's
//! zones, a mission's players) is read on past its broken parts, and an
//! item past those of its own keys that can be given a stand-in (see
//! `cut`).

mod cut;
pub(crate) use cut::UNREADABLE;
pub(crate) mod document;
pub(crate) mod shape;

use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use spacedock_schema::FileKind;
use spacedock_schema::board::BoardSource;
use spacedock_schema::common::Level;
use spacedock_schema::fleet::FleetSource;
use spacedock_schema::mission::MissionSource;
use spacedock_schema::pack::PackManifest;
use spacedock_schema::rules::Rules;
use spacedock_schema::scenario::ScenarioSource;
use spacedock_schema::ship::ShipSource;
use spacedock_schema::tactic::{TacticSource, TacticsSource};

use crate::codes::Code;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::source::{FileId, SourceMap};

/// An item and where it was written: its file and its JSON pointer there.
#[derive(Clone, Debug)]
pub(crate) struct Loaded<T> {
    pub(crate) item: T,
    pub(crate) file: FileId,
    pub(crate) pointer: String,
}

/// A pack's manifest and folder.
#[derive(Clone, Debug)]
pub(crate) struct PackInfo {
    pub(crate) root: PathBuf,
    pub(crate) manifest: Loaded<PackManifest>,
    /// The end of its own files: they are those from its manifest's up to
    /// here (its dependencies' come after).
    pub(crate) files_end: FileId,
    /// Whether some of what the pack can refer to (its own folders, its
    /// dependencies, theirs) could not be read.
    pub(crate) incomplete: bool,
}

/// Everything loaded from a pack and its dependencies. The root pack is
/// `packs[0]`; dependencies follow in the order they were first reached.
#[derive(Clone, Debug, Default)]
pub(crate) struct Content {
    pub(crate) packs: Vec<PackInfo>,
    pub(crate) rules: Option<Loaded<Rules>>,
    pub(crate) ships: Vec<Loaded<ShipSource>>,
    /// Ship cards some of whose versions have shape errors, read without
    /// them, or with stand-ins for keys of the card's or its versions'
    /// own. They are checked as cards of their own, so that the mistakes
    /// of their other versions are told in the same run, but nothing can
    /// refer to them: a fleet or mission would find a version missing that
    /// is only unread. Their names are among `broken`.
    pub(crate) partial_ships: Vec<Loaded<ShipSource>>,
    pub(crate) tactics: Vec<Loaded<TacticSource>>,
    /// Tactic cards read with stand-ins for missing keys of their own:
    /// they are checked as cards of their own, but nothing can refer to
    /// them, nor is the stand-in read as theirs. Their names are among
    /// `broken`.
    pub(crate) partial_tactics: Vec<Loaded<TacticSource>>,
    pub(crate) boards: Vec<Loaded<BoardSource>>,
    /// Boards some of whose zones or half hexes have shape errors, read
    /// without them, or with a stand-in for their name, size or border,
    /// and checked as boards of their own; nothing refers to them. Their
    /// names are among `broken`.
    pub(crate) partial_boards: Vec<Loaded<BoardSource>>,
    pub(crate) missions: Vec<Loaded<MissionSource>>,
    /// Missions some of whose players or teams have shape errors, read
    /// without them, or some of whose own zones' hexes do, read as zones
    /// of no hexes, or that lack their name, boards or players, read with
    /// stand-ins (see `cut`): their boards and what their other players and teams
    /// name are looked up, and what of them does not weigh their sides
    /// is checked (`check::mission::check_in_part`), so that a mistake
    /// there is told in the same run, but nothing plays or refers to
    /// them. Their names are among `broken`.
    pub(crate) partial_missions: Vec<Loaded<MissionSource>>,
    /// Keys whose values are stand-ins for values of the wrong shape (or
    /// lists read without their broken entries, as a mission's `teams`),
    /// and their files: each item holding one is read in part, and the
    /// checks that need the key skip it.
    pub(crate) stood_in: Vec<(FileId, String)>,
    /// The levels of ship card versions left out for their shape, where
    /// each is written: a level written twice is told at once.
    pub(crate) left_out_levels: Vec<(Level, Location)>,
    /// Ids and names of items whose file failed to load: references to
    /// them are not reported again.
    pub(crate) broken: Vec<(FileKind, String)>,
    /// Where the items left out for errors of their own write their ids:
    /// one another item has is told at once, not once the errors are
    /// mended.
    pub(crate) broken_ids: Vec<BrokenId>,
    /// Whether some content could not be read (a dependency, a folder):
    /// its items are unknown, so a reference that finds nothing may name
    /// one of them and is not reported (the read error says what to fix).
    pub(crate) incomplete: bool,
    /// The first file of the root pack's dependencies: files before it are
    /// the root pack's own. `None` while the root pack is being read.
    pub(crate) dependencies_from: Option<FileId>,
    /// Packs whose manifest could not be read: reached again, they are not
    /// read (nor their errors told) again.
    pub(crate) unread_packs: Vec<PathBuf>,
}

/// The id of an item left out for errors of its own, and where it is
/// written: its `id`, or the `name` it is made from.
#[derive(Clone, Debug)]
pub(crate) struct BrokenId {
    pub(crate) kind: FileKind,
    pub(crate) id: String,
    pub(crate) file: FileId,
    pub(crate) pointer: String,
    pub(crate) from_name: bool,
}

impl BrokenId {
    /// From an item's `id` and `name` as written, the item at `pointer`.
    fn of(
        kind: FileKind,
        id: Option<&str>,
        name: Option<&str>,
        file: FileId,
        pointer: &str,
    ) -> Option<BrokenId> {
        let (id, key, from_name) = match (id, name) {
            (Some(id), _) => (id.to_owned(), "id", false),
            (None, Some(name)) => (crate::suggest::slug(name), "name", true),
            (None, None) => return None,
        };
        Some(BrokenId {
            kind,
            id,
            file,
            pointer: format!("{pointer}/{key}"),
            from_name,
        })
    }
}

impl Content {
    /// Whether the file at `path` is `part` of one of the packs (a path
    /// from its root: `rules.toml`), or lies within it (`missions`). The
    /// roots are canonical; files are named as they were found.
    pub(crate) fn holds(&self, part: &str, path: &std::path::Path) -> bool {
        std::fs::canonicalize(path).is_ok_and(|path| {
            self.packs
                .iter()
                .any(|pack| path.starts_with(pack.root.join(part)))
        })
    }

    /// Whether items of `kind` may be missing: some content could not be
    /// read, or a file of that kind failed to load.
    pub(crate) fn may_lack(&self, kind: FileKind) -> bool {
        self.incomplete || self.broken.iter().any(|(broken, _)| *broken == kind)
    }

    /// Whether the value at `pointer` of `file` is a stand-in for one of
    /// the wrong shape.
    pub(crate) fn stood_in(&self, file: FileId, pointer: &str) -> bool {
        self.stood_in
            .iter()
            .any(|(at, stood_in)| *at == file && stood_in == pointer)
    }

    /// Every board whose own rules are checked: those read whole, then
    /// those read without their broken zones or half hexes.
    pub(crate) fn checked_boards(&self) -> impl Iterator<Item = &Loaded<BoardSource>> {
        self.boards.iter().chain(&self.partial_boards)
    }

    /// Every ship card whose own rules are checked: those read whole, then
    /// those read without their broken versions.
    pub(crate) fn checked_ships(&self) -> impl Iterator<Item = &Loaded<ShipSource>> {
        self.ships.iter().chain(&self.partial_ships)
    }

    /// Every tactic card whose own rules are checked: those read whole,
    /// then those read with stand-ins for missing keys.
    pub(crate) fn checked_tactics(&self) -> impl Iterator<Item = &Loaded<TacticSource>> {
        self.tactics.iter().chain(&self.partial_tactics)
    }
}

/// The folders of a pack and the kind of file each holds.
const FOLDERS: [(&str, FileKind); 4] = [
    ("ships", FileKind::Ship),
    ("tactics", FileKind::Tactics),
    ("boards", FileKind::Board),
    ("missions", FileKind::Mission),
];

/// Folders a pack may hold that the compiler does not read.
const OTHER_FOLDERS: [&str; 2] = ["tests", "fleets"];

/// Why `path`, given as a pack, cannot be read at all (it does not exist,
/// is a file, or cannot be read): an I/O error rather than a content
/// error, with no source location. `None` for a folder, pack or not.
pub fn unreadable_pack(path: &Path) -> Option<Diagnostic> {
    let shown = path.display();
    let message = match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => return None,
        Ok(_) => format!("`{shown}` is not a folder"),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            format!("pack folder `{shown}` does not exist")
        }
        Err(error) => format!("cannot read pack folder `{shown}`: {error}"),
    };
    Some(
        Diagnostic::new(Code::IoError, message)
            .help("a pack is a folder with a pack.toml manifest; give the folder's path"),
    )
}

/// The error for a pack file that is there but cannot be read as one: a
/// link to nothing (and where it leads), or not a regular file nor a
/// folder (a FIFO would keep the compiler waiting and a device would never
/// end, so it is not read). `None` for a regular file, a folder, or
/// nothing there at all.
fn special_file(path: &Path) -> Option<Diagnostic> {
    let there = std::fs::symlink_metadata(path).is_ok();
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() && !metadata.is_dir() => Some(
            Diagnostic::new(
                Code::IoError,
                format!("cannot read `{}`: it is not a regular file", path.display()),
            )
            .help("a pack's TOML files are regular files; a FIFO, socket or device is not read"),
        ),
        Err(error) if there => Some(unreadable_link(path, &error)),
        _ => None,
    }
}

/// The error for a path that is there but leads nowhere: a link to
/// nothing says where it leads; anything else, the system's reason.
fn unreadable_link(path: &Path, error: &std::io::Error) -> Diagnostic {
    match std::fs::read_link(path) {
        Ok(target) if error.kind() == std::io::ErrorKind::NotFound => Diagnostic::new(
            Code::IoError,
            format!(
                "cannot read `{}`: it is a link to `{}`, which does not exist",
                path.display(),
                target.display()
            ),
        )
        .help("point the link at a file, or remove it"),
        _ => Diagnostic::new(
            Code::IoError,
            format!("cannot read `{}`: {error}", path.display()),
        ),
    }
}

/// The largest file the compiler reads: far beyond any pack's (a whole
/// 100,000-card pack is 43 MiB), and a bound for an endless input given
/// as a fleet build (`/dev/zero`).
const MAX_FILE: u64 = 256 << 20;

pub(crate) fn load(root: &Path, sources: &mut SourceMap, diagnostics: &mut Diagnostics) -> Content {
    let mut content = Content::default();
    let mut stack = Vec::new();
    let _complete = load_pack(root, None, &mut stack, &mut content, sources, diagnostics);
    content
}

/// A `[dependencies]` entry that led to a pack: its name, its path as
/// written, and where.
struct Dependency {
    name: String,
    path: String,
    location: Location,
}

fn load_pack(
    root: &Path,
    required_by: Option<Dependency>,
    stack: &mut Vec<PathBuf>,
    content: &mut Content,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> bool {
    let canonical = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    if let Some(dependency) = &required_by
        && stack.contains(&canonical)
    {
        diagnostics.push(
            Diagnostic::new(
                Code::DependencyError,
                format!(
                    "circular dependency: `{}` is this pack or a pack that depends on it",
                    dependency.name
                ),
            )
            .at(dependency.location.clone())
            .label("this dependency leads back here")
            .help("packs cannot depend on each other in a circle; remove one of the dependencies"),
        );
        // Its items are being read.
        return true;
    }
    if let Some(pack) = content.packs.iter().find(|pack| pack.root == canonical) {
        return !pack.incomplete;
    }
    if content.unread_packs.contains(&canonical) {
        return false;
    }
    if required_by.is_none()
        && let Some(diagnostic) = unreadable_pack(root)
    {
        diagnostics.push(diagnostic);
        return false;
    }
    let manifest_path = root.join("pack.toml");
    if let Some(diagnostic) = special_file(&manifest_path) {
        diagnostics.push(diagnostic);
        return false;
    }
    if !manifest_path.is_file() {
        // A missing dependency is a mistake in the manifest that names it
        // (a content error); a folder given on the command line that is not
        // a pack means nothing can be read at all.
        let dependency = required_by.is_some();
        let diagnostic = match required_by {
            Some(dependency) => Diagnostic::new(
                Code::DependencyError,
                if manifest_path.is_dir() {
                    format!(
                        "dependency `{}` is not a pack: its pack.toml is a folder",
                        dependency.name
                    )
                } else if root.is_dir() {
                    format!(
                        "dependency `{}` is not a pack: `{}` has no pack.toml",
                        dependency.name, dependency.path
                    )
                } else {
                    format!(
                        "dependency `{}` is missing: there is no folder `{}`",
                        dependency.name, dependency.path
                    )
                },
            )
            .at(dependency.location)
            .label("no pack here")
            .help(
                "the path is relative to the folder of this pack.toml; references to its items are checked once it loads",
            ),
            None => Diagnostic::new(
                Code::NotAPack,
                if manifest_path.is_dir() {
                    format!(
                        "`{}` is not a pack: its pack.toml is a folder, not a file",
                        root.display()
                    )
                } else {
                    format!("`{}` is not a pack: it has no pack.toml", root.display())
                },
            )
            .help("a pack is a folder with a pack.toml manifest; see docs/authoring.md"),
        };
        content.incomplete |= dependency;
        diagnostics.push(diagnostic);
        return false;
    }
    let mut complete = true;
    let before = diagnostics.len();
    let next = sources.next_id();
    let Some((manifest, manifest_file)) =
        load_file::<PackManifest>(&manifest_path, FileKind::Pack, sources, diagnostics)
    else {
        // A manifest that is not read for another mistake still says
        // which game it is for: an unknown one is told in the same run.
        if sources.next_id() > next
            && let Ok(table) = toml::from_str::<toml::Table>(sources.get(next).text())
            && let Some(game) = table.get("game").and_then(toml::Value::as_str)
        {
            wrong_game(game, next, sources, diagnostics);
        }
        // The pack's own files are still read and checked, so that its
        // other mistakes are found in the same run. What the manifest
        // declares (factions, aliases, dependencies) is unknown, so a
        // reference that finds nothing is not reported.
        content.incomplete = true;
        content.unread_packs.push(canonical);
        if required_by.is_none() {
            load_folders(root, content, sources, diagnostics);
        }
        return false;
    };
    // A misspelt table declaring names (`dependancies`, `factons`) is
    // read as the table it stands for. Only when the manifest has that
    // table already is the misspelt one left unread, and the manifest
    // lacks what it declared: as for a manifest that could not be read, a
    // reference that finds nothing is not reported. Another unknown key
    // (`descripton`) hides nothing.
    if diagnostics.since(before).iter().any(|diagnostic| {
        diagnostic.code == Code::UnknownKey
            && diagnostic
                .location
                .as_ref()
                .is_some_and(|location| location.file == manifest_file)
            && diagnostic.help.as_deref().is_some_and(|help| {
                ["dependencies", "factions", "aliases"]
                    .iter()
                    .any(|declaring| {
                        help.starts_with(&format!("did you mean `{declaring}`"))
                            && !sources.is_alias(manifest_file, &format!("/{declaring}"))
                    })
            })
    }) {
        content.incomplete = true;
        complete = false;
    }
    wrong_game(&manifest.game, manifest_file, sources, diagnostics);

    let dependencies: Vec<(String, String)> = manifest
        .dependencies
        .iter()
        .map(|(name, dependency)| (name.clone(), dependency.path.clone()))
        .collect();
    let index = content.packs.len();
    content.packs.push(PackInfo {
        root: canonical.clone(),
        manifest: Loaded {
            item: manifest,
            file: manifest_file,
            pointer: String::new(),
        },
        files_end: manifest_file,
        incomplete: false,
    });

    complete &= load_folders(root, content, sources, diagnostics);
    content.packs[index].files_end = sources.next_id();
    if required_by.is_none() {
        content.dependencies_from = Some(sources.next_id());
    }

    stack.push(canonical);
    for (name, path) in dependencies {
        let location = Location {
            file: manifest_file,
            span: sources.value_span(
                manifest_file,
                &format!("/dependencies/{}/path", document::escape(&name)),
            ),
        };
        complete &= load_pack(
            &root.join(&path),
            Some(Dependency {
                name,
                path,
                location,
            }),
            stack,
            content,
            sources,
            diagnostics,
        );
    }
    stack.pop();
    content.packs[index].incomplete = !complete;
    complete
}

fn load_item(
    path: &Path,
    kind: FileKind,
    content: &mut Content,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) {
    let before = sources.iter().count();
    load_item_file(path, kind, content, sources, diagnostics);
    remember_broken(path, kind, before, content, sources);
}

/// When a file yielded no item, keeps the ids and names it spelled out.
fn remember_broken(
    path: &Path,
    kind: FileKind,
    before: usize,
    content: &mut Content,
    sources: &SourceMap,
) {
    let loaded = match kind {
        FileKind::Ship => content.ships.last().map(|l| l.file),
        FileKind::Tactics => content.tactics.last().map(|l| l.file),
        FileKind::Board => content.boards.last().map(|l| l.file),
        FileKind::Mission => content.missions.last().map(|l| l.file),
        _ => None,
    };
    let Some((file, source)) = sources.iter().nth(before) else {
        remember_unread(path, kind, content);
        return;
    };
    if loaded == Some(file) || source.path() != path {
        return;
    }
    let Ok(value) = toml::from_str::<toml::Table>(source.text()) else {
        // Not TOML at all: the names are read from their lines, so that a
        // syntax error is not reported again at every reference.
        for (key, text) in source.text().lines().filter_map(quoted_key) {
            if key == "id" || key == "name" {
                content.broken.push((kind, text.to_owned()));
                content.broken.push((kind, crate::suggest::slug(text)));
            }
        }
        remember_stem(path, kind, content);
        return;
    };
    let tables: Vec<(String, &toml::Table)> = match value.get("tactic") {
        Some(toml::Value::Array(items)) => items
            .iter()
            .enumerate()
            .filter_map(|(index, item)| Some((format!("/tactic/{index}"), item.as_table()?)))
            .collect(),
        _ => vec![(String::new(), &value)],
    };
    for (pointer, table) in tables {
        let text = |key: &str| table.get(key).and_then(toml::Value::as_str);
        for key in ["id", "name"] {
            if let Some(text) = text(key) {
                content.broken.push((kind, text.to_owned()));
                content.broken.push((kind, crate::suggest::slug(text)));
            }
        }
        content
            .broken_ids
            .extend(BrokenId::of(kind, text("id"), text("name"), file, &pointer));
    }
    // The file's name too, as for a file that is not TOML: a broken name
    // (`name = 5`, a control character) has no slug the references use.
    remember_stem(path, kind, content);
}

/// A broken file's name, which is its item's id by default; a tactics
/// file holds many cards, none named after the file.
fn remember_stem(path: &Path, kind: FileKind, content: &mut Content) {
    if kind != FileKind::Tactics
        && let Some(stem) = path.file_stem().and_then(|stem| stem.to_str())
    {
        content.broken.push((kind, stem.to_owned()));
    }
}

/// Reads a pack's own `rules.toml` and the files of its folders, and warns
/// about TOML files outside them; whether every folder could be listed.
fn load_folders(
    root: &Path,
    content: &mut Content,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> bool {
    let mut listed = true;
    let rules_path = root.join("rules.toml");
    if let Some(diagnostic) = special_file(&rules_path) {
        diagnostics.push(diagnostic);
    } else if rules_path.is_file()
        && let Some((rules, file)) =
            load_file::<Rules>(&rules_path, FileKind::Rules, sources, diagnostics)
        && content.rules.is_none()
    {
        // The root pack's ruleset wins over its dependencies'.
        content.rules = Some(Loaded {
            item: rules,
            file,
            pointer: String::new(),
        });
    }

    for (folder, kind) in FOLDERS {
        let folder = root.join(folder);
        let unlisted = std::fs::read_dir(&folder)
            .is_err_and(|error| error.kind() != std::io::ErrorKind::NotFound);
        content.incomplete |= unlisted;
        listed &= !unlisted;
        for path in toml_paths(&folder, sources, diagnostics) {
            match special_file(&path) {
                // Not read: what is known of its item is the file's name.
                Some(diagnostic) => {
                    diagnostics.push(diagnostic);
                    remember_unread(&path, kind, content);
                }
                None => load_item(&path, kind, content, sources, diagnostics),
            }
        }
    }
    report_stray_files(root, sources, diagnostics);
    listed
}

/// Keeps the name of a file that could not be read at all (no permission,
/// a link to nothing): a ship's or a mission's file is usually named after
/// its id. References to it are not reported again.
fn remember_unread(path: &Path, kind: FileKind, content: &mut Content) {
    if let Some(stem) = path.file_stem().and_then(|stem| stem.to_str()) {
        content.broken.push((kind, stem.to_owned()));
    }
}

/// `key = "text"` on a line of its own (a plain string, no escapes), or
/// `key = "text` whose string the syntax error left open.
fn quoted_key(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once('=')?;
    let value = value.trim().strip_prefix('"')?;
    let text = match value.split_once('"') {
        Some((text, rest)) => {
            let rest = rest.trim_start();
            (rest.is_empty() || rest.starts_with('#') || rest.starts_with(',')).then_some(text)?
        }
        None => value.trim_end(),
    };
    (!text.is_empty() && !text.contains('\\')).then_some((key.trim(), text))
}

fn load_item_file(
    path: &Path,
    kind: FileKind,
    content: &mut Content,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) {
    /// Pushes the whole file, typed, onto `list`; a type error is told.
    fn push_whole<T: DeserializeOwned>(
        list: &mut Vec<Loaded<T>>,
        value: serde_json::Value,
        file: FileId,
        kind: FileKind,
        diagnostics: &mut Diagnostics,
    ) {
        if let Some(item) = typed::<T>(value, file, kind, diagnostics) {
            list.push(Loaded {
                item,
                file,
                pointer: String::new(),
            });
        }
    }
    match kind {
        FileKind::Ship => {
            let Some((mut value, file, broken, stood_in)) =
                load_value(path, kind, &["versions"], sources, diagnostics)
            else {
                return;
            };
            if broken.is_empty() && stood_in.is_empty() {
                push_whole(&mut content.ships, value, file, kind, diagnostics);
                return;
            }
            // The card stays out of the pack (a version it lacks would be
            // told at every fleet that picks it, a stand-in name, size,
            // icon, count, faction or version's number read as its own),
            // but its other versions are read and checked, the later ones
            // found where they were written.
            let versions = indices_in(&broken, 0);
            for &index in &versions {
                let pointer = format!("/versions/{index}/level");
                let level = value
                    .pointer(&pointer)
                    .and_then(|level| serde_json::from_value(level.clone()).ok());
                if let Some(level) = level {
                    let span = sources.value_span(file, &pointer);
                    content
                        .left_out_levels
                        .push((level, Location { file, span }));
                }
            }
            content.stood_in.extend(
                stood_in
                    .iter()
                    .filter_map(|pointer| renumbered(pointer, "/versions", &versions))
                    .map(|pointer| (file, pointer)),
            );
            cut::leave_out(&mut value, "/versions", &versions, file, sources);
            push_whole(&mut content.partial_ships, value, file, kind, diagnostics);
        }
        FileKind::Board => {
            let lists = ["zones", "half_hexes"];
            let Some((mut value, file, broken, stood_in)) =
                load_value(path, kind, &lists, sources, diagnostics)
            else {
                return;
            };
            if broken.is_empty() && stood_in.is_empty() {
                push_whole(&mut content.boards, value, file, kind, diagnostics);
                return;
            }
            // A zone or half hex left out only hides mistakes of the rest,
            // never makes one; a zone with broken hexes keeps its name,
            // checked against the others', with none. The board stays out
            // of the pack, where a mission would find a zone missing that
            // is only unread, or hexes placed on a stand-in size.
            let zones_out = indices_in(&broken, 0);
            content.stood_in.extend(
                stood_in
                    .iter()
                    .filter_map(|pointer| renumbered(pointer, "/zones", &zones_out))
                    .map(|pointer| (file, pointer)),
            );
            for (which, list) in lists.iter().enumerate() {
                let indices = indices_in(&broken, which);
                cut::leave_out(&mut value, &format!("/{list}"), &indices, file, sources);
            }
            push_whole(&mut content.partial_boards, value, file, kind, diagnostics);
        }
        FileKind::Mission => {
            let Some((mut value, file, broken, stood_in)) =
                load_value(path, kind, &["players", "teams"], sources, diagnostics)
            else {
                return;
            };
            if broken.is_empty() && stood_in.is_empty() {
                push_whole(&mut content.missions, value, file, kind, diagnostics);
                return;
            }
            // Without a player or a team, or with a zone of no hexes, the
            // mission's seating, teams, victory and placement would be told
            // as mistakes of their own: it stays out of the pack, and only
            // what it, its other players and its other teams name is
            // looked up.
            let players_out = indices_in(&broken, 0);
            content.stood_in.extend(
                stood_in
                    .iter()
                    .filter_map(|pointer| renumbered(pointer, "/players", &players_out))
                    .map(|pointer| (file, pointer)),
            );
            cut::leave_out(&mut value, "/players", &players_out, file, sources);
            // Without its broken teams, a player's team that is not among
            // those read may be one of them, and share what it lacks: the
            // teams read stand in for those written.
            let teams_out = indices_in(&broken, 1);
            if !teams_out.is_empty() && !content.stood_in(file, "/teams") {
                content.stood_in.push((file, "/teams".to_owned()));
            }
            cut::leave_out(&mut value, "/teams", &teams_out, file, sources);
            push_whole(
                &mut content.partial_missions,
                value,
                file,
                kind,
                diagnostics,
            );
        }
        FileKind::Tactics => {
            let Some((value, file, broken, stood_in)) =
                load_value(path, kind, &["tactic"], sources, diagnostics)
            else {
                return;
            };
            if broken.is_empty() && stood_in.is_empty() {
                if let Some(file_items) = typed::<TacticsSource>(value, file, kind, diagnostics) {
                    content
                        .tactics
                        .extend(
                            file_items
                                .tactics
                                .into_iter()
                                .enumerate()
                                .map(|(index, item)| Loaded {
                                    item,
                                    file,
                                    pointer: format!("/tactic/{index}"),
                                }),
                        );
                }
                return;
            }
            // Card by card: a card with errors is left out, and one with
            // stand-ins for its missing keys is checked as a card of its
            // own; their names are kept, so references to them are not
            // reported again. The others are read at their own places.
            let stood_in_cards = broken_items(&["tactic"], &stood_in).unwrap_or_default();
            content
                .stood_in
                .extend(stood_in.into_iter().map(|pointer| (file, pointer)));
            let cards = value.get("tactic").and_then(serde_json::Value::as_array);
            for (index, card) in cards.into_iter().flatten().enumerate() {
                let pointer = format!("/tactic/{index}");
                let in_part = stood_in_cards.contains(&(0, index));
                if broken.contains(&(0, index)) || in_part {
                    let text = |key: &str| card.get(key).and_then(serde_json::Value::as_str);
                    for key in ["id", "name"] {
                        if let Some(text) = text(key) {
                            content.broken.push((kind, text.to_owned()));
                            content.broken.push((kind, crate::suggest::slug(text)));
                        }
                    }
                    content.broken_ids.extend(BrokenId::of(
                        kind,
                        text("id"),
                        text("name"),
                        file,
                        &pointer,
                    ));
                }
                if broken.contains(&(0, index)) {
                    continue;
                }
                let list = if in_part {
                    &mut content.partial_tactics
                } else {
                    &mut content.tactics
                };
                if let Some(item) = typed::<TacticSource>(card.clone(), file, kind, diagnostics) {
                    list.push(Loaded {
                        item,
                        file,
                        pointer,
                    });
                }
            }
        }
        FileKind::Pack
        | FileKind::Rules
        | FileKind::Fleet
        | FileKind::Scenario
        | FileKind::Bundle => {}
    }
}

/// A scenario as read.
#[derive(Debug)]
pub(crate) struct ScenarioRead {
    pub(crate) scenario: ScenarioSource,
    pub(crate) file: FileId,
    /// The `[[ships]]` entries left out for the errors in their shape: the
    /// ship card each names, where it is written, if it can be read.
    pub(crate) left_out_ships: Vec<Option<(String, Location)>>,
}

/// Reads, parses, shape-checks and deserializes a scenario: a step or a
/// ship card entry whose shape is broken is left out, and so is any other
/// broken part whose absence no check reads as a lack (a turn's phase, a
/// card of a hand, an expectation; see [`cut`]), its errors reported, so
/// that the rest of the scenario is read and checked on.
pub(crate) fn load_scenario(
    path: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> Option<ScenarioRead> {
    let (mut value, file, broken, _) = load_value(
        path,
        FileKind::Scenario,
        &["steps", "ships"],
        sources,
        diagnostics,
    )?;
    cut::leave_out(&mut value, "/steps", &indices_in(&broken, 0), file, sources);
    let left_out_ships = leave_out_named(
        &mut value,
        "ships",
        "ship",
        &indices_in(&broken, 1),
        file,
        sources,
    );
    typed(value, file, FileKind::Scenario, diagnostics).map(|scenario| ScenarioRead {
        scenario,
        file,
        left_out_ships,
    })
}

/// The indices of the items of the `list`th array among `broken`.
fn indices_in(broken: &[ItemAt], list: usize) -> Vec<usize> {
    broken
        .iter()
        .filter(|&&(which, _)| which == list)
        .map(|&(_, index)| index)
        .collect()
}

/// `pointer` as it reads once the items at `left_out` of the array `list`
/// are taken out; `None` when it is within one of them.
fn renumbered(pointer: &str, list: &str, left_out: &[usize]) -> Option<String> {
    let Some((index, rest)) = pointer
        .strip_prefix(list)
        .and_then(|rest| rest.strip_prefix('/'))
        .map(|rest| rest.split_once('/').unwrap_or((rest, "")))
        .and_then(|(index, rest)| Some((index.parse::<usize>().ok()?, rest)))
    else {
        return Some(pointer.to_owned());
    };
    if left_out.contains(&index) {
        return None;
    }
    let now = index - left_out.iter().filter(|&&out| out < index).count();
    let rest = if rest.is_empty() {
        String::new()
    } else {
        format!("/{rest}")
    };
    Some(format!("{list}/{now}{rest}"))
}

/// Leaves out the entries at `indices` (ascending) of the array `list`;
/// returns the name each gives under `key`, and where, if it can be read.
fn leave_out_named(
    value: &mut serde_json::Value,
    list: &str,
    key: &str,
    indices: &[usize],
    file: FileId,
    sources: &mut SourceMap,
) -> Vec<Option<(String, Location)>> {
    let entries = value.get(list).and_then(serde_json::Value::as_array);
    let names = indices
        .iter()
        .map(|&index| {
            let name = entries?.get(index)?.get(key)?.as_str()?;
            let span = sources.value_span(file, &format!("/{list}/{index}/{key}"));
            Some((name.to_owned(), Location { file, span }))
        })
        .collect();
    cut::leave_out(value, &format!("/{list}"), indices, file, sources);
    names
}

/// A fleet build as read.
#[derive(Debug)]
pub(crate) struct FleetBuild {
    pub(crate) fleet: FleetSource,
    pub(crate) file: FileId,
    pub(crate) left_out: LeftOut,
}

/// The entries of a fleet build left out for the errors in their shape:
/// the name each gives, where it is written, if it can be read.
#[derive(Debug, Default)]
pub(crate) struct LeftOut {
    pub(crate) ships: Vec<Option<(String, Location)>>,
    pub(crate) cards: Vec<Option<(String, Location)>>,
}

/// Reads, parses, shape-checks and deserializes a fleet build: a ship or
/// deck entry whose shape is broken is left out (its errors reported), so
/// that the rest of the build is read and checked on.
pub(crate) fn load_fleet(
    path: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> Option<FleetBuild> {
    let (mut value, file, broken, _) = load_value(
        path,
        FileKind::Fleet,
        &["ships", "deck"],
        sources,
        diagnostics,
    )?;
    let left_out = LeftOut {
        ships: leave_out_named(
            &mut value,
            "ships",
            "ship",
            &indices_in(&broken, 0),
            file,
            sources,
        ),
        cards: leave_out_named(
            &mut value,
            "deck",
            "card",
            &indices_in(&broken, 1),
            file,
            sources,
        ),
    };
    typed(value, file, FileKind::Fleet, diagnostics).map(|fleet| FleetBuild {
        fleet,
        file,
        left_out,
    })
}

/// Reads, parses, shape-checks and deserializes one file.
pub(crate) fn load_file<T: DeserializeOwned>(
    path: &Path,
    kind: FileKind,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> Option<(T, FileId)> {
    let (value, file, _, _) = load_value(path, kind, &[], sources, diagnostics)?;
    typed(value, file, kind, diagnostics).map(|item| (item, file))
}

/// The typed item of a document whose shape was checked.
fn typed<T: DeserializeOwned>(
    value: serde_json::Value,
    file: FileId,
    kind: FileKind,
    diagnostics: &mut Diagnostics,
) -> Option<T> {
    match serde_json::from_value::<T>(value) {
        Ok(item) => Some(item),
        Err(error) => {
            // The schema accepted what serde refused: a number too large
            // for its type is the one known way.
            diagnostics.push(
                Diagnostic::new(Code::InvalidValue, format!("invalid {kind} file: {error}"))
                    .at(Location { file, span: 0..0 }),
            );
            None
        }
    }
}

/// An item of a many-item file: the index of its array among the file's
/// arrays of items, and its own index in the array.
type ItemAt = (usize, usize);

/// A document read and shape-checked: see [`load_value`].
type Read = (serde_json::Value, FileId, Vec<ItemAt>, Vec<String>);

/// Reads, parses and shape-checks a file: its document as JSON, and, for
/// a file of many items under the arrays `items` (`[[tactic]]`), the items
/// whose errors it cannot be read past, as the array's index in `items`
/// and the item's in the array, and the pointers of the keys given
/// stand-in values. Those errors are reported; the other items are whole.
/// `None` when the file cannot be read on.
fn load_value(
    path: &Path,
    kind: FileKind,
    items: &[&str],
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> Option<Read> {
    let read = std::fs::File::open(path).and_then(|file| {
        let mut bytes = Vec::new();
        file.take(MAX_FILE + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_FILE {
            return Err(std::io::Error::other(format!(
                "it is larger than {} MiB, which no content file is",
                MAX_FILE >> 20
            )));
        }
        Ok(bytes)
    });
    let text = match read.map(String::from_utf8) {
        Ok(Ok(text)) => text,
        Ok(Err(error)) => {
            // Kept (the bad bytes replaced) so that the diagnostic points
            // at the first of them and the file is listed with the others.
            let at = error.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let file = sources.add(path.to_path_buf(), text);
            diagnostics.push(
                Diagnostic::new(
                    Code::IoError,
                    format!("cannot read `{}`: it is not UTF-8 text", path.display()),
                )
                .at(Location {
                    file,
                    span: at..at + '\u{FFFD}'.len_utf8(),
                })
                .label("not UTF-8")
                .help("TOML files are UTF-8; save the file again in that encoding"),
            );
            return None;
        }
        // A path named on the command line (a fleet build) that leads
        // nowhere; a link to nothing says where it leads.
        Err(error)
            if error.kind() == std::io::ErrorKind::NotFound && path.symlink_metadata().is_err() =>
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::IoError,
                    format!("`{}` does not exist", path.display()),
                )
                .help("check the path: a relative one is read from the current folder"),
            );
            return None;
        }
        Err(error) => {
            diagnostics.push(unreadable_link(path, &error));
            return None;
        }
    };
    // A byte order mark (some Windows editors write one) is no part of
    // the TOML: kept, it would shift the first line's columns and hide
    // its `#:schema` header.
    let mut text = text;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    let file = sources.add(path.to_path_buf(), text);
    check_schema_header(kind, file, sources, diagnostics);
    let parsed = document::parse(sources.get(file).text());
    let document = match parsed {
        Ok(document) => document,
        Err(error) => {
            diagnostics.push(
                Diagnostic::new(Code::TomlSyntax, format!("invalid TOML: {}", error.message))
                    .at(Location {
                        file,
                        span: error.span,
                    })
                    .label("here"),
            );
            return None;
        }
    };
    sources.set_pointers(file, document.pointers);
    let mut value = document.value;
    // A misspelt key hides nothing else of its file: the item is read
    // without it, or with it read as the key it stands for, so that the
    // file's other mistakes are found in this run too. The compilation
    // has failed already, so no bundle holds it. The values read so were
    // not checked as the keys they stand for: the next check reports what
    // it finds at or below them. Each check weighs the whole document, so
    // the last one says which items are broken.
    let mut scope = vec![String::new()];
    let (mut broken, missing) = loop {
        let verdict = shape::check(kind, &value, &scope, file, sources, diagnostics);
        if verdict.unknown_keys.is_empty() {
            break (verdict.broken, verdict.missing);
        }
        scope = read_as_meant(&mut value, verdict.unknown_keys, file, sources);
        if scope.is_empty() {
            break (verdict.broken, verdict.missing);
        }
        scope.extend(verdict.recheck);
    };
    // A file of one item is named after its id by default.
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .filter(|_| kind != FileKind::Tactics);
    let missing_stood_in = cut::stand_in_missing(kind, &mut value, &missing, stem, &mut broken);
    let (broken, mut stood_in) = cut::leave_out_parts(kind, &mut value, broken, file, sources);
    stood_in.extend(missing_stood_in);
    if broken.is_empty() {
        return Some((value, file, Vec::new(), stood_in));
    }
    // Errors within some items of a many-item file leave the others
    // whole: they are read and checked on.
    let broken = broken_items(items, &broken)?;
    Some((value, file, broken, stood_in))
}

/// Takes each unknown key out of `value`, putting it back where it is
/// read, if anywhere (as the key it stands for, or in the table it is a
/// key of), found in the file where it was written; returns the pointers
/// of the keys put back.
fn read_as_meant(
    value: &mut serde_json::Value,
    unknown: Vec<(String, Option<String>)>,
    file: FileId,
    sources: &mut SourceMap,
) -> Vec<String> {
    let mut renamed = Vec::new();
    for (pointer, read_at) in unknown {
        let (parent, key) = pointer.rsplit_once('/').unwrap_or_default();
        let Some(written) = value
            .pointer_mut(parent)
            .and_then(serde_json::Value::as_object_mut)
            .and_then(|table| table.remove(&document::unescape(key)))
        else {
            continue;
        };
        let Some(meant_pointer) = read_at else {
            continue;
        };
        let (meant_parent, meant) = meant_pointer.rsplit_once('/').unwrap_or_default();
        let meant = document::unescape(meant);
        let Some(table) = value
            .pointer_mut(meant_parent)
            .and_then(serde_json::Value::as_object_mut)
        else {
            continue;
        };
        match (table.get_mut(&meant), written) {
            (Some(serde_json::Value::Array(items)), serde_json::Value::Array(misspelt)) => {
                let joined = join_tables(items, misspelt, &meant_pointer, &pointer, file, sources);
                renamed.extend(joined);
            }
            (_, written) => {
                sources.alias(file, &meant_pointer, &pointer);
                table.insert(meant, written);
                renamed.push(meant_pointer);
            }
        }
    }
    renamed
}

/// Appends the tables of a misspelt array of tables (`[[zoens]]`) to the
/// array they stand for (`[[zones]]`), each found where it was written;
/// returns the pointers of the tables that changed.
///
/// TOML gives a sub-table header written after a misspelt one
/// (`[[tactic.powers]]` after `[[tatcic]]`) to the last table of the array
/// spelt right: it is given back to the table written above it.
fn join_tables(
    items: &mut Vec<serde_json::Value>,
    misspelt: Vec<serde_json::Value>,
    meant: &str,
    written: &str,
    file: FileId,
    sources: &mut SourceMap,
) -> Vec<String> {
    let first = items.len();
    for (index, table) in misspelt.into_iter().enumerate() {
        let at = format!("{meant}/{}", first + index);
        sources.alias(file, &at, &format!("{written}/{index}"));
        items.push(table);
    }
    // A table begins at its header: a key, or a table of an array of
    // tables, belongs to the table whose header is the last before it.
    let headers: Vec<usize> = (0..items.len())
        .map(|index| sources.value_span(file, &format!("{meant}/{index}")).start)
        .collect();
    let owner = |at: usize| {
        (0..headers.len())
            .filter(|&index| headers[index] <= at)
            .max_by_key(|&index| headers[index])
    };
    // (from table, key, element if of an array, to table)
    let mut moves: Vec<(usize, String, Option<usize>, usize)> = Vec::new();
    for (index, item) in items.iter().enumerate().take(first) {
        for (key, value) in item.as_object().into_iter().flatten() {
            let from = format!("{meant}/{index}/{}", document::escape(key));
            let tables = value
                .as_array()
                .filter(|elements| elements.iter().all(serde_json::Value::is_object));
            if let Some(elements) = tables {
                for element in 0..elements.len() {
                    let at = sources.value_span(file, &format!("{from}/{element}")).start;
                    if let Some(to) = owner(at).filter(|&to| to >= first) {
                        moves.push((index, key.clone(), Some(element), to));
                    }
                }
            } else {
                let at = sources.key_span(file, &from).start;
                let free = |to: usize| to >= first && items[to].get(key.as_str()).is_none();
                if let Some(to) = owner(at).filter(|&to| free(to)) {
                    moves.push((index, key.clone(), None, to));
                }
            }
        }
    }
    let mut changed: Vec<String> = (first..items.len())
        .map(|index| format!("{meant}/{index}"))
        .collect();
    // Taken backwards, so that the elements of an array not yet taken
    // keep their indices (those moved are its last), then given in order.
    let mut arrivals = Vec::new();
    for (index, key, element, to) in moves.into_iter().rev() {
        let from = format!("{meant}/{index}/{}", document::escape(&key));
        let Some(table) = items[index].as_object_mut() else {
            continue;
        };
        let taken = match element {
            Some(element) => table
                .get_mut(&key)
                .and_then(serde_json::Value::as_array_mut)
                .filter(|elements| element < elements.len())
                .map(|elements| (elements.remove(element), format!("{from}/{element}"))),
            None => table.remove(&key).map(|value| (value, from)),
        };
        // An array all of whose tables were moved was never written here.
        if table
            .get(&key)
            .and_then(serde_json::Value::as_array)
            .is_some_and(Vec::is_empty)
        {
            table.remove(&key);
        }
        if let Some((value, from)) = taken {
            arrivals.push((to, key, element.is_some(), value, from));
            changed.push(format!("{meant}/{index}"));
        }
    }
    for (to, key, element, value, from) in arrivals.into_iter().rev() {
        let Some(table) = items[to].as_object_mut() else {
            continue;
        };
        let target = format!("{meant}/{to}/{}", document::escape(&key));
        if element {
            let list = table
                .entry(key)
                .or_insert_with(|| serde_json::Value::Array(Vec::new()));
            if let Some(list) = list.as_array_mut() {
                sources.alias(file, &format!("{target}/{}", list.len()), &from);
                list.push(value);
            }
        } else {
            sources.alias(file, &target, &from);
            table.insert(key, value);
        }
    }
    changed.sort();
    changed.dedup();
    changed
}

/// The items of a many-item file (of its arrays `items`) that `pointers`
/// fall in, in order, each once, as the array's index in `items` and the
/// item's in the array; `None` when one falls outside every item (the file
/// as a whole is broken).
fn broken_items(items: &[&str], pointers: &[String]) -> Option<Vec<ItemAt>> {
    let mut broken = pointers
        .iter()
        .map(|pointer| {
            items.iter().enumerate().find_map(|(which, list)| {
                let rest = pointer.strip_prefix('/')?.strip_prefix(list)?;
                let index = rest.strip_prefix('/')?.split('/').next()?.parse().ok()?;
                Some((which, index))
            })
        })
        .collect::<Option<Vec<_>>>()?;
    broken.sort_unstable();
    broken.dedup();
    Some(broken)
}

/// Warns when the `#:schema` header among a file's opening comments names
/// another kind's schema (`tactics.schema.json` atop a ship): an editor
/// following it rejects the whole file. Whether the schema is there is not
/// asked: a pack copied elsewhere keeps headers that point nowhere, and
/// editors say so themselves.
fn check_schema_header(
    kind: FileKind,
    file: FileId,
    sources: &SourceMap,
    diagnostics: &mut Diagnostics,
) {
    let text = sources.get(file).text();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            return;
        }
        if let Some(target) = trimmed.strip_prefix("#:schema") {
            let target = target.trim();
            let named = target
                .rsplit(['/', '\\'])
                .next()
                .and_then(|name| name.strip_suffix(".schema.json"))
                .and_then(FileKind::from_name);
            if let Some(named) = named.filter(|&named| named != kind) {
                let start = offset + line.find(target).unwrap_or(0);
                let fixed = format!(
                    "{}{}",
                    &target[..target.len() - named.schema_file_name().len()],
                    kind.schema_file_name()
                );
                diagnostics.push(
                    Diagnostic::new(
                        Code::SchemaHeader,
                        format!("this {kind} file's `#:schema` header names the {named} schema"),
                    )
                    .at(Location {
                        file,
                        span: start..start + target.len(),
                    })
                    .label(format!("the schema of {named} files"))
                    .help(format!("write `#:schema {fixed}`")),
                );
            }
            return;
        }
        offset += line.len();
    }
}

/// The `.toml` files under a folder, recursively, in a stable order, each
/// with the error that keeps it from being read, if one does (a link to
/// nothing, a FIFO): the caller says whose problem it is.
pub(crate) fn toml_entries(
    folder: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> Vec<(PathBuf, Option<Diagnostic>)> {
    toml_paths(folder, sources, diagnostics)
        .into_iter()
        .map(|path| {
            let unreadable = special_file(&path);
            (path, unreadable)
        })
        .collect()
}

/// Every `.toml` entry under a folder, recursively, in a stable order,
/// whatever kind of file it is.
fn toml_paths(
    folder: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Diagnostics,
) -> Vec<PathBuf> {
    let mut files = Vec::new();
    // `.TOML` and the like: told, with where they are, since a file
    // renamed on a system that ignores case would vanish unseen.
    let mut misnamed = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => {
                diagnostics.push(Diagnostic::new(
                    Code::IoError,
                    format!("cannot read folder `{}`: {error}", dir.display()),
                ));
                continue;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            // Hidden entries are an editor's or a tool's (`.#ship.toml`, a
            // lock file; `.git`), never content.
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            // A symlinked folder is not followed: a link back up the tree
            // would make the walk endless. Linked files are read as usual.
            let is_linked_dir =
                entry.file_type().is_ok_and(|kind| kind.is_symlink()) && path.is_dir();
            if is_linked_dir {
                continue;
            }
            let extension = path.extension().map(|ext| ext.to_string_lossy());
            if path.is_dir() {
                pending.push(path);
            } else if extension.as_deref() == Some("toml") {
                files.push(path);
            } else if extension.is_some_and(|ext| ext.eq_ignore_ascii_case("toml")) {
                misnamed.push(path);
            }
        }
    }
    misnamed.sort();
    for path in misnamed {
        let file = sources.add(path.clone(), stray_opening(&path));
        let renamed = path
            .with_extension("toml")
            .file_name()
            .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
        diagnostics.push(
            Diagnostic::new(
                Code::StrayFile,
                format!(
                    "`{}` is not read: a pack reads only files whose names end in `.toml`, in lower case",
                    sources.get(file).display_name()
                ),
            )
            .at(Location { file, span: 0..0 })
            .help(format!("rename it to `{renamed}`")),
        );
    }
    files.sort();
    files
}

/// Warns about TOML files the compiler would silently skip: a typo in a
/// folder name should not make a ship vanish.
fn report_stray_files(root: &Path, sources: &mut SourceMap, diagnostics: &mut Diagnostics) {
    let known: std::collections::BTreeSet<&str> = FOLDERS
        .iter()
        .map(|(folder, _)| *folder)
        .chain(OTHER_FOLDERS.iter().copied())
        .collect();
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let mut stray = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let linked = entry.file_type().is_ok_and(|kind| kind.is_symlink());
        // An editor's lock file (`.#rules.toml`) is no stray content.
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            if !linked && !known.contains(name.as_str()) {
                // Misnamed files there are stray twice over: told once, as
                // stray, when renamed.
                let mut unseen = (SourceMap::default(), Diagnostics::default());
                stray.extend(toml_paths(&path, &mut unseen.0, &mut unseen.1));
            }
        } else if path.extension().is_some_and(|ext| ext == "toml")
            && name != "pack.toml"
            && name != "rules.toml"
        {
            stray.push(path);
        }
    }
    stray.sort();
    for path in stray {
        // Only the first line is shown. A FIFO, device or link to nothing
        // is not read at all (it could wait or never end), yet is stray
        // all the same.
        let text = match special_file(&path) {
            None => stray_opening(&path),
            Some(_) => String::new(),
        };
        let file = sources.add(path.clone(), text);
        let folders: Vec<&str> = FOLDERS.iter().map(|(folder, _)| *folder).collect();
        // A folder name one typo away from a pack folder (`ship/`) says where
        // the file was meant to go.
        let meant = path
            .strip_prefix(root)
            .ok()
            .and_then(|relative| relative.components().next())
            .filter(|_| path.parent() != Some(root))
            .and_then(|folder| {
                crate::suggest::closest(
                    &folder.as_os_str().to_string_lossy(),
                    folders.iter().copied(),
                )
            });
        let help = match meant {
            Some(folder) => format!("did you mean the folder `{folder}`?"),
            None => format!(
                "put items in {}, or the ruleset in rules.toml",
                folders.join(", ")
            ),
        };
        diagnostics.push(
            Diagnostic::new(
                Code::StrayFile,
                format!(
                    "`{}` is not read: it is outside the pack's folders",
                    sources.get(file).display_name()
                ),
            )
            .at(Location { file, span: 0..0 })
            .help(help),
        );
    }
}

/// The opening of a stray file, as much as a warning about it shows: a
/// stray file may be anything, of any size.
fn stray_opening(path: &Path) -> String {
    const SHOWN: u64 = 64 << 10;
    let mut bytes = Vec::new();
    let _ = std::fs::File::open(path).and_then(|file| file.take(SHOWN).read_to_end(&mut bytes));
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod unreadable_tests {
    use std::path::Path;

    use super::unreadable_pack;
    use crate::{Code, Options, compile};

    #[test]
    fn a_pack_that_cannot_be_read_is_an_io_error_from_the_library_too() {
        let missing = Path::new("no/such/pack/folder");
        let diagnostic = unreadable_pack(missing).expect("a missing folder");
        assert_eq!(diagnostic.code, Code::IoError);
        assert_eq!(
            diagnostic.message,
            "pack folder `no/such/pack/folder` does not exist"
        );
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        let compilation = compile(&file, &Options::default());
        assert_eq!(compilation.diagnostics.len(), 1);
        assert_eq!(compilation.diagnostics[0].code, Code::IoError);
        assert!(
            compilation.diagnostics[0]
                .message
                .ends_with("is not a folder")
        );
        assert!(unreadable_pack(Path::new(env!("CARGO_MANIFEST_DIR"))).is_none());
    }
}

/// A pack for a game system spacedock does not know.
fn wrong_game(game: &str, file: FileId, sources: &SourceMap, diagnostics: &mut Diagnostics) {
    if game == "battleship-galaxies" {
        return;
    }
    diagnostics.push(
        Diagnostic::new(
            Code::WrongGame,
            format!("pack is for the game `{game}`, which spacedock does not know"),
        )
        .at(Location {
            file,
            span: sources.value_span(file, "/game"),
        })
        .label("unknown game system")
        .help("the only game system today is `battleship-galaxies`"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` read with its misspelt array of tables `tatcic` joined to
    /// `tactic`, and the lines each joined table's keys were written on.
    fn joined(text: &str) -> (serde_json::Value, SourceMap, FileId) {
        let mut sources = SourceMap::new();
        let file = sources.add(PathBuf::from("tactics.toml"), text.to_owned());
        let Ok(document) = document::parse(text) else {
            panic!("the test's TOML parses");
        };
        sources.set_pointers(file, document.pointers);
        let mut value = document.value;
        let renamed = read_as_meant(
            &mut value,
            vec![("/tatcic".to_owned(), Some("/tactic".to_owned()))],
            file,
            &mut sources,
        );
        assert!(renamed.contains(&"/tactic/2".to_owned()), "{renamed:?}");
        (value, sources, file)
    }

    #[test]
    fn sub_tables_after_a_misspelt_header_are_given_back_to_it() {
        let text = "[[tactic]]\nname = \"a\"\n[[tactic.powers]]\nwhen = \"first\"\n\
                    [[tatcic]]\nname = \"b\"\n[[tactic.powers]]\nwhen = \"second\"\n\
                    [tactic.weapon]\nrange = 4\n\
                    [[tactic]]\nname = \"c\"\n[[tactic.powers]]\nwhen = \"third\"\n";
        let (value, sources, file) = joined(text);
        let names: Vec<&str> = value["tactic"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|card| card["name"].as_str())
            .collect();
        assert_eq!(names, ["a", "c", "b"]);
        assert_eq!(
            value["tactic"][0]["powers"],
            serde_json::json!([{ "when": "first" }])
        );
        assert_eq!(value["tactic"][0].get("weapon"), None);
        assert_eq!(
            value["tactic"][1]["powers"],
            serde_json::json!([{ "when": "third" }])
        );
        assert_eq!(
            value["tactic"][2]["powers"],
            serde_json::json!([{ "when": "second" }])
        );
        assert_eq!(
            value["tactic"][2]["weapon"],
            serde_json::json!({ "range": 4 })
        );
        // Found where they were written.
        let line = |pointer: &str| sources.pointer_position(file, pointer).0;
        assert_eq!(line("/tactic/2/name"), 6);
        assert_eq!(line("/tactic/2/powers/0/when"), 8);
        assert_eq!(line("/tactic/2/weapon/range"), 10);
    }

    #[test]
    fn a_step_moved_up_keeps_none_of_the_left_out_steps_keys() {
        let text = "[[steps]]\ndo = \"atack\"\ndice = [3]\n\n[[steps]]\ndo = \"end-phase\"\n";
        let mut sources = SourceMap::new();
        let file = sources.add(PathBuf::from("scenario.toml"), text.to_owned());
        let Ok(document) = document::parse(text) else {
            panic!("the test's TOML parses");
        };
        sources.set_pointers(file, document.pointers);
        sources.renumber(file, "/steps/0", "/steps/1");
        let line = |pointer: &str| sources.pointer_position(file, pointer).0;
        assert_eq!(line("/steps/0/do"), 6);
        // The left-out step's `dice` is gone: a key the moved step lacks
        // is found at the step.
        assert_eq!(line("/steps/0/dice"), 5);
    }

    /// The content, sources and diagnostics of loading the one file at
    /// `path` as `kind`.
    fn load_one(path: &Path, kind: FileKind) -> (Content, SourceMap, Diagnostics) {
        let mut content = Content::default();
        let mut sources = SourceMap::new();
        let mut diagnostics = Diagnostics::default();
        load_item(path, kind, &mut content, &mut sources, &mut diagnostics);
        (content, sources, diagnostics)
    }

    #[test]
    fn a_ship_card_is_read_on_past_a_broken_version() {
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        let path = folder.path().join("lancer.toml");
        let version = |level: &str, cost: &str| {
            format!(
                "[[versions]]\nlevel = \"{level}\"\nlaunch_cost = {cost}\nactivation_cost = 3\n\
                 move = 4\nshield = 2\nhull = 4\nhit_chart = [\"#\"]\n\
                 primary = {{ name = \"Lance\", range = 4, attacks = 2, strength = 1 }}\n"
            )
        };
        let text = format!(
            "name = \"ISN Lancer\"\nfaction = \"isn\"\nsize = \"medium\"\nicon = \"solo\"\n\n{}\n{}",
            version("standard", "\"8\""),
            version("veteran", "10")
        );
        std::fs::write(&path, text).expect("the ship file can be written");
        let (content, sources, diagnostics) = load_one(&path, FileKind::Ship);
        assert_eq!(diagnostics.len(), 1);
        // Nothing refers to it, and nothing is told of what does.
        assert!(content.ships.is_empty());
        assert!(
            content
                .broken
                .contains(&(FileKind::Ship, "isn-lancer".to_owned()))
        );
        let [partial] = content.partial_ships.as_slice() else {
            panic!("one ship card read in part: {:?}", content.partial_ships);
        };
        let levels: Vec<_> = partial.item.versions.iter().map(|v| v.level).collect();
        assert_eq!(levels, [spacedock_schema::common::Level::Veteran]);
        // Its version found where it was written.
        let line = sources
            .pointer_position(partial.file, "/versions/0/level")
            .0;
        assert_eq!(line, 17);
    }

    #[test]
    fn a_ship_card_is_read_on_past_a_broken_size() {
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        let path = folder.path().join("lancer.toml");
        let text = "name = \"ISN Lancer\"\nfaction = \"isn\"\nsize = 5\nicon = \"solo\"\n\n\
                    [[versions]]\nlevel = \"standard\"\nlaunch_cost = 8\nactivation_cost = 3\n\
                    move = 4\nshield = 2\nhull = 4\nhit_chart = [\"#\"]\n\
                    primary = { name = \"Lance\", range = 4, attacks = 2, strength = 1 }\n";
        std::fs::write(&path, text).expect("the ship file can be written");
        let (content, _, diagnostics) = load_one(&path, FileKind::Ship);
        assert_eq!(diagnostics.len(), 1);
        assert!(content.ships.is_empty());
        let [partial] = content.partial_ships.as_slice() else {
            panic!("one ship card read in part: {:?}", content.partial_ships);
        };
        assert_eq!(partial.item.versions.len(), 1);
        assert!(content.stood_in(partial.file, "/size"));
        assert!(!content.stood_in(partial.file, "/icon"));
    }

    #[test]
    fn a_board_is_read_on_past_a_broken_zone() {
        let folder = tempfile::tempdir().expect("a temporary folder can be made");
        let path = folder.path().join("ground.toml");
        let text = "name = \"Ground\"\ncolumns = 12\nrows = 10\nhalf_hexes = [[1, \"a\"], [2, 1]]\n\n\
                    [[zones]]\nname = 2\nrows = [2]\n\n\
                    [[zones]]\nname = \"south\"\nrows = [9]\n\n\
                    [[zones]]\nname = \"west\"\nrows = [\"3\"]\n";
        std::fs::write(&path, text).expect("the board file can be written");
        let (content, sources, diagnostics) = load_one(&path, FileKind::Board);
        assert_eq!(diagnostics.len(), 3);
        assert!(content.boards.is_empty());
        assert!(
            content
                .broken
                .contains(&(FileKind::Board, "ground".to_owned()))
        );
        let [partial] = content.partial_boards.as_slice() else {
            panic!("one board read in part: {:?}", content.partial_boards);
        };
        assert_eq!(partial.item.half_hexes, [[2, 1]]);
        let zones: Vec<&str> = partial.item.zones.iter().map(|z| z.name.as_str()).collect();
        // A zone with broken hexes keeps its name, with none.
        assert_eq!(zones, ["south", "west"]);
        assert!(partial.item.zones[1].rows.is_empty());
        assert!(content.stood_in(partial.file, "/zones/1/rows"));
        assert!(!content.stood_in(partial.file, "/zones/2/rows"));
        let line = |pointer: &str| sources.pointer_position(partial.file, pointer).0;
        assert_eq!(line("/zones/0/rows/0"), 12);
        assert_eq!(line("/half_hexes/0"), 4);
    }

    #[test]
    fn two_misspelt_headers_keep_their_own_sub_tables() {
        let text = "[[tactic]]\nname = \"a\"\n\
                    [[tatcic]]\nname = \"b\"\n[[tactic.powers]]\nwhen = \"of b\"\n\
                    [[tatcic]]\nname = \"c\"\n[[tactic.powers]]\nwhen = \"of c\"\n";
        let (value, _, _) = joined(text);
        assert_eq!(value["tactic"][0].get("powers"), None);
        assert_eq!(value["tactic"][1]["name"], "b");
        assert_eq!(
            value["tactic"][1]["powers"],
            serde_json::json!([{ "when": "of b" }])
        );
        assert_eq!(value["tactic"][2]["name"], "c");
        assert_eq!(
            value["tactic"][2]["powers"],
            serde_json::json!([{ "when": "of c" }])
        );
    }
}
