//! The hierarchical export: one module per part, with named port connections.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use super::names::{Names, plain_identifier};
use super::{MemoryImage, Warning, image_text, memory_statement, memory_words, node_statement};
use crate::desc::{SplitOutput, WireEnd};
use crate::{NodeKind, Role};

/// One level of a hierarchy: a part's or the top level's nodes, wires and instances.
pub(super) struct Level<'a> {
    pub(super) nodes: &'a [crate::Node],
    pub(super) wires: &'a [crate::WireDesc],
    pub(super) instances: &'a [crate::desc::InstanceDesc],
}

/// A level's `nodes` and `wires` with its tunnels resolved into wires
/// ([`crate::tunnel::resolve`]), so a module declares no net for a tunnel. Loading resolved
/// this very level already, so it cannot fail here; were it to, the level is kept as written.
pub(super) fn without_tunnels(
    nodes: &[crate::Node],
    wires: &[crate::WireDesc],
) -> (Vec<crate::Node>, Vec<crate::WireDesc>) {
    crate::tunnel::resolve(nodes.to_vec(), wires.to_vec())
        .unwrap_or_else(|_| (nodes.to_vec(), wires.to_vec()))
}

/// A written part module: its name and its ports' identifiers.
pub(super) struct Ports {
    module: String,
    inputs: Vec<String>,
    outputs: Vec<String>,
}

/// Writes the modules of a hierarchy, each part once, inner parts first.
pub(super) struct Hierarchy<'a> {
    pub(super) design: &'a crate::hierarchy::Design,
    /// Part name → its module.
    pub(super) modules: HashMap<String, Ports>,
    /// Module names used so far.
    pub(super) taken: HashSet<String>,
    pub(super) out: String,
    /// What the Verilog cannot show, in words.
    pub(super) warnings: Vec<Warning>,
    /// The memory images the modules read, in order.
    pub(super) images: Vec<MemoryImage>,
}

