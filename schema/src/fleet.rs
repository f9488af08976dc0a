//! A player's fleet build: the ships and the tactic deck they bring to a
//! mission, checked with `spacedock fleet check`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::Level;
use crate::mission::CardCount;

/// A fleet build.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FleetSource {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: Option<String>,
    /// The faction id the player commands.
    pub faction: String,
    /// The ship cards, each in one version.
    #[serde(default)]
    pub ships: Vec<FleetShip>,
    /// The tactic deck.
    #[serde(default)]
    pub deck: Vec<CardCount>,
}

/// A ship card in the fleet and what its transport hold carries at launch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FleetShip {
    /// The ship card's id or name.
    pub ship: String,
    pub version: Level,
    /// Ship cards of this fleet carried in the hold, by id or name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transport: Vec<String>,
}
