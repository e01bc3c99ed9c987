//! X-pessimism decided exactly: which nets that Kleene's logic leaves unknown are in fact
//! determined by the inputs that are known.
//!
//! Kleene's strong logic is *sound* for binary completions — a value it computes holds for
//! every way of setting the unknown inputs to −1 or +1 — but not *complete*: a net it leaves
//! unknown may take the same value under every completion. The textbook case is the AND-OR
//! multiplexer `y = (a ∧ s) ∨ (b ∧ ¬s)` with `a = b = +1` and `s` unknown: both products are
//! unknown, so Kleene says `y = 0`, yet `y = +1` whichever value `s` has.
//!
//! [`decide`] takes a combinational circuit and a partial assignment of its inputs (switches
//! not set, or set to 0, are the unknown ones; buttons not set are released, −1, as at
//! power-on), simulates it once in Kleene's logic, and for every output (or, with
//! [`Scope::AllNets`], every gate and terminal) left unknown gives a [`Verdict`]:
//!
//! * [`Verdict::Pessimistic`]: every completion gives the same known value;
//! * [`Verdict::Undetermined`]: two completions that disagree, as input assignments;
//! * [`Verdict::Unknown`]: every completion leaves the net unknown (the unknown comes from
//!   somewhere else than the inputs: a floating pin, a constant 0, a table gate's 0).
//!
//! How ([`Method`]): with at most [`Options::enumeration_limit`] unknown inputs (24 by
//! default), every completion is simulated on the bit-parallel [`BatchEngine`], 512 a pass,
//! reading the nets asked about as extra outputs ([`BatchEngine::with_outputs`]); the passes
//! stop as soon as every net has shown two values. Beyond that limit, [`Options::samples`]
//! random completions are simulated first (a net that shows two values is undetermined,
//! with those completions as witnesses), then each remaining net is decided exactly by binary
//! decision diagrams (the `biodivine-lib-bdd` crate) over the unknown inputs, the known ones
//! substituted: a net that showed only the value `v` is determined iff the diagram of "the
//! net is not `v`" is empty, otherwise one of its satisfying assignments is the second
//! witness. Each net's [`NetReport::method`] says which of the three decided it.
//!
//! Loops, flip-flops and RAMs are refused ([`ExactError`]); ROMs are enumerated, but a ROM
//! in the cone of a net the diagrams must decide is refused ([`ExactError::RomBeyondEnumeration`]).
//! A diagram that grows past [`Options::bdd_node_limit`] nodes stops the analysis with
//! [`ExactError::BddTooLarge`] rather than exhausting memory.
//!
//! The multiplexer of the example above:
//!
//! ```
//! use sim_core::analysis::exact::{self, Options, Verdict};
//! use sim_core::{bench, Trit};
//!
//! let c = bench::from_str(
//!     "INPUT(a)\nINPUT(b)\nINPUT(s)\nOUTPUT(y)\n\
//!      ns = NOT(s)\np = AND(a, s)\nq = AND(b, ns)\ny = OR(p, q)\n",
//! )?;
//! let set = exact::by_labels(&c, &[("a", Trit::True), ("b", Trit::True)])?;
//! let report = exact::decide(&c, &set, &Options::default())?;
//! assert_eq!(report.unknown_inputs, [c.find("s").expect("an input")]);
//! assert_eq!(report.nets.len(), 1); // the one output, unknown under Kleene
//! assert_eq!(report.nets[0].verdict, Verdict::Pessimistic { value: Trit::True });
//! assert_eq!(report.examined, 2); // s = −1 and s = +1
//!
//! // With b = −1 the output follows s: two completions that disagree.
//! let set = exact::by_labels(&c, &[("a", Trit::True), ("b", Trit::False)])?;
//! let report = exact::decide(&c, &set, &Options::default())?;
//! let Verdict::Undetermined { first, second } = &report.nets[0].verdict else {
//!     panic!("undetermined")
//! };
//! assert_ne!(first.value, second.value);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use biodivine_lib_bdd::{Bdd, BddValuation, BddVariable, BddVariableSet, op_function};
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use crate::batch::{BatchEngine, BatchError, LANES, Lanes, WORDS};
use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::graph;
use crate::kind::{GateBase, GateOp, NodeKind, Role};
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// The most unknown inputs [`decide`] enumerates by default: 2^24 completions (32,768 passes
/// of the batch engine). Past it, sampling and binary decision diagrams decide.
pub const ENUMERATION_LIMIT: u32 = 24;

