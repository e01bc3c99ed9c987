//! The inspector: the selected node's label (rename), kind and input count (a table gate's
//! outputs), its value and
//! input values, a way to set a switch to 0, and why it has its value (the causality chain of
//! events back to a source); for a selected instance its label (rename), part, pin values and
//! Open. Also the oscillation report.
//!
//! A selected bus (any of its bits) has a `Label` field (rename) and shows its value as a
//! number in the radix picked here (Bin, Hex, Unsigned, Signed, Ternary) and in the radixes
//! that read its trits alike (a ternary bus in decimal); a bus of switches has a `Number`
//! field — a number in any radix, its text selected on focus so typing replaces it, a decimal
//! read as the bus's radix reads it, set with Enter (all bits in one batch), refused in place
//! with the reason — and one button per bit (−1, 0 or +1), most significant first, that
//! toggles it. What
//! the last step did to the bus reads `S[3]: 0x0A → 0x0E`.
//!
//! A node or bus has a "Break when" row ([`BreakWhen`]) that sets a breakpoint on its value.

use egui::text_selection::CCursorRange;
use sim_core::number::{self, Radix};
use sim_core::{Node, NodeId, NodeKind, Trit};

use super::break_when::BreakWhen;
use super::display_rows::display_rows;
use crate::pages::circuit::state::{CircuitPageState, SimSession};

/// The inspector view.
#[derive(Debug, Default)]
pub struct Inspector {
    /// The label being edited, and for which node.
    editing: Option<(NodeId, String)>,
    /// The label being edited, and for which instance (its label when selected).
    editing_instance: Option<(String, String)>,
    /// The selected tunnel's name as being typed, keyed by the tunnel's label and name as the
    /// document has them (so an undo, or another tunnel, starts it afresh).
    editing_tunnel: Option<((String, String), String)>,
    /// The selected note's text as being typed, keyed by the note's index and text as the
    /// document has them (so an undo, or another note, starts it afresh).
    editing_note: Option<((usize, String), String)>,
    /// Focus the label field on the next frame.
    pub focus_label: bool,
    /// The number being typed for a bus of switches.
    entry: Option<BusEntry>,
    /// The value being typed for a bus's breakpoint.
    break_when: BreakWhen,
    /// The document the fields above were typed in ([`CircuitPageState::document_id`]):
    /// another one starts them afresh, even where its nodes or buses have the same names.
    document: u64,
}

/// The `Number` field of a bus of switches: what is typed, and why it was last refused.
#[derive(Debug)]
struct BusEntry {
    /// The bus it is for.
    bus: String,
    /// The text in the field.
    text: String,
    /// Why the last number entered was refused (shown under the field).
    error: Option<String>,
}

/// A radix as the inspector names it: `Bin`, `Hex`, `Unsigned`, `Signed`, `Ternary`.
pub fn radix_name(radix: Radix) -> &'static str {
    match radix {
        Radix::Bin => "Bin",
        Radix::Hex => "Hex",
        Radix::Unsigned => "Unsigned",
        Radix::Signed => "Signed",
        Radix::Ternary => "Ternary",
    }
}

