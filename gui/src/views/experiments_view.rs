//! The Experiments view: strategy, number of games, rules and seed; Run with a progress bar
//! and Cancel; the report's aggregates, a histogram of its per-game metric and the shares of
//! its categories (`egui_plot`); and "Export CSV" to a path typed in.

use egui_plot::{Bar, BarChart, Plot, PlotPoint, Text};
use tritium_plugin_api::protocol::ExperimentReport;

use super::game_forms::{game_picker, labelled_field, setup_fields, strategy_picker};
use crate::games::GamesState;
use crate::games::report::{self, Bin, Results};

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
        egui::CentralPanel::default().show(ui, |ui| match &games.experiment.report {
            Some(results) => report_ui(ui, results),
            None => {
                ui.centered_and_justified(|ui| {
                    ui.label("No results yet: choose a strategy and Run.");
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
    strategy_picker(ui, "experiment", &info, &mut games.experiment.strategy);
    ui.horizontal(|ui| {
        let name = ui.label("Games");
        ui.add(egui::DragValue::new(&mut games.experiment.games).range(1..=1_000_000))
            .labelled_by(name.id);
    });
    setup_fields(ui, "experiment", &info, &mut games.experiment.setup);
    match games.experiment.running() {
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
    ui.separator();
    labelled_field(
        ui,
        "CSV file",
        &mut games.experiment.csv_path,
        "results.csv",
    );
    if ui
        .add_enabled(
            games.experiment.report.is_some(),
            egui::Button::new("Export CSV"),
        )
        .clicked()
    {
        games.export_csv();
    }
}

/// The histogram's colour.
const HISTOGRAM: egui::Color32 = egui::Color32::from_rgb(70, 120, 190);
/// The category bars' colour.
const SHARES: egui::Color32 = egui::Color32::from_rgb(230, 170, 40);

/// The summary and the two plots.
fn report_ui(ui: &mut egui::Ui, results: &Results) {
    let report = &results.report;
    ui.heading(format!(
        "{}: {} games, rules {}",
        report.strategy,
        report.games.len(),
        report.rules
    ));
    ui.horizontal_wrapped(|ui| {
        for line in &results.summary {
            ui.label(egui::RichText::new(line).monospace());
            ui.add_space(10.0);
        }
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
        .x_axis_label(report.histogram_metric.as_str())
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
            let major = nice_step((input.bounds.1 - input.bounds.0) / 6.0);
            [major / 5.0, major, major * 5.0]
        }))
        .y_axis_label("games")
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
    use super::nice_step;

    #[test]
    fn steps_are_one_two_or_five_times_a_power_of_ten() {
        assert!((nice_step(283.0) - 500.0).abs() < 1e-9);
        assert!((nice_step(0.13) - 0.2).abs() < 1e-12);
        assert!((nice_step(1000.0) - 1000.0).abs() < 1e-9);
        assert!((nice_step(0.0) - 1.0).abs() < 1e-12);
    }
}
