//! The waveform panel: a timing diagram of the signals in [`CircuitPageState::waves`], docked under
//! the canvas (or floating in its own window).
//!
//! * Tool bar: Add signal (a searchable list of every net and bus), zoom out / in / fit,
//!   Follow (keep the newest step in view), the cursor's moment, Delta cycles (open the
//!   cursor's step into sub-columns), Show on canvas (replay the cursor's moment, read-only),
//!   Export… (VCD), the record's size (or, past its limit, a notice of the steps not kept),
//!   and Float / Dock.
//! * Names column: each lane's name and value at the cursor (or now), × to remove it, and a
//!   right-click menu to move it up or down; the mouse wheel there scrolls the lanes.
//! * Plot: a click puts the cursor on a step (or on a delta cycle of an opened step), a
//!   double-click opens or closes that step's delta cycles, a drag scrolls in time, the wheel
//!   zooms around the pointer (Shift+wheel scrolls), ←/→ move the cursor.
//! * In Step mode the current step is opened into its delta cycles as they run, so one sees
//!   the order in which a latch settles and where a glitch happens inside one step.

use egui::{Key, Rect, Sense, pos2, vec2};
use sim_core::wave::{Point, Waveform};

use super::wave_paint::{self, HEADER, LanePaint, ROW};
use crate::pages::circuit::draw::Colors;
use crate::pages::circuit::state::{CircuitPageState, LaneKey, Mode};
use crate::pages::circuit::timeline::TimeAxis;

/// The width of the names column, in pixels.
const NAMES: f32 = 210.0;

/// The waveform panel view.
#[derive(Debug)]
pub struct WavePanel {
    /// The time axis: zoom, scroll, opened steps.
    pub axis: TimeAxis,
    /// Keep the newest step in view.
    pub follow: bool,
    /// Shown in its own window rather than docked.
    pub floating: bool,
    /// The first lane shown (the lanes scroll).
    top: usize,
    /// The Add signal list's filter.
    filter: String,
    /// The step opened because it was Step mode's current step.
    auto_opened: Option<u64>,
    /// Set when the user asked to export (the page opens the file dialog).
    pub export_requested: bool,
    /// Where the plot (below the time header) was drawn on the last frame.
    pub plot_rect: Option<Rect>,
}

impl Default for WavePanel {
    fn default() -> WavePanel {
        WavePanel {
            axis: TimeAxis::default(),
            follow: true,
            floating: false,
            top: 0,
            filter: String::new(),
            auto_opened: None,
            export_requested: false,
            plot_rect: None,
        }
    }
}

