//! The fastest optimal search for a board, whatever its size: [`solve_optimal`] (pattern
//! databases up to 16 cells) and [`solve_lc`] (Manhattan distance and linear conflicts). Used
//! by the game's live distance and experiments and by the plugin solvers; re-exported as
//! `solvers::{solve_optimal, solve_lc}`.

use crate::board::Board;
use crate::fixed::{self, Geometry, ManhattanLc};
use crate::pdb::{self, PdbError};
use crate::solve::{Solution, SolveError, ida};

/// An optimal solution by the fastest solver for the board: IDA* with the pattern databases
/// up to 16 cells (built first if they are not at hand, reporting `preparing(done, total)`,
/// which may answer `false` to stop), [`solve_lc`] beyond.
///
/// # Errors
/// Those of [`fixed::ida`] and [`ida`].
pub fn solve_optimal(
    board: &Board,
    keep_going: &dyn Fn(u64) -> bool,
    preparing: &mut dyn FnMut(u64, u64) -> bool,
) -> Result<Solution, SolveError> {
    let (rows, cols) = (usize::from(board.rows), usize::from(board.cols));
    if Geometry::new(rows, cols).is_none() {
        return solve_lc(board, u64::MAX, keep_going);
    }
    match pdb::shared(rows, cols, preparing) {
        Ok(estimator) => fixed::ida(board, &*estimator, u64::MAX, keep_going),
        Err(PdbError::Cancelled) => Err(SolveError::Cancelled),
        // The default partitions always build; should one not, the search still works.
        Err(_) => solve_lc(board, u64::MAX, keep_going),
    }
}

/// IDA* with Manhattan distance and linear conflicts: the fixed-size search
/// ([`fixed::ida`] with [`ManhattanLc`]) up to 16 cells, the general one ([`ida`]) beyond.
///
/// # Errors
/// Those of [`ida`].
pub fn solve_lc(
    board: &Board,
    limit: u64,
    keep_going: &dyn Fn(u64) -> bool,
) -> Result<Solution, SolveError> {
    match Geometry::new(usize::from(board.rows), usize::from(board.cols)) {
        Some(g) => fixed::ida(board, &ManhattanLc::new(g), limit, keep_going),
        None => ida(board, limit, keep_going),
    }
}
