//! `tests/*.toml`: scenario tests of a pack, which content authors write to
//! prove that a rule, a card or a mission does what they meant, without
//! Rust.
//!
//! A scenario is a small state (a mission or a bare board, the players with
//! their energy and cards, the ship cards with their positions and pegs),
//! steps (the decisions players take, with die results forced where the
//! scenario says so) and expectations (pegs, energy, card counts, victory
//! points, the winner, the events the engine emitted). These are the shapes
//! of the file: references are plain strings here. The validator resolves
//! them into a [`checked::Scenario`], which the engine runs. The reference
//! for authors is `docs/scenarios.md`.

pub mod checked;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Coord, Level};
use crate::mission::Face;
use crate::rules::{DiscoveryTile, Obstacle};

/// A scenario test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSource {
    /// What the scenario shows, in a few words.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// The rule, card or example it proves, for people (quote the rulebook).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The mission whose battlefield, obstacles, tiles, teams and victory
    /// conditions the scenario plays on (its fleets and decks are the
    /// scenario's, and so are its tiles when `tiles` lists any). Give
    /// `mission` or `board`, not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<String>,
    /// A bare gameboard to play on, with the players the scenario lists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Seeds the dice that the scenario does not force.
    #[serde(default)]
    pub seed: u64,
    /// The players: on a bare board, the seats in play order; with a
    /// mission, the state of the mission's seats named here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::mission::MAX_PLAYERS))]
    pub players: Vec<ScenarioPlayer>,
    /// Whose turn it is when the steps begin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnSource>,
    /// The ship cards in play: every ship card of every fleet, launched or not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<ScenarioShip>,
    /// The discovery tiles on the battlefield. When any is listed, these are
    /// all of them: the mission's own tiles (placed or drawn) are left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiles: Vec<ScenarioTile>,
    /// What the players do, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<StepSource>,
    /// What must be true after the last step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<ExpectSource>,
}

/// A seat and what it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioPlayer {
    /// The seat's name: the mission's player name, or any name on a bare board.
    #[schemars(pattern(crate::common::PRINTABLE))]
    pub name: String,
    /// Bare board only: the faction id the player commands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    /// Bare board only: the team; defaults to the faction id. A faction's name or alias names the team of its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// Bare board only: the board's zone the player launches into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_zone: Option<String>,
    /// Energy now; defaults to the starting energy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub energy: Option<u32>,
    /// Tactic cards in the hand, by id or name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<String>,
    /// The tactic deck, top card (the next drawn) first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck: Vec<String>,
    /// The discard pile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<String>,
    /// Victory points of the player's team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub victory_points: Option<u32>,
}

/// A phase of a turn.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum TurnPhase {
    Energy,
    Deploy,
    Action,
}

impl TurnPhase {
    pub fn name(self) -> &'static str {
        match self {
            TurnPhase::Energy => "energy",
            TurnPhase::Deploy => "deploy",
            TurnPhase::Action => "action",
        }
    }
}

/// The moment the steps begin.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSource {
    /// The game has not begun: the high roller is still to choose who goes
    /// first (a `choose-first` step does), so no other key may be given.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub setup: bool,
    /// Whose turn it is; defaults to the first player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The phase under way; defaults to `energy` (its energy already gained,
    /// its card already drawn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<TurnPhase>,
    /// The round, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 1000))]
    pub round: Option<u32>,
    /// Who went first (who starts each round); defaults to the first seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<String>,
}

/// One of the six directions of the hex grid (pointy-topped hexes): east,
/// north-east, north-west, west, south-west, south-east.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    E,
    Ne,
    Nw,
    W,
    Sw,
    Se,
}

impl Direction {
    /// In the engine's order: E, NE, NW, W, SW, SE.
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::Ne,
        Direction::Nw,
        Direction::W,
        Direction::Sw,
        Direction::Se,
    ];

    /// 0..6 in the order E, NE, NW, W, SW, SE.
    pub fn index(self) -> u8 {
        match self {
            Direction::E => 0,
            Direction::Ne => 1,
            Direction::Nw => 2,
            Direction::W => 3,
            Direction::Sw => 4,
            Direction::Se => 5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::E => "e",
            Direction::Ne => "ne",
            Direction::Nw => "nw",
            Direction::W => "w",
            Direction::Sw => "sw",
            Direction::Se => "se",
        }
    }

    #[must_use]
    pub fn opposite(self) -> Direction {
        Direction::ALL[usize::from((self.index() + 3) % 6)]
    }
}

