//! gui: Tritium's desktop app — draw ternary circuits on a canvas, toggle switches, and step
//! the propagation one event at a time; and play the games of plugins, watch their AIs, and
//! plot experiments.
//!
//! The app is organised by page ([`pages`]: circuit, figure, plugins, game, experiments): each
//! page's folder holds its state, plain Rust with every user action as a method, testable
//! without a window, and its views, small egui types that draw the state and call those
//! methods. Every page implements one [`pages::Page`] trait and is listed once in
//! [`pages::all`]. [`TritiumApp`] shows the pages under a row of tabs; [`run`] opens it in a
//! native window. Below the pages, [`common`] holds what every page may use (notices, the file
//! dialog) and [`games`] the plugin pages' shared model; pages import those and never each
//! other. The circuit page's modules are reached by their paths, e.g.
//! [`pages::circuit::state`].
//!
//! ```
//! use gui::pages::circuit::state::{CircuitPageState, Mode};
//! use sim_core::{NodeKind, Pos, Trit};
//!
//! // Build a NOT gate driven by a switch, the way the canvas would.
//! let mut app = CircuitPageState::default();
//! let sw = app.place(NodeKind::Switch, Pos { x: 0, y: 0 }).expect("placed");
//! let not = app.place(NodeKind::Not, Pos { x: 6, y: 0 }).expect("placed");
//! assert!(app.connect(sw, not, 0));
//! app.set_value(sw, Trit::True); // Run mode: settles at once
//! assert_eq!(app.sim.value(not), Trit::False);
//! app.undo();                    // the wire is gone again
//! assert_eq!(app.circuit().wire_count(), 0);
//! assert_eq!(app.sim.mode, Mode::Run);
//! ```

pub mod app;
pub mod common;
pub mod games;
pub mod pages;

use std::path::{Path, PathBuf};

pub use app::TritiumApp;

use pages::circuit::state::CircuitPageState;

/// Opens the app in a native window on `path` (or on an empty circuit), and returns when the
/// window closes. A file that cannot be loaded opens an empty circuit showing the error.
///
/// For screenshots, the environment variable `TRITIUM_DEMO_STEPS` (see [`app::apply_demo`])
/// sets switches and steps events before the first frame, e.g. `TRITIUM_DEMO_STEPS="R=+1;3"`.
///
/// # Errors
/// If no window can be created (for example, no display).
pub fn run(path: Option<&Path>) -> eframe::Result {
    run_with_plugins(path, &[])
}

/// [`run`], with plugins searched in `plugin_dirs` (e.g. `--plugin-dir`), then in the
/// directories of `TRITIUM_PLUGIN_PATH`, then in the executable's directory — the CLI's
/// search path ([`plugin_host::search_path`]).
///
/// # Errors
/// If no window can be created (for example, no display).
pub fn run_with_plugins(path: Option<&Path>, plugin_dirs: &[PathBuf]) -> eframe::Result {
    let games = games::state::GamesState::discover(&plugin_host::search_path(plugin_dirs));
    let mut state = path.map_or_else(CircuitPageState::default, CircuitPageState::open_or_report);
    if let Ok(script) = std::env::var(app::DEMO_VAR)
        && let Err(message) = app::apply_demo(&mut state, &script)
    {
        state.error(message.to_string());
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_title(state.doc.title()),
        ..Default::default()
    };
    eframe::run_native(
        "Tritium",
        options,
        Box::new(|cc| {
            let mut app = TritiumApp::with_games(state, games);
            // eframe's storage (its `persistence` feature): a file in the user's data folder.
            if let Some(storage) = cc.storage {
                app.restore(storage);
            }
            Ok(Box::new(app))
        }),
    )
}
