//! The simulation controls of the tool bar, each with a tooltip: Run / Step mode, Step,
//! Settle, Power-on reset, Tick; in Run mode Pause, "Run for N cycles" (a typed count), the
//! Breakpoints menu (each listed with a Remove button, and a field to add one by name) and the
//! speed in clock cycles per second (logarithmic up to "max", typeable).

use crate::pages::circuit::state::{CircuitPageState, Mode, SimSession};

/// The cycles "Run for" offers at first.
const DEFAULT_RUN: u64 = 10;

/// The speed slider's length, in points: wide enough to pick a rate among seven decades.
const SPEED_WIDTH: f32 = 180.0;

/// The simulation controls' own state: the typed cycle count and the breakpoint being typed.
#[derive(Debug)]
pub struct SimBar {
    /// The cycles "Run for" runs.
    run_count: u64,
    /// The Breakpoints menu's `NAME=VALUE` field.
    new_breakpoint: String,
    /// Why the last breakpoint typed was refused.
    error: Option<String>,
}

impl Default for SimBar {
    fn default() -> SimBar {
        SimBar {
            run_count: DEFAULT_RUN,
            new_breakpoint: String::new(),
            error: None,
        }
    }
}

impl SimBar {
    /// Draws the controls into `ui` (a horizontal bar) and applies what the user did to
    /// `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        let mut mode = state.sim.mode;
        ui.selectable_value(&mut mode, Mode::Run, "Run")
            .on_hover_text("Run mode: every change settles at once and the clock ticks");
        ui.selectable_value(&mut mode, Mode::Step, "Step mode")
            .on_hover_text("Step mode: changes wait in the queue, processed one event at a time");
        if mode != state.sim.mode {
            state.sim.set_mode(mode);
        }
        ui.separator();
        if ui
            .add_enabled(mode == Mode::Step, egui::Button::new("Step"))
            .on_hover_text("Process one event (Space)")
            .on_disabled_hover_text("Process one event (Space; in Step mode)")
            .clicked()
        {
            state.sim.step();
        }
        if ui
            .button("Settle")
            .on_hover_text("Process every pending event until the circuit is stable")
            .clicked()
        {
            state.sim.settle();
        }
        if ui
            .button("Power-on reset")
            .on_hover_text(
                "Every net back to unknown (0), as at power-on (a flip-flop with a power-on \
                 value to it), and the trace and waveform cleared; not the circuit's own RESET \
                 input",
            )
            .clicked()
        {
            state.sim.reset();
        }
        if ui
            .button("Tick")
            .on_hover_text("Advance the clocks by one tick (half a cycle of a half-period-1 clock)")
            .clicked()
        {
            state.sim.tick();
        }
        if mode == Mode::Run {
            ui.separator();
            self.run_controls(ui, &mut state.sim);
            self.breakpoints_menu(ui, state);
            speed(ui, &mut state.sim);
        }
    }

    /// Pause and "Run for N cycles".
    fn run_controls(&mut self, ui: &mut egui::Ui, sim: &mut SimSession) {
        let mut paused = sim.paused();
        if ui
            .toggle_value(&mut paused, "Pause")
            .on_hover_text(
                "Stop the clock's ticks (Logisim's \"ticks enabled\" off); click again to run on",
            )
            .changed()
        {
            sim.set_paused(paused);
        }
        // "Run for [10] cycles": the count is typed (click) or dragged.
        let run = ui.button("Run for").on_hover_text(
            "Run the number of clock cycles given as fast as the app can, then pause; a \
             breakpoint stops it earlier",
        );
        let count = ui
            .add(egui::DragValue::new(&mut self.run_count).range(1..=1_000_000_000))
            .on_hover_text("How many clock cycles \"Run for\" runs: drag, or click and type");
        let unit = ui.label("cycles");
        count.labelled_by(unit.id);
        if run.clicked() {
            sim.run_cycles(self.run_count);
        }
    }

    /// The Breakpoints menu: every breakpoint with a Remove button, Remove all, and a
    /// `NAME=VALUE` field that adds one.
    fn breakpoints_menu(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        let count = state.sim.breakpoints().iter().len();
        ui.menu_button(format!("Breakpoints ({count})"), |ui| {
            let listed: Vec<String> = state
                .sim
                .breakpoints()
                .iter()
                .map(ToString::to_string)
                .collect();
            if listed.is_empty() {
                ui.label("None: set one in the inspector of a node or bus, or below");
            }
            for (index, text) in listed.iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(text).monospace());
                    if ui
                        .button(format!("Remove {text}"))
                        .on_hover_text("Stop breaking here")
                        .clicked()
                    {
                        state.sim.remove_breakpoint(index);
                    }
                });
            }
            if count > 1 && ui.button("Remove all").clicked() {
                state.sim.clear_breakpoints();
            }
            ui.separator();
            self.add_field(ui, state);
        })
        .response
        .on_hover_text("Conditions that stop the clock when a tick makes them hold");
    }

    /// The field that adds a breakpoint typed as `NAME=VALUE`.
    fn add_field(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.horizontal(|ui| {
            let label = ui.label("Break when");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.new_breakpoint)
                        .desired_width(140.0)
                        .font(egui::TextStyle::Monospace)
                        .hint_text("HALTED, ACC=5"),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "A node or bus and a value (+1 when left out), the value read in the \
                     bus's radix: HALTED, Q=-1, ACC=0x2A",
                );
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if entered || ui.button("Add").clicked() {
                let (name, value) = self
                    .new_breakpoint
                    .split_once('=')
                    .unwrap_or((&self.new_breakpoint, "+1"));
                match state.add_breakpoint(name, value) {
                    Ok(_) => {
                        self.new_breakpoint.clear();
                        self.error = None;
                    }
                    Err(e) => self.error = Some(e.to_string()),
                }
            }
        });
        if let Some(error) = &self.error {
            ui.colored_label(egui::Color32::RED, format!("Refused: {error}"));
        }
    }
}

/// The speed: clock cycles per second, logarithmic from 0 up to "max" ([`SimSession::MAX_HZ`]
/// ticks a second: as many as a frame's time budget allows); its number can be typed.
fn speed(ui: &mut egui::Ui, sim: &mut SimSession) {
    let max = f64::from(SimSession::MAX_HZ) / f64::from(sim.ticks_per_cycle());
    let mut cycles = sim.cycle_rate();
    ui.spacing_mut().slider_width = SPEED_WIDTH;
    let slider = egui::Slider::new(&mut cycles, 0.0..=max)
        .logarithmic(true)
        .custom_formatter(move |cycles, _| {
            if cycles >= max {
                "max".to_owned()
            } else if cycles < 10.0 {
                format!("{cycles:.1}")
            } else {
                format!("{cycles:.0}")
            }
        })
        .custom_parser(move |text| match text.trim() {
            "max" => Some(max),
            t => t.replace(',', "").parse().ok(),
        })
        .text("cycles/s");
    if ui
        .add(slider)
        .on_hover_text(format!(
            "Speed: clock cycles per second (a cycle is {} ticks of the fastest clock); \
             click the number to type one. Above {} ticks a second the run is fast: \
             levelized schedule, no trace, as many ticks as fit in 12 ms per frame",
            sim.ticks_per_cycle(),
            SimSession::FAST_HZ
        ))
        .changed()
    {
        sim.set_cycle_rate(cycles);
    }
}
