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

use std::collections::HashSet;
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
    let text = verilog_document(&loaded.doc, &plain_identifier(&module));
    write_output(&args.output, &text, console)?;
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
    let index: std::collections::HashMap<_, _> = nodes
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
        let drivers = circuit.drivers(*node_id);
        let inputs = || -> Vec<String> { drivers.iter().map(|d| net(*d)).collect() };
        match node.kind {
            NodeKind::Switch | NodeKind::Button | NodeKind::Clock { .. } => {}
            NodeKind::Constant(value) => {
                let bit = match value {
                    Trit::False => "1'b0",
                    Trit::Unknown => "1'bx",
                    Trit::True => "1'b1",
                };
                let _ = writeln!(out, "  assign {id} = {bit};");
            }
            NodeKind::Lamp | NodeKind::Probe => {
                let _ = writeln!(out, "  assign {id} = {};", net(drivers[0]));
            }
            NodeKind::Dff => {
                let (d, clk) = (net(drivers[0]), net(drivers[1]));
                let _ = writeln!(out, "  always @(posedge {clk}) {id} <= {d};");
            }
            kind => {
                let primitive = primitive(kind);
                let _ = writeln!(out, "  {primitive} ({id}, {});", inputs().join(", "));
            }
        }
    }
    out.push_str("endmodule\n");
    out
}

/// The Verilog of `doc` as module `module`: [`verilog`] for a flat document; for one with
/// subcircuit instances, hierarchical Verilog — one module per part used (library parts
/// included, inner parts first), ports its input pins then its output pins in order, its
/// instances as module instances with named port connections; then the top module, ported as
/// the flat export ports it.
///
/// ```verilog
/// module half_adder(a, b, s, c);
///   input a; input b; output s; output c;
///   wire x; wire n;
///   xor (x, a, b);
///   and (n, a, b);
///   assign s = x;
///   assign c = n;
/// endmodule
/// module full_adder(a, b, cin, s, cout);
///   ...
///   wire \h1.s ;
///   half_adder h1 (.a(a), .b(b), .s(\h1.s ), .c(\h1.c ));
/// ```
pub fn verilog_document(doc: &sim_core::format::Document, module: &str) -> String {
    let design = &doc.design;
    if design.instances.is_empty() {
        return verilog(&doc.circuit, module);
    }
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
        modules: std::collections::HashMap::new(),
        taken: HashSet::from([module.to_owned()]),
        out: String::new(),
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
    format!("// Written by tritium export verilog.\n{}", writer.out)
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
    modules: std::collections::HashMap<String, Ports>,
    /// Module names used so far.
    taken: HashSet<String>,
    out: String,
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
        let mut ids: std::collections::HashMap<String, String> = std::collections::HashMap::new();
        for label in &port_labels {
            ids.insert((*label).to_owned(), names.name(label));
        }
        for n in level.nodes {
            if !ids.contains_key(&n.label) {
                ids.insert(n.label.clone(), names.name(&n.label));
            }
        }
        let mut instance_nets: Vec<String> = Vec::new();
        for inst in level.instances {
            if let Some(ports) = self.design.part(&inst.of).map(|(p, _)| p.output_pins()) {
                for pin in ports {
                    let end = format!("{}.{pin}", inst.label);
                    let id = names.name(&end);
                    instance_nets.push(id.clone());
                    ids.insert(end, id);
                }
            }
        }
        let driver: std::collections::HashMap<(&str, u8), &str> = level
            .wires
            .iter()
            .map(|w| ((w.to.as_str(), w.input), w.from.as_str()))
            .collect();
        let net = |to: &str, input: u8| -> String {
            driver
                .get(&(to, input))
                .and_then(|from| ids.get(*from))
                .cloned()
                .unwrap_or_else(|| "1'bx".to_owned())
        };
        let port_ids: Vec<&str> = port_labels.iter().map(|l| ids[*l].as_str()).collect();
        let out = &mut self.out;
        let _ = writeln!(out, "module {module}({});", port_ids.join(", "));
        for label in &port_labels {
            let decl = if inputs.contains(label) {
                "input"
            } else {
                "output"
            };
            let _ = writeln!(out, "  {decl} {};", ids[*label]);
        }
        for n in level.nodes {
            if port_labels.contains(&n.label.as_str()) {
                continue;
            }
            let decl = if n.kind == NodeKind::Dff {
                "reg"
            } else {
                "wire"
            };
            let _ = writeln!(out, "  {decl} {};", ids[&n.label]);
        }
        for id in &instance_nets {
            let _ = writeln!(out, "  wire {id};");
        }
        for n in level.nodes {
            let is_pin = inputs.contains(&n.label.as_str());
            node_statement(out, n, &ids[&n.label], is_pin, &net);
        }
        for inst in level.instances {
            let Some(ports) = self.modules.get(&inst.of) else {
                continue;
            };
            let Some((desc, _)) = self.design.part(&inst.of) else {
                continue;
            };
            let mut connections = Vec::new();
            for (pin, port) in desc.input_pins().iter().zip(&ports.inputs) {
                let end = format!("{}.{pin}", inst.label);
                connections.push(format!(".{port}({})", net(&end, 0)));
            }
            for (pin, port) in desc.output_pins().iter().zip(&ports.outputs) {
                let end = format!("{}.{pin}", inst.label);
                connections.push(format!(".{port}({})", ids[&end]));
            }
            let _ = writeln!(
                out,
                "  {} {} ({});",
                ports.module,
                names.name(&inst.label),
                connections.join(", ")
            );
        }
        out.push_str("endmodule\n");
        let ids_of = |labels: &[&str]| labels.iter().map(|l| ids[*l].clone()).collect();
        (ids_of(&inputs), ids_of(&outputs))
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
            .map(|n| n.label.as_str())
            .filter(|l| inputs.contains(l) || outputs.contains(l))
            .collect();
        return (inputs, outputs, ports);
    };
    let inputs: Vec<&str> = ins.iter().map(String::as_str).collect();
    let outputs: Vec<&str> = outs.iter().map(String::as_str).collect();
    let ports = inputs.iter().chain(&outputs).copied().collect();
    (inputs, outputs, ports)
}

/// The statement that drives node `n` (named `id`) inside a module: a gate primitive, an
/// `assign` or a flip-flop's `always`; nothing for an input port (`is_input_pin`). `net(to,
/// input)` names the net driving input `input` of `to`.
fn node_statement(
    out: &mut String,
    n: &sim_core::Node,
    id: &str,
    is_input_pin: bool,
    net: &dyn Fn(&str, u8) -> String,
) {
    match n.kind {
        _ if is_input_pin => {}
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
}
