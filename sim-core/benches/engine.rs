//! Engine throughput: settling after an input change, reported in events per second.
//!
//! * `chain/1M`: a 1,000,000-inverter chain — one event per delta cycle, the queue's worst case.
//! * `dag/100k`: a random 100,000-gate DAG (seed 1, fan-in ≤ 3) after all 64 inputs flip.
//! * `compile/1M`: compiling the 1M chain's circuit into a netlist.
//! * `batch/dag-100k`: the bit-parallel batch engine on the same DAG, 64 vectors per pass.
//!
//! Run with `cargo bench -p sim-core --bench engine`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sim_core::batch::BatchEngine;
use sim_core::generate::{DagShape, inverter_chain, random_dag};
use sim_core::{Circuit, Engine, Netlist, NodeId, Trit};

/// Builds an engine, settles power-on, and measures settling after each flip of all inputs.
fn bench_settle(c: &mut Criterion, group: &str, name: &str, circuit: &Circuit) {
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    let mut engine = Engine::from_circuit(circuit);
    engine.settle();
    // Events per settle, measured once for the throughput figure (a flip and its flip back
    // cost the same in a chain; in a DAG they differ, so average two).
    let mut events = 0;
    for v in [Trit::True, Trit::False] {
        engine
            .set(inputs.iter().map(|&i| (i, v)))
            .expect("switches");
        events += engine.settle().events;
    }
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.throughput(Throughput::Elements(events / 2));
    let mut value = Trit::True;
    g.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            engine
                .set(inputs.iter().map(|&i| (i, value)))
                .expect("switches");
            value = -value;
            black_box(engine.settle())
        });
    });
    g.finish();
}

fn engine_benches(c: &mut Criterion) {
    let chain = inverter_chain(1_000_000);
    bench_settle(c, "chain", "1M", &chain);

    let mut g = c.benchmark_group("compile");
    g.sample_size(10);
    g.throughput(Throughput::Elements(chain.node_count() as u64));
    g.bench_function("1M", |b| b.iter(|| black_box(Netlist::compile(&chain))));
    g.finish();
    drop(chain);

    let dag = random_dag(
        DagShape {
            inputs: 64,
            gates: 100_000,
            max_fanin: 3,
            window: 64,
        },
        1,
    );
    bench_settle(c, "dag", "100k", &dag);

    // The batch engine on the same DAG: 64 ternary vectors per pass.
    let mut batch = BatchEngine::new(&dag).expect("a DAG");
    let planes: Vec<(u64, u64)> = (0..batch.input_count() as u64)
        .map(|k| {
            (
                !(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                k.wrapping_mul(0xD1B5_4A32_D192_ED03),
            )
        })
        .collect();
    let mut g = c.benchmark_group("batch");
    g.sample_size(10);
    g.throughput(Throughput::Elements(64));
    g.bench_function("dag-100k (vectors)", |b| {
        b.iter(|| black_box(batch.run_planes(&planes)));
    });
    g.finish();
}

criterion_group!(benches, engine_benches);
criterion_main!(benches);
