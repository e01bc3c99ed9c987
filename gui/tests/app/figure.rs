//! The Figure page used like a person would: the barn traced by clicking its points, a
//! refused step with its reason, the hint, the pencil drawing by Step, Königsberg's verdict
//! after Open and its drawing started at once by Draw it, a point placed and joined in Edit,
//! the pencil's edges never hiding the tracing, and the canvas fitted, panned and zoomed.

use crate::common::{App, click_at, drag, drag_with};
use egui_kittest::kittest::Queryable as _;
use gui::TritiumApp;
use gui::pages::FigurePage;
use gui::pages::figure::state::{FigureMode, FigureState};
use gui::pages::figure::view::{EdgeLook, edge_look};

fn figure_page() -> App {
    crate::common::app_on_page("Figure")
}

fn click_point(h: &mut App, label: &str) {
    h.get_by_label(&format!("point {label}")).click();
    h.run();
}

fn message(h: &App) -> String {
    figures(h.state())
        .message
        .as_ref()
        .map(|(m, _)| m.clone())
        .unwrap_or_default()
}

/// The app's figure page.
fn figure(app: &TritiumApp) -> &FigurePage {
    app.page::<FigurePage>().expect("the figure page is listed")
}

/// The figure page's state.
fn figures(app: &TritiumApp) -> &FigureState {
    &figure(app).state
}

fn figures_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/figures")
}

#[test]
fn the_barn_is_traced_by_clicks_with_a_refusal_and_a_hint() {
    let mut h = figure_page();
    assert!(
        h.query_by_label("Euler trail: one stroke, from 3 or 4")
            .is_some()
    );
    h.get_by_label("Play").click();
    h.run();
    assert_eq!(figures(h.state()).mode, FigureMode::Play);
    // The apex is not a legal start: refused, with the reason.
    click_point(&mut h, "0");
    assert!(
        message(&h).contains("must start at 3 or 4"),
        "{}",
        message(&h)
    );
    click_point(&mut h, "3");
    click_point(&mut h, "4");
    // 4 → 3 again: that edge is drawn.
    click_point(&mut h, "3");
    assert!(message(&h).contains("already drawn"), "{}", message(&h));
    // The hint: from 4, the edges to 1 and 2 both keep the drawing finishable.
    h.get_by_label("Hint").click();
    h.run();
    assert_eq!(figures(h.state()).tracing.hint.len(), 2);
    for label in ["2", "1", "0", "2", "3", "1", "4"] {
        click_point(&mut h, label);
    }
    assert!(figures(h.state()).traced());
    assert!(message(&h).starts_with("Done!"), "{}", message(&h));
    assert!(h.query_by_label("traced 8 of 8 edges").is_some());
}

#[test]
fn the_pencil_draws_step_by_step_and_konigsberg_needs_two_strokes() {
    let mut h = figure_page();
    h.get_by_label("Draw").click();
    h.run();
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label("Step").click();
    h.run();
    assert!(h.query_by_label("drawn 2 of 8 edges").is_some());
    h.get_by_label("Count").click();
    h.run();
    assert!(
        h.query_by_label("88 drawings (from 3: 44, 4: 44)")
            .is_some()
    );
    // Open Königsberg by typing its path and pressing Enter.
    let path = figures_dir().join("konigsberg.ron");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("File")
        .type_text(&path.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.query_by_label("No single stroke: needs 2 strokes (4 odd points)")
            .is_some(),
        "{}",
        message(&h)
    );
    // Draw it draws at once: the first edge, and the pencil runs on by itself.
    h.get_by_label("Draw it").click();
    h.run_steps(2);
    assert!(h.query_by_label("2 strokes (the fewest)").is_some());
    assert!(
        h.query_by_label("drawn 1 of 7 edges").is_some(),
        "the first edge drawn without Step or Run"
    );
    assert!(figures(h.state()).pencil.running, "Run is on");
    // Two edges a second: the seven drawn in about three seconds of frames.
    let mut frames = 0;
    while h.query_by_label("drawn 7 of 7 edges").is_none() && frames < 600 {
        h.step();
        frames += 1;
    }
    assert!(
        h.query_by_label("drawn 7 of 7 edges").is_some(),
        "all drawn"
    );
    h.run();
    assert!(!figures(h.state()).pencil.running, "and the pencil stops");
}

#[test]
fn edit_places_a_point_and_joins_it() {
    let mut h = figure_page();
    // Click empty canvas far right: a new point "5".
    let four = {
        let page = figure(h.state());
        let v = page.state.figure().find("4").expect("4");
        page.view
            .point_on_screen(&page.state, v)
            .expect("on screen")
    };
    let cell = figure(h.state()).view.cell_size();
    click_at(&h, four + egui::vec2(2.0 * cell, 0.0));
    h.run();
    assert!(h.query_by_label("point 5").is_some());
    // 5 is selected: clicking 4 joins them.
    click_point(&mut h, "4");
    assert_eq!(figures(h.state()).figure().graph().edge_count(), 9);
    assert!(
        h.query_by_label("Euler trail: one stroke, from 3 or 5")
            .is_some()
    );
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(figures(h.state()).figure().graph().edge_count(), 8);
    // Dragging the apex two cells up-right moves it by whole cells.
    let apex = {
        let page = figure(h.state());
        let v = page.state.figure().find("0").expect("0");
        page.view
            .point_on_screen(&page.state, v)
            .expect("on screen")
    };
    drag(&mut h, apex, apex + egui::vec2(2.0 * cell, cell));
    h.run();
    let moved = {
        let f = figures(h.state()).figure();
        f.vertex(f.find("0").expect("0")).expect("0").pos
    };
    assert_eq!((moved.x, moved.y), (6, 1));
}

