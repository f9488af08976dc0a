//! Resolve: give every item its canonical id and answer references to items
//! by id, exact display name, or a declared alias. Unknown references get a
//! did-you-mean; aliases get a warning naming the canonical name.

use std::collections::HashMap;

use spacedock_schema::FileKind;

use crate::codes::Code;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::load::{BrokenId, Content, Loaded};
use crate::source::{FileId, SourceMap};
use crate::suggest::{did_you_mean, is_slug, slug};

/// The kinds of item a reference can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
    Ship,
    Tactic,
    Board,
    Mission,
    Faction,
}

impl ItemKind {
    pub(crate) fn noun(self) -> &'static str {
        match self {
            ItemKind::Ship => "ship card",
            ItemKind::Tactic => "tactic card",
            ItemKind::Board => "board",
            ItemKind::Mission => "mission",
            ItemKind::Faction => "faction",
        }
    }
}

/// The names of one kind of item.
#[derive(Debug, Default)]
#[allow(clippy::struct_field_names)] // `names` beside `ids`: the display names.
pub(crate) struct Names {
    ids: Vec<String>,
    names: Vec<String>,
    /// Canonical ids to items; a duplicate id keeps the first.
    by_id: HashMap<String, usize>,
    /// Display names to items; more than one means ambiguous.
    by_name: HashMap<String, Vec<usize>>,
    by_alias: HashMap<String, usize>,
    /// Names of items that failed to load, already reported.
    broken: std::collections::HashSet<String>,
    /// Ids that more than one item has: already reported as duplicates, so
    /// references to them resolve to nothing rather than to whichever item
    /// was read first.
    duplicated: std::collections::HashSet<String>,
}

impl Names {
    fn push(&mut self, id: String, name: String) -> Option<usize> {
        let item = self.ids.len();
        let first = self.by_id.get(&id).copied();
        if first.is_none() {
            self.by_id.insert(id.clone(), item);
        } else {
            self.duplicated.insert(id.clone());
        }
        self.by_name.entry(name.clone()).or_default().push(item);
        self.ids.push(id);
        self.names.push(name);
        first
    }

    fn lookup(&self, text: &str) -> Lookup {
        if let Some(&item) = self.by_id.get(text) {
            if self.duplicated.contains(text) {
                return Lookup::Duplicated;
            }
            return Lookup::Found(item);
        }
        match self.by_name.get(text).map(Vec::as_slice) {
            Some([item]) => return Lookup::Found(*item),
            Some(items @ [_, _, ..]) => return Lookup::Ambiguous(items.to_vec()),
            _ => {}
        }
        match self.by_alias.get(text) {
            Some(&item) => Lookup::Alias(item),
            None => Lookup::Missing,
        }
    }

    fn candidates(&self) -> impl Iterator<Item = &str> {
        self.ids.iter().chain(self.names.iter()).map(String::as_str)
    }

    /// [`Names::suggest`], unless an item whose file did not load is
    /// nearer: that one is what a misspelling most likely meant.
    fn suggest_with_broken(&self, text: &str, fitting: &Fitting<'_>) -> Option<String> {
        let mut broken: Vec<&str> = self.broken.iter().map(String::as_str).collect();
        broken.sort_unstable();
        let slips = |near: &str| crate::suggest::slips(text, near);
        let nearest_loaded = self.candidates().map(slips).min();
        let hint = crate::suggest::closest(text, broken).map(|near| {
            (
                slips(near),
                format!("did you mean `{near}`? its file has errors of its own, reported there"),
            )
        });
        match hint {
            Some((slipped, hint)) if nearest_loaded.is_none_or(|loaded| slipped < loaded) => {
                Some(hint)
            }
            hint => self.suggest(text, fitting).or(hint.map(|(_, hint)| hint)),
        }
    }

