//! The [`Page`] trait every page of the window implements, and [`Shared`], what a page reaches
//! besides its own state.

use std::any::{Any, TypeId};

use crate::games::GamesState;
use crate::pages::circuit::state::CircuitPageState;
use crate::pages::circuit::views::Dialogs;

/// A page of the window, shown under its tab. A page owns its views and the state no other
/// page needs; what pages share is in [`Shared`]. The pages are listed once, in
/// [`all`](crate::pages::all).
pub trait Page: Any + std::fmt::Debug {
    /// The tab's text.
    fn title(&self) -> &'static str;

    /// Handles the page's keyboard shortcuts, before anything is drawn (only while the page is
    /// shown). None by default.
    fn shortcuts(&mut self, _ctx: &egui::Context, _shared: &mut Shared<'_>) {}

    /// Draws the page under the tab row and applies what the user did.
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>);
}

/// What every page reaches besides its own state: the circuit document (the window's title
/// and its close question follow it), the plugins (shared by the Plugins, Game and Experiments
/// pages), the dialogs, and a request to show another page.
#[derive(Debug)]
pub struct Shared<'a> {
    /// The circuit editor's state.
    pub state: &'a mut CircuitPageState,
    /// The plugins, the game being played and the experiment.
    pub games: &'a mut GamesState,
    /// The file dialogs and the unsaved-changes question.
    pub dialogs: &'a mut Dialogs,
    go_to: Option<TypeId>,
}

impl<'a> Shared<'a> {
    /// What the pages share this frame.
    pub fn new(
        state: &'a mut CircuitPageState,
        games: &'a mut GamesState,
        dialogs: &'a mut Dialogs,
    ) -> Shared<'a> {
        Shared {
            state,
            games,
            dialogs,
            go_to: None,
        }
    }

    /// Asks the window to show page `P` next (e.g. the Plugins page's "Play" opens the Game
    /// page).
    pub fn show<P: Page>(&mut self) {
        self.show_id(TypeId::of::<P>());
    }

    /// [`show`](Self::show) for the page whose type is `page`, for a page that must not name
    /// another page's type.
    pub fn show_id(&mut self, page: TypeId) {
        self.go_to = Some(page);
    }

    /// The page asked for with [`show`](Self::show), if any.
    pub fn go_to(&self) -> Option<TypeId> {
        self.go_to
    }
}
