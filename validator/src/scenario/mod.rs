//! Scenario tests: a pack's `tests/*.toml` files, loaded and shape-checked
//! like every other file, then resolved against the compiled pack into
//! [`Scenario`]s the engine can run.
//!
//! [`check_scenarios`] compiles the pack and checks each scenario: its
//! mission or bare board, seats, ship cards and their places, cards, the
//! start of the turn (`setup`), its steps (`steps`) and its expectations
//! (`expect`). Every reference gets a did-you-mean; every problem is a
//! diagnostic at its key. A scenario with an error is left out of the run,
//! the others still run. When the pack has errors nothing runs, but the
//! scenarios are still checked, against the pack's items that have none
//! (unless its ruleset has errors: every check reads it).

mod expect;
mod setup;
mod steps;

use std::path::Path;

use spacedock_schema::FileKind;
use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::Size;
use spacedock_schema::scenario::Direction;
use spacedock_schema::scenario::checked::{Scenario, ShipRef, Weapon};

use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::load::{Content, UNREADABLE};
use crate::resolve::ItemKind;
use crate::source::{FileId, SourceMap};
use crate::suggest::did_you_mean;
use crate::{Options, emit, load};

/// What checking a pack's scenario tests produced.
#[derive(Debug)]
pub struct ScenarioSuite {
    /// Every file read, for rendering diagnostics and failures.
    pub sources: SourceMap,
    /// The pack's diagnostics and the scenarios', sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// The pack's bundle, present when the pack has no errors.
    pub bundle: Option<Bundle>,
    /// Scenario files found under `tests/`.
    pub files: Vec<FileId>,
    /// The scenarios with no error, in file order.
    pub scenarios: Vec<CheckedScenario>,
    /// The name of each scenario read, errors or not (a scenario not run
    /// is still named).
    pub names: Vec<(FileId, String)>,
}

/// A scenario ready to run, and the file it came from.
#[derive(Clone, Debug)]
pub struct CheckedScenario {
    pub file: FileId,
    pub scenario: Scenario,
}

/// Compiles the pack in `root` and checks its `tests/*.toml` scenarios.
pub fn check_scenarios(root: &Path, options: &Options) -> ScenarioSuite {
    let mut sources = SourceMap::new();
    let mut diagnostics = Diagnostics::default();
    let content = load::load(root, &mut sources, &mut diagnostics);
    // The scenarios' own problems stay apart, so that a broken scenario
    // does not keep the pack from compiling (and the others from running).
    let mut scenario_diagnostics = Diagnostics::default();
    // Each loaded scenario, with whether reading it found errors: one read
    // past an unknown key is checked on, so that its other mistakes are
    // reported too, but never run.
    let mut loaded: Vec<(load::ScenarioRead, bool)> = Vec::new();
    let mut files = Vec::new();
    if !content.packs.is_empty() {
        for (path, unreadable) in
            load::toml_entries(&root.join("tests"), &mut sources, &mut scenario_diagnostics)
        {
            let before = sources.iter().count();
            let mut read = Diagnostics::default();
            let item = match unreadable {
                Some(diagnostic) => {
                    read.push(diagnostic);
                    None
                }
                None => load::load_scenario(&path, &mut sources, &mut read),
            };
            let misread = read.has_errors();
            // A file that cannot be read at all (a link to nothing) is
            // that scenario's problem, not the pack's: the others run.
            let added = sources.iter().nth(before).map(|(file, _)| file);
            let file = added.unwrap_or_else(|| sources.add(path.clone(), String::new()));
            for diagnostic in read.into_sorted() {
                let diagnostic = match diagnostic.location {
                    Some(_) => diagnostic,
                    None => diagnostic.at(Location { file, span: 0..0 }),
                };
                scenario_diagnostics.push(diagnostic);
            }
            files.push(file);
            if let Some(item) = item {
                loaded.push((item, misread));
            }
        }
    }
    let (bundle, scenarios) = crate::context::analyse(
        &content,
        &sources,
        options,
        &mut diagnostics,
        |context, model, diagnostics| {
            if diagnostics.has_errors() {
                return (None, Vec::new());
            }
            let bundle = emit::bundle(context, model);
            let extra_weapons = extra_weapon_names(&bundle);
            let scenarios = check_each(
                context,
                &bundle,
                &extra_weapons,
                &loaded,
                &mut scenario_diagnostics,
            );
            (Some(bundle), scenarios)
        },
    );
    // A pack with errors runs no scenario, but its scenarios' own mistakes
    // are told now rather than once the pack is mended: they are checked
    // against the items of the pack that have no errors.
    if bundle.is_none() && !loaded.is_empty() {
        check_against_sound_items(
            &content,
            &sources,
            options,
            diagnostics.since(0),
            &loaded,
            &mut scenario_diagnostics,
        );
    }
    for diagnostic in scenario_diagnostics.into_sorted() {
        diagnostics.push(diagnostic);
    }
    let names = loaded
        .iter()
        .map(|(read, _)| (read.file, read.scenario.name.clone()))
        .collect();
    ScenarioSuite {
        sources,
        diagnostics: diagnostics.into_sorted(),
        bundle,
        files,
        scenarios,
        names,
    }
}

