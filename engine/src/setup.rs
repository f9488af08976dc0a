//! From a bundle's mission and the players' builds to a game's first state.
//!
//! [`Setup::new`] does everything that does not depend on the seed: it
//! picks each seat's fleet and deck (the mission's, the player's build, or a
//! deterministic default build), checks the start positions, and builds the
//! static [`Data`]. [`Setup::start`] then draws the chance of the setup from
//! the seed (deck shuffles, random discovery tiles, opening hands) and
//! returns the game, waiting for the setup placements and for the high
//! roller's choice of first player. A simulation builds one `Setup` and
//! starts it once per seed.
//!
//! The default build (a seat with player-selected ships or cards and no
//! build): the mission's listed ships and the required ones first, then,
//! repeatedly, the most expensive version of a not yet chosen ship card of
//! the seat's faction (or its exceptions, never a forbidden one) that fits
//! the remaining fleet cost, ties to the card first by id and the lower
//! version. The deck takes the mission's listed cards, then meets each
//! type minimum, then adds one copy of each faction card by id, round after
//! round, within the copy limit less the prepped copies, up to the deck size.

use std::sync::Arc;

use spacedock_schema::bundle::{Bundle, Mission};
use spacedock_schema::common::{Level, Size, TacticType};
use spacedock_schema::fleet::FleetSource;
use spacedock_schema::mission::{CardCount, DeckRule, Face, Selection};
use spacedock_schema::rules::{DiscoveryTile, Obstacle};

use crate::board::{Board, Pos};
use crate::data::{
    CardData, Data, DeckData, HitChart, KindData, PlayerData, PoolData, StartData, TacticData,
    TeamData, WeaponData,
};
use crate::game::Game;
use crate::ids::{Hex, PlayerId, ShipCardId, TacticId, TeamId};
use crate::powers::Powers;
use crate::rules;
use crate::state::{
    CardPlace, CardState, DeckState, Dice, ObstacleState, PlayerState, ShipState, Stage, State,
    TacticPlace, TacticState, TileState, TurnPhase,
};

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the bundle has no mission `{0}`")]
    UnknownMission(String),
    #[error(
        "the battlefield of `{0}` is too large: the engine plays at most {max} hexes (columns × rows)",
        max = spacedock_schema::bundle::Battlefield::MAX_HEXES
    )]
    Battlefield(String),
    #[error("the ruleset's footprints are not supported: small 1, medium 2 and large 7 hexes are")]
    Footprint,
    #[error(
        "the ruleset's dice need at least 2 faces each (letter die {letter}, number die {number})"
    )]
    Dice { letter: u32, number: u32 },
    #[error("{player}: no starting zone named `{zone}` on the battlefield")]
    UnknownZone { player: String, zone: String },
    #[error("{player}: no team named `{team}`")]
    UnknownTeam { player: String, team: String },
    #[error("{expected} builds expected (one per seat, or none), got {got}")]
    FleetCount { expected: usize, got: usize },
    #[error("{player}: the build is of faction `{faction}`, the seat's is `{wanted}`")]
    BuildFaction {
        player: String,
        faction: String,
        wanted: String,
    },
    #[error("{player}: the mission selects this seat's ships; a build lists exactly them")]
    BuildNotAllowed { player: String },
    #[error("{player}: the mission selects this seat's deck; a build lists exactly it, or none")]
    DeckNotAllowed { player: String },
    #[error("{first} and {second} share a tactic deck, and their builds give two different ones")]
    SharedDeckTwice { first: String, second: String },
    #[error("{player}: no ship card `{ship}` in the bundle")]
    UnknownShip { player: String, ship: String },
    #[error("{player}: ship card `{ship}` has no {level} version")]
    UnknownVersion {
        player: String,
        ship: String,
        level: &'static str,
    },
    #[error("{player}: no tactic card `{card}` in the bundle")]
    UnknownTactic { player: String, card: String },
    #[error("{player}: the fleet has two ships named `{ship}`")]
    DuplicateShip { player: String, ship: String },
    #[error("{player}: the mission places `{ship}`, which is not in the fleet")]
    MissingStartShip { player: String, ship: String },
    #[error("{player}: the start position of `{ship}` is not a legal place: {reason}")]
    StartPosition {
        player: String,
        ship: String,
        reason: &'static str,
    },
    #[error("{player}: no prepped `{card}` to attach to `{ship}`")]
    MissingPrepped {
        player: String,
        card: String,
        ship: String,
    },
    #[error("an obstacle is not on usable hexes of the battlefield")]
    ObstaclePosition,
    #[error("a discovery tile is not on a usable hex of the battlefield")]
    TilePosition,
    #[error("the mission picks {pick} random discovery tiles; the set has {available}")]
    DiscoveryInventory { pick: usize, available: usize },
    #[error(
        "the mission seats {0} players; the engine plays at most {max}",
        max = spacedock_schema::mission::MAX_PLAYERS
    )]
    TooManyPlayers(usize),
    #[error(
        "`{0}` has more than {max} secondary weapons, which the engine cannot tell apart",
        max = spacedock_schema::ship::MAX_SECONDARY_WEAPONS
    )]
    TooManySecondaries(String),
    #[error("the game has more {0} than the engine can number")]
    TooMany(&'static str),
}

