//! The circuit views: the menu bar, the canvas, the palette of parts, the inspector, the
//! stepper's event queue and trace, the waveform panel, the Tests window, the status bar, and
//! the file dialogs.

mod analysis_panel;
mod break_when;
mod canvas;
mod crisp;
mod dialogs;
mod display_rows;
mod inspector;
mod memory_panel;
mod menu_bar;
mod palette;
mod queue_panel;
mod sim_bar;
mod status_bar;
mod tests_panel;
mod trace_panel;
pub mod wave_paint;
mod wave_panel;

pub use analysis_panel::analysis_window;
pub use canvas::{Canvas, Group, MAX_FIT_ZOOM, Mark, PartPayload, ROUTED_AT_ONCE, Routes};
pub use crisp::layout_scale;
pub use dialogs::Dialogs;
pub use inspector::Inspector;
pub use memory_panel::memory_windows;
pub use menu_bar::{FileRequest, MenuBar, ViewRequest};
pub use palette::Palette;
pub use queue_panel::QueuePanel;
pub use status_bar::StatusBar;
pub use tests_panel::TestsPanel;
pub use trace_panel::TracePanel;
pub use wave_panel::WavePanel;
