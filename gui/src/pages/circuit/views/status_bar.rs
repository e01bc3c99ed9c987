//! The status bar: mode, delta cycle, events processed, queue length, the node being
//! evaluated in Step mode (with what it did to its bus, if it is a bus's bit), and the latest
//! notice.

use crate::draw;
use crate::state::{AppState, Mode};

/// The status bar view.
#[derive(Debug, Default)]
pub struct StatusBar;

impl StatusBar {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        ui.horizontal(|ui| {
            let engine = state.sim.engine();
            let mode = match state.sim.mode {
                Mode::Run => "Run",
                Mode::Step => "Step",
            };
            ui.label(format!("Mode: {mode}"));
            ui.separator();
            ui.label(format!("Delta: {}", engine.delta()));
            ui.separator();
            ui.label(format!("Events: {}", engine.events_processed()));
            ui.separator();
            ui.label(format!("Queue: {}", engine.pending().count()));
            if let Some(e) = &state.sim.last {
                ui.separator();
                let c = state.circuit();
                ui.label(format!(
                    "Evaluating: {}",
                    c.node(e.node).map_or("?", |n| n.label.as_str())
                ));
                // What it saw and what it did, as in the trace.
                let seen: Vec<String> = e.inputs.iter().map(ToString::to_string).collect();
                let outcome = if e.changed() { "changed" } else { "unchanged" };
                ui.label(
                    egui::RichText::new(format!(
                        "saw ({}) → {}, {outcome}",
                        seen.join(", "),
                        e.new
                    ))
                    .monospace(),
                );
                if let Some(change) = state.sim.last_bus_change() {
                    ui.label(
                        egui::RichText::new(super::trace_panel::bus_change_text(state, change))
                            .monospace(),
                    );
                }
            }
            if let Some(n) = &state.notice {
                ui.separator();
                let color = if n.is_error {
                    egui::Color32::RED
                } else {
                    draw::TRUE
                };
                // Monospace: messages quote wires as `A → B.0`, and the proportional default
                // font has no arrows.
                ui.colored_label(color, egui::RichText::new(&n.text).monospace());
            }
        });
    }
}
