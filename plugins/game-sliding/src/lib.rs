//! Sliding-tile puzzles: the board of any R×C puzzle (2×2 to 8×8) with the general
//! solvability rule, admissible heuristics, the complete 8-puzzle distance table, additive
//! pattern databases, and optimal solvers (A*, IDA*, and a fast IDA* for boards up to 16
//! cells that solves Korf's 100 15-puzzle instances in about 1.3 s — `docs/sliding.md`). The
//! seed: `../shared/seeds/004_edbd2f6cb2f38b01.txt` (an 8-puzzle game with an A* solver and a
//! live optimal distance).
//!
//! ```
//! use game_sliding::board::{Board, Move};
//! use game_sliding::solve::ida;
//!
//! let mut b = Board::goal(3, 3);
//! b.play(Move::Right); // the 8 slides right into the blank
//! assert!(b.is_solvable());
//! let solution = ida(&b, u64::MAX, &|_| true).expect("solvable");
//! assert_eq!(solution.moves, [Move::Left]);
//! ```

pub mod board;
pub mod fixed;
mod game;
pub mod heuristic;
pub mod korf;
mod optimal;
pub mod pdb;
pub mod solve;
pub mod solvers;
pub mod table;

pub use game::{
    LIVE_BUDGET, LIVE_BUDGET_PDB, Sliding, State, live_distance, parse_position, parse_rules,
    position_text,
};

use tritium_plugin_api::Plugin;

/// The plugin this library exports: the game `sliding` and its solvers.
pub fn plugin() -> Plugin {
    solvers::PuzzleSolver::ALL.into_iter().fold(
        Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Sliding),
        Plugin::solver,
    )
}

tritium_plugin_api::export_plugin!(plugin());
