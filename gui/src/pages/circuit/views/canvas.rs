//! The schematic: nodes, wires and values drawn in an [`egui::Scene`] (pan with the right or
//! middle button or the scroll wheel, zoom with Ctrl+scroll), and the editing gestures.
//!
//! * click a node: select it (Shift: add/remove); click a switch: also toggle it (−1 ↔ +1);
//!   hold a button: pressed; double-click: rename in the inspector;
//! * drag a node: move the selection (snapped to the grid);
//! * drag from an output pin to an input pin: connect (a second driver is refused, with a
//!   message); right-click an input pin: disconnect it;
//! * drag on the background: box-select; click it with a palette item armed, or drop a palette
//!   item: place a node.
//!
//! Every node on screen is also an accessible widget labelled with its node label (at the open
//! level: `or` inside instance `lo/fa0`, whose full path is `lo/fa0/or`) and carrying
//! its value (`-1`, `0`, `+1`) as text, so screen readers and tests can find "R" and read "Q".
//!
//! A bus (the nodes `A[0]` … `A[7]` a file's 8-trit node `A` expands into, all at `A`'s
//! position) is one node on the canvas: drawn once, labelled `A` with its width, showing its
//! value as a number in its radix, an accessible widget named `A` whose value is that number
//! (`162`, `0xA2`). A click selects the whole bus — a bus switch is set from the inspector, not
//! toggled. A level that uses buses draws its wires as its file writes them
//! ([`AppState::written_level`], `blocks.rs`), a bus wire once.
//!
//! Only what is on screen costs anything: nodes, wires and pins outside the visible part of the
//! scene are skipped, and off-screen nodes have no widget. Zoomed out below [`DETAIL_ZOOM`] the
//! canvas switches to a coarse level of detail: no pins, labels or per-node tooltips (the node
//! under the pointer still gets one), and every shape goes into one mesh ([`draw::Batch`]).

use std::collections::BTreeSet;

use egui::{PointerButton, Pos2, Rect, Sense, Vec2, pos2};
use sim_core::bus::Bus;
use sim_core::{Cause, Circuit, NodeId, NodeKind, Pos, Trit};

use super::routes::{Routes, WireKey};
use crate::pages::circuit::draw::{self, Batch, Known, NodeLook};
use crate::pages::circuit::geometry::{self, Area, CELL, PIN_RADIUS, Point, Vector};
use crate::pages::circuit::kinds::kind_name;
use crate::pages::circuit::state::{AppState, End, WireRef, level_label};

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

/// The canvas view (keeps only gesture state and scratch buffers; the circuit lives in
/// [`AppState`]).
#[derive(Debug)]
pub struct Canvas {
    /// The visible part of the scene, in scene pixels; kept between frames.
    scene_rect: Rect,
    /// A node drag in progress: the pointer offset so far, in scene pixels.
    pub(super) moving: Option<Vec2>,
    /// A wire drag in progress, from this node's output.
    wiring: Option<NodeId>,
    /// A box selection in progress, from this scene point.
    boxing: Option<Pos2>,
    /// Set by a double-click: the inspector should focus the label field.
    pub rename_requested: bool,
    /// Per frame, reused: the nodes on screen.
    visible: Vec<NodeId>,
    /// Per frame, reused: `(from, to)` of every wire delivering a pending event, sorted.
    pub(super) delivering: Vec<(NodeId, NodeId)>,
    /// Which bus each node is a bit of, recomputed when the circuit changes.
    buses: BusIndex,
    /// The routes of the open level's wires, remade when the level or a drag changes.
    pub(super) routes: Routes,
    /// Vertices in the last coarse mesh: the next one reserves as many.
    batch_size: usize,
    /// This frame's pan by a right- or middle-button drag, in scene pixels.
    pan: Vec2,
    /// A block drag in progress: the instance and the pointer offset so far (scene pixels).
    pub(super) moving_block: Option<(String, Vec2)>,
    /// A wire drag in progress from a pin (a block's output or the open part's input pin).
    pub(super) wiring_end: Option<End>,
    /// The pin input under the pointer this frame (a block's input or the part's output).
    pub(super) block_target: Option<End>,
    /// The level shown last frame: opening an instance or going up frames the new level.
    shown_level: Vec<String>,
    /// The splitter or merger input under the pointer this frame, and its input pin.
    pub(super) wiring_target: Option<(End, u8)>,
    /// A splitter or merger drag in progress: its label and the pointer offset so far.
    pub(super) moving_wiring: Option<(String, Vec2)>,
    /// A wire drawn backwards, from an input (a node's, a block's, a splitter's or the open
    /// part's output pin) towards an output: the input, its pin, where it is (scene pixels).
    pub(super) wiring_back: Option<(End, u8, Pos2)>,
    /// The output under the pointer this frame (any node's, block's or pin's), where a wire
    /// drawn backwards ends.
    pub(super) out_target: Option<End>,
    /// A wire being bent: the wire, its output and input pins (cells), and the grid point
    /// where the drag started.
    bending: Option<(WireRef, Point, Point, Pos)>,
    /// The document shown last frame ([`AppState::document_id`]): a new one is fitted.
    shown_document: u64,
    /// Set by [`Canvas::zoom_100`]: the next frame shows the scene at 100 %.
    zoom_reset: bool,
}

