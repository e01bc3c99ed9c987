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
//! # The pipeline
//!
//! The modules below are listed in the order a circuit passes through them; each depends only
//! on the ones above it (`tests/architecture.rs` fails on an import cycle):
//!
//! 1. **Values** — [`trit`] (a trit and Kleene's connectives), [`number`] (bus values as
//!    binary, hex, decimal or balanced-ternary text), [`literal`] (a value as written, before
//!    its target's width is known).
//! 2. **Description** (unchecked) — [`kind`] (node kinds and each gate's meaning,
//!    [`GateOp::base`]), [`memory`] (ROM/RAM words and their rules for unknowns), [`desc`]
//!    (`CircuitDesc`: nodes and wires by label), [`tunnel`] (named labels joining nets,
//!    resolved into wires), [`bus`] (buses expanded into single trits),
//!    [`hierarchy`] (subcircuits flattened).
//! 3. **Front ends** — [`format`](mod@format) (RON files), [`bench`](mod@bench) (ISCAS
//!    `.bench` import and export), [`yosys`] (Yosys' JSON netlist of a Verilog design, the
//!    caller having run Yosys), [`generate`] (generated circuits for tests and
//!    benchmarks); [`front_end`] reads any of them ([`front_end::FrontEnd::read`], the one driver
//!    from text to a checked circuit), and [`elaborate`], the one driver from a front end's description to a
//!    checked [`Circuit`]: flattened, buses expanded, checked, with buses and memories.
//! 4. **Check** — [`circuit`] (`Circuit`, the checked graph), [`signal`] (names a command
//!    uses: a node or a bus), [`layout`] (positions for unplaced nodes).
//! 5. **Compile** — [`netlist`] (the flat, dense form every engine reads) and its graph
//!    algorithms (levelization, loops).
//! 6. **Engine forms** — [`changes`] and [`event`] (what a settle reports), [`engine`] (the
//!    event-driven [`Engine`]: unit-delay or levelized), [`cycle`] (cycle-based runs of
//!    synchronous netlists), [`batch`] (bit-parallel vectors), [`narrate`] (events as text),
//!    [`testbench`] (embedded test vectors), [`table`] (truth tables).
//! 7. **Writers** — [`verilog`] (structural Verilog), [`wave`] (waveforms and VCD); the
//!    `.bench` writer is in [`bench`](mod@bench).
//! 8. **Analyses** — [`analysis`]: what only a three-valued simulator can tell (hazards,
//!    X-pessimism decided exactly, reset, where an unknown comes from).
//!
//! Beside the pipeline, [`figure`] solves "draw it without lifting your pencil" (Euler
//! trails) on the same graph layer.

// 1. Values.
pub mod literal;
pub mod number;
pub mod trit;
// 2. Description.
pub mod bus;
pub mod desc;
pub mod hierarchy;
pub mod kind;
pub mod memory;
pub mod tunnel;
// 3. Front ends.
pub mod bench;
pub mod elaborate;
pub mod format;
pub mod front_end;
pub mod generate;
pub mod parts;
pub mod yosys;
// 4. Check.
pub mod circuit;
pub mod layout;
pub mod signal;
// 5. Compile.
mod graph;
pub mod netlist;
// 6. Engine forms.
pub mod batch;
pub mod changes;
pub mod cycle;
pub mod engine;
pub mod event;
mod levelized;
pub mod narrate;
pub mod table;
pub mod testbench;
pub mod tty;
// 7. Writers.
pub mod verilog;
pub mod wave;
// 8. Analyses.
pub mod analysis;
// Beside the pipeline.
pub mod figure;

pub use circuit::{Circuit, CircuitError, Warning};
pub use desc::{CircuitDesc, Facing, Node, NodeId, Note, Orientation, Pos, Wire, WireDesc, WireId};
pub use engine::{
    Cause, ClockedRun, Engine, Event, Observer, Oscillation, Pending, Port, Schedule, SetError,
    SettleOptions, SettleReport, Sweep,
};
pub use kind::{GateBase, GateOp, NodeKind, Role, TableError, TruthTable};
pub use netlist::Netlist;
pub use trit::Trit;
