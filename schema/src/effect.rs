//! The effect language: what powers, tactic cards and mission special rules
//! *do*, as data the engine executes.
//!
//! A power is one clause: an optional trigger (`when`; absent means the
//! power holds continuously while its source is in play), conditions that
//! must all hold (`if`), and effects done in order (`do`), plus `optional`,
//! `cost` and `limit`. Ship powers ([`crate::common::Power`]), tactic cards
//! ([`crate::tactic::TacticSource`]) and special rules
//! ([`crate::mission::SpecialRule`]) carry these fields next to their text.
//!
//! Conditions and effects are internally tagged by `kind`; ships are picked
//! by a [`Selector`]: a role (`"self"`, `"enemy"`, ...) or a table that
//! narrows a role with filters. Every word comes from a closed list: the
//! engine compiles them into a closed Rust enum when a game is set up.
//! References (ship cards, factions, zones, damage types, power names) are
//! plain strings here; the validator resolves them. The reference is
//! `docs/effects.md`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Icon, Size, TacticType, Weapon};
use crate::rules::{Obstacle, PerSize};

/// When a power acts. A power without `when` holds continuously while its
/// source is in play.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// At the start of your energy phase.
    EnergyPhaseStart,
    /// At the end of your energy phase.
    EnergyPhaseEnd,
    /// At the start of your deploy phase.
    DeployPhaseStart,
    /// At the end of your deploy phase.
    DeployPhaseEnd,
    /// At the start of your action phase.
    ActionPhaseStart,
    /// At the end of your action phase: the end of your turn.
    ActionPhaseEnd,
    /// At the start of each round, before the first player's energy phase:
    /// every player's powers, once a round.
    RoundStart,
    /// At the end of each round, after the last player's turn: every
    /// player's powers, once a round.
    RoundEnd,
    /// Any time during your energy phase, as an action you choose to take.
    EnergyPhase,
    /// Any time during your deploy phase, as an action you choose to take.
    DeployPhase,
    /// Any time during your action phase, between activations, as an action you choose to take.
    ActionPhase,
    /// A special activation action: when a ship card is activated, instead of moving its ships.
    InsteadOfMove,
    /// A ship card was launched (acting ship: its ships).
    Launch,
    /// A ship card was activated and its cost paid (acting ship: its ships).
    Activation,
    /// A ship card finished its activation (acting ship: its ships).
    ActivationEnd,
    /// A ship finished moving (acting ship: the ship that moved).
    MoveEnd,
    /// An attack was declared, before the roll (acting ship: the attacker; affected ship: the target).
    Attack,
    /// An attack finished, hit or miss (acting ship: the attacker; affected ship: the target).
    AttackEnd,
    /// An attack hit, before its damage (acting ship: the attacker; affected ship: the ship hit).
    Hit,
    /// An attack missed (acting ship: the attacker; affected ship: the target).
    Miss,
    /// A ship took damage (acting ship: the ship that dealt it, if any; affected ship: the damaged ship).
    Damage,
    /// A ship would be destroyed (acting ship: the ship that destroyed it, if any; affected ship: the destroyed ship).
    Destroy,
    /// A tactic card was attached to a ship card (affected ship: its ships; the card: the attached card).
    Attach,
}

