//! `fleet check`: a player's fleet build checked against one seat of a
//! mission, with the same build rules as mission-selected fleets, plus the
//! rules only a build can break (matching a mission-selected list, prepped
//! ships present, transport loadouts).

use serde::Serialize;
use spacedock_schema::fleet::FleetSource;
use spacedock_schema::mission::Selection;

use crate::check::build::{self, Build};
use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{MissionModel, Model, PlannedCard, PlannedShip, Ref};
use crate::resolve::ItemKind;
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

/// A legal build's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FleetSummary {
    pub mission: String,
    pub player: String,
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
    pub capacity: u32,
    pub used: u32,
    pub carried: Vec<String>,
}

pub(crate) fn check(
    context: &Context<'_>,
    model: &Model,
    fleet: &FleetSource,
    file: FileId,
    mission_text: &str,
    selector: &PlayerSelector,
    diagnostics: &mut Diagnostics,
) -> Option<FleetSummary> {
    let mission = find_mission(context, model, mission_text, diagnostics)?;
    let source = &context.content.missions[mission.mission].item;
    let player = find_player(source, selector, diagnostics)?;
    let player_model = &mission.players[player];
    let player_source = &source.players[player];
    let at = |pointer: &str| context.at(file, pointer);

    let faction = context.index.resolve(
        ItemKind::Faction,
        &fleet.faction,
        &at("/faction"),
        diagnostics,
    );
    if faction.is_some() && player_model.faction.is_some() && faction != player_model.faction {
        diagnostics.push(
            Diagnostic::new(
                Code::WrongFaction,
                format!(
                    "this fleet is {}, but `{}` commands {}",
                    fleet.faction, player_source.name, player_source.faction
                ),
            )
            .at(at("/faction"))
            .label("another faction")
            .help(format!(
                "pick the seat of a {} player with `--player`",
                fleet.faction
            )),
        );
    }

    let ships: Vec<PlannedShip> = fleet
        .ships
        .iter()
        .enumerate()
        .filter_map(|(i, entry)| {
            let pointer = format!("/ships/{i}");
            let ship = context.index.resolve(
                ItemKind::Ship,
                &entry.ship,
                &at(&format!("{pointer}/ship")),
                diagnostics,
            )?;
            let transport = entry
                .transport
                .iter()
                .enumerate()
                .filter_map(|(j, carried)| {
                    let carried_pointer = format!("{pointer}/transport/{j}");
                    context
                        .index
                        .resolve(ItemKind::Ship, carried, &at(&carried_pointer), diagnostics)
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
                .resolve(
                    ItemKind::Tactic,
                    &entry.card,
                    &at(&format!("{pointer}/card")),
                    diagnostics,
                )
                .map(|tactic| PlannedCard {
                    tactic,
                    count: entry.count,
                    pointer,
                })
        })
        .collect();

    if player_source.fleet.selection == Selection::Mission {
        same_ships(context, mission, player, &ships, file, diagnostics);
    } else if player_source.fleet.selection == Selection::Combined {
        for listed in &player_model.ships {
            if !ships
                .iter()
                .any(|s| s.ship == listed.ship && s.level == listed.level)
            {
                missing_listed_ship(context, mission, listed, file, diagnostics);
            }
        }
    }
    let build = Build {
        file,
        ships: &ships,
        anchor: "/ships".to_owned(),
    };
    let fleet_cost = build::check_fleet(context, model, mission, player, &build, diagnostics);
    build::attachments(context, model, mission, player, Some(&ships), diagnostics);

    let deck_model = player_model.deck.map(|d| &mission.decks[d]);
    let mut deck_size = 0;
    if let Some(deck_model) = deck_model {
        if deck_model.rule.selection == Selection::Mission && fleet.deck.is_empty() {
            // The mission's own list, already checked with the pack.
            deck_size = deck_model.cards.iter().map(|c| c.count).sum();
        } else {
            if deck_model.rule.selection == Selection::Mission {
                same_deck(context, mission, deck_model, &deck, file, diagnostics);
            }
            let expected = build::expected_deck_size(context, mission, deck_model);
            deck_size = build::check_deck(
                context,
                model,
                mission,
                deck_model,
                &deck,
                file,
                "/deck",
                expected,
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
                capacity: build::version(carrier, s.level)
                    .and_then(|v| v.capacity)
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
            }
        })
        .collect();
    Some(FleetSummary {
        mission: source.name.clone(),
        player: player_source.name.clone(),
        fleet_cost,
        budget: player_source.fleet.fleet_cost,
        deck_size,
        transport,
    })
}

fn find_mission<'m>(
    context: &Context<'_>,
    model: &'m Model,
    text: &str,
    diagnostics: &mut Diagnostics,
) -> Option<&'m MissionModel> {
    let found = context.index.lookup_quiet(ItemKind::Mission, text);
    let mission = found.and_then(|m| model.mission(m));
    if mission.is_none() {
        let ids = (0..context.content.missions.len())
            .map(|m| context.index.id(ItemKind::Mission, m))
            .collect::<Vec<_>>();
        diagnostics.push(
            Diagnostic::new(Code::UnknownReference, format!("no mission named `{text}`"))
                .maybe_help(
                    did_you_mean(text, ids.iter().copied())
                        .or_else(|| Some(format!("missions: {}", ids.join(", ")))),
                ),
        );
    }
    mission
}

