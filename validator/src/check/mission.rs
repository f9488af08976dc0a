//! A mission's setup: its boards join, its players can be seated, every
//! obstacle, tile and starting ship lies on usable hexes without overlapping,
//! the discovery draw can be laid out, and some side can win.

use std::collections::{BTreeMap, HashMap, HashSet};

use spacedock_schema::bundle::Battlefield;
use spacedock_schema::common::Coord;
use spacedock_schema::mission::{Face, MissionSource, Selection};
use spacedock_schema::rules::{DiscoveryTile, Obstacle};

use crate::check::{and_list, count, duplicate_names};
use crate::codes::Code;
use crate::context::Context;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::geometry::{BattleMap, connected, is_footprint, unqualified};
use crate::model::{MissionModel, Model};

pub(crate) fn check(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    diagnostics: &mut Diagnostics,
) {
    let source = &context.content.missions[mission.mission].item;
    board_join(context, mission, source, diagnostics);
    seating(context, mission, source, diagnostics);
    seat_names(context, mission, source, diagnostics);
    let teams: Vec<&str> = source.teams.iter().map(|t| t.name.as_str()).collect();
    duplicate_names(
        context,
        mission.file,
        &teams,
        |i| format!("/teams/{i}/name"),
        "teams",
        "give each team a name of its own: players join the first team of their `team`, so the second would have no players",
        diagnostics,
    );
    rule_names(context, mission, source, diagnostics);
    starting_energy(context, mission, source, diagnostics);
    // The alternatives won by destroying a ship no opponent can field.
    let never: Vec<usize> = (0..source.victory.alternatives.len())
        .filter(|&i| {
            never_destroyed(
                context,
                model,
                mission,
                source,
                &source.victory.alternatives[i],
            )
        })
        .collect();
    if !no_victory(context, mission, source, &never, diagnostics) {
        unreachable_victories(context, mission, source, &never, diagnostics);
    }
    components(context, mission, source, diagnostics);
    let Some(map) = &mission.map else { return };
    placement(context, model, mission, source, map, diagnostics);
    zones_overlap(context, mission, source, diagnostics);
    launched_fleets_fit(context, mission, source, map, diagnostics);
}

/// A mission read in part (see `Content::partial_missions`): what does
/// not weigh its players and teams against each other, so that its
/// boards, seats' names, placement and zones are told in the same run as
/// its broken part. Its sides, victory, starting energy (a seat's may be
/// its left-out team's pool) and whether its fleets fit their zones wait
/// until the part is mended.
pub(crate) fn check_in_part(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    board_join(context, mission, source, diagnostics);
    seat_names(context, mission, source, diagnostics);
    rule_names(context, mission, source, diagnostics);
    components(context, mission, source, diagnostics);
    if let Some(map) = &mission.map {
        placement(context, model, mission, source, map, diagnostics);
    }
}

/// Two special rules of one name.
fn rule_names(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    let rules: Vec<&str> = source
        .special_rules
        .iter()
        .map(|r| r.name.as_str())
        .collect();
    duplicate_names(
        context,
        mission.file,
        &rules,
        |i| format!("/special_rules/{i}/name"),
        "special rules",
        "give each rule a name of its own: scenarios and the simulator's victory point table name a rule by it",
        diagnostics,
    );
}

/// Where a laid-out mission puts things: the battlefield's size, its
/// obstacles and tiles, its own zones and its starting ships.
fn placement(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    source: &MissionSource,
    map: &BattleMap,
    diagnostics: &mut Diagnostics,
) {
    battlefield_size(context, mission, map, diagnostics);
    let mut occupied: HashMap<Coord, (Location, String)> = HashMap::new();
    obstacles(context, mission, source, map, &mut occupied, diagnostics);
    discovery(context, mission, source, map, &mut occupied, diagnostics);
    mission_zones(context, mission, source, map, diagnostics);
    starting_ships(context, model, mission, source, map, &occupied, diagnostics);
}

/// A player's or a team's own starting energy within the ruleset's bounds, as the
/// ruleset's is (energy outside them would be clamped at the first gain).
fn starting_energy(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    let (min, max) = (context.rules.energy_min, context.rules.energy_max);
    // Bounds that contradict each other are the ruleset's error (SD0207).
    if min > max {
        return;
    }
    // A seat whose team shares a pool starts with the pool's energy.
    let pooled = |seat: usize| {
        let team = &mission.teams[mission.players[seat].team].name;
        source
            .teams
            .iter()
            .any(|t| t.name == *team && t.shared_energy.is_some())
    };
    let players = source
        .players
        .iter()
        .enumerate()
        .filter(|(seat, _)| !pooled(*seat))
        .filter_map(|(seat, player)| {
            let energy = player.starting_energy?;
            let who = format!("`{}`", player.name);
            Some((who, energy, format!("/players/{seat}/starting_energy")))
        });
    let teams = source.teams.iter().enumerate().filter_map(|(index, team)| {
        let energy = team.shared_energy.as_ref()?.starting_energy;
        let pointer = format!("/teams/{index}/shared_energy/starting_energy");
        Some((format!("team `{}`", team.name), energy, pointer))
    });
    for (who, energy, pointer) in players.chain(teams) {
        if !(min..=max).contains(&energy) {
            diagnostics.push(
                Diagnostic::new(
                    Code::InvalidRuleset,
                    format!(
                        "{who} starts with {energy} energy, outside the ruleset's energy bounds, {min} to {max}"
                    ),
                )
                .at(context.at(mission.file, &pointer))
                .label("outside the energy bounds")
                .help("energy never goes below energy_min or above energy_max (rules.toml)"),
            );
        }
    }
}

