//! The circuit graph: nodes and wires on a petgraph [`StableGraph`], always valid.
//!
//! There are two types on either side of one validation boundary:
//!
//! * [`CircuitDesc`] — plain, unchecked data (labels and wires by label), what a file or a
//!   generator produces;
//! * [`Circuit`] — the checked graph. [`Circuit::from_desc`] validates a description once and
//!   names the offending node or wire in a [`CircuitError`]; afterwards every mutator
//!   ([`Circuit::add_node`], [`Circuit::connect`], [`Circuit::rename`], …) keeps the invariants:
//!   labels are unique and well-formed, every wire runs from a node with an output to an existing
//!   input pin of a non-source node, and no input has two drivers.
//!
//! A [`StableGraph`] keeps [`NodeId`]s valid while an editor deletes other nodes.

use std::ops::Index;
use std::sync::OnceLock;

use petgraph::Direction;
use petgraph::stable_graph::{EdgeIndex, StableGraph};
use petgraph::visit::{EdgeRef, NodeIndexable};

use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::bus::Bus;
use crate::desc::{CircuitDesc, Node, NodeId, Pos, Wire, WireDesc, WireId, WireRef};
use crate::kind::{GATE_INPUTS, NodeKind, Role};
use crate::memory::Memory;

/// Why a description or an edit is not a valid circuit. Every variant names the offending node
/// or wire.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CircuitError {
    /// Two nodes share a label.
    #[error("duplicate label `{label}`: every node needs its own label")]
    DuplicateLabel {
        /// The label used twice.
        label: String,
    },
    /// A label is empty or has a character that would make it ambiguous on the command line.
    #[error("invalid label `{label}`: {reason}")]
    InvalidLabel {
        /// The rejected label.
        label: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An n-input gate with an input count outside [`GATE_INPUTS`].
    #[error("node `{label}`: a {kind} gate must have 2..=64 inputs")]
    BadInputCount {
        /// The node.
        label: String,
        /// Its kind, with the rejected count.
        kind: NodeKind,
    },
    /// A clock with `half_period: 0`.
    #[error("node `{label}`: a clock's half_period must be at least 1 tick")]
    BadClock {
        /// The node.
        label: String,
    },
    /// A bus node (width above 1) or a splitter reached the circuit unexpanded: a circuit
    /// holds single-trit nets; files are expanded by [`crate::bus`] on loading.
    #[error("node `{label}`: a {what} belongs in a file; a circuit holds single-trit nets")]
    NotExpanded {
        /// The node.
        label: String,
        /// What it is (`bus of width 8`, `splitter`).
        what: String,
    },
    /// A wire names a node that does not exist.
    #[error("{wire}: unknown label `{label}`")]
    UnknownLabel {
        /// The wire.
        wire: WireRef,
        /// The label that names no node.
        label: String,
    },
    /// A wire into a source, which has no inputs.
    #[error("{wire}: `{}` is a source ({kind}) and has no inputs", wire.to)]
    WireIntoSource {
        /// The wire.
        wire: WireRef,
        /// The source's kind.
        kind: NodeKind,
    },
    /// A wire out of a terminal, which has no output.
    #[error("{wire}: `{}` is a terminal ({kind}) and has no output", wire.from)]
    WireFromTerminal {
        /// The wire.
        wire: WireRef,
        /// The terminal's kind.
        kind: NodeKind,
    },
    /// A wire into an input pin the node does not have.
    #[error("{wire}: input index {} out of range: `{}` ({kind}) has inputs 0..={}",
        wire.input, wire.to, kind.input_count().saturating_sub(1))]
    InputOutOfRange {
        /// The wire.
        wire: WireRef,
        /// The driven node's kind.
        kind: NodeKind,
    },
    /// A second wire into an input that already has a driver.
    #[error("{wire}: input {}.{} is already driven by `{existing}` (two wires into one input)",
        wire.to, wire.input)]
    DoubleDriver {
        /// The rejected wire.
        wire: WireRef,
        /// Label of the node already driving that input.
        existing: String,
    },
}

