//! The D flip-flop with enable and asynchronous set and reset (`NodeKind::Dffsr`) on the
//! engines: its pins act without a clock edge, reset wins, unknown pins keep only the agreed
//! value, and unconnected SET, RESET and EN are inactive.

use sim_core::cycle::NotCycleBased;
use sim_core::{Circuit, Engine, Event, Netlist, NodeId, Observer, Schedule, Sweep, Trit, format};

use Trit::{False as F, True as T, Unknown as X};

/// `R` a Dffsr with every pin on a switch; `P` a Dffsr with only D and the clock wired (its
/// EN, SET and RESET unconnected), which must act as a `Dff`.
const PINS: &str = r#"(version: 6, nodes: [
    (label: "D", kind: Switch), (label: "CLK", kind: Switch), (label: "EN", kind: Switch),
    (label: "SET", kind: Switch), (label: "RESET", kind: Switch),
    (label: "R", kind: Dffsr), (label: "P", kind: Dffsr),
], wires: [
    (from: "D", to: "R", input: 0), (from: "CLK", to: "R", input: 1),
    (from: "EN", to: "R", input: 2), (from: "SET", to: "R", input: 3),
    (from: "RESET", to: "R", input: 4),
    (from: "D", to: "P", input: 0), (from: "CLK", to: "P", input: 1),
])"#;

fn circuit(text: &str) -> Circuit {
    format::from_str(text).expect("valid circuit").circuit
}

fn id(c: &Circuit, label: &str) -> NodeId {
    c.find(label).unwrap_or_else(|| panic!("no node {label}"))
}

/// One step: the switches D, CLK, EN, SET, RESET set, then what `R` and `P` show.
type Step = ([Trit; 5], Trit, Trit);

/// The steps of [`PINS`], from power-on: each sets every switch at once and settles.
const STEPS: [Step; 22] = [
    // Nothing known yet; the clock's first rise from unknown with D unknown.
    ([X, F, T, F, F], X, X),
    // Reset acts at once, without an edge; P has none and stays unknown.
    ([X, F, T, F, T], F, X),
    // Released: Q holds.
    ([T, F, T, F, F], F, X),
    // An enabled rising edge loads D, in both.
    ([T, T, T, F, F], T, T),
    // Reset wins over a rising edge with D = +1 (the clock falls first).
    ([T, F, T, F, F], T, T),
    ([T, T, T, F, T], F, T),
    // Set acts at once; set and reset together: reset wins.
    ([F, T, T, T, F], T, T),
    ([F, T, T, T, T], F, T),
    // Reset released while set is held: Q goes +1 (the pins are levels, not edges).
    ([F, T, T, T, F], T, T),
    // An unknown SET over +1 keeps +1; over −1 makes it unknown.
    ([F, T, T, X, F], T, T),
    ([F, T, T, F, T], F, T),
    ([F, T, T, X, F], X, T),
    // An unknown RESET over −1 (SET −1) keeps −1; over +1 makes it unknown.
    ([F, F, T, F, T], F, T),
    ([F, F, T, F, X], F, T),
    ([T, T, T, F, F], T, T),
    ([T, T, T, F, X], X, T),
    // Disabled, an edge is ignored (P has no EN and loads D); the pins still act.
    ([T, F, F, T, F], T, T),
    ([F, T, F, F, F], T, F),
    // An unknown clock: a change that may be a rising edge keeps only Q = D; reset still wins.
    ([F, F, T, F, F], T, F),
    ([F, X, T, F, F], X, F),
    ([F, X, T, F, T], F, F),
    // Maybe rising, maybe enabled, D differs from Q: unknown.
    ([T, T, X, F, F], X, X),
];

/// Runs [`STEPS`] on `engine` over `c`, asserting each step's outputs.
fn run_steps(c: &Circuit, engine: &mut Engine) {
    run_steps_with(c, engine, &mut ());
}

