//! A* with a chosen heuristic.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::time::Instant;

use super::{Heuristic, Solution, SolveError};
use crate::board::{Board, Move};
use crate::heuristic;

/// The memory A* may fill before it gives up, in bytes (1 GiB): its open and closed lists
/// hold whole boards, so a large board (a 7×7 holds 49 tiles) fills gigabytes long before
/// any expansion limit.
pub const MEMORY_BUDGET: usize = 1 << 30;

/// About how many bytes one board costs A* in its lists: the board's tiles are stored four
/// times over (closed-list key, parent link, best-g key, open-list entry), each a heap
/// allocation with its header, plus the tables' own slots.
pub fn bytes_per_board(cells: usize) -> usize {
    4 * (cells.next_multiple_of(16) + 16 + 24) + 64
}

/// The most boards A* keeps on a board of `cells` cells within [`MEMORY_BUDGET`].
pub fn max_boards(cells: usize) -> usize {
    MEMORY_BUDGET / bytes_per_board(cells)
}

/// A* (Hart, Nilsson and Raphael 1968): the open list ordered by f = g + h, ties to the
/// larger g; each board expanded once. Gives up after `limit` expansions, or when its lists
/// hold [`max_boards`] boards (about [`MEMORY_BUDGET`] bytes).
///
/// # Errors
/// [`SolveError::Unsolvable`], [`SolveError::TooHard`], [`SolveError::OutOfMemory`].
pub fn astar(start: &Board, h: Heuristic, limit: u64) -> Result<Solution, SolveError> {
    astar_bounded(start, h, limit, max_boards(start.tiles.len()))
}

/// [`astar`] keeping at most `max_boards` boards in its open and closed lists together.
///
/// # Errors
/// As [`astar`]; [`SolveError::OutOfMemory`] names `max_boards` and their bytes.
pub fn astar_bounded(
    start: &Board,
    h: Heuristic,
    limit: u64,
    max_boards: usize,
) -> Result<Solution, SolveError> {
    if !start.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    let began = Instant::now();
    let score = |b: &Board| match h {
        Heuristic::Misplaced => heuristic::misplaced(b),
        Heuristic::Manhattan => heuristic::manhattan(b),
    };
    // Parent links: board → (its parent, the move that led here), and the best g.
    let mut parent: HashMap<Vec<u8>, Option<(Vec<u8>, Move)>> = HashMap::new();
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
        if best_g.len() + open.len() > max_boards {
            return Err(SolveError::OutOfMemory {
                boards: max_boards,
                megabytes: (max_boards * bytes_per_board(start.tiles.len())) >> 20,
            });
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
