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

mod clocked;
mod dense;
mod fold;
mod layout;
mod slot;

use clocked::{Clocked, Sampled};
use fold::{Folded, fold};
use layout::layout;
use slot::{Custom, Kind, Slot, TABLES, Table, digit, table_index, tables, three_pin_table};

use crate::event::{Cause, Event, Observer, Sweep};
use crate::graph;
use crate::kind::{GateOp, TruthTable, dffe_next};
use crate::memory::Word;
use crate::netlist::{Netlist, Op};
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

/// In the folded form, a memory whose data bits share their address pins (so that they read
/// one word, see [`Levelized::words_read`]) and lie in one key: its first bit's position is a
/// [`Kind::MemWord`], which reads the word once and runs the reads of every bit of it that is
/// pending, taking them out of the queue; the others run one by one only when the first is
/// not pending (a write changed their word). Each bit read is still one event, so the events
/// counted are those of the bit-by-bit reads: only the work differs — one position popped for
/// the word instead of one per bit (16 for the CPU's program ROM).
#[derive(Clone, Copy, Debug)]
struct WordRead {
    /// Its bits in [`Levelized::word_bits`]: `start..end`, the first one the word's position.
    start: u32,
    end: u32,
}

/// A data bit of a [`WordRead`].
#[derive(Clone, Copy, Debug)]
struct WordBit {
    /// Its read position.
    pos: u32,
    /// Its dense index.
    node: u32,
    /// Its bit of the word.
    bit: u32,
}

/// The slot of node `i` (its sampling half if `sample`), the pins of a wide gate appended
/// to `wide`, a table gate's [`Custom`] to `customs`.
fn slot_of(
    net: &Netlist,
    i: u32,
    sample: bool,
    wide: &mut Vec<u32>,
    customs: &mut Vec<Custom>,
) -> Slot {
    let floating = net.len() as u32;
    let pins = &net.in_src[net.input_range(i)];
    let mut slot = Slot {
        a: floating,
        b: floating,
        node: i,
        kind: Kind::Source,
        table: 0,
        invert: false,
        clocks: false,
    };
    match net.ops[i as usize] {
        Op::Source => {}
        Op::Memory => {
            let (memory, bit) = net.memory_bit(i).unwrap_or((u32::MAX, 0));
            slot.kind = if sample {
                Kind::MemWrite
            } else {
                Kind::MemRead
            };
            slot.a = memory;
            slot.b = bit;
        }
        Op::Dff if sample => {
            slot.kind = Kind::Sample;
            slot.a = pins[0];
            slot.b = pins[1];
        }
        Op::Dff => slot.kind = Kind::Commit,
        Op::Table => {
            let truth = net.kinds[i as usize]
                .table()
                .unwrap_or(TruthTable::of_gate(GateOp::Buf, pins.len() as u8));
            let mut three = [floating; 3];
            for (to, &from) in three.iter_mut().zip(pins).take(usize::from(truth.inputs())) {
                *to = from;
            }
            slot.kind = Kind::Custom;
            slot.b = customs.len() as u32;
            customs.push(Custom {
                pins: three,
                table: three_pin_table(truth),
            });
        }
        Op::Gate(op) if pins.len() <= 2 => {
            slot.kind = Kind::Table;
            slot.table = table_index(op, pins.len());
            slot.a = pins.first().copied().unwrap_or(floating);
            slot.b = pins.get(1).copied().unwrap_or(floating);
        }
        Op::Gate(op) => {
            // A wide gate is its base's two-input table folded, negated at the end
            // (n-input XOR is the 2-input XOR folded: (−1)ⁿ⁺¹·∏ = −(−1)ⁿ·∏). Only a base
            // that chains has more than two pins (`Buf` has one).
            let (base, invert) = op.base();
            debug_assert!(base.chains(), "{op:?} with {} pins", pins.len());
            slot.kind = Kind::Wide;
            slot.table = table_index(GateOp::from_base(base, false), 2);
            slot.invert = invert;
            slot.a = wide.len() as u32;
            wide.extend_from_slice(pins);
            slot.b = wide.len() as u32;
        }
    }
    slot
}

/// What a run processed.
pub(crate) struct Run {
    /// Events reported (flip-flop commits are not events).
    pub events: u64,
    /// Highest level processed plus one; 0 if nothing was processed.
    pub levels: u32,
}

/// What a run reads and writes besides the schedule: node values, drives, the RAMs' words.
type Arrays<'a> = (&'a mut [Trit], &'a mut [Trit], &'a mut [Option<Vec<Word>>]);

/// The number of address pins of memory node `i`.
fn memory_address_bits(net: &Netlist, i: u32) -> usize {
    match net.kinds[i as usize] {
        crate::NodeKind::Rom { addr_bits } | crate::NodeKind::Ram { addr_bits } => {
            usize::from(addr_bits).min(net.input_range(i).len())
        }
        _ => 0,
    }
}

