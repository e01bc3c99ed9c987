//! Every part against its arithmetic at small widths, on every input of trits: each output
//! bit must be the brute-force Kleene extension of the arithmetic (known exactly when every
//! way of filling in the unknown input bits gives the same bit, and then that bit).

use super::{BuiltinPart, Fill, standalone};
use crate::trit::Trit;
use crate::{Circuit, Engine, NodeId};

/// A part placed alone, simulated by the unit-delay engine.
struct Harness {
    engine: Engine,
    inputs: Vec<Vec<NodeId>>,
    outputs: Vec<Vec<NodeId>>,
}

/// The nodes of pin `name`: a bus's bits, or the one node.
pub(super) fn pin(circuit: &Circuit, name: &str) -> Vec<NodeId> {
    circuit.bus(name).map_or_else(
        || vec![circuit.find(name).expect("a pin node")],
        |bus| bus.bits.clone(),
    )
}

impl Harness {
    fn new(part: BuiltinPart) -> Harness {
        let desc = part.design().expect("valid parameters");
        let (inputs, outputs) = (desc.input_pins(), desc.output_pins());
        let doc = standalone(&desc).expect("elaborates");
        let circuit = &doc.circuit;
        Harness {
            engine: Engine::from_circuit(circuit),
            inputs: inputs.iter().map(|p| pin(circuit, p)).collect(),
            outputs: outputs.iter().map(|p| pin(circuit, p)).collect(),
        }
    }

    /// Input bit count.
    fn width(&self) -> usize {
        self.inputs.iter().map(Vec::len).sum()
    }

    /// The output bits (pins in order, each bit 0 first) for the input bits `bits`.
    fn eval(&mut self, bits: &[Trit]) -> Vec<Trit> {
        let ids = self.inputs.iter().flatten().copied();
        self.engine
            .set(ids.zip(bits.iter().copied()))
            .expect("inputs");
        self.engine.settle();
        self.outputs
            .iter()
            .flatten()
            .map(|&id| self.engine.value(id))
            .collect()
    }

    /// Splits the packed input `v` into the pins' values.
    fn unpack(&self, mut v: u64) -> Vec<u64> {
        self.inputs
            .iter()
            .map(|p| {
                let x = v & ((1 << p.len()) - 1);
                v >>= p.len();
                x
            })
            .collect()
    }

    /// Packs the outputs' values into bits, pins in order.
    fn pack(&self, values: &[u64]) -> Vec<Trit> {
        self.outputs
            .iter()
            .zip(values)
            .flat_map(|(p, &x)| (0..p.len()).map(move |i| Trit::from(x >> i & 1 == 1)))
            .collect()
    }
}

/// What the part computes on known inputs (pins in order, as numbers).
fn reference(part: BuiltinPart, x: &[u64]) -> Vec<u64> {
    let mask = |w: u8| if w == 64 { u64::MAX } else { (1 << w) - 1 };
    match part {
        BuiltinPart::Comparator { .. } => {
            vec![
                u64::from(x[0] < x[1]),
                u64::from(x[0] == x[1]),
                u64::from(x[0] > x[1]),
            ]
        }
        BuiltinPart::Adder { width } => {
            let sum = x[0] + x[1] + x[2];
            vec![sum & mask(width), sum >> width]
        }
        BuiltinPart::Subtractor { width } => {
            let diff = x[0].wrapping_sub(x[1]).wrapping_sub(x[2]);
            vec![diff & mask(width), u64::from(x[0] < x[1] + x[2])]
        }
        BuiltinPart::Multiplexer { select, .. } => {
            let sel = x[1 << select];
            vec![x[usize::try_from(sel).expect("small")]]
        }
        BuiltinPart::Demultiplexer { select, .. } => (0..1 << select)
            .map(|k| if x[1] == k { x[0] } else { 0 })
            .collect(),
        BuiltinPart::Decoder { .. } => vec![1 << x[0]],
        BuiltinPart::PriorityEncoder { .. } => {
            let y = x[0].checked_ilog2().map_or(0, u64::from);
            vec![y, u64::from(x[0] != 0)]
        }
        BuiltinPart::Extender { from, to, fill } => {
            let high = mask(to) & !mask(from);
            let top = x[0] >> (from - 1) & 1 == 1;
            let filled = match fill {
                Fill::Zero => false,
                Fill::One => true,
                Fill::Sign => top,
            };
            vec![x[0] | if filled { high } else { 0 }]
        }
        BuiltinPart::Register { .. }
        | BuiltinPart::Counter { .. }
        | BuiltinPart::ShiftRegister { .. }
        | BuiltinPart::FlipFlop { .. } => {
            unreachable!("{} is sequential: see sequential/tests.rs", part.name())
        }
    }
}