impl Default for Canvas {
    fn default() -> Canvas {
        // A zero scene rect makes the scene fit the circuit on the first frame.
        Canvas {
            scene_rect: Rect::ZERO,
            moving: None,
            wiring: None,
            boxing: None,
            rename_requested: false,
            visible: Vec::new(),
            delivering: Vec::new(),
            buses: BusIndex::default(),
            routes: Routes::default(),
            batch_size: 0,
            pan: Vec2::ZERO,
            moving_block: None,
            wiring_end: None,
            block_target: None,
            shown_level: Vec::new(),
            wiring_target: None,
            moving_wiring: None,
            wiring_back: None,
            out_target: None,
            bending: None,
            shown_document: 0,
            zoom_reset: false,
        }
    }
}

/// What a node (or bus) shows: its values (bit 0 first), a display's text (its digits or
/// segments, see [`draw::display_text`]) and the text its widget carries (the display's, else
/// its value or its bus's number).
fn shown_text(
    state: &AppState,
    kind: NodeKind,
    value: Trit,
    bus: Option<&Bus>,
) -> (Vec<Trit>, Option<String>, String) {
    let values = bus.map_or_else(|| vec![value], |b| state.sim.values(&b.bits));
    let shown = draw::display_text(kind, &values);
    let text = shown.clone().unwrap_or_else(|| {
        bus.map_or_else(
            || value.as_signed_str().to_owned(),
            |b| state.bus_text(&b.name).unwrap_or_default(),
        )
    });
    (values, shown, text)
}

/// How a wire reads in its tooltip and the inspector: `A → NOR1.0 = +1 (net A, fanout 2)`,
/// a bus's value as a number in the radix of the bus it comes from.
pub(super) fn wire_text(state: &AppState, wire: &WireRef, values: &[Trit]) -> String {
    let radix = state
        .end_radix(&state.level, &wire.from.to_text())
        .unwrap_or_default();
    let value = super::blocks::value_text(values, radix);
    let fanout = state.net_wires(&wire.from).len();
    format!(
        "{} = {value} (net {}, fanout {fanout})",
        wire.describe(),
        wire.from.to_text()
    )
}

/// A wire's bends `bends` after a drag from `grabbed` to `at`: the bend within a cell of
/// `grabbed` moves to `at`; else `at` becomes a new bend, where it makes the path from the
/// output through the bends to the input (`ends`) shortest.
fn with_bend(mut bends: Vec<Pos>, grabbed: Pos, at: Pos, ends: (Point, Point)) -> Vec<Pos> {
    let (from, to) = ends;
    if let Some(near) = bends
        .iter_mut()
        .find(|b| (b.x - grabbed.x).abs() + (b.y - grabbed.y).abs() <= 1)
    {
        *near = at;
        return bends;
    }
    let cell = |p: Pos| geometry::point(p.x as f32, p.y as f32);
    let length = |bends: &[Pos]| {
        let mut points = vec![from];
        points.extend(bends.iter().map(|&b| cell(b)));
        points.push(to);
        points
            .windows(2)
            .map(|w| (w[0].x - w[1].x).abs() + (w[0].y - w[1].y).abs())
            .sum::<f32>()
    };
    let best = (0..=bends.len())
        .min_by(|&i, &j| {
            let mut a = bends.clone();
            a.insert(i, at);
            let mut b = bends.clone();
            b.insert(j, at);
            length(&a).total_cmp(&length(&b))
        })
        .unwrap_or(0);
    bends.insert(best, at);
    bends
}

/// A node's (or bus's) hover text: its label or bus name, its kind ([`kind_name`]) and what it
/// shows.
fn hover_text(node: &sim_core::Node, bus: Option<&Bus>, text: &str, value: Trit) -> String {
    let kind = kind_name(node.kind);
    match bus {
        Some(b) => format!("{} ({kind}, {} trits) = {text}", b.name, b.width()),
        None => format!("{} ({kind}) = {value}", node.label),
    }
}

