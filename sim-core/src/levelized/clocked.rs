//! The clock fanout of a levelized schedule: the samples (flip-flops' and RAM writes') each
//! position clocks, kept apart from its fanout (see the [module docs](super#clocks)).

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
    /// Samples: each its position and its node's dense index (whose `drive` entry holds the
    /// clock it saw last).
    targets: Vec<(u32, u32)>,
}

impl Clocked {
    /// Adds position `p` (above every driver added so far) as the driver of the samples
    /// `targets` (position, node); nothing if there are none. Whether it was added.
    pub(super) fn push(&mut self, p: u32, targets: &[(u32, u32)]) -> bool {
        if targets.is_empty() {
            return false;
        }
        debug_assert!(self.drivers.last().is_none_or(|&d| d < p));
        if self.start.is_empty() {
            self.start.push(0);
        }
        self.drivers.push(p);
        self.targets.extend_from_slice(targets);
        self.start.push(self.targets.len() as u32);
        true
    }

    /// The samples driver `p` clocks, as (position, node); none if it is not a driver.
    #[inline]
    pub(super) fn of(&self, p: usize) -> &[(u32, u32)] {
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

    #[test]
    fn a_driver_finds_its_samples() {
        let mut clocked = Clocked::default();
        assert!(!clocked.push(1, &[]));
        assert!(clocked.push(3, &[(7, 0), (8, 1)]));
        assert!(clocked.push(5, &[(9, 2)]));
        assert_eq!(clocked.of(3), [(7, 0), (8, 1)]);
        assert_eq!(clocked.of(5), [(9, 2)]);
        assert!(clocked.of(1).is_empty() && clocked.of(4).is_empty());
        assert!(clocked.of(6).is_empty());
    }
}
