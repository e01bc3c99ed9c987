//! The Threes! plugin for Tritium: the game as the seed describes it
//! (`../shared/seeds/000_*.txt`, "Threes! AI"), and an expectimax AI after nneonneo's
//! `threes-ai` (<https://github.com/nneonneo/threes-ai>).
//!
//! # Rules
//! - **Tiles** 1, 2 and 3·2ⁿ (3, 6, 12, … 12288), coded as the seed's nibbles (0 empty,
//!   1, 2, 3 → 3, 4 → 6, …, 15 → 12288); the board is one `u64` ([`board`]).
//! - **A move** slides every tile that can move one step (the seed's `slide_up`): 1 and 2
//!   make 3, equal tiles of 3 or more merge, one merge per line. A move that changes nothing
//!   is illegal; the game ends when no move is legal.
//! - **The next tile** enters on the edge opposite the move, in one of the rows (columns)
//!   that moved, chosen uniformly — as threes-ai plays it (`play_game`) and as the original
//!   game does.
//! - **The deck** ([`deck`]): twelve cards (four 1s, four 2s, four 3s), drawn without
//!   replacement, refilled when empty. With a 48 or more on the board, one next tile in 21 is
//!   a **bonus tile**, uniform from 6 to the largest tile ÷ 8 (the seed's `new_bonus_tile`).
//!   The player sees the next card, or for a bonus tile a **hint** (threes-ai's: {6} with a
//!   48, {6, 12} with a 96, else three consecutive values containing the tile).
//! - **The start**: nine cards from a full deck, shuffled over the sixteen cells, then the
//!   next tile drawn (threes-ai's `initial_board`).
//! - **Score**: each tile x ≥ 3 scores 3^(log₂(x/3) + 1) (the seed's `tile_score`): 3 → 3,
//!   6 → 9, …, 6144 → 531,441.
//!
//! # Modules
//! - [`board`]: codes, move tables (XOR deltas and changed-line masks), entry cells.
//! - [`deck`]: cards, bonus tiles, hints and what a hint says about the tile behind it.
//! - [`state`]: the serializable [`State`] (board, deck, next tile, moves, seed, generator)
//!   and the one rule set ([`RULES`], [`check_rules`]).
//! - [`position`]: the position text `1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4`.
//! - [`strategy`]: `random`, `greedy`, `expectimax[:depth=N,prob=P,time=MS]`.
//! - [`expectimax`] and [`heuristic`]: the search and its leaf evaluation.
//! - [`experiment`]: seeded experiments, on [`game_kit::experiment`].
//!
//! Through the plugin protocol, exactly as the host calls it:
//!
//! ```
//! use game_threes::plugin;
//! use tritium_plugin_api::protocol::{Request, Response};
//! use tritium_plugin_api::Progress;
//!
//! let plugin = plugin();
//! let position = "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4";
//! let Response::Frame(frame) = plugin.handle(
//!     Request::NewGame { game: "threes".into(), rules: None, seed: 7, position: Some(position.into()) },
//!     &Progress::none(),
//! ) else { panic!("expected a frame") };
//! assert_eq!(frame.position, format!("{position} moves=0"));
//! assert_eq!(frame.view.preview.as_ref().map(|p| p.cells[0].text.as_str()), Some("2"));
//!
//! let Response::Move { action, note } = plugin.handle(
//!     Request::AiMove { game: "threes".into(), state: frame.state.clone(), strategy: "expectimax:depth=1".into() },
//!     &Progress::none(),
//! ) else { panic!("expected a move") };
//! assert!(note.starts_with("expectimax depth 1, "));
//! let Response::Frame(next) = plugin.handle(
//!     Request::Apply { game: "threes".into(), state: frame.state, action },
//!     &Progress::none(),
//! ) else { panic!("expected a frame") };
//! assert!(next.position.ends_with(" moves=1"));
//! ```

pub mod board;
pub mod deck;
pub mod expectimax;
pub mod experiment;
mod game;
pub mod heuristic;
pub mod position;
pub mod state;
pub mod strategy;

pub use game::{Threes, palette};
pub use state::{RULES, State, check_rules};
pub use strategy::Strategy;

use tritium_plugin_api::Plugin;

/// The plugin this library exports: one game, `threes`.
pub fn plugin() -> Plugin {
    Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Threes)
}

tritium_plugin_api::export_plugin!(
    Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Threes)
);