/// Scene pixels of a point in cells: where [`geometry`]'s plain types become egui's.
pub(super) fn px(p: Point) -> Pos2 {
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
pub(super) fn cell_at(p: Pos2) -> Point {
    geometry::point(p.x / CELL, p.y / CELL)
}

impl Canvas {
    /// Frames the whole circuit on the next frame (View → Fit, F): as large as it fits, at
    /// most [`MAX_FIT_ZOOM`].
    pub fn fit(&mut self) {
        self.scene_rect = Rect::ZERO;
    }

    /// Shows the scene at 100 % (one scene pixel a screen point) on the next frame, around the
    /// same centre (View → Zoom 100 %, 1).
    pub fn zoom_100(&mut self) {
        self.zoom_reset = true;
    }

    /// The visible part of the scene, in scene pixels ([`CELL`] per grid cell).
    pub fn view(&self) -> Rect {
        self.scene_rect
    }

    /// Shows `rect` (scene pixels) on the next frame, as large as it fits.
    pub fn set_view(&mut self, rect: Rect) {
        self.scene_rect = rect;
    }
}

impl Canvas {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        if self.shown_level != state.level || self.shown_document != state.document_id {
            self.shown_level.clone_from(&state.level);
            self.shown_document = state.document_id;
            self.fit();
        }
        if std::mem::take(&mut self.zoom_reset) && self.scene_rect != Rect::ZERO {
            self.scene_rect = Rect::from_center_size(self.scene_rect.center(), ui.available_size());
        }
        if self.scene_rect != Rect::ZERO
            && let Some(id) = state.centre.take()
            && let Some(node) = state.circuit().node(id)
        {
            let at = px_rect(geometry::rect(node)).center();
            self.scene_rect = self.scene_rect.translate(at - self.scene_rect.center());
        }
        let fitting = self.scene_rect == Rect::ZERO;
        if fitting {
            // Fitting takes this frame to measure; the next one shows the fitted scene.
            ui.ctx().request_repaint();
        }
        if self.scene_rect == Rect::ZERO && state.circuit().node_count() == 0 {
            // Nothing to fit: open at 100 % with the origin top left.
            self.scene_rect = Rect::from_min_size(Pos2::ZERO, ui.available_size());
        }
        let mut scene_rect = self.scene_rect;
        self.pan = Vec2::ZERO;
        let max_zoom = if fitting { MAX_FIT_ZOOM } else { MAX_ZOOM };
        egui::Scene::new()
            .zoom_range(MIN_ZOOM..=max_zoom)
            .drag_pan_buttons(
                egui::containers::DragPanButtons::SECONDARY
                    | egui::containers::DragPanButtons::MIDDLE,
            )
            .show(ui, &mut scene_rect, |ui| {
                let first = super::crisp::next_shape(ui);
                self.contents(ui, state);
                super::crisp::sharpen(ui, first);
            });
        // The canvas's widgets cover the Scene's own pan response, so they pan themselves.
        self.scene_rect = scene_rect.translate(-self.pan);
    }
}

/// Which bus each node is a bit of, by node index: `(bus, bit)` into the circuit's
/// [`buses`](sim_core::Circuit::buses). Recomputed only when the document revision changes.
#[derive(Debug, Default)]
struct BusIndex {
    /// The document revision the index was computed for (0: never).
    revision: u64,
    /// By node index; `u32::MAX` for a node that is no bus's bit.
    of: Vec<(u32, u32)>,
}

impl BusIndex {
    /// The bus node `id` is a bit of, and which bit.
    fn get(&self, id: NodeId) -> Option<(usize, usize)> {
        self.of
            .get(id.index())
            .filter(|(bus, _)| *bus != u32::MAX)
            .map(|&(bus, bit)| (bus as usize, bit as usize))
    }

    /// Recomputes the index if the document changed since the last call.
    fn update(&mut self, revision: u64, circuit: &Circuit) {
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

/// What one frame of the canvas derives from the state before drawing.
pub(super) struct FrameInfo {
    pub(super) painter: egui::Painter,
    /// How far the dragged selection has moved, in scene pixels.
    offset: Vec2,
    /// 0..1, for pulsing the wires of the event just stepped.
    pub(super) pulse: f32,
    /// The node of the event just stepped, and whether its output changed.
    pub(super) last: Option<(NodeId, bool)>,
    /// Nodes on the loop of the last oscillation.
    in_loop: BTreeSet<NodeId>,
    /// The pointer, in scene pixels.
    pub(super) pointer: Option<Pos2>,
    /// Where the primary button went down (a drag starts there, not where egui notices it),
    /// in scene pixels.
    press: Option<Pos2>,
    /// The visible part of the scene.
    pub(super) view: Rect,
    /// Screen pixels per scene pixel.
    pub(super) zoom: f32,
    /// Whether to draw full detail (pins, labels, curves) rather than the coarse batch.
    pub(super) detailed: bool,
}

impl FrameInfo {
    fn new(ui: &egui::Ui, state: &AppState, offset: Vec2) -> FrameInfo {
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
        }
    }

    /// How far node `id` is drawn from its position (the drag offset, if it is selected).
    pub(super) fn shift(&self, id: NodeId, state: &AppState) -> Vec2 {
        if self.offset != Vec2::ZERO && state.selection.contains(&id) {
            self.offset
        } else {
            Vec2::ZERO
        }
    }
}

impl Canvas {
    fn contents(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        let frame = FrameInfo::new(ui, state, snapped(self.moving.unwrap_or_default()));
        self.out_target = None;
        let background = ui.interact(
            frame.view,
            ui.scope_id().with("background"),
            Sense::click_and_drag(),
        );
        let bounds = self.cull(&frame, state).union(self.blocks_bounds(state));
        if bounds.is_positive() {
            // Gives the scene something to fit on the first frame.
            ui.allocate_rect(bounds.expand(2.0 * CELL), Sense::hover());
        }
        self.update_routes(ui, &frame, state);
        let mut batch = Batch::new(frame.zoom, self.batch_size);
        draw::grid(&mut batch, frame.view);
        if frame.detailed {
            batch.paint(&frame.painter);
        }
        self.net_halo(&frame, state);
        self.wires(&frame, state, &mut batch);
        let wiring_actions = self.written_wires(ui, &frame, state);
        self.junctions(&frame, state);
        let clicked_wiring = Self::apply_wiring(state, wiring_actions);
        if frame.last.is_some() {
            ui.ctx().request_repaint(); // the pulse animates
        }
        let clicked_node = self.nodes(ui, &frame, state, &mut batch);
        self.batch_size = batch.len();
        batch.paint(&frame.painter);
        let clicked_block = self.blocks(ui, &frame, state);
        if frame.detailed {
            super::pending::tags(ui, &frame.painter, state, &self.visible, |id| {
                frame.shift(id, state)
            });
        }
        let clicked_node = clicked_node || clicked_block || clicked_wiring;
        self.pins(ui, &frame, state);
        self.background(ui, &frame, &background, clicked_node, state);
    }

