//! `tritium replay`: a seed (or a position) and a list of actions give the final frame.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, anyhow};
use serde_json::json;
use tritium_plugin_api::protocol::Frame;

use super::args::{ReplayArgs, ReportFormat};
use super::console::{Console, Status};
use super::play::{render, start};
use super::plugins;

/// Runs `replay`: starts the game, applies every action in order and prints the last frame.
///
/// # Errors
/// No plugin provides the game, the plugin refuses the rules or the position, or an action
/// is illegal (the message names its number in the list, from 1, and the action).
pub fn run(
    args: &ReplayArgs,
    plugin_dirs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<Status> {
    let host = plugins::discover(plugin_dirs);
    let (plugin, info) = plugins::find_game(&host, &args.game)?;
    let seed = args.seed.unwrap_or(1);
    let mut frame = start(
        &plugin,
        &info.name,
        args.rules.as_deref(),
        args.position.as_deref(),
        seed,
    )?;
    let actions = parse_actions(&args.actions);
    for (i, action) in actions.iter().enumerate() {
        frame = plugin.apply(&info.name, &frame, action).map_err(|e| {
            anyhow!(
                "action {} of {} (`{action}`) cannot be played: {e}",
                i + 1,
                actions.len()
            )
        })?;
    }
    match args.format {
        ReportFormat::Text => write_text(&frame, actions.len(), console.out)?,
        ReportFormat::Json => {
            let report = json!({
                "game": info.name,
                "seed": seed,
                "rules": args.rules,
                "start": args.position,
                "actions_applied": actions.len(),
                "position": frame.position,
                "view": frame.view,
                "actions": frame.actions,
                "outcome": frame.outcome,
            });
            serde_json::to_writer_pretty(&mut *console.out, &report)?;
            writeln!(console.out)?;
        }
    }
    Ok(Status::Success)
}

/// The action ids of `--actions`: comma-separated, blanks around them ignored, empty items
/// skipped (so `""` applies nothing).
fn parse_actions(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(str::to_owned)
        .collect()
}

fn write_text(frame: &Frame, applied: usize, out: &mut dyn Write) -> Result<()> {
    write!(out, "{}", render(&frame.view))?;
    writeln!(out, "position: {}", frame.position)?;
    let legal: Vec<&str> = frame.actions.iter().map(|a| a.id.as_str()).collect();
    writeln!(out, "legal: {}", legal.join(","))?;
    match &frame.outcome {
        Some(outcome) => writeln!(out, "over after {applied} actions: {outcome}")?,
        None => writeln!(out, "after {applied} actions: the game goes on")?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_actions;

    #[test]
    fn actions_are_comma_separated_ids() {
        assert_eq!(parse_actions("l, r,,u ,d"), ["l", "r", "u", "d"]);
        assert!(parse_actions("").is_empty());
        assert_eq!(parse_actions("11-15,22x15x6"), ["11-15", "22x15x6"]);
    }
}
