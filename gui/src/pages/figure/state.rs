//! The figure page's state: a figure being edited, drawn or traced ("draw it without lifting
//! your pencil"), with undo, the pencil's animation and the tracing game — no egui here, so
//! every gesture is testable as a method.
//!
//! Modes: **Edit** (place points, join them, move, delete, undo — the circuit editor's
//! gestures), **Draw** (the pencil draws a trail edge by edge: Step, Run, a random drawing
//! from a seed, the counts) and **Play** (the user traces the figure by clicking vertices; a
//! step along a used or missing edge is refused with the reason; Hint shows the edges that
//! still let the drawing finish, by Fleury's rule).

use std::path::{Path, PathBuf};

use sim_core::Pos;
use sim_core::figure::existence::{self, Verdict};
use sim_core::figure::format::{self as figure_format, FigureDocument};
use sim_core::figure::hierholzer::Trail;
use sim_core::figure::{
    EdgeId, Figure, FigureDesc, VertexId, count, fleury, hierholzer, random, strokes,
};

/// How long Count may take before it stops and says the figure has too many drawings to
/// count here.
pub const COUNT_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// What clicks on the figure do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FigureMode {
    /// Place points, join them with edges, move and delete them.
    #[default]
    Edit,
    /// Watch the pencil draw.
    Draw,
    /// Trace the figure yourself.
    Play,
}

/// The pencil's drawing: strokes (one for an Euler trail), and how many edges are drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pencil {
    /// The strokes, in order.
    pub strokes: Vec<Trail<VertexId, EdgeId>>,
    /// Edges drawn so far, over all strokes.
    pub shown: usize,
    /// Whether Run is on.
    pub running: bool,
    /// Seconds since the last edge.
    pub timer: f32,
    /// What the drawing is ("Hierholzer from 3", "random, seed 4", …).
    pub title: String,
}

impl Pencil {
    /// Edges in all strokes.
    pub fn total(&self) -> usize {
        self.strokes.iter().map(|s| s.edges.len()).sum()
    }

    /// The edges drawn so far, in order.
    pub fn drawn(&self) -> Vec<EdgeId> {
        self.strokes
            .iter()
            .flat_map(|s| s.edges.iter().copied())
            .take(self.shown)
            .collect()
    }

    /// Where the pencil is: the end of the last edge drawn (or the first stroke's start).
    pub fn at(&self) -> Option<VertexId> {
        let mut left = self.shown;
        for s in &self.strokes {
            if left <= s.edges.len() {
                return s.vertices.get(left).copied();
            }
            left -= s.edges.len();
        }
        None
    }
}

/// The tracing game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tracing {
    /// The vertices clicked, in order (the first is where the pencil went down).
    pub path: Vec<VertexId>,
    /// The edges traced.
    pub edges: Vec<EdgeId>,
    /// Edges the hint shows.
    pub hint: Vec<EdgeId>,
}

/// The figure page.
#[derive(Debug)]
pub struct FigureState {
    /// The document: the figure, its name, what its file expects.
    pub doc: FigureDocument,
    /// Where it was read from or saved to.
    pub path: Option<PathBuf>,
    /// Changed since it was opened or saved.
    pub dirty: bool,
    /// What clicks do.
    pub mode: FigureMode,
    /// The vertex selected (Edit: the first end of the next edge).
    pub selected: Option<VertexId>,
    /// The pencil's drawing (Draw).
    pub pencil: Pencil,
    /// The tracing game (Play).
    pub tracing: Tracing,
    /// The seed field of "Random drawing".
    pub seed: String,
    /// The path field of Open and Save.
    pub path_field: String,
    /// The counts, once asked for.
    pub counts: Option<String>,
    /// The last message, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// How many figures have been opened: the view fits each new one to the canvas.
    pub opened: u64,
    /// Earlier figures, for Undo.
    undo: Vec<FigureDesc>,
}

impl Default for FigureState {
    fn default() -> FigureState {
        let doc = figure_format::from_str(BARN).unwrap_or_default();
        FigureState {
            doc,
            path: None,
            dirty: false,
            mode: FigureMode::Edit,
            selected: None,
            pencil: Pencil::default(),
            tracing: Tracing::default(),
            seed: "1".into(),
            path_field: String::new(),
            counts: None,
            message: None,
            opened: 0,
            undo: Vec::new(),
        }
    }
}

