//! The schematic as an image — the open level, or every level of the hierarchy one file each —
//! in SVG or PNG by the file's extension: File → Export image… and `tritium draw`.
//!
//! The picture is the canvas's own: [`Canvas::paint_still`] paints the level with the canvas's
//! painting code on a headless [`egui::Context`] (no window), marking which net, node or block
//! each shape belongs to, and `vector` writes those epaint shapes as SVG elements. The SVG is
//! structured for tools to read:
//!
//! * the root `<svg>` carries the scale, `data-cell="20"` (SVG units per grid cell), and the
//!   level, `data-level="lo/fa0"` (empty at the top level); its `viewBox` is the level's extent
//!   in scene pixels (whole cells, a cell of margin around everything drawn);
//! * each net's wires, junctions and numbers are one `<g class="net" data-net="CLK">`, named
//!   by the output that drives it as the level's wires name it (`CLK`, `lo.s`, `SPL.1`);
//! * each node is one `<g class="node" data-node="AND1">` whose first shape is its outline,
//!   with its label and its pins; each instance one `<g class="block" data-block="lo">`;
//!   each text annotation one `<g class="note" data-note="TEXT">`;
//! * labels are `<text>` elements in egui's fonts (Ubuntu Light, Hack).
//!
//! `raster` renders the SVG to PNG with resvg, with egui's font bytes, so the PNG is the SVG's
//! picture on any machine.
//!
//! [`Canvas::paint_still`]: crate::pages::circuit::views::Canvas::paint_still

mod raster;
mod vector;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::epaint::ClippedShape;
use egui::{Pos2, Rect, Shape, Vec2};
use svg::Node as _;
use svg::node::element as el;

use crate::pages::circuit::geometry::CELL;
use crate::pages::circuit::state::{CircuitPageState, Mode};
use crate::pages::circuit::views::{Canvas, Group, Mark};
pub use raster::MAX_PIXELS;

/// PNG pixels per SVG unit unless told otherwise: a cell is 40 pixels, sharp on a
/// high-density screen.
pub const DEFAULT_SCALE: f32 = 2.0;

/// What went wrong exporting a picture.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file's extension names no image format the export writes.
    #[error("{}: not an image file name (end it in .svg or .png)", path.display())]
    Format {
        /// The file asked for.
        path: PathBuf,
    },
    /// The level asked for is not in the circuit.
    #[error(
        "no level `{level}` in this circuit (a level is a path of instance labels from the \
         top, such as `lo/fa0`)"
    )]
    NoSuchLevel {
        /// The level as given.
        level: String,
    },
    /// The PNG would have too many pixels.
    #[error(
        "the picture would be {width} × {height} pixels, more than {MAX_PIXELS}: write SVG, \
         or a smaller scale"
    )]
    TooLarge {
        /// Its width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
    },
    /// The PNG scale is not a positive number.
    #[error("the scale {scale} is not a positive number of pixels per unit")]
    Scale {
        /// The scale given.
        scale: f32,
    },
    /// The written SVG could not be read back to render it (a bug: the export writes it).
    #[error("cannot render the picture: {0}")]
    Render(#[from] resvg::usvg::Error),
    /// The PNG encoder failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
    /// The file could not be written.
    #[error("cannot write {}: {reason}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: std::io::Error,
    },
}

/// The formats the export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics, structured by net and node (see the [module docs](self)).
    Svg,
    /// A PNG image rendered from the SVG.
    Png,
}

impl ImageFormat {
    /// The format `path` names by its extension (`.svg`, `.png`, in any case).
    ///
    /// # Errors
    /// [`ExportError::Format`] for any other extension, or none.
    pub fn of_path(path: &Path) -> Result<ImageFormat, ExportError> {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        match extension.to_ascii_lowercase().as_str() {
            "svg" => Ok(ImageFormat::Svg),
            "png" => Ok(ImageFormat::Png),
            _ => Err(ExportError::Format {
                path: path.to_owned(),
            }),
        }
    }
}

/// One level drawn: its SVG and its extent.
#[derive(Clone, Debug)]
pub struct Picture {
    svg: String,
    /// The part of the scene shown, in scene pixels: whole grid cells.
    extent: Rect,
}

impl Picture {
    /// The SVG text (see the [module docs](self)).
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// The part of the level shown, in scene pixels ([`CELL`] per grid cell): whole cells,
    /// one cell of margin around everything drawn.
    pub fn extent(&self) -> Rect {
        self.extent
    }

