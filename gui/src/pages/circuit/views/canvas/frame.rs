//! What one frame of the canvas derives from the state before drawing ([`FrameInfo`]), the
//! zoom limits, and the conversions between [`geometry`]'s cells and egui's scene pixels —
//! the one place geometry becomes pixels. Every other file of the canvas imports this one.

use std::cell::RefCell;
use std::collections::BTreeSet;

use egui::layers::ShapeIdx;
use egui::{Pos2, Rect, Vec2, pos2};
use sim_core::number::{self, Radix};
use sim_core::{Circuit, NodeId, Trit};

use crate::pages::circuit::draw::Colors;
use crate::pages::circuit::geometry::{self, Area, CELL, GridPoint, Vector};
use crate::pages::circuit::state::{CircuitPageState, LevelWire};

/// A part dragged from the palette onto the canvas (its name).
#[derive(Clone, Debug)]
pub struct PartPayload(pub String);

/// The closest zoom (screen pixels per scene pixel).
pub const MAX_ZOOM: f32 = 4.0;
/// The farthest zoom: a circuit 50 times wider than the canvas still fits.
pub const MIN_ZOOM: f32 = 0.02;
/// The closest zoom fitting the circuit chooses: a small circuit is not blown up to the
/// closest zoom (4).
pub const MAX_FIT_ZOOM: f32 = 2.0;
/// Below this zoom nodes are drawn simplified, without pins or labels (a label would be
/// smaller than 4 screen pixels).
pub const DETAIL_ZOOM: f32 = 0.4;

/// How a wire reads in its tooltip and the inspector: `A → NOR1.0 = +1 (net A, fanout 2)`,
/// a bus's value as a number in the radix of the bus it comes from.
pub(crate) fn wire_text(state: &CircuitPageState, wire: &LevelWire, values: &[Trit]) -> String {
    let radix = state
        .end_radix(&state.level, &wire.from.to_text())
        .unwrap_or_default();
    let value = value_text(values, radix);
    let fanout = state.net_wires(&wire.from).len();
    format!(
        "{} = {value} (net {}, fanout {fanout})",
        wire.describe(),
        wire.from.to_text()
    )
}

/// Scene pixels of a point in cells: where [`geometry`]'s plain types become egui's.
pub(super) fn px(p: GridPoint) -> Pos2 {
    pos2(p.x * CELL, p.y * CELL)
}

/// Scene pixels of a box in cells.
pub(super) fn px_rect(r: Area) -> Rect {
    Rect::from_min_max(px(r.min), px(r.max))
}

/// Cells of an offset in scene pixels.
pub(super) fn cells(v: Vec2) -> Vector {
    geometry::vector(v.x / CELL, v.y / CELL)
}

/// An offset in scene pixels rounded to whole grid cells: a dragged node moves cell by cell,
/// as it lands.
pub(super) fn snapped(v: Vec2) -> Vec2 {
    (v / CELL).round() * CELL
}

/// The point in cells at scene pixel `p`.
pub(super) fn cell_at(p: Pos2) -> GridPoint {
    geometry::point(p.x / CELL, p.y / CELL)
}

/// Which bus each node is a bit of, by node index: `(bus, bit)` into the circuit's
/// [`buses`](sim_core::Circuit::buses). Recomputed only when the document revision changes.
#[derive(Debug, Default)]
pub(super) struct BusIndex {
    /// The document revision the index was computed for (0: never).
    revision: u64,
    /// By node index; `u32::MAX` for a node that is no bus's bit.
    of: Vec<(u32, u32)>,
}

impl BusIndex {
    /// The bus node `id` is a bit of, and which bit.
    pub(super) fn get(&self, id: NodeId) -> Option<(usize, usize)> {
        self.of
            .get(id.index())
            .filter(|(bus, _)| *bus != u32::MAX)
            .map(|&(bus, bit)| (bus as usize, bit as usize))
    }

    /// Recomputes the index if the document changed since the last call.
    pub(super) fn update(&mut self, revision: u64, circuit: &Circuit) {
        if revision == self.revision {
            return;
        }
        self.revision = revision;
        self.of.clear();
        self.of.resize(circuit.node_bound(), (u32::MAX, 0));
        for (b, bus) in circuit.buses().iter().enumerate() {
            for (k, bit) in bus.bits.iter().enumerate() {
                if let Some(slot) = self.of.get_mut(bit.index()) {
                    *slot = (
                        u32::try_from(b).unwrap_or(u32::MAX),
                        u32::try_from(k).unwrap_or(0),
                    );
                }
            }
        }
    }
}

