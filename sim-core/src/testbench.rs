//! Test vectors embedded in circuit files, and the runner that checks them.
//!
//! A [`TestCase`] is a named sequence of [`Step`]s run on a fresh engine (power-on, settled).
//! Each step drives a batch of sources in one delta cycle, settles, optionally advances the
//! clocks, and compares node values with what it expects. In RON:
//!
//! ```ron
//! (name: "reset", steps: [
//!     (set: {"R": -1, "S": -1}, expect: {"Q": 0}),
//!     (set: {"R": 1}, expect: {"Q": -1, "Qn": 1}),
//! ])
//! ```
//!
//! A bus (see [`crate::bus`]) is set and expected by its name, with a number in any radix
//! ([`crate::number`]): `(set: {"A": 107, "B": "0x36"}, expect: {"S": 162})`. For a single
//! node a value is a trit (`-1`, `0`, `1`, `"T"`, `true`, …).
//!
//! [`TestCase::run`] is the one runner (`tritium test`, the app's Tests panel): its
//! [`TestOutcome`] lists each [`Failure`] with its step and, for a mismatch, both values as
//! trits, so a caller writes them in its own notation. A caller that shows a step on an
//! engine of its own drives it with [`TestCase::stimuli`] (the same resolved batches and
//! ticks) and finds the step's time in a recorded run with [`TestCase::checked_at`].

use serde::{Deserialize, Serialize};

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::event::Observer;
use crate::kind::NodeKind;
pub use crate::literal::Literal;
use crate::literal::LiteralError;
use crate::number::{self, Radix};
use crate::trit::Trit;
use crate::wave::Waveform;

/// A named sequence of steps, run from power-on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestCase {
    /// Shown in reports.
    pub name: String,
    /// Run in order on one engine.
    pub steps: Vec<Step>,
}

/// One step of a [`TestCase`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Sources driven in one batch (one delta cycle), then settled. Labels of switches (any
    /// value) or buttons (±1). In RON a map: `{"R": 1, "S": -1}`; order is kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "assignments")]
    pub set: Vec<(String, Literal)>,
    /// Clock ticks to run after the batch, each followed by a settle.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ticks: u32,
    /// Expected values after the step, by node label (usually terminals).
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "assignments")]
    pub expect: Vec<(String, Literal)>,
    /// Whether one of the step's settles is expected to oscillate (and be resolved to 0).
    #[serde(default, skip_serializing_if = "is_false")]
    pub oscillates: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(v: &u32) -> bool {
    *v == 0
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(v: &bool) -> bool {
    !*v
}

/// A test refers to something the circuit does not have. Names the test, the step (0-based)
/// and the label.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TestError {
    /// No node has this label.
    #[error("test `{test}`, steps[{step}]: unknown label `{label}`")]
    UnknownLabel {
        /// Test name.
        test: String,
        /// Step index.
        step: usize,
        /// The label.
        label: String,
    },
    /// `set` names a node that is not a switch or button, or gives a button 0.
    #[error("test `{test}`, steps[{step}]: `{label}` is a {kind} and cannot be set to {value}")]
    NotSettable {
        /// Test name.
        test: String,
        /// Step index.
        step: usize,
        /// The label.
        label: String,
        /// The node's kind.
        kind: NodeKind,
        /// The value asked for, as written.
        value: String,
    },
    /// A value is not a trit (for a node) or not a number of the bus's width.
    #[error("test `{test}`, steps[{step}]: `{label}`: {error}")]
    BadValue {
        /// Test name.
        test: String,
        /// Step index.
        step: usize,
        /// The node or bus.
        label: String,
        /// What is wrong (a number wider than the bus names both; boxed: a rare error keeps
        /// the common result small).
        error: Box<LiteralError>,
    },
}

/// Where a test run differed from its expectations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// A node or bus had another value than expected.
    #[error(
        "steps[{step}]: expected {label}={}, got {}",
        radix.map_or_else(|| trits(expected), |_| written.clone()),
        radix.map_or_else(|| trits(actual), |r| number::format(actual, r)),
    )]
    Mismatch {
        /// Step index.
        step: usize,
        /// The node or bus.
        label: String,
        /// The value expected, bit 0 first (one trit for a node).
        expected: Vec<Trit>,
        /// The value simulated, bit 0 first.
        actual: Vec<Trit>,
        /// The expectation as the file writes it (`162`, `"0x5A"`, `-1`).
        written: String,
        /// For a bus, the radix the report writes its simulated value in: the one the
        /// expectation is written in, else the bus's own. `None` for a node, written as trits.
        radix: Option<Radix>,
    },
    /// The step oscillated when it should not have, or the other way round.
    #[error("steps[{step}]: {}", if *expected { "expected an oscillation, the circuit settled".to_owned() } else { format!("unexpected oscillation of {}", nodes.join(", ")) })]
    Oscillation {
        /// Step index.
        step: usize,
        /// From the file.
        expected: bool,
        /// Labels of the oscillating nodes (empty if none oscillated).
        nodes: Vec<String>,
    },
}

