//! `spacedock sim`: headless games of a mission and their balance report,
//! and `spacedock sim merge`, which adds up the results of shards.
//!
//! The engine plays and tallies (`spacedock_engine::sim`); this compiles the
//! pack, shows a progress bar on a terminal, and renders the report as text
//! or JSON. The JSON result holds the run, the report and the mergeable
//! tally the report is derived from; `sim merge` adds the tallies and
//! derives the report again, so merged shards print exactly what one run
//! would have.

use std::fmt::Write as _;
use std::io::{self, IsTerminal as _, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use spacedock_engine::policy::POLICY_NAMES;
use spacedock_engine::sim::trace::{self, TraceSpec};
use spacedock_engine::sim::{
    CardReport, Difference, FAILURE_SAMPLES, FailureKind, Rate, Report, Run, SIM_FORMAT, Scorer,
    Shard, SimConfig, Tally, game_seed, simulate,
};
use spacedock_schema::bundle::Bundle;
use spacedock_schema::fleet::FleetSource;
use spacedock_validator::{Options, SelectionError};

use crate::args::{Format, MergeArgs, SimFormat, SimRunArgs};
use crate::error::Error;
use crate::exit::Exit;
use crate::render::{Checked, Printer, Style, count};
use crate::write;

/// What `--format json` prints and `--output` writes.
#[derive(Serialize)]
struct SimJson {
    run: Run,
    report: Report,
    tally: Tally,
}

/// What `sim merge` reads of a result: its `report` is derived again from
/// the merged tally, so it is not read at all.
#[derive(Deserialize)]
struct ShardResult {
    run: Run,
    tally: Tally,
}

pub(crate) fn run(args: &SimRunArgs, style: Style) -> Result<Exit, Error> {
    // Clap makes these required unless `merge` is given.
    let (Some(pack_path), Some(wanted), Some(games)) = (&args.pack, &args.mission, args.games)
    else {
        unreachable!("clap requires --pack, --mission and --games");
    };
    // With `--format json`, the diagnostics that stop a run are the JSON
    // object on stdout, as `check --format json` prints them.
    let diagnostics = match args.format {
        SimFormat::Human => Format::Human,
        SimFormat::Json => Format::Json,
    };
    let Compiled { bundle, inputs } = match compile(pack_path, style, diagnostics)? {
        Ok(compiled) => compiled,
        Err(exit) => return Ok(exit),
    };
    let mission = mission_id(&bundle, wanted)?;
    // Each `--fleet`'s seat and file, split where the seat names a player.
    let players: &[_] = bundle
        .missions
        .iter()
        .find(|candidate| candidate.id == mission)
        .map_or(&[], |mission| &mission.players);
    let builds: Vec<(String, PathBuf)> = args
        .fleet
        .iter()
        .map(|fleet| fleet.for_players(players.iter().map(|player| player.name.as_str())))
        .collect();
    // Neither file may replace one the run reads: the pack's or a build's.
    let read: Vec<&Path> = inputs
        .iter()
        .map(PathBuf::as_path)
        .chain(builds.iter().map(|(_, file)| file.as_path()))
        .collect();
    for (flag, path) in [("--output", &args.output), ("--trace", &args.trace)] {
        let Some(path) = path.as_deref().filter(|path| !write::is_stdout(path)) else {
            continue;
        };
        if let Some(input) = read.iter().find(|input| same_path(input, path)) {
            return Err(Error::OutputIsInput {
                flag,
                path: input.to_path_buf(),
            });
        }
        if let Some(folder) =
            write::pack_holding(pack_path, inputs.iter().map(PathBuf::as_path), path)
        {
            return Err(Error::OutputInPack {
                flag,
                path: path.to_path_buf(),
                folder,
            });
        }
    }
    let fleets = match fleets(
        &builds,
        args.sets,
        pack_path,
        players.len(),
        &mission,
        Printer {
            format: diagnostics,
            style,
        },
    )? {
        Ok(fleets) => fleets,
        Err(exit) => return Ok(exit),
    };
    let config = SimConfig {
        mission,
        policies: args.policy.0.clone(),
        seed: args.seed,
        games,
        shard: args.shard,
        threads: usize::from(args.threads),
        max_steps: args.max_steps,
        fleets,
    };
    stdout_free(args.output.as_deref(), args.trace.as_deref(), args.format)?;
    for path in args.output.iter().chain(&args.trace) {
        if !write::is_stdout(path) {
            write::can_write(path).map_err(|source| Error::Write {
                path: path.clone(),
                source,
            })?;
        }
    }
    let played = config.shard.games(games);
    if let Some(path) = &args.trace {
        // The trace is of the shard's first game: a shard with none has
        // nothing to record.
        if played.is_empty() {
            return Err(Error::NothingToTrace {
                shard: config.shard.to_string(),
                games,
            });
        }
        if let Some(output) = &args.output
            && same_path(path, output)
        {
            return Err(Error::SameOutput { path: path.clone() });
        }
    }
    let bar = progress_bar(
        played.end - played.start,
        args.format == SimFormat::Human && io::stderr().is_terminal(),
    );
    let result = simulate(&bundle, &config, &|| bar.inc(1))?;
    bar.finish_and_clear();
    let trace = match &args.trace {
        Some(path) => Some((path.as_path(), trace(&bundle, &config, pack_path)?)),
        None => None,
    };
    print(
        result.run,
        result.tally,
        args.format,
        args.output.as_deref(),
        trace
            .as_ref()
            .map(|(path, bytes)| (played.start, *path, bytes.as_slice())),
    )?;
    Ok(Exit::Success)
}

/// The builds of `--fleet`, one slot per seat of the mission (none without
/// the flag), each checked as `fleet check` checks it. An illegal build
/// stops the run with its diagnostics, as the pack's errors do; a legal
/// one's warnings are left to `fleet check`, as the pack's are to `check`.
fn fleets(
    builds: &[(String, PathBuf)],
    sets: u32,
    pack: &Path,
    seats: usize,
    mission: &str,
    printer: Printer,
) -> Result<Result<Vec<Option<FleetSource>>, Exit>, Error> {
    if builds.is_empty() {
        return Ok(Ok(Vec::new()));
    }
    let mut fleets = vec![None; seats];
    let options = Options { sets };
    for (seat, file) in builds {
        let check = spacedock_validator::check_fleet(
            pack,
            file,
            mission,
            &crate::fleet::selector(seat),
            &options,
        );
        if let Some(error) = check.selection_error {
            return Err(Error::Selection(error));
        }
        let exit = Exit::for_diagnostics(&check.diagnostics, false);
        let (Exit::Success, Some(summary), Some(build)) =
            (exit, &check.summary, check.build.clone())
        else {
            let (checked, findings) = crate::fleet::checked_parts(file, pack, &check);
            printer.report_with(&checked, &findings, serde_json::Map::new())?;
            return Ok(Err(exit.max(Exit::ContentErrors)));
        };
        let slot = &mut fleets[summary.seat - 1];
        if slot.is_some() {
            return Err(Error::FleetTwice {
                seat: summary.seat,
                player: summary.player.clone(),
            });
        }
        *slot = Some(build);
    }
    Ok(Ok(fleets))
}

/// Refuses a `-` (stdout) for the JSON result or the trace when something
/// else is printed there: the report, or the JSON result.
fn stdout_free(
    output: Option<&Path>,
    trace: Option<&Path>,
    format: SimFormat,
) -> Result<(), Error> {
    let output_given = output.is_some();
    let output = output.filter(|path| write::is_stdout(path));
    let trace = trace.filter(|path| write::is_stdout(path));
    if let (Some(output), Some(_)) = (output, trace) {
        return Err(Error::SameOutput {
            path: output.to_path_buf(),
        });
    }
    if let Some(output) = output
        && format == SimFormat::Human
    {
        return Err(Error::SimStdoutTaken {
            flag: "--output",
            path: output.to_path_buf(),
            what: "the JSON result",
            taken: "`--format human` prints the report",
        });
    }
    if let Some(trace) = trace {
        let taken = match (output, format) {
            (None, SimFormat::Json) if output_given => return Ok(()),
            (_, SimFormat::Json) => "`--format json` prints the JSON result",
            (_, SimFormat::Human) => "`--format human` prints the report",
        };
        return Err(Error::SimStdoutTaken {
            flag: "--trace",
            path: trace.to_path_buf(),
            what: "the trace",
            taken,
        });
    }
    Ok(())
}

/// Whether `text` reads as a trace: JSON lines, the first its header.
fn is_trace(text: &str) -> bool {
    text.lines()
        .next()
        .and_then(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .is_some_and(|first| first.get("header").is_some())
}

/// Whether two paths name one file, whether or not it exists yet.
fn same_path(a: &Path, b: &Path) -> bool {
    crate::write::destination(a) == crate::write::destination(b)
}

/// The largest result `sim merge` reads. A result is a few hundred
/// kilobytes at most (its rows are the cards and ships of one mission); the
/// bound keeps an endless input (`/dev/zero`) from filling memory.
const MAX_RESULT: u64 = 64 << 20;

pub(crate) fn merge(args: &MergeArgs) -> Result<Exit, Error> {
    stdout_free(args.output.as_deref(), None, args.format)?;
    if let Some(output) = args.output.as_ref().filter(|path| !write::is_stdout(path)) {
        // The combined result must not replace a shard it was made from.
        if let Some(input) = args.files.iter().find(|input| same_path(input, output)) {
            return Err(Error::OutputIsInput {
                flag: "--output",
                path: input.clone(),
            });
        }
        // Told as `sim` tells it (a missing folder named), before the
        // shards are read.
        write::can_write(output).map_err(|source| Error::Write {
            path: output.clone(),
            source,
        })?;
    }
    if args
        .files
        .iter()
        .filter(|path| path.as_os_str() == "-")
        .count()
        > 1
    {
        return Err(Error::StdinTwice);
    }
    let mut results = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let mut text = String::new();
        let read = if path.as_os_str() == "-" {
            io::stdin()
                .lock()
                .take(MAX_RESULT + 1)
                .read_to_string(&mut text)
        } else {
            std::fs::File::open(path)
                .and_then(|file| file.take(MAX_RESULT + 1).read_to_string(&mut text))
        };
        read.map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
        let not_a_result = |message: String| Error::NotASimResult {
            path: path.clone(),
            message,
        };
        if text.len() as u64 > MAX_RESULT {
            return Err(not_a_result(format!(
                "it is larger than {} MiB, which no result is",
                MAX_RESULT >> 20
            )));
        }
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|error| {
            not_a_result(if is_trace(&text) {
                "it is a trace (`sim --trace`), which `spacedock replay` reads".to_owned()
            } else {
                error.to_string()
            })
        })?;
        if value.get("run").is_none() && value.get("tally").is_none() {
            return Err(not_a_result(
                "it is JSON, but has neither `run` nor `tally`".to_owned(),
            ));
        }
        // Another version's result would fail on a field this one does not
        // know of; its format says why.
        let format = value
            .pointer("/run/format")
            .and_then(serde_json::Value::as_u64);
        if let Some(format) = format.filter(|&format| format != u64::from(SIM_FORMAT)) {
            return Err(not_a_result(format!(
                "it is in result format {format}, written by another version of spacedock; this one reads format {SIM_FORMAT} (run the shard again)"
            )));
        }
        // Read from the text again, not from `value`, so that the error
        // has a line and column as well as the path to the field.
        let result: ShardResult =
            serde_path_to_error::deserialize(&mut serde_json::Deserializer::from_str(&text))
                .map_err(|error| {
                    let path = error.path().to_string();
                    not_a_result(if path == "." {
                        error.inner().to_string()
                    } else {
                        format!("`{path}`: {}", error.inner())
                    })
                })?;
        check_shard(path, &result.run, &result.tally)?;
        results.push((path, result.run, result.tally));
    }
    // In shard order, so rows come out in the order one run lists them.
    results.sort_by_key(|(_, run, _)| run.shards.first().copied());
    let mut results = results.into_iter();
    let (first, mut run, mut tally) = results.next().expect("clap requires a FILE");
    for (path, other_run, other_tally) in results {
        add_shards(&mut run, &other_run, path)?;
        // One run's shards list the same sides, ships and cards, in the
        // same order (the merged report's), each card with the same deck
        // and copies prepped. Which of two files was edited cannot be
        // told: what differs is named, with both files.
        if let Some(difference) = differing_rows(&other_tally, &tally) {
            return Err(Error::InvalidSimResult {
                path: path.clone(),
                message: format!(
                    "its teams, ships or cards are not those of `{}`: {difference}",
                    first.display()
                ),
            });
        }
        tally
            .merge(&other_tally)
            .map_err(|overflow| Error::InvalidSimResult {
                path: path.clone(),
                message: format!("its counts and the other shards': {overflow}"),
            })?;
    }
    if run.is_complete() {
        // Every shard is here: the result is the unsharded run's.
        run.shard_count = 1;
        run.shards = vec![1];
    }
    print(run, tally, args.format, args.output.as_deref(), None)?;
    Ok(Exit::Success)
}

