//! A scenario's state before its steps: what it plays on (a mission of the
//! pack, or a bare board made into a mission), its seats and teams, its
//! ship cards and where they are, the players' cards, energy and victory
//! points, the discovery tiles, and the moment the steps begin. The mission
//! the engine sets up is this one with the scenario's fleets and decks in
//! place of its own, and its tiles too when it lists any.

use std::collections::{BTreeMap, BTreeSet};

use spacedock_schema::bundle::{self, Battlefield, Mission};
use spacedock_schema::common::TacticType;
use spacedock_schema::mission::{
    CardCount, DeckRule, Discovery, FleetRule, PlacedObstacle, PlacedTile, Player, Selection,
    ShipPick, Team, Victory,
};
use spacedock_schema::scenario::checked::{
    ModelSetup, Placement, PlayerSetup, Scenario, ShipPlace, ShipSetup, Start,
};
use spacedock_schema::scenario::{
    ScenarioPlayer, ScenarioShip, ScenarioSource, ScenarioTile, TurnPhase,
};

use super::{Checker, Fielded, Seat, quoted};
use crate::check::count;
use crate::codes::Code;
use crate::diagnostic::Diagnostic;
use crate::load::UNREADABLE;
use crate::resolve::ItemKind;

const CODE: Code = Code::InvalidScenario;

/// What a scenario plays on.
enum Ground {
    Mission(Box<Mission>),
    Board(bundle::Board),
}

/// Checks everything but the steps and the final expectations.
pub(super) fn check(checker: &mut Checker<'_, '_>, source: &ScenarioSource) -> Option<Scenario> {
    let Some(ground) = ground(checker, source) else {
        names(checker, source);
        return None;
    };
    let (entries, seats_whole) = seats(checker, &ground, &source.players);
    fielded(checker, &source.ships);
    let ships = places(checker, &source.ships);
    let players = entries.and_then(|entries| holdings(checker, &ground, &entries));
    let start = start(checker, source);
    let tiles = tiles(checker, &ground, &source.tiles);
    let (ships, players, start, tiles) = (ships?, players?, start?, tiles?);
    if !seats_whole {
        return None;
    }
    let mut mission = mission(checker, &ground, source, &players, &ships);
    // Listed tiles are all the tiles, so that a scenario never depends on
    // the mission's random draw.
    if !tiles.is_empty() {
        mission.discovery = Discovery {
            random: None,
            tiles,
        };
    }
    Some(Scenario {
        name: source.name.clone(),
        mission,
        seed: source.seed,
        start,
        players: players.into_iter().map(|(setup, _)| setup).collect(),
        ships,
        steps: Vec::new(),
        expect: None,
    })
}

fn ground(checker: &mut Checker<'_, '_>, source: &ScenarioSource) -> Option<Ground> {
    match (&source.mission, &source.board) {
        (Some(_), Some(_)) => {
            checker.report(
                CODE,
                "/board",
                "a scenario plays on a mission or on a bare board, not both",
                "one too many",
                Some(
                    "keep `mission` to play on its battlefield, or `board` for a bare one"
                        .to_owned(),
                ),
            );
            None
        }
        (None, None) => {
            let location = checker.key_at("");
            checker.diagnostics.push(
                Diagnostic::new(
                    CODE,
                    "a scenario needs a `mission` or a `board` to play on",
                )
                .at(location)
                .label("no battlefield")
                .help(
                    "name a mission of the pack, or a board (with the players under [[players]])",
                ),
            );
            None
        }
        (Some(mission), None) => {
            let id = checker.item(ItemKind::Mission, mission, "/mission")?;
            let found = checker.bundle.missions.iter().find(|m| m.id == id)?;
            Some(Ground::Mission(Box::new(found.clone())))
        }
        (None, Some(board)) => {
            let id = checker.item(ItemKind::Board, board, "/board")?;
            let found = checker.bundle.boards.iter().find(|b| b.id == id)?;
            Some(Ground::Board(found.clone()))
        }
    }
}

/// Without a battlefield nothing is set up, but the cards, ships and
/// factions the file names are still looked up, so that mending the
/// battlefield shows no new mistakes.
fn names(checker: &mut Checker<'_, '_>, source: &ScenarioSource) {
    for (index, player) in source.players.iter().enumerate() {
        let pointer = format!("/players/{index}");
        if let Some(faction) = &player.faction {
            checker.item(ItemKind::Faction, faction, &format!("{pointer}/faction"));
        }
        holding(checker, player, &pointer);
    }
    for (index, entry) in source.ships.iter().enumerate() {
        let pointer = format!("/ships/{index}");
        checker.item(ItemKind::Ship, &entry.ship, &format!("{pointer}/ship"));
        attached_names(checker, entry, &pointer);
    }
}

/// Looks up the cards attached to a ship entry, whatever else is known.
fn attached_names(checker: &mut Checker<'_, '_>, entry: &ScenarioShip, pointer: &str) {
    for (at, card) in entry.attached.iter().enumerate() {
        checker.tactic(card, &format!("{pointer}/attached/{at}"));
    }
}

