//! `fleet check`: a player's fleet build checked against one seat of a
//! mission, with the same build rules as mission-selected fleets, plus the
//! rules only a build can break (matching a mission-selected list, prepped
//! ships present, transport loadouts).

use serde::Serialize;
use spacedock_schema::mission::Selection;

use crate::check::build::{self, Build};
use crate::check::{and_list, count, mission};
use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::load::FleetBuild;
use crate::model::{MissionModel, Model, PlannedCard, PlannedShip, Ref};
use crate::resolve::{Fitting, ItemKind};
use crate::source::FileId;
use crate::suggest::did_you_mean;

/// Which seat of a mission a build is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSelector {
    /// The seat number, from 1.
    Number(usize),
    /// The player's name in the mission.
    Name(String),
}

/// Why `fleet check` could not pick the seat to check: a usage error, not
/// a problem of the content.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectionError {
    #[error("no mission named `{name}`")]
    UnknownMission {
        name: String,
        suggestion: Option<String>,
        missions: Vec<String>,
    },
    /// The mission's file has errors (reported with the pack's): there is
    /// no mission to check a build against until they are mended.
    #[error("mission `{name}` could not be read")]
    UnreadMission { name: String },
    #[error("more than one mission is named `{name}`")]
    AmbiguousMission { name: String, ids: Vec<String> },
    #[error("`{mission}` has no player {asked}")]
    UnknownPlayer {
        mission: String,
        asked: String,
        /// A did-you-mean for a player's name given with a slip.
        suggestion: Option<String>,
        players: Vec<String>,
    },
}

impl SelectionError {
    /// A hint for the user: a did-you-mean, or what there is to choose from.
    pub fn help(&self) -> String {
        match self {
            SelectionError::UnknownMission {
                suggestion: Some(suggestion),
                ..
            }
            | SelectionError::UnknownPlayer {
                suggestion: Some(suggestion),
                ..
            } => suggestion.clone(),
            SelectionError::UnknownMission { missions, .. } if missions.is_empty() => {
                "the pack has no missions: add one under `missions/`".to_owned()
            }
            SelectionError::UnknownMission { missions, .. } => {
                let mut missions = missions.clone();
                missions.sort();
                format!("missions: {}", missions.join(", "))
            }
            SelectionError::UnreadMission { .. } => {
                "its file's errors are above; once they are mended, builds for it can be checked"
                    .to_owned()
            }
            SelectionError::AmbiguousMission { ids, .. } => {
                format!("use the mission's id: {}", ids.join(" or "))
            }
            SelectionError::UnknownPlayer { players, .. } => {
                format!("its players: {}", players.join(", "))
            }
        }
    }
}

/// A legal build's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FleetSummary {
    pub mission: String,
    pub mission_id: String,
    pub player: String,
    /// The seat, from 1.
    pub seat: usize,
    /// Total launch cost.
    pub fleet_cost: u32,
    /// The mission's budget, if it has one.
    pub budget: Option<u32>,
    pub deck_size: u32,
    pub transport: Vec<TransportUse>,
}

/// How full one transport hold is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TransportUse {
    pub carrier: String,
    pub carrier_id: String,
    pub capacity: u32,
    pub used: u32,
    pub carried: Vec<String>,
    pub carried_ids: Vec<String>,
}