/// A ship card in play and where its ships are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioShip {
    /// The ship card's id or name.
    pub ship: String,
    pub version: Level,
    /// The seat whose fleet it is; defaults to the only seat of its faction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// A solo ship on the battlefield: its hex (a large ship's centre, a
    /// medium ship's front end). Without `at`, `squadron` or `hold`, the
    /// card is behind its player's screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Coord>,
    /// A medium ship: the way its front end points; its other end is the
    /// neighbour of `at` in the opposite direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
    /// Shield pegs; defaults to the card's shield value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 30))]
    pub shields: Option<u32>,
    /// Hull damage pegs.
    #[serde(default, skip_serializing_if = "crate::effect::is_zero")]
    #[schemars(range(max = 30))]
    pub hull_damage: u32,
    /// A squadron on the battlefield: one entry per ship, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squadron: Vec<SquadronShip>,
    /// The ship card (id or name) in whose sealed transport hold it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold: Option<String>,
    /// Tactic cards attached to it, by id or name (their cost unpaid).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<String>,
    /// Already activated this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub activated: bool,
}

/// One ship of a squadron on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquadronShip {
    /// Its hex (a medium ship's front end); absent for a destroyed ship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Coord>,
    /// A medium ship: the way its front end points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
    /// Shield pegs; defaults to the card's shield value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 30))]
    pub shields: Option<u32>,
    /// Hull damage pegs.
    #[serde(default, skip_serializing_if = "crate::effect::is_zero")]
    #[schemars(range(max = 30))]
    pub hull_damage: u32,
    /// The ship was destroyed earlier in the game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub destroyed: bool,
}

/// A discovery tile on the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioTile {
    pub tile: DiscoveryTile,
    /// Its hex, `[column, row]`.
    pub at: Coord,
    /// Which side is up: `black` (the default) or `power`. A black tile
    /// turns power side up when a ship ends its move on it.
    #[serde(default = "black_side")]
    pub face: Face,
}

fn black_side() -> Face {
    Face::Black
}

/// Where a ship is placed by a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The hex (a large ship's centre, a medium ship's front end).
    pub at: Coord,
    /// A medium ship: the way its front end points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
}

/// What a step does.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    /// `player` goes first, as the high roller chooses.
    ChooseFirst,
    /// The active player ends the current phase.
    EndPhase,
    /// The active player ends the activation under way (if any), then phases until the next player's turn begins.
    EndTurn,
    /// A player (`player`, default: who must decide) discards `card` from the hand for energy.
    Discard,
    /// The active player passes `card` to a teammate (`player`).
    Give,
    /// The active player takes the orbital market's extra card.
    DrawExtra,
    /// The active player launches `ship` at `at` (a squadron: `squadron`), then loads `load` into its hold.
    Launch,
    /// The active player pays the activation cost of `ship`.
    Activate,
    /// A ship (`ship`) of the activated card moves along `path`; a medium ship leads with the end at `lead`.
    Move,
    /// Instead of moving, a ship (`ship`) on a warp gate is placed at `at`.
    Warp,
    /// A ship (`ship`) charges a weapon (`weapon`).
    Charge,
    /// A ship (`ship`) attacks `target` with its charged weapon, or charges `weapon` first.
    Attack,
    /// Stops attacking with the charged weapon.
    EndWeapon,
    /// Ends the activation.
    EndActivation,
    /// The active player plays `card`: an event, or attached to `ship` (replacing `replace`).
    Play,
    /// The active player uses a power as an action: that of the ship card `ship`, of the attached card `card`, or (with neither) of a mission special rule; `power` names which of a ship card's powers or of the special rules (default: the first that can be used now).
    UsePower,
    /// Outside the flow of play: `ship`, on the battlefield, takes `amount` damage of kind `damage`.
    Damage,
    /// Answers the question a power or special rule asks mid-action (`player`, default: who is asked): `answer`, an `option` of a choice, a moved ship's or obstacle's `path`, a placement (`at`, `facing` or `squadron`), a `card` kept or discarded, or a `ship` (a reaction's target, a rammed ship).
    Answer,
}

