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
//! A file that is not a trace at all (not JSON lines, no header first, a
//! line of the wrong shape, no end line) is a [`TraceReadError`], told
//! apart from a well-formed trace the game does not follow (a
//! [`ReplayError`] other than [`ReplayError::Read`]): the first is an input
//! that cannot be read, the second a record that differs from its game.
//!
//! Lines are written and read one at a time, so a trace of any length takes
//! constant memory.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use spacedock_schema::bundle::Bundle;
use spacedock_schema::fleet::FleetSource;

use crate::action::Action;
use crate::event::Event;
use crate::game::Game;
use crate::ids::PlayerId;
use crate::outcome::Outcome;
use crate::policy::{POLICY_NAMES, Policy, policy_by_name};
use crate::scenario::render;
use crate::setup::{Setup, SetupError};
use crate::sim::play::{Decision, PlayError, play_observed, policy_rng};
use crate::sim::simulate::{SimError, seat_policies};

/// The trace format this build writes.
pub const TRACE_FORMAT: u32 = 7;

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
    #[serde(with = "crate::sim::seeds::seed_json")]
    pub seed: u64,
    pub policies: Vec<String>,
    pub max_steps: u64,
    /// The fleet build of each seat that played one (empty: none did).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleets: Vec<Option<FleetSource>>,
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
    /// One optional fleet build per seat, or empty (see
    /// [`crate::sim::SimConfig::fleets`]).
    pub fleets: Vec<Option<FleetSource>>,
}

/// Plays the game `spec` names and writes its trace to `out`. Returns the
/// end line: a game that failed (the step bound) still makes a complete
/// trace, which is exactly the one worth keeping.
pub fn record(
    bundle: &Arc<Bundle>,
    spec: &TraceSpec,
    out: &mut dyn Write,
) -> Result<TraceEnd, TraceError> {
    let setup =
        Setup::new(Arc::clone(bundle), &spec.mission, &spec.fleets).map_err(SimError::from)?;
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
            fleets: spec.fleets.clone(),
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
        |game, Decision { player, action, .. }| {
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

/// Why a file cannot be read as a trace: it is not one, or not a whole one.
/// Nothing here depends on the game; see [`check_shape`].
#[derive(Debug, thiserror::Error)]
pub enum TraceReadError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("line {line}: not a trace line: {message}")]
    Parse { line: u64, message: String },
    #[error("the file is empty")]
    Empty,
    #[error("line {line}: a trace starts with its header")]
    NoHeader { line: u64 },
    #[error("the trace is in format {0}; this build reads format {TRACE_FORMAT}")]
    Format(u32),
    #[error("line {line}: a trace has one header, first")]
    SecondHeader { line: u64 },
    #[error("line {line}: lines after the end line")]
    AfterEnd { line: u64 },
    #[error("the trace has no end line (cut short?)")]
    NoEnd,
    #[error("line {line}: longer than {} MiB, which no trace line is", MAX_LINE >> 20)]
    LineTooLong { line: u64 },
    #[error("line {line}: blank lines run past {} MiB, which no trace has", MAX_LINE >> 20)]
    BlankRun { line: u64 },
}

/// The longest line a trace is read with. Its longest lines are headers
/// with fleet builds, a few kilobytes; the bound keeps a file that is not
/// a trace (`/dev/zero`) from being read into memory without end.
const MAX_LINE: usize = 4 << 20;

