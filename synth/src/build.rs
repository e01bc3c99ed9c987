//! From a two-level [`Cover`] to a circuit: sim-core gates placed by sim-core's part
//! [`Builder`], as a part ([`part`]), as a document of its own with its truth table as test
//! vectors ([`document`]), or as logic inside a part under construction ([`add_logic`]).
//!
//! # Gates
//! A cover's outputs are each the OR of their product terms (a sum of products), or the AND
//! of their sums, each sum the complement of a term's cube (a product of sums). The
//! [`Style`] chooses the gates:
//!
//! - [`Gates::AndOr`]: an AND per product and an OR per output (sum of products), an OR per
//!   sum and an AND per output (product of sums); a NOT per input used complemented.
//! - [`Gates::Nand`]: NAND gates only. A sum of products is NAND–NAND (`F = NAND(NAND(p₁),
//!   …)`); a product of sums is NAND–NAND with an inverter at the output (a sum `OR(x) =
//!   NAND(¬x)`, then `AND(s) = ¬NAND(s)`).
//! - [`Gates::Nor`]: NOR gates only, the dual. A product of sums is NOR–NOR; a sum of
//!   products is NOR–NOR with an inverter at the output (`AND(x) = NOR(¬x)`, then `OR(p) =
//!   ¬NOR(p)`) — the same gate count a conversion to a product of sums would need at best
//!   one level earlier, without a second minimisation.
//!
//! In the NAND and NOR styles an inverter is a two-input NAND (NOR) with its input wired to
//! both pins: sim-core's n-input gates have 2 to 64 inputs.
//!
//! Every inversion De Morgan asks for is tracked as a polarity on a signal and made only where
//! a gate needs the signal the other way round, once per signal: the complemented literals'
//! inverters are shared by all terms, a term shared by several outputs is built once, a term
//! of one literal is that literal (no gate), and an output with no terms is a constant (0 for
//! a sum of products, 1 for a product of sums).
//!
//! # Fan-in
//! [`FanIn::Any`] makes one gate per product, sum and output, up to sim-core's 64 inputs (a
//! wider one becomes a balanced tree of gates of at most 64). [`FanIn::Two`] makes balanced
//! trees of two-input gates: an AND of `n` literals is `⌈log₂ n⌉` levels. A tree of NAND
//! (NOR) gates is not a NAND (NOR) of all the inputs: by De Morgan `NAND(a, b, c, d) =
//! NAND(AND(a, b), AND(c, d))`, and `AND(a, b) = ¬NAND(a, b)`, so each inner level of such a
//! tree reads its subtrees through inverters (the polarity tracking puts them where they are
//! needed, and nowhere else).
//!
//! Kleene's AND and OR are associative and De Morgan's laws hold for Kleene's connectives, so
//! every style and fan-in computes the same ternary function: the cover's two-level form
//! evaluated in Kleene's logic ([`crate::ternary`] reports which unknown inputs it resolves).
//!
//! # Layout
//! The part's [`Builder`] places its gates as it places sim-core's built-in parts': the
//! inputs at the left in cover order, the gates in columns by level (inverters, products,
//! outputs), the outputs at the right in cover order.
//!
//! # Test vectors
//! [`document`] embeds one test, `truth table`, whose steps set every input and expect every
//! output the cover gives: every row when there are at most [`MAX_TEST_ROWS`] (8 inputs), else
//! [`MAX_TEST_ROWS`] rows spread over the table (row `k · 0x9E37_79B9 mod 2ⁿ` for `k` below the
//! cap: distinct rows, each input at 0 and 1 about as often). A cover fixes the don't-care
//! rows of its function too, so the test checks the circuit against the cover, which agrees
//! with the function on every cared-for row.

mod logic;
#[cfg(test)]
mod tests;

use sim_core::Trit;
use sim_core::elaborate::elaborate;
use sim_core::format::{Document, FormatError};
use sim_core::hierarchy::{DEFAULT_MAX_NODES, Design, PartDesc};
use sim_core::parts::Builder;
use sim_core::testbench::{Literal, Step, TestCase};

use crate::cover::Cover;
use crate::minimise::Form;
use crate::spec::MAX_OUTPUTS;
use logic::{Logic, Polar};

/// The most rows [`document`]'s test vectors check: 256, every row of 8 inputs.
pub const MAX_TEST_ROWS: u32 = 256;

/// The most inputs a cover may have: a term's cube is 32 bits.
pub const MAX_BUILD_INPUTS: usize = 32;

/// Which gates a circuit is made of (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Gates {
    /// AND, OR and NOT gates.
    #[default]
    AndOr,
    /// NAND gates only.
    Nand,
    /// NOR gates only.
    Nor,
}

impl Gates {
    /// Every gate style, in declaration order.
    pub const ALL: [Gates; 3] = [Gates::AndOr, Gates::Nand, Gates::Nor];

    /// `and-or`, `nand` or `nor`, as the CLI's `--style` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Gates::AndOr => "and-or",
            Gates::Nand => "nand",
            Gates::Nor => "nor",
        }
    }
}

