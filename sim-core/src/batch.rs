//! The batch engine: levelized, bit-parallel ternary simulation for throughput.
//!
//! Each net holds two 64-bit planes, *known* and *value*: lane `i` of a net is −1 when
//! `known = 1, value = 0`, +1 when `known = 1, value = 1` and 0 (unknown) when `known = 0`
//! (`value` is then 0 too). A block of 64 input vectors is evaluated in one straight-line pass
//! over the gates in topological order, with Kleene's connectives as bitwise formulas:
//!
//! * AND: false where any input is known false; true where all are known true;
//! * OR: the dual; XOR: known where all inputs are known, value the parity of the values;
//! * NAND, NOR, XNOR, NOT: swap the true and false sets.
//!
//! Only combinational circuits: a combinational loop is refused with the loop named (the
//! event engine simulates loops), and so are flip-flops. Sources other than switches drive
//! their power-on value (constants their constant, buttons and clocks −1).
//!
//! For the same inputs, [`BatchEngine::run`] gives exactly what the event engine gives after
//! settling (a property test checks it).

use petgraph::graph::{DiGraph, NodeIndex};

use crate::circuit::{Circuit, NodeId};
use crate::kind::{GateOp, NodeKind};
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// Why a circuit cannot run on the batch engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The circuit has a combinational loop (these nodes, in node order).
    #[error("combinational loop through {} node(s): the batch engine needs an acyclic circuit (the event engine simulates loops)", .nodes.len())]
    Loop {
        /// Nodes on the loop (one strongly connected component).
        nodes: Vec<NodeId>,
    },
    /// The circuit has flip-flops.
    #[error("the circuit has flip-flops: the batch engine simulates combinational circuits only")]
    Sequential,
}

/// A compiled circuit ready for bit-parallel evaluation. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct BatchEngine {
    net: Netlist,
    /// Gates and terminals in topological order.
    order: Vec<u32>,
    /// The switches, in [`Circuit::inputs`] order.
    inputs: Vec<u32>,
    /// The terminals, in [`Circuit::terminals`] order.
    outputs: Vec<u32>,
    known: Vec<u64>,
    value: Vec<u64>,
}

impl BatchEngine {
    /// Compiles `circuit`.
    ///
    /// # Errors
    /// [`BatchError::Loop`] naming a combinational loop, or [`BatchError::Sequential`].
    pub fn new(circuit: &Circuit) -> Result<BatchEngine, BatchError> {
        let net = Netlist::compile(circuit);
        if net.ops.contains(&Op::Dff) {
            return Err(BatchError::Sequential);
        }
        let n = net.len();
        let index = |id: NodeId| net.index_of(id).expect("a node of the circuit");
        let inputs: Vec<u32> = circuit.inputs().map(index).collect();
        let outputs: Vec<u32> = circuit.terminals().map(index).collect();
        let order = topological(&net)?;
        let (mut known, mut value) = (vec![0u64; n + 1], vec![0u64; n + 1]);
        for i in 0..n {
            let v = match net.kinds[i] {
                NodeKind::Constant(v) => v,
                NodeKind::Button | NodeKind::Clock { .. } => Trit::False,
                _ => continue,
            };
            (known[i], value[i]) = splat(v);
        }
        Ok(BatchEngine {
            net,
            order,
            inputs,
            outputs,
            known,
            value,
        })
    }

    /// Number of input columns (switches).
    pub fn input_count(&self) -> usize {
        self.inputs.len()
    }

    /// Number of output columns (terminals).
    pub fn output_count(&self) -> usize {
        self.outputs.len()
    }

    /// Evaluates every vector (one value per input, in [`Circuit::inputs`] order; missing
    /// values are unknown) and returns the outputs of each, in [`Circuit::terminals`] order.
    pub fn run(&mut self, vectors: &[Vec<Trit>]) -> Vec<Vec<Trit>> {
        let mut out = Vec::with_capacity(vectors.len());
        for block in vectors.chunks(64) {
            for (k, &i) in self.inputs.iter().enumerate() {
                let (mut kn, mut va) = (0u64, 0u64);
                for (lane, v) in block.iter().enumerate() {
                    let t = v.get(k).copied().unwrap_or(Trit::Unknown);
                    kn |= u64::from(t.is_known()) << lane;
                    va |= u64::from(t == Trit::True) << lane;
                }
                self.known[i as usize] = kn;
                self.value[i as usize] = va;
            }
            self.eval();
            for lane in 0..block.len() {
                out.push(
                    self.outputs
                        .iter()
                        .map(|&o| lane_value(self.known[o as usize], self.value[o as usize], lane))
                        .collect(),
                );
            }
        }
        out
    }

    /// Evaluates one block of 64 lanes: `planes[k]` = (known, value) of input `k`; returns the
    /// outputs' planes. The building block of [`run`](Self::run), for callers that keep their
    /// vectors in planes already.
    pub fn run_planes(&mut self, planes: &[(u64, u64)]) -> Vec<(u64, u64)> {
        for (&i, &(k, v)) in self.inputs.iter().zip(planes) {
            self.known[i as usize] = k;
            self.value[i as usize] = v & k;
        }
        self.eval();
        self.outputs
            .iter()
            .map(|&o| (self.known[o as usize], self.value[o as usize]))
            .collect()
    }

