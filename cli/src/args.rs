//! The command line as data: clap derive types for every command and flag,
//! with the help and examples users see. Parsing only validates shape
//! (numbers, known choices); the commands turn these into library calls.

use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  spacedock check content/saturn-offensive
  spacedock build content/saturn-offensive -o saturn-offensive.json
  spacedock fleet check my-fleet.toml --pack content/saturn-offensive --mission ID
  spacedock list ships --pack content/saturn-offensive
  spacedock explain fleet-over-budget
  spacedock schema ship
  spacedock test content/saturn-offensive
  spacedock sim --pack content/saturn-offensive --mission dead-zone-battle --games 1000
  spacedock replay game.jsonl";

/// Compile Battleship Galaxies content packs into checked bundles.
#[derive(Debug, Parser)]
#[command(
    name = "spacedock",
    version,
    after_help = EXAMPLES,
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = true
)]
pub(crate) struct Cli {
    /// When to colour diagnostics: auto colours only a terminal and honours `NO_COLOR`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true, value_name = "WHEN")]
    pub(crate) color: ColorChoice,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Check content packs and report every problem found.
    #[command(after_help = "\
Examples:
  spacedock check content/saturn-offensive
  spacedock check packs/base packs/expansion --deny-warnings
  spacedock check content/saturn-offensive --format json
  spacedock check content/saturn-offensive --format github  # CI annotations
  spacedock check content/saturn-offensive --games 200      # and playtest
  spacedock check content/saturn-offensive --games 200 --policy greedy

With --games N, every mission of a pack that compiles is also played N
times by random players (or those --policy names), and who won each is
printed: a mission whose games crash or never end is an error; one that a
side never wins, or whose games end in the first round, gets a warning.

Exit status: 0 when clean (warnings allowed), 1 when the content has errors
(or warnings with --deny-warnings), 2 when a pack cannot be read or the
command line is wrong.")]
    Check(CheckArgs),

    /// Compile a pack into a bundle (JSON) for the game engine.
    #[command(after_help = "\
Examples:
  spacedock build content/saturn-offensive -o saturn-offensive.json
  spacedock build content/saturn-offensive -o - | jq .content_hash

Nothing is written when the pack has errors; an existing output file is then
left as it was. The same pack always gives the same bytes.")]
    Build(BuildArgs),

    /// Check player fleet builds against a mission.
    #[command(
        subcommand,
        after_help = "\
Examples:
  spacedock fleet check my-fleet.toml --pack content/saturn-offensive --mission ID"
    )]
    Fleet(FleetCommand),

    /// Print the JSON Schema of a file kind, or write them all.
    #[command(after_help = "\
Examples:
  spacedock schema                       # list the kinds
  spacedock schema ship > ship.schema.json
  spacedock schema --write schema/json   # schema/json/<kind>.schema.json")]
    Schema(SchemaArgs),

    /// Explain a diagnostic code: the rule, why it exists, how to fix it.
    #[command(after_help = "\
Examples:
  spacedock explain SD0301
  spacedock explain fleet-over-budget
  spacedock explain sim-hang
  spacedock explain --list")]
    Explain(ExplainArgs),

    /// List the ships, tactic cards, missions or gameboards of a pack.
    #[command(after_help = "\
Examples:
  spacedock list ships --pack content/saturn-offensive
  spacedock list missions --pack content/saturn-offensive --format json")]
    List(ListArgs),

    /// Run a pack's scenario tests (tests/*.toml) and report each failure.
    #[command(after_help = "\
Examples:
  spacedock test content/saturn-offensive
  spacedock test content/saturn-offensive attack      # files or names containing `attack`
  spacedock test content/saturn-offensive --format json

A scenario sets up a small state (a mission or a bare board, ships with
their pegs, hands, decks, energy), plays steps with die results forced where
it says so, and checks its expectations. docs/scenarios.md describes the
format. A failure is reported at its file:line with the expected and the
actual value. A pack with errors runs no scenario, but its scenarios' own
errors are reported with the pack's.

