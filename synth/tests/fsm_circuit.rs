//! State machines' circuits (`Machine::synthesise`) simulated on sim-core's engine against
//! their tables: after a reset, on seeded random input sequences of several hundred clock
//! cycles, for every state assignment, several gate styles, Moore and Mealy machines — the
//! textbook machines of `circuits/synth/` and seeded random ones.

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sim_core::{Circuit, Engine, NodeId, Trit};
use synth::build::{FanIn, Gates, Style};
use synth::fsm::{Assignment, Kind, Machine, Settings, Synthesis};
use synth::{Form, Options, Value};

/// Clock cycles per run.
const CYCLES: usize = 400;

/// The `.fsm` files of `circuits/synth/`, sorted.
fn textbook() -> Vec<(String, Machine)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/synth");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("circuits/synth/ lists")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "fsm"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("reads");
            let machine =
                Machine::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.display().to_string(), machine)
        })
        .collect()
}

/// A random complete machine from `seed`: 2 to 6 states, 0 to 2 inputs, 1 or 2 outputs,
/// Moore or Mealy, one row per state and input combination; state `i` goes to `i + 1` on
/// combination 0, so that every state is reachable.
fn random_machine(seed: u64) -> Machine {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let states = rng.random_range(2..=6usize);
    let inputs = rng.random_range(0..=2usize);
    let outputs = rng.random_range(1..=2usize);
    let mealy = rng.random_bool(0.5);
    let bits = |rng: &mut ChaCha8Rng, n: usize| -> String {
        (0..n)
            .map(|_| if rng.random_bool(0.5) { '1' } else { '0' })
            .collect()
    };
    let names = |prefix: &str, n: usize| -> Vec<String> {
        (0..n).map(|k| format!("{prefix}{k}")).collect()
    };
    let mut lines = vec![
        format!("machine {}", if mealy { "mealy" } else { "moore" }),
        format!("inputs {}", names("I", inputs).join(" ")),
        format!("outputs {}", names("O", outputs).join(" ")),
    ];
    for s in 0..states {
        if !mealy {
            lines.push(format!("S{s} = {}", bits(&mut rng, outputs)));
        }
        for combination in 0..1u32 << inputs {
            let next = if combination == 0 && s + 1 < states {
                s + 1
            } else {
                rng.random_range(0..states)
            };
            let pattern: String = (0..inputs)
                .rev()
                .map(|bit| {
                    if combination >> bit & 1 == 1 {
                        '1'
                    } else {
                        '0'
                    }
                })
                .collect();
            let out = if mealy {
                bits(&mut rng, outputs)
            } else {
                String::new()
            };
            lines.push(format!("S{s} {pattern} -> S{next} {out}"));
        }
    }
    Machine::parse(&lines.join("\n")).unwrap_or_else(|e| panic!("seed {seed}: {e}"))
}

/// The engine over a synthesised circuit, and the nodes of its pins.
struct Harness<'m> {
    machine: &'m Machine,
    synthesis: Synthesis,
    engine: Engine,
    inputs: Vec<NodeId>,
    outputs: Vec<NodeId>,
    clock: NodeId,
    reset: NodeId,
    state: Vec<NodeId>,
}

fn node(circuit: &Circuit, label: &str) -> NodeId {
    circuit
        .find(label)
        .unwrap_or_else(|| panic!("no pin {label}"))
}

fn trit(one: bool) -> Trit {
    if one { Trit::True } else { Trit::False }
}

impl<'m> Harness<'m> {
    fn new(machine: &'m Machine, settings: &Settings) -> Self {
        let synthesis = machine
            .synthesise(settings, "machine")
            .unwrap_or_else(|e| panic!("{settings:?}: {e}"));
        let c = &synthesis.document.circuit;
        let nodes = |labels: &[String]| labels.iter().map(|l| node(c, l)).collect();
        Self {
            machine,
            engine: Engine::from_circuit(c),
            inputs: nodes(machine.inputs()),
            outputs: nodes(machine.outputs()),
            clock: node(c, &synthesis.pins.clock),
            reset: node(c, &synthesis.pins.reset),
            state: nodes(&synthesis.pins.state),
            synthesis,
        }
    }