/// The brute-force Kleene extension of `part` at `bits`: the answer of every completion of
/// the unknown bits, kept where they all agree and unknown where they differ.
fn extension(h: &Harness, part: BuiltinPart, bits: &[Trit]) -> Vec<Trit> {
    let unknown: Vec<usize> = (0..bits.len())
        .filter(|&i| bits[i] == Trit::Unknown)
        .collect();
    let known = bits
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t == Trit::True)
        .fold(0u64, |v, (i, _)| v | 1 << i);
    let answer = |fill: u64| {
        let v = unknown
            .iter()
            .enumerate()
            .filter(|(k, _)| fill >> k & 1 == 1)
            .fold(known, |v, (_, &i)| v | 1 << i);
        h.pack(&reference(part, &h.unpack(v)))
    };
    let first = answer(0);
    (1..1u64 << unknown.len()).fold(first, |agreed, fill| {
        agreed
            .iter()
            .zip(answer(fill))
            .map(|(&a, b)| if a == b { a } else { Trit::Unknown })
            .collect()
    })
}

/// Checks `part` on all `3^n` inputs of trits against [`extension`]; returns how many inputs
/// it ran.
fn check(part: BuiltinPart) -> usize {
    let mut h = Harness::new(part);
    let n = h.width();
    let count = 3usize.pow(u32::try_from(n).expect("small"));
    for mut v in 0..count {
        let bits: Vec<Trit> = (0..n)
            .map(|_| {
                let t = [Trit::False, Trit::Unknown, Trit::True][v % 3];
                v /= 3;
                t
            })
            .collect();
        let expected = extension(&h, part, &bits);
        assert_eq!(h.eval(&bits), expected, "{}: input {bits:?}", part.name());
    }
    count
}

/// Ripple chains of XOR sums and majority carries: each stage is exact (a majority is the
/// sum of its prime implicants) and reads its own bits and the stage below, disjoint inputs,
/// so the chain is exact too.
#[test]
fn arithmetic_parts_are_exact_on_every_input() {
    for width in 1..=3u8 {
        let inputs = 3usize.pow(2 * u32::from(width));
        assert_eq!(check(BuiltinPart::Comparator { width }), inputs);
        assert_eq!(check(BuiltinPart::Adder { width }), 3 * inputs);
        assert_eq!(check(BuiltinPart::Subtractor { width }), 3 * inputs);
    }
}

#[test]
fn decoders_and_extenders_are_exact_on_every_input() {
    for select in 1..=3u8 {
        assert_eq!(
            check(BuiltinPart::Decoder { select }),
            3usize.pow(select.into())
        );
    }
    for fill in [Fill::Zero, Fill::One, Fill::Sign] {
        for (from, to) in [(1, 1), (1, 3), (3, 3), (3, 5)] {
            let inputs = 3usize.pow(u32::from(from));
            assert_eq!(check(BuiltinPart::Extender { from, to, fill }), inputs);
        }
    }
}

/// A multiplexer is a tree of `¬s·x + s·y + x·y`: an unknown select bit still gives the
/// value its two sides agree on (`d0 = d1 = 1`, `sel = ?`: `y = 1`), and a demultiplexer's
/// outputs are one AND each.
#[test]
fn multiplexers_are_exact_on_every_input() {
    for (select, width) in [(1u8, 1u8), (1, 2), (2, 1)] {
        let (s, w) = (u32::from(select), u32::from(width));
        let inputs = 3usize.pow((1 << s) * w + s);
        assert_eq!(check(BuiltinPart::Multiplexer { select, width }), inputs);
        assert_eq!(
            check(BuiltinPart::Demultiplexer { select, width }),
            3usize.pow(w + s)
        );
    }
}

/// An index bit does not depend on the inputs above whose index shares it: `x = 0b?100`
/// gives `y[1] = 1` (index 3 or 2), and `x = 0b?01?` gives `y[0] = 1` (index 3 or 1).
#[test]
fn priority_encoders_are_exact_on_every_input() {
    let inputs: Vec<usize> = (1..=3)
        .map(|select| check(BuiltinPart::PriorityEncoder { select }))
        .collect();
    assert_eq!(inputs, [9, 81, 6561]);
}

#[test]
fn out_of_range_parameters_are_named() {
    let cases = [
        (
            BuiltinPart::Adder { width: 0 },
            "adder0: width 0 is outside 1..=64",
        ),
        (
            BuiltinPart::Decoder { select: 7 },
            "decode7to128: 7 select bits are outside 1..=6",
        ),
        (
            BuiltinPart::Extender {
                from: 8,
                to: 4,
                fill: Fill::Sign,
            },
            "sext8to4: the output (4 bits) is narrower than the input (8)",
        ),
    ];
    for (part, message) in cases {
        assert_eq!(
            part.design().expect_err("out of range").to_string(),
            message
        );
    }
}