/// The most unknown inputs enumeration accepts whatever [`Options::enumeration_limit`] says:
/// 2^40 completions is already days of simulation.
const MAX_ENUMERATED: u32 = 40;

/// Which nets [`decide`] reports on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// The terminals (lamps, probes, displays): what the circuit shows.
    #[default]
    Outputs,
    /// Every gate and terminal (sources are what they were set to).
    AllNets,
}

/// How [`decide`] works; [`Options::default`] is what `tritium analyze exact` uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The nets reported on.
    pub scope: Scope,
    /// Enumerate every completion when there are at most this many unknown inputs
    /// ([`ENUMERATION_LIMIT`] by default; capped at 40); past it, sample and build diagrams.
    /// 0 forces the diagrams whenever an input is unknown.
    pub enumeration_limit: u32,
    /// Random completions simulated before the diagrams are built (at least 1: the first is
    /// every unknown input at −1). Default 2,048 (four passes).
    pub samples: usize,
    /// Seed of the sampling's generator (`ChaCha8`): the same seed, the same witnesses.
    pub seed: u64,
    /// The most nodes one decision diagram may have before [`ExactError::BddTooLarge`].
    pub bdd_node_limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scope: Scope::Outputs,
            enumeration_limit: ENUMERATION_LIMIT,
            samples: 4 * LANES,
            seed: 0,
            bdd_node_limit: 1 << 22,
        }
    }
}

/// How a net's verdict was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Every completion simulated (or, for an undetermined net, enough of them in counting
    /// order to see two values).
    Enumeration,
    /// Two random completions disagreed (beyond the enumeration limit).
    Sampling,
    /// Decided by a binary decision diagram over the unknown inputs.
    Bdd,
}

impl fmt::Display for Method {
    /// `enumeration`, `sampling` or `bdd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Enumeration => "enumeration",
            Method::Sampling => "sampling",
            Method::Bdd => "bdd",
        })
    }
}

/// One binary completion of the unknown inputs and the value a net takes under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The value of each unknown input, −1 or +1, in [`Report::unknown_inputs`] order.
    pub inputs: Vec<Trit>,
    /// The net's value under this completion.
    pub value: Trit,
}

/// What the binary completions say about a net Kleene's logic leaves unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every completion gives `value` (known): Kleene's unknown is pessimism.
    Pessimistic {
        /// The value every completion gives.
        value: Trit,
    },
    /// Two completions give different values: the net is truly undetermined. Found by
    /// simulation, the two are in the order of their values (−1 first); when the diagrams
    /// found the second, `first` is the sampled one.
    Undetermined {
        /// One completion.
        first: Completion,
        /// Another, whose value differs from `first`'s.
        second: Completion,
    },
    /// Every completion leaves the net unknown: its unknown does not come from the inputs.
    Unknown,
}

/// The verdict on one net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetReport {
    /// The net (a gate or terminal).
    pub node: NodeId,
    /// What the completions say.
    pub verdict: Verdict,
    /// How the verdict was reached.
    pub method: Method,
}

/// What [`decide`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The unknown inputs, in [`Circuit::inputs`] order: the switches not set or set to 0.
    /// A [`Completion`]'s values follow this order.
    pub unknown_inputs: Vec<NodeId>,
    /// Every net in scope that Kleene's logic leaves unknown, in node order, with its verdict.
    pub nets: Vec<NetReport>,
    /// Whether every completion could be enumerated (at most
    /// [`Options::enumeration_limit`] unknown inputs), else sampling and diagrams decided.
    pub enumerated: bool,
    /// The completions simulated: with enumeration at most 2^k for k unknown inputs (fewer
    /// when every net had shown two values early), otherwise the samples.
    pub examined: u64,
}

