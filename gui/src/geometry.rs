//! Where things are on the canvas, in grid cells: each node kind's box and pins, and the
//! orthogonal route of a wire. Pure functions; the canvas multiplies by [`CELL`] pixels.

use egui::{Pos2, Rect, Vec2, pos2, vec2};
use sim_core::{Node, NodeKind};

/// Pixels per grid cell at zoom 1.
pub const CELL: f32 = 20.0;

/// Radius of a pin's hit area, in cells.
pub const PIN_RADIUS: f32 = 0.4;

/// The size of a node of `kind`, in cells ([`sim_core::layout::footprint`], which the
/// automatic layout places by).
pub fn size(kind: NodeKind) -> Vec2 {
    let (width, height) = sim_core::layout::footprint(kind);
    vec2(f32::from(width), f32::from(height))
}

/// The top-left corner of `node`, in cells (nodes without a position sit at the origin).
pub fn origin(node: &Node) -> Pos2 {
    node.pos
        .map_or(Pos2::ZERO, |p| pos2(p.x as f32, p.y as f32))
}

/// The node's box, in cells.
pub fn rect(node: &Node) -> Rect {
    Rect::from_min_size(origin(node), size(node.kind))
}

/// Input pin `i` of `node`, in cells: on the left edge, one cell apart.
pub fn input_pin(node: &Node, pin: usize) -> Pos2 {
    let top_left = origin(node);
    pos2(top_left.x, top_left.y + input_y(node.kind, pin))
}

/// How far input pin `pin` of a `kind` node lies below the node's top edge, in cells.
pub fn input_y(kind: NodeKind, pin: usize) -> f32 {
    if kind.input_count() == 1 {
        size(kind).y / 2.0
    } else {
        1.0 + pin as f32
    }
}

/// The output pin of `node`, in cells (right edge, middle); `None` for terminals.
pub fn output_pin(node: &Node) -> Option<Pos2> {
    node.kind.has_output().then(|| {
        let r = rect(node);
        pos2(r.max.x, r.center().y)
    })
}

/// An orthogonal route from an output pin to an input pin, as a polyline in cells: out to the
/// right, across, and in from the left. A wire that runs backwards (feedback) loops around
/// below both ends. The same as [`route_in_lane`] with the vertical run halfway across.
pub fn route(from: Pos2, to: Pos2) -> Vec<Pos2> {
    if to.x >= from.x + 1.0 {
        let mid = f32::midpoint(from.x, to.x).round();
        let mid = mid.clamp(from.x + 0.5, to.x - 0.5);
        vec![from, pos2(mid, from.y), pos2(mid, to.y), to]
    } else {
        route_in_lane(from, to, 0, 0).to_vec()
    }
}

/// A wire's polyline, at most six points, without allocating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Route {
    points: [Pos2; 6],
    len: usize,
}

impl std::ops::Deref for Route {
    type Target = [Pos2];

    fn deref(&self) -> &[Pos2] {
        &self.points[..self.len]
    }
}

/// Cells between the vertical runs of neighbouring lanes.
pub const LANE_GAP: f32 = 0.5;

/// An orthogonal route like [`route`], with the vertical runs placed so that wires of
/// different nets rarely run on top of each other: the wires leaving an output run down (or
/// up) in the output's `lane`, `1 + lane × LANE_GAP` cells right of the output pin (as far as
/// there is room before the input). A feedback wire comes back below both ends, `lane ×
/// LANE_GAP` lower per lane, and rises to input `pin` in a column `(pin + lane) × LANE_GAP`
/// further left per step, so that the two feedback wires of a latch neither share their
/// horizontal run nor their rise.
pub fn route_in_lane(from: Pos2, to: Pos2, lane: u16, pin: usize) -> Route {
    let lane = f32::from(lane) * LANE_GAP;
    let out = from.x + 1.0 + lane;
    if to.x >= from.x + 1.0 {
        let mid = out.min(to.x - 0.5);
        Route {
            points: [from, pos2(mid, from.y), pos2(mid, to.y), to, to, to],
            len: 4,
        }
    } else {
        let below = from.y.max(to.y).ceil() + 1.5 + lane;
        let back = to.x - 0.5 - LANE_GAP * pin as f32 - lane;
        Route {
            points: [
                from,
                pos2(out, from.y),
                pos2(out, below),
                pos2(back, below),
                pos2(back, to.y),
                to,
            ],
            len: 6,
        }
    }
}

