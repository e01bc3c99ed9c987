//! Oscillation under the unit-delay schedule: a settle that exceeds its delta budget watches
//! the nodes that keep changing, names the loop among them ([`graph::loops`]) and, as
//! [`SettleOptions::resolve`](super::SettleOptions::resolve) says, forces it to 0.

use super::{Engine, SettleReport};
use crate::event::{Cause, Observer, Oscillation};
use crate::graph;
use crate::trit::Trit;

/// How many times one settle resolves an oscillation before giving up.
const MAX_RESOLUTION_ROUNDS: u32 = 8;

impl Engine {
    /// [`settle_with`](Self::settle_with) under the unit-delay schedule: runs deltas within
    /// the budget, watches an oscillation, names its loop and resolves it as the options say.
    pub(super) fn settle_unit_delay<O: Observer>(&mut self, observer: &mut O) -> SettleReport {
        let (seq0, delta0) = (self.seq, self.delta);
        let budget = self.budget();
        let mut oscillation: Option<Oscillation> = None;
        let mut rounds = 0;
        loop {
            if self.run_deltas(budget, observer) {
                break;
            }
            let n = self.net.len();
            self.watch = Some((Vec::new(), vec![false; n]));
            let settled = self.run_deltas(budget, observer);
            let (mut nodes, _) = self.watch.take().unwrap_or_default();
            if settled {
                break;
            }
            nodes.sort_unstable();
            let feedback = self.feedback_nodes(&nodes);
            let resolve = self.options.resolve && rounds < MAX_RESOLUTION_ROUNDS;
            let ids = |list: &[u32]| list.iter().map(|&i| self.net.ids[i as usize]).collect();
            let found = Oscillation {
                nodes: ids(&nodes),
                feedback: ids(&feedback),
                budget,
                resolved: resolve,
            };
            observer.on_oscillation(&found);
            oscillation = Some(match oscillation.take() {
                Some(mut merged) => {
                    for (all, new) in [
                        (&mut merged.nodes, found.nodes),
                        (&mut merged.feedback, found.feedback),
                    ] {
                        all.extend(new);
                        all.sort_unstable();
                        all.dedup();
                    }
                    merged
                }
                None => found,
            });
            if !resolve {
                break;
            }
            self.resolve_unknown(&feedback, observer);
            rounds += 1;
        }
        if let Some(osc) = &mut oscillation {
            osc.resolved = self.is_settled();
        }
        SettleReport {
            events: self.seq - seq0,
            deltas: u32::try_from(self.delta - delta0).unwrap_or(u32::MAX),
            oscillation,
        }
    }

    /// The nodes of `changing` (sorted dense indices) that lie on a cycle of the subgraph they
    /// induce: the loop itself, as opposed to what it merely drives. Falls back to all of
    /// `changing` if no cycle is found (which a real oscillation always has).
    fn feedback_nodes(&self, changing: &[u32]) -> Vec<u32> {
        let mut on_cycle: Vec<u32> = graph::loops(&self.net, changing)
            .into_iter()
            .flatten()
            .collect();
        if on_cycle.is_empty() {
            return changing.to_vec();
        }
        on_cycle.sort_unstable();
        on_cycle
    }

    /// Forces `nodes` (the feedback nodes of an oscillation) to 0 as a delta of [`Cause::Resolution`] events of its own, run at once
    /// and placed before the pending delta, which keeps its events.
    /// Precondition: called between deltas (`cursor == now.len()`).
    fn resolve_unknown<O: Observer>(&mut self, nodes: &[u32], observer: &mut O) {
        let pending = std::mem::take(&mut self.next);
        self.delta += 1;
        for &i in &pending {
            self.stamp[i as usize] = self.delta + 1;
        }
        self.next = pending;
        self.now.clear();
        self.now.extend_from_slice(nodes);
        self.cursor = 0;
        while self.cursor < self.now.len() {
            let i = self.now[self.cursor];
            self.cursor += 1;
            self.apply(i, Trit::Unknown, Cause::Resolution, observer);
        }
    }
}
