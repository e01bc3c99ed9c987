//! One Yosys module as a Tritium [`PartDesc`]: its ports as pins (buses), its cells as
//! gates and flip-flops ([`super::cells`]), the modules it places as instances, constants as
//! constant nodes, and the nodes that drive a net of the source named after it.

use std::collections::{HashMap, HashSet};

use super::cells::{CellKind, Gate};
use super::json::{Bit, Direction, Module, Netlist};
use super::memory::{self, Mapped, Memory, Patch};
use super::{ImportWarning, YosysError};
use crate::desc::{InstanceDesc, Node, Pos, WireDesc};
use crate::kind::NodeKind;
use crate::literal::Literal;
use crate::memory::ContentsDecl;
use crate::parts::{Builder, bit_ranges};
use crate::trit::Trit;

/// Cells the importer skips: they describe, they compute nothing.
const IGNORED_CELLS: [&str; 1] = ["$scopeinfo"];

/// The widest port: a bus holds at most 64 trits.
const MAX_PORT_WIDTH: usize = crate::bus::MAX_WIDTH as usize;

/// A module's part and what it warns about.
pub(super) struct Built {
    /// The part.
    pub part: crate::hierarchy::PartDesc,
    /// Warnings.
    pub warnings: Vec<ImportWarning>,
}

/// A label Tritium accepts for `name`: printable ASCII other than `,`, `=`, `.` and `/`
/// (which wire ends and instance paths use), others as `_`; never empty.
pub(super) fn label(name: &str) -> String {
    let name = name.strip_prefix('\\').unwrap_or(name);
    let text: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && !matches!(c, ',' | '=' | '.' | '/') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if text.is_empty() {
        "_".to_owned()
    } else {
        text
    }
}

/// The module state while its part is built.
struct Level<'a> {
    name: &'a str,
    builder: Builder,
    /// The signal (wire end) that drives each net, and what drives it (for messages).
    drivers: HashMap<u64, (String, String)>,
    /// The constant nodes made so far: 0, 1, unknown.
    constants: [Option<String>; 3],
    /// The source's name of each net bit, for messages.
    names: HashMap<u64, String>,
    /// Nets read but driven by nothing, in the order first read.
    undriven: Vec<u64>,
    /// What to change in the finished part's nodes (memories' widths and words, power-on
    /// values).
    patches: Vec<Patch>,
    /// Warnings so far.
    warnings: Vec<ImportWarning>,
}

/// A cell whose output nodes exist and whose inputs are still to wire.
enum Pending {
    /// A gate cell not built yet (gates are built in topological order, each after its
    /// drivers, so that the layout's columns are logic levels).
    Gate(Gate),
    /// A simple cell and its output node, its inputs to wire.
    Simple(CellKind, String),
    /// A cell built whole.
    Done,
    /// An instance of a module, by its label.
    Instance(String),
    /// A memory and the output nodes of each read port.
    Memory(Memory<Bit>, Vec<Vec<String>>),
}

impl Level<'_> {
    /// Records that `signal` (named `by` in messages) drives `bit`.
    fn drive(&mut self, bit: Bit, signal: String, by: String) -> Result<(), YosysError> {
        let Bit::Net(net) = bit else {
            // A port whose bit is a constant: the output shows the constant; nothing to
            // record for an input or a cell output tied off by Yosys.
            return Ok(());
        };
        if let Some((_, first)) = self.drivers.get(&net) {
            return Err(YosysError::DrivenTwice {
                module: self.name.to_owned(),
                net: self.net_name(net),
                first: first.clone(),
                second: by,
            });
        }
        self.drivers.insert(net, (signal, by));
        Ok(())
    }

    fn net_name(&self, net: u64) -> String {
        self.names
            .get(&net)
            .cloned()
            .unwrap_or_else(|| format!("#{net}"))
    }

    /// The signal that drives `bit`: its driver, a constant node, or (undriven) the
    /// unknown constant.
    fn signal(&mut self, bit: Bit) -> String {
        let value = match bit {
            Bit::Net(net) => {
                if let Some((signal, _)) = self.drivers.get(&net) {
                    return signal.clone();
                }
                if !self.undriven.contains(&net) {
                    self.undriven.push(net);
                }
                Trit::Unknown
            }
            Bit::Zero => Trit::False,
            Bit::One => Trit::True,
            Bit::Unknown => Trit::Unknown,
        };
        let slot = &mut self.constants[match value {
            Trit::False => 0,
            Trit::True => 1,
            Trit::Unknown => 2,
        }];
        slot.get_or_insert_with(|| self.builder.constant(value))
            .clone()
    }
}