Exit status: 0 when every scenario passed, 1 when one failed or the content
has errors, 2 when the pack cannot be read or the command line is wrong.")]
    Test(TestArgs),

    /// Play headless games of a mission and report on its balance.
    #[command(after_help = "\
Examples:
  spacedock sim --pack content/saturn-offensive --mission dead-zone-battle --games 1000
  spacedock sim --pack PACK --mission ID --games 10000 --policy greedy,random --seed 7
  spacedock sim --pack PACK --mission ID --games 100000 --policy random --threads 4
  spacedock sim --pack PACK --mission ID --games 1 --trace game.jsonl
  spacedock sim --pack PACK --mission ID --games 100000 --shard 2/4 -o shard-2.json
  spacedock sim merge shard-*.json
  spacedock sim --pack PACK --mission dead-zone-battle-48 --games 1000 --fleet 1=isn-48.toml
  spacedock sim --pack PACK --mission ID --games 1000 --fleet 'Wretch player=my-wretch.toml'

Game i of a run is seeded from --seed and i, so a run gives the same report
for any --threads and any --shard split. --policy takes one policy for every
seat or one per seat, in the mission's seating order. --fleet plays a seat
whose mission lets players choose with a fleet build of yours, checked first
as `spacedock fleet check` does (the run does not start if it is illegal);
other such seats get the default build. Wins and draws come with Wilson
95% intervals, and each side's first-player advantage (its win share going
first less going second) with Newcombe's; a share of no games reads n/a
(null in JSON). A game that does not end
within --max-steps actions is counted as failed and named (mission, seed),
never left running.

Exit status: 0 when the games ran, 1 when the pack has errors, 2 when the
command line is wrong or a file cannot be read or written.")]
    Sim(SimArgs),

    /// Re-run a game trace and confirm it reaches the recorded final state.
    #[command(after_help = "\
Examples:
  spacedock sim --pack PACK --mission dead-zone-battle --games 1 --trace game.jsonl
  spacedock replay game.jsonl
  spacedock replay game.jsonl --pack content/saturn-offensive
  spacedock replay game.jsonl --log | less

The trace's actions are applied to a new game of the recorded seed; every
event (dice rolls included) must come out as recorded, and the final state
hash must match. The pack is the one the trace was recorded from unless
--pack names another; it must compile to the recorded bundle.

Exit status: 0 when the final state hash matches, 1 when the game differs
(or the pack has errors), 2 when the trace or the pack cannot be read.")]
    Replay(ReplayArgs),
}

/// Output format of diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Rendered for people, on stderr.
    Human,
    /// One JSON object on stdout.
    Json,
    /// GitHub Actions workflow annotations on stdout.
    Github,
}

/// Output format of `test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum TestFormat {
    /// Results on stdout, diagnostics on stderr, for people.
    Human,
    /// One JSON object on stdout: diagnostics, and each scenario's result.
    Json,
}

/// Output format of `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListFormat {
    /// Aligned columns.
    Human,
    /// A JSON array of entries.
    Json,
}

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Flags shared by every command that compiles and reports diagnostics.
#[derive(Debug, Args)]
pub(crate) struct ReportArgs {
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub(crate) format: Format,

    /// Treat warnings as errors (exit 1 when there are any).
    #[arg(long)]
    pub(crate) deny_warnings: bool,

    /// Game sets the players own: a deck may hold a card's copies in one set times this.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = at_least_one::<u32>, allow_negative_numbers = true)]
    pub(crate) sets: u32,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// Pack folders (each holds a pack.toml).
    #[arg(required = true, value_name = "PACK")]
    pub(crate) packs: Vec<PathBuf>,

    #[command(flatten)]
    pub(crate) report: ReportArgs,

    /// Also play N games (at least 1) of each of the pack's own missions (random players unless --policy says otherwise), print who won, and report missions that crash, hang, are one-sided or end in the first round.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u64>, allow_negative_numbers = true)]
    pub(crate) games: Option<u64>,