    fn set(&mut self, values: impl IntoIterator<Item = (NodeId, Trit)>) {
        self.engine.set(values).expect("switches");
        self.engine.settle();
    }

    /// Drives the machine's inputs with combination `inputs` (input 0 its top bit).
    fn apply(&mut self, inputs: u32) {
        let n = self.inputs.len();
        let values: Vec<(NodeId, Trit)> = (0..n)
            .map(|i| (self.inputs[i], trit(inputs >> (n - 1 - i) & 1 == 1)))
            .collect();
        self.set(values);
    }

    /// The state the flip-flops hold, by its code; panics on an unknown bit or a code no
    /// state has.
    fn state(&self, context: &str) -> usize {
        let code =
            self.state
                .iter()
                .enumerate()
                .fold(0, |code, (k, &q)| match self.engine.value(q) {
                    Trit::True => code | 1 << k,
                    Trit::False => code,
                    Trit::Unknown => panic!("{context}: state bit {k} unknown"),
                });
        self.synthesis
            .encoding
            .state_of(code)
            .unwrap_or_else(|| panic!("{context}: code {code:b} is no state's"))
    }

    /// Asserts that the outputs are `want` wherever it cares.
    fn assert_outputs(&self, want: &[Value], context: &str) {
        for (k, (&node, value)) in self.outputs.iter().zip(want).enumerate() {
            let expected = match value {
                Value::Zero => Trit::False,
                Value::One => Trit::True,
                Value::DontCare => continue,
            };
            assert_eq!(self.engine.value(node), expected, "{context}: output {k}");
        }
    }

    /// Holds the reset at 1, then releases it: the machine must be in its initial state.
    fn reset(&mut self, context: &str) {
        self.set([(self.reset, Trit::True)]);
        assert_eq!(
            self.state(context),
            self.machine.initial(),
            "{context}: reset"
        );
        self.set([(self.reset, Trit::False)]);
        assert_eq!(
            self.state(context),
            self.machine.initial(),
            "{context}: released"
        );
    }

    /// `cycles` clock cycles on random inputs the table specifies, each checked against the
    /// table, with an occasional reset between them.
    fn run(&mut self, rng: &mut ChaCha8Rng, cycles: usize, context: &str) {
        let combinations = 1u32 << self.machine.inputs().len();
        let inputs: Vec<(NodeId, Trit)> = self.inputs.iter().map(|&i| (i, Trit::False)).collect();
        self.engine.settle();
        self.set(inputs.into_iter().chain([(self.clock, Trit::False)]));
        self.reset(context);
        let mut state = self.machine.initial();
        for cycle in 0..cycles {
            let context = format!("{context}, cycle {cycle}");
            if rng.random_ratio(1, 40) {
                self.reset(&context);
                state = self.machine.initial();
            }
            let specified: Vec<u32> = (0..combinations)
                .filter(|&i| self.machine.step(state, i).next.is_some())
                .collect();
            let inputs = specified[rng.random_range(0..specified.len())];
            let step = self.machine.step(state, inputs);
            self.apply(inputs);
            self.assert_outputs(&step.outputs, &context);
            self.set([(self.clock, Trit::True)]);
            self.set([(self.clock, Trit::False)]);
            state = step.next.expect("a specified combination");
            assert_eq!(self.state(&context), state, "{context}: next state");
            if self.machine.kind() == Kind::Moore {
                self.assert_outputs(&self.machine.states()[state].outputs, &context);
            }
        }
    }
}