/// Checks that a result file is whole: its shards are shards of its run,
/// and its tally counts the games those shards play.
fn check_shard(path: &Path, run: &Run, tally: &Tally) -> Result<(), Error> {
    let invalid = |message: String| Error::InvalidSimResult {
        path: path.to_path_buf(),
        message,
    };
    let mut expected = 0;
    for (position, &index) in run.shards.iter().enumerate() {
        if index == 0 || index > run.shard_count {
            return Err(invalid(format!(
                "it names shard {index} of {}",
                run.shard_count
            )));
        }
        if run.shards[..position].contains(&index) {
            return Err(invalid(format!("it names shard {index} twice")));
        }
        let shard = Shard {
            index,
            count: run.shard_count,
        };
        let games = shard.games(run.games);
        expected += games.end - games.start;
    }
    if run.shards.is_empty() {
        return Err(invalid("it names no shard".to_owned()));
    }
    for (what, value) in [("pack", &run.pack), ("mission", &run.mission)] {
        if value.is_empty() {
            return Err(invalid(format!("its {what} is empty")));
        }
    }
    if run.seats.is_empty() {
        return Err(invalid("it has no seats".to_owned()));
    }
    for (seat, player) in run.seats.iter().enumerate() {
        if player.player.is_empty() || player.team.is_empty() {
            return Err(invalid(format!(
                "its seat {} has no player or team name",
                seat + 1
            )));
        }
        if !POLICY_NAMES.contains(&player.policy.as_str()) {
            return Err(invalid(format!(
                "its seat {} plays the policy `{}`, which is none of {}",
                seat + 1,
                player.policy,
                POLICY_NAMES.join(", ")
            )));
        }
    }
    if tally.games != expected {
        return Err(invalid(format!(
            "it counts {} games where its shards play {expected}",
            tally.games
        )));
    }
    if tally.finished > tally.games {
        return Err(invalid(format!(
            "it counts {} finished games of {}",
            tally.finished, tally.games
        )));
    }
    // Each finished game has one result and one ending. Sums are wide: an
    // edited file may hold counts that wrap 64 bits into a "right" total.
    let results = u128::from(tally.draws)
        + tally
            .teams
            .iter()
            .map(|team| u128::from(team.wins))
            .sum::<u128>();
    if results != u128::from(tally.finished) {
        return Err(invalid(format!(
            "its wins and draws add up to {results} where it counts {} finished games",
            tally.finished
        )));
    }
    let ended = &tally.ended;
    let endings = [
        ended.destroy_all,
        ended.victory_points,
        ended.alternative,
        ended.victory_clock,
    ]
    .map(u128::from)
    .iter()
    .sum::<u128>();
    if endings != u128::from(tally.finished) {
        return Err(invalid(format!(
            "its endings add up to {endings} where it counts {} finished games",
            tally.finished
        )));
    }
    let failures = &tally.failures;
    let failed = [failures.step_limit, failures.stuck, failures.panic]
        .map(u128::from)
        .iter()
        .sum::<u128>();
    if u128::from(tally.finished) + failed != u128::from(tally.games) {
        return Err(invalid(format!(
            "its {} finished and {failed} failed games are not its {} games",
            tally.finished, tally.games
        )));
    }
    // A finished game took at most the step bound's actions.
    if u128::from(tally.steps) > u128::from(tally.finished) * u128::from(run.max_steps) {
        return Err(invalid(format!(
            "it counts {} actions in {} finished games, past the step bound of {} a game",
            tally.steps, tally.finished, run.max_steps
        )));
    }
    if tally.rounds.len() != tally.finished {
        return Err(invalid(format!(
            "its game lengths count {} games where it counts {} finished games",
            tally.rounds.len(),
            tally.finished
        )));
    }
    if !tally.rounds.is_consistent() {
        return Err(invalid(
            "its game lengths' sum or sum of squares is not what their counts add up to".to_owned(),
        ));
    }
    // Every failed game is counted and offered as an example; the tally
    // keeps the first `FAILURE_SAMPLES` of each kind, so it lists exactly
    // that many, or all of them when it counts fewer.
    for kind in FailureKind::ALL {
        let listed = failures
            .samples
            .iter()
            .filter(|sample| sample.kind == kind)
            .count() as u64;
        let counted = failures.count(kind);
        let kept = counted.min(FAILURE_SAMPLES as u64);
        if listed != kept {
            return Err(invalid(format!(
                "it lists {listed} failed games of kind `{}` where it counts {counted} (it keeps the first {FAILURE_SAMPLES} of each kind)",
                kind.name()
            )));
        }
    }
    let played = |index: u64| {
        run.shards.iter().any(|&shard| {
            Shard {
                index: shard,
                count: run.shard_count,
            }
            .games(run.games)
            .contains(&index)
        })
    };
    if let Some(sample) = failures.samples.iter().find(|sample| !played(sample.index)) {
        return Err(invalid(format!(
            "it lists a failure of game {}, which its shards do not play",
            sample.index
        )));
    }
    // Listed by game index, a game once: the order the tally keeps them
    // in, and the one a merge of them relies on.
    for pair in failures.samples.windows(2) {
        let (before, after) = (pair[0].index, pair[1].index);
        if before == after {
            return Err(invalid(format!("it lists a failure of game {after} twice")));
        }
        if before > after {
            return Err(invalid(format!(
                "it lists the failure of game {after} after that of game {before}, not by game index"
            )));
        }
    }
    // A game's seed is the run's seed and the game's index.
    for sample in &failures.samples {
        let seed = game_seed(run.seed, sample.index);
        if sample.seed != seed {
            return Err(invalid(format!(
                "it lists game {index} with seed {}, but game {index} of a run of seed {} has seed {seed}",
                sample.seed,
                run.seed,
                index = sample.index
            )));
        }
    }
    check_rows(run, tally).map_err(invalid)
}

