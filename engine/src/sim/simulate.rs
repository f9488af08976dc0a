//! Many games of one mission in parallel, streamed into one [`Tally`].
//!
//! Game `i` of a run is seeded with [`game_seed`]`(seed, i)` and played on
//! whichever thread picks it up; its result is added into that thread's
//! integer counts and then forgotten, so memory does not grow with the
//! number of games. Counts are added up with integer sums (order does not
//! matter), and the few failed games kept as examples are the ones with the
//! smallest indices, so the tally is the same for any thread count.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use spacedock_schema::bundle::Bundle;
use spacedock_schema::common::Level;
use spacedock_schema::fleet::FleetSource;
use spacedock_schema::mission::Selection;

use crate::event::{EffectSource, Event};
use crate::game::{Game, Recording};
use crate::ids::TeamId;
use crate::outcome::Outcome;
use crate::policy::{Policy, policy_by_name};
use crate::setup::{Setup, SetupError};
use crate::sim::play::{PlayError, play_observed};
use crate::sim::seeds::{Shard, game_seed};
use crate::sim::stats::Histogram;
use crate::sim::tally::{
    CardTally, Ended, FailureKind, FailureSample, Failures, PowerTally, ScoreTally, Scorer,
    ShipTally, Tally, TeamTally,
};
use crate::state::{CardPlace, TacticPlace};

/// The format of `spacedock sim --format json` output and of shard files.
pub const SIM_FORMAT: u32 = 6;

/// The step bound when none is given: far above any real game (a random
/// Dead Zone Battle takes a few thousand actions), low enough that a game
/// that never ends is reported within a second.
pub const DEFAULT_MAX_STEPS: u64 = 200_000;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub mission: String,
    /// One policy name per seat, or one for every seat.
    pub policies: Vec<String>,
    /// The run's base seed; game `i` plays with `game_seed(seed, i)`.
    pub seed: u64,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// The slice of the run to play.
    pub shard: Shard,
    /// Worker threads; 0 lets rayon choose (one per core). Never more
    /// are started than the shard has games: an idle worker only costs.
    pub threads: usize,
    /// Actions after which a game is stopped and reported as failed.
    pub max_steps: u64,
    /// One optional fleet build per seat (checked by the caller, e.g.
    /// with `spacedock fleet check`), or empty: a seat without one gets
    /// the mission's fleet or the default build.
    pub fleets: Vec<Option<FleetSource>>,
}

/// Which run a tally belongs to: what `sim merge` checks before adding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "what run a result is of (an object)")]
pub struct Run {
    pub format: u32,
    /// The pack's id.
    pub pack: String,
    /// The bundle's content hash: shards of different content never merge.
    pub bundle: String,
    pub mission: String,
    /// Who played, in seat (play) order.
    pub seats: Vec<Seat>,
    #[serde(with = "crate::sim::seeds::seed_json")]
    pub seed: u64,
    /// Games in the whole run.
    pub games: u64,
    pub max_steps: u64,
    /// How many shards the run was cut into (1: not sharded).
    pub shard_count: u32,
    /// The shards (1-based) this tally covers, ascending.
    pub shards: Vec<u32>,
    /// When a seat plays greedy: the mission's special rules that score
    /// victory points in a way the greedy player does not aim for, by
    /// name. They score only when play meets them by chance, so the win
    /// rates are those of players who do not pursue them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub greedy_ignores: Vec<String>,
    /// When a seat plays greedy: the mission's special rules that score
    /// an escape, which the greedy player makes only when one escape wins
    /// the game, by name. Their points before that come only by chance.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub greedy_escapes_only_to_win: Vec<String>,
}

/// A seat of a run: the mission's player, their team and the policy that
/// played them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub player: String,
    pub team: String,
    pub policy: String,
    /// The fleet build the seat played, when one was given: shards of
    /// different builds never merge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleet: Option<FleetSource>,
    /// Whether the seat played the default build: its player chooses a
    /// fleet (player or combined selection) and none was given.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub default_build: bool,
    /// The ship cards the seat brought, in the versions it brought them,
    /// whoever chose them: the mission, a given build or the default one.
    #[serde(default)]
    pub ships: Vec<SeatShip>,
}

