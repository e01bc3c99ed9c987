//! Painting the schematic: [`Canvas::ui`] shows the scene, culls what is off screen, and draws
//! the grid, the wires, the junctions and the nodes (each node an accessible widget), then
//! calls the blocks, the pending tags and the gestures. [`Canvas::paint_still`] paints the same
//! way once, as a still picture whose shapes are marked by net, node and block (the export).

use egui::{Pos2, Rect, Sense, Vec2};
use sim_core::bus::Bus;
use sim_core::{Cause, NodeId, NodeKind, Trit};

use super::frame::{
    FrameInfo, Group, MAX_FIT_ZOOM, MAX_ZOOM, MIN_ZOOM, Mark, cell_at, cells, px, px_rect, snapped,
};
use super::gestures::Canvas;
use super::{menu, pending};
use crate::pages::circuit::draw::{self, Batch, Known, NodeLook};
use crate::pages::circuit::geometry::{self, CELL};
use crate::pages::circuit::kinds::kind_name;
use crate::pages::circuit::picture::WireKey;
use crate::pages::circuit::state::{CircuitPageState, level_label};
use crate::pages::circuit::views::crisp;

/// What a node (or bus) shows: its values (bit 0 first), a display's text (its digits or
/// segments, see [`draw::display_text`]; a TTY's text) and the text its widget carries (the
/// display's, else its value or its bus's number).
fn shown_text(
    state: &CircuitPageState,
    kind: NodeKind,
    value: Trit,
    bus: Option<&Bus>,
) -> (Vec<Trit>, Option<String>, String) {
    let values = bus.map_or_else(|| vec![value], |b| state.sim.values(&b.bits));
    let shown = match (kind, bus) {
        (NodeKind::Tty, Some(b)) => state.sim.tty_text(&b.name).map(str::to_owned),
        _ => draw::display_text(kind, &values),
    };
    let text = shown.clone().unwrap_or_else(|| {
        bus.map_or_else(
            || value.as_signed_str().to_owned(),
            |b| state.bus_text(&b.name).unwrap_or_default(),
        )
    });
    (values, shown, text)
}

/// How a node made of `bits` (one, or a bus's) is marked: selected, just evaluated, in a loop,
/// flagged by an analysis, hovered.
fn node_look(
    state: &CircuitPageState,
    frame: &FrameInfo,
    bits: &[NodeId],
    hovered: bool,
) -> NodeLook {
    NodeLook {
        selected: bits.iter().any(|b| state.selection.contains(b)),
        evaluating: frame.last.is_some_and(|(n, _)| bits.contains(&n)),
        in_loop: bits.iter().any(|b| frame.in_loop.contains(b)),
        flagged: bits.iter().any(|b| state.analysis.marked.contains(b)),
        hovered,
    }
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

/// The keys of a keypad — a node of `kind` in `rect`, labelled `label`, its bits `group` —
/// as buttons named `KEY1 key A` (none for another kind, zoomed out or in a still picture);
/// a click on one sets the keypad to its digit. Whether one was clicked.
fn keypad(
    ui: &egui::Ui,
    frame: &FrameInfo,
    state: &mut CircuitPageState,
    (kind, rect): (NodeKind, Rect),
    label: &str,
    group: &[NodeId],
) -> bool {
    if kind != NodeKind::Keypad || !frame.detailed || frame.is_still() {
        return false;
    }
    let mut clicked = None;
    for (digit, key) in draw::keypad_keys(rect) {
        let id = ui.scope_id().with(("key", group.first(), digit));
        let button = ui.interact(key, id, Sense::click());
        let name = format!("{label} key {digit:X}");
        button.widget_info(|| {
            egui::WidgetInfo::labeled(egui::accesskit::Role::Button, true, name.as_str())
        });
        if button.clicked() {
            clicked = Some(digit);
        }
    }
    if let Some(digit) = clicked {
        state.press_key(group, digit);
    }
    clicked.is_some()
}

/// Draws a node in full detail in `frame` — `kind`, in `rect` turned by `o`, labelled `local`
/// — from what it shows ([`shown_text`]: its values, its value, a display's text, its
/// widget's text): a display's face, a bus's box (if `bus`) with its number, else the node's
/// symbol.
fn paint_detailed(
    frame: &FrameInfo,
    (rect, o, kind, local): (Rect, sim_core::Orientation, NodeKind, &str),
    (values, value, shown, text): (&[Trit], Trit, Option<&str>, &str),
    bus: bool,
    look: NodeLook,
) {
    let (painter, colors) = (&frame.painter, frame.colors);
    match shown {
        Some(shown) => {
            draw::display_node(painter, colors, rect, o, kind, local, (values, shown), look);
        }
        None if bus => {
            let (width, known) = (values.len(), Known::of(values));
            draw::bus_node(
                painter, colors, rect, o, kind, local, width, text, known, look,
            );
        }
        None => draw::node(painter, colors, rect, o, kind, local, value, look),
    }
}

impl Canvas {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
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
        // The paper of the theme's palette, so the value colours sit on the background their
        // contrast was checked against.
        ui.painter().rect_filled(
            ui.available_rect_before_wrap(),
            0.0,
            draw::Colors::of(ui).paper,
        );
        egui::Scene::new()
            .zoom_range(MIN_ZOOM..=max_zoom)
            .drag_pan_buttons(
                egui::containers::DragPanButtons::SECONDARY
                    | egui::containers::DragPanButtons::MIDDLE,
            )
            .show(ui, &mut scene_rect, |ui| {
                let first = crisp::next_shape(ui);
                self.contents(ui, state);
                crisp::sharpen(ui, first);
            });
        // The canvas's widgets cover the Scene's own pan response, so they pan themselves.
        self.scene_rect = scene_rect.translate(-self.pan);
    }
}

