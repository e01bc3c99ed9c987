//! Where things are on the canvas, in grid cells: each node kind's box and pins, and the
//! orthogonal route of a wire. Pure functions; the canvas multiplies by [`CELL`] pixels.

use egui::{Pos2, Rect, Vec2, pos2, vec2};
use sim_core::{Node, NodeKind, Role};

/// Pixels per grid cell at zoom 1.
pub const CELL: f32 = 20.0;

/// Radius of a pin's hit area, in cells.
pub const PIN_RADIUS: f32 = 0.4;

/// Width of gates, in cells.
const GATE_WIDTH: f32 = 4.0;

/// The size of a node of `kind`, in cells.
pub fn size(kind: NodeKind) -> Vec2 {
    match kind.role() {
        Role::Source => match kind {
            NodeKind::Constant(_) => vec2(2.0, 2.0),
            _ => vec2(3.0, 2.0),
        },
        Role::Terminal => match kind {
            NodeKind::Lamp => vec2(2.0, 2.0),
            _ => vec2(3.0, 2.0),
        },
        Role::Gate => {
            let n = kind.input_count() as f32;
            vec2(GATE_WIDTH, (n + 1.0).max(2.0))
        }
    }
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
    let y = if node.kind.input_count() == 1 {
        size(node.kind).y / 2.0
    } else {
        1.0 + pin as f32
    };
    pos2(top_left.x, top_left.y + y)
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
/// below both ends.
pub fn route(from: Pos2, to: Pos2) -> Vec<Pos2> {
    if to.x >= from.x + 1.0 {
        let mid = f32::midpoint(from.x, to.x).round();
        let mid = mid.clamp(from.x + 0.5, to.x - 0.5);
        vec![from, pos2(mid, from.y), pos2(mid, to.y), to]
    } else {
        let below = from.y.max(to.y) + 1.5;
        vec![
            from,
            pos2(from.x + 1.0, from.y),
            pos2(from.x + 1.0, below),
            pos2(to.x - 1.0, below),
            pos2(to.x - 1.0, to.y),
            to,
        ]
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
}
