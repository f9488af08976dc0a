//! What a playtest of a mission should tell its author: games that crash
//! or never end (errors: the engine or the content is broken), and signs of
//! a mission that does not work as a game (warnings: a side that never wins,
//! games decided before the first round is over).
//!
//! Takes a [`Tally`] of random games, gives findings as data; the binary
//! renders them next to the compiler's diagnostics.

use serde::Serialize;

use crate::count_of;
use crate::sim::tally::{FailureKind, Tally};

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// What kind of problem a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FindingKind {
    /// The mission's games could not be set up.
    Setup,
    /// The engine panicked.
    Crash,
    /// A game reached the step bound.
    Hang,
    /// A game had no legal action and no outcome.
    Stuck,
    /// A side never won.
    OneSided,
    /// Games over before round 2 (in round 1, or during the setup).
    FirstRound,
}

impl FindingKind {
    /// Every kind, in the order `spacedock explain --list` shows them.
    pub const ALL: [FindingKind; 6] = [
        FindingKind::Setup,
        FindingKind::Crash,
        FindingKind::Hang,
        FindingKind::Stuck,
        FindingKind::OneSided,
        FindingKind::FirstRound,
    ];

    /// The kind named `name` (`sim-hang`), in any case.
    pub fn lookup(name: &str) -> Option<FindingKind> {
        FindingKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name))
    }

    /// One line: when the finding is made.
    pub fn summary(self) -> &'static str {
        match self {
            FindingKind::Setup => "The mission's games cannot be set up.",
            FindingKind::Crash => "A game crashed the engine.",
            FindingKind::Hang => "A game did not end within the step bound.",
            FindingKind::Stuck => {
                "A game had no legal action and no outcome, or its powers set each other off without end."
            }
            FindingKind::OneSided => "A team never won a finished game.",
            FindingKind::FirstRound => "Finished games were over before round 2.",
        }
    }

    /// What it means and what to do, for `spacedock explain`.
    pub fn advice(self) -> &'static str {
        match self {
            FindingKind::Setup => {
                "None of the mission's games was played: the message says why (a fleet or a start position the engine refuses). Mend the mission and run `check --games` again."
            }
            FindingKind::Crash => {
                "The engine panicked in a game: a fault of spacedock, not of the pack. The message names the mission and the game, and its help gives the command that records that very game (`spacedock sim ... --shard I/GAMES --trace FILE`: a run's game i is the one game of shard i + 1 of as many shards as games) for a report."
            }
            FindingKind::Hang => {
                "A game ran past the step bound (`--max-steps` actions) without an outcome: usually a mission no side can finish (no victory it can reach and no victory clock), or powers that keep undoing each other. Trace the game the message names with the command its help gives (`spacedock sim ... --shard I/GAMES --trace FILE`; `--trace` alone records a run's first game) and read it with `spacedock replay FILE --log`; raise `--max-steps` only for missions whose games are really that long."
            }
            FindingKind::Stuck => {
                "No player had a legal action and the game had no outcome, or powers answered each other's effects without end (such as \"when a ship is destroyed, it takes 1 direct damage\"). Trace the game the message names with the command its help gives (`spacedock sim ... --shard I/GAMES --trace FILE`; `--trace` alone records a run's first game) and read it with `spacedock replay FILE --log`."
            }
            FindingKind::OneSided => {
                "One team won none of the finished games. With few games a rare win can hide: the message gives the highest win rate those games leave room for (the upper end of a 95% Wilson interval; 0 wins in 30 games still allows 11.4%), so play more games to tell a rare win from none. A mission meant to be one-sided may stay so; `--deny-warnings` makes this fail CI."
            }
            FindingKind::FirstRound => {
                "Some games ended in the first round: usually an alternative victory or a victory-point goal met at once, which the rulebook's \"not before round 3\" does not hold back as it does destroying every ship, or tactic decks smaller than the opening hand, which run out before the first round and end the game on the victory clock."
            }
        }
    }

    /// The kebab-case name shown with the finding.
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::Setup => "sim-setup",
            FindingKind::Crash => "sim-crash",
            FindingKind::Hang => "sim-hang",
            FindingKind::Stuck => "sim-stuck",
            FindingKind::OneSided => "sim-one-sided",
            FindingKind::FirstRound => "sim-first-round",
        }
    }

    pub fn severity(self) -> Severity {
        match self {
            FindingKind::Setup | FindingKind::Crash | FindingKind::Hang | FindingKind::Stuck => {
                Severity::Error
            }
            FindingKind::OneSided | FindingKind::FirstRound => Severity::Warning,
        }
    }
}

/// One thing a playtest found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub kind: FindingKind,
    pub severity: Severity,
    pub message: String,
    /// The index in the run of the failed game the message names (of a
    /// crash, hang or stuck game): the one to trace.
    pub game: Option<u64>,
}

impl Finding {
    /// A mission whose games could not start at all.
    pub fn setup(mission: &str, error: &impl std::fmt::Display) -> Finding {
        Finding {
            kind: FindingKind::Setup,
            severity: Severity::Error,
            message: format!("mission `{mission}` cannot be played: {error}"),
            game: None,
        }
    }
}

