//! The application: the views laid out in one window, keyboard shortcuts, the window title,
//! and the close-with-unsaved-changes question.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::state::{AppState, Discarding, Mode};
use crate::views::{
    Canvas, Dialogs, FileRequest, Inspector, MenuBar, Palette, QueuePanel, StatusBar, TracePanel,
    View,
};

/// The Tritium desktop app. [`TritiumApp::show`] draws one frame into any [`egui::Ui`], so
/// tests run it headless; [`eframe::App`] wires it to a window.
#[derive(Debug, Default)]
pub struct TritiumApp {
    /// Everything the app knows.
    pub state: AppState,
    menu: MenuBar,
    palette: Palette,
    canvas: Canvas,
    inspector: Inspector,
    queue: QueuePanel,
    trace: TracePanel,
    status: StatusBar,
    dialogs: Dialogs,
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

    /// Draws one frame and handles its input.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if self.title.is_empty() {
            // Schematics read best dark-on-light, like paper; set once, the user may change it.
            ui.ctx().set_theme(egui::Theme::Light);
        }
        self.shortcuts(ui.ctx());
        self.window(ui.ctx());
        let dt = ui.input(|i| i.stable_dt).min(0.25);
        if self.state.sim.advance(dt) > 0
            || (self.state.sim.mode == Mode::Run
                && self.state.sim.clock_hz > 0.0
                && self.has_clocks())
        {
            ui.ctx().request_repaint();
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
        egui::CentralPanel::default().show(ui, |ui| self.canvas.ui(ui, state));
        if std::mem::take(&mut self.canvas.rename_requested) {
            self.inspector.focus_label = true;
        }
        self.dialogs.ui(ui, state);
    }

    fn has_clocks(&self) -> bool {
        self.state
            .circuit()
            .nodes()
            .any(|(_, n)| matches!(n.kind, sim_core::NodeKind::Clock { .. }))
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
        ctx.input(|i| {
            if i.key_pressed(Key::Delete) || i.key_pressed(Key::Backspace) {
                state.delete_selection();
            }
            if i.key_pressed(Key::Escape) {
                state.tool = None;
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

impl eframe::App for TritiumApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
