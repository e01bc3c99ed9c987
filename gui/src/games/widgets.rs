//! Form pieces shared by the Game and Experiments views: the game picker, the strategy picker
//! with its parameters, the rules picker and the seed field.

use super::forms::{Setup, StrategyChoice, param_values, spec_with};
use super::state::{GameRef, GamesState};
use tritium_plugin_api::protocol::{GameInfo, StrategyInfo};

/// A text field named by a label in front of it (for AccessKit and for people).
pub fn labelled_field(ui: &mut egui::Ui, label: &str, text: &mut String, hint: &str) {
    ui.horizontal(|ui| {
        let name = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text(hint)
                .desired_width(ui.available_width()),
        )
        .labelled_by(name.id);
    });
}

/// A combo box of every game of every plugin; choosing one selects it.
pub fn game_picker(ui: &mut egui::Ui, games: &mut GamesState) {
    let current = games
        .game()
        .map_or_else(|| "(none)".to_owned(), |(_, g)| g.title.clone());
    let mut chosen = None;
    egui::ComboBox::from_label("Game")
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (plugin, p) in games.host().plugins().iter().enumerate() {
                for (game, g) in p.info().games.iter().enumerate() {
                    let this = GameRef { plugin, game };
                    let label = format!("{} ({})", g.title, p.info().name);
                    if ui
                        .selectable_label(games.selected == Some(this), label)
                        .clicked()
                    {
                        chosen = Some(this);
                    }
                }
            }
        });
    if let Some(game) = chosen {
        games.select(game);
    }
}

/// The strategy picker: a combo box of the game's strategies (choosing one puts its spec at
/// the declared defaults in the field), the spec field, and what the strategy and its
/// parameters mean.
pub fn strategy_picker(
    ui: &mut egui::Ui,
    salt: &str,
    game: &GameInfo,
    choice: &mut StrategyChoice,
) {
    let mut chosen = None;
    egui::ComboBox::new(("strategy", salt), "Strategy")
        .selected_text(choice.name.as_str())
        .show_ui(ui, |ui| {
            for strategy in &game.strategies {
                if ui
                    .selectable_label(choice.name == strategy.name, &strategy.name)
                    .on_hover_text(&strategy.description)
                    .clicked()
                {
                    chosen = Some(strategy.name.clone());
                }
            }
        });
    if let Some(name) = chosen {
        choice.choose(game, &name);
    }
    if let Some(strategy) = game.strategies.iter().find(|s| s.name == choice.name) {
        param_fields(ui, salt, strategy, &mut choice.spec);
    }
    labelled_field(ui, "Spec", &mut choice.spec, "name:parameters");
    if let Some(strategy) = game.strategies.iter().find(|s| s.name == choice.name) {
        ui.label(egui::RichText::new(&strategy.description).small().weak());
    }
}

/// A field per parameter the strategy declares, named by the parameter and showing the
/// spec's value or else the declared default: a number field over the declared range for an
/// integer parameter, a text field otherwise. Editing a field rewrites the spec.
fn param_fields(ui: &mut egui::Ui, salt: &str, strategy: &StrategyInfo, spec: &mut String) {
    let mut values = param_values(strategy, spec);
    let mut changed = false;
    egui::Grid::new(("params", salt, &strategy.name))
        .num_columns(2)
        .show(ui, |ui| {
            for (param, value) in strategy.params.iter().zip(values.iter_mut()) {
                let hover = format!("{} (default {})", param.description, param.default);
                let name = ui.label(&param.name).on_hover_text(&hover);
                let shown = value.clone().unwrap_or_else(|| param.default.clone());
                let number = param
                    .min
                    .zip(param.max)
                    .and_then(|range| Some((range, shown.trim().parse::<i64>().ok()?)));
                let response = if let Some(((min, max), mut n)) = number {
                    let response = ui.add(egui::DragValue::new(&mut n).range(min..=max));
                    if response.changed() {
                        *value = Some(n.to_string());
                    }
                    response
                } else {
                    let mut text = value.clone().unwrap_or_default();
                    let response = ui.add(
                        egui::TextEdit::singleline(&mut text)
                            .hint_text(&param.default)
                            .desired_width(120.0),
                    );
                    if response.changed() {
                        *value = Some(text).filter(|t| !t.trim().is_empty());
                    }
                    response
                };
                changed |= response.changed();
                response.labelled_by(name.id).on_hover_text(hover);
                ui.end_row();
            }
        });
    if changed {
        *spec = spec_with(strategy, &values);
    }
}

/// The rules picker and the seed field.
pub fn setup_fields(ui: &mut egui::Ui, salt: &str, game: &GameInfo, setup: &mut Setup) {
    egui::ComboBox::new(("rules", salt), "Rules")
        .selected_text(setup.rules.as_str())
        .show_ui(ui, |ui| {
            for rules in &game.rules {
                ui.selectable_value(&mut setup.rules, rules.clone(), rules);
            }
        });
    labelled_field(ui, "Seed", &mut setup.seed, "0");
}

/// The plugin pages' status bar: the last notice (errors in red), else how many plugins are
/// loaded.
pub fn status_bar(ui: &mut egui::Ui, games: &GamesState) {
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
}
