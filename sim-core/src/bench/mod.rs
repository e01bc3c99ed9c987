//! The ISCAS `.bench` netlist format (ISCAS-85 combinational and ISCAS-89 sequential):
//!
//! ```text
//! # comment
//! INPUT(G1)
//! OUTPUT(G17)
//! G10 = NAND(G1, G3)      # AND NAND OR NOR XOR XNOR NOT BUFF/BUF, any number of inputs
//! G5 = DFF(G10)           # ISCAS-89: a D flip-flop on one implicit global clock
//! ```
//!
//! Every net becomes a node labelled with the net name: an `INPUT` a switch, a gate its gate,
//! a `DFF` a [`NodeKind::Dff`] clocked by one added clock node labelled [`CLOCK_LABEL`]. Every
//! `OUTPUT(x)` adds a probe labelled `OUTPUT(x)` (parentheses cannot occur in net names, so the
//! labels never clash) driven by net `x`. Nets may be used before they are defined. A
//! one-input AND/OR/XOR is a buffer and a one-input NAND/NOR/XNOR an inverter.
//!
//! Nodes come in file order of their definitions; the probes follow in `OUTPUT` order, so
//! [`Circuit::inputs`] and [`Circuit::terminals`] list the primary inputs and outputs in
//! declaration order.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasher as _, BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxBuildHasher;

use crate::circuit::{Circuit, CircuitError, Node, NodeId};
use crate::kind::{GATE_INPUTS, GateOp, NodeKind};

/// The label of the clock node added for the flip-flops of a sequential netlist.
pub const CLOCK_LABEL: &str = "CLOCK()";

/// Why a `.bench` text is not a netlist. Every variant names the 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchError {
    /// A line that is neither a declaration, a gate nor a comment.
    #[error(
        "line {line}: malformed line `{text}` (expected INPUT(x), OUTPUT(x) or x = OP(a, b, ...))"
    )]
    Malformed {
        /// 1-based line.
        line: usize,
        /// The line, trimmed.
        text: String,
    },
    /// A gate operator this format does not have.
    #[error(
        "line {line}: unknown gate `{op}` (expected AND NAND OR NOR XOR XNOR NOT BUFF BUF DFF)"
    )]
    UnknownOp {
        /// 1-based line.
        line: usize,
        /// The operator as written.
        op: String,
    },
    /// A net defined twice (as an input or a gate output).
    #[error("line {line}: net `{net}` is defined twice (first on line {first})")]
    Redefined {
        /// 1-based line of the second definition.
        line: usize,
        /// The net.
        net: String,
        /// 1-based line of the first definition.
        first: usize,
    },
    /// A net used (as a gate input or an `OUTPUT`) but never defined.
    #[error("line {line}: net `{net}` is used but never defined")]
    Undefined {
        /// 1-based line of the first use.
        line: usize,
        /// The net.
        net: String,
    },
    /// A gate with the wrong number of inputs for its operator.
    #[error("line {line}: {op} takes {expected}, found {found} input(s)")]
    Arity {
        /// 1-based line.
        line: usize,
        /// The operator.
        op: String,
        /// What it takes.
        expected: &'static str,
        /// How many it has.
        found: usize,
    },
    /// A net name that cannot be a node label.
    #[error("line {line}: {source}")]
    Label {
        /// 1-based line.
        line: usize,
        /// The label error.
        source: CircuitError,
    },
}

/// Why a circuit cannot be written as a `.bench` netlist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BenchWriteError {
    /// The format has no such node (constants, buttons, clocks other than the flip-flops' clock).
    #[error("node `{label}`: a {kind} has no .bench equivalent")]
    Unsupported {
        /// The node.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A gate, flip-flop or terminal input without a driver.
    #[error("node `{label}`: input {input} is unconnected")]
    Unconnected {
        /// The node.
        label: String,
        /// The pin.
        input: usize,
    },
    /// A label that is not a valid net name (it has parentheses, `,`, `=`, `#` or spaces).
    #[error("node `{label}`: not a valid .bench net name")]
    Name {
        /// The node.
        label: String,
    },
}