    /// Finds the nodes on screen (into `self.visible`), the wires delivering pending events
    /// and which bus each node is a bit of; returns the bounds of the whole circuit.
    fn cull(&mut self, frame: &FrameInfo, state: &AppState) -> Rect {
        let c = state.circuit();
        self.buses.update(state.doc.revision(), c);
        self.visible.clear();
        let mut bounds = Rect::NOTHING;
        // Room for the label above a node and the selection halo.
        let view = frame.view.expand(CELL);
        let level = state.level_prefix();
        let on_level = |label: &str| level_label(&level, label).is_some();
        for (id, n) in c.nodes() {
            // A bus is drawn once, as its bit 0 (its bits share its box).
            if !on_level(&n.label) || self.buses.get(id).is_some_and(|(_, bit)| bit > 0) {
                continue;
            }
            let r = px_rect(geometry::rect(n));
            bounds = bounds.union(r);
            if view.intersects(r.translate(frame.shift(id, state))) {
                self.visible.push(id);
            }
        }
        self.delivering.clear();
        for p in state.sim.pending() {
            if let Cause::Event(k) = p.cause
                && let Some(e) = state.sim.event(k)
            {
                self.delivering.push((e.node, p.node));
            }
        }
        self.delivering.sort_unstable();
        bounds
    }

    /// Every wire on screen, coloured by its value; the wires of the event just stepped pulse,
    /// and wires delivering a pending event carry a marker.
    fn wires(&self, frame: &FrameInfo, state: &AppState, batch: &mut Batch) {
        if state.written_level().is_some() {
            return; // drawn as written, buses once: `written_wires`
        }
        let c = state.circuit();
        let margin = 8.0 / frame.zoom.max(MIN_ZOOM);
        let mut path: Vec<Pos2> = Vec::with_capacity(8);
        let level = state.level_prefix();
        let on_level = |label: &str| level_label(&level, label).is_some();
        for (_, w) in c.wires() {
            let (from, to) = (&c[w.from], &c[w.to]);
            if !on_level(&from.label) || !on_level(&to.label) {
                continue; // inside an instance, or reaching into one (drawn to its pin)
            }
            let Some(out) = geometry::output_pin(from) else {
                continue;
            };
            let a = out + cells(frame.shift(w.from, state));
            let b = geometry::input_pin(to, usize::from(w.input)) + cells(frame.shift(w.to, state));
            path.clear();
            match self.routes.get(&WireKey::Node(w.from, w.to, w.input)) {
                Some(route) => path.extend(route.iter().map(|&p| px(p))),
                None => path.extend(
                    crate::pages::circuit::router::plain_route(a, b)
                        .into_iter()
                        .map(px),
                ),
            }
            let path = &path[..];
            if !frame
                .view
                .expand(margin)
                .intersects(Rect::from_points(path))
            {
                continue;
            }
            let changed_now = frame.last == Some((w.from, true));
            let pulse = changed_now.then_some(frame.pulse);
            let value = state.sim.value(w.from);
            if frame.detailed {
                draw::wire(&frame.painter, path, value, pulse);
            } else {
                draw::wire_coarse(batch, path, value, pulse);
            }
            if self.delivering.binary_search(&(w.from, w.to)).is_ok() {
                let k = path.len() / 2;
                let at = path[k - 1].lerp(path[k], 0.5);
                if frame.detailed {
                    draw::marker(&frame.painter, at);
                } else {
                    draw::marker_coarse(batch, at);
                }
            }
        }
    }

