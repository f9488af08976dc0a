//! `tactics/*.toml`: tactic cards, any number per file as `[[tactic]]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Icon, Phase, TacticType, Weapon};

/// A file of tactic cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TacticsSource {
    #[serde(rename = "tactic")]
    pub tactics: Vec<TacticSource>,
}

/// A tactic card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TacticSource {
    /// Kebab-case id; defaults to the name made into a slug.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub name: String,
    /// The faction id.
    pub faction: String,
    #[serde(rename = "type")]
    pub kind: TacticType,
    /// Solo or squadron icon: required on ship upgrades, additional weapons
    /// and sabotage, absent on events and heroes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<Icon>,
    pub phase: Phase,
    /// Energy to play (the printed cost).
    #[schemars(range(max = 40))]
    pub cost: u32,
    /// Copies of this card in one game set.
    #[schemars(range(min = 1, max = 99))]
    pub copies: u32,
    /// The weapon of an additional-weapon card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<Weapon>,
    /// The card's power text.
    pub text: String,
}
