//! Turned and mirrored symbols without a turned copy of each: a symbol is painted unturned
//! in the box it has unturned, and the shapes it added are then moved through the part's
//! [`Orientation`] ([`geometry::orient`]), the same map that places its pins. Quarter turns
//! and mirrors keep boxes axis-aligned and circles round, so every shape stays the shape it
//! was; text is moved but stays upright, so it stays readable. A plain box — a source, a
//! lamp, a probe, a display — points no way: it is laid out afresh in its turned box instead
//! ([`drawn_turn`]), so its number or digits stay on their face.

use egui::epaint::{ClippedShape, Shape};
use egui::layers::ShapeIdx;
use egui::{Painter, Pos2, Rect, pos2, vec2};
use sim_core::{NodeKind, Orientation};

use crate::pages::circuit::geometry::{self, Vector, vector};

/// How a part's unturned drawing maps onto the box it takes on the canvas, in scene pixels.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    /// The orientation.
    pub orientation: Orientation,
    /// The box the part takes unturned (its top-left corner is the turned box's).
    pub unturned: Rect,
}

impl Turn {
    /// The map for a part turned by `orientation` into the box `placed` (as drawn).
    pub fn new(placed: Rect, orientation: Orientation) -> Turn {
        let size = geometry::turned_size(orientation, vector(placed.width(), placed.height()));
        Turn {
            orientation,
            unturned: Rect::from_min_size(placed.min, vec2(size.x, size.y)),
        }
    }

    /// Where point `p` of the unturned drawing lies on the canvas.
    pub fn point(&self, p: Pos2) -> Pos2 {
        let size = self.unturned.size();
        let local = p - self.unturned.min;
        let at = geometry::orient(
            self.orientation,
            Vector {
                x: size.x,
                y: size.y,
            },
            vector(local.x, local.y),
        );
        pos2(self.unturned.min.x + at.x, self.unturned.min.y + at.y)
    }

    /// Where the box `r` of the unturned drawing lies on the canvas.
    pub fn rect(&self, r: Rect) -> Rect {
        Rect::from_two_pos(self.point(r.min), self.point(r.max))
    }

    /// Moves `shape`, drawn unturned, to where it lies on the canvas; text keeps reading
    /// left to right, centred where its centre goes.
    pub fn shape(&self, shape: &mut Shape) {
        match shape {
            // Callbacks and bands are not drawn by any symbol.
            Shape::Noop | Shape::Callback(_) | Shape::Band(_) => {}
            Shape::Vec(shapes) => shapes.iter_mut().for_each(|s| self.shape(s)),
            Shape::Circle(c) => c.center = self.point(c.center),
            Shape::Ellipse(e) => {
                e.center = self.point(e.center);
                let size = geometry::turned_size(self.orientation, vector(e.radius.x, e.radius.y));
                e.radius = vec2(size.x, size.y);
            }
            Shape::LineSegment { points, .. } => {
                for p in points {
                    *p = self.point(*p);
                }
            }
            Shape::Path(path) => {
                for p in &mut path.points {
                    *p = self.point(*p);
                }
            }
            Shape::Rect(r) => r.rect = self.rect(r.rect),
            Shape::Text(text) => {
                let bounds = text.visual_bounding_rect();
                text.pos += self.point(bounds.center()) - bounds.center();
            }
            Shape::Mesh(mesh) => {
                for v in &mut std::sync::Arc::make_mut(mesh).vertices {
                    v.pos = self.point(v.pos);
                }
            }
            Shape::QuadraticBezier(b) => {
                for p in &mut b.points {
                    *p = self.point(*p);
                }
            }
            Shape::CubicBezier(b) => {
                for p in &mut b.points {
                    *p = self.point(*p);
                }
            }
        }
    }
}

/// How a node of `kind` turned by `orientation` is painted: its drawing turned, or — for a
/// plain box, whose drawing points no way (sources, lamps, probes, displays) — unturned in
/// its turned box. Its pins follow `orientation` either way.
pub fn drawn_turn(kind: NodeKind, orientation: Orientation) -> Orientation {
    match kind {
        NodeKind::Switch
        | NodeKind::Button
        | NodeKind::Keypad
        | NodeKind::Clock { .. }
        | NodeKind::Constant(_)
        | NodeKind::Lamp
        | NodeKind::Probe
        | NodeKind::HexDisplay
        | NodeKind::SevenSegment
        | NodeKind::DecimalDisplay(_)
        | NodeKind::LedMatrix { .. }
        | NodeKind::Tty => Orientation::default(),
        _ => orientation,
    }
}

/// Paints a part turned by `orientation` into the box `placed` (as drawn): `paint` draws it
/// unturned into the box it is given, and every shape it painted is then moved through
/// [`Turn::shape`] (text kept upright). Returns what `paint` returns.
pub fn turned<R>(
    painter: &Painter,
    placed: Rect,
    orientation: Orientation,
    paint: impl FnOnce(Rect) -> R,
) -> R {
    if orientation.is_default() {
        return paint(placed);
    }
    let turn = Turn::new(placed, orientation);
    let layer = painter.layer_id();
    let ctx = painter.ctx();
    let first = ctx.graphics_mut(|g| g.entry(layer).next_idx());
    let result = paint(turn.unturned);
    ctx.graphics_mut(|g| {
        let list = g.entry(layer);
        for i in first.0..list.next_idx().0 {
            list.mutate_shape(ShapeIdx(i), |c: &mut ClippedShape| turn.shape(&mut c.shape));
        }
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::Facing;

    #[test]
    fn a_quarter_turn_maps_the_box_onto_the_turned_box() {
        let placed = Rect::from_min_size(pos2(100.0, 50.0), vec2(60.0, 80.0));
        let turn = Turn::new(
            placed,
            Orientation {
                facing: Facing::South,
                flip: false,
            },
        );
        assert_eq!(turn.unturned.size(), vec2(80.0, 60.0));
        assert_eq!(turn.rect(turn.unturned), placed);
        // The unturned right edge's middle (an output) ends at the bottom's middle.
        assert_eq!(turn.point(pos2(180.0, 80.0)), pos2(130.0, 130.0));
        let mut circle = Shape::circle_filled(pos2(180.0, 80.0), 3.0, egui::Color32::RED);
        turn.shape(&mut circle);
        let Shape::Circle(c) = circle else {
            panic!("still a circle")
        };
        assert_eq!(c.center, pos2(130.0, 130.0));
    }
}
