//! The circuit page: the editor and stepper. [`state`] is everything the editor knows (plain
//! Rust, every user action a method); [`geometry`] places nodes, blocks, pins and wires in grid
//! cells (nodes a file left without a position are placed by [`sim_core::layout`]);
//! [`legibility`] decides how text fits its box and whether it reads at the zoom; [`draw`]
//! paints them; and
//! [`views`] are the page's parts (menu bar, palette, canvas, inspector, queue, trace, status
//! bar, dialogs).

pub mod draw;
pub mod export;
pub mod geometry;
pub mod kinds;
pub mod legibility;
pub mod picture;
pub mod router;
pub mod shortcuts;
pub mod state;
pub mod timeline;
pub mod views;

use crate::pages::page::{Page, Shared};
use shortcuts::Action;
use state::{CircuitPageState, Discarding, Mode, Reorient};
use views::{
    Canvas, FileRequest, Inspector, MenuBar, Palette, QueuePanel, StatusBar, TracePanel,
    ViewRequest, WavePanel,
};

/// The circuit page: its views (the state is shared: the window's title follows the document).
#[derive(Debug, Default)]
pub struct CircuitPage {
    menu: MenuBar,
    palette: Palette,
    /// The canvas, to read or set which part of the circuit it shows.
    pub canvas: Canvas,
    inspector: Inspector,
    queue: QueuePanel,
    trace: TracePanel,
    /// The waveform panel, to read or set its time axis.
    pub waves: WavePanel,
    status: StatusBar,
}

impl Page for CircuitPage {
    fn title(&self) -> &'static str {
        "Circuit"
    }

    /// The [`shortcuts::SHORTCUTS`], unless a text field has the keyboard. Another focused
    /// widget (the waveform plot after a click, which takes the arrow keys) does not stop them.
    fn shortcuts(&mut self, ctx: &egui::Context, shared: &mut Shared<'_>) {
        if ctx.text_edit_focused() {
            return;
        }
        for shortcut in &shortcuts::SHORTCUTS {
            if ctx.input_mut(|i| shortcut.pressed(i)) {
                self.act(shortcut.action, shared);
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        let state = &mut *shared.state;
        if let Some((path, every_level)) = shared.dialogs.take_image() {
            export_image(state, &path, every_level);
        }
        egui::Panel::top("menu").show(ui, |ui| self.menu.ui(ui, state));
        if let Some(request) = self.menu.request.take() {
            shared.dialogs.ask(request, state);
        }
        match self.menu.view.take() {
            Some(ViewRequest::Fit) => self.canvas.fit(),
            Some(ViewRequest::Zoom100) => self.canvas.zoom_100(),
            None => {}
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status.ui(ui, state));
        // Either side panel may be hidden (View → Show palette / Show side panel) so the canvas
        // takes the window; a hidden resizable panel keeps a handle to drag it back open.
        egui::Panel::left("palette")
            .resizable(false)
            .show_collapsible(ui, &mut self.menu.panels.palette, |ui| {
                // A long palette (many parts) scrolls rather than running off the window.
                egui::ScrollArea::vertical()
                    .id_salt("palette-scroll")
                    .show(ui, |ui| self.palette.ui(ui, state));
            });
        egui::Panel::right("side")
            .default_size(380.0)
            .show_collapsible(ui, &mut self.menu.panels.side, |ui| {
                // The inspector takes the height it needs (at most half, then it scrolls), the
                // queue a resizable strip at the bottom, and the trace the rest.
                egui::ScrollArea::vertical()
                    .id_salt("inspector-scroll")
                    .max_height(0.5 * ui.available_height())
                    .show(ui, |ui| self.inspector.ui(ui, state));
                ui.separator();
                egui::Panel::bottom("queue")
                    .resizable(true)
                    .default_size(140.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("queue-scroll")
                            .show(ui, |ui| self.queue.ui(ui, state));
                    });
                self.trace.ui(ui, state);
            });
        if state.waves.shown {
            if self.waves.floating {
                let mut open = true;
                egui::Window::new("Waveform")
                    .open(&mut open)
                    .default_size([900.0, 260.0])
                    .show(ui.ctx(), |ui| self.waves.ui(ui, state));
                state.waves.shown = open;
            } else {
                egui::Panel::bottom("waveform")
                    .resizable(true)
                    .default_size(260.0)
                    .show(ui, |ui| self.waves.ui(ui, state));
            }
        }
        views::memory_windows(ui.ctx(), state);
        views::analysis_window(ui.ctx(), state);
        if std::mem::take(&mut self.waves.export_requested) {
            shared.dialogs.ask(FileRequest::ExportWaveform, state);
        }
        egui::CentralPanel::default().show(ui, |ui| {
            breadcrumbs(ui, state);
            replay_banner(ui, state);
            self.canvas.ui(ui, state);
        });
        if std::mem::take(&mut self.canvas.rename_requested) {
            self.inspector.focus_label = true;
        }
    }
}

