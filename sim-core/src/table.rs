//! Truth tables of whole circuits: the terminals' values for every combination of input
//! values. (The function of one table gate is a [`kind::TruthTable`](crate::kind::TruthTable).)

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::kind::NodeKind;
use crate::trit::Trit;

/// The largest table [`truth_table`] builds.
pub const MAX_ROWS: usize = 1 << 16;

/// A truth table over the circuit's switches and buttons ([`Circuit::inputs`]) and terminals
/// ([`Circuit::terminals`]). The bits of a bus ([`crate::bus`]) stand together, most
/// significant first, so that a bus's rows count up as numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CircuitTruthTable {
    /// The input columns, in node order.
    pub inputs: Vec<NodeId>,
    /// The output columns, in node order.
    pub outputs: Vec<NodeId>,
    /// One row per combination, the first input most significant, values counting up
    /// −1 (, 0), +1.
    pub rows: Vec<Row>,
}

/// One row of a [`CircuitTruthTable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Input values, one per input column.
    pub inputs: Vec<Trit>,
    /// Settled output values, one per output column.
    pub outputs: Vec<Trit>,
    /// Whether settling oscillated (and the oscillating nodes were resolved to 0).
    pub oscillated: bool,
}

/// The table would be too large to build.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{inputs} inputs give {rows} rows, more than the {MAX_ROWS} a truth table may have")]
pub struct TableTooLarge {
    /// Number of input columns.
    pub inputs: usize,
    /// Rows that would be needed (saturating).
    pub rows: usize,
}

/// `ids` in order, except that the bits of a bus stand together where its first bit is,
/// most significant first.
fn bus_order(circuit: &Circuit, ids: impl Iterator<Item = NodeId>) -> Vec<NodeId> {
    crate::signal::signals(circuit, ids)
        .into_iter()
        .flat_map(|s| s.bits.into_iter().rev())
        .collect()
}

/// Builds the truth table of `circuit`: every switch takes −1 and +1 (and 0 with `ternary`),
/// every button −1 and +1. Each row starts from power-on, so sequential circuits show what
/// they do from an unknown state.
///
/// # Errors
/// [`TableTooLarge`] beyond [`MAX_ROWS`] rows.
pub fn truth_table(circuit: &Circuit, ternary: bool) -> Result<CircuitTruthTable, TableTooLarge> {
    let inputs = bus_order(circuit, circuit.inputs());
    let outputs = bus_order(circuit, circuit.terminals());
    let domains: Vec<&[Trit]> = inputs
        .iter()
        .map(|&id| match circuit[id].kind {
            NodeKind::Switch | NodeKind::Keypad if ternary => &Trit::ALL[..],
            _ => &[Trit::False, Trit::True][..],
        })
        .collect();
    let rows = domains
        .iter()
        .try_fold(1usize, |acc, d| {
            acc.checked_mul(d.len()).filter(|&r| r <= MAX_ROWS)
        })
        .ok_or(TableTooLarge {
            inputs: inputs.len(),
            rows: domains
                .iter()
                .fold(1usize, |acc, d| acc.saturating_mul(d.len())),
        })?;

    let mut engine = Engine::from_circuit(circuit);
    let mut table = CircuitTruthTable {
        inputs,
        outputs,
        rows: Vec::with_capacity(rows),
    };
    let mut digits = vec![0usize; domains.len()];
    for _ in 0..rows {
        let values: Vec<Trit> = digits
            .iter()
            .zip(&domains)
            .map(|(&d, dom)| dom[d])
            .collect();
        engine.reset();
        engine.settle();
        engine
            .set(table.inputs.iter().copied().zip(values.iter().copied()))
            .expect("inputs are switches and buttons, given values they accept");
        let oscillated = engine.settle().oscillation.is_some();
        table.rows.push(Row {
            outputs: table.outputs.iter().map(|&id| engine.value(id)).collect(),
            inputs: values,
            oscillated,
        });
        // Count up, last input least significant.
        for (d, dom) in digits.iter_mut().zip(&domains).rev() {
            *d += 1;
            if *d < dom.len() {
                break;
            }
            *d = 0;
        }
    }
    Ok(table)
}
