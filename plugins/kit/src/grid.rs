//! What grid games share: the four slides and their action ids (2048, Threes!, and the sliding
//! puzzles, whose moves name the way a tile slides into the blank).
//!
//! ```
//! use game_kit::grid::Move;
//!
//! assert_eq!(Move::from_letter('u'), Some(Move::Up));
//! assert_eq!(Move::Up.info().key.as_deref(), Some("up"));
//! assert_eq!(Move::Up.opposite(), Move::Down);
//! ```

use serde::{Deserialize, Serialize};
use tritium_plugin_api::PluginError;
use tritium_plugin_api::protocol::ActionInfo;

/// A slide of a grid game (2048, Threes!, the sliding puzzles): its action id is the letter
/// `l r u d`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Towards column 0.
    Left,
    /// Towards column 3.
    Right,
    /// Towards row 0.
    Up,
    /// Towards row 3.
    Down,
}

impl Move {
    /// The four moves in the seed's order `l r u d`.
    pub const ALL: [Move; 4] = [Move::Left, Move::Right, Move::Up, Move::Down];

    /// The move's letter: `l`, `r`, `u` or `d` (the seed's and the action ids).
    #[inline]
    pub fn letter(self) -> char {
        match self {
            Move::Left => 'l',
            Move::Right => 'r',
            Move::Up => 'u',
            Move::Down => 'd',
        }
    }

    /// The move for a letter `l r u d` (lower case only).
    #[inline]
    pub fn from_letter(c: char) -> Option<Move> {
        match c {
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            'u' => Some(Move::Up),
            'd' => Some(Move::Down),
            _ => None,
        }
    }

    /// The move's position in [`Move::ALL`] (0..4).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The move that undoes this one (a slide puzzle's tile moved back): Left ↔ Right,
    /// Up ↔ Down.
    #[must_use]
    #[inline]
    pub fn opposite(self) -> Move {
        match self {
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Up => Move::Down,
            Move::Down => Move::Up,
        }
    }

    /// A label for people: `Left`, `Right`, `Up`, `Down`.
    pub fn label(self) -> &'static str {
        match self {
            Move::Left => "Left",
            Move::Right => "Right",
            Move::Up => "Up",
            Move::Down => "Down",
        }
    }
}

impl Move {
    /// The action the plugin protocol offers for this move: id the letter, label the name,
    /// key the arrow (`left`, `right`, `up`, `down`).
    pub fn info(self) -> ActionInfo {
        ActionInfo {
            id: self.letter().to_string(),
            label: self.label().to_owned(),
            key: Some(self.label().to_lowercase()),
            path: Vec::new(),
        }
    }

    /// The move an action id names (`l`, `r`, `u` or `d`, surrounding spaces ignored).
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] naming the action for anything else.
    pub fn parse(action: &str) -> Result<Move, PluginError> {
        let mut chars = action.trim().chars();
        match (chars.next().and_then(Move::from_letter), chars.next()) {
            (Some(mv), None) => Ok(mv),
            _ => Err(PluginError::illegal(
                action,
                "not a move; the moves are l, r, u and d",
            )),
        }
    }
}
