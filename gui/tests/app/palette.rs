//! The palette as a new user meets it: each item shows its kind's symbol (the canvas's own
//! drawing, small) and says what it does on hover; the inspector names a gate's kind with its
//! input count spelled out, so a NOR labelled `NOR1` does not read as "NOR1".

use egui::Rect;
use egui_kittest::kittest::Queryable as _;

use egui::pos2;
use gui::pages::circuit::state::CircuitPageState;

use crate::common::{
    app, app_with, click_cell, click_node, scroll_and_click, status, type_into, zoom_to_100,
};

#[test]
fn each_palette_item_shows_its_symbol_and_says_what_it_does() {
    let mut h = app_with("rs_nor_latch.ron");
    for item in ["Switch", "NOR", "Lamp", "DFF", "DFFE"] {
        let button = h.get_by_label(item).rect();
        // The symbol: shapes painted left of the item's button, within its row.
        let symbol = Rect::from_min_max(
            pos2(button.left() - 40.0, button.top() - 2.0),
            pos2(button.left(), button.bottom() + 2.0),
        );
        let shapes = h
            .output()
            .shapes
            .iter()
            .filter(|c| {
                let r = c.shape.visual_bounding_rect();
                r.is_positive() && symbol.contains_rect(r)
            })
            .count();
        assert!(
            shapes >= 2,
            "{item}: {shapes} shapes in its symbol's box {symbol:?}"
        );
    }
    h.get_by_label("NOR").hover();
    h.run_steps(40);
    assert!(
        h.query_by_label_contains("NOR: the negated OR").is_some(),
        "the NOR item says what it does"
    );
    h.get_by_label("DFFE").hover();
    h.run_steps(40);
    assert!(
        h.query_by_label_contains("D flip-flop with enable: takes input D")
            .is_some(),
        "the DFFE item says what it does"
    );
}

#[test]
fn the_inspector_spells_a_gates_input_count_out() {
    let mut h = app_with("rs_nor_latch.ron");
    click_node(&h, "NOR1");
    h.run();
    assert_eq!(status(&h, "Kind: "), "Kind: NOR, 2 inputs");
}

/// A library part from the palette at the typed width: an 8-bit adder clicked onto the
/// canvas is an instance of the part `adder8`, whose block shows its pins `a`, `b`, `cin`,
/// `s` and `cout`, buses as wide as the Width field says.
#[test]
fn a_library_part_is_placed_at_the_palette_width_with_its_pins() {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    type_into(&mut h, "Width", "8");
    scroll_and_click(&mut h, "Library parts");
    scroll_and_click(&mut h, "Adder");
    assert_eq!(h.state().state.part_tool.as_deref(), Some("adder8"));
    click_cell(&mut h, pos2(4.0, 4.0));
    let design = &h.state().state.document().design;
    assert_eq!(design.instances.len(), 1);
    assert_eq!(design.instances[0].of, "adder8");
    for pin in ["U1.a", "U1.b", "U1.cin", "U1.s", "U1.cout"] {
        assert!(h.query_by_label(pin).is_some(), "pin {pin} shown");
    }
    // Eight bits each (two hex digits), unknown until the inputs are driven.
    for pin in ["U1.a", "U1.s"] {
        assert_eq!(
            h.get_by_label(pin).value().as_deref(),
            Some("0x??"),
            "{pin}"
        );
    }
}
