//! What every page may use, below all of them: [`Notice`], a line of feedback for the status
//! bar, and [`file_dialog`], the file dialog in plain egui. Pages import `common` and never
//! each other.

pub mod file_dialog;
pub mod notice;

pub use notice::Notice;
