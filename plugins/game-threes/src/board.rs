//! The Threes! board as one `u64`, coded as the seed does, and its moves by row tables.
//!
//! **Codes** (the seed's nibbles): 0 empty, 1 → tile 1, 2 → tile 2, and `c ≥ 3` → tile
//! `3 · 2^(c−3)`: 3 → 3, 4 → 6, 5 → 12, …, 14 → 6144, 15 → 12288. Cell (row `r`, column `c`)
//! is the nibble at bits `4 * (4 * r + c)`; row 0 is the top, column 0 the left.
//!
//! **A move** slides every tile that can move *one step* (the seed's `slide_up`): along each
//! line, from the wall outwards, the first tile that can enter the cell before it (empty, or
//! 1 next to 2, or two equal tiles ≥ 3) does so, and every tile behind it follows one step.
//! At most one merge per line. A move that changes nothing is illegal. Two 12288s do not
//! merge further (nothing larger fits a nibble; threes-ai keeps them as one 12288 — no game
//! has come near).
//!
//! **Tables** (the technique of nneonneo's `threes-ai`, <https://github.com/nneonneo/threes-ai>):
//! every 16-bit line has its move precomputed as the XOR that turns the old line into the new
//! one (0 = the line does not move), for rows and, spread out, for columns. A move is four
//! lookups; its *changed mask* (bit `i`: line `i` moved) tells where the next tile may enter.

use std::sync::LazyLock;

pub use game_kit::grid::Move;
use game_kit::nibble::{self, pack_line, unpack_line};

/// 4×4 board, 16 nibbles of tile codes ([`game_kit::nibble`]): cell (row r, col c) at bits
/// `4*(4*r + c)`.
pub type Board = nibble::Board;

/// The largest code (tile 12288).
pub const MAX_CODE: u8 = 15;

/// The tile a code stands for: 0 → 0 (empty), 1 → 1, 2 → 2, `c ≥ 3` → `3 · 2^(c−3)`.
pub const fn tile_value(code: u8) -> u32 {
    match code {
        0..=2 => code as u32,
        _ => 3 << (code - 3),
    }
}

/// The code of a tile value; `None` for a value that is not 0, 1, 2 or `3 · 2^n` ≤ 12288.
pub fn code_of(value: u32) -> Option<u8> {
    match value {
        0..=2 => Some(value as u8),
        _ if value.is_multiple_of(3) && (value / 3).is_power_of_two() && value <= 12288 => {
            Some((value / 3).trailing_zeros() as u8 + 3)
        }
        _ => None,
    }
}

/// The score of a tile code: `3^(c−2)` for codes ≥ 3 (tile `x` scores `3^(log2(x/3)+1)`, the
/// seed's `tile_score`), 0 for empty, 1 and 2.
pub const fn tile_score(code: u8) -> u64 {
    if code >= 3 {
        3u64.pow(code as u32 - 2)
    } else {
        0
    }
}

struct Tables {
    /// Row moved left, as `old ^ new` (0: unchanged).
    left: Box<[u16]>,
    /// Row moved right, as `old ^ new`.
    right: Box<[u16]>,
    /// Column moved up, as `old ^ new` spread out as a column (nibble k at bits 16k).
    up: Box<[u64]>,
    /// Column moved down, likewise.
    down: Box<[u64]>,
}

/// One line of four codes moved towards index 0 (the seed's one-step slide); `None` when it
/// does not move.
pub fn slide_line(mut line: [u8; 4]) -> Option<[u8; 4]> {
    let at = (0..3).find(|&i| {
        let (a, b) = (line[i], line[i + 1]);
        (a == 0 && b != 0) || (a == 1 && b == 2) || (a == 2 && b == 1) || (a == b && a >= 3)
    })?;
    line[at] = match (line[at], line[at + 1]) {
        (0, b) => b,
        (1 | 2, _) => 3,
        (a, _) => (a + 1).min(MAX_CODE),
    };
    for j in at + 1..3 {
        line[j] = line[j + 1];
    }
    line[3] = 0;
    Some(line)
}

fn reverse(row: u16) -> u16 {
    (row >> 12) | ((row >> 4) & 0x00f0) | ((row << 4) & 0x0f00) | (row << 12)
}

/// A 16-bit line spread out as column 0 of a board (nibble k at bits 16k).
fn spread(row: u16) -> u64 {
    let r = u64::from(row);
    (r & 0xf) | ((r & 0xf0) << 12) | ((r & 0xf00) << 24) | ((r & 0xf000) << 36)
}

