//! The board (the seed's `board` module): which squares hold red, white and king pieces, as
//! `u128` bitsets over the squares of a [`Geometry`], and the side to move.

use serde::{Deserialize, Serialize};

use crate::color::Color;
use crate::piece::{Kind, Piece};
use crate::position::{Geometry, geometry};

/// A position: the pieces and the side to move. Bit `s` of a set is square `s` (PDN number
/// `s + 1`). The geometry is not stored: it comes from the rules (`width`, `height`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Squares holding red pieces.
    pub red: u128,
    /// Squares holding white pieces.
    pub white: u128,
    /// Squares holding kings (of either side).
    pub kings: u128,
    /// The side to move.
    pub turn: Color,
}

impl Board {
    /// The seed's initial position (`init`): red men on the dark squares of rows
    /// `0 ..= H/2 − 2`, white men on rows `(H+1)/2 + 1 ..= H − 1`; red to move.
    pub fn initial(width: u8, height: u8) -> Board {
        let g = geometry(width, height);
        let (mut red, mut white) = (0u128, 0u128);
        for (s, &(_, y)) in g.coords.iter().enumerate() {
            if y + 2 <= height / 2 {
                red |= 1 << s;
            } else if y > height.div_ceil(2) {
                white |= 1 << s;
            }
        }
        Board {
            width,
            height,
            red,
            white,
            kings: 0,
            turn: Color::Red,
        }
    }

    /// An empty board with `turn` to move.
    pub fn empty(width: u8, height: u8, turn: Color) -> Board {
        Board {
            width,
            height,
            red: 0,
            white: 0,
            kings: 0,
            turn,
        }
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &'static Geometry {
        geometry(self.width, self.height)
    }

    /// The pieces of `color`.
    #[inline]
    pub fn side(&self, color: Color) -> u128 {
        match color {
            Color::Red => self.red,
            Color::White => self.white,
        }
    }

    /// Occupied squares.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.red | self.white
    }

    /// The piece on square `s` (the seed's `piece_at`).
    pub fn piece_at(&self, s: u8) -> Option<Piece> {
        let bit = 1u128 << s;
        let color = if self.red & bit != 0 {
            Color::Red
        } else if self.white & bit != 0 {
            Color::White
        } else {
            return None;
        };
        let kind = if self.kings & bit != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Some(Piece { color, kind })
    }

    /// Puts `piece` on square `s` (replacing what was there).
    pub fn put(&mut self, s: u8, piece: Option<Piece>) {
        let bit = 1u128 << s;
        self.red &= !bit;
        self.white &= !bit;
        self.kings &= !bit;
        if let Some(p) = piece {
            match p.color {
                Color::Red => self.red |= bit,
                Color::White => self.white |= bit,
            }
            if p.kind == Kind::King {
                self.kings |= bit;
            }
        }
    }

    /// How many pieces of a kind a side has (the seed's `count_pieces`).
    pub fn count(&self, piece: Piece) -> u32 {
        let side = self.side(piece.color);
        match piece.kind {
            Kind::Man => (side & !self.kings).count_ones(),
            Kind::King => (side & self.kings).count_ones(),
        }
    }

    /// A 64-bit hash of the position (pieces and side to move), for repetition detection and
    /// transposition tables: `SplitMix64` over the three sets and the turn.
    pub fn hash(&self) -> u64 {
        use game_kit::seed::splitmix64;
        let mut h = splitmix64(
            u64::from(self.turn == Color::White)
                ^ (u64::from(self.width) << 8)
                ^ (u64::from(self.height) << 16),
        );
        for set in [self.red, self.white, self.kings] {
            h = splitmix64(h ^ set as u64);
            h = splitmix64(h ^ (set >> 64) as u64);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_initial_rows() {
        let b = Board::initial(8, 8);
        assert_eq!(b.red, 0xfff); // squares 1..=12
        assert_eq!(b.white, 0xfff << 20); // squares 21..=32
        assert_eq!(b.turn, Color::Red);
        let big = Board::initial(10, 10);
        // Rows 0..=3 and 6..=9: 20 men each.
        assert_eq!((big.red.count_ones(), big.white.count_ones()), (20, 20));
        let six = Board::initial(6, 6);
        assert_eq!((six.red.count_ones(), six.white.count_ones()), (6, 6));
        let man = Piece {
            color: Color::Red,
            kind: Kind::Man,
        };
        assert_eq!(b.count(man), 12);
        assert_eq!(b.piece_at(0), Some(man));
        assert_eq!(b.piece_at(15), None);
    }
}