/// The battlefield of one board: its zones by plain name and as `1:name`,
/// as a mission on that board alone would have them.
fn battlefield(board: &bundle::Board) -> Battlefield {
    let qualified = board.zones.iter().map(|zone| bundle::Zone {
        name: format!("1:{}", zone.name),
        cells: zone.cells.clone(),
    });
    Battlefield {
        columns: board.columns,
        rows: board.rows,
        half_hexes: board.half_hexes.clone(),
        zones: qualified.chain(board.zones.iter().cloned()).collect(),
    }
}

/// Each seat's entry of `[[players]]` (`None` for a bare board without
/// players), and whether the seats are whole enough to set a game up.
type Entries<'s> = (Option<Vec<Option<(&'s ScenarioPlayer, String)>>>, bool);

/// The seats and teams; returns each seat's entry of `[[players]]`. A
/// mistake in one seat (a misspelt zone, a key the mission sets) leaves
/// the others' hands and decks checked.
fn seats<'s>(
    checker: &mut Checker<'_, '_>,
    ground: &Ground,
    players: &'s [ScenarioPlayer],
) -> Entries<'s> {
    match ground {
        Ground::Mission(mission) => {
            checker.teams = mission.teams.iter().map(|team| team.name.clone()).collect();
            checker.rules = mission
                .special_rules
                .iter()
                .map(|rule| rule.name.clone())
                .collect();
            checker.seats = mission
                .players
                .iter()
                .map(|player| Seat {
                    name: player.name.clone(),
                    faction: player.faction.clone(),
                    team: mission
                        .teams
                        .iter()
                        .position(|team| Some(&team.name) == player.team.as_ref())
                        .unwrap_or(0),
                })
                .collect();
            let mut entries = vec![None; checker.seats.len()];
            let mut ok = true;
            for (index, player) in players.iter().enumerate() {
                let pointer = format!("/players/{index}");
                for (key, given) in [
                    ("faction", player.faction.is_some()),
                    ("team", player.team.is_some()),
                    ("starting_zone", player.starting_zone.is_some()),
                ] {
                    if given {
                        checker.report(
                            CODE,
                            &format!("{pointer}/{key}"),
                            format!("`{key}` is the mission's to say"),
                            "set by the mission",
                            Some("only the players of a bare `board` say their faction, team and zone".to_owned()),
                        );
                        ok = false;
                    }
                }
                let Some(seat) = checker.seat(&player.name, &format!("{pointer}/name")) else {
                    ok = false;
                    // Its cards are checked all the same, so that mending
                    // the name shows no new mistakes.
                    holding(checker, player, &pointer);
                    continue;
                };
                if entries[seat].is_some() {
                    checker.report(
                        CODE,
                        &format!("{pointer}/name"),
                        format!("`{}` is listed twice", player.name),
                        "listed again",
                        None,
                    );
                    ok = false;
                    holding(checker, player, &pointer);
                    continue;
                }
                entries[seat] = Some((player, pointer));
            }
            (Some(entries), ok)
        }
        Ground::Board(board) => {
            if players.is_empty() {
                let location = checker.key_at("/board");
                checker.diagnostics.push(
                    Diagnostic::new(CODE, "a bare board needs its players")
                        .at(location)
                        .label("no players")
                        .help("list the seats in play order under [[players]], each with `name`, `faction` and `starting_zone`"),
                );
                return (None, false);
            }
            let battlefield = battlefield(board);
            let mut ok = true;
            for (index, player) in players.iter().enumerate() {
                let pointer = format!("/players/{index}");
                if player.name != UNREADABLE
                    && players[..index]
                        .iter()
                        .any(|other| other.name == player.name)
                {
                    checker.report(
                        CODE,
                        &format!("{pointer}/name"),
                        format!("two players are named `{}`", player.name),
                        "named again",
                        None,
                    );
                    ok = false;
                }
                let faction = if let Some(faction) = &player.faction {
                    checker.item(ItemKind::Faction, faction, &format!("{pointer}/faction"))
                } else {
                    missing(
                        checker,
                        &pointer,
                        "faction",
                        "the faction id the player commands",
                    );
                    None
                };
                match &player.starting_zone {
                    // Its shape is reported.
                    Some(zone) if zone == UNREADABLE => ok = false,
                    Some(zone) if !battlefield.zones.iter().any(|z| &z.name == zone) => {
                        let names: Vec<&str> =
                            board.zones.iter().map(|z| z.name.as_str()).collect();
                        checker.report(
                            Code::UnknownReference,
                            &format!("{pointer}/starting_zone"),
                            format!("the board `{}` has no zone `{zone}`", board.name),
                            "unknown zone",
                            Some(
                                crate::suggest::did_you_mean(zone, names.iter().copied())
                                    .unwrap_or_else(|| format!("its zones: {}", quoted(&names))),
                            ),
                        );
                        ok = false;
                    }
                    Some(_) => {}
                    None => {
                        missing(
                            checker,
                            &pointer,
                            "starting_zone",
                            "the board's zone the player launches into",
                        );
                        ok = false;
                    }
                }
                // A player whose faction is unknown keeps their seat, so
                // that their hand and the steps naming them are checked.
                let known = faction.is_some();
                let faction = faction.unwrap_or_else(|| {
                    ok = false;
                    checker.broken_seats = true;
                    player.faction.clone().unwrap_or_default()
                });
                // A `team` naming a faction, unless a team has that very
                // name, is the team of its id, as in a mission.
                let team_name = match &player.team {
                    Some(team) if checker.teams.contains(team) => team.clone(),
                    Some(team) => checker
                        .context
                        .index
                        .faction_id(team)
                        .unwrap_or(team)
                        .to_owned(),
                    None => faction.clone(),
                };
                let team = checker
                    .teams
                    .iter()
                    .position(|team| *team == team_name)
                    .unwrap_or_else(|| {
                        checker.teams.push(team_name);
                        checker.teams.len() - 1
                    });
                if !known && player.team.is_none() && !checker.unknown_teams.contains(&team) {
                    checker.unknown_teams.push(team);
                }
                checker.seats.push(Seat {
                    name: player.name.clone(),
                    faction,
                    team,
                });
            }
            let entries = players
                .iter()
                .enumerate()
                .map(|(index, player)| Some((player, format!("/players/{index}"))))
                .collect();
            (Some(entries), ok)
        }
    }
}

