//! Editing a circuit with buses at its top level: placing bus nodes (the palette's Width),
//! splitters and mergers, wiring them, refusing a width mismatch with both widths, undo, and
//! saving the edited bus level.

use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::kind::Ranges;
use sim_core::{NodeKind, Pos};

use egui::pos2;

use crate::common::{
    App, TempDir, app, arm, cell_to_screen, click_cell, drag, node_value, type_into, zoom_to_100,
};

/// Places `kind`, `width` trits wide, at `(x, y)` and renames it `label`.
fn place(h: &mut App, kind: NodeKind, width: u8, (x, y): (i32, i32), label: &str) {
    let state = &mut h.state_mut().state;
    let placed = state
        .place_node(kind, width, Pos { x, y })
        .unwrap_or_else(|| panic!("{label} placed: {:?}", state.notice));
    assert!(
        state.rename_written(&placed, label),
        "{label}: {:?}",
        state.notice
    );
    h.run();
}

/// Wires written end `from` to input `input` of `to`, which must be accepted.
fn connect(h: &mut App, from: &str, to: &str, input: u8) {
    let state = &mut h.state_mut().state;
    assert!(
        state.connect_written(from, to, input),
        "{from} → {to}: {:?}",
        state.notice
    );
    h.run();
}

/// A new document with an 8-bit switch A cut by a splitter `0-3,4-7` into lamps L and H.
fn splitter_by_hand() -> App {
    let mut h = app(CircuitPageState::default());
    h.run();
    place(&mut h, NodeKind::Switch, 8, (0, 0), "A");
    assert!(
        h.state().state.document().design.bus_level.is_some(),
        "placing a bus makes the document one with buses"
    );
    let ranges = Ranges::parse("0-3,4-7").expect("ranges");
    place(&mut h, NodeKind::Split(ranges), 1, (6, 0), "SP");
    place(&mut h, NodeKind::Lamp, 4, (12, 0), "L");
    place(&mut h, NodeKind::Lamp, 4, (12, 5), "H");
    connect(&mut h, "A", "SP", 0);
    connect(&mut h, "SP.0", "L", 0);
    connect(&mut h, "SP.1", "H", 0);
    h
}

#[test]
fn a_splitter_built_by_hand_cuts_a_bus() {
    let mut h = splitter_by_hand();
    h.state_mut()
        .state
        .set_bus_number("A", "0x5A")
        .expect("0x5A");
    h.run();
    assert_eq!(node_value(&h, "L"), "0xA");
    assert_eq!(node_value(&h, "H"), "0x5");
    // Moving the splitter keeps the values (and the switch's bits keep theirs).
    h.state_mut()
        .state
        .move_written(&std::collections::BTreeSet::from(["SP".to_owned()]), 0, 2);
    h.run();
    assert_eq!(node_value(&h, "A"), "0x5A");
    assert_eq!(node_value(&h, "H"), "0x5");
    // The splitter is a widget of its own, named after it.
    assert_eq!(node_value(&h, "SP"), "Split(0-3,4-7)");
}

#[test]
fn a_width_mismatch_is_refused_naming_both_widths() {
    let mut h = splitter_by_hand();
    place(&mut h, NodeKind::Lamp, 4, (12, 10), "W");
    let before = h.state().state.document().design.bus_level.clone();
    let revision = h.state().state.doc.revision();
    let state = &mut h.state_mut().state;
    assert!(!state.connect_written("A", "W", 0), "8 trits into 4");
    let notice = state.notice.clone().expect("a notice");
    assert!(notice.is_error);
    assert!(
        notice.text.contains("`A` is 8 trits wide") && notice.text.contains("takes 4"),
        "{}",
        notice.text
    );
    assert_eq!(state.document().design.bus_level, before, "nothing changed");
    assert_eq!(state.doc.revision(), revision);
    h.run();
    // The status bar says it too.
    assert!(h.query_by_label_contains("takes 4").is_some());
}

#[test]
fn undo_restores_and_saving_round_trips() {
    let mut h = splitter_by_hand();
    let wired = h.state().state.document().design.bus_level.clone();
    {
        let state = &mut h.state_mut().state;
        let id = state.circuit().find("L[0]").expect("L's bit 0");
        state.selection = std::iter::once(id).collect();
        state.delete_selection();
        assert!(state.circuit().bus("L").is_none(), "L is deleted");
        state.undo();
        assert_eq!(state.document().design.bus_level, wired, "undo restores");
        assert!(state.circuit().bus("L").is_some());
    }
    h.run();
    let dir = TempDir::new("bus-edit");
    let path = dir.join("split.ron");
    h.state_mut().state.save_as(&path);
    let written = std::fs::read_to_string(&path).expect("saved");
    assert!(written.contains("Split(\"0-3,4-7\")"), "{written}");
    let reloaded = CircuitPageState::open_or_report(&path);
    assert!(reloaded.notice.is_none(), "{:?}", reloaded.notice);
    assert_eq!(reloaded.document().design.bus_level, wired);
    let again = sim_core::format::to_string(reloaded.document()).expect("writes");
    assert_eq!(again, written, "save then reload gives the same file");
}

