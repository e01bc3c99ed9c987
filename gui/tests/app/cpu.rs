//! The 8-bit CPU of `circuits/cpu/` in the app: Run mode at the fastest rate (the levelized
//! schedule, a frame's time budget of ticks) runs fib to `HLT` while drawing and shows the
//! cycles per second reached (its `HALTED` breakpoint removed: `sim_control` tests the stop); Step mode still processes one event at a time under unit delay.

use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::{Mode, SimSession};
use sim_core::{Schedule, Trit};

use crate::common::{App, app_with, node_value, status};

/// Frames allowed for fib to halt (a debug build simulates a few dozen ticks per frame).
const MAX_FRAMES: usize = 3_000;

/// `circuits/cpu/fib.ron` with its clock stopped, reset through the app's actions: RESET = +1
/// for one cycle (two ticks), then −1.
pub fn fib_reset() -> App {
    let mut h = app_with("cpu/fib.ron");
    h.state_mut().state.sim.clock_hz = 0.0;
    h.run();
    let state = &mut h.state_mut().state;
    let reset = state.circuit().find("RESET").expect("RESET");
    state.set_value(reset, Trit::True);
    state.sim.tick();
    state.sim.tick();
    state.set_value(reset, Trit::False);
    h.run();
    assert_eq!(node_value(&h, "HALTED"), "-1", "running after the reset");
    h
}

fn halted(h: &App) -> bool {
    let state = &h.state().state;
    let id = state.circuit().find("HALTED").expect("HALTED");
    state.sim.value(id) == Trit::True
}

/// Runs frames until fib halts; the number of frames it took.
pub fn run_to_halt(h: &mut App) -> usize {
    for frame in 0..MAX_FRAMES {
        if halted(h) {
            return frame;
        }
        h.run_steps(1);
    }
    panic!("fib did not halt in {MAX_FRAMES} frames");
}

#[test]
fn fib_runs_to_halt_at_the_fastest_rate_and_shows_its_rate() {
    let mut h = fib_reset();
    // Without its HALTED breakpoint (`sim_control` tests the stop) the clock runs on past HLT,
    // and the rate stays shown however soon fib halts.
    h.state_mut().state.sim.clear_breakpoints();
    h.state_mut().state.sim.clock_hz = SimSession::MAX_HZ;
    h.run_steps(1);
    assert_eq!(h.state().state.sim.schedule(), Schedule::Levelized);
    let rate = status(&h, "Clock: ");
    assert!(
        rate.ends_with(" cycles/s (levelized)"),
        "the clock rate reached: {rate:?}"
    );
    let traced = h.state().state.sim.trace().len();
    let frames = run_to_halt(&mut h);
    h.run_steps(1);
    // The hex display shows 0xE9; the bus reads 233 in its radix (unsigned).
    assert_eq!(node_value(&h, "PORT"), "E9", "after {frames} frames");
    assert_eq!(h.state().state.bus_text("PORT").as_deref(), Some("233"));
    assert_eq!(node_value(&h, "HALTED"), "+1");
    // The waveform recorded the run; the trace paused.
    let sim = &h.state().state.sim;
    assert!(
        sim.wave().step() > 400,
        "one step per tick: {}",
        sim.wave().step()
    );
    assert_eq!(sim.trace().len(), traced);
    // Slowed down, the clock is unit delay again (and the trace records).
    h.state_mut().state.sim.clock_hz = 2.0;
    h.run_steps(1);
    assert_eq!(h.state().state.sim.schedule(), Schedule::UnitDelay);
    assert!(
        status(&h, "Clock: ").ends_with(" cycles/s"),
        "no schedule named at a slow rate"
    );
}

#[test]
fn fast_ticks_give_the_values_of_unit_delay_ticks() {
    // The same reset, then the same 100 ticks at 20 Hz (unit delay, every event traced) and in
    // a fast run (levelized): the same PC, ACC and PORT after each.
    let mut slow = fib_reset();
    let mut fast = fib_reset();
    slow.state_mut().state.sim.clock_hz = 20.0;
    let read = |h: &App| {
        let state = &h.state().state;
        let c = state.circuit();
        ["PC", "ACC", "PORT", "HALTED", "ROM"].map(|name| {
            let bits = c
                .bus(name)
                .map_or_else(|| vec![c.find(name).expect("a node")], |b| b.bits.clone());
            state.sim.values(&bits)
        })
    };
    for tick in 0..100 {
        // 20 Hz × 0.05 s: one tick each.
        assert_eq!(slow.state_mut().state.sim.advance(0.05), 1);
        // 4,096 Hz (a fast run) × 1/4,096 s: one tick (powers of two: exact).
        let sim = &mut fast.state_mut().state.sim;
        sim.clock_hz = 4096.0;
        assert_eq!(sim.advance(1.0 / 4096.0), 1, "tick {tick}");
        assert_eq!(sim.schedule(), Schedule::Levelized);
        assert_eq!(read(&slow), read(&fast), "after tick {tick}");
    }
    assert_eq!(slow.state().state.sim.schedule(), Schedule::UnitDelay);
    eprintln!(
        "ROM after 100 ticks: {:?}",
        slow.state().state.bus_text("ROM")
    );
}

#[test]
fn step_mode_steps_the_cpu_one_event_at_a_time_under_unit_delay() {
    let mut h = fib_reset();
    h.state_mut().state.sim.clock_hz = SimSession::MAX_HZ;
    h.run_steps(2);
    assert_eq!(h.state().state.sim.schedule(), Schedule::Levelized);
    h.get_by_label("Step mode").click();
    h.run_steps(1);
    let sim = &mut h.state_mut().state.sim;
    assert_eq!(sim.mode, Mode::Step);
    assert_eq!(sim.schedule(), Schedule::UnitDelay);
    sim.tick();
    let queued = sim.pending().count();
    assert_eq!(queued, 1, "the clock's event waits");
    let traced = sim.trace().len();
    let first = sim.step().expect("the clock's event").clone();
    assert_eq!(sim.trace().len(), traced + 1, "one event");
    assert_eq!(first.delta, 0);
    let clk = h.state().state.circuit().find("CLK").expect("CLK");
    assert_eq!(first.node, clk);
    // Its fanout waits for the next delta cycle, one event each; a step processes one of them.
    let sim = &mut h.state_mut().state.sim;
    let next: Vec<_> = sim.pending().filter(|p| p.delta == 1).collect();
    assert!(!next.is_empty());
    let second = sim.step().expect("a fanout event").clone();
    assert_eq!((second.node, second.delta), (next[0].node, 1));
    assert_eq!(
        sim.pending().filter(|p| p.delta == 1).count(),
        next.len() - 1
    );
    assert_eq!(sim.trace().len(), traced + 2);
}
