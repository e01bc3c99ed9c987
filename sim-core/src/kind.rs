//! What a node is: its [`NodeKind`], the [`Role`] that kind plays in the graph, and the gate
//! functions: the standard ones ([`GateOp`]) and any table over one to three inputs
//! ([`TruthTable`], the function of a [`NodeKind::Table`] gate).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Trit;

/// The smallest and largest input count of an n-input gate (`And`, `Or`, `Nand`, `Nor`, `Xor`,
/// `Xnor`).
pub const GATE_INPUTS: std::ops::RangeInclusive<u8> = 2..=64;

/// The kind of a circuit node. In RON: `Switch`, `Constant(1)`, `Clock(half_period: 2)`,
/// `Nor(2)`, `Table(inputs: 2, outputs: [-1, -1, -1, -1, 0, 0, -1, 0, 1])`, `Lamp`, …
///
/// * Sources (no inputs, one output): [`Constant`](Self::Constant), [`Switch`](Self::Switch),
///   [`Button`](Self::Button), [`Clock`](Self::Clock).
/// * Gates (inputs and one output): [`Buf`](Self::Buf), [`Not`](Self::Not) (one input), the
///   n-input gates, whose `u8` is the input count in [`GATE_INPUTS`], the table gates
///   [`Table`](Self::Table) (one to three inputs, any function) and the flip-flops
///   [`Dff`](Self::Dff) (inputs D and clock) and [`Dffe`](Self::Dffe) (D, clock and EN).
/// * Terminals (one input, no output): [`Lamp`](Self::Lamp), [`Probe`](Self::Probe).
///
/// Reading a table gate checks its table: a wrong number of entries or a value outside
/// −1..+1 is a deserialization error (at the item's line and column in a RON file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "KindRepr", into = "KindRepr")]
pub enum NodeKind {
    /// Drives a fixed value from power-on.
    Constant(Trit),
    /// Holds whatever it was last set to; unknown until first set.
    Switch,
    /// Momentary: +1 while pressed, −1 otherwise (from power-on).
    Button,
    /// Drives −1 from power-on and toggles every `half_period` ticks of simulated time
    /// (`half_period ≥ 1`; a full period is `2 × half_period` ticks).
    Clock {
        /// Ticks between two toggles, at least 1.
        half_period: u32,
    },
    /// Buffer: copies its one input.
    Buf,
    /// Inverter: −a.
    Not,
    /// n-input AND: min.
    And(u8),
    /// n-input OR: max.
    Or(u8),
    /// n-input NAND: −min.
    Nand(u8),
    /// n-input NOR: −max.
    Nor(u8),
    /// n-input XOR: parity, (−1)ⁿ⁺¹·∏aᵢ; unknown if any input is unknown.
    Xor(u8),
    /// n-input XNOR: −XOR.
    Xnor(u8),
    /// A positive-edge D flip-flop: input 0 is D, input 1 the clock; Q starts at 0. On a rising
    /// clock edge (−1 → +1) Q takes D. A clock change that may or may not be a rising edge
    /// (−1 → 0, 0 → +1) gives Q = D if D equals Q (the value could not change), else 0.
    /// [`dff_next`] is the rule.
    Dff,
    /// A positive-edge D flip-flop with an enable: input 0 is D, input 1 the clock, input 2
    /// EN; Q starts at 0. A clock edge with EN = +1 acts as on a [`Dff`](Self::Dff); with
    /// EN = −1 it is ignored (Q holds); with EN unknown Q keeps the bits on which both agree:
    /// Q if the [`Dff`](Self::Dff)'s next Q equals Q, else 0. [`dffe_next`] is the rule, the
    /// same as a [`Dff`](Self::Dff) whose D is the multiplexer `EN ? D : Q`. Like D, EN is
    /// sampled on the clock's edge: a change of EN alone does not change Q. As a bus of
    /// width N, D and Q are N bits and the clock and EN one trit feeding every bit (Logisim's
    /// register *Enable*, Digital's `en`, Yosys's `$dffe`).
    Dffe,
    /// A lamp: shows its one input.
    Lamp,
    /// A probe: shows its one input as a value (for watching inner nets).
    Probe,
    /// A hexadecimal display: a terminal like [`Lamp`](Self::Lamp) that the app draws as
    /// digits, four trits a digit (a bus of width 4 is one digit, `?` where a bit is
    /// unknown), as Logisim-evolution's *Hex Digit Display*.
    HexDisplay,
    /// A 7-segment display: a terminal like [`Lamp`](Self::Lamp) that the app draws as the
    /// segments of a digit; as a bus of width 7 (segments a to g, bit 0 = a) or 8 (with the
    /// decimal point), the segment order of Logisim-evolution's and Digital's displays. An
    /// unknown segment is drawn grey.
    SevenSegment,
    /// A splitter: one input bus, cut into the bit ranges `ranges` (outputs `SP.0`, `SP.1`, …
    /// in a wire's `from`). Pure wiring: it exists only in files and is resolved away when
    /// buses are expanded (see [`crate::bus`]); a [`Circuit`](crate::Circuit) never holds one.
    Split(Ranges),
    /// A merger: one input per bit range of `ranges` (input `k` takes range `k`), one output
    /// bus of their total width. Pure wiring, like [`Split`](Self::Split).
    Merge(Ranges),
    /// A table gate: any function of one to three inputs, given as its [`TruthTable`]. In RON
    /// `Table(inputs: 2, outputs: [...])`, the 3ⁿ outputs in the table's
    /// [row order](TruthTable#row-order).
    Table(TruthTable),
    /// A read-only memory of `2^addr_bits` words (`addr_bits` in
    /// [`memory::ADDR_BITS`](crate::memory::ADDR_BITS)), as wide as the node (its data bits);
    /// combinational read. In a file one node with the address bus on input 0 and its words
    /// in `contents`; in a [`Circuit`](crate::Circuit) one node per data bit, with the address
    /// bits on inputs `0..addr_bits`. See [`crate::memory`] for pins and unknowns.
    Rom {
        /// Address bits, 1 to 16.
        addr_bits: u8,
    },
    /// A read-write memory: a [`Rom`](Self::Rom) whose words are written on the clock's
    /// rising edge while write enable is +1. In a file inputs 1, 2 and 3 are data in (as
    /// wide as the node), write enable and the clock; in a [`Circuit`](crate::Circuit) each
    /// data-bit node has its data-in bit, write enable and clock on inputs `addr_bits`,
    /// `addr_bits + 1`, `addr_bits + 2`. Starts unknown, or from its `contents` file.
    Ram {
        /// Address bits, 1 to 16.
        addr_bits: u8,
    },
}

