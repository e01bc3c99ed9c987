//! The I/O parts used as a person would: a hex keypad's keys clicked; a decimal display read in its three modes (picked in
//! the inspector), unknown bits shown as a range; an LED matrix lit row by row, resized in
//! the inspector (a size its wire refuses is refused); both placed from the palette (`gui/tests/fixtures/io_parts.ron`).

use std::path::Path;

use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::NodeKind;
use sim_core::kind::DecimalMode;

use crate::common::{
    App, app, click_bus, click_cell, enter_number, node_value, scroll_and_click, type_into,
    zoom_to_100,
};

/// The app showing `gui/tests/fixtures/io_parts.ron`.
fn io_parts() -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/io_parts.ron");
    let state = CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    let mut h = app(state);
    h.run();
    h
}

/// The kind of written node `label` of the document's bus level.
fn written_kind(h: &App, label: &str) -> (NodeKind, u8) {
    let level = h.state().state.document().design.bus_level.as_ref();
    let node = level
        .and_then(|(nodes, _)| nodes.iter().find(|n| n.label == label))
        .unwrap_or_else(|| panic!("no written node {label}"));
    (node.kind, node.width)
}

#[test]
fn a_click_on_a_keypad_key_sets_its_digit_until_the_next_key() {
    let mut h = io_parts();
    // No key yet: unknown, as a switch never set.
    assert_eq!(node_value(&h, "KHEX"), "?");
    assert_eq!(node_value(&h, "KEY"), "?");
    click_bus(&mut h, "KEY key A");
    assert_eq!(node_value(&h, "KHEX"), "A");
    assert_eq!(node_value(&h, "KEY"), "A");
    // Running the clockless circuit on changes nothing: the keypad holds its digit.
    h.run_steps(3);
    assert_eq!(node_value(&h, "KHEX"), "A");
    click_bus(&mut h, "KEY key 7");
    assert_eq!(node_value(&h, "KHEX"), "7");
    // Selected, it takes a typed number as a bus of switches does.
    click_bus(&mut h, "KEY");
    enter_number(&mut h, "0xE");
    assert_eq!(node_value(&h, "KHEX"), "E");
}

#[test]
fn a_decimal_display_reads_its_bus_in_the_mode_picked_in_the_inspector() {
    let mut h = io_parts();
    // Nothing set yet: six unknown bits, any of 0 to 63.
    assert_eq!(node_value(&h, "DEC"), "0…63");
    click_bus(&mut h, "N");
    enter_number(&mut h, "0b111011");
    assert_eq!(node_value(&h, "DEC"), "59");
    click_bus(&mut h, "DEC");
    h.get_by_label("Signed binary").click();
    h.run();
    assert_eq!(
        written_kind(&h, "DEC").0,
        NodeKind::DecimalDisplay(DecimalMode::Signed)
    );
    assert_eq!(node_value(&h, "DEC"), "-5");
    // Balanced ternary: 1 + 3 − 9 + 27 + 81 + 243.
    h.get_by_label("Balanced ternary").click();
    h.run();
    assert_eq!(node_value(&h, "DEC"), "346");
    // Undo gives the signed reading back.
    h.state_mut().state.undo();
    h.run();
    assert_eq!(node_value(&h, "DEC"), "-5");
    // An unknown sign bit: the range of both readings.
    click_bus(&mut h, "N");
    enter_number(&mut h, "0bx11011");
    assert_eq!(node_value(&h, "DEC"), "-5…27");
}

#[test]
fn an_led_matrix_lights_its_rows_and_is_resized_in_the_inspector() {
    let mut h = io_parts();
    assert_eq!(node_value(&h, "LED"), "???/???");
    click_bus(&mut h, "M");
    enter_number(&mut h, "0b101010");
    // Bit r × 3 + c at row r, column c: row 0 is bits 0–2.
    assert_eq!(node_value(&h, "LED"), ".#./#.#");
    click_bus(&mut h, "LED");
    // 3 rows of 3 would be 9 lamps on a 6-bit wire: refused, the matrix kept.
    type_into(&mut h, "Rows", "3");
    assert_eq!(
        written_kind(&h, "LED"),
        (
            NodeKind::LedMatrix {
                rows: 2,
                columns: 3
            },
            6
        )
    );
    let notice = h
        .state()
        .state
        .notice
        .clone()
        .map(|n| n.text)
        .unwrap_or_default();
    assert!(notice.contains("6 trits"), "{notice}");
    assert_eq!(node_value(&h, "LED"), ".#./#.#");
}

#[test]
fn the_palette_places_a_decimal_display_and_a_four_by_four_led_matrix() {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    scroll_and_click(&mut h, "Decimal display");
    click_cell(&mut h, pos2(4.0, 2.0));
    scroll_and_click(&mut h, "LED matrix");
    click_cell(&mut h, pos2(4.0, 8.0));
    let level = h.state().state.document().design.bus_level.clone();
    let nodes = level.map(|(nodes, _)| nodes).unwrap_or_default();
    let placed = |kind: NodeKind| {
        let node = nodes
            .iter()
            .find(|n| n.kind == kind)
            .unwrap_or_else(|| panic!("no {kind} placed: {nodes:?}"));
        (node.label.clone(), node.width)
    };
    assert_eq!(
        placed(NodeKind::DecimalDisplay(DecimalMode::Unsigned)),
        ("DEC1".to_owned(), 1)
    );
    let (led, width) = placed(NodeKind::LedMatrix {
        rows: 4,
        columns: 4,
    });
    assert_eq!(width, 16, "a lamp a trit, whatever the palette's width");
    assert_eq!(node_value(&h, &led), "????/????/????/????");
    // Unwired, it takes any size the inspector gives it: two rows of four.
    click_bus(&mut h, &led);
    type_into(&mut h, "Rows", "2");
    assert_eq!(
        written_kind(&h, &led),
        (
            NodeKind::LedMatrix {
                rows: 2,
                columns: 4
            },
            8
        )
    );
    assert_eq!(node_value(&h, &led), "????/????");
}