/// The figure the page starts with: the seed's barn (as `circuits/figures/barn.ron`).
const BARN: &str = r#"(
    version: 1,
    name: "The barn",
    vertices: [
        (label: "0", pos: (4, 0)), (label: "1", pos: (0, 4)), (label: "2", pos: (8, 4)),
        (label: "3", pos: (0, 10)), (label: "4", pos: (8, 10)),
    ],
    edges: [("0", "1"), ("0", "2"), ("1", "2"), ("1", "3"), ("1", "4"), ("2", "3"), ("2", "4"), ("3", "4")],
)"#;

impl FigureState {
    /// The figure.
    pub fn figure(&self) -> &Figure {
        &self.doc.figure
    }

    fn info(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), false));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), true));
    }

    /// Opens a figure file with [`loader::load_figure`] (a bad one is an error message
    /// naming the file, line and column; the current figure stays).
    pub fn open(&mut self, path: &Path) {
        match loader::load_figure(path) {
            Ok(doc) => {
                self.doc = doc;
                self.path = Some(path.to_owned());
                self.path_field = path.display().to_string();
                self.dirty = false;
                self.undo.clear();
                self.reset_views();
                self.opened += 1;
                self.info(format!("opened {}", path.display()));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Saves to `path` atomically with [`loader::save_figure`] (an error message if it cannot
    /// be written; the file on disk is unchanged then).
    pub fn save(&mut self, path: &Path) {
        match loader::save_figure(&self.doc, path) {
            Ok(()) => {
                self.path = Some(path.to_owned());
                self.dirty = false;
                self.info(format!("saved {}", path.display()));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Forgets the drawing, the tracing and the counts (the figure changed).
    fn reset_views(&mut self) {
        self.pencil = Pencil::default();
        self.tracing = Tracing::default();
        self.counts = None;
        self.selected = None;
    }

    /// Records the figure for Undo before a change.
    fn checkpoint(&mut self) {
        self.undo.push(self.doc.figure.to_desc());
        self.dirty = true;
        self.pencil = Pencil::default();
        self.tracing = Tracing::default();
        self.counts = None;
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Takes back the last change.
    pub fn undo(&mut self) {
        if let Some(desc) = self.undo.pop()
            && let Ok(figure) = Figure::from_desc(&desc)
        {
            self.doc.figure = figure;
            self.dirty = true;
            self.reset_views();
        }
    }

    /// The verdict as a sentence: circuit, trail from A or B, or the strokes needed.
    pub fn verdict_text(&self) -> String {
        let f = &self.doc.figure;
        match existence::verdict(f.graph()) {
            Verdict::Empty => "Nothing to draw yet: place points and join them".into(),
            Verdict::Circuit => "Euler circuit: one stroke from any point, back to it".into(),
            Verdict::Trail { ends } => format!(
                "Euler trail: one stroke, from {} or {}",
                f.label(ends[0]),
                f.label(ends[1])
            ),
            Verdict::Strokes { needed, odd, .. } => format!(
                "No single stroke: needs {needed} strokes ({} odd points)",
                odd.len()
            ),
        }
    }

    /// The vertices of odd degree (marked on the canvas).
    pub fn odd_vertices(&self) -> Vec<VertexId> {
        let g = self.doc.figure.graph();
        g.node_indices()
            .filter(|&v| g.edges(v).count() % 2 == 1)
            .collect()
    }

    // ---- Edit -------------------------------------------------------------------------

    /// Places a new point at `pos` (a fresh label) and selects it.
    pub fn add_vertex(&mut self, pos: Pos) -> Option<VertexId> {
        self.checkpoint();
        let label = self.doc.figure.fresh_label("");
        match self.doc.figure.add_vertex(&label, pos) {
            Ok(v) => {
                self.selected = Some(v);
                Some(v)
            }
            Err(e) => {
                self.undo.pop();
                self.error(e.to_string());
                None
            }
        }
    }

    /// A click on vertex `v` in Edit: selects it, or, with another vertex selected, joins
    /// the two with an edge (a second click on the same vertex unselects it).
    pub fn click_vertex_edit(&mut self, v: VertexId) {
        match self.selected {
            Some(a) if a == v => self.selected = None,
            Some(a) => {
                self.checkpoint();
                match self.doc.figure.add_edge(a, v) {
                    Ok(_) => {
                        let f = &self.doc.figure;
                        let text = format!("edge {}-{}", f.label(a), f.label(v));
                        self.info(text);
                        self.selected = Some(v);
                    }
                    Err(e) => {
                        self.undo.pop();
                        self.error(e.to_string());
                    }
                }
            }
            None => self.selected = Some(v),
        }
    }

    /// Moves vertex `v` to `pos` (one undo step per call: call once per finished drag).
    pub fn move_vertex(&mut self, v: VertexId, pos: Pos) {
        if self.doc.figure.vertex(v).is_some_and(|w| w.pos != pos) {
            self.checkpoint();
            self.doc.figure.move_vertex(v, pos);
        }
    }

    /// Deletes the selected vertex and its edges.
    pub fn delete_selected(&mut self) {
        if let Some(v) = self.selected.take() {
            self.checkpoint();
            let label = self.doc.figure.label(v).to_owned();
            self.doc.figure.remove_vertex(v);
            self.info(format!("deleted point {label}"));
        }
    }

    /// Deletes edge `e`.
    pub fn delete_edge(&mut self, e: EdgeId) {
        if self.doc.figure.ends(e).is_some() {
            self.checkpoint();
            self.doc.figure.remove_edge(e);
        }
    }

    // ---- Draw -------------------------------------------------------------------------

    /// Draw it: prepares Hierholzer's trail (from the selected vertex if it is a legal start),
    /// or the fewest strokes when one will not do, and starts the pencil at once — its first
    /// edge drawn, Run on for the rest.
    pub fn draw(&mut self) {
        self.prepare();
        self.start();
    }

    /// Prepares the pencil: Hierholzer's trail (from the selected vertex if it is a legal
    /// start), or the fewest strokes when one will not do. Nothing is drawn yet.
    fn prepare(&mut self) {
        let g = self.doc.figure.graph();
        let start = self.selected;
        let trail = hierholzer::euler_trail(g, start).or_else(|_| hierholzer::euler_trail(g, None));
        self.pencil = if let Ok(t) = trail {
            Pencil {
                title: format!(
                    "Hierholzer's trail from {}",
                    t.vertices.first().map_or("", |&v| self.doc.figure.label(v))
                ),
                strokes: vec![t],
                ..Pencil::default()
            }
        } else {
            let strokes = strokes::min_strokes(g);
            Pencil {
                title: format!("{} strokes (the fewest)", strokes.len()),
                strokes,
                ..Pencil::default()
            }
        };
    }

    /// Starts the pencil prepared: its first edge drawn, Run on for the rest.
    fn start(&mut self) {
        self.set_running(true);
        self.step();
    }

    /// Random drawing: prepares a random trail from the seed field and starts the pencil
    /// at once, as [`FigureState::draw`] does.
    pub fn random_drawing(&mut self) {
        let Ok(seed) = self.seed.trim().parse::<u64>() else {
            let text = format!("seed `{}` is not a whole number", self.seed.trim());
            self.error(text);
            return;
        };
        match random::random_trail(self.doc.figure.graph(), seed) {
            Ok(t) => {
                self.pencil = Pencil {
                    title: format!("random drawing, seed {seed}"),
                    strokes: vec![t],
                    ..Pencil::default()
                };
                self.start();
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Draws one more edge (preparing Hierholzer's trail first if nothing is prepared).
    pub fn step(&mut self) {
        if self.pencil.strokes.is_empty() {
            self.prepare();
        }
        if self.pencil.shown < self.pencil.total() {
            self.pencil.shown += 1;
        }
        if self.pencil.shown == self.pencil.total() {
            self.pencil.running = false;
        }
    }

    /// Run on or off: one edge every `interval` seconds while on.
    pub fn set_running(&mut self, on: bool) {
        if on && self.pencil.strokes.is_empty() {
            self.prepare();
        }
        if on && self.pencil.shown == self.pencil.total() {
            self.pencil.shown = 0;
        }
        self.pencil.running = on;
        self.pencil.timer = 0.0;
    }

    /// Advances Run by `dt` seconds at `interval` seconds per edge.
    pub fn advance(&mut self, dt: f32, interval: f32) {
        if !self.pencil.running {
            return;
        }
        self.pencil.timer += dt;
        while self.pencil.running && self.pencil.timer >= interval {
            self.pencil.timer -= interval;
            self.step();
        }
    }

    /// Counts the drawings (from each start, in all), or says why not. The count grows
    /// exponentially with the figure: it stops after [`COUNT_TIME`] and says so, rather
    /// than freeze the app (`tritium euler --count --time-limit` counts for longer).
    pub fn count(&mut self) {
        let f = &self.doc.figure;
        let deadline = std::time::Instant::now() + COUNT_TIME;
        let mut keep_going = |_| std::time::Instant::now() < deadline;
        self.counts = Some(match count::trails_counted(f.graph(), &mut keep_going) {
            Ok((per, total)) if !per.is_empty() => {
                let parts: Vec<String> = per
                    .iter()
                    .map(|(v, n)| format!("{}: {n}", f.label(*v)))
                    .collect();
                if per.len() <= 6 {
                    format!("{total} drawings (from {})", parts.join(", "))
                } else {
                    format!("{total} drawings ({} from each start)", per[0].1)
                }
            }
            Ok(_) => "no single-stroke drawing".into(),
            Err(sim_core::figure::EulerError::Cancelled) => format!(
                "too many to count here: stopped after {} s (tritium euler --count \
                 --time-limit counts for longer)",
                COUNT_TIME.as_secs()
            ),
            Err(e) => e.to_string(),
        });
    }

    // ---- Play -------------------------------------------------------------------------

    /// A click on vertex `v` in Play: puts the pencil down there first, then draws the
    /// unused edge to `v`. Refused (with the reason) along a used or missing edge, or at a
    /// start no drawing can begin at.
    pub fn click_vertex_play(&mut self, v: VertexId) {
        self.tracing.hint.clear();
        let f = &self.doc.figure;
        let g = f.graph();
        let Some(&at) = self.tracing.path.last() else {
            // Every edge from here may be hopeless: say so at once.
            let verdict = existence::verdict(g);
            let refused = match &verdict {
                Verdict::Trail { ends } if !ends.contains(&v) => Some(format!(
                    "a drawing must start at {} or {} (the odd points)",
                    f.label(ends[0]),
                    f.label(ends[1])
                )),
                Verdict::Strokes { needed, .. } => Some(format!(
                    "this figure needs {needed} strokes: no single stroke draws it"
                )),
                Verdict::Empty => Some("nothing to draw".into()),
                _ if g.edges(v).next().is_none() => {
                    Some(format!("point {} has no edges", f.label(v)))
                }
                _ => None,
            };
            if let Some(reason) = refused {
                self.error(format!("Refused: {reason}"));
            } else {
                self.tracing.path.push(v);
                let text = format!("pencil down at {}", f.label(v));
                self.info(text);
            }
            return;
        };
        let between = f.edges_between(at, v);
        let (from, to) = (f.label(at).to_owned(), f.label(v).to_owned());
        if between.is_empty() {
            self.error(format!("Refused: there is no edge {from}-{to}"));
            return;
        }
        let Some(&e) = between.iter().find(|e| !self.tracing.edges.contains(e)) else {
            self.error(format!("Refused: edge {from}-{to} is already drawn"));
            return;
        };
        self.tracing.edges.push(e);
        self.tracing.path.push(v);
        let total = g.edge_count();
        if self.tracing.edges.len() == total {
            self.info(format!(
                "Done! The figure is drawn in one stroke: {}",
                f.path_text(&self.tracing.path)
            ));
        } else if fleury::next_edges(g, &self.tracing.edges, Some(v)).is_empty() {
            let left = total - self.tracing.edges.len();
            self.error(format!(
                "Stuck: {left} edges left that one stroke from {to} cannot finish — Undo or Restart"
            ));
        } else {
            self.info(format!(
                "{from}-{to} ({} of {total})",
                self.tracing.edges.len()
            ));
        }
    }

    /// Shows the next edges that still let the drawing finish (Fleury's rule).
    pub fn hint(&mut self) {
        let g = self.doc.figure.graph();
        let at = self.tracing.path.last().copied();
        self.tracing.hint = fleury::next_edges(g, &self.tracing.edges, at);
        let text = if self.tracing.hint.is_empty() {
            "no edge lets this drawing finish".to_owned()
        } else {
            format!(
                "hint: {} edges keep the drawing finishable",
                self.tracing.hint.len()
            )
        };
        self.info(text);
    }

    /// Takes back the last traced step.
    pub fn undo_trace(&mut self) {
        self.tracing.hint.clear();
        if self.tracing.edges.pop().is_some() || self.tracing.path.len() == 1 {
            self.tracing.path.pop();
        }
    }

    /// Starts the tracing over.
    pub fn restart(&mut self) {
        self.tracing = Tracing::default();
        self.message = None;
    }

    /// Whether the tracing is finished.
    pub fn traced(&self) -> bool {
        let total = self.doc.figure.graph().edge_count();
        total > 0 && self.tracing.edges.len() == total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertex(s: &FigureState, label: &str) -> VertexId {
        s.figure().find(label).expect("a vertex")
    }

    #[test]
    fn the_barn_is_traced_by_clicks_and_wrong_steps_are_refused() {
        let mut s = FigureState::default();
        assert_eq!(s.verdict_text(), "Euler trail: one stroke, from 3 or 4");
        s.click_vertex_play(vertex(&s, "0"));
        assert!(
            s.message
                .as_ref()
                .is_some_and(|(m, e)| *e && m.contains("start at 3 or 4"))
        );
        for label in ["3", "4", "2", "1", "0", "2", "3", "1"] {
            let before = s.tracing.edges.len();
            s.click_vertex_play(vertex(&s, label));
            assert!(
                !s.message.as_ref().is_some_and(|(_, e)| *e),
                "{label}: {:?}",
                s.message
            );
            assert!(s.tracing.edges.len() <= before + 1);
        }
        s.click_vertex_play(vertex(&s, "4"));
        assert!(s.traced(), "{:?}", s.message);
        assert!(
            s.message
                .as_ref()
                .is_some_and(|(m, _)| m.starts_with("Done!"))
        );
    }

    #[test]
    fn editing_builds_a_figure_and_undo_takes_it_back() {
        let mut s = FigureState::default();
        let a = s.add_vertex(Pos { x: 20, y: 0 }).expect("a point");
        let b = vertex(&s, "4");
        s.selected = Some(a);
        s.click_vertex_edit(b);
        assert_eq!(s.figure().graph().edge_count(), 9);
        assert_eq!(s.verdict_text(), "Euler trail: one stroke, from 3 or 5");
        s.undo();
        s.undo();
        assert_eq!(s.figure().graph().edge_count(), 8);
        assert_eq!(s.figure().graph().node_count(), 5);
        s.draw();
        assert_eq!(s.pencil.drawn().len(), 1, "Draw it draws at once");
        assert!(s.pencil.running, "and goes on by itself");
        for _ in 0..8 {
            s.step();
        }
        assert_eq!(s.pencil.drawn().len(), 8);
        assert!(!s.pencil.running, "done: Run is off");
        s.count();
        assert_eq!(s.counts.as_deref(), Some("88 drawings (from 3: 44, 4: 44)"));
    }

    /// K9 (every pair of 9 points joined: 36 edges, all points even) has more drawings than
    /// a count finishes in seconds: Count stops after `COUNT_TIME` and says so instead of
    /// freezing the page.
    #[test]
    fn counting_a_figure_with_too_many_drawings_stops_and_says_so() {
        let mut s = FigureState::default();
        s.doc.figure = Figure::default();
        let points: Vec<VertexId> = (0..9)
            .map(|k| {
                s.add_vertex(Pos {
                    x: 3 * k,
                    y: (k * k) % 7,
                })
                .expect("a point")
            })
            .collect();
        for (i, &a) in points.iter().enumerate() {
            for &b in &points[i + 1..] {
                s.selected = Some(a);
                s.click_vertex_edit(b);
            }
        }
        assert_eq!(s.figure().graph().edge_count(), 36);
        s.count();
        let message = s.counts.clone().unwrap_or_default();
        assert!(message.starts_with("too many to count here"), "{message}");
    }
}
