//! The `tritium` command: a balanced-ternary logic circuit workbench.
//!
//! Exit status: 0 success, 1 a failed test or check, 2 bad input or usage (see [`cli`]).

mod cli;

use std::io;
use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    match cli::run(&cli::Cli::parse()) {
        Ok(status) => ExitCode::from(status.code()),
        // The reader went away (`tritium trace … | head`): nothing left to tell anyone.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(cli::Status::BadInput.code())
        }
    }
}

/// Whether `err` is a write to a closed pipe.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
