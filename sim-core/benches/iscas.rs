//! ISCAS-85 throughput, in vectors per second, and the 1M-gate load + settle measurement.
//!
//! * `event/c6288`, `event/c7552`: the event engine applies one random vector (10% `x`) and
//!   settles, one vector per iteration (throughput = 1 vector), with the default unit-delay
//!   schedule; `event-levelized/…` the same with [`Schedule::Levelized`] (its default
//!   [`Sweep::Auto`], which takes the dense sweep on these circuits), and
//!   `event-selective-trace/…` with [`Sweep::SelectiveTrace`].
//! * `batch/c6288`, `batch/c7552`: [`BatchEngine::run_lanes`] on [`LANES`] (512) random
//!   vectors given as bit-planes (10% `x`), outputs returned as planes; throughput = 512
//!   vectors.
//! * One-shot, printed with `eprintln!` before the benches (not asserted; skipped when a filter
//!   other than `1M-gates` is given, e.g. `-- batch`): generating a
//!   1,000,000-gate random DAG (64 inputs, seed 1), `Engine::from_circuit`, setting all inputs
//!   and settling — the times and the process's peak memory (`VmHWM` in `/proc/self/status`);
//!   the same with the levelized schedule; then the same DAG parsed back from `.bench` text,
//!   loaded (levelized, as `tritium vectors` does) and settled.
//!
//! The netlists come from `../shared/circuits/iscas85/` next to the workspace. Run with
//! `cargo bench -p sim-core --bench iscas`; see docs/benchmarks.md for the numbers.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use sim_core::batch::{BatchEngine, LANES, Lanes};
use sim_core::generate::{DagShape, random_dag};
use sim_core::{Circuit, Engine, Netlist, NodeId, Schedule, SettleReport, Sweep, Trit, bench};

/// The circuits measured.
const CIRCUITS: [&str; 2] = ["c6288", "c7552"];
/// Pre-drawn vectors the event benches cycle through.
const POOL: usize = 1024;
/// Pre-drawn [`LANES`]-lane blocks the batch benches cycle through: 20 × 512 = 10,240
/// vectors, about the 10,000 that `scripts/bench-compare.sh` hands Verilator (which keeps them
/// packed in memory and evaluates them over and over).
const BLOCKS: usize = 20;

/// The event engine with `schedule` (and `sweep`), one vector at a time, in benchmark group
/// `group`.
fn bench_event(
    c: &mut Criterion,
    group: &str,
    (schedule, sweep): (Schedule, Sweep),
    name: &str,
    circuit: &Circuit,
) {
    let mut engine = Engine::with_schedule(Netlist::compile(circuit), schedule);
    assert_eq!(engine.schedule(), schedule, "an acyclic circuit");
    engine.set_sweep(sweep);
    let inputs = engine.port(circuit.inputs()).expect("the circuit's inputs");
    let mut rng = ChaCha8Rng::seed_from_u64(85);
    let pool: Vec<Vec<Trit>> = (0..POOL)
        .map(|_| (0..inputs.len()).map(|_| common::trit(&mut rng)).collect())
        .collect();
    engine.settle();
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
    let mut next = 0;
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            engine.set_port(&inputs, &pool[next]).expect("switches");
            next = (next + 1) % POOL;
            black_box(engine.settle())
        });
    });
    g.finish();
}

/// The batch engine, [`LANES`] vectors per pass.
fn bench_batch(c: &mut Criterion, name: &str, circuit: &Circuit) {
    let mut engine = BatchEngine::new(circuit).expect("a combinational circuit");
    let mut rng = ChaCha8Rng::seed_from_u64(85);
    let pool: Vec<Vec<(Lanes, Lanes)>> = (0..BLOCKS)
        .map(|_| {
            (0..engine.input_count())
                .map(|_| {
                    let (mut known, mut value): (Lanes, Lanes) = Default::default();
                    for lane in 0..LANES {
                        let t = common::trit(&mut rng);
                        known[lane / 64] |= u64::from(t.is_known()) << (lane % 64);
                        value[lane / 64] |= u64::from(t == Trit::True) << (lane % 64);
                    }
                    (known, value)
                })
                .collect()
        })
        .collect();
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(LANES as u64));
    // Every block's outputs are copied out, as Verilator's loop stores every output.
    let mut results =
        vec![vec![(Lanes::default(), Lanes::default()); engine.output_count()]; BLOCKS];
    let mut next = 0;
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            results[next].copy_from_slice(engine.run_lanes(black_box(&pool[next])));
            next = (next + 1) % BLOCKS;
        });
    });
    black_box(results);
    g.finish();
}

