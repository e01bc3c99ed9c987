//! The Plugins panel: the plugins found, their games (rules, strategies, sweeps) and solvers,
//! the files rejected with the reason, and "Load plugin…" for a library path typed in.

use std::path::PathBuf;

use crate::games::{GameRef, GamesState};

/// The page a button of the panel opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    /// The Game page ("Play …").
    Game,
    /// The Experiments page ("Experiment with …").
    Experiments,
}

/// The Plugins panel view.
#[derive(Debug, Default)]
pub struct PluginsPanel {
    /// The library path typed for "Load plugin…".
    pub path: String,
}

impl PluginsPanel {
    /// Draws the panel; returns the page to open when the user chose to play or experiment.
    pub fn ui(&mut self, ui: &mut egui::Ui, games: &mut GamesState) -> Option<Open> {
        let mut open = None;
        egui::ScrollArea::vertical()
            .id_salt("plugins-scroll")
            .auto_shrink(false)
            .show(ui, |ui| {
                ui.heading("Plugins");
                ui.horizontal(|ui| {
                    let name = ui.label("Library path");
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.path)
                                .hint_text(format!(
                                    "path/to/libplugin.{}",
                                    std::env::consts::DLL_EXTENSION
                                ))
                                .desired_width(480.0),
                        )
                        .labelled_by(name.id);
                    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if (ui.button("Load plugin…").clicked() || enter)
                        && !self.path.trim().is_empty()
                    {
                        games.load_plugin(&PathBuf::from(self.path.trim()));
                    }
                });
                let dirs: Vec<String> = games
                    .dirs()
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect();
                if !dirs.is_empty() {
                    ui.label(
                        egui::RichText::new(format!("Searched: {}", dirs.join(", ")))
                            .small()
                            .weak(),
                    );
                }
                ui.separator();
                if games.host().plugins().is_empty() {
                    ui.label("No plugins loaded.");
                }
                for plugin in 0..games.host().plugins().len() {
                    if let Some(page) = plugin_ui(ui, games, plugin) {
                        open = Some(page);
                    }
                }
                if !games.host().rejected().is_empty() {
                    ui.separator();
                    ui.heading("Rejected files");
                    for rejected in games.host().rejected() {
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            format!("{}: {}", rejected.path.display(), rejected.reason),
                        );
                    }
                }
            });
        open
    }
}

/// One plugin: its name, games and solvers. Returns the page the user opened.
fn plugin_ui(ui: &mut egui::Ui, games: &mut GamesState, plugin: usize) -> Option<Open> {
    let loaded = games.host().plugins()[plugin].clone();
    let info = loaded.info();
    let mut open = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(egui::RichText::new(format!("{} {}", info.name, info.version)).strong());
        ui.label(
            egui::RichText::new(loaded.path().display().to_string())
                .small()
                .weak(),
        );
        for (game, g) in info.games.iter().enumerate() {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(format!("Game: {}", g.title)).strong());
                let this = GameRef { plugin, game };
                if ui.button(format!("Play {}", g.title)).clicked() {
                    games.select(this);
                    open = Some(Open::Game);
                }
                if ui.button(format!("Experiment with {}", g.title)).clicked() {
                    games.select(this);
                    open = Some(Open::Experiments);
                }
            });
            ui.label(&g.description);
            ui.label(format!("Rules: {}", g.rules.join(", ")));
            egui::Grid::new(("strategies", plugin, game))
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for s in &g.strategies {
                        ui.label(egui::RichText::new(&s.name).monospace());
                        ui.label(egui::RichText::new(&s.example).monospace().weak());
                        ui.vertical(|ui| {
                            ui.label(&s.description);
                            for p in &s.params {
                                ui.label(
                                    egui::RichText::new(format!(
                                        "{}: {} (default {})",
                                        p.name, p.description, p.default
                                    ))
                                    .small(),
                                );
                            }
                        });
                        ui.end_row();
                    }
                });
            for sweep in &g.sweeps {
                ui.label(format!(
                    "Sweep {} (--{}): {}",
                    sweep.name, sweep.parameter, sweep.description
                ));
            }
        }
        for solver in &info.solvers {
            ui.label(format!("Solver {}: {}", solver.name, solver.description));
        }
    });
    open
}