/// A ship card a seat brought, and its version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatShip {
    /// The bundle's ship card id.
    pub ship: String,
    pub version: Level,
}

impl Run {
    /// Whether the tally covers every game of the run.
    pub fn is_complete(&self) -> bool {
        self.shards.len() == self.shard_count as usize
    }
}

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("unknown policy `{0}` (the policies are random and greedy)")]
    UnknownPolicy(String),
    #[error(
        "the mission has {seats} seats but {given} policies were given (give one, or one per seat)"
    )]
    PolicyCount { seats: usize, given: usize },
    #[error("cannot start {threads} worker threads: {message}")]
    Threads { threads: usize, message: String },
}

/// The tally of a run (or of its shard) and what run it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimResult {
    pub run: Run,
    pub tally: Tally,
}

/// Checks the policy names for a mission's seats and returns them, one per
/// seat.
pub fn seat_policies(names: &[String], seats: usize) -> Result<Vec<String>, SimError> {
    for name in names {
        if policy_by_name(name).is_none() {
            return Err(SimError::UnknownPolicy(name.clone()));
        }
    }
    match names.len() {
        1 => Ok(vec![names[0].clone(); seats]),
        given if given == seats => Ok(names.to_vec()),
        given => Err(SimError::PolicyCount { seats, given }),
    }
}

/// Plays the games of `config.shard` of the run and returns their tally.
/// `progress` is called once per game played, from any thread.
pub fn simulate(
    bundle: &Arc<Bundle>,
    config: &SimConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<SimResult, SimError> {
    let setup = Setup::new(Arc::clone(bundle), &config.mission, &config.fleets)?;
    let probe = setup.start(0);
    let seats = probe.players().len();
    let policies = seat_policies(&config.policies, seats)?;
    let layout = Layout::new(&probe);
    let unpursued = crate::effects::worth::unpursued_rules(&probe, |seat| {
        policies
            .get(seat.index())
            .is_some_and(|policy| policy == "greedy")
    });
    let run = Run {
        format: SIM_FORMAT,
        pack: bundle.pack.id.clone(),
        bundle: bundle.content_hash.clone(),
        mission: config.mission.clone(),
        seats: probe
            .players()
            .zip(&policies)
            .map(|(player, policy)| Seat {
                player: probe.player_name(player).to_owned(),
                team: probe.team_name(probe.team(player)).to_owned(),
                policy: policy.clone(),
                fleet: config.fleets.get(player.index()).cloned().flatten(),
                default_build: config
                    .fleets
                    .get(player.index())
                    .is_none_or(Option::is_none)
                    && probe.mission().players[player.index()].fleet.selection
                        != Selection::Mission,
                ships: probe
                    .cards()
                    .filter(|card| card.owner == player)
                    .map(|card| SeatShip {
                        ship: card.ship.to_owned(),
                        version: card.level,
                    })
                    .collect(),
            })
            .collect(),
        seed: config.seed,
        games: config.games,
        max_steps: config.max_steps,
        shard_count: config.shard.count,
        shards: vec![config.shard.index],
        greedy_ignores: unpursued.ignored,
        greedy_escapes_only_to_win: unpursued.escapes_only_to_win,
    };
    let games = config.shard.games(config.games);
    let threads = config.threads.min(
        usize::try_from(games.end - games.start)
            .unwrap_or(usize::MAX)
            .max(1),
    );
    let worker = Worker {
        setup: &setup,
        layout: &layout,
        policies: &policies,
        config,
        progress,
    };
    let play_all = || {
        games
            .into_par_iter()
            .fold(
                || Counts::new(&layout),
                |mut counts, index| {
                    worker.play(index, &mut counts);
                    counts
                },
            )
            .reduce(|| Counts::new(&layout), |left, right| left.merge(&right))
    };
    let counts = if threads == 0 {
        play_all()
    } else {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|error| SimError::Threads {
                threads,
                message: error.to_string(),
            })?
            .install(play_all)
    };
    Ok(SimResult {
        run,
        tally: counts.into_tally(&layout),
    })
}

