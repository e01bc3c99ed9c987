//! [`Builder`]: a part's design made of named signals, one gate at a time — the built-in
//! parts' and any other generator's (the synthesis crate builds its two-level logic and its
//! state machines with it), written once.

use crate::GateOp::{self, Not};
use crate::desc::{Node, WireDesc};
use crate::hierarchy::PartDesc;
use crate::kind::{NodeKind, Ranges};
use crate::trit::Trit;

/// A part's bits, least significant first, each named by the wire end that drives it (a
/// gate's label, a splitter's `label.k`, a one-bit pin's label).
pub(super) type Bits = Vec<String>;

/// The nodes and wires of a part under construction: pins at the left and right, gates
/// labelled `g0`, `g1`, … between, placed when the part is [finished](Self::finish) (columns
/// by logic level, rows packed so that every wire runs cleanly; see the `parts/layout.rs`
/// module docs).
///
/// A signal is named by the wire end that drives it: an input pin's label, a gate's label, or
/// a splitter's `label.k` for bit `k` of a wide input. A gate never takes the label of an input
/// pin added before it, nor one [reserved](Self::reserve) for a pin to come.
///
/// ```
/// use sim_core::GateOp;
/// use sim_core::parts::Builder;
///
/// let mut b = Builder::default();
/// let a = b.input("a", 1);
/// let c = b.input("c", 1);
/// let not_a = b.not(&a[0]);
/// let y = b.gate(GateOp::And, &[not_a, c[0].clone()]);
/// b.output("y", &[y]);
/// let part = b.finish("inhibit".to_owned());
/// assert_eq!(part.input_pins(), ["a", "c"]);
/// assert_eq!(part.output_pins(), ["y"]);
/// assert_eq!(part.nodes.len(), 5);
/// ```
#[derive(Default)]
pub struct Builder {
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
    /// Labels no gate may take (pins added later).
    reserved: Vec<String>,
    /// The number the next gate's label tries first.
    next_gate: usize,
}

impl Builder {
    /// An input pin `label` of `width` bits (1..=64; a switch, split into its bits by a
    /// splitter `{label}_bits` when wider than 1); its bits, least significant first.
    pub fn input(&mut self, label: &str, width: u8) -> Vec<String> {
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

    /// An output pin `label` showing `bits` (1..=64 signals, least significant first: a lamp,
    /// its bits merged by a merger `{label}_bits` when wider than 1). A bit that is an input
    /// pin's goes through a buffer (flattening refuses a pin wired straight to a pin).
    pub fn output(&mut self, label: &str, bits: &[String]) {
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

    /// A gate `op` of `inputs` (1..=64 of them; see [`GATE_INPUTS`](crate::kind::GATE_INPUTS))
    /// and its output signal; one input needs no gate for AND, OR and XOR (it is the answer)
    /// and a NOT for NAND, NOR and XNOR.
    pub fn gate(&mut self, op: GateOp, inputs: &[String]) -> String {
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

    /// The 2:1 multiplexer `¬s·x + s·y + x·y` (`x` when `s` is 0, `y` when 1), given `s` and
    /// its negation: the consensus term `x·y` makes it known when `x` and `y` agree and `s`
    /// is unknown. With the two select terms it holds every prime implicant, and a sum of
    /// every prime implicant computes a function's exact Kleene extension (Ikenmeyer et al.,
    /// "On the complexity of hazard-free circuits", J. ACM 66(4), 2019, §1).
    pub fn select(&mut self, s: &str, not_s: &str, x: &str, y: &str) -> String {
        let terms = self.select_terms(s, not_s, x, y);
        self.gate(GateOp::Or, &terms)
    }

    /// The three product terms of [`select`](Self::select), `¬s·x`, `s·y` and `x·y`, for a
    /// caller that makes their OR itself (an importer whose OR node exists before its
    /// inputs do, or that inverts it into a NOR).
    pub fn select_terms(&mut self, s: &str, not_s: &str, x: &str, y: &str) -> [String; 3] {
        let [s, not_s, x, y] = [s, not_s, x, y].map(str::to_owned);
        let low = self.gate(GateOp::And, &[not_s, x.clone()]);
        let high = self.gate(GateOp::And, &[s, y.clone()]);
        let both = self.gate(GateOp::And, &[x, y]);
        [low, high, both]
    }

    /// The negation of `input`: a NOT gate.
    pub fn not(&mut self, input: &str) -> String {
        self.add(NodeKind::gate(Not, 1), &[input.to_owned()])
    }

    /// A constant `value`: a [`NodeKind::Constant`] node.
    pub fn constant(&mut self, value: Trit) -> String {
        self.add(NodeKind::Constant(value), &[])
    }

    /// The `2^n` select lines of the `n` bits `sel`: line `k` is the AND of `sel`'s bits
    /// where `k` has a 1 and their negations where it has a 0.
    pub fn decode(&mut self, sel: &[String]) -> Bits {
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

    /// Node `kind` labelled `g{n}` (the first free number), its inputs wired from `inputs` in
    /// order (input `k` from `inputs[k]`; the same signal may feed several inputs); its label.
    pub fn add(&mut self, kind: NodeKind, inputs: &[String]) -> String {
        let label = self.free_label();
        self.gates.push(Node::new(&label, kind));
        for (k, from) in (0..=u8::MAX).zip(inputs) {
            self.wires.push(WireDesc::new(from, &label, k));
        }
        label
    }

    /// The first label `g{n}`, from the last one made on, that no node has or is reserved.
    fn free_label(&mut self) -> String {
        loop {
            let label = format!("g{}", self.next_gate);
            self.next_gate += 1;
            let taken = |nodes: &[Node]| nodes.iter().any(|n| n.label == label);
            if !taken(&self.inputs) && !taken(&self.outputs) && !self.reserved.contains(&label) {
                return label;
            }
        }
    }

    /// A wire from `from` to input `input` of `to`: an input left out when `to` was added,
    /// such as a flip-flop's D fed by a gate of its own Q.
    pub fn wire(&mut self, from: &str, to: &str, input: u8) {
        self.wires.push(WireDesc::new(from, to, input));
    }

    /// Keeps `label` from the gates: an output pin's (or any node's) label to be added later.
    pub fn reserve(&mut self, label: &str) {
        self.reserved.push(label.to_owned());
    }

    /// The part `name`: inputs, gates, then outputs, the gates and outputs placed (columns
    /// by level from the inputs at the left to the outputs at the right). Its pins are the
    /// switches and lamps in the order they were added.
    pub fn finish(mut self, name: String) -> PartDesc {
        super::layout::place(
            &self.inputs,
            &mut self.gates,
            &mut self.outputs,
            &self.wires,
        );
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
pub(crate) fn bit_ranges(width: u8) -> Ranges {
    let text: Vec<String> = (0..width).map(|k| k.to_string()).collect();
    Ranges::parse(&text.join(",")).unwrap_or(Ranges::whole(width))
}