impl StepKind {
    pub const ALL: [StepKind; 18] = [
        StepKind::ChooseFirst,
        StepKind::EndPhase,
        StepKind::EndTurn,
        StepKind::Discard,
        StepKind::Give,
        StepKind::DrawExtra,
        StepKind::Launch,
        StepKind::Activate,
        StepKind::Move,
        StepKind::Warp,
        StepKind::Charge,
        StepKind::Attack,
        StepKind::EndWeapon,
        StepKind::EndActivation,
        StepKind::Play,
        StepKind::UsePower,
        StepKind::Damage,
        StepKind::Answer,
    ];

    pub fn name(self) -> &'static str {
        match self {
            StepKind::ChooseFirst => "choose-first",
            StepKind::EndPhase => "end-phase",
            StepKind::EndTurn => "end-turn",
            StepKind::Discard => "discard",
            StepKind::Give => "give",
            StepKind::DrawExtra => "draw-extra",
            StepKind::Launch => "launch",
            StepKind::Activate => "activate",
            StepKind::Move => "move",
            StepKind::Warp => "warp",
            StepKind::Charge => "charge",
            StepKind::Attack => "attack",
            StepKind::EndWeapon => "end-weapon",
            StepKind::EndActivation => "end-activation",
            StepKind::Play => "play",
            StepKind::UsePower => "use-power",
            StepKind::Damage => "damage",
            StepKind::Answer => "answer",
        }
    }

    /// The step keys this kind requires, then those it also accepts (besides
    /// `do`, `dice`, `illegal`, `expect` and `note`, which every step takes).
    pub fn parameters(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            StepKind::ChooseFirst => (&["player"], &[]),
            StepKind::EndPhase
            | StepKind::EndTurn
            | StepKind::DrawExtra
            | StepKind::EndWeapon
            | StepKind::EndActivation => (&[], &[]),
            StepKind::Discard => (&["card"], &["player"]),
            StepKind::Give => (&["card", "player"], &[]),
            StepKind::Launch => (&["ship"], &["at", "facing", "squadron", "load"]),
            StepKind::Activate => (&["ship"], &[]),
            StepKind::Move => (&["ship", "path"], &["lead"]),
            StepKind::Warp => (&["ship", "at"], &["facing"]),
            StepKind::Charge => (&["ship", "weapon"], &[]),
            StepKind::Attack => (&["ship", "target"], &["weapon"]),
            StepKind::Play => (&["card"], &["ship", "replace"]),
            StepKind::UsePower => (&[], &["ship", "card", "power"]),
            StepKind::Damage => (&["ship", "amount"], &["damage", "damage_type"]),
            StepKind::Answer => (
                &[],
                &[
                    "player", "answer", "option", "path", "lead", "at", "facing", "squadron",
                    "card", "ship",
                ],
            ),
        }
    }
}

/// One step: a decision of a player (one or a few engine actions), with the
/// die results it forces and what must hold after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepSource {
    /// What the step does.
    #[serde(rename = "do")]
    pub kind: StepKind,
    /// A seat's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// A ship card (id or name); a ship of a squadron is `card#2` (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<String>,
    /// The ship attacked, named like `ship`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// `primary`, `secondary` (or `secondary-2`, ...), a weapon's name as printed on the ship card, a weapon an `extra-weapon` effect gives, or an attached additional weapon card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// A tactic card, by id or name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// The attached tactic card a played card replaces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replace: Option<String>,
    /// The directions of a move, one space each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<Direction>,
    /// The hex of the end a medium ship leads with; defaults to the end
    /// that moves away from the other in the path's first direction (the
    /// front end for a sideways first step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<Coord>,
    /// Where a solo ship is placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Coord>,
    /// A medium ship placed: the way its front end points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
    /// Where the ships of a squadron are placed, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squadron: Vec<Placement>,
    /// Ship cards put into the sealed hold of the ship launched.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub load: Vec<String>,
    /// An `answer` step's word: `yes`, `no`, `stop` (a move or a choice of
    /// obstacles), or `play` (a reaction event without a target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<AnswerWord>,
    /// A `use-power` step's power, by name: a power of the ship card `ship`, or a mission special rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    /// An `answer` step's option of a `choose` effect, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 20))]
    pub option: Option<u32>,
    /// Damage dealt by a `damage` step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 30))]
    pub amount: Option<u32>,
    /// How a `damage` step's damage applies; defaults to `direct`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageKind>,
    /// A named damage type of the ruleset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    /// Die results the step's rolls take, in order: a number for one die,
    /// `"D4"` (or `"D-4"`) for a roll of the coordinate dice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<DieRoll>,
    /// The step must be refused as illegal (the game is left as it was).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub illegal: bool,
    /// What must hold right after the step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<ExpectSource>,
    /// A remark for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A word an `answer` step answers with.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum AnswerWord {
    /// Use the optional power; draw from the other deck.
    Yes,
    /// Do not use it; do not play the reaction.
    No,
    /// Stop moving the ship or the obstacle; move no more obstacles.
    Stop,
    /// Play the reaction event (one without a target).
    Play,
}

