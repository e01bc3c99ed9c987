//! The hierarchy on the canvas: the open level's instances as blocks with labelled pins, the
//! pins of the part looked inside (its switches and lamps, drawn where the part has them),
//! and the wires that reach a pin, each coloured by the value its driver carries.
//!
//! * click a block: select it; double-click: open it (look inside); drag: move it;
//! * drag from an output pin (of a block, or an input pin of the open part) to an input
//!   (a node's, a block's, or an output pin of the open part): connect; right-click a
//!   block's input pin: disconnect it; right-click the block: its menu (rename, rotate,
//!   flip, delete).
//!
//! Every block is an accessible widget labelled with its instance label (its value text is
//! the part's name), and every block pin one labelled `INSTANCE.PIN` carrying its value, so
//! tests and screen readers read pins as they read nodes.
//!
//! On a level that uses buses ([`CircuitPageState::written_level`]) every wire is drawn as the file
//! writes it, each resolved to the bits it carries ([`CircuitPageState::end_bits`]): a bus wire once,
//! thick, with its number written before its input in the radix of the bus it comes from;
//! splitters and mergers as a spine with a branch per bit range. A bus pin of a block is
//! named with its width (`a/4`) and carries its number (`lo.a` = `11`).

use egui::{Pos2, Rect, Sense, Vec2};
use sim_core::desc::SplitOutput;
use sim_core::number::{self, Radix};
use sim_core::{Node, NodeId, NodeKind, Trit};

use super::frame::{FrameInfo, Group, MIN_ZOOM, cells, px, px_rect, snapped, value_text};
use super::gestures::{Canvas, drag_move};
use super::menu;
use crate::pages::circuit::draw::{self, Colors, Known, NodeLook};
use crate::pages::circuit::geometry::{self, CELL, GridPoint, PIN_RADIUS, Vector};
use crate::pages::circuit::legibility;
use crate::pages::circuit::picture::{self, Block, Ends, Moves, WireKey};
use crate::pages::circuit::state::{CircuitPageState, End};

impl Canvas {
    /// The drags in progress, in whole cells.
    pub(super) fn moves(&self) -> Moves {
        let whole = |v: Vec2| cells(snapped(v));
        Moves {
            selection: self.moving.map_or(Vector::ZERO, whole),
            block: self
                .moving_block
                .as_ref()
                .map(|(l, v)| (l.clone(), whole(*v))),
            wiring: self
                .moving_wiring
                .as_ref()
                .map(|(l, v)| (l.clone(), whole(*v))),
        }
    }

    /// The open level's blocks, in cells, with the drag offset of the one being moved.
    pub(super) fn level_blocks(&self, state: &CircuitPageState) -> Vec<Block> {
        picture::level_blocks(state, &self.moves())
    }

    /// The bounds of the open level's blocks and pins, in scene pixels.
    pub(super) fn blocks_bounds(&self, state: &CircuitPageState) -> Rect {
        let mut bounds = Rect::NOTHING;
        for b in self.level_blocks(state) {
            bounds = bounds.union(px_rect(b.rect));
        }
        for n in state.level_pins() {
            bounds = bounds.union(px_rect(geometry::rect(&n)));
        }
        bounds
    }

