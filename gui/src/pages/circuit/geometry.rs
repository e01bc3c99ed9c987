//! Where things are on the canvas, in grid cells: each node kind's box and pins, an instance
//! block's box and pins; the wires' routes are the [`router`](crate::pages::circuit::router)'s. Pure functions on plain types
//! ([`GridPoint`], [`Vector`], [`Area`]; no egui): the canvas multiplies by [`CELL`] pixels and
//! turns them into egui's types.
//!
//! A part is laid out unturned — inputs on the left, outputs on the right — in a box of its
//! [`size`], then mirrored and turned by its [`Orientation`] ([`orient`]): its pins go with
//! it, and a quarter turn swaps its box's width and height ([`turned_size`]). Its position is
//! the top-left corner of the turned box.

use std::ops::{Add, Mul, Sub};

use sim_core::{Facing, Node, NodeKind, Orientation, Pos};

/// A point on the canvas, in grid cells (pins and wire lanes may lie between grid lines).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GridPoint {
    /// Cells right of the origin.
    pub x: f32,
    /// Cells below the origin.
    pub y: f32,
}

/// The point `(x, y)`, in cells.
pub const fn point(x: f32, y: f32) -> GridPoint {
    GridPoint { x, y }
}

impl GridPoint {
    /// The origin.
    pub const ZERO: GridPoint = point(0.0, 0.0);

