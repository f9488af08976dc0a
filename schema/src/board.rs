//! `boards/*.toml`: a gameboard's hex geometry and starting zones.
//!
//! Hexes are pointy-topped in rows; even rows (2, 4, ...) are shifted half a
//! hex to the right. Coordinates are `[column, row]`, counted from 1 at the
//! top-left, so authors can count them on the printed board.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::Coord;

/// A gameboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardSource {
    /// Kebab-case id; defaults to the name made into a slug.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// Hexes per row, half hexes included.
    #[schemars(range(min = 3, max = 200))]
    pub columns: u32,
    /// Rows of hexes, half hexes included.
    #[schemars(range(min = 3, max = 200))]
    pub rows: u32,
    /// Whether the outer ring of hexes (first and last row and column) is
    /// half hexes, which can never be used.
    #[serde(default = "yes")]
    pub half_hex_border: bool,
    /// Further half hexes inside the border.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub half_hexes: Vec<Coord>,
    /// Named starting zones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<Zone>,
}

fn yes() -> bool {
    true
}

/// A named zone of hexes: whole rows, single hexes, or both. Players start
/// in zones, and rules refer to them by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    /// The zone's name, unique among the zones a mission can see.
    #[schemars(length(min = 1))]
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// Rows wholly in the zone (their half hexes excepted).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<u32>,
    /// Single hexes in the zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<Coord>,
}
