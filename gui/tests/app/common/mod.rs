//! Helpers shared by the integration tests: circuit files, temporary directories, the app in a
//! headless `egui_kittest` harness, and pointer gestures on the canvas.
//!
//! # Canvas coordinates
//! The canvas draws in an [`egui::Scene`]: nodes live in *scene pixels* (grid cells times
//! [`CELL`]) and the scene layer is scaled and translated onto the screen. Two things follow:
//!
//! * egui 0.37 writes a widget's AccessKit bounds in its layer's coordinates, so the rect of a
//!   canvas node read through AccessKit (`harness.get_by_label("R").rect()`) is in scene pixels,
//!   not on the screen, and `Node::click()` would press the wrong spot. [`scene_to_screen`] reads
//!   the scene's transform from egui's memory and [`node_screen_rect`] applies it.
//! * Every canvas node is found by its label (switches and buttons are `Role::Button`, the other
//!   nodes `Role::Status`, whose name egui keeps apart from the value `-1`/`0`/`+1`).

pub mod plugins;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use egui::accesskit::Role;
use egui::emath::TSTransform;
use egui::{Pos2, Rect, pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gui::TritiumApp;
use gui::pages::circuit::geometry::{self, CELL};
use gui::pages::circuit::state::CircuitPageState;
use sim_core::Node;

/// eframe's storage, in memory: what a run leaves for the next.
#[derive(Debug, Default)]
pub struct Storage(pub HashMap<String, String>);

impl eframe::Storage for Storage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// The app in a test harness.
pub type App = Harness<'static, TritiumApp>;

/// The window size every test uses (the size `gui::run` opens).
pub const WINDOW: egui::Vec2 = vec2(1280.0, 800.0);

/// A circuit file of the repository's `circuits/` directory.
pub fn circuit_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../circuits")
        .join(name)
}

/// Every `.ron` circuit under `circuits/`, recursively, sorted — but the Euler figures of
/// `circuits/figures/`, which are not circuits.
pub fn circuit_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("circuits/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                if !path.ends_with("figures") {
                    walk(&path, files);
                }
            } else if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&circuit_path(""), &mut files);
    files.sort();
    files
}

/// A clock (half-period 1) driving a lamp through a NOT, placed in a new circuit: the ids of
/// the clock, the NOT and the lamp.
pub fn clock_not_lamp(
    state: &mut CircuitPageState,
) -> (sim_core::NodeId, sim_core::NodeId, sim_core::NodeId) {
    use sim_core::{NodeKind, Pos};
    let clock = state
        .place(NodeKind::Clock { half_period: 1 }, Pos { x: 0, y: 0 })
        .expect("placed");
    let not = state
        .place(NodeKind::Not, Pos { x: 6, y: 0 })
        .expect("placed");
    let lamp = state
        .place(NodeKind::Lamp, Pos { x: 12, y: 0 })
        .expect("placed");
    assert!(state.connect(clock, not, 0) && state.connect(not, lamp, 0));
    (clock, not, lamp)
}

/// `state` shown by the app in a 1280×800 harness, with the first frames run.
pub fn app(state: CircuitPageState) -> App {
    Harness::builder()
        .with_size(WINDOW)
        .with_max_steps(12)
        .build_ui_state(
            |ui, app: &mut TritiumApp| app.show(ui),
            TritiumApp::new(state),
        )
}

/// The app on an empty circuit, without plugins, switched to a page by its tab `tab`.
pub fn app_on_page(tab: &str) -> App {
    let mut h = app(CircuitPageState::default());
    h.run();
    h.get_by_label(tab).click();
    h.run();
    assert_eq!(h.state().page_title(), tab);
    h
}

/// The app showing a circuit file of `circuits/`.
pub fn app_with(name: &str) -> App {
    let state = CircuitPageState::open_or_report(&circuit_path(name));
    assert!(state.notice.is_none(), "{name}: {:?}", state.notice);
    app(state)
}

