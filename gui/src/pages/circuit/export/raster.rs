//! SVG to PNG with resvg: the written SVG parsed by usvg and rendered by tiny-skia, its text in
//! egui's own default fonts (the bytes of the `epaint_default_fonts` crate egui draws with), so
//! no system font is read and a PNG looks the same on every machine.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::ExportError;

/// The most pixels a PNG may have (a 10,000 × 10,000 picture; 400 MB while it is drawn).
pub const MAX_PIXELS: u64 = 100_000_000;

/// egui's default fonts, loaded once: Ubuntu Light (proportional), Hack (monospace) and egui's
/// icons.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            for bytes in [
                epaint_default_fonts::UBUNTU_LIGHT,
                epaint_default_fonts::HACK_REGULAR,
                epaint_default_fonts::EGUI_ICONS,
            ] {
                db.load_font_data(bytes.to_vec());
            }
            db.set_sans_serif_family("Ubuntu");
            db.set_monospace_family("Hack");
            Arc::new(db)
        })
        .clone()
}

/// `svg` rendered `scale` pixels per SVG unit, as PNG bytes.
///
/// # Errors
/// [`ExportError::Scale`] for a scale that is not positive and finite,
/// [`ExportError::TooLarge`] past [`MAX_PIXELS`], [`ExportError::Render`] if the SVG does not
/// parse, [`ExportError::Encode`] if the PNG cannot be encoded.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, ExportError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(ExportError::Scale { scale });
    }
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size();
    #[allow(
        clippy::cast_sign_loss,
        reason = "a size and the scale (checked above) are positive"
    )]
    let pixels = |v: f32| (f64::from(v) * f64::from(scale)).ceil() as u64;
    let (width, height) = (pixels(size.width()), pixels(size.height()));
    let too_large = ExportError::TooLarge { width, height };
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(too_large);
    }
    let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
        return Err(too_large);
    };
    let mut pixmap = Pixmap::new(w, h).ok_or(too_large)?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| ExportError::Encode(e.to_string()))
}