impl AnswerWord {
    pub fn name(self) -> &'static str {
        match self {
            AnswerWord::Yes => "yes",
            AnswerWord::No => "no",
            AnswerWord::Stop => "stop",
            AnswerWord::Play => "play",
        }
    }
}

/// How damage applies to the pegs.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DamageKind {
    /// Damage of an attack's hit: shields first, then hull.
    Attack,
    /// Direct damage: shields first, then hull, but not an attack.
    Direct,
    /// Direct shield damage: shield pegs only.
    Shield,
    /// Direct hull damage: hull damage pegs, even with shields up.
    Hull,
}

/// A forced die result: a number for the number die, `"D"` for the letter
/// die alone (a re-rolled letter), or `"D4"` for the coordinate dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum DieRoll {
    Number(#[schemars(range(min = 1))] u32),
    Coordinates(String),
}

/// Which die a forced result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Die {
    /// The letter die (A = 1): the columns of a hit-location chart.
    Letter,
    /// The number die, and every roll that is not a letter.
    Number,
}

/// One forced result: the die and its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ForcedDie {
    pub die: Die,
    pub face: u32,
}

impl DieRoll {
    /// The rolls this stands for: one number, one letter (A = 1), or the
    /// letter then the number. `None` if the text is not a letter with an
    /// optional number.
    pub fn faces(&self) -> Option<Vec<ForcedDie>> {
        let number = |face| ForcedDie {
            die: Die::Number,
            face,
        };
        match self {
            DieRoll::Number(face) => Some(vec![number(*face)]),
            DieRoll::Coordinates(text) => {
                let text = text.trim();
                let mut chars = text.chars();
                let letter = chars.next().filter(char::is_ascii_alphabetic)?;
                let letter = ForcedDie {
                    die: Die::Letter,
                    face: u32::from(letter.to_ascii_uppercase()) - u32::from('A') + 1,
                };
                let rest = chars.as_str();
                if rest.is_empty() {
                    return Some(vec![letter]);
                }
                let digits = rest.strip_prefix('-').unwrap_or(rest);
                if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                Some(vec![letter, number(digits.parse().ok()?)])
            }
        }
    }
}

/// What must hold at a point of the scenario. Every key is optional; only
/// those given are checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExpectSource {
    /// The round, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Whose turn it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_player: Option<String>,
    /// The phase under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<TurnPhase>,
    /// Who must decide now (a forced discard can make it another player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    /// Whether the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    /// The winning team, or a player standing for their team, or a faction for the team of its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Whether the game ended in a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<bool>,
    /// The victory condition that ended the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub how: Option<WinHow>,
    /// Per seat (by name).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub players: BTreeMap<String, PlayerExpect>,
    /// Per ship card, or per ship of a squadron (`card#2`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ships: BTreeMap<String, ShipExpect>,
    /// Events that must have been emitted (by the step, or by all the steps
    /// for the final expectations), in this order, others between allowed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventPattern>,
    /// Events that must not have been emitted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_events: Vec<EventPattern>,
}

/// The victory condition that ended a game.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum WinHow {
    DestroyAll,
    VictoryPoints,
    Alternative,
    VictoryClock,
}

impl WinHow {
    pub fn name(self) -> &'static str {
        match self {
            WinHow::DestroyAll => "destroy-all",
            WinHow::VictoryPoints => "victory-points",
            WinHow::Alternative => "alternative",
            WinHow::VictoryClock => "victory-clock",
        }
    }
}

/// What must hold of a seat.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerExpect {
    /// Energy the player can spend.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy: Option<u32>,
    /// Cards in the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<u32>,
    /// Cards left in the deck the player draws from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<u32>,
    /// Cards in that deck's discard pile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<u32>,
    /// How many times that deck has run out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_runs: Option<u32>,
    /// Victory points of the player's team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_points: Option<u32>,
    /// The victory-clock score of the player's team now (to 0.001).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_clock: Option<f64>,
}

