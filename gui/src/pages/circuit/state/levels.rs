//! Subcircuits in the editor: the open *level* (the top level, or an instance opened to look
//! inside, named by its instance path with breadcrumbs back up), what a level shows (its own
//! nodes, its instances as blocks with pins, its part's pins, the wires that reach pins), and
//! the edits that change the hierarchy: placing, moving, wiring, renaming and deleting
//! instances, making a subcircuit from the selection, and edits inside an instance, which are
//! written back to its part's definition so that every instance of the part follows.
//!
//! The transformations themselves are sim-core's ([`sim_core::hierarchy`]: reading a level,
//! `Design::harvest_level`, `Design::plan_extraction`, `Design::rename_instance`, …); this
//! module wraps them in the app's undo steps, notices and selection.
//!
//! The flat circuit (`Document::circuit`) is what the engine simulates and what the canvas
//! draws node by node; a node is *on* the level at path `P` when its label is `P/x` with no
//! further `/`. Everything else of a level lives in the document's
//! [`Design`](sim_core::hierarchy::Design), and every edit ends with `Design::sync`, which
//! rebuilds the instances (keeping node ids, so values and the selection survive).
//!
//! A level that uses buses or tunnels (see [`sim_core::bus`], [`sim_core::tunnel`]) is shown
//! as its file writes it
//! ([`CircuitPageState::written_level`]): its bus nodes, splitters, mergers and bus wires, each wire
//! end resolved to the flat bit nodes carrying it ([`CircuitPageState::end_bits`]), since the flat
//! circuit only holds the bits (`A[0]` … `A[7]`) and splitters vanish from it.

use std::collections::BTreeMap;

use sim_core::desc::SplitOutput;
use sim_core::format::Document;
use sim_core::hierarchy::{Design, InstanceDesc, PartDesc};
use sim_core::number::Radix;
use sim_core::parts::BuiltinPart;
use sim_core::{Circuit, Node, NodeId, NodeKind, Pos, Trit, WireDesc};

use super::CircuitPageState;
use super::edit_error::CircuitEditError;
use super::ends::{End, level_label, prefix};

impl CircuitPageState {
    // ----- reading a level -----

    /// The flat-label prefix of the open level.
    pub fn level_prefix(&self) -> String {
        prefix(&self.level)
    }

    /// The part the open level shows (`None` at the top level).
    pub fn level_part(&self) -> Option<&PartDesc> {
        self.doc.document.design.part_at(&self.level)
    }

    /// `Some(why)` if the open level cannot be edited: a library part, or a part inside a
    /// circuit that uses buses (its top level is edited as its file writes it, see
    /// [`CircuitPageState::edit_bus_level`]).
    pub fn level_read_only(&self) -> Option<String> {
        if self.doc.document.design.uses_buses() && !self.level.is_empty() {
            return Some(
                "this circuit uses buses (format version 3): the app edits its top level, but \
                 the parts inside its instances only through a text editor for now"
                    .into(),
            );
        }
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
        self.doc.document.design.level_instances(&self.level)
    }

    /// The pin nodes of the open level's part (its switches and lamps), none at the top.
    pub fn level_pins(&self) -> Vec<Node> {
        self.doc.document.design.level_pins(&self.level)
    }

