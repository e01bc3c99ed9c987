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
//! and mergers are a spine with one branch per bit range ([`wiring`]). Whether a bus's trits
//! are known ([`Known`]) greys it, as 0 greys a trit.
//!
//! [`geometry::CELL`]: crate::pages::circuit::geometry::CELL

use egui::epaint::{CubicBezierShape, Mesh, PathShape, PathStroke};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};
use sim_core::{GateOp, NodeKind, Role, Trit};

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

const INK: Color32 = Color32::from_gray(40);
const BODY: Color32 = Color32::from_gray(250);
const GRID: Color32 = Color32::from_gray(215);
/// The width badge of a bus (`/8`).
const BADGE: Color32 = Color32::from_gray(95);

/// Size of node labels, in scene pixels.
const LABEL_SIZE: f32 = 0.65 * CELL;

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
fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    a.lerp_to_gamma(b, t)
}

/// A wire along `points` carrying `v`. `pulse` (0..1) brightens it, for a change just made.
pub fn wire(painter: &Painter, points: &[Pos2], v: Trit, pulse: Option<f32>) {
    let mut width = if v == Trit::True { 3.0 } else { 1.5 };
    let mut color = value_color(v);
    if let Some(phase) = pulse {
        let glow = 0.5 + 0.5 * (phase * std::f32::consts::TAU).sin();
        width += 3.0 * glow;
        color = color.gamma_multiply(0.6 + 0.4 * glow);
    }
    let stroke = Stroke::new(width, color);
    if v == Trit::Unknown {
        painter.extend(Shape::dashed_line(points, stroke, 6.0, 4.0));
    } else {
        painter.add(Shape::line(points.to_vec(), stroke));
    }
}

/// The highlight under a selected net's wire along `points`, `width` scene pixels wide.
pub fn halo_line(painter: &Painter, points: &[Pos2], width: f32) {
    painter.add(Shape::line(
        points.to_vec(),
        Stroke::new(width, SELECTED.gamma_multiply(0.55)),
    ));
}

/// Where a dragged wire will bend: a hollow square at `pos`.
pub fn bend(painter: &Painter, pos: Pos2) {
    painter.rect_stroke(
        Rect::from_center_size(pos, Vec2::splat(0.5 * CELL)),
        1.0,
        Stroke::new(2.0, SELECTED),
        egui::StrokeKind::Middle,
    );
}

/// The dot where a net branches, coloured as its wires are: a trit's value colour, a bus's
/// ink ([`Known`]); `values` are the net's, bit 0 first.
pub fn junction(painter: &Painter, pos: Pos2, values: &[Trit]) {
    let (radius, color) = match values {
        [v] => (0.2 * CELL, value_color(*v)),
        _ => (0.28 * CELL, Known::of(values).ink()),
    };
    painter.circle_filled(pos, radius, color);
}

/// How many of a bus's trits are known: a bus is drawn grey as a trit is when unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Every trit is −1 or +1: the bus is a number.
    All,
    /// Some trits are unknown (0).
    Part,
    /// Every trit is unknown.
    Nothing,
}

impl Known {
    /// Of the values of a bus.
    pub fn of(values: &[Trit]) -> Known {
        let unknown = values.iter().filter(|&&t| t == Trit::Unknown).count();
        if unknown == 0 {
            Known::All
        } else if unknown == values.len() {
            Known::Nothing
        } else {
            Known::Part
        }
    }

    /// The light fill of a bus node's number.
    fn tint(self) -> Color32 {
        match self {
            Known::All => mix(BODY, TRUE, 0.16),
            Known::Part => mix(BODY, UNKNOWN, 0.3),
            Known::Nothing => mix(BODY, UNKNOWN, 0.45),
        }
    }

    /// The colour of a bus wire or pin.
    fn ink(self) -> Color32 {
        match self {
            Known::All => BUS,
            Known::Part => mix(BUS, UNKNOWN, 0.6),
            Known::Nothing => UNKNOWN,
        }
    }
}

/// A bus wire along `points`, drawn once for all its trits: [`BUS_WIDTH`] thick with a light
/// core, dark when every trit is known, grey when some are unknown, dashed grey when all are.
/// `pulse` (0..1) brightens it, for a change just made to one of its trits.
pub fn bus_wire(painter: &Painter, points: &[Pos2], known: Known, pulse: Option<f32>) {
    let mut width = BUS_WIDTH;
    let mut color = known.ink();
    if let Some(phase) = pulse {
        let glow = 0.5 + 0.5 * (phase * std::f32::consts::TAU).sin();
        width += 3.0 * glow;
        color = mix(color, EVALUATING, 0.3 + 0.4 * glow);
    }
    let stroke = Stroke::new(width, color);
    if known == Known::Nothing {
        painter.extend(Shape::dashed_line(points, stroke, 8.0, 4.0));
    } else {
        painter.add(Shape::line(points.to_vec(), stroke));
        painter.add(Shape::line(points.to_vec(), Stroke::new(0.9, BODY)));
    }
}

/// The number `text` a bus wire carries, in a small box above the wire just after where it
/// starts, `at` (an output: of a splitter, a merger, a block).
pub fn bus_label(painter: &Painter, at: Pos2, text: &str) {
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::monospace(0.5 * CELL), INK);
    let size = galley.size();
    let min = pos2(at.x + 0.3 * CELL, at.y - 0.5 * BUS_WIDTH - 2.5 - size.y);
    let frame = Rect::from_min_size(min, size).expand2(vec2(2.0, 0.5));
    painter.rect(
        frame,
        2.0,
        Color32::from_rgba_unmultiplied(250, 250, 250, 235),
        Stroke::new(0.5, BUS),
        egui::StrokeKind::Outside,
    );
    painter.galley(min, galley, INK);
}

/// A bus pin at `pos` (a small square; bigger when hovered).
pub fn bus_pin(painter: &Painter, pos: Pos2, known: Known, hovered: bool) {
    let half = if hovered { 5.5 } else { 3.5 };
    painter.rect(
        Rect::from_center_size(pos, Vec2::splat(2.0 * half)),
        1.0,
        known.ink(),
        Stroke::new(1.0, INK),
        egui::StrokeKind::Outside,
    );
}

