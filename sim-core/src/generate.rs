//! Generated circuits for tests and benchmarks. Every random generator takes a seed and gives
//! the same circuit for the same seed (a `ChaCha8` stream, stable across platforms).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::circuit::Circuit;
use crate::desc::{CircuitDesc, Node, WireDesc};
use crate::kind::NodeKind;

/// A chain `IN → G1 → G2 → … → Gn → OUT` of `n` inverters, labelled `IN`, `G1`..`Gn`, `OUT`
/// (a switch, `n` NOT gates and a probe). Setting `IN` makes one event per delta cycle for
/// `n + 2` deltas: the worst case for queue overhead and the test of constant stack use.
pub fn inverter_chain(n: usize) -> Circuit {
    let mut desc = CircuitDesc::default();
    desc.nodes.push(Node::new("IN", NodeKind::Switch));
    desc.nodes
        .extend((1..=n).map(|i| Node::new(format!("G{i}"), NodeKind::Not)));
    desc.nodes.push(Node::new("OUT", NodeKind::Probe));
    let label = |i: usize| {
        if i == 0 {
            "IN".to_owned()
        } else {
            format!("G{i}")
        }
    };
    desc.wires = (0..n)
        .map(|i| WireDesc::new(label(i), label(i + 1), 0))
        .chain([WireDesc::new(label(n), "OUT", 0)])
        .collect();
    Circuit::from_desc(&desc).expect("a generated chain is valid")
}

/// Shape of a [`random_dag`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DagShape {
    /// Switches, labelled `I0`, `I1`, … (at least 1).
    pub inputs: usize,
    /// Gates, labelled `G0`, `G1`, …
    pub gates: usize,
    /// Largest gate fan-in (2..=64); each n-input gate draws 2..=`max_fanin` inputs.
    pub max_fanin: u8,
    /// A gate draws its drivers from the `window` nodes created just before it (or any earlier
    /// node when 0), which sets the logic depth: ≈ `gates / window × const` for a small window.
    pub window: usize,
}

impl DagShape {
    /// `inputs` switches and `gates` gates, fan-in up to 3, drivers from the previous 64 nodes.
    pub fn new(inputs: usize, gates: usize) -> DagShape {
        DagShape {
            inputs,
            gates,
            max_fanin: 3,
            window: 64,
        }
    }
}

/// A random combinational circuit: switches `I*`, gates `G*` of every kind (BUF, NOT and the
/// n-input gates), each input driven by an earlier node, and a probe `O*` on every gate nobody
/// reads. Acyclic by construction; the same `seed` gives the same circuit.
pub fn random_dag(shape: DagShape, seed: u64) -> Circuit {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let inputs = shape.inputs.max(1);
    let max_fanin = shape.max_fanin.clamp(2, 64);
    let total = inputs + shape.gates;
    let mut desc = CircuitDesc::default();
    desc.nodes.reserve(total + shape.gates / 2);
    let mut labels: Vec<String> = Vec::with_capacity(total);
    let mut read = vec![false; total];
    for i in 0..inputs {
        labels.push(format!("I{i}"));
        desc.nodes
            .push(Node::new(labels[i].clone(), NodeKind::Switch));
    }
    for g in 0..shape.gates {
        let me = inputs + g;
        let fanin = rng.random_range(2..=max_fanin);
        let kind = match rng.random_range(0..8u8) {
            0 => NodeKind::Buf,
            1 => NodeKind::Not,
            2 => NodeKind::And(fanin),
            3 => NodeKind::Or(fanin),
            4 => NodeKind::Nand(fanin),
            5 => NodeKind::Nor(fanin),
            6 => NodeKind::Xor(fanin),
            _ => NodeKind::Xnor(fanin),
        };
        labels.push(format!("G{g}"));
        desc.nodes.push(Node::new(labels[me].clone(), kind));
        let lo = if shape.window == 0 {
            0
        } else {
            me.saturating_sub(shape.window)
        };
        for pin in 0..kind.input_count() {
            let from = rng.random_range(lo..me);
            read[from] = true;
            desc.wires.push(WireDesc::new(
                labels[from].clone(),
                labels[me].clone(),
                pin as u8,
            ));
        }
    }
    for g in 0..shape.gates {
        if !read[inputs + g] {
            let probe = format!("O{g}");
            desc.wires
                .push(WireDesc::new(labels[inputs + g].clone(), probe.clone(), 0));
            desc.nodes.push(Node::new(probe, NodeKind::Probe));
        }
    }
    Circuit::from_desc(&desc).expect("a generated DAG is valid")
}

