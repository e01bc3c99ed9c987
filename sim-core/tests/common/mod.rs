//! What sim-core's integration tests share: proptest strategies and the loading of the
//! example circuits.

#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sim_core::format::{self, Document};
use sim_core::generate::{DagShape, random_dag};
use sim_core::{Circuit, GateOp, Node, NodeId, NodeKind, Trit, TruthTable};

/// Any of the three trits.
pub fn trit() -> impl Strategy<Value = Trit> {
    prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
}

/// A seeded random DAG ([`random_dag`]) with 1..=`max_inputs` switches, 1..=`max_gates`
/// gates of fan-in 2..=4, each reading from a window of up to 12 earlier nodes.
pub fn dag(max_inputs: usize, max_gates: usize) -> impl Strategy<Value = Circuit> {
    (
        1..=max_inputs,
        1..=max_gates,
        2u8..=4,
        1usize..=12,
        any::<u64>(),
    )
        .prop_map(|(inputs, gates, max_fanin, window, seed)| {
            random_dag(
                DagShape {
                    inputs,
                    gates,
                    max_fanin,
                    window,
                },
                seed,
            )
        })
}

/// A random DAG (seeded) with 1..=`max_inputs` switches, plus a ternary value for each switch.
pub fn circuit_and_inputs(
    max_inputs: usize,
    max_gates: usize,
) -> impl Strategy<Value = (Circuit, Vec<(NodeId, Trit)>)> {
    dag(max_inputs, max_gates).prop_flat_map(|c| {
        let ids: Vec<NodeId> = c.inputs().collect();
        prop::collection::vec(trit(), ids.len()).prop_map(move |vals| {
            let assignment = ids.iter().copied().zip(vals).collect();
            (c.clone(), assignment)
        })
    })
}

/// A random register file: `inputs` switches `I0`…, a clock switch `CLK`, flip-flops `Q0`…
/// with an enable, and gates `G0`… between them. Each pin names a *signal*: in order the
/// switches, then `CLK` if [`with_clock`](Self::with_clock), the flip-flops' outputs, then
/// the gates (a gate reads only signals before it, so the only loops go through flip-flops).
#[derive(Clone, Debug)]
pub struct Registers {
    /// Switches `I0`…
    pub inputs: usize,
    /// Whether `CLK` is a signal gates and flip-flops may read (as D or EN).
    pub with_clock: bool,
    /// Per flip-flop: the signals of its D and its EN (`None`: EN unconnected, unknown), and
    /// its power-on value ([`Node::init`]; `None`: unknown).
    pub flops: Vec<(usize, Option<usize>, Option<Trit>)>,
    /// Per flip-flop, as a [`Form::Dffsr`]: the switches `I…` on its SET and RESET (`None`:
    /// unconnected, inactive). Switches only: a gate's glitch would reset a flip-flop under
    /// unit delay and not under the levelized schedule (see the engine's docs).
    pub set_reset: Vec<[Option<usize>; 2]>,
    /// Per gate: its function (`Not` reads its first signal) and two signals.
    pub gates: Vec<(GateOp, usize, usize)>,
}

impl Registers {
    /// The signals before gate `k` (or every signal, for `k` = the number of gates).
    fn signals(&self, k: usize) -> usize {
        self.inputs + usize::from(self.with_clock) + self.flops.len() + k
    }

    /// The circuit, its flip-flops in `form`. All have the same labels but the multiplexers'.
    pub fn build(&self, form: Form) -> Circuit {
        let as_mux = form == Form::Mux;
        let mut c = Circuit::new();
        let add = |c: &mut Circuit, label: String, kind| {
            c.add_node(Node::new(label, kind)).expect("a fresh label")
        };
        let mut signals: Vec<NodeId> = (0..self.inputs)
            .map(|k| add(&mut c, format!("I{k}"), NodeKind::Switch))
            .collect();
        let clk = add(&mut c, "CLK".to_owned(), NodeKind::Switch);
        if self.with_clock {
            signals.push(clk);
        }
        let kind = match form {
            Form::Dffe => NodeKind::Dffe,
            Form::Mux => NodeKind::Dff,
            Form::Dffsr => NodeKind::Dffsr,
        };
        let flops: Vec<NodeId> = self
            .flops
            .iter()
            .enumerate()
            .map(|(k, &(_, _, init))| {
                let node = Node {
                    init,
                    ..Node::new(format!("Q{k}"), kind)
                };
                c.add_node(node).expect("a fresh label")
            })
            .collect();
        signals.extend(&flops);
        for (k, &(op, a, b)) in self.gates.iter().enumerate() {
            let kind = if op == GateOp::Not {
                NodeKind::Not
            } else {
                NodeKind::gate(op, 2)
            };
            let g = add(&mut c, format!("G{k}"), kind);
            c.connect(signals[a], g, 0).expect("wire");
            if op != GateOp::Not {
                c.connect(signals[b], g, 1).expect("wire");
            }
            signals.push(g);
        }
        let mux = TruthTable::from_fn(3, |v| match v[0] {
            Trit::True => v[1],
            Trit::False => v[2],
            Trit::Unknown if v[1] == v[2] => v[1],
            Trit::Unknown => Trit::Unknown,
        })
        .expect("three inputs");
        for (k, (&q, &(d, en, _))) in flops.iter().zip(&self.flops).enumerate() {
            c.connect(clk, q, 1).expect("wire");
            if as_mux {
                let m = add(&mut c, format!("M{k}"), NodeKind::Table(mux));
                if let Some(en) = en {
                    c.connect(signals[en], m, 0).expect("wire");
                }
                c.connect(signals[d], m, 1).expect("wire");
                c.connect(q, m, 2).expect("wire");
                c.connect(m, q, 0).expect("wire");
            } else {
                c.connect(signals[d], q, 0).expect("wire");
                if let Some(en) = en {
                    c.connect(signals[en], q, 2).expect("wire");
                }
            }
        }
        if form == Form::Dffsr {
            for (&q, pins) in flops.iter().zip(&self.set_reset) {
                for (pin, switch) in [3, 4].into_iter().zip(pins) {
                    if let Some(k) = switch {
                        c.connect(signals[*k], q, pin).expect("wire");
                    }
                }
            }
        }
        c
    }

