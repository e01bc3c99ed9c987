//! Crisp text in the zoomed canvas. egui lays text out at its size in scene pixels and the
//! scene's transform then scales the glyphs' bitmaps, which blurs them when zoomed in (and
//! thins them out when zoomed out): see <https://github.com/emilk/egui/issues/4813>. After the
//! canvas has painted, [`sharpen`] lays every text of the frame out again at its size on the
//! screen and shrinks the result back into the scene, so the transform scales it to exactly
//! the size its glyphs were rasterised at. The same pass drops every text smaller on the screen
//! than [`legibility::legible`] allows (a pin name zoomed out), rather than drawing it as an
//! unreadable smudge. The drawing code is unchanged.

use std::sync::Arc;

use egui::emath::TSTransform;
use egui::epaint::text::{FontsView, LayoutJob};
use egui::epaint::{ClippedShape, Shape, TextShape};
use egui::layers::ShapeIdx;
use egui::{Pos2, Rect};

use crate::pages::circuit::legibility;

/// The index the next shape painted on `ui`'s layer gets: pass it to [`sharpen`].
pub(super) fn next_shape(ui: &egui::Ui) -> ShapeIdx {
    let layer = ui.layer_id();
    ui.ctx().graphics_mut(|g| g.entry(layer).next_idx())
}

/// The factor text is laid out larger by at `zoom`: the zoom, in steps of a quarter octave
/// (so that zooming does not fill the font atlas with a size per frame), 1 near 100 %.
pub fn layout_scale(zoom: f32) -> f32 {
    if !zoom.is_finite() || zoom <= 0.0 {
        return 1.0;
    }
    let steps = (zoom.log2() * 4.0).round();
    2f32.powf(steps / 4.0).clamp(0.25, 8.0)
}

/// Lays the texts painted on `ui`'s layer since shape `from` out again at the layer's zoom,
/// dropping those too small to read there (see the [module docs](self)).
pub(super) fn sharpen(ui: &egui::Ui, from: ShapeIdx) {
    let ctx = ui.ctx();
    let layer = ui.layer_id();
    let zoom = ctx
        .layer_transform_to_global(layer)
        .map_or(1.0, |t| t.scaling);
    let scale = layout_scale(zoom);
    let relaid = (scale - 1.0).abs() >= 1e-3;
    // Illegible texts dropped in place; the others, if they need laying out again, taken out
    // of the paint list, laid out without holding its lock (the fonts take the context's lock
    // too), and put back.
    let mut texts: Vec<(ShapeIdx, Rect, Shape)> = Vec::new();
    ctx.graphics_mut(|g| {
        let list = g.entry(layer);
        for i in from.0..list.next_idx().0 {
            list.mutate_shape(ShapeIdx(i), |c: &mut ClippedShape| {
                if !has_text(&c.shape) {
                    return;
                }
                drop_illegible(&mut c.shape, zoom);
                if relaid && has_text(&c.shape) {
                    texts.push((
                        ShapeIdx(i),
                        c.clip_rect,
                        std::mem::replace(&mut c.shape, Shape::Noop),
                    ));
                }
            });
        }
    });
    if texts.is_empty() {
        return;
    }
    ctx.fonts_mut(|fonts| {
        for (_, _, shape) in &mut texts {
            relayout_all(shape, scale, fonts);
        }
    });
    ctx.graphics_mut(|g| {
        let list = g.entry(layer);
        for (i, clip, shape) in texts {
            list.set(i, clip, shape);
        }
    });
}

fn has_text(shape: &Shape) -> bool {
    match shape {
        Shape::Text(_) => true,
        Shape::Vec(shapes) => shapes.iter().any(has_text),
        _ => false,
    }
}

/// Replaces every text of `shape` whose largest font is not [`legibility::legible`] at `zoom`
/// with nothing.
fn drop_illegible(shape: &mut Shape, zoom: f32) {
    match shape {
        Shape::Text(text) => {
            let size = text
                .galley
                .job
                .sections
                .iter()
                .map(|section| section.format.font_id.size)
                .fold(0.0, f32::max);
            if !legibility::legible(size, zoom) {
                *shape = Shape::Noop;
            }
        }
        Shape::Vec(shapes) => {
            for shape in shapes {
                drop_illegible(shape, zoom);
            }
        }
        _ => {}
    }
}

