//! Subcircuits in the editor, plain Rust: the open *level* (the top level, or an instance
//! opened to look inside, named by its instance path with breadcrumbs back up), what a level
//! shows (its own nodes, its instances as blocks with pins, its part's pins, the wires that
//! reach pins), and the edits that change the hierarchy: placing, moving, wiring and deleting
//! instances, making a subcircuit from the selection, and edits inside an instance, which are
//! written back to its part's definition so that every instance of the part follows.
//!
//! The flat circuit (`Document::circuit`) is what the engine simulates and what the canvas
//! draws node by node; a node is *on* the level at path `P` when its label is `P/x` with no
//! further `/`. Everything else of a level lives in the document's
//! [`Design`](sim_core::hierarchy::Design), and every edit ends with `Design::sync`, which
//! rebuilds the instances (keeping node ids, so values and the selection survive).

use std::collections::{BTreeMap, BTreeSet};

use sim_core::format::Document;
use sim_core::hierarchy::{Design, InstanceDesc, PartDesc};
use sim_core::{Circuit, Node, NodeId, NodeKind, Pos, Trit, WireDesc};

use super::AppState;
use super::ends::{End, level_label, prefix};
use crate::geometry;

impl AppState {
    // ----- reading a level -----

    /// The flat-label prefix of the open level.
    pub fn level_prefix(&self) -> String {
        prefix(&self.level)
    }

    /// The part the open level shows (`None` at the top level).
    pub fn level_part(&self) -> Option<&PartDesc> {
        self.doc.document.design.part_at(&self.level)
    }

    /// `Some(why)` if the open level cannot be edited (it is a library part).
    pub fn level_read_only(&self) -> Option<String> {
        let part = self.level_part()?;
        let (_, origin) = self.doc.document.design.part(&part.name)?;
        origin.map(|file| {
            format!(
                "`{}` is a library part (from {file}): open that file to edit it",
                part.name
            )
        })
    }

    /// The open level's instances.
    pub fn level_instances(&self) -> &[InstanceDesc] {
        match self.level_part() {
            Some(part) => &part.instances,
            None => &self.doc.document.design.instances,
        }
    }

    /// The pin nodes of the open level's part (its switches and lamps), none at the top.
    pub fn level_pins(&self) -> Vec<Node> {
        self.level_part().map_or_else(Vec::new, |part| {
            part.nodes
                .iter()
                .filter(|n| part.is_pin(&n.label))
                .cloned()
                .collect()
        })
    }

    /// The open level's wires that reach a pin (of an instance, or of the part), as
    /// `(from, to, input)`.
    pub fn level_pin_wires(&self) -> Vec<(End, End, u8)> {
        let instances = self.level_instances();
        let (wires, part) = match self.level_part() {
            Some(part) => (&part.wires, Some(part)),
            None => (&self.doc.document.design.pin_wires, None),
        };
        wires
            .iter()
            .map(|w| {
                (
                    End::parse(&w.from, instances),
                    End::parse(&w.to, instances),
                    w.input,
                )
            })
            .filter(|(from, to, _)| {
                let pin = |e: &End| match e {
                    End::Pin { .. } => true,
                    End::Node(label) => part.is_some_and(|p| p.is_pin(label)),
                };
                pin(from) || pin(to)
            })
            .collect()
    }

