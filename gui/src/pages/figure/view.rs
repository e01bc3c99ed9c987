//! The Figure page: "draw it without lifting your pencil" on a canvas of grid cells like the
//! circuit editor's. A side panel holds the file (a path field, Open, Save, and Open… for the
//! file dialog), the mode (Edit, Draw, Play)
//! and its buttons; the verdict is always shown above the canvas. Points are widgets named
//! `point LABEL`, so they can be clicked by name.

use std::path::PathBuf;

use egui::{Align2, Color32, FontId, Key, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};
use sim_core::Pos;
use sim_core::figure::{EdgeId, VertexId};

use crate::common::file_dialog::{self, FileDialog, Outcome, Purpose};
use crate::pages::figure::state::{FigureMode, FigureState};

/// Pixels per grid cell on the figure canvas at 100 %.
const SCALE: f32 = 32.0;

/// The closest and farthest zoom, in pixels per grid cell.
const MAX_SCALE: f32 = 96.0;
const MIN_SCALE: f32 = 4.0;

/// The margin a fitted figure keeps from the canvas's edges, in pixels.
const MARGIN: f32 = 48.0;

/// A point's radius, in pixels.
const RADIUS: f32 = 11.0;

const INK: Color32 = Color32::from_rgb(60, 60, 70);
const DRAWN: Color32 = Color32::from_rgb(30, 90, 200);
const TRACED: Color32 = Color32::from_rgb(20, 150, 60);
const HINT: Color32 = Color32::from_rgb(235, 140, 20);
const ODD: Color32 = Color32::from_rgb(220, 120, 20);

/// The figure page's view state: where the canvas is, and its pan and zoom (the mouse wheel
/// pans, Ctrl+wheel or a pinch zooms about the pointer, a right- or middle-button drag pans,
/// as on the circuit canvas; a figure opened is fitted to the canvas, and Fit does it again).
#[derive(Debug)]
pub struct FigureView {
    /// Edges per second while Run is on.
    pub speed: f32,
    /// The canvas on the screen in the last frame.
    rect: Rect,
    /// Where grid cell (0, 0) is, relative to the canvas's top-left corner, in pixels.
    offset: Vec2,
    /// Pixels per grid cell (the zoom).
    scale: f32,
    /// The [`FigureState::opened`] count of the figure last fitted; `None`: fit it.
    fitted: Option<u64>,
    /// The point being dragged, and where it is now (cells).
    dragging: Option<(VertexId, Pos2)>,
    /// The file dialog of "Open…", while it is shown.
    browsing: Option<FileDialog>,
    /// The figure files opened from the dialog in this session, newest first.
    recent: Vec<PathBuf>,
}

impl Default for FigureView {
    fn default() -> FigureView {
        FigureView {
            speed: 2.0,
            rect: Rect::ZERO,
            offset: vec2(MARGIN, MARGIN),
            scale: SCALE,
            fitted: None,
            dragging: None,
            browsing: None,
            recent: Vec::new(),
        }
    }
}

impl FigureView {
    /// Where grid cell `p` is on the screen.
    fn screen(&self, p: Pos2) -> Pos2 {
        self.rect.min + self.offset + p.to_vec2() * self.scale
    }

    /// The grid cell under a screen position (never left of or above the origin).
    fn cell(&self, s: Pos2) -> Pos {
        let c = (s - self.rect.min - self.offset) / self.scale;
        Pos {
            x: c.x.round().max(0.0) as i32,
            y: c.y.round().max(0.0) as i32,
        }
    }

    /// Pixels per grid cell now (the zoom; 32 at 100 %).
    pub fn cell_size(&self) -> f32 {
        self.scale
    }

    /// The canvas on the screen in the last frame.
    pub fn canvas_rect(&self) -> Rect {
        self.rect
    }

    /// Zooms and pans so that the whole figure fits the canvas, centred, with a margin.
    fn fit(&mut self, figure: &sim_core::figure::Figure) {
        let points: Vec<Pos2> = figure
            .graph()
            .node_indices()
            .filter_map(|v| figure.vertex(v))
            .map(|w| pos2(w.pos.x as f32, w.pos.y as f32))
            .collect();
        if points.is_empty() {
            self.scale = SCALE;
            self.offset = vec2(MARGIN, MARGIN);
            return;
        }
        let bounds = Rect::from_points(&points);
        let room = (self.rect.size() - Vec2::splat(2.0 * MARGIN)).max(Vec2::splat(1.0));
        let size = bounds.size().max(Vec2::splat(1.0));
        self.scale = (room.x / size.x)
            .min(room.y / size.y)
            .clamp(MIN_SCALE, MAX_SCALE);
        self.offset = self.rect.size() / 2.0 - bounds.center().to_vec2() * self.scale;
    }

