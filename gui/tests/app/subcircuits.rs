//! Subcircuits in the app, driven like a user would: box-select gates and make a subcircuit
//! of them (the circuit must compute exactly as before, and save and load back), open an
//! instance of the 8-bit adder and step inside it, edit a part's definition from inside one
//! instance and see the other instance follow, place an instance from the palette, undo;
//! File → Export Verilog… writes the hierarchical Verilog.

use crate::common::{
    App, TempDir, app, app_with, cell_to_screen, circuit_path, drag, node_value, scroll_and_click,
};
use egui::pos2;
use egui_kittest::kittest::Queryable as _;
use gui::pages::circuit::state::{CircuitPageState, Mode};
use sim_core::{NodeKind, Trit};

/// Sets the switches `labels` (top level) to `values` and lets the app settle.
fn set(h: &mut App, labels: &[&str], values: &[Trit]) {
    for (label, &v) in labels.iter().zip(values) {
        let state = &mut h.state_mut().state;
        let id = state.circuit().find(label).expect("a switch");
        state.set_value(id, v);
    }
    h.run_steps(2);
}

/// Every assignment of the three ternary inputs, in a fixed order.
fn all_inputs() -> Vec<[Trit; 3]> {
    let mut out = Vec::new();
    for a in Trit::ALL {
        for b in Trit::ALL {
            for c in Trit::ALL {
                out.push([a, b, c]);
            }
        }
    }
    out
}

#[test]
fn a_subcircuit_made_from_a_selection_computes_the_same() {
    let mut h = app_with("full_adder.ron");
    let inputs = ["A", "B", "Cin"];
    let outputs = ["S", "Cout"];
    let mut before = Vec::new();
    for v in all_inputs() {
        set(&mut h, &inputs, &v);
        before.push(outputs.map(|l| node_value(&h, l)));
    }

    // Box-select the carry's gates (AB, AC, BC and CARRY), as a user drags on the canvas
    // (from a spot no wire passes: a drag starting on a wire bends it).
    let (from, to) = (
        cell_to_screen(&h, pos2(11.0, 5.2)),
        cell_to_screen(&h, pos2(20.5, 17.5)),
    );
    drag(&mut h, from, to);
    let selected: Vec<String> = {
        let state = &mut h.state_mut().state;
        let c = state.circuit();
        state
            .selection
            .iter()
            .map(|&id| c[id].label.clone())
            .collect()
    };
    assert_eq!(selected.len(), 4, "{selected:?}");
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label("Make subcircuit  (Ctrl+G)").click();
    h.run();

    let state = &mut h.state_mut().state;
    let design = &state.document().design;
    assert_eq!(design.subcircuits.len(), 1);
    let part = &design.subcircuits[0];
    assert_eq!(part.name, "part1");
    // Pins named after the nets the selection cuts (top to bottom): the switches driving
    // the carry's gates, and the lamp the carry drives.
    assert_eq!(part.input_pins(), ["A", "B", "Cin"]);
    assert_eq!(part.output_pins(), ["Cout"]);
    assert_eq!(design.instances.len(), 1);
    assert!(state.circuit().find("CARRY").is_none());
    assert!(state.circuit().find("U1/CARRY").is_some());
    // The block and its pins are on the canvas, readable like nodes.
    h.run();
    assert_eq!(h.get_by_label("U1").value().as_deref(), Some("part1"));

    let mut after = Vec::new();
    for v in all_inputs() {
        set(&mut h, &inputs, &v);
        after.push(outputs.map(|l| node_value(&h, l)));
        let cout = node_value(&h, "Cout");
        assert_eq!(
            h.get_by_label("U1.Cout").value().as_deref(),
            Some(cout.as_str()),
            "the block's output pin carries what the lamp shows"
        );
    }
    assert_eq!(
        before, after,
        "the circuit computes the same for all 27 inputs"
    );

    // Saved as version 2 and read back, it is the same hierarchy.
    let dir = TempDir::new("subcircuit");
    let path = dir.join("full_adder_parts.ron");
    h.state_mut().state.save_as(&path);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(
        text.contains("version: 2") && text.contains("part1"),
        "{text}"
    );
    let again = CircuitPageState::open_or_report(&path);
    assert!(again.notice.is_none(), "{:?}", again.notice);
    assert_eq!(again.document().design, h.state().state.document().design);

    // Undo brings the flat gates back.
    h.state_mut().state.undo();
    let state = &h.state().state;
    assert!(state.circuit().find("CARRY").is_some());
    assert!(state.document().design.instances.is_empty());
}

