//! `tritium experiment`: many seeded games of one strategy, or a sweep over a strategy family.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use plugin_host::report::{Ranking, number, summary};
use plugin_host::sweep::run_sweep;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec};

use super::args::{ExperimentArgs, ReportFormat};
use super::console::{Console, Status};
use super::{cluster, plugins};

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
    if args.processes.is_some() || !args.hosts.is_empty() || args.hostfile.is_some() {
        return distributed(args, plugin_dirs, console);
    }
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
    let spec = ExperimentSpec {
        strategy: String::new(),
        games: args.games,
        seed: args.seed,
        rules,
        opponent: args.opponent.clone(),
        shard: None,
    };
    let progress = |i: usize, done: u64, _total: u64| {
        if done == i as u64 * games {
            bar.set_message(strategies[i].clone()); // the strategy starts
        }
        bar.set_position(done);
        true
    };
    let mut reports = run_sweep(&plugin, &info.name, &strategies, &spec, &progress)?;
    if args.no_timing {
        for report in &mut reports {
            report.timing.clear();
        }
    }
    bar.finish_and_clear();
    if let (Some(sweep), None) = (&args.sweep, &args.strategy) {
        let size = args.size.unwrap_or_default();
        write!(
            console.out,
            "{}",
            Ranking::new(sweep, size, reports).to_csv()
        )?;
    } else {
        for report in &reports {
            print_report(report, &info.name, args, console)?;
        }
    }
    Ok(Status::Success)
}

fn print_report(
    report: &ExperimentReport,
    game: &str,
    args: &ExperimentArgs,
    console: &mut Console<'_>,
) -> Result<()> {
    match args.format {
        ReportFormat::Json => {
            serde_json::to_writer_pretty(&mut *console.out, report)?;
            writeln!(console.out)?;
        }
        ReportFormat::Text => write_text(report, game, args, console.out)?,
    }
    Ok(())
}

/// `experiment` on a cluster (see [`cluster`]): `--processes N` starts a local one; with
/// `--hosts`/`--hostfile` and `--process` this is one process of a cluster started by hand.
fn distributed(
    args: &ExperimentArgs,
    plugin_dirs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<Status> {
    let Some(strategy) = args.strategy.clone() else {
        anyhow::bail!("a distributed experiment needs --strategy (sweeps run on one process)");
    };
    let (cluster, children) = match args.processes {
        Some(n) if n < 2 => anyhow::bail!("--processes {n}: a cluster has at least 2"),
        Some(n) => {
            let addresses = cluster::local_addresses(n)?;
            let children = cluster::spawn_local(&addresses)?;
            (
                cluster::Cluster {
                    process: 0,
                    addresses,
                },
                children,
            )
        }
        None => (
            cluster::from_args(args)?.context("give --processes, or --hosts/--hostfile")?,
            Vec::new(),
        ),
    };
    let spec = ExperimentSpec {
        strategy,
        games: args.games,
        seed: args.seed,
        rules: args.rules.clone(),
        opponent: args.opponent.clone(),
        shard: None,
    };
    let bar = (cluster.process == 0).then(|| {
        ProgressBar::new(0).with_style(
            ProgressStyle::with_template(&format!(
                "{{bar:40}} {{pos}}/{{len}} games of process 0 of {}, {{elapsed}} elapsed",
                cluster.addresses.len()
            ))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        )
    });
    let timeout = std::time::Duration::from_secs(args.connect_timeout);
    let run = if args.split_search {
        cluster::run_split_search
    } else {
        cluster::run
    };
    let merged = run(
        &cluster,
        plugin_dirs,
        &args.game,
        &spec,
        timeout,
        bar.clone(),
    );
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let waited = cluster::wait_all(children);
    let Some(mut report) = merged? else {
        waited?;
        return Ok(Status::Success);
    };
    waited?;
    if args.no_timing {
        report.timing.clear();
    }
    print_report(&report, &args.game, args, console)?;
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
    for line in summary(report) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
