//! IDA* for boards of any size, the heuristic recomputed per node.

use std::time::Instant;

use super::{Solution, SolveError};
use crate::board::{Board, Move};
use crate::heuristic;

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
    last: Option<Move>,
    path: &mut Vec<Move>,
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
    for d in Move::ALL {
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
