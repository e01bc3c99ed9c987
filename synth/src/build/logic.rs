//! Two-level logic in one gate family on a [`Builder`]: signals with a polarity, so that an
//! inversion De Morgan asks for costs a gate only where a signal is needed the other way
//! round, and gates wider than the fan-in allows as balanced trees.

use std::collections::HashMap;

use sim_core::parts::Builder;
use sim_core::{GateOp, NodeKind, Trit};

use super::{FanIn, Gates, Style};

/// A value: the signal `signal` itself, or its negation when `negated`. The negation is made
/// (as an inverter) only when a gate needs it as an input ([`Logic::signal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Polar {
    signal: String,
    negated: bool,
}

impl Polar {
    /// The signal `signal` read as it is.
    pub(super) fn plain(signal: String) -> Self {
        Self {
            signal,
            negated: false,
        }
    }

    /// The signal `signal` read negated when `negated`.
    pub(super) fn with(signal: String, negated: bool) -> Self {
        Self { signal, negated }
    }

    /// The negation of this value (no gate).
    fn not(self) -> Self {
        Self {
            negated: !self.negated,
            ..self
        }
    }
}

/// Which associative operation a gate or tree computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    And,
    Or,
}

/// A part under construction and the gate style, with the inverters made so far (one per
/// signal) and the constants (one per value).
pub(super) struct Logic<'b> {
    b: &'b mut Builder,
    style: Style,
    inverters: HashMap<String, String>,
    constants: HashMap<bool, String>,
}

impl<'b> Logic<'b> {
    pub(super) fn new(b: &'b mut Builder, style: Style) -> Self {
        Self {
            b,
            style,
            inverters: HashMap::new(),
            constants: HashMap::new(),
        }
    }

    /// The AND of `items` (an empty AND is the constant 1).
    pub(super) fn and(&mut self, items: Vec<Polar>) -> Polar {
        self.tree(Base::And, items)
    }

    /// The OR of `items` (an empty OR is the constant 0).
    pub(super) fn or(&mut self, items: Vec<Polar>) -> Polar {
        self.tree(Base::Or, items)
    }

    /// A signal carrying `value`: its own signal, or the shared inverter of it.
    pub(super) fn signal(&mut self, value: Polar) -> String {
        if !value.negated {
            return value.signal;
        }
        if let Some(inverter) = self.inverters.get(&value.signal) {
            return inverter.clone();
        }
        let inputs = [value.signal.clone(), value.signal.clone()];
        let inverter = match self.style.gates {
            Gates::AndOr => self.b.not(&value.signal),
            Gates::Nand => self.b.add(NodeKind::Nand(2), &inputs),
            Gates::Nor => self.b.add(NodeKind::Nor(2), &inputs),
        };
        self.inverters.insert(value.signal, inverter.clone());
        inverter
    }

    /// `base` over `items` as a balanced tree of gates of at most the fan-in's inputs: none
    /// for no item (the identity, a constant) or one (the item itself).
    fn tree(&mut self, base: Base, mut items: Vec<Polar>) -> Polar {
        let most = self.style.fan_in.max_inputs();
        match items.len() {
            0 => Polar::plain(self.constant(base == Base::And)),
            1 => items.swap_remove(0),
            n if n <= most => self.gate(base, items),
            n => {
                let groups = n.div_ceil(most).min(most);
                let subtrees = balanced(items, groups)
                    .into_iter()
                    .map(|group| self.tree(base, group))
                    .collect();
                self.gate(base, subtrees)
            }
        }
    }

    /// One gate of the family computing `base` over `items` (2 up to the fan-in's limit): AND
    /// or OR itself, or by De Morgan a NAND (`¬AND(x)`, `OR(x) = NAND(¬x)`) or a NOR
    /// (`¬OR(x)`, `AND(x) = NOR(¬x)`).
    fn gate(&mut self, base: Base, items: Vec<Polar>) -> Polar {
        let (op, inverted_inputs, negated) = match (self.style.gates, base) {
            (Gates::AndOr, Base::And) => (GateOp::And, false, false),
            (Gates::AndOr, Base::Or) => (GateOp::Or, false, false),
            (Gates::Nand, Base::And) => (GateOp::Nand, false, true),
            (Gates::Nand, Base::Or) => (GateOp::Nand, true, false),
            (Gates::Nor, Base::Or) => (GateOp::Nor, false, true),
            (Gates::Nor, Base::And) => (GateOp::Nor, true, false),
        };
        let inputs: Vec<String> = items
            .into_iter()
            .map(|item| {
                let item = if inverted_inputs { item.not() } else { item };
                self.signal(item)
            })
            .collect();
        Polar::with(self.b.gate(op, &inputs), negated)
    }

    /// The constant `value` (one node per value).
    fn constant(&mut self, value: bool) -> String {
        if let Some(node) = self.constants.get(&value) {
            return node.clone();
        }
        let node = self
            .b
            .constant(if value { Trit::True } else { Trit::False });
        self.constants.insert(value, node.clone());
        node
    }
}

impl FanIn {
    /// The most inputs one gate may have: 2, or sim-core's widest gate (64).
    pub(super) fn max_inputs(self) -> usize {
        match self {
            FanIn::Two => 2,
            FanIn::Any => usize::from(*sim_core::kind::GATE_INPUTS.end()),
        }
    }
}

/// `items` in `groups` consecutive groups whose sizes differ by at most one.
fn balanced(items: Vec<Polar>, groups: usize) -> Vec<Vec<Polar>> {
    let (size, extra) = (items.len() / groups, items.len() % groups);
    let mut items = items.into_iter();
    (0..groups)
        .map(|g| items.by_ref().take(size + usize::from(g < extra)).collect())
        .collect()
}