    /// The label at the open level of flat node `label`, if the node is on this level.
    pub fn on_level<'a>(&self, label: &'a str) -> Option<&'a str> {
        level_label(&self.level_prefix(), label)
    }

    /// The instance of the open level that holds flat node `label` (deeper inside it, or
    /// one of its gates), if any.
    pub fn instance_holding<'a>(&self, label: &'a str) -> Option<&'a str> {
        let rest = label.strip_prefix(&self.level_prefix())?;
        rest.split_once('/').map(|(inst, _)| inst)
    }

    /// The flat node driving wire end `end` at level `path` (`None`: nothing drives it).
    pub fn driver(&self, path: &[String], end: &End) -> Option<NodeId> {
        self.driver_depth(path, end, 0)
    }

    fn driver_depth(&self, path: &[String], end: &End, depth: usize) -> Option<NodeId> {
        let design = &self.doc.document.design;
        if depth > 64 {
            return None;
        }
        match end {
            End::Pin { instance, pin } => {
                let mut inner = path.to_vec();
                inner.push(instance.clone());
                let part = design.part_at(&inner)?;
                // The wire into the part's output pin node.
                let wire = part.wires.iter().find(|w| w.to == *pin)?;
                let from = End::parse(&wire.from, &part.instances);
                self.driver_depth(&inner, &from, depth + 1)
            }
            End::Node(label) => {
                let part = design.part_at(path);
                if let Some(part) = part
                    && part.input_pins().contains(label)
                {
                    // An input pin: whatever drives the instance's pin one level up.
                    let (instance, outer) = path.split_last()?;
                    let outer_instances = match design.part_at(outer) {
                        Some(p) => &p.instances,
                        None => &design.instances,
                    };
                    let wires = match design.part_at(outer) {
                        Some(p) => &p.wires,
                        None => &design.pin_wires,
                    };
                    let target = format!("{instance}.{label}");
                    let wire = wires.iter().find(|w| w.to == target)?;
                    let from = End::parse(&wire.from, outer_instances);
                    return self.driver_depth(outer, &from, depth + 1);
                }
                self.circuit().find(&format!("{}{label}", prefix(path)))
            }
        }
    }

    /// The value on wire end `end` of the open level (unknown when nothing drives it).
    pub fn end_value(&self, end: &End) -> Trit {
        self.driver(&self.level, end)
            .map_or(Trit::Unknown, |id| self.sim.value(id))
    }

    /// The value a pin node of the open level's part shows: what drives it.
    pub fn pin_node_value(&self, label: &str) -> Trit {
        let Some(part) = self.level_part() else {
            return Trit::Unknown;
        };
        if part.input_pins().iter().any(|p| p == label) {
            return self.end_value(&End::Node(label.to_owned()));
        }
        part.wires
            .iter()
            .find(|w| w.to == label)
            .map_or(Trit::Unknown, |w| {
                self.end_value(&End::parse(&w.from, &part.instances))
            })
    }

    /// The pins of the open level's instance `label`: `(part, inputs, outputs)`.
    pub fn instance_pins(&self, label: &str) -> Option<(String, Vec<String>, Vec<String>)> {
        let inst = self.level_instances().iter().find(|i| i.label == label)?;
        let (part, _) = self.doc.document.design.part(&inst.of)?;
        Some((inst.of.clone(), part.input_pins(), part.output_pins()))
    }

    // ----- moving between levels -----

    /// Opens instance `label` of the open level (look inside it).
    pub fn open_instance(&mut self, label: &str) -> bool {
        let mut path = self.level.clone();
        path.push(label.to_owned());
        if self.doc.document.design.part_at(&path).is_none() {
            self.error(format!("no instance `{label}` here"));
            return false;
        }
        self.level = path;
        self.selection.clear();
        self.selected_instance = None;
        true
    }

    /// Goes back up to the first `depth` instances of the path (0: the top level).
    pub fn go_up(&mut self, depth: usize) {
        self.level.truncate(depth);
        self.selection.clear();
        self.selected_instance = None;
    }

    /// After undo, redo or a load: falls back to the deepest level that still exists.
    pub(super) fn fix_level(&mut self) {
        while !self.level.is_empty() && self.doc.document.design.part_at(&self.level).is_none() {
            self.level.pop();
        }
        if let Some(sel) = &self.selected_instance
            && !self.level_instances().iter().any(|i| i.label == *sel)
        {
            self.selected_instance = None;
        }
    }

    // ----- editing the hierarchy -----

    /// Applies `edit` to the document's design at the open level as one undoable step, then
    /// rebuilds the instances and the simulation. A failure restores everything and shows
    /// why. `edit` gets the design, the flat circuit and the open level's part name.
    pub fn edit_design<T>(
        &mut self,
        edit: impl FnOnce(&mut Design, &mut Circuit, Option<&str>) -> Result<T, String>,
    ) -> Option<T> {
        if let Some(why) = self.level_read_only() {
            self.error(why);
            return None;
        }
        let part = self.level_part().map(|p| p.name.clone());
        let before = self.doc.document.clone();
        let Document {
            design, circuit, ..
        } = &mut self.doc.document;
        let result = edit(design, circuit, part.as_deref()).and_then(|value| {
            design
                .sync(circuit)
                .map(|()| value)
                .map_err(|e| e.to_string())
        });
        self.commit_edit(before, result)
    }

    /// Writes the open level's nodes (edited in the flat circuit) back into its part's
    /// definition, or, at the top level, drops pin wires whose node is gone. `renamed` maps
    /// old labels to new ones at this level.
    pub(super) fn harvest_level(
        &mut self,
        renamed: &BTreeMap<String, String>,
    ) -> Result<(), String> {
        let path = self.level.clone();
        let prefix = prefix(&path);
        let Document {
            design, circuit, ..
        } = &mut self.doc.document;
        let follow = |end: &str| renamed.get(end).cloned().unwrap_or_else(|| end.to_owned());
        let Some(part_name) = design.part_at(&path).map(|p| p.name.clone()) else {
            // The top level: the circuit holds its nodes; pin wires follow renames and go
            // with their nodes.
            let instances = design.instances.clone();
            design.pin_wires.retain_mut(|w| {
                w.from = follow(&w.from);
                w.to = follow(&w.to);
                [&w.from, &w.to].into_iter().all(|end| {
                    matches!(End::parse(end, &instances), End::Pin { .. })
                        || circuit.find(end).is_some()
                })
            });
            return Ok(());
        };
        let part = design
            .subcircuits
            .iter_mut()
            .find(|p| p.name == part_name)
            .ok_or_else(|| format!("`{part_name}` is a library part: open its file to edit it"))?;
        let level: Vec<(NodeId, Node)> = circuit
            .nodes()
            .filter_map(|(id, n)| {
                let rest = n.label.strip_prefix(&prefix)?;
                (!rest.contains('/')).then(|| {
                    (
                        id,
                        Node {
                            label: rest.to_owned(),
                            ..n.clone()
                        },
                    )
                })
            })
            .collect();
        let on_level: BTreeSet<NodeId> = level.iter().map(|(id, _)| *id).collect();
        let pins: BTreeSet<String> = part
            .input_pins()
            .into_iter()
            .chain(part.output_pins())
            .collect();
        // The definition's order is kept: pins as they were, nodes updated (renamed nodes
        // in their old place), removed ones dropped, new ones at the end.
        let mut fresh: BTreeMap<&str, &Node> =
            level.iter().map(|(_, n)| (n.label.as_str(), n)).collect();
        let mut nodes: Vec<Node> = Vec::with_capacity(level.len() + pins.len());
        for n in &part.nodes {
            if pins.contains(&n.label) {
                nodes.push(n.clone());
            } else if let Some(now) = fresh.remove(follow(&n.label).as_str()) {
                nodes.push(now.clone());
            }
        }
        nodes.extend(
            level
                .iter()
                .filter(|(_, n)| fresh.contains_key(n.label.as_str()))
                .map(|(_, n)| n.clone()),
        );
        let instances = part.instances.clone();
        let level_labels: BTreeSet<&str> = nodes.iter().map(|n| n.label.as_str()).collect();
        // Wires among the level's own nodes come from the circuit; wires reaching a pin stay
        // in the definition (following renames, dropped with their nodes).
        let mut wires: Vec<WireDesc> = circuit
            .wires()
            .filter(|(_, w)| on_level.contains(&w.from) && on_level.contains(&w.to))
            .map(|(_, w)| {
                let label = |id: NodeId| circuit[id].label[prefix.len()..].to_owned();
                WireDesc::new(label(w.from), label(w.to), w.input)
            })
            .collect();
        for w in &part.wires {
            let (from, to) = (
                End::parse(&w.from, &instances),
                End::parse(&w.to, &instances),
            );
            let is_pin = |e: &End| match e {
                End::Pin { .. } => true,
                End::Node(l) => pins.contains(l),
            };
            if !is_pin(&from) && !is_pin(&to) {
                continue;
            }
            let keep = |end: &str| match End::parse(end, &instances) {
                End::Pin { .. } => Some(end.to_owned()),
                End::Node(l) => {
                    let l = follow(&l);
                    level_labels.contains(l.as_str()).then_some(l)
                }
            };
            if let (Some(from), Some(to)) = (keep(&w.from), keep(&w.to)) {
                wires.push(WireDesc::new(from, to, w.input));
            }
        }
        part.nodes = nodes;
        part.wires = wires;
        Ok(())
    }

    /// Places an instance of `part` at `pos` on the open level, labelled `U1`, `U2`, … (the
    /// first free), and selects it.
    pub fn place_instance(&mut self, part: &str, pos: Pos) -> Option<String> {
        let label = self.fresh_instance_label();
        let part = part.to_owned();
        let placed = self.edit_design(|design, _, level| {
            if design.part(&part).is_none() {
                return Err(format!("no part named `{part}`"));
            }
            if level == Some(part.as_str()) {
                return Err(format!("`{part}` cannot contain itself"));
            }
            level_instances_mut(design, level)?.push(InstanceDesc {
                label: label.clone(),
                of: part.clone(),
                pos: Some(pos),
            });
            Ok(label)
        })?;
        self.selection.clear();
        self.selected_instance = Some(placed.clone());
        Some(placed)
    }

    /// The part files in the `lib/` directory beside the document that it does not use yet
    /// (paths relative to the document, as `libraries` lists them), sorted.
    pub fn library_files(&self) -> Vec<String> {
        let Some(dir) = self.doc.path.as_deref().and_then(std::path::Path::parent) else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(dir.join("lib")) else {
            return Vec::new();
        };
        let used = &self.doc.document.design.libraries;
        let mut files: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .filter_map(|p| Some(format!("lib/{}", p.file_name()?.to_str()?)))
            .filter(|p| !used.contains(p))
            .collect();
        files.sort();
        files
    }

    /// Adds library file `path` (relative to the document) to its `libraries`, so that its
    /// parts can be placed; one undoable step. Returns the name of the file's own part.
    pub fn add_library(&mut self, path: &str) -> Option<String> {
        let name = self
            .doc
            .path
            .as_ref()
            .map_or_else(|| "untitled.ron".to_owned(), |p| p.display().to_string());
        let path = path.to_owned();
        self.edit_design(|design, _, _| {
            if !design.libraries.contains(&path) {
                design.libraries.push(path.clone());
            }
            sim_core::format::reload_libraries(design, &name, &mut super::read_library)
                .map_err(|e| e.to_string())?;
            Ok(std::path::Path::new(&path)
                .file_stem()
                .map_or_else(|| path.clone(), |s| s.to_string_lossy().into_owned()))
        })
    }

    /// `U1`, `U2`, …: the first label free among the open level's nodes and instances.
    fn fresh_instance_label(&self) -> String {
        let bound = self.level_instances().len() + self.circuit().node_count() + 1;
        (1..=bound)
            .map(|n| format!("U{n}"))
            .find(|l| !self.label_taken(l))
            .unwrap_or_else(|| "U".to_owned())
    }

    /// Whether `label` already names something on the open level: an instance, a node or a
    /// pin of the open part.
    fn label_taken(&self, label: &str) -> bool {
        self.level_instances().iter().any(|i| i.label == label)
            || self
                .circuit()
                .find(&format!("{}{label}", self.level_prefix()))
                .is_some()
            || self.level_pins().iter().any(|n| n.label == label)
    }

    /// Moves instance `label` of the open level by `(dx, dy)` cells.
    pub fn move_instance(&mut self, label: &str, dx: i32, dy: i32) {
        if (dx, dy) == (0, 0) {
            return;
        }
        self.edit_design(|design, _, level| {
            let inst = level_instances_mut(design, level)?
                .iter_mut()
                .find(|i| i.label == label)
                .ok_or_else(|| format!("no instance `{label}`"))?;
            let p = inst.pos.unwrap_or(Pos { x: 0, y: 0 });
            inst.pos = Some(Pos {
                x: p.x + dx,
                y: p.y + dy,
            });
            Ok(())
        });
    }

    /// Renames instance `old` of the open level to `new`: the wires to its pins follow, and
    /// so do the test vectors' paths through it (inside a part, through every instance of
    /// the part). One undoable step. Refuses, with a notice, a label that is empty, holds
    /// `/`, `.` or whitespace, or is already used on the level (an instance, a node or a
    /// pin). Returns whether it renamed.
    pub fn rename_instance(&mut self, old: &str, new: &str) -> bool {
        if old == new {
            return true;
        }
        if new.is_empty() || new.contains(['/', '.']) || new.chars().any(char::is_whitespace) {
            self.error(format!(
                "`{new}` cannot name an instance: a label is not empty and has no `/`, `.` or \
                 spaces"
            ));
            return false;
        }
        if self.label_taken(new) {
            self.error(format!("`{new}` is already used on this level"));
            return false;
        }
        // The paths through the instance, read while the design still names it `old`.
        let part = self.level_part().map(|p| p.name.clone());
        let design = &self.doc.document.design;
        let moved: BTreeMap<String, String> = self
            .doc
            .document
            .tests
            .iter()
            .flat_map(|t| &t.steps)
            .flat_map(|step| step.set.iter().chain(&step.expect))
            .filter_map(|(label, _)| {
                let to = renamed_path(design, label, part.as_deref(), old, new)?;
                Some((label.clone(), to))
            })
            .collect();
        let (old_pin, new_pin) = (format!("{old}."), format!("{new}."));
        let renamed = self.edit_design(|design, _, level| {
            new.clone_into(
                &mut level_instances_mut(design, level)?
                    .iter_mut()
                    .find(|i| i.label == old)
                    .ok_or_else(|| format!("no instance `{old}`"))?
                    .label,
            );
            for w in level_wires_mut(design, level)? {
                for end in [&mut w.from, &mut w.to] {
                    if let Some(pin) = end.strip_prefix(&old_pin) {
                        *end = format!("{new_pin}{pin}");
                    }
                }
            }
            Ok(())
        });
        if renamed.is_none() {
            return false;
        }
        self.relabel_tests(|label| moved.get(label).cloned());
        if self.selected_instance.as_deref() == Some(old) {
            self.selected_instance = Some(new.to_owned());
        }
        true
    }

    /// Deletes instance `label` of the open level and the wires to its pins.
    pub fn delete_instance(&mut self, label: &str) {
        let deleted = self.edit_design(|design, _, level| {
            let instances = level_instances_mut(design, level)?;
            let before = instances.len();
            instances.retain(|i| i.label != label);
            if instances.len() == before {
                return Err(format!("no instance `{label}`"));
            }
            let pin = format!("{label}.");
            level_wires_mut(design, level)?
                .retain(|w| !w.from.starts_with(&pin) && !w.to.starts_with(&pin));
            Ok(())
        });
        if deleted.is_some() {
            self.selected_instance = None;
        }
    }

    /// Wires `from` to input `input` of `to` at the open level, where at least one end is a
    /// pin (wires between two nodes go through [`AppState::connect`]).
    pub fn connect_ends(&mut self, from: &End, to: &End, input: u8) -> bool {
        let wire = WireDesc::new(from.to_text(), to.to_text(), input);
        self.edit_design(|design, _, level| {
            let wires = level_wires_mut(design, level)?;
            if let Some(old) = wires
                .iter()
                .find(|w| w.to == wire.to && w.input == wire.input)
            {
                return Err(format!(
                    "`{}` already has a driver (`{}`): disconnect it first",
                    wire.to, old.from
                ));
            }
            wires.push(wire);
            Ok(())
        })
        .is_some()
    }

    /// Removes the wire into instance pin `to` (a right-click on it).
    pub fn disconnect_end(&mut self, to: &End) {
        let target = to.to_text();
        self.edit_design(|design, _, level| {
            level_wires_mut(design, level)?.retain(|w| w.to != target);
            Ok(())
        });
    }

    /// Makes a new part from the selected nodes of the open level and puts an instance of
    /// it in their place, wired as they were: every wire crossing the selection's boundary
    /// becomes a pin — inputs `in1`, `in2`, … (one per outside driver) and outputs `out1`,
    /// … (one per inside node feeding the outside), numbered by the driver's position (top
    /// to bottom, then left to right). The circuit computes the same as before. Switches,
    /// buttons, lamps and probes cannot go inside (they would become the part's pins).
    /// Returns the new part's name.
    pub fn make_subcircuit(&mut self) -> Option<String> {
        let prefix = self.level_prefix();
        let ids: Vec<NodeId> = self
            .selection
            .iter()
            .copied()
            .filter(|&id| {
                self.circuit()
                    .node(id)
                    .is_some_and(|n| self.on_level(&n.label).is_some())
            })
            .collect();
        if ids.is_empty() {
            self.error("select the gates to put in the subcircuit first");
            return None;
        }
        if let Some(&id) = ids.iter().find(|&&id| {
            matches!(
                self.circuit()[id].kind,
                NodeKind::Switch | NodeKind::Button | NodeKind::Lamp | NodeKind::Probe
            )
        }) {
            self.error(format!(
                "`{}` is a switch, button, lamp or probe: leave those outside the subcircuit \
                 (its pins come from the wires crossing the selection)",
                self.circuit()[id].label
            ));
            return None;
        }
        let plan = self.subcircuit_plan(&ids, &prefix);
        let name = self.fresh_part_name();
        let instance = self.fresh_instance_label();
        let selected: BTreeSet<NodeId> = ids.iter().copied().collect();
        let made = self.edit_design(|design, circuit, level| {
            let part = plan.part(&name);
            // Out with the selected nodes, in with the instance and the boundary wires.
            for &id in &selected {
                circuit.remove_node(id);
            }
            let instances = level_instances_mut(design, level)?;
            instances.push(InstanceDesc {
                label: instance.clone(),
                of: name.clone(),
                pos: Some(plan.origin),
            });
            let gone: BTreeSet<&str> = plan.inside.iter().map(String::as_str).collect();
            let wires = level_wires_mut(design, level)?;
            wires.retain(|w| !gone.contains(w.from.as_str()) && !gone.contains(w.to.as_str()));
            for (i, (driver, _)) in plan.inputs.iter().enumerate() {
                wires.push(WireDesc::new(
                    driver.to_text(),
                    format!("{instance}.in{}", i + 1),
                    0,
                ));
            }
            for (i, (_, sinks)) in plan.outputs.iter().enumerate() {
                for (sink, input) in sinks {
                    wires.push(WireDesc::new(
                        format!("{instance}.out{}", i + 1),
                        sink.to_text(),
                        *input,
                    ));
                }
            }
            // Only now: a level part's wires among its nodes are harvested from the circuit.
            design.subcircuits.push(part);
            if let Some(level) = level
                && let Some(part) = design.subcircuits.iter_mut().find(|p| p.name == level)
            {
                // Inside a part its nodes live in the definition too (its wires were
                // replaced above: a part's wire list is its level's wire list).
                part.nodes.retain(|n| !gone.contains(n.label.as_str()));
            }
            Ok(name.clone())
        })?;
        self.selection.clear();
        self.selected_instance = Some(instance);
        self.info(format!("made subcircuit `{made}`"));
        Some(made)
    }

    /// `part1`, `part2`, …: the first name no part has.
    fn fresh_part_name(&self) -> String {
        let design = &self.doc.document.design;
        (1..=design.subcircuits.len() + design.library.len() + 1)
            .map(|n| format!("part{n}"))
            .find(|n| design.part(n).is_none())
            .unwrap_or_else(|| "part".to_owned())
    }

    /// Works out the pins of a subcircuit made of `ids` (on the open level).
    fn subcircuit_plan(&self, ids: &[NodeId], prefix: &str) -> SubcircuitPlan {
        let c = self.circuit();
        let local = |id: NodeId| c[id].label[prefix.len()..].to_owned();
        let inside: BTreeSet<String> = ids.iter().map(|&id| local(id)).collect();
        let position = |id: NodeId| c[id].pos.map_or((0, 0), |p| (p.y, p.x));
        let instances = self.level_instances().to_vec();
        let pins_here = self.level_pins();
        // Where an outside end sits, for ordering pins: its node's or instance's position.
        let end_position = |end: &End| -> (i32, i32) {
            match end {
                End::Node(l) => c
                    .find(&format!("{prefix}{l}"))
                    .map(position)
                    .or_else(|| {
                        pins_here
                            .iter()
                            .find(|n| n.label == *l)
                            .and_then(|n| n.pos.map(|p| (p.y, p.x)))
                    })
                    .unwrap_or((0, 0)),
                End::Pin { instance, .. } => instances
                    .iter()
                    .find(|i| i.label == *instance)
                    .and_then(|i| i.pos.map(|p| (p.y, p.x)))
                    .unwrap_or((0, 0)),
            }
        };
        // Every wire of the level: among its nodes (from the circuit) and to pins.
        let mut level_wires: Vec<(End, End, u8)> = c
            .wires()
            .filter(|(_, w)| {
                self.on_level(&c[w.from].label).is_some() && self.on_level(&c[w.to].label).is_some()
            })
            .map(|(_, w)| (End::Node(local(w.from)), End::Node(local(w.to)), w.input))
            .collect();
        level_wires.extend(self.level_pin_wires());
        let is_inside = |e: &End| matches!(e, End::Node(l) if inside.contains(l));
        let mut inputs: BTreeMap<End, Vec<(String, u8)>> = BTreeMap::new();
        let mut outputs: BTreeMap<String, Vec<(End, u8)>> = BTreeMap::new();
        let mut internal = Vec::new();
        for (from, to, input) in level_wires {
            match (is_inside(&from), is_inside(&to)) {
                (true, true) => internal.push(WireDesc::new(from.to_text(), to.to_text(), input)),
                (false, true) => inputs.entry(from).or_default().push((to.to_text(), input)),
                (true, false) => outputs.entry(from.to_text()).or_default().push((to, input)),
                (false, false) => {}
            }
        }
        let mut inputs: Vec<(End, Vec<(String, u8)>)> = inputs.into_iter().collect();
        inputs.sort_by_key(|(end, _)| (end_position(end), end.clone()));
        let mut outputs: Vec<(String, Vec<(End, u8)>)> = outputs.into_iter().collect();
        outputs.sort_by_key(|(label, _)| {
            (
                c.find(&format!("{prefix}{label}")).map(position),
                label.clone(),
            )
        });
        let nodes: Vec<Node> = ids
            .iter()
            .map(|&id| Node {
                label: local(id),
                ..c[id].clone()
            })
            .collect();
        let min = |f: fn(&Pos) -> i32| nodes.iter().filter_map(|n| n.pos.as_ref().map(f)).min();
        let origin = Pos {
            x: min(|p| p.x).unwrap_or(0),
            y: min(|p| p.y).unwrap_or(0),
        };
        SubcircuitPlan {
            inside: inside.into_iter().collect(),
            nodes,
            internal,
            inputs,
            outputs,
            origin,
        }
    }
}