    /// The did-you-mean for `text`: the closest id or name of an item that
    /// fits (ids first, as [`Names::candidates`]), else the closest of any
    /// item with the reason it does not fit.
    fn suggest(&self, text: &str, fitting: &Fitting<'_>) -> Option<String> {
        let fit = |item: &usize| (fitting.fits)(*item);
        let items = 0..self.ids.len();
        let fit_ids = items
            .clone()
            .filter(fit)
            .map(|item| self.ids[item].as_str());
        let fit_names = items.filter(fit).map(|item| self.names[item].as_str());
        // Of an id and a name as near, the one spelt as the text is: a
        // name has capitals or spaces, an id neither.
        let written_as_id = !text.chars().any(|c| c.is_uppercase() || c.is_whitespace());
        let candidates: Vec<&str> = if written_as_id {
            fit_ids.chain(fit_names).collect()
        } else {
            fit_names.chain(fit_ids).collect()
        };
        // Items as close are all suggested, each once, by the spelling
        // that comes first (an item's id and name can be as near).
        let mut suggested: Vec<usize> = Vec::new();
        let found: Vec<&str> = crate::suggest::closest_all(text, candidates)
            .into_iter()
            .filter(|near| {
                let item = self
                    .ids
                    .iter()
                    .position(|id| id == near)
                    .or_else(|| self.names.iter().position(|name| name == near));
                match item {
                    Some(item) if suggested.contains(&item) => false,
                    Some(item) => {
                        suggested.push(item);
                        true
                    }
                    None => true,
                }
            })
            .collect();
        crate::suggest::did_you_mean_of(&found)
            .or_else(|| self.suggest_by_alias(text, fitting, written_as_id))
            .or_else(|| {
                let near = crate::suggest::closest(text, self.candidates())?;
                let item = self
                    .ids
                    .iter()
                    .position(|id| id == near)
                    .or_else(|| self.names.iter().position(|name| name == near))?;
                Some(format!(
                    "did you mean `{near}`? {}",
                    (fitting.why_not)(item)
                ))
            })
    }
}

impl Names {
    /// The did-you-mean for `text` near an alias of an item that fits
    /// (`Torent` for ISN Torrent, known as `Torrent`): the item by the
    /// spelling the text is written in, since an alias is itself a name
    /// to replace.
    fn suggest_by_alias(
        &self,
        text: &str,
        fitting: &Fitting<'_>,
        written_as_id: bool,
    ) -> Option<String> {
        let mut aliases: Vec<&str> = self
            .by_alias
            .iter()
            .filter(|(_, item)| (fitting.fits)(**item))
            .map(|(alias, _)| alias.as_str())
            .collect();
        aliases.sort_unstable();
        let near = crate::suggest::closest(text, aliases)?;
        let item = self.by_alias[near];
        let meant = if written_as_id {
            &self.ids[item]
        } else {
            &self.names[item]
        };
        Some(format!("did you mean `{meant}` (also known as `{near}`)?"))
    }
}

/// Which items would do for a reference, and why one that would not does
/// not, said after a did-you-mean of it.
pub(crate) struct Fitting<'a> {
    pub(crate) fits: &'a dyn Fn(usize) -> bool,
    pub(crate) why_not: &'a dyn Fn(usize) -> String,
}

impl Fitting<'_> {
    const ANY: Fitting<'static> = Fitting {
        fits: &|_| true,
        why_not: &|_| String::new(),
    };
}

enum Lookup {
    Found(usize),
    Alias(usize),
    Ambiguous(Vec<usize>),
    /// An id two items have, reported where they are defined.
    Duplicated,
    Missing,
}

/// Every item's id and name, by kind.
#[derive(Debug, Default)]
pub(crate) struct Index {
    ships: Names,
    tactics: Names,
    boards: Names,
    missions: Names,
    factions: Names,
    /// A dependency could not be read: references finding nothing may
    /// name its items, and are not reported.
    incomplete: bool,
    /// Each pack's own files (from, to) and whether what it can refer to
    /// was read whole: a reference in a pack that does not depend on the
    /// unread content is still reported.
    packs: Vec<(FileId, FileId, bool)>,
}

impl Index {
    /// Whether a reference in `file` may name an item that was not read
    /// (its pack, or a pack it depends on, was not read whole).
    fn incomplete_at(&self, file: FileId) -> bool {
        self.packs
            .iter()
            .find(|(from, to, _)| *from <= file && file < *to)
            .map_or(self.incomplete, |&(_, _, incomplete)| incomplete)
    }

