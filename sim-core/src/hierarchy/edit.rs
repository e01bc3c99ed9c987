//! The inverse of flattening, for an editor that shows a design level by level: reading a
//! level, writing a level edited in the flat circuit back into its part, extracting a part
//! from a selection, and renaming or removing an instance.
//!
//! A *level* is the top level (instance path `[]`) or an opened instance (`["lo", "fa2"]`);
//! the nodes on it are the flat circuit's nodes labelled `lo/fa2/x` (no further `/`), see
//! [`level_label`]. Functions that change a level's lists take the part it shows
//! (`None`: the top level), since every instance of a part shares its definition. After an
//! edit of the design, [`Design::sync`] rebuilds the instances in the flat circuit.

use std::collections::{BTreeMap, BTreeSet};

use super::Design;
use super::part::PartDesc;
use crate::circuit::Circuit;
use crate::desc::{InstanceDesc, Node, NodeId, Pos, WireDesc, WireEnd};
use crate::kind::NodeKind;

/// Why an edit of a design's hierarchy is refused. Every message is a sentence for the user.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The level shows a library part, which the document cannot change.
    #[error("`{0}` is a library part: open its file to edit it")]
    LibraryPart(String),
    /// No instance of that label on the level.
    #[error("no instance `{0}`")]
    NoInstance(String),
    /// A part is to be made from an empty selection.
    #[error("select the gates to put in the subcircuit first")]
    EmptySelection,
    /// A selected node would become one of the new part's pins.
    #[error(
        "`{0}` is a switch, button, lamp or probe: leave those outside the subcircuit (its pins \
         come from the wires crossing the selection)"
    )]
    PinInSelection(String),
    /// Not a label an instance may have.
    #[error("`{0}` cannot name an instance: a label is not empty and has no `/`, `.` or spaces")]
    BadInstanceLabel(String),
}

/// The label at the level with flat-label prefix `prefix` (`""`, `"lo/"`, …) of flat node
/// `label`, if the node is on that level (`x` for `lo/x` at `lo/`, none for `lo/fa0/x`).
pub fn level_label<'a>(prefix: &str, label: &'a str) -> Option<&'a str> {
    let rest = label.strip_prefix(prefix)?;
    (!rest.contains('/')).then_some(rest)
}

/// The prefix of flat labels at level `path` (`""` or `"lo/fa2/"`).
pub fn path_prefix(path: &[String]) -> String {
    let mut prefix = String::new();
    for p in path {
        prefix.push_str(p);
        prefix.push('/');
    }
    prefix
}

/// Checks that `label` can name an instance: not empty, no `/` (it separates instance
/// paths), no `.` (it separates an instance from its pin) and no whitespace.
///
/// # Errors
/// [`EditError::BadInstanceLabel`].
pub fn check_instance_label(label: &str) -> Result<(), EditError> {
    if label.is_empty() || label.contains(['/', '.']) || label.chars().any(char::is_whitespace) {
        return Err(EditError::BadInstanceLabel(label.to_owned()));
    }
    Ok(())
}

impl Design {
    // ----- reading a level -----

    /// The instances of the level at instance path `path` (the top level's for `[]`, or for
    /// a path the design does not have).
    pub fn level_instances(&self, path: &[String]) -> &[InstanceDesc] {
        match self.part_at(path) {
            Some(part) => &part.instances,
            None => &self.instances,
        }
    }

    /// The pin nodes of the part shown at `path` (its switches and lamps), none at the top.
    pub fn level_pins(&self, path: &[String]) -> Vec<Node> {
        self.part_at(path).map_or_else(Vec::new, |part| {
            part.nodes
                .iter()
                .filter(|n| part.is_pin(&n.label))
                .cloned()
                .collect()
        })
    }