/// Writes `circuit` as a `.bench` netlist: an `OUTPUT` per terminal (naming the net that drives
/// it), then an `INPUT` per switch and a line per gate and flip-flop, in node order. A circuit
/// read by [`from_str`] and written back reads back identical (same nodes in the same order).
///
/// # Errors
/// [`BenchWriteError`] for a node the format cannot express.
pub fn to_string(circuit: &Circuit) -> Result<String, BenchWriteError> {
    use std::fmt::Write as _;

    let net = |id| {
        let label = &circuit[id].label;
        if name(label).is_some_and(|n| !n.contains('#')) {
            Ok(label.as_str())
        } else {
            Err(BenchWriteError::Name {
                label: label.clone(),
            })
        }
    };
    let drivers = |id| {
        circuit
            .drivers(id)
            .into_iter()
            .enumerate()
            .map(|(input, d)| {
                d.ok_or_else(|| BenchWriteError::Unconnected {
                    label: circuit[id].label.clone(),
                    input,
                })
            })
            .collect::<Result<Vec<_>, _>>()
    };
    // Outputs first; then inputs and gates interleaved in node order, so that reading the text
    // back gives the nodes in the same order.
    let (mut outputs, mut body) = (String::new(), String::new());
    for (id, node) in circuit.nodes() {
        let unsupported = || BenchWriteError::Unsupported {
            label: node.label.clone(),
            kind: node.kind,
        };
        match node.kind {
            NodeKind::Switch => {
                let _ = writeln!(body, "INPUT({})", net(id)?);
            }
            NodeKind::Lamp | NodeKind::Probe => {
                let _ = writeln!(outputs, "OUTPUT({})", net(drivers(id)?[0])?);
            }
            NodeKind::Dff => {
                let _ = writeln!(body, "{} = DFF({})", net(id)?, net(drivers(id)?[0])?);
            }
            NodeKind::Clock { .. } if node.label == CLOCK_LABEL => {}
            kind => {
                let op = kind.op().ok_or_else(unsupported)?;
                let ins = drivers(id)?
                    .into_iter()
                    .map(net)
                    .collect::<Result<Vec<_>, _>>()?;
                let op = if op == GateOp::Buf { "BUFF" } else { op.name() };
                let _ = writeln!(body, "{} = {op}({})", net(id)?, ins.join(", "));
            }
        }
    }
    Ok(format!("# written by tritium\n{outputs}{body}"))
}

/// One definition: a net, where it is defined, and the nets it reads.
struct Def<'t> {
    net: &'t str,
    line: usize,
    kind: NodeKind,
    /// Its inputs: `Nets::args[args.0..args.1]`.
    args: (u32, u32),
}

/// Marks a net that is used but (so far) not defined.
const UNDEFINED: u32 = u32::MAX;

/// Entries of [`Nets::recent`] (a power of two).
const RECENT: usize = 4096;

/// A net name with its hash, computed once for the cache and the table of [`Nets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hashed<'t> {
    hash: u64,
    name: &'t str,
}

