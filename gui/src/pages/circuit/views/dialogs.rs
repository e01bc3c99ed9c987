//! Modal questions: the file dialog for Open, Save As, Export Verilog, Export image and Export
//! waveform ([`FileDialog`], pure egui, so it works on any X11 without a desktop portal), and
//! "save the unsaved changes?" (Save, Discard, Cancel).

use std::path::PathBuf;

use super::menu_bar::FileRequest;
use crate::common::file_dialog::{self, FileDialog, Outcome, Purpose};
use crate::pages::circuit::state::{Answer, CircuitPageState, Discarding};

/// The dialogs view.
#[derive(Debug, Default)]
pub struct Dialogs {
    /// The file dialog being shown, and what it is for.
    file: Option<(FileRequest, FileDialog)>,
    /// An image file chosen (and whether for every level), for the circuit page to write.
    image: Option<(PathBuf, bool)>,
}

impl Dialogs {
    /// Opens the file dialog for `request`, in the current file's folder with its name in the
    /// field (for Export Verilog, with extension `.v`; for Save As of an imported netlist,
    /// `.ron`).
    pub fn ask(&mut self, request: FileRequest, state: &CircuitPageState) {
        let (title, purpose, filters, start) = match request {
            FileRequest::Open => (
                "Open circuit",
                Purpose::Open,
                file_dialog::OPEN_FILTERS,
                state.doc.path.clone(),
            ),
            FileRequest::SaveAs => (
                "Save circuit as",
                Purpose::Save { extension: "ron" },
                file_dialog::SAVE_FILTERS,
                state.doc.save_path(),
            ),
            FileRequest::ExportVerilog => (
                "Export Verilog as",
                Purpose::Save { extension: "v" },
                file_dialog::VERILOG_FILTERS,
                state.verilog_path(),
            ),
            FileRequest::ExportWaveform => (
                "Export waveform as",
                Purpose::Save { extension: "vcd" },
                file_dialog::VCD_FILTERS,
                state.waveform_path(),
            ),
            FileRequest::ExportImage { every_level } => (
                if every_level {
                    "Export every level as"
                } else {
                    "Export image as"
                },
                Purpose::Save { extension: "svg" },
                file_dialog::IMAGE_FILTERS,
                state.image_path(),
            ),
        };
        let dialog = FileDialog::new(title, purpose, filters, start.as_deref());
        self.file = Some((request, dialog));
    }

    /// The image file chosen with File → Export image… (and whether for every level), once:
    /// the circuit page writes it (the export draws with the canvas, a view these dialogs do
    /// not use).
    pub fn take_image(&mut self) -> Option<(PathBuf, bool)> {
        self.image.take()
    }

    /// Whether a file dialog is open.
    pub fn is_open(&self) -> bool {
        self.file.is_some()
    }
}

impl Dialogs {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        if let Some((request, dialog)) = &mut self.file {
            let request = *request;
            match dialog.show(ui.ctx(), &state.recent) {
                Some(Outcome::Chosen(path)) => {
                    self.file = None;
                    match request {
                        FileRequest::Open => state.request(Discarding::Open(path)),
                        FileRequest::SaveAs => {
                            state.save_as(&path);
                            // "Save" answered for an untitled document: go on once saved.
                            if state.confirm.is_some() && !state.doc.is_modified() {
                                state.reply(Answer::Discard);
                            }
                        }
                        FileRequest::ExportVerilog => {
                            state.export_verilog(&path);
                        }
                        FileRequest::ExportWaveform => {
                            state.export_waveform(&path);
                        }
                        FileRequest::ExportImage { every_level } => {
                            self.image = Some((path, every_level));
                        }
                    }
                }
                Some(Outcome::Cancelled) => self.file = None,
                None => {}
            }
            return; // the unsaved-changes question waits under the file dialog
        }
        if state.confirm.is_some() {
            let mut save_as = false;
            egui::Modal::new(egui::Id::unique("confirm-dialog")).show(ui.ctx(), |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has unsaved changes. Save them first?",
                    state.doc.file_name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        save_as = !state.reply(Answer::Save);
                    }
                    if ui.button("Discard").clicked() {
                        state.reply(Answer::Discard);
                    }
                    if ui.button("Cancel").clicked() {
                        state.reply(Answer::Cancel);
                    }
                });
            });
            if save_as {
                self.ask(FileRequest::SaveAs, state);
            }
        }
    }
}