/// A mission ready to start, everything but the seed decided.
#[derive(Clone, Debug)]
pub struct Setup {
    data: Arc<Data>,
    /// Tactic ids of each deck in build order, before the shuffle.
    deck_cards: Vec<Vec<TacticId>>,
    /// Prepped tactic ids of each player.
    prepped: Vec<Vec<TacticId>>,
    obstacles: Vec<ObstacleState>,
    fixed_tiles: Vec<TileState>,
    /// Random tiles: the inventory to draw from, and where they go.
    random_inventory: Vec<DiscoveryTile>,
    random_spots: Vec<(Hex, bool)>,
}

/// One seat's chosen fleet: (bundle ship index, version index), with the
/// build's hold plan by bundle ship index.
struct FleetPick {
    ship: usize,
    version: usize,
    hold: Vec<usize>,
}

impl Setup {
    /// Decides fleets and decks and checks the setup. `fleets` has one
    /// optional build per seat, or is empty (every seat gets the mission's
    /// fleet or the default build).
    pub fn new(
        bundle: Arc<Bundle>,
        mission_id: &str,
        fleets: &[Option<FleetSource>],
    ) -> Result<Setup, SetupError> {
        let mission_index = bundle
            .missions
            .iter()
            .position(|mission| mission.id == mission_id)
            .ok_or_else(|| SetupError::UnknownMission(mission_id.to_owned()))?;
        let mission = &bundle.missions[mission_index];
        let rules = &bundle.rules;
        if rules.footprint != spacedock_schema::rules::PerSize::PLAYED_FOOTPRINT {
            return Err(SetupError::Footprint);
        }
        // A one-faced number die would tie the roll for first player forever.
        if rules.letter_die < 2 || rules.number_die < 2 {
            return Err(SetupError::Dice {
                letter: rules.letter_die,
                number: rules.number_die,
            });
        }
        if !fleets.is_empty() && fleets.len() != mission.players.len() {
            return Err(SetupError::FleetCount {
                expected: mission.players.len(),
                got: fleets.len(),
            });
        }
        if mission.players.len() > spacedock_schema::mission::MAX_PLAYERS {
            return Err(SetupError::TooManyPlayers(mission.players.len()));
        }
        let board = Board::new(&mission.battlefield)
            .ok_or_else(|| SetupError::Battlefield(mission.id.clone()))?;

        // Teams, pools and seats.
        let teams: Vec<TeamData> = mission
            .teams
            .iter()
            .map(|team| TeamData {
                name: team.name.clone(),
            })
            .collect();
        let mut pools = Vec::new();
        let mut team_pool: Vec<Option<u8>> = vec![None; mission.teams.len()];
        let mut decks: Vec<DeckData> = Vec::new();
        let mut team_deck: Vec<Option<u8>> = vec![None; mission.teams.len()];
        let mut players = Vec::new();
        for (seat, player) in mission.players.iter().enumerate() {
            let team_name = player
                .team
                .clone()
                .unwrap_or_else(|| player.faction.clone());
            let team = mission
                .teams
                .iter()
                .position(|team| team.name == team_name)
                .ok_or_else(|| SetupError::UnknownTeam {
                    player: player.name.clone(),
                    team: team_name.clone(),
                })?;
            let zone =
                board
                    .zone(&player.starting_zone)
                    .ok_or_else(|| SetupError::UnknownZone {
                        player: player.name.clone(),
                        zone: player.starting_zone.clone(),
                    })?;
            let pool = if let Some(shared) = &mission.teams[team].shared_energy {
                *team_pool[team].get_or_insert_with(|| {
                    pools.push(PoolData {
                        start: shared.starting_energy as i32,
                        per_phase: shared.energy_per_phase as i32,
                        first_phase: shared
                            .first_player_first_phase_energy
                            .unwrap_or(shared.energy_per_phase)
                            as i32,
                    });
                    (pools.len() - 1) as u8
                })
            } else {
                pools.push(PoolData {
                    start: player.starting_energy.unwrap_or(rules.starting_energy) as i32,
                    per_phase: rules.energy_per_phase as i32,
                    first_phase: rules.first_player_first_phase_energy as i32,
                });
                (pools.len() - 1) as u8
            };
            let deck = if player.deck.is_none() && mission.teams[team].shared_deck.is_some() {
                *team_deck[team].get_or_insert_with(|| {
                    decks.push(DeckData {
                        players: Vec::new(),
                        size: 0,
                    });
                    (decks.len() - 1) as u8
                })
            } else {
                decks.push(DeckData {
                    players: Vec::new(),
                    size: 0,
                });
                (decks.len() - 1) as u8
            };
            decks[usize::from(deck)].players.push(PlayerId(seat as u8));
            players.push(PlayerData {
                name: player.name.clone(),
                faction: player.faction.clone(),
                team: TeamId(team as u8),
                zone,
                pool,
                deck,
                transport: player.fleet.transport,
            });
        }

        // Fleets.
        let mut picks: Vec<Vec<FleetPick>> = Vec::new();
        for (seat, player) in mission.players.iter().enumerate() {
            let build = fleets.get(seat).and_then(Option::as_ref);
            // The ship cards the other seats bring (the earlier seats'
            // fleets, the others' mission entries and builds): a default
            // build leaves them to them.
            let built = |other: usize| {
                fleets
                    .get(other)
                    .and_then(Option::as_ref)
                    .into_iter()
                    .flat_map(|build| build.ships.iter().map(|entry| entry.ship.as_str()))
            };
            let taken: Vec<usize> = picks
                .iter()
                .flatten()
                .map(|pick| pick.ship)
                .chain(
                    mission
                        .players
                        .iter()
                        .enumerate()
                        .filter(|&(other, _)| other != seat)
                        .flat_map(|(other, player)| listed_ships(player).chain(built(other)))
                        .filter_map(|name| ship_index(&bundle, name)),
                )
                .collect();
            let fleet = fleet_for(&bundle, mission, seat, build, &taken)?;
            for (index, pick) in fleet.iter().enumerate() {
                // By name: two cards a pack gave one name are one ship.
                let name = &bundle.ships[pick.ship].name;
                if fleet[..index]
                    .iter()
                    .any(|other| bundle.ships[other.ship].name == *name)
                {
                    return Err(SetupError::DuplicateShip {
                        player: player.name.clone(),
                        ship: name.clone(),
                    });
                }
            }
            picks.push(fleet);
        }

        // Ship cards and ships.
        let weapon = |weapon: &spacedock_schema::common::Weapon| {
            WeaponData::from_schema(weapon, &rules.damage_types)
        };
        let mut charts = Vec::new();
        let mut cards = Vec::new();
        let mut ships = Vec::new();
        for (seat, fleet) in picks.iter().enumerate() {
            for pick in fleet {
                let ship = &bundle.ships[pick.ship];
                let version = &ship.versions[pick.version];
                if version.secondary.len() > spacedock_schema::ship::MAX_SECONDARY_WEAPONS {
                    return Err(SetupError::TooManySecondaries(ship.name.clone()));
                }
                let id = ShipCardId(
                    u16::try_from(cards.len()).map_err(|_| SetupError::TooMany("ship cards"))?,
                );
                let first = ships.len();
                for _ in 0..ship.ships.max(1) {
                    ships.push(id);
                }
                if ships.len() >= usize::from(u16::MAX) {
                    return Err(SetupError::TooMany("ships"));
                }
                charts.push(HitChart::parse(
                    &version.hit_chart,
                    rules.letter_die,
                    rules.number_die,
                ));
                let mut weapons = vec![weapon(&version.primary)];
                weapons.extend(version.secondary.iter().map(weapon));
                cards.push(CardData {
                    owner: PlayerId(seat as u8),
                    ship: pick.ship,
                    version: pick.version,
                    name_group: bundle
                        .ships
                        .iter()
                        .position(|other| other.name == ship.name)
                        .unwrap_or(pick.ship),
                    size: ship.size,
                    icon: ship.icon,
                    faction: ship.faction.clone(),
                    ships: first as u16..ships.len() as u16,
                    launch_cost: version.launch_cost as i32,
                    activation_cost: version.activation_cost as i32,
                    movement: version.movement as i32,
                    shield: version.shield as i32,
                    hull: version.hull as i32,
                    capacity: version.capacity.unwrap_or(0) as i32,
                    slots: version.slots,
                    weapons,
                    chart: charts.len() - 1,
                    hold_plan: Vec::new(),
                    start: None,
                });
            }
        }
        // Hold plans of the builds, now that every card has an id.
        let mut next = 0;
        for (seat, fleet) in picks.iter().enumerate() {
            for pick in fleet {
                let plan = pick
                    .hold
                    .iter()
                    .filter_map(|&held| {
                        cards.iter().position(|card| {
                            card.owner == PlayerId(seat as u8) && card.ship == held
                        })
                    })
                    .map(|index| ShipCardId(index as u16))
                    .collect();
                cards[next].hold_plan = plan;
                next += 1;
            }
        }

        // Tactic cards: kinds, decks and prepped cards.
        let kinds: Vec<KindData> = bundle
            .tactics
            .iter()
            .map(|tactic| KindData {
                name_group: bundle
                    .tactics
                    .iter()
                    .position(|other| other.name == tactic.name)
                    .unwrap_or(0) as u16,
                kind: tactic.kind,
                icon: tactic.icon,
                phase: tactic.phase,
                cost: tactic.cost as i32,
                faction: tactic.faction.clone(),
                weapon: tactic.weapon.as_ref().map(weapon),
            })
            .collect();
        let mut tactics = Vec::new();
        let mut deck_cards = vec![Vec::new(); decks.len()];
        for (deck_index, deck) in decks.iter().enumerate() {
            let first = deck.players[0];
            let player = &mission.players[first.index()];
            let team = players[first.index()].team.index();
            let rule = player
                .deck
                .as_ref()
                .or(mission.teams[team].shared_deck.as_ref());
            let Some(rule) = rule else { continue };
            // The teammate whose build gives the deck, named by its errors;
            // teammates' builds giving one shared deck give the same one.
            let given: Vec<(PlayerId, &FleetSource)> = deck
                .players
                .iter()
                .filter_map(|seat| {
                    fleets
                        .get(seat.index())
                        .and_then(Option::as_ref)
                        .filter(|build| !build.deck.is_empty())
                        .map(|build| (*seat, build))
                })
                .collect();
            let cards = |build: &FleetSource| {
                let mut kinds = card_kinds(&bundle, &build.deck).ok();
                if let Some(kinds) = &mut kinds {
                    kinds.sort_unstable();
                }
                kinds
            };
            if let [(seat, build), rest @ ..] = &given[..]
                && let Some((other, _)) =
                    rest.iter().find(|(_, other)| cards(other) != cards(build))
            {
                return Err(SetupError::SharedDeckTwice {
                    first: mission.players[seat.index()].name.clone(),
                    second: mission.players[other.index()].name.clone(),
                });
            }
            let (builder, build) = given
                .first()
                .map_or((first, None), |(seat, build)| (*seat, Some(*build)));
            let fleet_cost = player.fleet.fleet_cost.unwrap_or_else(|| {
                picks[first.index()]
                    .iter()
                    .map(|pick| bundle.ships[pick.ship].versions[pick.version].launch_cost)
                    .sum()
            });
            let prepped: Vec<&str> = deck
                .players
                .iter()
                .flat_map(|seat| mission.players[seat.index()].prepped.iter())
                .map(|prepped| prepped.card.as_str())
                .collect();
            let list = deck_for(&bundle, mission, builder, rule, build, fleet_cost, &prepped)?;
            for kind in list {
                let id = TacticId(
                    u16::try_from(tactics.len())
                        .map_err(|_| SetupError::TooMany("tactic cards"))?,
                );
                tactics.push(TacticData {
                    kind,
                    deck: deck_index as u8,
                });
                deck_cards[deck_index].push(id);
            }
        }
        let mut prepped = vec![Vec::new(); players.len()];
        for (seat, player) in mission.players.iter().enumerate() {
            for card in &player.prepped {
                let kind =
                    tactic_index(&bundle, &card.card).ok_or_else(|| SetupError::UnknownTactic {
                        player: player.name.clone(),
                        card: card.card.clone(),
                    })?;
                let id = TacticId(
                    u16::try_from(tactics.len())
                        .map_err(|_| SetupError::TooMany("tactic cards"))?,
                );
                tactics.push(TacticData {
                    kind,
                    deck: players[seat].deck,
                });
                prepped[seat].push(id);
            }
        }

        for tactic in &tactics {
            decks[usize::from(tactic.deck)].size += 1;
        }

        // Start positions.
        for (seat, player) in mission.players.iter().enumerate() {
            for start in &player.start {
                let card = cards
                    .iter()
                    .position(|card| {
                        card.owner == PlayerId(seat as u8)
                            && bundle.ships[card.ship].id == start.ship
                    })
                    .ok_or_else(|| SetupError::MissingStartShip {
                        player: player.name.clone(),
                        ship: start.ship.clone(),
                    })?;
                let size = cards[card].size;
                let count = cards[card].ships.len();
                let per_ship = rules.footprint.get(size) as usize;
                let reason = |reason| SetupError::StartPosition {
                    player: player.name.clone(),
                    ship: start.ship.clone(),
                    reason,
                };
                let mut at = Vec::new();
                if !start.at.is_empty() {
                    if start.at.len() != per_ship * count {
                        return Err(reason("one hex per footprint hex of each ship is needed"));
                    }
                    for hexes in start.at.chunks(per_ship) {
                        let hexes: Option<Vec<Hex>> =
                            hexes.iter().map(|coord| board.hex(*coord)).collect();
                        let hexes = hexes.ok_or_else(|| reason("a hex is off the battlefield"))?;
                        let pos = start_pos(&board, size, &hexes)
                            .ok_or_else(|| reason("the hexes are not the ship's footprint"))?;
                        at.push(pos);
                    }
                }
                let mut attached = Vec::new();
                for name in &start.attached {
                    let kind =
                        tactic_index(&bundle, name).ok_or_else(|| SetupError::UnknownTactic {
                            player: player.name.clone(),
                            card: name.clone(),
                        })?;
                    attached.push(kind);
                }
                cards[card].start = Some(StartData {
                    at,
                    shields: start.shields.map(|shields| shields as i32),
                    hull_damage: start.hull_damage as i32,
                    attached,
                });
            }
        }

        // Obstacles and discovery tiles.
        let mut obstacles = Vec::new();
        for placed in &mission.obstacles {
            let mut hexes = [Hex(0); 7];
            if placed.at.len() > 7 || placed.at.is_empty() {
                return Err(SetupError::ObstaclePosition);
            }
            for (slot, coord) in hexes.iter_mut().zip(&placed.at) {
                *slot = board
                    .hex(*coord)
                    .filter(|hex| board.usable(*hex))
                    .ok_or(SetupError::ObstaclePosition)?;
            }
            obstacles.push(ObstacleState {
                kind: placed.kind,
                hexes,
                len: placed.at.len() as u8,
            });
        }
        let tile_hex = |coord| {
            board
                .hex(coord)
                .filter(|hex| board.usable(*hex))
                .ok_or(SetupError::TilePosition)
        };
        let mut fixed_tiles = Vec::new();
        for tile in &mission.discovery.tiles {
            fixed_tiles.push(TileState {
                tile: tile.tile,
                hex: tile_hex(tile.at)?,
                face_up: tile.face == Face::Power,
            });
        }
        let mut random_inventory = Vec::new();
        let mut random_spots = Vec::new();
        if let Some(random) = &mission.discovery.random {
            for (tile, count) in &rules.components.discovery_tiles {
                let used = fixed_tiles
                    .iter()
                    .filter(|fixed| fixed.tile == *tile)
                    .count();
                for _ in used..*count as usize {
                    random_inventory.push(*tile);
                }
            }
            let pick = (random.pick as usize).min(random.at.len());
            if pick > random_inventory.len() {
                return Err(SetupError::DiscoveryInventory {
                    pick,
                    available: random_inventory.len(),
                });
            }
            for coord in random.at.iter().take(pick) {
                random_spots.push((tile_hex(*coord)?, random.face == Face::Power));
            }
        }
        if fixed_tiles.len() + random_spots.len() > 250 || obstacles.len() > 250 {
            return Err(SetupError::TooMany("tiles or obstacles"));
        }

        let mut data = Data {
            bundle,
            mission: mission_index,
            board,
            players,
            teams,
            pools,
            decks,
            cards,
            ships,
            tactics,
            kinds,
            charts,
            powers: Powers::default(),
            asks: false,
        };
        data.powers = crate::effects::program::compile(&data);
        data.asks = crate::question::asks(&data);
        let setup = Setup {
            data: Arc::new(data),
            deck_cards,
            prepped,
            obstacles,
            fixed_tiles,
            random_inventory,
            random_spots,
        };
        setup.check_start_positions()?;
        Ok(setup)
    }

