//! Flattening: a part's instances expanded, recursively, into one list of nodes and wires
//! labelled by instance path, after a check that the result fits the node limit.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};

use super::error::{HierarchyError, MAX_DEPTH};
use super::part::PartDesc;
use crate::bus::{self, BusDecl};
use crate::desc::{InstanceDesc, Node, WireDesc, WireEnd};
use crate::kind::Role;
use crate::memory::MemoryDecl;

/// A flattened level: single-trit nodes labelled by instance path, their wires, and the
/// buses among the nodes (see [`crate::bus`]).
pub type Flattening = (Vec<Node>, Vec<WireDesc>, Vec<BusDecl>, Vec<MemoryDecl>);

/// A part ready to flatten.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub name: String,
    pub origin: String,
    pub nodes: Vec<Node>,
    pub wires: Vec<WireDesc>,
    pub instances: Vec<InstanceDesc>,
    pub inputs: Option<Vec<String>>,
    pub outputs: Option<Vec<String>>,
}

impl Part {
    pub(crate) fn from_desc(desc: PartDesc, origin: &str) -> Part {
        Part {
            name: desc.name,
            origin: origin.to_owned(),
            nodes: desc.nodes,
            wires: desc.wires,
            instances: desc.instances,
            inputs: desc.inputs,
            outputs: desc.outputs,
        }
    }

    fn pins(&self, role: Role, explicit: Option<&Vec<String>>) -> Vec<String> {
        explicit.cloned().unwrap_or_else(|| {
            self.nodes
                .iter()
                .filter(|n| n.kind.role() == role && (role != Role::Source || n.kind.is_input()))
                .map(|n| n.label.clone())
                .collect()
        })
    }
}

/// A flattened part: nodes and wires with labels relative to it, and its pins.
#[derive(Clone, Debug, Default)]
struct Flat {
    nodes: Vec<Node>,
    wires: Vec<WireDesc>,
    /// Input pin → the (node, input) it feeds.
    inputs: Vec<(String, Vec<(String, u8)>)>,
    /// Output pin → the node that drives it.
    outputs: Vec<(String, Option<String>)>,
    /// The buses among `nodes`.
    buses: Vec<BusDecl>,
    /// The memories among `nodes`.
    memories: Vec<MemoryDecl>,
}

/// The flat nodes and wires of `top` (a part whose pins are kept, as the top level's
/// switches and lamps), with `parts` available to its instances.
///
/// # Errors
/// [`HierarchyError`] naming the instance path.
pub(crate) fn flatten(
    top: &Part,
    parts: &BTreeMap<String, Part>,
    max_nodes: u64,
) -> Result<Flattening, HierarchyError> {
    check_size(top, parts, max_nodes)?;
    let mut memo: HashMap<String, Flat> = HashMap::new();
    let flat = flatten_part(top, parts, &mut memo, &mut Vec::new(), "", true)?;
    Ok((flat.nodes, flat.wires, flat.buses, flat.memories))
}

impl Part {
    /// The width of pin `pin` of instance `instance` of this part, as [`bus::expand`] asks.
    fn pin_width(&self, parts: &BTreeMap<String, Part>, instance: &str, pin: &str) -> Option<u8> {
        let inst = self.instances.iter().find(|i| i.label == instance)?;
        let def = parts.get(&inst.of)?;
        def.nodes.iter().find(|n| n.label == pin).map(|n| n.width)
    }

    /// This part with its buses expanded into single trits (see [`crate::bus`]).
    fn expand_buses(
        &self,
        parts: &BTreeMap<String, Part>,
        path: &str,
    ) -> Result<(Part, Vec<BusDecl>, Vec<MemoryDecl>), HierarchyError> {
        let pin_width = |i: &str, p: &str| self.pin_width(parts, i, p);
        let e = bus::expand(
            self.nodes.clone(),
            self.wires.clone(),
            self.inputs.clone(),
            self.outputs.clone(),
            &pin_width,
        )
        .map_err(|error| HierarchyError::Bus {
            path: if path.is_empty() {
                String::new()
            } else {
                format!("{path} (part `{}` in {})", self.name, self.origin)
            },
            error,
        })?;
        let part = Part {
            name: self.name.clone(),
            origin: self.origin.clone(),
            nodes: e.nodes,
            wires: e.wires,
            instances: self.instances.clone(),
            inputs: e.inputs,
            outputs: e.outputs,
        };
        Ok((part, e.buses, e.memories))
    }
}