const COL_MASK: u64 = 0x000f_000f_000f_000f;

/// Column 0 of a board packed into 16 bits (the inverse of [`spread`]).
#[inline]
fn gather(col: u64) -> usize {
    ((col | (col >> 12) | (col >> 24) | (col >> 36)) & 0xffff) as usize
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut t = Tables {
        left: vec![0; 1 << 16].into_boxed_slice(),
        right: vec![0; 1 << 16].into_boxed_slice(),
        up: vec![0; 1 << 16].into_boxed_slice(),
        down: vec![0; 1 << 16].into_boxed_slice(),
    };
    for row in 0..=u16::MAX {
        let Some(moved) = slide_line(unpack_line(row)) else {
            continue;
        };
        let result = pack_line(moved);
        let (rev_row, rev_result) = (reverse(row), reverse(result));
        t.left[usize::from(row)] = row ^ result;
        t.right[usize::from(rev_row)] = rev_row ^ rev_result;
        t.up[usize::from(row)] = spread(row) ^ spread(result);
        t.down[usize::from(rev_row)] = spread(rev_row) ^ spread(rev_result);
    }
    t
});

/// Builds the move tables now (they are built on first use otherwise).
pub fn init_tables() {
    LazyLock::force(&TABLES);
}

/// `board` after `mv` and the changed mask (bit `i`: row or column `i` moved; 0: the move is
/// illegal and the board is unchanged).
#[inline]
pub fn apply_move(board: Board, mv: Move) -> (Board, u8) {
    let t = &*TABLES;
    let mut out = board;
    let mut changed = 0u8;
    for i in 0..4 {
        let x = match mv {
            Move::Left => u64::from(t.left[((board >> (16 * i)) & 0xffff) as usize]) << (16 * i),
            Move::Right => u64::from(t.right[((board >> (16 * i)) & 0xffff) as usize]) << (16 * i),
            Move::Up => t.up[gather((board >> (4 * i)) & COL_MASK)] << (4 * i),
            Move::Down => t.down[gather((board >> (4 * i)) & COL_MASK)] << (4 * i),
        };
        if x != 0 {
            out ^= x;
            changed |= 1 << i;
        }
    }
    (out, changed)
}

/// Puts tile `code` into line `line` (0..4) on the edge opposite `mv`: after left in column 3
/// of row `line`, after right in column 0, after up in row 3 of column `line`, after down in
/// row 0. The cell must be empty (it is, in a line the move changed).
#[inline]
pub fn insert_tile(board: Board, mv: Move, line: u32, code: u8) -> Board {
    let shift = match mv {
        Move::Left => 16 * line + 12,
        Move::Right => 16 * line,
        Move::Up => 48 + 4 * line,
        Move::Down => 4 * line,
    };
    debug_assert_eq!((board >> shift) & 0xf, 0, "insert into a full cell");
    board | (u64::from(code) << shift)
}

/// Whether some move changes `board`.
pub fn can_move(board: Board) -> bool {
    Move::ALL.iter().any(|&mv| apply_move(board, mv).1 != 0)
}

/// The code of cell (`r`, `c`) and the board's transpose: the shared 4×4 nibble board.
pub use game_kit::nibble::{cell, transpose};

/// The board from 16 codes in row-major order.
pub fn from_codes(codes: [u8; 16]) -> Board {
    nibble::from_nibbles(codes)
}

/// The 16 codes of `board` in row-major order.
pub fn to_codes(board: Board) -> [u8; 16] {
    nibble::to_nibbles(board)
}

/// The largest code on the board (0 when empty).
#[inline]
pub fn max_code(board: Board) -> u8 {
    nibble::max_nibble(board)
}

