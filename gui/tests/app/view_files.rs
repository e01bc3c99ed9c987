//! The view and the files, as a user meets them: opening a file (and File → New) fits the
//! circuit to the window, View → Fit (F) and Zoom 100 % (1), text laid out at its size on the
//! screen, a switch's value legible at the fitted zoom, the file dialog (a folder listing with
//! filters, recent files, Enter confirms, the name's text selected so typing replaces it), the
//! unsaved-changes question with Save, Discard and Cancel, and a `.bench` netlist opened
//! from the dialog.

use std::path::Path;

use egui::{Modifiers, Rect, pos2};
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;

use crate::common::{
    App, TempDir, WINDOW, app, app_with, circuit_path, file_open, node_screen_rect,
    scene_to_screen, type_name_and_enter,
};

/// The canvas's zoom (screen points per scene pixel).
fn zoom(h: &App) -> f32 {
    scene_to_screen(h).scaling
}

/// Every node of the open circuit lies in the window, and the palette does not cover it.
fn all_nodes_in_view(h: &App) {
    let palette_edge = h.get_by_label("Constant +1").rect().right();
    let window = Rect::from_min_size(pos2(palette_edge, 0.0), WINDOW);
    let labels: Vec<String> = {
        let c = h.state().state.circuit();
        // The top level's nodes (those inside the blocks are not on the canvas).
        c.nodes()
            .map(|(_, n)| n.label.clone())
            .filter(|l| !l.contains('/'))
            .collect()
    };
    assert!(!labels.is_empty());
    for label in labels {
        let r = node_screen_rect(h, &label);
        assert!(
            window.contains_rect(r),
            "{label} at {r:?} is outside {window:?}"
        );
    }
}

#[test]
fn opening_a_file_from_the_dialog_fits_it_to_the_window() {
    let mut h = app_with("half_adder.ron");
    h.key_press(egui::Key::Num1);
    h.run();
    assert!((zoom(&h) - 1.0).abs() < 1e-3, "1 zooms to 100 %");

    file_open(&mut h);
    type_name_and_enter(&mut h, &circuit_path("adder8.ron").display().to_string());
    assert_eq!(h.state().state.doc.file_name(), "adder8.ron");
    assert!(
        zoom(&h) < 1.0,
        "the 8-bit adder is fitted: zoom {}",
        zoom(&h)
    );
    all_nodes_in_view(&h);
}

#[test]
fn view_fit_and_zoom_100_from_the_menu_and_the_keys() {
    let mut h = app_with("adder8.ron");
    let fitted = zoom(&h);
    all_nodes_in_view(&h);

    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Zoom 100 %  (1)").click();
    h.run();
    assert!((zoom(&h) - 1.0).abs() < 1e-3, "zoom {}", zoom(&h));

    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Fit  (F)").click();
    h.run();
    h.run();
    assert!((zoom(&h) - fitted).abs() < 1e-3, "{} vs {fitted}", zoom(&h));
    all_nodes_in_view(&h);

    h.key_press(egui::Key::Num1);
    h.run();
    assert!((zoom(&h) - 1.0).abs() < 1e-3);
    h.key_press(egui::Key::F);
    h.run();
    h.run();
    assert!((zoom(&h) - fitted).abs() < 1e-3, "F fits again");
}

