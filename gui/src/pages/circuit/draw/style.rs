//! The floor of the drawing: the [`Colors`] of each theme (the value colours, Okabe–Ito, and
//! the inks) with the WCAG contrast ratio they are checked by, the sizes every symbol shares, [`NodeLook`] with the outline and halo it gives a node, and the caption above a box.

use egui::{Color32, FontId, Painter, Rect, Stroke, pos2};
use sim_core::{Orientation, Trit};

use crate::pages::circuit::geometry::{self, CELL};

/// The width of a bus wire in scene pixels: 2.5 times a −1 or unknown trit's wire.
pub const BUS_WIDTH: f32 = 3.75;

/// The colours of the schematic in one theme: painting reads every colour from here, never
/// from a constant of its own ([`Colors::LIGHT`], [`Colors::DARK`]; [`Colors::of`] picks
/// the one egui's visuals are in).
///
/// The value colours are the Okabe–Ito palette's blue (+1) and orange (−1) and a neutral grey
/// (0), each shade chosen per theme so that it keeps a contrast of at least 3:1 against the
/// canvas and a node's body, the minimum WCAG 2.1 asks of graphical objects (success
/// criterion 1.4.11, non-text contrast: <https://www.w3.org/TR/WCAG21/#non-text-contrast>),
/// which [`contrast_ratio`] computes and the tests check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colors {
    /// The canvas behind the grid.
    pub paper: Color32,
    /// Outlines, text and pin rims.
    pub ink: Color32,
    /// The fill of a node's body.
    pub body: Color32,
    /// The grid's dots.
    pub grid: Color32,
    /// The width badge of a bus (`/8`).
    pub badge: Color32,
    /// The halo of a node under the pointer.
    pub hover: Color32,
    /// Bus wires and bus pins whose trits are all known.
    pub bus: Color32,
    /// A +1 (true) trit: Okabe–Ito blue.
    pub plus: Color32,
    /// A −1 (false) trit: Okabe–Ito orange.
    pub minus: Color32,
    /// A 0 (unknown) trit: neutral grey.
    pub unknown: Color32,
    /// Nodes on an oscillating loop: Okabe–Ito reddish purple.
    pub in_loop: Color32,
    /// The outline of a node an analysis marked (state a reset left unknown): vermillion.
    pub flagged: Color32,
    /// The node being evaluated in Step mode: Okabe–Ito bluish green.
    pub evaluating: Color32,
    /// The selection's outline.
    pub selected: Color32,
}

impl Colors {
    /// Dark ink on light paper, like a printed schematic: the app's first theme.
    pub const LIGHT: Colors = Colors {
        paper: Color32::from_gray(248),
        ink: Color32::from_gray(40),
        body: Color32::from_gray(250),
        grid: Color32::from_gray(215),
        badge: Color32::from_gray(95),
        hover: Color32::from_gray(200),
        bus: Color32::from_rgb(40, 52, 78),
        plus: Color32::from_rgb(0, 114, 178),
        // Okabe–Ito orange (230, 159, 0) has 2.1:1 on the paper: darkened to 3.3:1.
        minus: Color32::from_rgb(184, 127, 0),
        unknown: Color32::from_gray(128),
        in_loop: Color32::from_rgb(204, 121, 167),
        flagged: Color32::from_rgb(213, 94, 0),
        evaluating: Color32::from_rgb(0, 158, 115),
        // Okabe–Ito sky blue (86, 180, 233) has 2.2:1 on the paper: deepened to 3:1 or more.
        selected: Color32::from_rgb(0, 140, 220),
    };

    /// Light ink on dark paper (egui's dark panels).
    pub const DARK: Colors = Colors {
        paper: Color32::from_gray(27),
        ink: Color32::from_gray(215),
        body: Color32::from_gray(42),
        grid: Color32::from_gray(62),
        badge: Color32::from_gray(165),
        hover: Color32::from_gray(110),
        bus: Color32::from_rgb(160, 178, 210),
        // Okabe–Ito blue (0, 114, 178) has 2.8:1 on a dark body: lightened to 4.4:1.
        plus: Color32::from_rgb(40, 150, 220),
        minus: Color32::from_rgb(230, 159, 0),
        unknown: Color32::from_gray(150),
        in_loop: Color32::from_rgb(204, 121, 167),
        flagged: Color32::from_rgb(213, 94, 0),
        evaluating: Color32::from_rgb(0, 158, 115),
        // Sky blue would be too close to the lighter +1: the palette's yellow.
        selected: Color32::from_rgb(240, 228, 66),
    };

