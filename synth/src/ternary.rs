//! How a circuit answers inputs with unknowns, compared with its function's own Kleene
//! extension.
//!
//! An input *pattern* gives each input 0, 1 or unknown; its *completions* are the rows that
//! replace every unknown by 0 or 1. The function **knows** an output on a pattern when every
//! completion that is a cared-for row of the output's table gives one value (and at least one
//! completion is cared for): don't-care rows are ignored, since the function says nothing
//! there. The circuit, simulated in Kleene's logic (sim-core's [`BatchEngine`]), **resolves**
//! the pattern when its output is that value. A circuit never resolves more than the function
//! knows where it computes the function on the cared-for rows: a known Kleene output is the
//! output of every completion (Kleene's connectives are monotone in information).
//!
//! The report counts, per output, the patterns with at least one unknown (`3ⁿ − 2ⁿ`) the
//! function knows and how many of them the circuit resolves; it keeps the first pattern the
//! circuit leaves unknown. A minimal cover usually resolves fewer: `A·B + ¬A·C` leaves
//! `A = X, B = C = 1` unknown although both completions give 1. The sum of every prime
//! implicant (the hazard-free cover) computes the exact Kleene extension of a completely
//! specified function (Ikenmeyer et al., "On the complexity of hazard-free circuits", J. ACM
//! 66(4), 2019, §1): it resolves every pattern the function knows. (With don't-cares, a prime
//! reaching into a don't-care completion may still leave an off-set pattern unknown.)
//!
//! Functions of at most [`MAX_TERNARY_INPUTS`] inputs: 3¹⁰ = 59,049 patterns, simulated 512 a
//! pass; the function's side is one pass over the patterns, each from two with one unknown
//! fewer.

use std::fmt;

use sim_core::batch::{BatchEngine, BatchError};
use sim_core::{Circuit, Trit};

use crate::spec::Spec;
use crate::table::Value;

/// The most inputs [`report`] takes: 10 (59,049 patterns).
pub const MAX_TERNARY_INPUTS: usize = 10;

/// How a circuit answers the input patterns with unknowns of a [`Spec`]'s inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TernaryReport {
    /// The inputs' names, in [`Spec`] order (the order of an example's trits).
    pub inputs: Vec<String>,
    /// The patterns with at least one unknown input: `3ⁿ − 2ⁿ`.
    pub patterns: u64,
    /// One per output, in [`Spec`] order.
    pub outputs: Vec<OutputTernary>,
}

/// One output's line of a [`TernaryReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputTernary {
    /// The output's name.
    pub name: String,
    /// Patterns with unknowns on which the function knows the output.
    pub known: u64,
    /// Of those, how many the circuit resolves (gives the function's value).
    pub resolved: u64,
    /// The first pattern (in base-3 order, an input's trits −1, +1, 0) the function knows and
    /// the circuit does not resolve: one trit per input.
    pub example: Option<Vec<Trit>>,
}

impl OutputTernary {
    /// Whether the circuit resolves every pattern the function knows: it computes the
    /// function's Kleene extension on this output.
    pub fn is_exact(&self) -> bool {
        self.resolved == self.known
    }
}

/// Why a report cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum TernaryError {
    /// More inputs than [`MAX_TERNARY_INPUTS`].
    #[error("{count} inputs: the unknown-input report covers at most {MAX_TERNARY_INPUTS}")]
    TooManyInputs {
        /// How many inputs the function has.
        count: usize,
    },
    /// The circuit has no input (switch or button) of an input's name.
    #[error("the circuit has no input `{name}`")]
    MissingInput {
        /// The function's input.
        name: String,
    },
    /// The circuit has no node of an output's name.
    #[error("the circuit has no output `{name}`")]
    MissingOutput {
        /// The function's output.
        name: String,
    },
    /// The circuit cannot run on the batch engine (a loop, a flip-flop, a RAM).
    #[error(transparent)]
    Batch(#[from] BatchError),
}

/// How `circuit` answers `spec`'s input patterns with unknowns (see the [module](self)
/// documentation). The circuit's inputs and outputs are found by the spec's names; an input of
/// the circuit the spec does not name stays unknown.
///
/// # Errors
/// [`TernaryError::TooManyInputs`] past [`MAX_TERNARY_INPUTS`], a missing input or output
/// named, or a circuit the [`BatchEngine`] refuses.
pub fn report(spec: &Spec, circuit: &Circuit) -> Result<TernaryReport, TernaryError> {
    let n = spec.inputs().len();
    if n > MAX_TERNARY_INPUTS {
        return Err(TernaryError::TooManyInputs { count: n });
    }
    let answers = simulate(spec, circuit)?;
    let patterns = 3u32.pow(u32::try_from(n).unwrap_or(0));
    let outputs = spec
        .outputs()
        .iter()
        .enumerate()
        .map(|(k, (name, table))| {
            let knows = knowledge(n, |row| table.value(row));
            let mut line = OutputTernary {
                name: name.clone(),
                known: 0,
                resolved: 0,
                example: None,
            };
            for pattern in (0..patterns).filter(|&p| has_unknown(n, p)) {
                let Some(value) = knows[pattern as usize].value() else {
                    continue;
                };
                line.known += 1;
                if answers[pattern as usize][k] == value {
                    line.resolved += 1;
                } else if line.example.is_none() {
                    line.example = Some(trits(n, pattern));
                }
            }
            line
        })
        .collect();
    Ok(TernaryReport {
        inputs: spec.inputs().to_vec(),
        patterns: u64::from(patterns) - (1 << n),
        outputs,
    })
}

