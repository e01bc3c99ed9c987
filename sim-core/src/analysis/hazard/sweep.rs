//! Every single-input change ([`HazardAnalysis::all_single`]): bit-parallel, 512 pairs of
//! vectors a pass.
//!
//! A *pair* is a vector V with input *i* at −1 and the same vector with input *i* at +1; it
//! stands for both transitions between them, which share procedure A (input *i* unknown) and
//! have the same hazards (a transient read backwards has as many changes). Each pass runs the
//! [`BatchEngine`] on the 512 lower vectors, the 512 upper ones and the 512 procedure-A
//! vectors, and the bit-sliced transient algebra on the 512 changes.

use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use super::transient::SlicedEngine;
use super::{HazardAnalysis, HazardError, HazardKind};
use crate::batch::{BatchEngine, LANES, Lanes, WORDS};
use crate::desc::NodeId;
use crate::trit::Trit;

/// How [`HazardAnalysis::all_single`] chooses its vectors and how much it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepOptions {
    /// Up to this many inputs every vector is examined (2ⁿ vectors); beyond, a sample.
    /// Default 20 (2²⁰ vectors).
    pub max_exhaustive_inputs: usize,
    /// How many vectors a sample draws. Default 65,536.
    pub samples: u64,
    /// The seed of the sample (`ChaCha8Rng::seed_from_u64`). Default 0.
    pub seed: u64,
    /// How many example transitions to keep per output. Default 10.
    pub examples: usize,
}

impl Default for SweepOptions {
    fn default() -> SweepOptions {
        SweepOptions {
            max_exhaustive_inputs: 20,
            samples: 65_536,
            seed: 0,
            examples: 10,
        }
    }
}

/// One hazardous transition found by the sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The hazard.
    pub kind: HazardKind,
    /// The input that changes.
    pub input: NodeId,
    /// V1 (the input at −1).
    pub from: Vec<Trit>,
    /// V2 (the input at +1); the reverse transition has the same hazard.
    pub to: Vec<Trit>,
}

/// What the sweep found at one output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputSweep {
    /// The terminal.
    pub output: NodeId,
    /// Transitions with a static hazard at this output (each direction counted).
    pub static_hazards: u64,
    /// Transitions with a dynamic hazard at this output.
    pub dynamic_hazards: u64,
    /// The first few hazardous transitions (`SweepOptions::examples`), in the order examined:
    /// by changing input, then by vector.
    pub examples: Vec<Example>,
}

/// What [`HazardAnalysis::all_single`] examined and found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepReport {
    /// Number of inputs.
    pub inputs: usize,
    /// Vectors examined: 2ⁿ, or the sample's size.
    pub vectors: u64,
    /// Transitions examined (each single-input change in each direction).
    pub transitions: u64,
    /// The seed, if the vectors were a sample rather than all of them.
    pub sampled: Option<u64>,
    /// Each terminal, in [`crate::Circuit::terminals`] order.
    pub outputs: Vec<OutputSweep>,
}

impl SweepReport {
    /// Whether any output has a hazard.
    pub fn has_hazards(&self) -> bool {
        self.outputs
            .iter()
            .any(|o| o.static_hazards + o.dynamic_hazards > 0)
    }
}

/// The engines and tallies of one sweep.
struct Sweep<'a> {
    analysis: &'a HazardAnalysis,
    batch: BatchEngine,
    sliced: SlicedEngine,
    /// Dense index of each output.
    outputs: Vec<u32>,
    report: SweepReport,
    examples: usize,
}

impl HazardAnalysis {
    /// Examines every single-input change from every binary input vector (see the
    /// [module docs](super)): static hazards by procedure A on the bit-parallel batch engine,
    /// dynamic ones by the transient algebra, bit-sliced. Up to
    /// `options.max_exhaustive_inputs` inputs all 2ⁿ vectors; beyond, `options.samples`
    /// vectors drawn from `ChaCha8Rng::seed_from_u64(options.seed)` (per block of 512, per
    /// input, 8 `next_u64()` words, lane `l` bit `l % 64` of word `l / 64`).
    ///
    /// # Errors
    /// None in practice (the circuit was checked by [`HazardAnalysis::new`]); the batch
    /// engine's refusals are passed on as [`HazardError`]s.
    pub fn all_single(&self, options: &SweepOptions) -> Result<SweepReport, HazardError> {
        let batch = BatchEngine::new(&self.circuit).map_err(|e| self.refusal(e))?;
        let dense_inputs = self
            .inputs
            .iter()
            .map(|&id| self.dense(id) as u32)
            .collect();
        let n = self.inputs.len();
        // 2^62 vectors would never finish anyway; the cap keeps the shifts in range.
        let exhaustive = n <= options.max_exhaustive_inputs.min(62);
        let mut sweep = Sweep {
            analysis: self,
            batch,
            sliced: SlicedEngine::new(&self.net, &self.order, dense_inputs),
            outputs: self
                .outputs
                .iter()
                .map(|&id| self.dense(id) as u32)
                .collect(),
            report: SweepReport {
                inputs: n,
                vectors: 0,
                transitions: 0,
                sampled: (!exhaustive).then_some(options.seed),
                outputs: self
                    .outputs
                    .iter()
                    .map(|&output| OutputSweep {
                        output,
                        static_hazards: 0,
                        dynamic_hazards: 0,
                        examples: Vec::new(),
                    })
                    .collect(),
            },
            examples: options.examples,
        };
        if n == 0 {
            return Ok(sweep.report);
        }
        if exhaustive {
            sweep.report.vectors = 1 << n;
            let pairs: u64 = 1 << (n - 1);
            let mut planes = vec![[0; WORDS]; n];
            for i in 0..n {
                for base in (0..pairs).step_by(LANES) {
                    let valid = mask(pairs - base);
                    for (j, plane) in planes.iter_mut().enumerate() {
                        // The pair's number `m` with a 0 inserted at bit i.
                        *plane = match j.cmp(&i) {
                            std::cmp::Ordering::Less => bit_plane(base, j, valid),
                            std::cmp::Ordering::Equal => [0; WORDS],
                            std::cmp::Ordering::Greater => bit_plane(base, j - 1, valid),
                        };
                    }
                    sweep.pass(&planes, i, valid);
                }
            }
        } else {
            sweep.report.vectors = options.samples;
            let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
            let mut planes = vec![[0; WORDS]; n];
            for base in (0..options.samples).step_by(LANES) {
                let valid = mask(options.samples - base);
                for plane in &mut planes {
                    *plane = std::array::from_fn(|w| rng.next_u64() & valid[w]);
                }
                for i in 0..n {
                    let saved = std::mem::replace(&mut planes[i], [0; WORDS]);
                    sweep.pass(&planes, i, valid);
                    planes[i] = saved;
                }
            }
        }
        Ok(sweep.report)
    }
}