/// Why [`decide`] cannot analyse a circuit or an assignment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExactError {
    /// A label names neither a node nor a bus of the circuit.
    #[error("unknown signal `{label}` (neither a node nor a bus)")]
    UnknownSignal {
        /// The label given.
        label: String,
    },
    /// A node id that is not in the circuit.
    #[error("node {node:?} is not in the circuit")]
    NotInCircuit {
        /// The id given.
        node: NodeId,
    },
    /// An assignment to a node that is not an input (a switch or a button).
    #[error("`{label}` is a {kind}, not an input: only switches and buttons can be set")]
    NotAnInput {
        /// The node's label.
        label: String,
        /// Its kind.
        kind: NodeKind,
    },
    /// A value the input cannot take (a button is −1 or +1).
    #[error("`{label}` is a {kind} and cannot be set to {value}")]
    Value {
        /// The input's label.
        label: String,
        /// Its kind.
        kind: NodeKind,
        /// The value refused.
        value: Trit,
    },
    /// A combinational loop: the analysis needs a combinational circuit.
    #[error("combinational loop through {}: the exact analysis needs an acyclic circuit", .labels.join(", "))]
    Loop {
        /// The labels of the loop's nodes, in node order.
        labels: Vec<String>,
    },
    /// A flip-flop: the analysis is combinational.
    #[error("flip-flop `{label}`: the exact analysis decides combinational circuits only")]
    FlipFlop {
        /// The first flip-flop's label.
        label: String,
    },
    /// A RAM: the analysis is combinational.
    #[error(
        "RAM `{label}`: the exact analysis decides combinational circuits only (ROMs included)"
    )]
    Ram {
        /// The RAM's label.
        label: String,
    },
    /// A ROM in the cone of a net that must be decided by diagrams (past the enumeration
    /// limit).
    #[error(
        "ROM bit `{label}`: past the enumeration limit the diagrams cannot read ROMs; set more inputs"
    )]
    RomBeyondEnumeration {
        /// The ROM data bit's label.
        label: String,
    },
    /// A decision diagram outgrew [`Options::bdd_node_limit`].
    #[error(
        "the decision diagram of `{label}` outgrew {limit} nodes; set more inputs or raise the limit"
    )]
    BddTooLarge {
        /// The net whose diagram grew too large.
        label: String,
        /// The limit.
        limit: usize,
    },
    /// More unknown inputs than decision diagrams have variables (65,535).
    #[error("{count} unknown inputs: the decision diagrams take at most 65,535")]
    TooManyUnknowns {
        /// The number of unknown inputs.
        count: usize,
    },
}

/// Resolves `(label, value)` pairs to node ids, for [`decide`]. Only node labels: a caller
/// with buses resolves them itself ([`crate::signal::signal`]).
///
/// # Errors
/// [`ExactError::UnknownSignal`] for a label that is not a node's.
pub fn by_labels(
    circuit: &Circuit,
    assignment: &[(&str, Trit)],
) -> Result<Vec<(NodeId, Trit)>, ExactError> {
    assignment
        .iter()
        .map(|&(label, value)| {
            circuit
                .find(label)
                .map(|id| (id, value))
                .ok_or_else(|| ExactError::UnknownSignal {
                    label: label.to_owned(),
                })
        })
        .collect()
}