impl Trigger {
    pub const ALL: [Trigger; 23] = [
        Trigger::EnergyPhaseStart,
        Trigger::EnergyPhaseEnd,
        Trigger::DeployPhaseStart,
        Trigger::DeployPhaseEnd,
        Trigger::ActionPhaseStart,
        Trigger::ActionPhaseEnd,
        Trigger::RoundStart,
        Trigger::RoundEnd,
        Trigger::EnergyPhase,
        Trigger::DeployPhase,
        Trigger::ActionPhase,
        Trigger::InsteadOfMove,
        Trigger::Launch,
        Trigger::Activation,
        Trigger::ActivationEnd,
        Trigger::MoveEnd,
        Trigger::Attack,
        Trigger::AttackEnd,
        Trigger::Hit,
        Trigger::Miss,
        Trigger::Damage,
        Trigger::Destroy,
        Trigger::Attach,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Trigger::EnergyPhaseStart => "energy-phase-start",
            Trigger::EnergyPhaseEnd => "energy-phase-end",
            Trigger::DeployPhaseStart => "deploy-phase-start",
            Trigger::DeployPhaseEnd => "deploy-phase-end",
            Trigger::ActionPhaseStart => "action-phase-start",
            Trigger::ActionPhaseEnd => "action-phase-end",
            Trigger::RoundStart => "round-start",
            Trigger::RoundEnd => "round-end",
            Trigger::EnergyPhase => "energy-phase",
            Trigger::DeployPhase => "deploy-phase",
            Trigger::ActionPhase => "action-phase",
            Trigger::InsteadOfMove => "instead-of-move",
            Trigger::Launch => "launch",
            Trigger::Activation => "activation",
            Trigger::ActivationEnd => "activation-end",
            Trigger::MoveEnd => "move-end",
            Trigger::Attack => "attack",
            Trigger::AttackEnd => "attack-end",
            Trigger::Hit => "hit",
            Trigger::Miss => "miss",
            Trigger::Damage => "damage",
            Trigger::Destroy => "destroy",
            Trigger::Attach => "attach",
        }
    }

    /// Phase starts and ends: they happen in every player's turn.
    pub fn is_phase_boundary(self) -> bool {
        matches!(
            self,
            Trigger::EnergyPhaseStart
                | Trigger::EnergyPhaseEnd
                | Trigger::DeployPhaseStart
                | Trigger::DeployPhaseEnd
                | Trigger::ActionPhaseStart
                | Trigger::ActionPhaseEnd
        )
    }

    /// A round's start and end: they happen once a round, for every
    /// player's powers.
    pub fn is_round_boundary(self) -> bool {
        matches!(self, Trigger::RoundStart | Trigger::RoundEnd)
    }

    /// Windows in which the player may use the power as an action.
    pub fn is_action_window(self) -> bool {
        matches!(
            self,
            Trigger::EnergyPhase
                | Trigger::DeployPhase
                | Trigger::ActionPhase
                | Trigger::InsteadOfMove
        )
    }

    /// Whether the trigger names an acting ship.
    pub fn has_acting_ship(self) -> bool {
        matches!(
            self,
            Trigger::InsteadOfMove
                | Trigger::Launch
                | Trigger::Activation
                | Trigger::ActivationEnd
                | Trigger::MoveEnd
                | Trigger::Attack
                | Trigger::AttackEnd
                | Trigger::Hit
                | Trigger::Miss
                | Trigger::Damage
                | Trigger::Destroy
        )
    }

    /// Whether the trigger names an affected ship.
    pub fn has_affected_ship(self) -> bool {
        matches!(
            self,
            Trigger::Attack
                | Trigger::AttackEnd
                | Trigger::Hit
                | Trigger::Miss
                | Trigger::Damage
                | Trigger::Destroy
                | Trigger::Attach
        )
    }

    /// Whether the trigger happens during an attack (it has a weapon and dice).
    pub fn is_attack(self) -> bool {
        matches!(
            self,
            Trigger::Attack | Trigger::AttackEnd | Trigger::Hit | Trigger::Miss
        )
    }

    /// Whether the trigger happens during an activation.
    pub fn is_in_activation(self) -> bool {
        self.is_attack()
            || matches!(
                self,
                Trigger::Activation | Trigger::InsteadOfMove | Trigger::MoveEnd
            )
    }
}

/// How often a power may act.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// At most once in each activation of a ship card.
    OncePerActivation,
    /// At most once in each player's turn.
    OncePerTurn,
    /// At most once in each round: once in all the players' turns together.
    OncePerRound,
    /// At most once in the whole game.
    OncePerGame,
}

/// How long an effect of a triggered power lasts.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Until {
    /// Until the end of the current attack.
    AttackEnd,
    /// Until the end of the current activation.
    ActivationEnd,
    /// Until the end of the current turn.
    TurnEnd,
}

impl Until {
    pub fn name(self) -> &'static str {
        match self {
            Until::AttackEnd => "attack-end",
            Until::ActivationEnd => "activation-end",
            Until::TurnEnd => "turn-end",
        }
    }
}

