//! The Experiments view: strategy, number of games, rules and seed; Run with a progress bar
//! and Cancel; the report's aggregates, a histogram of its per-game metric and the shares of
//! its categories (`egui_plot`); a sweep over one of the game's strategy families, ranked; and
//! "Export CSV" to a path typed in.

use egui_plot::{AxisHints, Bar, BarChart, Plot, PlotPoint, Text};
use tritium_plugin_api::protocol::{ExperimentReport, GameInfo};

use crate::games::experiment::Experiment;
use crate::games::report::{self, Bin, RankedStrategy, Ranking, Results};
use crate::games::state::GamesState;
use crate::games::widgets::{game_picker, labelled_field, setup_fields, strategy_picker};

/// The Experiments view.
#[derive(Debug, Default)]
pub struct ExperimentsView;

impl ExperimentsView {
    /// Draws the form on the left and the report in the middle.
    pub fn ui(&mut self, ui: &mut egui::Ui, games: &mut GamesState) {
        egui::Panel::left("experiment-controls")
            .resizable(false)
            .exact_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("experiment-controls-scroll")
                    .show(ui, |ui| controls(ui, games));
            });
        egui::CentralPanel::default().show(ui, |ui| {
            runs_list(ui, &mut games.experiment);
            if let Some(results) = games.experiment.report() {
                report_ui(ui, results);
            } else if let Some(ranking) = games.experiment.ranking() {
                if let Some(strategy) = ranking_ui(ui, ranking) {
                    // The strategy is the Game page's too: the best of a sweep can be played.
                    if let Some((_, info)) = games.game() {
                        let info = info.clone();
                        let name = strategy.split(':').next().unwrap_or_default();
                        games.play.strategy.choose(&info, name);
                    }
                    games.play.strategy.spec = strategy;
                }
            } else {
                ui.centered_and_justified(|ui| {
                    ui.label("No results yet: choose a strategy and Run, or run a sweep.");
                });
            }
        });
    }
}

fn controls(ui: &mut egui::Ui, games: &mut GamesState) {
    ui.heading("Experiment");
    game_picker(ui, games);
    let Some((_, info)) = games.game() else {
        ui.label("Load a plugin with a game in the Plugins page.");
        return;
    };
    let info = info.clone();
    ui.separator();
    // The Game page's strategy: choosing one here chooses it there, and the other way round.
    strategy_picker(ui, "experiment", &info, &mut games.play.strategy);
    ui.horizontal(|ui| {
        let name = ui.label("Games");
        ui.add(egui::DragValue::new(&mut games.experiment.games).range(1..=1_000_000))
            .labelled_by(name.id);
    });
    setup_fields(ui, "experiment", &info, &mut games.experiment.setup);
    let running = games.experiment.running();
    match running {
        None => {
            if ui.button("Run").clicked() {
                games.run_experiment();
            }
        }
        Some((done, total)) => {
            ui.horizontal(|ui| {
                let fraction = if total > 0 {
                    (done as f64 / total as f64) as f32
                } else {
                    0.0
                };
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .text(format!("{done}/{total} games"))
                        .desired_width(180.0),
                );
                if ui.button("Cancel").clicked() {
                    games.cancel_experiment();
                }
            });
        }
    }
    sweep_controls(ui, games, &info, running.is_none());
    ui.separator();
    labelled_field(
        ui,
        "CSV file",
        &mut games.experiment.csv_path,
        "results.csv",
    );
    if ui
        .add_enabled(
            games.experiment.report().is_some() || games.experiment.ranking().is_some(),
            egui::Button::new("Export CSV"),
        )
        .clicked()
    {
        games.export_csv();
    }
}