impl WavePanel {
    /// Draws the panel into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        self.keep_step_open(state);
        self.toolbar(ui, state);
        ui.separator();
        let area = ui.available_rect_before_wrap();
        if area.width() < NAMES + 40.0 || area.height() < HEADER + ROW {
            return;
        }
        ui.allocate_rect(area, Sense::hover());
        let plot_left = area.left() + NAMES;
        let header =
            Rect::from_x_y_ranges(plot_left..=area.right(), area.top()..=area.top() + HEADER);
        let plot = Rect::from_x_y_ranges(plot_left..=area.right(), header.bottom()..=area.bottom());
        let names = Rect::from_x_y_ranges(
            area.left()..=plot_left - 4.0,
            header.bottom()..=area.bottom(),
        );
        self.plot_rect = Some(plot);
        if self.follow {
            self.axis.follow(state.sim.wave().step(), plot.width());
        }
        let visible = (plot.height() / ROW).floor().max(1.0);
        // A small positive count of rows.
        #[allow(clippy::cast_sign_loss)]
        let visible = visible as usize;
        self.top = self.top.min(state.waves.len().saturating_sub(visible));
        self.names_column(ui, state, names, visible);
        self.plot_input(ui, state, header.union(plot));
        let keys: Vec<LaneKey> = state
            .waves
            .iter()
            .skip(self.top)
            .take(visible)
            .map(|(k, _)| k)
            .collect();
        let wave = state.sim.wave();
        let lanes: Vec<LanePaint> = keys
            .iter()
            .filter_map(|&k| state.waves.get(k))
            .map(|lane| LanePaint {
                bits: lane.bits.iter().filter_map(|&b| wave.lane(b)).collect(),
                radix: lane.radix.map(|_| state.bus_radix(&lane.name)),
            })
            .collect();
        let clocks: Vec<usize> = state
            .sim
            .clocks()
            .iter()
            .filter_map(|&id| wave.lane(id))
            .collect();
        wave_paint::paint(
            ui.painter(),
            (header, plot),
            Colors::of(ui),
            wave,
            &lanes,
            &self.axis,
            &clocks,
            state.waves.cursor,
        );
    }

    /// In Step mode, opens the current step into its delta cycles (closing the one opened
    /// before it); keeps every opened step's number of sub-columns up to date.
    fn keep_step_open(&mut self, state: &CircuitPageState) {
        let wave = state.sim.wave();
        let current = (state.sim.mode == Mode::Step).then(|| wave.step());
        if self.auto_opened != current {
            if let Some(old) = self.auto_opened.take() {
                self.axis.close(old);
            }
            if let Some(step) = current {
                self.axis.open(step, 1);
                self.auto_opened = Some(step);
            }
        }
        let opened: Vec<u64> = self.axis.opened().collect();
        for step in opened {
            self.axis.open(step, wave.deltas_in(step) + 1);
        }
    }

    fn toolbar(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.horizontal_wrapped(|ui| {
            ui.strong("Waveform");
            self.add_menu(ui, state);
            let width = (ui.available_width() - NAMES).max(100.0);
            if ui.button("−").on_hover_text("Zoom out").clicked() {
                self.axis.zoom(0.5, width / 2.0);
                self.follow = false;
            }
            if ui.button("+").on_hover_text("Zoom in").clicked() {
                self.axis.zoom(2.0, width / 2.0);
                self.follow = false;
            }
            if ui
                .button("Fit")
                .on_hover_text("Show the whole record")
                .clicked()
            {
                self.axis.fit(0, state.sim.wave().step(), width);
                self.auto_opened = None;
                self.follow = false;
            }
            ui.checkbox(&mut self.follow, "Follow")
                .on_hover_text("Keep the newest step in view");
            ui.separator();
            self.cursor_controls(ui, state);
            ui.separator();
            if ui
                .button("Export…")
                .on_hover_text("Write these signals as a VCD file (GTKWave, Surfer)")
                .clicked()
            {
                self.export_requested = true;
            }
            ui.checkbox(&mut state.waves.export_deltas, "with δ")
                .on_hover_text("Write delta cycles as finer time steps");
            record_size(ui, state.sim.wave());
            let float = if self.floating { "Dock" } else { "Float" };
            if ui.button(float).clicked() {
                self.floating = !self.floating;
            }
            if ui.button("Hide").clicked() {
                state.waves.shown = false;
            }
        });
    }

    /// Add signal: a filter field and the first 60 matching nets and buses not shown yet.
    fn add_menu(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.menu_button("Add signal", |ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.filter)
                    .hint_text("filter, e.g. adder/*")
                    .desired_width(180.0),
            );
            let pattern = if self.filter.contains(['*', '?']) {
                self.filter.clone()
            } else {
                format!("*{}*", self.filter)
            };
            let names: Vec<String> = sim_core::wave::all_signals(state.circuit())
                .into_iter()
                .map(|s| s.name)
                .filter(|n| state.waves.find(n).is_none() && sim_core::wave::matches(&pattern, n))
                .take(60)
                .collect();
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    if names.is_empty() {
                        ui.weak("no signal matches");
                    }
                    for name in names {
                        if ui.button(&name).clicked() {
                            state.add_wave_signal(&name);
                        }
                    }
                });
        });
    }

    fn cursor_controls(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        let Some(at) = state.waves.cursor else {
            ui.weak("Click the plot to place the cursor");
            return;
        };
        let text = if at.delta == u32::MAX {
            format!("Cursor: step {}", at.step)
        } else {
            format!("Cursor: step {} δ{}", at.step, at.delta)
        };
        ui.label(text);
        let open = self.axis.is_open(at.step);
        if ui
            .selectable_label(open, "Delta cycles")
            .on_hover_text("Open the cursor's step into its delta cycles")
            .clicked()
        {
            self.toggle_step(state, at.step);
        }
        let mut replay = state.sim.replay().is_some();
        if ui
            .checkbox(&mut replay, "Show on canvas")
            .on_hover_text("The canvas shows the values at the cursor (read-only)")
            .changed()
        {
            state.replay_cursor(replay);
        }
    }

    /// Opens or closes `step`'s delta cycles; the cursor on it moves to its end or its last
    /// delta.
    pub fn toggle_step(&mut self, state: &mut CircuitPageState, step: u64) {
        if self.axis.is_open(step) {
            self.axis.close(step);
            if self.auto_opened == Some(step) {
                self.auto_opened = None;
            }
            if let Some(at) = state.waves.cursor.filter(|c| c.step == step) {
                state.set_wave_cursor(Some(Point {
                    step: at.step,
                    delta: u32::MAX,
                }));
            }
        } else {
            let deltas = state.sim.wave().deltas_in(step);
            self.axis.open(step, deltas + 1);
            if let Some(at) = state.waves.cursor.filter(|c| c.step == step) {
                state.set_wave_cursor(Some(Point {
                    step: at.step,
                    delta: at.delta.min(deltas),
                }));
            }
        }
        self.follow = false;
    }

    /// Each lane's name and value at the cursor (or now), and its buttons.
    fn names_column(
        &mut self,
        ui: &mut egui::Ui,
        state: &mut CircuitPageState,
        rect: Rect,
        visible: usize,
    ) {
        let at = state.waves.cursor.unwrap_or(Point {
            step: state.sim.wave().step(),
            delta: u32::MAX,
        });
        let keys: Vec<LaneKey> = state
            .waves
            .iter()
            .skip(self.top)
            .take(visible)
            .map(|(k, _)| k)
            .collect();
        let mut action = None;
        for (row, key) in keys.into_iter().enumerate() {
            let top = rect.top() + row as f32 * ROW;
            let cell = Rect::from_min_size(pos2(rect.left(), top), vec2(rect.width(), ROW));
            let name = state
                .waves
                .get(key)
                .map(|l| l.name.clone())
                .unwrap_or_default();
            let value = state.wave_text(key, at);
            ui.scope_builder(egui::UiBuilder::new().max_rect(cell), |ui| {
                ui.horizontal_centered(|ui| {
                    if ui.small_button("×").on_hover_text("Remove").clicked() {
                        action = Some((key, 0));
                    }
                    ui.label(format!("{name} = {value}"))
                        .on_hover_text(format!("{name}\nRight-click to move or remove"))
                        .context_menu(|ui| {
                            if ui.button("Move up").clicked() {
                                action = Some((key, -1));
                            }
                            if ui.button("Move down").clicked() {
                                action = Some((key, 1));
                            }
                            if ui.button("Remove").clicked() {
                                action = Some((key, 0));
                            }
                        });
                });
            });
        }
        let hidden = state.waves.len().saturating_sub(self.top + visible);
        if self.top > 0 || hidden > 0 {
            let hint = Rect::from_min_size(
                pos2(rect.left(), rect.top() - HEADER),
                vec2(rect.width(), HEADER),
            );
            ui.scope_builder(egui::UiBuilder::new().max_rect(hint), |ui| {
                ui.weak(format!(
                    "lanes {}–{} of {} (wheel scrolls)",
                    self.top + 1,
                    self.top + visible.min(state.waves.len() - self.top),
                    state.waves.len()
                ));
            });
        }
        match action {
            Some((key, 0)) => state.waves.remove(key),
            Some((key, by)) => state.waves.shift(key, by),
            None => {}
        }
        if ui.rect_contains_pointer(rect) {
            let dy = ui.input(|i| i.smooth_scroll_delta.y);
            if dy.abs() > 0.5 {
                let rows = ((dy.abs() / ROW).round() as isize).max(1);
                self.top = self
                    .top
                    .saturating_add_signed(if dy > 0.0 { -rows } else { rows });
            }
        }
    }

    /// Clicks, double-clicks, drags, the wheel and the arrow keys on the plot.
    fn plot_input(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, rect: Rect) {
        let response = ui.interact(
            rect,
            ui.scope_id().with("wave-plot"),
            Sense::click_and_drag(),
        );
        let x_of = |p: egui::Pos2| p.x - rect.left();
        if response.dragged() {
            let dx = f64::from(response.drag_delta().x);
            self.axis.scroll = (self.axis.scroll - dx).max(0.0);
            self.follow = false;
        }
        if let Some(pos) = response.interact_pointer_pos() {
            let at = self.axis.moment_at(x_of(pos));
            if response.double_clicked() {
                self.toggle_step(state, at.step);
            } else if response.clicked() {
                let now = state.sim.wave().step();
                let at = if at.step > now {
                    Point {
                        step: now,
                        delta: u32::MAX,
                    }
                } else {
                    at
                };
                state.set_wave_cursor(Some(at));
                response.request_focus();
            }
        }
        if response.hovered() {
            let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta));
            let x = response.hover_pos().map_or(rect.width() / 2.0, x_of);
            if (zoom - 1.0).abs() > f32::EPSILON {
                self.axis.zoom(f64::from(zoom), x);
                self.follow = false;
            } else if scroll.y.abs() > 0.0 {
                self.axis.zoom(f64::from((scroll.y / 200.0).exp()), x);
                self.follow = false;
            }
            if scroll.x.abs() > 0.0 {
                self.axis.scroll = (self.axis.scroll - f64::from(scroll.x)).max(0.0);
                self.follow = false;
            }
        }
        if response.has_focus() {
            let (left, right) = ui.input(|i| {
                (
                    i.key_pressed(Key::ArrowLeft),
                    i.key_pressed(Key::ArrowRight),
                )
            });
            if left || right {
                self.move_cursor(state, right);
            }
        }
    }

    /// Moves the cursor one column: a step, or a delta cycle inside an opened step.
    fn move_cursor(&mut self, state: &mut CircuitPageState, forward: bool) {
        let now = state.sim.wave().step();
        let Some(at) = state.waves.cursor else {
            return;
        };
        let columns = |step: u64| -> Option<u32> {
            self.axis
                .is_open(step)
                .then(|| state.sim.wave().deltas_in(step) + 1)
        };
        let next = if forward {
            match columns(at.step) {
                Some(c) if at.delta.saturating_add(1) < c => Point {
                    step: at.step,
                    delta: at.delta + 1,
                },
                _ if at.step >= now => at,
                _ => first_column(at.step + 1, columns(at.step + 1)),
            }
        } else {
            match columns(at.step) {
                Some(_) if at.delta > 0 && at.delta != u32::MAX => Point {
                    step: at.step,
                    delta: at.delta - 1,
                },
                _ if at.step == 0 => at,
                _ => last_column(at.step - 1, columns(at.step - 1)),
            }
        };
        state.set_wave_cursor(Some(next));
    }
}

/// The record's size, and once it reached its limit, a notice of what it keeps (the start of
/// the run and the latest window) and of the gap between them.
fn record_size(ui: &mut egui::Ui, wave: &Waveform) {
    let Some(gap) = wave.gap() else {
        ui.weak(format!("{} changes", wave.change_count()));
        return;
    };
    ui.colored_label(
        ui.visuals().warn_fg_color,
        format!(
            "Limit reached: steps {}–{} not kept ({} changes)",
            gap.from.step,
            gap.to.step,
            wave.dropped()
        ),
    )
    .on_hover_text(format!(
        "The record holds at most {} changes. It keeps the start of the run (up to step {}) \
         and the latest window (from step {}); the changes between are not kept — the \
         hatched stretch of the plot, written as x in an exported VCD.",
        wave.limit(),
        gap.from.step,
        gap.to.step
    ));
}

fn first_column(step: u64, columns: Option<u32>) -> Point {
    Point {
        step,
        delta: if columns.is_some() { 0 } else { u32::MAX },
    }
}

fn last_column(step: u64, columns: Option<u32>) -> Point {
    Point {
        step,
        delta: columns.map_or(u32::MAX, |c| c - 1),
    }
}