impl<'t> Hashed<'t> {
    fn new(name: &'t str) -> Hashed<'t> {
        Hashed {
            hash: FxBuildHasher.hash_one(name),
            name,
        }
    }
}

impl Hash for Hashed<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The hasher of [`Nets::index`]: passes [`Hashed::hash`] through.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is called (by `Hashed`); this keeps any other use a hash.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The nets of a netlist text, numbered in order of first appearance (definition or use).
struct Nets<'t> {
    /// Name → net number.
    index: HashMap<Hashed<'t>, u32, BuildHasherDefault<Prehashed>>,
    /// A direct-mapped cache in front of `index`, by the name's hash: netlists mostly read nets
    /// defined a few lines before, so most uses are answered here, from memory the processor
    /// still holds, rather than by a probe into a table too big for its caches. An empty
    /// name marks an empty entry (no net name is empty).
    recent: Box<[(Hashed<'t>, u32)]>,
    /// Net number → its definition (an index into the definitions), or [`UNDEFINED`].
    def: Vec<u32>,
    /// The inputs of every definition, as net numbers, one definition after the other.
    args: Vec<u32>,
}

impl<'t> Nets<'t> {
    /// The number of net `name`, numbering it if it is new.
    #[inline]
    fn number(&mut self, name: Hashed<'t>) -> u32 {
        let cached = &mut self.recent[name.hash as usize % RECENT];
        // The hashes first: a miss rarely compares the names.
        if cached.0 == name {
            return cached.1;
        }
        let number = match self.index.entry(name) {
            Entry::Occupied(known) => *known.get(),
            Entry::Vacant(slot) => {
                let number = self.def.len() as u32;
                self.def.push(UNDEFINED);
                *slot.insert(number)
            }
        };
        *cached = (name, number);
        number
    }
}

/// Parses a `.bench` netlist into a checked circuit (nodes without positions).
///
/// Linear in the size of the text. First the lines are split and every net name hashed
/// (borrowed from the text), in parallel on texts of a few hundred kilobytes or more: the text
/// is cut at line boundaries into one part per available core ([`std::thread::scope`]).
/// Then, in line order, each net is numbered at its first appearance (definition or use) and
/// the circuit is built from the numbers without hashing a name again.
///
/// # Errors
/// The first [`BenchError`] in line order (undefined nets are reported after the whole file is
/// read, at their first use by a definition, else by an `OUTPUT`).
pub fn from_str(text: &str) -> Result<Circuit, BenchError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let count = if text.len() < PARALLEL_BYTES {
        1
    } else {
        cores.min(8)
    };
    parse(text, count)
}

/// [`from_str`] with the text cut into (at most) `count` parts, scanned in parallel.
fn parse(text: &str, count: usize) -> Result<Circuit, BenchError> {
    let parts = split(text, count);
    let scanned: Vec<Scanned<'_>> = if parts.len() == 1 {
        parts
            .iter()
            .map(|&(part, first)| scan(part, first))
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .iter()
                .map(|&(part, first)| scope.spawn(move || scan(part, first)))
                .collect();
            handles
                .into_iter()
                .zip(&parts)
                .map(|(handle, &(part, first))| {
                    // A scan does not panic; if one did, its part is read again here.
                    handle.join().unwrap_or_else(|_| scan(part, first))
                })
                .collect()
        })
    };
    // About one definition per 30 bytes of a typical netlist: size the tables once.
    let estimate = text.len() / 30 + 16;
    let mut defs: Vec<Def<'_>> = Vec::with_capacity(estimate);
    let mut nets = Nets {
        index: HashMap::with_capacity_and_hasher(estimate, BuildHasherDefault::default()),
        recent: vec![(Hashed::new(""), 0); RECENT].into_boxed_slice(),
        def: Vec::with_capacity(estimate),
        args: Vec::with_capacity(2 * estimate),
    };
    let mut outputs: Vec<(usize, u32)> = Vec::new();
    let mut has_dff = false;
    for scanned in scanned {
        for record in &scanned.records {
            let (line, net, kind) = (record.line as usize, record.net, record.kind);
            if kind == NodeKind::Probe {
                outputs.push((line, nets.number(net)));
                continue;
            }
            has_dff |= kind == NodeKind::Dff;
            let defined = nets.number(net);
            let first = nets.def[defined as usize];
            if first != UNDEFINED {
                return Err(BenchError::Redefined {
                    line,
                    net: net.name.to_owned(),
                    first: defs[first as usize].line,
                });
            }
            nets.def[defined as usize] = defs.len() as u32;
            let from = nets.args.len() as u32;
            for &arg in &scanned.args[record.args.0 as usize..record.args.1 as usize] {
                let used = nets.number(arg);
                nets.args.push(used);
            }
            defs.push(Def {
                net: net.name,
                line,
                kind,
                args: (from, nets.args.len() as u32),
            });
        }
        if let Some(error) = scanned.error {
            return Err(error);
        }
    }
    build(&defs, &nets, &outputs, has_dff)
}

/// Texts shorter than this are read by one thread.
const PARALLEL_BYTES: usize = 1 << 18;

/// `text` cut at line boundaries into `count` parts (at least one; some may be empty), each
/// with the number of its first line.
fn split(text: &str, count: usize) -> Vec<(&str, usize)> {
    let count = count.max(1);
    let mut parts = Vec::with_capacity(count);
    let (mut start, mut first) = (0, 1);
    for k in 1..=count {
        let end = if k == count {
            text.len()
        } else {
            // After the first newline at or past the k-th share.
            let share = text.len() * k / count;
            text.as_bytes()[share.max(start)..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |at| share.max(start) + at + 1)
        };
        let part = &text[start..end];
        parts.push((part, first));
        first += part.bytes().filter(|&b| b == b'\n').count();
        start = end;
    }
    parts
}

