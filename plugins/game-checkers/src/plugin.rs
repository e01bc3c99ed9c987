//! [`Checkers`]: the [`Game`] implementation the plugin exports.

use tritium_plugin_api::protocol::{
    ActionInfo, Cell, ExperimentReport, ExperimentSpec, GameEnd, GameInfo, NamedValue, StateView,
};
use tritium_plugin_api::{Game, PluginError, Progress};

use crate::color::Color;
use crate::game::{Rules, State};
use crate::matches;
use crate::moves::legal_moves;
use crate::notation::{fen, move_text, parse_fen, parse_move};
use crate::piece::Kind;
use crate::strategy::{self, Strategy};

/// American checkers on any even board from 6×6 to 16×16. Stateless.
#[derive(Debug, Clone, Copy, Default)]
pub struct Checkers;

const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
const RED: [u8; 3] = [0xc8, 0x18, 0x18];
const WHITE: [u8; 3] = [0xff, 0xff, 0xff];

/// The view's cell index of square `s`: row `y`, column `W − 1 − x` (see [`Checkers`]'s
/// view).
fn cell_of(geo: &crate::position::Geometry, s: u8) -> u32 {
    let (x, y) = geo.coords[usize::from(s)];
    u32::from(y) * u32::from(geo.width) + u32::from(geo.width - 1 - x)
}