/// Where each ship card and tactic card of a game is counted. Fleets and
/// decks do not depend on the seed, so one layout serves every game.
struct Layout {
    teams: Vec<String>,
    /// Distinct (side, bundle ship card id) pairs: two seats of one team
    /// may field the same card (several sets), counted once a game.
    ships: Vec<(TeamId, String)>,
    /// Per ship card of the game: its row in `ships`.
    ship_rows: Vec<usize>,
    /// Per team, per tactic card of the game (each copy): the row in
    /// `cards` of that team playing it.
    tactic_slots: Vec<Vec<usize>>,
    /// Distinct (side, bundle tactic id, side whose deck holds it) rows:
    /// first each side's own cards, then the cards of other sides' decks
    /// a side may come to play (The Battle for ISN Barrage's computer core
    /// gives the Wretch ISN cards).
    cards: Vec<(TeamId, String, TeamId)>,
    /// Per row of `cards`: the copies prepped before every game.
    prepped: Vec<u32>,
}

impl Layout {
    fn new(game: &Game) -> Layout {
        let teams: Vec<String> = game
            .teams()
            .map(|team| game.team_name(team).to_owned())
            .collect();
        let mut ships: Vec<(TeamId, String)> = Vec::new();
        let ship_rows = game
            .cards()
            .map(|card| row(&mut ships, (game.team(card.owner), card.ship.to_owned())))
            .collect();
        let tactics: Vec<(TeamId, String)> = (0..game.tactic_count())
            .map(|index| {
                let id = crate::ids::TacticId(index as u16);
                (game.tactic_team(id), game.tactic(id).card.to_owned())
            })
            .collect();
        let mut cards: Vec<(TeamId, String, TeamId)> = Vec::new();
        let own_rows: Vec<usize> = tactics
            .iter()
            .map(|(deck, card)| row(&mut cards, (*deck, card.clone(), *deck)))
            .collect();
        let tactic_slots = game
            .teams()
            .map(|team| {
                tactics
                    .iter()
                    .map(|(deck, card)| {
                        let own = cards
                            .iter()
                            .position(|(side, known, _)| *side == team && known == card);
                        own.unwrap_or_else(|| row(&mut cards, (team, card.clone(), *deck)))
                    })
                    .collect()
            })
            .collect();
        // Prepped before the game: attached already, or waiting for its
        // ship's launch. Never played from a hand.
        let mut prepped = vec![0; cards.len()];
        for (index, &slot) in own_rows.iter().enumerate() {
            let place = game.tactic(crate::ids::TacticId(index as u16)).place;
            if matches!(place, TacticPlace::Prepped(_) | TacticPlace::Attached(_)) {
                prepped[slot] += 1;
            }
        }
        Layout {
            teams,
            ships,
            ship_rows,
            tactic_slots,
            cards,
            prepped,
        }
    }
}

/// The index of `key` in `rows`, added at the end if new.
fn row<T: PartialEq>(rows: &mut Vec<T>, key: T) -> usize {
    rows.iter()
        .position(|known| *known == key)
        .unwrap_or_else(|| {
            rows.push(key);
            rows.len() - 1
        })
}

/// What scored victory points, by name; `None` for points set through
/// the editor, which no power scored.
fn scorer(game: &Game, source: EffectSource) -> Option<Scorer> {
    let bundle = &game.data.bundle;
    Some(match source {
        EffectSource::ShipPower { card, power } => {
            let card = game.data.card(card);
            let ship = &bundle.ships[card.ship];
            Scorer::Ship {
                ship: ship.id.clone(),
                power: ship.versions[card.version].powers[usize::from(power)]
                    .name
                    .clone(),
            }
        }
        EffectSource::CardPower { card, .. } | EffectSource::Card { card } => {
            Scorer::Card(game.tactic(card).card.to_owned())
        }
        EffectSource::Rule { rule } => {
            Scorer::Rule(game.mission().special_rules[usize::from(rule)].name.clone())
        }
        EffectSource::Edit => return None,
    })
}

