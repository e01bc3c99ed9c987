//! The waveform panel, used like a person would: open it from the View menu, add a signal,
//! click the plot to move the cursor and read the values beside the names, open a step into
//! its delta cycles (the RS latch's reset, delta by delta, as in the seed), replay a moment
//! on the canvas, and export the record as VCD; the traces in view after a power-on reset;
//! past the record's limit, the start and the latest window kept and the gap between them
//! shown; the CPU's whole Fibonacci run kept.

use egui::{Pos2, pos2};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::CircuitPage;
use gui::pages::circuit::state::{CircuitPageState, SimSession};
use gui::pages::circuit::timeline::{StepPoints, segments};
use sim_core::Trit;
use sim_core::wave::Point;

use crate::common::{
    App, TempDir, app, app_with, click_node, clock_not_lamp, latch_with_a_queued_reset, node_value,
};

/// Shows the waveform panel through View → Waveform panel.
pub fn open_panel(h: &mut App) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Waveform panel").click();
    h.run();
    // Close the menu.
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().state.waves.shown);
}

/// The screen point inside the plot at moment `at` (a step, or a delta of an opened step): 3
/// pixels into its column, or its middle if it is narrower than 6.
fn plot_point(h: &mut App, at: Point) -> Pos2 {
    let page = h
        .state_mut()
        .page_mut::<CircuitPage>()
        .expect("the circuit page");
    let rect = page.waves.plot_rect.expect("the panel drew its plot");
    let axis = &page.waves.axis;
    let column = Point {
        step: at.step,
        delta: if at.delta == u32::MAX { 0 } else { at.delta },
    };
    let inside = (axis.sub_width(at.step) as f32 / 2.0).min(3.0);
    let x = rect.left() + axis.screen(axis.position(column)) + inside;
    pos2(x, rect.top() + 10.0)
}

/// Clicks the plot at moment `at`.
fn click_plot(h: &mut App, at: Point) {
    let pos = plot_point(h, at);
    crate::common::click_at(h, pos);
    // Not `run`: in Step mode the canvas animates the last event's pulse.
    h.run_steps(3);
}

/// The names column's labels for lane `name` (`"Q = -1"`).
fn lane_labels(h: &App, name: &str) -> Vec<String> {
    let prefix = format!("{name} = ");
    h.query_all_by_label_contains(&prefix)
        .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .filter_map(|n| n.value())
        .filter(|l| l.starts_with(&prefix))
        .collect()
}

fn lanes_named(h: &App, name: &str) -> usize {
    lane_labels(h, name).len()
}

/// The text of the names column's label for lane `name` (`"Q = -1"`).
fn lane(h: &App, name: &str) -> String {
    let found = lane_labels(h, name);
    assert_eq!(found.len(), 1, "lanes named {name}: {found:?}");
    found.into_iter().next().expect("one")
}

fn step(s: u64) -> Point {
    Point {
        step: s,
        delta: u32::MAX,
    }
}

#[test]
fn add_a_signal_move_the_cursor_and_read_the_values() {
    let mut h = app_with("rs_nor_latch.ron");
    open_panel(&mut h);
    // The switches and lamps are there from the start; NOR1 is added from the list.
    for name in ["R", "S", "Q", "Qn"] {
        assert_eq!(lane(&h, name), format!("{name} = 0"));
    }
    assert_eq!(lanes_named(&h, "NOR1"), 0);
    h.get_by_label("Add signal").click();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "NOR1")
        .click();
    h.run();
    assert_eq!(lane(&h, "NOR1"), "NOR1 = 0");

    // Step 1: R = -1; step 2: S = -1 (still unknown); step 3: R = +1 resets.
    for label in ["R", "S", "R"] {
        click_node(&h, label);
        h.run();
    }
    assert_eq!(h.state().state.sim.wave().step(), 3);
    assert_eq!(lane(&h, "Q"), "Q = -1", "no cursor: the values now");

    click_plot(&mut h, step(2));
    assert!(h.query_by_label("Cursor: step 2").is_some());
    assert_eq!(lane(&h, "R"), "R = -1");
    assert_eq!(
        lane(&h, "Q"),
        "Q = 0",
        "before the reset, the latch is unknown"
    );
    click_plot(&mut h, step(3));
    assert_eq!(lane(&h, "Q"), "Q = -1");
    assert_eq!(lane(&h, "Qn"), "Qn = +1");
    assert_eq!(lane(&h, "NOR1"), "NOR1 = -1");
    // ← moves the cursor one step back.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(h.query_by_label("Cursor: step 2").is_some());
    assert_eq!(lane(&h, "Qn"), "Qn = 0");

    // × removes a lane.
    let lanes = h.state().state.waves.len();
    h.get_all_by_label("×")
        .next()
        .expect("a remove button")
        .click();
    h.run();
    assert_eq!(h.state().state.waves.len(), lanes - 1);
    assert_eq!(lanes_named(&h, "R"), 0);
}

