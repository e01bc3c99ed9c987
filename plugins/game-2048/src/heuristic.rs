//! The static evaluation expectimax applies at its leaves: a score per 4-cell line, read from a
//! 65536-entry table, summed over the four rows and the four columns of a board.
//!
//! # Source
//!
//! The terms and weights are those of the tuned heuristic of nneonneo's `2048-ai`
//! (<https://github.com/nneonneo/2048-ai>, `init_tables` in `2048.cpp`), the strongest public
//! expectimax 2048 program; its weights were found by an automated parameter search (the
//! project's README and its Stack Overflow answer, "What is the optimal algorithm for the game
//! 2048?", report 100 % / 100 % / 100 % / 94 % / 36 % of games reaching 2048 … 32768). The
//! formulation below is our own; only the terms and the numbers come from there.
//!
//! # Terms (per line of four cells, exponents `r₀ r₁ r₂ r₃`, 0 = empty)
//!
//! | term | weight | meaning |
//! |---|---|---|
//! | constant | [`LOST_PENALTY`] = 200 000 | keeps every live board far above 0, the value of a lost board (a max node without a legal move scores 0) |
//! | empty cells | [`EMPTY_WEIGHT`] = 270 per empty cell | room to manoeuvre; a full board is one spawn from death |
//! | merges | [`MERGES_WEIGHT`] = 700 × (tiles in runs of equal tiles) | equal tiles next to each other, gaps ignored: a pair counts 2, a triple 3; a merge available now |
//! | monotonicity | −[`MONOTONICITY_WEIGHT`] = −47 × min(inc, dec) | `inc` sums `r_{i+1}^4 − r_i^4` over rising steps, `dec` the falls; the smaller is the cost of the line not being sorted one way (the snake/corner shape strong players keep) |
//! | tile sum | −[`SUM_WEIGHT`] = −11 × Σ rᵢ^3.5 | big exponents cost; merging two rank-r tiles into one rank-(r+1) tile lowers the sum for r ≥ 5, so the search prefers to merge rather than hoard |
//!
//! Powers: [`MONOTONICITY_POWER`] = 4, [`SUM_POWER`] = 3.5. A board's value is the sum of its
//! eight line values (rows left to right, columns top to bottom); both directions of a line
//! give the same value (the monotonicity term takes the smaller of the two sums, the others
//! are symmetric), so the orientation the lookup uses does not matter.

use std::sync::LazyLock;

use game_kit::nibble::{self, LineTable, unpack_line as unpack};

use crate::board::Board;

/// Added to every line so that a live board scores far above a lost one (which scores 0).
pub const LOST_PENALTY: f32 = 200_000.0;
/// Exponent applied to tile ranks in the monotonicity term.
pub const MONOTONICITY_POWER: f32 = 4.0;
/// Weight of the monotonicity penalty.
pub const MONOTONICITY_WEIGHT: f32 = 47.0;
/// Exponent applied to tile ranks in the tile-sum term.
pub const SUM_POWER: f32 = 3.5;
/// Weight of the tile-sum penalty.
pub const SUM_WEIGHT: f32 = 11.0;
/// Weight per tile that sits in a run of equal tiles (a possible merge).
pub const MERGES_WEIGHT: f32 = 700.0;
/// Weight per empty cell.
pub const EMPTY_WEIGHT: f32 = 270.0;

/// The heuristic value of one line (a row or a column: 4 nibbles, cell 0 in the low nibble),
/// computed directly. [`table`] holds this for every line.
pub fn line_value(line: u16) -> f32 {
    let ranks = unpack(line);
    let power = |r: u8, p: f32| f32::from(r).powf(p);

    let mut empty = 0u8;
    let mut merges = 0u8;
    let mut sum = 0.0f32;
    // Runs of equal non-empty tiles, skipping empty cells: `run` counts the tiles after the
    // first one of the current run.
    let mut previous = 0u8;
    let mut run = 0u8;
    for &r in &ranks {
        sum += power(r, SUM_POWER);
        if r == 0 {
            empty += 1;
            continue;
        }
        if r == previous {
            run += 1;
        } else {
            if run > 0 {
                merges += run + 1;
            }
            run = 0;
        }
        previous = r;
    }
    if run > 0 {
        merges += run + 1;
    }

    let (mut rising, mut falling) = (0.0f32, 0.0f32);
    for pair in ranks.windows(2) {
        let (a, b) = (
            power(pair[0], MONOTONICITY_POWER),
            power(pair[1], MONOTONICITY_POWER),
        );
        if pair[0] > pair[1] {
            falling += a - b;
        } else {
            rising += b - a;
        }
    }

    LOST_PENALTY + EMPTY_WEIGHT * f32::from(empty) + MERGES_WEIGHT * f32::from(merges)
        - MONOTONICITY_WEIGHT * rising.min(falling)
        - SUM_WEIGHT * sum
}