fn missing(checker: &mut Checker<'_, '_>, pointer: &str, key: &str, what: &str) {
    let location = checker.key_at(pointer);
    checker.diagnostics.push(
        Diagnostic::new(CODE, format!("a bare board's player needs `{key}`"))
            .at(location)
            .label(format!("no `{key}`"))
            .help(format!("`{key}`: {what}")),
    );
}

/// Resolves each ship card and whose fleet it is.
fn fielded(checker: &mut Checker<'_, '_>, ships: &[ScenarioShip]) {
    checker.ships.clear();
    for (index, entry) in ships.iter().enumerate() {
        let pointer = format!("/ships/{index}");
        let fielded = fielded_one(checker, entry, &pointer);
        if let Some(fielded) = &fielded
            && checker
                .ships
                .iter()
                .flatten()
                .any(|other| other.id == fielded.id)
        {
            checker.report(
                CODE,
                &format!("{pointer}/ship"),
                format!("`{}` is listed twice", fielded.name),
                "listed again",
                Some("a scenario fields each ship card once".to_owned()),
            );
            checker.broken_ships = true;
            checker.ships.push(None);
            continue;
        }
        checker.broken_ships |= fielded.is_none();
        checker.ships.push(fielded);
    }
}

fn fielded_one(
    checker: &mut Checker<'_, '_>,
    entry: &ScenarioShip,
    pointer: &str,
) -> Option<Fielded> {
    let id = checker.item(ItemKind::Ship, &entry.ship, &format!("{pointer}/ship"))?;
    let ship = checker.bundle.ships.iter().position(|ship| ship.id == id)?;
    let card = &checker.bundle.ships[ship];
    let Some(version) = card
        .versions
        .iter()
        .position(|version| version.level == entry.version)
    else {
        let levels: Vec<&str> = card.versions.iter().map(|v| v.level.name()).collect();
        checker.report(
            Code::MissingVersion,
            &format!("{pointer}/version"),
            format!("`{}` has no {} version", card.name, entry.version.name()),
            "no such version",
            Some(format!("its versions: {}", quoted(&levels))),
        );
        return None;
    };
    let (name, faction, ships) = (card.name.clone(), card.faction.clone(), card.ships as usize);
    let seat = if let Some(player) = &entry.player {
        checker.seat(player, &format!("{pointer}/player"))?
    } else {
        {
            let of_faction: Vec<usize> = (0..checker.seats.len())
                .filter(|&seat| checker.seats[seat].faction == faction)
                .collect();
            match of_faction[..] {
                [seat] => seat,
                // The ship may be that of a player whose faction is
                // unknown, already reported.
                [] if checker.broken_seats => return None,
                [] => {
                    checker.report(
                        CODE,
                        &format!("{pointer}/ship"),
                        format!("no player of faction `{faction}` to field `{name}`"),
                        "whose fleet?",
                        Some("say whose fleet it is with `player`".to_owned()),
                    );
                    return None;
                }
                _ => {
                    checker.report(
                        CODE,
                        &format!("{pointer}/ship"),
                        format!("more than one player is of faction `{faction}`"),
                        "whose fleet?",
                        Some("say whose fleet it is with `player`".to_owned()),
                    );
                    return None;
                }
            }
        }
    };
    Some(Fielded {
        id,
        name,
        seat,
        ships: ships.max(1),
        ship,
        version,
    })
}