/// The sweep form: the game's strategy families, the size, and "Run sweep" (with the games,
/// rules and seed above).
fn sweep_controls(ui: &mut egui::Ui, games: &mut GamesState, info: &GameInfo, idle: bool) {
    if info.sweeps.is_empty() {
        return;
    }
    ui.separator();
    ui.strong("Sweep");
    let form = &mut games.experiment.sweep;
    let mut chosen = None;
    egui::ComboBox::new("sweep-family", "Family")
        .selected_text(form.name.as_str())
        .show_ui(ui, |ui| {
            for sweep in &info.sweeps {
                if ui
                    .selectable_label(form.name == sweep.name, &sweep.name)
                    .on_hover_text(&sweep.description)
                    .clicked()
                {
                    chosen = Some(sweep);
                }
            }
        });
    if let Some(sweep) = chosen {
        form.name.clone_from(&sweep.name);
        // A family designed for a rule set runs under it unless the user picks another.
        if let Some(rules) = &sweep.rules {
            games.experiment.setup.rules.clone_from(rules);
        }
    }
    let form = &mut games.experiment.sweep;
    if let Some(sweep) = info.sweeps.iter().find(|s| s.name == form.name) {
        ui.horizontal(|ui| {
            let name = ui.label(&sweep.parameter);
            ui.add(egui::DragValue::new(&mut form.size).range(1..=64))
                .labelled_by(name.id);
        });
        ui.label(egui::RichText::new(&sweep.description).small().weak());
    }
    if ui
        .add_enabled(idle, egui::Button::new("Run sweep"))
        .on_hover_text("Every strategy of the family, with the games, rules and seed above")
        .clicked()
    {
        games.run_sweep();
    }
}

/// A sweep's ranking: the best strategies as bars, then every strategy in a table with "Use"
/// (which puts it in the strategy field). Returns the strategy to use.
fn ranking_ui(ui: &mut egui::Ui, ranking: &Ranking) -> Option<String> {
    ui.heading(format!(
        "Sweep {} ({}): {} strategies × {} games, rules {}",
        ranking.sweep,
        ranking.size,
        ranking.rows.len(),
        ranking.games,
        ranking.rules
    ));
    let best: Vec<&RankedStrategy> = ranking.rows.iter().take(TOP).collect();
    let n = best.len();
    let bars: Vec<Bar> = best
        .iter()
        .enumerate()
        .map(|(i, row)| {
            // Best on top: the first row gets the highest position (i < n).
            Bar::new((n - 1 - i) as f64, row.primary.unwrap_or(0.0))
                .width(0.7)
                .fill(HISTOGRAM.gamma_multiply(0.8))
                .name(&row.strategy)
        })
        .collect();
    ui.strong(format!("The best {n} by {}", ranking.primary));
    let text_color = ui.visuals().text_color();
    Plot::new("ranking")
        .height((ui.available_height() * 0.5).max(160.0))
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .x_axis_label(ranking.primary.as_str())
        .include_x(0.0)
        .include_x(best.first().and_then(|r| r.primary).unwrap_or(0.0) * 1.12)
        .show_axes([true, false])
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("ranking", bars).horizontal().color(HISTOGRAM));
            // Names inside the bars, values after them: every bar labelled, whatever the
            // axis has room for.
            for (i, row) in best.iter().enumerate() {
                let y = (n - 1 - i) as f64;
                let value = row.primary.unwrap_or(0.0);
                plot.text(
                    Text::new(
                        "",
                        PlotPoint::new(0.0, y),
                        egui::RichText::new(format!(" {}", row.strategy)).monospace(),
                    )
                    .color(egui::Color32::WHITE)
                    .anchor(egui::Align2::LEFT_CENTER),
                );
                plot.text(
                    Text::new(
                        "",
                        PlotPoint::new(value, y),
                        egui::RichText::new(format!("  {}", report::number(value))).size(13.0),
                    )
                    .color(text_color)
                    .anchor(egui::Align2::LEFT_CENTER),
                );
            }
        });
    let mut used = None;
    egui::ScrollArea::vertical()
        .id_salt("ranking-table")
        .auto_shrink(false)
        .show(ui, |ui| {
            egui::Grid::new("ranking-grid")
                .num_columns(4)
                .striped(true)
                .show(ui, |ui| {
                    ui.strong("rank");
                    ui.strong("strategy");
                    ui.strong(&ranking.primary);
                    ui.label("");
                    ui.end_row();
                    for (i, row) in ranking.rows.iter().enumerate() {
                        ui.label(format!("{}", i + 1));
                        ui.label(egui::RichText::new(&row.strategy).monospace());
                        ui.label(row.primary.map_or_else(String::new, report::number));
                        if ui
                            .small_button("Use")
                            .on_hover_text(format!("Put {} in the strategy field", row.strategy))
                            .clicked()
                        {
                            used = Some(row.strategy.clone());
                        }
                        ui.end_row();
                    }
                });
        });
    used
}