fn relayout_all(shape: &mut Shape, scale: f32, fonts: &mut FontsView<'_>) {
    match shape {
        Shape::Text(text) => relayout(text, scale, fonts),
        Shape::Vec(shapes) => {
            for shape in shapes {
                relayout_all(shape, scale, fonts);
            }
        }
        _ => {}
    }
}

/// `text` laid out `scale` times larger, then shrunk by `scale` about its position: the same
/// place and size in the scene, its glyphs rasterised `scale` times larger.
pub fn relayout(text: &mut TextShape, scale: f32, fonts: &mut FontsView<'_>) {
    let job = scaled_job(&text.galley.job, scale);
    let mut big = text.clone();
    big.galley = fonts.layout_job(job);
    big.pos = Pos2::ZERO;
    big.underline.width *= scale;
    big.transform(TSTransform::new(text.pos.to_vec2(), 1.0 / scale));
    *text = big;
}

fn scaled_job(job: &Arc<LayoutJob>, scale: f32) -> LayoutJob {
    let mut job = LayoutJob::clone(job);
    for section in &mut job.sections {
        section.leading_space *= scale;
        let format = &mut section.format;
        format.font_id.size *= scale;
        format.extra_letter_spacing *= scale;
        if let Some(height) = &mut format.line_height {
            *height *= scale;
        }
        format.underline.width *= scale;
        format.strikethrough.width *= scale;
    }
    job.wrap.max_width *= scale;
    job.first_row_min_height *= scale;
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_scale_follows_the_zoom_in_quarter_octaves() {
        assert!((layout_scale(1.0) - 1.0).abs() < 1e-6);
        assert!((layout_scale(1.05) - 1.0).abs() < 1e-6);
        assert!((layout_scale(4.0) - 4.0).abs() < 1e-4);
        assert!((layout_scale(0.5) - 0.5).abs() < 1e-4);
        let s = layout_scale(3.0);
        assert!((2.8..3.4).contains(&s), "{s}");
        assert!((layout_scale(0.0) - 1.0).abs() < 1e-6);
        assert!((layout_scale(f32::NAN) - 1.0).abs() < 1e-6);
    }

    #[test]
    fn text_too_small_for_the_zoom_is_dropped() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        output.textures_delta.clear();
        ctx.fonts_mut(|fonts| {
            let mut text = |size: f32| {
                Shape::text(
                    fonts,
                    Pos2::ZERO,
                    egui::Align2::LEFT_TOP,
                    "cout",
                    egui::FontId::monospace(size),
                    egui::Color32::BLACK,
                )
            };
            let texts_kept = |shape: &Shape| -> Vec<bool> {
                let Shape::Vec(shapes) = shape else {
                    panic!("a list");
                };
                shapes.iter().map(|s| matches!(s, Shape::Text(_))).collect()
            };
            // 11 px and 13 px texts: both read at 100 %, only the 13 px one at 70 %.
            let mut shape = Shape::Vec(vec![text(11.0), text(13.0)]);
            drop_illegible(&mut shape, 1.0);
            assert_eq!(texts_kept(&shape), [true, true]);
            drop_illegible(&mut shape, 0.7);
            assert_eq!(texts_kept(&shape), [false, true]);
        });
    }

    #[test]
    fn a_relaid_text_keeps_its_place_and_size_with_larger_glyphs() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        output.textures_delta.clear();
        ctx.fonts_mut(|fonts| {
            let shape = Shape::text(
                fonts,
                Pos2::new(10.0, 20.0),
                egui::Align2::LEFT_TOP,
                "NOR1",
                egui::FontId::proportional(12.0),
                egui::Color32::BLACK,
            );
            let Shape::Text(mut text) = shape else {
                panic!("a text shape");
            };
            let before = text.visual_bounding_rect();
            relayout(&mut text, 4.0, fonts);
            let after = text.visual_bounding_rect();
            assert!(
                (before.min - after.min).length() < 1.0
                    && (before.size() - after.size()).length() < 1.5,
                "{before:?} → {after:?}"
            );
            let size = text.galley.job.sections[0].format.font_id.size;
            assert!((size - 48.0).abs() < 1e-3, "laid out at {size}");
        });
    }
}
