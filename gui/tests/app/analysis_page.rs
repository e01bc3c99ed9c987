//! The Analysis page used like a person would: the table's cells clicked through 0 → 1 → -,
//! inputs added, the minimal expressions read with their `exact` label, the Karnaugh map's
//! cells clicked, an expression typed into the box (and a wrong one shown with its column);
//! Analyse on an instance or on nodes selected on the circuit page, over a chosen output's
//! cone and with unknowns as don't-cares; Build as subcircuit placing a part in the open
//! circuit; the state machine's minimisation options.

use crate::common::{
    App, TempDir, app, app_with, cell_to_screen, click_at, click_node, drag, node_value, type_into,
};
use egui::pos2;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::AnalysisPage;
use gui::pages::analysis::state::AnalysisState;
use gui::pages::circuit::state::{CircuitPageState, End};

/// The app on the Analysis page (clicked by its tab).
pub fn analysis_page() -> App {
    crate::common::app_on_page("Analysis")
}

/// The page's state.
fn state(h: &App) -> &AnalysisState {
    &h.state()
        .page::<AnalysisPage>()
        .expect("the analysis page is listed")
        .state
}

/// Clicks output `output`'s cell of `row` in the table (the first widget of that name; the
/// Karnaugh map's cell of the row has the same name and comes after it).
pub fn click_cell(h: &mut App, output: &str, row: u32) {
    let prefix = format!("{output} row {row} = ");
    h.query_all_by_label_contains(&prefix)
        .next()
        .unwrap_or_else(|| panic!("no cell {prefix:?}"))
        .click();
    h.run();
}

/// The value shown in output `output`'s cell of `row`: `0`, `1` or `-`, as every widget of
/// that name (the table's and the map's) says.
fn cell(h: &App, output: &str, row: u32) -> String {
    let prefix = format!("{output} row {row} = ");
    let values: Vec<String> = h
        .query_all_by_label_contains(&prefix)
        .filter_map(|n| n.accesskit_node().label())
        .map(|label| label[prefix.len()..].to_owned())
        .collect();
    assert!(!values.is_empty(), "no cell {prefix:?}");
    assert!(values.iter().all(|v| *v == values[0]), "{values:?}");
    values[0].clone()
}

/// The texts of the labels that start with `prefix`.
pub fn labels(h: &App, prefix: &str) -> Vec<String> {
    h.query_all_by_label_contains(prefix)
        .filter_map(|n| n.value().or_else(|| n.accesskit_node().label()))
        .filter(|t| t.starts_with(prefix))
        .collect()
}

/// Types `text` into the expression box and clicks "Fill table".
pub fn fill_from(h: &mut App, text: &str) {
    h.get_by_label("Expression").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.get_by_label("Expression").type_text(text);
    h.run();
    h.get_by_label("Fill table").click();
    h.run();
}

/// Clicks the cells of a 3-input majority's on-set: rows 3, 5, 6 and 7.
pub fn enter_majority(h: &mut App) {
    for row in [3, 5, 6, 7] {
        click_cell(h, "F", row);
    }
}

#[test]
fn a_majority_clicked_into_the_table_minimises_to_three_pairs() {
    let mut h = analysis_page();
    enter_majority(&mut h);
    assert_eq!(cell(&h, "F", 7), "1");
    assert_eq!(cell(&h, "F", 4), "0");
    assert_eq!(
        labels(&h, "F = "),
        ["F = B·C + A·C + A·B", "F = (B + C)·(A + C)·(A + B)"]
    );
    assert_eq!(
        labels(&h, "3 terms"),
        ["3 terms, 6 literals, exact", "3 terms, 6 literals, exact"]
    );
}

#[test]
fn a_cell_cycles_through_dont_care_and_the_map_toggles_it_too() {
    let mut h = analysis_page();
    enter_majority(&mut h);
    click_cell(&mut h, "F", 7);
    assert_eq!(cell(&h, "F", 7), "-");
    // The Karnaugh map's cell of row 3 (A=0, B=1, C=1) is the second widget of that name.
    h.query_all_by_label_contains("F row 3 = ")
        .nth(1)
        .expect("a map cell")
        .click();
    h.run();
    assert_eq!(cell(&h, "F", 3), "-");
    // 1s at 5 and 6, don't-cares at 3 and 7: A·C + A·B, or with the 7 as a 1, …
    assert_eq!(labels(&h, "F = ")[0], "F = A·C + A·B");
}

