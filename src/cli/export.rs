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
    let text = verilog(&loaded.doc.circuit, &plain_identifier(&module));
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
                let primitive = match kind {
                    NodeKind::Buf => "buf",
                    NodeKind::Not => "not",
                    NodeKind::And(_) => "and",
                    NodeKind::Or(_) => "or",
                    NodeKind::Nand(_) => "nand",
                    NodeKind::Nor(_) => "nor",
                    NodeKind::Xor(_) => "xor",
                    _ => "xnor",
                };
                let _ = writeln!(out, "  {primitive} ({id}, {});", inputs().join(", "));
            }
        }
    }
    out.push_str("endmodule\n");
    out
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
