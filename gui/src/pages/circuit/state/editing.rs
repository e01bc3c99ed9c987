//! Editing: every change to the circuit as one undoable step (rebuilding the simulation
//! after it), placing, moving, turning and mirroring, connecting, deleting, renaming, copy and
//! paste, undo and redo.

use std::collections::{BTreeMap, BTreeSet};

use sim_core::desc::InstanceDesc;
use sim_core::format::Document;
use sim_core::{Circuit, CircuitError, Node, NodeId, NodeKind, Orientation, Pos, Trit};

use super::edit_error::CircuitEditError;
use super::{CircuitPageState, Clipboard};
use crate::pages::circuit::geometry::{self, Footprint};
use crate::pages::circuit::picture;

/// How far [`CircuitPageState::clear_offset`] looks for a free spot, in cells each way.
const PUSH_REACH: i32 = 32;

/// A turn or mirror of a drawn part (a node, a block, a splitter), about its own centre:
/// R, Shift+R and M on the canvas. The part's pins go with it and its wires stay attached
/// (they are routed from the pins); the simulation is not affected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reorient {
    /// A quarter turn clockwise (R).
    Clockwise,
    /// A quarter turn counter-clockwise (Shift+R).
    CounterClockwise,
    /// Mirrored top to bottom in the part's own frame (M): a gate's inputs swap ends.
    Flip,
}

impl Reorient {
    /// The orientation `o` becomes.
    fn apply(self, o: Orientation) -> Orientation {
        match self {
            Reorient::Clockwise => o.turned(1),
            Reorient::CounterClockwise => o.turned(-1),
            Reorient::Flip => o.flipped(),
        }
    }

    /// Where the top-left corner `pos` of a part of `cells` (as turned now) goes: a quarter
    /// turn keeps the part's centre within half a cell
    /// ([`quarter_turn_corner`](geometry::quarter_turn_corner)); a mirror keeps its box.
    fn corner(self, pos: Pos, cells: (i32, i32)) -> Pos {
        match self {
            Reorient::Clockwise | Reorient::CounterClockwise => {
                geometry::quarter_turn_corner(pos, cells)
            }
            Reorient::Flip => pos,
        }
    }

    /// Turns or mirrors `node` in place.
    pub(super) fn node(self, node: &mut Node) {
        node.pos = node
            .pos
            .map(|p| self.corner(p, geometry::turned_cells(node)));
        node.set_orientation(self.apply(node.orientation()));
    }

    /// Turns or mirrors the block `inst`, whose box is `cells` unturned, in place.
    fn instance(self, inst: &mut InstanceDesc, cells: (i32, i32)) {
        let turned = geometry::turned_whole(inst.orientation(), cells);
        inst.pos = inst.pos.map(|p| self.corner(p, turned));
        inst.set_orientation(self.apply(inst.orientation()));
    }
}

impl CircuitPageState {
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
    pub(super) fn commit_edit<T>(
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
        if self
            .selected_note
            .is_some_and(|i| i >= self.level_notes().len())
        {
            self.selected_note = None;
        }
        // The analyses described the circuit before the edit: their verdicts and marks go.
        self.clear_analysis();
        let circuit = &self.doc.document.circuit;
        self.sim.rebuild(circuit);
        self.waves.refresh(circuit);
        self.memories
            .retain(|label| circuit.memory(label).is_some());
    }

    /// Places a new node of `kind` at `pos` with a fresh label (`AND1`, `SW2`, …) and selects
    /// it. A node dropped onto (or flush against) another is pushed to the nearest free spot,
    /// as in Logisim and Digital ([`clear_offset`](Self::clear_offset)).
    pub fn place(&mut self, kind: NodeKind, pos: Pos) -> Option<NodeId> {
        let label = self.fresh_label(kind);
        let mut node = Node {
            pos: Some(pos),
            ..Node::new(label, kind)
        };
        let local = self.on_level(&node.label).unwrap_or(&node.label);
        let at = picture::node_footprint(&node, local, 1, geometry::Vector::ZERO);
        let (dx, dy) = self.clear_offset(&[at], &BTreeSet::new());
        node.pos = Some(Pos {
            x: pos.x + dx,
            y: pos.y + dy,
        });
        let id = self.edit(|c| c.add_node(node))?;
        self.selection = BTreeSet::from([id]);
        Some(id)
    }

