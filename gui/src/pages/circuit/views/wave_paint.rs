//! Painting the waveform plot: the time header (step numbers, delta sub-columns, clock
//! edges), one lane per signal (a net high, low, or unknown as a grey band; a bus as value
//! boxes in its radix; dense stretches as blocks; glitch marks), the gap of a record past its
//! limit (hatched), and the cursor. Pure drawing
//! from a [`Waveform`] and a [`TimeAxis`], so the frame benchmark draws exactly what the app
//! draws.

use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, pos2, vec2};
use sim_core::Trit;
use sim_core::number::{self, Radix};
use sim_core::wave::{Point, Waveform};

use crate::pages::circuit::draw::Colors;
use crate::pages::circuit::timeline::{Segment, Shown, StepPoints, TimeAxis, segments};

/// The height of the time header, in pixels: a line of step numbers and one of delta cycles.
pub const HEADER: f32 = 30.0;

/// The height of a lane, in pixels.
pub const ROW: f32 = 26.0;

/// What a lane draws: the record's lanes of its bits (bit 0 first; one for a net) and, for a
/// bus, its radix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanePaint {
    /// Indices into the record's lanes.
    pub bits: Vec<usize>,
    /// `Some` for a bus: its values are written in this radix.
    pub radix: Option<Radix>,
}

// Colours that read on the light and the dark theme alike.
/// The band of unknown values (and a bus box with unknown bits, fainter).
const BAND: Color32 = Color32::from_rgba_premultiplied(64, 64, 64, 110);
/// Changes too dense to draw one by one.
const DENSE: Color32 = Color32::from_rgb(86, 140, 180);
/// The mark of a glitch hidden in a collapsed step.
const GLITCH: Color32 = Color32::from_rgb(213, 94, 0);
/// Step lines and lane separators.
const GRID: Color32 = Color32::from_rgba_premultiplied(60, 60, 60, 60);
/// Clock edges.
const CLOCK: Color32 = Color32::from_rgb(0, 158, 115);
/// The time cursor.
const CURSOR: Color32 = Color32::from_rgb(220, 38, 127);
/// Opened steps' tint and delta labels.
const DELTAS: Color32 = Color32::from_rgb(90, 90, 200);

/// Paints the header into `header` and `lanes` into consecutive rows of `plot` (each [`ROW`]
/// high, clipped to `plot`), the clock edges of `clocks` (record lanes) and the cursor, in
/// the colours of the theme's `colors` (the canvas's value colours).
#[allow(clippy::too_many_arguments)]
pub fn paint(
    painter: &egui::Painter,
    (header, plot): (Rect, Rect),
    colors: &Colors,
    wave: &Waveform,
    lanes: &[LanePaint],
    axis: &TimeAxis,
    clocks: &[usize],
    cursor: Option<Point>,
) {
    let painter = painter.with_clip_rect(header.union(plot));
    paint_header(&painter, (header, plot), wave, axis, colors.ink);
    let mut steps = StepPoints::default();
    paint_clock_edges(&painter, (header, plot), wave, axis, clocks, &mut steps);
    for (k, lane) in lanes.iter().enumerate() {
        let top = plot.top() + k as f32 * ROW;
        if top > plot.bottom() {
            break;
        }
        let row = Rect::from_min_size(pos2(plot.left(), top), vec2(plot.width(), ROW));
        let segs = segments(wave, &lane.bits, axis, (0.0, plot.width()), &mut steps);
        match lane.radix {
            None => paint_net(&painter, colors, row, &segs),
            Some(radix) => paint_bus(&painter, colors, row, &segs, radix),
        }
        painter.hline(plot.x_range(), row.bottom(), Stroke::new(1.0, GRID));
    }
    paint_gap(&painter, (header, plot), colors, wave, axis);
    if let Some(at) = cursor {
        let column = Point {
            step: at.step,
            delta: if at.delta == u32::MAX { 0 } else { at.delta },
        };
        let width = if at.delta == u32::MAX {
            axis.width(at.step)
        } else {
            axis.sub_width(at.step)
        };
        let x = plot.left() + axis.screen(axis.position(column) + width) - 1.0;
        painter.vline(x, header.top()..=plot.bottom(), Stroke::new(2.0, CURSOR));
    }
}

