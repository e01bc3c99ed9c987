//! The 2048 plugin for Tritium (work in progress: the board engine first).

pub mod board;
