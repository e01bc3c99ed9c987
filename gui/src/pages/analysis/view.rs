//! The Analysis page's views: the truth-table editor in a side panel, and beside it the
//! expression box, the minimal expressions of every output and the Karnaugh map of the
//! selected one with its cover's terms looped.
//!
//! Every output cell, in the table and on the map, is a widget named `NAME row R = V` (`F row 5
//! = 1`), so a test or a screen reader finds it by name; a click cycles it 0 → 1 → -.

use std::any::TypeId;

use egui::{Align2, Color32, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, vec2};
use synth::{Cover, Form, Unknowns, Value};

use crate::pages::page::Shared;

use crate::pages::analysis::kmap::{Cell, KMap, Patch, gray};
use crate::pages::analysis::machine::MachineState;
use crate::pages::analysis::machine_view;
use crate::pages::analysis::options::{minimise_options, style_options};
use crate::pages::analysis::state::{
    AnalysisState, BUILT_NAME, MAX_TABLE_INPUTS, MAX_TABLE_OUTPUTS,
};

/// A table cell's width and height, in points.
const TABLE_CELL: egui::Vec2 = vec2(26.0, 20.0);

/// A Karnaugh map cell's side, in points.
const MAP_CELL: f32 = 46.0;

/// The room left of and above a map for its row and column labels, in points.
const MAP_HEADER: f32 = 34.0;

/// The room left of the maps, in points.
const MAP_MARGIN: f32 = 16.0;

/// The gap between two maps, in points.
const MAP_GAP: f32 = 26.0;

/// The loops' colours, one per term of the cover, repeating after eight.
const LOOP_COLOURS: [Color32; 8] = [
    Color32::from_rgb(220, 50, 47),
    Color32::from_rgb(38, 139, 210),
    Color32::from_rgb(133, 153, 0),
    Color32::from_rgb(211, 54, 130),
    Color32::from_rgb(203, 75, 22),
    Color32::from_rgb(42, 161, 152),
    Color32::from_rgb(108, 113, 196),
    Color32::from_rgb(181, 137, 0),
];

/// A small count (of cells, maps, terms) as an `f32`, exactly.
fn points(count: usize) -> f32 {
    f32::from(u16::try_from(count).unwrap_or(u16::MAX))
}

/// A value's character in the table and on the map.
fn symbol(value: Value) -> &'static str {
    match value {
        Value::Zero => "0",
        Value::One => "1",
        Value::DontCare => "-",
    }
}

/// A cell's accessible name: `F row 5 = 1`.
fn cell_name(output: &str, row: u32, value: Value) -> String {
    format!("{output} row {row} = {}", symbol(value))
}

/// The Analysis page's view: which page shows a built circuit, and why the last machine
/// could not be built.
#[derive(Debug)]
pub struct AnalysisView {
    /// The circuit page's type, shown after Build circuit.
    pub circuit_page: TypeId,
    /// Why Build circuit made no circuit of the state machine, until it next does.
    pub machine_notice: Option<String>,
}

