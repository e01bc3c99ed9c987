//! Waveforms: what recording every net costs, and how fast a VCD is formatted and written.
//!
//! * `record/…`: 10,000 seeded random vectors (10% `x`, `ChaCha8` seed 24) applied to c6288
//!   one at a time, each set through a [`Port`](sim_core::Port) and settled — `plain` — and
//!   the same while a [`Waveform`] records every net ([`wave::all_signals`]: 2,448 lanes) with
//!   [`Waveform::begin_step`] and [`Engine::settle_with`] per vector (the engine reports each
//!   change through [`sim_core::Observer::on_change`], the dense sweep all of a settle's
//!   through [`sim_core::Observer::on_changes`]), as
//!   `tritium vectors --vcd --signals '*'` does — `recording`. Under the levelized schedule
//!   (what `vectors` uses, [`Sweep::Auto`]: the dense sweep on c6288) and under unit delay
//!   (what `sim` uses: every delta cycle recorded). One iteration is the whole run of 10,000
//!   vectors from a settled engine (a clone), so the ratio of the two is the cost of recording.
//! * `vcd/format-to-sink`: [`vcd::write`] of a recorded c6288 run (every net, 32,000 vectors: 100 MB of
//!   VCD) into [`std::io::sink`]; throughput in bytes of VCD.
//! * One-shot, printed with `eprintln!` before the benches (not asserted; each skipped when a
//!   filter is given that is not part of its name): `interleaved`, the levelized `record` pair
//!   run in turns, best of seven each, and their ratio (the VM's noise moves both alike);
//!   `disk`, the same VCD written to a file on disk through the 1 MiB
//!   buffer of `loader::write_atomically_with`, then synced (`sync_all`), against writing the
//!   same bytes, already formatted, the same way: the disk's own speed in this process.
//!   The file goes to `$TRITIUM_BENCH_DIR` or else the system's temporary directory.
//!
//! The netlist comes from `../shared/circuits/iscas85/` next to the workspace. Run with
//! `cargo bench -p sim-core --bench wave`; see docs/benchmarks.md for the numbers.

mod common;

use std::hint::black_box;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use sim_core::wave::vcd::{self, VcdOptions};
use sim_core::wave::{self, WaveSignal, Waveform};
use sim_core::{Circuit, Engine, Netlist, Schedule, Sweep, Trit};

/// Vectors per run.
const VECTORS: usize = 10_000;

/// `count` random vectors of `width` trits ([`common::trit`]).
fn vectors(width: usize, count: usize) -> Vec<Vec<Trit>> {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    (0..count)
        .map(|_| (0..width).map(|_| common::trit(&mut rng)).collect())
        .collect()
}

/// A settled engine for `circuit` with `schedule`.
fn engine(circuit: &Circuit, schedule: Schedule) -> Engine {
    let mut engine = Engine::with_schedule(Netlist::compile(circuit), schedule);
    assert_eq!(engine.schedule(), schedule, "an acyclic circuit");
    engine.set_sweep(Sweep::Auto);
    engine.settle();
    engine
}

/// Runs every vector on `engine` without recording.
fn run_plain(engine: &mut Engine, circuit: &Circuit, vectors: &[Vec<Trit>]) {
    let inputs = engine.port(circuit.inputs()).expect("the circuit's inputs");
    for v in vectors {
        engine.set_port(&inputs, v).expect("switches");
        black_box(engine.settle());
    }
}

/// Runs every vector on `engine`, recording `signals` one step per vector.
fn run_recording(
    engine: &mut Engine,
    circuit: &Circuit,
    signals: &[WaveSignal],
    vectors: &[Vec<Trit>],
    limit: usize,
) -> Waveform {
    let inputs = engine.port(circuit.inputs()).expect("the circuit's inputs");
    let mut wave =
        Waveform::new(engine, wave::nodes_of(signals), limit).expect("nodes of the circuit");
    for v in vectors {
        wave.begin_step();
        engine.set_port(&inputs, v).expect("switches");
        black_box(engine.settle_with(&mut wave));
    }
    wave
}

fn record(c: &mut Criterion) {
    let circuit = common::load("c6288");
    let signals = wave::all_signals(&circuit);
    let vectors = vectors(circuit.inputs().count(), VECTORS);
    let mut g = c.benchmark_group("record");
    g.sample_size(10);
    g.throughput(Throughput::Elements(VECTORS as u64));
    for (name, schedule) in [
        ("levelized", Schedule::Levelized),
        ("unit-delay", Schedule::UnitDelay),
    ] {
        let settled = engine(&circuit, schedule);
        g.bench_function(BenchmarkId::new("plain", name), |b| {
            b.iter(|| run_plain(&mut settled.clone(), &circuit, &vectors));
        });
        g.bench_function(BenchmarkId::new("recording", name), |b| {
            b.iter(|| {
                run_recording(
                    &mut settled.clone(),
                    &circuit,
                    &signals,
                    &vectors,
                    wave::DEFAULT_LIMIT,
                )
            });
        });
        let wave = run_recording(
            &mut settled.clone(),
            &circuit,
            &signals,
            &vectors,
            wave::DEFAULT_LIMIT,
        );
        eprintln!(
            "record/{name}: {} changes at {} points over {VECTORS} vectors ({} dropped)",
            wave.change_count(),
            wave.points().len(),
            wave.dropped()
        );
    }
    g.finish();
}