    /// Start ships must stand on usable, empty hexes, clear of obstacles.
    fn check_start_positions(&self) -> Result<(), SetupError> {
        let data = &self.data;
        let mut taken = vec![false; data.board.len()];
        for obstacle in &self.obstacles {
            if obstacle.kind == Obstacle::Asteroid {
                for hex in obstacle.hexes() {
                    taken[hex.index()] = true;
                }
            }
        }
        for card in &data.cards {
            let Some(start) = &card.start else { continue };
            for pos in &start.at {
                let mut hexes = [Hex(0); 7];
                let error = SetupError::StartPosition {
                    player: data.players[card.owner.index()].name.clone(),
                    ship: data.bundle.ships[card.ship].id.clone(),
                    reason: "a hex is a half hex, an asteroid or another ship's",
                };
                let len = data
                    .board
                    .footprint(card.size, *pos, &mut hexes)
                    .ok_or(error.clone())?;
                for hex in &hexes[..len] {
                    if !data.board.usable(*hex) || taken[hex.index()] {
                        return Err(error);
                    }
                    taken[hex.index()] = true;
                }
            }
        }
        Ok(())
    }

    /// The static data's bundle.
    pub fn bundle(&self) -> &Arc<Bundle> {
        &self.data.bundle
    }

    /// The game with this seed, waiting for its first decision.
    pub fn start(&self, seed: u64) -> Game {
        let data = &self.data;
        let rules = data.rules();
        let len = data.board.len();
        let mut dice = Dice::new(seed);
        let mut decks: Vec<DeckState> = self
            .deck_cards
            .iter()
            .map(|cards| DeckState {
                cards: cards.clone(),
                ..DeckState::default()
            })
            .collect();
        for deck in &mut decks {
            dice.shuffle(&mut deck.cards);
        }
        let mut tactics = vec![
            TacticState {
                place: TacticPlace::Deck,
                charged: 0,
            };
            data.tactics.len()
        ];
        for (seat, prepped) in self.prepped.iter().enumerate() {
            for id in prepped {
                tactics[id.index()].place = TacticPlace::Prepped(PlayerId(seat as u8));
            }
        }
        let mut tiles = self.fixed_tiles.clone();
        let mut inventory = self.random_inventory.clone();
        dice.shuffle(&mut inventory);
        for ((hex, face_up), tile) in self.random_spots.iter().zip(inventory) {
            tiles.push(TileState {
                tile,
                hex: *hex,
                face_up: *face_up,
            });
        }
        let mut terrain = vec![0u8; len];
        for (index, obstacle) in self.obstacles.iter().enumerate() {
            for hex in obstacle.hexes() {
                terrain[hex.index()] = index as u8 + 1;
            }
        }
        let mut tile_at = vec![0u8; len];
        for (index, tile) in tiles.iter().enumerate() {
            tile_at[tile.hex.index()] = index as u8 + 1;
        }
        let energy = data
            .pools
            .iter()
            .map(|pool| {
                pool.start
                    .clamp(rules.energy_min as i32, rules.energy_max as i32)
            })
            .collect();
        let state = State {
            dice,
            round: 0,
            turn: 0,
            steps: 0,
            active: PlayerId(0),
            first_player: PlayerId(0),
            phase: TurnPhase::Energy,
            stage: Stage::Main,
            setup_queue: Vec::new(),
            energy,
            players: vec![PlayerState::default(); data.players.len()],
            decks,
            cards: data
                .cards
                .iter()
                .map(|card| CardState {
                    controller: card.owner,
                    place: CardPlace::Screen,
                    launched_turn: 0,
                    activated: false,
                    attached: Vec::new(),
                })
                .collect(),
            ships: vec![ShipState::default(); data.ships.len()],
            tactics,
            tiles,
            obstacles: self.obstacles.clone(),
            occupant: vec![0; len],
            terrain,
            tile_at,
            victory_points: vec![0; data.teams.len()],
            decks_out: Vec::new(),
            activation: None,
            first_phase_done: false,
            effects: crate::effects::EffectState::default(),
            outcome: None,
            pending: None,
        };
        let mut game = Game::from_parts(Arc::clone(&self.data), state);
        rules::turn::begin_setup(&mut game);
        game
    }
}

