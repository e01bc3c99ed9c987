//! Canvas gestures beyond building a circuit: a refused wire, moving nodes with undo and
//! redo by keyboard, every palette item, placing anywhere in view, zoom and pan, and
//! (ignored until canvas.rs is fixed) the zoom of an empty canvas and right/middle-drag pan.

use crate::common::{
    App, app, arm, cell_to_screen, click_at, click_cell, doc_node, drag, drag_with,
    node_screen_rect, node_value, scene_to_screen, wire, zoom_to_100,
};
use egui::{Modifiers, pos2, vec2};
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::{NodeKind, Pos, Trit};

fn half_adder() -> App {
    app(CircuitPageState::open_or_report(
        &crate::common::circuit_path("half_adder.ron"),
    ))
}

#[test]
fn a_second_wire_into_an_input_is_refused_on_the_status_bar() {
    let mut h = half_adder();
    let before = h.state().state.circuit().to_desc();
    wire(&mut h, "B", "XOR1", 0); // XOR1.0 is A's
    assert_eq!(h.state().state.circuit().to_desc(), before);
    let refusal = h
        .get_by_label_contains("already driven")
        .value()
        .expect("a notice");
    assert!(refusal.contains("XOR1.0"), "{refusal}");
}

#[test]
fn dragging_a_node_moves_it_by_whole_cells_and_undo_moves_it_back() {
    let mut h = half_adder();
    let before = doc_node(&h, "XOR1").pos.expect("positioned");
    let t = scene_to_screen(&h);
    let grab = node_screen_rect(&h, "XOR1").center();
    // One cell right and four up, plus a little less than half a cell: snaps (to a free
    // spot: a node dropped on another would be pushed clear).
    let by = vec2(1.4, -3.6) * gui::pages::circuit::geometry::CELL * t.scaling;
    drag(&mut h, grab, grab + by);
    h.run();
    let after = doc_node(&h, "XOR1").pos.expect("positioned");
    assert_eq!((after.x - before.x, after.y - before.y), (1, -4));
    // The AccessKit bounds follow the node.
    let moved = node_screen_rect(&h, "XOR1").center();
    assert!(
        (moved - (grab + vec2(1.0, -4.0) * gui::pages::circuit::geometry::CELL * t.scaling))
            .length()
            < 0.5
    );
    // The wires came along.
    assert_eq!(h.state().state.circuit().wire_count(), 6);

    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(doc_node(&h, "XOR1").pos, Some(before));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    assert_eq!(doc_node(&h, "XOR1").pos, Some(after));
}

/// Palette items whose nodes never make the app repaint by themselves (see below for the others).
const DRAWABLE: [(&str, NodeKind); 14] = [
    ("Switch", NodeKind::Switch),
    ("Constant +1", NodeKind::Constant(Trit::True)),
    ("Constant −1", NodeKind::Constant(Trit::False)),
    ("Constant 0", NodeKind::Constant(Trit::Unknown)),
    ("BUF", NodeKind::Buf),
    ("NOT", NodeKind::Not),
    ("AND", NodeKind::And(3)),
    ("OR", NodeKind::Or(3)),
    ("NAND", NodeKind::Nand(3)),
    ("NOR", NodeKind::Nor(3)),
    ("XOR", NodeKind::Xor(3)),
    ("XNOR", NodeKind::Xnor(3)),
    ("Lamp", NodeKind::Lamp),
    ("Probe", NodeKind::Probe),
];

/// Arms each item in turn and clicks a fresh cell; returns the placed kinds in order.
fn place_each(h: &mut App, items: &[(&str, NodeKind)]) -> Vec<NodeKind> {
    for (k, (item, _)) in items.iter().enumerate() {
        arm(h, item);
        let k = k as f32;
        click_cell(
            h,
            pos2(1.0 + (k % 3.0) * 6.0, 1.0 + (k / 3.0).floor() * 5.0),
        );
    }
    h.state()
        .state
        .circuit()
        .nodes()
        .map(|(_, n)| n.kind)
        .collect()
}

#[test]
fn every_palette_item_places_its_kind() {
    let mut h = app(CircuitPageState::default());
    zoom_to_100(&mut h);
    // n-input gates take the palette's input count.
    h.get_by_label("Gate inputs").set_value_accesskit(3.0);
    h.run();
    let kinds = place_each(&mut h, &DRAWABLE);
    let want: Vec<NodeKind> = DRAWABLE.iter().map(|(_, k)| *k).collect();
    assert_eq!(kinds, want);
    // Constants drive their value once the engine is reset (see state.rs for placed sources).
    h.get_by_label("Power-on reset").click();
    h.run();
    assert_eq!(node_value(&h, "K1"), "+1");
    assert_eq!(node_value(&h, "K2"), "-1");
    assert_eq!(node_value(&h, "K3"), "0");
}