    /// With --games: actions after which a game counts as hanging.
    #[arg(long, value_name = "N", requires = "games", default_value_t = spacedock_engine::sim::DEFAULT_MAX_STEPS, value_parser = at_least_one::<u64>, allow_negative_numbers = true)]
    pub(crate) max_steps: u64,

    /// With --games: the players (greedy or random), one policy for every seat or one per seat in seating order; random tries the most of each mission's rules.
    #[arg(
        long,
        value_name = "POLICY[,POLICY...]",
        requires = "games",
        default_value = "random",
        value_parser = parse_policies
    )]
    pub(crate) policy: Policies,
}

#[derive(Debug, Args)]
pub(crate) struct TestArgs {
    /// The pack folder (holds a pack.toml and tests/*.toml).
    #[arg(value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// Run only the scenarios whose path within the pack (tests/...) or name contains this, or that this path from the current folder names.
    #[arg(value_name = "FILTER")]
    pub(crate) filter: Option<String>,

    /// How to print the results.
    #[arg(long, value_enum, default_value_t = TestFormat::Human)]
    pub(crate) format: TestFormat,
}

#[derive(Debug, Args)]
pub(crate) struct BuildArgs {
    /// The pack folder (holds a pack.toml).
    #[arg(value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// Where to write the bundle; `-` for stdout.
    #[arg(short, long, value_name = "BUNDLE.json")]
    pub(crate) output: PathBuf,

    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

#[derive(Debug, Subcommand)]
pub(crate) enum FleetCommand {
    /// Check a fleet build (ships and tactic deck) for one seat of a mission.
    #[command(after_help = "\
Examples:
  spacedock fleet check my-fleet.toml --pack content/saturn-offensive --mission ID
  spacedock fleet check wretch.toml --pack base --mission ID --player 2
  spacedock fleet check wretch.toml --pack base --mission ID --player 'Wretch player'
  spacedock fleet check fleet.toml --pack base --mission ID --format json

ID is a mission's id or name (`spacedock list missions --pack PACK` shows
them). When the build is legal, its fleet cost, deck size and transport use
are printed, unless the pack has errors outside other missions' files. Any
error printed, the pack's included, makes the exit status 1.")]
    Check(FleetCheckArgs),
}

#[derive(Debug, Args)]
pub(crate) struct FleetCheckArgs {
    /// The fleet build file.
    #[arg(value_name = "FLEET.toml")]
    pub(crate) fleet: PathBuf,

    /// The pack folder the mission and ships come from.
    #[arg(long, value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// The mission's id or name.
    #[arg(long, value_name = "ID")]
    pub(crate) mission: String,

    /// The seat: a 1-based number in the mission's player order, or the player's name.
    #[arg(long, default_value = "1", value_name = "N|NAME")]
    pub(crate) player: String,

    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

#[derive(Debug, Args)]
pub(crate) struct SchemaArgs {
    /// The file kind (pack, rules, ship, tactics, board, mission, fleet, scenario, bundle); none lists them.
    #[arg(value_name = "KIND")]
    pub(crate) kind: Option<String>,

    /// Write the schemas as DIR/<kind>.schema.json instead of printing (all kinds unless KIND is given).
    #[arg(long, value_name = "DIR")]
    pub(crate) write: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// A code's id (SD0301) or name (fleet-over-budget), or a finding of
    /// `check --games` (sim-hang), any case.
    #[arg(
        value_name = "CODE",
        required_unless_present = "list",
        conflicts_with = "list"
    )]
    pub(crate) code: Option<String>,

    /// List every code with its name, severity and summary, then the
    /// findings of `check --games`.
    #[arg(long)]
    pub(crate) list: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// What to list.
    #[arg(value_enum)]
    pub(crate) what: ListWhat,

    /// The pack folder.
    #[arg(long, value_name = "PACK")]
    pub(crate) pack: PathBuf,

    /// How to print the list.
    #[arg(long, value_enum, default_value_t = ListFormat::Human)]
    pub(crate) format: ListFormat,
}

