//! The waveform panel's geometry, without egui: where each step and delta cycle lies on the
//! time axis ([`TimeAxis`]), and what one lane shows between two x positions ([`segments`]).
//!
//! The axis counts steps (see [`sim_core::wave`]): a step is `pixels_per_step` wide, unless
//! it is *opened* into its delta cycles, when each delta gets a sub-column at least
//! [`SUB_COLUMN`] wide. A collapsed step shows each lane's value at its end, with a glitch
//! mark where the lane changed more than once inside it; an opened step shows the value
//! after each delta cycle. Where changes are denser than [`MIN_GAP`] pixels, they are drawn as
//! one dense block, found by binary search, so a frame costs at most a few segments per
//! pixel column whatever the number of changes.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use sim_core::Trit;
use sim_core::wave::{Point, Waveform};

/// The least width of a delta cycle's sub-column in an opened step, in pixels.
pub const SUB_COLUMN: f32 = 28.0;

/// Changes closer than this, in pixels, are drawn as a dense block.
pub const MIN_GAP: f32 = 2.0;

/// The time axis: the zoom, the scroll position and the opened steps.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeAxis {
    /// The width of a collapsed step, in pixels.
    pub pixels_per_step: f64,
    /// The axis position (in pixels from step 0) at the left edge of the plot.
    pub scroll: f64,
    /// The opened steps and their number of delta sub-columns (the step's largest delta + 1).
    opened: BTreeMap<u64, u32>,
}

impl Default for TimeAxis {
    fn default() -> TimeAxis {
        TimeAxis {
            pixels_per_step: 40.0,
            scroll: 0.0,
            opened: BTreeMap::new(),
        }
    }
}

impl TimeAxis {
    /// The narrowest and widest steps, in pixels.
    pub const ZOOM: (f64, f64) = (0.001, 400.0);

    /// Opens `step` into `columns` delta sub-columns (at least 1), or updates their number.
    pub fn open(&mut self, step: u64, columns: u32) {
        self.opened.insert(step, columns.max(1));
    }

    /// Collapses `step` back into one column.
    pub fn close(&mut self, step: u64) {
        self.opened.remove(&step);
    }

    /// Collapses every step.
    pub fn close_all(&mut self) {
        self.opened.clear();
    }

    /// Whether `step` is opened.
    pub fn is_open(&self, step: u64) -> bool {
        self.opened.contains_key(&step)
    }

