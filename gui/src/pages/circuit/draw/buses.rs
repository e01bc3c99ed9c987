//! Buses, drawn once for all their trits: [`Known`] (how many trits are known), a bus wire,
//! its number label and pin, a bus node with its number and width badge, the splitter and
//! merger spines ([`wiring`]) and the tunnel's flag ([`tunnel`]).

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};
use sim_core::{NodeKind, Orientation, Trit};

use super::orient::{Turn, drawn_turn, turned};
use super::style::{
    BUS_WIDTH, Colors, LABEL_SIZE, NodeLook, cells_of, halo, label_in, mix, outline, pixels_of,
};
use super::symbols::symbol;
use crate::pages::circuit::geometry::{self, CELL};
use crate::pages::circuit::legibility;

/// How many of a bus's trits are known: a bus is drawn grey as a trit is when unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Every trit is −1 or +1: the bus is a number.
    All,
    /// Some trits are unknown (0).
    Part,
    /// Every trit is unknown.
    Nothing,
}

impl Known {
    /// Of the values of a bus.
    pub fn of(values: &[Trit]) -> Known {
        let unknown = values.iter().filter(|&&t| t == Trit::Unknown).count();
        if unknown == 0 {
            Known::All
        } else if unknown == values.len() {
            Known::Nothing
        } else {
            Known::Part
        }
    }

    /// The light fill of a bus node's number.
    fn tint(self, colors: &Colors) -> Color32 {
        match self {
            Known::All => mix(colors.body, colors.plus, 0.16),
            Known::Part => mix(colors.body, colors.unknown, 0.3),
            Known::Nothing => mix(colors.body, colors.unknown, 0.45),
        }
    }

    /// The colour of a bus wire or pin.
    pub(super) fn ink(self, colors: &Colors) -> Color32 {
        match self {
            Known::All => colors.bus,
            Known::Part => mix(colors.bus, colors.unknown, 0.6),
            Known::Nothing => colors.unknown,
        }
    }
}

/// A bus wire along `points`, drawn once for all its trits: [`BUS_WIDTH`] thick with a light
/// core, dark when every trit is known, grey when some are unknown, dashed grey when all are.
/// `pulse` (0..1) brightens it, for a change just made to one of its trits.
pub fn bus_wire(
    painter: &Painter,
    colors: &Colors,
    points: &[Pos2],
    known: Known,
    pulse: Option<f32>,
) {
    let mut width = BUS_WIDTH;
    let mut color = known.ink(colors);
    if let Some(phase) = pulse {
        let glow = 0.5 + 0.5 * (phase * std::f32::consts::TAU).sin();
        width += 3.0 * glow;
        color = mix(color, colors.evaluating, 0.3 + 0.4 * glow);
    }
    let stroke = Stroke::new(width, color);
    if known == Known::Nothing {
        painter.extend(Shape::dashed_line(points, stroke, 8.0, 4.0));
    } else {
        painter.add(Shape::line(points.to_vec(), stroke));
        painter.add(Shape::line(points.to_vec(), Stroke::new(0.9, colors.body)));
    }
}

/// The number `text` a bus wire carries, in a small box above the wire just after where it
/// starts, `at` (an output: of a splitter, a merger, a block). Nothing at all — box included —
/// where the number would be too small to read at `zoom` ([`legibility::legible`]).
pub fn bus_label(painter: &Painter, colors: &Colors, at: Pos2, text: &str, zoom: f32) {
    const SIZE: f32 = 0.5 * CELL;
    if !legibility::legible(SIZE, zoom) {
        return;
    }
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::monospace(SIZE), colors.ink);
    let size = galley.size();
    let min = pos2(at.x + 0.3 * CELL, at.y - 0.5 * BUS_WIDTH - 2.5 - size.y);
    let frame = Rect::from_min_size(min, size).expand2(vec2(2.0, 0.5));
    painter.rect(
        frame,
        2.0,
        colors.body.gamma_multiply(0.92),
        Stroke::new(0.5, colors.bus),
        egui::StrokeKind::Outside,
    );
    painter.galley(min, galley, colors.ink);
}

/// A bus pin at `pos` (a small square; bigger when hovered).
pub fn bus_pin(painter: &Painter, colors: &Colors, pos: Pos2, known: Known, hovered: bool) {
    let half = if hovered { 5.5 } else { 3.5 };
    painter.rect(
        Rect::from_center_size(pos, Vec2::splat(2.0 * half)),
        1.0,
        known.ink(colors),
        Stroke::new(1.0, colors.ink),
        egui::StrokeKind::Outside,
    );
}