#[test]
fn the_widest_parts_elaborate() {
    for part in [
        BuiltinPart::Comparator { width: 64 },
        BuiltinPart::Adder { width: 64 },
        BuiltinPart::Multiplexer {
            select: 6,
            width: 1,
        },
        BuiltinPart::PriorityEncoder { select: 6 },
        BuiltinPart::Extender {
            from: 1,
            to: 64,
            fill: Fill::Sign,
        },
    ] {
        let desc = part.design().expect("in range");
        standalone(&desc).unwrap_or_else(|e| panic!("{}: {e}", part.name()));
    }
}

/// The layout ([`super::layout`]) at the widest widths: no two boxes touch (a cell clear, room
/// for a wire), and every wire between gates runs rightwards, to a later column.
#[test]
fn wide_parts_are_laid_out_in_columns_with_room_between_boxes() {
    use crate::kind::NodeKind;
    use crate::layout::footprint;
    for part in [
        BuiltinPart::Adder { width: 64 },
        BuiltinPart::Multiplexer {
            select: 2,
            width: 64,
        },
        BuiltinPart::PriorityEncoder { select: 6 },
    ] {
        let desc = part.design().expect("in range");
        let boxes: Vec<(&str, i32, i32, i32, i32)> = desc
            .nodes
            .iter()
            .map(|n| {
                let kind = match n.kind {
                    NodeKind::Split(r) => NodeKind::Merge(r),
                    kind => kind,
                };
                let (w, h) = footprint(kind);
                let p = n.pos.expect("placed");
                (
                    n.label.as_str(),
                    p.x,
                    p.y,
                    p.x + i32::from(w),
                    p.y + i32::from(h),
                )
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let touch = a.1 <= b.3 && b.1 <= a.3 && a.2 <= b.4 && b.2 <= a.4;
                assert!(!touch, "{}: {a:?} and {b:?}", part.name());
            }
        }
        let x = |end: &str| {
            let node = end.split_once('.').map_or(end, |(n, _)| n);
            boxes.iter().find(|b| b.0 == node).expect("a node").1
        };
        let is_gate = |label: &str| {
            label
                .strip_prefix('g')
                .is_some_and(|n| n.parse::<usize>().is_ok())
        };
        for w in desc.wires.iter().filter(|w| is_gate(&w.to)) {
            assert!(x(&w.from) < x(&w.to), "{}: {w:?}", part.name());
        }
    }
}

/// A part with pins `a` → `y`: a NOT gate, or (`inner` given) an instance `I` of `inner`.
fn inverter(name: &str, inner: Option<&str>) -> crate::hierarchy::PartDesc {
    use crate::desc::{InstanceDesc, Node, WireDesc};
    use crate::kind::NodeKind;
    let mut nodes = vec![
        Node::new("a", NodeKind::Switch),
        Node::new("y", NodeKind::Lamp),
    ];
    let (wires, instances) = if let Some(inner) = inner {
        (
            vec![WireDesc::new("a", "I.a", 0), WireDesc::new("I.y", "y", 0)],
            vec![InstanceDesc::new("I", inner, None)],
        )
    } else {
        nodes.push(Node::new("n", NodeKind::Not));
        (
            vec![WireDesc::new("a", "n", 0), WireDesc::new("n", "y", 0)],
            Vec::new(),
        )
    };
    crate::hierarchy::PartDesc {
        name: name.to_owned(),
        nodes,
        wires,
        instances,
        inputs: None,
        outputs: None,
        notes: Vec::new(),
    }
}

#[test]
fn a_part_placing_other_parts_stands_alone_with_them() {
    let (inner, outer) = (inverter("inner", None), inverter("outer", Some("inner")));
    assert!(
        standalone(&outer).is_err(),
        "alone it places an unknown part"
    );
    // `outer` not yet among the design's parts, then among them (kept once).
    let mut design = crate::hierarchy::Design {
        subcircuits: vec![inner],
        ..crate::hierarchy::Design::default()
    };
    for _ in 0..2 {
        let doc = super::standalone_in(&outer, &design).expect("elaborates");
        let mut engine = Engine::from_circuit(&doc.circuit);
        let (a, y) = (pin(&doc.circuit, "a")[0], pin(&doc.circuit, "y")[0]);
        for (input, output) in [(Trit::False, Trit::True), (Trit::True, Trit::False)] {
            engine.set([(a, input)]).expect("an input");
            engine.settle();
            assert_eq!(engine.value(y), output);
        }
        design.subcircuits.push(outer.clone());
    }
}
