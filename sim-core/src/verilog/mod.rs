//! Structural Verilog: a circuit or a document written as Verilog modules, flat or
//! hierarchical. The CLI (`tritium export verilog FILE -o FILE.v`) and the app (File →
//! Export Verilog…) both call [`document`].
//!
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
//! `always @(posedge clk) q <= d;` (starting at x, as Tritium's flip-flops start at 0, or at
//! its power-on value by `initial q = 1'b0;` for `init: -1`, see
//! [`Node::init`](crate::Node::init)), and a
//! flip-flop with enable ([`NodeKind::Dffe`]) by `always @(posedge clk) q <= en ? d : q;`:
//! Verilog's `?:` on an x condition merges its operands bit by bit (a bit on which both agree
//! is kept, any other is x), which is Kleene's rule, so for every clock edge Icarus and
//! [`dffe_next`](crate::kind::dffe_next) agree. A flip-flop with asynchronous set and reset
//! ([`NodeKind::Dffsr`]) is the usual
//! `always @(posedge clk or posedge rst or posedge set) if (rst) q <= 0; else if (set) q <= 1;
//! else q <= en ? d : q;` (an unwired pin left out: inactive, as in Tritium). It agrees with
//! [`dffsr_next`](crate::kind::dffsr_next) while SET and RESET are known and RESET is not
//! released while SET is +1; Verilog's edge-triggered form differs from Tritium's
//! level-sensitive pins there: RESET falling with SET at +1 leaves Q at 0 in Verilog (no
//! event) where Tritium's Q goes +1 at once, and an x on SET or RESET is not a reset in
//! Verilog (`if (x)` takes the else branch; a 0 → x change is even a `posedge` that loads D),
//! where Tritium's Q keeps only the value held and forced agree on.
//! An unconnected gate input reads `1'bx`, as it reads 0 (unknown) in Tritium.
//!
//! A table gate ([`NodeKind::Table`]) that is the Kleene extension of a Boolean function
//! ([`TruthTable::is_kleene_extension`](crate::TruthTable::is_kleene_extension)) is an `assign`
//! of the disjunction of all its prime implicants (Blake's canonical form) in `&`, `|` and `~`,
//! e.g. a majority `assign m = (b & c) | (a & c) | (a & b);`. Verilog's operators are Kleene on
//! 0/1/x, and that form is known to be 1 exactly on the input cubes where the function is 1
//! throughout and 0 exactly where it is 0 throughout: it computes the table. Any other table
//! cannot be written in 0/1/x; the export refuses it ([`ExportError::NotKleene`], naming the
//! gate).
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
//! # Memories
//!
//! A ROM or RAM node `M` ([`crate::memory`]; `A` address bits, `D` data bits) is an array
//! `reg [D-1:0] M_mem [0:2^A-1];` (its name made unique in the module) read by
//! `always @* M_mem_q = M_mem[address];` and `assign M = M_mem_q;` — through a function
//! `M_mem_read` when an address bit is x, which reads Tritium's way: the bits every candidate
//! word agrees on (procedural, so that the function runs only then: Icarus evaluates both arms
//! of a continuous `?:`, and the function's loops on every address change made a CPU's run
//! hundreds of times slower) —, a RAM's written by
//! `always @(posedge clk) if (we) M_mem[address] <= din;`. Its starting words (inline or
//! from its contents file, resolved as loading resolves them) are a memory image file that
//! the export returns beside the Verilog ([`export`], [`MemoryImage`]) and that
//! `initial $readmemh("FILE", M_mem);` reads: one word a line in hex, `x` for a digit whose
//! bits are all unknown, every word written out (the file's name has no directory: Verilog
//! simulators look for it in their working directory, so keep it beside the `.v` and run
//! there). A memory with a word whose hex digit is partly unknown, which hex cannot write,
//! gets a binary image read by `$readmemb` instead; one whose words are all unknown (a RAM
//! without contents) gets no image and no `$readmemh`: it starts x as Tritium's starts
//! unknown. Images are named `MODULE_MEMORY.mem` after the module and the memory's label
//! (made plain identifiers, suffixed `_1`, `_2`, … if two would clash). A memory inside a
//! part has one image, in the part's module, shared by every instance, as the part's words
//! are.
//!
//! ```verilog
//!   reg [3:0] MEM_mem [0:15];
//!   initial $readmemh("ram_16x4_MEM.mem", MEM_mem);
//!   function [3:0] MEM_mem_read; … endfunction
//!   reg [3:0] MEM_mem_q;
//!   always @* MEM_mem_q = ^(A) === 1'bx ? MEM_mem_read(A) : MEM_mem[A];
//!   assign MEM = MEM_mem_q;
//!   always @(posedge CLK) if (WE) MEM_mem[A] <= DIN;
//! ```
//!
//! Reads agree under unknown addresses too (the CPU's control ROM reads with unknown flags
//! after reset). Writes agree with known write enables, addresses and clocks; otherwise not:
//! `if (x)` and a write to an x
//! address write nothing where Tritium makes the candidate bits that could change unknown;
//! and `posedge` fires on 0 → x, taking the data whole, where Tritium's maybe-edge blurs the
//! bits that could change. Unknown data in and unknown stored bits agree (x in, x out).
//!
//! Modules have ports for pins only. A part's switch, button or clock that is not one of its
//! input pins reads `1'bx`, and its lamp or probe that is not an output pin has no port,
//! while the flattened circuit that `tritium vectors` simulates keeps both as inputs and
//! outputs; [`document`] returns a [`Warning`] for each.

