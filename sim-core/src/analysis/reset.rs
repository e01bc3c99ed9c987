//! Reset analysis: does a reset sequence bring every state element out of the unknown?
//!
//! Binary simulators start registers at 0 and hide a missing reset (Digital#214,
//! Logisim-evolution#2239 ask for this check). Here every state element starts unknown — each
//! flip-flop (but one with a power-on value, [`Node::init`](crate::Node::init), which starts
//! at it), each latch (a combinational loop), each RAM word, as at power-on — the
//! [`Sequence`] is applied, and each element still unknown is reported with the chain back to
//! what keeps it unknown ([`super::why`]): a register without reset comes back as a loop
//! through its own state, a flip-flop whose clock never rose (a `Dffe` or `Dffsr`: never rose
//! without its enable at −1) as never clocked, a `Dffsr` whose SET or RESET was left unknown
//! as forced by that pin.
//!
//! A [`Dffsr`](NodeKind::Dffsr)'s asynchronous RESET (or SET) at +1 is a reset with no clock
//! at all: the flip-flop is known as soon as the sequence drives it.
//!
//! For an unknown flip-flop the report also says whether the reset reaches it
//! ([`Unknown::reset`], [`Reach`]): the *reset inputs* are the nodes the sequence sets whose
//! combinational fan-out (through gates, not through flip-flops or RAMs: within one clock
//! cycle) reaches some flip-flop's D, or a `Dffsr`'s SET or RESET; for each, the flip-flop's
//! next state (its D's driver) or its SET or RESET either depends on it, with the path named,
//! or does not, with a flip-flop that does as the example — `NEXT1 does not depend on RESET;
//! NEXT0 does, through NRESET`, `Q0 depends on RST, directly` (through its RESET pin).
//!
//! Memories are reported apart ([`ResetReport::memories`]): a reset rarely clears a RAM (a
//! program writes a word before it reads it), so unknown words do not make
//! [`ResetReport::is_initialised`] false; a caller that wants them to counts
//! [`ResetReport::unknown_words`].
//!
//! The sequence is a text of items separated by `;`: an assignment batch
//! `LABEL=VALUE[, LABEL=VALUE…]` (applied together, then settled; a bus takes a number, as
//! `tritium sim --set` does) or `tick` / `tick N` (the clocks advance one tick, or N, each
//! settled).
//!
//! ```
//! use sim_core::analysis::reset::{self, Sequence};
//! use sim_core::format;
//!
//! // A flip-flop that loads D on the clock's rising edge.
//! let doc = format::from_str(r#"(version: 1,
//!     nodes: [(label: "D", kind: Switch), (label: "C", kind: Switch),
//!             (label: "FF", kind: Dff), (label: "Q", kind: Lamp)],
//!     wires: [(from: "D", to: "FF", input: 0), (from: "C", to: "FF", input: 1),
//!             (from: "FF", to: "Q")])"#)?;
//! let c = &doc.circuit;
//! let report = reset::analyze(c, &"D=-1, C=-1; C=+1".parse::<Sequence>()?)?;
//! assert!(report.is_initialised());
//! let report = reset::analyze(c, &"D=-1".parse::<Sequence>()?)?;
//! assert_eq!(report.unknown.len(), 1); // FF was never clocked
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::str::FromStr;

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::kind::{DFFSR_EN, DFFSR_RESET, DFFSR_SET, NodeKind};
use crate::literal::Literal;
use crate::memory::{MemoryKind, Word};
use crate::netlist::Op;
use crate::signal;
use crate::trit::Trit;

use super::why::{self, Context, Explanation};

/// The most ticks one `tick N` item may ask for.
pub const MAX_TICKS: u32 = 1 << 20;

/// One item of a [`Sequence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Labels (nodes or buses) and their values, applied in one batch, then settled.
    Set(Vec<(String, Literal)>),
    /// This many clock ticks, each settled.
    Tick(u32),
}

/// A reset sequence: [`Action`]s in order (see the [module docs](self) for the text form).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sequence {
    /// The actions, in order.
    pub actions: Vec<Action>,
}

