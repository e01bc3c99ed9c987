//! The coarse level of detail, for a canvas zoomed far out: one [`Batch`] mesh that the grid,
//! wires, markers and simplified nodes are added to, drawn as a single shape.

use egui::epaint::Mesh;
use egui::{Color32, Painter, Pos2, Rect, Shape, Vec2, pos2, vec2};
use sim_core::{GateBase, GateOp, NodeKind, Role, Trit};

use sim_core::Orientation;

use super::orient::Turn;
use super::style::{Colors, NodeLook, mix, outline};
use super::wires::{marker_place, marker_triangle};
use crate::pages::circuit::geometry::CELL;

/// One mesh that many simple shapes are added to, drawn as a single [`Shape`]: the canvas's
/// coarse level of detail. Widths are given in screen pixels and converted with the zoom;
/// colours come from the batch's [`Colors`].
#[derive(Debug)]
pub struct Batch {
    mesh: Mesh,
    /// One screen pixel, in scene pixels.
    pixel: f32,
    /// The theme's colours.
    colors: Colors,
}

impl Batch {
    /// An empty batch for a scene drawn at `zoom` (screen pixels per scene pixel) in the
    /// colours of `colors`, with room for `vertices` vertices.
    pub fn new(zoom: f32, colors: &Colors, vertices: usize) -> Batch {
        let mut mesh = Mesh::default();
        mesh.reserve_vertices(vertices);
        mesh.reserve_triangles(vertices / 2);
        Batch {
            mesh,
            pixel: 1.0 / zoom.max(1e-3),
            colors: *colors,
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
            batch.rect(Rect::from_min_max(c - half, c + half), batch.colors.grid);
            x += 1.0;
        }
        y += 1.0;
    }
}

/// [`wire`](super::wire), simplified: widths in screen pixels, no anti-aliasing.
pub fn wire_coarse(batch: &mut Batch, points: &[Pos2], v: Trit, pulse: Option<f32>) {
    let mut width = if v == Trit::True { 2.5 } else { 1.0 };
    let mut color = batch.colors.value(v);
    if let Some(phase) = pulse {
        let glow = 0.5 + 0.5 * (phase * std::f32::consts::TAU).sin();
        width += 2.0 * glow;
        color = mix(batch.colors.body, color, 0.6 + 0.4 * glow);
    }
    if v == Trit::Unknown {
        batch.dashed(points, width, color, 6.0, 4.0);
    } else {
        batch.polyline(points, width, color);
    }
}

/// [`marker`](super::marker), simplified.
pub fn marker_coarse(batch: &mut Batch, path: &[Pos2]) {
    let Some((pos, toward)) = marker_place(path) else {
        return;
    };
    let size = 4.0 * batch.pixel;
    let pts = marker_triangle(pos, toward, size);
    let (evaluating, ink) = (batch.colors.evaluating, batch.colors.ink);
    batch.polygon(&pts, pos - toward * (size / 3.0), evaluating);
    batch.outline(&pts, 1.0, ink);
}

/// Nodes narrower than this many screen pixels are drawn as plain blocks.
const BLOCK_BELOW: f32 = 12.0;

/// [`node`](super::node), simplified: the outline of the symbol filled with a tint of the
/// output value, no label, pins or text; a node too small to tell its shape is one tinted
/// block. `rect` is the node's box as drawn, turned by `orientation` (the outline is added
/// unturned and its vertices then turned, as [`turned`](super::turned) does for shapes).
pub fn node_coarse(
    batch: &mut Batch,
    rect: Rect,
    orientation: Orientation,
    kind: NodeKind,
    v: Trit,
    look: NodeLook,
) {
    let (px, colors) = (batch.pixel, batch.colors);
    if look.selected || look.hovered {
        let halo = if look.selected {
            colors.selected
        } else {
            colors.hover
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
        let stroke = outline(&colors, look);
        if stroke.width > 2.0 {
            batch.rect(rect.expand(1.5 * px), stroke.color);
        }
        let fill = if kind.role() == Role::Gate {
            mix(colors.body, colors.value(v), 0.5)
        } else {
            colors.value(v) // sources, lamps and probes stand out
        };
        batch.rect(rect, fill);
        return;
    }
    let turn = Turn::new(rect, orientation);
    let first = batch.len();
    symbol_coarse(batch, turn.unturned, kind, v, look);
    if !orientation.is_default() {
        for vertex in &mut batch.mesh.vertices[first..] {
            vertex.pos = turn.point(vertex.pos);
        }
    }
}

/// The outline of `kind`'s symbol in `rect`, unturned, filled with a tint of `v`.
fn symbol_coarse(batch: &mut Batch, rect: Rect, kind: NodeKind, v: Trit, look: NodeLook) {
    let colors = batch.colors;
    let stroke = outline(&colors, look);
    let width = if stroke.width > 2.0 { 2.5 } else { 1.0 };
    let tint = mix(colors.body, colors.value(v), 0.45);
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
            batch.polygon(&pts[..8], c, colors.value(v));
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
        let (base, bubble) = op.base();
        if base == GateBase::Xor {
            let b = rect;
            let back = [
                b.left_top(),
                pos2(b.left() + 0.15 * b.width(), b.center().y),
                b.left_bottom(),
            ];
            batch.polyline(&back, width, stroke.color);
        }
        if bubble {
            let radius = 0.25 * CELL;
            let at = pos2(rect.right() - radius, rect.center().y);
            let diamond = [
                pos2(at.x - radius, at.y),
                pos2(at.x, at.y - radius),
                pos2(at.x + radius, at.y),
                pos2(at.x, at.y + radius),
            ];
            batch.polygon(&diamond, at, colors.body);
            batch.outline(&diamond, width, stroke.color);
        }
    }
}

/// The outline of a gate's body, a few points per curve, into `pts`; returns how many and a
/// point every outline point is visible from.
fn coarse_gate(kind: NodeKind, rect: Rect, pts: &mut [Pos2; 16]) -> (usize, Pos2) {
    let (base, bubble) = kind.op().unwrap_or(GateOp::Buf).base();
    let mut body = rect;
    if bubble {
        body.max.x -= 0.5 * CELL;
    }
    let (mid, wide, high) = (body.center(), body.width(), body.height());
    match base {
        GateBase::Buf => {
            pts[..3].copy_from_slice(&[
                body.left_top(),
                pos2(body.right(), mid.y),
                body.left_bottom(),
            ]);
            (3, pos2(body.left() + wide / 3.0, mid.y))
        }
        GateBase::And => {
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
        GateBase::Or | GateBase::Xor => {
            let mut or = body;
            if base == GateBase::Xor {
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
