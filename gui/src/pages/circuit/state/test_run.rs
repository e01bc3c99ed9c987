//! The Tests panel's state: the open document's embedded tests (its RON file's `tests`, what
//! `tritium test` runs) run by sim-core's one runner, [`TestCase::run`], on the circuit as
//! edited (unsaved edits included); each test's outcome step by step; and the step the canvas
//! shows. Showing a step drives the session itself through the test from power-on up to that
//! step ([`TestCase::stimuli`]: the batches and ticks the runner applies) and leaves it in
//! Step mode, so the canvas holds the step's values until the user goes on — a simulation
//! state, not an edit — with the waveform cursor at the step's end
//! ([`TestCase::checked_at`]: the session records power-on and each batch and tick as the
//! runner's record does).

use sim_core::number::format_readable;
use sim_core::testbench::{Failure, Step, TestError, TestOutcome};
use sim_core::wave::Point;
use sim_core::{Circuit, Trit};

use super::{CircuitPageState, Mode};

/// The last run of the open document's tests and the step shown: the Tests window's state.
#[derive(Clone, Debug, Default)]
pub struct TestRun {
    /// Each test's result, in file order; empty before the first run (or without tests).
    pub results: Vec<TestResult>,
    /// The document revision the results are of; `None` before the first run.
    pub revision: Option<u64>,
    /// The step the canvas shows: the test's and the step's indices.
    pub shown: Option<(usize, usize)>,
}

/// One test's result.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test's name.
    pub name: String,
    /// Its outcome, or why it does not fit the circuit (an edit removed a label it names).
    pub outcome: Result<TestOutcome, TestError>,
}

impl TestRun {
    /// Tests and steps run, and how many of each failed (a test that does not fit the circuit
    /// counts as failed, with no step).
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for result in &self.results {
            counts.tests += 1;
            match &result.outcome {
                Ok(outcome) => {
                    counts.steps += outcome.steps;
                    let failed = (0..outcome.steps)
                        .filter(|&s| outcome.failures_at(s).next().is_some())
                        .count();
                    counts.failed_steps += failed;
                    counts.failed_tests += usize::from(failed > 0);
                }
                Err(_) => counts.failed_tests += 1,
            }
        }
        counts
    }

    /// The run in one line: `2 tests, 7 steps: all passed`, `1 of 2 tests failed (2 of 7
    /// steps)`, or `no tests`.
    pub fn summary(&self) -> String {
        let c = self.counts();
        let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
        if c.tests == 0 {
            "no tests".to_owned()
        } else if c.failed_tests == 0 {
            format!(
                "{}, {}: all passed",
                plural(c.tests, "test"),
                plural(c.steps, "step")
            )
        } else {
            format!(
                "{} of {} failed ({} of {})",
                c.failed_tests,
                plural(c.tests, "test"),
                c.failed_steps,
                plural(c.steps, "step")
            )
        }
    }
}

/// What a run counted (see [`TestRun::counts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Tests run.
    pub tests: usize,
    /// Tests with a failing step, or that do not fit the circuit.
    pub failed_tests: usize,
    /// Steps run.
    pub steps: usize,
    /// Steps that failed.
    pub failed_steps: usize,
}

/// Values as the app writes them: a node's trit as `-1`/`0`/`+1`, a bus's number in `radix`
/// (a balanced-ternary one with its decimal value).
fn value_text(values: &[Trit], radix: Option<sim_core::number::Radix>) -> String {
    match (radix, values) {
        (None, [one]) => one.to_string(),
        (radix, values) => format_readable(values, radix.unwrap_or_default()),
    }
}

impl CircuitPageState {
    /// Runs every embedded test of the open document on its circuit as edited, keeps the
    /// results (forgetting the step shown) and says how it went in the status bar.
    pub fn run_tests(&mut self) {
        let circuit = self.circuit();
        let results = self
            .doc
            .document
            .tests
            .iter()
            .map(|test| TestResult {
                name: test.name.clone(),
                outcome: test.run(circuit),
            })
            .collect();
        self.tests = TestRun {
            results,
            revision: Some(self.doc.revision()),
            shown: None,
        };
        let summary = self.tests.summary();
        if self.tests.counts().failed_tests > 0 {
            self.error(format!("tests: {summary}"));
        } else {
            self.info(format!("tests: {summary}"));
        }
    }

    /// Whether the circuit changed since the last run (its results may not hold any more).
    pub fn tests_stale(&self) -> bool {
        self.tests
            .revision
            .is_some_and(|r| r != self.doc.revision())
    }

    /// A failure as the Tests panel writes it, in the app's notation: `C: expected +1, got 0`,
    /// a bus in the radix the app shows it in (`S: expected 0x0E, got 0x0A`).
    pub fn failure_text(&self, failure: &Failure) -> String {
        match failure {
            Failure::Mismatch {
                label,
                expected,
                actual,
                radix,
                ..
            } => {
                let radix = radix.map(|_| self.bus_radix(label));
                format!(
                    "{label}: expected {}, got {}",
                    value_text(expected, radix),
                    value_text(actual, radix)
                )
            }
            oscillation @ Failure::Oscillation { .. } => oscillation.to_string(),
        }
    }

    /// Step `step` of test `test` as the Tests panel lists it: what it sets, in the app's
    /// notation (`A=+1, B=-1`, a bus as written), and its clock ticks.
    pub fn test_step_text(&self, test: usize, step: usize) -> String {
        self.doc
            .document
            .tests
            .get(test)
            .and_then(|t| t.steps.get(step))
            .map_or_else(String::new, |s| step_text(self.circuit(), s))
    }