/// The dense indices of `net` sorted (stably) by how their positions are evaluated, so that
/// the positions of a key come in runs of one kind: the branch on a position's kind in
/// selective trace then mostly goes where it went before.
fn by_kind(net: &Netlist) -> Vec<u32> {
    let kind = |i: u32| match net.ops[i as usize] {
        Op::Gate(_) if net.input_range(i).len() <= 2 => 0,
        Op::Gate(_) => 1,
        Op::Table => 2,
        Op::Memory => 3,
        Op::Dff => 4,
        Op::Source => 5,
    };
    let mut nodes: Vec<u32> = (0..net.len() as u32).collect();
    nodes.sort_by_key(|&i| kind(i));
    nodes
}

/// Whether the edge `from` → `to` (dense indices) propagates: not if it only reaches a
/// flip-flop's D or EN pin, or a memory's data-in or write-enable pin (sampled on the clock's
/// edge).
fn propagates(net: &Netlist, from: u32, to: u32) -> bool {
    let t = to as usize;
    let pins = &net.in_src[net.input_range(to)];
    match net.ops[t] {
        Op::Dff => pins[1] == from,
        Op::Memory => {
            let a = memory_address_bits(net, to);
            pins[..a].contains(&from) || net.ram_clock(to) == Some(from)
        }
        _ => true,
    }
}

/// The sample at position `pos` of flip-flop `t` (a dense index) for its clock driver's
/// [`Clocked`] list: its D and, for a [`Dffe`](crate::NodeKind::Dffe), its EN, each final when
/// the clock changes if `settled` says so of its driver (see [`Sampled`]).
fn flip_flop_sample(net: &Netlist, pos: u32, t: u32, settled: &impl Fn(u32) -> bool) -> Sampled {
    let d = net.in_src[net.input_range(t)][0];
    let sampled = Sampled::flip_flop(pos, t, d, settled(d));
    match net.enable_pin(t) {
        Some(en) => sampled.enabled_by(en, settled(en)),
        None => sampled,
    }
}

/// [`Levelized::words_read`] before any run: a word (of no run yet) for each memory of `net`
/// whose data bits all read the same address pins (as expanded from one memory node they
/// do), so that the word read for one is the word read for all; `None` for the others.
fn words_read(net: &Netlist) -> Vec<Option<(u64, Word)>> {
    let mut first: Vec<Option<&[u32]>> = vec![None; net.memories.len()];
    let mut shared = vec![true; net.memories.len()];
    for i in 0..net.len() as u32 {
        if net.ops[i as usize] != Op::Memory {
            continue;
        }
        let (Some((m, _)), Some(pins)) = (net.memory_bit(i), net.memory_address_pins(i)) else {
            continue;
        };
        let m = m as usize;
        match first[m] {
            None => first[m] = Some(pins),
            Some(seen) => shared[m] &= seen == pins,
        }
    }
    shared
        .into_iter()
        .map(|shared| shared.then_some((0, Word::UNKNOWN)))
        .collect()
}

/// The engine state a run reads and writes.
pub(crate) struct State<'a> {
    pub net: &'a Netlist,
    /// Node outputs by dense index, plus the floating sentinel (always 0).
    pub values: &'a mut [Trit],
    /// What each source drives; for a flip-flop, the clock value it saw last.
    pub drive: &'a mut [Trit],
    /// The engine's event counter.
    pub seq: &'a mut u64,
    /// The words of each RAM (`None` for a ROM: read from the netlist).
    pub rams: &'a mut [Option<Vec<Word>>],
}