/// Trits as a report writes them, separated by spaces (`+1`, `-1 0`).
fn trits(values: &[Trit]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Failure {
    /// The index of the step that failed.
    pub fn step(&self) -> usize {
        match self {
            Failure::Mismatch { step, .. } | Failure::Oscillation { step, .. } => *step,
        }
    }
}

/// The result of one [`TestCase`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestOutcome {
    /// The test's name.
    pub name: String,
    /// How many steps ran (every step of the test: a failure does not stop the run).
    pub steps: usize,
    /// Empty when the test passed; in step order.
    pub failures: Vec<Failure>,
}

impl TestOutcome {
    /// Whether every step met its expectations.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    /// How step `step` (0-based) differed from its expectations: empty if it passed.
    pub fn failures_at(&self, step: usize) -> impl Iterator<Item = &Failure> {
        self.failures.iter().filter(move |f| f.step() == step)
    }
}

/// What one step of a [`TestCase`] drives, resolved against a circuit: a batch of sources set
/// in one delta cycle and settled, then clock ticks, each settled.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stimulus {
    /// Switches and buttons with their values (a bus bit by bit), in the step's order.
    pub set: Vec<(NodeId, Trit)>,
    /// Clock ticks after the batch.
    pub ticks: u32,
}

/// What one step expects, resolved: per expectation, the nodes (a bus's bits) and the values
/// they should have.
type Expectations = Vec<(Vec<NodeId>, Vec<Trit>)>;

impl TestCase {
    /// Checks that every label the test uses exists and every `set` is allowed.
    ///
    /// # Errors
    /// The first [`TestError`] in step order.
    pub fn validate(&self, circuit: &Circuit) -> Result<(), TestError> {
        self.resolve(circuit).map(drop)
    }

    /// Runs the test on a fresh engine for `circuit`. Every step runs, so one report lists all
    /// mismatches.
    ///
    /// # Errors
    /// [`TestError`] if the test does not fit the circuit (see [`validate`](Self::validate)).
    pub fn run(&self, circuit: &Circuit) -> Result<TestOutcome, TestError> {
        self.execute(circuit, &mut ())
    }

    /// Runs the test like [`run`](Self::run) while `wave` records it: `wave` is
    /// [cleared](Waveform::clear) to the fresh engine's power-on values, the power-on settle is
    /// step 0, and each step's batch and each of its clock ticks is the next step, with every
    /// delta cycle (the engine has the unit-delay schedule). `wave`'s nodes must be nodes of
    /// `circuit`.
    ///
    /// # Errors
    /// As [`run`](Self::run).
    pub fn run_recorded(
        &self,
        circuit: &Circuit,
        wave: &mut Waveform,
    ) -> Result<TestOutcome, TestError> {
        self.execute(circuit, wave)
    }

    /// The runner behind [`run`](Self::run) and [`run_recorded`](Self::run_recorded).
    fn execute<R: Recorder>(
        &self,
        circuit: &Circuit,
        recorder: &mut R,
    ) -> Result<TestOutcome, TestError> {
        let steps = self.resolve(circuit)?;
        let mut engine = Engine::from_circuit(circuit);
        let mut failures = Vec::new();
        recorder.start(&engine);
        // A settle, the next step of the record unless it is the power-on settle.
        let mut settle = |engine: &mut Engine, next: bool| {
            if next {
                recorder.begin_step();
            }
            let report = engine.settle_with(recorder);
            report.oscillation.map(|o| o.nodes)
        };
        settle(&mut engine, false);
        for (index, (step, (stimulus, expect))) in self.steps.iter().zip(steps).enumerate() {
            engine
                .set(stimulus.set)
                .expect("validated: only switches and buttons, with values they accept");
            let mut oscillating = settle(&mut engine, true).unwrap_or_default();
            for _ in 0..stimulus.ticks {
                engine.tick();
                if let Some(nodes) = settle(&mut engine, true) {
                    oscillating.extend(nodes);
                }
            }
            if oscillating.is_empty() == step.oscillates {
                failures.push(Failure::Oscillation {
                    step: index,
                    expected: step.oscillates,
                    nodes: oscillating
                        .iter()
                        .map(|&id| circuit[id].label.clone())
                        .collect(),
                });
            }
            for ((label, literal), (ids, expected)) in step.expect.iter().zip(expect) {
                let actual: Vec<Trit> = ids.iter().map(|&id| engine.value(id)).collect();
                if actual != expected {
                    // A node's values as trits; a bus's in the radix the test wrote.
                    let bus = circuit.bus(label);
                    let radix = (actual.len() > 1 || bus.is_some()).then(|| {
                        literal
                            .radix()
                            .unwrap_or_else(|| bus.map_or_else(Default::default, |b| b.radix))
                    });
                    failures.push(Failure::Mismatch {
                        step: index,
                        label: label.clone(),
                        expected,
                        actual,
                        written: literal.to_string(),
                        radix,
                    });
                }
            }
        }
        Ok(TestOutcome {
            name: self.name.clone(),
            steps: self.steps.len(),
            failures,
        })
    }

