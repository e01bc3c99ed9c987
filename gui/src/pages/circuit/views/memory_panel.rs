//! Memory windows: a hexadecimal editor per open memory ([`crate::pages::circuit::state::MemoryViews`]).
//! Eight words a row, each a button named `word 0x03 = 7f` (for screen readers and the
//! tests); a digit with an unknown bit shows `?` and an unknown word is drawn grey. The word
//! the memory's address pins select now is filled yellow (`read now`); while the address has
//! unknown trits, every word it may select is outlined instead (`may be read`), and a legend
//! under the address says which is which. A click
//! edits a word (Enter writes it, Escape cancels): a RAM's word in the running simulation, a
//! ROM's in the document. Load and Save read and write the contents file beside the circuit.

use egui::{Color32, RichText};

use sim_core::memory::contents;
use sim_core::memory::{Memory, MemoryKind};

use crate::pages::circuit::state::{CircuitPageState, MemoryViewKey, address_of, candidates};

/// Words per row.
const PER_ROW: usize = 8;

/// The fill of the word the address selects.
const READ_NOW: Color32 = Color32::from_rgb(240, 228, 66);

/// The outline of a word an address with unknown trits may select (Okabe–Ito orange: apart
/// from [`READ_NOW`]'s yellow and readable on both themes' paper).
const MAY_BE_READ: Color32 = Color32::from_rgb(230, 159, 0);

/// How a word is marked by the address the memory reads now.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Read {
    /// Not selected.
    No,
    /// The one word a known address selects.
    Now,
    /// One of the words an address with unknown trits may select.
    Maybe,
}

impl Read {
    /// How word `addr` is marked when the address selects `selected` (its candidates).
    fn of(addr: usize, selected: &[usize]) -> Read {
        match selected {
            [only] if *only == addr => Read::Now,
            [_] => Read::No,
            _ if selected.contains(&addr) => Read::Maybe,
            _ => Read::No,
        }
    }

    /// What the mark adds to a word's AccessKit label, and the legend's words for it.
    fn words(self) -> &'static str {
        match self {
            Read::No => "",
            Read::Now => "read now",
            Read::Maybe => "may be read",
        }
    }

    /// A frameless button showing `text`, marked.
    fn button(self, text: RichText) -> egui::Button<'static> {
        match self {
            Read::No => egui::Button::new(text).frame(false),
            // Dark on the yellow fill, readable in both themes.
            Read::Now => egui::Button::new(text.color(Color32::BLACK))
                .fill(READ_NOW)
                .frame(true),
            Read::Maybe => egui::Button::new(text)
                .fill(Color32::TRANSPARENT)
                .stroke(egui::Stroke::new(2.0, MAY_BE_READ))
                .frame(true),
        }
    }
}

/// Shows every open memory view as a window.
pub fn memory_windows(ctx: &egui::Context, state: &mut CircuitPageState) {
    // Over the canvas's lower part, clear of the menu bar and the palette; each further
    // window a little lower and to the right.
    let area = ctx.content_rect();
    for (n, key) in state.memories.keys().into_iter().enumerate() {
        let offset = 24.0 * n as f32;
        let at = egui::pos2(
            area.left() + 0.3 * area.width(),
            area.top() + 0.5 * area.height(),
        ) + egui::vec2(offset, offset);
        let Some(label) = state.memories.get(key).map(|v| v.label.clone()) else {
            continue;
        };
        let mut open = true;
        egui::Window::new(format!("Memory {label}"))
            .id(egui::Id::unique(("memory-view", key)))
            .open(&mut open)
            .default_size([460.0, 320.0])
            .default_pos(at)
            .show(ctx, |ui| view(ui, state, key, &label));
        if !open {
            state.memories.close(key);
        }
    }
}

fn view(ui: &mut egui::Ui, state: &mut CircuitPageState, key: MemoryViewKey, label: &str) {
    let Some(memory) = state.circuit().memory(label).cloned() else {
        ui.label("This memory is no longer in the circuit.");
        return;
    };
    let kind = match memory.kind {
        MemoryKind::Rom => "ROM",
        MemoryKind::Ram => "RAM",
    };
    let source = memory
        .file
        .as_deref()
        .map_or_else(|| "words inline".to_owned(), |f| format!("contents {f}"));
    ui.label(format!(
        "{kind}, {} words × {} bits, {source}",
        memory.words(),
        memory.data_bits
    ));
    let addr = address_of(state, &memory);
    let selected = candidates(&addr, 1 << 12).unwrap_or_default();
    ui.label(format!(
        "Address now: {}",
        sim_core::number::format(&addr, sim_core::number::Radix::Hex)
    ));
    legend(ui);
    file_row(ui, state, key, label);
    ui.separator();
    words(ui, state, key, &memory, &selected);
}

/// What the two marks of a word mean, each shown on a sample word.
fn legend(ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        for (read, meaning) in [
            (Read::Now, "the word the address selects;"),
            (Read::Maybe, "any of these: the address has unknown trits"),
        ] {
            let sample = read
                .button(RichText::new(read.words()).monospace())
                .sense(egui::Sense::hover());
            ui.add(sample);
            ui.label(RichText::new(meaning).weak());
        }
    });
}