/// Checks, before anything is allocated, that flattening `top` makes at most `max_nodes`
/// nodes. Each part's size is counted once (memoized), so this is linear in the size of the
/// *description*, not of the flattening: a chain of parts each placing the one below twice
/// is refused at once however deep it goes. Unknown parts and cycles count nothing here;
/// [`expand`] reports them.
///
/// # Errors
/// [`HierarchyError::TooLarge`] naming the deepest instance that alone exceeds the limit (or,
/// if none does, the top level's largest instance), its part and its size.
fn check_size(
    top: &Part,
    parts: &BTreeMap<String, Part>,
    max_nodes: u64,
) -> Result<(), HierarchyError> {
    let mut sizes: HashMap<&str, u64> = HashMap::new();
    let total = size_of(top, true, parts, &mut sizes, &mut HashSet::new());
    if total <= max_nodes {
        return Ok(());
    }
    // Descend through the largest instance (the first of equals) while it alone is over the
    // limit, each part at most once (in case parts contain each other: `expand` reports it).
    let size = |inst: &InstanceDesc| sizes.get(inst.of.as_str()).copied().unwrap_or(0);
    let (mut path, mut part, mut inst_size) = (String::new(), top.name.clone(), total);
    let mut seen: HashSet<&str> = HashSet::new();
    let mut level = top;
    while let Some(biggest) = level.instances.iter().min_by_key(|i| Reverse(size(i))) {
        let s = size(biggest);
        let Some(next) = parts.get(&biggest.of) else {
            break;
        };
        if (!path.is_empty() && s <= max_nodes) || !seen.insert(&biggest.of) {
            break;
        }
        if !path.is_empty() {
            path.push('/');
        }
        path.push_str(&biggest.label);
        (part, inst_size) = (biggest.of.clone(), s);
        if s <= max_nodes {
            break;
        }
        level = next;
    }
    Err(HierarchyError::TooLarge {
        total,
        limit: max_nodes,
        path,
        part,
        size: inst_size,
    })
}

/// The number of nodes flattening `part` makes (its pins dropped unless `keep_pins`),
/// saturating; `sizes` memoizes each part's, `open` holds the parts being counted (a cycle
/// counts nothing).
fn size_of<'a>(
    part: &'a Part,
    keep_pins: bool,
    parts: &'a BTreeMap<String, Part>,
    sizes: &mut HashMap<&'a str, u64>,
    open: &mut HashSet<&'a str>,
) -> u64 {
    let width = |n: &Node| {
        if n.kind.is_wiring() {
            0
        } else {
            usize::from(n.width)
        }
    };
    let own = if keep_pins {
        part.nodes.iter().map(width).sum::<usize>()
    } else {
        let pins: HashSet<String> = part
            .pins(Role::Source, part.inputs.as_ref())
            .into_iter()
            .chain(part.pins(Role::Terminal, part.outputs.as_ref()))
            .collect();
        part.nodes
            .iter()
            .filter(|n| !pins.contains(&n.label))
            .map(width)
            .sum()
    };
    let mut total = u64::try_from(own).unwrap_or(u64::MAX);
    open.insert(&part.name);
    for inst in &part.instances {
        let Some((name, def)) = parts.get_key_value(&inst.of) else {
            continue;
        };
        let child = match sizes.get(name.as_str()) {
            Some(&n) => n,
            None if open.contains(name.as_str()) => 0,
            None => {
                // Deeper than parts may nest: `expand` refuses it by name; counting stops.
                if open.len() >= MAX_DEPTH {
                    continue;
                }
                let n = size_of(def, false, parts, sizes, open);
                sizes.insert(name, n);
                n
            }
        };
        total = total.saturating_add(child);
    }
    open.remove(part.name.as_str());
    total
}