/// An `bits`×`bits` unsigned array multiplier (like ISCAS-85's c6288, which is 16×16):
/// inputs `A0..` and `B0..` (least significant first), outputs `OUTPUT(P0)..` for the
/// `2 × bits` product bits. Built from AND partial products accumulated row by row with
/// ripple-carry adders (sum = 3-input XOR, carry = majority as OR of ANDs).
///
/// # Panics
/// If `bits` is 0.
pub fn array_multiplier(bits: usize) -> Circuit {
    assert!(bits > 0, "a multiplier needs at least one bit");
    let mut nets = Builder::default();
    let x_bits: Vec<String> = (0..bits)
        .map(|i| nets.node(format!("A{i}"), NodeKind::Switch, &[]))
        .collect();
    let y_bits: Vec<String> = (0..bits)
        .map(|j| nets.node(format!("B{j}"), NodeKind::Switch, &[]))
        .collect();
    // acc[k]: the net holding bit k of the running sum (None: known zero).
    let mut acc: Vec<Option<String>> = vec![None; 2 * bits];
    for (j, bj) in y_bits.iter().enumerate() {
        let mut carry: Option<String> = None;
        for k in j..2 * bits {
            let pp = (k - j < bits).then(|| {
                nets.node(
                    format!("PP{}_{j}", k - j),
                    NodeKind::And(2),
                    &[&x_bits[k - j], bj],
                )
            });
            let terms: Vec<String> = [acc[k].take(), pp, carry.take()]
                .into_iter()
                .flatten()
                .collect();
            let refs: Vec<&str> = terms.iter().map(String::as_str).collect();
            let (sum, c) = match refs[..] {
                [] => (None, None),
                [x] => (Some(x.to_owned()), None),
                [x, y] => (
                    Some(nets.node(format!("S{k}_{j}"), NodeKind::Xor(2), &[x, y])),
                    Some(nets.node(format!("C{k}_{j}"), NodeKind::And(2), &[x, y])),
                ),
                _ => {
                    let (x, y, z) = (refs[0], refs[1], refs[2]);
                    let xy = nets.node(format!("XY{k}_{j}"), NodeKind::And(2), &[x, y]);
                    let xz = nets.node(format!("XZ{k}_{j}"), NodeKind::And(2), &[x, z]);
                    let yz = nets.node(format!("YZ{k}_{j}"), NodeKind::And(2), &[y, z]);
                    (
                        Some(nets.node(format!("S{k}_{j}"), NodeKind::Xor(3), &[x, y, z])),
                        Some(nets.node(format!("C{k}_{j}"), NodeKind::Or(3), &[&xy, &xz, &yz])),
                    )
                }
            };
            acc[k] = sum;
            carry = c;
        }
    }
    // Only a 1-bit multiplier has a product bit that is always 0.
    if acc.iter().any(Option::is_none) {
        nets.node(
            "ZERO".to_owned(),
            NodeKind::Constant(crate::Trit::False),
            &[],
        );
    }
    for (k, net) in acc.iter().enumerate() {
        let net = net.as_deref().unwrap_or("ZERO");
        nets.node(format!("OUTPUT(P{k})"), NodeKind::Probe, &[net]);
    }
    Circuit::from_desc(&nets.desc).expect("a generated multiplier is valid")
}

/// Accumulates nodes and their input wires.
#[derive(Default)]
struct Builder {
    desc: CircuitDesc,
}

impl Builder {
    /// Adds node `label` of `kind` driven by `inputs` (pin order); returns its label.
    fn node(&mut self, label: String, kind: NodeKind, inputs: &[&str]) -> String {
        for (pin, from) in inputs.iter().enumerate() {
            self.desc
                .wires
                .push(WireDesc::new(*from, label.clone(), pin as u8));
        }
        self.desc.nodes.push(Node::new(label.clone(), kind));
        label
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Trit;
    use crate::batch::BatchEngine;

    #[test]
    fn the_array_multiplier_multiplies() {
        for bits in [1, 2, 5] {
            let c = array_multiplier(bits);
            let mut engine = BatchEngine::new(&c).expect("combinational");
            let max = 1u64 << bits;
            let mut vectors = Vec::new();
            for x in 0..max {
                for y in 0..max {
                    let bit = |v: u64, i: usize| Trit::from(v >> i & 1 == 1);
                    let mut v: Vec<Trit> = (0..bits).map(|i| bit(x, i)).collect();
                    v.extend((0..bits).map(|i| bit(y, i)));
                    vectors.push((x * y, v));
                }
            }
            let inputs: Vec<Vec<Trit>> = vectors.iter().map(|(_, v)| v.clone()).collect();
            for ((product, _), out) in vectors.iter().zip(engine.run(&inputs)) {
                let got = out
                    .iter()
                    .enumerate()
                    .map(|(k, t)| u64::from(*t == Trit::True) << k)
                    .sum::<u64>();
                assert_eq!(got, *product, "{bits} bits");
            }
        }
    }
}
