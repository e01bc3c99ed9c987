//! Loading a subcircuit hierarchy versus the same circuit written flat: "load + settle" of a
//! 1,048,576-gate circuit.
//!
//! The hierarchy (format version 2): a leaf part of 16 gates (2 input pins, 4 layers of 4
//! gates, 2 output pins); each of 5 levels above it a part chaining 8 instances of the level
//! below (outputs to inputs); the top level chains 2 instances of the highest level between
//! 2 switches and 2 lamps: 16 × 8⁵ × 2 = 1,048,576 gates. The flat circuit (format version 1)
//! has the same nodes and wires with the labels flattening gives (`u1/u7/u0/u3/u5/u2/g12`).
//!
//! * `hierarchical`: `format::from_str` of the version-2 text (parse, then flatten), then
//!   `Engine::from_circuit`, set both switches and settle.
//! * `flat`: the same from the version-1 text.
//!
//! Both texts are generated once, outside the timing loop. Run with
//! `cargo bench -p sim-core --bench hierarchy`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sim_core::{Engine, NodeKind, Trit, format};

/// Gates in the leaf part: 4 layers of [`LAYER`].
const LEAF_GATES: usize = 16;
/// Gates per layer of the leaf part.
const LAYER: usize = 4;
/// Instances chained in each part above the leaf.
const FANOUT: usize = 8;
/// Levels of parts above the leaf.
const LEVELS: usize = 5;
/// Instances of the highest level chained at the top level.
const TOP_INSTANCES: usize = 2;

/// The kind of the leaf's gate `k`: 2-input gates and inverters/buffers in turn.
fn leaf_kind(k: usize) -> NodeKind {
    [
        NodeKind::Nand(2),
        NodeKind::Xor(2),
        NodeKind::Nor(2),
        NodeKind::Or(2),
        NodeKind::And(2),
        NodeKind::Xnor(2),
        NodeKind::Not,
        NodeKind::Buf,
    ][k % 8]
}

/// The leaf's wiring: for gate `k`, the signals feeding each of its inputs, as indices into
/// the leaf's signals (0 and 1: the input pins; `2 + j`: gate `j`). Gate `j` of a layer reads
/// signals `j` and `j + 1` (mod 4) of the layer before (the input pins, alternating, for the
/// first layer).
fn leaf_inputs(k: usize) -> Vec<usize> {
    let (layer, j) = (k / LAYER, k % LAYER);
    let prev = |j: usize| {
        if layer == 0 {
            j % 2
        } else {
            2 + (layer - 1) * LAYER + j % LAYER
        }
    };
    (0..leaf_kind(k).input_count())
        .map(|n| prev(j + n))
        .collect()
}

/// The leaf's output pins are driven by these gates.
const LEAF_OUTPUTS: [usize; 2] = [LEAF_GATES - 4, LEAF_GATES - 3];

/// The hierarchy as a version-2 file.
fn hierarchical_text() -> String {
    let mut parts = Vec::new();
    // The leaf: pins i0, i1, gates g0…g15, lamps o0, o1.
    let mut nodes = vec![
        "(label: \"i0\", kind: Switch)".to_owned(),
        "(label: \"i1\", kind: Switch)".to_owned(),
    ];
    let mut wires = Vec::new();
    let signal = |s: usize| {
        if s < 2 {
            format!("i{s}")
        } else {
            format!("g{}", s - 2)
        }
    };
    for k in 0..LEAF_GATES {
        nodes.push(format!("(label: \"g{k}\", kind: {:?})", leaf_kind(k)));
        for (n, s) in leaf_inputs(k).into_iter().enumerate() {
            wires.push(format!(
                "(from: \"{}\", to: \"g{k}\", input: {n})",
                signal(s)
            ));
        }
    }
    for (o, g) in LEAF_OUTPUTS.iter().enumerate() {
        nodes.push(format!("(label: \"o{o}\", kind: Lamp)"));
        wires.push(format!("(from: \"g{g}\", to: \"o{o}\")"));
    }
    parts.push(format!(
        "(name: \"l0\", nodes: [{}], wires: [{}])",
        nodes.join(", "),
        wires.join(", ")
    ));
    // Level L: FANOUT instances of level L − 1 in a chain between its pins.
    for level in 1..=LEVELS {
        parts.push(format!(
            "(name: \"l{level}\", instances: [{}], nodes: [(label: \"i0\", kind: Switch), \
             (label: \"i1\", kind: Switch), (label: \"o0\", kind: Lamp), \
             (label: \"o1\", kind: Lamp)], wires: [{}])",
            chain_instances(FANOUT, level - 1),
            chain_wires(FANOUT, ["i0", "i1"], ["o0", "o1"])
        ));
    }
    format!(
        "(version: 2, subcircuits: [{}], instances: [{}], nodes: [(label: \"a\", kind: Switch), \
         (label: \"b\", kind: Switch), (label: \"y0\", kind: Lamp), (label: \"y1\", kind: Lamp)], \
         wires: [{}])",
        parts.join(",\n"),
        chain_instances(TOP_INSTANCES, LEVELS),
        chain_wires(TOP_INSTANCES, ["a", "b"], ["y0", "y1"])
    )
}

