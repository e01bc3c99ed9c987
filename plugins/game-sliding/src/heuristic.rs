//! Lower bounds on the moves left, all admissible (never above the true distance).
//!
//! - [`misplaced`]: tiles not on their goal cell, the blank not counted. (The seed counts the
//!   blank too, which can exceed the distance — a board one move from the goal has two
//!   "misplaced" cells — so its A* is not guaranteed optimal; ours is.)
//! - [`manhattan`]: the sum over tiles of their row and column distances to their goal cells.
//! - [`linear_conflicts`]: Manhattan distance plus two moves for every tile that must leave
//!   its goal row or column to let another pass (Hansson, Mayer and Yung, "Criticizing
//!   solutions to relaxed models yields powerful admissible heuristics", Information Sciences
//!   63(3), 1992): per line, the tiles that belong to it minus the longest run of them already
//!   in goal order.

use crate::board::Board;

/// Tiles off their goal cell (blank excluded).
pub fn misplaced(b: &Board) -> u32 {
    b.tiles
        .iter()
        .enumerate()
        .filter(|&(i, &t)| t != 0 && usize::from(t) != i + 1)
        .count() as u32
}

/// The Manhattan distance.
pub fn manhattan(b: &Board) -> u32 {
    let cols = usize::from(b.cols);
    b.tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(i, &t)| {
            let goal = usize::from(t) - 1;
            ((i / cols).abs_diff(goal / cols) + (i % cols).abs_diff(goal % cols)) as u32
        })
        .sum()
}

/// The length of the longest strictly increasing subsequence (lines are at most 8 long).
fn longest_increasing(xs: &[usize]) -> usize {
    let mut best = vec![1usize; xs.len()];
    for i in 0..xs.len() {
        for j in 0..i {
            if xs[j] < xs[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// Manhattan distance plus linear conflicts.
pub fn linear_conflicts(b: &Board) -> u32 {
    let (rows, cols) = (usize::from(b.rows), usize::from(b.cols));
    let mut extra = 0;
    for r in 0..rows {
        // Goal columns of the tiles in row r that belong to row r, left to right.
        let line: Vec<usize> = (0..cols)
            .map(|c| b.tiles[r * cols + c])
            .filter(|&t| t != 0 && (usize::from(t) - 1) / cols == r)
            .map(|t| (usize::from(t) - 1) % cols)
            .collect();
        extra += line.len() - longest_increasing(&line);
    }
    for c in 0..cols {
        let line: Vec<usize> = (0..rows)
            .map(|r| b.tiles[r * cols + c])
            .filter(|&t| t != 0 && (usize::from(t) - 1) % cols == c)
            .map(|t| (usize::from(t) - 1) / cols)
            .collect();
        extra += line.len() - longest_increasing(&line);
    }
    manhattan(b) + 2 * extra as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        let goal = Board::goal(3, 3);
        assert_eq!(
            (misplaced(&goal), manhattan(&goal), linear_conflicts(&goal)),
            (0, 0, 0)
        );
        // 2 1 3 / 4 5 6 / 7 8 _: 1 and 2 swapped in their row: Manhattan 2, one conflict.
        let swapped = Board {
            rows: 3,
            cols: 3,
            tiles: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
        };
        assert_eq!(
            (
                misplaced(&swapped),
                manhattan(&swapped),
                linear_conflicts(&swapped)
            ),
            (2, 2, 4)
        );
    }
}
