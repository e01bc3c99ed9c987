//! How experiment reports read as text and CSV, the same in the `tritium experiment` command
//! and in the app's Experiments page: numbers, aggregates, the summary lines, the per-game
//! CSV and the ranking of a sweep.
//!
//! ```
//! use plugin_host::report::{aggregate, csv_field, number};
//!
//! assert_eq!(number(512.0), "512");
//! assert_eq!(number(399.123_456), "399.123");
//! assert_eq!(aggregate(&serde_json::json!({"128": 2, "64": 1})), "{64: 1, 128: 2}");
//! assert_eq!(csv_field("biased:4,1,0,4"), "\"biased:4,1,0,4\"");
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;
use tritium_plugin_api::protocol::ExperimentReport;

/// A number as text: whole numbers without a fraction, others with 3 decimals. A value
/// that reads as zero shows no sign (`-0.0` is `0`, `-0.0001` is `0.000`: an Elo difference
/// of an even match is not "−0").
pub fn number(value: f64) -> String {
    let text = if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        format!("{value:.3}")
    };
    match text.strip_prefix('-') {
        Some(digits) if digits.bytes().all(|b| matches!(b, b'0' | b'.')) => digits.to_owned(),
        _ => text,
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

/// The aggregates as `name: value` lines, the primary one first, then the timings marked
/// `(measured)`.
pub fn summary(report: &ExperimentReport) -> Vec<String> {
    let primary = report.aggregates.get_key_value(&report.primary).into_iter();
    let others = report
        .aggregates
        .iter()
        .filter(|(name, _)| **name != report.primary);
    let timing = report
        .timing
        .iter()
        .map(|(name, value)| format!("{name}: {} (measured)", number(*value)));
    primary
        .chain(others)
        .map(|(name, value)| format!("{name}: {}", aggregate(value)))
        .chain(timing)
        .collect()
}

/// The aggregates as a table of `(name, value)` rows for people: the primary one first, the
/// others in natural order of their keys (`reached_2048` before `reached_4096` before
/// `reached_16384`), then the timings marked `(measured)`. A name is the report's
/// [`ExperimentReport::names`] entry, else the key with spaces for underscores.
pub fn summary_table(report: &ExperimentReport) -> Vec<(String, String)> {
    let name = |key: &str| {
        report
            .names
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.replace('_', " "))
    };
    let primary = report.aggregates.get_key_value(&report.primary).into_iter();
    let mut others: Vec<(&String, &Value)> = report
        .aggregates
        .iter()
        .filter(|(key, _)| **key != report.primary)
        .collect();
    others.sort_by(|a, b| natural_cmp(a.0, b.0));
    let timing = report
        .timing
        .iter()
        .map(|(key, value)| (name(key), format!("{} (measured)", number(*value))));
    primary
        .chain(others)
        .map(|(key, value)| (name(key), aggregate(value)))
        .chain(timing)
        .collect()
}

/// Compares texts as people sort them: runs of digits by their number, the rest as text
/// (`reached_512` < `reached_2048` < `reached_16384`).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    /// The text split into runs of digits (as numbers) and runs of the rest.
    fn chunks(text: &str) -> Vec<(u128, &str)> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(first) = rest.chars().next() {
            let digit = first.is_ascii_digit();
            let end = rest
                .find(|c: char| c.is_ascii_digit() != digit)
                .unwrap_or(rest.len());
            let (chunk, tail) = rest.split_at(end);
            out.push((
                if digit {
                    chunk.parse().unwrap_or(u128::MAX)
                } else {
                    0
                },
                chunk,
            ));
            rest = tail;
        }
        out
    }
    let (x, y) = (chunks(a), chunks(b));
    for (p, q) in x.iter().zip(&y) {
        let digits = |c: &(u128, &str)| c.1.starts_with(|d: char| d.is_ascii_digit());
        let order = match (digits(p), digits(q)) {
            (true, true) => p.0.cmp(&q.0),
            _ => p.1.cmp(q.1),
        };
        if order.is_ne() {
            return order;
        }
    }
    x.len().cmp(&y.len()).then_with(|| a.cmp(b))
}

/// Quotes a CSV field when it holds a comma, quote or line break (RFC 4180).
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The games as CSV: `game,seed,<metrics by name>,<category label>`, one row per game in game
/// order (games are numbered from 1).
pub fn games_csv(report: &ExperimentReport) -> String {
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
    fn the_summary_table_has_readable_names_in_natural_order() {
        let mut r = report(&[(100.0, "64")]);
        r.aggregates = [
            ("reached_16384", 0.0),
            ("reached_2048", 0.5),
            ("aett", 100.0),
            ("reached_4096", 0.25),
            ("mean_moves", 12.0),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), Value::from(v)))
        .collect();
        r.primary = "aett".into();
        r.names = [("aett", "average end-tile total")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        r.timing.insert("moves_per_second".into(), 10.0);
        let rows = summary_table(&r);
        let names: Vec<&str> = rows.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "average end-tile total",
                "mean moves",
                "reached 2048",
                "reached 4096",
                "reached 16384",
                "moves per second"
            ]
        );
        assert_eq!(rows[0].1, "100");
        assert_eq!(rows[5].1, "10 (measured)");
        assert!(natural_cmp("x9", "x10").is_lt() && natural_cmp("b", "a1").is_gt());
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
    fn ranking_csv_quotes_strategies_and_objects_with_commas() {
        let with = |strategy: &str, aett: f64, counts: Value| ExperimentReport {
            strategy: strategy.into(),
            aggregates: [
                ("aett".to_owned(), Value::from(aett)),
                ("max_tile_counts".to_owned(), counts),
            ]
            .into_iter()
            .collect(),
            ..report(&[(aett, "64"), (aett, "128")])
        };
        let ranking = Ranking::new(
            "biased",
            4,
            vec![
                with("biased:1,0,0,4", 120.5, serde_json::json!({"64": 2})),
                with(
                    "biased:4,1,0,4",
                    250.0,
                    serde_json::json!({"128": 1, "64": 1}),
                ),
            ],
        );
        assert_eq!(
            ranking.to_csv(),
            "strategy,games,aett,max_tile_counts\n\
             \"biased:4,1,0,4\",2,250,\"{64: 1, 128: 1}\"\n\
             \"biased:1,0,0,4\",2,120.500,{64: 2}\n"
        );
    }

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("cyclic:drdl"), "cyclic:drdl");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("a\nb"), "\"a\nb\"");
        assert_eq!(csv_field("biased:4,1,0,4"), "\"biased:4,1,0,4\"");
        assert_eq!(csv_field(r#"say "hi""#), r#""say ""hi""""#);
        assert_eq!(csv_field("a\rb"), "\"a\rb\"");
    }

    #[test]
    fn numbers_print_whole_or_with_three_decimals() {
        assert_eq!(number(512.0), "512");
        assert_eq!(number(399.123_456), "399.123");
        assert_eq!(number(-2.0), "-2");
        assert_eq!(number(0.5), "0.500");
        assert_eq!(number(-1.25), "-1.250");
        // Zero has no sign, however it was reached.
        assert_eq!(number(-0.0), "0");
        assert_eq!(number(-0.000_4), "0.000");
        assert_eq!(number(-0.000_6), "-0.001");
    }

    #[test]
    fn the_csv_has_one_row_per_game() {
        let r = report(&[(100.0, "64"), (200.5, "1,024")]);
        assert_eq!(
            games_csv(&r),
            "game,seed,end_tile_total,moves,max tile\n\
             1,0,100,1.500,64\n\
             2,10,200.500,1.500,\"1,024\"\n"
        );
    }
}
