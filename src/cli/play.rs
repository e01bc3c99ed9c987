//! `tritium play`: a plugin's game in the terminal, played by a person or watched (the
//! checkers seed's `game_io` role).

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use plugin_host::LoadedPlugin;
use tritium_plugin_api::protocol::{ActionInfo, Frame, StateView};

use super::args::PlayArgs;
use super::console::{Console, Status};
use super::plugins;

/// Runs `play`: reads moves from `input` (one per line) unless `--ai` plays.
///
/// # Errors
/// No plugin provides the game, the plugin refuses the rules or strategy, or I/O fails.
pub fn run(
    args: &PlayArgs,
    plugin_dirs: &[PathBuf],
    input: &mut dyn BufRead,
    console: &mut Console<'_>,
) -> Result<Status> {
    let host = plugins::discover(plugin_dirs);
    let (plugin, info) = plugins::find_game(&host, &args.game)?;
    let mut frame = start(
        &plugin,
        &info.name,
        args.rules.as_deref(),
        args.position.as_deref(),
        args.seed,
    )?;
    let humans = human_sides(args, &info.players)?;
    let mut moves = 0_u64;
    draw(&frame, console.out)?;
    while frame.outcome.is_none() && args.moves.is_none_or(|limit| moves < limit) {
        // The AI moves unless the side to move is a person's (one-player games: `--ai` plays).
        let ai_turn = match frame.to_move {
            Some(side) => !humans.contains(&side),
            None => args.ai.is_some(),
        };
        let ai = if ai_turn { args.ai.as_ref() } else { None };
        let action = if let Some(strategy) = ai {
            let (action, note) = plugin
                .ai_move(&info.name, &frame, strategy, None)
                .with_context(|| format!("strategy `{strategy}`"))?;
            let label = label_of(&frame.actions, &action);
            if note.is_empty() {
                writeln!(console.out, "\n{strategy} plays {label}")?;
            } else {
                writeln!(console.out, "\n{strategy} plays {label} ({note})")?;
            }
            action
        } else {
            let choices: Vec<String> = frame
                .actions
                .iter()
                .map(|a| format!("{}={}", a.id, a.label))
                .collect();
            // The prompt goes to stderr, like `read -p`: stdout holds only the boards.
            console.out.flush()?;
            write!(console.err, "move ({}, q quits)> ", choices.join(" "))?;
            console.err.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(console.err)?;
                break;
            }
            let line = line.trim();
            if line == "q" {
                break;
            }
            let Some(action) = parse_move(line, &frame.actions) else {
                console.error(format_args!(
                    "`{}` is not a legal move here",
                    line.escape_debug()
                ))?;
                continue;
            };
            action
        };
        match plugin.apply(&info.name, &frame, &action) {
            Ok(next) => {
                frame = next;
                moves += 1;
                draw(&frame, console.out)?;
            }
            // An illegal move is the player's mistake, not the end of the game.
            Err(e) if ai.is_none() => console.error(e)?,
            Err(e) => return Err(e).context("the AI chose an illegal move"),
        }
    }
    match &frame.outcome {
        Some(outcome) => writeln!(console.out, "game over after {moves} moves: {outcome}")?,
        None => writeln!(
            console.out,
            "stopped after {moves} move{}",
            if moves == 1 { "" } else { "s" }
        )?,
    }
    Ok(Status::Success)
}

/// The indices of the players a person plays: `--human` (names, `both`/`all` or `none`),
/// else all of them without `--ai`, or the first (who moves first) with it.
///
/// # Errors
/// A name that is not one of the game's players, or an AI needed but not given.
fn human_sides(args: &PlayArgs, players: &[String]) -> Result<Vec<u32>> {
    let all: Vec<u32> = (0..players.len() as u32).collect();
    let sides = match args.human.as_deref().map(str::trim) {
        None if args.ai.is_none() => all,
        None => all.into_iter().take(1).collect(),
        Some("both" | "all") => all,
        Some("none") => Vec::new(),
        Some(names) => names
            .split(',')
            .map(|name| {
                players
                    .iter()
                    .position(|p| p == name.trim())
                    .map(|i| i as u32)
                    .with_context(|| {
                        format!(
                            "`--human {name}`: the players are {}, or both / none",
                            players.join(", ")
                        )
                    })
            })
            .collect::<Result<_>>()?,
    };
    if !players.is_empty() && sides.len() < players.len() && args.ai.is_none() {
        anyhow::bail!("`--human` leaves a side to the AI: give it with `--ai STRATEGY`");
    }
    Ok(sides)
}