/// Checks each scenario read against the compiled pack, reporting into
/// `diagnostics`; those with no error of their own are ready to run.
fn check_each(
    context: &Context<'_>,
    bundle: &Bundle,
    extra_weapons: &[String],
    loaded: &[(load::ScenarioRead, bool)],
    diagnostics: &mut Diagnostics,
) -> Vec<CheckedScenario> {
    let mut scenarios = Vec::new();
    for (read, misread) in loaded {
        let mut own = Diagnostics::default();
        let checked = check(context, bundle, extra_weapons, read, &mut own);
        if !own.has_errors()
            && !misread
            && let Some(scenario) = checked
        {
            scenarios.push(CheckedScenario {
                file: read.file,
                scenario,
            });
        }
        // Steps left out for their errors are not "no steps".
        for diagnostic in own.into_sorted() {
            if !(*misread && diagnostic.code == Code::EmptyScenario) {
                diagnostics.push(diagnostic);
            }
        }
    }
    scenarios
}

/// An item of the pack (ship card, tactic card, board or mission), by
/// where it is written: its file and its pointer there.
type Place = (FileId, String);

/// Checks the scenarios of a pack with errors, `found` (the pack's
/// diagnostics), against the pack less its items with errors. An item
/// left out stands among those whose file failed to load, so that a
/// scenario naming it is not told of an unknown name (the item's own
/// errors are told already) and what hangs on it is not checked. Leaving
/// an item out can make others fail (a mission on a board left out has no
/// battlefield): those are left out in turn, until what is left checks
/// clean of items with errors.
fn check_against_sound_items(
    content: &Content,
    sources: &SourceMap,
    options: &Options,
    found: &[Diagnostic],
    loaded: &[(load::ScenarioRead, bool)],
    diagnostics: &mut Diagnostics,
) {
    // Every check reads the ruleset (the dice, the damage types): with
    // errors in it, a scenario's numbers could be told wrong for no fault
    // of their own, so its scenarios wait for it to be mended.
    let in_ruleset = |diagnostic: &Diagnostic| {
        diagnostic
            .location
            .as_ref()
            .is_some_and(|location| content.holds("rules.toml", sources.get(location.file).path()))
    };
    if found
        .iter()
        .any(|diagnostic| diagnostic.is_error() && in_ruleset(diagnostic))
    {
        return;
    }
    let mut out = with_errors(content, sources, found);
    loop {
        let sound = without(content, &out);
        // The pack's errors are told by the first check; this one's are
        // only the same again, or follow from what is left out.
        let mut again = Diagnostics::default();
        let more = crate::context::analyse(
            &sound,
            sources,
            options,
            &mut again,
            |context, model, again| {
                let mut more = with_errors(context.content, sources, again.since(0));
                for mission in &model.missions {
                    let loaded = &context.content.missions[mission.mission];
                    let place = (loaded.file, loaded.pointer.clone());
                    if mission.map.is_none() && !more.contains(&place) {
                        more.push(place);
                    }
                }
                if more.is_empty() {
                    let bundle = emit::bundle(context, model);
                    let mut extra_weapons = extra_weapon_names(&bundle);
                    extra_weapon_names_read(content, &mut extra_weapons);
                    check_each(context, &bundle, &extra_weapons, loaded, diagnostics);
                }
                more
            },
        );
        if more.is_empty() {
            return;
        }
        out.extend(more);
    }
}

/// The items an error of `found` is in: the one whose part of its file
/// holds the error (the last to start before it: the items of a file are
/// written one after another), or, when none does (an error of a whole
/// file, or before its items), each item of the file.
fn with_errors(content: &Content, sources: &SourceMap, found: &[Diagnostic]) -> Vec<Place> {
    let items: Vec<Place> = places(&content.ships)
        .chain(places(&content.tactics))
        .chain(places(&content.boards))
        .chain(places(&content.missions))
        .collect();
    let mut out: Vec<Place> = Vec::new();
    for location in found
        .iter()
        .filter(|diagnostic| diagnostic.is_error())
        .filter_map(|diagnostic| diagnostic.location.as_ref())
    {
        let in_file: Vec<(usize, &Place)> = items
            .iter()
            .filter(|(file, _)| *file == location.file)
            .map(|place| (sources.key_span(place.0, &place.1).start, place))
            .collect();
        let holding = in_file
            .iter()
            .filter(|(start, _)| *start <= location.span.start)
            .max_by_key(|(start, _)| *start)
            .filter(|(start, _)| in_file.iter().filter(|(other, _)| other == start).count() == 1);
        let hit: Vec<&Place> = match holding {
            Some((_, place)) => vec![place],
            None => in_file.iter().map(|(_, place)| *place).collect(),
        };
        for place in hit {
            if !out.contains(place) {
                out.push(place.clone());
            }
        }
    }
    out
}

fn places<T>(items: &[load::Loaded<T>]) -> impl Iterator<Item = Place> + '_ {
    items
        .iter()
        .map(|loaded| (loaded.file, loaded.pointer.clone()))
}