/// A bus of nodes of `kind` in `rect` (its trits share the box), drawn once: a switch, button
/// or constant shows its number `text` in its box, a lamp or probe in a display, a gate, table
/// or flip-flop its usual symbol with the number below it; the `label` goes inside a gate if
/// it fits, else above, followed by the width badge `/N`.
#[allow(
    clippy::too_many_arguments,
    reason = "what one bus node shows, passed rather than bundled for two callers"
)]
pub fn bus_node(
    painter: &Painter,
    rect: Rect,
    kind: NodeKind,
    label: &str,
    width: usize,
    text: &str,
    known: Known,
    look: NodeLook,
) {
    let outline = outline(look);
    halo(painter, rect, look);
    let mut inside: Option<Rect> = None;
    let mut below = true;
    match kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } | NodeKind::Constant(_) => {
            painter.rect(rect, 3.0, BODY, outline, egui::StrokeKind::Inside);
            let inner = rect.shrink(4.0);
            painter.rect_filled(inner, 2.0, known.tint());
            number(painter, inner, text);
            below = false;
        }
        NodeKind::Lamp | NodeKind::Probe => {
            painter.rect(
                rect,
                0.3 * CELL,
                known.tint(),
                outline,
                egui::StrokeKind::Inside,
            );
            number(painter, rect.shrink(3.0), text);
            below = false;
        }
        NodeKind::Dff | NodeKind::Dffe => {
            inside = Some(flip_flop(painter, rect, outline, kind == NodeKind::Dffe));
        }
        NodeKind::Table(_) => inside = Some(table_gate(painter, rect, outline)),
        NodeKind::Rom { .. } | NodeKind::Ram { .. } => {
            inside = Some(memory_block(painter, rect, kind, outline));
        }
        _ => {
            if let Some(op) = kind.op() {
                inside = gate(painter, rect, kind, op, outline);
            }
        }
    }
    if below {
        let galley = painter.layout_no_wrap(text.to_owned(), FontId::monospace(0.5 * CELL), INK);
        let at = pos2(
            rect.center().x - galley.size().x / 2.0,
            rect.max.y + 0.15 * CELL,
        );
        painter.rect(
            Rect::from_min_size(at, galley.size()).expand2(vec2(2.0, 0.5)),
            2.0,
            known.tint(),
            Stroke::new(0.5, BUS),
            egui::StrokeKind::Outside,
        );
        painter.galley(at, galley, INK);
    }
    let name = painter.layout_no_wrap(label.to_owned(), FontId::proportional(LABEL_SIZE), INK);
    let badge =
        painter.layout_no_wrap(format!("/{width}"), FontId::proportional(0.5 * CELL), BADGE);
    let (name_size, badge_size) = (name.size(), badge.size());
    let total = name_size.x + 2.0 + badge_size.x;
    let at = match inside {
        Some(room) if total <= room.width() => room.center() - vec2(total, name_size.y) / 2.0,
        _ => pos2(
            rect.center().x - total / 2.0,
            rect.min.y - 1.0 - name_size.y,
        ),
    };
    painter.galley(at, name, INK);
    painter.galley(
        pos2(
            at.x + name_size.x + 2.0,
            at.y + name_size.y - badge_size.y - 1.0,
        ),
        badge,
        BADGE,
    );
}

/// `text` centred in `room` in a monospace font, shrunk to fit; a number that still does not
/// fit is set on a box wider than `room`, over the node.
fn number(painter: &Painter, room: Rect, text: &str) {
    let full = 0.8 * CELL * 0.7;
    let mut galley = painter.layout_no_wrap(text.to_owned(), FontId::monospace(full), INK);
    if galley.size().x > room.width() {
        let size = (full * room.width() / galley.size().x).max(0.45 * CELL);
        galley = painter.layout_no_wrap(text.to_owned(), FontId::monospace(size), INK);
        if galley.size().x > room.width() {
            painter.rect(
                Rect::from_center_size(room.center(), galley.size() + vec2(6.0, 2.0)),
                2.0,
                BODY,
                Stroke::new(1.0, INK),
                egui::StrokeKind::Inside,
            );
        }
    }
    painter.galley(room.center() - galley.size() / 2.0, galley, INK);
}

/// A splitter or merger in `rect` (its box from [`geometry::rect`]): a spine with the whole bus
/// on one side (a splitter's input, a merger's output, on the first row) and one branch per
/// bit range on the other (a splitter's outputs, a merger's inputs, a cell apart from the
/// first row), each marked with its bits (`0-3`); a range of one bit is a thin branch.
pub fn wiring(painter: &Painter, rect: Rect, kind: NodeKind) {
    let (NodeKind::Split(ranges) | NodeKind::Merge(ranges)) = kind else {
        return;
    };
    let split = matches!(kind, NodeKind::Split(_));
    let whole_y = rect.top() + CELL;
    let spine_x = if split {
        rect.left() + CELL
    } else {
        rect.right() - CELL
    };
    let row = |k: usize| rect.top() + (1.0 + k as f32) * CELL;
    let last = row(ranges.len().saturating_sub(1));
    let bus = Stroke::new(BUS_WIDTH, BUS);
    let (whole_from, whole_to) = if split {
        (rect.left(), spine_x)
    } else {
        (spine_x, rect.right())
    };
    painter.line_segment([pos2(whole_from, whole_y), pos2(whole_to, whole_y)], bus);
    let (top, bottom) = (row(0).min(whole_y), last.max(whole_y));
    painter.line_segment(
        [
            pos2(spine_x, top - 0.25 * CELL),
            pos2(spine_x, bottom + 0.25 * CELL),
        ],
        Stroke::new(5.0, INK),
    );
    let font = FontId::monospace(0.42 * CELL);
    for (k, r) in ranges.iter().enumerate() {
        let y = row(k);
        let end = if split { rect.right() } else { rect.left() };
        let stroke = if r.len() == 1 {
            Stroke::new(1.5, INK)
        } else {
            bus
        };
        painter.line_segment([pos2(spine_x, y), pos2(end, y)], stroke);
        let bits = if r.len() == 1 {
            r.start.to_string()
        } else {
            format!("{}-{}", r.start, r.end - 1)
        };
        let (at, align) = if split {
            (pos2(spine_x + 4.0, y - 2.5), Align2::LEFT_BOTTOM)
        } else {
            (pos2(spine_x - 4.0, y - 2.5), Align2::RIGHT_BOTTOM)
        };
        painter.text(at, align, bits, font.clone(), INK);
    }
}

