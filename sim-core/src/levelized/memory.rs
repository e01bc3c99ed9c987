//! Memories in selective trace: RAM writes, reads of a word shared by a memory's data bits,
//! and the folded form's word reads (see [Memories](super#memories)).

use super::slot::Slot;
use super::{Arrays, Levelized};
use crate::event::Observer;
use crate::memory::Word;
use crate::netlist::Netlist;
use crate::trit::Trit;

/// In the folded form, a memory whose data bits share their address pins (so that they read
/// one word, see [`Levelized::words_read`]) and lie in one key: its first bit's position is a
/// [`Kind::MemWord`], which reads the word once and runs the reads of every bit of it that is
/// pending, taking them out of the queue; the others run one by one only when the first is
/// not pending (a write changed their word). Each bit read is still one event, so the events
/// counted are those of the bit-by-bit reads: only the work differs — one position popped for
/// the word instead of one per bit (16 for the CPU's program ROM).
#[derive(Clone, Copy, Debug)]
pub(super) struct WordRead {
    /// Its bits in [`Levelized::word_bits`]: `start..end`, the first one the word's position.
    pub(super) start: u32,
    pub(super) end: u32,
}

/// A data bit of a [`WordRead`].
#[derive(Clone, Copy, Debug)]
pub(super) struct WordBit {
    /// Its read position.
    pub(super) pos: u32,
    /// Its dense index.
    pub(super) node: u32,
    /// Its bit of the word.
    pub(super) bit: u32,
}

impl Levelized {
    /// Runs the RAM write at position `p` (see [`Netlist::memory_write`]); if it changed a
    /// word, its read runs too (as caused by the write if `records`) and the word its memory's
    /// bits read in this run is forgotten.
    #[inline]
    pub(super) fn write(
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
    pub(super) fn read_shared(
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
    pub(super) fn read_word<O: Observer>(
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
}