    /// The labels both [`build`](Self::build)s have: switches, clock, flip-flops, gates.
    pub fn labels(&self) -> Vec<String> {
        let names = |prefix: &'static str, n: usize| (0..n).map(move |k| format!("{prefix}{k}"));
        names("I", self.inputs)
            .chain(["CLK".to_owned()])
            .chain(names("Q", self.flops.len()))
            .chain(names("G", self.gates.len()))
            .collect()
    }
}

/// How [`Registers::build`] makes its flip-flops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Each a [`NodeKind::Dffe`].
    Dffe,
    /// Each a [`NodeKind::Dff`] whose D is a table gate `M0`… computing the Kleene
    /// multiplexer `EN ? D : Q` (input 0 EN, 1 D, 2 its own Q); an unconnected EN reads 0, as
    /// a `Dffe`'s does.
    Mux,
    /// Each a [`NodeKind::Dffsr`], its SET and RESET on [`Registers::set_reset`] (an
    /// unconnected EN enables).
    Dffsr,
}

/// A [`Registers`] of 1..=4 switches, 1..=5 flip-flops and up to 6 gates, `CLK` a signal if
/// `with_clock`; about one EN in eight unconnected, about half the flip-flops with a power-on
/// value, each SET and RESET (of [`Form::Dffsr`]) on a switch two times in three.
pub fn registers(with_clock: bool) -> impl Strategy<Value = Registers> {
    let ops = prop_oneof![
        Just(GateOp::And),
        Just(GateOp::Or),
        Just(GateOp::Xor),
        Just(GateOp::Nand),
        Just(GateOp::Not),
    ];
    (
        1usize..=4,
        prop::collection::vec(
            (
                any::<u16>(),
                any::<u16>(),
                0u8..8,
                prop::option::of(trit()),
                prop::array::uniform2(prop::option::weighted(0.67, any::<u16>())),
            ),
            1..=5,
        ),
        prop::collection::vec((ops, any::<u16>(), any::<u16>()), 0..=6),
    )
        .prop_map(move |(inputs, flops, gates)| {
            let mut r = Registers {
                inputs,
                with_clock,
                flops: Vec::new(),
                set_reset: flops
                    .iter()
                    .map(|&(.., pins)| pins.map(|p| p.map(|k| usize::from(k) % inputs)))
                    .collect(),
                gates: Vec::new(),
            };
            r.flops = flops.iter().map(|_| (0, None, None)).collect();
            for (k, &(op, a, b)) in gates.iter().enumerate() {
                let n = r.signals(k);
                r.gates.push((op, usize::from(a) % n, usize::from(b) % n));
            }
            let n = r.signals(r.gates.len());
            r.flops = flops
                .iter()
                .map(|&(d, en, floating, init, _)| {
                    let en = (floating != 0).then_some(usize::from(en) % n);
                    (usize::from(d) % n, en, init)
                })
                .collect();
            r
        })
}

/// The folder `circuits/` of the workspace.
pub fn circuits_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits")
}

/// Parses `text` as the file `path`, its libraries and contents files read relative to the
/// folder of the file naming them.
pub fn parse_file(text: &str, path: &Path) -> Document {
    let mut resolve = |name: &str, from: &str| -> Result<(String, String), String> {
        let p = Path::new(from)
            .parent()
            .unwrap_or_else(|| Path::new(""))
            .join(name);
        std::fs::read_to_string(&p)
            .map(|text| (p.to_string_lossy().into_owned(), text))
            .map_err(|e| format!("{}: {e}", p.display()))
    };
    format::from_str_with(text, &path.to_string_lossy(), &mut resolve)
        .unwrap_or_else(|e| panic!("cannot load {}: {e}", path.display()))
}

/// Reads and parses the file `path` (see [`parse_file`]).
pub fn load_file(path: &Path) -> Document {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_file(&text, path)
}

/// The circuit of `circuits/NAME` (see [`parse_file`]).
pub fn example(name: &str) -> Circuit {
    load_file(&circuits_dir().join(name)).circuit
}
