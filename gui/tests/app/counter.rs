//! The 2-bit counter of issue 38 built from the palette with the pointer (two DFFs, a NOT, an
//! XOR and a clock), then an AND placed in front of DFF1's clock pin: the clock's wire must
//! not run through the AND (the picture would read CLK → AND1 → DFF1), and every wire stays
//! clean ([`router::check`](gui::pages::circuit::router::check) on what the canvas drew); and
//! the power-on values that make a counter or register start known.

use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::{CircuitPageState, Mode};

use crate::common::{
    App, app, app_with, arm, click_bus, click_cell, click_node, node_value, wire, zoom_to_100,
};
use crate::wiring::defects_here;

/// The counter, built as a person would: nodes placed by arming palette items and clicking
/// the canvas, wires dragged from output to input pins; then the AND dropped in front of
/// DFF1's clock, in the gap the clock's wire runs through (the scene of issue 38, where the
/// wire used to run through the AND and read as CLK → AND → DFF1).
/// Where the AND is dropped, in cells: left of DFF1's clock pin, level with it.
const AND_AT: egui::Pos2 = pos2(12.0, 3.0);

pub(crate) fn counter_with_an_and_before_a_clock() -> App {
    // Q0' = NOT Q0, Q1' = Q1 XOR Q0, both clocked by CLK1.
    let mut h = built_from_the_palette(
        &[
            ("Clock", 1.0, 14.0),
            ("NOT", 4.0, 1.0),
            ("DFF", 20.0, 1.0),
            ("XOR", 4.0, 9.0),
            ("DFF", 20.0, 9.0),
        ],
        &[
            ("DFF1", "NOT1", 0),
            ("NOT1", "DFF1", 0),
            ("DFF1", "XOR1", 0),
            ("DFF2", "XOR1", 1),
            ("XOR1", "DFF2", 0),
            ("CLK1", "DFF1", 1),
            ("CLK1", "DFF2", 1),
        ],
    );
    // The AND, right where the clock's wire runs to DFF1.
    arm(&mut h, "AND");
    click_cell(&mut h, AND_AT);
    h.key_press(egui::Key::Escape);
    h.run();
    h
}

/// A circuit built as a person builds it, in Step mode (so the clock waits and the frames
/// settle) at 100 % zoom: each `(item, x, y)` placed by arming the palette item and clicking
/// the canvas at cell (x, y), then each `(from, to, pin)` wire dragged from `from`'s output
/// to input `pin` of `to`.
fn built_from_the_palette(items: &[(&str, f32, f32)], wires: &[(&str, &str, usize)]) -> App {
    let mut state = CircuitPageState::default();
    state.sim.set_mode(Mode::Step);
    let mut h = app(state);
    zoom_to_100(&mut h);
    for &(item, x, y) in items {
        arm(&mut h, item);
        click_cell(&mut h, pos2(x, y));
    }
    h.key_press(egui::Key::Escape);
    h.run();
    for &(from, to, pin) in wires {
        wire(&mut h, from, to, pin);
    }
    h
}

