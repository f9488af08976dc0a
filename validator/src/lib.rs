//! The spacedock compiler: load -> resolve -> check -> emit.
//!
//! [`compile`] reads a content pack (and the packs it depends on) and returns
//! every diagnostic at once, plus the checked [`Bundle`] when there are no
//! errors. [`check_fleet`] checks a player's fleet build against one seat
//! of a mission with the same rules and diagnostics. [`check_scenarios`]
//! compiles a pack and checks its scenario tests (`tests/*.toml`) into
//! scenarios the engine runs. Nothing here prints:
//! diagnostics are data, and [`Diagnostic::to_report`] describes one to
//! miette for the binary to render.

mod check;
mod codes;
mod context;
mod diagnostic;
mod emit;
mod fleet;
mod geometry;
mod load;
mod model;
mod resolve;
mod scenario;
mod source;
pub mod suggest;

use std::path::Path;

pub use codes::Code;
pub use diagnostic::{Diagnostic, Location, Note, Report, Severity};
pub use fleet::{FleetSummary, PlayerSelector, SelectionError, TransportUse};
pub use load::unreadable_pack;
pub use scenario::{CheckedScenario, ScenarioSuite, check_scenarios};
pub use source::{FileId, SourceFile, SourceMap, tidy};
use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::{Level, Phase};
use spacedock_schema::fleet::FleetSource;
use spacedock_schema::mission::{FleetRule, MissionSource, Selection};

/// Settings of a compilation.
#[derive(Clone, Debug)]
pub struct Options {
    /// Game sets the player owns: a deck may hold at most a card's copies
    /// in one set times this.
    pub sets: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { sets: 1 }
    }
}

/// What compiling a pack produced.
#[derive(Debug)]
pub struct Compilation {
    /// Every file read, for rendering diagnostics.
    pub sources: SourceMap,
    /// Every diagnostic, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// The bundle, present only when there are no errors.
    pub bundle: Option<Bundle>,
    /// The root pack's manifest identity, when its pack.toml loaded.
    pub pack: Option<PackIdentity>,
    /// The missions the root pack itself defines (not its dependencies'),
    /// by id; empty without a bundle.
    pub own_missions: Vec<OwnMission>,
}

/// A mission of the root pack: its id and the file it was read from, as
/// diagnostics name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnMission {
    pub id: String,
    pub file: String,
}

impl Compilation {
    /// Whether the root pack itself defines the mission `id`.
    pub fn owns_mission(&self, id: &str) -> bool {
        self.own_missions.iter().any(|mission| mission.id == id)
    }
}

/// Who a pack is: its id, display name and version.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PackIdentity {
    pub id: String,
    pub name: String,
    pub version: String,
}

fn identity(content: &load::Content) -> Option<PackIdentity> {
    content.packs.first().map(|pack| PackIdentity {
        id: pack.manifest.item.id.clone(),
        name: pack.manifest.item.name.clone(),
        version: pack.manifest.item.version.clone(),
    })
}

impl Compilation {
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.diagnostics.len() - self.error_count()
    }
}

/// Compiles the pack in `root`.
pub fn compile(root: &Path, options: &Options) -> Compilation {
    let mut sources = SourceMap::new();
    let mut diagnostics = diagnostic::Diagnostics::default();
    let content = load::load(root, &mut sources, &mut diagnostics);
    let emitted = context::analyse(
        &content,
        &sources,
        options,
        &mut diagnostics,
        |context, model, diagnostics| {
            (!diagnostics.has_errors())
                .then(|| (emit::bundle(context, model), emit::own_missions(context)))
        },
    );
    let (bundle, own_missions) = emitted.unzip();
    let pack = identity(&content);
    Compilation {
        sources,
        diagnostics: diagnostics.into_sorted(),
        bundle,
        pack,
        own_missions: own_missions.unwrap_or_default(),
    }
}

/// What checking a fleet build produced.
#[derive(Debug)]
pub struct FleetCheck {
    pub sources: SourceMap,
    /// Diagnostics of the pack and of the build, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// Of `diagnostics`, those of the pack itself (what `check` of the
    /// pack finds), sorted.
    pub pack_diagnostics: Vec<Diagnostic>,
    /// Of `diagnostics`, those of the build, sorted, wherever they point
    /// (a prepped card's ship missing from the build points at the
    /// mission).
    pub build_diagnostics: Vec<Diagnostic>,
    /// Cost, deck size and transport use, present when the build is legal
    /// and the pack has no errors but in other missions' files.
    pub summary: Option<FleetSummary>,
    /// Set when the mission or seat asked for does not exist: a usage
    /// error, reported apart from the content's diagnostics.
    pub selection_error: Option<SelectionError>,
    /// The build as read, present when it is legal (with `summary`): what
    /// a game of the seat is set up with.
    pub build: Option<FleetSource>,
}

impl FleetCheck {
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.diagnostics.len() - self.error_count()
    }
}

