//! Editing the top level of a document that uses buses (see [`sim_core::bus`]): the level as
//! its file writes it (`Design::bus_level`: bus nodes, splitters, mergers and bus wires) is
//! the truth, and every structural edit — placing, moving, wiring, renaming, deleting — is
//! applied to it by [`CircuitPageState::edit_bus_level`], which then rebuilds the document's circuit
//! exactly as loading does ([`sim_core::format::rebuild`]) and keeps every surviving node
//! (matched by label, so a switch keeps its value, each bit of a bus too).
//!
//! Placing a node wider than one trit (or a splitter) into a document without buses first
//! converts it: its top level's nodes and wires become its bus level, and from then on it
//! is a document with buses, saved as format version 3.

use std::collections::{BTreeSet, HashMap};

use sim_core::bus::BusDecl;
use sim_core::desc::{SplitOutput, WireEnd};
use sim_core::format::Document;
use sim_core::hierarchy::Design;
use sim_core::{Circuit, CircuitError, Node, NodeId, NodeKind, Pos, Trit, WireDesc};

use super::CircuitPageState;
use super::edit_error::CircuitEditError;
use super::ends::End;

impl CircuitPageState {
    /// Whether the open level's structural edits go to its description as the file writes
    /// it: it is the top level of a document that uses buses.
    pub fn edits_bus_level(&self) -> bool {
        self.level.is_empty() && self.doc.document.design.uses_buses()
    }

    /// Applies `edit` to the top level as its file writes it (its nodes and wires) as one
    /// undoable step: rebuilds the circuit from the design as loading does, keeping every
    /// node whose label survives (its id, so its value and the selection), and the
    /// simulation. If `edit` or the rebuild fails (a wire joining different widths, a
    /// malformed end, …) the document is restored and the error shown.
    pub fn edit_bus_level<T>(
        &mut self,
        edit: impl FnOnce(&mut Vec<Node>, &mut Vec<WireDesc>) -> Result<T, CircuitEditError>,
    ) -> Option<T> {
        self.edit_bus_level_renaming(None, edit)
    }

    /// [`edit_bus_level`](Self::edit_bus_level) for an edit that renames written node `old`
    /// to `new` (`renamed`): the flat nodes of `old` (the node, or a bus's bits `old[k]`) are
    /// renamed first, so that the rebuild keeps them — and with them their values, the
    /// selection and the waveform record.
    fn edit_bus_level_renaming<T>(
        &mut self,
        renamed: Option<(&str, &str)>,
        edit: impl FnOnce(&mut Vec<Node>, &mut Vec<WireDesc>) -> Result<T, CircuitEditError>,
    ) -> Option<T> {
        if !self.level.is_empty() {
            self.error("only the top level of a circuit with buses is edited here");
            return None;
        }
        let before = self.doc.document.clone();
        if let Some((old, new)) = renamed {
            rename_flat(&mut self.doc.document.circuit, old, new);
        }
        let result = rebuild_edited(&mut self.doc.document, edit);
        self.commit_edit(before, result)
    }

    /// Applies `edit` to the design of a document whose top level is edited as written (its
    /// parts and top-level instances), then rebuilds as loading does; one undoable step. A
    /// document without buses is converted first, as placing a bus converts it.
    pub(super) fn edit_bus_design<T>(
        &mut self,
        edit: impl FnOnce(&mut Design) -> Result<T, CircuitEditError>,
    ) -> Option<T> {
        if !self.level.is_empty() {
            self.error("parts with bus pins are placed at the top level");
            return None;
        }
        let before = self.doc.document.clone();
        let doc = &mut self.doc.document;
        let result = edit(&mut doc.design).and_then(|value| rebuild_edited(doc, |_, _| Ok(value)));
        self.commit_edit(before, result)
    }

    /// The node of the top level as written that flat node `id` is (or is a bit of): a bus's
    /// name, else the node's label. `None` inside an instance.
    pub fn written_label(&self, id: NodeId) -> Option<String> {
        let c = self.circuit();
        let label = match c.bus_of(id) {
            Some((bus, _)) => bus.name.clone(),
            None => c.node(id)?.label.clone(),
        };
        (!label.contains('/')).then_some(label)
    }