fn board_join(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    if !(1..=2).contains(&source.boards.len()) {
        diagnostics.push(
            Diagnostic::new(
                Code::BoardJoin,
                format!(
                    "a mission uses 1 or 2 gameboards, not {}",
                    source.boards.len()
                ),
            )
            .at(context.at(mission.file, "/boards"))
            .label("one or two boards")
            .help("a set has two gameboards; a second one is joined below the first"),
        );
        return;
    }
    if let [first, second] = mission.boards[..] {
        let (a, b) = (
            &context.content.boards[first].item,
            &context.content.boards[second].item,
        );
        if a.columns != b.columns {
            diagnostics.push(
                Diagnostic::new(
                    Code::BoardJoin,
                    format!(
                        "boards `{}` ({} columns) and `{}` ({} columns) cannot be joined",
                        a.name, a.columns, b.name, b.columns
                    ),
                )
                .at(context.at(mission.file, "/boards"))
                .label("different widths")
                .help(
                    "joined boards share their long edge, so they need the same number of columns",
                ),
            );
        }
        // Boards join where their rows of half hexes meet and make one row
        // of whole spaces: a board without that border has none to lend.
        for board in [a, b].into_iter().filter(|board| !board.half_hex_border) {
            diagnostics.push(
                Diagnostic::new(
                    Code::BoardJoin,
                    format!(
                        "board `{}` has no half-hex border, so it cannot be joined",
                        board.name
                    ),
                )
                .at(context.at(mission.file, "/boards"))
                .label("no half hexes to join at")
                .help("joined boards meet where the half hexes of their edges make one row of whole spaces; give it `half_hex_border = true`, or play it alone"),
            );
        }
    }
}

/// The engine numbers a ship's positions with 16 bits: a battlefield past
/// [`Battlefield::MAX_HEXES`] compiles into a bundle no game can be set up
/// from.
fn battlefield_size(
    context: &Context<'_>,
    mission: &MissionModel,
    map: &BattleMap,
    diagnostics: &mut Diagnostics,
) {
    let hexes = u64::from(map.columns) * u64::from(map.rows);
    if hexes > u64::from(Battlefield::MAX_HEXES) {
        diagnostics.push(
            Diagnostic::new(
                Code::BattlefieldTooLarge,
                format!(
                    "the battlefield is {} columns by {} rows, {hexes} hexes; games are played on at most {}",
                    map.columns,
                    map.rows,
                    Battlefield::MAX_HEXES
                ),
            )
            .at(context.at(mission.file, "/boards"))
            .label("too many hexes")
            .help("use smaller gameboards (104 by 105 hexes, or 2 joined boards of 104 by 53, fit)"),
        );
    }
}

/// A seat is named on the command line (`--fleet`, `--player`) and in
/// special rules' `for`: one name must mean one seat.
fn seat_names(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    for (seat, player) in source.players.iter().enumerate() {
        if let Some(first) = source.players[..seat]
            .iter()
            .position(|other| other.name == player.name)
        {
            diagnostics.push(
                Diagnostic::new(
                    Code::Seating,
                    format!("two players are named `{}`", player.name),
                )
                .at(context.at(mission.file, &format!("/players/{seat}/name")))
                .label(format!("the name of player {}", first + 1))
                .help("give each player a name of its own: commands and special rules name seats by it"),
            );
        }
    }
}