/// A bus of nodes of `kind` in `rect` (its trits share the box; as drawn, turned by
/// `orientation`), drawn once: a switch, button or constant shows its number `text` in its
/// box, a lamp or probe in a display, a gate, table or flip-flop its usual symbol with the
/// number below it, turned as one ([`drawn_turn`]); the `label` goes inside a gate if it fits,
/// else beside the turned box where the router keeps wires off it ([`geometry::label_area`]
/// in the node's orientation), followed by the width badge `/N`.
#[allow(
    clippy::too_many_arguments,
    reason = "what one bus node shows, passed rather than bundled for two callers"
)]
pub fn bus_node(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    orientation: Orientation,
    kind: NodeKind,
    label: &str,
    width: usize,
    text: &str,
    known: Known,
    look: NodeLook,
) {
    let turn = drawn_turn(kind, orientation);
    let inside = turned(painter, rect, turn, |unturned| {
        bus_body(painter, colors, unturned, kind, text, known, look)
    })
    .map(|room| Turn::new(rect, turn).rect(room));
    bus_caption(
        painter,
        colors,
        (rect, orientation),
        kind,
        label,
        width,
        inside,
    );
}

/// The body of a bus node of `kind` in `rect`, unturned, showing `text`; returns the part of
/// it that can hold a label, if any.
fn bus_body(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    kind: NodeKind,
    text: &str,
    known: Known,
    look: NodeLook,
) -> Option<Rect> {
    let outline = outline(colors, look);
    halo(painter, colors, rect, look);
    let mut inside: Option<Rect> = None;
    let mut below = true;
    match kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } | NodeKind::Constant(_) => {
            painter.rect(rect, 3.0, colors.body, outline, egui::StrokeKind::Inside);
            let inner = rect.shrink(legibility::value_inset(kind));
            painter.rect_filled(inner, 2.0, known.tint(colors));
            number(painter, colors, kind, rect, text);
            below = false;
        }
        NodeKind::Lamp | NodeKind::Probe => {
            painter.rect(
                rect,
                0.3 * CELL,
                known.tint(colors),
                outline,
                egui::StrokeKind::Inside,
            );
            number(painter, colors, kind, rect, text);
            below = false;
        }
        // A gate, table, flip-flop or memory: its one-trit symbol (which shows no value).
        _ => inside = symbol(painter, colors, rect, kind, Trit::Unknown, outline),
    }
    if below {
        let galley =
            painter.layout_no_wrap(text.to_owned(), FontId::monospace(0.5 * CELL), colors.ink);
        let at = pos2(
            rect.center().x - galley.size().x / 2.0,
            rect.max.y + 0.15 * CELL,
        );
        painter.rect(
            Rect::from_min_size(at, galley.size()).expand2(vec2(2.0, 0.5)),
            2.0,
            known.tint(colors),
            Stroke::new(0.5, colors.bus),
            egui::StrokeKind::Outside,
        );
        painter.galley(at, galley, colors.ink);
    }
    inside
}

/// The caption `label` of a bus node of `kind` and `width` trits in the box `placed` (as
/// drawn, with its orientation): in the room `inside` its body if it fits, else in its
/// [`geometry::label_area`].
fn bus_caption(
    painter: &Painter,
    colors: &Colors,
    (rect, orientation): (Rect, Orientation),
    kind: NodeKind,
    label: &str,
    width: usize,
    inside: Option<Rect>,
) {
    let name = painter.layout_no_wrap(
        label.to_owned(),
        FontId::proportional(LABEL_SIZE),
        colors.ink,
    );
    let badge = painter.layout_no_wrap(
        format!("/{width}"),
        FontId::proportional(0.5 * CELL),
        colors.badge,
    );
    let (name_size, badge_size) = (name.size(), badge.size());
    let total = name_size.x + 2.0 + badge_size.x;
    let text = geometry::label_text(label, width);
    let at = match (
        inside,
        geometry::label_area(kind, cells_of(rect), orientation, &text),
    ) {
        (Some(room), None) => room.center() - vec2(total, name_size.y) / 2.0,
        (_, area) => {
            let area = pixels_of(
                area.unwrap_or_else(|| geometry::caption_area(cells_of(rect), orientation, &text)),
            );
            if total > area.width() {
                // Too wide for its box at this size: the label alone, shrunk to fit.
                label_in(painter, colors, area, &text);
                return;
            }
            pos2(
                area.center().x - total / 2.0,
                area.max.y - 1.0 - name_size.y,
            )
        }
    };
    painter.galley(at, name, colors.ink);
    painter.galley(
        pos2(
            at.x + name_size.x + 2.0,
            at.y + name_size.y - badge_size.y - 1.0,
        ),
        badge,
        colors.badge,
    );
}

