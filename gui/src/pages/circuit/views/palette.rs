//! The palette: every node kind of sim-core, then the subcircuits the document can place (its
//! own parts and its libraries'). Click an item to arm it (then click the canvas to place),
//! or drag it onto the canvas. n-input gates take the input count set below; the table gate
//! is a two-input one, the balanced-ternary sum digit. The Text item places a note (a text
//! annotation, no node).

use egui::Sense;
use sim_core::kind::Ranges;
use sim_core::parts::{self, BuiltinPart, Fill, FlipFlopKind};
use sim_core::{GateOp, NodeKind, Orientation, Trit, TruthTable};

use super::canvas::PartPayload;
use crate::pages::circuit::draw::{self, NodeLook};
use crate::pages::circuit::geometry::{self, CELL};
use crate::pages::circuit::kinds;
use crate::pages::circuit::state::CircuitPageState;

/// The palette view.
#[derive(Debug)]
pub struct Palette {
    /// Input count for n-input gates, 2..=64.
    inputs: u8,
    /// The bit ranges of the splitter and merger items, as typed (`0-3,4-7`).
    ranges: String,
}

impl Default for Palette {
    fn default() -> Palette {
        Palette {
            inputs: 2,
            ranges: "0-3,4-7".to_owned(),
        }
    }
}

impl Palette {
    fn items(&self) -> Vec<(&'static str, NodeKind)> {
        let n = self.inputs;
        let mut items = vec![
            ("Switch", NodeKind::Switch),
            ("Button", NodeKind::Button),
            ("Clock", NodeKind::Clock { half_period: 1 }),
            ("Constant +1", NodeKind::Constant(Trit::True)),
            ("Constant −1", NodeKind::Constant(Trit::False)),
            ("Constant 0", NodeKind::Constant(Trit::Unknown)),
            ("BUF", NodeKind::Buf),
            ("NOT", NodeKind::Not),
            ("AND", NodeKind::gate(GateOp::And, n)),
            ("OR", NodeKind::gate(GateOp::Or, n)),
            ("NAND", NodeKind::gate(GateOp::Nand, n)),
            ("NOR", NodeKind::gate(GateOp::Nor, n)),
            ("XOR", NodeKind::gate(GateOp::Xor, n)),
            ("XNOR", NodeKind::gate(GateOp::Xnor, n)),
            ("TABLE", sum_digit()),
            ("DFF", NodeKind::Dff),
            ("DFFE", NodeKind::Dffe),
            ("DFFSR", NodeKind::Dffsr),
            ("Lamp", NodeKind::Lamp),
            ("Probe", NodeKind::Probe),
            ("Hex display", NodeKind::HexDisplay),
            ("7-segment", NodeKind::SevenSegment),
        ];
        items.push(("Tunnel", NodeKind::Tunnel));
        // A malformed range text leaves the splitter and merger out (its reason is shown).
        if let Ok(r) = Ranges::parse(&self.ranges) {
            items.push(("Split", NodeKind::Split(r)));
            items.push(("Merge", NodeKind::Merge(r)));
        }
        items
    }
}

/// The palette's table gate: the balanced-ternary sum digit of its two inputs (−1 + −1 =
/// −3 + 1: +1; 1 + 1 = 3 − 1: −1), in the row order of [`TruthTable`].
fn sum_digit() -> NodeKind {
    use Trit::{False as N, True as P, Unknown as Z};
    let outputs = [P, N, Z, N, Z, P, Z, P, N];
    TruthTable::new(2, &outputs).map_or(NodeKind::Xor(2), NodeKind::Table)
}