pub(crate) fn check(
    context: &Context<'_>,
    model: &Model,
    read: &FleetBuild,
    mission_text: &str,
    selector: &PlayerSelector,
    diagnostics: &mut Diagnostics,
) -> Result<Option<FleetSummary>, SelectionError> {
    let mission = find_mission(context, model, mission_text)?;
    let source = &context.content.missions[mission.mission].item;
    let player = find_player(source, selector)?;
    let player_model = &mission.players[player];
    let player_source = &source.players[player];
    let FleetBuild {
        fleet,
        file,
        left_out,
    } = read;
    let file = *file;
    let at = |pointer: &str| context.at(file, pointer);

    let faction = context.index.resolve(
        ItemKind::Faction,
        &fleet.faction,
        &at("/faction"),
        diagnostics,
    );
    let other_faction =
        faction.is_some() && player_model.faction.is_some() && faction != player_model.faction;
    if other_faction {
        let seats: Vec<String> = mission
            .players
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.faction == faction)
            .map(|(p, _)| format!("seat {} (`{}`)", p + 1, source.players[p].name))
            .collect();
        diagnostics.push(
            Diagnostic::new(
                Code::WrongFaction,
                format!(
                    "this fleet is of faction `{}`, but `{}` commands `{}`",
                    fleet.faction, player_source.name, player_source.faction
                ),
            )
            .at(at("/faction"))
            .label("another faction")
            .help(if seats.is_empty() {
                format!("no player of this mission commands `{}`", fleet.faction)
            } else {
                format!("give it to a seat of its faction: {}", seats.join(", "))
            }),
        );
    }
    // Of a build for another seat, every ship and card would be of the
    // wrong faction too, and what the seat asks (its required and
    // forbidden ships, the mission's lists and prepped cards) another
    // faction's: that is told once, above. The rules that do not ask whose
    // seat it is (the cost, the deck's size, the copy limits) are checked
    // on.
    let outer = diagnostics;
    let mut rest = Diagnostics::default();
    let diagnostics = &mut rest;

    // A misspelt ship or card is suggested from those the seat may field
    // first: its faction's and the mission's exceptions.
    let deck_exceptions: &[usize] = player_model
        .deck
        .map_or(&[], |deck| &mission.decks[deck].exceptions);
    let ship_fits = may_field(faction, &model.ship_factions, &player_model.ship_exceptions);
    let tactic_fits = may_field(faction, &model.tactic_factions, deck_exceptions);
    let not_ours = |of: &str| {
        format!(
            "Its faction is `{of}`; this fleet's is `{}`.",
            fleet.faction
        )
    };
    let ship_why_not = |item: usize| not_ours(&context.content.ships[item].item.faction);
    let tactic_why_not = |item: usize| not_ours(&context.content.tactics[item].item.faction);
    let ship_fitting = Fitting {
        fits: &ship_fits,
        why_not: &ship_why_not,
    };
    let tactic_fitting = Fitting {
        fits: &tactic_fits,
        why_not: &tactic_why_not,
    };
    let ships: Vec<PlannedShip> = fleet
        .ships
        .iter()
        .enumerate()
        .filter_map(|(i, entry)| {
            let pointer = format!("/ships/{i}");
            let ship = context.index.resolve_fitting(
                ItemKind::Ship,
                &entry.ship,
                &at(&format!("{pointer}/ship")),
                diagnostics,
                &ship_fitting,
            )?;
            let transport = entry
                .transport
                .iter()
                .enumerate()
                .filter_map(|(j, carried)| {
                    let carried_pointer = format!("{pointer}/transport/{j}");
                    context
                        .index
                        .resolve_fitting(
                            ItemKind::Ship,
                            carried,
                            &at(&carried_pointer),
                            diagnostics,
                            &ship_fitting,
                        )
                        .map(|item| Ref {
                            item,
                            pointer: carried_pointer,
                        })
                })
                .collect();
            Some(PlannedShip {
                ship,
                level: entry.version,
                pointer,
                transport,
            })
        })
        .collect();
    let deck: Vec<PlannedCard> = fleet
        .deck
        .iter()
        .enumerate()
        .filter_map(|(i, entry)| {
            let pointer = format!("/deck/{i}");
            context
                .index
                .resolve_fitting(
                    ItemKind::Tactic,
                    &entry.card,
                    &at(&format!("{pointer}/card")),
                    diagnostics,
                    &tactic_fitting,
                )
                .map(|tactic| PlannedCard {
                    tactic,
                    count: entry.count,
                    pointer,
                })
        })
        .collect();

    // An entry left out for its shape still names its ship or card: one
    // that names nothing is told now, not once the shape is mended.
    for (name, at) in left_out.ships.iter().flatten() {
        context
            .index
            .resolve_fitting(ItemKind::Ship, name, at, diagnostics, &ship_fitting);
    }
    for (name, at) in left_out.cards.iter().flatten() {
        context
            .index
            .resolve_fitting(ItemKind::Tactic, name, at, diagnostics, &tactic_fitting);
    }
    // What an entry left out adds is unknown, as is the ship an entry
    // naming no ship card meant: of the rules over the whole list, only
    // those it could not make hold are checked (an excess, not a lack).
    let ships_read = left_out.ships.is_empty() && ships.len() == fleet.ships.len();
    let deck_read = left_out.cards.is_empty();
    same_ships(
        context,
        mission,
        player,
        &ships,
        ships_read,
        file,
        diagnostics,
    );
    let build = Build {
        file,
        ships: &ships,
        anchor: "/ships".to_owned(),
        complete: ships_read,
    };
    let fleet_cost = build::check_fleet(context, model, mission, player, &build, diagnostics);
    // Legal (it costs nothing), but a seat with no ships launches nothing
    // and only loses: almost always ships written where they are not read.
    if ships_read && ships.is_empty() {
        diagnostics.push(
            Diagnostic::new(
                Code::EmptyFleet,
                format!(
                    "the fleet has no ships: `{}` would launch nothing and lose once destroying all counts",
                    player_source.name
                ),
            )
            .at(context.key_at(file, "/ships"))
            .label("no ships")
            .help("list the fleet's ship cards as `[[ships]]` tables (`ship` and `version`), or in `ships = [...]`"),
        );
    }
    build::attachments(context, model, mission, player, Some(&build), diagnostics);
    if player_source.fleet.launched_at_start
        && let Some(map) = &mission.map
    {
        fits_the_zone(context, mission, player, &ships, map, file, diagnostics);
    }

    let deck_model = player_model.deck.map(|d| &mission.decks[d]);
    let mut deck_size = 0;
    if let Some(deck_model) = deck_model {
        if deck_model.rule.selection == Selection::Mission && fleet.deck.is_empty() {
            // The mission's own list, already checked with the pack.
            deck_size = deck_model.cards.iter().map(|c| c.count).sum();
        } else {
            if deck_model.rule.selection != Selection::Player {
                same_deck(
                    context,
                    mission,
                    deck_model,
                    &deck,
                    // An entry naming no tactic card may hold the copies
                    // the list is short of.
                    deck_read && deck.len() == fleet.deck.len(),
                    file,
                    diagnostics,
                );
            }
            // A card that names nothing is reported where it is, and
            // counts in the size as written.
            let written: u32 = fleet.deck.iter().map(|entry| entry.count).sum();
            let named: u32 = deck.iter().map(|card| card.count).sum();
            deck_size = build::check_deck(
                context,
                model,
                mission,
                deck_model,
                &build::Listed {
                    cards: &deck,
                    unnamed: written.saturating_sub(named),
                    complete: deck_read,
                },
                file,
                "/deck",
                build::expected_deck_size(context, mission, deck_model),
                diagnostics,
            );
        }
    }

    let transport = ships
        .iter()
        .filter(|s| !s.transport.is_empty())
        .map(|s| {
            let carrier = &context.content.ships[s.ship].item;
            TransportUse {
                carrier: carrier.name.clone(),
                carrier_id: context.index.id(ItemKind::Ship, s.ship).to_owned(),
                capacity: build::version(carrier, s.level)
                    .and_then(build::own_capacity)
                    .unwrap_or(0),
                used: s
                    .transport
                    .iter()
                    .map(|r| build::spaces(context, &context.content.ships[r.item].item))
                    .sum(),
                carried: s
                    .transport
                    .iter()
                    .map(|r| context.content.ships[r.item].item.name.clone())
                    .collect(),
                carried_ids: s
                    .transport
                    .iter()
                    .map(|r| context.index.id(ItemKind::Ship, r.item).to_owned())
                    .collect(),
            }
        })
        .collect();
    // The size of a deck the mission selects is its list's: another
    // faction's deck is not that list, which is told once, above.
    let listed_deck = deck_model.is_some_and(|deck| deck.rule.selection == Selection::Mission);
    for diagnostic in rest.into_sorted() {
        // What the seat asks of its build (its faction, its required and
        // forbidden ships, the mission's lists and prepped cards) says
        // nothing more of a build for another seat. A deck's size is asked
        // of any build the seat gets, whatever its faction.
        let of_the_seat = match diagnostic.code {
            Code::WrongFaction
            | Code::RequiredShipMissing
            | Code::ForbiddenShip
            | Code::NotMissionFleet
            | Code::PreppedShipMissing => true,
            Code::DeckSize => listed_deck,
            _ => false,
        };
        if !(other_faction && of_the_seat) {
            outer.push(diagnostic);
        }
    }
    if other_faction {
        // A ship or card not of the build's own faction is told against
        // it: the seat's faction is told once, above.
        let items = ships
            .iter()
            .map(|planned| {
                let ship = &context.content.ships[planned.ship].item;
                (
                    model.ship_factions[planned.ship],
                    &ship.name,
                    &ship.faction,
                    format!("{}/ship", planned.pointer),
                )
            })
            .chain(deck.iter().map(|card| {
                let tactic = &context.content.tactics[card.tactic].item;
                (
                    model.tactic_factions[card.tactic],
                    &tactic.name,
                    &tactic.faction,
                    format!("{}/card", card.pointer),
                )
            }));
        for (of, name, named, pointer) in items {
            if of.is_some() && of != faction {
                outer.push(
                    Diagnostic::new(
                        Code::WrongFaction,
                        format!(
                            "`{name}` belongs to faction `{named}`, not this fleet's `{}`",
                            fleet.faction
                        ),
                    )
                    .at(at(&pointer))
                    .label("another faction's"),
                );
            }
        }
    }
    Ok(Some(FleetSummary {
        mission: source.name.clone(),
        mission_id: context
            .index
            .id(ItemKind::Mission, mission.mission)
            .to_owned(),
        player: player_source.name.clone(),
        seat: player + 1,
        fleet_cost,
        budget: player_source.fleet.fleet_cost,
        deck_size,
        transport,
    }))
}