/// A pin at `pos` showing `v` (a small dot; bigger when hovered).
pub fn pin(painter: &Painter, pos: Pos2, v: Trit, hovered: bool) {
    let r = if hovered { 5.0 } else { 3.0 };
    painter.circle(pos, r, value_color(v), Stroke::new(1.0, INK));
}

/// A marker for an event waiting to be delivered along a wire, at `pos`.
pub fn marker(painter: &Painter, pos: Pos2) {
    let s = 5.0;
    let points = vec![
        pos2(pos.x - s, pos.y - s),
        pos2(pos.x + s, pos.y),
        pos2(pos.x - s, pos.y + s),
    ];
    painter.add(Shape::convex_polygon(
        points,
        EVALUATING,
        Stroke::new(1.0, INK),
    ));
}

/// The outline stroke of a node, by how it stands out.
fn outline(look: NodeLook) -> Stroke {
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
fn halo(painter: &Painter, rect: Rect, look: NodeLook) {
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

/// A node of `kind` in `rect`, labelled, showing its output `v`.
pub fn node(painter: &Painter, rect: Rect, kind: NodeKind, label: &str, v: Trit, look: NodeLook) {
    let outline = outline(look);
    halo(painter, rect, look);
    // Where the label goes if it fits: inside a gate's body.
    let mut inside: Option<Rect> = None;
    match kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } | NodeKind::Constant(_) => {
            source(painter, rect, kind, v, outline);
        }
        NodeKind::Lamp => {
            let radius = rect.width() / 2.0 - 2.0;
            painter.circle(rect.center(), radius, value_color(v), outline);
            lamp_symbol(painter, rect.center(), radius, v);
        }
        NodeKind::Probe => {
            painter.rect(rect, 2.0, BODY, outline, egui::StrokeKind::Inside);
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                v.as_signed_str(),
                font(0.8),
                value_color(v),
            );
        }
        NodeKind::Dff | NodeKind::Dffe => {
            inside = Some(flip_flop(painter, rect, outline, kind == NodeKind::Dffe));
        }
        NodeKind::Table(_) => inside = Some(table_gate(painter, rect, outline)),
        NodeKind::Rom { .. } | NodeKind::Ram { .. } => {
            inside = Some(memory_block(painter, rect, kind, outline));
        }
        _ => {
            if let Some(op) = kind.op() {
                inside = gate(painter, rect, kind, op, outline);
            }
        }
    }
    let galley = painter.layout_no_wrap(label.to_owned(), FontId::proportional(LABEL_SIZE), INK);
    match inside {
        Some(room) if galley.size().x <= room.width() => {
            painter.galley(room.center() - galley.size() / 2.0, galley, INK);
        }
        _ => {
            let at = pos2(
                rect.center().x - galley.size().x / 2.0,
                rect.min.y - 1.0 - galley.size().y,
            );
            painter.galley(at, galley, INK);
        }
    }
}

/// A subcircuit instance: a block in `rect` with its label above it and its part's name
/// inside, the pin names along its edges (`inputs` left, `outputs` right, each at its `y`,
/// scene pixels) and a double outline telling it from a gate.
pub fn block(
    painter: &Painter,
    rect: Rect,
    (label, part): (&str, &str),
    inputs: &[(String, f32)],
    outputs: &[(String, f32)],
    look: NodeLook,
) {
    let outline = outline(look);
    halo(painter, rect, look);
    painter.rect(rect, 3.0, BODY, outline, egui::StrokeKind::Inside);
    painter.rect_stroke(
        rect.shrink(3.0),
        2.0,
        Stroke::new(0.75, INK),
        egui::StrokeKind::Inside,
    );
    painter.text(
        pos2(rect.center().x, rect.max.y - 0.6 * CELL),
        Align2::CENTER_CENTER,
        part,
        font(0.6),
        INK,
    );
    caption(painter, rect, label);
    for (name, y) in inputs {
        painter.text(
            pos2(rect.min.x + 0.4 * CELL, *y),
            Align2::LEFT_CENTER,
            name,
            font(0.55),
            INK,
        );
    }
    for (name, y) in outputs {
        painter.text(
            pos2(rect.max.x - 0.4 * CELL, *y),
            Align2::RIGHT_CENTER,
            name,
            font(0.55),
            INK,
        );
    }
}

/// `+`, `−` or `?` on a lamp of `radius` at `c`: bars rather than text, so they stay bold at
/// any zoom; dark on orange, white on blue and grey (for contrast).
fn lamp_symbol(painter: &Painter, c: Pos2, radius: f32, v: Trit) {
    let ink = if v == Trit::False {
        INK
    } else {
        Color32::WHITE
    };
    let (arm, bar) = (0.5 * radius, (0.16 * radius).max(1.5));
    match v {
        Trit::True | Trit::False => {
            painter.rect_filled(Rect::from_center_size(c, vec2(2.0 * arm, bar)), 0.0, ink);
            if v == Trit::True {
                painter.rect_filled(Rect::from_center_size(c, vec2(bar, 2.0 * arm)), 0.0, ink);
            }
        }
        Trit::Unknown => {
            painter.text(
                c,
                Align2::CENTER_CENTER,
                "?",
                FontId::proportional(1.2 * radius),
                ink,
            );
        }
    }
}

fn font(cells: f32) -> FontId {
    FontId::proportional(cells * CELL * 0.7)
}

