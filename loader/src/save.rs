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
    write_atomically_with(path, |out| out.write_all(bytes)).map_err(|e| match e {
        StreamError::Io(e) | StreamError::Writer(e) => e,
    })
}

/// Why [`write_atomically_with`] failed: the file system, or the writer function's own error.
#[derive(Debug, thiserror::Error)]
pub enum StreamError<E: std::error::Error + 'static> {
    /// Creating, syncing or renaming the file failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The writer function failed.
    #[error(transparent)]
    Writer(E),
}

/// Like [`write_atomically`], for output too large to hold in memory (a 100 MB waveform):
/// `write` streams into a buffered temporary file beside `path`, which is then synced and
/// renamed over `path`. If `write` or anything after it fails, the temporary file is removed
/// and `path` is untouched. A `path` that is a device or a pipe (`/dev/null`, a FIFO) is
/// written in place — renaming over it would replace the device —, and a directory is
/// refused.
///
/// # Errors
/// [`StreamError::Writer`] with `write`'s error, or [`StreamError::Io`].
pub fn write_atomically_with<E, F>(path: &Path, write: F) -> Result<(), StreamError<E>>
where
    E: std::error::Error + 'static,
    F: FnOnce(&mut io::BufWriter<fs::File>) -> Result<(), E>,
{
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "circuit".into(), |n| n.to_string_lossy());
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(StreamError::Io(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            )));
        }
        // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO): written in place. Renaming
        // a file over it would replace the device itself.
        Ok(meta) if !meta.is_file() => {
            let mut out = io::BufWriter::with_capacity(1 << 20, fs::File::create(path)?);
            write(&mut out).map_err(StreamError::Writer)?;
            out.flush()?;
            return Ok(());
        }
        _ => {}
    }
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut out = io::BufWriter::with_capacity(1 << 20, fs::File::create(&tmp)?);
        write(&mut out).map_err(StreamError::Writer)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        fs::rename(&tmp, path)?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}
