//! Built-in parts with a width parameter: each [`BuiltinPart`] builds its design as an
//! ordinary [`PartDesc`] of gates, flip-flops, splitters and mergers, its ports buses. A
//! document places it as it places any part of its own (the palette adds the design to the
//! document's subcircuits), so every engine, analysis and the Verilog export handle it by
//! flattening.
//!
//! Binary parts: a trit −1 is the bit 0, +1 the bit 1, and 0 means *unknown*. The gates are
//! Kleene's, and every part is exact: an output bit is known whenever every completion of
//! the unknown input bits agrees on it (the multiplexer and priority encoder carry consensus
//! terms for that); the module tests compare each part with the brute-force extension (see
//! `docs/parts.md`).
//!
//! Bits are numbered from 0, the least significant; a port `a` of width `w` is the bus
//! `a[0]` … `a[w-1]`.
//!
//! The sequential parts (register, counter, shift register, JK, T and SR flip-flops; see
//! `sequential.rs`) are a [`NodeKind::Dffsr`] per bit, clocked on the rising edge of `clk`,
//! whose D is a gate of the inputs and Q and whose asynchronous RESET (and SET) are the
//! part's pins: on any clock, known or not, each bit follows
//! [`dffsr_next`](crate::kind::dffsr_next) with that D. Their state starts unknown; an
//! asynchronous pin left unwired where the part is placed is inactive.
//!
//! Every part is made with a [`Builder`], which other generators use too (the synthesis
//! crate's two-level logic and state machines): pins, gates by name, and the layout that
//! places them when the part is finished.

mod build;
mod layout;
mod sequential;

use build::Bits;
pub use build::Builder;
pub(crate) use build::bit_ranges;
pub use sequential::FlipFlopKind;

use crate::GateOp::{And, Nor, Or, Xnor, Xor};
use crate::desc::{InstanceDesc, Node, Pos, WireDesc};
use crate::elaborate::elaborate;
use crate::format::{Document, FormatError};
use crate::hierarchy::{DEFAULT_MAX_NODES, Design, PartDesc};
use crate::kind::NodeKind;
use crate::trit::Trit;

/// The widest port: a bus holds at most 64 trits.
pub const MAX_WIDTH: u8 = 64;
/// The most select (address) bits: a decoder's 2⁶ = 64 outputs fill the widest bus.
pub const MAX_SELECT: u8 = 6;

/// A parameter out of its range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartError {
    /// A width outside `1..=64`.
    #[error("{part}: width {width} is outside 1..={MAX_WIDTH}")]
    Width {
        /// The part, as [`BuiltinPart::name`] would call it.
        part: String,
        /// The width asked for.
        width: u8,
    },
    /// A select (address) width outside `1..=6`.
    #[error("{part}: {select} select bits are outside 1..={MAX_SELECT}")]
    Select {
        /// The part, as [`BuiltinPart::name`] would call it.
        part: String,
        /// The select width asked for.
        select: u8,
    },
    /// A bit extender asked to narrow its input.
    #[error("{part}: the output ({to} bits) is narrower than the input ({from})")]
    Narrowing {
        /// The part, as [`BuiltinPart::name`] would call it.
        part: String,
        /// The input width.
        from: u8,
        /// The output width.
        to: u8,
    },
}

/// What a bit extender puts in its new high bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fill {
    /// Zeros (unsigned numbers).
    Zero,
    /// Ones.
    One,
    /// Copies of the input's top bit (two's complement numbers).
    Sign,
}

