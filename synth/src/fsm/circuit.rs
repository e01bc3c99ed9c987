//! A machine's circuit: a [`Dffsr`](sim_core::NodeKind::Dffsr) flip-flop per state bit, the
//! minimised next-state and output logic between them ([`crate::build::add_logic`]), a clock
//! and an asynchronous reset to the initial state.

use sim_core::NodeKind;
use sim_core::elaborate::elaborate;
use sim_core::format::Document;
use sim_core::hierarchy::{DEFAULT_MAX_NODES, Design, PartDesc};
use sim_core::kind::{DFFSR_CLOCK, DFFSR_D, DFFSR_RESET, DFFSR_SET};
use sim_core::parts::Builder;

use super::error::SynthesisError;
use super::logic::fresh;
use super::{Assignment, Encoding, Kind, Logic, Machine};
use crate::build::{Style, add_logic};
use crate::cover::{Cover, Options, minimise_spec};

/// How to make a machine's circuit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settings {
    /// The state assignment.
    pub assignment: Assignment,
    /// The gates of the next-state and output logic.
    pub style: Style,
    /// How that logic is minimised.
    pub options: Options,
}

/// The names of the pins a circuit adds to the machine's inputs and outputs: each the
/// base name below, or with `_` appended until it is none of the machine's names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pins {
    /// The clock input (`clk`): the state changes on its rising edge.
    pub clock: String,
    /// The asynchronous reset input (`reset`): at 1 it puts the machine in its initial state
    /// at once, whatever the clock does.
    pub reset: String,
    /// The lamps showing the state bits, bit `k` (flip-flop `k`) first: [`Logic::state`]'s
    /// names (`q0`, `q1`, …).
    pub state: Vec<String>,
}

/// A machine's circuit and how it was made.
#[derive(Debug)]
pub struct Synthesis {
    /// The states' codes.
    pub encoding: Encoding,
    /// The combinational logic, before minimisation.
    pub logic: Logic,
    /// The minimised logic, over [`Logic::spec`]'s inputs and outputs.
    pub cover: Cover,
    /// The pins the circuit adds.
    pub pins: Pins,
    /// The circuit as a part: input pins the machine's inputs, then the clock and the
    /// reset; output pins the machine's outputs, then the state bits.
    pub part: PartDesc,
    /// The part as a flat document of its own, with a transition tour as its test (every
    /// row of the table from a reset, up to [`MAX_TOUR_STEPS`](super::MAX_TOUR_STEPS)
    /// steps), which `tritium test` runs.
    pub document: Document,
}

impl Machine {
    /// The machine's circuit, named `name`: its states coded by `settings.assignment`, its
    /// logic minimised with `settings.options` and built in `settings.style`, a `Dffsr` per
    /// state bit clocked by [`Pins::clock`], and [`Pins::reset`] wired to each flip-flop's
    /// SET where the initial state's code has a 1 and to its RESET where it has a 0.
    ///
    /// # Errors
    ///
    /// A [`SynthesisError`]: the assignment too wide for a truth table
    /// ([`Machine::encode`]), too many outputs ([`Machine::logic`]), the minimiser's limits,
    /// or a circuit that does not check (a bug, reported rather than a panic).
    pub fn synthesise(&self, settings: &Settings, name: &str) -> Result<Synthesis, SynthesisError> {
        let encoding = self.encode(settings.assignment)?;
        let logic = self.logic(&encoding)?;
        let cover = minimise_spec(&logic.spec, settings.options)?;
        let pins = self.pins(&logic);
        let part = self.part(&encoding, &cover, settings.style, &pins, name);
        let circuit = elaborate(
            &Design::default(),
            name,
            part.nodes.clone(),
            part.wires.clone(),
            DEFAULT_MAX_NODES,
        )?;
        let document = Document {
            name: name.to_owned(),
            description: self.describe(&encoding, &cover),
            circuit,
            tests: vec![self.tour(&encoding, &pins)],
            ..Document::default()
        };
        Ok(Synthesis {
            encoding,
            logic,
            cover,
            pins,
            part,
            document,
        })
    }

    /// The names of the clock, the reset and the state lamps.
    fn pins(&self, logic: &Logic) -> Pins {
        let taken: Vec<String> = self
            .names()
            .into_iter()
            .chain(logic.state.clone())
            .collect();
        Pins {
            clock: fresh("clk".to_owned(), &taken),
            reset: fresh("reset".to_owned(), &taken),
            state: logic.state.clone(),
        }
    }

    /// The circuit as a part.
    fn part(
        &self,
        encoding: &Encoding,
        cover: &Cover,
        style: Style,
        pins: &Pins,
        name: &str,
    ) -> PartDesc {
        let mut b = Builder::default();
        for output in self.outputs.iter().chain(&pins.state) {
            b.reserve(output);
        }
        let inputs: Vec<String> = self.inputs.iter().flat_map(|i| b.input(i, 1)).collect();
        let clock = b.input(&pins.clock, 1).remove(0);
        let reset = b.input(&pins.reset, 1).remove(0);
        let initial = encoding.codes[self.initial];
        // Flip-flop k holds state bit k; the reset sets it to the initial code's bit k.
        let state: Vec<String> = (0..encoding.bits)
            .map(|k| {
                let q = b.add(NodeKind::Dffsr, &[]);
                b.wire(&clock, &q, DFFSR_CLOCK as u8);
                let pin = if initial >> k & 1 == 1 {
                    DFFSR_SET
                } else {
                    DFFSR_RESET
                };
                b.wire(&reset, &q, pin as u8);
                q
            })
            .collect();
        // The logic reads the state bits, the most significant first, then the inputs.
        let reads: Vec<String> = state.iter().rev().chain(&inputs).cloned().collect();
        let signals = add_logic(&mut b, cover, style, &reads);
        let (next, outputs) = signals.split_at(encoding.bits);
        for (q, d) in state.iter().rev().zip(next) {
            b.wire(d, q, DFFSR_D as u8);
        }
        for (output, signal) in self.outputs.iter().zip(outputs) {
            b.output(output, std::slice::from_ref(signal));
        }
        for (lamp, q) in pins.state.iter().zip(&state) {
            b.output(lamp, std::slice::from_ref(q));
        }
        b.finish(name.to_owned())
    }

    /// The document's description: the machine, the codes and the logic's expressions.
    fn describe(&self, encoding: &Encoding, cover: &Cover) -> String {
        let kind = match self.kind {
            Kind::Moore => "Moore",
            Kind::Mealy => "Mealy",
        };
        let codes: Vec<String> = self
            .states
            .iter()
            .zip(&encoding.codes)
            .map(|(state, code)| format!("{} = {code:0width$b}", state.name, width = encoding.bits))
            .collect();
        let expressions: Vec<String> = (0..cover.outputs.len())
            .map(|k| format!("{} = {}", cover.outputs[k], cover.expr(k)))
            .collect();
        format!(
            "A {kind} machine of {} states, {} state assignment ({}); {} logic: {}.",
            self.states.len(),
            encoding.assignment.label(),
            codes.join(", "),
            cover.exactness.label(),
            expressions.join("; ")
        )
    }
}