/// `count` instances `u0`, `u1`, … of part `l{of}`.
fn chain_instances(count: usize, of: usize) -> String {
    (0..count)
        .map(|u| format!("(label: \"u{u}\", of: \"l{of}\")"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The wires of a chain of `count` instances from the pins `from` to the pins `to`.
fn chain_wires(count: usize, from: [&str; 2], to: [&str; 2]) -> String {
    let mut wires = Vec::new();
    for p in 0..2 {
        wires.push(format!("(from: \"{}\", to: \"u0.i{p}\")", from[p]));
        for u in 1..count {
            wires.push(format!("(from: \"u{}.o{p}\", to: \"u{u}.i{p}\")", u - 1));
        }
        wires.push(format!(
            "(from: \"u{}.o{p}\", to: \"{}\")",
            count - 1,
            to[p]
        ));
    }
    wires.join(", ")
}

/// The flat circuit being written: RON node and wire items.
struct Flat {
    /// `(label: …, kind: …),` items.
    nodes: String,
    /// `(from: …, to: …, input: …),` items.
    wires: String,
}

impl Flat {
    /// Writes an instance of part `l{level}` at instance path `prefix`, its input pins driven
    /// by the flat nodes `pins`; returns the flat nodes driving its output pins.
    fn part(&mut self, level: usize, prefix: &str, pins: [String; 2]) -> [String; 2] {
        if level > 0 {
            let mut pins = pins;
            for u in 0..FANOUT {
                pins = self.part(level - 1, &format!("{prefix}/u{u}"), pins);
            }
            return pins;
        }
        let signal = |s: usize| {
            if s < 2 {
                pins[s].clone()
            } else {
                format!("{prefix}/g{}", s - 2)
            }
        };
        for k in 0..LEAF_GATES {
            let _ = writeln!(
                self.nodes,
                "(label: \"{prefix}/g{k}\", kind: {:?}),",
                leaf_kind(k)
            );
            for (n, s) in leaf_inputs(k).into_iter().enumerate() {
                let _ = writeln!(
                    self.wires,
                    "(from: \"{}\", to: \"{prefix}/g{k}\", input: {n}),",
                    signal(s)
                );
            }
        }
        LEAF_OUTPUTS.map(|g| format!("{prefix}/g{g}"))
    }
}

/// The same circuit as a version-1 file, flattened by hand.
fn flat_text() -> String {
    let mut flat = Flat {
        nodes: String::from(
            "(label: \"a\", kind: Switch),\n(label: \"b\", kind: Switch),\n\
             (label: \"y0\", kind: Lamp),\n(label: \"y1\", kind: Lamp),\n",
        ),
        wires: String::new(),
    };
    let mut pins = ["a".to_owned(), "b".to_owned()];
    for u in 0..TOP_INSTANCES {
        pins = flat.part(LEVELS, &format!("u{u}"), pins);
    }
    for (p, y) in pins.iter().zip(["y0", "y1"]) {
        let _ = writeln!(flat.wires, "(from: \"{p}\", to: \"{y}\"),");
    }
    format!(
        "(version: 1,\nnodes: [\n{}],\nwires: [\n{}])\n",
        flat.nodes, flat.wires
    )
}

/// Loads `text`, builds an engine, sets both switches and settles; returns the node count
/// and the settle's events.
fn load_and_settle(text: &str) -> (usize, u64) {
    let doc = format::from_str(text).expect("a valid circuit");
    let c = &doc.circuit;
    let mut engine = Engine::from_circuit(c);
    let [a, b] = ["a", "b"].map(|l| c.find(l).expect("a top-level switch"));
    engine
        .set([(a, Trit::True), (b, Trit::False)])
        .expect("switches");
    let report = engine.settle();
    assert!(report.oscillation.is_none(), "a DAG settles");
    (c.node_count(), report.events)
}

fn hierarchy_benches(c: &mut Criterion) {
    let hierarchical = hierarchical_text();
    let flat = flat_text();
    // Sanity: the two texts describe the same circuit (and simulate alike).
    let h = format::from_str(&hierarchical).expect("valid").circuit;
    let f = format::from_str(&flat).expect("valid").circuit;
    let gates = LEAF_GATES * FANOUT.pow(LEVELS as u32) * TOP_INSTANCES;
    assert_eq!(h.node_count(), gates + 4);
    assert_eq!(h.node_count(), f.node_count(), "same node count");
    assert_eq!(h.wire_count(), f.wire_count(), "same wire count");
    drop((h, f));
    assert_eq!(load_and_settle(&hierarchical), load_and_settle(&flat));
    eprintln!(
        "hierarchy: {gates} gates; version-2 text {} bytes, version-1 text {} bytes",
        hierarchical.len(),
        flat.len()
    );

    let mut g = c.benchmark_group("load+settle 1M gates");
    g.sample_size(10);
    g.bench_function("hierarchical", |b| {
        b.iter(|| black_box(load_and_settle(black_box(&hierarchical))));
    });
    g.bench_function("flat", |b| {
        b.iter(|| black_box(load_and_settle(black_box(&flat))));
    });
    g.finish();
}

criterion_group!(benches, hierarchy_benches);
criterion_main!(benches);