/// The step numbers every so many steps (at least 60 pixels apart) on the header's first
/// line, and each opened step's delta sub-columns (`δ0`, `δ1`, …) on its second on a tinted
/// background.
fn paint_header(
    painter: &egui::Painter,
    (header, plot): (Rect, Rect),
    wave: &Waveform,
    axis: &TimeAxis,
    ink: Color32,
) {
    let font = FontId::monospace(11.0);
    let line = header.top() + HEADER / 4.0;
    let every = label_interval(axis.pixels_per_step);
    let first = axis.moment_at(0.0).step;
    let last = axis.moment_at(header.width()).step.min(wave.step() + 1);
    let mut step = first - first % every;
    while step <= last {
        let x = header.left() + axis.screen(axis.start_of(step));
        painter.vline(x, header.top()..=plot.bottom(), Stroke::new(1.0, GRID));
        painter.text(
            pos2(x + 3.0, line),
            Align2::LEFT_CENTER,
            step.to_string(),
            font.clone(),
            ink,
        );
        step += every;
    }
    for step in axis.opened() {
        let x0 = header.left() + axis.screen(axis.start_of(step));
        let sub = axis.sub_width(step) as f32;
        let columns = axis.columns(step);
        let tint = Rect::from_x_y_ranges(
            x0..=x0 + axis.width(step) as f32,
            header.top()..=plot.bottom(),
        );
        painter.rect_filled(tint, 0.0, DELTAS.gamma_multiply(0.12));
        for d in 0..columns {
            let x = x0 + d as f32 * sub;
            painter.vline(x, header.center().y..=plot.bottom(), Stroke::new(0.5, GRID));
            painter.text(
                pos2(x + 2.0, header.top() + 0.75 * HEADER),
                Align2::LEFT_CENTER,
                format!("δ{d}"),
                FontId::proportional(11.0),
                DELTAS,
            );
        }
    }
}

/// The gap of a record past its limit ([`Waveform::gap`]): a hatched stretch over the header
/// and the lanes, from its first moment to the end of its last (at least a sliver, so a gap
/// inside one collapsed step still shows), with "… N changes not kept …" in it where that
/// fits.
fn paint_gap(
    painter: &egui::Painter,
    (header, plot): (Rect, Rect),
    colors: &Colors,
    wave: &Waveform,
    axis: &TimeAxis,
) {
    /// Pixels between hatch lines.
    const HATCH: f32 = 8.0;
    let Some(gap) = wave.gap() else {
        return;
    };
    let x0 = header.left() + axis.screen(axis.position(gap.from));
    let end = if axis.is_open(gap.to.step) {
        axis.position(gap.to) + axis.sub_width(gap.to.step)
    } else {
        axis.start_of(gap.to.step)
    };
    let x1 = (header.left() + axis.screen(end)).max(x0 + 4.0);
    let area = Rect::from_x_y_ranges(x0..=x1, header.top()..=plot.bottom());
    let shown = area.intersect(header.union(plot));
    if !shown.is_positive() {
        return;
    }
    painter.rect_filled(shown, 0.0, colors.paper.gamma_multiply(0.9));
    let hatch = painter.with_clip_rect(shown);
    let stroke = Stroke::new(1.0, colors.unknown.gamma_multiply(0.7));
    let rise = shown.height();
    // From the gap's own left edge, so the hatch moves with it when the plot scrolls.
    let skip = ((shown.left() - rise - x0) / HATCH).floor();
    let mut x = x0 + skip * HATCH;
    while x < shown.right() {
        hatch.line_segment(
            [pos2(x, shown.bottom()), pos2(x + rise, shown.top())],
            stroke,
        );
        x += HATCH;
    }
    let text = format!("… {} changes not kept …", wave.dropped());
    let galley = painter.layout_no_wrap(text, FontId::proportional(12.0), colors.ink);
    if galley.size().x + 8.0 <= shown.width() {
        let at = shown.center() - galley.size() / 2.0;
        let back = Rect::from_min_size(at, galley.size()).expand(3.0);
        hatch.rect_filled(back, 3.0, colors.paper);
        hatch.galley(at, galley, colors.ink);
    }
}

/// Label every 1, 2 or 5 × 10ᵏ steps, the first such interval at least 60 pixels wide.
pub fn label_interval(pixels_per_step: f64) -> u64 {
    let mut every = 1u64;
    loop {
        for m in [1, 2, 5] {
            let n = every.saturating_mul(m);
            if n as f64 * pixels_per_step >= 60.0 || n >= u64::MAX / 10 {
                return n;
            }
        }
        every = every.saturating_mul(10);
    }
}

/// A small triangle in the header and a faint line down the plot at each rising edge of a
/// clock (at most one per pixel column).
fn paint_clock_edges(
    painter: &egui::Painter,
    (header, plot): (Rect, Rect),
    wave: &Waveform,
    axis: &TimeAxis,
    clocks: &[usize],
    steps: &mut StepPoints,
) {
    for &lane in clocks {
        for seg in segments(wave, &[lane], axis, (0.0, plot.width()), steps) {
            if seg.shown != Shown::Value(vec![Trit::True]) || seg.x0 <= 0.0 {
                continue;
            }
            let x = plot.left() + seg.x0;
            painter.vline(
                x,
                plot.y_range(),
                Stroke::new(1.0, CLOCK.gamma_multiply(0.35)),
            );
            let y = header.bottom();
            painter.add(Shape::convex_polygon(
                vec![pos2(x - 4.0, y), pos2(x + 4.0, y), pos2(x, y - 6.0)],
                CLOCK,
                Stroke::NONE,
            ));
        }
    }
}