impl Canvas {
    pub(super) fn contents(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        let frame = FrameInfo::new(ui, state, snapped(self.moving.unwrap_or_default()));
        self.paint(ui, state, &frame);
    }

    /// Paints the open level once into `ui` as a still picture — what this canvas shows, at
    /// 100 %, without the grid, the selection, the pointer's hover, the pulse of the event just
    /// stepped or the pending events' tags — and returns where each net's, node's and block's
    /// shapes start on `ui`'s layer. Only what lies in `ui`'s clip rect is painted; a large
    /// level is routed at once rather than on a worker thread. The export draws with this
    /// (see [`crate::pages::circuit::export`]).
    pub fn paint_still(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) -> Vec<Mark> {
        let selection = (
            std::mem::take(&mut state.selection),
            state.selected_wire.take(),
            state.selected_instance.take(),
            state.selected_wiring.take(),
        );
        let frame = FrameInfo::new(ui, state, Vec2::ZERO).still();
        self.paint(ui, state, &frame);
        (
            state.selection,
            state.selected_wire,
            state.selected_instance,
            state.selected_wiring,
        ) = selection;
        frame.into_marks()
    }

    fn paint(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, frame: &FrameInfo) {
        self.out_target = None;
        let background = ui.interact(
            frame.view,
            ui.scope_id().with("background"),
            Sense::click_and_drag(),
        );
        let bounds = self.cull(frame, state).union(self.blocks_bounds(state));
        if bounds.is_positive() {
            // Gives the scene something to fit on the first frame.
            ui.allocate_rect(bounds.expand(2.0 * CELL), Sense::hover());
        }
        let moves = self.moves();
        self.routes.update(ui, state, moves, frame.is_still());
        let mut batch = Batch::new(frame.zoom, frame.colors, self.batch_size);
        if !frame.is_still() {
            draw::grid(&mut batch, frame.view);
        }
        if frame.detailed {
            batch.paint(&frame.painter);
        }
        self.net_halo(frame, state);
        self.wires(frame, state, &mut batch);
        let wiring_actions = self.written_wires(ui, frame, state);
        self.junctions(frame, state);
        let clicked_wiring = Self::apply_wiring(state, wiring_actions);
        if frame.last.is_some() {
            ui.ctx().request_repaint(); // the pulse animates
        }
        let clicked_node = self.nodes(ui, frame, state, &mut batch);
        self.batch_size = batch.len();
        batch.paint(&frame.painter);
        let clicked_block = self.blocks(ui, frame, state);
        if frame.detailed && !frame.is_still() {
            pending::tags(ui, &frame.painter, state, &self.visible, |id| {
                frame.shift(id, state)
            });
        }
        let on_a_note = self.notes(ui, frame, state);
        let clicked_node = clicked_node || clicked_block || clicked_wiring || on_a_note;
        self.pins(ui, frame, state);
        self.background(ui, frame, &background, clicked_node, state);
        if let Some(chosen) = self.chosen.take() {
            menu::apply(state, chosen);
        }
    }