    /// Draws the wires reaching pins, the open part's pins and the blocks, and handles their
    /// gestures; returns whether a block was clicked.
    pub(super) fn blocks(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &mut CircuitPageState,
    ) -> bool {
        let blocks = self.level_blocks(state);
        let pins = state.level_pins();
        if blocks.is_empty() && pins.is_empty() {
            return false;
        }
        let wires = state.level_pin_wires();
        let moves = self.moves();
        let ends = Ends::new(state, &moves, &blocks, &pins);
        // A level with buses has drawn every wire as written (`written_wires`).
        let pin_wires = if state.written_level().is_some() {
            &[][..]
        } else {
            &wires[..]
        };
        for (i, (from, _, _)) in pin_wires.iter().enumerate() {
            let Some(route) = self.routes.get(&WireKey::Pin(i)) else {
                continue;
            };
            let route: Vec<Pos2> = route.iter().map(|&p| px(p)).collect();
            frame.mark(|| Group::Net(from.to_text()));
            if self.routes.is_fallback(&WireKey::Pin(i)) {
                draw::ratsnest(&frame.painter, frame.colors, &route, state.end_value(from));
            } else {
                draw::wire(
                    &frame.painter,
                    frame.colors,
                    &route,
                    state.end_value(from),
                    None,
                );
            }
        }
        let preview = self
            .wiring_end
            .as_ref()
            .and_then(|from| Some((ends.out_at(from)?, state.end_value(from))));
        // The instance holding the node of the event just stepped.
        let busy: Option<String> = frame.last.and_then(|(id, _)| {
            let label = &state.circuit().node(id)?.label;
            state.instance_holding(label).map(str::to_owned)
        });
        let mut clicked = false;
        let mut actions: Vec<Action> = Vec::new();
        self.block_target = None;
        for n in &pins {
            self.part_pin(ui, frame, state, n, &mut actions);
        }
        for b in &blocks {
            clicked |= self.block(ui, frame, state, b, busy.as_deref(), &mut actions);
        }
        // The wire being drawn from a pin, to the pointer.
        if let (Some((a, v)), Some(q)) = (preview, frame.pointer) {
            draw::wire(
                &frame.painter,
                frame.colors,
                &self.drawn_path(px(a), q),
                v,
                None,
            );
        }
        for action in actions {
            match action {
                Action::Select(label) => {
                    state.selection.clear();
                    state.selected_note = None;
                    state.selected_instance = Some(label);
                }
                Action::Open(label) => {
                    state.open_instance(&label);
                }
                Action::Move(label, dx, dy) => state.move_instance(&label, dx, dy),
                Action::Disconnect(end) => state.disconnect_end(&end),
                Action::Menu(widget, label) => {
                    if let Some(chosen) = menu::context_menu(&widget, menu::Target::Block(label)) {
                        self.chosen = Some(chosen);
                    }
                }
            }
        }
        clicked
    }

    /// On a level that uses buses: every wire as the file writes it, coloured by what it
    /// carries — a bus wire once, thick — and the splitters and mergers. The number a bus wire
    /// carries is written where it leaves a splitter, a merger or a block's pin, in the radix
    /// of the end it comes from, else of the end it goes to (a bus node shows its number
    /// itself). Wires of the event just stepped pulse; a wire into a node delivering a pending
    /// event carries a marker. The routes are kept until the document or the level changes.
    pub(super) fn written_wires(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &CircuitPageState,
    ) -> Vec<WiringAction> {
        self.wiring_target = None;
        let mut actions = Vec::new();
        let Some((nodes, wires)) = state.written_level() else {
            return actions;
        };
        let blocks = self.level_blocks(state);
        let pins = state.level_pins();
        let moves = self.moves();
        let ends = Ends::new(state, &moves, &blocks, &pins);
        let instances = state.level_instances();
        let margin = 8.0 / frame.zoom.max(MIN_ZOOM);
        let view = frame.view.expand(margin);
        let mut labels: Vec<(&str, Pos2, String)> = Vec::new();
        for (i, w) in wires.iter().enumerate() {
            let Some(route) = self.routes.get(&WireKey::Written(i)) else {
                continue;
            };
            let path: Vec<Pos2> = route.iter().copied().map(px).collect();
            // A net whose wire has no length still gets its group in a still picture.
            frame.mark(|| Group::Net(w.from.clone()));
            if path.len() < 2 || !view.intersects(Rect::from_points(&path)) {
                continue;
            }
            let bits = state.end_bits(&state.level, &w.from);
            let values = state.bit_values(&bits);
            let pulse = frame
                .last
                .filter(|&(id, changed)| changed && bits.contains(&Some(id)))
                .map(|_| frame.pulse);
            if self.routes.is_fallback(&WireKey::Written(i)) {
                let v = values.first().copied().unwrap_or(Trit::Unknown);
                draw::ratsnest(&frame.painter, frame.colors, &path, v);
            } else if values.len() > 1 {
                draw::bus_wire(
                    &frame.painter,
                    frame.colors,
                    &path,
                    Known::of(&values),
                    pulse,
                );
                // A bus node shows its own number, and a lamp or probe the one it receives.
                let shown = |end: &str| {
                    End::parse(end, instances) == End::Node(end.to_owned())
                        && ends
                            .pin_node(end)
                            .or_else(|| ends.written_node(end))
                            .is_some_and(|n| !n.kind.is_wiring())
                };
                let shown_at_target = shown(&w.to)
                    && ends
                        .pin_node(&w.to)
                        .or_else(|| ends.written_node(&w.to))
                        .is_some_and(|n| !n.kind.has_output());
                let labelled = labels.iter().any(|l| l.0 == w.from);
                if frame.detailed && !shown(&w.from) && !shown_at_target && !labelled {
                    let radix = state
                        .end_radix(&state.level, &w.from)
                        .or_else(|| state.end_radix(&state.level, &w.to))
                        .or_else(|| {
                            let first = bits.iter().flatten().next()?;
                            Some(state.bus_radix(&state.bus_of(*first)?.name))
                        })
                        .unwrap_or_default();
                    labels.push((&w.from, path[0], number::format(&values, radix)));
                }
            } else {
                let v = values.first().copied().unwrap_or(Trit::Unknown);
                draw::wire(&frame.painter, frame.colors, &path, v, pulse);
            }
            let to = End::parse(&w.to, instances);
            if self.delivers(&ends, &bits, &to) {
                draw::marker(&frame.painter, frame.colors, &path);
            }
        }
        for n in nodes.iter().filter(|n| n.kind.is_wiring()) {
            let rect = px_rect(geometry::rect(n));
            if !view.intersects(rect) {
                continue;
            }
            let selected = state.selected_wiring.as_deref() == Some(n.label.as_str());
            frame.mark(|| Group::Node(n.label.clone()));
            if let Some(action) = self.wiring_node(ui, frame, state, n, selected) {
                actions.push(action);
            }
        }
        // Over the wires, so that no wire hides a number.
        for (from, at, text) in labels {
            frame.mark(|| Group::Net(from.to_owned()));
            draw::bus_label(&frame.painter, frame.colors, at, &text, frame.zoom);
        }
        actions
    }