fn find_mission<'m>(
    context: &Context<'_>,
    model: &'m Model,
    text: &str,
) -> Result<&'m MissionModel, SelectionError> {
    let ids: Vec<String> = (0..context.content.missions.len())
        .map(|m| context.index.id(ItemKind::Mission, m).to_owned())
        .collect();
    let named: Vec<usize> = (0..context.content.missions.len())
        .filter(|&m| context.index.name(ItemKind::Mission, m) == text)
        .collect();
    if named.len() > 1 && !ids.iter().any(|id| id == text) {
        return Err(SelectionError::AmbiguousMission {
            name: text.to_owned(),
            ids: named.iter().map(|&m| ids[m].clone()).collect(),
        });
    }
    let found = context.index.lookup_quiet(ItemKind::Mission, text);
    // A mission whose file has errors is not unknown: those errors say
    // what keeps it from being checked against.
    if found.is_some_and(|m| model.mission(m).is_none())
        || (found.is_none() && context.index.is_unread(ItemKind::Mission, text))
    {
        return Err(SelectionError::UnreadMission {
            name: text.to_owned(),
        });
    }
    found
        .and_then(|m| model.mission(m))
        .ok_or_else(|| SelectionError::UnknownMission {
            name: text.to_owned(),
            suggestion: mission_of_file(context, text, &ids)
                .map(|id| crate::suggest::mission_not_file(&id))
                .or_else(|| did_you_mean(text, ids.iter().map(String::as_str))),
            missions: ids.clone(),
        })
}

