//! A multiple-output function: named outputs over one list of inputs, each a [`TruthTable`].

use thiserror::Error;

use crate::table::TruthTable;

/// The most outputs a [`Spec`] may have: 64, so a product term's outputs fit one `u64` mask
/// ([`crate::cover::Term::outputs`]).
pub const MAX_OUTPUTS: usize = 64;

/// Why a [`Spec`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No output at all.
    #[error("a function needs at least one output")]
    NoOutputs,
    /// More outputs than [`MAX_OUTPUTS`].
    #[error("{count} outputs: a function has at most {MAX_OUTPUTS}")]
    TooManyOutputs {
        /// How many outputs were given.
        count: usize,
    },
    /// An output named twice, or named like an input.
    #[error("output `{name}` is named twice, or like an input")]
    DuplicateOutput {
        /// The name.
        name: String,
    },
    /// An output's table is over other inputs than the first output's.
    #[error("output `{output}` is over inputs {found:?}, not {expected:?}")]
    InputsDiffer {
        /// The output whose inputs differ.
        output: String,
        /// The first output's inputs.
        expected: Vec<String>,
        /// This output's inputs.
        found: Vec<String>,
    },
}

/// A multiple-output Boolean function with don't-cares: `1..=`[`MAX_OUTPUTS`] named outputs,
/// each a [`TruthTable`] over the same inputs (in the same order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    outputs: Vec<(String, TruthTable)>,
}

impl Spec {
    /// The function of the given outputs, in order.
    ///
    /// # Errors
    ///
    /// A [`SpecError`]: no outputs, too many, a name given twice or shared with an input, or
    /// tables over different inputs.
    pub fn new(outputs: Vec<(String, TruthTable)>) -> Result<Self, SpecError> {
        let Some((_, first)) = outputs.first() else {
            return Err(SpecError::NoOutputs);
        };
        if outputs.len() > MAX_OUTPUTS {
            return Err(SpecError::TooManyOutputs {
                count: outputs.len(),
            });
        }
        let inputs = first.inputs();
        for (i, (name, table)) in outputs.iter().enumerate() {
            if table.inputs() != inputs {
                return Err(SpecError::InputsDiffer {
                    output: name.clone(),
                    expected: inputs.to_vec(),
                    found: table.inputs().to_vec(),
                });
            }
            if inputs.contains(name) || outputs[..i].iter().any(|(other, _)| other == name) {
                return Err(SpecError::DuplicateOutput { name: name.clone() });
            }
        }
        Ok(Self { outputs })
    }

    /// The function of one output.
    ///
    /// # Errors
    ///
    /// [`SpecError::DuplicateOutput`] when `name` is one of the table's inputs.
    pub fn single(name: impl Into<String>, table: TruthTable) -> Result<Self, SpecError> {
        Self::new(vec![(name.into(), table)])
    }

    /// The inputs' names, the first the most significant bit of a row number.
    pub fn inputs(&self) -> &[String] {
        self.outputs[0].1.inputs()
    }

    /// The outputs' names, in order.
    pub fn output_names(&self) -> impl Iterator<Item = &str> {
        self.outputs.iter().map(|(name, _)| name.as_str())
    }

    /// The outputs: each name with its table.
    pub fn outputs(&self) -> &[(String, TruthTable)] {
        &self.outputs
    }

    /// The number of rows, `2^inputs`.
    pub fn rows(&self) -> u32 {
        self.outputs[0].1.rows()
    }
}

#[cfg(test)]
mod tests {
    use super::{Spec, SpecError};
    use crate::expr::Expr;
    use crate::table::TruthTable;

    fn table(text: &str, inputs: &[&str]) -> TruthTable {
        let expr = Expr::parse(text).expect("parses");
        TruthTable::from_expr_over(&expr, inputs.iter().map(|&s| s.to_owned()).collect())
            .expect("builds")
    }

    #[test]
    fn outputs_share_their_inputs_and_names_are_unique() {
        let spec = Spec::new(vec![
            ("S".into(), table("A ¬B + ¬A B", &["A", "B"])),
            ("C".into(), table("A B", &["A", "B"])),
        ]);
        let spec = spec.expect("builds");
        assert_eq!(spec.inputs(), ["A", "B"]);
        assert_eq!(spec.output_names().collect::<Vec<_>>(), ["S", "C"]);
        assert_eq!(spec.rows(), 4);

        assert_eq!(Spec::new(vec![]), Err(SpecError::NoOutputs));
        let other = Spec::new(vec![
            ("S".into(), table("A", &["A", "B"])),
            ("C".into(), table("A", &["A"])),
        ]);
        assert!(matches!(other, Err(SpecError::InputsDiffer { output, .. }) if output == "C"));
        let clash = Spec::single("A", table("A", &["A"]));
        assert_eq!(clash, Err(SpecError::DuplicateOutput { name: "A".into() }));
    }
}
