//! Cycle-based runs ([`Engine::run_clocked`], `sim_core::cycle`) against the levelized
//! engine ticking and settling: every node's value after every run, on random synchronous
//! netlists — clocks of several half periods and a switch as clocks, flip-flops with and
//! without enable and with and without a power-on value, gates of one to six inputs, inverters and buffers (folded into their
//! readers or not), table gates, a ROM and a RAM whose address, data and write enable come
//! from the logic — with their switches changed between runs; the runs' reports (ticks, the
//! condition that stops them, why a run is not cycle-based) and the state an engine keeps
//! afterwards.

use std::sync::Arc;

use proptest::prelude::*;
use sim_core::cycle::NotCycleBased;
use sim_core::memory::{Memory, MemoryKind, Word};
use sim_core::{
    Circuit, Engine, GateOp, Netlist, Node, NodeId, NodeKind, Schedule, Trit, TruthTable,
};

fn trit() -> impl Strategy<Value = Trit> {
    prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
}

fn add(c: &mut Circuit, label: impl Into<String>, kind: NodeKind) -> NodeId {
    c.add_node(Node::new(label, kind)).expect("a fresh label")
}

fn wire(c: &mut Circuit, from: NodeId, to: NodeId, pin: usize) {
    c.connect(from, to, pin as u8).expect("a free pin");
}

/// A flip-flop of a [`Synchronous`] netlist (see [`Synchronous::flops`]).
type Flop = (
    u16,
    u16,
    Option<u16>,
    Option<Trit>,
    Option<[Option<u16>; 2]>,
);

/// A gate of a [`Synchronous`] netlist.
#[derive(Clone, Debug)]
enum Gate {
    /// A standard gate (`Buf` and `Not` read their first signal).
    Op(GateOp, Vec<u16>),
    /// A table gate: its outputs (3ⁿ of them) and its n signals.
    Table(Vec<Trit>, Vec<u16>),
}

/// A random synchronous netlist. Signals, in order: switches `S0`…, clocks `C0`… (half
/// periods 1 to 3), flip-flops `Q0`…, gates `A0`…, the ROM's data bits `R[0]`…, the RAM's
/// `W[0]`…, gates `B0`…; each gate and memory pin reads a signal before it (taken modulo
/// their number), a flip-flop's D and EN any signal. Clock pins read a clock or switch `S0`.
/// Lamps `L0`… read any signal.
#[derive(Clone, Debug)]
struct Synchronous {
    switches: usize,
    clocks: Vec<u32>,
    /// Per flip-flop: its clock (an index into the clocks, or past them for `S0`), D, EN
    /// (`None`: a `Dff`, or a `Dffsr`'s unconnected EN), power-on value (`None`: unknown),
    /// and for a `Dffsr` the switches on its SET and RESET (`None`: unconnected).
    flops: Vec<Flop>,
    before: Vec<Gate>,
    /// The ROM's words (4 words of 3 bits) and address signals, if any.
    rom: Option<(Vec<[Trit; 3]>, [u16; 2])>,
    /// The RAM's address, data-in (2 bits), write enable and clock, if any.
    ram: Option<([u16; 2], [u16; 2], u16, u16)>,
    after: Vec<Gate>,
    lamps: Vec<u16>,
}

fn gate() -> impl Strategy<Value = Gate> {
    let op = prop_oneof![
        Just(GateOp::And),
        Just(GateOp::Or),
        Just(GateOp::Xor),
        Just(GateOp::Nand),
        Just(GateOp::Nor),
        Just(GateOp::Xnor),
        Just(GateOp::Not),
        Just(GateOp::Buf),
    ];
    prop_oneof![
        3 => (op, prop::collection::vec(any::<u16>(), 2..=6))
            .prop_map(|(op, pins)| Gate::Op(op, pins)),
        1 => (1u32..=3).prop_flat_map(|n| {
            (
                prop::collection::vec(trit(), 3usize.pow(n)),
                prop::collection::vec(any::<u16>(), n as usize),
            )
                .prop_map(|(outputs, pins)| Gate::Table(outputs, pins))
        }),
    ]
}

