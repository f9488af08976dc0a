//! What happened: the engine appends events as it applies actions, and
//! traces, scenario expectations and reports drain them with
//! [`crate::Game::drain_events`].

use serde::{Deserialize, Serialize};
use spacedock_schema::rules::{DiscoveryTile, Obstacle};

use crate::action::Target;
use crate::board::Pos;
use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId, TeamId};
use crate::outcome::Outcome;
use crate::state::{TurnPhase, WeaponRef};

/// What a coordinate roll found on the hit-location chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    Miss,
    Hit,
    Critical,
}

/// What carried out the effects that rolled a die or scored: each names
/// the item as the bundle orders it, so a reader of a trace can find the
/// text it follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectSource {
    /// A power of a ship card: `power` is its place (from 0) among the
    /// powers of the card's version.
    ShipPower { card: ShipCardId, power: u16 },
    /// A power of an attached tactic card: `power` is its place (from 0)
    /// among the card's powers.
    CardPower { card: TacticId, power: u16 },
    /// A tactic card's own `do`, as it is played or attached.
    Card { card: TacticId },
    /// A special rule of the mission: its place (from 0) among the
    /// mission's special rules.
    Rule { rule: u16 },
    /// No power at all: the game was edited ([`crate::Editor`]), as a
    /// scenario sets victory points before its steps.
    Edit,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    FirstPlayerRoll {
        player: PlayerId,
        roll: u32,
    },
    FirstPlayer {
        player: PlayerId,
    },
    TurnStarted {
        player: PlayerId,
        round: u32,
    },
    PhaseStarted {
        player: PlayerId,
        phase: TurnPhase,
    },
    EnergyGained {
        player: PlayerId,
        amount: i32,
        energy: i32,
    },
    EnergySpent {
        player: PlayerId,
        amount: i32,
        energy: i32,
    },
    CardDrawn {
        player: PlayerId,
        card: TacticId,
    },
    DeckReshuffled {
        deck: u8,
    },
    /// The deck ran out for good: no more draws from it.
    DeckOut {
        deck: u8,
    },
    Discarded {
        player: PlayerId,
        card: TacticId,
    },
    CardGiven {
        from: PlayerId,
        to: PlayerId,
        card: TacticId,
    },
    CardPlayed {
        player: PlayerId,
        card: TacticId,
        target: Target,
    },
    Attached {
        card: TacticId,
        to: ShipCardId,
    },
    Launched {
        card: ShipCardId,
    },
    Placed {
        ship: ShipId,
        pos: Pos,
    },
    Loaded {
        carrier: ShipCardId,
        card: ShipCardId,
    },
    Activated {
        card: ShipCardId,
    },
    Stepped {
        ship: ShipId,
        pos: Pos,
    },
    MoveEnded {
        ship: ShipId,
    },
    TileFlipped {
        tile: DiscoveryTile,
        pos: Pos,
    },
    /// An obstacle a power moves went one space: `hexes` are those it
    /// covers after the step, in the order the mission lists them.
    ObstacleMoved {
        obstacle: u8,
        kind: Obstacle,
        hexes: Vec<Hex>,
    },
    EcmRoll {
        ship: ShipId,
        enemy: ShipId,
        roll: u32,
        damage: i32,
    },
    DebrisRoll {
        ship: ShipId,
        roll: u32,
        damage: i32,
    },
    Charged {
        ship: ShipId,
        weapon: WeaponRef,
    },
    AttackRoll {
        ship: ShipId,
        target: ShipId,
        letter: u32,
        number: u32,
        cell: Cell,
    },
    AsteroidCover {
        target: ShipId,
        roll: u32,
        missed: bool,
    },
    /// A triggered power, a card's power or a special rule acted, or a
    /// power was used as an action: what follows, up to the next event of
    /// its kind or of an action, is its doing. `player` is the power's
    /// controller.
    PowerActed {
        source: EffectSource,
        player: PlayerId,
    },
    /// A die a power, a card or a special rule rolled: on a die table
    /// (`row`: the row, from 0, the result fell in), or for the spaces an
    /// obstacle moves (`row` `None`). `player` is the power's controller.
    PowerRoll {
        source: EffectSource,
        player: PlayerId,
        roll: u32,
        row: Option<u32>,
    },
    Damaged {
        ship: ShipId,
        shields_removed: i32,
        hull_added: i32,
    },
    ShieldsAdded {
        ship: ShipId,
        amount: i32,
    },
    /// Shield pegs a power took off, not as damage: nothing that answers
    /// damage hears it.
    ShieldsRemoved {
        ship: ShipId,
        amount: i32,
    },
    HullRepaired {
        ship: ShipId,
        amount: i32,
    },
    Destroyed {
        ship: ShipId,
    },
    /// A ship that was to be destroyed survived, shields down, with
    /// `hull_damage` pegs: 1 hull left.
    Survived {
        ship: ShipId,
        hull_damage: i32,
    },
    CardOutOfPlay {
        card: ShipCardId,
    },
    ControlTaken {
        card: ShipCardId,
        by: PlayerId,
    },
    /// Points scored by `source`; `player` is the controller of the power
    /// that scored (`None` for an edit), `team` the team that got them.
    VictoryPoints {
        team: TeamId,
        points: u32,
        total: u32,
        source: EffectSource,
        player: Option<PlayerId>,
    },
    GameOver {
        outcome: Outcome,
    },
}
