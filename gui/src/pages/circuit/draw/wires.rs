//! Single-trit wires and what sits on them: a wire by its value, a ratsnest line (a wire
//! without a route), the halo of a selected net,
//! a bend, a junction (a bus's too), a pin and a waiting event's marker.

use egui::{Painter, Pos2, Rect, Shape, Stroke, Vec2};
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

/// A marker for an event waiting to be delivered along a wire drawn through `path`: a
/// triangle halfway along the path's middle segment, pointing the way the event travels.
pub fn marker(painter: &Painter, colors: &Colors, path: &[Pos2]) {
    let Some((pos, toward)) = marker_place(path) else {
        return;
    };
    painter.add(Shape::convex_polygon(
        marker_triangle(pos, toward, 5.0).to_vec(),
        colors.evaluating,
        Stroke::new(1.0, colors.ink),
    ));
}

/// Where a waiting event's marker sits on a wire drawn through `path` (from the driver to
/// the input it feeds) — halfway along its middle segment — and the way the event travels
/// there, a unit vector (east on a segment of no length). `None` for fewer than two points.
pub(super) fn marker_place(path: &[Pos2]) -> Option<(Pos2, Vec2)> {
    let k = path.len() / 2;
    let (from, to) = (*path.get(k.checked_sub(1)?)?, *path.get(k)?);
    let toward = (to - from).normalized();
    let toward = if toward == Vec2::ZERO {
        Vec2::X
    } else {
        toward
    };
    Some((from.lerp(to, 0.5), toward))
}

/// A marker's triangle centred on `pos`, its tip `size` ahead along the unit vector `toward`
/// and its base `size` behind, as wide as twice `size`.
pub(super) fn marker_triangle(pos: Pos2, toward: Vec2, size: f32) -> [Pos2; 3] {
    let (ahead, across) = (toward * size, toward.rot90() * size);
    [pos - ahead + across, pos + ahead, pos - ahead - across]
}
