//! The displays — hexadecimal, 7-segment, decimal, the LED matrix and the TTY — and the hex
//! keypad, which shows its digit on its keys: what they show as text ([`display_text`]) and
//! their drawing, a dark face with lit, unlit and unknown segments, lamps, keys or a TTY's
//! last lines.

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
/// A keypad's key, and its digit.
const KEY: Color32 = Color32::from_gray(70);
/// A key's digit.
const KEY_TEXT: Color32 = Color32::from_gray(230);
/// A TTY's characters.
const TTY_TEXT: Color32 = Color32::from_rgb(120, 230, 120);
/// The rows of text a TTY shows: its last ones.
pub const TTY_ROWS: usize = 4;
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

/// What an LED matrix of `columns` lamps a row shows for `values` (bit `r × columns + c` at
/// row `r`, column `c`), as text: each row, the top one first, as `#` for a lit lamp (+1),
/// `.` for a dark one (−1) and `?` for an unknown one, the rows joined by `/` (`#.#/.?.`).
pub fn led_rows_text(values: &[Trit], columns: u8) -> String {
    let row = |lamps: &[Trit]| -> String {
        lamps
            .iter()
            .map(|v| match v {
                Trit::True => '#',
                Trit::False => '.',
                Trit::Unknown => '?',
            })
            .collect()
    };
    let rows: Vec<String> = values
        .chunks(usize::from(columns.max(1)))
        .map(row)
        .collect();
    rows.join("/")
}

