//! Simulation control in Run mode, as a user meets it on the CPU of `circuits/cpu/`: Pause
//! stops the ticks, "Run for N cycles" runs exactly N clock cycles and pauses, a breakpoint set
//! from the inspector stops the clock and the status bar names it, fib stops at `HALTED` on
//! its own with 233 on the port, the speed is typed in cycles per second, every tool bar
//! button says what it does, and the tool bar's reset is the power-on one.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::circuit::state::{Mode, SimSession};
use sim_core::Trit;

use crate::common::{App, click_bus, click_node, node_value, status};
use crate::cpu::fib_reset;

/// Simulated time, in ticks since power-on.
fn time(h: &App) -> u64 {
    h.state().state.sim.engine().time()
}

/// Frames until the clock stops running (a counted run ends, a breakpoint holds); panics after
/// `frames`.
fn run_until_stopped(h: &mut App, frames: usize) {
    for _ in 0..frames {
        h.run_steps(1);
        if !h.state().state.sim.clocks_running() {
            h.run_steps(1);
            return;
        }
    }
    panic!("the clock still runs after {frames} frames");
}

/// Types `text` into the field `field` (clicked first, its text replaced) and presses Enter.
fn type_into(h: &mut App, field: &str, text: &str) {
    h.get_by_label(field).click();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.get_by_label(field).type_text(text);
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(1);
}

#[test]
fn pause_stops_the_ticks_and_resumes_them() {
    let mut h = fib_reset();
    h.state_mut().state.sim.clock_hz = 240.0;
    h.run_steps(10);
    let running = time(&h);
    assert!(running > 2, "the clock ticks: {running}");
    h.get_by_label("Pause").click();
    h.run_steps(1);
    let paused = time(&h);
    h.run_steps(20);
    assert_eq!(time(&h), paused, "no tick while paused");
    assert!(!h.state().state.sim.clocks_running());
    assert_eq!(status(&h, "Paused"), "Paused");
    h.get_by_label("Pause").click();
    h.run_steps(10);
    assert!(time(&h) > paused, "ticks again after Pause is released");
    assert!(h.query_by_label("Paused").is_none());
}

#[test]
fn run_for_a_typed_count_runs_exactly_that_many_cycles_then_pauses() {
    let mut h = fib_reset();
    let before = time(&h);
    type_into(&mut h, "cycles", "10");
    assert!(
        h.query_by_label("Run for").is_some(),
        "the count is typed beside Run for"
    );
    h.get_by_label("Run for").click();
    run_until_stopped(&mut h, 200);
    let per_cycle = u64::from(h.state().state.sim.ticks_per_cycle());
    assert_eq!(per_cycle, 2, "fib's clock has a half period of 1");
    assert_eq!(time(&h), before + 10 * per_cycle, "exactly 10 cycles");
    assert_eq!(
        status(&h, "Ran "),
        format!("Ran 10 cycles (tick {})", before + 20)
    );
    // Paused afterwards, although the clock's rate is 0 here anyway: a rate makes no tick.
    h.state_mut().state.sim.clock_hz = 100.0;
    h.run_steps(10);
    assert_eq!(time(&h), before + 20, "paused after the run");
    assert!(h.state().state.sim.paused());
}

#[test]
fn a_bus_breakpoint_set_in_the_inspector_stops_the_clock_and_is_named() {
    let mut h = fib_reset();
    let start = time(&h);
    click_bus(&mut h, "PORT");
    type_into(&mut h, "Break when =", "13");
    assert_eq!(
        h.state()
            .state
            .sim
            .breakpoints()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["HALTED=+1", "PORT=13"],
        "fib's own breakpoint, then the one typed"
    );
    h.state_mut().state.sim.clock_hz = SimSession::MAX_HZ;
    run_until_stopped(&mut h, 3_000);
    assert_eq!(h.state().state.bus_text("PORT").as_deref(), Some("13"));
    // fib.ron's test: the OUT of 13 in execute cycle 120 after the reset, at its rising edge
    // (the cycle's first tick, the 239th).
    let tick = time(&h);
    assert_eq!(tick - start, 239);
    assert_eq!(
        status(&h, "Stopped"),
        format!(
            "Stopped at breakpoint PORT=13 (cycle {}, tick {tick})",
            tick.div_ceil(2)
        )
    );
    let stopped = time(&h);
    h.run_steps(5);
    assert_eq!(time(&h), stopped, "the clock stays stopped");
    // Removed from the Breakpoints menu, it no longer stops the clock.
    h.get_by_label("Breakpoints (2)").click();
    h.run_steps(2);
    h.get_by_label("Remove PORT=13").click();
    h.run_steps(2);
    assert_eq!(h.state().state.sim.breakpoints().iter().len(), 1);
    assert!(h.query_by_label_contains("Breakpoints (1)").is_some());
}

