//! The state-machine editor's state, plain Rust without egui: the state-transition table as
//! text ([`synth::fsm`]'s format), the machine and its diagram read from it once per edit,
//! and the circuit built from it.

use sim_core::format::Document;
use synth::build::Style;
use synth::fsm::{Assignment, Diagram, FsmError, Machine, Settings};
use synth::{Mode, Options};

/// The name of a circuit built from the machine.
pub const MACHINE_NAME: &str = "machine";

/// The table the editor starts with: a "101" detector (Mealy).
pub const EXAMPLE: &str = "\
# A \"101\" detector: Z is 1 while X completes 1, 0, 1.
machine mealy
inputs  X
outputs Z
initial IDLE

# state  X     next   Z
IDLE     0  -> IDLE   0
IDLE     1  -> GOT1   0
GOT1     0  -> GOT10  0
GOT1     1  -> GOT1   0
GOT10    0  -> IDLE   0
GOT10    1  -> GOT1   1
";

/// What a table's text gives: the checked machine and its diagram's layout, or the first
/// error.
pub type Reading = Result<(Machine, Diagram), FsmError>;

/// The table being edited, what it says, and how to build it.
#[derive(Debug)]
pub struct MachineState {
    /// The state-transition table's text.
    pub text: String,
    /// The state assignment Build circuit uses.
    pub assignment: Assignment,
    /// The gates and fan-in of the built circuit's logic.
    pub style: Style,
    /// How the next-state and output logic is minimised: exact, heuristic, or exact with
    /// the heuristic as a fallback (Auto).
    pub mode: Mode,
    /// Whether that logic keeps a term over every pair of adjacent on-set rows, so that it
    /// has no static hazard.
    pub hazard_free: bool,
    /// The text last read and what it gave, so a table is parsed once.
    read: Option<(String, Reading)>,
}

impl Default for MachineState {
    fn default() -> Self {
        MachineState {
            text: EXAMPLE.to_owned(),
            assignment: Assignment::default(),
            style: Style::default(),
            mode: Mode::Auto,
            hazard_free: false,
            read: None,
        }
    }
}

impl MachineState {
    /// The machine the text describes and its diagram's layout, read on the first call after
    /// an edit.
    ///
    /// # Errors
    /// The [`FsmError`] naming the line (and column) of the first problem in the text.
    pub fn machine(&mut self) -> Result<&(Machine, Diagram), &FsmError> {
        let entry = match self.read.take() {
            Some((text, read)) if text == self.text => (text, read),
            _ => {
                let read = Machine::parse(&self.text).map(|machine| {
                    let diagram = machine.diagram();
                    (machine, diagram)
                });
                (self.text.clone(), read)
            }
        };
        let (_, read) = self.read.insert(entry);
        read.as_ref()
    }

    /// The machine's circuit (flip-flops, a clock, a reset to the initial state and the
    /// minimised logic) in the chosen assignment and style, as a document named
    /// [`MACHINE_NAME`] whose test tours the table.
    ///
    /// # Errors
    /// Why not, as text: the table's error, or the synthesis's.
    pub fn build(&mut self) -> Result<Document, String> {
        let settings = Settings {
            assignment: self.assignment,
            style: self.style,
            options: Options {
                mode: self.mode,
                hazard_free: self.hazard_free,
                ..Options::default()
            },
        };
        let (machine, _) = self.machine().map_err(ToString::to_string)?;
        machine
            .synthesise(&settings, MACHINE_NAME)
            .map(|synthesis| synthesis.document)
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::MachineState;

    #[test]
    fn the_example_reads_and_an_edit_is_read_again() {
        let mut state = MachineState::default();
        let (machine, diagram) = state.machine().expect("the example reads");
        assert_eq!(machine.states().len(), 3);
        assert_eq!(diagram.states[0].name, "IDLE");
        state.text.push_str("GOT10 1 -> NOWHERE 0\n");
        let error = state.machine().expect_err("an undefined state").to_string();
        assert!(error.contains("line 14"), "{error}");
        assert!(state.build().is_err());
    }
}