#[test]
fn inputs_are_added_and_an_expression_fills_the_table() {
    let mut h = analysis_page();
    h.get_by_label("Add input").click();
    h.run();
    assert_eq!(state(&h).inputs, ["A", "B", "C", "D"]);
    assert_eq!(cell(&h, "F", 15), "0");
    fill_from(&mut h, "A B + C' D");
    assert_eq!(cell(&h, "F", 0b0001), "1");
    assert_eq!(cell(&h, "F", 0b0011), "0");
    assert_eq!(cell(&h, "F", 0b1100), "1");
    assert_eq!(labels(&h, "F = ")[0], "F = ¬C·D + A·B");
}

#[test]
fn a_wrong_expression_is_shown_with_its_column_and_new_variables_become_the_inputs() {
    let mut h = analysis_page();
    enter_majority(&mut h);
    fill_from(&mut h, "A + + B");
    assert_eq!(
        labels(&h, "column "),
        ["column 5: expected a variable, 0, 1, a NOT (¬ ~ !) or `(`, found an OR"]
    );
    assert!(
        h.query_by_label("    ^").is_some(),
        "a caret under column 5"
    );
    assert_eq!(cell(&h, "F", 7), "1", "the table stays");
    fill_from(&mut h, "X ~Y");
    assert!(labels(&h, "column ").is_empty());
    assert_eq!(state(&h).inputs, ["X", "Y"]);
    assert_eq!(labels(&h, "F = ")[0], "F = X·¬Y");
}

/// Clicks switch `label` on the circuit page until it shows `want` (`"-1"` or `"+1"`).
fn set_switch(h: &mut App, label: &str, want: &str) {
    for _ in 0..3 {
        if node_value(h, label) == want {
            return;
        }
        click_node(h, label);
        h.run();
    }
    assert_eq!(node_value(h, label), want, "switch {label}");
}

/// Checks, row by row, that the lamps `outputs` of the circuit on the circuit page follow
/// `table(row)` (one `bool` per output) when the switches `inputs` are set to the row.
fn assert_follows(
    h: &mut App,
    inputs: &[&str],
    outputs: &[&str],
    table: impl Fn(u32) -> Vec<bool>,
) {
    let n = inputs.len();
    for row in 0..1u32 << n {
        for (i, input) in inputs.iter().enumerate() {
            let bit = row >> (n - 1 - i) & 1 == 1;
            set_switch(h, input, if bit { "+1" } else { "-1" });
        }
        for (output, want) in outputs.iter().zip(table(row)) {
            let want = if want { "+1" } else { "-1" };
            assert_eq!(node_value(h, output), want, "{output} on row {row:03b}");
        }
    }
}

#[test]
fn build_circuit_opens_a_majority_whose_lamp_follows_the_table() {
    let mut h = analysis_page();
    enter_majority(&mut h);
    h.get_by_label("Build circuit").click();
    h.run();
    assert_eq!(h.state().page_title(), "Circuit");
    assert!(
        h.state().state.doc.is_modified(),
        "a built circuit is unsaved"
    );
    assert!(h.state().state.circuit().find("F").is_some());
    assert_follows(&mut h, &["A", "B", "C"], &["F"], |row| {
        vec![row.count_ones() >= 2]
    });
}

#[test]
fn a_two_output_table_builds_in_two_input_nor_gates() {
    let mut h = analysis_page();
    h.get_by_label("Remove input").click();
    h.run();
    h.get_by_label("Add output").click();
    h.run();
    assert_eq!(state(&h).outputs, ["F", "G"]);
    // A half adder: F the sum, G the carry.
    for (output, row) in [("F", 1), ("F", 2), ("G", 3)] {
        click_cell(&mut h, output, row);
    }
    h.get_by_label("NOR").click();
    h.get_by_label("2-input").click();
    h.run();
    h.get_by_label("Build circuit").click();
    h.run();
    let circuit = h.state().state.circuit();
    let kinds: Vec<String> = circuit
        .nodes()
        .map(|(_, node)| format!("{:?}", node.kind))
        .filter(|kind| !matches!(kind.as_str(), "Switch" | "Lamp"))
        .collect();
    assert!(
        !kinds.is_empty() && kinds.iter().all(|k| k == "Nor(2)"),
        "{kinds:?}"
    );
    assert_follows(&mut h, &["A", "B"], &["F", "G"], |row| {
        vec![row == 1 || row == 2, row == 3]
    });
}