/// How two tallies of one run differ in their teams, ships and cards,
/// which every shard lists alike: the same rows, in the same order, each
/// card of the same deck and with the same copies prepped (the same in
/// every game, so not added up).
fn differing_rows(ours: &Tally, theirs: &Tally) -> Option<String> {
    if let Some(row) = differing_row(&rows(ours), &rows(theirs)) {
        return Some(format!("{row} is in one of them only"));
    }
    let order = [
        (
            "teams",
            ours.teams
                .iter()
                .map(|team| &team.team)
                .eq(theirs.teams.iter().map(|team| &team.team)),
        ),
        (
            "ships",
            ours.ships
                .iter()
                .map(|ship| (&ship.team, &ship.ship))
                .eq(theirs.ships.iter().map(|ship| (&ship.team, &ship.ship))),
        ),
        (
            "cards",
            ours.cards
                .iter()
                .map(|card| (&card.team, &card.card))
                .eq(theirs.cards.iter().map(|card| (&card.team, &card.card))),
        ),
    ];
    if let Some((what, _)) = order.iter().find(|(_, same)| !same) {
        return Some(format!("they list their {what} in another order"));
    }
    ours.cards
        .iter()
        .zip(&theirs.cards)
        .find_map(|(mine, other)| {
            let row = format!("card `{}` ({})", mine.card, mine.team);
            if mine.deck != other.deck {
                Some(format!(
                    "{row} is of `{}`'s deck in one of them and of `{}`'s in the other",
                    mine.deck, other.deck
                ))
            } else if mine.prepped != other.prepped {
                Some(format!(
                    "{row} has {} copies prepped in one of them and {} in the other",
                    mine.prepped, other.prepped
                ))
            } else {
                None
            }
        })
}