/// Where a ship card is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CardPlace {
    /// Behind its player's screen.
    Screen,
    /// In another card's sealed transport hold.
    Hold,
    /// Launched.
    Launched,
    /// Every ship destroyed.
    OutOfPlay,
}

impl CardPlace {
    pub fn name(self) -> &'static str {
        match self {
            CardPlace::Screen => "screen",
            CardPlace::Hold => "hold",
            CardPlace::Launched => "launched",
            CardPlace::OutOfPlay => "out-of-play",
        }
    }
}

/// What must hold of a ship (or of a ship card, for the card's keys).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipExpect {
    /// Shield pegs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shields: Option<u32>,
    /// Hull damage pegs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull_damage: Option<u32>,
    /// Whether the ship is destroyed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destroyed: Option<bool>,
    /// Whether the ship is on the battlefield.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_battlefield: Option<bool>,
    /// Its hex (a large ship's centre; a medium ship: one of its two hexes,
    /// or its front end with `facing`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Coord>,
    /// A medium ship: with `at`, the two hexes it covers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
    /// Where the ship card is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<CardPlace>,
    /// The tactic cards attached to the ship card, in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached: Option<Vec<String>>,
    /// Whether the ship card was activated this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activated: Option<bool>,
    /// The seat that controls the ship card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<String>,
}

/// The kinds of event the engine emits.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// A player rolled for first player (`player`, `roll`).
    FirstPlayerRoll,
    /// `player` goes first, as the high roller chose.
    FirstPlayer,
    /// A turn began (`player`, `round`).
    TurnStarted,
    /// A phase began (`player`, `phase`).
    PhaseStarted,
    /// Energy gained (`player`, `amount`, `energy` after).
    EnergyGained,
    /// Energy spent or lost (`player`, `amount`, `energy` after).
    EnergySpent,
    /// A tactic card drawn (`player`, `card`).
    CardDrawn,
    /// A deck reshuffled from its discards (`player`: whose deck).
    DeckReshuffled,
    /// A deck ran out for good (`player`: whose deck).
    DeckOut,
    /// A card discarded for energy (`player`, `card`).
    Discarded,
    /// A card passed to a teammate (`player`, `to`, `card`).
    CardGiven,
    /// A card played (`player`, `card`, `ship`: the card it went on).
    CardPlayed,
    /// A tactic card attached (`card`, `ship`: the ship card).
    Attached,
    /// A ship card launched (`ship`).
    Launched,
    /// A ship placed (`ship`, `at`).
    Placed,
    /// A ship card put into a hold (`ship`: the carrier, `card`: the ship card loaded).
    Loaded,
    /// A ship card activated (`ship`).
    Activated,
    /// A ship moved one space (`ship`, `at`).
    Stepped,
    /// A ship ended its move (`ship`).
    MoveEnded,
    /// A discovery tile turned power side up (`tile`, `at`).
    TileFlipped,
    /// An obstacle a power moves went one space (`obstacle`: its kind,
    /// `at`: the first of its hexes after the step).
    ObstacleMoved,
    /// An ECM roll (`ship`: the mover, `enemy`, `roll`, `damage`).
    EcmRoll,
    /// A debris roll (`ship`, `roll`, `damage`).
    DebrisRoll,
    /// A weapon charged (`ship`, `weapon`).
    Charged,
    /// A roll of the coordinate dice (`ship`, `target`, `letter`, `number`, `cell`).
    AttackRoll,
    /// An asteroid cover roll (`target`, `roll`, `missed`).
    AsteroidCover,
    /// A power acted: a triggered power, a card's power or a mission special
    /// rule, or a power used as an action (`player`: its controller; `ship`,
    /// `card` or `rule`: whose power). Its effects' events follow it.
    PowerActed,
    /// A die a power, a card or a mission special rule rolled (`player`: the power's controller; `ship`, `card` or `rule`: whose power; `roll`; `row`: the die table's row it fell in, from 1).
    PowerRoll,
    /// Pegs changed by damage (`ship`, `shields_removed`, `hull_added`).
    Damaged,
    /// Shield pegs added (`ship`, `amount`).
    ShieldsAdded,
    /// Shield pegs a power took off, not as damage (`ship`, `amount`).
    ShieldsRemoved,
    /// Hull damage pegs removed (`ship`, `amount`).
    HullRepaired,
    /// A ship destroyed (`ship`).
    Destroyed,
    /// A ship that was to be destroyed survived with its shields down and
    /// 1 hull left (`ship`, `hull_damage`: its hull damage pegs now).
    Survived,
    /// A ship card out of play (`ship`).
    CardOutOfPlay,
    /// A ship card changed sides (`ship`, `player`: the new controller).
    ControlTaken,
    /// Victory points scored (`team`, `points`, `total`; `player`: the controller of the power that scored; `ship`, `card` or `rule`: whose power).
    VictoryPoints,
    /// The game ended (`winner`, `how`).
    GameOver,
}