/// Decides, for every net in `options.scope` that Kleene's logic leaves unknown under
/// `assignment`, whether all binary completions of the unknown inputs agree (see the
/// [module docs](self)). A later assignment to the same input wins.
///
/// # Errors
/// An assignment to a node not in the circuit, to a non-input or of a value the input
/// refuses; a loop, a flip-flop or a RAM; past the enumeration limit, a ROM in a cone to
/// decide, a diagram past its node limit or more than 65,535 unknown inputs.
pub fn decide(
    circuit: &Circuit,
    assignment: &[(NodeId, Trit)],
    options: &Options,
) -> Result<Report, ExactError> {
    refuse_sequential(circuit)?;
    let values = input_values(circuit, assignment)?;
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    let unknown: Vec<usize> = (0..inputs.len())
        .filter(|&k| values[k] == Trit::Unknown)
        .collect();
    let scope: Vec<NodeId> = match options.scope {
        Scope::Outputs => circuit.terminals().collect(),
        Scope::AllNets => circuit
            .nodes()
            .filter(|(_, n)| n.kind.role() != Role::Source)
            .map(|(id, _)| id)
            .collect(),
    };
    let mut engine = BatchEngine::with_outputs(circuit, &scope).map_err(|e| match e {
        BatchError::Loop { nodes } => ExactError::Loop {
            labels: nodes.iter().map(|&id| circuit[id].label.clone()).collect(),
        },
        BatchError::NotInCircuit { node } => ExactError::NotInCircuit { node },
        // Ruled out by `refuse_sequential`.
        BatchError::Sequential { label } => ExactError::FlipFlop { label },
        BatchError::Memory { label } => ExactError::Ram { label },
    })?;

    // One Kleene pass: the known inputs in every lane, the unknown ones unknown.
    let mut planes: Vec<(Lanes, Lanes)> = values.iter().map(|&v| constant(v)).collect();
    let kleene = engine.run_lanes(&planes);
    let candidates: Vec<usize> = (0..scope.len())
        .filter(|&j| kleene[j].0[0] & 1 == 0)
        .collect();
    let enumerated = unknown.len() <= options.enumeration_limit.min(MAX_ENUMERATED) as usize;
    let mut report = Report {
        unknown_inputs: unknown.iter().map(|&k| inputs[k]).collect(),
        nets: Vec::new(),
        enumerated,
        examined: 0,
    };
    if candidates.is_empty() {
        return Ok(report);
    }
    let mut seen: Vec<Seen> = vec![Seen::default(); candidates.len()];
    if enumerated {
        report.examined = enumerate(&mut engine, &mut planes, &unknown, &candidates, &mut seen);
        report.nets = candidates
            .iter()
            .zip(seen)
            .map(|(&j, s)| s.into_report(scope[j], Method::Enumeration, None))
            .collect();
        return Ok(report);
    }
    report.examined = sample(
        &mut engine,
        &mut planes,
        &unknown,
        &candidates,
        &mut seen,
        options,
    );
    let open: Vec<NodeId> = candidates
        .iter()
        .zip(&seen)
        .filter(|(_, s)| s.distinct() < 2)
        .map(|(&j, _)| scope[j])
        .collect();
    let rails = Diagrams::build(circuit, &values, &unknown, &open, options.bdd_node_limit)?;
    report.nets = candidates
        .iter()
        .zip(seen)
        .map(|(&j, s)| {
            if s.distinct() >= 2 {
                Ok(s.into_report(scope[j], Method::Sampling, None))
            } else {
                let second = rails.second_value(circuit, scope[j], &s, options.bdd_node_limit)?;
                Ok(s.into_report(scope[j], Method::Bdd, second))
            }
        })
        .collect::<Result<_, ExactError>>()?;
    Ok(report)
}

/// Refuses flip-flops and RAMs by name.
fn refuse_sequential(circuit: &Circuit) -> Result<(), ExactError> {
    if let Some(label) = super::first_ram(circuit) {
        return Err(ExactError::Ram {
            label: label.to_owned(),
        });
    }
    if let Some(label) = super::first_flip_flop(circuit) {
        return Err(ExactError::FlipFlop {
            label: label.to_owned(),
        });
    }
    Ok(())
}

/// The value of every input ([`Circuit::inputs`] order) under `assignment`: switches not set
/// are unknown, buttons not set released (−1).
fn input_values(circuit: &Circuit, assignment: &[(NodeId, Trit)]) -> Result<Vec<Trit>, ExactError> {
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    let mut values: Vec<Trit> = inputs
        .iter()
        .map(|&id| match circuit[id].kind {
            NodeKind::Button => Trit::False,
            _ => Trit::Unknown,
        })
        .collect();
    // Node index → its position among the inputs.
    let mut position = vec![None; circuit.node_bound()];
    for (k, &id) in inputs.iter().enumerate() {
        position[id.index()] = Some(k);
    }
    for &(id, value) in assignment {
        let node = circuit
            .node(id)
            .ok_or(ExactError::NotInCircuit { node: id })?;
        let Some(k) = position.get(id.index()).copied().flatten() else {
            return Err(ExactError::NotAnInput {
                label: node.label.clone(),
                kind: node.kind,
            });
        };
        if !node.kind.accepts(value) {
            return Err(ExactError::Value {
                label: node.label.clone(),
                kind: node.kind,
                value,
            });
        }
        values[k] = value;
    }
    Ok(values)
}

/// The (known, value) planes of `v` in every lane.
fn constant(v: Trit) -> (Lanes, Lanes) {
    let known = if v.is_known() { !0 } else { 0 };
    let value = if v == Trit::True { !0 } else { 0 };
    ([known; WORDS], [value; WORDS])
}

/// The values a net has shown so far, each with the first completion that gave it (indexed
/// −1, 0, +1).
#[derive(Clone, Debug, Default)]
struct Seen([Option<Vec<Trit>>; 3]);

impl Seen {
    fn slot(v: Trit) -> usize {
        match v {
            Trit::False => 0,
            Trit::Unknown => 1,
            Trit::True => 2,
        }
    }

