//! Analysis: from a checked circuit of the simulator to the [`Spec`] it computes — the
//! function of its outputs (or of chosen outputs, over only the inputs in their cone), read
//! off sim-core's truth table of the circuit ([`sim_core::table::cone_truth_table`]).
//!
//! Each row starts from power-on with the inputs binary. An output that is unknown in some
//! row — a loop that oscillates, a flip-flop or latch the inputs never set — is no Boolean
//! function of the inputs: by default ([`Unknowns::Refuse`]) that is an
//! [`AnalyseError::Unknown`] naming the output and the row, and with [`Unknowns::DontCare`]
//! such rows are don't-cares of that output (the minimal expressions then describe what the
//! circuit does wherever it is defined).

use sim_core::table::{self, CircuitTruthTable, TableTooLarge};
use sim_core::{Circuit, NodeId, Trit};
use thiserror::Error;

use crate::spec::{Spec, SpecError};
use crate::table::{TableError, TruthTable, Value};

/// What an output unknown in some row of binary inputs becomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Unknowns {
    /// An error ([`AnalyseError::Unknown`]): the circuit is no Boolean function.
    #[default]
    Refuse,
    /// A don't-care of that output in that row.
    DontCare,
}

/// Why a circuit's function cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalyseError {
    /// A chosen output that is neither a node's label nor a bus's name.
    #[error("no node or bus is named `{name}`")]
    NoSuchOutput {
        /// The name given.
        name: String,
    },
    /// The outputs depend on too many inputs to tabulate.
    #[error("{0}; choose fewer outputs for a smaller cone")]
    TooLarge(#[from] TableTooLarge),
    /// An output unknown for a row of binary inputs (with [`Unknowns::Refuse`]).
    #[error(
        "output `{output}` is unknown for {row}{}: the circuit is no Boolean function of its \
         inputs there (a flip-flop or latch they do not set, or a loop)",
        if *oscillated { " (settling oscillates)" } else { "" }
    )]
    Unknown {
        /// The output's label.
        output: String,
        /// The row's inputs, `A=1 B=0`.
        row: String,
        /// Whether settling that row oscillated.
        oscillated: bool,
    },
    /// The inputs do not make a table (more than [`crate::MAX_INPUTS`]).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The outputs do not make a function (none, or more than [`crate::MAX_OUTPUTS`]).
    #[error(transparent)]
    Spec(#[from] SpecError),
}

/// The function of `outputs` of `circuit` — each a node's label or a bus's name (its bits,
/// most significant first), in order; all terminals (lamps and probes, a bus's bits
/// together) when empty — over the inputs in their cone, named by their labels.
///
/// # Errors
///
/// An [`AnalyseError`]: an output that does not exist, too many inputs or outputs, or an
/// output unknown in some row with [`Unknowns::Refuse`].
pub fn analyse(
    circuit: &Circuit,
    outputs: &[String],
    unknowns: Unknowns,
) -> Result<Spec, AnalyseError> {
    let outputs = if outputs.is_empty() {
        table::columns(circuit, circuit.terminals())
    } else {
        chosen(circuit, outputs)?
    };
    let table = table::cone_truth_table(circuit, outputs, false)?;
    let label = |id: NodeId| circuit[id].label.clone();
    let inputs: Vec<String> = table.inputs.iter().map(|&id| label(id)).collect();
    let mut columns = Vec::with_capacity(table.outputs.len());
    for (k, &output) in table.outputs.iter().enumerate() {
        let rows = values(&table, k, unknowns, &|row| label_row(&inputs, row)).map_err(
            |(row, oscillated)| AnalyseError::Unknown {
                output: label(output),
                row,
                oscillated,
            },
        )?;
        columns.push((label(output), TruthTable::from_rows(inputs.clone(), rows)?));
    }
    Ok(Spec::new(columns)?)
}

/// The nodes of the named outputs, a bus's bits most significant first.
fn chosen(circuit: &Circuit, names: &[String]) -> Result<Vec<NodeId>, AnalyseError> {
    let mut ids = Vec::new();
    for name in names {
        let bits = sim_core::signal::signal(circuit, name)
            .ok_or_else(|| AnalyseError::NoSuchOutput { name: name.clone() })?;
        ids.extend(bits.into_iter().rev());
    }
    Ok(ids)
}

