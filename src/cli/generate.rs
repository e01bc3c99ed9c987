//! `tritium gen`: netlists for benchmarks, as `.bench` text (see [`sim_core::generate`]).

use anyhow::{Context as _, Result};
use sim_core::bench;
use sim_core::generate::{DagShape, array_multiplier, random_dag};

use super::args::GenCommand;
use super::console::{Console, Status, write_output};

/// Runs `tritium gen`.
///
/// # Errors
/// If the output cannot be written.
pub fn run(command: &GenCommand, console: &mut Console<'_>) -> Result<Status> {
    let (circuit, output) = match command {
        GenCommand::Multiplier { bits, output } => (array_multiplier(usize::from(*bits)), output),
        GenCommand::RandomDag {
            gates,
            seed,
            inputs,
            output,
        } => (random_dag(DagShape::new(*inputs, *gates), *seed), output),
    };
    let text = bench::to_string(&circuit).context("the generated netlist")?;
    write_output(output, &text, console)?;
    Ok(Status::Success)
}
