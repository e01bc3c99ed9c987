//! Finite state machines: a state-transition table in a small text (or CSV) format, checked;
//! the machine's logic for a state assignment, its circuit, and its state diagram's layout.
//!
//! # The format
//!
//! A table is a header, then one row per transition; `#` starts a comment, blank lines are
//! ignored, and tokens are separated by spaces, tabs, `,` or `;` (so a spreadsheet's CSV
//! export of the same columns reads too). Keywords are case-insensitive; names (of inputs,
//! outputs and states) are a letter or `_` then letters, digits and `_`, case-sensitive.
//!
//! - `machine moore` or `machine mealy` (required, before the first row): whether the outputs
//!   belong to the states (Moore) or to the transitions (Mealy).
//! - `inputs A B …` and `outputs Y Z …` (before the first row; none when left out): the
//!   machine's inputs (at most [`MAX_INPUTS`](crate::MAX_INPUTS)) and outputs, in the order
//!   the rows give their values.
//! - `initial STATE` (anywhere): the state a reset enters; without it, the first state the
//!   table names.
//! - `unspecified stay` or `unspecified dont-care` (anywhere; `stay` when left out): what an
//!   input combination no row of a state matches does — [`Unspecified`].
//! - A row `STATE INPUTS -> NEXT OUTPUTS`: in `STATE`, on any input combination `INPUTS`
//!   matches, the next clock edge goes to `NEXT`. `INPUTS` is one value per input (`0`, `1`,
//!   or `-` for either), in one token (`1-0`) or several (`1 - 0`); the `->` may be left
//!   out. A Mealy row ends with its `OUTPUTS` (one `0`, `1` or `-` — don't care — per output),
//!   what the machine outputs in `STATE` while the inputs match; a Moore row has none.
//! - A Moore state's outputs, `STATE = OUTPUTS`, once for each state.
//!
//! Two rows of one state may overlap (match a common input combination) only when they agree
//! on the next state and on every output both give.
//!
//! ```text
//! # A "101" detector (overlapping): Z is 1 while the input completes 1, 0, 1.
//! machine mealy
//! inputs  X
//! outputs Z
//! initial IDLE
//!
//! # state  input    next   output
//! IDLE     0     -> IDLE   0
//! IDLE     1     -> GOT1   0
//! GOT1     0     -> GOT10  0
//! GOT1     1     -> GOT1   0
//! GOT10    0     -> IDLE   0
//! GOT10    1     -> GOT1   1
//! ```
//!
//! # Checks
//!
//! [`Machine::parse`] refuses a table with an [`FsmError`] naming the line (and the column
//! where one token is at fault): a syntax error, a wrong number of values, a repeated header,
//! a next or initial state with no row of its own ([`FsmError::UndefinedState`]), a state
//! with no transition, a Moore state without outputs, two rows that disagree on a
//! combination both match ([`FsmError::Conflict`]), and a state no input sequence reaches
//! from the initial state ([`FsmError::Unreachable`] — an error, not a warning: such a state
//! is a mistake in the table or dead weight in the circuit, and leaving it out changes
//! nothing the machine can do).
//!
//! # From a machine to a circuit
//!
//! An [`Assignment`] gives each state a code ([`Machine::encode`]: binary, Gray or one-hot);
//! [`Machine::logic`] is then the machine's combinational logic as a [`Spec`](crate::Spec)
//! for [`minimise_spec`](crate::minimise_spec): over the state bits and the inputs, the next
//! state's bits and the outputs, don't-care on codes no state has and wherever the table
//! leaves a choice.
//!
//! [`Machine::synthesise`] makes the circuit ([`Synthesis`]): the logic minimised and built
//! by [`build::add_logic`](crate::build::add_logic) in the chosen [`Style`](crate::build::Style),
//! a [`Dffsr`](sim_core::NodeKind::Dffsr) flip-flop per state bit on a clock, and an
//! asynchronous reset wired to each flip-flop's SET or RESET by the initial state's code; its
//! document embeds a transition tour of the table as a test.
//!
//! [`Machine::diagram`] lays the state diagram out for a front end to draw ([`Diagram`]).

mod assign;
mod check;
mod circuit;
mod diagram;
mod error;
mod logic;
mod parse;
mod tour;

pub use assign::{Assignment, Encoding};
pub use circuit::{Pins, Settings, Synthesis};
pub use diagram::{ArcShape, Diagram, DiagramArc, SPACING, StateNode};
pub use error::{FsmError, SynthesisError};
pub use logic::Logic;
pub use tour::MAX_TOUR_STEPS;

use std::collections::VecDeque;

use crate::minimise::Implicant;
use crate::table::Value;

/// Whether a machine's outputs belong to its states or to its transitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The outputs are a function of the state alone (`STATE = OUTPUTS`).
    Moore,
    /// The outputs are a function of the state and the inputs (on each row).
    Mealy,
}

/// What the machine does on an input combination that no row of its state matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unspecified {
    /// It stays in its state, and a Mealy machine's outputs are 0: the convention of state
    /// diagrams, where a state holds until an arc's condition is met.
    Stay,
    /// Anything will do: the next state and the Mealy outputs are don't-cares for the
    /// minimiser (the smaller circuit, for a table whose missing combinations never occur).
    DontCare,
}