mod hierarchical;
mod names;

use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write as _};

use crate::format::Document;
use crate::kind::{DFFSR_CLOCK, DFFSR_D, DFFSR_EN, DFFSR_RESET, DFFSR_SET, GateBase, GateOp};
use crate::memory::Word;
use crate::{Circuit, NodeKind, Role, Trit};
use hierarchical::{Hierarchy, Level};
#[cfg(test)]
use names::KEYWORDS;
use names::Names;
pub use names::plain_identifier;

/// Why a circuit cannot be written as Verilog.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A memory in a circuit without its document: [`circuit`] sees only its expanded data
    /// bits; [`document`] writes memories.
    #[error(
        "memory `{label}`: a circuit's memories are written from its document (export the \
         document, not the flattened circuit)"
    )]
    Memory {
        /// The memory's label.
        label: String,
    },
    /// A table gate whose table is not the Kleene extension of a Boolean function.
    #[error(
        "gate `{label}` is a table gate that is not the Kleene extension of a Boolean function: \
         Verilog's 0/1/x cannot express it"
    )]
    NotKleene {
        /// The gate's label (an instance path inside subcircuits).
        label: String,
    },
}

/// Refuses a circuit with a table gate Verilog cannot express, naming the first.
fn check_tables(circuit: &Circuit) -> Result<(), ExportError> {
    match circuit.nodes().find(|(_, n)| {
        n.kind
            .table()
            .is_some_and(|table| !table.is_kleene_extension())
    }) {
        Some((_, n)) => Err(ExportError::NotKleene {
            label: n.label.clone(),
        }),
        None => Ok(()),
    }
}

/// What a hierarchical export cannot show: a part's source or terminal that is not one of
/// its pins (the flattened circuit keeps it as an input or output; the module has no port).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// A part's switch, button or clock that is not one of its input pins: it reads `1'bx`
    /// in the Verilog.
    SourceNotInputPin {
        /// The part.
        part: String,
        /// The node's label in the part.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A part's lamp or probe that is not one of its output pins: its module has no port for
    /// it.
    TerminalNotOutputPin {
        /// The part.
        part: String,
        /// The node's label in the part.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
}

impl fmt::Display for Warning {
    /// `part `P`: `label` (Kind) is not one of its input pins: it reads x in the Verilog`,
    /// or the same about an output pin and the missing port.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (part, label, kind, what) = match self {
            Warning::SourceNotInputPin { part, label, kind } => (
                part,
                label,
                kind,
                "is not one of its input pins: it reads x in the Verilog",
            ),
            Warning::TerminalNotOutputPin { part, label, kind } => (
                part,
                label,
                kind,
                "is not one of its output pins: the Verilog has no port for it",
            ),
        };
        write!(f, "part `{part}`: `{label}` ({kind}) {what}")
    }
}