fn seating(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    let at = context.key_at(mission.file, "/players");
    if source.players.len() < 2
        || mission
            .teams
            .iter()
            .filter(|t| !t.players.is_empty())
            .count()
            < 2
    {
        diagnostics.push(
            Diagnostic::new(Code::Seating, "a mission needs at least two sides")
                .at(at)
                .label(format!("{} and {}", count(source.players.len() as u64, "player"), count(mission.teams.len() as u64, "team")))
                .help("players of different factions play for different teams unless `team` says otherwise"),
        );
        return;
    }
    // Teammates sit next to each other: around the table, each team's
    // seats form one run.
    let team_of: Vec<usize> = mission.players.iter().map(|p| p.team).collect();
    for team in &mission.teams {
        if team.players.len() < 2 {
            continue;
        }
        let runs = (0..team_of.len())
            .filter(|&seat| {
                team_of[seat] == mission.players[team.players[0]].team
                    && team_of[(seat + team_of.len() - 1) % team_of.len()] != team_of[seat]
            })
            .count();
        if runs > 1 {
            let names: Vec<&str> = team
                .players
                .iter()
                .map(|&p| source.players[p].name.as_str())
                .collect();
            diagnostics.push(
                Diagnostic::new(
                    Code::Seating,
                    format!(
                        "teammates of `{}` are not seated next to each other",
                        team.name
                    ),
                )
                .at(context.key_at(mission.file, &mission.players[team.players[1]].pointer))
                .label("seated apart from a teammate")
                .help(format!(
                    "list {} one after another in `players` (the seating order)",
                    names
                        .iter()
                        .map(|name| format!("`{name}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
        }
    }
}

/// Whether an alternative is won by destroying a ship card no opponent
/// of its team can field (so it never comes about). An unknown ship or
/// team is another check's error, not this one.
fn never_destroyed(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    source: &MissionSource,
    alternative: &spacedock_schema::mission::AlternativeWin,
) -> bool {
    let Some(ship) = alternative.destroy_ship.as_deref() else {
        return false;
    };
    let Some(item) = context
        .index
        .lookup_quiet(crate::resolve::ItemKind::Ship, ship)
    else {
        return false;
    };
    let Some(team) = mission.team_named(context, &alternative.team) else {
        return false;
    };
    !mission
        .players
        .iter()
        .enumerate()
        .any(|(p, player)| player.team != team && fields(model, player, &source.players[p], item))
}

/// Victory conditions of a mission that can be won that never decide a
/// game: an alternative won by destroying a ship no opponent fields, and
/// a team's points goal above another goal of that team (the lower one is
/// always reached first). A mission no side can win is SD0610's.
fn unreachable_victories(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    never: &[usize],
    diagnostics: &mut Diagnostics,
) {
    let victory = &source.victory;
    for &i in never {
        let alternative = &victory.alternatives[i];
        let ship = alternative.destroy_ship.as_deref().unwrap_or_default();
        diagnostics.push(
            Diagnostic::new(
                Code::UnreachableVictory,
                format!(
                    "team `{}` wins by destroying `{ship}`, which no opposing fleet can hold",
                    alternative.team
                ),
            )
            .at(context.at(
                mission.file,
                &format!("/victory/alternatives/{i}/destroy_ship"),
            ))
            .label("never on the other side")
            .help("name a ship an opponent of the team fields, or put it in an opposing fleet"),
        );
    }
    // Goals of one team, however they name it.
    let same_team = |a: &str, b: &str| match (
        mission.team_named(context, a),
        mission.team_named(context, b),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => a == b,
    };
    for (i, goal) in victory.points.iter().enumerate() {
        // The team's deciding goal: its lowest, the first of equal ones.
        let Some((first, deciding)) = victory
            .points
            .iter()
            .enumerate()
            .filter(|(_, other)| same_team(&other.team, &goal.team))
            .min_by_key(|(j, other)| (other.threshold, *j))
        else {
            continue;
        };
        if first == i {
            continue;
        }
        diagnostics.push(
            Diagnostic::new(
                Code::UnreachableVictory,
                format!(
                    "team `{}` has two victory point goals, {} and {}: the first reached decides",
                    goal.team, deciding.threshold, goal.threshold
                ),
            )
            .at(context.at(mission.file, &format!("/victory/points/{i}/threshold")))
            .label(format!("{} points win first", deciding.threshold))
            .help("give each team one goal"),
        );
    }
}

/// SD0610, when no side can win; whether it was told. An alternative won
/// by destroying a ship no opponent can field (`never`, by index) never
/// comes about; one without a ship is won by the mission's own rules.
fn no_victory(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    never: &[usize],
    diagnostics: &mut Diagnostics,
) -> bool {
    let victory = &source.victory;
    if victory.destroy_all || !victory.points.is_empty() || never.len() < victory.alternatives.len()
    {
        return false;
    }
    let never: Vec<&str> = never
        .iter()
        .filter_map(|&i| victory.alternatives[i].destroy_ship.as_deref())
        .collect();
    let (label, help) = if never.is_empty() {
        (
            "no victory condition".to_owned(),
            "keep `destroy_all = true`, or add `points` goals or `alternatives`",
        )
    } else {
        (
            format!("no opposing fleet can hold `{}`", never.join("`, `")),
            "put the ship in an opposing fleet, or keep `destroy_all = true`",
        )
    };
    diagnostics.push(
        Diagnostic::new(
            Code::NoVictory,
            format!("no side can win `{}`", source.name),
        )
        .at(context.key_at(mission.file, "/victory"))
        .label(label)
        .help(help),
    );
    true
}

/// Whether a player's fleet may hold a ship card: the mission lists or
/// requires it (or its list has an entry naming no ship card, which may
/// mean it), or the player chooses ships of its faction and the mission
/// does not forbid it.
pub(crate) fn fields(
    model: &Model,
    player: &crate::model::PlayerModel,
    source: &spacedock_schema::mission::Player,
    ship: usize,
) -> bool {
    let listed = !player.ships_named
        || player.ships.iter().any(|planned| planned.ship == ship)
        || player.required.iter().any(|required| required.item == ship);
    let chosen = source.fleet.selection != Selection::Mission
        && (model.ship_factions[ship].is_some_and(|f| Some(f) == player.faction)
            || player.ship_exceptions.contains(&ship))
        && !player
            .forbidden
            .iter()
            .any(|forbidden| forbidden.item == ship);
    listed || chosen
}

fn components(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    let set = &context.rules.components;
    // Owning more sets (`--sets`) means more tiles to lay out.
    for (kind, available) in [
        (Obstacle::Asteroid, context.owned(set.asteroids)),
        (Obstacle::DebrisField, context.owned(set.debris_fields)),
    ] {
        let used = source.obstacles.iter().filter(|o| o.kind == kind).count() as u32;
        if used > available {
            diagnostics.push(
                Diagnostic::new(
                    Code::Components,
                    format!(
                        "the mission places {} but the collection has {available}",
                        count(used, kind.name())
                    ),
                )
                .at(context.key_at(mission.file, "/obstacles"))
                .label("more than the collection holds")
                .help("pass `--sets N` if you own more sets, or change the ruleset's `components`"),
            );
        }
    }
    // A set holds one of each ship card: fleets the mission selects for
    // several players share the collection ("If you have multiple copies
    // of the game, you and your opponent can have the same named ship").
    let mut fielded: BTreeMap<usize, u32> = BTreeMap::new();
    for (p, player) in mission.players.iter().enumerate() {
        if source.players[p].fleet.selection == Selection::Player {
            continue;
        }
        // A ship listed twice in one fleet is that fleet's error (SD0302).
        for (i, planned) in player.ships.iter().enumerate() {
            if player.ships[..i]
                .iter()
                .any(|other| other.ship == planned.ship)
            {
                continue;
            }
            let times = fielded.entry(planned.ship).or_default();
            *times += 1;
            let available = context.owned(1);
            if *times == available + 1 {
                let name = &context.content.ships[planned.ship].item.name;
                diagnostics.push(
                    Diagnostic::new(
                        Code::Components,
                        format!(
                            "the mission puts `{name}` in {} but the collection has {}",
                            count(*times, "fleet"),
                            count(available, "copy")
                        ),
                    )
                    .at(context.at(mission.file, &format!("{}/ship", planned.pointer)))
                    .label("one fleet too many")
                    .help("pass `--sets N` if you own more sets"),
                );
            }
        }
    }
    // The same for tactic cards: the decks the mission lists, and the cards
    // it preps, share the collection's copies of a card. Too many for one
    // deck (its prepped cards included) is SD0305's.
    // Per card: per deck, its copies and the pointer of its last entry;
    // and the prepped copies with the last prep's pointer.
    let mut dealt: BTreeMap<usize, BTreeMap<usize, (u32, Option<&str>)>> = BTreeMap::new();
    let mut prepped_copies: BTreeMap<usize, (u32, &str)> = BTreeMap::new();
    for (index, deck) in mission.decks.iter().enumerate() {
        if deck.rule.selection == Selection::Player {
            continue;
        }
        for planned in &deck.cards {
            let entry = dealt
                .entry(planned.tactic)
                .or_default()
                .entry(index)
                .or_default();
            entry.0 += planned.count;
            entry.1 = Some(planned.pointer.as_str());
        }
    }
    for player in &mission.players {
        let Some(deck) = player.deck else { continue };
        for prepped in &player.prepped {
            if let Some(tactic) = prepped.tactic {
                dealt.entry(tactic).or_default().entry(deck).or_default().0 += 1;
                let copies = prepped_copies.entry(tactic).or_insert((0, ""));
                copies.0 += 1;
                copies.1 = prepped.pointer.as_str();
            }
        }
    }
    for (tactic, decks) in dealt {
        let card = &context.content.tactics[tactic].item;
        let available = context.owned(card.copies);
        let total: u32 = decks.values().map(|(copies, _)| copies).sum();
        let one_deck_over = decks.values().any(|(copies, _)| *copies > available);
        let prepped = prepped_copies.get(&tactic).copied();
        // Where the mission lists it last, or else preps it last.
        let at = match decks.values().rev().find_map(|(_, at)| *at) {
            Some(entry) => format!("{entry}/count"),
            None => match prepped {
                Some((_, prep)) => format!("{prep}/card"),
                None => continue,
            },
        };
        if total > available && decks.len() > 1 && !one_deck_over {
            let with_prepped = match prepped {
                Some((copies, _)) => format!(" ({copies} of them prepped)"),
                None => String::new(),
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::Components,
                    format!(
                        "the mission's decks hold {total} copies of `{}`{with_prepped} but the collection has {available}",
                        card.name
                    ),
                )
                .at(context.at(mission.file, &at))
                .label(format!("{total} > {available} across {}", count(decks.len() as u32, "deck")))
                .help("pass `--sets N` if you own more sets"),
            );
        }
    }
    let mut placed: BTreeMap<DiscoveryTile, u32> = BTreeMap::new();
    for tile in &source.discovery.tiles {
        *placed.entry(tile.tile).or_default() += 1;
    }
    for (tile, used) in placed {
        let available = context.owned(set.discovery_tiles.get(&tile).copied().unwrap_or(0));
        if used > available {
            diagnostics.push(
                Diagnostic::new(
                    Code::Components,
                    format!(
                        "the mission places {} but the collection has {available}",
                        count(used, tile.name())
                    ),
                )
                .at(context.key_at(mission.file, "/discovery/tiles"))
                .label("more than the collection holds"),
            );
        }
    }
}

/// The mission's own zones: each row and cell on a usable hex, at least
/// one hex, and a name no board zone or earlier mission zone has.
fn mission_zones(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    map: &BattleMap,
    diagnostics: &mut Diagnostics,
) {
    for (z, zone) in source.zones.iter().enumerate() {
        let pointer = format!("/zones/{z}");
        // On joined boards a board's zone is `N:name`: its plain name is
        // taken too, or the mission's zone would pass for it.
        let board_zones = &map.zones[..map.board_zones];
        let clash = board_zones
            .iter()
            .find(|(name, _)| *name == zone.name)
            .or_else(|| {
                board_zones
                    .iter()
                    .find(|(name, _)| unqualified(name) == zone.name)
            });
        let taken_by_board = clash.is_some();
        let taken_before = source.zones[..z]
            .iter()
            .any(|other| other.name == zone.name);
        if taken_by_board || taken_before {
            let (whose, help) = if let Some((board_zone, _)) = clash {
                (
                    if *board_zone == zone.name {
                        "a zone of the mission's gameboard".to_owned()
                    } else {
                        format!("the gameboards' zone `{board_zone}`")
                    },
                    "give the mission's zone a name of its own; missions name a board's zones as they are",
                )
            } else {
                (
                    "another zone of the mission".to_owned(),
                    "give each of the mission's zones a name of its own",
                )
            };
            diagnostics.push(
                Diagnostic::new(
                    Code::MissionZone,
                    format!("zone `{}` has the name of {whose}", zone.name),
                )
                .at(context.at(mission.file, &format!("{pointer}/name")))
                .label("name in use")
                .help(help),
            );
        }
        if let Some(reserved) = super::board::reserved_zone_name(&zone.name) {
            diagnostics.push(
                Diagnostic::new(Code::MissionZone, reserved)
                    .at(context.at(mission.file, &format!("{pointer}/name")))
                    .label("a word of the power language")
                    .help(super::board::RESERVED_ZONE_HELP),
            );
        }
        let mut reported = false;
        for (i, &row) in zone.rows.iter().enumerate() {
            let at = context.at(mission.file, &format!("{pointer}/rows/{i}"));
            if !(1..=map.rows).contains(&row) {
                reported = true;
                diagnostics.push(
                    Diagnostic::new(
                        Code::OffBoard,
                        format!(
                            "zone `{}` names row {row}, but the battlefield has {} rows",
                            zone.name, map.rows
                        ),
                    )
                    .at(at)
                    .label("no such row"),
                );
            } else if (1..=map.columns).all(|column| map.half_hexes.contains(&[column, row])) {
                reported = true;
                diagnostics.push(
                    Diagnostic::new(
                        Code::HalfHex,
                        format!(
                            "zone `{}` names row {row}, which is all half hexes",
                            zone.name
                        ),
                    )
                    .at(at)
                    .label("no usable hex in this row"),
                );
            }
        }
        let what = format!("zone `{}` hex", zone.name);
        let at = |i| context.at(mission.file, &format!("{pointer}/cells/{i}"));
        reported |=
            usable_hexes(context, map, &zone.cells, at, &what, diagnostics).contains(&false);
        // Hexes left unread for their shape are no empty zone.
        let unread = ["rows", "cells"].iter().any(|key| {
            context
                .content
                .stood_in(mission.file, &format!("{pointer}/{key}"))
        });
        let empty = map.zone(&zone.name).is_none_or(<[Coord]>::is_empty);
        if !reported && !taken_by_board && !taken_before && empty && !unread {
            diagnostics.push(
                Diagnostic::new(
                    Code::MissionZone,
                    format!("zone `{}` has no hex", zone.name),
                )
                .at(context.at(mission.file, &format!("{pointer}/name")))
                .label("empty zone")
                .help("give the zone `rows` or `cells` of the battlefield, in battlefield coordinates"),
            );
        }
    }
}

/// Which of an item's hexes are usable, reporting only the first off the
/// battlefield and the first on a half hex (with how many more are): a
/// board smaller than a mission expects would otherwise get one report per
/// hex of every item.
fn usable_hexes(
    context: &Context<'_>,
    map: &BattleMap,
    cells: &[Coord],
    at: impl Fn(usize) -> Location,
    what: &str,
    diagnostics: &mut Diagnostics,
) -> Vec<bool> {
    let off: Vec<bool> = cells.iter().map(|&cell| !map.contains(cell)).collect();
    let half: Vec<bool> = cells
        .iter()
        .map(|cell| map.half_hexes.contains(cell))
        .collect();
    for (bad, place) in [(&off, "outside it"), (&half, "on half hexes")] {
        if let Some(first) = bad.iter().position(|&bad| bad) {
            let others = match bad.iter().filter(|&&bad| bad).count() - 1 {
                0 => String::new(),
                1 => format!(" (1 more of its hexes is {place})"),
                more => format!(" ({more} more of its hexes are {place})"),
            };
            report_unusable(
                context,
                map,
                at(first),
                cells[first],
                what,
                &others,
                diagnostics,
            );
        }
    }
    off.iter()
        .zip(&half)
        .map(|(off, half)| !off && !half)
        .collect()
}

/// Reports a hex that is off the battlefield or a half hex; true if usable.
fn usable(
    context: &Context<'_>,
    map: &BattleMap,
    at: Location,
    cell: Coord,
    what: &str,
    diagnostics: &mut Diagnostics,
) -> bool {
    report_unusable(context, map, at, cell, what, "", diagnostics)
}

/// [`usable`], with `others` said after the first report.
fn report_unusable(
    context: &Context<'_>,
    map: &BattleMap,
    at: Location,
    cell: Coord,
    what: &str,
    others: &str,
    diagnostics: &mut Diagnostics,
) -> bool {
    if !map.contains(cell) {
        diagnostics.push(
            Diagnostic::new(
                Code::OffBoard,
                format!(
                    "{what} at [{}, {}] is outside the {}x{} battlefield{others}",
                    cell[0], cell[1], map.columns, map.rows
                ),
            )
            .at(at)
            .label("off the battlefield")
            .help("coordinates are [column, row], from [1, 1] at the top left"),
        );
        return false;
    }
    if map.half_hexes.contains(&cell) {
        diagnostics.push(
            Diagnostic::new(
                Code::HalfHex,
                format!(
                    "{what} at [{}, {}] is on a half hex{others}",
                    cell[0], cell[1]
                ),
            )
            .at(at)
            .label("half hexes can never be used")
            .help(map.half_hex_help(cell)),
        );
        return false;
    }
    let _ = context;
    true
}

fn claim(
    occupied: &mut HashMap<Coord, (Location, String)>,
    cell: Coord,
    at: Location,
    what: String,
    diagnostics: &mut Diagnostics,
) {
    if let Some((first_at, first)) = occupied.get(&cell) {
        diagnostics.push(
            Diagnostic::new(
                Code::Overlap,
                format!("{what} and {first} both cover [{}, {}]", cell[0], cell[1]),
            )
            .at(at)
            .label("overlaps")
            .note(first_at.clone(), format!("{first} is here")),
        );
    } else {
        occupied.insert(cell, (at, what));
    }
}

fn obstacles(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    map: &BattleMap,
    occupied: &mut HashMap<Coord, (Location, String)>,
    diagnostics: &mut Diagnostics,
) {
    let spaces = context.rules.obstacle_spaces as usize;
    for (o, obstacle) in source.obstacles.iter().enumerate() {
        let pointer = format!("/obstacles/{o}/at");
        // A hex listed twice is one hex, not an overlap with itself.
        let repeated = |i: usize| obstacle.at[..i].contains(&obstacle.at[i]);
        let twice = (0..obstacle.at.len()).find(|&i| repeated(i));
        if obstacle.at.len() != spaces || !connected(&obstacle.at) || twice.is_some() {
            diagnostics.push(
                Diagnostic::new(
                    Code::ObstacleShape,
                    format!(
                        "obstacle {} ({}) must cover {}",
                        o + 1,
                        obstacle.kind.name(),
                        if spaces == 1 {
                            "1 hex".to_owned()
                        } else {
                            format!("{spaces} adjacent hexes")
                        }
                    ),
                )
                .at(context.at(mission.file, &pointer))
                .label(match twice {
                    Some(i) => format!("[{}, {}] listed twice", obstacle.at[i][0], obstacle.at[i][1]),
                    None if obstacle.at.len() == spaces => "these hexes are not adjacent".to_owned(),
                    None => format!("{} given", count(obstacle.at.len() as u64, "hex")),
                })
                .help("hexes in one row next to each other, [c, r] and [c + 1, r], are always adjacent"),
            );
        }
        let at = |i| context.at(mission.file, &format!("{pointer}/{i}"));
        let fine = usable_hexes(
            context,
            map,
            &obstacle.at,
            at,
            obstacle.kind.name(),
            diagnostics,
        );
        for (i, &cell) in obstacle.at.iter().enumerate() {
            let at = at(i);
            if fine[i] && !repeated(i) {
                claim(
                    occupied,
                    cell,
                    at,
                    format!("obstacle {} ({})", o + 1, obstacle.kind.name()),
                    diagnostics,
                );
            }
        }
    }
}

fn discovery(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    map: &BattleMap,
    occupied: &mut HashMap<Coord, (Location, String)>,
    diagnostics: &mut Diagnostics,
) {
    let in_set: u32 = context.owned(
        context
            .rules
            .components
            .discovery_tiles
            .values()
            .fold(0, |sum: u32, &n| sum.saturating_add(n)),
    );
    if let Some(random) = &source.discovery.random {
        if random.pick as usize != random.at.len() {
            diagnostics.push(
                Diagnostic::new(
                    Code::DiscoverySetup,
                    format!(
                        "{} are drawn but {} given",
                        count(random.pick, "tile"),
                        count(random.at.len() as u64, "position")
                    ),
                )
                .at(context.at(mission.file, "/discovery/random/at"))
                .label(format!("needs {}", count(random.pick, "position")))
                .help("give one `at` position for each tile picked"),
            );
        }
        let placed = source.discovery.tiles.len() as u32;
        if random.pick + placed > in_set {
            diagnostics.push(
                Diagnostic::new(
                    Code::DiscoverySetup,
                    format!(
                        "{} are drawn and {placed} placed, but the collection has {in_set}",
                        count(random.pick, "tile")
                    ),
                )
                .at(context.at(mission.file, "/discovery/random/pick"))
                .label("more tiles than the set"),
            );
        }
        if random.face == Face::Power {
            // Drawn tiles may be face up; nothing to check beyond layout.
        }
        for (i, &cell) in random.at.iter().enumerate() {
            let at = context.at(mission.file, &format!("/discovery/random/at/{i}"));
            if usable(
                context,
                map,
                at.clone(),
                cell,
                "discovery tile",
                diagnostics,
            ) {
                claim(
                    occupied,
                    cell,
                    at,
                    format!("random discovery tile {}", i + 1),
                    diagnostics,
                );
            }
        }
    }
    for (i, tile) in source.discovery.tiles.iter().enumerate() {
        let at = context.at(mission.file, &format!("/discovery/tiles/{i}/at"));
        if usable(
            context,
            map,
            at.clone(),
            tile.at,
            tile.tile.name(),
            diagnostics,
        ) {
            // Two tiles of one kind are told apart by their place in the list.
            let kind_twice = source
                .discovery
                .tiles
                .iter()
                .filter(|other| other.tile == tile.tile)
                .nth(1)
                .is_some();
            let what = if kind_twice {
                format!("the {} (tile {})", tile.tile.name(), i + 1)
            } else {
                format!("the {}", tile.tile.name())
            };
            claim(occupied, tile.at, at, what, diagnostics);
        }
    }
}

fn zones_overlap(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    diagnostics: &mut Diagnostics,
) {
    for (a, first) in mission.players.iter().enumerate() {
        for (b, second) in mission.players.iter().enumerate().skip(a + 1) {
            // A player of an unknown team may be meant as the other's
            // teammate.
            if first.team == second.team
                || mission.teams[first.team].unknown
                || mission.teams[second.team].unknown
            {
                continue;
            }
            let (Some(zone_a), Some(zone_b)) = (&first.zone, &second.zone) else {
                continue;
            };
            if let Some(&[column, row]) = zone_a.iter().find(|&cell| zone_b.contains(cell)) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::Overlap,
                        format!(
                            "the starting zones of opponents `{}` and `{}` overlap at [{}, {}]",
                            source.players[a].name, source.players[b].name, column, row
                        ),
                    )
                    .at(context.at(mission.file, &format!("{}/starting_zone", second.pointer)))
                    .label("overlaps an opponent's zone")
                    .note(
                        context.at(mission.file, &format!("{}/starting_zone", first.pointer)),
                        "this zone",
                    ),
                );
            }
        }
    }
}

/// A fleet the mission lists and launches at the start must fit its
/// starting zone: a ship needs one zone hex of its own under its base (the
/// engine's placement rule), ships that find none stay behind the screen,
/// and a full zone never lets them launch. Teammates sharing a zone share
/// its hexes; asteroids and the ships the mission places itself take
/// theirs. Counted in hexes, so a zone that passes may still not fit.
fn launched_fleets_fit(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    map: &BattleMap,
    diagnostics: &mut Diagnostics,
) {
    let placed = |p: usize, ship: usize| placed_by_mission(mission, source, p, ship);
    let closed = closed_hexes(source, map);
    let taken = taken_hexes(source, &closed);
    let placing = |p: usize| placed_at_setup(context, mission, source, p);
    // A zone with no hex a ship may ever stand on launches nothing: of
    // use only to a player whose every ship the mission places. Ships move
    // off in play: only half hexes and asteroids close a zone for good.
    let launches = |q: usize| {
        source.players[q].fleet.selection != Selection::Mission
            || mission.players[q]
                .ships
                .iter()
                .any(|planned| !placed(q, planned.ship))
    };
    for (q, player) in mission.players.iter().enumerate() {
        let Some(zone) = &player.zone else { continue };
        if launches(q) && zone.iter().all(|cell| closed.contains(cell)) {
            diagnostics.push(
                Diagnostic::new(
                    Code::StartingShip,
                    format!(
                        "zone `{}` has no free hex (of {}): no ship of `{}` can launch",
                        source.players[q].starting_zone,
                        zone.len(),
                        source.players[q].name
                    ),
                )
                .at(context.at(mission.file, &format!("{}/starting_zone", player.pointer)))
                .label("no room to launch")
                .help("half hexes and asteroids cover it: move the asteroids, or give the player another zone"),
            );
        }
    }
    // A player's ships launch into their own zone: each player's count is
    // held against the free hexes of that zone. Teammates whose zones
    // share hexes fill them together: a group of zones linked by shared
    // hexes is held against every free hex of them all. Only groups a
    // launched fleet fills are checked.
    for (hexes, players) in &zone_groups(mission, &closed) {
        if !players
            .iter()
            .any(|&q| source.players[q].fleet.launched_at_start)
        {
            continue;
        }
        let sharing: Vec<usize> = players
            .iter()
            .copied()
            .filter(|&q| placing(q) > 0)
            .collect();
        let mut alone_short = false;
        for &q in &sharing {
            let Some(zone) = &mission.players[q].zone else {
                continue;
            };
            let (room, hexes) = room(zone, &taken);
            if placing(q) > room {
                alone_short = true;
                let short = ZoneShort {
                    players: &[q],
                    zones: &zone_names(source, [q]),
                    needed: placing(q),
                    room,
                    hexes,
                };
                short.report(context, mission, source, diagnostics);
            }
        }
        if alone_short || sharing.len() < 2 {
            continue;
        }
        let needed: u32 = sharing.iter().map(|&q| placing(q)).sum();
        let (room, all) = room(hexes, &taken);
        if needed > room {
            let short = ZoneShort {
                players: &sharing,
                zones: &zone_names(source, players.iter().copied()),
                needed,
                room,
                hexes: all,
            };
            short.report(context, mission, source, diagnostics);
        }
    }
}

/// Players who place more ships at the start than their zones have free
/// hexes.
struct ZoneShort<'a> {
    /// The players placing ships, in seat order.
    players: &'a [usize],
    /// The zones counted, by name.
    zones: &'a [&'a str],
    needed: u32,
    /// Free hexes, of `hexes` in all.
    room: u32,
    hexes: u32,
}