    /// The opened steps, in order.
    pub fn opened(&self) -> impl Iterator<Item = u64> + '_ {
        self.opened.keys().copied()
    }

    /// The width of step `step`, in pixels.
    pub fn width(&self, step: u64) -> f64 {
        match self.opened.get(&step) {
            Some(&columns) => self.open_width(columns),
            None => self.pixels_per_step,
        }
    }

    fn open_width(&self, columns: u32) -> f64 {
        self.pixels_per_step
            .max(f64::from(SUB_COLUMN) * f64::from(columns))
    }

    /// The number of columns of `step`: its delta sub-columns when it is opened, else 1.
    pub fn columns(&self, step: u64) -> u32 {
        self.opened.get(&step).copied().unwrap_or(1)
    }

    /// The width of one delta sub-column of step `step` (the whole step if it is collapsed).
    pub fn sub_width(&self, step: u64) -> f64 {
        match self.opened.get(&step) {
            Some(&columns) => self.open_width(columns) / f64::from(columns),
            None => self.pixels_per_step,
        }
    }

    /// Where step `step` begins on the axis, in pixels from step 0.
    pub fn start_of(&self, step: u64) -> f64 {
        let extra: f64 = self
            .opened
            .range(..step)
            .map(|(_, &c)| self.open_width(c) - self.pixels_per_step)
            .sum();
        step as f64 * self.pixels_per_step + extra
    }

    /// Where moment `at` lies on the axis: its step's start, plus its delta's sub-column when
    /// the step is opened.
    pub fn position(&self, at: Point) -> f64 {
        let start = self.start_of(at.step);
        match self.opened.get(&at.step) {
            Some(&c) => start + self.open_width(c) / f64::from(c) * f64::from(at.delta.min(c - 1)),
            None => start,
        }
    }

    /// The on-screen x (relative to the plot's left edge) of axis position `pos`.
    pub fn screen(&self, pos: f64) -> f32 {
        (pos - self.scroll) as f32
    }

    /// The moment at on-screen x `x` (relative to the plot's left edge): the step, and the
    /// delta whose sub-column holds `x` in an opened step (`u32::MAX`, the whole step, in a
    /// collapsed one). Positions before step 0 give step 0.
    pub fn moment_at(&self, x: f32) -> Point {
        let pos = (f64::from(x) + self.scroll).max(0.0);
        let mut extra = 0.0;
        for (&step, &c) in &self.opened {
            let start = step as f64 * self.pixels_per_step + extra;
            if pos < start {
                break;
            }
            let width = self.open_width(c);
            if pos < start + width {
                // Non-negative: `pos` is at least `start` here.
                #[allow(clippy::cast_sign_loss)]
                let delta = ((pos - start) / (width / f64::from(c))) as u32;
                return Point {
                    step,
                    delta: delta.min(c - 1),
                };
            }
            extra += width - self.pixels_per_step;
        }
        // Non-negative: `pos` is at least the extra width of the opened steps before it.
        #[allow(clippy::cast_sign_loss)]
        let step = ((pos - extra).max(0.0) / self.pixels_per_step) as u64;
        Point {
            step,
            delta: u32::MAX,
        }
    }

    /// Zooms by `factor` keeping the moment under on-screen x `x` where it is.
    pub fn zoom(&mut self, factor: f64, x: f32) {
        let at = self.moment_at(x);
        let before = self.position_of_x(at, x);
        self.pixels_per_step = (self.pixels_per_step * factor).clamp(Self::ZOOM.0, Self::ZOOM.1);
        let after = self.position_of_x(at, x);
        self.scroll += after - before;
        self.scroll = self.scroll.max(0.0);
    }

    /// The axis position of the point under `x` within moment `at`, after a zoom: the same
    /// fraction of `at`'s column.
    fn position_of_x(&self, at: Point, x: f32) -> f64 {
        let column = Point {
            step: at.step,
            delta: if at.delta == u32::MAX { 0 } else { at.delta },
        };
        let left = self.position(column);
        let width = self.sub_width(at.step);
        let pos = f64::from(x) + self.scroll;
        let fraction = ((pos - left) / width).clamp(0.0, 1.0);
        left + fraction * width
    }

    /// Shows steps `first..=last` across `width` pixels (none opened).
    pub fn fit(&mut self, first: u64, last: u64, width: f32) {
        self.opened.clear();
        let steps = (last.saturating_sub(first) + 1) as f64;
        self.pixels_per_step = (f64::from(width) / steps).clamp(Self::ZOOM.0, Self::ZOOM.1);
        self.scroll = first as f64 * self.pixels_per_step;
    }

    /// Scrolls so that the end of step `step` is at the right edge of a plot `width` wide, if
    /// it is not visible already — forward as the record grows, back when it starts again (a
    /// power-on reset: step 0 after step 10,000).
    pub fn follow(&mut self, step: u64, width: f32) {
        let end = self.start_of(step) + self.width(step);
        let right = self.scroll + f64::from(width);
        if end > right || end <= self.scroll {
            self.scroll = (end - f64::from(width) + 8.0).max(0.0);
        }
    }
}

/// What a lane shows over a stretch of the axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Its value (bit 0 first; one trit for a net).
    Value(Vec<Trit>),
    /// Changes too dense to draw one by one.
    Dense,
}

/// A stretch of a lane, from `x0` to `x1` (on-screen, relative to the plot's left edge).
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Where it begins.
    pub x0: f32,
    /// Where it ends.
    pub x1: f32,
    /// What the lane shows there.
    pub shown: Shown,
    /// Whether the lane changed more than once in the collapsed step at `x0` (a glitch the
    /// collapsed view hides; open the step to see it).
    pub glitch: bool,
}

