//! Games per second on one thread, and a fingerprint of the games played:
//! the engine's quick speed meter and behaviour check.
//!
//! ```text
//! cargo run --release -p spacedock-engine --example speed -- [GAMES] [POLICY] [MISSION] [BUNDLE]
//! ```
//!
//! Plays `GAMES` (default 2000) whole games of `MISSION` (default
//! `dead-zone-battle`) from seeds `0..GAMES` with one `POLICY` (`random`,
//! the default, or `greedy`) for every seat, through the same
//! `sim::play` loop the simulator and the criterion bench use, events off.
//! `BUNDLE` is a bundle JSON (`spacedock build content/saturn-offensive -o
//! base.json`); without it the base pack is compiled in process first.
//!
//! Besides games/s it prints actions per game and a fingerprint folding
//! every game's step count and final state hash: a change to the engine
//! that must not change behaviour must leave the fingerprint as it was
//! (docs/performance.md, "Engine"). The criterion bench
//! (`cargo bench -p spacedock-engine --bench games`) is the reference
//! figure; this tool is for quick before/after runs and profiling
//! (`valgrind --tool=callgrind target/release/examples/speed 200`).
//!
//! With `--by-kind` (anywhere among the arguments) it also prints where the
//! time goes: the wall-clock time of each decision (legal list, policy and
//! apply), summed by the kind of action chosen, the clock's own cost taken
//! off.

mod common;

use std::time::Instant;

use spacedock_engine::sim::{DEFAULT_MAX_STEPS, play, play_observed};
use spacedock_engine::{Action, Policy, Setup, policy_by_name};

/// The kinds of action, in `Action`'s order.
const KINDS: [&str; 20] = [
    "ChooseFirstPlayer",
    "Place",
    "Load",
    "EndLoad",
    "DiscardForEnergy",
    "GiveCard",
    "DrawExtra",
    "Launch",
    "PlayCard",
    "Activate",
    "Step",
    "EndMove",
    "Warp",
    "Charge",
    "Attack",
    "EndWeapon",
    "EndActivation",
    "EndPhase",
    "UsePower",
    "Answer",
];

/// The index of `action`'s kind in [`KINDS`].
fn kind(action: Action) -> usize {
    match action {
        Action::ChooseFirstPlayer(_) => 0,
        Action::Place { .. } => 1,
        Action::Load(_) => 2,
        Action::EndLoad => 3,
        Action::DiscardForEnergy(_) => 4,
        Action::GiveCard { .. } => 5,
        Action::DrawExtra => 6,
        Action::Launch(_) => 7,
        Action::PlayCard { .. } => 8,
        Action::Activate(_) => 9,
        Action::Step { .. } => 10,
        Action::EndMove => 11,
        Action::Warp(_) => 12,
        Action::Charge { .. } => 13,
        Action::Attack { .. } => 14,
        Action::EndWeapon => 15,
        Action::EndActivation => 16,
        Action::EndPhase => 17,
        Action::UsePower { .. } => 18,
        Action::Answer(_) => 19,
    }
}

/// Decisions and their nanoseconds, per kind of action chosen.
#[derive(Default)]
struct ByKind {
    decisions: [u64; KINDS.len()],
    nanos: [u64; KINDS.len()],
}

impl ByKind {
    /// Plays the games again, timing every decision: from the end of the
    /// one before (or the start of the game) to its action applied.
    fn measure(setup: &Setup, policy: &str, games: u64) -> ByKind {
        let mut by_kind = ByKind::default();
        for seed in 0..games {
            let mut game = setup.start(seed);
            game.set_record_events(false);
            let mut policies: Vec<Box<dyn Policy>> =
                vec![policy_by_name(policy).expect("a built-in policy")];
            let mut since = Instant::now();
            // A game without an outcome is reported by the main run.
            let _ = play_observed(
                &mut game,
                &mut policies,
                seed,
                DEFAULT_MAX_STEPS,
                |_, decision| {
                    let index = kind(decision.action);
                    by_kind.decisions[index] += 1;
                    by_kind.nanos[index] += since.elapsed().as_nanos() as u64;
                    since = Instant::now();
                },
            );
        }
        by_kind
    }

    fn print(&self, games: u64) {
        // Each decision's time holds one reading of the clock and the
        // start of the next: about one call's cost, measured here.
        const CALLS: u32 = 100_000;
        let started = Instant::now();
        for _ in 0..CALLS {
            std::hint::black_box(Instant::now());
        }
        let clock = started.elapsed().as_nanos() as f64 / f64::from(CALLS);
        let net = |index: usize| {
            (self.nanos[index] as f64 - clock * self.decisions[index] as f64).max(0.0)
        };
        let total: f64 = (0..KINDS.len()).map(net).sum();
        let mut order: Vec<usize> = (0..KINDS.len())
            .filter(|&index| self.decisions[index] > 0)
            .collect();
        order.sort_by(|&a, &b| net(b).total_cmp(&net(a)));
        println!("by kind of action chosen (clock cost of {clock:.0} ns per decision taken off):");
        println!(
            "  {:<18} {:>9} {:>11} {:>6}",
            "kind", "per game", "ns each", "share"
        );
        for index in order {
            let decisions = self.decisions[index] as f64;
            println!(
                "  {:<18} {:>9.1} {:>11.0} {:>5.1}%",
                KINDS[index],
                decisions / games as f64,
                net(index) / decisions,
                100.0 * net(index) / total,
            );
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let by_kind = args
        .iter()
        .position(|arg| arg == "--by-kind")
        .map(|at| args.remove(at));
    let games: u64 = args
        .first()
        .map_or(2000, |n| n.parse().expect("GAMES is a number"));
    let policy = args.get(1).map_or("random", String::as_str);
    let mission = args.get(2).map_or("dead-zone-battle", String::as_str);
    let setup = Setup::new(
        common::bundle(args.get(3).map(String::as_str)),
        mission,
        &[],
    )
    .expect("the mission sets up");

    let mut steps = 0_u64;
    let mut failed = 0_u64;
    // FNV-1a over (steps, final hash) of every game, in seed order.
    let mut fingerprint = 0xcbf2_9ce4_8422_2325_u64;
    let started = Instant::now();
    for seed in 0..games {
        let mut game = setup.start(seed);
        game.set_record_events(false);
        let mut policies: Vec<Box<dyn Policy>> =
            vec![policy_by_name(policy).expect("a built-in policy")];
        if play(&mut game, &mut policies, seed, DEFAULT_MAX_STEPS).is_err() {
            failed += 1;
        }
        steps += game.steps();
        for word in [game.steps(), game.state_hash()] {
            for byte in word.to_le_bytes() {
                fingerprint = (fingerprint ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{mission} {policy}: {games} games in {seconds:.3} s = {:.0} games/s, \
         {:.1} actions/game, {:.0} actions/s, {failed} without outcome, fingerprint {fingerprint:016x}",
        games as f64 / seconds,
        steps as f64 / games as f64,
        steps as f64 / seconds,
    );
    if by_kind.is_some() {
        ByKind::measure(&setup, policy, games).print(games);
    }
}
