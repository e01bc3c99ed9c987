//! sim-core: an event-driven simulator of balanced-ternary logic circuits.
//!
//! Values are [`Trit`]s — −1 false, 0 unknown, +1 true — combined by Kleene's strong logic
//! (NOT a = −a, AND = min, OR = max, XOR = −a·b). A [`Circuit`] is a petgraph graph of
//! *sources* (switches, buttons, clocks, constants), *gates* and *terminals* (lamps, probes); it
//! is compiled into a flat [`Netlist`] and simulated by an [`Engine`] that re-evaluates a node
//! only when one of its inputs changed and propagates only output changes, delta cycle by delta
//! cycle (the model of the seed article "Evaluating Logic Circuits with Ternary Logic Graphs").
//!
//! The RS NOR latch of the seed, built from RON, reset and read back:
//!
//! ```
//! use sim_core::{format, Engine, Trit};
//!
//! let doc = format::from_str(r#"(
//!     version: 1,
//!     nodes: [
//!         (label: "R", kind: Switch), (label: "S", kind: Switch),
//!         (label: "NOR1", kind: Nor(2)), (label: "NOR2", kind: Nor(2)),
//!         (label: "Q", kind: Lamp), (label: "Qn", kind: Lamp),
//!     ],
//!     wires: [
//!         (from: "R", to: "NOR1"), (from: "NOR2", to: "NOR1", input: 1),
//!         (from: "NOR1", to: "Q"), (from: "NOR1", to: "NOR2", input: 1),
//!         (from: "S", to: "NOR2"), (from: "NOR2", to: "Qn"),
//!     ],
//! )"#)?;
//! let c = &doc.circuit;
//! let [r, s, q] = ["R", "S", "Q"].map(|l| c.find(l).expect("in the circuit"));
//! let mut engine = Engine::from_circuit(c);
//!
//! engine.set([(r, Trit::False), (s, Trit::False)])?;
//! engine.settle();
//! assert_eq!(engine.value(q), Trit::Unknown); // the latch's state is not known yet
//!
//! engine.set([(r, Trit::True)])?;
//! let report = engine.settle();
//! assert_eq!(engine.value(q), Trit::False);   // reset
//! assert_eq!(report.events, 6);               // R, NOR1, Q, NOR2, Qn, NOR1 (unchanged)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules: [`trit`] (values), [`bench`](mod@bench) (ISCAS `.bench` import), [`batch`]
//! (bit-parallel engine), [`kind`] (node kinds and gate functions), [`circuit`] (the checked
//! graph), [`bus`] (buses: multi-trit nodes, splitters and their expansion into single trits),
//! [`netlist`] (the compiled form), [`layout`] (positions for unplaced nodes), [`engine`]
//! (the simulator), [`cycle`] (cycle-based runs of synchronous netlists: every gate once per
//! clock edge, no events), [`narrate`] (events as text), [`number`] (bus values as binary, hex, decimal
//! or balanced-ternary numbers), [`format`](mod@format) (RON files), [`testbench`] (embedded test
//! vectors), [`table`] (truth tables), [`generate`] (generated circuits for tests and
//! benchmarks), [`event`] (the records the engine produces), [`figure`] (Euler trails: "draw it
//! without lifting your pencil"), [`hierarchy`] (subcircuits: flattening and its inverse),
//! [`verilog`] (structural Verilog export), [`wave`] (waveforms: change-only records with delta
//! cycles, VCD export), [`memory`] (ROM and RAM words and their rules for unknowns),
//! [`analysis`] (what only a three-valued simulator can tell: hazards, X-pessimism decided
//! exactly, reset analysis, where an unknown comes from).

pub mod analysis;
pub mod batch;
pub mod bench;
pub mod bus;
pub mod changes;
pub mod circuit;
pub mod cycle;
pub mod desc;
pub mod engine;
pub mod event;
pub mod figure;
pub mod format;
pub mod generate;
mod graph;
pub mod hierarchy;
pub mod kind;
pub mod layout;
mod levelized;
pub mod literal;
pub mod memory;
pub mod narrate;
pub mod netlist;
pub mod number;
pub mod signal;
pub mod table;
pub mod testbench;
pub mod trit;
pub mod verilog;
pub mod wave;

pub use circuit::{Circuit, CircuitError, Warning};
pub use desc::{CircuitDesc, Node, NodeId, Pos, Wire, WireDesc, WireId};
pub use engine::{
    Cause, ClockedRun, Engine, Event, Observer, Oscillation, Pending, Port, Schedule, SetError,
    SettleOptions, SettleReport, Sweep,
};
pub use kind::{GateBase, GateOp, NodeKind, Role, TableError, TruthTable};
pub use netlist::Netlist;
pub use trit::Trit;