/// Why a reset sequence cannot be applied. Items are numbered from 1, as a reader counts them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResetError {
    /// An item that is neither `tick [N]` nor `LABEL=VALUE, …`.
    #[error(
        "reset sequence item {item} `{}`: {reason}",
        crate::number::excerpt(text)
    )]
    Syntax {
        /// The item's number (from 1).
        item: usize,
        /// The item as written.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A label that is neither a node nor a bus of the circuit.
    #[error("reset sequence item {item}: the circuit has no node or bus `{label}`")]
    UnknownSignal {
        /// The item's number (from 1).
        item: usize,
        /// The label.
        label: String,
    },
    /// A value that does not fit its node or bus, or a node that cannot take it.
    #[error("reset sequence item {item}: `{label}`: {reason}")]
    BadValue {
        /// The item's number (from 1).
        item: usize,
        /// The label.
        label: String,
        /// Why not.
        reason: String,
    },
}

impl FromStr for Sequence {
    type Err = ResetError;

    /// Reads the text form (see the [module docs](self)); empty items are skipped.
    fn from_str(text: &str) -> Result<Sequence, ResetError> {
        let mut actions = Vec::new();
        for (k, item) in text.split(';').map(str::trim).enumerate() {
            let number = k + 1;
            let syntax = |reason: &str| ResetError::Syntax {
                item: number,
                text: item.to_owned(),
                reason: reason.to_owned(),
            };
            if item.is_empty() {
                continue;
            }
            let mut words = item.split_whitespace();
            if words.next() == Some("tick") {
                let n = match (words.next(), words.next()) {
                    (None, _) => 1,
                    (Some(n), None) => n
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_TICKS).contains(n))
                        .ok_or_else(|| {
                            syntax(&format!("`tick N` takes a count from 1 to {MAX_TICKS}"))
                        })?,
                    _ => return Err(syntax("`tick` takes at most one count")),
                };
                actions.push(Action::Tick(n));
                continue;
            }
            let batch = crate::literal::parse_assignments(item).map_err(|e| {
                syntax(&format!(
                    "expected `tick`, `tick N` or assignments `LABEL=VALUE, …`: {e}"
                ))
            })?;
            actions.push(Action::Set(batch));
        }
        Ok(Sequence { actions })
    }
}