/// Why a trace does not replay: [`ReplayError::Read`] when it cannot be
/// read as a trace, any other variant when the game differs from its record.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Read(#[from] TraceReadError),
    #[error("the trace was recorded with bundle {recorded}, but the pack compiles to {actual}")]
    Bundle { recorded: String, actual: String },
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The file counts players from 0; messages count them from 1.
    #[error(
        "line {line}: the trace's `player` {} (player {}) moves, but it is player {}'s turn",
        recorded.0,
        recorded.0 + 1,
        actual.0 + 1
    )]
    WrongPlayer {
        line: u64,
        recorded: PlayerId,
        actual: PlayerId,
    },
    #[error("line {line}: the trace's `step` is {recorded}, but this action is step {actual}")]
    WrongStep {
        line: u64,
        recorded: u64,
        actual: u64,
    },
    #[error(
        "line {line}: step {step} is past the trace's step bound (`max_steps` {max_steps}): the game stops before it"
    )]
    PastStepBound {
        line: u64,
        step: u64,
        max_steps: u64,
    },
    #[error("line {line}: {} is not a legal action here", as_written(action))]
    Illegal { line: u64, action: Action },
    /// The file counts players from 0; messages count them from 1.
    #[error(
        "line {line}: the trace's action is {}, but player {}'s policy `{policy}` chooses {}",
        as_written(recorded),
        player.0 + 1,
        as_written(chosen)
    )]
    NotChosen {
        line: u64,
        player: PlayerId,
        policy: String,
        recorded: Action,
        chosen: Action,
    },
    #[error("the trace's header has `{field}` {recorded}, but the game has {actual}")]
    Header {
        field: &'static str,
        recorded: String,
        actual: String,
    },
    #[error("line {line}: the trace records {recorded}, but the game gives {actual}")]
    Diverged {
        line: u64,
        recorded: String,
        actual: String,
    },
    #[error(
        "line {line}: the trace ends after {steps} steps, but the game goes on (no outcome, a legal action, below the step bound `max_steps` {max_steps})"
    )]
    EndsEarly {
        line: u64,
        steps: u64,
        max_steps: u64,
    },
}

/// The lines of a trace, numbered from 1, each parsed; blank lines are
/// skipped (and counted). The shape of a trace is kept here, for
/// [`check_shape`] and [`replay`] alike: the header first ([`Self::header`]),
/// no header after it, nothing after the end line.
/// An action or event as a trace writes it (JSON): what the reader of a
/// mismatch finds in the file.
fn as_written(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("(not writable: {error})"))
}

struct TraceLines<R> {
    input: R,
    /// The line being read, kept between lines for its buffer.
    bytes: Vec<u8>,
    number: u64,
    /// Whether the end line has been read.
    ended: bool,
}

impl<R: BufRead> TraceLines<R> {
    fn new(input: R) -> Self {
        TraceLines {
            input,
            bytes: Vec::new(),
            number: 0,
            ended: false,
        }
    }

    /// The next line after the header: an event, an action or the end.
    fn next_line(&mut self) -> Result<Option<(u64, TraceLine)>, TraceReadError> {
        let Some((line, entry)) = self.parse_next()? else {
            return Ok(None);
        };
        if self.ended {
            return Err(TraceReadError::AfterEnd { line });
        }
        match entry {
            TraceLine::Header(_) => return Err(TraceReadError::SecondHeader { line }),
            TraceLine::End(_) => self.ended = true,
            TraceLine::Event(_) | TraceLine::Action { .. } => {}
        }
        Ok(Some((line, entry)))
    }

    fn parse_next(&mut self) -> Result<Option<(u64, TraceLine)>, TraceReadError> {
        // Blank lines count toward the bound as one line: an endless run
        // of them (`yes ''`) is no more a trace than an endless line.
        let mut blank = 0;
        loop {
            self.bytes.clear();
            // The bound, its line end (`\r\n` at most) and one byte more.
            let limit = (MAX_LINE + 3) as u64;
            if io::Read::take(&mut self.input, limit).read_until(b'\n', &mut self.bytes)? == 0 {
                return Ok(None);
            }
            self.number += 1;
            let bytes = self.bytes.strip_suffix(b"\n").unwrap_or(&self.bytes);
            let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            blank += self.bytes.len() - bytes.len();
            if bytes.len() > MAX_LINE {
                return Err(TraceReadError::LineTooLong { line: self.number });
            }
            if blank > MAX_LINE {
                return Err(TraceReadError::BlankRun { line: self.number });
            }
            let text = std::str::from_utf8(bytes).map_err(|_| TraceReadError::Parse {
                line: self.number,
                message: "not UTF-8 text".to_owned(),
            })?;
            if text.trim().is_empty() {
                blank += bytes.len();
                continue;
            }
            let line = serde_json::from_str(text).map_err(|error| TraceReadError::Parse {
                line: self.number,
                message: parse_message(&error),
            })?;
            return Ok(Some((self.number, line)));
        }
    }

    /// The first line, which must be a header of this build's format.
    fn header(&mut self) -> Result<TraceHeader, TraceReadError> {
        let Some((line, first)) = self.parse_next()? else {
            return Err(TraceReadError::Empty);
        };
        let TraceLine::Header(header) = first else {
            return Err(TraceReadError::NoHeader { line });
        };
        if header.format != TRACE_FORMAT {
            return Err(TraceReadError::Format(header.format));
        }
        Ok(header)
    }
}