/// A built-in part and its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinPart {
    /// Unsigned comparator: `a`, `b` (`width` bits) → `lt`, `eq`, `gt`.
    Comparator {
        /// The width of `a` and `b`, 1..=64.
        width: u8,
    },
    /// Ripple-carry adder: `a`, `b` (`width` bits), `cin` → `s` (`width` bits), `cout`;
    /// `cout·2^width + s = a + b + cin`.
    Adder {
        /// The width of `a`, `b` and `s`, 1..=64.
        width: u8,
    },
    /// Ripple-borrow subtractor: `a`, `b` (`width` bits), `bin` → `d` (`width` bits),
    /// `bout`; `d − bout·2^width = a − b − bin`.
    Subtractor {
        /// The width of `a`, `b` and `d`, 1..=64.
        width: u8,
    },
    /// Multiplexer: `d0` … `d{2^select − 1}` (`width` bits each), `sel` (`select` bits) →
    /// `y` = `d{sel}`.
    Multiplexer {
        /// The select width, 1..=6.
        select: u8,
        /// The data width, 1..=64.
        width: u8,
    },
    /// Demultiplexer: `d` (`width` bits), `sel` (`select` bits) → `y0` … `y{2^select − 1}`;
    /// `y{sel}` = `d`, every other output 0.
    Demultiplexer {
        /// The select width, 1..=6.
        select: u8,
        /// The data width, 1..=64.
        width: u8,
    },
    /// Decoder: `a` (`select` bits) → `y` (`2^select` bits), one-hot: bit `a` of `y` is 1.
    Decoder {
        /// The address width, 1..=6.
        select: u8,
    },
    /// Priority encoder: `x` (`2^select` bits) → `y` (`select` bits), the index of the
    /// highest set bit of `x`, and `valid`, whether any is set (`y` = 0 when none is).
    PriorityEncoder {
        /// The output width, 1..=6.
        select: u8,
    },
    /// Bit extender: `a` (`from` bits) → `y` (`to` bits): `a` in the low bits, `fill` above.
    Extender {
        /// The input width, 1..=64.
        from: u8,
        /// The output width, `from..=64`.
        to: u8,
        /// What the new high bits hold.
        fill: Fill,
    },
    /// Register: `d` (`width` bits), `clk`, `en`, `srst`, `arst` → `q` (`width` bits). On a
    /// rising edge of `clk`, `q` takes 0 if `srst` (a synchronous reset), else `d` if `en`,
    /// else holds; while `arst` (the asynchronous reset) is 1, `q` is 0 whatever the clock
    /// does.
    Register {
        /// The width of `d` and `q`, 1..=64.
        width: u8,
    },
    /// Counter: `d` (`width` bits), `clk`, `en`, `up`, `load`, `srst`, `arst` → `q` (`width`
    /// bits), `carry`. On a rising edge of `clk`, `q` takes 0 if `srst`, else `d` if `load`,
    /// else `q + 1` if `up` or `q − 1` if not (modulo 2^`width`) if `en`, else holds; while
    /// `arst` is 1, `q` is 0. `carry` = `en ∧ (up ? q = 2^width − 1 : q = 0)`, at once: the
    /// count wraps on the next edge (the enable of a next stage).
    Counter {
        /// The width of `d` and `q`, 1..=64.
        width: u8,
    },
    /// Shift register: `sin`, `d` (`width` bits), `clk`, `shift`, `load`, `srst`, `arst` →
    /// `q` (`width` bits), `sout`. On a rising edge of `clk`, `q` takes 0 if `srst`, else `d`
    /// if `load`, else `q` shifted one bit up with `sin` into `q[0]` if `shift`, else holds;
    /// while `arst` is 1, `q` is 0. `sout` = `q[width − 1]`.
    ShiftRegister {
        /// The width of `d` and `q`, 1..=64.
        width: u8,
    },
    /// `width` JK, T or SR flip-flops sharing `clk` and the asynchronous `set` and `reset`:
    /// the clocked inputs of `kind` ([`FlipFlopKind::inputs`], `width` bits each), `clk`,
    /// `set`, `reset` → `q`, `qn` = ¬`q` (`width` bits). Bit i follows
    /// [`jk_next`](crate::kind::jk_next), [`t_next`](crate::kind::t_next) or
    /// [`sr_next`](crate::kind::sr_next) exactly, under
    /// [`set_reset_next`](crate::kind::set_reset_next): `reset` at 1 gives 0 and `set` at 1
    /// (`reset` at 0) gives 1 at once, whatever the clock does.
    FlipFlop {
        /// Which flip-flop.
        kind: FlipFlopKind,
        /// The width of each input and of `q` and `qn`, 1..=64.
        width: u8,
    },
}

