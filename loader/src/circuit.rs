//! Loading a circuit file by its extension: a RON circuit document with its libraries, an
//! ISCAS `.bench` netlist, or a Verilog design through Yosys ([`crate::verilog`]); `-` is
//! standard input.

use std::collections::HashSet;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use sim_core::bench::BenchError;
use sim_core::format::{Document, FormatError};
use sim_core::front_end::{FrontEnd, FrontEndError};
use sim_core::hierarchy::HierarchyError;

use crate::library::LibraryPolicy;
use crate::verilog::{self, VerilogError, Yosys};

/// A loaded circuit file.
#[derive(Debug)]
pub struct Loaded {
    /// How messages name the file: the path as given, or `<stdin>`.
    pub name: String,
    /// The parsed and validated document (a `.bench` netlist's nodes have no positions).
    pub doc: Document,
    /// What reading it warned about: a Verilog design's Yosys and import warnings (none for
    /// the other formats, whose warnings are the circuit's own).
    pub warnings: Vec<verilog::Warning>,
}

/// Why a circuit file could not be loaded.
///
/// Its `Display` is the whole message, file name and cause included —
/// `path:line:col: message` for a syntax error, `path:line: message` for an error about an
/// item the file writes on that line, `path: message` otherwise — so it has no
/// `source()` (that would print the cause twice in an error chain).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file (or directory) could not be read, or is not UTF-8 text: bad input, not a bad
    /// circuit.
    #[error("{name}: {error}")]
    Unreadable {
        /// The file's name in messages.
        name: String,
        /// What the operating system said.
        error: io::Error,
    },
    /// The file was read but is not a valid circuit document (or a library it names cannot
    /// be read or is not valid).
    #[error("{}", invalid_message(name, *line, error))]
    Invalid {
        /// The file's name in messages.
        name: String,
        /// The 1-based line of the offending item, when the file writes it.
        line: Option<usize>,
        /// What is wrong with it (boxed: it is large, and errors should be small to pass).
        error: Box<FormatError>,
    },
    /// The file has the `.bench` extension but is not a valid ISCAS netlist.
    #[error("{name}: {error}")]
    Netlist {
        /// The file's name in messages.
        name: String,
        /// What is wrong with it (names the line; boxed, like [`LoadError::Invalid`]'s).
        error: Box<BenchError>,
    },
    /// The file has the `.v` or `.sv` extension and Yosys or the import failed (Yosys'
    /// message names the file and line).
    #[error("{0}")]
    Verilog(Box<VerilogError>),
}

/// [`LoadError::Invalid`]'s message: `name:line:col: …` for a syntax error, else
/// `name:line: …` when the line is known, else `name: …`.
fn invalid_message(name: &str, line: Option<usize>, error: &FormatError) -> String {
    match (error, line) {
        (
            FormatError::Syntax {
                line,
                column,
                message,
            },
            _,
        ) => format!("{name}:{line}:{column}: {message}"),
        (other, Some(line)) => format!("{name}:{line}: {other}"),
        (other, None) => format!("{name}: {other}"),
    }
}

/// The name `-` stands for standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name `path`: as given, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    }
}

/// Whether `path` names an ISCAS `.bench` netlist (by its extension, case-insensitive).
pub fn is_bench(path: &Path) -> bool {
    front_end(path) == FrontEnd::Bench
}

/// The front end that reads the file at `path`, by its name ([`FrontEnd::of_name`]).
fn front_end(path: &Path) -> FrontEnd {
    FrontEnd::of_name(&path.to_string_lossy())
}

/// Reads and parses the circuit file at `path` (`-`: standard input, read as RON).
///
/// A file named `*.bench` is read as an ISCAS netlist ([`sim_core::bench`]) and becomes a
/// document without name, description, tests or positions (a caller that draws it lays it
/// out); a file named `*.v` or `*.sv` is imported through Yosys ([`Yosys::import`], the
/// program [`Yosys::find`] names, its default [`verilog::Options`] but for the node limit:
/// the top module found by the importer); anything else is a RON circuit document whose libraries are read under `libraries`
/// (see [`parse_circuit`]). The file itself may be any readable file (a pipe too: the user
/// chose it), read up to [`LibraryPolicy::max_file_bytes`].
///
/// # Errors
/// [`LoadError::Unreadable`] if the file cannot be read, is larger than
/// [`LibraryPolicy::max_file_bytes`] or is not UTF-8, [`LoadError::Invalid`]
/// if it is not a valid circuit document, [`LoadError::Netlist`] if it is a `.bench` file
/// that is not a valid netlist, [`LoadError::Verilog`] if a Verilog design cannot be
/// imported.
pub fn load_circuit(path: &Path, libraries: &LibraryPolicy) -> Result<Loaded, LoadError> {
    let name = display_name(path);
    if verilog::is_verilog(path) {
        let options = verilog::Options {
            max_nodes: usize::try_from(libraries.max_nodes()).unwrap_or(usize::MAX),
            ..verilog::Options::default()
        };
        let design = Yosys::find()
            .import(&[path.to_owned()], &options)
            .map_err(|e| LoadError::Verilog(Box::new(e)))?;
        return Ok(Loaded {
            name,
            doc: design.document,
            warnings: design.warnings,
        });
    }
    let text =
        read_limited(path, libraries.max_file_bytes()).map_err(|error| LoadError::Unreadable {
            name: name.clone(),
            error,
        })?;
    let doc = read_circuit(front_end(path), &text, &name, libraries)?;
    Ok(Loaded {
        name,
        doc,
        warnings: Vec::new(),
    })
}

