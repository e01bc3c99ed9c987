//! Turning and mirroring parts — R, Shift+R and M on the selection, the Edit menu, the
//! right-click menu — and the right-click menu's other items (rename, copy, delete), as a
//! person uses them: the pins and the wires follow, a click finds the turned part, the file
//! keeps the orientation, and undo takes each step back.

use std::collections::BTreeSet;

use egui::{Key, Modifiers, Pos2, pos2};
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::geometry::{self, CELL};
use gui::pages::circuit::picture;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::{Facing, Orientation};

use crate::common::{
    App, TempDir, app_with, cell_to_screen, click_at, click_node, doc_node, node_screen_rect,
    scene_to_screen,
};

/// Queues a right click at `pos` (move, press, release: one frame each when stepped).
fn right_click_at(h: &App, pos: Pos2) {
    h.hover_at(pos);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
}

/// Opens the right-click menu of canvas node `label` and clicks its item `item`.
fn node_menu(h: &mut App, label: &str, item: &str) {
    right_click_at(h, node_screen_rect(h, label).center());
    h.run();
    h.get_by_label(item).click();
    h.run();
}

/// What is wrong with the open level's wiring ([`check`](gui::pages::circuit::router::check)
/// on what the canvas drew, fallbacks included).
fn wiring_defects(h: &mut App) -> Vec<gui::pages::circuit::router::Defect> {
    h.run();
    let routes = h.state_mut().canvas_mut().routes();
    routes.picture.check(&routes.routing)
}

/// Whether node `label` stands too close to another part of the level
/// ([`geometry::Footprint::crowds`]).
fn crowds_a_neighbour(h: &App, label: &str) -> bool {
    let state = &h.state().state;
    let id = state.circuit().find(label).expect("the node");
    let part = picture::node_footprints(state, [(id, &state.circuit()[id])]);
    picture::level_footprints(state, &BTreeSet::from([id]))
        .iter()
        .any(|other| part.iter().any(|p| p.crowds(other)))
}

/// Whether some routed wire starts at `from` and another ends at `to` (cells).
fn routed_from_and_to(h: &mut App, from: geometry::GridPoint, to: geometry::GridPoint) -> bool {
    h.run();
    let routes = h.state_mut().canvas_mut().routes();
    let near = |a: geometry::GridPoint, b: geometry::GridPoint| a.distance(b) < 1e-3;
    routes
        .picture
        .connections
        .iter()
        .any(|c| near(c.from, from))
        && routes.picture.connections.iter().any(|c| near(c.to, to))
}

#[test]
fn r_turns_the_selected_gate_and_its_pins_and_wires_follow() {
    let mut h = app_with("half_adder.ron");
    click_node(&h, "AND1");
    h.run();
    let before = doc_node(&h, "AND1");
    h.key_press(Key::R);
    h.run();
    let turned = doc_node(&h, "AND1");
    assert_eq!(turned.facing, Facing::South);
    // Turned in place its inputs along the top would face XOR1 a cell above: pushed clear.
    assert_ne!(turned.pos, before.pos, "pushed clear of XOR1");
    assert!(!crowds_a_neighbour(&h, "AND1"));
    // Facing south: 3 wide and 4 high, its output in the middle of the bottom edge, its
    // inputs along the top.
    let r = geometry::rect(&turned);
    assert_eq!((r.max.x - r.min.x, r.max.y - r.min.y), (3.0, 4.0));
    let out = geometry::output_pin(&turned).expect("an output");
    assert_eq!((out.x, out.y), (r.center().x, r.max.y));
    let input = geometry::input_pin(&turned, 0);
    assert_eq!(input, geometry::point(input.x, r.min.y), "on the top edge");
    // The wires were routed to the turned pins, cleanly; AccessKit's bounds are the turned
    // box (checked by `node_screen_rect`).
    assert!(routed_from_and_to(&mut h, out, input));
    assert_eq!(wiring_defects(&mut h), vec![]);
    node_screen_rect(&h, "AND1");

    // A click on the part of the turned box that the unturned box did not cover finds it.
    click_node(&h, "XOR1");
    h.run();
    click_at(&h, cell_to_screen(&h, pos2(r.min.x + 0.5, r.max.y - 0.5)));
    h.run();
    let id = h.state().state.circuit().find("AND1");
    assert_eq!(
        h.state()
            .state
            .selection
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        id.into_iter().collect::<Vec<_>>()
    );

    // Three more quarter turns bring it back to facing east; Shift+R turns the other way.
    for _ in 0..3 {
        h.key_press(Key::R);
        h.run();
    }
    let east = doc_node(&h, "AND1");
    assert_eq!(east.orientation(), before.orientation());
    h.key_press_modifiers(Modifiers::SHIFT, Key::R);
    h.run();
    assert_eq!(doc_node(&h, "AND1").facing, Facing::North);
    // Each turn, with its push, was one undoable step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(doc_node(&h, "AND1"), east);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        doc_node(&h, "AND1").facing,
        Facing::North,
        "three turns of four"
    );
    for _ in 0..3 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
    }
    assert_eq!(doc_node(&h, "AND1"), before);
    // The simulation never saw any of it: the half adder still adds.
    let doc = h.state().state.document();
    assert!(
        doc.tests
            .iter()
            .all(|t| t.run(&doc.circuit).is_ok_and(|r| r.passed()))
    );
}

