//! The effect language, executed: card powers and mission special rules.
//!
//! At setup [`program::compile`] turns the bundle's structured powers (ship
//! powers, tactic cards, special rules; docs/effects.md) into a closed
//! [`program::Program`] over the game's indices. During play the rules meet
//! it only through [`crate::powers`]: triggers are dispatched to
//! [`fire::dispatch`], numbers pass through [`modify::modified`], and a few
//! hooks answer what the rules ask (may this card go on that ship, is this
//! hit cancelled, which dice are re-rolled, does this ship survive).
//!
//! - [`program`]: the compiled enums and the compiler;
//! - [`eval`]: contexts, selectors and conditions (reading the game);
//! - [`run`]: effects carried out with the rule primitives;
//! - [`fire`]: triggers, limits, reactions from the hand;
//! - [`modify`]: continuous numbers and statuses;
//! - [`actions`]: powers used as a player's action;
//! - [`choices`]: the choices inside effects, asked of the player who makes
//!   them ([`crate::question`]);
//! - [`state`]: what powers remember in the game state;
//! - [`worth`]: what powers offer a player choosing an action (victory
//!   points, escape zones), for the policies.

pub(crate) mod actions;
pub(crate) mod choices;
pub(crate) mod eval;
pub(crate) mod fire;
pub(crate) mod modify;
pub(crate) mod program;
pub(crate) mod run;
pub(crate) mod state;
pub(crate) mod worth;

pub(crate) use program::Program;
pub(crate) use state::EffectState;
