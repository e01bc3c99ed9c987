//! The 4×4 board of nibbles that 2048 and Threes! share: sixteen 4-bit cells in one `u64`,
//! and the helpers both games need on it (cells, codes, transpose, lines, line tables).
//!
//! Layout: cell (row `r`, column `c`) is the nibble at bits `4 * (4 * r + c)`; row 0 is the
//! top, column 0 the left, so row `r` is the 16-bit line at bits `16 * r` with its column 0
//! in the low nibble. What a nibble means is the game's: 2048 stores tile exponents, Threes!
//! its tile codes; 0 is an empty cell in both.
//!
//! ```
//! use game_kit::nibble::{self, Board};
//!
//! let board: Board = nibble::from_nibbles([1, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15]);
//! assert_eq!(nibble::cell(board, 1, 1), 3);
//! assert_eq!(nibble::cell(nibble::transpose(board), 1, 0), 2);
//! assert_eq!(nibble::max_nibble(board), 15);
//! assert_eq!(nibble::nibble_set(board), 1 | 1 << 1 | 1 << 2 | 1 << 3 | 1 << 15);
//! assert_eq!(nibble::to_nibbles(board)[15], 15);
//! ```

/// A 4×4 board of nibbles: cell (row r, col c) at bits `4*(4*r + c)`, r = 0 top, c = 0 left.
pub type Board = u64;

/// A value per 16-bit line (a row, or a column read top to bottom, cell 0 in the low nibble):
/// the games' heuristics precompute theirs for all 65,536 lines.
pub type LineTable = [f32; 65536];

/// The board mirrored along its main diagonal: cell (r, c) goes to (c, r), so columns
/// become rows (the moves up and down and the column terms of a heuristic work on it).
#[inline]
pub const fn transpose(board: Board) -> Board {
    let a1 = board & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = board & 0x0000_F0F0_0000_F0F0;
    let a3 = board & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// The nibble at row `r`, column `c` (both 0..4).
#[inline]
pub fn cell(board: Board, r: usize, c: usize) -> u8 {
    debug_assert!(r < 4 && c < 4, "cell ({r}, {c}) is off the board");
    ((board >> (4 * (4 * r + c))) & 0xf) as u8
}

/// The board with the nibble at row `r`, column `c` set to `value` (0..=15; higher bits are
/// dropped).
#[inline]
pub fn with_cell(board: Board, r: usize, c: usize, value: u8) -> Board {
    debug_assert!(
        r < 4 && c < 4 && value < 16,
        "cell ({r}, {c}) = {value} is not a board cell"
    );
    let shift = 4 * (4 * r + c);
    (board & !(0xf << shift)) | (u64::from(value & 0xf) << shift)
}

/// A board from 16 nibbles in row-major order (top-left first); each value's low 4 bits.
pub fn from_nibbles(cells: [u8; 16]) -> Board {
    cells
        .iter()
        .enumerate()
        .fold(0, |b, (i, &v)| b | (u64::from(v & 0xf) << (4 * i)))
}

/// The 16 nibbles of a board in row-major order.
pub fn to_nibbles(board: Board) -> [u8; 16] {
    std::array::from_fn(|i| ((board >> (4 * i)) & 0xf) as u8)
}

/// The largest nibble on the board (0 for an empty board).
#[inline]
pub fn max_nibble(board: Board) -> u8 {
    let mut max = 0;
    let mut rest = board;
    while rest != 0 {
        max = max.max((rest & 0xf) as u8);
        rest >>= 4;
    }
    max
}

/// The set of nibble values on the board, as bits: bit `v` is set when some cell holds `v`
/// (bit 0, empty, only when some cell is empty and a higher cell is not — mask it out to count
/// tiles). The adaptive depths count distinct tiles with it.
#[inline]
pub fn nibble_set(board: Board) -> u32 {
    let mut seen = 0u32;
    let mut rest = board;
    while rest != 0 {
        seen |= 1 << (rest & 0xf);
        rest >>= 4;
    }
    seen
}

/// The four nibbles of a 16-bit line, cell 0 (the low nibble) first.
#[inline]
pub fn unpack_line(line: u16) -> [u8; 4] {
    [0, 4, 8, 12].map(|shift| ((line >> shift) & 0xf) as u8)
}

/// The 16-bit line of four nibbles (the inverse of [`unpack_line`]); each value's low 4 bits.
#[inline]
pub fn pack_line(line: [u8; 4]) -> u16 {
    line.iter()
        .enumerate()
        .fold(0, |acc, (i, &v)| acc | (u16::from(v & 0xf) << (4 * i)))
}

/// The table of `value` over every 16-bit line: `table[line] = value(line)`.
pub fn line_table(value: impl Fn(u16) -> f32) -> Box<LineTable> {
    let values: Vec<f32> = (0..=u16::MAX).map(value).collect();
    values
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("65536 lines"))
}

/// The sum of `table` over the four rows of `board`, in row order.
#[inline]
fn rows_sum(table: &LineTable, board: Board) -> f32 {
    table[(board & 0xffff) as usize]
        + table[((board >> 16) & 0xffff) as usize]
        + table[((board >> 32) & 0xffff) as usize]
        + table[((board >> 48) & 0xffff) as usize]
}

/// The sum of `table` over the board's four rows, plus that over its four columns (each read
/// top to bottom): the line heuristic of 2048 and Threes! (nneonneo's `score_heur_board`),
/// added in that order.
#[inline]
pub fn rows_and_columns(table: &LineTable, board: Board) -> f32 {
    rows_sum(table, board) + rows_sum(table, transpose(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_swaps_rows_and_columns_and_is_an_involution() {
        let cells: [u8; 16] = std::array::from_fn(|i| i as u8);
        let board = from_nibbles(cells);
        let t = transpose(board);
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(cell(t, c, r), cell(board, r, c));
            }
        }
        assert_eq!(transpose(t), board);
        assert_eq!(to_nibbles(board), cells);
    }

    #[test]
    fn cells_lines_and_sets() {
        let board = with_cell(0, 2, 3, 9);
        assert_eq!(cell(board, 2, 3), 9);
        assert_eq!(with_cell(board, 2, 3, 0), 0);
        assert_eq!(max_nibble(board), 9);
        assert_eq!(nibble_set(board), (1 << 9) | 1);
        assert_eq!(nibble_set(0), 0);
        for line in [0u16, 0x1234, 0xffff, 0xf00f] {
            assert_eq!(pack_line(unpack_line(line)), line);
        }
        assert_eq!(unpack_line(0x4321), [1, 2, 3, 4]);
    }

    #[test]
    fn rows_and_columns_sums_every_line_once() {
        let table = line_table(|line| f32::from(line.count_ones() as u8));
        let board = from_nibbles([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8]);
        // Each nonzero nibble holds one bit, counted once in its row and once in its column.
        assert_eq!(rows_and_columns(&table, board).to_bits(), 8.0f32.to_bits());
    }
}