/// Output format of `sim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SimFormat {
    /// A report for people, on stdout.
    Human,
    /// The run, its mergeable tally and the report, as one JSON object on stdout.
    Json,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(crate) struct SimArgs {
    #[command(subcommand)]
    pub(crate) command: Option<SimCommand>,

    #[command(flatten)]
    pub(crate) run: SimRunArgs,
}

#[derive(Debug, Subcommand)]
pub(crate) enum SimCommand {
    /// Add up the JSON results of the shards of a run and print the combined report.
    #[command(after_help = "\
Examples:
  spacedock sim --pack PACK --mission ID --games 100000 --shard 1/2 -o a.json
  spacedock sim --pack PACK --mission ID --games 100000 --shard 2/2 -o b.json
  spacedock sim merge a.json b.json
  spacedock sim merge shard-*.json --format json -o run.json

The files must be shards of one run (same bundle, mission, policies, seed,
games and shard count), each shard at most once. When every shard is there,
the result is exactly the unsharded run's.")]
    Merge(MergeArgs),
}

/// How `sim` plays: what, how many, with whom, where the output goes.
#[derive(Debug, Args)]
pub(crate) struct SimRunArgs {
    /// The pack folder.
    #[arg(long, value_name = "PACK", required = true)]
    pub(crate) pack: Option<PathBuf>,

    /// The mission's id or name.
    #[arg(long, value_name = "ID", required = true)]
    pub(crate) mission: Option<String>,

    /// Games in the whole run (all shards together), at least 1.
    #[arg(long, value_name = "N", required = true, value_parser = at_least_one::<u64>, allow_negative_numbers = true)]
    pub(crate) games: Option<u64>,

    /// The run's seed: game i plays with a seed made from it and i.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = seed, allow_negative_numbers = true)]
    pub(crate) seed: u64,

    /// Worker threads, at most 1024 (and never more than the games to play); 0 uses every core.
    #[arg(long, value_name = "T", default_value_t = 0, value_parser = threads, allow_negative_numbers = true)]
    pub(crate) threads: u16,

    /// The players (greedy or random): one policy for every seat, or one per seat in seating order.
    #[arg(
        long,
        value_name = "POLICY[,POLICY...]",
        default_value = "greedy",
        value_parser = parse_policies
    )]
    pub(crate) policy: Policies,

    /// How to print the report.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub(crate) format: SimFormat,

    /// Also write the run's first game as a trace (JSON lines), for `spacedock replay`.
    #[arg(long, value_name = "FILE")]
    pub(crate) trace: Option<PathBuf>,

    /// Play only slice I of N of the run's games (merge the results with `sim merge`).
    #[arg(long, value_name = "I/N", default_value = "1/1")]
    pub(crate) shard: spacedock_engine::sim::Shard,

    /// Write the JSON result (what `sim merge` reads) to FILE instead of printing JSON.
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,

    /// Actions after which a game is stopped and reported as failed.
    #[arg(long, value_name = "N", default_value_t = spacedock_engine::sim::DEFAULT_MAX_STEPS, value_parser = at_least_one::<u64>, allow_negative_numbers = true)]
    pub(crate) max_steps: u64,

    /// Play a seat with the fleet build in FILE; SEAT is a 1-based number in the mission's player order or the player's name. Once per seat.
    #[arg(long, value_name = "SEAT=FILE", value_parser = parse_fleet)]
    pub(crate) fleet: Vec<FleetArg>,

    /// Game sets the players own, for the copy limits of the --fleet builds.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = at_least_one::<u32>, allow_negative_numbers = true)]
    pub(crate) sets: u32,
}

/// A seat and the fleet build it plays, from `--fleet SEAT=FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FleetArg {
    /// The argument as given (a player name may hold a `=`): split by
    /// [`FleetArg::for_players`].
    text: String,
}

