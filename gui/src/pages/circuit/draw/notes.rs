//! Text annotations ([`sim_core::Note`]): free text on the canvas, drawn as plain ink with no
//! box or pins, so it reads as a remark and never as a part.

use egui::{FontId, Painter, Pos2, Rect, Stroke};

use super::style::{Colors, NodeLook};
use crate::pages::circuit::geometry::CELL;

/// The size of a note's text, in scene pixels.
const NOTE_SIZE: f32 = 0.7 * CELL;

/// Draws note `text` in the ink of `colors` with its top-left corner at `at` (scene pixels),
/// outlined when `look` says it is selected or under the pointer; returns the box its text
/// takes.
pub fn note(painter: &Painter, colors: &Colors, at: Pos2, text: &str, look: NodeLook) -> Rect {
    let font = FontId::proportional(NOTE_SIZE);
    let galley = painter.layout_no_wrap(text.to_owned(), font, colors.ink);
    let rect = Rect::from_min_size(at, galley.size());
    painter.galley(at, galley, colors.ink);
    let outline = if look.selected {
        Some(Stroke::new(2.0, colors.selected))
    } else if look.hovered {
        Some(Stroke::new(1.0, colors.hover))
    } else {
        None
    };
    if let Some(stroke) = outline {
        painter.rect_stroke(rect.expand(3.0), 2.0, stroke, egui::StrokeKind::Outside);
    }
    rect
}