/// How many inputs a gate may have (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FanIn {
    /// Two: balanced trees of two-input gates.
    Two,
    /// As many as a term or an output needs (up to 64 a gate).
    #[default]
    Any,
}

impl FanIn {
    /// Both fan-ins, in declaration order.
    pub const ALL: [FanIn; 2] = [FanIn::Two, FanIn::Any];

    /// `2` or `n`, as the CLI's `--inputs` spells it.
    pub fn name(self) -> &'static str {
        match self {
            FanIn::Two => "2",
            FanIn::Any => "n",
        }
    }
}

/// How to build a cover's circuit: the gates and their fan-in. The default is AND–OR gates
/// with any number of inputs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// Which gates.
    pub gates: Gates,
    /// How many inputs each may have.
    pub fan_in: FanIn,
}

/// Why a cover cannot become a circuit.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The cover has no outputs.
    #[error("the function has no outputs: there is nothing to build")]
    NoOutputs,
    /// More inputs than a term's cube holds.
    #[error("{count} inputs: a circuit is built from at most {MAX_BUILD_INPUTS}")]
    TooManyInputs {
        /// How many inputs the cover has.
        count: usize,
    },
    /// More outputs than a term's output mask holds.
    #[error("{count} outputs: a circuit is built with at most {MAX_OUTPUTS}")]
    TooManyOutputs {
        /// How many outputs the cover has.
        count: usize,
    },
    /// An input or output name that cannot label a pin.
    #[error("`{name}` cannot name a pin: {reason}")]
    BadName {
        /// The name.
        name: String,
        /// Why not.
        reason: &'static str,
    },
    /// Two pins with one name.
    #[error("`{name}` names two pins: inputs and outputs need names of their own")]
    DuplicateName {
        /// The name.
        name: String,
    },
    /// A term naming an input or output the cover does not have.
    #[error("term {index} (from 0) {problem}")]
    BadTerm {
        /// The term's place in [`Cover::terms`].
        index: usize,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The built circuit did not check (a bug in the builder, reported rather than a panic).
    #[error("the built circuit does not check: {0}")]
    Circuit(#[from] FormatError),
}

/// The circuit of `cover` in `style` as a part named `name`: a switch per input and a lamp
/// per output, named as the cover names them and in its order, the gates between placed in
/// columns.
///
/// # Errors
/// A [`BuildError`] when the cover has no outputs, more than [`MAX_BUILD_INPUTS`] inputs or
/// [`MAX_OUTPUTS`] outputs, a name that cannot label a pin (empty, or with whitespace or one
/// of `, = . / [ ]`), a name used twice, or a term naming an input or output it does not
/// have.
pub fn part(cover: &Cover, style: Style, name: &str) -> Result<PartDesc, BuildError> {
    check(cover)?;
    let mut b = Builder::default();
    for output in &cover.outputs {
        b.reserve(output);
    }
    let inputs: Vec<String> = cover
        .inputs
        .iter()
        .flat_map(|input| b.input(input, 1))
        .collect();
    let outputs = add_logic(&mut b, cover, style, &inputs);
    for (output, signal) in cover.outputs.iter().zip(outputs) {
        b.output(output, &[signal]);
    }
    Ok(b.finish(name.to_owned()))
}

/// [`part`] as a flat document named `name` (its pins the top level's switches and lamps),
/// described by the cover's expressions, with the test `truth table` (see the
/// [module](self) documentation) that `tritium test` runs.
///
/// # Errors
/// As [`part`]; [`BuildError::Circuit`] should the built circuit not check.
pub fn document(cover: &Cover, style: Style, name: &str) -> Result<Document, BuildError> {
    let part = part(cover, style, name)?;
    let circuit = elaborate(
        &Design::default(),
        name,
        part.nodes,
        part.wires,
        DEFAULT_MAX_NODES,
    )?;
    Ok(Document {
        name: name.to_owned(),
        description: describe(cover, style),
        circuit,
        tests: vec![truth_table(cover)],
        ..Document::default()
    })
}

/// Puts `cover`'s logic in `style` into the part `b` is building, reading input `i` of the
/// cover from the signal `inputs[i]` (a pin's, or any gate's), and returns one signal per
/// output in cover order, for the caller to wire on (to a pin with
/// [`Builder::output`], a flip-flop with [`Builder::wire`]). Cube bits past the cover's
/// inputs and output bits past its outputs are ignored ([`part`] checks the cover first).
///
/// # Panics
/// If `inputs` has fewer signals than the cover has inputs.
pub fn add_logic(b: &mut Builder, cover: &Cover, style: Style, inputs: &[String]) -> Vec<String> {
    assert!(
        inputs.len() >= cover.inputs.len(),
        "add_logic: {} input signals for a cover of {} inputs",
        inputs.len(),
        cover.inputs.len()
    );
    let n = cover.inputs.len();
    let mut logic = Logic::new(b, style);
    let terms: Vec<Polar> = cover
        .terms
        .iter()
        .map(|term| {
            // A product of literals; for a product of sums, the sum of their complements.
            let literals: Vec<Polar> = (0..n)
                .filter(|i| term.cube.care >> (n - 1 - i) & 1 == 1)
                .map(|i| {
                    let positive = term.cube.ones >> (n - 1 - i) & 1 == 1;
                    let sum = cover.form == Form::ProductOfSums;
                    Polar::with(inputs[i].clone(), positive == sum)
                })
                .collect();
            match cover.form {
                Form::SumOfProducts => logic.and(literals),
                Form::ProductOfSums => logic.or(literals),
            }
        })
        .collect();
    (0..cover.outputs.len())
        .map(|k| {
            let feeding: Vec<Polar> = cover
                .terms
                .iter()
                .zip(&terms)
                .filter(|(term, _)| term.outputs >> k & 1 == 1)
                .map(|(_, value)| value.clone())
                .collect();
            let value = match cover.form {
                Form::SumOfProducts => logic.or(feeding),
                Form::ProductOfSums => logic.and(feeding),
            };
            logic.signal(value)
        })
        .collect()
}

/// Checks what [`part`] promises to refuse.
fn check(cover: &Cover) -> Result<(), BuildError> {
    let (n, m) = (cover.inputs.len(), cover.outputs.len());
    if m == 0 {
        return Err(BuildError::NoOutputs);
    }
    if n > MAX_BUILD_INPUTS {
        return Err(BuildError::TooManyInputs { count: n });
    }
    if m > MAX_OUTPUTS {
        return Err(BuildError::TooManyOutputs { count: m });
    }
    let names = || cover.inputs.iter().chain(&cover.outputs);
    for (i, name) in names().enumerate() {
        check_name(name)?;
        if names().take(i).any(|earlier| earlier == name) {
            return Err(BuildError::DuplicateName { name: name.clone() });
        }
    }
    let inputs_mask = u32::try_from((1u64 << n) - 1).unwrap_or(u32::MAX);
    let outputs_mask = if m == 64 { u64::MAX } else { (1 << m) - 1 };
    for (index, term) in cover.terms.iter().enumerate() {
        let problem = if term.cube.care & !inputs_mask != 0 {
            "names an input past the cover's inputs"
        } else if term.cube.ones & !term.cube.care != 0 {
            "sets a value for an input it does not name"
        } else if term.outputs & !outputs_mask != 0 {
            "feeds an output past the cover's outputs"
        } else {
            continue;
        };
        return Err(BuildError::BadTerm { index, problem });
    }
    Ok(())
}

/// Checks that `name` can label a pin: a sim-core label (not empty, no whitespace, `,` or
/// `=`) that no wire end or bus bit reads differently (no `.`, `/`, `[` or `]`).
fn check_name(name: &str) -> Result<(), BuildError> {
    let reason = if name.is_empty() {
        "it is empty"
    } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        "it has whitespace"
    } else if name.contains([',', '=']) {
        "labels cannot hold `,` or `=`"
    } else if name.contains(['.', '/', '[', ']']) {
        "`.`, `/`, `[` and `]` are read as pins, instance paths and bus bits"
    } else {
        return Ok(());
    };
    Err(BuildError::BadName {
        name: name.to_owned(),
        reason,
    })
}