/// A thread's integer counts, indexed like its [`Layout`].
struct Counts {
    games: u64,
    finished: u64,
    wins: Vec<u64>,
    went_first: Vec<u64>,
    wins_going_first: Vec<u64>,
    went_second: Vec<u64>,
    wins_going_second: Vec<u64>,
    draws: u64,
    ended: Ended,
    rounds: Histogram,
    steps: u64,
    deployed: Vec<u64>,
    survived: Vec<u64>,
    plays: Vec<u64>,
    played_in: Vec<u64>,
    /// Per side and scorer: points, and games it scored in.
    scores: Vec<(TeamId, Scorer, u64, u64)>,
    /// Per side and power: times it acted, and games it acted in.
    powers: Vec<(TeamId, Scorer, u64, u64)>,
    failures: Failures,
    /// Plays of each card slot in the game being played (not merged).
    scratch: Vec<u32>,
    /// The victory points scored and the powers that acted in the game
    /// being played (not merged).
    scored: Vec<Event>,
}

impl Counts {
    fn new(layout: &Layout) -> Counts {
        Counts {
            games: 0,
            finished: 0,
            wins: vec![0; layout.teams.len()],
            went_first: vec![0; layout.teams.len()],
            wins_going_first: vec![0; layout.teams.len()],
            went_second: vec![0; layout.teams.len()],
            wins_going_second: vec![0; layout.teams.len()],
            draws: 0,
            ended: Ended::default(),
            rounds: Histogram::default(),
            steps: 0,
            deployed: vec![0; layout.ships.len()],
            survived: vec![0; layout.ships.len()],
            plays: vec![0; layout.cards.len()],
            played_in: vec![0; layout.cards.len()],
            scores: Vec::new(),
            powers: Vec::new(),
            failures: Failures::default(),
            scratch: vec![0; layout.cards.len()],
            scored: Vec::new(),
        }
    }

    fn merge(mut self, other: &Counts) -> Counts {
        fn add(into: &mut [u64], from: &[u64]) {
            into.iter_mut()
                .zip(from)
                .for_each(|(into, from)| *into += from);
        }
        self.games += other.games;
        self.finished += other.finished;
        add(&mut self.wins, &other.wins);
        add(&mut self.went_first, &other.went_first);
        add(&mut self.wins_going_first, &other.wins_going_first);
        add(&mut self.went_second, &other.went_second);
        add(&mut self.wins_going_second, &other.wins_going_second);
        self.draws += other.draws;
        // A run's own counts stay far below 2^64 (one per game played).
        let added = self
            .ended
            .merge(&other.ended)
            .and(self.failures.merge(&other.failures))
            .is_ok()
            && self.rounds.merge(&other.rounds).is_some();
        debug_assert!(added, "a run's counts fit 64 bits");
        self.steps += other.steps;
        add(&mut self.deployed, &other.deployed);
        add(&mut self.survived, &other.survived);
        add(&mut self.plays, &other.plays);
        add(&mut self.played_in, &other.played_in);
        for (team, by, points, games) in &other.scores {
            add_by_side(&mut self.scores, *team, by, *points, *games);
        }
        for (team, by, acts, games) in &other.powers {
            add_by_side(&mut self.powers, *team, by, *acts, *games);
        }
        self
    }