impl BuiltinPart {
    /// The part's name, unique per kind and parameters (`adder8`, `mux4x8`, `sext4to8`): a
    /// valid part and Verilog module name.
    pub fn name(self) -> String {
        match self {
            BuiltinPart::Comparator { width } => format!("compare{width}"),
            BuiltinPart::Adder { width } => format!("adder{width}"),
            BuiltinPart::Subtractor { width } => format!("subtract{width}"),
            BuiltinPart::Multiplexer { select, width } => format!("mux{}x{width}", 1u64 << select),
            BuiltinPart::Demultiplexer { select, width } => {
                format!("demux{}x{width}", 1u64 << select)
            }
            BuiltinPart::Decoder { select } => format!("decode{select}to{}", 1u64 << select),
            BuiltinPart::PriorityEncoder { select } => {
                format!("prienc{}to{select}", 1u64 << select)
            }
            BuiltinPart::Extender { from, to, fill } => {
                let prefix = match fill {
                    Fill::Zero => "zext",
                    Fill::One => "oext",
                    Fill::Sign => "sext",
                };
                format!("{prefix}{from}to{to}")
            }
            BuiltinPart::Register { width } => format!("register{width}"),
            BuiltinPart::Counter { width } => format!("counter{width}"),
            BuiltinPart::ShiftRegister { width } => format!("shiftreg{width}"),
            BuiltinPart::FlipFlop { kind, width } => format!("{}{width}", kind.prefix()),
        }
    }

    /// The part's design: input pins (switches) and output pins (lamps) in the order the
    /// variant's doc lists them, gates between.
    ///
    /// # Errors
    /// [`PartError`] naming the part when a parameter is out of its range.
    pub fn design(self) -> Result<PartDesc, PartError> {
        self.check()?;
        let mut b = Builder::default();
        match self {
            BuiltinPart::Comparator { width } => comparator(&mut b, width),
            BuiltinPart::Adder { width } => adder(&mut b, width, false),
            BuiltinPart::Subtractor { width } => adder(&mut b, width, true),
            BuiltinPart::Multiplexer { select, width } => multiplexer(&mut b, select, width),
            BuiltinPart::Demultiplexer { select, width } => demultiplexer(&mut b, select, width),
            BuiltinPart::Decoder { select } => {
                let a = b.input("a", select);
                let lines = b.decode(&a);
                b.output("y", &lines);
            }
            BuiltinPart::PriorityEncoder { select } => priority_encoder(&mut b, select),
            BuiltinPart::Extender { from, to, fill } => extender(&mut b, from, to, fill),
            BuiltinPart::Register { width } => sequential::register(&mut b, width),
            BuiltinPart::Counter { width } => sequential::counter(&mut b, width),
            BuiltinPart::ShiftRegister { width } => sequential::shift_register(&mut b, width),
            BuiltinPart::FlipFlop { kind, width } => sequential::flip_flops(&mut b, kind, width),
        }
        Ok(b.finish(self.name()))
    }

    /// Checks the parameters' ranges.
    fn check(self) -> Result<(), PartError> {
        let width = |width: u8| {
            if (1..=MAX_WIDTH).contains(&width) {
                Ok(())
            } else {
                Err(PartError::Width {
                    part: self.name(),
                    width,
                })
            }
        };
        let select = |select: u8| {
            if (1..=MAX_SELECT).contains(&select) {
                Ok(())
            } else {
                Err(PartError::Select {
                    part: self.name(),
                    select,
                })
            }
        };
        match self {
            BuiltinPart::Comparator { width: w }
            | BuiltinPart::Adder { width: w }
            | BuiltinPart::Subtractor { width: w }
            | BuiltinPart::Register { width: w }
            | BuiltinPart::Counter { width: w }
            | BuiltinPart::ShiftRegister { width: w }
            | BuiltinPart::FlipFlop { width: w, .. } => width(w),
            BuiltinPart::Multiplexer {
                select: s,
                width: w,
            }
            | BuiltinPart::Demultiplexer {
                select: s,
                width: w,
            } => select(s).and(width(w)),
            BuiltinPart::Decoder { select: s } | BuiltinPart::PriorityEncoder { select: s } => {
                select(s)
            }
            BuiltinPart::Extender { from, to, .. } => {
                width(from)?;
                width(to)?;
                if to < from {
                    return Err(PartError::Narrowing {
                        part: self.name(),
                        from,
                        to,
                    });
                }
                Ok(())
            }
        }
    }
}