/// The part a node kind plays in propagation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// No inputs; its output is set from outside (or by time, for clocks).
    Source,
    /// Inputs and an output computed from them.
    Gate,
    /// One input and no output: what a circuit shows.
    Terminal,
}

/// A gate function over any number of ternary inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GateOp {
    /// Identity (one input). Terminals evaluate as `Buf` too.
    Buf,
    /// −a (one input).
    Not,
    /// min.
    And,
    /// max.
    Or,
    /// −min.
    Nand,
    /// −max.
    Nor,
    /// Parity: (−1)ⁿ⁺¹·∏aᵢ.
    Xor,
    /// −parity.
    Xnor,
}

impl GateOp {
    /// Every gate operation, in declaration order.
    pub const ALL: [GateOp; 8] = [
        GateOp::Buf,
        GateOp::Not,
        GateOp::And,
        GateOp::Or,
        GateOp::Nand,
        GateOp::Nor,
        GateOp::Xor,
        GateOp::Xnor,
    ];

    /// What the gate computes, written once for every engine and analysis: its [`GateBase`]
    /// folded over the inputs, then negated when the flag is `true` (NAND = ¬AND, NOR = ¬OR,
    /// XNOR = ¬XOR, NOT = ¬BUF). An engine that builds wide gates from two- or three-input
    /// pieces chains the base ([`GateBase`] says which bases may be chained) and negates once
    /// at the end; [`from_base`](Self::from_base) is the inverse.
    #[inline]
    pub const fn base(self) -> (GateBase, bool) {
        match self {
            GateOp::Buf => (GateBase::Buf, false),
            GateOp::Not => (GateBase::Buf, true),
            GateOp::And => (GateBase::And, false),
            GateOp::Nand => (GateBase::And, true),
            GateOp::Or => (GateBase::Or, false),
            GateOp::Nor => (GateBase::Or, true),
            GateOp::Xor => (GateBase::Xor, false),
            GateOp::Xnor => (GateBase::Xor, true),
        }
    }

    /// The gate whose [`base`](Self::base) is `(base, invert)`.
    #[inline]
    pub const fn from_base(base: GateBase, invert: bool) -> GateOp {
        match (base, invert) {
            (GateBase::Buf, false) => GateOp::Buf,
            (GateBase::Buf, true) => GateOp::Not,
            (GateBase::And, false) => GateOp::And,
            (GateBase::And, true) => GateOp::Nand,
            (GateBase::Or, false) => GateOp::Or,
            (GateBase::Or, true) => GateOp::Nor,
            (GateBase::Xor, false) => GateOp::Xor,
            (GateBase::Xor, true) => GateOp::Xnor,
        }
    }

    /// Evaluates the gate over `inputs` in Kleene's strong logic: its [`base`](Self::base)
    /// folded, then negated if the gate inverts.
    ///
    /// An empty input list (never produced by a valid circuit) gives the operator's identity
    /// element: `+1` for AND, `−1` for OR and XOR, `0` for BUF/NOT.
    #[inline]
    pub fn eval(self, inputs: impl IntoIterator<Item = Trit>) -> Trit {
        let (base, invert) = self.base();
        let out = base.eval(inputs);
        if invert { out.not() } else { out }
    }

    /// The RON/Verilog-style name: `AND`, `NOR`, …
    pub const fn name(self) -> &'static str {
        match self {
            GateOp::Buf => "BUF",
            GateOp::Not => "NOT",
            GateOp::And => "AND",
            GateOp::Or => "OR",
            GateOp::Nand => "NAND",
            GateOp::Nor => "NOR",
            GateOp::Xor => "XOR",
            GateOp::Xnor => "XNOR",
        }
    }
}

/// The operation a [`GateOp`] folds over its inputs before its optional negation
/// ([`GateOp::base`]).
///
/// `And`, `Or` and `Xor` are associative and commutative over trits (the unit test
/// `bases_are_associative_and_commutative` checks all 27 triples), so an engine may evaluate a
/// wide gate as a chain or a tree of narrower ones of the same base and negate once at the
/// end. `Buf` passes its one input through and is never chained. A new base must say here
/// whether it may be chained, and every engine's `match` on `GateBase` (there is no wildcard
/// arm) makes its author decide how that engine evaluates it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GateBase {
    /// The one input, unchanged.
    Buf,
    /// min, identity +1.
    And,
    /// max, identity −1.
    Or,
    /// Parity with −1 as false (XOR(a, b) = −a·b), identity −1.
    Xor,
}

impl GateBase {
    /// The base folded over `inputs` (for `Buf`, the first input; 0 if there is none).
    #[inline]
    pub fn eval(self, inputs: impl IntoIterator<Item = Trit>) -> Trit {
        let mut it = inputs.into_iter();
        match self {
            GateBase::Buf => it.next().unwrap_or_default(),
            GateBase::And => and_all(it),
            GateBase::Or => or_all(it),
            GateBase::Xor => xor_all(it),
        }
    }

    /// Whether a wide gate of this base may be evaluated as a chain of narrower ones
    /// (associative and commutative): all but `Buf`, which has one input.
    pub const fn chains(self) -> bool {
        match self {
            GateBase::Buf => false,
            GateBase::And | GateBase::Or | GateBase::Xor => true,
        }
    }
}

#[inline]
fn and_all(it: impl Iterator<Item = Trit>) -> Trit {
    let mut acc = Trit::True;
    for v in it {
        if v == Trit::False {
            return Trit::False;
        }
        acc = acc.min(v);
    }
    acc
}

#[inline]
fn or_all(it: impl Iterator<Item = Trit>) -> Trit {
    let mut acc = Trit::False;
    for v in it {
        if v == Trit::True {
            return Trit::True;
        }
        acc = acc.max(v);
    }
    acc
}

#[inline]
fn xor_all(it: impl Iterator<Item = Trit>) -> Trit {
    // Parity with −1 as false: XOR(a, b) = −a·b, so the running value is negated at each step.
    let mut acc = Trit::False;
    for v in it {
        acc = acc.xor(v);
        if acc == Trit::Unknown {
            return Trit::Unknown;
        }
    }
    acc
}

