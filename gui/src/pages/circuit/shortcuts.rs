//! The circuit page's keyboard shortcuts: one table, [`SHORTCUTS`], that the page's key
//! handler reads and the Help menu lists, so the two cannot drift apart.
//!
//! A key fires a shortcut when its modifiers match exactly (Ctrl+Shift+Z is not Ctrl+Z, so
//! the table's order does not matter); one with Ctrl (⌘ on a Mac) is consumed, a plain key
//! is left to the widgets too (Escape still closes a menu). None of them fire while a text
//! field has the keyboard. Menu items name their key
//! from the table too ([`menu_text`]).

use egui::{Key, KeyboardShortcut, Modifiers};

/// What a shortcut does on the circuit page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// File → New.
    New,
    /// File → Open….
    Open,
    /// File → Save (Save As… for a document without a path).
    Save,
    /// File → Save As….
    SaveAs,
    /// Edit → Undo.
    Undo,
    /// Edit → Redo.
    Redo,
    /// Edit → Copy.
    Copy,
    /// Edit → Paste.
    Paste,
    /// Edit → Make subcircuit.
    MakeSubcircuit,
    /// Edit → Delete: the selection.
    Delete,
    /// Disarms the palette's tool and drops a wire being drawn.
    Cancel,
    /// Turns the selection a quarter turn clockwise.
    RotateClockwise,
    /// Turns the selection a quarter turn counter-clockwise.
    RotateCounterClockwise,
    /// Mirrors the selection.
    Flip,
    /// View → Fit: the whole circuit, as large as it fits.
    Fit,
    /// View → Zoom 100 %.
    Zoom100,
    /// Processes one event (entering Step mode from Run mode).
    Step,
}

/// One shortcut: the keys that do it (any of them) and what it does.
#[derive(Clone, Copy, Debug)]
pub struct Shortcut {
    /// The keys, the first the one menus name.
    pub keys: &'static [KeyboardShortcut],
    /// What the keys do.
    pub action: Action,
    /// What the keys do, as the Help menu says it.
    pub does: &'static str,
}

const fn key(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

const fn shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::SHIFT, key)
}

const fn ctrl(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn ctrl_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

/// Every shortcut of the circuit page, in the order the Help menu lists them.
pub const SHORTCUTS: [Shortcut; 17] = [
    Shortcut {
        keys: &[ctrl(Key::N)],
        action: Action::New,
        does: "New circuit",
    },
    Shortcut {
        keys: &[ctrl(Key::O)],
        action: Action::Open,
        does: "Open a file",
    },
    Shortcut {
        keys: &[ctrl(Key::S)],
        action: Action::Save,
        does: "Save",
    },
    Shortcut {
        keys: &[ctrl_shift(Key::S)],
        action: Action::SaveAs,
        does: "Save as a new file",
    },
    Shortcut {
        keys: &[ctrl(Key::Z)],
        action: Action::Undo,
        does: "Undo",
    },
    Shortcut {
        keys: &[ctrl(Key::Y), ctrl_shift(Key::Z)],
        action: Action::Redo,
        does: "Redo",
    },
    Shortcut {
        keys: &[ctrl(Key::C)],
        action: Action::Copy,
        does: "Copy the selection",
    },
    Shortcut {
        keys: &[ctrl(Key::V)],
        action: Action::Paste,
        does: "Paste",
    },
    Shortcut {
        keys: &[ctrl(Key::G)],
        action: Action::MakeSubcircuit,
        does: "Make a subcircuit of the selection",
    },
    Shortcut {
        keys: &[key(Key::Delete), key(Key::Backspace)],
        action: Action::Delete,
        does: "Delete the selection",
    },
    Shortcut {
        keys: &[key(Key::Escape)],
        action: Action::Cancel,
        does: "Put the armed part down; drop the wire being drawn",
    },
    Shortcut {
        keys: &[key(Key::R)],
        action: Action::RotateClockwise,
        does: "Rotate the selection clockwise",
    },
    Shortcut {
        keys: &[shift(Key::R)],
        action: Action::RotateCounterClockwise,
        does: "Rotate the selection counter-clockwise",
    },
    Shortcut {
        keys: &[key(Key::M)],
        action: Action::Flip,
        does: "Flip the selection",
    },
    Shortcut {
        keys: &[key(Key::F), key(Key::Home)],
        action: Action::Fit,
        does: "Fit the whole circuit in the window",
    },
    Shortcut {
        keys: &[key(Key::Num1)],
        action: Action::Zoom100,
        does: "Zoom to 100 %",
    },
    Shortcut {
        keys: &[key(Key::Space)],
        action: Action::Step,
        does: "Step one event (enters Step mode)",
    },
];

impl Shortcut {
    /// Whether one of its keys was pressed this frame (see the [module docs](self) for which
    /// are consumed).
    pub fn pressed(&self, input: &mut egui::InputState) -> bool {
        self.keys.iter().any(|shortcut| {
            let pressed = input.events.iter().any(|event| {
                matches!(event, egui::Event::Key { key, pressed: true, modifiers, .. }
                    if *key == shortcut.logical_key && modifiers.matches_exact(shortcut.modifiers))
            });
            if pressed && shortcut.modifiers.command {
                input.consume_shortcut(shortcut);
            }
            pressed
        })
    }

    /// Its keys as `ctx` writes them (`Ctrl+Y or Ctrl+Shift+Z`; ⌘ on a Mac).
    pub fn keys_text(&self, ctx: &egui::Context) -> String {
        let keys: Vec<String> = self.keys.iter().map(|k| ctx.format_shortcut(k)).collect();
        keys.join(" or ")
    }
}

/// A menu item's text with the key that does the same (`Undo  (Ctrl+Z)`): `action`'s first
/// key in [`SHORTCUTS`], as `ctx` writes it.
pub fn menu_text(ctx: &egui::Context, text: &str, action: Action) -> String {
    SHORTCUTS
        .iter()
        .find(|s| s.action == action)
        .and_then(|s| s.keys.first())
        .map_or_else(
            || text.to_owned(),
            |key| format!("{text}  ({})", ctx.format_shortcut(key)),
        )
}

/// The Help menu: the table of [`SHORTCUTS`], keys and what they do.
pub fn help_menu(ui: &mut egui::Ui) {
    ui.strong("Keyboard shortcuts");
    ui.weak("Not while typing in a field");
    egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
        for shortcut in &SHORTCUTS {
            ui.monospace(shortcut.keys_text(ui.ctx()));
            ui.label(shortcut.does);
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_does_two_things() {
        let mut seen = std::collections::HashSet::new();
        for shortcut in &SHORTCUTS {
            for key in shortcut.keys {
                assert!(seen.insert(*key), "{key:?} is listed twice");
            }
        }
    }
}