/// One definition or output of a part, split and hashed.
#[derive(Clone, Copy, Debug)]
struct Record<'t> {
    line: u32,
    net: Hashed<'t>,
    /// The definition's kind; [`NodeKind::Probe`] marks an `OUTPUT`.
    kind: NodeKind,
    /// Its arguments: `Scanned::args[args.0..args.1]`.
    args: (u32, u32),
}

/// A part of a netlist, split and hashed ([`scan`]).
#[derive(Debug, Default)]
struct Scanned<'t> {
    records: Vec<Record<'t>>,
    args: Vec<Hashed<'t>>,
    /// The first error in the part; the records stop before its line.
    error: Option<BenchError>,
}

/// Splits and hashes the lines of `part`, whose first line is number `first`.
fn scan(part: &str, first: usize) -> Scanned<'_> {
    let mut scanned = Scanned {
        records: Vec::with_capacity(part.len() / 30 + 4),
        args: Vec::with_capacity(part.len() / 12 + 4),
        ..Scanned::default()
    };
    // The arguments of the line being read (reused: no allocation per line).
    let mut args: Vec<&str> = Vec::new();
    for (number, raw) in part.lines().enumerate() {
        let line = first + number;
        let parsed = match scan_line(raw, &mut args) {
            Some(parsed) => Ok(parsed),
            None => general_line(raw, line, &mut args),
        };
        let (net, kind) = match parsed {
            Ok(Line::Blank) => continue,
            Ok(Line::Output(net)) => (net, NodeKind::Probe),
            Ok(Line::Input(net)) => (net, NodeKind::Switch),
            Ok(Line::Gate { net, op }) => match gate_kind(line, op, args.len()) {
                Ok(kind) => (net, kind),
                Err(error) => {
                    scanned.error = Some(error);
                    return scanned;
                }
            },
            Err(error) => {
                scanned.error = Some(error);
                return scanned;
            }
        };
        let from = scanned.args.len() as u32;
        if matches!(kind, NodeKind::Probe | NodeKind::Switch) {
            args.clear();
        }
        scanned
            .args
            .extend(args.iter().map(|&arg| Hashed::new(arg)));
        scanned.records.push(Record {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            net: Hashed::new(net),
            kind,
            args: (from, scanned.args.len() as u32),
        });
    }
    scanned
}

/// One line of a netlist, split.
enum Line<'t> {
    /// Blank or a comment.
    Blank,
    /// `INPUT(net)`.
    Input(&'t str),
    /// `OUTPUT(net)`.
    Output(&'t str),
    /// `net = OP(args…)`, the arguments in the caller's list.
    Gate { net: &'t str, op: &'t str },
}

/// Splits a line in the common form (ASCII, well formed) in one pass over its bytes, the
/// arguments of a gate into `args`; `None` for anything else, which [`general_line`] then
/// reads (and names the error of). Accepts exactly what [`general_line`] accepts from an
/// ASCII line.
fn scan_line<'t>(raw: &'t str, args: &mut Vec<&'t str>) -> Option<Line<'t>> {
    let mut at = Cursor { raw, at: 0 };
    at.skip_space();
    if at.at_end() {
        return Some(Line::Blank);
    }
    let first = at.name()?;
    at.skip_space();
    let line = match at.next()? {
        b'=' => {
            at.skip_space();
            let op = at.name()?;
            at.skip_space();
            (at.next()? == b'(').then_some(())?;
            args.clear();
            loop {
                at.skip_space();
                args.push(at.name()?);
                at.skip_space();
                match at.next()? {
                    b',' => {}
                    b')' => break,
                    _ => return None,
                }
            }
            Line::Gate { net: first, op }
        }
        b'(' => {
            at.skip_space();
            let arg = at.name()?;
            at.skip_space();
            (at.next()? == b')').then_some(())?;
            if first.eq_ignore_ascii_case("INPUT") {
                Line::Input(arg)
            } else if first.eq_ignore_ascii_case("OUTPUT") {
                Line::Output(arg)
            } else {
                return None;
            }
        }
        _ => return None,
    };
    at.skip_space();
    at.at_end().then_some(line)
}

/// A position in a line, for [`scan_line`].
struct Cursor<'t> {
    raw: &'t str,
    at: usize,
}

