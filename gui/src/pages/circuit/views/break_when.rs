//! The inspector's "Break when" row, which sets a breakpoint on the selected node or bus (the
//! tool bar's Breakpoints menu lists them all): for a node one toggle per value (−1, 0, +1),
//! for a bus a value typed in any radix (read as the bus's radix reads a decimal), refused in
//! place with the reason.

use sim_core::Trit;

use crate::pages::circuit::state::CircuitPageState;

/// The value being typed for a bus's breakpoint, and why the last one was refused.
#[derive(Debug, Default)]
pub struct BreakWhen {
    /// The bus the text is for, and the text.
    entry: Option<(String, String)>,
    /// Why the last value entered was refused.
    error: Option<String>,
}

impl BreakWhen {
    /// A node's row: `Break when` −1 0 +1, each a toggle of the breakpoint `LABEL=VALUE`
    /// (named so, for screen readers and tests).
    pub fn node(ui: &mut egui::Ui, state: &mut CircuitPageState, label: &str) {
        ui.horizontal(|ui| {
            ui.label("Break when");
            for v in Trit::ALL {
                let set = state.sim.breakpoints().iter().position(|c| {
                    c.name == label && matches!(c.bits[..], [(_, value)] if value == v)
                });
                let name = format!("Break when {label}={}", v.as_signed_str());
                let toggle = ui.selectable_label(set.is_some(), v.as_signed_str());
                toggle.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::accesskit::Role::Button,
                        true,
                        set.is_some(),
                        &name,
                    )
                });
                let toggle = toggle.on_hover_text(format!(
                    "Stop the clock when a tick makes {label} {v} (click again to remove)"
                ));
                if toggle.clicked() {
                    match set {
                        Some(index) => {
                            state.sim.remove_breakpoint(index);
                        }
                        None => {
                            // A node's own label always reads back, and a trit fits it.
                            let _ = state.add_breakpoint(label, v.as_signed_str());
                        }
                    }
                }
            }
        });
    }

    /// A bus's row: `Break when =` a value and `Break`; what is refused is shown under it.
    pub fn bus(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, name: &str) {
        if self.entry.as_ref().is_none_or(|(bus, _)| bus != name) {
            self.entry = Some((name.to_owned(), String::new()));
            self.error = None;
        }
        let Some((_, text)) = &mut self.entry else {
            return;
        };
        ui.horizontal(|ui| {
            let label = ui.label("Break when =");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(text)
                        .desired_width(90.0)
                        .font(egui::TextStyle::Monospace)
                        .hint_text("233, 0xE9"),
                )
                .labelled_by(label.id)
                .on_hover_text(format!(
                    "Stop the clock when a tick gives {name} this value (any radix; a decimal \
                     read in the bus's radix). Enter or Break sets it; the Breakpoints menu \
                     lists and removes them"
                ));
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if entered || ui.button("Break").clicked() {
                self.error = match state.add_breakpoint(name, text) {
                    Ok(_) => None,
                    Err(e) => Some(e.to_string()),
                };
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(
                egui::Color32::RED,
                egui::RichText::new(format!("Refused: {error}")).monospace(),
            );
        }
    }
}
