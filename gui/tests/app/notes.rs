//! Text annotations as a person makes them: arm the palette's Text item, click the canvas,
//! type the text in the inspector, drag the note, delete it — each step undoable, saved in the
//! file's `notes`, and never a node of the circuit.

use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::{Note, Pos};

use crate::common::{
    App, TempDir, app_with, arm, cell_to_screen, click_cell, drag, scene_to_screen,
};

/// The open level's notes.
fn notes(h: &App) -> Vec<Note> {
    h.state().state.level_notes().to_vec()
}

/// Types `text` into the inspector's "Note text" field (replacing it) and presses Enter.
fn type_note(h: &mut App, text: &str) {
    h.get_by_label("Note text").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.get_by_label("Note text").type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn a_note_is_placed_edited_moved_deleted_and_saved() {
    let mut h = app_with("half_adder.ron");
    let nodes = h.state().state.circuit().node_count();
    arm(&mut h, "Text");
    click_cell(&mut h, pos2(2.0, 9.0));
    h.key_press(egui::Key::Escape);
    h.run();
    let at = Pos { x: 2, y: 9 };
    assert_eq!(
        notes(&h),
        [Note {
            pos: at,
            text: "Text".into()
        }]
    );
    assert_eq!(
        h.state().state.selected_note,
        Some(0),
        "the new note is selected"
    );
    type_note(&mut h, "sum and carry");
    assert_eq!(notes(&h)[0].text, "sum and carry");
    // Drawn and readable on the canvas; no node.
    let rect = h.get_by_label("Note: sum and carry").rect();
    assert_eq!(
        h.state().state.circuit().node_count(),
        nodes,
        "a note is no node"
    );
    // Dragged two cells right, one down.
    let from = scene_to_screen(&h) * rect.center();
    let to = from + (cell_to_screen(&h, pos2(4.0, 10.0)) - cell_to_screen(&h, pos2(2.0, 9.0)));
    drag(&mut h, from, to);
    h.run();
    assert_eq!(notes(&h)[0].pos, Pos { x: 4, y: 10 });
    // Saved in the file and read back.
    let dir = TempDir::new("notes");
    let path = dir.join("noted.ron");
    h.state_mut().state.save_as(&path);
    let written = std::fs::read_to_string(&path).expect("saved");
    assert!(
        written.contains("notes: [") && written.contains("sum and carry"),
        "{written}"
    );
    let reloaded = CircuitPageState::open_or_report(&path);
    assert_eq!(reloaded.level_notes(), notes(&h));
    // Deleted with Delete; each step undoes.
    h.get_by_label("Note: sum and carry").click();
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(notes(&h).is_empty(), "deleted");
    let state = &mut h.state_mut().state;
    state.undo();
    assert_eq!(
        state.level_notes()[0].pos,
        Pos { x: 4, y: 10 },
        "undo: back"
    );
    state.undo();
    assert_eq!(state.level_notes()[0].pos, at, "undo: not moved");
    state.undo();
    assert_eq!(state.level_notes()[0].text, "Text", "undo: the first text");
    state.undo();
    assert!(state.level_notes().is_empty(), "undo: not placed");
}