/// A row (`team x`, `ship x (team)`, `card x (team)`) that one of two
/// tallies' rows has and the other lacks.
fn differing_row(ours: &Rows<'_>, theirs: &Rows<'_>) -> Option<String> {
    let only = |a: &[&str], b: &[&str]| {
        a.iter()
            .find(|row| !b.contains(row))
            .map(|team| (*team).to_owned())
    };
    let only_pair = |a: &[(&str, &str)], b: &[(&str, &str)]| {
        a.iter()
            .find(|row| !b.contains(row))
            .map(|(team, id)| format!("`{id}` ({team})"))
    };
    only(&ours.0, &theirs.0)
        .or_else(|| only(&theirs.0, &ours.0))
        .map(|team| format!("team `{team}`"))
        .or_else(|| only_pair(&ours.1, &theirs.1).map(|ship| format!("ship {ship}")))
        .or_else(|| only_pair(&theirs.1, &ours.1).map(|ship| format!("ship {ship}")))
        .or_else(|| only_pair(&ours.2, &theirs.2).map(|card| format!("card {card}")))
        .or_else(|| only_pair(&theirs.2, &ours.2).map(|card| format!("card {card}")))
        .or_else(|| (ours != theirs).then(|| "a row listed twice".to_owned()))
}

/// The per-team, per-ship and per-card counts of a tally, each within what
/// it counts out of.
fn check_rows(run: &Run, tally: &Tally) -> Result<(), String> {
    let mut teams: Vec<&str> = run.seats.iter().map(|seat| seat.team.as_str()).collect();
    teams.sort_unstable();
    teams.dedup();
    let mut named: Vec<&str> = tally.teams.iter().map(|team| team.team.as_str()).collect();
    named.sort_unstable();
    if named != teams {
        return Err(format!(
            "its teams ({}) are not its seats' ({})",
            named.join(", "),
            teams.join(", ")
        ));
    }
    let finished = tally.finished;
    // Every game that got to its first turn had one team going first and
    // every other team going second. Sums are wide, as above.
    let started: u128 = tally
        .teams
        .iter()
        .map(|team| u128::from(team.went_first))
        .sum();
    for team in &tally.teams {
        let ok = team.wins_going_first <= team.went_first
            && team.wins_going_second <= team.went_second
            && u128::from(team.wins_going_first) + u128::from(team.wins_going_second)
                <= u128::from(team.wins)
            && u128::from(team.went_first) + u128::from(team.went_second) == started
            && started <= u128::from(finished);
        if !ok {
            return Err(format!(
                "team `{}`'s games going first and second, and its wins in them, do not fit the games played",
                team.team
            ));
        }
    }
    // Fleets and decks do not change from game to game: every row counts
    // every finished game, and its rates are out of that count.
    for ship in &tally.ships {
        if ship.fielded != finished {
            return Err(format!(
                "`{}` ({}) was fielded in {} games, not in each of its {finished} finished games",
                ship.ship, ship.team, ship.fielded
            ));
        }
        if !(ship.survived <= ship.deployed && ship.deployed <= ship.fielded) {
            return Err(format!(
                "`{}` ({}) survived {}, deployed {} of {} games fielded, of {finished} finished",
                ship.ship, ship.team, ship.survived, ship.deployed, ship.fielded
            ));
        }
    }
    for card in &tally.cards {
        if card.dealt != finished {
            return Err(format!(
                "`{}` ({}) was dealt in {} games, not in each of its {finished} finished games",
                card.card, card.team, card.dealt
            ));
        }
        if !(card.played_in <= card.dealt
            && card.played_in <= card.plays
            && (card.plays == 0) == (card.played_in == 0))
        {
            return Err(format!(
                "`{}` ({}) was played {} times in {} games of {} dealt, of {finished} finished",
                card.card, card.team, card.plays, card.played_in, card.dealt
            ));
        }
    }
    let scores = tally.scores.iter().map(|score| {
        (
            score.team.as_str(),
            &score.by,
            score.points,
            score.scored_in,
        )
    });
    by_side_rows(scores, &teams, finished, "scored", ("point", "points"))?;
    let powers = tally
        .powers
        .iter()
        .map(|power| (power.team.as_str(), &power.by, power.acts, power.acted_in));
    by_side_rows(powers, &teams, finished, "acted", ("time", "times"))
}