    /// Whether node `id` is drawn as a node of its own (a bus is drawn once, as its bit 0).
    pub(super) fn is_shown(&self, id: NodeId) -> bool {
        self.buses.get(id).is_none_or(|(_, bit)| bit == 0)
    }

    /// The selected wire's whole net, under the wires: every route its driver feeds.
    fn net_halo(&self, frame: &FrameInfo, state: &AppState) {
        let Some(selected) = &state.selected_wire else {
            return;
        };
        let width = (6.0_f32).max(4.0 / frame.zoom.max(MIN_ZOOM));
        for (wire, route) in self.routes.wires.iter().zip(&self.routes.routing.routes) {
            if wire.from == selected.from {
                let path: Vec<Pos2> = route.iter().map(|&p| px(p)).collect();
                draw::halo_line(&frame.painter, &path, width);
            }
        }
    }

    /// The wire under the pointer, if no node is: its connection index.
    fn wire_under(&self, frame: &FrameInfo) -> Option<usize> {
        self.wire_at(frame, frame.pointer?)
    }

    /// The wire at scene point `p` (within half a cell, or 6 screen pixels zoomed out).
    fn wire_at(&self, frame: &FrameInfo, p: Pos2) -> Option<usize> {
        let p = cell_at(p);
        // Half a cell, or 6 screen pixels when zoomed out.
        let tolerance = (0.3_f32).max(6.0 / (CELL * frame.zoom.max(MIN_ZOOM)));
        self.routes.wire_at(p, tolerance)
    }

    /// A dot wherever a net branches, in the colour of its value (full detail only).
    fn junctions(&self, frame: &FrameInfo, state: &AppState) {
        if !frame.detailed {
            return;
        }
        let view = frame.view.expand(CELL);
        for &(at, i) in &self.routes.routing.junctions {
            let p = px(at);
            if !view.contains(p) {
                continue;
            }
            let values = self
                .routes
                .wires
                .get(i)
                .map(|w| state.wire_values(w))
                .unwrap_or_default();
            if !values.is_empty() {
                draw::junction(&frame.painter, p, &values);
            }
        }
    }

    /// Every node on screen as an accessible widget; returns whether one was clicked.
    fn nodes(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &mut AppState,
        batch: &mut Batch,
    ) -> bool {
        let mut clicked_any = false;
        let level_len = state.level_prefix().len();
        for i in 0..self.visible.len() {
            let id = self.visible[i];
            let bus: Option<Bus> = self
                .buses
                .get(id)
                .and_then(|(b, _)| state.circuit().buses().get(b).cloned());
            let group: Vec<NodeId> = bus.as_ref().map_or_else(|| vec![id], |b| b.bits.clone());
            let (kind, value, widget) = {
                let node = &state.circuit()[id];
                // Inside an instance, nodes go by their label at the level (`or`, not
                // `lo/fa0/or`); the hover text gives the whole path. A bus goes by its name.
                let full = bus
                    .as_ref()
                    .map_or(node.label.as_str(), |b| b.name.as_str());
                let local = full.get(level_len..).unwrap_or(full);
                let rect = px_rect(geometry::rect(node)).translate(frame.shift(id, state));
                let value = state.sim.value(id);
                let (values, shown, text) = shown_text(state, node.kind, value, bus.as_ref());
                let widget = ui.interact(
                    rect,
                    ui.scope_id().with(("node", id)),
                    Sense::click_and_drag(),
                );
                widget.widget_info(|| {
                    let role = match node.kind {
                        NodeKind::Switch | NodeKind::Button => egui::accesskit::Role::Button,
                        // Not `Label`: egui would put a label's name in its value.
                        _ => egui::accesskit::Role::Status,
                    };
                    let mut info = egui::WidgetInfo::labeled(role, true, local);
                    info.current_text_value = Some(text.clone());
                    info
                });
                let bits = &group[..];
                let look = NodeLook {
                    selected: bits.iter().any(|b| state.selection.contains(b)),
                    evaluating: frame.last.is_some_and(|(n, _)| bits.contains(&n)),
                    in_loop: bits.iter().any(|b| frame.in_loop.contains(b)),
                    flagged: bits.iter().any(|b| state.analysis.marked.contains(b)),
                    hovered: widget.hovered(),
                };
                let hover = hover_text(node, bus.as_ref(), &text, value);
                let widget = if frame.detailed {
                    match &bus {
                        _ if shown.is_some() => {
                            draw::display_node(
                                &frame.painter,
                                rect,
                                node.kind,
                                local,
                                &values,
                                look,
                            );
                        }
                        Some(b) => {
                            let known = Known::of(&state.sim.values(&b.bits));
                            draw::bus_node(
                                &frame.painter,
                                rect,
                                node.kind,
                                local,
                                b.width(),
                                &text,
                                known,
                                look,
                            );
                        }
                        None => draw::node(&frame.painter, rect, node.kind, local, value, look),
                    }
                    widget.on_hover_text(hover)
                } else {
                    // Zoomed out, a bus is tinted as unknown: one trit's colour would mislead.
                    let tint = if bus.is_some() { Trit::Unknown } else { value };
                    draw::node_coarse(batch, rect, node.kind, tint, look);
                    if look.hovered {
                        widget.on_hover_text(hover)
                    } else {
                        widget
                    }
                };
                (node.kind, value, widget)
            };
            if widget.clicked() {
                clicked_any = true;
                // A bus switch is set from the inspector: a click selects it.
                let toggles = kind == NodeKind::Switch && bus.is_none();
                Self::click(ui, state, &group, toggles);
            }
            if widget.double_clicked() {
                state.selection = group.iter().copied().collect();
                self.rename_requested = true;
            }
            if kind == NodeKind::Button && bus.is_none() {
                let down = widget.is_pointer_button_down_on();
                if down != (value == Trit::True) {
                    state.press(id, down);
                }
            }
            waveform_menu(&widget, state, id);
            self.drag(&widget, state, &group);
        }
        clicked_any
    }