impl ZoneShort<'_> {
    fn report(
        &self,
        context: &Context<'_>,
        mission: &MissionModel,
        source: &MissionSource,
        diagnostics: &mut Diagnostics,
    ) {
        let launched = |q: usize| source.players[q].fleet.launched_at_start;
        let names: Vec<String> = self
            .players
            .iter()
            .map(|&q| format!("`{}`", source.players[q].name))
            .collect();
        let ships = count(self.needed, "ship");
        let whose = match (&names[..], self.players) {
            ([name], [q]) if launched(*q) => {
                format!("{name}'s fleet of {ships} starts launched in")
            }
            ([name], _) => format!("{name} places {ships} at the start in"),
            _ => format!(
                "{} place {ships} together at the start in",
                names.join(" and ")
            ),
        };
        let (zones, have) = match self.zones {
            [only] => (format!("zone `{only}`"), "has"),
            _ => (
                format!("zones {} (linked by shared hexes)", and_list(self.zones)),
                "have",
            ),
        };
        let kept_out = self.hexes - self.room;
        let free = if kept_out > 0 {
            format!(" free (of {})", self.hexes)
        } else {
            String::new()
        };
        // The first player whose fleet starts launched, else the first
        // placing ships (by `start` entries without `at`).
        let p = self
            .players
            .iter()
            .copied()
            .find(|&q| launched(q))
            .unwrap_or(self.players[0]);
        let pointer = if launched(p) {
            format!("{}/fleet/launched_at_start", mission.players[p].pointer)
        } else {
            format!("{}/start", mission.players[p].pointer)
        };
        diagnostics.push(
            Diagnostic::new(
                Code::StartingShip,
                format!(
                    "{whose} {zones}, which {have} {}{free}: each ship needs one of its own",
                    count(self.room, "hex")
                ),
            )
            .at(context.at(mission.file, &pointer))
            .label("does not fit the starting zone")
            .help(format!(
                "give the {} a larger starting zone, or fewer ships{}",
                if self.players.len() == 1 {
                    "player"
                } else {
                    "players"
                },
                if kept_out > 0 {
                    "; half hexes, asteroids and the ships the mission places take their hexes"
                } else {
                    ""
                }
            )),
        );
    }
}

