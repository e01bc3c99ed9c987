//! Optimal solvers, one algorithm each: [`astar`] (A* with a chosen heuristic) and [`ida`]
//! (IDA*, Korf 1985, with Manhattan distance and linear conflicts). Both return an optimal
//! move list with the nodes expanded and the time taken.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::board::{Board, Dir};
use crate::heuristic;

/// A solution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// The moves, in order (empty for the goal).
    pub moves: Vec<Dir>,
    /// Nodes expanded (A*: boards taken from the open list; IDA*: boards visited).
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
    /// [`heuristic::misplaced`].
    Misplaced,
    /// [`heuristic::manhattan`].
    Manhattan,
}

/// A* (Hart, Nilsson and Raphael 1968): the open list ordered by f = g + h, ties to the
/// larger g; each board expanded once. Gives up after `limit` expansions.
///
/// # Errors
/// [`SolveError::Unsolvable`], [`SolveError::TooHard`].
pub fn astar(start: &Board, h: Heuristic, limit: u64) -> Result<Solution, SolveError> {
    if !start.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    let began = Instant::now();
    let score = |b: &Board| match h {
        Heuristic::Misplaced => heuristic::misplaced(b),
        Heuristic::Manhattan => heuristic::manhattan(b),
    };
    // Parent links: board → (its parent, the move that led here), and the best g.
    let mut parent: HashMap<Vec<u8>, Option<(Vec<u8>, Dir)>> = HashMap::new();
    let mut best_g: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut open = BinaryHeap::new();
    parent.insert(start.tiles.clone(), None);
    best_g.insert(start.tiles.clone(), 0);
    open.push((Reverse(score(start)), 0u32, start.tiles.clone()));
    let mut nodes = 0;
    while let Some((_, g, tiles)) = open.pop() {
        if best_g.get(&tiles).is_some_and(|&bg| bg < g) {
            continue;
        }
        nodes += 1;
        if nodes > limit {
            return Err(SolveError::TooHard { limit });
        }
        let board = Board {
            rows: start.rows,
            cols: start.cols,
            tiles,
        };
        if board.is_goal() {
            let mut moves = Vec::new();
            let mut at = board.tiles;
            while let Some(Some((from, d))) = parent.get(&at) {
                moves.push(*d);
                at = from.clone();
            }
            moves.reverse();
            return Ok(Solution {
                moves,
                nodes,
                seconds: began.elapsed().as_secs_f64(),
            });
        }
        for d in board.moves() {
            let mut next = board.clone();
            next.play(d);
            let ng = g + 1;
            if best_g.get(&next.tiles).is_none_or(|&bg| ng < bg) {
                best_g.insert(next.tiles.clone(), ng);
                parent.insert(next.tiles.clone(), Some((board.tiles.clone(), d)));
                open.push((Reverse(ng + score(&next)), ng, next.tiles));
            }
        }
    }
    Err(SolveError::Unsolvable)
}

/// IDA* (Korf, "Depth-first iterative-deepening: an optimal admissible tree search",
/// Artificial Intelligence 27, 1985) with Manhattan distance and linear conflicts: depth-first
/// searches bounded by f = g + h, the bound raised to the smallest f that exceeded it, never
/// undoing the previous move. `keep_going` is asked every 65,536 nodes.
///
/// # Errors
/// [`SolveError::Unsolvable`], [`SolveError::TooHard`], [`SolveError::Cancelled`].
pub fn ida(
    start: &Board,
    limit: u64,
    keep_going: &dyn Fn(u64) -> bool,
) -> Result<Solution, SolveError> {
    if !start.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    let began = Instant::now();
    let mut board = start.clone();
    let mut path = Vec::new();
    let mut nodes = 0u64;
    let mut bound = heuristic::linear_conflicts(&board);
    loop {
        match dfs(
            &mut board, 0, bound, None, &mut path, &mut nodes, limit, keep_going,
        )? {
            Step::Found => {
                return Ok(Solution {
                    moves: path,
                    nodes,
                    seconds: began.elapsed().as_secs_f64(),
                });
            }
            Step::Next(next) => bound = next,
        }
    }
}

enum Step {
    Found,
    Next(u32),
}

#[allow(clippy::too_many_arguments)]
fn dfs(
    board: &mut Board,
    g: u32,
    bound: u32,
    last: Option<Dir>,
    path: &mut Vec<Dir>,
    nodes: &mut u64,
    limit: u64,
    keep_going: &dyn Fn(u64) -> bool,
) -> Result<Step, SolveError> {
    *nodes += 1;
    if *nodes > limit {
        return Err(SolveError::TooHard { limit });
    }
    if nodes.is_multiple_of(1 << 16) && !keep_going(*nodes) {
        return Err(SolveError::Cancelled);
    }
    let h = heuristic::linear_conflicts(board);
    let f = g + h;
    if f > bound {
        return Ok(Step::Next(f));
    }
    if h == 0 {
        return Ok(Step::Found);
    }
    let mut next_bound = u32::MAX;
    for d in Dir::ALL {
        if Some(d.opposite()) == last || !board.play(d) {
            continue;
        }
        path.push(d);
        match dfs(board, g + 1, bound, Some(d), path, nodes, limit, keep_going)? {
            Step::Found => return Ok(Step::Found),
            Step::Next(b) => next_bound = next_bound.min(b),
        }
        path.pop();
        board.play(d.opposite());
    }
    Ok(Step::Next(next_bound))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table;

    fn replay(start: &Board, moves: &[Dir]) -> Board {
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
