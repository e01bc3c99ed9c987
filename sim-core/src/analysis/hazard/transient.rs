//! The change-counting algebra of transients (Brzozowski & Ésik, "Hazard algebras", 2003),
//! for the standard gates: exactly per transition ([`Transient`], [`eval`]) and bit-sliced,
//! counts capped at three, for 512 transitions a pass ([`SlicedEngine`]).
//!
//! A *transient* is the sequence of values a binary signal takes during a change: an
//! alternating word such as `0`, `01`, `010`, `0101`. A gate's output transient is the
//! longest (contracted) word the gate's function produces over all interleavings of its
//! inputs' changes. Being alternating, a transient is its first letter and its length, so
//! a gate's output is a closed formula in its inputs' starts, ends and numbers of changes:
//!
//! * NOT, BUF: the same number of changes;
//! * XOR, XNOR: every input change changes the output: the sum of the inputs' changes;
//! * AND (NAND, and OR, NOR by duality): if an input is a steady 0 the output is a steady 0.
//!   Otherwise let `u_i` be the number of 1-letters of input *i*: the output's 1-runs are a
//!   strictly increasing chain of tuples of the inputs' 1-letters, at most `1 + Σ (u_i − 1)`
//!   long, and that chain is reached by letting one input dip (1 → 0 → 1) at a time while
//!   the others hold 1. With `S`, `E` the output's first and last values the output changes
//!   `2 Σ (u_i − 1) + [S = 0] + [E = 0]` times.
//!
//! The formulas are checked against the definition (the longest word over every interleaving,
//! by dynamic programming over the grid of the inputs' prefixes) in the tests below.
//!
//! Capping at three changes is exact for the questions asked (static hazard: two or more
//! changes between equal values; dynamic hazard: three or more between different ones): a
//! transient of three changes or more is represented by its first three (a word of length 4),
//! every gate formula is monotone in its inputs' lengths (a longer input transient extends a
//! shorter one, so it can only add output changes), and an input of three changes already
//! gives its gate's output three changes unless the gate is held by a steady controlling
//! input (then the output is steady either way). So the capped algebra computes
//! `min(changes, 3)` exactly at every node.

use crate::batch::{Lanes, WORDS};
use crate::kind::{GateBase, GateOp, NodeKind};
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// The transient of one signal during one transition: its value before and after, and the
/// most changes it can make in between (saturating at `u32::MAX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Transient {
    /// The value before (true: +1).
    pub start: bool,
    /// The value after.
    pub end: bool,
    /// The most changes in between.
    pub changes: u32,
}

impl Transient {
    /// A signal that does not move.
    pub fn steady(value: bool) -> Transient {
        Transient {
            start: value,
            end: value,
            changes: 0,
        }
    }

    /// A signal that changes once from `start` to `end` (or not at all if they agree).
    pub fn change(start: bool, end: bool) -> Transient {
        Transient {
            start,
            end,
            changes: u32::from(start != end),
        }
    }

    /// The number of 1-letters of the word.
    fn ones(self) -> u64 {
        (u64::from(self.changes) + 1 + u64::from(self.start)) / 2
    }

    /// The same transient, negated.
    fn not(self) -> Transient {
        Transient {
            start: !self.start,
            end: !self.end,
            changes: self.changes,
        }
    }
}

/// The output transient of a gate `op` whose inputs have the transients `inputs` (`None`: an
/// input whose value is unknown before or after). `None` when the output depends on an
/// unknown input.
pub(crate) fn eval(op: GateOp, inputs: &[Option<Transient>]) -> Option<Transient> {
    let (base, invert) = op.base();
    let out = match base {
        GateBase::Buf => inputs.first().copied().flatten(),
        GateBase::And => and(inputs.iter().copied()),
        // OR(a, …) = ¬AND(¬a, …).
        GateBase::Or => and(inputs.iter().map(|t| t.map(Transient::not))).map(Transient::not),
        GateBase::Xor => xor(inputs),
    };
    if invert { out.map(Transient::not) } else { out }
}