    /// A splitter, merger or tunnel of a level that uses buses or tunnels: drawn (with its
    /// drag offset), an accessible widget named after it (its value: a splitter's or merger's
    /// kind, `Split(0-3,4-7)`; a tunnel's net name); a click selects it, a drag moves it, its
    /// output pins start wires and its input pins end them.
    fn wiring_node(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &CircuitPageState,
        n: &Node,
        selected: bool,
    ) -> Option<WiringAction> {
        let shift = match &self.moving_wiring {
            Some((label, offset)) if *label == n.label => snapped(*offset),
            _ => Vec2::ZERO,
        };
        let rect = px_rect(geometry::rect(n)).translate(shift);
        let tunnel = sim_core::tunnel::net_name(n);
        let values = tunnel.map(|_| state.level_end_values(&n.label));
        draw::turned(&frame.painter, rect, n.orientation(), |r| {
            match (tunnel, &values) {
                (Some(name), Some(values)) => {
                    draw::tunnel(&frame.painter, frame.colors, r, name, values);
                }
                _ => draw::wiring(&frame.painter, frame.colors, r, n.kind),
            }
        });
        if selected {
            frame.painter.rect_stroke(
                rect.expand(3.0),
                3.0,
                egui::Stroke::new(2.0, frame.colors.selected),
                egui::StrokeKind::Outside,
            );
        }
        let widget = ui.interact(
            rect,
            ui.scope_id().with(("wiring", &n.label)),
            Sense::click_and_drag(),
        );
        let value = tunnel.map_or_else(|| n.kind.to_string(), str::to_owned);
        widget.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Group, true, &n.label);
            info.current_text_value = Some(value.clone());
            info
        });
        let what = match n.kind {
            NodeKind::Split(r) => format!("splitter {r}"),
            NodeKind::Merge(r) => format!("merger {r}"),
            NodeKind::Tunnel => format!("tunnel `{value}`"),
            _ => return None,
        };
        let widget = widget.on_hover_text(format!("{} ({what})", n.label));
        let mut action = None;
        if !self.panned(&widget)
            && let Some((label, dx, dy)) = drag_move(&widget, &mut self.moving_wiring, &n.label)
        {
            action = Some(WiringAction::Move(label, dx, dy));
        }
        if widget.clicked() {
            action = Some(WiringAction::Select(n.label.clone()));
        }
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let shift_cells = cells(shift);
        let (outs, ins) = wiring_pins(n);
        for (at, end) in outs {
            let r = Rect::from_center_size(px(at + shift_cells), pin_size);
            let response = ui.interact(r, ui.scope_id().with(("wiring-out", &end)), Sense::drag());
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.out_target = Some(End::Node(end.clone()));
            }
            if response.drag_started() {
                self.wiring_end = Some(End::Node(end));
            }
        }
        for (at, pin) in ins {
            let r = Rect::from_center_size(px(at + shift_cells), pin_size);
            let response = ui.interact(
                r,
                ui.scope_id().with(("wiring-in", &n.label, pin)),
                Sense::click_and_drag(),
            );
            if response.secondary_clicked() {
                action = Some(WiringAction::Disconnect(n.label.clone(), pin));
            }
            if response.drag_started() {
                self.wiring_back = Some((End::Node(n.label.clone()), pin, r.center()));
            }
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.wiring_target = Some((End::Node(n.label.clone()), pin));
            }
        }
        action
    }

    /// Applies what the splitters' and mergers' gestures asked; returns whether one was
    /// clicked.
    pub(super) fn apply_wiring(state: &mut CircuitPageState, actions: Vec<WiringAction>) -> bool {
        let mut clicked = false;
        for action in actions {
            match action {
                WiringAction::Select(label) => {
                    clicked = true;
                    state.selection.clear();
                    state.selected_instance = None;
                    state.selected_note = None;
                    state.selected_wiring = Some(label);
                }
                WiringAction::Move(label, dx, dy) => {
                    state.move_written(&std::collections::BTreeSet::from([label]), dx, dy);
                }
                WiringAction::Disconnect(label, pin) => state.disconnect_written(&label, pin),
            }
        }
        clicked
    }

    /// Whether a wire carrying `bits` into `to` delivers a pending event: some bit's change
    /// waits to be evaluated by the node it drives at `to` (a node of the level).
    fn delivers(&self, ends: &Ends<'_>, bits: &[Option<NodeId>], to: &End) -> bool {
        let End::Node(label) = to else {
            return false;
        };
        let Some(node) = ends.written_node(label).filter(|n| !n.kind.is_wiring()) else {
            return false;
        };
        let width = usize::from(node.width);
        (0..width).any(|i| {
            let target = if width == 1 {
                ends.flat(label)
            } else {
                ends.flat(&sim_core::literal::bit_label(label, i))
            };
            let source = bits.get(i).or_else(|| bits.first()).copied().flatten();
            matches!((source, target), (Some(s), Some(t)) if self.delivering.binary_search(&(s, t)).is_ok())
        })
    }

    /// One of the open part's pins: drawn like the switch or lamp it is, readable as a
    /// widget, with its pin circle.
    fn part_pin(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &CircuitPageState,
        n: &Node,
        actions: &mut Vec<Action>,
    ) {
        let rect = px_rect(geometry::rect(n));
        frame.mark(|| Group::Node(n.label.clone()));
        let values = state.bit_values(&state.pin_node_bits(&n.label));
        let radix = state.end_radix(&state.level, &n.label).unwrap_or_default();
        let text = value_text(&values, radix);
        let widget = ui.interact(rect, ui.scope_id().with(("pin", &n.label)), Sense::hover());
        widget.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Status, true, &n.label);
            info.current_text_value = Some(text.clone());
            info
        });
        let look = NodeLook {
            hovered: widget.hovered(),
            ..NodeLook::default()
        };
        let value = match values[..] {
            [v] => v,
            _ => Trit::Unknown,
        };
        let (painter, colors) = (&frame.painter, frame.colors);
        if n.width > 1 {
            let known = Known::of(&values);
            let width = usize::from(n.width);
            draw::bus_node(
                painter,
                colors,
                rect,
                n.orientation(),
                n.kind,
                &n.label,
                width,
                &text,
                known,
                look,
            );
        } else {
            draw::node(
                painter,
                colors,
                rect,
                n.orientation(),
                n.kind,
                &n.label,
                value,
                look,
            );
        }
        let _ = widget.on_hover_text(format!("pin {} = {text}", n.label));
        let known = (n.width > 1).then(|| Known::of(&values));
        self.pin_gestures(ui, frame, n, value, known, actions);
    }

    /// One block: drawn, selectable, openable, movable, with its pins; returns whether it
    /// was clicked.
    #[allow(
        clippy::too_many_arguments,
        reason = "the frame's pieces, passed rather than bundled for one caller"
    )]
    fn block(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &CircuitPageState,
        b: &Block,
        busy: Option<&str>,
        actions: &mut Vec<Action>,
    ) -> bool {
        let rect = px_rect(b.rect);
        frame.mark(|| Group::Block(b.label.clone()));
        let widget = ui.interact(
            rect,
            ui.scope_id().with(("block", &b.label)),
            Sense::click_and_drag(),
        );
        widget.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Group, true, &b.label);
            info.current_text_value = Some(b.part.clone());
            info
        });
        let look = NodeLook {
            selected: state.selected_instance.as_deref() == Some(&b.label),
            evaluating: busy == Some(&b.label),
            in_loop: false,
            flagged: false,
            hovered: widget.hovered(),
        };
        // A bus pin is named with its width: `a/4`.
        let names = |pins: &[String], widths: &[usize]| -> Vec<String> {
            pins.iter()
                .zip(widths)
                .map(|(p, &w)| legibility::pin_label(p, w))
                .collect()
        };
        draw::block(
            &frame.painter,
            frame.colors,
            rect,
            b.orientation,
            (&b.label, &b.part),
            &names(&b.inputs, &b.widths.0),
            &names(&b.outputs, &b.widths.1),
            look,
        );
        let widget = widget.on_hover_text(format!(
            "{} ({}): double-click to look inside",
            b.label, b.part
        ));
        if widget.double_clicked() {
            actions.push(Action::Open(b.label.clone()));
        }
        actions.push(Action::Menu(widget.clone(), b.label.clone()));
        if !self.panned(&widget)
            && let Some((label, dx, dy)) = drag_move(&widget, &mut self.moving_block, &b.label)
        {
            actions.push(Action::Move(label, dx, dy));
        }
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let end = |pin: &String| End::Pin {
            instance: b.label.clone(),
            pin: pin.clone(),
        };
        for (i, pin) in b.inputs.iter().enumerate() {
            let (p, end) = (px(b.input(i)), end(pin));
            let r = Rect::from_center_size(p, pin_size);
            // What the pin receives: the value of the wire into it.
            let values = state.bit_values(&state.bits_into(&end.to_text()));
            let response = pin_widget(ui, r, &end, &values, pin_radix(state, &end));
            draw_pin(&frame.painter, frame.colors, p, &values, response.hovered());
            if response.secondary_clicked() {
                actions.push(Action::Disconnect(end.clone()));
            }
            if response.drag_started() {
                self.wiring_back = Some((end.clone(), 0, p));
            }
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.block_target = Some(end);
            }
        }
        for (i, pin) in b.outputs.iter().enumerate() {
            let (p, end) = (px(b.output(i)), end(pin));
            let r = Rect::from_center_size(p, pin_size);
            let values = state.level_end_values(&end.to_text());
            let response = pin_widget(ui, r, &end, &values, pin_radix(state, &end));
            draw_pin(&frame.painter, frame.colors, p, &values, response.hovered());
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.out_target = Some(end.clone());
            }
            if response.drag_started() {
                self.wiring_end = Some(end);
            }
        }
        if widget.clicked() {
            actions.push(Action::Select(b.label.clone()));
            return true;
        }
        false
    }

    /// The pin circle of one of the open part's pins: an input pin (a switch) starts wires,
    /// an output pin (a lamp) ends them.
    fn pin_gestures(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        n: &Node,
        value: Trit,
        bus: Option<Known>,
        actions: &mut Vec<Action>,
    ) {
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let end = End::Node(n.label.clone());
        let draw_pin = |p: Pos2, hovered: bool| match bus {
            Some(known) => draw::bus_pin(&frame.painter, frame.colors, p, known, hovered),
            None => draw::pin(&frame.painter, frame.colors, p, value, hovered),
        };
        if let Some(out) = geometry::output_pin(n) {
            let p = px(out);
            let r = Rect::from_center_size(p, pin_size);
            let response = ui.interact(r, ui.scope_id().with(("pin-out", &n.label)), Sense::drag());
            draw_pin(p, response.hovered());
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.out_target = Some(end.clone());
            }
            if response.drag_started() {
                self.wiring_end = Some(end);
            }
        } else {
            let p = px(geometry::input_pin(n, 0));
            let r = Rect::from_center_size(p, pin_size);
            let response = ui.interact(
                r,
                ui.scope_id().with(("pin-in", &n.label)),
                Sense::click_and_drag(),
            );
            draw_pin(p, response.hovered());
            if response.secondary_clicked() {
                actions.push(Action::Disconnect(end.clone()));
            }
            if response.drag_started() {
                self.wiring_back = Some((end.clone(), 0, p));
            }
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.block_target = Some(end);
            }
        }
    }

    /// A wire being drawn ends: connects whatever it was drawn from (a node's output or a
    /// pin) to what is under the pointer (a node's input or a pin) through `bends`, as one
    /// undo step.
    pub(super) fn finish_pin_wiring(
        &mut self,
        state: &mut CircuitPageState,
        from_node: Option<NodeId>,
        node_target: Option<(NodeId, u8)>,
        bends: Vec<sim_core::Pos>,
    ) {
        let local = |state: &CircuitPageState, id: NodeId| {
            state
                .circuit()
                .node(id)
                .and_then(|n| state.on_level(&n.label).map(str::to_owned))
        };
        let from = match (from_node, self.wiring_end.take()) {
            (Some(id), _) => local(state, id).map(End::Node),
            (None, end) => end,
        };
        let Some(from) = from else { return };
        let to = match (node_target, self.block_target.take()) {
            _ if self.wiring_target.is_some() => self.wiring_target.take(),
            (_, Some(end)) => Some((end, 0)),
            (Some((id, input)), None) => local(state, id).map(|l| (End::Node(l), input)),
            (None, None) => None,
        };
        if let Some((to, input)) = to {
            state.connect_bent(&from, &to, input, bends);
        }
    }
}

