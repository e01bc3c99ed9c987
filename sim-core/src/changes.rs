//! [`Changes`]: many output changes of one delta cycle handed to an
//! [`Observer`](crate::event::Observer) at once — a list, or a view of the state bytes of the
//! levelized schedule's dense sweep (`DenseChanges`) that no list was built for.
//!
//! It sits below both the engine's records ([`crate::event`]) and the levelized schedule that
//! fills the dense view, so that neither depends on the other.

use crate::desc::NodeId;
use crate::kind::FROM_DIGIT;
use crate::trit::Trit;

/// State-byte flag of the dense sweep: the output changed in this settle.
pub(crate) const CHANGED: u8 = 4;

/// Many changes of one delta cycle, each node at most once, in no particular order (see
/// [`Observer::on_changes`](crate::event::Observer::on_changes)): a list, or a view of the state of the levelized schedule's
/// dense sweep that no list was built for. Read them one by one
/// ([`for_each`](Self::for_each)) or gather them into a buffer in one pass without a branch
/// per change ([`gather`](Self::gather)).
///
/// ```
/// use sim_core::changes::Changes;
/// use sim_core::{Circuit, Node, NodeKind, Trit};
///
/// let mut c = Circuit::new();
/// let a = c.add_node(Node::new("A", NodeKind::Switch))?;
/// let b = c.add_node(Node::new("B", NodeKind::Switch))?;
/// let list = [(a, Trit::True), (b, Trit::Unknown)];
/// let changes = Changes::from(&list[..]);
/// // The node numbers of the changes to +1 or −1, gathered.
/// let mut known = Vec::new();
/// changes.gather(&mut known, 0, |node, value| (node.index(), value != Trit::Unknown));
/// assert_eq!(known, [a.index()]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Changes<'a>(ChangesRepr<'a>);

#[derive(Clone, Copy, Debug)]
enum ChangesRepr<'a> {
    List(&'a [(NodeId, Trit)]),
    Dense(DenseChanges<'a>),
}

impl<'a> From<&'a [(NodeId, Trit)]> for Changes<'a> {
    fn from(list: &'a [(NodeId, Trit)]) -> Changes<'a> {
        Changes(ChangesRepr::List(list))
    }
}

impl<'a> Changes<'a> {
    /// What a dense sweep changed.
    pub(crate) fn dense(changes: DenseChanges<'a>) -> Changes<'a> {
        Changes(ChangesRepr::Dense(changes))
    }

    /// At most this many changes (the length of a list; the nodes a dense sweep looked at).
    pub fn max_len(&self) -> usize {
        match &self.0 {
            ChangesRepr::List(list) => list.len(),
            ChangesRepr::Dense(dense) => dense.max_len(),
        }
    }

    /// Calls `f` with each change's node and new value.
    pub fn for_each(&self, mut f: impl FnMut(NodeId, Trit)) {
        match &self.0 {
            ChangesRepr::List(list) => list.iter().for_each(|&(node, value)| f(node, value)),
            ChangesRepr::Dense(dense) => dense.for_each(f),
        }
    }

    /// For the changes of a dense sweep, the order in which
    /// [`gather_ordered`](Self::gather_ordered) numbers the nodes it looks at, and a number
    /// naming it: the same number means the same order, within this process (a table kept by
    /// it stays valid). `None` for a list.
    pub fn order(&self) -> Option<(u64, impl Iterator<Item = NodeId> + '_)> {
        match &self.0 {
            ChangesRepr::List(_) => None,
            ChangesRepr::Dense(dense) => Some((dense.layout(), dense.nodes())),
        }
    }

    /// [`gather`](Self::gather), with each node's number instead of the node: its place in
    /// the [`order`](Self::order) of a dense sweep's changes, or in a list. For a caller that
    /// keeps a table in that order: no lookup by node.
    #[inline]
    pub fn gather_ordered<T: Copy>(
        &self,
        out: &mut Vec<T>,
        filler: T,
        mut f: impl FnMut(usize, Trit) -> (T, bool),
    ) -> usize {
        let before = out.len();
        out.resize(before + self.max_len(), filler);
        let n = match &self.0 {
            ChangesRepr::List(list) => {
                let room = &mut out[before..];
                let mut n = 0;
                for (k, &(_, value)) in list.iter().enumerate() {
                    let (item, keep) = f(k, value);
                    room[n] = item;
                    n += usize::from(keep);
                }
                n
            }
            ChangesRepr::Dense(dense) => dense.gather_ordered(&mut out[before..], f),
        };
        out.truncate(before + n);
        n
    }

    /// Appends `f(node, value).0` to `out` for each change whose `f(node, value).1` is
    /// `true`, and returns how many it appended. `f` may also be called for nodes that did not
    /// change (whose items are then overwritten or dropped), so it must be cheap and have no
    /// effect beyond its result: it is the body of a loop with no branch on whether a node
    /// changed, which a dense sweep's changes (about as often yes as no) would mispredict.
    /// `out` grows by [`max_len`](Self::max_len) items of `filler` first and is cut back.
    #[inline]
    pub fn gather<T: Copy>(
        &self,
        out: &mut Vec<T>,
        filler: T,
        mut f: impl FnMut(NodeId, Trit) -> (T, bool),
    ) -> usize {
        self.gather_ordered(out, filler, |k, value| f(self.node(k), value))
    }

    /// The node [`gather_ordered`](Self::gather_ordered) numbers `k`.
    #[inline]
    fn node(&self, k: usize) -> NodeId {
        match &self.0 {
            ChangesRepr::List(list) => list[k].0,
            ChangesRepr::Dense(dense) => dense.node(k),
        }
    }
}

/// A folded inverter or buffer in the dense sweep (the levelized schedule's folded gates).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DenseFolded {
    /// Its root's state byte.
    pub(crate) root: u32,
    /// Its position plus one (for the level report).
    pub(crate) own1: u32,
    /// Its dense index.
    pub(crate) node: u32,
    /// Its digit for each digit of its root.
    pub(crate) map: [u8; 4],
}

/// What the last dense sweep changed, read from its state bytes (see
/// [`Changes`]): the positions whose byte carries the [`CHANGED`] flag
/// (`Dense::reports` says which count), then the folded gates whose root changed (an
/// inverter or buffer changes exactly when its root does). Each flag is fresh: the sweep
/// writes every position's byte.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DenseChanges<'a> {
    /// `Dense::layout`.
    pub(crate) layout: u64,
    /// `Dense::ids`.
    pub(crate) positions: &'a [NodeId],
    /// `Dense::reports`.
    pub(crate) reports: &'a [u8],
    /// `Dense::state`.
    pub(crate) state: &'a [u8],
    /// `Dense::folded`.
    pub(crate) folded: &'a [DenseFolded],
    /// The netlist's node of each dense index.
    pub(crate) ids: &'a [NodeId],
}