fn synchronous() -> impl Strategy<Value = Synchronous> {
    (
        1usize..=3,
        prop::collection::vec(1u32..=3, 1..=2),
        prop::collection::vec(
            (
                any::<u16>(),
                any::<u16>(),
                prop::option::weighted(0.6, any::<u16>()),
                prop::option::of(trit()),
                prop::option::weighted(
                    0.4,
                    prop::array::uniform2(prop::option::weighted(0.67, any::<u16>())),
                ),
            ),
            1..=6,
        ),
        prop::collection::vec(gate(), 0..=6),
        prop::option::of((
            prop::collection::vec(prop::array::uniform3(trit()), 4),
            prop::array::uniform2(any::<u16>()),
        )),
        prop::option::of((
            prop::array::uniform2(any::<u16>()),
            prop::array::uniform2(any::<u16>()),
            any::<u16>(),
            any::<u16>(),
        )),
        prop::collection::vec(gate(), 0..=10),
        prop::collection::vec(any::<u16>(), 0..=3),
    )
        .prop_map(
            |(switches, clocks, flops, before, rom, ram, after, lamps)| Synchronous {
                switches,
                clocks,
                flops,
                before,
                rom,
                ram,
                after,
                lamps,
            },
        )
}

impl Synchronous {
    /// The circuit and its switches.
    fn build(&self) -> (Circuit, Vec<NodeId>) {
        let mut c = Circuit::new();
        let switches: Vec<NodeId> = (0..self.switches)
            .map(|k| add(&mut c, format!("S{k}"), NodeKind::Switch))
            .collect();
        let clocks: Vec<NodeId> = self
            .clocks
            .iter()
            .enumerate()
            .map(|(k, &half_period)| add(&mut c, format!("C{k}"), NodeKind::Clock { half_period }))
            .collect();
        let flops: Vec<NodeId> = self
            .flops
            .iter()
            .enumerate()
            .map(|(k, &(_, _, en, init, set_reset))| {
                let kind = match (set_reset, en) {
                    (Some(_), _) => NodeKind::Dffsr,
                    (None, Some(_)) => NodeKind::Dffe,
                    (None, None) => NodeKind::Dff,
                };
                let node = Node {
                    init,
                    ..Node::new(format!("Q{k}"), kind)
                };
                c.add_node(node).expect("a fresh label")
            })
            .collect();
        let mut signals: Vec<NodeId> = switches
            .iter()
            .chain(&clocks)
            .chain(&flops)
            .copied()
            .collect();
        let pick = |signals: &[NodeId], s: u16| signals[usize::from(s) % signals.len()];
        let gates = |c: &mut Circuit, signals: &mut Vec<NodeId>, prefix: &str, list: &[Gate]| {
            for (k, g) in list.iter().enumerate() {
                let (kind, pins) = match g {
                    Gate::Op(op, pins) => {
                        let pins = if matches!(op, GateOp::Buf | GateOp::Not) {
                            &pins[..1]
                        } else {
                            &pins[..]
                        };
                        (NodeKind::gate(*op, pins.len() as u8), pins)
                    }
                    Gate::Table(outputs, pins) => {
                        let table =
                            TruthTable::new(pins.len() as u8, outputs).expect("3^n outputs");
                        (NodeKind::Table(table), &pins[..])
                    }
                };
                let node = add(c, format!("{prefix}{k}"), kind);
                for (j, &s) in pins.iter().enumerate() {
                    let from = pick(signals, s);
                    wire(c, from, node, j);
                }
                signals.push(node);
            }
        };
        gates(&mut c, &mut signals, "A", &self.before);
        let memories = self.memories(&mut c, &mut signals, &clocks, &switches);
        c.set_memories(memories);
        gates(&mut c, &mut signals, "B", &self.after);
        for (&q, &(by, d, en, _, set_reset)) in flops.iter().zip(&self.flops) {
            let d = pick(&signals, d);
            wire(&mut c, d, q, 0);
            wire(&mut c, clock(&clocks, &switches, by), q, 1);
            if let Some(en) = en {
                wire(&mut c, pick(&signals, en), q, 2);
            }
            let pins = set_reset.unwrap_or_default();
            for (pin, switch) in [3, 4].into_iter().zip(pins) {
                if let Some(s) = switch {
                    wire(&mut c, pick(&switches, s), q, pin);
                }
            }
        }
        for (k, &s) in self.lamps.iter().enumerate() {
            let lamp = add(&mut c, format!("L{k}"), NodeKind::Lamp);
            wire(&mut c, pick(&signals, s), lamp, 0);
        }
        (c, switches)
    }