impl fmt::Display for TernaryReport {
    /// One line per output: `F: resolves 5 of the 6 patterns with unknowns the function
    /// knows (19 patterns), e.g. not A=X B=1 C=1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.outputs {
            write!(
                f,
                "{}: resolves {} of the {} patterns with unknowns the function knows ({} patterns)",
                line.name, line.resolved, line.known, self.patterns
            )?;
            if let Some(example) = &line.example {
                let pattern: Vec<String> = self
                    .inputs
                    .iter()
                    .zip(example)
                    .map(|(name, trit)| format!("{name}={}", bit(*trit)))
                    .collect();
                write!(f, ", e.g. not {}", pattern.join(" "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A trit as a table shows it: `0`, `1` or `X`.
fn bit(trit: Trit) -> char {
    match trit {
        Trit::False => '0',
        Trit::True => '1',
        Trit::Unknown => 'X',
    }
}

/// What the cared-for completions of a pattern give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Knowledge {
    /// No completion is cared for.
    Nothing,
    /// Every cared-for completion gives this.
    Only(bool),
    /// Cared-for completions disagree.
    Conflict,
}

impl Knowledge {
    fn join(self, other: Knowledge) -> Knowledge {
        match (self, other) {
            (Knowledge::Nothing, k) | (k, Knowledge::Nothing) => k,
            (Knowledge::Only(a), Knowledge::Only(b)) if a == b => Knowledge::Only(a),
            _ => Knowledge::Conflict,
        }
    }

    /// The value the function knows, as a trit.
    fn value(self) -> Option<Trit> {
        match self {
            Knowledge::Only(true) => Some(Trit::True),
            Knowledge::Only(false) => Some(Trit::False),
            Knowledge::Nothing | Knowledge::Conflict => None,
        }
    }
}

/// The function's knowledge of every pattern of `n` inputs, indexed by pattern: base-3
/// digits, the first input the most significant, digit 0 for 0, 1 for 1 and 2 for unknown.
/// A pattern with an unknown joins its two completions in that input, both lower indices.
fn knowledge(n: usize, value: impl Fn(u32) -> Value) -> Vec<Knowledge> {
    let patterns = 3usize.pow(u32::try_from(n).unwrap_or(0));
    let mut knows: Vec<Knowledge> = Vec::with_capacity(patterns);
    for pattern in 0..patterns {
        let (mut rest, mut place, mut row) = (pattern, 1, 0u32);
        let mut unknown_at = None;
        for i in 0..n {
            match rest % 3 {
                2 if unknown_at.is_none() => unknown_at = Some(place),
                digit => row |= u32::from(digit == 1) << i,
            }
            rest /= 3;
            place *= 3;
        }
        knows.push(match unknown_at {
            Some(place) => knows[pattern - 2 * place].join(knows[pattern - place]),
            None => match value(row) {
                Value::Zero => Knowledge::Only(false),
                Value::One => Knowledge::Only(true),
                Value::DontCare => Knowledge::Nothing,
            },
        });
    }
    knows
}

/// Whether pattern `pattern` of `n` inputs has an unknown digit.
fn has_unknown(n: usize, pattern: u32) -> bool {
    (0..n)
        .scan(pattern, |rest, _| {
            let digit = *rest % 3;
            *rest /= 3;
            Some(digit)
        })
        .any(|digit| digit == 2)
}

/// Pattern `pattern` of `n` inputs as trits, in input order.
fn trits(n: usize, pattern: u32) -> Vec<Trit> {
    let mut trits = vec![Trit::Unknown; n];
    let mut rest = pattern;
    for trit in trits.iter_mut().rev() {
        *trit = match rest % 3 {
            0 => Trit::False,
            1 => Trit::True,
            _ => Trit::Unknown,
        };
        rest /= 3;
    }
    trits
}

/// The circuit's outputs (in spec order) on every pattern of the spec's inputs, by index.
fn simulate(spec: &Spec, circuit: &Circuit) -> Result<Vec<Vec<Trit>>, TernaryError> {
    let n = spec.inputs().len();
    for name in spec.inputs() {
        if !circuit
            .find(name)
            .is_some_and(|id| circuit[id].kind.is_input())
        {
            return Err(TernaryError::MissingInput { name: name.clone() });
        }
    }
    let outputs = spec
        .output_names()
        .map(|name| {
            circuit
                .find(name)
                .ok_or_else(|| TernaryError::MissingOutput {
                    name: name.to_owned(),
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Where each of the circuit's inputs is in the spec's.
    let columns: Vec<Option<usize>> = circuit
        .inputs()
        .map(|id| {
            spec.inputs()
                .iter()
                .position(|name| *name == circuit[id].label)
        })
        .collect();
    let patterns = 3u32.pow(u32::try_from(n).unwrap_or(0));
    let vectors: Vec<Vec<Trit>> = (0..patterns)
        .map(|pattern| {
            let trits = trits(n, pattern);
            columns
                .iter()
                .map(|column| column.map_or(Trit::Unknown, |i| trits[i]))
                .collect()
        })
        .collect();
    let mut engine = BatchEngine::with_outputs(circuit, &outputs)?;
    Ok(engine.run(&vectors))
}
