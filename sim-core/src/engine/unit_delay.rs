//! The unit-delay schedule's event loop: delta cycles of FIFO events, each reading the values
//! committed at the end of the previous delta and scheduling its fanout into the next one when
//! its output changes (see the [engine docs](super)).

use super::Engine;
use crate::event::{Cause, Event, Observer};
use crate::kind::{GateOp, dffsr_next};
use crate::netlist::Op;
use crate::trit::Trit;

impl Engine {
    /// Processes events until the queue is empty (`true`) or `max_deltas` further delta cycles
    /// have started (`false`).
    pub(super) fn run_deltas<O: Observer>(&mut self, max_deltas: u32, observer: &mut O) -> bool {
        let mut started = 0;
        loop {
            if self.cursor == self.now.len() {
                if self.next.is_empty() {
                    return true;
                }
                if started == max_deltas {
                    return false;
                }
                started += 1;
                self.advance_delta();
            }
            self.process(observer);
        }
    }

    /// Moves to the next delta if the current one is done; `false` if nothing is pending.
    pub(super) fn begin_event(&mut self) -> bool {
        if self.cursor < self.now.len() {
            return true;
        }
        if self.next.is_empty() {
            return false;
        }
        self.advance_delta();
        true
    }

    fn advance_delta(&mut self) {
        std::mem::swap(&mut self.now, &mut self.next);
        std::mem::swap(&mut self.cause_now, &mut self.cause_next);
        self.next.clear();
        self.cursor = 0;
        self.delta += 1;
    }

    /// Queues node `i` for the next delta, starting a new settle if the engine was quiescent
    /// (under the levelized schedule: for the current settle).
    #[inline]
    pub(super) fn schedule_node(&mut self, i: u32, cause: Cause) {
        if let Some(lev) = &mut self.levelized {
            lev.schedule(i, cause);
            return;
        }
        if self.is_settled() {
            self.settle_base = self.delta + 1;
        }
        self.enqueue(i, cause);
    }

    /// Queues node `i` for the next delta (once per delta).
    #[inline]
    fn enqueue(&mut self, i: u32, cause: Cause) {
        let target = self.delta + 1;
        let slot = &mut self.stamp[i as usize];
        if *slot != target {
            *slot = target;
            self.next.push(i);
            self.cause_next[i as usize] = cause;
        }
    }

    /// Evaluates `now[cursor]`, the precondition being `cursor < now.len()`.
    #[inline]
    pub(super) fn process<O: Observer>(&mut self, observer: &mut O) {
        let i = self.now[self.cursor];
        self.cursor += 1;
        let iu = i as usize;
        let src = &self.net.in_src[self.net.input_range(i)];
        let new = match self.net.ops[iu] {
            Op::Source => self.drive[iu],
            Op::Gate(op) => eval(op, src, &self.committed),
            Op::Table => self.net.eval_table(i, &self.committed),
            Op::Dff => {
                let (d, clk) = (
                    self.committed[src[0] as usize],
                    self.committed[src[1] as usize],
                );
                // A change of a Dffsr's SET or RESET schedules it too: without a clock change
                // the rule holds Q and applies them.
                let controls = self.net.controls(i, &self.committed);
                let prev = std::mem::replace(&mut self.drive[iu], clk);
                dffsr_next(prev, clk, d, self.latest[iu], controls)
            }
            Op::Memory => super::memory::eval(
                &self.net,
                &mut self.rams,
                i,
                &self.committed,
                &mut self.drive,
            ),
        };
        self.apply(i, new, self.cause_now[iu], observer);
    }

    /// Records the evaluation of node `i` (just taken from the queue, scheduled by `cause`) as
    /// giving `new`:
    /// schedules its fanout if its output changed, reports the event, and ends the delta after
    /// its last event.
    #[inline]
    pub(super) fn apply<O: Observer>(&mut self, i: u32, new: Trit, cause: Cause, observer: &mut O) {
        self.seq += 1;
        let iu = i as usize;
        let old = self.latest[iu];
        if new != old {
            self.latest[iu] = new;
            self.changed.push(i);
            if let Some((list, flags)) = &mut self.watch
                && !flags[iu]
            {
                flags[iu] = true;
                list.push(i);
            }
            if O::CHANGES {
                observer.on_change(self.net.ids[iu], self.delta(), new);
            }
            let scheduled_by = Cause::Event(self.seq);
            for k in self.net.fanout_range(i) {
                self.enqueue(self.net.fanout[k], scheduled_by);
            }
        }
        if O::RECORDS {
            let fanout = if new == old {
                0..0
            } else {
                self.net.fanout_range(i)
            };
            let event = Event {
                seq: self.seq,
                delta: self.delta(),
                node: self.net.ids[iu],
                inputs: self.net.pin_values(i, |s| self.committed[s as usize]),
                old,
                new,
                cause,
                fanout: self.net.fanout[fanout]
                    .iter()
                    .map(|&t| self.net.ids[t as usize])
                    .collect(),
            };
            observer.on_event(&event);
        }
        if self.cursor == self.now.len() {
            self.commit();
        }
    }

    /// Ends a delta: its output changes become visible to the next delta's evaluations.
    fn commit(&mut self) {
        for &i in &self.changed {
            self.committed[i as usize] = self.latest[i as usize];
        }
        self.changed.clear();
    }
}

/// Evaluates gate `op` over the input slots `src`, reading `values` (whose last entry is the
/// floating net, always 0).
#[inline]
fn eval(op: GateOp, src: &[u32], values: &[Trit]) -> Trit {
    let v = |s: u32| values[s as usize];
    match op {
        GateOp::Buf => src.first().map_or(Trit::Unknown, |&s| v(s)),
        GateOp::Not => src.first().map_or(Trit::Unknown, |&s| v(s).not()),
        _ => op.eval(src.iter().map(|&s| v(s))),
    }
}