/// A net: +1 a line at the top, −1 at the bottom, unknown a grey band between; vertical
/// edges where the level changes; dense stretches as blocks; glitch marks.
fn paint_net(painter: &egui::Painter, colors: &Colors, row: Rect, segs: &[Segment]) {
    let (hi, lo) = (row.top() + 4.0, row.bottom() - 4.0);
    let mut previous: Option<f32> = None;
    for seg in segs {
        let (x0, x1) = (row.left() + seg.x0, row.left() + seg.x1);
        match &seg.shown {
            Shown::Dense => {
                painter.rect_filled(Rect::from_x_y_ranges(x0..=x1, hi..=lo), 0.0, DENSE);
                previous = None;
            }
            Shown::Value(v) => {
                let value = v.first().copied().unwrap_or(Trit::Unknown);
                let y = match value {
                    Trit::True => hi,
                    Trit::False => lo,
                    Trit::Unknown => {
                        painter.rect_filled(Rect::from_x_y_ranges(x0..=x1, hi..=lo), 0.0, BAND);
                        f32::midpoint(hi, lo)
                    }
                };
                let stroke = Stroke::new(1.5, colors.value(value));
                if let Some(py) = previous
                    && (py - y).abs() > 0.5
                {
                    painter.vline(x0, py.min(y)..=py.max(y), Stroke::new(1.5, colors.unknown));
                }
                if value.is_known() {
                    painter.hline(x0..=x1, y, stroke);
                } else {
                    painter.hline(x0..=x1, hi, Stroke::new(1.0, colors.unknown));
                    painter.hline(x0..=x1, lo, Stroke::new(1.0, colors.unknown));
                }
                previous = Some(y);
            }
        }
        if seg.glitch {
            glitch_mark(painter, pos2(row.left() + seg.x0, row.top() + 1.0));
        }
    }
}

/// A bus: one box per value, slanted where it changes, its value in `radix` inside when it
/// fits; a box with unknown bits is tinted grey (all unknown: the grey band).
fn paint_bus(painter: &egui::Painter, colors: &Colors, row: Rect, segs: &[Segment], radix: Radix) {
    let ink = colors.ink;
    let (hi, lo, mid) = (row.top() + 4.0, row.bottom() - 4.0, row.center().y);
    let font = FontId::monospace(11.0);
    for seg in segs {
        let (x0, x1) = (row.left() + seg.x0, row.left() + seg.x1);
        match &seg.shown {
            Shown::Dense => {
                painter.rect_filled(Rect::from_x_y_ranges(x0..=x1, hi..=lo), 0.0, DENSE);
            }
            Shown::Value(bits) => {
                let unknown = bits.iter().filter(|t| !t.is_known()).count();
                let slant = ((x1 - x0) / 2.0).min(3.0);
                let outline = vec![
                    pos2(x0, mid),
                    pos2(x0 + slant, hi),
                    pos2(x1 - slant, hi),
                    pos2(x1, mid),
                    pos2(x1 - slant, lo),
                    pos2(x0 + slant, lo),
                ];
                let fill = if unknown == bits.len() {
                    BAND
                } else if unknown > 0 {
                    BAND.gamma_multiply(0.5)
                } else {
                    Color32::TRANSPARENT
                };
                let edge = if unknown == 0 {
                    colors.plus
                } else {
                    colors.unknown
                };
                painter.add(Shape::convex_polygon(outline, fill, Stroke::new(1.2, edge)));
                if x1 - x0 > 14.0 {
                    let text = number::format(bits, radix);
                    let galley = painter.layout_no_wrap(text, font.clone(), ink);
                    if galley.size().x + 8.0 <= x1 - x0 {
                        painter.galley(
                            Pos2::new(x0 + 5.0, mid - galley.size().y / 2.0),
                            galley,
                            ink,
                        );
                    }
                }
            }
        }
        if seg.glitch {
            glitch_mark(painter, pos2(row.left() + seg.x0, row.top() + 1.0));
        }
    }
}

/// An orange downward triangle at `at`: the lane changed more than once in this step.
fn glitch_mark(painter: &egui::Painter, at: Pos2) {
    painter.add(Shape::convex_polygon(
        vec![
            at + vec2(-4.0, 0.0),
            at + vec2(4.0, 0.0),
            at + vec2(0.0, 6.0),
        ],
        GLITCH,
        Stroke::NONE,
    ));
}
