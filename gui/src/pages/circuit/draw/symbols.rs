//! The full-detail symbol of a single node: sources, lamps and probes, the IEEE Std 91-1984
//! distinctive-shape gates, tables, flip-flops, memories, and subcircuit blocks. Each is drawn
//! unturned and turned by its orientation afterwards ([`turned`]); labels stay upright.

use egui::epaint::{CubicBezierShape, PathShape, PathStroke};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, pos2, vec2};
use sim_core::{GateBase, GateOp, NodeKind, Orientation, Trit};

use super::orient::{Turn, drawn_turn, turned};
use super::style::{
    Colors, LABEL_SIZE, NodeLook, caption, cells_of, halo, ink_on, label_in, mix, outline,
    pixels_of, value_symbol,
};
use crate::pages::circuit::geometry::{self, CELL};
use crate::pages::circuit::{kinds, legibility};

/// A node of `kind` in `rect` (its box as drawn) turned by `orientation`, labelled, showing
/// its output `v`. The label sits inside the body where it fits, else above the box.
#[allow(
    clippy::too_many_arguments,
    reason = "what one node shows, passed as the canvas and the palette have it"
)]
pub fn node(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    orientation: Orientation,
    kind: NodeKind,
    label: &str,
    v: Trit,
    look: NodeLook,
) {
    halo(painter, colors, rect, look);
    let turn = drawn_turn(kind, orientation);
    let inside = turned(painter, rect, turn, |unturned| {
        symbol(painter, colors, unturned, kind, v, outline(colors, look))
    })
    .map(|room| Turn::new(rect, turn).rect(room));
    match (
        inside,
        geometry::label_area(kind, cells_of(rect), orientation, label),
    ) {
        (Some(room), None) => {
            let galley = painter.layout_no_wrap(
                label.to_owned(),
                FontId::proportional(LABEL_SIZE),
                colors.ink,
            );
            painter.galley(room.center() - galley.size() / 2.0, galley, colors.ink);
        }
        (_, area) => {
            let area =
                area.unwrap_or_else(|| geometry::caption_area(cells_of(rect), orientation, label));
            label_in(painter, colors, pixels_of(area), label);
        }
    }
}

/// The symbol of a node of `kind` in `rect`, unturned, showing `v`; returns the part of its
/// body that can hold a label, if any.
pub(super) fn symbol(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    kind: NodeKind,
    v: Trit,
    outline: Stroke,
) -> Option<Rect> {
    // Where the label goes if it fits: inside a gate's body.
    let mut inside: Option<Rect> = None;
    match kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } | NodeKind::Constant(_) => {
            source(painter, colors, rect, kind, v, outline);
        }
        NodeKind::Lamp => {
            let radius = rect.width() / 2.0 - 2.0;
            painter.circle(rect.center(), radius, colors.value(v), outline);
            lamp_symbol(painter, colors, rect.center(), radius, v);
        }
        NodeKind::Probe => {
            painter.rect(rect, 2.0, colors.body, outline, egui::StrokeKind::Inside);
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                v.as_signed_str(),
                font(0.8),
                colors.value(v),
            );
        }
        NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr => {
            inside = Some(flip_flop(painter, colors, rect, outline, kind));
        }
        NodeKind::Table(_) => inside = Some(table_gate(painter, colors, rect, outline)),
        NodeKind::Rom { .. } | NodeKind::Ram { .. } => {
            inside = Some(memory_block(painter, colors, rect, kind, outline));
        }
        _ => {
            if let Some(op) = kind.op() {
                inside = gate(painter, colors, rect, kind, op, outline);
            }
        }
    }
    inside
}

