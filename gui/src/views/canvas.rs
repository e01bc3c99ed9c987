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
//! Every node is also an accessible widget labelled with its node label and carrying its value
//! (`-1`, `0`, `+1`) as text, so screen readers and tests can find "R" and read "Q".

use std::collections::{BTreeSet, HashMap};

use egui::{Pos2, Rect, Sense, Vec2, pos2};
use sim_core::{Cause, Event, NodeId, NodeKind, Pos, Trit};

use super::View;
use crate::draw::{self, NodeLook};
use crate::geometry::{self, CELL, PIN_RADIUS};
use crate::state::AppState;

/// The canvas view (keeps only gesture state; the circuit lives in [`AppState`]).
#[derive(Debug)]
pub struct Canvas {
    /// The visible part of the scene, in scene pixels; kept between frames.
    scene_rect: Rect,
    /// A node drag in progress: the pointer offset so far, in scene pixels.
    moving: Option<Vec2>,
    /// A wire drag in progress, from this node's output.
    wiring: Option<NodeId>,
    /// A box selection in progress, from this scene point.
    boxing: Option<Pos2>,
    /// Set by a double-click: the inspector should focus the label field.
    pub rename_requested: bool,
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
        }
    }
}

/// Scene pixels of a point in cells.
fn px(p: Pos2) -> Pos2 {
    pos2(p.x * CELL, p.y * CELL)
}

fn px_rect(r: Rect) -> Rect {
    Rect::from_min_max(px(r.min), px(r.max))
}

impl Canvas {
    /// Frames the whole circuit on the next frame.
    pub fn fit(&mut self) {
        self.scene_rect = Rect::ZERO;
    }
}

impl View for Canvas {
    fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        let mut scene_rect = self.scene_rect;
        egui::Scene::new()
            .zoom_range(0.1..=4.0)
            .drag_pan_buttons(
                egui::containers::DragPanButtons::SECONDARY
                    | egui::containers::DragPanButtons::MIDDLE,
            )
            .show(ui, &mut scene_rect, |ui| self.contents(ui, state));
        self.scene_rect = scene_rect;
    }
}

/// What one frame of the canvas derives from the state before drawing.
struct FrameInfo {
    painter: egui::Painter,
    /// How far the dragged selection has moved, in scene pixels.
    offset: Vec2,
    /// 0..1, for pulsing the wires of the event just stepped.
    pulse: f32,
    /// The event just stepped.
    last: Option<Event>,
    /// Nodes on the loop of the last oscillation.
    in_loop: BTreeSet<NodeId>,
    /// For each node whose change scheduled pending events: the nodes it scheduled.
    delivering: HashMap<NodeId, Vec<NodeId>>,
    /// The pointer, in scene pixels.
    pointer: Option<Pos2>,
}

impl FrameInfo {
    fn new(ui: &egui::Ui, state: &AppState, offset: Vec2) -> FrameInfo {
        let mut delivering: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
        for p in state.sim.pending() {
            if let Cause::Event(k) = p.cause
                && let Some(e) = state.sim.event(k)
            {
                delivering.entry(e.node).or_default().push(p.node);
            }
        }
        let to_scene = ui.ctx().layer_transform_from_global(ui.layer_id());
        let pointer = ui
            .input(|i| i.pointer.latest_pos())
            .map(|p| to_scene.map_or(p, |t| t * p));
        FrameInfo {
            painter: ui.painter().clone(),
            offset,
            pulse: (ui.input(|i| i.time) * 2.0).fract() as f32,
            last: state.sim.last.clone(),
            in_loop: state
                .sim
                .oscillation
                .iter()
                .flat_map(|o| o.feedback.iter().copied())
                .collect(),
            delivering,
            pointer,
        }
    }

    /// How far node `id` is drawn from its position (the drag offset, if it is selected).
    fn shift(&self, id: NodeId, state: &AppState) -> Vec2 {
        if state.selection.contains(&id) {
            self.offset
        } else {
            Vec2::ZERO
        }
    }
}