impl Palette {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        ui.heading("Palette");
        ui.horizontal(|ui| {
            let label = ui.label("Gate inputs");
            ui.add(egui::DragValue::new(&mut self.inputs).range(2..=64))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("Width");
            ui.add(egui::DragValue::new(&mut state.tool_width).range(1..=64))
                .labelled_by(label.id)
                .on_hover_text(
                    "Trits per node placed (a bus when more than 1): switches, buttons, \
                     constants, gates, flip-flops, lamps, probes and displays",
                );
        });
        ui.horizontal(|ui| {
            let label = ui.label("Ranges");
            ui.add(egui::TextEdit::singleline(&mut self.ranges).desired_width(80.0))
                .labelled_by(label.id)
                .on_hover_text("The bit ranges of a splitter or merger: 0-3,4-7");
        });
        if let Err(e) = Ranges::parse(&self.ranges) {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
        ui.separator();
        for (name, kind) in self.items() {
            let armed = state.tool == Some(kind);
            // One widget senses both: `Ui::dnd_drag_source` would cover the button with a
            // drag-only widget, and egui's hit test then gives the click to nobody.
            let response = ui
                .horizontal(|ui| {
                    symbol(ui, kind);
                    ui.add(egui::Button::selectable(armed, name).sense(Sense::click_and_drag()))
                })
                .inner
                .on_hover_text(kinds::what_it_does(kind));
            response.dnd_set_drag_payload(kind);
            if response.dragged() {
                drag_preview(ui, &response, name);
            }
            if response.clicked() {
                state.part_tool = None;
                state.note_tool = false;
                state.tool = if armed { None } else { Some(kind) };
            }
        }
        text_item(ui, state);
        library_parts(ui, state);
        let parts: Vec<String> = state
            .doc
            .document
            .design
            .part_names()
            .into_iter()
            .map(str::to_owned)
            .collect();
        if !parts.is_empty() {
            ui.separator();
            ui.label("Subcircuits");
            for part in parts {
                let armed = state.part_tool.as_deref() == Some(part.as_str());
                let response = ui.add(
                    egui::Button::selectable(armed, part.as_str()).sense(Sense::click_and_drag()),
                );
                response.dnd_set_drag_payload(PartPayload(part.clone()));
                if response.dragged() {
                    drag_preview(ui, &response, &part);
                }
                if response.clicked() {
                    state.tool = None;
                    state.note_tool = false;
                    state.part_tool = if armed { None } else { Some(part) };
                }
            }
        }
        let files = state.library_files();
        if !files.is_empty() {
            ui.separator();
            egui::CollapsingHeader::new("Part files (lib/)")
                .default_open(false)
                .show(ui, |ui| {
                    for file in files {
                        if ui
                            .button(file.as_str())
                            .on_hover_text("Add this file to the circuit's libraries")
                            .clicked()
                            && let Some(part) = state.add_library(&file)
                        {
                            state.tool = None;
                            state.part_tool = Some(part);
                        }
                    }
                });
        }
        if (state.tool.is_some() || state.part_tool.is_some() || state.note_tool)
            && ui.button("Done placing (Esc)").clicked()
        {
            state.tool = None;
            state.part_tool = None;
            state.note_tool = false;
        }
    }
}

/// The library parts (see [`sim_core::parts`]) at the palette's width: clicking one adds its
/// design to the document's parts (as `adder8`, `mux4x8`, …) and arms placing it.
fn library_parts(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    ui.separator();
    egui::CollapsingHeader::new("Library parts")
        .default_open(false)
        .show(ui, |ui| {
            for (name, part, what) in library_items(state.tool_width) {
                let hover = format!("{}: {what} (the Width field sets its width)", part.name());
                if ui.button(name).on_hover_text(hover).clicked()
                    && let Some(placed) = state.add_builtin_part(part)
                {
                    state.tool = None;
                    state.note_tool = false;
                    state.part_tool = Some(placed);
                }
            }
        });
}

/// The library parts offered for palette width `width`: the data width of the arithmetic
/// parts and the multiplexers, the select bits of the decoder and the priority encoder
/// (at most 6), the input width of the extenders (which double it, at most 64); then the
/// [`sequential_items`].
fn library_items(width: u8) -> Vec<(&'static str, BuiltinPart, &'static str)> {
    let select = width.clamp(1, parts::MAX_SELECT);
    let (from, to) = (width, width.saturating_mul(2).min(parts::MAX_WIDTH));
    let mut items = vec![
        (
            "Comparator",
            BuiltinPart::Comparator { width },
            "unsigned a, b → lt, eq, gt",
        ),
        (
            "Adder",
            BuiltinPart::Adder { width },
            "a + b + cin → s, cout",
        ),
        (
            "Subtractor",
            BuiltinPart::Subtractor { width },
            "a − b − bin → d, bout",
        ),
        (
            "Multiplexer 2:1",
            BuiltinPart::Multiplexer { select: 1, width },
            "d0, d1, sel → y = d[sel]",
        ),
        (
            "Multiplexer 4:1",
            BuiltinPart::Multiplexer { select: 2, width },
            "d0 … d3, sel → y = d[sel]",
        ),
        (
            "Demultiplexer 1:2",
            BuiltinPart::Demultiplexer { select: 1, width },
            "d, sel → y[sel] = d, the other 0",
        ),
        ("Decoder", BuiltinPart::Decoder { select }, "a → y one-hot"),
        (
            "Priority encoder",
            BuiltinPart::PriorityEncoder { select },
            "x → y, the highest set bit's index, valid",
        ),
        (
            "Zero extend",
            BuiltinPart::Extender {
                from,
                to,
                fill: Fill::Zero,
            },
            "a → y, zeros above",
        ),
        (
            "Sign extend",
            BuiltinPart::Extender {
                from,
                to,
                fill: Fill::Sign,
            },
            "a → y, copies of a's top bit above",
        ),
        (
            "One extend",
            BuiltinPart::Extender {
                from,
                to,
                fill: Fill::One,
            },
            "a → y, ones above",
        ),
    ];
    items.extend(sequential_items(width));
    items
}

