//! The [`Canvas`] view's state — only gestures in progress and per-frame scratch buffers —
//! and the gestures on nodes, pins, wires and the background: select, toggle, move, connect,
//! disconnect, bend a wire, box-select, place and drop a palette item.

use std::collections::BTreeSet;

use egui::{PointerButton, Pos2, Rect, Sense, Vec2};
use sim_core::bus::Bus;
use sim_core::{NodeId, NodeKind, Pos, Trit};

use super::frame::{BusIndex, FrameInfo, Group, PartPayload, cell_at, px, px_rect, wire_text};
use super::menu;
use super::routes::Routes;
use crate::pages::circuit::draw::{self, Known};
use crate::pages::circuit::geometry::{self, CELL, GridPoint, PIN_RADIUS};
use crate::pages::circuit::state::{CircuitPageState, End, LevelWire};

/// The canvas view (keeps only gesture state and scratch buffers; the circuit lives in
/// [`CircuitPageState`]).
#[derive(Debug)]
pub struct Canvas {
    /// The visible part of the scene, in scene pixels; kept between frames.
    pub(super) scene_rect: Rect,
    /// A node drag in progress: the pointer offset so far, in scene pixels.
    pub(super) moving: Option<Vec2>,
    /// A wire drag in progress, from this node's output.
    pub(super) wiring: Option<NodeId>,
    /// A box selection in progress, from this scene point.
    pub(super) boxing: Option<Pos2>,
    /// Set by a double-click: the inspector should focus the label field.
    pub rename_requested: bool,
    /// Per frame, reused: the nodes on screen.
    pub(super) visible: Vec<NodeId>,
    /// Per frame, reused: `(from, to)` of every wire delivering a pending event, sorted.
    pub(super) delivering: Vec<(NodeId, NodeId)>,
    /// Which bus each node is a bit of, recomputed when the circuit changes.
    pub(super) buses: BusIndex,
    /// The routes of the open level's wires, remade when the level or a drag changes.
    pub(super) routes: Routes,
    /// Vertices in the last coarse mesh: the next one reserves as many.
    pub(super) batch_size: usize,
    /// This frame's pan by a right- or middle-button drag, in scene pixels.
    pub(super) pan: Vec2,
    /// A block drag in progress: the instance and the pointer offset so far (scene pixels).
    pub(super) moving_block: Option<(String, Vec2)>,
    /// A wire drag in progress from a pin (a block's output or the open part's input pin).
    pub(super) wiring_end: Option<End>,
    /// The pin input under the pointer this frame (a block's input or the part's output).
    pub(super) block_target: Option<End>,
    /// The level shown last frame: opening an instance or going up frames the new level.
    pub(super) shown_level: Vec<String>,
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
    pub(super) bending: Option<(LevelWire, GridPoint, GridPoint, Pos)>,
    /// A note drag in progress: its index and the pointer offset so far (scene pixels).
    pub(super) moving_note: Option<(usize, Vec2)>,
    /// The wire being drawn from an output (`wiring`, `wiring_end`): where it started and the
    /// bends clicked so far.
    pub(super) drawn: Option<DrawnWire>,
    /// The document shown last frame ([`CircuitPageState::document_id`]): a new one is fitted.
    pub(super) shown_document: u64,
    /// Set by [`Canvas::zoom_100`]: the next frame shows the scene at 100 %.
    pub(super) zoom_reset: bool,
    /// What was chosen in a right-click menu this frame, applied once it is drawn.
    pub(super) chosen: Option<menu::Chosen>,
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
            drawn: None,
            moving_note: None,
            shown_document: 0,
            zoom_reset: false,
            chosen: None,
        }
    }
}

/// A wire being drawn: where it started (scene pixels: its output pin, where the button went
/// down) and the bends clicked on empty canvas so far, in order (grid cells), which the
/// finished wire keeps as its [`via`](sim_core::WireDesc::via).
#[derive(Clone, Debug)]
pub(super) struct DrawnWire {
    origin: Pos2,
    bends: Vec<Pos>,
}