    /// The open level's wires that reach a pin (of an instance, or of the part), as
    /// `(from, to, input)`.
    pub fn level_pin_wires(&self) -> Vec<(End, End, u8)> {
        self.doc.document.design.level_pin_wires(&self.level)
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

    /// The flat node driving wire end `end` at level `path` (`None`: nothing drives it, or
    /// the end is a bus: see [`end_bits`](Self::end_bits)).
    pub fn driver(&self, path: &[String], end: &End) -> Option<NodeId> {
        match self.end_bits(path, &end.to_text())[..] {
            [bit] => bit,
            _ => None,
        }
    }

    /// The value on wire end `end` of the open level (unknown when nothing drives it, or when
    /// it is a bus: see [`level_end_values`](Self::level_end_values)).
    pub fn end_value(&self, end: &End) -> Trit {
        self.driver(&self.level, end)
            .map_or(Trit::Unknown, |id| self.sim.value(id))
    }

    /// The values of `bits` (unknown where floating), bit 0 first.
    pub fn bit_values(&self, bits: &[Option<NodeId>]) -> Vec<Trit> {
        bits.iter()
            .map(|b| b.map_or(Trit::Unknown, |id| self.sim.value(id)))
            .collect()
    }

    /// The values wire end `end` (as a level's wires write it: `A`, `SP.1`, `I.p`) of the open
    /// level carries, bit 0 first: one value for a single trit.
    pub fn level_end_values(&self, end: &str) -> Vec<Trit> {
        self.bit_values(&self.end_bits(&self.level, end))
    }

    /// The value a pin node of the open level's part shows: what drives it.
    pub fn pin_node_value(&self, label: &str) -> Trit {
        match self.bit_values(&self.pin_node_bits(label))[..] {
            [v] => v,
            _ => Trit::Unknown,
        }
    }

    /// The flat nodes carrying what pin node `label` of the open level's part shows (an input
    /// pin: what drives the instance's pin one level up; an output pin: what drives it inside),
    /// bit 0 first.
    pub fn pin_node_bits(&self, label: &str) -> Vec<Option<NodeId>> {
        let Some(part) = self.level_part() else {
            return Vec::new();
        };
        if part.input_pins().iter().any(|p| p == label) {
            return self.end_bits(&self.level, label);
        }
        self.bits_into(label)
    }

    /// The flat nodes driving the wire into input 0 of wire end `end` at the open level (a
    /// node, an instance's input pin `I.p` or the part's output pin), bit 0 first; all floating
    /// (`None`, as many as the end is wide) without a wire.
    pub fn bits_into(&self, end: &str) -> Vec<Option<NodeId>> {
        let (_, wires) = self.level_desc(&self.level);
        match wires.iter().find(|w| w.to == end && w.input == 0) {
            Some(w) => self.end_bits(&self.level, &w.from),
            None => vec![None; self.end_width(&self.level, end)],
        }
    }

    /// How many trits wire end `end` of level `path` is wide: a node's width, a splitter
    /// range's, an instance pin's (1 when it names nothing).
    pub fn end_width(&self, path: &[String], end: &str) -> usize {
        let design = &self.doc.document.design;
        let (nodes, _) = self.level_desc(path);
        match End::parse(end, design.level_instances(path)) {
            End::Pin { instance, pin } => self.pin_width(path, &instance, &pin),
            End::Node(label) => {
                if let Some(node) = nodes.iter().find(|n| n.label == label) {
                    return match node.kind {
                        NodeKind::Split(r) | NodeKind::Merge(r) => r.width(),
                        _ => usize::from(node.width),
                    };
                }
                let splitter = |l: &str| {
                    nodes
                        .iter()
                        .find(|n| n.label == l)
                        .and_then(|n| match n.kind {
                            NodeKind::Split(ranges) => Some(ranges),
                            _ => None,
                        })
                };
                SplitOutput::parse_with(&label, |l| splitter(l).is_some())
                    .and_then(|out| Some(splitter(out.splitter)?.get(out.index()?)?.len()))
                    .unwrap_or(1)
            }
        }
    }

    /// The width of pin `pin` of instance `instance` of level `path` (1 if there is none).
    pub fn pin_width(&self, path: &[String], instance: &str, pin: &str) -> usize {
        let design = &self.doc.document.design;
        design
            .level_instances(path)
            .iter()
            .find(|i| i.label == instance)
            .and_then(|i| design.part(&i.of))
            .and_then(|(part, _)| part.nodes.iter().find(|n| n.label == pin))
            .map_or(1, |n| usize::from(n.width))
    }

    /// The open level's own nodes and wires as its file writes them, when the level uses
    /// buses (the top level of a file with buses, or a part with a bus node, a splitter or a
    /// wire to a bus pin): the canvas draws such a level's wires from here, each bus wire
    /// once. `None` for a level without buses, which the flat circuit shows as it is.
    pub fn written_level(&self) -> Option<(&[Node], &[WireDesc])> {
        let design = &self.doc.document.design;
        match design.part_at(&self.level) {
            None if self.level.is_empty() => design
                .bus_level
                .as_ref()
                .map(|(nodes, wires)| (&nodes[..], &wires[..])),
            None => None,
            Some(part) => {
                let pin_width =
                    |i: &str, p: &str| u8::try_from(self.pin_width(&self.level, i, p)).ok();
                sim_core::bus::uses_buses(&part.nodes, &part.wires, &pin_width)
                    .then_some((&part.nodes[..], &part.wires[..]))
            }
        }
    }

    /// The nodes and wires of level `path` as written: a part's own; for the top level, the
    /// nodes and wires of a file with buses, or else only its wires to instance pins (its
    /// nodes are the flat circuit's).
    pub(super) fn level_desc(&self, path: &[String]) -> (&[Node], &[WireDesc]) {
        let design = &self.doc.document.design;
        match design.part_at(path) {
            Some(part) => (&part.nodes, &part.wires),
            None if path.is_empty() => design
                .bus_level
                .as_ref()
                .map_or((&[][..], &design.pin_wires[..]), |(nodes, wires)| {
                    (&nodes[..], &wires[..])
                }),
            None => (&[], &[]),
        }
    }

    /// The flat nodes carrying each trit of wire end `end` (`A`, `SP.1`, `M`, `I.p`, as the
    /// wires of level `path` write it), bit 0 first, `None` for a floating trit: through
    /// splitters, mergers and tunnels (a tunnel carries what drives its net), into instances (an output pin is what drives it inside) and out
    /// of them (a part's input pin is what drives the instance's pin one level up). Empty if
    /// `end` names nothing that drives a wire.
    pub fn end_bits(&self, path: &[String], end: &str) -> Vec<Option<NodeId>> {
        self.end_bits_depth(path, end, 0)
    }

    fn end_bits_depth(&self, path: &[String], end: &str, depth: usize) -> Vec<Option<NodeId>> {
        // Deeper than any real hierarchy; splitters in a loop are refused on loading.
        const DEEPEST: usize = 256;
        if depth > DEEPEST {
            return Vec::new();
        }
        let design = &self.doc.document.design;
        let (nodes, wires) = self.level_desc(path);
        let into = |to: &str, input: u8| wires.iter().find(|w| w.to == to && w.input == input);
        let label = match End::parse(end, design.level_instances(path)) {
            End::Pin { instance, pin } => {
                let mut inner = path.to_vec();
                inner.push(instance);
                let Some(part) = design.part_at(&inner) else {
                    return Vec::new();
                };
                let width = part
                    .nodes
                    .iter()
                    .find(|n| n.label == pin)
                    .map_or(1, |n| usize::from(n.width));
                // The wire into the part's output pin node.
                return match part.wires.iter().find(|w| w.to == pin) {
                    Some(w) => self.end_bits_depth(&inner, &w.from, depth + 1),
                    None => vec![None; width],
                };
            }
            End::Node(label) => label,
        };
        let driven = |to: &str, input: u8, width: usize| match into(to, input) {
            Some(w) => {
                let bits = self.end_bits_depth(path, &w.from, depth + 1);
                if bits.len() == width {
                    bits
                } else {
                    vec![None; width]
                }
            }
            None => vec![None; width],
        };
        if let Some(node) = nodes.iter().find(|n| n.label == label) {
            let width = usize::from(node.width);
            return match node.kind {
                // A splitter is read through its outputs (`SP.0`).
                NodeKind::Split(_) => Vec::new(),
                // A tunnel carries what drives any tunnel of its name.
                NodeKind::Tunnel => {
                    let net = sim_core::tunnel::net_name(node);
                    nodes
                        .iter()
                        .filter(|t| sim_core::tunnel::net_name(t) == net)
                        .find(|t| into(&t.label, 0).is_some())
                        .map_or_else(|| vec![None; width], |t| driven(&t.label, 0, width))
                }
                NodeKind::Merge(ranges) => ranges
                    .iter()
                    .enumerate()
                    .flat_map(|(k, r)| driven(&label, u8::try_from(k).unwrap_or(u8::MAX), r.len()))
                    .collect(),
                _ => {
                    if let Some(part) = design.part_at(path)
                        && part.input_pins().contains(&label)
                    {
                        // An input pin: whatever drives the instance's pin one level up.
                        let Some((instance, outer)) = path.split_last() else {
                            return vec![None; width];
                        };
                        let (_, outer_wires) = self.level_desc(outer);
                        let target = End::pin_text(instance, &label);
                        return match outer_wires.iter().find(|w| w.to == target) {
                            Some(w) => self.end_bits_depth(outer, &w.from, depth + 1),
                            None => vec![None; width],
                        };
                    }
                    let level = prefix(path);
                    (0..width)
                        .map(|i| {
                            let bit = if width == 1 {
                                label.clone()
                            } else {
                                sim_core::literal::bit_label(&label, i)
                            };
                            self.circuit().find(&format!("{level}{bit}"))
                        })
                        .collect()
                }
            };
        }
        if let Some(out) = SplitOutput::parse_with(&label, |l| {
            nodes
                .iter()
                .any(|n| n.label == l && matches!(n.kind, NodeKind::Split(_)))
        }) && let Some(NodeKind::Split(ranges)) = nodes
            .iter()
            .find(|n| n.label == out.splitter)
            .map(|n| n.kind)
        {
            let Some(range) = out.index().and_then(|k| ranges.get(k)) else {
                return Vec::new();
            };
            let bits = driven(out.splitter, 0, ranges.width());
            return bits.get(range).map_or_else(Vec::new, <[_]>::to_vec);
        }
        // Not written at this level: one of the flat circuit's nodes.
        vec![self.circuit().find(&format!("{}{label}", prefix(path)))]
    }

    /// The radix wire end `end` of level `path` asks to be shown in, if it says: the one
    /// chosen for it in this session ([`CircuitPageState::set_bus_radix`]), else its node's `radix`
    /// as written (an instance pin: its part's pin node's; a splitter output: whatever feeds
    /// the splitter's).
    pub fn end_radix(&self, path: &[String], end: &str) -> Option<Radix> {
        self.end_radix_depth(path, end, 0)
    }

    fn end_radix_depth(&self, path: &[String], end: &str, depth: usize) -> Option<Radix> {
        if depth > 64 {
            return None;
        }
        let design = &self.doc.document.design;
        let level = prefix(path);
        let (nodes, wires) = self.level_desc(path);
        match End::parse(end, design.level_instances(path)) {
            End::Pin { instance, pin } => {
                if let Some(&r) = self.radixes.get(&format!("{level}{instance}/{pin}")) {
                    return Some(r);
                }
                let mut inner = path.to_vec();
                inner.push(instance);
                design
                    .part_at(&inner)?
                    .nodes
                    .iter()
                    .find(|n| n.label == pin)?
                    .radix
            }
            End::Node(label) => {
                if let Some(&r) = self.radixes.get(&format!("{level}{label}")) {
                    return Some(r);
                }
                if let Some(node) = nodes.iter().find(|n| n.label == label) {
                    return node.radix;
                }
                let out = SplitOutput::parse_with(&label, |l| {
                    nodes
                        .iter()
                        .any(|n| n.label == l && matches!(n.kind, NodeKind::Split(_)))
                })?;
                let w = wires
                    .iter()
                    .find(|w| w.to == out.splitter && w.input == 0)?;
                self.end_radix_depth(path, &w.from, depth + 1)
            }
        }
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
        self.selected_wire = None;
        true
    }

    /// Goes back up to the first `depth` instances of the path (0: the top level).
    pub fn go_up(&mut self, depth: usize) {
        self.level.truncate(depth);
        self.selection.clear();
        self.selected_instance = None;
        self.selected_wire = None;
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

    /// Why an edit of the flat circuit or of the design is refused on the open level: on the
    /// top level of a circuit with buses only the edits of [`CircuitPageState::edit_bus_level`] are
    /// made (placing, moving, wiring, renaming and deleting nodes and splitters).
    pub(super) fn bus_level_refusal(&self) -> Option<String> {
        self.edits_bus_level().then(|| {
            "this circuit uses buses: here the app places, moves, wires, renames and deletes \
             nodes and splitters; edit anything else in its file for now"
                .to_owned()
        })
    }

    /// Applies `edit` to the document's design at the open level as one undoable step, then
    /// rebuilds the instances and the simulation. A failure restores everything and shows
    /// why. `edit` gets the design, the flat circuit and the open level's part name.
    pub fn edit_design<T>(
        &mut self,
        edit: impl FnOnce(&mut Design, &mut Circuit, Option<&str>) -> Result<T, CircuitEditError>,
    ) -> Option<T> {
        if let Some(why) = self.level_read_only().or_else(|| self.bus_level_refusal()) {
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
                .map_err(CircuitEditError::from)
        });
        self.commit_edit(before, result)
    }

    /// Writes the open level's nodes (edited in the flat circuit) back into its part's
    /// definition, or, at the top level, drops pin wires whose node is gone. `renamed` maps
    /// old labels to new ones at this level. See [`Design::harvest_level`].
    pub(super) fn harvest_level(
        &mut self,
        renamed: &BTreeMap<String, String>,
    ) -> Result<(), CircuitEditError> {
        let Document {
            design, circuit, ..
        } = &mut self.doc.document;
        Ok(design.harvest_level(circuit, &self.level, renamed)?)
    }

    /// Places an instance of `part` at `pos` on the open level, labelled `U1`, `U2`, … (the
    /// first free), and selects it.
    pub fn place_instance(&mut self, part: &str, pos: Pos) -> Option<String> {
        let label = self.fresh_instance_label();
        let instance = InstanceDesc::new(label.clone(), part, Some(pos));
        // A document with buses rebuilds its top level as loading does.
        let placed = if self.edits_bus_level() {
            self.edit_bus_design(|design| {
                push_instance(design, None, instance)?;
                Ok(label)
            })
        } else {
            self.edit_design(|design, _, level| {
                push_instance(design, level, instance)?;
                Ok(label)
            })
        }?;
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

    /// Adds the design of library part `part` (built for its parameters, see
    /// [`sim_core::parts`]) to the document's own parts, so that it can be placed; one
    /// undoable step, which makes the document one with buses (the part's pins are). A part
    /// of that name already there is kept. Returns the part's name.
    pub fn add_builtin_part(&mut self, part: BuiltinPart) -> Option<String> {
        let name = part.name();
        if self.doc.document.design.part(&name).is_some() {
            return Some(name);
        }
        self.edit_bus_design(|design| {
            design
                .subcircuits
                .push(part.design().map_err(|e| e.to_string())?);
            Ok(name)
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
            let inst = design
                .level_instances_mut(level)
                .map_err(|e| e.to_string())?
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
        if let Err(e) = sim_core::hierarchy::check_instance_label(new) {
            self.error(e.to_string());
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
                let to = design.renamed_path(label, part.as_deref(), old, new)?;
                Some((label.clone(), to))
            })
            .collect();
        let renamed = self.edit_design(|design, _, level| {
            design
                .rename_instance(level, old, new)
                .map_err(CircuitEditError::from)
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
            design
                .remove_instance(level, label)
                .map_err(CircuitEditError::from)
        });
        if deleted.is_some() {
            self.selected_instance = None;
        }
    }

    /// Wires `from` to input `input` of `to` at the open level, where at least one end is a
    /// pin (wires between two nodes go through [`CircuitPageState::connect`]).
    pub fn connect_ends(&mut self, from: &End, to: &End, input: u8) -> bool {
        if self.edits_bus_level() {
            let (from, to) = (self.written_end(from), self.written_end(to));
            return self.connect_written(&from, &to, input);
        }
        let wire = WireDesc::new(from.to_text(), to.to_text(), input);
        self.edit_design(|design, _, level| {
            let wires = design.level_wires_mut(level).map_err(|e| e.to_string())?;
            if let Some(old) = wires
                .iter()
                .find(|w| w.to == wire.to && w.input == wire.input)
            {
                return Err(format!(
                    "`{}` already has a driver (`{}`): disconnect it first",
                    wire.to, old.from
                )
                .into());
            }
            wires.push(wire);
            Ok(())
        })
        .is_some()
    }

    /// Removes the wire into instance pin `to` (a right-click on it).
    pub fn disconnect_end(&mut self, to: &End) {
        if self.edits_bus_level() {
            let to = self.written_end(to);
            self.disconnect_written(&to, 0);
            return;
        }
        let target = to.to_text();
        self.edit_design(|design, _, level| {
            design
                .level_wires_mut(level)
                .map_err(|e| e.to_string())?
                .retain(|w| w.to != target);
            Ok(())
        });
    }

    /// Makes a new part from the selected nodes of the open level and puts an instance of
    /// it in their place, wired as they were: every wire crossing the selection's boundary
    /// becomes a pin named after the net it cuts — an input per outside driver (`A`, `Cin`),
    /// an output per inside node feeding the outside, named after the terminal it drives
    /// (`S`) — ordered by the driver's position (top to bottom, then left to right; see
    /// [`sim_core::hierarchy::Design::plan_extraction`]). The circuit computes the same as before. Switches,
    /// buttons, lamps and probes cannot go inside (they would become the part's pins).
    /// Returns the new part's name.
    pub fn make_subcircuit(&mut self) -> Option<String> {
        let design = &self.doc.document.design;
        let plan = match design.plan_extraction(
            self.circuit(),
            &self.level,
            self.selection.iter().copied(),
        ) {
            Ok(plan) => plan,
            Err(e) => {
                self.error(e.to_string());
                return None;
            }
        };
        let name = design.fresh_part_name();
        let instance = self.fresh_instance_label();
        let made = self.edit_design(|design, circuit, level| {
            plan.apply(design, circuit, level, &name, &instance)
                .map_err(|e| e.to_string())?;
            Ok(name.clone())
        })?;
        self.selection.clear();
        self.selected_instance = Some(instance);
        self.info(format!("made subcircuit `{made}`"));
        Some(made)
    }
}

/// The selected part of the open level, read as a document of its own (see
/// [`CircuitPageState::selected_part`]).
#[derive(Debug)]
pub struct SelectedPart {
    /// What it is, for the user: `instance U1 (adder4)`, `3 selected nodes`.
    pub what: String,
    /// The part alone, each pin a switch or lamp of its name
    /// ([`sim_core::parts::standalone_in`]).
    pub document: Document,
}

impl CircuitPageState {
    /// The selected part of the open level as a document of its own: the selected
    /// instance's part, or else the part Make subcircuit would make of the selected nodes
    /// (pins named the same way); `None` when neither is selected.
    ///
    /// # Errors
    /// Why the selection makes no part (as Make subcircuit says), or the part does not
    /// elaborate.
    pub fn selected_part(&self) -> Option<Result<SelectedPart, String>> {
        let design = &self.doc.document.design;
        let (what, part) = if let Some(label) = &self.selected_instance {
            let inst = self.level_instances().iter().find(|i| i.label == *label)?;
            let (part, _) = design.part(&inst.of)?;
            (format!("instance {label} ({})", inst.of), part.clone())
        } else if self.selection.is_empty() {
            return None;
        } else {
            let plan =
                design.plan_extraction(self.circuit(), &self.level, self.selection.iter().copied());
            let n = self.selection.len();
            match plan {
                Ok(plan) => (
                    format!("{n} selected node{}", if n == 1 { "" } else { "s" }),
                    plan.part(&design.fresh_part_name()),
                ),
                Err(e) => return Some(Err(e.to_string())),
            }
        };
        Some(
            sim_core::parts::standalone_in(&part, design)
                .map(|document| SelectedPart { what, document })
                .map_err(|e| e.to_string()),
        )
    }

    /// Adds `part` (a part made elsewhere, as the Analysis page's Build circuit makes one)
    /// to the document's parts and places an instance of it on the open level, right of
    /// everything there, labelled `U1`, `U2`, … (the first free), and selects it: one
    /// undoable step. Refuses, with a notice, a name a part of the document already has.
    /// Returns the instance's label.
    pub fn place_new_part(&mut self, part: PartDesc) -> Option<String> {
        if self.doc.document.design.part(&part.name).is_some() {
            self.error(format!("a part named `{}` already exists", part.name));
            return None;
        }
        let label = self.fresh_instance_label();
        let name = part.name.clone();
        let instance = InstanceDesc::new(label.clone(), &name, Some(self.free_column()));
        let add = |design: &mut Design, level: Option<&str>| {
            design.subcircuits.push(part);
            push_instance(design, level, instance)?;
            Ok(label)
        };
        let placed = if self.edits_bus_level() {
            self.edit_bus_design(|design| add(design, None))
        } else {
            self.edit_design(|design, _, level| add(design, level))
        }?;
        self.selection.clear();
        self.selected_instance = Some(placed.clone());
        self.info(format!("placed part `{name}` as {placed}"));
        Some(placed)
    }

    /// The top of a free column right of everything on the open level, in cells.
    fn free_column(&self) -> Pos {
        let nodes = self
            .circuit()
            .nodes()
            .filter(|(_, n)| self.on_level(&n.label).is_some())
            .filter_map(|(_, n)| n.pos.map(|p| p.x + 4));
        let instances = self
            .level_instances()
            .iter()
            .filter_map(|i| i.pos.map(|p| p.x + 12));
        let right = nodes.chain(instances).max().unwrap_or(0);
        Pos { x: right + 4, y: 0 }
    }
}

/// Adds `instance` to the instances of level `level` (a part's name; `None`: the top level)
/// of `design`.
///
/// # Errors
/// If its part does not exist or is the level itself.
fn push_instance(
    design: &mut Design,
    level: Option<&str>,
    instance: InstanceDesc,
) -> Result<(), CircuitEditError> {
    let part = &instance.of;
    if design.part(part).is_none() {
        return Err(format!("no part named `{part}`").into());
    }
    if level == Some(part.as_str()) {
        return Err(format!("`{part}` cannot contain itself").into());
    }
    design
        .level_instances_mut(level)
        .map_err(|e| e.to_string())?
        .push(instance);
    Ok(())
}