/// What a lane whose record lanes are `bits` (bit 0 first, indices into `wave`'s lanes)
/// shows between on-screen x `x0` and `x1` (`steps`: the frame's cache of step starts): consecutive segments covering `x0..x1`, or less:
/// the lane ends with the record's current step.
pub fn segments(
    wave: &Waveform,
    bits: &[usize],
    axis: &TimeAxis,
    (x0, x1): (f32, f32),
    steps: &mut StepPoints,
) -> Vec<Segment> {
    let mut out = Vec::new();
    let now = axis.start_of(wave.step()) + axis.width(wave.step());
    let x1 = x1.min(axis.screen(now));
    if bits.is_empty() || x1 <= x0 {
        return out;
    }
    let points = wave.points();
    let first = axis.moment_at(x0).step;
    let mut cursor = Cursor::new(
        wave,
        bits,
        wave.point_index(Point {
            step: first,
            delta: 0,
        }),
    );
    let mut shown = Shown::Value(cursor.value());
    let mut glitch = false;
    let mut x = x0;
    let mut last_drawn = f32::NEG_INFINITY;
    while let Some(q) = cursor.next_change() {
        let at = points[q];
        let opened = axis.is_open(at.step);
        let cx = axis.screen(axis.position(at)).max(x0);
        if cx >= x1 {
            break;
        }
        if cx - last_drawn < MIN_GAP {
            // Too dense: one block from the last transition on, column by column of the
            // MIN_GAP grid (the same steps for every lane, found once per frame in `steps`),
            // for as long as the next change comes within MIN_GAP of the block's end; then the
            // lane resumes with its value there. No allocation in this loop: it runs once per
            // column of a busy lane.
            let mut last = at;
            let mut column = ((cx / MIN_GAP).floor() + 1.0) * MIN_GAP;
            let end = loop {
                let next_step = axis.moment_at(column).step.max(last.step + 1);
                let end = axis.screen(axis.start_of(next_step)).min(x1);
                cursor.advance_to(steps.get(wave, next_step));
                if end >= x1 {
                    break end;
                }
                let Some(q) = cursor.next_change() else {
                    break end;
                };
                let at = points[q];
                let cx = axis.screen(axis.position(at));
                if cx - end >= MIN_GAP || cx >= x1 {
                    break end;
                }
                last = at;
                column = ((cx / MIN_GAP).floor() + 1.0) * MIN_GAP;
            };
            push(&mut out, x, end, Shown::Dense, false);
            x = end;
            last_drawn = end;
            if end >= x1 {
                return out;
            }
            shown = Shown::Value(cursor.value());
            glitch = false;
            continue;
        }
        let changes_in_group = if opened {
            cursor.advance_to(q + 1)
        } else {
            cursor.advance_to(steps.get(wave, at.step.saturating_add(1)))
        };
        push(&mut out, x, cx, shown, glitch);
        x = cx;
        shown = Shown::Value(cursor.value());
        glitch = !opened && changes_in_group > 1;
        last_drawn = cx;
    }
    push(&mut out, x, x1, shown, glitch);
    out
}

/// A position in the record for a lane of `bits`: a point index and, per bit, how many of its
/// changes come before it. It only moves forward, by galloping searches from where it is
/// ([`Waveform::changes_before_from`]), so walking a lane touches memory near the last
/// position rather than binary-searching the whole record at every step.
struct Cursor<'a> {
    wave: &'a Waveform,
    bits: &'a [usize],
    point: usize,
    before: Vec<usize>,
}

