//! `tritium export verilog FILE -o FILE.v`: a circuit as structural Verilog.
//!
//! ```verilog
//! module c17(N1, N2, N3, N6, N7, \OUTPUT(N22) , \OUTPUT(N23) );
//!   input N1;
//!   ...
//!   output \OUTPUT(N22) ;
//!   wire N10;
//!   nand (N10, N1, N3);
//!   assign \OUTPUT(N22)  = N22;
//! endmodule
//! ```
//!
//! One port per source (switches, buttons and clocks: inputs) and terminal (lamps and probes:
//! outputs), in node order. Every other node is a net named after its label: gates are
//! primitives with one terminal per input, constants `assign`s, flip-flops a `reg` written by
//! `always @(posedge clk) q <= d;` (starting at x, as Tritium's flip-flops start at 0).
//! An unconnected gate input reads `1'bx`, as it reads 0 (unknown) in Tritium.
//!
//! Labels that are plain identifiers (`[A-Za-z_][A-Za-z0-9_$]*`) and not (System)Verilog
//! keywords (`SystemVerilog`'s included) are kept; the others become escaped identifiers (`\` + label + space), with any
//! character outside printable ASCII written `_uXXXX_`. A name that would clash after that is
//! suffixed `_1`, `_2`, ….
//!
//! # Subcircuits
//!
//! A document that places instances of parts (format version 2) is written hierarchically:
//! one module per part it uses, at the top level or inside other parts (library parts
//! included), inner parts first, then the top module. A part's module is named after the
//! part, made a plain identifier as the top module's name is and suffixed `_1`, `_2`, … if it
//! would clash with another module's. Its ports are the part's input pins, then its output
//! pins, in order. Inside, its own nodes are written as above; each instance is a module
//! instance with named port connections (an unwired input pin gets `1'bx`); each instance
//! output pin is a net named `INSTANCE.PIN`; each output pin is `assign`ed from its driver.
//! The top module is ported as a flat circuit is: the top level's switches, buttons and
//! clocks in, its lamps and probes out. A document without instances is written flat.
//!
//! ```verilog
//! module half_adder(a, b, s, c);
//!   input a;
//!   input b;
//!   output s;
//!   output c;
//!   wire x;
//!   wire n;
//!   xor (x, a, b);
//!   and (n, a, b);
//!   assign s = x;
//!   assign c = n;
//! endmodule
//! module full_adder(a, b, cin, s, cout);
//!   ...
//!   wire \h1.s ;
//!   ...
//!   or (\or , \h1.c , \h2.c );
//!   assign s = \h2.s ;
//!   assign cout = \or ;
//!   half_adder h1 (.a(a), .b(b), .s(\h1.s ), .c(\h1.c ));
//!   half_adder h2 (.a(\h1.s ), .b(cin), .s(\h2.s ), .c(\h2.c ));
//! endmodule
//! ```
//!
//! Modules have ports for pins only. A part's switch, button or clock that is not one of its
//! input pins reads `1'bx`, and its lamp or probe that is not an output pin has no port,
//! while the flattened circuit that `tritium vectors` simulates keeps both as inputs and
//! outputs; the command warns about each.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use sim_core::{Circuit, NodeKind, Role, Trit};

use super::args::ExportArgs;
use super::load::{is_stdin, load};
use super::{Console, Status, write_output};

/// Runs `tritium export verilog`.
///
/// # Errors
/// Bad input: the file cannot be loaded, or the output cannot be written.
pub fn run(args: &ExportArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load(&args.file)?;
    let module = args.module.clone().unwrap_or_else(|| {
        if !loaded.doc.name.is_empty() {
            loaded.doc.name.clone()
        } else if is_stdin(&args.file) {
            "circuit".to_owned()
        } else {
            stem(&args.file)
        }
    });
    let (text, warnings) = verilog_document(&loaded.doc, &plain_identifier(&module));
    write_output(&args.output, &text, console)?;
    for warning in warnings {
        console.warn(format_args!("{}: {warning}", loaded.name))?;
    }
    Ok(Status::Success)
}

