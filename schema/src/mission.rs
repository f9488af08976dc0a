//! `missions/*.toml`: one mission per file: its players and teams, how fleets
//! and decks are chosen, the battlefield's setup, and how it is won.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Coord, Level, TacticType};
use crate::effect::{Clause, Condition, Effect, Limit, Trigger};
use crate::rules::{DiscoveryTile, Obstacle};

/// The most players a mission seats: the engine keeps a special rule's
/// players as a 32-bit set.
pub const MAX_PLAYERS: usize = 32;

/// A mission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionSource {
    /// Kebab-case id; defaults to the name made into a slug.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// The mission's number in its rulebook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story: Option<String>,
    /// One gameboard, or two joined: the second below the first.
    pub boards: Vec<String>,
    /// The players in seating order: play passes from each to the next.
    #[schemars(length(max = MAX_PLAYERS))]
    pub players: Vec<Player>,
    /// Teams that share energy or a tactic deck. Players without a team
    /// play for their faction.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// Zones of the mission's own, in battlefield coordinates: areas its
    /// special rules name (`zone = "core"`), or starting zones no board has.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<crate::board::Zone>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<PlacedObstacle>,
    #[serde(default, skip_serializing_if = "Discovery::is_empty")]
    pub discovery: Discovery,
    #[serde(default)]
    pub victory: Victory,
    /// Rules that only this mission has.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<SpecialRule>,
}

/// A seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// How the mission names the player ("ISN player 1").
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// The faction id.
    pub faction: String,
    /// The team's name; defaults to the faction id. A faction's name or alias names the team of its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// The starting zone: a zone name of the board, or `N:name` for the
    /// zone of the Nth joined board.
    pub starting_zone: String,
    /// Starting energy instead of the ruleset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub starting_energy: Option<u32>,
    pub fleet: FleetRule,
    /// The player's tactic deck; absent when the player's team shares one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<DeckRule>,
    /// Cards set aside for a named ship, outside the deck.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prepped: Vec<Prepped>,
    /// Ships on the battlefield when the game starts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start: Vec<StartingShip>,
}

/// Who chooses ships or cards.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Selection {
    /// The mission lists them all.
    Mission,
    /// The player chooses within a budget.
    Player,
    /// The mission lists some, the player chooses the rest within the budget.
    Combined,
}

/// How a player's fleet is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FleetRule {
    pub selection: Selection,
    /// Ship cards the mission selects (mission or combined selection).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<ShipPick>,
    /// The budget of total launch cost (player or combined selection).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 10000))]
    pub fleet_cost: Option<u32>,
    /// Ship cards the player's fleet must include, in any version.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
    /// Ship cards the player's fleet may not include.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden: Vec<String>,
    /// Ship cards of another faction the player may field.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faction_exceptions: Vec<String>,
    /// Whether the player may put ships in transport holds.
    #[serde(default = "yes")]
    pub transport: bool,
    /// Whether every ship of the fleet starts launched, anywhere in the
    /// starting zone, without paying its launch cost.
    #[serde(default)]
    pub launched_at_start: bool,
}

fn yes() -> bool {
    true
}

/// A ship card in a given version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipPick {
    /// The ship card's id or name.
    pub ship: String,
    pub version: Level,
}

/// How a tactic deck is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckRule {
    pub selection: Selection,
    /// Cards the mission selects, with counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardCount>,
    /// The deck's size, when not half the fleet cost (rounded down); 0 for
    /// a mission played without tactic cards (mission-selected, no `cards`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0, max = 1000))]
    pub size: Option<u32>,
    /// Most copies of one card in this deck, if not the ruleset's
    /// `deck_copy_limit` (a team's shared deck built by two players, say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 100))]
    pub copy_limit: Option<u32>,
    /// The fewest cards of a type a player-selected deck must hold.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub minimums: BTreeMap<TacticType, u32>,
    /// Tactic cards of another faction the deck may hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faction_exceptions: Vec<String>,
}

/// A card and how many copies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardCount {
    /// The tactic card's id or name.
    pub card: String,
    #[schemars(range(min = 1, max = 100))]
    pub count: u32,
}

/// A prepped card and the ship it is prepped for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Prepped {
    /// The tactic card's id or name.
    pub card: String,
    /// The ship card's id or name.
    pub ship: String,
}

