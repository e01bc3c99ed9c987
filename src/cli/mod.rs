//! The `tritium` command line: the argument grammar ([`args`]), loading files ([`load`]), what
//! `sim`, `trace` and `run` share ([`batch_run`]), and one module per subcommand.
//!
//! Every subcommand returns a [`Status`] for outcomes it reports itself (a failed test, an
//! invalid circuit under `check`) or an error for bad input, which `main` prints as
//! `error: <message>` and turns into exit status 2.

mod analyze;
mod args;
mod assemble;
mod batch_run;
mod check;
mod cluster;
mod console;
mod draw;
mod euler;
mod experiment;
mod export;
mod expressions;
mod generate;
mod import;
mod load;
mod perft;
mod play;
mod plugins;
mod replay;
mod run;
mod sim;
mod solve;
mod synth;
mod table;
mod test;
mod trace;
mod vectors;
mod wave;

use std::io::{self, BufWriter};
use std::path::Path;

use anyhow::Result;

pub use args::Cli;
use args::{Command, ExportCommand};
use console::Console;
pub use console::Status;

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
        Some(Command::Asm(args)) => assemble::run(args, console),
        Some(Command::Run(args)) => run::run(args, console),
        Some(Command::Import(args)) => import::run(args, console),
        Some(Command::Export(ExportCommand::Verilog(args))) => export::run(args, console),
        Some(Command::Draw(args)) => draw::run(args, console),
        Some(Command::Analyze(command)) => analyze::run(command, console),
        Some(Command::Synth(args)) => synth::run(args, console),
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
