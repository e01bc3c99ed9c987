//! The levelized schedule of the event engine ([`Schedule::Levelized`](crate::Schedule)).
//!
//! Classic levelized event-driven simulation, also called zero-delay *selective trace*
//! (Abramovici, Breuer & Friedman, "Digital Systems Testing and Testable Design", ch. 3,
//! "Logic Simulation": levelized compiled code and event-driven selective trace): every node
//! has a *level* — sources 0, a gate one more than the highest level among its drivers — and
//! pending evaluations are processed in increasing level order, so that a node is evaluated
//! at most once per settle, after all of its drivers. A node's fanout is scheduled only when its
//! output changes, as in the unit-delay schedule; only the order differs.
//!
//! # Layout
//! The nodes are renumbered into *positions* sorted by a *key* (`2 × level + 1`, and
//! `2 × level` for the sampling half of a flip-flop, below), so that every edge goes from a
//! lower to a higher position. The pending set is then a bitset over positions, scanned upward
//! once per settle: scheduling is one `OR` into a word (and deduplicates for free), and no
//! bucket lists are needed. Per position, one 16-byte [`Slot`] says how to evaluate it (the
//! driver indices of a gate with at most two inputs inline, wider gates in a side array);
//! values stay in the engine's array, indexed by dense node index, and fanout is stored as
//! positions (compressed sparse rows).
//!
//! A gate with at most two inputs is evaluated without branching, by one lookup in its
//! 3 × 3 truth table (built from [`GateOp::eval`] when the schedule is compiled): the index is
//! `4 · (a + 1) + (b + 1)` for input digits `a`, `b` ∈ {−1, 0, +1}. Wider gates fold the
//! two-input table of AND, OR or XOR over their inputs and negate the result for NAND, NOR
//! and XNOR. A table gate ([`NodeKind::Table`](crate::NodeKind::Table)) keeps its one to three
//! pins inline, those past its inputs reading the floating sentinel, and its
//! [`TruthTable`](crate::TruthTable) widened to three pins ([`Custom`]): three loads and one
//! shift, whatever its input count; nothing is folded into it. Without an observer, a node's
//! fanout is marked pending by or-ing each bit with "did the output change" rather than by
//! branching on it (the change is unpredictable).
//!
//! # Flip-flops
//! A flip-flop takes part through its clock pin only: its D pin (and a
//! [`Dffe`](crate::NodeKind::Dffe)'s EN pin) is sampled, not propagated, so the edges from D's
//! and EN's drivers are left out (which also breaks every loop through a flip-flop). Its
//! level is one more than its clock driver's. It occupies two positions: a *sample* position
//! at key `2 × level`, which reads D, the clock and EN and computes the next Q (the
//! flip-flop's event; EN is read through the netlist, +1 for a `Dff`), and a *commit*
//! position at key `2 × level + 1`, which makes the new Q visible and schedules its fanout.
//! So all flip-flops clocked at the same level sample before any of them changes, as in the
//! unit-delay schedule where they all read the previous delta's values: a D computed at a
//! lower level in the same settle is seen with its new value, one computed at the same or a
//! higher level with its old one.
//!
//! A [`Dffsr`](crate::NodeKind::Dffsr)'s SET and RESET act at once, not on an edge: their
//! edges propagate like the clock's (its level is one more than the highest of its clock's,
//! SET's and RESET's drivers, and a loop through them is a combinational loop), and a change
//! of either schedules its sample directly, which then holds Q unless the clock changed and
//! applies them ([`dffsr_next`](crate::kind::dffsr_next); a sample reads EN, SET and RESET
//! through the netlist, inactive where a kind has not the pin). Skipping a clocked sample
//! (below) stays exact: the pins made Q a fixed point when they last changed, and a sample
//! scheduled by them runs anyway.
//!
//! # Clocks
//! A positive-edge flip-flop holds, and a RAM writes nothing, unless its clock may have risen
//! (−1 → +1, −1 → 0, 0 → +1: [`may_rise`](crate::kind::may_rise)). So the sample positions a
//! node clocks (flip-flops' samples, RAM writes) are kept apart from its fanout ([`Clocked`];
//! its [`Slot`] says it has some), and a change of its output marks only those whose clock may
//! have risen, from the clock each saw last; every other one just remembers the new clock
//! value, which is all its sample would have done. On the CPU, every falling clock edge then
//! costs one event (the clock) instead of one per flip-flop and RAM bit. Likewise a flip-flop
//! whose D equals its Q keeps its Q on any edge, so does a `Dffe` whose EN is −1, and a RAM
//! whose write enable is −1 writes nothing; so where that pin is final when the clock changes
//! (its driver is not in the clock driver's key, so it is evaluated before the clock's driver
//! or after the sample), such a sample only remembers the clock too ([`Sampled::runs`]): on
//! the CPU, about 40 of the 45 flip-flops and all 8 RAM writes on most rising edges. The dense
//! pass applies the same rule. A sample that does not run is not an event (the unit-delay
//! schedule, which evaluates a flip-flop on every clock change, reports more events: only the
//! values agree); a sample scheduled directly always runs.
//!
//! # Memories
//! A memory data bit has a read position (at its address pins' level) and, for a RAM, a write
//! position sampled like a flip-flop. The bits of a memory that share their address pins
//! read one word per run ([`read_shared`](Levelized::read_shared)). In settles without
//! records the first of them reads for all ([`WordRead`]): its position runs the read of
//! every pending bit of its memory and takes them out of the queue, so that a new address is
//! one position popped, not one per bit (16 for the CPU's program ROM); each bit read still
//! counts as the event it is.
//!
//! # Batches
//! Positions of one key never feed each other. So the pending positions of a key found in
//! one word of the bitset are taken out together and run one after another, in increasing
//! order as always: the next one is found without waiting for the one before to be evaluated
//! and its fanout marked (the marks only reach higher keys), which lets the processor overlap
//! their evaluations. On the CPU a rising edge runs about 10 positions a level.
//!
//! Circuits with a combinational loop have no levels: [`Levelized::new`] returns `None` and the
//! engine keeps the unit-delay schedule.

