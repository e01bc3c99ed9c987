//! Drawing a wire with bends as in Logisim-evolution and Digital: click an output pin, click
//! the empty canvas where the wire should turn, click an input pin. The wire keeps its bends
//! (saved as its `via`), the whole wire is one undo step, and Esc drops a wire half drawn.

use egui::pos2;
use sim_core::{NodeId, Pos};

use crate::common::{
    App, app, arm, click_at, click_cell, click_node, input_pin, node_value, output_pin, zoom_to_100,
};
use gui::pages::circuit::state::CircuitPageState;

/// A new document with a switch at (1, 1) and a lamp at (13, 9); their labels.
fn switch_and_lamp() -> (App, String, String) {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    arm(&mut h, "Switch");
    click_cell(&mut h, pos2(1.0, 1.0));
    arm(&mut h, "Lamp");
    click_cell(&mut h, pos2(13.0, 9.0));
    h.key_press(egui::Key::Escape);
    h.run();
    let c = h.state().state.circuit();
    let label = |kind| {
        c.nodes()
            .find(|(_, n)| n.kind == kind)
            .map(|(_, n)| n.label.clone())
            .expect("placed")
    };
    let (switch, lamp) = (
        label(sim_core::NodeKind::Switch),
        label(sim_core::NodeKind::Lamp),
    );
    (h, switch, lamp)
}

/// The lamp's id and whether a wire drives its input.
fn lamp_wired(h: &App, lamp: &str) -> (NodeId, bool) {
    let c = h.state().state.circuit();
    let id = c.find(lamp).expect("the lamp");
    (id, c.wires().any(|(_, w)| w.to == id))
}

#[test]
fn clicks_on_empty_canvas_bend_the_wire_being_drawn() {
    let (mut h, switch, lamp) = switch_and_lamp();
    click_at(&h, output_pin(&h, &switch));
    h.run();
    click_cell(&mut h, pos2(8.0, 2.0));
    click_cell(&mut h, pos2(8.0, 10.0));
    assert!(
        !lamp_wired(&h, &lamp).1,
        "nothing is wired while the wire is drawn"
    );
    click_at(&h, input_pin(&h, &lamp, 0));
    h.run();
    let (id, wired) = lamp_wired(&h, &lamp);
    assert!(wired, "the click on the lamp's input ends the wire");
    assert_eq!(
        h.state().state.circuit().bends(id, 0),
        [Pos { x: 8, y: 2 }, Pos { x: 8, y: 10 }],
        "the finished wire keeps its bends"
    );
    // The route goes through them.
    let routes = h.state_mut().canvas_mut().routes();
    let path = routes
        .routing
        .routes
        .iter()
        .find(|p| p.len() > 2)
        .expect("a route");
    for bend in [(8.0, 2.0), (8.0, 10.0)] {
        assert!(
            path.iter().any(|p| (p.x, p.y) == bend),
            "{bend:?} on the route {path:?}"
        );
    }
    // The lamp follows the switch.
    click_node(&h, &switch);
    h.run();
    assert_eq!(node_value(&h, &lamp), node_value(&h, &switch));
    // One undo takes the whole wire back, bends and all.
    h.state_mut().state.undo();
    h.run();
    assert!(!lamp_wired(&h, &lamp).1, "undone in one step");
}

#[test]
fn esc_drops_a_wire_half_drawn() {
    let (mut h, switch, lamp) = switch_and_lamp();
    click_at(&h, output_pin(&h, &switch));
    h.run();
    click_cell(&mut h, pos2(8.0, 2.0));
    h.key_press(egui::Key::Escape);
    h.run();
    click_at(&h, input_pin(&h, &lamp, 0));
    h.run();
    assert!(!lamp_wired(&h, &lamp).1, "Esc cancelled the wire");
    // A wire dragged straight from pin to pin still connects at once, without bends.
    crate::common::wire(&mut h, &switch, &lamp, 0);
    let (id, wired) = lamp_wired(&h, &lamp);
    assert!(wired);
    assert!(h.state().state.circuit().bends(id, 0).is_empty());
}