    /// The wheel pans, Ctrl+wheel (a pinch) zooms about the pointer, a right- or
    /// middle-button drag on the canvas pans.
    fn pan_and_zoom(&mut self, ui: &egui::Ui, background: &egui::Response) {
        let (scroll, zoom, pointer) =
            ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta(), i.pointer.hover_pos()));
        if pointer.is_some_and(|p| self.rect.contains(p)) {
            if let Some(p) = pointer
                && (zoom - 1.0).abs() > f32::EPSILON
            {
                let anchor = p - self.rect.min;
                let scale = (self.scale * zoom).clamp(MIN_SCALE, MAX_SCALE);
                self.offset = anchor - (anchor - self.offset) * (scale / self.scale);
                self.scale = scale;
            }
            self.offset += scroll;
        }
        if background.dragged_by(egui::PointerButton::Secondary)
            || background.dragged_by(egui::PointerButton::Middle)
        {
            self.offset += background.drag_delta();
        }
    }

    /// Where point `v` is on the screen (for tests), if it exists.
    pub fn point_on_screen(&self, state: &FigureState, v: VertexId) -> Option<Pos2> {
        let w = state.figure().vertex(v)?;
        Some(self.screen(pos2(w.pos.x as f32, w.pos.y as f32)))
    }

    /// Draws the page.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut FigureState) {
        let dt = ui.input(|i| i.stable_dt).min(0.25);
        state.advance(dt, 1.0 / self.speed.max(0.1));
        if state.pencil.running {
            ui.ctx().request_repaint();
        }
        egui::Panel::left("figure-controls")
            .resizable(false)
            .default_size(260.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.controls(ui, state));
            });
        egui::Panel::bottom("figure-status").show(ui, |ui| match &state.message {
            Some((text, true)) => {
                ui.colored_label(ui.visuals().error_fg_color, format!("Error: {text}"));
            }
            Some((text, false)) => {
                ui.label(text);
            }
            None => {
                ui.label(match state.mode {
                    FigureMode::Edit => {
                        "Edit: click to place a point, click two points to join them, drag to \
                         move, Delete removes the selected point, Ctrl+Z undoes"
                    }
                    FigureMode::Draw => {
                        "Draw: Draw it starts the pencil, Step draws the next edge, Run \
                         animates it; odd points are ringed"
                    }
                    FigureMode::Play => {
                        "Play: click points to trace the figure; Hint shows the edges that \
                         still let you finish"
                    }
                });
            }
        });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.label(
                egui::RichText::new(state.verdict_text())
                    .strong()
                    .size(16.0),
            );
            // A refusal (or any error) is said on the page, next to the figure, not only
            // on the status line.
            if let Some((text, true)) = &state.message {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    egui::RichText::new(text).strong(),
                );
            }
            self.canvas(ui, state);
        });
        Self::keys(ui, state);
    }

    fn keys(ui: &egui::Ui, state: &mut FigureState) {
        if ui.memory(|m| m.focused().is_some()) {
            return;
        }
        let (delete, undo) = ui.input_mut(|i| {
            (
                i.key_pressed(Key::Delete) || i.key_pressed(Key::Backspace),
                i.consume_shortcut(&egui::KeyboardShortcut::new(
                    egui::Modifiers::COMMAND,
                    Key::Z,
                )),
            )
        });
        if delete && state.mode == FigureMode::Edit {
            state.delete_selected();
        }
        if undo {
            match state.mode {
                FigureMode::Play => state.undo_trace(),
                _ => state.undo(),
            }
        }
    }

    /// The file: its path field (Enter opens), Open, Open… (the file dialog) and Save.
    fn file_controls(&mut self, ui: &mut egui::Ui, state: &mut FigureState) {
        let mut enter = false;
        ui.horizontal(|ui| {
            let label = ui.label("File");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut state.path_field)
                        .hint_text("circuits/figures/barn.ron")
                        .desired_width(150.0),
                )
                .labelled_by(label.id);
            // Enter in the field opens the file, as the Open button does.
            enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        });
        ui.horizontal(|ui| {
            let path = PathBuf::from(state.path_field.trim());
            if ui.button("Open").clicked() || enter {
                state.open(&path);
            }
            if ui.button("Open…").clicked() {
                let start = state.path.clone().or_else(|| Some(path.clone()));
                self.browsing = Some(FileDialog::new(
                    "Open figure",
                    Purpose::Open,
                    file_dialog::FIGURE_FILTERS,
                    start.as_deref().filter(|p| !p.as_os_str().is_empty()),
                ));
            }
            if ui.button("Save").clicked() {
                state.save(&path);
            }
            if state.dirty {
                ui.weak("(changed)");
            }
        });
        if let Some(dialog) = &mut self.browsing {
            match dialog.show(ui.ctx(), &self.recent) {
                Some(Outcome::Chosen(path)) => {
                    self.browsing = None;
                    state.open(&path);
                    if state.path.as_deref() == Some(path.as_path()) {
                        self.recent.retain(|p| *p != path);
                        self.recent.insert(0, path);
                    }
                }
                Some(Outcome::Cancelled) => self.browsing = None,
                None => {}
            }
        }
    }

    fn controls(&mut self, ui: &mut egui::Ui, state: &mut FigureState) {
        ui.heading("Figure");
        if !state.doc.name.is_empty() {
            ui.label(&state.doc.name);
        }
        self.file_controls(ui, state);
        if ui
            .button("Fit")
            .on_hover_text("Zoom and pan so that the whole figure shows")
            .clicked()
        {
            self.fitted = None;
        }
        ui.separator();
        ui.horizontal(|ui| {
            for (mode, name) in [
                (FigureMode::Edit, "Edit"),
                (FigureMode::Draw, "Draw"),
                (FigureMode::Play, "Play"),
            ] {
                if ui.selectable_label(state.mode == mode, name).clicked() && state.mode != mode {
                    state.mode = mode;
                    state.selected = None;
                }
            }
        });
        ui.separator();
        match state.mode {
            FigureMode::Edit => {
                ui.small("Click empty space to place a point; click a point, then another, to join them (again for a parallel edge); drag a point to move it.");
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(state.can_undo(), egui::Button::new("Undo"))
                        .clicked()
                    {
                        state.undo();
                    }
                    if ui
                        .add_enabled(state.selected.is_some(), egui::Button::new("Delete point"))
                        .clicked()
                    {
                        state.delete_selected();
                    }
                });
            }
            FigureMode::Draw => self.draw_controls(ui, state),
            FigureMode::Play => {
                ui.small("Click a point to put the pencil down, then the next point along an edge; every edge once.");
                ui.horizontal(|ui| {
                    if ui.button("Hint").clicked() {
                        state.hint();
                    }
                    if ui.button("Undo step").clicked() {
                        state.undo_trace();
                    }
                    if ui.button("Restart").clicked() {
                        state.restart();
                    }
                });
                let total = state.figure().graph().edge_count();
                ui.label(format!(
                    "traced {} of {total} edges",
                    state.tracing.edges.len()
                ));
                if !state.tracing.path.is_empty() {
                    ui.monospace(state.figure().path_text(&state.tracing.path));
                }
            }
        }
    }

    fn draw_controls(&mut self, ui: &mut egui::Ui, state: &mut FigureState) {
        ui.horizontal(|ui| {
            if ui
                .button("Draw it")
                .on_hover_text(
                    "Draw Hierholzer's trail (from the selected point if it may start one), or \
                     the fewest strokes, at once: the pencil starts running",
                )
                .clicked()
            {
                state.draw();
            }
            if ui.button("Step").clicked() {
                state.step();
            }
            let mut running = state.pencil.running;
            if ui.checkbox(&mut running, "Run").changed() {
                state.set_running(running);
            }
        });
        ui.add(egui::Slider::new(&mut self.speed, 0.5..=20.0).text("edges/s"));
        ui.horizontal(|ui| {
            let label = ui.label("Seed");
            ui.add(egui::TextEdit::singleline(&mut state.seed).desired_width(60.0))
                .labelled_by(label.id);
            if ui
                .button("Random drawing")
                .on_hover_text("A random trail from the seed, drawn at once")
                .clicked()
            {
                state.random_drawing();
            }
        });
        if ui
            .button("Count")
            .on_hover_text("Every drawing, counted exactly (up to 64 edges)")
            .clicked()
        {
            state.count();
        }
        if let Some(counts) = &state.counts {
            ui.label(counts);
        }
        if !state.pencil.strokes.is_empty() {
            ui.separator();
            ui.label(&state.pencil.title);
            ui.label(format!(
                "drawn {} of {} edges",
                state.pencil.shown,
                state.pencil.total()
            ));
            for (i, s) in state.pencil.strokes.iter().enumerate() {
                ui.monospace(format!(
                    "{}. {}",
                    i + 1,
                    state.figure().path_text(&s.vertices)
                ));
            }
        }
    }

    /// The grid, as dots (none when zoomed out so far that they would be a grey wash).
    fn paint_grid(&self, painter: &egui::Painter, rect: Rect) {
        if self.scale < 10.0 {
            return;
        }
        let (first, last) = (self.cell(rect.min), self.cell(rect.max));
        for x in first.x..=last.x {
            for y in first.y..=last.y {
                painter.circle_filled(
                    self.screen(pos2(x as f32, y as f32)),
                    1.2,
                    Color32::from_gray(205),
                );
            }
        }
    }

    /// Edit: a point follows the pointer by whole cells and lands where it is dropped (one
    /// undo step).
    fn drag_point(&mut self, response: &egui::Response, v: VertexId, state: &mut FigureState) {
        if response.drag_started()
            && let Some(w) = state.figure().vertex(v)
        {
            self.dragging = Some((v, pos2(w.pos.x as f32, w.pos.y as f32)));
        }
        if response.dragged()
            && let Some(at) = response.interact_pointer_pos()
        {
            let c = self.cell(at);
            self.dragging = Some((v, pos2(c.x as f32, c.y as f32)));
        }
        if response.drag_stopped()
            && let Some((d, at)) = self.dragging.take()
        {
            state.move_vertex(
                d,
                Pos {
                    x: at.x as i32,
                    y: at.y as i32,
                },
            );
        }
    }

    fn canvas(&mut self, ui: &mut egui::Ui, state: &mut FigureState) {
        let (rect, background) =
            ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        self.rect = rect;
        if self.fitted != Some(state.opened) {
            self.fit(state.figure());
            self.fitted = Some(state.opened);
        }
        self.pan_and_zoom(ui, &background);
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, Color32::from_gray(250));
        self.paint_grid(&painter, rect);
        // Borrowed for painting; what the clicks change is applied after the loop.
        let figure = state.figure();
        let g = figure.graph();
        let (origin, offset, scale, dragging) =
            (self.rect.min, self.offset, self.scale, self.dragging);
        let screen = |p: Pos2| origin + offset + p.to_vec2() * scale;
        let place = |v: VertexId| -> Pos2 {
            match dragging {
                Some((d, at)) if d == v => screen(at),
                _ => figure
                    .vertex(v)
                    .map_or(Pos2::ZERO, |w| screen(pos2(w.pos.x as f32, w.pos.y as f32))),
            }
        };
        paint_edges(&painter, figure, state, scale, &place);
        // Points: odd ones ringed, the selected one and the pencil marked.
        let odd = state.odd_vertices();
        let pencil = match state.mode {
            FigureMode::Draw => state.pencil.at(),
            FigureMode::Play => state.tracing.path.last().copied(),
            FigureMode::Edit => None,
        };
        let mut clicked = None;
        let mut responses = Vec::new();
        for v in g.node_indices() {
            let p = place(v);
            let label = figure.label(v).to_owned();
            let hit = Rect::from_center_size(p, Vec2::splat(2.0 * RADIUS + 4.0));
            let response = ui.interact(
                hit,
                ui.scope_id().with(("point", v.index())),
                Sense::click_and_drag(),
            );
            response.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::accesskit::Role::Button,
                    true,
                    format!("point {label}"),
                )
            });
            let fill = if Some(v) == pencil {
                DRAWN
            } else if state.selected == Some(v) {
                Color32::from_rgb(120, 170, 255)
            } else {
                Color32::WHITE
            };
            painter.circle(p, RADIUS, fill, Stroke::new(2.0, INK));
            if odd.contains(&v) {
                painter.circle_stroke(p, RADIUS + 4.0, Stroke::new(2.5, ODD));
            }
            painter.text(
                p,
                Align2::CENTER_CENTER,
                &label,
                FontId::proportional(12.0),
                if Some(v) == pencil {
                    Color32::WHITE
                } else {
                    INK
                },
            );
            if response.clicked() {
                clicked = Some(v);
            }
            responses.push((v, response));
        }
        if let Some(v) = clicked {
            match state.mode {
                FigureMode::Edit => state.click_vertex_edit(v),
                FigureMode::Play => state.click_vertex_play(v),
                FigureMode::Draw => state.selected = Some(v),
            }
        }
        if state.mode == FigureMode::Edit {
            for (v, response) in &responses {
                self.drag_point(response, *v, state);
            }
        }
        if background.clicked()
            && clicked.is_none()
            && state.mode == FigureMode::Edit
            && let Some(at) = background.interact_pointer_pos()
        {
            if state.selected.is_some() {
                state.selected = None;
            } else {
                state.add_vertex(self.cell(at));
            }
        }
    }
}

