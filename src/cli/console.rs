//! What every command shares: where it writes ([`Console`]), how it ends ([`Status`]), and
//! two helpers for what it writes.

use std::fmt::Display;
use std::io::{self, Write};
use std::path::Path;

use anyhow::Result;

use super::load::is_stdin;

/// How a command ended, when it did not end with an error: the process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Everything went well: exit 0.
    Success,
    /// A test or check failed (already reported): exit 1.
    Failed,
    /// Some input was bad (already reported): exit 2, as for an error.
    BadInput,
}

impl Status {
    /// The process exit code: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failed => 1,
            Status::BadInput => 2,
        }
    }
}

/// Where a command writes: results to `out` (standard output), diagnostics to `err`
/// (standard error). Diagnostics flush `out` first, so the two stay in order on a terminal.
pub struct Console<'a> {
    /// Results.
    pub out: &'a mut dyn Write,
    /// Warnings and errors.
    pub err: &'a mut dyn Write,
}

impl Console<'_> {
    /// Prints `warning: <message>` on standard error.
    ///
    /// # Errors
    /// If writing fails.
    pub fn warn(&mut self, message: impl Display) -> io::Result<()> {
        self.out.flush()?;
        writeln!(self.err, "warning: {message}")
    }

    /// Prints `error: <message>` on standard error, for errors a command reports and survives.
    ///
    /// # Errors
    /// If writing fails.
    pub fn error(&mut self, message: impl Display) -> io::Result<()> {
        self.out.flush()?;
        writeln!(self.err, "error: {message}")
    }
}

/// `1 event`, `2 events`: a count with its noun, plural unless it is 1.
pub fn plural(count: impl Into<u64>, noun: &str) -> String {
    match count.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// Writes `text` to the file `path`, or to standard output if `path` is `-`.
///
/// # Errors
/// If the file cannot be written (the message names it).
pub fn write_output(path: &Path, text: &str, console: &mut Console<'_>) -> Result<()> {
    if is_stdin(path) {
        console.out.write_all(text.as_bytes())?;
    } else {
        std::fs::write(path, text)
            .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))?;
    }
    Ok(())
}
