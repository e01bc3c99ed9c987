//! The plugin pages' shared model, below the Plugins, Game and Experiments pages, which all
//! import it and never each other: [`GamesState`] (the plugin host, the game chosen, the
//! notices, the game in progress and the experiment), `play` and `solve` (the game in
//! progress, its AI moves, hints and solutions), [`experiment`] and [`report`] (experiments
//! and sweeps, their plots' data and CSV), [`forms`] (the settings the Game and Experiments
//! pages both edit), [`task`] (the worker threads), and [`widgets`], the form widgets and the
//! status bar the three pages draw. Everything but `widgets` is plain Rust without egui.

pub mod experiment;
pub mod forms;
pub mod play;
pub mod report;
mod solve;
pub mod state;
pub mod task;
pub mod widgets;

pub use experiment::{Experiment, SweepChoice};
pub use play::{GameSession, Play, UNDO_LIMIT, action_for_key};
pub use state::{GameRef, GamesState};
