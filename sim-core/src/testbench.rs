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

use serde::{Deserialize, Serialize};

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::engine::Engine;
use crate::event::Observer;
use crate::kind::NodeKind;
pub use crate::literal::Literal;
use crate::literal::LiteralError;
use crate::number;
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
    #[error("steps[{step}]: expected {label}={expected}, got {actual}")]
    Mismatch {
        /// Step index.
        step: usize,
        /// The node or bus.
        label: String,
        /// From the file, as written.
        expected: String,
        /// From the simulation (a bus in the radix the expectation is written in).
        actual: String,
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

/// The result of one [`TestCase`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestOutcome {
    /// The test's name.
    pub name: String,
    /// Empty when the test passed.
    pub failures: Vec<Failure>,
}

impl TestOutcome {
    /// Whether every step met its expectations.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

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
        for (index, (step, (set, expect))) in self.steps.iter().zip(steps).enumerate() {
            engine
                .set(set)
                .expect("validated: only switches and buttons, with values they accept");
            let mut oscillating = settle(&mut engine, true).unwrap_or_default();
            for _ in 0..step.ticks {
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
                    let (expected, actual) = match (actual.as_slice(), circuit.bus(label)) {
                        ([one], None) => (expected[0].to_string(), one.to_string()),
                        (bits, bus) => (
                            literal.to_string(),
                            number::format(
                                bits,
                                literal.radix().unwrap_or_else(|| {
                                    bus.map_or_else(Default::default, |b| b.radix)
                                }),
                            ),
                        ),
                    };
                    failures.push(Failure::Mismatch {
                        step: index,
                        label: label.clone(),
                        expected,
                        actual,
                    });
                }
            }
        }
        Ok(TestOutcome {
            name: self.name.clone(),
            failures,
        })
    }

    /// Resolves labels and values: per step, the `set` batch and, per expectation, the
    /// nodes (a bus's bits) and the values they should have.
    #[allow(clippy::type_complexity)]
    fn resolve(
        &self,
        circuit: &Circuit,
    ) -> Result<Vec<(Vec<(NodeId, Trit)>, Vec<(Vec<NodeId>, Vec<Trit>)>)>, TestError> {
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
                Ok((set, expect))
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
