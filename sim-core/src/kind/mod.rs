//! What a node is: its [`NodeKind`], the [`Role`] that kind plays in the graph, and the gate
//! functions: the standard ones ([`GateOp`]) and any table over one to three inputs
//! ([`TruthTable`], the function of a [`NodeKind::Table`] gate).

use std::fmt;

use serde::{Deserialize, Serialize};

mod display;
mod flip_flop;
mod gate;
mod ranges;
mod repr;
mod table;
mod tty;

pub use display::DecimalMode;
pub(crate) use flip_flop::may_rise;
pub use flip_flop::{
    DFFSR_CLOCK, DFFSR_D, DFFSR_EN, DFFSR_RESET, DFFSR_SET, dff_next, dffe_next, dffsr_next,
    jk_next, set_reset_next, sr_next, t_next,
};
pub use gate::{GateBase, GateOp};
pub use ranges::{Ranges, RangesError};
use repr::KindRepr;
pub(crate) use table::{FROM_DIGIT, digit};
pub use table::{TABLE_INPUTS, TableError, TruthTable};
pub use tty::{TTY_CHAR, TTY_CLEAR, TTY_CLOCK, TTY_WIDTH, TTY_WRITE, TtyLog};

use crate::trit::Trit;

/// The smallest and largest input count of an n-input gate (`And`, `Or`, `Nand`, `Nor`, `Xor`,
/// `Xnor`).
pub const GATE_INPUTS: std::ops::RangeInclusive<u8> = 2..=64;

