//! `CircuitPageState` without a window: undo/redo restores the exact document, the modified marker,
//! atomic save and reopen, malformed files, the "discard changes?" question, refused wires,
//! causality chains and Run-mode clocks.

use crate::common::{TempDir, circuit_path};
use gui::pages::circuit::state::{CircuitPageState, Discarding, DocState, Mode};
use sim_core::format;
use sim_core::{Cause, GateOp, NodeKind, Pos, Trit};

/// The document as the file format writes it: what "the exact document" means here.
fn text(state: &CircuitPageState) -> String {
    format::to_string(state.document()).expect("serializable")
}

fn find(state: &CircuitPageState, label: &str) -> sim_core::NodeId {
    state
        .circuit()
        .find(label)
        .unwrap_or_else(|| panic!("no node {label:?}"))
}

#[test]
fn undo_and_redo_restore_the_exact_document_over_every_kind_of_edit() {
    let mut state = CircuitPageState::open_or_report(&circuit_path("half_adder.ron"));
    let mut versions = vec![text(&state)];
    let a = find(&state, "A");
    let and1 = find(&state, "AND1");

    // place, connect
    let not = state
        .place(NodeKind::Not, Pos { x: 20, y: 2 })
        .expect("placed");
    versions.push(text(&state));
    let lamp = state
        .place(NodeKind::Lamp, Pos { x: 26, y: 2 })
        .expect("placed");
    versions.push(text(&state));
    assert!(state.connect(not, lamp, 0));
    versions.push(text(&state));
    assert!(state.connect(a, not, 0));
    versions.push(text(&state));
    // move
    state.move_nodes(&[not, lamp], 1, -2);
    versions.push(text(&state));
    // rename
    assert!(state.rename(lamp, "NA"));
    versions.push(text(&state));
    // set_kind: AND1 gets a third input, then back to two
    assert!(state.set_kind(and1, NodeKind::gate(GateOp::And, 3)));
    versions.push(text(&state));
    assert!(state.connect(not, and1, 2));
    versions.push(text(&state));
    assert!(state.set_kind(and1, NodeKind::gate(GateOp::And, 2))); // drops NOT→AND1.2
    versions.push(text(&state));
    // copy + paste (wires among the copies come along), then delete the originals
    state.selection = [not, lamp].into();
    state.copy();
    state.paste(0, 6);
    versions.push(text(&state));
    assert_eq!(state.selection.len(), 2, "the pasted copies are selected");
    state.selection = [not].into();
    state.delete_selection();
    versions.push(text(&state));

    // Every step changed the document, and the edits did what they say.
    for pair in versions.windows(2) {
        assert_ne!(pair[0], pair[1], "an edit left the document unchanged");
    }
    let last = &versions[versions.len() - 1];
    assert!(last.contains(r#"label: "NA""#), "{last}");
    assert!(last.contains(r#"label: "NOT1_2""#), "pasted copy: {last}");
    assert!(last.contains(r#"label: "NA_2""#), "pasted copy: {last}");
    assert!(!last.contains(r#"label: "NOT1""#), "deleted: {last}");
    assert!(last.contains("kind: And(2)"), "{last}");
    assert!(last.contains(r#"from: "NOT1_2", to: "NA_2""#), "{last}");

    // Undo all the way back, checking every intermediate document...
    for expected in versions.iter().rev().skip(1) {
        state.undo();
        assert_eq!(&text(&state), expected);
    }
    assert!(!state.doc.history.can_undo());
    state.undo(); // nothing left: no change
    assert_eq!(text(&state), versions[0]);
    assert!(!state.doc.is_modified(), "back at the file's revision");

    // ...and redo all the way forward.
    for expected in versions.iter().skip(1) {
        state.redo();
        assert_eq!(&text(&state), expected);
    }
    assert!(!state.doc.history.can_redo());
    assert!(state.doc.is_modified());

    // The engine follows the document: the surviving lamp NA_2 shows NOT(A).
    let na2 = find(&state, "NA_2");
    let not2 = find(&state, "NOT1_2");
    assert!(state.connect(a, not2, 0));
    state.set_value(a, Trit::True);
    assert_eq!(state.sim.value(na2), Trit::False);
}

#[test]
fn the_modified_marker_follows_edits_saves_and_undo() {
    let dir = TempDir::new("marker");
    let mut state = CircuitPageState::default();
    assert_eq!(state.doc.title(), "untitled.ron — Tritium");
    state
        .place(NodeKind::Switch, Pos { x: 0, y: 0 })
        .expect("placed");
    assert_eq!(state.doc.title(), "● untitled.ron — Tritium");

    let path = dir.join("marker.ron");
    state.save_as(&path);
    assert_eq!(state.notice.as_ref().map(|n| n.is_error), Some(false));
    assert_eq!(state.doc.title(), "marker.ron — Tritium");

    state
        .place(NodeKind::Lamp, Pos { x: 6, y: 0 })
        .expect("placed");
    assert_eq!(state.doc.title(), "● marker.ron — Tritium");
    state.undo(); // back to what is on disk
    assert_eq!(state.doc.title(), "marker.ron — Tritium");
    state.redo();
    assert_eq!(state.doc.title(), "● marker.ron — Tritium");
    assert!(state.save(), "has a path now");
    assert_eq!(state.doc.title(), "marker.ron — Tritium");
    // Undoing past the save point is a modification again.
    state.undo();
    assert_eq!(state.doc.title(), "● marker.ron — Tritium");
}

#[test]
fn save_then_reopen_is_identical_and_leaves_no_temporary_files() {
    let dir = TempDir::new("save");
    let mut state = CircuitPageState::open_or_report(&circuit_path("rs_nor_latch.ron"));
    let r = find(&state, "R");
    state.move_nodes(&[r], 0, -1);
    let before = text(&state);

    let path = dir.join("latch.ron");
    state.save_as(&path);
    let notice = state.notice.clone().expect("a notice");
    assert!(!notice.is_error, "{notice:?}");
    assert_eq!(dir.file_names(), ["latch.ron"], "no temporary file is left");
    assert_eq!(
        std::fs::read_to_string(&path).expect("saved file"),
        before,
        "the file holds exactly the document"
    );

    // Saving again over the existing file is just as clean.
    state
        .place(NodeKind::Probe, Pos { x: 12, y: 9 })
        .expect("placed");
    assert!(state.save());
    assert_eq!(dir.file_names(), ["latch.ron"]);

    let reopened = CircuitPageState::open_or_report(&path);
    assert!(reopened.notice.is_none(), "{:?}", reopened.notice);
    assert_eq!(text(&reopened), text(&state));
    assert_eq!(reopened.doc.path.as_deref(), Some(path.as_path()));
    assert!(!reopened.doc.is_modified());
    assert_eq!(reopened.document().tests.len(), 3, "embedded tests survive");
}

#[test]
fn saving_into_a_missing_directory_reports_and_keeps_the_document() {
    let dir = TempDir::new("nodir");
    let mut state = CircuitPageState::open_or_report(&circuit_path("half_adder.ron"));
    let before = text(&state);
    let path = dir.join("missing").join("x.ron");
    state.save_as(&path);
    let notice = state.notice.clone().expect("a notice");
    assert!(notice.is_error);
    assert!(notice.text.starts_with("cannot save"), "{}", notice.text);
    assert_eq!(text(&state), before);
    assert_ne!(state.doc.path.as_deref(), Some(path.as_path()));
    assert_eq!(
        dir.file_names(),
        Vec::<String>::new(),
        "no temp file either"
    );
}

#[test]
fn a_malformed_file_opens_an_empty_app_with_the_error_position() {
    let dir = TempDir::new("malformed");
    let path = dir.join("broken.ron");
    std::fs::write(&path, crate::common::MALFORMED).expect("write");

    let state = CircuitPageState::open_or_report(&path);
    let notice = state.notice.clone().expect("an error notice");
    assert!(notice.is_error);
    let prefix = format!("{}:5:", path.display());
    assert!(notice.text.starts_with(&prefix), "{}", notice.text);
    let column = notice.text[prefix.len()..]
        .split(':')
        .next()
        .expect("a column");
    let column: usize = column.parse().expect("a numeric column");
    assert!((12..=22).contains(&column), "column {column} of line 5");
    // The app is alive with an empty, unmodified, untitled document.
    assert_eq!(state.circuit().node_count(), 0);
    assert!(state.doc.path.is_none());
    assert!(!state.doc.is_modified());
}

#[test]
fn opening_a_malformed_file_from_the_app_keeps_the_current_document() {
    let dir = TempDir::new("reopen");
    let path = dir.join("broken.ron");
    std::fs::write(&path, crate::common::MALFORMED).expect("write");
    let mut state = CircuitPageState::open_or_report(&circuit_path("half_adder.ron"));
    let before = text(&state);
    state.request(Discarding::Open(path.clone()));
    assert!(state.confirm.is_none(), "nothing unsaved: no question");
    let notice = state.notice.clone().expect("an error notice");
    assert!(notice.is_error);
    assert!(
        notice.text.starts_with(&format!("{}:5:", path.display())),
        "{}",
        notice.text
    );
    assert_eq!(text(&state), before);
    assert_eq!(state.doc.file_name(), "half_adder.ron");
}

#[test]
fn open_with_unsaved_changes_asks_first_and_cancel_keeps_the_document() {
    let mut state = CircuitPageState::open_or_report(&circuit_path("half_adder.ron"));
    state
        .place(NodeKind::Lamp, Pos { x: 20, y: 0 })
        .expect("placed");
    let edited = text(&state);
    let other = circuit_path("rs_nor_latch.ron");

    state.request(Discarding::Open(other.clone()));
    assert!(matches!(&state.confirm, Some(Discarding::Open(p)) if *p == other));
    assert_eq!(text(&state), edited, "nothing happens before the answer");

    state.answer(false); // Cancel
    assert!(state.confirm.is_none());
    assert_eq!(text(&state), edited);
    assert!(state.doc.is_modified());
    assert_eq!(state.doc.file_name(), "half_adder.ron");

    // New and Quit ask too; Discard performs the action.
    state.request(Discarding::Quit);
    assert!(matches!(state.confirm, Some(Discarding::Quit)));
    state.answer(false);
    assert!(!state.quit);
    state.request(Discarding::Open(other));
    state.answer(true); // Discard
    assert!(state.confirm.is_none());
    assert_eq!(state.doc.file_name(), "rs_nor_latch.ron");
    assert!(!state.doc.is_modified());
    assert!(state.circuit().find("NOR1").is_some());
}

#[test]
fn a_second_driver_on_an_input_is_refused_with_a_notice() {
    let mut state = CircuitPageState::open_or_report(&circuit_path("half_adder.ron"));
    let (a, b, xor) = (find(&state, "A"), find(&state, "B"), find(&state, "XOR1"));
    let before = text(&state);
    let extra = state
        .place(NodeKind::Switch, Pos { x: 0, y: 10 })
        .expect("placed");
    let placed = text(&state);

    assert!(!state.connect(extra, xor, 0), "XOR1.0 is driven by A");
    let notice = state.notice.clone().expect("a notice");
    assert!(notice.is_error);
    assert!(notice.text.contains("already driven"), "{}", notice.text);
    assert!(
        notice.text.contains("`A`"),
        "names the driver: {}",
        notice.text
    );
    assert_eq!(text(&state), placed, "the circuit is unchanged");

    // A refused edit records nothing: one undo removes the placed switch.
    state.undo();
    assert_eq!(text(&state), before);
    // Re-wiring what is already there is refused the same way.
    assert!(!state.connect(b, xor, 0));
    assert!(!state.connect(a, xor, 1));
    assert_eq!(text(&state), before);
}

#[test]
fn why_runs_back_from_q_through_nor1_to_r_after_a_reset() {
    let mut state = CircuitPageState::open_or_report(&circuit_path("rs_nor_latch.ron"));
    let labels = |state: &CircuitPageState, id| -> Vec<String> {
        state
            .sim
            .why(id)
            .iter()
            .map(|e| state.circuit()[e.node].label.clone())
            .collect()
    };
    let (r, s, q, qn) = (
        find(&state, "R"),
        find(&state, "S"),
        find(&state, "Q"),
        find(&state, "Qn"),
    );
    assert!(state.sim.why(q).is_empty(), "still at power-on");

    state.set_value(r, Trit::False);
    state.set_value(s, Trit::False);
    assert_eq!(state.sim.value(q), Trit::Unknown);
    state.set_value(r, Trit::True);
    assert_eq!(
        (state.sim.value(q), state.sim.value(qn)),
        (Trit::False, Trit::True)
    );

    assert_eq!(labels(&state, q), ["Q", "NOR1", "R"]);
    assert_eq!(labels(&state, qn), ["Qn", "NOR2", "NOR1", "R"]);
    let chain = state.sim.why(q);
    assert_eq!(chain[chain.len() - 1].cause, Cause::Set);
    assert_eq!(
        (chain[0].old, chain[0].new),
        (Trit::Unknown, Trit::False),
        "Q's last change"
    );
    for pair in chain.windows(2) {
        assert_eq!(pair[0].cause, Cause::Event(pair[1].seq), "linked by cause");
    }
}

/// A clock driving a lamp, opened from a file (see the ignored test below for placing one).
const CLOCKED: &str = r#"(
    version: 1,
    nodes: [
        (label: "CLK", kind: Clock(half_period: 1), pos: (0, 0)),
        (label: "L", kind: Lamp, pos: (6, 0)),
    ],
    wires: [(from: "CLK", to: "L")],
)
"#;

fn clocked() -> CircuitPageState {
    let mut doc = DocState::new();
    doc.document = format::from_str(CLOCKED).expect("valid circuit");
    CircuitPageState::with_doc(doc)
}

#[test]
fn run_mode_clocks_tick_with_advance() {
    let mut state = clocked();
    let lamp = find(&state, "L");
    assert_eq!(state.sim.mode, Mode::Run);
    assert!(
        (state.sim.clock_hz - 2.0).abs() < f32::EPSILON,
        "2 Hz by default"
    );
    assert_eq!(state.sim.value(lamp), Trit::False, "clocks start low");
    let time = state.sim.engine().time();

    // 2 Hz: a quarter second is half a tick, the next quarter completes it.
    assert_eq!(state.sim.advance(0.25), 0);
    assert_eq!(state.sim.value(lamp), Trit::False);
    assert_eq!(state.sim.advance(0.25), 1);
    assert_eq!(state.sim.value(lamp), Trit::True);
    assert_eq!(state.sim.advance(1.0), 2);
    assert_eq!(state.sim.value(lamp), Trit::True, "toggled twice");
    assert_eq!(state.sim.advance(0.5), 1);
    assert_eq!(state.sim.value(lamp), Trit::False);
    assert_eq!(state.sim.engine().time(), time + 4);
    // A long stall does not run away: at most 8 ticks at once.
    assert_eq!(state.sim.advance(3600.0), 8);

    // Step mode leaves the clocks to the Tick button.
    state.sim.set_mode(Mode::Step);
    let time = state.sim.engine().time();
    assert_eq!(state.sim.advance(10.0), 0);
    assert_eq!(state.sim.engine().time(), time);
    state.sim.tick();
    assert_eq!(state.sim.engine().time(), time + 1);
    assert!(
        state.sim.pending().next().is_some(),
        "the toggle waits for Step"
    );
    // So does a clock rate of zero.
    state.sim.set_mode(Mode::Run);
    state.sim.clock_hz = 0.0;
    assert_eq!(state.sim.advance(10.0), 0);
}

#[test]
fn placed_sources_drive_their_power_on_values() {
    let mut state = CircuitPageState::default();
    let one = state
        .place(NodeKind::Constant(Trit::True), Pos { x: 0, y: 0 })
        .expect("placed");
    let clock = state
        .place(NodeKind::Clock { half_period: 1 }, Pos { x: 0, y: 4 })
        .expect("placed");
    let button = state
        .place(NodeKind::Button, Pos { x: 0, y: 8 })
        .expect("placed");
    assert_eq!(state.sim.value(one), Trit::True);
    assert_eq!(state.sim.value(clock), Trit::False, "clocks start low");
    assert_eq!(state.sim.value(button), Trit::False, "released");
}

#[test]
fn advance_does_not_tick_a_circuit_without_clocks() {
    // Regression: `advance` used to tick (and make the app repaint at the clock rate forever)
    // even when there was no clock to toggle.
    let mut state = CircuitPageState::open_or_report(&circuit_path("rs_nor_latch.ron"));
    let time = state.sim.engine().time();
    assert_eq!(state.sim.advance(5.0), 0);
    assert_eq!(state.sim.engine().time(), time);
}

#[test]
fn renaming_a_node_renames_it_in_the_embedded_tests_too() {
    // Regression: the tests kept the old label, so the saved file could not be opened again
    // ("test `seed walkthrough`, steps[1]: unknown label `R`").
    let dir = TempDir::new("rename");
    let mut state = CircuitPageState::open_or_report(&circuit_path("rs_nor_latch.ron"));
    let original = text(&state);
    let r = find(&state, "R");
    assert!(state.rename(r, "Reset"));
    let renamed = text(&state);
    assert!(!renamed.contains(r#""R""#), "{renamed}");
    assert!(
        renamed.contains(r#"set: {"Reset": -1, "S": -1}"#),
        "{renamed}"
    );

    let path = dir.join("renamed.ron");
    state.save_as(&path);
    let reopened = CircuitPageState::open_or_report(&path);
    assert!(reopened.notice.is_none(), "{:?}", reopened.notice);
    assert_eq!(text(&reopened), renamed);

    // One undo step restores the label and the tests.
    state.undo();
    assert_eq!(text(&state), original);
    state.redo();
    assert_eq!(text(&state), renamed);
    // A refused rename touches neither.
    assert!(!state.rename(r, "S"), "taken");
    assert_eq!(text(&state), renamed);
}

#[test]
fn a_saved_file_reopens_after_deleting_a_node_the_tests_name() {
    let dir = TempDir::new("delete");
    let mut state = CircuitPageState::open_or_report(&circuit_path("rs_nor_latch.ron"));
    state.selection = [find(&state, "Q")].into();
    state.delete_selection();
    let path = dir.join("deleted.ron");
    state.save_as(&path);
    let reopened = CircuitPageState::open_or_report(&path);
    assert!(reopened.notice.is_none(), "{:?}", reopened.notice);
    assert_eq!(text(&reopened), text(&state));
}

#[test]
fn a_bench_netlist_opens_laid_out_and_without_a_path() {
    let dir = TempDir::new("bench");
    let path = dir.join("and.bench");
    std::fs::write(&path, "INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n").expect("writable");
    let state = CircuitPageState::open_or_report(&path);
    assert!(state.notice.is_none(), "{:?}", state.notice);
    assert_eq!(
        state.circuit().node_count(),
        4,
        "two switches, the gate, the lamp"
    );
    assert!(
        state.circuit().nodes().all(|(_, n)| n.pos.is_some()),
        "every node is placed"
    );
    // Saving must not write RON over the netlist: it has no path (Save As proposes one),
    // and it is named after the netlist, unmodified.
    assert_eq!(state.doc.path, None);
    assert_eq!(state.doc.save_path(), Some(dir.join("and.ron")));
    assert_eq!(state.doc.file_name(), "and.bench");
    assert!(!state.doc.is_modified());

    let mut state = CircuitPageState::default();
    state.request(Discarding::Open(path));
    assert_eq!(
        state.notice.as_ref().map(|n| (n.text.as_str(), n.is_error)),
        Some(("opened and.bench", false))
    );
}

#[test]
fn a_library_outside_the_circuits_folder_is_refused_without_its_text() {
    let dir = TempDir::new("libpolicy");
    std::fs::create_dir_all(dir.join("top")).expect("folder");
    std::fs::write(dir.join("secret.ron"), "SECRETWORD\n").expect("writable");
    let top = dir.join("top").join("top.ron");
    std::fs::write(
        &top,
        "(\n    version: 2,\n    libraries: [\"../secret.ron\"],\n    nodes: [],\n)\n",
    )
    .expect("writable");
    let state = CircuitPageState::open_or_report(&top);
    let notice = state.notice.expect("an error");
    assert!(notice.is_error);
    assert!(
        notice.text.contains("refused") && !notice.text.contains("SECRETWORD"),
        "{}",
        notice.text
    );
}
