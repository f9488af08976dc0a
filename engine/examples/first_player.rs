//! What the choice of the first player is worth to the greedy player: the
//! high roller's wins going first and letting an enemy go first, by the
//! seat that won the roll, over the same seeds.
//!
//! ```text
//! cargo run --release -p spacedock-engine --example first_player -- GAMES MISSION [BUNDLE]
//! ```
//!
//! Every seat plays greedy; only the high roller's one choice is forced,
//! once to itself and once to the first enemy in seating order. `BUNDLE`
//! is a bundle JSON (`spacedock build content/saturn-offensive -o
//! base.json`); without it the base pack is compiled in process first.
//! docs/simulation.md ("Players") quotes its figures.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use rand_chacha::ChaCha8Rng;
use spacedock_engine::sim::{DEFAULT_MAX_STEPS, play};
use spacedock_engine::{Action, GreedyPolicy, Observation, PlayerId, Policy, Setup};

/// The greedy player with the first player's choice forced; notes which
/// seat made it (its index + 1, 0 before the choice).
struct Forced {
    greedy: GreedyPolicy,
    itself: bool,
    chooser: Arc<AtomicU8>,
}

impl Policy for Forced {
    fn name(&self) -> &'static str {
        "greedy, first player forced"
    }

    fn choose(&mut self, seen: &Observation<'_>, legal: &[Action], rng: &mut ChaCha8Rng) -> usize {
        let me = seen.player();
        let forced = legal.iter().position(|action| match *action {
            Action::ChooseFirstPlayer(first) if self.itself => first == me,
            Action::ChooseFirstPlayer(first) => seen.team_of(first) != seen.team(),
            _ => false,
        });
        if let Some(index) = forced {
            self.chooser.store(me.0 + 1, Ordering::Relaxed);
            return index;
        }
        self.greedy.choose(seen, legal, rng)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(2000, |games| {
        games.parse().expect("GAMES is a whole number")
    });
    let mission = args
        .get(1)
        .map_or("the-struggle-at-pan-base", String::as_str);
    let setup = Setup::new(
        common::bundle(args.get(2).map(String::as_str)),
        mission,
        &[],
    )
    .expect("the mission sets up");
    let seats = setup.start(0).players().len();
    for itself in [true, false] {
        let (mut rolled, mut won) = (vec![0u32; seats], vec![0u32; seats]);
        for seed in 0..games {
            let mut game = setup.start(seed);
            game.set_record_events(false);
            let chooser = Arc::new(AtomicU8::new(0));
            let mut policies: Vec<Box<dyn Policy>> = vec![Box::new(Forced {
                greedy: GreedyPolicy::default(),
                itself,
                chooser: Arc::clone(&chooser),
            })];
            let outcome = play(&mut game, &mut policies, seed, DEFAULT_MAX_STEPS);
            let (Ok(outcome), Some(seat)) =
                (outcome, chooser.load(Ordering::Relaxed).checked_sub(1))
            else {
                continue;
            };
            let chooser = PlayerId(seat);
            rolled[chooser.index()] += 1;
            won[chooser.index()] += u32::from(outcome.winner() == Some(game.team(chooser)));
        }
        let choice = if itself {
            "goes first"
        } else {
            "lets an enemy go first"
        };
        for seat in 0..seats {
            let player = PlayerId(seat as u8);
            println!(
                "{mission}: {} (player {}) {choice}: won {} of {} = {:.1}%",
                setup.start(0).faction(player),
                seat + 1,
                won[seat],
                rolled[seat],
                100.0 * f64::from(won[seat]) / f64::from(rolled[seat].max(1)),
            );
        }
    }
}