impl Game for Checkers {
    type State = State;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "checkers".into(),
            title: "Checkers".into(),
            description: "American checkers (English draughts): men move diagonally forward, \
                          kings both ways; captures are mandatory and multi-jumps continue; a \
                          man reaching the far row is crowned. Red moves first. Moves in PDN: \
                          11-15, 22x15x6. Rule sets: american (8×8) and american-WxH."
                .into(),
            rules: ["american", "american-10x10", "american-6x6"]
                .map(String::from)
                .to_vec(),
            strategies: strategy::infos(),
            sweeps: vec![],
            perft: true,
            players: vec!["red".into(), "white".into()],
            fixed_actions: vec![],
            legend: vec![],
        }
    }

    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<State, PluginError> {
        Ok(State::new(Rules::parse(rules)?, seed))
    }

    /// Row 0 (red's back row) at the top; in each row the squares in PDN order from the
    /// left, so square 1 is in the top-left corner as in checkers diagrams.
    fn view(&self, state: &State) -> StateView {
        let board = &state.board;
        let geo = board.geometry();
        let (width, height) = (geo.width, geo.height);
        let mut cells = Vec::with_capacity(usize::from(width) * usize::from(height));
        for row in 0..height {
            for col in 0..width {
                let Some(square) = geo.square_at(width - 1 - col, row) else {
                    cells.push(Cell {
                        background: Some(LIGHT),
                        ..Cell::default()
                    });
                    continue;
                };
                // A piece is a disc in its side's colour, a king marked `K`; every dark
                // square carries its PDN number.
                let notation = Some((square + 1).to_string());
                let cell = match board.piece_at(square) {
                    None => Cell {
                        background: Some(DARK),
                        notation,
                        ..Cell::default()
                    },
                    Some(p) => Cell {
                        text: if p.kind == Kind::King {
                            "K".into()
                        } else {
                            String::new()
                        },
                        background: Some(DARK),
                        foreground: Some(if p.color == Color::Red { RED } else { WHITE }),
                        disc: true,
                        label: Some(format!(
                            "{} {}",
                            p.color.name(),
                            if p.kind == Kind::King { "king" } else { "man" }
                        )),
                        notation,
                    },
                };
                cells.push(cell);
            }
        }
        StateView {
            rows: height.into(),
            cols: width.into(),
            cells,
            values: vec![
                NamedValue::new("to move", &board.turn.name()),
                NamedValue::new("red", &board.side(Color::Red).count_ones()),
                NamedValue::new("white", &board.side(Color::White).count_ones()),
                NamedValue::new("plies", &state.plies),
                NamedValue::new("quiet plies", &state.quiet_plies),
                NamedValue::new("rules", &state.rules.name()),
            ],
            preview: None,
        }
    }

    fn position(&self, state: &State) -> String {
        fen(&state.board)
    }

    fn new_game_at(
        &self,
        rules: Option<&str>,
        text: &str,
        seed: u64,
    ) -> Result<State, PluginError> {
        let rules = Rules::parse(rules)?;
        Ok(State::at(
            rules,
            parse_fen(text, rules.width, rules.height)?,
            seed,
        ))
    }

    fn actions(&self, state: &State) -> Vec<ActionInfo> {
        if state.end().is_some() {
            return Vec::new();
        }
        legal_moves(&state.board)
            .iter()
            .map(|m| {
                let text = move_text(m);
                let geo = state.board.geometry();
                ActionInfo {
                    id: text.clone(),
                    label: text,
                    key: None,
                    path: std::iter::once(m.from)
                        .chain(m.path().iter().copied())
                        .map(|s| cell_of(geo, s))
                        .collect(),
                }
            })
            .collect()
    }

    /// 0 (red) or 1 (white) while the game goes on.
    fn to_move(&self, state: &State) -> Option<u32> {
        state
            .end()
            .is_none()
            .then_some(u32::from(state.board.turn == Color::White))
    }

    fn result(&self, state: &State) -> Option<GameEnd> {
        state.end().map(|end| GameEnd {
            winner: end.winner().map(|c| u32::from(c == Color::White)),
            reason: match end {
                crate::game::End::NoMove { .. } => "no legal move",
                crate::game::End::FortyMoves => "40-move rule",
                crate::game::End::Repetition => "threefold repetition",
            }
            .to_owned(),
        })
    }

    fn outcome(&self, state: &State) -> Option<String> {
        state.end().map(crate::game::End::describe)
    }

    fn apply(&self, state: &mut State, action: &str) -> Result<(), PluginError> {
        if let Some(end) = state.end() {
            return Err(PluginError::illegal(
                action,
                format!("the game is over: {}", end.describe()),
            ));
        }
        let mv = parse_move(&state.board, action)?;
        state.play(&mv);
        Ok(())
    }

    fn ai_move(
        &self,
        state: &State,
        strategy: &str,
        _progress: &Progress<'_>,
    ) -> Result<(String, String), PluginError> {
        if let Some(end) = state.end() {
            return Err(PluginError::illegal(
                "ai",
                format!("the game is over: {}", end.describe()),
            ));
        }
        let (mv, note) = Strategy::parse(strategy)?.choose(state)?;
        Ok((move_text(&mv), note))
    }

    /// The divide of [`crate::moves::perft`] (depth up to 20).
    fn perft(&self, state: &State, depth: u32) -> Result<Vec<(String, u64)>, PluginError> {
        if depth > 20 {
            return Err(PluginError::bad_parameter(
                format!("depth {depth}"),
                "perft counts up to depth 20 (depth 12 already takes seconds)",
            ));
        }
        if depth == 0 {
            return Ok(Vec::new());
        }
        Ok(crate::moves::divide(&state.board, depth)
            .into_iter()
            .map(|(mv, n)| (move_text(&mv), n))
            .collect())
    }

    fn experiment(
        &self,
        spec: &ExperimentSpec,
        progress: &Progress<'_>,
    ) -> Result<ExperimentReport, PluginError> {
        matches::run(spec, progress)
    }

    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<tritium_plugin_api::protocol::GameResult>,
    ) -> Result<ExperimentReport, PluginError> {
        matches::report(spec, games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_through_the_trait() {
        let game = Checkers;
        let mut s = game.new_game(None, 1).expect("a game");
        let view = game.view(&s);
        assert_eq!((view.rows, view.cols, view.cells.len()), (8, 8, 64));
        // Square 1 is the top-left dark square: row 0, column 1.
        assert_eq!(view.cells[0].background, Some(LIGHT));
        assert!(view.cells[1].disc);
        assert_eq!(view.cells[1].label.as_deref(), Some("red man"));
        assert_eq!(view.cells[1].foreground, Some(RED));
        let ids: Vec<String> = game.actions(&s).into_iter().map(|a| a.id).collect();
        assert_eq!(ids.len(), 7);
        game.apply(&mut s, "11-15").expect("legal");
        assert_eq!(
            game.position(&s),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
        );
        assert!(matches!(
            game.apply(&mut s, "11-15"),
            Err(PluginError::IllegalAction { .. })
        ));
        let (reply, note) = game
            .ai_move(&s, "alphabeta:depth=4", &Progress::none())
            .expect("a move");
        assert!(
            ids.len() == 7 && !reply.is_empty() && note.starts_with("alphabeta depth 4"),
            "{note}"
        );
        let at = game.new_game_at(None, "W:W:B1", 1).expect("valid");
        assert_eq!(
            game.outcome(&at).as_deref(),
            Some("red wins: white has no legal move")
        );
        assert!(game.actions(&at).is_empty());
        assert_eq!(game.to_move(&at), None);
        assert_eq!(
            game.result(&at),
            Some(GameEnd {
                winner: Some(0),
                reason: "no legal move".into()
            })
        );
        // Click paths: square 11 is row 2's third dark square from the left (column 4),
        // 15 is row 3, column 5; a double jump lists each landing.
        let start = game.new_game(None, 1).expect("a game");
        assert_eq!(game.to_move(&start), Some(0));
        let opening = game
            .actions(&start)
            .into_iter()
            .find(|a| a.id == "11-15")
            .expect("11-15");
        assert_eq!(opening.path, [2 * 8 + 5, 3 * 8 + 4]);
        let jump = game.new_game_at(None, "B:W14,23:B9", 1).expect("valid");
        let path = &game.actions(&jump)[0].path;
        assert_eq!(path.len(), 3);
        assert!(game.new_game(Some("american-9x9"), 1).is_err());
        let big = game.new_game(Some("american-10x10"), 1).expect("a game");
        assert_eq!(game.view(&big).cells.len(), 100);
    }
}
