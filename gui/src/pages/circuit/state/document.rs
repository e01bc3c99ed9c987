//! The open document: the circuit file, where it lives, whether it changed, and its history.

use std::path::{Path, PathBuf};

use loader::LibraryPolicy;
pub use loader::{LoadError, SaveError};
use sim_core::format::Document;
use sim_core::hierarchy::ResolveError;

use super::history::History;

/// The document being edited.
#[derive(Debug)]
pub struct DocState {
    /// The circuit, its tests, name and description.
    pub document: Document,
    /// Where it was loaded from or last saved to; `None` for a new document, or one imported
    /// from another format.
    pub path: Option<PathBuf>,
    /// The file it was imported from (an ISCAS `.bench` netlist), which saving never
    /// overwrites: it names the document until it is saved as RON.
    pub imported_from: Option<PathBuf>,
    /// Undo/redo stacks.
    pub history: History,
    /// Names the document's current state: every new document and every edit takes a fresh
    /// number, never reused in the process; undo and redo restore earlier numbers.
    revision: u64,
    /// The revision that is on disk.
    saved_revision: u64,
}

/// Fresh revision numbers for every document of the process, so that two revisions are equal
/// exactly when they name the same document state (a redo cannot collide with the save, and a
/// view caching something per revision never mixes up two documents).
fn fresh_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Default for DocState {
    fn default() -> DocState {
        DocState::new()
    }
}

impl DocState {
    /// An empty, unsaved document.
    pub fn new() -> DocState {
        let revision = fresh_revision();
        DocState {
            document: Document::default(),
            path: None,
            imported_from: None,
            history: History::default(),
            revision,
            saved_revision: revision,
        }
    }

    /// The revision of the current state (see [`DocState::record_edit`]): equal revisions mean
    /// the same document, so views can cache what they derive from the circuit by revision.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// An untitled, unmodified document holding `document` (one the caller loaded itself, as
    /// `tritium draw` does with its own library folders).
    pub fn untitled(document: Document) -> DocState {
        DocState {
            document,
            ..DocState::new()
        }
    }

    /// A document the app made rather than loaded (a circuit built on the Analysis page):
    /// untitled and modified, so that closing or replacing it asks to save it first.
    pub fn unsaved(document: Document) -> DocState {
        DocState {
            document,
            // Revisions start at 1: this one is never the document's.
            saved_revision: 0,
            ..DocState::new()
        }
    }

    /// Reads and validates `path` with [`loader::load_circuit`]: a RON circuit with its
    /// subcircuit libraries from beside it, or, by its extension, an ISCAS `.bench` netlist or
    /// a Verilog design (`.v`, `.sv`, imported through Yosys), which open
    /// [imported](Self::imported_from), unmodified but without a path, so that saving asks for
    /// a `.ron` path ([`save_path`](Self::save_path)) and never writes RON over the source
    /// (nodes without a position get the automatic layout when the page opens it,
    /// [`CircuitPageState::with_doc`](super::CircuitPageState::with_doc)). Also returns what
    /// the loading warned about (a Verilog design's Yosys and import warnings).
    ///
    /// # Errors
    /// [`LoadError`] naming the file, and line and column for syntax errors; for a Verilog
    /// design, Yosys' own message.
    pub fn load(path: &Path) -> Result<(DocState, Vec<loader::verilog::Warning>), LoadError> {
        let loaded = loader::load_circuit(path, &LibraryPolicy::new())?;
        let doc = if loader::is_bench(path) || loader::is_verilog(path) {
            DocState {
                document: loaded.doc,
                imported_from: Some(path.to_owned()),
                ..DocState::new()
            }
        } else {
            DocState {
                document: loaded.doc,
                path: Some(path.to_owned()),
                ..DocState::new()
            }
        };
        Ok((doc, loaded.warnings))
    }

    /// Saves to `path` atomically ([`loader::save_circuit`]): writes a temporary file beside
    /// it, then renames it over the target, so a crash never leaves a half-written circuit.
    /// Remembers `path`.
    ///
    /// # Errors
    /// [`SaveError`]; the target is untouched then.
    pub fn save_as(&mut self, path: &Path) -> Result<(), SaveError> {
        loader::save_circuit(&self.document, path)?;
        self.path = Some(path.to_owned());
        self.saved_revision = self.revision;
        Ok(())
    }

    /// Whether the document differs from what is on disk (or was never saved and is not empty).
    pub fn is_modified(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Records the current document as the undo point before an edit, and gives the edited
    /// document a fresh revision.
    pub fn record_edit(&mut self, before: Document) {
        self.history.record(before, self.revision);
        self.revision = fresh_revision();
    }

    /// Joins the last edit to the one before it into one undo step.
    pub fn merge_last_edit(&mut self) {
        self.history.merge_last();
    }

    /// Undoes the last edit; `false` if there was none.
    pub fn undo(&mut self) -> bool {
        self.history.undo(&mut self.document, &mut self.revision)
    }

    /// Redoes the last undone edit; `false` if there was none.
    pub fn redo(&mut self) -> bool {
        self.history.redo(&mut self.document, &mut self.revision)
    }

    /// The file name (of the file it was imported from, until it is saved), or
    /// `untitled.ron`.
    pub fn file_name(&self) -> String {
        self.path
            .as_deref()
            .or(self.imported_from.as_deref())
            .and_then(Path::file_name)
            .map_or_else(
                || "untitled.ron".to_owned(),
                |n| n.to_string_lossy().into_owned(),
            )
    }

    /// Where Save As proposes to write: the document's path, or the file it was imported from
    /// with extension `.ron` (`None` for a new document).
    pub fn save_path(&self) -> Option<PathBuf> {
        self.path.clone().or_else(|| {
            self.imported_from
                .as_deref()
                .map(|p| p.with_extension("ron"))
        })
    }

    /// The window title: `rs_nor_latch.ron — Tritium`, with `●` before it when modified.
    pub fn title(&self) -> String {
        let marker = if self.is_modified() { "● " } else { "" };
        format!("{marker}{} — Tritium", self.file_name())
    }
}

/// Reads a subcircuit library for [`sim_core::format::from_str_with`]: `path` relative to
/// the folder of the file `from` names, under the default [`LibraryPolicy`] (that folder
/// only, regular files of at most [`loader::DEFAULT_MAX_LIBRARY_BYTES`]); answers the
/// library's path (how messages name it) and text.
///
/// # Errors
/// [`ResolveError`]: the library is refused or cannot be read (the message names the
/// resolved path).
pub fn read_library(path: &str, from: &str) -> Result<(String, String), ResolveError> {
    LibraryPolicy::new().read(path, from)
}
