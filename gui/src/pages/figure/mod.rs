//! The figure page: a figure to draw without lifting the pencil. [`state`] is the figure
//! being edited, drawn or traced (plain Rust); [`view`] draws it and turns clicks into calls.

pub mod state;
pub mod view;

use crate::pages::page::{Page, Shared};
use state::FigureState;
use view::FigureView;

/// The figure page.
#[derive(Debug, Default)]
pub struct FigurePage {
    /// The figure and what is being done with it.
    pub state: FigureState,
    /// The view (its canvas's place on the screen, the Run speed).
    pub view: FigureView,
}

impl Page for FigurePage {
    fn title(&self) -> &'static str {
        "Figure"
    }

    fn ui(&mut self, ui: &mut egui::Ui, _shared: &mut Shared<'_>) {
        self.view.ui(ui, &mut self.state);
    }
}
