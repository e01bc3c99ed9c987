//! The Tritium plugin API: the only crate a plugin depends on.
//!
//! A plugin is a dynamic library (`cdylib`) that provides games (with AI strategies and
//! experiments) and puzzle solvers. Authors write safe Rust — implement [`Game`] or [`Solver`],
//! collect them in a [`Plugin`] and call [`export_plugin!`] once — and this crate does the
//! rest: a C ABI entry table checked by version and size ([`abi`]), JSON messages
//! ([`protocol`]) in buffers the plugin allocates and frees, panics caught at the boundary
//! and turned into [`PluginError::Panic`], and [`Progress`] for long calls that the host can
//! cancel.
//!
//! ```
//! use tritium_plugin_api::protocol::*;
//! use tritium_plugin_api::{Game, Plugin, PluginError, Progress};
//!
//! /// Count to three: the smallest game there is.
//! struct Count;
//!
//! impl Game for Count {
//!     type State = u32;
//!     fn info(&self) -> GameInfo {
//!         GameInfo {
//!             name: "count".into(),
//!             title: "Count to three".into(),
//!             description: "Press + until you reach 3.".into(),
//!             rules: vec!["standard".into()],
//!             strategies: vec![],
//!             sweeps: vec![],
//!             perft: false,
//!             players: vec![],
//!             fixed_actions: vec![],
//!             legend: vec![],
//!         }
//!     }
//!     fn new_game(&self, _rules: Option<&str>, _seed: u64) -> Result<u32, PluginError> {
//!         Ok(0)
//!     }
//!     fn view(&self, n: &u32) -> StateView {
//!         let cells = vec![Cell { text: n.to_string(), ..Cell::default() }];
//!         StateView { rows: 1, cols: 1, cells, values: vec![], preview: None }
//!     }
//!     fn position(&self, n: &u32) -> String {
//!         n.to_string()
//!     }
//!     fn new_game_at(&self, _: Option<&str>, text: &str, _: u64) -> Result<u32, PluginError> {
//!         match text.trim().parse() {
//!             Ok(n) if n <= 3 => Ok(n),
//!             _ => Err(PluginError::bad_parameter(text, "a count 0..=3")),
//!         }
//!     }
//!     fn actions(&self, n: &u32) -> Vec<ActionInfo> {
//!         let plus = ActionInfo { id: "+".into(), label: "Plus one".into(), key: None, path: vec![] };
//!         if *n < 3 { vec![plus] } else { vec![] }
//!     }
//!     fn outcome(&self, n: &u32) -> Option<String> {
//!         (*n == 3).then(|| "reached 3".into())
//!     }
//!     fn apply(&self, n: &mut u32, action: &str) -> Result<(), PluginError> {
//!         if action != "+" || *n >= 3 {
//!             return Err(PluginError::illegal(action, "only + until 3"));
//!         }
//!         *n += 1;
//!         Ok(())
//!     }
//!     fn ai_move(&self, _: &u32, _: &str, _: &Progress<'_>) -> Result<(String, String), PluginError> {
//!         Ok(("+".into(), String::new()))
//!     }
//!     fn experiment(&self, spec: &ExperimentSpec, _: &Progress<'_>) -> Result<ExperimentReport, PluginError> {
//!         Err(PluginError::bad_parameter(&spec.strategy, "no experiments"))
//!     }
//! }
//!
//! let plugin = Plugin::new("count-plugin", "1.0").game(Count);
//! // A library would now call `tritium_plugin_api::export_plugin!(...)`; the host then sends
//! // the same requests through the C ABI that `handle` answers here.
//! let Response::Frame(frame) = plugin.handle(
//!     Request::NewGame { game: "count".into(), rules: None, seed: 7, position: None },
//!     &Progress::none(),
//! ) else { panic!("expected a frame") };
//! let next = plugin.handle(
//!     Request::Apply { game: "count".into(), state: frame.state, action: "+".into() },
//!     &Progress::none(),
//! );
//! let Response::Frame(frame) = next else { panic!("expected a frame") };
//! assert_eq!(frame.view.cells[0].text, "1");
//! assert_eq!(frame.position, "1");
//! // The position text starts a game where this one stands.
//! let Response::Frame(again) = plugin.handle(
//!     Request::NewGame { game: "count".into(), rules: None, seed: 0, position: Some(frame.position) },
//!     &Progress::none(),
//! ) else { panic!("expected a frame") };
//! assert_eq!(again.view, frame.view);
//! ```

pub mod abi;
mod error;
mod game;
mod plugin;
mod progress;
pub mod protocol;
pub mod seed;
mod sink;

pub use abi::ABI_VERSION;
pub use error::PluginError;
pub use game::{Game, Solver};
pub use plugin::Plugin;
pub use progress::Progress;
pub use protocol::{Request, Response};
