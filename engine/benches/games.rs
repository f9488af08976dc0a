//! Games per second on Dead Zone Battle, one thread: whole games (setup,
//! every decision, the outcome) with random policies and with greedy
//! policies, through the same `sim::play` loop the simulator uses; and
//! random games played through `Game::apply`, which checks each action.
//!
//! The pack is compiled once from `content/saturn-offensive` before timing.
//! Criterion reports time per game; games/s is its inverse (the
//! `thrpt` line, since each iteration is declared as one element). Thread
//! scaling is measured with `spacedock sim --threads T` (docs/performance.md).

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use spacedock_engine::sim::{DEFAULT_MAX_STEPS, game_seed, play, policy_rng};
use spacedock_engine::{Policy, Setup, policy_by_name};
use spacedock_schema::bundle::Bundle;

const MISSION: &str = "dead-zone-battle";

fn bundle() -> Arc<Bundle> {
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/saturn-offensive");
    let compilation = spacedock_validator::compile(&pack, &spacedock_validator::Options::default());
    Arc::new(
        compilation
            .bundle
            .expect("the Saturn Offensive pack compiles without errors"),
    )
}

fn games(c: &mut Criterion) {
    let setup = Setup::new(bundle(), MISSION, &[]).expect("Dead Zone Battle sets up");
    let mut group = c.benchmark_group("dead-zone-battle");
    group.throughput(Throughput::Elements(1));
    for policy in ["random", "greedy"] {
        let mut index = 0_u64;
        group.bench_function(policy, |b| {
            b.iter(|| {
                // A new seed every iteration: the mean is over many games,
                // as in a real run, not one game timed again and again.
                let seed = game_seed(0, index);
                index += 1;
                let mut game = setup.start(seed);
                game.set_record_events(false);
                let mut policies: Vec<Box<dyn Policy>> =
                    vec![policy_by_name(policy).expect("a built-in policy")];
                black_box(play(&mut game, &mut policies, seed, DEFAULT_MAX_STEPS))
            });
        });
    }
    // The loop of a caller outside the simulator: the legal list, then
    // `Game::apply`, which checks the action again.
    let mut index = 0_u64;
    group.bench_function("random, checked apply", |b| {
        b.iter(|| {
            let seed = game_seed(0, index);
            index += 1;
            let mut game = setup.start(seed);
            game.set_record_events(false);
            let mut policy = policy_by_name("random").expect("a built-in policy");
            let mut rngs: Vec<_> = game.players().map(|seat| policy_rng(seed, seat)).collect();
            let mut legal = Vec::new();
            while game.outcome().is_none() {
                let player = game.to_move();
                game.legal_actions(&mut legal);
                let choice =
                    policy.choose(&game.observation(player), &legal, &mut rngs[player.index()]);
                game.apply(legal[choice]).expect("a legal action applies");
            }
            black_box(game.state_hash())
        });
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
