//! The circuit page: the editor and stepper.

pub mod draw;
pub mod geometry;
pub mod layout;
pub mod state;
pub mod views;
