//! The right-click menu of a node or a block: a Rename field (Enter renames), Rotate clockwise
//! and counter-clockwise, Flip, Copy, Delete and, for a node, Add to waveform. What is chosen
//! is applied once the frame is drawn ([`apply`]: a deleted node must not be drawn after),
//! each edit one undoable step through the state's own edit methods, as the keyboard and the
//! Edit menu make it; Copy puts the node where Paste (Ctrl+V) finds it.

use egui::{Id, Key, Response};
use sim_core::NodeId;

use crate::pages::circuit::shortcuts::{self, Action};
use crate::pages::circuit::state::{CircuitPageState, Reorient};

/// What a right-click menu was opened on.
#[derive(Debug)]
pub(super) enum Target {
    /// A node, or a bus's bits (`ids`, bit 0 first), going by `label` on the open level.
    Node {
        /// The node, or the bus's bits.
        ids: Vec<NodeId>,
        /// Its label at the open level (a bus: its name).
        label: String,
    },
    /// An instance block of the open level, by its label.
    Block(String),
}

/// What was chosen in a right-click menu, and on what.
pub(super) type Chosen = (Target, Choice);

/// What the user chose in the menu.
#[derive(Debug)]
pub(super) enum Choice {
    /// Rename to this label (at the open level).
    Rename(String),
    /// Turn or mirror.
    Reorient(Reorient),
    /// Copy the node for Paste.
    Copy,
    /// Delete it (a node with its wires, a block with its wires to pins).
    Delete,
    /// Add the node's net (or bus) to the waveform.
    AddToWaveform,
}

/// Shows `target`'s right-click menu on `widget` (the node's or block's widget); returns what
/// was chosen, to [`apply`] after the frame.
pub(super) fn context_menu(widget: &Response, target: Target) -> Option<Chosen> {
    let (label, is_node) = match &target {
        Target::Node { label, .. } => (label, true),
        Target::Block(label) => (label, false),
    };
    let rename = widget.id.with("rename");
    if widget.secondary_clicked() {
        // A menu opens with the current label in its Rename field, not a stale edit.
        widget.ctx.data_mut(|d| d.remove::<String>(rename));
    }
    let mut choice = None;
    // Clicks inside keep it open (the Rename field takes them); each item closes it.
    let popup = egui::Popup::context_menu(widget)
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    popup.show(|ui| {
        choice = rename_field(ui, rename, label);
        ui.separator();
        let text = |text, action| shortcuts::menu_text(ui.ctx(), text, action);
        let items = [
            (
                text("Rotate clockwise", Action::RotateClockwise),
                Choice::Reorient(Reorient::Clockwise),
            ),
            (
                text("Rotate counter-clockwise", Action::RotateCounterClockwise),
                Choice::Reorient(Reorient::CounterClockwise),
            ),
            (text("Flip", Action::Flip), Choice::Reorient(Reorient::Flip)),
            (text("Copy", Action::Copy), Choice::Copy),
            (text("Delete", Action::Delete), Choice::Delete),
            ("Add to waveform".to_owned(), Choice::AddToWaveform),
        ];
        for (text, item) in items {
            // A block is not copied (the clipboard holds nodes) nor put in the waveform.
            let offered = is_node || !matches!(item, Choice::Copy | Choice::AddToWaveform);
            if offered && ui.button(text).clicked() {
                choice = Some(item);
                ui.close();
            }
        }
    });
    choice.map(|choice| (target, choice))
}

/// The menu's Rename field (its text kept under `id` while the menu is open), holding
/// `label` until edited: Enter renames (closing the menu).
fn rename_field(ui: &mut egui::Ui, id: Id, label: &str) -> Option<Choice> {
    let mut text = ui.data_mut(|d| {
        d.get_temp_mut_or_insert_with(id, || label.to_owned())
            .clone()
    });
    let entered = ui
        .horizontal(|ui| {
            let name = ui.label("Rename to");
            let field = ui.text_edit_singleline(&mut text).labelled_by(name.id);
            field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
        })
        .inner;
    if entered {
        ui.data_mut(|d| d.remove::<String>(id));
        ui.close();
        return (text != label).then_some(Choice::Rename(text));
    }
    ui.data_mut(|d| d.insert_temp(id, text));
    None
}

/// Applies what was chosen in a right-click menu.
pub(super) fn apply(state: &mut CircuitPageState, (target, choice): Chosen) {
    match (&target, choice) {
        (Target::Node { ids, .. }, choice) => {
            let Some(&first) = ids.first() else {
                return;
            };
            match choice {
                Choice::Rename(new) => {
                    state.rename(first, &new);
                }
                Choice::Reorient(how) => {
                    state.reorient_nodes(ids, how);
                }
                Choice::Copy => {
                    state.selection = ids.iter().copied().collect();
                    state.copy();
                }
                Choice::Delete => {
                    state.selected_instance = None;
                    state.selection = ids.iter().copied().collect();
                    state.delete_selection();
                }
                Choice::AddToWaveform => {
                    state.add_wave_node(first);
                }
            }
        }
        (Target::Block(label), Choice::Rename(new)) => {
            state.rename_instance(label, &new);
        }
        (Target::Block(label), Choice::Reorient(how)) => {
            state.reorient_instance(label, how);
        }
        (Target::Block(label), Choice::Delete) => state.delete_instance(label),
        (Target::Block(_), Choice::Copy | Choice::AddToWaveform) => {}
    }
}