/// Checks the rows of scores or powers of a tally, each `(team, by,
/// count, games)`: of one of its `teams`, none twice, and each counted
/// (in `units`, one and many: each of 1 point, 1 time or more) in no
/// more games than it was counted, nor than the `finished` games. `done`
/// is what a row's scorer did: `scored`, `acted`.
fn by_side_rows<'a>(
    rows: impl Iterator<Item = (&'a str, &'a Scorer, u64, u64)>,
    teams: &[&str],
    finished: u64,
    done: &str,
    (one, many): (&str, &str),
) -> Result<(), String> {
    let mut seen: Vec<(&str, &Scorer)> = Vec::new();
    for (team, by, times, games) in rows {
        let name = scorer_name(by);
        if !teams.contains(&team) {
            return Err(format!(
                "{name} {done} for `{team}`, which is none of its teams"
            ));
        }
        if seen.contains(&(team, by)) {
            return Err(format!("{name} ({team}) is listed twice"));
        }
        seen.push((team, by));
        if !(games <= times && games <= finished) || (times > 0) != (games > 0) {
            return Err(format!(
                "{name} ({team}) {done} {} in {}, of {finished} finished",
                count(times as usize, one, many),
                count(games as usize, "game", "games")
            ));
        }
    }
    Ok(())
}

/// What scored victory points, in words: `rule "Recovering survivors"`,
/// `f-51-blue-sparrows's power "Escort Screen"`, `card plunder`.
fn scorer_name(by: &Scorer) -> String {
    match by {
        Scorer::Rule(rule) => format!("rule \"{rule}\""),
        Scorer::Ship { ship, power } => format!("{ship}'s power \"{power}\""),
        Scorer::Card(card) => format!("card {card}"),
    }
}

/// A table of scores or powers under `heading`, one row per side and
/// scorer with its figure per game and its share of games; nothing for
/// no rows.
fn by_side_table<'a>(
    text: &mut String,
    heading: &str,
    rows: impl Iterator<Item = (&'a str, &'a Scorer, Option<f64>, &'a Rate)>,
) {
    let rows: Vec<(String, Option<f64>, &Rate)> = rows
        .map(|(team, by, per_game, games)| (format!("{team} {}", scorer_name(by)), per_game, games))
        .collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(text, "\n{heading}");
    let width = rows
        .iter()
        .map(|(label, ..)| label.len())
        .max()
        .unwrap_or(0);
    for (label, per_game, games) in &rows {
        let _ = writeln!(
            text,
            "  {label:width$}  {:>5}  {}",
            per_game.map_or_else(|| UNKNOWN.to_owned(), |figure| format!("{figure:.2}")),
            share(games)
        );
    }
}

/// The rows of a tally by name: its teams, then its ships and its cards
/// as (team, id).
type Rows<'a> = (
    Vec<&'a str>,
    Vec<(&'a str, &'a str)>,
    Vec<(&'a str, &'a str)>,
);

/// The rows of a tally by name, sorted.
fn rows(tally: &Tally) -> Rows<'_> {
    let mut teams: Vec<&str> = tally.teams.iter().map(|team| team.team.as_str()).collect();
    let mut ships: Vec<(&str, &str)> = tally
        .ships
        .iter()
        .map(|ship| (ship.team.as_str(), ship.ship.as_str()))
        .collect();
    let mut cards: Vec<(&str, &str)> = tally
        .cards
        .iter()
        .map(|card| (card.team.as_str(), card.card.as_str()))
        .collect();
    teams.sort_unstable();
    ships.sort_unstable();
    cards.sort_unstable();
    (teams, ships, cards)
}

/// Special rules by name for a note, "special rule `A`" or "special
/// rules `A`, `B`", with the words that refer back to them.
fn rule_list(names: &[String]) -> (String, &'static str, &'static str) {
    let names: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    if names.len() == 1 {
        (format!("special rule {}", names[0]), "its", "it")
    } else {
        (
            format!("special rules {}", names.join(", ")),
            "their",
            "them",
        )
    }
}

/// The seats of a run, as `1 Name (team) policy, 2 ...`.
fn seats(run: &Run) -> String {
    let seats: Vec<String> = run
        .seats
        .iter()
        .enumerate()
        .map(|(index, seat)| {
            let fleet = match &seat.fleet {
                Some(build) => format!(" with {}", fleet_name(build)),
                None => String::new(),
            };
            format!(
                "{} {} ({}) {}{fleet}",
                index + 1,
                seat.player,
                seat.team,
                seat.policy
            )
        })
        .collect();
    seats.join(", ")
}

/// The ship cards each seat brought, and their versions: what a default
/// build or a mission's list chose is not on the command line. Empty for
/// results written before seats kept their ships.
fn seat_fleets(run: &Run) -> String {
    let mut text = String::new();
    if run.seats.iter().all(|seat| seat.ships.is_empty()) {
        return text;
    }
    text.push_str("fleets:\n");
    for (index, seat) in run.seats.iter().enumerate() {
        let ships: Vec<String> = seat
            .ships
            .iter()
            .map(|ship| format!("{} {}", ship.ship, ship.version.name()))
            .collect();
        let default = if seat.default_build {
            " (the default build)"
        } else {
            ""
        };
        let ships = if ships.is_empty() {
            "no ships".to_owned()
        } else {
            ships.join(", ")
        };
        let _ = writeln!(text, "  {} {}{default}: {ships}", index + 1, seat.player);
    }
    text
}