impl Levelized {
    /// Levelizes `net`; `None` if it has a combinational loop (a cycle not broken by a
    /// flip-flop's D pin). Time and memory are linear in nodes + wires.
    #[allow(clippy::too_many_lines)] // one pass over the positions: slots, fanout, clocks
    pub(crate) fn new(net: &Netlist) -> Option<Levelized> {
        let n = net.len();
        let is_dff = |i: usize| net.ops[i] == Op::Dff;
        let ram_clock = |i: usize| net.ram_clock(i as u32);
        let pins = |to: u32| &net.in_src[net.input_range(to)];
        let counts = |from: u32, to: u32| propagates(net, from, to);
        let levels = graph::levelize(net, counts);
        if !levels.is_complete() {
            return None;
        }
        drop(levels.order);
        // A RAM's write is sampled with the flip-flops its clock drives (one level above the
        // clock's driver); a flip-flop samples at its own level.
        let level = &levels.level;
        let sample_level = |i: usize| {
            if is_dff(i) {
                Some(level[i])
            } else {
                ram_clock(i).map(|c| level.get(c as usize).map_or(0, |&l| l + 1))
            }
        };
        let (key_start, pos, own, order) = layout(level, sample_level, &by_kind(net));
        drop(levels.level);
        let key_end = layout::key_ends(&key_start);
        // Slots and fanout, in position order.
        let positions = order.len();
        let mut slots = Vec::with_capacity(positions);
        let mut fo_start = Vec::with_capacity(positions + 1);
        let mut fanout = Vec::with_capacity(net.fanout.len() + (positions - n));
        let mut wide = Vec::new();
        let mut customs = Vec::new();
        let mut clocked = Clocked::default();
        let mut samples = Vec::new();
        for (p, &i) in order.iter().enumerate() {
            // A sample's deciding pin is final when its clock (driven from `p`) changes unless
            // the pin's driver is evaluated between the two: in the clock driver's key.
            let settled = |d: u32| {
                own.get(d as usize)
                    .is_none_or(|&o| layout::apart(&key_end, o, p as u32))
            };
            let iu = i as usize;
            let sample = pos[iu] != own[iu] && pos[iu] as usize == p;
            fo_start.push(fanout.len() as u32);
            samples.clear();
            if sample {
                fanout.push(own[iu]);
            } else {
                for &t in &net.fanout[net.fanout_range(i)] {
                    if !counts(i, t) {
                        continue;
                    }
                    let tu = t as usize;
                    // A clock schedules a sample (a flip-flop's, a RAM's write), a RAM's
                    // address its read.
                    if ram_clock(tu).is_some() {
                        if ram_clock(tu) == Some(i) {
                            let we = pins(t)
                                .get(memory_address_bits(net, t) + 1)
                                .map_or(n as u32, |&we| we);
                            samples.push(Sampled::write(pos[tu], t, we, settled(we)));
                        }
                        if pins(t)[..memory_address_bits(net, t)].contains(&i) {
                            fanout.push(own[tu]);
                        }
                    } else if is_dff(tu) {
                        samples.push(flip_flop_sample(net, pos[tu], t, &settled));
                    } else {
                        fanout.push(pos[tu]);
                    }
                }
            }
            let mut slot = slot_of(net, i, sample, &mut wide, &mut customs);
            slot.clocks = clocked.push(p as u32, &samples);
            slots.push(slot);
        }
        fo_start.push(fanout.len() as u32);

        Some(Levelized {
            slots,
            fo_start,
            fanout,
            clocked,
            wide,
            customs,
            fast_work: 0,
            fast_slots: Vec::new(),
            fast_fo_start: Vec::new(),
            fast_words: Vec::new(),
            fast_masks: Vec::new(),
            folded: Vec::new(),
            word_reads: Vec::new(),
            word_bits: Vec::new(),
            tables: Box::new(tables()),
            key_start,
            key_end,
            pos,
            q_next: vec![Trit::Unknown; positions],
            cause: vec![Cause::PowerOn; positions],
            bits: vec![0; positions.div_ceil(64)],
            words: positions.div_ceil(64),
            lo: positions.div_ceil(64),
            level_now: 0,
            dense: None,
            has_memories: net.has_memories(),
            words_read: words_read(net),
            runs: 0,
            sweep: Sweep::Auto,
            prefer_dense: false,
            gates_pending: false,
        })
    }

    /// Builds the folded form (see [`Folded`]) and the folded gates' marks in `bits`.
    fn build_folded(&mut self, net: &Netlist) {
        let (slots, fo_start, fanout, folded) = fold(
            net,
            &self.slots,
            &self.fo_start,
            &self.fanout,
            &mut self.tables,
        );
        self.bits.resize(self.words + folded.len().div_ceil(64), 0);
        (self.fast_fo_start, self.fast_words, self.fast_masks) = fold::marks(&fo_start, &fanout);
        self.fast_slots = slots;
        self.folded = folded;
        self.build_word_reads();
    }

    /// Makes the first read position of each memory that reads whole words a
    /// [`Kind::MemWord`] in the folded form (see [`WordRead`]).
    fn build_word_reads(&mut self) {
        self.word_reads.clear();
        self.word_bits.clear();
        // The read positions of each memory whose bits share their address, in one pass.
        let mut bits_of: Vec<Vec<WordBit>> = vec![Vec::new(); self.words_read.len()];
        for (p, slot) in self.slots.iter().enumerate() {
            let memory = slot.a as usize;
            if slot.kind == Kind::MemRead
                && self.words_read.get(memory).is_some_and(Option::is_some)
            {
                bits_of[memory].push(WordBit {
                    pos: p as u32,
                    node: slot.node,
                    bit: slot.b,
                });
            }
        }
        for bits in bits_of {
            let one_key = bits.first().zip(bits.last()).is_some_and(|(first, last)| {
                self.key_end[first.pos as usize] == self.key_end[last.pos as usize]
            });
            if bits.len() < 2 || !one_key {
                continue;
            }
            let leader = bits[0].pos as usize;
            self.fast_slots[leader].kind = Kind::MemWord;
            self.fast_slots[leader].b = self.word_reads.len() as u32;
            let start = self.word_bits.len() as u32;
            self.word_bits.extend(bits);
            self.word_reads.push(WordRead {
                start,
                end: self.word_bits.len() as u32,
            });
        }
    }

    /// Whether the folded form has been built ([`build_folded`](Self::build_folded)).
    fn folded_built(&self) -> bool {
        !self.fast_fo_start.is_empty()
    }