impl Inspector {
    /// Draws the view into `ui` and applies what the user did to `state`.
    pub fn ui(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) {
        if self.document != state.document_id {
            *self = Inspector {
                document: state.document_id,
                focus_label: self.focus_label,
                ..Inspector::default()
            };
        }
        ui.heading("Inspector");
        oscillation(ui, state);
        if state.selection.is_empty() && self.not_a_node(ui, state) {
            return;
        }
        if let Some(bus) = state.selected_bus() {
            self.bus(ui, state, &bus);
            return;
        }
        let [id] = state.selection.iter().copied().collect::<Vec<_>>()[..] else {
            ui.label(format!("{} selected", state.selection.len()));
            return;
        };
        let Some(node) = state.circuit().node(id).cloned() else {
            return;
        };
        self.label_field(ui, state, id, &node.label);
        kind_label(ui, node.kind);
        if let Some(n) = node.kind.gate_inputs() {
            let mut count = n;
            ui.horizontal(|ui| {
                let label = ui.label("Inputs");
                if ui
                    .add(egui::DragValue::new(&mut count).range(2..=64))
                    .labelled_by(label.id)
                    .changed()
                {
                    state.set_kind(id, with_inputs(node.kind, count));
                }
            });
        }
        display_rows(ui, state, id, node.kind);
        let (value, pending) = values(ui, state, id);
        open_memory_button(ui, state, id);
        if node.kind == NodeKind::Switch {
            ui.horizontal(|ui| {
                ui.label("Set");
                for v in Trit::ALL {
                    let set = pending.unwrap_or(value);
                    if ui.selectable_label(set == v, v.as_signed_str()).clicked() {
                        state.set_value(id, v);
                    }
                }
            });
        }
        if node.kind.is_flip_flop() {
            power_on_row(ui, state, id, node.init);
        }
        BreakWhen::node(ui, state, &node.label);
        ui.separator();
        ui.label("Why this value:");
        if value == Trit::Unknown && pending.is_none() {
            why_unknown(ui, state, id);
            return;
        }
        let chain: Vec<String> = state
            .sim
            .why(id)
            .iter()
            .map(|e| e.narrate(state.circuit()).to_string())
            .collect();
        if chain.is_empty() {
            ui.label(untraced(state, id, node.kind, value));
        }
        for line in chain {
            ui.label(egui::RichText::new(line).monospace());
        }
    }
}

/// An "Open memory" button when `id` is a RAM's or ROM's output (one trit, or a bus's bit):
/// clicked, it opens the memory's window.
fn open_memory_button(ui: &mut egui::Ui, state: &mut CircuitPageState, id: NodeId) {
    if let Some(memory) = state.memory_of_node(id).map(|m| m.label.clone())
        && ui
            .button("Open memory")
            .on_hover_text("Show this memory's words in a window")
            .clicked()
    {
        state.open_memory(&memory);
    }
}

/// Why `id` (of `kind`) has `value` when the trace holds no change of it: the trace keeps only
/// the last [`SimSession::TRACE_LIMIT`] events (a running clock makes many), so the waveform
/// record says when it last changed; a node that never changed is still at power-on.
fn untraced(state: &CircuitPageState, id: NodeId, kind: NodeKind, value: Trit) -> String {
    let kept = SimSession::TRACE_LIMIT;
    let Some(at) = state.sim.last_change(id) else {
        return if state.sim.wave().dropped() > 0 {
            format!(
                "Its last change is older than the trace (the last {kept} events) and than \
                 the waveform record, which has dropped its oldest changes"
            )
        } else {
            "(no change recorded: still at power-on)".to_owned()
        };
    };
    let when = if at.step == 0 {
        "at power-on (step 0)".to_owned()
    } else {
        format!("at step {}", at.step)
    };
    if kind.is_input() {
        format!(
            "Set to {value} {when}. The trace keeps the last {kept} events and no longer \
             holds that change"
        )
    } else {
        format!(
            "Changed to {value} {when}. The trace keeps the last {kept} events and no longer \
             holds what caused it"
        )
    }
}

/// The most links of an unknown's explanation the inspector lists.
const WHY_LINES: usize = 24;

/// Why `id` is unknown: the chain back to what keeps it so (`sim_core::analysis::why`), one
/// line a link, indented by its distance; the loops it closes; and how many links were left
/// out past [`WHY_LINES`].
fn why_unknown(ui: &mut egui::Ui, state: &CircuitPageState, id: NodeId) {
    let why = state.sim.why_unknown(state.circuit(), id);
    for link in why.links.iter().take(WHY_LINES) {
        let line = format!(
            "{}{}",
            "  ".repeat(link.depth),
            link.describe(state.circuit())
        );
        ui.label(egui::RichText::new(line).monospace());
    }
    if why.links.len() > WHY_LINES {
        ui.label(format!("… and {} more", why.links.len() - WHY_LINES));
    }
    for l in &why.loops {
        let mut path: Vec<&str> = l
            .iter()
            .filter_map(|&n| state.circuit().node(n).map(|n| n.label.as_str()))
            .collect();
        if let Some(&first) = path.first() {
            path.push(first);
        }
        // Monospace: its font has the arrow (the proportional one does not).
        let line = format!("Loop holding the unknown: {}", path.join(" → "));
        ui.label(egui::RichText::new(line).monospace());
    }
}