/// Builds module `name` of `netlist` as a part.
///
/// # Errors
/// [`YosysError`] naming the module and the cell, port or net at fault.
pub(super) fn build(netlist: &Netlist, name: &str, module: &Module) -> Result<Built, YosysError> {
    let mut level = Level {
        name,
        builder: Builder::default(),
        drivers: HashMap::new(),
        constants: [None, None, None],
        names: net_names(module),
        undriven: Vec::new(),
        patches: Vec::new(),
        warnings: Vec::new(),
    };
    check_ports(name, module)?;
    add_inputs(&mut level, module)?;
    let instances = instance_labels(module, &mut level.builder);
    let muxes = muxes(module);
    // Pass 1: every sequential cell's and instance's output nodes, so that any cell may read
    // their nets; then the gates, in topological order.
    let mut outputs = Vec::with_capacity(module.cells.0.len());
    for (cell_name, cell) in &module.cells.0 {
        if IGNORED_CELLS.contains(&cell.type_name.as_str()) {
            continue;
        }
        let pending = if let Some(kind) = CellKind::parse(&cell.type_name) {
            if let CellKind::Gate(gate) = kind {
                outputs.push((cell_name, cell, Pending::Gate(gate)));
                continue;
            }
            let out = level.builder.add(kind.output_node(), &[]);
            let bit = single(name, cell_name, cell, kind.output_port())?;
            level.drive(bit, out.clone(), format!("`{cell_name}`"))?;
            Pending::Simple(kind, out)
        } else if matches!(cell.type_name.as_str(), "$mem" | "$mem_v2") {
            let mut memory = Memory::parse(cell)
                .map_err(|why| unsupported_because(name, cell_name, &cell.type_name, why))?;
            memory.see_through_write_muxes(&|bit| muxes.get(&bit).copied());
            let outs = memory_outputs(&mut level, &memory, cell_name)?;
            Pending::Memory(memory, outs)
        } else if let Some((_, sub)) = netlist.modules.0.iter().find(|(m, _)| *m == cell.type_name)
        {
            let instance = instances[cell_name.as_str()].clone();
            place_outputs(&mut level, sub, cell_name, cell, &instance)?;
            Pending::Instance(instance)
        } else {
            return Err(unsupported(name, cell_name, &cell.type_name));
        };
        outputs.push((cell_name, cell, pending));
    }
    build_gates(&mut level, &mut outputs)?;
    // Pass 2: the inputs.
    let mut placed = Vec::new();
    for (cell_name, cell, pending) in outputs {
        match pending {
            Pending::Gate(_) | Pending::Done => {}
            Pending::Simple(kind, out) => {
                let mut pins = HashMap::new();
                for port in kind.input_ports() {
                    let bit = single(name, cell_name, cell, port)?;
                    pins.insert(*port, level.signal(bit));
                }
                kind.wire(&mut level.builder, &out, &|p| pins[p].clone());
            }
            Pending::Instance(out) => {
                wire_instance_inputs(&mut level, netlist, cell, &out);
                placed.push(InstanceDesc::new(out, label(&cell.type_name), None));
            }
            Pending::Memory(memory, outs) => {
                let memory = memory.resolve(&mut |bit| level.signal(bit));
                let (mapped, patches) = memory::build(&mut level.builder, &memory, &outs)
                    .map_err(|why| unsupported_because(name, cell_name, &cell.type_name, why))?;
                level.patches.extend(patches);
                if let Mapped::FlipFlops(why) = mapped {
                    level.warnings.push(ImportWarning::MemoryAsFlipFlops {
                        module: name.to_owned(),
                        memory: cell_name.clone(),
                        why,
                    });
                }
            }
        }
    }
    for (port, p) in &module.ports.0 {
        if p.direction == Direction::Output {
            let signals: Vec<String> = p.bits.iter().map(|&b| level.signal(b)).collect();
            level.builder.output(&label(port), &signals);
        }
    }
    if !level.undriven.is_empty() {
        let nets = level.undriven.iter().map(|&n| level.net_name(n)).collect();
        level.warnings.push(ImportWarning::Undriven {
            module: name.to_owned(),
            nets,
        });
    }
    let warnings = level.warnings;
    let drivers = level.drivers;
    let mut part = level.builder.finish(label(name));
    apply(&mut part.nodes, level.patches);
    place_instances(&mut part, placed);
    name_nets(&mut part, module, &drivers);
    Ok(Built { part, warnings })
}