/// The free hexes of `cells` (each counted once), those `taken` aside,
/// and all of them.
pub(crate) fn room<'a>(
    cells: impl IntoIterator<Item = &'a Coord>,
    taken: &HashSet<Coord>,
) -> (u32, u32) {
    let cells: HashSet<&Coord> = cells.into_iter().collect();
    let free = cells.iter().filter(|cell| !taken.contains(**cell)).count();
    (free as u32, cells.len() as u32)
}

/// The starting zones of `players`, each name once, in their order.
pub(crate) fn zone_names(
    source: &MissionSource,
    players: impl IntoIterator<Item = usize>,
) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for q in players {
        let name = source.players[q].starting_zone.as_str();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Players by the hexes they launch into: zones that share a hex, or are
/// linked through a chain of zones that do, are filled together (`north`
/// and `1:north` are one zone; a teammate's may lie inside another's).
/// Each group holds every hex of its zones and its players in order; zones
/// that are all `closed` hexes launch nothing and join no group.
pub(crate) fn zone_groups(
    mission: &MissionModel,
    closed: &HashSet<Coord>,
) -> Vec<(HashSet<Coord>, Vec<usize>)> {
    let mut groups: Vec<(HashSet<Coord>, Vec<usize>)> = Vec::new();
    for (p, player) in mission.players.iter().enumerate() {
        let Some(zone) = &player.zone else { continue };
        if zone.iter().all(|cell| closed.contains(cell)) {
            continue;
        }
        let mut hexes: HashSet<Coord> = zone.iter().copied().collect();
        let mut players = vec![p];
        let mut g = 0;
        while g < groups.len() {
            if groups[g].0.is_disjoint(&hexes) {
                g += 1;
            } else {
                let (other, more) = groups.remove(g);
                hexes.extend(other);
                players.extend(more);
            }
        }
        players.sort_unstable();
        groups.push((hexes, players));
    }
    groups.sort_by_key(|(_, players)| players[0]);
    groups
}

/// The ships a player places into their zone at setup, as far as the
/// mission says: the fleet it lists and launches at the start, and every
/// ship `start` names without `at` (of a fleet the player builds too).
pub(crate) fn placed_at_setup(
    context: &Context<'_>,
    mission: &MissionModel,
    source: &MissionSource,
    p: usize,
) -> u32 {
    let player = &mission.players[p];
    let player_source = &source.players[p];
    let launched = player_source.fleet.launched_at_start;
    let ships = |ship: usize| ships_of(context, ship);
    let listed: u32 = player
        .ships
        .iter()
        .filter(|planned| launched && !placed_by_mission(mission, source, p, planned.ship))
        .map(|planned| ships(planned.ship))
        .sum();
    let started: u32 = player
        .start
        .iter()
        .enumerate()
        .filter(|(s, _)| player_source.start[*s].at.is_empty())
        .filter_map(|(_, start)| start.ship)
        .filter(|ship| !(launched && player.ships.iter().any(|planned| planned.ship == *ship)))
        .map(ships)
        .sum();
    listed + started
}

/// Whether the mission places player `p`'s ship card itself (`start`
/// with `at`): it may stand outside the zone, and stands where no other
/// ship can.
pub(crate) fn placed_by_mission(
    mission: &MissionModel,
    source: &MissionSource,
    p: usize,
    ship: usize,
) -> bool {
    mission.players[p]
        .start
        .iter()
        .zip(&source.players[p].start)
        .any(|(start, written)| start.ship == Some(ship) && !written.at.is_empty())
}

/// The ships of a ship card on the battlefield (a squadron's several).
pub(crate) fn ships_of(context: &Context<'_>, ship: usize) -> u32 {
    context.content.ships[ship].item.ships.max(1)
}

/// The hexes no ship ever stands on: half hexes and asteroids.
pub(crate) fn closed_hexes(source: &MissionSource, map: &BattleMap) -> HashSet<Coord> {
    source
        .obstacles
        .iter()
        .filter(|obstacle| obstacle.kind == Obstacle::Asteroid)
        .flat_map(|obstacle| obstacle.at.iter().copied())
        .chain(map.half_hexes.iter().copied())
        .collect()
}

/// The hexes no ship launched at setup can have under its base: the
/// `closed` ones ([`closed_hexes`]) and those of the ships the mission
/// places itself.
pub(crate) fn taken_hexes(source: &MissionSource, closed: &HashSet<Coord>) -> HashSet<Coord> {
    let mut taken = closed.clone();
    taken.extend(source.players.iter().flat_map(|player| {
        player
            .start
            .iter()
            .flat_map(|start| start.at.iter().copied())
    }));
    taken
}

fn starting_ships(
    context: &Context<'_>,
    model: &Model,
    mission: &MissionModel,
    source: &MissionSource,
    map: &BattleMap,
    occupied: &HashMap<Coord, (Location, String)>,
    diagnostics: &mut Diagnostics,
) {
    let _ = model;
    let mut ships_at: HashMap<Coord, (Location, String)> = HashMap::new();
    for (p, player) in mission.players.iter().enumerate() {
        let player_source = &source.players[p];
        for (s, start) in player.start.iter().enumerate() {
            let Some(ship) = start.ship else { continue };
            let ship_source = &context.content.ships[ship].item;
            let start_source = &player_source.start[s];
            let listed = player.ships.iter().find(|planned| planned.ship == ship);
            let required = player.required.iter().any(|r| r.item == ship);
            // An entry of the list that names no ship card may be this one.
            if listed.is_none() && !required && player.ships_named {
                diagnostics.push(
                    Diagnostic::new(
                        Code::StartingShip,
                        format!("`{}` starts on the battlefield but is not in `{}`'s fleet", ship_source.name, player_source.name),
                    )
                    .at(context.at(mission.file, &format!("{}/ship", start.pointer)))
                    .label("not in this player's fleet")
                    .help("list it in `fleet.ships`, or in `fleet.required` for a player-selected fleet"),
                );
            }
            // Pegs against the version the mission lists (or every version).
            let versions: Vec<_> = ship_source
                .versions
                .iter()
                .filter(|v| listed.is_none_or(|l| l.level == v.level))
                .collect();
            if let Some(version) = versions.iter().find(|v| start_source.hull_damage >= v.hull) {
                diagnostics.push(
                    Diagnostic::new(
                        Code::StartingShip,
                        format!(
                            "{} hull damage would destroy `{}` ({} hull {})",
                            start_source.hull_damage,
                            ship_source.name,
                            version.level.name(),
                            version.hull
                        ),
                    )
                    .at(context.at(mission.file, &format!("{}/hull_damage", start.pointer)))
                    .label("the ship would start destroyed"),
                );
            }
            if let Some(shields) = start_source.shields
                && let Some(version) = versions.iter().find(|v| shields > v.shield)
            {
                diagnostics.push(
                    Diagnostic::new(
                        Code::StartingShip,
                        format!(
                            "{shields} shield pegs exceed `{}`'s shield of {} ({})",
                            ship_source.name,
                            version.shield,
                            version.level.name()
                        ),
                    )
                    .at(context.at(mission.file, &format!("{}/shields", start.pointer)))
                    .label("more than its shield value"),
                );
            }
            if start_source.at.is_empty() {
                continue;
            }
            let footprint = context.rules.footprint.get(ship_source.size) as usize;
            let expected = footprint * ship_source.ships as usize;
            let at_pointer = format!("{}/at", start.pointer);
            if start_source.at.len() != expected {
                diagnostics.push(
                    Diagnostic::new(
                        Code::StartingShip,
                        format!(
                            "`{}` needs {} ({} per ship), but {} given",
                            ship_source.name,
                            count(expected as u64, "hex"),
                            footprint,
                            start_source.at.len()
                        ),
                    )
                    .at(context.at(mission.file, &at_pointer))
                    .label("wrong number of hexes"),
                );
                continue;
            }
            for (n, base) in start_source.at.chunks(footprint).enumerate() {
                if !is_footprint(base, ship_source.size, footprint as u32) {
                    diagnostics.push(
                        Diagnostic::new(
                            Code::StartingShip,
                            format!("hexes {}-{} do not form the base of a {} ship", n * footprint + 1, (n + 1) * footprint, ship_source.size.name()),
                        )
                        .at({
                            // The whole base, from its first hex to its last.
                            let first = context.at(mission.file, &format!("{at_pointer}/{}", n * footprint));
                            let last = context.at(mission.file, &format!("{at_pointer}/{}", (n + 1) * footprint - 1));
                            Location {
                                span: first.span.start..last.span.end.max(first.span.end),
                                ..first
                            }
                        })
                        .label("not a ship's footprint")
                        .help("a medium base is 2 adjacent hexes; a large one is a hex and its 6 neighbours"),
                    );
                }
            }
            let what = format!("`{}`", ship_source.name);
            let at = |i| context.at(mission.file, &format!("{at_pointer}/{i}"));
            let fine = usable_hexes(context, map, &start_source.at, at, &what, diagnostics);
            // Each asteroid once, at the first hex of the ship on it.
            let mut told: Vec<&str> = Vec::new();
            for (i, &cell) in start_source.at.iter().enumerate() {
                let at = at(i);
                if !fine[i] {
                    continue;
                }
                if let Some((obstacle_at, what)) = occupied.get(&cell)
                    && what.ends_with("(asteroid)")
                    && !told.contains(&what.as_str())
                {
                    told.push(what.as_str());
                    diagnostics.push(
                        Diagnostic::new(
                            Code::Overlap,
                            format!("`{}` is placed on {what}", ship_source.name),
                        )
                        .at(at.clone())
                        .label("ships cannot be placed on an asteroid")
                        .note(obstacle_at.clone(), format!("{what} is here")),
                    );
                }
                claim(
                    &mut ships_at,
                    cell,
                    at,
                    format!("`{}`", ship_source.name),
                    diagnostics,
                );
            }
        }
    }
}
