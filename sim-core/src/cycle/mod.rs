//! Cycle-based simulation of a synchronous netlist: every gate evaluated once per clock edge,
//! in level order, with no events — what [`Engine::run_clocked`](crate::Engine::run_clocked)
//! runs when only the values matter.
//!
//! Event-driven simulation pays per evaluation for finding its work: popping a pending node,
//! testing whether its output changed, marking its fanout. When a clock edge wakes a large
//! part of a design anyway (a CPU's rising edge evaluates about a third of its gates), it is
//! cheaper to evaluate every gate once in level order with no test at all: *oblivious*
//! levelized compiled-code simulation (Abramovici, Breuer & Friedman, "Digital Systems Testing
//! and Testable Design", ch. 3, "Compiled Simulation"), as cycle-based simulators such as
//! Verilator do. Here the compiled code is data — a `ClockedProgram` of gate steps and memory reads
//! over an array of cells — so that it stays safe Rust and is built in linear time.
//!
//! A flip-flop whose D is its own output inverted toggles on every rising edge; ten ticks of a
//! clock of half period 1 are five rising edges:
//!
//! ```
//! use sim_core::{format, Engine, Netlist, Schedule, Trit};
//!
//! let doc = format::from_str(r#"(
//!     version: 1,
//!     nodes: [
//!         (label: "CLK", kind: Clock(half_period: 1)), (label: "RST", kind: Switch),
//!         (label: "Q", kind: Dff), (label: "D", kind: Nor(2)), (label: "OUT", kind: Lamp),
//!     ],
//!     wires: [
//!         (from: "Q", to: "D"), (from: "RST", to: "D", input: 1),
//!         (from: "D", to: "Q"), (from: "CLK", to: "Q", input: 1), (from: "Q", to: "OUT"),
//!     ],
//! )"#)?;
//! let c = &doc.circuit;
//! let [rst, out] = ["RST", "OUT"].map(|l| c.find(l).expect("in the circuit"));
//! let mut engine = Engine::with_schedule(Netlist::compile(c), Schedule::Levelized);
//! engine.set([(rst, Trit::True)])?; // D = NOR(Q, +1) = −1
//! engine.run_clocked(2, &[]);
//! engine.set([(rst, Trit::False)])?; // D = NOT Q
//! let run = engine.run_clocked(10, &[]);
//! assert_eq!(run.cycle_based, Ok(()));
//! assert_eq!(engine.value(out), Trit::True); // reset to −1, then toggled five times
//! // Stop as soon as OUT is −1 again: after the next rising edge.
//! let run = engine.run_clocked(100, &[(out, Trit::False)]);
//! assert_eq!((run.ticks, run.held), (1, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # When it applies, and why the values are exact
//! A netlist has a cycle-based form when it is levelized (no combinational loop) and
//! *synchronous*: the clock pin of every flip-flop and of every RAM data bit is driven by a
//! source (a clock, switch, button or constant) or left floating, and the SET and RESET
//! pins of every [`Dffsr`](crate::NodeKind::Dffsr) by a switch, button or constant (held
//! through a run, so its Q changes on clock edges only) or left unconnected; otherwise
//! `ClockedProgram::new` says why not ([`NotCycleBased`]) and the engine goes on tick by tick.
//! For such a netlist a clock edge in a settle of its own goes, under the levelized
//! schedule, as follows: the sources change (key 1); every flip-flop and RAM write whose
//! clock changed samples (key 2), reading its D, EN, data and write enable as they were
//! before the edge — a gate's output, a flip-flop's Q and a memory's read are all at key 3 or
//! above, a source's new value is seen — then the new Qs become visible and the combinational
//! logic settles. Its settled values are a function of the sources, the flip-flops' outputs and
//! the memories' words alone (Kleene functions on an acyclic graph have exactly one fixpoint),
//! so evaluating every gate once in topological order gives them: a `ClockedProgram` does exactly
//! these three things, with the rules of [`dffsr_next`](crate::kind::dffsr_next), [`write_enable`](crate::memory::write_enable) and
//! [`read_word`](crate::memory::read_word) (unknown addresses included). Tested against the
//! levelized engine on random synchronous netlists with flip-flops, enables, ROMs and RAMs,
//! and cycle by cycle on the CPU of `circuits/cpu/`.
//!
//! # Layout
//! * *Cells*: one byte per value, its digit (0, 1, 2 for −1, 0, +1): cell 0 the floating net
//!   (always 1), cell 1 the constant +1 (a [`Dff`](crate::NodeKind::Dff)'s enable), cell 2
//!   the constant −1 (its set and reset), then the sources and flip-flops, then one per gate output in evaluation order, then the memories'
//!   data bits. The array is padded to a power of two and to at least 2¹⁶ cells, so that
//!   masked indices need no bounds check, nor `u16` ones in a program of at most 2¹⁶ cells
//!   (every program this side of a large netlist: the CPU has about 300).
//! * *Gates*: every gate is one or more gates of at most three pins with a 27-row table
//!   (row `9·d₀ + 3·d₁ + d₂` of the pins' digits): one gate of up to three inputs is one, a
//!   wider AND, OR or XOR (or its negation) a chain of them through hidden cells (the three
//!   operations are associative). Gate `k` writes cell `gate_base + k`, so its output needs
//!   no index; the sweep reads its pins as `u16` (or `u32` past 2¹⁶ cells) and its table as
//!   one byte per row: three loads, two multiply-adds and one load per gate, about 19
//!   instructions with the loop. Buffers and inverters read only by gates — terminals above
//!   all — have no cell: their readers' tables take the driver, negated for an inverter.
//! * *Steps*: per level, a run of gates, then the memory reads of that level (each memory's
//!   data bits sharing their address pins read one word).
//! * *Clocks*: the flip-flops and RAM writes grouped by the cell of their clock; a group is
//!   visited only when its clock cell changed since the last settle.

mod compile;
mod program;
mod run;

pub(crate) use program::ClockedProgram;
pub use program::NotCycleBased;