impl<'a> Cursor<'a> {
    fn new(wave: &'a Waveform, bits: &'a [usize], point: usize) -> Cursor<'a> {
        let before = bits
            .iter()
            .map(|&b| wave.changes_before(b, point))
            .collect();
        Cursor {
            wave,
            bits,
            point,
            before,
        }
    }

    /// The lane's value just before the cursor's point (bit 0 first).
    fn value(&self) -> Vec<Trit> {
        self.bits
            .iter()
            .zip(&self.before)
            .map(|(&b, &k)| match k {
                0 => self.wave.initial(b),
                k => self
                    .wave
                    .change_at(b, k - 1)
                    .map_or_else(|| self.wave.initial(b), |(_, v)| v),
            })
            .collect()
    }

    /// The first point at or after the cursor at which any bit changes.
    fn next_change(&self) -> Option<usize> {
        self.bits
            .iter()
            .zip(&self.before)
            .filter_map(|(&b, &k)| self.wave.change_at(b, k).map(|(q, _)| q))
            .min()
    }

    /// Moves the cursor to point `point` (not before it is); returns the most changes any bit
    /// made on the way.
    fn advance_to(&mut self, point: usize) -> usize {
        let point = point.max(self.point);
        self.point = point;
        let mut most = 0;
        for (&b, k) in self.bits.iter().zip(&mut self.before) {
            let next = self.wave.changes_before_from(b, point, *k);
            most = most.max(next - *k);
            *k = next;
        }
        most
    }
}

/// Where steps begin among a record's points, remembered for one frame: every lane asks for
/// the same steps (the pixel columns' boundaries), and the record's points are searched once
/// per step rather than once per lane.
#[derive(Debug, Default)]
pub struct StepPoints(FxHashMap<u64, usize>);

impl StepPoints {
    /// The index of the first point of step `step` or later in `wave`.
    pub fn get(&mut self, wave: &Waveform, step: u64) -> usize {
        *self
            .0
            .entry(step)
            .or_insert_with(|| wave.point_index(Point { step, delta: 0 }))
    }
}

