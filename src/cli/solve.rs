//! `tritium solve`: a puzzle position solved by one of its game's solvers, or `--list`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use plugin_host::{CallError, LoadedPlugin, PluginHost, ProgressFn};
use serde_json::json;
use tritium_plugin_api::PluginError;
use tritium_plugin_api::protocol::SolveReport;

use super::args::{ReportFormat, SolveArgs};
use super::console::{Console, Status};
use super::play::start;
use super::plugins;

/// How long the solver `solve` picks itself (no `--solver`) may search, unless `--time-limit`
/// says otherwise.
const PICKED_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Runs `solve`.
///
/// # Errors
/// No plugin provides the game or a solver for it, the position is malformed or unsolvable,
/// or the solver gives up (e.g. a board too large for it). Stopped by the time limit, it
/// reports so itself and returns [`Status::Failed`].
pub fn run(args: &SolveArgs, plugin_dirs: &[PathBuf], console: &mut Console<'_>) -> Result<Status> {
    let host = plugins::discover(plugin_dirs);
    if args.list {
        list(&host, console)?;
        return Ok(Status::Success);
    }
    let Some(game) = args.game.as_deref() else {
        bail!("give a game, or --list");
    };
    let (plugin, info) = plugins::find_game(&host, game)?;
    let solvers: Vec<&str> = plugin
        .info()
        .solvers
        .iter()
        .filter(|s| s.game.as_deref() == Some(info.name.as_str()))
        .map(|s| s.name.as_str())
        .collect();
    if solvers.is_empty() {
        bail!(
            "{} has no solver{}",
            info.name,
            args.solver
                .as_deref()
                .map_or_else(String::new, |name| format!(
                    " (not `{name}`, nor any other)"
                ))
        );
    }
    if let Some(name) = &args.solver
        && !solvers.contains(&name.as_str())
    {
        bail!(
            "no solver `{name}` for {}; its solvers: {}",
            info.name,
            solvers.join(", ")
        );
    }
    let frame = start(
        &plugin,
        &info.name,
        args.rules.as_deref(),
        args.position.as_deref(),
        args.seed,
    )?;
    let report = match solve_in_time(&plugin, &info.name, &frame.state, args) {
        Ok(report) => report,
        Err(Unanswered::Late(limit)) => return late(console, args, &frame.position, limit),
        Err(Unanswered::Failed(e)) => {
            return Err(e).with_context(|| match &args.solver {
                Some(name) => format!("{name} on {}", frame.position),
                None => format!("solving {}", frame.position),
            });
        }
    };
    let picked = args.solver.is_none();
    let name = match (&args.solver, &report.solver) {
        (Some(name), _) | (None, Some(name)) => name.clone(),
        (None, None) => "(unnamed)".to_owned(),
    };
    let stat = |name: &str| report.stats.get(name).copied().unwrap_or(0.0);
    match args.format {
        ReportFormat::Text => {
            writeln!(console.out, "position: {}", frame.position)?;
            if picked {
                writeln!(console.out, "solver: {name} (the best for this board)")?;
            } else {
                writeln!(console.out, "solver: {name}")?;
            }
            writeln!(console.out, "moves: {}", report.actions.join(","))?;
            writeln!(
                console.out,
                "{} moves, {} nodes, {:.3} s",
                report.actions.len(),
                stat("nodes"),
                stat("seconds")
            )?;
        }
        ReportFormat::Json => {
            let out = json!({
                "game": info.name,
                "position": frame.position,
                "solver": name,
                "picked": picked,
                "actions": report.actions,
                "length": report.actions.len(),
                "stats": report.stats,
            });
            serde_json::to_writer_pretty(&mut *console.out, &out)?;
            writeln!(console.out)?;
        }
    }
    Ok(Status::Success)
}

/// `--list`: every plugin's solvers, one a line with its game and description.
fn list(host: &PluginHost, console: &mut Console<'_>) -> Result<()> {
    for plugin in host.plugins() {
        for solver in &plugin.info().solvers {
            let game = solver.game.as_deref().unwrap_or("-");
            writeln!(
                console.out,
                "{} (game {game}): {}",
                solver.name, solver.description
            )?;
        }
    }
    Ok(())
}

/// Says that no answer came within `limit` (exit status 1).
fn late(
    console: &mut Console<'_>,
    args: &SolveArgs,
    position: &str,
    limit: Duration,
) -> Result<Status> {
    let who = args
        .solver
        .as_deref()
        .unwrap_or("the best solver for this board");
    console.error(format!(
        "no answer for {position} within {} s: {who} found no solution in that time, and an \
         optimal search of a board this hard may take hours (--time-limit allows more)",
        limit.as_secs_f64(),
    ))?;
    Ok(Status::Failed)
}

/// Why [`solve_in_time`] has no report.
enum Unanswered {
    /// The time limit passed first.
    Late(Duration),
    /// The plugin failed (bad input, a solver that gives up, …).
    Failed(CallError),
}

/// Solves `state` with `args.solver`, or with the best of `game`'s solvers that takes it on
/// (the plugin picks and names it), stopping at `--time-limit` ([`PICKED_TIME_LIMIT`] for a
/// picked solver, none for a named one). Progress with a known total is a table being built,
/// which the limit does not count.
fn solve_in_time(
    plugin: &LoadedPlugin,
    game: &str,
    state: &serde_json::Value,
    args: &SolveArgs,
) -> Result<SolveReport, Unanswered> {
    let limit = match (args.time_limit, &args.solver) {
        (Some(seconds), _) => Some(Duration::from_secs_f64(seconds)),
        (None, None) => Some(PICKED_TIME_LIMIT),
        (None, Some(_)) => None,
    };
    let began = Instant::now();
    let in_time = |_done: u64, total: u64| total > 0 || limit.is_none_or(|l| began.elapsed() < l);
    let progress: Option<ProgressFn<'_>> = Some(&in_time);
    let solved = match &args.solver {
        Some(name) => plugin.solve(name, state, progress),
        None => plugin.solve_best(game, state, progress),
    };
    match (solved, limit) {
        (Err(CallError::Plugin(PluginError::Cancelled)), Some(limit)) => {
            Err(Unanswered::Late(limit))
        }
        (solved, _) => solved.map_err(Unanswered::Failed),
    }
}