impl fmt::Display for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, action) in self.actions.iter().enumerate() {
            if k > 0 {
                f.write_str("; ")?;
            }
            match action {
                Action::Tick(1) => f.write_str("tick")?,
                Action::Tick(n) => write!(f, "tick {n}")?,
                Action::Set(batch) => {
                    for (j, (label, value)) in batch.iter().enumerate() {
                        let sep = if j > 0 { ", " } else { "" };
                        write!(f, "{sep}{label}={value}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A state element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// A flip-flop.
    FlipFlop(NodeId),
    /// A latch or any other combinational loop: its nodes (a strongly connected component
    /// without flip-flops or RAMs), in node order.
    Latch(Vec<NodeId>),
}

/// A state element still unknown after the sequence, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// The element.
    pub element: Element,
    /// Why its (first unknown) node is unknown.
    pub why: Explanation,
    /// For a flip-flop with its D connected (or a [`NodeKind::Dffsr`]): whether each reset
    /// input reaches its next state (D) within a clock cycle, or its SET or RESET, one entry
    /// per [`ResetReport::reset_inputs`]. Empty for a latch.
    pub reset: Vec<Reach>,
}

/// Whether a reset input reaches an unknown flip-flop's next state: a walk of the
/// combinational fan-out of the input (through gates, not through flip-flops or RAMs, so
/// within one clock cycle) to the node driving the flip-flop's D, or to a
/// [`NodeKind::Dffsr`]'s SET or RESET pin (asynchronous: then `next` is the flip-flop itself
/// and `gates` end with the pin's driver, unless that is the input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The next state depends on the input (the reset reaches it, yet did not make it known).
    Through {
        /// The reset input.
        input: NodeId,
        /// The node driving the flip-flop's D, or the `Dffsr` reached through SET or RESET.
        next: NodeId,
        /// The nodes between the input and `next` on one path, in order (empty: directly).
        gates: Vec<NodeId>,
    },
    /// The next state does not depend on the input: the reset does not reach the flip-flop.
    Missing {
        /// The reset input.
        input: NodeId,
        /// The node driving the flip-flop's D (a `Dffsr` with D unconnected: itself).
        next: NodeId,
        /// The next state (D driver) of the first flip-flop, in node order, that does depend
        /// on the input (or that flip-flop, reached through SET or RESET): what a correct
        /// reset path looks like in this circuit.
        other: NodeId,
        /// The nodes between the input and `other` on one path, in order (empty: directly).
        gates: Vec<NodeId>,
    },
}

impl Reach {
    /// A sentence naming the nodes: `NEXT1 does not depend on RESET; NEXT0 does, through
    /// NRESET`, or `NEXT0 depends on RESET, through NRESET`.
    pub fn describe(&self, circuit: &Circuit) -> String {
        let label = |id: NodeId| circuit.node(id).map_or("?", |n| n.label.as_str());
        let path = |gates: &[NodeId]| {
            if gates.is_empty() {
                "directly".to_owned()
            } else {
                let names: Vec<&str> = gates.iter().map(|&g| label(g)).collect();
                format!("through {}", names.join(", "))
            }
        };
        match self {
            Reach::Through { input, next, gates } => format!(
                "{} depends on {}, {}",
                label(*next),
                label(*input),
                path(gates)
            ),
            Reach::Missing {
                input,
                next,
                other,
                gates,
            } => format!(
                "{} does not depend on {}; {} does, {}",
                label(*next),
                label(*input),
                label(*other),
                path(gates)
            ),
        }
    }
}

/// A RAM after the sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryState {
    /// The memory's label.
    pub label: String,
    /// Its number of words.
    pub words: usize,
    /// The addresses of the words with an unknown bit, in increasing order.
    pub unknown: Vec<usize>,
}

/// What [`analyze`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResetReport {
    /// The flip-flops of the circuit.
    pub flip_flops: usize,
    /// The latches (combinational loops) of the circuit.
    pub latches: usize,
    /// The flip-flops and latches still unknown, flip-flops first, each in node order.
    pub unknown: Vec<Unknown>,
    /// Each RAM, in the circuit's order.
    pub memories: Vec<MemoryState>,
    /// The nodes forced to unknown by an oscillation during the sequence.
    pub oscillated: Vec<NodeId>,
    /// The reset inputs: the nodes the sequence sets whose combinational fan-out reaches the
    /// D of some flip-flop, or a [`NodeKind::Dffsr`]'s SET or RESET (a clock, which only
    /// reaches clock pins, is not one), in node order.
    pub reset_inputs: Vec<NodeId>,
}

impl ResetReport {
    /// Whether every flip-flop and latch is known after the sequence (memories aside).
    pub fn is_initialised(&self) -> bool {
        self.unknown.is_empty()
    }

    /// The RAM words with an unknown bit, over every RAM.
    pub fn unknown_words(&self) -> usize {
        self.memories.iter().map(|m| m.unknown.len()).sum()
    }
}

/// An [`Action`] resolved against a circuit ([`Sequence::resolve`]): what [`analyze`]
/// applies, and what a simulator applies to reach the same state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Switches and buttons (a bus's bits one by one) and their values, set in one batch,
    /// then settled.
    Set(Vec<(NodeId, Trit)>),
    /// This many clock ticks, each settled.
    Tick(u32),
}

impl Sequence {
    /// The sequence's labels and values resolved against `circuit`, item by item.
    ///
    /// # Errors
    /// [`ResetError::UnknownSignal`] for a label that is no node or bus, or
    /// [`ResetError::BadValue`] for a value that does not fit it or its kind refuses, each
    /// naming the item and label.
    pub fn resolve(&self, circuit: &Circuit) -> Result<Vec<Step>, ResetError> {
        let mut out = Vec::new();
        for (k, action) in self.actions.iter().enumerate() {
            let item = k + 1;
            match action {
                Action::Tick(n) => out.push(Step::Tick(*n)),
                Action::Set(batch) => {
                    let mut set = Vec::new();
                    for (label, literal) in batch {
                        let bad = |reason: String| ResetError::BadValue {
                            item,
                            label: label.clone(),
                            reason,
                        };
                        let bits = signal::signal(circuit, label).ok_or_else(|| {
                            ResetError::UnknownSignal {
                                item,
                                label: label.clone(),
                            }
                        })?;
                        let values = literal
                            .resolve_in(bits.len(), signal::radix(circuit, label))
                            .map_err(|e| bad(e.to_string()))?;
                        for (id, value) in bits.into_iter().zip(values) {
                            let kind = circuit[id].kind;
                            if !kind.accepts(value) {
                                return Err(bad(format!("a {kind} cannot be set to {value}")));
                            }
                            set.push((id, value));
                        }
                    }
                    out.push(Step::Set(set));
                }
            }
        }
        Ok(out)
    }
}