/// A subcircuit instance: a block in `rect` (its box as drawn) turned by `orientation`, with
/// its label above it and its part's name inside, the pin names along its edges (unturned:
/// `inputs` left, `outputs` right, at their pins' rows, [`geometry::pin_offset`]; input `k`
/// and output `k` share a row, each name fitted into its half by
/// [`legibility::fit_pin_names`]) and a double outline telling it from a gate.
#[allow(
    clippy::too_many_arguments,
    reason = "what one block shows, passed as the canvas has it"
)]
pub fn block(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    orientation: Orientation,
    (label, part): (&str, &str),
    inputs: &[String],
    outputs: &[String],
    look: NodeLook,
) {
    halo(painter, colors, rect, look);
    turned(painter, rect, orientation, |unturned| {
        block_body(
            painter,
            colors,
            unturned,
            part,
            (inputs, outputs),
            outline(colors, look),
        );
    });
    caption(painter, colors, rect, orientation, label);
}

/// A block's body in `rect`, unturned: its outlines, its part's name and its pins' names.
fn block_body(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    part: &str,
    (inputs, outputs): (&[String], &[String]),
    outline: Stroke,
) {
    painter.rect(rect, 3.0, colors.body, outline, egui::StrokeKind::Inside);
    painter.rect_stroke(
        rect.shrink(3.0),
        2.0,
        Stroke::new(0.75, colors.ink),
        egui::StrokeKind::Inside,
    );
    let part = legibility::fit_part_name(rect.width(), part);
    mono_text(
        painter,
        colors,
        pos2(rect.center().x, rect.max.y - 0.6 * CELL),
        Align2::CENTER_CENTER,
        part,
    );
    // An input and an output share a row: each name fitted into its half.
    let row = |i: usize| rect.min.y + geometry::pin_offset(i) as f32 * CELL;
    for k in 0..inputs.len().max(outputs.len()) {
        let (input, output) =
            legibility::fit_pin_names(rect.width(), pin_name(inputs, k), pin_name(outputs, k));
        if k < inputs.len() {
            let at = pos2(rect.min.x + legibility::PIN_NAME_INSET, row(k));
            mono_text(painter, colors, at, Align2::LEFT_CENTER, input);
        }
        if k < outputs.len() {
            let at = pos2(rect.max.x - legibility::PIN_NAME_INSET, row(k));
            mono_text(painter, colors, at, Align2::RIGHT_CENTER, output);
        }
    }
}

/// The name of pin `k` of `pins`, or `""` past the last.
fn pin_name(pins: &[String], k: usize) -> &str {
    pins.get(k).map_or("", String::as_str)
}

/// A [`Fitted`](legibility::Fitted) text in the monospace font, in the ink, anchored at `at`.
fn mono_text(
    painter: &Painter,
    colors: &Colors,
    at: Pos2,
    anchor: Align2,
    fitted: legibility::Fitted,
) {
    painter.text(
        at,
        anchor,
        fitted.text,
        FontId::monospace(fitted.size),
        colors.ink,
    );
}

/// `+`, `−` or `?` on a lamp of `radius` at `c`: bars rather than text, so they stay bold at
/// any zoom; dark or white, whichever contrasts more with the lamp's colour ([`ink_on`]).
fn lamp_symbol(painter: &Painter, colors: &Colors, c: Pos2, radius: f32, v: Trit) {
    let ink = ink_on(colors.value(v));
    let (arm, bar) = (0.5 * radius, (0.16 * radius).max(1.5));
    match v {
        Trit::True | Trit::False => {
            painter.rect_filled(Rect::from_center_size(c, vec2(2.0 * arm, bar)), 0.0, ink);
            if v == Trit::True {
                painter.rect_filled(Rect::from_center_size(c, vec2(bar, 2.0 * arm)), 0.0, ink);
            }
        }
        Trit::Unknown => {
            painter.text(
                c,
                Align2::CENTER_CENTER,
                "?",
                FontId::proportional(1.2 * radius),
                ink,
            );
        }
    }
}

fn font(cells: f32) -> FontId {
    FontId::proportional(cells * CELL * 0.7)
}

