//! A machine's combinational logic under an [`Encoding`]: the next state's bits and the
//! outputs as a [`Spec`] over the state bits and the inputs.

use super::error::SynthesisError;
use super::{Encoding, Machine};
use crate::spec::Spec;
use crate::table::{TruthTable, Value};

/// A machine's combinational logic: a [`Spec`] whose inputs are the state bits, the most
/// significant first (`state` reversed), then the machine's inputs, and whose outputs are
/// the next state's bits, the most significant first (`next` reversed), then the machine's
/// outputs. Rows whose state bits are no state's code are don't-cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logic {
    /// The function.
    pub spec: Spec,
    /// The name of state bit `k` (flip-flop `k`'s output): `qk`, or with `_` appended until
    /// it is none of the machine's names.
    pub state: Vec<String>,
    /// The name of next-state bit `k` (flip-flop `k`'s D): `dk`, likewise.
    pub next: Vec<String>,
}

/// `base`, with `_` appended until it is not in `taken`.
pub(super) fn fresh(base: String, taken: &[String]) -> String {
    let mut name = base;
    while taken.contains(&name) {
        name.push('_');
    }
    name
}

impl Machine {
    /// The names the machine's inputs and outputs take: what generated names avoid.
    pub(super) fn names(&self) -> Vec<String> {
        self.inputs.iter().chain(&self.outputs).cloned().collect()
    }

    /// The machine's combinational logic under `encoding` ([`Machine::encode`]), for
    /// [`minimise_spec`](crate::minimise_spec).
    ///
    /// # Errors
    ///
    /// [`SynthesisError::Spec`] when the state bits and outputs are more than a [`Spec`]
    /// may have, [`SynthesisError::Table`] when an `encoding` made by hand has more state
    /// bits than a table can take with the inputs.
    pub fn logic(&self, encoding: &Encoding) -> Result<Logic, SynthesisError> {
        let taken = self.names();
        let state: Vec<String> = (0..encoding.bits)
            .map(|k| fresh(format!("q{k}"), &taken))
            .collect();
        let next: Vec<String> = (0..encoding.bits)
            .map(|k| fresh(format!("d{k}"), &taken))
            .collect();
        let inputs: Vec<String> = state.iter().rev().chain(&self.inputs).cloned().collect();
        let names = next.iter().rev().chain(&self.outputs);
        let columns = self.columns(encoding);
        let outputs = names
            .zip(columns)
            .map(|(name, column)| {
                let rows = (0..).zip(column);
                Ok((name.clone(), TruthTable::from_rows(inputs.clone(), rows)?))
            })
            .collect::<Result<Vec<_>, SynthesisError>>()?;
        Ok(Logic {
            spec: Spec::new(outputs)?,
            state,
            next,
        })
    }

    /// Each of the logic's outputs as a column of values, one per row of the state bits
    /// (most significant first) and the inputs.
    fn columns(&self, encoding: &Encoding) -> Vec<Vec<Value>> {
        let n = self.inputs.len();
        let rows = 1u32 << (encoding.bits + n);
        let mut columns =
            vec![Vec::with_capacity(rows as usize); encoding.bits + self.outputs.len()];
        for row in 0..rows {
            let values = match encoding.state_of(row >> n) {
                Some(state) => {
                    let step = self.step(state, row & ((1 << n) - 1));
                    let next_bits = (0..encoding.bits).rev().map(|k| match step.next {
                        Some(next) => bit(encoding.codes[next], k),
                        None => Value::DontCare,
                    });
                    next_bits.chain(step.outputs).collect()
                }
                None => vec![Value::DontCare; columns.len()],
            };
            for (column, value) in columns.iter_mut().zip(values) {
                column.push(value);
            }
        }
        columns
    }
}

/// Bit `k` of `code` as a [`Value`].
fn bit(code: u32, k: usize) -> Value {
    if code >> k & 1 == 1 {
        Value::One
    } else {
        Value::Zero
    }
}
