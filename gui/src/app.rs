//! The application: the views laid out in one window, keyboard shortcuts, the window title,
//! and the close-with-unsaved-changes question. A row of tabs at the top switches between the
//! circuit editor, the figure page (Euler trails) and the plugin pages (Plugins, Game,
//! Experiments).

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::pages::circuit::views::{
    Canvas, Dialogs, FileRequest, Inspector, MenuBar, Palette, QueuePanel, StatusBar, TracePanel,
    View,
};
use crate::pages::experiments::view::ExperimentsView;
use crate::pages::figure::state::FigureState;
use crate::pages::figure::view::FigureView;
use crate::pages::game::view::GameView;
use crate::pages::plugins::state::GamesState;
use crate::pages::plugins::view::PluginsPanel;
use crate::state::{AppState, Discarding, Mode};

/// A page of the window, chosen with the tabs at the top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// The circuit editor and stepper.
    #[default]
    Circuit,
    /// A figure to draw without lifting the pencil.
    Figure,
    /// The plugins found, their games and solvers, and "Load plugin…".
    Plugins,
    /// A plugin game, played by hand or by a strategy.
    Game,
    /// Many games of one strategy, with plots.
    Experiments,
}

impl Page {
    /// Every page, in tab order.
    pub const ALL: [Page; 5] = [
        Page::Circuit,
        Page::Figure,
        Page::Plugins,
        Page::Game,
        Page::Experiments,
    ];

    /// The tab's text.
    pub fn title(self) -> &'static str {
        match self {
            Page::Circuit => "Circuit",
            Page::Figure => "Figure",
            Page::Plugins => "Plugins",
            Page::Game => "Game",
            Page::Experiments => "Experiments",
        }
    }
}

/// The Tritium desktop app. [`TritiumApp::show`] draws one frame into any [`egui::Ui`], so
/// tests run it headless; [`eframe::App`] wires it to a window.
#[derive(Debug, Default)]
pub struct TritiumApp {
    /// Everything the circuit editor knows.
    pub state: AppState,
    /// The plugins, the game being played and the experiment.
    pub games: GamesState,
    /// The figure page.
    pub figures: FigureState,
    /// The figure page's view (its canvas's place on the screen, the Run speed).
    pub figure_view: FigureView,
    /// The page shown.
    pub page: Page,
    menu: MenuBar,
    palette: Palette,
    canvas: Canvas,
    inspector: Inspector,
    queue: QueuePanel,
    trace: TracePanel,
    status: StatusBar,
    dialogs: Dialogs,
    plugins: PluginsPanel,
    game: GameView,
    experiments: ExperimentsView,
    title: String,
}

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn ctrl_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

impl TritiumApp {
    /// The app showing `state`.
    pub fn new(state: AppState) -> TritiumApp {
        TritiumApp {
            state,
            ..TritiumApp::default()
        }
    }

    /// The app showing `state`, with the plugins of `games` (e.g.
    /// [`GamesState::discover`] on [`plugin_host::search_path`]).
    pub fn with_games(state: AppState, games: GamesState) -> TritiumApp {
        TritiumApp {
            state,
            games,
            ..TritiumApp::default()
        }
    }