/// The findings of `tally`, games of `mission` each stopped after
/// `max_steps` actions, worst first. `players` says who played them in the
/// words of a message ("random players").
pub fn findings(mission: &str, tally: &Tally, max_steps: u64, players: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    let games = tally.games;
    let mut push = |kind: FindingKind, message: String, game: Option<u64>| {
        found.push(Finding {
            kind,
            severity: kind.severity(),
            message,
            game,
        });
    };
    // The first failed game of a kind: the words naming it, and its index.
    let first_failure = |kind: FailureKind| {
        tally
            .failures
            .samples
            .iter()
            .find(|sample| sample.kind == kind)
            .map_or((String::new(), None), |sample| {
                (
                    format!("; first: game {}, {}", sample.index, sample.message),
                    Some(sample.index),
                )
            })
    };
    let failures = &tally.failures;
    if failures.panic > 0 {
        let (first, game) = first_failure(FailureKind::Crash);
        push(
            FindingKind::Crash,
            format!(
                "mission `{mission}`: {} of {} crashed the engine{}",
                failures.panic,
                count_of(games as i64, "game"),
                first
            ),
            game,
        );
    }
    if failures.step_limit > 0 {
        let (first, game) = first_failure(FailureKind::Hang);
        push(
            FindingKind::Hang,
            format!(
                "mission `{mission}`: {} of {} did not end within the step bound of {}{}",
                failures.step_limit,
                count_of(games as i64, "game"),
                count_of(max_steps as i64, "action"),
                first
            ),
            game,
        );
    }
    if failures.stuck > 0 {
        let (first, game) = first_failure(FailureKind::Stuck);
        push(
            FindingKind::Stuck,
            format!(
                "mission `{mission}`: {} of {} got stuck: no legal action, or powers setting each other off without end{}",
                failures.stuck,
                count_of(games as i64, "game"),
                first
            ),
            game,
        );
    }
    if tally.finished > 0 {
        for team in tally.teams.iter().filter(|team| team.wins == 0) {
            let others: Vec<String> = tally
                .teams
                .iter()
                .filter(|other| other.team != team.team)
                .map(|other| format!("{} {}", other.team, other.wins))
                .chain(std::iter::once(format!("draws {}", tally.draws)))
                .collect();
            // How rare a win the games leave room for: few games without
            // a win say little, and the number says how many more to play.
            let (_, most) = crate::sim::stats::wilson(0, tally.finished);
            push(
                FindingKind::OneSided,
                format!(
                    "mission `{mission}`: team `{}` never won in {} ({}); its win rate with {players} is below {:.1}% (95% confidence)",
                    team.team,
                    count_of(tally.finished as i64, "finished game"),
                    others.join(", "),
                    most * 100.0
                ),
                None,
            );
        }
    }
    let first_round: u64 = tally
        .rounds
        .values()
        .take_while(|&(round, _)| round <= 1)
        .map(|(_, count)| count)
        .sum();
    if first_round > 0 {
        push(
            FindingKind::FirstRound,
            format!(
                "mission `{mission}`: {first_round} of {} {} over before round 2",
                count_of(tally.finished as i64, "finished game"),
                if first_round == 1 { "was" } else { "were" }
            ),
            None,
        );
    }
    found.sort_by_key(|finding| std::cmp::Reverse(finding.severity));
    found
}

#[cfg(test)]
mod tests {
    use super::{FindingKind, Severity, findings};
    use crate::sim::tally::{FailureKind, FailureSample, Tally, TeamTally};

    #[test]
    fn every_kind_is_listed_once() {
        // A new kind fails to compile here until it is placed in `ALL`.
        let place = |kind: FindingKind| match kind {
            FindingKind::Setup => 0,
            FindingKind::Crash => 1,
            FindingKind::Hang => 2,
            FindingKind::Stuck => 3,
            FindingKind::OneSided => 4,
            FindingKind::FirstRound => 5,
        };
        for (index, kind) in FindingKind::ALL.into_iter().enumerate() {
            assert_eq!(place(kind), index);
            assert_eq!(FindingKind::lookup(kind.name()), Some(kind));
        }
    }

    fn team(name: &str, wins: u64) -> TeamTally {
        TeamTally {
            team: name.to_owned(),
            wins,
            ..TeamTally::default()
        }
    }

    #[test]
    fn a_healthy_tally_has_no_findings() {
        let mut tally = Tally {
            games: 10,
            finished: 10,
            teams: vec![team("isn", 6), team("wretch", 4)],
            ..Tally::default()
        };
        (0..10).for_each(|_| tally.rounds.add(7));
        assert!(findings("m", &tally, 100, "random players").is_empty());
    }

    #[test]
    fn failures_are_errors_and_come_first() {
        let mut tally = Tally {
            games: 10,
            finished: 8,
            teams: vec![team("isn", 8), team("wretch", 0)],
            ..Tally::default()
        };
        tally.rounds.add(1);
        tally.failures.step_limit = 2;
        tally.failures.keep(FailureSample {
            index: 3,
            kind: FailureKind::Hang,
            seed: 99,
            message: "mission `m`, seed 99: no outcome after 10 actions, in round 2".to_owned(),
        });
        let found = findings("m", &tally, 100, "random players");
        let kinds: Vec<FindingKind> = found.iter().map(|finding| finding.kind).collect();
        assert_eq!(
            kinds,
            [
                FindingKind::Hang,
                FindingKind::OneSided,
                FindingKind::FirstRound
            ]
        );
        assert_eq!(found[0].severity, Severity::Error);
        assert!(found[0].message.contains("seed 99"), "{}", found[0].message);
        assert_eq!(
            found[1].message,
            "mission `m`: team `wretch` never won in 8 finished games (isn 8, draws 0); its win rate with random players is below 32.4% (95% confidence)"
        );
    }
}
