//! The queue panel: events waiting to run, with their delta cycle and cause; a click selects
//! the event's node and centres it on the canvas.

use sim_core::Cause;

use crate::pages::circuit::state::CircuitPageState;

/// The queue panel view.
#[derive(Debug, Default)]
pub struct QueuePanel;

impl QueuePanel {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.heading("Queue");
        let pending: Vec<_> = state.sim.pending().take(200).collect();
        if pending.is_empty() {
            ui.label("(settled)");
        }
        for p in pending {
            let label = state
                .circuit()
                .node(p.node)
                .map_or("?", |n| n.label.as_str());
            let cause = match p.cause {
                Cause::Event(k) => format!("← #{k}"),
                Cause::Set => "set".into(),
                Cause::PowerOn => "power-on".into(),
                Cause::Clock => "clock".into(),
                Cause::Resolution => "resolution".into(),
                Cause::Edit => "edit".into(),
            };
            if ui
                .selectable_label(
                    state.selection.contains(&p.node),
                    // Monospace like the trace panel: the proportional default font has no `←`.
                    egui::RichText::new(format!("δ{} {label}  {cause}", p.delta)).monospace(),
                )
                .clicked()
            {
                state.show_node(p.node);
            }
        }
    }
}