/// A block pin as an accessible widget named `INSTANCE.PIN` carrying its value: a trit as
/// `-1`, `0` or `+1`, a bus as a number in `radix`.
fn pin_widget(ui: &egui::Ui, r: Rect, end: &End, values: &[Trit], radix: Radix) -> egui::Response {
    let name = end.to_text();
    let text = value_text(values, radix);
    let response = ui.interact(
        r,
        ui.scope_id().with(("block-pin", &name)),
        Sense::click_and_drag(),
    );
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Status, true, &name);
        info.current_text_value = Some(text.clone());
        info
    });
    response.on_hover_text(format!("{name} = {text}"))
}

/// A pin showing `values`: a trit's dot, or a bus's square.
fn draw_pin(painter: &egui::Painter, colors: &Colors, p: Pos2, values: &[Trit], hovered: bool) {
    match values {
        [v] => draw::pin(painter, colors, p, *v, hovered),
        _ => draw::bus_pin(painter, colors, p, Known::of(values), hovered),
    }
}

/// The radix a pin of the open level is shown in (its part's pin node's, else hexadecimal).
fn pin_radix(state: &CircuitPageState, end: &End) -> Radix {
    state
        .end_radix(&state.level, &end.to_text())
        .unwrap_or_default()
}

/// The output pins of a splitter or merger (where, and the wire end they start) and its
/// input pins (where, and the pin), in cells.
type WiringPins = (Vec<(GridPoint, String)>, Vec<(GridPoint, u8)>);