    /// The canvas, to read or set which part of the circuit it shows.
    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// Draws one frame and handles its input.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if self.title.is_empty() {
            // Schematics read best dark-on-light, like paper; set once, the user may change it.
            ui.ctx().set_theme(egui::Theme::Light);
        }
        if self.page == Page::Circuit {
            self.shortcuts(ui.ctx());
        }
        self.window(ui.ctx());
        let dt = ui.input(|i| i.stable_dt).min(0.25);
        self.state.sim.advance(dt);
        if self.state.sim.clocks_running() {
            ui.ctx().request_repaint();
        }
        // The real time since the last frame: after an idle wait for autoplay's next move,
        // `stable_dt` would still be one frame's time.
        let elapsed = ui.input(|i| i.unstable_dt).min(1.0);
        self.games.update(elapsed);
        if let Some(next) = self.games.next_update() {
            // Poll the worker, or make autoplay's next move on time.
            ui.ctx().request_repaint_after(next);
        }

        egui::Panel::top("pages").show(ui, |ui| {
            ui.horizontal(|ui| {
                for page in Page::ALL {
                    ui.selectable_value(&mut self.page, page, page.title());
                }
            });
        });
        if self.page == Page::Figure {
            self.figure_view.ui(ui, &mut self.figures);
            return;
        }
        if self.page != Page::Circuit {
            self.plugin_page(ui);
            self.dialogs.ui(ui, &mut self.state);
            return;
        }
        let state = &mut self.state;
        egui::Panel::top("menu").show(ui, |ui| self.menu.ui(ui, state));
        if let Some(request) = self.menu.request.take() {
            self.dialogs.ask(request, state);
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status.ui(ui, state));
        egui::Panel::left("palette")
            .resizable(false)
            .show(ui, |ui| self.palette.ui(ui, state));
        egui::Panel::right("side")
            .default_size(380.0)
            .show(ui, |ui| {
                egui::Panel::bottom("trace")
                    .resizable(true)
                    .default_size(260.0)
                    .show(ui, |ui| self.trace.ui(ui, state));
                egui::Panel::bottom("queue")
                    .resizable(true)
                    .default_size(140.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("queue-scroll")
                            .show(ui, |ui| self.queue.ui(ui, state));
                    });
                egui::ScrollArea::vertical()
                    .id_salt("inspector-scroll")
                    .show(ui, |ui| self.inspector.ui(ui, state));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            breadcrumbs(ui, state);
            self.canvas.ui(ui, state);
        });
        if std::mem::take(&mut self.canvas.rename_requested) {
            self.inspector.focus_label = true;
        }
        self.dialogs.ui(ui, state);
    }

    /// A plugin page, with the plugin notices at the bottom.
    fn plugin_page(&mut self, ui: &mut egui::Ui) {
        let games = &mut self.games;
        egui::Panel::bottom("plugin-status").show(ui, |ui| {
            ui.horizontal(|ui| match &games.notice {
                Some(n) if n.is_error => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("Error: {}", n.text));
                }
                Some(n) => {
                    ui.label(&n.text);
                }
                None => {
                    let n = games.host().plugins().len();
                    ui.label(match n {
                        1 => "1 plugin loaded".to_owned(),
                        n => format!("{n} plugins loaded"),
                    });
                }
            });
        });
        match self.page {
            Page::Plugins => {
                egui::CentralPanel::default().show(ui, |ui| {
                    if let Some(page) = self.plugins.ui(ui, games) {
                        self.page = page;
                    }
                });
            }
            Page::Game => self.game.ui(ui, games),
            Page::Experiments => self.experiments.ui(ui, games),
            Page::Circuit | Page::Figure => {}
        }
    }

    /// Title with the modified marker; closing asks first when there are unsaved changes.
    fn window(&mut self, ctx: &egui::Context) {
        let title = self.state.doc.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.state.quit {
            if self.state.doc.is_modified() {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.state.request(Discarding::Quit);
            } else {
                self.state.quit = true;
            }
        }
        if self.state.quit {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() {
            return; // typing in a text field
        }
        let state = &mut self.state;
        let pressed = |s: KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(&s));
        if pressed(ctrl(Key::N)) {
            state.request(Discarding::New);
        }
        if pressed(ctrl(Key::O)) {
            self.dialogs.ask(FileRequest::Open, state);
        }
        if pressed(ctrl_shift(Key::S)) || (pressed(ctrl(Key::S)) && !state.save()) {
            self.dialogs.ask(FileRequest::SaveAs, state);
        }
        if pressed(ctrl_shift(Key::Z)) || pressed(ctrl(Key::Y)) {
            state.redo();
        }
        if pressed(ctrl(Key::Z)) {
            state.undo();
        }
        if pressed(ctrl(Key::C)) {
            state.copy();
        }
        if pressed(ctrl(Key::V)) {
            state.paste(2, 2);
        }
        if pressed(ctrl(Key::G)) {
            state.make_subcircuit();
        }
        ctx.input(|i| {
            if i.key_pressed(Key::Delete) || i.key_pressed(Key::Backspace) {
                state.delete_selection();
            }
            if i.key_pressed(Key::Escape) {
                state.tool = None;
                state.part_tool = None;
            }
        });
        if ctx.input(|i| i.key_pressed(Key::Space)) {
            if state.sim.mode == Mode::Run {
                state.sim.set_mode(Mode::Step);
            }
            state.sim.step();
        }
    }
}

/// The environment variable [`crate::run`] reads a demo script from (see [`apply_demo`]).
pub const DEMO_VAR: &str = "TRITIUM_DEMO_STEPS";