    /// The ROM and the RAM, if any, their data bits appended to `signals`; their
    /// declarations.
    fn memories(
        &self,
        c: &mut Circuit,
        signals: &mut Vec<NodeId>,
        clocks: &[NodeId],
        switches: &[NodeId],
    ) -> Vec<Memory> {
        let pick = |signals: &[NodeId], s: u16| signals[usize::from(s) % signals.len()];
        let mut memories = Vec::new();
        if let Some((words, addr)) = &self.rom {
            let addr = addr.map(|s| pick(signals, s));
            let bits: Vec<NodeId> = (0..3)
                .map(|k| add(c, format!("R[{k}]"), NodeKind::Rom { addr_bits: 2 }))
                .collect();
            for &bit in &bits {
                for (j, &a) in addr.iter().enumerate() {
                    wire(c, a, bit, j);
                }
            }
            signals.extend(&bits);
            memories.push(Memory {
                label: "R".into(),
                kind: MemoryKind::Rom,
                addr_bits: 2,
                data_bits: 3,
                image: Arc::from(
                    words
                        .iter()
                        .map(|w| Word::from_trits(w))
                        .collect::<Vec<_>>(),
                ),
                file: None,
            });
        }
        if let Some((addr, din, we, clk)) = &self.ram {
            let addr = addr.map(|s| pick(signals, s));
            let din = din.map(|s| pick(signals, s));
            let we = pick(signals, *we);
            let clk = clock(clocks, switches, *clk);
            let bits: Vec<NodeId> = (0..2)
                .map(|k| add(c, format!("W[{k}]"), NodeKind::Ram { addr_bits: 2 }))
                .collect();
            for (k, &bit) in bits.iter().enumerate() {
                for (j, &a) in addr.iter().enumerate() {
                    wire(c, a, bit, j);
                }
                wire(c, din[k], bit, 2);
                wire(c, we, bit, 3);
                wire(c, clk, bit, 4);
            }
            signals.extend(&bits);
            memories.push(Memory {
                label: "W".into(),
                kind: MemoryKind::Ram,
                addr_bits: 2,
                data_bits: 2,
                image: Arc::from(vec![Word::UNKNOWN; 4]),
                file: None,
            });
        }
        memories
    }
}

/// Clock `k`: one of the clocks, or past them switch `S0`.
fn clock(clocks: &[NodeId], switches: &[NodeId], k: u16) -> NodeId {
    clocks
        .get(usize::from(k) % (clocks.len() + 1))
        .copied()
        .unwrap_or(switches[0])
}

fn values(c: &Circuit, engine: &Engine) -> Vec<Trit> {
    c.nodes().map(|(id, _)| engine.value(id)).collect()
}

