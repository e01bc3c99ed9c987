//! A file dialog in plain egui, so that it builds without GTK or a desktop portal and works on
//! any X11: the folder's listing (folders first, then the files the chosen filter shows), the
//! parent folder and the child folders a click away, the recent files, and a file-name field
//! whose text is selected when the dialog opens (typing replaces it) and in which Enter
//! confirms.
//!
//! No crate fits: `egui-file-dialog` 0.15 is built for egui 0.36, `egui_file` 0.29 has one fixed
//! filter and no recent files, and `rfd` needs GTK or a portal linked at build time.

use std::path::{Path, PathBuf};

use egui::text::CCursorRange;

/// A choice of the dialog's "Show" list: the files it lists, by extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// What the list shows, e.g. `Circuits (.ron)`.
    pub name: &'static str,
    /// The extensions shown, without the dot; empty: every file.
    pub extensions: &'static [&'static str],
}

impl Filter {
    /// Whether the filter shows the file `name`.
    pub fn shows(&self, name: &str) -> bool {
        self.extensions.is_empty()
            || Path::new(name)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| {
                    self.extensions
                        .iter()
                        .any(|want| want.eq_ignore_ascii_case(e))
                })
    }
}

/// Every file.
const ALL_FILES: Filter = Filter {
    name: "All files",
    extensions: &[],
};

/// What File → Open shows: circuits, netlists and Verilog designs (all, or each), or every
/// file.
pub const OPEN_FILTERS: &[Filter] = &[
    Filter {
        name: "Circuits, netlists and Verilog (.ron, .bench, .v, .sv)",
        extensions: &["ron", "bench", "v", "sv"],
    },
    Filter {
        name: "Circuits (.ron)",
        extensions: &["ron"],
    },
    Filter {
        name: "Netlists (.bench)",
        extensions: &["bench"],
    },
    Filter {
        name: "Verilog (.v, .sv)",
        extensions: &["v", "sv"],
    },
    ALL_FILES,
];

/// What File → Save As shows.
pub const SAVE_FILTERS: &[Filter] = &[
    Filter {
        name: "Circuits (.ron)",
        extensions: &["ron"],
    },
    ALL_FILES,
];

/// What File → Export Verilog shows.
pub const VERILOG_FILTERS: &[Filter] = &[
    Filter {
        name: "Verilog (.v)",
        extensions: &["v"],
    },
    ALL_FILES,
];

/// What File → Export image shows.
pub const IMAGE_FILTERS: &[Filter] = &[
    Filter {
        name: "Images (.svg, .png)",
        extensions: &["svg", "png"],
    },
    ALL_FILES,
];

/// What Export waveform shows.
pub const VCD_FILTERS: &[Filter] = &[
    Filter {
        name: "Value change dump (.vcd)",
        extensions: &["vcd"],
    },
    ALL_FILES,
];

/// What the figure page's Open and Save show.
pub const FIGURE_FILTERS: &[Filter] = &[
    Filter {
        name: "Figures (.ron)",
        extensions: &["ron"],
    },
    ALL_FILES,
];

/// Whether the dialog picks a file to read or one to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The file must exist.
    Open,
    /// The file may be new; a name without an extension gets `extension`.
    Save {
        /// The extension added to a bare name (without the dot).
        extension: &'static str,
    },
}

/// What the user did with the dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The user chose this file.
    Chosen(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
}

/// One folder's entries, as listed.
#[derive(Debug, Default)]
struct Listing {
    /// Its subfolders' names, sorted.
    folders: Vec<String>,
    /// Its files' names, sorted (all of them; the filter applies when shown).
    files: Vec<String>,
    /// Why the folder cannot be read, if it cannot.
    error: Option<String>,
}

