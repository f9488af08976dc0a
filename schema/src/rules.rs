//! `rules.toml`: the numbers of the game's rules.
//!
//! Every key is optional; a missing key takes the rulebook's value, so an
//! empty or absent `rules.toml` is the Saturn Offensive ruleset. The one value
//! the two printed texts disagree on, the warp gate's range (13 spaces in the
//! rulebook, 14 in the rules summary), defaults to the rulebook's 13.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::Size;

/// The ruleset. `Rules::default()` is the rulebook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Energy each player starts with.
    #[schemars(range(max = 1000))]
    pub starting_energy: u32,
    /// Energy gained at the start of each energy phase.
    #[schemars(range(max = 1000))]
    pub energy_per_phase: u32,
    /// Energy the first player gains in their first energy phase instead.
    #[schemars(range(max = 1000))]
    pub first_player_first_phase_energy: u32,
    /// Energy never goes below this.
    #[schemars(range(max = 1000))]
    pub energy_min: u32,
    /// Energy never goes above this; extra gains are lost.
    #[schemars(range(min = 1, max = 1000))]
    pub energy_max: u32,
    /// Energy gained for each tactic card discarded from the hand.
    #[schemars(range(max = 100))]
    pub energy_per_discard: u32,
    /// Tactic cards dealt at the start of the game.
    #[schemars(range(max = 100))]
    pub opening_hand: u32,
    /// Most tactic cards a hand may hold.
    #[schemars(range(min = 1, max = 100))]
    pub hand_limit: u32,
    /// Tactic cards drawn in each energy phase.
    #[schemars(range(max = 100))]
    pub draws_per_phase: u32,
    /// Most copies of one tactic card in a deck, prepped cards included.
    #[schemars(range(min = 1, max = 100))]
    pub deck_copy_limit: u32,
    /// A player-selected deck holds floor(fleet cost / this) cards.
    #[schemars(range(min = 1, max = 100))]
    pub deck_size_divisor: u32,
    /// How many times an exhausted tactic deck is reshuffled from the discards.
    #[schemars(range(max = 100))]
    pub deck_reshuffles: u32,
    /// "Destroy all" victory cannot be achieved before this round.
    #[schemars(range(min = 1, max = 100))]
    pub destroy_all_earliest_round: u32,
    /// Faces of the letter die (A, B, ...): the columns of a hit-location chart.
    #[schemars(range(min = 2, max = 26))]
    pub letter_die: u32,
    /// Faces of the number die (1, 2, ...): the rows of a hit-location chart.
    /// At least 2: ties for the first player are rolled again.
    #[schemars(range(min = 2, max = 99))]
    pub number_die: u32,
    /// Hexes covered by one ship of each size; also the transport spaces it fills.
    pub footprint: PerSize,
    /// Number-die roll at or above which ECM damage is dealt.
    #[schemars(range(min = 1, max = 99))]
    pub ecm_threshold: u32,
    /// Direct ECM damage by the size of the ship moved next to.
    pub ecm_damage: PerSize,
    /// Number-die roll at or below which a debris field deals damage.
    #[schemars(range(max = 99))]
    pub debris_damage_max_roll: u32,
    /// Direct debris damage dealt.
    #[schemars(range(max = 99))]
    pub debris_damage: u32,
    /// Number-die roll at or above which asteroid cover makes a hit miss.
    #[schemars(range(min = 1, max = 99))]
    pub asteroid_cover_threshold: u32,
    /// Spaces an obstacle covers.
    #[schemars(range(min = 1, max = 7))]
    pub obstacle_spaces: u32,
    /// Range added to the primary weapon of a ship on the alien artifact.
    #[schemars(range(max = 99))]
    pub alien_artifact_range: u32,
    /// Energy gained at the energy phase with a ship on an energy source.
    #[schemars(range(max = 99))]
    pub energy_source_energy: u32,
    /// Primary range added to all your ships while one is on the observation station.
    #[schemars(range(max = 99))]
    pub observation_station_range: u32,
    /// Extra tactic cards drawn with a ship on the orbital market.
    #[schemars(range(max = 99))]
    pub orbital_market_draws: u32,
    /// Shield pegs a shield regenerator restores, never above the starting shield.
    #[schemars(range(max = 99))]
    pub shield_regenerator_shields: u32,
    /// Spaces from a warp gate within which a ship may be placed. The rulebook
    /// says 13, the rules summary 14; the default follows the rulebook.
    #[schemars(range(min = 1, max = 99))]
    pub warp_gate_range: u32,
    /// Named damage types that weapons and powers may deal.
    pub damage_types: Vec<String>,
    /// Obstacles and discovery tiles in one game set.
    pub components: Components,
}

