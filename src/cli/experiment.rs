//! `tritium experiment`: many seeded games of one strategy, or a sweep over a strategy family.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec};

use super::args::{ExperimentArgs, ReportFormat};
use super::{Console, Status, plugins};

/// Runs `experiment`.
///
/// # Errors
/// No plugin provides the game, the plugin refuses the strategy, rules or sweep, or I/O
/// fails.
pub fn run(
    args: &ExperimentArgs,
    plugin_dirs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<Status> {
    let host = plugins::discover(plugin_dirs);
    let (plugin, info) = plugins::find_game(&host, &args.game)?;
    let mut rules = args.rules.clone();
    let strategies = match (&args.strategy, &args.sweep) {
        (Some(strategy), _) => vec![strategy.clone()],
        (None, Some(sweep)) => {
            if rules.is_none() {
                // A family's own rule set (2048's sweeps are the seed's experiments).
                rules = info
                    .sweeps
                    .iter()
                    .find(|s| s.name == *sweep)
                    .and_then(|s| s.rules.clone());
            }
            let size = args
                .size
                .context("--sweep needs --size (--max-len, --max-weight)")?;
            plugin
                .sweep(&info.name, sweep, size)
                .with_context(|| format!("sweep `{sweep}` of {}", info.name))?
        }
        (None, None) => anyhow::bail!("give --strategy or --sweep"),
    };
    let games = u64::from(args.games);
    let bar = ProgressBar::new(games * strategies.len() as u64).with_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, ETA {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut reports = Vec::with_capacity(strategies.len());
    for (i, strategy) in strategies.iter().enumerate() {
        bar.set_message(strategy.clone());
        let offset = i as u64 * games;
        let progress = |done: u64, _total: u64| {
            bar.set_position(offset + done);
            true
        };
        let spec = ExperimentSpec {
            strategy: strategy.clone(),
            games: args.games,
            seed: args.seed,
            rules: rules.clone(),
        };
        let report = plugin
            .experiment(&info.name, &spec, Some(&progress))
            .with_context(|| format!("experiment with `{strategy}`"))?;
        reports.push(report);
    }
    bar.finish_and_clear();
    if args.sweep.is_some() && args.strategy.is_none() {
        write_csv(&mut reports, console.out)?;
    } else {
        for report in &reports {
            match args.format {
                ReportFormat::Json => {
                    serde_json::to_writer_pretty(&mut *console.out, report)?;
                    writeln!(console.out)?;
                }
                ReportFormat::Text => write_text(report, &info.name, args, console.out)?,
            }
        }
    }
    Ok(Status::Success)
}

fn write_text(
    report: &ExperimentReport,
    game: &str,
    args: &ExperimentArgs,
    out: &mut dyn Write,
) -> Result<()> {
    writeln!(
        out,
        "{game}: strategy {}, rules {}, {} games, seed {}",
        report.strategy,
        report.rules,
        report.games.len(),
        args.seed
    )?;
    for (i, result) in report.games.iter().enumerate() {
        let metrics: Vec<String> = result
            .metrics
            .iter()
            .map(|(name, value)| format!("{name}={}", number(*value)))
            .collect();
        let category_key = report.category_label.replace(' ', "_");
        write!(
            out,
            "game {:>5} (seed {:>20}): {}",
            i + 1,
            result.seed,
            metrics.join(" ")
        )?;
        // The category is often a metric already (2048's max tile): print it once.
        if result.category.is_empty() || result.metrics.contains_key(&category_key) {
            writeln!(out)?;
        } else {
            writeln!(out, " {category_key}={}", result.category)?;
        }
    }
    for (name, value) in &report.aggregates {
        writeln!(out, "{name}: {}", aggregate(value))?;
    }
    Ok(())
}

/// One CSV row per report, best (highest primary aggregate) first: `strategy`, `games`, the
/// primary aggregate, then the others by name (objects as compact JSON).
fn write_csv(reports: &mut [ExperimentReport], out: &mut dyn Write) -> Result<()> {
    let Some(first) = reports.first() else {
        return Ok(());
    };
    let primary = first.primary.clone();
    let others: Vec<String> = first
        .aggregates
        .keys()
        .filter(|k| **k != primary && *k != "games")
        .cloned()
        .collect();
    let key = |r: &ExperimentReport| {
        r.aggregates
            .get(&primary)
            .and_then(Value::as_f64)
            .unwrap_or(f64::NEG_INFINITY)
    };
    reports.sort_by(|a, b| {
        key(b)
            .total_cmp(&key(a))
            .then_with(|| a.strategy.cmp(&b.strategy))
    });
    writeln!(out, "strategy,games,{primary},{}", others.join(","))?;
    for report in reports.iter() {
        let mut row = vec![csv_field(&report.strategy), report.games.len().to_string()];
        for name in std::iter::once(&primary).chain(&others) {
            row.push(
                report
                    .aggregates
                    .get(name)
                    .map_or_else(String::new, |v| csv_field(&aggregate(v))),
            );
        }
        writeln!(out, "{}", row.join(","))?;
    }
    Ok(())
}

/// A number as text: integers without a fraction, others with 3 decimals.
fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        format!("{value:.3}")
    }
}

fn aggregate(value: &Value) -> String {
    match value {
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), number),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Quotes a CSV field when it holds a comma, quote or newline (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("cyclic:drdl"), "cyclic:drdl");
        assert_eq!(csv_field("biased:4,1,0,4"), "\"biased:4,1,0,4\"");
        assert_eq!(csv_field(r#"{"512":3}"#), r#""{""512"":3}""#);
    }

    #[test]
    fn numbers_print_whole_or_with_three_decimals() {
        assert_eq!(number(512.0), "512");
        assert_eq!(number(399.123_456), "399.123");
    }
}
