//! Painting nodes, wires and pins. Coordinates are scene pixels ([`geometry::CELL`] per cell).
//!
//! Values are told apart without colour too: +1 wires are thick and solid, −1 wires thin and
//! solid, 0 wires dashed; lamps and pins show `+`, `−` or `?`. The colours are from the
//! Okabe–Ito palette, chosen to stay distinct under the common colour-vision deficiencies
//! (M. Okabe and K. Ito, "Color Universal Design", 2008): blue for +1, orange for −1, grey for 0.

use egui::epaint::{CubicBezierShape, PathShape, PathStroke};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, pos2};
use sim_core::{GateOp, NodeKind, Trit};

use crate::geometry::CELL;

/// Okabe–Ito blue, for +1.
pub const TRUE: Color32 = Color32::from_rgb(0, 114, 178);
/// Okabe–Ito orange, for −1.
pub const FALSE: Color32 = Color32::from_rgb(230, 159, 0);
/// Neutral grey, for 0 (unknown).
pub const UNKNOWN: Color32 = Color32::from_rgb(128, 128, 128);
/// Okabe–Ito reddish purple: nodes on an oscillating loop.
pub const LOOP: Color32 = Color32::from_rgb(204, 121, 167);
/// Okabe–Ito bluish green: the node being evaluated in Step mode.
pub const EVALUATING: Color32 = Color32::from_rgb(0, 158, 115);
/// Selection outline.
pub const SELECTED: Color32 = Color32::from_rgb(86, 180, 233);

const INK: Color32 = Color32::from_gray(40);
const BODY: Color32 = Color32::from_gray(250);

/// How a node should stand out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeLook {
    /// Part of the selection.
    pub selected: bool,
    /// The node of the event just stepped.
    pub evaluating: bool,
    /// On the loop of the last oscillation.
    pub in_loop: bool,
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

/// A node of `kind` in `rect`, labelled, showing its output `v`.
pub fn node(painter: &Painter, rect: Rect, kind: NodeKind, label: &str, v: Trit, look: NodeLook) {
    let outline = if look.evaluating {
        Stroke::new(3.0, EVALUATING)
    } else if look.in_loop {
        Stroke::new(3.0, LOOP)
    } else {
        Stroke::new(1.5, INK)
    };
    if look.selected || look.hovered {
        let halo = if look.selected {
            SELECTED
        } else {
            Color32::from_gray(200)
        };
        painter.rect_stroke(
            rect.expand(4.0),
            4.0,
            Stroke::new(2.0, halo),
            egui::StrokeKind::Outside,
        );
    }
    match kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } | NodeKind::Constant(_) => {
            source(painter, rect, kind, v, outline);
        }
        NodeKind::Lamp => {
            painter.circle(
                rect.center(),
                rect.width() / 2.0 - 2.0,
                value_color(v),
                outline,
            );
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                value_symbol(v),
                font(1.0),
                Color32::WHITE,
            );
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
        _ => {
            if let Some(op) = kind.op() {
                gate(painter, rect, op, outline);
            }
        }
    }
    painter.text(
        pos2(rect.center().x, rect.min.y - 2.0),
        Align2::CENTER_BOTTOM,
        label,
        font(0.6),
        INK,
    );
}

fn font(cells: f32) -> FontId {
    FontId::proportional(cells * CELL * 0.7)
}

fn source(painter: &Painter, rect: Rect, kind: NodeKind, v: Trit, outline: Stroke) {
    painter.rect(rect, 3.0, BODY, outline, egui::StrokeKind::Inside);
    let text = match kind {
        NodeKind::Switch => value_symbol(v).to_owned(),
        NodeKind::Button => format!("◉{}", value_symbol(v)),
        NodeKind::Clock { .. } => format!("⏱{}", value_symbol(v)),
        NodeKind::Constant(c) => c.as_signed_str().to_owned(),
        _ => String::new(),
    };
    let inner = rect.shrink(4.0);
    painter.rect_filled(inner, 2.0, value_color(v).gamma_multiply(0.35));
    painter.text(inner.center(), Align2::CENTER_CENTER, text, font(0.8), INK);
}

/// The distinctive-shape symbol (IEEE Std 91-1984) of `op` in `rect`.
fn gate(painter: &Painter, rect: Rect, op: GateOp, outline: Stroke) {
    let bubble = matches!(op, GateOp::Not | GateOp::Nand | GateOp::Nor | GateOp::Xnor);
    let r = 0.25 * CELL;
    let body = if bubble {
        Rect::from_min_max(rect.min, pos2(rect.max.x - 2.0 * r, rect.max.y))
    } else {
        rect
    };
    let fill = BODY;
    match op {
        GateOp::Buf | GateOp::Not => {
            let pts = vec![
                body.left_top(),
                pos2(body.right(), body.center().y),
                body.left_bottom(),
            ];
            painter.add(Shape::convex_polygon(pts, fill, outline));
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
        }
        GateOp::Or | GateOp::Nor | GateOp::Xor | GateOp::Xnor => {
            or_body(
                painter,
                body,
                matches!(op, GateOp::Xor | GateOp::Xnor),
                outline,
            );
        }
    }
    if bubble {
        painter.circle(pos2(rect.right() - r, rect.center().y), r, fill, outline);
    }
}

/// The curved OR body (with the extra back curve of XOR when `exclusive`) in `body`.
fn or_body(painter: &Painter, body: Rect, exclusive: bool, outline: Stroke) {
    let fill = BODY;
    let shift = if exclusive { 0.3 * CELL } else { 0.0 };
    let b = Rect::from_min_max(pos2(body.left() + shift, body.top()), body.max);
    let back = CubicBezierShape::from_points_stroke(
        [
            b.left_top(),
            pos2(b.left() + b.width() * 0.3, b.top() + b.height() * 0.3),
            pos2(b.left() + b.width() * 0.3, b.bottom() - b.height() * 0.3),
            b.left_bottom(),
        ],
        false,
        Color32::TRANSPARENT,
        outline,
    );
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
    if shift > 0.0 {
        let second = CubicBezierShape::from_points_stroke(
            [
                body.left_top(),
                pos2(
                    body.left() + b.width() * 0.3,
                    body.top() + body.height() * 0.3,
                ),
                pos2(
                    body.left() + b.width() * 0.3,
                    body.bottom() - body.height() * 0.3,
                ),
                body.left_bottom(),
            ],
            false,
            Color32::TRANSPARENT,
            outline,
        );
        painter.add(second);
    }
}