/// The pins and contents of a subcircuit about to be made from a selection.
struct SubcircuitPlan {
    /// The selected nodes' labels at the level.
    inside: Vec<String>,
    /// The selected nodes, labelled at the level.
    nodes: Vec<Node>,
    /// Wires among them.
    internal: Vec<WireDesc>,
    /// Each outside driver (becoming input pin `in1`, …) and the inside inputs it feeds.
    inputs: Vec<(End, Vec<(String, u8)>)>,
    /// Each inside node feeding the outside (becoming `out1`, …) and what it feeds there.
    outputs: Vec<(String, Vec<(End, u8)>)>,
    /// The top-left of the selection: where the instance goes.
    origin: Pos,
}

impl SubcircuitPlan {
    /// The part: its gates moved right of a column of input pins, output pins after them.
    fn part(&self, name: &str) -> PartDesc {
        let shift = |p: Option<Pos>| {
            p.map(|p| Pos {
                x: p.x - self.origin.x + 4,
                y: p.y - self.origin.y,
            })
        };
        let right = self
            .nodes
            .iter()
            .filter_map(|n| shift(n.pos).map(|p| p.x + geometry::node_cells(n.kind).0))
            .max()
            .unwrap_or(4)
            + 3;
        let row = |i: usize| i32::try_from(3 * i).unwrap_or(i32::MAX / 4);
        let mut nodes: Vec<Node> = self
            .inputs
            .iter()
            .enumerate()
            .map(|(i, _)| Node::new(format!("in{}", i + 1), NodeKind::Switch).at(0, row(i)))
            .collect();
        nodes.extend(self.nodes.iter().map(|n| Node {
            pos: shift(n.pos),
            ..n.clone()
        }));
        nodes.extend(
            self.outputs
                .iter()
                .enumerate()
                .map(|(i, _)| Node::new(format!("out{}", i + 1), NodeKind::Lamp).at(right, row(i))),
        );
        let mut wires = self.internal.clone();
        for (i, (_, sinks)) in self.inputs.iter().enumerate() {
            for (to, input) in sinks {
                wires.push(WireDesc::new(format!("in{}", i + 1), to.clone(), *input));
            }
        }
        for (i, (from, _)) in self.outputs.iter().enumerate() {
            wires.push(WireDesc::new(from.clone(), format!("out{}", i + 1), 0));
        }
        PartDesc {
            name: name.to_owned(),
            nodes,
            wires,
            instances: Vec::new(),
            inputs: None,
            outputs: None,
        }
    }
}

