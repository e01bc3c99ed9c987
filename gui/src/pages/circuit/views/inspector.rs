//! The inspector: the selected node's label (rename), kind and input count (a table gate's
//! outputs), its value and
//! input values, a way to set a switch to 0, and why it has its value (the causality chain of
//! events back to a source); for a selected instance its label (rename), part, pin values and
//! Open. Also the oscillation report.

use sim_core::{NodeKind, Trit};

use crate::state::AppState;

/// The inspector view.
#[derive(Debug, Default)]
pub struct Inspector {
    /// The label being edited, and for which node.
    editing: Option<(sim_core::NodeId, String)>,
    /// The label being edited, and for which instance (its label when selected).
    editing_instance: Option<(String, String)>,
    /// Focus the label field on the next frame.
    pub focus_label: bool,
}

impl Inspector {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        ui.heading("Inspector");
        if let Some(o) = &state.sim.oscillation {
            let c = state.circuit();
            let names = |ids: &[sim_core::NodeId]| {
                ids.iter()
                    .filter_map(|&i| c.node(i))
                    .map(|n| n.label.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            ui.colored_label(
                crate::draw::LOOP,
                format!(
                    "Oscillation: {} kept changing after {} delta cycles; the loop {} was resolved to 0",
                    names(&o.nodes),
                    o.budget,
                    names(&o.feedback)
                ),
            );
            ui.separator();
        }
        if state.selection.is_empty()
            && let Some(label) = state.selected_instance.clone()
        {
            self.instance(ui, state, &label);
            return;
        }
        let [id] = state.selection.iter().copied().collect::<Vec<_>>()[..] else {
            ui.label(format!("{} selected", state.selection.len()));
            return;
        };
        let Some(node) = state.circuit().node(id).cloned() else {
            return;
        };
        // Label.
        if self.editing.as_ref().is_none_or(|(e, _)| *e != id) {
            self.editing = Some((id, node.label.clone()));
        }
        ui.horizontal(|ui| {
            let label = ui.label("Label");
            if let Some((_, text)) = &mut self.editing {
                let edit = ui.text_edit_singleline(text).labelled_by(label.id);
                if self.focus_label {
                    edit.request_focus();
                    self.focus_label = false;
                }
                if edit.lost_focus() && *text != node.label {
                    let new = text.clone();
                    if !state.rename(id, &new) {
                        text.clone_from(&node.label);
                    }
                }
            }
        });
        kind_label(ui, node.kind);
        if let Some(n) = gate_inputs(node.kind) {
            let mut count = n;
            ui.horizontal(|ui| {
                let label = ui.label("Inputs");
                if ui
                    .add(egui::DragValue::new(&mut count).range(2..=64))
                    .labelled_by(label.id)
                    .changed()
                {
                    state.set_kind(id, with_inputs(node.kind, count));
                }
            });
        }
        let value = state.sim.value(id);
        ui.label(format!("Value: {value}"));
        let inputs = state.sim.input_values(id);
        if !inputs.is_empty() {
            let list: Vec<String> = inputs.iter().map(ToString::to_string).collect();
            ui.label(format!("Inputs: ({})", list.join(", ")));
        }
        if node.kind == NodeKind::Switch {
            ui.horizontal(|ui| {
                ui.label("Set");
                for v in Trit::ALL {
                    if ui.selectable_label(value == v, v.as_signed_str()).clicked() {
                        state.set_value(id, v);
                    }
                }
            });
        }
        ui.separator();
        ui.label("Why this value:");
        let chain: Vec<String> = state
            .sim
            .why(id)
            .iter()
            .map(|e| e.narrate(state.circuit()).to_string())
            .collect();
        if chain.is_empty() {
            ui.label("(no change recorded: still at power-on)");
        }
        for line in chain {
            ui.label(egui::RichText::new(line).monospace());
        }
    }
}

/// The kind, and a table gate's outputs in row order (input 0 most significant, each input
/// counting −1, 0, +1), as symbols.
fn kind_label(ui: &mut egui::Ui, kind: NodeKind) {
    ui.label(format!("Kind: {kind}"));
    if let Some(table) = kind.table() {
        let outputs: String = table.outputs().into_iter().map(Trit::symbol).collect();
        ui.label(format!("Table (rows −−… to ++…): {outputs}"));
    }
}

fn gate_inputs(kind: NodeKind) -> Option<u8> {
    match kind {
        NodeKind::And(n)
        | NodeKind::Or(n)
        | NodeKind::Nand(n)
        | NodeKind::Nor(n)
        | NodeKind::Xor(n)
        | NodeKind::Xnor(n) => Some(n),
        _ => None,
    }
}

fn with_inputs(kind: NodeKind, n: u8) -> NodeKind {
    kind.op().map_or(kind, |op| NodeKind::gate(op, n))
}

impl Inspector {
    /// The selected instance: its label (rename), its part, its pins with their values, and
    /// Open.
    fn instance(&mut self, ui: &mut egui::Ui, state: &mut AppState, label: &str) {
        let Some((part, inputs, outputs)) = state.instance_pins(label) else {
            return;
        };
        if self
            .editing_instance
            .as_ref()
            .is_none_or(|(of, _)| of != label)
        {
            self.editing_instance = Some((label.to_owned(), label.to_owned()));
        }
        let renamed = ui
            .horizontal(|ui| {
                let name = ui.label("Label");
                let Some((_, text)) = self.editing_instance.as_mut() else {
                    return false;
                };
                let edit = ui.text_edit_singleline(text).labelled_by(name.id);
                if !edit.lost_focus() || text == label {
                    return false;
                }
                let new = text.clone();
                if state.rename_instance(label, &new) {
                    self.editing_instance = Some((new.clone(), new));
                    return true;
                }
                label.clone_into(text);
                false
            })
            .inner;
        if renamed {
            // The rest of the view names the instance by its new label next frame.
            ui.ctx().request_repaint();
            return;
        }
        ui.label(format!("Instance of part `{part}`"));
        if ui
            .button("Open instance")
            .on_hover_text("Look inside (double-click the block)")
            .clicked()
        {
            state.open_instance(label);
            return;
        }
        pin_values(ui, state, label, &inputs, &outputs);
    }
}

/// The values on instance `label`'s pins, inputs then outputs.
fn pin_values(
    ui: &mut egui::Ui,
    state: &AppState,
    label: &str,
    inputs: &[String],
    outputs: &[String],
) {
    let pin = |name: &String| crate::state::End::Pin {
        instance: label.to_owned(),
        pin: name.clone(),
    };
    let wires = state.level_pin_wires();
    for name in inputs {
        let v = wires
            .iter()
            .find(|(_, to, _)| *to == pin(name))
            .map_or(Trit::Unknown, |(from, _, _)| state.end_value(from));
        ui.label(format!("in  {name} = {v}"));
    }
    for name in outputs {
        ui.label(format!("out {name} = {}", state.end_value(&pin(name))));
    }
}
