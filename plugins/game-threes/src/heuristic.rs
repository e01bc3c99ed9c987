//! The leaf evaluation of the expectimax search: a sum over the four rows and four columns of
//! a per-line score, read from a 65,536-entry table built once.
//!
//! The terms and weights start from nneonneo's `threes-ai` (`threes.cpp`, `init_tables`),
//! with one change of ours for Threes' rules: a *merge* is a pair that can actually merge —
//! equal neighbours of 3 or more, or a 1 beside a 2 — where threes-ai also counts runs of
//! equal 1s and 2s, which never merge. Per line of codes `r₀ r₁ r₂ r₃`:
//!
//! | term | weight | meaning |
//! |---|---|---|
//! | constant | +200,000 | [`LOST_PENALTY`]: any live board beats a lost one (valued 0) |
//! | empty cells | +270 × count | room to move |
//! | merges | +700 × count | runs of equal codes ≥ 3, empty cells between them skipped (a run of `n` counts `n`), and 1–2 neighbours |
//! | monotonicity | −47 × min(Σ rising, Σ falling) of `r⁴` steps | tiles ordered along the line |
//! | tile sum | −11 × Σ `r^3.5` | large tiles are costly to keep around |
//!
//! The board's value is the sum over its eight lines (rows, then the rows of its
//! transpose), so a live board is worth about 1.6 million.

use std::sync::LazyLock;

use game_kit::nibble::{self, LineTable, unpack_line};

use crate::board::Board;

/// The constant per line that keeps every live board above a lost one.
pub const LOST_PENALTY: f32 = 200_000.0;
/// Weight of each empty cell.
pub const EMPTY_WEIGHT: f32 = 270.0;
/// Weight of each merge.
pub const MERGES_WEIGHT: f32 = 700.0;
/// Exponent of the monotonicity term.
pub const MONOTONICITY_POWER: f32 = 4.0;
/// Weight of the monotonicity term.
pub const MONOTONICITY_WEIGHT: f32 = 47.0;
/// Exponent of the tile-sum term.
pub const SUM_POWER: f32 = 3.5;
/// Weight of the tile-sum term.
pub const SUM_WEIGHT: f32 = 11.0;

/// The score of one line of four codes (nibble `i` = code `rᵢ`), see the module table.
pub fn line_value(line: u16) -> f32 {
    let r: [u8; 4] = unpack_line(line);
    let mut empty = 0u32;
    let mut merges = 0u32;
    let mut sum = 0.0f32;
    let (mut prev, mut run) = (0u8, 0u32);
    for &c in &r {
        sum += f32::from(c).powf(SUM_POWER);
        if c == 0 {
            // As in threes-ai, empty cells do not break a run: the tiles will meet.
            empty += 1;
            continue;
        }
        if c >= 3 && c == prev {
            run += 1;
        } else if run > 0 {
            merges += run + 1;
            run = 0;
        }
        prev = c;
    }
    if run > 0 {
        merges += run + 1;
    }
    merges += r
        .windows(2)
        .filter(|w| (w[0] == 1 && w[1] == 2) || (w[0] == 2 && w[1] == 1))
        .count() as u32;
    let (mut falling, mut rising) = (0.0f32, 0.0f32);
    for w in r.windows(2) {
        let (a, b) = (
            f32::from(w[0]).powf(MONOTONICITY_POWER),
            f32::from(w[1]).powf(MONOTONICITY_POWER),
        );
        if w[0] > w[1] {
            falling += a - b;
        } else {
            rising += b - a;
        }
    }
    LOST_PENALTY + EMPTY_WEIGHT * empty as f32 + MERGES_WEIGHT * merges as f32
        - MONOTONICITY_WEIGHT * falling.min(rising)
        - SUM_WEIGHT * sum
}

static TABLE: LazyLock<Box<LineTable>> = LazyLock::new(|| nibble::line_table(line_value));

/// The line table (built on first use).
pub fn table() -> &'static LineTable {
    &TABLE
}

/// The value of `board` with the table `t` (from [`table`]): rows, then columns.
#[inline]
pub fn evaluate_with(t: &LineTable, board: Board) -> f32 {
    nibble::rows_and_columns(t, board)
}

/// The value of `board`.
pub fn evaluate(board: Board) -> f32 {
    evaluate_with(table(), board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::from_codes;

    fn line(codes: [u8; 4]) -> u16 {
        codes
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &c)| acc | (u16::from(c) << (4 * i)))
    }

    #[test]
    fn lines() {
        // An empty line: four empty cells, nothing else.
        assert!((line_value(0) - (LOST_PENALTY + 4.0 * EMPTY_WEIGHT)).abs() < 1e-3);
        // 3 3 3 0: one run of three equal tiles (counts 3), one empty.
        let sum = 3.0 * 3f32.powf(SUM_POWER);
        let mono = 3f32.powf(MONOTONICITY_POWER); // the single step down to 0
        let expected = LOST_PENALTY + EMPTY_WEIGHT + 3.0 * MERGES_WEIGHT
            - MONOTONICITY_WEIGHT * 0f32.min(mono)
            - SUM_WEIGHT * sum;
        assert!((line_value(line([3, 3, 3, 0])) - expected).abs() < 1e-2);
        // 1 2 0 0: a merge; monotonicity min(falling 2⁴, rising 2⁴ − 1⁴).
        let expected = LOST_PENALTY + 2.0 * EMPTY_WEIGHT + MERGES_WEIGHT
            - MONOTONICITY_WEIGHT * 15.0
            - SUM_WEIGHT * (1.0 + 2f32.powf(SUM_POWER));
        assert!((line_value(line([1, 2, 0, 0])) - expected).abs() < 1e-2);
        // 1 1 and 2 2 never merge (threes-ai counts them): no merge term.
        let expected = LOST_PENALTY + 2.0 * EMPTY_WEIGHT - SUM_WEIGHT * 2.0;
        assert!((line_value(line([1, 1, 0, 0])) - expected).abs() < 1e-2);
        // Ordered lines beat zig-zags with the same tiles.
        assert!(line_value(line([6, 5, 4, 3])) > line_value(line([6, 3, 5, 4])));
    }

    #[test]
    fn boards_sum_rows_and_columns() {
        let b = from_codes([4, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let expected = line_value(line([4, 3, 0, 0]))
            + 3.0 * line_value(0)
            + line_value(line([4, 0, 0, 0]))
            + line_value(line([3, 0, 0, 0]))
            + 2.0 * line_value(0);
        assert!((evaluate(b) - expected).abs() < 1e-1);
    }
}
