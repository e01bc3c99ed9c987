//! The state-machine editor's view: the state-transition table in a text box at the left (its
//! first error under it), and beside it the build settings and the state diagram drawn from
//! [`synth::fsm::Diagram`]'s layout — states as circles (a Moore state's outputs under its
//! name), arcs with their conditions, self-loops above their state, an entry arrow into the
//! initial state. Each state is a widget named `state NAME`.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Vec2, vec2};
use synth::fsm::{ArcShape, Assignment, Diagram, DiagramArc};

use crate::pages::analysis::machine::MachineState;
use crate::pages::analysis::options::style_options;

/// A state's radius on the screen, in points: the diagram's unit.
const RADIUS: f32 = 28.0;

/// The margin around the diagram, in points.
const MARGIN: f32 = 40.0;

/// The state-machine editor's side panel: the table's text and its error.
pub fn table_panel(ui: &mut egui::Ui, state: &mut MachineState) {
    let label = ui.label("State-transition table");
    if let Err(error) = state.machine() {
        let colour = ui.visuals().error_fg_color;
        ui.colored_label(colour, egui::RichText::new(error.to_string()).strong());
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.add(
            egui::TextEdit::multiline(&mut state.text)
                .font(egui::TextStyle::Monospace)
                .code_editor()
                .desired_rows(24)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    });
}

/// The build settings and Build circuit (whether it was clicked), then the diagram.
pub fn diagram_panel(ui: &mut egui::Ui, state: &mut MachineState) -> bool {
    let build = ui
        .horizontal(|ui| {
            ui.label("States:");
            for assignment in Assignment::ALL {
                ui.selectable_value(&mut state.assignment, assignment, assignment.label());
            }
            ui.separator();
            style_options(ui, &mut state.style);
            ui.separator();
            ui.button("Build circuit")
                .on_hover_text("Opens the machine's circuit on the Circuit page")
                .clicked()
        })
        .inner;
    ui.separator();
    if let Ok((_, diagram)) = state.machine() {
        egui::ScrollArea::both().show(ui, |ui| draw(ui, diagram));
    }
    build
}

/// The diagram, scaled so a state's radius (the layout's unit) holds its longest name (at
/// least [`RADIUS`]), and centred in the space left.
fn draw(ui: &mut egui::Ui, diagram: &Diagram) {
    let font = FontId::proportional(12.0);
    let widest = diagram
        .states
        .iter()
        .map(|s| {
            let galley =
                ui.painter()
                    .layout_no_wrap(s.name.clone(), font.clone(), Color32::PLACEHOLDER);
            galley.size().x
        })
        .fold(0.0, f32::max);
    let radius = (widest / 2.0 + 6.0).max(RADIUS);
    let (min, max) = diagram.states.iter().fold(
        (vec2(f32::MAX, f32::MAX), vec2(f32::MIN, f32::MIN)),
        |(min, max), s| {
            let p = vec2(s.position[0], s.position[1]);
            (min.min(p), max.max(p))
        },
    );
    let size = (max - min) * radius + Vec2::splat(2.0 * (MARGIN + radius));
    let (area, _) = ui.allocate_exact_size(size.max(ui.available_size()), Sense::hover());
    let offset = area.center() - (min + max) / 2.0 * radius;
    let centres: Vec<Pos2> = diagram
        .states
        .iter()
        .map(|s| offset + vec2(s.position[0], s.position[1]) * radius)
        .collect();
    let ink = ui.visuals().strong_text_color();
    for arc in &diagram.arcs {
        let bend = bend(arc, &centres, radius);
        draw_arc(
            ui,
            arc,
            (centres[arc.from], centres[arc.to]),
            radius,
            bend,
            ink,
        );
    }
    for (node, &centre) in diagram.states.iter().zip(&centres) {
        let rect = Rect::from_center_size(centre, Vec2::splat(2.0 * radius));
        let id = ui.scope_id().with(("state", &node.name));
        let response = ui.interact(rect, id, Sense::hover());
        response.widget_info(|| {
            let name = format!("state {}", node.name);
            egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, name)
        });
        let painter = ui.painter();
        let fill = ui.visuals().extreme_bg_color;
        painter.circle(centre, radius, fill, Stroke::new(2.0, ink));
        if node.initial {
            painter.circle_stroke(centre, radius - 4.0, Stroke::new(1.0, ink));
            let from = centre - vec2(radius + 30.0, 0.0);
            arrow(painter, from, centre - vec2(radius, 0.0), ink);
        }
        let moore = !node.outputs.is_empty();
        let name_at = centre - vec2(0.0, if moore { 7.0 } else { 0.0 });
        painter.text(
            name_at,
            Align2::CENTER_CENTER,
            &node.name,
            font.clone(),
            ink,
        );
        if moore {
            painter.text(
                centre + vec2(0.0, 9.0),
                Align2::CENTER_CENTER,
                &node.outputs,
                FontId::monospace(11.0),
                ink.gamma_multiply(0.7),
            );
        }
    }
}