#[test]
fn buttons_and_clocks_can_be_placed_and_drawn() {
    let mut h = app(CircuitPageState::default());
    zoom_to_100(&mut h);
    // Step mode: in Run mode a clock keeps the app repainting, and `run` would never settle.
    h.get_by_label("Step mode").click();
    h.run();
    let kinds = place_each(
        &mut h,
        &[
            ("Button", NodeKind::Button),
            ("Clock", NodeKind::Clock { half_period: 1 }),
        ],
    );
    assert_eq!(
        kinds,
        [NodeKind::Button, NodeKind::Clock { half_period: 1 }]
    );
}

#[test]
fn an_empty_canvas_opens_at_100_percent() {
    let h = app(CircuitPageState::default());
    let zoom = scene_to_screen(&h).scaling;
    assert!((zoom - 1.0).abs() < 1e-3, "zoom {zoom}");
}

#[test]
fn a_click_anywhere_on_the_visible_canvas_places_the_armed_node() {
    let mut h = app(CircuitPageState::default());
    zoom_to_100(&mut h);
    // Pan so that the scene's origin is in the middle of the canvas (with the mouse wheel,
    // which pans everywhere; see `right_or_middle_drag_pans_anywhere_on_the_canvas`).
    let origin = scene_to_screen(&h) * pos2(0.0, 0.0);
    scroll(&mut h, origin + vec2(20.0, 20.0), vec2(200.0, 200.0));
    arm(&mut h, "Switch");
    let p = cell_to_screen(&h, pos2(-2.0, -2.0));
    assert!(p.x > h.get_by_label("Constant +1").rect().right() + 10.0);
    click_at(&h, p);
    h.run();
    let placed: Vec<_> = h
        .state()
        .state
        .circuit()
        .nodes()
        .map(|(_, n)| n.pos)
        .collect();
    assert_eq!(placed, [Some(Pos { x: -2, y: -2 })]);
}

/// Scrolls the mouse wheel by `delta` points over `at` (the scene pans).
fn scroll(h: &mut App, at: egui::Pos2, delta: egui::Vec2) {
    h.hover_at(at);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta,
        modifiers: Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    h.run();
}

#[test]
fn the_mouse_wheel_pans_and_pinching_zooms_about_the_pointer() {
    let mut h = half_adder();
    let before = scene_to_screen(&h);
    let over = node_screen_rect(&h, "XOR1").center();
    scroll(&mut h, over, vec2(-30.0, 40.0));
    let after = scene_to_screen(&h);
    assert!((after.scaling - before.scaling).abs() < 1e-4);
    assert!((after.translation - before.translation - vec2(-30.0, 40.0)).length() < 0.5);

    // Zooming keeps the scene point under the pointer in place.
    let over = node_screen_rect(&h, "A").center();
    let pinned = after.inverse() * over;
    h.hover_at(over);
    h.event(egui::Event::Zoom(1.5));
    h.run();
    let zoomed = scene_to_screen(&h);
    assert!((zoomed.scaling - after.scaling * 1.5).abs() < 1e-3);
    assert!((zoomed * pinned - over).length() < 0.5);
    // The node under the pointer still answers there.
    crate::common::click_node(&h, "A");
    h.run();
    assert_eq!(node_value(&h, "A"), "-1");
}

#[test]
fn right_or_middle_drag_pans_anywhere_on_the_canvas() {
    let mut h = half_adder();
    for button in [egui::PointerButton::Secondary, egui::PointerButton::Middle] {
        let before = scene_to_screen(&h);
        // An empty spot between the gates and the lamps.
        let from = cell_to_screen(&h, pos2(10.5, 3.0));
        drag_with(&mut h, button, from, vec2(60.0, 40.0));
        h.run();
        let moved = scene_to_screen(&h).translation - before.translation;
        assert!(
            moved.length() > 30.0,
            "{button:?} moved the scene by {moved:?}"
        );
    }
}

/// Clicks View → `item` and closes the menu.
fn view_menu(h: &mut App, item: &str) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
}

#[test]
fn the_side_panels_hide_from_the_view_menu_and_come_back() {
    let mut h = half_adder();
    let shown = |h: &App, label: &str| h.query_by_label(label).is_some();
    assert!(shown(&h, "Switch") && shown(&h, "Inspector") && shown(&h, "Trace"));
    view_menu(&mut h, "Show palette");
    assert!(!shown(&h, "Switch"), "the palette is hidden");
    assert!(shown(&h, "Inspector"), "the side panel stays");
    view_menu(&mut h, "Show side panel");
    assert!(
        !shown(&h, "Inspector") && !shown(&h, "Trace"),
        "the side panel is hidden"
    );
    // The canvas still works with both hidden: a switch toggles.
    let before = node_value(&h, "A");
    crate::common::click_node(&h, "A");
    h.run();
    assert_ne!(
        node_value(&h, "A"),
        before,
        "a click on switch A toggles it"
    );
    view_menu(&mut h, "Show palette");
    view_menu(&mut h, "Show side panel");
    assert!(shown(&h, "Switch") && shown(&h, "Inspector") && shown(&h, "Trace"));
}
