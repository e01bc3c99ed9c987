//! The run loops: one position's evaluation (wide gates, table gates, sources, flip-flop
//! samples), a settle's dispatch between the dense pass and selective trace, selective trace
//! proper, flip-flop commits, the sweep of folded gates and the records of events.

use super::slot::{Kind, Slot, digit};
use super::{Arrays, Levelized};
use crate::event::{Cause, Event, Observer};
use crate::kind::dffsr_next;
use crate::memory::Word;
use crate::netlist::Netlist;
use crate::trit::Trit;

/// What a run processed.
pub(crate) struct RunTotals {
    /// Events reported (flip-flop commits are not events).
    pub events: u64,
    /// Highest level processed plus one; 0 if nothing was processed.
    pub levels: u32,
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
    /// Evaluates a wide gate: its two-input table folded over its inputs.
    #[inline]
    pub(super) fn eval_wide(&self, p: usize, values: &[Trit]) -> Trit {
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
    pub(super) fn eval_custom(&self, k: u32, values: &[Trit]) -> Trit {
        let custom = self.customs[k as usize];
        custom.eval(custom.pins.map(|s| digit(values[s as usize])))
    }

    /// Evaluates a source or a flip-flop's sample (which also stores the sampled Q for its
    /// commit).
    pub(super) fn eval_other(
        &mut self,
        net: &Netlist,
        p: usize,
        values: &[Trit],
        drive: &mut [Trit],
    ) -> Trit {
        let slot = self.slots[p];
        let node = slot.node as usize;
        match slot.kind {
            Kind::Sample => {
                let (d, clk) = (values[slot.a as usize], values[slot.b as usize]);
                let controls = net.controls(slot.node, values);
                self.sample(p, (d, clk, values[node], controls), drive)
            }
            _ => drive[node],
        }
    }

    /// The sample of the flip-flop at sample position `p` reading `d`, `clk`, its output `q`
    /// and its `controls` (EN, SET, RESET as [`Netlist::controls`] reads them): stores the
    /// next Q for its commit and returns it.
    #[inline]
    pub(super) fn sample(
        &mut self,
        p: usize,
        (d, clk, q, controls): (Trit, Trit, Trit, [Trit; 3]),
        drive: &mut [Trit],
    ) -> Trit {
        let node = self.slots[p].node as usize;
        let prev = std::mem::replace(&mut drive[node], clk);
        let next = dffsr_next(prev, clk, d, q, controls);
        let commit = self.fanout[self.fo_start[p] as usize] as usize;
        self.q_next[commit] = next;
        next
    }

    /// [`sample`](Self::sample) without records of the flip-flop at sample position `p` whose
    /// output is `q`, reading D and the clock from its slot's drivers and its controls
    /// through `net`
    /// (the folded form leaves sample slots as they are): its commit (its one fanout target)
    /// is marked only when Q changes — a branch, since most samples keep their Q, instead of
    /// the fanout loop.
    #[inline]
    pub(super) fn sample_quietly(
        &mut self,
        net: &Netlist,
        p: usize,
        q: Trit,
        (values, drive): (&[Trit], &mut [Trit]),
    ) {
        let Slot { a, b, node, .. } = self.slots[p];
        let (d, clk, controls) = (
            values[a as usize],
            values[b as usize],
            net.controls(node, values),
        );
        if self.sample(p, (d, clk, q, controls), drive) != q {
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
    ) -> RunTotals {
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
    fn finish(&mut self, events: u64, last: Option<usize>) -> RunTotals {
        // A run stopped early may leave gates marked by their drivers.
        self.gates_pending = !self.is_idle();
        let levels = last.map_or(0, |p| {
            self.level_now = self.level_of(p);
            self.level_now + 1
        });
        RunTotals { events, levels }
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
            inputs: net.pin_values(slot.node, |s| values[s as usize]),
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