/// How far (in points, to the arc's left) an arc bows out from the straight line: a
/// [`ArcShape::Bent`] one of an opposite pair a little, and one whose straight line would
/// cross another state (a transition back over a layer or more) enough to pass it.
fn bend(arc: &DiagramArc, centres: &[Pos2], radius: f32) -> f32 {
    let (from, to) = (centres[arc.from], centres[arc.to]);
    let segment = Rect::from_two_pos(from, to);
    let crosses = centres.iter().enumerate().any(|(i, &c)| {
        i != arc.from
            && i != arc.to
            && segment.expand(radius).contains(c)
            && distance_to_segment(c, from, to) < radius * 1.2
    });
    if arc.shape == ArcShape::SelfLoop {
        0.0
    } else if crosses {
        radius * 1.6
    } else if arc.shape == ArcShape::Bent {
        radius * 0.8
    } else {
        0.0
    }
}

/// The distance from `p` to the segment from `a` to `b`.
fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq().max(f32::EPSILON)).clamp(0.0, 1.0);
    p.distance(a + ab * t)
}

/// One arc between the states centred at `ends`, bowed `bend` points to its left, with its
/// label.
fn draw_arc(
    ui: &egui::Ui,
    arc: &DiagramArc,
    (from, to): (Pos2, Pos2),
    radius: f32,
    bend: f32,
    ink: Color32,
) {
    let painter = ui.painter();
    let stroke = Stroke::new(1.5, ink);
    let label_colour = Color32::from_rgb(38, 139, 210);
    let font = FontId::monospace(12.0);
    if arc.shape == ArcShape::SelfLoop {
        let loop_radius = 16.0;
        let centre = from - vec2(0.0, radius + loop_radius * 0.6);
        painter.circle_stroke(centre, loop_radius, stroke);
        // The loop comes back into the state at its right.
        let tip = from + vec2(loop_radius * 0.7, -radius * 0.95);
        arrow(painter, tip + vec2(1.0, -8.0), tip, ink);
        let top = centre - vec2(0.0, loop_radius + 2.0);
        painter.text(top, Align2::CENTER_BOTTOM, &arc.label, font, label_colour);
        return;
    }
    let along = (to - from).normalized();
    let left = vec2(along.y, -along.x);
    // The curve's apex, and its quadratic Bézier control point (twice as far out).
    let apex = from + (to - from) / 2.0 + left * bend;
    let control = apex + left * bend;
    // Leave and enter the circles towards the control point.
    let start = from + (control - from).normalized() * radius;
    let end = to + (control - to).normalized() * radius;
    if bend == 0.0 {
        painter.line_segment([start, end], stroke);
    } else {
        painter.add(egui::epaint::QuadraticBezierShape::from_points_stroke(
            [start, control, end],
            false,
            Color32::TRANSPARENT,
            stroke,
        ));
    }
    arrow(painter, end + (control - end).normalized() * 10.0, end, ink);
    let anchor = if left.y > 0.0 {
        Align2::CENTER_TOP
    } else {
        Align2::CENTER_BOTTOM
    };
    painter.text(apex + left * 4.0, anchor, &arc.label, font, label_colour);
}

/// A filled arrowhead pointing from `from` to `tip` (its length the distance between them).
fn arrow(painter: &egui::Painter, from: Pos2, tip: Pos2, colour: Color32) {
    let back = (from - tip).normalized() * 9.0;
    let side = vec2(-back.y, back.x) * 0.45;
    if from.distance(tip) > 12.0 {
        painter.line_segment([from, tip + back], Stroke::new(1.5, colour));
    }
    painter.add(Shape::convex_polygon(
        vec![tip, tip + back + side, tip + back - side],
        colour,
        Stroke::NONE,
    ));
}