/// A set of ships, named by where they stand relative to the power.
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
pub enum Role {
    /// The ships of this power's ship card (ship powers only).
    #[serde(rename = "self")]
    This,
    /// The ships of the ship card this card is attached to (attached tactic cards only).
    AttachedShip,
    /// The ships of the ship card chosen when the event was played (events with a `target` only).
    Target,
    /// The ship(s) that acted in the triggering event: the attacker, the mover, the activated or launched ships.
    ActingShip,
    /// The ship(s) the triggering event happened to: the ship attacked, hit, damaged or destroyed, or attached to.
    AffectedShip,
    /// Every ship on the battlefield that you control.
    Friendly,
    /// Every ship on the battlefield that an opponent controls.
    Enemy,
    /// Every ship on the battlefield.
    #[default]
    Any,
}

impl Role {
    pub const ALL: [Role; 8] = [
        Role::This,
        Role::AttachedShip,
        Role::Target,
        Role::ActingShip,
        Role::AffectedShip,
        Role::Friendly,
        Role::Enemy,
        Role::Any,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Role::This => "self",
            Role::AttachedShip => "attached-ship",
            Role::Target => "target",
            Role::ActingShip => "acting-ship",
            Role::AffectedShip => "affected-ship",
            Role::Friendly => "friendly",
            Role::Enemy => "enemy",
            Role::Any => "any",
        }
    }
}

/// Whether a ship has shield pegs.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Shields {
    /// At least one shield peg.
    Up,
    /// No shield peg.
    Down,
}

/// Ships: a role, or a table that narrows a role with filters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Selector {
    Role(Role),
    Filter(Box<ShipFilter>),
}

impl Selector {
    /// The role the selector starts from.
    pub fn role(&self) -> Role {
        match self {
            Selector::Role(role) => *role,
            Selector::Filter(filter) => filter.is,
        }
    }
}

impl From<Role> for Selector {
    fn from(role: Role) -> Self {
        Selector::Role(role)
    }
}

/// The ships of a role that pass every filter given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipFilter {
    /// The role to start from; `any` when absent.
    #[serde(default, skip_serializing_if = "is_any")]
    pub is: Role,
    /// Only ships of this ship card (id or name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<String>,
    /// Only ships of this faction (id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    /// Only ships of these sizes (leave it out for any size).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(min = 1))]
    pub size: Vec<Size>,
    /// Only solo ships, or only squadron ships.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<Icon>,
    /// Only ships whose shields are up, or down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shields: Option<Shields>,
    /// Only ships on at least one hex of this zone: `your-starting-zone`
    /// (the power's controller's), `enemy-starting-zone` (any enemy
    /// player's), or, in a mission's special rules, a zone of its
    /// battlefield by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// Only ships adjacent to an obstacle of this kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_to: Option<Obstacle>,
    /// Only ships within this many spaces of another ship picked by `of` (1: adjacent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 99))]
    pub within: Option<u32>,
    /// The ships `within` counts from; a ship is never within range of itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<Selector>,
    /// Leave out the ships of this role.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<Role>,
}

/// A zone a filter names by whose starting zone it is, in any power: a
/// ship card or tactic card cannot know the zones of the mission it is
/// played in by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartingZone {
    /// The starting zone of the power's controller.
    Yours,
    /// The starting zone of any player of another team.
    Enemy,
}

impl StartingZone {
    /// Every one, in the order the language lists them.
    pub const ALL: [StartingZone; 2] = [StartingZone::Yours, StartingZone::Enemy];

    /// The word a filter's `zone` writes.
    pub fn word(self) -> &'static str {
        match self {
            StartingZone::Yours => "your-starting-zone",
            StartingZone::Enemy => "enemy-starting-zone",
        }
    }

    /// The starting zone `zone` names, if it names one by whose it is.
    pub fn named(zone: &str) -> Option<StartingZone> {
        StartingZone::ALL
            .into_iter()
            .find(|each| each.word() == zone)
    }
}

// serde's `skip_serializing_if` hands these a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_any(role: &Role) -> bool {
    *role == Role::Any
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_you(player: &PlayerRef) -> bool {
    *player == PlayerRef::You
}

#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn is_false(value: &bool) -> bool {
    !*value
}

