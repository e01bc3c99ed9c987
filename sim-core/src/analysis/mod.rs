//! What only a three-valued simulator can tell: analyses built on ternary simulation.
//!
//! Ternary simulation was invented to analyse circuits, not only to run them: Eichelberger
//! (IBM J. Res. Dev. 9(2), 1965, "Hazard detection in combinational and sequential switching
//! circuits") detects hazards with it, Brzozowski and Seger (*Asynchronous Circuits*,
//! Springer 1995) build a theory on it. Each analysis here runs the engines of this crate
//! (the event engine, the batch engine) and reports what it found with the nodes involved;
//! none reads files or prints (the CLI's `tritium analyze` and the app's Analysis panel do).
//!
//! * [`exact`]: X-pessimism decided exactly — which nets Kleene's logic leaves unknown are in
//!   fact fixed by the known inputs (every binary completion of the unknown ones agrees), by
//!   enumeration on the batch engine up to 2^24 completions and by decision diagrams beyond.
//! * [`hazard`]: hazards by ternary simulation — Eichelberger's procedures A and B for
//!   static hazards, Brzozowski and Ésik's change counting for dynamic ones.
//! * [`reset`]: does a reset sequence bring every flip-flop, latch and RAM word out of the
//!   unknown? What stays unknown, and why.
//! * [`why`]: where an unknown comes from — the chain from an unknown node back to its
//!   origins (an unset switch, a flip-flop never clocked, a loop holding its own unknown, …).

pub mod exact;
pub mod hazard;
pub mod reset;
pub mod why;

use crate::circuit::Circuit;
use crate::kind::NodeKind;
use crate::memory::MemoryKind;

/// The label of `circuit`'s first flip-flop in node order, if any: what an analysis of
/// combinational circuits names when it refuses a sequential one.
pub(crate) fn first_flip_flop(circuit: &Circuit) -> Option<&str> {
    circuit
        .nodes()
        .find(|(_, n)| n.kind.is_flip_flop())
        .map(|(_, n)| n.label.as_str())
}

/// The label of `circuit`'s first RAM: its first declared one, else its first RAM data-bit
/// node (a circuit built in code may have no declarations); `None` if it has none.
pub(crate) fn first_ram(circuit: &Circuit) -> Option<&str> {
    circuit
        .memories()
        .iter()
        .find(|m| m.kind == MemoryKind::Ram)
        .map(|m| m.label.as_str())
        .or_else(|| {
            circuit
                .nodes()
                .find(|(_, n)| matches!(n.kind, NodeKind::Ram { .. }))
                .map(|(_, n)| n.label.as_str())
        })
}