#[test]
fn analyse_circuit_reads_the_open_half_adder_into_the_table() {
    let mut h = app_with("half_adder.ron");
    h.run();
    h.get_by_label("Analysis").click();
    h.run();
    h.get_by_label("Analyse circuit").click();
    h.run();
    assert_eq!(state(&h).inputs, ["A", "B"]);
    assert_eq!(state(&h).outputs, ["S", "C"]);
    assert_eq!(labels(&h, "S = ")[0], "S = ¬A·B + A·¬B");
    assert_eq!(labels(&h, "C = ")[0], "C = A·B");
}

#[test]
fn a_table_pasted_as_csv_fills_the_editor_and_a_bad_one_names_its_line() {
    let mut h = analysis_page();
    h.get_by_label("Table as text or CSV").click();
    h.run();
    let field = "Header `A B | F`, then one row a line: 0, 1 or - (don't care).";
    h.get_by_label(field).focus();
    h.run();
    h.get_by_label(field)
        .type_text("X,Y,|,Z\n0,0,|,1\n1,1,|,-\n");
    h.run();
    h.get_by_label("Read table").click();
    h.run();
    assert_eq!(state(&h).inputs, ["X", "Y"]);
    assert_eq!(cell(&h, "Z", 0), "1");
    assert_eq!(cell(&h, "Z", 3), "-");
    assert_eq!(cell(&h, "Z", 1), "0");
    h.get_by_label(field).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::End);
    h.get_by_label(field).type_text("1,0,|,2\n");
    h.run();
    h.get_by_label("Read table").click();
    h.run();
    let notice = labels(&h, "line ");
    assert!(
        notice.iter().any(|n| n.starts_with("line 4")),
        "{notice:?} {:?}",
        state(&h).notice
    );
    assert_eq!(state(&h).inputs, ["X", "Y"], "the table stays");
}

/// The Analysis page's state-machine editor (clicked by its label).
fn machine_editor() -> App {
    let mut h = analysis_page();
    h.get_by_label("State machine").click();
    h.run();
    h
}

#[test]
fn the_state_machine_editor_draws_the_example_and_names_an_error_by_line() {
    let mut h = machine_editor();
    for state in ["IDLE", "GOT1", "GOT10"] {
        assert!(
            h.query_by_label(&format!("state {state}")).is_some(),
            "{state}"
        );
    }
    let field = h.get_by_label("State-transition table");
    field.focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::End);
    h.get_by_label("State-transition table")
        .type_text("GOT10 1 -> LOST 0\n");
    h.run();
    let errors = labels(&h, "line 14");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        h.query_by_label("state IDLE").is_none(),
        "no diagram of a wrong table"
    );
}

#[test]
fn a_state_machine_built_in_one_hot_nand_gates_passes_its_transition_tour() {
    let mut h = machine_editor();
    h.get_by_label("one-hot").click();
    h.get_by_label("NAND").click();
    h.run();
    h.get_by_label("Build circuit").click();
    h.run();
    assert_eq!(h.state().page_title(), "Circuit");
    let circuit = h.state().state.circuit();
    for pin in ["X", "Z", "clk", "reset", "q0", "q1", "q2"] {
        assert!(circuit.find(pin).is_some(), "{pin}");
    }
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Run tests").click();
    h.run();
    let verdict = crate::common::status(&h, "Tests: ");
    assert!(verdict.ends_with("all passed"), "{verdict}");
}

#[test]
fn hazard_free_adds_the_consensus_term_and_heuristic_says_so() {
    let mut h = analysis_page();
    fill_from(&mut h, "A B + A' C");
    assert_eq!(labels(&h, "F = ")[0], "F = ¬A·C + A·B");
    h.get_by_label("hazard-free").click();
    h.run();
    // The consensus term B·C covers the change of A between rows 3 and 7.
    assert_eq!(labels(&h, "F = ")[0], "F = ¬A·C + B·C + A·B");
    h.get_by_label("hazard-free").click();
    h.get_by_label("Heuristic").click();
    h.run();
    assert_eq!(
        labels(&h, "2 terms"),
        [
            "2 terms, 4 literals, heuristic",
            "2 terms, 4 literals, heuristic"
        ]
    );
}

/// Goes to the Analysis page by its tab.
fn to_analysis(h: &mut App) {
    h.get_by_label("Analysis").click();
    h.run();
}