/// What a part of a still picture of the canvas shows ([`Canvas::paint_still`]): the shapes
/// painted from one [`Mark`] up to the next belong to its group.
///
/// [`Canvas::paint_still`]: super::Canvas::paint_still
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// A net: the wires, junctions and numbers of everything one output drives, named by that
    /// output as the level's wires name it (`CLK`, `lo.s` for an instance's pin, `SPL.1` for a
    /// splitter's second range).
    Net(String),
    /// A node of the level by its label there (a bus once, by its name; a splitter or merger;
    /// one of the open part's pins): its symbol, its label and its pins.
    Node(String),
    /// An instance of a part, by its label: its block, its pin names and its pin circles.
    Block(String),
    /// A text annotation, by its text (on no net).
    Note(String),
}

/// Where a group's shapes start: the index of the first shape painted for it on the canvas's
/// layer.
pub type Mark = (ShapeIdx, Group);

/// What one frame of the canvas derives from the state before drawing.
pub(super) struct FrameInfo {
    pub(super) painter: egui::Painter,
    /// How far the dragged selection has moved, in scene pixels.
    pub(super) offset: Vec2,
    /// 0..1, for pulsing the wires of the event just stepped.
    pub(super) pulse: f32,
    /// The node of the event just stepped, and whether its output changed.
    pub(super) last: Option<(NodeId, bool)>,
    /// Nodes on the loop of the last oscillation.
    pub(super) in_loop: BTreeSet<NodeId>,
    /// The pointer, in scene pixels.
    pub(super) pointer: Option<Pos2>,
    /// Where the primary button went down (a drag starts there, not where egui notices it),
    /// in scene pixels.
    pub(super) press: Option<Pos2>,
    /// The visible part of the scene.
    pub(super) view: Rect,
    /// Screen pixels per scene pixel.
    pub(super) zoom: f32,
    /// Whether to draw full detail (pins, labels, curves) rather than the coarse batch.
    pub(super) detailed: bool,
    /// For a still picture ([`FrameInfo::still`]): where each group's shapes start.
    marks: Option<RefCell<Vec<Mark>>>,
    /// The colours of the theme the app is in.
    pub(super) colors: &'static Colors,
}

impl FrameInfo {
    pub(super) fn new(ui: &egui::Ui, state: &CircuitPageState, offset: Vec2) -> FrameInfo {
        let to_global = ui.ctx().layer_transform_to_global(ui.layer_id());
        let zoom = to_global.map_or(1.0, |t| t.scaling);
        let pointer = ui
            .input(|i| i.pointer.latest_pos())
            .map(|p| to_global.map_or(p, |t| t.inverse() * p));
        let press = ui
            .input(|i| i.pointer.press_origin())
            .map(|p| to_global.map_or(p, |t| t.inverse() * p));
        FrameInfo {
            painter: ui.painter().clone(),
            offset,
            pulse: (ui.input(|i| i.time) * 2.0).fract() as f32,
            last: state.sim.last.as_ref().map(|e| (e.node, e.changed())),
            in_loop: state
                .sim
                .oscillation
                .iter()
                .flat_map(|o| o.feedback.iter().copied())
                .collect(),
            pointer,
            press,
            view: ui.clip_rect(),
            zoom,
            detailed: zoom >= DETAIL_ZOOM,
            marks: None,
            colors: Colors::of(ui),
        }
    }

    /// This frame as a still picture: nothing of the moment (the stepped event's pulse, the
    /// pointer, a press), and every group's shapes marked ([`FrameInfo::mark`]).
    pub(super) fn still(mut self) -> FrameInfo {
        self.last = None;
        self.pulse = 0.0;
        self.pointer = None;
        self.press = None;
        self.marks = Some(RefCell::default());
        self
    }

    /// Whether this frame is a still picture (see [`FrameInfo::still`]).
    pub(super) fn is_still(&self) -> bool {
        self.marks.is_some()
    }

    /// In a still picture, starts `group`: the shapes painted from now on belong to it (the
    /// name is made only then).
    pub(super) fn mark(&self, group: impl FnOnce() -> Group) {
        if let Some(marks) = &self.marks {
            let layer = self.painter.layer_id();
            let at = self
                .painter
                .ctx()
                .graphics_mut(|g| g.entry(layer).next_idx());
            marks.borrow_mut().push((at, group()));
        }
    }

    /// The marks of a still picture, in painting order (empty for a live frame).
    pub(super) fn into_marks(self) -> Vec<Mark> {
        self.marks.map(RefCell::into_inner).unwrap_or_default()
    }

    /// How far node `id` is drawn from its position (the drag offset, if it is selected).
    pub(super) fn shift(&self, id: NodeId, state: &CircuitPageState) -> Vec2 {
        if self.offset != Vec2::ZERO && state.selection.contains(&id) {
            self.offset
        } else {
            Vec2::ZERO
        }
    }
}

/// `values` as the canvas writes them: a trit as `-1`, `0` or `+1`, a bus as a number in
/// `radix` (unknown bits shown: `0b10x1`, `0x5?`).
pub(super) fn value_text(values: &[Trit], radix: Radix) -> String {
    match values {
        [v] => v.as_signed_str().to_owned(),
        _ => number::format(values, radix),
    }
}