#[test]
fn m_and_the_edit_menu_mirror_and_turn_the_selection() {
    let mut h = app_with("half_adder.ron");
    click_node(&h, "XOR1");
    h.run();
    let pin0 = geometry::input_pin(&doc_node(&h, "XOR1"), 0);
    h.key_press(Key::M);
    h.run();
    let flipped = doc_node(&h, "XOR1");
    assert!(flipped.flip);
    // Mirrored, input 0 is where input 1 was.
    assert_eq!(
        geometry::input_pin(&flipped, 1),
        pin0,
        "the inputs swap ends"
    );
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Rotate clockwise  (R)").click();
    h.run();
    assert_eq!(
        doc_node(&h, "XOR1").orientation(),
        Orientation {
            facing: Facing::South,
            flip: true
        }
    );
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Flip  (M)").click();
    h.run();
    let xor = doc_node(&h, "XOR1");
    assert!(!xor.flip, "a second mirror undoes the first");
    let (out, input) = (
        geometry::output_pin(&xor).expect("an output"),
        geometry::input_pin(&xor, 1),
    );
    assert!(routed_from_and_to(&mut h, out, input), "the wires follow");
}

#[test]
fn the_right_click_menu_turns_and_flips_a_gate_and_the_file_keeps_it() {
    let dir = TempDir::new("rotate-menu");
    let mut h = app_with("half_adder.ron");
    node_menu(&mut h, "XOR1", "Rotate clockwise  (R)");
    node_menu(&mut h, "XOR1", "Flip  (M)");
    node_menu(&mut h, "C", "Rotate counter-clockwise  (Shift+R)");
    let want = Orientation {
        facing: Facing::South,
        flip: true,
    };
    assert_eq!(doc_node(&h, "XOR1").orientation(), want);
    assert_eq!(doc_node(&h, "C").facing, Facing::North);

    let path = dir.join("turned.ron");
    h.state_mut().state.save_as(&path);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("version: 4,"), "{text}");
    assert!(text.contains("facing: South, flip: true"), "{text}");
    assert!(text.contains("facing: North"), "{text}");
    let again = CircuitPageState::open_or_report(&path);
    assert!(again.notice.is_none(), "{:?}", again.notice);
    let c = again.circuit();
    assert_eq!(c[c.find("XOR1").expect("XOR1")].orientation(), want);

    // Undo takes the three edits back, one at a time.
    for _ in 0..3 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
    }
    assert!(doc_node(&h, "XOR1").orientation().is_default());
    assert!(doc_node(&h, "C").orientation().is_default());
}

