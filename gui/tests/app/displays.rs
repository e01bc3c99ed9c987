//! Output displays: a hexadecimal display shows its bus as hex digits, a 7-segment display
//! which segments are lit (`gui/tests/fixtures/displays.ron`), read through AccessKit.

use std::path::Path;

use gui::pages::circuit::state::CircuitPageState;
use sim_core::Trit;

use crate::common::{App, app, node_value};

/// The app showing `gui/tests/fixtures/displays.ron`.
fn displays() -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/displays.ron");
    let state = CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    let mut h = app(state);
    h.run();
    h
}

/// Sets bus `name` to `text` through the state, then runs the frames.
fn set(h: &mut App, name: &str, text: &str) {
    h.state_mut()
        .state
        .set_bus_number(name, text)
        .unwrap_or_else(|e| panic!("{name} := {text}: {e}"));
    h.run();
}

#[test]
fn a_hex_display_shows_the_digit_of_its_bus() {
    let mut h = displays();
    // Nothing set yet: every bit unknown.
    assert_eq!(node_value(&h, "HEX"), "?");
    set(&mut h, "N", "0xA");
    assert_eq!(node_value(&h, "HEX"), "A");
    set(&mut h, "N", "7");
    assert_eq!(node_value(&h, "HEX"), "7");
}

#[test]
fn a_seven_segment_display_shows_which_segments_are_lit() {
    let mut h = displays();
    // A 1: segments b and c.
    set(&mut h, "S", "0b0000_0110");
    assert_eq!(node_value(&h, "SEG"), "bc");
    // An 8 with the decimal point: all of them.
    set(&mut h, "S", "0xFF");
    assert_eq!(node_value(&h, "SEG"), "abcdefg.");
    set(&mut h, "S", "0");
    assert_eq!(node_value(&h, "SEG"), "off");
    // An unknown bit: the segment is grey, and said to be unknown.
    let bit = h.state().state.circuit().find("S[3]").expect("bit 3");
    h.state_mut().state.set_value(bit, Trit::Unknown);
    h.run();
    assert_eq!(node_value(&h, "SEG"), "off (unknown: d)");
}

#[test]
fn display_texts() {
    use Trit::{False as F, True as T, Unknown as X};
    use gui::pages::circuit::draw::{hex_digits, segments_text};
    assert_eq!(hex_digits(&[F, T, F, T, T, F, T, F]), "5A");
    assert_eq!(hex_digits(&[T, X, F, F, T, F, F, F]), "1?");
    assert_eq!(hex_digits(&[T]), "1");
    assert_eq!(segments_text(&[T, T, F, F, F, F, X]), "ab (unknown: g)");
}
