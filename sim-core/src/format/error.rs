//! Why a file could not be read or written ([`FormatError`]), and where in the file its
//! item is written ([`FormatError::line_in`]).

use super::version::{MAX_VERSION, VERSION};
use crate::circuit::CircuitError;
use crate::desc::WireEnd;
use crate::testbench::TestError;

/// Why a file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// Not valid RON, or not the shape of a circuit file. `line` and `column` are 1-based.
    #[error("{line}:{column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// The file has no `version` field, or one this build does not understand.
    #[error("{}", match found {
        Some(v) if *v > u64::from(MAX_VERSION) => format!(
            "format version {v} is newer than this Tritium understands (version {MAX_VERSION}); \
             upgrade Tritium to open it"),
        Some(v) => format!("format version {v} does not exist (expected version: {VERSION})"),
        None => format!("missing `version` field (expected `version: {VERSION}`)"),
    })]
    Version {
        /// The version in the file, if any.
        found: Option<u64>,
    },
    /// The nodes and wires do not form a valid circuit.
    #[error(transparent)]
    Circuit(#[from] CircuitError),
    /// A test names a missing node or sets something that cannot be set.
    #[error(transparent)]
    Test(#[from] TestError),
    /// The reader failed.
    #[error("read error: {0}")]
    Io(#[from] std::io::Error),
    /// Subcircuits that cannot be flattened (naming the instance path or library file).
    #[error(transparent)]
    Hierarchy(#[from] crate::hierarchy::HierarchyError),
    /// A memory's contents cannot be read (naming the memory, the file and the line and
    /// column of a bad word).
    #[error("memory `{memory}`: {message}")]
    Memory {
        /// The memory's label.
        memory: String,
        /// What is wrong.
        message: String,
    },
    /// Serializing failed (cannot happen for a valid document; reported, not unwrapped).
    #[error("cannot write RON: {0}")]
    Write(String),
}

impl FormatError {
    /// The 1-based `(line, column)` of a syntax error.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            FormatError::Syntax { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }

    /// The 1-based line of `text` (the file that gave this error) where the offending item
    /// is written: a syntax error's line, or for a semantic error the line naming the node,
    /// wire, test label, instance, part or library it is about (a duplicate: its second
    /// occurrence). `None` when the item is not written in `text` (e.g. it is inside a
    /// library file, whose name the message gives) or the error has no item.
    pub fn line_in(&self, text: &str) -> Option<usize> {
        use crate::hierarchy::HierarchyError as H;
        let quoted = |s: &str| format!("\"{s}\"");
        let nth_line = |needles: &[String], nth: usize| -> Option<usize> {
            text.lines()
                .enumerate()
                .filter(|(_, line)| needles.iter().all(|n| line.contains(n.as_str())))
                .nth(nth)
                .map(|(i, _)| i + 1)
        };
        let label = |l: &str, nth: usize| nth_line(&[format!("label: {}", quoted(l))], nth);
        let wire = |w: &crate::desc::WireRef| {
            nth_line(&[quoted(&w.from), quoted(&w.to)], 0).or_else(|| nth_line(&[quoted(&w.to)], 0))
        };
        let last = |path: &str| path.rsplit('/').next().unwrap_or(path).to_owned();
        match self {
            FormatError::Syntax { line, .. } => Some(*line),
            FormatError::Circuit(e) => match e {
                CircuitError::DuplicateLabel { label: l } => label(l, 1),
                CircuitError::InvalidLabel { label: l, .. }
                | CircuitError::NotExpanded { label: l, .. }
                | CircuitError::BadInputCount { label: l, .. }
                | CircuitError::InitOnNonFlipFlop { label: l, .. }
                | CircuitError::BadClock { label: l } => label(l, 0),
                CircuitError::UnknownLabel { wire: w, .. }
                | CircuitError::WireIntoSource { wire: w, .. }
                | CircuitError::WireFromTerminal { wire: w, .. }
                | CircuitError::InputOutOfRange { wire: w, .. }
                | CircuitError::DoubleDriver { wire: w, .. } => wire(w),
            },
            FormatError::Test(e) => {
                let after = text.find("tests:")?;
                let skipped = text[..after].lines().count().saturating_sub(1);
                let (TestError::UnknownLabel { label: l, .. }
                | TestError::NotSettable { label: l, .. }
                | TestError::BadValue { label: l, .. }) = e;
                text[after..]
                    .lines()
                    .position(|line| line.contains(&quoted(l)))
                    .map(|i| skipped + i + 1)
            }
            FormatError::Hierarchy(e) => match e {
                H::Library { path, .. } => nth_line(&[quoted(path)], 0),
                H::UnknownPart { path, .. } => label(&last(path), 0)
                    .or_else(|| label(path.split('/').next().unwrap_or(path), 0)),
                H::Pin { path, .. } => {
                    let inst = last(path);
                    nth_line(&[format!("\"{inst}.")], 0).or_else(|| label(&inst, 0))
                }
                H::DuplicatePart(name) => nth_line(&[format!("name: {}", quoted(name))], 1)
                    .or_else(|| nth_line(&[format!("name: {}", quoted(name))], 0)),
                H::TooLarge { path, .. } if !path.is_empty() => {
                    label(path.split('/').next().unwrap_or(path), 0)
                }
                H::Bus { error, .. } => {
                    use crate::bus::BusError as B;
                    match error {
                        B::Width { label: l, .. }
                        | B::Value { label: l, .. }
                        | B::ValueNotConstant { label: l, .. }
                        | B::Loop { label: l } => label(l, 0),
                        B::Mismatch { from, to, .. } => nth_line(&[quoted(from), quoted(to)], 0),
                        B::End { end, .. } => nth_line(&[quoted(end)], 0).or_else(|| {
                            let node = WireEnd::owner(end);
                            nth_line(&[format!("to: {}", quoted(node))], 0)
                        }),
                        B::DoubleDriver {
                            label: l, second, ..
                        } => nth_line(&[quoted(second), quoted(l)], 0),
                        B::Tunnel(t) => {
                            use crate::tunnel::TunnelError as T;
                            match &**t {
                                T::TwoDrivers {
                                    second_tunnel,
                                    second,
                                    ..
                                } => nth_line(&[quoted(second), quoted(second_tunnel)], 0),
                                T::TunnelToTunnel { from, to } | T::Pin { from, to, .. } => {
                                    nth_line(&[quoted(from), quoted(to)], 0)
                                }
                                T::NetNotTunnel { label: l, .. } => label(l, 0),
                            }
                        }
                    }
                }
                H::TooDeep { path, .. } => label(path.split('/').next().unwrap_or(path), 0),
                H::Cycle(_) | H::Circuit(_) | H::TooLarge { .. } => None,
            },
            FormatError::Version { .. } => nth_line(&["version".to_owned()], 0),
            FormatError::Memory { memory, .. } => {
                label(memory.split('/').next().unwrap_or(memory), 0)
            }
            FormatError::Io(_) | FormatError::Write(_) => None,
        }
    }
}
