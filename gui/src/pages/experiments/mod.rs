//! The Experiments page: many seeded games of one strategy, or every strategy of a sweep,
//! with plots and CSV export. The state is
//! [`GamesState`](crate::games::GamesState)'s [`Experiment`](crate::games::Experiment);
//! [`report`](crate::games::report) turns reports into plot data and CSV; [`view`] draws the
//! form, the plots and the ranking.

pub mod view;

use crate::games::widgets::status_bar;
use crate::pages::page::{Page, Shared};
use view::ExperimentsView;

/// The Experiments page.
#[derive(Debug, Default)]
pub struct ExperimentsPage {
    view: ExperimentsView,
}

impl Page for ExperimentsPage {
    fn title(&self) -> &'static str {
        "Experiments"
    }

    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        status_bar(ui, shared.games);
        self.view.ui(ui, shared.games);
    }
}