fn source(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    kind: NodeKind,
    v: Trit,
    outline: Stroke,
) {
    painter.rect(rect, 3.0, colors.body, outline, egui::StrokeKind::Inside);
    let inner = rect.shrink(4.0);
    painter.rect_filled(inner, 2.0, mix(colors.body, colors.value(v), 0.35));
    if kind == NodeKind::Switch {
        switch_symbol(painter, colors, inner, v);
        return;
    }
    let text = match kind {
        NodeKind::Constant(c) => c.as_signed_str(),
        _ => value_symbol(v),
    };
    // Buttons and clocks carry a small icon left of the value (drawn, so no font needs it).
    let icon = pos2(inner.left() + 0.45 * CELL, inner.center().y);
    let ink = Stroke::new(1.5, colors.ink);
    let text_at = match kind {
        NodeKind::Button => {
            painter.circle_stroke(icon, 0.3 * CELL, ink);
            painter.circle_filled(icon, 0.15 * CELL, colors.ink);
            pos2(inner.center().x + 0.35 * CELL, inner.center().y)
        }
        NodeKind::Clock { .. } => {
            let (h, w) = (0.25 * CELL, 0.2 * CELL);
            let x = icon.x - 1.5 * w;
            let pts = vec![
                pos2(x, icon.y + h),
                pos2(x + w, icon.y + h),
                pos2(x + w, icon.y - h),
                pos2(x + 2.0 * w, icon.y - h),
                pos2(x + 2.0 * w, icon.y + h),
                pos2(x + 3.0 * w, icon.y + h),
            ];
            painter.add(Shape::line(pts, ink));
            pos2(inner.center().x + 0.35 * CELL, inner.center().y)
        }
        _ => inner.center(),
    };
    painter.text(text_at, Align2::CENTER_CENTER, text, font(0.8), colors.ink);
}

/// A switch's `+`, `−` or `?`, filling most of its face `inner`: bars rather than text, so
/// they stay legible at the zoom that fits a large circuit in the window.
fn switch_symbol(painter: &Painter, colors: &Colors, inner: Rect, v: Trit) {
    let c = inner.center();
    let side = inner.width().min(inner.height());
    let (arm, bar) = (0.32 * side, (0.11 * side).max(1.5));
    match v {
        Trit::True | Trit::False => {
            painter.rect_filled(
                Rect::from_center_size(c, vec2(2.0 * arm, bar)),
                0.0,
                colors.ink,
            );
            if v == Trit::True {
                painter.rect_filled(
                    Rect::from_center_size(c, vec2(bar, 2.0 * arm)),
                    0.0,
                    colors.ink,
                );
            }
        }
        Trit::Unknown => {
            painter.text(
                c,
                Align2::CENTER_CENTER,
                "?",
                FontId::proportional(0.8 * side),
                colors.ink,
            );
        }
    }
}

