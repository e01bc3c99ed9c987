//! The compiled form of a position: its [`Slot`] (how to evaluate it) and the truth tables
//! that two-input gates are evaluated by (see the [module docs](super)).

use crate::kind::{FROM_DIGIT, GateOp, TruthTable};
use crate::trit::Trit;

/// How a position is evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A gate (or terminal) with at most two input pins, both read inline, evaluated by a
    /// truth-table lookup.
    Table,
    /// A gate with more than two input pins, read from [`Levelized::wide`].
    Wide,
    /// A table gate ([`NodeKind::Table`](crate::NodeKind::Table)), evaluated by its
    /// [`Custom`].
    Custom,
    /// A source: takes what the engine drives.
    Source,
    /// The sampling half of a flip-flop: reads D and the clock, computes the next Q.
    Sample,
    /// The committing half of a flip-flop: makes the sampled Q visible.
    Commit,
    /// The writing half of a RAM's data bit: tracks its clock and, on a rising edge, writes
    /// (see [`crate::memory`]); then, if that changed a word, its read runs.
    MemWrite,
    /// A memory data bit's read: the bit at its address (see [`crate::memory`]).
    MemRead,
    /// In the folded form only, the read of a memory's first data bit whose bits share their
    /// address pins: it reads the word once and runs every pending read of its bits (see
    /// [`WordRead`](super::WordRead)).
    MemWord,
}

/// One position: what to evaluate and how. 16 bytes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    /// `Table`: the driver of pin 0 (a dense index; the floating sentinel where unconnected);
    /// `Wide`: the start of its pins in `wide`; `Sample`: the driver of D;
    /// `MemRead`, `MemWrite` and `MemWord`: its memory.
    pub(super) a: u32,
    /// `Table`: the driver of pin 1 (the floating sentinel for one-input gates, whose table
    /// ignores it); `Wide`: the end of its pins in `wide`; `Custom`: its [`Custom`] in `customs`
    /// (whose input count is its number of pins); `Sample`: the driver of the clock;
    /// `MemRead` and `MemWrite`: its bit of the memory's word; `MemWord`: its
    /// [`WordRead`](super::WordRead) in `word_reads`.
    pub(super) b: u32,
    /// The node's dense index.
    pub(super) node: u32,
    pub(super) kind: Kind,
    /// `Table`: the index of its truth table in [`Levelized::tables`] ([`table_index`]);
    /// `Wide`: the index of the two-input table of AND, OR or XOR, folded over the inputs.
    pub(super) table: u8,
    /// `Wide`: the fold's result is negated (NAND, NOR, XNOR).
    pub(super) invert: bool,
    /// Its output reaches the clock pin of a flip-flop or a RAM data bit: a change marks
    /// those samples (see [`Clocked`](super::clocked::Clocked)) besides its fanout.
    pub(super) clocks: bool,
}

/// Number of truth tables: one per (operation, arity ≤ 2), 8 × 3, then the tables with inverters
/// and buffers folded into their inputs (see [`Folded`]), up to 256 so that a `u8` index needs
/// no bounds check.
pub(super) const TABLES: usize = 256;

/// The table indices the folded form may use: the last three are the dense sweep's (its chain
/// tables, see [`dense`]).
pub(super) const FOLD_TABLES: usize = TABLES - 3;

/// The fixed tables: one per (operation, arity ≤ 2), 3 per [`GateOp`].
pub(super) const BASE_TABLES: usize = 3 * TABLE_OPS.len();

/// A gate's output for inputs `a`, `b`, at index `4 · digit(a) + digit(b)` (the other 7
/// entries are never read).
pub(super) type Table = [Trit; 16];

/// `0`, `1`, `2` for −1, 0, +1.
#[inline]
pub(super) fn digit(t: Trit) -> usize {
    usize::from(t.to_i8().cast_unsigned().wrapping_add(1))
}

/// The gate functions with truth tables, in table order (three tables each: arity 0, 1, 2):
/// every [`GateOp`], in declaration order, so a new one has its tables (built from
/// [`GateOp::eval`]) with no change here.
pub(super) const TABLE_OPS: [GateOp; GateOp::ALL.len()] = GateOp::ALL;

/// The table of gate `op` with `arity` ≤ 2 inputs in [`Levelized::tables`].
pub(super) fn table_index(op: GateOp, arity: usize) -> u8 {
    (3 * op as usize + arity.min(2)) as u8
}

/// Every truth table, built from [`GateOp::eval`].
pub(super) fn tables() -> [Table; TABLES] {
    let mut tables = [[Trit::Unknown; 16]; TABLES];
    for op in TABLE_OPS {
        for arity in 0..=2 {
            let table = &mut tables[usize::from(table_index(op, arity))];
            for a in Trit::ALL {
                for b in Trit::ALL {
                    table[4 * digit(a) + digit(b)] = op.eval([a, b].into_iter().take(arity));
                }
            }
        }
    }
    tables
}

/// A table gate ([`Kind::Custom`]) as it is evaluated: its pins inline, those past its
/// inputs reading the floating sentinel, and its table over three pins, so that a one- to
/// three-input gate is three loads and one shift, with no loop over its inputs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Custom {
    /// Its pins' drivers (dense indices).
    pub(super) pins: [u32; 3],
    /// See [`three_pin_table`].
    pub(super) table: u64,
}

impl Custom {
    /// Its output for its pins' digits.
    #[inline]
    pub(super) fn eval(self, [d0, d1, d2]: [usize; 3]) -> Trit {
        let row = 9 * d0 + 3 * d1 + d2;
        FROM_DIGIT[(self.table >> ((2 * row) & 63)) as usize & 3]
    }
}

/// Table gate `truth` (one to three inputs) as a table over three pins: its output digit at
/// row `9 · d₀ + 3 · d₁ + d₂` of the pins' digits in bits `2 · row..2 · row + 2`, pins past
/// its inputs ignored (they read the floating sentinel).
pub(super) fn three_pin_table(truth: TruthTable) -> u64 {
    let n = u32::from(truth.inputs()).min(3);
    let mut table = 0u64;
    for row in 0..27usize {
        // Its own row: the first `n` digits.
        let own = row / 3usize.pow(3 - n);
        table |= (digit(truth.eval_index(own)) as u64) << (2 * row);
    }
    table
}
