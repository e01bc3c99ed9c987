//! The Analysis window (View → Analysis): the reset analysis of the open circuit — a sequence
//! field (`RESET=+1; tick 2; RESET=-1`, suggested from the circuit's reset and clock), an
//! Analyze reset button, the verdict (`2 flip-flops, 0 latches; 1 still unknown`), Show on
//! canvas (the canvas put into the state analysed), and each state element still unknown as
//! a button that shows it on the canvas, with what keeps it unknown and whether the reset
//! reaches its next state — and the hazard analysis of one
//! input change: From and To vectors (`A=-1, B=+1`, as `tritium sim --set` writes them),
//! Analyze change, each output's values before, during (procedure A) and after, its hazard,
//! the gates it passes through and, for a two-level output, the consensus term that removes
//! it; Show From / Show To on canvas set the inputs to either vector. The canvas outlines
//! what the last analysis found until Clear marks.

use sim_core::analysis::hazard::Which;
use sim_core::analysis::reset::{Element, Unknown};
use sim_core::{Circuit, NodeId};

use crate::pages::circuit::state::CircuitPageState;

/// Shows the Analysis window while it is open.
pub fn analysis_window(ctx: &egui::Context, state: &mut CircuitPageState) {
    if !state.analysis.shown {
        return;
    }
    let mut open = true;
    let area = ctx.content_rect();
    egui::Window::new("Analysis")
        .open(&mut open)
        .default_size([380.0, 520.0])
        // Over the side panel's trace, leaving the canvas (and the marks) in sight.
        .default_pos(egui::pos2(
            area.right() - 390.0,
            area.top() + 0.12 * area.height(),
        ))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                reset_section(ui, state);
                ui.separator();
                hazard_section(ui, state);
            });
        });
    state.analysis.shown = open;
}

fn reset_section(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    ui.heading("Reset");
    ui.label(
        "Every flip-flop, latch and RAM word starts unknown; the sequence is applied; \
         what stays unknown is listed and outlined on the canvas.",
    );
    ui.horizontal(|ui| {
        let label = ui.label("Sequence");
        ui.add(
            egui::TextEdit::singleline(&mut state.analysis.sequence)
                .hint_text("RESET=+1; tick 2; RESET=-1")
                .desired_width(280.0),
        )
        .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        if ui
            .button("Analyze reset")
            .on_hover_text("Apply the sequence from an unknown state and report what stays unknown")
            .clicked()
        {
            state.analyze_reset();
        }
        if ui
            .add_enabled(
                !state.analysis.marked.is_empty(),
                egui::Button::new("Clear marks"),
            )
            .clicked()
        {
            state.clear_analysis();
        }
    });
    let Some(result) = state.analysis.reset.clone() else {
        return;
    };
    ui.separator();
    let report = match result {
        Ok(report) => report,
        Err(message) => {
            ui.colored_label(ui.visuals().error_fg_color, message);
            return;
        }
    };
    let latches = match report.latches {
        1 => "1 latch".to_owned(),
        n => format!("{n} latches"),
    };
    let flip_flops = match report.flip_flops {
        1 => "1 flip-flop".to_owned(),
        n => format!("{n} flip-flops"),
    };
    ui.label(format!(
        "{flip_flops}, {latches}; {} still unknown",
        report.unknown.len()
    ));
    if report.is_initialised() {
        ui.label("The sequence initialises every flip-flop and latch.");
    }
    if ui
        .button("Show on canvas")
        .on_hover_text(
            "Power on (every net and RAM word unknown) and apply the sequence: the canvas \
             shows the state analysed",
        )
        .clicked()
    {
        state.show_reset_state();
    }
    let mut show = None;
    egui::ScrollArea::vertical()
        .max_height(220.0)
        .show(ui, |ui| {
            for u in &report.unknown {
                if let Some(node) = unknown_element(ui, state.circuit(), u) {
                    show = Some(node);
                }
            }
            for m in &report.memories {
                ui.label(format!(
                    "RAM {}: {} of {} words unknown (a reset does not clear memory)",
                    m.label,
                    m.unknown.len(),
                    m.words
                ));
            }
        });
    if let Some(node) = show {
        state.show_node(node);
    }
}