/// The module name of `doc` when none is given: its name if it has one, else `file_stem`
/// (the file's name without extension) if it has one, else `circuit`; made a plain
/// identifier.
pub fn default_module(doc: &Document, file_stem: Option<&str>) -> String {
    let name = if doc.name.is_empty() {
        file_stem.unwrap_or("circuit")
    } else {
        &doc.name
    };
    plain_identifier(name)
}

/// The structural Verilog of `circuit` as module `module` (a plain identifier).
///
/// # Errors
/// [`ExportError::NotKleene`] naming a table gate Verilog cannot express.
pub fn circuit(circuit: &Circuit, module: &str) -> Result<String, ExportError> {
    check_tables(circuit)?;
    if let Some(m) = circuit.memories().first() {
        return Err(ExportError::Memory {
            label: m.label.clone(),
        });
    }
    let mut names = Names::default();
    let nodes: Vec<_> = circuit.nodes().collect();
    let ids: Vec<String> = nodes.iter().map(|(_, n)| names.name(&n.label)).collect();
    let index: HashMap<_, _> = nodes
        .iter()
        .enumerate()
        .map(|(i, (id, _))| (*id, i))
        .collect();
    let net = |driver: Option<crate::NodeId>| -> String {
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
            NodeKind::Switch | NodeKind::Button | NodeKind::Keypad | NodeKind::Clock { .. } => {
                "input"
            }
            kind if kind.role() == Role::Terminal => "output",
            NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr => "reg",
            _ => "wire",
        };
        let _ = writeln!(out, "  {decl} {id};");
    }
    for ((node_id, node), id) in nodes.iter().zip(&ids) {
        // Sources are the module's input ports: nothing drives them inside.
        if matches!(
            node.kind,
            NodeKind::Switch | NodeKind::Button | NodeKind::Keypad | NodeKind::Clock { .. }
        ) {
            continue;
        }
        let drivers = circuit.drivers(*node_id);
        node_statement(&mut out, node, id, &|_, input| {
            net(drivers.get(usize::from(input)).copied().flatten())
        });
    }
    out.push_str("endmodule\n");
    Ok(out)
}

/// A memory's starting words as a file for `$readmemh` (or `$readmemb`), to be written beside
/// the Verilog that reads it (see [Memories](self#memories)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryImage {
    /// The file name the Verilog reads, `MODULE_MEMORY.mem` (no directory).
    pub file: String,
    /// Its text: a `//` comment line, then one word a line from address 0.
    pub text: String,
}

/// Everything an export writes: the Verilog, the memory images it reads and warnings about
/// what it cannot show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// The Verilog modules.
    pub verilog: String,
    /// The memory images its `$readmemh`s read, in the order the Verilog reads them.
    pub images: Vec<MemoryImage>,
    /// What the Verilog cannot show.
    pub warnings: Vec<Warning>,
}

/// The Verilog of `doc` as module `module` (a plain identifier, see [`plain_identifier`]),
/// and warnings about what it cannot show: [`circuit`] for a document without instances,
/// else the hierarchical form of the [module documentation](self), one module per part
/// used, inner parts first, then the top module. The memory images the Verilog reads are
/// [`export`]'s (or [`memory_images`]).
///
/// # Errors
/// [`ExportError::NotKleene`] naming a table gate Verilog cannot express (by its path in the
/// flattened circuit).
pub fn document(doc: &Document, module: &str) -> Result<(String, Vec<Warning>), ExportError> {
    let export = export(doc, module)?;
    Ok((export.verilog, export.warnings))
}

/// The memory images that [`document`]`(doc, module)` reads, by the file names it writes.
///
/// # Errors
/// As [`document`].
pub fn memory_images(doc: &Document, module: &str) -> Result<Vec<MemoryImage>, ExportError> {
    Ok(export(doc, module)?.images)
}