/// Clicks the button `label` and lets the frame run.
fn click(h: &mut App, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// `n` ticks of the clock, each settled.
fn ticks_and_settle(h: &mut App, n: usize) {
    for _ in 0..n {
        click(h, "Tick");
        click(h, "Settle");
    }
}

/// The two-bit count `n` as the flip-flops read it, (Q1, Q0).
fn bits(n: u8) -> (String, String) {
    let bit = |b: u8| if n >> b & 1 == 1 { "+1" } else { "-1" }.to_owned();
    (bit(1), bit(0))
}

/// Checks that the counter whose bits `count` reads goes 0, 1, 2, 3, 0, 1, a count every
/// rising edge of a clock of half period 1 (two ticks).
fn counts_from_zero(h: &mut App, count: impl Fn(&App) -> (String, String)) {
    for n in [0, 1, 2, 3, 0, 1] {
        assert_eq!(count(h), bits(n), "count {n}");
        ticks_and_settle(h, 2);
    }
}

#[test]
fn a_counter_built_from_the_palette_is_wired_cleanly() {
    let mut h = counter_with_an_and_before_a_clock();
    let state = &h.state().state;
    let labels: Vec<&str> = state
        .circuit()
        .nodes()
        .map(|(_, n)| n.label.as_str())
        .collect();
    assert_eq!(labels.len(), 6, "{labels:?} {:?}", state.notice);
    assert_eq!(state.circuit().wire_count(), 7, "{:?}", state.notice);
    let and = state.circuit().find("AND1").expect("the AND");
    assert!(
        state
            .circuit()
            .wires()
            .all(|(_, w)| w.to != and && w.from != and),
        "the AND is not wired"
    );
    // It stays where it was dropped, in front of DFF1's clock pin (nothing to push it from).
    let at = state.circuit()[and].pos.expect("placed");
    assert_eq!(
        (at.x as f32, at.y as f32),
        (AND_AT.x, AND_AT.y),
        "the AND moved"
    );
    let defects = defects_here(&mut h);
    assert!(defects.is_empty(), "{defects:#?}");
}

/// The same counter with both flip-flops given the power-on value −1 in the inspector: after a
/// power-on reset it reads 0 and counts 1, 2, 3, 0 on the clock's rising edges, where without
/// one (issue 40) it never left unknown.
#[test]
fn a_counter_with_power_on_values_counts_from_zero() {
    let mut h = counter_with_an_and_before_a_clock();
    let count = |h: &App| (node_value(h, "DFF2"), node_value(h, "DFF1"));
    click(&mut h, "Power-on reset");
    click(&mut h, "Settle");
    ticks_and_settle(&mut h, 4);
    assert_eq!(
        count(&h),
        ("0".into(), "0".into()),
        "no power-on value: unknown"
    );
    for ff in ["DFF1", "DFF2"] {
        click_node(&h, ff);
        h.run();
        click(&mut h, "-1");
        let state = &h.state().state;
        let id = state.circuit().find(ff).expect("the flip-flop");
        assert_eq!(
            state.circuit()[id].init,
            Some(sim_core::Trit::False),
            "{:?}",
            state.notice
        );
    }
    click(&mut h, "Power-on reset");
    click(&mut h, "Settle");
    counts_from_zero(&mut h, count);
}

/// Issue 40's scene: the 2-bit counter built from the palette with DFFSR flip-flops (D
/// flip-flops with set and reset) whose RESET pins a switch SW1 drives (Q0' = NOT Q0,
/// Q1' = Q1 XOR Q0, both clocked by CLK1), in Step mode. Their SET and EN pins are left
/// unconnected: inactive and enabled.
pub(crate) fn counter_of_reset_flip_flops() -> App {
    use sim_core::kind::{DFFSR_CLOCK, DFFSR_RESET};
    built_from_the_palette(
        &[
            ("Clock", 1.0, 17.0),
            ("Switch", 1.0, 21.0),
            ("NOT", 4.0, 1.0),
            ("DFFSR", 20.0, 1.0),
            ("XOR", 4.0, 10.0),
            ("DFFSR", 20.0, 10.0),
        ],
        &[
            ("DFFSR1", "NOT1", 0),
            ("NOT1", "DFFSR1", 0),
            ("DFFSR1", "XOR1", 0),
            ("DFFSR2", "XOR1", 1),
            ("XOR1", "DFFSR2", 0),
            ("CLK1", "DFFSR1", DFFSR_CLOCK),
            ("CLK1", "DFFSR2", DFFSR_CLOCK),
            ("SW1", "DFFSR1", DFFSR_RESET),
            ("SW1", "DFFSR2", DFFSR_RESET),
        ],
    )
}

/// [`counter_of_reset_flip_flops`] is wired cleanly, unknown only until RST (SW1) is raised
/// once: after it the count reads 0 and goes 1, 2, 3, 0 on the clock's rising edges, and
/// while RST is held the clock changes nothing.
#[test]
fn a_counter_of_reset_flip_flops_counts_from_zero_after_a_reset() {
    let mut h = counter_of_reset_flip_flops();
    assert_eq!(
        h.state().state.circuit().wire_count(),
        9,
        "{:?}",
        h.state().state.notice
    );
    let defects = defects_here(&mut h);
    assert!(defects.is_empty(), "{defects:#?}");

    let count = |h: &App| (node_value(h, "DFFSR2"), node_value(h, "DFFSR1"));
    // A click toggles the switch: from unknown to −1, then between −1 and +1.
    let toggle_reset = |h: &mut App, to: &str| {
        click_node(h, "SW1");
        h.run();
        click(h, "Settle");
        assert_eq!(node_value(h, "SW1"), to, "RST");
    };
    click(&mut h, "Power-on reset");
    click(&mut h, "Settle");
    assert_eq!(count(&h), ("0".into(), "0".into()), "not reset yet");
    toggle_reset(&mut h, "-1");
    ticks_and_settle(&mut h, 2);
    assert_eq!(
        count(&h),
        ("0".into(), "0".into()),
        "RST low: not reset yet"
    );
    toggle_reset(&mut h, "+1");
    assert_eq!(count(&h), ("-1".into(), "-1".into()), "reset");
    ticks_and_settle(&mut h, 4);
    assert_eq!(count(&h), ("-1".into(), "-1".into()), "held in reset");
    toggle_reset(&mut h, "-1");
    counts_from_zero(&mut h, count);
}

/// The 4-bit register of `circuits/register_enable.ron` (one bus flip-flop) selected on the
/// canvas: its inspector has the Power on row a single flip-flop has; +1 there is one undoable
/// edit of the written node (every bit starts at it, as the file keeps one value for the
/// bus), and after a power-on reset `q` reads 0b1111 where it read unknown before.
#[test]
fn a_register_s_power_on_row_sets_every_bit() {
    let mut h = app_with("register_enable.ron");
    h.run();
    let written_init = |h: &App| {
        let (nodes, _) = h.state().state.written_level().expect("a bus level");
        nodes.iter().find(|n| n.label == "reg").expect("reg").init
    };
    click(&mut h, "Power-on reset");
    click(&mut h, "Settle");
    assert_eq!(node_value(&h, "q"), "0bxxxx", "no power-on value: unknown");
    click_bus(&mut h, "reg");
    assert_eq!(h.state().state.selected_bus().as_deref(), Some("reg"));
    click(&mut h, "+1");
    assert_eq!(
        written_init(&h),
        Some(sim_core::Trit::True),
        "{:?}",
        h.state().state.notice
    );
    let state = &h.state().state;
    for &bit in &state.circuit().bus("reg").expect("the register").bits {
        assert_eq!(state.circuit()[bit].init, Some(sim_core::Trit::True));
    }
    click(&mut h, "Power-on reset");
    click(&mut h, "Settle");
    assert_eq!(node_value(&h, "q"), "0b1111");
    h.state_mut().state.undo();
    h.run();
    assert_eq!(written_init(&h), None, "one undo takes it back");
}