impl Canvas {
    fn contents(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        let background = ui.interact(
            ui.max_rect(),
            ui.scope_id().with("background"),
            Sense::click_and_drag(),
        );
        let bounds = state.circuit().nodes().fold(Rect::NOTHING, |b, (_, n)| {
            b.union(px_rect(geometry::rect(n)))
        });
        if bounds.is_positive() {
            // Gives the scene something to fit on the first frame.
            ui.allocate_rect(bounds.expand(2.0 * CELL), Sense::hover());
        }
        let frame = FrameInfo::new(ui, state, self.moving.unwrap_or_default());
        grid(&frame.painter, ui.clip_rect());
        Self::wires(&frame, state);
        if frame.last.is_some() {
            ui.ctx().request_repaint(); // the pulse animates
        }
        let clicked_node = self.nodes(ui, &frame, state);
        self.pins(ui, &frame, state);
        self.background(ui, &frame, &background, clicked_node, state);
    }

    /// Every wire, coloured by its value; the wires of the event just stepped pulse, and wires
    /// delivering a pending event carry a marker.
    fn wires(frame: &FrameInfo, state: &AppState) {
        let c = state.circuit();
        for (_, w) in c.wires() {
            let Some(out) = geometry::output_pin(&c[w.from]) else {
                continue;
            };
            let a = px(out) + frame.shift(w.from, state);
            let b =
                px(geometry::input_pin(&c[w.to], usize::from(w.input))) + frame.shift(w.to, state);
            let path: Vec<Pos2> = geometry::route(a / CELL, b / CELL)
                .into_iter()
                .map(px)
                .collect();
            let changed_now = frame
                .last
                .as_ref()
                .is_some_and(|e| e.node == w.from && e.changed());
            draw::wire(
                &frame.painter,
                &path,
                state.sim.value(w.from),
                changed_now.then_some(frame.pulse),
            );
            if frame
                .delivering
                .get(&w.from)
                .is_some_and(|to| to.contains(&w.to))
            {
                let k = path.len() / 2;
                draw::marker(&frame.painter, path[k - 1].lerp(path[k], 0.5));
            }
        }
    }

    /// Every node as an accessible widget; returns whether one was clicked.
    fn nodes(&mut self, ui: &egui::Ui, frame: &FrameInfo, state: &mut AppState) -> bool {
        let mut clicked_any = false;
        let ids: Vec<NodeId> = state.circuit().nodes().map(|(id, _)| id).collect();
        for id in ids {
            let node = state.circuit()[id].clone();
            let rect = px_rect(geometry::rect(&node)).translate(frame.shift(id, state));
            let value = state.sim.value(id);
            let widget = ui.interact(
                rect,
                ui.scope_id().with(("node", id)),
                Sense::click_and_drag(),
            );
            widget.widget_info(|| {
                let role = match node.kind {
                    NodeKind::Switch | NodeKind::Button => egui::accesskit::Role::Button,
                    _ => egui::accesskit::Role::Label,
                };
                let mut info = egui::WidgetInfo::labeled(role, true, &node.label);
                info.current_text_value = Some(value.as_signed_str().to_owned());
                info
            });
            let look = NodeLook {
                selected: state.selection.contains(&id),
                evaluating: frame.last.as_ref().is_some_and(|e| e.node == id),
                in_loop: frame.in_loop.contains(&id),
                hovered: widget.hovered(),
            };
            draw::node(&frame.painter, rect, node.kind, &node.label, value, look);
            let widget = widget.on_hover_text(format!("{} ({}) = {value}", node.label, node.kind));
            if widget.clicked() {
                clicked_any = true;
                Self::click(ui, state, id, node.kind);
            }
            if widget.double_clicked() {
                state.selection = BTreeSet::from([id]);
                self.rename_requested = true;
            }
            if node.kind == NodeKind::Button {
                let down = widget.is_pointer_button_down_on();
                if down != (value == Trit::True) {
                    state.press(id, down);
                }
            }
            self.drag(&widget, state, id);
        }
        clicked_any
    }

    /// A click on node `id`: select it (Shift toggles it in the selection); toggle a switch.
    fn click(ui: &egui::Ui, state: &mut AppState, id: NodeId, kind: NodeKind) {
        if ui.input(|i| i.modifiers.shift) {
            if !state.selection.remove(&id) {
                state.selection.insert(id);
            }
        } else {
            state.selection = BTreeSet::from([id]);
        }
        if kind == NodeKind::Switch {
            state.toggle(id);
        }
    }