/// [`run_steps`], settling with `observer`.
fn run_steps_with<O: Observer>(c: &Circuit, engine: &mut Engine, observer: &mut O) {
    let pins = ["D", "CLK", "EN", "SET", "RESET"].map(|l| id(c, l));
    let (r, p) = (id(c, "R"), id(c, "P"));
    engine.settle_with(observer);
    assert_eq!((engine.value(r), engine.value(p)), (X, X), "power-on");
    for (k, (values, want_r, want_p)) in STEPS.into_iter().enumerate() {
        engine.set(pins.into_iter().zip(values)).expect("switches");
        engine.settle_with(observer);
        assert_eq!(
            (engine.value(r), engine.value(p)),
            (want_r, want_p),
            "step {k}: D, CLK, EN, SET, RESET = {values:?}"
        );
    }
}

#[test]
fn set_and_reset_act_at_once_reset_wins_and_unknown_pins_keep_only_agreed_values() {
    let c = circuit(PINS);
    let mut records = Vec::<Event>::new();
    run_steps_with(&c, &mut Engine::from_circuit(&c), &mut records);
    assert_unconnected_pins_read_inactive(&c, &records);
}

/// `P`'s events in `records` show its unconnected EN, SET and RESET as +1, −1, −1.
fn assert_unconnected_pins_read_inactive(c: &Circuit, records: &[Event]) {
    let p: Vec<&Event> = records.iter().filter(|e| c[e.node].label == "P").collect();
    assert!(!p.is_empty(), "P was evaluated");
    for e in p {
        assert_eq!(e.inputs[2..], [T, F, F], "{e:?}");
    }
}

/// The levelized schedule gives the same values, with every sweep, with and without
/// records: SET and RESET schedule the flip-flop's sample as a gate's inputs do.
#[test]
fn the_levelized_schedule_agrees_with_every_sweep() {
    let c = circuit(PINS);
    for sweep in [Sweep::Auto, Sweep::SelectiveTrace, Sweep::Dense] {
        let mut engine = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
        assert_eq!(engine.schedule(), Schedule::Levelized);
        engine.set_sweep(sweep);
        run_steps(&c, &mut engine);
    }
    let mut recorded = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
    let mut records = Vec::<Event>::new();
    run_steps_with(&c, &mut recorded, &mut records);
    assert!(
        records.iter().any(|e| c[e.node].label == "R" && e.new == F),
        "a reset is an event of the flip-flop"
    );
    assert_unconnected_pins_read_inactive(&c, &records);
}

/// A flip-flop that resets itself (its Q into its RESET) is a loop through RESET, which acts at once: a combinational loop. The levelized schedule
/// falls back to unit delay and says so, `run_clocked` says why it is not cycle-based, and
/// unit delay runs it: each rising edge loads +1, which resets Q to −1 at once. (It starts
/// at −1: from an unknown Q its RESET is unknown, and Kleene's Q stays unknown.)
#[test]
fn a_loop_through_reset_runs_on_unit_delay() {
    let c = circuit(
        r#"(version: 6, nodes: [(label: "K", kind: Constant(1)),
            (label: "CLK", kind: Clock(half_period: 1)), (label: "R", kind: Dffsr, init: -1)],
            wires: [(from: "K", to: "R", input: 0), (from: "CLK", to: "R", input: 1),
                (from: "R", to: "R", input: 4)])"#,
    );
    let mut engine = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
    assert_eq!(engine.schedule(), Schedule::UnitDelay);
    engine.settle();
    let run = engine.run_clocked(4, &[]);
    assert_eq!(run.cycle_based, Err(NotCycleBased::Loop));
    assert_eq!(engine.value(id(&c, "R")), F, "reset by its own +1");
    let mut pulse = Vec::<Event>::new();
    engine.tick();
    engine.settle_with(&mut pulse);
    engine.tick();
    engine.settle_with(&mut pulse);
    let q: Vec<Trit> = pulse
        .iter()
        .filter(|e| c[e.node].label == "R" && e.new != e.old)
        .map(|e| e.new)
        .collect();
    assert_eq!(q, [T, F], "a one-delta pulse on the rising edge");
}

