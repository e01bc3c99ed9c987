//! The clock fanout of a levelized schedule: the samples (flip-flops' and RAM writes') each
//! position clocks, kept apart from its fanout (see the [module docs](super#clocks)).

use crate::kind::may_rise;
use crate::trit::Trit;

/// [`Sampled::d`] of a sample whose deciding pin is not known to be final when its clock
/// changes (its driver is in the clock driver's key, so evaluated between the clock's change
/// and the sample).
pub(super) const UNSETTLED: u32 = u32::MAX;

/// A sample clocked by a driver: a flip-flop's or a RAM data bit's write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sampled {
    /// Its sample position.
    pub(super) pos: u32,
    /// Its node's dense index, whose `drive` entry holds the clock it saw last (and, for a
    /// flip-flop, whose value is Q).
    pub(super) node: u32,
    /// The driver (a dense index) of the pin that may show the sample changes nothing — a
    /// flip-flop's D, a RAM write's write enable — when the value its sample will read is the
    /// one it has when the clock changes (the driver's output is in another key than the
    /// clock driver's: evaluated before the clock's change, or after the sample); else
    /// [`UNSETTLED`].
    pub(super) d: u32,
    /// The driver (a dense index) of a [`Dffe`](crate::NodeKind::Dffe)'s EN pin when the
    /// value its sample will read is final when the clock changes, as for [`d`](Self::d);
    /// [`UNSETTLED`] otherwise, for a `Dff` (no EN: never disabled) and for a RAM write.
    pub(super) en: u32,
    /// A RAM write (`d` its write enable), not a flip-flop (`d` its D).
    pub(super) write: bool,
}

impl Sampled {
    /// The write at sample position `pos` of RAM data bit `node` whose write enable is driven
    /// by `we` (dense indices), final when the clock changes if `settled`.
    pub(super) fn write(pos: u32, node: u32, we: u32, settled: bool) -> Sampled {
        Sampled {
            pos,
            node,
            d: if settled { we } else { UNSETTLED },
            en: UNSETTLED,
            write: true,
        }
    }

    /// The sample at position `pos` of flip-flop `node` whose D is driven by `d` (dense
    /// indices), final when the clock changes if `settled`.
    pub(super) fn flip_flop(pos: u32, node: u32, d: u32, settled: bool) -> Sampled {
        Sampled {
            pos,
            node,
            d: if settled { d } else { UNSETTLED },
            en: UNSETTLED,
            write: false,
        }
    }

    /// This flip-flop's sample as a [`Dffe`](crate::NodeKind::Dffe)'s whose EN is driven by
    /// `en` (a dense index), final when the clock changes if `settled`.
    pub(super) fn enabled_by(self, en: u32, settled: bool) -> Sampled {
        Sampled {
            en: if settled { en } else { UNSETTLED },
            ..self
        }
    }

    /// Whether a change of its clock to `clk` makes it sample: the clock may have risen
    /// ([`may_rise`] from `seen`, the clock it saw last) and the sample may change something
    /// — for a flip-flop whose D is final, D differs from Q (a rising edge with D = Q keeps Q,
    /// under any clock value and any EN: see [`dffe_next`](crate::kind::dffe_next)), and for
    /// a `Dffe` whose EN is final, EN is not −1 (the edge is ignored); for a RAM write whose
    /// write enable is final, the enable is not −1 (see
    /// [`write_enable`](crate::memory::write_enable)). A sample that does not run only
    /// remembers the clock.
    #[inline]
    pub(super) fn runs(self, seen: Trit, clk: Trit, values: &[Trit]) -> bool {
        if !may_rise(seen, clk) {
            return false;
        }
        if self.en != UNSETTLED && values[self.en as usize] == Trit::False {
            return false;
        }
        if self.d == UNSETTLED {
            return true;
        }
        let idle = if self.write {
            Trit::False
        } else {
            values[self.node as usize]
        };
        values[self.d as usize] != idle
    }
}

/// Per clock driver (a position whose output reaches the clock pin of a flip-flop or a RAM
/// data bit), the sample positions it clocks; compressed sparse rows over the drivers, which
/// are few. A driver's [`Slot`](super::slot::Slot) says it is one
/// ([`clocks`](super::slot::Slot::clocks)), so only a change of a driver looks here.
#[derive(Clone, Debug, Default)]
pub(super) struct Clocked {
    /// The drivers' positions, increasing.
    drivers: Vec<u32>,
    /// Driver `k`'s samples: `targets[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    targets: Vec<Sampled>,
}

