//! The 2048 board as one `u64` and its moves by row lookup tables.
//!
//! The technique is the one of the strongest 2048 programs (nneonneo/2048-ai): a row of four
//! 4-bit tile exponents is a 16-bit number, so every possible row (65,536 of them) can have its
//! move result precomputed once. A move is then four table lookups and shifts; up and down work
//! on the transposed board, with column tables that hold the result already spread out as a
//! column of a `u64`.
//!
//! Layout: cell (row `r`, column `c`) is the nibble at bits `4 * (4 * r + c)`; row 0 is the top,
//! column 0 the left. A nibble is a tile *exponent*: 0 is empty, 1 is the tile 2, …, 15 the
//! tile 32768.
//!
//! **Saturation.** Exponent 15 is the largest a nibble holds, so two 32768 tiles merge into one
//! 32768 tile (the score still gains 32768, the value of the tile the merge leaves). No game on
//! a 4×4 board gets near it without a 65536-class search; the rule only keeps every board
//! representable.

use std::sync::LazyLock;

use game_kit::nibble::{self, pack_line, unpack_line};

/// 4×4 board, 16 nibbles ([`game_kit::nibble`]): cell (row r, col c) at bits `4*(4*r + c)`,
/// r = 0 top, c = 0 left; nibble = tile exponent (0 empty, 1 → tile 2, …, 15 → 32768).
pub type Board = nibble::Board;

/// A move: every tile slides as far as it can in that direction, and two equal tiles that
/// meet merge once per move (the pair nearest the wall first).
pub use game_kit::grid::Move;

/// The precomputed tables, one entry per 16-bit row.
struct Tables {
    /// Row moved left.
    left: Box<[u16]>,
    /// Row moved right.
    right: Box<[u16]>,
    /// A row of the transposed board moved left (= a column moved up), spread back out as a
    /// column: nibble k at bits `16 * k`.
    up: Box<[u64]>,
    /// Same for down.
    down: Box<[u64]>,
    /// Score a row gains in a move (the same both ways along a line: a run of n equal tiles
    /// gives ⌊n/2⌋ merges whichever end it starts from).
    score: Box<[u32]>,
    /// Largest exponent a merge creates in the row (0: no merge); direction-independent for
    /// the same reason as `score`.
    merge: Box<[u8]>,
}

/// Moves one line of four exponents towards index 0; returns the line and the score gained.
/// The straightforward rule: drop the empties, merge equal neighbours left to right (each tile
/// once), pad with empties.
fn slide_line(line: [u8; 4]) -> ([u8; 4], u32, u8) {
    let mut out = [0u8; 4];
    let mut n = 0;
    let mut score = 0u32;
    let mut merged_max = 0u8;
    let mut pending: Option<u8> = None;
    for &e in line.iter().filter(|&&e| e != 0) {
        match pending {
            Some(p) if p == e => {
                let m = if e == 15 { 15 } else { e + 1 };
                out[n] = m;
                n += 1;
                score += 1 << m;
                merged_max = merged_max.max(m);
                pending = None;
            }
            Some(p) => {
                out[n] = p;
                n += 1;
                pending = Some(e);
            }
            None => pending = Some(e),
        }
    }
    if let Some(p) = pending {
        out[n] = p;
    }
    (out, score, merged_max)
}

/// A row's four nibbles spread out as a column of a board (nibble k at bits `16 * k`).
fn unpack_col(row: u16) -> u64 {
    let r = u64::from(row);
    (r | (r << 12) | (r << 24) | (r << 36)) & 0x000F_000F_000F_000F
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    const N: usize = 1 << 16;
    let mut left = vec![0u16; N];
    let mut right = vec![0u16; N];
    let mut up = vec![0u64; N];
    let mut down = vec![0u64; N];
    let mut score = vec![0u32; N];
    let mut merge = vec![0u8; N];
    for row in 0..=u16::MAX {
        let i = usize::from(row);
        let line = unpack_line(row);
        let (l, s, m) = slide_line(line);
        let mut rev = line;
        rev.reverse();
        let (mut r, _, _) = slide_line(rev);
        r.reverse();
        left[i] = pack_line(l);
        right[i] = pack_line(r);
        up[i] = unpack_col(left[i]);
        down[i] = unpack_col(right[i]);
        score[i] = s;
        merge[i] = m;
    }
    Tables {
        left: left.into_boxed_slice(),
        right: right.into_boxed_slice(),
        up: up.into_boxed_slice(),
        down: down.into_boxed_slice(),
        score: score.into_boxed_slice(),
        merge: merge.into_boxed_slice(),
    }
});

