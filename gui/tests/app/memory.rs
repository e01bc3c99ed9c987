//! Memory windows, used like a person would: open a RAM from the View menu, read its words
//! (from its contents file, unknown where never written), see the word its address selects
//! highlighted, edit a word and watch the circuit read it; edit a ROM's word, undo it; open a
//! memory from the inspector (a RAM is a bus); save the contents file.

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sim_core::Trit;

use crate::common::{App, TempDir, app, app_with, circuit_path, click_bus};

/// Opens memory `label` through View → Memories.
fn open_memory(h: &mut App, label: &str) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Memories").click();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, label)
        .click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(h.state().state.memories.len(), 1);
}

/// The text the button of word `addr` shows (its AccessKit label is `word 0x03 = 7`, and
/// `, read now` or `, may be read` after it when the address marks it).
fn word(h: &App, addr: usize) -> String {
    let prefix = format!("word {addr:#04x} = ");
    let node = h.get_by_label_contains(&prefix);
    let label = node.accesskit_node().label().unwrap_or_default();
    let text = label.strip_prefix(&prefix).unwrap_or_default();
    text.split(',').next().unwrap_or_default().to_owned()
}

/// The addresses of the words marked `mark` (`read now`, `may be read`).
fn marked(h: &App, mark: &str) -> Vec<usize> {
    let suffix = format!(", {mark}");
    h.query_all_by_label_contains(&suffix)
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            let hex = label.strip_prefix("word 0x")?.split(' ').next()?;
            usize::from_str_radix(hex, 16).ok()
        })
        .collect()
}

/// Clicks word `addr`.
fn click_word(h: &mut App, addr: usize) {
    h.get_by_label_contains(&format!("word {addr:#04x} = "))
        .click();
    h.run();
}

/// Clicks word `addr`, types `text` and presses Enter.
fn edit_word(h: &mut App, addr: usize, text: &str) {
    click_word(h, addr);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(&format!("word {addr:#04x} :="))
        .type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

fn dout(h: &App) -> String {
    h.state().state.bus_text("DOUT").expect("the DOUT bus")
}

#[test]
fn a_ram_window_shows_live_words_and_edits_reach_the_circuit() {
    let mut h = app_with("ram_16x4.ron");
    h.run();
    open_memory(&mut h, "MEM");
    // From ram_16x4.hex: a, 5, c, then unknown.
    assert_eq!(word(&h, 0), "a");
    assert_eq!(word(&h, 1), "5");
    assert_eq!(word(&h, 3), "?");
    assert!(h.query_by_label("Address now: 0x?").is_some());
    // Set the address to 3 (a bus of switches, through the inspector's number field is
    // another test's business: here the state's own action) and write 7 at word 3.
    h.state_mut()
        .state
        .set_bus_number("A", "3")
        .expect("A is a bus of switches");
    h.run();
    assert!(h.query_by_label("Address now: 0x3").is_some());
    assert_eq!(dout(&h), "0x?");
    edit_word(&mut h, 3, "7");
    assert_eq!(word(&h, 3), "7");
    assert_eq!(dout(&h), "0x7", "the circuit reads the edited word");
    // A RAM edit is the simulation's, not the document's.
    assert!(!h.state().state.doc.is_modified());
}

#[test]
fn a_rom_edit_is_an_undoable_document_edit() {
    let mut h = app_with("rom_hex_7seg.ron");
    h.run();
    h.state_mut().state.open_memory("DECODE");
    h.run();
    h.state_mut()
        .state
        .set_bus_number("D", "2")
        .expect("D is a bus of switches");
    h.run();
    assert_eq!(h.state().state.bus_text("SEG").as_deref(), Some("0x5B"));
    assert_eq!(word(&h, 2), "5b");
    edit_word(&mut h, 2, "7f");
    assert_eq!(h.state().state.bus_text("SEG").as_deref(), Some("0x7F"));
    assert!(h.state().state.doc.is_modified());
    h.state_mut().state.undo();
    h.run();
    assert_eq!(h.state().state.bus_text("SEG").as_deref(), Some("0x5B"));
    // A word that does not fit is refused with a message naming it.
    edit_word(&mut h, 2, "1ff");
    let notice = h.state().state.notice.as_ref().map(|n| n.text.clone());
    assert_eq!(
        notice.as_deref(),
        Some("word `1ff` is 9 bits wide, the data bus 7")
    );
}

#[test]
fn save_contents_writes_the_file_beside_the_circuit() {
    let dir = TempDir::new("memory");
    let ron = std::fs::read_to_string(circuit_path("ram_16x4.ron")).expect("the example");
    let hex = std::fs::read_to_string(circuit_path("ram_16x4.hex")).expect("its contents");
    std::fs::write(dir.join("ram_16x4.ron"), ron).expect("copy");
    std::fs::write(dir.join("ram_16x4.hex"), hex).expect("copy");
    let state =
        gui::pages::circuit::state::CircuitPageState::open_or_report(&dir.join("ram_16x4.ron"));
    let mut h = app(state);
    h.run();
    open_memory(&mut h, "MEM");
    edit_word(&mut h, 4, "e");
    h.get_by_label("Save contents").click();
    h.run();
    let saved = std::fs::read_to_string(dir.join("ram_16x4.hex")).expect("saved");
    assert_eq!(saved, "a\n5\nc\n?\ne\n");
}

#[test]
fn a_ram_bus_selected_on_the_canvas_opens_its_memory_from_the_inspector() {
    let mut h = app_with("ram_16x4.ron");
    h.run();
    click_bus(&mut h, "MEM");
    assert!(
        h.query_by_label("Bus MEM").is_some(),
        "the RAM is a 4-trit bus"
    );
    h.get_by_label("Open memory").click();
    h.run();
    assert_eq!(h.state().state.memories.len(), 1, "its window is open");
    assert_eq!(word(&h, 0), "a", "showing its words");
}

#[test]
fn an_unknown_address_marks_its_candidate_words_apart_from_the_word_read_now() {
    let mut h = app_with("ram_16x4.ron");
    h.run();
    open_memory(&mut h, "MEM");
    // A is unknown at power-on: it may select any of the 16 words, none of them for sure.
    assert!(h.query_by_label("Address now: 0x?").is_some());
    assert!(
        marked(&h, "read now").is_empty(),
        "no word is read for sure"
    );
    assert_eq!(marked(&h, "may be read"), (0..16).collect::<Vec<_>>());
    // The legend says what each mark means.
    assert!(
        h.query_by_label("any of these: the address has unknown trits")
            .is_some()
    );
    assert!(h.query_by_label("the word the address selects;").is_some());
    // Two trits known (A = 0b1x0x as bits: A[3] = +1, A[1] = −1): four candidates.
    for (bit, v) in [(3, Trit::True), (1, Trit::False)] {
        let id = h
            .state()
            .state
            .circuit()
            .find(&format!("A[{bit}]"))
            .expect("bit");
        h.state_mut().state.set_value(id, v);
    }
    h.run();
    assert_eq!(marked(&h, "may be read"), [8, 9, 12, 13]);
    // A known address: one word, read now, and no candidates.
    h.state_mut()
        .state
        .set_bus_number("A", "3")
        .expect("A is a bus of switches");
    h.run();
    assert_eq!(marked(&h, "read now"), [3]);
    assert!(marked(&h, "may be read").is_empty());
}
