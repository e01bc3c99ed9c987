//! The palette: every node kind of sim-core. Click an item to arm it (then click the canvas
//! to place), or drag it onto the canvas. n-input gates take the input count set below.

use egui::Sense;
use sim_core::{GateOp, NodeKind, Trit};

use super::View;
use crate::state::AppState;

/// The palette view.
#[derive(Debug)]
pub struct Palette {
    /// Input count for n-input gates, 2..=64.
    inputs: u8,
}

impl Default for Palette {
    fn default() -> Palette {
        Palette { inputs: 2 }
    }
}

impl Palette {
    fn items(&self) -> Vec<(&'static str, NodeKind)> {
        let n = self.inputs;
        vec![
            ("Switch", NodeKind::Switch),
            ("Button", NodeKind::Button),
            ("Clock", NodeKind::Clock { half_period: 1 }),
            ("Constant +1", NodeKind::Constant(Trit::True)),
            ("Constant −1", NodeKind::Constant(Trit::False)),
            ("Constant 0", NodeKind::Constant(Trit::Unknown)),
            ("BUF", NodeKind::Buf),
            ("NOT", NodeKind::Not),
            ("AND", NodeKind::gate(GateOp::And, n)),
            ("OR", NodeKind::gate(GateOp::Or, n)),
            ("NAND", NodeKind::gate(GateOp::Nand, n)),
            ("NOR", NodeKind::gate(GateOp::Nor, n)),
            ("XOR", NodeKind::gate(GateOp::Xor, n)),
            ("XNOR", NodeKind::gate(GateOp::Xnor, n)),
            ("Lamp", NodeKind::Lamp),
            ("Probe", NodeKind::Probe),
        ]
    }
}

impl View for Palette {
    fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        ui.heading("Palette");
        ui.horizontal(|ui| {
            ui.label("Gate inputs");
            ui.add(egui::DragValue::new(&mut self.inputs).range(2..=64));
        });
        ui.separator();
        for (name, kind) in self.items() {
            let armed = state.tool == Some(kind);
            let id = ui.scope_id().with(("palette", name));
            let response = ui
                .dnd_drag_source(id, kind, |ui| {
                    ui.add(egui::Button::selectable(armed, name).sense(Sense::click()))
                })
                .inner;
            if response.clicked() {
                state.tool = if armed { None } else { Some(kind) };
            }
        }
        if state.tool.is_some() && ui.button("Done placing (Esc)").clicked() {
            state.tool = None;
        }
    }
}
