//! Loading circuit files, with errors that name the file.

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use sim_core::bench::{self, BenchError};
use sim_core::format::{self, Document, FormatError};

/// A loaded circuit file.
#[derive(Debug)]
pub struct Loaded {
    /// How messages name the file: the path as given, or `<stdin>`.
    pub name: String,
    /// The parsed and validated document.
    pub doc: Document,
}

/// Why a circuit file could not be loaded.
///
/// Its `Display` is the whole message, file name and cause included —
/// `path:line:col: message` for a syntax error, `path:line: message` for an error about an
/// item the file writes on that line, `path: message` otherwise — so it has no
/// `source()` (that would print the cause twice in an error chain).
#[derive(Debug)]
pub enum LoadError {
    /// The file (or directory) could not be read: bad input, not a bad circuit.
    Unreadable {
        /// The file's name in messages.
        name: String,
        /// What the operating system said.
        error: io::Error,
    },
    /// The file was read but is not a valid circuit document.
    Invalid {
        /// The file's name in messages.
        name: String,
        /// The 1-based line of the offending item, when the file writes it.
        line: Option<usize>,
        /// What is wrong with it (boxed: it is large, and errors should be small to pass).
        error: Box<FormatError>,
    },
    /// The file has the `.bench` extension but is not a valid ISCAS netlist.
    Netlist {
        /// The file's name in messages.
        name: String,
        /// What is wrong with it (names the line; boxed, like [`LoadError::Invalid`]'s).
        error: Box<BenchError>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable { name, error } => write!(f, "{name}: {error}"),
            LoadError::Invalid { name, line, error } => match (&**error, line) {
                (
                    FormatError::Syntax {
                        line,
                        column,
                        message,
                    },
                    _,
                ) => write!(f, "{name}:{line}:{column}: {message}"),
                (other, Some(line)) => write!(f, "{name}:{line}: {other}"),
                (other, None) => write!(f, "{name}: {other}"),
            },
            LoadError::Netlist { name, error } => write!(f, "{name}: {error}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The name `-` stands for standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name `path`.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    }
}

/// Whether `path` names an ISCAS `.bench` netlist (by its extension, case-insensitive).
pub fn is_bench(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("bench"))
}

/// Reads and parses the circuit file at `path` (`-`: standard input), whose flattening may
/// have at most `max_nodes` nodes (the commands' `--max-nodes`).
///
/// A file named `*.bench` is read as an ISCAS netlist ([`sim_core::bench`]) and becomes a
/// document without name, description, tests or positions; anything else is a RON circuit
/// document.
///
/// # Errors
/// [`LoadError::Unreadable`] if the file cannot be read, [`LoadError::Invalid`] if it is not a
/// valid circuit document (including text that is not UTF-8), [`LoadError::Netlist`] if it is
/// a `.bench` file that is not a valid netlist.
pub fn load(path: &Path, max_nodes: u64) -> Result<Loaded, LoadError> {
    let name = display_name(path);
    let bytes = if is_stdin(path) {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        fs::read(path)
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(error) => return Err(LoadError::Unreadable { name, error }),
    };
    if is_bench(path) {
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let error = io::Error::new(io::ErrorKind::InvalidData, e);
                return Err(LoadError::Unreadable { name, error });
            }
        };
        return match bench::from_str(&text) {
            Ok(circuit) => Ok(Loaded {
                name,
                doc: Document::new(circuit),
            }),
            Err(error) => Err(LoadError::Netlist {
                name,
                error: Box::new(error),
            }),
        };
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let error = io::Error::new(io::ErrorKind::InvalidData, e);
            return Err(LoadError::Unreadable { name, error });
        }
    };
    match format::from_str_limited(&text, &name, &mut gui::state::read_library, max_nodes) {
        Ok(doc) => Ok(Loaded { name, doc }),
        Err(error) => Err(LoadError::Invalid {
            line: error.line_in(&text),
            name,
            error: Box::new(error),
        }),
    }
}
