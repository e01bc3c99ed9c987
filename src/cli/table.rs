//! `tritium table`: the truth table of a circuit.
//!
//! ```text
//!  A  B |  S  C
//! -1 -1 | -1 -1
//! -1 +1 | +1 -1
//! +1 -1 | +1 -1
//! +1 +1 | -1 +1
//! ```
//!
//! Inputs (switches and buttons) left of `|`, outputs (lamps and probes) right, in file order.
//! Each column is as wide as its label, at least 2; values are right-aligned. A row whose
//! settle oscillated ends with `  ~ oscillated`.

use anyhow::{Context as _, Result};
use sim_core::table::{TruthTable, truth_table};
use sim_core::{Circuit, NodeId};

use super::args::TableArgs;
use super::load::load;
use super::{Console, Status};

/// Runs `tritium table`.
///
/// # Errors
/// Bad input: the file cannot be loaded, or the table would be too large.
pub fn run(args: &TableArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let circuit = &loaded.doc.circuit;
    let table = truth_table(circuit, args.ternary).with_context(|| loaded.name.clone())?;
    for line in render(circuit, &table) {
        writeln!(console.out, "{line}")?;
    }
    Ok(Status::Success)
}

/// The table as lines: the header, then one line per row.
fn render(circuit: &Circuit, table: &TruthTable) -> Vec<String> {
    let widths = |ids: &[NodeId]| -> Vec<usize> {
        ids.iter()
            .map(|&id| circuit[id].label.chars().count().max(2))
            .collect()
    };
    let (in_widths, out_widths) = (widths(&table.inputs), widths(&table.outputs));
    let labels = |ids: &[NodeId]| -> Vec<&str> {
        ids.iter().map(|&id| circuit[id].label.as_str()).collect()
    };
    let mut lines = vec![format!(
        "{} | {}",
        cells(&labels(&table.inputs), &in_widths),
        cells(&labels(&table.outputs), &out_widths)
    )];
    for row in &table.rows {
        let mut line = format!(
            "{} | {}",
            cells(&row.inputs, &in_widths),
            cells(&row.outputs, &out_widths)
        );
        if row.oscillated {
            line.push_str("  ~ oscillated");
        }
        lines.push(line);
    }
    lines
}

/// `values` right-aligned in columns of `widths`, separated by single spaces.
fn cells<T: std::fmt::Display>(values: &[T], widths: &[usize]) -> String {
    values
        .iter()
        .zip(widths)
        .map(|(value, &width)| format!("{value:>width$}"))
        .collect::<Vec<_>>()
        .join(" ")
}