/// Checks the fleet build in `fleet_file` for one seat of a mission of the
/// pack in `pack_root`.
pub fn check_fleet(
    pack_root: &Path,
    fleet_file: &Path,
    mission: &str,
    player: &PlayerSelector,
    options: &Options,
) -> FleetCheck {
    let mut sources = SourceMap::new();
    let mut diagnostics = diagnostic::Diagnostics::default();
    let mut of_build = diagnostic::Diagnostics::default();
    let content = load::load(pack_root, &mut sources, &mut diagnostics);
    let fleet = load::load_fleet(fleet_file, &mut sources, &mut of_build);
    let result = context::analyse(
        &content,
        &sources,
        options,
        &mut diagnostics,
        |context, model, _| {
            // Without the pack there is no mission to check against: its
            // error says what to fix, and "no mission" would mislead.
            let pack_read = !content.packs.is_empty();
            fleet.as_ref().filter(|_| pack_read).map(|read| {
                let checked = fleet::check(context, model, read, mission, player, &mut of_build);
                let mission_file = checked
                    .as_ref()
                    .ok()
                    .and_then(Option::as_ref)
                    .and_then(|summary| {
                        (0..context.content.missions.len()).find(|&m| {
                            context.index.id(resolve::ItemKind::Mission, m) == summary.mission_id
                        })
                    })
                    .map(|m| context.content.missions[m].file);
                (checked, mission_file)
            })
        },
    );
    let (summary, selection_error, mission_file) = match result {
        Some((Ok(summary), mission_file)) => (summary, None, mission_file),
        Some((Err(error), _)) => (None, Some(error), None),
        None => (None, None, None),
    };
    let pack_diagnostics = diagnostics.into_sorted();
    // Another mission's file is nothing the build or its mission reads:
    // its errors (still printed, still failing the run) leave the build's
    // numbers standing. Any other error of the pack may be in what they
    // are counted from.
    let not_the_builds = |diagnostic: &Diagnostic| {
        diagnostic.location.as_ref().is_some_and(|location| {
            Some(location.file) != mission_file
                // Read or not, a file under `missions/` is a mission's.
                && content.holds("missions", sources.get(location.file).path())
        })
    };
    let pack_errors = pack_diagnostics
        .iter()
        .any(|diagnostic| diagnostic.is_error() && !not_the_builds(diagnostic));
    let summary = if pack_errors || of_build.has_errors() {
        None
    } else {
        summary
    };
    let build = fleet.filter(|_| summary.is_some()).map(|read| read.fleet);
    // A mission's own mistake that the build's checks meet again (a card
    // it preps that cannot go where it says) is the pack's, told once.
    let build_diagnostics: Vec<Diagnostic> = of_build
        .into_sorted()
        .into_iter()
        .filter(|diagnostic| !pack_diagnostics.contains(diagnostic))
        .collect();
    let mut all = diagnostic::Diagnostics::default();
    for diagnostic in pack_diagnostics.iter().chain(&build_diagnostics) {
        all.push(diagnostic.clone());
    }
    FleetCheck {
        sources,
        diagnostics: all.into_sorted(),
        pack_diagnostics,
        build_diagnostics,
        summary,
        selection_error,
        build,
    }
}

/// One line per item of a pack, for `spacedock list`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ListEntry {
    pub id: String,
    pub name: String,
    /// Faction, size and icon for ships; faction, type and phase for
    /// tactic cards; number, players and how fleets are chosen for
    /// missions; size and zones for gameboards.
    pub detail: String,
    /// A ship card's versions and what each costs, weakest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<ListVersion>,
    /// A tactic card's energy cost to play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
    /// How many copies of a tactic card the set has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copies: Option<u32>,
}

/// A ship card's version in a list: the two costs a fleet builder weighs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ListVersion {
    pub level: Level,
    pub launch_cost: u32,
    pub activation_cost: u32,
}

impl ListEntry {
    fn new(id: &str, name: &str, detail: String) -> ListEntry {
        ListEntry {
            id: id.to_owned(),
            name: name.to_owned(),
            detail,
            versions: Vec::new(),
            cost: None,
            copies: None,
        }
    }
}

/// When a tactic card is played, in the words of a card list.
fn played_in(phase: Phase) -> &'static str {
    match phase {
        Phase::Energy => "energy phase",
        Phase::Deploy => "deploy phase",
        Phase::Action => "action phase",
        Phase::Any => "any phase",
    }
}