impl EventKind {
    pub fn name(self) -> &'static str {
        match self {
            EventKind::FirstPlayerRoll => "first-player-roll",
            EventKind::FirstPlayer => "first-player",
            EventKind::TurnStarted => "turn-started",
            EventKind::PhaseStarted => "phase-started",
            EventKind::EnergyGained => "energy-gained",
            EventKind::EnergySpent => "energy-spent",
            EventKind::CardDrawn => "card-drawn",
            EventKind::DeckReshuffled => "deck-reshuffled",
            EventKind::DeckOut => "deck-out",
            EventKind::Discarded => "discarded",
            EventKind::CardGiven => "card-given",
            EventKind::CardPlayed => "card-played",
            EventKind::Attached => "attached",
            EventKind::Launched => "launched",
            EventKind::Placed => "placed",
            EventKind::Loaded => "loaded",
            EventKind::Activated => "activated",
            EventKind::Stepped => "stepped",
            EventKind::MoveEnded => "move-ended",
            EventKind::TileFlipped => "tile-flipped",
            EventKind::ObstacleMoved => "obstacle-moved",
            EventKind::EcmRoll => "ecm-roll",
            EventKind::DebrisRoll => "debris-roll",
            EventKind::Charged => "charged",
            EventKind::AttackRoll => "attack-roll",
            EventKind::AsteroidCover => "asteroid-cover",
            EventKind::PowerActed => "power-acted",
            EventKind::PowerRoll => "power-roll",
            EventKind::Damaged => "damaged",
            EventKind::ShieldsAdded => "shields-added",
            EventKind::ShieldsRemoved => "shields-removed",
            EventKind::HullRepaired => "hull-repaired",
            EventKind::Destroyed => "destroyed",
            EventKind::Survived => "survived",
            EventKind::CardOutOfPlay => "card-out-of-play",
            EventKind::ControlTaken => "control-taken",
            EventKind::VictoryPoints => "victory-points",
            EventKind::GameOver => "game-over",
        }
    }

    /// The fields an event of this kind has, as pattern keys.
    pub fn fields(self) -> &'static [EventField] {
        use EventField as F;
        match self {
            EventKind::FirstPlayerRoll => &[F::Player, F::Roll],
            EventKind::FirstPlayer | EventKind::DeckReshuffled | EventKind::DeckOut => &[F::Player],
            EventKind::TurnStarted => &[F::Player, F::Round],
            EventKind::PhaseStarted => &[F::Player, F::Phase],
            EventKind::EnergyGained | EventKind::EnergySpent => &[F::Player, F::Amount, F::Energy],
            EventKind::CardDrawn | EventKind::Discarded => &[F::Player, F::Card],
            EventKind::CardGiven => &[F::Player, F::To, F::Card],
            EventKind::CardPlayed => &[F::Player, F::Card, F::Ship],
            EventKind::Attached => &[F::Card, F::Ship],
            EventKind::Launched
            | EventKind::Activated
            | EventKind::MoveEnded
            | EventKind::Destroyed
            | EventKind::CardOutOfPlay => &[F::Ship],
            EventKind::Placed | EventKind::Stepped => &[F::Ship, F::At],
            EventKind::Loaded => &[F::Ship, F::Card],
            EventKind::TileFlipped => &[F::Tile, F::At],
            EventKind::ObstacleMoved => &[F::Obstacle, F::At],
            EventKind::EcmRoll => &[F::Ship, F::Enemy, F::Roll, F::Damage],
            EventKind::DebrisRoll => &[F::Ship, F::Roll, F::Damage],
            EventKind::Charged => &[F::Ship, F::Weapon],
            EventKind::AttackRoll => &[F::Ship, F::Target, F::Letter, F::Number, F::Cell],
            EventKind::AsteroidCover => &[F::Target, F::Roll, F::Missed],
            EventKind::PowerActed => &[F::Player, F::Ship, F::Card, F::Rule],
            EventKind::PowerRoll => &[F::Player, F::Ship, F::Card, F::Rule, F::Roll, F::Row],
            EventKind::Damaged => &[F::Ship, F::ShieldsRemoved, F::HullAdded],
            EventKind::ShieldsAdded | EventKind::ShieldsRemoved | EventKind::HullRepaired => {
                &[F::Ship, F::Amount]
            }
            EventKind::Survived => &[F::Ship, F::HullDamage],
            EventKind::ControlTaken => &[F::Ship, F::Player],
            EventKind::VictoryPoints => &[
                F::Team,
                F::Player,
                F::Ship,
                F::Card,
                F::Rule,
                F::Points,
                F::Total,
            ],
            EventKind::GameOver => &[F::Winner, F::How],
        }
    }

    /// What the `ship` and `card` fields of this kind name: a ship card
    /// (not one ship of it), and a tactic card (not a ship card).
    pub fn ship_is_card(self) -> bool {
        matches!(
            self,
            EventKind::CardPlayed
                | EventKind::Attached
                | EventKind::Launched
                | EventKind::Loaded
                | EventKind::Activated
                | EventKind::CardOutOfPlay
                | EventKind::ControlTaken
                | EventKind::PowerActed
                | EventKind::PowerRoll
                | EventKind::VictoryPoints
        )
    }

    /// Whether the `card` field names a tactic card (else a ship card).
    pub fn card_is_tactic(self) -> bool {
        !matches!(self, EventKind::Loaded)
    }
}

