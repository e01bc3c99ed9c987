//! Property test of bus expansion: a random circuit written with buses (format version 3:
//! nodes of width N, bitwise gates, registers, splitters and mergers), loaded through
//! `format::from_str`, behaves exactly like the same circuit written one trit at a time by
//! this file's own, independent construction: the same values at every gate bit and the same
//! event counts after every settle, under both schedules.
//!
//! The circuit: two input buses `S0`, `S1` of width N (2..=6) and a 1-trit clock switch `C`;
//! then a chain of items, each reading earlier signals: a bitwise gate (AND, OR, XOR, NAND,
//! NOT, or a 2-input table gate), a rotation (a splitter cutting a signal at a random bit and
//! a merger joining the halves the other way round, so wiring that vanishes on loading), or
//! an N-bit register clocked by `C` (one clock trit feeding every bit); a lamp `Y` shows the
//! last signal.
//!
//! The case count defaults to 64; set `PROPTEST_CASES` for a longer run.

use std::fmt::Write as _;

use proptest::prelude::*;
use sim_core::{Circuit, CircuitDesc, Engine, Node, NodeKind, Schedule, Trit, WireDesc, format};

/// One item of the chain as drawn.
#[derive(Clone, Debug)]
enum Item {
    /// A bitwise gate: operator index into [`GATES`], two earlier signals.
    Gate(usize, usize, usize),
    /// Rotate an earlier signal right by `k` bits (1..N).
    Rotate(usize, usize),
    /// A register of an earlier signal, clocked by `C`.
    Register(usize),
}

/// The gates an item may be, as written in RON; the table is the balanced-ternary sum digit
/// (not a Kleene extension: unknown is a digit here).
const GATES: [&str; 6] = [
    "And(2)",
    "Or(2)",
    "Xor(2)",
    "Nand(2)",
    "Not",
    "Table(inputs: 2, outputs: [1, -1, 0, -1, 0, 1, 0, 1, -1])",
];

fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        3 => (0..GATES.len(), any::<usize>(), any::<usize>()).prop_map(|(g, a, b)| Item::Gate(g, a, b)),
        1 => (any::<usize>(), 1usize..6).prop_map(|(a, k)| Item::Rotate(a, k)),
        1 => any::<usize>().prop_map(Item::Register),
    ]
}

fn trit() -> impl Strategy<Value = Trit> {
    prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
}

/// The circuit written with buses: its text and the labels of its gates and registers.
fn bus_text(width: usize, items: &[Item]) -> (String, Vec<String>) {
    let mut nodes = vec![
        format!("(label: \"S0\", kind: Switch, width: {width})"),
        format!("(label: \"S1\", kind: Switch, width: {width})"),
        "(label: \"C\", kind: Switch)".to_owned(),
    ];
    let mut wires = Vec::new();
    // The signals so far: how a wire's `from` names each.
    let mut signals = vec!["S0".to_owned(), "S1".to_owned()];
    let mut gates = Vec::new();
    for (j, item) in items.iter().enumerate() {
        let pick = |i: usize| signals[i % signals.len()].clone();
        match *item {
            Item::Gate(g, a, b) => {
                let label = format!("g{j}");
                nodes.push(format!(
                    "(label: \"{label}\", kind: {}, width: {width})",
                    GATES[g]
                ));
                wires.push(format!("(from: \"{}\", to: \"{label}\")", pick(a)));
                if GATES[g] != "Not" {
                    wires.push(format!(
                        "(from: \"{}\", to: \"{label}\", input: 1)",
                        pick(b)
                    ));
                }
                gates.push(label.clone());
                signals.push(label);
            }
            Item::Rotate(a, k) => {
                let k = k % width;
                if k == 0 {
                    continue;
                }
                // Cut at bit k; the merger puts the high part low: a right rotation by k.
                let (split, merge) = (format!("sp{j}"), format!("m{j}"));
                let low = format!("0-{},{k}-{}", k - 1, width - 1);
                let high = format!("0-{},{}-{}", width - k - 1, width - k, width - 1);
                nodes.push(format!("(label: \"{split}\", kind: Split(\"{low}\"))"));
                nodes.push(format!("(label: \"{merge}\", kind: Merge(\"{high}\"))"));
                wires.push(format!("(from: \"{}\", to: \"{split}\")", pick(a)));
                wires.push(format!("(from: \"{split}.1\", to: \"{merge}\", input: 0)"));
                wires.push(format!("(from: \"{split}.0\", to: \"{merge}\", input: 1)"));
                signals.push(merge);
            }
            Item::Register(a) => {
                let label = format!("r{j}");
                nodes.push(format!("(label: \"{label}\", kind: Dff, width: {width})"));
                wires.push(format!("(from: \"{}\", to: \"{label}\")", pick(a)));
                wires.push(format!("(from: \"C\", to: \"{label}\", input: 1)"));
                gates.push(label.clone());
                signals.push(label);
            }
        }
    }
    nodes.push(format!("(label: \"Y\", kind: Lamp, width: {width})"));
    wires.push(format!(
        "(from: \"{}\", to: \"Y\")",
        signals.last().expect("at least the switches")
    ));
    let mut text = String::from("(version: 3, nodes: [\n");
    for n in nodes {
        let _ = writeln!(text, "    {n},");
    }
    text.push_str("], wires: [\n");
    for w in wires {
        let _ = writeln!(text, "    {w},");
    }
    text.push_str("])\n");
    (text, gates)
}