/// AND of the transients (see the [module docs](self)).
fn and(inputs: impl Iterator<Item = Option<Transient>>) -> Option<Transient> {
    let (mut start, mut end, mut dips, mut unknown) = (true, true, 0u64, false);
    for t in inputs {
        let Some(t) = t else {
            unknown = true;
            continue;
        };
        let ones = t.ones();
        if ones == 0 {
            return Some(Transient::steady(false));
        }
        start &= t.start;
        end &= t.end;
        dips = dips.saturating_add(ones - 1);
    }
    if unknown {
        return None;
    }
    let changes = dips
        .saturating_mul(2)
        .saturating_add(u64::from(!start) + u64::from(!end));
    Some(Transient {
        start,
        end,
        changes: u32::try_from(changes).unwrap_or(u32::MAX),
    })
}

/// XOR of the transients: every input change is an output change.
fn xor(inputs: &[Option<Transient>]) -> Option<Transient> {
    let mut out = Transient::steady(false);
    for t in inputs {
        let t = (*t)?;
        out.start ^= t.start;
        out.end ^= t.end;
        out.changes = out.changes.saturating_add(t.changes);
    }
    Some(out)
}

/// The transient of every node of `net` (by dense index) in the topological `order`, given
/// each node's value before (`before`) and after (`after`) the transition: sources change at
/// most once, gates by [`eval`]; a node whose value is unknown before or after, and a table
/// gate or a memory (outside this algebra), get `None`.
pub(crate) fn transients(
    net: &Netlist,
    order: &[u32],
    before: &[Trit],
    after: &[Trit],
) -> Vec<Option<Transient>> {
    let mut out: Vec<Option<Transient>> = vec![None; net.len() + 1];
    let mut scratch = Vec::new();
    for &i in order {
        let iu = i as usize;
        let (b, a) = (before[iu], after[iu]);
        out[iu] = match net.ops[iu] {
            _ if !b.is_known() || !a.is_known() => None,
            Op::Source => Some(Transient::change(b == Trit::True, a == Trit::True)),
            Op::Gate(op) => {
                scratch.clear();
                scratch.extend(
                    net.in_src[net.input_range(i)]
                        .iter()
                        .map(|&s| out[s as usize]),
                );
                eval(op, &scratch)
            }
            Op::Table | Op::Memory | Op::Dff => None,
        };
    }
    out
}

/// The bit-sliced planes of one node over [`crate::batch::LANES`] transitions: its value
/// before (`s`), the changes capped at three (`c0` low bit, `c1` high bit) and whether it is
/// unknown (`u`: outside the algebra). Its value after is `s ^ c0` where `c < 3`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Planes {
    pub s: Lanes,
    pub c0: Lanes,
    pub c1: Lanes,
    pub u: Lanes,
}

const ZERO: Lanes = [0; WORDS];
const ONES: Lanes = [!0; WORDS];

/// One node's evaluation in a [`SlicedEngine`] pass.
#[derive(Clone, Copy, Debug)]
enum Instr {
    /// AND of the operands, each read negated if `inv_in`, the output negated if `inv_out`.
    And {
        node: u32,
        from: u32,
        to: u32,
        inv_in: bool,
        inv_out: bool,
    },
    /// XOR of the operands, negated if `inv_out`.
    Xor {
        node: u32,
        from: u32,
        to: u32,
        inv_out: bool,
    },
    /// A copy of one operand, negated if `inv`.
    Buf { node: u32, src: u32, inv: bool },
    /// Outside the algebra (a table gate, a memory).
    Unknown { node: u32 },
}

/// The capped transient algebra, bit-sliced: one pass evaluates every node for
/// [`crate::batch::LANES`] transitions, each lane its own inputs' transients.
#[derive(Clone, Debug)]
pub(crate) struct SlicedEngine {
    code: Vec<Instr>,
    operands: Vec<u32>,
    /// Planes per dense index; index `len` is the floating net (unknown).
    planes: Vec<Planes>,
    /// Dense index of each input, in [`crate::Circuit::inputs`] order.
    inputs: Vec<u32>,
}

