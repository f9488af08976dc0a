//! Traces: one game as JSON lines, and replaying one to confirm it.
//!
//! A trace is a header (bundle content hash, mission, seed, policies), then
//! every event the engine reports (dice rolls included) and every action
//! taken, in order, and a final line with the outcome and the state hash.
//! Replaying applies the recorded actions to a fresh game of the same seed,
//! checks that each event comes out the same, and compares the final state
//! hash: a trace is a bug report that reproduces itself, and a tampered or
//! stale one (a different engine, a different bundle) is caught at the first
//! line that differs.
//!
//! Lines are written and read one at a time, so a trace of any length takes
//! constant memory.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use spacedock_schema::bundle::Bundle;

use crate::action::Action;
use crate::event::Event;
use crate::game::Game;
use crate::ids::PlayerId;
use crate::outcome::Outcome;
use crate::policy::{Policy, policy_by_name};
use crate::setup::{Setup, SetupError};
use crate::sim::play::play_observed;
use crate::sim::simulate::{SimError, seat_policies};

/// The trace format this build writes.
pub const TRACE_FORMAT: u32 = 1;

/// One line of a trace.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TraceLine {
    Header(TraceHeader),
    /// Something the engine reported (a die roll, damage, a draw, ...).
    Event(Event),
    /// A decision: who took it and what it was.
    Action {
        step: u64,
        player: PlayerId,
        action: Action,
    },
    End(TraceEnd),
}

/// What game a trace is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceHeader {
    pub format: u32,
    /// The pack's id.
    pub pack: String,
    /// The bundle's content hash; a replay needs the same bundle.
    pub bundle: String,
    /// Where the pack was read from when recording (replay's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub mission: String,
    /// The game's own seed (for game `i` of a run: `game_seed(run seed, i)`).
    pub seed: u64,
    pub policies: Vec<String>,
    pub max_steps: u64,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceEnd {
    /// `None` when the game failed (see `error`).
    pub outcome: Option<Outcome>,
    /// Why there is no outcome (the step bound, a stuck game).
    pub error: Option<String>,
    pub round: u32,
    pub steps: u64,
    /// [`Game::state_hash`] of the final state, as 16 hex digits.
    pub state_hash: String,
}

/// Why a trace could not be written.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    #[error(transparent)]
    Sim(#[from] SimError),
    #[error("cannot write the trace: {0}")]
    Io(#[from] io::Error),
}

/// Which game to record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceSpec {
    pub mission: String,
    /// The game's own seed.
    pub seed: u64,
    /// One policy name per seat, or one for every seat.
    pub policies: Vec<String>,
    pub max_steps: u64,
    /// Where the pack was read from, so `replay` can find it again.
    pub source: Option<String>,
}

/// Plays the game `spec` names and writes its trace to `out`. Returns the
/// end line: a game that failed (the step bound) still makes a complete
/// trace, which is exactly the one worth keeping.
pub fn record(
    bundle: &Arc<Bundle>,
    spec: &TraceSpec,
    out: &mut dyn Write,
) -> Result<TraceEnd, TraceError> {
    let setup = Setup::new(Arc::clone(bundle), &spec.mission, &[]).map_err(SimError::from)?;
    let mut game = setup.start(spec.seed);
    let names = seat_policies(&spec.policies, game.players().len())?;
    let mut policies: Vec<Box<dyn Policy>> = names
        .iter()
        .map(|name| policy_by_name(name).expect("names checked"))
        .collect();
    write_line(
        out,
        &TraceLine::Header(TraceHeader {
            format: TRACE_FORMAT,
            pack: bundle.pack.id.clone(),
            bundle: bundle.content_hash.clone(),
            source: spec.source.clone(),
            mission: spec.mission.clone(),
            seed: spec.seed,
            policies: names,
            max_steps: spec.max_steps,
        }),
    )?;
    let mut events = Vec::new();
    game.drain_events(&mut events);
    // The first write error stops the writing; the game is cheap to finish.
    let mut written: io::Result<()> = events
        .drain(..)
        .try_for_each(|event| write_line(out, &TraceLine::Event(event)));
    let result = play_observed(
        &mut game,
        &mut policies,
        spec.seed,
        spec.max_steps,
        |game, player, action| {
            if written.is_err() {
                return;
            }
            game.drain_events(&mut events);
            written = write_line(
                out,
                &TraceLine::Action {
                    step: game.steps(),
                    player,
                    action,
                },
            )
            .and_then(|()| {
                events
                    .drain(..)
                    .try_for_each(|event| write_line(out, &TraceLine::Event(event)))
            });
        },
    );
    written?;
    let end = TraceEnd {
        outcome: result.as_ref().ok().copied(),
        error: result.err().map(|error| error.to_string()),
        round: game.round(),
        steps: game.steps(),
        state_hash: format!("{:016x}", game.state_hash()),
    };
    write_line(out, &TraceLine::End(end.clone()))?;
    out.flush()?;
    Ok(end)
}

fn write_line(out: &mut dyn Write, line: &TraceLine) -> io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")
}

/// What a replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub header: TraceHeader,
    /// The recorded end line.
    pub recorded: TraceEnd,
    /// The state hash the replay reached, as 16 hex digits.
    pub state_hash: String,
    pub steps: u64,
    pub outcome: Option<Outcome>,
}