/// Drags a wire on the canvas from grid point `from` to grid point `to` (pins).
fn drag_wire(
    h: &mut App,
    from: gui::pages::circuit::geometry::GridPoint,
    to: gui::pages::circuit::geometry::GridPoint,
) {
    let (from, to) = (
        cell_to_screen(h, pos2(from.x, from.y)),
        cell_to_screen(h, pos2(to.x, to.y)),
    );
    drag(h, from, to);
    h.run();
}

/// The open document's bus level, which must exist.
fn bus_level(h: &App) -> (Vec<sim_core::Node>, Vec<sim_core::WireDesc>) {
    h.state()
        .state
        .document()
        .design
        .bus_level
        .clone()
        .expect("a document with buses")
}

#[test]
fn the_palette_places_parts_of_the_chosen_width_and_splitters_of_the_typed_ranges() {
    let mut h = app(CircuitPageState::default());
    h.run();
    zoom_to_100(&mut h);
    // As a person would: the Width field, then the palette item, then a click on the canvas.
    type_into(&mut h, "Width", "8");
    assert_eq!(h.state().state.tool_width, 8);
    arm(&mut h, "Switch");
    click_cell(&mut h, pos2(2.0, 2.0));
    let design = &h.state().state.document().design;
    let level = design
        .bus_level
        .as_ref()
        .expect("a bus makes a bus document");
    assert_eq!(level.0.len(), 1);
    assert_eq!(
        (level.0[0].kind, level.0[0].width),
        (NodeKind::Switch, 8),
        "one 8-trit switch"
    );
    let switch = level.0[0].label.clone();
    assert_eq!(
        h.state()
            .state
            .circuit()
            .bus(&switch)
            .map(sim_core::bus::Bus::width),
        Some(8)
    );
    // A splitter of the ranges typed into the palette.
    type_into(&mut h, "Ranges", "0-1,2-7");
    arm(&mut h, "Split");
    click_cell(&mut h, pos2(10.0, 2.0));
    let level = bus_level(&h);
    let split = level
        .0
        .iter()
        .find(|n| n.kind.is_wiring())
        .expect("a splitter placed");
    assert_eq!(
        split.kind,
        NodeKind::Split(Ranges::parse("0-1,2-7").expect("ranges"))
    );
    // The canvas shows it with its ranges, a widget named after it.
    assert_eq!(node_value(&h, &split.label), "Split(0-1,2-7)");
    // Two lamps as wide as the ranges, then the wires dragged from pin to pin.
    type_into(&mut h, "Width", "2");
    arm(&mut h, "Lamp");
    click_cell(&mut h, pos2(20.0, 0.0));
    type_into(&mut h, "Width", "6");
    click_cell(&mut h, pos2(20.0, 6.0));
    let level = bus_level(&h);
    let node = |kind: NodeKind, width: u8| {
        level
            .0
            .iter()
            .find(|n| n.kind == kind && n.width == width)
            .unwrap_or_else(|| panic!("a {kind} of width {width}: {level:?}"))
            .clone()
    };
    let (a, sp) = (node(NodeKind::Switch, 8), split.clone());
    let (low, high) = (node(NodeKind::Lamp, 2), node(NodeKind::Lamp, 6));
    let out = gui::pages::circuit::geometry::output_pin(&a).expect("a switch has an output");
    drag_wire(
        &mut h,
        out,
        gui::pages::circuit::geometry::input_pin(&sp, 0),
    );
    for (k, lamp) in [(0, &low), (1, &high)] {
        let from = gui::pages::circuit::geometry::split_output(&sp, k);
        drag_wire(
            &mut h,
            from,
            gui::pages::circuit::geometry::input_pin(lamp, 0),
        );
    }
    let wires = h
        .state()
        .state
        .document()
        .design
        .bus_level
        .clone()
        .expect("bus level")
        .1;
    assert_eq!(wires.len(), 3, "three wires drawn: {wires:?}");
    h.state_mut()
        .state
        .set_bus_number(&a.label, "0x5A")
        .expect("0x5A");
    h.run();
    // 0x5A = 0b01011010: bits 0-1 are 0b10, bits 2-7 are 0b010110.
    assert_eq!(node_value(&h, &low.label), "0x2");
    assert_eq!(node_value(&h, &high.label), "0x16");
    // A malformed range text is refused in place, with the reason.
    type_into(&mut h, "Ranges", "0-3,5-7");
    assert!(h.query_by_label_contains("bit 4 is left out").is_some());
}