    /// What each step drives, resolved against `circuit`: the batches and ticks the runner
    /// applies, for a caller that drives an engine of its own through the same steps (the app
    /// shows a step on its canvas this way).
    ///
    /// # Errors
    /// [`TestError`] if the test does not fit the circuit (see [`validate`](Self::validate)).
    pub fn stimuli(&self, circuit: &Circuit) -> Result<Vec<Stimulus>, TestError> {
        Ok(self.resolve(circuit)?.into_iter().map(|(s, _)| s).collect())
    }

    /// The step of a [recorded](Self::run_recorded) run at whose end step `step`'s
    /// expectations are checked: power-on is step 0, and each step takes one for its batch
    /// and one per clock tick (a `step` past the last counts every step).
    pub fn checked_at(&self, step: usize) -> u64 {
        self.steps
            .iter()
            .take(step.saturating_add(1))
            .map(|s| 1 + u64::from(s.ticks))
            .sum()
    }

    /// Resolves labels and values: per step, what it drives and what it expects.
    fn resolve(&self, circuit: &Circuit) -> Result<Vec<(Stimulus, Expectations)>, TestError> {
        let signal = |step: usize, label: &str, literal: &Literal| {
            let bits =
                crate::signal::signal(circuit, label).ok_or_else(|| TestError::UnknownLabel {
                    test: self.name.clone(),
                    step,
                    label: label.to_owned(),
                })?;
            let values = literal
                .resolve_in(bits.len(), crate::signal::radix(circuit, label))
                .map_err(|error| TestError::BadValue {
                    test: self.name.clone(),
                    step,
                    label: label.to_owned(),
                    error: Box::new(error),
                })?;
            Ok((bits, values))
        };
        self.steps
            .iter()
            .enumerate()
            .map(|(index, step)| {
                let mut set = Vec::new();
                for (label, literal) in &step.set {
                    let (bits, values) = signal(index, label, literal)?;
                    for (id, value) in bits.into_iter().zip(values) {
                        let kind = circuit[id].kind;
                        if !kind.accepts(value) {
                            return Err(TestError::NotSettable {
                                test: self.name.clone(),
                                step: index,
                                label: label.clone(),
                                kind,
                                value: literal.to_string(),
                            });
                        }
                        set.push((id, value));
                    }
                }
                let expect = step
                    .expect
                    .iter()
                    .map(|(label, literal)| signal(index, label, literal))
                    .collect::<Result<Vec<_>, _>>()?;
                let stimulus = Stimulus {
                    set,
                    ticks: step.ticks,
                };
                Ok((stimulus, expect))
            })
            .collect()
    }
}

/// What records a test run: nothing (`()`), or a [`Waveform`].
trait Recorder: Observer {
    /// Starts the record at the fresh engine's power-on values.
    fn start(&mut self, engine: &Engine);
    /// Starts the next step (a batch or a clock tick).
    fn begin_step(&mut self);
}

impl Recorder for () {
    fn start(&mut self, _: &Engine) {}
    fn begin_step(&mut self) {}
}

impl Recorder for Waveform {
    fn start(&mut self, engine: &Engine) {
        self.clear(engine);
    }
    fn begin_step(&mut self) {
        Waveform::begin_step(self);
    }
}

/// (De)serializes `Vec<(String, Literal)>` as a map, keeping order.
mod assignments {
    use std::fmt;

    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    use crate::literal::Literal;