#[test]
fn step_mode_opens_the_step_into_its_delta_cycles() {
    let mut h = latch_with_a_queued_reset();
    open_panel(&mut h);
    for _ in 0..6 {
        h.get_by_label("Step").click();
        h.step();
        h.step();
    }
    let state = &h.state().state;
    let now = state.sim.wave().step();
    assert_eq!(
        state.sim.wave().deltas_in(now),
        3,
        "R δ0, NOR1 δ1, Q δ2, Qn δ3"
    );
    // The current step is open: a click lands on a delta cycle.
    let at = |delta| Point { step: now, delta };
    click_plot(&mut h, at(1));
    assert!(
        h.query_by_label(&format!("Cursor: step {now} δ1"))
            .is_some()
    );
    assert_eq!(lane(&h, "R"), "R = +1");
    assert_eq!(lane(&h, "Q"), "Q = +1", "NOR1 has fallen, Q not yet");
    click_plot(&mut h, at(2));
    assert_eq!(lane(&h, "Q"), "Q = -1");
    assert_eq!(lane(&h, "Qn"), "Qn = -1", "Qn follows one delta later");
    click_plot(&mut h, at(3));
    assert_eq!(lane(&h, "Qn"), "Qn = +1");

    // Back in Run mode the step collapses; Delta cycles opens it again.
    h.get_by_label("Run").click();
    h.run();
    click_plot(&mut h, step(now));
    assert!(h.query_by_label(&format!("Cursor: step {now}")).is_some());
    h.get_by_label("Delta cycles").click();
    h.run();
    let page = h.state().page::<CircuitPage>().expect("circuit page");
    assert!(page.waves.axis.is_open(now));
    click_plot(&mut h, at(2));
    assert!(
        h.query_by_label(&format!("Cursor: step {now} δ2"))
            .is_some()
    );
}

#[test]
fn the_canvas_replays_the_cursor_read_only() {
    let mut h = app_with("rs_nor_latch.ron");
    open_panel(&mut h);
    for label in ["R", "S", "R"] {
        click_node(&h, label);
        h.run();
    }
    click_plot(&mut h, step(2));
    h.get_by_label("Show on canvas").click();
    h.run();
    assert_eq!(node_value(&h, "Q"), "0", "the latch as it was at step 2");
    assert_eq!(node_value(&h, "R"), "-1");
    assert!(h.query_by_label_contains("Showing step 2").is_some());
    // Read-only: a click on R changes nothing.
    click_node(&h, "R");
    h.run();
    assert_eq!(h.state().state.sim.wave().step(), 3);
    assert!(
        h.state()
            .state
            .notice
            .as_ref()
            .is_some_and(|n| n.is_error && n.text.contains("read-only"))
    );
    // The replay follows the cursor, and Back to now ends it.
    click_plot(&mut h, step(3));
    assert_eq!(node_value(&h, "Q"), "-1");
    click_plot(&mut h, step(0));
    assert_eq!(node_value(&h, "R"), "0");
    h.get_by_label("Back to now").click();
    h.run();
    assert_eq!(node_value(&h, "R"), "+1");
    assert_eq!(node_value(&h, "Q"), "-1");
}

#[test]
fn export_writes_the_lanes_as_vcd_and_a_bad_path_leaves_nothing() {
    let mut h = app_with("rs_nor_latch.ron");
    for label in ["R", "S", "R"] {
        click_node(&h, label);
        h.run();
    }
    let dir = TempDir::new("vcd");
    let path = dir.join("latch.vcd");
    assert!(h.state_mut().state.export_waveform(&path));
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.contains("$scope module rs_nor_latch $end"), "{text}");
    for var in ["R", "S", "Q", "Qn"] {
        assert!(text.contains(&format!(" {var} $end")), "{var} in {text}");
    }
    assert!(text.contains("$timescale"), "{text}");
    assert_eq!(dir.file_names(), ["latch.vcd"]);

    let missing = dir.join("no/such/dir/latch.vcd");
    assert!(!h.state_mut().state.export_waveform(&missing));
    let notice = h.state().state.notice.clone().expect("an error");
    assert!(
        notice.is_error && notice.text.contains("no/such/dir"),
        "{notice:?}"
    );
    assert_eq!(dir.file_names(), ["latch.vcd"], "no temporary file left");
}

#[test]
fn a_net_is_added_from_the_inspector() {
    let mut h = app_with("rs_nor_latch.ron");
    click_node(&h, "NOR2");
    h.run();
    h.get_by_label("Add to waveform").click();
    h.run();
    assert!(h.state().state.waves.shown, "adding shows the panel");
    assert_eq!(lane(&h, "NOR2"), "NOR2 = 0");
}