/// Something suspicious that still simulates.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Warning {
    /// A gate or terminal input without a driver; it reads 0 (unknown).
    #[error("`{label}` input {input} is unconnected and reads 0 (unknown)")]
    UnconnectedInput {
        /// The node.
        label: String,
        /// The pin.
        input: u8,
    },
}

/// A checked circuit: a [`StableGraph`] whose node weights are [`Node`]s and whose edge weights
/// are input pin indices. See the [module docs](self) for the invariants it keeps.
#[derive(Clone, Debug, Default)]
pub struct Circuit {
    graph: StableGraph<Node, u8>,
    /// Label → node, built from the graph on first use: a netlist importer that has proven its
    /// labels unique adds nodes without it ([`Circuit::add_node_unique`]), and a circuit that is
    /// only simulated never pays for it.
    labels: OnceLock<FxHashMap<String, NodeId>>,
    /// The buses whose bits are nodes of this circuit (see [`crate::bus`]).
    buses: Vec<Bus>,
    /// The memories whose data bits are nodes of this circuit (see [`crate::memory`]).
    memories: Vec<Memory>,
    /// The bends of the wires the user bent ([`WireDesc::via`]), by the input they drive
    /// (an input has one driver, so it names its wire).
    bends: FxHashMap<(NodeId, u8), Vec<Pos>>,
}

impl Circuit {
    /// An empty circuit.
    pub fn new() -> Circuit {
        Circuit::default()
    }

    /// An empty circuit with room for `nodes` nodes (and about twice as many wires).
    pub fn with_capacity(nodes: usize) -> Circuit {
        Circuit {
            graph: StableGraph::with_capacity(nodes, 2 * nodes),
            labels: OnceLock::new(),
            buses: Vec::new(),
            memories: Vec::new(),
            bends: FxHashMap::default(),
        }
    }

    /// The label index, built if need be.
    fn labels(&self) -> &FxHashMap<String, NodeId> {
        self.labels.get_or_init(|| {
            let mut labels =
                FxHashMap::with_capacity_and_hasher(self.graph.node_count(), FxBuildHasher);
            for i in self.graph.node_indices() {
                labels.insert(self.graph[i].label.clone(), NodeId(i));
            }
            labels
        })
    }

    /// Runs `f` on the label index, built if need be.
    fn with_labels<R>(&mut self, f: impl FnOnce(&mut FxHashMap<String, NodeId>) -> R) -> R {
        self.labels();
        let mut labels = self.labels.take().unwrap_or_default();
        let result = f(&mut labels);
        self.labels = OnceLock::from(labels);
        result
    }

    /// Validates `desc` and builds the circuit.
    ///
    /// # Errors
    /// The first problem found, in file order: nodes first, then wires.
    pub fn from_desc(desc: &CircuitDesc) -> Result<Circuit, CircuitError> {
        let mut circuit = Circuit {
            graph: StableGraph::with_capacity(desc.nodes.len(), desc.wires.len()),
            labels: OnceLock::from(FxHashMap::with_capacity_and_hasher(
                desc.nodes.len(),
                FxBuildHasher,
            )),
            buses: Vec::new(),
            memories: Vec::new(),
            bends: FxHashMap::default(),
        };
        for node in &desc.nodes {
            circuit.add_node(node.clone())?;
        }
        for (index, w) in desc.wires.iter().enumerate() {
            let wire_ref = || WireRef {
                index: Some(index),
                from: w.from.clone(),
                to: w.to.clone(),
                input: w.input,
            };
            let find = |label: &str| {
                circuit
                    .find(label)
                    .ok_or_else(|| CircuitError::UnknownLabel {
                        wire: wire_ref(),
                        label: label.to_owned(),
                    })
            };
            let (from, to) = (find(&w.from)?, find(&w.to)?);
            circuit.check_wire(from, to, w.input, wire_ref)?;
            circuit.graph.add_edge(from.0, to.0, w.input);
            if !w.via.is_empty() {
                circuit.bends.insert((to, w.input), w.via.clone());
            }
        }
        Ok(circuit)
    }