/// Applies `sequence` to `circuit` from power-on with every RAM word unknown, and reports
/// each flip-flop and latch still unknown with why (see the [module docs](self)). Runs the
/// event engine (unit delay); time linear in the events of the sequence plus the nodes.
///
/// # Errors
/// [`ResetError::UnknownSignal`] or [`ResetError::BadValue`] naming the item and label.
pub fn analyze(circuit: &Circuit, sequence: &Sequence) -> Result<ResetReport, ResetError> {
    let steps = sequence.resolve(circuit)?;
    let mut engine = Engine::from_circuit(circuit);
    let rams: Vec<_> = circuit
        .memories()
        .iter()
        .filter(|m| m.kind == MemoryKind::Ram)
        .collect();
    for m in &rams {
        for a in 0..m.words() {
            engine.write_memory_word(&m.label, a, Word::UNKNOWN);
        }
    }
    let dffs: Vec<NodeId> = circuit
        .nodes()
        .filter(|(id, n)| n.kind.is_flip_flop() && engine.netlist().contains(*id))
        .map(|(id, _)| id)
        .collect();
    let pins = Pins::of(circuit, &dffs);
    let clock_values = |e: &Engine| pins.values(e);
    let mut rose = vec![false; dffs.len()];
    let mut oscillated: Vec<NodeId> = Vec::new();
    let mut settle = |e: &mut Engine, before: &[(Trit, Trit)], rose: &mut [bool]| {
        if let Some(o) = e.settle().oscillation {
            oscillated.extend(o.feedback);
        }
        for (k, now) in clock_values(e).into_iter().enumerate() {
            rose[k] |= Pins::clocked(before[k], now);
        }
    };
    let before = clock_values(&engine);
    settle(&mut engine, &before, &mut rose);
    for step in &steps {
        match step {
            Step::Set(set) => {
                let before = clock_values(&engine);
                // Every node was checked to accept its value, so the engine takes the batch.
                if engine.set(set.iter().copied()).is_ok() {
                    settle(&mut engine, &before, &mut rose);
                }
            }
            Step::Tick(n) => {
                for _ in 0..*n {
                    let before = clock_values(&engine);
                    engine.tick();
                    settle(&mut engine, &before, &mut rose);
                }
            }
        }
    }
    oscillated.sort_unstable();
    oscillated.dedup();
    let context = Context {
        never_clocked: dffs
            .iter()
            .zip(&rose)
            .filter(|(_, r)| !**r)
            .map(|(&d, _)| d)
            .collect(),
        oscillated: oscillated.clone(),
    };
    let resets = ResetCones::new(circuit, &steps, &dffs);
    let mut unknown = Vec::new();
    for &d in &dffs {
        if engine.value(d) == Trit::Unknown {
            unknown.push(Unknown {
                element: Element::FlipFlop(d),
                why: why::explain(&engine, circuit, d, &context),
                reset: resets.reach(circuit, d),
            });
        }
    }
    let latches = latches(&engine);
    for latch in &latches {
        if let Some(&first) = latch.iter().find(|&&n| engine.value(n) == Trit::Unknown) {
            unknown.push(Unknown {
                element: Element::Latch(latch.clone()),
                why: why::explain(&engine, circuit, first, &context),
                reset: Vec::new(),
            });
        }
    }
    let memories = rams.iter().map(|m| memory_state(&engine, m)).collect();
    Ok(ResetReport {
        flip_flops: dffs.len(),
        latches: latches.len(),
        unknown,
        memories,
        oscillated,
        reset_inputs: resets.cones.iter().map(|r| r.cone.input).collect(),
    })
}

