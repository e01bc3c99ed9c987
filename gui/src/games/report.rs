//! What the Experiments view shows of an [`ExperimentReport`]: the aggregates as text, the
//! histogram of the per-game metric, the category shares, and the CSV export.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tritium_plugin_api::protocol::ExperimentReport;

pub use plugin_host::report::{
    RankedStrategy, Ranking, aggregate, csv_field, games_csv, natural_cmp, number, summary,
    summary_table,
};

/// Why the CSV could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct ExportError {
    /// The file.
    pub path: PathBuf,
    /// What the file system said.
    pub source: std::io::Error,
}

/// A report with what the Experiments view draws of it, computed once when it arrives.
#[derive(Clone, Debug)]
pub struct Results {
    /// The plugin's report.
    pub report: ExperimentReport,
    /// [`summary_table`] of it: `(name, value)` rows.
    pub summary: Vec<(String, String)>,
    /// [`histogram`] of it.
    pub bins: Vec<Bin>,
    /// [`category_shares`] of it.
    pub shares: Vec<(String, f64)>,
}

impl Results {
    /// The report and its summary, histogram and shares.
    pub fn new(report: ExperimentReport) -> Results {
        Results {
            summary: summary_table(&report),
            bins: histogram(&report),
            shares: category_shares(&report),
            report,
        }
    }
}

/// One bar of a histogram: games whose metric lies in `[start, start + width)` (the last bin
/// includes its end).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    /// The bin's lower edge.
    pub start: f64,
    /// The bin's width (1 when every game has the same value).
    pub width: f64,
    /// How many games fall in it.
    pub count: u32,
}

/// The distribution of `report.histogram_metric` over the games in about √n equal bins (5 to
/// 30). Games without the metric are left out.
pub fn histogram(report: &ExperimentReport) -> Vec<Bin> {
    let values: Vec<f64> = report
        .games
        .iter()
        .filter_map(|g| g.metrics.get(&report.histogram_metric).copied())
        .filter(|v| v.is_finite())
        .collect();
    let (Some(min), Some(max)) = (
        values.iter().copied().reduce(f64::min),
        values.iter().copied().reduce(f64::max),
    ) else {
        return Vec::new();
    };
    if max <= min {
        return vec![Bin {
            start: min - 0.5,
            width: 1.0,
            count: values.len() as u32,
        }];
    }
    let root = values.len().isqrt();
    let bins = (root + usize::from(root * root < values.len())).clamp(5, 30);
    let width = (max - min) / bins as f64;
    let mut counts = vec![0_u32; bins];
    for v in values {
        // Truncation is the binning (v ≥ min, so no sign is lost); the maximum goes into the
        // last bin.
        #[allow(clippy::cast_sign_loss)]
        let i = (((v - min) / width) as usize).min(bins - 1);
        counts[i] += 1;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, count)| Bin {
            start: min + width * i as f64,
            width,
            count,
        })
        .collect()
}

/// Each category with its share of the games in percent, in numeric order when every
/// category is a number (2048's max tiles), else in text order.
pub fn category_shares(report: &ExperimentReport) -> Vec<(String, f64)> {
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    for game in &report.games {
        *counts.entry(game.category.as_str()).or_default() += 1;
    }
    let total = report.games.len().max(1) as f64;
    let mut shares: Vec<(String, f64)> = counts
        .into_iter()
        .map(|(category, count)| (category.to_owned(), 100.0 * f64::from(count) / total))
        .collect();
    let numeric: Option<Vec<f64>> = shares.iter().map(|(c, _)| c.parse().ok()).collect();
    if let Some(keys) = numeric {
        let mut keyed: Vec<(f64, (String, f64))> = keys.into_iter().zip(shares).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        shares = keyed.into_iter().map(|(_, share)| share).collect();
    }
    shares
}

/// Writes [`games_csv`] to `path`.
///
/// # Errors
/// [`ExportError`] when the file cannot be written.
pub fn export_csv(report: &ExperimentReport, path: &Path) -> Result<(), ExportError> {
    write(path, &games_csv(report))
}

/// Writes `text` to `path`.
///
/// # Errors
/// [`ExportError`] when the file cannot be written.
pub fn write(path: &Path, text: &str) -> Result<(), ExportError> {
    std::fs::write(path, text).map_err(|source| ExportError {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use tritium_plugin_api::protocol::GameResult;

    fn report(results: &[(f64, &str)]) -> ExperimentReport {
        ExperimentReport {
            strategy: "greedy".into(),
            rules: "seed".into(),
            games: results
                .iter()
                .enumerate()
                .map(|(i, &(total, category))| GameResult {
                    seed: i as u64 * 10,
                    metrics: [
                        ("end_tile_total".to_owned(), total),
                        ("moves".to_owned(), 1.5),
                    ]
                    .into_iter()
                    .collect(),
                    category: category.into(),
                    index: None,
                })
                .collect(),
            aggregates: [
                ("games".to_owned(), Value::from(results.len())),
                ("aett".to_owned(), Value::from(360.0)),
                ("note".to_owned(), Value::from("a, b")),
            ]
            .into_iter()
            .collect(),
            primary: "aett".into(),
            histogram_metric: "end_tile_total".into(),
            category_label: "max tile".into(),
            timing: BTreeMap::new(),
            names: BTreeMap::new(),
        }
    }

    #[test]
    fn the_histogram_counts_every_game_once() {
        let r = report(&[
            (100.0, "64"),
            (200.0, "128"),
            (300.0, "256"),
            (300.0, "256"),
        ]);
        let bins = histogram(&r);
        assert_eq!(bins.len(), 5);
        assert_eq!(bins.iter().map(|b| b.count).sum::<u32>(), 4);
        assert_eq!(bins[0].count, 1);
        assert_eq!(bins[4].count, 2, "the maximum is in the last bin");
        assert!((bins[0].start - 100.0).abs() < 1e-9);
        assert!((bins[0].width - 40.0).abs() < 1e-9);

        let same = histogram(&report(&[(8.0, "4"), (8.0, "4")]));
        assert_eq!(same.len(), 1);
        assert_eq!(same[0].count, 2);
        assert!(histogram(&report(&[])).is_empty());
    }

    #[test]
    fn category_shares_are_in_numeric_order() {
        let r = report(&[(1.0, "512"), (1.0, "64"), (1.0, "1024"), (1.0, "64")]);
        assert_eq!(
            category_shares(&r),
            [
                ("64".to_owned(), 50.0),
                ("512".to_owned(), 25.0),
                ("1024".to_owned(), 25.0)
            ]
        );
        let words = report(&[(1.0, "won"), (1.0, "lost")]);
        assert_eq!(category_shares(&words)[0].0, "lost");
    }

    #[test]
    fn the_csv_export_names_the_file_it_cannot_write() {
        let r = report(&[(100.0, "64")]);
        let dir = std::env::temp_dir().join("tritium-gui-no-such-dir/x/y.csv");
        let error = export_csv(&r, &dir).expect_err("no such directory");
        assert!(error.to_string().starts_with("cannot write "), "{error}");
    }
}
