//! `ships/*.toml`: one ship card per file, with its versions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Icon, Level, Power, Size, Weapon};

/// The most secondary weapons a version carries: the engine marks a ship's
/// charged weapons in 16 bits, the primary's and one per secondary.
pub const MAX_SECONDARY_WEAPONS: usize = 15;

/// A ship card: one named solo ship or squadron, in up to three versions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipSource {
    /// Kebab-case id; defaults to the name made into a slug.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The ship card's name as printed.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// The faction id.
    pub faction: String,
    pub size: Size,
    /// Solo ship or squadron.
    pub icon: Icon,
    /// How many ships the card represents: 1 for a solo ship, 2 or more for a squadron.
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 12))]
    pub ships: u32,
    /// The versions of this card; a custom ship may have fewer than three.
    #[schemars(length(min = 1))]
    pub versions: Vec<Version>,
}

fn one() -> u32 {
    1
}

/// One version of a ship card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Version {
    pub level: Level,
    /// Energy to launch; also the card's fleet-cost value.
    #[schemars(range(max = 200))]
    pub launch_cost: u32,
    /// Energy to activate (move and attack).
    #[schemars(range(max = 40))]
    pub activation_cost: u32,
    /// Spaces each ship may move when activated.
    #[serde(rename = "move")]
    #[schemars(range(max = 30))]
    pub movement: u32,
    /// Shield pegs placed on each ship at launch.
    #[schemars(range(max = 30))]
    pub shield: u32,
    /// Hull damage each ship takes before it is destroyed.
    #[schemars(range(min = 1, max = 30))]
    pub hull: u32,
    pub primary: Weapon,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = MAX_SECONDARY_WEAPONS))]
    pub secondary: Vec<Weapon>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<Power>,
    /// Spaces of ships this card can transport; absent means it cannot transport.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 99))]
    pub capacity: Option<u32>,
    /// How many cards of each attachable type the card takes.
    #[serde(default)]
    pub slots: Slots,
    /// The hit-location chart: one line per number-die value (1 first), one
    /// character per letter-die value (A first): `.` miss, `#` hit, `*`
    /// critical damage star.
    pub hit_chart: Vec<String>,
}

/// Attachment slots; a missing symbol means none of that type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Slots {
    #[schemars(range(max = 9))]
    pub upgrades: u32,
    #[schemars(range(max = 9))]
    pub weapons: u32,
    #[schemars(range(max = 9))]
    pub heroes: u32,
}

/// A cell of a hit-location chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartCell {
    Miss,
    Hit,
    Critical,
}

impl ChartCell {
    /// The cell a chart character stands for.
    pub fn from_char(c: char) -> Option<ChartCell> {
        match c {
            '.' => Some(ChartCell::Miss),
            '#' => Some(ChartCell::Hit),
            '*' => Some(ChartCell::Critical),
            _ => None,
        }
    }
}