/// The id of the mission whose file `text` names (`dead-zone-battle.toml`,
/// `missions/dead-zone-battle.toml`), or one close to its name; `ids` are
/// the missions' ids, in their order.
fn mission_of_file(context: &Context<'_>, text: &str, ids: &[String]) -> Option<String> {
    let stem = crate::suggest::file_stem_named(text)?;
    let files = context.content.missions.iter().map(|loaded| {
        context
            .sources
            .get(loaded.file)
            .path()
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or_default()
    });
    let by_file = files
        .zip(ids)
        .find(|(file, _)| *file == stem)
        .map(|(_, id)| id.clone());
    by_file
        .or_else(|| ids.iter().find(|id| *id == stem).cloned())
        .or_else(|| {
            crate::suggest::closest(stem, ids.iter().map(String::as_str)).map(str::to_owned)
        })
}

fn find_player(
    source: &spacedock_schema::mission::MissionSource,
    selector: &PlayerSelector,
) -> Result<usize, SelectionError> {
    let found = match selector {
        PlayerSelector::Number(n) => n.checked_sub(1).filter(|&i| i < source.players.len()),
        PlayerSelector::Name(name) => source.players.iter().position(|p| &p.name == name),
    };
    found.ok_or_else(|| SelectionError::UnknownPlayer {
        mission: source.name.clone(),
        asked: match selector {
            PlayerSelector::Number(n) => n.to_string(),
            PlayerSelector::Name(name) => format!("`{name}`"),
        },
        suggestion: match selector {
            PlayerSelector::Number(_) => None,
            PlayerSelector::Name(name) => did_you_mean(
                name,
                source.players.iter().map(|player| player.name.as_str()),
            ),
        },
        players: source
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} `{}`", i + 1, p.name))
            .collect(),
    })
}