fn source(painter: &Painter, rect: Rect, kind: NodeKind, v: Trit, outline: Stroke) {
    painter.rect(rect, 3.0, BODY, outline, egui::StrokeKind::Inside);
    let inner = rect.shrink(4.0);
    painter.rect_filled(inner, 2.0, value_color(v).gamma_multiply(0.35));
    if kind == NodeKind::Switch {
        switch_symbol(painter, inner, v);
        return;
    }
    let text = match kind {
        NodeKind::Constant(c) => c.as_signed_str(),
        _ => value_symbol(v),
    };
    // Buttons and clocks carry a small icon left of the value (drawn, so no font needs it).
    let icon = pos2(inner.left() + 0.45 * CELL, inner.center().y);
    let ink = Stroke::new(1.5, INK);
    let text_at = match kind {
        NodeKind::Button => {
            painter.circle_stroke(icon, 0.3 * CELL, ink);
            painter.circle_filled(icon, 0.15 * CELL, INK);
            pos2(inner.center().x + 0.35 * CELL, inner.center().y)
        }
        NodeKind::Clock { .. } => {
            let (h, w) = (0.25 * CELL, 0.2 * CELL);
            let x = icon.x - 1.5 * w;
            let pts = vec![
                pos2(x, icon.y + h),
                pos2(x + w, icon.y + h),
                pos2(x + w, icon.y - h),
                pos2(x + 2.0 * w, icon.y - h),
                pos2(x + 2.0 * w, icon.y + h),
                pos2(x + 3.0 * w, icon.y + h),
            ];
            painter.add(Shape::line(pts, ink));
            pos2(inner.center().x + 0.35 * CELL, inner.center().y)
        }
        _ => inner.center(),
    };
    painter.text(text_at, Align2::CENTER_CENTER, text, font(0.8), INK);
}

/// A switch's `+`, `−` or `?`, filling most of its face `inner`: bars rather than text, so
/// they stay legible at the zoom that fits a large circuit in the window.
fn switch_symbol(painter: &Painter, inner: Rect, v: Trit) {
    let c = inner.center();
    let side = inner.width().min(inner.height());
    let (arm, bar) = (0.32 * side, (0.11 * side).max(1.5));
    match v {
        Trit::True | Trit::False => {
            painter.rect_filled(Rect::from_center_size(c, vec2(2.0 * arm, bar)), 0.0, INK);
            if v == Trit::True {
                painter.rect_filled(Rect::from_center_size(c, vec2(bar, 2.0 * arm)), 0.0, INK);
            }
        }
        Trit::Unknown => {
            painter.text(
                c,
                Align2::CENTER_CENTER,
                "?",
                FontId::proportional(0.8 * side),
                INK,
            );
        }
    }
}

/// The distinctive-shape symbol (IEEE Std 91-1984) of `op` in `rect`, with short leads from the
/// input pins to a curved back. Returns the part of the body that can hold a label, if any.
fn gate(
    painter: &Painter,
    rect: Rect,
    kind: NodeKind,
    op: GateOp,
    outline: Stroke,
) -> Option<Rect> {
    let bubble = matches!(op, GateOp::Not | GateOp::Nand | GateOp::Nor | GateOp::Xnor);
    let r = 0.25 * CELL;
    let body = if bubble {
        Rect::from_min_max(rect.min, pos2(rect.max.x - 2.0 * r, rect.max.y))
    } else {
        rect
    };
    let fill = BODY;
    let room = match op {
        GateOp::Buf | GateOp::Not => {
            let pts = vec![
                body.left_top(),
                pos2(body.right(), body.center().y),
                body.left_bottom(),
            ];
            painter.add(Shape::convex_polygon(pts, fill, outline));
            None
        }
        GateOp::And | GateOp::Nand => {
            // A flat back and a half-circle nose of radius h.
            let h = body.height() / 2.0;
            let flat = (body.right() - h).max(body.left());
            let c = pos2(flat, body.center().y);
            let mut pts = vec![
                pos2(flat, body.top()),
                body.left_top(),
                body.left_bottom(),
                pos2(flat, body.bottom()),
            ];
            for i in 1..24 {
                let a = std::f32::consts::PI * (0.5 - i as f32 / 24.0);
                pts.push(pos2(c.x + h * a.cos(), c.y + h * a.sin()));
            }
            painter.add(Shape::Path(PathShape {
                points: pts,
                closed: true,
                fill,
                stroke: PathStroke::from(outline),
            }));
            Some(body.shrink2(vec2(0.1 * CELL, 0.2 * CELL)))
        }
        GateOp::Or | GateOp::Nor | GateOp::Xor | GateOp::Xnor => {
            let exclusive = matches!(op, GateOp::Xor | GateOp::Xnor);
            let back = or_body(painter, body, exclusive, outline);
            // Leads from the pins (on the left edge) to the curved back.
            for pin in 0..kind.input_count() {
                let y = rect.top() + geometry::input_y(kind, pin) * CELL;
                let x = back_x(back, y);
                if x > rect.left() + 0.5 {
                    painter.line_segment([pos2(rect.left(), y), pos2(x, y)], Stroke::new(1.5, INK));
                }
            }
            Some(Rect::from_min_max(
                pos2(back.left() + 0.3 * back.width(), body.top() + 0.2 * CELL),
                pos2(
                    body.right() - 0.1 * back.width(),
                    body.bottom() - 0.2 * CELL,
                ),
            ))
        }
    };
    if bubble {
        painter.circle(pos2(rect.right() - r, rect.center().y), r, fill, outline);
    }
    room
}