/// serde's message with the column of the line; its own "line 1" would be
/// read as the file's first line.
fn parse_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    match message.strip_suffix(&position) {
        Some(bare) => format!("{bare} (column {})", error.column()),
        None => message,
    }
}

/// Reads a whole trace for its shape alone: every line a trace line, the
/// header first (of this build's format), no second header, an end line
/// last. Returns the header. A file that passes is a trace; whether its
/// game is the recorded one is [`replay`]'s question. [`replay`] checks the
/// same shape as it goes, but reports the first problem in line order; this
/// first tells a file that is not a trace apart from a game that differs,
/// wherever in the file the problem is.
pub fn check_shape(input: impl BufRead) -> Result<TraceHeader, TraceReadError> {
    let mut lines = TraceLines::new(input);
    let header = lines.header()?;
    while lines.next_line()?.is_some() {}
    if lines.ended {
        Ok(header)
    } else {
        Err(TraceReadError::NoEnd)
    }
}

/// A line of a game's log, read from its trace as it is replayed: what
/// was done and what came of it, in the words of a scenario (players by
/// name, ship and tactic cards by id, hexes as `[column, row]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogLine {
    /// An action, as the player took it (`launch isn-everest`).
    Action {
        /// The trace's line.
        line: u64,
        step: u64,
        round: u32,
        player: String,
        text: String,
    },
    /// An event the game reported, as a scenario expects it
    /// (`energy-spent { player = "ISN player", amount = 18, energy = 2 }`).
    Event { line: u64, text: String },
}

/// [`replay`], calling `log` with each action and event in words as it
/// is confirmed: the trace read as the game it records.
pub fn replay_logged(
    bundle: &Arc<Bundle>,
    input: impl BufRead,
    log: &mut dyn FnMut(LogLine),
) -> Result<Replay, ReplayError> {
    replay_with(bundle, input, Some(log))
}

/// Replays the trace read from `input` on `bundle`: the recorded actions,
/// each at its recorded step and by its recorded player, within the
/// header's step bound, every event as recorded, and a game that ends
/// where the trace does (an outcome, the step bound or no legal action, as
/// `sim` stops a game).
pub fn replay(bundle: &Arc<Bundle>, input: impl BufRead) -> Result<Replay, ReplayError> {
    replay_with(bundle, input, None)
}