/// The distance from `p` to the polyline `path`, in the same units.
pub fn distance_to_path(p: Pos2, path: &[Pos2]) -> f32 {
    path.windows(2)
        .map(|w| distance_to_segment(p, w[0], w[1]))
        .fold(f32::INFINITY, f32::min)
}

fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = if ab.length_sq() == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    };
    p.distance(a + ab * t)
}

/// Snaps a position in cells to the nearest grid point.
pub fn snap(p: Pos2) -> (i32, i32) {
    (p.x.round() as i32, p.y.round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_sit_on_the_edges() {
        let nor = Node::new("N", NodeKind::Nor(2)).at(10, 4);
        assert_eq!(
            rect(&nor),
            Rect::from_min_size(pos2(10.0, 4.0), vec2(4.0, 3.0))
        );
        assert_eq!(input_pin(&nor, 0), pos2(10.0, 5.0));
        assert_eq!(input_pin(&nor, 1), pos2(10.0, 6.0));
        assert_eq!(output_pin(&nor), Some(pos2(14.0, 5.5)));
        let lamp = Node::new("Q", NodeKind::Lamp).at(0, 0);
        assert_eq!(input_pin(&lamp, 0), pos2(0.0, 1.0));
        assert_eq!(output_pin(&lamp), None);
    }

    #[test]
    fn routes_are_orthogonal() {
        for (a, b) in [
            (pos2(0.0, 0.0), pos2(6.0, 3.0)),
            (pos2(8.0, 2.0), pos2(1.0, 5.0)),
        ] {
            let path = route(a, b);
            assert_eq!((path[0], path[path.len() - 1]), (a, b));
            for w in path.windows(2) {
                let d = w[1] - w[0];
                assert!(d.x.abs() < 1e-6 || d.y.abs() < 1e-6, "{path:?}");
            }
        }
        assert!(distance_to_path(pos2(3.0, 1.5), &route(pos2(0.0, 0.0), pos2(6.0, 3.0))) < 0.01);
    }

    /// The segments of `path` as (fixed coordinate, from, to, vertical?).
    fn runs(path: &[Pos2]) -> Vec<(f32, f32, f32, bool)> {
        path.windows(2)
            .map(|w| {
                let vertical = (w[0].x - w[1].x).abs() < 1e-6;
                let (fixed, a, b) = if vertical {
                    (w[0].x, w[0].y, w[1].y)
                } else {
                    (w[0].y, w[0].x, w[1].x)
                };
                (fixed, a.min(b), a.max(b), vertical)
            })
            .collect()
    }

    #[test]
    fn the_feedback_wires_of_a_latch_do_not_overlap() {
        // rs_nor_latch.ron: NOR1 at (6, 1) and NOR2 at (6, 5), both 4 × 3, outputs in lanes
        // 0 and 1, each feeding input 1 of the other.
        let a = route_in_lane(pos2(10.0, 2.5), pos2(6.0, 7.0), 0, 1);
        let b = route_in_lane(pos2(10.0, 6.5), pos2(6.0, 3.0), 1, 1);
        for path in [&a[..], &b[..]] {
            assert_eq!(path.len(), 6);
            assert!(runs(path).iter().all(|r| r.1 <= r.2));
        }
        for ra in runs(&a) {
            for rb in runs(&b) {
                let shared =
                    ra.3 == rb.3 && (ra.0 - rb.0).abs() < 1e-6 && ra.1.max(rb.1) < ra.2.min(rb.2);
                assert!(!shared, "{a:?} and {b:?} share {ra:?}");
            }
        }
        // Forward wires run out in their lane, but never past the input.
        let f = route_in_lane(pos2(3.0, 1.0), pos2(6.0, 2.0), 4, 0);
        assert_eq!(
            &f[..],
            [
                pos2(3.0, 1.0),
                pos2(5.5, 1.0),
                pos2(5.5, 2.0),
                pos2(6.0, 2.0)
            ]
        );
    }
}