impl Hierarchy<'_> {
    /// Writes part `name` (and the parts inside it) unless written already.
    pub(super) fn part(&mut self, name: &str) {
        if self.modules.contains_key(name) {
            return;
        }
        let Some((desc, _)) = self.design.part(name) else {
            return; // the loader refuses unknown parts; nothing to write
        };
        for inst in &desc.instances {
            self.part(&inst.of);
        }
        let base = plain_identifier(name);
        let mut module = base.clone();
        let mut n = 0;
        while !self.taken.insert(module.clone()) {
            n += 1;
            module = format!("{base}_{n}");
        }
        let (inputs, outputs) = (desc.input_pins(), desc.output_pins());
        // Flattening keeps a part's other sources and terminals as nodes of the circuit (so
        // `tritium vectors` drives and prints them); a module has no port for them.
        for node in &desc.nodes {
            let (part, label, kind) = (name.to_owned(), node.label.clone(), node.kind);
            self.warnings.push(match node.kind.role() {
                Role::Source
                    if !matches!(node.kind, NodeKind::Constant(_))
                        && !inputs.contains(&node.label) =>
                {
                    Warning::SourceNotInputPin { part, label, kind }
                }
                Role::Terminal if !outputs.contains(&node.label) => {
                    Warning::TerminalNotOutputPin { part, label, kind }
                }
                _ => continue,
            });
        }
        let (nodes, wires) = without_tunnels(&desc.nodes, &desc.wires);
        let level = Level {
            nodes: &nodes,
            wires: &wires,
            instances: &desc.instances,
        };
        let (inputs, outputs) = self.module(&module, &level, Some((&inputs, &outputs)));
        self.modules.insert(
            name.to_owned(),
            Ports {
                module,
                inputs,
                outputs,
            },
        );
    }

    /// Writes one module; `pins` are a part's input and output pins (`None`: the top level,
    /// ported like a flat circuit). Returns the ports' identifiers.
    pub(super) fn module(
        &mut self,
        module: &str,
        level: &Level<'_>,
        pins: Option<(&[String], &[String])>,
    ) -> (Vec<String>, Vec<String>) {
        let mut names = Names::default();
        let (inputs, outputs, port_labels) = ports_of(level, pins);
        let nets = Nets::new(
            self.design,
            level,
            &port_labels,
            &outputs,
            pins.is_some(),
            &mut names,
        );
        let arrays = self.arrays(module, level, &mut names);
        let net = |to: &str, input: u8| nets.net(to, input);
        let input_set: HashSet<&str> = inputs.iter().copied().collect();
        let port_set: HashSet<&str> = port_labels.iter().copied().collect();

        let out = &mut self.out;
        let port_ids: Vec<&str> = port_labels.iter().map(|l| nets.node(l)).collect();
        let _ = writeln!(out, "module {module}({});", port_ids.join(", "));
        for label in &port_labels {
            let decl = if input_set.contains(label) {
                "input"
            } else {
                "output"
            };
            let range = range(nets.width(label));
            let _ = writeln!(out, "  {decl} {range}{};", nets.node(label));
        }
        for n in level.nodes {
            if !port_set.contains(n.label.as_str()) {
                let decl = if n.kind.is_flip_flop() { "reg" } else { "wire" };
                let range = range(nets.width(&n.label));
                let _ = writeln!(out, "  {decl} {range}{};", nets.node(&n.label));
            }
        }
        for (id, width) in &nets.instance_pins {
            let _ = writeln!(out, "  wire {}{id};", range(*width));
        }
        for n in level.nodes {
            let (label, id) = (n.label.as_str(), nets.node(&n.label));
            if input_set.contains(label) {
                continue;
            }
            if nets.output_pins.contains(label) {
                let _ = writeln!(out, "  assign {id} = {};", net(label, 0));
            } else if let Some(array) = arrays.get(label) {
                let image = array
                    .image
                    .as_ref()
                    .map(|(file, hex)| (file.as_str(), *hex));
                memory_statement(out, n, (id, &array.name), image, &net);
            } else {
                node_statement(out, n, id, &net);
            }
        }
        for inst in level.instances {
            let (Some(ports), Some((desc, _))) =
                (self.modules.get(&inst.of), self.design.part(&inst.of))
            else {
                continue;
            };
            let end = |pin: &str| WireEnd::pin_text(&inst.label, pin);
            let (inputs, outputs) = (desc.input_pins(), desc.output_pins());
            let pin_width = |pin: &str| {
                desc.nodes
                    .iter()
                    .find(|n| n.label == pin)
                    .map_or(1, |n| usize::from(n.width))
            };
            let connections: Vec<String> = (inputs.iter().zip(&ports.inputs))
                .map(|(pin, port)| {
                    let v = net(&end(pin), 0);
                    let v = if v == "1'bx" {
                        super::replicate(pin_width(pin), &v)
                    } else {
                        v
                    };
                    format!(".{port}({v})")
                })
                .chain(
                    (outputs.iter().zip(&ports.outputs))
                        .map(|(pin, port)| format!(".{port}({})", nets.pin_ids[&end(pin)])),
                )
                .collect();
            let _ = writeln!(
                out,
                "  {} {} ({});",
                ports.module,
                names.name(&inst.label),
                connections.join(", ")
            );
        }
        out.push_str("endmodule\n");
        let ids_of = |labels: &[&str]| labels.iter().map(|l| nets.node(l).to_owned()).collect();
        (ids_of(&inputs), ids_of(&outputs))
    }
}

/// A memory's array in a module: its name, and its image's file and whether it is hex.
struct Array {
    name: String,
    image: Option<(String, bool)>,
}

