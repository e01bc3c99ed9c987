//! The app's views: small types, one per file, each drawing one part of the window from the
//! [`AppState`] and turning what the user does into calls on it.

mod canvas;
mod dialogs;
mod experiments_view;
mod game_forms;
mod game_view;
mod inspector;
mod menu_bar;
mod palette;
mod plugins_panel;
mod queue_panel;
mod status_bar;
mod trace_panel;

pub use canvas::Canvas;
pub use dialogs::Dialogs;
pub use experiments_view::ExperimentsView;
pub use game_view::{GameView, cell_label};
pub use inspector::Inspector;
pub use menu_bar::{FileRequest, MenuBar};
pub use palette::Palette;
pub use plugins_panel::PluginsPanel;
pub use queue_panel::QueuePanel;
pub use status_bar::StatusBar;
pub use trace_panel::TracePanel;

use crate::state::AppState;

/// A part of the window.
pub trait View {
    /// Draws the view into `ui` and applies what the user did to `state`.
    fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState);
}
