//! Figure files (`circuits/figures/*.ron`): the graphs the figure page and `tritium euler`
//! draw without lifting the pencil.

use std::io;
use std::path::Path;

use sim_core::figure::format::{self, FigureDocument, FigureFileError};

use crate::save::{SaveError, write_text};

/// Why a figure file could not be loaded. Its `Display` is the whole message, file name
/// included (`path:line:col: message` for a syntax error, `path: message` otherwise).
#[derive(Debug, thiserror::Error)]
pub enum FigureError {
    /// The file could not be read, or is not UTF-8 text.
    #[error("{name}: {error}")]
    Unreadable {
        /// The file's name in messages.
        name: String,
        /// What the operating system said.
        error: io::Error,
    },
    /// The file is not a valid figure document.
    #[error("{}", error.in_file(name))]
    Invalid {
        /// The file's name in messages.
        name: String,
        /// What is wrong with it (boxed: it is large).
        error: Box<FigureFileError>,
    },
}

/// Reads and parses the figure file at `path` (at most
/// [`DEFAULT_MAX_FILE_BYTES`](crate::DEFAULT_MAX_FILE_BYTES)).
///
/// # Errors
/// [`FigureError::Unreadable`] or [`FigureError::Invalid`], naming the file.
pub fn load_figure(path: &Path) -> Result<FigureDocument, FigureError> {
    let name = path.display().to_string();
    let text = match crate::circuit::read_limited(path, crate::DEFAULT_MAX_FILE_BYTES) {
        Ok(text) => text,
        Err(error) => return Err(FigureError::Unreadable { name, error }),
    };
    format::from_str(&text).map_err(|error| FigureError::Invalid {
        name,
        error: Box::new(error),
    })
}

/// Saves the figure document `doc` to `path` atomically ([`crate::write_atomically`]).
///
/// # Errors
/// [`SaveError`]; the target is untouched then.
pub fn save_figure(doc: &FigureDocument, path: &Path) -> Result<(), SaveError> {
    let text = format::to_string(doc).map_err(|source| SaveError::Format {
        path: path.to_owned(),
        source: Box::new(source),
    })?;
    write_text(path, &text)
}
