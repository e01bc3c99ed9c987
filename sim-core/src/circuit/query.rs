//! What a [`Circuit`] answers: its nodes, wires, buses and memories, and its warnings.

use petgraph::Direction;
use petgraph::stable_graph::StableGraph;
use petgraph::visit::{EdgeRef, NodeIndexable};

use super::Circuit;
use super::error::Warning;
use crate::bus::Bus;
use crate::desc::{Node, NodeId, Pos, Wire, WireId};
use crate::kind::Role;
use crate::memory::Memory;

impl Circuit {
    /// Where the user bent the wire into input `input` of `to`
    /// ([`WireDesc::via`](crate::WireDesc::via)), in grid cells; empty for a wire routed
    /// freely (or no wire).
    pub fn bends(&self, to: NodeId, input: u8) -> &[Pos] {
        self.bends.get(&(to, input)).map_or(&[], Vec::as_slice)
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

    /// The memories, in the order the file declares them (parts' by instance).
    pub fn memories(&self) -> &[Memory] {
        &self.memories
    }

    /// The memory labelled `label`, if any.
    pub fn memory(&self, label: &str) -> Option<&Memory> {
        self.memories.iter().find(|m| m.label == label)
    }

    /// The node with this id, if it exists.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.graph.node_weight(id.0)
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

    /// The nodes [`crate::Engine::set`] can drive (switches, buttons and keypads'
    /// bits: [`NodeKind::is_input`](crate::NodeKind::is_input)), in id order.
    pub fn inputs(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes()
            .filter(|(_, n)| n.kind.is_input())
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
}
