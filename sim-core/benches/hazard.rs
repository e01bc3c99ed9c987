//! Hazard analysis (issue 26): every single-input change of a generated 16-input circuit of
//! 1,000 gates (`generate::random_dag`, seed 26): 2^16 vectors × 16 changes = 1,048,576
//! transitions, procedure A on the batch engine and the transients bit-sliced, 512 pairs a
//! pass. The target is under 10 s on one core. `cargo bench -p sim-core --bench hazard`.

use criterion::{Criterion, criterion_group, criterion_main};
use sim_core::analysis::hazard::{HazardAnalysis, SweepOptions};
use sim_core::generate::{DagShape, random_dag};

fn hazard(c: &mut Criterion) {
    let circuit = random_dag(DagShape::new(16, 1000), 26);
    let analysis = HazardAnalysis::new(&circuit).expect("a DAG");
    let mut group = c.benchmark_group("hazard");
    group.sample_size(10);
    group.bench_function("all-single, 16 inputs, 1,000 gates", |b| {
        b.iter(|| {
            let report = analysis
                .all_single(&SweepOptions::default())
                .expect("sweeps");
            assert_eq!(report.transitions, 16 << 16);
            report.outputs.len()
        });
    });
    group.finish();
}

criterion_group!(benches, hazard);
criterion_main!(benches);
