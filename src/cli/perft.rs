//! `tritium perft`: leaf counts of a game's legal-move tree, with the divide per move.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::args::PerftArgs;
use super::console::{Console, Status};
use super::play::start;
use super::plugins;

/// Runs `perft`: prints `MOVE: LEAVES` per legal move, then the total and the speed.
///
/// # Errors
/// No plugin provides the game, the game does not count perft, or the plugin refuses the
/// rules or the position.
pub fn run(args: &PerftArgs, plugin_dirs: &[PathBuf], console: &mut Console<'_>) -> Result<Status> {
    let host = plugins::discover(plugin_dirs);
    let (plugin, info) = plugins::find_game(&host, &args.game)?;
    if !info.perft {
        bail!("{} does not count perft", info.name);
    }
    let frame = start(
        &plugin,
        &info.name,
        args.rules.as_deref(),
        args.position.as_deref(),
        1,
    )?;
    let begun = Instant::now();
    let report = plugin
        .perft(&info.name, &frame, args.depth)
        .with_context(|| format!("perft {} of {}", args.depth, info.name))?;
    let seconds = begun.elapsed().as_secs_f64();
    for (action, leaves) in &report.divide {
        writeln!(console.out, "{action}: {leaves}")?;
    }
    writeln!(
        console.out,
        "perft({}) = {} ({seconds:.3} s, {:.1} M leaves/s)",
        report.depth,
        report.leaves,
        report.leaves as f64 / seconds.max(1e-9) / 1e6
    )?;
    Ok(Status::Success)
}