impl AnalysisView {
    /// Draws the page and applies what the user did to `state`; Build circuit opens the
    /// circuit in `shared`'s circuit editor, Analyse circuit reads the one open there.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut AnalysisState, shared: &mut Shared<'_>) {
        egui::Panel::left("analysis-table")
            .resizable(false)
            .default_size(360.0)
            .show(ui, |ui| table_panel(ui, state, shared));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(notice) = &state.notice {
                    let text = egui::RichText::new(notice).strong();
                    ui.colored_label(ui.visuals().error_fg_color, text);
                }
                expression_box(ui, state);
                ui.separator();
                expressions(ui, state);
                match build_controls(ui, state) {
                    Some(Build::Document) => self.build(state, shared),
                    Some(Build::Subcircuit) => self.build_part(state, shared),
                    None => {}
                }
                ui.separator();
                karnaugh(ui, state);
                ui.separator();
                table_file(ui, state);
            });
        });
    }

    /// Builds the circuit and opens it on the circuit page, or says why not.
    fn build(&self, state: &mut AnalysisState, shared: &mut Shared<'_>) {
        match state.build() {
            Ok(document) => {
                state.notice = None;
                self.open(document, shared);
            }
            Err(e) => state.notice = Some(e.to_string()),
        }
    }

    /// Builds the circuit as a part, places an instance of it in the open circuit and shows
    /// it there, or says why not.
    fn build_part(&self, state: &mut AnalysisState, shared: &mut Shared<'_>) {
        let design = &shared.state.document().design;
        let parts: Vec<String> = design
            .subcircuits
            .iter()
            .map(|part| part.name.clone())
            .chain(design.library.keys().cloned())
            .collect();
        match state.build_part(&parts) {
            Ok(part) => {
                if shared.state.place_new_part(part).is_some() {
                    state.notice = None;
                    shared.show_id(self.circuit_page);
                } else {
                    state.notice = shared.state.notice.as_ref().map(|n| n.text.clone());
                }
            }
            Err(e) => state.notice = Some(e.to_string()),
        }
    }

    /// Opens a built circuit on the circuit page.
    fn open(&self, document: sim_core::format::Document, shared: &mut Shared<'_>) {
        shared.state.open_built(document);
        shared.show_id(self.circuit_page);
    }

    /// Draws the state-machine editor and applies what the user did to `machine`; Build
    /// circuit opens the machine's circuit in `shared`'s circuit editor.
    pub fn machine_ui(
        &mut self,
        ui: &mut egui::Ui,
        machine: &mut MachineState,
        shared: &mut Shared<'_>,
    ) {
        egui::Panel::left("analysis-machine")
            .resizable(true)
            .default_size(400.0)
            .show(ui, |ui| machine_view::table_panel(ui, machine));
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(notice) = &self.machine_notice {
                let text = egui::RichText::new(notice).strong();
                ui.colored_label(ui.visuals().error_fg_color, text);
            }
            ui.horizontal(|ui| {
                ui.label("Logic:");
                minimise_options(ui, &mut machine.mode, &mut machine.hazard_free);
            });
            if machine_view::diagram_panel(ui, machine) {
                match machine.build() {
                    Ok(document) => {
                        self.machine_notice = None;
                        self.open(document, shared);
                    }
                    Err(e) => self.machine_notice = Some(e),
                }
            }
        });
    }
}

/// Where Build puts the circuit.
enum Build {
    /// A new document, opened on the circuit page.
    Document,
    /// A new part of the open document, an instance of it placed there.
    Subcircuit,
}