    /// Adds a finished game.
    fn add_finished(&mut self, game: &Game, outcome: Outcome, layout: &Layout) {
        self.finished += 1;
        // A game can end before its first turn (decks too small to deal
        // the opening hands); then nobody went first.
        let first = game.started().then(|| game.team(game.first_player()));
        if let Some(first) = first {
            for (team, went_second) in self.went_second.iter_mut().enumerate() {
                *went_second += u64::from(team != first.index());
            }
            self.went_first[first.index()] += 1;
        }
        match outcome.winner() {
            Some(team) => {
                self.wins[team.index()] += 1;
                match first {
                    Some(first) if first == team => self.wins_going_first[team.index()] += 1,
                    Some(_) => self.wins_going_second[team.index()] += 1,
                    None => {}
                }
            }
            None => self.draws += 1,
        }
        self.ended.add(outcome.how());
        self.rounds.add(game.round());
        self.steps += game.steps();
        // A row counts a game once, however many of its cards were fielded.
        let mut rows = vec![(false, false); layout.ships.len()];
        for (card, &slot) in game.cards().zip(&layout.ship_rows) {
            let team = layout.ships[slot].0;
            let deployed = match card.place {
                CardPlace::Screen => false,
                CardPlace::Hold(carrier) => game.card(carrier).place != CardPlace::Screen,
                CardPlace::Launched | CardPlace::OutOfPlay => true,
            };
            rows[slot].0 |= deployed;
            // A card still in the hold of its own side's launched ship is
            // in play as much as the ship carrying it.
            let in_play = match card.place {
                CardPlace::Launched => Some(card.controller),
                CardPlace::Hold(carrier) => {
                    let carrier = game.card(carrier);
                    (carrier.place == CardPlace::Launched).then_some(carrier.controller)
                }
                // Out of play with a ship not destroyed: it escaped (Blockade
                // Run's way of scoring), which is surviving too.
                CardPlace::OutOfPlay
                    if game
                        .card_ships(card.id)
                        .any(|ship| !game.ship(ship).destroyed) =>
                {
                    Some(card.controller)
                }
                CardPlace::Screen | CardPlace::OutOfPlay => None,
            };
            rows[slot].1 |= in_play.is_some_and(|controller| game.team(controller) == team);
        }
        for (slot, (deployed, survived)) in rows.into_iter().enumerate() {
            self.deployed[slot] += u64::from(deployed);
            self.survived[slot] += u64::from(survived);
        }
        for (slot, plays) in self.scratch.iter_mut().enumerate() {
            self.plays[slot] += u64::from(*plays);
            self.played_in[slot] += u64::from(*plays > 0);
            *plays = 0;
        }
        // A scorer or a power counts a game once, however often it scored
        // or acted in it.
        let mut game_scores: Vec<(TeamId, Scorer, u64, u64)> = Vec::new();
        let mut game_powers: Vec<(TeamId, Scorer, u64, u64)> = Vec::new();
        for event in self.scored.drain(..) {
            let (rows, team, source, amount) = match event {
                Event::VictoryPoints {
                    team,
                    points,
                    source,
                    ..
                } => (&mut game_scores, team, source, u64::from(points)),
                Event::PowerActed { source, player } => {
                    (&mut game_powers, game.team(player), source, 1)
                }
                _ => continue,
            };
            if let Some(by) = scorer(game, source) {
                add_by_side(rows, team, &by, amount, 0);
            }
        }
        for (team, by, points, _) in game_scores {
            add_by_side(&mut self.scores, team, &by, points, 1);
        }
        for (team, by, acts, _) in game_powers {
            add_by_side(&mut self.powers, team, &by, acts, 1);
        }
    }

    fn into_tally(self, layout: &Layout) -> Tally {
        let ships = layout
            .ships
            .iter()
            .zip(&self.deployed)
            .zip(&self.survived)
            .map(|(((team, ship), &deployed), &survived)| ShipTally {
                team: layout.teams[team.index()].clone(),
                ship: ship.clone(),
                fielded: self.finished,
                deployed,
                survived,
            })
            .collect();
        let cards = layout
            .cards
            .iter()
            .enumerate()
            .map(|(slot, (team, card, deck))| CardTally {
                team: layout.teams[team.index()].clone(),
                card: card.clone(),
                deck: layout.teams[deck.index()].clone(),
                prepped: layout.prepped[slot],
                dealt: self.finished,
                plays: self.plays[slot],
                played_in: self.played_in[slot],
            })
            .collect();
        let scores = by_side(self.scores)
            .map(|(team, by, points, scored_in)| ScoreTally {
                team: layout.teams[team.index()].clone(),
                by,
                points,
                scored_in,
            })
            .collect();
        let powers = by_side(self.powers)
            .map(|(team, by, acts, acted_in)| PowerTally {
                team: layout.teams[team.index()].clone(),
                by,
                acts,
                acted_in,
            })
            .collect();
        Tally {
            games: self.games,
            finished: self.finished,
            teams: layout
                .teams
                .iter()
                .enumerate()
                .map(|(index, team)| TeamTally {
                    team: team.clone(),
                    wins: self.wins[index],
                    went_first: self.went_first[index],
                    wins_going_first: self.wins_going_first[index],
                    went_second: self.went_second[index],
                    wins_going_second: self.wins_going_second[index],
                })
                .collect(),
            draws: self.draws,
            ended: self.ended,
            rounds: self.rounds,
            steps: self.steps,
            ships,
            cards,
            scores,
            powers,
            failures: self.failures,
        }
    }
}

