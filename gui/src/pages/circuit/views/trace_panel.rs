//! The trace panel: processed events in the narration of `tritium trace`, newest last; a click
//! selects the event's node. An event that changed a bit of a bus ends with the bus's value
//! before and after it, in the bus's radix: `… S[3] … → +1   S: 0x0A → 0x0E`.
//!
//! Each event is one line (long ones scroll sideways): the rows are laid out by their number
//! alone, which needs every row equally high — a wrapped row made the content's height change
//! with the rows in view, and the panel scroll and repaint without end.

use crate::state::{AppState, BusChange};

/// The trace panel view.
#[derive(Debug, Default)]
pub struct TracePanel;

impl TracePanel {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        ui.heading("Trace");
        let rows = state.sim.trace().len();
        let row_height = (ui.text_style_height(&egui::TextStyle::Monospace)
            + 2.0 * ui.spacing().button_padding.y)
            .max(ui.spacing().interact_size.y);
        let mut clicked = None;
        egui::ScrollArea::both()
            .stick_to_bottom(true)
            .auto_shrink(false)
            .show_rows(ui, row_height, rows, |ui, range| {
                let circuit = state.circuit();
                let rows = state.sim.trace_with_buses().skip(range.start);
                for (e, change) in rows.take(range.len()) {
                    let mut text = e.narrate(circuit).to_string();
                    if let Some(change) = change {
                        text.push_str("   ");
                        text.push_str(&bus_change_text(state, change));
                    }
                    let selected = state.selection.contains(&e.node);
                    let row =
                        egui::Button::selectable(selected, egui::RichText::new(text).monospace())
                            .wrap_mode(egui::TextWrapMode::Extend)
                            .min_size(egui::vec2(0.0, row_height));
                    if ui.add(row).clicked() {
                        clicked = Some(e.node);
                    }
                }
            });
        if let Some(id) = clicked {
            state.selection = [id].into();
        }
    }
}

/// What an event did to its bus, in the bus's radix: `S: 0x0A → 0x0E`.
pub fn bus_change_text(state: &AppState, change: &BusChange) -> String {
    let radix = state.bus_radix(&change.bus);
    format!(
        "{}: {} → {}",
        change.bus,
        sim_core::number::format(&change.before, radix),
        sim_core::number::format(&change.after, radix)
    )
}