    /// The wires of the level at `path` that reach a pin (of an instance, or of the part),
    /// as `(from, to, input)`, in the order the design lists them.
    pub fn level_pin_wires(&self, path: &[String]) -> Vec<(WireEnd, WireEnd, u8)> {
        let part = self.part_at(path);
        let instances = self.level_instances(path);
        let wires = part.map_or(&self.pin_wires, |p| &p.wires);
        wires
            .iter()
            .map(|w| {
                (
                    WireEnd::parse(&w.from, instances),
                    WireEnd::parse(&w.to, instances),
                    w.input,
                )
            })
            .filter(|(from, to, _)| {
                let pin = |e: &WireEnd| match e {
                    WireEnd::Pin { .. } => true,
                    WireEnd::Node(label) => part.is_some_and(|p| p.is_pin(label)),
                };
                pin(from) || pin(to)
            })
            .collect()
    }

    /// `part1`, `part2`, …: the first name no part has.
    pub fn fresh_part_name(&self) -> String {
        (1..=self.subcircuits.len() + self.library.len() + 1)
            .map(|n| format!("part{n}"))
            .find(|n| self.part(n).is_none())
            .unwrap_or_else(|| "part".to_owned())
    }

    // ----- the lists of a level, to edit -----

    /// The instances of the level showing `part` (`None`: the top level).
    ///
    /// # Errors
    /// [`EditError::LibraryPart`] if `part` is not one of the document's own parts.
    pub fn level_instances_mut(
        &mut self,
        part: Option<&str>,
    ) -> Result<&mut Vec<InstanceDesc>, EditError> {
        Ok(match part {
            None => &mut self.instances,
            Some(name) => &mut self.own_part_mut(name)?.instances,
        })
    }

    /// The wires of the level showing `part` that reach pins (all the part's wires inside a
    /// part; `None`: the top level's pin wires).
    ///
    /// # Errors
    /// [`EditError::LibraryPart`] if `part` is not one of the document's own parts.
    pub fn level_wires_mut(&mut self, part: Option<&str>) -> Result<&mut Vec<WireDesc>, EditError> {
        Ok(match part {
            None => &mut self.pin_wires,
            Some(name) => &mut self.own_part_mut(name)?.wires,
        })
    }

    /// The document's own part `name`, to edit.
    fn own_part_mut(&mut self, name: &str) -> Result<&mut PartDesc, EditError> {
        self.subcircuits
            .iter_mut()
            .find(|p| p.name == name)
            .ok_or_else(|| EditError::LibraryPart(name.to_owned()))
    }

    // ----- writing a level back -----