fn levelized(c: &Circuit) -> Engine {
    let mut engine = Engine::with_schedule(Netlist::compile(c), Schedule::Levelized);
    assert_eq!(engine.schedule(), Schedule::Levelized);
    engine.settle();
    engine
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Runs of 1 to 7 ticks, cycle-based, leave every node with the value the levelized
    /// engine has after as many ticks and settles; switches change between runs (settled
    /// by the engine, which the next run loads).
    #[test]
    fn cycle_based_runs_give_the_levelized_values(
        s in synchronous(),
        runs in prop::collection::vec((1u64..=7, prop::collection::vec(trit(), 3)), 1..10),
    ) {
        let (c, switches) = s.build();
        let mut reference = levelized(&c);
        let mut cycled = levelized(&c);
        for (ticks, vector) in &runs {
            let batch: Vec<(NodeId, Trit)> = switches.iter().copied().zip(vector.iter().copied()).collect();
            for engine in [&mut reference, &mut cycled] {
                engine.set(batch.iter().copied()).expect("switches");
                engine.settle();
            }
            for _ in 0..*ticks {
                reference.tick();
                reference.settle();
            }
            let events = cycled.events_processed();
            let run = cycled.run_clocked(*ticks, &[]);
            prop_assert_eq!(run.cycle_based, Ok(()));
            prop_assert_eq!((run.ticks, run.held), (*ticks, false));
            prop_assert_eq!(cycled.events_processed(), events, "a cycle-based run counts no events");
            prop_assert_eq!(cycled.time(), reference.time());
            prop_assert!(cycled.is_settled());
            prop_assert_eq!(values(&c, &cycled), values(&c, &reference));
        }
        // The state the engine kept (flip-flops' last clocks, RAM words) goes on alike.
        for _ in 0..4 {
            for engine in [&mut reference, &mut cycled] {
                engine.tick();
                engine.settle();
            }
            prop_assert_eq!(values(&c, &cycled), values(&c, &reference));
        }
    }

    /// A run stops after the first tick at which its condition holds, as ticking and
    /// settling until it holds does.
    #[test]
    fn a_run_stops_when_its_condition_holds(
        s in synchronous(),
        node in any::<prop::sample::Index>(),
        want in trit(),
    ) {
        let (c, _) = s.build();
        let ids: Vec<NodeId> = c.nodes().map(|(id, _)| id).collect();
        let id = ids[node.index(ids.len())];
        let mut reference = levelized(&c);
        let mut cycled = levelized(&c);
        let mut ticks = 0;
        let mut held = false;
        while ticks < 40 && !held {
            reference.tick();
            reference.settle();
            ticks += 1;
            held = reference.value(id) == want;
        }
        let run = cycled.run_clocked(40, &[(id, want)]);
        prop_assert_eq!((run.ticks, run.held), (ticks, held));
        prop_assert_eq!(values(&c, &cycled), values(&c, &reference));
    }
}

/// A flip-flop clocked by another's output (a ripple counter) is not synchronous: the run
/// says so, naming both, and ticks and settles instead.
#[test]
fn a_derived_clock_is_refused_by_name() {
    let mut c = Circuit::new();
    let clk = add(&mut c, "CLK", NodeKind::Clock { half_period: 1 });
    let q0 = add(&mut c, "Q0", NodeKind::Dff);
    let n0 = add(&mut c, "N0", NodeKind::Not);
    let q1 = add(&mut c, "Q1", NodeKind::Dff);
    let n1 = add(&mut c, "N1", NodeKind::Not);
    for (from, to, pin) in [
        (clk, q0, 1),
        (q0, n0, 0),
        (n0, q0, 0),
        (q0, q1, 1),
        (q1, n1, 0),
        (n1, q1, 0),
    ] {
        wire(&mut c, from, to, pin);
    }
    let mut engine = levelized(&c);
    let mut reference = levelized(&c);
    let run = engine.run_clocked(9, &[]);
    assert_eq!(
        run.cycle_based,
        Err(NotCycleBased::DerivedClock {
            node: q1,
            driver: q0
        })
    );
    assert_eq!(run.ticks, 9);
    for _ in 0..9 {
        reference.tick();
        reference.settle();
    }
    assert_eq!(values(&c, &engine), values(&c, &reference));
    // The refusal is kept, and said again.
    assert!(engine.run_clocked(1, &[]).cycle_based.is_err());
}

