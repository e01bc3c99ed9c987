//! The checkers plugin for Tritium.

pub mod board;
pub mod color;
pub mod game;
pub mod heuristic;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod search;
