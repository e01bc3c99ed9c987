//! The plugin views, for any plugin game (they know no game by name): the Plugins page, the
//! game view (board, actions, side picker, click-to-move), the Experiments page, and the
//! forms they share.

mod experiments_view;
mod game_forms;
mod game_view;
mod plugins_panel;

pub use experiments_view::ExperimentsView;
pub use game_view::{GameView, cell_label};
pub use plugins_panel::PluginsPanel;
