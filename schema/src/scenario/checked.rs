//! A checked scenario: what the validator makes of a `tests/*.toml` file
//! and the engine runs.
//!
//! Every reference is resolved: tactic and ship cards are canonical ids,
//! seats are indexes in the mission's seating order, ship cards are indexes
//! into [`Scenario::ships`], and the mission to set up is spelled out in
//! full (its fleets and decks are exactly the scenario's). Every check
//! carries the JSON pointer of the key it came from, so a failure can be
//! reported at its file and line.

use serde::{Deserialize, Serialize};

use crate::bundle::Mission;
use crate::common::Coord;
use crate::scenario::{
    AnswerWord, CardPlace, DamageKind, Direction, EventField, EventKind, ForcedDie, TurnPhase,
    WinHow,
};

/// A scenario ready to run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    /// The mission to set up: the named mission (or a bare board made one)
    /// with the scenario's fleets and decks (and its discovery tiles, when
    /// it lists any), and no start ships, prepped cards or fleets launched
    /// at the start (the scenario places ships).
    pub mission: Mission,
    pub seed: u64,
    pub start: Start,
    /// One per seat, in seating order.
    pub players: Vec<PlayerSetup>,
    pub ships: Vec<ShipSetup>,
    pub steps: Vec<Step>,
    /// The expectations after the last step.
    pub expect: Option<Expect>,
}

/// The moment the steps begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// The first player is still to be chosen.
    Setup,
    /// A turn is under way.
    Turn {
        player: usize,
        phase: TurnPhase,
        round: u32,
        first_player: usize,
    },
}

/// What a seat holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// `None`: the starting energy.
    pub energy: Option<u32>,
    /// Tactic card ids.
    pub hand: Vec<String>,
    /// Top card first; the whole draw pile.
    pub deck: Vec<String>,
    pub discard: Vec<String>,
    pub victory_points: Option<u32>,
}

/// A ship card of a fleet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipSetup {
    /// Where it was written (`/ships/2`).
    pub pointer: String,
    /// The seat whose fleet it is.
    pub player: usize,
    /// The bundle's ship card id.
    pub ship: String,
    pub place: ShipPlace,
    /// Attached tactic card ids, each with the seat whose deck it is from.
    pub attached: Vec<(String, usize)>,
    pub activated: bool,
}

/// Where a ship card is when the steps begin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShipPlace {
    Screen,
    /// In the hold of this card (an index into [`Scenario::ships`]).
    Hold(usize),
    /// On the battlefield: one entry per ship of the card.
    Battlefield(Vec<ModelSetup>),
}

/// One ship on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelSetup {
    pub pointer: String,
    /// `None` for a destroyed ship.
    pub at: Option<Placement>,
    /// `None`: the card's shield value.
    pub shields: Option<u32>,
    pub hull_damage: u32,
}

/// A ship's hex, and a medium ship's facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub at: Coord,
    pub facing: Option<Direction>,
}

/// One ship: a card of [`Scenario::ships`] and the ship's index in it (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShipRef {
    pub card: usize,
    pub ship: usize,
}

/// A weapon of a ship card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weapon {
    Primary,
    /// From 0.
    Secondary(u8),
    /// An attached additional weapon: its tactic card id.
    Additional(String),
    /// A weapon an `extra-weapon` effect gives the ship: its name.
    Extra(String),
}

/// A step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// Where it was written (`/steps/3`).
    pub pointer: String,
    pub action: StepAction,
    /// Die results forced on the step's rolls, in order.
    pub dice: Vec<ForcedDie>,
    /// For each of `dice`, the index of the entry of the step's `dice` that
    /// wrote it (`"D4"` writes two).
    pub dice_entries: Vec<usize>,
    /// The step must be refused.
    pub illegal: bool,
    pub expect: Option<Expect>,
}

/// What a step does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepAction {
    ChooseFirst {
        player: usize,
    },
    EndPhase,
    EndTurn,
    /// `player: None`: whoever must decide.
    Discard {
        player: Option<usize>,
        card: String,
    },
    Give {
        card: String,
        to: usize,
    },
    DrawExtra,
    Launch {
        card: usize,
        placements: Vec<Placement>,
        load: Vec<usize>,
    },
    Activate {
        card: usize,
    },
    Move {
        ship: ShipRef,
        path: Vec<Direction>,
        lead: Option<Coord>,
    },
    Warp {
        ship: ShipRef,
        at: Placement,
    },
    Charge {
        ship: ShipRef,
        weapon: Weapon,
    },
    Attack {
        ship: ShipRef,
        target: ShipRef,
        weapon: Option<Weapon>,
    },
    EndWeapon,
    EndActivation,
    Play {
        card: String,
        target: PlayTarget,
    },
    UsePower {
        source: PowerSource,
        /// Which of the source's powers, by its place in the bundle's list
        /// (the ship card version's powers, or the mission's special
        /// rules) and its name; `None`: the first that can be used now.
        power: Option<(usize, String)>,
    },
    Damage {
        ship: ShipRef,
        amount: u32,
        damage: DamageKind,
        damage_type: Option<String>,
    },
    /// One answer to the question pending (a `path` may be several).
    Answer {
        /// Who answers; `None`: whoever is asked.
        player: Option<usize>,
        answer: AnswerGiven,
    },
}

