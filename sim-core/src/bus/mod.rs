//! Buses: wires that carry numbers.
//!
//! In a file (format version 3) a node may be `width: N` trits wide (1 to 64): switches,
//! buttons, constants, lamps, probes, gates (bitwise: a 4-wide AND is four ANDs) and
//! flip-flops (a `Dff` of width N is an N-bit register on one clock); clocks stay 1 wide.
//! A wire joins equal widths. Splitters cut a bus into bit ranges and mergers join ranges into
//! a bus, as in Logisim-evolution and Digital:
//!
//! ```ron
//! (label: "A", kind: Switch, width: 8, radix: Hex),
//! (label: "SP", kind: Split("0-3,4-7")),     // input: an 8-bit bus; outputs SP.0, SP.1
//! (label: "M", kind: Merge("0-3,4-7")),      // inputs 0 and 1: 4 bits each; output: 8 bits
//! ```
//!
//! There is one truth for simulation: loading *expands* every level into single-trit nets
//! before anything else sees it ([`expand`]). A node `A` of width N becomes N nodes `A[0]` …
//! `A[N-1]` (bit 0 the least significant); a wire between two N-bit ends becomes N wires;
//! a `Dff`'s clock input, one trit, feeds every bit; an instance pin `I.p` of width N becomes
//! the pins `I.p[0]` … `I.p[N-1]`. Splitters and mergers are pure wiring, like instance pins
//! in [`crate::hierarchy`]: they vanish, and whatever reads a range of a splitter reads the
//! bits that drive it, so they cost no event and no delta cycle. A node of width 1 keeps its
//! label, so files without buses expand to themselves.
//!
//! The [`Circuit`](crate::Circuit) keeps the list of its buses ([`Bus`]: a name, its bit
//! nodes and a [`Radix`]), so that every command and test that names a node also accepts a
//! bus's name and reads or writes it as a number ([`crate::number`]).
//!
//! ```
//! use sim_core::{format, number, Engine};
//!
//! let doc = format::from_str(r#"(
//!     version: 3,
//!     nodes: [
//!         (label: "A", kind: Switch, width: 8),
//!         (label: "B", kind: Switch, width: 8),
//!         (label: "AND", kind: And(2), width: 8),
//!         (label: "Y", kind: Lamp, width: 8, radix: Hex),
//!     ],
//!     wires: [(from: "A", to: "AND"), (from: "B", to: "AND", input: 1), (from: "AND", to: "Y")],
//! )"#)?;
//! let c = &doc.circuit;
//! let (a, b, y) = (c.bus("A").unwrap(), c.bus("B").unwrap(), c.bus("Y").unwrap());
//! let mut engine = Engine::from_circuit(c);
//! engine.set(a.assign(&number::parse("0x5A", 8)?))?;
//! engine.set(b.assign(&number::parse("0x0F", 8)?))?;
//! engine.settle();
//! assert_eq!(engine.bus_text(y, None), "0x0A");
//! assert_eq!(c.node_count(), 32); // four 8-bit buses, one node per trit
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

//!
//! # Modules
//! `error` holds [`BusError`]; `check` the checks of one node or wire (widths, a constant's
//! value, a memory's declaration); `expander` the expansion of a level ([`expand`]).

mod check;
mod error;
mod expander;

use crate::desc::NodeId;
use crate::number::Radix;
use crate::trit::Trit;
pub use error::BusError;
pub use expander::{Expanded, PinWidth, expand, uses_buses};

/// The widest bus: 64 trits.
pub const MAX_WIDTH: u8 = 64;

/// A bus of a loaded circuit: its name (an instance path, like node labels), its bit nodes
/// (bit 0, the least significant, first) and how its value is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bus {
    /// The bus's name: the label of the node of width N it was expanded from.
    pub name: String,
    /// The nodes `name[0]` … `name[N-1]`.
    pub bits: Vec<NodeId>,
    /// The radix it is shown in (its file's `radix`, else hexadecimal).
    pub radix: Radix,
}

impl Bus {
    /// The width in trits.
    pub fn width(&self) -> usize {
        self.bits.len()
    }

    /// The assignments that drive the bus's bits to `value` (bit 0 first), for
    /// [`Engine::set`](crate::Engine::set); `value` is as wide as the bus (as
    /// [`number::parse`](crate::number::parse) makes it).
    pub fn assign(&self, value: &[Trit]) -> Vec<(NodeId, Trit)> {
        self.bits
            .iter()
            .copied()
            .zip(value.iter().copied())
            .collect()
    }
}

/// A bus a level declares: a node wider than 1 (not a splitter), by its label at the level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BusDecl {
    /// The node's label (an instance path once flattened).
    pub label: String,
    /// Its width, 2..=64.
    pub width: u8,
    /// Its radix, as written.
    pub radix: Option<Radix>,
}
