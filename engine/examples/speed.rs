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

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use spacedock_engine::sim::{DEFAULT_MAX_STEPS, play};
use spacedock_engine::{Policy, Setup, policy_by_name};
use spacedock_schema::bundle::Bundle;

fn bundle(path: Option<&str>) -> Arc<Bundle> {
    if let Some(path) = path {
        let text = std::fs::read_to_string(path).expect("the bundle file reads");
        return Arc::new(serde_json::from_str(&text).expect("the bundle file is a bundle"));
    }
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
    let compilation = spacedock_validator::compile(&pack, &spacedock_validator::Options::default());
    Arc::new(compilation.bundle.expect("the base pack compiles"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args
        .first()
        .map_or(2000, |n| n.parse().expect("GAMES is a number"));
    let policy = args.get(1).map_or("random", String::as_str);
    let mission = args.get(2).map_or("dead-zone-battle", String::as_str);
    let setup = Setup::new(bundle(args.get(3).map(String::as_str)), mission, &[])
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
}