/// A counter's reset on a switch: cycle-based runs give the values of ticking and settling;
/// the same reset through a gate is refused by name (`DerivedSetReset`), and the engine then
/// ticks event by event with the same values.
#[test]
fn cycle_based_runs_take_switches_on_set_and_reset_and_refuse_gates() {
    let counter = |through_gate: bool| {
        let reset = if through_gate { "B" } else { "RST" };
        circuit(&format!(
            r#"(version: 6, nodes: [(label: "RST", kind: Switch), (label: "B", kind: Buf),
                (label: "CLK", kind: Clock(half_period: 1)),
                (label: "Q0", kind: Dffsr), (label: "Q1", kind: Dffsr),
                (label: "N0", kind: Not), (label: "X1", kind: Xor(2))],
              wires: [(from: "RST", to: "B"),
                (from: "Q0", to: "N0"), (from: "N0", to: "Q0", input: 0),
                (from: "Q0", to: "X1"), (from: "Q1", to: "X1", input: 1),
                (from: "X1", to: "Q1", input: 0),
                (from: "CLK", to: "Q0", input: 1), (from: "CLK", to: "Q1", input: 1),
                (from: "{reset}", to: "Q0", input: 4), (from: "{reset}", to: "Q1", input: 4)])"#
        ))
    };
    let count = |c: &Circuit, e: &Engine| ["Q0", "Q1"].map(|l| e.value(id(c, l)));
    for through_gate in [false, true] {
        let c = counter(through_gate);
        let rst = id(&c, "RST");
        let mut fast = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
        let mut slow = Engine::from_circuit(&c);
        for engine in [&mut fast, &mut slow] {
            engine.set([(rst, T)]).expect("switch");
            engine.settle();
            assert_eq!(count(&c, engine), [F, F], "reset without a clock");
            engine.set([(rst, F)]).expect("switch");
            engine.settle();
        }
        let mut seen = Vec::new();
        for _ in 0..5 {
            let run = fast.run_clocked(2, &[]);
            if through_gate {
                let Err(NotCycleBased::DerivedSetReset { node, pin, driver }) = run.cycle_based
                else {
                    panic!("refused: {:?}", run.cycle_based);
                };
                assert_eq!(
                    (c[node].label.as_str(), pin, c[driver].label.as_str()),
                    ("Q0", "reset", "B")
                );
            } else {
                assert_eq!(run.cycle_based, Ok(()));
            }
            slow.tick_until(2, &[]);
            assert_eq!(count(&c, &fast), count(&c, &slow));
            seen.push(count(&c, &fast));
        }
        assert_eq!(
            seen,
            [[T, F], [F, T], [T, T], [F, F], [T, F]],
            "counts 1, 2, 3, 0, 1"
        );
    }
}

/// A `Dffsr` whose RESET is tied to a constant +1 is −1 from power-on, even with a
/// power-on value of +1; with SET tied to +1 instead, it is +1.
#[test]
fn a_constant_reset_or_set_acts_from_power_on() {
    for (pin, want) in [(4, F), (3, T)] {
        let text = format!(
            r#"(version: 6, nodes: [(label: "K", kind: Constant(1)),
                (label: "R", kind: Dffsr, init: {init})],
                wires: [(from: "K", to: "R", input: {pin})])"#,
            init = if want == F { 1 } else { -1 }
        );
        let c = circuit(&text);
        let mut engine = Engine::from_circuit(&c);
        engine.settle();
        assert_eq!(engine.value(id(&c, "R")), want, "pin {pin}");
        assert_eq!(
            engine.input_values(id(&c, "R")),
            if pin == 4 {
                [X, X, T, F, T]
            } else {
                [X, X, T, T, F]
            },
            "unconnected pins read inactive, D and the clock unknown"
        );
    }
}