    /// A click on the node (or bus) `group`: select it (Shift toggles it in the selection);
    /// toggle it if it is a switch (`toggles`).
    fn click(ui: &egui::Ui, state: &mut AppState, group: &[NodeId], toggles: bool) {
        state.selected_instance = None;
        state.selected_wiring = None;
        state.selected_wire = None;
        if ui.input(|i| i.modifiers.shift) {
            if group.iter().any(|id| state.selection.contains(id)) {
                for id in group {
                    state.selection.remove(id);
                }
            } else {
                state.selection.extend(group.iter().copied());
            }
        } else {
            state.selection = group.iter().copied().collect();
        }
        if toggles && let [id] = group {
            state.toggle(*id);
        }
    }

    /// Dragging node `group[0]` (with the rest of its bus, `group`) moves the selection; the
    /// move is committed, snapped, on release. Dragging with the right or middle button pans
    /// instead.
    fn drag(&mut self, widget: &egui::Response, state: &mut AppState, group: &[NodeId]) {
        if self.panned(widget) {
            return;
        }
        if widget.drag_started_by(PointerButton::Primary) {
            if !group.iter().any(|id| state.selection.contains(id)) {
                state.selection = group.iter().copied().collect();
            }
            self.moving = Some(Vec2::ZERO);
        }
        if widget.dragged()
            && let Some(m) = &mut self.moving
        {
            *m += widget.drag_delta();
        }
        if widget.drag_stopped()
            && let Some(m) = self.moving.take()
        {
            let (dx, dy) = ((m.x / CELL).round() as i32, (m.y / CELL).round() as i32);
            let selection: Vec<NodeId> = state.selection.iter().copied().collect();
            state.move_nodes(&selection, dx, dy);
        }
    }

    /// Pins of the nodes on screen (full detail only): output pins start a wire, input pins
    /// end one (right-click disconnects).
    fn pins(&mut self, ui: &egui::Ui, frame: &FrameInfo, state: &mut AppState) {
        let mut target: Option<(NodeId, u8)> = None;
        let mut disconnect: Option<(NodeId, u8)> = None;
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let visible = std::mem::take(&mut self.visible);
        let c = state.circuit();
        for &id in if frame.detailed { &visible[..] } else { &[] } {
            let node = &c[id];
            let shift = frame.shift(id, state);
            let bus = self.buses.get(id).and_then(|(b, _)| c.buses().get(b));
            if let Some(bus) = bus {
                let (start, over, cut) = self.bus_pins(ui, frame, state, node, bus, shift);
                if start {
                    self.wiring = Some(id);
                }
                if let Some(pin) = over {
                    target = Some((id, pin));
                }
                if let Some(pin) = cut {
                    disconnect = Some((id, pin));
                }
                continue;
            }
            for (pin, v) in state.sim.input_values(id).into_iter().enumerate() {
                let p = px(geometry::input_pin(node, pin)) + shift;
                let r = Rect::from_center_size(p, pin_size);
                let response = ui.interact(
                    r,
                    ui.scope_id().with(("in", id, pin)),
                    Sense::click_and_drag(),
                );
                draw::pin(&frame.painter, p, v, response.hovered());
                let response = response.on_hover_text(format!("{}.{pin} = {v}", node.label));
                let pin = u8::try_from(pin).unwrap_or(u8::MAX);
                if response.drag_started()
                    && let Some(local) = state.on_level(&node.label)
                {
                    self.wiring_back = Some((End::Node(local.to_owned()), pin, p));
                }
                if response.secondary_clicked() {
                    disconnect = Some((id, pin));
                }
                if frame.pointer.is_some_and(|q| r.contains(q)) {
                    target = Some((id, pin));
                }
            }
            if let Some(out) = geometry::output_pin(node) {
                let p = px(out) + shift;
                let r = Rect::from_center_size(p, pin_size);
                let response = ui.interact(r, ui.scope_id().with(("out", id)), Sense::drag());
                let v = state.sim.value(id);
                draw::pin(&frame.painter, p, v, response.hovered());
                let response = response.on_hover_text(format!("{} = {v}", node.label));
                if response.drag_started() {
                    self.wiring = Some(id);
                }
                if frame.pointer.is_some_and(|q| r.contains(q))
                    && let Some(local) = state.on_level(&node.label)
                {
                    self.out_target = Some(End::Node(local.to_owned()));
                }
            }
        }
        // The wire being drawn, from its output to the pointer.
        if let Some(from) = self.wiring
            && let Some(node) = c.node(from)
            && let Some(out) = geometry::output_pin(node)
            && let Some(q) = frame.pointer
        {
            let p = px(out) + frame.shift(from, state);
            draw::wire(&frame.painter, &[p, q], state.sim.value(from), None);
        }
        if let (Some((_, _, p)), Some(q)) = (&self.wiring_back, frame.pointer) {
            draw::wire(&frame.painter, &[*p, q], Trit::Unknown, None);
        }
        self.visible = visible;
        if let Some((id, pin)) = disconnect {
            state.disconnect_input(id, pin);
        }
        if ui.input(|i| i.pointer.any_released())
            && let Some((to, input, _)) = self.wiring_back.take()
        {
            if let Some(from) = self.out_target.take() {
                state.connect_wire(&from, &to, input);
            }
            self.wiring = None;
            self.wiring_end = None;
            return;
        }
        if ui.input(|i| i.pointer.any_released()) {
            let from = self.wiring.take();
            let pin_target = self.block_target.is_some() || self.wiring_target.is_some();
            if self.wiring_end.is_some() || (from.is_some() && pin_target) {
                self.finish_pin_wiring(state, from, target);
            } else if let (Some(from), Some((to, input))) = (from, target) {
                state.connect(from, to, input);
            }
            self.wiring_end = None;
        }
    }