/// A cell being built: its name, its JSON and what is left to do.
type Cells<'m> = Vec<(&'m String, &'m super::json::Cell, Pending)>;

/// Builds the gate cells among `cells` in topological order (Kahn's algorithm on the nets
/// between them), each gate after the gates that drive it; the gates on a combinational
/// loop get their output node first and their inputs wired with the other cells'.
///
/// # Errors
/// A malformed gate cell, or a net driven twice.
fn build_gates(level: &mut Level<'_>, cells: &mut Cells<'_>) -> Result<(), YosysError> {
    let name = level.name;
    let mut driver: HashMap<u64, usize> = HashMap::new();
    for (i, (cell_name, cell, pending)) in cells.iter().enumerate() {
        if let Pending::Gate(gate) = pending
            && let Bit::Net(net) =
                single(name, cell_name, cell, CellKind::Gate(*gate).output_port())?
        {
            driver.insert(net, i);
        }
    }
    let mut readers: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut waiting = vec![0usize; cells.len()];
    for (i, (cell_name, cell, pending)) in cells.iter().enumerate() {
        let Pending::Gate(gate) = pending else {
            continue;
        };
        for port in CellKind::Gate(*gate).input_ports() {
            if let Bit::Net(net) = single(name, cell_name, cell, port)?
                && let Some(&j) = driver.get(&net)
            {
                readers.entry(j).or_default().push(i);
                waiting[i] += 1;
            }
        }
    }
    let mut ready: Vec<usize> = (0..cells.len())
        .filter(|&i| matches!(cells[i].2, Pending::Gate(_)) && waiting[i] == 0)
        .collect();
    ready.reverse();
    let mut order = Vec::new();
    while let Some(i) = ready.pop() {
        order.push(i);
        for &j in readers.get(&i).into_iter().flatten() {
            waiting[j] -= 1;
            if waiting[j] == 0 {
                ready.push(j);
            }
        }
    }
    // The gates on (or after) a loop: output nodes now, inputs with the other cells.
    let mut in_order = vec![false; cells.len()];
    for &i in &order {
        in_order[i] = true;
    }
    for (i, (cell_name, cell, pending)) in cells.iter_mut().enumerate() {
        if let Pending::Gate(gate) = *pending
            && !in_order[i]
        {
            let kind = CellKind::Gate(gate);
            let out = level.builder.add(kind.output_node(), &[]);
            let bit = single(name, cell_name, cell, kind.output_port())?;
            level.drive(bit, out.clone(), format!("`{cell_name}`"))?;
            *pending = Pending::Simple(kind, out);
        }
    }
    for i in order {
        let (cell_name, cell, pending) = &mut cells[i];
        let Pending::Gate(gate) = *pending else {
            continue;
        };
        let kind = CellKind::Gate(gate);
        let mut pins = HashMap::new();
        for port in kind.input_ports() {
            let bit = single(name, cell_name, cell, port)?;
            pins.insert(*port, level.signal(bit));
        }
        let out = gate.build(&mut level.builder, &|p| pins[p].clone());
        let bit = single(name, cell_name, cell, kind.output_port())?;
        level.drive(bit, out, format!("`{cell_name}`"))?;
        *pending = Pending::Done;
    }
    Ok(())
}