#[allow(clippy::too_many_lines)] // one pass over a part: pins, instances, wires
/// Flattens `part`; `keep_pins` keeps its pin nodes (the top level), else they become the
/// [`Flat`]'s pin tables.
fn flatten_part(
    part: &Part,
    parts: &BTreeMap<String, Part>,
    memo: &mut HashMap<String, Flat>,
    chain: &mut Vec<String>,
    path: &str,
    keep_pins: bool,
) -> Result<Flat, HierarchyError> {
    let here = |label: &str| {
        if path.is_empty() {
            label.to_owned()
        } else {
            format!("{path}/{label}")
        }
    };
    if chain.len() >= MAX_DEPTH {
        return Err(HierarchyError::TooDeep {
            path: path.to_owned(),
            depth: MAX_DEPTH,
        });
    }
    let (part, buses, memories) = &part.expand_buses(parts, path)?;
    chain.push(part.name.clone());
    let inputs = part.pins(Role::Source, part.inputs.as_ref());
    let outputs = part.pins(Role::Terminal, part.outputs.as_ref());
    for pin in inputs.iter().chain(&outputs) {
        if !part.nodes.iter().any(|n| n.label == *pin) {
            return Err(HierarchyError::Pin {
                path: here(&part.name),
                message: format!(
                    "pin `{pin}` is not a node of part `{}` ({})",
                    part.name, part.origin
                ),
            });
        }
    }
    let pin_set: HashSet<&str> = if keep_pins {
        HashSet::new()
    } else {
        inputs.iter().chain(&outputs).map(String::as_str).collect()
    };
    let is_pin = |label: &str| pin_set.contains(label);
    let mut flat = Flat {
        nodes: part
            .nodes
            .iter()
            .filter(|n| !is_pin(&n.label))
            .cloned()
            .collect(),
        inputs: inputs.iter().map(|p| (p.clone(), Vec::new())).collect(),
        outputs: outputs.iter().map(|p| (p.clone(), None)).collect(),
        buses: buses
            .iter()
            .filter(|b| !is_pin(&crate::literal::bit_label(&b.label, 0)))
            .cloned()
            .collect(),
        memories: memories.clone(),
        ..Flat::default()
    };
    // The instances inside, each flattened once per part and copied with its prefix.
    let mut children: HashMap<String, Flat> = HashMap::new();
    for inst in &part.instances {
        let inst_path = here(&inst.label);
        let Some(def) = parts.get(&inst.of) else {
            return Err(HierarchyError::UnknownPart {
                path: inst_path,
                part: inst.of.clone(),
                known: parts.keys().cloned().collect::<Vec<_>>().join(", "),
            });
        };
        if let Some(at) = chain.iter().position(|c| *c == inst.of) {
            let mut cycle = chain[at..].to_vec();
            cycle.push(inst.of.clone());
            return Err(HierarchyError::Cycle(format!(
                "{} (instance `{inst_path}`)",
                cycle.join(" → ")
            )));
        }
        if !memo.contains_key(&inst.of) {
            let f = flatten_part(def, parts, memo, chain, &inst_path, false)?;
            memo.insert(inst.of.clone(), f);
        }
        let child = &memo[&inst.of];
        let prefix = |l: &str| format!("{}/{l}", inst.label);
        flat.nodes.extend(child.nodes.iter().map(|n| Node {
            label: prefix(&n.label),
            ..n.clone()
        }));
        // A part's bends are drawn at its own level, not in the flat circuit.
        flat.wires.extend(
            child
                .wires
                .iter()
                .map(|w| WireDesc::new(prefix(&w.from), prefix(&w.to), w.input)),
        );
        flat.buses.extend(child.buses.iter().map(|b| BusDecl {
            label: prefix(&b.label),
            ..b.clone()
        }));
        flat.memories
            .extend(child.memories.iter().map(|m| MemoryDecl {
                label: prefix(&m.label),
                ..m.clone()
            }));
        // Only the pin tables are needed to wire the instance.
        children.insert(
            inst.label.clone(),
            Flat {
                inputs: child.inputs.clone(),
                outputs: child.outputs.clone(),
                ..Flat::default()
            },
        );
    }
    let pins = Pins {
        children: &children,
        is_pin: &is_pin,
        path,
        part: &part.name,
    };
    for wire in &part.wires {
        pins.connect(wire, &mut flat)?;
    }
    chain.pop();
    Ok(flat)
}

