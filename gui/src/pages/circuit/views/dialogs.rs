//! Modal questions: a path field for Open, Save As and Export Verilog (a pure-egui dialog, so it works on any
//! X11 without a desktop portal), and "discard unsaved changes?".

use std::path::PathBuf;

use super::menu_bar::FileRequest;
use crate::state::{AppState, Discarding};

/// The dialogs view.
#[derive(Debug, Default)]
pub struct Dialogs {
    /// The path dialog being shown, and the text typed so far.
    path: Option<(FileRequest, String)>,
}

impl Dialogs {
    /// Opens the path dialog for `request`, prefilled with the current file's path (for
    /// Export Verilog, with extension `.v`).
    pub fn ask(&mut self, request: FileRequest, state: &AppState) {
        let path = match request {
            FileRequest::ExportVerilog => state.verilog_path(),
            FileRequest::Open | FileRequest::SaveAs => state.doc.path.clone(),
        };
        let current = path.map(|p| p.display().to_string()).unwrap_or_default();
        self.path = Some((request, current));
    }
}

impl Dialogs {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState) {
        if let Some((request, text)) = &mut self.path {
            let title = match request {
                FileRequest::Open => "Open circuit",
                FileRequest::SaveAs => "Save circuit as",
                FileRequest::ExportVerilog => "Export Verilog as",
            };
            let hint = match request {
                FileRequest::ExportVerilog => "path/to/circuit.v",
                FileRequest::Open | FileRequest::SaveAs => "path/to/circuit.ron",
            };
            let mut done = None;
            egui::Modal::new(egui::Id::unique("path-dialog")).show(ui.ctx(), |ui| {
                let heading = ui.heading(title);
                // Named by the heading: the hint names the field only while it is empty.
                let field = ui
                    .add(
                        egui::TextEdit::singleline(text)
                            .hint_text(hint)
                            .desired_width(400.0),
                    )
                    .labelled_by(heading.id);
                field.request_focus();
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if ui.button("OK").clicked() || enter {
                        done = Some(true);
                    }
                    if ui.button("Cancel").clicked()
                        || ui.input(|i| i.key_pressed(egui::Key::Escape))
                    {
                        done = Some(false);
                    }
                });
            });
            match done {
                Some(true) if !text.trim().is_empty() => {
                    let path = PathBuf::from(text.trim());
                    match request {
                        FileRequest::Open => state.request(Discarding::Open(path)),
                        FileRequest::SaveAs => state.save_as(&path),
                        FileRequest::ExportVerilog => {
                            state.export_verilog(&path);
                        }
                    }
                    self.path = None;
                }
                Some(_) => self.path = None,
                None => {}
            }
        }
        if state.confirm.is_some() {
            egui::Modal::new(egui::Id::unique("confirm-dialog")).show(ui.ctx(), |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has unsaved changes. Discard them?",
                    state.doc.file_name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Discard").clicked() {
                        state.answer(true);
                    }
                    if ui.button("Cancel").clicked() {
                        state.answer(false);
                    }
                });
            });
        }
    }
}