/// The board's score: the sum of [`tile_score`] over its cells.
pub fn score(board: Board) -> u64 {
    to_codes(board).iter().map(|&c| tile_score(c)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn board(rows: [[u8; 4]; 4]) -> Board {
        from_codes(rows.concat().try_into().expect("16 cells"))
    }

    #[test]
    fn codes_and_values() {
        let values = [
            0, 1, 2, 3, 6, 12, 24, 48, 96, 192, 384, 768, 1536, 3072, 6144, 12288,
        ];
        for (code, &value) in values.iter().enumerate() {
            assert_eq!(tile_value(code as u8), value);
            assert_eq!(code_of(value), Some(code as u8));
        }
        for bad in [4, 5, 9, 18, 24576, 36] {
            assert_eq!(code_of(bad), None, "{bad}");
        }
        // The seed's tile_score: 3 → 3, 6 → 9, 12 → 27; 1 and 2 score nothing.
        assert_eq!((tile_score(3), tile_score(4), tile_score(5)), (3, 9, 27));
        assert_eq!(tile_score(14), 531_441); // 6144
        assert_eq!(tile_score(2), 0);
    }

    #[test]
    fn one_step_slides() {
        // The seed's rules along one line: empty cells are filled by one step, 1+2 = 3,
        // equal tiles ≥ 3 merge, 1+1 and 2+2 do not, one change per line.
        for (line, expected) in [
            ([0, 1, 0, 2], Some([1, 0, 2, 0])),
            ([1, 2, 3, 3], Some([3, 3, 3, 0])),
            ([2, 1, 0, 0], Some([3, 0, 0, 0])),
            ([3, 3, 3, 3], Some([4, 3, 3, 0])),
            ([1, 1, 2, 2], Some([1, 3, 2, 0])),
            ([1, 1, 1, 1], None),
            ([2, 2, 2, 2], None),
            ([3, 1, 1, 0], None),
            ([3, 1, 1, 2], Some([3, 1, 3, 0])),
            ([4, 5, 0, 6], Some([4, 5, 6, 0])),
            ([15, 15, 0, 0], Some([15, 0, 0, 0])),
            ([0, 0, 0, 0], None),
            ([1, 0, 0, 0], None),
        ] {
            assert_eq!(slide_line(line), expected, "{line:?}");
        }
    }

    #[test]
    fn moves_and_changed_masks() {
        let b = board(
            [[1, 2, 0, 3], [0, 0, 6, 0], [3, 0, 0, 0], [0, 0, 0, 12]]
                .map(|r| r.map(|v| code_of(v).expect("a tile"))),
        );
        let (left, mask) = apply_move(b, Move::Left);
        assert_eq!(
            to_codes(left).map(tile_value),
            [3, 0, 3, 0, 0, 6, 0, 0, 3, 0, 0, 0, 0, 0, 12, 0]
        );
        assert_eq!(mask, 0b1011);
        let (up, mask) = apply_move(b, Move::Up);
        assert_eq!(
            to_codes(up).map(tile_value),
            [1, 2, 6, 3, 3, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0, 0]
        );
        assert_eq!(mask, 0b1101);
        let (_, none) = apply_move(board([[3, 0, 0, 0], [0; 4], [0; 4], [0; 4]]), Move::Up);
        assert_eq!(none, 0);
        // The next tile enters on the opposite edge.
        assert_eq!(cell(insert_tile(0, Move::Left, 2, 1), 2, 3), 1);
        assert_eq!(cell(insert_tile(0, Move::Right, 1, 2), 1, 0), 2);
        assert_eq!(cell(insert_tile(0, Move::Up, 3, 3), 3, 3), 3);
        assert_eq!(cell(insert_tile(0, Move::Down, 0, 4), 0, 0), 4);
    }

    /// Reference: the move done cell by cell on a 4×4 array.
    fn slow_move(b: Board, mv: Move) -> (Board, u8) {
        let codes = to_codes(b);
        let mut out = codes;
        let mut mask = 0;
        for line in 0..4 {
            let cells: [usize; 4] = std::array::from_fn(|k| match mv {
                Move::Left => 4 * line + k,
                Move::Right => 4 * line + 3 - k,
                Move::Up => 4 * k + line,
                Move::Down => 4 * (3 - k) + line,
            });
            if let Some(moved) = slide_line(cells.map(|i| codes[i])) {
                mask |= 1 << line;
                for (k, &i) in cells.iter().enumerate() {
                    out[i] = moved[k];
                }
            }
        }
        (from_codes(out), mask)
    }

    proptest! {
        #[test]
        fn tables_agree_with_the_cell_by_cell_rule(b in any::<u64>()) {
            for mv in Move::ALL {
                prop_assert_eq!(apply_move(b, mv), slow_move(b, mv));
            }
            prop_assert_eq!(transpose(transpose(b)), b);
            prop_assert_eq!(cell(transpose(b), 1, 2), cell(b, 2, 1));
        }
    }
}
