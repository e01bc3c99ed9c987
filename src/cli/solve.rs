//! `tritium solve`: a puzzle position solved by one of its game's solvers, or `--list`.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use serde_json::json;

use super::args::{ReportFormat, SolveArgs};
use super::console::{Console, Status};
use super::play::start;
use super::plugins;

/// Runs `solve`.
///
/// # Errors
/// No plugin provides the game or a solver for it, the position is malformed or unsolvable,
/// or the solver gives up (e.g. a board too large for it).
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
    // No solver named: the plugin runs the best one that takes this board on, and names it.
    let report = match &args.solver {
        Some(name) => plugin
            .solve(name, &frame.state, None)
            .with_context(|| format!("{name} on {}", frame.position))?,
        None => plugin
            .solve_best(&info.name, &frame.state, None)
            .with_context(|| format!("solving {}", frame.position))?,
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