    /// The pins of bus `bus` (drawn as its bit 0, `node`), showing what its inputs receive and
    /// what it outputs as numbers. Returns whether a wire starts at its output, the input
    /// under the pointer and the input right-clicked (to disconnect); a wire drawn backwards
    /// from one of its inputs, or ending at its output, is noted in `self`.
    fn bus_pins(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &AppState,
        node: &sim_core::Node,
        bus: &Bus,
        shift: Vec2,
    ) -> (bool, Option<u8>, Option<u8>) {
        let (mut start, mut over, mut cut) = (false, None, None);
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let radix = state.bus_radix(&bus.name);
        let local = state.on_level(&bus.name).unwrap_or(&bus.name);
        let inputs: Vec<Vec<Trit>> = bus
            .bits
            .iter()
            .map(|&b| state.sim.input_values(b))
            .collect();
        for pin in 0..node.kind.file_input_count() {
            let values: Vec<Trit> = inputs
                .iter()
                .map(|v| v.get(pin).copied().unwrap_or(Trit::Unknown))
                .collect();
            let p = px(geometry::input_pin(node, pin)) + shift;
            let r = Rect::from_center_size(p, pin_size);
            let response = ui.interact(
                r,
                ui.scope_id().with(("bus-in", &bus.name, pin)),
                Sense::click_and_drag(),
            );
            draw::bus_pin(&frame.painter, p, Known::of(&values), response.hovered());
            let text = sim_core::number::format(&values, radix);
            let response = response.on_hover_text(format!("{local}.{pin} = {text}"));
            let pin = u8::try_from(pin).unwrap_or(u8::MAX);
            if response.secondary_clicked() {
                cut = Some(pin);
            }
            if response.drag_started() {
                self.wiring_back = Some((End::Node(local.to_owned()), pin, p));
            }
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                over = Some(pin);
            }
        }
        if let Some(out) = geometry::output_pin(node) {
            let values = state.sim.values(&bus.bits);
            let p = px(out) + shift;
            let r = Rect::from_center_size(p, pin_size);
            let response =
                ui.interact(r, ui.scope_id().with(("bus-out", &bus.name)), Sense::drag());
            draw::bus_pin(&frame.painter, p, Known::of(&values), response.hovered());
            let text = sim_core::number::format(&values, radix);
            let response = response.on_hover_text(format!("{local} = {text}"));
            start = response.drag_started();
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.out_target = Some(End::Node(local.to_owned()));
            }
        }
        (start, over, cut)
    }

    /// Pans by `widget`'s drag if it is dragged with the right or middle button.
    pub(super) fn panned(&mut self, widget: &egui::Response) -> bool {
        let panning =
            widget.dragged_by(PointerButton::Secondary) || widget.dragged_by(PointerButton::Middle);
        if panning {
            self.pan += widget.drag_delta();
        }
        panning
    }

    /// A drag that started on a wire bends it where it ends (a marker shows where); a
    /// double-click on a wire straightens it.
    fn bend_gesture(
        &mut self,
        frame: &FrameInfo,
        background: &egui::Response,
        state: &mut AppState,
    ) {
        if let (Some((wire, from, to, grabbed)), Some(now)) = (&self.bending, frame.pointer) {
            let (x, y) = geometry::snap(cell_at(now));
            let at = geometry::point(x as f32, y as f32);
            draw::bend(&frame.painter, px(at));
            if background.drag_stopped() {
                let bends = state.wire_bends(wire);
                let via = with_bend(bends, *grabbed, Pos { x, y }, (*from, *to));
                state.set_wire_bends(wire, via);
                self.bending = None;
            }
        }
        if !background.dragged() {
            self.bending = None;
        }
        if background.double_clicked()
            && let Some(wire) = self
                .wire_under(frame)
                .and_then(|i| self.routes.wires.get(i))
            && !state.wire_bends(wire).is_empty()
        {
            // Straightened: routed freely again.
            state.set_wire_bends(&wire.clone(), Vec::new());
        }
    }

    /// The background: box selection, placing the armed palette item, dropping a dragged one.
    fn background(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        background: &egui::Response,
        clicked_node: bool,
        state: &mut AppState,
    ) {
        if self.panned(background) {
            self.boxing = None;
        } else if background.drag_started_by(PointerButton::Primary) {
            // On a wire, a drag bends it; elsewhere it draws a selection box. (From where the
            // button went down: egui notices a drag only once the pointer has moved.)
            let origin = frame.press.or(frame.pointer);
            match origin.and_then(|p| self.wire_at(frame, p)) {
                Some(i) => {
                    let (wire, c) = (&self.routes.wires[i], &self.routes.connections[i]);
                    state.select_wire(wire.clone());
                    let (x, y) = origin.map_or((0, 0), |p| geometry::snap(cell_at(p)));
                    self.bending = Some((wire.clone(), c.from, c.to, Pos { x, y }));
                }
                None => self.boxing = background.interact_pointer_pos(),
            }
        }
        self.bend_gesture(frame, background, state);
        if let (Some(start), Some(now)) = (self.boxing, frame.pointer) {
            let r = Rect::from_two_pos(start, now);
            frame.painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(1.0 / frame.zoom, draw::SELECTED),
                egui::StrokeKind::Inside,
            );
            if background.drag_stopped() {
                let hit: BTreeSet<NodeId> = state
                    .circuit()
                    .nodes()
                    .filter(|(_, n)| {
                        state.on_level(&n.label).is_some()
                            && r.intersects(px_rect(geometry::rect(n)))
                    })
                    .map(|(id, _)| id)
                    .collect();
                if ui.input(|i| i.modifiers.shift) {
                    state.selection.extend(hit);
                } else {
                    state.selection = hit;
                }
                self.boxing = None;
            }
        }
        if !background.dragged() {
            self.boxing = None;
        }
        if background.clicked() && !clicked_node {
            let at = background.interact_pointer_pos().map(|p| {
                let (x, y) = geometry::snap(cell_at(p));
                Pos { x, y }
            });
            match (state.tool, state.part_tool.clone(), at) {
                (Some(kind), _, Some(pos)) => {
                    state.place_node(kind, state.tool_width, pos);
                }
                (None, Some(part), Some(pos)) => {
                    state.place_instance(&part, pos);
                }
                _ => {
                    let hit = self.wire_under(frame);
                    if let Some(wire) = hit.and_then(|i| self.routes.wires.get(i)) {
                        state.select_wire(wire.clone());
                    } else {
                        state.selection.clear();
                        state.selected_instance = None;
                        state.selected_wiring = None;
                        state.selected_wire = None;
                    }
                }
            }
        }
        if background.hovered()
            && let Some(wire) = self
                .wire_under(frame)
                .and_then(|i| self.routes.wires.get(i))
        {
            let values = state.wire_values(wire);
            let text = wire_text(state, wire, &values);
            // Monospace: its font has the arrow.
            background
                .clone()
                .on_hover_text_at_pointer(egui::RichText::new(text).monospace());
        }
        // Taking a payload empties it whatever its type: ask for the type first.
        let Some(p) = frame.pointer else { return };
        let (x, y) = geometry::snap(cell_at(p));
        if egui::DragAndDrop::has_payload_of_type::<PartPayload>(ui.ctx()) {
            if let Some(part) = background.dnd_release_payload::<PartPayload>() {
                state.place_instance(&part.0, Pos { x, y });
            }
        } else if let Some(kind) = background.dnd_release_payload::<NodeKind>() {
            state.place_node(*kind, state.tool_width, Pos { x, y });
        }
    }
}

/// A node's right-click menu: Add to waveform (the node's net, or its whole bus).
fn waveform_menu(widget: &egui::Response, state: &mut AppState, id: NodeId) {
    let mut add = false;
    widget.context_menu(|ui| {
        if ui.button("Add to waveform").clicked() {
            add = true;
            ui.close();
        }
    });
    if add {
        state.add_wave_node(id);
    }
}
