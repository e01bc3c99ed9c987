//! The open document: the circuit file, where it lives, whether it changed, and its history.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use sim_core::format::{self, Document, FormatError};

use super::history::History;

/// Why a file could not be opened. Displays as `path:line:column: message` for syntax errors.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not a valid circuit.
    #[error("{}:{source}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The error, which starts with `line:column:`.
        source: Box<FormatError>,
    },
    /// The file parsed but describes an invalid circuit or tests.
    #[error("{}{}: {source}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the offending item, when the file writes it.
        line: Option<usize>,
        /// What is wrong.
        source: Box<FormatError>,
    },
}

/// Why a file could not be saved. The file on disk is unchanged then.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Writing the temporary file or renaming it failed.
    #[error("cannot save {}: {source}", path.display())]
    Io {
        /// The target file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The document could not be serialized.
    #[error("cannot save {}: {source}", path.display())]
    Format {
        /// The target file.
        path: PathBuf,
        /// The error.
        source: Box<FormatError>,
    },
}

/// The document being edited.
#[derive(Debug)]
pub struct DocState {
    /// The circuit, its tests, name and description.
    pub document: Document,
    /// Where it was loaded from or last saved to; `None` for a new document.
    pub path: Option<PathBuf>,
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

    /// Reads and validates `path` (its subcircuit libraries from files beside it).
    ///
    /// # Errors
    /// [`LoadError`] naming the file, and line and column for syntax errors.
    pub fn load(path: &Path) -> Result<DocState, LoadError> {
        let text = fs::read_to_string(path).map_err(|source| LoadError::Io {
            path: path.to_owned(),
            source,
        })?;
        let name = path.display().to_string();
        let document =
            format::from_str_with(&text, &name, &mut read_library).map_err(|source| {
                let line = source.line_in(&text);
                let (path, source) = (path.to_owned(), Box::new(source));
                if source.position().is_some() {
                    LoadError::Syntax { path, source }
                } else {
                    LoadError::Invalid { path, line, source }
                }
            })?;
        Ok(DocState {
            document,
            path: Some(path.to_owned()),
            ..DocState::new()
        })
    }

    /// Saves to `path` atomically: writes a temporary file beside it, then renames it over the
    /// target, so a crash never leaves a half-written circuit. Remembers `path`.
    ///
    /// # Errors
    /// [`SaveError`]; the target is untouched then.
    pub fn save_as(&mut self, path: &Path) -> Result<(), SaveError> {
        let text = format::to_string(&self.document).map_err(|source| SaveError::Format {
            path: path.to_owned(),
            source: Box::new(source),
        })?;
        write_atomically(path, text.as_bytes()).map_err(|source| SaveError::Io {
            path: path.to_owned(),
            source,
        })?;
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

    /// Undoes the last edit; `false` if there was none.
    pub fn undo(&mut self) -> bool {
        self.history.undo(&mut self.document, &mut self.revision)
    }

    /// Redoes the last undone edit; `false` if there was none.
    pub fn redo(&mut self) -> bool {
        self.history.redo(&mut self.document, &mut self.revision)
    }

    /// The file name, or `untitled.ron`.
    pub fn file_name(&self) -> String {
        self.path.as_deref().and_then(Path::file_name).map_or_else(
            || "untitled.ron".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The window title: `rs_nor_latch.ron — Tritium`, with `●` before it when modified.
    pub fn title(&self) -> String {
        let marker = if self.is_modified() { "● " } else { "" };
        format!("{marker}{} — Tritium", self.file_name())
    }
}

/// Writes `bytes` to a temporary file in `path`'s directory, syncs it, and renames it to `path`.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "circuit".into(), |n| n.to_string_lossy());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Reads a subcircuit library for [`format::from_str_with`]: `path` relative to the directory
/// of the file `from` names; answers the library's path (how messages name it) and text.
///
/// # Errors
/// The file cannot be read (the message names the resolved path).
pub fn read_library(path: &str, from: &str) -> Result<(String, String), String> {
    let base = Path::new(from).parent().unwrap_or_else(|| Path::new(""));
    let resolved = base.join(path);
    let name = resolved.display().to_string();
    fs::read_to_string(&resolved)
        .map(|text| (name.clone(), text))
        .map_err(|e| format!("cannot read {name}: {e}"))
}