    /// Finds the nodes on screen (into `self.visible`), the wires delivering pending events
    /// and which bus each node is a bit of; returns the bounds of the whole circuit.
    pub(super) fn cull(&mut self, frame: &FrameInfo, state: &CircuitPageState) -> Rect {
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
        // A still picture shows no pending event.
        let pending = state.sim.pending().filter(|_| !frame.is_still());
        for p in pending {
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
    pub(super) fn wires(&self, frame: &FrameInfo, state: &CircuitPageState, batch: &mut Batch) {
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
            let key = WireKey::Node(w.from, w.to, w.input);
            // Until it is routed, or if it cannot be: a ratsnest line.
            let route = self
                .routes
                .get(&key)
                .filter(|_| !self.routes.is_fallback(&key));
            match route {
                Some(route) => path.extend(route.iter().map(|&p| px(p))),
                None => path.extend([px(a), px(b)]),
            }
            let path = &path[..];
            if !frame
                .view
                .expand(margin)
                .intersects(Rect::from_points(path))
            {
                continue;
            }
            frame.mark(|| {
                Group::Net(
                    level_label(&level, &from.label)
                        .unwrap_or_default()
                        .to_owned(),
                )
            });
            let changed_now = frame.last == Some((w.from, true));
            let pulse = changed_now.then_some(frame.pulse);
            let value = state.sim.value(w.from);
            if route.is_none() {
                draw::ratsnest(&frame.painter, frame.colors, path, value);
            } else if frame.detailed {
                draw::wire(&frame.painter, frame.colors, path, value, pulse);
            } else {
                draw::wire_coarse(batch, path, value, pulse);
            }
            if self.delivering.binary_search(&(w.from, w.to)).is_ok() {
                if frame.detailed {
                    draw::marker(&frame.painter, frame.colors, path);
                } else {
                    draw::marker_coarse(batch, path);
                }
            }
        }
    }

    /// The selected wire's whole net, under the wires: every route its driver feeds.
    pub(super) fn net_halo(&self, frame: &FrameInfo, state: &CircuitPageState) {
        let Some(selected) = &state.selected_wire else {
            return;
        };
        let width = (6.0_f32).max(4.0 / frame.zoom.max(MIN_ZOOM));
        for (wire, route) in self.routes.wires.iter().zip(&self.routes.routing.routes) {
            if wire.from == selected.from {
                let path: Vec<Pos2> = route.iter().map(|&p| px(p)).collect();
                draw::halo_line(&frame.painter, frame.colors, &path, width);
            }
        }
    }

    /// The wire under the pointer, if no node is: its connection index.
    pub(super) fn wire_under(&self, frame: &FrameInfo) -> Option<usize> {
        self.wire_at(frame, frame.pointer?)
    }

    /// The wire at scene point `p` (within half a cell, or 6 screen pixels zoomed out).
    pub(super) fn wire_at(&self, frame: &FrameInfo, p: Pos2) -> Option<usize> {
        let p = cell_at(p);
        // Half a cell, or 6 screen pixels when zoomed out.
        let tolerance = (0.3_f32).max(6.0 / (CELL * frame.zoom.max(MIN_ZOOM)));
        self.routes.wire_at(p, tolerance)
    }

    /// A dot wherever a net branches, in the colour of its value (full detail only).
    pub(super) fn junctions(&self, frame: &FrameInfo, state: &CircuitPageState) {
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
                if let Some(wire) = self.routes.wires.get(i) {
                    frame.mark(|| Group::Net(wire.from.to_text()));
                }
                draw::junction(&frame.painter, frame.colors, p, &values);
            }
        }
    }

    /// Every node on screen as an accessible widget; returns whether one was clicked.
    pub(super) fn nodes(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &mut CircuitPageState,
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
            let (kind, value, widget, local, rect) = {
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
                let look = node_look(state, frame, &group, widget.hovered());
                let hover = hover_text(node, bus.as_ref(), &text, value);
                frame.mark(|| Group::Node(local.to_owned()));
                let (kind, o) = (node.kind, node.orientation());
                let turn = draw::drawn_turn(kind, o);
                let widget = if frame.detailed {
                    let shown = (values.as_slice(), value, shown.as_deref(), text.as_str());
                    paint_detailed(frame, (rect, o, kind, local), shown, bus.is_some(), look);
                    widget.on_hover_text(hover)
                } else {
                    // Zoomed out, a bus is tinted as unknown: one trit's colour would mislead.
                    let tint = if bus.is_some() { Trit::Unknown } else { value };
                    draw::node_coarse(batch, rect, turn, node.kind, tint, look);
                    if look.hovered {
                        widget.on_hover_text(hover)
                    } else {
                        widget
                    }
                };
                (node.kind, value, widget, local.to_owned(), rect)
            };
            if widget.clicked() {
                clicked_any = true;
                // A bus switch is set from the inspector: a click selects it.
                let toggles = kind == NodeKind::Switch && bus.is_none();
                Self::click(ui, state, &group, toggles);
            }
            // A keypad's keys, above its node's widget: a click sets its digit.
            clicked_any |= keypad(ui, frame, state, (kind, rect), &local, &group);
            if widget.double_clicked() {
                state.selection = group.iter().copied().collect();
                self.rename_requested = true;
            }
            // A still picture presses nothing (its buttons keep their values).
            if kind == NodeKind::Button && bus.is_none() && !frame.is_still() {
                let down = widget.is_pointer_button_down_on();
                if down != (value == Trit::True) {
                    state.press(id, down);
                }
            }
            let target = menu::Target::Node {
                ids: group.clone(),
                label: local,
            };
            if let Some(chosen) = menu::context_menu(&widget, target) {
                self.chosen = Some(chosen);
            }
            self.drag(&widget, state, &group);
        }
        clicked_any
    }
}
