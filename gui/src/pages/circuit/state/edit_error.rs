//! [`CircuitEditError`]: why an edit through the edit doors ([`CircuitPageState::edit_design`],
//! [`CircuitPageState::edit_bus_level`]) failed. Its text is what the status bar shows.
//!
//! [`CircuitPageState::edit_design`]: super::CircuitPageState::edit_design
//! [`CircuitPageState::edit_bus_level`]: super::CircuitPageState::edit_bus_level

use sim_core::CircuitError;
use sim_core::format::FormatError;
use sim_core::hierarchy::HierarchyError;

/// Why an edit failed; the document is restored and this shown as an error notice.
#[derive(Debug, thiserror::Error)]
pub enum CircuitEditError {
    /// The editor refuses the edit, saying why (e.g. ``no part named `X` ``).
    #[error("{0}")]
    Refused(String),
    /// The design refuses it (a part, an instance or a pin wire).
    #[error(transparent)]
    Hierarchy(#[from] HierarchyError),
    /// The hierarchy's edit refuses it (e.g. an instance or a label that does not exist).
    #[error(transparent)]
    Design(#[from] sim_core::hierarchy::EditError),
    /// The file's description does not rebuild (e.g. a wire joining different widths).
    #[error(transparent)]
    Format(#[from] FormatError),
    /// The rebuilt circuit is not a valid circuit.
    #[error(transparent)]
    Circuit(#[from] CircuitError),
}

impl From<String> for CircuitEditError {
    fn from(why: String) -> CircuitEditError {
        CircuitEditError::Refused(why)
    }
}

impl From<&str> for CircuitEditError {
    fn from(why: &str) -> CircuitEditError {
        CircuitEditError::Refused(why.to_owned())
    }
}