/// The style of the circuit to build, the part's name and the Build buttons; which was
/// clicked.
fn build_controls(ui: &mut egui::Ui, state: &mut AnalysisState) -> Option<Build> {
    let mut build = None;
    ui.horizontal(|ui| {
        ui.label("Circuit:");
        style_options(ui, &mut state.style);
        ui.separator();
        if ui
            .button("Build circuit")
            .on_hover_text("Opens the circuit of the cover chosen below on the Circuit page")
            .clicked()
        {
            build = Some(Build::Document);
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("Part name");
        ui.add(
            egui::TextEdit::singleline(&mut state.part_name)
                .desired_width(140.0)
                .hint_text(BUILT_NAME),
        )
        .labelled_by(label.id);
        if ui
            .button("Build as subcircuit")
            .on_hover_text("Adds the circuit as a part of the open circuit and places an instance")
            .clicked()
        {
            build = Some(Build::Subcircuit);
        }
    });
    build
}

/// The table as text or CSV: a box to paste one into (Read table) or to write the table out
/// to (Write table).
fn table_file(ui: &mut egui::Ui, state: &mut AnalysisState) {
    egui::CollapsingHeader::new("Table as text or CSV").show(ui, |ui| {
        ui.horizontal(|ui| {
            if ui.button("Read table").clicked() {
                state.read_table();
            }
            if ui.button("Write table").clicked() {
                state.write_table();
            }
        });
        let label = ui.label("Header `A B | F`, then one row a line: 0, 1 or - (don't care).");
        ui.add(
            egui::TextEdit::multiline(&mut state.table_text)
                .font(egui::TextStyle::Monospace)
                .desired_rows(8)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    });
}

/// Analyse: the table of the circuit open on the Circuit page, or of the part selected
/// there, over the cone of the chosen outputs.
fn analyse_controls(ui: &mut egui::Ui, state: &mut AnalysisState, shared: &Shared<'_>) {
    let circuit = &shared.state;
    ui.horizontal(|ui| {
        let whole = ui
            .button("Analyse circuit")
            .on_hover_text("The table of the circuit open on the Circuit page");
        if whole.clicked() {
            state.analyse(circuit.circuit(), "the circuit");
        }
        let selected = circuit.selected_instance.is_some() || !circuit.selection.is_empty();
        let part = ui
            .add_enabled(selected, egui::Button::new("Analyse selected part"))
            .on_hover_text("The table of the instance or nodes selected on the Circuit page")
            .on_disabled_hover_text("Select an instance or nodes on the Circuit page");
        if part.clicked() {
            match circuit.selected_part() {
                Some(Ok(part)) => state.analyse(&part.document.circuit, &part.what),
                Some(Err(e)) => state.notice = Some(e),
                None => {}
            }
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("Outputs");
        ui.add(
            egui::TextEdit::singleline(&mut state.chosen_outputs)
                .desired_width(120.0)
                .hint_text("all"),
        )
        .labelled_by(label.id)
        .on_hover_text("Lamps, probes or buses to read, by name: only their cone's inputs");
        let mut dont_care = state.unknowns == Unknowns::DontCare;
        ui.checkbox(&mut dont_care, "unknowns as don't-cares")
            .on_hover_text("An output unknown for some inputs (a latch, a loop) is - there");
        state.unknowns = if dont_care {
            Unknowns::DontCare
        } else {
            Unknowns::Refuse
        };
    });
    if let Some(what) = &state.analysed {
        ui.label(egui::RichText::new(format!("Read from {what}")).weak());
    }
}

/// The side panel: Analyse, the numbers of inputs and outputs, and the table.
fn table_panel(ui: &mut egui::Ui, state: &mut AnalysisState, shared: &Shared<'_>) {
    ui.heading("Truth table");
    analyse_controls(ui, state, shared);
    ui.separator();
    let (n, m) = (state.inputs.len(), state.outputs.len());
    ui.horizontal(|ui| {
        ui.label(format!("Inputs: {n}"));
        if ui
            .add_enabled(n > 1, egui::Button::new("Remove input"))
            .clicked()
        {
            state.set_input_count(n - 1);
        }
        let more = n < MAX_TABLE_INPUTS;
        if ui
            .add_enabled(more, egui::Button::new("Add input"))
            .clicked()
        {
            state.set_input_count(n + 1);
        }
    });
    ui.horizontal(|ui| {
        ui.label(format!("Outputs: {m}"));
        if ui
            .add_enabled(m > 1, egui::Button::new("Remove output"))
            .clicked()
        {
            state.set_output_count(m - 1);
        }
        let more = m < MAX_TABLE_OUTPUTS;
        if ui
            .add_enabled(more, egui::Button::new("Add output"))
            .clicked()
        {
            state.set_output_count(m + 1);
        }
    });
    ui.label("Click an output cell to cycle it: 0, 1, - (don't care). Names are editable.");
    ui.add_space(4.0);
    table_header(ui, state);
    let rows = state.rows() as usize;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, TABLE_CELL.y, rows, |ui, shown| {
            for row in shown {
                table_row(ui, state, u32::try_from(row).unwrap_or(u32::MAX));
            }
        });
}

/// The names of the inputs and the outputs, each a text field.
fn table_header(ui: &mut egui::Ui, state: &mut AnalysisState) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        let field = |ui: &mut egui::Ui, name: &mut String, hint: String| {
            ui.add(
                egui::TextEdit::singleline(name)
                    .margin(egui::Margin::symmetric(1, 2))
                    .desired_width(TABLE_CELL.x - 4.0)
                    .align(Align2::CENTER_CENTER)
                    .hint_text(hint),
            );
            ui.add_space(4.0);
        };
        for (i, name) in state.inputs.iter_mut().enumerate() {
            field(ui, name, format!("input {}", i + 1));
        }
        ui.add_space(TABLE_CELL.x / 2.0);
        for (k, name) in state.outputs.iter_mut().enumerate() {
            field(ui, name, format!("output {}", k + 1));
        }
    });
}

