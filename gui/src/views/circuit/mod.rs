//! The circuit views: the canvas, the palette of parts, the inspector, and the stepper's
//! event queue and trace.

mod blocks;
mod canvas;
mod inspector;
mod palette;
mod queue_panel;
mod trace_panel;

pub use canvas::{Canvas, PartPayload};
pub use inspector::Inspector;
pub use palette::Palette;
pub use queue_panel::QueuePanel;
pub use trace_panel::TracePanel;
