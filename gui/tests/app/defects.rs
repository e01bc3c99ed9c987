//! Defects a newcomer hit on the circuit page (issue 39), each as the person met it: the
//! inspector kept the previous file's typed number; "Why this value" said "still at power-on"
//! for a switch set while a clock ran; a click on the waveform plot stopped the keyboard
//! shortcuts; the waveform panel closed when another file opened; an imported `.bench` opened
//! as an unsaved `untitled.ron`; the recent files were forgotten at restart; and no Help menu
//! listed the shortcuts.

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::TritiumApp;
use gui::common::recent::RECENT_KEY;
use gui::pages::CircuitPage;
use gui::pages::circuit::shortcuts::SHORTCUTS;
use gui::pages::circuit::state::{CircuitPageState, Discarding, Mode, SimSession};
use sim_core::Trit;

use crate::common::{
    App, Storage, TempDir, app, app_with, circuit_path, click_at, click_bus, click_node,
    enter_number, node_value, open_file,
};
use crate::waveform::open_panel;

/// The texts of the labels that contain `needle`.
fn labels_containing(h: &App, needle: &str) -> Vec<String> {
    h.query_all_by_label_contains(needle)
        .filter_map(|n| n.value().or_else(|| n.accesskit_node().label()))
        .filter(|t| t.contains(needle))
        .collect()
}

#[test]
fn a_refused_number_is_forgotten_when_another_file_opens() {
    let mut h = app_with("adder8_bus.ron");
    h.run();
    click_bus(&mut h, "A");
    let shown = h.get_by_label("Number").value();
    enter_number(&mut h, "300");
    assert_eq!(
        labels_containing(&h, "Refused: ").len(),
        1,
        "300 is refused"
    );

    // The same file again: a new document whose bus A is not the one typed into.
    open_file(&mut h, &circuit_path("adder8_bus.ron"));
    assert!(h.state().state.notice.as_ref().is_some_and(|n| !n.is_error));
    click_bus(&mut h, "A");
    assert_eq!(h.state().state.selected_bus().as_deref(), Some("A"));
    assert!(
        labels_containing(&h, "Refused: ").is_empty(),
        "the refusal belonged to the other document"
    );
    assert_eq!(
        h.get_by_label("Number").value(),
        shown,
        "the field shows A's value, not the 300 typed in the other document"
    );
}

/// A switch `EN` gating a clock through a chain of inverters: each tick makes five events.
const GATED_CLOCK: &str = r#"(
    version: 1,
    nodes: [
        (label: "EN", kind: Switch, pos: (0, 0)),
        (label: "CLK", kind: Clock(half_period: 1), pos: (0, 6)),
        (label: "N1", kind: Not, pos: (6, 6)),
        (label: "N2", kind: Not, pos: (12, 6)),
        (label: "N3", kind: Not, pos: (18, 6)),
        (label: "G", kind: And(2), pos: (24, 2)),
        (label: "Y", kind: Lamp, pos: (30, 2)),
    ],
    wires: [
        (from: "CLK", to: "N1", input: 0),
        (from: "N1", to: "N2", input: 0),
        (from: "N2", to: "N3", input: 0),
        (from: "EN", to: "G", input: 0),
        (from: "N3", to: "G", input: 1),
        (from: "G", to: "Y"),
    ],
)
"#;

#[test]
fn why_a_switch_has_its_value_outlasts_the_trace_of_a_long_clock_run() {
    let dir = TempDir::new("gated-clock");
    let path = dir.join("gated_clock.ron");
    std::fs::write(&path, GATED_CLOCK).expect("writable");
    let mut state = CircuitPageState::open_or_report(&path);
    // The test ticks the clock itself, as a running clock would.
    state.sim.clock_hz = 0.0;
    let mut h = app(state);
    h.run();
    // EN: unknown → −1 → +1.
    click_node(&h, "EN");
    h.run();
    click_node(&h, "EN");
    h.run();
    assert_eq!(node_value(&h, "EN"), "+1");
    let set_at = h.state().state.sim.wave().step();
    // The clock runs on until the trace has let EN's change go.
    let en = h.state().state.circuit().find("EN").expect("EN");
    let sim = &mut h.state_mut().state.sim;
    while !sim.why(en).is_empty() {
        sim.tick();
    }
    assert_eq!(
        sim.trace().len(),
        SimSession::TRACE_LIMIT,
        "the trace is full"
    );
    h.state_mut().state.selection = [en].into();
    h.run();

    assert!(
        labels_containing(&h, "still at power-on").is_empty(),
        "EN was set, not left at power-on"
    );
    assert_eq!(
        labels_containing(&h, "Set to "),
        [format!(
            "Set to {} at step {set_at}. The trace keeps the last {} events and no longer \
             holds that change",
            Trit::True,
            SimSession::TRACE_LIMIT
        )]
    );
}