/// `content` less the items at `out`, each named among the items whose
/// file failed to load (by id, name and the id made from it), as is an
/// alias of one.
fn without(content: &Content, out: &[Place]) -> Content {
    let mut sound = content.clone();
    let mut broken = Vec::new();
    leave_out(&mut sound.ships, FileKind::Ship, out, &mut broken, |ship| {
        (ship.id.as_deref(), &ship.name)
    });
    leave_out(
        &mut sound.tactics,
        FileKind::Tactics,
        out,
        &mut broken,
        |card| (card.id.as_deref(), &card.name),
    );
    leave_out(
        &mut sound.boards,
        FileKind::Board,
        out,
        &mut broken,
        |board| (board.id.as_deref(), &board.name),
    );
    leave_out(
        &mut sound.missions,
        FileKind::Mission,
        out,
        &mut broken,
        |mission| (mission.id.as_deref(), &mission.name),
    );
    let aliases = content
        .packs
        .iter()
        .flat_map(|pack| pack.manifest.item.aliases.iter());
    for alias in aliases {
        if let Some((kind, _)) = broken.iter().find(|(_, name)| *name == alias.target) {
            let kind = *kind;
            broken.push((kind, alias.name.clone()));
        }
    }
    sound.broken.extend(broken);
    sound
}

fn leave_out<T>(
    items: &mut Vec<load::Loaded<T>>,
    kind: FileKind,
    out: &[Place],
    broken: &mut Vec<(FileKind, String)>,
    names: impl Fn(&T) -> (Option<&str>, &String),
) {
    items.retain(|loaded| {
        let left_out = out
            .iter()
            .any(|(file, pointer)| *file == loaded.file && *pointer == loaded.pointer);
        if left_out {
            let (id, name) = names(&loaded.item);
            broken.extend(id.map(|id| (kind, id.to_owned())));
            broken.push((kind, name.clone()));
            broken.push((kind, crate::suggest::slug(name)));
        }
        !left_out
    });
}

/// Checks one scenario against the compiled pack.
fn check(
    context: &Context<'_>,
    bundle: &Bundle,
    extra_weapons: &[String],
    read: &load::ScenarioRead,
    diagnostics: &mut Diagnostics,
) -> Option<Scenario> {
    let (source, file) = (&read.scenario, read.file);
    // A ship card entry left out for its shape still names its card: the
    // name is looked up, and a ship not in play may be that one.
    for (name, at) in read.left_out_ships.iter().flatten() {
        context.index.resolve(ItemKind::Ship, name, at, diagnostics);
    }
    let mut checker = Checker {
        context,
        bundle,
        extra_weapons,
        file,
        diagnostics,
        seats: Vec::new(),
        teams: Vec::new(),
        rules: Vec::new(),
        ships: Vec::new(),
        broken_ships: !read.left_out_ships.is_empty(),
        broken_seats: false,
        unknown_teams: Vec::new(),
    };
    let scenario = setup::check(&mut checker, source);
    // Steps and expectations are checked whenever the seats are known, so
    // that one run reports every problem of the file.
    if checker.seats.is_empty() {
        return None;
    }

    let steps = steps::check(&mut checker, &source.steps);
    let expect = source
        .expect
        .as_ref()
        .map(|expect| expect::check(&mut checker, expect, "/expect"));
    let mut scenario = scenario?;
    scenario.steps = steps?;
    scenario.expect = match expect {
        Some(expect) => Some(expect?),
        None => None,
    };
    // Said of a scenario that is otherwise sound: one with errors does not
    // run anyway.
    if scenario.steps.is_empty() && scenario.expect.is_none() {
        checker.report(
            Code::EmptyScenario,
            "",
            "this scenario has no steps and no expectations: it checks nothing",
            "nothing to check",
            Some("add `[[steps]]` to play and `[expect]` for what must hold after them".to_owned()),
        );
    }
    Some(scenario)
}

/// A seat of the scenario's mission.
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    pub(crate) name: String,
    /// The faction id.
    pub(crate) faction: String,
    /// Index into the mission's teams.
    pub(crate) team: usize,
}

/// A ship card of the scenario, resolved.
#[derive(Clone, Debug)]
pub(crate) struct Fielded {
    /// The bundle's ship card id.
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) seat: usize,
    /// Ships of the card.
    pub(crate) ships: usize,
    /// Index of the card in the bundle, and of its version.
    pub(crate) ship: usize,
    pub(crate) version: usize,
}

