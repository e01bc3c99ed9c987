//! IDA* for boards of at most 16 cells (2×2 … 4×4, 2×8, …), the fast path of the optimal
//! solvers: the board is a `[u8; 16]`, the moves come from a table per blank cell, and the
//! heuristic is an [`Estimator`] updated by the one tile each move shifts instead of being
//! recomputed.
//!
//! Two estimators live here and in [`crate::pdb`]: [`ManhattanLc`] (Manhattan distance plus
//! linear conflicts, Hansson, Mayer and Yung 1992, with only the two lines a move touches
//! recounted) and [`crate::pdb::Additive`] (disjoint pattern databases with the reflected
//! lookup, Korf and Felner 2002).
//!
//! Nodes are counted as *generated*: every child whose heuristic was computed, the root
//! included — the count Korf (1985) tabulates for his 100 instances.

use std::time::Instant;

use crate::board::{Board, Move};
use crate::solve::{Solution, SolveError};

/// The most cells a board may have for this solver.
pub const MAX_CELLS: usize = 16;

/// A board's tiles as the fast solvers hold them (cells past the board's size are unused).
pub type Tiles = [u8; MAX_CELLS];

/// `board`'s tiles in a fixed-size array (cells past the board's stay 0).
pub fn tiles_of(board: &Board) -> Tiles {
    let mut tiles = [0; MAX_CELLS];
    tiles[..board.tiles.len()].copy_from_slice(&board.tiles);
    tiles
}

const NONE: u8 = u8::MAX;

/// The shape of a board: its size and, per blank cell and move, the cell of the tile that
/// moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Cells, `rows · cols` (at most [`MAX_CELLS`]).
    pub cells: usize,
    /// `step[blank][d]`: the cell of the tile that move `Move::ALL[d]` slides into the blank,
    /// or 255.
    step: [[u8; 4]; MAX_CELLS],
}

impl Geometry {
    /// The geometry of an R×C board, or `None` beyond [`MAX_CELLS`] cells.
    pub fn new(rows: usize, cols: usize) -> Option<Geometry> {
        let cells = rows * cols;
        if cells > MAX_CELLS || rows == 0 || cols == 0 {
            return None;
        }
        let mut step = [[NONE; 4]; MAX_CELLS];
        let board = Board::goal(rows as u8, cols as u8);
        for (blank, row) in step.iter_mut().enumerate().take(cells) {
            let mut b = board.clone();
            let goal_blank = b.blank();
            b.tiles.swap(goal_blank, blank);
            for (d, dir) in Move::ALL.into_iter().enumerate() {
                if let Some(t) = b.tile_for(dir) {
                    row[d] = t as u8;
                }
            }
        }
        Some(Geometry {
            rows,
            cols,
            cells,
            step,
        })
    }

    /// The cell whose tile move `d` (an index into [`Move::ALL`]) slides into `blank`.
    #[inline]
    pub fn tile_cell(&self, blank: usize, d: usize) -> Option<usize> {
        let c = self.step[blank][d];
        (c != NONE).then_some(usize::from(c))
    }

    /// The goal board's tiles.
    pub fn goal(&self) -> Tiles {
        let mut tiles = [0; MAX_CELLS];
        for (i, t) in tiles.iter_mut().enumerate().take(self.cells - 1) {
            *t = i as u8 + 1;
        }
        tiles
    }
}

/// A heuristic the fast IDA* updates move by move. It must be admissible (never above the
/// true distance) for the search to be optimal, and 0 only on the goal.
pub trait Estimator {
    /// What the estimator carries from a board to its children (copied, so keep it small).
    type State: Copy;

    /// The state for a whole board.
    fn start(&self, tiles: &Tiles) -> Self::State;

    /// The lower bound on the moves left.
    fn value(&self, state: &Self::State) -> u32;

    /// The state after `tile` slid from cell `from` to cell `to`; `tiles` is the board after
    /// the move.
    fn moved(
        &self,
        state: &Self::State,
        tiles: &Tiles,
        tile: u8,
        from: usize,
        to: usize,
    ) -> Self::State;
}