#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn is_zero(value: &u32) -> bool {
    *value == 0
}

/// A player, relative to the power.
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
pub enum PlayerRef {
    /// The power's controller: the ship's controller for ship powers and attached heroes,
    /// upgrades and weapons; the player who attached a sabotage card; who played an event;
    /// the player a special rule acts for.
    #[default]
    You,
    /// An opponent (the first one after you in seating order, when a choice is needed).
    Opponent,
    /// The player who controls the ship this card is attached to.
    AttachedShipController,
}

impl PlayerRef {
    pub fn name(self) -> &'static str {
        match self {
            PlayerRef::You => "you",
            PlayerRef::Opponent => "opponent",
            PlayerRef::AttachedShipController => "attached-ship-controller",
        }
    }
}

/// A weapon of a ship card.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponSlot {
    /// The primary weapon.
    Primary,
    /// Any secondary weapon.
    Secondary,
    /// Any weapon of an attached additional-weapon card.
    Additional,
    /// The weapon of this additional-weapon card.
    ThisCard,
    /// Every weapon.
    All,
}

impl WeaponSlot {
    pub fn name(self) -> &'static str {
        match self {
            WeaponSlot::Primary => "primary",
            WeaponSlot::Secondary => "secondary",
            WeaponSlot::Additional => "additional",
            WeaponSlot::ThisCard => "this-card",
            WeaponSlot::All => "all",
        }
    }
}

/// Kinds of peg damage removes or adds.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Pegs {
    /// Shield pegs removed.
    Shield,
    /// Hull damage pegs added.
    Hull,
    /// Either.
    Any,
}

/// A condition: every condition of a power must hold for it to act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Condition {
    /// The triggering event's acting ship passes these filters.
    ActingShip(ShipFilter),
    /// The triggering event's affected ship passes these filters.
    AffectedShip(ShipFilter),
    /// At least one ship passes these filters.
    Exists(ShipFilter),
    /// No ship passes these filters.
    None(ShipFilter),
    /// The triggering event's tactic card (the card attached) is of this faction and one of these types.
    Card {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        faction: Option<String>,
        #[serde(default, rename = "type", skip_serializing_if = "Vec::is_empty")]
        types: Vec<TacticType>,
    },
    /// The triggering attack is made with this weapon.
    Weapon { is: WeaponSlot },
    /// It is this player's turn.
    Turn { of: PlayerRef },
    /// The triggering damage removed or added at least this many pegs of this kind.
    DamageDealt {
        pegs: Pegs,
        #[schemars(range(min = 1, max = 99))]
        at_least: u32,
    },
    /// This ship card of yours (id or name) has not been launched yet.
    Unlaunched { ship: String },
    /// The round is at least `at_least` and at most `at_most`.
    Round {
        /// The earliest round it holds in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 100))]
        at_least: Option<u32>,
        /// The latest round it holds in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 100))]
        at_most: Option<u32>,
    },
    /// The victory points of this player's team are at least `at_least` and at most `at_most`.
    VictoryPoints {
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
        /// The fewest victory points it holds at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 1000))]
        at_least: Option<u32>,
        /// The most victory points it holds at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(max = 1000))]
        at_most: Option<u32>,
    },
    /// The energy this player can spend (their pool's, shared with a team) is at least `at_least` and at most `at_most`.
    Energy {
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
        /// The least energy it holds at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 1000))]
        at_least: Option<u32>,
        /// The most energy it holds at.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(max = 1000))]
        at_most: Option<u32>,
    },
    /// At least `at_least` and at most `at_most` ships pass these filters.
    Count {
        #[serde(flatten)]
        filter: ShipFilter,
        /// The fewest ships it holds with.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 99))]
        at_least: Option<u32>,
        /// The most ships it holds with.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(max = 99))]
        at_most: Option<u32>,
    },
}