/// The settings each machine is built with: every assignment, with the three gate styles
/// and both forms spread over them.
fn settings() -> Vec<Settings> {
    let styles = [
        (Gates::AndOr, FanIn::Any, Form::SumOfProducts),
        (Gates::Nand, FanIn::Two, Form::SumOfProducts),
        (Gates::Nor, FanIn::Any, Form::ProductOfSums),
    ];
    Assignment::ALL
        .into_iter()
        .flat_map(|assignment| {
            styles.map(|(gates, fan_in, form)| Settings {
                assignment,
                style: Style { gates, fan_in },
                options: Options {
                    form,
                    ..Options::default()
                },
            })
        })
        .collect()
}

fn simulate(name: &str, machine: &Machine, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for settings in settings() {
        let context = format!("{name} {settings:?}");
        Harness::new(machine, &settings).run(&mut rng, CYCLES, &context);
    }
}

#[test]
fn textbook_machines_run_as_their_tables_say() {
    let machines = textbook();
    assert_eq!(machines.len(), 3, "the .fsm files of circuits/synth/");
    for (seed, (name, machine)) in (0..).zip(&machines) {
        simulate(name, machine, seed);
    }
}

#[test]
fn random_machines_run_as_their_tables_say() {
    let mut kinds = [0, 0];
    for seed in 0..8 {
        let machine = random_machine(seed);
        kinds[usize::from(machine.kind() == Kind::Mealy)] += 1;
        simulate(&format!("random machine {seed}"), &machine, seed);
    }
    assert!(
        kinds.iter().all(|&k| k > 0),
        "Moore and Mealy both ran: {kinds:?}"
    );
}

/// The reset sets each flip-flop to the initial state's code: for one-hot the initial
/// state's bit is SET and every other RESET, whichever state is initial.
#[test]
fn the_reset_enters_the_initial_state_whichever_it_is() {
    let table =
        "machine moore\noutputs Y\ninitial C\nA = 0\nB = 0\nC = 1\nA -> B\nB -> C\nC -> A\n";
    let machine = Machine::parse(table).expect("parses");
    for assignment in Assignment::ALL {
        let settings = Settings {
            assignment,
            ..Settings::default()
        };
        let mut h = Harness::new(&machine, &settings);
        h.engine.settle();
        h.set([(h.clock, Trit::False)]);
        h.reset(assignment.label());
        h.assert_outputs(&[Value::One], assignment.label());
        h.run(&mut ChaCha8Rng::seed_from_u64(7), 20, assignment.label());
    }
}

/// The document embeds a transition tour that `tritium test` runs: it passes on the built
/// circuit, takes every row of the small textbook tables, and fails once an expectation is
/// wrong.
#[test]
fn the_documents_transition_tour_passes_and_can_fail() {
    for (name, machine) in textbook() {
        for settings in settings() {
            let synthesis = machine.synthesise(&settings, "m").expect("builds");
            let document = &synthesis.document;
            let [tour] = document.tests.as_slice() else {
                panic!("{name}: one test");
            };
            let outcome = tour.run(&document.circuit).expect("runs");
            assert!(
                outcome.passed(),
                "{name} {settings:?}: {:?}",
                outcome.failures
            );
            let clock_rises = tour
                .steps
                .iter()
                .filter(|s| {
                    s.set.iter().any(|(l, v)| {
                        *l == synthesis.pins.clock && *v == sim_core::testbench::Literal::Bool(true)
                    })
                })
                .count();
            assert!(
                clock_rises >= machine.transitions().len(),
                "{name}: every row"
            );

            let mut wrong = tour.clone();
            let (step, expect) = wrong
                .steps
                .iter_mut()
                .enumerate()
                .find_map(|(k, s)| s.expect.first_mut().map(|e| (k, e)))
                .expect("an expectation");
            expect.1 = match expect.1 {
                sim_core::testbench::Literal::Bool(b) => sim_core::testbench::Literal::Bool(!b),
                ref other => panic!("{other:?}"),
            };
            let outcome = wrong.run(&document.circuit).expect("runs");
            assert!(
                !outcome.passed(),
                "{name}: a wrong expectation at step {step} fails"
            );
        }
    }
}