/// What every part of a scenario's check reads and reports into.
pub(crate) struct Checker<'a, 'd> {
    pub(crate) context: &'a Context<'a>,
    pub(crate) bundle: &'a Bundle,
    /// The names of the weapons `extra-weapon` effects give.
    pub(crate) extra_weapons: &'a [String],
    pub(crate) file: FileId,
    pub(crate) diagnostics: &'d mut Diagnostics,
    pub(crate) seats: Vec<Seat>,
    /// The mission's team names.
    pub(crate) teams: Vec<String>,
    /// The names of the mission's special rules (none on a bare board).
    pub(crate) rules: Vec<String>,
    /// The scenario's ship cards, in order; `None` where one did not resolve.
    pub(crate) ships: Vec<Option<Fielded>>,
    /// Some ship card of `[[ships]]` did not resolve: a reference to a ship
    /// not in play may mean that one, already reported.
    pub(crate) broken_ships: bool,
    /// Some seat's faction did not resolve: a ship card no seat's faction
    /// fields may be that seat's, already reported.
    pub(crate) broken_seats: bool,
    /// The teams made by the faction of a seat whose faction did not
    /// resolve: a faction named for a team may mean one once it is mended,
    /// and their names are no names to suggest.
    pub(crate) unknown_teams: Vec<usize>,
}

impl Checker<'_, '_> {
    pub(crate) fn at(&self, pointer: &str) -> Location {
        self.context.at(self.file, pointer)
    }