impl FleetArg {
    /// The seat and file for a mission whose players are `players`: split
    /// at an `=` before which the seat names a player (a name may hold a
    /// `=`), the first whose file exists if more than one does; else at
    /// the first `=` (a seat number, or a name the check reports).
    pub(crate) fn for_players<'a>(
        &self,
        players: impl IntoIterator<Item = &'a str>,
    ) -> (String, PathBuf) {
        let players: Vec<&str> = players.into_iter().collect();
        let splits: Vec<(&str, &str)> = self
            .text
            .match_indices('=')
            .map(|(at, _)| (self.text[..at].trim(), self.text[at + 1..].trim()))
            .filter(|(_, file)| !file.is_empty())
            .collect();
        let named: Vec<&(&str, &str)> = splits
            .iter()
            .filter(|(seat, _)| players.contains(seat))
            .collect();
        let (seat, file) = named
            .iter()
            .find(|(_, file)| Path::new(file).exists())
            .or(named.first())
            .copied()
            .or(splits.first())
            .copied()
            .unwrap_or_default();
        (seat.to_owned(), PathBuf::from(file))
    }
}

/// The policies of `--policy`, one per seat or one for all.
#[derive(Clone, Debug)]
pub(crate) struct Policies(pub(crate) Vec<String>);

/// Parses `--policy` whole, so that an empty or unknown entry is named by
/// its place in the list (clap's own delimiter reports `greedy,,random`
/// as a missing value).
fn parse_policies(text: &str) -> Result<Policies, String> {
    let known = spacedock_engine::policy::POLICY_NAMES;
    let names = known.join(" or ");
    let mut policies = Vec::new();
    for (index, name) in text.split(',').enumerate() {
        let name = name.trim();
        let place = if text.contains(',') {
            format!(" (policy {} of `{text}`)", index + 1)
        } else {
            String::new()
        };
        if name.is_empty() {
            return Err(format!(
                "empty policy{place}: give one policy ({names}) for every seat, or one per seat separated by commas"
            ));
        }
        if !known.contains(&name) {
            let hint = spacedock_validator::suggest::did_you_mean(name, known)
                .map(|hint| format!("; {hint}"))
                .unwrap_or_default();
            return Err(format!("`{name}`{place} is not a policy ({names}){hint}"));
        }
        policies.push(name.to_owned());
    }
    Ok(Policies(policies))
}

/// A count of at least 1 (clap's own range check names the type's
/// maximum, 18446744073709551615, as if it were a limit).
fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
{
    match text.trim().parse::<T>() {
        Ok(value) if value >= T::from(1) => Ok(value),
        Ok(_) => Err("must be at least 1".to_owned()),
        Err(_) if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            Err("too large".to_owned())
        }
        Err(_) => Err("not a whole number of 1 or more".to_owned()),
    }
}

/// `--seed`: any whole number a `u64` holds, told in words when not one
/// (clap's own parser says "invalid digit found in string").
fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("not a whole number from 0 to {}", u64::MAX))
}

/// The most worker threads `sim` starts.
const MAX_THREADS: u64 = 1024;

/// `--threads`: 0 (every core) to [`MAX_THREADS`].
fn threads(text: &str) -> Result<u16, String> {
    match text.trim().parse::<u64>() {
        Ok(threads) if threads <= MAX_THREADS => Ok(threads as u16),
        _ => Err(format!("not a whole number from 0 to {MAX_THREADS}")),
    }
}

/// Splits `SEAT=FILE` at its first `=`: a seat is a number or a player's
/// name, which rarely holds one, while a path may ([`FleetArg::for_players`]
/// splits again once the players are known).
fn parse_fleet(text: &str) -> Result<FleetArg, String> {
    match text.split_once('=') {
        Some((seat, file)) if !seat.trim().is_empty() && !file.trim().is_empty() => Ok(FleetArg {
            text: text.to_owned(),
        }),
        _ => Err(format!(
            "expected SEAT=FILE (a seat number or player name, `=`, a fleet build file), got `{text}`"
        )),
    }
}

