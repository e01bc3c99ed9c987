//! View → Theme: light, dark or following the system, remembered between runs; a snapshot of
//! the canvas in each theme (`tests/snapshots/theme_light.png`, `theme_dark.png`).

use egui::ThemePreference;
use egui_kittest::kittest::Queryable as _;
use gui::TritiumApp;
use gui::common::theme::THEME_KEY;
use gui::pages::circuit::draw::Colors;
use gui::pages::circuit::state::CircuitPageState;
use sim_core::Trit;

use crate::common::{App, Storage, app, app_with, circuit_path};

/// Clicks View → Theme → `choice` and closes the menu.
pub fn choose_theme(h: &mut App, choice: &str) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Theme").click();
    h.run();
    h.get_by_label(choice).click();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
}

/// The full adder with A = +1, B = −1, CIN unknown: every value colour on the canvas.
fn full_adder_with_every_value() -> App {
    let mut state = CircuitPageState::open_or_report(&circuit_path("full_adder.ron"));
    for (label, v) in [("A", Trit::True), ("B", Trit::False)] {
        let id = state.circuit().find(label).expect("a switch");
        state.set_value(id, v);
    }
    app(state)
}

#[test]
fn the_app_opens_light_and_view_theme_makes_it_dark() {
    let mut h = app_with("full_adder.ron");
    h.run();
    assert_eq!(h.ctx.theme(), egui::Theme::Light, "paper-like at first");
    assert_eq!(h.state().theme(), ThemePreference::Light);
    choose_theme(&mut h, "Dark");
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    assert_eq!(h.state().theme(), ThemePreference::Dark);
    // The canvas is painted on the dark theme's paper.
    let paper = h.output().shapes.iter().any(|s| match &s.shape {
        egui::Shape::Rect(r) => r.fill == Colors::DARK.paper,
        _ => false,
    });
    assert!(paper, "the canvas has the dark paper");
    choose_theme(&mut h, "Follow the system");
    assert_eq!(h.state().theme(), ThemePreference::System);
    choose_theme(&mut h, "Light");
    assert_eq!(h.ctx.theme(), egui::Theme::Light);
}

#[test]
fn the_theme_is_remembered_for_the_next_run() {
    let mut storage = Storage::default();
    let mut h = app_with("half_adder.ron");
    h.run();
    choose_theme(&mut h, "Dark");
    eframe::App::save(h.state_mut(), &mut storage);
    assert_eq!(storage.0.get(THEME_KEY).map(String::as_str), Some("dark"));

    // The next run: the app restored from the storage before its first frame.
    let mut next = TritiumApp::new(CircuitPageState::default());
    next.restore(&storage);
    let mut h = egui_kittest::Harness::builder()
        .with_size(crate::common::WINDOW)
        .build_ui_state(|ui, app: &mut TritiumApp| app.show(ui), next);
    h.run();
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    assert_eq!(h.state().theme(), ThemePreference::Dark);
}

#[test]
fn the_canvas_in_the_light_theme() {
    let mut h = full_adder_with_every_value();
    h.remove_cursor();
    h.run();
    h.snapshot("theme_light");
}

#[test]
fn the_canvas_in_the_dark_theme() {
    let mut h = full_adder_with_every_value();
    choose_theme(&mut h, "Dark");
    h.remove_cursor();
    h.run();
    h.snapshot("theme_dark");
}
