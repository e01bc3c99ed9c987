//! The 8-bit CPU built from gates (`circuits/cpu/`): simulated clock cycles per second.
//!
//! `fib/…`: `circuits/cpu/fib.ron` from reset to `HLT` (1 reset cycle + 236 cycles, every
//! output checked at the end), one full clock cycle = two ticks, each settled; under unit delay
//! (what the app's Step mode animates), the levelized schedule ticking and settling, and
//! cycle-based runs of the levelized engine ([`Engine::run_clocked`], what `tritium run` uses).
//! Criterion's throughput is in elements = clock cycles. Run with
//! `cargo bench -p sim-core --bench cpu`; numbers in docs/benchmarks.md.

use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sim_core::{Circuit, Engine, Netlist, Schedule, Trit, format};

/// Cycles from reset to `HLT` for fib.s (docs/cpu.md).
const FIB_CYCLES: u64 = 236;

fn load(path: &Path) -> Circuit {
    let text = std::fs::read_to_string(path).expect("the CPU circuit");
    let mut resolve = |name: &str, from: &str| {
        let p = Path::new(from)
            .parent()
            .unwrap_or(Path::new("."))
            .join(name);
        std::fs::read_to_string(&p)
            .map(|t| (p.display().to_string(), t))
            .map_err(|e| e.to_string())
    };
    format::from_str_with(&text, &path.display().to_string(), &mut resolve)
        .expect("a valid circuit")
        .circuit
}

/// Runs fib from reset to `HLT` on `engine` (settled from power-on) and checks the port;
/// cycle-based runs if `cycle_based`, else ticks and settles.
fn run(engine: &mut Engine, circuit: &Circuit, cycle_based: bool) {
    let reset = circuit.find("RESET").expect("RESET");
    let cycle = |e: &mut Engine| {
        if cycle_based {
            assert_eq!(e.run_clocked(2, &[]).cycle_based, Ok(()));
            return;
        }
        for _ in 0..2 {
            e.tick();
            e.settle();
        }
    };
    engine.set([(reset, Trit::True)]).expect("a switch");
    engine.settle();
    cycle(engine);
    engine.set([(reset, Trit::False)]).expect("a switch");
    engine.settle();
    if cycle_based {
        assert_eq!(
            engine.run_clocked(2 * FIB_CYCLES, &[]).ticks,
            2 * FIB_CYCLES
        );
    } else {
        for _ in 0..FIB_CYCLES {
            cycle(engine);
        }
    }
    let port = engine.bus_value(circuit.bus("PORT").expect("PORT"));
    assert_eq!(
        sim_core::number::format(&port, sim_core::number::Radix::Unsigned),
        "233"
    );
}

fn cpu(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../circuits/cpu/fib.ron");
    let circuit = load(&path);
    let mut g = c.benchmark_group("fib");
    g.throughput(Throughput::Elements(FIB_CYCLES + 1));
    for (name, schedule, cycle_based) in [
        ("unit-delay", Schedule::UnitDelay, false),
        ("levelized", Schedule::Levelized, false),
        ("cycle-based", Schedule::Levelized, true),
    ] {
        let mut engine = Engine::with_schedule(Netlist::compile(&circuit), schedule);
        assert_eq!(engine.schedule(), schedule);
        engine.settle();
        g.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| run(&mut engine, &circuit, cycle_based));
        });
    }
    g.finish();
}

criterion_group!(benches, cpu);
criterion_main!(benches);