#[test]
fn the_keyboard_shortcuts_work_after_a_click_on_the_waveform_plot() {
    let mut h = app_with("rs_nor_latch.ron");
    open_panel(&mut h);
    let plot = h
        .state_mut()
        .page_mut::<CircuitPage>()
        .expect("the circuit page")
        .waves
        .plot_rect
        .expect("the panel drew its plot");
    click_at(&h, plot.center());
    h.run();
    assert!(
        h.ctx.memory(|m| m.focused().is_some()),
        "the plot has the keyboard (for its arrow keys)"
    );

    let q = h.state().state.circuit().find("Q").expect("Q");
    h.state_mut().state.selection = [q].into();
    h.run();
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().state.circuit().find("Q").is_none(), "Delete");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().state.circuit().find("Q").is_some(), "Ctrl+Z");
    h.key_press_modifiers(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
    h.run();
    assert!(
        h.state().state.circuit().find("Q").is_none(),
        "Ctrl+Shift+Z redoes (it is not Ctrl+Z)"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    click_at(&h, plot.center());
    h.run();
    h.key_press(Key::Space);
    h.run();
    assert_eq!(h.state().state.sim.mode, Mode::Step, "Space");
}

#[test]
fn the_waveform_panel_stays_open_when_another_file_opens() {
    let mut h = app_with("rs_nor_latch.ron");
    open_panel(&mut h);
    open_file(&mut h, &circuit_path("half_adder.ron"));
    assert_eq!(h.state().state.doc.file_name(), "half_adder.ron");
    assert!(h.state().state.waves.shown);
    assert!(h.query_by_label("Follow").is_some(), "the panel is drawn");
}

#[test]
fn an_imported_netlist_opens_clean_titled_after_it_and_saves_as_ron() {
    let dir = TempDir::new("import");
    let bench = dir.join("and.bench");
    let text = "INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n";
    std::fs::write(&bench, text).expect("writable");
    let mut h = app(CircuitPageState::default());
    h.run();
    open_file(&mut h, &bench);
    let doc = &h.state().state.doc;
    assert_eq!(
        doc.title(),
        "and.bench — Tritium",
        "clean, named after the netlist"
    );
    assert!(!doc.is_modified());
    assert_eq!(
        doc.path, None,
        "no path: Save must not write RON over the netlist"
    );

    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(h.query_by_label("Save circuit as").is_some(), "Save asks");
    assert_eq!(
        h.get_by_label("File name").value().as_deref(),
        Some("and.ron")
    );
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(dir.file_names(), ["and.bench", "and.ron"]);
    assert_eq!(std::fs::read_to_string(&bench).expect("readable"), text);
    assert_eq!(h.state().state.doc.title(), "and.ron — Tritium");

    // Another file opens at once: nothing unsaved to ask about.
    open_file(&mut h, &bench);
    open_file(&mut h, &circuit_path("half_adder.ron"));
    assert_eq!(h.state().state.doc.file_name(), "half_adder.ron");
}

#[test]
fn the_recent_files_are_remembered_for_the_next_run() {
    let dir = TempDir::new("recent");
    let gone = dir.join("gone.ron");
    std::fs::copy(circuit_path("half_adder.ron"), &gone).expect("copy");
    let mut first = TritiumApp::new(CircuitPageState::default());
    for path in [circuit_path("rs_nor_latch.ron"), gone.clone()] {
        first.state.request(Discarding::Open(path));
    }
    first
        .state
        .request(Discarding::Open(circuit_path("adder8.ron")));
    assert_eq!(first.state.recent.len(), 3);
    let mut storage = Storage::default();
    eframe::App::save(&mut first, &mut storage);
    assert!(storage.0.contains_key(RECENT_KEY));

    // The next run, after `gone.ron` was deleted: the others, newest first.
    std::fs::remove_file(&gone).expect("deleted");
    let mut next = TritiumApp::new(CircuitPageState::default());
    next.restore(&storage);
    let kept = [first.state.recent[0].clone(), first.state.recent[2].clone()];
    assert_eq!(next.state.recent, kept);
    let mut h = app(CircuitPageState::default());
    h.state_mut().restore(&storage);
    crate::common::file_open(&mut h);
    assert!(h.query_by_label("adder8.ron").is_some(), "listed as recent");

    // What a later version (or a hand) wrote is ignored.
    storage
        .0
        .insert(RECENT_KEY.to_owned(), "not json".to_owned());
    let mut next = TritiumApp::new(CircuitPageState::default());
    next.restore(&storage);
    assert!(next.state.recent.is_empty());
}

#[test]
fn the_help_menu_lists_every_shortcut() {
    let mut h = app(CircuitPageState::default());
    h.run();
    h.get_by_label("Help").click();
    h.run();
    assert!(h.query_by_label("Keyboard shortcuts").is_some());
    for shortcut in &SHORTCUTS {
        assert!(
            h.query_by_label(shortcut.does).is_some(),
            "{}",
            shortcut.does
        );
        let keys = shortcut.keys_text(&h.ctx);
        assert!(h.query_by_label(&keys).is_some(), "{keys}");
    }
    assert!(h.query_by_label("Ctrl+Y or Ctrl+Shift+Z").is_some());
    assert!(h.query_by_label("Delete or Backspace").is_some());
}

#[test]
fn typing_in_a_text_field_never_fires_a_shortcut() {
    let mut h = app_with("rs_nor_latch.ron");
    let q = h.state().state.circuit().find("Q").expect("Q");
    h.state_mut().state.selection = [q].into();
    crate::common::file_open(&mut h);
    assert!(h.get_by_label("File name").is_focused());
    // R rotates and Delete deletes the selection: not while the name is typed.
    h.get_by_label("File name").type_text("r");
    h.run();
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().state.circuit().find("Q").is_some());
    assert!(!h.state().state.doc.is_modified());
}