/// The input counts of a [`TruthTable`] (and of a [`NodeKind::Table`] gate).
pub const TABLE_INPUTS: std::ops::RangeInclusive<u8> = 1..=3;

/// Bits 54..56 of a [`TruthTable`]'s word: its input count (entries take bits 0..54).
const INPUTS_SHIFT: u32 = 54;

/// A function of one to three trit inputs as a table: 3ⁿ outputs, each −1, 0 or +1, one per
/// *row* of input values. The function of a [`NodeKind::Table`] gate. The standard gates
/// are special cases ([`TruthTable::of_gate`]).
///
/// # Row order
///
/// Input 0 is the most significant digit and each input's values count −1, 0, +1: the row
/// of input values (a₀, …, aₙ₋₁) is Σₖ (aₖ + 1)·3ⁿ⁻¹⁻ᵏ ([`row`](Self::row)). For two inputs
/// a, b the rows are
///
/// | row | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |
/// |-----|---|---|---|---|---|---|---|---|---|
/// | a   | −1 | −1 | −1 | 0 | 0 | 0 | +1 | +1 | +1 |
/// | b   | −1 | 0 | +1 | −1 | 0 | +1 | −1 | 0 | +1 |
///
/// so the balanced-ternary sum digit of a + b (−1 + −1 = −2 = −3 + 1: digit +1, carry −1)
/// is:
///
/// ```
/// use sim_core::{Trit, TruthTable};
/// use Trit::{False as N, True as P, Unknown as Z};
///
/// let sum = TruthTable::new(2, &[P, N, Z, N, Z, P, Z, P, N])?;
/// assert_eq!(sum.row(&[P, N]), 6);
/// assert_eq!(sum.eval(&[P, N]), Z); // 1 − 1 = 0
/// assert_eq!(sum.eval(&[P, P]), N); // 1 + 1 = 2 = 3 − 1
/// assert_eq!(sum.eval_index(0), P); // −1 − 1 = −2 = −3 + 1
/// assert!(!sum.is_kleene_extension()); // its 0 is a digit, not "unknown"
/// # Ok::<(), sim_core::kind::TableError>(())
/// ```
///
/// In RON (as a node kind): `Table(inputs: 2, outputs: [1, -1, 0, -1, 0, 1, 0, 1, -1])`.
///
/// Stored in seven bytes — two bits per entry (27 entries at most) and the input count — so
/// that a [`NodeKind`] stays eight bytes; equal tables are equal values.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TruthTable {
    /// Little-endian: entry `r` (its digit, 0 1 2 for −1 0 +1) in bits `2r..2r + 2`, rows past
    /// 3ⁿ zero; the input count in bits 54..56.
    packed: [u8; 7],
}

/// Why a [`TruthTable`] cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The input count is outside [`TABLE_INPUTS`].
    #[error("a table gate has 1 to 3 inputs, not {inputs}")]
    Inputs {
        /// The input count given.
        inputs: u8,
    },
    /// The number of outputs is not 3ⁿ.
    #[error("a {inputs}-input table needs 3^{inputs} = {expected} entries, got {got}")]
    Entries {
        /// The input count.
        inputs: u8,
        /// 3ⁿ.
        expected: usize,
        /// The number of outputs given.
        got: usize,
    },
}

impl TruthTable {
    /// The table over `inputs` inputs (in [`TABLE_INPUTS`]) whose outputs are `outputs`, in
    /// [row order](Self#row-order).
    ///
    /// # Errors
    /// [`TableError::Inputs`] for an input count outside 1..=3, [`TableError::Entries`] unless
    /// there are exactly 3ⁿ outputs.
    pub fn new(inputs: u8, outputs: &[Trit]) -> Result<TruthTable, TableError> {
        if !TABLE_INPUTS.contains(&inputs) {
            return Err(TableError::Inputs { inputs });
        }
        let expected = 3usize.pow(u32::from(inputs));
        if outputs.len() != expected {
            return Err(TableError::Entries {
                inputs,
                expected,
                got: outputs.len(),
            });
        }
        Ok(TruthTable::build(inputs, |row| outputs[row]))
    }

    /// The table over `inputs` inputs (in [`TABLE_INPUTS`]) of `f`, called once per row with
    /// the row's input values.
    ///
    /// # Errors
    /// [`TableError::Inputs`] for an input count outside 1..=3.
    pub fn from_fn(
        inputs: u8,
        mut f: impl FnMut(&[Trit]) -> Trit,
    ) -> Result<TruthTable, TableError> {
        if !TABLE_INPUTS.contains(&inputs) {
            return Err(TableError::Inputs { inputs });
        }
        Ok(TruthTable::build(inputs, |row| {
            f(&row_values(inputs, row)[..usize::from(inputs)])
        }))
    }

    /// The table of the standard gate `op` over `inputs` inputs, clamped to [`TABLE_INPUTS`]
    /// (`Buf` and `Not` read input 0 only, as [`GateOp::eval`] does): it evaluates exactly as
    /// the gate.
    pub fn of_gate(op: GateOp, inputs: u8) -> TruthTable {
        let inputs = inputs.clamp(*TABLE_INPUTS.start(), *TABLE_INPUTS.end());
        TruthTable::build(inputs, |row| {
            op.eval(
                row_values(inputs, row)[..usize::from(inputs)]
                    .iter()
                    .copied(),
            )
        })
    }

    /// The table of `output(row)` over `inputs` inputs, already checked to be in
    /// [`TABLE_INPUTS`].
    fn build(inputs: u8, mut output: impl FnMut(usize) -> Trit) -> TruthTable {
        let rows = 3usize.pow(u32::from(inputs));
        let mut word = u64::from(inputs) << INPUTS_SHIFT;
        for row in 0..rows {
            word |= (digit(output(row)) as u64) << (2 * row);
        }
        let bytes = word.to_le_bytes();
        let mut packed = [0u8; 7];
        packed.copy_from_slice(&bytes[..7]);
        TruthTable { packed }
    }

    /// The 56 bits, as a word.
    #[inline]
    const fn word(self) -> u64 {
        let p = self.packed;
        u64::from_le_bytes([p[0], p[1], p[2], p[3], p[4], p[5], p[6], 0])
    }

    /// The number of inputs, 1 to 3.
    #[inline]
    pub const fn inputs(self) -> u8 {
        (self.word() >> INPUTS_SHIFT) as u8 & 3
    }

    /// The number of rows (and outputs): 3ⁿ.
    pub fn rows(self) -> usize {
        3usize.pow(u32::from(self.inputs()))
    }