/// The number `text` of a bus node of `kind` centred in its box `rect`, in a monospace font
/// fitted inside ([`legibility::fit_value`]: shrunk a little, then shortened with `…`; the
/// node's hover text has it whole).
fn number(painter: &Painter, colors: &Colors, kind: NodeKind, rect: Rect, text: &str) {
    let fitted = legibility::fit_value(kind, rect.width(), text);
    let galley = painter.layout_no_wrap(fitted.text, FontId::monospace(fitted.size), colors.ink);
    painter.galley(rect.center() - galley.size() / 2.0, galley, colors.ink);
}

/// A splitter or merger in `rect` (its box from [`geometry::rect`](crate::pages::circuit::geometry::rect)): a spine with the whole bus
/// on one side (a splitter's input, a merger's output, on the first row) and one branch per
/// bit range on the other (a splitter's outputs, a merger's inputs, a cell apart from the
/// first row), each marked with its bits (`0-3`); a range of one bit is a thin branch.
pub fn wiring(painter: &Painter, colors: &Colors, rect: Rect, kind: NodeKind) {
    let (NodeKind::Split(ranges) | NodeKind::Merge(ranges)) = kind else {
        return;
    };
    let split = matches!(kind, NodeKind::Split(_));
    let whole_y = rect.top() + CELL;
    let spine_x = if split {
        rect.left() + CELL
    } else {
        rect.right() - CELL
    };
    let row = |k: usize| rect.top() + (1.0 + k as f32) * CELL;
    let last = row(ranges.len().saturating_sub(1));
    let bus = Stroke::new(BUS_WIDTH, colors.bus);
    let (whole_from, whole_to) = if split {
        (rect.left(), spine_x)
    } else {
        (spine_x, rect.right())
    };
    painter.line_segment([pos2(whole_from, whole_y), pos2(whole_to, whole_y)], bus);
    let (top, bottom) = (row(0).min(whole_y), last.max(whole_y));
    painter.line_segment(
        [
            pos2(spine_x, top - 0.25 * CELL),
            pos2(spine_x, bottom + 0.25 * CELL),
        ],
        Stroke::new(5.0, colors.ink),
    );
    let font = FontId::monospace(0.5 * CELL);
    for (k, r) in ranges.iter().enumerate() {
        let y = row(k);
        let end = if split { rect.right() } else { rect.left() };
        let stroke = if r.len() == 1 {
            Stroke::new(1.5, colors.ink)
        } else {
            bus
        };
        painter.line_segment([pos2(spine_x, y), pos2(end, y)], stroke);
        let bits = if r.len() == 1 {
            r.start.to_string()
        } else {
            format!("{}-{}", r.start, r.end - 1)
        };
        let (at, align) = if split {
            (pos2(spine_x + 4.0, y - 2.5), Align2::LEFT_BOTTOM)
        } else {
            (pos2(spine_x - 4.0, y - 2.5), Align2::RIGHT_BOTTOM)
        };
        painter.text(at, align, bits, font.clone(), colors.ink);
    }
}

/// A tunnel in `rect` (its box from [`geometry::rect`](crate::pages::circuit::geometry::rect)):
/// a flag — a label box pointing right, to its output on the right edge — with its net's
/// `name` inside, outlined in the colour of the `values` it carries (a trit's value colour, or
/// a bus wire's ink for a bus).
pub fn tunnel(painter: &Painter, colors: &Colors, rect: Rect, name: &str, values: &[Trit]) {
    let ink = match values {
        [v] => colors.value(*v),
        bus => Known::of(bus).ink(colors),
    };
    let inset = 0.25 * CELL;
    let (top, bottom) = (rect.top() + inset, rect.bottom() - inset);
    let tip = rect.right();
    let shoulder = tip - (bottom - top) / 2.0;
    let flag = vec![
        pos2(rect.left(), top),
        pos2(shoulder, top),
        pos2(tip, rect.center().y),
        pos2(shoulder, bottom),
        pos2(rect.left(), bottom),
    ];
    painter.add(Shape::convex_polygon(
        flag,
        colors.body,
        Stroke::new(2.0, ink),
    ));
    let room = Rect::from_min_max(pos2(rect.left() + 2.0, top), pos2(shoulder, bottom));
    let full = LABEL_SIZE.min(room.height() * 0.8);
    let mut galley = painter.layout_no_wrap(name.to_owned(), FontId::monospace(full), colors.ink);
    if galley.size().x > room.width() {
        let size = (full * room.width() / galley.size().x).max(0.4 * CELL);
        galley = painter.layout_no_wrap(name.to_owned(), FontId::monospace(size), colors.ink);
    }
    painter.galley(room.center() - galley.size() / 2.0, galley, colors.ink);
}