/// A new game of `game`, or one from `position` when given; random events from `seed`.
///
/// # Errors
/// The plugin refuses the rules or the position (the message names the bad item).
pub fn start(
    plugin: &LoadedPlugin,
    game: &str,
    rules: Option<&str>,
    position: Option<&str>,
    seed: u64,
) -> Result<Frame> {
    plugin
        .start(game, rules, position, seed)
        .with_context(|| match position {
            None => format!("cannot start {game}"),
            Some(position) => format!("cannot start {game} from the position `{position}`"),
        })
}

/// The action a typed line means: an action id, or an arrow key's escape sequence matched by
/// the action's key hint.
fn parse_move(line: &str, actions: &[ActionInfo]) -> Option<String> {
    let key = match line {
        "\u{1b}[A" | "\u{1b}OA" => Some("up"),
        "\u{1b}[B" | "\u{1b}OB" => Some("down"),
        "\u{1b}[C" | "\u{1b}OC" => Some("right"),
        "\u{1b}[D" | "\u{1b}OD" => Some("left"),
        _ => None,
    };
    actions
        .iter()
        .find(|a| match key {
            Some(key) => a.key.as_deref() == Some(key),
            None => a.id == line,
        })
        .map(|a| a.id.clone())
}

fn label_of<'a>(actions: &'a [ActionInfo], id: &'a str) -> &'a str {
    actions
        .iter()
        .find(|a| a.id == id)
        .map_or(id, |a| a.label.as_str())
}

/// Draws the grid (columns as wide as their widest cell, `.` for an empty cell), the preview,
/// the named values and the position text.
pub fn draw(frame: &Frame, out: &mut dyn Write) -> std::io::Result<()> {
    write!(out, "{}", render(&frame.view))?;
    if !frame.position.is_empty() {
        writeln!(out, "position: {}", frame.position)?;
    }
    Ok(())
}

/// The text drawing of a state view: the grid, then `label: cells` of the preview, then the
/// named values on one line.
pub fn render(view: &StateView) -> String {
    let cols = view.cols as usize;
    let shown: Vec<String> = view.cells.iter().map(cell_text).collect();
    let width = shown
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut text = String::new();
    for row in shown.chunks(cols.max(1)) {
        let cells: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    if let Some(preview) = &view.preview {
        let cells: Vec<&str> = preview.cells.iter().map(|c| c.text.as_str()).collect();
        text.push_str(&preview.label);
        text.push_str(": ");
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    let values: Vec<String> = view
        .values
        .iter()
        .map(|v| format!("{}: {}", v.name, v.value))
        .collect();
    if !values.is_empty() {
        text.push_str(&values.join("  "));
        text.push('\n');
    }
    text
}

/// A cell in the text board: its text, `.` when empty; a piece (a disc) is the first letter
/// of its label followed by its text (checkers: `r`, `w`, `rK`, `wK`).
fn cell_text(cell: &tritium_plugin_api::protocol::Cell) -> String {
    if cell.disc {
        let initial = cell
            .label
            .as_deref()
            .and_then(|l| l.chars().next())
            .unwrap_or('o');
        return format!("{initial}{}", cell.text);
    }
    if cell.text.is_empty() {
        ".".to_owned()
    } else {
        cell.text.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_plugin_api::protocol::{Cell, NamedValue};

    #[test]
    fn arrows_and_ids_map_to_actions() {
        let action = |id: &str, key: &str| ActionInfo {
            id: id.into(),
            label: id.to_uppercase(),
            key: Some(key.into()),
            path: Vec::new(),
        };
        let actions = [action("l", "left"), action("u", "up")];
        assert_eq!(parse_move("\u{1b}[D", &actions).as_deref(), Some("l"));
        assert_eq!(parse_move("\u{1b}[A", &actions).as_deref(), Some("u"));
        assert_eq!(parse_move("u", &actions).as_deref(), Some("u"));
        assert_eq!(
            parse_move("\u{1b}[B", &actions),
            None,
            "down is not legal here"
        );
        assert_eq!(parse_move("x", &actions), None);
    }

    #[test]
    fn the_grid_is_right_aligned_with_dots_for_empty_cells() {
        let cell = |t: &str| Cell {
            text: t.into(),
            ..Cell::default()
        };
        let view = StateView {
            rows: 2,
            cols: 2,
            cells: vec![cell("2"), cell(""), cell("128"), cell("4")],
            values: vec![NamedValue::new("score", &12)],
            preview: None,
        };
        assert_eq!(render(&view), "  2   .\n128   4\nscore: 12\n");
    }
}