/// The index of the item `text` names: by id first, then by name, as the
/// compiler resolves references (a name may be another item's id).
pub(crate) fn id_or_name<T>(
    items: &[T],
    text: &str,
    keys: impl Fn(&T) -> (&str, &str),
) -> Option<usize> {
    items
        .iter()
        .position(|item| keys(item).0 == text)
        .or_else(|| items.iter().position(|item| keys(item).1 == text))
}

/// The bundle index of a ship card by id or name.
pub(crate) fn ship_index(bundle: &Bundle, name: &str) -> Option<usize> {
    id_or_name(&bundle.ships, name, |ship| (&ship.id, &ship.name))
}

/// The bundle index of a tactic card by id or name.
pub(crate) fn tactic_index(bundle: &Bundle, name: &str) -> Option<usize> {
    id_or_name(&bundle.tactics, name, |tactic| (&tactic.id, &tactic.name))
}

/// A list of card counts as one bundle tactic index per copy; the first
/// card that names nothing as the error.
fn card_kinds<'c>(bundle: &Bundle, counts: &'c [CardCount]) -> Result<Vec<usize>, &'c str> {
    let mut kinds = Vec::new();
    for count in counts {
        let kind = tactic_index(bundle, &count.card).ok_or(count.card.as_str())?;
        kinds.extend(std::iter::repeat_n(kind, count.count as usize));
    }
    Ok(kinds)
}