/// Wires the inputs of instance `out` (a cell placing a module): a pin of one bit from its
/// signal, a bus through a merger.
fn wire_instance_inputs(
    level: &mut Level<'_>,
    netlist: &Netlist,
    cell: &super::json::Cell,
    out: &str,
) {
    let sub = netlist
        .modules
        .get(&cell.type_name)
        .map_or(&[][..], |m| &m.ports.0[..]);
    for (port, p) in sub {
        if p.direction != Direction::Input {
            continue;
        }
        let Some(bits) = cell.connections.get(port) else {
            continue;
        };
        let signals: Vec<String> = bits.iter().map(|&b| level.signal(b)).collect();
        let end = format!("{out}.{}", label(port));
        let from = if signals.len() == 1 {
            signals[0].clone()
        } else {
            let width = u8::try_from(signals.len()).unwrap_or(u8::MAX);
            level
                .builder
                .add(NodeKind::Merge(bit_ranges(width)), &signals)
        };
        level.builder.wire(&from, &end, 0);
    }
}

/// The input pins, driving their nets, with the output pins' labels reserved.
fn add_inputs(level: &mut Level<'_>, module: &Module) -> Result<(), YosysError> {
    for (port, p) in &module.ports.0 {
        if p.direction == Direction::Output {
            level.builder.reserve(&label(port));
        }
    }
    for (port, p) in &module.ports.0 {
        if p.direction == Direction::Input {
            let width = u8::try_from(p.bits.len()).unwrap_or(u8::MAX);
            let bits = level.builder.input(&label(port), width);
            for (bit, signal) in p.bits.iter().zip(bits) {
                level.drive(*bit, signal, format!("input port `{port}`"))?;
            }
        }
    }
    Ok(())
}

/// The `[A, B, S]` of every `$_MUX_` by the net it drives.
fn muxes(module: &Module) -> HashMap<Bit, [Bit; 3]> {
    module
        .cells
        .0
        .iter()
        .filter(|(_, c)| c.type_name == "$_MUX_")
        .filter_map(|(_, c)| {
            let one = |port: &str| match c.connections.get(port).map(Vec::as_slice) {
                Some([bit]) => Some(*bit),
                _ => None,
            };
            Some((one("Y")?, [one("A")?, one("B")?, one("S")?]))
        })
        .collect()
}

/// Every port is an input or an output, at most a bus wide.
fn check_ports(name: &str, module: &Module) -> Result<(), YosysError> {
    for (port, p) in &module.ports.0 {
        let why = if p.direction == Direction::Inout {
            "an inout port: Tritium's nets have one driver".to_owned()
        } else if p.bits.len() > MAX_PORT_WIDTH {
            format!(
                "{} bits wide, more than a bus's {MAX_PORT_WIDTH}",
                p.bits.len()
            )
        } else if p.bits.is_empty() {
            "no bits".to_owned()
        } else {
            continue;
        };
        return Err(YosysError::Port {
            module: name.to_owned(),
            port: port.clone(),
            why,
        });
    }
    Ok(())
}

/// Every net bit's name from the source (`hide_name: 0`): `name` for one bit, `name[k]`.
fn net_names(module: &Module) -> HashMap<u64, String> {
    let mut names = HashMap::new();
    for (net, n) in module.netnames.0.iter().filter(|(_, n)| n.hide_name == 0) {
        for (k, bit) in n.bits.iter().enumerate() {
            if let Bit::Net(id) = bit {
                let name = if n.bits.len() == 1 {
                    net.clone()
                } else {
                    format!("{net}[{k}]")
                };
                names.entry(*id).or_insert(name);
            }
        }
    }
    names
}

/// The label of each instance (a cell placing a module): its name made a label, unique,
/// reserved so that no gate takes it.
fn instance_labels<'m>(module: &'m Module, builder: &mut Builder) -> HashMap<&'m str, String> {
    let mut taken: HashSet<String> = module.ports.0.iter().map(|(p, _)| label(p)).collect();
    let mut labels = HashMap::new();
    for (cell_name, cell) in &module.cells.0 {
        if cell.type_name.starts_with('$') {
            continue;
        }
        let base = label(cell_name);
        let mut unique = base.clone();
        let mut k = 1;
        while taken.contains(&unique) {
            unique = format!("{base}_{k}");
            k += 1;
        }
        builder.reserve(&unique);
        taken.insert(unique.clone());
        labels.insert(cell_name.as_str(), unique);
    }
    labels
}

