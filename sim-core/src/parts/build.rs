//! [`Builder`]: a part's design made of named signals, one gate at a time.

use crate::GateOp::{self, Not};
use crate::desc::{Node, WireDesc};
use crate::hierarchy::PartDesc;
use crate::kind::{NodeKind, Ranges};
use crate::trit::Trit;

/// A part's bits, least significant first, each named by the wire end that drives it (a
/// gate's label, a splitter's `label.k`, a one-bit pin's label).
pub(super) type Bits = Vec<String>;

/// Gates per column of the drawn part (in grid cells: 4 apart).
const COLUMN: usize = 16;
/// Grid cells from one gate column to the next.
const COLUMN_STEP: i32 = 8;

/// The nodes and wires of a part under construction: pins at the left and right, gates
/// numbered `g0`, `g1`, … in columns between.
#[derive(Default)]
pub(super) struct Builder {
    inputs: Vec<Node>,
    gates: Vec<Node>,
    outputs: Vec<Node>,
    wires: Vec<WireDesc>,
    /// The grid rows where the next input and output pin go (a bus's splitter or merger
    /// takes a row per bit).
    input_row: i32,
    output_row: i32,
    /// The bits of the input pins: an output showing one goes through a buffer (flattening
    /// refuses a pin wired straight to a pin).
    input_bits: Vec<String>,
}

impl Builder {
    /// An input pin `label` of `width` bits (a switch, split into its bits when wider than 1).
    pub(super) fn input(&mut self, label: &str, width: u8) -> Bits {
        let row = self.input_row;
        self.input_row += pin_rows(width);
        self.inputs
            .push(Node::new(label, NodeKind::Switch).wide(width).at(0, row));
        let bits: Bits = if width == 1 {
            vec![label.to_owned()]
        } else {
            let split = format!("{label}_bits");
            self.inputs
                .push(Node::new(&split, NodeKind::Split(bit_ranges(width))).at(4, row));
            self.wires.push(WireDesc::new(label, &split, 0));
            (0..width).map(|k| format!("{split}.{k}")).collect()
        };
        self.input_bits.extend(bits.iter().cloned());
        bits
    }

    /// An output pin `label` showing `bits` (a lamp, its bits merged when wider than 1).
    pub(super) fn output(&mut self, label: &str, bits: &[String]) {
        let bits: Bits = bits
            .iter()
            .map(|bit| {
                if self.input_bits.contains(bit) {
                    self.add(NodeKind::Buf, std::slice::from_ref(bit))
                } else {
                    bit.clone()
                }
            })
            .collect();
        let width = u8::try_from(bits.len()).unwrap_or(u8::MAX);
        let row = self.output_row;
        self.output_row += pin_rows(width);
        self.outputs
            .push(Node::new(label, NodeKind::Lamp).wide(width).at(0, row));
        if width == 1 {
            self.wires.push(WireDesc::new(&bits[0], label, 0));
            return;
        }
        let merge = format!("{label}_bits");
        self.outputs
            .push(Node::new(&merge, NodeKind::Merge(bit_ranges(width))).at(0, row));
        for (k, bit) in (0..width).zip(&bits) {
            self.wires.push(WireDesc::new(bit, &merge, k));
        }
        self.wires.push(WireDesc::new(&merge, label, 0));
    }

    /// A gate `op` of `inputs` (1..=64 of them); one input needs no gate for AND, OR and
    /// XOR (it is the answer) and a NOT for NAND, NOR and XNOR.
    pub(super) fn gate(&mut self, op: GateOp, inputs: &[String]) -> String {
        match (inputs, op) {
            ([one], GateOp::And | GateOp::Or | GateOp::Xor) => one.clone(),
            ([one], _) => self.not(one),
            _ => {
                let n = u8::try_from(inputs.len()).unwrap_or(u8::MAX);
                self.add(NodeKind::gate(op, n), inputs)
            }
        }
    }

