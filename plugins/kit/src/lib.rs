//! What Tritium's game plugins share, so that a second game does not copy the first.
//!
//! - [`position`]: position texts of grid games (rows by `/`, cells by spaces, then
//!   `key=value` items): splitting, shape checks with errors naming the offending text, and
//!   formatting.
//! - [`grid`]: the four slides of 4×4 grid games and their action ids.
//! - [`seed`]: seed derivation and the `SplitMix64` generator of the AIs' random choices
//!   (re-exported from [`tritium_plugin_api::seed`], where the host reaches it too).
//! - [`experiment`]: the seeded parallel experiment runner (the same results for any thread
//!   count) and moves per second.
//! - [`stats`]: mean, sample standard deviation, standard error, median, shares.
//! - [`search`]: the expectimax skeleton: strategy parameters, the root driver (parallel
//!   root moves, iterative deepening, cancellation), counters, the transposition table.
//! - [`expectimax`]: the outer expectimax layer of the grid chance games behind
//!   [`expectimax::ChanceGame`] (a game supplies moves, chance nodes, heuristic and table
//!   key): best move, move values, root value, the split for distributed searches,
//!   thread-local tables.
//! - [`nibble`]: the 4×4 board of nibbles in a `u64` (2048, Threes!): cells, transpose,
//!   lines, line tables.
//! - [`spec`]: strategy specs `name[:key=value,…]`: splitting, parameters and their errors.
//!
//! ```
//! let grid = game_kit::position::GridText::parse("2 0/0 4 score=4", 2, 2)?;
//! assert_eq!(grid.cells, ["2", "0", "0", "4"]);
//! assert_eq!(game_kit::stats::median(&[1.0, 5.0, 2.0]), 2.0);
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

pub mod expectimax;
pub mod experiment;
pub mod grid;
pub mod nibble;
pub mod position;
pub mod search;
pub mod spec;
pub use tritium_plugin_api::seed;
pub mod stats;