fn replay_with(
    bundle: &Arc<Bundle>,
    input: impl BufRead,
    mut log: Option<&mut dyn FnMut(LogLine)>,
) -> Result<Replay, ReplayError> {
    let mut lines = TraceLines::new(input);
    let header = lines.header()?;
    if header.bundle != bundle.content_hash {
        return Err(ReplayError::Bundle {
            recorded: header.bundle,
            actual: bundle.content_hash.clone(),
        });
    }
    let mut game =
        Setup::new(Arc::clone(bundle), &header.mission, &header.fleets)?.start(header.seed);
    // The header's other fields are not needed to replay, but a trace
    // that misstates them is not the record of this game.
    if header.pack != bundle.pack.id {
        return Err(ReplayError::Header {
            field: "pack",
            recorded: header.pack.clone(),
            actual: bundle.pack.id.clone(),
        });
    }
    let seats = game.players().len();
    let names = match seat_policies(&header.policies, seats) {
        Ok(names) => names,
        Err(error) => {
            let actual = match error {
                SimError::UnknownPolicy(name) => format!(
                    "no policy named `{name}` (the policies are {})",
                    POLICY_NAMES.join(", ")
                ),
                _ => format!(
                    "{seats} seats in `{}`, which take one policy, or one each",
                    header.mission
                ),
            };
            return Err(ReplayError::Header {
                field: "policies",
                recorded: as_written(&header.policies),
                actual,
            });
        }
    };
    // Each seat's policy, drawing from the seat's stream as in `sim`: the
    // trace is confirmed as the game those policies play, not only as a
    // game the rules allow.
    let mut policies: Vec<Box<dyn Policy>> = names
        .iter()
        .map(|name| policy_by_name(name).expect("names checked"))
        .collect();
    let mut rngs: Vec<_> = game
        .players()
        .map(|seat| policy_rng(header.seed, seat))
        .collect();
    let mut legal = Vec::new();
    // Events the game produced and the trace has not matched yet.
    let mut pending: VecDeque<Event> = VecDeque::new();
    let mut drained = Vec::new();
    let mut drain = |game: &mut Game, pending: &mut VecDeque<Event>| {
        game.drain_events(&mut drained);
        pending.extend(drained.drain(..));
    };
    drain(&mut game, &mut pending);
    let mut end = None;
    while let Some((line, entry)) = lines.next_line()? {
        match entry {
            TraceLine::Header(_) => unreachable!("`TraceLines` refuses a header after the first"),
            TraceLine::Event(recorded) => match pending.pop_front() {
                Some(actual) if actual == recorded => {
                    if let Some(log) = log.as_mut() {
                        let (kind, fields) = render::event(&game, &actual);
                        log(LogLine::Event {
                            line,
                            text: render::event_text(kind, &fields),
                        });
                    }
                }
                actual => {
                    return Err(ReplayError::Diverged {
                        line,
                        recorded: as_written(&recorded),
                        actual: actual.map_or_else(
                            || "no further event before the next action".to_owned(),
                            |event| as_written(&event),
                        ),
                    });
                }
            },
            TraceLine::Action {
                step,
                player,
                action,
            } => {
                if let Some(actual) = pending.pop_front() {
                    return Err(ReplayError::Diverged {
                        line,
                        recorded: as_written(&action),
                        actual: format!("{} first", as_written(&actual)),
                    });
                }
                // `sim` numbers an action with the game's step count after
                // it, and takes none once the count reaches the bound.
                let next_step = game.steps() + 1;
                if step != next_step {
                    return Err(ReplayError::WrongStep {
                        line,
                        recorded: step,
                        actual: next_step,
                    });
                }
                if next_step > header.max_steps {
                    return Err(ReplayError::PastStepBound {
                        line,
                        step,
                        max_steps: header.max_steps,
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
                game.legal_actions(&mut legal);
                if !legal.contains(&action) {
                    return Err(ReplayError::Illegal { line, action });
                }
                let seat = player.index();
                let choice =
                    policies[seat].choose(&game.observation(player), &legal, &mut rngs[seat]);
                let chosen = legal[choice.min(legal.len() - 1)];
                if chosen != action {
                    return Err(ReplayError::NotChosen {
                        line,
                        player,
                        policy: names[seat].clone(),
                        recorded: action,
                        chosen,
                    });
                }
                if let Some(log) = log.as_mut() {
                    log(LogLine::Action {
                        line,
                        step,
                        round: game.round(),
                        player: render::player(&game, player),
                        text: render::action(&game, action),
                    });
                }
                game.apply_trusted(action);
                drain(&mut game, &mut pending);
            }
            TraceLine::End(recorded) => {
                if let Some(actual) = pending.pop_front() {
                    return Err(ReplayError::Diverged {
                        line,
                        recorded: "the end of the game".to_owned(),
                        actual: as_written(&actual),
                    });
                }
                check_end(&game, &header, &recorded, line)?;
                end = Some(recorded);
            }
        }
    }
    let recorded = end.ok_or(TraceReadError::NoEnd)?;
    Ok(Replay {
        header,
        recorded,
        state_hash: format!("{:016x}", game.state_hash()),
        steps: game.steps(),
        outcome: game.outcome().copied(),
    })
}

/// Whether the game stops where the trace's end line (at `line`) says, as
/// `sim` stops it ([`play_observed`]: an outcome, else the step bound, else
/// no legal action), and after the recorded steps and round. The final
/// state hash is [`Replay::confirmed`]'s to compare.
fn check_end(
    game: &Game,
    header: &TraceHeader,
    recorded: &TraceEnd,
    line: u64,
) -> Result<(), ReplayError> {
    if game.outcome().is_none() && game.steps() < header.max_steps {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        if !legal.is_empty() {
            return Err(ReplayError::EndsEarly {
                line,
                steps: game.steps(),
                max_steps: header.max_steps,
            });
        }
    }
    let differs = |field: &str, recorded: String, actual: String| ReplayError::Diverged {
        line,
        recorded: format!("`{field}` {recorded}"),
        actual,
    };
    if recorded.steps != game.steps() {
        return Err(differs(
            "steps",
            recorded.steps.to_string(),
            game.steps().to_string(),
        ));
    }
    if recorded.round != game.round() {
        return Err(differs(
            "round",
            recorded.round.to_string(),
            game.round().to_string(),
        ));
    }
    let outcome = game.outcome().copied();
    if recorded.outcome != outcome {
        return Err(differs(
            "outcome",
            as_written(&recorded.outcome),
            as_written(&outcome),
        ));
    }
    // What `sim` says of a game without an outcome, as `play_observed`
    // stops it.
    let error = outcome.is_none().then(|| {
        PlayError::stopped(game, header.max_steps)
            .unwrap_or(PlayError::Stuck {
                player: game.to_move(),
                round: game.round(),
                steps: game.steps(),
            })
            .to_string()
    });
    if recorded.error != error {
        return Err(differs(
            "error",
            as_written(&recorded.error),
            as_written(&error),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::BufReader;

    use super::{
        MAX_LINE, ReplayError, TRACE_FORMAT, TraceLine, TraceReadError, TraceSpec, check_shape,
        record, replay,
    };
    use crate::event::{EffectSource, Event};
    use crate::ids::PlayerId;
    use crate::rules::testing::bundle;
    use crate::sim::DEFAULT_MAX_STEPS;

    /// A whole game of the base pack, as trace lines.
    fn recorded() -> Vec<String> {
        recorded_game("dead-zone-battle", 3)
    }

    /// A whole greedy game of `mission` of the base pack, seeded `seed`,
    /// as trace lines.
    fn recorded_game(mission: &str, seed: u64) -> Vec<String> {
        let spec = TraceSpec {
            mission: mission.to_owned(),
            seed,
            policies: vec!["greedy".to_owned()],
            max_steps: DEFAULT_MAX_STEPS,
            source: None,
            fleets: Vec::new(),
        };
        let mut bytes = Vec::new();
        record(&bundle(), &spec, &mut bytes).expect("the game records");
        String::from_utf8(bytes)
            .expect("UTF-8")
            .lines()
            .map(str::to_owned)
            .collect()
    }

    fn replay_lines(lines: &[String]) -> Result<super::Replay, ReplayError> {
        replay(&bundle(), BufReader::new(lines.join("\n").as_bytes()))
    }

    fn shape(text: &str) -> Result<super::TraceHeader, TraceReadError> {
        check_shape(BufReader::new(text.as_bytes()))
    }

    /// The index of the `n`-th action line.
    fn action_line(lines: &[String], n: usize) -> usize {
        lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.starts_with("{\"action\""))
            .nth(n)
            .map(|(index, _)| index)
            .expect("the game has that many actions")
    }

    fn edit(line: &str, change: impl FnOnce(&mut serde_json::Value)) -> String {
        let mut value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        change(&mut value);
        value.to_string()
    }

    /// A stream without line ends (`/dev/zero`) is refused at its first
    /// line's bound, not read into memory without end.
    #[test]
    fn an_endless_line_is_refused() {
        let endless = BufReader::new(std::io::repeat(b'{'));
        match check_shape(endless) {
            Err(TraceReadError::LineTooLong { line: 1 }) => {}
            other => panic!("{other:?}"),
        }
    }

    /// An endless run of blank lines is refused as an endless line is.
    #[test]
    fn an_endless_run_of_blank_lines_is_refused() {
        let blank = BufReader::new(std::io::repeat(b'\n'));
        assert!(matches!(
            check_shape(blank),
            Err(TraceReadError::BlankRun { .. })
        ));
    }

    /// A line of exactly the bound is read (with `\n` or `\r\n`); one byte
    /// more is refused at its line.
    #[test]
    fn the_line_bound_is_exact() {
        let lines = recorded();
        let padded = |len: usize, end: &str| {
            let mut text = lines[0].clone();
            text.extend(std::iter::repeat_n(' ', len - text.len()));
            text.push_str(end);
            text.push_str(&lines[1..].join("\n"));
            text
        };
        for end in ["\n", "\r\n"] {
            assert!(shape(&padded(MAX_LINE, end)).is_ok());
            assert!(matches!(
                shape(&padded(MAX_LINE + 1, end)),
                Err(TraceReadError::LineTooLong { line: 1 })
            ));
        }
    }

    /// Bytes that are not UTF-8 are a parse failure at their line.
    #[test]
    fn a_line_that_is_not_utf8_names_its_line() {
        let mut bytes = recorded()[..2].join("\n").into_bytes();
        bytes.extend_from_slice(b"\n\xff\n");
        match check_shape(BufReader::new(bytes.as_slice())) {
            Err(TraceReadError::Parse { line: 3, message }) => {
                assert_eq!(message, "not UTF-8 text");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_recorded_trace_has_the_shape_and_replays() {
        let lines = recorded();
        let header = shape(&lines.join("\n")).expect("a trace");
        assert_eq!(header.format, TRACE_FORMAT);
        assert!(replay_lines(&lines).expect("replays").confirmed());
    }

    /// Every roll of The Struggle at Pan Base's survivor recovery is a
    /// line naming the rule, its roll and the row of its table, followed by
    /// the points that row scores, named alike; a roll edited in the file
    /// is a mismatch at its line.
    #[test]
    fn a_special_rules_rolls_and_points_are_lines_that_replay() {
        let mission_id = "the-struggle-at-pan-base";
        let bundle = bundle();
        let mission = bundle
            .missions
            .iter()
            .find(|mission| mission.id == mission_id)
            .expect("the mission");
        let survivors = mission
            .special_rules
            .iter()
            .position(|rule| rule.name == "Recovering survivors")
            .expect("the rule") as u16;
        let source = EffectSource::Rule { rule: survivors };
        let events_of = |lines: &[String]| -> Vec<(usize, Event)> {
            lines
                .iter()
                .enumerate()
                .filter_map(|(index, line)| match serde_json::from_str(line) {
                    Ok(TraceLine::Event(event)) => Some((index, event)),
                    _ => None,
                })
                .collect()
        };
        let recoveries = |events: &[(usize, Event)]| {
            events
                .iter()
                .filter(|(_, event)| {
                    matches!(event, Event::PowerRoll { source: rolled_by, .. } if *rolled_by == source)
                })
                .count()
        };
        // The first of the greedy games that recovers survivors twice.
        let (mut lines, events) = (0..20)
            .map(|seed| {
                let lines = recorded_game(mission_id, seed);
                let events = events_of(&lines);
                (lines, events)
            })
            .find(|(_, events)| recoveries(events) >= 2)
            .expect("one of 20 games recovers survivors twice");
        let mut rolls = 0;
        for pair in events.windows(2) {
            let ((_, roll_event), (_, next)) = (&pair[0], &pair[1]);
            // Blue Sparrows roll too, for their own power.
            let Event::PowerRoll {
                source: rolled_by,
                roll,
                row,
                ..
            } = *roll_event
            else {
                continue;
            };
            if rolled_by != source {
                continue;
            }
            // One survivor on a 1, two on 2-6, three on 7 or more.
            let (wanted_row, points) = match roll {
                1 => (0, 1),
                2..=6 => (1, 2),
                _ => (2, 3),
            };
            assert_eq!(row, Some(wanted_row), "roll {roll}");
            match next {
                Event::VictoryPoints {
                    points: scored,
                    source: scored_by,
                    player: Some(_),
                    ..
                } => {
                    assert_eq!((*scored, *scored_by), (points, source));
                }
                other => panic!("the roll of {roll} scores, not {other:?}"),
            }
            rolls += 1;
        }
        assert!(rolls >= 2, "the game recovers survivors ({rolls} rolls)");
        assert!(replay_lines(&lines).expect("replays").confirmed());
        let (index, _) = events
            .iter()
            .find(|(_, event)| matches!(event, Event::PowerRoll { .. }))
            .expect("a roll");
        let index = *index;
        lines[index] = edit(&lines[index], |line| {
            let roll = &mut line["event"]["PowerRoll"]["roll"];
            *roll = (roll.as_u64().expect("a roll") % 8 + 1).into();
        });
        match replay_lines(&lines) {
            Err(ReplayError::Diverged { line, .. }) => assert_eq!(line, index as u64 + 1),
            other => panic!("not caught: {other:?}"),
        }
    }

    #[test]
    fn a_file_that_is_not_a_trace_is_a_read_error() {
        let lines = recorded();
        let not_traces = [
            (String::new(), "the file is empty"),
            (
                "hello world".to_owned(),
                "line 1: not a trace line: expected value (column 1)",
            ),
            (
                lines[1..].join("\n"),
                "line 1: a trace starts with its header",
            ),
            (
                lines[..lines.len() - 1].join("\n"),
                "the trace has no end line (cut short?)",
            ),
            (
                format!("{}\n{}", lines.join("\n"), lines[0]),
                "lines after the end line",
            ),
        ];
        for (text, message) in not_traces {
            let shaped = shape(&text).expect_err(message).to_string();
            assert!(shaped.contains(message), "{shaped}");
            match replay(&bundle(), BufReader::new(text.as_bytes())) {
                Err(ReplayError::Read(error)) => {
                    assert!(error.to_string().contains(message), "{error}");
                }
                other => panic!("{message}: {other:?}"),
            }
        }
        let bad_seed = edit(&lines[0], |header| {
            header["header"]["seed"] = "abc".into();
        });
        let error = shape(&bad_seed).expect_err("a seed is a number");
        assert!(
            matches!(error, TraceReadError::Parse { line: 1, .. }),
            "{error}"
        );
    }

    #[test]
    fn a_malformed_action_is_a_read_error_wherever_it_is() {
        let mut lines = recorded();
        let index = lines
            .iter()
            .position(|line| line.starts_with("{\"action\"") && line.contains("\"dir\":"))
            .expect("a ship is placed");
        lines[index] = edit(&lines[index], |action| {
            action["action"]["action"]["Place"]["dir"] = "E".into();
        });
        // A mismatch before it does not hide it.
        let first = action_line(&lines, 0);
        lines[first] = edit(&lines[first], |action| {
            action["action"]["step"] = 99.into();
        });
        let error = shape(&lines.join("\n")).expect_err("not an action");
        assert!(
            matches!(error, TraceReadError::Parse { line, .. } if line == index as u64 + 1),
            "{error}"
        );
    }

    #[test]
    fn a_renumbered_step_is_a_mismatch_at_its_line() {
        let mut lines = recorded();
        let index = action_line(&lines, 0);
        lines[index] = edit(&lines[index], |action| {
            action["action"]["step"] = 99.into();
        });
        match replay_lines(&lines) {
            Err(ReplayError::WrongStep {
                line,
                recorded: 99,
                actual: 1,
            }) => assert_eq!(line, index as u64 + 1),
            other => panic!("not caught: {other:?}"),
        }
    }

    #[test]
    fn actions_past_the_step_bound_are_a_mismatch() {
        let mut lines = recorded();
        lines[0] = edit(&lines[0], |header| {
            header["header"]["max_steps"] = 3.into();
        });
        let fourth = action_line(&lines, 3);
        match replay_lines(&lines) {
            Err(ReplayError::PastStepBound {
                line,
                step: 4,
                max_steps: 3,
            }) => assert_eq!(line, fourth as u64 + 1),
            other => panic!("not caught: {other:?}"),
        }
    }

    #[test]
    fn a_game_stopped_at_its_bound_replays_but_not_under_a_higher_bound() {
        let spec = TraceSpec {
            mission: "dead-zone-battle".to_owned(),
            seed: 3,
            policies: vec!["greedy".to_owned()],
            max_steps: 20,
            source: None,
            fleets: Vec::new(),
        };
        let mut bytes = Vec::new();
        let end = record(&bundle(), &spec, &mut bytes).expect("the game records");
        assert!(end.outcome.is_none(), "stopped by the bound");
        let mut lines: Vec<String> = String::from_utf8(bytes)
            .expect("UTF-8")
            .lines()
            .map(str::to_owned)
            .collect();
        assert!(replay_lines(&lines).expect("replays").confirmed());
        lines[0] = edit(&lines[0], |header| {
            header["header"]["max_steps"] = 21.into();
        });
        match replay_lines(&lines) {
            Err(ReplayError::EndsEarly {
                line,
                steps: 20,
                max_steps: 21,
            }) => assert_eq!(line, lines.len() as u64),
            other => panic!("not caught: {other:?}"),
        }
    }

    #[test]
    fn an_edited_end_line_is_a_mismatch() {
        let mut lines = recorded();
        let last = lines.len() - 1;
        lines[last] = edit(&lines[last], |end| {
            let steps = end["end"]["steps"].as_u64().expect("a count");
            end["end"]["steps"] = (steps + 1).into();
        });
        let error = replay_lines(&lines).expect_err("steps differ");
        assert!(
            error.to_string().contains("the trace records `steps` "),
            "{error}"
        );
    }

    #[test]
    fn the_wrong_player_is_named_as_the_file_counts_and_as_players_are_counted() {
        let error = ReplayError::WrongPlayer {
            line: 7,
            recorded: PlayerId(0),
            actual: PlayerId(1),
        };
        assert_eq!(
            error.to_string(),
            "line 7: the trace's `player` 0 (player 1) moves, but it is player 2's turn"
        );
    }
}