    /// The flat nodes of written node `label`: a bus's bits, or the node (none for a
    /// splitter or merger).
    pub fn written_bits(&self, label: &str) -> Vec<NodeId> {
        let c = self.circuit();
        c.bus(label)
            .map(|b| b.bits.clone())
            .or_else(|| c.find(label).map(|id| vec![id]))
            .unwrap_or_default()
    }

    /// The written labels of the selection (buses once) and the selected splitter or merger.
    fn selected_written(&self) -> BTreeSet<String> {
        self.selection
            .iter()
            .filter_map(|&id| self.written_label(id))
            .chain(self.selected_wiring.clone())
            .collect()
    }

    /// Places a node of `kind`, `width` trits wide (1..=64; a splitter or merger takes its
    /// width from its ranges), at `pos` with a fresh label and selects it; returns the label.
    /// A node of width 1 in a document without buses is placed as [`CircuitPageState::place`] does;
    /// anything wider, a splitter or a tunnel (named by its label until
    /// [`CircuitPageState::name_tunnel`] names it) converts the document to one with buses first.
    pub fn place_node(&mut self, kind: NodeKind, width: u8, pos: Pos) -> Option<String> {
        let wiring = kind.is_wiring();
        // Table gates are one trit wide; a clock, an LED matrix as wide as its kind says.
        let width = match kind {
            NodeKind::Table(_) => 1,
            _ => kind
                .fixed_width()
                .and_then(|w| u8::try_from(w).ok())
                .unwrap_or(width),
        };
        if !wiring && width <= 1 && !self.edits_bus_level() {
            let id = self.place(kind, pos)?;
            return self.circuit().node(id).map(|n| n.label.clone());
        }
        if !self.level.is_empty() {
            self.error(
                "buses, splitters and tunnels are placed at the top level (the parts of a \
                 circuit with buses are edited in its file for now)",
            );
            return None;
        }
        let label = self.fresh_label(kind);
        let mut node = Node {
            pos: Some(pos),
            ..Node::new(label.clone(), kind)
        };
        // A splitter or merger is as wide as its ranges; a tunnel as the palette's width.
        if !matches!(kind, NodeKind::Split(_) | NodeKind::Merge(_)) {
            node = node.wide(width.max(1));
        }
        self.edit_bus_level(|nodes, _| {
            nodes.push(node);
            Ok(())
        })?;
        self.selection = self.written_bits(&label).into_iter().collect();
        self.selected_instance = None;
        self.selected_wiring = wiring.then(|| label.clone());
        Some(label)
    }

    /// Changes display `id` (a node, or any bit of a bus) to `kind` — a decimal display's
    /// mode, an LED matrix's rows and columns — as one undoable edit: a kind that fixes its
    /// width (an LED matrix) resizes the node, as written, which converts a document without
    /// buses as placing a bus does. Whether it changed; a resize the wires refuse (a width
    /// mismatch) is undone and its reason shown.
    pub fn set_display_kind(&mut self, id: NodeId, kind: NodeKind) -> bool {
        let width = kind.fixed_width().and_then(|w| u8::try_from(w).ok());
        if !self.edits_bus_level() && width.is_none_or(|w| w == 1) {
            return self.set_kind(id, kind);
        }
        let Some(label) = self.written_label(id) else {
            return false;
        };
        self.edit_bus_level(|nodes, _| {
            let node = nodes
                .iter_mut()
                .find(|n| n.label == label)
                .ok_or_else(|| CircuitEditError::from(format!("no node `{label}` here")))?;
            node.kind = kind;
            node.width = width.unwrap_or(node.width);
            Ok(())
        })
        .is_some()
    }

