//! The Analysis window's state (issue 26): the reset analysis of the open circuit
//! (`sim_core::analysis::reset`) — its sequence as typed, its last report, and the state
//! elements still unknown — and the hazard analysis of one input change
//! (`sim_core::analysis::hazard`) — its vectors as typed, its last report, and the gates the
//! hazards pass through. The canvas marks what the last analysis run found.

use std::collections::BTreeSet;

use sim_core::analysis::hazard::{HazardAnalysis, TransitionReport, Which};
use sim_core::analysis::reset::{self, Element, ResetReport, Sequence, Step};
use sim_core::literal::parse_assignments;
use sim_core::memory::{MemoryKind, Word};
use sim_core::{Circuit, NodeId, NodeKind, Trit};

use super::CircuitPageState;

/// What the Analysis window shows and the canvas marks.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Whether the window is open.
    pub shown: bool,
    /// The reset sequence as typed (`RESET=+1; tick 2; RESET=-1`).
    pub sequence: String,
    /// The last reset analysis: its report, or why it could not run.
    pub reset: Option<Result<ResetReport, String>>,
    /// The sequence the last reset analysis applied (kept apart from the field, which may
    /// have been edited since), for Show on canvas.
    pub analysed_sequence: Option<Sequence>,
    /// The hazard analysis's V1 as typed, in the notation of `--set`: `A=-1, B=+1, S=-1`.
    pub from: String,
    /// Its V2.
    pub to: String,
    /// The last hazard analysis: its report, or why it could not run.
    pub hazards: Option<Result<TransitionReport, String>>,
    /// What the last analysis found, which the canvas outlines: the state elements still
    /// unknown after the reset, or the gates the hazards pass through.
    pub marked: BTreeSet<NodeId>,
}

