//! The app's integration tests, driven like a person would use it: an `egui_kittest` harness
//! clicks widgets by their labels, reads values through AccessKit and compares rendered
//! snapshots (`tests/snapshots/`, relative to the crate root).
//!
//! One test binary, not one per file: every binary links all of egui, wgpu and winit, so each
//! extra one costs a link of several hundred megabytes of build output.
//!
//! ```sh
//! cargo test -p gui --test app                          # all of them
//! cargo test -p gui --test app subcircuits::            # one module
//! cargo test -p gui --test app screenshots -- --ignored # rewrite the README's pictures
//! ```

mod common;

mod analysis;
mod analysis_page;
mod build_half_adder;
mod bus_editing;
mod buses;
mod canvas;
mod counter;
mod cpu;
mod defects;
mod displays;
mod errors;
mod export;
mod figure;
mod games;
mod io_parts;
mod latch;
mod legibility;
mod memory;
mod notes;
mod palette;
mod picture;
mod plugins;
mod render;
mod rotate;
mod screenshots;
mod sim_control;
mod state;
mod step_mode;
mod subcircuits;
mod tests_panel;
mod theme;
mod tty;
mod tunnels;
mod verilog;
mod view_files;
mod waveform;
mod wire_bends;
mod wiring;