/// Forces the lookup tables to be built now (about 1.5 MB, a few milliseconds); otherwise the
/// first move builds them.
pub fn init_tables() {
    LazyLock::force(&TABLES);
}

#[inline]
fn row(board: Board, r: usize) -> usize {
    ((board >> (16 * r)) & 0xffff) as usize
}

/// The board after `mv`: tiles slid and merged, no new tile spawned. Equal to `board` when
/// the move changes nothing.
#[inline]
pub fn apply_move(board: Board, mv: Move) -> Board {
    let t = &*TABLES;
    match mv {
        Move::Left => (0..4).fold(0, |acc, r| {
            acc | (u64::from(t.left[row(board, r)]) << (16 * r))
        }),
        Move::Right => (0..4).fold(0, |acc, r| {
            acc | (u64::from(t.right[row(board, r)]) << (16 * r))
        }),
        Move::Up => {
            let tr = transpose(board);
            (0..4).fold(0, |acc, c| acc | (t.up[row(tr, c)] << (4 * c)))
        }
        Move::Down => {
            let tr = transpose(board);
            (0..4).fold(0, |acc, c| acc | (t.down[row(tr, c)] << (4 * c)))
        }
    }
}

/// [`apply_move`] plus the score gained: the sum of the values of the tiles the merges
/// created (the classic 2048 score).
#[inline]
pub fn apply_move_scored(board: Board, mv: Move) -> (Board, u32) {
    let t = &*TABLES;
    let lines = match mv {
        Move::Left | Move::Right => board,
        Move::Up | Move::Down => transpose(board),
    };
    let gained = (0..4).map(|r| t.score[row(lines, r)]).sum();
    (apply_move(board, mv), gained)
}

/// The largest exponent a merge of `mv` creates (0: the move merges nothing). What the
/// greedy strategy maximises.
#[inline]
pub fn max_merge(board: Board, mv: Move) -> u8 {
    let t = &*TABLES;
    let lines = match mv {
        Move::Left | Move::Right => board,
        Move::Up | Move::Down => transpose(board),
    };
    (0..4).map(|r| t.merge[row(lines, r)]).max().unwrap_or(0)
}

/// Number of empty cells (0..=16).
#[inline]
pub fn empty_cells(board: Board) -> u32 {
    let mut x = board;
    x |= (x >> 2) & 0x3333_3333_3333_3333;
    x |= x >> 1;
    (!x & 0x1111_1111_1111_1111).count_ones()
}

/// The board's cells (exponents) and its transpose: the shared 4×4 nibble board.
pub use game_kit::nibble::{cell, transpose, with_cell};

/// The sum of the tile values (the seed's "end tile total" when taken at the end of a game).
pub fn tile_sum(board: Board) -> u64 {
    (0..16)
        .map(|i| (board >> (4 * i)) & 0xf)
        .filter(|&e| e != 0)
        .map(|e| 1u64 << e)
        .sum()
}

/// The largest exponent on the board (0 for an empty board).
pub fn max_exponent(board: Board) -> u8 {
    nibble::max_nibble(board)
}

/// The tile value of an exponent: 0 for empty, else `2^exp`.
pub fn tile_value(exp: u8) -> u32 {
    if exp == 0 { 0 } else { 1 << exp }
}

/// Whether some move changes the board (otherwise the standard game is over).
pub fn can_move(board: Board) -> bool {
    Move::ALL.iter().any(|&m| apply_move(board, m) != board)
}

/// A board from 16 exponents in row-major order (top-left first).
pub fn from_exponents(cells: [u8; 16]) -> Board {
    nibble::from_nibbles(cells)
}