/// The text of the file at `path` (`-`: standard input), at most `limit` bytes of it: a longer
/// file (`/dev/zero`, an endless pipe) is an [`io::ErrorKind::FileTooLarge`] error after
/// `limit + 1` bytes, not a read that never ends; text that is not UTF-8 is
/// [`io::ErrorKind::InvalidData`].
pub(crate) fn read_limited(path: &Path, limit: u64) -> io::Result<String> {
    let mut bytes = Vec::new();
    if is_stdin(path) {
        io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)?;
    } else {
        fs::File::open(path)?
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("more than {limit} bytes, the most a file may have"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// Parses `text`, the RON circuit file `name` (a path: its libraries are resolved from its
/// folder), reading its libraries under `libraries` ([`LibraryPolicy::read`]) and
/// flattening it into at most [`LibraryPolicy::max_nodes`] nodes.
///
/// A library that was read but is not a valid circuit file is reported by its name and the
/// line and column of the fault, never with its text: it may be any file of an allowed
/// folder, and the message must not show what it holds.
///
/// # Errors
/// [`LoadError::Invalid`] naming the file and, when it writes the offending item, its line.
pub fn parse_circuit(
    text: &str,
    name: &str,
    libraries: &LibraryPolicy,
) -> Result<Document, LoadError> {
    read_circuit(FrontEnd::Ron, text, name, libraries)
}

/// Reads `text`, the file `name`, with `front_end` ([`FrontEnd::read`]), its libraries (a RON
/// file's) under `libraries`: [`parse_circuit`] for any front end.
fn read_circuit(
    front_end: FrontEnd,
    text: &str,
    name: &str,
    libraries: &LibraryPolicy,
) -> Result<Document, LoadError> {
    // The libraries read: an error about one of these is about its text.
    let mut read: HashSet<(String, String)> = HashSet::new();
    let mut resolve = |path: &str, from: &str| {
        let answer = libraries.read(path, from);
        if answer.is_ok() {
            read.insert((path.to_owned(), from.to_owned()));
        }
        answer
    };
    let parsed = front_end.read(text, name, &mut resolve, libraries.max_nodes());
    parsed.map_err(|error| {
        let mut error = match error {
            FrontEndError::Ron(error) => error,
            FrontEndError::Bench(error) => {
                return LoadError::Netlist {
                    name: name.to_owned(),
                    error: Box::new(error),
                };
            }
        };
        if let FormatError::Hierarchy(HierarchyError::Library {
            path,
            from,
            message,
        }) = &mut error
            && read.contains(&(path.clone(), from.clone()))
        {
            *message = without_content(message);
        }
        LoadError::Invalid {
            line: error.line_in(text),
            name: name.to_owned(),
            error: Box::new(error),
        }
    })
}

/// A library's parse error without what it quotes from the file: `LINE:COL: message`
/// becomes `LINE:COL: not a valid circuit file (…)`; a message without a position (a
/// version the build does not read) quotes nothing and is kept.
fn without_content(message: &str) -> String {
    let mut parts = message.splitn(3, ':');
    let (Some(line), Some(column), Some(_)) = (parts.next(), parts.next(), parts.next()) else {
        return message.to_owned();
    };
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if number(line) && number(column) {
        format!("{line}:{column}: not a valid circuit file (open it on its own to see why)")
    } else {
        message.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_positioned_message_loses_its_words_and_others_are_kept() {
        assert_eq!(
            without_content("1:1: Expected struct `Circuit` but found `root`"),
            "1:1: not a valid circuit file (open it on its own to see why)"
        );
        let version = "format version 9 is newer than this Tritium understands";
        assert_eq!(without_content(version), version);
        assert_eq!(without_content("a:1: b"), "a:1: b");
    }

    #[test]
    fn names_and_extensions() {
        assert!(is_stdin(Path::new("-")));
        assert_eq!(display_name(Path::new("-")), "<stdin>");
        assert_eq!(display_name(Path::new("a/b.ron")), "a/b.ron");
        assert!(is_bench(Path::new("c17.BENCH")));
        assert!(!is_bench(Path::new("c17.ron")));
    }
}