#[test]
fn analyse_a_selected_instance_reads_its_part_over_the_cone_of_a_chosen_output() {
    let mut h = app_with("adder8.ron");
    h.run();
    // Click the `lo` block (a 4-bit adder of full adders of half adders, from a library).
    let block = crate::common::scene_to_screen(&h) * h.get_by_label("lo").rect();
    click_at(&h, block.center());
    h.run();
    assert_eq!(h.state().state.selected_instance.as_deref(), Some("lo"));
    to_analysis(&mut h);
    h.get_by_label("Analyse selected part").click();
    h.run();
    let notice = state(&h).notice.clone().unwrap_or_default();
    assert!(
        notice.contains("9 inputs"),
        "all outputs: too many inputs: {notice}"
    );
    assert_eq!(state(&h).inputs, ["A", "B", "C"], "the table stays");
    type_into(&mut h, "Outputs", "s0");
    h.get_by_label("Analyse selected part").click();
    h.run();
    assert_eq!(state(&h).notice, None);
    assert_eq!(state(&h).inputs, ["a0", "b0", "cin"]);
    assert_eq!(state(&h).outputs, ["s0"]);
    for row in 0..8u32 {
        let odd = row.count_ones() % 2 == 1;
        assert_eq!(
            cell(&h, "s0", row),
            if odd { "1" } else { "0" },
            "row {row:03b}"
        );
    }
    assert_eq!(labels(&h, "4 terms"), ["4 terms, 12 literals, exact"; 2]);
    assert_eq!(labels(&h, "Read from "), ["Read from instance lo (adder4)"]);
}

#[test]
fn analyse_selected_nodes_reads_the_part_make_subcircuit_would_make() {
    let mut h = app_with("full_adder.ron");
    // Box-select the carry's gates, as in subcircuits.rs.
    let (from, to) = (
        cell_to_screen(&h, pos2(11.0, 5.2)),
        cell_to_screen(&h, pos2(20.5, 17.5)),
    );
    drag(&mut h, from, to);
    assert_eq!(h.state().state.selection.len(), 4);
    to_analysis(&mut h);
    h.get_by_label("Analyse selected part").click();
    h.run();
    assert_eq!(state(&h).inputs, ["A", "B", "Cin"]);
    assert_eq!(state(&h).outputs, ["Cout"]);
    assert_eq!(labels(&h, "Cout = ")[0], "Cout = B·Cin + A·Cin + A·B");
    assert_eq!(labels(&h, "Read from "), ["Read from 4 selected nodes"]);
    assert!(
        h.state().state.document().design.subcircuits.is_empty(),
        "analysing makes no part"
    );
}

#[test]
fn a_latch_is_refused_until_its_unknowns_are_read_as_dont_cares() {
    let mut h = app_with("rs_nor_latch.ron");
    h.run();
    to_analysis(&mut h);
    h.get_by_label("Analyse circuit").click();
    h.run();
    let notice = state(&h).notice.clone().unwrap_or_default();
    assert!(notice.contains("is unknown for R=0 S=0"), "{notice}");
    h.get_by_label("unknowns as don't-cares").click();
    h.get_by_label("Analyse circuit").click();
    h.run();
    assert_eq!(state(&h).notice, None);
    assert_eq!(state(&h).inputs, ["R", "S"]);
    assert_eq!(state(&h).outputs, ["Q", "Qn"]);
    // Holding (R = S = 0) is unknown from power-on: a don't-care; set and reset are read.
    assert_eq!(cell(&h, "Q", 0b00), "-");
    assert_eq!(cell(&h, "Q", 0b01), "1");
    assert_eq!(cell(&h, "Q", 0b10), "0");
}

/// A document of three switches `A`, `B`, `C` and a lamp `M`, nothing wired, open in the
/// app (its file in `dir`).
fn switches_and_a_lamp(dir: &TempDir) -> App {
    let path = dir.join("voter.ron");
    let nodes = [("A", "Switch", 0), ("B", "Switch", 4), ("C", "Switch", 8)]
        .iter()
        .map(|(label, kind, y)| format!("(label: \"{label}\", kind: {kind}, pos: (0, {y}))"))
        .chain(["(label: \"M\", kind: Lamp, pos: (30, 4))".to_owned()])
        .collect::<Vec<_>>()
        .join(", ");
    std::fs::write(&path, format!("(version: 1, nodes: [{nodes}], wires: [])")).expect("write");
    let mut h = app(CircuitPageState::open_or_report(&path));
    h.run();
    h
}