    /// One straight-line pass over the gates.
    fn eval(&mut self) {
        let (known, value) = (&mut self.known, &mut self.value);
        for &i in &self.order {
            let Op::Gate(op) = self.net.ops[i as usize] else {
                continue;
            };
            let src = &self.net.in_src[self.net.input_range(i)];
            let (k, v) = match op {
                GateOp::Buf | GateOp::Not => {
                    let s = src.first().map_or(self.net.len(), |&s| s as usize);
                    (known[s], value[s])
                }
                GateOp::And | GateOp::Nand => {
                    let (mut t, mut f) = (!0u64, 0u64);
                    for &s in src {
                        let (ks, vs) = (known[s as usize], value[s as usize]);
                        t &= ks & vs;
                        f |= ks & !vs;
                    }
                    (t | f, t)
                }
                GateOp::Or | GateOp::Nor => {
                    let (mut t, mut f) = (0u64, !0u64);
                    for &s in src {
                        let (ks, vs) = (known[s as usize], value[s as usize]);
                        t |= ks & vs;
                        f &= ks & !vs;
                    }
                    (t | f, t)
                }
                GateOp::Xor | GateOp::Xnor => {
                    let (mut k, mut v) = (!0u64, 0u64);
                    for &s in src {
                        k &= known[s as usize];
                        v ^= value[s as usize];
                    }
                    (k, v & k)
                }
            };
            let negate = matches!(op, GateOp::Not | GateOp::Nand | GateOp::Nor | GateOp::Xnor);
            known[i as usize] = k;
            value[i as usize] = if negate { !v & k } else { v };
        }
    }
}

/// Both planes of a value repeated in all 64 lanes.
fn splat(v: Trit) -> (u64, u64) {
    match v {
        Trit::False => (!0, 0),
        Trit::Unknown => (0, 0),
        Trit::True => (!0, !0),
    }
}

fn lane_value(known: u64, value: u64, lane: usize) -> Trit {
    match (known >> lane & 1, value >> lane & 1) {
        (0, _) => Trit::Unknown,
        (_, 0) => Trit::False,
        _ => Trit::True,
    }
}

/// Gates and terminals in topological order (Kahn's algorithm over the netlist), or the
/// first combinational loop found.
fn topological(net: &Netlist) -> Result<Vec<u32>, BatchError> {
    let n = net.len();
    let floating = n as u32;
    let mut indegree: Vec<u32> = (0..n as u32)
        .map(|i| {
            net.in_src[net.input_range(i)]
                .iter()
                .filter(|&&s| s != floating)
                .count() as u32
        })
        .collect();
    let mut ready: Vec<u32> = (0..n as u32)
        .filter(|&i| indegree[i as usize] == 0)
        .collect();
    let mut order = Vec::with_capacity(n);
    while let Some(i) = ready.pop() {
        order.push(i);
        // Count every wire, not only distinct fanout targets.
        for k in net.fanout_range(i) {
            let t = net.fanout[k];
            let wires = net.in_src[net.input_range(t)]
                .iter()
                .filter(|&&s| s == i)
                .count() as u32;
            let d = &mut indegree[t as usize];
            *d -= wires;
            if *d == 0 {
                ready.push(t);
            }
        }
    }
    if order.len() == n {
        return Ok(order);
    }
    // Some nodes never became ready: they are on or behind a loop. Name one loop.
    let stuck: Vec<u32> = (0..n as u32)
        .filter(|&i| indegree[i as usize] > 0)
        .collect();
    let mut graph = DiGraph::<u32, ()>::new();
    let local: std::collections::HashMap<u32, NodeIndex> =
        stuck.iter().map(|&i| (i, graph.add_node(i))).collect();
    for &i in &stuck {
        for k in net.fanout_range(i) {
            if let Some(&to) = local.get(&net.fanout[k]) {
                graph.add_edge(local[&i], to, ());
            }
        }
    }
    let mut nodes: Vec<NodeId> = petgraph::algo::tarjan_scc(&graph)
        .into_iter()
        .find(|scc| scc.len() > 1 || graph.contains_edge(scc[0], scc[0]))
        .unwrap_or_default()
        .into_iter()
        .map(|x| net.ids[graph[x] as usize])
        .collect();
    nodes.sort_unstable();
    Err(BatchError::Loop { nodes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;

    #[test]
    fn loops_and_flip_flops_are_refused_with_the_loop_named() {
        let c = bench::from_str("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\nz = BUF(y)\n")
            .expect("valid");
        let Err(BatchError::Loop { nodes }) = BatchEngine::new(&c) else {
            panic!("a loop")
        };
        let labels: Vec<&str> = nodes.iter().map(|&id| c[id].label.as_str()).collect();
        assert_eq!(labels, ["x", "y"]);
        let c = bench::from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
        assert_eq!(BatchEngine::new(&c).err(), Some(BatchError::Sequential));
    }

    #[test]
    fn kleene_truth_tables_in_parallel_lanes() {
        let c = bench::from_str(
            "INPUT(a)\nINPUT(b)\nOUTPUT(and)\nOUTPUT(or)\nOUTPUT(xor)\nOUTPUT(nand)\n\
             and = AND(a, b)\nor = OR(a, b)\nxor = XOR(a, b)\nnand = NAND(a, b)\n",
        )
        .expect("valid");
        let mut engine = BatchEngine::new(&c).expect("combinational");
        let vectors: Vec<Vec<Trit>> = Trit::ALL
            .iter()
            .flat_map(|&a| Trit::ALL.map(|b| vec![a, b]))
            .collect();
        for (v, out) in vectors.iter().zip(engine.run(&vectors)) {
            let (a, b) = (v[0], v[1]);
            assert_eq!(
                out,
                [a.and(b), a.or(b), a.xor(b), a.and(b).not()],
                "{a} {b}"
            );
        }
    }
}
