//! Editing a circuit with buses at its top level: placing bus nodes (the palette's Width),
//! splitters and mergers, wiring them, refusing a width mismatch with both widths, undo, and
//! saving the edited bus level.

use egui_kittest::kittest::Queryable as _;
use gui::state::AppState;
use sim_core::kind::Ranges;
use sim_core::{NodeKind, Pos};

use crate::common::{App, TempDir, app, node_value};

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
    let mut h = app(AppState::default());
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
    let reloaded = AppState::open_or_report(&path);
    assert!(reloaded.notice.is_none(), "{:?}", reloaded.notice);
    assert_eq!(reloaded.document().design.bus_level, wired);
    let again = sim_core::format::to_string(reloaded.document()).expect("writes");
    assert_eq!(again, written, "save then reload gives the same file");
}