/// The process's peak resident memory (`VmHWM`), as written in `/proc/self/status`.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:").map(|v| v.trim().to_owned()))
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

/// Sets every input to +1 and settles: the report and how long it took.
fn settle_all_true(engine: &mut Engine, inputs: &[NodeId]) -> (SettleReport, Duration) {
    let start = Instant::now();
    engine
        .set(inputs.iter().map(|&i| (i, Trit::True)))
        .expect("switches");
    let report = engine.settle();
    (report, start.elapsed())
}

/// Generates a 1M-gate random DAG, compiles it into an engine, sets every input and settles;
/// prints the times and the peak memory.
fn one_million_gates() {
    let start = Instant::now();
    let circuit = random_dag(DagShape::new(64, 1_000_000), 1);
    let generated = start.elapsed();
    let start = Instant::now();
    let mut engine = Engine::from_circuit(&circuit);
    let compiled = start.elapsed();
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    let (report, settled) = settle_all_true(&mut engine, &inputs);
    eprintln!(
        "1M-gate random DAG (64 inputs, seed 1, {} nodes): generate {generated:.2?}; \
         Engine::from_circuit {compiled:.2?}; set all inputs + settle {settled:.2?} \
         ({} events, {} deltas); load + settle {:.2?}; peak memory (VmHWM) {}",
        circuit.node_count(),
        report.events,
        report.deltas,
        compiled + settled,
        peak_memory()
    );
    drop(engine);

    // The same with the levelized schedule (what `tritium vectors` uses).
    let start = Instant::now();
    let mut engine = Engine::with_schedule(Netlist::compile(&circuit), Schedule::Levelized);
    let compiled = start.elapsed();
    let (report, settled) = settle_all_true(&mut engine, &inputs);
    eprintln!(
        "the same, levelized schedule: compile + levelize {compiled:.2?}; set all inputs + \
         settle {settled:.2?} ({} events); load + settle {:.2?}; peak memory (VmHWM) {}",
        report.events,
        compiled + settled,
        peak_memory()
    );
    drop(engine);

    // The same circuit loaded from `.bench` text, as `tritium` would load a file (after the
    // peak-memory reading above, since the text and a second circuit add to it).
    match bench::to_string(&circuit) {
        Ok(text) => {
            drop(circuit);
            let start = Instant::now();
            let parsed = bench::from_str(&text).expect("a written netlist parses");
            let parsed_in = start.elapsed();
            let mut engine = Engine::with_schedule(Netlist::compile(&parsed), Schedule::Levelized);
            let inputs: Vec<NodeId> = parsed.inputs().collect();
            black_box(settle_all_true(&mut engine, &inputs));
            eprintln!(
                "the same DAG from .bench text ({} MB): parse {parsed_in:.2?}; parse + load + \
                 settle {:.2?}; peak memory (VmHWM) now {}",
                text.len() / 1_000_000,
                start.elapsed(),
                peak_memory()
            );
        }
        Err(e) => eprintln!("the DAG has no .bench form: {e}"),
    }
}

fn iscas_benches(c: &mut Criterion) {
    // `--list`, test mode (`cargo test --benches`) and a filter that does not match
    // "1M-gates" (e.g. `-- batch`) skip the slow one-shot measurement.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args
        .iter()
        .find(|a| !a.starts_with('-') && a.parse::<f64>().is_err());
    let skip = args.iter().any(|a| a == "--list" || a == "--test")
        || filter.is_some_and(|f| !"1M-gates".contains(f.as_str()));
    if !skip {
        one_million_gates();
    }
    for name in CIRCUITS {
        let circuit = common::load(name);
        let unit = (Schedule::UnitDelay, Sweep::Auto);
        bench_event(c, "event", unit, name, &circuit);
        let levelized = (Schedule::Levelized, Sweep::Auto);
        bench_event(c, "event-levelized", levelized, name, &circuit);
        let selective = (Schedule::Levelized, Sweep::SelectiveTrace);
        bench_event(c, "event-selective-trace", selective, name, &circuit);
        bench_batch(c, name, &circuit);
    }
}

criterion_group!(benches, iscas_benches);
criterion_main!(benches);
