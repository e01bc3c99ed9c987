//! Optimal solvers for boards of any size, one algorithm per file: [`astar`] (A* with a
//! chosen heuristic, `astar.rs`) and [`ida`] (IDA*, Korf 1985, with Manhattan distance and
//! linear conflicts, `ida.rs`), with what they share: the [`Solution`] (an optimal move list,
//! the nodes and the time) and the [`SolveError`]. The fast IDA* for boards up to 16 cells is
//! [`crate::fixed`].

mod astar;
mod ida;

pub use astar::{MEMORY_BUDGET, astar, astar_bounded, bytes_per_board, max_boards};
pub use ida::ida;

use serde::{Deserialize, Serialize};

use crate::board::Move;

/// A solution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// The moves, in order (empty for the goal).
    pub moves: Vec<Move>,
    /// Nodes: A* counts the boards taken from the open list; IDA* the boards generated (every
    /// child whose heuristic was computed).
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Why a solver gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board cannot reach the goal.
    #[error("the board is unsolvable (the tiles' parity cannot reach the goal)")]
    Unsolvable,
    /// The search expanded `limit` nodes without finishing (the board is too big or too hard
    /// for this solver).
    #[error("gave up after {limit} nodes: the board is too hard for this solver")]
    TooHard {
        /// The node limit.
        limit: u64,
    },
    /// The search's lists reached their memory bound without finishing (the board is too
    /// big or too hard for a search that keeps every board it meets).
    #[error(
        "gave up after keeping {boards} boards (its memory bound, at most about {megabytes} MB): the \
         board is too large or too hard for this solver"
    )]
    OutOfMemory {
        /// The most boards kept.
        boards: usize,
        /// Their memory, in MiB.
        megabytes: usize,
    },
    /// The board has more cells than this solver handles.
    #[error("the board has {cells} cells; this solver handles at most {max}")]
    TooLarge {
        /// The board's cells.
        cells: usize,
        /// The solver's maximum.
        max: usize,
    },
    /// The caller asked to stop.
    #[error("cancelled")]
    Cancelled,
}

/// The heuristics A* can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heuristic {
    /// [`crate::heuristic::misplaced`].
    Misplaced,
    /// [`crate::heuristic::manhattan`].
    Manhattan,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::table;

    fn replay(start: &Board, moves: &[Move]) -> Board {
        let mut b = start.clone();
        for &d in moves {
            assert!(b.play(d));
        }
        b
    }

    #[test]
    fn every_solver_finds_the_optimal_length_of_3x3_boards() {
        for seed in 0..30 {
            let b = Board::random(3, 3, seed);
            let optimal = table::distance(&b).expect("solvable");
            let m = astar(&b, Heuristic::Misplaced, 10_000_000).expect("solves");
            let a = astar(&b, Heuristic::Manhattan, 10_000_000).expect("solves");
            let i = ida(&b, u64::MAX, &|_| true).expect("solves");
            for s in [&m, &a, &i] {
                assert_eq!(s.moves.len() as u32, optimal, "seed {seed}");
                assert!(replay(&b, &s.moves).is_goal());
            }
            // Better heuristics expand fewer nodes.
            assert!(a.nodes <= m.nodes, "seed {seed}");
        }
    }

    #[test]
    fn the_hardest_8_puzzle_takes_31_and_bad_boards_are_refused() {
        let hardest = Board {
            rows: 3,
            cols: 3,
            tiles: vec![8, 6, 7, 2, 5, 4, 3, 0, 1],
        };
        assert_eq!(
            ida(&hardest, u64::MAX, &|_| true)
                .expect("solves")
                .moves
                .len(),
            31
        );
        let unsolvable = Board {
            rows: 3,
            cols: 3,
            tiles: vec![2, 1, 3, 4, 5, 6, 7, 8, 0],
        };
        assert_eq!(
            astar(&unsolvable, Heuristic::Manhattan, 100),
            Err(SolveError::Unsolvable)
        );
        assert_eq!(
            ida(&unsolvable, 100, &|_| true),
            Err(SolveError::Unsolvable)
        );
        let hard = Board::random(5, 5, 3);
        assert_eq!(
            astar(&hard, Heuristic::Misplaced, 1000),
            Err(SolveError::TooHard { limit: 1000 })
        );
        // The memory bound stops a large board long before the expansion limit would.
        let seven = Board::random(7, 7, 1);
        assert_eq!(
            astar_bounded(&seven, Heuristic::Manhattan, u64::MAX, 20_000),
            Err(SolveError::OutOfMemory {
                boards: 20_000,
                megabytes: (20_000 * bytes_per_board(49)) >> 20,
            })
        );
        // Within the budget a 7×7 keeps a few million boards at most (~1 GiB), a 3×3's whole
        // state space (181,440 boards) fits.
        assert!(max_boards(49) * bytes_per_board(49) <= MEMORY_BUDGET);
        assert!(max_boards(49) < 3_000_000);
        assert!(max_boards(9) > 181_440 * 2);
        // Korf's (1985) first 15-puzzle instance, 57 moves, turned to our goal (rotated half a
        // turn, tiles t → 16 − t): far more than 65,536 nodes, so a cancel stops it.
        let korf1 = [14u8, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let tiles = korf1
            .iter()
            .rev()
            .map(|&t| if t == 0 { 0 } else { 16 - t })
            .collect();
        let korf1 = Board {
            rows: 4,
            cols: 4,
            tiles,
        };
        assert!(korf1.is_solvable());
        assert_eq!(
            ida(&korf1, u64::MAX, &|_| false),
            Err(SolveError::Cancelled)
        );
    }
}
