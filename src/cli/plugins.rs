//! `tritium plugins`, and finding the plugin that provides a game for `play` and `experiment`.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Result, bail};
use plugin_host::{LoadedPlugin, PluginHost, search_path};
use tritium_plugin_api::protocol::GameInfo;

use super::console::{Console, Status};

/// A host that has searched `--plugin-dir`s, `TRITIUM_PLUGIN_PATH` and the executable's
/// directory.
pub fn discover(plugin_dirs: &[PathBuf]) -> PluginHost {
    let mut host = PluginHost::new();
    host.discover(&search_path(plugin_dirs));
    host
}

/// The plugin providing `game`, and the game's info.
///
/// # Errors
/// No plugin has the game: the message lists the games there are, and the rejected files.
pub fn find_game(host: &PluginHost, game: &str) -> Result<(LoadedPlugin, GameInfo)> {
    if let Some((plugin, info)) = host.find_game(game) {
        return Ok((plugin.clone(), info.clone()));
    }
    let known: Vec<&str> = host.games().map(|(_, g)| g.name.as_str()).collect();
    let mut message = format!("no plugin provides the game `{game}`");
    if known.is_empty() {
        message.push_str("; no plugins were found (build them with `cargo build --workspace`, or pass --plugin-dir)");
    } else {
        let _ = write!(message, "; games: {}", known.join(", "));
    }
    for rejected in host.rejected() {
        let _ = write!(
            message,
            "\n  rejected {}: {}",
            rejected.path.display(),
            rejected.reason
        );
    }
    bail!(message)
}

/// `tritium plugins`: every plugin with its games (rules, strategies with parameters, sweeps)
/// and solvers, then the rejected files with the reason.
///
/// # Errors
/// Only if writing fails.
pub fn run(plugin_dirs: &[PathBuf], console: &mut Console<'_>) -> Result<Status> {
    let host = discover(plugin_dirs);
    let out = &mut *console.out;
    if host.plugins().is_empty() {
        writeln!(out, "no plugins found in:")?;
        for dir in search_path(plugin_dirs) {
            writeln!(out, "  {}", dir.display())?;
        }
    }
    for plugin in host.plugins() {
        let info = plugin.info();
        writeln!(
            out,
            "{} {} ({})",
            info.name,
            info.version,
            plugin.path().display()
        )?;
        for game in &info.games {
            writeln!(out, "  game {}: {}", game.name, game.description)?;
            writeln!(out, "    rules: {}", game.rules.join(", "))?;
            writeln!(out, "    strategies:")?;
            for strategy in &game.strategies {
                writeln!(
                    out,
                    "      {:<12} {} (e.g. {})",
                    strategy.name, strategy.description, strategy.example
                )?;
                for param in &strategy.params {
                    writeln!(
                        out,
                        "        {}: {} (default {})",
                        param.name, param.description, param.default
                    )?;
                }
            }
            for sweep in &game.sweeps {
                let rules = sweep
                    .rules
                    .as_ref()
                    .map(|r| format!(" (default rules: {r})"))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "    sweep {} --{} N{rules}: {}",
                    sweep.name, sweep.parameter, sweep.description
                )?;
            }
        }
        for solver in &info.solvers {
            writeln!(out, "  solver {}: {}", solver.name, solver.description)?;
        }
    }
    if !host.rejected().is_empty() {
        writeln!(out, "rejected:")?;
        for rejected in host.rejected() {
            writeln!(out, "  {}: {}", rejected.path.display(), rejected.reason)?;
        }
    }
    Ok(Status::Success)
}