impl Condition {
    pub fn kind(&self) -> &'static str {
        match self {
            Condition::ActingShip(_) => "acting-ship",
            Condition::AffectedShip(_) => "affected-ship",
            Condition::Exists(_) => "exists",
            Condition::None(_) => "none",
            Condition::Card { .. } => "card",
            Condition::Weapon { .. } => "weapon",
            Condition::Turn { .. } => "turn",
            Condition::DamageDealt { .. } => "damage-dealt",
            Condition::Unlaunched { .. } => "unlaunched",
            Condition::Round { .. } => "round",
            Condition::VictoryPoints { .. } => "victory-points",
            Condition::Energy { .. } => "energy",
            Condition::Count { .. } => "count",
        }
    }

    /// The bounds of a condition on a number (`round`, `victory-points`,
    /// `energy`, `count`): `at_least` and `at_most`.
    pub fn bounds(&self) -> Option<(Option<u32>, Option<u32>)> {
        match self {
            Condition::Round { at_least, at_most }
            | Condition::VictoryPoints {
                at_least, at_most, ..
            }
            | Condition::Energy {
                at_least, at_most, ..
            }
            | Condition::Count {
                at_least, at_most, ..
            } => Some((*at_least, *at_most)),
            _ => None,
        }
    }
}

/// A stat a `modify` effect changes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Stat {
    /// A weapon's range.
    Range,
    /// A weapon's attacks.
    Attacks,
    /// A weapon's strength.
    Strength,
    /// A weapon's charge cost.
    ChargeCost,
    /// Each ship's move.
    Move,
    /// The ship card's activation cost.
    ActivationCost,
    /// The cost of a tactic card played on (or attached to) the ship.
    CardCost,
    /// The ship card's capacity.
    Capacity,
    /// The number-die roll at or above which a ship moving next to this ship takes ECM damage.
    EcmThreshold,
    /// The damage a ship takes each time it is dealt damage (of `damage_type` only, when given): more for a vulnerability, less for a defence.
    Damage,
}

impl Stat {
    pub fn name(self) -> &'static str {
        match self {
            Stat::Range => "range",
            Stat::Attacks => "attacks",
            Stat::Strength => "strength",
            Stat::ChargeCost => "charge-cost",
            Stat::Move => "move",
            Stat::ActivationCost => "activation-cost",
            Stat::CardCost => "card-cost",
            Stat::Capacity => "capacity",
            Stat::EcmThreshold => "ecm-threshold",
            Stat::Damage => "damage",
        }
    }

    /// Stats of a weapon (a `weapon` key says which).
    pub fn is_weapon_stat(self) -> bool {
        matches!(
            self,
            Stat::Range | Stat::Attacks | Stat::Strength | Stat::ChargeCost
        )
    }

    /// Stats that are energy costs.
    pub fn is_cost(self) -> bool {
        matches!(
            self,
            Stat::ChargeCost | Stat::ActivationCost | Stat::CardCost
        )
    }
}

/// Which dice a re-roll rolls again.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Dice {
    /// The letter die.
    Letter,
    /// The number die.
    Number,
    /// Both coordinate dice.
    Both,
}

/// Where the cards looked at but not kept go.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rest {
    /// To the bottom of the deck they came from, in an order the drawer chooses.
    Bottom,
    /// To the discard pile of that deck's owner.
    Discard,
}

/// The word `roll`: the number is rolled on the number die.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rolled {
    /// Roll the number die for the number.
    Roll,
}

/// A number of spaces: fixed, or `"roll"`ed on the number die each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Spaces {
    Fixed(#[schemars(range(min = 1, max = 99))] u32),
    Rolled(Rolled),
}

/// Damage a moved obstacle deals to an enemy ship it ends next to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ram {
    /// Direct damage dealt to the one ship chosen.
    #[schemars(range(min = 1, max = 20))]
    pub amount: u32,
    /// The damage's named type (from the ruleset's `damage_types`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
}

/// A row of a die table: the faces it covers and what they do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableRow {
    /// The lowest face of the row.
    #[schemars(range(min = 1, max = 99))]
    pub from: u32,
    /// The highest face of the row; absent means the die's highest face.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 99))]
    pub to: Option<u32>,
    /// What a roll in the row does; nothing when absent.
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

/// An option of a `choose` effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// Energy the chooser pays to take this option.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 40))]
    pub cost: u32,
    /// What the option does; none for an option whose cost is all it
    /// does ("pay 2, or take 1 damage").
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

