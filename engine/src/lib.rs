//! The rules engine of spacedock: headless, deterministic games of
//! *Battleship Galaxies* played from a checked bundle.
//!
//! A [`Game`] is built from a bundle's mission and a seed ([`Setup`] when
//! many games share one setup), then driven one [`Action`] at a time:
//! [`Game::to_move`], [`Game::legal_actions`], [`Game::apply`] and
//! [`Game::outcome`], in the shape of shakmaty and `OpenSpiel`. Dice roll from
//! a `ChaCha8` stream stored in the state, so a game is a pure function of
//! its bundle, mission, fleets, seed and actions. The rules live in
//! `rules/`, one module per rulebook section; card powers plug in through
//! [`powers`]. docs/engine.md describes the model and every reading of the
//! rulebook.

mod action;
mod board;
mod data;
mod editor;
mod effects;
mod event;
mod game;
mod hash;
mod ids;
mod observation;
mod outcome;
pub mod policy;
pub mod powers;
mod question;
mod rules;
pub mod scenario;
mod setup;
pub mod sim;
mod state;

pub use action::{Action, Target};
pub use board::Pos;
pub use editor::Editor;
pub use event::{Cell, EffectSource, Event};
pub use game::{
    CardView, Game, IllegalAction, MAX_CHAIN, Recording, SetupError, ShipView, TacticView, TileView,
};
pub use ids::{Hex, PlayerId, ShipCardId, ShipId, TacticId, TeamId};
pub use observation::Observation;
pub use outcome::{Outcome, WinKind};
pub use policy::{GreedyPolicy, Policy, RandomPolicy, policy_by_name};
pub use question::{About, Answer, Question};
pub use rules::damage::Damage;
pub use setup::Setup;
pub use sim::{PlayError, play};
pub use state::{CardPlace, TacticPlace, TurnPhase, WeaponRef};

/// `count` of `what`, in words, for messages: "1 action", "3 finished games".
pub(crate) fn count_of(count: impl Into<i64>, what: &str) -> String {
    match count.into() {
        1 => format!("1 {what}"),
        count => format!("{count} {what}s"),
    }
}