/// A field of an event, as a key of an [`EventPattern`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventField {
    Player,
    To,
    Team,
    Ship,
    Target,
    Enemy,
    Card,
    Rule,
    Weapon,
    Tile,
    Obstacle,
    At,
    Phase,
    Round,
    Roll,
    Row,
    Letter,
    Number,
    Cell,
    Missed,
    Amount,
    Energy,
    Damage,
    ShieldsRemoved,
    HullAdded,
    HullDamage,
    Points,
    Total,
    Winner,
    How,
}

impl EventField {
    /// The key as written in a pattern and rendered in an event.
    pub fn key(self) -> &'static str {
        match self {
            EventField::Player => "player",
            EventField::To => "to",
            EventField::Team => "team",
            EventField::Ship => "ship",
            EventField::Target => "target",
            EventField::Enemy => "enemy",
            EventField::Card => "card",
            EventField::Rule => "rule",
            EventField::Weapon => "weapon",
            EventField::Tile => "tile",
            EventField::Obstacle => "obstacle",
            EventField::At => "at",
            EventField::Phase => "phase",
            EventField::Round => "round",
            EventField::Roll => "roll",
            EventField::Row => "row",
            EventField::Letter => "letter",
            EventField::Number => "number",
            EventField::Cell => "cell",
            EventField::Missed => "missed",
            EventField::Amount => "amount",
            EventField::Energy => "energy",
            EventField::Damage => "damage",
            EventField::ShieldsRemoved => "shields_removed",
            EventField::HullAdded => "hull_added",
            EventField::HullDamage => "hull_damage",
            EventField::Points => "points",
            EventField::Total => "total",
            EventField::Winner => "winner",
            EventField::How => "how",
        }
    }
}

/// What a coordinate roll found on the hit-location chart.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Cell {
    Miss,
    Hit,
    Critical,
}

impl Cell {
    pub fn name(self) -> &'static str {
        match self {
            Cell::Miss => "miss",
            Cell::Hit => "hit",
            Cell::Critical => "critical",
        }
    }
}