#[test]
fn opening_an_instance_of_the_8_bit_adder_and_stepping_inside_it() {
    let mut h = app_with("adder8.ron");
    // The two 4-bit adders are blocks; A0's wire reaches lo's pin a0.
    assert_eq!(h.get_by_label("lo").value().as_deref(), Some("adder4"));
    set(
        &mut h,
        &["A0", "B0", "CIN"],
        &[Trit::True, Trit::False, Trit::False],
    );
    assert_eq!(h.get_by_label("lo.a0").value().as_deref(), Some("+1"));
    assert_eq!(node_value(&h, "S0"), "+1");

    // Select lo, open it from the inspector; the breadcrumbs show the path.
    h.state_mut().state.selected_instance = Some("lo".into());
    h.run_steps(3);
    h.get_by_label("Open instance").click();
    h.run_steps(3);
    assert_eq!(h.state().state.level, ["lo"]);
    assert!(
        h.query_by_label("top").is_some(),
        "breadcrumbs lead back up"
    );
    // Inside: the part's pins and its full adders as blocks.
    assert_eq!(
        node_value(&h, "a0"),
        "+1",
        "the pin shows what drives it outside"
    );
    assert_eq!(h.get_by_label("fa0").value().as_deref(), Some("full_adder"));
    // One more level down, to the OR gate of the first full adder.
    h.state_mut().state.open_instance("fa0");
    h.run_steps(3);
    assert_eq!(h.state().state.level, ["lo", "fa0"]);
    assert_eq!(node_value(&h, "or"), "-1");

    // Step mode: B0 goes to +1 (a carry appears); step until an event of fa0's OR.
    {
        let state = &mut h.state_mut().state;
        state.sim.set_mode(Mode::Step);
        let b0 = state.circuit().find("B0").expect("B0");
        state.set_value(b0, Trit::True);
    }
    h.run_steps(3);
    let mut stepped = Vec::new();
    for _ in 0..40 {
        h.get_by_label("Step").click();
        h.run_steps(3);
        let state = &h.state().state;
        let Some(event) = &state.sim.last else { break };
        let label = state.circuit()[event.node].label.clone();
        stepped.push(label.clone());
        if label == "lo/fa0/or" {
            break;
        }
    }
    assert_eq!(
        stepped.last().map(String::as_str),
        Some("lo/fa0/or"),
        "{stepped:?}"
    );
    // The gate inside shows its new value; the trace names events by their path.
    assert_eq!(node_value(&h, "or"), "+1");
    assert!(
        h.query_all_by_label_contains("lo/fa0/h1/n")
            .next()
            .is_some(),
        "the trace names the inner AND by its instance path"
    );
    // Back to the top with the breadcrumbs.
    h.get_by_label("top").click();
    h.run_steps(3);
    assert!(h.state().state.level.is_empty());
}

/// A document with its own part `inv` (a NOT between a switch and a lamp) placed twice.
const TWO_INVERTERS: &str = r#"(
    version: 2,
    subcircuits: [
        (
            name: "inv",
            nodes: [
                (label: "a", kind: Switch, pos: (0, 0)),
                (label: "g", kind: Not, pos: (4, 0)),
                (label: "y", kind: Lamp, pos: (10, 0)),
            ],
            wires: [(from: "a", to: "g"), (from: "g", to: "y")],
        ),
    ],
    instances: [(label: "I1", of: "inv", pos: (6, 0)), (label: "I2", of: "inv", pos: (6, 6))],
    nodes: [
        (label: "X", kind: Switch, pos: (0, 0)),
        (label: "Y1", kind: Lamp, pos: (16, 0)),
        (label: "Y2", kind: Lamp, pos: (16, 6)),
    ],
    wires: [
        (from: "X", to: "I1.a"), (from: "X", to: "I2.a"),
        (from: "I1.y", to: "Y1"), (from: "I2.y", to: "Y2"),
    ],
)"#;