    /// Dragging node `id` moves the selection; the move is committed, snapped, on release.
    fn drag(&mut self, widget: &egui::Response, state: &mut AppState, id: NodeId) {
        if widget.drag_started() {
            if !state.selection.contains(&id) {
                state.selection = BTreeSet::from([id]);
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

    /// Pins: output pins start a wire, input pins end one (right-click disconnects).
    fn pins(&mut self, ui: &egui::Ui, frame: &FrameInfo, state: &mut AppState) {
        let mut target: Option<(NodeId, u8)> = None;
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let ids: Vec<NodeId> = state.circuit().nodes().map(|(id, _)| id).collect();
        for id in ids {
            let node = state.circuit()[id].clone();
            let shift = frame.shift(id, state);
            for (pin, v) in state.sim.input_values(id).into_iter().enumerate() {
                let p = px(geometry::input_pin(&node, pin)) + shift;
                let r = Rect::from_center_size(p, pin_size);
                let response = ui.interact(r, ui.scope_id().with(("in", id, pin)), Sense::click());
                draw::pin(&frame.painter, p, v, response.hovered());
                let response = response.on_hover_text(format!("{}.{pin} = {v}", node.label));
                let pin = u8::try_from(pin).unwrap_or(u8::MAX);
                if response.secondary_clicked() {
                    state.disconnect_input(id, pin);
                }
                if frame.pointer.is_some_and(|q| r.contains(q)) {
                    target = Some((id, pin));
                }
            }
            if let Some(out) = geometry::output_pin(&node) {
                let p = px(out) + shift;
                let r = Rect::from_center_size(p, pin_size);
                let response = ui.interact(r, ui.scope_id().with(("out", id)), Sense::drag());
                let v = state.sim.value(id);
                draw::pin(&frame.painter, p, v, response.hovered());
                let response = response.on_hover_text(format!("{} = {v}", node.label));
                if response.drag_started() {
                    self.wiring = Some(id);
                }
                if self.wiring == Some(id)
                    && let Some(q) = frame.pointer
                {
                    draw::wire(&frame.painter, &[p, q], v, None);
                }
            }
        }
        if ui.input(|i| i.pointer.any_released())
            && let Some(from) = self.wiring.take()
            && let Some((to, input)) = target
        {
            state.connect(from, to, input);
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
        if background.drag_started() {
            self.boxing = background.interact_pointer_pos();
        }
        if let (Some(start), Some(now)) = (self.boxing, frame.pointer) {
            let r = Rect::from_two_pos(start, now);
            frame.painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(1.0, draw::SELECTED),
                egui::StrokeKind::Inside,
            );
            if background.drag_stopped() {
                let hit: BTreeSet<NodeId> = state
                    .circuit()
                    .nodes()
                    .filter(|(_, n)| r.intersects(px_rect(geometry::rect(n))))
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
            match (state.tool, background.interact_pointer_pos()) {
                (Some(kind), Some(p)) => {
                    let (x, y) = geometry::snap(p / CELL);
                    state.place(kind, Pos { x, y });
                }
                _ => state.selection.clear(),
            }
        }
        if let Some(kind) = background.dnd_release_payload::<NodeKind>()
            && let Some(p) = frame.pointer
        {
            let (x, y) = geometry::snap(p / CELL);
            state.place(*kind, Pos { x, y });
        }
    }
}

/// Grid dots every cell, within `clip` (scene pixels).
fn grid(painter: &egui::Painter, clip: Rect) {
    let step = CELL;
    let (x0, x1) = (
        (clip.min.x / step).floor() as i32,
        (clip.max.x / step).ceil() as i32,
    );
    let (y0, y1) = (
        (clip.min.y / step).floor() as i32,
        (clip.max.y / step).ceil() as i32,
    );
    if (x1 - x0) * (y1 - y0) > 40_000 {
        return; // zoomed far out: dots would be noise
    }
    let color = egui::Color32::from_gray(215);
    for x in x0..=x1 {
        for y in y0..=y1 {
            painter.circle_filled(pos2(x as f32 * step, y as f32 * step), 1.0, color);
        }
    }
}
