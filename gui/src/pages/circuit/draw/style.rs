//! The floor of the drawing: the value colours (Okabe–Ito), the inks and sizes every symbol
//! shares, [`NodeLook`] with the outline and halo it gives a node, and the caption above a box.

use egui::{Color32, FontId, Painter, Rect, Stroke, pos2};
use sim_core::Trit;

use crate::pages::circuit::geometry::{self, CELL};

/// Okabe–Ito blue, for +1.
pub const TRUE: Color32 = Color32::from_rgb(0, 114, 178);
/// Okabe–Ito orange, for −1.
pub const FALSE: Color32 = Color32::from_rgb(230, 159, 0);
/// Neutral grey, for 0 (unknown).
pub const UNKNOWN: Color32 = Color32::from_rgb(128, 128, 128);
/// Okabe–Ito reddish purple: nodes on an oscillating loop.
pub const LOOP: Color32 = Color32::from_rgb(204, 121, 167);
/// The outline of a node an analysis marked (state a reset left unknown): vermillion.
pub const FLAGGED: Color32 = Color32::from_rgb(213, 94, 0);
/// Okabe–Ito bluish green: the node being evaluated in Step mode.
pub const EVALUATING: Color32 = Color32::from_rgb(0, 158, 115);
/// Selection outline.
pub const SELECTED: Color32 = Color32::from_rgb(86, 180, 233);

/// Dark slate: bus wires and bus pins whose trits are all known.
pub const BUS: Color32 = Color32::from_rgb(40, 52, 78);
/// The width of a bus wire in scene pixels: 2.5 times a −1 or unknown trit's wire.
pub const BUS_WIDTH: f32 = 3.75;

pub(super) const INK: Color32 = Color32::from_gray(40);
pub(super) const BODY: Color32 = Color32::from_gray(250);
pub(super) const GRID: Color32 = Color32::from_gray(215);
/// The width badge of a bus (`/8`).
pub(super) const BADGE: Color32 = Color32::from_gray(95);

/// Size of node labels, in scene pixels.
pub(super) const LABEL_SIZE: f32 = 0.65 * CELL;

/// How a node should stand out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeLook {
    /// Part of the selection.
    pub selected: bool,
    /// The node of the event just stepped.
    pub evaluating: bool,
    /// On the loop of the last oscillation.
    pub in_loop: bool,
    /// Marked by the last analysis (state a reset left unknown).
    pub flagged: bool,
    /// Under the pointer.
    pub hovered: bool,
}

/// The colour of a value.
pub fn value_color(v: Trit) -> Color32 {
    match v {
        Trit::True => TRUE,
        Trit::False => FALSE,
        Trit::Unknown => UNKNOWN,
    }
}

/// `+`, `−` or `?`.
pub fn value_symbol(v: Trit) -> &'static str {
    match v {
        Trit::True => "+",
        Trit::False => "−",
        Trit::Unknown => "?",
    }
}

/// `a` mixed with `t` (0..1) of `b`, opaque.
pub(super) fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    a.lerp_to_gamma(b, t)
}

/// The outline stroke of a node, by how it stands out.
pub(super) fn outline(look: NodeLook) -> Stroke {
    if look.evaluating {
        Stroke::new(3.0, EVALUATING)
    } else if look.in_loop {
        Stroke::new(3.0, LOOP)
    } else if look.flagged {
        Stroke::new(3.0, FLAGGED)
    } else {
        Stroke::new(1.5, INK)
    }
}

/// The ring around a selected (blue) or hovered (grey) node or block in `rect`.
pub(super) fn halo(painter: &Painter, rect: Rect, look: NodeLook) {
    if !(look.selected || look.hovered) {
        return;
    }
    let color = if look.selected {
        SELECTED
    } else {
        Color32::from_gray(200)
    };
    painter.rect_stroke(
        rect.expand(4.0),
        4.0,
        Stroke::new(2.0, color),
        egui::StrokeKind::Outside,
    );
}

/// A node's or block's label, centred just above its box `rect`, in the box
/// [`geometry::caption_area`] gives (which the router keeps wires out of).
pub(super) fn caption(painter: &Painter, rect: Rect, text: &str) {
    let area = geometry::caption_area(cells_of(rect), text);
    label_in(painter, pixels_of(area), text);
}

/// `rect` (scene pixels) in cells.
pub(super) fn cells_of(rect: Rect) -> geometry::Area {
    geometry::Area {
        min: geometry::point(rect.min.x / CELL, rect.min.y / CELL),
        max: geometry::point(rect.max.x / CELL, rect.max.y / CELL),
    }
}

/// `area` (cells) in scene pixels.
pub(super) fn pixels_of(area: geometry::Area) -> Rect {
    Rect::from_min_max(
        pos2(area.min.x * CELL, area.min.y * CELL),
        pos2(area.max.x * CELL, area.max.y * CELL),
    )
}

/// `text` centred in `area` (scene pixels, from [`geometry::label_area`]), in the label font
/// or smaller if it would not fit: never outside the box the router keeps wires out of.
pub(super) fn label_in(painter: &Painter, area: Rect, text: &str) {
    let mut size = LABEL_SIZE;
    let mut galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(size), INK);
    if galley.size().x > area.width() {
        size *= area.width() / galley.size().x;
        galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(size), INK);
    }
    let at = pos2(
        area.center().x - galley.size().x / 2.0,
        area.max.y - 1.0 - galley.size().y,
    );
    painter.galley(at, galley, INK);
}