    /// Moves written nodes `labels` (buses, splitters, mergers) by `(dx, dy)` cells.
    pub fn move_written(&mut self, labels: &BTreeSet<String>, dx: i32, dy: i32) {
        if (dx, dy) == (0, 0) || labels.is_empty() {
            return;
        }
        self.edit_bus_level(|nodes, _| {
            for n in nodes.iter_mut().filter(|n| labels.contains(&n.label)) {
                let p = n.pos.unwrap_or(Pos { x: 0, y: 0 });
                n.pos = Some(Pos {
                    x: p.x + dx,
                    y: p.y + dy,
                });
            }
            Ok(())
        });
    }

    /// Turns or mirrors the written nodes `labels` (buses, splitters, mergers, …) of the bus
    /// level, as one undoable step. Returns whether it did.
    pub fn reorient_written(&mut self, labels: &BTreeSet<String>, how: super::Reorient) -> bool {
        if labels.is_empty() {
            return false;
        }
        self.edit_bus_level(|nodes, _| {
            for n in nodes.iter_mut().filter(|n| labels.contains(&n.label)) {
                how.node(n);
            }
            Ok(())
        })
        .is_some()
    }

    /// [`CircuitPageState::move_nodes`] on the bus level: the written nodes of `ids`, and the
    /// selected splitter or merger.
    pub(super) fn move_written_nodes(&mut self, ids: &[NodeId], dx: i32, dy: i32) {
        let labels: BTreeSet<String> = ids
            .iter()
            .filter_map(|&id| self.written_label(id))
            .chain(self.selected_wiring.clone())
            .collect();
        self.move_written(&labels, dx, dy);
    }

    /// Wires written end `from` (`A`, `SP.1`, `U1.y`) to input `input` of `to` (`Y`, `M`,
    /// `U1.a`) on the bus level; a second driver or a width mismatch is refused with why.
    pub fn connect_written(&mut self, from: &str, to: &str, input: u8) -> bool {
        self.edit_bus_level(|_, wires| {
            if let Some(old) = wires.iter().find(|w| w.to == to && w.input == input) {
                return Err(format!(
                    "`{to}` already has a driver (`{}`): disconnect it first",
                    old.from
                )
                .into());
            }
            wires.push(WireDesc::new(from, to, input));
            Ok(())
        })
        .is_some()
    }

    /// Removes the written wire into input `input` of `to`, if any.
    pub fn disconnect_written(&mut self, to: &str, input: u8) {
        let wired = self
            .written_level()
            .is_some_and(|(_, wires)| wires.iter().any(|w| w.to == to && w.input == input));
        if wired {
            self.edit_bus_level(|_, wires| {
                wires.retain(|w| !(w.to == to && w.input == input));
                Ok(())
            });
        }
    }

    /// [`CircuitPageState::delete_selection`] on the bus level: the selected nodes (a bus whole), the
    /// selected splitter or merger and every wire touching them; test assignments of the
    /// deleted nodes go too. Returns how many test assignments went.
    pub(super) fn delete_written(&mut self) -> Option<usize> {
        let doomed = self.selected_written();
        if doomed.is_empty() {
            return None;
        }
        let node_of = |end: &str| WireEnd::owner(end).to_owned();
        self.edit_bus_level(|nodes, wires| {
            nodes.retain(|n| !doomed.contains(&n.label));
            wires.retain(|w| !doomed.contains(&node_of(&w.from)) && !doomed.contains(&w.to));
            Ok(())
        })?;
        self.selection.clear();
        self.selected_wiring = None;
        let gone = |l: &str| {
            let base = l.split('[').next().unwrap_or(l);
            doomed.contains(base)
        };
        let dropped = self.drop_test_assignments(gone);
        Some(dropped)
    }