/// An event the engine must (or must not) have emitted: its kind and the
/// fields to match; fields left out match anything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EventPattern {
    pub event: EventKind,
    /// How many events it matches, exactly (among `events` only): such a
    /// pattern counts every match in the step (or in all the steps),
    /// apart from the order of the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub count: Option<u32>,
    /// A seat's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The seat a card was passed to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// A team's name, or a player's standing for their team, or a faction's for the team of its id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// A ship (`card#2` in a squadron), or a ship card for card events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enemy: Option<String>,
    /// A tactic card (a ship card for `loaded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// A special rule of the mission, by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// `primary`, `secondary`, `secondary-2`, ..., a weapon's name as printed on the ship card (with `ship`), a weapon an `extra-weapon` effect gives, or an additional weapon card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<DiscoveryTile>,
    /// An obstacle's kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obstacle: Option<Obstacle>,
    /// A hex (a large ship's centre; either end of a medium ship's base).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Coord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<TurnPhase>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// A die's result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<u32>,
    /// The row of a die table a roll fell in, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub row: Option<u32>,
    /// The letter die's result (`"D"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letter: Option<String>,
    /// The number die's result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cell: Option<Cell>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// Energy after the change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub energy: Option<u32>,
    /// Damage an ECM or debris roll dealt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shields_removed: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull_added: Option<u32>,
    /// A ship's hull damage pegs after the event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull_damage: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u32>,
    /// The winning team (or a player standing for it); `draw` for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub how: Option<WinHow>,
}

impl EventPattern {
    /// The fields given, with their pattern keys.
    pub fn given(&self) -> Vec<EventField> {
        let mut given = Vec::new();
        let mut note = |field: EventField, present: bool| {
            if present {
                given.push(field);
            }
        };
        note(EventField::Player, self.player.is_some());
        note(EventField::To, self.to.is_some());
        note(EventField::Team, self.team.is_some());
        note(EventField::Ship, self.ship.is_some());
        note(EventField::Target, self.target.is_some());
        note(EventField::Enemy, self.enemy.is_some());
        note(EventField::Card, self.card.is_some());
        note(EventField::Rule, self.rule.is_some());
        note(EventField::Weapon, self.weapon.is_some());
        note(EventField::Tile, self.tile.is_some());
        note(EventField::Obstacle, self.obstacle.is_some());
        note(EventField::At, self.at.is_some());
        note(EventField::Phase, self.phase.is_some());
        note(EventField::Round, self.round.is_some());
        note(EventField::Roll, self.roll.is_some());
        note(EventField::Row, self.row.is_some());
        note(EventField::Letter, self.letter.is_some());
        note(EventField::Number, self.number.is_some());
        note(EventField::Cell, self.cell.is_some());
        note(EventField::Missed, self.missed.is_some());
        note(EventField::Amount, self.amount.is_some());
        note(EventField::Energy, self.energy.is_some());
        note(EventField::Damage, self.damage.is_some());
        note(EventField::ShieldsRemoved, self.shields_removed.is_some());
        note(EventField::HullAdded, self.hull_added.is_some());
        note(EventField::HullDamage, self.hull_damage.is_some());
        note(EventField::Points, self.points.is_some());
        note(EventField::Total, self.total.is_some());
        note(EventField::Winner, self.winner.is_some());
        note(EventField::How, self.how.is_some());
        given
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_rolls_read_letter_then_number() {
        let faces = |roll: DieRoll| {
            roll.faces().map(|dice| {
                dice.iter()
                    .map(|die| (die.die, die.face))
                    .collect::<Vec<_>>()
            })
        };
        let (letter, number) = (Die::Letter, Die::Number);
        assert_eq!(
            faces(DieRoll::Coordinates("D4".into())),
            Some(vec![(letter, 4), (number, 4)])
        );
        assert_eq!(
            faces(DieRoll::Coordinates("j-8".into())),
            Some(vec![(letter, 10), (number, 8)])
        );
        assert_eq!(faces(DieRoll::Number(5)), Some(vec![(number, 5)]));
        assert_eq!(
            faces(DieRoll::Coordinates("D".into())),
            Some(vec![(letter, 4)])
        );
        assert_eq!(faces(DieRoll::Coordinates("4D".into())), None);
        assert_eq!(faces(DieRoll::Coordinates("D-".into())), None);
    }

    #[test]
    fn directions_are_opposite_in_pairs() {
        for direction in Direction::ALL {
            assert_eq!(direction.opposite().opposite(), direction);
            assert_ne!(direction.opposite(), direction);
        }
        assert_eq!(Direction::Ne.opposite(), Direction::Sw);
    }

    #[test]
    fn every_step_kind_is_listed_once() {
        let mut names: Vec<&str> = StepKind::ALL.iter().map(|kind| kind.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), StepKind::ALL.len());
    }
}