/// The app showing a circuit file of `circuits/` in a harness of short frames (20 ms): two
/// clicks a frame apart fall within egui's double-click delay (kittest's default frame is a
/// quarter of a second), as [`double_click_at`] needs.
pub fn app_with_short_frames(name: &str) -> App {
    let state = CircuitPageState::open_or_report(&circuit_path(name));
    assert!(state.notice.is_none(), "{name}: {:?}", state.notice);
    Harness::builder()
        .with_size(WINDOW)
        .with_step_dt(0.02)
        .with_max_steps(40)
        .build_ui_state(
            |ui, app: &mut TritiumApp| app.show(ui),
            TritiumApp::new(state),
        )
}

/// A fresh directory under the system's temp dir, removed (with its contents) on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty directory whose name contains `tag`, the process id and a counter.
    pub fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("tritium-gui-test-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// A path inside the directory.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names of the files in the directory, sorted.
    pub fn file_names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("read temp dir")
            .map(|e| {
                e.expect("dir entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The text of a label in the status bar (or anywhere) that starts with `prefix`, e.g.
/// `status(&h, "Queue: ")` → `"Queue: 3"`. Panics unless exactly one label matches.
pub fn status(h: &App, prefix: &str) -> String {
    let found: Vec<String> = h
        .query_all_by_label_contains(prefix)
        .filter(|n| n.accesskit_node().role() == Role::Label)
        .filter_map(|n| n.value())
        .filter(|v| v.starts_with(prefix))
        .collect();
    assert_eq!(found.len(), 1, "labels starting with {prefix:?}: {found:?}");
    found.into_iter().next().expect("one label")
}

/// The canvas scene's transform from scene pixels to screen points. The scene is the only
/// transformed layer of the app.
pub fn scene_to_screen(h: &App) -> TSTransform {
    let all: Vec<TSTransform> = h.ctx.memory(|m| m.to_global.values().copied().collect());
    assert_eq!(all.len(), 1, "expected one transformed layer: {all:?}");
    all[0]
}

/// A point in grid cells on the screen.
pub fn cell_to_screen(h: &App, cell: Pos2) -> Pos2 {
    scene_to_screen(h) * pos2(cell.x * CELL, cell.y * CELL)
}

/// The canvas node `label` of the open circuit (a copy, for its kind and position).
pub fn doc_node(h: &App, label: &str) -> Node {
    let c = h.state().state.circuit();
    let id = c.find(label).unwrap_or_else(|| panic!("no node {label:?}"));
    c[id].clone()
}

/// The rect of canvas node `label` in scene pixels, from its position and [`geometry`].
fn scene_rect(node: &Node) -> Rect {
    let r = geometry::rect(node);
    Rect::from_min_max(
        pos2(r.min.x * CELL, r.min.y * CELL),
        pos2(r.max.x * CELL, r.max.y * CELL),
    )
}

/// The AccessKit node of canvas node `label`: by label, or (for gates and lamps, whose label
/// egui overwrites, see the module docs) by its bounds, which must match its position.
fn canvas_node<'h>(h: &'h App, label: &'h str) -> egui_kittest::Node<'h> {
    h.get_by_label(label)
}

/// The value canvas node `label` shows through AccessKit: `"-1"`, `"0"` or `"+1"`.
pub fn node_value(h: &App, label: &str) -> String {
    canvas_node(h, label)
        .value()
        .unwrap_or_else(|| panic!("{label:?} has no value"))
}

/// Canvas node `label`'s rect on the screen: its AccessKit bounds (scene pixels) through the
/// scene transform. Checks the bounds against the node's position first.
pub fn node_screen_rect(h: &App, label: &str) -> Rect {
    let node = doc_node(h, label);
    let bounds = canvas_node(h, label).rect();
    let want = scene_rect(&node);
    assert!(
        (bounds.min - want.min).length() < 0.01 && (bounds.max - want.max).length() < 0.01,
        "{label}: AccessKit bounds {bounds:?}, expected {want:?} (scene pixels)"
    );
    scene_to_screen(h) * bounds
}

/// Where input pin `pin` of canvas node `label` is on the screen.
pub fn input_pin(h: &App, label: &str, pin: usize) -> Pos2 {
    let p = geometry::input_pin(&doc_node(h, label), pin);
    cell_to_screen(h, pos2(p.x, p.y))
}

/// Where the output pin of canvas node `label` is on the screen.
pub fn output_pin(h: &App, label: &str) -> Pos2 {
    let out = geometry::output_pin(&doc_node(h, label))
        .unwrap_or_else(|| panic!("{label} has no output"));
    cell_to_screen(h, pos2(out.x, out.y))
}

/// Queues a primary click at `pos` (move, press, release: one frame each when stepped).
pub fn click_at(h: &App, pos: Pos2) {
    h.hover_at(pos);
    h.drag_at(pos);
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
}

/// A primary double-click at `pos`: two presses and releases, one frame each, then the frames
/// run (in a harness of [`app_with_short_frames`], or the clicks are too far apart). It waits
/// first until the last click is older than egui's double-click delay, so that an earlier
/// click does not make it a triple-click.
pub fn double_click_at(h: &mut App, pos: Pos2) {
    h.hover_at(pos);
    h.step();
    let delay = h.ctx.options(|o| o.input_options.max_double_click_delay);
    while f64::from(h.ctx.input(|i| i.pointer.time_since_last_click())) <= delay {
        h.step();
    }
    for _ in 0..2 {
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
            h.step();
        }
    }
    h.run();
}

/// Drags with the primary button from `from` to `to` in ten moves, one frame each, and
/// releases there; then removes the pointer.
pub fn drag(h: &mut App, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.drag_at(from);
    h.step();
    for i in 1..=10u8 {
        h.hover_at(from + (to - from) * (f32::from(i) / 10.0));
        h.step();
    }
    h.drop_at(to);
    h.step();
}

/// Clicks canvas node `label` where it is on the screen (a real pointer click).
pub fn click_node(h: &App, label: &str) {
    click_at(h, node_screen_rect(h, label).center());
}

/// Drags with `button` from `from` by `by` in ten moves and releases (e.g. to pan).
pub fn drag_with(h: &mut App, button: egui::PointerButton, from: Pos2, by: egui::Vec2) {
    let press = |pos, pressed| egui::Event::PointerButton {
        pos,
        button,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.hover_at(from);
    h.event(press(from, true));
    h.step();
    for i in 1..=10u8 {
        h.hover_at(from + by * (f32::from(i) / 10.0));
        h.step();
    }
    h.event(press(from + by, false));
    h.step();
}

/// Zooms the canvas to 100 % the way a user would (a pinch, as Ctrl+scroll is), about a point
/// above and left of the scene's origin so that the origin moves towards the canvas's top-left
/// corner. Does nothing at 100 % already.
pub fn zoom_to_100(h: &mut App) {
    let before = scene_to_screen(h);
    if (before.scaling - 1.0).abs() < 1e-3 {
        return;
    }
    let about = before * pos2(-60.0, -60.0);
    let palette_edge = h.get_by_label("Constant +1").rect().right();
    assert!(about.x > palette_edge + 10.0, "{about:?} is on the canvas");
    h.hover_at(about);
    h.event(egui::Event::Zoom(1.0 / before.scaling));
    h.run();
    let zoom = scene_to_screen(h).scaling;
    assert!((zoom - 1.0).abs() < 1e-3, "zoom {zoom}");
}

/// Scrolls widget `label` into view (the palette scrolls once it is longer than the window)
/// and clicks it.
pub fn scroll_and_click(h: &mut App, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// Opens File → Open… from the menu.
pub fn file_open(h: &mut App) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Open…  (Ctrl+O)").click();
    h.run();
}

/// Types `text` into the dialog's file-name field and presses Enter.
pub fn type_name_and_enter(h: &mut App, text: &str) {
    h.get_by_label("File name").type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
}

/// Opens `path` with File → Open…, typing it into the dialog.
pub fn open_file(h: &mut App, path: &Path) {
    file_open(h);
    type_name_and_enter(h, &path.display().to_string());
}

/// Clicks canvas bus (or node) `label` where its widget is: AccessKit bounds are in scene
/// pixels (see the module docs), mapped onto the screen.
pub fn click_bus(h: &mut App, label: &str) {
    let bounds = h.get_by_label(label).rect();
    click_at(h, (scene_to_screen(h) * bounds).center());
    h.run();
}

/// Types `text` into the inspector's `Number` field (replacing what it held) and presses
/// Enter, as a user would.
pub fn enter_number(h: &mut App, text: &str) {
    h.get_by_label("Number").focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label("Number").type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// Types `text` into the field labelled `label` (replacing what it held) and presses Enter.
pub fn type_into(h: &mut App, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.key_press(egui::Key::Backspace);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// Arms palette item `item` with a click (the palette keeps it armed), scrolled into view
/// first: the palette is longer than the window.
pub fn arm(h: &mut App, item: &str) {
    scroll_and_click(h, item);
}

/// Clicks the canvas at grid point `cell` (with a palette item armed: places it there).
pub fn click_cell(h: &mut App, cell: Pos2) {
    let p = cell_to_screen(h, cell);
    click_at(h, p);
    h.run();
}

/// Drags a wire from `from`'s output pin to input pin `pin` of `to`.
pub fn wire(h: &mut App, from: &str, to: &str, pin: usize) {
    let (a, b) = (output_pin(h, from), input_pin(h, to, pin));
    drag(h, a, b);
    h.run();
}

/// The RS latch, set (Q = +1) by clicks on R and S, in Step mode with R := +1 queued: the
/// start of the step-by-step reset that `latch.rs` walks and `render.rs` draws.
pub fn latch_with_a_queued_reset() -> App {
    let mut h = app_with("rs_nor_latch.ron");
    // R = −1; S = −1, +1, −1: set and holding.
    for label in ["R", "S", "S", "S"] {
        click_node(&h, label);
        h.run();
    }
    assert_eq!(
        [node_value(&h, "Q"), node_value(&h, "Qn")],
        ["+1", "-1"],
        "set"
    );
    h.get_by_label("Step mode").click();
    h.run();
    click_node(&h, "R");
    h.run();
    h
}

/// A circuit file with a syntax error: the comma after `"B"` is missing on line 5.
pub const MALFORMED: &str = r#"(
    version: 1,
    nodes: [
        (label: "A", kind: Switch),
        (label: "B" kind: Switch),
    ],
)
"#;

/// Opens the Analysis window and runs the hazard analysis of the change `from` → `to`
/// (`A=-1, B=+1`), set in the app's state directly; then one frame.
pub fn analyze_hazards(h: &mut App, from: &str, to: &str) {
    let state = &mut h.state_mut().state;
    state.open_analysis();
    from.clone_into(&mut state.analysis.from);
    to.clone_into(&mut state.analysis.to);
    state.analyze_hazards();
    h.run();
}

/// Whether Yosys runs (the program `loader::Yosys::find` names); if not, says why the test
/// skips — or fails, under `TRITIUM_REQUIRE_ORACLES=1` (CI installs it), as the binary's
/// oracle tests do.
pub fn yosys_available() -> bool {
    let found = loader::Yosys::find().is_available();
    if !found {
        let required = std::env::var("TRITIUM_REQUIRE_ORACLES").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "TRITIUM_REQUIRE_ORACLES=1 but Yosys is not installed"
        );
        eprintln!("skipped: Yosys is not installed");
    }
    found
}
