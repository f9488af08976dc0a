//! Questions powers ask mid-action: in random games of every mission, every
//! paused action is a proper state (the asked player moves, the answers
//! are the legal actions, clones and hashes agree, the action's events wait
//! for its end) and every answer resolves it; the same answers give the
//! same game.

mod common;

use spacedock_engine::{Action, Answer, Event, Game};

const SEEDS: u64 = 4;
const MAX_STEPS: u64 = 20_000;

/// A uniform chooser (xorshift), so the test needs no policy.
fn next(state: &mut u64, len: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % len as u64) as usize
}

/// Plays a random game, checking every pause; returns the final hash and
/// the number of questions asked.
fn play(mission: &str, seed: u64) -> (u64, u32) {
    let mut game = Game::new(common::bundle(), mission, seed).expect("the mission sets up");
    let mut chooser = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut asked = 0;
    while game.outcome().is_none() {
        assert!(game.steps() < MAX_STEPS, "{mission} seed {seed}: no end");
        game.legal_actions(&mut legal);
        let action = legal[next(&mut chooser, legal.len())];
        let steps = game.steps();
        events.clear();
        game.drain_events(&mut events);
        game.apply(action).unwrap();
        assert!(game.steps() > steps, "every action and answer is a step");
        if let Some(question) = game.question().cloned() {
            asked += 1;
            paused(&mut game, mission, seed);
            assert!(
                question.options.len() >= 2,
                "{question:?}: nothing to decide"
            );
        }
    }
    (game.state_hash(), asked)
}

/// The checks of a paused action.
fn paused(game: &mut Game, mission: &str, seed: u64) {
    let question = game.question().cloned().expect("paused");
    let at = format!("{mission} seed {seed} step {}", game.steps());
    assert_eq!(
        game.to_move(),
        question.player,
        "{at}: the asked player moves"
    );
    assert_eq!(
        game.observation(question.player).question(),
        Some(&question),
        "{at}: the asked player sees the question"
    );
    for other in game.players().filter(|&p| p != question.player) {
        assert!(
            game.observation(other).question().is_none(),
            "{at}: a question may name a card in the hand: only its player sees it"
        );
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let answers: Vec<Action> = question
        .options
        .iter()
        .map(|&a| Action::Answer(a))
        .collect();
    assert_eq!(legal, answers, "{at}: the answers are the legal actions");
    assert!(
        game.apply(Action::EndPhase).is_err(),
        "{at}: nothing but an answer goes"
    );
    assert!(
        game.apply(Action::Answer(Answer::Option(200))).is_err(),
        "{at}: an answer not offered is refused"
    );
    let mut events = Vec::new();
    game.drain_events(&mut events);
    assert!(
        events.is_empty(),
        "{at}: the action's events come with its end: {events:?}"
    );
    let copy = game.clone();
    assert_eq!(&copy, game, "{at}: a clone equals its original");
    assert_eq!(copy.state_hash(), game.state_hash(), "{at}");
    // Every answer resolves (or asks the next question); the same answer
    // twice gives the same state.
    for &answer in &question.options {
        let mut once = copy.clone();
        let mut twice = copy.clone();
        once.apply(Action::Answer(answer)).unwrap();
        twice.apply(Action::Answer(answer)).unwrap();
        assert_eq!(once.state_hash(), twice.state_hash(), "{at}: {answer:?}");
        assert_ne!(
            once.state_hash(),
            copy.state_hash(),
            "{at}: answering changes the state"
        );
    }
}

#[test]
fn every_paused_action_of_random_games_is_a_state_and_every_answer_resolves_it() {
    let mut asked = 0;
    for mission in common::missions() {
        for seed in 0..SEEDS {
            let (first, questions) = play(&mission, seed);
            let (again, _) = play(&mission, seed);
            assert_eq!(first, again, "{mission} seed {seed}: the same game");
            asked += questions;
        }
    }
    // The base pack's powers ask often enough for the checks to mean
    // something.
    assert!(asked > 50, "only {asked} questions");
}

#[test]
fn an_answered_action_reports_the_events_of_one_run() {
    let mut game = Game::new(common::bundle(), "dead-zone-battle", 3).unwrap();
    let mut chooser = 77_u64;
    let mut legal = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut checked = 0;
    while game.outcome().is_none() && checked < 20 {
        game.legal_actions(&mut legal);
        let action = legal[next(&mut chooser, legal.len())];
        game.drain_events(&mut Vec::new());
        let before = game.clone();
        game.apply(action).unwrap();
        if game.question().is_none() {
            continue;
        }
        // The same action, answered with the suggestion each time, against
        // the events of the whole run.
        while let Some(question) = game.question().cloned() {
            game.apply(Action::Answer(question.options[0])).unwrap();
        }
        events.clear();
        game.drain_events(&mut events);
        let mut replay = before;
        replay.apply(action).unwrap();
        while let Some(question) = replay.question().cloned() {
            replay.apply(Action::Answer(question.options[0])).unwrap();
        }
        let mut again = Vec::new();
        replay.drain_events(&mut again);
        assert_eq!(events, again, "the same answers, the same events");
        // Had the run before the pause been reported too, its events would
        // come twice; these happen at most once in any action.
        let once: Vec<&Event> = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::TurnStarted { .. }
                        | Event::PhaseStarted { .. }
                        | Event::Activated { .. }
                        | Event::Launched { .. }
                        | Event::CardPlayed { .. }
                )
            })
            .collect();
        for (index, event) in once.iter().enumerate() {
            assert!(
                !once[..index].contains(event),
                "{event:?} twice: {events:?}"
            );
        }
        checked += 1;
    }
    assert!(checked > 0, "no question was asked");
}

