//! The Analysis page: combinational analysis and synthesis (issue 41) — a truth table with
//! don't-cares edited by hand or filled from an expression, its minimal sums of products and
//! products of sums (from [`synth`]), and the Karnaugh map of an output with its cover's terms
//! looped; Analyse circuit reads the table off the open circuit, Build circuit opens the
//! circuit of a cover in the circuit editor. [`state`] is the table and what is derived from it (plain Rust); [`kmap`] the map's
//! geometry; [`view`] draws both and turns clicks into calls.

pub mod kmap;
pub mod state;
pub mod view;

use std::any::TypeId;

use crate::pages::page::{Page, Shared};
use state::AnalysisState;
use view::AnalysisView;

/// The Analysis page.
#[derive(Debug)]
pub struct AnalysisPage {
    /// The table and its minimal covers.
    pub state: AnalysisState,
    /// The view.
    pub view: AnalysisView,
}

impl AnalysisPage {
    /// The page, showing the page of type `circuit_page` (the circuit editor, which a page
    /// does not name) after Build circuit.
    pub fn new(circuit_page: TypeId) -> AnalysisPage {
        AnalysisPage {
            state: AnalysisState::default(),
            view: AnalysisView { circuit_page },
        }
    }
}

impl Page for AnalysisPage {
    fn title(&self) -> &'static str {
        "Analysis"
    }

    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        self.view.ui(ui, &mut self.state, shared);
    }
}
