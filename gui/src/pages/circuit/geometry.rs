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
/// the part made from a selection all read. A splitter (drawn only on a level that uses
/// buses) is the mirror image of the merger of the same ranges: its outputs lie one cell
/// apart as the merger's inputs do ([`split_output`]).
pub fn node_cells(kind: NodeKind) -> (i32, i32) {
    let kind = match kind {
        NodeKind::Split(ranges) => NodeKind::Merge(ranges),
        kind => kind,
    };
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
/// A splitter takes its whole bus on its first row, level with its output 0 (a merger gives
/// its whole bus out level with its input 0).
pub fn input_y(kind: NodeKind, pin: usize) -> f32 {
    if matches!(kind, NodeKind::Split(_)) {
        1.0
    } else if kind.input_count() == 1 {
        size(kind).y / 2.0
    } else {
        1.0 + pin as f32
    }
}

/// Output `k` of splitter `node` (the wire end `SP.k`), in cells: on the right edge, one cell
/// apart from one cell below the top, like a gate's inputs on its left.
pub fn split_output(node: &Node, k: usize) -> Point {
    let r = rect(node);
    point(r.max.x, r.min.y + 1.0 + k as f32)
}

/// The output pin of `node`, in cells (right edge, middle; a merger's on its first row, level
/// with its input 0); `None` for terminals.
pub fn output_pin(node: &Node) -> Option<Point> {
    node.kind.has_output().then(|| {
        let r = rect(node);
        match node.kind {
            NodeKind::Merge(_) => point(r.max.x, r.min.y + 1.0),
            _ => point(r.max.x, r.center().y),
        }
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

/// One wire for [`route_level`]: from an output to input `pin` at `to`, on net `net` (the
/// wires of one net may share their runs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WireTask {
    /// The output pin.
    pub from: Point,
    /// The input pin.
    pub to: Point,
    /// Which input of its node `to` is (a feedback wire rises to it in its own column).
    pub pin: usize,
    /// The net: wires of the same net may run on top of each other.
    pub net: usize,
}

/// A straight run of a route: horizontal (`vertical` false: at height `at`, from `lo` to `hi`
/// across) or vertical.
#[derive(Clone, Copy, Debug)]
struct Run {
    vertical: bool,
    at: f32,
    lo: f32,
    hi: f32,
    net: usize,
}

impl Run {
    fn of(a: Point, b: Point, net: usize) -> Run {
        let vertical = (a.x - b.x).abs() < 1e-4;
        let (at, lo, hi) = if vertical {
            (a.x, a.y.min(b.y), a.y.max(b.y))
        } else {
            (a.y, a.x.min(b.x), a.x.max(b.x))
        };
        Run {
            vertical,
            at,
            lo,
            hi,
            net,
        }
    }

    /// Whether two runs of different nets lie on top of each other, or meet end to end (which
    /// would look like one wire).
    fn overlaps(&self, other: &Run) -> bool {
        self.net != other.net
            && self.vertical == other.vertical
            && (self.at - other.at).abs() < 0.01
            && self.lo.max(other.lo) <= self.hi.min(other.hi) + 0.01
    }

    /// Whether point `p` (a corner of a route of net `net`) lies on this run of another net:
    /// the two would look joined.
    fn touches(&self, p: Point, net: usize) -> bool {
        let (at, along) = if self.vertical {
            (p.x, p.y)
        } else {
            (p.y, p.x)
        };
        self.net != net
            && (self.at - at).abs() < 0.01
            && along >= self.lo - 0.01
            && along <= self.hi + 0.01
    }

    /// Whether the run passes through `area` or runs along one of its edges (a wire may end
    /// on its edge, at a pin).
    fn crosses(&self, area: &Area) -> bool {
        let (across, along) = if self.vertical {
            ((area.min.x, area.max.x), (area.min.y, area.max.y))
        } else {
            ((area.min.y, area.max.y), (area.min.x, area.max.x))
        };
        self.at > across.0 - 0.25
            && self.at < across.1 + 0.25
            && self.lo.max(along.0) < self.hi.min(along.1) - 0.01
    }
}

/// How many half-cell columns [`route_level`] tries for a wire's vertical run.
const COLUMNS_TRIED: usize = 48;

/// Orthogonal routes for the wires of a level drawn as its file writes it, where nothing
/// spreads the wires leaving one output apart (a level with buses: splitter fans into a
/// column of block pins). Each forward wire runs out of its output, down or up in a column
/// and into its input, the column chosen as the one nearest the input (half a cell before it,
/// then every half cell further left, at most `COLUMNS_TRIED`) whose runs neither lie on
/// nor meet a run of another net routed before and cross none of `boxes` (the level's nodes
/// and blocks) — the longest vertical runs first, which take the columns next to the inputs;
/// a feedback wire loops around below both ends ([`route_in_lane`]). Quadratic in the wires:
/// callers keep the routes until the level changes.
pub fn route_level(wires: &[WireTask], boxes: &[Area]) -> Vec<Route> {
    let mut order: Vec<usize> = (0..wires.len()).collect();
    order.sort_by(|&i, &j| {
        let span = |w: &WireTask| (w.from.y - w.to.y).abs();
        span(&wires[j]).total_cmp(&span(&wires[i])).then(i.cmp(&j))
    });
    let mut placed: Vec<Run> = Vec::new();
    let mut corners: Vec<(Point, usize)> = Vec::new();
    let none = Route {
        points: [Point::ZERO; 6],
        len: 0,
    };
    let mut routes = vec![none; wires.len()];
    for i in order {
        let task = &wires[i];
        let (a, b) = (task.from, task.to);
        // What a route would cost: lying on or meeting another net, crossing a box.
        let cost = |points: &[Point]| {
            let mut cost = 0;
            for pair in points.windows(2) {
                let run = Run::of(pair[0], pair[1], task.net);
                cost += 100 * placed.iter().filter(|p| run.overlaps(p)).count();
                cost += 100 * corners.iter().filter(|(p, n)| run.touches(*p, *n)).count();
                cost += 10 * boxes.iter().filter(|area| run.crosses(area)).count();
            }
            for p in &points[1..points.len() - 1] {
                cost += 100 * placed.iter().filter(|r| r.touches(*p, task.net)).count();
            }
            cost
        };
        let route = if (a.y - b.y).abs() < 1e-4 && b.x >= a.x - 1e-4 {
            // Straight on (or an output right on the input it feeds).
            Route {
                points: [a, b, b, b, b, b],
                len: 2,
            }
        } else if b.x < a.x + 1.0 {
            // Feedback: the first lane whose loop below is clear.
            let mut best: Option<(usize, Route)> = None;
            for lane in 0..8 {
                let looped = route_in_lane(a, b, lane, task.pin);
                let price = cost(&looped);
                if best.as_ref().is_none_or(|(lowest, _)| price < *lowest) {
                    best = Some((price, looped));
                }
                if price == 0 {
                    break;
                }
            }
            best.map_or_else(|| route_in_lane(a, b, 0, task.pin), |(_, looped)| looped)
        } else {
            let candidates = (0..COLUMNS_TRIED)
                .map(|k| b.x - 0.5 - 0.5 * k as f32)
                .take_while(|&x| x >= a.x + 0.5 - 1e-3);
            let mut best = (usize::MAX, b.x - 0.5);
            for x in candidates {
                let price = cost(&[a, point(x, a.y), point(x, b.y), b]);
                if price < best.0 {
                    best = (price, x);
                }
                if price == 0 {
                    break;
                }
            }
            let x = best.1.max(a.x + 0.5);
            Route {
                points: [a, point(x, a.y), point(x, b.y), b, b, b],
                len: 4,
            }
        };
        placed.extend(route.windows(2).map(|p| Run::of(p[0], p[1], task.net)));
        let inner = route.len().saturating_sub(1);
        corners.extend(route[1..inner].iter().map(|&p| (p, task.net)));
        routes[i] = route;
    }
    routes
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
        // A splitter mirrors the merger of its ranges: the whole bus on the first row, the
        // ranges a cell apart from there.
        let ranges = sim_core::kind::Ranges::parse("0-3,4-7").expect("ranges");
        let split = Node::new("SP", NodeKind::Split(ranges)).at(6, 0);
        let merge = Node::new("M", NodeKind::Merge(ranges)).at(6, 0);
        assert_eq!(rect(&split), rect(&merge));
        assert_eq!(input_pin(&split, 0), point(6.0, 1.0));
        assert_eq!(
            (split_output(&split, 0), split_output(&split, 1)),
            (point(10.0, 1.0), point(10.0, 2.0))
        );
        assert_eq!(
            (input_pin(&merge, 1), output_pin(&merge)),
            (point(6.0, 2.0), Some(point(10.0, 1.0)))
        );
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

    #[test]
    fn a_level_s_wires_are_routed_apart() {
        // adder8_bus.ron: the splitters' outputs at x = 10 fan into the blocks' pins at
        // x = 14, and CIN comes in at the height of a splitter output.
        let (lo_a, lo_b, lo_cin) = (point(14.0, 1.0), point(14.0, 3.0), point(14.0, 5.0));
        let (hi_a, hi_b) = (point(14.0, 11.0), point(14.0, 13.0));
        let wire = |from, to, net| WireTask {
            from,
            to,
            pin: 0,
            net,
        };
        let wires = [
            wire(point(10.0, 1.0), lo_a, 0),
            wire(point(10.0, 5.0), lo_b, 1),
            wire(point(3.0, 9.0), lo_cin, 2),
            wire(point(10.0, 2.0), hi_a, 3),
            wire(point(10.0, 6.0), hi_b, 4),
        ];
        let blocks = [
            Area::from_min_size(point(14.0, 0.0), vector(6.0, 7.0)),
            Area::from_min_size(point(6.0, 4.0), vector(4.0, 3.0)),
        ];
        let routes = route_level(&wires, &blocks);
        assert_eq!(&routes[0][..], [point(10.0, 1.0), lo_a], "straight");
        let runs: Vec<Vec<Run>> = routes
            .iter()
            .zip(&wires)
            .map(|(r, w)| r.windows(2).map(|p| Run::of(p[0], p[1], w.net)).collect())
            .collect();
        for (i, a) in runs.iter().enumerate() {
            for b in &runs[i + 1..] {
                for (ra, rb) in a.iter().flat_map(|ra| b.iter().map(move |rb| (ra, rb))) {
                    assert!(!ra.overlaps(rb), "{ra:?} lies on {rb:?}");
                }
            }
            for run in a {
                assert!(
                    !blocks.iter().any(|b| run.crosses(b)),
                    "{run:?} crosses a box"
                );
            }
        }
        // The longest run goes down half a cell before its input; the others further left,
        // where they meet no other net (CIN enters at the height BS.0 leaves).
        assert_eq!(routes[3][1], point(13.5, 2.0));
        assert!(
            routes[1][1].x < routes[2][2].x,
            "{:?} {:?}",
            routes[1],
            routes[2]
        );
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