/// A build launched at the start must fit its starting zone: a ship needs
/// one free zone hex under its base (as the mission's own lists, SD0609).
#[allow(clippy::too_many_arguments)]
fn fits_the_zone(
    context: &Context<'_>,
    mission: &MissionModel,
    player: usize,
    ships: &[PlannedShip],
    map: &crate::geometry::BattleMap,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let source = &context.content.missions[mission.mission].item;
    let player_source = &source.players[player];
    // A mission's own list is the mission's to be told of (`check`).
    if player_source.fleet.selection == Selection::Mission {
        return;
    }
    // Teammates placing ships (as the mission says) into zones linked to
    // this one by shared hexes: all of them are filled together, as `check`
    // counts the mission's own lists. A zone closed whole is in no group,
    // and `check` tells of it.
    let closed = mission::closed_hexes(source, map);
    let groups = mission::zone_groups(mission, &closed);
    let Some((hexes, players)) = groups.iter().find(|(_, players)| players.contains(&player))
    else {
        return;
    };
    let mut sharing = 0;
    let mut teammates = Vec::new();
    for &q in players.iter().filter(|&&q| q != player) {
        let placed = mission::placed_at_setup(context, mission, source, q);
        if placed > 0 {
            sharing += placed;
            teammates.push(format!("`{}`", source.players[q].name));
        }
    }
    let taken = mission::taken_hexes(source, &closed);
    // A ship the mission places itself (`start` with `at`) is not launched.
    let own: u32 = ships
        .iter()
        .filter(|planned| !mission::placed_by_mission(mission, source, player, planned.ship))
        .map(|planned| mission::ships_of(context, planned.ship))
        .sum();
    // The fleet launches into its own zone alone: that first.
    let own_room = mission.players[player]
        .zone
        .as_ref()
        .map_or(0, |zone| mission::room(zone, &taken).0);
    let (sharing, room) = if own > own_room {
        (0, own_room)
    } else {
        (sharing, mission::room(hexes, &taken).0)
    };
    if own + sharing > room {
        let teammates = if sharing > 0 {
            format!(", and {} {sharing} more,", teammates.join(" and "))
        } else {
            String::new()
        };
        // Every zone of the group by name, this player's first, when the
        // room counted is theirs together.
        let zones = if sharing > 0 {
            mission::zone_names(
                source,
                std::iter::once(player).chain(players.iter().copied()),
            )
        } else {
            mission::zone_names(source, [player])
        };
        let (where_, have) = match zones.as_slice() {
            [only] => (format!("zone `{only}`"), "has"),
            _ => (
                format!("zones {} (linked by shared hexes)", and_list(&zones)),
                "have",
            ),
        };
        diagnostics.push(
            Diagnostic::new(
                Code::StartingShip,
                format!(
                    "this fleet of {}{teammates} starts launched in {where_}, which {have} {} free: each ship needs one of its own",
                    count(own, "ship"),
                    count(room, "hex")
                ),
            )
            .at(context.key_at(file, "/ships"))
            .label("does not fit the starting zone")
            .help("bring fewer ships: the mission launches the whole fleet at the start"),
        );
    }
}