    /// The description of this circuit: nodes in id order, wires in id order.
    /// `Circuit::from_desc(&c.to_desc())` rebuilds an identical circuit.
    pub fn to_desc(&self) -> CircuitDesc {
        CircuitDesc {
            nodes: self.nodes().map(|(_, n)| n.clone()).collect(),
            wires: self
                .wires()
                .map(|(_, w)| WireDesc {
                    via: self.bends(w.to, w.input).to_vec(),
                    ..WireDesc::new(&*self[w.from].label, &*self[w.to].label, w.input)
                })
                .collect(),
        }
    }

    /// Adds a node.
    ///
    /// # Errors
    /// [`CircuitError::DuplicateLabel`], [`CircuitError::InvalidLabel`],
    /// [`CircuitError::BadInputCount`] or [`CircuitError::BadClock`].
    pub fn add_node(&mut self, node: Node) -> Result<NodeId, CircuitError> {
        check_label(&node.label)?;
        check_kind(&node.label, node.kind)?;
        if node.width != 1 || node.kind.is_wiring() {
            return Err(CircuitError::NotExpanded {
                what: if node.kind.is_wiring() {
                    "splitter".to_owned()
                } else {
                    format!("bus of width {}", node.width)
                },
                label: node.label,
            });
        }
        let Circuit { graph, labels, .. } = self;
        let labels = labels.get_mut();
        // One hash lookup for both the check and the insertion.
        match labels.map(|labels| labels.entry(node.label.clone())) {
            Some(std::collections::hash_map::Entry::Occupied(_)) => {
                Err(CircuitError::DuplicateLabel { label: node.label })
            }
            Some(std::collections::hash_map::Entry::Vacant(slot)) => {
                let id = NodeId(graph.add_node(node));
                slot.insert(id);
                Ok(id)
            }
            None => {
                self.labels();
                self.add_node(node)
            }
        }
    }

    /// Adds a node whose label the caller has made valid and unique (what
    /// [`add_node`](Self::add_node) checks), and whose kind is valid: a netlist importer
    /// whose own name table already rules out duplicates. Skips the label index (built on
    /// first use), which matters for million-node netlists. Checked in debug builds.
    pub(crate) fn add_node_unique(&mut self, node: Node) -> NodeId {
        debug_assert!(
            check_label(&node.label).is_ok() && check_kind(&node.label, node.kind).is_ok()
        );
        debug_assert!(
            self.find(&node.label).is_none(),
            "duplicate label {}",
            node.label
        );
        let label = self.labels.get().is_some().then(|| node.label.clone());
        let id = NodeId(self.graph.add_node(node));
        if let (Some(label), Some(labels)) = (label, self.labels.get_mut()) {
            labels.insert(label, id);
        }
        id
    }

    /// Removes a node and every wire attached to it; `None` if `id` is not in the circuit.
    pub fn remove_node(&mut self, id: NodeId) -> Option<Node> {
        let node = self.graph.remove_node(id.0)?;
        if let Some(labels) = self.labels.get_mut() {
            labels.remove(&node.label);
        }
        self.buses.retain(|b| !b.bits.contains(&id));
        self.bends.retain(|(to, _), _| *to != id);
        Some(node)
    }

    /// Where the user bent the wire into input `input` of `to` ([`WireDesc::via`]), in grid
    /// cells; empty for a wire routed freely (or no wire).
    pub fn bends(&self, to: NodeId, input: u8) -> &[Pos] {
        self.bends.get(&(to, input)).map_or(&[], Vec::as_slice)
    }

    /// Bends the wire into input `input` of `to` through `via` (empty: routed freely again).
    /// Does nothing if no wire drives that input.
    pub fn set_bends(&mut self, to: NodeId, input: u8, via: Vec<Pos>) {
        let wired = self.wires().any(|(_, w)| w.to == to && w.input == input);
        if via.is_empty() || !wired {
            self.bends.remove(&(to, input));
        } else {
            self.bends.insert((to, input), via);
        }
    }

    /// The circuit's buses (see [`crate::bus`]), in file order.
    pub fn buses(&self) -> &[Bus] {
        &self.buses
    }

    /// The bus named `name` (a label of the file, or an instance path to one).
    pub fn bus(&self, name: &str) -> Option<&Bus> {
        self.buses.iter().find(|b| b.name == name)
    }