/// Vectors of the big record: its VCD of every net of c6288 is about 100 MB.
const BIG_VECTORS: usize = 32_000;

/// A recorded c6288 run whose VCD (every net) is about 100 MB: [`BIG_VECTORS`] levelized
/// vectors.
fn big_record() -> (Waveform, Vec<WaveSignal>) {
    let circuit = common::load("c6288");
    let signals = wave::all_signals(&circuit);
    let vectors = vectors(circuit.inputs().count(), BIG_VECTORS);
    let wave = run_recording(
        &mut engine(&circuit, Schedule::Levelized),
        &circuit,
        &signals,
        &vectors,
        // Every change kept: the whole run's VCD.
        1 << 26,
    );
    (wave, signals)
}

/// Counts the bytes written to it.
#[derive(Default)]
struct Count(u64);

impl std::io::Write for Count {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn format(c: &mut Criterion) {
    let (wave, signals) = big_record();
    let options = VcdOptions {
        top: "c6288".to_owned(),
        ..VcdOptions::default()
    };
    let mut count = Count::default();
    vcd::write(&mut count, &wave, &signals, &options).expect("written");
    let mut g = c.benchmark_group("vcd");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(count.0));
    g.bench_function("format-to-sink", |b| {
        b.iter(|| vcd::write(&mut std::io::sink(), &wave, &signals, &options).expect("written"));
    });
    g.finish();
}

/// Writes the big record's VCD to a file, formatted and as bytes already formatted, both
/// through a 1 MiB buffer and synced; prints the times and speeds.
fn disk() {
    let (wave, signals) = big_record();
    let options = VcdOptions {
        top: "c6288".to_owned(),
        ..VcdOptions::default()
    };
    let dir = std::env::var_os("TRITIUM_BENCH_DIR").map_or_else(std::env::temp_dir, PathBuf::from);
    let path = dir.join(format!("tritium-wave-bench-{}.vcd", std::process::id()));
    let timed = |write: &dyn Fn(&mut std::io::BufWriter<std::fs::File>)| -> Duration {
        let start = Instant::now();
        let file = std::fs::File::create(&path).expect("a temporary file");
        let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
        write(&mut out);
        let file = out.into_inner().expect("flushed");
        file.sync_all().expect("synced");
        start.elapsed()
    };
    let mut bytes = Vec::new();
    let start = Instant::now();
    vcd::write(&mut bytes, &wave, &signals, &options).expect("written");
    let in_memory = start.elapsed();
    let mb = bytes.len() as f64 / 1e6;
    let formatted = timed(&|out| vcd::write(out, &wave, &signals, &options).expect("written"));
    let raw = timed(&|out| out.write_all(&bytes).expect("written"));
    std::fs::remove_file(&path).ok();
    let speed = |d: Duration| mb / d.as_secs_f64();
    eprintln!(
        "VCD of c6288, every net, {BIG_VECTORS} vectors: {mb:.1} MB; into memory {in_memory:.2?} \
         ({:.0} MB/s); formatted to disk + sync {formatted:.2?} ({:.0} MB/s); the same bytes \
         already formatted to disk + sync {raw:.2?} ({:.0} MB/s), in {}",
        speed(in_memory),
        speed(formatted),
        speed(raw),
        dir.display()
    );
}

/// Runs of each kind in [`interleaved`].
const INTERLEAVED_RUNS: usize = 7;

/// The levelized `record` pair measured in turns in this process, best of
/// [`INTERLEAVED_RUNS`] each: the ratio with the noise of a shared machine (which moves both
/// alike) mostly cancelled. Prints the times and the ratio.
fn interleaved() {
    let circuit = common::load("c6288");
    let signals = wave::all_signals(&circuit);
    let vectors = vectors(circuit.inputs().count(), VECTORS);
    let settled = engine(&circuit, Schedule::Levelized);
    let (mut plain, mut recording) = (Duration::MAX, Duration::MAX);
    for _ in 0..INTERLEAVED_RUNS {
        let mut e = settled.clone();
        let start = Instant::now();
        run_plain(&mut e, &circuit, &vectors);
        plain = plain.min(start.elapsed());
        let mut e = settled.clone();
        let start = Instant::now();
        let wave = run_recording(&mut e, &circuit, &signals, &vectors, wave::DEFAULT_LIMIT);
        recording = recording.min(start.elapsed());
        drop(black_box(wave));
    }
    eprintln!(
        "record/levelized, interleaved, best of {INTERLEAVED_RUNS}: plain {plain:.2?}, \
         recording every net {recording:.2?}: ratio {:.2}",
        recording.as_secs_f64() / plain.as_secs_f64()
    );
}

fn one_shots(_: &mut Criterion) {
    // `--list`, test mode (`cargo test --benches`) and a filter that does not match a one-shot's
    // name (e.g. `-- record/`) skip it.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args
        .iter()
        .find(|a| !a.starts_with('-') && a.parse::<f64>().is_err());
    let skip = args.iter().any(|a| a == "--list" || a == "--test");
    let wants = |name: &str| !skip && filter.is_none_or(|f| name.contains(f.as_str()));
    if wants("interleaved") {
        interleaved();
    }
    if wants("disk") {
        disk();
    }
}

criterion_group!(benches, one_shots, record, format);
criterion_main!(benches);