mod build;
mod clocked;
mod dense;
mod fold;
mod memory;
mod positions;
mod queue;
mod run;
mod slot;

use clocked::Clocked;
use fold::Folded;
use memory::{WordBit, WordRead};
pub(crate) use run::State;
use slot::{Custom, Slot, TABLES, Table};

use crate::event::{Cause, Sweep};
use crate::memory::Word;
use crate::trit::Trit;

/// The levelized schedule's compiled form and queue. See the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Levelized {
    /// Per position: how to evaluate it.
    slots: Vec<Slot>,
    /// Fanout of position `p`: `fanout[fo_start[p]..fo_start[p + 1]]`, as positions.
    fo_start: Vec<u32>,
    fanout: Vec<u32>,
    /// The samples each clock driver clocks, apart from its fanout (see [Clocks](self#clocks)).
    clocked: Clocked,
    /// Input pins of the gates with more than two, as dense indices.
    wide: Vec<u32>,
    /// The [`Kind::Custom`] slots (table gates) as evaluated, numbered by their slots' `b`:
    /// three pins and a table over three pins.
    customs: Vec<Custom>,
    /// Evaluations done by settles without records so far. Building the folded form costs
    /// about one pass over the positions, so selective trace builds it once this many
    /// evaluations have been done (a netlist loaded, settled once and dropped never pays).
    fast_work: u64,
    /// [`slots`](Self::slots) with the [`Folded`] gates folded into their consumers (`Table`
    /// slots read the roots through permuted tables), for settles without records. The
    /// folded form (this, the two below and `folded`) is empty until built: by the first
    /// dense sweep, or by the first settle without records once
    /// [`fast_work`](Self::fast_work) says it pays.
    fast_slots: Vec<Slot>,
    /// The fanout with every folded gate replaced by its own (fast) fanout, for settles without
    /// records, as marks ([`fold::marks`]): per position, `(fast_words[k], fast_masks[k])`
    /// for `k` in `fast_fo_start[p]..fast_fo_start[p + 1]`, one bitset word and the bits to
    /// set in it.
    fast_fo_start: Vec<u32>,
    fast_words: Vec<u32>,
    fast_masks: Vec<u64>,
    /// The folded gates, in position order.
    folded: Vec<Folded>,
    /// The memories read as words in the folded form (see [`WordRead`]), numbered by the
    /// [`Kind::MemWord`] slots' `b`.
    word_reads: Vec<WordRead>,
    /// The data bits of the [`word_reads`](Self::word_reads), each memory's in position order.
    word_bits: Vec<WordBit>,
    /// The truth tables of [`Kind::Table`] slots.
    tables: Box<[Table; TABLES]>,
    /// `key_start[k]`: the first position of key `k` (`2 × level` or `2 × level + 1`); one
    /// more entry at the end, the number of positions.
    key_start: Vec<u32>,
    /// Per position: the first position of the next key (see [Batches](self#batches)).
    key_end: Vec<u32>,
    /// Dense index → the position evaluated when the node is scheduled (a flip-flop's sample
    /// position).
    pos: Vec<u32>,
    /// Per commit position: the Q its flip-flop sampled last.
    q_next: Vec<Trit>,
    /// Per pending position: what scheduled it. Causes of event-scheduled positions are only
    /// written while an observer wants records (a settle without records always completes, so
    /// they are never read).
    cause: Vec<Cause>,
    /// The pending positions.
    bits: Vec<u64>,
    /// The words of `bits` over positions; the folded gates' marks follow (see [`Folded`]),
    /// only set during a settle without records.
    words: usize,
    /// No word below this one has a pending bit; `words` when nothing is pending.
    lo: usize,
    /// Level of the last position processed (the engine's current "delta").
    level_now: u32,
    /// The dense pass (see [`dense`]), built the first time it runs.
    dense: Option<Box<dense::Dense>>,
    /// Whether the netlist has memories, which the dense pass does not evaluate (selective
    /// trace does).
    has_memories: bool,
    /// Per memory: the word its data bits read in selective trace's run number `.0` (see
    /// [`read_shared`](Self::read_shared)); `None` for a memory whose data bits do not all
    /// read the same address pins, each of which then reads its own bit.
    words_read: Vec<Option<(u64, Word)>>,
    /// Runs of selective trace so far, numbering [`words_read`](Self::words_read).
    runs: u64,
    /// How settles without records find their work.
    sweep: Sweep,
    /// The last settle without records evaluated a quarter of the positions or more.
    prefer_dense: bool,
    /// A gate (truth-table or wide) may be pending: one was scheduled directly, or a run
    /// stopped early, since the queue was last empty.
    gates_pending: bool,
}

/// What a run reads and writes besides the schedule: node values, drives, the RAMs' words.
pub(super) type Arrays<'a> = (&'a mut [Trit], &'a mut [Trit], &'a mut [Option<Vec<Word>>]);