    /// The bus `id` is a bit of, and which bit.
    pub fn bus_of(&self, id: NodeId) -> Option<(&Bus, usize)> {
        self.buses
            .iter()
            .find_map(|b| b.bits.iter().position(|&bit| bit == id).map(|i| (b, i)))
    }

    /// Declares buses over this circuit's nodes: each `(name, width, radix)` names the nodes
    /// `name[0]` … (see [`crate::literal::bit_label`]); one whose bits are not all here is
    /// skipped (a part's pins, flattened away). Replaces the previous list.
    pub fn set_buses(&mut self, decls: &[crate::bus::BusDecl]) {
        self.buses = decls
            .iter()
            .filter_map(|d| {
                let bits = (0..usize::from(d.width))
                    .map(|i| self.find(&crate::literal::bit_label(&d.label, i)))
                    .collect::<Option<Vec<_>>>()?;
                Some(Bus {
                    name: d.label.clone(),
                    bits,
                    radix: d.radix.unwrap_or_default(),
                })
            })
            .collect();
    }

    /// Sets the memories whose data bits are nodes of this circuit (see [`crate::memory`]):
    /// what loading a file with memories does.
    pub fn set_memories(&mut self, memories: Vec<Memory>) {
        self.memories = memories;
    }

    /// The memories, in the order the file declares them (parts' by instance).
    pub fn memories(&self) -> &[Memory] {
        &self.memories
    }

    /// The memory labelled `label`, if any.
    pub fn memory(&self, label: &str) -> Option<&Memory> {
        self.memories.iter().find(|m| m.label == label)
    }

    /// The memory labelled `label`, to change its starting words (an editor's ROM edit).
    pub fn memory_mut(&mut self, label: &str) -> Option<&mut Memory> {
        self.memories.iter_mut().find(|m| m.label == label)
    }

    /// Connects `from`'s output to input pin `input` of `to`.
    ///
    /// # Errors
    /// [`CircuitError::WireFromTerminal`], [`CircuitError::WireIntoSource`],
    /// [`CircuitError::InputOutOfRange`] or [`CircuitError::DoubleDriver`].
    ///
    /// # Panics
    /// If `from` or `to` is not a node of this circuit.
    pub fn connect(&mut self, from: NodeId, to: NodeId, input: u8) -> Result<WireId, CircuitError> {
        let wire_ref = || WireRef {
            index: None,
            from: self[from].label.clone(),
            to: self[to].label.clone(),
            input,
        };
        self.check_wire(from, to, input, wire_ref)?;
        Ok(WireId(self.graph.add_edge(from.0, to.0, input)))
    }

    /// Connects `from`'s output to input pin `input` of `to`, for a builder that has made the
    /// wire valid by construction (what [`connect`](Self::connect) checks: `from` has an
    /// output, `to` is not a source, the pin exists and has no driver yet). Skipping the check
    /// skips a walk over `to`'s incoming wires, which matters for million-node netlists. The
    /// check still runs in debug builds.
    pub(crate) fn connect_valid(&mut self, from: NodeId, to: NodeId, input: u8) -> WireId {
        debug_assert!(
            self.check_wire(from, to, input, || WireRef {
                index: None,
                from: self[from].label.clone(),
                to: self[to].label.clone(),
                input,
            })
            .is_ok(),
            "connect_valid on an invalid wire"
        );
        WireId(self.graph.add_edge(from.0, to.0, input))
    }

    /// Removes a wire; `None` if it is not in the circuit.
    pub fn disconnect(&mut self, wire: WireId) -> Option<Wire> {
        let (from, to) = self.graph.edge_endpoints(wire.0)?;
        let input = self.graph.remove_edge(wire.0)?;
        self.bends.remove(&(NodeId(to), input));
        Some(Wire {
            from: NodeId(from),
            to: NodeId(to),
            input,
        })
    }