/// A node's value (and the value it is set to, while that waits in the queue), its inputs'
/// values, and Add to waveform; returns the value and the pending one.
fn values(ui: &mut egui::Ui, state: &mut CircuitPageState, id: NodeId) -> (Trit, Option<Trit>) {
    let value = state.sim.value(id);
    let pending = state.sim.pending_value(id);
    match pending {
        Some(next) => ui.label(format!(
            "Value: {value}, set to {next} (waiting in the queue)"
        )),
        None => ui.label(format!("Value: {value}")),
    };
    if ui
        .button("Add to waveform")
        .on_hover_text("Show this net in the waveform panel")
        .clicked()
    {
        state.add_wave_node(id);
    }
    let inputs = state.sim.input_values(id);
    if !inputs.is_empty() {
        let list: Vec<String> = inputs.iter().map(ToString::to_string).collect();
        ui.label(format!("Inputs: ({})", list.join(", ")));
    }
    (value, pending)
}

/// The oscillation report of the last settle, if any.
fn oscillation(ui: &mut egui::Ui, state: &CircuitPageState) {
    let Some(o) = &state.sim.oscillation else {
        return;
    };
    let c = state.circuit();
    let names = |ids: &[NodeId]| {
        ids.iter()
            .filter_map(|&i| c.node(i))
            .map(|n| n.label.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    ui.colored_label(
        crate::pages::circuit::draw::Colors::of(ui).in_loop,
        format!(
            "Oscillation: {} kept changing after {} delta cycles; the loop {} was resolved to 0",
            names(&o.nodes),
            o.budget,
            names(&o.feedback)
        ),
    );
    ui.separator();
}

impl Inspector {
    /// The `Label` field of node `id` (named `current`; for a bus, its first bit and the bus's
    /// name): the new name is applied when the field loses focus, and a taken or malformed one
    /// is refused (the field goes back to `current`).
    fn label_field(
        &mut self,
        ui: &mut egui::Ui,
        state: &mut CircuitPageState,
        id: NodeId,
        current: &str,
    ) {
        if self.editing.as_ref().is_none_or(|(e, _)| *e != id) {
            self.editing = Some((id, current.to_owned()));
        }
        ui.horizontal(|ui| {
            let label = ui.label("Label");
            if let Some((_, text)) = &mut self.editing {
                let edit = ui.text_edit_singleline(text).labelled_by(label.id);
                if self.focus_label {
                    edit.request_focus();
                    self.focus_label = false;
                }
                if edit.lost_focus() && text != current {
                    let new = text.clone();
                    if !state.rename(id, &new) {
                        current.clone_into(text);
                    }
                }
            }
        });
    }

    /// A selected bus: its label (rename), its value in its radix and the radixes that read it
    /// alike, the radix picker; a display's parameters; for a bus of switches (or buttons, or
    /// a keypad) the `Number` field and the bit buttons; what the last step did.
    fn bus(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, name: &str) {
        let Some(bus) = state.circuit().bus(name).cloned() else {
            return;
        };
        let Some(kind) = bus
            .bits
            .first()
            .and_then(|&b| state.circuit().node(b))
            .map(|n| n.kind)
        else {
            return;
        };
        let radix = state.bus_radix(name);
        let values = state.sim.values(&bus.bits);
        ui.label(egui::RichText::new(format!("Bus {name}")).strong());
        if let Some(&first) = bus.bits.first() {
            self.label_field(ui, state, first, name);
        }
        if ui
            .button("Add to waveform")
            .on_hover_text("Show this bus in the waveform panel")
            .clicked()
        {
            state.add_wave_signal(name);
        }
        if let Some(&first) = bus.bits.first() {
            open_memory_button(ui, state, first);
        }
        ui.label(format!(
            "Kind: {}, {} trits wide",
            crate::pages::circuit::kinds::kind_name(kind),
            bus.width()
        ));
        if let Some(&first) = bus.bits.first() {
            display_rows(ui, state, first, kind);
        }
        ui.label(format!(
            "Value: {}",
            number::format_readable(&values, radix)
        ));
        ui.horizontal_wrapped(|ui| {
            ui.label("Radix");
            for r in Radix::ALL {
                if ui.selectable_label(r == radix, radix_name(r)).clicked() {
                    state.set_bus_radix(name, r);
                }
            }
        });
        bus_readings(ui, &values, radix);
        if let Some(&first) = bus.bits.first()
            && kind.is_flip_flop()
        {
            let init = state.circuit().node(first).and_then(|n| n.init);
            power_on_row(ui, state, first, init);
        }
        self.break_when.bus(ui, state, name);
        if kind.is_input() {
            ui.separator();
            self.bus_entry(ui, state, name, &number::format(&values, radix));
            ui.horizontal_wrapped(|ui| {
                ui.label("Bits");
                for (i, &v) in values.iter().enumerate().rev() {
                    // The trit itself, whatever the radix reads it as: −1, 0 or +1.
                    let symbol = v.as_signed_str();
                    let bit = sim_core::literal::bit_label(name, i);
                    let button = ui.add(
                        egui::Button::new(egui::RichText::new(symbol).monospace())
                            .small()
                            .selected(v == Trit::True),
                    );
                    // Named by the bit (`A[7]`), its trit the value.
                    button.widget_info(|| {
                        let role = egui::accesskit::Role::Button;
                        let mut info =
                            egui::WidgetInfo::selected(role, true, v == Trit::True, &bit);
                        info.current_text_value = Some(symbol.to_owned());
                        info
                    });
                    if button
                        .on_hover_text(format!("{bit} = {v}: click to toggle"))
                        .clicked()
                    {
                        state.toggle_bus_bit(name, i);
                        if let Some(entry) = &mut self.entry {
                            entry.error = None;
                        }
                    }
                }
            });
        }
        if let Some(change) = state.sim.last_bus_change().filter(|c| c.bus == name) {
            ui.separator();
            ui.label(
                egui::RichText::new(format!(
                    "Last step: {}: {} → {}",
                    sim_core::literal::bit_label(name, change.bit),
                    number::format(&change.before, radix),
                    number::format(&change.after, radix)
                ))
                .monospace(),
            );
        }
    }

    /// The `Number` field of bus `name` of switches (`shown`: its value now, the field's text
    /// when the bus is first selected): Enter (or Set) sets every bit at once; a number that
    /// does not parse or fit is refused with the reason, and the field keeps its text.
    fn bus_entry(
        &mut self,
        ui: &mut egui::Ui,
        state: &mut CircuitPageState,
        name: &str,
        shown: &str,
    ) {
        if self.entry.as_ref().is_none_or(|e| e.bus != name) {
            self.entry = Some(BusEntry {
                bus: name.to_owned(),
                text: shown.to_owned(),
                error: None,
            });
        }
        let Some(entry) = &mut self.entry else {
            return;
        };
        ui.horizontal(|ui| {
            let label = ui.label("Number");
            let output = egui::TextEdit::singleline(&mut entry.text)
                .desired_width(130.0)
                .font(egui::TextStyle::Monospace)
                .hint_text("107, 0x6B, -21, 0t1T0")
                .show(ui);
            let edit = output.response.response.labelled_by(label.id);
            if edit.gained_focus() {
                // Its text selected: typing replaces the number shown.
                let mut edit_state = output.state;
                edit_state
                    .cursor
                    .set_char_range(Some(CCursorRange::select_all_str(&entry.text)));
                edit_state.store(ui.ctx(), edit.id);
            }
            let edit = edit.on_hover_text(
                "A number in any radix: 107, -21, 0x6B, 0b0110_1011, 0t1T0 (x or ? for \
                     unknown bits). A decimal reads as the bus's radix does: balanced \
                     ternary on a Ternary bus, else unsigned or two's complement. Enter sets it.",
            );
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if entered || ui.button("Set").clicked() {
                entry.error = state
                    .set_bus_number(name, &entry.text)
                    .err()
                    .map(|e| e.to_string());
            }
        });
        if let Some(error) = &entry.error {
            ui.colored_label(
                egui::Color32::RED,
                egui::RichText::new(format!("Refused: {error}")).monospace(),
            );
        }
    }
}

/// The value of a bus (`values`, bit 0 first) shown in `radix`, in the other radixes that read
/// its trits the same way: a binary bus in the other binary radixes (bin, hex, unsigned,
/// signed; never as balanced-ternary digits, which would be its raw trits), a balanced-ternary
/// bus as the decimal its digits add up to.
fn bus_readings(ui: &mut egui::Ui, values: &[Trit], radix: Radix) {
    egui::Grid::new("bus-readings").show(ui, |ui| {
        if radix == Radix::Ternary {
            ui.weak("decimal");
            ui.label(egui::RichText::new(number::to_balanced(values).to_string()).monospace());
            ui.end_row();
            return;
        }
        for r in Radix::ALL
            .into_iter()
            .filter(|&r| r != radix && r != Radix::Ternary)
        {
            ui.weak(r.name());
            ui.label(egui::RichText::new(number::format(values, r)).monospace());
            ui.end_row();
        }
    });
}

/// The kind, and a table gate's outputs in row order (input 0 most significant, each input
/// counting −1, 0, +1), as symbols.
fn kind_label(ui: &mut egui::Ui, kind: NodeKind) {
    ui.label(format!(
        "Kind: {}",
        crate::pages::circuit::kinds::kind_name(kind)
    ));
    if let Some(table) = kind.table() {
        let outputs: String = table.outputs().into_iter().map(Trit::symbol).collect();
        ui.label(format!("Table (rows −−… to ++…): {outputs}"));
    }
}

/// A flip-flop's power-on value, picked among −1, 0 (unknown, the default) and +1; it applies
/// from the next power-on reset. `id` is the flip-flop or, for a bus flip-flop, any of its
/// bits: the value is the whole bus's.
fn power_on_row(ui: &mut egui::Ui, state: &mut CircuitPageState, id: NodeId, init: Option<Trit>) {
    ui.horizontal(|ui| {
        ui.label("Power on").on_hover_text(
            "Q after a power-on reset (every bit of a bus): −1, +1, or 0 (unknown, the \
                 default)",
        );
        let now = init.unwrap_or(Trit::Unknown);
        for v in Trit::ALL {
            if ui.selectable_label(now == v, v.as_signed_str()).clicked() && now != v {
                state.set_init(id, (v != Trit::Unknown).then_some(v));
            }
        }
    });
}

fn with_inputs(kind: NodeKind, n: u8) -> NodeKind {
    kind.op().map_or(kind, |op| NodeKind::gate(op, n))
}

impl Inspector {
    /// With no node selected: the selected instance, wire, note or tunnel, if one is;
    /// whether one was shown.
    fn not_a_node(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState) -> bool {
        if let Some(label) = state.selected_instance.clone() {
            self.instance(ui, state, &label);
        } else if let Some(wire) = state.selected_wire.clone() {
            wire_panel(ui, state, &wire);
        } else if let Some(index) = state.selected_note {
            self.note(ui, state, index);
        } else if let Some(tunnel) = state.selected_tunnel() {
            self.tunnel(ui, state, &tunnel);
        } else {
            return false;
        }
        true
    }

    /// The selected note: its text, edited in place (Enter or leaving the field applies it).
    fn note(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, index: usize) {
        let Some(text) = state.level_notes().get(index).map(|n| n.text.clone()) else {
            return;
        };
        let key = (index, text.clone());
        if self.editing_note.as_ref().is_none_or(|(of, _)| *of != key) {
            self.editing_note = Some((key, text.clone()));
        }
        ui.label("Note (text on the canvas, part of no net)");
        ui.horizontal(|ui| {
            let label = ui.label("Note text");
            let Some((_, typed)) = self.editing_note.as_mut() else {
                return;
            };
            let edit = ui.text_edit_singleline(typed).labelled_by(label.id);
            if self.focus_label {
                edit.request_focus();
                self.focus_label = false;
            }
            if edit.lost_focus() && *typed != text && !state.set_note_text(index, typed) {
                typed.clone_from(&text);
            }
        });
    }

    /// The selected tunnel: its label, and its name (the net it joins), edited in place.
    fn tunnel(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, tunnel: &Node) {
        let name = sim_core::tunnel::net_name(tunnel).unwrap_or(&tunnel.label);
        let key = (tunnel.label.clone(), name.to_owned());
        if self
            .editing_tunnel
            .as_ref()
            .is_none_or(|(of, _)| *of != key)
        {
            self.editing_tunnel = Some((key, name.to_owned()));
        }
        ui.label(format!("Tunnel {}", tunnel.label));
        ui.horizontal(|ui| {
            let label = ui.label("Tunnel name");
            let Some((_, text)) = self.editing_tunnel.as_mut() else {
                return;
            };
            let edit = ui.text_edit_singleline(text).labelled_by(label.id);
            if self.focus_label {
                edit.request_focus();
                self.focus_label = false;
            }
            if edit.lost_focus() && text != name && !state.name_tunnel(&tunnel.label, text) {
                name.clone_into(text);
            }
        });
        ui.label(
            "Every tunnel of this name on this level is one net: the wire into one drives \
             what the others feed.",
        );
    }

    /// The selected instance: its label (rename), its part, its pins with their values, and
    /// Open.
    fn instance(&mut self, ui: &mut egui::Ui, state: &mut CircuitPageState, label: &str) {
        let Some((part, inputs, outputs)) = state.instance_pins(label) else {
            return;
        };
        if self
            .editing_instance
            .as_ref()
            .is_none_or(|(of, _)| of != label)
        {
            self.editing_instance = Some((label.to_owned(), label.to_owned()));
        }
        let renamed = ui
            .horizontal(|ui| {
                let name = ui.label("Label");
                let Some((_, text)) = self.editing_instance.as_mut() else {
                    return false;
                };
                let edit = ui.text_edit_singleline(text).labelled_by(name.id);
                if !edit.lost_focus() || text == label {
                    return false;
                }
                let new = text.clone();
                if state.rename_instance(label, &new) {
                    self.editing_instance = Some((new.clone(), new));
                    return true;
                }
                label.clone_into(text);
                false
            })
            .inner;
        if renamed {
            // The rest of the view names the instance by its new label next frame.
            ui.ctx().request_repaint();
            return;
        }
        ui.label(format!("Instance of part `{part}`"));
        if ui
            .button("Open instance")
            .on_hover_text("Look inside (double-click the block)")
            .clicked()
        {
            state.open_instance(label);
            return;
        }
        pin_values(ui, state, label, &inputs, &outputs);
    }
}

/// The values on instance `label`'s pins, inputs then outputs (a bus pin as a number in its
/// part's radix, with its width: `a/4 = 11`).
fn pin_values(
    ui: &mut egui::Ui,
    state: &CircuitPageState,
    label: &str,
    inputs: &[String],
    outputs: &[String],
) {
    let text = |name: &String, values: &[Trit]| {
        let end = crate::pages::circuit::state::End::pin_text(label, name);
        if let [v] = values {
            format!("{name} = {v}")
        } else {
            let radix = state.end_radix(&state.level, &end).unwrap_or_default();
            let width = values.len();
            format!("{name}/{width} = {}", number::format(values, radix))
        }
    };
    for name in inputs {
        let end = crate::pages::circuit::state::End::pin_text(label, name);
        let values = state.bit_values(&state.bits_into(&end));
        ui.label(format!("in  {}", text(name, &values)));
    }
    for name in outputs {
        let end = crate::pages::circuit::state::End::pin_text(label, name);
        let values = state.level_end_values(&end);
        ui.label(format!("out {}", text(name, &values)));
    }
}

/// A selected wire: its ends and value, its net (the driver and every input it feeds), its
/// bends, Delete and Straighten.
fn wire_panel(
    ui: &mut egui::Ui,
    state: &mut CircuitPageState,
    wire: &crate::pages::circuit::state::LevelWire,
) {
    ui.label("Wire");
    let values = state.wire_values(wire);
    // Monospace: its font has the arrow.
    ui.label(egui::RichText::new(super::canvas::wire_text(state, wire, &values)).monospace());
    ui.label(format!("Net {} drives:", wire.from.to_text()));
    for w in state.net_wires(&wire.from) {
        ui.label(egui::RichText::new(format!("  {}", w.target())).monospace());
    }
    let bends = state.wire_bends(wire);
    if !bends.is_empty() {
        let at: Vec<String> = bends
            .iter()
            .map(|p| format!("({}, {})", p.x, p.y))
            .collect();
        ui.label(format!("Bent at {}", at.join(", ")));
    }
    ui.horizontal(|ui| {
        if ui.button("Delete wire").clicked() {
            state.delete_wire(wire);
        }
        if ui
            .add_enabled(!bends.is_empty(), egui::Button::new("Straighten"))
            .on_hover_text("Route it freely again (or double-click the wire)")
            .clicked()
        {
            state.set_wire_bends(wire, Vec::new());
        }
    });
}
