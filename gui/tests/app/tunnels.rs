//! Tunnels on the canvas, placed, wired and named as a person does: two tunnels of one name
//! join a switch to a lamp with no wire between them; renaming one apart (or undoing its
//! name) cuts the net.

use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::geometry;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::{Node, NodeKind};

use crate::common::{
    App, app, arm, cell_to_screen, click_at, click_cell, drag, node_value, zoom_to_100,
};

/// The written node of the open document's top level labelled `label`.
fn written(h: &App, label: &str) -> Node {
    let (nodes, _) = h.state().state.written_level().expect("a written level");
    nodes
        .iter()
        .find(|n| n.label == label)
        .unwrap_or_else(|| panic!("no written node {label}"))
        .clone()
}

/// The labels of the written nodes of kind `kind`, in file order.
fn labels_of(h: &App, kind: NodeKind) -> Vec<String> {
    let (nodes, _) = h.state().state.written_level().expect("a written level");
    nodes
        .iter()
        .filter(|n| n.kind == kind)
        .map(|n| n.label.clone())
        .collect()
}

/// Drags a wire from written node `from`'s output pin to input 0 of `to`.
fn wire(h: &mut App, from: &str, to: &str) {
    let a = geometry::output_pin(&written(h, from)).expect("an output");
    let b = geometry::input_pin(&written(h, to), 0);
    let (a, b) = (
        cell_to_screen(h, pos2(a.x, a.y)),
        cell_to_screen(h, pos2(b.x, b.y)),
    );
    drag(h, a, b);
    h.run();
}

/// Selects tunnel `label` with a click on its flag, then types `name` into the inspector's
/// "Tunnel name" field and presses Enter.
fn name(h: &mut App, label: &str, name: &str) {
    let r = geometry::rect(&written(h, label));
    click_at(h, cell_to_screen(h, pos2(r.min.x + 1.0, r.center().y)));
    h.run();
    h.get_by_label("Tunnel name").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.get_by_label("Tunnel name").type_text(name);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn two_tunnels_of_one_name_carry_a_switch_to_a_lamp() {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    arm(&mut h, "Switch");
    click_cell(&mut h, pos2(0.0, 0.0));
    arm(&mut h, "Tunnel");
    click_cell(&mut h, pos2(6.0, 0.0));
    click_cell(&mut h, pos2(6.0, 6.0));
    arm(&mut h, "Lamp");
    click_cell(&mut h, pos2(14.0, 6.0));
    h.key_press(egui::Key::Escape);
    h.run();
    let tunnels = labels_of(&h, NodeKind::Tunnel);
    let [t1, t2] = &tunnels[..] else {
        panic!("two tunnels placed: {tunnels:?}");
    };
    let (switch, lamp) = (
        labels_of(&h, NodeKind::Switch)[0].clone(),
        labels_of(&h, NodeKind::Lamp)[0].clone(),
    );
    wire(&mut h, &switch, t1);
    wire(&mut h, t2, &lamp);
    let (_, wires) = h.state().state.written_level().expect("written");
    assert_eq!(wires.len(), 2, "two wires drawn: {wires:?}");
    // Named apart, the lamp reads nothing.
    crate::common::click_node(&h, &switch);
    h.run();
    let set = node_value(&h, &switch);
    assert_ne!(set, "0", "the switch is set");
    assert_eq!(
        node_value(&h, &lamp),
        "0",
        "the tunnels have different names"
    );
    // One name: one net, with no wire between the two tunnels.
    name(&mut h, t1, "link");
    name(&mut h, t2, "link");
    assert_eq!(node_value(&h, t2), "link", "the flag shows its name");
    assert_eq!(node_value(&h, &lamp), set);
    crate::common::click_node(&h, &switch);
    h.run();
    let toggled = node_value(&h, &switch);
    assert_ne!(toggled, set);
    assert_eq!(node_value(&h, &lamp), toggled);
    // The simulated circuit has no tunnel: the switch drives the lamp directly.
    let c = h.state().state.circuit();
    assert!(c.nodes().all(|(_, n)| n.kind != NodeKind::Tunnel));
    let (s, l) = (
        c.find(&switch).expect("switch"),
        c.find(&lamp).expect("lamp"),
    );
    assert!(c.wires().any(|(_, w)| w.from == s && w.to == l));
    // Undoing the second name cuts the net again.
    h.state_mut().state.undo();
    h.run();
    assert_eq!(node_value(&h, &lamp), "0");
}