impl<'t> Cursor<'t> {
    /// The byte here, if any.
    fn peek(&self) -> Option<u8> {
        self.raw.as_bytes().get(self.at).copied()
    }

    /// The byte here, stepping over it.
    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    /// At the end of the line or of its code (a `#` comment follows).
    fn at_end(&self) -> bool {
        self.peek().is_none_or(|b| b == b'#')
    }

    /// Steps over the bytes of class `class` (see [`CLASS`]).
    #[inline]
    fn skip(&mut self, class: u8) {
        let rest = &self.raw.as_bytes()[self.at..];
        self.at += rest
            .iter()
            .position(|&b| CLASS[usize::from(b)] != class)
            .unwrap_or(rest.len());
    }

    /// Steps over ASCII white space (what `str::trim` removes from an ASCII line).
    fn skip_space(&mut self) {
        self.skip(SPACE);
    }

    /// An ASCII [`name`] here, stepping over it; `None` if there is none.
    fn name(&mut self) -> Option<&'t str> {
        let start = self.at;
        self.skip(NAME);
        (self.at > start).then(|| &self.raw[start..self.at])
    }
}

/// [`CLASS`] of a byte that may be part of an ASCII name.
const NAME: u8 = 0;
/// [`CLASS`] of ASCII white space, as `char::is_whitespace` has it.
const SPACE: u8 = 1;

/// Per byte, for [`scan_line`]: [`NAME`], [`SPACE`], or 2 for the rest (punctuation `()`,
/// `,`, `=`, `#`, and every non-ASCII byte).
const CLASS: [u8; 256] = {
    let mut class = [2u8; 256];
    let mut b = 0;
    while b < 128 {
        class[b] = match b as u8 {
            b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' => SPACE,
            b'(' | b')' | b',' | b'=' | b'#' => 2,
            _ => NAME,
        };
        b += 1;
    }
    class
};

/// Splits any line, naming what is wrong with a malformed one; the arguments of a gate go
/// into `args`.
fn general_line<'t>(
    raw: &'t str,
    line: usize,
    args: &mut Vec<&'t str>,
) -> Result<Line<'t>, BenchError> {
    let code = raw.split('#').next().unwrap_or_default().trim();
    if code.is_empty() {
        return Ok(Line::Blank);
    }
    let malformed = || BenchError::Malformed {
        line,
        text: raw.trim().to_owned(),
    };
    if let Some((lhs, rhs)) = code.split_once('=') {
        let net = name(lhs).ok_or_else(malformed)?;
        let (op, list, _) = call(rhs).ok_or_else(malformed)?;
        args.clear();
        args.extend(list.split(',').map(str::trim));
        return Ok(Line::Gate { net, op });
    }
    let (decl, arg, count) = call(code).ok_or_else(malformed)?;
    if count != 1 {
        return Err(malformed());
    }
    let arg = arg.trim();
    if decl.eq_ignore_ascii_case("INPUT") {
        Ok(Line::Input(arg))
    } else if decl.eq_ignore_ascii_case("OUTPUT") {
        Ok(Line::Output(arg))
    } else {
        Err(malformed())
    }
}