/// Records the nets an instance's outputs drive: pin `I.p` for one bit, a splitter's
/// outputs for a bus.
fn place_outputs(
    level: &mut Level<'_>,
    sub: &Module,
    cell_name: &str,
    cell: &super::json::Cell,
    instance: &str,
) -> Result<(), YosysError> {
    for (port, p) in &sub.ports.0 {
        if p.direction != Direction::Output {
            continue;
        }
        let Some(bits) = cell.connections.get(port) else {
            continue;
        };
        if bits.len() != p.bits.len() {
            return Err(YosysError::Malformed {
                module: level.name.to_owned(),
                cell: cell_name.to_owned(),
                message: format!(
                    "port `{port}` has {} bits, module `{}` {}",
                    bits.len(),
                    cell.type_name,
                    p.bits.len()
                ),
            });
        }
        let end = format!("{instance}.{}", label(port));
        let signals: Vec<String> = if bits.len() == 1 {
            vec![end]
        } else {
            let width = u8::try_from(bits.len()).unwrap_or(u8::MAX);
            let split = level.builder.add(NodeKind::Split(bit_ranges(width)), &[]);
            level.builder.wire(&end, &split, 0);
            (0..width).map(|k| format!("{split}.{k}")).collect()
        };
        for (bit, signal) in bits.iter().zip(signals) {
            level.drive(*bit, signal, format!("`{cell_name}.{port}`"))?;
        }
    }
    Ok(())
}

/// The one bit on port `port` of a simple cell.
fn single(
    module: &str,
    cell_name: &str,
    cell: &super::json::Cell,
    port: &str,
) -> Result<Bit, YosysError> {
    match cell.connections.get(port).map(Vec::as_slice) {
        Some([bit]) => Ok(*bit),
        other => Err(YosysError::Malformed {
            module: module.to_owned(),
            cell: cell_name.to_owned(),
            message: match other {
                None => format!("{} has no port `{port}`", cell.type_name),
                Some(bits) => format!("port `{port}` has {} bits, not 1", bits.len()),
            },
        }),
    }
}

/// The output nodes of each read port of `memory` (cell `cell_name`), driving its data
/// nets.
fn memory_outputs(
    level: &mut Level<'_>,
    memory: &Memory<Bit>,
    cell_name: &str,
) -> Result<Vec<Vec<String>>, YosysError> {
    memory
        .reads
        .iter()
        .map(|port| {
            port.data
                .iter()
                .map(|&bit| {
                    let out = level.builder.add(memory::read_output_node(port), &[]);
                    level.drive(bit, out.clone(), format!("`{cell_name}`"))?;
                    Ok(out)
                })
                .collect()
        })
        .collect()
}

/// Applies `patches` to the part's `nodes`.
fn apply(nodes: &mut [Node], patches: Vec<Patch>) {
    let mut by_label: HashMap<String, Patch> = HashMap::with_capacity(patches.len());
    for patch in patches {
        let (Patch::Memory { label, .. } | Patch::Init { label, .. }) = &patch;
        by_label.insert(label.clone(), patch);
    }
    for node in nodes {
        match by_label.remove(&node.label) {
            Some(Patch::Memory { width, words, .. }) => {
                node.width = width;
                node.contents = words.map(|words| Box::new(ContentsDecl::Words(literals(&words))));
            }
            Some(Patch::Init { value, .. }) => node.init = Some(value),
            None => {}
        }
    }
}

/// Words as literals (`0b1x01`, most significant bit first).
fn literals(words: &[Vec<Trit>]) -> Vec<Literal> {
    words
        .iter()
        .map(|word| {
            let digits: String = word
                .iter()
                .rev()
                .map(|t| match t {
                    Trit::False => '0',
                    Trit::True => '1',
                    Trit::Unknown => 'x',
                })
                .collect();
            Literal::Text(format!("0b{digits}"))
        })
        .collect()
}