/// Under the unit-delay schedule, and on a circuit with a combinational loop (which keeps
/// it), a run ticks and settles and says why.
#[test]
fn unit_delay_and_loops_are_not_cycle_based() {
    let mut c = Circuit::new();
    let clk = add(&mut c, "CLK", NodeKind::Clock { half_period: 1 });
    let flop = add(&mut c, "Q", NodeKind::Dff);
    let not = add(&mut c, "N", NodeKind::Not);
    wire(&mut c, clk, flop, 1);
    wire(&mut c, flop, not, 0);
    wire(&mut c, not, flop, 0);
    let mut unit = Engine::new(Netlist::compile(&c));
    unit.settle();
    assert_eq!(
        unit.run_clocked(4, &[]).cycle_based,
        Err(NotCycleBased::UnitDelay)
    );
    assert_eq!(unit.time(), 4);
    let latch = ["A", "B"].map(|label| add(&mut c, label, NodeKind::Nand(2)));
    wire(&mut c, latch[0], latch[1], 0);
    wire(&mut c, latch[1], latch[0], 0);
    let mut looped = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
    looped.settle();
    assert_eq!(looped.schedule(), Schedule::UnitDelay);
    assert_eq!(
        looped.run_clocked(4, &[]).cycle_based,
        Err(NotCycleBased::Loop)
    );
}

/// A RAM written on a clock edge that changes nothing else: its read shows the new word
/// (the write alone makes the settle sweep), and a write with an unknown address makes the
/// bits of both candidate words that could change unknown.
#[test]
fn a_ram_write_alone_is_read_back() {
    let mut c = Circuit::new();
    let clk = add(&mut c, "CLK", NodeKind::Clock { half_period: 1 });
    let [a0, din, we] = ["A0", "D", "WE"].map(|label| add(&mut c, label, NodeKind::Switch));
    // A one-bit memory's data bit is labelled as the memory.
    let bit = add(&mut c, "W", NodeKind::Ram { addr_bits: 1 });
    let lamp = add(&mut c, "L", NodeKind::Lamp);
    for (from, pin) in [(a0, 0), (din, 1), (we, 2), (clk, 3)] {
        wire(&mut c, from, bit, pin);
    }
    wire(&mut c, bit, lamp, 0);
    c.set_memories(vec![Memory {
        label: "W".into(),
        kind: MemoryKind::Ram,
        addr_bits: 1,
        data_bits: 1,
        image: Arc::from(vec![Word::from_u64(0, 1); 2]),
        file: None,
    }]);
    let mut engine = levelized(&c);
    let mut reference = levelized(&c);
    let steps = [
        ([Trit::True, Trit::True, Trit::True], Trit::True),
        ([Trit::False, Trit::True, Trit::True], Trit::True),
        ([Trit::Unknown, Trit::False, Trit::True], Trit::Unknown),
        ([Trit::True, Trit::False, Trit::False], Trit::Unknown),
    ];
    for (inputs, read) in steps {
        for e in [&mut engine, &mut reference] {
            e.set([a0, din, we].into_iter().zip(inputs))
                .expect("switches");
            e.settle();
        }
        for _ in 0..2 {
            reference.tick();
            reference.settle();
        }
        assert_eq!(engine.run_clocked(2, &[]).cycle_based, Ok(()));
        assert_eq!(
            reference.value(lamp),
            read,
            "reference after writing at {inputs:?}"
        );
        assert_eq!(engine.value(lamp), read, "after writing at {inputs:?}");
        assert_eq!(values(&c, &engine), values(&c, &reference));
    }
}

