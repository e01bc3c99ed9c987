//! Where things are on the canvas, in grid cells: each node kind's box and pins, an instance
//! block's box and pins, and the orthogonal route of a wire. Pure functions on plain types
//! ([`Point`], [`Vector`], [`Area`]; no egui): the canvas multiplies by [`CELL`] pixels and
//! turns them into egui's types.

use std::ops::{Add, Mul, Sub};

use sim_core::{Node, NodeKind};

/// A point on the canvas, in grid cells (pins and wire lanes may lie between grid lines).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Cells right of the origin.
    pub x: f32,
    /// Cells below the origin.
    pub y: f32,
}

/// The point `(x, y)`, in cells.
pub const fn point(x: f32, y: f32) -> Point {
    Point { x, y }
}

impl Point {
    /// The origin.
    pub const ZERO: Point = point(0.0, 0.0);

    /// The distance to `other`, in cells.
    pub fn distance(self, other: Point) -> f32 {
        (self - other).length()
    }
}

/// A size or an offset, in grid cells.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vector {
    /// Cells to the right (a width).
    pub x: f32,
    /// Cells down (a height).
    pub y: f32,
}

/// The vector `(x, y)`, in cells.
pub const fn vector(x: f32, y: f32) -> Vector {
    Vector { x, y }
}

impl Vector {
    /// No offset.
    pub const ZERO: Vector = vector(0.0, 0.0);

    /// The dot product.
    pub fn dot(self, other: Vector) -> f32 {
        self.x * other.x + self.y * other.y
    }

    /// The squared length.
    pub fn length_sq(self) -> f32 {
        self.dot(self)
    }

    /// The length.
    pub fn length(self) -> f32 {
        self.length_sq().sqrt()
    }
}

impl Add<Vector> for Point {
    type Output = Point;

    fn add(self, v: Vector) -> Point {
        point(self.x + v.x, self.y + v.y)
    }
}

impl Sub for Point {
    type Output = Vector;

    fn sub(self, other: Point) -> Vector {
        vector(self.x - other.x, self.y - other.y)
    }
}

impl Mul<f32> for Vector {
    type Output = Vector;

    fn mul(self, k: f32) -> Vector {
        vector(self.x * k, self.y * k)
    }
}

/// A box on the canvas, in cells: its top-left and bottom-right corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// The top-left corner.
    pub min: Point,
    /// The bottom-right corner.
    pub max: Point,
}

impl Area {
    /// The box with top-left corner `min` and size `size`.
    pub fn from_min_size(min: Point, size: Vector) -> Area {
        Area {
            min,
            max: min + size,
        }
    }

    /// The middle of the box.
    pub fn center(self) -> Point {
        point(
            f32::midpoint(self.min.x, self.max.x),
            f32::midpoint(self.min.y, self.max.y),
        )
    }

    /// The box moved by `by`.
    #[must_use]
    pub fn translate(self, by: Vector) -> Area {
        Area {
            min: self.min + by,
            max: self.max + by,
        }
    }
}

/// Pixels per grid cell at zoom 1.
pub const CELL: f32 = 20.0;

/// Radius of a pin's hit area, in cells.
pub const PIN_RADIUS: f32 = 0.4;

/// The size of a node of `kind` in whole grid cells, `(width, height)`: sim-core's
/// [`footprint`](sim_core::layout::footprint) — gates are 4 wide and one cell taller than
/// their inputs (at least 2), constants and lamps 2 × 2, the other sources and terminals
/// 3 × 2 — the one place a node's size is decided, which the canvas, the automatic layout and
/// the part made from a selection all read.
pub fn node_cells(kind: NodeKind) -> (i32, i32) {
    let (width, height) = sim_core::layout::footprint(kind);
    (i32::from(width), i32::from(height))
}

/// The size of a node of `kind`, in cells ([`node_cells`]).
pub fn size(kind: NodeKind) -> Vector {
    let (w, h) = node_cells(kind);
    vector(w as f32, h as f32)
}