impl Replay {
    /// Whether the replay reached the recorded final state.
    pub fn confirmed(&self) -> bool {
        self.state_hash == self.recorded.state_hash && self.outcome == self.recorded.outcome
    }
}

/// Why a trace does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("cannot read the trace: {0}")]
    Io(#[from] io::Error),
    #[error("line {line}: not a trace line: {message}")]
    Parse { line: u64, message: String },
    #[error("the trace is empty")]
    Empty,
    #[error("line 1: a trace starts with its header")]
    NoHeader,
    #[error("the trace is in format {0}; this build reads format {TRACE_FORMAT}")]
    Format(u32),
    #[error("the trace was recorded with bundle {recorded}, but the pack compiles to {actual}")]
    Bundle { recorded: String, actual: String },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("line {line}: the trace says player {} moves, but it is player {}'s turn", recorded.0 + 1, actual.0 + 1)]
    WrongPlayer {
        line: u64,
        recorded: PlayerId,
        actual: PlayerId,
    },
    #[error("line {line}: {action:?} is not a legal action here")]
    Illegal { line: u64, action: Action },
    #[error("line {line}: the trace records {recorded}, but the game gives {actual}")]
    Diverged {
        line: u64,
        recorded: String,
        actual: String,
    },
    #[error("line {line}: a trace has one header, first")]
    SecondHeader { line: u64 },
    #[error("line {line}: lines after the end line")]
    AfterEnd { line: u64 },
    #[error("the trace has no end line (cut short?)")]
    NoEnd,
}

/// Replays the trace read from `input` on `bundle`.
pub fn replay(bundle: &Arc<Bundle>, input: impl BufRead) -> Result<Replay, ReplayError> {
    let mut lines = input.lines();
    let mut number: u64 = 0;
    let mut next = |lines: &mut io::Lines<_>| -> Result<Option<(u64, TraceLine)>, ReplayError> {
        loop {
            let Some(text) = lines.next() else {
                return Ok(None);
            };
            let text: String = text?;
            number += 1;
            if text.trim().is_empty() {
                continue;
            }
            let line = serde_json::from_str(&text).map_err(|error| ReplayError::Parse {
                line: number,
                message: error.to_string(),
            })?;
            return Ok(Some((number, line)));
        }
    };
    let Some((_, first)) = next(&mut lines)? else {
        return Err(ReplayError::Empty);
    };
    let TraceLine::Header(header) = first else {
        return Err(ReplayError::NoHeader);
    };
    if header.format != TRACE_FORMAT {
        return Err(ReplayError::Format(header.format));
    }
    if header.bundle != bundle.content_hash {
        return Err(ReplayError::Bundle {
            recorded: header.bundle,
            actual: bundle.content_hash.clone(),
        });
    }
    let mut game = Setup::new(Arc::clone(bundle), &header.mission, &[])?.start(header.seed);
    // Events the game produced and the trace has not matched yet.
    let mut pending: std::collections::VecDeque<Event> = std::collections::VecDeque::new();
    let mut drained = Vec::new();
    let mut drain = |game: &mut Game, pending: &mut std::collections::VecDeque<Event>| {
        game.drain_events(&mut drained);
        pending.extend(drained.drain(..));
    };
    drain(&mut game, &mut pending);
    let mut end = None;
    while let Some((line, entry)) = next(&mut lines)? {
        if end.is_some() {
            return Err(ReplayError::AfterEnd { line });
        }
        match entry {
            TraceLine::Header(_) => return Err(ReplayError::SecondHeader { line }),
            TraceLine::Event(recorded) => match pending.pop_front() {
                Some(actual) if actual == recorded => {}
                actual => {
                    return Err(ReplayError::Diverged {
                        line,
                        recorded: format!("{recorded:?}"),
                        actual: actual.map_or_else(
                            || "no further event before the next action".to_owned(),
                            |event| format!("{event:?}"),
                        ),
                    });
                }
            },
            TraceLine::Action { player, action, .. } => {
                if let Some(actual) = pending.pop_front() {
                    return Err(ReplayError::Diverged {
                        line,
                        recorded: format!("{action:?}"),
                        actual: format!("{actual:?} first"),
                    });
                }
                let to_move = game.to_move();
                if to_move != player {
                    return Err(ReplayError::WrongPlayer {
                        line,
                        recorded: player,
                        actual: to_move,
                    });
                }
                game.apply(action)
                    .map_err(|_| ReplayError::Illegal { line, action })?;
                drain(&mut game, &mut pending);
            }
            TraceLine::End(recorded) => {
                if let Some(actual) = pending.pop_front() {
                    return Err(ReplayError::Diverged {
                        line,
                        recorded: "the end of the game".to_owned(),
                        actual: format!("{actual:?}"),
                    });
                }
                end = Some(recorded);
            }
        }
    }
    let recorded = end.ok_or(ReplayError::NoEnd)?;
    Ok(Replay {
        header,
        recorded,
        state_hash: format!("{:016x}", game.state_hash()),
        steps: game.steps(),
        outcome: game.outcome().copied(),
    })
}