/// How a part's wires reach pins: its instances' pin tables, and its own pins.
struct Pins<'a> {
    children: &'a HashMap<String, Flat>,
    is_pin: &'a dyn Fn(&str) -> bool,
    path: &'a str,
    part: &'a str,
}

impl Pins<'_> {
    fn here(&self, label: &str) -> String {
        if self.path.is_empty() {
            label.to_owned()
        } else {
            format!("{}/{label}", self.path)
        }
    }

    /// A wire end `I.p` names pin `p` of instance `I`.
    fn pin_of(&self, end: &str) -> Option<(String, String)> {
        match WireEnd::parse_with(end, |inst| self.children.contains_key(inst)) {
            WireEnd::Pin { instance, pin } => Some((instance, pin)),
            WireEnd::Node(_) => None,
        }
    }

    /// Adds `wire` to `flat`: through instance pins, or into this part's pin tables.
    fn connect(&self, wire: &WireDesc, flat: &mut Flat) -> Result<(), HierarchyError> {
        let (children, is_pin) = (self.children, self.is_pin);
        let here = |label: &str| self.here(label);
        let pin_of = |end: &str| self.pin_of(end);

        // The drivers of the wire's source: a node, an instance's output pin, or this part's
        // input pin (then the wire feeds the pin's table).
        let from_pin = pin_of(&wire.from);
        let source: Option<String> = match &from_pin {
            Some((inst, pin)) => {
                let child = &children[inst];
                let Some((_, driver)) = child.outputs.iter().find(|(p, _)| p == pin) else {
                    return Err(HierarchyError::Pin {
                        path: here(inst),
                        message: format!(
                            "`{}` has no output pin `{pin}` (outputs: {})",
                            inst,
                            child
                                .outputs
                                .iter()
                                .map(|(p, _)| p.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    });
                };
                let Some(driver) = driver else {
                    return Err(HierarchyError::Pin {
                        path: here(inst),
                        message: format!("output pin `{pin}` is not driven inside the part"),
                    });
                };
                Some(format!("{inst}/{driver}"))
            }
            None if is_pin(&wire.from) => None,
            None => Some(wire.from.clone()),
        };
        // The targets: a node's input, an instance's input pin (every input it feeds), or
        // this part's output pin (then the source drives the pin).
        let targets: Vec<(String, u8)> = match pin_of(&wire.to) {
            Some((inst, pin)) => {
                let child = &children[&inst];
                let Some((_, fed)) = child.inputs.iter().find(|(p, _)| *p == pin) else {
                    return Err(HierarchyError::Pin {
                        path: here(&inst),
                        message: format!(
                            "`{inst}` has no input pin `{pin}` (inputs: {})",
                            child
                                .inputs
                                .iter()
                                .map(|(p, _)| p.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    });
                };
                fed.iter()
                    .map(|(n, i)| (format!("{inst}/{n}"), *i))
                    .collect()
            }
            None if is_pin(&wire.to) => {
                let Some(src) = &source else {
                    return Err(HierarchyError::Pin {
                        path: here(self.part),
                        message: format!(
                            "input pin `{}` is wired straight to output pin `{}`; put a buffer between",
                            wire.from, wire.to
                        ),
                    });
                };
                if let Some((_, driver)) = flat.outputs.iter_mut().find(|(p, _)| *p == wire.to) {
                    *driver = Some(src.clone());
                }
                return Ok(());
            }
            None => vec![(wire.to.clone(), wire.input)],
        };
        match source {
            // A wire between two nodes of this level stays as written (with its bends).
            Some(src) if src == wire.from && targets == [(wire.to.clone(), wire.input)] => {
                flat.wires.push(wire.clone());
            }
            Some(src) => flat.wires.extend(
                targets
                    .into_iter()
                    .map(|(to, input)| WireDesc::new(src.clone(), to, input)),
            ),
            None => {
                if let Some((_, fed)) = flat.inputs.iter_mut().find(|(p, _)| *p == wire.from) {
                    fed.extend(targets);
                }
            }
        }
        Ok(())
    }
}