/// Heuristic values of all 65536 lines, built on first use (about a millisecond).
static TABLE: LazyLock<Box<LineTable>> = LazyLock::new(|| nibble::line_table(line_value));

/// The line table: `table()[line]` = [`line_value`]`(line)`. Fetch it once per search and pass
/// it to [`evaluate_with`] in hot loops (each [`LazyLock`] access checks initialisation).
pub fn table() -> &'static LineTable {
    &TABLE
}

/// The heuristic value of `board` (rows and columns) with a table from [`table`].
#[inline]
pub fn evaluate_with(table: &LineTable, board: Board) -> f32 {
    nibble::rows_and_columns(table, board)
}

/// The heuristic value of `board`: the sum of [`line_value`] over its rows and its columns.
pub fn evaluate(board: Board) -> f32 {
    evaluate_with(table(), board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cell;
    use proptest::prelude::*;

    /// An independent statement of the same terms, over the cells of a line in order.
    fn reference_line(cells: [u8; 4]) -> f64 {
        let empty: u32 = cells.iter().map(|&c| u32::from(c == 0)).sum();
        // Non-empty tiles in order; every maximal group of equal neighbours of size k ≥ 2
        // contributes k.
        let tiles: Vec<u8> = cells.iter().copied().filter(|&c| c != 0).collect();
        let mut merges = 0;
        let mut i = 0;
        while i < tiles.len() {
            let mut j = i;
            while j + 1 < tiles.len() && tiles[j + 1] == tiles[i] {
                j += 1;
            }
            if j > i {
                merges += j - i + 1;
            }
            i = j + 1;
        }
        let p4 = |c: u8| f64::from(c).powi(4);
        let rising: f64 = (0..3)
            .map(|k| (p4(cells[k + 1]) - p4(cells[k])).max(0.0))
            .sum();
        let falling: f64 = (0..3)
            .map(|k| (p4(cells[k]) - p4(cells[k + 1])).max(0.0))
            .sum();
        let sum: f64 = cells.iter().map(|&c| f64::from(c).powf(3.5)).sum();
        200_000.0 + 270.0 * f64::from(empty) + 700.0 * merges as f64
            - 47.0 * rising.min(falling)
            - 11.0 * sum
    }

    /// Equal up to f32 rounding: the terms reach millions and partly cancel.
    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-6 * (a.abs() + b.abs()) + 1.0
    }

    #[test]
    fn hand_computed_lines() {
        // Empty line: 4 empty cells, nothing else.
        assert!(close(f64::from(line_value(0)), 200_000.0 + 4.0 * 270.0));
        // 2 2 _ _ (ranks 1 1 0 0): one pair (2 tiles), 2 empty, sum 2, falling 1 vs rising 0.
        let v = line_value(0x0011);
        assert!(close(f64::from(v), 200_000.0 + 540.0 + 1400.0 - 22.0));
        // 2 _ 2 4 (ranks 1 0 1 2): the gap does not break the pair.
        assert!(close(
            f64::from(line_value(0x2101)),
            reference_line([1, 0, 1, 2])
        ));
    }

    #[test]
    fn table_matches_line_value_everywhere() {
        let t = table();
        for line in (0..=u16::MAX).step_by(97) {
            assert_eq!(t[usize::from(line)].to_bits(), line_value(line).to_bits());
        }
    }

    proptest! {
        #[test]
        fn table_equals_reference_on_random_rows(line in any::<u16>()) {
            let cells = unpack(line);
            prop_assert!(close(f64::from(table()[usize::from(line)]), reference_line(cells)));
        }

        #[test]
        fn board_value_is_rows_plus_columns(board in any::<u64>()) {
            let mut expected = 0.0;
            for i in 0..4 {
                expected += reference_line([0, 1, 2, 3].map(|c| cell(board, i, c)));
                expected += reference_line([0, 1, 2, 3].map(|r| cell(board, r, i)));
            }
            prop_assert!(close(f64::from(evaluate(board)), expected));
        }

        #[test]
        fn reversing_a_line_keeps_its_value(line in any::<u16>()) {
            let [a, b, c, d] = unpack(line);
            let reversed = u16::from(d) | u16::from(c) << 4 | u16::from(b) << 8 | u16::from(a) << 12;
            prop_assert!(close(f64::from(line_value(line)), f64::from(line_value(reversed))));
        }
    }
}