#[test]
fn a_node_breakpoint_toggles_from_the_inspector() {
    let mut h = fib_reset();
    click_node(&h, "RESET");
    h.run_steps(2);
    h.get_by_label("Break when RESET=+1").click();
    h.run_steps(1);
    let set: Vec<String> = h
        .state()
        .state
        .sim
        .breakpoints()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(set, ["HALTED=+1", "RESET=+1"]);
    h.get_by_label("Break when RESET=+1").click();
    h.run_steps(1);
    assert_eq!(
        h.state().state.sim.breakpoints().iter().len(),
        1,
        "toggled off"
    );
}

#[test]
fn fib_run_in_the_app_stops_at_halted_with_233_on_the_port() {
    let mut h = fib_reset();
    let start = time(&h);
    h.state_mut().state.sim.clock_hz = SimSession::MAX_HZ;
    run_until_stopped(&mut h, 3_000);
    assert_eq!(node_value(&h, "HALTED"), "+1");
    assert_eq!(h.state().state.bus_text("PORT").as_deref(), Some("233"));
    // `tritium run --set RESET=1 --set RESET=-1 --until HALTED` stops there too: after 473
    // ticks, 2 of them the reset's (which `fib_reset` has ticked).
    assert_eq!(time(&h) - start, 471);
    let tick = time(&h);
    assert_eq!(
        status(&h, "Stopped"),
        format!(
            "Stopped at breakpoint HALTED=+1 (cycle {}, tick {tick})",
            tick.div_ceil(2)
        )
    );
    let sim = &h.state().state.sim;
    assert!(sim.paused() && !sim.clocks_running());
    // Released, the clock runs on past HALTED (an edge: it does not stop again at once).
    h.get_by_label("Pause").click();
    h.run_steps(3);
    assert!(time(&h) > 474);
    assert!(h.query_by_label_contains("Stopped").is_none());
}

#[test]
fn the_speed_is_typed_in_cycles_per_second() {
    let mut h = fib_reset();
    assert!(h.query_by_label_contains("clock Hz").is_none());
    let slider = h
        .query_all_by_label("cycles/s")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Slider)
        .expect("the speed's slider");
    assert_eq!(
        slider.accesskit_node().numeric_value(),
        Some(0.0),
        "fib_reset stops the clock"
    );
    // The slider's number, clicked, is a text field: 50 cycles/s is 100 ticks/s.
    let number = h
        .query_all_by_value("0.0")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::SpinButton)
        .expect("the speed's number");
    number.click();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text("50");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    let sim = &h.state().state.sim;
    assert!(
        (sim.clock_hz - 100.0).abs() < 1e-3,
        "50 cycles/s of a 2-tick cycle: {}",
        sim.clock_hz
    );
    assert!((sim.cycle_rate() - 50.0).abs() < 1e-3);
    // The status bar measures in the same unit.
    h.run_steps(30);
    assert!(status(&h, "Clock: ").ends_with(" cycles/s"));
}

#[test]
fn every_tool_bar_button_says_what_it_does() {
    let mut h = fib_reset();
    h.run_steps(1);
    for (button, says) in [
        ("Run", "Run mode: every change settles at once"),
        ("Step mode", "Step mode: changes wait in the queue"),
        ("Settle", "Process every pending event"),
        ("Power-on reset", "Every net back to unknown"),
        ("Tick", "Advance the clocks by one tick"),
        ("Pause", "Stop the clock's ticks"),
        ("Run for", "Run the number of clock cycles given"),
        ("Breakpoints (1)", "Conditions that stop the clock"),
        ("cycles/s", "Speed: clock cycles per second"),
        ("Step", "Process one event (Space"),
    ] {
        // The speed's slider and number are both named by its unit: the first is the slider.
        h.query_all_by_label(button)
            .next()
            .unwrap_or_else(|| panic!("no {button:?}"))
            .hover();
        h.run_steps(40);
        assert!(
            h.query_by_label_contains(says).is_some(),
            "{button} says {says:?}"
        );
        h.hover_at(egui::pos2(640.0, 500.0));
        h.run_steps(2);
    }
}

#[test]
fn power_on_reset_makes_the_state_unknown_again() {
    let mut h = fib_reset();
    h.state_mut().state.sim.run_cycles(3);
    run_until_stopped(&mut h, 100);
    assert_eq!(node_value(&h, "HALTED"), "-1");
    h.get_by_label("Power-on reset").click();
    h.run_steps(2);
    // The CPU's state is unknown again, as at power-on (the clock's and constants' nets
    // settle from their sources).
    let state = &h.state().state;
    for register in ["PC", "ACC", "PORT"] {
        let bits = &state.circuit().bus(register).expect("a bus").bits;
        assert!(
            state.sim.values(bits).iter().all(|&v| v == Trit::Unknown),
            "{register} is unknown"
        );
    }
    assert_eq!(node_value(&h, "HALTED"), "0");
    assert!(
        h.query_by_label("Reset").is_none(),
        "no bare Reset to confuse with RESET"
    );
    assert_eq!(h.state().state.sim.mode, Mode::Run);
}