/// The instances of the level showing `part` (`None`: the top level).
/// `path` (a flat label, `a/b/x`) with every step through instance `old` of `part` (`None`:
/// the top level) renamed to `new`, or `None` if it does not pass through one.
fn renamed_path(
    design: &Design,
    path: &str,
    part: Option<&str>,
    old: &str,
    new: &str,
) -> Option<String> {
    let steps: Vec<String> = path.split('/').map(str::to_owned).collect();
    let mut out = steps.clone();
    let mut changed = false;
    // The last step is the node itself, not an instance.
    for i in 0..steps.len().saturating_sub(1) {
        if steps[i] != old {
            continue;
        }
        let holder = match i {
            0 => None,
            _ => match design.part_at(&steps[..i]) {
                Some(p) => Some(p.name.as_str()),
                None => continue,
            },
        };
        if holder == part {
            new.clone_into(&mut out[i]);
            changed = true;
        }
    }
    changed.then(|| out.join("/"))
}

pub(super) fn level_instances_mut<'a>(
    design: &'a mut Design,
    part: Option<&str>,
) -> Result<&'a mut Vec<InstanceDesc>, String> {
    match part {
        None => Ok(&mut design.instances),
        Some(name) => design
            .subcircuits
            .iter_mut()
            .find(|p| p.name == name)
            .map(|p| &mut p.instances)
            .ok_or_else(|| format!("`{name}` is a library part: open its file to edit it")),
    }
}

