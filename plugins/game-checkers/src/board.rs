//! The board (the seed's `board` module): which squares hold red, white and king pieces, as
//! `u128` bitsets over the squares of a [`Geometry`], and the side to move.

use serde::{Deserialize, Serialize};

use crate::color::Color;
use crate::piece::{Kind, Piece};
use crate::position::{Geometry, geometry};

/// A position: the pieces and the side to move. Bit `s` of a set is square `s` (PDN number
/// `s + 1`). The geometry is not stored: it comes from the rules (`width`, `height`).
///
/// In JSON (the game state a frame carries) each square set is a hexadecimal string such as
/// `"0xfff"`: JSON numbers stop at 64 bits in `serde_json`, and a 16×16 board has 128 dark
/// squares. A plain number is still read back (states written before).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Squares holding red pieces.
    #[serde(with = "square_set")]
    pub red: u128,
    /// Squares holding white pieces.
    #[serde(with = "square_set")]
    pub white: u128,
    /// Squares holding kings (of either side).
    #[serde(with = "square_set")]
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

    /// The position's Zobrist hash (Zobrist 1970): the XOR of a fixed random 64-bit key per
    /// (piece kind, square) occupied, and a key for white to move. Keys come from
    /// `SplitMix64` with a fixed seed, the same on every machine. Used for repetitions and
    /// the transposition table; [`Board::piece_key`] and [`Board::turn_key`] give the keys
    /// for updating it move by move.
    pub fn hash(&self) -> u64 {
        let keys = zobrist();
        let mut h = if self.turn == Color::White {
            keys.white_to_move
        } else {
            0
        };
        for (kind, set) in [
            (0, self.red & !self.kings),
            (1, self.red & self.kings),
            (2, self.white & !self.kings),
            (3, self.white & self.kings),
        ] {
            let mut rest = set;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                h ^= keys.pieces[kind][s];
            }
        }
        h
    }

    /// The Zobrist key of `piece` on square `s`.
    pub fn piece_key(piece: Piece, s: u8) -> u64 {
        let kind =
            usize::from(piece.color == Color::White) * 2 + usize::from(piece.kind == Kind::King);
        zobrist().pieces[kind][usize::from(s)]
    }

    /// The key toggled when the side to move changes.
    pub fn turn_key() -> u64 {
        zobrist().white_to_move
    }
}

/// A `u128` square set in serde as a hexadecimal string (`"0x1f"`), read back from such a
/// string, a decimal string or a plain number up to `u64::MAX`.
mod square_set {
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(set: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{set:#x}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        struct SetVisitor;
        impl Visitor<'_> for SetVisitor {
            type Value = u128;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a square set: a hexadecimal string such as \"0xfff\" or a number")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<u128, E> {
                Ok(u128::from(v))
            }

            fn visit_u128<E: de::Error>(self, v: u128) -> Result<u128, E> {
                Ok(v)
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<u128, E> {
                match v.strip_prefix("0x") {
                    Some(hex) => u128::from_str_radix(hex, 16),
                    None => v.parse(),
                }
                .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_any(SetVisitor)
    }
}

/// Zobrist keys: one per (red man, red king, white man, white king) × square, one for the
/// side to move.
struct Zobrist {
    pieces: [[u64; 128]; 4],
    white_to_move: u64,
}

fn zobrist() -> &'static Zobrist {
    static KEYS: std::sync::OnceLock<Zobrist> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = game_kit::seed::SplitMix64::new(0x2B99_2DDF_A232_49D6);
        let mut pieces = [[0u64; 128]; 4];
        for kind in &mut pieces {
            for key in kind.iter_mut() {
                *key = rng.next_u64();
            }
        }
        Zobrist {
            pieces,
            white_to_move: rng.next_u64(),
        }
    })
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

    #[test]
    fn square_sets_of_the_largest_board_survive_json() {
        // 16×16: 128 dark squares, so white's men sit above bit 64.
        let b = Board::initial(16, 16);
        assert!(b.white > u128::from(u64::MAX));
        let json = serde_json::to_value(b).expect("encodes");
        assert_eq!(json["red"], format!("{:#x}", b.red));
        assert_eq!(serde_json::from_value::<Board>(json).expect("decodes"), b);
        // A state written before (plain numbers) still reads.
        let old = serde_json::json!({
            "width": 8, "height": 8, "red": 4095, "white": 0, "kings": 0, "turn": "Red"
        });
        let read: Board = serde_json::from_value(old).expect("decodes a number");
        assert_eq!(read.red, 0xfff);
        let bad = serde_json::json!({
            "width": 8, "height": 8, "red": "0xzz", "white": 0, "kings": 0, "turn": "Red"
        });
        assert!(serde_json::from_value::<Board>(bad).is_err());
    }

    #[test]
    fn zobrist_hashes_are_xors_of_piece_keys() {
        let mut b = Board::initial(8, 8);
        let h = b.hash();
        let man = Piece {
            color: Color::Red,
            kind: Kind::Man,
        };
        b.put(10, None);
        b.put(14, Some(man));
        b.turn = Color::White;
        assert_eq!(
            b.hash(),
            h ^ Board::piece_key(man, 10) ^ Board::piece_key(man, 14) ^ Board::turn_key()
        );
        assert_ne!(b.hash(), h);
    }
}
