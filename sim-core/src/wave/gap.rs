//! What a [`Waveform`] keeps past its [limit](Waveform::limit): the start of the run and the
//! latest window, with a [`Gap`] between them.
//!
//! The policy is described on [`Gap`].

use super::{MAX_POINTS, NONE, Point, Waveform, code, unpack};
use crate::trit::Trit;

/// The stretch of a [`Waveform`]'s time whose changes were not kept.
///
/// # The limit's policy
/// Until the limit is reached, every change is kept. When a change would pass it, the record
/// keeps the two parts of a long run one looks at — how it began (the power-on, a reset, the
/// first instructions) and what it is doing now — rather than only the latest changes:
/// * the *kept start*: the first points, whole, holding at most half of the limit, kept from
///   then on;
/// * the *latest window*: the newest points. Whenever the limit is reached again, the oldest
///   points of the window are dropped until it holds at most half of what the kept start
///   leaves of the limit (so a drop, which moves the window in memory, comes once per that
///   many changes, and the window holds from half to all of that room);
/// * between them the gap: the changes not kept ([`Waveform::dropped`] counts them). The
///   window opens with a *resume point* at the gap's last moment holding, for every lane whose
///   value at the end of the gap differs from its value at the end of the kept start, its
///   value then (a change like any other). So every answer on either side of the gap is
///   exact — [`Waveform::value_before`], [`Waveform::changes`], the VCD writer — and only the
///   moments inside it are not known ([`Gap::hides`]).
///
/// The newest point is always kept whole. If it and the resume point alone pass the limit,
/// the kept start shrinks (to nothing at worst: the gap then begins at the first point), so a
/// record holds at most the limit or two changes per lane, whichever is more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gap {
    /// The first moment not kept: the record is exact before it.
    pub from: Point,
    /// The last moment not kept: the record is exact from the end of it on — its
    /// [resume point](Self::resume) holds each lane's value then.
    pub to: Point,
    /// The resume point: the index into [`Waveform::points`] of the point at `to`, the first
    /// of the latest window.
    pub resume: usize,
}

impl Gap {
    /// Whether the values just after moment `at` (after its changes; `delta: u32::MAX`, the
    /// end of step `at.step`) are not kept: `from` ≤ `at` < `to`.
    pub fn hides(&self, at: Point) -> bool {
        self.from <= at && at < self.to
    }
}

/// The kept start and the gap of a record that reached its limit.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    /// The number of points of the kept start: `points[..head]`; `points[head]` is the resume
    /// point.
    head: usize,
    /// The gap's first moment.
    from: Point,
    /// Each lane's value at the end of the kept start.
    head_end: Vec<Trit>,
    /// Each lane's value after the resume point.
    resumed: Vec<Trit>,
}

impl Waveform {
    /// The gap between the kept start and the latest window, once the limit was reached.
    pub fn gap(&self) -> Option<Gap> {
        self.kept.as_ref().map(|kept| Gap {
            from: kept.from,
            to: self.points[kept.head],
            resume: kept.head,
        })
    }

