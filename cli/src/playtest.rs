//! `spacedock check PACK --games N`: after compiling, every mission of the
//! pack is played N times by random players, and what the engine's
//! playtest finds (`spacedock_engine::sim::findings`) is reported next to
//! the compiler's diagnostics, in the same three formats: lines like
//! diagnostics on stderr, a `playtest` key in the JSON object, or GitHub
//! annotations. Each finding is named as the docs name it (`sim-hang`) in
//! all three, and counted with the diagnostics (`findings`).

use std::fmt::Write as _;
use std::sync::Arc;

use serde::Serialize;
use spacedock_engine::sim::{Finding, Severity, Shard, SimConfig, findings, simulate};
use spacedock_schema::bundle::Bundle;

use crate::render::{Counts, Findings, count};

/// The base seed of playtests: fixed, so `check` is reproducible.
const SEED: u64 = 0;

/// The playtest of one mission.
#[derive(Serialize)]
pub(crate) struct MissionPlaytest {
    /// The pack as given on the command line.
    pub(crate) pack: String,
    pub(crate) mission: String,
    /// The mission's file, as diagnostics name files: where an annotation
    /// of its findings points.
    pub(crate) file: String,
    pub(crate) games: u64,
    pub(crate) finished: u64,
    /// Each team's wins, in the mission's team order.
    pub(crate) wins: Vec<(String, u64)>,
    pub(crate) draws: u64,
    /// The mean length of the finished games, in rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) mean_rounds: Option<f64>,
    /// The step bound each game was stopped at.
    pub(crate) max_steps: u64,
    /// The policies that played, one for every seat or one per seat.
    pub(crate) policies: Vec<String>,
    #[serde(skip)]
    pub(crate) findings: Vec<Finding>,
    /// The findings as the JSON object shows them.
    #[serde(rename = "findings")]
    named: Vec<Named>,
}

/// A finding as the JSON object shows it: `kind` is the name the other
/// formats and the docs use (`sim-hang`), not the engine's variant name;
/// `trace` the command that traces the failed game it names.
#[derive(Serialize)]
struct Named {
    kind: &'static str,
    severity: Severity,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<String>,
}

impl MissionPlaytest {
    pub(crate) fn errors(&self) -> usize {
        self.findings
            .iter()
            .filter(|finding| finding.severity == Severity::Error)
            .count()
    }
}

impl MissionPlaytest {
    /// The command that plays the failed game `finding` names again, alone,
    /// and writes its trace: game i of a run is the one game of shard
    /// i + 1 of as many shards as games.
    fn trace_command(&self, finding: &Finding) -> Option<String> {
        let game = finding.game?;
        Some(format!(
            "spacedock sim --pack {} --mission {} --games {} --policy {} --seed {SEED} --max-steps {} --shard {}/{} --trace FILE",
            shell_word(&self.pack),
            self.mission,
            self.games,
            self.policies.join(","),
            self.max_steps,
            game + 1,
            self.games,
        ))
    }

    /// Keeps `findings`, and their JSON form.
    fn found(&mut self, findings: Vec<Finding>) {
        self.named = findings
            .iter()
            .map(|finding| Named {
                kind: finding.kind.name(),
                severity: finding.severity,
                message: finding.message.clone(),
                trace: self.trace_command(finding),
            })
            .collect();
        self.findings = findings;
    }
}

/// `text` as one word of a POSIX shell command: as it is when it holds
/// nothing the shell reads, else in single quotes.
pub(crate) fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:@%+=,-".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The errors and warnings of some playtests.
pub(crate) fn counts(playtests: &[MissionPlaytest]) -> Counts {
    let errors: usize = playtests.iter().map(MissionPlaytest::errors).sum();
    let found: usize = playtests.iter().map(|test| test.findings.len()).sum();
    Counts {
        errors,
        warnings: found - errors,
    }
}

/// The playtests of each checked pack (in the order of the packs) as the
/// printer takes them: counted per pack, rendered for people and GitHub.
pub(crate) fn findings_of(packs: &[Vec<MissionPlaytest>]) -> Findings {
    let all: Vec<&MissionPlaytest> = packs.iter().flatten().collect();
    Findings {
        counts: packs.iter().map(|playtests| counts(playtests)).collect(),
        human: human(&all),
        github: github(&all),
        total_label: None,
        after: Vec::new(),
    }
}

/// How many games of each mission to play, by whom, and when a game
/// counts as hanging.
pub(crate) struct Plan<'a> {
    pub(crate) games: u64,
    pub(crate) max_steps: u64,
    pub(crate) policies: &'a [String],
}

impl Plan<'_> {
    /// Who played, in the words of a message: "random players", or one
    /// policy per seat in seating order, "greedy, random players, seat by
    /// seat" (which seat had which matters: `greedy,random` and
    /// `random,greedy` are different runs).
    fn players(&self) -> String {
        match self.policies {
            [] => "players".to_owned(),
            [one] => format!("{one} players"),
            seats => format!("{} players, seat by seat", seats.join(", ")),
        }
    }
}