/// The file name of `path` without its extension.
fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "circuit".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// `name` made a plain identifier: other characters become `_`, and a leading digit, an empty
/// name or a keyword get the prefix `m_`.
fn plain_identifier(name: &str) -> String {
    let mut id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if id.is_empty() || id.starts_with(|c: char| c.is_ascii_digit()) || is_keyword(&id) {
        id.insert_str(0, "m_");
    }
    id
}

/// The structural Verilog of `circuit` as module `module` (a plain identifier).
pub fn verilog(circuit: &Circuit, module: &str) -> String {
    let mut names = Names::default();
    let nodes: Vec<_> = circuit.nodes().collect();
    let ids: Vec<String> = nodes.iter().map(|(_, n)| names.name(&n.label)).collect();
    let index: HashMap<_, _> = nodes
        .iter()
        .enumerate()
        .map(|(i, (id, _))| (*id, i))
        .collect();
    let net = |driver: Option<sim_core::NodeId>| -> String {
        driver.map_or_else(|| "1'bx".to_owned(), |d| ids[index[&d]].clone())
    };

    let mut out = String::new();
    let _ = writeln!(out, "// Written by tritium export verilog.");
    let ports: Vec<&str> = nodes
        .iter()
        .zip(&ids)
        .filter(|((_, n), _)| {
            n.kind.role() != Role::Gate && !matches!(n.kind, NodeKind::Constant(_))
        })
        .map(|(_, id)| id.as_str())
        .collect();
    let _ = writeln!(out, "module {module}({});", ports.join(", "));
    for ((_, node), id) in nodes.iter().zip(&ids) {
        let decl = match node.kind {
            NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } => "input",
            NodeKind::Lamp | NodeKind::Probe => "output",
            NodeKind::Dff => "reg",
            _ => "wire",
        };
        let _ = writeln!(out, "  {decl} {id};");
    }
    for ((node_id, node), id) in nodes.iter().zip(&ids) {
        // Sources are the module's input ports: nothing drives them inside.
        if matches!(
            node.kind,
            NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. }
        ) {
            continue;
        }
        let drivers = circuit.drivers(*node_id);
        node_statement(&mut out, node, id, &|_, input| {
            net(drivers.get(usize::from(input)).copied().flatten())
        });
    }
    out.push_str("endmodule\n");
    out
}

/// The Verilog of `doc` as module `module` (a plain identifier), and warnings about what it
/// cannot show: [`verilog`] for a document without instances, else the hierarchical form of
/// the module documentation.
pub fn verilog_document(doc: &sim_core::format::Document, module: &str) -> (String, Vec<String>) {
    let design = &doc.design;
    if design.instances.is_empty() {
        return (verilog(&doc.circuit, module), Vec::new());
    }
    // The top level: the circuit's nodes without `/` and the wires among them, plus the wires
    // to and from instance pins, which only the design keeps.
    let c = &doc.circuit;
    let top = |label: &str| !label.contains('/');
    let nodes: Vec<sim_core::Node> = c
        .nodes()
        .filter(|(_, n)| top(&n.label))
        .map(|(_, n)| n.clone())
        .collect();
    let mut wires: Vec<sim_core::WireDesc> = c
        .wires()
        .filter(|(_, w)| top(&c[w.from].label) && top(&c[w.to].label))
        .map(|(_, w)| sim_core::WireDesc::new(&*c[w.from].label, &*c[w.to].label, w.input))
        .collect();
    wires.extend(design.pin_wires.iter().cloned());
    let mut writer = Hierarchy {
        design,
        modules: HashMap::new(),
        taken: HashSet::from([module.to_owned()]),
        out: String::new(),
        warnings: Vec::new(),
    };
    for inst in &design.instances {
        writer.part(&inst.of);
    }
    let level = Level {
        nodes: &nodes,
        wires: &wires,
        instances: &design.instances,
    };
    writer.module(module, &level, None);
    (
        format!("// Written by tritium export verilog.\n{}", writer.out),
        writer.warnings,
    )
}

/// One level of a hierarchy: a part's or the top level's nodes, wires and instances.
struct Level<'a> {
    nodes: &'a [sim_core::Node],
    wires: &'a [sim_core::WireDesc],
    instances: &'a [sim_core::hierarchy::InstanceDesc],
}

/// A written part module: its name and its ports' identifiers.
struct Ports {
    module: String,
    inputs: Vec<String>,
    outputs: Vec<String>,
}

