//! Where an unknown comes from: the chain from a node whose value is 0 (unknown) back to what
//! keeps it unknown — an unset switch, a floating input, a flip-flop that was never clocked or
//! took an unknown, an unknown memory word, a loop holding an unknown (a latch neither set nor
//! reset, a register feeding itself), an oscillation resolved to unknown.
//!
//! The walk reads the engine's values now. A gate is unknown under Kleene's strong logic only
//! if none of its inputs decides it (no 0 into an AND, no 1 into an OR, …), so its unknown
//! inputs are what keep it unknown: the walk follows each of them ([`Because::Inputs`]). A
//! flip-flop's output is state: it follows an unknown SET or RESET of a `Dffsr` first (they
//! act at once: [`Because::SetReset`] names the pin), then an unknown D or clock input (or an
//! unknown EN) if there is one, and otherwise stops — the unknown was taken at an earlier clock edge,
//! or no edge came ([`Because::Held`], [`Because::NeverClocked`] when the caller knows). A
//! memory's data bit follows an unknown address, or names the word it reads. A node met again
//! on the walk's own path closes a loop ([`Explanation::loops`]).
//!
//! ```
//! use sim_core::analysis::why::{self, Because, Context};
//! use sim_core::{Engine, format};
//!
//! // A and B drive an AND; B is never set.
//! let doc = format::from_str(r#"(version: 1,
//!     nodes: [(label: "A", kind: Switch), (label: "B", kind: Switch),
//!             (label: "G", kind: And(2)), (label: "Y", kind: Lamp)],
//!     wires: [(from: "A", to: "G", input: 0), (from: "B", to: "G", input: 1),
//!             (from: "G", to: "Y")])"#)?;
//! let c = &doc.circuit;
//! let mut engine = Engine::from_circuit(c);
//! engine.set([(c.find("A").expect("A"), sim_core::Trit::True)])?;
//! engine.settle();
//! let why = why::explain(&engine, c, c.find("Y").expect("Y"), &Context::default());
//! // Y ← G ← B, and B is a switch never set.
//! let origins: Vec<_> = why.origins().map(|w| (c[w.node].label.as_str(), &w.because)).collect();
//! assert_eq!(origins, [("B", &Because::Unset)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::kind::{DFFSR_RESET, DFFSR_SET, NodeKind};
use crate::memory::split_address;
use crate::trit::Trit;

/// The most nodes one explanation visits; a larger cone is cut there
/// ([`Explanation::truncated`]).
pub const MAX_NODES: usize = 10_000;

/// Why one node on the walk is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Because {
    /// A switch or button never set (or set to 0): an origin.
    Unset,
    /// A clock whose level is unknown: an origin.
    UnknownClock,
    /// A constant 0: an origin.
    UnknownConstant,
    /// These input pins (0-based) have no driver, and no known input decides the node: an
    /// origin.
    Floating {
        /// The pins without a driver.
        pins: Vec<u8>,
    },
    /// The unknown inputs of a gate, lamp or probe, driven by these nodes, none of its known
    /// inputs deciding it.
    Inputs {
        /// The drivers of its unknown inputs, in pin order.
        from: Vec<NodeId>,
    },
    /// A truth-table gate whose table gives unknown for its known inputs: an origin.
    Table,
    /// A flip-flop whose D or clock input (or the EN of a [`NodeKind::Dffe`] or
    /// [`NodeKind::Dffsr`]) is unknown now (driven by these nodes).
    Sampled {
        /// The drivers of its unknown D, clock and EN inputs, in pin order.
        from: Vec<NodeId>,
    },
    /// A flip-flop with asynchronous set and reset ([`NodeKind::Dffsr`]) whose SET or RESET
    /// is unknown now: the pin may be forcing its output, clock or no clock.
    SetReset {
        /// The unknown pins, `"SET"` then `"RESET"`.
        pins: Vec<&'static str>,
        /// Their drivers, in the same order.
        from: Vec<NodeId>,
    },
    /// A flip-flop holding an unknown although its inputs are known now: it took the unknown
    /// at an earlier clock edge (or at power-on, and no edge came since): an origin.
    Held,
    /// A flip-flop whose clock never rose while the caller watched ([`Context::never_clocked`];
    /// for a [`NodeKind::Dffe`] or [`NodeKind::Dffsr`], never while enabled), and whose SET and
    /// RESET (a `Dffsr`'s) are known, so it holds its power-on unknown: an origin.
    NeverClocked,
    /// A memory data bit whose address is unknown (these address bits' drivers).
    Address {
        /// The drivers of its unknown address bits.
        from: Vec<NodeId>,
    },
    /// A memory data bit reading a word whose bit is unknown: never written (a RAM starts
    /// unknown), written with an unknown, or so in the ROM's image: an origin.
    Word {
        /// The memory's label.
        memory: String,
        /// The word's address.
        address: usize,
    },
    /// A node of an oscillation the engine resolved to unknown ([`Context::oscillated`]): an
    /// origin.
    Oscillation,
}

