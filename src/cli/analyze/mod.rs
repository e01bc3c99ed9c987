//! `tritium analyze`: what only a three-valued simulator can tell (issue 26), one module per
//! analysis, each a thin layer over `sim_core::analysis`; and a circuit's minimal expressions
//! (`expr`, over `synth`).

pub mod exact;
pub mod expr;
pub mod hazards;
pub mod reset;

use anyhow::Result;

use super::args::AnalyzeCommand;
use super::console::{Console, Status};

/// Runs `tritium analyze …`.
///
/// # Errors
/// Bad input, as the analysis says.
pub fn run(command: &AnalyzeCommand, console: &mut Console<'_>) -> Result<Status> {
    match command {
        AnalyzeCommand::Exact(args) => exact::run(args, console),
        AnalyzeCommand::Reset(args) => reset::run(args, console),
        AnalyzeCommand::Hazards(args) => hazards::run(args, console),
        AnalyzeCommand::Expr(args) => expr::run(args, console),
    }
}