/// A state of a [`Machine`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Its name.
    pub name: String,
    /// A Moore machine's outputs in this state, one per output (empty for a Mealy machine).
    pub outputs: Vec<Value>,
    /// The first line naming it on the left (of a row or of its outputs).
    pub line: usize,
}

/// A row of a [`Machine`]'s table: a transition taken on every input combination its
/// pattern matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The state it leaves, an index into [`Machine::states`].
    pub from: usize,
    /// The input combinations it is taken on: a cube over the machine's inputs, input 0 the
    /// most significant bit (as rows of a [`TruthTable`](crate::TruthTable)).
    pub inputs: Implicant,
    /// The state it enters, an index into [`Machine::states`].
    pub to: usize,
    /// A Mealy machine's outputs while it applies, one per output (empty for Moore).
    pub outputs: Vec<Value>,
    /// Its line in the text.
    pub line: usize,
}

/// What a machine does in one clock cycle, in a state on an input combination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The state after the clock edge, or `None` where the table leaves it open
    /// ([`Unspecified::DontCare`]).
    pub next: Option<usize>,
    /// The outputs before the edge, one per output ([`Value::DontCare`] where the table
    /// leaves it open).
    pub outputs: Vec<Value>,
}

/// A checked state machine: its inputs, outputs, states and transitions. Every state has a
/// transition and is reachable from the initial state, and no two rows disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    kind: Kind,
    inputs: Vec<String>,
    outputs: Vec<String>,
    states: Vec<State>,
    initial: usize,
    unspecified: Unspecified,
    transitions: Vec<Transition>,
}

impl Machine {
    /// The machine a state-transition table describes ([the format](self)).
    ///
    /// # Errors
    ///
    /// An [`FsmError`] naming the line (and column) of the first problem in the text.
    pub fn parse(text: &str) -> Result<Self, FsmError> {
        parse::parse(text)
    }

    /// Moore or Mealy.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The inputs' names, in the order rows give their values.
    pub fn inputs(&self) -> &[String] {
        &self.inputs
    }

    /// The outputs' names, in the order rows give their values.
    pub fn outputs(&self) -> &[String] {
        &self.outputs
    }

    /// The states, in the order the table first names them on the left.
    pub fn states(&self) -> &[State] {
        &self.states
    }

    /// The initial state, an index into [`states`](Self::states).
    pub fn initial(&self) -> usize {
        self.initial
    }

    /// What input combinations no row matches do.
    pub fn unspecified(&self) -> Unspecified {
        self.unspecified
    }

    /// The rows, in the text's order.
    pub fn transitions(&self) -> &[Transition] {
        &self.transitions
    }

    /// What the machine does in `state` (an index into [`states`](Self::states)) on the
    /// input combination `inputs` (input 0 the most significant bit; below `2^inputs`): the
    /// table's meaning, which the synthesised circuit implements.
    pub fn step(&self, state: usize, inputs: u32) -> Step {
        let mut rows = self
            .transitions
            .iter()
            .filter(|t| t.from == state && t.inputs.covers(inputs));
        let outputs_of = |row: &Transition| match self.kind {
            Kind::Moore => self.states[state].outputs.clone(),
            Kind::Mealy => row.outputs.clone(),
        };
        let Some(first) = rows.next() else {
            return match (self.unspecified, self.kind) {
                (_, Kind::Moore) => Step {
                    next: (self.unspecified == Unspecified::Stay).then_some(state),
                    outputs: self.states[state].outputs.clone(),
                },
                (Unspecified::Stay, Kind::Mealy) => Step {
                    next: Some(state),
                    outputs: vec![Value::Zero; self.outputs.len()],
                },
                (Unspecified::DontCare, Kind::Mealy) => Step {
                    next: None,
                    outputs: vec![Value::DontCare; self.outputs.len()],
                },
            };
        };
        // Overlapping rows agree (the checks refused others): take each output any gives.
        let mut outputs = outputs_of(first);
        for row in rows {
            for (value, other) in outputs.iter_mut().zip(&row.outputs) {
                if *value == Value::DontCare {
                    *value = *other;
                }
            }
        }
        Step {
            next: Some(first.to),
            outputs,
        }
    }

    /// Each state's distance in transitions from the initial state (breadth-first over the
    /// rows), `None` for a state it cannot reach.
    pub fn distances(&self) -> Vec<Option<usize>> {
        let mut distance = vec![None; self.states.len()];
        distance[self.initial] = Some(0);
        let mut queue = VecDeque::from([self.initial]);
        while let Some(state) = queue.pop_front() {
            let here = distance[state].unwrap_or(0);
            for row in self.transitions.iter().filter(|t| t.from == state) {
                if distance[row.to].is_none() {
                    distance[row.to] = Some(here + 1);
                    queue.push_back(row.to);
                }
            }
        }
        distance
    }
}

/// The cube `ones`/`care` over `n` inputs as `0`, `1` and `-` characters, input 0 first.
fn pattern(ones: u32, care: u32, n: usize) -> String {
    (0..n)
        .rev()
        .map(|bit| match (care >> bit & 1, ones >> bit & 1) {
            (0, _) => '-',
            (_, 1) => '1',
            _ => '0',
        })
        .collect()
}

/// `values` as `0`, `1` and `-` characters.
fn values(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| match v {
            Value::Zero => '0',
            Value::One => '1',
            Value::DontCare => '-',
        })
        .collect()
}