/// Where each ship card is, and what is attached to it.
fn places(checker: &mut Checker<'_, '_>, entries: &[ScenarioShip]) -> Option<Vec<ShipSetup>> {
    let mut setups = Vec::new();
    let mut ok = true;
    for (index, entry) in entries.iter().enumerate() {
        let pointer = format!("/ships/{index}");
        let Some(fielded) = checker.ships[index].clone() else {
            // Whose ship it is is unknown; its cards are still looked up.
            attached_names(checker, entry, &pointer);
            ok = false;
            continue;
        };
        let place = place(checker, entry, &fielded, index, &pointer);
        let attached = attachments(checker, entry, &fielded, &pointer);
        if entry.activated && !matches!(place, Some(ShipPlace::Battlefield(_))) {
            checker.report(
                CODE,
                &format!("{pointer}/activated"),
                format!(
                    "`{}` is not on the battlefield to have been activated",
                    fielded.name
                ),
                "not in play",
                None,
            );
            ok = false;
        }
        match (place, attached) {
            (Some(place), Some(attached)) => setups.push(ShipSetup {
                pointer,
                player: fielded.seat,
                ship: fielded.id.clone(),
                place,
                attached,
                activated: entry.activated,
            }),
            _ => ok = false,
        }
    }
    if ok && !holds_fit(checker, &setups) {
        ok = false;
    }
    ok.then_some(setups)
}

fn place(
    checker: &mut Checker<'_, '_>,
    entry: &ScenarioShip,
    fielded: &Fielded,
    index: usize,
    pointer: &str,
) -> Option<ShipPlace> {
    let hull = checker.bundle.ships[fielded.ship].versions[fielded.version].hull;
    let solo_keys = [
        ("at", entry.at.is_some()),
        ("facing", entry.facing.is_some()),
        ("shields", entry.shields.is_some()),
        ("hull_damage", entry.hull_damage > 0),
    ];
    if let Some(carrier) = &entry.hold {
        let mut ok = true;
        for (key, given) in solo_keys
            .into_iter()
            .chain([("squadron", !entry.squadron.is_empty())])
        {
            if given {
                checker.report(
                    CODE,
                    &format!("{pointer}/{key}"),
                    format!(
                        "`{}` is in a transport hold, not on the battlefield",
                        fielded.name
                    ),
                    "in a hold",
                    Some(format!(
                        "drop `{key}`, or `hold` to put the ship on the battlefield"
                    )),
                );
                ok = false;
            }
        }
        let carrier = checker.card(CODE, "`hold` names", carrier, &format!("{pointer}/hold"))?;
        if carrier == index {
            checker.report(
                CODE,
                &format!("{pointer}/hold"),
                format!("`{}` cannot be in its own hold", fielded.name),
                "itself",
                None,
            );
            return None;
        }
        return ok.then_some(ShipPlace::Hold(carrier));
    }
    if fielded.ships == 1 {
        if !entry.squadron.is_empty() {
            checker.report(
                CODE,
                &format!("{pointer}/squadron"),
                format!("`{}` is a solo ship", fielded.name),
                "not a squadron",
                Some("give its hex with `at`".to_owned()),
            );
            return None;
        }
        let Some(at) = entry.at else {
            // Each key told at once.
            let mut ok = true;
            for (key, given) in &solo_keys[1..] {
                if *given {
                    checker.report(
                        CODE,
                        &format!("{pointer}/{key}"),
                        format!("`{key}` is for a ship on the battlefield"),
                        "not on the battlefield",
                        Some(
                            "give its hex with `at`, or drop this key for a ship behind its screen"
                                .to_owned(),
                        ),
                    );
                    ok = false;
                }
            }
            return ok.then_some(ShipPlace::Screen);
        };
        let facing_ok = checker.facing_fits(CODE, index, entry.facing, pointer);
        let hull_ok = hull_left(checker, fielded, entry.hull_damage, hull, pointer);
        return (facing_ok && hull_ok).then(|| {
            ShipPlace::Battlefield(vec![ModelSetup {
                pointer: pointer.to_owned(),
                at: Some(Placement {
                    at,
                    facing: entry.facing,
                }),
                shields: entry.shields,
                hull_damage: entry.hull_damage,
            }])
        });
    }
    let mut ok = true;
    for (key, given) in solo_keys {
        if given {
            checker.report(
                CODE,
                &format!("{pointer}/{key}"),
                format!(
                    "`{}` is a squadron: each ship has its own `{key}`",
                    fielded.name
                ),
                "a squadron",
                Some("place each ship under `squadron = [{ at = [c, r] }, ...]`".to_owned()),
            );
            ok = false;
        }
    }
    if entry.squadron.is_empty() {
        return ok.then_some(ShipPlace::Screen);
    }
    if entry.squadron.len() != fielded.ships {
        checker.report(
            CODE,
            &format!("{pointer}/squadron"),
            format!(
                "`{}` has {}, and `squadron` lists {}",
                fielded.name,
                count(fielded.ships as u64, "ship"),
                count(entry.squadron.len() as u64, "ship")
            ),
            "one entry per ship",
            Some("list every ship; a destroyed one as `{ destroyed = true }`".to_owned()),
        );
        return None;
    }
    let mut models = Vec::new();
    for (number, ship) in entry.squadron.iter().enumerate() {
        let ship_pointer = format!("{pointer}/squadron/{number}");
        let at = match (ship.at, ship.destroyed) {
            (Some(_), true) => {
                checker.report(
                    CODE,
                    &format!("{ship_pointer}/destroyed"),
                    "a destroyed ship stands nowhere",
                    "destroyed",
                    Some("drop `at`, or `destroyed`".to_owned()),
                );
                ok = false;
                None
            }
            (None, false) => {
                let location = checker.key_at(&ship_pointer);
                checker.diagnostics.push(
                    Diagnostic::new(
                        CODE,
                        "a ship of a launched squadron stands somewhere or is destroyed",
                    )
                    .at(location)
                    .label("no `at`")
                    .help("give `at = [column, row]`, or `destroyed = true`"),
                );
                ok = false;
                None
            }
            (at, _) => at,
        };
        if ship.destroyed {
            // Pegs and a facing are a ship's on the battlefield: given for
            // a destroyed one, they would be dropped.
            for (key, given) in [
                ("facing", ship.facing.is_some()),
                ("shields", ship.shields.is_some()),
                ("hull_damage", ship.hull_damage > 0),
            ] {
                if given {
                    checker.report(
                        CODE,
                        &format!("{ship_pointer}/{key}"),
                        format!("a destroyed ship stands nowhere: it has no `{key}`"),
                        "destroyed",
                        Some(format!("drop `{key}`, or `destroyed`")),
                    );
                    ok = false;
                }
            }
        }
        if at.is_some() {
            ok &= checker.facing_fits(CODE, index, ship.facing, &ship_pointer);
            ok &= hull_left(checker, fielded, ship.hull_damage, hull, &ship_pointer);
        }
        models.push(ModelSetup {
            pointer: ship_pointer,
            at: at.map(|at| Placement {
                at,
                facing: ship.facing,
            }),
            shields: ship.shields,
            hull_damage: ship.hull_damage,
        });
    }
    ok.then_some(ShipPlace::Battlefield(models))
}

