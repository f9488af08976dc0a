//! Small types shared by several file kinds: sizes, versions, icons, phases,
//! weapons and board coordinates.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::effect::{Clause, Condition, Effect, Limit, Trigger};

/// The pattern of a name: no control characters (a line break, a tab, an
/// escape), which would garble the tables and reports names are printed in.
/// The control characters (Unicode's `Cc`) are written as ranges, not as
/// `\p{Cc}`, which some readers of JSON Schema (Python's `re`) lack.
pub const PRINTABLE: &str = r"^[^\u0000-\u001F\u007F-\u009F]*$";

/// `n` as an ordinal, as the messages about content write it: "first" to
/// "third", then "4th", "21st".
pub fn ordinal(n: u64) -> String {
    match n {
        1 => "first".to_owned(),
        2 => "second".to_owned(),
        3 => "third".to_owned(),
        n => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// A ship's size. It decides its footprint, what it may transport, and the
/// ECM damage it deals.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Size {
    Small,
    Medium,
    Large,
}

impl Size {
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }
}

/// A ship card's version (its experience level).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Standard,
    Seasoned,
    Veteran,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Standard, Level::Seasoned, Level::Veteran];

    pub fn name(self) -> &'static str {
        match self {
            Level::Standard => "standard",
            Level::Seasoned => "seasoned",
            Level::Veteran => "veteran",
        }
    }
}

/// The solo or squadron icon of a ship card, and of the tactic cards that
/// attach to one.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Icon {
    Solo,
    Squadron,
}

impl Icon {
    pub fn name(self) -> &'static str {
        match self {
            Icon::Solo => "solo",
            Icon::Squadron => "squadron",
        }
    }
}

/// When a tactic card may be played.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Energy,
    Deploy,
    Action,
    Any,
}

/// The five types of tactic card.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum TacticType {
    Event,
    Hero,
    ShipUpgrade,
    AdditionalWeapon,
    Sabotage,
}

impl TacticType {
    pub const ALL: [TacticType; 5] = [
        TacticType::Event,
        TacticType::Hero,
        TacticType::ShipUpgrade,
        TacticType::AdditionalWeapon,
        TacticType::Sabotage,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TacticType::Event => "event",
            TacticType::Hero => "hero",
            TacticType::ShipUpgrade => "ship-upgrade",
            TacticType::AdditionalWeapon => "additional-weapon",
            TacticType::Sabotage => "sabotage",
        }
    }

    /// Whether cards of this type attach to a ship card.
    pub fn attaches(self) -> bool {
        !matches!(self, TacticType::Event)
    }

    /// Whether cards of this type carry a solo or squadron icon. Heroes
    /// attach only to solo ships and carry none; events never attach.
    pub fn has_icon(self) -> bool {
        matches!(
            self,
            TacticType::ShipUpgrade | TacticType::AdditionalWeapon | TacticType::Sabotage
        )
    }
}

/// A weapon: primary or secondary on a ship card, or an additional weapon on
/// a tactic card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// The weapon's name as printed.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// Energy paid to charge the weapon once per activation (normally 0).
    #[serde(default)]
    #[schemars(range(max = 40))]
    pub charge_cost: u32,
    /// How many spaces away the weapon can shoot; 1 means adjacent only.
    #[schemars(range(min = 1, max = 99))]
    pub range: u32,
    /// How many attacks one charge gives.
    #[schemars(range(min = 1, max = 20))]
    pub attacks: u32,
    /// Damage dealt by each hit.
    #[schemars(range(max = 20))]
    pub strength: u32,
    /// A named damage type from the ruleset (pulse, vecton, ...); absent
    /// means plain attack damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    /// What a hit does to the pegs: `normal` (shields, then hull), `shield`
    /// (direct shield damage: shield pegs only) or `hull` (direct hull damage).
    #[serde(default, skip_serializing_if = "WeaponDamage::is_normal")]
    pub damage: WeaponDamage,
    /// Limitations or special abilities printed under the weapon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// What a weapon's hits do to the pegs.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponDamage {
    /// Shield pegs first, then hull damage pegs.
    #[default]
    Normal,
    /// Direct shield damage: shield pegs only, never hull damage.
    Shield,
    /// Direct hull damage: hull damage pegs even while the shields are up.
    Hull,
}

impl WeaponDamage {
    pub fn is_normal(&self) -> bool {
        *self == WeaponDamage::Normal
    }
}

/// A power of a ship card: its name and text for people, and what it does
/// for the engine (see [`crate::effect`]). A power with no `do` is text
/// only: it is shown, never executed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Power {
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    pub text: String,
    /// The trigger; absent means the power holds while the ship is on the battlefield.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Trigger>,
    /// Conditions that must all hold.
    #[serde(default, rename = "if", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// What the power does, in order.
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// The controller may choose not to use it.
    #[serde(default, skip_serializing_if = "crate::effect::is_false")]
    pub optional: bool,
    /// Energy paid each time it is used.
    #[serde(default, skip_serializing_if = "crate::effect::is_zero")]
    #[schemars(range(max = 40))]
    pub cost: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
}

impl Power {
    /// The power's structure.
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

/// A hex on the battlefield in offset coordinates `[column, row]`, both
/// counted from 1 at the top-left of the (joined) battlefield.
pub type Coord = [u32; 2];