/// Output `k`'s value in every row, by row number; or the first row it is unknown in
/// (refused), as text with whether it oscillated.
fn values(
    table: &CircuitTruthTable,
    k: usize,
    unknowns: Unknowns,
    row_text: &dyn Fn(u32) -> String,
) -> Result<Vec<(u32, Value)>, (String, bool)> {
    table
        .rows
        .iter()
        .map(|row| {
            let number = row.inputs.iter().fold(0u32, |number, &input| {
                number << 1 | u32::from(input == Trit::True)
            });
            let value = match (row.outputs[k], unknowns) {
                (Trit::True, _) => Value::One,
                (Trit::False, _) => Value::Zero,
                (Trit::Unknown, Unknowns::DontCare) => Value::DontCare,
                (Trit::Unknown, Unknowns::Refuse) => {
                    return Err((row_text(number), row.oscillated));
                }
            };
            Ok((number, value))
        })
        .collect()
}

/// A row's inputs as `A=1 B=0` (`no inputs` for none).
fn label_row(inputs: &[String], row: u32) -> String {
    if inputs.is_empty() {
        return "no inputs".to_owned();
    }
    let n = inputs.len();
    inputs
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{name}={}", row >> (n - 1 - i) & 1))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::{AnalyseError, Unknowns, analyse};
    use crate::expr::Expr;
    use crate::table::TruthTable;
    use sim_core::format::{self, Document};

    fn circuit(text: &str) -> Document {
        format::from_str(text).expect("a circuit")
    }

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|&name| name.to_owned()).collect()
    }

    fn table(expr: &str, inputs: &[&str]) -> TruthTable {
        let expr = Expr::parse(expr).expect("parses");
        TruthTable::from_expr_over(&expr, names(inputs)).expect("a table")
    }

    #[test]
    fn the_full_adder_is_its_sum_and_majority() {
        let adder = circuit(include_str!("../../circuits/full_adder.ron"));
        let spec = analyse(&adder.circuit, &[], Unknowns::Refuse).expect("combinational");
        let inputs = ["A", "B", "Cin"];
        assert_eq!(spec.inputs(), inputs);
        let sum = table("A B' Cin' + A' B Cin' + A' B' Cin + A B Cin", &inputs);
        let carry = table("A B + A Cin + B Cin", &inputs);
        assert_eq!(
            spec.outputs(),
            [("S".to_owned(), sum), ("Cout".to_owned(), carry)]
        );
    }

    #[test]
    fn a_chosen_output_takes_only_the_inputs_of_its_cone() {
        let two = circuit(
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
        );
        let all = analyse(&two.circuit, &[], Unknowns::Refuse).expect("combinational");
        assert_eq!(all.inputs(), ["A", "B", "C"]);
        let z = analyse(&two.circuit, &names(&["Z"]), Unknowns::Refuse).expect("a cone");
        assert_eq!(z.outputs(), [("Z".to_owned(), table("B'", &["B"]))]);
        let both = analyse(&two.circuit, &names(&["Z", "Y"]), Unknowns::Refuse).expect("cones");
        assert_eq!(both.inputs(), ["A", "B", "C"]);
        assert_eq!(both.output_names().collect::<Vec<_>>(), ["Z", "Y"]);
        assert_eq!(
            analyse(&two.circuit, &names(&["nothing"]), Unknowns::Refuse),
            Err(AnalyseError::NoSuchOutput {
                name: "nothing".into()
            })
        );
    }

    #[test]
    fn unknown_outputs_are_refused_by_row_or_become_dont_cares() {
        let latch = circuit(include_str!("../../circuits/rs_nor_latch.ron"));
        let refused = analyse(&latch.circuit, &[], Unknowns::Refuse);
        let Err(AnalyseError::Unknown { output, row, .. }) = refused else {
            panic!("the latch holds an unknown state: {refused:?}");
        };
        assert!(!output.is_empty() && row.contains("=0"), "{output} {row}");
        let spec = analyse(&latch.circuit, &[], Unknowns::DontCare).expect("don't-cares");
        let (_, first) = &spec.outputs()[0];
        assert!(
            first.dont_care_set().contains(&0),
            "R = S = 0 holds the unknown state"
        );
        assert!(first.off_set().len() + first.on_set().len() >= 2);
    }
}