fn hull_left(
    checker: &mut Checker<'_, '_>,
    fielded: &Fielded,
    damage: u32,
    hull: u32,
    pointer: &str,
) -> bool {
    if damage < hull {
        return true;
    }
    checker.report(
        CODE,
        &format!("{pointer}/hull_damage"),
        format!(
            "`{}` has hull {hull}: {damage} hull damage pegs destroy it",
            fielded.name
        ),
        "destroyed",
        Some("a ship on the battlefield has fewer hull damage pegs than its hull".to_owned()),
    );
    false
}

/// Attached cards, each with the seat whose deck it comes from.
fn attachments(
    checker: &mut Checker<'_, '_>,
    entry: &ScenarioShip,
    fielded: &Fielded,
    pointer: &str,
) -> Option<Vec<(String, usize)>> {
    let mut attached = Vec::new();
    let mut ok = true;
    for (index, text) in entry.attached.iter().enumerate() {
        let card_pointer = format!("{pointer}/attached/{index}");
        let Some(tactic) = checker.tactic(text, &card_pointer) else {
            ok = false;
            continue;
        };
        let card = &checker.bundle.tactics[tactic];
        let (id, kind, faction) = (card.id.clone(), card.kind, card.faction.clone());
        let seat = match kind {
            TacticType::Event => {
                checker.report(
                    Code::NotAttachable,
                    &card_pointer,
                    format!("`{}` is an event: it never attaches", card.name),
                    "an event",
                    None,
                );
                ok = false;
                continue;
            }
            // A sabotage card is played on an enemy: it comes from an opponent's deck.
            TacticType::Sabotage => {
                let own_team = checker.seats[fielded.seat].team;
                let opponents: Vec<usize> = (0..checker.seats.len())
                    .filter(|&seat| checker.seats[seat].team != own_team)
                    .collect();
                let Some(seat) = opponents
                    .iter()
                    .copied()
                    .find(|&seat| checker.seats[seat].faction == faction)
                    .or_else(|| opponents.first().copied())
                else {
                    checker.report(
                        CODE,
                        &card_pointer,
                        format!(
                            "no opponent of `{}` to have played this sabotage card",
                            fielded.name
                        ),
                        "no opponent",
                        None,
                    );
                    ok = false;
                    continue;
                };
                seat
            }
            TacticType::Hero | TacticType::ShipUpgrade | TacticType::AdditionalWeapon => {
                fielded.seat
            }
        };
        attached.push((id, seat));
    }
    ok.then_some(attached)
}