/// Puts `state` into a demonstration state, for screenshots (`scripts/screenshot.sh`): the
/// script is `LABEL=VALUE,LABEL=VALUE[;STEPS]`. Without `;STEPS` the switches are set in Run
/// mode and the circuit settles; with it, the app enters Step mode, sets the switches (their
/// changes wait in the queue) and processes `STEPS` events, so the last one is highlighted
/// and the rest wait in the queue. Example: `R=+1;3`.
///
/// # Errors
/// A message naming the part of the script that is not understood, or a label that is not a
/// switch or button.
pub fn apply_demo(state: &mut AppState, script: &str) -> Result<(), String> {
    let (sets, steps) = match script.split_once(';') {
        Some((sets, steps)) => {
            let n: usize = steps
                .trim()
                .parse()
                .map_err(|_| format!("{DEMO_VAR}: {steps:?} is not a number of steps"))?;
            (sets, Some(n))
        }
        None => (script, None),
    };
    let mut batch = Vec::new();
    for item in sets.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (label, value) = item
            .split_once('=')
            .ok_or_else(|| format!("{DEMO_VAR}: {item:?} is not LABEL=VALUE"))?;
        let id = state
            .circuit()
            .find(label.trim())
            .filter(|&id| {
                matches!(
                    state.circuit()[id].kind,
                    sim_core::NodeKind::Switch | sim_core::NodeKind::Button
                )
            })
            .ok_or_else(|| format!("{DEMO_VAR}: no switch or button {label:?}"))?;
        let value: sim_core::Trit = value
            .parse()
            .map_err(|e| format!("{DEMO_VAR}: {item:?}: {e}"))?;
        batch.push((id, value));
    }
    if steps.is_some() {
        state.sim.set_mode(Mode::Step);
    }
    for (id, value) in batch {
        state.set_value(id, value);
    }
    for _ in 0..steps.unwrap_or(0) {
        state.sim.step();
    }
    Ok(())
}

impl eframe::App for TritiumApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

/// The open level as a path of buttons above the canvas (`top › lo › fa2`) when the circuit
/// has subcircuits; a click goes back up (the canvas frames the level it shows).
fn breadcrumbs(ui: &mut egui::Ui, state: &mut AppState) {
    if state.level.is_empty() && state.doc.document.design.instances.is_empty() {
        return;
    }
    let mut up_to = None;
    ui.horizontal(|ui| {
        ui.label("Level:");
        if ui
            .add_enabled(!state.level.is_empty(), egui::Button::new("top"))
            .clicked()
        {
            up_to = Some(0);
        }
        let depth = state.level.len();
        for (i, label) in state.level.iter().enumerate() {
            ui.label("›");
            if ui
                .add_enabled(i + 1 < depth, egui::Button::new(label.as_str()))
                .clicked()
            {
                up_to = Some(i + 1);
            }
        }
        if let Some(part) = state.level_part() {
            ui.label(format!("(part `{}`)", part.name));
        }
        if let Some(why) = state.level_read_only() {
            ui.weak("read-only").on_hover_text(why);
        }
    });
    if let Some(depth) = up_to {
        state.go_up(depth);
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn latch() -> AppState {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/rs_nor_latch.ron");
        AppState::open_or_report(&path)
    }

    #[test]
    fn a_demo_script_sets_switches_and_steps() {
        let mut state = latch();
        apply_demo(&mut state, "R=+1;2").expect("valid script");
        assert_eq!(state.sim.mode, Mode::Step);
        let last = state.sim.last.as_ref().expect("stepped");
        assert_eq!(state.circuit()[last.node].label, "NOR1");
        assert_eq!(state.sim.pending().count(), 2, "Q and NOR2 wait");

        let mut state = latch();
        apply_demo(&mut state, "R=+1, S=-1").expect("valid script");
        assert_eq!(state.sim.mode, Mode::Run);
        assert!(state.sim.engine().is_settled());
    }

    #[test]
    fn a_bad_demo_script_names_the_problem() {
        for (script, message) in [
            ("Q=+1", "no switch or button \"Q\""),
            ("R+1", "is not LABEL=VALUE"),
            ("R=2", "is not a ternary value"),
            ("R=1;x", "is not a number of steps"),
        ] {
            let err = apply_demo(&mut latch(), script).expect_err(script);
            assert!(err.contains(message), "{script}: {err}");
        }
    }
}