impl Because {
    /// Whether this ends the walk (nothing further keeps the node unknown).
    pub fn is_origin(&self) -> bool {
        !matches!(
            self,
            Because::Inputs { .. }
                | Because::Sampled { .. }
                | Because::SetReset { .. }
                | Because::Address { .. }
        )
    }

    /// The nodes the walk goes on to (empty for an origin).
    pub fn from(&self) -> &[NodeId] {
        match self {
            Because::Inputs { from }
            | Because::Sampled { from }
            | Because::SetReset { from, .. }
            | Because::Address { from } => from,
            _ => &[],
        }
    }
}

/// One unknown node on the walk and why it is unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The node.
    pub node: NodeId,
    /// Why it is unknown.
    pub because: Because,
    /// Its distance from the node explained (0 for that node).
    pub depth: usize,
}

impl Why {
    /// The link as a sentence for people, with labels from `circuit`: `NEXT1 is unknown
    /// through its unknown inputs FF1`, `B is a switch never set`.
    pub fn describe(&self, circuit: &Circuit) -> String {
        let label = |id: NodeId| circuit.node(id).map_or("?", |n| n.label.as_str());
        let list = |ids: &[NodeId]| ids.iter().map(|&i| label(i)).collect::<Vec<_>>().join(", ");
        let node = label(self.node);
        match &self.because {
            Because::Unset => format!("{node} is a switch or button never set"),
            Because::UnknownClock => format!("{node} is a clock whose level is unknown"),
            Because::UnknownConstant => format!("{node} is the constant 0 (unknown)"),
            Because::Floating { pins } => {
                let pins: Vec<String> = pins.iter().map(ToString::to_string).collect();
                format!("{node} has no driver on input pin(s) {}", pins.join(", "))
            }
            Because::Inputs { from } => {
                format!(
                    "{node} is unknown through its unknown input(s) {}",
                    list(from)
                )
            }
            Because::Table => format!("{node}'s truth table gives unknown for its inputs"),
            Because::Sampled { from } => {
                let pins = match circuit.node(self.node).map(|n| n.kind) {
                    Some(NodeKind::Dffe | NodeKind::Dffsr) => "D, clock or enable",
                    _ => "D or clock",
                };
                format!(
                    "{node} (flip-flop) follows its unknown {pins}: {}",
                    list(from)
                )
            }
            Because::SetReset { pins, from } => format!(
                "{node} (flip-flop) may be forced by its unknown {}: {}",
                pins.join(" and "),
                list(from)
            ),
            Because::Held => format!(
                "{node} (flip-flop) holds an unknown taken at an earlier clock edge (its inputs are known now)"
            ),
            Because::NeverClocked => match circuit.node(self.node).map(|n| n.kind) {
                Some(NodeKind::Dffe | NodeKind::Dffsr) => format!(
                    "{node} (flip-flop) was never clocked while enabled: it holds its power-on unknown"
                ),
                _ => {
                    format!("{node} (flip-flop) was never clocked: it holds its power-on unknown")
                }
            },
            Because::Address { from } => {
                format!("{node} reads memory at an unknown address: {}", list(from))
            }
            Because::Word { memory, address } => format!(
                "{node} reads word {address:#x} of {memory}, unknown there (never written, or written unknown)"
            ),
            Because::Oscillation => {
                format!("{node} oscillated and the engine resolved it to unknown")
            }
        }
    }
}

/// What the caller knows beyond the engine's values now.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// Flip-flops whose clock never rose since power-on (a [`NodeKind::Dffe`] or
    /// [`NodeKind::Dffsr`]: never rose without its enable at −1).
    pub never_clocked: Vec<NodeId>,
    /// Nodes the engine resolved to unknown after an oscillation.
    pub oscillated: Vec<NodeId>,
}

/// The walk from an unknown node back to its origins; see the [module docs](self).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    /// Each unknown node met, in the order of a depth-first walk from the node explained
    /// (first); each node once.
    pub links: Vec<Why>,
    /// The loops met: each a path of nodes, from a node back to the one that drives it and
    /// was already on the path (the loop closes from the last node to the first).
    pub loops: Vec<Vec<NodeId>>,
    /// Whether the walk stopped at [`MAX_NODES`].
    pub truncated: bool,
}

impl Explanation {
    /// The links that end the walk: what keeps the node unknown.
    pub fn origins(&self) -> impl Iterator<Item = &Why> + '_ {
        self.links.iter().filter(|w| w.because.is_origin())
    }

    /// Whether the node explained is known (nothing to explain).
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }
}