    /// The colours of a theme.
    pub fn of_theme(theme: egui::Theme) -> &'static Colors {
        match theme {
            egui::Theme::Light => &Colors::LIGHT,
            egui::Theme::Dark => &Colors::DARK,
        }
    }

    /// The colours matching `ui`'s visuals (light or dark; "follow the system" is resolved
    /// by egui before this).
    pub fn of(ui: &egui::Ui) -> &'static Colors {
        Colors::of_theme(if ui.visuals().dark_mode {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        })
    }

    /// The colour of a value.
    pub fn value(&self, v: Trit) -> Color32 {
        match v {
            Trit::True => self.plus,
            Trit::False => self.minus,
            Trit::Unknown => self.unknown,
        }
    }
}

/// Black-ish or white, whichever has the higher [`contrast_ratio`] on `fill` (the symbol on a
/// lamp of a value's colour), in either theme.
pub fn ink_on(fill: Color32) -> Color32 {
    let dark = Colors::LIGHT.ink;
    if contrast_ratio(dark, fill) >= contrast_ratio(Color32::WHITE, fill) {
        dark
    } else {
        Color32::WHITE
    }
}

/// The relative luminance of an sRGB colour (alpha ignored), 0 for black to 1 for white, as
/// WCAG 2.1 defines it (<https://www.w3.org/TR/WCAG21/#dfn-relative-luminance>): each channel
/// linearised, then weighted 0.2126 R + 0.7152 G + 0.0722 B.
pub fn relative_luminance(c: Color32) -> f32 {
    let linear = |channel: u8| {
        let s = f32::from(channel) / 255.0;
        if s <= 0.040_45 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(c.r()) + 0.7152 * linear(c.g()) + 0.0722 * linear(c.b())
}

/// The WCAG 2.1 contrast ratio of two colours (<https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio>):
/// `(L1 + 0.05) / (L2 + 0.05)` with `L1` the lighter's [`relative_luminance`]; from 1 (the
/// same) to 21 (black on white).
pub fn contrast_ratio(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Size of node labels, in scene pixels.
pub(super) const LABEL_SIZE: f32 = 0.65 * CELL;

/// How a node should stand out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeLook {
    /// Part of the selection.
    pub selected: bool,
    /// The node of the event just stepped.
    pub evaluating: bool,
    /// On the loop of the last oscillation.
    pub in_loop: bool,
    /// Marked by the last analysis (state a reset left unknown).
    pub flagged: bool,
    /// Under the pointer.
    pub hovered: bool,
}

/// `+`, `−` or `?`.
pub fn value_symbol(v: Trit) -> &'static str {
    match v {
        Trit::True => "+",
        Trit::False => "−",
        Trit::Unknown => "?",
    }
}

/// `a` mixed with `t` (0..1) of `b`, opaque.
pub(super) fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    a.lerp_to_gamma(b, t)
}

/// The outline stroke of a node, by how it stands out.
pub(super) fn outline(colors: &Colors, look: NodeLook) -> Stroke {
    if look.evaluating {
        Stroke::new(3.0, colors.evaluating)
    } else if look.in_loop {
        Stroke::new(3.0, colors.in_loop)
    } else if look.flagged {
        Stroke::new(3.0, colors.flagged)
    } else {
        Stroke::new(1.5, colors.ink)
    }
}

/// The ring around a selected (blue) or hovered (grey) node or block in `rect`.
pub(super) fn halo(painter: &Painter, colors: &Colors, rect: Rect, look: NodeLook) {
    if !(look.selected || look.hovered) {
        return;
    }
    let color = if look.selected {
        colors.selected
    } else {
        colors.hover
    };
    painter.rect_stroke(
        rect.expand(4.0),
        4.0,
        Stroke::new(2.0, color),
        egui::StrokeKind::Outside,
    );
}

/// A node's or block's label beside its box `rect` (above it unless turned north or south:
/// [`geometry::caption_area`]).
pub(super) fn caption(
    painter: &Painter,
    colors: &Colors,
    rect: Rect,
    orientation: Orientation,
    text: &str,
) {
    let area = geometry::caption_area(cells_of(rect), orientation, text);
    label_in(painter, colors, pixels_of(area), text);
}

