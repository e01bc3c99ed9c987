//! A game (the seed's `game` module): the rules, the position, the draw counters, making a
//! move, and whether and how the game has ended.
//!
//! - The side to move **loses** when it has no legal move (no pieces left, or all blocked).
//! - **Draw by the 40-move rule**: 40 moves by each side (80 plies) with no capture and no man
//!   moved (WCDF rules, article 1.32.1 … after <https://www.wcdf.net/rules.htm>).
//! - **Draw by repetition**: the same position with the same side to move for the third time.

use serde::{Deserialize, Serialize};
use tritium_plugin_api::PluginError;

use crate::board::Board;
use crate::color::Color;
use crate::moves::{Move, apply, legal_moves, moves_a_man};

/// Plies without a capture or a man move after which the game is drawn.
pub const QUIET_PLIES_DRAW: u32 = 80;

/// A rule set: American checkers on a `width × height` board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Columns (even, 6..=16).
    pub width: u8,
    /// Rows (even, 6..=16).
    pub height: u8,
}

impl Rules {
    /// `american`: 8×8.
    pub const AMERICAN: Rules = Rules {
        width: 8,
        height: 8,
    };

    /// Parses `american` (8×8, the default when `None`) or `american-WxH` for even `W`, `H`
    /// from 6 to 16.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the rule set.
    pub fn parse(name: Option<&str>) -> Result<Rules, PluginError> {
        let name = name.map_or("american", str::trim);
        if name == "american" || name.is_empty() {
            return Ok(Rules::AMERICAN);
        }
        let size = name
            .strip_prefix("american-")
            .and_then(|s| s.split_once('x'));
        let parse = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|n| (6..=16).contains(n) && n % 2 == 0)
        };
        match size.map(|(w, h)| (parse(w), parse(h))) {
            Some((Some(width), Some(height))) => Ok(Rules { width, height }),
            _ => Err(PluginError::bad_parameter(
                name,
                "rule sets: `american` (8×8) or `american-WxH` with even W and H from 6 to 16, \
                 e.g. american-10x10",
            )),
        }
    }

    /// The name [`Rules::parse`] reads back.
    pub fn name(self) -> String {
        if self == Rules::AMERICAN {
            "american".to_owned()
        } else {
            format!("american-{}x{}", self.width, self.height)
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// The side to move has no legal move: the other side wins.
    NoMove {
        /// The winner.
        winner: Color,
    },
    /// 80 plies without a capture or a man move.
    FortyMoves,
    /// The same position, same side to move, a third time.
    Repetition,
}

impl End {
    /// A sentence for people, e.g. `red wins: white has no legal move`.
    pub fn describe(self) -> String {
        match self {
            End::NoMove { winner } => format!(
                "{} wins: {} has no legal move",
                winner.name(),
                winner.opponent().name()
            ),
            End::FortyMoves => {
                "draw: 40 moves by each side without a capture or a man move".to_owned()
            }
            End::Repetition => "draw: the same position for the third time".to_owned(),
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            End::NoMove { winner } => Some(winner),
            _ => None,
        }
    }
}

/// A game in progress: everything needed to continue it and to judge draws.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The rule set.
    pub rules: Rules,
    /// The position.
    pub board: Board,
    /// Plies since the last capture or man move.
    pub quiet_plies: u32,
    /// Hashes of the positions since the last capture or man move (for repetitions),
    /// including the current one.
    pub history: Vec<u64>,
    /// Plies played.
    pub plies: u32,
    /// The seed strategies draw their random choices from.
    pub seed: u64,
}

impl State {
    /// A new game from the initial position of `rules`.
    pub fn new(rules: Rules, seed: u64) -> State {
        State::at(rules, Board::initial(rules.width, rules.height), seed)
    }

    /// A game from `board` (no history).
    pub fn at(rules: Rules, board: Board, seed: u64) -> State {
        State {
            rules,
            board,
            quiet_plies: 0,
            history: vec![board.hash()],
            plies: 0,
            seed,
        }
    }

    /// How the game has ended, if it has.
    pub fn end(&self) -> Option<End> {
        if legal_moves(&self.board).is_empty() {
            return Some(End::NoMove {
                winner: self.board.turn.opponent(),
            });
        }
        if self.quiet_plies >= QUIET_PLIES_DRAW {
            return Some(End::FortyMoves);
        }
        let now = self.board.hash();
        if self.history.iter().filter(|&&h| h == now).count() >= 3 {
            return Some(End::Repetition);
        }
        None
    }

    /// Plays `mv` (a legal move of the current position).
    pub fn play(&mut self, mv: &Move) {
        let irreversible = mv.is_capture() || moves_a_man(&self.board, mv);
        self.board = apply(&self.board, mv);
        self.plies += 1;
        if irreversible {
            self.quiet_plies = 0;
            self.history.clear();
        } else {
            self.quiet_plies += 1;
        }
        self.history.push(self.board.hash());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_fen, parse_move};

    #[test]
    fn rules_parse() {
        assert_eq!(Rules::parse(None), Ok(Rules::AMERICAN));
        assert_eq!(
            Rules::parse(Some("american-10x12")),
            Ok(Rules {
                width: 10,
                height: 12
            })
        );
        assert_eq!(
            Rules::parse(Some("american-10x12")).map(Rules::name),
            Ok("american-10x12".into())
        );
        for bad in [
            "american-9x9",
            "american-4x4",
            "american-18x18",
            "international",
            "american-10",
        ] {
            assert!(
                matches!(
                    Rules::parse(Some(bad)),
                    Err(PluginError::BadParameter { .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn no_move_loses_and_kings_shuffling_draw() {
        // White to move with no pieces: red wins.
        let s = State::at(
            Rules::AMERICAN,
            parse_fen("W:W:B1", 8, 8).expect("valid"),
            1,
        );
        assert_eq!(s.end(), Some(End::NoMove { winner: Color::Red }));
        // Two kings shuffling: the third repetition draws.
        let mut s = State::at(
            Rules::AMERICAN,
            parse_fen("B:WK32:BK1", 8, 8).expect("valid"),
            1,
        );
        for text in [
            "1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1", "28-32",
        ] {
            assert_eq!(s.end(), None, "before {text}");
            let mv = parse_move(&s.board, text).expect(text);
            s.play(&mv);
        }
        assert_eq!(s.end(), Some(End::Repetition));
        assert!(
            s.end()
                .is_some_and(|e| e.describe().starts_with("draw: the same position"))
        );
    }

    #[test]
    fn eighty_quiet_plies_draw() {
        let mut s = State::at(
            Rules::AMERICAN,
            parse_fen("B:WK32:BK1", 8, 8).expect("valid"),
            1,
        );
        s.quiet_plies = QUIET_PLIES_DRAW - 1;
        let mv = parse_move(&s.board, "1-5").expect("legal");
        s.play(&mv);
        assert_eq!(s.end(), Some(End::FortyMoves));
    }
}