/// Adds `amount` and `games` to the row of `team` and `by` in `rows`.
fn add_by_side(
    rows: &mut Vec<(TeamId, Scorer, u64, u64)>,
    team: TeamId,
    by: &Scorer,
    amount: u64,
    games: u64,
) {
    match rows
        .iter_mut()
        .find(|(known, known_by, ..)| *known == team && known_by == by)
    {
        Some((.., known_amount, known_games)) => {
            *known_amount += amount;
            *known_games += games;
        }
        None => rows.push((team, by.clone(), amount, games)),
    }
}

/// The rows of a run's scores or powers in the tally's order: by side,
/// then by scorer.
fn by_side(
    mut rows: Vec<(TeamId, Scorer, u64, u64)>,
) -> impl Iterator<Item = (TeamId, Scorer, u64, u64)> {
    rows.sort_by(|(left, left_by, ..), (right, right_by, ..)| {
        left.cmp(right).then_with(|| left_by.cmp(right_by))
    });
    rows.into_iter()
}

/// What every thread shares to play games.
struct Worker<'a> {
    setup: &'a Setup,
    layout: &'a Layout,
    policies: &'a [String],
    config: &'a SimConfig,
    progress: &'a (dyn Fn() + Sync),
}

impl Worker<'_> {
    /// Plays game `index` and adds it to `counts`.
    fn play(&self, index: u64, counts: &mut Counts) {
        let seed = game_seed(self.config.seed, index);
        counts.games += 1;
        let mission = &self.config.mission;
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut game = self.setup.start(seed);
            // Only the points scored and the powers that acted, to say
            // what scored them and how often each power acted.
            game.set_recording(Recording::Report);
            let mut policies: Vec<Box<dyn Policy>> = self
                .policies
                .iter()
                .map(|name| policy_by_name(name).expect("names checked before the run"))
                .collect();
            let scratch = &mut counts.scratch;
            let scored = &mut counts.scored;
            let slots = &self.layout.tactic_slots;
            let outcome = play_observed(
                &mut game,
                &mut policies,
                seed,
                self.config.max_steps,
                |game, decision| {
                    if let Some(card) = decision.played_card() {
                        let team = game.team(decision.player);
                        scratch[slots[team.index()][card.index()]] += 1;
                    }
                    game.drain_events(scored);
                },
            );
            game.drain_events(scored);
            (game, outcome)
        }));
        let failed = match result {
            Ok((game, Ok(outcome))) => {
                counts.add_finished(&game, outcome, self.layout);
                None
            }
            Ok((_, Err(error))) => {
                let kind = match error {
                    PlayError::StepLimit { .. } => FailureKind::Hang,
                    PlayError::Stuck { .. }
                    | PlayError::NoPolicy { .. }
                    | PlayError::Runaway { .. } => FailureKind::Stuck,
                };
                Some((kind, error.to_string()))
            }
            Err(payload) => {
                let reason = payload
                    .downcast_ref::<&str>()
                    .map(|text| (*text).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".to_owned());
                Some((FailureKind::Crash, format!("engine panicked: {reason}")))
            }
        };
        if let Some((kind, what)) = failed {
            counts.scratch.iter_mut().for_each(|plays| *plays = 0);
            counts.scored.clear();
            counts.failures.record(FailureSample {
                index,
                kind,
                seed,
                message: format!("mission `{mission}`, seed {seed}: {what}"),
            });
        }
        (self.progress)();
    }
}