    /// A did-you-mean for `text` among the weapon names `printed` and
    /// those `extra-weapon` effects give, when it names no tactic card
    /// (an additional weapon card's name is not a slip).
    pub(crate) fn weapon_slip<'n>(
        &'n self,
        text: &str,
        printed: impl IntoIterator<Item = &'n str>,
    ) -> Option<String> {
        if self
            .context
            .index
            .lookup_quiet(ItemKind::Tactic, text)
            .is_some()
            || self.context.index.is_unread(ItemKind::Tactic, text)
        {
            return None;
        }
        let given = self.extra_weapons.iter().map(String::as_str);
        did_you_mean(text, printed.into_iter().chain(given))
    }

    /// The name of the weapon an `extra-weapon` effect gives, as written
    /// in the pack, for `text` in any case.
    pub(crate) fn extra_weapon(&self, text: &str) -> Option<&str> {
        let text = text.to_lowercase();
        self.extra_weapons
            .iter()
            .find(|name| name.to_lowercase() == text)
            .map(String::as_str)
    }

    pub(crate) fn key_at(&self, pointer: &str) -> Location {
        self.context.key_at(self.file, pointer)
    }

    /// Reports `message` with `code` at the value of `pointer`.
    pub(crate) fn report(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) {
        let diagnostic = Diagnostic::new(code, message)
            .at(self.at(pointer))
            .label(label)
            .maybe_help(help);
        self.diagnostics.push(diagnostic);
    }

    /// An item of the pack by id, name or alias; its canonical id.
    pub(crate) fn item(&mut self, kind: ItemKind, text: &str, pointer: &str) -> Option<String> {
        if text == UNREADABLE {
            return None;
        }
        let at = self.at(pointer);
        self.context
            .index
            .resolve(kind, text, &at, self.diagnostics)
            .map(|item| self.context.index.id(kind, item).to_owned())
    }

    /// Whether `text` is a tactic card's id or name as written, of the
    /// pack or of a card left out for its errors (one not to be taken for
    /// a slip of another name).
    pub(crate) fn names_tactic(&self, text: &str) -> bool {
        self.bundle
            .tactics
            .iter()
            .any(|tactic| tactic.id == text || tactic.name.eq_ignore_ascii_case(text))
            || self.context.index.is_unread(ItemKind::Tactic, text)
    }

    /// A tactic card; its bundle index.
    pub(crate) fn tactic(&mut self, text: &str, pointer: &str) -> Option<usize> {
        // A ship card's power is no tactic card: said so, with the card,
        // rather than with a tactic card's name that looks alike.
        if !self.names_tactic(text)
            && let Some(ship) = self.bundle.ships.iter().find(|ship| {
                ship.versions.iter().any(|version| {
                    version
                        .powers
                        .iter()
                        .any(|power| power.name.eq_ignore_ascii_case(text))
                })
            })
        {
            let ship_name = ship.name.clone();
            self.report(
                Code::UnknownReference,
                pointer,
                format!("no tactic card named `{text}`: it is a power of the ship card {ship_name}"),
                "a ship's power",
                Some(format!(
                    "a ship card's power is used with a `use-power` step naming the ship: `ship = \"{ship_name}\"`"
                )),
            );
            return None;
        }
        let id = self.item(ItemKind::Tactic, text, pointer)?;
        self.bundle
            .tactics
            .iter()
            .position(|tactic| tactic.id == id)
    }

    /// Whether a seat's name could not be read (its shape is reported).
    fn a_seat_unread(&self) -> bool {
        self.seats.iter().any(|seat| seat.name == UNREADABLE)
    }

    /// A seat by name.
    pub(crate) fn seat(&mut self, text: &str, pointer: &str) -> Option<usize> {
        if let Some(seat) = self.seats.iter().position(|seat| seat.name == text) {
            return Some(seat);
        }
        // A seat whose name could not be read may be the one meant.
        if text == UNREADABLE || self.a_seat_unread() {
            return None;
        }
        let names: Vec<&str> = self.seats.iter().map(|seat| seat.name.as_str()).collect();
        let help = did_you_mean(text, names.iter().copied())
            .unwrap_or_else(|| format!("the players: {}", quoted(&names)));
        self.report(
            Code::UnknownReference,
            pointer,
            format!("no player named `{text}` in this scenario"),
            "unknown player",
            Some(help),
        );
        None
    }

    /// A special rule of the mission by name, in any case; its name as the
    /// mission writes it.
    pub(crate) fn rule(&mut self, text: &str, pointer: &str) -> Option<String> {
        if let Some(name) = self
            .rules
            .iter()
            .find(|name| name.eq_ignore_ascii_case(text))
        {
            return Some(name.clone());
        }
        let names: Vec<&str> = self.rules.iter().map(String::as_str).collect();
        let help = if names.is_empty() {
            "this scenario plays with no special rules (a bare board has none)".to_owned()
        } else {
            did_you_mean(text, names.iter().copied())
                .unwrap_or_else(|| format!("the mission's special rules: {}", quoted(&names)))
        };
        self.report(
            Code::UnknownReference,
            pointer,
            format!("no special rule named `{text}` in this scenario's mission"),
            "unknown special rule",
            Some(help),
        );
        None
    }

    /// A team by name, or a player's name standing for their team, or a
    /// faction's (by id, name or alias) for the team of its id.
    pub(crate) fn team(&mut self, text: &str, pointer: &str) -> Option<usize> {
        if let Some(team) = self.teams.iter().position(|team| team == text) {
            return Some(team);
        }
        if let Some(seat) = self.seats.iter().find(|seat| seat.name == text) {
            return Some(seat.team);
        }
        if let Some(id) = self.context.index.faction_id(text)
            && let Some(team) = self.teams.iter().position(|team| team == id)
        {
            return Some(team);
        }
        if text == UNREADABLE
            || self.a_seat_unread()
            || self.teams.iter().any(|team| team == UNREADABLE)
            || (!self.unknown_teams.is_empty() && self.context.index.faction_id(text).is_some())
        {
            return None;
        }
        let teams: Vec<&str> = (0..self.teams.len())
            .filter(|team| !self.unknown_teams.contains(team))
            .map(|team| self.teams[team].as_str())
            .collect();
        let names: Vec<&str> = teams
            .iter()
            .copied()
            .chain(self.seats.iter().map(|seat| seat.name.as_str()))
            .collect();
        let help = did_you_mean(text, names.iter().copied())
            .unwrap_or_else(|| format!("the teams: {}", quoted(&teams)));
        self.report(
            Code::UnknownReference,
            pointer,
            format!("no team or player named `{text}` in this scenario"),
            "unknown team",
            Some(help),
        );
        None
    }

    /// A ship card of the scenario, and the ship number after `#` if any.
    pub(crate) fn fielded(
        &mut self,
        code: Code,
        text: &str,
        pointer: &str,
    ) -> Option<(usize, Option<usize>)> {
        let (name, number) = ship_number(text);
        let id = self.item(ItemKind::Ship, name, pointer)?;
        let Some(card) = self.fielded_card(&id) else {
            if self.broken_ships {
                return None;
            }
            let fielded: Vec<&str> = self
                .ships
                .iter()
                .flatten()
                .map(|ship| ship.id.as_str())
                .collect();
            self.report(
                code,
                pointer,
                format!("`{name}` is in no fleet of this scenario"),
                "not in play",
                Some(if fielded.is_empty() {
                    "list it under [[ships]]".to_owned()
                } else {
                    format!("its ship cards: {}", quoted(&fielded))
                }),
            );
            return None;
        };
        Some((card, number))
    }

    /// A ship card of the scenario (not one ship of a squadron). `takes`
    /// says what wants the whole card, for a ship named instead: "this
    /// step takes", "this event names".
    pub(crate) fn card(
        &mut self,
        code: Code,
        takes: &str,
        text: &str,
        pointer: &str,
    ) -> Option<usize> {
        let (card, number) = self.fielded(code, text, pointer)?;
        if let Some(number) = number {
            let (name, id, ships) = self.ships[card]
                .as_ref()
                .map_or((String::new(), String::new(), 0), |ship| {
                    (ship.name.clone(), ship.id.clone(), ship.ships)
                });
            let (message, label) = if !(1..=ships).contains(&number) {
                (
                    format!(
                        "`{name}` has no ship {number} (it has {ships}), and {takes} a whole ship card"
                    ),
                    "no such ship",
                )
            } else if ships == 1 {
                (
                    format!("`{text}` is the card's one ship; {takes} the whole ship card"),
                    "one ship",
                )
            } else {
                (
                    format!("`{text}` is one ship; {takes} a whole ship card"),
                    "one ship of a squadron",
                )
            };
            self.report(
                code,
                pointer,
                message,
                label,
                Some(format!("write the card alone: `{id}`")),
            );
            return None;
        }
        Some(card)
    }

    /// One ship: a solo ship card, or `card#n` in a squadron.
    pub(crate) fn ship(&mut self, code: Code, text: &str, pointer: &str) -> Option<ShipRef> {
        let (card, number) = self.fielded(code, text, pointer)?;
        let fielded = self.ships[card].clone()?;
        match number {
            None if fielded.ships == 1 => Some(ShipRef { card, ship: 0 }),
            None => {
                self.report(
                    code,
                    pointer,
                    format!(
                        "`{}` is a squadron of {} ships: name one",
                        fielded.name, fielded.ships
                    ),
                    "which ship?",
                    Some(format!(
                        "write `{0}#1` to `{0}#{1}` (in the order of its `squadron` list)",
                        fielded.id, fielded.ships
                    )),
                );
                None
            }
            Some(number) if (1..=fielded.ships).contains(&number) => Some(ShipRef {
                card,
                ship: number - 1,
            }),
            Some(number) => {
                self.report(
                    code,
                    pointer,
                    format!("`{}` has no ship {number}", fielded.name),
                    "no such ship",
                    Some(if fielded.ships == 1 {
                        format!("it is a solo ship: write `{}`", fielded.id)
                    } else {
                        format!(
                            "its ships are `{0}#1` to `{0}#{1}`",
                            fielded.id, fielded.ships
                        )
                    }),
                );
                None
            }
        }
    }

    /// A medium ship placed needs a facing, and no other ship takes one;
    /// `pointer` is the table with the placement's `at` and `facing`.
    pub(crate) fn facing_fits(
        &mut self,
        code: Code,
        card: usize,
        facing: Option<Direction>,
        pointer: &str,
    ) -> bool {
        let Some(fielded) = self.ships[card].clone() else {
            return false;
        };
        match (self.bundle.ships[fielded.ship].size, facing) {
            (Size::Medium, None) => {
                self.report(
                    code,
                    &format!("{pointer}/at"),
                    format!(
                        "`{}` is a medium ship: it covers two hexes, so give its `facing` too",
                        fielded.name
                    ),
                    "which way?",
                    Some(
                        "`facing` is the way its front end (at `at`) points: e, ne, nw, w, sw or se"
                            .to_owned(),
                    ),
                );
                false
            }
            (Size::Small | Size::Large, Some(_)) => {
                self.report(
                    code,
                    &format!("{pointer}/facing"),
                    "only a medium ship has a facing",
                    "not a medium ship",
                    Some("drop `facing`".to_owned()),
                );
                false
            }
            _ => true,
        }
    }

    /// Only a medium ship has two ends, one of which leads its move: a
    /// `lead` is for a medium ship; `pointer` is the step with the `lead`.
    pub(crate) fn lead_fits(&mut self, code: Code, card: usize, pointer: &str) -> bool {
        let Some(fielded) = self.ships[card].clone() else {
            return false;
        };
        if self.bundle.ships[fielded.ship].size == Size::Medium {
            return true;
        }
        self.report(
            code,
            &format!("{pointer}/lead"),
            "only a medium ship has an end that leads",
            "not a medium ship",
            Some("drop `lead`".to_owned()),
        );
        false
    }

    /// A ship's canonical name in events: the card id, `#n` in a squadron.
    pub(crate) fn ship_name(&self, ship: ShipRef) -> String {
        let fielded = self.ships[ship.card]
            .as_ref()
            .expect("only resolved ships are referred to");
        if fielded.ships > 1 {
            format!("{}#{}", fielded.id, ship.ship + 1)
        } else {
            fielded.id.clone()
        }
    }

    /// The weapons printed on ship card `card` (its version in play): each
    /// name as printed, and the weapon it is.
    pub(crate) fn printed_weapons(&self, card: usize) -> Vec<(String, Weapon)> {
        let Some(fielded) = &self.ships[card] else {
            return Vec::new();
        };
        let version = &self.bundle.ships[fielded.ship].versions[fielded.version];
        std::iter::once((version.primary.name.clone(), Weapon::Primary))
            .chain(
                version
                    .secondary
                    .iter()
                    .enumerate()
                    .map(|(index, weapon)| (weapon.name.clone(), Weapon::Secondary(index as u8))),
            )
            .collect()
    }

    /// The weapon of ship card `card` printed with the name `text`, in any
    /// case. A name that is also a weapon an `extra-weapon` effect gives,
    /// or an additional weapon card's, names that instead (as it always
    /// has); one printed on two of the card's weapons names neither, and
    /// is reported with `code`.
    pub(crate) fn printed_weapon(
        &mut self,
        code: Code,
        card: usize,
        text: &str,
        pointer: &str,
    ) -> Printed {
        let matching: Vec<(String, Weapon)> = self
            .printed_weapons(card)
            .into_iter()
            .filter(|(name, _)| name.eq_ignore_ascii_case(text))
            .collect();
        let weapon_card = self.bundle.tactics.iter().any(|tactic| {
            tactic.weapon.is_some() && (tactic.id == text || tactic.name.eq_ignore_ascii_case(text))
        });
        match matching.as_slice() {
            [] => Printed::None,
            _ if weapon_card || self.extra_weapon(text).is_some() => Printed::None,
            [(_, weapon)] => Printed::Weapon(weapon.clone()),
            [..] => {
                let ship = self.ships[card]
                    .as_ref()
                    .map_or("", |f| f.name.as_str())
                    .to_owned();
                let places: Vec<String> = matching
                    .iter()
                    .map(|(_, weapon)| format!("`{}`", weapon_place(weapon)))
                    .collect();
                self.report(
                    code,
                    pointer,
                    format!("`{ship}` has {} weapons named `{text}`", matching.len()),
                    "which weapon?",
                    Some(format!("name it by its place: {}", places.join(" or "))),
                );
                Printed::Ambiguous
            }
        }
    }

    /// A ship card with a weapon printed with the name `text` (in any
    /// case), of the scenario if one is (`true`), else of the pack (in its
    /// first version with it): its name, and the weapon.
    pub(crate) fn printed_elsewhere(&self, text: &str) -> Option<(String, Weapon, bool)> {
        let fielded = (0..self.ships.len()).find_map(|card| {
            let (_, weapon) = self
                .printed_weapons(card)
                .into_iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(text))?;
            Some((self.ships[card].as_ref()?.name.clone(), weapon, true))
        });
        fielded.or_else(|| {
            self.bundle.ships.iter().find_map(|ship| {
                ship.versions.iter().find_map(|version| {
                    let weapon = if version.primary.name.eq_ignore_ascii_case(text) {
                        Weapon::Primary
                    } else {
                        let index = version
                            .secondary
                            .iter()
                            .position(|weapon| weapon.name.eq_ignore_ascii_case(text))?;
                        Weapon::Secondary(index as u8)
                    };
                    Some((ship.name.clone(), weapon, false))
                })
            })
        })
    }

    /// Reports `text` with `code` when it is no tactic card's name but a
    /// weapon printed on another ship card of the scenario than `card`.
    pub(crate) fn another_ships_weapon(
        &mut self,
        code: Code,
        card: usize,
        text: &str,
        pointer: &str,
    ) -> bool {
        let Some(fielded) = self.ships[card].clone() else {
            return false;
        };
        if self.names_tactic(text) {
            return false;
        }
        let Some((owner, weapon, _)) = self.printed_elsewhere(text) else {
            return false;
        };
        let weapons: Vec<String> = self
            .printed_weapons(card)
            .into_iter()
            .map(|(name, weapon)| format!("`{name}` (`{}`)", weapon_place(&weapon)))
            .collect();
        self.report(
            code,
            pointer,
            format!(
                "`{text}` is a weapon of `{owner}` (its `{}`), not of `{}`",
                weapon_place(&weapon),
                fielded.name
            ),
            "another ship's weapon",
            Some(format!(
                "`{}`'s weapons: {}",
                fielded.name,
                weapons.join(", ")
            )),
        );
        true
    }

    /// A ship card of the scenario named by `text` (a ship of it by
    /// `card#n`), when it names one; nothing is reported.
    pub(crate) fn fielded_quiet(&self, text: &str) -> Option<usize> {
        let item = self
            .context
            .index
            .lookup_quiet(ItemKind::Ship, ship_number(text).0)?;
        self.fielded_card(self.context.index.id(ItemKind::Ship, item))
    }

    /// The scenario's ship card of the bundle id `id`.
    fn fielded_card(&self, id: &str) -> Option<usize> {
        self.ships
            .iter()
            .position(|ship| ship.as_ref().is_some_and(|ship| ship.id == id))
    }

    /// A weapon of a ship card: `primary`, `secondary`, `secondary-N`, a
    /// weapon printed on the card by its name, a weapon an `extra-weapon`
    /// effect gives, or an additional weapon card.
    pub(crate) fn weapon(
        &mut self,
        code: Code,
        card: usize,
        text: &str,
        pointer: &str,
    ) -> Option<Weapon> {
        let fielded = self.ships[card].clone()?;
        let version = &self.bundle.ships[fielded.ship].versions[fielded.version];
        let secondary = match text {
            "primary" => return Some(Weapon::Primary),
            "secondary" => Some(1),
            _ => text
                .strip_prefix("secondary-")
                .and_then(|number| number.parse::<usize>().ok()),
        };
        if let Some(number) = secondary {
            if (1..=version.secondary.len()).contains(&number) {
                return Some(Weapon::Secondary((number - 1) as u8));
            }
            self.report(
                code,
                pointer,
                format!(
                    "`{}` has {} secondary weapon{}",
                    fielded.name,
                    version.secondary.len(),
                    if version.secondary.len() == 1 {
                        ""
                    } else {
                        "s"
                    }
                ),
                "no such weapon",
                None,
            );
            return None;
        }
        // A weapon a power gives, by the name the engine shows it with.
        if let Some(name) = self.extra_weapon(text) {
            return Some(Weapon::Extra(name.to_owned()));
        }
        // A weapon printed on the card, by its name.
        match self.printed_weapon(code, card, text, pointer) {
            Printed::Weapon(weapon) => return Some(weapon),
            Printed::Ambiguous => return None,
            Printed::None => {}
        }
        // A slip of a weapon's place or printed name is not a card name.
        let printed: Vec<String> = std::iter::once("primary".to_owned())
            .chain((1..=version.secondary.len()).map(|number| match number {
                1 => "secondary".to_owned(),
                _ => format!("secondary-{number}"),
            }))
            .chain(self.printed_weapons(card).into_iter().map(|(name, _)| name))
            .collect();
        if let Some(help) = self.weapon_slip(text, printed.iter().map(String::as_str)) {
            self.report(
                code,
                pointer,
                format!("`{}` has no weapon `{text}`", fielded.name),
                "no such weapon",
                Some(help),
            );
            return None;
        }
        if self.another_ships_weapon(code, card, text, pointer) {
            return None;
        }
        let tactic = self.tactic(text, pointer)?;
        let card = &self.bundle.tactics[tactic];
        if card.weapon.is_none() {
            self.report(
                code,
                pointer,
                format!("`{}` is not an additional weapon", card.name),
                "not a weapon",
                Some("a weapon is `primary`, `secondary`, `secondary-2`, ..., an attached additional weapon card, or the name of a weapon an `extra-weapon` effect gives".to_owned()),
            );
            return None;
        }
        Some(Weapon::Additional(card.id.clone()))
    }
}