/// The combinational fan-out of one input: every node reached from it through gates (not
/// through a flip-flop or a RAM), each with the node it was first reached from.
struct Cone {
    input: NodeId,
    parent: HashMap<NodeId, NodeId>,
}

impl Cone {
    /// Walks breadth first from `input`, so each path found is a shortest one.
    fn new(circuit: &Circuit, input: NodeId) -> Cone {
        let mut parent = HashMap::new();
        let mut queue = VecDeque::from([input]);
        while let Some(n) = queue.pop_front() {
            let kind = circuit[n].kind;
            if n != input && (kind.is_flip_flop() || matches!(kind, NodeKind::Ram { .. })) {
                continue;
            }
            for (_, w) in circuit.fanout(n) {
                if w.to != input && !parent.contains_key(&w.to) {
                    parent.insert(w.to, n);
                    queue.push_back(w.to);
                }
            }
        }
        Cone { input, parent }
    }

    /// The nodes strictly between the input and `node`, in order, if `node` is the input or
    /// in its cone.
    fn gates(&self, node: NodeId) -> Option<Vec<NodeId>> {
        if node == self.input {
            return Some(Vec::new());
        }
        let mut path = Vec::new();
        let mut at = *self.parent.get(&node)?;
        while at != self.input {
            path.push(at);
            at = self.parent[&at];
        }
        path.reverse();
        Some(path)
    }
}

/// One reset input: its cone, and the first flip-flop whose next state it reaches.
struct ResetInput {
    cone: Cone,
    /// That flip-flop's D driver.
    first: NodeId,
    /// The nodes between the input and `first`.
    gates: Vec<NodeId>,
}

/// The reset inputs of a sequence and their cones.
struct ResetCones {
    cones: Vec<ResetInput>,
}

impl ResetCones {
    /// The nodes `steps` set, kept where their cone reaches the D of one of `dffs` (or a
    /// `Dffsr`'s SET or RESET).
    fn new(circuit: &Circuit, steps: &[Step], dffs: &[NodeId]) -> ResetCones {
        let mut inputs: Vec<NodeId> = steps
            .iter()
            .flat_map(|s| match s {
                Step::Set(set) => set.iter().map(|&(id, _)| id).collect(),
                Step::Tick(_) => Vec::new(),
            })
            .collect();
        inputs.sort_unstable();
        inputs.dedup();
        let cones = inputs
            .into_iter()
            .filter_map(|input| {
                let cone = Cone::new(circuit, input);
                let (first, gates) = dffs.iter().find_map(|&d| cone.reaches(circuit, d))?;
                Some(ResetInput { cone, first, gates })
            })
            .collect();
        ResetCones { cones }
    }

    /// How each reset input reaches flip-flop `dff`'s next state or a `Dffsr`'s SET or RESET
    /// (empty if its D is unconnected and it has neither).
    fn reach(&self, circuit: &Circuit, dff: NodeId) -> Vec<Reach> {
        let has_set_reset = circuit[dff].kind == NodeKind::Dffsr;
        let Some(next) = next_state(circuit, dff).or(has_set_reset.then_some(dff)) else {
            return Vec::new();
        };
        self.cones
            .iter()
            .map(|reset| match reset.cone.reaches(circuit, dff) {
                Some((next, gates)) => Reach::Through {
                    input: reset.cone.input,
                    next,
                    gates,
                },
                None => Reach::Missing {
                    input: reset.cone.input,
                    next,
                    other: reset.first,
                    gates: reset.gates.clone(),
                },
            })
            .collect()
    }
}

/// The node driving flip-flop `dff`'s D (its next state), if connected.
fn next_state(circuit: &Circuit, dff: NodeId) -> Option<NodeId> {
    circuit.drivers(dff).first().copied().flatten()
}

