//! The test a machine's document embeds: a transition tour, every row of the table taken
//! once from a reset, with the outputs and the next state's code checked at each step.

use sim_core::testbench::{Literal, Step, TestCase};

use super::{Encoding, Kind, Machine, Pins};
use crate::table::Value;

/// The most steps the tour takes: rows past it are left out (a table of a few dozen rows is
/// toured whole).
pub const MAX_TOUR_STEPS: usize = 2048;

impl Machine {
    /// The rows leading from the initial state to `state` along a shortest path, as (state,
    /// input combination) pairs, each combination one its row matches.
    fn path_to(&self, state: usize, distances: &[Option<usize>]) -> Vec<(usize, u32)> {
        let mut path = Vec::new();
        let mut here = state;
        while let Some(d) = distances[here].filter(|&d| d > 0) {
            let Some(row) = self
                .transitions
                .iter()
                .find(|t| t.to == here && distances[t.from] == Some(d - 1))
            else {
                break;
            };
            path.push((row.from, row.inputs.ones));
            here = row.from;
        }
        path.reverse();
        path
    }

    /// The transition tour of the circuit [`Machine::synthesise`] builds, named `tour`: for
    /// each row in turn (up to [`MAX_TOUR_STEPS`] steps), a reset, the shortest path from the
    /// initial state to the row's state, then the row itself, each clock cycle expecting the
    /// table's outputs (Mealy: before the edge; Moore: the state's) and the next state's code.
    pub(super) fn tour(&self, encoding: &Encoding, pins: &Pins) -> TestCase {
        let tour = Tour {
            machine: self,
            encoding,
            pins,
        };
        let distances = self.distances();
        let mut steps = vec![tour.inputs(0, vec![(pins.clock.clone(), Literal::Bool(false))])];
        for row in &self.transitions {
            let mut walk = tour.reset();
            for (state, inputs) in self.path_to(row.from, &distances) {
                walk.extend(tour.cycle(state, inputs));
            }
            walk.extend(tour.cycle(row.from, row.inputs.ones));
            if steps.len() + walk.len() > MAX_TOUR_STEPS {
                break;
            }
            steps.extend(walk);
        }
        TestCase {
            name: "transition tour".to_owned(),
            steps,
        }
    }
}

/// What the tour's steps are written with.
struct Tour<'a> {
    machine: &'a Machine,
    encoding: &'a Encoding,
    pins: &'a Pins,
}

impl Tour<'_> {
    /// A step setting the machine's inputs to `combination`, and `more`.
    fn inputs(&self, combination: u32, more: Vec<(String, Literal)>) -> Step {
        let n = self.machine.inputs.len();
        let set = (0..n)
            .map(|i| {
                let value = combination >> (n - 1 - i) & 1 == 1;
                (self.machine.inputs[i].clone(), Literal::Bool(value))
            })
            .chain(more)
            .collect();
        Step {
            set,
            ..Step::default()
        }
    }

    /// The expectations that the machine is in `state`: its code on the state lamps, and a
    /// Moore state's outputs.
    fn in_state(&self, state: usize) -> Vec<(String, Literal)> {
        let code = self.encoding.codes[state];
        let bits = (0..).zip(&self.pins.state);
        let mut expect: Vec<(String, Literal)> = bits
            .map(|(k, lamp)| (lamp.clone(), Literal::Bool(code >> k & 1 == 1)))
            .collect();
        if self.machine.kind == Kind::Moore {
            expect.extend(self.outputs(&self.machine.states[state].outputs));
        }
        expect
    }

    /// The expectations that the outputs are `values`, where they are cared for.
    fn outputs(&self, values: &[Value]) -> Vec<(String, Literal)> {
        self.machine
            .outputs
            .iter()
            .zip(values)
            .filter(|(_, value)| **value != Value::DontCare)
            .map(|(name, value)| (name.clone(), Literal::Bool(*value == Value::One)))
            .collect()
    }

    /// A reset pulse: the reset at 1 (the initial state at once), then at 0.
    fn reset(&self) -> Vec<Step> {
        let pulse = |level| vec![(self.pins.reset.clone(), Literal::Bool(level))];
        vec![
            Step {
                set: pulse(true),
                expect: self.in_state(self.machine.initial),
                ..Step::default()
            },
            Step {
                set: pulse(false),
                ..Step::default()
            },
        ]
    }

    /// One clock cycle in `state` on `combination`: the inputs set (Mealy outputs checked),
    /// the clock's rising edge (the next state checked), its falling edge.
    fn cycle(&self, state: usize, combination: u32) -> Vec<Step> {
        let step = self.machine.step(state, combination);
        let clock = |level| vec![(self.pins.clock.clone(), Literal::Bool(level))];
        let mut set = self.inputs(combination, Vec::new());
        if self.machine.kind == Kind::Mealy {
            set.expect = self.outputs(&step.outputs);
        }
        let rise = Step {
            set: clock(true),
            expect: step
                .next
                .map(|next| self.in_state(next))
                .unwrap_or_default(),
            ..Step::default()
        };
        let fall = Step {
            set: clock(false),
            ..Step::default()
        };
        vec![set, rise, fall]
    }
}
