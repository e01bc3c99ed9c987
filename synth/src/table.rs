//! Truth tables of one output with don't-cares.
//!
//! Rows are numbered by their inputs read as a binary number, the first input the most
//! significant bit: with inputs `A, B, C`, row 6 is `A=1, B=1, C=0`. Every row is in exactly
//! one of the on-set (output 1), the off-set (output 0) and the don't-care set.

use thiserror::Error;

use crate::expr::Expr;

/// The most inputs a table may have: 20, so 1,048,576 rows (Logisim-evolution's limit; each
/// of a table's two row sets is a bitset of 128 KiB).
pub const MAX_INPUTS: usize = 20;

/// One row's output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The output is 0 (the row is in the off-set).
    Zero,
    /// The output is 1 (the row is in the on-set).
    One,
    /// Either output will do (the row is in the don't-care set).
    DontCare,
}

/// Why a table cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// More inputs than [`MAX_INPUTS`].
    #[error("{count} inputs: a table has at most {MAX_INPUTS}")]
    TooManyInputs {
        /// How many inputs were given.
        count: usize,
    },
    /// An input named twice.
    #[error("input `{name}` is named twice")]
    DuplicateInput {
        /// The name.
        name: String,
    },
    /// The expression names a variable that is not one of the inputs.
    #[error("the expression's variable `{name}` is not an input")]
    UnknownVariable {
        /// The variable.
        name: String,
    },
    /// A row number past the last row.
    #[error("row {row} does not exist: {inputs} inputs make {} rows", 1u64 << inputs)]
    NoSuchRow {
        /// The row number given.
        row: u32,
        /// How many inputs the table has.
        inputs: usize,
    },
    /// A row given twice with different outputs.
    #[error("row {row} is given both as {first:?} and as {second:?}")]
    Conflict {
        /// The row number.
        row: u32,
        /// The first output given.
        first: Value,
        /// The later, different output.
        second: Value,
    },
}

/// A fixed-size set of row numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct RowSet {
    words: Vec<u64>,
}

impl RowSet {
    fn new(rows: u32) -> Self {
        Self {
            words: vec![0; rows.div_ceil(64) as usize],
        }
    }

    fn contains(&self, row: u32) -> bool {
        self.words[(row / 64) as usize] >> (row % 64) & 1 == 1
    }

    fn insert(&mut self, row: u32) {
        self.words[(row / 64) as usize] |= 1 << (row % 64);
    }
}

/// The truth table of one output: its inputs' names, and which rows are on, off or don't-care.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TruthTable {
    inputs: Vec<String>,
    on: RowSet,
    dont_care: RowSet,
}

impl TruthTable {
    /// An all-zero table over `inputs`.
    fn empty(inputs: Vec<String>) -> Result<Self, TableError> {
        if inputs.len() > MAX_INPUTS {
            return Err(TableError::TooManyInputs {
                count: inputs.len(),
            });
        }
        if let Some(name) = inputs
            .iter()
            .enumerate()
            .find_map(|(i, name)| inputs[..i].contains(name).then_some(name))
        {
            return Err(TableError::DuplicateInput { name: name.clone() });
        }
        let rows = 1 << inputs.len();
        Ok(Self {
            inputs,
            on: RowSet::new(rows),
            dont_care: RowSet::new(rows),
        })
    }

