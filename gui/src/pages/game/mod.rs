//! The Game page: a plugin game, played by hand, by a strategy (AI move, autoplay) or by a
//! solver (Hint, Solve). The state is [`GamesState`](crate::games::GamesState)'s
//! [`Play`](crate::games::Play); [`view`] draws the board and the controls.

pub mod view;

use crate::games::widgets::status_bar;
use crate::pages::page::{Page, Shared};
use view::GameView;

/// The Game page.
#[derive(Debug, Default)]
pub struct GamePage {
    view: GameView,
}

impl Page for GamePage {
    fn title(&self) -> &'static str {
        "Game"
    }

    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        status_bar(ui, shared.games);
        self.view.ui(ui, shared.games);
    }
}