/// `lt`, `eq`, `gt` of `a` and `b`. `lt` is the borrow out of `a − b`: a ripple from bit 0
/// up, each stage the majority of `¬a[i]`, `b[i]` and the stage below (`gt` the same with
/// `a` and `b` swapped). A majority with one unknown input is known when the other two agree,
/// so one unknown bit leaves unknown only what it decides; `eq` is the AND of the bits'
/// XNORs.
fn comparator(b: &mut Builder, width: u8) {
    let x = b.input("a", width);
    let y = b.input("b", width);
    let nx: Bits = x.iter().map(|bit| b.not(bit)).collect();
    let ny: Bits = y.iter().map(|bit| b.not(bit)).collect();
    let lt = borrow_chain(b, &nx, &y);
    let gt = borrow_chain(b, &x, &ny);
    let same: Bits = x
        .iter()
        .zip(&y)
        .map(|(xi, yi)| b.gate(Xnor, &[xi.clone(), yi.clone()]))
        .collect();
    let eq = b.gate(And, &same);
    b.output("lt", &[lt]);
    b.output("eq", &[eq]);
    b.output("gt", &[gt]);
}

/// The carry out of `x + y` with no carry in: bit 0 `x ∧ y`, then a majority per bit.
fn borrow_chain(b: &mut Builder, x: &[String], y: &[String]) -> String {
    let mut carry = b.gate(And, &[x[0].clone(), y[0].clone()]);
    for (xi, yi) in x.iter().zip(y).skip(1) {
        carry = b.majority(xi, yi, &carry);
    }
    carry
}

/// A ripple of full adders (sum: three-input XOR; carry: majority). The subtractor adds
/// `a + ¬b + ¬bin` and inverts the carry out into the borrow out.
fn adder(b: &mut Builder, width: u8, subtract: bool) {
    let (carry_in, out, carry_out) = if subtract {
        ("bin", "d", "bout")
    } else {
        ("cin", "s", "cout")
    };
    let x = b.input("a", width);
    let y = b.input("b", width);
    let c = b.input(carry_in, 1);
    let (y, mut carry): (Bits, String) = if subtract {
        (y.iter().map(|bit| b.not(bit)).collect(), b.not(&c[0]))
    } else {
        (y, c[0].clone())
    };
    let mut sum = Vec::with_capacity(x.len());
    for (xi, yi) in x.iter().zip(&y) {
        sum.push(b.gate(Xor, &[xi.clone(), yi.clone(), carry.clone()]));
        carry = b.majority(xi, yi, &carry);
    }
    if subtract {
        carry = b.not(&carry);
    }
    b.output(out, &sum);
    b.output(carry_out, &[carry]);
}

/// Per bit, a tree of 2:1 multiplexers: select bit 0 chooses within pairs of inputs, bit 1
/// between pairs of pairs, and so on. Each 2:1 multiplexer is `¬s·x + s·y + x·y` (see
/// [`Builder::select`]), which is exact under an unknown `s`; the subtrees read disjoint
/// inputs, so the tree is exact too: `y` is known whenever every input the known select bits
/// leave possible agrees on it.
fn multiplexer(b: &mut Builder, select: u8, width: u8) {
    let inputs: Vec<Bits> = (0..1u32 << select)
        .map(|k| b.input(&format!("d{k}"), width))
        .collect();
    let sel = b.input("sel", select);
    let not_sel: Bits = sel.iter().map(|s| b.not(s)).collect();
    let y: Bits = (0..usize::from(width))
        .map(|i| {
            let mut level: Bits = inputs.iter().map(|d| d[i].clone()).collect();
            for (s, not_s) in sel.iter().zip(&not_sel) {
                level = level
                    .chunks(2)
                    .map(|pair| b.select(s, not_s, &pair[0], &pair[1]))
                    .collect();
            }
            level.swap_remove(0)
        })
        .collect();
    b.output("y", &y);
}

/// Output `k` is `d` and-ed bit by bit with select line `k`.
fn demultiplexer(b: &mut Builder, select: u8, width: u8) {
    let d = b.input("d", width);
    let sel = b.input("sel", select);
    let lines = b.decode(&sel);
    for (k, line) in lines.iter().enumerate() {
        let y: Bits = d
            .iter()
            .map(|bit| b.gate(And, &[line.clone(), bit.clone()]))
            .collect();
        b.output(&format!("y{k}"), &y);
    }
}