/// A ship of the mission's list brought in another version than listed.
fn other_version(
    context: &Context<'_>,
    mission: &MissionModel,
    listed: &PlannedShip,
    brought: &PlannedShip,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let ship = &context.content.ships[listed.ship].item;
    diagnostics.push(
        Diagnostic::new(
            Code::NotMissionFleet,
            format!(
                "the mission selects `{}` in its {} version, not {}",
                ship.name,
                listed.level.name(),
                brought.level.name()
            ),
        )
        .at(context.at(file, &format!("{}/version", brought.pointer)))
        .label(format!("write `version = \"{}\"`", listed.level.name()))
        .note(context.at(mission.file, &listed.pointer), "selected here"),
    );
}

/// The ships of the mission's list a build lacks, told once at its ships
/// in the mission's order: they all lack one fix, and each told on its
/// own would be one more error at the same place.
fn lacking_listed_ships(
    context: &Context<'_>,
    mission: &MissionModel,
    lacking: &[&PlannedShip],
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let named: Vec<String> = lacking
        .iter()
        .map(|listed| {
            format!(
                "{} `{}`",
                listed.level.name(),
                context.content.ships[listed.ship].item.name
            )
        })
        .collect();
    let diagnostic = match named.as_slice() {
        [] => return,
        [one] => Diagnostic::new(
            Code::NotMissionFleet,
            format!("the mission selects {one}, which this fleet lacks"),
        )
        .label("missing a mission-selected ship"),
        [init @ .., last] => Diagnostic::new(
            Code::NotMissionFleet,
            format!(
                "the mission selects {} this fleet lacks: {} and {last}",
                count(named.len() as u32, "ship"),
                init.join(", ")
            ),
        )
        .label(format!("missing {} mission-selected ships", named.len())),
    };
    let diagnostic = lacking.iter().fold(
        diagnostic.at(context.key_at(file, "/ships")),
        |diagnostic, listed| {
            diagnostic.note(context.at(mission.file, &listed.pointer), "selected here")
        },
    );
    diagnostics.push(diagnostic);
}

/// A build's ships against the mission's list: the same ships in the same
/// versions when the mission selects the fleet, at least its ships when
/// combined. With an entry left out (`complete` false), a listed ship the
/// build lacks may be that entry, and is not told.
fn same_ships(
    context: &Context<'_>,
    mission: &MissionModel,
    player: usize,
    ships: &[PlannedShip],
    complete: bool,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let selection = context.content.missions[mission.mission].item.players[player]
        .fleet
        .selection;
    if selection == Selection::Player {
        return;
    }
    let listed = &mission.players[player].ships;
    let mut lacking = Vec::new();
    for planned in listed {
        match ships.iter().find(|s| s.ship == planned.ship) {
            Some(brought) if brought.level != planned.level => {
                other_version(context, mission, planned, brought, file, diagnostics);
            }
            // With an entry left out, a lacking ship may be that entry.
            None if complete => lacking.push(planned),
            Some(_) | None => {}
        }
    }
    lacking_listed_ships(context, mission, &lacking, file, diagnostics);
    // With an entry of the mission's list naming no ship card, any ship
    // of the build may be the one it meant.
    if selection == Selection::Combined || !mission.players[player].ships_named {
        return;
    }
    for planned in ships {
        // A listed ship in another version is reported above.
        if !listed.iter().any(|l| l.ship == planned.ship) {
            let ship = &context.content.ships[planned.ship].item;
            diagnostics.push(
                Diagnostic::new(
                    Code::NotMissionFleet,
                    format!("the mission does not select `{}`", ship.name),
                )
                .at(context.at(file, &format!("{}/ship", planned.pointer)))
                .label("not in the mission's list")
                .help("this mission selects every ship: bring exactly its list"),
            );
        }
    }
}

