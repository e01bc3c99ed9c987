//! The Plugins page: the plugins found, their games and solvers, the files rejected, and
//! "Load plugin…". What the three plugin pages share is [`crate::games`]; [`view`] draws the
//! panel. Its Play and Experiments buttons open the pages [`pages::all`](crate::pages::all)
//! names to it, so that it imports no other page.

pub mod view;

use std::any::TypeId;

use crate::games::widgets::status_bar;
use crate::pages::page::{Page, Shared};
use view::{Open, PluginsPanel};

/// The Plugins page.
#[derive(Debug)]
pub struct PluginsPage {
    panel: PluginsPanel,
    /// The page "Play" opens (the Game page).
    game: TypeId,
    /// The page "Experiments" opens.
    experiments: TypeId,
}

impl PluginsPage {
    /// The page, whose Play button shows the page `game` and whose Experiments button shows
    /// the page `experiments` (both as [`TypeId::of`] the page).
    pub fn new(game: TypeId, experiments: TypeId) -> PluginsPage {
        PluginsPage {
            panel: PluginsPanel::default(),
            game,
            experiments,
        }
    }
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
            Some(Open::Game) => shared.show_id(self.game),
            Some(Open::Experiments) => shared.show_id(self.experiments),
            None => {}
        }
    }
}