/// A wire's bends `bends` after a drag from `grabbed` to `at`: the bend within a cell of
/// `grabbed` moves to `at`; else `at` becomes a new bend, where it makes the path from the
/// output through the bends to the input (`ends`) shortest.
fn with_bend(mut bends: Vec<Pos>, grabbed: Pos, at: Pos, ends: (GridPoint, GridPoint)) -> Vec<Pos> {
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

impl Canvas {
    /// Frames the whole circuit on the next frame (View → Fit, F): as large as it fits, at
    /// most [`MAX_FIT_ZOOM`](super::frame::MAX_FIT_ZOOM).
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

    /// The routed wires of the open level as last drawn (for tests: [`router::check`] them).
    ///
    /// [`router::check`]: crate::pages::circuit::router::check
    pub fn routes(&self) -> &Routes {
        &self.routes
    }
}

impl Canvas {
    /// Whether a wire is being drawn from an output.
    pub(super) fn drawing(&self) -> bool {
        self.wiring.is_some() || self.wiring_end.is_some()
    }

    /// Drops the wire being drawn, bends and all (Esc).
    pub fn cancel_wire(&mut self) {
        self.wiring = None;
        self.wiring_end = None;
        self.wiring_back = None;
        self.drawn = None;
    }

    /// The path of the wire being drawn from `start` (its output, scene pixels) through the
    /// bends clicked so far to `to`.
    pub(super) fn drawn_path(&self, start: Pos2, to: Pos2) -> Vec<Pos2> {
        let bends = self.drawn.iter().flat_map(|d| &d.bends);
        std::iter::once(start)
            .chain(bends.map(|b| px(geometry::point(b.x as f32, b.y as f32))))
            .chain(std::iter::once(to))
            .collect()
    }

    /// Notes where the wire being drawn started, on the frame it starts; forgets it once no
    /// wire is being drawn.
    fn track_drawn(&mut self, frame: &FrameInfo) {
        if !self.drawing() {
            self.drawn = None;
        } else if self.drawn.is_none()
            && let Some(origin) = frame.press.or(frame.pointer)
        {
            self.drawn = Some(DrawnWire {
                origin,
                bends: Vec::new(),
            });
        }
    }

    /// The button released at `at` (scene pixels), not on an input, while a wire is being
    /// drawn: whether the wire goes on. Where the wire last reached (its output, where a
    /// click started it, or its last bend) nothing changes; on empty canvas the wire bends
    /// there (as in Logisim-evolution and Digital); on a node or block it is dropped.
    fn keeps_drawing(&mut self, at: Pos2) -> bool {
        let Some(drawn) = &mut self.drawn else {
            return false;
        };
        let (x, y) = geometry::snap(cell_at(at));
        let last = drawn
            .bends
            .last()
            .map_or_else(|| geometry::snap(cell_at(drawn.origin)), |b| (b.x, b.y));
        if (x, y) == last {
            return true;
        }
        let p = geometry::point(x as f32, y as f32);
        let on_a_box = self
            .routes
            .picture
            .boxes
            .iter()
            .any(|b| b.min.x <= p.x && p.x <= b.max.x && b.min.y <= p.y && p.y <= b.max.y);
        if on_a_box {
            return false;
        }
        drawn.bends.push(Pos { x, y });
        true
    }

    /// A click on the node (or bus) `group`: select it (Shift toggles it in the selection);
    /// toggle it if it is a switch (`toggles`).
    pub(super) fn click(
        ui: &egui::Ui,
        state: &mut CircuitPageState,
        group: &[NodeId],
        toggles: bool,
    ) {
        state.selected_instance = None;
        state.selected_wiring = None;
        state.selected_wire = None;
        state.selected_note = None;
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
    pub(super) fn drag(
        &mut self,
        widget: &egui::Response,
        state: &mut CircuitPageState,
        group: &[NodeId],
    ) {
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
    pub(super) fn pins(&mut self, ui: &egui::Ui, frame: &FrameInfo, state: &mut CircuitPageState) {
        let mut target: Option<(NodeId, u8)> = None;
        let mut disconnect: Option<(NodeId, u8)> = None;
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let visible = std::mem::take(&mut self.visible);
        let c = state.circuit();
        for &id in if frame.detailed { &visible[..] } else { &[] } {
            let node = &c[id];
            let shift = frame.shift(id, state);
            let bus = self.buses.get(id).and_then(|(b, _)| c.buses().get(b));
            let label = bus.map_or(&node.label, |b| &b.name);
            frame.mark(|| Group::Node(state.on_level(label).unwrap_or(label).to_owned()));
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
                draw::pin(&frame.painter, frame.colors, p, v, response.hovered());
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
                let response =
                    ui.interact(r, ui.scope_id().with(("out", id)), Sense::click_and_drag());
                let v = state.sim.value(id);
                draw::pin(&frame.painter, frame.colors, p, v, response.hovered());
                let response = response.on_hover_text(format!("{} = {v}", node.label));
                // A drag or a click starts a wire (a click: it follows the pointer).
                if (response.drag_started() || response.clicked()) && !self.drawing() {
                    self.wiring = Some(id);
                }
                if frame.pointer.is_some_and(|q| r.contains(q))
                    && let Some(local) = state.on_level(&node.label)
                {
                    self.out_target = Some(End::Node(local.to_owned()));
                }
            }
        }
        self.track_drawn(frame);
        // The wire being drawn, from its output through its bends to the pointer.
        if let Some(from) = self.wiring
            && let Some(node) = c.node(from)
            && let Some(out) = geometry::output_pin(node)
            && let Some(q) = frame.pointer
        {
            let (p, v) = (px(out) + frame.shift(from, state), state.sim.value(from));
            draw::wire(
                &frame.painter,
                frame.colors,
                &self.drawn_path(p, q),
                v,
                None,
            );
        }
        if let (Some((_, _, p)), Some(q)) = (&self.wiring_back, frame.pointer) {
            draw::wire(&frame.painter, frame.colors, &[*p, q], Trit::Unknown, None);
        }
        self.visible = visible;
        if let Some((id, pin)) = disconnect {
            state.disconnect_input(id, pin);
        }
        self.release(ui, frame, state, target);
    }

    /// The button released: a wire drawn backwards ends on the output under the pointer; a
    /// wire drawn forwards ends on the input under the pointer (`target`, a node's, or a
    /// pin's noted in `self`) with its bends, or, off any input, goes on ([`Canvas::keeps_drawing`]).
    fn release(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &mut CircuitPageState,
        target: Option<(NodeId, u8)>,
    ) {
        if !ui.input(|i| i.pointer.any_released()) {
            return;
        }
        if let Some((to, input, _)) = self.wiring_back.take() {
            if let Some(from) = self.out_target.take() {
                state.connect_wire(&from, &to, input);
            }
            self.wiring = None;
            self.wiring_end = None;
            return;
        }
        let pin_target = self.block_target.is_some() || self.wiring_target.is_some();
        if self.drawing()
            && target.is_none()
            && !pin_target
            && frame.pointer.is_some_and(|at| self.keeps_drawing(at))
        {
            return;
        }
        let from = self.wiring.take();
        let bends = self.drawn.take().map(|d| d.bends).unwrap_or_default();
        if self.wiring_end.is_some() || (from.is_some() && pin_target) || !bends.is_empty() {
            self.finish_pin_wiring(state, from, target, bends);
        } else if let (Some(from), Some((to, input))) = (from, target) {
            state.connect(from, to, input);
        }
        self.wiring_end = None;
    }

    /// The pins of bus `bus` (drawn as its bit 0, `node`), showing what its inputs receive and
    /// what it outputs as numbers. Returns whether a wire starts at its output, the input
    /// under the pointer and the input right-clicked (to disconnect); a wire drawn backwards
    /// from one of its inputs, or ending at its output, is noted in `self`.
    pub(super) fn bus_pins(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &CircuitPageState,
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
            draw::bus_pin(
                &frame.painter,
                frame.colors,
                p,
                Known::of(&values),
                response.hovered(),
            );
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
            draw::bus_pin(
                &frame.painter,
                frame.colors,
                p,
                Known::of(&values),
                response.hovered(),
            );
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
    pub(super) fn bend_gesture(
        &mut self,
        frame: &FrameInfo,
        background: &egui::Response,
        state: &mut CircuitPageState,
    ) {
        if let (Some((wire, from, to, grabbed)), Some(now)) = (&self.bending, frame.pointer) {
            let (x, y) = geometry::snap(cell_at(now));
            let at = geometry::point(x as f32, y as f32);
            draw::bend(&frame.painter, frame.colors, px(at));
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
    pub(super) fn background(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        background: &egui::Response,
        clicked_node: bool,
        state: &mut CircuitPageState,
    ) {
        if self.panned(background) {
            self.boxing = None;
        } else if background.drag_started_by(PointerButton::Primary) {
            // On a wire, a drag bends it; elsewhere it draws a selection box. (From where the
            // button went down: egui notices a drag only once the pointer has moved.)
            let origin = frame.press.or(frame.pointer);
            match origin.and_then(|p| self.wire_at(frame, p)) {
                Some(i) => {
                    let (wire, c) = (&self.routes.wires[i], &self.routes.picture.connections[i]);
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
                egui::Stroke::new(1.0 / frame.zoom, frame.colors.selected),
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
        // A click while a wire is being drawn bends it (`pins`), nothing else.
        if background.clicked() && !clicked_node && !self.drawing() {
            let at = background.interact_pointer_pos().map(|p| {
                let (x, y) = geometry::snap(cell_at(p));
                Pos { x, y }
            });
            match (state.tool, state.part_tool.clone(), at) {
                (_, _, Some(pos)) if state.note_tool => {
                    state.place_note(pos);
                }
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
                        state.selected_note = None;
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

/// A drag of `widget` moving the thing keyed `key` (a block's or splitter's label, a note's
/// index): starts, accumulates (in `moving`, scene pixels) and, when it stops, returns the key
/// and the move in whole cells.
pub(super) fn drag_move<K: Clone>(
    widget: &egui::Response,
    moving: &mut Option<(K, Vec2)>,
    key: &K,
) -> Option<(K, i32, i32)> {
    if widget.drag_started_by(PointerButton::Primary) {
        *moving = Some((key.clone(), Vec2::ZERO));
    }
    if widget.dragged()
        && let Some((_, m)) = moving
    {
        *m += widget.drag_delta();
    }
    if widget.drag_stopped()
        && let Some((key, m)) = moving.take()
    {
        return Some((
            key,
            (m.x / CELL).round() as i32,
            (m.y / CELL).round() as i32,
        ));
    }
    None
}
