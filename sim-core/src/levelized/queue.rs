//! The pending bitset over positions: scheduling, marking a position's fanout and the
//! samples it clocks, reading the queue out, and taking a key's batch (see
//! [Layout](super#layout) and [Batches](super#batches)).

use super::Levelized;
use super::slot::Kind;
use crate::event::{Cause, Sweep};
use crate::trit::Trit;

impl Levelized {
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
    pub(super) fn level_of(&self, p: usize) -> u32 {
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
    pub(super) fn schedule_fanout(&mut self, p: usize, cause: Option<Cause>) {
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
    pub(super) fn mark_fanout(&mut self, p: usize, fast: bool) {
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
    pub(super) fn schedule_read(&mut self, p: usize, records: bool) {
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
    pub(super) fn mark_clocked(
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

    /// Takes the batch of word `word_at` of the pending bitset, whose bits are `word` (not
    /// 0): the pending positions of its lowest one's key (see [Batches](self#batches)).
    #[inline]
    pub(super) fn take_batch(&mut self, word_at: usize, word: u64) -> u64 {
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
}