    /// Renames written node `old` of the bus level to `new`: its wires (and a splitter's
    /// outputs `old.k`) and the tests follow. A taken or malformed label is refused.
    pub fn rename_written(&mut self, old: &str, new: &str) -> bool {
        if old == new {
            return true;
        }
        if self
            .written_level()
            .is_some_and(|(nodes, _)| nodes.iter().any(|n| n.label == new))
            || self.level_instances().iter().any(|i| i.label == new)
        {
            self.error(format!("`{new}` is already used on this level"));
            return false;
        }
        let follow = |end: &mut String| {
            if end == old {
                new.clone_into(end);
            } else if let Some(out) = SplitOutput::parse_with(end, |l| l == old) {
                let renamed = SplitOutput {
                    splitter: new,
                    ..out
                }
                .to_string();
                *end = renamed;
            }
        };
        let renamed = self.edit_bus_level_renaming(Some((old, new)), |nodes, wires| {
            for n in nodes.iter_mut().filter(|n| n.label == old) {
                new.clone_into(&mut n.label);
            }
            for w in wires.iter_mut() {
                follow(&mut w.from);
                follow(&mut w.to);
            }
            Ok(())
        });
        if renamed.is_none() {
            return false;
        }
        if self.selected_wiring.as_deref() == Some(old) {
            self.selected_wiring = Some(new.to_owned());
        }
        self.relabel_tests(|l| {
            if l == old {
                return Some(new.to_owned());
            }
            let bit = l.strip_prefix(old)?.strip_prefix('[')?;
            Some(format!("{new}[{bit}"))
        });
        true
    }

    /// Sets the power-on value of written flip-flop `label` (`None`: unknown; a bus
    /// flip-flop's bits all start at it), as one undoable edit. The rebuild refuses it on a
    /// node that is no flip-flop, naming it. Whether it was set.
    pub fn set_written_init(&mut self, label: &str, init: Option<Trit>) -> bool {
        self.edit_bus_level(|nodes, _| {
            let node = nodes
                .iter_mut()
                .find(|n| n.label == label)
                .ok_or_else(|| format!("no node `{label}` on this level"))?;
            node.init = init;
            Ok(())
        })
        .is_some()
    }

    /// The selected tunnel of the open level (as written), if a tunnel is selected.
    pub fn selected_tunnel(&self) -> Option<Node> {
        let label = self.selected_wiring.as_deref()?;
        let (nodes, _) = self.written_level()?;
        nodes
            .iter()
            .find(|n| n.label == label && n.kind == NodeKind::Tunnel)
            .cloned()
    }

    /// Names tunnel `label` of the bus level `name`: it joins the net of every tunnel of that
    /// name (see [`sim_core::tunnel`]). An empty name, or a node that is no tunnel, is refused
    /// with why; a name that gives the net two drivers is refused by the rebuild.
    pub fn name_tunnel(&mut self, label: &str, name: &str) -> bool {
        let name = name.trim();
        if name.is_empty() {
            self.error("a tunnel needs a name");
            return false;
        }
        self.edit_bus_level(|nodes, _| {
            let tunnel = nodes
                .iter_mut()
                .find(|n| n.label == label && n.kind == NodeKind::Tunnel)
                .ok_or_else(|| format!("no tunnel `{label}` here"))?;
            tunnel.net = (name != label).then(|| name.to_owned());
            Ok(())
        })
        .is_some()
    }

    /// A wire end of the canvas (a flat node's or a pin) as the bus level writes it.
    pub(super) fn written_end(&self, end: &End) -> String {
        match end {
            End::Node(label) => self
                .circuit()
                .find(label)
                .and_then(|id| self.written_label(id))
                .unwrap_or_else(|| label.clone()),
            End::Pin { .. } => end.to_text(),
        }
    }
}

/// Applies `edit` to `doc`'s bus level (made from its top level first if it has none) and
/// rebuilds its circuit, keeping the nodes that survive ([`adopt`]).
pub(super) fn rebuild_edited<T>(
    doc: &mut Document,
    edit: impl FnOnce(&mut Vec<Node>, &mut Vec<WireDesc>) -> Result<T, CircuitEditError>,
) -> Result<T, CircuitEditError> {
    if doc.design.bus_level.is_none() {
        doc.design.bus_level = Some(top_level(doc));
    }
    let (nodes, wires) = doc
        .design
        .bus_level
        .as_mut()
        .ok_or_else(|| CircuitEditError::from("this circuit has no bus level"))?;
    let value = edit(nodes, wires)?;
    let old = doc.circuit.clone();
    sim_core::format::rebuild(doc)?;
    let new = std::mem::replace(&mut doc.circuit, old);
    adopt(&mut doc.circuit, &new)?;
    Ok(value)
}