fn version_index(bundle: &Bundle, ship: usize, level: Level) -> Option<usize> {
    bundle.ships[ship]
        .versions
        .iter()
        .position(|version| version.level == level)
}

/// The ship cards a seat's mission entry names: its listed, required and
/// starting ships.
fn listed_ships(player: &spacedock_schema::mission::Player) -> impl Iterator<Item = &str> {
    player
        .fleet
        .ships
        .iter()
        .map(|pick| pick.ship.as_str())
        .chain(player.fleet.required.iter().map(String::as_str))
        .chain(player.start.iter().map(|start| start.ship.as_str()))
}

/// The fleet of `seat`: the mission's list, the seat's build, or else the
/// default build, which leaves out the ship cards of `taken` (those other
/// seats bring: a game set holds one of each).
fn fleet_for(
    bundle: &Bundle,
    mission: &Mission,
    seat: usize,
    build: Option<&FleetSource>,
    taken: &[usize],
) -> Result<Vec<FleetPick>, SetupError> {
    let player = &mission.players[seat];
    let rule = &player.fleet;
    let unknown = |ship: &str| SetupError::UnknownShip {
        player: player.name.clone(),
        ship: ship.to_owned(),
    };
    // A build is of the seat's faction (by id or name), as `fleet check`
    // wants; a trace edited by hand may say otherwise.
    if let Some(build) = build {
        let faction = |text: &str| {
            id_or_name(&bundle.factions, text, |faction| {
                (&faction.id, &faction.name)
            })
        };
        let seat = faction(&player.faction);
        if faction(&build.faction).is_none_or(|index| Some(index) != seat) {
            return Err(SetupError::BuildFaction {
                player: player.name.clone(),
                faction: build.faction.clone(),
                wanted: player.faction.clone(),
            });
        }
    }
    let mut fleet = Vec::new();
    for pick in &rule.ships {
        let ship = ship_index(bundle, &pick.ship).ok_or_else(|| unknown(&pick.ship))?;
        let version = version_index(bundle, ship, pick.version).ok_or_else(|| {
            SetupError::UnknownVersion {
                player: player.name.clone(),
                ship: pick.ship.clone(),
                level: pick.version.name(),
            }
        })?;
        fleet.push(FleetPick {
            ship,
            version,
            hold: Vec::new(),
        });
    }
    if let Some(build) = build {
        let mut given = Vec::new();
        for entry in &build.ships {
            let ship = ship_index(bundle, &entry.ship).ok_or_else(|| unknown(&entry.ship))?;
            let version = version_index(bundle, ship, entry.version).ok_or_else(|| {
                SetupError::UnknownVersion {
                    player: player.name.clone(),
                    ship: entry.ship.clone(),
                    level: entry.version.name(),
                }
            })?;
            let hold = entry
                .transport
                .iter()
                .map(|held| ship_index(bundle, held).ok_or_else(|| unknown(held)))
                .collect::<Result<_, _>>()?;
            given.push((ship, version));
            if let Some(listed) = fleet.iter_mut().find(|pick| pick.ship == ship) {
                listed.hold = hold;
            } else {
                fleet.push(FleetPick {
                    ship,
                    version,
                    hold,
                });
            }
        }
        // A fleet the mission selects is brought as listed (as `fleet
        // check` wants it): a build of it says only what its holds carry.
        if rule.selection == Selection::Mission {
            let mut listed: Vec<(usize, usize)> = fleet
                .iter()
                .take(rule.ships.len())
                .map(|pick| (pick.ship, pick.version))
                .collect();
            listed.sort_unstable();
            given.sort_unstable();
            if listed != given || fleet.len() != rule.ships.len() {
                return Err(SetupError::BuildNotAllowed {
                    player: player.name.clone(),
                });
            }
        }
        return Ok(fleet);
    }
    if rule.selection == Selection::Mission {
        return Ok(fleet);
    }
    // The default build.
    let budget = rule.fleet_cost.unwrap_or(0);
    let mut spent: u32 = fleet
        .iter()
        .map(|pick| bundle.ships[pick.ship].versions[pick.version].launch_cost)
        .sum();
    let allowed = |ship: usize| {
        let card = &bundle.ships[ship];
        (card.faction == player.faction || rule.faction_exceptions.contains(&card.id))
            && !rule.forbidden.contains(&card.id)
    };
    let required: Vec<usize> = rule
        .required
        .iter()
        .chain(player.start.iter().map(|start| &start.ship))
        .map(|name| ship_index(bundle, name).ok_or_else(|| unknown(name)))
        .collect::<Result<_, _>>()?;
    for ship in required {
        if fleet.iter().any(|pick| pick.ship == ship) {
            continue;
        }
        let versions = &bundle.ships[ship].versions;
        let best = (0..versions.len())
            .filter(|&v| spent + versions[v].launch_cost <= budget)
            .max_by_key(|&v| (versions[v].launch_cost, std::cmp::Reverse(v)))
            .or_else(|| (0..versions.len()).min_by_key(|&v| versions[v].launch_cost));
        if let Some(version) = best {
            spent += versions[version].launch_cost;
            fleet.push(FleetPick {
                ship,
                version,
                hold: Vec::new(),
            });
        }
    }
    loop {
        let mut best: Option<(u32, usize, usize)> = None;
        for ship in 0..bundle.ships.len() {
            let name = &bundle.ships[ship].name;
            if !allowed(ship)
                || fleet.iter().any(|pick| pick.ship == ship)
                || taken.iter().any(|&other| bundle.ships[other].name == *name)
            {
                continue;
            }
            for (version, data) in bundle.ships[ship].versions.iter().enumerate() {
                if spent + data.launch_cost <= budget
                    && best.is_none_or(|(cost, _, _)| data.launch_cost > cost)
                {
                    best = Some((data.launch_cost, ship, version));
                }
            }
        }
        let Some((cost, ship, version)) = best else {
            break;
        };
        spent += cost;
        fleet.push(FleetPick {
            ship,
            version,
            hold: Vec::new(),
        });
    }
    Ok(fleet)
}