/// [`document`] with the memory images its Verilog reads.
///
/// # Errors
/// As [`document`].
pub fn export(doc: &Document, module: &str) -> Result<Export, ExportError> {
    let design = &doc.design;
    if design.instances.is_empty() && design.bus_level.is_none() {
        return Ok(Export {
            verilog: circuit(&doc.circuit, module)?,
            images: Vec::new(),
            warnings: Vec::new(),
        });
    }
    // Every node of a part used is in the flattened circuit: checked once there.
    check_tables(&doc.circuit)?;
    // The top level: as the file writes it when it has buses; else the circuit's nodes
    // without `/` and the wires among them, plus the wires to and from instance pins, which
    // only the design keeps.
    let (nodes, wires) = if let Some((nodes, wires)) = &design.bus_level {
        hierarchical::without_tunnels(nodes, wires)
    } else {
        let c = &doc.circuit;
        let top = |label: &str| !label.contains('/');
        let nodes: Vec<crate::Node> = c
            .nodes()
            .filter(|(_, n)| top(&n.label))
            .map(|(_, n)| n.clone())
            .collect();
        let mut wires: Vec<crate::WireDesc> = c
            .wires()
            .filter(|(_, w)| top(&c[w.from].label) && top(&c[w.to].label))
            .map(|(_, w)| crate::WireDesc::new(&*c[w.from].label, &*c[w.to].label, w.input))
            .collect();
        wires.extend(design.pin_wires.iter().cloned());
        (nodes, wires)
    };
    let mut writer = Hierarchy {
        design,
        modules: HashMap::new(),
        taken: HashSet::from([module.to_owned()]),
        out: String::new(),
        warnings: Vec::new(),
        images: Vec::new(),
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
    Ok(Export {
        verilog: format!("// Written by tritium export verilog.\n{}", writer.out),
        images: writer.images,
        warnings: writer.warnings,
    })
}

/// The array of memory node `n` (named `id`, its array `array`) and what drives it: its
/// declaration, `$readmemh` (or `$readmemb`, `hex` false) of `image` if it has one, the read
/// `assign` and a RAM's write `always` (see [Memories](self#memories)). `net` as for
/// [`node_statement`].
fn memory_statement(
    out: &mut String,
    n: &crate::Node,
    (id, array): (&str, &str),
    image: Option<(&str, bool)>,
    net: &dyn Fn(&str, u8) -> String,
) {
    let (NodeKind::Rom { addr_bits } | NodeKind::Ram { addr_bits }) = n.kind else {
        return;
    };
    let width = usize::from(n.width);
    let range = if width > 1 {
        format!("[{}:0] ", width - 1)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "  reg {range}{array} [0:{}];",
        (1usize << addr_bits) - 1
    );
    if let Some((file, hex)) = image {
        let task = if hex { "$readmemh" } else { "$readmemb" };
        let _ = writeln!(out, "  initial {task}(\"{file}\", {array});");
    }
    let address = net(&n.label, 0);
    let words = 1usize << addr_bits;
    let high = width.saturating_sub(1);
    let a_high = usize::from(addr_bits).saturating_sub(1);
    // A read with an x (or z) address bit: the bits every candidate word agrees on, x where
    // two differ — Tritium's rule (the consensus mux tree), not Verilog's all-x.
    let _ = writeln!(
        out,
        "  function [{high}:0] {array}_read;\n    input [{a_high}:0] a;\n    \
         integer i, j;\n    reg [{high}:0] r;\n    reg any, candidate;\n    begin\n      \
         r = {{{width}{{1'bx}}}};\n      any = 0;\n      \
         for (i = 0; i < {words}; i = i + 1) begin\n        candidate = 1;\n        \
         for (j = 0; j < {addr_bits}; j = j + 1)\n          \
         if ((a[j] === 1'b0 || a[j] === 1'b1) && a[j] !== ((i >> j) & 1)) candidate = 0;\n        \
         if (candidate) begin\n          if (!any) r = {array}[i];\n          \
         else for (j = 0; j < {width}; j = j + 1)\n            \
         if (r[j] !== {array}[i][j]) r[j] = 1'bx;\n          any = 1;\n        end\n      \
         end\n      {array}_read = r;\n    end\n  endfunction"
    );
    // Procedural, so that the function runs only when an address bit is x: a simulator
    // evaluates both arms of a continuous assignment's `?:` (Icarus runs the function's
    // loops on every change of the address), and `@*` is sensitive to the whole array.
    let _ = writeln!(
        out,
        "  reg {range}{array}_q;\n  \
         always @* {array}_q = ^({address}) === 1'bx ? {array}_read({address}) : \
         {array}[{address}];\n  assign {id} = {array}_q;"
    );
    if matches!(n.kind, NodeKind::Ram { .. }) {
        let din = net(&n.label, 1);
        let din = if din == "1'bx" {
            replicate(width, &din)
        } else {
            din
        };
        let (we, clk) = (net(&n.label, 2), net(&n.label, 3));
        let _ = writeln!(
            out,
            "  always @(posedge {clk}) if ({we}) {array}[{address}] <= {din};"
        );
    }
}

/// The image of `words` (`data_bits` wide) and whether it is hex (else binary): a comment,
/// then one word a line, every word written; `None` if every word is unknown. Hex when each
/// hex digit of each word is wholly known or wholly unknown (`x`), else binary.
fn image_text(label: &str, words: &[Word], data_bits: u8) -> Option<(String, bool)> {
    if words.iter().all(|w| w.is_unknown(data_bits)) {
        return None;
    }
    let digits = usize::from(data_bits).div_ceil(4);
    let nibble = |w: Word, d: usize| {
        let bits = (4 * d as u32)..(4 * d as u32 + 4).min(u32::from(data_bits));
        bits.map(|k| w.bit(k)).collect::<Vec<Trit>>()
    };
    let hex = words.iter().all(|&w| {
        (0..digits).all(|d| {
            let bits = nibble(w, d);
            bits.iter().all(|t| t.is_known()) || bits.iter().all(|t| !t.is_known())
        })
    });
    let mut text = format!(
        "// {label}: {} words of {data_bits} bits, written by tritium export verilog\n",
        words.len()
    );
    for &w in words {
        if hex {
            for d in (0..digits).rev() {
                let bits = nibble(w, d);
                if bits[0].is_known() {
                    let v = bits
                        .iter()
                        .enumerate()
                        .filter(|(_, t)| **t == Trit::True)
                        .fold(0u32, |v, (k, _)| v | 1 << k);
                    text.push(char::from_digit(v, 16).unwrap_or('x'));
                } else {
                    text.push('x');
                }
            }
        } else {
            for k in (0..u32::from(data_bits)).rev() {
                text.push(match w.bit(k) {
                    Trit::False => '0',
                    Trit::Unknown => 'x',
                    Trit::True => '1',
                });
            }
        }
        text.push('\n');
    }
    Some((text, hex))
}

/// The starting words of memory node `n` of a level of `design`, resolved as loading
/// resolves them (inline, or from its contents file as read into `design.contents`).
fn memory_words(n: &crate::Node, design: &crate::hierarchy::Design) -> Vec<Word> {
    let (NodeKind::Rom { addr_bits } | NodeKind::Ram { addr_bits }) = n.kind else {
        return Vec::new();
    };
    let decl = crate::memory::MemoryDecl {
        label: n.label.clone(),
        kind: if matches!(n.kind, NodeKind::Rom { .. }) {
            crate::memory::MemoryKind::Rom
        } else {
            crate::memory::MemoryKind::Ram
        },
        addr_bits,
        data_bits: n.width,
        contents: n.contents.as_deref().cloned(),
    };
    // Loading resolved the same declaration already: this cannot fail for a loaded document.
    crate::elaborate::memory_of(&decl, &design.contents).map_or_else(
        |_| vec![Word::UNKNOWN; 1 << addr_bits],
        |m| m.image.to_vec(),
    )
}

/// `bits` (bit 0 first) as a Verilog literal, most significant bit first: −1 is `0`, 0
/// (unknown) `x`, +1 `1` (`3'b1x0`).
fn literal(bits: &[Trit]) -> String {
    let digits: String = bits
        .iter()
        .rev()
        .map(|t| match t {
            Trit::False => '0',
            Trit::Unknown => 'x',
            Trit::True => '1',
        })
        .collect();
    format!("{}'b{digits}", bits.len())
}

/// `initial q = …;` for flip-flop `n` (named `id`) with a power-on value; nothing without.
fn power_on(out: &mut String, n: &crate::Node, id: &str) {
    if let Some(init) = n.init {
        let _ = writeln!(
            out,
            "  initial {id} = {};",
            literal(&vec![init; usize::from(n.width)])
        );
    }
}

/// The `always` block of [`NodeKind::Dffsr`] `n` (named `id`, its D the vector `d`): the
/// clock's rising edge and each wired asynchronous pin's in the event list, reset tested
/// first, then set, then the enable as a `Dffe`'s. An unwired SET or RESET is inactive (left
/// out) and an unwired EN enables, as [`NodeKind::unconnected`] reads them.
fn dffsr_statement(
    out: &mut String,
    n: &crate::Node,
    id: &str,
    d: &str,
    net: &dyn Fn(&str, u8) -> String,
) {
    let width = usize::from(n.width);
    let wired = |pin: usize| Some(net(&n.label, pin as u8)).filter(|v| v != "1'bx");
    let mut events = vec![format!("posedge {}", net(&n.label, DFFSR_CLOCK as u8))];
    let mut body = String::new();
    for (pin, value) in [(DFFSR_RESET, Trit::False), (DFFSR_SET, Trit::True)] {
        if let Some(level) = wired(pin) {
            events.push(format!("posedge {level}"));
            let _ = write!(
                body,
                "if ({level}) {id} <= {}; else ",
                literal(&vec![value; width])
            );
        }
    }
    let sampled = wired(DFFSR_EN).map_or_else(|| d.to_owned(), |en| format!("{en} ? {d} : {id}"));
    let _ = writeln!(
        out,
        "  always @({}) {body}{id} <= {sampled};",
        events.join(" or ")
    );
}

/// The statement that drives node `n` (named `id`) inside a module: a gate primitive, an
/// `assign` or a flip-flop's `always`. `net(to, input)` names the net driving input `input`
/// of `to`. Not called for input ports. A node wider than one trit (a bus, see
/// [`crate::bus`]) is a vector: its gate is a bitwise operator (`&`, `|`, `^`, `~`, which
/// Icarus evaluates on 0/1/x as the primitives do), its flip-flop a register of its width.
fn node_statement(out: &mut String, n: &crate::Node, id: &str, net: &dyn Fn(&str, u8) -> String) {
    let width = usize::from(n.width);
    // An unconnected vector input reads x on every bit.
    let vector = |input: u8| {
        let v = net(&n.label, input);
        if width > 1 && v == "1'bx" {
            format!("{{{width}{{1'bx}}}}")
        } else {
            v
        }
    };
    match n.kind {
        NodeKind::Switch | NodeKind::Button | NodeKind::Keypad | NodeKind::Clock { .. } => {
            // A source inside a part that is not one of its pins reads unknown.
            let _ = writeln!(out, "  assign {id} = {};", replicate(width, "1'bx"));
        }
        NodeKind::Constant(value) => {
            let bits: Vec<Trit> = n
                .value
                .as_ref()
                .and_then(|v| v.resolve(width).ok())
                .unwrap_or_else(|| vec![value; width]);
            let _ = writeln!(out, "  assign {id} = {};", literal(&bits));
        }
        kind if kind.role() == Role::Terminal => {
            let _ = writeln!(out, "  assign {id} = {};", vector(0));
        }
        NodeKind::Dff | NodeKind::Dffe => {
            let (d, clk) = (vector(0), net(&n.label, 1));
            let sampled = if n.kind == NodeKind::Dffe {
                // EN is one trit for every bit; an unwired EN reads x, as it reads 0 in Tritium.
                format!("{} ? {d} : {id}", net(&n.label, 2))
            } else {
                d
            };
            let _ = writeln!(out, "  always @(posedge {clk}) {id} <= {sampled};");
            power_on(out, n, id);
        }
        NodeKind::Dffsr => {
            dffsr_statement(out, n, id, &vector(DFFSR_D as u8), net);
            power_on(out, n, id);
        }
        NodeKind::Split(_) => {
            let _ = writeln!(out, "  assign {id} = {};", net(&n.label, 0));
        }
        NodeKind::Merge(ranges) => {
            let parts: Vec<String> = ranges
                .iter()
                .enumerate()
                .rev()
                .map(|(k, r)| {
                    let v = net(&n.label, u8::try_from(k).unwrap_or(u8::MAX));
                    if v == "1'bx" {
                        replicate(r.len(), "1'bx")
                    } else {
                        v
                    }
                })
                .collect();
            let _ = writeln!(out, "  assign {id} = {{{}}};", parts.join(", "));
        }
        kind => {
            let inputs: Vec<String> = (0..kind.input_count())
                .map(|i| vector(u8::try_from(i).unwrap_or(u8::MAX)))
                .collect();
            if let Some(table) = kind.table() {
                let sum = sum_of_primes(table, &inputs);
                let sum = if sum == "1'b1" || sum == "1'b0" {
                    replicate(width, &sum)
                } else {
                    sum
                };
                let _ = writeln!(out, "  assign {id} = {sum};");
            } else if let Some(op) = kind.op() {
                if width > 1 {
                    let _ = writeln!(out, "  assign {id} = {};", bitwise(op, &inputs));
                } else {
                    let _ = writeln!(out, "  {} ({id}, {});", primitive(op), inputs.join(", "));
                }
            } else {
                // A kind with neither a table nor a gate function has its own arm above.
                let _ = writeln!(out, "  // {id}: {kind} is not exported");
            }
        }
    }
}

/// `bit` (a 1-trit literal) on `width` trits: itself for one, `{N{bit}}` for more.
fn replicate(width: usize, bit: &str) -> String {
    if width == 1 {
        bit.to_owned()
    } else {
        format!("{{{width}{{{bit}}}}}")
    }
}

/// A gate `op` on vectors as a bitwise expression of its `inputs`: its base's operator
/// folded ([`GateOp::base`]), negated if the gate inverts.
fn bitwise(op: GateOp, inputs: &[String]) -> String {
    let (base, invert) = op.base();
    let symbol = match base {
        GateBase::Buf => None,
        GateBase::And => Some("&"),
        GateBase::Or => Some("|"),
        GateBase::Xor => Some("^"),
    };
    match (symbol, invert) {
        (None, false) => inputs.join(""),
        (None, true) => format!("~{}", inputs.join("")),
        (Some(symbol), false) => inputs.join(&format!(" {symbol} ")),
        (Some(symbol), true) => format!("~({})", inputs.join(&format!(" {symbol} "))),
    }
}

/// The disjunction of all prime implicants of `table` (a Kleene extension, see the
/// [module docs](self)) over the nets `inputs`: `(a & ~b) | c`, `1'b1` or `1'b0`.
///
/// A row of input values is a cube (−1: the input is 0, +1: it is 1, 0: either), and for a
/// Kleene extension the row's output is +1 exactly when the function is 1 on the whole cube:
/// the implicants are the rows giving +1, and the prime ones those where no known input can
/// be made unknown with the output still +1.
fn sum_of_primes(table: crate::TruthTable, inputs: &[String]) -> String {
    let mut terms = Vec::new();
    for row in 0..table.rows() {
        if table.eval_index(row) != Trit::True {
            continue;
        }
        let values = table.row_values(row);
        // Input k's weight in the row number: 3^(n − 1 − k).
        let weight = |k: usize| 3usize.pow((values.len() - 1 - k) as u32);
        // Input k made unknown: its digit moves to 1.
        let prime = values.iter().enumerate().all(|(k, &v)| match v {
            Trit::Unknown => true,
            Trit::False => table.eval_index(row + weight(k)) != Trit::True,
            Trit::True => table.eval_index(row - weight(k)) != Trit::True,
        });
        if !prime {
            continue;
        }
        let literals: Vec<String> = values
            .iter()
            .zip(inputs)
            .filter_map(|(&v, net)| match v {
                Trit::True => Some(net.clone()),
                Trit::False => Some(format!("~{net}")),
                Trit::Unknown => None,
            })
            .collect();
        match literals.len() {
            0 => return "1'b1".to_owned(),
            1 => terms.push(literals.join("")),
            _ => terms.push(format!("({})", literals.join(" & "))),
        }
    }
    if terms.is_empty() {
        "1'b0".to_owned()
    } else {
        terms.join(" | ")
    }
}

/// The Verilog gate primitive of a gate.
fn primitive(op: GateOp) -> &'static str {
    match op {
        GateOp::Buf => "buf",
        GateOp::Not => "not",
        GateOp::And => "and",
        GateOp::Or => "or",
        GateOp::Nand => "nand",
        GateOp::Nor => "nor",
        GateOp::Xor => "xor",
        GateOp::Xnor => "xnor",
    }
}

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
        let doc = crate::format::from_str(TWO_LEVELS).expect("loads");
        let (text, warnings) = document(&doc, "inv").expect("no tables");
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
        let doc = crate::format::from_str(&only_inv).expect("loads");
        let (text, _) = document(&doc, "top").expect("no tables");
        let modules: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("module "))
            .collect();
        assert_eq!(modules, ["inv(i, o);", "top(A, Y, Z);"], "{text}");
    }

    #[test]
    fn a_flip_flop_with_enable_is_a_register_loaded_through_a_conditional() {
        let doc = crate::format::from_str(
            r#"(version: 3, nodes: [(label: "D", kind: Switch, width: 4),
                (label: "CLK", kind: Switch), (label: "EN", kind: Switch),
                (label: "R", kind: Dffe, width: 4), (label: "S", kind: Dffe),
                (label: "Q", kind: Lamp, width: 4), (label: "P", kind: Lamp)],
              wires: [(from: "D", to: "R"), (from: "CLK", to: "R", input: 1),
                (from: "EN", to: "R", input: 2), (from: "R", to: "Q"),
                (from: "CLK", to: "S", input: 1), (from: "S", to: "P")])"#,
        )
        .expect("loads");
        let (text, _) = document(&doc, "m").expect("exports");
        for line in [
            "  reg [3:0] R;",
            "  always @(posedge CLK) R <= EN ? D : R;",
            "  reg S;",
            // Unwired D and EN read x, as they read unknown in Tritium.
            "  always @(posedge CLK) S <= 1'bx ? 1'bx : S;",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\n{text}");
        }
    }

    #[test]
    fn a_flip_flop_with_set_and_reset_tests_reset_then_set_then_its_enable() {
        let doc = crate::format::from_str(
            r#"(version: 6, nodes: [(label: "D", kind: Switch, width: 4),
                (label: "CLK", kind: Switch), (label: "EN", kind: Switch),
                (label: "SET", kind: Switch), (label: "RST", kind: Switch),
                (label: "R", kind: Dffsr, width: 4, init: -1), (label: "S", kind: Dffsr),
                (label: "Q", kind: Lamp, width: 4), (label: "P", kind: Lamp)],
              wires: [(from: "D", to: "R"), (from: "CLK", to: "R", input: 1),
                (from: "EN", to: "R", input: 2), (from: "SET", to: "R", input: 3),
                (from: "RST", to: "R", input: 4), (from: "R", to: "Q"),
                (from: "CLK", to: "S", input: 1), (from: "RST", to: "S", input: 4),
                (from: "S", to: "P")])"#,
        )
        .expect("loads");
        let (text, _) = document(&doc, "m").expect("exports");
        for line in [
            "  reg [3:0] R;",
            "  always @(posedge CLK or posedge RST or posedge SET) if (RST) R <= 4'b0000; \
             else if (SET) R <= 4'b1111; else R <= EN ? D : R;",
            "  initial R = 4'b0000;",
            "  reg S;",
            // Unwired SET and EN are inactive (left out), an unwired D reads x.
            "  always @(posedge CLK or posedge RST) if (RST) S <= 1'b0; else S <= 1'bx;",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\n{text}");
        }
    }

    #[test]
    fn a_document_without_instances_is_written_flat() {
        let doc = crate::format::from_str(
            r#"(version: 1, nodes: [(label: "a", kind: Switch), (label: "n", kind: Not),
                (label: "y", kind: Lamp)], wires: [(from: "a", to: "n"), (from: "n", to: "y")])"#,
        )
        .expect("loads");
        assert_eq!(
            document(&doc, "m"),
            Ok((circuit(&doc.circuit, "m").expect("no tables"), vec![]))
        );
    }

    #[test]
    fn wires_are_read_as_flattening_reads_them() {
        // `p` names its pins: `g` (an AND gate) is its output pin, so the wires into it pass
        // straight through (the last one wins) and the wire out of it feeds nothing, as in the
        // flattened circuit; its clock and its lamp `dbg` are no pins: the export warns.
        let doc = crate::format::from_str(
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
        let (text, warnings) = document(&doc, "top").expect("no tables");
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
            warnings[0].to_string().contains("`tick`") && warnings[1].to_string().contains("`dbg`"),
            "{warnings:?}"
        );
    }
}
