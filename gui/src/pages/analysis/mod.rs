//! The Analysis page: combinational analysis and synthesis (issue 41) — a truth table with
//! don't-cares edited by hand or filled from an expression, its minimal sums of products and
//! products of sums (from [`synth`]), and the Karnaugh map of an output with its cover's terms
//! looped; Analyse circuit reads the table off the open circuit, Build circuit opens the
//! circuit of a cover in the circuit editor. The page's second editor is a state machine's:
//! its state-transition table as text ([`machine`]), its diagram ([`machine_view`]) and its
//! circuit. [`state`] is the table and what is derived from it (plain Rust); [`kmap`] the map's
//! geometry; [`view`] draws both and turns clicks into calls, with [`options`] the rows of
//! choices both editors share.

pub mod kmap;
pub mod machine;
pub mod machine_view;
pub mod options;
pub mod state;
pub mod view;

use std::any::TypeId;

use crate::pages::page::{Page, Shared};
use machine::MachineState;
use state::AnalysisState;
use view::AnalysisView;

/// What the page edits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Editor {
    /// A truth table (combinational logic).
    #[default]
    Table,
    /// A state machine's state-transition table.
    Machine,
}

/// The Analysis page.
#[derive(Debug)]
pub struct AnalysisPage {
    /// The table and its minimal covers.
    pub state: AnalysisState,
    /// The state machine.
    pub machine: MachineState,
    /// Which of the two is shown.
    pub editor: Editor,
    /// The view.
    pub view: AnalysisView,
}

impl AnalysisPage {
    /// The page, showing the page of type `circuit_page` (the circuit editor, which a page
    /// does not name) after Build circuit.
    pub fn new(circuit_page: TypeId) -> AnalysisPage {
        AnalysisPage {
            state: AnalysisState::default(),
            machine: MachineState::default(),
            editor: Editor::default(),
            view: AnalysisView {
                circuit_page,
                machine_notice: None,
            },
        }
    }
}

impl Page for AnalysisPage {
    fn title(&self) -> &'static str {
        "Analysis"
    }

    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        egui::Panel::top("analysis-editor").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.editor, Editor::Table, "Truth table");
                ui.selectable_value(&mut self.editor, Editor::Machine, "State machine");
            });
        });
        match self.editor {
            Editor::Table => self.view.ui(ui, &mut self.state, shared),
            Editor::Machine => self.view.machine_ui(ui, &mut self.machine, shared),
        }
    }
}
