//! The rows of choices the Analysis page's two editors share: the gates and fan-in of a
//! circuit to build ([`style_options`]) and how covers are minimised ([`minimise_options`]).

use synth::Mode;
use synth::build::{FanIn, Gates, Style};

/// The gates and fan-in of a circuit to build, as one row of choices (the truth table's and
/// the state machine's).
pub fn style_options(ui: &mut egui::Ui, style: &mut Style) {
    for (gates, name) in [
        (Gates::AndOr, "AND-OR"),
        (Gates::Nand, "NAND"),
        (Gates::Nor, "NOR"),
    ] {
        ui.selectable_value(&mut style.gates, gates, name);
    }
    ui.separator();
    ui.selectable_value(&mut style.fan_in, FanIn::Two, "2-input");
    ui.selectable_value(&mut style.fan_in, FanIn::Any, "n-input");
}

/// How covers are minimised — Auto, Exact or Heuristic, and hazard-free or not — as one row
/// of choices (the truth table's and the state machine's).
pub fn minimise_options(ui: &mut egui::Ui, mode: &mut Mode, hazard_free: &mut bool) {
    for (choice, name) in [
        (Mode::Auto, "Auto"),
        (Mode::Exact, "Exact"),
        (Mode::Heuristic, "Heuristic"),
    ] {
        ui.selectable_value(mode, choice, name);
    }
    ui.separator();
    ui.checkbox(hazard_free, "hazard-free")
        .on_hover_text("Keep a term over every two neighbouring 1s (0s for POS): no static hazard");
}
