//! Hexadecimal and 7-segment displays: what they show as text ([`display_text`]) and their
//! drawing, a dark face with lit, unlit and unknown segments.

use egui::{Color32, FontId, Painter, Rect, Stroke, pos2};
use sim_core::{NodeKind, Orientation, Trit};

use super::style::{Colors, NodeLook, cells_of, halo, label_in, outline, pixels_of};
use crate::pages::circuit::geometry;
use crate::pages::circuit::legibility;

// A display has its own dark face in either theme, like the part it stands for: its colours
// are the display's, not the theme's.

/// A lit segment of a 7-segment display (a hexadecimal display's digits too).
const SEGMENT_LIT: Color32 = Color32::from_rgb(230, 50, 30);
/// An unlit segment: −1.
const SEGMENT_OFF: Color32 = Color32::from_rgb(75, 45, 45);
/// The face of a display.
const DISPLAY_FACE: Color32 = Color32::from_gray(28);

/// The segment names of a 7-segment display, bit 0 first (`p`: the decimal point).
const SEGMENTS: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'p'];

/// The digits a hexadecimal display shows for `values` (bit 0 first): four trits a digit
/// (−1 a 0 bit, +1 a 1 bit), the most significant digit first, `?` for a digit with an
/// unknown bit (a trit 0); a partial last digit reads its missing bits as 0.
pub fn hex_digits(values: &[Trit]) -> String {
    let digits: Vec<char> = values
        .chunks(4)
        .map(|bits| {
            if bits.contains(&Trit::Unknown) {
                return '?';
            }
            let n = bits
                .iter()
                .enumerate()
                .filter(|(_, v)| **v == Trit::True)
                .fold(0u32, |n, (i, _)| n | (1 << i));
            char::from_digit(n, 16).map_or('?', |c| c.to_ascii_uppercase())
        })
        .collect();
    digits.into_iter().rev().collect()
}

/// What a 7-segment display shows for `values` (bit 0 = segment a, … bit 6 = g, bit 7 the
/// decimal point), as text: the lit segments' letters in order (`.` for the decimal point),
/// `off` if none is lit, then `(unknown: …)` for the segments at 0. Bits past the eighth
/// are not shown.
pub fn segments_text(values: &[Trit]) -> String {
    let name = |i: usize| if i == 7 { '.' } else { SEGMENTS[i] };
    let pick = |want: Trit| -> String {
        values
            .iter()
            .take(8)
            .enumerate()
            .filter(|(_, v)| **v == want)
            .map(|(i, _)| name(i))
            .collect()
    };
    let (lit, unknown) = (pick(Trit::True), pick(Trit::Unknown));
    let mut text = if lit.is_empty() {
        "off".to_owned()
    } else {
        lit
    };
    if !unknown.is_empty() {
        text = format!("{text} (unknown: {unknown})");
    }
    text
}

/// What a display node shows, as text for its widget and hover: the digits of a
/// [`NodeKind::HexDisplay`], the segments of a [`NodeKind::SevenSegment`]; `None` for any
/// other kind.
pub fn display_text(kind: NodeKind, values: &[Trit]) -> Option<String> {
    match kind {
        NodeKind::HexDisplay => Some(hex_digits(values)),
        NodeKind::SevenSegment => Some(segments_text(values)),
        _ => None,
    }
}

/// The colour of a segment showing `v`: lit, off or the theme's grey (unknown).
fn segment_color(colors: &Colors, v: Trit) -> Color32 {
    match v {
        Trit::True => SEGMENT_LIT,
        Trit::False => SEGMENT_OFF,
        Trit::Unknown => colors.unknown,
    }
}

/// A hexadecimal or 7-segment display of `width` trits (1: a single trit, no badge) in
/// `rect` (as drawn, turned by `orientation`: the face stays upright), showing `values` (bit
/// 0 first): a dark face with the digits ([`hex_digits`]) or the segments a–g and the
/// decimal point, an unknown segment grey; labelled beside it where the router keeps wires
/// off the label ([`geometry::label_area`] in the node's orientation).
#[allow(
    clippy::too_many_arguments,
    reason = "what one display shows, passed rather than bundled for two callers"
)]
pub fn display_node(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    orientation: Orientation,
    kind: NodeKind,
    label: &str,
    values: &[Trit],
    look: NodeLook,
) {
    halo(painter, colors, rect, look);
    painter.rect(
        rect,
        2.0,
        DISPLAY_FACE,
        outline(colors, look),
        egui::StrokeKind::Inside,
    );
    let face = rect.shrink(3.0);
    if kind == NodeKind::SevenSegment {
        seven_segments(painter, colors, face, values);
    } else {
        let digits = hex_digits(values);
        let color = if digits.contains('?') {
            colors.unknown
        } else {
            SEGMENT_LIT
        };
        let fitted = legibility::fit_mono(
            &digits,
            0.75 * face.height(),
            legibility::MIN_VALUE_SIZE,
            face.width(),
        );
        let galley = painter.layout_no_wrap(fitted.text, FontId::monospace(fitted.size), color);
        painter.galley(face.center() - galley.size() / 2.0, galley, color);
    }
    // A display of several trits adds its width to its label: `SEG /8`, in the box of the
    // label the router reserves (`SEG/8`).
    let title = if values.len() > 1 {
        format!("{label} /{}", values.len())
    } else {
        label.to_owned()
    };
    let reserved = geometry::label_text(label, values.len());
    let area = geometry::label_area(kind, cells_of(rect), orientation, &reserved)
        .unwrap_or_else(|| geometry::caption_area(cells_of(rect), orientation, &reserved));
    label_in(painter, colors, pixels_of(area), &title);
}

/// The segments a–g (and the decimal point) of one digit in `face`, from `values`.
fn seven_segments(painter: &Painter, colors: &Colors, face: Rect, values: &[Trit]) {
    let h = face.height() * 0.9;
    let w = h * 0.5;
    let t = (h * 0.1).max(1.0);
    let x0 = face.center().x - w / 2.0;
    let (x1, y0) = (x0 + w, face.center().y - h / 2.0);
    let (ym, y1) = (y0 + h / 2.0, y0 + h);
    let gap = t * 0.6;
    let segments = [
        (pos2(x0 + gap, y0), pos2(x1 - gap, y0)),
        (pos2(x1, y0 + gap), pos2(x1, ym - gap)),
        (pos2(x1, ym + gap), pos2(x1, y1 - gap)),
        (pos2(x0 + gap, y1), pos2(x1 - gap, y1)),
        (pos2(x0, ym + gap), pos2(x0, y1 - gap)),
        (pos2(x0, y0 + gap), pos2(x0, ym - gap)),
        (pos2(x0 + gap, ym), pos2(x1 - gap, ym)),
    ];
    let value = |i: usize| values.get(i).copied().unwrap_or(Trit::False);
    for (i, (a, b)) in segments.into_iter().enumerate() {
        painter.line_segment([a, b], Stroke::new(t, segment_color(colors, value(i))));
    }
    if values.len() > 7 {
        painter.circle_filled(
            pos2(x1 + 1.5 * t, y1),
            t * 0.7,
            segment_color(colors, value(7)),
        );
    }
}
