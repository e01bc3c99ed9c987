//! [`TruthTable`]: any function of one to three trits, the function of a table gate.

use std::fmt;

use super::gate::GateOp;
use crate::trit::Trit;

/// The input counts of a [`TruthTable`] (and of a [`NodeKind::Table`](super::NodeKind::Table) gate).
pub const TABLE_INPUTS: std::ops::RangeInclusive<u8> = 1..=3;

/// Bits 54..56 of a [`TruthTable`]'s word: its input count (entries take bits 0..54).
const INPUTS_SHIFT: u32 = 54;

/// A function of one to three trit inputs as a table: 3ⁿ outputs, each −1, 0 or +1, one per
/// *row* of input values. The function of a [`NodeKind::Table`](super::NodeKind::Table) gate. The standard gates
/// are special cases ([`TruthTable::of_gate`]).
///
/// # Row order
///
/// Input 0 is the most significant digit and each input's values count −1, 0, +1: the row
/// of input values (a₀, …, aₙ₋₁) is Σₖ (aₖ + 1)·3ⁿ⁻¹⁻ᵏ ([`row`](Self::row)). For two inputs
/// a, b the rows are
///
/// | row | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
/// |-----|---|---|---|---|---|---|---|---|---|
/// | a   | −1 | −1 | −1 | 0 | 0 | 0 | +1 | +1 | +1 |
/// | b   | −1 | 0 | +1 | −1 | 0 | +1 | −1 | 0 | +1 |
///
/// so the balanced-ternary sum digit of a + b (−1 + −1 = −2 = −3 + 1: digit +1, carry −1)
/// is:
///
/// ```
/// use sim_core::{Trit, TruthTable};
/// use Trit::{False as N, True as P, Unknown as Z};
///
/// let sum = TruthTable::new(2, &[P, N, Z, N, Z, P, Z, P, N])?;
/// assert_eq!(sum.row(&[P, N]), 6);
/// assert_eq!(sum.eval(&[P, N]), Z); // 1 − 1 = 0
/// assert_eq!(sum.eval(&[P, P]), N); // 1 + 1 = 2 = 3 − 1
/// assert_eq!(sum.eval_index(0), P); // −1 − 1 = −2 = −3 + 1
/// assert!(!sum.is_kleene_extension()); // its 0 is a digit, not "unknown"
/// # Ok::<(), sim_core::kind::TableError>(())
/// ```
///
/// In RON (as a node kind): `Table(inputs: 2, outputs: [1, -1, 0, -1, 0, 1, 0, 1, -1])`.
///
/// Stored in seven bytes — two bits per entry (27 entries at most) and the input count — so
/// that a [`NodeKind`](super::NodeKind) stays eight bytes; equal tables are equal values.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TruthTable {
    /// Little-endian: entry `r` (its digit, 0 1 2 for −1 0 +1) in bits `2r..2r + 2`, rows past
    /// 3ⁿ zero; the input count in bits 54..56.
    packed: [u8; 7],
}

/// Why a [`TruthTable`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The input count is outside [`TABLE_INPUTS`].
    #[error("a table gate has 1 to 3 inputs, not {inputs}")]
    Inputs {
        /// The input count given.
        inputs: u8,
    },
    /// The number of outputs is not 3ⁿ.
    #[error("a {inputs}-input table needs 3^{inputs} = {expected} entries, got {got}")]
    Entries {
        /// The input count.
        inputs: u8,
        /// 3ⁿ.
        expected: usize,
        /// The number of outputs given.
        got: usize,
    },
}

impl TruthTable {
    /// The table over `inputs` inputs (in [`TABLE_INPUTS`]) whose outputs are `outputs`, in
    /// [row order](Self#row-order).
    ///
    /// # Errors
    /// [`TableError::Inputs`] for an input count outside 1..=3, [`TableError::Entries`] unless
    /// there are exactly 3ⁿ outputs.
    pub fn new(inputs: u8, outputs: &[Trit]) -> Result<TruthTable, TableError> {
        if !TABLE_INPUTS.contains(&inputs) {
            return Err(TableError::Inputs { inputs });
        }
        let expected = 3usize.pow(u32::from(inputs));
        if outputs.len() != expected {
            return Err(TableError::Entries {
                inputs,
                expected,
                got: outputs.len(),
            });
        }
        Ok(TruthTable::build(inputs, |row| outputs[row]))
    }

    /// The table over `inputs` inputs (in [`TABLE_INPUTS`]) of `f`, called once per row with
    /// the row's input values.
    ///
    /// # Errors
    /// [`TableError::Inputs`] for an input count outside 1..=3.
    pub fn from_fn(
        inputs: u8,
        mut f: impl FnMut(&[Trit]) -> Trit,
    ) -> Result<TruthTable, TableError> {
        if !TABLE_INPUTS.contains(&inputs) {
            return Err(TableError::Inputs { inputs });
        }
        Ok(TruthTable::build(inputs, |row| {
            f(&row_values(inputs, row)[..usize::from(inputs)])
        }))
    }

    /// The table of the standard gate `op` over `inputs` inputs, clamped to [`TABLE_INPUTS`]
    /// (`Buf` and `Not` read input 0 only, as [`GateOp::eval`] does): it evaluates exactly as
    /// the gate.
    pub fn of_gate(op: GateOp, inputs: u8) -> TruthTable {
        let inputs = inputs.clamp(*TABLE_INPUTS.start(), *TABLE_INPUTS.end());
        TruthTable::build(inputs, |row| {
            op.eval(
                row_values(inputs, row)[..usize::from(inputs)]
                    .iter()
                    .copied(),
            )
        })
    }