#[test]
fn a_bus_lane_shows_its_number_and_lanes_move() {
    let mut h = app_with("adder8_bus.ron");
    {
        let state = &mut h.state_mut().state;
        state.set_bus_number("A", "107").expect("A");
        state.set_bus_number("B", "54").expect("B");
        let cin = state.circuit().find("CIN").expect("CIN");
        state.set_value(cin, Trit::True);
    }
    open_panel(&mut h);
    // The buses are lanes of their own, read in their radix (unsigned here).
    assert_eq!(lane(&h, "S"), "S = 162");
    assert_eq!(lane(&h, "A"), "A = 107");
    click_plot(&mut h, step(1));
    assert_eq!(lane(&h, "A"), "A = 107");
    assert_eq!(
        lane(&h, "S"),
        "S = 0bxxxxxxxx",
        "B was still unknown at step 1"
    );
    // Reordering keeps the lanes' handles.
    let state = &mut h.state_mut().state;
    let names = |state: &CircuitPageState| -> Vec<String> {
        state.waves.iter().map(|(_, l)| l.name.clone()).collect()
    };
    let before = names(state);
    let last = state.waves.find(&before[before.len() - 1]).expect("a lane");
    state.waves.shift(last, -1);
    let after = names(state);
    assert_eq!(after[after.len() - 2], before[before.len() - 1]);
    assert_eq!(
        state.waves.get(last).map(|l| l.name.clone()),
        before.last().cloned()
    );
}

#[test]
fn the_wheel_zooms_and_a_drag_scrolls_the_time_axis() {
    let mut h = app_with("rs_nor_latch.ron");
    open_panel(&mut h);
    for label in ["R", "S", "R", "S", "R"] {
        click_node(&h, label);
        h.run();
    }
    let axis = |h: &App| {
        h.state()
            .page::<CircuitPage>()
            .expect("circuit page")
            .waves
            .axis
            .clone()
    };
    let pps = |h: &App| axis(h).pixels_per_step;
    let before = pps(&h);
    let at = plot_point(&mut h, step(2));
    h.hover_at(at);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, 120.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    h.run();
    assert!(pps(&h) > before, "zoomed in: {} → {}", before, pps(&h));
    let scroll = |h: &App| axis(h).scroll;
    let from = scroll(&h);
    crate::common::drag(&mut h, at, at + egui::vec2(-60.0, 0.0));
    h.run();
    assert!(
        scroll(&h) > from,
        "dragged left: later steps come into view"
    );
}

/// A clock driving a lamp through an inverter (`CLK`, `NOT`, `Y`), the clock stopped, in the
/// app with the waveform panel showing `CLK` and `Y` (adding a signal opens it).
fn clock_and_lamp() -> App {
    let mut state = CircuitPageState::default();
    let (clock, not, lamp) = clock_not_lamp(&mut state);
    for (id, name) in [(clock, "CLK"), (not, "NOT"), (lamp, "Y")] {
        assert!(state.rename(id, name));
    }
    for name in ["CLK", "Y"] {
        assert!(state.add_wave_signal(name).is_some());
    }
    state.sim.clock_hz = 0.0;
    let mut h = app(state);
    h.run();
    assert!(h.state().state.waves.shown);
    h
}

/// Runs the clock as fast as it goes for `frames` frames, then stops it.
fn run_clock(h: &mut App, frames: usize) {
    h.state_mut().state.sim.clock_hz = SimSession::MAX_HZ;
    h.run_steps(frames);
    h.state_mut().state.sim.clock_hz = 0.0;
    h.run_steps(2);
}

/// What the plot draws of lane `name` across its width (see `timeline::segments`).
fn drawn(h: &App, name: &str) -> usize {
    let page = h.state().page::<CircuitPage>().expect("circuit page");
    let state = &h.state().state;
    let wave = state.sim.wave();
    let key = state.waves.find(name).expect("a lane");
    let bits: Vec<usize> = state
        .waves
        .get(key)
        .expect("shown")
        .bits
        .iter()
        .filter_map(|&b| wave.lane(b))
        .collect();
    let width = page.waves.plot_rect.expect("drawn").width();
    segments(
        wave,
        &bits,
        &page.waves.axis,
        (0.0, width),
        &mut StepPoints::default(),
    )
    .len()
}

