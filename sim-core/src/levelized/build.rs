//! Building the schedule from a netlist: levels, positions and slots, fanout and the samples
//! each clock driver clocks ([`Levelized::new`]), and the folded form with its word reads,
//! built on first use ([`Levelized::build_folded`]).

use super::Levelized;
use super::clocked::{Clocked, Sampled};
use super::fold::{self, fold};
use super::memory::{WordBit, WordRead};
use super::positions::{self, positions};
use super::slot::{Custom, Kind, Slot, table_index, tables, three_pin_table};
use crate::event::{Cause, Sweep};
use crate::graph;
use crate::kind::{GateOp, TruthTable};
use crate::memory::Word;
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

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
/// edge); a [`Dffsr`](crate::NodeKind::Dffsr)'s SET and RESET propagate, as its clock does.
fn propagates(net: &Netlist, from: u32, to: u32) -> bool {
    let t = to as usize;
    let pins = &net.in_src[net.input_range(to)];
    match net.ops[t] {
        Op::Dff => net.flip_flop_propagates(to, from),
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

impl Levelized {
    /// Levelizes `net`; `None` if it has a combinational loop (a cycle not broken by a
    /// flip-flop's D or EN pin; one through a [`Dffsr`](crate::NodeKind::Dffsr)'s SET or
    /// RESET, which act at once, is one). Time and memory are linear in nodes + wires.
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
        let (key_start, pos, own, order) = positions(level, sample_level, &by_kind(net));
        drop(levels.level);
        let key_end = positions::key_ends(&key_start);
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
                    .is_none_or(|&o| positions::apart(&key_end, o, p as u32))
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
                        // Its clock schedules it through the samples it clocks; a Dffsr's SET
                        // or RESET directly, as a gate's input does.
                        if pins(t)[1] == i {
                            samples.push(flip_flop_sample(net, pos[tu], t, &settled));
                        }
                        if net.set_reset_pins(t).is_some_and(|sr| sr.contains(&i)) {
                            fanout.push(pos[tu]);
                        }
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
    pub(super) fn build_folded(&mut self, net: &Netlist) {
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
    pub(super) fn folded_built(&self) -> bool {
        !self.fast_fo_start.is_empty()
    }

    /// Whether the folded form is built for a settle without records, building it if it pays
    /// (see [`fast_work`](Self::fast_work)).
    pub(super) fn folded_ready(&mut self, net: &Netlist) -> bool {
        if !self.folded_built() && self.fast_work >= self.slots.len() as u64 {
            self.build_folded(net);
        }
        self.folded_built()
    }
}
