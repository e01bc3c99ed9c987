//! The shapes the canvas painted, written as SVG with the `svg` crate: one element per epaint
//! shape (paths, lines, circles, ellipses, rectangles, Bézier curves, meshes) and a `<text>`
//! per run of a text's row, in the canvas's coordinates (scene pixels), inside a group per
//! net, node and block.

use egui::epaint::{
    BandShape, CircleShape, ColorMode, CubicBezierShape, EllipseShape, Mesh, PathShape, PathStroke,
    QuadraticBezierShape, RectShape, TextShape,
};
use egui::{Color32, FontFamily, Pos2, Rect, Shape, Stroke, StrokeKind, pos2};
use svg::Node as _;
use svg::node::element::path::Data;
use svg::node::element::{self as el};

/// A coordinate or length as written: rounded to a hundredth of a scene pixel.
fn num(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

fn point(p: Pos2) -> (f32, f32) {
    (num(p.x), num(p.y))
}

/// The SVG paint of `color` (`none` when fully transparent) and its opacity, if not opaque.
fn paint(color: Color32) -> (String, Option<f32>) {
    let [r, g, b, a] = color.to_srgba_unmultiplied();
    if a == 0 {
        return ("none".to_owned(), None);
    }
    let paint = format!("#{r:02x}{g:02x}{b:02x}");
    (paint, (a < 255).then(|| num(f32::from(a) / 255.0)))
}

/// Sets `fill` (and `fill-opacity`) on `element`.
fn fill<N: svg::Node>(element: &mut N, color: Color32) {
    let (paint, opacity) = paint(color);
    element.assign("fill", paint);
    if let Some(opacity) = opacity {
        element.assign("fill-opacity", opacity);
    }
}

/// Sets `stroke`, `stroke-width` (and `stroke-opacity`) on `element`; nothing for no stroke.
fn stroke<N: svg::Node>(element: &mut N, stroke: Stroke) {
    if stroke.is_empty() {
        return;
    }
    let (paint, opacity) = paint(stroke.color);
    element.assign("stroke", paint);
    element.assign("stroke-width", num(stroke.width));
    if let Some(opacity) = opacity {
        element.assign("stroke-opacity", opacity);
    }
}

/// A path stroke as a plain stroke: a colour given by a function of the position (no symbol
/// of the canvas uses one) takes its colour at the path's first point.
fn path_stroke(s: &PathStroke, bounds: Rect, first: Pos2) -> Stroke {
    let color = match &s.color {
        ColorMode::Solid(c) => *c,
        ColorMode::UV(f) => f(bounds, first),
    };
    Stroke::new(s.width, color)
}

/// Appends `shape`'s elements to `group`.
pub(super) fn add_shape(group: &mut el::Group, shape: &Shape) {
    match shape {
        Shape::Noop | Shape::Callback(_) => {}
        Shape::Vec(shapes) => add_shapes(group, shapes),
        Shape::Circle(c) => group.append(circle(c)),
        Shape::Ellipse(e) => group.append(ellipse(e)),
        Shape::LineSegment { points, stroke: s } => {
            let mut line = el::Line::new()
                .set("x1", num(points[0].x))
                .set("y1", num(points[0].y))
                .set("x2", num(points[1].x))
                .set("y2", num(points[1].y))
                .set("stroke-linecap", "round");
            stroke(&mut line, *s);
            group.append(line);
        }
        Shape::Path(p) => {
            if let Some(path) = polyline(p) {
                group.append(path);
            }
        }
        Shape::Rect(r) => group.append(rect(r)),
        Shape::Text(t) => {
            for text in texts(t) {
                // As a plain element: the `svg` crate writes a typed `<text>` with its content
                // on lines of its own, which would add spaces to it.
                group.append(el::Element::from(text));
            }
        }
        Shape::Mesh(mesh) => add_mesh(group, mesh),
        Shape::Band(band) => group.append(band_path(band)),
        Shape::QuadraticBezier(q) => group.append(quadratic(q)),
        Shape::CubicBezier(c) => group.append(cubic(c)),
    }
}

/// Appends `shapes`' elements to `group`, a run of line segments of one stroke (a dashed
/// line) as one path.
fn add_shapes(group: &mut el::Group, shapes: &[Shape]) {
    let mut rest = shapes;
    while let Some((first, after)) = rest.split_first() {
        let Shape::LineSegment { stroke: s, .. } = first else {
            add_shape(group, first);
            rest = after;
            continue;
        };
        let same =
            |shape: &Shape| matches!(shape, Shape::LineSegment { stroke, .. } if stroke == s);
        let run = rest.iter().take_while(|shape| same(shape)).count();
        if run == 1 {
            add_shape(group, first);
        } else {
            group.append(segments(&rest[..run], *s));
        }
        rest = &rest[run..];
    }
}

/// Line segments of one stroke as one path of separate pieces.
fn segments(lines: &[Shape], s: Stroke) -> el::Path {
    let mut data = Data::new();
    for line in lines {
        if let Shape::LineSegment { points: [a, b], .. } = line {
            data = data.move_to(point(*a)).line_to(point(*b));
        }
    }
    let mut path = el::Path::new()
        .set("d", data)
        .set("fill", "none")
        .set("stroke-linecap", "round");
    stroke(&mut path, s);
    path
}

fn circle(c: &CircleShape) -> el::Circle {
    let mut circle = el::Circle::new()
        .set("cx", num(c.center.x))
        .set("cy", num(c.center.y))
        .set("r", num(c.radius));
    fill(&mut circle, c.fill);
    stroke(&mut circle, c.stroke);
    circle
}

fn ellipse(e: &EllipseShape) -> el::Ellipse {
    let mut ellipse = el::Ellipse::new()
        .set("cx", num(e.center.x))
        .set("cy", num(e.center.y))
        .set("rx", num(e.radius.x))
        .set("ry", num(e.radius.y));
    fill(&mut ellipse, e.fill);
    stroke(&mut ellipse, e.stroke);
    ellipse
}

/// A path of straight segments (`None` for fewer than two points).
fn polyline(p: &PathShape) -> Option<el::Path> {
    let (first, rest) = p.points.split_first()?;
    if rest.is_empty() {
        return None;
    }
    let mut data = Data::new().move_to(point(*first));
    for &q in rest {
        data = data.line_to(point(q));
    }
    if p.closed {
        data = data.close();
    }
    let mut path = el::Path::new()
        .set("d", data)
        .set("stroke-linejoin", "round")
        .set("stroke-linecap", "round");
    fill(&mut path, p.fill);
    stroke(
        &mut path,
        path_stroke(&p.stroke, p.visual_bounding_rect(), *first),
    );
    Some(path)
}

/// A rectangle, its stroke inside, centred on or outside its edge as egui draws it (SVG
/// centres strokes on the edge, so the edge moves by half the width).
fn rect(r: &RectShape) -> el::Rectangle {
    let half = r.stroke.width / 2.0;
    let edge = match r.stroke_kind {
        StrokeKind::Inside => r.rect.shrink(half),
        StrokeKind::Middle => r.rect,
        StrokeKind::Outside => r.rect.expand(half),
    };
    let radius = r.corner_radius.average();
    let mut rect = el::Rectangle::new()
        .set("x", num(edge.min.x))
        .set("y", num(edge.min.y))
        .set("width", num(edge.width()))
        .set("height", num(edge.height()));
    if radius > 0.0 {
        rect.assign("rx", num(radius));
    }
    fill(&mut rect, r.fill);
    stroke(&mut rect, r.stroke);
    rect
}

fn quadratic(curve: &QuadraticBezierShape) -> el::Path {
    let [start, control, end] = curve.points;
    let mut data = Data::new().move_to(point(start)).quadratic_curve_to((
        num(control.x),
        num(control.y),
        num(end.x),
        num(end.y),
    ));
    if curve.closed {
        data = data.close();
    }
    let mut path = el::Path::new().set("d", data);
    fill(&mut path, curve.fill);
    let bounds = curve.visual_bounding_rect();
    stroke(&mut path, path_stroke(&curve.stroke, bounds, start));
    path
}

fn cubic(curve: &CubicBezierShape) -> el::Path {
    let [start, first, second, end] = curve.points;
    let mut data = Data::new().move_to(point(start)).cubic_curve_to((
        num(first.x),
        num(first.y),
        num(second.x),
        num(second.y),
        num(end.x),
        num(end.y),
    ));
    if curve.closed {
        data = data.close();
    }
    let mut path = el::Path::new()
        .set("d", data)
        .set("stroke-linecap", "round");
    fill(&mut path, curve.fill);
    let bounds = curve.visual_bounding_rect();
    stroke(&mut path, path_stroke(&curve.stroke, bounds, start));
    path
}

/// A mesh of flat-coloured triangles (the canvas's coarse level of detail), each a path in
/// the colour of its first corner.
fn add_mesh(group: &mut el::Group, mesh: &Mesh) {
    for corners in mesh.indices.chunks_exact(3) {
        let vertex = |k: usize| mesh.vertices.get(corners[k] as usize);
        let (Some(a), Some(b), Some(c)) = (vertex(0), vertex(1), vertex(2)) else {
            continue;
        };
        let data = Data::new()
            .move_to(point(a.pos))
            .line_to(point(b.pos))
            .line_to(point(c.pos))
            .close();
        let mut path = el::Path::new().set("d", data);
        fill(&mut path, a.color);
        group.append(path);
    }
}

/// A band (a strip between a lower and an upper curve) as one closed path, rotated by its
/// angle about the origin.
fn band_path(band: &BandShape) -> el::Path {
    let lower = band.points.iter().map(|p| pos2(p.x, p.y.min));
    let upper = band.points.iter().rev().map(|p| pos2(p.x, p.y.max));
    let mut data = Data::new();
    for (k, p) in lower.chain(upper).enumerate() {
        data = if k == 0 {
            data.move_to(point(p))
        } else {
            data.line_to(point(p))
        };
    }
    let mut path = el::Path::new().set("d", data.close());
    fill(&mut path, band.fill);
    stroke(&mut path, band.stroke);
    if band.angle != 0.0 {
        path.assign(
            "transform",
            format!("rotate({})", num(band.angle.to_degrees())),
        );
    }
    path
}

/// The font family a text is written in: egui's default fonts by their names (Ubuntu Light
/// for proportional text, Hack for monospace), with the generic family after them.
fn family(family: &FontFamily) -> String {
    match family {
        FontFamily::Proportional => "Ubuntu, sans-serif".to_owned(),
        FontFamily::Monospace => "Hack, monospace".to_owned(),
        FontFamily::Name(name) => format!("{name}, sans-serif"),
    }
}

/// One `<text>` per run of glyphs of one format on a row of `t`, placed at egui's baseline.
fn texts(t: &TextShape) -> Vec<el::Text> {
    let galley = &t.galley;
    let sections = &galley.job.sections;
    let section_at = |byte: usize| {
        sections
            .iter()
            .position(|s| (s.byte_range.start.0..s.byte_range.end.0).contains(&byte))
    };
    let mut out = Vec::new();
    // Where each glyph's character starts in the job's text (a row's `\n` is not a glyph).
    let mut byte = 0;
    for placed in &galley.rows {
        let glyphs = &placed.row.glyphs;
        let mut start = 0;
        while start < glyphs.len() {
            let section = section_at(byte);
            let mut end = start;
            let mut run = String::new();
            while end < glyphs.len() && section_at(byte) == section {
                run.push(glyphs[end].chr);
                byte += glyphs[end].chr.len_utf8();
                end += 1;
            }
            let first = &glyphs[start];
            start = end;
            let Some(format) = section.and_then(|k| sections.get(k)).map(|s| &s.format) else {
                continue;
            };
            if !run.trim().is_empty() {
                let at = t.pos + placed.pos.to_vec2() + first.pos.to_vec2();
                out.push(text(t, run, at, format));
            }
        }
        byte += usize::from(placed.ends_with_newline);
    }
    out
}

/// A `<text>` of `run` with its baseline starting at `at`, in `format`.
fn text(t: &TextShape, run: String, at: Pos2, format: &egui::TextFormat) -> el::Text {
    let color = t
        .override_text_color
        .unwrap_or(if format.color == Color32::PLACEHOLDER {
            t.fallback_color
        } else {
            format.color
        });
    let mut text = el::Text::new(run)
        .set("x", num(at.x))
        .set("y", num(at.y))
        .set("font-family", family(&format.font_id.family))
        .set("font-size", num(format.font_id.size))
        .set("xml:space", "preserve");
    if format.font_id.family == FontFamily::Proportional {
        // Ubuntu Light, egui's proportional font.
        text.assign("font-weight", 300);
    }
    fill(&mut text, color.gamma_multiply(t.opacity_factor));
    if t.angle != 0.0 {
        let degrees = num(t.angle.to_degrees());
        text.assign(
            "transform",
            format!("rotate({degrees} {} {})", num(t.pos.x), num(t.pos.y)),
        );
    }
    text
}