/// One row: its inputs' bits and its outputs' cells.
fn table_row(ui: &mut egui::Ui, state: &mut AnalysisState, row: u32) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        let n = state.inputs.len();
        let text = ui.visuals().text_color();
        for i in 0..n {
            let bit = row >> (n - 1 - i) & 1;
            let (rect, _) = ui.allocate_exact_size(TABLE_CELL, Sense::hover());
            ui.painter().text(
                rect.center(),
                Align2::CENTER_CENTER,
                bit.to_string(),
                FontId::monospace(13.0),
                text.gamma_multiply(0.7),
            );
        }
        ui.add_space(TABLE_CELL.x / 2.0);
        for k in 0..state.outputs.len() {
            let (rect, response) = ui.allocate_exact_size(TABLE_CELL, Sense::click());
            value_cell(ui, rect, &response, state, k, row);
            if response.clicked() {
                state.cycle(k, row);
            }
        }
    });
}

/// Paints output `k`'s cell of `row` in `rect`, and names its widget.
fn value_cell(
    ui: &egui::Ui,
    rect: Rect,
    response: &egui::Response,
    state: &AnalysisState,
    k: usize,
    row: u32,
) {
    let value = state.value(k, row);
    let visuals = ui.style().interact(response);
    let fill = match value {
        Value::One => Color32::from_rgb(60, 150, 80).gamma_multiply(0.35),
        Value::DontCare => ui.visuals().faint_bg_color,
        Value::Zero => Color32::TRANSPARENT,
    };
    ui.painter()
        .rect_filled(rect.shrink(1.0), CornerRadius::same(3), fill);
    if response.hovered() {
        ui.painter().rect_stroke(
            rect.shrink(1.0),
            CornerRadius::same(3),
            visuals.bg_stroke,
            StrokeKind::Inside,
        );
    }
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        symbol(value),
        FontId::monospace(14.0),
        ui.visuals().strong_text_color(),
    );
    let name = cell_name(&state.outputs[k], row, value);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Cell, true, &name));
}

/// The expression box: Enter or "Fill" puts the expression's values in the selected output;
/// a syntax error shows under the box with a caret at its column.
fn expression_box(ui: &mut egui::Ui, state: &mut AnalysisState) {
    ui.horizontal(|ui| {
        let label = ui.label("Expression");
        ui.label(format!("{} =", state.outputs[state.selected]));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut state.expression)
                    .font(egui::TextStyle::Monospace)
                    .desired_width(360.0)
                    .hint_text("e.g. A B + ¬C, or A & B | !C"),
            )
            .labelled_by(label.id)
            .on_hover_text("Fills the output chosen under Karnaugh map");
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Fill table").clicked() || entered {
            state.apply_expression();
        }
    });
    if let Some(error) = &state.expression_error {
        // The text again, with a caret under the error's column.
        let caret = format!("{}^", " ".repeat(error.column().saturating_sub(1)));
        let colour = ui.visuals().error_fg_color;
        ui.label(egui::RichText::new(&state.expression).monospace());
        ui.label(egui::RichText::new(caret).monospace().color(colour));
        ui.colored_label(colour, error.to_string());
    }
}

/// The minimal sum of products and product of sums of each output, and whether each is exact.
fn expressions(ui: &mut egui::Ui, state: &mut AnalysisState) {
    ui.horizontal(|ui| {
        ui.heading("Minimal expressions");
        ui.separator();
        minimise_options(ui, &mut state.mode, &mut state.hazard_free);
    });
    let outputs = state.outputs.clone();
    let covers = match state.covers() {
        Ok(covers) => covers,
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            return;
        }
    };
    egui::Grid::new("analysis-expressions")
        .num_columns(3)
        .spacing(vec2(16.0, 6.0))
        .show(ui, |ui| {
            for (k, name) in outputs.iter().enumerate() {
                for (form, cover) in [("SOP", &covers.sop), ("POS", &covers.pos)] {
                    ui.label(egui::RichText::new(form).weak());
                    ui.label(
                        egui::RichText::new(format!("{name} = {}", cover.expr(k)))
                            .monospace()
                            .size(15.0),
                    );
                    ui.label(egui::RichText::new(summary(cover, k)).weak());
                    ui.end_row();
                }
            }
        });
}