/// One state element still unknown: its button, what keeps it unknown and whether the reset
/// reaches it. Returns its node when the button was clicked.
fn unknown_element(ui: &mut egui::Ui, circuit: &Circuit, u: &Unknown) -> Option<NodeId> {
    let (kind, node) = match &u.element {
        Element::FlipFlop(f) => ("flip-flop", *f),
        Element::Latch(nodes) => ("latch", nodes[0]),
    };
    let name = circuit.node(node).map_or("?", |n| n.label.as_str());
    let clicked = ui
        .button(format!("{kind} {name}"))
        .on_hover_text("Show it on the canvas")
        .clicked();
    if let Some(origin) = u.why.origins().next().or(u.why.links.last()) {
        ui.label(format!("    {}", origin.describe(circuit)));
    }
    if !u.why.loops.is_empty() {
        ui.label("    held by a loop through its own state");
    }
    // Indented as a block, so that a wrapped sentence stays under its start.
    ui.indent((node, "reset"), |ui| {
        for r in &u.reset {
            ui.label(r.describe(circuit));
        }
    });
    clicked.then_some(node)
}

/// The labels of `nodes`, joined by commas.
fn labels(circuit: &Circuit, nodes: &[NodeId]) -> String {
    nodes
        .iter()
        .filter_map(|&n| circuit.node(n).map(|n| n.label.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn hazard_section(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    ui.heading("Hazards");
    ui.label(
        "Each input's value before (From) and after (To) the change, written as everywhere \
         in the app: A=-1, B=+1 (−1/0/+1 or F/X/T; a bus takes a number). Procedure A sets \
         the changing inputs unknown; an output unknown there but equal before and after has \
         a static hazard.",
    );
    let hint = state.hazard_vector_hint();
    egui::Grid::new("hazard vectors")
        .num_columns(2)
        .show(ui, |ui| {
            let analysis = &mut state.analysis;
            for (name, text) in [("From", &mut analysis.from), ("To", &mut analysis.to)] {
                let label = ui.label(name);
                ui.add(
                    egui::TextEdit::singleline(text)
                        .hint_text(hint.as_str())
                        .desired_width(280.0),
                )
                .labelled_by(label.id);
                ui.end_row();
            }
        });
    if ui
        .button("Analyze change")
        .on_hover_text("Find the hazards of this input change and outline their gates")
        .clicked()
    {
        state.analyze_hazards();
    }
    let Some(result) = state.analysis.hazards.clone() else {
        return;
    };
    let report = match result {
        Ok(report) => report,
        Err(message) => {
            ui.colored_label(ui.visuals().error_fg_color, message);
            return;
        }
    };
    ui.horizontal(|ui| {
        for (name, which) in [("From", Which::From), ("To", Which::To)] {
            if ui
                .button(format!("Show {name} on canvas"))
                .on_hover_text(format!("Set the inputs to the {name} vector"))
                .clicked()
            {
                state.show_hazard_vector(which);
            }
        }
    });
    let circuit = state.circuit();
    let found = report.hazards().count();
    ui.label(match found {
        0 => "No hazard in this change.".to_owned(),
        1 => "1 output with a hazard:".to_owned(),
        n => format!("{n} outputs with a hazard:"),
    });
    for o in report.hazards() {
        let name = circuit.node(o.output).map_or("?", |n| n.label.as_str());
        let kind = o.hazard.map_or_else(String::new, |k| k.to_string());
        // Monospace: its font has the arrow (the proportional one does not).
        let line = format!(
            "{name}: {} → {} → {}: {kind} hazard",
            o.before, o.during, o.after
        );
        ui.label(egui::RichText::new(line).monospace());
        ui.label(format!("    through {}", labels(circuit, &o.nodes)));
        if let Some(term) = &o.consensus {
            ui.label(format!(
                "    the consensus term {} removes it",
                term.describe(circuit)
            ));
        }
    }
}
