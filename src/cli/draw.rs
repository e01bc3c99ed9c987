//! `tritium draw`: a circuit's schematic as SVG or PNG, drawn by the app's canvas through
//! [`gui::pages::circuit::export`] (the same code as File → Export image…).
//!
//! Without `--values` every value is drawn unknown; with it the circuit settles from power-on
//! and after each `--set` batch, and the picture shows the values as the app colours them.
//! Prints each file written (`wrote OUT`) on standard output.

use anyhow::{Context as _, Result};
use gui::pages::circuit::export;
use gui::pages::circuit::state::{CircuitPageState, DocState};

use super::args::DrawArgs;
use super::batch_run::{Stage, resolve};
use super::console::{Console, Status};
use super::load::load;

/// Runs `tritium draw`.
///
/// # Errors
/// Bad input: the file cannot be loaded, a `--set` names no input or a value it refuses, the
/// level does not exist, the output is no image file name or cannot be written.
pub fn run(args: &DrawArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let batches = args
        .sets
        .iter()
        .enumerate()
        .map(|(i, batch)| {
            resolve(&loaded.doc.circuit, batch)
                .with_context(|| format!("{} ({batch})", Stage::Batch(i + 1)))
        })
        .collect::<Result<Vec<_>>>()
        .with_context(|| loaded.name.clone())?;
    let mut state = CircuitPageState::with_doc(DocState::untitled(loaded.doc));
    if args.values {
        for batch in &batches {
            state.sim.set_many(&state.doc.document.circuit, batch)?;
        }
    } else {
        export::forget_values(&mut state);
    }
    let written = if args.every_level {
        export::write_every_level(&mut state, &args.output, args.scale)?
    } else {
        export::open_level(&mut state, args.level.as_deref().unwrap_or(""))?;
        export::write_level(&mut state, &args.output, args.scale)?;
        vec![args.output.clone()]
    };
    for path in written {
        writeln!(console.out, "wrote {}", path.display())?;
    }
    Ok(Status::Success)
}
