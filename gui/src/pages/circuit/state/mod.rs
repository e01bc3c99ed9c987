//! The application state, plain Rust without egui: the document and its history, the
//! selection, the clipboard, the simulation session, and pending questions to the user.
//! Every user action is a method here, so tests can drive the app without a window.
//!
//! Buses (see [`sim_core::bus`]) are driven and read as numbers: [`CircuitPageState::set_bus_number`]
//! sets every bit of a bus in one batch, [`CircuitPageState::toggle_bus_bit`] one bit, and
//! [`CircuitPageState::bus_radix`] is how a bus is shown (a view setting, chosen per bus with
//! [`CircuitPageState::set_bus_radix`]).

mod analysis;
mod bus_level;
mod document;
mod edit_error;
mod ends;
mod history;
mod levels;
mod memories;
mod session;
mod waves;
mod wires;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub use analysis::{Analysis, suggested_sequence};
pub use document::{DocState, LoadError, SaveError, read_library};
pub use edit_error::CircuitEditError;
pub use ends::{End, level_label, prefix};
pub use history::History;
pub use memories::{MemoryView, MemoryViewKey, MemoryViews, address_of, candidates};
pub use session::{BusChange, Mode, SimSession};
use sim_core::bus::Bus;
use sim_core::format::Document;
use sim_core::number::{self, Radix};
use sim_core::{Circuit, CircuitError, Node, NodeId, NodeKind, Pos, Trit};
pub use waves::{DEFAULT_LANES, LaneKey, WaveLanes};
pub use wires::LevelWire;

use crate::common::Notice;

/// An action that would discard unsaved changes, waiting for the user's confirmation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Discarding {
    /// File → New.
    New,
    /// File → Open (this path).
    Open(PathBuf),
    /// Closing the window.
    Quit,
}

/// Nodes and the wires among them, copied to be pasted elsewhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clipboard {
    nodes: Vec<Node>,
    /// `(from, to, input)` as indices into `nodes`.
    wires: Vec<(usize, usize, u8)>,
}

/// Everything the app knows. See the [module docs](self).
#[derive(Debug)]
pub struct CircuitPageState {
    /// The open document.
    pub doc: DocState,
    /// The simulation of the open document.
    pub sim: SimSession,
    /// Selected nodes.
    pub selection: BTreeSet<NodeId>,
    /// What Copy put aside.
    pub clipboard: Clipboard,
    /// Feedback for the status bar.
    pub notice: Option<Notice>,
    /// An action waiting for "discard unsaved changes?" to be answered.
    pub confirm: Option<Discarding>,
    /// Set when the app may close (the user confirmed, or nothing was unsaved).
    pub quit: bool,
    /// The palette item armed for placing with a click on the canvas.
    pub tool: Option<NodeKind>,
    /// The part armed for placing an instance with a click on the canvas.
    pub part_tool: Option<String>,
    /// The open level: the instance path looked inside (empty: the top level).
    pub level: Vec<String>,
    /// The selected instance of the open level.
    pub selected_instance: Option<String>,
    /// The radix chosen for a bus in this session, by its flat name (a view setting: see
    /// [`CircuitPageState::set_bus_radix`]).
    pub radixes: BTreeMap<String, Radix>,
    /// The selected splitter or merger of the top level (by label), on a level with buses.
    pub selected_wiring: Option<String>,
    /// How many trits wide the armed palette item places its nodes (1..=64).
    pub tool_width: u8,
    /// The selected wire of the open level (its whole net is highlighted).
    pub selected_wire: Option<LevelWire>,
    /// Names the open document: every [`CircuitPageState::with_doc`] (File → New, Open) takes a fresh
    /// number, so views can tell a new document from an edited one (the canvas fits a new
    /// one to the window).
    pub document_id: u64,
    /// A node the canvas should bring to the middle of its view on its next frame (see
    /// [`CircuitPageState::show_node`]).
    pub centre: Option<NodeId>,
    /// The files opened or saved in this session, newest first (at most
    /// [`CircuitPageState::RECENT_LIMIT`]), for the file dialog.
    pub recent: Vec<PathBuf>,
    /// The waveform panel's signals and time cursor.
    pub waves: WaveLanes,
    /// The open memory views.
    pub memories: MemoryViews,
    /// The Analysis window: the reset analysis and the state it marks.
    pub analysis: Analysis,
}

