//! Files: the recent list, open, File → New and Open behind "discard unsaved changes?",
//! save, save as, and the Verilog export.

use std::path::{Path, PathBuf};

use sim_core::format::Document;

use super::document::DocState;
use super::{Answer, CircuitPageState, Discarding};

impl CircuitPageState {
    /// Recent files kept.
    pub const RECENT_LIMIT: usize = 8;

    /// Puts `path` first among the recent files.
    fn remember(&mut self, path: &Path) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(Self::RECENT_LIMIT);
    }

    /// Adds `earlier`, the recent files of an earlier run (newest first), after this run's,
    /// keeping at most [`RECENT_LIMIT`](Self::RECENT_LIMIT).
    pub fn add_earlier_recent(&mut self, earlier: impl IntoIterator<Item = PathBuf>) {
        for path in earlier {
            if !self.recent.contains(&path) {
                self.recent.push(path);
            }
        }
        self.recent.truncate(Self::RECENT_LIMIT);
    }

    /// Opens `path`, or an empty document showing the error if it cannot be loaded (the app
    /// stays alive either way); the loading's warnings show as a notice.
    pub fn open_or_report(path: &Path) -> CircuitPageState {
        match DocState::load(path) {
            Ok((doc, warnings)) => {
                let name = doc.file_name();
                let mut state = CircuitPageState::with_doc(doc);
                if !warnings.is_empty() {
                    state.info(opened_notice(&name, &warnings));
                }
                state
            }
            Err(e) => {
                let mut state = CircuitPageState::default();
                state.error(e.to_string());
                state
            }
        }
    }

    /// File → New, Open or closing the window: done at once if nothing is unsaved, otherwise
    /// stored in [`confirm`](Self::confirm) until [`answer`](Self::answer) is called.
    pub fn request(&mut self, action: Discarding) {
        if self.doc.is_modified() {
            self.confirm = Some(action);
        } else {
            self.perform(action);
        }
    }

    /// Opens `document`, a circuit the app made (the Analysis page's Build circuit), in place
    /// of the open one — after asking, when that has unsaved changes, as File → New does.
    pub fn open_built(&mut self, document: Document) {
        self.request(Discarding::Built(Box::new(document)));
    }

    /// Answers the pending confirmation: `true` discards the changes and performs the action.
    pub fn answer(&mut self, discard: bool) {
        self.reply(if discard {
            Answer::Discard
        } else {
            Answer::Cancel
        });
    }

    /// Answers the pending confirmation. [`Answer::Save`] saves to the document's path and
    /// then performs the action; it returns `false` when the document has no path yet (the
    /// question stays pending: the caller asks for a path, saves with
    /// [`save_as`](Self::save_as), then answers [`Answer::Discard`], which discards nothing
    /// then). A failed save keeps the document and shows why.
    pub fn reply(&mut self, answer: Answer) -> bool {
        match answer {
            Answer::Cancel => self.confirm = None,
            Answer::Discard => {
                if let Some(action) = self.confirm.take() {
                    self.perform(action);
                }
            }
            Answer::Save => {
                if !self.save() {
                    return false;
                }
                if self.doc.is_modified() {
                    self.confirm = None; // the save failed: its error shows
                } else if let Some(action) = self.confirm.take() {
                    self.perform(action);
                }
            }
        }
        true
    }

    fn perform(&mut self, action: Discarding) {
        match action {
            Discarding::New => self.show_doc(DocState::new()),
            Discarding::Open(path) => match DocState::load(&path) {
                Ok((doc, warnings)) => {
                    let name = doc.file_name();
                    self.show_doc(doc);
                    self.remember(&path);
                    self.info(opened_notice(&name, &warnings));
                }
                // The current document stays open.
                Err(e) => self.error(e.to_string()),
            },
            Discarding::Built(document) => {
                let name = document.name.clone();
                self.show_doc(DocState::unsaved(*document));
                self.info(format!("built {name}: save it to keep it"));
            }
            Discarding::Quit => self.quit = true,
        }
    }

    /// Shows `doc` in place of the open document, keeping what belongs to the app rather than
    /// to a document: the recent files, and whether the waveform panel is shown.
    fn show_doc(&mut self, doc: DocState) {
        let recent = std::mem::take(&mut self.recent);
        let waves_shown = self.waves.shown;
        *self = CircuitPageState::with_doc(doc);
        self.recent = recent;
        self.waves.shown = waves_shown;
    }

    /// Saves to the current path; `false` if there is none (the caller asks for one).
    pub fn save(&mut self) -> bool {
        match self.doc.path.clone() {
            Some(path) => {
                self.save_as(&path);
                true
            }
            None => false,
        }
    }

    /// Saves to `path` (atomically), reports the outcome and remembers `path` among the
    /// recent files.
    pub fn save_as(&mut self, path: &Path) {
        match self.doc.save_as(path) {
            Ok(()) => {
                self.remember(path);
                self.info(format!("saved {}", path.display()));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Where File → Export Verilog… proposes to write: the document's path with extension
    /// `.v` (`None` for an untitled document).
    pub fn verilog_path(&self) -> Option<PathBuf> {
        self.doc.path.as_ref().map(|p| p.with_extension("v"))
    }

    /// Where File → Export image… proposes to write: the document's path with extension `.svg`
    /// (`None` for an untitled document).
    pub fn image_path(&self) -> Option<PathBuf> {
        self.doc.path.as_ref().map(|p| p.with_extension("svg"))
    }

    /// Writes the document as structural Verilog ([`sim_core::verilog::document`], what
    /// `tritium export verilog` writes) to `path`, in a module named after the document (its
    /// name, else its file's stem, else `path`'s) and reports the outcome, with the export's
    /// warnings (or why it cannot: a table gate Verilog cannot express), and the memories'
    /// images beside it (see [`sim_core::verilog::export`]). Returns whether it wrote.
    pub fn export_verilog(&mut self, path: &Path) -> bool {
        let stem = |p: &Path| p.file_stem().map(|s| s.to_string_lossy().into_owned());
        let stem = self
            .doc
            .path
            .as_deref()
            .and_then(stem)
            .or_else(|| stem(path));
        let doc = &self.doc.document;
        let module = sim_core::verilog::default_module(doc, stem.as_deref());
        let export = match sim_core::verilog::export(doc, &module) {
            Ok(written) => written,
            Err(e) => {
                self.error(format!("cannot export Verilog: {e}"));
                return false;
            }
        };
        let warnings = export.warnings;
        if let Err(e) = loader::write_atomically(path, export.verilog.as_bytes()) {
            self.error(format!("cannot write {}: {e}", path.display()));
            return false;
        }
        // The memories' images, beside the Verilog that reads them.
        let dir = path.parent().unwrap_or(Path::new(""));
        for image in &export.images {
            let image_path = dir.join(&image.file);
            if let Err(e) = loader::write_atomically(&image_path, image.text.as_bytes()) {
                self.error(format!("cannot write {}: {e}", image_path.display()));
                return false;
            }
        }
        let mut notice = format!("exported Verilog to {}", path.display());
        if !export.images.is_empty() {
            let files: Vec<&str> = export.images.iter().map(|i| i.file.as_str()).collect();
            notice = format!("{notice} with memory images {}", files.join(", "));
        }
        if !warnings.is_empty() {
            let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
            notice = format!("{notice} (warning: {})", warnings.join("; "));
        }
        self.info(notice);
        true
    }
}

/// The notice for a file opened: `opened NAME`, with the loading's warnings (a Verilog
/// design's) after it.
fn opened_notice(name: &str, warnings: &[loader::verilog::Warning]) -> String {
    if warnings.is_empty() {
        return format!("opened {name}");
    }
    let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
    format!("opened {name} (warning: {})", warnings.join("; "))
}
