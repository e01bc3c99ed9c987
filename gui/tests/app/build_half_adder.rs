//! Building a half adder from an empty app with the pointer alone: zoom the canvas, place
//! nodes by arming palette items and clicking the canvas or by dragging items onto it, rename
//! them in the inspector, wire output pins to input pins by dragging, then toggle the inputs
//! and read the sum and carry lamps through AccessKit for all four input combinations.

use crate::common::{
    App, app, arm, cell_to_screen, click_cell, drag, node_screen_rect, node_value, wire,
    zoom_to_100,
};
use egui::{Modifiers, Pos2, pos2};
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::{Circuit, NodeKind, Pos};

/// Every node lands this many cells right and down of where `circuits/half_adder.ron` has it,
/// so that no click lands on the very edge of the scene's origin.
const SHIFT: i32 = 1;

/// Grid point `(x, y)` of the file, shifted.
fn shifted(x: i32, y: i32) -> Pos2 {
    pos2((x + SHIFT) as f32, (y + SHIFT) as f32)
}

/// Screen point of the file's grid point `(x, y)`.
fn cell(h: &App, x: i32, y: i32) -> Pos2 {
    cell_to_screen(h, shifted(x, y))
}

/// Clicks the canvas at the file's grid point `(x, y)` with the armed item.
fn place_at(h: &mut App, x: i32, y: i32) {
    click_cell(h, shifted(x, y));
}

/// Drags palette item `item` onto the canvas at cell `(x, y)`.
fn drop_at(h: &mut App, item: &str, x: i32, y: i32) {
    let from = h.get_by_label(item).rect().center();
    let to = cell(h, x, y);
    drag(h, from, to);
    h.run();
}

/// Renames the node just placed (the selection) in the inspector's label field.
fn rename_selected(h: &mut App, label: &str) {
    h.get_by_label("Label").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label("Label").type_text(label);
    h.key_press(egui::Key::Enter);
    h.run();
}

/// The half adder of `circuits/half_adder.ron` with every node moved by [`SHIFT`].
fn expected_circuit() -> sim_core::CircuitDesc {
    let state = CircuitPageState::open_or_report(&crate::common::circuit_path("half_adder.ron"));
    let mut c: Circuit = state.circuit().clone();
    let ids: Vec<_> = c.nodes().map(|(id, _)| id).collect();
    for id in ids {
        let p = c[id].pos.expect("positioned");
        // The lamps a cell further right than in the file: three cells clear of the gates.
        let room = i32::from(c[id].kind == NodeKind::Lamp);
        c.set_pos(
            id,
            Some(Pos {
                x: p.x + SHIFT + room,
                y: p.y + SHIFT,
            }),
        );
    }
    c.to_desc()
}

#[test]
fn a_half_adder_built_with_the_pointer_adds() {
    let mut h = app(CircuitPageState::default());
    zoom_to_100(&mut h);

    // Nodes, in the file's order: switches and gates by armed tool + click, lamps by drag.
    arm(&mut h, "Switch");
    place_at(&mut h, 0, 0);
    rename_selected(&mut h, "A");
    place_at(&mut h, 0, 4);
    rename_selected(&mut h, "B");
    arm(&mut h, "XOR");
    place_at(&mut h, 6, 0);
    arm(&mut h, "AND");
    place_at(&mut h, 6, 4);
    h.key_press(egui::Key::Escape); // done placing
    h.run();
    assert!(h.state().state.tool.is_none());
    assert!(h.query_by_label("Done placing (Esc)").is_none());
    // Three cells clear of the gates: nearer, the editor pushes a part on to make room.
    drop_at(&mut h, "Lamp", 13, 0);
    rename_selected(&mut h, "S");
    drop_at(&mut h, "Lamp", 13, 4);
    rename_selected(&mut h, "C");

    // Wires, in the file's order (the order fanout is scheduled in).
    wire(&mut h, "A", "XOR1", 0);
    wire(&mut h, "A", "AND1", 0);
    wire(&mut h, "B", "XOR1", 1);
    wire(&mut h, "B", "AND1", 1);
    wire(&mut h, "XOR1", "S", 0);
    wire(&mut h, "AND1", "C", 0);
    assert_eq!(h.state().state.circuit().to_desc(), expected_circuit());
    assert!(
        h.state().state.notice.is_none(),
        "{:?}",
        h.state().state.notice
    );

    // The canvas's AccessKit bounds agree with where A was placed.
    let a = node_screen_rect(&h, "A");
    assert!((a.min - cell(&h, 0, 0)).length() < 0.01, "{a:?}");

    // Before any input is known: everything 0.
    assert_eq!(values(&h, ["S", "C"]), ["0", "0"]);
    // A = −1 alone already decides the carry (Kleene AND), not the sum.
    click_switch(&mut h, "A");
    assert_eq!(values(&h, ["S", "C"]), ["0", "-1"]);

    // The four combinations: (A, B) → (S, C). Clicks toggle −1 ↔ +1 (first click: −1).
    click_switch(&mut h, "B");
    assert_eq!(values(&h, ["A", "B"]), ["-1", "-1"]);
    assert_eq!(values(&h, ["S", "C"]), ["-1", "-1"]);
    click_switch(&mut h, "B");
    assert_eq!(values(&h, ["A", "B"]), ["-1", "+1"]);
    assert_eq!(values(&h, ["S", "C"]), ["+1", "-1"]);
    click_switch(&mut h, "A");
    click_switch(&mut h, "B");
    assert_eq!(values(&h, ["A", "B"]), ["+1", "-1"]);
    assert_eq!(values(&h, ["S", "C"]), ["+1", "-1"]);
    click_switch(&mut h, "B");
    assert_eq!(values(&h, ["A", "B"]), ["+1", "+1"]);
    assert_eq!(values(&h, ["S", "C"]), ["-1", "+1"]);
}

fn click_switch(h: &mut App, label: &str) {
    crate::common::click_node(h, label);
    h.run();
}

/// The values of canvas nodes `labels`, as AccessKit shows them.
fn values<const N: usize>(h: &App, labels: [&str; N]) -> [String; N] {
    labels.map(|l| node_value(h, l))
}
