//! The inspector's rows for a display's parameters: a decimal display's mode (Unsigned
//! binary, Signed binary, Balanced ternary) and an LED matrix's rows and columns, each
//! change one undoable edit ([`CircuitPageState::set_display_kind`]); and a TTY's whole text.

use sim_core::kind::DecimalMode;
use sim_core::{NodeId, NodeKind};

use crate::pages::circuit::state::CircuitPageState;

/// The most lamps of an LED matrix: the widest bus.
const MAX_LAMPS: u8 = 64;

/// The parameter rows of display `id` (a node, or a bus's bit) of `kind`, or a TTY's text;
/// nothing for another kind.
pub fn display_rows(ui: &mut egui::Ui, state: &mut CircuitPageState, id: NodeId, kind: NodeKind) {
    match kind {
        NodeKind::DecimalDisplay(now) => {
            ui.horizontal_wrapped(|ui| {
                ui.label("Mode").on_hover_text(
                    "How the bus reads as a number: unsigned, signed (two's complement) or \
                     balanced ternary (every trit a digit −1, 0, +1)",
                );
                for mode in DecimalMode::ALL {
                    if ui.selectable_label(mode == now, mode_name(mode)).clicked() && mode != now {
                        state.set_display_kind(id, NodeKind::DecimalDisplay(mode));
                    }
                }
            });
        }
        NodeKind::LedMatrix { rows, columns } => {
            let (mut new_rows, mut new_columns) = (rows, columns);
            for (name, value, other) in [
                ("Rows", &mut new_rows, columns),
                ("Columns", &mut new_columns, rows),
            ] {
                ui.horizontal(|ui| {
                    let label = ui.label(name);
                    ui.add(egui::DragValue::new(value).range(1..=MAX_LAMPS / other.max(1)))
                        .labelled_by(label.id)
                        .on_hover_text("At most 64 lamps: the matrix is one bus, a trit a lamp");
                });
            }
            if (new_rows, new_columns) != (rows, columns) {
                state.set_display_kind(
                    id,
                    NodeKind::LedMatrix {
                        rows: new_rows,
                        columns: new_columns,
                    },
                );
            }
        }
        NodeKind::Tty => tty_text(ui, state, id),
        _ => {}
    }
}

/// A TTY's whole text (the canvas shows its last lines), monospace, scrolled to its end.
fn tty_text(ui: &mut egui::Ui, state: &CircuitPageState, id: NodeId) {
    let text = state
        .circuit()
        .bus_of(id)
        .and_then(|(bus, _)| state.sim.tty_text(&bus.name))
        .unwrap_or_default();
    ui.label("Written").on_hover_text(
        "What the TTY has written since power-on: a ? is a write whose character, write \
         enable, clock edge or clear was unknown",
    );
    egui::ScrollArea::vertical()
        .max_height(120.0)
        .stick_to_bottom(true)
        .show(ui, |ui| ui.monospace(text));
}

/// A decimal mode as the inspector names it: `Unsigned binary`, `Signed binary`, `Balanced
/// ternary` (not the bus radixes' `Unsigned` and `Signed` beside them).
fn mode_name(mode: DecimalMode) -> &'static str {
    match mode {
        DecimalMode::Unsigned => "Unsigned binary",
        DecimalMode::Signed => "Signed binary",
        DecimalMode::Balanced => "Balanced ternary",
    }
}