/// The 16 exponents of a board in row-major order.
pub fn to_exponents(board: Board) -> [u8; 16] {
    nibble::to_nibbles(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Exponents of tile values (0 for empty).
    fn exps(values: [u32; 4]) -> [u8; 4] {
        values.map(|v| if v == 0 { 0 } else { v.trailing_zeros() as u8 })
    }

    fn board_with_top_row(values: [u32; 4]) -> Board {
        u64::from(pack_line(exps(values)))
    }

    fn top_row(board: Board) -> [u32; 4] {
        [0, 1, 2, 3].map(|c| tile_value(cell(board, 0, c)))
    }

    #[test]
    fn seed_example_right_merges_once() {
        // The seed's and issue's case: 2 2 4 16 shifted right is _ 4 4 16, not _ _ 8 16.
        let b = board_with_top_row([2, 2, 4, 16]);
        assert_eq!(top_row(apply_move(b, Move::Right)), [0, 4, 4, 16]);
        assert_eq!(top_row(apply_move(b, Move::Left)), [4, 4, 16, 0]);
        assert_eq!(apply_move_scored(b, Move::Right).1, 4);
    }

    #[test]
    fn four_equal_tiles_merge_in_pairs() {
        let b = board_with_top_row([2, 2, 2, 2]);
        let (after, score) = apply_move_scored(b, Move::Left);
        assert_eq!(top_row(after), [4, 4, 0, 0]);
        assert_eq!(score, 8);
        assert_eq!(top_row(apply_move(b, Move::Right)), [0, 0, 4, 4]);
        assert_eq!(
            top_row(apply_move(board_with_top_row([2, 2, 2, 0]), Move::Right)),
            [0, 0, 2, 4]
        );
    }

    #[test]
    fn columns_move_up_and_down() {
        // Column 1 holds 2, _, 2, 4 from the top.
        let b = with_cell(with_cell(with_cell(0, 0, 1, 1), 2, 1, 1), 3, 1, 2);
        let up = apply_move(b, Move::Up);
        assert_eq!([0, 1, 2, 3].map(|r| cell(up, r, 1)), [2, 2, 0, 0]);
        let down = apply_move(b, Move::Down);
        assert_eq!([0, 1, 2, 3].map(|r| cell(down, r, 1)), [0, 0, 2, 2]);
        assert_eq!(max_merge(b, Move::Up), 2);
        assert_eq!(max_merge(b, Move::Left), 0);
    }

    #[test]
    fn saturation_at_32768() {
        let b = from_exponents([15, 15, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let (after, score) = apply_move_scored(b, Move::Left);
        assert_eq!([0, 1, 2, 3].map(|c| cell(after, 0, c)), [15, 15, 0, 0]);
        assert_eq!(score, 32768);
    }

    #[test]
    fn counting_helpers() {
        assert_eq!(empty_cells(0), 16);
        assert_eq!(empty_cells(u64::MAX), 0);
        let b = from_exponents([1, 0, 0, 3, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 1]);
        assert_eq!(empty_cells(b), 12);
        assert_eq!(tile_sum(b), 2 + 8 + 2048 + 2);
        assert_eq!(max_exponent(b), 11);
        assert_eq!(cell(b, 2, 1), 11);
        assert_eq!(to_exponents(b)[9], 11);
        assert!(can_move(b));
        // A full checkerboard cannot move.
        let stuck = from_exponents(std::array::from_fn(|i| 1 + ((i / 4 + i % 4) % 2) as u8));
        assert!(!can_move(stuck));
    }

    #[test]
    fn letters_round_trip() {
        for m in Move::ALL {
            assert_eq!(Move::from_letter(m.letter()), Some(m));
            assert_eq!(Move::ALL[m.index()], m);
        }
        assert_eq!(Move::from_letter('x'), None);
    }

    // ---- The plain reference: the seed's `collapse` over a 4×4 array of exponents. ----

    type Grid = [[u8; 4]; 4];

    fn to_grid(b: Board) -> Grid {
        std::array::from_fn(|r| std::array::from_fn(|c| cell(b, r, c)))
    }

    fn from_grid(g: &Grid) -> Board {
        let mut b = 0;
        for (r, row) in g.iter().enumerate() {
            for (c, &e) in row.iter().enumerate() {
                b = with_cell(b, r, c, e);
            }
        }
        b
    }

    /// The seed's `collapse`: drop the blanks, merge two consecutive equal values into one,
    /// pad with blanks (written independently of `slide_line`, recursively like the seed).
    fn collapse(v: &[u8]) -> Vec<u8> {
        fn aux(v: &[u8]) -> Vec<u8> {
            match v {
                [] => vec![],
                [x] => vec![*x],
                [a, b, rest @ ..] if a == b => {
                    let mut out = vec![(*a + 1).min(15)];
                    out.extend(aux(rest));
                    out
                }
                [a, rest @ ..] => {
                    let mut out = vec![*a];
                    out.extend(aux(rest));
                    out
                }
            }
        }
        let kept: Vec<u8> = v.iter().copied().filter(|&e| e != 0).collect();
        let mut out = aux(&kept);
        out.resize(4, 0);
        out
    }

    fn grid_transpose(g: &Grid) -> Grid {
        std::array::from_fn(|r| std::array::from_fn(|c| g[c][r]))
    }

    /// The seed's `move`: l collapses rows; r reverses, collapses, reverses; u and d do the
    /// same on the transposed grid.
    fn reference_move(g: &Grid, mv: Move) -> Grid {
        let rows = |g: &Grid, reverse: bool| -> Grid {
            std::array::from_fn(|r| {
                let mut line = g[r].to_vec();
                if reverse {
                    line.reverse();
                }
                let mut out = collapse(&line);
                if reverse {
                    out.reverse();
                }
                out.try_into().expect("four cells")
            })
        };
        match mv {
            Move::Left => rows(g, false),
            Move::Right => rows(g, true),
            Move::Up => grid_transpose(&rows(&grid_transpose(g), false)),
            Move::Down => grid_transpose(&rows(&grid_transpose(g), true)),
        }
    }

    fn reference_score(g: &Grid, mv: Move) -> u32 {
        // Score = the value of every tile a merge creates, pairing equal neighbours from the
        // wall the move goes towards.
        let lines = match mv {
            Move::Left | Move::Right => *g,
            Move::Up | Move::Down => grid_transpose(g),
        };
        let mut score = 0;
        for line in lines {
            let mut reversed = line;
            if matches!(mv, Move::Right | Move::Down) {
                reversed.reverse();
            }
            let kept: Vec<u8> = reversed.iter().copied().filter(|&e| e != 0).collect();
            let mut i = 0;
            while i < kept.len() {
                if i + 1 < kept.len() && kept[i] == kept[i + 1] {
                    score += 1u32 << (kept[i] + 1).min(15);
                    i += 2;
                } else {
                    i += 1;
                }
            }
        }
        score
    }

    fn any_board() -> impl Strategy<Value = Board> {
        // Mostly small exponents with many empties, sometimes anything (saturation included).
        prop_oneof![
            proptest::collection::vec(prop_oneof![3 => Just(0u8), 2 => 1u8..4, 1 => 0u8..16], 16)
                .prop_map(|v| from_exponents(v.try_into().expect("16 cells"))),
            any::<u64>(),
        ]
    }

    proptest! {
        #[test]
        fn tables_match_the_reference(b in any_board()) {
            let g = to_grid(b);
            for mv in Move::ALL {
                let expected = from_grid(&reference_move(&g, mv));
                let (got, score) = apply_move_scored(b, mv);
                prop_assert_eq!(got, expected, "move {:?} of {:#018x}", mv, b);
                prop_assert_eq!(apply_move(b, mv), expected);
                prop_assert_eq!(score, reference_score(&g, mv), "score of {:?}", mv);
            }
        }

        #[test]
        fn transpose_is_an_involution(b in any::<u64>()) {
            prop_assert_eq!(transpose(transpose(b)), b);
            let t = transpose(b);
            for r in 0..4 {
                for c in 0..4 {
                    prop_assert_eq!(cell(t, r, c), cell(b, c, r));
                }
            }
        }

        #[test]
        fn empty_cells_counts_zero_nibbles(b in any_board()) {
            let expected: u32 = to_exponents(b).iter().map(|&e| u32::from(e == 0)).sum();
            prop_assert_eq!(empty_cells(b), expected);
        }
    }
}
