//! The simulator on the real Saturn Offensive pack: runs are a pure
//! function of their seed whatever the thread count or shard split, the
//! step bound ends a game as a named failure, traces replay and catch
//! tampering, and the greedy policy plays better than chance.

use std::io::BufReader;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use spacedock_engine::sim::trace::{self, ReplayError, TraceLine, TraceSpec};
use spacedock_engine::sim::{
    DEFAULT_MAX_STEPS, PlayError, Report, ScoreTally, Scorer, Shard, SimConfig, SimError,
    SimResult, Tally, game_seed, play, simulate,
};
use spacedock_engine::{EffectSource, Event, Game, Policy, Setup, policy_by_name};
use spacedock_schema::bundle::Bundle;

const MISSION: &str = "dead-zone-battle";

/// The pack, compiled once for every test of this binary.
fn bundle() -> Arc<Bundle> {
    static BUNDLE: OnceLock<Arc<Bundle>> = OnceLock::new();
    Arc::clone(BUNDLE.get_or_init(|| {
        let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
        let compilation =
            spacedock_validator::compile(&pack, &spacedock_validator::Options::default());
        Arc::new(compilation.bundle.expect("the pack compiles"))
    }))
}

fn config(policy: &str, games: u64, threads: usize) -> SimConfig {
    SimConfig {
        mission: MISSION.to_owned(),
        policies: vec![policy.to_owned()],
        seed: 7,
        games,
        shard: Shard::WHOLE,
        threads,
        max_steps: DEFAULT_MAX_STEPS,
        fleets: Vec::new(),
    }
}

fn run(config: &SimConfig) -> SimResult {
    simulate(&bundle(), config, &|| {}).expect("the run starts")
}

#[test]
fn the_report_is_the_same_for_one_and_four_threads() {
    for policy in ["random", "greedy"] {
        let one = run(&config(policy, 64, 1));
        let four = run(&config(policy, 64, 4));
        assert_eq!(one, four, "{policy}");
        let json = |result: &SimResult| {
            serde_json::to_string(&(&result.run, Report::new(&result.tally), &result.tally))
                .unwrap()
        };
        assert_eq!(json(&one), json(&four), "{policy}");
        assert_eq!(one.tally.games, 64);
        assert_eq!(one.tally.finished + one.tally.failures.total(), 64);
    }
}

#[test]
fn shards_add_up_to_the_whole_run() {
    let whole = run(&config("random", 50, 2));
    let mut merged = Tally::default();
    // Merged in a scrambled order: sums do not care.
    for index in [3, 1, 2] {
        let mut sharded = config("random", 50, 2);
        sharded.shard = Shard { index, count: 3 };
        let part = run(&sharded);
        assert_eq!(part.run.shards, [index]);
        if merged.games == 0 {
            merged = part.tally;
        } else {
            merged.merge(&part.tally).expect("shards of a run add up");
        }
    }
    assert_eq!(Report::new(&merged), Report::new(&whole.tally));
    assert_eq!(merged.games, whole.tally.games);
    assert_eq!(merged.rounds, whole.tally.rounds);
}

#[test]
fn different_seeds_give_different_games() {
    let first = run(&config("random", 20, 1));
    let mut other = config("random", 20, 1);
    other.seed = 8;
    assert_ne!(first.tally, run(&other).tally);
}

#[test]
fn the_report_counts_every_side_ship_and_card() {
    let result = run(&config("greedy", 40, 0));
    let tally = &result.tally;
    let report = Report::new(tally);
    let wins: u64 = report.sides.iter().map(|side| side.wins.count).sum();
    assert_eq!(wins + report.draws.count, report.finished);
    let names: Vec<&str> = report.sides.iter().map(|side| side.team.as_str()).collect();
    assert_eq!(names, ["isn", "wretch"]);
    // Four ship cards a side, every one fielded in every finished game.
    assert_eq!(report.ships.len(), 8);
    assert!(
        tally
            .ships
            .iter()
            .all(|ship| ship.fielded == tally.finished)
    );
    // Seven distinct tactic cards in each side's mission deck.
    assert_eq!(report.cards.len(), 14);
    let rounds = report.rounds.expect("games finished");
    assert!(rounds.min >= 1 && rounds.min <= rounds.p50 && rounds.p50 <= rounds.max);
    let ended = &tally.ended;
    assert_eq!(
        ended.destroy_all + ended.victory_points + ended.alternative + ended.victory_clock,
        tally.finished
    );
    let went_first: u64 = tally.teams.iter().map(|team| team.went_first).sum();
    assert_eq!(went_first, tally.finished);
    // Two teams: each went second in every game the other went first, and
    // its wins are those going first and those going second.
    for (team, other) in tally.teams.iter().zip(tally.teams.iter().rev()) {
        assert_eq!(team.went_second, other.went_first);
        assert_eq!(team.wins, team.wins_going_first + team.wins_going_second);
    }
    // Without draws, going first is worth the same to both sides.
    if report.draws.count == 0 {
        let [isn, wretch] = [0, 1].map(|side| {
            report.sides[side]
                .first_player_advantage
                .expect("both sides went first and second")
        });
        assert!((isn.difference - wretch.difference).abs() < 1e-12);
        assert!(isn.low <= isn.difference && isn.difference <= isn.high);
    }
    // A card survives only in games it was deployed.
    for ship in &tally.ships {
        assert!(ship.survived <= ship.deployed && ship.deployed <= ship.fielded);
    }
    let seats: Vec<(&str, &str)> = result
        .run
        .seats
        .iter()
        .map(|seat| (seat.team.as_str(), seat.policy.as_str()))
        .collect();
    assert_eq!(seats, [("isn", "greedy"), ("wretch", "greedy")]);
}