/// Holds carry only smaller ships, within the carrier's capacity.
fn holds_fit(checker: &mut Checker<'_, '_>, setups: &[ShipSetup]) -> bool {
    let mut ok = true;
    let mut used: BTreeMap<usize, u32> = BTreeMap::new();
    for (index, setup) in setups.iter().enumerate() {
        let ShipPlace::Hold(carrier) = setup.place else {
            continue;
        };
        let pointer = format!("{}/hold", setup.pointer);
        let (held, holder) = (
            checker.ships[index].clone().expect("resolved"),
            checker.ships[carrier].clone().expect("resolved"),
        );
        let held_card = &checker.bundle.ships[held.ship];
        let carrier_card = &checker.bundle.ships[holder.ship];
        let capacity = carrier_card.versions[holder.version].capacity;
        let spaces = checker.context.rules.footprint.get(held_card.size) * held.ships as u32;
        let (held_size, carrier_size) = (held_card.size, carrier_card.size);
        if held.seat != holder.seat {
            checker.report(
                CODE,
                &pointer,
                format!("`{}` is in another player's fleet", holder.name),
                "not a ship of this fleet",
                None,
            );
            ok = false;
        } else if !matches!(setups[carrier].place, ShipPlace::Battlefield(_)) {
            // Transported ships never carry ships; others are off the board.
            let (label, help) = if matches!(setups[carrier].place, ShipPlace::Hold(_)) {
                (
                    "a carrier in a hold itself",
                    "a transported ship never transports ships: put the carrier on the battlefield",
                )
            } else {
                (
                    "a carrier not in play",
                    "a sealed hold is filled when its ship launches: put the carrier on the battlefield",
                )
            };
            checker.report(
                CODE,
                &pointer,
                format!("`{}` is not on the battlefield", holder.name),
                label,
                Some(help.to_owned()),
            );
            ok = false;
        } else if capacity.is_none() {
            checker.report(
                Code::NoCapacity,
                &pointer,
                format!(
                    "`{}` has no capacity: it cannot transport ships",
                    holder.name
                ),
                "no transport hold",
                None,
            );
            ok = false;
        } else if held_size >= carrier_size {
            checker.report(
                Code::TransportNotSmaller,
                &pointer,
                format!("`{}` is not smaller than `{}`", held.name, holder.name),
                "too big for this hold",
                Some("a ship carries only ships smaller than itself".to_owned()),
            );
            ok = false;
        } else {
            let total = used.entry(carrier).or_default();
            *total += spaces;
            let capacity = capacity.unwrap_or(0);
            if *total > capacity {
                checker.report(
                    Code::OverCapacity,
                    &pointer,
                    format!(
                        "`{}` would carry {total} spaces of ships, over its capacity of {capacity}",
                        holder.name
                    ),
                    "no room left",
                    None,
                );
                ok = false;
            }
        }
    }
    ok
}

/// Each seat's cards, energy and victory points, with the scenario's
/// `[[players]]` pointer of the seat (if it is listed).
fn holdings(
    checker: &mut Checker<'_, '_>,
    ground: &Ground,
    entries: &[Option<(&ScenarioPlayer, String)>],
) -> Option<Vec<(PlayerSetup, Option<String>)>> {
    let mut ok = true;
    let mut setups = Vec::new();
    for entry in entries {
        let Some((player, pointer)) = entry else {
            setups.push((PlayerSetup::default(), None));
            continue;
        };
        let (setup, whole) = holding(checker, player, pointer);
        ok &= whole;
        setups.push((setup, Some(pointer.clone())));
    }
    // What teammates share is set once: a shared pool's energy, a shared
    // deck's order and discards, a team's victory points.
    for seat in 0..setups.len() {
        for other in 0..seat {
            if checker.seats[seat].team != checker.seats[other].team {
                continue;
            }
            let (mine, theirs) = (&setups[seat].0, &setups[other].0);
            let shared_energy = team_shares(ground, seat, |team| team.shared_energy.is_some());
            let shared_deck = deck_is_shared(ground, seat) && deck_is_shared(ground, other);
            let clashes = [
                (
                    "energy",
                    shared_energy && mine.energy.is_some() && theirs.energy.is_some(),
                ),
                (
                    "deck",
                    shared_deck && !mine.deck.is_empty() && !theirs.deck.is_empty(),
                ),
                (
                    "discard",
                    shared_deck && !mine.discard.is_empty() && !theirs.discard.is_empty(),
                ),
                (
                    "victory_points",
                    mine.victory_points.is_some() && theirs.victory_points.is_some(),
                ),
            ];
            for (key, clash) in clashes {
                if clash && let Some(pointer) = &setups[seat].1 {
                    let (name, teammate) = (
                        checker.seats[seat].name.clone(),
                        checker.seats[other].name.clone(),
                    );
                    checker.report(
                        CODE,
                        &format!("{pointer}/{key}"),
                        format!(
                            "`{name}` and `{teammate}` share their team's `{key}`: set it once"
                        ),
                        "set twice",
                        None,
                    );
                    ok = false;
                }
            }
        }
    }
    ok.then_some(setups)
}

/// One `[[players]]` entry's cards, energy and victory points, and
/// whether they are all good.
fn holding(
    checker: &mut Checker<'_, '_>,
    player: &ScenarioPlayer,
    pointer: &str,
) -> (PlayerSetup, bool) {
    let rules = checker.context.rules.clone();
    let mut ok = true;
    let mut cards = |checker: &mut Checker<'_, '_>, list: &[String], key: &str| -> Vec<String> {
        list.iter()
            .enumerate()
            .filter_map(|(index, text)| {
                let tactic = checker.tactic(text, &format!("{pointer}/{key}/{index}"));
                if tactic.is_none() {
                    ok = false;
                }
                tactic.map(|tactic| checker.bundle.tactics[tactic].id.clone())
            })
            .collect()
    };
    let hand = cards(checker, &player.hand, "hand");
    let deck = cards(checker, &player.deck, "deck");
    let discard = cards(checker, &player.discard, "discard");
    if hand.len() > rules.hand_limit as usize {
        checker.report(
            CODE,
            &format!("{pointer}/hand"),
            format!(
                "a hand holds at most {} tactic cards, and this one {}",
                rules.hand_limit,
                hand.len()
            ),
            "over the hand limit",
            None,
        );
        ok = false;
    }
    if let Some(energy) = player.energy
        && energy > rules.energy_max
    {
        checker.report(
            CODE,
            &format!("{pointer}/energy"),
            format!("energy never goes above {}", rules.energy_max),
            "over the maximum",
            None,
        );
        ok = false;
    }
    (
        PlayerSetup {
            energy: player.energy,
            hand,
            deck,
            discard,
            victory_points: player.victory_points,
        },
        ok,
    )
}