/// A netlist of more cells than 16-bit indices reach (a flip-flop behind a chain of 70,000
/// XOR gates, each also reading a switch) runs as the small ones do.
#[test]
fn a_program_past_65536_cells_runs_alike() {
    let mut c = Circuit::new();
    let clk = add(&mut c, "CLK", NodeKind::Clock { half_period: 1 });
    let [s, reset] = ["S", "R"].map(|label| add(&mut c, label, NodeKind::Switch));
    let q = add(&mut c, "Q", NodeKind::Dff);
    wire(&mut c, clk, q, 1);
    let mut last = q;
    for k in 0..70_000 {
        let g = add(&mut c, format!("X{k}"), NodeKind::Xor(2));
        wire(&mut c, last, g, 0);
        wire(&mut c, s, g, 1);
        last = g;
    }
    // D = NOR(chain, R): −1 while R is +1; with R at −1 and S known the chain is the
    // identity (XOR with −1 is a buffer, with +1 an inverter, 70,000 of them), so D = NOT Q
    // and Q toggles on every rising edge; S unknown makes it unknown.
    let d = add(&mut c, "D", NodeKind::Nor(2));
    wire(&mut c, last, d, 0);
    wire(&mut c, reset, d, 1);
    wire(&mut c, d, q, 0);
    let mut engine = levelized(&c);
    let mut reference = levelized(&c);
    let mut seen = Vec::new();
    for (r, value) in [
        (Trit::True, Trit::False),
        (Trit::False, Trit::False),
        (Trit::False, Trit::True),
        (Trit::False, Trit::Unknown),
    ] {
        for e in [&mut engine, &mut reference] {
            e.set([(reset, r), (s, value)]).expect("switches");
            e.settle();
        }
        for _ in 0..3 {
            reference.tick();
            reference.settle();
        }
        assert_eq!(engine.run_clocked(3, &[]).cycle_based, Ok(()));
        for id in [q, last, d] {
            assert_eq!(
                engine.value(id),
                reference.value(id),
                "R = {r}, S = {value}"
            );
        }
        seen.push(engine.value(q));
    }
    // Runs of three ticks from a low clock: two rising edges, then one, then two: reset,
    // toggled once, toggled twice, unknown.
    assert_eq!(seen, [Trit::False, Trit::True, Trit::True, Trit::Unknown]);
}

/// A 2-bit counter of two flip-flops, `init: -1` on each (Q0 toggles, Q1 takes Q1 ⊕ Q0),
/// without reset; `init` is written only when given.
fn counter(init: &str) -> Circuit {
    let text = format!(
        r#"(version: 5,
        nodes: [
            (label: "CLK", kind: Clock(half_period: 1)),
            (label: "Q0", kind: Dff{init}), (label: "N0", kind: Not),
            (label: "Q1", kind: Dff{init}), (label: "X1", kind: Xor(2)),
        ],
        wires: [
            (from: "CLK", to: "Q0", input: 1), (from: "CLK", to: "Q1", input: 1),
            (from: "Q0", to: "N0"), (from: "N0", to: "Q0"),
            (from: "Q0", to: "X1"), (from: "Q1", to: "X1", input: 1), (from: "X1", to: "Q1"),
        ])"#
    );
    sim_core::format::from_str(&text)
        .expect("the counter")
        .circuit
}

/// The counter's value, Q1 Q0 as a binary number (−1 is 0), `None` while a bit is unknown.
fn count(c: &Circuit, engine: &Engine) -> Option<u8> {
    let bit = |label: &str| match engine.value(c.find(label).expect("a flip-flop")) {
        Trit::False => Some(0),
        Trit::True => Some(1),
        Trit::Unknown => None,
    };
    Some(2 * bit("Q1")? + bit("Q0")?)
}

/// With a power-on value the counter counts from 0 — under unit delay, levelized, and
/// cycle-based runs alike (a rising edge every two ticks); without one it stays unknown.
#[test]
fn a_counter_of_flip_flops_with_a_power_on_value_counts_from_zero_on_every_engine() {
    let c = counter(", init: -1");
    let mut engines: Vec<Engine> = [Schedule::UnitDelay, Schedule::Levelized]
        .into_iter()
        .map(|schedule| {
            let mut engine = Engine::with_schedule(Netlist::compile(&c), schedule);
            assert_eq!(engine.schedule(), schedule);
            engine.settle();
            engine
        })
        .collect();
    let mut cycled = levelized(&c);
    for want in [0, 1, 2, 3, 0, 1] {
        for engine in &mut engines {
            assert_eq!(count(&c, engine), Some(want), "{:?}", engine.schedule());
            for _ in 0..2 {
                engine.tick();
                engine.settle();
            }
        }
        assert_eq!(count(&c, &cycled), Some(want), "cycle-based");
        assert_eq!(cycled.run_clocked(2, &[]).cycle_based, Ok(()));
    }
    let c = counter("");
    let mut engine = levelized(&c);
    for _ in 0..6 {
        assert_eq!(
            count(&c, &engine),
            None,
            "no power-on value, no reset: unknown"
        );
        engine.tick();
        engine.settle();
    }
}