/// The kind of a circuit node. In RON: `Switch`, `Constant(1)`, `Clock(half_period: 2)`,
/// `Nor(2)`, `Table(inputs: 2, outputs: [-1, -1, -1, -1, 0, 0, -1, 0, 1])`, `Lamp`, …
///
/// * Sources (no inputs, one output): [`Constant`](Self::Constant), [`Switch`](Self::Switch),
///   [`Button`](Self::Button), [`Keypad`](Self::Keypad), [`Clock`](Self::Clock).
/// * Gates (inputs and one output): [`Buf`](Self::Buf), [`Not`](Self::Not) (one input), the
///   n-input gates, whose `u8` is the input count in [`GATE_INPUTS`], the table gates
///   [`Table`](Self::Table) (one to three inputs, any function) and the flip-flops
///   [`Dff`](Self::Dff) (inputs D and clock), [`Dffe`](Self::Dffe) (D, clock and EN) and
///   [`Dffsr`](Self::Dffsr) (D, clock, EN, SET and RESET).
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
    /// A hexadecimal keypad: a source that holds what it was last set to, like a
    /// [`Switch`](Self::Switch), always 4 trits wide (a bus, bit 0 the least significant),
    /// which the app draws as the keys 0–F: a click on a key sets the bus to its digit (−1 a
    /// 0 bit, +1 a 1 bit) until the next key. Unknown until the first key, like a switch; a
    /// test or `--set` may set it as a switch, unknown bits included.
    Keypad,
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
    /// A positive-edge D flip-flop: input 0 is D, input 1 the clock; Q starts at 0, or at its
    /// power-on value ([`Node::init`](crate::Node::init)). On a rising
    /// clock edge (−1 → +1) Q takes D. A clock change that may or may not be a rising edge
    /// (−1 → 0, 0 → +1) gives Q = D if D equals Q (the value could not change), else 0.
    /// [`dff_next`] is the rule.
    Dff,
    /// A positive-edge D flip-flop with an enable: input 0 is D, input 1 the clock, input 2
    /// EN; Q starts at 0, or at its power-on value. A clock edge with EN = +1 acts as on a [`Dff`](Self::Dff); with
    /// EN = −1 it is ignored (Q holds); with EN unknown Q keeps the bits on which both agree:
    /// Q if the [`Dff`](Self::Dff)'s next Q equals Q, else 0. [`dffe_next`] is the rule, the
    /// same as a [`Dff`](Self::Dff) whose D is the multiplexer `EN ? D : Q`. Like D, EN is
    /// sampled on the clock's edge: a change of EN alone does not change Q. As a bus of
    /// width N, D and Q are N bits and the clock and EN one trit feeding every bit (Logisim's
    /// register *Enable*, Digital's `en`, Yosys's `$dffe`).
    Dffe,
    /// A positive-edge D flip-flop with an enable and asynchronous set (preset) and reset
    /// (clear), Logisim-evolution's *D Flip-Flop* and Digital's `D-FF` with `Set`/`Clr`:
    /// input 0 is D, 1 the clock, 2 EN, 3 SET, 4 RESET ([`DFFSR_D`] … [`DFFSR_RESET`]); Q
    /// starts at 0, or at its power-on value. The clock and EN act as on a
    /// [`Dffe`](Self::Dffe); SET and RESET act at once, not on an edge: RESET = +1 gives −1
    /// and SET = +1 (with RESET = −1) gives +1, whatever the clock does, and both at +1 give
    /// −1 (reset wins); with either unknown Q keeps only the value on which every level of
    /// the unknown pins agrees. [`dffsr_next`] is the rule, [`set_reset_next`] over
    /// [`dffe_next`].
    ///
    /// An unconnected pin is inactive, as in Logisim-evolution: an unconnected SET or RESET
    /// reads −1 and an unconnected EN +1 ([`NodeKind::unconnected`]), so that a `Dffsr` with
    /// only D and the clock wired is a [`Dff`](Self::Dff). (An unconnected pin of every other
    /// kind, a `Dffe`'s EN included, reads 0.) As a bus of width N, D and Q are N bits and
    /// the clock, EN, SET and RESET one trit each feeding every bit.
    Dffsr,
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
    /// A decimal display: a terminal like [`Lamp`](Self::Lamp) that the app draws as the
    /// number its bus reads in its [`DecimalMode`] (unsigned, two's-complement signed or
    /// balanced ternary); with unknown bits a binary mode shows the range `min…max` of the
    /// numbers the bus may hold ([`DecimalMode::reading`]), as Digital's *Decimal display*
    /// does not: it shows nothing then.
    DecimalDisplay(DecimalMode),
    /// An LED matrix: a terminal like [`Lamp`](Self::Lamp) of one bus, `rows × columns`
    /// trits wide (at most 64), that the app draws as a grid of lamps: bit `r × columns + c`
    /// is row `r` (0 at the top), column `c` (0 at the left); +1 lights a lamp, −1 leaves it
    /// dark, an unknown one is grey. One row per bus as Logisim-evolution's *LED Matrix*
    /// takes it is a merger ([`Merge`](Self::Merge)) of the rows away.
    LedMatrix {
        /// Rows, at least 1.
        rows: u8,
        /// Columns (lamps a row), at least 1.
        columns: u8,
    },
    /// A terminal (TTY), as Logisim-evolution's *TTY*: a terminal like [`Lamp`](Self::Lamp)
    /// of one bus, always [`TTY_WIDTH`] trits wide — bits 0–6 the ASCII character
    /// ([`TTY_CHAR`]), bit 7 the clock ([`TTY_CLOCK`]), bit 8 write enable
    /// ([`TTY_WRITE`]), bit 9 clear ([`TTY_CLEAR`]), fed through a merger — whose text a
    /// [`TtyLog`] keeps: on a rising clock edge with write enable +1 it writes the
    /// character it samples before the edge, and clear at +1 empties it. The rules, with
    /// unknowns, are [`TtyLog`]'s.
    Tty,
    /// A splitter: one input bus, cut into the bit ranges `ranges` (outputs `SP.0`, `SP.1`, …
    /// in a wire's `from`). Pure wiring: it exists only in files and is resolved away when
    /// buses are expanded (see [`crate::bus`]); a [`Circuit`](crate::Circuit) never holds one.
    Split(Ranges),
    /// A merger: one input per bit range of `ranges` (input `k` takes range `k`), one output
    /// bus of their total width. Pure wiring, like [`Split`](Self::Split).
    Merge(Ranges),
    /// A tunnel: a named label that joins nets without a wire (Logisim-evolution's and
    /// Digital's *Tunnel*). Every tunnel of one name (the node's `net`, else its label) on
    /// one level is one net: the wire into one of them drives every wire out of the others.
    /// As wide as its node (a bus tunnel). Pure wiring, like [`Split`](Self::Split): resolved
    /// away before buses are expanded (see [`crate::tunnel`]); no engine ever sees one.
    Tunnel,
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