#[test]
fn build_as_subcircuit_places_a_majority_whose_lamp_follows_the_switches() {
    let dir = TempDir::new("build-part");
    let mut h = switches_and_a_lamp(&dir);
    to_analysis(&mut h);
    enter_majority(&mut h);
    type_into(&mut h, "Part name", "majority");
    h.get_by_label("Build as subcircuit").click();
    h.run();
    assert_eq!(h.state().page_title(), "Circuit");
    let design = &h.state().state.document().design;
    assert_eq!(design.subcircuits.len(), 1);
    assert_eq!(design.subcircuits[0].name, "majority");
    assert_eq!(design.subcircuits[0].input_pins(), ["A", "B", "C"]);
    assert_eq!(design.subcircuits[0].output_pins(), ["F"]);
    assert_eq!(h.state().state.selected_instance.as_deref(), Some("U1"));
    assert!(
        h.query_by_label("U1").is_some(),
        "the block is on the canvas"
    );
    // Undo takes the part and its instance away in one step; redo brings them back.
    h.state_mut().state.undo();
    assert!(h.state().state.document().design.subcircuits.is_empty());
    assert!(h.state().state.document().design.instances.is_empty());
    h.state_mut().state.redo();
    assert_eq!(h.state().state.document().design.instances.len(), 1);
    // Wire the switches to its pins and its output to the lamp, as a user drags (here: the
    // state calls the drags make).
    let pin = |pin: &str| End::Pin {
        instance: "U1".into(),
        pin: pin.into(),
    };
    let state = &mut h.state_mut().state;
    for input in ["A", "B", "C"] {
        assert!(state.connect_ends(&End::Node(input.into()), &pin(input), 0));
    }
    assert!(state.connect_ends(&pin("F"), &End::Node("M".into()), 0));
    h.run();
    assert_follows(&mut h, &["A", "B", "C"], &["M"], |row| {
        vec![row.count_ones() >= 2]
    });
}

#[test]
fn built_parts_are_named_apart_and_a_taken_name_is_refused() {
    let mut h = analysis_page();
    for _ in 0..2 {
        h.get_by_label("Build as subcircuit").click();
        h.run();
        assert_eq!(h.state().page_title(), "Circuit");
        to_analysis(&mut h);
    }
    let names: Vec<String> = h
        .state()
        .state
        .document()
        .design
        .subcircuits
        .iter()
        .map(|p| p.name.clone())
        .collect();
    assert_eq!(names, ["synthesised", "synthesised2"]);
    let instances: Vec<_> = h
        .state()
        .state
        .document()
        .design
        .instances
        .iter()
        .map(|i| (i.label.clone(), i.pos))
        .collect();
    assert_eq!(instances.len(), 2);
    assert_ne!(instances[0].1, instances[1].1, "placed apart");
    type_into(&mut h, "Part name", "synthesised");
    h.get_by_label("Build as subcircuit").click();
    h.run();
    assert_eq!(h.state().page_title(), "Analysis");
    let notice = labels(&h, "the circuit already has");
    assert_eq!(
        notice,
        ["the circuit already has a part named `synthesised`: choose another name"]
    );
}

#[test]
fn the_state_machine_is_minimised_with_the_tables_options() {
    let mut h = machine_editor();
    h.get_by_label("gray").click();
    h.run();
    let mut sizes = Vec::new();
    // Built as it starts (Auto), then hazard-free, then hazard-free and heuristic.
    for option in [None, Some("hazard-free"), Some("Heuristic")] {
        if let Some(option) = option {
            h.get_by_label(option).click();
            h.run();
        }
        h.get_by_label("Build circuit").click();
        h.run();
        assert_eq!(h.state().page_title(), "Circuit");
        if !sizes.is_empty() {
            // The circuit built before is unsaved.
            h.get_by_label("Discard").click();
            h.run();
        }
        if sizes.is_empty() {
            // Opens the Tests panel, which stays open.
            h.get_by_label("View").click();
            h.run();
        }
        sizes.push(h.state().state.circuit().node_count());
        h.get_by_label("Run tests").click();
        h.run();
        let verdict = crate::common::status(&h, "Tests: ");
        assert!(verdict.ends_with("all passed"), "{option:?}: {verdict}");
        to_analysis(&mut h);
    }
    let machine = &h
        .state()
        .page::<AnalysisPage>()
        .expect("the analysis page")
        .machine;
    assert_eq!(
        (machine.mode, machine.hazard_free),
        (synth::Mode::Heuristic, true)
    );
    // In Gray code the hazard-free next-state logic keeps a consensus term more.
    assert!(sizes[1] > sizes[0], "{sizes:?}");
}