/// Events played in answer to a reaction question are plays too: Exploit
/// Weakness and Alert From ISN Torrent are only ever played that way.
#[test]
fn reaction_plays_count_as_plays() {
    let report = Report::new(&run(&config("greedy", 40, 0)).tally);
    for card in ["exploit-weakness", "alert-from-isn-torrent"] {
        let row = report
            .cards
            .iter()
            .find(|row| row.card == card)
            .expect("the card is in a deck");
        assert!(
            row.played_in.count > 0 && row.plays_per_game.is_some_and(|plays| plays > 0.0),
            "{card}: {row:?}"
        );
    }
}

#[test]
fn greedy_beats_random() {
    let mut config = config("greedy", 40, 0);
    config.policies = vec!["greedy".to_owned(), "random".to_owned()];
    let report = Report::new(&run(&config).tally);
    let greedy = &report.sides[0];
    assert_eq!(greedy.team, "isn", "seat 1 is the ISN player");
    assert!(
        greedy.wins.low > 0.5,
        "greedy should beat random clearly: {:?}",
        greedy.wins
    );
}

#[test]
fn the_step_bound_ends_a_game_as_a_named_failure() {
    let setup = Setup::new(bundle(), MISSION, &[]).unwrap();
    let mut game = setup.start(3);
    let mut policies: Vec<Box<dyn Policy>> = vec![policy_by_name("random").unwrap()];
    let error = play(&mut game, &mut policies, 3, 25).unwrap_err();
    assert!(
        matches!(error, PlayError::StepLimit { steps: 25, .. }),
        "{error}"
    );

    let mut bounded = config("random", 5, 1);
    bounded.max_steps = 25;
    let tally = run(&bounded).tally;
    assert_eq!(tally.failures.step_limit, 5);
    assert_eq!(tally.finished, 0);
    let sample = &tally.failures.samples[0];
    assert_eq!(sample.index, 0);
    assert_eq!(sample.seed, game_seed(7, 0));
    assert!(
        sample.message.starts_with(&format!(
            "mission `{MISSION}`, seed {}: no outcome after 25 actions",
            sample.seed
        )),
        "{}",
        sample.message
    );
}

#[test]
fn policies_must_fit_the_seats() {
    let mut wrong = config("random", 1, 1);
    wrong.policies = vec!["random".into(), "greedy".into(), "random".into()];
    assert!(matches!(
        simulate(&bundle(), &wrong, &|| {}),
        Err(SimError::PolicyCount { seats: 2, given: 3 })
    ));
    wrong.policies = vec!["minimax".into()];
    assert!(matches!(
        simulate(&bundle(), &wrong, &|| {}),
        Err(SimError::UnknownPolicy(name)) if name == "minimax"
    ));
}

fn record(policy: &str, seed: u64) -> String {
    let spec = TraceSpec {
        mission: MISSION.to_owned(),
        seed,
        policies: vec![policy.to_owned()],
        max_steps: DEFAULT_MAX_STEPS,
        source: None,
        fleets: Vec::new(),
    };
    let mut bytes = Vec::new();
    let end = trace::record(&bundle(), &spec, &mut bytes).unwrap();
    assert!(end.outcome.is_some(), "the game finished");
    String::from_utf8(bytes).unwrap()
}

fn replay(text: &str) -> Result<trace::Replay, ReplayError> {
    trace::replay(&bundle(), BufReader::new(text.as_bytes()))
}

