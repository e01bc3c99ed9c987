//! The figure page: a figure to draw without lifting the pencil.

pub mod state;
pub mod view;
