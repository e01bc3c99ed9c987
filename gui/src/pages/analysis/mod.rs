//! The Analysis page: combinational analysis and synthesis (issue 41) — a truth table with
//! don't-cares edited by hand or filled from an expression, its minimal sums of products and
//! products of sums (from [`synth`]), and the Karnaugh map of an output with its cover's terms
//! looped. [`state`] is the table and what is derived from it (plain Rust); [`kmap`] the map's
//! geometry; [`view`] draws both and turns clicks into calls.

pub mod kmap;
pub mod state;
pub mod view;

use crate::pages::page::{Page, Shared};
use state::AnalysisState;
use view::AnalysisView;

/// The Analysis page.
#[derive(Debug, Default)]
pub struct AnalysisPage {
    /// The table and its minimal covers.
    pub state: AnalysisState,
    /// The view.
    pub view: AnalysisView,
}

impl Page for AnalysisPage {
    fn title(&self) -> &'static str {
        "Analysis"
    }

    fn ui(&mut self, ui: &mut egui::Ui, _shared: &mut Shared<'_>) {
        self.view.ui(ui, &mut self.state);
    }
}
