//! The inspector explains an unknown (issue 26): selecting a node whose value is 0 lists the
//! chain back to what keeps it unknown — an unset switch, a loop holding an unknown. The
//! Analysis window marks the state a reset leaves unknown; the counter and the CPU are shown
//! initialised by theirs.

use crate::common::{App, analyze_hazards, app_with, click_node, node_value};
use egui_kittest::kittest::{NodeT as _, Queryable as _};

/// The texts of every label that contains `needle`.
fn texts(h: &App, needle: &str) -> Vec<String> {
    h.query_all_by_label_contains(needle)
        .filter_map(|n| n.value().or_else(|| n.accesskit_node().label()))
        .collect()
}

#[test]
fn the_inspector_traces_an_unknown_lamp_to_the_unset_switches() {
    let mut h = app_with("mux_2to1.ron");
    h.run();
    // At power-on every switch is unset and the output lamp is unknown.
    click_node(&h, "Y");
    h.run();
    assert!(h.query_by_label("Why this value:").is_some());
    let chain = texts(&h, "is unknown through its unknown input(s)");
    assert!(
        chain
            .iter()
            .any(|t| t.starts_with("Y is unknown through its unknown input(s) OR1")),
        "{chain:?}"
    );
    let origins = texts(&h, "is a switch or button never set");
    for switch in ["A", "B", "Sel"] {
        assert!(
            origins
                .iter()
                .any(|t| t.trim_start().starts_with(&format!("{switch} is a switch"))),
            "{switch}: {origins:?}"
        );
    }
}

#[test]
fn the_inspector_names_the_loop_of_a_latch_never_set() {
    let mut h = app_with("rs_nor_latch.ron");
    h.run();
    click_node(&h, "Q");
    h.run();
    let loops = texts(&h, "Loop holding the unknown:");
    assert_eq!(
        loops,
        ["Loop holding the unknown: NOR1 → NOR2 → NOR1"],
        "{loops:?}"
    );
}

/// Opens View → Analysis… the way a user does.
fn open_analysis(h: &mut App) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Analysis…").click();
    h.run();
}

/// Replaces the sequence field's text with `text`.
fn type_sequence(h: &mut App, text: &str) {
    h.get_by_label("Sequence").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label("Sequence").type_text(text);
    h.run();
}

/// Clicks "Analyze reset" in the open window and checks that the reset initialises every
/// flip-flop and latch: `verdict` is the report's count line, and nothing is outlined.
fn assert_reset_initialises(h: &mut App, verdict: &str) {
    h.get_by_label("Analyze reset").click();
    h.run();
    assert_eq!(texts(h, " still unknown"), [verdict]);
    assert!(
        h.query_by_label("The sequence initialises every flip-flop and latch.")
            .is_some()
    );
    assert!(h.state().state.analysis.marked.is_empty());
}