/// The x of the curved back of an OR body in `b` at height `y` (the back is the cubic from the
/// top-left to the bottom-left corner with both control points `0.3 × width` inside).
fn back_x(b: Rect, y: f32) -> f32 {
    let along = |t: f32| {
        let u = 1.0 - t;
        let y = b.top() + b.height() * (0.9 * u * u * t + 2.1 * u * t * t + t * t * t);
        let x = b.left() + 0.9 * b.width() * u * t;
        (x, y)
    };
    // y grows with t: bisect.
    let (mut lo, mut hi) = (0.0_f32, 1.0_f32);
    for _ in 0..20 {
        let mid = f32::midpoint(lo, hi);
        if along(mid).1 < y {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    along(f32::midpoint(lo, hi)).0
}

/// The curved OR body (with the extra back curve of XOR when `exclusive`) in `body`. Returns
/// the rectangle of the body proper (right of the extra curve).
fn or_body(painter: &Painter, body: Rect, exclusive: bool, outline: Stroke) -> Rect {
    let fill = BODY;
    let shift = if exclusive { 0.3 * CELL } else { 0.0 };
    let b = Rect::from_min_max(pos2(body.left() + shift, body.top()), body.max);
    let back_curve = |r: Rect| {
        CubicBezierShape::from_points_stroke(
            [
                r.left_top(),
                pos2(r.left() + r.width() * 0.3, r.top() + r.height() * 0.3),
                pos2(r.left() + r.width() * 0.3, r.bottom() - r.height() * 0.3),
                r.left_bottom(),
            ],
            false,
            Color32::TRANSPARENT,
            outline,
        )
    };
    let back = back_curve(b);
    let tip = pos2(b.right(), b.center().y);
    let top = CubicBezierShape::from_points_stroke(
        [
            b.left_top(),
            pos2(b.left() + b.width() * 0.6, b.top()),
            pos2(b.right() - b.width() * 0.15, b.top() + b.height() * 0.2),
            tip,
        ],
        false,
        Color32::TRANSPARENT,
        outline,
    );
    let bottom = CubicBezierShape::from_points_stroke(
        [
            b.left_bottom(),
            pos2(b.left() + b.width() * 0.6, b.bottom()),
            pos2(b.right() - b.width() * 0.15, b.bottom() - b.height() * 0.2),
            tip,
        ],
        false,
        Color32::TRANSPARENT,
        outline,
    );
    // Fill: the outline sampled into one polygon.
    let mut pts: Vec<Pos2> = top.flatten(Some(0.5));
    let mut lower = bottom.flatten(Some(0.5));
    lower.reverse();
    pts.extend(lower);
    let mut rear = back.flatten(Some(0.5));
    rear.reverse();
    pts.extend(rear);
    painter.add(Shape::Path(PathShape {
        points: pts,
        closed: true,
        fill,
        stroke: PathStroke::NONE,
    }));
    painter.add(top);
    painter.add(bottom);
    painter.add(back);
    if exclusive {
        // The second back line of XOR, the same curve one gap further left.
        let second = Rect::from_min_max(body.min, pos2(body.right() - shift, body.bottom()));
        painter.add(back_curve(second));
    }
    b
}

/// One mesh that many simple shapes are added to, drawn as a single [`Shape`]: the canvas's
/// coarse level of detail. Widths are given in screen pixels and converted with the zoom.
#[derive(Debug)]
pub struct Batch {
    mesh: Mesh,
    /// One screen pixel, in scene pixels.
    pixel: f32,
}

impl Batch {
    /// An empty batch for a scene drawn at `zoom` (screen pixels per scene pixel), with room
    /// for `vertices` vertices.
    pub fn new(zoom: f32, vertices: usize) -> Batch {
        let mut mesh = Mesh::default();
        mesh.reserve_vertices(vertices);
        mesh.reserve_triangles(vertices / 2);
        Batch {
            mesh,
            pixel: 1.0 / zoom.max(1e-3),
        }
    }

    /// Vertices added so far.
    pub fn len(&self) -> usize {
        self.mesh.vertices.len()
    }

    /// Whether nothing was added.
    pub fn is_empty(&self) -> bool {
        self.mesh.is_empty()
    }

    /// Hands the mesh to `painter` (nothing if empty) and starts over with room for as many
    /// vertices.
    pub fn paint(&mut self, painter: &Painter) {
        if self.is_empty() {
            return;
        }
        let n = self.len();
        let mut mesh = Mesh::default();
        mesh.reserve_vertices(n);
        mesh.reserve_triangles(n / 2);
        painter.add(Shape::mesh(std::mem::replace(&mut self.mesh, mesh)));
    }

    fn quad(&mut self, corners: [Pos2; 4], color: Color32) {
        let i = self.mesh.vertices.len() as u32;
        for p in corners {
            self.mesh.colored_vertex(p, color);
        }
        self.mesh.add_triangle(i, i + 1, i + 2);
        self.mesh.add_triangle(i, i + 2, i + 3);
    }

    /// A filled rectangle.
    pub fn rect(&mut self, r: Rect, color: Color32) {
        self.mesh.add_colored_rect(r, color);
    }

    /// A straight line `width` screen pixels wide, with square ends (so polylines join).
    pub fn segment(&mut self, start: Pos2, end: Pos2, width: f32, color: Color32) {
        let half = 0.5 * width * self.pixel;
        if (start.x - end.x).abs() < 1e-4 || (start.y - end.y).abs() < 1e-4 {
            // Axis-aligned, as wires are: no square root.
            let r = Rect::from_two_pos(start, end).expand(half);
            self.mesh.add_colored_rect(r, color);
            return;
        }
        let along = end - start;
        let dir = along / along.length();
        let (side, cap) = (dir.rot90() * half, dir * half);
        self.quad(
            [
                start - cap + side,
                end + cap + side,
                end + cap - side,
                start - cap - side,
            ],
            color,
        );
    }

    /// A polyline (zero-length pieces are skipped).
    pub fn polyline(&mut self, points: &[Pos2], width: f32, color: Color32) {
        for w in points.windows(2) {
            if w[0] != w[1] {
                self.segment(w[0], w[1], width, color);
            }
        }
    }

    /// A dashed polyline: `dash` screen pixels on, `gap` off.
    pub fn dashed(&mut self, points: &[Pos2], width: f32, color: Color32, dash: f32, gap: f32) {
        let (dash, gap) = (dash * self.pixel, gap * self.pixel);
        let mut drawn = 0.0; // position within the current dash + gap period
        for w in points.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = a.distance(b);
            let mut at = 0.0;
            while at < len {
                let on = drawn < dash;
                let left = if on { dash - drawn } else { dash + gap - drawn };
                let step = left.min(len - at);
                if on {
                    let t0 = at / len;
                    let t1 = (at + step) / len;
                    self.segment(a.lerp(b, t0), a.lerp(b, t1), width, color);
                }
                at += step;
                drawn = (drawn + step) % (dash + gap);
            }
        }
    }

    /// A filled polygon that every point of is visible from `center` (a fan around it).
    pub fn polygon(&mut self, points: &[Pos2], center: Pos2, fill: Color32) {
        let c = self.mesh.vertices.len() as u32;
        self.mesh.colored_vertex(center, fill);
        for &p in points {
            self.mesh.colored_vertex(p, fill);
        }
        let n = points.len() as u32;
        for k in 0..n {
            self.mesh.add_triangle(c, c + 1 + k, c + 1 + (k + 1) % n);
        }
    }

    /// The closed outline of a polygon.
    pub fn outline(&mut self, points: &[Pos2], width: f32, color: Color32) {
        self.polyline(points, width, color);
        if let (Some(&first), Some(&last)) = (points.first(), points.last()) {
            self.segment(last, first, width, color);
        }
    }
}

/// Grid dots within `view` (scene pixels), spaced a whole number of cells apart so that they
/// stay at least 12 screen pixels apart at `batch`'s zoom.
pub fn grid(batch: &mut Batch, view: Rect) {
    let mut cells = 1.0;
    for k in [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0] {
        cells = k;
        if k * CELL >= 12.0 * batch.pixel {
            break;
        }
    }
    let step = cells * CELL;
    let (x0, x1) = ((view.min.x / step).floor(), (view.max.x / step).ceil());
    let (y0, y1) = ((view.min.y / step).floor(), (view.max.y / step).ceil());
    if (x1 - x0) * (y1 - y0) > 20_000.0 {
        return;
    }
    let half = Vec2::splat(batch.pixel.max(1.0));
    let mut y = y0;
    while y <= y1 {
        let mut x = x0;
        while x <= x1 {
            let c = pos2(x * step, y * step);
            batch.rect(Rect::from_min_max(c - half, c + half), GRID);
            x += 1.0;
        }
        y += 1.0;
    }
}

/// [`wire`], simplified: widths in screen pixels, no anti-aliasing.
pub fn wire_coarse(batch: &mut Batch, points: &[Pos2], v: Trit, pulse: Option<f32>) {
    let mut width = if v == Trit::True { 2.5 } else { 1.0 };
    let mut color = value_color(v);
    if let Some(phase) = pulse {
        let glow = 0.5 + 0.5 * (phase * std::f32::consts::TAU).sin();
        width += 2.0 * glow;
        color = mix(BODY, color, 0.6 + 0.4 * glow);
    }
    if v == Trit::Unknown {
        batch.dashed(points, width, color, 6.0, 4.0);
    } else {
        batch.polyline(points, width, color);
    }
}

/// [`marker`], simplified.
pub fn marker_coarse(batch: &mut Batch, pos: Pos2) {
    let s = 4.0 * batch.pixel;
    let pts = [
        pos2(pos.x - s, pos.y - s),
        pos2(pos.x + s, pos.y),
        pos2(pos.x - s, pos.y + s),
    ];
    batch.polygon(&pts, pos2(pos.x - s / 3.0, pos.y), EVALUATING);
    batch.outline(&pts, 1.0, INK);
}

/// Nodes narrower than this many screen pixels are drawn as plain blocks.
const BLOCK_BELOW: f32 = 12.0;

/// [`node`], simplified: the outline of the symbol filled with a tint of the output value, no
/// label, pins or text; a node too small to tell its shape is one tinted block.
pub fn node_coarse(batch: &mut Batch, rect: Rect, kind: NodeKind, v: Trit, look: NodeLook) {
    let px = batch.pixel;
    if look.selected || look.hovered {
        let halo = if look.selected {
            SELECTED
        } else {
            Color32::from_gray(200)
        };
        let r = rect.expand(3.0 * px);
        batch.outline(
            &[
                r.left_top(),
                r.right_top(),
                r.right_bottom(),
                r.left_bottom(),
            ],
            2.0,
            halo,
        );
    }
    if rect.width() < BLOCK_BELOW * px {
        let stroke = outline(look);
        if stroke.width > 2.0 {
            batch.rect(rect.expand(1.5 * px), stroke.color);
        }
        let fill = if kind.role() == Role::Gate {
            mix(BODY, value_color(v), 0.5)
        } else {
            value_color(v) // sources, lamps and probes stand out
        };
        batch.rect(rect, fill);
        return;
    }
    let stroke = outline(look);
    let width = if stroke.width > 2.0 { 2.5 } else { 1.0 };
    let tint = mix(BODY, value_color(v), 0.45);
    let mut pts = [Pos2::ZERO; 16];
    let (n, center) = match kind {
        NodeKind::Switch
        | NodeKind::Button
        | NodeKind::Clock { .. }
        | NodeKind::Constant(_)
        | NodeKind::Table(_) => {
            pts[..4].copy_from_slice(&[
                rect.left_top(),
                rect.right_top(),
                rect.right_bottom(),
                rect.left_bottom(),
            ]);
            (4, rect.center())
        }
        NodeKind::Lamp => {
            let (c, r) = (rect.center(), rect.width() / 2.0 - 2.0);
            for (k, p) in pts[..8].iter_mut().enumerate() {
                let a = std::f32::consts::TAU * (k as f32 + 0.5) / 8.0;
                *p = c + r * vec2(a.cos(), a.sin());
            }
            batch.polygon(&pts[..8], c, value_color(v));
            batch.outline(&pts[..8], width, stroke.color);
            return;
        }
        NodeKind::Probe => {
            batch.rect(rect, tint);
            pts[..4].copy_from_slice(&[
                rect.left_top(),
                rect.right_top(),
                rect.right_bottom(),
                rect.left_bottom(),
            ]);
            batch.outline(&pts[..4], width, stroke.color);
            return;
        }
        _ => coarse_gate(kind, rect, &mut pts),
    };
    batch.polygon(&pts[..n], center, tint);
    batch.outline(&pts[..n], width, stroke.color);
    if let Some(op) = kind.op() {
        if matches!(op, GateOp::Xor | GateOp::Xnor) {
            let b = rect;
            let back = [
                b.left_top(),
                pos2(b.left() + 0.15 * b.width(), b.center().y),
                b.left_bottom(),
            ];
            batch.polyline(&back, width, stroke.color);
        }
        if matches!(op, GateOp::Not | GateOp::Nand | GateOp::Nor | GateOp::Xnor) {
            let radius = 0.25 * CELL;
            let at = pos2(rect.right() - radius, rect.center().y);
            let diamond = [
                pos2(at.x - radius, at.y),
                pos2(at.x, at.y - radius),
                pos2(at.x + radius, at.y),
                pos2(at.x, at.y + radius),
            ];
            batch.polygon(&diamond, at, BODY);
            batch.outline(&diamond, width, stroke.color);
        }
    }
}

/// The outline of a gate's body, a few points per curve, into `pts`; returns how many and a
/// point every outline point is visible from.
fn coarse_gate(kind: NodeKind, rect: Rect, pts: &mut [Pos2; 16]) -> (usize, Pos2) {
    let op = kind.op().unwrap_or(GateOp::Buf);
    let bubble = matches!(op, GateOp::Not | GateOp::Nand | GateOp::Nor | GateOp::Xnor);
    let mut body = rect;
    if bubble {
        body.max.x -= 0.5 * CELL;
    }
    let (mid, wide, high) = (body.center(), body.width(), body.height());
    match op {
        GateOp::Buf | GateOp::Not => {
            pts[..3].copy_from_slice(&[
                body.left_top(),
                pos2(body.right(), mid.y),
                body.left_bottom(),
            ]);
            (3, pos2(body.left() + wide / 3.0, mid.y))
        }
        GateOp::And | GateOp::Nand => {
            let radius = high / 2.0;
            let flat = (body.right() - radius).max(body.left());
            pts[0] = body.left_bottom();
            pts[1] = body.left_top();
            for k in 0..=6 {
                let angle = std::f32::consts::PI * (-0.5 + k as f32 / 6.0);
                pts[2 + k] = pos2(flat + radius * angle.cos(), mid.y + radius * angle.sin());
            }
            (9, mid)
        }
        GateOp::Or | GateOp::Nor | GateOp::Xor | GateOp::Xnor => {
            let mut or = body;
            if matches!(op, GateOp::Xor | GateOp::Xnor) {
                or.min.x += 0.3 * CELL;
            }
            let (left, top, bottom, span) = (or.left(), or.top(), or.bottom(), or.width());
            pts[..10].copy_from_slice(&[
                pos2(left, top),
                pos2(left + 0.45 * span, top + 0.02 * high),
                pos2(left + 0.8 * span, top + 0.22 * high),
                pos2(or.right(), mid.y),
                pos2(left + 0.8 * span, bottom - 0.22 * high),
                pos2(left + 0.45 * span, bottom - 0.02 * high),
                pos2(left, bottom),
                pos2(left + 0.15 * span, mid.y + 0.25 * high),
                pos2(left + 0.2 * span, mid.y),
                pos2(left + 0.15 * span, mid.y - 0.25 * high),
            ]);
            (10, pos2(left + 0.5 * span, mid.y))
        }
    }
}

/// A D flip-flop: a box with `D` at input 0 and the clock wedge `>` at input 1. Returns the
/// room left for the label.
/// A table gate: a box marked `TBL` at the top; returns the room below the mark (for the
/// label).
/// A ROM or RAM: a block titled with its kind and size, its pins named (`A`; a RAM's `D`,
/// `WE` and the clock's triangle).
fn memory_block(painter: &Painter, rect: Rect, kind: NodeKind, outline: Stroke) -> Rect {
    painter.rect(rect, 2.0, BODY, outline, egui::StrokeKind::Inside);
    let (title, addr_bits) = match kind {
        NodeKind::Rom { addr_bits } => ("ROM", addr_bits),
        NodeKind::Ram { addr_bits } => ("RAM", addr_bits),
        _ => ("", 0),
    };
    painter.text(
        pos2(rect.center().x, rect.top() + 0.5 * CELL),
        Align2::CENTER_CENTER,
        format!("{title} 2^{addr_bits}"),
        FontId::monospace(0.5 * CELL),
        INK,
    );
    let font = FontId::monospace(0.45 * CELL);
    for (pin, name) in ["A", "D", "WE", ">"]
        .iter()
        .enumerate()
        .take(kind.file_input_count())
    {
        let y = rect.top() + geometry::input_y(kind, pin) * CELL;
        // Clear of the pin's square on the edge.
        painter.text(
            pos2(rect.left() + 0.45 * CELL, y),
            Align2::LEFT_CENTER,
            *name,
            font.clone(),
            INK,
        );
    }
    Rect::from_min_max(pos2(rect.left(), rect.top() + CELL), rect.max)
}

fn table_gate(painter: &Painter, rect: Rect, outline: Stroke) -> Rect {
    painter.rect(rect, 2.0, BODY, outline, egui::StrokeKind::Inside);
    painter.text(
        pos2(rect.center().x, rect.top() + 0.5 * CELL),
        Align2::CENTER_CENTER,
        "TBL",
        FontId::monospace(0.5 * CELL),
        INK,
    );
    Rect::from_min_max(pos2(rect.left(), rect.top() + CELL), rect.max)
}

fn flip_flop(painter: &Painter, rect: Rect, outline: Stroke, enable: bool) -> Rect {
    painter.rect(rect, 2.0, BODY, outline, egui::StrokeKind::Inside);
    let font = FontId::monospace(0.6 * CELL);
    painter.text(
        pos2(rect.left() + 3.0, rect.top() + CELL),
        Align2::LEFT_CENTER,
        "D",
        font.clone(),
        INK,
    );
    if enable {
        // A flip-flop with enable: EN on its third pin, a row below the clock.
        painter.text(
            pos2(rect.left() + 3.0, rect.top() + 3.0 * CELL),
            Align2::LEFT_CENTER,
            "EN",
            font,
            INK,
        );
    }
    let y = rect.top() + 2.0 * CELL;
    let wedge = vec![
        pos2(rect.left(), y - 0.3 * CELL),
        pos2(rect.left() + 0.4 * CELL, y),
        pos2(rect.left(), y + 0.3 * CELL),
    ];
    painter.add(Shape::line(wedge, outline));
    let left = if enable { 1.1 } else { 0.8 };
    Rect::from_min_max(pos2(rect.left() + left * CELL, rect.top()), rect.max)
}

/// A lit segment of a 7-segment display (a hexadecimal display's digits too).
const SEGMENT_LIT: Color32 = Color32::from_rgb(230, 50, 30);
/// An unlit segment: −1.
const SEGMENT_OFF: Color32 = Color32::from_rgb(75, 45, 45);
/// The face of a display.
const DISPLAY_FACE: Color32 = Color32::from_gray(28);

/// The segment names of a 7-segment display, bit 0 first (`p`: the decimal point).
const SEGMENTS: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'p'];

