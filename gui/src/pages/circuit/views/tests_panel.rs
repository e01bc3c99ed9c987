//! The Tests window (View → Run tests): the open circuit's embedded tests run as `tritium test`
//! runs them, unsaved edits included. A Run tests button and the run's summary (`1 of 2 tests
//! failed (2 of 7 steps)`, or that the circuit changed since); then each test, opened, with
//! each step on a row — `steps[3]  FAIL  A=+1, B=+1` — and under a failing step what it
//! expected and got, in the app's −1/0/+1 and bus notation. A click on a step shows it: the
//! simulation is run from power-on to that step and held in Step mode, and the waveform panel
//! opens with its cursor at the step's end.

use sim_core::testbench::TestOutcome;

use crate::pages::circuit::state::CircuitPageState;

/// The Tests window: whether it is open (kept while the app runs, across documents).
#[derive(Debug, Default)]
pub struct TestsPanel {
    /// Whether the window is shown.
    pub open: bool,
}

impl TestsPanel {
    /// Opens the window and runs the tests (View → Run tests).
    pub fn run(&mut self, state: &mut CircuitPageState) {
        self.open = true;
        state.run_tests();
    }

    /// Shows the window while it is open; returns whether a step was shown on the canvas this
    /// frame (the page brings the waveform to it).
    pub fn show(&mut self, ctx: &egui::Context, state: &mut CircuitPageState) -> bool {
        if !self.open {
            return false;
        }
        let mut shown = false;
        let area = ctx.content_rect();
        egui::Window::new("Tests")
            .open(&mut self.open)
            .default_size([380.0, 460.0])
            // Over the side panel's trace, leaving the canvas in sight.
            .default_pos(egui::pos2(
                area.right() - 390.0,
                area.top() + 0.12 * area.height(),
            ))
            .show(ctx, |ui| shown = contents(ui, state));
        shown
    }
}

/// The window's contents; returns whether a step was clicked (and shown).
fn contents(ui: &mut egui::Ui, state: &mut CircuitPageState) -> bool {
    ui.horizontal(|ui| {
        if ui
            .button("Run tests")
            .on_hover_text(
                "Run the circuit's embedded tests (its file's `tests`, what `tritium test` runs) \
                 on the circuit as edited",
            )
            .clicked()
        {
            state.run_tests();
        }
        if state.tests.revision.is_some() {
            ui.label(format!("Tests: {}", state.tests.summary()));
        }
    });
    if state.doc.document.tests.is_empty() {
        ui.label(
            "This circuit has no embedded tests: steps of inputs and expected outputs, \
             written in its file's `tests` list.",
        );
        return false;
    }
    if state.tests.revision.is_none() {
        ui.weak("Not run yet.");
        return false;
    }
    if state.tests_stale() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            "The circuit changed since this run: Run tests again.",
        );
    }
    ui.weak("Click a step to run the circuit to it and see it on the canvas and the waveform.");
    ui.separator();
    let mut clicked = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (t, result) in state.tests.results.iter().enumerate() {
            let verdict = match &result.outcome {
                Ok(outcome) if outcome.passed() => "ok  ",
                _ => "FAIL",
            };
            egui::CollapsingHeader::new(format!("{verdict} {}", result.name))
                .id_salt(("test", t))
                .default_open(true)
                .show(ui, |ui| match &result.outcome {
                    Ok(outcome) => {
                        if let Some(step) = steps(ui, state, t, outcome) {
                            clicked = Some((t, step));
                        }
                    }
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                    }
                });
        }
    });
    if let Some((test, step)) = clicked {
        state.show_test_step(test, step);
    }
    clicked.is_some()
}

/// Test `test`'s steps, a row each with its failures below; returns the step clicked.
fn steps(
    ui: &mut egui::Ui,
    state: &CircuitPageState,
    test: usize,
    outcome: &TestOutcome,
) -> Option<usize> {
    let mut clicked = None;
    for step in 0..outcome.steps {
        let failures: Vec<String> = outcome
            .failures_at(step)
            .map(|f| state.failure_text(f))
            .collect();
        let verdict = if failures.is_empty() { "pass" } else { "FAIL" };
        let row_text = format!(
            "steps[{step}]  {verdict}  {}",
            state.test_step_text(test, step)
        );
        let selected = state.tests.shown == Some((test, step));
        let mut row = egui::RichText::new(row_text).monospace();
        // Red for a failure, but not on the selection's background, where it would not read.
        if !failures.is_empty() && !selected {
            row = row.color(ui.visuals().error_fg_color);
        }
        if ui
            .selectable_label(selected, row)
            .on_hover_text("Run the circuit to this step: canvas and waveform")
            .clicked()
        {
            clicked = Some(step);
        }
        for failure in failures {
            ui.label(format!("        {failure}"));
        }
    }
    clicked
}