    /// The picture as PNG bytes, `scale` pixels per SVG unit: `scale` × [`CELL`] pixels per
    /// grid cell.
    ///
    /// # Errors
    /// See [`ExportError`]: a bad scale, too many pixels, or an encoder failure.
    pub fn png(&self, scale: f32) -> Result<Vec<u8>, ExportError> {
        raster::png(&self.svg, scale)
    }

    /// The picture in `format` (a PNG `scale` pixels per unit).
    ///
    /// # Errors
    /// As [`Picture::png`].
    pub fn bytes(&self, format: ImageFormat, scale: f32) -> Result<Vec<u8>, ExportError> {
        match format {
            ImageFormat::Svg => Ok(self.svg.clone().into_bytes()),
            ImageFormat::Png => self.png(scale),
        }
    }
}

/// The open level of `state` as the canvas paints it, with the values the simulation has now
/// (see [`Canvas::paint_still`]: no grid, selection, hover or pending events).
pub fn draw(state: &mut CircuitPageState) -> Picture {
    let ctx = egui::Context::default();
    // The canvas's background, as the app shows it (schematics are drawn dark on light).
    ctx.set_theme(egui::Theme::Light);
    let mut painted: Vec<(ClippedShape, Option<Group>)> = Vec::new();
    let mut marks: Vec<Mark> = Vec::new();
    let mut background = egui::Color32::WHITE;
    let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
        background = ui.visuals().panel_fill;
        // Everything in view: a level is far smaller than a million cells.
        let everything = Rect::from_center_size(Pos2::ZERO, Vec2::splat(2e7));
        ui.set_clip_rect(everything);
        let layer = ui.layer_id();
        let first = ui.ctx().graphics_mut(|g| g.entry(layer).next_idx()).0;
        marks = Canvas::default().paint_still(ui, state);
        painted = ui.ctx().graphics(|g| {
            g.get(layer)
                .map(|list| grouped(list.all_entries().skip(first), first, &marks))
                .unwrap_or_default()
        });
    });
    // No window shows the font atlas.
    output.textures_delta.clear();
    picture(&painted, &marks, background, &state.level)
}

/// Each shape from index `first` on with the group it was marked with (`None` before the first
/// mark).
fn grouped<'a>(
    shapes: impl Iterator<Item = &'a ClippedShape>,
    first: usize,
    marks: &[Mark],
) -> Vec<(ClippedShape, Option<Group>)> {
    let mut next = marks.iter().peekable();
    let mut group = None;
    shapes
        .enumerate()
        .map(|(i, shape)| {
            while let Some((_, g)) = next.next_if(|(at, _)| at.0 <= first + i) {
                group = Some(g.clone());
            }
            (shape.clone(), group.clone())
        })
        .collect()
}

/// The extent of `shapes`: whole cells, one cell of margin (one cell at the origin if nothing
/// was drawn).
fn extent<'a>(shapes: impl Iterator<Item = &'a Shape>) -> Rect {
    let bounds = shapes
        .map(Shape::visual_bounding_rect)
        .filter(|r| r.is_finite() && r.is_positive())
        .fold(Rect::NOTHING, Rect::union);
    if !bounds.is_positive() {
        return Rect::from_min_size(Pos2::ZERO, Vec2::splat(CELL));
    }
    let min = (bounds.min.to_vec2() / CELL).floor() - Vec2::splat(1.0);
    let max = (bounds.max.to_vec2() / CELL).ceil() + Vec2::splat(1.0);
    Rect::from_min_max((min * CELL).to_pos2(), (max * CELL).to_pos2())
}

/// The SVG group of `group`: its class and the name it carries.
fn svg_group(group: &Group) -> el::Group {
    let (class, attribute, name) = match group {
        Group::Net(name) => ("net", "data-net", name),
        Group::Node(name) => ("node", "data-node", name),
        Group::Block(name) => ("block", "data-block", name),
        Group::Note(text) => ("note", "data-note", text),
    };
    el::Group::new()
        .set("class", class)
        .set(attribute, attribute_text(name))
}

/// `text` as an attribute value: the `svg` crate escapes `&`, `<` and `>` in attributes but not
/// the quotation mark that delimits them, so a label's `"` (labels may hold any printable
/// character) is written as `'` there; its `<text>` keeps it.
fn attribute_text(text: &str) -> String {
    text.replace('"', "'")
}