#[test]
fn a_trace_replays_to_its_final_state() {
    for policy in ["random", "greedy"] {
        let text = record(policy, 11);
        let lines: Vec<TraceLine> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let TraceLine::Header(header) = &lines[0] else {
            panic!("no header first");
        };
        assert_eq!(header.bundle, bundle().content_hash);
        assert_eq!(header.seed, 11);
        assert!(lines.iter().any(|line| matches!(
            line,
            TraceLine::Event(spacedock_engine::Event::AttackRoll { .. })
        )));
        assert!(matches!(lines.last(), Some(TraceLine::End(_))));
        let replayed = replay(&text).unwrap();
        assert!(replayed.confirmed(), "{policy}: {replayed:?}");
        // Recording is deterministic too.
        assert_eq!(record(policy, 11), text);
    }
}

#[test]
fn a_tampered_trace_is_caught() {
    let text = record("random", 12);
    // A die roll changed: the replay rolls differently at that line.
    let roll = text
        .lines()
        .position(|line| line.contains("\"AttackRoll\""))
        .unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut event: serde_json::Value = serde_json::from_str(&lines[roll]).unwrap();
    let letter = &mut event["event"]["AttackRoll"]["letter"];
    *letter = (letter.as_u64().unwrap() % 10 + 1).into();
    lines[roll] = event.to_string();
    match replay(&lines.join("\n")) {
        Err(ReplayError::Diverged { line, .. }) => assert_eq!(line, roll as u64 + 1),
        other => panic!("not caught: {other:?}"),
    }

    // The final hash changed: the game replays, but not to that state.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let last = lines.len() - 1;
    let mut end: serde_json::Value = serde_json::from_str(&lines[last]).unwrap();
    end["end"]["state_hash"] = "0123456789abcdef".into();
    lines[last] = end.to_string();
    let replayed = replay(&lines.join("\n")).unwrap();
    assert!(!replayed.confirmed());

    // An action dropped: what follows no longer fits.
    let tenth_action = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with("{\"action\""))
        .nth(9)
        .map(|(index, _)| index)
        .unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(tenth_action);
    let dropped = replay(&lines.join("\n"));
    assert!(
        dropped
            .as_ref()
            .map_or(true, |replayed| !replayed.confirmed()),
        "{dropped:?}"
    );

    // A trace from another bundle is refused before playing.
    let other = text.replacen(&bundle().content_hash, "sha256:0000", 1);
    assert!(matches!(replay(&other), Err(ReplayError::Bundle { .. })));
}

/// A ship card that escaped (Blockade Run: out of play with a ship not
/// destroyed) survived; the tally's counts are those of playing the same
/// games one by one.
#[test]
fn an_escaped_ship_card_survived() {
    let mission = "blockade-run-at-entebe";
    let mut config = config("random", 60, 0);
    config.mission = mission.to_owned();
    let result = run(&config);
    let setup = Setup::new(bundle(), mission, &[]).unwrap();
    let (mut escaped, mut survived) = (0, std::collections::BTreeMap::new());
    for index in 0..config.games {
        let seed = game_seed(config.seed, index);
        let mut game = setup.start(seed);
        game.set_record_events(false);
        let mut policies: Vec<Box<dyn Policy>> =
            (0..2).map(|_| policy_by_name("random").unwrap()).collect();
        if play(&mut game, &mut policies, seed, config.max_steps).is_err() {
            continue;
        }
        for card in game.cards() {
            let left = game
                .card_ships(card.id)
                .any(|ship| !game.ship(ship).destroyed);
            let gone = card.place == spacedock_engine::CardPlace::OutOfPlay;
            escaped += u64::from(gone && left);
            let kept = left && (gone || card.place == spacedock_engine::CardPlace::Launched);
            *survived.entry(card.ship.to_owned()).or_insert(0) += u64::from(kept);
        }
    }
    assert!(escaped > 0, "random Wretch players escape now and then");
    for row in &result.tally.ships {
        assert_eq!(Some(&row.survived), survived.get(&row.ship), "{row:?}");
    }
}

/// Prepped copies (The Struggle at Pan Base's captains) are counted apart
/// from the deck's, so a card never played from the hand is told from one
/// the players could not play.
#[test]
fn prepped_copies_are_named_in_the_card_rows() {
    let mut config = config("greedy", 4, 0);
    "the-struggle-at-pan-base".clone_into(&mut config.mission);
    let tally = run(&config).tally;
    let row = |card: &str| tally.cards.iter().find(|row| row.card == card).unwrap();
    assert_eq!(row("krall-draxus").prepped, 1, "{:?}", row("krall-draxus"));
    assert_eq!(row("exploit-weakness").prepped, 0);
}