impl CircuitPage {
    /// Does what shortcut `action` stands for.
    fn act(&mut self, action: Action, shared: &mut Shared<'_>) {
        let state = &mut *shared.state;
        match action {
            Action::New => state.request(Discarding::New),
            Action::Open => shared.dialogs.ask(FileRequest::Open, state),
            Action::Save => {
                if !state.save() {
                    shared.dialogs.ask(FileRequest::SaveAs, state);
                }
            }
            Action::SaveAs => shared.dialogs.ask(FileRequest::SaveAs, state),
            Action::Undo => state.undo(),
            Action::Redo => state.redo(),
            Action::Copy => state.copy(),
            Action::Paste => state.paste(2, 2),
            Action::MakeSubcircuit => {
                state.make_subcircuit();
            }
            Action::Delete => state.delete_selection(),
            Action::Cancel => {
                state.tool = None;
                state.part_tool = None;
                state.note_tool = false;
                self.canvas.cancel_wire();
            }
            Action::RotateClockwise => {
                state.reorient_selection(Reorient::Clockwise);
            }
            Action::RotateCounterClockwise => {
                state.reorient_selection(Reorient::CounterClockwise);
            }
            Action::Flip => {
                state.reorient_selection(Reorient::Flip);
            }
            Action::Fit => self.canvas.fit(),
            Action::Zoom100 => self.canvas.zoom_100(),
            Action::Step => {
                if state.sim.mode == Mode::Run {
                    state.sim.set_mode(Mode::Step);
                }
                state.sim.step();
            }
        }
    }
}

/// File → Export image…: writes the open level (or every level) to `path` and says so, or why
/// not, in the status bar.
fn export_image(state: &mut CircuitPageState, path: &std::path::Path, every_level: bool) {
    let scale = export::DEFAULT_SCALE;
    let written = if every_level {
        export::write_every_level(state, path, scale)
    } else {
        export::write_level(state, path, scale).map(|()| vec![path.to_owned()])
    };
    match written {
        Ok(files) if files.len() == 1 => {
            state.info(format!("exported image to {}", path.display()));
        }
        Ok(files) => state.info(format!(
            "exported {} images: {} and the levels beside it",
            files.len(),
            path.display()
        )),
        Err(e) => state.error(format!("cannot export the image: {e}")),
    }
}

/// While the canvas replays a moment of the waveform record: which one, and the way back.
fn replay_banner(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    let Some(at) = state.sim.replay() else {
        return;
    };
    ui.horizontal(|ui| {
        let moment = if at.delta == u32::MAX {
            format!("step {}", at.step)
        } else {
            format!("step {} δ{}", at.step, at.delta)
        };
        ui.colored_label(
            egui::Color32::from_rgb(240, 228, 66),
            format!("Showing {moment} of the waveform (read-only)"),
        );
        if ui.button("Back to now").clicked() {
            state.replay_cursor(false);
        }
    });
}

/// The open level as a path of buttons above the canvas (`top › lo › fa2`) when the circuit
/// has subcircuits; a click goes back up (the canvas frames the level it shows).
fn breadcrumbs(ui: &mut egui::Ui, state: &mut CircuitPageState) {
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