    /// The table of `output(row)` over `inputs` inputs, already checked to be in
    /// [`TABLE_INPUTS`].
    fn build(inputs: u8, mut output: impl FnMut(usize) -> Trit) -> TruthTable {
        let rows = 3usize.pow(u32::from(inputs));
        let mut word = u64::from(inputs) << INPUTS_SHIFT;
        for row in 0..rows {
            word |= (digit(output(row)) as u64) << (2 * row);
        }
        let bytes = word.to_le_bytes();
        let mut packed = [0u8; 7];
        packed.copy_from_slice(&bytes[..7]);
        TruthTable { packed }
    }

    /// The 56 bits, as a word.
    #[inline]
    const fn word(self) -> u64 {
        let p = self.packed;
        u64::from_le_bytes([p[0], p[1], p[2], p[3], p[4], p[5], p[6], 0])
    }

    /// The number of inputs, 1 to 3.
    #[inline]
    pub const fn inputs(self) -> u8 {
        (self.word() >> INPUTS_SHIFT) as u8 & 3
    }

    /// The number of rows (and outputs): 3ⁿ.
    pub fn rows(self) -> usize {
        3usize.pow(u32::from(self.inputs()))
    }

    /// The row of the input values `inputs` (see [row order](Self#row-order)): the first
    /// [`inputs()`](Self::inputs) values are read, missing ones as 0 (unknown).
    #[inline]
    pub fn row(self, inputs: &[Trit]) -> usize {
        (0..usize::from(self.inputs())).fold(0, |row, k| {
            3 * row + digit(inputs.get(k).copied().unwrap_or(Trit::Unknown))
        })
    }

    /// The output for the input values `inputs` (as [`row`](Self::row) reads them).
    #[inline]
    pub fn eval(self, inputs: &[Trit]) -> Trit {
        self.eval_index(self.row(inputs))
    }

    /// The output of row `row`, below [`rows()`](Self::rows) (a debug assertion checks it;
    /// a row past the end gives an unspecified value, never a panic in a release build). One
    /// shift and one lookup.
    #[inline]
    pub fn eval_index(self, row: usize) -> Trit {
        debug_assert!(
            row < self.rows(),
            "row {row} of a {}-input table",
            self.inputs()
        );
        FROM_DIGIT[(self.word() >> ((2 * row) & 63)) as usize & 3]
    }

    /// The input values of row `row` (the inverse of [`row`](Self::row)), one per input.
    pub fn row_values(self, row: usize) -> Vec<Trit> {
        let n = usize::from(self.inputs());
        row_values(self.inputs(), row)[..n].to_vec()
    }

    /// The outputs, in [row order](Self#row-order): what [`new`](Self::new) takes.
    pub fn outputs(self) -> Vec<Trit> {
        (0..self.rows()).map(|row| self.eval_index(row)).collect()
    }

    /// Whether the table is the Kleene extension of a Boolean function: every row of known
    /// (±1) inputs gives a known output, and every other row gives the value the function
    /// takes on all binary completions of its unknown inputs when they agree, 0 when they do
    /// not. Exactly these tables can be written with Verilog's 0/1/x (the standard gates'
    /// tables all are).
    pub fn is_kleene_extension(self) -> bool {
        let n = usize::from(self.inputs());
        (0..self.rows()).all(|row| {
            let values = row_values(self.inputs(), row);
            let unknown: Vec<usize> = (0..n).filter(|&k| values[k] == Trit::Unknown).collect();
            let mut common = None;
            for mask in 0..1u32 << unknown.len() {
                let mut completion = values;
                for (bit, &k) in unknown.iter().enumerate() {
                    completion[k] = Trit::from(mask >> bit & 1 == 1);
                }
                let value = self.eval(&completion);
                if value == Trit::Unknown {
                    return false;
                }
                common = match common {
                    None => Some(value),
                    Some(c) if c == value => Some(c),
                    Some(_) => Some(Trit::Unknown),
                };
            }
            common == Some(self.eval_index(row))
        })
    }
}

impl fmt::Debug for TruthTable {
    /// `TruthTable { inputs: 2, outputs: [1, -1, 0, …] }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outputs: Vec<i8> = self.outputs().into_iter().map(Trit::to_i8).collect();
        f.debug_struct("TruthTable")
            .field("inputs", &self.inputs())
            .field("outputs", &outputs)
            .finish()
    }
}

/// `0`, `1`, `2` for −1, 0, +1: a trit as a digit of a table row.
#[inline]
pub(crate) fn digit(t: Trit) -> usize {
    usize::from(t.to_i8().cast_unsigned().wrapping_add(1))
}

/// The trit of each [`digit`] (0, 1, 2 for −1, 0, +1; 3, never a digit, reads unknown): the
/// inverse of `digit` as one lookup, for the engines that keep values as digits.
pub(crate) const FROM_DIGIT: [Trit; 4] = [Trit::False, Trit::Unknown, Trit::True, Trit::Unknown];

/// The values of row `row` of an `inputs`-input table, in the first `inputs` entries (the
/// rest unknown).
fn row_values(inputs: u8, row: usize) -> [Trit; 3] {
    let mut values = [Trit::Unknown; 3];
    let mut rest = row;
    for k in (0..usize::from(inputs)).rev() {
        values[k] = Trit::ALL[rest % 3];
        rest /= 3;
    }
    values
}
