//! The hierarchy on the canvas: the open level's instances as blocks with labelled pins, the
//! pins of the part looked inside (its switches and lamps, drawn where the part has them),
//! and the wires that reach a pin, each coloured by the value its driver carries.
//!
//! * click a block: select it; double-click: open it (look inside); drag: move it;
//! * drag from an output pin (of a block, or an input pin of the open part) to an input
//!   (a node's, a block's, or an output pin of the open part): connect; right-click a
//!   block's input pin: disconnect it.
//!
//! Every block is an accessible widget labelled with its instance label (its value text is
//! the part's name), and every block pin one labelled `INSTANCE.PIN` carrying its value, so
//! tests and screen readers read pins as they read nodes.

use egui::{PointerButton, Pos2, Rect, Sense, Vec2};
use sim_core::{Node, NodeId, Trit};

use super::canvas::cells;
use super::canvas::{Canvas, FrameInfo, px, px_rect};
use crate::draw::{self, NodeLook};
use crate::geometry::{self, Area, CELL, PIN_RADIUS, Point, Vector};
use crate::state::{AppState, End};

/// What the canvas needs of one instance of the open level, copied out of the state.
struct Block {
    label: String,
    part: String,
    inputs: Vec<String>,
    outputs: Vec<String>,
    /// The block's box, in cells (with the drag offset).
    rect: Area,
}

impl Block {
    fn input(&self, i: usize) -> Point {
        geometry::block_input(self.rect, i)
    }

    fn output(&self, i: usize) -> Point {
        geometry::block_output(self.rect, i)
    }
}

impl Canvas {
    /// The open level's blocks, in cells, with the drag offset of the one being moved.
    fn level_blocks(&self, state: &AppState) -> Vec<Block> {
        state
            .level_instances()
            .iter()
            .filter_map(|inst| {
                let (part, inputs, outputs) = state.instance_pins(&inst.label)?;
                let at = geometry::block_rect(inst.pos, inputs.len(), outputs.len());
                let shift = match &self.moving_block {
                    Some((label, offset)) if *label == inst.label => cells(*offset),
                    _ => Vector::ZERO,
                };
                Some(Block {
                    label: inst.label.clone(),
                    part,
                    inputs,
                    outputs,
                    rect: Area::from_min_size(at.min + shift, at.max - at.min),
                })
            })
            .collect()
    }

    /// The bounds of the open level's blocks and pins, in scene pixels.
    pub(super) fn blocks_bounds(&self, state: &AppState) -> Rect {
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
        state: &mut AppState,
    ) -> bool {
        let blocks = self.level_blocks(state);
        let pins = state.level_pins();
        if blocks.is_empty() && pins.is_empty() {
            return false;
        }
        let wires = state.level_pin_wires();
        let ends = Ends {
            state,
            frame,
            blocks: &blocks,
            pins: &pins,
            prefix: state.level_prefix(),
        };
        for (from, to, input) in &wires {
            let (Some(a), Some(b)) = (ends.out_at(from), ends.in_at(to, *input)) else {
                continue;
            };
            let route: Vec<Pos2> = geometry::route(a, b).into_iter().map(px).collect();
            draw::wire(&frame.painter, &route, state.end_value(from), None);
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
            clicked |= self.block(ui, frame, state, b, busy.as_deref(), &wires, &mut actions);
        }
        // The wire being drawn from a pin, to the pointer.
        if let (Some((a, v)), Some(q)) = (preview, frame.pointer) {
            draw::wire(&frame.painter, &[px(a), q], v, None);
        }
        for action in actions {
            match action {
                Action::Select(label) => {
                    state.selection.clear();
                    state.selected_instance = Some(label);
                }
                Action::Open(label) => {
                    state.open_instance(&label);
                }
                Action::Move(label, dx, dy) => state.move_instance(&label, dx, dy),
                Action::Disconnect(end) => state.disconnect_end(&end),
            }
        }
        clicked
    }