#[test]
fn a_small_circuit_is_fitted_but_not_blown_up_and_new_opens_at_100_percent() {
    let mut state = CircuitPageState::default();
    state.place(sim_core::NodeKind::Switch, sim_core::Pos { x: 0, y: 0 });
    let mut h = app(state);
    h.run();
    let z = zoom(&h);
    assert!(
        (z - gui::pages::circuit::views::MAX_FIT_ZOOM).abs() < 1e-3,
        "one switch would fit far larger: capped at {z}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    h.get_by_label("Discard").click();
    h.run();
    h.run();
    assert_eq!(h.state().state.circuit().node_count(), 0);
    assert!((zoom(&h) - 1.0).abs() < 1e-3, "File → New opens at 100 %");
}

/// The font sizes of the texts painted on the screen that read `text`.
fn font_sizes(h: &App, text: &str) -> Vec<f32> {
    h.output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::Shape::Text(t) if t.galley.job.text == text => {
                Some(t.galley.job.sections[0].format.font_id.size)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn zoomed_in_text_is_laid_out_at_its_size_on_the_screen() {
    let mut h = app_with("rs_nor_latch.ron");
    let at_fit = zoom(&h);
    let at_fit_sizes = font_sizes(&h, "NOR1");
    assert_eq!(at_fit_sizes.len(), 1, "one label NOR1");
    // Zoom in four times about the centre, as a pinch does.
    let centre = node_screen_rect(&h, "NOR1").center();
    h.hover_at(centre);
    h.event(egui::Event::Zoom(4.0 / at_fit));
    h.run();
    h.run();
    let z = zoom(&h);
    assert!((z - 4.0).abs() < 1e-3, "zoom {z}");
    let sizes = font_sizes(&h, "NOR1");
    assert_eq!(sizes.len(), 1);
    // Laid out at four times the size it has at 100 % (not scaled up from it, which blurs).
    let at_100 = at_fit_sizes[0] / gui::pages::circuit::views::layout_scale(at_fit);
    assert!(
        (sizes[0] - 4.0 * at_100).abs() < 0.01,
        "NOR1 laid out at {} px, {at_100} px at 100 %",
        sizes[0]
    );
}

#[test]
fn a_switch_value_is_drawn_large_enough_to_read_at_the_fitted_zoom() {
    let mut h = app_with("adder8.ron");
    let z = zoom(&h);
    assert!(z < 1.0, "fitted: {z}");
    crate::common::click_node(&h, "A0");
    h.run();
    assert_eq!(crate::common::node_value(&h, "A0"), "-1");
    let switch = node_screen_rect(&h, "A0");
    // The −1 bar: a filled rect inside the switch at least 10 points wide on the screen.
    let widest = h
        .output()
        .shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::Shape::Rect(r)
                if switch.contains_rect(r.rect) && r.fill == egui::Color32::from_gray(40) =>
            {
                Some(r.rect.width())
            }
            _ => None,
        })
        .fold(0.0, f32::max);
    assert!(
        widest >= 10.0,
        "the switch's bar is {widest} points wide at zoom {z}"
    );
}

#[test]
fn the_file_dialog_lists_folders_and_filtered_files_and_remembers_recent_ones() {
    let dir = TempDir::new("dialog");
    std::fs::create_dir_all(dir.join("parts")).expect("folder");
    std::fs::copy(circuit_path("half_adder.ron"), dir.join("half.ron")).expect("copy");
    std::fs::write(
        dir.join("and.bench"),
        "INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n",
    )
    .expect("write");
    std::fs::write(dir.join("notes.txt"), "not a circuit").expect("write");
    let mut state = CircuitPageState::default();
    state.save_as(&dir.join("parts/empty.ron"));
    let mut h = app(state);
    h.run();

    // Opens in the current file's folder, its name selected.
    file_open(&mut h);
    assert!(h.get_by_label("File name").is_focused());
    assert_eq!(
        h.get_by_label("File name").value().as_deref(),
        Some("empty.ron")
    );
    h.get_by_label("Up").click();
    h.run();
    assert!(h.query_by_label("parts/").is_some(), "folders are listed");
    assert!(h.query_by_label("half.ron").is_some());
    assert!(h.query_by_label("and.bench").is_some());
    assert!(h.query_by_label("notes.txt").is_none(), "not a circuit");
    // Only netlists.
    h.get_by_label("Show").click();
    h.run();
    h.get_by_label("Netlists (.bench)").click();
    h.run();
    assert!(h.query_by_label("half.ron").is_none());
    assert!(h.query_by_label("notes.txt").is_none());
    // A click picks a file, Open opens it: the netlist, laid out and untitled.
    h.get_by_label("and.bench").click();
    h.run();
    assert_eq!(
        h.get_by_label("File name").value().as_deref(),
        Some("and.bench")
    );
    h.get_by_label("Open").click();
    h.run();
    h.run();
    assert!(h.query_by_label("File name").is_none(), "the dialog closed");
    assert_eq!(h.state().state.circuit().node_count(), 4);
    assert_eq!(
        h.state().state.doc.path,
        None,
        "a netlist opens without a path"
    );
    assert!(
        h.query_by_label("y").is_some(),
        "the lamp y is on the canvas"
    );

    // The recent files: the netlist first, then the saved circuit; a click opens one (the
    // netlist, just imported, has nothing unsaved to ask about).
    let recent: Vec<&Path> = h
        .state()
        .state
        .recent
        .iter()
        .map(std::path::PathBuf::as_path)
        .collect();
    assert_eq!(recent.len(), 2, "{recent:?}");
    assert!(recent[0].ends_with("and.bench") && recent[1].ends_with("parts/empty.ron"));
    file_open(&mut h);
    assert!(h.query_by_label("Recent").is_some());
    h.get_by_label("empty.ron").click();
    h.run();
    assert!(h.query_by_label("Discard").is_none());
    assert_eq!(h.state().state.doc.file_name(), "empty.ron");
}

#[test]
fn enter_in_the_name_field_confirms_and_a_folder_name_enters_the_folder() {
    let dir = TempDir::new("dialog-enter");
    std::fs::create_dir_all(dir.join("sub")).expect("folder");
    let mut h = app_with("half_adder.ron");
    h.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), egui::Key::S);
    h.run();
    assert!(h.query_by_label("Save circuit as").is_some());
    // The prefilled name is selected: typing replaces it.
    type_name_and_enter(&mut h, &dir.join("sub").display().to_string());
    assert!(
        h.query_by_label("Save circuit as").is_some(),
        "a folder is entered"
    );
    assert_eq!(h.get_by_label("File name").value().as_deref(), Some(""));
    h.get_by_label("File name").type_text("copy");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.query_by_label("Save circuit as").is_none(), "Enter saved");
    assert_eq!(dir.file_names(), ["sub"]);
    assert!(
        dir.join("sub/copy.ron").is_file(),
        "saved with the extension added"
    );
    assert_eq!(h.state().state.doc.file_name(), "copy.ron");
}