/// Whether a seat's team shares what `shared` says (a pool, a deck).
fn team_shares(ground: &Ground, seat: usize, shared: impl Fn(&Team) -> bool) -> bool {
    match ground {
        Ground::Mission(mission) => mission
            .teams
            .iter()
            .find(|team| Some(&team.name) == mission.players[seat].team.as_ref())
            .is_some_and(shared),
        Ground::Board(_) => false,
    }
}

/// Whether a seat draws from its team's shared deck.
fn deck_is_shared(ground: &Ground, seat: usize) -> bool {
    match ground {
        Ground::Mission(mission) => {
            mission.players[seat].deck.is_none()
                && team_shares(ground, seat, |team| team.shared_deck.is_some())
        }
        Ground::Board(_) => false,
    }
}

/// The discovery tiles of `[[tiles]]`, each on a hex it may take.
fn tiles(
    checker: &mut Checker<'_, '_>,
    ground: &Ground,
    tiles: &[ScenarioTile],
) -> Option<Vec<PlacedTile>> {
    let (field, obstacles) = match ground {
        Ground::Mission(mission) => (mission.battlefield.clone(), mission.obstacles.as_slice()),
        Ground::Board(board) => (battlefield(board), &[][..]),
    };
    let mut ok = true;
    for index in 0..tiles.len() {
        ok &= tile_fits(checker, &field, obstacles, tiles, index);
    }
    ok.then(|| {
        tiles
            .iter()
            .map(|tile| PlacedTile {
                tile: tile.tile,
                at: tile.at,
                face: tile.face,
            })
            .collect()
    })
}

/// Whether tile `index` is on a whole hex of the battlefield, off the
/// mission's obstacles and off the tiles listed before it; reports why not.
fn tile_fits(
    checker: &mut Checker<'_, '_>,
    field: &Battlefield,
    obstacles: &[PlacedObstacle],
    tiles: &[ScenarioTile],
    index: usize,
) -> bool {
    let pointer = format!("/tiles/{index}/at");
    let tile = tiles[index];
    let ([column, row], name) = (tile.at, tile.tile.name());
    if !(1..=field.columns).contains(&column) || !(1..=field.rows).contains(&row) {
        checker.report(
            Code::OffBoard,
            &pointer,
            format!(
                "the {name} at [{column}, {row}] is outside the {}x{} battlefield",
                field.columns, field.rows
            ),
            "off the battlefield",
            Some("coordinates are [column, row], from [1, 1] at the top left".to_owned()),
        );
        return false;
    }
    if field.half_hexes.contains(&tile.at) {
        checker.report(
            Code::HalfHex,
            &pointer,
            format!("the {name} at [{column}, {row}] is on a half hex"),
            "half hexes can never be used",
            Some("move it to a whole hex: a board's outer ring and the hexes its `half_hexes` lists are half hexes".to_owned()),
        );
        return false;
    }
    if let Some(obstacle) = obstacles.iter().find(|o| o.at.contains(&tile.at)) {
        checker.report(
            Code::Overlap,
            &pointer,
            format!(
                "the {name} and the mission's {} both cover [{column}, {row}]",
                obstacle.kind.name()
            ),
            "on an obstacle",
            Some("a tile never shares a hex with an obstacle: move the tile".to_owned()),
        );
        return false;
    }
    if let Some(first) = tiles[..index].iter().position(|other| other.at == tile.at) {
        let first_name = tiles[first].tile.name();
        let diagnostic = Diagnostic::new(
            Code::Overlap,
            format!("the {name} and the {first_name} both cover [{column}, {row}]"),
        )
        .at(checker.at(&pointer))
        .label("overlaps")
        .note(
            checker.at(&format!("/tiles/{first}/at")),
            format!("the {first_name} is here"),
        );
        checker.diagnostics.push(diagnostic);
        return false;
    }
    true
}

/// The moment the steps begin.
fn start(checker: &mut Checker<'_, '_>, source: &ScenarioSource) -> Option<Start> {
    let Some(turn) = &source.turn else {
        return Some(Start::Turn {
            player: 0,
            phase: TurnPhase::Energy,
            round: 1,
            first_player: 0,
        });
    };
    if turn.setup {
        let mut ok = true;
        for (key, given) in [
            ("player", turn.player.is_some()),
            ("phase", turn.phase.is_some()),
            ("round", turn.round.is_some()),
            ("first_player", turn.first_player.is_some()),
        ] {
            if given {
                checker.report(
                    CODE,
                    &format!("/turn/{key}"),
                    format!("`{key}` is for a turn under way; `setup = true` starts before the first turn"),
                    "no turn yet",
                    Some("drop it: a `choose-first` step begins the first turn".to_owned()),
                );
                ok = false;
            }
        }
        return ok.then_some(Start::Setup);
    }
    let first_player = match &turn.first_player {
        Some(name) => checker.seat(name, "/turn/first_player")?,
        None => 0,
    };
    let player = match &turn.player {
        Some(name) => checker.seat(name, "/turn/player")?,
        None => first_player,
    };
    Some(Start::Turn {
        player,
        phase: turn.phase.unwrap_or(TurnPhase::Energy),
        round: turn.round.unwrap_or(1),
        first_player,
    })
}