#[test]
fn the_reset_analysis_reports_and_marks_a_register_without_reset() {
    let mut h = app_with("reset/counter2_missing_reset.ron");
    h.run();
    open_analysis(&mut h);
    // The suggestion from the circuit's RESET and CLK switches.
    assert_eq!(
        h.get_by_label("Sequence").value().as_deref(),
        Some("CLK=-1, RESET=+1; CLK=+1; CLK=-1, RESET=-1")
    );
    h.get_by_label("Analyze reset").click();
    h.run();
    assert_eq!(
        texts(&h, " still unknown"),
        ["2 flip-flops, 0 latches; 1 still unknown"]
    );
    assert!(
        h.query_by_label_contains("held by a loop through its own state")
            .is_some()
    );
    // Why no reset reaches it: its next state is outside RESET's fan-out.
    assert_eq!(
        texts(&h, "depend on RESET"),
        ["NEXT1 does not depend on RESET; NEXT0 does, through NRESET"]
    );
    // FF1 is outlined on the canvas; FF0 is not.
    let circuit = h.state().state.circuit().clone();
    let marked = h.state().state.analysis.marked.clone();
    assert_eq!(
        marked
            .iter()
            .map(|&n| circuit[n].label.as_str())
            .collect::<Vec<_>>(),
        ["FF1"]
    );
    // Its button shows it: selected on the canvas.
    h.get_by_label("flip-flop FF1").click();
    h.run();
    let selected: Vec<&str> = h
        .state()
        .state
        .selection
        .iter()
        .map(|&n| circuit[n].label.as_str())
        .collect();
    assert_eq!(selected, ["FF1"]);
    // A sequence without the reset's clock edge leaves both unknown; a bad one says why.
    type_sequence(&mut h, "RESET=+1");
    h.get_by_label("Analyze reset").click();
    h.run();
    assert_eq!(
        texts(&h, " still unknown"),
        ["2 flip-flops, 0 latches; 2 still unknown"]
    );
    type_sequence(&mut h, "RESET=+1; NOPE=1");
    h.get_by_label("Analyze reset").click();
    h.run();
    assert!(h.query_by_label_contains("no node or bus `NOPE`").is_some());
    assert!(h.state().state.analysis.marked.is_empty());
}

#[test]
fn an_edit_forgets_the_analysis_and_its_marks() {
    let mut h = app_with("reset/counter2_missing_reset.ron");
    h.run();
    open_analysis(&mut h);
    h.get_by_label("Analyze reset").click();
    h.run();
    assert!(!h.state().state.analysis.marked.is_empty());
    assert!(h.query_by_label_contains(" still unknown").is_some());
    // Select the flagged flip-flop from the report and delete it: the verdict described the
    // circuit before the edit, so it goes with its marks.
    h.get_by_label("flip-flop FF1").click();
    h.run();
    h.key_press(egui::Key::Delete);
    h.run();
    assert!(
        h.state().state.circuit().find("FF1").is_none(),
        "FF1 deleted"
    );
    assert!(h.state().state.analysis.marked.is_empty());
    assert!(h.query_by_label_contains(" still unknown").is_none());
}

#[test]
fn the_counter_is_shown_initialised_by_its_reset() {
    let mut h = app_with("counter_decoder.ron");
    h.run();
    open_analysis(&mut h);
    assert_reset_initialises(&mut h, "0 flip-flops, 4 latches; 0 still unknown");
}

#[test]
fn the_cpu_is_shown_initialised_by_its_reset() {
    // The CPU's clock is a Clock, so the suggestion holds RESET for two ticks; every register
    // is cleared by it (docs/cpu.md), and only the RAM's words are listed, apart.
    let mut h = app_with("cpu/fib.ron");
    // The clock stopped, so frames settle (the analysis runs on its own engine anyway).
    h.state_mut().state.sim.clock_hz = 0.0;
    h.run();
    open_analysis(&mut h);
    assert_eq!(
        h.get_by_label("Sequence").value().as_deref(),
        Some("RESET=+1; tick 2; RESET=-1")
    );
    assert_reset_initialises(&mut h, "44 flip-flops, 0 latches; 0 still unknown");
    assert_eq!(
        texts(&h, "words unknown"),
        ["RAM cpu/MEM: 256 of 256 words unknown (a reset does not clear memory)"]
    );
    assert!(h.state().state.analysis.marked.is_empty());
}

