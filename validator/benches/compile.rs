//! Benchmark: how long `compile` takes on large generated packs.
//!
//! The target is a pack of 10,000 tactic cards, 1,000 ships and 200
//! missions compiled in under a second on one core, with time growing
//! linearly in the pack's size; so the benchmark compiles generated packs
//! (`synthetic_pack`) of 1,000, 10,000 and 100,000 tactic cards in those
//! proportions. Generating a pack and checking that it compiles without
//! errors happen before timing; the timed part is the whole of `compile`:
//! reading the files, parsing, resolving, checking and emitting the bundle.
//!
//! `cargo bench -p spacedock-validator --bench compile` runs it under
//! criterion (10 samples a size, a few minutes in all). For one quick
//! figure per size instead, set `SPACEDOCK_BENCH_ONCE=1`: each pack is then
//! compiled three times and the fastest time printed, with the pack's size.
//! `SPACEDOCK_BENCH_SIZES=10000` (a comma-separated list) picks the sizes,
//! in either mode.
//! docs/performance.md records the figures.

mod synthetic_pack;

use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group};
use spacedock_validator::{Options, compile};
use synthetic_pack::{Scale, SyntheticPack};

/// Packs compiled, by their number of tactic cards, unless
/// `SPACEDOCK_BENCH_SIZES` lists others (`1000,10000`).
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

/// Compiles per size in the quick mode; the fastest is reported.
const QUICK_RUNS: usize = 3;

/// The sizes to compile: [`SIZES`], or those `SPACEDOCK_BENCH_SIZES` lists.
fn sizes() -> Vec<usize> {
    match std::env::var("SPACEDOCK_BENCH_SIZES") {
        Ok(list) => list
            .split(',')
            .map(|size| {
                let size = size.trim().replace('_', "");
                size.parse()
                    .unwrap_or_else(|_| panic!("SPACEDOCK_BENCH_SIZES: `{size}` is not a number"))
            })
            .collect(),
        Err(_) => SIZES.to_vec(),
    }
}

/// Generates the pack of a size and makes sure it compiles without errors,
/// so that the benchmark times the whole pipeline, bundle included.
fn valid_pack(cards: usize) -> SyntheticPack {
    let pack = SyntheticPack::generate(Scale::for_cards(cards));
    let compilation = compile(pack.root(), &Options::default());
    let errors: Vec<String> = compilation
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.is_error())
        .take(5)
        .map(|diagnostic| {
            let (file, line, column) = diagnostic
                .position(&compilation.sources)
                .unwrap_or(("(pack)", 0, 0));
            format!(
                "{file}:{line}:{column}: {} {}",
                diagnostic.code, diagnostic.message
            )
        })
        .collect();
    assert!(
        compilation.bundle.is_some(),
        "the generated pack of {cards} cards has {} errors, first:\n{}",
        compilation.error_count(),
        errors.join("\n")
    );
    pack
}

fn compile_generated_packs(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("compile");
    // One compile of the largest pack takes seconds: few samples, each a
    // single compile, keep the whole run to minutes.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for cards in sizes() {
        let pack = valid_pack(cards);
        group.throughput(Throughput::Elements(cards as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(cards),
            &pack,
            |bencher, pack| {
                bencher.iter(|| compile(pack.root(), &Options::default()));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, compile_generated_packs);

/// The quick mode: one line per size, fastest of [`QUICK_RUNS`] compiles.
fn time_each_size_once() {
    println!("tactic cards  ships  missions  files  MiB     fastest compile  per 1k cards");
    for cards in sizes() {
        let pack = valid_pack(cards);
        let fastest = (0..QUICK_RUNS)
            .map(|_| {
                let start = Instant::now();
                let compilation = compile(pack.root(), &Options::default());
                let elapsed = start.elapsed();
                drop(compilation);
                elapsed
            })
            .min()
            .expect("at least one run");
        let scale = pack.scale;
        println!(
            "{:>12}  {:>5}  {:>8}  {:>5}  {:>6.1}  {:>12.3} s  {:>9.1} ms",
            scale.tactic_cards,
            scale.ships,
            scale.missions,
            pack.written.files,
            pack.written.bytes as f64 / (1024.0 * 1024.0),
            fastest.as_secs_f64(),
            fastest.as_secs_f64() * 1000.0 * 1000.0 / cards as f64,
        );
    }
}

fn main() {
    if std::env::var_os("SPACEDOCK_BENCH_ONCE").is_some_and(|value| value != "0") {
        time_each_size_once();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