/// A weapon as a step or an event names its place on the ship card:
/// `primary`, `secondary`, `secondary-2`, ...; an additional or given
/// weapon by its name.
pub(crate) fn weapon_place(weapon: &Weapon) -> String {
    match weapon {
        Weapon::Primary => "primary".to_owned(),
        Weapon::Secondary(0) => "secondary".to_owned(),
        Weapon::Secondary(index) => format!("secondary-{}", u32::from(*index) + 1),
        Weapon::Additional(name) | Weapon::Extra(name) => name.clone(),
    }
}

/// What a weapon's printed name names on a ship card.
pub(crate) enum Printed {
    /// No weapon of the card is printed with it.
    None,
    Weapon(Weapon),
    /// Several of the card's weapons are (reported).
    Ambiguous,
}

/// The names of the weapons the `extra-weapon` effects of the compiled
/// pack give (cards, ship powers and mission rules, also within tables,
/// choices and `if`s), each once.
pub(crate) fn extra_weapon_names(bundle: &Bundle) -> Vec<String> {
    let tactics = bundle.tactics.iter().flat_map(|tactic| {
        std::iter::once(tactic.effects.as_slice())
            .chain(tactic.powers.iter().map(|power| power.effects.as_slice()))
    });
    let ships = bundle
        .ships
        .iter()
        .flat_map(|ship| &ship.versions)
        .flat_map(|version| &version.powers)
        .map(|power| power.effects.as_slice());
    let missions = bundle
        .missions
        .iter()
        .flat_map(|mission| &mission.special_rules)
        .map(|rule| rule.effects.as_slice());
    let mut names = Vec::new();
    given_weapons(tactics.chain(ships).chain(missions), &mut names);
    names
}