    /// Brings the record back within its limit (see [`Gap`]): on the first
    /// call fixes the kept start, then drops the oldest points of the latest window into the
    /// gap and writes the resume point; the kept start gives up points only when the newest
    /// point and the resume point need its room.
    pub(super) fn make_room(&mut self) {
        self.sync();
        let newest = self.points.len() - 1;
        // `window`: the first point after the kept start and the resume point.
        let (old_head, window, mut head_end, resumed) = if let Some(kept) = &self.kept {
            let (head_end, resumed) = (kept.head_end.clone(), kept.resumed.clone());
            (kept.head, kept.head + 1, head_end, resumed)
        } else {
            let head = self.first_head(newest);
            let head_end = self.values_before(head);
            (head, head, head_end.clone(), head_end)
        };
        // The first point kept after the gap, each lane's value before it, the least it may
        // be, and the resume entries it is expected to need.
        let (mut head, mut cut, mut at_cut) = (old_head, window, resumed);
        let (mut least, mut expected) = (window, 0);
        let mut resume;
        loop {
            let share = self.limit.saturating_sub(self.starts[head] as usize) / 2;
            let wanted = self
                .first_within(window, share.saturating_sub(expected))
                .max(self.points.len().saturating_sub(MAX_POINTS / 4))
                .max(least)
                .min(newest);
            self.replay(&mut at_cut, cut..wanted);
            cut = wanted;
            resume = differences(&head_end, &at_cut);
            let rest = resume.len() + self.log.len() - self.starts[cut] as usize;
            if self.starts[head] as usize + rest <= self.limit {
                break;
            }
            if cut < newest {
                (least, expected) = (cut + 1, resume.len());
            } else if head > 0 {
                let fits = self.limit.saturating_sub(rest);
                head = self.starts[..head]
                    .partition_point(|&s| s as usize <= fits)
                    .saturating_sub(1);
                head_end = self.values_before(head);
                least = cut;
            } else {
                break;
            }
        }
        if head == old_head && cut == window {
            return; // nothing to drop: the newest point alone is over the limit
        }
        let from = match &self.kept {
            Some(kept) if head == old_head => kept.from,
            _ => self.points[head],
        };
        self.dropped += u64::from(self.starts[old_head] - self.starts[head])
            + u64::from(self.starts[cut] - self.starts[window]);
        self.splice_gap(head, cut, &resume);
        self.kept = Some(Kept {
            head,
            from,
            head_end,
            resumed: at_cut,
        });
    }

    /// The kept start when the limit is first reached: the most points before `newest`, whole,
    /// holding at most half of the limit (and at most a quarter of the points a record holds).
    fn first_head(&self, newest: usize) -> usize {
        self.starts
            .partition_point(|&s| s as usize <= self.limit / 2)
            .saturating_sub(1)
            .min(newest)
            .min(MAX_POINTS / 4)
    }

    /// The first point from `from` on after which at most `keep` changes follow
    /// (`points().len()` if none).
    fn first_within(&self, from: usize, keep: usize) -> usize {
        let least = self.log.len().saturating_sub(keep);
        from + self.starts[from..].partition_point(|&s| (s as usize) < least)
    }

    /// Each lane's value before point `point`.
    fn values_before(&self, point: usize) -> Vec<Trit> {
        let mut values = self.initial.clone();
        self.replay(&mut values, 0..point);
        values
    }

    /// Applies the changes of `points` to `values`.
    fn replay(&self, values: &mut [Trit], points: std::ops::Range<usize>) {
        if points.is_empty() {
            return;
        }
        let (lo, hi) = (
            self.starts[points.start] as usize,
            self.starts[points.end] as usize,
        );
        for entry in self.log.entries(lo..hi) {
            values[(entry >> 2) as usize] = unpack(entry).1;
        }
    }

    /// Replaces points `head..cut` with a resume point at the time of point `cut - 1` holding
    /// `resume` (log entries), and renumbers what follows: the lanes' last places, and the
    /// per-lane index (rebuilt by the next [`index`](Self::index)).
    fn splice_gap(&mut self, head: usize, cut: usize, resume: &[u32]) {
        let (lo, hi) = (self.starts[head], self.starts[cut]);
        self.log.splice(lo as usize..hi as usize, resume);
        let at = lo + resume.len() as u32;
        self.starts.splice(head..cut, [lo]);
        for s in &mut self.starts[head + 1..] {
            *s = *s - hi + at;
        }
        let to = self.points[cut - 1];
        self.points.splice(head..cut, [to]);
        self.synced = self.log.len();
        self.index.iter_mut().for_each(Vec::clear);
        self.indexed = 0;
        // Only the newest point's places are looked up again (a second change there).
        self.last.fill((NONE, NONE));
        let newest = self.points.len() - 1;
        let range = self.point_range(newest);
        for (k, entry) in self.log.entries(range.clone()).enumerate() {
            self.last[(entry >> 2) as usize] = (newest as u32, (range.start + k) as u32);
        }
    }
}

/// The log entries of the lanes whose value in `now` differs from `before`, in lane order.
fn differences(before: &[Trit], now: &[Trit]) -> Vec<u32> {
    before
        .iter()
        .zip(now)
        .enumerate()
        .filter(|(_, (b, n))| b != n)
        .map(|(lane, (_, &n))| (lane as u32) << 2 | code(n))
        .collect()
}