/// Plays the games `plan` says of each mission of `bundle` named in `own`
/// (the checked pack's own missions: its dependencies' are their
/// authors' to playtest).
pub(crate) fn run(
    label: &str,
    bundle: &Arc<Bundle>,
    own: &[spacedock_validator::OwnMission],
    plan: &Plan<'_>,
) -> Vec<MissionPlaytest> {
    let Plan {
        games,
        max_steps,
        policies,
    } = *plan;
    bundle
        .missions
        .iter()
        .filter_map(|mission| {
            let file = own.iter().find(|own| own.id == mission.id)?.file.clone();
            Some((mission, file))
        })
        .map(|(mission, file)| {
            let config = SimConfig {
                mission: mission.id.clone(),
                policies: policies.to_vec(),
                seed: SEED,
                games,
                shard: Shard::WHOLE,
                threads: 0,
                max_steps,
                fleets: Vec::new(),
            };
            let mut playtest = MissionPlaytest {
                pack: label.to_owned(),
                mission: mission.id.clone(),
                file,
                games,
                finished: 0,
                wins: Vec::new(),
                draws: 0,
                mean_rounds: None,
                max_steps,
                policies: policies.to_vec(),
                findings: Vec::new(),
                named: Vec::new(),
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
                    playtest.mean_rounds = tally.rounds.spread().map(|spread| spread.mean);
                    let players = plan.players();
                    playtest.found(findings(&mission.id, tally, max_steps, &players));
                }
                Err(error) => playtest.found(vec![Finding::setup(&mission.id, &error)]),
            }
            playtest
        })
        .collect()
}

/// Findings as lines like diagnostics.
fn human(playtests: &[&MissionPlaytest]) -> String {
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
            if let Some(command) = playtest.trace_command(finding) {
                let _ = writeln!(text, "  help: to trace it, run `{command}`");
            }
        }
    }
    text
}

/// What was played of one pack and what it found: a line, then each
/// mission's results (who won how often, and how long games lasted),
/// printed after the summaries. `borrowed`: the pack's bundle holds
/// missions of its dependencies, which are not played.
pub(crate) fn summary(
    pack: &str,
    plan: &Plan<'_>,
    playtests: &[MissionPlaytest],
    borrowed: bool,
) -> String {
    if playtests.is_empty() {
        // Dependencies' missions are their authors' to playtest.
        let why = if borrowed {
            " (its dependencies' are not played)"
        } else {
            ""
        };
        return format!("{pack}: no mission of its own to play{why}\n");
    }
    let found = counts(playtests);
    let mut text = format!(
        "{pack}: played {} ({}) of each of {}: {}, {}\n",
        count(
            usize::try_from(plan.games).unwrap_or(usize::MAX),
            "game",
            "games"
        ),
        plan.players(),
        count(playtests.len(), "mission", "missions"),
        count(found.errors, "error", "errors"),
        count(found.warnings, "warning", "warnings"),
    );
    let width = playtests
        .iter()
        .map(|playtest| playtest.mission.chars().count())
        .max()
        .unwrap_or(0);
    for playtest in playtests {
        let _ = writeln!(text, "  {:width$}  {}", playtest.mission, results(playtest));
    }
    text
}

/// One mission's results in words: "isn 45%, wretch 55%, draws 0% of 20
/// finished games; 26.1 rounds on average".
fn results(playtest: &MissionPlaytest) -> String {
    if playtest.finished == 0 {
        return format!(
            "no game finished of {}",
            count(
                usize::try_from(playtest.games).unwrap_or(usize::MAX),
                "game",
                "games"
            )
        );
    }
    let share = |won: u64| {
        // Shares of a few games read better whole.
        format!("{:.0}%", won as f64 * 100.0 / playtest.finished as f64)
    };
    let mut parts: Vec<String> = playtest
        .wins
        .iter()
        .map(|(team, wins)| format!("{team} {}", share(*wins)))
        .collect();
    parts.push(format!("draws {}", share(playtest.draws)));
    let mut line = format!(
        "{} of {}",
        parts.join(", "),
        count(
            usize::try_from(playtest.finished).unwrap_or(usize::MAX),
            "finished game",
            "finished games"
        )
    );
    if let Some(mean) = playtest.mean_rounds {
        let _ = write!(line, "; {mean:.1} rounds on average");
    }
    line
}

/// One GitHub Actions annotation per finding.
fn github(playtests: &[&MissionPlaytest]) -> String {
    let mut text = String::new();
    for playtest in playtests {
        for finding in &playtest.findings {
            let severity = match finding.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let trace = playtest
                .trace_command(finding)
                .map(|command| format!("\nto trace it, run `{command}`"))
                .unwrap_or_default();
            let message = format!("{}: {}{trace}", playtest.pack, finding.message)
                .replace('%', "%25")
                .replace('\r', "%0D")
                .replace('\n', "%0A");
            let _ = writeln!(
                text,
                "::{severity} file={},title={}::{message}",
                crate::render::escape_property(&playtest.file),
                finding.kind.name()
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_pack_path_is_one_shell_word() {
        assert_eq!(
            shell_word("content/saturn-offensive"),
            "content/saturn-offensive"
        );
        assert_eq!(shell_word("my packs/pan base"), "'my packs/pan base'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
