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
//! A bus is one column, its value a number in its radix (or `--radix`); its rows count up.
//! Each column is as wide as its label or widest value, at least 2; values are right-aligned.
//! A row whose settle oscillated ends with `  ~ oscillated`.

use anyhow::{Context as _, Result};
use sim_core::number::{self, Radix};
use sim_core::table::{CircuitTruthTable, truth_table};
use sim_core::{Circuit, NodeId, Trit};

use super::args::TableArgs;
use super::console::{Console, Status};
use super::load::load;

/// Runs `tritium table`.
///
/// # Errors
/// Bad input: the file cannot be loaded, or the table would be too large.
pub fn run(args: &TableArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file, &args.load)?;
    let circuit = &loaded.doc.circuit;
    let table = truth_table(circuit, args.ternary).with_context(|| loaded.name.clone())?;
    for line in render(circuit, &table, args.radix) {
        writeln!(console.out, "{line}")?;
    }
    Ok(Status::Success)
}

/// A column of the table: a node, or a bus whose bits (most significant first) are the
/// table's columns `range`.
struct Column<'a> {
    label: &'a str,
    range: std::ops::Range<usize>,
    radix: Option<Radix>,
}

impl Column<'_> {
    /// The column's cell in a row whose values are `values`.
    fn cell(&self, values: &[Trit]) -> String {
        match self.radix {
            None => values[self.range.start].to_string(),
            Some(radix) => {
                let bits: Vec<Trit> = values[self.range.clone()].iter().rev().copied().collect();
                number::format(&bits, radix)
            }
        }
    }
}

/// The columns of `ids` (as [`truth_table`] orders them: a bus's bits together, most
/// significant first).
fn columns<'a>(circuit: &'a Circuit, ids: &[NodeId], radix: Option<Radix>) -> Vec<Column<'a>> {
    let mut start = 0;
    sim_core::signal::signals(circuit, ids.iter().copied())
        .into_iter()
        .map(|s| {
            let range = start..start + s.bits.len();
            start = range.end;
            Column {
                label: s.name,
                range,
                radix: s.bus.map(|b| radix.unwrap_or(b.radix)),
            }
        })
        .collect()
}

/// The table as lines: the header, then one line per row.
fn render(circuit: &Circuit, table: &CircuitTruthTable, radix: Option<Radix>) -> Vec<String> {
    let (ins, outs) = (
        columns(circuit, &table.inputs, radix),
        columns(circuit, &table.outputs, radix),
    );
    let cells_of = |cols: &[Column<'_>], values: &[Trit]| -> Vec<String> {
        cols.iter().map(|c| c.cell(values)).collect()
    };
    let in_rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|r| cells_of(&ins, &r.inputs))
        .collect();
    let out_rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|r| cells_of(&outs, &r.outputs))
        .collect();
    let widths = |cols: &[Column<'_>], rows: &[Vec<String>]| {
        cols.iter()
            .enumerate()
            .map(|(k, c)| {
                rows.iter()
                    .map(|r| r[k].chars().count())
                    .chain([c.label.chars().count(), 2])
                    .max()
                    .unwrap_or(2)
            })
            .collect::<Vec<usize>>()
    };
    let in_widths = widths(&ins, &in_rows);
    let out_widths = widths(&outs, &out_rows);
    let labels =
        |cols: &[Column<'_>]| -> Vec<String> { cols.iter().map(|c| c.label.to_owned()).collect() };
    let mut lines = vec![format!(
        "{} | {}",
        cells(&labels(&ins), &in_widths),
        cells(&labels(&outs), &out_widths)
    )];
    for (row, (in_cells, out_cells)) in table.rows.iter().zip(in_rows.iter().zip(&out_rows)) {
        let mut line = format!(
            "{} | {}",
            cells(in_cells, &in_widths),
            cells(out_cells, &out_widths)
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