/// An effect: one thing a power does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// A player gains energy (never above the ruleset's maximum).
    GainEnergy {
        #[schemars(range(min = 1, max = 40))]
        amount: u32,
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
    },
    /// A player loses energy (never below the ruleset's minimum).
    SpendEnergy {
        #[schemars(range(min = 1, max = 40))]
        amount: u32,
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
    },
    /// A player draws tactic cards from their own deck.
    Draw {
        #[schemars(range(min = 1, max = 10))]
        count: u32,
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
    },
    /// A player discards tactic cards of their choice from their hand.
    Discard {
        #[schemars(range(min = 1, max = 10))]
        count: u32,
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
    },
    /// Direct damage: shield pegs first, then hull damage pegs. Not an attack.
    DirectDamage {
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<String>,
        target: Selector,
    },
    /// Direct shield damage: shield pegs only, never hull damage.
    ShieldDamage {
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<String>,
        target: Selector,
    },
    /// Direct hull damage: hull damage pegs even while the shields are up.
    HullDamage {
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<String>,
        target: Selector,
    },
    /// Shield pegs added, never above the ship card's shield value.
    AddShields {
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
        target: Selector,
    },
    /// Shield pegs removed (not damage).
    RemoveShields {
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
        target: Selector,
    },
    /// Hull damage pegs removed.
    Repair {
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
        target: Selector,
    },
    /// A stat changed by `amount`: while the power holds, or `until` a moment for triggered powers.
    Modify {
        stat: Stat,
        #[schemars(range(min = -20, max = 20))]
        amount: i32,
        target: Selector,
        /// The weapons a weapon stat applies to; every weapon when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<WeaponSlot>,
        /// For `card-cost`: only cards of this type.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card_type: Option<TacticType>,
        /// For `damage`: only damage of this named type (from the ruleset's `damage_types`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<String>,
        /// The stat never goes below this.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(max = 40))]
        minimum: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<Until>,
    },
    /// The target ships get one more weapon.
    ExtraWeapon {
        weapon: Weapon,
        target: Selector,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<Until>,
    },
    /// The owner of this power's source takes control of the target's ship card and its attached cards.
    TakeControl { target: Selector },
    /// Launch one of your unlaunched ship cards, paying its launch cost less `discount`.
    LaunchShip {
        ship: String,
        #[serde(default, skip_serializing_if = "is_zero")]
        #[schemars(range(max = 40))]
        discount: u32,
        /// Place the ships within this many spaces of a ship picked by `of`, instead of in your starting zone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schemars(range(min = 1, max = 99))]
        within: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<Selector>,
    },
    /// The target ships may each move up to `spaces` spaces (a move: ECM and debris apply).
    MoveShip {
        #[schemars(range(min = 1, max = 30))]
        spaces: u32,
        target: Selector,
    },
    /// Move up to `count` obstacles of a kind, one at a time, each like a double-space ship.
    MoveObstacles {
        obstacle: Obstacle,
        #[schemars(range(min = 1, max = 20))]
        count: u32,
        spaces: Spaces,
        /// Damage to one enemy ship (your choice) that a moved obstacle newly ends next to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ram: Option<Ram>,
    },
    /// Your team scores victory points.
    Score {
        #[schemars(range(min = 1, max = 100))]
        points: u32,
    },
    /// The target ships leave the battlefield (not destroyed), scoring victory points by size; ships in their holds go with them and score nothing.
    Escape { target: Selector, points: PerSize },
    /// An alternative draw source: in your energy phase you may, instead of your draw, look at `look` cards of another deck, keep `keep`, and put the rest away.
    DrawFrom {
        deck: PlayerRef,
        #[schemars(range(min = 1, max = 10))]
        look: u32,
        #[schemars(range(min = 1, max = 10))]
        keep: u32,
        rest: Rest,
    },
    /// The target ships count as ships of this faction too when tactic cards are attached.
    TreatAsFaction { faction: String, target: Selector },
    /// Attach your cards prepped for the target's ship card to it, without paying their cost.
    AttachPrepped { target: Selector },
    /// A named power of a ship card does nothing.
    IgnorePower { ship: String, power: String },
    /// Roll the number die and do what its row of the table says.
    RollTable { table: Vec<TableRow> },
    /// Re-roll dice of the triggering attack (a die is re-rolled at most once).
    Reroll { dice: Dice },
    /// The triggering attack misses instead.
    CancelHit,
    /// The target ships get no asteroid cover.
    DenyCover {
        target: Selector,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<Until>,
    },
    /// The target ships take no damage of this named type.
    PreventDamage {
        damage_type: String,
        target: Selector,
    },
    /// The target ships cannot be attacked from more than `range` spaces away.
    AttackRangeLimit {
        #[schemars(range(min = 1, max = 99))]
        range: u32,
        target: Selector,
    },
    /// The ship that would be destroyed is not: its hull damage becomes 1 less than its hull and its shield pegs are removed.
    Survive,
    /// This attached card is discarded.
    Detach,
    /// Ships in the target's transport hold may be launched in the turn it was launched.
    QuickLaunch { target: Selector },
    /// A player picks one option they can pay for and does it.
    Choose {
        #[serde(default, skip_serializing_if = "is_you")]
        player: PlayerRef,
        options: Vec<Choice>,
    },
    /// `then` if every condition holds, otherwise `else`.
    If {
        #[serde(rename = "if")]
        conditions: Vec<Condition>,
        then: Vec<Effect>,
        #[serde(default, rename = "else", skip_serializing_if = "Vec::is_empty")]
        otherwise: Vec<Effect>,
    },
}