/// The contents file's name and the Load and Save buttons.
fn file_row(ui: &mut egui::Ui, state: &mut CircuitPageState, key: MemoryViewKey, label: &str) {
    ui.horizontal(|ui| {
        let name = ui.label("File");
        if let Some(view) = state.memories.get_mut(key) {
            ui.add(egui::TextEdit::singleline(&mut view.file).desired_width(160.0))
                .labelled_by(name.id);
        }
        let file = state
            .memories
            .get(key)
            .map(|v| v.file.clone())
            .unwrap_or_default();
        if ui
            .button("Load")
            .on_hover_text("Read the words from this file (beside the circuit)")
            .clicked()
        {
            match state.load_memory(label, &file) {
                Ok(()) => state.info(format!("{label}: loaded {file}")),
                Err(e) => state.error(e.to_string()),
            }
        }
        if ui
            .button("Save contents")
            .on_hover_text("Write the words to this file (beside the circuit)")
            .clicked()
        {
            match state.save_memory(label, &file) {
                Ok(path) => state.info(format!("{label}: saved {}", path.display())),
                Err(e) => state.error(e.to_string()),
            }
        }
    });
}

/// The words, eight a row, only the rows in sight laid out.
fn words(
    ui: &mut egui::Ui,
    state: &mut CircuitPageState,
    key: MemoryViewKey,
    memory: &Memory,
    selected: &[usize],
) {
    let count = memory.words();
    let rows = count.div_ceil(PER_ROW);
    let row_height = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let digits = count.saturating_sub(1).max(1).ilog(16) as usize + 1;
    let mut write: Option<(usize, String)> = None;
    egui::ScrollArea::vertical()
        .id_salt(("memory-words", key))
        .show_rows(ui, row_height, rows, |ui, range| {
            for row in range {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(format!("{:0digits$x}:", row * PER_ROW))
                            .monospace()
                            .weak(),
                    );
                    // Only the rows in sight are copied out of the engine (a 64 K-word
                    // memory is 1 MiB).
                    let start = row * PER_ROW;
                    let row_words: Vec<_> = state
                        .memory_words(&memory.label)
                        .and_then(|w| w.get(start..(start + PER_ROW).min(w.len())))
                        .map(<[_]>::to_vec)
                        .unwrap_or_default();
                    for (k, w) in row_words.into_iter().enumerate() {
                        word(ui, state, key, memory, start + k, w, selected, &mut write);
                    }
                });
            }
        });
    if let Some((addr, text)) = write
        && let Err(e) = state.edit_memory_word(&memory.label, addr, &text)
    {
        state.error(e.to_string());
    }
}

/// One word: a button, or the text field while it is being edited.
#[allow(clippy::too_many_arguments)] // one cell of the grid and everything it shows
fn word(
    ui: &mut egui::Ui,
    state: &mut CircuitPageState,
    key: MemoryViewKey,
    memory: &Memory,
    addr: usize,
    w: sim_core::memory::Word,
    selected: &[usize],
    write: &mut Option<(usize, String)>,
) {
    let name = format!("word {addr:#04x}");
    let editing = state
        .memories
        .get(key)
        .and_then(|v| v.edit.as_ref())
        .is_some_and(|(a, _)| *a == addr);
    if editing {
        let Some(view) = state.memories.get_mut(key) else {
            return;
        };
        let Some((_, text)) = view.edit.as_mut() else {
            return;
        };
        let name_label = ui.label(RichText::new(format!("{name} :=")).small().weak());
        let response = ui
            .add(
                egui::TextEdit::singleline(text)
                    .desired_width(8.0 * f32::from(memory.data_bits.div_ceil(4).max(2)))
                    .font(egui::TextStyle::Monospace),
            )
            .labelled_by(name_label.id);
        response.request_focus();
        let (enter, escape) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::Enter),
                i.key_pressed(egui::Key::Escape),
            )
        });
        if enter {
            *write = Some((addr, text.clone()));
            view.edit = None;
        } else if escape {
            view.edit = None;
        }
        return;
    }
    let text = contents::format_word(w, memory.data_bits);
    let read = Read::of(addr, selected);
    let mut rich = RichText::new(&text).monospace();
    if read != Read::Now && w.is_unknown(memory.data_bits) {
        rich = rich.color(Color32::GRAY);
    }
    let response = ui.add(read.button(rich));
    // Named by the word and its value; a marked word says how (`word 0x03 = 7, read now`).
    let accessible = match read {
        Read::No => format!("{name} = {text}"),
        _ => format!("{name} = {text}, {}", read.words()),
    };
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &accessible));
    let response = response.on_hover_text(format!("{name}: {text} (click to edit)"));
    if response.clicked()
        && let Some(view) = state.memories.get_mut(key)
    {
        view.edit = Some((addr, text));
    }
}