    fn distinct(&self) -> usize {
        self.0.iter().flatten().count()
    }

    /// Records the lanes of `planes` (known, value) within `mask` for the values not seen
    /// yet, the completion of a lane given by `completion`.
    fn record(
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
    fn into_report(self, node: NodeId, method: Method, second: Option<Completion>) -> NetReport {
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

/// Simulates every completion of the `unknown` inputs (completion `c` sets the `j`-th to +1
/// iff bit `j` of `c` is set), lane `l` of pass `p` being completion `512 p + l`, until every
/// candidate has shown two values. Returns the completions simulated.
fn enumerate(
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
fn sample(
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

/// Dual-rail decision diagrams over the unknown inputs: per node of the cones asked for,
/// "is +1" and "is −1" (both false: unknown).
struct Diagrams {
    vars: BddVariableSet,
    net: Netlist,
    rails: Vec<Option<(Bdd, Bdd)>>,
}

impl Diagrams {
    /// Builds the rails of every node in the cones of `nets`, the known inputs substituted.
    fn build(
        circuit: &Circuit,
        values: &[Trit],
        unknown: &[usize],
        nets: &[NodeId],
        limit: usize,
    ) -> Result<Diagrams, ExactError> {
        let count = u16::try_from(unknown.len()).map_err(|_| ExactError::TooManyUnknowns {
            count: unknown.len(),
        })?;
        let vars = BddVariableSet::new_anonymous(count);
        let net = Netlist::compile(circuit);
        let n = net.len();
        // The cones: every node some net asked for depends on.
        let mut needed = vec![false; n];
        let mut stack: Vec<u32> = nets.iter().filter_map(|&id| net.index_of(id)).collect();
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut needed[i as usize], true) {
                continue;
            }
            for &s in &net.in_src[net.input_range(i)] {
                if (s as usize) < n && !needed[s as usize] {
                    stack.push(s);
                }
            }
        }
        // Input `k` of `circuit.inputs()` → its value or variable.
        let mut source: Vec<Option<(Bdd, Bdd)>> = vec![None; n];
        let mut var_of = vec![None; values.len()];
        for (j, &k) in unknown.iter().enumerate() {
            var_of[k] = Some(BddVariable::from_index(j));
        }
        for (k, id) in circuit.inputs().enumerate() {
            if let Some(i) = net.index_of(id) {
                source[i as usize] = Some(match var_of[k] {
                    Some(v) => (vars.mk_var(v), vars.mk_not_var(v)),
                    None => constant_rails(&vars, values[k]),
                });
            }
        }
        let order = graph::topological_order(&net).order;
        let mut rails: Vec<Option<(Bdd, Bdd)>> = vec![None; n];
        let unknown_rails = constant_rails(&vars, Trit::Unknown);
        for i in order {
            let iu = i as usize;
            if !needed[iu] {
                continue;
            }
            let label = || circuit[net.ids[iu]].label.clone();
            let too_large = || ExactError::BddTooLarge {
                label: label(),
                limit,
            };
            let ins: Vec<&(Bdd, Bdd)> = net.in_src[net.input_range(i)]
                .iter()
                .map(|&s| {
                    rails
                        .get(s as usize)
                        .and_then(Option::as_ref)
                        .unwrap_or(&unknown_rails)
                })
                .collect();
            let value = match (net.ops[iu], net.kinds[iu]) {
                (Op::Source, kind) => source[iu].take().unwrap_or_else(|| match kind {
                    NodeKind::Constant(v) => constant_rails(&vars, v),
                    NodeKind::Button | NodeKind::Clock { .. } => constant_rails(&vars, Trit::False),
                    _ => constant_rails(&vars, Trit::Unknown),
                }),
                (Op::Gate(op), _) => gate(&vars, op, &ins, limit).ok_or_else(too_large)?,
                (Op::Table, NodeKind::Table(table)) => {
                    table_rails(&vars, table, &ins, limit).ok_or_else(too_large)?
                }
                (Op::Memory | Op::Dff | Op::Table, _) => {
                    return Err(ExactError::RomBeyondEnumeration { label: label() });
                }
            };
            rails[iu] = Some(value);
        }
        Ok(Diagrams { vars, net, rails })
    }

    /// A completion under which `node` differs from the one value `seen` shows, if any.
    fn second_value(
        &self,
        circuit: &Circuit,
        node: NodeId,
        seen: &Seen,
        limit: usize,
    ) -> Result<Option<Completion>, ExactError> {
        let Some((t, f)) = self
            .net
            .index_of(node)
            .and_then(|i| self.rails[i as usize].as_ref())
        else {
            return Ok(None);
        };
        let too_large = || ExactError::BddTooLarge {
            label: circuit[node].label.clone(),
            limit,
        };
        let shown = Trit::ALL
            .into_iter()
            .find(|&v| seen.0[Seen::slot(v)].is_some())
            .unwrap_or(Trit::Unknown);
        let unknown = || {
            Bdd::binary_op_with_limit(limit, t, f, op_function::or)
                .map(|b| b.not())
                .ok_or_else(too_large)
        };
        let other = match shown {
            Trit::True => t.not(),
            Trit::False => f.not(),
            Trit::Unknown => unknown()?.not(),
        };
        Ok(other.sat_witness().map(|valuation| {
            let value = rail_value(t, f, &valuation);
            let inputs = self
                .vars
                .variables()
                .into_iter()
                .map(|v| Trit::from(valuation.value(v)))
                .collect();
            Completion { inputs, value }
        }))
    }
}

/// The trit rails `t`, `f` give under `valuation`.
fn rail_value(t: &Bdd, f: &Bdd, valuation: &BddValuation) -> Trit {
    if t.eval_in(valuation) {
        Trit::True
    } else if f.eval_in(valuation) {
        Trit::False
    } else {
        Trit::Unknown
    }
}

/// The rails of a constant.
fn constant_rails(vars: &BddVariableSet, v: Trit) -> (Bdd, Bdd) {
    let of = |b: bool| if b { vars.mk_true() } else { vars.mk_false() };
    (of(v == Trit::True), of(v == Trit::False))
}

/// `a ∧ b` within `limit` nodes.
fn and(a: &Bdd, b: &Bdd, limit: usize) -> Option<Bdd> {
    Bdd::binary_op_with_limit(limit, a, b, op_function::and)
}

/// `a ∨ b` within `limit` nodes.
fn or(a: &Bdd, b: &Bdd, limit: usize) -> Option<Bdd> {
    Bdd::binary_op_with_limit(limit, a, b, op_function::or)
}

/// The rails of a standard gate over its inputs' rails (Kleene: AND is true iff every input
/// is, false iff one is; OR the dual; XOR known iff every input is).
fn gate(
    vars: &BddVariableSet,
    op: GateOp,
    ins: &[&(Bdd, Bdd)],
    limit: usize,
) -> Option<(Bdd, Bdd)> {
    let first = || {
        ins.first()
            .map_or_else(|| constant_rails(vars, Trit::Unknown), |r| (*r).clone())
    };
    let and_all = || -> Option<(Bdd, Bdd)> {
        let (mut t, mut f) = (vars.mk_true(), vars.mk_false());
        for (it, jf) in ins.iter().map(|r| (&r.0, &r.1)) {
            t = and(&t, it, limit)?;
            f = or(&f, jf, limit)?;
        }
        Some((t, f))
    };
    let or_all = || -> Option<(Bdd, Bdd)> {
        let (mut t, mut f) = (vars.mk_false(), vars.mk_true());
        for (it, jf) in ins.iter().map(|r| (&r.0, &r.1)) {
            t = or(&t, it, limit)?;
            f = and(&f, jf, limit)?;
        }
        Some((t, f))
    };
    let xor_all = || -> Option<(Bdd, Bdd)> {
        let (mut t, mut f) = (vars.mk_false(), vars.mk_true());
        for (bt, bf) in ins.iter().map(|r| (&r.0, &r.1)) {
            let nt = or(&and(&t, bf, limit)?, &and(&f, bt, limit)?, limit)?;
            let nf = or(&and(&t, bt, limit)?, &and(&f, bf, limit)?, limit)?;
            (t, f) = (nt, nf);
        }
        Some((t, f))
    };
    let swap = |(t, f): (Bdd, Bdd)| (f, t);
    let (base, invert) = op.base();
    let out = match base {
        GateBase::Buf => first(),
        GateBase::And => and_all()?,
        GateBase::Or => or_all()?,
        GateBase::Xor => xor_all()?,
    };
    Some(if invert { swap(out) } else { out })
}

/// The rails of a table gate: "is +1" is the union of the rows whose output is +1, each row
/// the conjunction of "input k has the row's value k" (−1: its `f` rail, +1: its `t` rail,
/// 0: neither), the last input the row index's least significant ternary digit.
fn table_rails(
    vars: &BddVariableSet,
    table: crate::kind::TruthTable,
    ins: &[&(Bdd, Bdd)],
    limit: usize,
) -> Option<(Bdd, Bdd)> {
    let n = usize::from(table.inputs());
    let mut selectors = Vec::with_capacity(n);
    for k in 0..n {
        let (t, f) = ins
            .get(k)
            .map_or_else(|| constant_rails(vars, Trit::Unknown), |r| (*r).clone());
        let neither = or(&t, &f, limit)?.not();
        selectors.push([f, neither, t]);
    }
    let (mut t, mut f) = (vars.mk_false(), vars.mk_false());
    for row in 0..table.rows() {
        let out = table.eval_index(row);
        if out == Trit::Unknown {
            continue;
        }
        let mut minterm = vars.mk_true();
        let mut rest = row;
        for select in selectors.iter().rev() {
            minterm = and(&minterm, &select[rest % 3], limit)?;
            rest /= 3;
        }
        if out == Trit::True {
            t = or(&t, &minterm, limit)?;
        } else {
            f = or(&f, &minterm, limit)?;
        }
    }
    Some((t, f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;

    const MUX: &str = "INPUT(a)\nINPUT(b)\nINPUT(s)\nOUTPUT(y)\n\
                       ns = NOT(s)\np = AND(a, s)\nq = AND(b, ns)\ny = OR(p, q)\n";

    fn mux() -> Circuit {
        bench::from_str(MUX).expect("valid")
    }

    fn forced_bdd(samples: usize) -> Options {
        Options {
            enumeration_limit: 0,
            samples,
            ..Options::default()
        }
    }

    #[test]
    fn the_multiplexer_with_both_data_true_is_true_by_every_method() {
        let c = mux();
        let set = by_labels(&c, &[("a", Trit::True), ("b", Trit::True)]).expect("labels");
        for options in [Options::default(), forced_bdd(1), forced_bdd(600)] {
            let report = decide(&c, &set, &options).expect("combinational");
            assert_eq!(report.nets.len(), 1);
            assert_eq!(
                report.nets[0].verdict,
                Verdict::Pessimistic { value: Trit::True }
            );
        }
        let all = Options {
            scope: Scope::AllNets,
            ..Options::default()
        };
        let report = decide(&c, &set, &all).expect("combinational");
        // ns, p, q, y and its probe are unknown under Kleene; only y (and the probe) are
        // determined.
        let pessimistic: Vec<&str> = report
            .nets
            .iter()
            .filter(|n| matches!(n.verdict, Verdict::Pessimistic { .. }))
            .map(|n| c[n.node].label.as_str())
            .collect();
        assert_eq!(report.nets.len(), 5);
        assert_eq!(pessimistic, ["y", "OUTPUT(y)"]);
    }

    #[test]
    fn undetermined_nets_get_two_disagreeing_completions_from_the_diagrams() {
        let c = mux();
        let set = by_labels(&c, &[("a", Trit::True)]).expect("labels");
        let report = decide(&c, &set, &forced_bdd(1)).expect("combinational");
        assert!(!report.enumerated);
        assert_eq!(report.examined, 1);
        let net = &report.nets[0];
        assert_eq!(net.method, Method::Bdd);
        let Verdict::Undetermined { first, second } = &net.verdict else {
            panic!("undetermined: {net:?}")
        };
        // The first sample sets b = s = −1: y = −1.
        assert_eq!(first.inputs, [Trit::False, Trit::False]);
        assert_eq!(first.value, Trit::False);
        assert_eq!(second.value, Trit::True);
    }

    #[test]
    fn more_than_nine_unknowns_enumerate_over_several_passes() {
        // y = AND of 12 inputs: +1 only for the last completion, in the eighth pass.
        let names: Vec<String> = (0..12).map(|i| format!("i{i}")).collect();
        let inputs: Vec<String> = names.iter().map(|n| format!("INPUT({n})\n")).collect();
        let text = format!(
            "{}OUTPUT(y)\ny = AND({})\n",
            inputs.concat(),
            names.join(", ")
        );
        let c = bench::from_str(&text).expect("valid");
        let report = decide(&c, &[], &Options::default()).expect("combinational");
        let Verdict::Undetermined { first, second } = &report.nets[0].verdict else {
            panic!("undetermined")
        };
        assert_eq!((first.value, second.value), (Trit::False, Trit::True));
        assert_eq!(second.inputs, vec![Trit::True; 12]);
        assert_eq!(report.examined, 1 << 12);
    }

    #[test]
    fn an_unknown_that_no_input_explains_stays_unknown() {
        let c = bench::from_str("INPUT(a)\nOUTPUT(y)\nOUTPUT(z)\ny = AND(a, a)\nz = BUF(a)\n")
            .expect("valid");
        let z = c.find("OUTPUT(z)").expect("z's probe");
        let floating = |c: &mut Circuit| {
            let lamp = c
                .add_node(crate::Node::new("L", NodeKind::Lamp))
                .expect("new");
            let g = c
                .add_node(crate::Node::new("G", NodeKind::And(2)))
                .expect("new");
            c.connect(g, lamp, 0).expect("wire");
        };
        let mut c = c;
        floating(&mut c);
        for options in [Options::default(), forced_bdd(1)] {
            let report = decide(&c, &[], &options).expect("combinational");
            let l = report
                .nets
                .iter()
                .find(|n| c[n.node].label == "L")
                .expect("L is unknown");
            assert_eq!(l.verdict, Verdict::Unknown, "{options:?}");
            assert!(report.nets.iter().any(|n| n.node == z));
        }
    }

    #[test]
    fn bad_assignments_and_circuits_are_refused_by_name() {
        let c = mux();
        assert_eq!(
            by_labels(&c, &[("nope", Trit::True)]),
            Err(ExactError::UnknownSignal {
                label: "nope".into()
            })
        );
        let y = c.find("y").expect("y");
        assert!(matches!(
            decide(&c, &[(y, Trit::True)], &Options::default()),
            Err(ExactError::NotAnInput { label, .. }) if label == "y"
        ));
        let c =
            bench::from_str("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\n").expect("valid");
        assert!(matches!(
            decide(&c, &[], &Options::default()),
            Err(ExactError::Loop { labels }) if labels == ["x", "y"]
        ));
        let mut c = mux();
        let button = c
            .add_node(crate::Node::new("BTN", NodeKind::Button))
            .expect("new");
        assert!(matches!(
            decide(&c, &[(button, Trit::Unknown)], &Options::default()),
            Err(ExactError::Value { label, .. }) if label == "BTN"
        ));
        // A released button is known: it adds no unknown input.
        let report = decide(&c, &[], &Options::default()).expect("combinational");
        assert_eq!(report.unknown_inputs.len(), 3);
        let c = bench::from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
        assert!(matches!(
            decide(&c, &[], &Options::default()),
            Err(ExactError::FlipFlop { label }) if label == "q"
        ));
    }

    #[test]
    fn table_gates_read_the_same_through_the_diagrams() {
        let class = |r: &Report| -> Vec<Option<Trit>> {
            r.nets
                .iter()
                .map(|n| match n.verdict {
                    Verdict::Pessimistic { value } => Some(value),
                    Verdict::Unknown => Some(Trit::Unknown),
                    Verdict::Undetermined { .. } => None,
                })
                .collect()
        };
        for seed in 0..40usize {
            let outputs: Vec<Trit> = (0..9)
                .map(|row| Trit::ALL[(seed * 7 + row * (seed % 5 + 1)) % 3])
                .collect();
            let table = crate::TruthTable::new(2, &outputs).expect("nine rows");
            let mut c = bench::from_str("INPUT(a)\nINPUT(b)\nOUTPUT(a)\n").expect("valid");
            let [a, b] = ["a", "b"].map(|l| c.find(l).expect("an input"));
            let t = c
                .add_node(crate::Node::new("T", NodeKind::Table(table)))
                .expect("new");
            let lamp = c
                .add_node(crate::Node::new("L", NodeKind::Lamp))
                .expect("new");
            c.connect(a, t, 0).expect("wire");
            c.connect(b, t, 1).expect("wire");
            c.connect(t, lamp, 0).expect("wire");
            for set in [vec![], vec![(a, Trit::True)], vec![(b, Trit::False)]] {
                let enumerated = decide(&c, &set, &Options::default()).expect("combinational");
                let decided = decide(&c, &set, &forced_bdd(1)).expect("combinational");
                assert_eq!(class(&enumerated), class(&decided), "table {outputs:?}");
            }
        }
    }

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