/// The digits a hexadecimal display shows for `values` (bit 0 first): four trits a digit
/// (−1 a 0 bit, +1 a 1 bit), the most significant digit first, `?` for a digit with an
/// unknown bit (a trit 0); a partial last digit reads its missing bits as 0.
pub fn hex_digits(values: &[Trit]) -> String {
    let digits: Vec<char> = values
        .chunks(4)
        .map(|bits| {
            if bits.contains(&Trit::Unknown) {
                return '?';
            }
            let n = bits
                .iter()
                .enumerate()
                .filter(|(_, v)| **v == Trit::True)
                .fold(0u32, |n, (i, _)| n | (1 << i));
            char::from_digit(n, 16).map_or('?', |c| c.to_ascii_uppercase())
        })
        .collect();
    digits.into_iter().rev().collect()
}

/// What a 7-segment display shows for `values` (bit 0 = segment a, … bit 6 = g, bit 7 the
/// decimal point), as text: the lit segments' letters in order (`.` for the decimal point),
/// `off` if none is lit, then `(unknown: …)` for the segments at 0. Bits past the eighth
/// are not shown.
pub fn segments_text(values: &[Trit]) -> String {
    let name = |i: usize| if i == 7 { '.' } else { SEGMENTS[i] };
    let pick = |want: Trit| -> String {
        values
            .iter()
            .take(8)
            .enumerate()
            .filter(|(_, v)| **v == want)
            .map(|(i, _)| name(i))
            .collect()
    };
    let (lit, unknown) = (pick(Trit::True), pick(Trit::Unknown));
    let mut text = if lit.is_empty() {
        "off".to_owned()
    } else {
        lit
    };
    if !unknown.is_empty() {
        text = format!("{text} (unknown: {unknown})");
    }
    text
}

