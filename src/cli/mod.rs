//! The `tritium` command line: the argument grammar ([`args`]), loading files ([`load`]), what
//! `sim` and `trace` share ([`session`]), and one module per subcommand.
//!
//! Every subcommand returns a [`Status`] for outcomes it reports itself (a failed test, an
//! invalid circuit under `check`) or an error for bad input, which `main` prints as
//! `error: <message>` and turns into exit status 2.

mod analyze;
mod args;
mod asm;
mod check;
mod cluster;
mod euler;
mod experiment;
mod export;
mod generate;
mod import;
mod load;
mod perft;
mod play;
mod plugins;
mod replay;
mod run;
mod session;
mod sim;
mod solve;
mod table;
mod test;
mod trace;
mod vectors;
mod wave;

use std::fmt::Display;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::Result;

pub use args::Cli;
use args::Command;

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

/// Runs the command line `cli`, writing to standard output and standard error.
///
/// # Errors
/// Bad input (unreadable or invalid file, unknown label, …), to be printed as
/// `error: {err:#}` with exit status 2.
pub fn run(cli: &Cli) -> Result<Status> {
    // Not `stdout().lock()` for the whole command: other threads (timely's networking, in a
    // distributed experiment) print too, and would wait for the lock forever.
    let mut out = BufWriter::new(io::stdout());
    let mut err = io::stderr();
    let mut console = Console {
        out: &mut out,
        err: &mut err,
    };
    let status = dispatch(cli, &mut console)?;
    console.out.flush()?;
    Ok(status)
}

/// Runs the subcommand of `cli` on `console`.
fn dispatch(cli: &Cli, console: &mut Console<'_>) -> Result<Status> {
    match &cli.command {
        Some(Command::Sim(args)) => sim::run(args, console),
        Some(Command::Trace(args)) => trace::run(args, console),
        Some(Command::Test(args)) => test::run(args, console),
        Some(Command::Table(args)) => table::run(args, console),
        Some(Command::Check(args)) => check::run(args, console),
        Some(Command::Asm(args)) => asm::run(args, console),
        Some(Command::Run(args)) => run::run(args, console),
        Some(Command::Import(args)) => import::run(args, console),
        Some(Command::Export(args::ExportCommand::Verilog(args))) => export::run(args, console),
        Some(Command::Vectors(args)) => vectors::run(args, console),
        Some(Command::Gen(command)) => generate::run(command, console),
        Some(Command::Plugins) => plugins::run(&cli.plugin_dir, console),
        Some(Command::Play(args)) => {
            play::run(args, &cli.plugin_dir, &mut io::stdin().lock(), console)
        }
        Some(Command::Replay(args)) => replay::run(args, &cli.plugin_dir, console),
        Some(Command::Perft(args)) => perft::run(args, &cli.plugin_dir, console),
        Some(Command::Solve(args)) => solve::run(args, &cli.plugin_dir, console),
        Some(Command::Euler(args)) => euler::run(args, console),
        Some(Command::Experiment(args)) => experiment::run(args, &cli.plugin_dir, console),
        Some(Command::Analyze(command)) => analyze::run(command, console),
        None => {
            let default = Path::new(DEFAULT_CIRCUIT);
            let file = cli
                .file
                .as_deref()
                .or_else(|| default.exists().then_some(default));
            gui::run_with_plugins(file, &cli.plugin_dir)
                .map_err(|e| anyhow::anyhow!("cannot open the desktop app: {e}"))?;
            Ok(Status::Success)
        }
    }
}

/// What `tritium` without arguments opens (relative to the working directory).
const DEFAULT_CIRCUIT: &str = "circuits/rs_nor_latch.ron";

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
    if load::is_stdin(path) {
        console.out.write_all(text.as_bytes())?;
    } else {
        std::fs::write(path, text)
            .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))?;
    }
    Ok(())
}