/// A deck's cards as bundle tactic indexes.
fn deck_for(
    bundle: &Bundle,
    mission: &Mission,
    seat: PlayerId,
    rule: &DeckRule,
    build: Option<&FleetSource>,
    fleet_cost: u32,
    prepped: &[&str],
) -> Result<Vec<usize>, SetupError> {
    let player = &mission.players[seat.index()];
    let unknown = |card: &str| SetupError::UnknownTactic {
        player: player.name.clone(),
        card: card.to_owned(),
    };
    let mut list = card_kinds(bundle, &rule.cards).map_err(unknown)?;
    // A build's deck is the whole deck: one of a combined selection holds
    // the mission's cards too (as `fleet check` wants it).
    let mut built = match build {
        Some(build) => card_kinds(bundle, &build.deck).map_err(unknown)?,
        None => Vec::new(),
    };
    if rule.selection == Selection::Mission {
        let mut listed = list.clone();
        listed.sort_unstable();
        built.sort_unstable();
        if !built.is_empty() && built != listed {
            return Err(SetupError::DeckNotAllowed {
                player: player.name.clone(),
            });
        }
        return Ok(list);
    }
    if build.is_some() {
        return Ok(if built.is_empty() { list } else { built });
    }
    let size = rule
        .size
        .unwrap_or_else(|| bundle.rules.deck_size_for(fleet_cost)) as usize;
    let limit = rule.copy_limit.unwrap_or(bundle.rules.deck_copy_limit) as usize;
    let candidates: Vec<usize> = (0..bundle.tactics.len())
        .filter(|&kind| {
            let tactic = &bundle.tactics[kind];
            tactic.faction == player.faction || rule.faction_exceptions.contains(&tactic.id)
        })
        .collect();
    // The copy limit is of a card's name (two printings share it), and
    // prepped copies count against it.
    let prepped: Vec<&str> = prepped
        .iter()
        .filter_map(|card| tactic_index(bundle, card))
        .map(|kind| bundle.tactics[kind].name.as_str())
        .collect();
    let room = |list: &[usize], kind: usize| {
        let name = bundle.tactics[kind].name.as_str();
        let held = list
            .iter()
            .filter(|&&other| bundle.tactics[other].name == name)
            .count();
        let set_aside = prepped.iter().filter(|&&other| other == name).count();
        held + set_aside < limit
    };
    for kind_type in TacticType::ALL {
        let minimum = rule.minimums.get(&kind_type).copied().unwrap_or(0) as usize;
        let of_type: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&kind| bundle.tactics[kind].kind == kind_type)
            .collect();
        'fill: while list
            .iter()
            .filter(|&&kind| bundle.tactics[kind].kind == kind_type)
            .count()
            < minimum
            && list.len() < size
        {
            for &kind in &of_type {
                if room(&list, kind) {
                    list.push(kind);
                    continue 'fill;
                }
            }
            break;
        }
    }
    'round: while list.len() < size {
        let mut added = false;
        for &kind in &candidates {
            if list.len() >= size {
                break 'round;
            }
            if room(&list, kind) {
                list.push(kind);
                added = true;
            }
        }
        if !added {
            break;
        }
    }
    Ok(list)
}

