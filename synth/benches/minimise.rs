//! Minimisation speed (issue 41's targets; numbers in docs/benchmarks.md):
//!
//! - the heuristic on a 16-input, 8-output table in under 1 s: structured logic (each output
//!   the OR of 8 random products of 3 to 6 literals, 5% of rows don't-care) and a dense
//!   random table (each row 0, 1 or don't-care alike);
//! - exact minimisation of every function of 4 inputs (65,536) in under 10 s;
//! - Auto (exact within the default limits, else the heuristic) at Digital's and
//!   Logisim-evolution's input limits, 12 and 20 inputs, structured, 4 outputs.
//!
//! Tables come from a seeded `ChaCha8` generator (seed 41). `cargo bench -p tritium-synth`.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use synth::{Form, Mode, Options, Spec, TruthTable, Value, minimise, minimise_spec};

fn names(prefix: &str, count: usize) -> Vec<String> {
    (0..count).map(|i| format!("{prefix}{i}")).collect()
}

/// A spec of `outputs` outputs over `inputs` inputs, each output's value per row from `value`.
fn spec(inputs: usize, outputs: usize, mut value: impl FnMut(usize, u32) -> Value) -> Spec {
    let tables = (0..outputs).map(|k| {
        let rows: Vec<(u32, Value)> = (0..1u32 << inputs)
            .map(|row| (row, value(k, row)))
            .collect();
        let table = TruthTable::from_rows(names("x", inputs), rows).expect("a table");
        (format!("y{k}"), table)
    });
    Spec::new(tables.collect()).expect("a spec")
}

/// Each output the OR of 8 random products of 3 to 6 literals; 5% of rows don't-care.
fn structured(inputs: usize, outputs: usize) -> Spec {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let products: Vec<Vec<(u32, u32)>> = (0..outputs)
        .map(|_| {
            (0..8)
                .map(|_| {
                    let literals = rng.random_range(3..=6);
                    let mut care = 0u32;
                    while care.count_ones() < literals {
                        care |= 1 << rng.random_range(0..inputs);
                    }
                    (care, rng.random::<u32>() & care)
                })
                .collect()
        })
        .collect();
    spec(inputs, outputs, |k, row| {
        if rng.random_range(0..20) == 0 {
            Value::DontCare
        } else if products[k].iter().any(|&(care, ones)| row & care == ones) {
            Value::One
        } else {
            Value::Zero
        }
    })
}

/// Each row of each output 0, 1 or don't-care alike.
fn dense(inputs: usize, outputs: usize) -> Spec {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    spec(inputs, outputs, |_, _| match rng.random_range(0..3) {
        0 => Value::Zero,
        1 => Value::One,
        _ => Value::DontCare,
    })
}

fn heuristic(c: &mut Criterion) {
    let options = Options {
        mode: Mode::Heuristic,
        ..Options::default()
    };
    let mut group = c.benchmark_group("heuristic");
    group.sample_size(10);
    for (name, spec) in [
        ("16 inputs, 8 outputs, structured", structured(16, 8)),
        ("16 inputs, 8 outputs, dense random", dense(16, 8)),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                minimise_spec(&spec, options)
                    .expect("minimises")
                    .terms
                    .len()
            });
        });
    }
    group.finish();
}

fn every_four_input_function(c: &mut Criterion) {
    let inputs = names("x", 4);
    let tables: Vec<TruthTable> = (0..=u16::MAX)
        .map(|bits| {
            let rows = (0..16u32).filter(|&row| bits >> row & 1 == 1);
            TruthTable::from_rows(inputs.clone(), rows.map(|row| (row, Value::One)))
                .expect("a table")
        })
        .collect();
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    group.bench_function("every 4-input function (65,536)", |b| {
        b.iter(|| {
            tables
                .iter()
                .map(|table| {
                    minimise(table, Form::SumOfProducts)
                        .expect("minimises")
                        .terms
                        .len()
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

fn input_limits(c: &mut Criterion) {
    let mut group = c.benchmark_group("auto");
    group.sample_size(10);
    for inputs in [12, 20] {
        let spec = structured(inputs, 4);
        let cover = minimise_spec(&spec, Options::default()).expect("minimises");
        let name = format!(
            "{inputs} inputs, 4 outputs, structured ({}, {} terms)",
            cover.describe_exactness(),
            cover.terms.len()
        );
        group.bench_function(name, |b| {
            b.iter(|| minimise_spec(&spec, Options::default()).expect("minimises"));
        });
    }
    group.finish();
}

criterion_group!(benches, heuristic, every_four_input_function, input_limits);
criterion_main!(benches);