impl Listing {
    fn read(dir: &Path) -> Listing {
        let mut listing = Listing::default();
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                listing.error = Some(format!("cannot read {}: {e}", dir.display()));
                return listing;
            }
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue; // hidden
            }
            // Follows symbolic links: a link to a folder is a folder.
            if entry.path().is_dir() {
                listing.folders.push(name);
            } else {
                listing.files.push(name);
            }
        }
        let by_name = |a: &String, b: &String| a.to_lowercase().cmp(&b.to_lowercase());
        listing.folders.sort_by(by_name);
        listing.files.sort_by(by_name);
        listing
    }
}

/// The file dialog. Create it with [`FileDialog::new`] when the user asks, call
/// [`FileDialog::show`] every frame until it answers.
#[derive(Debug)]
pub struct FileDialog {
    title: &'static str,
    purpose: Purpose,
    filters: &'static [Filter],
    /// The index into `filters` of the one shown.
    filter: usize,
    /// The folder shown.
    dir: PathBuf,
    /// The file-name field: a name in `dir`, or a path (relative to `dir`, or absolute).
    name: String,
    listing: Listing,
    /// Why the last confirmation was refused.
    error: Option<String>,
    /// Set until the first frame has focused the name field and selected its text.
    fresh: bool,
    /// The file the dialog started with (the document's own): saving over it asks nothing.
    start: Option<PathBuf>,
    /// An existing file Save was confirmed on: the dialog asks whether to replace it.
    replacing: Option<PathBuf>,
}

impl FileDialog {
    /// A dialog titled `title` (`Open circuit`), showing `filters` (the first one chosen), in
    /// the folder of `start` with its file name in the field, or in the working directory with
    /// an empty field.
    pub fn new(
        title: &'static str,
        purpose: Purpose,
        filters: &'static [Filter],
        start: Option<&Path>,
    ) -> FileDialog {
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let start_path = start.map(|p| cwd.join(p));
        let (dir, name) = match start {
            Some(path) => {
                let dir = path
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .map_or_else(|| cwd.clone(), |d| cwd.join(d));
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (dir, name)
            }
            None => (cwd, String::new()),
        };
        let listing = Listing::read(&dir);
        FileDialog {
            title,
            purpose,
            filters,
            filter: 0,
            dir,
            name,
            listing,
            error: None,
            fresh: true,
            start: start_path,
            replacing: None,
        }
    }

    /// The folder shown.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Shows the folder `dir` (a bad one shows why it cannot be read).
    pub fn go_to(&mut self, dir: &Path) {
        dir.clone_into(&mut self.dir);
        self.listing = Listing::read(dir);
        self.error = None;
    }

    /// The file names the dialog lists now: the folder's files the chosen filter shows.
    pub fn shown_files(&self) -> impl Iterator<Item = &str> {
        let filter = self.filters.get(self.filter).copied().unwrap_or(ALL_FILES);
        self.listing
            .files
            .iter()
            .map(String::as_str)
            .filter(move |n| filter.shows(n))
    }

    /// What the field's text names, if acceptable: `Err` says why not. A folder is `Ok(None)`:
    /// the dialog enters it instead.
    fn resolve(&self) -> Result<Option<PathBuf>, String> {
        let text = self.name.trim();
        if text.is_empty() {
            return Err("type a file name or pick a file".to_owned());
        }
        let mut path = self.dir.join(text);
        if path.is_dir() {
            return Ok(None);
        }
        match self.purpose {
            Purpose::Open if !path.is_file() => Err(format!("there is no file {}", path.display())),
            Purpose::Open => Ok(Some(path)),
            Purpose::Save { extension } => {
                if path.extension().is_none() {
                    path.set_extension(extension);
                }
                match path.parent() {
                    Some(dir) if !dir.is_dir() => {
                        Err(format!("there is no folder {}", dir.display()))
                    }
                    _ => Ok(Some(path)),
                }
            }
        }
    }

