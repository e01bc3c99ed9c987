//! What every page may use, below all of them: [`Notice`], a line of feedback for the status
//! bar, [`file_dialog`], the file dialog in plain egui, [`theme`], the app's light or
//! dark theme and how it is remembered, and [`recent`], how the recent files are remembered.
//! Pages import `common` and never each other.

pub mod file_dialog;
pub mod notice;
pub mod recent;
pub mod theme;

pub use notice::Notice;