#[test]
fn editing_a_definition_inside_one_instance_updates_every_instance() {
    let dir = TempDir::new("definition");
    let path = dir.join("two.ron");
    std::fs::write(&path, TWO_INVERTERS).expect("write");
    let mut h = app(CircuitPageState::open_or_report(&path));
    set(&mut h, &["X"], &[Trit::True]);
    assert_eq!(
        (node_value(&h, "Y1"), node_value(&h, "Y2")),
        ("-1".into(), "-1".into())
    );

    h.state_mut().state.open_instance("I1");
    h.run();
    // Inside I1 the gate is `g`; make it a buffer (the inspector's kind change).
    {
        let state = &mut h.state_mut().state;
        let g = state.circuit().find("I1/g").expect("inner gate");
        state.selection = [g].into();
        let ok = state.set_kind(g, NodeKind::Buf);
        assert!(ok, "{:?}", state.notice);
    }
    h.run();
    let state = &h.state().state;
    let part = &state.document().design.subcircuits[0];
    assert_eq!(
        part.nodes.iter().find(|n| n.label == "g").map(|n| n.kind),
        Some(NodeKind::Buf)
    );
    let kind = |l: &str| state.circuit()[state.circuit().find(l).expect(l)].kind;
    assert_eq!(kind("I2/g"), NodeKind::Buf, "the other instance follows");
    h.state_mut().state.go_up(0);
    h.run();
    assert_eq!(
        (node_value(&h, "Y1"), node_value(&h, "Y2")),
        ("+1".into(), "+1".into())
    );

    // Place a third instance from the palette, wire it, undo it all.
    scroll_and_click(&mut h, "inv");
    h.run();
    crate::common::click_at(&h, cell_to_screen(&h, pos2(6.5, 14.5)));
    h.run();
    let state = &h.state().state;
    assert_eq!(state.document().design.instances.len(), 3);
    assert!(state.circuit().find("U1/g").is_some());
    h.state_mut().state.undo();
    h.state_mut().state.undo();
    h.run();
    let state = &h.state().state;
    assert_eq!(state.document().design.instances.len(), 2);
    assert_eq!(kind_of(state, "I2/g"), NodeKind::Not);
    assert_eq!(
        (node_value(&h, "Y1"), node_value(&h, "Y2")),
        ("-1".into(), "-1".into())
    );
}

fn kind_of(state: &CircuitPageState, label: &str) -> NodeKind {
    state.circuit()[state.circuit().find(label).expect(label)].kind
}

#[test]
fn a_library_part_is_read_only_inside() {
    let mut h = app_with("adder8.ron");
    h.state_mut().state.open_instance("lo");
    h.run();
    let state = &mut h.state_mut().state;
    let id = state.circuit().find("lo/fa0/or");
    assert!(id.is_some());
    assert!(state.level_read_only().is_some());
    state.place(NodeKind::Not, sim_core::Pos { x: 0, y: 60 });
    let notice = state.notice.clone().expect("refused");
    assert!(
        notice.is_error && notice.text.contains("library part"),
        "{notice:?}"
    );
    assert!(!circuit_path("lib/adder4.ron").as_os_str().is_empty());
}

#[test]
fn a_part_file_beside_the_document_is_added_from_the_palette_and_placed() {
    let dir = TempDir::new("library");
    std::fs::create_dir_all(dir.join("lib")).expect("lib dir");
    let half_adder = std::fs::read_to_string(circuit_path("lib/half_adder.ron")).expect("part");
    std::fs::write(dir.join("lib/half_adder.ron"), half_adder).expect("copy");
    let path = dir.join("new.ron");
    std::fs::write(
        &path,
        "(version: 1, nodes: [(label: \"A\", kind: Switch, pos: (0, 0))], wires: [])",
    )
    .expect("write");
    let mut h = app(CircuitPageState::open_or_report(&path));
    scroll_and_click(&mut h, "Part files (lib/)");
    h.run();
    scroll_and_click(&mut h, "lib/half_adder.ron");
    h.run();
    assert_eq!(
        h.state().state.part_tool.as_deref(),
        Some("half_adder"),
        "adding the file arms its part"
    );
    crate::common::click_at(&h, cell_to_screen(&h, pos2(0.5, 3.5)));
    h.run();
    let state = &mut h.state_mut().state;
    assert_eq!(state.document().design.libraries, ["lib/half_adder.ron"]);
    assert_eq!(state.document().design.instances.len(), 1);
    // Wire A to the new block's pin a, as a user would by dragging (here: the state call the
    // drag makes), and save: the file now uses the library.
    assert!(state.connect_ends(
        &gui::pages::circuit::state::End::Node("A".into()),
        &gui::pages::circuit::state::End::Pin {
            instance: "U1".into(),
            pin: "a".into()
        },
        0
    ));
    state.save_as(&path);
    let again = CircuitPageState::open_or_report(&path);
    assert!(again.notice.is_none(), "{:?}", again.notice);
    assert_eq!(again.document().design.pin_wires.len(), 1);
    assert!(again.circuit().find("U1/x").is_some());
}