/// The SVG document of `painted` on `background`, for the level at `level`: a group for each
/// group `marks` start (even one that painted nothing, such as a net whose wire has no length),
/// in the order they were first marked (nets under nodes, as on the canvas).
fn picture(
    painted: &[(ClippedShape, Option<Group>)],
    marks: &[Mark],
    background: egui::Color32,
    level: &[String],
) -> Picture {
    let extent = extent(painted.iter().map(|(c, _)| &c.shape));
    let mut order: Vec<&Group> = Vec::new();
    let mut groups: BTreeMap<&Group, el::Group> = BTreeMap::new();
    for (_, group) in marks {
        groups.entry(group).or_insert_with(|| {
            order.push(group);
            svg_group(group)
        });
    }
    let mut loose = el::Group::new();
    for (clipped, group) in painted {
        let target = group
            .as_ref()
            .and_then(|g| groups.get_mut(g))
            .unwrap_or(&mut loose);
        vector::add_shape(target, &clipped.shape);
    }
    let [r, g, b, _] = background.to_srgba_unmultiplied();
    let mut document = svg::Document::new()
        .set("width", extent.width())
        .set("height", extent.height())
        .set(
            "viewBox",
            (extent.min.x, extent.min.y, extent.width(), extent.height()),
        )
        .set("data-cell", CELL)
        .set("data-level", attribute_text(&level.join("/")))
        .add(
            el::Rectangle::new()
                .set("class", "background")
                .set("x", extent.min.x)
                .set("y", extent.min.y)
                .set("width", extent.width())
                .set("height", extent.height())
                .set("fill", format!("#{r:02x}{g:02x}{b:02x}")),
        );
    if loose.get_children().is_some_and(|c| !c.is_empty()) {
        document.append(loose);
    }
    for group in order {
        if let Some(g) = groups.remove(group) {
            document.append(g);
        }
    }
    Picture {
        svg: document.to_string(),
        extent,
    }
}

/// Opens the level at `path` (instance labels from the top separated by `/`, such as
/// `lo/fa0`; empty: the top level).
///
/// # Errors
/// [`ExportError::NoSuchLevel`] if some instance on the way does not exist.
pub fn open_level(state: &mut CircuitPageState, path: &str) -> Result<(), ExportError> {
    let level: Vec<String> = path
        .split('/')
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    if !level.is_empty() && state.doc.document.design.part_at(&level).is_none() {
        return Err(ExportError::NoSuchLevel {
            level: path.to_owned(),
        });
    }
    state.go_up(0);
    state.level = level;
    Ok(())
}

/// Every level of the document: the top level, then each instance's inside, depth first in the
/// order the instances are written.
pub fn levels(state: &CircuitPageState) -> Vec<Vec<String>> {
    let design = &state.doc.document.design;
    let mut out = Vec::new();
    let mut stack = vec![Vec::new()];
    while let Some(level) = stack.pop() {
        for inst in design.level_instances(&level).iter().rev() {
            let mut inner = level.clone();
            inner.push(inst.label.clone());
            stack.push(inner);
        }
        out.push(level);
    }
    out
}

