//! What each net has shown so far: a value per completion class, with the first completion
//! that gave it, and the verdict it makes.

use super::{Completion, Method, NetReport, Verdict};
use crate::batch::Lanes;
use crate::desc::NodeId;
use crate::trit::Trit;

/// The values a net has shown so far, each with the first completion that gave it (indexed
/// −1, 0, +1).
#[derive(Clone, Debug, Default)]
pub(super) struct Seen(pub(super) [Option<Vec<Trit>>; 3]);

impl Seen {
    pub(super) fn slot(v: Trit) -> usize {
        match v {
            Trit::False => 0,
            Trit::Unknown => 1,
            Trit::True => 2,
        }
    }

    pub(super) fn distinct(&self) -> usize {
        self.0.iter().flatten().count()
    }

    /// Records the lanes of `planes` (known, value) within `mask` for the values not seen
    /// yet, the completion of a lane given by `completion`.
    pub(super) fn record(
        &mut self,
        (known, value): &(Lanes, Lanes),
        mask: &Lanes,
        completion: impl Fn(usize) -> Vec<Trit>,
    ) {
        for v in Trit::ALL {
            let slot = Self::slot(v);
            if self.0[slot].is_some() {
                continue;
            }
            let lanes: Lanes = std::array::from_fn(|w| {
                mask[w]
                    & match v {
                        Trit::True => known[w] & value[w],
                        Trit::False => known[w] & !value[w],
                        Trit::Unknown => !known[w],
                    }
            });
            if let Some(w) = lanes.iter().position(|&x| x != 0) {
                let lane = 64 * w + lanes[w].trailing_zeros() as usize;
                self.0[slot] = Some(completion(lane));
            }
        }
    }

    /// The verdict: two values seen → undetermined; else `second` (a further value the
    /// diagrams found) or, without one, the one value seen.
    pub(super) fn into_report(
        self,
        node: NodeId,
        method: Method,
        second: Option<Completion>,
    ) -> NetReport {
        let mut shown = Trit::ALL
            .into_iter()
            .zip(self.0)
            .filter_map(|(value, inputs)| inputs.map(|inputs| Completion { inputs, value }));
        let first = shown.next();
        let verdict = match (first, shown.next().or(second)) {
            (Some(first), Some(second)) => Verdict::Undetermined { first, second },
            (Some(Completion { value, .. }), None) if value.is_known() => {
                Verdict::Pessimistic { value }
            }
            _ => Verdict::Unknown,
        };
        NetReport {
            node,
            verdict,
            method,
        }
    }
}