/// The size of an instance block with `inputs` and `outputs` pins, in grid cells: 6 wide,
/// two rows per pin of the longer side and one more.
pub fn block_size(inputs: usize, outputs: usize) -> (i32, i32) {
    let rows = i32::try_from(inputs.max(outputs).max(1)).unwrap_or(i32::MAX / 4);
    (6, 2 * rows + 1)
}

/// How far pin `index` of a block's side lies below the top of the block, in cells.
pub fn pin_offset(index: usize) -> i32 {
    1 + 2 * i32::try_from(index).unwrap_or(i32::MAX / 4)
}

/// The box of an instance block at `pos` with `inputs` and `outputs` pins ([`block_size`]),
/// in cells (blocks without a position sit at the origin).
pub fn block_rect(pos: Option<sim_core::Pos>, inputs: usize, outputs: usize) -> Area {
    let (w, h) = block_size(inputs, outputs);
    Area::from_min_size(cell(pos), vector(w as f32, h as f32))
}

/// Input pin `index` of the block `rect`: on its left edge ([`pin_offset`]).
pub fn block_input(rect: Area, index: usize) -> Point {
    point(rect.min.x, rect.min.y + pin_offset(index) as f32)
}

/// Output pin `index` of the block `rect`: on its right edge ([`pin_offset`]).
pub fn block_output(rect: Area, index: usize) -> Point {
    point(rect.max.x, rect.min.y + pin_offset(index) as f32)
}

/// A grid position as a point in cells (none: the origin).
fn cell(pos: Option<sim_core::Pos>) -> Point {
    pos.map_or(Point::ZERO, |p| point(p.x as f32, p.y as f32))
}

/// The top-left corner of `node`, in cells (nodes without a position sit at the origin).
pub fn origin(node: &Node) -> Point {
    cell(node.pos)
}

/// The node's box, in cells.
pub fn rect(node: &Node) -> Area {
    Area::from_min_size(origin(node), size(node.kind))
}

/// Input pin `i` of `node`, in cells: on the left edge, one cell apart.
pub fn input_pin(node: &Node, pin: usize) -> Point {
    let top_left = origin(node);
    point(top_left.x, top_left.y + input_y(node.kind, pin))
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
pub fn output_pin(node: &Node) -> Option<Point> {
    node.kind.has_output().then(|| {
        let r = rect(node);
        point(r.max.x, r.center().y)
    })
}

/// An orthogonal route from an output pin to an input pin, as a polyline in cells: out to the
/// right, across, and in from the left. A wire that runs backwards (feedback) loops around
/// below both ends. The same as [`route_in_lane`] with the vertical run halfway across.
pub fn route(from: Point, to: Point) -> Vec<Point> {
    if to.x >= from.x + 1.0 {
        let mid = f32::midpoint(from.x, to.x).round();
        let mid = mid.clamp(from.x + 0.5, to.x - 0.5);
        vec![from, point(mid, from.y), point(mid, to.y), to]
    } else {
        route_in_lane(from, to, 0, 0).to_vec()
    }
}

/// A wire's polyline, at most six points, without allocating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Route {
    points: [Point; 6],
    len: usize,
}

impl std::ops::Deref for Route {
    type Target = [Point];

