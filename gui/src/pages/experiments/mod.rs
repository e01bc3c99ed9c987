//! The Experiments page: many games of one strategy, with plots.

pub mod report;
pub mod view;