#[test]
fn the_unsaved_changes_question_offers_save_discard_and_cancel() {
    let dir = TempDir::new("unsaved");
    let path = dir.join("latch.ron");
    std::fs::copy(circuit_path("rs_nor_latch.ron"), &path).expect("copy");
    let mut h = app(CircuitPageState::open_or_report(&path));
    h.run();
    let edit = |h: &mut App| {
        let state = &mut h.state_mut().state;
        let id = state.circuit().find("Q").expect("a lamp");
        assert!(state.rename(id, "Q2"));
        h.run();
    };
    edit(&mut h);

    // Cancel keeps the document.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_some());
    for button in ["Save", "Discard", "Cancel"] {
        assert!(h.query_by_label(button).is_some(), "{button}");
    }
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().state.circuit().find("Q2").is_some());

    // Save writes the file, then does what was asked (a new document).
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    h.get_by_label("Save").click();
    h.run();
    assert_eq!(
        h.state().state.circuit().node_count(),
        0,
        "File → New went on"
    );
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("\"Q2\""), "{saved}");

    // An untitled document: Save asks for a path first, then goes on.
    let state = &mut h.state_mut().state;
    state.place(sim_core::NodeKind::Switch, sim_core::Pos { x: 0, y: 0 });
    h.run();
    file_open(&mut h);
    type_name_and_enter(&mut h, &path.display().to_string());
    h.get_by_label("Save").click();
    h.run();
    assert!(h.query_by_label("Save circuit as").is_some());
    type_name_and_enter(&mut h, &dir.join("new").display().to_string());
    h.run();
    assert!(dir.join("new.ron").is_file());
    assert_eq!(
        h.state().state.doc.file_name(),
        "latch.ron",
        "then the file opened"
    );
}

#[test]
fn save_as_over_another_file_asks_before_replacing_it() {
    let dir = TempDir::new("dialog-replace");
    let other = dir.join("other.ron");
    std::fs::write(&other, "keep me").expect("write");
    let mut h = app_with("half_adder.ron");
    h.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), egui::Key::S);
    h.run();
    type_name_and_enter(&mut h, &other.display().to_string());
    assert!(
        h.query_by_label_contains("already exists. Replace it?")
            .is_some()
    );
    h.get_by_label("Keep it").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&other).expect("read"), "keep me");
    assert!(
        h.query_by_label("Save circuit as").is_some(),
        "still asking for a name"
    );
    h.get_by_label("Save").click();
    h.run();
    h.get_by_label("Replace").click();
    h.run();
    assert!(h.query_by_label("Save circuit as").is_none());
    let saved = std::fs::read_to_string(&other).expect("read");
    assert!(saved.contains("Half adder"), "{saved}");
    assert_eq!(h.state().state.doc.file_name(), "other.ron");
}