    fn deref(&self) -> &[Point] {
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
pub fn route_in_lane(from: Point, to: Point, lane: u16, pin: usize) -> Route {
    let lane = f32::from(lane) * LANE_GAP;
    let out = from.x + 1.0 + lane;
    if to.x >= from.x + 1.0 {
        let mid = out.min(to.x - 0.5);
        Route {
            points: [from, point(mid, from.y), point(mid, to.y), to, to, to],
            len: 4,
        }
    } else {
        let below = from.y.max(to.y).ceil() + 1.5 + lane;
        let back = to.x - 0.5 - LANE_GAP * pin as f32 - lane;
        Route {
            points: [
                from,
                point(out, from.y),
                point(out, below),
                point(back, below),
                point(back, to.y),
                to,
            ],
            len: 6,
        }
    }
}

/// The distance from `p` to the polyline `path`, in the same units.
pub fn distance_to_path(p: Point, path: &[Point]) -> f32 {
    path.windows(2)
        .map(|w| distance_to_segment(p, w[0], w[1]))
        .fold(f32::INFINITY, f32::min)
}

fn distance_to_segment(p: Point, a: Point, b: Point) -> f32 {
    let ab = b - a;
    let t = if ab.length_sq() == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    };
    p.distance(a + ab * t)
}

/// Snaps a position in cells to the nearest grid point.
pub fn snap(p: Point) -> (i32, i32) {
    (p.x.round() as i32, p.y.round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_and_block_sizes_are_pinned() {
        use sim_core::Trit;
        assert_eq!(node_cells(NodeKind::Constant(Trit::True)), (2, 2));
        assert_eq!(node_cells(NodeKind::Lamp), (2, 2));
        let clock = NodeKind::Clock { half_period: 1 };
        for kind in [NodeKind::Switch, NodeKind::Button, clock, NodeKind::Probe] {
            assert_eq!(node_cells(kind), (3, 2), "{kind:?}");
        }
        assert_eq!(node_cells(NodeKind::Not), (4, 2));
        assert_eq!(node_cells(NodeKind::Buf), (4, 2));
        assert_eq!(node_cells(NodeKind::And(2)), (4, 3));
        assert_eq!(node_cells(NodeKind::Nor(3)), (4, 4));
        assert_eq!(node_cells(NodeKind::Dff), (4, 3));
        assert_eq!(size(NodeKind::Xor(4)), vector(4.0, 5.0));
        assert_eq!(block_size(2, 1), (6, 5));
        assert_eq!(block_size(0, 0), (6, 3));
        assert_eq!((pin_offset(0), pin_offset(2)), (1, 5));
    }

    #[test]
    fn pins_sit_on_the_edges() {
        let nor = Node::new("N", NodeKind::Nor(2)).at(10, 4);
        assert_eq!(
            rect(&nor),
            Area::from_min_size(point(10.0, 4.0), vector(4.0, 3.0))
        );
        assert_eq!(input_pin(&nor, 0), point(10.0, 5.0));
        assert_eq!(input_pin(&nor, 1), point(10.0, 6.0));
        assert_eq!(output_pin(&nor), Some(point(14.0, 5.5)));
        let lamp = Node::new("Q", NodeKind::Lamp).at(0, 0);
        assert_eq!(input_pin(&lamp, 0), point(0.0, 1.0));
        assert_eq!(output_pin(&lamp), None);
    }

    #[test]
    fn routes_are_orthogonal() {
        for (a, b) in [
            (point(0.0, 0.0), point(6.0, 3.0)),
            (point(8.0, 2.0), point(1.0, 5.0)),
        ] {
            let path = route(a, b);
            assert_eq!((path[0], path[path.len() - 1]), (a, b));
            for w in path.windows(2) {
                let d = w[1] - w[0];
                assert!(d.x.abs() < 1e-6 || d.y.abs() < 1e-6, "{path:?}");
            }
        }
        assert!(distance_to_path(point(3.0, 1.5), &route(point(0.0, 0.0), point(6.0, 3.0))) < 0.01);
    }

    /// The segments of `path` as (fixed coordinate, from, to, vertical?).
    fn runs(path: &[Point]) -> Vec<(f32, f32, f32, bool)> {
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
        let a = route_in_lane(point(10.0, 2.5), point(6.0, 7.0), 0, 1);
        let b = route_in_lane(point(10.0, 6.5), point(6.0, 3.0), 1, 1);
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
        let f = route_in_lane(point(3.0, 1.0), point(6.0, 2.0), 4, 0);
        assert_eq!(
            &f[..],
            [
                point(3.0, 1.0),
                point(5.5, 1.0),
                point(5.5, 2.0),
                point(6.0, 2.0)
            ]
        );
    }
}
