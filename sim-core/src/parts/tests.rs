//! Every part against its arithmetic at small widths: exhaustively on known inputs, and on
//! every input with one unknown bit, where the part must be sound (a known output bit is the
//! one every completion of the unknown gives) and is as exact as the counts below say.

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

/// Checks `part` on every known input, then on every input with one unknown bit; returns how
/// many output bits the part leaves unknown there although every completion agrees on them
/// (Kleene gates cannot see that two paths agree).
fn check(part: BuiltinPart) -> usize {
    let mut h = Harness::new(part);
    let n = h.width();
    let known = |v: u64| -> Vec<Trit> { (0..n).map(|i| Trit::from(v >> i & 1 == 1)).collect() };
    let answer = |h: &Harness, v: u64| h.pack(&reference(part, &h.unpack(v)));
    for v in 0..1u64 << n {
        let expected = answer(&h, v);
        assert_eq!(h.eval(&known(v)), expected, "{}: input {v:#b}", part.name());
    }
    let mut pessimistic = 0;
    for v in 0..1u64 << n {
        for j in 0..n {
            let (lo, hi) = (answer(&h, v & !(1 << j)), answer(&h, v | 1 << j));
            let mut bits = known(v);
            bits[j] = Trit::Unknown;
            let got = h.eval(&bits);
            for ((g, l), h) in got.iter().zip(&lo).zip(&hi) {
                if *g == Trit::Unknown {
                    pessimistic += usize::from(l == h);
                } else {
                    assert!(
                        g == l && g == h,
                        "{}: {v:#b} with bit {j} unknown",
                        part.name()
                    );
                }
            }
        }
    }
    pessimistic
}

#[test]
fn arithmetic_parts_are_exact_with_one_unknown_bit() {
    for width in 1..=3 {
        assert_eq!(check(BuiltinPart::Comparator { width }), 0);
        assert_eq!(check(BuiltinPart::Adder { width }), 0);
        assert_eq!(check(BuiltinPart::Subtractor { width }), 0);
    }
}

#[test]
fn decoders_and_extenders_are_exact_with_one_unknown_bit() {
    for select in 1..=3 {
        assert_eq!(check(BuiltinPart::Decoder { select }), 0);
    }
    for fill in [Fill::Zero, Fill::One, Fill::Sign] {
        for (from, to) in [(1, 1), (1, 3), (3, 3), (3, 5)] {
            assert_eq!(check(BuiltinPart::Extender { from, to, fill }), 0);
        }
    }
}

/// A multiplexer's output bit is unknown whenever a select bit is, even where the two data
/// inputs that bit chooses between agree (the OR of two unknown ANDs): with `s` select bits
/// and `w` data bits, of the inputs with one unknown select bit (`s · 2^(s−1)` selects
/// times `2^(2^s · w)` data) half the output bits agree, so `s · 2^(s−1) · 2^(2^s·w) · w / 2`
/// are lost. A demultiplexer is exact: each output is one AND.
#[test]
fn multiplexers_lose_agreeing_inputs_behind_an_unknown_select() {
    for (select, width) in [(1u8, 1u8), (1, 2), (2, 1)] {
        let (s, w) = (u32::from(select), u32::from(width));
        let lost = s * (1 << (s - 1)) * (1 << ((1 << s) * w)) * w / 2;
        let lost = usize::try_from(lost).expect("small");
        assert_eq!(check(BuiltinPart::Multiplexer { select, width }), lost);
        assert_eq!(check(BuiltinPart::Demultiplexer { select, width }), 0);
    }
}

/// A priority encoder's winner lines AND each input with a NOR of those above: an unknown
/// input above the highest set one makes every winner line from it down unknown, so an index
/// bit on which the candidates agree (`x = 0b?100`: index 3 or 2, bit 1 set either way) is
/// lost. `valid` is an OR, exact.
#[test]
fn priority_encoders_lose_index_bits_the_candidates_share() {
    let lost: Vec<usize> = (1..=3)
        .map(|select| check(BuiltinPart::PriorityEncoder { select }))
        .collect();
    assert_eq!(lost, [0, 12, 644]);
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