/// How the user answers "discard unsaved changes?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save the document, then go on (if it has no path yet, the caller asks for one).
    Save,
    /// Drop the changes and go on.
    Discard,
    /// Keep the document; do nothing.
    Cancel,
}

impl Default for CircuitPageState {
    fn default() -> CircuitPageState {
        CircuitPageState::with_doc(DocState::new())
    }
}

impl CircuitPageState {
    /// The state for an open document.
    pub fn with_doc(mut doc: DocState) -> CircuitPageState {
        sim_core::layout::place_unplaced(&mut doc.document.circuit);
        let sim = SimSession::new(&doc.document.circuit);
        let waves = WaveLanes::for_circuit(&doc.document.circuit);
        CircuitPageState {
            waves,
            memories: MemoryViews::default(),
            analysis: Analysis::default(),
            doc,
            sim,
            selection: BTreeSet::new(),
            clipboard: Clipboard::default(),
            notice: None,
            confirm: None,
            quit: false,
            tool: None,
            part_tool: None,
            level: Vec::new(),
            selected_instance: None,
            radixes: BTreeMap::new(),
            selected_wiring: None,
            selected_wire: None,
            tool_width: 1,
            recent: Vec::new(),
            centre: None,
            document_id: {
                static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
                NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
        }
    }

    /// Recent files kept.
    pub const RECENT_LIMIT: usize = 8;

    /// Puts `path` first among the recent files.
    fn remember(&mut self, path: &Path) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(Self::RECENT_LIMIT);
    }

    /// Opens `path`, or an empty document showing the error if it cannot be loaded (the app
    /// stays alive either way).
    pub fn open_or_report(path: &Path) -> CircuitPageState {
        match DocState::load(path) {
            Ok(doc) => CircuitPageState::with_doc(doc),
            Err(e) => {
                let mut state = CircuitPageState::default();
                state.error(e.to_string());
                state
            }
        }
    }

    /// The circuit being edited.
    pub fn circuit(&self) -> &Circuit {
        &self.doc.document.circuit
    }