/// What a display node shows, as text for its widget and hover: the digits of a
/// [`NodeKind::HexDisplay`], the segments of a [`NodeKind::SevenSegment`]; `None` for any
/// other kind.
pub fn display_text(kind: NodeKind, values: &[Trit]) -> Option<String> {
    match kind {
        NodeKind::HexDisplay => Some(hex_digits(values)),
        NodeKind::SevenSegment => Some(segments_text(values)),
        _ => None,
    }
}

/// The colour of a segment showing `v`: lit, off or grey (unknown).
fn segment_color(v: Trit) -> Color32 {
    match v {
        Trit::True => SEGMENT_LIT,
        Trit::False => SEGMENT_OFF,
        Trit::Unknown => UNKNOWN,
    }
}

/// A hexadecimal or 7-segment display of `width` trits (1: a single trit, no badge) in
/// `rect`, showing `values` (bit 0 first): a dark face with the digits ([`hex_digits`]) or
/// the segments a–g and the decimal point, an unknown segment grey; labelled above.
pub fn display_node(
    painter: &Painter,
    rect: Rect,
    kind: NodeKind,
    label: &str,
    values: &[Trit],
    look: NodeLook,
) {
    halo(painter, rect, look);
    painter.rect(
        rect,
        2.0,
        DISPLAY_FACE,
        outline(look),
        egui::StrokeKind::Inside,
    );
    let face = rect.shrink(3.0);
    if kind == NodeKind::SevenSegment {
        seven_segments(painter, face, values);
    } else {
        let digits = hex_digits(values);
        let color = if digits.contains('?') {
            UNKNOWN
        } else {
            SEGMENT_LIT
        };
        let mut size = 0.75 * face.height();
        let mut galley = painter.layout_no_wrap(digits.clone(), FontId::monospace(size), color);
        if galley.size().x > face.width() {
            size *= face.width() / galley.size().x;
            galley = painter.layout_no_wrap(digits, FontId::monospace(size), color);
        }
        painter.galley(face.center() - galley.size() / 2.0, galley, color);
    }
    let title = if values.len() > 1 {
        format!("{label} /{}", values.len())
    } else {
        label.to_owned()
    };
    caption(painter, rect, title);
}