/// The powers that acted in a run are tallied by side and power: their
/// acts add up to the `power-acted` events of playing the same games one
/// by one with every event recorded, a special rule's row to its own, and
/// shards add up to the same rows.
#[test]
fn powers_that_acted_are_tallied_by_power() {
    let (config, result) = pan_base_run();
    let (mut acts, mut by_rules) = (0, std::collections::BTreeMap::<String, u64>::new());
    each_finished_game(&config, |game, events| {
        for event in events {
            if let Event::PowerActed { source, .. } = event {
                acts += 1;
                if let EffectSource::Rule { rule } = source {
                    let name = &game.mission().special_rules[usize::from(*rule)].name;
                    *by_rules.entry(name.clone()).or_default() += 1;
                }
            }
        }
    });
    let powers = &result.tally.powers;
    assert_eq!(powers.iter().map(|row| row.acts).sum::<u64>(), acts);
    assert!(
        powers
            .iter()
            .all(|row| row.acted_in <= row.acts && row.acted_in <= result.tally.finished)
    );
    let mut rules = std::collections::BTreeMap::<String, u64>::new();
    for row in powers {
        if let Scorer::Rule(name) = &row.by {
            *rules.entry(name.clone()).or_default() += row.acts;
        }
    }
    assert!(rules.contains_key("Recovering survivors"), "{rules:?}");
    assert_eq!(rules, by_rules);
    assert_eq!(&in_two_shards(&config).powers, powers);
}

/// 30 random games of The Struggle at Pan Base, where powers act and a
/// special rule scores: the run's config and result.
fn pan_base_run() -> (SimConfig, SimResult) {
    let mut config = config("random", 30, 0);
    "the-struggle-at-pan-base".clone_into(&mut config.mission);
    let result = run(&config);
    (config, result)
}

/// Plays the games of `config` one by one with every event recorded, and
/// hands each finished game and its events to `visit`.
fn each_finished_game(config: &SimConfig, mut visit: impl FnMut(&Game, &[Event])) {
    let setup = Setup::new(bundle(), &config.mission, &[]).unwrap();
    for index in 0..config.games {
        let seed = game_seed(config.seed, index);
        let mut game = setup.start(seed);
        let seats = game.players().len();
        let mut policies: Vec<Box<dyn Policy>> = (0..seats)
            .map(|_| policy_by_name("random").unwrap())
            .collect();
        if play(&mut game, &mut policies, seed, config.max_steps).is_err() {
            continue;
        }
        let mut events = Vec::new();
        game.drain_events(&mut events);
        visit(&game, &events);
    }
}

/// The tally of `config` run as two shards, merged (the second first).
fn in_two_shards(config: &SimConfig) -> Tally {
    let mut merged = Tally::default();
    for index in [2, 1] {
        let mut sharded = config.clone();
        sharded.shard = Shard { index, count: 2 };
        let part = run(&sharded).tally;
        if merged.games == 0 {
            merged = part;
        } else {
            merged.merge(&part).expect("shards of a run add up");
        }
    }
    merged
}

/// The victory points of a run are tallied by what scored them: in The
/// Struggle at Pan Base only the ISN player's survivor recovery scores,
/// and its row holds the points and the games of playing the same games
/// one by one with every event recorded; shards add up to the same row.
#[test]
fn victory_points_are_tallied_by_what_scored_them() {
    let (config, result) = pan_base_run();
    let (mut points, mut scored_in) = (0, 0);
    each_finished_game(&config, |game, events| {
        let mut scored = 0;
        for event in events {
            if let Event::VictoryPoints { points, source, .. } = event {
                let EffectSource::Rule { rule } = source else {
                    panic!("{source:?} scored");
                };
                let name = &game.mission().special_rules[usize::from(*rule)].name;
                assert_eq!(name, "Recovering survivors");
                scored += u64::from(*points);
            }
        }
        points += scored;
        scored_in += u64::from(scored > 0);
    });
    assert!(
        scored_in > 0,
        "random ISN players recover survivors now and then"
    );
    assert_eq!(
        result.tally.scores,
        [ScoreTally {
            team: "isn".to_owned(),
            by: Scorer::Rule("Recovering survivors".to_owned()),
            points,
            scored_in,
        }]
    );
    assert_eq!(in_two_shards(&config).scores, result.tally.scores);
}

/// The simulation guide names the formats this build writes: a trace's,
/// which `replay` tells a reader of an older trace it wants, in words and
/// in its example header, and a result's, which `sim merge` checks.
#[test]
fn the_docs_name_the_formats_written() {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/simulation.md"),
    )
    .unwrap();
    for named in [
        format!("build's format, {})", trace::TRACE_FORMAT),
        format!("{{\"header\":{{\"format\":{},", trace::TRACE_FORMAT),
        format!("the result format ({})", spacedock_engine::sim::SIM_FORMAT),
    ] {
        assert!(docs.contains(&named), "docs/simulation.md lacks {named:?}");
    }
}