impl SlicedEngine {
    /// Compiles `net` in the topological `order`; `inputs` are the dense indices of the inputs
    /// (set by each pass); other sources drive their power-on values.
    pub fn new(net: &Netlist, order: &[u32], inputs: Vec<u32>) -> SlicedEngine {
        let n = net.len();
        let mut planes = vec![Planes::default(); n + 1];
        planes[n].u = ONES;
        let mut code = Vec::with_capacity(order.len());
        let mut operands = Vec::new();
        for &i in order {
            let iu = i as usize;
            let src = &net.in_src[net.input_range(i)];
            let instr = match (net.ops[iu], net.kinds[iu]) {
                (Op::Source, kind) => {
                    planes[iu] = match kind {
                        NodeKind::Constant(Trit::True) => Planes {
                            s: ONES,
                            ..Planes::default()
                        },
                        NodeKind::Constant(Trit::Unknown) => Planes {
                            u: ONES,
                            ..Planes::default()
                        },
                        _ => Planes::default(),
                    };
                    continue;
                }
                (Op::Gate(op), _) => {
                    let from = operands.len() as u32;
                    let (base, invert) = op.base();
                    let (and, inv_in, inv_out) = match base {
                        GateBase::Buf => {
                            code.push(Instr::Buf {
                                node: i,
                                src: src.first().copied().unwrap_or(n as u32),
                                inv: invert,
                            });
                            continue;
                        }
                        GateBase::And => (true, false, invert),
                        // OR(a, …) = ¬AND(¬a, …).
                        GateBase::Or => (true, true, !invert),
                        GateBase::Xor => (false, false, invert),
                    };
                    operands.extend_from_slice(src);
                    let to = operands.len() as u32;
                    if and {
                        Instr::And {
                            node: i,
                            from,
                            to,
                            inv_in,
                            inv_out,
                        }
                    } else {
                        Instr::Xor {
                            node: i,
                            from,
                            to,
                            inv_out,
                        }
                    }
                }
                _ => Instr::Unknown { node: i },
            };
            code.push(instr);
        }
        SlicedEngine {
            code,
            operands,
            planes,
            inputs,
        }
    }

    /// One pass: input `k`'s lanes start at `start[k]` and change once where `change[k]` is
    /// set (missing inputs: steady 0). Read the results with [`planes`](Self::planes).
    pub fn run(&mut self, start: &[Lanes], change: &[Lanes]) {
        for (k, &i) in self.inputs.iter().enumerate() {
            self.planes[i as usize] = Planes {
                s: start.get(k).copied().unwrap_or(ZERO),
                c0: change.get(k).copied().unwrap_or(ZERO),
                ..Planes::default()
            };
        }
        let nodes = &mut self.planes;
        for &instr in &self.code {
            match instr {
                Instr::Buf { node, src, inv } => {
                    let mut x = nodes[src as usize];
                    if inv {
                        x.s = not(x.s);
                    }
                    nodes[node as usize] = x;
                }
                Instr::Unknown { node } => {
                    nodes[node as usize] = Planes {
                        u: ONES,
                        ..Planes::default()
                    };
                }
                Instr::Xor {
                    node,
                    from,
                    to,
                    inv_out,
                } => {
                    let mut out = Planes::default();
                    if inv_out {
                        out.s = ONES;
                    }
                    for &o in &self.operands[from as usize..to as usize] {
                        let x = nodes[o as usize];
                        for w in 0..WORDS {
                            out.s[w] ^= x.s[w];
                            out.u[w] |= x.u[w];
                            // Saturating 2-bit addition of the counts.
                            let carry = out.c0[w] & x.c0[w];
                            let over = out.c1[w] & x.c1[w] | carry & (out.c1[w] ^ x.c1[w]);
                            out.c1[w] = out.c1[w] ^ x.c1[w] ^ carry | over;
                            out.c0[w] = out.c0[w] ^ x.c0[w] | over;
                        }
                    }
                    nodes[node as usize] = out;
                }
                Instr::And {
                    node,
                    from,
                    to,
                    inv_in,
                    inv_out,
                } => {
                    let inv = if inv_in { !0 } else { 0 };
                    let (mut big_s, mut big_e) = (ONES, ONES);
                    let (mut zero, mut d1, mut d2, mut unknown) = (ZERO, ZERO, ZERO, ZERO);
                    for &o in &self.operands[from as usize..to as usize] {
                        let x = nodes[o as usize];
                        for w in 0..WORDS {
                            let s = x.s[w] ^ inv;
                            let (c0, c1, u) = (x.c0[w], x.c1[w], x.u[w]);
                            // A steady 0 (known) holds the output at 0.
                            zero[w] |= !s & !c0 & !c1 & !u;
                            // At least two 1-letters: three changes, or two from 1.
                            let d = c1 & (c0 | s);
                            d2[w] |= d1[w] & d;
                            d1[w] |= d;
                            big_s[w] &= s;
                            big_e[w] &= s ^ c0;
                            unknown[w] |= u;
                        }
                    }
                    let mut out = Planes::default();
                    let flip = if inv_out { !0 } else { 0 };
                    for w in 0..WORDS {
                        let live = !zero[w];
                        let (s, e) = (big_s[w], big_e[w]);
                        out.s[w] = (s & live) ^ flip;
                        out.c1[w] = live & (d1[w] | !s & !e);
                        out.c0[w] = live & (d2[w] | d1[w] & (!s | !e) | !d1[w] & (s ^ e));
                        out.u[w] = live & unknown[w];
                    }
                    nodes[node as usize] = out;
                }
            }
        }
    }