/// Runs one scenario file, written into a copy of the base pack in place
/// of its tests; returns its failures in words.
fn run_scenario(name: &str, source: &str) -> Vec<String> {
    fn copy(from: &std::path::Path, to: &std::path::Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let target = to.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                if entry.file_name() != "tests" {
                    copy(&entry.path(), &target);
                }
            } else {
                std::fs::copy(entry.path(), target).unwrap();
            }
        }
    }
    let pack = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
    let root =
        std::env::temp_dir().join(format!("spacedock-questions-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    copy(&pack, &root);
    std::fs::create_dir_all(root.join("tests")).unwrap();
    std::fs::write(root.join("tests").join(format!("{name}.toml")), source).unwrap();
    let suite =
        spacedock_validator::check_scenarios(&root, &spacedock_validator::Options::default());
    let _ = std::fs::remove_dir_all(&root);
    let diagnostics: Vec<String> = suite
        .diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert_eq!(suite.scenarios.len(), 1, "the scenario checks");
    let bundle = std::sync::Arc::new(suite.bundle.expect("the pack compiles"));
    spacedock_engine::scenario::run(&bundle, &suite.scenarios[0].scenario)
        .into_iter()
        .map(|f| {
            format!(
                "{} {}: expected {}, actual {}",
                f.pointer, f.what, f.expected, f.actual
            )
        })
        .collect()
}

/// Barrage, activated, with Chosh Ka in range of its primary weapon: the
/// setup of the Saturation Fire scenarios below, after their `name`.
const BARRAGE_ON_CHOSH_KA: &str = r#"
board = "saturn-battlefield"

[[players]]
name = "ISN"
faction = "isn"
starting_zone = "south"
energy = 10

[[players]]
name = "Wretch"
faction = "wretch"
starting_zone = "north"

[turn]
player = "ISN"
phase = "action"
round = 2

[[ships]]
ship = "ISN Barrage"
version = "standard"
at = [8, 8]
facing = "e"

[[ships]]
ship = "Chosh Ka"
version = "standard"
at = [8, 5]
facing = "e"

[[steps]]
do = "activate"
ship = "ISN Barrage"
"#;

/// Dice forced on an attack that pauses for a question, some left unused
/// when the answer ends it: reported, against the dice the action was
/// given over its steps (the answer step forcing none).
#[test]
fn dice_left_over_an_answered_action_are_reported() {
    let failures = run_scenario(
        "left-over-dice",
        &format!(
            r#"
name = "Saturation Fire with a die too many"
{BARRAGE_ON_CHOSH_KA}
[[steps]]
do = "attack"
ship = "ISN Barrage"
weapon = "primary"
target = "Chosh Ka"
dice = ["A4", "D", 5]

[[steps]]
do = "answer"
player = "ISN"
answer = "yes"

[expect.ships."Chosh Ka"]
shields = 1
"#
        ),
    );
    assert_eq!(failures.len(), 1, "{failures:#?}");
    assert!(
        failures[0].contains(
            "expected all 4 forced dice rolled (a coordinate pair is 2 dice), \
             actual 3 rolled; 1 of this step's 4 were not"
        ),
        "{failures:#?}"
    );
}

/// An effect that moves each ship of a squadron asks about each ship in
/// turn: a path that uses all of one ship's spaces must not stop the next
/// ship's move before its own `answer` step.
#[test]
fn a_path_answers_one_ship_of_a_squadron_moved_by_an_effect() {
    let failures = run_scenario(
        "squadron-path",
        r#"
name = "Alert From ISN Torrent moves each Blue Sparrow"
board = "saturn-battlefield"

[[players]]
name = "ISN"
faction = "isn"
starting_zone = "south"
energy = 5
hand = ["Alert From ISN Torrent"]

[[players]]
name = "Wretch"
faction = "wretch"
starting_zone = "north"
energy = 10

[turn]
player = "Wretch"
phase = "action"
round = 2
first_player = "ISN"

[[ships]]
ship = "F-51 Blue Sparrows"
version = "standard"
squadron = [{ at = [8, 10] }, { at = [9, 10] }, { at = [10, 10] }]

[[ships]]
ship = "Chosh Ka"
version = "standard"
at = [8, 4]
facing = "e"

[[steps]]
do = "activate"
ship = "Chosh Ka"

[[steps]]
do = "move"
ship = "Chosh Ka"
path = ["se"]

[[steps]]
do = "answer"
player = "ISN"
ship = "F-51 Blue Sparrows#1"

[[steps]]
do = "answer"
player = "ISN"
path = ["w", "w"]

[[steps]]
do = "answer"
player = "ISN"
path = ["w"]

[[steps]]
do = "answer"
player = "ISN"
path = ["e"]

[expect.ships."F-51 Blue Sparrows#1"]
at = [6, 10]

[expect.ships."F-51 Blue Sparrows#2"]
at = [8, 10]

[expect.ships."F-51 Blue Sparrows#3"]
at = [11, 10]
"#,
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A `damage` step edits the game; while an action waits for an answer,
/// the answer resolves the action again from the state before it, so the
/// edit would be silently lost: the step must wait like any other.
#[test]
fn a_damage_step_waits_for_the_answer() {
    let failures = run_scenario(
        "damage-while-asked",
        &format!(
            r#"
name = "Damage while Saturation Fire is asked"
{BARRAGE_ON_CHOSH_KA}
[[steps]]
do = "attack"
ship = "ISN Barrage"
weapon = "primary"
target = "Chosh Ka"
dice = ["A4", 4]

[[steps]]
do = "damage"
ship = "Chosh Ka"
amount = 1
damage = "hull"

[[steps]]
do = "answer"
player = "ISN"
answer = "yes"
"#
        ),
    );
    assert_eq!(failures.len(), 1, "{failures:#?}");
    assert!(
        failures[0].starts_with("/steps/2 ") && failures[0].contains("must wait"),
        "{failures:#?}"
    );
}
