//! The change log of a [`Waveform`](super::Waveform): every change kept, in time order, as
//! `lane << 2 | code` (the lane's number and the new value's two-bit code, see
//! [`code`](super::code)) — in 2 bytes an entry while every lane number fits 14 bits (up to
//! 16,384 lanes: every net of each ISCAS-85 circuit), in 4 bytes beyond. Recording every net
//! writes the log at the rate the engine changes nets, so its size is what recording costs in
//! memory and in fresh pages touched.

use crate::changes::Changes;
use crate::desc::NodeId;

use super::{NONE, code};

/// The most lanes whose numbers fit a 2-byte entry.
const NARROW_LANES: usize = 1 << 14;

/// The entries, 2 or 4 bytes each (fixed when the waveform is made).
#[derive(Clone, Debug)]
pub(super) enum Log {
    /// Lane numbers below [`NARROW_LANES`].
    Narrow(Vec<u16>),
    /// Lane numbers up to 2^30.
    Wide(Vec<u32>),
}

/// An entry type: `u16` or `u32`.
trait Entry: Copy {
    /// `entry` (which fits).
    fn pack(entry: u32) -> Self;
}

impl Entry for u16 {
    #[inline]
    fn pack(entry: u32) -> u16 {
        debug_assert!(u16::try_from(entry).is_ok());
        entry as u16
    }
}

impl Entry for u32 {
    #[inline]
    fn pack(entry: u32) -> u32 {
        entry
    }
}

impl Log {
    /// An empty log for `lanes` lanes.
    pub(super) fn for_lanes(lanes: usize) -> Log {
        if lanes <= NARROW_LANES {
            Log::Narrow(Vec::new())
        } else {
            Log::Wide(Vec::new())
        }
    }

    /// The same kind of log, empty, its memory given back.
    pub(super) fn emptied(&self) -> Log {
        match self {
            Log::Narrow(_) => Log::Narrow(Vec::new()),
            Log::Wide(_) => Log::Wide(Vec::new()),
        }
    }

    /// The number of entries.
    #[inline]
    pub(super) fn len(&self) -> usize {
        match self {
            Log::Narrow(log) => log.len(),
            Log::Wide(log) => log.len(),
        }
    }

    /// Replaces entry `k` (which exists).
    #[inline]
    pub(super) fn set(&mut self, k: usize, entry: u32) {
        match self {
            Log::Narrow(log) => log[k] = u16::pack(entry),
            Log::Wide(log) => log[k] = entry,
        }
    }

    /// Appends `entry`.
    #[inline]
    pub(super) fn push(&mut self, entry: u32) {
        match self {
            Log::Narrow(log) => log.push(u16::pack(entry)),
            Log::Wide(log) => log.push(entry),
        }
    }

    /// Replaces the entries of `range` with `entries` (which fit), moving the later ones.
    pub(super) fn splice(&mut self, range: std::ops::Range<usize>, entries: &[u32]) {
        match self {
            Log::Narrow(log) => drop(log.splice(range, entries.iter().map(|&e| u16::pack(e)))),
            Log::Wide(log) => drop(log.splice(range, entries.iter().copied())),
        }
    }

    /// The entries of `range`, in order.
    #[inline]
    pub(super) fn entries(&self, range: std::ops::Range<usize>) -> Entries<'_> {
        match self {
            Log::Narrow(log) => Entries::Narrow(log[range].iter()),
            Log::Wide(log) => Entries::Wide(log[range].iter()),
        }
    }

    /// Appends an entry for each of `changes` whose node has a lane (`lane_of`, by
    /// [`NodeId::index`]; [`NONE`] or beyond its end: none); returns how many it appended.
    /// Nothing else is looked at: each change is taken to be one (see
    /// [`Waveform::record_changes`](super::Waveform::record_changes)).
    pub(super) fn append(&mut self, lane_of: &[u32], changes: &Changes<'_>) -> usize {
        match self {
            Log::Narrow(log) => append(log, lane_of, changes),
            Log::Wide(log) => append(log, lane_of, changes),
        }
    }

    /// [`append`](Self::append) with the lanes given in the changes'
    /// [`order`](Changes::order) (`lanes[k]`: the lane of the order's node `k`, [`NONE`] if
    /// not recorded): no lookup by node.
    pub(super) fn append_ordered(&mut self, lanes: &[u32], changes: &Changes<'_>) -> usize {
        match self {
            Log::Narrow(log) => append_ordered(log, lanes, changes),
            Log::Wide(log) => append_ordered(log, lanes, changes),
        }
    }
}

/// [`Log::append_ordered`] for one entry type.
#[inline]
fn append_ordered<E: Entry>(log: &mut Vec<E>, lanes: &[u32], changes: &Changes<'_>) -> usize {
    changes.gather_ordered(log, E::pack(0), |k, value| {
        let lane = lanes.get(k).copied().unwrap_or(NONE);
        let recorded = lane != NONE;
        let entry = if recorded { lane << 2 | code(value) } else { 0 };
        (E::pack(entry), recorded)
    })
}

/// [`Log::append`] for one entry type: one pass over the changes ([`Changes::gather`]),
/// a node's lane looked up whether it changed or not.
#[inline]
fn append<E: Entry>(log: &mut Vec<E>, lane_of: &[u32], changes: &Changes<'_>) -> usize {
    changes.gather(log, E::pack(0), |node: NodeId, value| {
        let lane = lane_of.get(node.index()).copied().unwrap_or(NONE);
        let recorded = lane != NONE;
        let entry = if recorded { lane << 2 | code(value) } else { 0 };
        (E::pack(entry), recorded)
    })
}

/// The entries of a stretch of a [`Log`], widened to `u32`.
#[derive(Clone, Debug)]
pub(super) enum Entries<'a> {
    Narrow(std::slice::Iter<'a, u16>),
    Wide(std::slice::Iter<'a, u32>),
}

impl Iterator for Entries<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        match self {
            Entries::Narrow(it) => it.next().map(|&e| u32::from(e)),
            Entries::Wide(it) => it.next().copied(),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Entries::Narrow(it) => it.size_hint(),
            Entries::Wide(it) => it.size_hint(),
        }
    }
}

impl ExactSizeIterator for Entries<'_> {}