#[test]
fn the_hazard_of_a_multiplexer_without_its_consensus_term_is_outlined() {
    let mut h = app_with("hazards/mux_no_consensus.ron");
    h.run();
    open_analysis(&mut h);
    // Typed as everywhere in the app: labels and −1/0/+1 (or F/X/T) values.
    for (field, text) in [("From", "A=+1, B=+1, S=-1"), ("To", "A=T, B=T, S=+1")] {
        h.get_by_label(field).focus();
        h.run();
        h.get_by_label(field).type_text(text);
        h.run();
    }
    h.get_by_label("Analyze change").click();
    h.run();
    assert!(h.query_by_label("1 output with a hazard:").is_some());
    assert_eq!(
        texts(&h, ": static hazard"),
        ["Y: +1 → 0 → +1: static hazard"],
    );
    // The gates it passes through, listed and outlined on the canvas.
    let through = texts(&h, "through ");
    assert_eq!(through, ["    through NotS, AndA, AndB, OR1, Y"]);
    // The cure: the consensus term of the two products, A·B.
    assert_eq!(
        texts(&h, "consensus term"),
        ["    the consensus term A·B removes it"]
    );
    let circuit = h.state().state.circuit().clone();
    let marked: Vec<String> = h
        .state()
        .state
        .analysis
        .marked
        .iter()
        .map(|&n| circuit[n].label.clone())
        .collect();
    assert_eq!(marked.len(), 5, "{marked:?}");
    for gate in ["NotS", "AndA", "AndB", "OR1", "Y"] {
        assert!(marked.iter().any(|m| m == gate), "{gate}: {marked:?}");
    }
    // The analysed states on the canvas: S −1 then +1 with A = B = +1, Y +1 in both.
    for (button, s) in [("Show From on canvas", "-1"), ("Show To on canvas", "+1")] {
        h.get_by_label(button).click();
        h.run();
        assert_eq!(
            [
                node_value(&h, "A"),
                node_value(&h, "S"),
                node_value(&h, "Y")
            ],
            ["+1", s, "+1"],
            "{button}"
        );
    }
    // With the consensus term there is none.
    let mut h = app_with("hazards/mux_consensus.ron");
    h.run();
    analyze_hazards(&mut h, "A=+1, B=+1, S=-1", "A=+1, B=+1, S=+1");
    assert!(h.query_by_label("No hazard in this change.").is_some());
    assert!(h.state().state.analysis.marked.is_empty());
}

#[test]
fn the_hazard_form_refuses_digits_and_names_a_missing_input() {
    let mut h = app_with("hazards/mux_no_consensus.ron");
    h.run();
    // The former one-digit-per-input form: its 0 meant −1, where the app's 0 is unknown.
    analyze_hazards(&mut h, "110", "111");
    assert!(
        h.query_by_label("from: `110` is not an assignment NAME=VALUE")
            .is_some()
    );
    analyze_hazards(&mut h, "A=+1, B=+1, S=-1", "A=+1, S=+1");
    assert!(
        h.query_by_label("the to vector gives no value to B")
            .is_some()
    );
    // 0 is unknown, as on the canvas: refused by name.
    analyze_hazards(&mut h, "A=+1, B=0, S=-1", "A=+1, B=+1, S=+1");
    assert!(
        h.query_by_label(
            "the from vector gives input `B` (value 2) an unknown value: hazards are analysed between binary vectors"
        )
        .is_some()
    );
}

#[test]
fn show_on_canvas_puts_the_canvas_into_the_state_the_reset_analysis_reached() {
    let mut h = app_with("reset/counter2_missing_reset.ron");
    h.run();
    // RESET low and the clock never set: the counter is unknown on the canvas.
    click_node(&h, "RESET");
    h.run();
    assert_eq!(node_value(&h, "RESET"), "-1");
    assert_eq!([node_value(&h, "Q0"), node_value(&h, "Q1")], ["0", "0"]);
    open_analysis(&mut h);
    h.get_by_label("Analyze reset").click();
    h.run();
    // The sequence is applied from power-on: reset held over a rising clock edge, released.
    h.get_by_label("Show on canvas").click();
    h.run();
    assert_eq!(
        [node_value(&h, "CLK"), node_value(&h, "RESET")],
        ["-1", "-1"],
        "the sequence's last values"
    );
    assert_eq!(node_value(&h, "Q0"), "-1", "FF0 cleared by the reset");
    assert_eq!(
        node_value(&h, "Q1"),
        "0",
        "FF1, which no reset reaches, unknown"
    );
}
