//! The checkers plugin for Tritium.

pub mod board;
pub mod color;
pub mod moves;
pub mod piece;
pub mod position;