#[test]
fn open_shows_a_file_dialog_of_figures() {
    let mut h = figure_page();
    h.get_by_label("Open…").click();
    h.run();
    assert!(h.query_by_label("Open figure").is_some());
    // Into the figures folder by typing it (Enter on a folder enters it).
    h.get_by_label("File name")
        .type_text(&figures_dir().display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.query_by_label("barn.ron").is_some(),
        "the figures are listed"
    );
    h.get_by_label("konigsberg.ron").click();
    h.run();
    h.get_by_label("File name").click();
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.query_by_label("Open figure").is_none(),
        "the dialog closed"
    );
    assert!(
        h.query_by_label("No single stroke: needs 2 strokes (4 odd points)")
            .is_some(),
        "{}",
        message(&h)
    );
}

/// The screen position of point `label`.
fn point(h: &App, label: &str) -> egui::Pos2 {
    let page = figure(h.state());
    let v = page.state.figure().find(label).expect("a point");
    page.view
        .point_on_screen(&page.state, v)
        .expect("on screen")
}

#[test]
fn a_refusal_is_said_on_the_page_and_the_pencils_edges_do_not_hide_the_tracing() {
    let mut h = figure_page();
    // The pencil draws two edges first.
    h.get_by_label("Draw").click();
    h.run();
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label("Step").click();
    h.run();
    let drawn = figures(h.state()).pencil.drawn();
    let first = figures(h.state()).pencil.strokes[0].vertices[..2].to_vec();
    // Play: a refused start is said on the page, above the figure, not only at the bottom.
    h.get_by_label("Play").click();
    h.run();
    click_point(&mut h, "0");
    let refusal = message(&h);
    assert!(refusal.contains("must start at 3 or 4"), "{refusal}");
    let on_page = h.get_by_label(&refusal).rect();
    let canvas = figure(h.state()).view.canvas_rect();
    assert!(
        on_page.bottom() <= canvas.top() + 1.0,
        "{on_page:?} above {canvas:?}"
    );
    assert!(h.query_by_label(&format!("Error: {refusal}")).is_some());
    // Trace the pencil's first edge, then ask for a hint: those edges look traced and
    // hinted in Play, whatever the pencil drew.
    let labels: Vec<String> = first
        .iter()
        .map(|&v| figures(h.state()).figure().label(v).to_owned())
        .collect();
    for label in &labels {
        click_point(&mut h, label);
    }
    let state = figures(h.state());
    assert_eq!(state.tracing.edges, [drawn[0]]);
    assert_eq!(edge_look(state, &drawn, drawn[0]), EdgeLook::Traced);
    h.get_by_label("Hint").click();
    h.run();
    let state = figures(h.state());
    let hinted = state.tracing.hint.clone();
    assert!(!hinted.is_empty());
    for e in hinted {
        assert_eq!(edge_look(state, &drawn, e), EdgeLook::Hinted);
    }
    // Back in Draw, the pencil's drawing shows again.
    h.get_by_label("Draw").click();
    h.run();
    let state = figures(h.state());
    assert_eq!(edge_look(state, &drawn, drawn[1]), EdgeLook::Drawn(1));
}

#[test]
fn the_canvas_fits_a_figure_on_open_and_pans_and_zooms_like_the_circuit_canvas() {
    let mut h = figure_page();
    let path = figures_dir().join("konigsberg.ron");
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("File")
        .type_text(&path.display().to_string());
    h.run();
    h.get_by_label("Open").click();
    h.run();
    // Fitted: every point on the canvas, and the figure spans most of it one way.
    let canvas = figure(h.state()).view.canvas_rect();
    let labels: Vec<String> = {
        let f = figures(h.state()).figure();
        f.graph()
            .node_indices()
            .map(|v| f.label(v).to_owned())
            .collect()
    };
    let points: Vec<egui::Pos2> = labels.iter().map(|l| point(&h, l)).collect();
    assert!(
        points.iter().all(|p| canvas.shrink(20.0).contains(*p)),
        "{points:?} in {canvas:?}"
    );
    let spread = egui::Rect::from_points(&points);
    assert!(
        spread.width() > 0.6 * canvas.width() || spread.height() > 0.6 * canvas.height(),
        "{spread:?} fills {canvas:?}"
    );
    // The wheel pans.
    let a = &labels[0];
    let before = point(&h, a);
    h.hover_at(canvas.center());
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(-30.0, 40.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    h.run();
    assert!((point(&h, a) - before - egui::vec2(-30.0, 40.0)).length() < 0.5);
    // A pinch (Ctrl+wheel) zooms about the pointer: the point under it stays put.
    let cell = figure(h.state()).view.cell_size();
    let at = point(&h, a);
    let other = point(&h, &labels[1]);
    h.hover_at(at);
    h.event(egui::Event::Zoom(1.5));
    h.run();
    assert!((figure(h.state()).view.cell_size() - cell * 1.5).abs() < 1e-3);
    assert!((point(&h, a) - at).length() < 0.5);
    assert!(((point(&h, &labels[1]) - at).length() - (other - at).length() * 1.5).abs() < 1.0);
    // A right-button drag on empty canvas pans; Fit brings the whole figure back.
    let empty = canvas.left_top() + egui::vec2(10.0, 10.0);
    let before = point(&h, a);
    drag_with(
        &mut h,
        egui::PointerButton::Secondary,
        empty,
        egui::vec2(60.0, 40.0),
    );
    h.run();
    assert!((point(&h, a) - before - egui::vec2(60.0, 40.0)).length() < 1.0);
    h.get_by_label("Fit").click();
    h.run();
    let refitted: Vec<egui::Pos2> = labels.iter().map(|l| point(&h, l)).collect();
    assert_eq!(refitted, points, "the same fit as on open");
}