/// How the report names a seat's fleet build.
fn fleet_name(build: &FleetSource) -> String {
    match &build.name {
        Some(name) => format!("fleet `{name}`"),
        None => "a fleet build".to_owned(),
    }
}

/// Checks that `other` is another shard of the run `into` and adds its
/// shards to it.
fn add_shards(into: &mut Run, other: &Run, path: &Path) -> Result<(), Error> {
    let pairs = [
        ("format", into.format.to_string(), other.format.to_string()),
        ("pack", into.pack.clone(), other.pack.clone()),
        ("bundle", into.bundle.clone(), other.bundle.clone()),
        ("mission", into.mission.clone(), other.mission.clone()),
        ("seating", seats(into), seats(other)),
        ("seed", into.seed.to_string(), other.seed.to_string()),
        (
            "game count",
            into.games.to_string(),
            other.games.to_string(),
        ),
        (
            "step bound",
            into.max_steps.to_string(),
            other.max_steps.to_string(),
        ),
        (
            "shard count",
            into.shard_count.to_string(),
            other.shard_count.to_string(),
        ),
    ];
    // Seats are compared as printed below; builds that print alike (one
    // name) may still differ.
    let differing = into
        .seats
        .iter()
        .zip(&other.seats)
        .enumerate()
        .find(|(_, (ours, theirs))| ours.fleet != theirs.fleet);
    if let Some((index, (ours, theirs))) = differing {
        let label = |fleet: &Option<FleetSource>| match fleet {
            Some(build) => format!("{} for seat {}", fleet_name(build), index + 1),
            None => format!("the default build for seat {}", index + 1),
        };
        let (ours, mut theirs) = (label(&ours.fleet), label(&theirs.fleet));
        if ours == theirs {
            theirs.push_str(" with other ships or cards");
        }
        return Err(Error::MergeMismatch {
            path: path.to_path_buf(),
            what: "fleet build",
            ours,
            theirs,
        });
    }
    for (what, ours, theirs) in pairs {
        if ours != theirs {
            return Err(Error::MergeMismatch {
                path: path.to_path_buf(),
                what,
                ours,
                theirs,
            });
        }
    }
    // What prints alike may still differ (a seat's ships, whether it
    // played the default build; the rules the greedy note names): the
    // bundle ties them together, so only a file edited by hand gets here.
    if into.seats != other.seats
        || into.greedy_ignores != other.greedy_ignores
        || into.greedy_escapes_only_to_win != other.greedy_escapes_only_to_win
    {
        return Err(Error::MergeMismatch {
            path: path.to_path_buf(),
            what: "run description",
            ours: "that of the other files".to_owned(),
            theirs: "another (its seats' ships or builds, or its rules)".to_owned(),
        });
    }
    for shard in &other.shards {
        if into.shards.contains(shard) {
            return Err(Error::DuplicateShard {
                path: path.to_path_buf(),
                shard: format!("{shard}/{}", other.shard_count),
            });
        }
        into.shards.push(*shard);
    }
    into.shards.sort_unstable();
    Ok(())
}

/// Compiles the pack. With errors, renders the diagnostics as `build` does
/// (in `format`) and gives the exit status instead of a bundle.
pub(crate) fn compile(
    path: &Path,
    style: Style,
    format: Format,
) -> Result<Result<Compiled, Exit>, Error> {
    let compilation = spacedock_validator::compile(path, &Options::default());
    let exit = Exit::for_diagnostics(&compilation.diagnostics, false);
    let checked = [Checked {
        label: path.display().to_string(),
        sources: &compilation.sources,
        diagnostics: &compilation.diagnostics,
    }];
    let printer = Printer { format, style };
    if exit != Exit::Success {
        printer.report(&checked, serde_json::Map::new())?;
        return Ok(Err(exit));
    }
    // Warnings do not stop a simulation; they are not repeated here
    // either (`spacedock check` shows them).
    let inputs = compilation
        .sources
        .iter()
        .map(|(_, file)| file.path().to_path_buf())
        .collect();
    compilation
        .bundle
        .map(|bundle| {
            Ok(Compiled {
                bundle: Arc::new(bundle),
                inputs,
            })
        })
        .ok_or(Error::NoBundle)
}

/// A pack compiled for playing, and the files it was read from.
pub(crate) struct Compiled {
    pub(crate) bundle: Arc<Bundle>,
    pub(crate) inputs: Vec<PathBuf>,
}

/// The id of the mission called `wanted`: its id, or its exact name.
pub(crate) fn mission_id(bundle: &Bundle, wanted: &str) -> Result<String, Error> {
    if let Some(mission) = bundle.missions.iter().find(|mission| mission.id == wanted) {
        return Ok(mission.id.clone());
    }
    let named: Vec<String> = bundle
        .missions
        .iter()
        .filter(|mission| mission.name == wanted)
        .map(|mission| mission.id.clone())
        .collect();
    match named.as_slice() {
        [id] => Ok(id.clone()),
        [] => {
            let missions: Vec<String> = bundle
                .missions
                .iter()
                .map(|mission| mission.id.clone())
                .collect();
            // A bundle keeps no file names: a mission's file is named
            // after its id, or close to it.
            let suggest = spacedock_validator::suggest::file_stem_named(wanted)
                .and_then(|stem| {
                    spacedock_validator::suggest::closest(stem, missions.iter().map(String::as_str))
                })
                .map(spacedock_validator::suggest::mission_not_file)
                .or_else(|| {
                    spacedock_validator::suggest::did_you_mean(
                        wanted,
                        missions.iter().map(String::as_str),
                    )
                });
            Err(Error::Selection(SelectionError::UnknownMission {
                name: wanted.to_owned(),
                suggestion: suggest,
                missions,
            }))
        }
        _ => Err(Error::Selection(SelectionError::AmbiguousMission {
            name: wanted.to_owned(),
            ids: named,
        })),
    }
}

