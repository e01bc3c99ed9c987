//! The app's views: small types, one per file, each drawing one part of the window from the
//! [`AppState`] and turning what the user does into calls on it. [`circuit`] holds the circuit
//! editor's and stepper's, [`plugins`] the plugin pages'; the window's frame (menu bar,
//! dialogs, status bar) stays here.

pub mod circuit;
mod dialogs;
mod figure;
mod menu_bar;
pub mod plugins;
mod status_bar;

pub use circuit::{Canvas, Inspector, Palette, QueuePanel, TracePanel};
pub use dialogs::Dialogs;
pub use figure::FigureView;
pub use menu_bar::{FileRequest, MenuBar};
pub use plugins::{ExperimentsView, GameView, PluginsPanel, cell_label};
pub use status_bar::StatusBar;

use crate::state::AppState;

/// A part of the window.
pub trait View {
    /// Draws the view into `ui` and applies what the user did to `state`.
    fn ui(&mut self, ui: &mut egui::Ui, state: &mut AppState);
}