/// The distinctive-shape symbol (IEEE Std 91-1984) of `op` in `rect`, with short leads from the
/// input pins to a curved back. Returns the part of the body that can hold a label, if any.
pub(super) fn gate(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    kind: NodeKind,
    op: GateOp,
    outline: Stroke,
) -> Option<Rect> {
    // The body is the base's shape; an inverting gate adds the bubble.
    let (base, bubble) = op.base();
    let r = 0.25 * CELL;
    let body = if bubble {
        Rect::from_min_max(rect.min, pos2(rect.max.x - 2.0 * r, rect.max.y))
    } else {
        rect
    };
    let fill = colors.body;
    let room = match base {
        GateBase::Buf => {
            let pts = vec![
                body.left_top(),
                pos2(body.right(), body.center().y),
                body.left_bottom(),
            ];
            painter.add(Shape::convex_polygon(pts, fill, outline));
            None
        }
        GateBase::And => {
            // A flat back and a half-circle nose of radius h.
            let h = body.height() / 2.0;
            let flat = (body.right() - h).max(body.left());
            let c = pos2(flat, body.center().y);
            let mut pts = vec![
                pos2(flat, body.top()),
                body.left_top(),
                body.left_bottom(),
                pos2(flat, body.bottom()),
            ];
            for i in 1..24 {
                let a = std::f32::consts::PI * (0.5 - i as f32 / 24.0);
                pts.push(pos2(c.x + h * a.cos(), c.y + h * a.sin()));
            }
            painter.add(Shape::Path(PathShape {
                points: pts,
                closed: true,
                fill,
                stroke: PathStroke::from(outline),
            }));
            Some(body.shrink2(vec2(0.1 * CELL, 0.2 * CELL)))
        }
        GateBase::Or | GateBase::Xor => {
            let exclusive = base == GateBase::Xor;
            let back = or_body(painter, colors.body, body, exclusive, outline);
            // Leads from the pins (on the left edge) to the curved back.
            for pin in 0..kind.input_count() {
                let y = rect.top() + geometry::input_y(kind, pin) * CELL;
                let x = back_x(back, y);
                if x > rect.left() + 0.5 {
                    painter.line_segment(
                        [pos2(rect.left(), y), pos2(x, y)],
                        Stroke::new(1.5, colors.ink),
                    );
                }
            }
            Some(Rect::from_min_max(
                pos2(back.left() + 0.3 * back.width(), body.top() + 0.2 * CELL),
                pos2(
                    body.right() - 0.1 * back.width(),
                    body.bottom() - 0.2 * CELL,
                ),
            ))
        }
    };
    if bubble {
        painter.circle(pos2(rect.right() - r, rect.center().y), r, fill, outline);
    }
    room
}