fn find_player(
    source: &spacedock_schema::mission::MissionSource,
    selector: &PlayerSelector,
    diagnostics: &mut Diagnostics,
) -> Option<usize> {
    let found = match selector {
        PlayerSelector::Number(n) => n.checked_sub(1).filter(|&i| i < source.players.len()),
        PlayerSelector::Name(name) => source.players.iter().position(|p| &p.name == name),
    };
    if found.is_none() {
        let seats: Vec<String> = source
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} `{}`", i + 1, p.name))
            .collect();
        let asked = match selector {
            PlayerSelector::Number(n) => n.to_string(),
            PlayerSelector::Name(name) => format!("`{name}`"),
        };
        diagnostics.push(
            Diagnostic::new(
                Code::UnknownReference,
                format!("`{}` has no player {asked}", source.name),
            )
            .help(format!("its players: {}", seats.join(", "))),
        );
    }
    found
}

fn missing_listed_ship(
    context: &Context<'_>,
    mission: &MissionModel,
    listed: &PlannedShip,
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let ship = &context.content.ships[listed.ship].item;
    diagnostics.push(
        Diagnostic::new(
            Code::NotMissionFleet,
            format!(
                "the mission selects {} `{}`, which this fleet lacks",
                listed.level.name(),
                ship.name
            ),
        )
        .at(context.key_at(file, "/ships"))
        .label("missing a mission-selected ship")
        .note(context.at(mission.file, &listed.pointer), "selected here"),
    );
}

fn same_ships(
    context: &Context<'_>,
    mission: &MissionModel,
    player: usize,
    ships: &[PlannedShip],
    file: FileId,
    diagnostics: &mut Diagnostics,
) {
    let listed = &mission.players[player].ships;
    for planned in listed {
        if !ships
            .iter()
            .any(|s| s.ship == planned.ship && s.level == planned.level)
        {
            missing_listed_ship(context, mission, planned, file, diagnostics);
        }
    }
    for planned in ships {
        if !listed
            .iter()
            .any(|l| l.ship == planned.ship && l.level == planned.level)
        {
            let ship = &context.content.ships[planned.ship].item;
            diagnostics.push(
                Diagnostic::new(
                    Code::NotMissionFleet,
                    format!(
                        "the mission does not select {} `{}`",
                        planned.level.name(),
                        ship.name
                    ),
                )
                .at(context.at(file, &planned.pointer))
                .label("not in the mission's list")
                .help("this mission selects every ship: bring exactly its list"),
            );
        }
    }
}

fn same_deck(
    context: &Context<'_>,
    mission: &MissionModel,
    deck_model: &crate::model::DeckModel,
    deck: &[PlannedCard],
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
    let mut tactics: Vec<usize> = deck_model
        .cards
        .iter()
        .chain(deck)
        .map(|c| c.tactic)
        .collect();
    tactics.sort_unstable();
    tactics.dedup();
    for tactic in tactics {
        let (wanted, have) = (total(&deck_model.cards, tactic), total(deck, tactic));
        if wanted != have {
            let name = &context.content.tactics[tactic].item.name;
            diagnostics.push(
                Diagnostic::new(
                    Code::NotMissionFleet,
                    format!("the mission selects {wanted} of `{name}`, this deck has {have}"),
                )
                .at(context.key_at(file, "/deck"))
                .label("differs from the mission's deck")
                .note(
                    context.key_at(mission.file, &format!("{}/cards", deck_model.pointer)),
                    "the mission's list",
                ),
            );
        }
    }
}