/// One number per ship size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PerSize {
    #[schemars(range(max = 99))]
    pub small: u32,
    #[schemars(range(max = 99))]
    pub medium: u32,
    #[schemars(range(max = 99))]
    pub large: u32,
}

impl PerSize {
    /// The footprints whose ship shapes the engine moves and places (a hex,
    /// two hexes, a hex and its six neighbours); the rulebook's reading.
    pub const PLAYED_FOOTPRINT: PerSize = PerSize {
        small: 1,
        medium: 2,
        large: 7,
    };

    pub fn get(&self, size: Size) -> u32 {
        match size {
            Size::Small => self.small,
            Size::Medium => self.medium,
            Size::Large => self.large,
        }
    }
}

/// The obstacles and discovery tiles that come in one game set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Components {
    #[schemars(range(max = 99))]
    pub asteroids: u32,
    #[schemars(range(max = 99))]
    pub debris_fields: u32,
    /// How many of each discovery tile a set holds.
    #[schemars(schema_with = "tile_counts")]
    pub discovery_tiles: BTreeMap<DiscoveryTile, u32>,
}

/// The schema of `discovery_tiles`: each kind's count bounded as the
/// obstacles' are (a game lays out every tile it draws from).
fn tile_counts(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let properties: serde_json::Map<String, serde_json::Value> = DiscoveryTile::ALL
        .iter()
        .map(|tile| {
            let count = serde_json::json!({ "type": "integer", "minimum": 0, "maximum": 99 });
            (tile.name().to_owned(), count)
        })
        .collect();
    schemars::json_schema!({
        "description": "How many of each discovery tile a set holds.",
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    })
}

impl Default for Components {
    fn default() -> Self {
        Components {
            asteroids: 4,
            debris_fields: 4,
            discovery_tiles: DiscoveryTile::ALL
                .into_iter()
                .map(|tile| {
                    let count = match tile {
                        DiscoveryTile::EnergySource | DiscoveryTile::ShieldRegenerator => 2,
                        _ => 1,
                    };
                    (tile, count)
                })
                .collect(),
        }
    }
}

/// The obstacles of the game.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Obstacle {
    Asteroid,
    DebrisField,
}

impl Obstacle {
    pub fn name(self) -> &'static str {
        match self {
            Obstacle::Asteroid => "asteroid",
            Obstacle::DebrisField => "debris-field",
        }
    }
}

/// The discovery tiles of the game. Their effects are rules of the engine;
/// their numbers are ruleset values.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DiscoveryTile {
    AlienArtifact,
    EnergySource,
    ObservationStation,
    OrbitalMarket,
    ShieldRegenerator,
    WarpGate,
}

impl DiscoveryTile {
    pub const ALL: [DiscoveryTile; 6] = [
        DiscoveryTile::AlienArtifact,
        DiscoveryTile::EnergySource,
        DiscoveryTile::ObservationStation,
        DiscoveryTile::OrbitalMarket,
        DiscoveryTile::ShieldRegenerator,
        DiscoveryTile::WarpGate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DiscoveryTile::AlienArtifact => "alien-artifact",
            DiscoveryTile::EnergySource => "energy-source",
            DiscoveryTile::ObservationStation => "observation-station",
            DiscoveryTile::OrbitalMarket => "orbital-market",
            DiscoveryTile::ShieldRegenerator => "shield-regenerator",
            DiscoveryTile::WarpGate => "warp-gate",
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            starting_energy: 15,
            energy_per_phase: 10,
            first_player_first_phase_energy: 5,
            energy_min: 0,
            energy_max: 40,
            energy_per_discard: 1,
            opening_hand: 5,
            hand_limit: 10,
            draws_per_phase: 1,
            deck_copy_limit: 3,
            deck_size_divisor: 2,
            deck_reshuffles: 1,
            destroy_all_earliest_round: 3,
            letter_die: 10,
            number_die: 8,
            footprint: PerSize::PLAYED_FOOTPRINT,
            ecm_threshold: 5,
            ecm_damage: PerSize {
                small: 1,
                medium: 2,
                large: 3,
            },
            debris_damage_max_roll: 6,
            debris_damage: 1,
            asteroid_cover_threshold: 6,
            obstacle_spaces: 2,
            alien_artifact_range: 7,
            energy_source_energy: 2,
            observation_station_range: 2,
            orbital_market_draws: 1,
            shield_regenerator_shields: 1,
            warp_gate_range: 13,
            damage_types: ["asteroid", "debris", "ecm", "plaxma", "pulse", "vecton"]
                .into_iter()
                .map(str::to_owned)
                .collect(),
            components: Components::default(),
        }
    }
}

impl Rules {
    /// The tactic deck size of a player-selected deck for a fleet cost.
    pub fn deck_size_for(&self, fleet_cost: u32) -> u32 {
        fleet_cost / self.deck_size_divisor.max(1)
    }
}
