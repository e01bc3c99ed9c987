//! `tritium analyze`: the analyses only a three-valued simulator can make (issue 26), one
//! module per analysis, each calling its `sim_core::analysis` module.

pub mod hazards;

use anyhow::Result;

use super::args::AnalyzeCommand;
use super::{Console, Status};

/// Runs `tritium analyze …`.
///
/// # Errors
/// Bad input, as the analysis says.
pub fn run(command: &AnalyzeCommand, console: &mut Console<'_>) -> Result<Status> {
    match command {
        AnalyzeCommand::Hazards(args) => hazards::run(args, console),
    }
}