/// The sequential library parts at data width `width`, clocked on the rising edge of `clk`.
fn sequential_items(width: u8) -> [(&'static str, BuiltinPart, &'static str); 6] {
    [
        (
            "Register",
            BuiltinPart::Register { width },
            "on clk ↑: q ← 0 if srst, else d if en; arst: 0 at once",
        ),
        (
            "Counter",
            BuiltinPart::Counter { width },
            "on clk ↑: q ← 0 if srst, else d if load, else q ± 1 (up) if en; arst: 0 at once; carry",
        ),
        (
            "Shift register",
            BuiltinPart::ShiftRegister { width },
            "on clk ↑: q ← 0 if srst, else d if load, else q shifted up from sin if shift; arst: 0 at once; sout",
        ),
        (
            "JK flip-flop",
            BuiltinPart::FlipFlop {
                kind: FlipFlopKind::Jk,
                width,
            },
            "on clk ↑: hold, set (j), reset (k) or toggle (both); set, reset at once; q, qn",
        ),
        (
            "T flip-flop",
            BuiltinPart::FlipFlop {
                kind: FlipFlopKind::T,
                width,
            },
            "on clk ↑: toggle if t; set, reset at once; q, qn",
        ),
        (
            "SR flip-flop",
            BuiltinPart::FlipFlop {
                kind: FlipFlopKind::Sr,
                width,
            },
            "on clk ↑: set (s), reset (r), both unknown; set, reset at once; q, qn",
        ),
    ]
}

/// The Text item: arms (or disarms) placing a note, a text annotation — no node, so no
/// symbol and no width.
fn text_item(ui: &mut egui::Ui, state: &mut CircuitPageState) {
    let text = ui
        .horizontal(|ui| {
            ui.add_space(SYMBOL.x + ui.spacing().item_spacing.x);
            ui.selectable_label(state.note_tool, "Text")
        })
        .inner
        .on_hover_text(
            "Text: a note on the canvas, part of no net; click the canvas to place it, edit \
             it in the inspector (double-click), drag to move it",
        );
    if text.clicked() {
        state.tool = None;
        state.part_tool = None;
        state.note_tool = !state.note_tool;
    }
}

/// The size of a palette item's symbol, in points.
const SYMBOL: egui::Vec2 = egui::vec2(30.0, 18.0);

/// A small drawing of a node of `kind`: the canvas's own drawing ([`draw::node`], at +1),
/// scaled down into a [`SYMBOL`]-sized box.
fn symbol(ui: &mut egui::Ui, kind: NodeKind) {
    let (rect, _) = ui.allocate_exact_size(SYMBOL, Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    let size = geometry::size(kind);
    let drawn = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.x, size.y) * CELL);
    let scale = (rect.width() / drawn.width()).min(rect.height() / drawn.height());
    let to_palette = egui::emath::TSTransform::new(
        rect.center().to_vec2() - scale * drawn.center().to_vec2(),
        scale,
    );
    // Drawn at the canvas's size, then the new shapes are scaled into the box.
    let mut painter = ui.painter().clone();
    painter.set_clip_rect(to_palette.inverse() * ui.clip_rect());
    let layer = ui.layer_id();
    let first = ui.ctx().graphics_mut(|g| g.entry(layer).next_idx());
    let look = NodeLook::default();
    let colors = draw::Colors::of(ui);
    match kind {
        NodeKind::HexDisplay | NodeKind::SevenSegment => {
            let width = if kind == NodeKind::SevenSegment { 7 } else { 4 };
            let values = vec![kinds::SYMBOL_VALUE; width];
            draw::display_node(
                &painter,
                colors,
                drawn,
                Orientation::default(),
                kind,
                "",
                &values,
                look,
            );
        }
        NodeKind::Split(_) | NodeKind::Merge(_) => draw::wiring(&painter, colors, drawn, kind),
        NodeKind::Tunnel => draw::tunnel(&painter, colors, drawn, "", &[kinds::SYMBOL_VALUE]),
        _ => draw::node(
            &painter,
            colors,
            drawn,
            Orientation::default(),
            kind,
            "",
            kinds::SYMBOL_VALUE,
            look,
        ),
    }
    ui.ctx().graphics_mut(|g| {
        let list = g.entry(layer);
        let end = list.next_idx();
        list.transform_range(first, end, to_palette);
    });
}

/// The item being dragged, drawn under the pointer (shapes only, no widget).
fn drag_preview(ui: &egui::Ui, response: &egui::Response, name: &str) {
    let Some(at) = ui.ctx().pointer_interact_pos() else {
        return;
    };
    let painter = ui.ctx().layer_painter(egui::LayerId::new(
        egui::Order::Tooltip,
        response.id.with("drag-preview"),
    ));
    let rect = response.rect.translate(at - response.rect.center());
    let visuals = ui.visuals();
    painter.rect_filled(rect, 3.0, visuals.selection.bg_fill);
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        name,
        egui::TextStyle::Button.resolve(ui.style()),
        visuals.selection.stroke.color,
    );
}
