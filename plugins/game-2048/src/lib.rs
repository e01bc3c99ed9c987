//! The 2048 plugin for Tritium: the game, the seed's blind and greedy strategies, an
//! expectimax AI after nneonneo's `2048-ai`, and the seed's experiments.
//!
//! - [`board`]: the 4×4 board as one `u64` (16 nibbles of tile exponents) and moves by
//!   65,536-entry row lookup tables, the technique of nneonneo/2048-ai.
//! - [`state`]: the rule sets `standard` (the published game) and `seed` (the rules of the
//!   seed's Mathematica experiments) and the serializable [`State`], random generator included.
//! - [`strategy`]: `random`, `greedy`, `cyclic:SEQ`, `biased:L,R,U,D` (the seed's strategies)
//!   and `expectimax[:depth=N,prob=P,time=MS]`, parsed from spec strings.
//! - [`expectimax`]: the search (max nodes over the four moves, chance nodes over every empty
//!   cell × {2: 0.9, 4: 0.1}, probability pruning, a transposition table, the root moves in
//!   parallel), cancellable through [`tritium_plugin_api::Progress`].
//! - [`heuristic`]: its leaf evaluation, nneonneo's tuned terms (empty cells, merges,
//!   monotonicity, tile sum) read from a 65,536-entry per-line table.
//! - [`position`]: the position text (`2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2 score=4 moves=1`) that
//!   every frame carries and `--position` reads back.
//! - [`experiment`]: many games in parallel (the same report whatever the thread count), their
//!   aggregates (AETT, the seed's average end tile total; scores; the share of games reaching
//!   2048 … 32768; moves per second for expectimax), and the seed's two strategy sweeps.
//! - [`Game2048`]: the [`tritium_plugin_api::Game`] the library exports.
//!
//! Through the plugin protocol, exactly as the host calls it:
//!
//! ```
//! use game_2048::plugin;
//! use tritium_plugin_api::protocol::{ExperimentSpec, Request, Response};
//! use tritium_plugin_api::Progress;
//!
//! let plugin = plugin();
//! let Response::Frame(frame) = plugin.handle(
//!     Request::NewGame { game: "2048".into(), rules: Some("seed".into()), seed: 7, position: None },
//!     &Progress::none(),
//! ) else { panic!("expected a frame") };
//! assert_eq!(frame.view.cells.iter().filter(|c| c.text == "2").count(), 1);
//!
//! // Ask the seed's best blind strategy for a move and play it.
//! let Response::Move { action, .. } = plugin.handle(
//!     Request::AiMove { game: "2048".into(), state: frame.state.clone(), strategy: "cyclic:drdl".into() },
//!     &Progress::none(),
//! ) else { panic!("expected a move") };
//! assert_eq!(action, "d");
//! let Response::Frame(next) = plugin.handle(
//!     Request::Apply { game: "2048".into(), state: frame.state, action },
//!     &Progress::none(),
//! ) else { panic!("expected a frame") };
//! assert_eq!(next.view.values[1].value, "1"); // moves
//!
//! // Expectimax at depth 2: no random choices, and a note on the search.
//! let Response::Move { note, .. } = plugin.handle(
//!     Request::AiMove { game: "2048".into(), state: next.state, strategy: "expectimax:depth=2".into() },
//!     &Progress::none(),
//! ) else { panic!("expected a move") };
//! assert!(note.starts_with("expectimax depth 2, "));
//!
//! // Twenty seed-rule games of greedy: the report's primary aggregate is the AETT.
//! let spec = ExperimentSpec { strategy: "greedy".into(), games: 20, seed: 1, rules: Some("seed".into()), opponent: None, shard: None };
//! let Response::Experiment(report) =
//!     plugin.handle(Request::Experiment { game: "2048".into(), spec }, &Progress::none())
//! else { panic!("expected a report") };
//! assert_eq!(report.primary, "aett");
//! assert!(report.aggregates["aett"].as_f64().unwrap() > 100.0);
//! ```

pub mod board;
pub mod expectimax;
pub mod experiment;
mod game;
pub mod heuristic;
pub mod position;
pub mod state;
pub mod strategy;

pub use game::{Game2048, palette};
pub use state::{Rules, State};
pub use strategy::Strategy;

use tritium_plugin_api::Plugin;

/// The plugin this library exports: one game, `2048`.
pub fn plugin() -> Plugin {
    Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Game2048)
}

tritium_plugin_api::export_plugin!(
    Plugin::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")).game(Game2048)
);