#[test]
fn the_right_click_menu_renames_copies_and_deletes() {
    let mut h = app_with("half_adder.ron");
    let wires = h.state().state.circuit().wire_count();
    right_click_at(&h, node_screen_rect(&h, "AND1").center());
    h.run();
    h.get_by_label("Rename to").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label("Rename to").type_text("CARRY");
    h.key_press(Key::Enter);
    h.run();
    let c = h.state().state.circuit();
    assert!(c.find("AND1").is_none() && c.find("CARRY").is_some());
    assert_eq!(c.wire_count(), wires, "the wires follow the new label");

    // Copy puts it where Paste finds it.
    node_menu(&mut h, "CARRY", "Copy  (Ctrl+C)");
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    h.run();
    assert!(h.state().state.circuit().find("CARRY_2").is_some());

    node_menu(&mut h, "CARRY", "Delete  (Delete)");
    let c = h.state().state.circuit();
    assert!(c.find("CARRY").is_none());
    assert_eq!(c.wire_count(), wires - 3, "its two inputs and its output");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().state.circuit().find("CARRY").is_some());
}

#[test]
fn a_block_is_flipped_and_turned_from_its_menu_and_by_key() {
    let mut h = app_with("adder8.ron");
    let block_center = |h: &App| scene_to_screen(h) * h.get_by_label("hi").rect().center();
    let instance = |h: &App| {
        h.state()
            .state
            .document()
            .design
            .instances
            .iter()
            .find(|i| i.label == "hi")
            .cloned()
            .expect("hi")
    };
    let before = instance(&h);
    right_click_at(&h, block_center(&h));
    h.run();
    h.get_by_label("Flip  (M)").click();
    h.run();
    assert!(instance(&h).flip);
    // The pin widgets are where the geometry puts the mirrored pins.
    let inst = instance(&h);
    let rect = geometry::block_rect(inst.pos, inst.orientation(), 9, 5);
    let a0 = geometry::block_input(rect, inst.orientation(), 0);
    let at = h.get_by_label("hi.a0").rect().center();
    assert!(
        (at - pos2(a0.x * CELL, a0.y * CELL)).length() < 0.01,
        "hi.a0 at {at:?}, expected {a0:?} cells"
    );
    assert_eq!(
        a0,
        geometry::point(rect.min.x, rect.max.y - 1.0),
        "mirrored, input 0 is at the bottom"
    );

    click_at(&h, block_center(&h));
    h.run();
    assert_eq!(h.state().state.selected_instance.as_deref(), Some("hi"));
    h.key_press(Key::R);
    h.run();
    assert_eq!(instance(&h).facing, Facing::South);
    // Nine wires into the top of a turned block, from switches on its left: none touches
    // another, runs half a cell from another or through a part or label.
    assert_eq!(wiring_defects(&mut h), vec![]);
    for _ in 0..2 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
    }
    assert_eq!(instance(&h), before);
}

/// A file with a part of its own used twice, for editing inside an instance.
const TWO_INVERTERS: &str = r#"(
    version: 2,
    subcircuits: [
        (
            name: "inv",
            nodes: [
                (label: "a", kind: Switch, pos: (0, 0)),
                (label: "n", kind: Not, pos: (6, 0)),
                (label: "y", kind: Lamp, pos: (12, 0)),
            ],
            wires: [(from: "a", to: "n"), (from: "n", to: "y")],
        ),
    ],
    instances: [
        (label: "u", of: "inv", pos: (6, 0)),
        (label: "v", of: "inv", pos: (6, 8)),
    ],
    nodes: [(label: "A", kind: Switch, pos: (0, 0)), (label: "Y", kind: Lamp, pos: (20, 0))],
    wires: [(from: "A", to: "u.a"), (from: "u.y", to: "v.a"), (from: "v.y", to: "Y")],
)"#;

fn state_of(text: &str) -> CircuitPageState {
    let mut doc = gui::pages::circuit::state::DocState::new();
    doc.document = sim_core::format::from_str(text).expect("valid circuit");
    CircuitPageState::with_doc(doc)
}