/// A mission's line in a list: its number in the rulebook, its players and
/// how their fleets are chosen ("mission 1, 2 players, fleets listed"),
/// seat by seat when the seats differ ("fleets: player 1 listed, player 2
/// of 48 energy"), since one phrase for all would be wrong for some.
fn mission_detail(mission: &MissionSource) -> String {
    let mut parts = Vec::new();
    if let Some(number) = mission.number {
        parts.push(format!("mission {number}"));
    }
    parts.push(match mission.players.len() {
        1 => "1 player".to_owned(),
        players => format!("{players} players"),
    });
    let seats: Vec<String> = mission
        .players
        .iter()
        .map(|player| fleet_chosen(&player.fleet))
        .collect();
    match seats.as_slice() {
        [] => {}
        [first, rest @ ..] if rest.iter().all(|seat| seat == first) => {
            parts.push(format!("fleets {first}"));
        }
        _ => parts.push(format!(
            "fleets: {}",
            seats
                .iter()
                .enumerate()
                .map(|(seat, chosen)| format!("player {} {chosen}", seat + 1))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    parts.join(", ")
}

/// How one seat's fleet is chosen, after "fleets": `listed` by the
/// mission, `of 40 energy` built by the player, or both.
fn fleet_chosen(rule: &FleetRule) -> String {
    let budget = rule
        .fleet_cost
        .map_or_else(|| "built".to_owned(), |cost| format!("of {cost} energy"));
    match rule.selection {
        Selection::Mission => "listed".to_owned(),
        Selection::Player => budget,
        Selection::Combined => format!("{budget} with some ships listed"),
    }
}

/// What `list` shows of a pack: its ships, tactic cards, missions and boards, even
/// when other parts of it have errors.
#[derive(Debug)]
pub struct Catalog {
    pub sources: SourceMap,
    pub diagnostics: Vec<Diagnostic>,
    pub ships: Vec<ListEntry>,
    pub tactics: Vec<ListEntry>,
    pub missions: Vec<ListEntry>,
    pub boards: Vec<ListEntry>,
}

/// Lists the items of a pack that loaded, with every diagnostic of the
/// pack, as `check` finds them: the pack is read once.
pub fn catalog(root: &Path) -> Catalog {
    let mut sources = SourceMap::new();
    let mut diagnostics = diagnostic::Diagnostics::default();
    let content = load::load(root, &mut sources, &mut diagnostics);
    let (ships, tactics, missions, boards) = context::analyse(
        &content,
        &sources,
        &Options::default(),
        &mut diagnostics,
        |context, _, _| entries(&content, &context.index),
    );
    Catalog {
        sources,
        diagnostics: diagnostics.into_sorted(),
        ships,
        tactics,
        missions,
        boards,
    }
}

/// The list entries of what loaded: ships, tactic cards, missions and
/// boards, each by id.
fn entries(
    content: &load::Content,
    index: &resolve::Index,
) -> (
    Vec<ListEntry>,
    Vec<ListEntry>,
    Vec<ListEntry>,
    Vec<ListEntry>,
) {
    let entry = |kind: resolve::ItemKind, item: usize, detail: String| {
        ListEntry::new(index.id(kind, item), index.name(kind, item), detail)
    };
    // A faction by its id, however the file names it (id, name or alias);
    // as written when it names none.
    let faction = |written: &str| index.faction_id(written).unwrap_or(written).to_owned();
    let by_id = |mut entries: Vec<ListEntry>| {
        entries.sort_by(|a, b| a.id.cmp(&b.id));
        entries
    };
    let ships = by_id(
        content
            .ships
            .iter()
            .enumerate()
            .map(|(item, s)| {
                let ship = &s.item;
                let detail = format!(
                    "{} {} {}",
                    faction(&ship.faction),
                    ship.size.name(),
                    ship.icon.name()
                );
                let mut versions: Vec<ListVersion> = ship
                    .versions
                    .iter()
                    .map(|version| ListVersion {
                        level: version.level,
                        launch_cost: version.launch_cost,
                        activation_cost: version.activation_cost,
                    })
                    .collect();
                versions.sort_by_key(|version| version.level);
                ListEntry {
                    versions,
                    ..entry(resolve::ItemKind::Ship, item, detail)
                }
            })
            .collect(),
    );
    let tactics = by_id(
        content
            .tactics
            .iter()
            .enumerate()
            .map(|(item, t)| {
                let card = &t.item;
                let detail = format!(
                    "{} {}, {}",
                    faction(&card.faction),
                    card.kind.name(),
                    played_in(card.phase)
                );
                ListEntry {
                    cost: Some(card.cost),
                    copies: Some(card.copies),
                    ..entry(resolve::ItemKind::Tactic, item, detail)
                }
            })
            .collect(),
    );
    let missions = by_id(
        content
            .missions
            .iter()
            .enumerate()
            .map(|(item, m)| entry(resolve::ItemKind::Mission, item, mission_detail(&m.item)))
            .collect(),
    );
    let boards = by_id(
        content
            .boards
            .iter()
            .enumerate()
            .map(|(item, b)| {
                let board = &b.item;
                let zones: Vec<&str> = board.zones.iter().map(|zone| zone.name.as_str()).collect();
                let detail = match zones.as_slice() {
                    [] => format!("{} by {} hexes, no zones", board.columns, board.rows),
                    zones => format!(
                        "{} by {} hexes, zones {}",
                        board.columns,
                        board.rows,
                        zones.join(", ")
                    ),
                };
                entry(resolve::ItemKind::Board, item, detail)
            })
            .collect(),
    );
    (ships, tactics, missions, boards)
}