    /// Gives node `id` a new label.
    ///
    /// # Errors
    /// [`CircuitError::DuplicateLabel`] or [`CircuitError::InvalidLabel`]; the circuit is
    /// unchanged then.
    ///
    /// # Panics
    /// If `id` is not a node of this circuit.
    pub fn rename(&mut self, id: NodeId, label: impl Into<String>) -> Result<(), CircuitError> {
        let label = label.into();
        if self[id].label == label {
            return Ok(());
        }
        check_label(&label)?;
        if self.labels().contains_key(&label) {
            return Err(CircuitError::DuplicateLabel { label });
        }
        let old = std::mem::replace(&mut self.graph[id.0].label, label.clone());
        self.with_labels(|labels| {
            labels.remove(&old);
            labels.insert(label, id);
        });
        Ok(())
    }

    /// Changes the kind of node `id` (for example the input count of a gate), removing the
    /// wires the new kind cannot have: inputs into a source or beyond the new input count,
    /// the output of a terminal. Returns the removed wires.
    ///
    /// # Errors
    /// [`CircuitError::BadInputCount`] or [`CircuitError::BadClock`]; nothing changes then.
    ///
    /// # Panics
    /// If `id` is not a node of this circuit.
    pub fn set_kind(&mut self, id: NodeId, kind: NodeKind) -> Result<Vec<Wire>, CircuitError> {
        check_kind(&self[id].label, kind)?;
        let doomed: Vec<EdgeIndex> = self
            .graph
            .edges_directed(id.0, Direction::Incoming)
            .filter(|e| usize::from(*e.weight()) >= kind.input_count())
            .chain(
                self.graph
                    .edges_directed(id.0, Direction::Outgoing)
                    .filter(|_| !kind.has_output()),
            )
            .map(|e| e.id())
            .collect();
        let removed = doomed
            .into_iter()
            .filter_map(|e| self.disconnect(WireId(e)))
            .collect();
        self.graph[id.0].kind = kind;
        Ok(removed)
    }

    /// Moves node `id` on the editor grid; does nothing if `id` is not in the circuit.
    pub fn set_pos(&mut self, id: NodeId, pos: Option<Pos>) {
        if let Some(node) = self.graph.node_weight_mut(id.0) {
            node.pos = pos;
        }
    }