impl Hierarchy<'_> {
    /// The arrays of the memories of `level` (written as module `module`), named in `names`;
    /// their images (those with known words) added to `self.images`, named
    /// `MODULE_MEMORY.mem` and suffixed against clashes.
    fn arrays<'l>(
        &mut self,
        module: &str,
        level: &Level<'l>,
        names: &mut Names,
    ) -> HashMap<&'l str, Array> {
        let mut arrays = HashMap::new();
        for n in level.nodes.iter().filter(|n| n.kind.is_memory()) {
            let name = names.name(&format!("{}_mem", n.label));
            let words = memory_words(n, self.design);
            let image = image_text(&n.label, &words, n.width).map(|(text, hex)| {
                let base = format!("{module}_{}", plain_identifier(&n.label));
                let mut file = format!("{base}.mem");
                let mut k = 0;
                while self.images.iter().any(|i| i.file == file) {
                    k += 1;
                    file = format!("{base}_{k}.mem");
                }
                self.images.push(MemoryImage {
                    file: file.clone(),
                    text,
                });
                (file, hex)
            });
            arrays.insert(n.label.as_str(), Array { name, image });
        }
        arrays
    }
}

/// A module's nets: the identifiers of its nodes and of its instances' output pins, and what
/// drives each input.
///
/// Wires are read as the loader's flattening reads them: an end `I.p` is pin `p` of instance
/// `I`; an instance's input pin and a part's output pin take the last wire into them, whatever
/// its input number; a part's output pin drives nothing inside the part.
struct Nets<'a> {
    /// Node label → identifier.
    node_ids: HashMap<&'a str, String>,
    /// Instance output pin `I.p` → the identifier of its net.
    pin_ids: HashMap<String, String>,
    /// Those nets, in order, with their widths.
    instance_pins: Vec<(String, usize)>,
    /// Node label or instance output pin `I.p` → its width, where above 1.
    widths: HashMap<String, usize>,
    /// The level's splitters, by label.
    splits: HashMap<&'a str, crate::kind::Ranges>,
    /// The instances' labels.
    instances: HashSet<&'a str>,
    /// A part's output pins (none for the top level, whose outputs are lamps and probes).
    output_pins: HashSet<&'a str>,
    /// (node or instance pin, input) → the wire end that drives it.
    driver: HashMap<(&'a str, u8), &'a str>,
}