impl Cone {
    /// How the cone reaches flip-flop `dff`: its D's driver and the path to it, or, for a
    /// [`NodeKind::Dffsr`], the flip-flop itself and the path to its SET's or RESET's driver
    /// (that driver last, unless it is the input); `None` if neither.
    fn reaches(&self, circuit: &Circuit, dff: NodeId) -> Option<(NodeId, Vec<NodeId>)> {
        if let Some(next) = next_state(circuit, dff)
            && let Some(gates) = self.gates(next)
        {
            return Some((next, gates));
        }
        if circuit[dff].kind != NodeKind::Dffsr {
            return None;
        }
        let drivers = circuit.drivers(dff);
        [DFFSR_RESET, DFFSR_SET].into_iter().find_map(|pin| {
            let driver = drivers.get(pin).copied().flatten()?;
            let mut gates = self.gates(driver)?;
            if driver != self.input {
                gates.push(driver);
            }
            Some((dff, gates))
        })
    }
}

/// The clock and enable drivers of each flip-flop the analysis watches for a rising edge.
struct Pins {
    /// Per flip-flop: its clock's driver, what its EN reads unconnected (+1 for a `Dff`,
    /// which has none, and a [`NodeKind::Dffsr`]; unknown for a [`NodeKind::Dffe`]), and its
    /// EN's driver (`None` where unconnected, or for a `Dff`).
    drivers: Vec<(Option<NodeId>, Trit, Option<NodeId>)>,
}

impl Pins {
    /// The pins of flip-flops `dffs` of `circuit`.
    fn of(circuit: &Circuit, dffs: &[NodeId]) -> Pins {
        let drivers = dffs
            .iter()
            .map(|&d| {
                let pins = circuit.drivers(d);
                let pin = |k: usize| pins.get(k).copied().flatten();
                let kind = circuit[d].kind;
                let unconnected = if kind.input_count() > DFFSR_EN {
                    kind.unconnected(DFFSR_EN)
                } else {
                    Trit::True
                };
                (pin(1), unconnected, pin(DFFSR_EN))
            })
            .collect();
        Pins { drivers }
    }

    /// Each flip-flop's clock and enable in `engine` now (+1 for a `Dff`'s; an unconnected
    /// clock unknown, an unconnected EN as its kind reads it).
    fn values(&self, engine: &Engine) -> Vec<(Trit, Trit)> {
        let value = |d: Option<NodeId>, unconnected| d.map_or(unconnected, |d| engine.value(d));
        self.drivers
            .iter()
            .map(|&(clock, unconnected, enable)| {
                (value(clock, Trit::Unknown), value(enable, unconnected))
            })
            .collect()
    }

    /// Whether a flip-flop whose clock and enable went from `before` to `now` was clocked:
    /// the clock rose and the enable was not −1 both before and after.
    fn clocked((was, enabled): (Trit, Trit), (now, enable): (Trit, Trit)) -> bool {
        let disabled = enabled == Trit::False && enable == Trit::False;
        was == Trit::False && now == Trit::True && !disabled
    }
}

/// RAM `m`'s words in `engine` now.
fn memory_state(engine: &Engine, m: &crate::memory::Memory) -> MemoryState {
    let full = crate::memory::mask(m.data_bits);
    MemoryState {
        label: m.label.clone(),
        words: m.words(),
        unknown: engine
            .memory_words(&m.label)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter(|(_, w)| w.known_mask(m.data_bits) != full)
            .map(|(a, _)| a)
            .collect(),
    }
}

/// The combinational loops of `engine`'s netlist (flip-flops and RAMs break loops), each in
/// node order, in the order of their first nodes.
fn latches(engine: &Engine) -> Vec<Vec<NodeId>> {
    let net = engine.netlist();
    let within: Vec<u32> = (0..net.len() as u32)
        .filter(|&i| {
            net.ops[i as usize] != Op::Dff && !matches!(net.kinds[i as usize], NodeKind::Ram { .. })
        })
        .collect();
    let mut loops: Vec<Vec<NodeId>> = crate::graph::loops(net, &within)
        .into_iter()
        .map(|l| {
            let mut ids: Vec<NodeId> = l.into_iter().map(|i| net.ids[i as usize]).collect();
            ids.sort_unstable();
            ids
        })
        .collect();
    loops.sort_unstable();
    loops
}