/// `3 terms, 6 literals, exact`: output `k`'s share of `cover`.
fn summary(cover: &Cover, k: usize) -> String {
    let (terms, literals) = cover
        .terms_of(k)
        .fold((0, 0), |(t, l), term| (t + 1, l + term.literals()));
    let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, {}, {}",
        plural(terms, "term"),
        plural(literals, "literal"),
        cover.describe_exactness()
    )
}

/// The Karnaugh map of the selected output, with the loops of its terms in the chosen form.
fn karnaugh(ui: &mut egui::Ui, state: &mut AnalysisState) {
    ui.heading("Karnaugh map");
    ui.horizontal(|ui| {
        ui.label("Output:");
        for k in 0..state.outputs.len() {
            let name = state.outputs[k].clone();
            ui.selectable_value(&mut state.selected, k, name);
        }
        ui.separator();
        ui.label("Cover (looped here, built by Build circuit):");
        ui.selectable_value(&mut state.form, Form::SumOfProducts, "SOP (the 1s)");
        ui.selectable_value(&mut state.form, Form::ProductOfSums, "POS (the 0s)");
    });
    let Some(map) = KMap::new(state.inputs.len()) else {
        ui.label("A Karnaugh map is drawn for up to 6 inputs.");
        return;
    };
    let (form, k) = (state.form, state.selected);
    let terms: Vec<_> = match state.covers() {
        Ok(covers) => covers.of(form).terms_of(k).collect(),
        Err(_) => Vec::new(),
    };
    // Room above each map for which values of the first inputs it is for (5 and 6 inputs).
    let title = if map.map_rows() * map.map_cols() > 1 {
        20.0
    } else {
        0.0
    };
    let map_size = vec2(
        MAP_HEADER + points(map.cols()) * MAP_CELL,
        MAP_HEADER + points(map.rows()) * MAP_CELL + title,
    );
    let total = vec2(
        MAP_MARGIN + points(map.map_cols()) * (map_size.x + MAP_GAP),
        points(map.map_rows()) * (map_size.y + MAP_GAP),
    );
    let (area, _) = ui.allocate_exact_size(total, Sense::hover());
    let origin = |cell: Cell| {
        area.min
            + vec2(
                MAP_MARGIN + points(cell.map_col) * (map_size.x + MAP_GAP) + MAP_HEADER,
                points(cell.map_row) * (map_size.y + MAP_GAP) + MAP_HEADER + title,
            )
    };
    for map_row in 0..map.map_rows() {
        for map_col in 0..map.map_cols() {
            let corner = origin(Cell {
                map_row,
                map_col,
                row: 0,
                col: 0,
            });
            map_labels(ui, state, &map, corner, (map_row, map_col));
        }
    }
    for cell in map.cells() {
        let rect = Rect::from_min_size(
            origin(cell) + vec2(points(cell.col), points(cell.row)) * MAP_CELL,
            vec2(MAP_CELL, MAP_CELL),
        );
        map_cell(ui, state, &map, cell, rect);
    }
    for (i, &term) in terms.iter().enumerate() {
        let colour = LOOP_COLOURS[i % LOOP_COLOURS.len()];
        let inset = 3.0 + points(i % 4) * 2.5;
        for patch in map.patches(term) {
            let corner = origin(Cell {
                map_row: patch.map_row,
                map_col: patch.map_col,
                row: 0,
                col: 0,
            });
            let cells = Rect::from_min_size(
                corner,
                vec2(points(map.cols()), points(map.rows())) * MAP_CELL,
            );
            draw_loop(ui, cells, &patch, colour, inset);
        }
    }
}

