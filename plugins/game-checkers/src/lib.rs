//! The checkers plugin for Tritium: American checkers (English draughts) after the seed's
//! Mercury design (`../shared/seeds/002_294bcd1d7c181d0a.txt`: modules color, piece,
//! position, board of any width and height, moves, game, minimax, heuristic), in Rust.
//!
//! # Rules
//! After the WCDF rules (<https://www.wcdf.net/rules.htm>; summary:
//! <https://en.wikipedia.org/wiki/English_draughts>):
//! - an 8×8 board by default (`american`), or any even `W×H` from 6 to 16
//!   (`american-10x10`), men on the seed's initial rows: red on rows `0 ..= H/2 − 2`, white on
//!   rows `(H+1)/2 + 1 ..= H − 1`, dark squares only; red (PDN's "Black") moves first;
//! - men step diagonally forward, kings either way; **captures are mandatory**, and a
//!   capture continues while the same piece can capture again (a multi-jump is one move);
//! - a man reaching the far row is crowned and its move ends there;
//! - the side to move **loses** when it has no legal move; the game is **drawn** after 40
//!   moves by each side (80 plies) with no capture and no man moved, or when the same position
//!   occurs for the third time with the same side to move.
//!
//! # Modules (the seed's, one concern each)
//! [`color`], [`piece`], [`position`] (squares and their geometry, PDN numbering), [`board`]
//! (`u128` square sets), [`moves`] (generation, making moves, `perft`), [`game`] (rules, draw
//! counters, the end), [`notation`] (PDN moves and FEN), [`heuristic`], [`search`]
//! (the seed's minimax and our alpha-beta), [`strategy`], [`matches`](mod@matches) (seeded matches with Elo).
//!
//! ```
//! use game_checkers::board::Board;
//! use game_checkers::moves::perft;
//! use game_checkers::notation::{fen, parse_fen};
//!
//! // Aart Bik's published perft of the initial position, depth 5.
//! assert_eq!(perft(&Board::initial(8, 8), 5), 7361);
//! let board = parse_fen("B:W21,22,K30:B1,2,3", 8, 8)?;
//! assert_eq!(fen(&board), "B:W21,22,K30:B1,2,3");
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

pub mod board;
pub mod color;
pub mod game;
pub mod heuristic;
pub mod matches;
pub mod moves;
pub mod notation;
pub mod piece;
mod plugin;
pub mod position;
pub mod search;
pub mod strategy;

pub use plugin::Checkers;

use tritium_plugin_api::Plugin;

/// The plugin this library exports: one game, `checkers`.
pub fn plugin() -> Plugin {
    Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Checkers)
}

tritium_plugin_api::export_plugin!(
    Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Checkers)
);
