//! Painting nodes, wires and pins. Coordinates are scene pixels ([`geometry::CELL`] per cell).
//!
//! Values are told apart without colour too: +1 wires are thick and solid, −1 wires thin and
//! solid, 0 wires dashed; lamps and pins show `+`, `−` or `?`. The colours are from the
//! Okabe–Ito palette, chosen to stay distinct under the common colour-vision deficiencies
//! (M. Okabe and K. Ito, "Color Universal Design", 2008): blue for +1, orange for −1, grey for 0.
//!
//! Two levels of detail: [`node`], [`wire`] and [`pin`] paint the full schematic through an
//! [`egui::Painter`] (anti-aliased curves, labels); zoomed far out, [`node_coarse`] and
//! [`wire_coarse`] add simplified shapes to one [`Batch`] — a single mesh for the whole
//! canvas, so thousands of nodes cost one shape instead of thousands.
//!
//! Buses are drawn once for all their trits: a bus node shows its number ([`bus_node`], with a
//! width badge `/8`), a bus wire is thick and dark ([`bus_wire`], [`BUS_WIDTH`]) and carries its
//! number before its input ([`bus_label`]), a bus pin is a square ([`bus_pin`]), and splitters
//! and mergers are a spine with one branch per bit range ([`wiring`]); a tunnel is a flag with
//! its net's name ([`tunnel`]). Whether a bus's trits
//! are known ([`Known`]) greys it, as 0 greys a trit.
//!
//! [`geometry::CELL`]: crate::pages::circuit::geometry::CELL
//!
//! Every colour comes from the [`Colors`] of the theme the canvas is drawn in (passed to each
//! function, or held by the [`Batch`]); nothing here names a colour of its own but the
//! displays' faces, which look the same in either theme.
//!
//! A turned or mirrored part is painted unturned and its shapes then turned ([`turned`]);
//! text stays upright.
//!
//! The files are a stack, each importing only those above it in this list: `style` (the
//! [`Colors`], sizes, [`NodeLook`]), `notes` (text annotations, [`note`]), `orient` (turning
//! what was painted, [`Turn`]), `symbols` (a node's full-detail symbol), `buses`, `wires`,
//! `coarse`
//! (the [`Batch`] level of detail) and `displays`.

mod buses;
mod coarse;
mod displays;
mod notes;
mod orient;
mod style;
mod symbols;
mod wires;

pub use buses::{Known, bus_label, bus_node, bus_pin, bus_wire, tunnel, wiring};
pub use coarse::{Batch, grid, marker_coarse, node_coarse, wire_coarse};
pub use displays::{
    TTY_ROWS, display_node, display_text, hex_digits, keypad_keys, led_rows_text, segments_text,
    tty_rows,
};
pub use notes::note;
pub use orient::{Turn, drawn_turn, turned};
pub use style::{
    BUS_WIDTH, Colors, NodeLook, contrast_ratio, ink_on, relative_luminance, value_symbol,
};
pub use symbols::{block, node};
pub use wires::{bend, halo_line, junction, marker, pin, ratsnest, wire};