/// One map's labels: the inputs of its rows and columns, their Gray codes and, for five or six
/// inputs, which values of the first inputs the map is for.
fn map_labels(
    ui: &egui::Ui,
    state: &AnalysisState,
    map: &KMap,
    corner: Pos2,
    (map_row, map_col): (usize, usize),
) {
    let painter = ui.painter();
    let text = ui.visuals().text_color();
    let weak = text.gamma_multiply(0.6);
    let [rows, cols, map_rows, map_cols] = map.axes();
    let names = |range: std::ops::Range<usize>| state.inputs[range].concat();
    let bits = |code: usize, width: usize| format!("{code:0width$b}");
    // The corner: row inputs \ column inputs.
    let corner_text = format!("{}\\{}", names(rows.clone()), names(cols.clone()));
    painter.text(
        corner - vec2(4.0, 4.0),
        Align2::RIGHT_BOTTOM,
        corner_text,
        FontId::proportional(12.0),
        text,
    );
    for col in 0..map.cols() {
        painter.text(
            corner + vec2((points(col) + 0.5) * MAP_CELL, -4.0),
            Align2::CENTER_BOTTOM,
            bits(gray(col), cols.len()),
            FontId::monospace(12.0),
            weak,
        );
    }
    for row in 0..map.rows() {
        painter.text(
            corner + vec2(-4.0, (points(row) + 0.5) * MAP_CELL),
            Align2::RIGHT_CENTER,
            bits(gray(row), rows.len()),
            FontId::monospace(12.0),
            weak,
        );
    }
    let mut chosen = Vec::new();
    for (range, value) in [(map_rows, map_row), (map_cols, map_col)] {
        if let Some(i) = range.clone().next() {
            chosen.push(format!("{}={value}", state.inputs[i]));
        }
    }
    if !chosen.is_empty() {
        painter.text(
            corner + vec2(points(map.cols()) * MAP_CELL / 2.0, -MAP_HEADER + 2.0),
            Align2::CENTER_BOTTOM,
            chosen.join(", "),
            FontId::proportional(13.0),
            text,
        );
    }
}

/// One map cell: its value, a click cycles it.
fn map_cell(ui: &mut egui::Ui, state: &mut AnalysisState, map: &KMap, cell: Cell, rect: Rect) {
    let row = map.row_of(cell);
    let k = state.selected;
    let id = ui.scope_id().with(("kmap", row));
    let response = ui.interact(rect, id, Sense::click());
    let stroke = Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color);
    ui.painter()
        .rect_stroke(rect, CornerRadius::ZERO, stroke, StrokeKind::Middle);
    value_cell(ui, rect, &response, state, k, row);
    if response.clicked() {
        state.cycle(k, row);
    }
}

/// One rectangle of a term's loop, inside the map whose cells cover `cells`: a rounded
/// outline, `inset` points inside its cells; an open side runs on past the map's edge (clipped
/// there), so a group that wraps around shows as halves at both edges.
fn draw_loop(ui: &egui::Ui, cells: Rect, patch: &Patch, colour: Color32, inset: f32) {
    let cell = |row: usize, col: usize| cells.min + vec2(points(col), points(row)) * MAP_CELL;
    let mut rect = Rect::from_min_max(
        cell(patch.rows.0, patch.cols.0),
        cell(patch.rows.1 + 1, patch.cols.1 + 1),
    )
    .shrink(inset);
    let reach = MAP_CELL;
    if patch.open.top {
        rect.min.y -= reach;
    }
    if patch.open.bottom {
        rect.max.y += reach;
    }
    if patch.open.left {
        rect.min.x -= reach;
    }
    if patch.open.right {
        rect.max.x += reach;
    }
    let painter = ui.painter().with_clip_rect(cells.expand(1.0));
    let radius = CornerRadius::same(12);
    painter.rect_filled(rect, radius, colour.gamma_multiply(0.12));
    painter.rect_stroke(rect, radius, Stroke::new(2.5, colour), StrokeKind::Middle);
}