/// The same circuit one trit at a time, built here without the bus module: node `g3` of
/// width N is `g3[0]` … `g3[N-1]`, a rotation is wiring.
fn bit_circuit(width: usize, items: &[Item]) -> Circuit {
    let gate_kind = |g: usize| -> NodeKind {
        let text = GATES[g];
        ron::from_str(text).expect("a kind")
    };
    let bits =
        |label: &str| -> Vec<String> { (0..width).map(|i| format!("{label}[{i}]")).collect() };
    let mut desc = CircuitDesc::default();
    for s in ["S0", "S1"] {
        for b in bits(s) {
            desc.nodes.push(Node::new(b, NodeKind::Switch));
        }
    }
    desc.nodes.push(Node::new("C", NodeKind::Switch));
    // Each signal as the labels of the nodes driving its bits.
    let mut signals: Vec<Vec<String>> = vec![bits("S0"), bits("S1")];
    for (j, item) in items.iter().enumerate() {
        let pick = |i: usize| signals[i % signals.len()].clone();
        match *item {
            Item::Gate(g, a, b) => {
                let label = format!("g{j}");
                let (a, b) = (pick(a), pick(b));
                for (i, bit) in bits(&label).into_iter().enumerate() {
                    desc.nodes.push(Node::new(&bit, gate_kind(g)));
                    desc.wires.push(WireDesc::new(&a[i], &bit, 0));
                    if GATES[g] != "Not" {
                        desc.wires.push(WireDesc::new(&b[i], &bit, 1));
                    }
                }
                signals.push(bits(&label));
            }
            Item::Rotate(a, k) => {
                let k = k % width;
                if k == 0 {
                    continue;
                }
                let a = pick(a);
                signals.push((0..width).map(|i| a[(i + k) % width].clone()).collect());
            }
            Item::Register(a) => {
                let label = format!("r{j}");
                let a = pick(a);
                for (i, bit) in bits(&label).into_iter().enumerate() {
                    desc.nodes.push(Node::new(&bit, NodeKind::Dff));
                    desc.wires.push(WireDesc::new(&a[i], &bit, 0));
                    desc.wires.push(WireDesc::new("C", &bit, 1));
                }
                signals.push(bits(&label));
            }
        }
    }
    let last = signals.last().expect("at least the switches").clone();
    for (i, bit) in bits("Y").into_iter().enumerate() {
        desc.nodes.push(Node::new(&bit, NodeKind::Lamp));
        desc.wires.push(WireDesc::new(&last[i], &bit, 0));
    }
    Circuit::from_desc(&desc).expect("a valid circuit")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64)
    ))]

    #[test]
    fn buses_compute_exactly_as_their_bits(
        width in 2usize..=6,
        items in prop::collection::vec(item(), 1..10),
        steps in prop::collection::vec(
            (prop::collection::vec(trit(), 12), trit()), 1..6),
    ) {
        let (text, gates) = bus_text(width, &items);
        let doc = format::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let bused = &doc.circuit;
        let reference = bit_circuit(width, &items);
        prop_assert_eq!(bused.node_count(), reference.node_count());
        prop_assert_eq!(bused.wire_count(), reference.wire_count());
        for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
            let mut ours = Engine::from_circuit(bused);
            let mut theirs = Engine::from_circuit(&reference);
            ours.set_schedule(schedule);
            theirs.set_schedule(schedule);
            prop_assert_eq!(ours.settle().events, theirs.settle().events);
            for (inputs, clock) in &steps {
                let mut set_ours = Vec::new();
                let mut set_theirs = Vec::new();
                for (b, bus) in ["S0", "S1"].iter().enumerate() {
                    let bits = &bused.bus(bus).expect("an input bus").bits;
                    for (i, &id) in bits.iter().enumerate() {
                        let v = inputs[b * 6 + i];
                        set_ours.push((id, v));
                        let label = format!("{bus}[{i}]");
                        set_theirs.push((reference.find(&label).expect("a bit"), v));
                    }
                }
                set_ours.push((bused.find("C").expect("the clock"), *clock));
                set_theirs.push((reference.find("C").expect("the clock"), *clock));
                ours.set(set_ours).expect("switches");
                theirs.set(set_theirs).expect("switches");
                prop_assert_eq!(ours.settle().events, theirs.settle().events);
                for label in gates.iter().map(String::as_str).chain(["Y"]) {
                    let bus = bused.bus(label).expect("a bus");
                    for (i, &id) in bus.bits.iter().enumerate() {
                        let bit = reference.find(&format!("{label}[{i}]")).expect("a bit");
                        prop_assert_eq!(ours.value(id), theirs.value(bit), "{}[{}]\n{}", label, i, text);
                    }
                }
            }
        }
    }
}