/// The mission the engine sets up: the ground's, with the scenario's
/// fleets and decks, nothing placed at the start and nothing prepped.
fn mission(
    checker: &Checker<'_, '_>,
    ground: &Ground,
    source: &ScenarioSource,
    players: &[(PlayerSetup, Option<String>)],
    ships: &[ShipSetup],
) -> Mission {
    let mut mission = match ground {
        Ground::Mission(mission) => Mission::clone(mission),
        Ground::Board(board) => Mission {
            id: String::new(),
            name: String::new(),
            number: None,
            boards: vec![board.id.clone()],
            battlefield: battlefield(board),
            players: checker
                .seats
                .iter()
                .zip(&source.players)
                .map(|(seat, player)| Player {
                    name: seat.name.clone(),
                    faction: seat.faction.clone(),
                    team: Some(checker.teams[seat.team].clone()),
                    starting_zone: player.starting_zone.clone().unwrap_or_default(),
                    starting_energy: None,
                    fleet: FleetRule {
                        selection: Selection::Mission,
                        ships: Vec::new(),
                        fleet_cost: None,
                        required: Vec::new(),
                        forbidden: Vec::new(),
                        faction_exceptions: Vec::new(),
                        transport: true,
                        launched_at_start: false,
                    },
                    deck: None,
                    prepped: Vec::new(),
                    start: Vec::new(),
                })
                .collect(),
            teams: checker
                .teams
                .iter()
                .map(|name| Team {
                    name: name.clone(),
                    shared_energy: None,
                    shared_deck: None,
                })
                .collect(),
            obstacles: Vec::new(),
            discovery: Discovery::default(),
            victory: Victory::default(),
            special_rules: Vec::new(),
        },
    };
    // `:` is in no id, so this names no mission of the pack.
    mission.id = format!("scenario:{}", source.name);
    mission.name.clone_from(&source.name);

    // The cards of each deck: every card a scenario gives its players,
    // from their hands, decks, discards and attachments.
    let mut decks: BTreeMap<DeckKey, BTreeMap<String, u32>> = BTreeMap::new();
    let key = |seat: usize| -> DeckKey {
        if deck_is_shared(ground, seat) {
            DeckKey::Team(checker.seats[seat].team)
        } else {
            DeckKey::Seat(seat)
        }
    };
    for (seat, (player, _)) in players.iter().enumerate() {
        let counts = decks.entry(key(seat)).or_default();
        for card in player
            .hand
            .iter()
            .chain(&player.deck)
            .chain(&player.discard)
        {
            *counts.entry(card.clone()).or_default() += 1;
        }
    }
    for ship in ships {
        for (card, seat) in &ship.attached {
            *decks
                .entry(key(*seat))
                .or_default()
                .entry(card.clone())
                .or_default() += 1;
        }
    }
    let rule = |counts: Option<&BTreeMap<String, u32>>| DeckRule {
        selection: Selection::Mission,
        cards: counts
            .into_iter()
            .flatten()
            .map(|(card, count)| CardCount {
                card: card.clone(),
                count: *count,
            })
            .collect(),
        size: None,
        copy_limit: None,
        minimums: BTreeMap::new(),
        faction_exceptions: Vec::new(),
    };
    let shared_teams: BTreeSet<usize> = (0..checker.seats.len())
        .filter(|&seat| deck_is_shared(ground, seat))
        .map(|seat| checker.seats[seat].team)
        .collect();
    for (team_index, team) in mission.teams.iter_mut().enumerate() {
        if shared_teams.contains(&team_index) {
            team.shared_deck = Some(rule(decks.get(&DeckKey::Team(team_index))));
        }
    }
    for (seat, player) in mission.players.iter_mut().enumerate() {
        player.fleet.selection = Selection::Mission;
        player.fleet.ships = ships
            .iter()
            .enumerate()
            .filter(|(_, ship)| ship.player == seat)
            .map(|(index, ship)| {
                let fielded = checker.ships[index].as_ref().expect("resolved");
                ShipPick {
                    ship: ship.ship.clone(),
                    version: checker.bundle.ships[fielded.ship].versions[fielded.version].level,
                }
            })
            .collect();
        player.fleet.fleet_cost = None;
        player.fleet.required.clear();
        player.fleet.forbidden.clear();
        player.fleet.faction_exceptions.clear();
        player.fleet.launched_at_start = false;
        player.prepped.clear();
        player.start.clear();
        if !deck_is_shared(ground, seat) {
            player.deck = Some(rule(decks.get(&DeckKey::Seat(seat))));
        }
    }
    mission
}

/// Whose deck: a seat's own, or its team's shared one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum DeckKey {
    Seat(usize),
    Team(usize),
}