    /// Builds the index, reporting bad and duplicate ids, ambiguous names
    /// and bad aliases.
    pub(crate) fn build(
        content: &Content,
        sources: &SourceMap,
        diagnostics: &mut Diagnostics,
    ) -> Index {
        let mut index = Index::default();
        // Where each faction id was first defined, for a clash's note.
        let mut faction_at: HashMap<String, Location> = HashMap::new();
        let from_dependency = |location: &Location| {
            content
                .dependencies_from
                .is_some_and(|first| location.file >= first)
        };
        for pack in &content.packs {
            let manifest = &pack.manifest;
            if !is_slug(&manifest.item.id) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidId,
                        format!("`{}` is not a valid pack id", manifest.item.id),
                    )
                    .at(Location {
                        file: manifest.file,
                        span: sources.value_span(manifest.file, "/id"),
                    })
                    .label("not kebab-case")
                    .help(format!(
                        "ids are lowercase words joined by dashes, such as `{}`",
                        slug(&manifest.item.id)
                    )),
                );
            }
            let pack_id_at = Location {
                file: manifest.file,
                span: sources.value_span(manifest.file, "/id"),
            };
            check_id(&manifest.item.id, &pack_id_at, "pack", diagnostics);
            for (id, faction) in &manifest.item.factions {
                let pointer = format!("/factions/{}", crate::load::document::escape(id));
                let location = Location {
                    file: manifest.file,
                    span: sources.key_span(manifest.file, &pointer),
                };
                check_id(id, &location, ItemKind::Faction.noun(), diagnostics);
                if let Some(first) = index.factions.by_id.get(id).copied()
                    && index.factions.names[first] != faction.name
                {
                    let first_name = &index.factions.names[first];
                    let diagnostic = Diagnostic::new(
                        Code::DuplicateId,
                        format!("faction `{id}` is defined twice with different names"),
                    );
                    let help = |name: &str| {
                        format!(
                            "a faction id names one faction in a pack and its dependencies: call it `{name}` here too, or give this faction another id"
                        )
                    };
                    // The pack's own definition is the one its author can
                    // change: the clash is reported there.
                    let diagnostic = match faction_at.get(id) {
                        Some(first_at)
                            if from_dependency(&location) && !from_dependency(first_at) =>
                        {
                            diagnostic
                                .at(first_at.clone())
                                .label(format!("`{first_name}` here"))
                                .note(
                                    location.clone(),
                                    format!("`{}` in a dependency here", faction.name),
                                )
                                .help(help(&faction.name))
                        }
                        Some(first_at) => diagnostic
                            .at(location.clone())
                            .label(format!("`{}` here", faction.name))
                            .note(first_at.clone(), format!("`{first_name}` first here"))
                            .help(help(first_name)),
                        None => diagnostic
                            .at(location.clone())
                            .label("defined again here")
                            .help(help(first_name)),
                    };
                    diagnostics.push(diagnostic);
                }
                if !index.factions.by_id.contains_key(id) {
                    index.factions.push(id.clone(), faction.name.clone());
                    faction_at.insert(id.clone(), location);
                }
            }
        }
        index_items(
            &mut index.ships,
            &content.ships,
            broken_ids(content, FileKind::Ship),
            ItemKind::Ship,
            |s| (&s.id, &s.name),
            content.dependencies_from,
            sources,
            diagnostics,
        );
        index_items(
            &mut index.tactics,
            &content.tactics,
            broken_ids(content, FileKind::Tactics),
            ItemKind::Tactic,
            |t| (&t.id, &t.name),
            content.dependencies_from,
            sources,
            diagnostics,
        );
        index_items(
            &mut index.boards,
            &content.boards,
            broken_ids(content, FileKind::Board),
            ItemKind::Board,
            |b| (&b.id, &b.name),
            content.dependencies_from,
            sources,
            diagnostics,
        );
        index_items(
            &mut index.missions,
            &content.missions,
            broken_ids(content, FileKind::Mission),
            ItemKind::Mission,
            |m| (&m.id, &m.name),
            content.dependencies_from,
            sources,
            diagnostics,
        );
        index.incomplete = content.incomplete;
        index.packs = content
            .packs
            .iter()
            .map(|pack| (pack.manifest.file, pack.files_end, pack.incomplete))
            .collect();
        for (kind, name) in &content.broken {
            let names = match kind {
                FileKind::Ship => &mut index.ships,
                FileKind::Tactics => &mut index.tactics,
                FileKind::Board => &mut index.boards,
                _ => &mut index.missions,
            };
            names.broken.insert(name.clone());
        }
        index.add_aliases(content, sources, diagnostics);
        index
    }

    fn names(&self, kind: ItemKind) -> &Names {
        match kind {
            ItemKind::Ship => &self.ships,
            ItemKind::Tactic => &self.tactics,
            ItemKind::Board => &self.boards,
            ItemKind::Mission => &self.missions,
            ItemKind::Faction => &self.factions,
        }
    }

    /// The canonical id of an item.
    pub(crate) fn id(&self, kind: ItemKind, item: usize) -> &str {
        &self.names(kind).ids[item]
    }

    /// The display name of an item.
    pub(crate) fn name(&self, kind: ItemKind, item: usize) -> &str {
        &self.names(kind).names[item]
    }

    /// Whether this item is the one its id stands for (not a duplicate).
    pub(crate) fn is_canonical(&self, kind: ItemKind, item: usize) -> bool {
        self.names(kind).by_id.get(&self.names(kind).ids[item]) == Some(&item)
    }

    /// The id of the faction `text` names by its id, name or alias.
    pub(crate) fn faction_id(&self, text: &str) -> Option<&str> {
        self.lookup_quiet(ItemKind::Faction, text)
            .map(|faction| self.id(ItemKind::Faction, faction))
    }

    /// Looks a reference up without reporting anything.
    pub(crate) fn lookup_quiet(&self, kind: ItemKind, text: &str) -> Option<usize> {
        match self.names(kind).lookup(text) {
            Lookup::Found(item) | Lookup::Alias(item) => Some(item),
            Lookup::Ambiguous(_) | Lookup::Duplicated | Lookup::Missing => None,
        }
    }

    /// Whether `text` names an item whose file could not be read (by its
    /// id, name or file name).
    pub(crate) fn is_unread(&self, kind: ItemKind, text: &str) -> bool {
        self.names(kind).broken.contains(text)
    }

    /// Resolves a reference, reporting it if it names nothing.
    pub(crate) fn resolve(
        &self,
        kind: ItemKind,
        text: &str,
        at: &Location,
        diagnostics: &mut Diagnostics,
    ) -> Option<usize> {
        self.resolve_fitting(kind, text, at, diagnostics, &Fitting::ANY)
    }

    /// [`Index::resolve`] where only some items would do (a fleet's own
    /// faction): the did-you-mean of a name that names nothing prefers
    /// them, and offers a near name outside them only saying why it would
    /// not do.
    pub(crate) fn resolve_fitting(
        &self,
        kind: ItemKind,
        text: &str,
        at: &Location,
        diagnostics: &mut Diagnostics,
        fitting: &Fitting<'_>,
    ) -> Option<usize> {
        let names = self.names(kind);
        match names.lookup(text) {
            Lookup::Found(item) => Some(item),
            Lookup::Alias(item) => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::AliasUsed,
                        format!(
                            "`{text}` is an alias of the {} `{}`",
                            kind.noun(),
                            names.names[item]
                        ),
                    )
                    .at(at.clone())
                    .label("alias")
                    .help(format!(
                        "write `{}` (or its id `{}`)",
                        names.names[item], names.ids[item]
                    )),
                );
                Some(item)
            }
            // Items of one id (a pack and its dependency defining the same
            // card) are a duplicate id, reported as such.
            Lookup::Ambiguous(items)
                if items
                    .iter()
                    .all(|&item| names.ids[item] == names.ids[items[0]]) =>
            {
                None
            }
            Lookup::Ambiguous(items) => {
                let ids: Vec<String> = items
                    .iter()
                    .map(|&item| format!("`{}`", names.ids[item]))
                    .collect();
                diagnostics.push(
                    Diagnostic::new(
                        Code::AmbiguousName,
                        format!("more than one {} is named `{text}`", kind.noun()),
                    )
                    .at(at.clone())
                    .label("ambiguous")
                    .help(format!("refer to it by id: {}", ids.join(" or "))),
                );
                None
            }
            Lookup::Duplicated => None,
            // A reference left unread for its shape is told already.
            Lookup::Missing
                if text == crate::load::UNREADABLE
                    || names.broken.contains(text)
                    || self.incomplete_at(at.file) =>
            {
                None
            }
            Lookup::Missing => {
                diagnostics.push(
                    Diagnostic::new(
                        Code::UnknownReference,
                        format!("no {} named `{text}`", kind.noun()),
                    )
                    .at(at.clone())
                    .label(format!("unknown {}", kind.noun()))
                    .maybe_help(
                        // An exact name of another kind tells more than a
                        // near name of this one.
                        self.of_another_kind(kind, text)
                            .or_else(|| names.suggest_with_broken(text, fitting))
                            .or_else(|| {
                                // A name cut short, or cut to the words a
                                // player calls it by: the items it begins,
                                // else those with its words, by name (ids
                                // are for those who know them).
                                let fit_names = || {
                                    (0..names.ids.len())
                                        .filter(|item| (fitting.fits)(*item))
                                        .map(|item| names.names[item].as_str())
                                };
                                let mut found = crate::suggest::starting_with(text, fit_names());
                                if found.is_empty() {
                                    found = crate::suggest::containing_words(text, fit_names());
                                }
                                crate::suggest::did_you_mean_of(&found)
                            })
                            .or_else(|| {
                                // The one item of any fit with its words,
                                // saying why it would not do (`Vapor` in an
                                // ISN fleet).
                                let [near] = crate::suggest::containing_words(
                                    text,
                                    names.names.iter().map(String::as_str),
                                )[..] else {
                                    return None;
                                };
                                let item = names.names.iter().position(|name| name == near)?;
                                Some(format!(
                                    "did you mean `{near}`? {}",
                                    (fitting.why_not)(item)
                                ))
                            })
                            .or_else(|| {
                                // A pack has a few factions and boards: all named.
                                let mut ids: Vec<&str> =
                                    names.ids.iter().map(String::as_str).collect();
                                ids.sort_unstable();
                                (matches!(kind, ItemKind::Faction | ItemKind::Board)
                                    && (1..=8).contains(&ids.len()))
                                .then(|| format!("the {}s: {}", kind.noun(), ids.join(", ")))
                            }),
                    ),
                );
                None
            }
        }
    }

    /// The help for a reference of `kind` that names an item of another
    /// kind (a ship card where a tactic card is wanted).
    fn of_another_kind(&self, kind: ItemKind, text: &str) -> Option<String> {
        NAMED_KINDS
            .iter()
            .filter(|&&other| other != kind)
            .find_map(|&other| {
                let names = self.names(other);
                let (Lookup::Found(item) | Lookup::Alias(item)) = names.lookup(text) else {
                    return None;
                };
                Some(format!(
                    "`{text}` is the {} `{}`, not a {}",
                    other.noun(),
                    names.ids[item],
                    kind.noun()
                ))
            })
    }

    fn add_aliases(
        &mut self,
        content: &Content,
        sources: &SourceMap,
        diagnostics: &mut Diagnostics,
    ) {
        // Each alias name for one item: the first usable one is used.
        let mut given: std::collections::HashMap<&str, (Location, ItemKind, usize)> =
            std::collections::HashMap::new();
        for pack in &content.packs {
            let manifest = &pack.manifest;
            for (position, alias) in manifest.item.aliases.iter().enumerate() {
                let location = |field: &str| Location {
                    file: manifest.file,
                    span: sources
                        .value_span(manifest.file, &format!("/aliases/{position}/{field}")),
                };
                let shadowed = NAMED_KINDS.iter().find(|&&kind| {
                    let names = self.names(kind);
                    names.by_id.contains_key(&alias.name) || names.by_name.contains_key(&alias.name)
                });
                if let Some(kind) = shadowed {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::BadAlias,
                            format!(
                                "alias `{}` is already the name of a {}",
                                alias.name,
                                kind.noun()
                            ),
                        )
                        .at(location("name"))
                        .label("shadows an item"),
                    );
                    continue;
                }
                let target = NAMED_KINDS.iter().find_map(|&kind| {
                    match self.names(kind).lookup(&alias.target) {
                        Lookup::Found(item) => Some((kind, item)),
                        _ => None,
                    }
                });
                let duplicated = NAMED_KINDS.iter().any(|&kind| {
                    matches!(self.names(kind).lookup(&alias.target), Lookup::Duplicated)
                });
                if target.is_none() && duplicated {
                    // Its target's id is reported as a duplicate already.
                    continue;
                }
                // Its target may be an item that could not be read.
                let unread = self.incomplete_at(manifest.file)
                    || NAMED_KINDS
                        .iter()
                        .any(|&kind| self.names(kind).broken.contains(&alias.target));
                if target.is_none() && unread {
                    continue;
                }
                if let Some((kind, item)) = target {
                    match given.get(alias.name.as_str()) {
                        // The same item again: nothing to choose.
                        Some(&(_, first_kind, first_item))
                            if first_kind == kind && first_item == item =>
                        {
                            continue;
                        }
                        Some((first, first_kind, first_item)) => {
                            let first_names = self.names(*first_kind);
                            let again = format!(
                                "alias `{}` is given again, for the {} `{}`",
                                alias.name,
                                kind.noun(),
                                self.names(kind).ids[item]
                            );
                            let used = format!(
                                "first given here, for the {} `{}`, and used",
                                first_kind.noun(),
                                first_names.ids[*first_item]
                            );
                            // Told in the root pack when one of the two is
                            // there: its author cannot change a dependency.
                            let root_first = content
                                .dependencies_from
                                .is_some_and(|from| first.file < from && manifest.file >= from);
                            let diagnostic = Diagnostic::new(Code::BadAlias, again);
                            let diagnostic = if root_first {
                                diagnostic
                                    .at(first.clone())
                                    .label(used)
                                    .note(location("name"), "given again by a dependency")
                            } else {
                                diagnostic
                                    .at(location("name"))
                                    .label("given again")
                                    .note(first.clone(), used)
                            };
                            diagnostics.push(
                                diagnostic.help("remove one, or give the other a name of its own"),
                            );
                            continue;
                        }
                        None => {
                            given.insert(alias.name.as_str(), (location("name"), kind, item));
                        }
                    }
                    let names = match kind {
                        ItemKind::Ship => &mut self.ships,
                        ItemKind::Tactic => &mut self.tactics,
                        ItemKind::Mission => &mut self.missions,
                        ItemKind::Board | ItemKind::Faction => &mut self.boards,
                    };
                    names.by_alias.insert(alias.name.clone(), item);
                } else {
                    let candidates: Vec<&str> = NAMED_KINDS
                        .iter()
                        .flat_map(|&kind| self.names(kind).candidates())
                        .collect();
                    diagnostics.push(
                        Diagnostic::new(
                            Code::BadAlias,
                            format!("alias target `{}` names no item", alias.target),
                        )
                        .at(location("target"))
                        .label("unknown target")
                        .maybe_help(did_you_mean(&alias.target, candidates)),
                    );
                }
            }
        }
    }
}

