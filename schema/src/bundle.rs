//! The compiled bundle: what `spacedock build` writes and the engine plays.
//!
//! Everything in a bundle has been checked: references are canonical ids,
//! every build rule of the missions holds, and the ruleset is complete.
//! Items are sorted by id so the same pack always gives the same bytes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Coord, Icon, Phase, Size, TacticType, Weapon};
use crate::effect::{Ability, Clause, Condition, Effect, Selector, Trigger};
use crate::mission::{Discovery, PlacedObstacle, Player, SpecialRule, Team, Victory};
use crate::pack::Provenance;
use crate::rules::Rules;
use crate::ship::Version;

/// The bundle format this build writes. Bumped on any incompatible change.
pub const FORMAT_VERSION: u32 = 1;

/// A checked bundle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bundle {
    pub format_version: u32,
    pub pack: PackInfo,
    /// `sha256:` and the hex SHA-256 of the bundle's JSON with this field empty.
    pub content_hash: String,
    pub rules: Rules,
    pub factions: Vec<Faction>,
    pub ships: Vec<Ship>,
    pub tactics: Vec<Tactic>,
    pub missions: Vec<Mission>,
    pub boards: Vec<Board>,
}

/// The pack a bundle was built from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackInfo {
    pub id: String,
    pub name: String,
    pub version: String,
    pub game: String,
    pub provenance: Provenance,
    /// Ids of the packs it depends on, directly or not.
    pub dependencies: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    pub id: String,
    pub name: String,
}

/// A ship card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    pub name: String,
    pub faction: String,
    pub size: Size,
    pub icon: Icon,
    pub ships: u32,
    /// Sorted standard, seasoned, veteran.
    pub versions: Vec<Version>,
}

/// A tactic card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tactic {
    pub id: String,
    pub name: String,
    pub faction: String,
    #[serde(rename = "type")]
    pub kind: TacticType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<Icon>,
    pub phase: Phase,
    pub cost: u32,
    pub copies: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<Weapon>,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Trigger>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Selector>,
    #[serde(default, rename = "if", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<Ability>,
}

impl Tactic {
    /// What playing the card does, as a clause (its cost is the card's).
    pub fn play(&self) -> Clause<'_> {
        Clause {
            when: self.when,
            conditions: &self.conditions,
            effects: &self.effects,
            optional: false,
            cost: 0,
            limit: None,
        }
    }
}

/// A gameboard with its half hexes and zones spelled out hex by hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub id: String,
    pub name: String,
    pub columns: u32,
    pub rows: u32,
    /// Every half hex, sorted by row then column.
    pub half_hexes: Vec<Coord>,
    pub zones: Vec<Zone>,
}

/// A starting zone, hex by hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub name: String,
    /// Sorted by row then column; never a half hex.
    pub cells: Vec<Coord>,
}

/// A mission's battlefield: its boards joined, in the coordinates the
/// mission uses. Zones are listed under every name a mission may use
/// (`north`, and `1:north` for the first board's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Battlefield {
    /// At most [`Battlefield::MAX_HEXES`] hexes with `rows`.
    pub columns: u32,
    pub rows: u32,
    /// Every half hex, sorted by row then column.
    pub half_hexes: Vec<Coord>,
    pub zones: Vec<Zone>,
}

impl Battlefield {
    /// The most hexes (columns × rows, half hexes included) a battlefield
    /// may have: the engine numbers each position of a ship by a 16-bit
    /// index, six per hex. The largest printed battlefield (two joined
    /// gameboards) has 368. The compiler refuses a larger one (SD0614).
    pub const MAX_HEXES: u32 = 10_922;
}

/// A mission with every reference made a canonical id and every default
/// (teams, deck sizes) filled in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// Board ids; a second board is joined below the first.
    pub boards: Vec<String>,
    /// The battlefield the boards make, hex by hex.
    pub battlefield: Battlefield,
    pub players: Vec<Player>,
    pub teams: Vec<Team>,
    pub obstacles: Vec<PlacedObstacle>,
    pub discovery: Discovery,
    pub victory: Victory,
    pub special_rules: Vec<SpecialRule>,
}
