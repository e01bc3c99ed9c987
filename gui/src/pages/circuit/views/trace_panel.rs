//! The trace panel: processed events in the narration of `tritium trace`, newest last; a click
//! selects the event's node.

use crate::state::AppState;

/// The trace panel view.
#[derive(Debug, Default)]
pub struct TracePanel;

impl TracePanel {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        ui.heading("Trace");
        let rows = state.sim.trace().len();
        let row_height = ui.text_style_height(&egui::TextStyle::Body);
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink(false)
            .show_rows(ui, row_height, rows, |ui, range| {
                let circuit = state.circuit();
                for e in state.sim.trace().skip(range.start).take(range.len()) {
                    let text = e.narrate(circuit).to_string();
                    let selected = state.selection.contains(&e.node);
                    if ui
                        .selectable_label(selected, egui::RichText::new(text).monospace())
                        .clicked()
                    {
                        clicked = Some(e.node);
                    }
                }
            });
        if let Some(id) = clicked {
            state.selection = [id].into();
        }
    }
}