    /// The table of `expr` over its own variables, in the order they first appear
    /// ([`Expr::variables`]).
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyInputs`] past [`MAX_INPUTS`] variables.
    pub fn from_expr(expr: &Expr) -> Result<Self, TableError> {
        Self::from_expr_over(expr, expr.variables())
    }

    /// The table of `expr` over `inputs`, which must include every variable of `expr` (and
    /// may name more); no row is don't-care.
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyInputs`], [`TableError::DuplicateInput`], or
    /// [`TableError::UnknownVariable`] for a variable of `expr` not among `inputs`.
    pub fn from_expr_over(expr: &Expr, inputs: Vec<String>) -> Result<Self, TableError> {
        let mut table = Self::empty(inputs)?;
        if let Some(name) = expr
            .variables()
            .into_iter()
            .find(|name| !table.inputs.contains(name))
        {
            return Err(TableError::UnknownVariable { name });
        }
        for row in 0..table.rows() {
            let value = |name: &str| {
                table
                    .inputs
                    .iter()
                    .position(|input| input == name)
                    .is_some_and(|i| table.input_value(row, i))
            };
            if expr.eval(&value) {
                table.on.insert(row);
            }
        }
        Ok(table)
    }

    /// The table over `inputs` with the given rows' outputs; rows not given are 0.
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyInputs`], [`TableError::DuplicateInput`],
    /// [`TableError::NoSuchRow`] for a row number of `2^inputs` or more, and
    /// [`TableError::Conflict`] for a row given twice with different outputs.
    pub fn from_rows(
        inputs: Vec<String>,
        rows: impl IntoIterator<Item = (u32, Value)>,
    ) -> Result<Self, TableError> {
        let mut table = Self::empty(inputs)?;
        let mut given = RowSet::new(table.rows());
        for (row, value) in rows {
            if row >= table.rows() {
                return Err(TableError::NoSuchRow {
                    row,
                    inputs: table.inputs.len(),
                });
            }
            if given.contains(row) && table.value(row) != value {
                return Err(TableError::Conflict {
                    row,
                    first: table.value(row),
                    second: value,
                });
            }
            given.insert(row);
            match value {
                Value::Zero => {}
                Value::One => table.on.insert(row),
                Value::DontCare => table.dont_care.insert(row),
            }
        }
        Ok(table)
    }

    /// The inputs' names, the first the most significant bit of a row number.
    pub fn inputs(&self) -> &[String] {
        &self.inputs
    }

    /// How many rows the table has: `2^inputs`.
    pub fn rows(&self) -> u32 {
        1 << self.inputs.len()
    }

    /// Input `input`'s value (0-based, in [`inputs`](Self::inputs) order) in `row`.
    pub fn input_value(&self, row: u32, input: usize) -> bool {
        row >> (self.inputs.len() - 1 - input) & 1 == 1
    }

    /// The output of `row` (which must be below [`rows`](Self::rows)).
    pub fn value(&self, row: u32) -> Value {
        if self.on.contains(row) {
            Value::One
        } else if self.dont_care.contains(row) {
            Value::DontCare
        } else {
            Value::Zero
        }
    }

    /// The rows whose output is `value`, in increasing order.
    pub fn rows_with(&self, value: Value) -> impl Iterator<Item = u32> + '_ {
        (0..self.rows()).filter(move |&row| self.value(row) == value)
    }

    /// The on-set, in increasing order.
    pub fn on_set(&self) -> Vec<u32> {
        self.rows_with(Value::One).collect()
    }

    /// The don't-care set, in increasing order.
    pub fn dont_care_set(&self) -> Vec<u32> {
        self.rows_with(Value::DontCare).collect()
    }

    /// The off-set, in increasing order.
    pub fn off_set(&self) -> Vec<u32> {
        self.rows_with(Value::Zero).collect()
    }

    /// The table of the complement: on-set and off-set swapped, the same don't-cares.
    #[must_use]
    pub fn complement(&self) -> Self {
        let mut on = RowSet::new(self.rows());
        for row in self.rows_with(Value::Zero) {
            on.insert(row);
        }
        Self {
            inputs: self.inputs.clone(),
            on,
            dont_care: self.dont_care.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{TableError, TruthTable, Value};
    use crate::expr::Expr;

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|&name| name.to_owned()).collect()
    }

    #[test]
    fn an_expression_is_evaluated_on_every_row_first_input_most_significant() {
        let expr = Expr::parse("A·¬B + C").expect("parses");
        let table = TruthTable::from_expr(&expr).expect("builds");
        assert_eq!(table.inputs(), ["A", "B", "C"]);
        assert_eq!(table.on_set(), [1, 3, 4, 5, 7]);
        assert_eq!(table.off_set(), [0, 2, 6]);
        assert!(table.dont_care_set().is_empty());
        assert!(table.input_value(4, 0) && !table.input_value(4, 2));
    }

    #[test]
    fn an_expression_over_more_inputs_ignores_the_extra_ones() {
        let expr = Expr::parse("B").expect("parses");
        let table = TruthTable::from_expr_over(&expr, names(&["A", "B"])).expect("builds");
        assert_eq!(table.on_set(), [1, 3]);
        assert_eq!(
            TruthTable::from_expr_over(&expr, names(&["A"])),
            Err(TableError::UnknownVariable { name: "B".into() })
        );
    }

    #[test]
    fn rows_not_given_are_zero_and_the_complement_keeps_dont_cares() {
        let rows = [(1, Value::One), (2, Value::DontCare), (1, Value::One)];
        let table = TruthTable::from_rows(names(&["A", "B"]), rows).expect("builds");
        assert_eq!(table.value(0), Value::Zero);
        assert_eq!(table.value(2), Value::DontCare);
        let complement = table.complement();
        assert_eq!(complement.on_set(), [0, 3]);
        assert_eq!(complement.dont_care_set(), [2]);
        assert_eq!(complement.off_set(), [1]);
    }

    #[test]
    fn bad_tables_are_refused_naming_the_row_or_input() {
        let conflict = TruthTable::from_rows(names(&["A"]), [(1, Value::One), (1, Value::Zero)]);
        assert_eq!(
            conflict,
            Err(TableError::Conflict {
                row: 1,
                first: Value::One,
                second: Value::Zero
            })
        );
        let missing = TruthTable::from_rows(names(&["A"]), [(2, Value::One)]);
        assert_eq!(missing, Err(TableError::NoSuchRow { row: 2, inputs: 1 }));
        assert_eq!(
            missing.map_err(|e| e.to_string()),
            Err("row 2 does not exist: 1 inputs make 2 rows".to_owned())
        );
        let twice = TruthTable::from_rows(names(&["A", "B", "A"]), []);
        assert_eq!(twice, Err(TableError::DuplicateInput { name: "A".into() }));
        let many: Vec<String> = (0..21).map(|i| format!("x{i}")).collect();
        assert_eq!(
            TruthTable::from_rows(many, []),
            Err(TableError::TooManyInputs { count: 21 })
        );
    }
}