/// A bar on stderr, or nothing when it would not be seen by a person
/// (stderr piped or logged, JSON output).
fn progress_bar(games: u64, shown: bool) -> ProgressBar {
    if !shown {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template(
            "{wide_bar} {human_pos}/{human_len} games, {elapsed} elapsed, {eta} left",
        )
        .expect("the template is valid"),
    );
    bar
}

/// The trace of the first game of the run (of its shard).
fn trace(bundle: &Arc<Bundle>, config: &SimConfig, pack_path: &Path) -> Result<Vec<u8>, Error> {
    let index = config.shard.games(config.games).start;
    // Absolute, so `replay` finds the pack from any folder. A path that is
    // not UTF-8 cannot be written into JSON as it is: the trace then names
    // no pack, and `replay` asks for `--pack`.
    let source = std::fs::canonicalize(pack_path)
        .unwrap_or_else(|_| pack_path.to_path_buf())
        .to_str()
        .map(str::to_owned);
    let spec = TraceSpec {
        mission: config.mission.clone(),
        seed: game_seed(config.seed, index),
        policies: config.policies.clone(),
        max_steps: config.max_steps,
        source,
        fleets: config.fleets.clone(),
    };
    let mut bytes = Vec::new();
    trace::record(bundle, &spec, &mut bytes)?;
    Ok(bytes)
}

/// A file to write and its bytes.
type Output<'a> = (&'a Path, &'a [u8]);

/// Prints the result in `format`; with `output`, the JSON goes there.
/// The files (the output and a `trace` of the game numbered first) are
/// written last, once stdout took
/// everything printed there (a full or closed stdout leaves them
/// unwritten), and together or not at all.
fn print(
    run: Run,
    tally: Tally,
    format: SimFormat,
    output: Option<&Path>,
    trace: Option<(u64, &Path, &[u8])>,
) -> Result<(), Error> {
    let json = SimJson {
        report: Report::new(&tally),
        run,
        tally,
    };
    let mut text = serde_json::to_string_pretty(&json).expect("a sim result always serializes");
    text.push('\n');
    // `-` is stdout: what goes there is printed with the report
    // (`stdout_free` saw that nothing else is).
    // The game whose trace is written to a file, to point at it.
    let traced = trace
        .filter(|(_, path, _)| !write::is_stdout(path))
        .map(|(game, path, _)| (game, path));
    let (printed, files): (Vec<Output<'_>>, Vec<Output<'_>>) = trace
        .map(|(_, path, bytes)| (path, bytes))
        .into_iter()
        .chain(output.map(|path| (path, text.as_bytes())))
        .partition(|(path, _)| write::is_stdout(path));
    let mut stdout = io::stdout().lock();
    for (_, bytes) in printed {
        stdout.write_all(bytes)?;
    }
    match format {
        SimFormat::Json if output.is_none() => stdout.write_all(text.as_bytes())?,
        SimFormat::Json => {}
        SimFormat::Human => stdout.write_all(human(&json.run, &json.report, traced).as_bytes())?,
    }
    stdout.flush()?;
    drop(stdout);
    write::all_atomically(&files).map_err(|(path, source)| Error::Write { path, source })?;
    Ok(())
}

/// `51.2%`.
fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// What a share of no trials reads as: nothing is known of it.
const UNKNOWN: &str = "n/a";

/// ` 51.2%  (48.1-54.3%)`: a share and its 95% interval; `n/a` alone for a
/// share of nothing.
fn share(rate: &Rate) -> String {
    match rate.rate {
        Some(value) => format!(
            "{:>6}  ({:.1}-{})",
            percent(value),
            rate.low * 100.0,
            percent(rate.high)
        ),
        None => format!("{UNKNOWN:>6}"),
    }
}

/// `37/50 74.0% (60.4-84.1%)`: wins of games, with the share's interval;
/// `0/0 n/a` without games.
fn won_of(rate: &Rate) -> String {
    match rate.rate {
        Some(value) => format!(
            "{}/{} {} ({:.1}-{})",
            rate.count,
            rate.of,
            percent(value),
            rate.low * 100.0,
            percent(rate.high)
        ),
        None => format!("{}/{} {UNKNOWN}", rate.count, rate.of),
    }
}

/// `+2.1 (-3.0 to +7.2)`: a difference of shares in percentage points,
/// with its 95% interval.
fn points(difference: &Difference) -> String {
    format!(
        "{:+.1} ({:+.1} to {:+.1})",
        difference.difference * 100.0,
        difference.low * 100.0,
        difference.high * 100.0
    )
}

