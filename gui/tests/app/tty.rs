//! The TTY used as a person would: switches clicked to write "HI" through a merger
//! (`gui/tests/fixtures/tty.ron`), an unknown write enable writing `?`, Power-on reset
//! emptying the screen; the example `circuits/tty_hello.ron` ticked with the Tick button, its
//! whole text in the inspector;
//! the palette's TTY placed ten trits wide.

use std::path::Path;

use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::NodeKind;

use crate::common::{
    App, app, click_bus, click_cell, click_node, enter_number, node_value, scroll_and_click,
    zoom_to_100,
};

/// The app showing `path` (relative to the workspace), its clock paused (the Tick button
/// still ticks).
fn open(path: &str) -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    let mut state = CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    state.sim.set_paused(true);
    let mut h = app(state);
    h.run();
    h
}

/// Clicks button `label` of the window (the simulation bar's).
fn click(h: &mut App, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Clicks switch `label` on the canvas (a click toggles it: unknown or +1 to −1, −1 to +1).
fn toggle(h: &mut App, label: &str) {
    click_node(h, label);
    h.run();
}

/// Types character `c` into the 7-bit switch CH and pulses the clock: −1, then +1.
fn type_char(h: &mut App, c: char) {
    click_bus(h, "CH");
    enter_number(h, &format!("{}", u32::from(c)));
    toggle(h, "CLK");
    toggle(h, "CLK");
}

#[test]
fn switches_write_hi_and_power_on_reset_empties_the_screen() {
    let mut h = open("gui/tests/fixtures/tty.ron");
    assert_eq!(node_value(&h, "SCREEN"), "");
    // Write enable −1 → +1, clear −1.
    toggle(&mut h, "WE");
    toggle(&mut h, "WE");
    toggle(&mut h, "CLR");
    type_char(&mut h, 'H');
    assert_eq!(node_value(&h, "SCREEN"), "H");
    type_char(&mut h, 'I');
    assert_eq!(node_value(&h, "SCREEN"), "HI");
    // Clear at +1 empties it.
    toggle(&mut h, "CLR");
    toggle(&mut h, "CLR");
    assert_eq!(node_value(&h, "SCREEN"), "");
    type_char(&mut h, '!');
    assert_eq!(node_value(&h, "SCREEN"), "!");
    click(&mut h, "Power-on reset");
    assert_eq!(node_value(&h, "SCREEN"), "");
    // After power-on every switch is unknown: a clock pulse may write, with write enable
    // and clear unknown: `?`.
    toggle(&mut h, "CLK");
    toggle(&mut h, "CLK");
    assert_eq!(node_value(&h, "SCREEN"), "?");
}

#[test]
fn the_hello_example_prints_a_character_a_clock_cycle() {
    let mut h = open("circuits/tty_hello.ron");
    assert_eq!(node_value(&h, "SCREEN"), "");
    for _ in 0..6 {
        click(&mut h, "Tick");
    }
    assert_eq!(node_value(&h, "SCREEN"), "HI!");
    for _ in 0..10 {
        click(&mut h, "Tick");
    }
    assert_eq!(node_value(&h, "SCREEN"), "HI!\nHI!\n");
    // Selected, the inspector shows the whole text.
    click_bus(&mut h, "SCREEN");
    assert!(
        h.query_by_label("Written").is_some(),
        "the inspector's Written row"
    );
    assert!(
        h.query_by_label("HI!\nHI!\n").is_some(),
        "the text in the inspector"
    );
}

#[test]
fn the_palette_places_a_tty_ten_trits_wide() {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    scroll_and_click(&mut h, "TTY");
    click_cell(&mut h, pos2(4.0, 2.0));
    let level = h.state().state.document().design.bus_level.clone();
    let nodes = level.map(|(nodes, _)| nodes).unwrap_or_default();
    let tty = nodes
        .iter()
        .find(|n| n.kind == NodeKind::Tty)
        .unwrap_or_else(|| panic!("no TTY placed: {nodes:?}"));
    assert_eq!((tty.label.as_str(), tty.width), ("TTY1", 10));
    assert_eq!(node_value(&h, "TTY1"), "", "nothing written yet");
}