    /// A label not used yet on the open level (the full path is returned: `AND3` at the top,
    /// `U1/AND3` inside instance `U1`), from the kind's prefix and the first free number.
    pub fn fresh_label(&self, kind: NodeKind) -> String {
        let prefix = crate::pages::circuit::kinds::label_prefix(kind);
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
        // At most this many labels are taken (the written level's splitters and tunnels are
        // not in the circuit), so one of the first this many + 1 is free.
        let written = self.written_level().map_or(0, |(nodes, _)| nodes.len());
        let free = (1..=self.circuit().node_count() + pins.len() + written + 1)
            .map(|n| format!("{prefix}{n}"))
            .find(|l| !taken(l))
            .unwrap_or_else(|| prefix.to_owned());
        format!("{level}{free}")
    }

    /// Moves nodes by `(dx, dy)` grid cells, as one undoable step. Nodes moved onto (or
    /// flush against) others are pushed on to the nearest free spot, together.
    pub fn move_nodes(&mut self, ids: &[NodeId], dx: i32, dy: i32) {
        if (dx, dy) == (0, 0) || ids.is_empty() {
            return;
        }
        if self.edits_bus_level() {
            self.move_written_nodes(ids, dx, dy);
            return;
        }
        let moving: BTreeSet<NodeId> = ids.iter().copied().collect();
        let shift = geometry::vector(dx as f32, dy as f32);
        let c = self.circuit();
        let moved: Vec<Footprint> =
            picture::node_footprints(self, ids.iter().filter_map(|&id| Some((id, c.node(id)?))))
                .into_iter()
                .map(|f| f.translate(shift))
                .collect();
        let (ex, ey) = self.clear_offset(&moved, &moving);
        let (dx, dy) = (dx + ex, dy + ey);
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

    /// The smallest offset in whole cells (nearest first, then top to bottom, left to right)
    /// that leaves every part of `parts` (as drawn after its turn) clear of the open level's
    /// other nodes (all but `moving`), blocks and pins ([`Footprint::crowds`]: the sides
    /// that hold pins, captions included, keep others [`PIN_ROOM`](geometry::PIN_ROOM)
    /// cells away, the other sides [`PART_GAP`](geometry::PART_GAP)), so no two outlines
    /// touch and every pin's wires fit; `(0, 0)` if they are clear already or no spot within
    /// 32 cells (`PUSH_REACH`) is.
    pub fn clear_offset(&self, parts: &[Footprint], moving: &BTreeSet<NodeId>) -> (i32, i32) {
        let fixed = picture::level_footprints(self, moving);
        let clear = |(dx, dy): (i32, i32)| {
            let by = geometry::vector(dx as f32, dy as f32);
            parts.iter().all(|p| {
                let p = p.translate(by);
                !fixed.iter().any(|f| p.crowds(f))
            })
        };
        let mut offsets: Vec<(i32, i32)> = (-PUSH_REACH..=PUSH_REACH)
            .flat_map(|dy| (-PUSH_REACH..=PUSH_REACH).map(move |dx| (dx, dy)))
            .collect();
        offsets.sort_by_key(|&(dx, dy)| (dx.abs() + dy.abs(), dy, dx));
        offsets.into_iter().find(|&o| clear(o)).unwrap_or((0, 0))
    }

    /// Turns or mirrors nodes `ids`, each about its own centre ([`Reorient`]), as one
    /// undoable step: in place, so that four quarter turns give the part back where it was,
    /// unless the turn brings a pin, the part or its caption too close to a neighbour it was
    /// clear of ([`Footprint::crowds`]) — then the turned parts are pushed clear together, as
    /// a placed or moved part is ([`clear_offset`](Self::clear_offset)). On a level with
    /// buses, the written nodes they are (and the selected splitter or merger). Returns
    /// whether it did.
    pub fn reorient_nodes(&mut self, ids: &[NodeId], how: Reorient) -> bool {
        if self.edits_bus_level() {
            let labels: BTreeSet<String> = ids
                .iter()
                .filter_map(|&id| self.written_label(id))
                .chain(self.selected_wiring.clone())
                .collect();
            return self.reorient_written(&labels, how);
        }
        let turned: Vec<(NodeId, Node)> = ids
            .iter()
            .filter_map(|&id| {
                let mut node = self.circuit().node(id)?.clone();
                how.node(&mut node);
                Some((id, node))
            })
            .collect();
        if turned.is_empty() {
            return false;
        }
        let moving: BTreeSet<NodeId> = ids.iter().copied().collect();
        let c = self.circuit();
        let before =
            picture::node_footprints(self, ids.iter().filter_map(|&id| Some((id, c.node(id)?))));
        let after = picture::node_footprints(self, turned.iter().map(|(id, n)| (*id, n)));
        let fixed = picture::level_footprints(self, &moving);
        let newly_crowds = fixed
            .iter()
            .any(|f| after.iter().any(|p| p.crowds(f)) && !before.iter().any(|p| p.crowds(f)));
        let (dx, dy) = if newly_crowds {
            self.clear_offset(&after, &moving)
        } else {
            (0, 0)
        };
        self.edit(|c| {
            for (id, node) in &turned {
                let pos = node.pos.map(|p| Pos {
                    x: p.x + dx,
                    y: p.y + dy,
                });
                c.set_pos(*id, pos);
                c.set_orientation(*id, node.orientation());
            }
            Ok(())
        })
        .is_some()
    }

    /// Turns or mirrors instance `label` of the open level about its block's centre
    /// ([`Reorient`]), as one undoable step. Returns whether it did.
    pub fn reorient_instance(&mut self, label: &str, how: Reorient) -> bool {
        self.edit_design(|design, _, level| {
            let missing = || CircuitEditError::from(format!("no instance `{label}`"));
            let of = design
                .level_instances_mut(level)
                .map_err(|e| e.to_string())?
                .iter()
                .find(|i| i.label == label)
                .map(|i| i.of.clone())
                .ok_or_else(missing)?;
            let (part, _) = design
                .part(&of)
                .ok_or_else(|| format!("no part named `{of}`"))?;
            let cells = geometry::block_size(part.input_pins().len(), part.output_pins().len());
            let inst = design
                .level_instances_mut(level)
                .map_err(|e| e.to_string())?
                .iter_mut()
                .find(|i| i.label == label)
                .ok_or_else(missing)?;
            how.instance(inst, cells);
            Ok(())
        })
        .is_some()
    }

    /// Turns or mirrors what is selected ([`Reorient`]): the selected nodes, else the
    /// selected block, else the selected splitter or merger. Returns whether it did.
    pub fn reorient_selection(&mut self, how: Reorient) -> bool {
        if !self.selection.is_empty() {
            let ids: Vec<NodeId> = self.selection.iter().copied().collect();
            return self.reorient_nodes(&ids, how);
        }
        if let Some(label) = self.selected_instance.clone() {
            return self.reorient_instance(&label, how);
        }
        if let Some(label) = self.selected_wiring.clone() {
            return self.reorient_written(&BTreeSet::from([label]), how);
        }
        false
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
        if self.delete_selected_note() {
            return;
        }
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

    /// Sets the power-on value of flip-flop `id` (`None`: unknown), as one undoable edit; it
    /// applies from the next power-on reset. On the top level of a document with buses it is
    /// set on the written node `id` is (a bus flip-flop: every bit's, as the file keeps one
    /// value for the bus). Whether it was set.
    pub fn set_init(&mut self, id: NodeId, init: Option<Trit>) -> bool {
        if self.edits_bus_level() {
            return self
                .written_label(id)
                .is_some_and(|label| self.set_written_init(&label, init));
        }
        self.edit(|c| c.set_init(id, init)).is_some()
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
