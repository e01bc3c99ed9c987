//! A multiple-output function: named outputs over one list of inputs, each a [`TruthTable`].

use thiserror::Error;

use crate::expr::{Expr, ExprError};
use crate::table::{TableError, TruthTable};

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

/// Why equations (`NAME = EXPR`) do not make a [`Spec`]; `index` counts the equations from 0.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EquationError {
    /// The expression does not parse; its column counts in the whole equation.
    #[error("{error}")]
    Expr {
        /// Which equation.
        index: usize,
        /// The parser's error.
        error: ExprError,
    },
    /// The left side is not a variable name.
    #[error("`{name}` is no output name (a letter or `_`, then letters, digits or `_`)")]
    BadName {
        /// Which equation.
        index: usize,
        /// The left side, trimmed.
        name: String,
    },
    /// One of several equations has no `NAME =`.
    #[error("name each of several outputs: NAME = EXPR")]
    Unnamed {
        /// Which equation.
        index: usize,
    },
    /// The expressions' variables make no table (too many, or one not among the inputs
    /// given).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The outputs make no function (a name given twice or shared with an input).
    #[error(transparent)]
    Spec(#[from] SpecError),
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

    /// The function of `equations`, each `NAME = EXPR` (a lone `EXPR` when there is only one:
    /// the output `F`), over `inputs` or, when `None`, over every variable in the order it
    /// first appears; no row is don't-care.
    ///
    /// # Errors
    ///
    /// An [`EquationError`] naming the equation: an expression that does not parse (its
    /// column counted in the whole equation), a left side that is no name, an unnamed one of
    /// several, or outputs and inputs that make no table or function.
    pub fn from_equations(
        equations: &[impl AsRef<str>],
        inputs: Option<Vec<String>>,
    ) -> Result<Self, EquationError> {
        let alone = equations.len() == 1;
        let outputs = equations
            .iter()
            .enumerate()
            .map(|(index, text)| equation(index, text.as_ref(), alone))
            .collect::<Result<Vec<_>, _>>()?;
        let inputs = inputs.unwrap_or_else(|| {
            let mut inputs: Vec<String> = Vec::new();
            for name in outputs.iter().flat_map(|(_, expr)| expr.variables()) {
                if !inputs.contains(&name) {
                    inputs.push(name);
                }
            }
            inputs
        });
        let tables = outputs
            .into_iter()
            .map(|(name, expr)| Ok((name, TruthTable::from_expr_over(&expr, inputs.clone())?)))
            .collect::<Result<Vec<_>, TableError>>()?;
        Ok(Self::new(tables)?)
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

/// Equation `index`'s output name and expression: `NAME = EXPR`, or (when `alone`) a lone
/// `EXPR` named `F`. The expression is parsed with the name blanked out, so that an error's
/// column counts in the whole text.
fn equation(index: usize, text: &str, alone: bool) -> Result<(String, Expr), EquationError> {
    let parse =
        |text: &str| Expr::parse(text).map_err(|error| EquationError::Expr { index, error });
    let Some((name, expr)) = text.split_once('=') else {
        return if alone {
            Ok(("F".to_owned(), parse(text)?))
        } else {
            Err(EquationError::Unnamed { index })
        };
    };
    let name = name.trim();
    if Expr::parse(name) != Ok(Expr::var(name)) {
        return Err(EquationError::BadName {
            index,
            name: name.to_owned(),
        });
    }
    let prefix = text[..text.len() - expr.len()].chars().count();
    Ok((
        name.to_owned(),
        parse(&format!("{}{expr}", " ".repeat(prefix)))?,
    ))
}

#[cfg(test)]
mod tests {
    use super::{EquationError, Spec, SpecError};
    use crate::expr::Expr;
    use crate::expr::ExprError;
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

    #[test]
    fn equations_name_their_outputs_and_errors_count_columns_in_the_whole_equation() {
        let adder = Spec::from_equations(&["S = A ¬B + ¬A B", "C = B A"], None).expect("a spec");
        assert_eq!(adder.inputs(), ["A", "B"]);
        assert_eq!(adder.output_names().collect::<Vec<_>>(), ["S", "C"]);
        assert_eq!(adder.outputs()[1].1.on_set(), [3]);
        let over = Spec::from_equations(&["B"], Some(vec!["A".into(), "B".into()]));
        assert_eq!(over.expect("a spec").outputs()[0].1.on_set(), [1, 3]);

        let bad = Spec::from_equations(&["F = A +"], None);
        assert!(matches!(
            bad,
            Err(EquationError::Expr {
                index: 0,
                error: ExprError::Unexpected { column: 8, .. }
            })
        ));
        assert_eq!(
            Spec::from_equations(&["F = A", "B"], None),
            Err(EquationError::Unnamed { index: 1 })
        );
        assert_eq!(
            Spec::from_equations(&["1F = A"], None),
            Err(EquationError::BadName {
                index: 0,
                name: "1F".into()
            })
        );
        assert!(matches!(
            Spec::from_equations(&["A = A"], None),
            Err(EquationError::Spec(SpecError::DuplicateOutput { .. }))
        ));
    }
}