    /// The planes of the node with dense index `i` after the last pass.
    pub fn planes(&self, i: u32) -> &Planes {
        &self.planes[i as usize]
    }
}

#[inline]
fn not(a: Lanes) -> Lanes {
    std::array::from_fn(|w| !a[w])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The alternating word starting at `start` with `changes` changes.
    fn word(start: bool, changes: u32) -> Vec<bool> {
        (0..=changes).map(|k| start ^ (k % 2 == 1)).collect()
    }

    /// The definition: the most changes of `f` over every interleaving of the inputs' words
    /// (monotone paths through the grid of their prefixes), by dynamic programming.
    fn brute(f: &dyn Fn(&[bool]) -> bool, words: &[Vec<bool>]) -> u32 {
        let dims: Vec<usize> = words.iter().map(Vec::len).collect();
        let total: usize = dims.iter().product();
        let point = |mut k: usize| -> Vec<usize> {
            dims.iter()
                .map(|&d| {
                    let x = k % d;
                    k /= d;
                    x
                })
                .collect()
        };
        let value = |p: &[usize]| {
            let v: Vec<bool> = p.iter().zip(words).map(|(&i, w)| w[i]).collect();
            f(&v)
        };
        let mut best = vec![0u32; total];
        // Index order is a topological order of the grid (a predecessor has a smaller index).
        for k in 0..total {
            let p = point(k);
            let here = value(&p);
            let mut stride = 1;
            for (j, &d) in dims.iter().enumerate() {
                if p[j] > 0 {
                    let mut q = p.clone();
                    q[j] -= 1;
                    let candidate = best[k - stride] + u32::from(value(&q) != here);
                    best[k] = best[k].max(candidate);
                }
                stride *= d;
            }
        }
        best[total - 1]
    }

    fn function(op: GateOp) -> impl Fn(&[bool]) -> bool {
        move |v: &[bool]| {
            let trits: Vec<Trit> = v
                .iter()
                .map(|&b| if b { Trit::True } else { Trit::False })
                .collect();
            op.eval(trits) == Trit::True
        }
    }

    const OPS: [GateOp; 8] = [
        GateOp::Buf,
        GateOp::Not,
        GateOp::And,
        GateOp::Nand,
        GateOp::Or,
        GateOp::Nor,
        GateOp::Xor,
        GateOp::Xnor,
    ];

    /// Every combination of up to `arity` input transients of at most 4 changes.
    fn cases(arity: usize) -> Vec<Vec<(bool, u32)>> {
        let one: Vec<(bool, u32)> = [false, true]
            .into_iter()
            .flat_map(|s| (0..=4).map(move |c| (s, c)))
            .collect();
        let mut all = vec![vec![]];
        for _ in 0..arity {
            all = all
                .into_iter()
                .flat_map(|v: Vec<(bool, u32)>| {
                    one.iter().map(move |&x| {
                        let mut v = v.clone();
                        v.push(x);
                        v
                    })
                })
                .collect();
        }
        all
    }

    fn transient((s, c): (bool, u32)) -> Transient {
        Transient {
            start: s,
            end: s ^ (c % 2 == 1),
            changes: c,
        }
    }

    #[test]
    fn the_gate_formulas_are_the_most_changes_over_every_interleaving() {
        for op in OPS {
            let arities: &[usize] = if matches!(op, GateOp::Buf | GateOp::Not) {
                &[1]
            } else {
                &[2, 3]
            };
            for &arity in arities {
                for case in cases(arity) {
                    let words: Vec<Vec<bool>> = case.iter().map(|&(s, c)| word(s, c)).collect();
                    let inputs: Vec<Option<Transient>> =
                        case.iter().map(|&x| Some(transient(x))).collect();
                    let got = eval(op, &inputs).expect("known inputs");
                    let f = function(op);
                    assert_eq!(got.changes, brute(&f, &words), "{op:?} {case:?}");
                    let first: Vec<bool> = words.iter().map(|w| w[0]).collect();
                    let last: Vec<bool> = words.iter().map(|w| w[w.len() - 1]).collect();
                    assert_eq!(
                        (got.start, got.end),
                        (f(&first), f(&last)),
                        "{op:?} {case:?}"
                    );
                }
            }
        }
    }

    /// One gate fed by source nodes, in the sliced engine, against [`eval`] capped at three,
    /// with inputs given capped too (a count of 4 is fed as 3).
    #[test]
    fn the_sliced_engine_computes_the_capped_counts() {
        use crate::desc::{CircuitDesc, Node, WireDesc};
        for op in OPS {
            let arity: usize = if matches!(op, GateOp::Buf | GateOp::Not) {
                1
            } else {
                3
            };
            let kind = match op {
                GateOp::Buf => NodeKind::Buf,
                GateOp::Not => NodeKind::Not,
                GateOp::And => NodeKind::And(3),
                GateOp::Nand => NodeKind::Nand(3),
                GateOp::Or => NodeKind::Or(3),
                GateOp::Nor => NodeKind::Nor(3),
                GateOp::Xor => NodeKind::Xor(3),
                GateOp::Xnor => NodeKind::Xnor(3),
            };
            let mut desc = CircuitDesc::default();
            for k in 0..arity {
                desc.nodes
                    .push(Node::new(format!("I{k}"), NodeKind::Constant(Trit::False)));
                desc.wires
                    .push(WireDesc::new(format!("I{k}"), "G", k as u8));
            }
            desc.nodes.push(Node::new("G", kind));
            let circuit = crate::Circuit::from_desc(&desc).expect("valid");
            let net = Netlist::compile(&circuit);
            let order = crate::batch::topological(&net).expect("acyclic");
            let g = net.index_of(circuit.find("G").expect("G")).expect("in net");
            let inputs: Vec<u32> = (0..arity)
                .map(|k| {
                    net.index_of(circuit.find(&format!("I{k}")).expect("I"))
                        .expect("in")
                })
                .collect();
            let mut engine = SlicedEngine::new(&net, &order, inputs.clone());
            for case in cases(arity) {
                let exact = eval(
                    op,
                    &case.iter().map(|&x| Some(transient(x))).collect::<Vec<_>>(),
                )
                .expect("known");
                // Feed the inputs through the engine's planes directly, capped.
                for (k, &(s, c)) in case.iter().enumerate() {
                    let c = c.min(3);
                    let fill = |b: bool| if b { ONES } else { ZERO };
                    engine.planes[inputs[k] as usize] = Planes {
                        s: fill(s),
                        c0: fill(c & 1 == 1),
                        c1: fill(c & 2 == 2),
                        u: ZERO,
                    };
                }
                let saved = engine.inputs.clone();
                engine.inputs.clear();
                engine.run(&[], &[]);
                engine.inputs = saved;
                let p = engine.planes(g);
                let c = u32::from(p.c0[0] & 1 == 1) + 2 * u32::from(p.c1[0] & 1 == 1);
                assert_eq!(c, exact.changes.min(3), "{op:?} {case:?}");
                assert_eq!(p.s[0] & 1 == 1, exact.start, "{op:?} {case:?}");
                assert_eq!(p.u[0], 0);
            }
        }
    }
}
