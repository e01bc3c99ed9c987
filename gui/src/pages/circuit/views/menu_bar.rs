//! The menu and tool bar: File (New, Open, Save, Save As, Export Verilog, Export image, Export
//! waveform, Quit), Edit (Undo, Redo, Copy, Paste, Delete, Rotate clockwise and
//! counter-clockwise, Flip), View (Fit, Zoom 100 %, Run tests, Theme, the panels), Help (the keyboard
//! shortcuts, [`shortcuts::SHORTCUTS`]), and the simulation controls ([`SimBar`]).

use super::sim_bar::SimBar;
use crate::common::theme;
use crate::pages::circuit::shortcuts::{self, Action};
use crate::pages::circuit::state::{CircuitPageState, Discarding, Reorient};

/// What the menu asks the dialogs to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileRequest {
    /// Ask for a path to open.
    Open,
    /// Ask for a path to save to.
    SaveAs,
    /// Ask for a path to write the circuit's Verilog to.
    ExportVerilog,
    /// Ask for a path to write the waveform panel's signals to, as VCD.
    ExportWaveform,
    /// Ask for a path to write the schematic to, as SVG or PNG by its extension: the open level,
    /// or every level of the hierarchy (one file each, named after the path).
    ExportImage {
        /// Every level rather than the open one.
        every_level: bool,
    },
}

/// What the View menu asks the canvas to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewRequest {
    /// Frame the whole circuit (F or Home).
    Fit,
    /// Show the scene at 100 % (1).
    Zoom100,
    /// Open the Tests window and run the circuit's embedded tests.
    RunTests,
}

/// The menu bar view.
#[derive(Debug, Default)]
pub struct MenuBar {
    /// A path dialog the user asked for.
    pub request: Option<FileRequest>,
    /// A change of the canvas's view the user asked for.
    pub view: Option<ViewRequest>,
    /// Which side panels are shown (View → Show palette, View → Show side panel).
    pub panels: Panels,
    /// The simulation controls.
    sim: SimBar,
}

/// The side panels the user may hide so the canvas takes the window; both shown at first, and
/// kept while the app runs (across documents).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panels {
    /// The palette, on the left.
    pub palette: bool,
    /// The inspector, queue and trace, on the right.
    pub side: bool,
}

impl Default for Panels {
    fn default() -> Panels {
        Panels {
            palette: true,
            side: true,
        }
    }
}

impl MenuBar {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui, state));
            ui.menu_button("Edit", |ui| edit_menu(ui, state));
            ui.menu_button("View", |ui| {
                self.view_menu(ui);
                ui.separator();
                panels_menu(ui, state);
            });
            ui.menu_button("Help", shortcuts::help_menu);
            ui.separator();
            self.sim.ui(ui, state);
        });
    }

    /// The File menu: New, Open, Save, Save As, Export Verilog, Export image (of the level shown
    /// or of every level), Export waveform, Quit.
    fn file_menu(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        let text = |text, action| shortcuts::menu_text(ui.ctx(), text, action);
        let (new, open) = (text("New", Action::New), text("Open…", Action::Open));
        let (save, save_as) = (text("Save", Action::Save), text("Save As…", Action::SaveAs));
        if ui.button(new).clicked() {
            state.request(Discarding::New);
        }
        if ui.button(open).clicked() {
            self.request = Some(FileRequest::Open);
        }
        if ui.button(save).clicked() && !state.save() {
            self.request = Some(FileRequest::SaveAs);
        }
        if ui.button(save_as).clicked() {
            self.request = Some(FileRequest::SaveAs);
        }
        if ui.button("Export Verilog…").clicked() {
            self.request = Some(FileRequest::ExportVerilog);
        }
        if ui
            .button("Export image…")
            .on_hover_text("The level shown, as SVG or PNG (by the file's extension)")
            .clicked()
        {
            self.request = Some(FileRequest::ExportImage { every_level: false });
        }
        if ui
            .add_enabled(
                !state.doc.document.design.instances.is_empty(),
                egui::Button::new("Export image of every level…"),
            )
            .on_hover_text(
                "The top level and the inside of every instance, one file each \
                 (adder8.svg, adder8.lo.svg, adder8.lo.fa0.svg, …)",
            )
            .clicked()
        {
            self.request = Some(FileRequest::ExportImage { every_level: true });
        }
        if ui
            .button("Export waveform…")
            .on_hover_text("The waveform panel's signals as a VCD file (GTKWave, Surfer)")
            .clicked()
        {
            self.request = Some(FileRequest::ExportWaveform);
        }
        if ui.button("Quit").clicked() {
            state.request(Discarding::Quit);
        }
    }

    /// The View menu: Fit, Zoom 100 %, Run tests, Theme, and the side panels.
    fn view_menu(&mut self, ui: &mut egui::Ui) {
        let fit = shortcuts::menu_text(ui.ctx(), "Fit", Action::Fit);
        let zoom = shortcuts::menu_text(ui.ctx(), "Zoom 100 %", Action::Zoom100);
        if ui
            .button(fit)
            .on_hover_text("Show the whole circuit, as large as it fits")
            .clicked()
        {
            self.view = Some(ViewRequest::Fit);
        }
        if ui
            .button(zoom)
            .on_hover_text("One grid cell at its natural size")
            .clicked()
        {
            self.view = Some(ViewRequest::Zoom100);
        }
        if ui
            .button("Run tests")
            .on_hover_text(
                "Run the circuit's embedded tests and list each step in the Tests window",
            )
            .clicked()
        {
            self.view = Some(ViewRequest::RunTests);
        }
        ui.menu_button("Theme", theme::menu)
            .response
            .on_hover_text("Light, dark, or as the system is; remembered");
        ui.separator();
        ui.checkbox(&mut self.panels.palette, "Show palette")
            .on_hover_text("The parts to place, on the left");
        ui.checkbox(&mut self.panels.side, "Show side panel")
            .on_hover_text("The inspector, the event queue and the trace, on the right");
    }
}

