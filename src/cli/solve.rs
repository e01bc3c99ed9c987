//! `tritium solve`: a puzzle position solved by one of its game's solvers, or `--list`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use plugin_host::{CallError, ProgressFn};
use serde_json::json;
use tritium_plugin_api::PluginError;

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
    let limit = match (args.time_limit, &args.solver) {
        (Some(seconds), _) => Some(Duration::from_secs_f64(seconds)),
        (None, None) => Some(PICKED_TIME_LIMIT),
        (None, Some(_)) => None,
    };
    let began = Instant::now();
    // Progress with a known total is a table being built, which the limit does not count.
    let in_time = |_done: u64, total: u64| total > 0 || limit.is_none_or(|l| began.elapsed() < l);
    let progress: Option<ProgressFn<'_>> = Some(&in_time);
    // No solver named: the plugin runs the best one that takes this board on, and names it.
    let solved = match &args.solver {
        Some(name) => plugin.solve(name, &frame.state, progress),
        None => plugin.solve_best(&info.name, &frame.state, progress),
    };
    let report = match (solved, limit) {
        (Err(CallError::Plugin(PluginError::Cancelled)), Some(limit)) => {
            let who = args.solver.as_deref().unwrap_or("the best solver for this board");
            console.error(format!(
                "no answer for {} within {} s: {who} found no solution in that time, and an \
                 optimal search of a board this hard may take hours (--time-limit allows more)",
                frame.position,
                limit.as_secs_f64(),
            ))?;
            return Ok(Status::Failed);
        }
        (solved, _) => solved.with_context(|| match &args.solver {
            Some(name) => format!("{name} on {}", frame.position),
            None => format!("solving {}", frame.position),
        })?,
    };
    let picked = args.solver.is_none();
    let solver = match (&args.solver, &report.solver) {
        (Some(name), _) | (None, Some(name)) => name.clone(),
        (None, None) => "(unnamed)".to_owned(),
    };
    let stat = |name: &str| report.stats.get(name).copied().unwrap_or(0.0);
    match args.format {
        ReportFormat::Text => {
            writeln!(console.out, "position: {}", frame.position)?;
            if picked {
                writeln!(console.out, "solver: {solver} (the best for this board)")?;
            } else {
                writeln!(console.out, "solver: {solver}")?;
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
                "solver": solver,
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