/// The wires of that level that reach pins (all the part's wires inside a part).
pub(super) fn level_wires_mut<'a>(
    design: &'a mut Design,
    part: Option<&str>,
) -> Result<&'a mut Vec<WireDesc>, String> {
    match part {
        None => Ok(&mut design.pin_wires),
        Some(name) => design
            .subcircuits
            .iter_mut()
            .find(|p| p.name == name)
            .map(|p| &mut p.wires)
            .ok_or_else(|| format!("`{name}` is a library part: open its file to edit it")),
    }
}

#[cfg(test)]
mod tests {
    use super::renamed_path;

    /// `outer` holds instance `u` of `inner` (a NOT `g`); the top level holds `A` and `B`,
    /// both instances of `outer`, and a NOT of its own named `u`.
    const NESTED: &str = r#"(
        version: 2,
        subcircuits: [
            (name: "inner", nodes: [(label: "a", kind: Switch), (label: "g", kind: Not),
                (label: "y", kind: Lamp)], wires: [(from: "a", to: "g"), (from: "g", to: "y")]),
            (name: "outer", instances: [(label: "u", of: "inner")],
                nodes: [(label: "a", kind: Switch), (label: "y", kind: Lamp)],
                wires: [(from: "a", to: "u.a"), (from: "u.y", to: "y")]),
        ],
        instances: [(label: "A", of: "outer"), (label: "B", of: "outer")],
        nodes: [(label: "u", kind: Not)],
    )"#;

    #[test]
    fn paths_through_a_renamed_instance_follow_it_and_no_others() {
        let design = sim_core::format::from_str(NESTED).expect("valid").design;
        let outer = Some("outer");
        // Renaming `u` inside `outer` renames it under every instance of `outer`.
        assert_eq!(
            renamed_path(&design, "A/u/g", outer, "u", "v").as_deref(),
            Some("A/v/g")
        );
        assert_eq!(
            renamed_path(&design, "B/u/g", outer, "u", "v").as_deref(),
            Some("B/v/g")
        );
        // The top level's own node `u` is not that instance, nor is a leaf named `u`.
        assert_eq!(renamed_path(&design, "u", outer, "u", "v"), None);
        assert_eq!(renamed_path(&design, "A/u", outer, "u", "v"), None);
        // Renaming the top level's `A` leaves `B`'s paths alone.
        assert_eq!(
            renamed_path(&design, "A/u/g", None, "A", "C").as_deref(),
            Some("C/u/g")
        );
        assert_eq!(renamed_path(&design, "B/u/g", None, "A", "C"), None);
        // A path the design does not have is left alone.
        assert_eq!(renamed_path(&design, "Z/u/g", outer, "u", "v"), None);
    }
}
