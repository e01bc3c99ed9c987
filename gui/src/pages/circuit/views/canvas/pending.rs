//! In Step mode a switch's new value waits in the queue until its event runs: the canvas shows
//! it at once, as a tag at the switch's top right corner (`→ +1`), so the click visibly did
//! something. The tag is an AccessKit status named `R pending` whose value is the new value;
//! a bus of switches shows the number its bits are set to (`A pending`: `0x6B`).

use egui::{Align2, FontId, Rect, Sense, Stroke, Vec2, vec2};
use sim_core::{NodeId, Trit};

use super::frame::px_rect;
use crate::pages::circuit::draw;
use crate::pages::circuit::geometry::{self, CELL};
use crate::pages::circuit::state::CircuitPageState;

/// Draws the pending-value tags of the switches and buttons among `ids` (those on the canvas;
/// `shift` is how far a node is being dragged, in scene pixels).
pub(super) fn tags(
    ui: &egui::Ui,
    painter: &egui::Painter,
    state: &CircuitPageState,
    ids: &[NodeId],
    shift: impl Fn(NodeId) -> Vec2,
) {
    let prefix = state.level_prefix();
    for &id in ids {
        let Some(node) = state.circuit().node(id) else {
            continue;
        };
        // A bus (drawn as its bit 0) shows the number its bits are set to, in its radix.
        let (name, shown) = match state.bus_of(id) {
            Some(bus) => {
                let now = state.sim.values(&bus.bits);
                let set: Vec<_> = bus
                    .bits
                    .iter()
                    .zip(&now)
                    .map(|(&bit, &v)| state.sim.pending_value(bit).unwrap_or(v))
                    .collect();
                if set == now {
                    continue;
                }
                let radix = state.bus_radix(&bus.name);
                (bus.name.clone(), sim_core::number::format(&set, radix))
            }
            None => match state.sim.pending_value(id) {
                Some(next) => (node.label.clone(), next.as_signed_str().to_owned()),
                None => continue,
            },
        };
        let colors = draw::Colors::of(ui);
        let colour = match shown.as_str() {
            "+1" => colors.value(Trit::True),
            "-1" => colors.value(Trit::False),
            _ => colors.value(Trit::Unknown),
        };
        let text = format!("→ {shown}");
        let rect = px_rect(geometry::rect(node)).translate(shift(id));
        let width = (0.34 * CELL * text.chars().count() as f32 + 0.4 * CELL).max(1.7 * CELL);
        let size = vec2(width, 0.8 * CELL);
        let tag = Rect::from_min_size(rect.right_top() - vec2(0.6 * CELL, 0.5 * CELL), size);
        painter.rect(
            tag,
            0.25 * CELL,
            colors.body,
            Stroke::new(1.5, colour),
            egui::StrokeKind::Inside,
        );
        painter.text(
            tag.center(),
            Align2::CENTER_CENTER,
            text,
            FontId::monospace(0.55 * CELL),
            colors.ink,
        );
        let local = name.strip_prefix(&prefix).unwrap_or(&name);
        let accessible = format!("{local} pending");
        let response = ui.interact(tag, ui.scope_id().with(("pending", id)), Sense::hover());
        response.widget_info(|| {
            let mut info =
                egui::WidgetInfo::labeled(egui::accesskit::Role::Status, true, &accessible);
            info.current_text_value = Some(shown.clone());
            info
        });
        response.on_hover_text(format!(
            "{local} is set to {shown}: its change waits in the queue (Step, or Space)"
        ));
    }
}