/// The Edit menu: Undo, Redo, Copy, Paste, Delete, Rotate and Flip, Make subcircuit; each names
/// its key from [`shortcuts::SHORTCUTS`].
fn edit_menu(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    let text = |text, action| shortcuts::menu_text(ui.ctx(), text, action);
    let (undo, redo) = (text("Undo", Action::Undo), text("Redo", Action::Redo));
    let (copy, paste) = (text("Copy", Action::Copy), text("Paste", Action::Paste));
    let delete = text("Delete", Action::Delete);
    let turns = [
        (
            text("Rotate clockwise", Action::RotateClockwise),
            Reorient::Clockwise,
        ),
        (
            text("Rotate counter-clockwise", Action::RotateCounterClockwise),
            Reorient::CounterClockwise,
        ),
        (text("Flip", Action::Flip), Reorient::Flip),
    ];
    let make_subcircuit = text("Make subcircuit", Action::MakeSubcircuit);
    if ui
        .add_enabled(state.doc.history.can_undo(), egui::Button::new(undo))
        .clicked()
    {
        state.undo();
    }
    if ui
        .add_enabled(state.doc.history.can_redo(), egui::Button::new(redo))
        .clicked()
    {
        state.redo();
    }
    if ui.button(copy).clicked() {
        state.copy();
    }
    if ui.button(paste).clicked() {
        state.paste(2, 2);
    }
    if ui.button(delete).clicked() {
        state.delete_selection();
    }
    ui.separator();
    let selected = !state.selection.is_empty()
        || state.selected_instance.is_some()
        || state.selected_wiring.is_some();
    for (text, how) in turns {
        if ui.add_enabled(selected, egui::Button::new(text)).clicked() {
            state.reorient_selection(how);
        }
    }
    ui.separator();
    if ui
        .add_enabled(
            !state.selection.is_empty(),
            egui::Button::new(make_subcircuit),
        )
        .on_hover_text(
            "Put the selected gates in a new part and an instance of it in their \
             place; the wires crossing the selection become its pins",
        )
        .clicked()
    {
        state.make_subcircuit();
    }
}

/// The View menu's windows and panels: the waveform panel, the Analysis window, a memory's
/// window.
fn panels_menu(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    ui.checkbox(&mut state.waves.shown, "Waveform panel");
    if ui
        .button("Analysis…")
        .on_hover_text("Reset analysis: which state a reset sequence leaves unknown")
        .clicked()
    {
        state.open_analysis();
    }
    let labels: Vec<String> = state
        .circuit()
        .memories()
        .iter()
        .map(|m| m.label.clone())
        .collect();
    if !labels.is_empty() {
        ui.menu_button("Memories", |ui| {
            for label in labels {
                if ui.button(&label).clicked() {
                    state.open_memory(&label);
                }
            }
        });
    }
}
