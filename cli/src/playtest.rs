//! `spacedock check PACK --games N`: after compiling, every mission of the
//! pack is played N times by random players, and what the engine's
//! playtest finds (`spacedock_engine::sim::findings`) is reported next to
//! the compiler's diagnostics, in the same three formats: lines like
//! diagnostics on stderr, a `playtest` key in the JSON object, or GitHub
//! annotations.

use std::fmt::Write as _;
use std::sync::Arc;

use serde::Serialize;
use spacedock_engine::sim::{Finding, Severity, Shard, SimConfig, findings, simulate};
use spacedock_schema::bundle::Bundle;

use crate::render::count;

/// The base seed of playtests: fixed, so `check` is reproducible.
const SEED: u64 = 0;

/// The playtest of one mission.
#[derive(Serialize)]
pub(crate) struct MissionPlaytest {
    /// The pack as given on the command line.
    pub(crate) pack: String,
    pub(crate) mission: String,
    pub(crate) games: u64,
    pub(crate) finished: u64,
    /// Each team's wins, in the mission's team order.
    pub(crate) wins: Vec<(String, u64)>,
    pub(crate) draws: u64,
    pub(crate) findings: Vec<Finding>,
}

impl MissionPlaytest {
    pub(crate) fn errors(&self) -> usize {
        self.findings
            .iter()
            .filter(|finding| finding.severity == Severity::Error)
            .count()
    }
}

/// Plays `games` random games of every mission of `bundle`, each stopped
/// as hanging after `max_steps` actions.
pub(crate) fn run(
    label: &str,
    bundle: &Arc<Bundle>,
    games: u64,
    max_steps: u64,
) -> Vec<MissionPlaytest> {
    bundle
        .missions
        .iter()
        .map(|mission| {
            let config = SimConfig {
                mission: mission.id.clone(),
                policies: vec!["random".to_owned()],
                seed: SEED,
                games,
                shard: Shard::WHOLE,
                threads: 0,
                max_steps,
            };
            let mut playtest = MissionPlaytest {
                pack: label.to_owned(),
                mission: mission.id.clone(),
                games,
                finished: 0,
                wins: Vec::new(),
                draws: 0,
                findings: Vec::new(),
            };
            match simulate(bundle, &config, &|| {}) {
                Ok(result) => {
                    let tally = &result.tally;
                    playtest.finished = tally.finished;
                    playtest.wins = tally
                        .teams
                        .iter()
                        .map(|team| (team.team.clone(), team.wins))
                        .collect();
                    playtest.draws = tally.draws;
                    playtest.findings = findings(&mission.id, tally);
                }
                Err(error) => playtest.findings.push(Finding::setup(&mission.id, &error)),
            }
            playtest
        })
        .collect()
}

/// Findings as lines like diagnostics, then one summary line per pack.
pub(crate) fn human(playtests: &[MissionPlaytest]) -> String {
    let mut text = String::new();
    for playtest in playtests {
        for finding in &playtest.findings {
            let severity = match finding.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let _ = writeln!(
                text,
                "{severity}[{}]: {}: {}",
                finding.kind.name(),
                playtest.pack,
                finding.message
            );
        }
    }
    let mut packs: Vec<&str> = playtests.iter().map(|test| test.pack.as_str()).collect();
    packs.dedup();
    for pack in packs {
        let tests: Vec<&MissionPlaytest> =
            playtests.iter().filter(|test| test.pack == pack).collect();
        let errors: usize = tests.iter().map(|test| test.errors()).sum();
        let warnings: usize = tests
            .iter()
            .map(|test| test.findings.len() - test.errors())
            .sum();
        let _ = writeln!(
            text,
            "{pack}: played {} of each of {}: {}, {}",
            count(
                tests.first().map_or(0, |test| test.games) as usize,
                "random game",
                "random games"
            ),
            count(tests.len(), "mission", "missions"),
            count(errors, "error", "errors"),
            count(warnings, "warning", "warnings"),
        );
    }
    text
}

/// One GitHub Actions annotation per finding.
pub(crate) fn github(playtests: &[MissionPlaytest]) -> String {
    let mut text = String::new();
    for playtest in playtests {
        for finding in &playtest.findings {
            let severity = match finding.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let message = format!("{}: {}", playtest.pack, finding.message)
                .replace('%', "%25")
                .replace('\r', "%0D")
                .replace('\n', "%0A");
            let _ = writeln!(
                text,
                "::{severity} title={}::{message}",
                finding.kind.name()
            );
        }
    }
    text
}
