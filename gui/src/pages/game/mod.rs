//! The Game page: a plugin game, played by hand or by a strategy.

pub mod view;
