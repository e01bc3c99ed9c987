//! The Analysis page used like a person would: the table's cells clicked through 0 → 1 → -,
//! inputs added, the minimal expressions read with their `exact` label, the Karnaugh map's
//! cells clicked, an expression typed into the box (and a wrong one shown with its column).

use crate::common::{App, click_node, node_value};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::AnalysisPage;
use gui::pages::analysis::state::AnalysisState;

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
    let mut h = crate::common::app_with("half_adder.ron");
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