/// `rect` (scene pixels) in cells.
pub(super) fn cells_of(rect: Rect) -> geometry::Area {
    geometry::Area {
        min: geometry::point(rect.min.x / CELL, rect.min.y / CELL),
        max: geometry::point(rect.max.x / CELL, rect.max.y / CELL),
    }
}

/// `area` (cells) in scene pixels.
pub(super) fn pixels_of(area: geometry::Area) -> Rect {
    Rect::from_min_max(
        pos2(area.min.x * CELL, area.min.y * CELL),
        pos2(area.max.x * CELL, area.max.y * CELL),
    )
}

/// `text` centred in `area` (scene pixels, from [`geometry::label_area`]), in the label font
/// or smaller if it would not fit: never outside the box the router keeps wires out of.
pub(super) fn label_in(painter: &Painter, colors: &Colors, area: Rect, text: &str) {
    let mut size = LABEL_SIZE;
    let mut galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(size), colors.ink);
    if galley.size().x > area.width() {
        size *= area.width() / galley.size().x;
        galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(size), colors.ink);
    }
    let at = pos2(
        area.center().x - galley.size().x / 2.0,
        area.max.y - 1.0 - galley.size().y,
    );
    painter.galley(at, galley, colors.ink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::circuit::legibility::{MONO_ADVANCE, mono_width};

    /// WCAG 2.1 success criterion 1.4.11 (non-text contrast): graphical objects need 3:1
    /// against adjacent colours.
    const NON_TEXT: f32 = 3.0;

    #[test]
    fn the_contrast_ratio_is_wcags() {
        assert!((relative_luminance(Color32::WHITE) - 1.0).abs() < 1e-6);
        assert!(relative_luminance(Color32::BLACK).abs() < 1e-6);
        assert!((contrast_ratio(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 1e-3);
        assert!((contrast_ratio(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 1e-6);
        // #777777 on white is the well-known 4.48:1.
        let grey = Color32::from_gray(0x77);
        assert!((contrast_ratio(grey, Color32::WHITE) - 4.48).abs() < 0.01);
    }

    #[test]
    fn every_value_colour_stands_out_on_both_themes() {
        for (name, colors) in [("light", Colors::LIGHT), ("dark", Colors::DARK)] {
            for v in [Trit::True, Trit::False, Trit::Unknown] {
                for (ground, behind) in [("paper", colors.paper), ("body", colors.body)] {
                    let ratio = contrast_ratio(colors.value(v), behind);
                    assert!(
                        ratio >= NON_TEXT,
                        "{name}: {v:?} on the {ground} has {ratio:.2}:1, below 3:1"
                    );
                }
            }
            for (what, c) in [
                ("bus", colors.bus),
                ("selection", colors.selected),
                ("ink", colors.ink),
            ] {
                let ratio = contrast_ratio(c, colors.paper);
                assert!(ratio >= NON_TEXT, "{name}: {what} has {ratio:.2}:1");
            }
            // Text: WCAG's 4.5:1 for the ink on a node's body.
            assert!(
                contrast_ratio(colors.ink, colors.body) >= 4.5,
                "{name}: ink"
            );
        }
        // The +1 shades differ per theme; the light one is Okabe–Ito's blue itself.
        assert_eq!(Colors::LIGHT.plus, Color32::from_rgb(0, 114, 178));
        assert_ne!(Colors::LIGHT.plus, Colors::DARK.plus);
    }

    #[test]
    fn a_lamps_symbol_contrasts_with_its_colour() {
        for colors in [Colors::LIGHT, Colors::DARK] {
            for v in [Trit::True, Trit::False, Trit::Unknown] {
                let fill = colors.value(v);
                assert!(contrast_ratio(ink_on(fill), fill) >= NON_TEXT, "{v:?}");
            }
        }
    }

    #[test]
    fn the_monospace_font_is_as_wide_as_the_legibility_rules_assume() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        output.textures_delta.clear();
        ctx.fonts_mut(|fonts| {
            for text in ["0bxxxxxxxx", "0bxx…xxxx", "a/4", "WE", "162"] {
                let galley =
                    fonts.layout_no_wrap(text.to_owned(), FontId::monospace(20.0), Color32::BLACK);
                let (laid, assumed) = (galley.size().x, mono_width(text, 20.0));
                assert!(
                    (laid - assumed).abs() <= 0.5,
                    "{text:?}: laid out {laid}, assumed {assumed} ({MONO_ADVANCE} em)"
                );
            }
        });
    }
}