/// Appends a segment unless it is empty (a dense block right after another extends it).
fn push(out: &mut Vec<Segment>, x0: f32, x1: f32, shown: Shown, glitch: bool) {
    if let (Some(last), Shown::Dense) = (out.last_mut(), &shown)
        && last.shown == Shown::Dense
        && last.x1 >= x0
    {
        last.x1 = last.x1.max(x1);
        return;
    }
    if x1 > x0 {
        out.push(Segment {
            x0,
            x1,
            shown,
            glitch,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{Circuit, Engine, Node, NodeKind};

    /// A record of one switch: −1 at step 1; at step 2 +1 (δ0) then −1 (δ1), a glitch; +1 at
    /// step 3.
    fn glitchy() -> (Waveform, NodeId) {
        let mut c = Circuit::new();
        let a = c.add_node(Node::new("A", NodeKind::Switch)).expect("fresh");
        let engine = Engine::from_circuit(&c);
        let mut wave = Waveform::new(&engine, [a], 100).expect("ok");
        wave.begin_step();
        wave.change(a, 0, Trit::False);
        wave.begin_step();
        wave.change(a, 0, Trit::True);
        wave.change(a, 1, Trit::False);
        wave.begin_step();
        wave.change(a, 0, Trit::True);
        (wave, a)
    }

    use sim_core::NodeId;

    /// What lane 0 of `wave` shows on a plot 1,000 points wide: (x0, x1, value or dense,
    /// glitch) per segment.
    fn lane_view(wave: &Waveform, axis: &TimeAxis) -> Vec<(f32, f32, Option<i8>, bool)> {
        let steps = &mut StepPoints::default();
        values(&segments(wave, &[0], axis, (0.0, 1000.0), steps))
    }

    fn values(segs: &[Segment]) -> Vec<(f32, f32, Option<i8>, bool)> {
        segs.iter()
            .map(|s| {
                let v = match &s.shown {
                    Shown::Value(v) => Some(v[0].to_i8()),
                    Shown::Dense => None,
                };
                (s.x0, s.x1, v, s.glitch)
            })
            .collect()
    }

    #[test]
    fn a_collapsed_step_shows_its_end_value_and_marks_a_glitch() {
        let (wave, _) = glitchy();
        let axis = TimeAxis {
            pixels_per_step: 10.0,
            ..TimeAxis::default()
        };
        assert_eq!(
            lane_view(&wave, &axis),
            [
                (0.0, 10.0, Some(0), false),
                (10.0, 20.0, Some(-1), false),
                (20.0, 30.0, Some(-1), true),
                (30.0, 40.0, Some(1), false),
            ],
            "the lane ends with the record's last step"
        );
    }

    #[test]
    fn an_opened_step_shows_each_delta() {
        let (wave, _) = glitchy();
        let mut axis = TimeAxis {
            pixels_per_step: 10.0,
            ..TimeAxis::default()
        };
        axis.open(2, wave.deltas_in(2) + 1);
        let w = SUB_COLUMN;
        assert_eq!(
            lane_view(&wave, &axis),
            [
                (0.0, 10.0, Some(0), false),
                (10.0, 20.0, Some(-1), false),
                (20.0, 20.0 + w, Some(1), false),
                (20.0 + w, 20.0 + 2.0 * w, Some(-1), false),
                (20.0 + 2.0 * w, 30.0 + 2.0 * w, Some(1), false),
            ]
        );
    }

    #[test]
    fn changes_closer_than_a_pixel_become_one_dense_block() {
        let mut c = Circuit::new();
        let a = c.add_node(Node::new("A", NodeKind::Switch)).expect("fresh");
        let engine = Engine::from_circuit(&c);
        let mut wave = Waveform::new(&engine, [a], 1 << 20).expect("ok");
        for step in 1..=100_000u64 {
            wave.begin_step();
            wave.change(
                a,
                0,
                if step % 2 == 0 {
                    Trit::True
                } else {
                    Trit::False
                },
            );
        }
        let mut axis = TimeAxis::default();
        axis.fit(0, wave.step(), 500.0);
        let segs = segments(&wave, &[0], &axis, (0.0, 500.0), &mut StepPoints::default());
        assert!(segs.len() <= 3, "{} segments", segs.len());
        assert!(segs.iter().any(|s| s.shown == Shown::Dense));
        let covered: f32 = segs.iter().map(|s| s.x1 - s.x0).sum();
        assert!((covered - 500.0).abs() < 1.0, "covers the plot: {covered}");
    }

    #[test]
    fn opened_steps_widen_and_moments_invert_positions() {
        let mut axis = TimeAxis {
            pixels_per_step: 10.0,
            ..TimeAxis::default()
        };
        axis.open(3, 4);
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(near(axis.start_of(3), 30.0));
        assert!(near(axis.width(3), 4.0 * f64::from(SUB_COLUMN)));
        assert!(near(axis.start_of(4), 30.0 + 4.0 * f64::from(SUB_COLUMN)));
        assert_eq!(axis.moment_at(35.0), Point { step: 3, delta: 0 });
        assert_eq!(
            axis.moment_at(30.0 + 2.5 * SUB_COLUMN),
            Point { step: 3, delta: 2 }
        );
        let after = axis.start_of(5) as f32 + 1.0;
        assert_eq!(
            axis.moment_at(after),
            Point {
                step: 5,
                delta: u32::MAX
            }
        );
        assert_eq!(axis.moment_at(-5.0).step, 0);
    }

    #[test]
    fn zoom_keeps_the_moment_under_the_pointer() {
        let mut axis = TimeAxis {
            scroll: 400.0,
            ..TimeAxis::default()
        };
        let before = axis.moment_at(123.0);
        axis.zoom(2.5, 123.0);
        assert_eq!(axis.moment_at(123.0).step, before.step);
        axis.zoom(1e-9, 0.0);
        assert!((axis.pixels_per_step - TimeAxis::ZOOM.0).abs() < 1e-12);
    }

    #[test]
    fn follow_scrolls_forward_as_the_record_grows_and_back_when_it_starts_again() {
        let mut axis = TimeAxis::default();
        axis.follow(1000, 400.0);
        let end = axis.start_of(1000) + axis.width(1000);
        assert!(axis.scroll < end && end <= axis.scroll + 400.0);
        let scrolled = axis.scroll;
        axis.follow(995, 400.0);
        assert!(
            (axis.scroll - scrolled).abs() < f64::EPSILON,
            "still in view: no move"
        );
        // A power-on reset: the record is at step 0 again.
        axis.follow(0, 400.0);
        assert!(
            axis.scroll.abs() < f64::EPSILON,
            "step 0 in view: {}",
            axis.scroll
        );
    }
}