/// The position of a start ship from its hexes in the mission's order.
fn start_pos(board: &Board, size: Size, hexes: &[Hex]) -> Option<Pos> {
    match size {
        Size::Small => Some(Pos {
            at: hexes[0],
            dir: 0,
        }),
        Size::Medium => Some(Pos {
            at: hexes[0],
            dir: board.direction(hexes[0], hexes[1])?,
        }),
        Size::Large => {
            let centre = hexes.iter().copied().find(|&centre| {
                hexes
                    .iter()
                    .all(|&hex| hex == centre || board.distance(centre, hex) == 1)
            })?;
            let pos = Pos { at: centre, dir: 0 };
            let mut flower = [Hex(0); 7];
            board.footprint(size, pos, &mut flower)?;
            let mut sorted = hexes.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            let mut expected = flower.to_vec();
            expected.sort_unstable();
            (sorted == expected).then_some(pos)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::id_or_name;

    #[test]
    fn an_id_wins_over_another_items_name() {
        // A ship card may be named as another's id: references resolve to
        // the id, as the compiler resolves them, whatever the order.
        let items = [["aaa-decoy", "isn-everest"], ["isn-everest", "ISN Everest"]];
        let find = |text| id_or_name(&items, text, |item| (item[0], item[1]));
        assert_eq!(find("isn-everest"), Some(1));
        assert_eq!(find("ISN Everest"), Some(1));
        assert_eq!(find("aaa-decoy"), Some(0));
        assert_eq!(find("nothing"), None);
    }
}
