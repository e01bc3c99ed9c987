//! The Tests window (issue 39): View → Run tests runs the open circuit's embedded tests as
//! `tritium test` does, unsaved edits included, and lists each step pass or fail with what a
//! failure expected and got; a click on a step runs the simulation to it (held in Step mode)
//! and puts the waveform cursor at its end.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::circuit::CircuitPage;
use gui::pages::circuit::state::Mode;
use sim_core::wave::Point;

use crate::common::{App, app_with, click_node, node_value, status};

/// View → Run tests, the way a user does.
fn run_tests(h: &mut App) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Run tests").click();
    h.run();
}

/// The step rows of the Tests window (`steps[0]  pass  A=-1, B=-1`), top to bottom.
fn step_rows(h: &App) -> Vec<String> {
    h.query_all_by_label_contains("steps[")
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.starts_with("steps["))
        .collect()
}

/// The half adder's seven steps, each `pass` or `FAIL` as `verdicts` says.
fn half_adder_rows(verdicts: [&str; 7]) -> Vec<String> {
    let inputs = [
        "A=-1, B=-1",
        "A=-1, B=+1",
        "A=+1, B=-1",
        "A=+1, B=+1",
        "B=-1",
        "B=+1",
        "A=+1",
    ];
    // Two tests of four and three steps, each numbered from 0.
    let numbers = [0, 1, 2, 3, 0, 1, 2];
    (0..7)
        .map(|i| format!("steps[{}]  {}  {}", numbers[i], verdicts[i], inputs[i]))
        .collect()
}

#[test]
fn a_passing_example_lists_every_step_passed_with_the_count() {
    let mut h = app_with("half_adder.ron");
    h.run();
    run_tests(&mut h);
    assert_eq!(status(&h, "Tests: "), "Tests: 2 tests, 7 steps: all passed");
    assert!(h.query_by_label("ok   truth table").is_some());
    assert!(h.query_by_label("ok   one unknown input").is_some());
    assert_eq!(step_rows(&h), half_adder_rows(["pass"; 7]));
    assert!(h.query_by_label_contains("expected").is_none());
}

/// The half adder with its carry gate deleted: both tests fail; steps[3] of the truth table
/// (A = B = +1) expected a carry and got the unknown of an undriven lamp. A click on it runs
/// the circuit to that step: the canvas shows its inputs and outputs, the simulation holds in
/// Step mode, the document is not edited, and the waveform cursor is at the step's end.
#[test]
fn a_failing_step_is_listed_and_shown_on_the_canvas_and_the_waveform() {
    let mut h = app_with("half_adder.ron");
    h.run();
    run_tests(&mut h);
    click_node(&h, "AND1");
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(h.state().state.circuit().find("AND1").is_none(), "deleted");
    assert!(
        h.query_by_label("The circuit changed since this run: Run tests again.")
            .is_some()
    );
    h.get_by_label("Run tests").click();
    h.run();
    assert_eq!(
        status(&h, "Tests: "),
        "Tests: 2 of 2 tests failed (6 of 7 steps)"
    );
    assert!(h.query_by_label("FAIL truth table").is_some());
    let verdicts = ["FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "pass", "FAIL"];
    assert_eq!(step_rows(&h), half_adder_rows(verdicts));
    let failures: Vec<String> = h
        .query_all_by_label_contains("C: expected")
        .filter_map(|n| n.value())
        .map(|l| l.trim().to_owned())
        .collect();
    assert_eq!(
        failures,
        [
            "C: expected -1, got 0",
            "C: expected -1, got 0",
            "C: expected -1, got 0",
            "C: expected +1, got 0",
            "C: expected -1, got 0",
            "C: expected +1, got 0",
        ]
    );

    let revision = h.state().state.doc.revision();
    h.get_by_label("steps[3]  FAIL  A=+1, B=+1").click();
    h.run();
    for (label, value) in [("A", "+1"), ("B", "+1"), ("S", "-1"), ("C", "0")] {
        assert_eq!(node_value(&h, label), value, "{label} at steps[3]");
    }
    let state = &h.state().state;
    assert_eq!(state.sim.mode, Mode::Step, "held at the step");
    assert_eq!(
        state.doc.revision(),
        revision,
        "a simulation state, not an edit"
    );
    assert_eq!(state.tests.shown, Some((0, 3)));
    // Power-on is step 0 and each of the four batches a step: steps[3] ends at step 4.
    assert_eq!(
        state.waves.cursor,
        Some(Point {
            step: 4,
            delta: u32::MAX
        })
    );
    assert!(state.waves.shown, "the waveform panel opened");
    assert!(
        state.waves.find("C").is_some(),
        "the failing signal is a lane"
    );
    assert_eq!(state.selection.len(), 1, "the failing lamp selected");
    assert!(h.query_by_label("Cursor: step 4").is_some());
    let page = h.state().page::<CircuitPage>().expect("circuit page");
    assert!(page.waves.follow, "the waveform keeps the step in view");

    // Another step of the other test: its own inputs from power-on (A never set).
    h.get_by_label("steps[1]  pass  B=+1").click();
    h.run();
    for (label, value) in [("A", "0"), ("B", "+1"), ("S", "0"), ("C", "0")] {
        assert_eq!(node_value(&h, label), value, "{label} at steps[1]");
    }
    assert!(h.query_by_label("Cursor: step 2").is_some());
}

/// A test whose step ticks the clock: the CPU counting program, run to its third step (reset
/// for 2 ticks, 10 ticks running, 2 more: the first OUT) shows 1 on the port, and the cursor
/// is after the 3 batches and 14 ticks.
#[test]
fn a_step_with_clock_ticks_ends_at_its_last_tick() {
    let mut h = app_with("cpu/count.ron");
    h.state_mut().state.sim.clock_hz = 0.0;
    h.run();
    h.state_mut().state.show_test_step(0, 2);
    h.run();
    let state = &h.state().state;
    assert_eq!(state.bus_text("PORT").as_deref(), Some("1"));
    assert_eq!(
        state.waves.cursor,
        Some(Point {
            step: 17,
            delta: u32::MAX
        })
    );
    assert_eq!(state.sim.wave().step(), 17, "the run stops at the step");
    assert!(h.query_by_label("Cursor: step 17").is_some());
}