#[test]
fn after_a_power_on_reset_with_follow_on_the_traces_show() {
    let mut h = clock_and_lamp();
    run_clock(&mut h, 3);
    let steps = h.state().state.sim.wave().step();
    assert!(steps > 100, "the clock ran: {steps} steps");
    assert!(drawn(&h, "CLK") > 0, "Follow shows the newest steps");
    let page = h.state().page::<CircuitPage>().expect("circuit page");
    assert!(page.waves.follow && page.waves.axis.scroll > 0.0);

    h.get_by_label("Power-on reset").click();
    h.run();
    assert_eq!(h.state().state.sim.wave().step(), 0, "a new record");
    assert!(drawn(&h, "CLK") > 0, "the new record's traces are in view");
    assert!(drawn(&h, "Y") > 0);
    // And they stay in view as the clock runs again.
    run_clock(&mut h, 1);
    assert!(drawn(&h, "CLK") > 0);
}

#[test]
fn past_its_limit_the_record_keeps_the_start_and_shows_the_gap() {
    let mut h = clock_and_lamp();
    h.state_mut().state.sim.set_wave_limit(300);
    run_clock(&mut h, 3);
    let gap = h.state().state.sim.wave().gap().expect("past the limit");
    let now = h.state().state.sim.wave().step();
    assert!(
        gap.from.step > 10 && gap.to.step + 10 < now,
        "{gap:?} of {now} steps"
    );
    let notice = format!(
        "Limit reached: steps {}–{} not kept",
        gap.from.step, gap.to.step
    );
    assert!(h.query_by_label_contains(&notice).is_some(), "{notice}");
    // The whole record in view: the start, the hatched gap, the latest window.
    h.get_by_label("Fit").click();
    h.run();
    // In the kept start each value reads as it was; in the gap, "not kept"; in the latest
    // window, as it was again.
    click_plot(&mut h, step(1));
    let clk = |h: &App| lane(h, "CLK");
    let start = clk(&h);
    assert!(start == "CLK = +1" || start == "CLK = -1", "{start}");
    let middle = u64::midpoint(gap.from.step, gap.to.step);
    click_plot(&mut h, step(middle));
    assert!(
        h.query_by_label(&format!("Cursor: step {middle}"))
            .is_some()
    );
    assert_eq!(clk(&h), "CLK = not kept");
    assert_eq!(lane(&h, "Y"), "Y = not kept");
    // The canvas cannot replay a moment not kept, and says so.
    h.get_by_label("Show on canvas").click();
    h.run();
    assert!(h.state().state.sim.replay().is_none());
    let notice = h.state().state.notice.clone().expect("a notice");
    assert!(
        notice.is_error && notice.text.contains("not kept"),
        "{notice:?}"
    );
    click_plot(&mut h, step(now));
    let clock = h.state().state.circuit().find("CLK").expect("CLK");
    let present = h.state().state.sim.value(clock);
    assert_eq!(clk(&h), format!("CLK = {present}"));
    // Exported, the gap reads x and the notice says which steps were not kept.
    let dir = TempDir::new("vcd-gap");
    let path = dir.join("clock.vcd");
    assert!(h.state_mut().state.export_waveform(&path));
    let notice = h.state().state.notice.clone().expect("a notice");
    let steps = format!("steps {}–{} were not kept", gap.from.step, gap.to.step);
    assert!(
        !notice.is_error && notice.text.contains(&steps),
        "{notice:?}"
    );
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.contains("changes not kept"), "{text}");
}

#[test]
fn the_cpu_fib_run_is_kept_whole_and_reads_233_at_its_halt() {
    let mut h = crate::cpu::fib_reset();
    h.state_mut().state.sim.clock_hz = SimSession::MAX_HZ;
    crate::cpu::run_to_halt(&mut h);
    h.state_mut().state.sim.clock_hz = 0.0;
    h.run_steps(2);
    let state = &h.state().state;
    let wave = state.sim.wave();
    assert!(wave.gap().is_none(), "{:?}", wave.gap());
    // Every change of the run from power-on is kept, with room to spare: the run would stay
    // in the kept start however long the clock ran on.
    assert!(
        wave.change_count() <= SimSession::WAVE_LIMIT / 2,
        "{} changes",
        wave.change_count()
    );
    let halted = state.circuit().find("HALTED").expect("HALTED");
    let lane_of = wave.lane(halted).expect("recorded");
    let (rose, _) = wave
        .changes(lane_of)
        .rfind(|&(_, v)| v == Trit::True)
        .expect("HALTED rose");
    let halt = wave.points()[rose].step;
    open_panel(&mut h);
    h.get_by_label("Fit").click();
    h.run();
    click_plot(&mut h, step(halt));
    assert_eq!(lane(&h, "PORT"), "PORT = 233");
    assert_eq!(lane(&h, "HALTED"), "HALTED = +1");
    click_plot(&mut h, step(halt.saturating_sub(2)));
    assert_eq!(lane(&h, "HALTED"), "HALTED = -1");
}
