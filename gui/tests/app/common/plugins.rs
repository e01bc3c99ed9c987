//! Helpers for the plugin tests: the plugin libraries cargo builds, the app on its Plugins
//! page, form filling, waiting for the worker thread, and the board read through AccessKit.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::pages::game::view::cell_label;
use tritium_plugin_api::protocol::Frame;

use super::App;

/// `lib<name>.so` (or the platform's equivalent) in the first of `dirs` that has it.
pub fn library(name: &str, dirs: &[PathBuf]) -> PathBuf {
    let file = format!(
        "{}{name}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    dirs.iter()
        .map(|dir| dir.join(&file))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("{file} is not built in {dirs:?}: `cargo test` builds it"))
}

/// `target/<profile>/`, from the test binary in its `deps/`.
pub fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>")
        .to_owned()
}

/// The 2048 plugin library, built because `game-2048` is a dev-dependency: cargo builds it
/// into `deps/` for the tests (the copy in `target/<profile>/` is only refreshed by a build of
/// the workspace, and may be older).
pub fn game_2048() -> PathBuf {
    let dir = profile_dir();
    library("game_2048", &[dir.join("deps"), dir])
}

/// The Threes! plugin library, built like [`game_2048`] (`game-threes` is a dev-dependency).
pub fn game_threes() -> PathBuf {
    let dir = profile_dir();
    library("game_threes", &[dir.join("deps"), dir])
}

/// The checkers plugin library, built like [`game_2048`] (`game-checkers` is a
/// dev-dependency).
pub fn game_checkers() -> PathBuf {
    let dir = profile_dir();
    library("game_checkers", &[dir.join("deps"), dir])
}

/// The sliding-puzzle plugin library, built like [`game_2048`] (`game-sliding` is a
/// dev-dependency).
pub fn game_sliding() -> PathBuf {
    let dir = profile_dir();
    library("game_sliding", &[dir.join("deps"), dir])
}

/// Built by `cargo test` (all targets), not by `cargo test --test plugins`.
pub fn panicking_plugin() -> PathBuf {
    library("fixture_gui_panics", &[profile_dir().join("examples")])
}

/// The app without plugins, on the Plugins page.
pub fn app() -> App {
    super::app_on_page("Plugins")
}

/// Replaces the text of the field named `label` with `text`, as a user would.
pub fn fill(h: &mut App, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
    // Leave the field, so that keys go to the game again.
    h.key_press(Key::Escape);
    h.run();
}

/// Types `path` into "Library path" and presses "Load plugin…".
pub fn load(h: &mut App, path: &std::path::Path) {
    fill(h, "Library path", &path.display().to_string());
    h.get_by_label("Load plugin…").click();
    h.run();
}

/// Picks `option` from the combo box named `combo`.
pub fn choose(h: &mut App, combo: &str, option: &str) {
    h.get_by_label(combo).click();
    h.run();
    h.get_by_label(option).click();
    h.run();
}

/// Steps frames (in real time) until `done`, at most a minute: the worker thread runs meanwhile.
pub fn wait_until(h: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(h) {
        assert!(
            start.elapsed() < Duration::from_mins(1),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    h.run();
}

/// The board as its cells' accessible names, row by row.
pub fn board(h: &App) -> Vec<String> {
    h.query_all_by_label_contains("row ")
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.contains(" col "))
        .collect()
}

/// The names `board` expects for a frame.
pub fn expected_board(frame: &Frame) -> Vec<String> {
    let cols = frame.view.cols as usize;
    frame
        .view
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| cell_label(i / cols, i % cols, &c.text))
        .collect()
}

/// The error line at the bottom of a plugin page.
pub fn error_line(h: &App) -> String {
    h.get_by_label_contains("Error: ")
        .accesskit_node()
        .label()
        .or_else(|| h.get_by_label_contains("Error: ").value())
        .expect("the error has a text")
}

/// The frame of the game in progress.
pub fn game_frame(h: &App) -> Frame {
    h.state()
        .games
        .play
        .session
        .as_ref()
        .expect("a game runs")
        .frame
        .clone()
}