fn build(
    defs: &[Def<'_>],
    nets: &Nets<'_>,
    outputs: &[(usize, u32)],
    has_dff: bool,
) -> Result<Circuit, BenchError> {
    // Undefined nets, in the order the documentation promises.
    let net_name = |number: u32| {
        nets.index
            .iter()
            .find(|&(_, &n)| n == number)
            .map_or_else(String::new, |(name, _)| name.name.to_owned())
    };
    for def in defs {
        for &used in &nets.args[def.args.0 as usize..def.args.1 as usize] {
            if nets.def[used as usize] == UNDEFINED {
                return Err(BenchError::Undefined {
                    line: def.line,
                    net: net_name(used),
                });
            }
        }
    }
    for &(line, used) in outputs {
        if nets.def[used as usize] == UNDEFINED {
            return Err(BenchError::Undefined {
                line,
                net: net_name(used),
            });
        }
    }

    // Every label is unique by construction: net names are (a net defined twice is an
    // error above), the clock's and the probes' (`OUTPUT(…)`) contain parentheses, which no
    // net name does, and one net listed twice as an output is refused here.
    let duplicate = |line: usize, label: String| BenchError::Label {
        line,
        source: CircuitError::DuplicateLabel { label },
    };
    let mut circuit = Circuit::with_capacity(defs.len() + outputs.len() + 1);
    let mut ids: Vec<NodeId> = Vec::with_capacity(defs.len());
    for def in defs {
        ids.push(circuit.add_node_unique(Node::new(def.net, def.kind)));
    }
    let clock = if has_dff {
        let clock = Node::new(CLOCK_LABEL, NodeKind::Clock { half_period: 1 });
        Some(circuit.add_node_unique(clock))
    } else {
        None
    };
    let node_of = |used: u32| ids[nets.def[used as usize] as usize];
    for (def, &to) in defs.iter().zip(&ids) {
        let args = &nets.args[def.args.0 as usize..def.args.1 as usize];
        // Valid by construction: every driver is an input, a gate, a flip-flop or the clock
        // (all have outputs), `to` is a gate or a flip-flop whose input count is its argument
        // count (plus the clock pin of a flip-flop), and each pin is wired once.
        for (pin, &used) in args.iter().enumerate() {
            circuit.connect_valid(node_of(used), to, pin as u8);
        }
        if let (NodeKind::Dff, Some(clock)) = (def.kind, clock) {
            circuit.connect_valid(clock, to, 1);
        }
    }
    let mut listed = vec![false; nets.def.len()];
    for &(line, used) in outputs {
        let from = node_of(used);
        let label = format!("OUTPUT({})", circuit[from].label);
        if std::mem::replace(&mut listed[used as usize], true) {
            return Err(duplicate(line, label));
        }
        let probe = circuit.add_node_unique(Node::new(label, NodeKind::Probe));
        circuit.connect_valid(from, probe, 0);
    }
    Ok(circuit)
}

/// The operators, upper case.
const OPS: [&str; 10] = [
    "NOT", "BUFF", "BUF", "DFF", "AND", "NAND", "OR", "NOR", "XOR", "XNOR",
];

/// The node kind of `op` (any case) with `n` inputs.
fn gate_kind(line: usize, op: &str, n: usize) -> Result<NodeKind, BenchError> {
    // Compared without changing case: no allocation per line.
    let Some(&upper) = OPS.iter().find(|known| known.eq_ignore_ascii_case(op)) else {
        return Err(BenchError::UnknownOp {
            line,
            op: op.to_owned(),
        });
    };
    let arity = |expected: &'static str| BenchError::Arity {
        line,
        op: upper.to_owned(),
        expected,
        found: n,
    };
    let single = |expected| if n == 1 { Ok(()) } else { Err(arity(expected)) };
    let gate = match upper {
        "NOT" => return single("1 input").map(|()| NodeKind::Not),
        "BUFF" | "BUF" => return single("1 input").map(|()| NodeKind::Buf),
        "DFF" => return single("1 input (D)").map(|()| NodeKind::Dff),
        "AND" => GateOp::And,
        "NAND" => GateOp::Nand,
        "OR" => GateOp::Or,
        "NOR" => GateOp::Nor,
        "XOR" => GateOp::Xor,
        _ => GateOp::Xnor,
    };
    match u8::try_from(n) {
        Ok(1) => Ok(match gate {
            GateOp::Nand | GateOp::Nor | GateOp::Xnor => NodeKind::Not,
            _ => NodeKind::Buf,
        }),
        Ok(k) if GATE_INPUTS.contains(&k) => Ok(NodeKind::gate(gate, k)),
        _ => Err(arity("1 to 64 inputs")),
    }
}

/// `OP(a, b, c)` → `("OP", "a, b, c", 3)`: the operator, the argument text between the
/// parentheses and the number of arguments, each checked to be a [`name`].
fn call(text: &str) -> Option<(&str, &str, usize)> {
    let (op, rest) = text.trim().split_once('(')?;
    let args = rest.trim_end().strip_suffix(')')?;
    let op = name(op)?;
    let mut count = 0;
    for arg in args.split(',') {
        name(arg)?;
        count += 1;
    }
    Some((op, args, count))
}