/// The document's description: each output's expression, and how it was built.
fn describe(cover: &Cover, style: Style) -> String {
    let form = match cover.form {
        Form::SumOfProducts => "sum of products",
        Form::ProductOfSums => "product of sums",
    };
    let gates = match style.fan_in {
        FanIn::Two => "2-input gates",
        FanIn::Any => "n-input gates",
    };
    let outputs: Vec<String> = (0..cover.outputs.len())
        .map(|k| format!("{} = {}", cover.outputs[k], cover.expr(k)))
        .collect();
    format!(
        "Synthesised by Tritium: {}; the {} {form}, {} {gates}.",
        outputs.join("; "),
        cover.exactness.label(),
        style.gates.name().to_uppercase(),
    )
}

/// The test `truth table`: the rows [`sample_rows`] picks, every input set and every output
/// expected as the cover gives it.
fn truth_table(cover: &Cover) -> TestCase {
    let n = cover.inputs.len();
    let trit = |bit: bool| Literal::trit(if bit { Trit::True } else { Trit::False });
    let steps = sample_rows(n)
        .map(|row| Step {
            set: (0..n)
                .map(|i| (cover.inputs[i].clone(), trit(row >> (n - 1 - i) & 1 == 1)))
                .collect(),
            expect: (0..cover.outputs.len())
                .map(|k| (cover.outputs[k].clone(), trit(cover.eval(k, row))))
                .collect(),
            ..Step::default()
        })
        .collect();
    TestCase {
        name: "truth table".to_owned(),
        steps,
    }
}

/// Every row of `n` inputs in order when there are at most [`MAX_TEST_ROWS`], else
/// [`MAX_TEST_ROWS`] distinct rows spread over the table (see the [module](self)
/// documentation).
fn sample_rows(n: usize) -> impl Iterator<Item = u32> {
    let rows = 1u64 << n;
    let step = if rows <= u64::from(MAX_TEST_ROWS) {
        1
    } else {
        0x9E37_79B9
    };
    (0..rows.min(u64::from(MAX_TEST_ROWS)))
        .map(move |k| u32::try_from(k * step % rows).unwrap_or(u32::MAX))
}
