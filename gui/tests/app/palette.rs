//! The palette as a new user meets it: each item shows its kind's symbol (the canvas's own
//! drawing, small) and says what it does on hover; the inspector names a gate's kind with its
//! input count spelled out, so a NOR labelled `NOR1` does not read as "NOR1".

use egui::Rect;
use egui_kittest::kittest::Queryable as _;

use crate::common::{app_with, click_node, status};

#[test]
fn each_palette_item_shows_its_symbol_and_says_what_it_does() {
    let mut h = app_with("rs_nor_latch.ron");
    for item in ["Switch", "NOR", "Lamp", "DFF", "DFFE"] {
        let button = h.get_by_label(item).rect();
        // The symbol: shapes painted left of the item's button, within its row.
        let symbol = Rect::from_min_max(
            egui::pos2(button.left() - 40.0, button.top() - 2.0),
            egui::pos2(button.left(), button.bottom() + 2.0),
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