/// A net or operator name: non-empty, no whitespace, parentheses, `,` or `=`.
fn name(text: &str) -> Option<&str> {
    let t = text.trim();
    let ok = !t.is_empty()
        && if t.is_ascii() {
            !t.bytes().any(|b| {
                matches!(
                    b,
                    b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' | b'(' | b')' | b',' | b'='
                )
            })
        } else {
            !t.chars()
                .any(|c| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '='))
        };
    ok.then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, Trit};

    const C17: &str = "# c17\nINPUT(N1)\nINPUT(N2)\nINPUT(N3)\nINPUT(N6)\nINPUT(N7)\n\
        OUTPUT(N22)\nOUTPUT(N23)\n\
        N10 = NAND(N1, N3)\nN11 = NAND(N3, N6)\nN16 = NAND(N2, N11)\n\
        N19 = NAND(N11, N7)\nN22 = NAND(N10, N16)\nN23 = NAND(N16, N19)\n";

    #[test]
    fn c17_imports_and_simulates() {
        let c = from_str(C17).expect("valid");
        let inputs: Vec<&str> = c.inputs().map(|id| c[id].label.as_str()).collect();
        let outputs: Vec<&str> = c.terminals().map(|id| c[id].label.as_str()).collect();
        assert_eq!(inputs, ["N1", "N2", "N3", "N6", "N7"]);
        assert_eq!(outputs, ["OUTPUT(N22)", "OUTPUT(N23)"]);
        let mut engine = Engine::from_circuit(&c);
        let ids: Vec<_> = c.inputs().collect();
        // N1..N7 = 1 0 1 0 1: N10 = 0, N11 = 1, N16 = 1, N19 = 0, N22 = 1, N23 = 1.
        let bits = [Trit::True, Trit::False, Trit::True, Trit::False, Trit::True];
        engine.set(ids.into_iter().zip(bits)).expect("switches");
        engine.settle();
        let outs: Vec<Trit> = c.terminals().map(|id| engine.value(id)).collect();
        assert_eq!(outs, [Trit::True, Trit::True]);
    }

    #[test]
    fn nets_may_be_used_before_they_are_defined_and_dffs_get_a_clock() {
        let c = from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(n)\nn = NOT(q)\n").expect("valid");
        let ff = c.find("q").expect("q");
        assert_eq!(c[ff].kind, NodeKind::Dff);
        assert_eq!(c.drivers(ff), [c.find("n"), c.find(CLOCK_LABEL)]);
    }

    #[test]
    fn writing_and_reading_back_gives_the_same_netlist() {
        // Inputs after gates, as the fuzzer found: the node order survives too.
        let text = "INPUT(a)\nOUTPUT(q)\nOUTPUT(n)\n\
            n = NAND(a, b, q)\nINPUT(b)\nq = DFF(x)\nx = BUFF(n)\n";
        let c = from_str(text).expect("valid");
        let written = to_string(&c).expect("expressible");
        let again = from_str(&written).expect("what we write, we read");
        assert_eq!(again.to_desc(), c.to_desc());
        assert!(
            written.contains("n = NAND(a, b, q)") && written.contains("q = DFF(x)"),
            "{written}"
        );
        let mut c = c;
        c.add_node(Node::new("K", NodeKind::Constant(Trit::True)))
            .expect("node");
        assert!(matches!(
            to_string(&c),
            Err(BenchWriteError::Unsupported { .. })
        ));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The one-pass scanner reads every line it takes as the general parser does, and
        /// takes every well-formed ASCII line the generator below writes.
        #[test]
        fn the_line_scanner_agrees_with_the_general_parser(
            raw in "[ \t]{0,2}([a-cA-C1_]{0,3}[ \t]{0,2}[=(),#]?[ \t]{0,2}){0,6}",
            net in "[a-zA-Z_][a-zA-Z0-9_.]{0,6}",
            op in "(AND|nand|Or|NOT|buff|XNOR|DFF)",
            args in proptest::collection::vec("[a-zA-Z0-9_]{1,5}", 1..5),
            space in "[ \t]{0,2}",
            (at, with) in (0usize..40, "[ =(),#a\t]"),
        ) {
            let well_formed = [
                format!("{space}{net}{space}={space}{op}({}){space}", args.join(&format!(",{space}"))),
                format!("INPUT({space}{net}{space}) # comment"),
                format!("{space}output({net})"),
            ];
            // A well-formed line with one character replaced.
            let mut mutated = well_formed[at % 3].clone().into_bytes();
            let at = at % mutated.len();
            mutated[at] = with.as_bytes()[0];
            let mutated = String::from_utf8(mutated).unwrap_or_default();
            for line in well_formed.iter().chain([&raw, &mutated]) {
                let (mut fast, mut general) = (Vec::new(), Vec::new());
                let scanned = scan_line(line, &mut fast);
                let read = general_line(line, 1, &mut general);
                match (&scanned, &read) {
                    // Declining is always safe (the general parser reads the line).
                    (Some(Line::Blank), Ok(Line::Blank)) | (None, _) => {}
                    (Some(Line::Input(a)), Ok(Line::Input(b)))
                    | (Some(Line::Output(a)), Ok(Line::Output(b))) => proptest::prop_assert_eq!(a, b),
                    (Some(Line::Gate { net: a, op: x }), Ok(Line::Gate { net: b, op: y })) => {
                        proptest::prop_assert_eq!((a, x), (b, y));
                        proptest::prop_assert_eq!(&fast, &general);
                    }
                    _ => proptest::prop_assert!(false, "{line:?}: they disagree"),
                }
            }
            proptest::prop_assert!(well_formed.iter().all(|l| scan_line(l, &mut Vec::new()).is_some()));
        }
    }

    /// Cut into parts scanned in parallel, a netlist reads the same, and its first error is
    /// the same, wherever the cuts fall.
    #[test]
    fn any_number_of_parts_reads_the_same() {
        let dag = crate::generate::random_dag(crate::generate::DagShape::new(8, 400), 3);
        let text = to_string(&dag).expect("writable");
        let one = to_string(&parse(&text, 1).expect("valid")).expect("writable");
        let lines = text.lines().count();
        for count in [2, 3, 7, 64, lines + 5] {
            let parsed = parse(&text, count).expect("valid");
            assert_eq!(to_string(&parsed).expect("writable"), one, "{count} parts");
        }
        // An error late in the text, a malformed line, and a redefinition before it.
        let malformed = format!("{text}what\n");
        let redefined = format!("{text}G3 = NOT(I0)\nwhat\n");
        for (bad, line) in [(&malformed, lines + 1), (&redefined, lines + 1)] {
            let first = parse(bad, 1).expect_err("invalid").to_string();
            assert!(first.starts_with(&format!("line {line}:")), "{first}");
            for count in [2, 3, 7, 64, lines + 5] {
                let err = parse(bad, count).expect_err("invalid").to_string();
                assert_eq!(err, first, "{count} parts");
            }
        }
    }

    #[test]
    fn errors_name_the_line() {
        for (text, message) in [
            (
                "INPUT(a)\nb = AND(a, c)\n",
                "line 2: net `c` is used but never defined",
            ),
            (
                "INPUT(a)\nOUTPUT(z)\n",
                "line 2: net `z` is used but never defined",
            ),
            (
                "INPUT(a)\nINPUT(b)\na = NOT(b)\n",
                "line 3: net `a` is defined twice (first on line 1)",
            ),
            ("INPUT(a)\nb = MUX(a, a)\n", "line 2: unknown gate `MUX`"),
            (
                "INPUT(a)\nb = NOT(a, a)\n",
                "line 2: NOT takes 1 input, found 2",
            ),
            (
                "INPUT(a)\nb = AND(a a)\n",
                "line 2: malformed line `b = AND(a a)`",
            ),
            ("INPUT(a)\n\nwhat\n", "line 3: malformed line `what`"),
            (
                "INPUT(a)\nOUTPUT(a)\nOUTPUT(a)\n",
                "line 3: duplicate label `OUTPUT(a)`",
            ),
        ] {
            let err = from_str(text).expect_err(text).to_string();
            assert!(
                err.starts_with(message),
                "{err:?} does not start with {message:?}"
            );
        }
    }
}