    /// Shows step `step` of test `test`: drives the simulation from power-on through the
    /// test's steps up to this one, as the runner does, and stops there in Step mode (the
    /// clocks hold; the canvas shows the step's values); opens the waveform panel with the
    /// failing signals added and the cursor at the end of the step, and selects the first
    /// node that failed. A test that no longer fits the circuit is refused with its error.
    pub fn show_test_step(&mut self, test: usize, step: usize) {
        let Some(case) = self.doc.document.tests.get(test) else {
            return;
        };
        let stimuli = match case.stimuli(self.circuit()) {
            Ok(stimuli) => stimuli,
            Err(e) => {
                self.error(e.to_string());
                return;
            }
        };
        let (name, at) = (case.name.clone(), case.checked_at(step));
        let circuit = &self.doc.document.circuit;
        let sim = &mut self.sim;
        sim.set_replay(None);
        sim.set_mode(Mode::Step);
        sim.reset();
        sim.settle();
        for stimulus in stimuli.iter().take(step + 1) {
            if let Err(e) = sim.set_many(circuit, &stimulus.set) {
                self.error(e.to_string());
                return;
            }
            sim.settle();
            for _ in 0..stimulus.ticks {
                sim.tick();
                sim.settle();
            }
        }
        self.tests.shown = Some((test, step));
        self.show_failing_signals(test, step);
        self.set_wave_cursor(Some(Point {
            step: at,
            delta: u32::MAX,
        }));
        self.info(format!(
            "test `{name}`, steps[{step}]: run from power-on, held in Step mode; the waveform \
             cursor marks step {at}"
        ));
    }

    /// Adds the signals step `step` of test `test` failed on to the waveform panel (which
    /// opens), and selects the first that is a node.
    fn show_failing_signals(&mut self, test: usize, step: usize) {
        self.waves.shown = true;
        let labels: Vec<String> = self
            .tests
            .results
            .get(test)
            .and_then(|r| r.outcome.as_ref().ok())
            .into_iter()
            .flat_map(|o| o.failures_at(step))
            .filter_map(|f| match f {
                Failure::Mismatch { label, .. } => Some(label.clone()),
                Failure::Oscillation { .. } => None,
            })
            .collect();
        for label in &labels {
            self.add_wave_signal(label);
        }
        let node = labels
            .iter()
            .find(|l| self.circuit().bus(l).is_none())
            .and_then(|l| self.circuit().find(l));
        if let Some(id) = node {
            self.show_node(id);
        }
    }
}

/// What step `step` sets and how many ticks it runs: `A=+1, B=-1; 2 ticks`, or `no inputs`.
fn step_text(circuit: &Circuit, step: &Step) -> String {
    let mut parts: Vec<String> = step
        .set
        .iter()
        .map(|(label, literal)| match literal.resolve(1).as_deref() {
            Ok([trit]) if circuit.bus(label).is_none() => format!("{label}={trit}"),
            _ => format!("{label}={literal}"),
        })
        .collect();
    match step.ticks {
        0 => {}
        1 => parts.push("1 tick".to_owned()),
        n => parts.push(format!("{n} ticks")),
    }
    if parts.is_empty() {
        "no inputs".to_owned()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::testbench::Failure;

    fn outcome(steps: usize, failing: &[usize]) -> TestOutcome {
        TestOutcome {
            name: "t".into(),
            steps,
            failures: failing
                .iter()
                .map(|&step| Failure::Oscillation {
                    step,
                    expected: true,
                    nodes: Vec::new(),
                })
                .collect(),
        }
    }

    fn run(outcomes: Vec<Result<TestOutcome, TestError>>) -> TestRun {
        TestRun {
            results: outcomes
                .into_iter()
                .map(|outcome| TestResult {
                    name: "t".into(),
                    outcome,
                })
                .collect(),
            ..TestRun::default()
        }
    }

    #[test]
    fn the_summary_counts_tests_and_steps() {
        assert_eq!(run(Vec::new()).summary(), "no tests");
        assert_eq!(
            run(vec![Ok(outcome(4, &[])), Ok(outcome(3, &[]))]).summary(),
            "2 tests, 7 steps: all passed"
        );
        assert_eq!(
            run(vec![Ok(outcome(1, &[]))]).summary(),
            "1 test, 1 step: all passed"
        );
        // Two failures of one step count as one failed step.
        let failing = run(vec![Ok(outcome(4, &[1, 1, 3])), Ok(outcome(3, &[]))]);
        assert_eq!(failing.summary(), "1 of 2 tests failed (2 of 7 steps)");
        let unfit = run(vec![Err(TestError::UnknownLabel {
            test: "t".into(),
            step: 0,
            label: "Q".into(),
        })]);
        assert_eq!(
            unfit.counts(),
            Counts {
                tests: 1,
                failed_tests: 1,
                steps: 0,
                failed_steps: 0
            }
        );
    }

    #[test]
    fn values_read_as_the_app_writes_them() {
        use sim_core::number::Radix;
        assert_eq!(value_text(&[Trit::True], None), "+1");
        assert_eq!(value_text(&[Trit::Unknown], None), "0");
        let minus_two = [Trit::True, Trit::False, Trit::Unknown];
        assert_eq!(value_text(&minus_two, Some(Radix::Bin)), "0bx01");
        assert_eq!(value_text(&minus_two, Some(Radix::Ternary)), "0t0T1 (-2)");
    }
}