impl Effect {
    /// The lists of effects this one holds, one level down: a roll table's
    /// rows, a choice's options, an `if`'s `then` and `else`.
    pub fn branches(&self) -> impl Iterator<Item = &[Effect]> {
        let (rows, options, arms): (&[TableRow], &[Choice], [&[Effect]; 2]) = match self {
            Effect::RollTable { table } => (table, &[], [&[], &[]]),
            Effect::Choose { options, .. } => (&[], options, [&[], &[]]),
            Effect::If {
                then, otherwise, ..
            } => (&[], &[], [then, otherwise]),
            _ => (&[], &[], [&[], &[]]),
        };
        rows.iter()
            .map(|row| row.effects.as_slice())
            .chain(options.iter().map(|option| option.effects.as_slice()))
            .chain(arms)
    }

    /// The `kind` word of the effect.
    pub fn kind(&self) -> &'static str {
        match self {
            Effect::GainEnergy { .. } => "gain-energy",
            Effect::SpendEnergy { .. } => "spend-energy",
            Effect::Draw { .. } => "draw",
            Effect::Discard { .. } => "discard",
            Effect::DirectDamage { .. } => "direct-damage",
            Effect::ShieldDamage { .. } => "shield-damage",
            Effect::HullDamage { .. } => "hull-damage",
            Effect::AddShields { .. } => "add-shields",
            Effect::RemoveShields { .. } => "remove-shields",
            Effect::Repair { .. } => "repair",
            Effect::Modify { .. } => "modify",
            Effect::ExtraWeapon { .. } => "extra-weapon",
            Effect::TakeControl { .. } => "take-control",
            Effect::LaunchShip { .. } => "launch-ship",
            Effect::MoveShip { .. } => "move-ship",
            Effect::MoveObstacles { .. } => "move-obstacles",
            Effect::Score { .. } => "score",
            Effect::Escape { .. } => "escape",
            Effect::DrawFrom { .. } => "draw-from",
            Effect::TreatAsFaction { .. } => "treat-as-faction",
            Effect::AttachPrepped { .. } => "attach-prepped",
            Effect::IgnorePower { .. } => "ignore-power",
            Effect::RollTable { .. } => "roll-table",
            Effect::Reroll { .. } => "reroll",
            Effect::CancelHit => "cancel-hit",
            Effect::DenyCover { .. } => "deny-cover",
            Effect::PreventDamage { .. } => "prevent-damage",
            Effect::AttackRangeLimit { .. } => "attack-range-limit",
            Effect::Survive => "survive",
            Effect::Detach => "detach",
            Effect::QuickLaunch { .. } => "quick-launch",
            Effect::Choose { .. } => "choose",
            Effect::If { .. } => "if",
        }
    }

    /// The ships the effect acts on, if it names them.
    pub fn target(&self) -> Option<&Selector> {
        match self {
            Effect::DirectDamage { target, .. }
            | Effect::ShieldDamage { target, .. }
            | Effect::HullDamage { target, .. }
            | Effect::AddShields { target, .. }
            | Effect::RemoveShields { target, .. }
            | Effect::Repair { target, .. }
            | Effect::Modify { target, .. }
            | Effect::ExtraWeapon { target, .. }
            | Effect::TakeControl { target }
            | Effect::MoveShip { target, .. }
            | Effect::Escape { target, .. }
            | Effect::TreatAsFaction { target, .. }
            | Effect::AttachPrepped { target }
            | Effect::DenyCover { target, .. }
            | Effect::PreventDamage { target, .. }
            | Effect::AttackRangeLimit { target, .. }
            | Effect::QuickLaunch { target } => Some(target),
            _ => None,
        }
    }

    /// The ships the effect acts on, to change them.
    pub fn target_mut(&mut self) -> Option<&mut Selector> {
        match self {
            Effect::DirectDamage { target, .. }
            | Effect::ShieldDamage { target, .. }
            | Effect::HullDamage { target, .. }
            | Effect::AddShields { target, .. }
            | Effect::RemoveShields { target, .. }
            | Effect::Repair { target, .. }
            | Effect::Modify { target, .. }
            | Effect::ExtraWeapon { target, .. }
            | Effect::TakeControl { target }
            | Effect::MoveShip { target, .. }
            | Effect::Escape { target, .. }
            | Effect::TreatAsFaction { target, .. }
            | Effect::AttachPrepped { target }
            | Effect::DenyCover { target, .. }
            | Effect::PreventDamage { target, .. }
            | Effect::AttackRangeLimit { target, .. }
            | Effect::QuickLaunch { target } => Some(target),
            _ => None,
        }
    }

    /// Effects that only make sense while the power holds (no `when`).
    pub fn is_continuous_only(&self) -> bool {
        matches!(
            self,
            Effect::DrawFrom { .. }
                | Effect::TreatAsFaction { .. }
                | Effect::IgnorePower { .. }
                | Effect::PreventDamage { .. }
                | Effect::AttackRangeLimit { .. }
                | Effect::QuickLaunch { .. }
        )
    }
}