/// A reset sequence to start from: with a clock, `RESET=+1; tick 2; RESET=-1` (one clock
/// cycle in reset); with a clock switch `CLK`, its rising edge with reset held; with no reset
/// input, empty. `RESET`, `RST` and `reset` are recognised, and `CLK`, `clk`.
pub fn suggested_sequence(circuit: &Circuit) -> String {
    let switch = |names: &[&'static str]| find_switch(circuit, names);
    let Some(reset) = switch(&["RESET", "RST", "reset", "rst"]) else {
        return String::new();
    };
    let has_clock = circuit
        .nodes()
        .any(|(_, n)| matches!(n.kind, NodeKind::Clock { .. }));
    match switch(&["CLK", "clk"]) {
        Some(clk) if !has_clock => {
            format!("{clk}=-1, {reset}=+1; {clk}=+1; {clk}=-1, {reset}=-1")
        }
        _ => format!("{reset}=+1; tick 2; {reset}=-1"),
    }
}

/// The first of `names` that is a switch of `circuit`.
fn find_switch(circuit: &Circuit, names: &[&'static str]) -> Option<&'static str> {
    names.iter().copied().find(|n| {
        circuit
            .find(n)
            .is_some_and(|id| circuit[id].kind == NodeKind::Switch)
    })
}

impl CircuitPageState {
    /// Opens the Analysis window, with a suggested reset sequence if none was typed.
    pub fn open_analysis(&mut self) {
        if self.analysis.sequence.is_empty() {
            self.analysis.sequence = suggested_sequence(self.circuit());
        }
        self.analysis.shown = true;
    }

    /// Runs the reset analysis of the open circuit with the typed sequence, keeps its
    /// report, and marks the state still unknown on the canvas (a bad sequence keeps the
    /// message and clears the marks).
    pub fn analyze_reset(&mut self) {
        let sequence = self.analysis.sequence.parse::<Sequence>();
        let result = sequence
            .clone()
            .and_then(|s| reset::analyze(self.circuit(), &s))
            .map_err(|e| e.to_string());
        self.analysis.analysed_sequence = sequence.ok().filter(|_| result.is_ok());
        self.analysis.marked = match &result {
            Ok(report) => report
                .unknown
                .iter()
                .flat_map(|u| match &u.element {
                    Element::FlipFlop(f) => vec![*f],
                    Element::Latch(nodes) => nodes.clone(),
                })
                .collect(),
            Err(_) => BTreeSet::new(),
        };
        self.analysis.hazards = None;
        self.analysis.reset = Some(result);
    }

    /// Runs the hazard analysis of the typed change V1 → V2 on the open circuit, keeps its
    /// report, and marks the gates its hazards pass through (a bad vector or circuit keeps
    /// the message and clears the marks).
    pub fn analyze_hazards(&mut self) {
        let result = (|| {
            let analysis = HazardAnalysis::new(self.circuit()).map_err(|e| e.to_string())?;
            let vector = |which: Which, text: &str| {
                let assignments = parse_assignments(text).map_err(|e| format!("{which}: {e}"))?;
                analysis
                    .vector(which, &assignments)
                    .map_err(|e| e.to_string())
            };
            let from = vector(Which::From, &self.analysis.from)?;
            let to = vector(Which::To, &self.analysis.to)?;
            analysis.transition(&from, &to).map_err(|e| e.to_string())
        })();
        self.analysis.reset = None;
        self.analysis.marked = match &result {
            Ok(report) => report
                .hazards()
                .flat_map(|o| o.nodes.iter().copied())
                .collect(),
            Err(_) => BTreeSet::new(),
        };
        self.analysis.analysed_sequence = None;
        self.analysis.hazards = Some(result);
    }

    /// Puts the canvas into vector `which` of the last hazard analysis: every input set to
    /// its value there, in one batch (nothing without a report; a refusal, as while a past
    /// moment is replayed, is shown as the page's error).
    pub fn show_hazard_vector(&mut self, which: Which) {
        let Some(Ok(report)) = &self.analysis.hazards else {
            return;
        };
        let values = match which {
            Which::From => &report.from,
            Which::To => &report.to,
        };
        let batch: Vec<(NodeId, Trit)> = self
            .circuit()
            .inputs()
            .zip(values.iter().copied())
            .collect();
        if let Err(e) = self.sim.set_many(&self.doc.document.circuit, &batch) {
            self.error(e.to_string());
        }
    }

    /// Puts the canvas into the state the last reset analysis reached: power-on (every net
    /// unknown) with every RAM word unknown, as the analysis starts, then the analysed
    /// sequence, each item settled (nothing without a report; a refusal, as while a past
    /// moment is replayed, is shown as the page's error).
    pub fn show_reset_state(&mut self) {
        let Some(sequence) = &self.analysis.analysed_sequence else {
            return;
        };
        let steps = match sequence.resolve(self.circuit()) {
            Ok(steps) => steps,
            Err(e) => return self.error(e.to_string()),
        };
        self.sim.reset();
        self.sim.settle();
        let rams: Vec<(String, usize)> = self
            .circuit()
            .memories()
            .iter()
            .filter(|m| m.kind == MemoryKind::Ram)
            .map(|m| (m.label.clone(), m.words()))
            .collect();
        for (label, words) in rams {
            for addr in 0..words {
                self.sim.write_memory_word(&label, addr, Word::UNKNOWN);
            }
        }
        for step in steps {
            match step {
                Step::Set(batch) => {
                    if let Err(e) = self.sim.set_many(&self.doc.document.circuit, &batch) {
                        return self.error(e.to_string());
                    }
                }
                Step::Tick(n) => {
                    for _ in 0..n {
                        self.sim.tick();
                        self.sim.settle();
                    }
                }
            }
            self.sim.settle();
        }
    }

    /// An example hazard vector naming every input the vectors need (`A=-1, B=-1`), for
    /// the form's hint.
    pub fn hazard_vector_hint(&self) -> String {
        self.circuit()
            .inputs()
            .map(|id| format!("{}=-1", self.circuit()[id].label))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Forgets the last analyses and their marks.
    pub fn clear_analysis(&mut self) {
        self.analysis.reset = None;
        self.analysis.analysed_sequence = None;
        self.analysis.hazards = None;
        self.analysis.marked.clear();
    }
}
