//! Text annotations (see [`sim_core::Note`]): free text on the open level — the top level's
//! in the document, a part's in its definition — placed, edited, moved and deleted, each an
//! undoable step. A note is not a node: the circuit, the engine and every net ignore it, so
//! an edit of one rebuilds nothing but the drawing.

use sim_core::{Note, Pos};

use super::CircuitPageState;
use super::edit_error::CircuitEditError;

/// The text a note placed from the palette starts with.
const NEW_NOTE: &str = "Text";

impl CircuitPageState {
    /// The open level's notes: the top level's, or the opened part's.
    pub fn level_notes(&self) -> &[Note] {
        match self.level_part() {
            Some(part) => &part.notes,
            None => &self.doc.document.notes,
        }
    }

    /// Applies `edit` to the open level's notes as one undoable step; a library part (whose
    /// file is another) refuses with why, as every edit does.
    pub fn edit_notes<T>(
        &mut self,
        edit: impl FnOnce(&mut Vec<Note>) -> Result<T, CircuitEditError>,
    ) -> Option<T> {
        if let Some(why) = self.level_read_only() {
            self.error(why);
            return None;
        }
        let before = self.doc.document.clone();
        let doc = &mut self.doc.document;
        let notes = if self.level.is_empty() {
            Some(&mut doc.notes)
        } else {
            doc.design
                .part_at(&self.level)
                .map(|p| p.name.clone())
                .and_then(|name| doc.design.subcircuits.iter_mut().find(|p| p.name == name))
                .map(|p| &mut p.notes)
        };
        let result = notes
            .ok_or_else(|| CircuitEditError::from("this level's part is not in this file"))
            .and_then(edit);
        self.commit_edit(before, result)
    }

    /// Places a note saying `Text` at `pos` and selects it; returns its index.
    pub fn place_note(&mut self, pos: Pos) -> Option<usize> {
        let index = self.edit_notes(|notes| {
            notes.push(Note {
                pos,
                text: NEW_NOTE.to_owned(),
            });
            Ok(notes.len() - 1)
        })?;
        self.select_note(index);
        Some(index)
    }

    /// Selects note `index` of the open level, and nothing else.
    pub fn select_note(&mut self, index: usize) {
        self.selection.clear();
        self.selected_instance = None;
        self.selected_wiring = None;
        self.selected_wire = None;
        self.selected_note = Some(index);
    }

    /// Makes note `index` say `text`; an empty text is refused (delete the note instead).
    pub fn set_note_text(&mut self, index: usize, text: &str) -> bool {
        if text.trim().is_empty() {
            self.error("a note needs some text: delete it instead (Delete)");
            return false;
        }
        self.edit_notes(|notes| {
            let note = notes.get_mut(index).ok_or("no such note")?;
            text.clone_into(&mut note.text);
            Ok(())
        })
        .is_some()
    }

    /// Moves note `index` by `(dx, dy)` cells.
    pub fn move_note(&mut self, index: usize, dx: i32, dy: i32) {
        if (dx, dy) == (0, 0) {
            return;
        }
        self.edit_notes(|notes| {
            let note = notes.get_mut(index).ok_or("no such note")?;
            note.pos = Pos {
                x: note.pos.x + dx,
                y: note.pos.y + dy,
            };
            Ok(())
        });
    }

    /// Deletes the selected note, if one is selected; whether one was.
    pub(super) fn delete_selected_note(&mut self) -> bool {
        let Some(index) = self.selected_note.take() else {
            return false;
        };
        self.edit_notes(|notes| {
            if index >= notes.len() {
                return Err("no such note".into());
            }
            notes.remove(index);
            Ok(())
        });
        true
    }
}
