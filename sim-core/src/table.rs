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

/// `ids` in a table's column order: as given, except that the bits of a bus stand together
/// where its first bit is, most significant first (every bit of the bus, given or not).
pub fn columns(circuit: &Circuit, ids: impl IntoIterator<Item = NodeId>) -> Vec<NodeId> {
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
    let inputs = columns(circuit, circuit.inputs());
    let outputs = columns(circuit, circuit.terminals());
    table_over(circuit, inputs, outputs, ternary)
}

/// The truth table of the cone of `outputs` (any nodes, the table's output columns in this
/// order): over only the inputs (switches, buttons, keypads' bits) they depend on through
/// wires, in [`columns`] order without the bits of a bus they do not depend on. Inputs
/// outside the cone keep their power-on values; they cannot change these outputs. Each row
/// starts from power-on, as in [`truth_table`].
///
/// # Errors
/// [`TableTooLarge`] beyond [`MAX_ROWS`] rows.
pub fn cone_truth_table(
    circuit: &Circuit,
    outputs: Vec<NodeId>,
    ternary: bool,
) -> Result<CircuitTruthTable, TableTooLarge> {
    let cone = cone(circuit, &outputs);
    let inputs = columns(circuit, circuit.inputs())
        .into_iter()
        .filter(|id| cone.contains(id))
        .collect();
    table_over(circuit, inputs, outputs, ternary)
}

/// Every node `outputs` depend on through wires, themselves included.
fn cone(circuit: &Circuit, outputs: &[NodeId]) -> std::collections::HashSet<NodeId> {
    let mut seen: std::collections::HashSet<NodeId> = outputs.iter().copied().collect();
    let mut stack = outputs.to_vec();
    while let Some(id) = stack.pop() {
        for driver in circuit.drivers(id).into_iter().flatten() {
            if seen.insert(driver) {
                stack.push(driver);
            }
        }
    }
    seen
}

/// The table of `outputs` over `inputs` (each an input node of `circuit`).
fn table_over(
    circuit: &Circuit,
    inputs: Vec<NodeId>,
    outputs: Vec<NodeId>,
    ternary: bool,
) -> Result<CircuitTruthTable, TableTooLarge> {
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

#[cfg(test)]
mod tests {
    use super::{cone_truth_table, truth_table};
    use crate::Trit::{False, True};
    use crate::format;

    #[test]
    fn a_cone_has_only_the_inputs_its_outputs_depend_on() {
        let doc = format::from_str(
            r#"(
                version: 1,
                nodes: [
                    (label: "A", kind: Switch), (label: "B", kind: Switch),
                    (label: "C", kind: Switch), (label: "G", kind: And(2)),
                    (label: "N", kind: Not), (label: "Y", kind: Lamp), (label: "Z", kind: Lamp),
                ],
                wires: [
                    (from: "A", to: "G", input: 0), (from: "C", to: "G", input: 1),
                    (from: "G", to: "Y"), (from: "B", to: "N"), (from: "N", to: "Z"),
                ],
            )"#,
        )
        .expect("a circuit");
        let circuit = &doc.circuit;
        let id = |label| circuit.find(label).expect("a node");
        let whole = truth_table(circuit, false).expect("small");
        assert_eq!(whole.inputs, [id("A"), id("B"), id("C")]);
        assert_eq!(whole.rows.len(), 8);

        let cone = cone_truth_table(circuit, vec![id("Y")], false).expect("small");
        assert_eq!(cone.inputs, [id("A"), id("C")]);
        assert_eq!(cone.outputs, [id("Y")]);
        let y: Vec<_> = cone.rows.iter().map(|row| row.outputs[0]).collect();
        assert_eq!(y, [False, False, False, True]);
    }
}