/// [`extra_weapon_names`] of the items as read, those with errors too: a
/// weapon one of them gives is no slip of a scenario's.
fn extra_weapon_names_read(content: &Content, names: &mut Vec<String>) {
    let tactics = content.tactics.iter().flat_map(|tactic| {
        std::iter::once(tactic.item.effects.as_slice()).chain(
            tactic
                .item
                .powers
                .iter()
                .map(|power| power.effects.as_slice()),
        )
    });
    let ships = content
        .ships
        .iter()
        .flat_map(|ship| &ship.item.versions)
        .flat_map(|version| &version.powers)
        .map(|power| power.effects.as_slice());
    let missions = content
        .missions
        .iter()
        .flat_map(|mission| &mission.item.special_rules)
        .map(|rule| rule.effects.as_slice());
    given_weapons(tactics.chain(ships).chain(missions), names);
}

/// Adds the name of each weapon an `extra-weapon` effect of `effects`
/// gives to `names`, once.
fn given_weapons<'e>(
    effects: impl Iterator<Item = &'e [spacedock_schema::effect::Effect]>,
    names: &mut Vec<String>,
) {
    use spacedock_schema::effect::Effect;
    fn walk(effects: &[Effect], names: &mut Vec<String>) {
        for effect in effects {
            if let Effect::ExtraWeapon { weapon, .. } = effect
                && !names.contains(&weapon.name)
            {
                names.push(weapon.name.clone());
            }
            for branch in effect.branches() {
                walk(branch, names);
            }
        }
    }
    for effects in effects {
        walk(effects, names);
    }
}

/// The last letter of a letter die with `letters` faces (10: `J`).
pub(crate) fn last_letter(letters: u32) -> char {
    char::from_u32(u32::from('A') + letters.saturating_sub(1)).unwrap_or('A')
}

/// `` `a`, `b` and `c` ``.
pub(crate) fn quoted(items: &[&str]) -> String {
    let quoted: Vec<String> = items.iter().map(|item| format!("`{item}`")).collect();
    match quoted.as_slice() {
        [] => "none".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A ship card's name and the number of one of its ships after `#`
/// (`Red Tougu#2`), if the text has one.
fn ship_number(text: &str) -> (&str, Option<usize>) {
    match text.rsplit_once('#') {
        Some((name, digits))
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            (name, digits.parse::<usize>().ok())
        }
        _ => (text, None),
    }
}