    /// The row of the input values `inputs` (see [row order](Self#row-order)): the first
    /// [`inputs()`](Self::inputs) values are read, missing ones as 0 (unknown).
    #[inline]
    pub fn row(self, inputs: &[Trit]) -> usize {
        (0..usize::from(self.inputs())).fold(0, |row, k| {
            3 * row + digit(inputs.get(k).copied().unwrap_or(Trit::Unknown))
        })
    }

    /// The output for the input values `inputs` (as [`row`](Self::row) reads them).
    #[inline]
    pub fn eval(self, inputs: &[Trit]) -> Trit {
        self.eval_index(self.row(inputs))
    }

    /// The output of row `row`, below [`rows()`](Self::rows) (a debug assertion checks it;
    /// a row past the end gives an unspecified value, never a panic in a release build). One
    /// shift and one lookup.
    #[inline]
    pub fn eval_index(self, row: usize) -> Trit {
        debug_assert!(
            row < self.rows(),
            "row {row} of a {}-input table",
            self.inputs()
        );
        FROM_DIGIT[(self.word() >> ((2 * row) & 63)) as usize & 3]
    }

    /// The input values of row `row` (the inverse of [`row`](Self::row)), one per input.
    pub fn row_values(self, row: usize) -> Vec<Trit> {
        let n = usize::from(self.inputs());
        row_values(self.inputs(), row)[..n].to_vec()
    }

    /// The outputs, in [row order](Self#row-order): what [`new`](Self::new) takes.
    pub fn outputs(self) -> Vec<Trit> {
        (0..self.rows()).map(|row| self.eval_index(row)).collect()
    }

    /// Whether the table is the Kleene extension of a Boolean function: every row of known
    /// (±1) inputs gives a known output, and every other row gives the value the function
    /// takes on all binary completions of its unknown inputs when they agree, 0 when they do
    /// not. Exactly these tables can be written with Verilog's 0/1/x (the standard gates'
    /// tables all are).
    pub fn is_kleene_extension(self) -> bool {
        let n = usize::from(self.inputs());
        (0..self.rows()).all(|row| {
            let values = row_values(self.inputs(), row);
            let unknown: Vec<usize> = (0..n).filter(|&k| values[k] == Trit::Unknown).collect();
            let mut common = None;
            for mask in 0..1u32 << unknown.len() {
                let mut completion = values;
                for (bit, &k) in unknown.iter().enumerate() {
                    completion[k] = Trit::from(mask >> bit & 1 == 1);
                }
                let value = self.eval(&completion);
                if value == Trit::Unknown {
                    return false;
                }
                common = match common {
                    None => Some(value),
                    Some(c) if c == value => Some(c),
                    Some(_) => Some(Trit::Unknown),
                };
            }
            common == Some(self.eval_index(row))
        })
    }
}

impl fmt::Debug for TruthTable {
    /// `TruthTable { inputs: 2, outputs: [1, -1, 0, …] }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outputs: Vec<i8> = self.outputs().into_iter().map(Trit::to_i8).collect();
        f.debug_struct("TruthTable")
            .field("inputs", &self.inputs())
            .field("outputs", &outputs)
            .finish()
    }
}

/// `0`, `1`, `2` for −1, 0, +1: a trit as a digit of a table row.
#[inline]
pub(crate) fn digit(t: Trit) -> usize {
    usize::from(t.to_i8().cast_unsigned().wrapping_add(1))
}

/// The trit of each [`digit`] (0, 1, 2 for −1, 0, +1; 3, never a digit, reads unknown): the
/// inverse of `digit` as one lookup, for the engines that keep values as digits.
pub(crate) const FROM_DIGIT: [Trit; 4] = [Trit::False, Trit::Unknown, Trit::True, Trit::Unknown];

/// The values of row `row` of an `inputs`-input table, in the first `inputs` entries (the
/// rest unknown).
fn row_values(inputs: u8, row: usize) -> [Trit; 3] {
    let mut values = [Trit::Unknown; 3];
    let mut rest = row;
    for k in (0..usize::from(inputs)).rev() {
        values[k] = Trit::ALL[rest % 3];
        rest /= 3;
    }
    values
}

/// [`NodeKind`] as it is written: a table gate's table as its input count and outputs, checked
/// when read.
#[derive(Serialize, Deserialize)]
#[serde(rename = "NodeKind")]
enum KindRepr {
    Constant(Trit),
    Switch,
    Button,
    Clock { half_period: u32 },
    Buf,
    Not,
    And(u8),
    Or(u8),
    Nand(u8),
    Nor(u8),
    Xor(u8),
    Xnor(u8),
    Dff,
    Dffe,
    Lamp,
    Probe,
    HexDisplay,
    SevenSegment,
    Split(Ranges),
    Merge(Ranges),
    Table { inputs: u8, outputs: Vec<Trit> },
    Rom { addr_bits: u8 },
    Ram { addr_bits: u8 },
}

impl TryFrom<KindRepr> for NodeKind {
    type Error = TableError;

    fn try_from(repr: KindRepr) -> Result<NodeKind, TableError> {
        Ok(match repr {
            KindRepr::Constant(v) => NodeKind::Constant(v),
            KindRepr::Switch => NodeKind::Switch,
            KindRepr::Button => NodeKind::Button,
            KindRepr::Clock { half_period } => NodeKind::Clock { half_period },
            KindRepr::Buf => NodeKind::Buf,
            KindRepr::Not => NodeKind::Not,
            KindRepr::And(n) => NodeKind::And(n),
            KindRepr::Or(n) => NodeKind::Or(n),
            KindRepr::Nand(n) => NodeKind::Nand(n),
            KindRepr::Nor(n) => NodeKind::Nor(n),
            KindRepr::Xor(n) => NodeKind::Xor(n),
            KindRepr::Xnor(n) => NodeKind::Xnor(n),
            KindRepr::Dff => NodeKind::Dff,
            KindRepr::Dffe => NodeKind::Dffe,
            KindRepr::Lamp => NodeKind::Lamp,
            KindRepr::Probe => NodeKind::Probe,
            KindRepr::HexDisplay => NodeKind::HexDisplay,
            KindRepr::SevenSegment => NodeKind::SevenSegment,
            KindRepr::Split(r) => NodeKind::Split(r),
            KindRepr::Merge(r) => NodeKind::Merge(r),
            KindRepr::Table { inputs, outputs } => {
                NodeKind::Table(TruthTable::new(inputs, &outputs)?)
            }
            KindRepr::Rom { addr_bits } => NodeKind::Rom { addr_bits },
            KindRepr::Ram { addr_bits } => NodeKind::Ram { addr_bits },
        })
    }
}