    /// The node with this id, if it exists.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.graph.node_weight(id.0)
    }

    /// The node with this label.
    pub fn find(&self, label: &str) -> Option<NodeId> {
        self.labels().get(label).copied()
    }

    /// All nodes in id order (file order for a loaded circuit).
    pub fn nodes(&self) -> impl Iterator<Item = (NodeId, &Node)> + '_ {
        self.graph
            .node_indices()
            .map(|i| (NodeId(i), &self.graph[i]))
    }

    /// All wires in id order (file order for a loaded circuit).
    pub fn wires(&self) -> impl Iterator<Item = (WireId, Wire)> + '_ {
        self.graph.edge_indices().filter_map(|e| {
            let (from, to) = self.graph.edge_endpoints(e)?;
            Some((
                WireId(e),
                Wire {
                    from: NodeId(from),
                    to: NodeId(to),
                    input: self.graph[e],
                },
            ))
        })
    }

    /// The wire with this id, if it exists.
    pub fn wire(&self, id: WireId) -> Option<Wire> {
        let (from, to) = self.graph.edge_endpoints(id.0)?;
        Some(Wire {
            from: NodeId(from),
            to: NodeId(to),
            input: self.graph[id.0],
        })
    }

    /// The wires leaving `id`'s output, in wire-id order (the order its fanout is scheduled in).
    pub fn fanout(&self, id: NodeId) -> Vec<(WireId, Wire)> {
        let mut out: Vec<_> = self
            .graph
            .edges_directed(id.0, Direction::Outgoing)
            .map(|e| {
                let w = Wire {
                    from: id,
                    to: NodeId(e.target()),
                    input: *e.weight(),
                };
                (WireId(e.id()), w)
            })
            .collect();
        out.sort_unstable_by_key(|(w, _)| *w);
        out
    }

    /// The driver of each input pin of `id` (`None` where unconnected), indexed by pin.
    pub fn drivers(&self, id: NodeId) -> Vec<Option<NodeId>> {
        let mut pins = vec![None; self.node(id).map_or(0, |n| n.kind.input_count())];
        for e in self.graph.edges_directed(id.0, Direction::Incoming) {
            if let Some(pin) = pins.get_mut(usize::from(*e.weight())) {
                *pin = Some(NodeId(e.source()));
            }
        }
        pins
    }

    /// The terminals (lamps and probes), in id order: what a simulation shows.
    pub fn terminals(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes()
            .filter(|(_, n)| n.kind.role() == Role::Terminal)
            .map(|(id, _)| id)
    }

    /// The nodes [`crate::Engine::set`] can drive (switches and buttons), in id order.
    pub fn inputs(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes()
            .filter(|(_, n)| matches!(n.kind, NodeKind::Switch | NodeKind::Button))
            .map(|(id, _)| id)
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Number of wires.
    pub fn wire_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// One past the largest [`NodeId::index`] in use: the size of a table indexed by node id.
    pub fn node_bound(&self) -> usize {
        self.graph.node_bound()
    }

    /// The underlying petgraph graph (node weights: [`Node`], edge weights: input pin), for
    /// graph algorithms such as SCCs or topological order.
    pub fn graph(&self) -> &StableGraph<Node, u8> {
        &self.graph
    }

    /// Warnings: every gate or terminal input without a driver, in node order.
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out = Vec::new();
        for (id, node) in self.nodes() {
            for (pin, driver) in self.drivers(id).into_iter().enumerate() {
                if driver.is_none() {
                    out.push(Warning::UnconnectedInput {
                        label: node.label.clone(),
                        input: pin as u8,
                    });
                }
            }
        }
        out
    }

    fn check_wire(
        &self,
        from: NodeId,
        to: NodeId,
        input: u8,
        wire_ref: impl Fn() -> WireRef,
    ) -> Result<(), CircuitError> {
        let (src, dst) = (self[from].kind, self[to].kind);
        if !src.has_output() {
            return Err(CircuitError::WireFromTerminal {
                wire: wire_ref(),
                kind: src,
            });
        }
        if dst.role() == Role::Source {
            return Err(CircuitError::WireIntoSource {
                wire: wire_ref(),
                kind: dst,
            });
        }
        if usize::from(input) >= dst.input_count() {
            return Err(CircuitError::InputOutOfRange {
                wire: wire_ref(),
                kind: dst,
            });
        }
        let existing = self
            .graph
            .edges_directed(to.0, Direction::Incoming)
            .find(|e| *e.weight() == input);
        if let Some(existing) = existing {
            return Err(CircuitError::DoubleDriver {
                wire: wire_ref(),
                existing: self.graph[existing.source()].label.clone(),
            });
        }
        Ok(())
    }
}

impl Index<NodeId> for Circuit {
    type Output = Node;

    /// # Panics
    /// If `id` is not a node of this circuit (for example, it was removed).
    fn index(&self, id: NodeId) -> &Node {
        &self.graph[id.0]
    }
}

fn check_label(label: &str) -> Result<(), CircuitError> {
    // Fast path: a non-empty ASCII label of printable characters other than `,` and `=`.
    if !label.is_empty()
        && label
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b',' && b != b'=')
    {
        return Ok(());
    }
    let reason = if label.is_empty() {
        "labels must not be empty"
    } else if label.chars().any(|c| c.is_whitespace() || c.is_control()) {
        "labels must not contain whitespace"
    } else if label.contains([',', '=']) {
        "labels must not contain `,` or `=`"
    } else {
        return Ok(());
    };
    Err(CircuitError::InvalidLabel {
        label: label.to_owned(),
        reason,
    })
}

