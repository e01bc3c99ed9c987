//! The D flip-flop with enable and asynchronous set and reset (`NodeKind::Dffsr`) on the
//! engines: its pins act without a clock edge, reset wins, unknown pins keep only the agreed
//! value, and unconnected SET, RESET and EN are inactive.

use sim_core::{Circuit, Engine, NodeId, Schedule, Trit, format};

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
const STEPS: [Step; 18] = [
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
];

/// Runs [`STEPS`] on `engine` over `c`, asserting each step's outputs.
fn run_steps(c: &Circuit, engine: &mut Engine) {
    let pins = ["D", "CLK", "EN", "SET", "RESET"].map(|l| id(c, l));
    let (r, p) = (id(c, "R"), id(c, "P"));
    engine.settle();
    assert_eq!((engine.value(r), engine.value(p)), (X, X), "power-on");
    for (k, (values, want_r, want_p)) in STEPS.into_iter().enumerate() {
        engine.set(pins.into_iter().zip(values)).expect("switches");
        engine.settle();
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
    run_steps(&c, &mut Engine::from_circuit(&c));
}

/// The levelized schedule does not run a `Dffsr` yet: asked for, the engine keeps unit delay
/// and says so, and the values are unit delay's.
#[test]
fn the_levelized_schedule_falls_back_to_unit_delay() {
    let c = circuit(PINS);
    let mut engine = Engine::from_circuit(&c);
    assert_eq!(
        engine.set_schedule(Schedule::Levelized),
        Schedule::UnitDelay
    );
    run_steps(&c, &mut engine);
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