/// The pins of splitter, merger or tunnel `n`: its outputs (where, and the wire end they
/// are) and its inputs (where, and the input pin). A splitter takes its whole bus in and
/// gives its ranges out (`SP.0`, `SP.1`, …); a merger the other way round; a tunnel has one
/// input (its net's driver) and one output (what it feeds).
fn wiring_pins(n: &Node) -> WiringPins {
    let output = || {
        geometry::output_pin(n)
            .map(|p| (p, n.label.clone()))
            .into_iter()
            .collect()
    };
    match n.kind {
        NodeKind::Split(ranges) => (
            (0..ranges.len())
                .map(|k| (geometry::split_output(n, k), SplitOutput::text(&n.label, k)))
                .collect(),
            vec![(geometry::input_pin(n, 0), 0)],
        ),
        NodeKind::Merge(ranges) => (
            output(),
            (0..ranges.len())
                .map(|k| {
                    let pin = u8::try_from(k).unwrap_or(u8::MAX);
                    (geometry::input_pin(n, k), pin)
                })
                .collect(),
        ),
        _ => (output(), vec![(geometry::input_pin(n, 0), 0)]),
    }
}

/// What the gestures on a splitter or merger ask of the state, applied after drawing.
pub(super) enum WiringAction {
    /// Select it.
    Select(String),
    /// Move it by cells.
    Move(String, i32, i32),
    /// Remove the wire into its input pin.
    Disconnect(String, u8),
}

/// What the blocks' gestures ask of the state, applied after drawing.
enum Action {
    Select(String),
    Open(String),
    Move(String, i32, i32),
    Disconnect(End),
    /// The block's right-click menu, on its widget.
    Menu(egui::Response, String),
}