/// What a display node shows, as text for its widget and hover: the digits of a
/// [`NodeKind::HexDisplay`] and of a [`NodeKind::Keypad`] (the last key pressed), the segments of a [`NodeKind::SevenSegment`], the number of a
/// [`NodeKind::DecimalDisplay`] ([`DecimalMode::reading`](sim_core::kind::DecimalMode::reading)),
/// the rows of a [`NodeKind::LedMatrix`] ([`led_rows_text`]); `None` for any other kind.
pub fn display_text(kind: NodeKind, values: &[Trit]) -> Option<String> {
    match kind {
        NodeKind::HexDisplay | NodeKind::Keypad => Some(hex_digits(values)),
        NodeKind::SevenSegment => Some(segments_text(values)),
        NodeKind::DecimalDisplay(mode) => Some(mode.reading(values)),
        NodeKind::LedMatrix { columns, .. } => Some(led_rows_text(values, columns)),
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

/// A display of `width` trits (1: a single trit, no badge) in `rect` (as drawn, turned by
/// `orientation`: the face stays upright), showing `values` (bit 0 first) and `text` (what it
/// shows as text: [`display_text`], or a TTY's text): a dark face with the digits
/// ([`hex_digits`]) or number — grey where not one known value —, the segments a–g and the
/// decimal point, the LED matrix's lamps, an unknown segment or lamp grey, or a TTY's last
/// lines ([`tty_rows`]); labelled beside it where the router keeps wires
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
    (values, text): (&[Trit], &str),
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
    let face = face_of(rect);
    match kind {
        NodeKind::SevenSegment => seven_segments(painter, colors, face, values),
        NodeKind::LedMatrix { columns, .. } => led_lamps(painter, colors, face, values, columns),
        NodeKind::Keypad => keys(painter, rect, values),
        NodeKind::Tty => screen(painter, face, text),
        _ => {
            // A hex digit with an unknown bit, or a decimal range: not one known value.
            let known = !text.contains(['?', '…']);
            digits(painter, colors, face, text, known);
        }
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

/// The face of a display (or keypad) whose box is `rect`: inside its frame.
fn face_of(rect: Rect) -> Rect {
    rect.shrink(3.0)
}

/// The keys of a hex keypad whose box is `rect`: the digits 0–F, four rows of four, 0 at the
/// top left, each with its box on the face (which the canvas makes a button).
pub fn keypad_keys(rect: Rect) -> impl Iterator<Item = (u8, Rect)> {
    let face = face_of(rect);
    let size = face.size() / 4.0;
    (0..16u8).map(move |digit| {
        let (row, column) = (f32::from(digit / 4), f32::from(digit % 4));
        let min = face.min + egui::vec2(column * size.x, row * size.y);
        (digit, Rect::from_min_size(min, size).shrink(1.5))
    })
}

/// The keys of a hex keypad whose box is `rect`, showing `values` (its 4 trits): every key,
/// the digit it holds lit ([`hex_digits`]; none while a bit is unknown).
fn keys(painter: &Painter, rect: Rect, values: &[Trit]) {
    let held = hex_digits(values);
    for (digit, key) in keypad_keys(rect) {
        let text = format!("{digit:X}");
        let fill = if text == held { SEGMENT_LIT } else { KEY };
        painter.rect_filled(key, 2.0, fill);
        let size = (0.7 * key.height()).max(legibility::MIN_VALUE_SIZE);
        painter.text(
            key.center(),
            egui::Align2::CENTER_CENTER,
            text,
            FontId::monospace(size),
            KEY_TEXT,
        );
    }
}

/// The rows a TTY shows of `text` (lines joined by `\n`): each line cut into rows of
/// `columns` characters (at least 1), the last `rows` of them, the top one first.
pub fn tty_rows(text: &str, columns: usize, rows: usize) -> Vec<String> {
    let columns = columns.max(1);
    let all: Vec<String> = text
        .split('\n')
        .flat_map(|line| {
            let chars: Vec<char> = line.chars().collect();
            if chars.is_empty() {
                vec![String::new()]
            } else {
                chars
                    .chunks(columns)
                    .map(|row| row.iter().collect())
                    .collect()
            }
        })
        .collect();
    all[all.len().saturating_sub(rows)..].to_vec()
}

/// A TTY's screen in `face`: the last [`TTY_ROWS`] rows of `text` ([`tty_rows`]), as many
/// characters a row as fit, in a monospace font, left-aligned.
fn screen(painter: &Painter, face: Rect, text: &str) {
    let face = face.shrink(2.0);
    #[allow(clippy::cast_precision_loss, reason = "a few rows")]
    let size = face.height() / TTY_ROWS as f32 / 1.2;
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a positive width in characters, a few dozen"
    )]
    let columns = (face.width() / (legibility::MONO_ADVANCE * size)).floor() as usize;
    for (i, row) in tty_rows(text, columns, TTY_ROWS).into_iter().enumerate() {
        #[allow(clippy::cast_precision_loss, reason = "a few rows")]
        let top = face.min + egui::vec2(0.0, i as f32 * 1.2 * size);
        painter.text(
            top,
            egui::Align2::LEFT_TOP,
            row,
            FontId::monospace(size),
            TTY_TEXT,
        );
    }
}

/// `text` (digits) centred in `face`, as large as fits: lit if `known`, else grey.
fn digits(painter: &Painter, colors: &Colors, face: Rect, text: &str, known: bool) {
    let color = if known { SEGMENT_LIT } else { colors.unknown };
    let fitted = legibility::fit_mono(
        text,
        0.75 * face.height(),
        legibility::MIN_VALUE_SIZE,
        face.width(),
    );
    let galley = painter.layout_no_wrap(fitted.text, FontId::monospace(fitted.size), color);
    painter.galley(face.center() - galley.size() / 2.0, galley, color);
}

/// The lamps of an LED matrix of `columns` lamps a row in `face`, from `values` (bit
/// `r × columns + c` at row `r`, column `c`): a grid of round lamps, each lit, dark or grey.
fn led_lamps(painter: &Painter, colors: &Colors, face: Rect, values: &[Trit], columns: u8) {
    let columns = usize::from(columns.max(1));
    let rows = values.len().div_ceil(columns).max(1);
    #[allow(clippy::cast_precision_loss, reason = "at most 64 rows and columns")]
    let cell = egui::vec2(face.width() / columns as f32, face.height() / rows as f32);
    let radius = 0.38 * cell.x.min(cell.y);
    for (i, &v) in values.iter().enumerate() {
        #[allow(clippy::cast_precision_loss, reason = "at most 64 rows and columns")]
        let (r, c) = ((i / columns) as f32, (i % columns) as f32);
        let center = face.min + egui::vec2((c + 0.5) * cell.x, (r + 0.5) * cell.y);
        painter.circle_filled(center, radius, segment_color(colors, v));
    }
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
