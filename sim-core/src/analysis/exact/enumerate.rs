//! Completions simulated on the batch engine, 512 a pass: every one of them up to the
//! enumeration limit ([`enumerate`]), seeded random ones beyond it ([`sample`]); what each
//! net has shown so far, with the first completion that gave each value ([`Seen`]).

use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use super::{Completion, Method, NetReport, Options, Verdict};
use crate::batch::{BatchEngine, LANES, Lanes, WORDS};
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

/// The (known, value) planes of `v` in every lane.
pub(super) fn constant(v: Trit) -> (Lanes, Lanes) {
    let known = if v.is_known() { !0 } else { 0 };
    let value = if v == Trit::True { !0 } else { 0 };
    ([known; WORDS], [value; WORDS])
}

/// Simulates every completion of the `unknown` inputs (completion `c` sets the `j`-th to +1
/// iff bit `j` of `c` is set), lane `l` of pass `p` being completion `512 p + l`, until every
/// candidate has shown two values. Returns the completions simulated.
pub(super) fn enumerate(
    engine: &mut BatchEngine,
    planes: &mut [(Lanes, Lanes)],
    unknown: &[usize],
    candidates: &[usize],
    seen: &mut [Seen],
) -> u64 {
    const LANE_BITS: usize = LANES.trailing_zeros() as usize;
    let k = unknown.len();
    let used = 1usize << k.min(LANE_BITS);
    let mask: Lanes = std::array::from_fn(|w| lane_mask(w, used));
    for (j, &i) in unknown.iter().enumerate().take(LANE_BITS) {
        planes[i] = ([!0; WORDS], std::array::from_fn(|w| lane_bit_plane(w, j)));
    }
    let passes = 1u64 << k.saturating_sub(LANE_BITS);
    let mut open: Vec<usize> = (0..candidates.len()).collect();
    let mut examined = 0;
    for pass in 0..passes {
        for (j, &i) in unknown.iter().enumerate().skip(LANE_BITS) {
            let on = pass >> (j - LANE_BITS) & 1 == 1;
            planes[i] = constant(Trit::from(on));
        }
        let results = engine.run_lanes(planes);
        examined += used as u64;
        let completion = |lane: usize| {
            let c = pass << LANE_BITS | lane as u64;
            (0..k).map(|j| Trit::from(c >> j & 1 == 1)).collect()
        };
        open.retain(|&c| {
            seen[c].record(&results[candidates[c]], &mask, completion);
            seen[c].distinct() < 2
        });
        if open.is_empty() {
            break;
        }
    }
    examined
}

/// Lane `l` of word `w` set iff `l < used`.
fn lane_mask(w: usize, used: usize) -> u64 {
    let from = 64 * w;
    match used.saturating_sub(from) {
        0 => 0,
        n if n >= 64 => !0,
        n => (1u64 << n) - 1,
    }
}

/// Word `w` of the plane whose lane `l` is bit `j` of `l` (`j` below 9).
fn lane_bit_plane(w: usize, j: usize) -> u64 {
    (0..64).fold(0, |acc, b| acc | (((64 * w + b) >> j & 1) as u64) << b)
}

/// Simulates `options.samples` random completions (the first: every unknown input −1),
/// recording what each candidate shows. Returns the completions simulated.
pub(super) fn sample(
    engine: &mut BatchEngine,
    planes: &mut [(Lanes, Lanes)],
    unknown: &[usize],
    candidates: &[usize],
    seen: &mut [Seen],
    options: &Options,
) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let total = options.samples.max(1);
    let mut done = 0;
    while done < total {
        let used = (total - done).min(LANES);
        let mask: Lanes = std::array::from_fn(|w| lane_mask(w, used));
        for &i in unknown {
            let mut value: Lanes = std::array::from_fn(|_| rng.next_u64());
            if done == 0 {
                value[0] &= !1;
            }
            planes[i] = ([!0; WORDS], value);
        }
        let snapshot: Vec<Lanes> = unknown.iter().map(|&i| planes[i].1).collect();
        let completion = |lane: usize| {
            snapshot
                .iter()
                .map(|p| Trit::from(p[lane / 64] >> (lane % 64) & 1 == 1))
                .collect()
        };
        let results = engine.run_lanes(planes);
        for (c, s) in seen.iter_mut().enumerate() {
            if s.distinct() < 2 {
                s.record(&results[candidates[c]], &mask, completion);
            }
        }
        done += used;
        if seen.iter().all(|s| s.distinct() >= 2) {
            break;
        }
    }
    done as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_planes_count_in_binary() {
        for lane in [0usize, 1, 5, 63, 64, 300, 511] {
            for j in 0..9 {
                let bit = lane_bit_plane(lane / 64, j) >> (lane % 64) & 1;
                assert_eq!(bit as usize, lane >> j & 1, "lane {lane} bit {j}");
            }
        }
        assert_eq!(lane_mask(0, 2), 0b11);
        assert_eq!(lane_mask(1, 64), 0);
        assert_eq!(lane_mask(1, 512), !0);
    }
}
