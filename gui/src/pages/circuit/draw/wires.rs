//! Single-trit wires and what sits on them: a wire by its value, a ratsnest line (a wire
//! without a route), the halo of a selected net,
//! a bend, a junction (a bus's too), a pin and a waiting event's marker.

use egui::{Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2};
use sim_core::Trit;

use super::buses::Known;
use super::style::Colors;
use crate::pages::circuit::geometry::CELL;

/// A wire along `points` carrying `v`. `pulse` (0..1) brightens it, for a change just made.
pub fn wire(painter: &Painter, colors: &Colors, points: &[Pos2], v: Trit, pulse: Option<f32>) {
    let mut width = if v == Trit::True { 3.0 } else { 1.5 };
    let mut color = colors.value(v);
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

/// A connection the router found no clean route for, along `points` (a straight line from
/// pin to pin): dotted, thin and in the value's colour, so that it reads as "connected, not
/// routed" and never as a real wire.
pub fn ratsnest(painter: &Painter, colors: &Colors, points: &[Pos2], v: Trit) {
    painter.extend(Shape::dotted_line(points, colors.value(v), 0.3 * CELL, 1.5));
}

/// The highlight under a selected net's wire along `points`, `width` scene pixels wide.
pub fn halo_line(painter: &Painter, colors: &Colors, points: &[Pos2], width: f32) {
    painter.add(Shape::line(
        points.to_vec(),
        Stroke::new(width, colors.selected.gamma_multiply(0.55)),
    ));
}

/// Where a dragged wire will bend: a hollow square at `pos`.
pub fn bend(painter: &Painter, colors: &Colors, pos: Pos2) {
    painter.rect_stroke(
        Rect::from_center_size(pos, Vec2::splat(0.5 * CELL)),
        1.0,
        Stroke::new(2.0, colors.selected),
        egui::StrokeKind::Middle,
    );
}

/// The dot where a net branches, coloured as its wires are: a trit's value colour, a bus's
/// ink ([`Known`]); `values` are the net's, bit 0 first.
pub fn junction(painter: &Painter, colors: &Colors, pos: Pos2, values: &[Trit]) {
    let (radius, color) = match values {
        [v] => (0.2 * CELL, colors.value(*v)),
        _ => (0.28 * CELL, Known::of(values).ink(colors)),
    };
    painter.circle_filled(pos, radius, color);
}

/// A pin at `pos` showing `v` (a small dot; bigger when hovered).
pub fn pin(painter: &Painter, colors: &Colors, pos: Pos2, v: Trit, hovered: bool) {
    let r = if hovered { 5.0 } else { 3.0 };
    painter.circle(pos, r, colors.value(v), Stroke::new(1.0, colors.ink));
}

/// A marker for an event waiting to be delivered along a wire, at `pos`.
pub fn marker(painter: &Painter, colors: &Colors, pos: Pos2) {
    let s = 5.0;
    let points = vec![
        pos2(pos.x - s, pos.y - s),
        pos2(pos.x + s, pos.y),
        pos2(pos.x - s, pos.y + s),
    ];
    painter.add(Shape::convex_polygon(
        points,
        colors.evaluating,
        Stroke::new(1.0, colors.ink),
    ));
}
