//! Buses versus the same circuit written one trit at a time: "load + settle" of a
//! 1,048,576-gate circuit.
//!
//! The bus circuit (format version 3): two 64-trit switches `A` and `B`, then a chain of
//! 16,384 two-input gates each 64 trits wide (NAND, XOR, NOR, OR, AND, XNOR in turn), gate
//! `g{j}` reading `g{j-1}` and `g{j-2}` (the switches for the first two), and a 64-trit lamp
//! on the last: 16,384 × 64 = 1,048,576 gates once expanded. The bit-level circuit (format
//! version 1) has exactly the nodes and wires the expansion makes, with the same labels
//! (`g5[3]`).
//!
//! * `buses`: `format::from_str` of the version-3 text (parse, then expand), then
//!   `Engine::from_circuit`, set both switches and settle.
//! * `bits`: the same from the version-1 text.
//!
//! Both texts are generated once, outside the timing loop. Run with
//! `cargo bench -p sim-core --bench buses`; the target is `buses` within 20 % of `bits`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sim_core::{Engine, Trit, format};

/// Trits per bus.
const WIDTH: usize = 64;
/// Bus gates in the chain.
const GATES: usize = 16_384;
/// The gate kinds, in turn.
const KINDS: [&str; 6] = ["Nand(2)", "Xor(2)", "Nor(2)", "Or(2)", "And(2)", "Xnor(2)"];

/// The signal gate `j`'s input `n` reads.
fn source(j: usize, n: usize) -> String {
    match (j, n) {
        (0, 0) => "A".into(),
        (0, _) | (1, 1) => "B".into(),
        _ => format!("g{}", j - 1 - n),
    }
}

/// The chain with 64-trit buses, as a version-3 file.
fn bus_text() -> String {
    let mut t = String::from("(\n    version: 3,\n    nodes: [\n");
    let _ = writeln!(t, "        (label: \"A\", kind: Switch, width: {WIDTH}),");
    let _ = writeln!(t, "        (label: \"B\", kind: Switch, width: {WIDTH}),");
    for j in 0..GATES {
        let kind = KINDS[j % KINDS.len()];
        let _ = writeln!(
            t,
            "        (label: \"g{j}\", kind: {kind}, width: {WIDTH}),"
        );
    }
    let _ = writeln!(t, "        (label: \"Y\", kind: Lamp, width: {WIDTH}),");
    t.push_str("    ],\n    wires: [\n");
    for j in 0..GATES {
        for n in 0..2 {
            let _ = writeln!(
                t,
                "        (from: \"{}\", to: \"g{j}\", input: {n}),",
                source(j, n)
            );
        }
    }
    let _ = writeln!(t, "        (from: \"g{}\", to: \"Y\"),", GATES - 1);
    t.push_str("    ],\n)\n");
    t
}

/// The same circuit one trit at a time, as a version-1 file with the expansion's labels.
fn bit_text() -> String {
    let mut t = String::from("(\n    version: 1,\n    nodes: [\n");
    let mut node = |label: &str, kind: &str| {
        for i in 0..WIDTH {
            let _ = writeln!(t, "        (label: \"{label}[{i}]\", kind: {kind}),");
        }
    };
    node("A", "Switch");
    node("B", "Switch");
    for j in 0..GATES {
        node(&format!("g{j}"), KINDS[j % KINDS.len()]);
    }
    node("Y", "Lamp");
    t.push_str("    ],\n    wires: [\n");
    for j in 0..GATES {
        for n in 0..2 {
            let from = source(j, n);
            for i in 0..WIDTH {
                let _ = writeln!(
                    t,
                    "        (from: \"{from}[{i}]\", to: \"g{j}[{i}]\", input: {n}),"
                );
            }
        }
    }
    for i in 0..WIDTH {
        let _ = writeln!(
            t,
            "        (from: \"g{}[{i}]\", to: \"Y[{i}]\"),",
            GATES - 1
        );
    }
    t.push_str("    ],\n)\n");
    t
}

/// Loads `text`, drives every switch to +1 and settles; returns the events processed.
fn load_and_settle(text: &str) -> u64 {
    let doc = format::from_str(text).expect("the generated file is valid");
    let c = &doc.circuit;
    assert_eq!(c.node_count(), (GATES + 3) * WIDTH);
    let mut engine = Engine::from_circuit(c);
    let switches: Vec<_> = c.inputs().map(|id| (id, Trit::True)).collect();
    engine.set(switches).expect("switches take +1");
    engine.settle().events
}

fn bench(c: &mut Criterion) {
    let (buses, bits) = (bus_text(), bit_text());
    // Same circuit, same events.
    assert_eq!(load_and_settle(&buses), load_and_settle(&bits));
    let mut group = c.benchmark_group("load_settle_1M_gates");
    group.sample_size(10);
    group.bench_function("buses", |b| b.iter(|| load_and_settle(black_box(&buses))));
    group.bench_function("bits", |b| b.iter(|| load_and_settle(black_box(&bits))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
