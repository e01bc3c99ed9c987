//! The schematic: nodes, wires and values drawn in an [`egui::Scene`] (pan with the right or
//! middle button or the scroll wheel, zoom with Ctrl+scroll), and the editing gestures.
//!
//! * click a node: select it (Shift: add/remove); click a switch: also toggle it (−1 ↔ +1);
//!   hold a button: pressed; double-click: rename in the inspector;
//! * drag a node: move the selection (snapped to the grid);
//! * drag from an output pin to an input pin: connect (a second driver is refused, with a
//!   message); right-click an input pin: disconnect it;
//! * click an output pin (or end a wire's drag on empty canvas): the wire follows the
//!   pointer; each click on empty canvas bends it there, a click on an input ends it, Esc drops
//!   it;
//! * drag on the background: box-select; click it with a palette item armed, or drop a palette
//!   item: place a node (the Text item: a note, see [`notes`]);
//! * right-click a node or a block: its menu ([`menu`]: rename, rotate, flip, copy, delete,
//!   add to waveform).
//!
//! Every node on screen is also an accessible widget labelled with its node label (at the open
//! level: `or` inside instance `lo/fa0`, whose full path is `lo/fa0/or`) and carrying
//! its value (`-1`, `0`, `+1`) as text, so screen readers and tests can find "R" and read "Q".
//!
//! A bus (the nodes `A[0]` … `A[7]` a file's 8-trit node `A` expands into, all at `A`'s
//! position) is one node on the canvas: drawn once, labelled `A` with its width, showing its
//! value as a number in its radix, an accessible widget named `A` whose value is that number
//! (`162`, `0xA2`). A click selects the whole bus — a bus switch is set from the inspector, not
//! toggled. A level that uses buses draws its wires as its file writes them
//! ([`CircuitPageState::written_level`], [`blocks`]), a bus wire once.
//!
//! Only what is on screen costs anything: nodes, wires and pins outside the visible part of the
//! scene are skipped, and off-screen nodes have no widget. Zoomed out below [`DETAIL_ZOOM`] the
//! canvas switches to a coarse level of detail: no pins, labels or per-node tooltips (the node
//! under the pointer still gets one), and every shape goes into one mesh ([`draw::Batch`]).
//!
//! The files form a stack, each importing only those below it: [`frame`] (the frame's
//! derived facts, the zoom limits and the cell ↔ pixel conversions), [`routes`] (the level's
//! routing), [`pending`] (the tags of pending changes), [`menu`] (the right-click menu of a
//! node or block), [`gestures`] (the [`Canvas`] type and the gestures), [`notes`] (text
//! annotations), [`blocks`] (instances and pins) and [`paint`] (the frame drawn). This file
//! only declares them.
//!
//! [`CircuitPageState`]: crate::pages::circuit::state::CircuitPageState
//! [`CircuitPageState::written_level`]: crate::pages::circuit::state::CircuitPageState::written_level
//! [`draw::Batch`]: crate::pages::circuit::draw::Batch

mod blocks;
mod frame;
mod gestures;
mod menu;
mod notes;
mod paint;
mod pending;
mod routes;

pub(crate) use frame::wire_text;
pub use frame::{Group, MAX_FIT_ZOOM, Mark, PartPayload};
pub use gestures::Canvas;
pub use routes::{ROUTED_AT_ONCE, Routes};