    /// One of the open part's pins: drawn like the switch or lamp it is, readable as a
    /// widget, with its pin circle.
    fn part_pin(
        &mut self,
        ui: &egui::Ui,
        frame: &FrameInfo,
        state: &AppState,
        n: &Node,
        actions: &mut Vec<Action>,
    ) {
        let rect = px_rect(geometry::rect(n));
        let value = state.pin_node_value(&n.label);
        let widget = ui.interact(rect, ui.scope_id().with(("pin", &n.label)), Sense::hover());
        widget.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Status, true, &n.label);
            info.current_text_value = Some(value.as_signed_str().to_owned());
            info
        });
        draw::node(
            &frame.painter,
            rect,
            n.kind,
            &n.label,
            value,
            NodeLook {
                hovered: widget.hovered(),
                ..NodeLook::default()
            },
        );
        let _ = widget.on_hover_text(format!("pin {} = {value}", n.label));
        self.pin_gestures(ui, frame, n, value, actions);
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
        state: &AppState,
        b: &Block,
        busy: Option<&str>,
        wires: &[(End, End, u8)],
        actions: &mut Vec<Action>,
    ) -> bool {
        let rect = px_rect(b.rect);
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
            hovered: widget.hovered(),
        };
        let names = |pins: &[String]| -> Vec<(String, f32)> {
            pins.iter()
                .enumerate()
                .map(|(i, p)| (p.clone(), px(b.input(i)).y))
                .collect()
        };
        draw::block(
            &frame.painter,
            rect,
            (&b.label, &b.part),
            &names(&b.inputs),
            &names(&b.outputs),
            look,
        );
        let widget = widget.on_hover_text(format!(
            "{} ({}): double-click to look inside",
            b.label, b.part
        ));
        if widget.double_clicked() {
            actions.push(Action::Open(b.label.clone()));
        }
        if !self.panned(&widget) {
            if widget.drag_started_by(PointerButton::Primary) {
                self.moving_block = Some((b.label.clone(), Vec2::ZERO));
            }
            if widget.dragged()
                && let Some((_, m)) = &mut self.moving_block
            {
                *m += widget.drag_delta();
            }
            if widget.drag_stopped()
                && let Some((label, m)) = self.moving_block.take()
            {
                let (dx, dy) = ((m.x / CELL).round() as i32, (m.y / CELL).round() as i32);
                actions.push(Action::Move(label, dx, dy));
            }
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
            let v = wires
                .iter()
                .find(|(_, to, _)| *to == end)
                .map_or(Trit::Unknown, |(from, _, _)| state.end_value(from));
            let response = pin_widget(ui, r, &end, v);
            draw::pin(&frame.painter, p, v, response.hovered());
            if response.secondary_clicked() {
                actions.push(Action::Disconnect(end.clone()));
            }
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.block_target = Some(end);
            }
        }
        for (i, pin) in b.outputs.iter().enumerate() {
            let (p, end) = (px(b.output(i)), end(pin));
            let r = Rect::from_center_size(p, pin_size);
            let v = state.end_value(&end);
            let response = pin_widget(ui, r, &end, v);
            draw::pin(&frame.painter, p, v, response.hovered());
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
        actions: &mut Vec<Action>,
    ) {
        let pin_size = Vec2::splat(2.0 * PIN_RADIUS * CELL);
        let end = End::Node(n.label.clone());
        if let Some(out) = geometry::output_pin(n) {
            let p = px(out);
            let r = Rect::from_center_size(p, pin_size);
            let response = ui.interact(r, ui.scope_id().with(("pin-out", &n.label)), Sense::drag());
            draw::pin(&frame.painter, p, value, response.hovered());
            if response.drag_started() {
                self.wiring_end = Some(end);
            }
        } else {
            let p = px(geometry::input_pin(n, 0));
            let r = Rect::from_center_size(p, pin_size);
            let response = ui.interact(r, ui.scope_id().with(("pin-in", &n.label)), Sense::click());
            draw::pin(&frame.painter, p, value, response.hovered());
            if response.secondary_clicked() {
                actions.push(Action::Disconnect(end.clone()));
            }
            if frame.pointer.is_some_and(|q| r.contains(q)) {
                self.block_target = Some(end);
            }
        }
    }

    /// A wire drag ends: connects whatever was dragged from (a node's output or a pin) to
    /// what is under the pointer (a node's input or a pin), if either end is a pin.
    pub(super) fn finish_pin_wiring(
        &mut self,
        state: &mut AppState,
        from_node: Option<NodeId>,
        node_target: Option<(NodeId, u8)>,
    ) {
        let local = |state: &AppState, id: NodeId| {
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
            (_, Some(end)) => Some((end, 0)),
            (Some((id, input)), None) => local(state, id).map(|l| (End::Node(l), input)),
            (None, None) => None,
        };
        if let Some((to, input)) = to {
            state.connect_ends(&from, &to, input);
        }
    }
}

/// A block pin as an accessible widget named `INSTANCE.PIN` carrying its value.
fn pin_widget(ui: &egui::Ui, r: Rect, end: &End, v: Trit) -> egui::Response {
    let name = end.to_text();
    let response = ui.interact(
        r,
        ui.scope_id().with(("block-pin", &name)),
        Sense::click_and_drag(),
    );
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Status, true, &name);
        info.current_text_value = Some(v.as_signed_str().to_owned());
        info
    });
    response.on_hover_text(format!("{name} = {v}"))
}

/// Where the wires of a level start and end, in cells.
struct Ends<'a> {
    state: &'a AppState,
    frame: &'a FrameInfo,
    blocks: &'a [Block],
    pins: &'a [Node],
    prefix: String,
}

impl Ends<'_> {
    fn flat(&self, label: &str) -> Option<NodeId> {
        self.state
            .circuit()
            .find(&format!("{}{label}", self.prefix))
    }

    fn pin_node(&self, label: &str) -> Option<&Node> {
        self.pins.iter().find(|n| n.label == label)
    }

    fn block(&self, label: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.label == label)
    }

    /// Where a wire leaves `end`.
    fn out_at(&self, end: &End) -> Option<Point> {
        match end {
            End::Node(l) => {
                if let Some(n) = self.pin_node(l) {
                    return geometry::output_pin(n);
                }
                let id = self.flat(l)?;
                geometry::output_pin(&self.state.circuit()[id])
                    .map(|p| p + cells(self.frame.shift(id, self.state)))
            }
            End::Pin { instance, pin } => {
                let b = self.block(instance)?;
                Some(b.output(b.outputs.iter().position(|p| p == pin)?))
            }
        }
    }

    /// Where a wire enters input `input` of `end`.
    fn in_at(&self, end: &End, input: u8) -> Option<Point> {
        match end {
            End::Node(l) => {
                if let Some(n) = self.pin_node(l) {
                    return Some(geometry::input_pin(n, 0));
                }
                let id = self.flat(l)?;
                Some(
                    geometry::input_pin(&self.state.circuit()[id], usize::from(input))
                        + cells(self.frame.shift(id, self.state)),
                )
            }
            End::Pin { instance, pin } => {
                let b = self.block(instance)?;
                Some(b.input(b.inputs.iter().position(|p| p == pin)?))
            }
        }
    }
}

/// What the blocks' gestures ask of the state, applied after drawing.
enum Action {
    Select(String),
    Open(String),
    Move(String, i32, i32),
    Disconnect(End),
}