#[test]
fn renaming_an_instance_in_the_inspector_keeps_its_wires_and_test_paths() {
    let mut h = app_with("adder8.ron");
    // Click the `hi` block on the canvas to select it.
    let block = crate::common::scene_to_screen(&h) * h.get_by_label("hi").rect();
    crate::common::click_at(&h, block.center());
    h.run();
    assert_eq!(h.state().state.selected_instance.as_deref(), Some("hi"));
    // Type the new label into the inspector's Label field.
    h.get_by_label("Label").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label("Label").type_text("high");
    h.key_press(egui::Key::Enter);
    h.run_steps(3);

    let state = &h.state().state;
    assert!(
        state.notice.as_ref().is_none_or(|n| !n.is_error),
        "{:?}",
        state.notice
    );
    let design = &state.document().design;
    let labels: Vec<&str> = design.instances.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(labels, ["lo", "high"]);
    assert!(design.pin_wires.iter().any(|w| w.from == "high.s0"));
    assert!(!design.pin_wires.iter().any(|w| w.from.starts_with("hi.")));
    assert!(state.circuit().find("high/fa0/h2/x").is_some());
    assert!(state.circuit().find("hi/fa0/h2/x").is_none());
    // The test vector probing `hi/fa0/h2/x` follows, and every vector still passes.
    let probe = state.document().tests.iter().flat_map(|t| &t.steps);
    assert!(
        probe
            .flat_map(|s| &s.expect)
            .any(|(l, _)| l == "high/fa0/h2/x")
    );
    for test in &state.document().tests {
        let outcome = test.run(state.circuit()).expect("valid vectors");
        assert!(outcome.passed(), "{}", test.name);
    }
    // The block and its pins read under the new name, and still compute: 8 + 8 = 16.
    assert_eq!(h.get_by_label("high").value().as_deref(), Some("adder4"));
    let inputs: Vec<String> = (0..8)
        .flat_map(|i| [format!("A{i}"), format!("B{i}")])
        .chain(["CIN".to_owned()])
        .collect();
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let values: Vec<Trit> = inputs
        .iter()
        .map(|&l| Trit::from(l == "A3" || l == "B3"))
        .collect();
    set(&mut h, &inputs, &values);
    assert_eq!(h.get_by_label("high.a0").value().as_deref(), Some("-1"));
    assert_eq!(node_value(&h, "S3"), "-1");
    assert_eq!(node_value(&h, "S4"), "+1");

    // A label already used on the level is refused with the reason, and nothing changes.
    let state = &mut h.state_mut().state;
    assert!(!state.rename_instance("high", "lo"));
    let notice = state.notice.clone().expect("refused");
    assert!(
        notice.is_error && notice.text.contains("already used"),
        "{notice:?}"
    );
    assert!(!state.rename_instance("high", "a/b"));

    // Undo brings `hi` back, with its test path.
    state.undo();
    let state = &h.state().state;
    assert!(state.circuit().find("hi/fa0/h2/x").is_some());
    assert!(
        state
            .document()
            .tests
            .iter()
            .flat_map(|t| &t.steps)
            .flat_map(|s| &s.expect)
            .any(|(l, _)| l == "hi/fa0/h2/x")
    );
}

#[test]
fn file_export_verilog_writes_the_hierarchical_verilog_the_cli_writes() {
    let mut h = app_with("adder8.ron");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Export Verilog…").click();
    h.run();
    // The dialog opens in the circuit's folder and proposes its name as `.v`, selected.
    assert!(h.query_by_label("Export Verilog as").is_some());
    let field = h.get_by_label("File name");
    assert!(field.is_focused());
    assert_eq!(field.value().as_deref(), Some("adder8.v"));
    assert!(
        h.query_by_label("adder8.ron").is_none(),
        "only Verilog files are listed"
    );
    // Write it elsewhere: type over the name, press Enter.
    let dir = TempDir::new("export-verilog");
    let target = dir.join("out.v");
    h.get_by_label("File name")
        .type_text(&target.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    let notice = format!("exported Verilog to {}", target.display());
    assert!(h.query_by_label_contains(&notice).is_some(), "{notice}");
    // What `tritium export verilog circuits/adder8.ron` writes (the writer is shared): a
    // module per part, then the top module, named after the document ("8-bit adder").
    let written = std::fs::read_to_string(&target).expect("the export was written");
    let doc = &h.state().state.doc.document;
    let module = sim_core::verilog::default_module(doc, Some("adder8"));
    assert_eq!(module, "m_8_bit_adder");
    let (expected, warnings) = sim_core::verilog::document(doc, &module).expect("no tables");
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(written, expected);
    assert!(written.starts_with("// Written by tritium export verilog.\n"));
    let modules: Vec<&str> = written
        .lines()
        .filter_map(|l| l.strip_prefix("module "))
        .collect();
    assert!(
        modules.len() > 1
            && modules
                .last()
                .is_some_and(|m| m.starts_with("m_8_bit_adder(A0, ")),
        "{modules:?}"
    );
    assert_eq!(dir.file_names(), ["out.v"]);
}