/// Writes the modules of a hierarchy, each part once, inner parts first.
struct Hierarchy<'a> {
    design: &'a sim_core::hierarchy::Design,
    /// Part name → its module.
    modules: HashMap<String, Ports>,
    /// Module names used so far.
    taken: HashSet<String>,
    out: String,
    /// What the Verilog cannot show, in words.
    warnings: Vec<String>,
}

impl Hierarchy<'_> {
    /// Writes part `name` (and the parts inside it) unless written already.
    fn part(&mut self, name: &str) {
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
            let what = match node.kind.role() {
                Role::Source
                    if !matches!(node.kind, NodeKind::Constant(_))
                        && !inputs.contains(&node.label) =>
                {
                    "is not one of its input pins: it reads x in the Verilog"
                }
                Role::Terminal if !outputs.contains(&node.label) => {
                    "is not one of its output pins: the Verilog has no port for it"
                }
                _ => continue,
            };
            self.warnings.push(format!(
                "part `{name}`: `{}` ({}) {what}",
                node.label, node.kind
            ));
        }
        let level = Level {
            nodes: &desc.nodes,
            wires: &desc.wires,
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
    fn module(
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
            let _ = writeln!(out, "  {decl} {};", nets.node(label));
        }
        for n in level.nodes {
            if !port_set.contains(n.label.as_str()) {
                let decl = if n.kind == NodeKind::Dff {
                    "reg"
                } else {
                    "wire"
                };
                let _ = writeln!(out, "  {decl} {};", nets.node(&n.label));
            }
        }
        for id in &nets.instance_pins {
            let _ = writeln!(out, "  wire {id};");
        }
        for n in level.nodes {
            let (label, id) = (n.label.as_str(), nets.node(&n.label));
            if input_set.contains(label) {
                continue;
            }
            if nets.output_pins.contains(label) {
                let _ = writeln!(out, "  assign {id} = {};", net(label, 0));
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
            let end = |pin: &str| format!("{}.{pin}", inst.label);
            let (inputs, outputs) = (desc.input_pins(), desc.output_pins());
            let connections: Vec<String> = (inputs.iter().zip(&ports.inputs))
                .map(|(pin, port)| format!(".{port}({})", net(&end(pin), 0)))
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
    /// Those nets, in order.
    instance_pins: Vec<String>,
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
        design: &sim_core::hierarchy::Design,
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
        for inst in level.instances {
            let Some((desc, _)) = design.part(&inst.of) else {
                continue;
            };
            for pin in desc.output_pins() {
                let end = format!("{}.{pin}", inst.label);
                let id = names.name(&end);
                instance_pins.push(id.clone());
                pin_ids.insert(end, id);
            }
        }
        let mut nets = Nets {
            node_ids,
            pin_ids,
            instance_pins,
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
        end.split_once('.')
            .is_some_and(|(inst, _)| self.instances.contains(inst))
    }

    /// The identifier of node `label`.
    fn node(&self, label: &str) -> &str {
        &self.node_ids[label]
    }

    /// The net that drives input `input` of `to` (a node or an instance's input pin), `1'bx`
    /// for none.
    fn net(&self, to: &str, input: u8) -> String {
        self.driver
            .get(&(to, input))
            .and_then(|&from| {
                if self.is_pin_end(from) {
                    self.pin_ids.get(from)
                } else if self.output_pins.contains(from) {
                    None
                } else {
                    self.node_ids.get(from)
                }
            })
            .cloned()
            .unwrap_or_else(|| "1'bx".to_owned())
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

/// The statement that drives node `n` (named `id`) inside a module: a gate primitive, an
/// `assign` or a flip-flop's `always`. `net(to, input)` names the net driving input `input`
/// of `to`. Not called for input ports.
fn node_statement(
    out: &mut String,
    n: &sim_core::Node,
    id: &str,
    net: &dyn Fn(&str, u8) -> String,
) {
    match n.kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } => {
            // A source inside a part that is not one of its pins reads unknown.
            let _ = writeln!(out, "  assign {id} = 1'bx;");
        }
        NodeKind::Constant(value) => {
            let bit = match value {
                Trit::False => "1'b0",
                Trit::Unknown => "1'bx",
                Trit::True => "1'b1",
            };
            let _ = writeln!(out, "  assign {id} = {bit};");
        }
        NodeKind::Lamp | NodeKind::Probe => {
            let _ = writeln!(out, "  assign {id} = {};", net(&n.label, 0));
        }
        NodeKind::Dff => {
            let (d, clk) = (net(&n.label, 0), net(&n.label, 1));
            let _ = writeln!(out, "  always @(posedge {clk}) {id} <= {d};");
        }
        kind => {
            let inputs: Vec<String> = (0..kind.input_count())
                .map(|i| net(&n.label, u8::try_from(i).unwrap_or(u8::MAX)))
                .collect();
            let _ = writeln!(out, "  {} ({id}, {});", primitive(kind), inputs.join(", "));
        }
    }
}

/// The Verilog gate primitive of a gate kind.
fn primitive(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Buf => "buf",
        NodeKind::Not => "not",
        NodeKind::And(_) => "and",
        NodeKind::Or(_) => "or",
        NodeKind::Nand(_) => "nand",
        NodeKind::Nor(_) => "nor",
        NodeKind::Xor(_) => "xor",
        _ => "xnor",
    }
}

/// Verilog names for labels, each distinct.
#[derive(Default)]
struct Names {
    /// Names given so far, as identifiers (without escape and trailing space).
    used: HashSet<String>,
}

impl Names {
    /// The Verilog name of `label`: the label with non-ASCII characters spelled out and a
    /// suffix against clashes; escaped (ending with its space) unless that is a plain
    /// identifier and not a keyword.
    fn name(&mut self, label: &str) -> String {
        let mut base = String::new();
        for c in label.chars() {
            if c.is_ascii_graphic() {
                base.push(c);
            } else {
                let _ = write!(base, "_u{:04X}_", u32::from(c));
            }
        }
        let mut name = base.clone();
        let mut n = 0;
        while !self.used.insert(name.clone()) {
            n += 1;
            name = format!("{base}_{n}");
        }
        if is_plain(&name) && !is_keyword(&name) {
            name
        } else {
            format!("\\{name} ")
        }
    }
}

/// `[A-Za-z_][A-Za-z0-9_$]*`.
fn is_plain(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// Whether `name` is a Verilog or `SystemVerilog` (IEEE 1800-2017) keyword.
fn is_keyword(name: &str) -> bool {
    KEYWORDS.binary_search(&name).is_ok()
}

/// The reserved words of IEEE 1800-2017 (a superset of Verilog-2005's), sorted.
const KEYWORDS: &[&str] = &[
    "accept_on",
    "alias",
    "always",
    "always_comb",
    "always_ff",
    "always_latch",
    "and",
    "assert",
    "assign",
    "assume",
    "automatic",
    "before",
    "begin",
    "bind",
    "bins",
    "binsof",
    "bit",
    "break",
    "buf",
    "bufif0",
    "bufif1",
    "byte",
    "case",
    "casex",
    "casez",
    "cell",
    "chandle",
    "checker",
    "class",
    "clocking",
    "cmos",
    "config",
    "const",
    "constraint",
    "context",
    "continue",
    "cover",
    "covergroup",
    "coverpoint",
    "cross",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "dist",
    "do",
    "edge",
    "else",
    "end",
    "endcase",
    "endchecker",
    "endclass",
    "endclocking",
    "endconfig",
    "endfunction",
    "endgenerate",
    "endgroup",
    "endinterface",
    "endmodule",
    "endpackage",
    "endprimitive",
    "endprogram",
    "endproperty",
    "endsequence",
    "endspecify",
    "endtable",
    "endtask",
    "enum",
    "event",
    "eventually",
    "expect",
    "export",
    "extends",
    "extern",
    "final",
    "first_match",
    "for",
    "force",
    "foreach",
    "forever",
    "fork",
    "forkjoin",
    "function",
    "generate",
    "genvar",
    "global",
    "highz0",
    "highz1",
    "if",
    "iff",
    "ifnone",
    "ignore_bins",
    "illegal_bins",
    "implements",
    "implies",
    "import",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "inside",
    "instance",
    "int",
    "integer",
    "interconnect",
    "interface",
    "intersect",
    "join",
    "join_any",
    "join_none",
    "large",
    "let",
    "liblist",
    "library",
    "local",
    "localparam",
    "logic",
    "longint",
    "macromodule",
    "matches",
    "medium",
    "modport",
    "module",
    "nand",
    "negedge",
    "nettype",
    "new",
    "nexttime",
    "nmos",
    "nor",
    "noshowcancelled",
    "not",
    "notif0",
    "notif1",
    "null",
    "or",
    "output",
    "package",
    "packed",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "priority",
    "program",
    "property",
    "protected",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pulsestyle_ondetect",
    "pulsestyle_onevent",
    "pure",
    "rand",
    "randc",
    "randcase",
    "randsequence",
    "rcmos",
    "real",
    "realtime",
    "ref",
    "reg",
    "reject_on",
    "release",
    "repeat",
    "restrict",
    "return",
    "rnmos",
    "rpmos",
    "rtran",
    "rtranif0",
    "rtranif1",
    "s_always",
    "s_eventually",
    "s_nexttime",
    "s_until",
    "s_until_with",
    "scalared",
    "sequence",
    "shortint",
    "shortreal",
    "showcancelled",
    "signed",
    "small",
    "soft",
    "solve",
    "specify",
    "specparam",
    "static",
    "string",
    "strong",
    "strong0",
    "strong1",
    "struct",
    "super",
    "supply0",
    "supply1",
    "sync_accept_on",
    "sync_reject_on",
    "table",
    "tagged",
    "task",
    "this",
    "throughout",
    "time",
    "timeprecision",
    "timeunit",
    "tran",
    "tranif0",
    "tranif1",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "type",
    "typedef",
    "union",
    "unique",
    "unique0",
    "unsigned",
    "until",
    "until_with",
    "untyped",
    "use",
    "uwire",
    "var",
    "vectored",
    "virtual",
    "void",
    "wait",
    "wait_order",
    "wand",
    "weak",
    "weak0",
    "weak1",
    "while",
    "wildcard",
    "wire",
    "with",
    "within",
    "wor",
    "xnor",
    "xor",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_sorted() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn labels_become_identifiers() {
        let mut names = Names::default();
        assert_eq!(names.name("N22"), "N22");
        assert_eq!(names.name("OUTPUT(N22)"), "\\OUTPUT(N22) ");
        assert_eq!(names.name("22"), "\\22 ");
        assert_eq!(names.name("and"), "\\and ");
        assert_eq!(names.name("a\u{b7}b"), "a_u00B7_b");
        assert_eq!(names.name("a_u00B7_b"), "a_u00B7_b_1");
        assert_eq!(plain_identifier("c17"), "c17");
        assert_eq!(plain_identifier("RS latch"), "RS_latch");
        assert_eq!(plain_identifier("17"), "m_17");
        assert_eq!(plain_identifier("module"), "m_module");
    }

    /// Two levels: `buf 2` is two `inv`s in a row; the top level places one of each. The top
    /// module is called `inv` too, so the part's module must give way.
    const TWO_LEVELS: &str = r#"(
        version: 2,
        subcircuits: [
            (name: "inv",
             nodes: [(label: "i", kind: Switch), (label: "not", kind: Not), (label: "o", kind: Lamp)],
             wires: [(from: "i", to: "not"), (from: "not", to: "o")]),
            (name: "buf 2",
             instances: [(label: "u1", of: "inv"), (label: "u2", of: "inv")],
             nodes: [(label: "a", kind: Switch), (label: "en", kind: Switch), (label: "y", kind: Lamp)],
             wires: [(from: "a", to: "u1.i"), (from: "u1.o", to: "u2.i"), (from: "u2.o", to: "y")]),
        ],
        instances: [(label: "b", of: "buf 2"), (label: "c", of: "inv")],
        nodes: [(label: "A", kind: Switch), (label: "Y", kind: Lamp), (label: "Z", kind: Lamp)],
        wires: [(from: "A", to: "b.a"), (from: "b.y", to: "Y"), (from: "c.o", to: "Z")],
    )"#;

    #[test]
    fn a_two_level_hierarchy_is_one_module_per_part_then_the_top() {
        let doc = sim_core::format::from_str(TWO_LEVELS).expect("loads");
        let (text, warnings) = verilog_document(&doc, "inv");
        assert!(warnings.is_empty(), "{warnings:?}");
        let expected = "\
// Written by tritium export verilog.
module inv_1(i, o);
  input i;
  output o;
  wire \\not ;
  not (\\not , i);
  assign o = \\not ;
endmodule
module buf_2(a, en, y);
  input a;
  input en;
  output y;
  wire \\u1.o ;
  wire \\u2.o ;
  assign y = \\u2.o ;
  inv_1 u1 (.i(a), .o(\\u1.o ));
  inv_1 u2 (.i(\\u1.o ), .o(\\u2.o ));
endmodule
module inv(A, Y, Z);
  input A;
  output Y;
  output Z;
  wire \\b.y ;
  wire \\c.o ;
  assign Y = \\b.y ;
  assign Z = \\c.o ;
  buf_2 b (.a(A), .en(1'bx), .y(\\b.y ));
  inv_1 c (.i(1'bx), .o(\\c.o ));
endmodule
";
        assert_eq!(text, expected, "{text}");
        // Only the parts used get a module: without the `buf 2` instance, `buf_2` goes.
        let only_inv = TWO_LEVELS
            .replace(r#"(label: "b", of: "buf 2"), "#, "")
            .replace(r#"(from: "A", to: "b.a"), (from: "b.y", to: "Y"), "#, "");
        let doc = sim_core::format::from_str(&only_inv).expect("loads");
        let (text, _) = verilog_document(&doc, "top");
        let modules: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("module "))
            .collect();
        assert_eq!(modules, ["inv(i, o);", "top(A, Y, Z);"], "{text}");
    }

    #[test]
    fn a_document_without_instances_is_written_flat() {
        let doc = sim_core::format::from_str(
            r#"(version: 1, nodes: [(label: "a", kind: Switch), (label: "n", kind: Not),
                (label: "y", kind: Lamp)], wires: [(from: "a", to: "n"), (from: "n", to: "y")])"#,
        )
        .expect("loads");
        assert_eq!(
            verilog_document(&doc, "m"),
            (verilog(&doc.circuit, "m"), vec![])
        );
    }

    #[test]
    fn wires_are_read_as_flattening_reads_them() {
        // `p` names its pins: `g` (an AND gate) is its output pin, so the wires into it pass
        // straight through (the last one wins) and the wire out of it feeds nothing, as in the
        // flattened circuit; its clock and its lamp `dbg` are no pins: the export warns.
        let doc = sim_core::format::from_str(
            r#"(version: 2,
            subcircuits: [(name: "p", inputs: ["a", "b"], outputs: ["g"],
                nodes: [(label: "a", kind: Switch), (label: "b", kind: Switch),
                        (label: "n1", kind: Not), (label: "n2", kind: Not),
                        (label: "g", kind: And(2)), (label: "x", kind: Buf),
                        (label: "tick", kind: Clock(half_period: 2)), (label: "dbg", kind: Lamp)],
                wires: [(from: "a", to: "n1"), (from: "b", to: "n2"), (from: "n1", to: "g"),
                        (from: "n2", to: "g", input: 1), (from: "g", to: "x"),
                        (from: "x", to: "dbg")])],
            instances: [(label: "u", of: "p")],
            nodes: [(label: "A", kind: Switch), (label: "Y", kind: Lamp)],
            wires: [(from: "A", to: "u.a"), (from: "u.g", to: "Y")])"#,
        )
        .expect("loads");
        let c = &doc.circuit;
        let find = |label: &str| c.find(label).expect("a node");
        assert_eq!(c.drivers(find("Y"))[0], Some(find("u/n2")));
        assert_eq!(c.drivers(find("u/x"))[0], None);
        let (text, warnings) = verilog_document(&doc, "top");
        for line in [
            "module p(a, b, g);",
            "  assign g = n2;",
            "  buf (x, 1'bx);",
            "  assign tick = 1'bx;",
            "  assign dbg = x;",
            "  p u (.a(A), .b(1'bx), .g(\\u.g ));",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\n{text}");
        }
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            warnings[0].contains("`tick`") && warnings[1].contains("`dbg`"),
            "{warnings:?}"
        );
    }
}