#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// JSON results of `sim --format json` or `sim -o FILE`; `-` reads
    /// one from stdin.
    #[arg(required = true, value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,

    /// How to print the combined report.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub(crate) format: SimFormat,

    /// Write the combined JSON result to FILE instead of printing JSON.
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// The trace (JSON lines) written by `sim --trace`; `-` reads stdin.
    #[arg(value_name = "FILE")]
    pub(crate) file: PathBuf,

    /// The pack to replay with, if not the one the trace was recorded from.
    #[arg(long, value_name = "PACK")]
    pub(crate) pack: Option<PathBuf>,

    /// Also print the game in words as it is replayed: each action with its step, round and player, and the events it caused, as scenarios write them.
    #[arg(long)]
    pub(crate) log: bool,
}

/// The items `list` can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListWhat {
    // The singular too, as `schema` names the kinds (`schema ship`).
    #[value(alias = "ship")]
    Ships,
    #[value(alias = "tactic")]
    Tactics,
    #[value(alias = "mission")]
    Missions,
    #[value(alias = "board")]
    Boards,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use std::path::PathBuf;

    use super::{Cli, at_least_one, parse_fleet, seed, threads};

    #[test]
    fn counts_are_at_least_one_and_say_why_not() {
        assert_eq!(at_least_one::<u64>("7"), Ok(7));
        assert_eq!(
            at_least_one::<u64>("0"),
            Err("must be at least 1".to_owned())
        );
        assert_eq!(
            at_least_one::<u32>("4294967296"),
            Err("too large".to_owned())
        );
        assert_eq!(
            at_least_one::<u64>("-1"),
            Err("not a whole number of 1 or more".to_owned())
        );
    }

    #[test]
    fn seeds_and_threads_say_what_they_take() {
        assert_eq!(seed(" 7 "), Ok(7));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        let not_a_seed = Err("not a whole number from 0 to 18446744073709551615".to_owned());
        for text in ["abc", "-1", "1.5", "18446744073709551616"] {
            assert_eq!(seed(text), not_a_seed, "{text}");
        }
        assert_eq!(threads("0"), Ok(0));
        assert_eq!(threads("1024"), Ok(1024));
        for text in ["1025", "-1", "abc", "99999999999999999999"] {
            assert_eq!(
                threads(text),
                Err("not a whole number from 0 to 1024".to_owned()),
                "{text}"
            );
        }
    }

    #[test]
    fn a_fleet_seat_may_be_a_name_holding_an_equals_sign() {
        // (argument, players, seat, file)
        let cases: [(&str, &[&str], &str, &str); 5] = [
            (
                "Wing=2=fleets/a.toml",
                &["Wing=1", "Wing=2"],
                "Wing=2",
                "fleets/a.toml",
            ),
            // Two names that fit: the split whose file exists (tests run
            // in the crate's folder).
            (
                "Wing=2=Cargo.toml",
                &["Wing", "Wing=2"],
                "Wing=2",
                "Cargo.toml",
            ),
            (
                "Wing=2=missing.toml",
                &["Wing", "Wing=2"],
                "Wing",
                "2=missing.toml",
            ),
            // Otherwise the first `=`: a number, or a name the check reports.
            (
                "2=fleets/a=b.toml",
                &["ISN", "Wretch"],
                "2",
                "fleets/a=b.toml",
            ),
            ("Wing=3=a.toml", &["Wing=1"], "Wing", "3=a.toml"),
        ];
        for (text, players, seat, file) in cases {
            let split = parse_fleet(text)
                .unwrap()
                .for_players(players.iter().copied());
            assert_eq!(split, (seat.to_owned(), PathBuf::from(file)), "{text}");
        }
        assert_eq!(
            parse_fleet("ISN = a.toml").unwrap().for_players(["ISN"]),
            ("ISN".to_owned(), PathBuf::from("a.toml"))
        );
        assert!(parse_fleet("=a.toml").is_err());
    }

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_command_has_examples() {
        fn walk(command: &clap::Command, path: &str) {
            let path = format!("{path} {}", command.get_name());
            let help = command
                .get_after_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                help.contains("Examples:"),
                "`{path}` has no examples in its help"
            );
            for sub in command
                .get_subcommands()
                .filter(|sub| sub.get_name() != "help")
            {
                walk(sub, &path);
            }
        }
        let mut command = Cli::command();
        command.build();
        walk(&command, "");
    }
}
