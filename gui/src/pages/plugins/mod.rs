//! The Plugins page: the plugins found, their games and solvers, and "Load plugin…".

pub(crate) mod forms;
pub mod state;
mod task;
pub mod view;