/// Strategies in the ranking's bar chart.
const TOP: usize = 15;

/// The histogram's colour.
const HISTOGRAM: egui::Color32 = egui::Color32::from_rgb(70, 120, 190);
/// The category bars' colour.
const SHARES: egui::Color32 = egui::Color32::from_rgb(230, 170, 40);

/// The runs finished so far, one button each (the one shown highlighted), with Clear and
/// Clear all: a new run is added to them, never put in another's place.
fn runs_list(ui: &mut egui::Ui, experiment: &mut Experiment) {
    if experiment.runs.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.strong("Runs:");
        for (i, run) in experiment.runs.iter().enumerate() {
            let label = format!("{}. {}", i + 1, run.title);
            if ui
                .selectable_label(experiment.shown == Some(i), label)
                .clicked()
            {
                experiment.shown = Some(i);
            }
        }
        if ui
            .small_button("Clear")
            .on_hover_text("Remove the run shown")
            .clicked()
        {
            experiment.clear_shown();
        }
        if ui
            .small_button("Clear all")
            .on_hover_text("Remove every run")
            .clicked()
        {
            experiment.clear_all();
        }
    });
    ui.separator();
}

/// The summary as a table and the two plots.
fn report_ui(ui: &mut egui::Ui, results: &Results) {
    let report = &results.report;
    ui.heading(format!(
        "{}: {} games, rules {}",
        report.strategy,
        report.games.len(),
        report.rules
    ));
    // Two name–value pairs per row, the primary aggregate first.
    egui::ScrollArea::vertical()
        .id_salt("summary-scroll")
        .max_height(ui.available_height() * 0.3)
        .show(ui, |ui| {
            egui::Grid::new("summary")
                .num_columns(4)
                .striped(true)
                .spacing([16.0, 2.0])
                .show(ui, |ui| {
                    for pair in results.summary.chunks(2) {
                        for (name, value) in pair {
                            ui.label(name);
                            ui.label(egui::RichText::new(value).monospace());
                        }
                        ui.end_row();
                    }
                });
        });
    ui.separator();
    let height = ((ui.available_height() - 60.0) / 2.0).max(120.0);
    histogram(ui, report, &results.bins, height);
    shares(ui, report, &results.shares, height);
}

/// The histogram of the report's per-game metric.
fn histogram(ui: &mut egui::Ui, report: &ExperimentReport, bins: &[Bin], height: f32) {
    ui.strong(format!("Distribution of {}", report.histogram_metric));
    let bars: Vec<Bar> = bins
        .iter()
        .map(|bin| {
            Bar::new(bin.start + bin.width / 2.0, f64::from(bin.count))
                .width(bin.width * 0.95)
                .fill(HISTOGRAM.gamma_multiply(0.8))
                .name(format!(
                    "{} – {}",
                    report::number(bin.start.round()),
                    report::number((bin.start + bin.width).round())
                ))
        })
        .collect();
    Plot::new("histogram")
        .height(height)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        // Labelled ticks close enough to read a bar's height and place off the axes.
        .custom_x_axes(vec![
            AxisHints::new_x()
                .label(report.histogram_metric.as_str())
                .label_spacing(36.0..=48.0),
        ])
        .custom_y_axes(vec![
            AxisHints::new_y().label("games").label_spacing(16.0..=22.0),
        ])
        .x_grid_spacer(ticks)
        .y_grid_spacer(ticks)
        .include_y(0.0)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("games", bars).color(HISTOGRAM));
        });
}