/// Explains why `node` is unknown in `engine` (built from `circuit`): the empty explanation if
/// it is known or not simulated. Linear in the nodes visited (at most [`MAX_NODES`]).
pub fn explain(engine: &Engine, circuit: &Circuit, node: NodeId, context: &Context) -> Explanation {
    let memory_bits = memory_bits(circuit);
    let mut out = Explanation::default();
    if !engine.netlist().contains(node) || engine.value(node) != Trit::Unknown {
        return out;
    }
    // Depth-first with an explicit stack: (node, depth, whether its links are done).
    let mut seen: HashMap<NodeId, bool> = HashMap::new(); // true while on the path
    let mut path: Vec<NodeId> = Vec::new();
    let mut stack: Vec<(NodeId, usize, bool)> = vec![(node, 0, false)];
    while let Some((id, depth, done)) = stack.pop() {
        if done {
            path.pop();
            seen.insert(id, false);
            continue;
        }
        if let Some(&on_path) = seen.get(&id) {
            if on_path && let Some(start) = path.iter().position(|&p| p == id) {
                out.loops.push(path[start..].to_vec());
            }
            continue;
        }
        if out.links.len() >= MAX_NODES {
            out.truncated = true;
            break;
        }
        let because = because(engine, circuit, id, context, &memory_bits);
        seen.insert(id, true);
        path.push(id);
        stack.push((id, depth, true));
        for &next in because.from().iter().rev() {
            stack.push((next, depth + 1, false));
        }
        out.links.push(Why {
            node: id,
            because,
            depth,
        });
    }
    out
}

/// The memory and data bit of each memory data bit's node.
fn memory_bits(circuit: &Circuit) -> HashMap<NodeId, (usize, u32)> {
    let mut bits = HashMap::new();
    for (m, memory) in circuit.memories().iter().enumerate() {
        for k in 0..usize::from(memory.data_bits) {
            if let Some(id) = circuit.find(&memory.bit_label(k)) {
                bits.insert(id, (m, k as u32));
            }
        }
    }
    bits
}

/// Why `id` (unknown) is unknown.
fn because(
    engine: &Engine,
    circuit: &Circuit,
    id: NodeId,
    context: &Context,
    memory_bits: &HashMap<NodeId, (usize, u32)>,
) -> Because {
    if context.oscillated.contains(&id) {
        return Because::Oscillation;
    }
    let kind = circuit[id].kind;
    let drivers = circuit.drivers(id);
    let unknown = |pins: std::ops::Range<usize>| -> Vec<NodeId> {
        drivers[pins.start.min(drivers.len())..pins.end.min(drivers.len())]
            .iter()
            .flatten()
            .copied()
            .filter(|&d| engine.value(d) == Trit::Unknown)
            .collect()
    };
    let floating: Vec<u8> = drivers
        .iter()
        .enumerate()
        .filter(|(_, d)| d.is_none())
        .map(|(pin, _)| pin as u8)
        .collect();
    match kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Keypad => Because::Unset,
        NodeKind::Clock { .. } => Because::UnknownClock,
        NodeKind::Constant(_) => Because::UnknownConstant,
        NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr => {
            let (pins, from): (Vec<&'static str>, Vec<NodeId>) =
                [("SET", DFFSR_SET), ("RESET", DFFSR_RESET)]
                    .into_iter()
                    .filter(|_| kind == NodeKind::Dffsr)
                    .filter_map(|(name, pin)| unknown(pin..pin + 1).first().map(|&d| (name, d)))
                    .unzip();
            if !from.is_empty() {
                return Because::SetReset { pins, from };
            }
            if context.never_clocked.contains(&id) {
                return Because::NeverClocked;
            }
            let from = unknown(0..kind.input_count().min(DFFSR_SET));
            if from.is_empty() {
                Because::Held
            } else {
                Because::Sampled { from }
            }
        }
        NodeKind::Rom { addr_bits } | NodeKind::Ram { addr_bits } => {
            let a = usize::from(addr_bits);
            let from = unknown(0..a);
            if !from.is_empty() {
                return Because::Address { from };
            }
            if !floating.iter().any(|&p| usize::from(p) < a)
                && let Some(&(m, _)) = memory_bits.get(&id)
            {
                let memory = &circuit.memories()[m];
                let addr: Vec<Trit> = drivers[..a]
                    .iter()
                    .map(|d| d.map_or(Trit::Unknown, |d| engine.value(d)))
                    .collect();
                let (address, _) = split_address(&addr);
                return Because::Word {
                    memory: memory.label.clone(),
                    address,
                };
            }
            Because::Floating { pins: floating }
        }
        _ => {
            let from = unknown(0..drivers.len());
            match (from.is_empty(), floating.is_empty()) {
                (true, false) => Because::Floating { pins: floating },
                (true, true) => Because::Table,
                (false, _) => Because::Inputs { from },
            }
        }
    }
}
