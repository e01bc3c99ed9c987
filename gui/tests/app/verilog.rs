//! Verilog designs opened through File → Open: imported through Yosys like a `.bench` netlist
//! (titled after the file, without a path, laid out), simulated by clicks, and Yosys' own
//! message shown when the file does not compile. Skips without Yosys (fails under
//! `TRITIUM_REQUIRE_ORACLES=1`).

use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::CircuitPageState;

use crate::common::{
    App, TempDir, app, click_node, node_value, open_file, status, yosys_available,
};

#[test]
fn a_verilog_design_opens_through_file_open_and_simulates() {
    if !yosys_available() {
        return;
    }
    let dir = TempDir::new("verilog-open");
    let path = dir.join("and2.v");
    std::fs::write(
        &path,
        "module and2(input a, input b, output y);\n  assign y = a & b;\nendmodule\n",
    )
    .expect("writable");
    let mut h = app(CircuitPageState::default());
    h.run();
    open_file(&mut h, &path);
    let doc = &h.state().state.doc;
    assert_eq!(
        doc.title(),
        "and2.v — Tritium",
        "clean, named after the file"
    );
    assert_eq!(doc.path, None, "Save must not write RON over the Verilog");
    assert_eq!(doc.save_path(), Some(dir.join("and2.ron")));
    assert!(
        h.state()
            .state
            .circuit()
            .nodes()
            .all(|(_, n)| n.pos.is_some()),
        "every node is placed"
    );
    assert_eq!(status(&h, "opened"), "opened and2.v");
    // Inputs start unknown, as a Verilog testbench's unassigned `reg`s are `x`.
    assert_eq!(node_value(&h, "y"), "0");
    for input in ["a", "b"] {
        set_switch(&mut h, input, "+1");
    }
    assert_eq!(node_value(&h, "y"), "+1");
    set_switch(&mut h, "a", "-1");
    assert_eq!(node_value(&h, "y"), "-1");
}

/// Clicks switch `label` until it shows `value` (a click steps it through its values).
fn set_switch(h: &mut App, label: &str, value: &str) {
    for _ in 0..3 {
        if node_value(h, label) == value {
            return;
        }
        click_node(h, label);
        h.run();
    }
    assert_eq!(node_value(h, label), value, "switch {label}");
}

#[test]
fn a_verilog_syntax_error_shows_yosys_message_and_keeps_the_open_circuit() {
    if !yosys_available() {
        return;
    }
    let dir = TempDir::new("verilog-bad");
    let path = dir.join("bad.v");
    std::fs::write(
        &path,
        "module bad(input a, output b);\n  assign b = a +;\nendmodule\n",
    )
    .expect("writable");
    let mut h = app(CircuitPageState::default());
    h.run();
    open_file(&mut h, &path);
    let notice = h.state().state.notice.clone().expect("a notice");
    assert!(notice.is_error, "{notice:?}");
    assert!(
        notice.text.contains("bad.v:2: ERROR: syntax error"),
        "Yosys' message with file and line: {}",
        notice.text
    );
    assert!(h.query_by_label_contains("bad.v:2").is_some(), "shown");
    assert_eq!(h.state().state.doc.title(), "untitled.ron — Tritium");
}
