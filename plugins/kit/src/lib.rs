//! What Tritium's game plugins share, so that a second game does not copy the first.
//!
//! - [`position`]: position texts of grid games (rows by `/`, cells by spaces, then
//!   `key=value` items): splitting, shape checks with errors naming the offending text, and
//!   formatting.
//!
//! ```
//! let grid = game_kit::position::GridText::parse("2 0/0 4 score=4", 2, 2)?;
//! assert_eq!(grid.cells, ["2", "0", "0", "4"]);
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

pub mod position;