impl DenseChanges<'_> {
    /// The number of nodes looked at: at most this many changed.
    pub(crate) fn max_len(&self) -> usize {
        self.positions.len() + self.folded.len()
    }

    /// `Dense::layout`: the same number, the same [`nodes`](Self::nodes).
    pub(crate) fn layout(&self) -> u64 {
        self.layout
    }

    /// The nodes looked at, in the order [`gather`](Self::gather) visits them.
    pub(crate) fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        let folded = self.folded.iter().map(|f| self.ids[f.node as usize]);
        self.positions.iter().copied().chain(folded)
    }

    /// Calls `f` with each change.
    pub(crate) fn for_each(&self, mut f: impl FnMut(NodeId, Trit)) {
        let positions = self.positions.iter().zip(self.reports).zip(self.state);
        for ((&id, &report), &byte) in positions {
            if byte & report != 0 {
                f(id, FROM_DIGIT[usize::from(byte & 3)]);
            }
        }
        for folded in self.folded {
            let root = self.state[folded.root as usize];
            if root & CHANGED != 0 {
                let digit = folded.map[usize::from(root & 3)];
                f(
                    self.ids[folded.node as usize],
                    FROM_DIGIT[usize::from(digit)],
                );
            }
        }
    }

    /// The node numbered `k` in the order of [`nodes`](Self::nodes).
    #[inline]
    pub(crate) fn node(&self, k: usize) -> NodeId {
        match self.positions.get(k) {
            Some(&node) => node,
            None => self.ids[self.folded[k - self.positions.len()].node as usize],
        }
    }

    /// Writes `f(k, value).0` to `out` from its start for each change whose `f(k, value).1`
    /// holds — `k` the node's number in the order of [`nodes`](Self::nodes), so that a caller
    /// keeping a table in that order (by [`layout`](Self::layout)) looks nothing up by node —
    /// and returns how many it wrote; `out` must hold [`max_len`](Self::max_len). `f` is
    /// called for every node looked at, changed or not, and its item written whether kept or
    /// not: one pass without a branch on the (unpredictable) change.
    #[inline]
    pub(crate) fn gather_ordered<T: Copy>(
        &self,
        out: &mut [T],
        mut f: impl FnMut(usize, Trit) -> (T, bool),
    ) -> usize {
        let mut n = 0;
        let len = self.positions.len();
        let (reports, state) = (&self.reports[..len], &self.state[..len]);
        for k in 0..len {
            let byte = state[k];
            let (item, keep) = f(k, FROM_DIGIT[usize::from(byte & 3)]);
            out[n] = item;
            n += usize::from(keep) & usize::from(byte & reports[k] != 0);
        }
        let first = self.positions.len();
        for (k, folded) in self.folded.iter().enumerate() {
            let root = self.state[folded.root as usize];
            let digit = folded.map[usize::from(root & 3)];
            let (item, keep) = f(first + k, FROM_DIGIT[usize::from(digit)]);
            out[n] = item;
            n += usize::from(keep) & usize::from(root & CHANGED != 0);
        }
        n
    }
}