impl From<NodeKind> for KindRepr {
    fn from(kind: NodeKind) -> KindRepr {
        match kind {
            NodeKind::Constant(v) => KindRepr::Constant(v),
            NodeKind::Switch => KindRepr::Switch,
            NodeKind::Button => KindRepr::Button,
            NodeKind::Clock { half_period } => KindRepr::Clock { half_period },
            NodeKind::Buf => KindRepr::Buf,
            NodeKind::Not => KindRepr::Not,
            NodeKind::And(n) => KindRepr::And(n),
            NodeKind::Or(n) => KindRepr::Or(n),
            NodeKind::Nand(n) => KindRepr::Nand(n),
            NodeKind::Nor(n) => KindRepr::Nor(n),
            NodeKind::Xor(n) => KindRepr::Xor(n),
            NodeKind::Xnor(n) => KindRepr::Xnor(n),
            NodeKind::Dff => KindRepr::Dff,
            NodeKind::Dffe => KindRepr::Dffe,
            NodeKind::Lamp => KindRepr::Lamp,
            NodeKind::Probe => KindRepr::Probe,
            NodeKind::HexDisplay => KindRepr::HexDisplay,
            NodeKind::SevenSegment => KindRepr::SevenSegment,
            NodeKind::Split(r) => KindRepr::Split(r),
            NodeKind::Merge(r) => KindRepr::Merge(r),
            NodeKind::Table(table) => KindRepr::Table {
                inputs: table.inputs(),
                outputs: table.outputs(),
            },
            NodeKind::Rom { addr_bits } => KindRepr::Rom { addr_bits },
            NodeKind::Ram { addr_bits } => KindRepr::Ram { addr_bits },
        }
    }
}

impl NodeKind {
    /// The role of this kind.
    pub const fn role(self) -> Role {
        match self {
            NodeKind::Constant(_)
            | NodeKind::Switch
            | NodeKind::Button
            | NodeKind::Clock { .. } => Role::Source,
            NodeKind::Lamp | NodeKind::Probe | NodeKind::HexDisplay | NodeKind::SevenSegment => {
                Role::Terminal
            }
            _ => Role::Gate,
        }
    }

    /// How many input pins the node has: 0 for sources, 1 for `Buf`, `Not` and terminals, n for
    /// n-input gates.
    pub const fn input_count(self) -> usize {
        match self {
            NodeKind::Constant(_)
            | NodeKind::Switch
            | NodeKind::Button
            | NodeKind::Clock { .. } => 0,
            NodeKind::Buf
            | NodeKind::Not
            | NodeKind::Lamp
            | NodeKind::Probe
            | NodeKind::HexDisplay
            | NodeKind::SevenSegment
            | NodeKind::Split(_) => 1,
            NodeKind::Dff => 2,
            NodeKind::Dffe => 3,
            NodeKind::Merge(r) => r.len(),
            NodeKind::And(n)
            | NodeKind::Or(n)
            | NodeKind::Nand(n)
            | NodeKind::Nor(n)
            | NodeKind::Xor(n)
            | NodeKind::Xnor(n) => n as usize,
            NodeKind::Table(table) => table.inputs() as usize,
            NodeKind::Rom { addr_bits } => addr_bits as usize,
            NodeKind::Ram { addr_bits } => addr_bits as usize + 3,
        }
    }

    /// The input pins a node of this kind has in a file, where one pin may take a bus: those
    /// of [`input_count`](Self::input_count), except for memories (a ROM's address bus; a
    /// RAM's address bus, data in, write enable and clock).
    pub const fn file_input_count(self) -> usize {
        match self {
            NodeKind::Rom { .. } => 1,
            NodeKind::Ram { .. } => 4,
            _ => self.input_count(),
        }
    }

    /// Whether this kind is a flip-flop ([`Dff`](Self::Dff) or [`Dffe`](Self::Dffe)): input 0
    /// is D, input 1 the clock (and input 2 a `Dffe`'s EN).
    pub const fn is_flip_flop(self) -> bool {
        matches!(self, NodeKind::Dff | NodeKind::Dffe)
    }

    /// Whether this kind is a memory ([`Rom`](Self::Rom) or [`Ram`](Self::Ram)).
    pub const fn is_memory(self) -> bool {
        matches!(self, NodeKind::Rom { .. } | NodeKind::Ram { .. })
    }

    /// Whether the node has an output pin (everything but terminals).
    pub const fn has_output(self) -> bool {
        !matches!(self.role(), Role::Terminal)
    }

    /// The standard function that computes the output from the inputs: `None` for sources,
    /// the flip-flops (which have state) and table gates (whose function is their
    /// [`table`](Self::table)); terminals evaluate as [`GateOp::Buf`].
    pub const fn op(self) -> Option<GateOp> {
        Some(match self {
            NodeKind::Constant(_)
            | NodeKind::Switch
            | NodeKind::Button
            | NodeKind::Clock { .. }
            | NodeKind::Dff
            | NodeKind::Dffe
            | NodeKind::Split(_)
            | NodeKind::Merge(_)
            | NodeKind::Table(_)
            | NodeKind::Rom { .. }
            | NodeKind::Ram { .. } => {
                return None;
            }
            NodeKind::Buf
            | NodeKind::Lamp
            | NodeKind::Probe
            | NodeKind::HexDisplay
            | NodeKind::SevenSegment => GateOp::Buf,
            NodeKind::Not => GateOp::Not,
            NodeKind::And(_) => GateOp::And,
            NodeKind::Or(_) => GateOp::Or,
            NodeKind::Nand(_) => GateOp::Nand,
            NodeKind::Nor(_) => GateOp::Nor,
            NodeKind::Xor(_) => GateOp::Xor,
            NodeKind::Xnor(_) => GateOp::Xnor,
        })
    }

    /// The truth table of a table gate; `None` for every other kind.
    pub const fn table(self) -> Option<TruthTable> {
        match self {
            NodeKind::Table(table) => Some(table),
            _ => None,
        }
    }

