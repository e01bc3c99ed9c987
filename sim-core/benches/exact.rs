//! X-pessimism decided exactly (`analysis::exact`, issue 26): the time of one whole analysis.
//!
//! * `exact/c6288-8x`: c6288 (the 16×16 multiplier) with its first 8 inputs unknown and the
//!   others drawn ±1 (`ChaCha8`, seed 26), every output Kleene leaves unknown decided by
//!   enumerating the 256 completions on the batch engine (the target: under 1 s).
//! * `exact/c880-26x`, `exact/c432-26x`: 26 unknown inputs (2^26 completions, past the
//!   enumeration limit): 2,048 samples, then decision diagrams for the outputs the samples
//!   did not show undetermined; `…-26x-bdd` the same with one sample, so that the diagrams
//!   decide every output (the worst case of the diagram path).
//!
//! * `exact/c6288-24x-full`: c6288 with 24 unknown inputs and one extra probe on
//!   `OR(x, NOT x)` of the first unknown input — pessimistic (+1), so all 2^24 completions
//!   are simulated: 32,768 passes, the enumeration's worst case.
//!
//! Before the benches, one line per case on standard error says how many outputs were
//! unknown under Kleene and how each was decided. The netlists come from
//! `../shared/circuits/iscas85/`. Run with `cargo bench -p sim-core --bench exact`; the
//! numbers are in docs/benchmarks.md.

mod common;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sim_core::analysis::exact::{self, Method, Options, Verdict};
use sim_core::{Circuit, Node, NodeId, NodeKind, Trit};

/// The cases: circuit and number of unknown inputs (the first ones, in input order).
const CASES: [(&str, usize); 3] = [("c6288", 8), ("c880", 26), ("c432", 26)];

/// The assignment: the first `unknown` inputs left out (unknown), the others ±1 at random —
/// drawn through [`common::trit`] with its unknowns read as −1.
fn assignment(circuit: &Circuit, unknown: usize) -> Vec<(NodeId, Trit)> {
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    circuit
        .inputs()
        .skip(unknown)
        .map(|id| {
            let t = common::trit(&mut rng);
            let _ = rng.next_u64();
            (id, if t == Trit::True { t } else { Trit::False })
        })
        .collect()
}

/// One line: what the analysis found, per verdict and method.
fn summary(report: &exact::Report) -> String {
    let count = |f: &dyn Fn(&exact::NetReport) -> bool| report.nets.iter().filter(|n| f(n)).count();
    format!(
        "{} unknown under Kleene: {} pessimistic, {} undetermined, {} unknown; by enumeration {}, sampling {}, bdd {}; {} completions simulated (X_PROB {})",
        report.nets.len(),
        count(&|n| matches!(n.verdict, Verdict::Pessimistic { .. })),
        count(&|n| matches!(n.verdict, Verdict::Undetermined { .. })),
        count(&|n| n.verdict == Verdict::Unknown),
        count(&|n| n.method == Method::Enumeration),
        count(&|n| n.method == Method::Sampling),
        count(&|n| n.method == Method::Bdd),
        report.examined,
        common::X_PROB,
    )
}

fn exact_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("exact");
    g.sample_size(10);
    for (name, unknown) in CASES {
        let circuit = common::load(name);
        let set = assignment(&circuit, unknown);
        let mut variants = vec![(String::new(), Options::default())];
        if unknown > 24 {
            let one = Options {
                samples: 1,
                ..Options::default()
            };
            variants.push(("-bdd".to_owned(), one));
        }
        for (suffix, options) in variants {
            let id = format!("{name}-{unknown}x{suffix}");
            match exact::decide(&circuit, &set, &options) {
                Ok(report) => eprintln!("exact/{id}: {}", summary(&report)),
                Err(e) => {
                    eprintln!("exact/{id}: {e}");
                    continue;
                }
            }
            g.bench_function(id, |b| {
                b.iter(|| exact::decide(black_box(&circuit), black_box(&set), &options));
            });
        }
    }
    full_enumeration(&mut g);
    g.finish();
}

/// `exact/c6288-24x-full`: every one of 2^24 completions simulated.
fn full_enumeration(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    let mut circuit = common::load("c6288");
    let Some(x) = circuit.inputs().next() else {
        return;
    };
    let node = |label: &str, kind| Node::new(label, kind);
    let (Ok(not), Ok(or), Ok(probe)) = (
        circuit.add_node(node("EXCLUDED_MIDDLE_NOT", NodeKind::Not)),
        circuit.add_node(node("EXCLUDED_MIDDLE", NodeKind::Or(2))),
        circuit.add_node(node("OUTPUT(EXCLUDED_MIDDLE)", NodeKind::Probe)),
    ) else {
        return;
    };
    for (from, to, pin) in [(x, not, 0), (x, or, 0), (not, or, 1), (or, probe, 0)] {
        circuit.connect(from, to, pin).expect("a free input pin");
    }
    let set = assignment(&circuit, 24);
    let options = Options::default();
    match exact::decide(&circuit, &set, &options) {
        Ok(report) => eprintln!("exact/c6288-24x-full: {}", summary(&report)),
        Err(e) => {
            eprintln!("exact/c6288-24x-full: {e}");
            return;
        }
    }
    g.bench_function("c6288-24x-full", |b| {
        b.iter(|| exact::decide(black_box(&circuit), black_box(&set), &options));
    });
}

criterion_group!(benches, exact_benches);
criterion_main!(benches);