/// The report as aligned text.
pub(crate) fn human(run: &Run, report: &Report, traced: Option<(u64, &Path)>) -> String {
    let mut text = String::new();
    let shards = if run.is_complete() {
        String::new()
    } else {
        let list: Vec<String> = run.shards.iter().map(u32::to_string).collect();
        let shards = if list.len() == 1 { "shard" } else { "shards" };
        format!(" ({shards} {} of {})", list.join(", "), run.shard_count)
    };
    let _ = writeln!(
        text,
        "{}: {}{shards}, seed {}",
        run.mission,
        count(report.games as usize, "game", "games"),
        run.seed,
    );
    let _ = writeln!(text, "seats: {}", seats(run));
    text.push_str(&seat_fleets(run));
    if !run.greedy_ignores.is_empty() {
        let (rules, its, it) = rule_list(&run.greedy_ignores);
        let _ = writeln!(
            text,
            "note: greedy players do not aim for the victory points of {rules}: they score {its} points only when play meets {it} by chance",
        );
    }
    if !run.greedy_escapes_only_to_win.is_empty() {
        let (rules, its, _) = rule_list(&run.greedy_escapes_only_to_win);
        let _ = writeln!(
            text,
            "note: greedy players escape by {rules} only when one escape wins the game: {its} points before that come only by chance",
        );
    }
    let _ = writeln!(text, "pack {} ({})", run.pack, run.bundle);

    let mut rows: Vec<(String, &Rate)> = report
        .sides
        .iter()
        .map(|side| (format!("{} wins", side.team), &side.wins))
        .collect();
    rows.push(("draws".to_owned(), &report.draws));
    let width = rows.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let _ = writeln!(
        text,
        "\n{:width$}  {:>7}  {:>6}  (95% interval)",
        format!("of {} finished", report.finished),
        "games",
        "share",
        width = width
    );
    for (name, rate) in rows {
        let _ = writeln!(text, "{name:width$}  {:>7}  {}", rate.count, share(rate));
    }
    let columns: Vec<[String; 3]> = report
        .sides
        .iter()
        .map(|side| {
            [
                won_of(&side.going_first),
                won_of(&side.going_second),
                side.first_player_advantage
                    .as_ref()
                    .map_or_else(|| "n/a".to_owned(), points),
            ]
        })
        .collect();
    let widths = [0, 1].map(|column| {
        columns
            .iter()
            .map(|row| row[column].len())
            .chain([12])
            .max()
            .unwrap_or(0)
    });
    let side_width = report
        .sides
        .iter()
        .map(|side| side.team.len())
        .chain([4])
        .max()
        .unwrap_or(0);
    let _ = writeln!(
        text,
        "\nfirst-player advantage (wins going first less wins going second)"
    );
    let _ = writeln!(
        text,
        "  {:side_width$}  {:first$}  {:second$}  advantage, points",
        "side",
        "going first",
        "going second",
        first = widths[0],
        second = widths[1],
    );
    for (side, [first, second, advantage]) in report.sides.iter().zip(&columns) {
        let _ = writeln!(
            text,
            "  {:side_width$}  {first:first_width$}  {second:second_width$}  {advantage}",
            side.team,
            first_width = widths[0],
            second_width = widths[1],
        );
    }

    if let Some(rounds) = &report.rounds {
        let _ = writeln!(
            text,
            "\nrounds: mean {:.2}, sd {:.2}, min {}, p5 {}, p25 {}, median {}, p75 {}, p95 {}, max {}",
            rounds.mean,
            rounds.sd,
            rounds.min,
            rounds.p5,
            rounds.p25,
            rounds.p50,
            rounds.p75,
            rounds.p95,
            rounds.max
        );
    } else {
        let _ = writeln!(text, "\nrounds: n/a");
    }
    let actions = report
        .mean_steps
        .map_or_else(|| "n/a".to_owned(), |mean| format!("{mean:.1} per game"));
    let _ = writeln!(text, "actions: {actions}");
    let ended = &report.ended;
    let _ = writeln!(
        text,
        "ended by: destroy all {}, victory points {}, alternative {}, victory clock {}",
        ended.destroy_all.count,
        ended.victory_points.count,
        ended.alternative.count,
        ended.victory_clock.count,
    );

    if !report.ships.is_empty() {
        let _ = writeln!(
            text,
            "\nship cards (games deployed; games it ended in play, of those deployed)"
        );
        let width = report
            .ships
            .iter()
            .map(|ship| ship.team.len() + 1 + ship.ship.len())
            .max()
            .unwrap_or(0);
        for ship in &report.ships {
            let _ = writeln!(
                text,
                "  {:width$}  deployed {}  survived {}",
                format!("{} {}", ship.team, ship.ship),
                share(&ship.deployed),
                share(&ship.survived)
            );
        }
    }
    let cards: Vec<(&CardReport, String)> = report
        .cards
        .iter()
        .map(|card| {
            let mut label = format!("{} {}", card.team, card.card);
            if card.deck != card.team {
                let _ = write!(label, " ({}'s deck)", card.deck);
            }
            if card.prepped > 0 {
                let _ = write!(label, " ({} prepped)", card.prepped);
            }
            (card, label)
        })
        .collect();
    if !cards.is_empty() {
        let _ = writeln!(
            text,
            "\ntactic cards (plays per game; games played at least once)"
        );
        let width = cards
            .iter()
            .map(|(_, label)| label.len())
            .max()
            .unwrap_or(0);
        for (card, label) in cards {
            let _ = writeln!(
                text,
                "  {label:width$}  {:>5}  {}",
                card.plays_per_game
                    .map_or_else(|| UNKNOWN.to_owned(), |plays| format!("{plays:.2}")),
                share(&card.played_in)
            );
        }
    }
    let scores = report.scores.iter().map(|score| {
        (
            score.team.as_str(),
            &score.by,
            score.points_per_game,
            &score.scored_in,
        )
    });
    by_side_table(
        &mut text,
        "victory points (points per game; games it scored in)",
        scores,
    );
    let powers = report.powers.iter().map(|power| {
        (
            power.team.as_str(),
            &power.by,
            power.acts_per_game,
            &power.acted_in,
        )
    });
    by_side_table(
        &mut text,
        "powers that acted (times per game; games it acted in)",
        powers,
    );
    if report.failed > 0 {
        let failures = &report.failures;
        let _ = writeln!(
            text,
            "\nfailed: {} ({} at the step bound of {}, {} stuck, {} engine panics)",
            count(report.failed as usize, "game", "games"),
            failures.step_limit,
            run.max_steps,
            failures.stuck,
            failures.panic
        );
        for sample in &failures.samples {
            let _ = writeln!(text, "  game {}: {}", sample.index, sample.message);
        }
        // A game's seed is derived from the run's: the game is played again
        // as the one game of a shard of one game each.
        if let Some((game, path)) = traced
            && failures.samples.iter().any(|sample| sample.index == game)
        {
            let _ = writeln!(
                text,
                "  game {game} is traced in {}: `spacedock replay {} --log` shows it",
                path.display(),
                crate::playtest::shell_word(&path.display().to_string()),
            );
        } else if let (Some(sample), Ok(count)) =
            (failures.samples.first(), u32::try_from(run.games))
        {
            let _ = writeln!(
                text,
                "  to trace game {}, run this command again with `--shard {}/{count} --trace FILE`",
                sample.index,
                sample.index + 1,
            );
        }
    }
    text
}
