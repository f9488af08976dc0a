//! The decisions a player can take, one enum for all of them.
//!
//! The granularity keeps each legal list short and every choice explicit,
//! in the shape of `OpenSpiel` and shakmaty: a launch is `Launch(card)` then
//! one `Place` per ship (then `Load`/`EndLoad` for a sealed hold); a move is
//! `Step`s of one space; an attack is `Charge` then `Attack`s. Dice never
//! need an action: chance resolves inside [`crate::Game::apply`].

use serde::{Deserialize, Serialize};

use crate::ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId};
use crate::question::Answer;
use crate::state::WeaponRef;

/// A decision of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// The high roller chooses who goes first.
    ChooseFirstPlayer(PlayerId),
    /// Places the next ship being placed (launch, setup or warp gate): `hex`
    /// is a small ship's hex, a large ship's centre, or one end of a medium
    /// ship whose other end is the neighbour in direction `dir` (0..3:
    /// east, north-east, north-west); `dir` is 0 otherwise.
    Place { hex: Hex, dir: u8 },
    /// Puts a ship card from behind the screen into the sealed hold of the
    /// ship being launched.
    Load(ShipCardId),
    /// Closes the hold of the ship being launched.
    EndLoad,
    /// Discards a tactic card from the hand for energy (also the forced
    /// discard before a draw that would pass the hand limit).
    DiscardForEnergy(TacticId),
    /// Passes a tactic card to a teammate during your energy phase.
    GiveCard { card: TacticId, to: PlayerId },
    /// Draws the orbital market's extra tactic card.
    DrawExtra,
    /// Pays a ship card's launch cost: from behind the screen into the
    /// starting zone, or out of a transport hold.
    Launch(ShipCardId),
    /// Plays a tactic card from the hand.
    PlayCard { card: TacticId, target: Target },
    /// Pays a ship card's activation cost to move and attack with it.
    Activate(ShipCardId),
    /// Moves a ship of the activated card one space in direction `dir`
    /// (0..6: E, NE, NW, W, SW, SE). A medium ship leads with the end at its
    /// position for `dir` 0..6 and with its other end for 6..12; its first
    /// step chooses the leading end for the rest of its move.
    Step { ship: ShipId, dir: u8 },
    /// Ends the moving ship's move.
    EndMove,
    /// Instead of moving, a ship that began the activation on a warp gate is
    /// placed anew (followed by a `Place`).
    Warp(ShipId),
    /// Pays a weapon's charge cost for one ship of the activated card.
    Charge { ship: ShipId, weapon: WeaponRef },
    /// One attack with the charged weapon.
    Attack { ship: ShipId, target: ShipId },
    /// Stops attacking with the charged weapon.
    EndWeapon,
    /// Ends the activation of the activated card.
    EndActivation,
    /// Ends the current phase (the action phase ends the turn).
    EndPhase,
    /// Uses a power as an action (an action window such as "during your
    /// deploy phase", or a special activation action instead of moving):
    /// the compiled power's index and its source (a ship card, a tactic
    /// card or a seat, by id).
    UsePower { power: u16, source: u16 },
    /// Answers the question a power asked mid-action
    /// ([`crate::Game::question`]).
    Answer(Answer),
}

/// What a tactic card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Target {
    /// No target (events).
    None,
    /// Attached to a ship card.
    Card(ShipCardId),
    /// Attached to the ship card that holds this card of the same type,
    /// which is discarded.
    Replace(TacticId),
}