    /// Confirms the field's text: the chosen file, or `None` (a folder was entered, an error
    /// is shown, or Save asks whether to replace an existing file other than the one it
    /// started with).
    fn confirm(&mut self) -> Option<PathBuf> {
        match self.resolve() {
            Ok(Some(path))
                if matches!(self.purpose, Purpose::Save { .. })
                    && path.is_file()
                    && self.start.as_ref() != Some(&path) =>
            {
                self.replacing = Some(path);
                None
            }
            Ok(Some(path)) => Some(path),
            Ok(None) => {
                let dir = self.dir.join(self.name.trim());
                self.go_to(&dir);
                self.name.clear();
                None
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    /// Draws the dialog (a modal window) and answers once the user chose a file or cancelled.
    /// `recent` are the recent files, newest first.
    pub fn show(&mut self, ctx: &egui::Context, recent: &[PathBuf]) -> Option<Outcome> {
        let mut outcome = None;
        let modal = egui::Modal::new(egui::Id::unique("file-dialog")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(self.title);
            ui.horizontal(|ui| {
                let parent = self.dir.parent().map(Path::to_owned);
                if ui
                    .add_enabled(parent.is_some(), egui::Button::new("Up"))
                    .on_hover_text("The parent folder")
                    .clicked()
                    && let Some(parent) = parent
                {
                    self.go_to(&parent);
                }
                ui.label(self.dir.display().to_string());
            });
            ui.separator();
            ui.horizontal_top(|ui| {
                if let Some(path) = self.recent_ui(ui, recent) {
                    outcome = Some(Outcome::Chosen(path));
                }
                if let Some(path) = self.listing_ui(ui) {
                    outcome = Some(Outcome::Chosen(path));
                }
            });
            ui.separator();
            if let Some(done) = self.field_ui(ui) {
                outcome = Some(done);
            }
        });
        if modal.should_close() && outcome.is_none() {
            outcome = Some(Outcome::Cancelled);
        }
        outcome
    }

    /// The recent files, a click away (Open chooses one, Save puts it in the field).
    fn recent_ui(&mut self, ui: &mut egui::Ui, recent: &[PathBuf]) -> Option<PathBuf> {
        let mut chosen = None;
        ui.vertical(|ui| {
            ui.set_width(150.0);
            ui.strong("Recent");
            if recent.is_empty() {
                ui.weak("(none yet)");
            }
            for path in recent.iter().take(8) {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                if ui
                    .button(name)
                    .on_hover_text(path.display().to_string())
                    .clicked()
                {
                    match self.purpose {
                        Purpose::Open => chosen = Some(path.clone()),
                        Purpose::Save { .. } => {
                            if let Some(dir) = path.parent() {
                                self.go_to(dir);
                            }
                            self.name = path
                                .file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default();
                        }
                    }
                }
            }
        });
        chosen
    }

    /// The folder's listing: a click on a folder enters it, on a file puts its name in the
    /// field, a double click on a file chooses it.
    fn listing_ui(&mut self, ui: &mut egui::Ui) -> Option<PathBuf> {
        let mut enter = None;
        let mut chosen = None;
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Show");
                let shown = self.filters.get(self.filter).map_or("", |f| f.name);
                egui::ComboBox::from_id_salt("file-dialog-filter")
                    .selected_text(shown)
                    .width(260.0)
                    .show_ui(ui, |ui| {
                        for (i, filter) in self.filters.iter().enumerate() {
                            ui.selectable_value(&mut self.filter, i, filter.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            egui::ScrollArea::vertical()
                .id_salt("file-dialog-listing")
                .max_height(260.0)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if let Some(e) = &self.listing.error {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                    for folder in &self.listing.folders {
                        if ui.selectable_label(false, format!("{folder}/")).clicked() {
                            enter = Some(self.dir.join(folder));
                        }
                    }
                    let names: Vec<String> = self.shown_files().map(str::to_owned).collect();
                    for file in names {
                        let picked = self.name.trim() == file;
                        let response = ui.selectable_label(picked, file.as_str());
                        if response.double_clicked() {
                            self.name.clone_from(&file);
                            chosen = self.confirm();
                        } else if response.clicked() {
                            self.name = file;
                            self.error = None;
                        }
                    }
                });
        });
        if let Some(dir) = enter {
            self.go_to(&dir);
        }
        chosen
    }

    /// The file-name field and the buttons.
    fn field_ui(&mut self, ui: &mut egui::Ui) -> Option<Outcome> {
        let mut outcome = None;
        ui.horizontal(|ui| {
            let label = ui.label("File name");
            let output = egui::TextEdit::singleline(&mut self.name)
                .desired_width(400.0)
                .show(ui);
            let field = output.response.response.labelled_by(label.id);
            if std::mem::take(&mut self.fresh) {
                // Focused once, with its text selected: typing replaces it.
                field.request_focus();
                let mut state = output.state;
                state
                    .cursor
                    .set_char_range(Some(CCursorRange::select_all_str(&self.name)));
                state.store(ui.ctx(), field.id);
            }
            if field.changed() {
                self.error = None;
                self.replacing = None;
            }
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                outcome = self.confirm().map(Outcome::Chosen);
                if outcome.is_none() {
                    field.request_focus();
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        if let Some(path) = self.replacing.clone() {
            ui.label(format!("{} already exists. Replace it?", path.display()));
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    outcome = Some(Outcome::Chosen(path));
                }
                if ui.button("Keep it").clicked() {
                    self.replacing = None;
                }
            });
            return outcome;
        }
        ui.horizontal(|ui| {
            let confirm = match self.purpose {
                Purpose::Open => "Open",
                Purpose::Save { .. } => "Save",
            };
            if ui.button(confirm).clicked() {
                outcome = self.confirm().map(Outcome::Chosen);
            }
            if ui.button("Cancel").clicked() {
                outcome = Some(Outcome::Cancelled);
            }
        });
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_show_files_by_extension() {
        let all = OPEN_FILTERS[0];
        assert!(all.shows("adder.ron"));
        assert!(all.shows("c17.BENCH"));
        assert!(all.shows("adder.v"));
        assert!(all.shows("top.sv"));
        assert!(!all.shows("adder.vcd"));
        assert!(!all.shows("README"));
        assert!(OPEN_FILTERS[2].shows("c17.bench"));
        assert!(!OPEN_FILTERS[2].shows("adder.ron"));
        assert!(OPEN_FILTERS[3].shows("cpu.v"));
        assert!(!OPEN_FILTERS[3].shows("cpu.ron"));
        assert!(ALL_FILES.shows("README"));
    }

    #[test]
    fn a_save_name_without_extension_gets_one_and_an_open_name_must_exist() {
        let dir = std::env::temp_dir().join(format!("tritium-file-dialog-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
        std::fs::write(dir.join("a.ron"), "x").expect("write");
        let start = dir.join("a.ron");

        let mut save = FileDialog::new(
            "Save",
            Purpose::Save { extension: "ron" },
            SAVE_FILTERS,
            Some(&start),
        );
        assert_eq!(save.name, "a.ron");
        assert_eq!(save.shown_files().collect::<Vec<_>>(), ["a.ron"]);
        save.name = "b".to_owned();
        assert_eq!(save.confirm(), Some(dir.join("b.ron")));
        // Saving over the file it started with asks nothing; over another one, it asks.
        save.name = "a.ron".to_owned();
        assert_eq!(save.confirm(), Some(dir.join("a.ron")));
        std::fs::write(dir.join("c.ron"), "x").expect("write");
        save.name = "c".to_owned();
        assert_eq!(save.confirm(), None);
        assert_eq!(save.replacing, Some(dir.join("c.ron")));

        let mut open = FileDialog::new("Open", Purpose::Open, OPEN_FILTERS, Some(&start));
        open.name = "missing.ron".to_owned();
        assert_eq!(open.confirm(), None);
        assert!(open.error.as_deref().is_some_and(|e| e.contains("no file")));
        // A folder's name enters it.
        open.name = "sub".to_owned();
        assert_eq!(open.confirm(), None);
        assert_eq!(open.dir(), dir.join("sub"));
        assert_eq!(open.name, "");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
