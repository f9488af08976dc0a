//! Headless games at scale: the game loop with a step bound ([`play`]),
//! many games in parallel streamed into a mergeable [`Tally`]
//! ([`simulate`]), the balance [`Report`] derived from it, and traces of
//! single games that replay themselves ([`trace`]), and what a playtest of
//! random games says about a mission ([`findings`]).
//!
//! Everything is deterministic by seed: a run is a pure function of the
//! bundle, the mission, the policies, the base seed and the number of
//! games, whatever the thread count or shard split.

mod accessors;
mod findings;
mod play;
mod report;
mod seeds;
mod simulate;
mod stats;
mod tally;
pub mod trace;

pub use findings::{Finding, FindingKind, Severity, findings};
pub use play::{Decision, PlayError, play, play_observed, policy_rng};
pub use report::{
    CardReport, EndedReport, FailureReport, PowerReport, Report, ScoreReport, ShipReport,
    SideReport,
};
pub use seeds::{BadShard, Shard, game_seed};
pub use simulate::{
    DEFAULT_MAX_STEPS, Run, SIM_FORMAT, Seat, SeatShip, SimConfig, SimError, SimResult,
    seat_policies, simulate,
};
pub use stats::{Difference, Histogram, Rate, Spread, wilson};
pub use tally::{
    CardTally, Ended, FAILURE_SAMPLES, FailureKind, FailureSample, Failures, PowerTally,
    ScoreTally, Scorer, ShipTally, Tally, TeamTally,
};