impl Clocked {
    /// Adds position `p` (above every driver added so far) as the driver of the samples
    /// `targets`, kept in position order; nothing if there are none. Whether it was added.
    pub(super) fn push(&mut self, p: u32, targets: &[Sampled]) -> bool {
        if targets.is_empty() {
            return false;
        }
        debug_assert!(self.drivers.last().is_none_or(|&d| d < p));
        if self.start.is_empty() {
            self.start.push(0);
        }
        self.drivers.push(p);
        let start = self.targets.len();
        self.targets.extend_from_slice(targets);
        self.targets[start..].sort_unstable_by_key(|sampled| sampled.pos);
        self.start.push(self.targets.len() as u32);
        true
    }

    /// The samples driver `p` clocks, in position order; none if it is not a driver.
    #[inline]
    pub(super) fn of(&self, p: usize) -> &[Sampled] {
        let k = self.drivers.partition_point(|&d| (d as usize) < p);
        if self.drivers.get(k).is_some_and(|&d| d as usize == p) {
            &self.targets[self.start[k] as usize..self.start[k + 1] as usize]
        } else {
            &[]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampled(pos: u32, node: u32, d: u32) -> Sampled {
        Sampled::flip_flop(pos, node, d, d != UNSETTLED)
    }

    #[test]
    fn a_driver_finds_its_samples() {
        let mut clocked = Clocked::default();
        assert!(!clocked.push(1, &[]));
        assert!(clocked.push(3, &[sampled(7, 0, UNSETTLED), sampled(8, 1, 2)]));
        assert!(clocked.push(5, &[sampled(9, 2, UNSETTLED)]));
        assert_eq!(clocked.of(3), [sampled(7, 0, UNSETTLED), sampled(8, 1, 2)]);
        assert_eq!(clocked.of(5), [sampled(9, 2, UNSETTLED)]);
        assert!(clocked.of(1).is_empty() && clocked.of(4).is_empty());
        assert!(clocked.of(6).is_empty());
    }

    #[test]
    fn a_sample_with_a_final_d_equal_to_q_does_not_run() {
        use Trit::{False, True, Unknown};
        // Node 0 is the flip-flop (Q), node 1 its D.
        let ff = sampled(4, 0, 1);
        assert!(ff.runs(False, True, &[False, True]));
        assert!(!ff.runs(False, True, &[True, True]));
        assert!(ff.runs(False, Unknown, &[Unknown, False]));
        assert!(!ff.runs(True, False, &[False, True]), "a falling edge");
        let unsettled = sampled(4, 0, UNSETTLED);
        assert!(unsettled.runs(False, True, &[True, True]));
        assert!(!unsettled.runs(True, True, &[True, False]), "no edge");
    }

    #[test]
    fn a_write_with_a_final_enable_at_minus_one_does_not_run() {
        use Trit::{False, True, Unknown};
        // Node 0 is the RAM bit, node 1 its write enable.
        let write = Sampled::write(4, 0, 1, true);
        assert!(!write.runs(False, True, &[Unknown, False]));
        assert!(write.runs(False, True, &[Unknown, Unknown]));
        assert!(write.runs(False, Unknown, &[Unknown, True]));
        assert!(!write.runs(True, False, &[Unknown, True]), "a falling edge");
        assert!(Sampled::write(4, 0, 1, false).runs(False, True, &[Unknown, False]));
    }

    #[test]
    fn a_dffe_sample_with_a_final_en_at_minus_one_does_not_run() {
        use Trit::{False, True, Unknown};
        // Node 0 is the flip-flop (Q), node 1 its D, node 2 its EN.
        let ff = sampled(4, 0, 1).enabled_by(2, true);
        assert!(ff.runs(False, True, &[False, True, True]));
        assert!(!ff.runs(False, True, &[False, True, False]), "disabled");
        assert!(
            ff.runs(False, True, &[False, True, Unknown]),
            "maybe enabled"
        );
        assert!(!ff.runs(False, True, &[True, True, Unknown]), "D equals Q");
        assert!(
            !ff.runs(True, False, &[False, True, True]),
            "a falling edge"
        );
        // EN not final: only D decides.
        let unsettled = sampled(4, 0, 1).enabled_by(2, false);
        assert!(unsettled.runs(False, True, &[False, True, False]));
        assert!(!unsettled.runs(False, True, &[True, True, False]));
        // Neither final: it runs on every possible rising edge.
        let neither = sampled(4, 0, UNSETTLED).enabled_by(2, false);
        assert!(neither.runs(False, True, &[True, True, False]));
    }
}