    /// Chooses how settles without records find their work.
    pub(crate) fn set_sweep(&mut self, sweep: Sweep) {
        self.sweep = sweep;
    }

    /// Marks the dense pass's state out of date (values changed behind its back).
    pub(crate) fn invalidate_dense(&mut self) {
        if let Some(dense) = &mut self.dense {
            dense.invalidate();
        }
    }

    /// Whether nothing is pending.
    #[inline]
    pub(crate) fn is_idle(&self) -> bool {
        self.lo >= self.words
    }

    /// Empties the queue.
    pub(crate) fn clear(&mut self) {
        self.bits.fill(0);
        self.lo = self.words;
        self.level_now = 0;
        self.invalidate_dense();
        self.gates_pending = false;
    }

    /// Schedules node `i` (a dense index) for evaluation in the current settle.
    #[inline]
    pub(crate) fn schedule(&mut self, i: u32, cause: Cause) {
        let p = self.pos[i as usize] as usize;
        self.bits[p >> 6] |= 1 << (p & 63);
        self.cause[p] = cause;
        if self.slots[p].kind == Kind::MemWrite {
            // Its words may have changed behind its back (`Engine::write_memory_word`): the
            // read runs too, whatever the write does.
            self.schedule_read(p, true);
        }
        self.lo = self.lo.min(p >> 6);
        self.gates_pending |= matches!(
            self.slots[p].kind,
            Kind::Table | Kind::Wide | Kind::Custom | Kind::MemRead
        );
    }

    /// Schedules the sources `nodes` (dense indices) as [`schedule`](Self::schedule) would,
    /// in one loop (a vector sets every input of a netlist).
    pub(crate) fn schedule_sources(&mut self, nodes: impl Iterator<Item = u32>, cause: Cause) {
        let (bits, causes) = (&mut self.bits[..], &mut self.cause[..]);
        let mut lo = self.lo;
        for i in nodes {
            let p = self.pos[i as usize] as usize;
            debug_assert_eq!(self.slots[p].kind, Kind::Source);
            bits[p >> 6] |= 1 << (p & 63);
            causes[p] = cause;
            lo = lo.min(p >> 6);
        }
        self.lo = lo;
    }

    /// The level of position `p`.
    fn level_of(&self, p: usize) -> u32 {
        let key = self.key_start.partition_point(|&s| s as usize <= p) - 1;
        (key / 2) as u32
    }

    /// The level of the last position processed.
    pub(crate) fn level_now(&self) -> u32 {
        self.level_now
    }

    /// The pending positions in increasing order.
    fn pending_positions(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits
            .iter()
            .enumerate()
            .take(self.words)
            .skip(self.lo)
            .flat_map(|(w, &word)| {
                let mut word = word;
                std::iter::from_fn(move || {
                    (word != 0).then(|| {
                        let p = w * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        p
                    })
                })
            })
    }