impl NodeKind {
    /// The role of this kind.
    pub const fn role(self) -> Role {
        match self {
            NodeKind::Constant(_)
            | NodeKind::Switch
            | NodeKind::Button
            | NodeKind::Keypad
            | NodeKind::Clock { .. } => Role::Source,
            NodeKind::Lamp
            | NodeKind::Probe
            | NodeKind::HexDisplay
            | NodeKind::SevenSegment
            | NodeKind::DecimalDisplay(_)
            | NodeKind::LedMatrix { .. }
            | NodeKind::Tty => Role::Terminal,
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
            | NodeKind::Keypad
            | NodeKind::Clock { .. } => 0,
            NodeKind::Buf
            | NodeKind::Not
            | NodeKind::Lamp
            | NodeKind::Probe
            | NodeKind::HexDisplay
            | NodeKind::SevenSegment
            | NodeKind::DecimalDisplay(_)
            | NodeKind::LedMatrix { .. }
            | NodeKind::Tty
            | NodeKind::Split(_)
            | NodeKind::Tunnel => 1,
            NodeKind::Dff => 2,
            NodeKind::Dffe => 3,
            NodeKind::Dffsr => 5,
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

    /// Whether this kind is a flip-flop ([`Dff`](Self::Dff), [`Dffe`](Self::Dffe) or
    /// [`Dffsr`](Self::Dffsr)): input 0 is D, input 1 the clock (input 2 EN, inputs 3 and 4 a
    /// `Dffsr`'s SET and RESET).
    pub const fn is_flip_flop(self) -> bool {
        matches!(self, NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr)
    }

    /// What input `pin` reads while nothing drives it: −1 for a [`Dffsr`](Self::Dffsr)'s
    /// SET and RESET and +1 for its EN (inactive, as in Logisim-evolution), 0 (unknown) for
    /// every other pin of every kind.
    pub const fn unconnected(self, pin: usize) -> Trit {
        match (self, pin) {
            (NodeKind::Dffsr, DFFSR_EN) => Trit::True,
            (NodeKind::Dffsr, DFFSR_SET | DFFSR_RESET) => Trit::False,
            _ => Trit::Unknown,
        }
    }

    /// Whether this kind is one of the I/O parts of format version 7
    /// ([`IO_VERSION`](crate::format::IO_VERSION)): a [`Keypad`](Self::Keypad), a
    /// [`DecimalDisplay`](Self::DecimalDisplay), an [`LedMatrix`](Self::LedMatrix) or a
    /// [`Tty`](Self::Tty).
    pub const fn is_io_part(self) -> bool {
        matches!(
            self,
            NodeKind::Keypad
                | NodeKind::DecimalDisplay(_)
                | NodeKind::LedMatrix { .. }
                | NodeKind::Tty
        )
    }

    /// Whether this kind is a memory ([`Rom`](Self::Rom) or [`Ram`](Self::Ram)).
    pub const fn is_memory(self) -> bool {
        matches!(self, NodeKind::Rom { .. } | NodeKind::Ram { .. })
    }

    /// Whether the node has an output pin (everything but terminals).
    pub const fn has_output(self) -> bool {
        !matches!(self.role(), Role::Terminal)
    }

    /// The input count of an n-input gate (`And`, `Or`, `Nand`, `Nor`, `Xor`, `Xnor`: the
    /// kinds whose count is chosen, within [`GATE_INPUTS`]); `None` for every other kind.
    pub const fn gate_inputs(self) -> Option<u8> {
        match self {
            NodeKind::And(n)
            | NodeKind::Or(n)
            | NodeKind::Nand(n)
            | NodeKind::Nor(n)
            | NodeKind::Xor(n)
            | NodeKind::Xnor(n) => Some(n),
            NodeKind::Constant(_)
            | NodeKind::Switch
            | NodeKind::Button
            | NodeKind::Keypad
            | NodeKind::Clock { .. }
            | NodeKind::Buf
            | NodeKind::Not
            | NodeKind::Dff
            | NodeKind::Dffe
            | NodeKind::Dffsr
            | NodeKind::Lamp
            | NodeKind::Probe
            | NodeKind::HexDisplay
            | NodeKind::SevenSegment
            | NodeKind::DecimalDisplay(_)
            | NodeKind::LedMatrix { .. }
            | NodeKind::Tty
            | NodeKind::Split(_)
            | NodeKind::Merge(_)
            | NodeKind::Tunnel
            | NodeKind::Table(_)
            | NodeKind::Rom { .. }
            | NodeKind::Ram { .. } => None,
        }
    }

    /// The standard function that computes the output from the inputs: `None` for sources,
    /// the flip-flops (which have state) and table gates (whose function is their
    /// [`table`](Self::table)); terminals evaluate as [`GateOp::Buf`].
    pub const fn op(self) -> Option<GateOp> {
        Some(match self {
            NodeKind::Constant(_)
            | NodeKind::Switch
            | NodeKind::Button
            | NodeKind::Keypad
            | NodeKind::Clock { .. }
            | NodeKind::Dff
            | NodeKind::Dffe
            | NodeKind::Dffsr
            | NodeKind::Split(_)
            | NodeKind::Merge(_)
            | NodeKind::Tunnel
            | NodeKind::Table(_)
            | NodeKind::Rom { .. }
            | NodeKind::Ram { .. } => {
                return None;
            }
            NodeKind::Buf
            | NodeKind::Lamp
            | NodeKind::Probe
            | NodeKind::HexDisplay
            | NodeKind::SevenSegment
            | NodeKind::DecimalDisplay(_)
            | NodeKind::LedMatrix { .. }
            | NodeKind::Tty => GateOp::Buf,
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

    /// Whether this kind is pure wiring ([`Split`](Self::Split), [`Merge`](Self::Merge),
    /// [`Tunnel`](Self::Tunnel)), resolved away when a level is expanded.
    pub const fn is_wiring(self) -> bool {
        matches!(
            self,
            NodeKind::Split(_) | NodeKind::Merge(_) | NodeKind::Tunnel
        )
    }

    /// The width, in trits, a node of this kind must have where the kind decides it: 1 for a
    /// clock, 4 for a keypad, [`TTY_WIDTH`] for a TTY, `rows × columns` for an [`LedMatrix`](Self::LedMatrix) (which may pass the
    /// widest bus, and is then refused by the bus check); `None` where the node's `width`
    /// chooses.
    pub const fn fixed_width(self) -> Option<u16> {
        match self {
            NodeKind::Clock { .. } => Some(1),
            NodeKind::Keypad => Some(4),
            NodeKind::Tty => Some(TTY_WIDTH as u16),
            NodeKind::LedMatrix { rows, columns } => Some(rows as u16 * columns as u16),
            _ => None,
        }
    }

    /// Whether this kind is an input [`crate::Engine::set`] drives: a
    /// [`Switch`](Self::Switch), a [`Button`](Self::Button) or a [`Keypad`](Self::Keypad)'s
    /// bit (what a part's input pins and a module's input ports are made of).
    pub const fn is_input(self) -> bool {
        matches!(self, NodeKind::Switch | NodeKind::Button | NodeKind::Keypad)
    }

    /// Whether [`crate::Engine::set`] may drive this node, and with which values: switches and
    /// keypads take any value, buttons ±1 (pressed / released).
    pub const fn accepts(self, value: Trit) -> bool {
        match self {
            NodeKind::Switch | NodeKind::Keypad => true,
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
            NodeKind::Keypad => "Keypad".into(),
            NodeKind::Clock { half_period } => format!("Clock/{half_period}"),
            NodeKind::Lamp => "Lamp".into(),
            NodeKind::Dff => "DFF".into(),
            NodeKind::Dffe => "DFFE".into(),
            NodeKind::Dffsr => "DFFSR".into(),
            NodeKind::Probe => "Probe".into(),
            NodeKind::HexDisplay => "HexDisplay".into(),
            NodeKind::SevenSegment => "SevenSegment".into(),
            NodeKind::DecimalDisplay(mode) => format!("DecimalDisplay({mode})"),
            NodeKind::LedMatrix { rows, columns } => format!("LedMatrix{rows}x{columns}"),
            NodeKind::Tty => "Tty".into(),
            NodeKind::Split(r) => format!("Split({r})"),
            NodeKind::Merge(r) => format!("Merge({r})"),
            NodeKind::Tunnel => "Tunnel".into(),
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
        for (k, op) in GateOp::ALL.into_iter().enumerate() {
            assert_eq!(op as usize, k, "GateOp::ALL is in declaration order");
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

    /// The known levels an input at `t` may have: both for 0 (unknown), else `t` itself.
    fn known_levels(t: Trit) -> &'static [Trit] {
        match t {
            F => &[F],
            T => &[T],
            X => &[F, T],
        }
    }

    /// Kleene's value of a set of possible outcomes: the one they all agree on, else 0.
    fn agreed(outcomes: impl IntoIterator<Item = Trit>) -> Trit {
        let mut outcomes = outcomes.into_iter();
        let first = outcomes.next().expect("at least one outcome");
        if outcomes.all(|o| o == first) {
            first
        } else {
            X
        }
    }

    /// The known-level rule of the set and reset pins, written as the list in
    /// [`set_reset_next`]'s doc comment: reset wins, then set, then the clock.
    fn set_reset_known(next: Trit, set: Trit, reset: Trit) -> Trit {
        match (set, reset) {
            (_, T) => F,
            (T, F) => T,
            (F, F) => next,
            _ => unreachable!("known levels only"),
        }
    }

    /// The 3³ cases of [`set_reset_next`], each against the brute-force Kleene extension: the
    /// agreed outcome of every known level of the unknown pins (and of `next`).
    #[test]
    fn set_reset_is_the_kleene_extension_of_reset_over_set_over_the_clock() {
        let mut cases = 0;
        for next in Trit::ALL {
            for set in Trit::ALL {
                for reset in Trit::ALL {
                    let extension = agreed(known_levels(next).iter().flat_map(|&n| {
                        known_levels(set).iter().flat_map(move |&s| {
                            known_levels(reset)
                                .iter()
                                .map(move |&r| set_reset_known(n, s, r))
                        })
                    }));
                    assert_eq!(
                        set_reset_next(next, set, reset),
                        extension,
                        "next={next} set={set} reset={reset}"
                    );
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, 27);
    }

    /// The 3⁷ cases of a [`Dffe`](NodeKind::Dffe) with set and reset: [`set_reset_next`] over
    /// [`dffe_next`] against the outcomes of every known level of the set and reset pins,
    /// each with the clocked value [`dffe_next`] gives (whose own unknowns are its rule's).
    #[test]
    fn a_dffe_with_set_and_reset_agrees_with_every_known_level_of_its_pins() {
        let mut cases = 0;
        for [prev, clk, d, q, en, set, reset] in all_trit_tuples::<7>() {
            let next = dffe_next(prev, clk, d, q, en);
            let extension = agreed(known_levels(set).iter().flat_map(|&s| {
                known_levels(reset)
                    .iter()
                    .map(move |&r| set_reset_known(next, s, r))
            }));
            let got = set_reset_next(next, set, reset);
            assert_eq!(
                got, extension,
                "{prev}→{clk} d={d} q={q} en={en} set={set} reset={reset}"
            );
            match (set, reset) {
                (_, T) => assert_eq!(got, F, "reset at +1 wins over the clock and set"),
                (T, F) => assert_eq!(got, T, "set at +1 wins over the clock"),
                (F, F) => assert_eq!(got, next, "inactive pins leave the clock's value"),
                _ => assert!(
                    got == X || got == next,
                    "an unknown pin keeps a value only where held and forced agree"
                ),
            }
            cases += 1;
        }
        assert_eq!(cases, 3_usize.pow(7));
    }

    /// The agreed outcome, over every known level of `inputs` and of `q`, of a [`dff_next`]
    /// whose D is `characteristic(inputs, q)` on known levels: the Kleene extension a JK, T or
    /// SR flip-flop's rule must give.
    fn clocked_extension<const N: usize>(
        prev: Trit,
        clk: Trit,
        inputs: [Trit; N],
        q: Trit,
        characteristic: impl Fn([Trit; N], Trit) -> Trit,
    ) -> Trit {
        let outcomes = all_trit_tuples::<N>()
            .filter(|known| {
                known
                    .iter()
                    .zip(inputs)
                    .all(|(&k, i)| known_levels(i).contains(&k))
            })
            .flat_map(|known| known_levels(q).iter().map(move |&kq| (known, kq)))
            .map(|(known, kq)| dff_next(prev, clk, characteristic(known, kq), kq));
        agreed(outcomes)
    }

    /// Checks `rule` over every clock change, input and Q against [`clocked_extension`] of
    /// `characteristic`, and returns how many cases ran.
    fn check_clocked_rule<const N: usize, const M: usize>(
        rule: impl Fn(Trit, Trit, [Trit; N], Trit) -> Trit,
        characteristic: impl Fn([Trit; N], Trit) -> Trit + Copy,
    ) -> usize {
        let mut cases = 0;
        for all in all_trit_tuples::<M>() {
            let (prev, clk, q) = (all[0], all[1], all[2]);
            let inputs: [Trit; N] = std::array::from_fn(|i| all[3 + i]);
            let extension = clocked_extension(prev, clk, inputs, q, characteristic);
            assert_eq!(
                rule(prev, clk, inputs, q),
                extension,
                "{prev}→{clk} inputs={inputs:?} q={q}"
            );
            cases += 1;
        }
        cases
    }

    /// The 3⁵ cases of [`jk_next`] against the Kleene extension of hold, set, reset, toggle.
    #[test]
    fn jk_is_a_dff_behind_the_kleene_extension_of_hold_set_reset_toggle() {
        let cases = check_clocked_rule::<2, 5>(
            |prev, clk, [j, k], q| jk_next(prev, clk, j, k, q),
            |[j, k], q| match (j, k) {
                (F, F) => q,
                (T, F) => T,
                (F, T) => F,
                _ => q.not(),
            },
        );
        assert_eq!(cases, 3_usize.pow(5));
    }

    /// The 3⁴ cases of [`t_next`] against the Kleene extension of hold and toggle.
    #[test]
    fn t_is_a_dff_behind_the_kleene_extension_of_hold_and_toggle() {
        let cases = check_clocked_rule::<1, 4>(
            |prev, clk, [t], q| t_next(prev, clk, t, q),
            |[t], q| if t == T { q.not() } else { q },
        );
        assert_eq!(cases, 3_usize.pow(4));
    }

    /// The 3⁵ cases of [`sr_next`] against the Kleene extension of hold, set, reset and the
    /// forbidden S = R = +1 giving 0.
    #[test]
    fn sr_is_a_dff_behind_the_kleene_extension_of_hold_set_reset_forbidden() {
        let cases = check_clocked_rule::<2, 5>(
            |prev, clk, [s, r], q| sr_next(prev, clk, s, r, q),
            |[s, r], q| match (s, r) {
                (F, F) => q,
                (T, F) => T,
                (F, T) => F,
                _ => X,
            },
        );
        assert_eq!(cases, 3_usize.pow(5));
        assert_eq!(
            sr_next(F, T, T, T, T),
            X,
            "both at +1 is unknown, even from +1"
        );
    }

    /// Every `N`-tuple of trits, 3ᴺ of them, in counting order.
    fn all_trit_tuples<const N: usize>() -> impl Iterator<Item = [Trit; N]> {
        let count = 3_usize.pow(u32::try_from(N).expect("small N"));
        (0..count).map(|mut k| {
            std::array::from_fn(|_| {
                let t = Trit::ALL[k % 3];
                k /= 3;
                t
            })
        })
    }

    #[test]
    fn both_pins_active_reset_wins_and_unknown_pins_keep_only_agreed_values() {
        // (next, set, reset) → Q
        for (next, set, reset, q) in [
            (T, T, T, F), // both active: reset wins
            (X, T, T, F),
            (F, T, X, X), // set wins unless reset: unknown
            (T, X, F, T), // maybe set, already +1
            (F, X, F, X), // maybe set, −1: unknown
            (F, F, X, F), // maybe reset, −1: stays −1
            (T, F, X, X), // maybe reset, +1: unknown
            (X, X, X, X),
        ] {
            assert_eq!(
                set_reset_next(next, set, reset),
                q,
                "next={next} set={set} reset={reset}"
            );
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

    /// A `Dffsr` has five pins, reads as written, and its unconnected EN enables and SET and
    /// RESET are inactive; every other kind's unconnected pin (a `Dffe`'s EN too) is unknown.
    #[test]
    fn a_dffsr_has_five_inputs_and_inactive_unconnected_pins() {
        let k = NodeKind::Dffsr;
        assert_eq!((k.input_count(), k.file_input_count()), (5, 5));
        assert_eq!(
            (k.role(), k.op(), k.gate_inputs()),
            (Role::Gate, None, None)
        );
        assert!(k.is_flip_flop());
        assert_eq!(k.to_string(), "DFFSR");
        assert_eq!(ron::from_str::<NodeKind>("Dffsr").expect("RON"), k);
        assert_eq!(ron::to_string(&k).expect("RON"), "Dffsr");
        let unconnected: Vec<Trit> = (0..5).map(|pin| k.unconnected(pin)).collect();
        assert_eq!(unconnected, [X, X, T, F, F], "D, CLK, EN, SET, RESET");
        assert_eq!(
            (DFFSR_D, DFFSR_CLOCK, DFFSR_EN, DFFSR_SET, DFFSR_RESET),
            (0, 1, 2, 3, 4)
        );
        assert_eq!(NodeKind::Dffe.unconnected(2), X);
        assert_eq!(NodeKind::And(2).unconnected(1), X);
    }

    /// [`dffsr_next`] with its pins unconnected (EN +1, SET and RESET −1) is a
    /// [`dff_next`], and with any pins it is [`set_reset_next`] over [`dffe_next`] — whose
    /// Kleene exactness `a_dffe_with_set_and_reset_agrees_with_every_known_level_of_its_pins`
    /// checks; and it is a fixed point of its pins: a second evaluation without a clock
    /// change keeps it.
    #[test]
    fn dffsr_is_set_reset_over_dffe_and_stable_under_its_pins() {
        let mut cases = 0;
        for [prev, clk, d, q, en, set, reset] in all_trit_tuples::<7>() {
            let got = dffsr_next(prev, clk, d, q, [en, set, reset]);
            assert_eq!(
                got,
                set_reset_next(dffe_next(prev, clk, d, q, en), set, reset)
            );
            assert_eq!(dffsr_next(clk, clk, d, got, [en, set, reset]), got);
            cases += 1;
        }
        assert_eq!(cases, 3_usize.pow(7));
        for [prev, clk, d, q] in all_trit_tuples::<4>() {
            assert_eq!(
                dffsr_next(prev, clk, d, q, [T, F, F]),
                dff_next(prev, clk, d, q)
            );
        }
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