/// Bit `i` of `y` is the OR, over the inputs `x[m]` whose index `m` has bit `i` set, of
/// `x[m]` and-ed with the NOR of the inputs above `m` whose index has bit `i` clear: the
/// highest set input has bit `i` set exactly when one of these terms holds. They are all the
/// prime implicants of `y[i]`, so the Kleene OR of them is exact (a known input above that
/// agrees on bit `i` does not matter to it). `valid` is the OR of `x`.
fn priority_encoder(b: &mut Builder, select: u8) {
    let x = b.input("x", 1 << select);
    let y: Bits = (0..usize::from(select))
        .map(|i| {
            let set = |j: usize| j >> i & 1 == 1;
            let terms: Bits = (0..x.len())
                .filter(|&m| set(m))
                .map(|m| {
                    let clear_above: Bits = (m + 1..x.len())
                        .filter(|&k| !set(k))
                        .map(|k| x[k].clone())
                        .collect();
                    if clear_above.is_empty() {
                        x[m].clone()
                    } else {
                        let none = b.gate(Nor, &clear_above);
                        b.gate(And, &[x[m].clone(), none])
                    }
                })
                .collect();
            b.gate(Or, &terms)
        })
        .collect();
    let valid = b.gate(Or, &x);
    b.output("y", &y);
    b.output("valid", &[valid]);
}

/// `a`'s bits, then `fill` up to `to` bits.
fn extender(b: &mut Builder, from: u8, to: u8, fill: Fill) {
    let a = b.input("a", from);
    let mut y = a.clone();
    if to > from {
        let high = match fill {
            Fill::Zero => b.constant(Trit::False),
            Fill::One => b.constant(Trit::True),
            Fill::Sign => a[a.len() - 1].clone(),
        };
        y.resize(usize::from(to), high);
    }
    b.output("y", &y);
}

/// A document placing one instance `U` of `part`, each pin wired to a switch or lamp of the
/// same name and width at the top level: the part as a circuit of its own, to simulate, test
/// or export (`tritium export verilog` writes the part as a module).
///
/// # Errors
/// [`FormatError`] if the part does not elaborate (a design [`BuiltinPart::design`] built
/// always does).
pub fn standalone(part: &PartDesc) -> Result<Document, FormatError> {
    standalone_in(part, &Design::default())
}

/// [`standalone`] for a part that places parts of `parts` (a document's design: its
/// subcircuits and library parts, to any depth): the document keeps them, and `part` beside
/// them when it is none of them (a part not made yet, as
/// [`Extraction::part`](crate::hierarchy::Extraction::part) plans it).
///
/// # Errors
/// [`FormatError`] if the part does not elaborate with those parts.
pub fn standalone_in(part: &PartDesc, parts: &Design) -> Result<Document, FormatError> {
    let instance = "U";
    let mut nodes = Vec::new();
    let mut wires = Vec::new();
    let width = |pin: &str| {
        part.nodes
            .iter()
            .find(|n| n.label == pin)
            .map_or(1, |n| n.width)
    };
    for (row, pin) in (0..).zip(part.input_pins()) {
        nodes.push(
            Node::new(&pin, NodeKind::Switch)
                .wide(width(&pin))
                .at(0, 4 * row),
        );
        wires.push(WireDesc::new(&pin, format!("{instance}.{pin}"), 0));
    }
    for (row, pin) in (0..).zip(part.output_pins()) {
        nodes.push(
            Node::new(&pin, NodeKind::Lamp)
                .wide(width(&pin))
                .at(24, 4 * row),
        );
        wires.push(WireDesc::new(format!("{instance}.{pin}"), &pin, 0));
    }
    // Every top-level wire ends at a pin of `U`; the top level is kept as written (its pins
    // are buses).
    let design = Design {
        instances: vec![InstanceDesc::new(
            instance,
            &part.name,
            Some(Pos { x: 8, y: 0 }),
        )],
        pin_wires: wires.clone(),
        bus_level: Some((nodes.clone(), wires.clone())),
        subcircuits: parts
            .part(&part.name)
            .is_none()
            .then(|| part.clone())
            .into_iter()
            .chain(parts.subcircuits.iter().cloned())
            .collect(),
        library: parts.library.clone(),
        ..Design::default()
    };
    // The top level is named apart from the part it places.
    let name = format!("{} alone", part.name);
    let circuit = elaborate(&design, &name, nodes, wires, DEFAULT_MAX_NODES)?;
    Ok(Document {
        name,
        circuit,
        design,
        ..Document::default()
    })
}

#[cfg(test)]
mod tests;