/// What an `answer` step answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnswerGiven {
    Word(AnswerWord),
    /// An option of a `choose`, from 0.
    Option(u32),
    /// Steps of a moved ship or obstacle, then a stop if it is still asked;
    /// for a medium ship, the hex of the end that leads (`None`: the end
    /// that moves away from the other).
    Path(Vec<Direction>, Option<[u32; 2]>),
    /// Where ships of a launched card go, or the hex of an obstacle chosen.
    Places(Vec<Placement>),
    /// A tactic card kept or discarded, by id.
    Card(String),
    /// A ship: a reaction's target card, or a rammed ship.
    Ship(ShipRef),
}

/// Whose power a `use-power` step uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PowerSource {
    /// A ship card of [`Scenario::ships`].
    Ship(usize),
    /// An attached tactic card, by id.
    Card(String),
    /// A special rule of the mission.
    Rule,
}

/// What a played card goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayTarget {
    None,
    Card(usize),
    /// Attached to this card, in place of its attached tactic card of this id.
    Replace {
        card: usize,
        old: String,
    },
}

/// Expectations at one point.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Expect {
    pub checks: Vec<Check>,
    /// Must all be emitted, in this order.
    pub events: Vec<EventCheck>,
    /// Must not be emitted.
    pub no_events: Vec<EventCheck>,
}

/// One expected value and where it was written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    pub pointer: String,
    pub expected: Expected,
}

/// An expected value of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expected {
    Round(u32),
    ActivePlayer(usize),
    Phase(TurnPhase),
    ToMove(usize),
    GameOver(bool),
    /// A team, by index in the mission's teams.
    Winner(usize),
    Draw(bool),
    How(WinHow),
    Energy {
        player: usize,
        value: u32,
    },
    Hand {
        player: usize,
        count: u32,
    },
    Deck {
        player: usize,
        count: u32,
    },
    Discard {
        player: usize,
        count: u32,
    },
    DeckRuns {
        player: usize,
        count: u32,
    },
    VictoryPoints {
        player: usize,
        value: u32,
    },
    VictoryClock {
        player: usize,
        value: f64,
    },
    Shields {
        ship: ShipRef,
        value: u32,
    },
    HullDamage {
        ship: ShipRef,
        value: u32,
    },
    Destroyed {
        ship: ShipRef,
        value: bool,
    },
    OnBattlefield {
        ship: ShipRef,
        value: bool,
    },
    At {
        ship: ShipRef,
        at: Placement,
    },
    Place {
        card: usize,
        place: CardPlace,
    },
    /// Tactic card ids, sorted.
    Attached {
        card: usize,
        cards: Vec<String>,
    },
    Activated {
        card: usize,
        value: bool,
    },
    Controller {
        card: usize,
        player: usize,
    },
}

/// An event to look for: its kind and the fields to match, each as the
/// value the engine renders (see [`EventValue`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventCheck {
    pub pointer: String,
    pub event: EventKind,
    pub fields: Vec<(EventField, EventValue)>,
    /// How many events must match, exactly; `None`: at least one, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

/// A field of an event, in the one form both the engine's rendering and a
/// pattern resolve to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum EventValue {
    Number(i64),
    Flag(bool),
    /// Names and ids: seats and teams by name; ship cards and tactic cards
    /// by id; a ship of a squadron `card#2`; weapons `primary`,
    /// `secondary`, `secondary-2`, or the card's id; letters, cells, phases, tiles,
    /// win kinds by their kebab-case name; `draw` for no winner.
    Text(String),
    Hex(Coord),
}

impl std::fmt::Display for EventValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventValue::Number(number) => write!(f, "{number}"),
            EventValue::Flag(flag) => write!(f, "{flag}"),
            EventValue::Text(text) => write!(f, "\"{text}\""),
            EventValue::Hex([column, row]) => write!(f, "[{column}, {row}]"),
        }
    }
}
