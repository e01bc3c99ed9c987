//! Atomic saves: a crash or a full disk never leaves a half-written file.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use sim_core::format::{self, Document, FormatError};

/// Why a file could not be saved. The file on disk is unchanged then.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Writing the temporary file or renaming it failed.
    #[error("cannot save {}: {source}", path.display())]
    Io {
        /// The target file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The document could not be serialized.
    #[error("cannot save {}: {source}", path.display())]
    Format {
        /// The target file.
        path: PathBuf,
        /// What the writer said (boxed: it is large).
        source: Box<FormatError>,
    },
}

/// Saves the circuit document `doc` as RON to `path` with [`write_atomically`].
///
/// # Errors
/// [`SaveError`]; the target is untouched then.
pub fn save_circuit(doc: &Document, path: &Path) -> Result<(), SaveError> {
    let text = format::to_string(doc).map_err(|source| SaveError::Format {
        path: path.to_owned(),
        source: Box::new(source),
    })?;
    write_text(path, &text)
}

/// Writes `text` to `path` with [`write_atomically`], the error as a [`SaveError`].
pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), SaveError> {
    write_atomically(path, text.as_bytes()).map_err(|source| SaveError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Writes `bytes` to a temporary file in `path`'s directory (`.NAME.PID.tmp`), syncs it to
/// disk, and renames it to `path`, so readers see the old file or the new one, never a part.
///
/// # Errors
/// The I/O error of creating, writing, syncing or renaming; the temporary file is removed
/// then and `path` is untouched.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
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