impl<'a> Nets<'a> {
    /// Names the nets of `level` (ports first) in `names`.
    fn new(
        design: &crate::hierarchy::Design,
        level: &Level<'a>,
        port_labels: &[&'a str],
        outputs: &[&'a str],
        part: bool,
        names: &mut Names,
    ) -> Nets<'a> {
        let mut node_ids: HashMap<&str, String> = HashMap::new();
        for label in
            (port_labels.iter().copied()).chain(level.nodes.iter().map(|n| n.label.as_str()))
        {
            if !node_ids.contains_key(label) {
                node_ids.insert(label, names.name(label));
            }
        }
        let mut pin_ids = HashMap::new();
        let mut instance_pins = Vec::new();
        let mut widths: HashMap<String, usize> = level
            .nodes
            .iter()
            .filter(|n| n.width > 1 || n.kind.is_wiring())
            .map(|n| {
                let width = match n.kind {
                    NodeKind::Split(r) | NodeKind::Merge(r) => r.width(),
                    _ => usize::from(n.width),
                };
                (n.label.clone(), width)
            })
            .collect();
        for inst in level.instances {
            let Some((desc, _)) = design.part(&inst.of) else {
                continue;
            };
            for pin in desc.output_pins() {
                let end = WireEnd::pin_text(&inst.label, &pin);
                let id = names.name(&end);
                let width = desc
                    .nodes
                    .iter()
                    .find(|n| n.label == pin)
                    .map_or(1, |n| usize::from(n.width));
                if width > 1 {
                    widths.insert(end.clone(), width);
                }
                instance_pins.push((id.clone(), width));
                pin_ids.insert(end, id);
            }
        }
        let splits = level
            .nodes
            .iter()
            .filter_map(|n| match n.kind {
                NodeKind::Split(r) => Some((n.label.as_str(), r)),
                _ => None,
            })
            .collect();
        let mut nets = Nets {
            node_ids,
            pin_ids,
            instance_pins,
            widths,
            splits,
            instances: level.instances.iter().map(|i| i.label.as_str()).collect(),
            output_pins: if part {
                outputs.iter().copied().collect()
            } else {
                HashSet::new()
            },
            driver: HashMap::new(),
        };
        for w in level.wires {
            let to = w.to.as_str();
            let input = if nets.is_pin_end(to) || nets.output_pins.contains(to) {
                0
            } else {
                w.input
            };
            nets.driver.insert((to, input), w.from.as_str());
        }
        nets
    }

    /// Whether wire end `end` is an instance's pin `I.p`.
    fn is_pin_end(&self, end: &str) -> bool {
        WireEnd::is_pin_with(end, |inst| self.instances.contains(inst))
    }

    /// The identifier of node `label`.
    fn node(&self, label: &str) -> &str {
        &self.node_ids[label]
    }

    /// The width of node (or instance output pin) `label` in trits.
    fn width(&self, label: &str) -> usize {
        self.widths.get(label).copied().unwrap_or(1)
    }

    /// Output `k` of a splitter, `SP.k`, as a part-select of the splitter's net
    /// (`SP[7:4]`, `SP[3]`); `None` if `end` is not one.
    fn split_output(&self, end: &str) -> Option<String> {
        let out = SplitOutput::parse_with(end, |label| self.splits.contains_key(label))?;
        let label = out.splitter;
        let ranges = self.splits.get(label)?;
        let r = ranges.get(out.index()?)?;
        let id = self.node_ids.get(label)?;
        Some(if r.len() == 1 {
            format!("{id}[{}]", r.start)
        } else {
            format!("{id}[{}:{}]", r.end - 1, r.start)
        })
    }

    /// The net that drives input `input` of `to` (a node or an instance's input pin), `1'bx`
    /// for none.
    fn net(&self, to: &str, input: u8) -> String {
        self.driver
            .get(&(to, input))
            .and_then(|&from| {
                if self.is_pin_end(from) {
                    self.pin_ids.get(from).cloned()
                } else if self.output_pins.contains(from) {
                    None
                } else {
                    self.node_ids
                        .get(from)
                        .cloned()
                        .or_else(|| self.split_output(from))
                }
            })
            .unwrap_or_else(|| "1'bx".to_owned())
    }
}

/// The range of a vector declaration of `width` trits: `[7:0] `, nothing for one trit.
fn range(width: usize) -> String {
    if width > 1 {
        format!("[{}:0] ", width - 1)
    } else {
        String::new()
    }
}

/// A module's input and output ports, and all its ports in their order: a part's pins (inputs
/// then outputs), or for the top level (`pins` `None`) its sources but constants and its
/// terminals, in node order (as the flat export ports a circuit).
fn ports_of<'a>(
    level: &Level<'a>,
    pins: Option<(&'a [String], &'a [String])>,
) -> (Vec<&'a str>, Vec<&'a str>, Vec<&'a str>) {
    let Some((ins, outs)) = pins else {
        let inputs: Vec<&str> = level
            .nodes
            .iter()
            .filter(|n| n.kind.role() == Role::Source && !matches!(n.kind, NodeKind::Constant(_)))
            .map(|n| n.label.as_str())
            .collect();
        let outputs: Vec<&str> = level
            .nodes
            .iter()
            .filter(|n| n.kind.role() == Role::Terminal)
            .map(|n| n.label.as_str())
            .collect();
        let ports = level
            .nodes
            .iter()
            .filter(|n| {
                n.kind.role() == Role::Terminal
                    || (n.kind.role() == Role::Source && !matches!(n.kind, NodeKind::Constant(_)))
            })
            .map(|n| n.label.as_str())
            .collect();
        return (inputs, outputs, ports);
    };
    let inputs: Vec<&str> = ins.iter().map(String::as_str).collect();
    let outputs: Vec<&str> = outs.iter().map(String::as_str).collect();
    let ports = inputs.iter().chain(&outputs).copied().collect();
    (inputs, outputs, ports)
}