fn check_kind(label: &str, kind: NodeKind) -> Result<(), CircuitError> {
    match kind {
        NodeKind::Clock { half_period: 0 } => Err(CircuitError::BadClock {
            label: label.to_owned(),
        }),
        NodeKind::And(n)
        | NodeKind::Or(n)
        | NodeKind::Nand(n)
        | NodeKind::Nor(n)
        | NodeKind::Xor(n)
        | NodeKind::Xnor(n)
            if !GATE_INPUTS.contains(&n) =>
        {
            Err(CircuitError::BadInputCount {
                label: label.to_owned(),
                kind,
            })
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latch_desc() -> CircuitDesc {
        CircuitDesc {
            nodes: vec![
                Node::new("R", NodeKind::Switch),
                Node::new("S", NodeKind::Switch),
                Node::new("NOR1", NodeKind::Nor(2)),
                Node::new("NOR2", NodeKind::Nor(2)),
                Node::new("Q", NodeKind::Lamp),
            ],
            wires: vec![
                WireDesc::new("R", "NOR1", 0),
                WireDesc::new("NOR2", "NOR1", 1),
                WireDesc::new("NOR1", "Q", 0),
                WireDesc::new("NOR1", "NOR2", 0),
                WireDesc::new("S", "NOR2", 1),
            ],
        }
    }

    #[test]
    fn round_trips_through_its_description() {
        let desc = latch_desc();
        let c = Circuit::from_desc(&desc).expect("valid");
        assert_eq!(c.to_desc(), desc);
        assert!(c.warnings().is_empty());
    }

    #[test]
    fn every_invalid_wire_is_named() {
        let cases: [(WireDesc, &str); 5] = [
            (
                WireDesc::new("R", "NOPE", 0),
                "wires[5] (R → NOPE.0): unknown label `NOPE`",
            ),
            (
                WireDesc::new("Q", "NOR1", 0),
                "`Q` is a terminal (Lamp) and has no output",
            ),
            (
                WireDesc::new("R", "S", 0),
                "`S` is a source (Switch) and has no inputs",
            ),
            (
                WireDesc::new("R", "NOR2", 2),
                "input index 2 out of range: `NOR2` (NOR2) has inputs 0..=1",
            ),
            (
                WireDesc::new("S", "NOR1", 1),
                "input NOR1.1 is already driven by `NOR2`",
            ),
        ];
        for (wire, message) in cases {
            let mut desc = latch_desc();
            desc.wires.push(wire);
            let err = Circuit::from_desc(&desc).expect_err("invalid").to_string();
            assert!(err.contains(message), "{err:?} lacks {message:?}");
        }
    }

    #[test]
    fn labels_are_unique_and_well_formed() {
        let mut c = Circuit::from_desc(&latch_desc()).expect("valid");
        assert!(matches!(
            c.add_node(Node::new("R", NodeKind::Switch)),
            Err(CircuitError::DuplicateLabel { .. })
        ));
        assert!(matches!(
            c.add_node(Node::new("A=1", NodeKind::Switch)),
            Err(CircuitError::InvalidLabel { .. })
        ));
        assert!(matches!(
            c.add_node(Node::new("G", NodeKind::And(1))),
            Err(CircuitError::BadInputCount { .. })
        ));
        let q = c.find("Q").expect("Q");
        assert!(c.rename(q, "NOR1").is_err());
        c.rename(q, "Out").expect("free label");
        assert_eq!(c.find("Out"), Some(q));
        assert_eq!(c.find("Q"), None);
    }

    #[test]
    fn changing_a_kind_drops_the_wires_it_cannot_have() {
        let mut c = Circuit::from_desc(&latch_desc()).expect("valid");
        let nor1 = c.find("NOR1").expect("NOR1");
        let removed = c.set_kind(nor1, NodeKind::Not).expect("valid kind");
        assert_eq!(removed.len(), 1, "the wire into pin 1");
        assert_eq!(c.drivers(nor1), vec![c.find("R")]);
        assert!(c.set_kind(nor1, NodeKind::Or(70)).is_err());
        let removed = c.set_kind(nor1, NodeKind::Lamp).expect("valid kind");
        assert_eq!(removed.len(), 2, "a lamp has no output");
    }

    #[test]
    fn removing_a_node_keeps_other_ids_and_reports_unconnected_inputs() {
        let mut c = Circuit::from_desc(&latch_desc()).expect("valid");
        let r = c.find("R").expect("R");
        let q = c.find("Q").expect("Q");
        c.remove_node(r);
        assert_eq!(c[q].label, "Q");
        assert_eq!(
            c.warnings(),
            vec![Warning::UnconnectedInput {
                label: "NOR1".into(),
                input: 0
            }]
        );
    }
}
