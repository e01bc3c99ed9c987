//! What the Experiments view shows of an [`ExperimentReport`]: the aggregates as text, the
//! histogram of the per-game metric, the category shares, and the CSV export.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;
use tritium_plugin_api::protocol::ExperimentReport;

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
    /// [`summary`] of it.
    pub summary: Vec<String>,
    /// [`histogram`] of it.
    pub bins: Vec<Bin>,
    /// [`category_shares`] of it.
    pub shares: Vec<(String, f64)>,
}

impl Results {
    /// The report and its summary, histogram and shares.
    pub fn new(report: ExperimentReport) -> Results {
        Results {
            summary: summary(&report),
            bins: histogram(&report),
            shares: category_shares(&report),
            report,
        }
    }
}

/// A number as text: whole numbers without a fraction, others with 3 decimals (as the CLI).
pub fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        format!("{value:.3}")
    }
}

/// An aggregate as text: numbers as [`number`], strings bare, objects as `{key: value, …}`
/// (in numeric key order when every key is a number, e.g. 2048's max-tile counts), anything
/// else as compact JSON.
pub fn aggregate(value: &Value) -> String {
    match value {
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), number),
        Value::String(s) => s.clone(),
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            if entries.iter().all(|(k, _)| k.parse::<f64>().is_ok()) {
                let key = |k: &str| k.parse::<f64>().unwrap_or(f64::NAN);
                entries.sort_by(|a, b| key(a.0).total_cmp(&key(b.0)));
            }
            let items: Vec<String> = entries
                .into_iter()
                .map(|(k, v)| format!("{k}: {}", aggregate(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// The aggregates as `name: value` lines, the primary one first.
pub fn summary(report: &ExperimentReport) -> Vec<String> {
    let primary = report.aggregates.get_key_value(&report.primary).into_iter();
    let others = report
        .aggregates
        .iter()
        .filter(|(name, _)| **name != report.primary);
    primary
        .chain(others)
        .map(|(name, value)| format!("{name}: {}", aggregate(value)))
        .collect()
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

/// Quotes a CSV field when it holds a comma, quote or line break (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The games as CSV: `game,seed,<metrics by name>,<category label>`, one row per game in game
/// order (games are numbered from 1).
pub fn to_csv(report: &ExperimentReport) -> String {
    let mut metrics: Vec<&str> = report
        .games
        .iter()
        .flat_map(|g| g.metrics.keys().map(String::as_str))
        .collect();
    metrics.sort_unstable();
    metrics.dedup();
    let category = if report.category_label.is_empty() {
        "category"
    } else {
        report.category_label.as_str()
    };
    let mut header = vec!["game".to_owned(), "seed".to_owned()];
    header.extend(metrics.iter().map(|m| csv_field(m)));
    header.push(csv_field(category));
    let mut csv = header.join(",");
    csv.push('\n');
    for (i, game) in report.games.iter().enumerate() {
        let _ = write!(csv, "{},{}", i + 1, game.seed);
        for metric in &metrics {
            csv.push(',');
            if let Some(value) = game.metrics.get(*metric) {
                csv.push_str(&number(*value));
            }
        }
        csv.push(',');
        csv.push_str(&csv_field(&game.category));
        csv.push('\n');
    }
    csv
}

/// Writes [`to_csv`] to `path`.
///
/// # Errors
/// [`ExportError`] when the file cannot be written.
pub fn export_csv(report: &ExperimentReport, path: &Path) -> Result<(), ExportError> {
    write(path, &to_csv(report))
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

/// One strategy of a sweep: its spec, primary aggregate and every aggregate.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedStrategy {
    /// The strategy spec.
    pub strategy: String,
    /// The primary aggregate, if the report has it as a number.
    pub primary: Option<f64>,
    /// All aggregates of its report.
    pub aggregates: BTreeMap<String, Value>,
}

/// A sweep's reports ranked by their primary aggregate, best (highest) first; ties by
/// strategy spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranking {
    /// The strategy family, e.g. `cyclic`.
    pub sweep: String,
    /// The family's size parameter, e.g. the maximum length.
    pub size: u32,
    /// Games per strategy.
    pub games: usize,
    /// The rule set the reports name.
    pub rules: String,
    /// The name of the primary aggregate, e.g. `aett`.
    pub primary: String,
    /// The strategies, best first.
    pub rows: Vec<RankedStrategy>,
}

impl Ranking {
    /// Ranks `reports`, one per strategy of sweep `sweep` of size `size`.
    pub fn new(sweep: &str, size: u32, reports: Vec<ExperimentReport>) -> Ranking {
        let first = reports.first();
        let primary = first.map(|r| r.primary.clone()).unwrap_or_default();
        let rules = first.map(|r| r.rules.clone()).unwrap_or_default();
        let games = first.map_or(0, |r| r.games.len());
        let mut rows: Vec<RankedStrategy> = reports
            .into_iter()
            .map(|r| RankedStrategy {
                primary: r.aggregates.get(&primary).and_then(Value::as_f64),
                strategy: r.strategy,
                aggregates: r.aggregates,
            })
            .collect();
        let key = |r: &RankedStrategy| r.primary.unwrap_or(f64::NEG_INFINITY);
        rows.sort_by(|a, b| {
            key(b)
                .total_cmp(&key(a))
                .then_with(|| a.strategy.cmp(&b.strategy))
        });
        Ranking {
            sweep: sweep.to_owned(),
            size,
            games,
            rules,
            primary,
            rows,
        }
    }

    /// The ranking as CSV, as `tritium experiment --sweep` writes it: `strategy,games`, the
    /// primary aggregate, then the others by name.
    pub fn to_csv(&self) -> String {
        let mut others: Vec<&str> = self
            .rows
            .iter()
            .flat_map(|r| r.aggregates.keys().map(String::as_str))
            .filter(|k| *k != self.primary && *k != "games")
            .collect();
        others.sort_unstable();
        others.dedup();
        let mut header = vec!["strategy", "games", self.primary.as_str()];
        header.extend(&others);
        let header: Vec<String> = header.into_iter().map(csv_field).collect();
        let mut csv = header.join(",");
        csv.push('\n');
        for row in &self.rows {
            let mut fields = vec![csv_field(&row.strategy), self.games.to_string()];
            for name in std::iter::once(self.primary.as_str()).chain(others.iter().copied()) {
                fields.push(
                    row.aggregates
                        .get(name)
                        .map_or_else(String::new, |v| csv_field(&aggregate(v))),
                );
            }
            csv.push_str(&fields.join(","));
            csv.push('\n');
        }
        csv
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        }
    }

    #[test]
    fn the_summary_starts_with_the_primary_aggregate() {
        let r = report(&[(100.0, "64")]);
        assert_eq!(summary(&r), ["aett: 360", "games: 1", "note: a, b"]);
    }

    #[test]
    fn objects_are_listed_in_numeric_key_order() {
        let counts = serde_json::json!({"128": 2, "64": 1, "1024": 3});
        assert_eq!(aggregate(&counts), "{64: 1, 128: 2, 1024: 3}");
        assert_eq!(
            aggregate(&serde_json::json!({"b": 1.5, "a": "x"})),
            "{a: x, b: 1.500}"
        );
        assert_eq!(aggregate(&serde_json::json!([1, 2])), "[1,2]");
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
    fn a_sweep_is_ranked_best_first_and_written_as_csv() {
        let with = |strategy: &str, aett: f64| ExperimentReport {
            strategy: strategy.into(),
            aggregates: [
                ("aett".to_owned(), Value::from(aett)),
                ("games".to_owned(), Value::from(1)),
                ("max_tile_counts".to_owned(), serde_json::json!({"64": 1})),
            ]
            .into_iter()
            .collect(),
            ..report(&[(aett, "64")])
        };
        let ranking = Ranking::new(
            "cyclic",
            2,
            vec![
                with("cyclic:lr", 100.0),
                with("cyclic:ud", 300.0),
                with("cyclic:du", 300.0),
            ],
        );
        let order: Vec<&str> = ranking.rows.iter().map(|r| r.strategy.as_str()).collect();
        assert_eq!(order, ["cyclic:du", "cyclic:ud", "cyclic:lr"]);
        assert_eq!(ranking.games, 1);
        assert_eq!(ranking.rules, "seed");
        assert_eq!(
            ranking.to_csv(),
            "strategy,games,aett,max_tile_counts\n\
             cyclic:du,1,300,{64: 1}\n\
             cyclic:ud,1,300,{64: 1}\n\
             cyclic:lr,1,100,{64: 1}\n"
        );
    }

    #[test]
    fn the_csv_has_one_row_per_game() {
        let r = report(&[(100.0, "64"), (200.5, "1,024")]);
        assert_eq!(
            to_csv(&r),
            "game,seed,end_tile_total,moves,max tile\n\
             1,0,100,1.500,64\n\
             2,10,200.500,1.500,\"1,024\"\n"
        );
        let dir = std::env::temp_dir().join("tritium-gui-no-such-dir/x/y.csv");
        let error = export_csv(&r, &dir).expect_err("no such directory");
        assert!(error.to_string().starts_with("cannot write "), "{error}");
    }
}