/// [`YosysError::UnsupportedCell`] saying `why`.
fn unsupported_because(module: &str, cell: &str, cell_type: &str, why: String) -> YosysError {
    YosysError::UnsupportedCell {
        cell_type: cell_type.to_owned(),
        module: module.to_owned(),
        cell: cell.to_owned(),
        why,
    }
}

/// The error for a cell type Tritium does not map.
fn unsupported(module: &str, cell: &str, cell_type: &str) -> YosysError {
    let why = if cell_type.starts_with("$_") {
        "not a simple cell Tritium maps".to_owned()
    } else if cell_type.starts_with('$') {
        "a coarse cell: run `techmap` (the documented script) to get simple cells".to_owned()
    } else {
        "no module of that name in the netlist".to_owned()
    };
    YosysError::UnsupportedCell {
        cell_type: cell_type.to_owned(),
        module: module.to_owned(),
        cell: cell.to_owned(),
        why,
    }
}

/// Places the instances in a column right of the part's gates, stacked.
fn place_instances(part: &mut crate::hierarchy::PartDesc, instances: Vec<InstanceDesc>) {
    let right = part
        .nodes
        .iter()
        .filter(|n| n.kind != NodeKind::Lamp && !n.kind.is_wiring())
        .filter_map(|n| n.pos.map(|p| p.x))
        .max()
        .unwrap_or(0);
    for (row, mut instance) in (0..).zip(instances) {
        instance.pos = Some(Pos {
            x: right + 8,
            y: 12 * row,
        });
        part.instances.push(instance);
    }
}

/// Names the nodes that drive a net of the source after it (`count` for one bit,
/// `count[3]`), where that label is free, and gives a flip-flop whose net has an `init`
/// attribute its power-on value.
fn name_nets(
    part: &mut crate::hierarchy::PartDesc,
    module: &Module,
    drivers: &HashMap<u64, (String, String)>,
) {
    let mut taken: HashSet<String> = part.nodes.iter().map(|n| n.label.clone()).collect();
    taken.extend(part.instances.iter().map(|i| i.label.clone()));
    let ports: HashSet<&str> = module.ports.0.iter().map(|(p, _)| p.as_str()).collect();
    let mut renames: HashMap<String, String> = HashMap::new();
    let mut inits: HashMap<String, Trit> = HashMap::new();
    for (net, n) in &module.netnames.0 {
        let init = n.attributes.init.as_ref().and_then(|v| v.digits());
        for (k, bit) in n.bits.iter().enumerate() {
            let Bit::Net(id) = bit else { continue };
            let Some((signal, by)) = drivers.get(id) else {
                continue;
            };
            if !by.starts_with('`') || signal.contains('.') {
                continue; // a port's bit, or an instance's output
            }
            if let Some(digit) = init.and_then(|d| d.chars().rev().nth(k)) {
                let value = match digit {
                    '0' => Some(Trit::False),
                    '1' => Some(Trit::True),
                    _ => None,
                };
                if let Some(value) = value {
                    inits.insert(signal.clone(), value);
                }
            }
            if n.hide_name != 0 || ports.contains(net.as_str()) || renames.contains_key(signal) {
                continue;
            }
            let wanted = if n.bits.len() == 1 {
                label(net)
            } else {
                format!("{}[{k}]", label(net))
            };
            if taken.insert(wanted.clone()) {
                renames.insert(signal.clone(), wanted);
            }
        }
    }
    for node in &mut part.nodes {
        if let Some(&value) = inits.get(&node.label) {
            node.init = Some(value);
        }
        if let Some(new) = renames.get(&node.label) {
            node.label.clone_from(new);
        }
    }
    let rename = |end: &mut String| {
        if let Some(new) = renames.get(end.as_str()) {
            end.clone_from(new);
        }
    };
    for WireDesc { from, to, .. } in &mut part.wires {
        rename(from);
        rename(to);
    }
}
