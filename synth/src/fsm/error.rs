//! [`FsmError`]: why a state-transition table does not parse or does not make a machine;
//! [`SynthesisError`]: why its logic or circuit cannot be made.

use thiserror::Error;

use sim_core::format::FormatError;

use crate::minimise::MinimiseError;
use crate::spec::SpecError;
use crate::table::TableError;

/// Why a state-transition table is refused. Lines and columns count from 1, columns in
/// characters; every error names the line (and the column where one token is at fault) or
/// the state at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FsmError {
    /// A token the line's grammar does not allow there.
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Expected {
        /// The line.
        line: usize,
        /// The column of the token found (one past the line's end when it ended early).
        column: usize,
        /// What would have been accepted there.
        expected: &'static str,
        /// The token found, quoted, or `the end of the line`.
        found: String,
    },
    /// A character no token may contain.
    #[error("line {line}, column {column}: unexpected character `{character}`")]
    BadCharacter {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character.
        character: char,
    },
    /// A row with the wrong number of input or output values.
    #[error("line {line}, column {column}: {found} {what} values, the header names {expected}")]
    WrongCount {
        /// The line.
        line: usize,
        /// The column of the first value (or of where it was expected).
        column: usize,
        /// `input` or `output`.
        what: &'static str,
        /// How many the header names.
        expected: usize,
        /// How many the row has.
        found: usize,
    },
    /// A header line (`machine`, `inputs`, `outputs`, `initial`, `unspecified`) given twice.
    #[error("line {line}: `{keyword}` is given twice (first on line {first})")]
    RepeatedHeader {
        /// The line of the second one.
        line: usize,
        /// The keyword.
        keyword: &'static str,
        /// The line of the first one.
        first: usize,
    },
    /// `machine`, `inputs` or `outputs` after the first row: rows are read with them.
    #[error("line {line}: `{keyword}` must come before the first row (line {first_row})")]
    HeaderAfterRows {
        /// The line.
        line: usize,
        /// The keyword.
        keyword: &'static str,
        /// The first row's line.
        first_row: usize,
    },
    /// A row before any `machine moore` or `machine mealy` line.
    #[error("line {line}: a row before the `machine moore` or `machine mealy` line")]
    NoMachineKind {
        /// The row's line.
        line: usize,
    },
    /// More inputs than a truth table may have ([`MAX_INPUTS`](crate::MAX_INPUTS)).
    #[error(
        "line {line}: {count} inputs: a machine has at most {}",
        crate::MAX_INPUTS
    )]
    TooManyInputs {
        /// The `inputs` line.
        line: usize,
        /// How many it names.
        count: usize,
    },
    /// An input or output named twice, or the same as another input or output.
    #[error("line {line}, column {column}: `{name}` is named twice")]
    DuplicateName {
        /// The line.
        line: usize,
        /// The column of the second occurrence.
        column: usize,
        /// The name.
        name: String,
    },
    /// A table with no rows.
    #[error("the table has no states: write one row per transition, `STATE INPUTS -> NEXT`")]
    NoStates,
    /// A state named (as a next state or the initial state) that has no row of its own.
    #[error("line {line}, column {column}: state `{name}` is not defined: it has no row")]
    UndefinedState {
        /// The line naming it.
        line: usize,
        /// The column.
        column: usize,
        /// The name.
        name: String,
    },
    /// A Moore state with its outputs given but no transition.
    #[error(
        "line {line}: state `{state}` has no transitions (a state that holds needs a row such \
         as `{state} -> {state}`)"
    )]
    NoTransitions {
        /// The line of its outputs.
        line: usize,
        /// The state.
        state: String,
    },
    /// A Moore state whose outputs are not given.
    #[error("line {line}: state `{state}` has no outputs line (`{state} = …`)")]
    MissingOutputs {
        /// The line of its first row.
        line: usize,
        /// The state.
        state: String,
    },
    /// A Moore state's outputs given twice.
    #[error("line {line}: the outputs of state `{state}` are given twice (first on line {first})")]
    RepeatedOutputs {
        /// The line of the second.
        line: usize,
        /// The state.
        state: String,
        /// The line of the first.
        first: usize,
    },
    /// A Moore outputs line (`STATE = …`) in a Mealy machine, whose outputs are per row.
    #[error("line {line}: a Mealy machine's outputs go on its rows, not on `{state} = …`")]
    OutputsLineInMealy {
        /// The line.
        line: usize,
        /// The state.
        state: String,
    },
    /// Outputs on a Moore machine's row: its outputs belong to its states.
    #[error(
        "line {line}, column {column}: a Moore machine's outputs belong to its states: write \
         them as `{state} = …`"
    )]
    OutputsOnMooreRow {
        /// The line.
        line: usize,
        /// The column of the first output value.
        column: usize,
        /// The row's state.
        state: String,
    },
    /// Two rows of one state that both match an input combination but disagree on the next
    /// state or on an output.
    #[error(
        "line {line}: state `{state}` with inputs {inputs} goes to `{next}` here but to \
         `{other_next}` on line {first}{}",
        if next == other_next { " with other outputs" } else { "" }
    )]
    Conflict {
        /// The later row's line.
        line: usize,
        /// The earlier row's line.
        first: usize,
        /// The state.
        state: String,
        /// One input combination both rows match, one `0`/`1` per input.
        inputs: String,
        /// The later row's next state.
        next: String,
        /// The earlier row's next state.
        other_next: String,
    },
    /// A state no sequence of inputs reaches from the initial state.
    #[error("line {line}: state `{state}` cannot be reached from the initial state `{initial}`")]
    Unreachable {
        /// The line of its first row.
        line: usize,
        /// The state.
        state: String,
        /// The initial state.
        initial: String,
    },
}

/// Why a machine's logic or circuit cannot be made.
#[derive(Debug, Error)]
pub enum SynthesisError {
    /// The state bits and the inputs together are more than a truth table's inputs.
    #[error(
        "{state_bits} state bits and {inputs} inputs: the next-state logic has at most {} \
         inputs (try a denser state assignment)",
        crate::MAX_INPUTS
    )]
    TooWide {
        /// How many state bits the assignment needs.
        state_bits: usize,
        /// How many inputs the machine has.
        inputs: usize,
    },
    /// The logic's inputs (the state bits and the machine's inputs) are too many for a
    /// [`TruthTable`](crate::TruthTable).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The logic's outputs (the state bits and the machine's outputs) are too many for a
    /// [`Spec`](crate::Spec).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The minimiser gave up.
    #[error(transparent)]
    Minimise(#[from] MinimiseError),
    /// The built circuit does not check (a bug in the builder, reported rather than a panic).
    #[error("the built circuit does not check: {0}")]
    Circuit(#[from] FormatError),
}
