//! Undo/redo by snapshots of the whole document.
//!
//! A snapshot is a clone of the [`Document`], whose `StableGraph` keeps node ids, so undo brings
//! back the exact same ids (the selection and the engine's values stay meaningful). Snapshots
//! cost memory proportional to the circuit; the stack keeps the last [`History::DEPTH`] edits.

use sim_core::format::Document;

/// One state of the document, with the revision number it had.
#[derive(Clone, Debug)]
struct Snapshot {
    document: Document,
    revision: u64,
}

/// The undo and redo stacks.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl History {
    /// How many edits can be undone.
    pub const DEPTH: usize = 200;

    /// Records `before` (at `revision`) as the state to return to; clears the redo stack.
    pub fn record(&mut self, before: Document, revision: u64) {
        if self.undo.len() == Self::DEPTH {
            self.undo.remove(0);
        }
        self.undo.push(Snapshot {
            document: before,
            revision,
        });
        self.redo.clear();
    }

    /// Swaps `current` (at `*revision`) with the last recorded state; `false` if there is none.
    pub fn undo(&mut self, current: &mut Document, revision: &mut u64) -> bool {
        Self::swap(&mut self.undo, &mut self.redo, current, revision)
    }

    /// Swaps `current` with the last undone state; `false` if there is none.
    pub fn redo(&mut self, current: &mut Document, revision: &mut u64) -> bool {
        Self::swap(&mut self.redo, &mut self.undo, current, revision)
    }

    /// Joins the last recorded edit to the one before it: one undo then takes both back.
    pub fn merge_last(&mut self) {
        if self.undo.len() >= 2 {
            self.undo.pop();
        }
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn swap(
        from: &mut Vec<Snapshot>,
        to: &mut Vec<Snapshot>,
        current: &mut Document,
        revision: &mut u64,
    ) -> bool {
        let Some(snapshot) = from.pop() else {
            return false;
        };
        let previous = std::mem::replace(current, snapshot.document);
        to.push(Snapshot {
            document: previous,
            revision: *revision,
        });
        *revision = snapshot.revision;
        true
    }
}