#[test]
fn turning_a_node_inside_an_instance_turns_it_in_the_part_and_every_instance() {
    use gui::pages::circuit::state::Reorient;
    let mut state = state_of(TWO_INVERTERS);
    assert!(state.open_instance("u"));
    let n = state.circuit().find("u/n").expect("u/n");
    state.selection = std::iter::once(n).collect();
    assert!(state.reorient_selection(Reorient::Clockwise));
    assert!(state.notice.is_none(), "{:?}", state.notice);
    let c = state.circuit();
    for label in ["u/n", "v/n"] {
        assert_eq!(
            c[c.find(label).expect(label)].facing,
            Facing::South,
            "{label}"
        );
    }
    let part = &state.document().design.subcircuits[0];
    assert_eq!(part.nodes[1].facing, Facing::South, "the part's definition");
    // Written as version 4, with the part's node turned.
    let text = sim_core::format::to_string(state.document()).expect("saves");
    assert!(
        text.contains("version: 4,") && text.contains("facing: South"),
        "{text}"
    );
    state.undo();
    let c = state.circuit();
    assert_eq!(c[c.find("v/n").expect("v/n")].facing, Facing::East);
}

/// A bus split in two, into two bus lamps.
const SPLIT_BUS: &str = r#"(
    version: 3,
    nodes: [
        (label: "A", kind: Switch, pos: (0, 0), width: 8),
        (label: "SP", kind: Split("0-3,4-7"), pos: (6, 0)),
        (label: "L", kind: Lamp, pos: (12, 0), width: 4),
        (label: "H", kind: Lamp, pos: (12, 4), width: 4),
    ],
    wires: [(from: "A", to: "SP"), (from: "SP.0", to: "L"), (from: "SP.1", to: "H")],
)"#;

#[test]
fn a_bus_and_a_splitter_turn_on_a_level_with_buses() {
    use gui::pages::circuit::state::Reorient;
    let mut state = state_of(SPLIT_BUS);
    let a = state.circuit().bus("A").expect("bus A").bits.clone();
    assert!(state.reorient_nodes(&a, Reorient::Flip));
    state.selection.clear();
    state.selected_wiring = Some("SP".into());
    assert!(state.reorient_selection(Reorient::CounterClockwise));
    let (nodes, _) = state.written_level().expect("a bus level");
    let node = |label: &str| nodes.iter().find(|n| n.label == label).expect(label);
    assert!(node("A").flip);
    assert_eq!(node("SP").facing, Facing::North);
    // Every bit of the bus follows the written node.
    let c = state.circuit();
    assert!(c.bus("A").expect("bus A").bits.iter().all(|&b| c[b].flip));
    let saved = sim_core::format::to_string(state.document()).expect("saves");
    assert!(saved.contains("version: 4,"), "{saved}");
    assert!(saved.contains("facing: North"), "{saved}");
}

#[test]
fn add_to_waveform_from_the_right_click_menu() {
    let mut h = app_with("half_adder.ron");
    let lane = |h: &App| h.state().state.waves.find("AND1");
    assert!(lane(&h).is_none());
    node_menu(&mut h, "AND1", "Add to waveform");
    assert!(lane(&h).is_some());
}

/// A turned bus node's caption is drawn beside its turned box, in its own orientation
/// (`draw::bus_node` and the picture both read `geometry::label_area`), and the router keeps
/// the wires off that box, not off the one above it that an unturned node would have.
#[test]
fn a_turned_bus_node_keeps_wires_off_its_caption_where_it_is_drawn() {
    use gui::pages::circuit::picture::{Moves, Picture};
    use gui::pages::circuit::state::Reorient;
    let mut state = state_of(SPLIT_BUS);
    let h = state.circuit().bus("H").expect("bus H").bits.clone();
    assert!(state.reorient_nodes(&h, Reorient::Clockwise));
    let (nodes, _) = state.written_level().expect("a bus level");
    let node = nodes.iter().find(|n| n.label == "H").expect("H");
    assert_eq!(node.facing, Facing::South);
    let rect = geometry::rect(node);
    let text = geometry::label_text("H", 4);
    let beside = geometry::label_area(node.kind, rect, node.orientation(), &text);
    let above = geometry::caption_area(rect, Orientation::default(), &text);
    assert!(beside.is_some_and(|b| b.min.x >= rect.max.x), "{beside:?}");
    let picture = Picture::of(&state, &Moves::default());
    assert!(picture.labels.iter().any(|l| Some(*l) == beside));
    assert!(!picture.labels.contains(&above));
    assert_eq!(picture.check(&picture.route()), vec![]);
}