/// The kinds of item an alias may name, and a reference may confuse.
const NAMED_KINDS: [ItemKind; 4] = [
    ItemKind::Ship,
    ItemKind::Tactic,
    ItemKind::Mission,
    ItemKind::Board,
];

/// The ids of the items of a kind left out for errors of their own.
fn broken_ids(content: &Content, kind: FileKind) -> impl Iterator<Item = &BrokenId> {
    content
        .broken_ids
        .iter()
        .filter(move |broken| broken.kind == kind)
}

#[allow(clippy::too_many_arguments)]
fn index_items<'b, T>(
    names: &mut Names,
    items: &[Loaded<T>],
    broken: impl Iterator<Item = &'b BrokenId>,
    kind: ItemKind,
    fields: impl Fn(&T) -> (&Option<String>, &String),
    dependencies_from: Option<FileId>,
    sources: &SourceMap,
    diagnostics: &mut Diagnostics,
) {
    let dependency =
        |location: &Location| dependencies_from.is_some_and(|from| location.file >= from);
    // Where each item's id is written, and whether it is made from the name.
    let mut first_location: HashMap<usize, (Location, bool)> = HashMap::new();
    let defined = |what: &str, from_name: bool| {
        if from_name {
            format!("{what} (the id is made from this name)")
        } else {
            what.to_owned()
        }
    };
    for (position, loaded) in items.iter().enumerate() {
        let (id, name) = fields(&loaded.item);
        let (id, location, from_name) = if let Some(id) = id {
            let location = Location {
                file: loaded.file,
                span: sources.value_span(loaded.file, &format!("{}/id", loaded.pointer)),
            };
            check_id(id, &location, kind.noun(), diagnostics);
            (id.clone(), location, false)
        } else {
            let location = Location {
                file: loaded.file,
                span: sources.value_span(loaded.file, &format!("{}/name", loaded.pointer)),
            };
            let derived = slug(name);
            if !is_slug(&derived) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::InvalidId,
                        format!("the name `{name}` makes the id `{derived}`, which is not a valid {} id", kind.noun()),
                    )
                    .at(location.clone())
                    .label("no usable id from this name")
                    .help("ids are ASCII lowercase words joined by dashes: set `id` explicitly"),
                );
            }
            (derived, location, true)
        };
        if let Some(first) = names.push(id.clone(), name.clone()) {
            let diagnostic = Diagnostic::new(
                Code::DuplicateId,
                format!("two {}s have the id `{id}`", kind.noun()),
            );
            let diagnostic = match first_location.get(&first) {
                // The pack's own item clashes with a dependency's: the
                // pack's is the one its author can change.
                Some((first_at, first_from_name))
                    if dependency(&location) && !dependency(first_at) =>
                {
                    diagnostic
                        .at(first_at.clone())
                        .label(defined("defined here", *first_from_name))
                        .note(
                            location.clone(),
                            defined("and in a dependency here", from_name),
                        )
                }
                Some((first_at, first_from_name)) => diagnostic
                    .at(location.clone())
                    .label(defined("second definition", from_name))
                    .note(
                        first_at.clone(),
                        defined("first defined here", *first_from_name),
                    ),
                None => diagnostic
                    .at(location.clone())
                    .label(defined("second definition", from_name)),
            };
            diagnostics
                .push(diagnostic.help(
                    "ids are unique across a pack and its dependencies; set a distinct `id`",
                ));
        } else {
            first_location.insert(position, (location, from_name));
        }
    }
    // An item left out for its errors still has an id: one that clashes
    // is told with them, not once they are mended.
    for broken in broken {
        let Some(&first) = names.by_id.get(&broken.id) else {
            continue;
        };
        let Some((first_at, first_from_name)) = first_location.get(&first) else {
            continue;
        };
        let location = Location {
            file: broken.file,
            span: sources.value_span(broken.file, &broken.pointer),
        };
        let before = (location.file, location.span.start) < (first_at.file, first_at.span.start);
        diagnostics.push(
            Diagnostic::new(
                Code::DuplicateId,
                format!("two {}s have the id `{}`", kind.noun(), broken.id),
            )
            .at(location)
            .label(defined(
                &format!(
                    "defined {}here, in a {} with errors of its own",
                    if before { "" } else { "again " },
                    kind.noun()
                ),
                broken.from_name,
            ))
            .note(
                first_at.clone(),
                defined(
                    if before {
                        "and here"
                    } else {
                        "first defined here"
                    },
                    *first_from_name,
                ),
            )
            .help("ids are unique across a pack and its dependencies; set a distinct `id`"),
        );
    }
}

/// Reports an id that is not a slug; `noun` says what it is the id of.
fn check_id(id: &str, location: &Location, noun: &str, diagnostics: &mut Diagnostics) {
    if !is_slug(id) {
        diagnostics.push(
            Diagnostic::new(Code::InvalidId, format!("`{id}` is not a valid {noun} id"))
                .at(location.clone())
                .label("not kebab-case")
                .help(format!(
                    "ids are lowercase words joined by dashes, such as `{}`",
                    slug(id)
                )),
        );
    }
}
