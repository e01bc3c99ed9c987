//! The circuit graph: nodes and wires on a petgraph [`StableGraph`], always valid.
//!
//! There are two types on either side of one validation boundary:
//!
//! * [`CircuitDesc`](crate::CircuitDesc) — plain, unchecked data (labels and wires by label), what a file or a
//!   generator produces;
//! * [`Circuit`] — the checked graph. [`Circuit::from_desc`] validates a description once and
//!   names the offending node or wire in a [`CircuitError`]; afterwards every mutator
//!   ([`Circuit::add_node`], [`Circuit::connect`], [`Circuit::rename`], …) keeps the invariants:
//!   labels are unique and well-formed, every wire runs from a node with an output to an existing
//!   input pin of a non-source node, and no input has two drivers.
//!
//! A [`StableGraph`] keeps [`NodeId`]s valid while an editor deletes other nodes.

//!
//! # Modules
//! `error` holds [`CircuitError`] and [`Warning`]; `labels` the label index; `edit` building
//! from a description and every mutator, with the checks they keep; `query` what a circuit
//! answers.

mod edit;
mod error;
mod labels;
mod query;

use std::ops::Index;
use std::sync::OnceLock;

use petgraph::stable_graph::StableGraph;
use rustc_hash::FxHashMap;

use crate::bus::Bus;
use crate::desc::{Node, NodeId, Pos};
use crate::memory::Memory;
pub use error::{CircuitError, Warning};

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
}

impl Index<NodeId> for Circuit {
    type Output = Node;

    /// # Panics
    /// If `id` is not a node of this circuit (for example, it was removed).
    fn index(&self, id: NodeId) -> &Node {
        &self.graph[id.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desc::{CircuitDesc, WireDesc};
    use crate::kind::NodeKind;
    use crate::trit::Trit;

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

    /// A power-on value is set on a flip-flop, refused elsewhere, and dropped when the
    /// flip-flop becomes another kind.
    #[test]
    fn only_a_flip_flop_keeps_a_power_on_value() {
        let mut c = Circuit::from_desc(&latch_desc()).expect("valid");
        let q = c.add_node(Node::new("FF", NodeKind::Dff)).expect("node");
        c.set_init(q, Some(Trit::True)).expect("a flip-flop");
        assert_eq!(c[q].init, Some(Trit::True));
        let nor = c.find("NOR1").expect("NOR1");
        assert_eq!(
            c.set_init(nor, Some(Trit::False)),
            Err(CircuitError::InitOnNonFlipFlop {
                label: "NOR1".to_owned(),
                kind: NodeKind::Nor(2)
            })
        );
        assert_eq!(c[nor].init, None);
        c.set_kind(q, NodeKind::Dffe).expect("a flip-flop still");
        assert_eq!(c[q].init, Some(Trit::True));
        c.set_kind(q, NodeKind::Buf).expect("a buffer");
        assert_eq!(c[q].init, None);
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