/// The share of each category, in percent, labelled on the bars.
fn shares(ui: &mut egui::Ui, report: &ExperimentReport, shares: &[(String, f64)], height: f32) {
    let label = if report.category_label.is_empty() {
        "category".to_owned()
    } else {
        report.category_label.clone()
    };
    ui.strong(format!("Share of games by {label}"));
    let names: Vec<String> = shares.iter().map(|(c, _)| c.clone()).collect();
    let top = shares.iter().map(|(_, s)| *s).fold(0.0, f64::max);
    let ui_text = ui.visuals().text_color();
    let bars: Vec<Bar> = shares
        .iter()
        .enumerate()
        .map(|(i, (category, share))| {
            Bar::new(i as f64, *share)
                .width(0.7)
                .fill(SHARES.gamma_multiply(0.85))
                .name(format!("{label} {category}"))
        })
        .collect();
    Plot::new("categories")
        .height(height)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .x_axis_label(label.as_str())
        .y_axis_label("% of games")
        .include_y(0.0)
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() > 1e-6 || i < 0.0 {
                return String::new();
            }
            #[allow(clippy::cast_sign_loss)]
            names.get(i as usize).cloned().unwrap_or_default()
        })
        .include_y(top * 1.12)
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("share", bars).color(SHARES));
            for (i, (_, share)) in shares.iter().enumerate() {
                let text = if *share >= 9.95 {
                    format!("{share:.0} %")
                } else {
                    format!("{share:.1} %")
                };
                plot.text(
                    Text::new(
                        "",
                        PlotPoint::new(i as f64, share + top * 0.04),
                        egui::RichText::new(text).size(13.0),
                    )
                    .color(ui_text)
                    .anchor(egui::Align2::CENTER_BOTTOM),
                );
            }
        });
}

/// About eight labelled ticks along an axis, at "nice" steps: the histogram's axes are read,
/// not just looked at.
#[allow(clippy::needless_pass_by_value)] // egui_plot's grid spacers take their input by value
fn ticks(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    let (low, high) = input.bounds;
    let step = nice_step((high - low) / 8.0);
    let minor = step / 5.0;
    let mut marks = Vec::new();
    let mut i = (low / minor).floor();
    while i * minor <= high {
        let value = i * minor;
        let major = (value / step).round() * step;
        let on_major = (value - major).abs() < minor * 1e-6;
        marks.push(egui_plot::GridMark {
            value,
            step_size: if on_major { step } else { minor },
        });
        i += 1.0;
    }
    marks
}

/// The "nice" step (1, 2 or 5 times a power of ten) nearest above `rough`.
fn nice_step(rough: f64) -> f64 {
    if !rough.is_finite() || rough <= 0.0 {
        return 1.0;
    }
    let power = 10_f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|step| *step >= rough)
        .unwrap_or(10.0 * power)
}

#[cfg(test)]
mod tests {
    use super::{nice_step, ticks};

    #[test]
    fn the_histogram_axes_get_about_eight_labelled_ticks_at_nice_steps() {
        let input = |low: f64, high: f64| egui_plot::GridInput {
            bounds: (low, high),
            base_step_size: 0.01,
        };
        // 0 to 130 games: a labelled tick every 20 (the major marks), minor ones every 4.
        let marks = ticks(input(-3.0, 130.0));
        let major: Vec<f64> = marks
            .iter()
            .filter(|m| (m.step_size - 20.0).abs() < 1e-9)
            .map(|m| m.value)
            .collect();
        assert_eq!(major, [0.0, 20.0, 40.0, 60.0, 80.0, 100.0, 120.0]);
        assert!(marks.iter().any(|m| (m.value - 4.0).abs() < 1e-9));
        // An end-tile total from 180 to 1600: every 200.
        let marks = ticks(input(180.0, 1600.0));
        let major: Vec<f64> = marks
            .iter()
            .filter(|m| (m.step_size - 200.0).abs() < 1e-9)
            .map(|m| m.value)
            .collect();
        assert_eq!(major.first().copied(), Some(200.0));
        assert_eq!(major.len(), 8);
    }

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert!((nice_step(283.0) - 500.0).abs() < 1e-9);
        assert!((nice_step(0.13) - 0.2).abs() < 1e-12);
        assert!((nice_step(1000.0) - 1000.0).abs() < 1e-9);
        assert!((nice_step(0.0) - 1.0).abs() < 1e-12);
    }
}