/// A build's deck against the mission's list: the same cards and counts
/// when the mission selects the deck, at least its cards when combined.
/// With an entry left out or naming no tactic card (`complete` false),
/// only more copies than the list's are told: the entry may hold the ones
/// short. With an entry of the mission's list naming no tactic card, only
/// fewer copies are: that entry may select the ones over.
fn same_deck(
    context: &Context<'_>,
    mission: &MissionModel,
    deck_model: &crate::model::DeckModel,
    deck: &[PlannedCard],
    complete: bool,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let total = |cards: &[PlannedCard], tactic: usize| {
        cards
            .iter()
            .filter(|c| c.tactic == tactic)
            .map(|c| c.count)
            .sum::<u32>()
    };
    let combined = deck_model.rule.selection == Selection::Combined;
    let listed_named = deck_model.cards.len() == deck_model.rule.cards.len();
    // The mission's cards in its order, then the build's others in its.
    let mut tactics: Vec<usize> = Vec::new();
    for card in deck_model.cards.iter().chain(deck) {
        if !tactics.contains(&card.tactic) {
            tactics.push(card.tactic);
        }
    }
    for tactic in tactics {
        let (wanted, have) = (total(&deck_model.cards, tactic), total(deck, tactic));
        if wanted == have
            || ((combined || !listed_named) && have > wanted)
            || (!complete && have < wanted)
        {
            continue;
        }
        let name = &context.content.tactics[tactic].item.name;
        let message = match (wanted, have) {
            (0, _) => format!("the mission does not select `{name}`, and this deck has {have}"),
            (_, 0) => format!("the mission selects {wanted} of `{name}`, and this deck has none"),
            _ if combined => {
                format!("the mission selects {wanted} of `{name}`, this deck has only {have}")
            }
            _ => format!("the mission selects {wanted} of `{name}`, this deck has {have}"),
        };
        // At the build's counts of the card, or at the deck when it has none.
        let lines: Vec<&PlannedCard> = deck.iter().filter(|c| c.tactic == tactic).collect();
        let at = lines.first().map_or_else(
            || context.key_at(file, "/deck"),
            |card| context.at(file, &format!("{}/count", card.pointer)),
        );
        let listed_at = deck_model
            .cards
            .iter()
            .find(|c| c.tactic == tactic)
            .map_or_else(
                || context.key_at(mission.file, &format!("{}/cards", deck_model.pointer)),
                |card| context.at(mission.file, &card.pointer),
            );
        let diagnostic = Diagnostic::new(Code::NotMissionFleet, message)
            .at(at)
            .label(match lines.first() {
                None => "not in this deck".to_owned(),
                Some(card) => format!("{} here", card.count),
            });
        let diagnostic = lines.iter().skip(1).fold(diagnostic, |diagnostic, card| {
            diagnostic.note(
                context.at(file, &format!("{}/count", card.pointer)),
                format!("{} here", card.count),
            )
        });
        diagnostics.push(diagnostic.note(listed_at, "the mission's list"));
    }
}

/// Whether a seat of `faction` may field an item, by the items' factions
/// (`None`: of none) and the mission's exceptions; any item when the
/// seat's faction is unknown.
fn may_field<'a>(
    faction: Option<usize>,
    factions: &'a [Option<usize>],
    exceptions: &'a [usize],
) -> impl Fn(usize) -> bool + 'a {
    move |item| {
        faction.is_none()
            || factions[item].is_none_or(|of| Some(of) == faction)
            || exceptions.contains(&item)
    }
}