    /// The n-input gate of `op` with `inputs` inputs (`Buf`/`Not` ignore `inputs`).
    pub const fn gate(op: GateOp, inputs: u8) -> NodeKind {
        match op {
            GateOp::Buf => NodeKind::Buf,
            GateOp::Not => NodeKind::Not,
            GateOp::And => NodeKind::And(inputs),
            GateOp::Or => NodeKind::Or(inputs),
            GateOp::Nand => NodeKind::Nand(inputs),
            GateOp::Nor => NodeKind::Nor(inputs),
            GateOp::Xor => NodeKind::Xor(inputs),
            GateOp::Xnor => NodeKind::Xnor(inputs),
        }
    }

    /// Whether this kind is pure bus wiring ([`Split`](Self::Split), [`Merge`](Self::Merge)),
    /// resolved away when buses are expanded.
    pub const fn is_wiring(self) -> bool {
        matches!(self, NodeKind::Split(_) | NodeKind::Merge(_))
    }

    /// Whether [`crate::Engine::set`] may drive this node, and with which values: switches take
    /// any value, buttons ±1 (pressed / released).
    pub const fn accepts(self, value: Trit) -> bool {
        match self {
            NodeKind::Switch => true,
            NodeKind::Button => value.is_known(),
            _ => false,
        }
    }

    /// A short name for messages and palettes: `NOR2`, `Switch`, `Clock/4`, `Const+1`,
    /// `TABLE2` (a two-input table gate, whatever its table).
    pub fn short_name(self) -> String {
        match self {
            NodeKind::Table(table) => format!("TABLE{}", table.inputs()),
            NodeKind::Constant(v) => format!("Const{v}"),
            NodeKind::Switch => "Switch".into(),
            NodeKind::Button => "Button".into(),
            NodeKind::Clock { half_period } => format!("Clock/{half_period}"),
            NodeKind::Lamp => "Lamp".into(),
            NodeKind::Dff => "DFF".into(),
            NodeKind::Dffe => "DFFE".into(),
            NodeKind::Probe => "Probe".into(),
            NodeKind::HexDisplay => "HexDisplay".into(),
            NodeKind::SevenSegment => "SevenSegment".into(),
            NodeKind::Split(r) => format!("Split({r})"),
            NodeKind::Merge(r) => format!("Merge({r})"),
            NodeKind::Rom { addr_bits } => format!("ROM{addr_bits}"),
            NodeKind::Ram { addr_bits } => format!("RAM{addr_bits}"),
            NodeKind::Buf | NodeKind::Not => self.op().map_or("", GateOp::name).into(),
            _ => format!(
                "{}{}",
                self.op().map_or("", GateOp::name),
                self.input_count()
            ),
        }
    }
}

/// How a splitter or merger cuts a bus: contiguous bit ranges in ascending order that cover
/// bits `0..width` exactly once (width 1 to 64). Written as text, in RON too:
/// `"0-3,4-7"` (a single bit may be written `5`).
///
/// Stored as a bit mask of the ranges' first bits, so that [`NodeKind`] stays `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Ranges {
    /// Bit `i` set: a range starts at bit `i` (bit 0 always set).
    starts: u64,
    /// The total width, 1..=64.
    width: u8,
}

/// Why a bit-range text is not a valid [`Ranges`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bit ranges `{text}`: {reason}")]
pub struct RangesError {
    /// The text as written.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl Ranges {
    /// The ranges of `text` (`"0-3,4-7"`).
    ///
    /// # Errors
    /// [`RangesError`] for a malformed range, a range written high to low, ranges out of
    /// order, overlapping or leaving bits out, or more than 64 bits.
    pub fn parse(text: &str) -> Result<Ranges, RangesError> {
        let fail = |reason: String| RangesError {
            text: text.to_owned(),
            reason,
        };
        let mut starts = 0u64;
        let mut next = 0u32; // the first bit not yet covered
        for part in text.split(',') {
            let part = part.trim();
            let bound = |s: &str| {
                s.trim()
                    .parse::<u32>()
                    .map_err(|_| fail(format!("`{part}` is not a bit range like `0-3` or `5`")))
            };
            let (lo, hi) = if let Some((lo, hi)) = part.split_once('-') {
                (bound(lo)?, bound(hi)?)
            } else {
                let bit = bound(part)?;
                (bit, bit)
            };
            if hi < lo {
                return Err(fail(format!(
                    "`{part}` runs high to low; write `{hi}-{lo}`"
                )));
            }
            if hi >= 64 {
                return Err(fail(format!(
                    "`{part}` goes past bit 63 (buses are 1 to 64 bits)"
                )));
            }
            if lo < next {
                return Err(fail(format!(
                    "`{part}` overlaps or precedes the bits before it (ranges go from bit 0 up)"
                )));
            }
            if lo > next + 1 {
                return Err(fail(format!("bits {next}-{} are left out", lo - 1)));
            }
            if lo > next {
                return Err(fail(format!("bit {next} is left out")));
            }
            starts |= 1 << lo;
            next = hi + 1;
        }
        Ok(Ranges {
            starts,
            width: next as u8,
        })
    }

    /// One range covering `width` bits (1..=64; clamped).
    pub fn whole(width: u8) -> Ranges {
        Ranges {
            starts: 1,
            width: width.clamp(1, 64),
        }
    }

    /// The total width in bits.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The number of ranges (at least 1).
    pub const fn len(self) -> usize {
        self.starts.count_ones() as usize
    }

    /// Always `false`: there is at least one range.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The ranges as `lo..hi` (half-open), from bit 0 up.
    pub fn iter(
        self,
    ) -> impl DoubleEndedIterator<Item = std::ops::Range<usize>> + ExactSizeIterator {
        let width = self.width();
        let mut bounds: Vec<usize> = (0..width).filter(|&i| self.starts >> i & 1 == 1).collect();
        bounds.push(width);
        let ranges: Vec<std::ops::Range<usize>> = bounds.windows(2).map(|w| w[0]..w[1]).collect();
        ranges.into_iter()
    }

    /// Range `k` as `lo..hi`, if there is one.
    pub fn get(self, k: usize) -> Option<std::ops::Range<usize>> {
        self.iter().nth(k)
    }
}

impl fmt::Display for Ranges {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, r) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            if r.len() == 1 {
                write!(f, "{}", r.start)?;
            } else {
                write!(f, "{}-{}", r.start, r.end - 1)?;
            }
        }
        Ok(())
    }
}

impl TryFrom<String> for Ranges {
    type Error = RangesError;
    fn try_from(text: String) -> Result<Ranges, RangesError> {
        Ranges::parse(&text)
    }
}