/// How an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeLook {
    /// In ink.
    Plain,
    /// Drawn by the pencil (Draw), the `n`-th (from 0).
    Drawn(usize),
    /// Traced by the player (Play).
    Traced,
    /// Shown by Play's hint.
    Hinted,
}

/// How edge `e` is drawn in the state's mode: the pencil's drawing only in Draw, the player's
/// tracing and the hint only in Play (the pencil's edges never hide them), ink in Edit.
pub fn edge_look(state: &FigureState, drawn: &[EdgeId], e: EdgeId) -> EdgeLook {
    match state.mode {
        FigureMode::Draw => drawn
            .iter()
            .position(|&d| d == e)
            .map_or(EdgeLook::Plain, EdgeLook::Drawn),
        FigureMode::Play if state.tracing.edges.contains(&e) => EdgeLook::Traced,
        FigureMode::Play if state.tracing.hint.contains(&e) => EdgeLook::Hinted,
        FigureMode::Play | FigureMode::Edit => EdgeLook::Plain,
    }
}

/// Paints the edges (parallel ones as arcs, bent apart) as [`edge_look`] says: drawn by the
/// pencil in blue with their order, traced in green, hinted in orange, the rest in ink.
fn paint_edges(
    painter: &egui::Painter,
    figure: &sim_core::figure::Figure,
    state: &FigureState,
    scale: f32,
    place: &dyn Fn(VertexId) -> Pos2,
) {
    let g = figure.graph();
    let drawn = state.pencil.drawn();
    let mut bundles: Vec<((VertexId, VertexId), Vec<EdgeId>)> = Vec::new();
    for e in g.edge_indices() {
        let Some((a, b)) = figure.ends(e) else {
            continue;
        };
        let key = if a < b { (a, b) } else { (b, a) };
        match bundles.iter_mut().find(|(k, _)| *k == key) {
            Some((_, es)) => es.push(e),
            None => bundles.push((key, vec![e])),
        }
    }
    for ((a, b), es) in &bundles {
        let (pa, pb) = (place(*a), place(*b));
        let normal = (pb - pa).normalized().rot90();
        let k = es.len() as f32;
        for (i, &e) in es.iter().enumerate() {
            let bend = (i as f32 - (k - 1.0) / 2.0) * 0.9 * scale;
            let mid = pa + (pb - pa) / 2.0 + normal * bend;
            let points: Vec<Pos2> = (0..=16)
                .map(|s| {
                    let t = s as f32 / 16.0;
                    // A quadratic Bézier through `mid` at t = ½.
                    let control = mid * 2.0 - (pa.to_vec2() + pb.to_vec2()) / 2.0;
                    let u = 1.0 - t;
                    pos2(
                        u * u * pa.x + 2.0 * u * t * control.x + t * t * pb.x,
                        u * u * pa.y + 2.0 * u * t * control.y + t * t * pb.y,
                    )
                })
                .collect();
            let (color, width) = match edge_look(state, &drawn, e) {
                EdgeLook::Drawn(order) => {
                    painter.text(
                        mid + normal * 10.0,
                        Align2::CENTER_CENTER,
                        (order + 1).to_string(),
                        FontId::proportional(12.0),
                        DRAWN,
                    );
                    (DRAWN, 4.0)
                }
                EdgeLook::Traced => (TRACED, 4.0),
                EdgeLook::Hinted => (HINT, 4.0),
                EdgeLook::Plain => (INK, 2.0),
            };
            painter.add(egui::Shape::line(points, Stroke::new(width, color)));
        }
    }
}
