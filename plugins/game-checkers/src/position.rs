//! Squares and their geometry (the seed's `position` module): the dark squares of a W×H
//! board, numbered as in PDN, and the precomputed diagonal steps and jumps between them.
//!
//! Coordinates follow the seed: `(x, y)` with `0 ≤ x < W`, `0 ≤ y < H`; a square is dark
//! (playable) when `x` and `y` are both even or both odd; red starts on the low rows and moves
//! towards `y = H − 1`. **PDN numbers** run from 1 to `W·H/2` row by row from red's side
//! (`y = 0` first), each row from high `x` to low `x` — so that on 8×8 the openings are
//! `9-13 … 12-16` as in every checkers book (square 12 has one forward move, 9 has two).
//! Internally a square is its PDN number − 1 (`0 .. W·H/2`), and sets of squares are `u128`
//! bitsets (16×16 has exactly 128 dark squares).

use std::sync::OnceLock;

/// No square (off the board).
pub const NONE: u8 = u8::MAX;

/// The four diagonal directions: 0 `(+1, +1)` and 1 `(−1, +1)` are red's forward
/// directions, 2 `(+1, −1)` and 3 `(−1, −1)` white's.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The geometry of one board size, built once and shared.
#[derive(Debug)]
pub struct Geometry {
    /// Columns (even, 6..=16).
    pub width: u8,
    /// Rows (even, 6..=16).
    pub height: u8,
    /// Dark squares: `width · height / 2` (≤ 128).
    pub squares: u8,
    /// `(x, y)` of each square.
    pub coords: Vec<(u8, u8)>,
    /// The square one diagonal step away in each direction, or [`NONE`].
    pub step: Vec<[u8; 4]>,
    /// The square two diagonal steps away (a jump's landing), or [`NONE`].
    pub jump: Vec<[u8; 4]>,
    /// [`Self::step`] as single-bit sets (0 off the board), for tests without shifts.
    pub step_bits: Vec<[u128; 4]>,
    /// [`Self::jump`] as single-bit sets (0 off the board).
    pub jump_bits: Vec<[u128; 4]>,
    /// Squares where a red man is crowned (`y = H − 1`) and a white man (`y = 0`).
    pub crown: [u128; 2],
    /// Every square.
    pub all: u128,
}

impl Geometry {
    fn build(width: u8, height: u8) -> Geometry {
        let half = u32::from(width / 2);
        debug_assert!(half <= 8);
        let squares = (u32::from(width) * u32::from(height) / 2) as u8;
        let coords: Vec<(u8, u8)> = (0..u32::from(squares))
            .map(|s| {
                let y = s / half;
                let i = s % half;
                let x = if y % 2 == 0 {
                    u32::from(width) - 2 - 2 * i
                } else {
                    u32::from(width) - 1 - 2 * i
                };
                (x as u8, y as u8)
            })
            .collect();
        let square_at = |x: i32, y: i32| -> u8 {
            if x < 0 || y < 0 || x >= i32::from(width) || y >= i32::from(height) {
                return NONE;
            }
            // Dark squares only: x and y of the same parity.
            if (x + y) % 2 != 0 {
                return NONE;
            }
            let i = if y % 2 == 0 {
                (i32::from(width) - 2 - x) / 2
            } else {
                (i32::from(width) - 1 - x) / 2
            };
            // In range: 0 <= y < 16 and 0 <= i < 8, so the square is below 128.
            u8::try_from(y * i32::from(width / 2) + i).unwrap_or(NONE)
        };
        let step: Vec<[u8; 4]> = coords
            .iter()
            .map(|&(x, y)| {
                DIRECTIONS.map(|(dx, dy)| square_at(i32::from(x) + dx, i32::from(y) + dy))
            })
            .collect();
        let jump: Vec<[u8; 4]> = coords
            .iter()
            .map(|&(x, y)| {
                DIRECTIONS.map(|(dx, dy)| square_at(i32::from(x) + 2 * dx, i32::from(y) + 2 * dy))
            })
            .collect();
        let bits = |table: &Vec<[u8; 4]>| -> Vec<[u128; 4]> {
            table
                .iter()
                .map(|row| row.map(|t| if t == NONE { 0 } else { 1u128 << t }))
                .collect()
        };
        let step_bits = bits(&step);
        let jump_bits = bits(&jump);
        let mut crown = [0u128; 2];
        for (s, &(_, y)) in coords.iter().enumerate() {
            if y == height - 1 {
                crown[0] |= 1 << s;
            }
            if y == 0 {
                crown[1] |= 1 << s;
            }
        }
        let all = if squares == 128 {
            u128::MAX
        } else {
            (1u128 << squares) - 1
        };
        Geometry {
            width,
            height,
            squares,
            coords,
            step,
            jump,
            step_bits,
            jump_bits,
            crown,
            all,
        }
    }

    /// The square at `(x, y)`, if it is a dark square on the board.
    pub fn square_at(&self, x: u8, y: u8) -> Option<u8> {
        self.coords
            .iter()
            .position(|&c| c == (x, y))
            .map(|s| s as u8)
    }
}

/// The shared geometry of a `width × height` board (even sizes 6..=16), built on first use
/// and then read without locking.
///
/// # Panics
/// For other sizes: the rules accept only these, so another size is a programming error.
pub fn geometry(width: u8, height: u8) -> &'static Geometry {
    const SIZES: usize = 6;
    static CACHE: [OnceLock<Geometry>; SIZES * SIZES] = [const { OnceLock::new() }; SIZES * SIZES];
    assert!(
        width.is_multiple_of(2)
            && height.is_multiple_of(2)
            && (6..=16).contains(&width)
            && (6..=16).contains(&height),
        "unsupported board {width}x{height}"
    );
    let slot = usize::from((width - 6) / 2) * SIZES + usize::from((height - 6) / 2);
    CACHE[slot].get_or_init(|| Geometry::build(width, height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_numbering_on_8x8() {
        let g = geometry(8, 8);
        assert_eq!(g.squares, 32);
        // Square 1 (index 0) is on red's back row; 9..12 is red's third row.
        assert_eq!(g.coords[0].1, 0);
        // 12-16 is square 12's only forward move; 9 goes to 13 or 14.
        let forward = |pdn: usize| -> Vec<u8> {
            g.step[pdn - 1][..2]
                .iter()
                .filter(|&&s| s != NONE)
                .map(|&s| s + 1)
                .collect()
        };
        assert_eq!(forward(12), [16]);
        let mut nine = forward(9);
        nine.sort_unstable();
        assert_eq!(nine, [13, 14]);
        let mut eleven = forward(11);
        eleven.sort_unstable();
        assert_eq!(eleven, [15, 16]);
        assert_eq!(g.crown[0].count_ones(), 4);
        assert_eq!(g.square_at(g.coords[20].0, g.coords[20].1), Some(20));
    }

    #[test]
    fn every_size_has_consistent_steps() {
        for w in (6..=16).step_by(2) {
            for h in (6..=16).step_by(2) {
                let g = geometry(w, h);
                assert_eq!(u32::from(g.squares), u32::from(w) * u32::from(h) / 2);
                for s in 0..usize::from(g.squares) {
                    for d in 0..4 {
                        let t = g.step[s][d];
                        if t != NONE {
                            // Stepping back returns: direction d and 3 − d are opposite.
                            assert_eq!(g.step[usize::from(t)][3 - d], s as u8);
                        }
                        let j = g.jump[s][d];
                        if j != NONE {
                            assert_eq!(g.step[usize::from(t)][d], j);
                        }
                    }
                }
            }
        }
    }
}
