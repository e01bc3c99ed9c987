//! In Step mode a switch's new value waits in the queue until its event runs: the canvas shows
//! it at once, as a tag at the switch's top right corner (`→ +1`), so the click visibly did
//! something. The tag is an AccessKit status named `R pending` whose value is the new value.

use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, Vec2, vec2};
use sim_core::NodeId;

use super::canvas::px_rect;
use crate::draw;
use crate::geometry::{self, CELL};
use crate::state::AppState;

/// Draws the pending-value tags of the switches and buttons among `ids` (those on the canvas;
/// `shift` is how far a node is being dragged, in scene pixels).
pub(super) fn tags(
    ui: &egui::Ui,
    painter: &egui::Painter,
    state: &AppState,
    ids: &[NodeId],
    shift: impl Fn(NodeId) -> Vec2,
) {
    let prefix = state.level_prefix();
    for &id in ids {
        let Some(next) = state.sim.pending_value(id) else {
            continue;
        };
        let Some(node) = state.circuit().node(id) else {
            continue;
        };
        let rect = px_rect(geometry::rect(node)).translate(shift(id));
        let size = vec2(1.7 * CELL, 0.8 * CELL);
        let tag = Rect::from_min_size(rect.right_top() - vec2(0.6 * CELL, 0.5 * CELL), size);
        painter.rect(
            tag,
            0.25 * CELL,
            Color32::WHITE,
            Stroke::new(1.5, draw::value_color(next)),
            egui::StrokeKind::Inside,
        );
        painter.text(
            tag.center(),
            Align2::CENTER_CENTER,
            format!("→ {}", next.as_signed_str()),
            FontId::monospace(0.55 * CELL),
            Color32::from_gray(40),
        );
        let label = node.label.strip_prefix(&prefix).unwrap_or(&node.label);
        let name = format!("{label} pending");
        let response = ui.interact(tag, ui.scope_id().with(("pending", id)), Sense::hover());
        response.widget_info(|| {
            let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::Status, true, &name);
            info.current_text_value = Some(next.as_signed_str().to_owned());
            info
        });
        response.on_hover_text(format!(
            "{label} is set to {next}: its event waits in the queue (Step, or Space)"
        ));
    }
}