    /// The pending positions in the order they will run, as `(node, level, cause, commit)`;
    /// `commit` marks a flip-flop's pending commit.
    pub(crate) fn pending(&self) -> impl Iterator<Item = (u32, u32, Cause, bool)> + '_ {
        self.pending_positions().map(|p| {
            let slot = self.slots[p];
            (
                slot.node,
                self.level_of(p),
                self.cause[p],
                slot.kind == Kind::Commit,
            )
        })
    }

    /// Takes the pending positions, in order, as `(node, cause, commit)`, where `commit` is the
    /// sampled Q of a flip-flop's pending commit; leaves the queue empty.
    pub(crate) fn drain(&mut self) -> Vec<(u32, Cause, Option<Trit>)> {
        let out = self
            .pending_positions()
            .map(|p| {
                let slot = self.slots[p];
                let commit = (slot.kind == Kind::Commit).then_some(self.q_next[p]);
                (slot.node, self.cause[p], commit)
            })
            .collect();
        self.clear();
        out
    }

    /// Marks position `p`'s fanout pending, as caused by `cause` if given (only while records
    /// are wanted).
    #[inline]
    fn schedule_fanout(&mut self, p: usize, cause: Option<Cause>) {
        let (from, to) = (self.fo_start[p] as usize, self.fo_start[p + 1] as usize);
        for &t in &self.fanout[from..to] {
            let t = t as usize;
            self.bits[t >> 6] |= 1 << (t & 63);
            if let Some(cause) = cause {
                self.cause[t] = cause;
            }
        }
    }

    /// Marks position `p`'s fanout pending after its output changed in a run without records
    /// (`fast`: in the folded form). A branch on the change, taken by the caller, costs less
    /// than or-ing the fanout's bits with 0 when nothing changed: each such or waits for the
    /// one before into the same word.
    #[inline]
    fn mark_fanout(&mut self, p: usize, fast: bool) {
        // Local slices: their pointers and lengths stay in registers through the loops.
        let bits = &mut self.bits[..];
        if fast {
            let range = self.fast_fo_start[p] as usize..self.fast_fo_start[p + 1] as usize;
            for (&word, &mask) in self.fast_words[range.clone()]
                .iter()
                .zip(&self.fast_masks[range])
            {
                bits[word as usize] |= mask;
            }
        } else {
            let range = self.fo_start[p] as usize..self.fo_start[p + 1] as usize;
            for &t in &self.fanout[range] {
                let t = t as usize;
                bits[t >> 6] |= 1 << (t & 63);
            }
        }
    }

    /// Marks the read of the RAM data bit whose write position `p` just changed a word, with
    /// `p`'s cause if `records`. (A write that changed nothing leaves the read as it was:
    /// a change of address schedules the read itself, and so does [`schedule`](Self::schedule).)
    #[inline]
    fn schedule_read(&mut self, p: usize, records: bool) {
        let read = self.fanout[self.fo_start[p] as usize] as usize;
        self.bits[read >> 6] |= 1 << (read & 63);
        if records {
            self.cause[read] = self.cause[p];
        }
    }

    /// Marks the samples clocked by position `p`, whose output just changed to `clk`: each
    /// that runs ([`Sampled::runs`]: its clock may have risen, from the clock it saw last, and
    /// it may change something), as caused by `cause` if given; every other one only remembers
    /// the clock, which is all its sample would do (see [Clocks](self#clocks)).
    #[inline(never)]
    fn mark_clocked(
        &mut self,
        p: usize,
        clk: Trit,
        (values, drive): (&[Trit], &mut [Trit]),
        cause: Option<Cause>,
    ) {
        if clk == Trit::False {
            // Nothing rises to −1: every sample only remembers the clock.
            for sampled in self.clocked.of(p) {
                drive[sampled.node as usize] = clk;
            }
            return;
        }
        // Samples come in position order: their marks are gathered word by word in a
        // register, one `OR` into the bitset per word.
        let (mut word, mut marks) = (usize::MAX, 0u64);
        for &sampled in self.clocked.of(p) {
            let t = sampled.pos as usize;
            let seen = &mut drive[sampled.node as usize];
            let runs = sampled.runs(*seen, clk, values);
            if !runs {
                *seen = clk;
            } else if let Some(cause) = cause {
                self.cause[t] = cause;
            }
            if t >> 6 != word {
                if let Some(w) = self.bits.get_mut(word) {
                    *w |= marks;
                }
                (word, marks) = (t >> 6, 0);
            }
            marks |= u64::from(runs) << (t & 63);
        }
        if let Some(w) = self.bits.get_mut(word) {
            *w |= marks;
        }
    }

    /// Runs the RAM write at position `p` (see [`Netlist::memory_write`]); if it changed a
    /// word, its read runs too (as caused by the write if `records`) and the word its memory's
    /// bits read in this run is forgotten.
    #[inline]
    fn write(
        &mut self,
        net: &Netlist,
        p: usize,
        rams: &mut [Option<Vec<Word>>],
        (values, drive): (&[Trit], &mut [Trit]),
        records: bool,
    ) {
        let Slot { node, a, b, .. } = self.slots[p];
        if net.memory_write((node, a, b), rams, values, drive) {
            self.schedule_read(p, records);
            if let Some(Some(read)) = self.words_read.get_mut(a as usize) {
                read.0 = 0;
            }
        }
    }

    /// The read of memory data-bit node `i` (bit `bit` of memory `memory`): the bit of the
    /// word its memory's bits read in this run, read once by the first of them (their address
    /// pins, all at lower levels, are final by then, and the memory's writes, all at the
    /// clock's level, come before; a write that changes a word forgets it), or its own read
    /// where the bits do not share their address pins.
    #[inline]
    fn read_shared(
        &mut self,
        net: &Netlist,
        (i, memory, bit): (u32, u32, u32),
        rams: &[Option<Vec<Word>>],
        values: &[Trit],
    ) -> Trit {
        match self.shared_word(net, i, memory, rams, values) {
            Some(word) => word.bit(bit),
            None => net.memory_read((i, memory, bit), rams, values),
        }
    }

    /// Runs the [`Kind::MemWord`] at position `p` of word read `k` (see [`WordRead`]) in the
    /// batch `batch` of bitset word `word_at`: its own read and that of each pending bit of
    /// its memory, whose marks it clears (in `batch` and the bitset), marking the fanout of
    /// each changed bit in the folded form. Returns the reads run (events) and the bits of
    /// `batch` it ran.
    #[inline(never)]
    fn read_word<O: Observer>(
        &mut self,
        net: &Netlist,
        (word_at, batch, k): (usize, u64, u32),
        (values, drive, rams): Arrays<'_>,
        observer: &mut O,
    ) -> (u64, u64) {
        let WordRead { start, end } = self.word_reads[k as usize];
        let (mut events, mut taken) = (0u64, 0u64);
        let mut word = None;
        for j in start as usize..end as usize {
            let WordBit { pos, node, bit } = self.word_bits[j];
            let p = pos as usize;
            if j > start as usize {
                // Another bit: it runs now if pending (its position is in this key, above the
                // first bit's, so in `batch` or a later word of the bitset).
                let (w, mask) = (p >> 6, 1u64 << (p & 63));
                let pending = if w == word_at {
                    taken |= batch & mask;
                    batch & mask != 0
                } else {
                    let pending = self.bits[w] & mask != 0;
                    self.bits[w] &= !mask;
                    pending
                };
                if !pending {
                    continue;
                }
            }
            events += 1;
            let word = *word.get_or_insert_with(|| {
                let memory = self.fast_slots[p].a;
                self.shared_word(net, node, memory, rams, values)
                    .unwrap_or_else(|| net.memory_word(node, memory, rams, values))
            });
            let new = word.bit(bit);
            let node = node as usize;
            if values[node] != new {
                values[node] = new;
                if O::CHANGES {
                    observer.on_change(net.ids[node], 0, new);
                }
                self.mark_fanout(p, true);
                if self.fast_slots[p].clocks {
                    self.mark_clocked(p, new, (values, drive), None);
                }
            }
        }
        (events, taken)
    }

    /// The word memory `memory` reads in this run, read by its data bit `i` (dense index) if
    /// no bit has yet (see [`read_shared`](Self::read_shared)); `None` for a memory whose bits
    /// do not share their address pins.
    #[inline]
    fn shared_word(
        &mut self,
        net: &Netlist,
        i: u32,
        memory: u32,
        rams: &[Option<Vec<Word>>],
        values: &[Trit],
    ) -> Option<Word> {
        let read = self.words_read.get_mut(memory as usize)?.as_mut()?;
        if read.0 != self.runs {
            *read = (self.runs, net.memory_word(i, memory, rams, values));
        }
        Some(read.1)
    }

    /// Evaluates a wide gate: its two-input table folded over its inputs.
    #[inline]
    fn eval_wide(&self, p: usize, values: &[Trit]) -> Trit {
        let slot = self.slots[p];
        let table = &self.tables[usize::from(slot.table)];
        let pins = &self.wide[slot.a as usize..slot.b as usize];
        let (first, rest) = pins
            .split_first()
            .map_or((Trit::Unknown, &[][..]), |(&f, r)| (values[f as usize], r));
        let folded = rest.iter().fold(first, |acc, &s| {
            table[(4 * digit(acc) + digit(values[s as usize])) & 15]
        });
        if slot.invert { folded.not() } else { folded }
    }

    /// Evaluates table gate number `k` (its slot's `b`): one lookup in its table at the row
    /// of its pins.
    #[inline]
    fn eval_custom(&self, k: u32, values: &[Trit]) -> Trit {
        let custom = self.customs[k as usize];
        custom.eval(custom.pins.map(|s| digit(values[s as usize])))
    }

    /// Evaluates a source or a flip-flop's sample (which also stores the sampled Q for its
    /// commit).
    fn eval_other(&mut self, net: &Netlist, p: usize, values: &[Trit], drive: &mut [Trit]) -> Trit {
        let slot = self.slots[p];
        let node = slot.node as usize;
        match slot.kind {
            Kind::Sample => {
                let (d, clk) = (values[slot.a as usize], values[slot.b as usize]);
                let en = net.enable(slot.node, values);
                self.sample(p, (d, clk, values[node], en), drive)
            }
            _ => drive[node],
        }
    }

    /// The sample of the flip-flop at sample position `p` reading `d`, `clk`, its output `q`
    /// and its enable `en` (+1 for a `Dff`): stores the next Q for its commit and returns it.
    #[inline]
    fn sample(
        &mut self,
        p: usize,
        (d, clk, q, en): (Trit, Trit, Trit, Trit),
        drive: &mut [Trit],
    ) -> Trit {
        let node = self.slots[p].node as usize;
        let prev = std::mem::replace(&mut drive[node], clk);
        let next = dffe_next(prev, clk, d, q, en);
        let commit = self.fanout[self.fo_start[p] as usize] as usize;
        self.q_next[commit] = next;
        next
    }

    /// [`sample`](Self::sample) without records of the flip-flop at sample position `p` whose
    /// output is `q`, reading D and the clock from its slot's drivers and EN through `net`
    /// (the folded form leaves sample slots as they are): its commit (its one fanout target)
    /// is marked only when Q changes — a branch, since most samples keep their Q, instead of
    /// the fanout loop.
    #[inline]
    fn sample_quietly(
        &mut self,
        net: &Netlist,
        p: usize,
        q: Trit,
        (values, drive): (&[Trit], &mut [Trit]),
    ) {
        let Slot { a, b, node, .. } = self.slots[p];
        let (d, clk, en) = (
            values[a as usize],
            values[b as usize],
            net.enable(node, values),
        );
        if self.sample(p, (d, clk, q, en), drive) != q {
            let commit = self.fanout[self.fo_start[p] as usize] as usize;
            self.bits[commit >> 6] |= 1 << (commit & 63);
        }
    }

    /// Processes pending positions in increasing order until none is left or, with `ONE`,
    /// until one event has been reported. Flip-flop commits are processed but not reported.
    #[inline]
    pub(crate) fn run<O: Observer, const ONE: bool>(
        &mut self,
        state: State<'_>,
        observer: &mut O,
    ) -> Run {
        let State {
            net,
            values,
            drive,
            seq,
            rams,
        } = state;
        let seq0 = *seq;
        // Without records and to the end: the dense pass when it pays, else the folded form
        // (see [`Folded`]).
        let fast = !O::RECORDS && !ONE;
        let (events, last) = if fast && self.dense_pays() {
            let run = self.run_dense(net, values, drive);
            if O::CHANGES {
                self.report_dense(net, observer);
            }
            run
        } else {
            self.write_back(values);
            let run = self.run_trace::<O, ONE>(net, (values, drive, rams), seq0, observer);
            self.invalidate_dense();
            run
        };
        *seq = seq0 + events;
        if fast {
            self.prefer_dense = events.saturating_mul(4) >= self.slots.len() as u64;
            self.fast_work = self.fast_work.saturating_add(events);
        }
        self.finish(events, last)
    }

    /// Whether the folded form is built for a settle without records, building it if it pays
    /// (see [`fast_work`](Self::fast_work)).
    fn folded_ready(&mut self, net: &Netlist) -> bool {
        if !self.folded_built() && self.fast_work >= self.slots.len() as u64 {
            self.build_folded(net);
        }
        self.folded_built()
    }

    /// Takes the batch of word `word_at` of the pending bitset, whose bits are `word` (not
    /// 0): the pending positions of its lowest one's key (see [Batches](self#batches)).
    #[inline]
    fn take_batch(&mut self, word_at: usize, word: u64) -> u64 {
        let base = word_at * 64;
        let span = self.key_end[base + word.trailing_zeros() as usize] as usize - base;
        let mask = if span >= 64 {
            u64::MAX
        } else {
            (1 << span) - 1
        };
        self.bits[word_at] = word & !mask;
        word & mask
    }

    /// Selective trace proper: pops pending positions in increasing order, marking the fanout
    /// of each changed output, until none is left or, with `ONE`, one event has been reported.
    /// Without records and to the end, in the folded form once it pays (see
    /// [`fast_work`](Self::fast_work)). Returns the events and the last position processed.
    #[allow(clippy::too_many_lines)] // the selective-trace loop: one arm per slot kind
    fn run_trace<O: Observer, const ONE: bool>(
        &mut self,
        net: &Netlist,
        (values, drive, rams): Arrays<'_>,
        seq0: u64,
        observer: &mut O,
    ) -> (u64, Option<usize>) {
        self.runs += 1;
        let fast = !O::RECORDS && !ONE && self.folded_ready(net);
        let mut events = 0u64;
        let mut last = None;
        let mut word_at = self.lo;
        let words = self.words;
        'words: while word_at < words {
            let word = self.bits[word_at];
            if word == 0 {
                word_at += 1;
                continue;
            }
            let base = word_at * 64;
            let mut batch = self.take_batch(word_at, word);
            while batch != 0 {
                let p = base + batch.trailing_zeros() as usize;
                batch &= batch - 1;
                last = Some(p);
                // The fields as scalars (a copy of the whole slot would go through the stack).
                let Slot {
                    a,
                    b,
                    node,
                    kind,
                    table,
                    clocks,
                    ..
                } = if fast {
                    self.fast_slots[p]
                } else {
                    self.slots[p]
                };
                let node = node as usize;
                let old = values[node];
                let new = match kind {
                    Kind::Table => {
                        let table = &self.tables[usize::from(table)];
                        let (a, b) = (values[a as usize], values[b as usize]);
                        table[(4 * digit(a) + digit(b)) & 15]
                    }
                    Kind::Wide => self.eval_wide(p, values),
                    Kind::Custom => self.eval_custom(b, values),
                    Kind::MemRead => self.read_shared(net, (node as u32, a, b), rams, values),
                    Kind::MemWord => {
                        let (ran, taken) = self.read_word(
                            net,
                            (word_at, batch, b),
                            (values, drive, rams),
                            observer,
                        );
                        batch &= !taken;
                        events += ran;
                        continue;
                    }
                    Kind::MemWrite => {
                        self.write(net, p, rams, (values, drive), O::RECORDS);
                        old
                    }
                    Kind::Commit => {
                        self.commit(net, (p, fast), (values, drive), observer);
                        continue;
                    }
                    Kind::Sample if !O::RECORDS => {
                        self.sample_quietly(net, p, old, (values, drive));
                        events += 1;
                        if ONE {
                            self.bits[word_at] |= batch;
                            break 'words;
                        }
                        continue;
                    }
                    _ => self.eval_other(net, p, values, drive),
                };
                events += 1;
                if kind != Kind::Sample {
                    values[node] = new;
                    if O::CHANGES && new != old {
                        observer.on_change(net.ids[node], 0, new);
                    }
                }
                if new != old {
                    if O::RECORDS {
                        self.schedule_fanout(p, Some(Cause::Event(seq0 + events)));
                    } else {
                        self.mark_fanout(p, fast);
                    }
                }
                if O::RECORDS {
                    self.record(net, (values, drive), p, (old, new, seq0 + events), observer);
                }
                if clocks && new != old {
                    let cause = O::RECORDS.then_some(Cause::Event(seq0 + events));
                    self.mark_clocked(p, new, (values, drive), cause);
                }
                if ONE {
                    self.bits[word_at] |= batch;
                    break 'words;
                }
            }
        }
        if fast {
            self.sweep(net, values, (&mut events, &mut last), observer);
        }
        // Skip the words emptied since.
        while word_at < words && self.bits[word_at] == 0 {
            word_at += 1;
        }
        self.lo = word_at;
        (events, last)
    }

    /// Runs the commit position `p` of a flip-flop: makes the Q its sample computed visible
    /// and, if that changed its output, marks its fanout and the samples it clocks (with the
    /// commit's cause while records are wanted; without, its marks when `fast`). Not an event.
    #[inline]
    fn commit<O: Observer>(
        &mut self,
        net: &Netlist,
        (p, fast): (usize, bool),
        (values, drive): (&mut [Trit], &mut [Trit]),
        observer: &mut O,
    ) {
        let Slot { node, clocks, .. } = self.slots[p];
        let node = node as usize;
        let q = self.q_next[p];
        if q != values[node] {
            values[node] = q;
            if O::CHANGES {
                observer.on_change(net.ids[node], 0, q);
            }
            let cause = O::RECORDS.then_some(self.cause[p]);
            if O::RECORDS {
                self.schedule_fanout(p, cause);
            } else {
                self.mark_fanout(p, fast);
            }
            if clocks {
                self.mark_clocked(p, q, (values, drive), cause);
            }
        }
    }

    /// The end of a run that reported `events` and processed position `last` last.
    fn finish(&mut self, events: u64, last: Option<usize>) -> Run {
        // A run stopped early may leave gates marked by their drivers.
        self.gates_pending = !self.is_idle();
        let levels = last.map_or(0, |p| {
            self.level_now = self.level_of(p);
            self.level_now + 1
        });
        Run { events, levels }
    }

    /// Brings the marked folded gates up to date after a settle without records (see
    /// [`Folded`]), clearing their marks; each change is the event it would have been
    /// (unchanged: it was scheduled itself and evaluated as a position), and moves `last`.
    fn sweep<O: Observer>(
        &mut self,
        net: &Netlist,
        values: &mut [Trit],
        (events, last): (&mut u64, &mut Option<usize>),
        observer: &mut O,
    ) {
        let words = self.words;
        for w in words..self.bits.len() {
            let mut word = std::mem::take(&mut self.bits[w]);
            while word != 0 {
                let k = (w - words) * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let f = self.folded[k];
                let new = f.map[digit(values[f.root as usize])];
                let node = f.node as usize;
                if values[node] != new {
                    values[node] = new;
                    *events += 1;
                    *last = (*last).max(Some(f.own as usize));
                    if O::CHANGES {
                        observer.on_change(net.ids[node], 0, new);
                    }
                }
            }
        }
    }

    /// Reports the evaluation of position `p` (node output `old` → `new`) as event number
    /// `seq`. A flip-flop's sample reports the fanout of its commit position. The fanout
    /// includes the samples the change clocks (see [`mark_clocked`](Self::mark_clocked),
    /// which runs after this).
    fn record<O: Observer>(
        &self,
        net: &Netlist,
        (values, drive): (&[Trit], &[Trit]),
        p: usize,
        (old, new, seq): (Trit, Trit, u64),
        observer: &mut O,
    ) {
        let slot = self.slots[p];
        let fanout_of = if slot.kind == Kind::Sample {
            self.fanout[self.fo_start[p] as usize] as usize
        } else {
            p
        };
        let fanout = if new == old {
            0..0
        } else {
            self.fo_start[fanout_of] as usize..self.fo_start[fanout_of + 1] as usize
        };
        let event = Event {
            seq,
            delta: self.level_of(p),
            node: net.ids[slot.node as usize],
            inputs: net.in_src[net.input_range(slot.node)]
                .iter()
                .map(|&s| values[s as usize])
                .collect(),
            old,
            new,
            cause: self.cause[p],
            fanout: self.fanout[fanout]
                .iter()
                .map(|&t| self.slots[t as usize].node)
                .chain(
                    self.clocked
                        .of(fanout_of)
                        .iter()
                        .filter(|s| new != old && s.runs(drive[s.node as usize], new, values))
                        .map(|s| s.node),
                )
                .map(|node| net.ids[node as usize])
                .collect(),
        };
        observer.on_event(&event);
    }
}