/// One clause of structure: the fields a ship power, a tactic card's
/// power and a special rule share, borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clause<'a> {
    pub when: Option<Trigger>,
    pub conditions: &'a [Condition],
    pub effects: &'a [Effect],
    pub optional: bool,
    pub cost: u32,
    pub limit: Option<Limit>,
}

impl Clause<'_> {
    /// Whether the clause has any structure at all (text-only otherwise).
    pub fn is_structured(&self) -> bool {
        !self.effects.is_empty()
    }
}

/// A power of an attached tactic card: what it does while attached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// The trigger; absent means the power holds while the card is attached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Trigger>,
    /// Conditions that must all hold.
    #[serde(default, rename = "if", skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// What the power does, in order.
    #[serde(rename = "do")]
    pub effects: Vec<Effect>,
    /// The controller may choose not to use it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// Energy paid each time it is used.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 40))]
    pub cost: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<Limit>,
}

impl Ability {
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

#[cfg(test)]
mod tests {
    use super::{Condition, Role, ShipFilter};

    /// A `count` reads its filters and bounds from one table and writes
    /// them back alike, as a bundle carries it; a key of neither is
    /// refused, as in any other condition.
    #[test]
    fn a_count_is_its_filters_and_bounds_in_one_table() {
        let json = serde_json::json!({
            "kind": "count", "is": "enemy", "size": ["small"], "at_least": 2,
        });
        let condition: Condition = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(
            condition,
            Condition::Count {
                filter: ShipFilter {
                    is: Role::Enemy,
                    size: vec![crate::common::Size::Small],
                    ..ShipFilter::default()
                },
                at_least: Some(2),
                at_most: None,
            }
        );
        assert_eq!(serde_json::to_value(&condition).unwrap(), json);
        let stray = serde_json::json!({ "kind": "count", "is": "enemy", "at_leats": 2 });
        assert!(serde_json::from_value::<Condition>(stray).is_err());
    }
}