impl Sweep<'_> {
    /// One pass over the pairs whose lower vectors are `lower` (input `i` clear in every
    /// lane), counting the lanes in `valid`.
    fn pass(&mut self, lower: &[Lanes], i: usize, valid: Lanes) {
        const ONES: Lanes = [!0; WORDS];
        let known = |planes: &[Lanes], unknown: Option<usize>| -> Vec<(Lanes, Lanes)> {
            planes
                .iter()
                .enumerate()
                .map(|(j, &v)| (if Some(j) == unknown { [0; WORDS] } else { ONES }, v))
                .collect()
        };
        let before = self.batch.run_lanes(&known(lower, None)).to_vec();
        let mut upper = lower.to_vec();
        upper[i] = ONES;
        let after = self.batch.run_lanes(&known(&upper, None)).to_vec();
        let during = self.batch.run_lanes(&known(lower, Some(i))).to_vec();
        let mut change = vec![[0; WORDS]; lower.len()];
        change[i] = ONES;
        self.sliced.run(lower, &change);

        let pairs: u64 = valid.iter().map(|w| u64::from(w.count_ones())).sum();
        self.report.transitions += 2 * pairs;
        for (k, &o) in self.outputs.iter().enumerate() {
            let ((k1, v1), (k2, v2), (ka, _)) = (before[k], after[k], during[k]);
            let p = self.sliced.planes(o);
            let mut found: [Lanes; 2] = [[0; WORDS]; 2];
            for w in 0..WORDS {
                let binary = valid[w] & k1[w] & k2[w];
                found[0][w] = binary & !(v1[w] ^ v2[w]) & !ka[w];
                found[1][w] = binary & (v1[w] ^ v2[w]) & p.c0[w] & p.c1[w] & !p.u[w];
            }
            let count = |l: &Lanes| -> u64 { l.iter().map(|w| u64::from(w.count_ones())).sum() };
            let out = &mut self.report.outputs[k];
            out.static_hazards += 2 * count(&found[0]);
            out.dynamic_hazards += 2 * count(&found[1]);
            if out.examples.len() >= self.examples {
                continue;
            }
            for lane in 0..LANES {
                if out.examples.len() >= self.examples {
                    break;
                }
                let (w, b) = (lane / 64, lane % 64);
                let kind = if found[0][w] >> b & 1 == 1 {
                    HazardKind::Static
                } else if found[1][w] >> b & 1 == 1 {
                    HazardKind::Dynamic
                } else {
                    continue;
                };
                let from: Vec<Trit> = lower
                    .iter()
                    .map(|plane| {
                        if plane[w] >> b & 1 == 1 {
                            Trit::True
                        } else {
                            Trit::False
                        }
                    })
                    .collect();
                let mut to = from.clone();
                to[i] = Trit::True;
                out.examples.push(Example {
                    kind,
                    input: self.analysis.inputs[i],
                    from,
                    to,
                });
            }
        }
    }
}

/// The lanes `0..min(count, LANES)`.
fn mask(count: u64) -> Lanes {
    std::array::from_fn(|w| {
        let lo = 64 * w as u64;
        match count.saturating_sub(lo) {
            0 => 0,
            c if c >= 64 => !0,
            c => (1u64 << c) - 1,
        }
    })
}

/// Bit `b` of the numbers `base + lane` (`base` a multiple of [`LANES`]) over the lanes in
/// `valid`.
fn bit_plane(base: u64, b: usize, valid: Lanes) -> Lanes {
    let plane: Lanes = if b < 6 {
        // Within each word: lanes whose bit b is set.
        let pattern = (0..64u64)
            .filter(|l| l >> b & 1 == 1)
            .fold(0u64, |acc, l| acc | 1 << l);
        [pattern; WORDS]
    } else if b < 9 {
        std::array::from_fn(|w| if w >> (b - 6) & 1 == 1 { !0 } else { 0 })
    } else if base >> b & 1 == 1 {
        [!0; WORDS]
    } else {
        [0; WORDS]
    };
    std::array::from_fn(|w| plane[w] & valid[w])
}