    /// The distance to `other`, in cells.
    pub fn distance(self, other: GridPoint) -> f32 {
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

impl Add<Vector> for GridPoint {
    type Output = GridPoint;

    fn add(self, v: Vector) -> GridPoint {
        point(self.x + v.x, self.y + v.y)
    }
}

impl Sub for GridPoint {
    type Output = Vector;

    fn sub(self, other: GridPoint) -> Vector {
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
    pub min: GridPoint,
    /// The bottom-right corner.
    pub max: GridPoint,
}

impl Area {
    /// The box with top-left corner `min` and size `size`.
    pub fn from_min_size(min: GridPoint, size: Vector) -> Area {
        Area {
            min,
            max: min + size,
        }
    }

    /// The middle of the box.
    pub fn center(self) -> GridPoint {
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

/// The size of a box of `size` (unturned) once turned by `o`: a quarter turn swaps its width
/// and height. Turning a turned size gives the unturned one back.
pub fn turned_size(o: Orientation, size: Vector) -> Vector {
    match o.facing {
        Facing::East | Facing::West => size,
        Facing::South | Facing::North => vector(size.y, size.x),
    }
}

/// Where the point `local` of a part drawn unturned in a box of `size` (an offset from its
/// top-left corner) lies once the part is mirrored top to bottom (if `orientation.flip`) and then
/// turned clockwise to `orientation.facing`: an offset from the turned box's top-left corner. Any unit
/// (cells, pixels).
pub fn orient(orientation: Orientation, size: Vector, local: Vector) -> Vector {
    let (w, h) = (size.x, size.y);
    let (x, y) = (
        local.x,
        if orientation.flip {
            h - local.y
        } else {
            local.y
        },
    );
    match orientation.facing {
        Facing::East => vector(x, y),
        Facing::South => vector(h - y, x),
        Facing::West => vector(w - x, h - y),
        Facing::North => vector(y, w - x),
    }
}

/// The top-left corner of a box at `pos` of `(width, height)` whole cells (as turned now)
/// after a quarter turn about its centre, either way: the centre moves by at most half a
/// cell, rounded toward the old corner, so that two quarter turns bring the box back.
pub fn quarter_turn_corner(pos: Pos, (width, height): (i32, i32)) -> Pos {
    // Integer division truncates toward zero, so the two turns' shifts cancel.
    Pos {
        x: pos.x + (width - height) / 2,
        y: pos.y + (height - width) / 2,
    }
}

/// A box of `(width, height)` whole cells (unturned) once turned by `o` ([`turned_size`]).
pub fn turned_whole(o: Orientation, (width, height): (i32, i32)) -> (i32, i32) {
    match o.facing {
        Facing::East | Facing::West => (width, height),
        Facing::South | Facing::North => (height, width),
    }
}

/// The size of `node`'s box as drawn (turned), in whole grid cells.
pub fn turned_cells(node: &Node) -> (i32, i32) {
    turned_whole(node.orientation(), node_cells(node.kind))
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

/// The box of an instance block at `pos` turned by `o`, with `inputs` and `outputs` pins
/// ([`block_size`]), in cells (blocks without a position sit at the origin).
pub fn block_rect(pos: Option<Pos>, o: Orientation, inputs: usize, outputs: usize) -> Area {
    let (w, h) = block_size(inputs, outputs);
    Area::from_min_size(cell(pos), turned_size(o, vector(w as f32, h as f32)))
}

/// Point `local` of a part drawn unturned, in the box `rect` the part takes turned by `o`.
pub fn place(rect: Area, o: Orientation, local: GridPoint) -> GridPoint {
    let unturned = turned_size(o, rect.max - rect.min);
    rect.min + orient(o, unturned, local - GridPoint::ZERO)
}

/// Input pin `index` of the block `rect` turned by `o`: on its left edge unturned
/// ([`pin_offset`]).
pub fn block_input(rect: Area, o: Orientation, index: usize) -> GridPoint {
    place(rect, o, point(0.0, pin_offset(index) as f32))
}

/// Output pin `index` of the block `rect` turned by `o`: on its right edge unturned
/// ([`pin_offset`]).
pub fn block_output(rect: Area, o: Orientation, index: usize) -> GridPoint {
    let width = turned_size(o, rect.max - rect.min).x;
    place(rect, o, point(width, pin_offset(index) as f32))
}

/// A grid position as a point in cells (none: the origin).
fn cell(pos: Option<Pos>) -> GridPoint {
    pos.map_or(GridPoint::ZERO, |p| point(p.x as f32, p.y as f32))
}

/// The top-left corner of `node`, in cells (nodes without a position sit at the origin).
pub fn origin(node: &Node) -> GridPoint {
    cell(node.pos)
}

/// The node's box as drawn (turned), in cells.
pub fn rect(node: &Node) -> Area {
    Area::from_min_size(
        origin(node),
        turned_size(node.orientation(), size(node.kind)),
    )
}

/// Point `local` of `node` drawn unturned, where the node's orientation puts it, in cells.
fn node_point(node: &Node, local: GridPoint) -> GridPoint {
    place(rect(node), node.orientation(), local)
}

/// Input pin `i` of `node`, in cells: on the left edge unturned, one cell apart.
pub fn input_pin(node: &Node, pin: usize) -> GridPoint {
    node_point(node, point(0.0, input_y(node.kind, pin)))
}

/// How far input pin `pin` of a `kind` node lies below the node's top edge, in cells.
/// A splitter takes its whole bus on its first row, level with its output 0 (a merger gives
/// its whole bus out level with its input 0).
pub fn input_y(kind: NodeKind, pin: usize) -> f32 {
    if matches!(kind, NodeKind::Split(_)) {
        1.0
    } else if kind.file_input_count() == 1 {
        size(kind).y / 2.0
    } else {
        1.0 + pin as f32
    }
}

/// Output `k` of splitter `node` (the wire end `SP.k`), in cells: on the right edge unturned,
/// one cell apart from one cell below the top, like a gate's inputs on its left.
pub fn split_output(node: &Node, k: usize) -> GridPoint {
    node_point(node, point(size(node.kind).x, 1.0 + k as f32))
}

/// The output pin of `node`, in cells (right edge unturned, middle; a merger's on its first
/// row, level with its input 0); `None` for terminals.
pub fn output_pin(node: &Node) -> Option<GridPoint> {
    node.kind.has_output().then(|| {
        let s = size(node.kind);
        let y = match node.kind {
            NodeKind::Merge(_) => 1.0,
            _ => s.y / 2.0,
        };
        node_point(node, point(s.x, y))
    })
}

/// The font size of a node's or block's label, in cells.
pub const LABEL_FONT: f32 = 0.65;

/// The height of a label's box, in cells (a line of [`LABEL_FONT`] text).
pub const LABEL_HEIGHT: f32 = 0.8;

/// The width of a label's box for `text`, in cells: 0.62 em a character, more than the
/// proportional font's average advance, so that the text fits (the painter shrinks a text
/// that would not).
pub fn label_width(text: &str) -> f32 {
    text.chars().count() as f32 * 0.62 * LABEL_FONT
}

/// A node's or block's label as drawn: its name, with its width if it is a bus (`A/8`).
pub fn label_text(name: &str, width: usize) -> String {
    if width > 1 {
        format!("{name}/{width}")
    } else {
        name.to_owned()
    }
}

/// The width of the room inside a node of `kind` of size `size` that can hold its label,
/// in cells (the body of a gate, a flip-flop right of its pin names, a table or memory below
/// its title); `None` for a node that draws its label above it (sources, lamps, probes,
/// buffers and inverters).
fn label_room(kind: NodeKind, size: Vector) -> Option<f32> {
    use sim_core::GateBase;
    match kind {
        NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr => {
            Some(size.x - flip_flop_name_room(kind))
        }
        NodeKind::Table(_) | NodeKind::Rom { .. } | NodeKind::Ram { .. } => Some(size.x),
        _ => {
            let (base, bubble) = kind.op()?.base();
            let body = size.x - if bubble { 0.5 } else { 0.0 };
            match base {
                GateBase::Buf => None,
                GateBase::And => Some(body - 0.2),
                GateBase::Or | GateBase::Xor => Some(0.6 * body),
            }
        }
    }
}

/// How far a flip-flop's label keeps from its left edge, in cells: clear of its widest pin
/// name (0.8 for one letter, 1.1 for `EN`).
pub fn flip_flop_name_room(kind: NodeKind) -> f32 {
    let widest = super::kinds::flip_flop_pins(kind)
        .iter()
        .flatten()
        .map(|name| name.len())
        .max()
        .unwrap_or(1);
    if widest > 1 { 1.1 } else { 0.8 }
}

/// Where the label `text` of a node of `kind` whose box is `rect`, turned by `orientation`,
/// is drawn: `None` inside its body (it fits there), else beside the box ([`caption_area`]).
/// The one place this is decided: the canvas draws the label there and the router keeps
/// wires out of it.
pub fn label_area(
    kind: NodeKind,
    rect: Area,
    orientation: Orientation,
    text: &str,
) -> Option<Area> {
    let size = rect.max - rect.min;
    match label_room(kind, size) {
        Some(room) if label_width(text) <= room => None,
        _ => Some(caption_area(rect, orientation, text)),
    }
}

/// The box of a caption `text` beside the box `rect` of a part turned by `orientation`, in
/// cells, on a side without pins: centred just above a part facing east or west (its pins
/// are on its left and right), just right of one facing north or south (its pins are on
/// its top and bottom, where a caption would cover them).
pub fn caption_area(rect: Area, orientation: Orientation, text: &str) -> Area {
    let width = label_width(text);
    match orientation.facing {
        Facing::East | Facing::West => {
            let centre = rect.center().x;
            Area {
                min: point(centre - width / 2.0, rect.min.y - LABEL_HEIGHT),
                max: point(centre + width / 2.0, rect.min.y),
            }
        }
        Facing::North | Facing::South => {
            let (left, middle) = (rect.max.x + CAPTION_GAP, rect.center().y);
            Area {
                min: point(left, middle - LABEL_HEIGHT / 2.0),
                max: point(left + width, middle + LABEL_HEIGHT / 2.0),
            }
        }
    }
}

/// The gap between a part's box and a caption beside it (not above it), in cells.
const CAPTION_GAP: f32 = 0.2;

/// Every pin of `node`, in cells: its inputs, its output (a splitter's outputs).
pub fn pins(node: &Node) -> Vec<GridPoint> {
    let inputs = (0..node.kind.file_input_count()).map(|i| input_pin(node, i));
    let outputs: Vec<GridPoint> = match node.kind {
        NodeKind::Split(ranges) => (0..ranges.len()).map(|k| split_output(node, k)).collect(),
        _ => output_pin(node).into_iter().collect(),
    };
    inputs.chain(outputs).collect()
}

/// How far, in cells, the side of a part that holds pins keeps other parts (and their
/// captions) away: room for a wire out of a pin and two other nets' wires past it, each a
/// full cell from the next (with two, the random-edit property test found nets crowded
/// half a cell apart).
pub const PIN_ROOM: f32 = 3.0;

/// How far, in cells, a side without pins keeps other parts' boxes away: their outlines
/// never touch (another part's caption may lie in the gap).
pub const PART_GAP: f32 = 1.0;

/// Which sides of a part's box hold pins, in the order left, right, top, bottom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sides([bool; 4]);

impl Sides {
    /// The sides of `body` that the points `pins` (on its edges) lie on.
    pub fn of(body: Area, pins: impl IntoIterator<Item = GridPoint>) -> Sides {
        const EDGE: f32 = 1e-3;
        let mut sides = [false; 4];
        for p in pins {
            sides[0] |= p.x <= body.min.x + EDGE;
            sides[1] |= p.x >= body.max.x - EDGE;
            sides[2] |= p.y <= body.min.y + EDGE;
            sides[3] |= p.y >= body.max.y - EDGE;
        }
        Sides(sides)
    }

    /// `body` grown by `with_pins` cells on the sides that hold pins and by `without` on
    /// the others.
    fn grow(self, body: Area, with_pins: f32, without: f32) -> Area {
        let [left, right, top, bottom] = self.0.map(|pins| if pins { with_pins } else { without });
        Area {
            min: point(body.min.x - left, body.min.y - top),
            max: point(body.max.x + right, body.max.y + bottom),
        }
    }
}

/// A part as the spacing of parts sees it (a node, a block, a pin of the open part), as
/// drawn after its turn, in cells: its box, its caption's box if drawn outside it
/// ([`label_area`], [`caption_area`]) and the sides of its box that hold pins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Footprint {
    /// The part's box.
    pub body: Area,
    /// Its caption's box, if drawn outside the body.
    pub caption: Option<Area>,
    /// The sides of the body that hold pins.
    pub pins: Sides,
}

impl Footprint {
    /// The footprint moved by `by`.
    #[must_use]
    pub fn translate(self, by: Vector) -> Footprint {
        Footprint {
            body: self.body.translate(by),
            caption: self.caption.map(|c| c.translate(by)),
            pins: self.pins,
        }
    }

    /// Whether the two parts stand too close for their wires: either part's box within
    /// [`PIN_ROOM`] of a side of the other's that holds pins (within [`PART_GAP`] of any
    /// other side), either part's caption within [`PIN_ROOM`] of a side of the other's
    /// that holds pins, or a caption on the other's box or caption.
    pub fn crowds(&self, other: &Footprint) -> bool {
        self.reaches(other) || other.reaches(self)
    }

    /// Whether `other`'s box or caption lies where this part keeps it away.
    fn reaches(&self, other: &Footprint) -> bool {
        let around = self.pins.grow(self.body, PIN_ROOM, PART_GAP);
        let before_pins = self.pins.grow(self.body, PIN_ROOM, 0.0);
        overlaps(around, other.body)
            || other.caption.is_some_and(|c| {
                overlaps(before_pins, c) || self.caption.is_some_and(|own| overlaps(own, c))
            })
    }
}

/// Whether two boxes overlap (more than touching).
fn overlaps(a: Area, b: Area) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

/// The distance from `p` to the polyline `path`, in the same units.
pub fn distance_to_path(p: GridPoint, path: &[GridPoint]) -> f32 {
    path.windows(2)
        .map(|w| distance_to_segment(p, w[0], w[1]))
        .fold(f32::INFINITY, f32::min)
}

fn distance_to_segment(p: GridPoint, a: GridPoint, b: GridPoint) -> f32 {
    let ab = b - a;
    let t = if ab.length_sq() == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    };
    p.distance(a + ab * t)
}

/// Snaps a position in cells to the nearest grid point.
pub fn snap(p: GridPoint) -> (i32, i32) {
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
        assert_eq!(node_cells(NodeKind::Dffe), (4, 4));
        assert_eq!(size(NodeKind::Xor(4)), vector(4.0, 5.0));
        assert_eq!(block_size(2, 1), (6, 5));
        assert_eq!(block_size(0, 0), (6, 3));
        assert_eq!((pin_offset(0), pin_offset(2)), (1, 5));
    }

    /// A short label sits inside a gate's body, a long one (or any on a source) above the
    /// box, centred, as wide as its text.
    #[test]
    fn labels_go_inside_when_they_fit_else_above() {
        let and = Node::new("AND1", NodeKind::And(2)).at(10, 4);
        assert_eq!(
            label_area(and.kind, rect(&and), and.orientation(), "AND1"),
            None
        );
        let long =
            label_area(and.kind, rect(&and), and.orientation(), "nop2_or_op0").expect("above");
        assert!((long.max.y - 4.0).abs() < 1e-6 && long.min.y < 4.0);
        assert!((long.center().x - 12.0).abs() < 1e-4);
        assert!(
            long.max.x - long.min.x > 4.0,
            "as wide as the text: {long:?}"
        );
        let switch = Node::new("A", NodeKind::Switch).at(0, 0);
        assert!(label_area(switch.kind, rect(&switch), switch.orientation(), "A").is_some());
        assert_eq!(label_text("A", 8), "A/8");
        assert_eq!(label_text("A", 1), "A");
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
        // A flip-flop with enable: D, clock and EN a cell apart, where its symbol labels them.
        let ff = Node::new("R", NodeKind::Dffe).at(2, 2);
        let pins: Vec<GridPoint> = (0..3).map(|k| input_pin(&ff, k)).collect();
        assert_eq!(pins, [point(2.0, 3.0), point(2.0, 4.0), point(2.0, 5.0)]);
        assert_eq!(output_pin(&ff), Some(point(6.0, 4.0)));
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

    fn facing(facing: Facing, flip: bool) -> Orientation {
        Orientation { facing, flip }
    }

    #[test]
    fn a_turned_gate_takes_its_pins_along() {
        // AND(2) at (10, 4): 4 wide, 3 high unturned; inputs at (0, 1) and (0, 2), output at
        // (4, 1.5).
        let and = |o: Orientation| Node::new("G", NodeKind::And(2)).at(10, 4).oriented(o);
        let south = and(facing(Facing::South, false));
        assert_eq!(
            rect(&south),
            Area::from_min_size(point(10.0, 4.0), vector(3.0, 4.0))
        );
        // Facing south: the output at the bottom, the inputs along the top, input 0 right.
        assert_eq!(output_pin(&south), Some(point(11.5, 8.0)));
        assert_eq!(input_pin(&south, 0), point(12.0, 4.0));
        assert_eq!(input_pin(&south, 1), point(11.0, 4.0));
        let west = and(facing(Facing::West, false));
        assert_eq!(output_pin(&west), Some(point(10.0, 5.5)));
        assert_eq!(input_pin(&west, 0), point(14.0, 6.0));
        let north = and(facing(Facing::North, false));
        assert_eq!(output_pin(&north), Some(point(11.5, 4.0)));
        assert_eq!(input_pin(&north, 0), point(11.0, 8.0));
        // Mirrored: the inputs swap rows, the output stays in the middle.
        let flipped = and(facing(Facing::East, true));
        assert_eq!(input_pin(&flipped, 0), point(10.0, 6.0));
        assert_eq!(input_pin(&flipped, 1), point(10.0, 5.0));
        assert_eq!(output_pin(&flipped), Some(point(14.0, 5.5)));
        // Every pin stays on the turned box's edge.
        for o in Facing::ALL
            .into_iter()
            .flat_map(|f| [facing(f, false), facing(f, true)])
        {
            let g = and(o);
            let r = rect(&g);
            // On a vertical edge within its height, or on a horizontal one within its width.
            let on_edge = |p: GridPoint| {
                let on = |v: f32, a: f32, b: f32| [a, b].contains(&v);
                let within = |v: f32, a: f32, b: f32| (a..=b).contains(&v);
                on(p.x, r.min.x, r.max.x) && within(p.y, r.min.y, r.max.y)
                    || on(p.y, r.min.y, r.max.y) && within(p.x, r.min.x, r.max.x)
            };
            let pins = [
                input_pin(&g, 0),
                input_pin(&g, 1),
                output_pin(&g).unwrap_or_default(),
            ];
            assert!(pins.into_iter().all(on_edge), "{o:?}: {pins:?} on {r:?}");
        }
    }

    #[test]
    fn four_quarter_turns_and_two_flips_are_the_identity() {
        let size = vector(4.0, 3.0);
        let points = [vector(0.0, 1.0), vector(4.0, 1.5), vector(1.0, 3.0)];
        for start in Facing::ALL {
            for flip in [false, true] {
                let o = facing(start, flip);
                for local in points {
                    let at = orient(o, size, local);
                    // Turning the orientation four times, or mirroring it twice, lands
                    // every point where it was.
                    assert_eq!(orient(o.turned(4), size, local), at);
                    assert_eq!(orient(o.flipped().flipped(), size, local), at);
                    // A turn clockwise then one back is no turn.
                    assert_eq!(orient(o.turned(1).turned(-1), size, local), at);
                }
            }
        }
        // One quarter turn moves (x, y) to (h − y, x); a mirror moves y to h − y.
        let o = facing(Facing::South, false);
        assert_eq!(orient(o, size, vector(4.0, 1.5)), vector(1.5, 4.0));
        assert_eq!(turned_size(o, size), vector(3.0, 4.0));
        assert_eq!(turned_size(o, turned_size(o, size)), size);
        let m = facing(Facing::East, true);
        assert_eq!(orient(m, size, vector(0.0, 1.0)), vector(0.0, 2.0));
        // A box turned about its centre comes back after two quarter turns (so four).
        for cells in [(4, 3), (4, 2), (6, 9), (3, 3)] {
            let start = Pos { x: 5, y: -2 };
            let once = quarter_turn_corner(start, cells);
            let twice = quarter_turn_corner(once, (cells.1, cells.0));
            assert_eq!(twice, start, "{cells:?}");
        }
        assert_eq!(
            quarter_turn_corner(Pos { x: 0, y: 0 }, (4, 2)),
            Pos { x: 1, y: -1 }
        );
    }

    #[test]
    fn a_turned_block_takes_its_pins_along() {
        let east = block_rect(Some(Pos { x: 0, y: 0 }), Orientation::default(), 2, 1);
        assert_eq!(east, Area::from_min_size(GridPoint::ZERO, vector(6.0, 5.0)));
        let o = facing(Facing::South, false);
        let south = block_rect(Some(Pos { x: 0, y: 0 }), o, 2, 1);
        assert_eq!(
            south,
            Area::from_min_size(GridPoint::ZERO, vector(5.0, 6.0))
        );
        assert_eq!(block_input(south, o, 0), point(4.0, 0.0));
        assert_eq!(block_input(south, o, 1), point(2.0, 0.0));
        assert_eq!(block_output(south, o, 0), point(4.0, 6.0));
        let flipped = facing(Facing::East, true);
        let r = block_rect(Some(Pos { x: 0, y: 0 }), flipped, 2, 1);
        assert_eq!(block_input(r, flipped, 0), point(0.0, 4.0));
        assert_eq!(block_output(r, flipped, 0), point(6.0, 4.0));
    }
}