    /// Writes the level at `path`, as edited in the flat `circuit`, back into its part's
    /// definition (so that every instance of the part follows after [`Design::sync`]); at
    /// the top level, whose nodes the circuit holds, only drops the pin wires whose node is
    /// gone. `renamed` maps old labels to new ones at this level, so that wires to pins
    /// follow a rename.
    ///
    /// The definition's order is kept: pins as they were, nodes updated in place (a renamed
    /// node in its old place), removed ones dropped, new ones at the end; wires among the
    /// level's own nodes come from the circuit, wires reaching a pin stay (following renames,
    /// dropped with their nodes). Linear in the circuit's size.
    ///
    /// # Errors
    /// [`EditError::LibraryPart`] if the level shows a library part.
    pub fn harvest_level(
        &mut self,
        circuit: &Circuit,
        path: &[String],
        renamed: &BTreeMap<String, String>,
    ) -> Result<(), EditError> {
        let prefix = path_prefix(path);
        let follow = |end: &str| renamed.get(end).cloned().unwrap_or_else(|| end.to_owned());
        let Some(part_name) = self.part_at(path).map(|p| p.name.clone()) else {
            // The top level: the circuit holds its nodes; pin wires follow renames and go
            // with their nodes.
            let instances = self.instances.clone();
            self.pin_wires.retain_mut(|w| {
                w.from = follow(&w.from);
                w.to = follow(&w.to);
                [&w.from, &w.to].into_iter().all(|end| {
                    WireEnd::parse(end, &instances).is_pin() || circuit.find(end).is_some()
                })
            });
            return Ok(());
        };
        let part = self.own_part_mut(&part_name)?;
        let level: Vec<(NodeId, Node)> = circuit
            .nodes()
            .filter_map(|(id, n)| {
                let rest = level_label(&prefix, &n.label)?;
                Some((
                    id,
                    Node {
                        label: rest.to_owned(),
                        ..n.clone()
                    },
                ))
            })
            .collect();
        let on_level: BTreeSet<NodeId> = level.iter().map(|(id, _)| *id).collect();
        let pins: BTreeSet<String> = part
            .input_pins()
            .into_iter()
            .chain(part.output_pins())
            .collect();
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
                WireEnd::parse(&w.from, &instances),
                WireEnd::parse(&w.to, &instances),
            );
            let is_pin = |e: &WireEnd| match e {
                WireEnd::Pin { .. } => true,
                WireEnd::Node(l) => pins.contains(l),
            };
            if !is_pin(&from) && !is_pin(&to) {
                continue;
            }
            let keep = |end: WireEnd| match end {
                WireEnd::Pin { .. } => Some(end.to_text()),
                WireEnd::Node(l) => {
                    let l = follow(&l);
                    level_labels.contains(l.as_str()).then_some(l)
                }
            };
            if let (Some(from), Some(to)) = (keep(from), keep(to)) {
                wires.push(WireDesc::new(from, to, w.input));
            }
        }
        part.nodes = nodes;
        part.wires = wires;
        Ok(())
    }

    // ----- instances -----

    /// Renames instance `old` of the level showing `part` (`None`: the top level) to `new`;
    /// the level's wires to its pins follow. Does not check `new` (see
    /// [`check_instance_label`]) nor rename paths elsewhere (see
    /// [`renamed_path`](Self::renamed_path)).
    ///
    /// # Errors
    /// [`EditError::LibraryPart`], or [`EditError::NoInstance`] if there is no `old`.
    pub fn rename_instance(
        &mut self,
        part: Option<&str>,
        old: &str,
        new: &str,
    ) -> Result<(), EditError> {
        new.clone_into(
            &mut self
                .level_instances_mut(part)?
                .iter_mut()
                .find(|i| i.label == old)
                .ok_or_else(|| EditError::NoInstance(old.to_owned()))?
                .label,
        );
        for w in self.level_wires_mut(part)? {
            for end in [&mut w.from, &mut w.to] {
                if let WireEnd::Pin { pin, .. } = WireEnd::parse_with(end, |i| i == old) {
                    *end = WireEnd::pin_text(new, &pin);
                }
            }
        }
        Ok(())
    }

    /// Removes instance `label` of the level showing `part` and the wires to its pins.
    ///
    /// # Errors
    /// [`EditError::LibraryPart`], or [`EditError::NoInstance`] if there is no `label`.
    pub fn remove_instance(&mut self, part: Option<&str>, label: &str) -> Result<(), EditError> {
        let instances = self.level_instances_mut(part)?;
        let before = instances.len();
        instances.retain(|i| i.label != label);
        if instances.len() == before {
            return Err(EditError::NoInstance(label.to_owned()));
        }
        let of_it = |end: &str| WireEnd::is_pin_with(end, |i| i == label);
        self.level_wires_mut(part)?
            .retain(|w| !of_it(&w.from) && !of_it(&w.to));
        Ok(())
    }

    /// `path` (a flat label, `a/b/x`) with every step through instance `old` of `part`
    /// (`None`: the top level) renamed to `new`, or `None` if it does not pass through one:
    /// renaming an instance inside a part renames it under every instance of the part. The
    /// last step is the node itself, never an instance.
    pub fn renamed_path(
        &self,
        path: &str,
        part: Option<&str>,
        old: &str,
        new: &str,
    ) -> Option<String> {
        let steps: Vec<String> = path.split('/').map(str::to_owned).collect();
        let mut out = steps.clone();
        let mut changed = false;
        for i in 0..steps.len().saturating_sub(1) {
            if steps[i] != old {
                continue;
            }
            let holder = match i {
                0 => None,
                _ => match self.part_at(&steps[..i]) {
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

    // ----- extracting a part -----

    /// Works out a new part made of the nodes `selection` of the level at `path` (nodes
    /// not on that level are ignored), to be put in their place by [`Extraction::apply`].
    /// Every wire crossing the selection's boundary becomes a pin — an input per outside
    /// driver, named after it (`A`, `Cin`; an instance's pin after the pin), and an output per
    /// inside node feeding the outside, named after the terminal it drives (`S`; else the
    /// node's label and `_out`), each name made unique in the part (`A_2`) — ordered by the
    /// driver's position (top to bottom, then left to right, then by name). The circuit
    /// computes the same afterwards (a property test).
    ///
    /// # Errors
    /// [`EditError::EmptySelection`] if no selected node is on the level,
    /// [`EditError::PinInSelection`] for a switch, button, lamp or probe (it would become a
    /// pin of the part).
    pub fn plan_extraction(
        &self,
        circuit: &Circuit,
        path: &[String],
        selection: impl IntoIterator<Item = NodeId>,
    ) -> Result<Extraction, EditError> {
        let prefix = path_prefix(path);
        let on_level = |label: &str| level_label(&prefix, label).is_some();
        let ids: Vec<NodeId> = selection
            .into_iter()
            .filter(|&id| circuit.node(id).is_some_and(|n| on_level(&n.label)))
            .collect();
        if ids.is_empty() {
            return Err(EditError::EmptySelection);
        }
        if let Some(&id) = ids.iter().find(|&&id| {
            circuit[id].kind.is_input() || circuit[id].kind.role() == crate::Role::Terminal
        }) {
            return Err(EditError::PinInSelection(circuit[id].label.clone()));
        }
        let c = circuit;
        let local = |id: NodeId| c[id].label[prefix.len()..].to_owned();
        let inside: BTreeSet<String> = ids.iter().map(|&id| local(id)).collect();
        let position = |id: NodeId| c[id].pos.map_or((0, 0), |p| (p.y, p.x));
        let instances = self.level_instances(path);
        let pins_here = self.level_pins(path);
        // Where an outside end sits, for ordering pins: its node's or instance's position.
        let end_position = |end: &WireEnd| -> (i32, i32) {
            match end {
                WireEnd::Node(l) => c
                    .find(&format!("{prefix}{l}"))
                    .map(position)
                    .or_else(|| {
                        pins_here
                            .iter()
                            .find(|n| n.label == *l)
                            .and_then(|n| n.pos.map(|p| (p.y, p.x)))
                    })
                    .unwrap_or((0, 0)),
                WireEnd::Pin { instance, .. } => instances
                    .iter()
                    .find(|i| i.label == *instance)
                    .and_then(|i| i.pos.map(|p| (p.y, p.x)))
                    .unwrap_or((0, 0)),
            }
        };
        // Every wire of the level: among its nodes (from the circuit) and to pins.
        let mut level_wires: Vec<(WireEnd, WireEnd, u8)> = c
            .wires()
            .filter(|(_, w)| on_level(&c[w.from].label) && on_level(&c[w.to].label))
            .map(|(_, w)| {
                (
                    WireEnd::Node(local(w.from)),
                    WireEnd::Node(local(w.to)),
                    w.input,
                )
            })
            .collect();
        level_wires.extend(self.level_pin_wires(path));
        let is_inside = |e: &WireEnd| matches!(e, WireEnd::Node(l) if inside.contains(l));
        let mut inputs: BTreeMap<WireEnd, Vec<(String, u8)>> = BTreeMap::new();
        let mut outputs: BTreeMap<String, Vec<(WireEnd, u8)>> = BTreeMap::new();
        let mut internal = Vec::new();
        for (from, to, input) in level_wires {
            match (is_inside(&from), is_inside(&to)) {
                (true, true) => internal.push(WireDesc::new(from.to_text(), to.to_text(), input)),
                (false, true) => inputs.entry(from).or_default().push((to.to_text(), input)),
                (true, false) => outputs.entry(from.to_text()).or_default().push((to, input)),
                (false, false) => {}
            }
        }
        let mut inputs: Vec<(WireEnd, Vec<(String, u8)>)> = inputs.into_iter().collect();
        inputs.sort_by_key(|(end, _)| (end_position(end), end.clone()));
        let mut outputs: Vec<(String, Vec<(WireEnd, u8)>)> = outputs.into_iter().collect();
        outputs.sort_by_key(|(label, _)| {
            (
                c.find(&format!("{prefix}{label}")).map(position),
                label.clone(),
            )
        });
        let (input_names, output_names) =
            pin_names(c, &prefix, &pins_here, &inside, &inputs, &outputs);
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
        Ok(Extraction {
            ids,
            inside: inside.into_iter().collect(),
            nodes,
            internal,
            inputs,
            outputs,
            input_names,
            output_names,
            origin,
        })
    }
}

/// The names of an extraction's input and output pins (see [`Design::plan_extraction`]): an
/// input after its driver (a switch `A`, a gate, an instance's pin), an output after the
/// terminal it drives (a lamp `S`), else after its driver inside with `_out`; unique in the part
/// (`inside` are the labels of the nodes the part takes).
fn pin_names(
    c: &Circuit,
    prefix: &str,
    pins_here: &[Node],
    inside: &BTreeSet<String>,
    inputs: &[(WireEnd, Vec<(String, u8)>)],
    outputs: &[(String, Vec<(WireEnd, u8)>)],
) -> (Vec<String>, Vec<String>) {
    let mut taken: BTreeSet<String> = inside.clone();
    let is_terminal = |label: &str| {
        c.find(&format!("{prefix}{label}"))
            .map(|id| c[id].kind)
            .or_else(|| pins_here.iter().find(|n| n.label == label).map(|n| n.kind))
            .is_some_and(|k| k.role() == crate::Role::Terminal)
    };
    let input_names = inputs
        .iter()
        .map(|(end, _)| {
            let net = match end {
                WireEnd::Node(l) => l.as_str(),
                WireEnd::Pin { pin, .. } => pin.as_str(),
            };
            unique_pin_name(net, &mut taken)
        })
        .collect();
    let output_names = outputs
        .iter()
        .map(|(from, sinks)| {
            let terminal = sinks.iter().find_map(|(end, _)| match end {
                WireEnd::Node(l) if is_terminal(l) => Some(l.clone()),
                _ => None,
            });
            let net = terminal.unwrap_or_else(|| format!("{from}_out"));
            unique_pin_name(&net, &mut taken)
        })
        .collect();
    (input_names, output_names)
}

/// `net` made a valid pin name (no `.` or `/`, which separate instances, pins and paths) that
/// `taken` does not hold (`net_2`, `net_3`, … if it does), added to `taken`.
fn unique_pin_name(net: &str, taken: &mut BTreeSet<String>) -> String {
    let base: String = net
        .chars()
        .map(|ch| if matches!(ch, '.' | '/') { '_' } else { ch })
        .collect();
    let base = if base.is_empty() {
        "pin".to_owned()
    } else {
        base
    };
    let name = if taken.contains(&base) {
        // At most `taken.len()` names are taken, so one of these is free.
        (2..=taken.len() + 2)
            .map(|n| format!("{base}_{n}"))
            .find(|n| !taken.contains(n))
            .unwrap_or_default()
    } else {
        base
    };
    taken.insert(name.clone());
    name
}

/// The pins and contents of a part about to be extracted from a selection (see
/// [`Design::plan_extraction`]).
#[derive(Clone, Debug)]
pub struct Extraction {
    /// The selected nodes on the level, in the flat circuit.
    ids: Vec<NodeId>,
    /// Their labels at the level.
    inside: Vec<String>,
    /// The selected nodes, labelled at the level.
    nodes: Vec<Node>,
    /// Wires among them.
    internal: Vec<WireDesc>,
    /// Each outside driver (becoming an input pin) and the inside inputs it feeds.
    inputs: Vec<(WireEnd, Vec<(String, u8)>)>,
    /// Each inside node feeding the outside (becoming an output pin) and what it feeds there.
    outputs: Vec<(String, Vec<(WireEnd, u8)>)>,
    /// The input pins' names, one per entry of `inputs`.
    input_names: Vec<String>,
    /// The output pins' names, one per entry of `outputs`.
    output_names: Vec<String>,
    /// The top-left of the selection: where the instance goes.
    origin: Pos,
}

impl Extraction {
    /// Where the new instance goes: the top-left corner of the selection, in cells.
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// The names of the part's input pins, then of its output pins (see
    /// [`Design::plan_extraction`]).
    pub fn pin_names(&self) -> (&[String], &[String]) {
        (&self.input_names, &self.output_names)
    }

    /// The part, named `name`: its input pins in a column at the left, the selected nodes
    /// right of them (moved so the selection's corner is at x = 4), its output pins right of
    /// the rightmost node.
    pub fn part(&self, name: &str) -> PartDesc {
        let shift = |p: Option<Pos>| {
            p.map(|p| Pos {
                x: p.x - self.origin.x + 4,
                y: p.y - self.origin.y,
            })
        };
        let right = self
            .nodes
            .iter()
            .filter_map(|n| shift(n.pos).map(|p| p.x + width_in_cells(n.kind)))
            .max()
            .unwrap_or(4)
            + 3;
        let row = |i: usize| i32::try_from(3 * i).unwrap_or(i32::MAX / 4);
        let mut nodes: Vec<Node> = self
            .inputs
            .iter()
            .enumerate()
            .map(|(i, _)| Node::new(self.input_names[i].clone(), NodeKind::Switch).at(0, row(i)))
            .collect();
        nodes.extend(self.nodes.iter().map(|n| Node {
            pos: shift(n.pos),
            ..n.clone()
        }));
        nodes.extend(self.outputs.iter().enumerate().map(|(i, _)| {
            Node::new(self.output_names[i].clone(), NodeKind::Lamp).at(right, row(i))
        }));
        let mut wires = self.internal.clone();
        for (i, (_, sinks)) in self.inputs.iter().enumerate() {
            for (to, input) in sinks {
                wires.push(WireDesc::new(
                    self.input_names[i].clone(),
                    to.clone(),
                    *input,
                ));
            }
        }
        for (i, (from, _)) in self.outputs.iter().enumerate() {
            wires.push(WireDesc::new(from.clone(), self.output_names[i].clone(), 0));
        }
        PartDesc {
            name: name.to_owned(),
            nodes,
            wires,
            instances: Vec::new(),
            inputs: None,
            outputs: None,
            notes: Vec::new(),
        }
    }

    /// Puts the extraction in place on the level showing `level` (`None`: the top level;
    /// the level [`Design::plan_extraction`] read): the selected nodes leave `circuit`, part
    /// `name` joins the design's own parts, an instance `instance` of it (at
    /// [`origin`](Self::origin)) joins the level, wired as the nodes were. Call
    /// [`Design::sync`] next to rebuild the instances in `circuit`.
    ///
    /// # Errors
    /// [`EditError::LibraryPart`] if the level shows a library part (then the selected
    /// nodes are already removed from `circuit`: callers keep a copy to restore).
    pub fn apply(
        &self,
        design: &mut Design,
        circuit: &mut Circuit,
        level: Option<&str>,
        name: &str,
        instance: &str,
    ) -> Result<(), EditError> {
        let part = self.part(name);
        // Out with the selected nodes, in with the instance and the boundary wires.
        for &id in &self.ids {
            circuit.remove_node(id);
        }
        design.level_instances_mut(level)?.push(InstanceDesc::new(
            instance,
            name,
            Some(self.origin),
        ));
        let gone: BTreeSet<&str> = self.inside.iter().map(String::as_str).collect();
        let wires = design.level_wires_mut(level)?;
        wires.retain(|w| !gone.contains(w.from.as_str()) && !gone.contains(w.to.as_str()));
        for (i, (driver, _)) in self.inputs.iter().enumerate() {
            wires.push(WireDesc::new(
                driver.to_text(),
                WireEnd::pin_text(instance, &self.input_names[i]),
                0,
            ));
        }
        for (i, (_, sinks)) in self.outputs.iter().enumerate() {
            for (sink, input) in sinks {
                wires.push(WireDesc::new(
                    WireEnd::pin_text(instance, &self.output_names[i]),
                    sink.to_text(),
                    *input,
                ));
            }
        }
        design.subcircuits.push(part);
        if let Some(level) = level {
            // Inside a part its nodes live in the definition too (its wires were replaced
            // above: a part's wire list is its level's wire list).
            design
                .own_part_mut(level)?
                .nodes
                .retain(|n| !gone.contains(n.label.as_str()));
        }
        Ok(())
    }
}

/// The width of a node of `kind` in whole cells, as the canvas draws it
/// ([`footprint`](crate::layout::footprint)).
fn width_in_cells(kind: NodeKind) -> i32 {
    i32::from(crate::layout::footprint(kind).0)
}

#[cfg(test)]
mod tests {
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
        let design = crate::format::from_str(NESTED).expect("valid").design;
        let outer = Some("outer");
        // Renaming `u` inside `outer` renames it under every instance of `outer`.
        let renamed = |path, part, old, new| design.renamed_path(path, part, old, new);
        assert_eq!(renamed("A/u/g", outer, "u", "v").as_deref(), Some("A/v/g"));
        assert_eq!(renamed("B/u/g", outer, "u", "v").as_deref(), Some("B/v/g"));
        // The top level's own node `u` is not that instance, nor is a leaf named `u`.
        assert_eq!(renamed("u", outer, "u", "v"), None);
        assert_eq!(renamed("A/u", outer, "u", "v"), None);
        // Renaming the top level's `A` leaves `B`'s paths alone.
        assert_eq!(renamed("A/u/g", None, "A", "C").as_deref(), Some("C/u/g"));
        assert_eq!(renamed("B/u/g", None, "A", "C"), None);
        // A path the design does not have is left alone.
        assert_eq!(renamed("Z/u/g", outer, "u", "v"), None);
    }

    #[test]
    fn renaming_and_removing_an_instance_carry_its_wires() {
        let mut doc = crate::format::from_str(NESTED).expect("valid");
        let design = &mut doc.design;
        design
            .rename_instance(Some("outer"), "u", "v")
            .expect("renames");
        let outer = design.part("outer").expect("a part").0;
        assert_eq!(outer.instances[0].label, "v");
        assert_eq!(outer.wires[0].to, "v.a");
        assert_eq!(outer.wires[1].from, "v.y");
        assert_eq!(
            design.rename_instance(Some("outer"), "u", "w"),
            Err(super::EditError::NoInstance("u".into()))
        );
        design.remove_instance(Some("outer"), "v").expect("removes");
        let outer = design.part("outer").expect("a part").0;
        assert!(outer.instances.is_empty() && outer.wires.is_empty());
        design.sync(&mut doc.circuit).expect("syncs");
        assert!(doc.circuit.find("A/u/g").is_none() && doc.circuit.find("A/v/g").is_none());
        assert!(super::check_instance_label("a b").is_err());
        assert!(super::check_instance_label("a.b").is_err());
        assert!(super::check_instance_label("ab").is_ok());
    }

    #[test]
    fn extracted_pins_are_named_after_the_nets_they_cut() {
        let doc = crate::format::from_str(
            r#"(
            version: 1,
            nodes: [
                (label: "A", kind: Switch, pos: (0, 0)),
                (label: "Cin", kind: Switch, pos: (0, 4)),
                (label: "X", kind: Xor(2), pos: (6, 0)),
                (label: "N", kind: Not, pos: (6, 4)),
                (label: "G", kind: Buf, pos: (12, 4)),
                (label: "S", kind: Lamp, pos: (12, 0)),
                (label: "T", kind: Lamp, pos: (18, 4)),
            ],
            wires: [
                (from: "A", to: "X", input: 0),
                (from: "Cin", to: "X", input: 1),
                (from: "Cin", to: "N"),
                (from: "X", to: "S"),
                (from: "N", to: "G"),
                (from: "G", to: "T"),
            ],
        )"#,
        )
        .expect("valid");
        let c = &doc.circuit;
        let selection = ["X", "N"].map(|l| c.find(l).expect("a node"));
        let plan = doc
            .design
            .plan_extraction(c, &[], selection)
            .expect("extracts");
        let (inputs, outputs) = plan.pin_names();
        assert_eq!(inputs, ["A", "Cin"]);
        // X drives the lamp S; N drives a gate, so its pin is named after N.
        assert_eq!(outputs, ["S", "N_out"]);

        let mut taken = std::collections::BTreeSet::from(["A".to_owned()]);
        assert_eq!(super::unique_pin_name("A", &mut taken), "A_2");
        assert_eq!(super::unique_pin_name("A", &mut taken), "A_3");
        assert_eq!(super::unique_pin_name("u.y", &mut taken), "u_y");
    }
}