/// Where the picture of `level` goes when every level is exported to `path`: `path` itself for
/// the top level, else its name with the level's instance path inserted before the extension
/// (`adder8.svg`, `adder8.lo.svg`, `adder8.lo.fa0.svg`: instance labels hold no `.`).
pub fn level_path(path: &Path, level: &[String]) -> PathBuf {
    if level.is_empty() {
        return path.to_owned();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = path.extension().map(|e| e.to_string_lossy().into_owned());
    let mut name = format!("{stem}.{}", level.join("."));
    if let Some(extension) = extension {
        name = format!("{name}.{extension}");
    }
    path.with_file_name(name)
}

/// Writes the open level to `path`, as SVG or PNG by its extension (a PNG `scale` pixels per
/// unit).
///
/// # Errors
/// [`ExportError`]: an unknown extension, a PNG too large, or the write failing.
pub fn write_level(
    state: &mut CircuitPageState,
    path: &Path,
    scale: f32,
) -> Result<(), ExportError> {
    let format = ImageFormat::of_path(path)?;
    let bytes = draw(state).bytes(format, scale)?;
    loader::write_atomically(path, &bytes).map_err(|reason| ExportError::Write {
        path: path.to_owned(),
        reason,
    })
}

/// Writes every level ([`levels`]) to its own file beside `path` ([`level_path`]), in the
/// format of `path`'s extension, and returns the files written; the open level is kept.
///
/// # Errors
/// As [`write_level`], at the first level that fails.
pub fn write_every_level(
    state: &mut CircuitPageState,
    path: &Path,
    scale: f32,
) -> Result<Vec<PathBuf>, ExportError> {
    ImageFormat::of_path(path)?;
    let open = std::mem::take(&mut state.level);
    let mut written = Vec::new();
    let mut outcome = Ok(());
    for level in levels(state) {
        let target = level_path(path, &level);
        state.level = level;
        outcome = write_level(state, &target, scale);
        if outcome.is_err() {
            break;
        }
        written.push(target);
    }
    state.level = open;
    outcome.map(|()| written)
}

/// Sets the simulation back to power-on without settling it, so that a picture shows every
/// value unknown: the circuit alone, before anything is simulated (`tritium draw` without
/// `--values`).
pub fn forget_values(state: &mut CircuitPageState) {
    state.sim.set_mode(Mode::Step);
    state.sim.reset();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::circuit::state::DocState;

    fn state_of(ron: &str) -> CircuitPageState {
        let document = sim_core::format::from_str(ron).expect("a valid circuit");
        CircuitPageState::with_doc(DocState::untitled(document))
    }

    #[test]
    fn formats_come_from_the_extension() {
        assert_eq!(
            ImageFormat::of_path(Path::new("a.SVG")).ok(),
            Some(ImageFormat::Svg)
        );
        assert_eq!(
            ImageFormat::of_path(Path::new("a.png")).ok(),
            Some(ImageFormat::Png)
        );
        for name in ["a.jpg", "a", "svg"] {
            let err = ImageFormat::of_path(Path::new(name)).expect_err(name);
            assert!(err.to_string().contains("not an image file name"), "{err}");
        }
    }

    #[test]
    fn every_level_gets_a_file_named_by_its_path() {
        let path = Path::new("out/adder8.svg");
        assert_eq!(level_path(path, &[]), path);
        let inner = ["lo".to_owned(), "fa0".to_owned()];
        assert_eq!(level_path(path, &inner), Path::new("out/adder8.lo.fa0.svg"));
    }

    #[test]
    fn a_label_with_quotes_and_markup_keeps_the_svg_well_formed() {
        let mut state = state_of(
            r#"(version: 1, nodes: [
                (label: "say\"<hi>&", kind: Switch, pos: (0, 0)),
                (label: "L", kind: Lamp, pos: (6, 0)),
            ], wires: [(from: "say\"<hi>&", to: "L")])"#,
        );
        let picture = draw(&mut state);
        let svg = roxmltree::Document::parse(picture.svg()).expect("well-formed");
        let names: Vec<(&str, &str)> = svg
            .root_element()
            .children()
            .filter_map(|g| {
                Some((
                    g.attribute("class")?,
                    g.attribute("data-net").or(g.attribute("data-node"))?,
                ))
            })
            .collect();
        assert!(names.contains(&("node", "say'<hi>&")), "{names:?}");
        assert!(names.contains(&("net", "say'<hi>&")), "{names:?}");
        // The label itself is written exactly, as text.
        assert!(svg.descendants().any(|n| n.text() == Some("say\"<hi>&")));
    }

    #[test]
    fn a_level_that_does_not_exist_is_refused_and_the_picture_scales_to_png() {
        let mut state = state_of(
            r#"(version: 1, nodes: [(label: "S", kind: Switch, pos: (0, 0))], wires: [])"#,
        );
        let err = open_level(&mut state, "lo/fa0").expect_err("no instances");
        assert!(err.to_string().contains("no level `lo/fa0`"), "{err}");
        assert_eq!(levels(&state), [Vec::<String>::new()]);
        let picture = draw(&mut state);
        assert!(matches!(picture.png(0.0), Err(ExportError::Scale { .. })));
        assert!(matches!(
            picture.png(1e6),
            Err(ExportError::TooLarge { .. })
        ));
        let png = picture.png(1.0).expect("a PNG");
        let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
        assert!(
            (width as f32 - picture.extent().width()).abs() < 0.5,
            "{width}"
        );
    }
}
