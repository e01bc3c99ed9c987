//! State assignment: a code for each state, one bit per flip-flop.

use super::Machine;
use super::error::SynthesisError;
use crate::table::MAX_INPUTS;

/// How states are given codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Assignment {
    /// State `i` (in the table's order) gets the code `i`, in the fewest bits,
    /// `⌈log₂ states⌉` (at least 1).
    #[default]
    Binary,
    /// State `i` gets the `i`-th reflected Gray code, `i XOR (i >> 1)`, in as many bits as
    /// [`Binary`](Self::Binary): states one apart in the table differ in one bit, so a
    /// counter-like machine changes one flip-flop per step.
    Gray,
    /// State `i` gets bit `i` alone: a flip-flop per state, simpler next-state logic.
    OneHot,
}

impl Assignment {
    /// Every assignment, in the order the CLI and the app list them.
    pub const ALL: [Self; 3] = [Self::Binary, Self::Gray, Self::OneHot];

    /// `binary`, `gray` or `one-hot`, as the CLI and the app name it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Binary => "binary",
            Self::Gray => "gray",
            Self::OneHot => "one-hot",
        }
    }
}

/// The codes of a machine's states under an [`Assignment`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Encoding {
    /// The assignment that made it.
    pub assignment: Assignment,
    /// How many state bits (flip-flops) the codes take.
    pub bits: usize,
    /// Each state's code (in [`Machine::states`] order): bit `k` is flip-flop `k`'s value.
    pub codes: Vec<u32>,
}

impl Encoding {
    /// The state whose code is `code`, if any.
    pub fn state_of(&self, code: u32) -> Option<usize> {
        self.codes.iter().position(|&c| c == code)
    }
}

impl Machine {
    /// The codes `assignment` gives this machine's states.
    ///
    /// # Errors
    ///
    /// [`SynthesisError::TooWide`] when the state bits and the inputs are more than
    /// [`MAX_INPUTS`], the most a truth table of the next-state logic may have.
    pub fn encode(&self, assignment: Assignment) -> Result<Encoding, SynthesisError> {
        let states = self.states.len();
        let bits = match assignment {
            Assignment::Binary | Assignment::Gray => {
                (usize::BITS - (states - 1).leading_zeros()).max(1) as usize
            }
            Assignment::OneHot => states,
        };
        if bits + self.inputs.len() > MAX_INPUTS {
            return Err(SynthesisError::TooWide {
                state_bits: bits,
                inputs: self.inputs.len(),
            });
        }
        // At most MAX_INPUTS (16) bits: every code and index fits a u32.
        let codes = (0u32..)
            .take(states)
            .map(|i| match assignment {
                Assignment::Binary => i,
                Assignment::Gray => i ^ (i >> 1),
                Assignment::OneHot => 1 << i,
            })
            .collect();
        Ok(Encoding {
            assignment,
            bits,
            codes,
        })
    }
}