    #[allow(clippy::ptr_arg)] // serde's `with` passes `&Vec<_>`
    pub fn serialize<S: Serializer>(v: &Vec<(String, Literal)>, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(v.len()))?;
        for (label, value) in v {
            map.serialize_entry(label, value)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(String, Literal)>, D::Error> {
        struct Assignments;
        impl<'de> Visitor<'de> for Assignments {
            type Value = Vec<(String, Literal)>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map from node label to value, like {\"R\": 1, \"S\": -1}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some(entry) = map.next_entry()? {
                    out.push(entry);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Assignments)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    /// A clock, a switch and a bus of two switches feeding lamps; its test ticks the clock.
    const CLOCKED: &str = r#"(
        version: 3,
        nodes: [
            (label: "CLK", kind: Clock(half_period: 1)),
            (label: "A", kind: Switch),
            (label: "B", kind: Switch, width: 2, radix: Signed),
            (label: "Y", kind: Lamp),
            (label: "Z", kind: Lamp, width: 2, radix: Signed),
            (label: "C", kind: Lamp),
        ],
        wires: [(from: "A", to: "Y"), (from: "B", to: "Z"), (from: "CLK", to: "C")],
        tests: [(name: "t", steps: [
            (set: {"A": 1}, ticks: 2, expect: {"Y": 1}),
            (set: {"A": -1, "B": 1}, expect: {"Y": 1, "Z": -1}),
            (ticks: 1, expect: {"C": 1}),
        ])],
    )"#;

    fn clocked() -> format::Document {
        format::from_str(CLOCKED).expect("a valid circuit")
    }

    #[test]
    fn a_failure_names_its_step_and_keeps_both_values() {
        let doc = clocked();
        let outcome = doc.tests[0].run(&doc.circuit).expect("fits");
        assert_eq!(outcome.steps, 3);
        assert!(outcome.failures_at(0).next().is_none(), "{outcome:?}");
        let at_1: Vec<&Failure> = outcome.failures_at(1).collect();
        assert_eq!(at_1.len(), 2, "{at_1:?}");
        let Failure::Mismatch {
            label,
            expected,
            actual,
            radix,
            ..
        } = at_1[1]
        else {
            panic!("a mismatch: {at_1:?}");
        };
        assert_eq!(label, "Z");
        assert_eq!(expected, &[Trit::True, Trit::True], "-1 in two bits");
        assert_eq!(actual, &[Trit::True, Trit::False], "+1");
        assert_eq!(*radix, Some(Radix::Signed));
        assert_eq!(
            at_1.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "steps[1]: expected Y=+1, got -1",
                "steps[1]: expected Z=-1, got 1"
            ]
        );
        assert_eq!(at_1[0].step(), 1);
        // After three ticks in all the clock is high.
        assert!(outcome.failures_at(2).next().is_none(), "{outcome:?}");
    }

    #[test]
    fn stimuli_are_the_steps_resolved() {
        let doc = clocked();
        let c = &doc.circuit;
        let id = |l: &str| c.find(l).expect("a node");
        let stimuli = doc.tests[0].stimuli(c).expect("fits");
        assert_eq!(
            stimuli,
            [
                Stimulus {
                    set: vec![(id("A"), Trit::True)],
                    ticks: 2
                },
                Stimulus {
                    set: vec![
                        (id("A"), Trit::False),
                        (id("B[0]"), Trit::True),
                        (id("B[1]"), Trit::False)
                    ],
                    ticks: 0
                },
                Stimulus {
                    set: Vec::new(),
                    ticks: 1
                },
            ]
        );
    }

    /// `checked_at` names the record step at whose end each step's expectations hold: the
    /// recorded values there are the expected ones, and the last step ends the record.
    #[test]
    fn checked_at_is_the_recorded_step_of_the_check() {
        let doc = clocked();
        let (c, test) = (&doc.circuit, &doc.tests[0]);
        let engine = Engine::from_circuit(c);
        let mut wave = Waveform::new(&engine, engine.netlist().ids().iter().copied(), 1 << 16)
            .expect("a record");
        test.run_recorded(c, &mut wave).expect("fits");
        assert_eq!(
            (0..4).map(|s| test.checked_at(s)).collect::<Vec<_>>(),
            [3, 4, 6, 6]
        );
        assert_eq!(wave.step(), test.checked_at(2));
        let y = wave.lane(c.find("Y").expect("Y")).expect("recorded");
        let clk = wave.lane(c.find("C").expect("C")).expect("recorded");
        let after = |step: u64| {
            wave.points()
                .iter()
                .position(|p| p.step > step)
                .unwrap_or(wave.points().len())
        };
        assert_eq!(wave.value_before(y, after(test.checked_at(0))), Trit::True);
        assert_eq!(wave.value_before(y, after(test.checked_at(1))), Trit::False);
        assert_eq!(
            wave.value_before(clk, after(test.checked_at(2))),
            Trit::True
        );
        assert_ne!(
            wave.value_before(clk, after(test.checked_at(1))),
            Trit::True,
            "the clock's edge is in the last step's tick"
        );
    }
}