/// The x of the curved back of an OR body in `b` at height `y` (the back is the cubic from the
/// top-left to the bottom-left corner with both control points `0.3 × width` inside).
fn back_x(b: Rect, y: f32) -> f32 {
    let along = |t: f32| {
        let u = 1.0 - t;
        let y = b.top() + b.height() * (0.9 * u * u * t + 2.1 * u * t * t + t * t * t);
        let x = b.left() + 0.9 * b.width() * u * t;
        (x, y)
    };
    // y grows with t: bisect.
    let (mut lo, mut hi) = (0.0_f32, 1.0_f32);
    for _ in 0..20 {
        let mid = f32::midpoint(lo, hi);
        if along(mid).1 < y {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    along(f32::midpoint(lo, hi)).0
}

/// The curved OR body (with the extra back curve of XOR when `exclusive`) in `body`, filled
/// with `fill`. Returns the rectangle of the body proper (right of the extra curve).
fn or_body(painter: &Painter, fill: Color32, body: Rect, exclusive: bool, outline: Stroke) -> Rect {
    let shift = if exclusive { 0.3 * CELL } else { 0.0 };
    let b = Rect::from_min_max(pos2(body.left() + shift, body.top()), body.max);
    let back_curve = |r: Rect| {
        CubicBezierShape::from_points_stroke(
            [
                r.left_top(),
                pos2(r.left() + r.width() * 0.3, r.top() + r.height() * 0.3),
                pos2(r.left() + r.width() * 0.3, r.bottom() - r.height() * 0.3),
                r.left_bottom(),
            ],
            false,
            Color32::TRANSPARENT,
            outline,
        )
    };
    let back = back_curve(b);
    let tip = pos2(b.right(), b.center().y);
    let top = CubicBezierShape::from_points_stroke(
        [
            b.left_top(),
            pos2(b.left() + b.width() * 0.6, b.top()),
            pos2(b.right() - b.width() * 0.15, b.top() + b.height() * 0.2),
            tip,
        ],
        false,
        Color32::TRANSPARENT,
        outline,
    );
    let bottom = CubicBezierShape::from_points_stroke(
        [
            b.left_bottom(),
            pos2(b.left() + b.width() * 0.6, b.bottom()),
            pos2(b.right() - b.width() * 0.15, b.bottom() - b.height() * 0.2),
            tip,
        ],
        false,
        Color32::TRANSPARENT,
        outline,
    );
    // Fill: the outline sampled into one polygon.
    let mut pts: Vec<Pos2> = top.flatten(Some(0.5));
    let mut lower = bottom.flatten(Some(0.5));
    lower.reverse();
    pts.extend(lower);
    let mut rear = back.flatten(Some(0.5));
    rear.reverse();
    pts.extend(rear);
    painter.add(Shape::Path(PathShape {
        points: pts,
        closed: true,
        fill,
        stroke: PathStroke::NONE,
    }));
    painter.add(top);
    painter.add(bottom);
    painter.add(back);
    if exclusive {
        // The second back line of XOR, the same curve one gap further left.
        let second = Rect::from_min_max(body.min, pos2(body.right() - shift, body.bottom()));
        painter.add(back_curve(second));
    }
    b
}

/// A ROM or RAM: a block titled with its kind and size, its pins named (`A`; a RAM's `D`,
/// `WE` and the clock's triangle).
pub(super) fn memory_block(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    kind: NodeKind,
    outline: Stroke,
) -> Rect {
    painter.rect(rect, 2.0, colors.body, outline, egui::StrokeKind::Inside);
    let (title, addr_bits) = match kind {
        NodeKind::Rom { addr_bits } => ("ROM", addr_bits),
        NodeKind::Ram { addr_bits } => ("RAM", addr_bits),
        _ => ("", 0),
    };
    painter.text(
        pos2(rect.center().x, rect.top() + 0.5 * CELL),
        Align2::CENTER_CENTER,
        format!("{title} 2^{addr_bits}"),
        FontId::monospace(0.5 * CELL),
        colors.ink,
    );
    let font = FontId::monospace(legibility::PIN_SIZE);
    for (pin, name) in ["A", "D", "WE", ">"]
        .iter()
        .enumerate()
        .take(kind.file_input_count())
    {
        let y = rect.top() + geometry::input_y(kind, pin) * CELL;
        // Clear of the pin's square on the edge.
        painter.text(
            pos2(rect.left() + 0.45 * CELL, y),
            Align2::LEFT_CENTER,
            *name,
            font.clone(),
            colors.ink,
        );
    }
    Rect::from_min_max(pos2(rect.left(), rect.top() + CELL), rect.max)
}

/// A table gate: a box marked `TBL` at the top; returns the room below the mark (for the
/// label).
pub(super) fn table_gate(painter: &Painter, colors: &Colors, rect: Rect, outline: Stroke) -> Rect {
    painter.rect(rect, 2.0, colors.body, outline, egui::StrokeKind::Inside);
    painter.text(
        pos2(rect.center().x, rect.top() + 0.5 * CELL),
        Align2::CENTER_CENTER,
        "TBL",
        FontId::monospace(0.5 * CELL),
        colors.ink,
    );
    Rect::from_min_max(pos2(rect.left(), rect.top() + CELL), rect.max)
}

/// A D flip-flop of `kind`: a box with its pins' names ([`kinds::flip_flop_pins`]) at their rows,
/// the clock as the wedge `>`. Returns the room left for the label.
pub(super) fn flip_flop(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    outline: Stroke,
    kind: NodeKind,
) -> Rect {
    painter.rect(rect, 2.0, colors.body, outline, egui::StrokeKind::Inside);
    let font = FontId::monospace(0.6 * CELL);
    let pins = kinds::flip_flop_pins(kind);
    for (pin, name) in pins.iter().enumerate() {
        let y = rect.top() + (1.0 + pin as f32) * CELL;
        if let Some(name) = name {
            painter.text(
                pos2(rect.left() + 3.0, y),
                Align2::LEFT_CENTER,
                *name,
                font.clone(),
                colors.ink,
            );
        } else {
            let wedge = vec![
                pos2(rect.left(), y - 0.3 * CELL),
                pos2(rect.left() + 0.4 * CELL, y),
                pos2(rect.left(), y + 0.3 * CELL),
            ];
            painter.add(Shape::line(wedge, outline));
        }
    }
    Rect::from_min_max(
        pos2(
            rect.left() + geometry::flip_flop_name_room(kind) * CELL,
            rect.top(),
        ),
        rect.max,
    )
}
