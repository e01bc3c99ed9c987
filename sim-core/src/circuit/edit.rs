//! Building a [`Circuit`] from a description and every mutator, each keeping the invariants
//! (unique, well-formed labels; wires from an output to an existing input of a non-source;
//! one driver per input).

use std::sync::OnceLock;

use petgraph::Direction;
use petgraph::stable_graph::{EdgeIndex, StableGraph};
use petgraph::visit::EdgeRef;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::Circuit;
use super::error::CircuitError;
use crate::bus::Bus;
use crate::desc::{CircuitDesc, Node, NodeId, Pos, Wire, WireDesc, WireId, WireRef};
use crate::kind::{GATE_INPUTS, NodeKind, Role};
use crate::memory::Memory;
use crate::trit::Trit;

impl Circuit {
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
        if node.init.is_some() && !node.kind.is_flip_flop() {
            return Err(CircuitError::InitOnNonFlipFlop {
                label: node.label,
                kind: node.kind,
            });
        }
        if node.width != 1 || node.kind.is_wiring() {
            return Err(CircuitError::NotExpanded {
                what: match node.kind {
                    NodeKind::Tunnel => "tunnel".to_owned(),
                    kind if kind.is_wiring() => "splitter".to_owned(),
                    _ => format!("bus of width {}", node.width),
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

    /// Sets the power-on value of flip-flop `id` ([`Node::init`]; `None`: unknown). An engine
    /// already running keeps its state: the value applies from its next power-on.
    ///
    /// # Errors
    /// [`CircuitError::InitOnNonFlipFlop`] if `id` is not a flip-flop and `init` is `Some`;
    /// nothing changes then.
    ///
    /// # Panics
    /// If `id` is not a node of this circuit.
    pub fn set_init(&mut self, id: NodeId, init: Option<Trit>) -> Result<(), CircuitError> {
        let node = &mut self.graph[id.0];
        if init.is_some() && !node.kind.is_flip_flop() {
            return Err(CircuitError::InitOnNonFlipFlop {
                label: node.label.clone(),
                kind: node.kind,
            });
        }
        node.init = init;
        Ok(())
    }

    /// Changes the kind of node `id` (for example the input count of a gate), removing the
    /// wires the new kind cannot have: inputs into a source or beyond the new input count,
    /// the output of a terminal, and the power-on value of a node that is no longer a
    /// flip-flop. Returns the removed wires.
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
        let node = &mut self.graph[id.0];
        node.kind = kind;
        if !kind.is_flip_flop() {
            node.init = None;
        }
        Ok(removed)
    }

    /// Turns or mirrors node `id` as the editor draws it; does nothing if `id` is not in the
    /// circuit.
    pub fn set_orientation(&mut self, id: NodeId, orientation: crate::Orientation) {
        if let Some(node) = self.graph.node_weight_mut(id.0) {
            node.set_orientation(orientation);
        }
    }

    /// Moves node `id` on the editor grid; does nothing if `id` is not in the circuit.
    pub fn set_pos(&mut self, id: NodeId, pos: Option<Pos>) {
        if let Some(node) = self.graph.node_weight_mut(id.0) {
            node.pos = pos;
        }
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
    if let NodeKind::Clock { half_period: 0 } = kind {
        return Err(CircuitError::BadClock {
            label: label.to_owned(),
        });
    }
    match kind.gate_inputs() {
        Some(n) if !GATE_INPUTS.contains(&n) => Err(CircuitError::BadInputCount {
            label: label.to_owned(),
            kind,
        }),
        _ => Ok(()),
    }
}