    /// The majority of `x`, `y` and `z`: `(x ∧ y) ∨ (x ∧ z) ∨ (y ∧ z)`, known when two
    /// known inputs agree whatever the third is.
    pub(super) fn majority(&mut self, x: &str, y: &str, z: &str) -> String {
        let [x, y, z] = [x, y, z].map(str::to_owned);
        let xy = self.gate(GateOp::And, &[x.clone(), y.clone()]);
        let xz = self.gate(GateOp::And, &[x, z.clone()]);
        let yz = self.gate(GateOp::And, &[y, z]);
        self.gate(GateOp::Or, &[xy, xz, yz])
    }

    /// The negation of `input`.
    pub(super) fn not(&mut self, input: &str) -> String {
        self.add(NodeKind::gate(Not, 1), &[input.to_owned()])
    }

    /// A constant `value`.
    pub(super) fn constant(&mut self, value: Trit) -> String {
        self.add(NodeKind::Constant(value), &[])
    }

    /// The `2^n` select lines of the `n` bits `sel`: line `k` is the AND of `sel`'s bits
    /// where `k` has a 1 and their negations where it has a 0.
    pub(super) fn decode(&mut self, sel: &[String]) -> Bits {
        let negated: Bits = sel.iter().map(|s| self.not(s)).collect();
        (0..1usize << sel.len())
            .map(|k| {
                let literals: Bits = (0..sel.len())
                    .map(|i| {
                        if k >> i & 1 == 1 {
                            sel[i].clone()
                        } else {
                            negated[i].clone()
                        }
                    })
                    .collect();
                self.gate(GateOp::And, &literals)
            })
            .collect()
    }

    /// Node `kind` labelled `g{n}`, its inputs wired from `inputs` in order; its label.
    pub(super) fn add(&mut self, kind: NodeKind, inputs: &[String]) -> String {
        let n = self.gates.len();
        let label = format!("g{n}");
        let x = 10 + COLUMN_STEP * i32::try_from(n / COLUMN).unwrap_or(0);
        let y = 4 * i32::try_from(n % COLUMN).unwrap_or(0);
        self.gates.push(Node::new(&label, kind).at(x, y));
        for (k, from) in (0..=u8::MAX).zip(inputs) {
            self.wires.push(WireDesc::new(from, &label, k));
        }
        label
    }

    /// A wire from `from` to input `input` of `to`: an input left out when `to` was added,
    /// such as a flip-flop's D fed by a gate of its own Q.
    pub(super) fn wire(&mut self, from: &str, to: &str, input: u8) {
        self.wires.push(WireDesc::new(from, to, input));
    }

    /// The part `name`: inputs, gates, then outputs placed right of the last gate column.
    pub(super) fn finish(mut self, name: String) -> PartDesc {
        let right =
            10 + COLUMN_STEP * i32::try_from(self.gates.len().div_ceil(COLUMN)).unwrap_or(0);
        for node in &mut self.outputs {
            if let Some(pos) = &mut node.pos {
                pos.x += right + if node.kind.is_wiring() { 0 } else { 4 };
            }
        }
        let input_pins = pins(&self.inputs);
        let output_pins = pins(&self.outputs);
        PartDesc {
            name,
            nodes: self
                .inputs
                .into_iter()
                .chain(self.gates)
                .chain(self.outputs)
                .collect(),
            wires: self.wires,
            instances: Vec::new(),
            inputs: Some(input_pins),
            outputs: Some(output_pins),
            notes: Vec::new(),
        }
    }
}

/// The labels of the pins (switches and lamps) among `nodes`, in order.
fn pins(nodes: &[Node]) -> Vec<String> {
    nodes
        .iter()
        .filter(|n| !n.kind.is_wiring())
        .map(|n| n.label.clone())
        .collect()
}

/// The grid rows a pin of `width` bits takes: its splitter or merger is a row per bit.
fn pin_rows(width: u8) -> i32 {
    i32::from(width).max(2) + 2
}

/// One range per bit: `0,1,…,width-1`.
fn bit_ranges(width: u8) -> Ranges {
    let text: Vec<String> = (0..width).map(|k| k.to_string()).collect();
    Ranges::parse(&text.join(",")).unwrap_or(Ranges::whole(width))
}
