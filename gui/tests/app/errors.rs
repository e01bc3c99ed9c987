//! Errors in the app: a malformed file shows `path:line:col` in the status bar and the app
//! keeps working; File → Open on a malformed file keeps the open circuit; File → Open with
//! unsaved changes asks first.

use crate::common::{App, TempDir, app, app_with, arm, click_cell, click_node, node_value, status};
use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;

fn malformed(dir: &TempDir) -> std::path::PathBuf {
    let path = dir.join("broken.ron");
    std::fs::write(&path, crate::common::MALFORMED).expect("write");
    path
}

/// The status bar's notice that starts with `prefix`.
fn notice(h: &App, prefix: &str) -> String {
    h.get_by_label_contains(prefix)
        .value()
        .expect("a label has its text as value")
}

/// Asks for File → Open… through the menu, types `path` over the prefilled name (its text is
/// selected when the dialog opens, so typing replaces it), and presses Enter.
fn open_through_the_menu(h: &mut App, path: &std::path::Path) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open…  (Ctrl+O)").click();
    h.run();
    assert!(h.get_by_label("File name").is_focused());
    h.get_by_label("File name")
        .type_text(&path.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

#[test]
fn a_malformed_file_shows_its_position_in_the_status_bar_and_the_app_keeps_running() {
    let dir = TempDir::new("errors-open");
    let path = malformed(&dir);
    let mut h = app(CircuitPageState::open_or_report(&path));

    let position = format!("{}:5:", path.display());
    let text = notice(&h, &position);
    assert!(text.starts_with(&position), "{text}");
    let column = text[position.len()..].split(':').next().expect("a column");
    assert!(column.parse::<usize>().is_ok(), "a column number: {text}");
    assert_eq!(status(&h, "Mode: "), "Mode: Run");

    // Further frames and clicks work: switch modes, place and toggle a switch.
    h.run();
    h.get_by_label("Step mode").click();
    h.run();
    assert_eq!(status(&h, "Mode: "), "Mode: Step");
    h.get_by_label("Run").click();
    h.run();
    assert_eq!(status(&h, "Mode: "), "Mode: Run");
    crate::common::zoom_to_100(&mut h);
    arm(&mut h, "Switch");
    click_cell(&mut h, pos2(2.0, 2.0));
    assert!(
        h.query_by_label_contains(&position).is_none(),
        "a successful edit clears the error"
    );
    h.key_press(egui::Key::Escape);
    h.run();
    click_node(&h, "SW1");
    h.run();
    assert_eq!(node_value(&h, "SW1"), "-1");
}

#[test]
fn file_open_on_a_malformed_file_reports_it_and_keeps_the_open_circuit() {
    let dir = TempDir::new("errors-menu");
    let path = malformed(&dir);
    let mut h = app_with("rs_nor_latch.ron");
    click_node(&h, "R");
    h.run();
    assert_eq!(node_value(&h, "R"), "-1");

    open_through_the_menu(&mut h, &path);
    assert!(h.query_by_label("File name").is_none(), "the dialog closed");
    let text = notice(&h, &format!("{}:5:", path.display()));
    assert!(!text.is_empty());
    // Same circuit, same values, still interactive.
    assert_eq!(h.state().state.doc.file_name(), "rs_nor_latch.ron");
    assert_eq!(node_value(&h, "R"), "-1");
    click_node(&h, "R");
    h.run();
    assert_eq!(node_value(&h, "R"), "+1");
    assert_eq!(node_value(&h, "Q"), "-1");
}

#[test]
fn file_open_with_unsaved_changes_asks_and_cancel_keeps_the_document() {
    let mut h = app_with("rs_nor_latch.ron");
    // An edit: drag NOR2 two cells down.
    let t = crate::common::scene_to_screen(&h);
    let grab = crate::common::node_screen_rect(&h, "NOR2").center();
    crate::common::drag(
        &mut h,
        grab,
        grab + egui::vec2(0.0, 2.0 * gui::pages::circuit::geometry::CELL * t.scaling),
    );
    h.run();
    assert!(h.state().state.doc.is_modified());
    let edited = sim_core::format::to_string(h.state().state.document()).expect("text");

    let other = crate::common::circuit_path("half_adder.ron");
    open_through_the_menu(&mut h, &other);
    assert!(h.query_by_label("Unsaved changes").is_some(), "asks first");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert_eq!(
        sim_core::format::to_string(h.state().state.document()).expect("text"),
        edited
    );
    assert_eq!(h.state().state.doc.file_name(), "rs_nor_latch.ron");

    // Asked again, Discard opens the other file.
    open_through_the_menu(&mut h, &other);
    h.get_by_label("Discard").click();
    h.run();
    assert_eq!(h.state().state.doc.file_name(), "half_adder.ron");
    assert_eq!(notice(&h, "opened "), "opened half_adder.ron");
    assert_eq!(node_value(&h, "S"), "0");
}