/// The segments a–g (and the decimal point) of one digit in `face`, from `values`.
fn seven_segments(painter: &Painter, face: Rect, values: &[Trit]) {
    let h = face.height() * 0.9;
    let w = h * 0.5;
    let t = (h * 0.1).max(1.0);
    let x0 = face.center().x - w / 2.0;
    let (x1, y0) = (x0 + w, face.center().y - h / 2.0);
    let (ym, y1) = (y0 + h / 2.0, y0 + h);
    let gap = t * 0.6;
    let segments = [
        (pos2(x0 + gap, y0), pos2(x1 - gap, y0)),
        (pos2(x1, y0 + gap), pos2(x1, ym - gap)),
        (pos2(x1, ym + gap), pos2(x1, y1 - gap)),
        (pos2(x0 + gap, y1), pos2(x1 - gap, y1)),
        (pos2(x0, ym + gap), pos2(x0, y1 - gap)),
        (pos2(x0, y0 + gap), pos2(x0, ym - gap)),
        (pos2(x0 + gap, ym), pos2(x1 - gap, ym)),
    ];
    let value = |i: usize| values.get(i).copied().unwrap_or(Trit::False);
    for (i, (a, b)) in segments.into_iter().enumerate() {
        painter.line_segment([a, b], Stroke::new(t, segment_color(value(i))));
    }
    if values.len() > 7 {
        painter.circle_filled(pos2(x1 + 1.5 * t, y1), t * 0.7, segment_color(value(7)));
    }
}

/// A node's or block's label, centred just above its box `rect`.
fn caption(painter: &Painter, rect: Rect, text: impl ToString) {
    painter.text(
        pos2(rect.center().x, rect.min.y - 1.0),
        Align2::CENTER_BOTTOM,
        text,
        FontId::proportional(LABEL_SIZE),
        INK,
    );
}