    /// Shows an informational notice.
    pub fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            is_error: false,
        });
    }

    /// Shows an error notice.
    pub fn error(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            is_error: true,
        });
    }

    // ----- files -----

    /// File → New, Open or closing the window: done at once if nothing is unsaved, otherwise
    /// stored in [`confirm`](Self::confirm) until [`answer`](Self::answer) is called.
    pub fn request(&mut self, action: Discarding) {
        if self.doc.is_modified() {
            self.confirm = Some(action);
        } else {
            self.perform(action);
        }
    }

    /// Answers the pending confirmation: `true` discards the changes and performs the action.
    pub fn answer(&mut self, discard: bool) {
        self.reply(if discard {
            Answer::Discard
        } else {
            Answer::Cancel
        });
    }

    /// Answers the pending confirmation. [`Answer::Save`] saves to the document's path and
    /// then performs the action; it returns `false` when the document has no path yet (the
    /// question stays pending: the caller asks for a path, saves with
    /// [`save_as`](Self::save_as), then answers [`Answer::Discard`], which discards nothing
    /// then). A failed save keeps the document and shows why.
    pub fn reply(&mut self, answer: Answer) -> bool {
        match answer {
            Answer::Cancel => self.confirm = None,
            Answer::Discard => {
                if let Some(action) = self.confirm.take() {
                    self.perform(action);
                }
            }
            Answer::Save => {
                if !self.save() {
                    return false;
                }
                if self.doc.is_modified() {
                    self.confirm = None; // the save failed: its error shows
                } else if let Some(action) = self.confirm.take() {
                    self.perform(action);
                }
            }
        }
        true
    }

    fn perform(&mut self, action: Discarding) {
        let recent = std::mem::take(&mut self.recent);
        match action {
            Discarding::New => *self = CircuitPageState::default(),
            Discarding::Open(path) => match DocState::load(&path) {
                Ok(doc) => {
                    // The file opened (a `.bench` netlist opens untitled).
                    let name = path
                        .file_name()
                        .map_or_else(|| doc.file_name(), |n| n.to_string_lossy().into_owned());
                    *self = CircuitPageState::with_doc(doc);
                    self.recent = recent;
                    self.remember(&path);
                    self.info(format!("opened {name}"));
                    return;
                }
                // The current document stays open.
                Err(e) => self.error(e.to_string()),
            },
            Discarding::Quit => self.quit = true,
        }
        self.recent = recent;
    }

    /// Saves to the current path; `false` if there is none (the caller asks for one).
    pub fn save(&mut self) -> bool {
        match self.doc.path.clone() {
            Some(path) => {
                self.save_as(&path);
                true
            }
            None => false,
        }
    }

    /// Saves to `path` (atomically), reports the outcome and remembers `path` among the
    /// recent files.
    pub fn save_as(&mut self, path: &Path) {
        match self.doc.save_as(path) {
            Ok(()) => {
                self.remember(path);
                self.info(format!("saved {}", path.display()));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Where File → Export Verilog… proposes to write: the document's path with extension
    /// `.v` (`None` for an untitled document).
    pub fn verilog_path(&self) -> Option<PathBuf> {
        self.doc.path.as_ref().map(|p| p.with_extension("v"))
    }

    /// Writes the document as structural Verilog ([`sim_core::verilog::document`], what
    /// `tritium export verilog` writes) to `path`, in a module named after the document (its
    /// name, else its file's stem, else `path`'s) and reports the outcome, with the export's
    /// warnings (or why it cannot: a table gate Verilog cannot express), and the memories'
    /// images beside it (see [`sim_core::verilog::export`]). Returns whether it wrote.
    pub fn export_verilog(&mut self, path: &Path) -> bool {
        let stem = |p: &Path| p.file_stem().map(|s| s.to_string_lossy().into_owned());
        let stem = self
            .doc
            .path
            .as_deref()
            .and_then(stem)
            .or_else(|| stem(path));
        let doc = &self.doc.document;
        let module = sim_core::verilog::default_module(doc, stem.as_deref());
        let export = match sim_core::verilog::export(doc, &module) {
            Ok(written) => written,
            Err(e) => {
                self.error(format!("cannot export Verilog: {e}"));
                return false;
            }
        };
        let warnings = export.warnings;
        if let Err(e) = loader::write_atomically(path, export.verilog.as_bytes()) {
            self.error(format!("cannot write {}: {e}", path.display()));
            return false;
        }
        // The memories' images, beside the Verilog that reads them.
        let dir = path.parent().unwrap_or(Path::new(""));
        for image in &export.images {
            let image_path = dir.join(&image.file);
            if let Err(e) = loader::write_atomically(&image_path, image.text.as_bytes()) {
                self.error(format!("cannot write {}: {e}", image_path.display()));
                return false;
            }
        }
        let mut notice = format!("exported Verilog to {}", path.display());
        if !export.images.is_empty() {
            let files: Vec<&str> = export.images.iter().map(|i| i.file.as_str()).collect();
            notice = format!("{notice} with memory images {}", files.join(", "));
        }
        if !warnings.is_empty() {
            let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
            notice = format!("{notice} (warning: {})", warnings.join("; "));
        }
        self.info(notice);
        true
    }

    // ----- editing -----

    /// Applies `edit` to the circuit as one undoable step, then recompiles the simulation. If
    /// `edit` fails the circuit is restored and the error shown; nothing is recorded.
    pub fn edit<T>(
        &mut self,
        edit: impl FnOnce(&mut Circuit) -> Result<T, CircuitError>,
    ) -> Option<T> {
        self.edit_renaming(edit, &BTreeMap::new())
    }

    /// [`edit`](Self::edit) for an edit that renames nodes of the open level (`renamed`: old
    /// label → new, at the level), so that wires to pins follow. Inside an instance, the edit
    /// is written back to the part's definition and every instance of the part follows.
    fn edit_renaming<T>(
        &mut self,
        edit: impl FnOnce(&mut Circuit) -> Result<T, CircuitError>,
        renamed: &BTreeMap<String, String>,
    ) -> Option<T> {
        if let Some(why) = self.level_read_only().or_else(|| self.bus_level_refusal()) {
            self.error(why);
            return None;
        }
        let before = self.doc.document.clone();
        let result = edit(&mut self.doc.document.circuit).map_err(CircuitEditError::from);
        let result = result.and_then(|value| {
            if self.doc.document.design.is_flat() && self.level.is_empty() {
                return Ok(value);
            }
            self.harvest_level(renamed)?;
            let doc = &mut self.doc.document;
            doc.design.sync(&mut doc.circuit)?;
            Ok(value)
        });
        self.commit_edit(before, result)
    }

    /// Ends an edit begun on the document `before`: records it for undo and rebuilds the
    /// simulation, or, if it failed, restores `before` and shows why.
    fn commit_edit<T>(
        &mut self,
        before: Document,
        result: Result<T, CircuitEditError>,
    ) -> Option<T> {
        match result {
            Ok(value) => {
                self.doc.record_edit(before);
                self.after_change();
                self.notice = None;
                Some(value)
            }
            Err(e) => {
                self.doc.document = before;
                self.error(e.to_string());
                None
            }
        }
    }

    fn after_change(&mut self) {
        self.fix_level();
        let circuit = &self.doc.document.circuit;
        self.selection.retain(|&id| circuit.node(id).is_some());
        if let Some(label) = &self.selected_wiring
            && !self
                .written_level()
                .is_some_and(|(nodes, _)| nodes.iter().any(|n| n.label == *label))
        {
            self.selected_wiring = None;
        }
        if let Some(wire) = &self.selected_wire
            && !self.level_wires().contains(wire)
        {
            self.selected_wire = None;
        }
        // The analyses described the circuit before the edit: their verdicts and marks go.
        self.clear_analysis();
        let circuit = &self.doc.document.circuit;
        self.sim.rebuild(circuit);
        self.waves.refresh(circuit);
        self.memories
            .retain(|label| circuit.memory(label).is_some());
    }

    /// Places a new node of `kind` at `pos` with a fresh label (`AND1`, `SW2`, …) and selects it.
    pub fn place(&mut self, kind: NodeKind, pos: Pos) -> Option<NodeId> {
        let label = self.fresh_label(kind);
        let id = self.edit(|c| {
            c.add_node(Node {
                pos: Some(pos),
                ..Node::new(label, kind)
            })
        })?;
        self.selection = BTreeSet::from([id]);
        Some(id)
    }

    /// A label not used yet on the open level (the full path is returned: `AND3` at the top,
    /// `U1/AND3` inside instance `U1`), from the kind's prefix and the first free number.
    pub fn fresh_label(&self, kind: NodeKind) -> String {
        let prefix = label_prefix(kind);
        let level = self.level_prefix();
        let pins = self.level_pins();
        let taken = |l: &str| {
            self.circuit().find(&format!("{level}{l}")).is_some()
                || pins.iter().any(|n| n.label == l)
                || self.level_instances().iter().any(|i| i.label == l)
                || self
                    .written_level()
                    .is_some_and(|(nodes, _)| nodes.iter().any(|n| n.label == l))
        };
        // At most node_count labels are taken, so one of the first node_count + 1 is free.
        let free = (1..=self.circuit().node_count() + pins.len() + 1)
            .map(|n| format!("{prefix}{n}"))
            .find(|l| !taken(l))
            .unwrap_or_else(|| prefix.to_owned());
        format!("{level}{free}")
    }

    /// Moves nodes by `(dx, dy)` grid cells, as one undoable step.
    pub fn move_nodes(&mut self, ids: &[NodeId], dx: i32, dy: i32) {
        if (dx, dy) == (0, 0) || ids.is_empty() {
            return;
        }
        if self.edits_bus_level() {
            self.move_written_nodes(ids, dx, dy);
            return;
        }
        self.edit(|c| {
            for &id in ids {
                if let Some(p) = c.node(id).and_then(|n| n.pos) {
                    c.set_pos(
                        id,
                        Some(Pos {
                            x: p.x + dx,
                            y: p.y + dy,
                        }),
                    );
                }
            }
            Ok(())
        });
    }

    /// Connects `from`'s output to pin `input` of `to`; a refused wire (a second driver, …)
    /// shows why.
    pub fn connect(&mut self, from: NodeId, to: NodeId, input: u8) -> bool {
        if self.edits_bus_level() {
            let (Some(from), Some(to)) = (self.written_label(from), self.written_label(to)) else {
                return false;
            };
            return self.connect_written(&from, &to, input);
        }
        self.edit(|c| c.connect(from, to, input)).is_some()
    }

    /// Deletes the selected nodes and their wires.
    ///
    /// The document's embedded tests lose their assignments and expectations of the deleted
    /// nodes (in the same undo step), so the file stays loadable; a notice says how many.
    pub fn delete_selection(&mut self) {
        if self.edits_bus_level()
            && let Some(dropped) = self.delete_written()
        {
            if dropped > 0 {
                self.info(format!(
                    "removed {dropped} test assignment(s) of the deleted nodes"
                ));
            }
            return;
        }
        let doomed: Vec<NodeId> = self.selection.iter().copied().collect();
        if doomed.is_empty() {
            if let Some(instance) = self.selected_instance.clone() {
                self.delete_instance(&instance);
            } else if let Some(wire) = self.selected_wire.clone() {
                self.delete_wire(&wire);
            }
            return;
        }
        let labels: BTreeSet<String> = doomed
            .iter()
            .filter_map(|&id| self.circuit().node(id))
            .map(|n| n.label.clone())
            .collect();
        self.edit(|c| {
            for id in doomed {
                c.remove_node(id);
            }
            Ok(())
        });
        self.selection.clear();
        let dropped = self.drop_test_assignments(|l| labels.contains(l));
        if dropped > 0 {
            self.info(format!(
                "removed {dropped} test assignment(s) of the deleted nodes"
            ));
        }
    }

    /// Removes every test assignment and expectation whose label is `gone` (the nodes a
    /// deletion removed); returns how many went.
    pub(crate) fn drop_test_assignments(&mut self, gone: impl Fn(&str) -> bool) -> usize {
        let mut dropped = 0;
        for step in self
            .doc
            .document
            .tests
            .iter_mut()
            .flat_map(|t| &mut t.steps)
        {
            let before = step.set.len() + step.expect.len();
            step.set.retain(|(l, _)| !gone(l));
            step.expect.retain(|(l, _)| !gone(l));
            dropped += before - step.set.len() - step.expect.len();
        }
        dropped
    }

    /// Removes the wire into pin `input` of `to`, if any.
    pub fn disconnect_input(&mut self, to: NodeId, input: u8) {
        if self.edits_bus_level() {
            if let Some(to) = self.written_label(to) {
                self.disconnect_written(&to, input);
            }
            return;
        }
        let wire = self
            .circuit()
            .wires()
            .find(|(_, w)| w.to == to && w.input == input)
            .map(|(id, _)| id);
        if let Some(wire) = wire {
            self.edit(|c| {
                c.disconnect(wire);
                Ok(())
            });
        }
    }

    /// Renames a node; a taken or invalid label is refused with a message. The document's
    /// embedded tests follow the new label (in the same undo step), so the file stays valid.
    pub fn rename(&mut self, id: NodeId, label: &str) -> bool {
        if self.edits_bus_level() {
            return match self.written_label(id) {
                Some(old) => self.rename_written(&old, label),
                None => false,
            };
        }
        let Some(old) = self.circuit().node(id).map(|n| n.label.clone()) else {
            return false;
        };
        // Inside an instance the label is given at the level (`x`, not `U1/x`).
        let level = self.level_prefix();
        let label = match label.strip_prefix(&level) {
            Some(_) => label.to_owned(),
            None => format!("{level}{label}"),
        };
        let label = label.as_str();
        let mut renamed = BTreeMap::new();
        if let (Some(from), Some(to)) = (self.on_level(&old), self.on_level(label)) {
            renamed.insert(from.to_owned(), to.to_owned());
        }
        if self
            .edit_renaming(|c| c.rename(id, label), &renamed)
            .is_none()
        {
            return false;
        }
        self.relabel_tests(|l| (l == old).then(|| label.to_owned()));
        true
    }

    /// Renames labels in the document's embedded tests (assignments and expectations):
    /// `to(label)` is a label's new name, or `None` to keep it.
    pub(super) fn relabel_tests(&mut self, to: impl Fn(&str) -> Option<String>) {
        let steps = self
            .doc
            .document
            .tests
            .iter_mut()
            .flat_map(|t| &mut t.steps);
        for step in steps {
            for (label, _) in step.set.iter_mut().chain(&mut step.expect) {
                if let Some(new) = to(label) {
                    *label = new;
                }
            }
        }
    }

    /// Changes a node's kind (e.g. a gate's input count), dropping wires it cannot keep.
    pub fn set_kind(&mut self, id: NodeId, kind: NodeKind) -> bool {
        self.edit(|c| c.set_kind(id, kind)).is_some()
    }

    /// Copies the selected nodes and the wires among them.
    pub fn copy(&mut self) {
        let c = self.circuit();
        let ids: Vec<NodeId> = self.selection.iter().copied().collect();
        let index = |id: NodeId| ids.iter().position(|&x| x == id);
        let level = self.level_prefix();
        let nodes = ids
            .iter()
            .map(|&id| Node {
                label: c[id]
                    .label
                    .strip_prefix(&level)
                    .unwrap_or(&c[id].label)
                    .to_owned(),
                ..c[id].clone()
            })
            .collect();
        let wires = c
            .wires()
            .filter_map(|(_, w)| Some((index(w.from)?, index(w.to)?, w.input)))
            .collect();
        self.clipboard = Clipboard { nodes, wires };
    }

    /// Pastes the clipboard shifted by `(dx, dy)` cells, with fresh labels where taken, and
    /// selects the copies.
    pub fn paste(&mut self, dx: i32, dy: i32) {
        if self.clipboard.nodes.is_empty() {
            return;
        }
        let clip = self.clipboard.clone();
        let level = self.level_prefix();
        let pasted = self.edit(|c| {
            let mut ids = Vec::with_capacity(clip.nodes.len());
            for node in &clip.nodes {
                let mut node = node.clone();
                node.label = unused_label(c, &format!("{level}{}", node.label));
                node.pos = node.pos.map(|p| Pos {
                    x: p.x + dx,
                    y: p.y + dy,
                });
                ids.push(c.add_node(node)?);
            }
            for &(from, to, input) in &clip.wires {
                c.connect(ids[from], ids[to], input)?;
            }
            Ok(ids)
        });
        if let Some(ids) = pasted {
            self.selection = ids.into_iter().collect();
        }
    }

    /// Undo (Ctrl+Z).
    pub fn undo(&mut self) {
        if self.doc.undo() {
            self.after_change();
        }
    }

    /// Redo (Ctrl+Shift+Z, Ctrl+Y).
    pub fn redo(&mut self) {
        if self.doc.redo() {
            self.after_change();
        }
    }

    /// The document, for tests and saving.
    pub fn document(&self) -> &Document {
        &self.doc.document
    }

    /// Selects node `id` and shows it: opens the level holding it (a node inside instances
    /// is shown inside them) and asks the canvas to centre it (the trace's and the queue's
    /// rows do this when clicked).
    pub fn show_node(&mut self, id: NodeId) {
        let Some(label) = self.circuit().node(id).map(|n| n.label.clone()) else {
            return;
        };
        let path: Vec<String> = match label.rsplit_once('/') {
            Some((instances, _)) => instances.split('/').map(str::to_owned).collect(),
            None => Vec::new(),
        };
        if path != self.level
            && (path.is_empty() || self.doc.document.design.part_at(&path).is_some())
        {
            self.level = path;
            self.selected_instance = None;
        }
        self.selection = BTreeSet::from([id]);
        self.centre = Some(id);
    }

    // ----- simulation -----

    /// A click on a node: toggles a switch (refused with a notice while the canvas replays a
    /// past moment).
    pub fn toggle(&mut self, id: NodeId) {
        if self.refuse_while_replaying() {
            return;
        }
        self.sim.toggle(&self.doc.document.circuit, id);
    }

    /// Sets a switch to `value` (the way to set 0).
    pub fn set_value(&mut self, id: NodeId, value: Trit) {
        if self.refuse_while_replaying() {
            return;
        }
        self.sim.set(&self.doc.document.circuit, id, value);
    }

    /// Presses or releases a button.
    pub fn press(&mut self, id: NodeId, pressed: bool) {
        if self.refuse_while_replaying() {
            return;
        }
        self.sim.press(&self.doc.document.circuit, id, pressed);
    }

    /// Whether the canvas replays a past moment (read-only), saying so if it does.
    fn refuse_while_replaying(&mut self) -> bool {
        let Some(at) = self.sim.replay() else {
            return false;
        };
        self.error(format!(
            "the canvas shows step {} (read-only): untick Show on canvas to change inputs",
            at.step
        ));
        true
    }

    // ----- buses -----

    /// The bus node `id` is a bit of, if any.
    pub fn bus_of(&self, id: NodeId) -> Option<&Bus> {
        self.circuit().bus_of(id).map(|(bus, _)| bus)
    }

    /// The bus the selection is, if all of it is one bus's bits: its name.
    pub fn selected_bus(&self) -> Option<String> {
        let first = *self.selection.iter().next()?;
        let bus = self.bus_of(first)?;
        self.selection
            .iter()
            .all(|id| bus.bits.contains(id))
            .then(|| bus.name.clone())
    }

    /// The radix bus `name` is shown in: the one chosen in this session, else the bus's own
    /// (its file's `radix`, else hexadecimal).
    pub fn bus_radix(&self, name: &str) -> Radix {
        self.radixes
            .get(name)
            .copied()
            .or_else(|| self.circuit().bus(name).map(|b| b.radix))
            .unwrap_or_default()
    }

    /// The value of bus `name` written in its radix ([`bus_radix`](Self::bus_radix)), e.g.
    /// `162`, `0xA2` or `0b10x1` with an unknown bit.
    pub fn bus_text(&self, name: &str) -> Option<String> {
        let bus = self.circuit().bus(name)?;
        Some(number::format(
            &self.sim.values(&bus.bits),
            self.bus_radix(name),
        ))
    }

    /// Shows bus `name` in `radix` from now on, on the canvas and in the inspector: a view
    /// setting, not an edit (no undo step, the document does not count as changed). It is
    /// also written into the document — the circuit's bus and, for a bus of the top level,
    /// its node's `radix` as the file writes it — so that saving the file keeps it.
    pub fn set_bus_radix(&mut self, name: &str, radix: Radix) {
        self.radixes.insert(name.to_owned(), radix);
        let doc = &mut self.doc.document;
        if let Some((nodes, _)) = &mut doc.design.bus_level
            && let Some(node) = nodes.iter_mut().find(|n| n.label == name)
        {
            node.radix = Some(radix);
        }
        if doc.circuit.bus(name).is_some_and(|b| b.radix != radix) {
            let decls: Vec<sim_core::bus::BusDecl> = doc
                .circuit
                .buses()
                .iter()
                .map(|b| sim_core::bus::BusDecl {
                    label: b.name.clone(),
                    width: u8::try_from(b.width()).unwrap_or(u8::MAX),
                    radix: Some(if b.name == name { radix } else { b.radix }),
                })
                .collect();
            doc.circuit.set_buses(&decls);
        }
    }

    /// Sets the switches (or buttons) of bus `name` to the number `text`, in any radix
    /// (`107`, `0x6B`, `0b0110_1011`, `-21`, `0t1T0`; see [`sim_core::number`]), all bits in
    /// one batch — as one click sets one switch: in Run mode the circuit settles, in Step mode
    /// each bit's change waits in the queue.
    ///
    /// # Errors
    /// Why the number is refused, as [`number::parse`] says it (a malformed literal, or one
    /// wider than the bus, naming both), or why the bus cannot be set; nothing changes then.
    pub fn set_bus_number(&mut self, name: &str, text: &str) -> Result<(), String> {
        let bus = self
            .circuit()
            .bus(name)
            .ok_or_else(|| format!("no bus named `{name}`"))?;
        let value = number::parse(text, bus.width()).map_err(|e| e.to_string())?;
        let batch = bus.assign(&value);
        self.sim.set_many(&self.doc.document.circuit, &batch)
    }

    /// Toggles bit `bit` of bus `name` (0: the least significant) as a click toggles a
    /// switch: −1 → +1, anything else → −1.
    pub fn toggle_bus_bit(&mut self, name: &str, bit: usize) {
        if let Some(&id) = self.circuit().bus(name).and_then(|b| b.bits.get(bit)) {
            self.toggle(id);
        }
    }
}

/// `label` if free, else `label_2`, `label_3`, …
fn unused_label(c: &Circuit, label: &str) -> String {
    if c.find(label).is_none() {
        return label.to_owned();
    }
    (2..=c.node_count() + 2)
        .map(|n| format!("{label}_{n}"))
        .find(|l| c.find(l).is_none())
        .unwrap_or_else(|| label.to_owned())
}

/// The prefix of fresh labels for `kind`.
fn label_prefix(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Constant(_) => "K",
        NodeKind::Switch => "SW",
        NodeKind::Button => "BTN",
        NodeKind::Clock { .. } => "CLK",
        NodeKind::Buf => "BUF",
        NodeKind::Not => "NOT",
        NodeKind::And(_) => "AND",
        NodeKind::Or(_) => "OR",
        NodeKind::Nand(_) => "NAND",
        NodeKind::Nor(_) => "NOR",
        NodeKind::Xor(_) => "XOR",
        NodeKind::Xnor(_) => "XNOR",
        NodeKind::Dff => "DFF",
        NodeKind::Dffe => "DFFE",
        NodeKind::Lamp => "LAMP",
        NodeKind::Probe => "PROBE",
        NodeKind::HexDisplay => "HEX",
        NodeKind::SevenSegment => "SEG",
        NodeKind::Split(_) => "SPLIT",
        NodeKind::Merge(_) => "MERGE",
        NodeKind::Table(_) => "TBL",
        NodeKind::Rom { .. } => "ROM",
        NodeKind::Ram { .. } => "RAM",
    }
}