/// IDA* (Korf 1985) with `estimator` on a board of at most 16 cells: the moves of an optimal
/// solution (given an admissible estimator), the nodes generated and the time. Never undoes
/// the previous move; gives up after `limit` nodes; asks `keep_going(nodes)` every 65,536
/// nodes.
///
/// # Errors
/// [`SolveError::Unsolvable`], [`SolveError::TooLarge`] beyond 16 cells,
/// [`SolveError::TooHard`], [`SolveError::Cancelled`].
pub fn ida<E: Estimator>(
    start: &Board,
    estimator: &E,
    limit: u64,
    keep_going: &dyn Fn(u64) -> bool,
) -> Result<Solution, SolveError> {
    let geometry = Geometry::new(usize::from(start.rows), usize::from(start.cols)).ok_or(
        SolveError::TooLarge {
            cells: start.tiles.len(),
            max: MAX_CELLS,
        },
    )?;
    if !start.is_solvable() {
        return Err(SolveError::Unsolvable);
    }
    let began = Instant::now();
    let tiles = tiles_of(start);
    let state = estimator.start(&tiles);
    let mut search = Search {
        geometry: &geometry,
        estimator,
        goal: geometry.goal(),
        tiles,
        path: Vec::new(),
        nodes: 1,
        limit,
        keep_going,
    };
    let blank = start.blank();
    let mut bound = estimator.value(&state);
    loop {
        match search.dfs(blank, 0, bound, NONE, state)? {
            Step::Found => {
                return Ok(Solution {
                    moves: search
                        .path
                        .iter()
                        .map(|&d| Move::ALL[usize::from(d)])
                        .collect(),
                    nodes: search.nodes,
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

struct Search<'a, E: Estimator> {
    geometry: &'a Geometry,
    estimator: &'a E,
    goal: Tiles,
    tiles: Tiles,
    /// Indices into [`Move::ALL`].
    path: Vec<u8>,
    nodes: u64,
    limit: u64,
    keep_going: &'a dyn Fn(u64) -> bool,
}

impl<E: Estimator> Search<'_, E> {
    /// Searches below the board in `self.tiles` (blank at `blank`, `g` moves from the start,
    /// reached by move `last`, estimator state `state`, already within `bound`).
    fn dfs(
        &mut self,
        blank: usize,
        g: u32,
        bound: u32,
        last: u8,
        state: E::State,
    ) -> Result<Step, SolveError> {
        if self.estimator.value(&state) == 0 && self.tiles == self.goal {
            return Ok(Step::Found);
        }
        let mut next_bound = u32::MAX;
        for d in 0..4u8 {
            // d ^ 1 is the opposite move (l↔r, u↔d).
            if last == d ^ 1 {
                continue;
            }
            let Some(from) = self.geometry.tile_cell(blank, usize::from(d)) else {
                continue;
            };
            let tile = self.tiles[from];
            self.tiles[blank] = tile;
            self.tiles[from] = 0;
            let child = self.estimator.moved(&state, &self.tiles, tile, from, blank);
            self.nodes += 1;
            if self.nodes > self.limit {
                return Err(SolveError::TooHard { limit: self.limit });
            }
            if self.nodes.trailing_zeros() >= 16 && !(self.keep_going)(self.nodes) {
                return Err(SolveError::Cancelled);
            }
            let f = g + 1 + self.estimator.value(&child);
            if f > bound {
                next_bound = next_bound.min(f);
            } else {
                self.path.push(d);
                match self.dfs(from, g + 1, bound, d, child)? {
                    Step::Found => return Ok(Step::Found),
                    Step::Next(b) => next_bound = next_bound.min(b),
                }
                self.path.pop();
            }
            self.tiles[from] = tile;
            self.tiles[blank] = 0;
        }
        Ok(Step::Next(next_bound))
    }
}

/// Manhattan distance plus linear conflicts (the same values as
/// [`crate::heuristic::linear_conflicts`]), kept per line: a move changes one tile's
/// Manhattan term by ±1 and the conflicts of the two lines across its path.
#[derive(Debug, Clone)]
pub struct ManhattanLc {
    geometry: Geometry,
    /// `distance[tile][cell]`: the tile's Manhattan distance from the cell to its goal.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
}

/// [`ManhattanLc`]'s state: the Manhattan distance and the conflicts of every row then every
/// column (extra moves, already doubled).
#[derive(Debug, Clone, Copy)]
pub struct LcState {
    manhattan: u16,
    conflicts: u16,
    /// Rows first (`rows` entries), then columns.
    lines: [u8; 2 * MAX_CELLS],
}

impl ManhattanLc {
    /// The estimator for an R×C board (at most 16 cells).
    pub fn new(geometry: Geometry) -> ManhattanLc {
        let mut distance = [[0; MAX_CELLS]; MAX_CELLS];
        let cols = geometry.cols;
        for (tile, row) in distance.iter_mut().enumerate().take(geometry.cells).skip(1) {
            let goal = tile - 1;
            for (cell, d) in row.iter_mut().enumerate().take(geometry.cells) {
                *d = ((cell / cols).abs_diff(goal / cols) + (cell % cols).abs_diff(goal % cols))
                    as u8;
            }
        }
        ManhattanLc { geometry, distance }
    }

    /// Twice the tiles of row `r` that must leave it to let the others pass.
    fn row_conflicts(&self, tiles: &Tiles, r: usize) -> u8 {
        let cols = self.geometry.cols;
        let mut line = [0u8; 8];
        let mut len = 0;
        for c in 0..cols {
            let t = tiles[r * cols + c];
            if t != 0 && (usize::from(t) - 1) / cols == r {
                line[len] = ((usize::from(t) - 1) % cols) as u8;
                len += 1;
            }
        }
        2 * (len - longest_increasing(&line[..len])) as u8
    }

    /// Twice the tiles of column `c` that must leave it to let the others pass.
    fn column_conflicts(&self, tiles: &Tiles, c: usize) -> u8 {
        let cols = self.geometry.cols;
        let mut line = [0u8; 8];
        let mut len = 0;
        for r in 0..self.geometry.rows {
            let t = tiles[r * cols + c];
            if t != 0 && (usize::from(t) - 1) % cols == c {
                line[len] = ((usize::from(t) - 1) / cols) as u8;
                len += 1;
            }
        }
        2 * (len - longest_increasing(&line[..len])) as u8
    }
}

/// The length of the longest strictly increasing subsequence of a line (at most 8 long).
fn longest_increasing(xs: &[u8]) -> usize {
    let mut best = [1u8; 8];
    let mut longest = 0;
    for i in 0..xs.len() {
        for j in 0..i {
            if xs[j] < xs[i] && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
            }
        }
        longest = longest.max(usize::from(best[i]));
    }
    longest
}

impl Estimator for ManhattanLc {
    type State = LcState;

    fn start(&self, tiles: &Tiles) -> LcState {
        let g = &self.geometry;
        let manhattan = (0..g.cells)
            .map(|cell| u16::from(self.distance[usize::from(tiles[cell])][cell]))
            .sum();
        let mut lines = [0; 2 * MAX_CELLS];
        for (r, line) in lines.iter_mut().enumerate().take(g.rows) {
            *line = self.row_conflicts(tiles, r);
        }
        for c in 0..g.cols {
            lines[g.rows + c] = self.column_conflicts(tiles, c);
        }
        LcState {
            manhattan,
            conflicts: lines.iter().map(|&x| u16::from(x)).sum(),
            lines,
        }
    }

    #[inline]
    fn value(&self, state: &LcState) -> u32 {
        u32::from(state.manhattan + state.conflicts)
    }

    #[inline]
    fn moved(&self, state: &LcState, tiles: &Tiles, tile: u8, from: usize, to: usize) -> LcState {
        let g = &self.geometry;
        let t = usize::from(tile);
        let mut next = *state;
        next.manhattan =
            next.manhattan + u16::from(self.distance[t][to]) - u16::from(self.distance[t][from]);
        // A horizontal move keeps the tile's row (and its order in it) and changes its
        // column: recount the two columns; a vertical move, the two rows.
        let (a, b) = if from / g.cols == to / g.cols {
            let (a, b) = (g.rows + from % g.cols, g.rows + to % g.cols);
            let ca = self.column_conflicts(tiles, from % g.cols);
            let cb = self.column_conflicts(tiles, to % g.cols);
            ((a, ca), (b, cb))
        } else {
            let ra = self.row_conflicts(tiles, from / g.cols);
            let rb = self.row_conflicts(tiles, to / g.cols);
            ((from / g.cols, ra), (to / g.cols, rb))
        };
        for (line, value) in [a, b] {
            next.conflicts = next.conflicts + u16::from(value) - u16::from(next.lines[line]);
            next.lines[line] = value;
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic;
    use crate::table;

    #[test]
    fn incremental_lc_equals_the_recomputed_value_along_random_walks() {
        for (rows, cols) in [(2u8, 2u8), (2, 3), (3, 3), (3, 4), (4, 4), (2, 8), (4, 3)] {
            let g = Geometry::new(usize::from(rows), usize::from(cols)).expect("small");
            let est = ManhattanLc::new(g.clone());
            let mut board = Board::random(rows, cols, u64::from(rows * cols));
            let mut state = est.start(&tiles_of(&board));
            let mut rng = game_kit::seed::SplitMix64::new(7);
            for _ in 0..2000 {
                assert_eq!(
                    est.value(&state),
                    heuristic::linear_conflicts(&board),
                    "{rows}x{cols} {:?}",
                    board.tiles
                );
                let moves = board.moves();
                let d = moves[rng.below(moves.len() as u32) as usize];
                let blank = board.blank();
                let from = board.tile_for(d).expect("legal");
                let tile = board.tiles[from];
                board.play(d);
                state = est.moved(&state, &tiles_of(&board), tile, from, blank);
            }
        }
    }

    #[test]
    fn fixed_ida_finds_the_table_length() {
        let g = Geometry::new(3, 3).expect("small");
        let est = ManhattanLc::new(g);
        for seed in 0..40 {
            let b = Board::random(3, 3, seed);
            let s = ida(&b, &est, u64::MAX, &|_| true).expect("solves");
            assert_eq!(
                Some(s.moves.len() as u32),
                table::distance(&b),
                "seed {seed}"
            );
            let mut end = b.clone();
            for &d in &s.moves {
                assert!(end.play(d));
            }
            assert!(end.is_goal());
        }
        let big = Board::random(5, 4, 1);
        assert_eq!(
            ida(&big, &est, u64::MAX, &|_| true),
            Err(SolveError::TooLarge { cells: 20, max: 16 })
        );
    }
}
