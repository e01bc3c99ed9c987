//! Evaluating one position: wide gates, table gates, sources and flip-flop samples.

use super::Levelized;
use super::slot::{Kind, Slot, digit};
use crate::kind::dffe_next;
use crate::netlist::Netlist;
use crate::trit::Trit;

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
                let en = net.enable(slot.node, values);
                self.sample(p, (d, clk, values[node], en), drive)
            }
            _ => drive[node],
        }
    }

    /// The sample of the flip-flop at sample position `p` reading `d`, `clk`, its output `q`
    /// and its enable `en` (+1 for a `Dff`): stores the next Q for its commit and returns it.
    #[inline]
    pub(super) fn sample(
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
    pub(super) fn sample_quietly(
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
}