impl From<Ranges> for String {
    fn from(r: Ranges) -> String {
        r.to_string()
    }
}

/// The next output of a [`NodeKind::Dff`] whose clock input went from `prev` to `clk`, with
/// input `d` and current output `q`. See [`NodeKind::Dff`] for the rule.
pub fn dff_next(prev: Trit, clk: Trit, d: Trit, q: Trit) -> Trit {
    match (prev, clk) {
        _ if prev == clk => q,
        (Trit::False, Trit::True) => d,
        // Could be a rising edge, could be no edge at all.
        (Trit::False | Trit::Unknown, Trit::Unknown | Trit::True) => {
            if d == q {
                q
            } else {
                Trit::Unknown
            }
        }
        // Falling, or possibly falling: a positive-edge flip-flop holds.
        _ => q,
    }
}

/// The next output of a [`NodeKind::Dffe`] whose clock input went from `prev` to `clk`, with
/// input `d`, current output `q` and enable `en`. With n = [`dff_next`]`(prev, clk, d, q)`,
/// what a flip-flop without enable would do:
///
/// * EN = +1: n (the edge acts);
/// * EN = −1: q (the edge is ignored);
/// * EN = 0: q if n equals q, else 0 — Kleene's rule, the value on which both possibilities
///   agree, unknown where they differ.
///
/// Justification: this is exactly a [`NodeKind::Dff`] whose D is the Kleene multiplexer
/// `en ? d : q` (which for en = 0 gives d if d equals q, else 0), as a register with a load
/// enable is built from a flip-flop and a multiplexer feeding Q back to D. For a known EN it
/// is immediate. For EN = 0 the multiplexer gives m = d if d = q, else 0: where the clock
/// cannot rise both keep q; where it rises, n = d and the flip-flop takes m: both give q if
/// d = q and 0 otherwise; where it may rise, d = q gives n = m = q and both keep q, and d ≠ q
/// gives n = m = 0, so both give 0 (which is q when q = 0). The test over all 3⁵ cases is
/// `dffe_is_a_dff_behind_a_kleene_multiplexer` in this module.
///
/// ```
/// use sim_core::Trit::{False as F, True as T, Unknown as X};
/// use sim_core::kind::dffe_next;
///
/// assert_eq!(dffe_next(F, T, T, F, T), T); // enabled: a rising edge loads D
/// assert_eq!(dffe_next(F, T, T, F, F), F); // disabled: the edge is ignored
/// assert_eq!(dffe_next(F, T, T, F, X), X); // maybe enabled, D ≠ Q: unknown
/// assert_eq!(dffe_next(F, T, T, T, X), T); // maybe enabled, D = Q: nothing can change
/// ```
#[inline]
pub fn dffe_next(prev: Trit, clk: Trit, d: Trit, q: Trit, en: Trit) -> Trit {
    let next = dff_next(prev, clk, d, q);
    match en {
        Trit::True => next,
        Trit::False => q,
        Trit::Unknown if next == q => q,
        Trit::Unknown => Trit::Unknown,
    }
}

