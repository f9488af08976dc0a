//! `tactics/*.toml`: tactic cards, any number per file as `[[tactic]]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Icon, Phase, TacticType, Weapon};
use crate::effect::{Ability, Clause, Condition, Effect, Selector, Trigger};

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
    #[schemars(pattern(crate::common::PRINTABLE))]
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
    /// Events: the moment the card is played in answer to; absent means any
    /// time in its phase of your turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Trigger>,
    /// The ship card the card is played on: the one an attached card
    /// attaches to, or the one an event's effects call `target`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Selector>,
    /// Conditions that must all hold to play the card.
    #[serde(default, rename = "if", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// What playing the card does, in order: an event's effect, or what an
    /// attached card does as it attaches.
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Attached cards: what the card does while it is attached.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<Ability>,
}

impl TacticSource {
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
