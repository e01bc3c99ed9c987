//! The status bar: mode, why the clock stopped (`Stopped at breakpoint HALTED=+1 (cycle 237,
//! tick 474)`, `Ran 10 cycles (tick 22)`) or that it is paused or running a number of cycles,
//! the clock rate achieved while clocks run (`Clock: 312,000 cycles/s`, the unit of the speed
//! control), delta cycle, events processed, queue length, the node being
//! evaluated in Step mode (with what it did to its bus, if it is a bus's bit), and the latest
//! notice.

use crate::pages::circuit::draw;
use crate::pages::circuit::state::{CircuitPageState, Mode, SimSession};

/// The status bar view.
#[derive(Debug, Default)]
pub struct StatusBar;

impl StatusBar {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.horizontal(|ui| {
            let engine = state.sim.engine();
            let mode = match state.sim.mode {
                Mode::Run => "Run",
                Mode::Step => "Step",
            };
            ui.label(format!("Mode: {mode}"));
            ui.separator();
            if state.sim.mode == Mode::Run && run_state(ui, &state.sim) {
                ui.separator();
            }
            if state.sim.clocks_running()
                && let Some(cycles) = state.sim.cycles_per_second()
            {
                let schedule = match state.sim.schedule() {
                    sim_core::Schedule::Levelized => " (levelized)",
                    sim_core::Schedule::UnitDelay => "",
                };
                ui.label(format!("Clock: {} cycles/s{schedule}", rate_text(cycles)))
                    .on_hover_text(
                        "Simulated clock cycles per wall-clock second, over the last second",
                    );
                ui.separator();
            }
            ui.label(format!("Delta: {}", engine.delta()));
            ui.separator();
            ui.label(format!("Events: {}", engine.events_processed()));
            ui.separator();
            ui.label(format!("Queue: {}", engine.pending().count()));
            if let Some(e) = &state.sim.last {
                ui.separator();
                let c = state.circuit();
                ui.label(format!(
                    "Evaluating: {}",
                    c.node(e.node).map_or("?", |n| n.label.as_str())
                ));
                // What it saw and what it did, as in the trace.
                let seen: Vec<String> = e.inputs.iter().map(ToString::to_string).collect();
                let outcome = if e.changed() { "changed" } else { "unchanged" };
                ui.label(
                    egui::RichText::new(format!(
                        "saw ({}) → {}, {outcome}",
                        seen.join(", "),
                        e.new
                    ))
                    .monospace(),
                );
                if let Some(change) = state.sim.last_bus_change() {
                    ui.label(
                        egui::RichText::new(super::trace_panel::bus_change_text(state, change))
                            .monospace(),
                    );
                }
            }
            if let Some(n) = &state.notice {
                ui.separator();
                let color = if n.is_error {
                    egui::Color32::RED
                } else {
                    draw::Colors::of(ui).plus
                };
                // Monospace: messages quote wires as `A → B.0`, and the proportional default
                // font has no arrows.
                ui.colored_label(color, egui::RichText::new(&n.text).monospace());
            }
        });
    }
}

/// Why the clock stopped, or that it is paused or running a number of cycles, if so; whether
/// it showed anything.
fn run_state(ui: &mut egui::Ui, sim: &SimSession) -> bool {
    if let Some(stop) = sim.stop() {
        ui.label(egui::RichText::new(stop.to_string()).strong())
            .on_hover_text("Pause is on: click it, or Run for, to go on");
    } else if let Some((left, cycles)) = sim.counted_run() {
        let ticks = u64::from(sim.ticks_per_cycle());
        ui.label(format!(
            "Running {cycles} cycles: {} left",
            left.div_ceil(ticks)
        ));
    } else if sim.paused() {
        ui.label("Paused");
    } else {
        return false;
    }
    true
}

/// A rate for people: one decimal below 10, else a whole number with thousands separated by
/// commas (`312,000`).
pub fn rate_text(rate: f64) -> String {
    if rate < 10.0 {
        return format!("{rate:.1}");
    }
    let digits = format!("{:.0}", rate.round());
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