/// Whether a clock going from `prev` to `clk` may be a rising edge: −1 → +1, or a change that
/// may be one (−1 → 0, 0 → +1). On any other change, or none, a positive-edge flip-flop holds
/// ([`dff_next`] gives `q`) and a RAM writes nothing
/// ([`write_enable`](crate::memory::write_enable) is −1).
#[inline]
pub(crate) fn may_rise(prev: Trit, clk: Trit) -> bool {
    matches!(
        (prev, clk),
        (Trit::False, Trit::True | Trit::Unknown) | (Trit::Unknown, Trit::True)
    )
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.short_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Trit::{False as F, True as T, Unknown as X};

    #[test]
    fn bases_are_associative_and_commutative() {
        for op in GateOp::ALL {
            let (base, invert) = op.base();
            assert_eq!(GateOp::from_base(base, invert), op);
            if !base.chains() {
                continue;
            }
            for a in Trit::ALL {
                for b in Trit::ALL {
                    let ab = base.eval([a, b]);
                    assert_eq!(ab, base.eval([b, a]), "{base:?} commutes");
                    for c in Trit::ALL {
                        let left = base.eval([ab, c]);
                        let right = base.eval([a, base.eval([b, c])]);
                        assert_eq!(left, right, "{base:?} associates on {a} {b} {c}");
                        assert_eq!(left, base.eval([a, b, c]), "{base:?} folds");
                    }
                }
            }
        }
    }

    #[test]
    fn n_input_gates_fold_the_two_input_identities() {
        assert_eq!(GateOp::And.eval([T, T, X]), X);
        assert_eq!(GateOp::And.eval([T, F, X]), F);
        assert_eq!(GateOp::Or.eval([F, X, T]), T);
        assert_eq!(GateOp::Nor.eval([F, F, F]), T);
        // Three-input XOR is odd parity: T T T → T, T T F → F.
        assert_eq!(GateOp::Xor.eval([T, T, T]), T);
        assert_eq!(GateOp::Xor.eval([T, T, F]), F);
        assert_eq!(GateOp::Xor.eval([T, X, F]), X);
        assert_eq!(GateOp::Xnor.eval([T, F]), F);
    }

    /// Outside [`may_rise`], neither a flip-flop nor a RAM's write does anything.
    #[test]
    fn only_a_possible_rising_edge_acts() {
        for (prev, clk) in Trit::ALL
            .into_iter()
            .flat_map(|p| Trit::ALL.map(|c| (p, c)))
        {
            for (d, q) in Trit::ALL
                .into_iter()
                .flat_map(|d| Trit::ALL.map(|q| (d, q)))
            {
                let acts = dff_next(prev, clk, d, q) != q
                    || crate::memory::write_enable(prev, clk, d) != F;
                assert!(!acts || may_rise(prev, clk), "{prev:?} → {clk:?}");
            }
        }
        assert!(may_rise(F, T) && may_rise(F, X) && may_rise(X, T));
        assert!(!may_rise(T, F) && !may_rise(X, X) && !may_rise(T, X));
    }

    #[test]
    fn dff_captures_on_rising_edges_only_and_is_honest_about_unknown_ones() {
        // (prev clk, clk, d, q) → next q
        for (prev, clk, d, q, next) in [
            (F, T, T, F, T), // rising edge: capture
            (F, T, X, F, X),
            (T, F, T, F, F), // falling edge: hold
            (T, T, T, F, F), // no change (D changed): hold
            (F, X, T, F, X), // maybe rising, D differs: unknown
            (X, T, T, T, T), // maybe rising, D equals Q: cannot change
            (T, X, F, T, T), // maybe falling: hold
            (X, X, T, F, F), // no clock change: hold
        ] {
            assert_eq!(dff_next(prev, clk, d, q), next, "{prev}→{clk} d={d} q={q}");
        }
    }

    /// The 3⁵ cases of [`dffe_next`]: each against a [`dff_next`] whose D is the Kleene
    /// multiplexer `en ? d : q`, written as the gates a register with load enable is built
    /// from — (EN ∧ D) ∨ (¬EN ∧ Q) with the consensus term D ∧ Q, which makes it the Kleene
    /// extension (checked here against the rule "d if d = q, else 0" for EN = 0).
    #[test]
    fn dffe_is_a_dff_behind_a_kleene_multiplexer() {
        let mut cases = 0;
        for prev in Trit::ALL {
            for clk in Trit::ALL {
                for d in Trit::ALL {
                    for q in Trit::ALL {
                        for en in Trit::ALL {
                            let mux = en.and(d).or(en.not().and(q)).or(d.and(q));
                            let rule = match en {
                                T => d,
                                F => q,
                                X if d == q => d,
                                X => X,
                            };
                            assert_eq!(mux, rule, "mux en={en} d={d} q={q}");
                            assert_eq!(
                                dffe_next(prev, clk, d, q, en),
                                dff_next(prev, clk, mux, q),
                                "{prev}→{clk} d={d} q={q} en={en}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 243);
    }

    #[test]
    fn dffe_loads_holds_and_keeps_only_the_agreed_value_when_en_is_unknown() {
        // (prev clk, clk, d, q, en) → next q
        for (prev, clk, d, q, en, next) in [
            (F, T, T, F, T, T), // enabled rising edge: load
            (F, T, T, F, F, F), // disabled: hold
            (F, T, F, T, F, T), // disabled: hold
            (F, T, T, F, X, X), // maybe enabled, D differs from Q: unknown
            (F, T, T, T, X, T), // maybe enabled, D equals Q: nothing can change
            (F, T, X, X, X, X),
            (T, F, T, F, T, F), // falling edge: hold, enabled or not
            (T, T, T, F, T, F), // no edge (D or EN changed): hold
            (F, F, T, F, X, F), // no edge, EN unknown: hold
            (F, X, T, F, T, X), // maybe rising, enabled: as a Dff
            (F, X, T, F, F, F), // maybe rising, disabled: hold
            (X, T, F, F, X, F), // maybe rising, maybe enabled, D equals Q: hold
        ] {
            assert_eq!(
                dffe_next(prev, clk, d, q, en),
                next,
                "{prev}→{clk} d={d} q={q} en={en}"
            );
        }
        // Enabled, it is a Dff; disabled, nothing an edge does reaches Q.
        for (prev, clk, d, q) in Trit::ALL.into_iter().flat_map(|p| {
            Trit::ALL.into_iter().flat_map(move |c| {
                Trit::ALL
                    .into_iter()
                    .flat_map(move |d| Trit::ALL.map(|q| (p, c, d, q)))
            })
        }) {
            assert_eq!(dffe_next(prev, clk, d, q, T), dff_next(prev, clk, d, q));
            assert_eq!(dffe_next(prev, clk, d, q, F), q);
        }
    }

    #[test]
    fn a_dffe_has_three_inputs_and_reads_as_written() {
        assert_eq!(NodeKind::Dffe.input_count(), 3);
        assert_eq!(NodeKind::Dffe.file_input_count(), 3);
        assert_eq!(NodeKind::Dffe.role(), Role::Gate);
        assert_eq!(NodeKind::Dffe.op(), None);
        assert!(NodeKind::Dffe.is_flip_flop() && NodeKind::Dff.is_flip_flop());
        assert!(!NodeKind::Ram { addr_bits: 1 }.is_flip_flop());
        assert_eq!(NodeKind::Dffe.to_string(), "DFFE");
        let kind: NodeKind = ron::from_str("Dffe").expect("RON");
        assert_eq!(kind, NodeKind::Dffe);
        assert_eq!(ron::to_string(&NodeKind::Dffe).expect("RON"), "Dffe");
    }

    #[test]
    fn roles_and_pin_counts() {
        assert_eq!(NodeKind::Switch.role(), Role::Source);
        assert_eq!(NodeKind::Nor(3).input_count(), 3);
        assert_eq!(NodeKind::Lamp.role(), Role::Terminal);
        assert!(!NodeKind::Probe.has_output());
        assert_eq!(NodeKind::Nand(2).to_string(), "NAND2");
        assert!(NodeKind::Button.accepts(T) && !NodeKind::Button.accepts(X));
    }

    #[test]
    fn bit_ranges_parse_print_and_refuse_gaps_and_overlaps() {
        let r = Ranges::parse("0-3,4-7").expect("valid");
        assert_eq!(
            (r.width(), r.len(), r.to_string()),
            (8, 2, "0-3,4-7".to_owned())
        );
        assert_eq!(r.iter().collect::<Vec<_>>(), vec![0..4, 4..8]);
        let r = Ranges::parse("0, 1-6,7").expect("valid");
        assert_eq!(
            (r.to_string(), r.get(2)),
            ("0,1-6,7".to_owned(), Some(7..8))
        );
        for (text, why) in [
            ("0-3,3-7", "overlaps"),
            ("0-3,5-7", "bit 4 is left out"),
            ("0-3,6-7", "bits 4-5 are left out"),
            ("1-3", "bit 0 is left out"),
            ("3-0", "high to low"),
            ("0-64", "past bit 63"),
            ("a-b", "not a bit range"),
            ("", "not a bit range"),
        ] {
            let e = Ranges::parse(text).expect_err(text).to_string();
            assert!(e.contains(why) && e.contains(text), "{text}: {e}");
        }
        let kind: NodeKind = ron::from_str(r#"Split("0-3,4-7")"#).expect("RON");
        assert_eq!(
            kind,
            NodeKind::Split(Ranges::parse("0-3,4-7").expect("valid"))
        );
        assert_eq!(kind.input_count(), 1);
        assert_eq!(
            NodeKind::Merge(Ranges::parse("0,1-7").expect("valid")).input_count(),
            2
        );
    }
}
