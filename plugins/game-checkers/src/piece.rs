//! Pieces (the seed's `piece` module): a colour and a kind, and crowning.

use crate::color::Color;

/// Men move forward only; kings both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A man: moves and captures diagonally forward.
    Man,
    /// A king: moves and captures diagonally both ways.
    King,
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Man or king.
    pub kind: Kind,
}

impl Piece {
    /// The crowned piece (the seed's `king`): a man becomes a king; a king stays one.
    #[must_use]
    pub fn crowned(self) -> Piece {
        Piece {
            kind: Kind::King,
            ..self
        }
    }
}