/// Renames the flat nodes of written node `old` — the node itself, or a bus's bits `old[k]`
/// ([`sim_core::literal::bit_label`]) — to `new`'s. A node that cannot take its new label is
/// left as it is: the rebuild then makes it anew, as any edit would.
fn rename_flat(circuit: &mut Circuit, old: &str, new: &str) {
    let renames: Vec<(NodeId, String)> = circuit
        .nodes()
        .filter_map(|(id, n)| {
            let rest = n.label.strip_prefix(old)?;
            let is_bit = rest
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()));
            (rest.is_empty() || is_bit).then(|| (id, format!("{new}{rest}")))
        })
        .collect();
    for (id, label) in renames {
        let _kept_or_made_anew = circuit.rename(id, label);
    }
}

/// The top level of `doc` as a file writes it, read from its circuit: its own nodes (no `/`
/// in their labels), the wires among them and its wires to instance pins.
fn top_level(doc: &Document) -> (Vec<Node>, Vec<WireDesc>) {
    let desc = doc.circuit.to_desc();
    let top = |label: &str| !label.contains('/');
    let nodes = desc.nodes.into_iter().filter(|n| top(&n.label)).collect();
    let wires = desc
        .wires
        .into_iter()
        .filter(|w| top(&w.from) && top(&w.to))
        .chain(doc.design.pin_wires.iter().cloned())
        .collect();
    (nodes, wires)
}

/// Makes `circuit` equal to `new` (a valid circuit) while keeping the id of every node whose
/// label and kind survive (taking `new`'s position, orientation and power-on value), so that
/// the engine keeps its value and the selection stays: new nodes are added before the gone
/// ones are removed (a new node never takes a gone one's slot and value), every wire is
/// replaced, the buses are `new`'s.
fn adopt(circuit: &mut Circuit, new: &Circuit) -> Result<(), CircuitError> {
    let same = |n: &Node| new.find(&n.label).is_some_and(|k| new[k].kind == n.kind);
    let (kept, gone): (Vec<NodeId>, Vec<NodeId>) = circuit
        .nodes()
        .map(|(id, _)| id)
        .partition(|&id| same(&circuit[id]));
    let wires: Vec<_> = circuit.wires().map(|(w, _)| w).collect();
    for w in wires {
        circuit.disconnect(w);
    }
    // A node whose kind changed gives its label up first.
    let (relabelled, gone): (Vec<NodeId>, Vec<NodeId>) = gone
        .into_iter()
        .partition(|&id| new.find(&circuit[id].label).is_some());
    for id in relabelled {
        circuit.remove_node(id);
    }
    let kept: HashMap<String, NodeId> = kept
        .into_iter()
        .map(|id| (circuit[id].label.clone(), id))
        .collect();
    let mut ids: HashMap<NodeId, NodeId> = HashMap::new();
    for (k, n) in new.nodes() {
        let id = match kept.get(&n.label) {
            Some(&id) => {
                circuit.set_pos(id, n.pos);
                circuit.set_orientation(id, n.orientation());
                circuit.set_init(id, n.init)?;
                id
            }
            None => circuit.add_node(n.clone())?,
        };
        ids.insert(k, id);
    }
    for id in gone {
        circuit.remove_node(id);
    }
    for (_, w) in new.wires() {
        if let (Some(&from), Some(&to)) = (ids.get(&w.from), ids.get(&w.to)) {
            circuit.connect(from, to, w.input)?;
        }
    }
    let decls: Vec<BusDecl> = new
        .buses()
        .iter()
        .map(|b| BusDecl {
            label: b.name.clone(),
            width: u8::try_from(b.width()).unwrap_or(u8::MAX),
            radix: Some(b.radix),
        })
        .collect();
    circuit.set_buses(&decls);
    circuit.set_memories(new.memories().to_vec());
    Ok(())
}
