//! Runs a checked scenario test (`tests/*.toml` of a pack, checked by the
//! validator into a [`Scenario`]) and says which of its expectations fail.
//!
//! [`run`] sets the scenario's mission up with its fleets and decks,
//! chooses the first player, and builds the scenario's state through the
//! [`crate::Editor`] (`arrange`); then it plays each step as the engine's
//! actions, die results forced where the step says so (`steps`), and checks
//! the expectations after each step and after the last (`expect`), events
//! included (`render` names ids and events as the scenario wrote them).
//! Each [`Failure`] carries the JSON pointer of the key it comes from, so
//! the caller can report it at its file and line. A step the engine refuses
//! ends the run: what follows it would test a game the author did not mean.

mod arrange;
mod expect;
pub(crate) mod render;
mod steps;

use std::sync::Arc;

use serde::Serialize;
use spacedock_schema::bundle::Bundle;
use spacedock_schema::scenario::checked::Scenario;

use crate::event::Event;

/// An expectation (or a step) that did not hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The JSON pointer of the key in the scenario file (`/expect/ships/x/shields`).
    pub pointer: String,
    /// What was checked, in words.
    pub what: String,
    pub expected: String,
    pub actual: String,
}

/// Runs a scenario of `bundle`; no failure means it passed.
pub fn run(bundle: &Arc<Bundle>, scenario: &Scenario) -> Vec<Failure> {
    let mut arranged = match arrange::arrange(bundle, scenario) {
        Ok(arranged) => arranged,
        Err(failures) => return failures,
    };
    let mut failures = Vec::new();
    let mut all_events: Vec<Event> = Vec::new();
    for (index, step) in scenario.steps.iter().enumerate() {
        let outcome = steps::play(&mut arranged, step, index);
        let mut events = Vec::new();
        arranged.game.drain_events(&mut events);
        match outcome {
            Ok(step_failures) => failures.extend(step_failures),
            Err(refused) => {
                failures.push(refused);
                return failures;
            }
        }
        if let Some(expect) = &step.expect {
            failures.extend(expect::check(&arranged, expect, &events));
        }
        all_events.extend(events);
    }
    if let Some(expect) = &scenario.expect {
        failures.extend(expect::check(&arranged, expect, &all_events));
    }
    // An action still waiting for an answer has not happened yet: the
    // expectations above saw it half done.
    if let Some(question) = arranged.game.question() {
        let last = scenario.steps.len().saturating_sub(1);
        failures.push(Failure {
            pointer: format!("/steps/{last}"),
            what: format!("step {} left a question unanswered", last + 1),
            expected: "every question answered by an `answer` step".to_owned(),
            actual: render::question(&arranged.game, question),
        });
    }
    failures
}
