//! The app's pages, one folder each: its plain-Rust state and its views.

pub mod circuit;
pub mod experiments;
pub mod figure;
pub mod game;
pub mod plugins;
