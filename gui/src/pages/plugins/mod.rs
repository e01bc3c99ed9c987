//! The Plugins page: the plugins found, their games and solvers, the files rejected, and
//! "Load plugin…". [`state`] is what the three plugin pages share ([`GamesState`]: the host,
//! the game chosen, the notices, the worker [`task`]s); [`forms`] holds the settings the Game
//! and Experiments pages both edit, and [`view`] the panel, the status bar and the form
//! widgets.

pub mod forms;
pub mod state;
pub mod task;
pub mod view;
pub mod widgets;

pub use state::GamesState;

use crate::pages::experiments::ExperimentsPage;
use crate::pages::game::GamePage;
use crate::pages::page::{Page, Shared};
use view::{Open, PluginsPanel, status_bar};

/// The Plugins page.
#[derive(Debug, Default)]
pub struct PluginsPage {
    panel: PluginsPanel,
}

impl Page for PluginsPage {
    fn title(&self) -> &'static str {
        "Plugins"
    }

    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        status_bar(ui, shared.games);
        let open = egui::CentralPanel::default()
            .show(ui, |ui| self.panel.ui(ui, shared.games))
            .inner;
        match open {
            Some(Open::Game) => shared.show::<GamePage>(),
            Some(Open::Experiments) => shared.show::<ExperimentsPage>(),
            None => {}
        }
    }
}