/// A ship card on the battlefield at the start, launched for free.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartingShip {
    /// The ship card's id or name; it must be in the player's fleet.
    pub ship: String,
    /// Where each ship stands: one hex per footprint hex, ship after ship.
    /// Empty means anywhere in the player's starting zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<Coord>,
    /// Shield pegs on each ship, if not the card's shield value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 30))]
    pub shields: Option<u32>,
    /// Hull damage pegs on each ship.
    #[serde(default)]
    #[schemars(range(max = 30))]
    pub hull_damage: u32,
    /// Prepped cards attached to the ship card, without paying their cost.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<String>,
}

/// A team of players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Team {
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// One energy pool for the whole team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared_energy: Option<SharedEnergy>,
    /// One tactic deck for the whole team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared_deck: Option<DeckRule>,
}

/// A team's shared energy pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SharedEnergy {
    #[schemars(range(max = 1000))]
    pub starting_energy: u32,
    /// Energy the team gains in each of its players' energy phases.
    #[schemars(range(max = 1000))]
    pub energy_per_phase: u32,
    /// Energy gained in the game's very first energy phase, if not `energy_per_phase`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub first_player_first_phase_energy: Option<u32>,
}

/// An obstacle on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedObstacle {
    pub kind: Obstacle,
    /// The adjacent hexes it covers (the ruleset's `obstacle_spaces` of them).
    pub at: Vec<Coord>,
}

/// Which side of a discovery tile is up.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Face {
    Power,
    Black,
}

/// The discovery tiles of a mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Discovery {
    /// Tiles drawn at random from the set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random: Option<RandomDiscovery>,
    /// Tiles placed by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<PlacedTile>,
}

impl Discovery {
    pub fn is_empty(&self) -> bool {
        self.random.is_none() && self.tiles.is_empty()
    }
}

/// "Shuffle the tiles and pick N": one position for each tile drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RandomDiscovery {
    #[schemars(range(min = 1, max = 99))]
    pub pick: u32,
    pub face: Face,
    pub at: Vec<Coord>,
}

/// A named discovery tile at a hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacedTile {
    pub tile: DiscoveryTile,
    pub at: Coord,
    pub face: Face,
}

/// How the mission is won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// Whether a side wins when the other has no ships left on the
    /// battlefield (not before the ruleset's earliest round).
    #[serde(default = "yes")]
    pub destroy_all: bool,
    /// Whether the game ends when every deck has run out twice.
    #[serde(default = "yes")]
    pub victory_clock: bool,
    /// Victory-point goals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<PointsGoal>,
    /// Other ways to win.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<AlternativeWin>,
}

impl Default for Victory {
    fn default() -> Self {
        Victory {
            destroy_all: true,
            victory_clock: true,
            points: Vec::new(),
            alternatives: Vec::new(),
        }
    }
}

/// A team wins on reaching this many victory points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsGoal {
    /// The team's name.
    pub team: String,
    #[schemars(range(min = 1, max = 1000))]
    pub threshold: u32,
}

/// Another way for a team to win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlternativeWin {
    /// The team's name.
    pub team: String,
    /// The team wins when this ship card is destroyed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destroy_ship: Option<String>,
    pub text: String,
}

/// A mission's own rule: its text for people, and what it does for the
/// engine (see [`crate::effect`]). A rule with no `do` is text only, for
/// rules the mission's data already says (starting energy, shared energy,
/// ships that start launched).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    pub text: String,
    /// The teams or players (by name) the rule acts for; left out, every
    /// player. A faction's name or alias names the team of its id.
    #[serde(default, rename = "for", skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub players: Vec<String>,
    /// The trigger; absent means the rule holds all game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Trigger>,
    /// Conditions that must all hold.
    #[serde(default, rename = "if", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// What the rule does, in order.
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// The player may choose not to use it.
    #[serde(default, skip_serializing_if = "crate::effect::is_false")]
    pub optional: bool,
    /// Energy paid each time it is used.
    #[serde(default, skip_serializing_if = "crate::effect::is_zero")]
    #[schemars(range(max = 40))]
    pub cost: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
}

impl SpecialRule {
    /// The rule's structure.
    pub fn clause(&self) -> Clause<'_> {
        Clause {
            when: self.when,
            conditions: &self.conditions,
            effects: &self.effects,
            optional: self.optional,
            cost: self.cost,
            limit: self.limit,
        }
    }
}
