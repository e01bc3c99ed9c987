//! Engine behaviour: the seed's golden trace, delta-cycle semantics, oscillation handling,
//! sources and clocks, and constant-stack settling of long chains.

use sim_core::generate::inverter_chain;
use sim_core::{
    Cause, Circuit, CircuitDesc, Engine, Event, Node, NodeId, NodeKind, Observer, Oscillation,
    SetError, SettleOptions, Trit, WireDesc,
};

use Trit::{False as F, True as T, Unknown as X};

/// The seed's RS NOR latch, wired so that fanout follows the seed's narration order.
fn rs_latch() -> Circuit {
    let desc = CircuitDesc {
        nodes: vec![
            Node::new("R", NodeKind::Switch),
            Node::new("S", NodeKind::Switch),
            Node::new("NOR1", NodeKind::Nor(2)),
            Node::new("NOR2", NodeKind::Nor(2)),
            Node::new("Q", NodeKind::Lamp),
            Node::new("Qn", NodeKind::Lamp),
        ],
        // Fanout is scheduled in wire order: NOR1 updates Q then NOR2, NOR2 updates Qn then
        // NOR1, as in the seed's narration.
        wires: vec![
            WireDesc::new("R", "NOR1", 0),
            WireDesc::new("S", "NOR2", 0),
            WireDesc::new("NOR1", "Q", 0),
            WireDesc::new("NOR1", "NOR2", 1),
            WireDesc::new("NOR2", "Qn", 0),
            WireDesc::new("NOR2", "NOR1", 1),
        ],
    };
    Circuit::from_desc(&desc).expect("valid latch")
}

fn id(c: &Circuit, label: &str) -> NodeId {
    c.find(label).unwrap_or_else(|| panic!("no node {label}"))
}

fn labels(c: &Circuit, ids: &[NodeId]) -> Vec<String> {
    ids.iter().map(|&i| c[i].label.clone()).collect()
}

/// `(label, delta, inputs, old, new, fanout)` of an event, for compact assertions.
type Row = (String, u32, Vec<Trit>, Trit, Trit, Vec<String>);

fn row(c: &Circuit, e: &Event) -> Row {
    (
        c[e.node].label.clone(),
        e.delta,
        e.inputs.clone(),
        e.old,
        e.new,
        labels(c, &e.fanout),
    )
}

fn expect_row(
    label: &str,
    delta: u32,
    inputs: &[Trit],
    old: Trit,
    new: Trit,
    fanout: &[&str],
) -> Row {
    (
        label.to_owned(),
        delta,
        inputs.to_vec(),
        old,
        new,
        fanout.iter().map(|s| (*s).to_owned()).collect(),
    )
}

#[test]
fn golden_trace_of_the_seed_reset() {
    let c = rs_latch();
    let (r, s, q, qn) = (id(&c, "R"), id(&c, "S"), id(&c, "Q"), id(&c, "Qn"));
    let mut engine = Engine::from_circuit(&c);
    engine.settle();
    engine.set([(r, F), (s, F)]).expect("switches");
    engine.settle();
    assert_eq!(
        (engine.value(q), engine.value(qn)),
        (X, X),
        "R = S = -1 keeps Q unknown"
    );

    engine.set([(r, T)]).expect("switch");
    let mut events: Vec<Event> = Vec::new();
    let report = engine.settle_with(&mut events);
    let rows: Vec<Row> = events.iter().map(|e| row(&c, e)).collect();
    assert_eq!(
        rows,
        vec![
            // Step 1: the reset node changes and updates its child NOR1.
            expect_row("R", 0, &[], F, T, &["NOR1"]),
            // 1 NOR 0 = -1: NOR1 changes and updates Q and NOR2.
            expect_row("NOR1", 1, &[T, X], X, F, &["Q", "NOR2"]),
            expect_row("Q", 2, &[F], X, F, &[]),
            // -1 NOR -1 = +1: NOR2 changes and updates Qn and NOR1.
            expect_row("NOR2", 2, &[F, F], X, T, &["Qn", "NOR1"]),
            expect_row("Qn", 3, &[T], X, T, &[]),
            // NOR1 re-evaluates, its output stays -1: propagation stops.
            expect_row("NOR1", 3, &[T, T], F, F, &[]),
        ]
    );
    // Causes chain back to the source.
    let causes: Vec<Cause> = events.iter().map(|e| e.cause).collect();
    let first = events[0].seq;
    assert_eq!(
        causes,
        vec![
            Cause::Set,
            Cause::Event(first),
            Cause::Event(first + 1),
            Cause::Event(first + 1),
            Cause::Event(first + 3),
            Cause::Event(first + 3),
        ]
    );
    assert_eq!(
        (report.events, report.deltas, report.oscillation),
        (6, 4, None)
    );
    assert_eq!((engine.value(q), engine.value(qn)), (F, T));
}

#[test]
fn step_processes_one_event_at_a_time_with_the_same_records_as_settle() {
    let c = rs_latch();
    let (r, s) = (id(&c, "R"), id(&c, "S"));
    let batches = [
        vec![(r, F), (s, F)],
        vec![(r, T)],
        vec![(r, F)],
        vec![(s, T)],
    ];

    let mut settled = Engine::from_circuit(&c);
    let mut expected: Vec<Event> = Vec::new();
    let mut stepped = Engine::from_circuit(&c);
    let mut got = Vec::new();
    for batch in batches {
        settled.set(batch.clone()).expect("switches");
        settled.settle_with(&mut expected);
        stepped.set(batch).expect("switches");
        let queued: Vec<NodeId> = stepped.pending().map(|p| p.node).collect();
        assert!(!queued.is_empty() && !stepped.is_settled());
        while let Some(event) = stepped.step() {
            got.push(event);
        }
        assert!(stepped.is_settled());
    }
    assert_eq!(got, expected);
}

#[test]
fn pending_shows_the_queue_with_deltas_and_causes() {
    let c = rs_latch();
    let (r, nor1) = (id(&c, "R"), id(&c, "NOR1"));
    let mut engine = Engine::from_circuit(&c);
    engine.set([(r, T)]).expect("switch");
    let pending: Vec<_> = engine
        .pending()
        .map(|p| (p.node, p.delta, p.cause))
        .collect();
    assert_eq!(pending, vec![(r, 0, Cause::Set)]);
    let first = engine.step().expect("one event");
    let pending: Vec<_> = engine
        .pending()
        .map(|p| (p.node, p.delta, p.cause))
        .collect();
    assert_eq!(pending, vec![(nor1, 1, Cause::Event(first.seq))]);
}

#[test]
fn a_node_waiting_in_two_deltas_keeps_each_cause() {
    // R = S = +1 from unknown: NOR1 changes first in delta 1 and schedules NOR2 for delta 2
    // while NOR2 still waits in delta 1 for S's change. Each evaluation names its own cause.
    let c = rs_latch();
    let (r, s) = (id(&c, "R"), id(&c, "S"));
    let mut engine = Engine::from_circuit(&c);
    engine.set([(r, T), (s, T)]).expect("switches");
    let mut events: Vec<Event> = Vec::new();
    engine.settle_with(&mut events);
    let nor2: Vec<(u32, Cause)> = events
        .iter()
        .filter(|e| c[e.node].label == "NOR2")
        .map(|e| (e.delta, e.cause))
        .collect();
    let seq_of = |label: &str, delta: u32| {
        events
            .iter()
            .find(|e| c[e.node].label == label && e.delta == delta)
            .map(|e| e.seq)
            .expect("event")
    };
    assert_eq!(
        nor2,
        [
            (1, Cause::Event(seq_of("S", 0))),
            (2, Cause::Event(seq_of("NOR1", 1)))
        ]
    );
}

#[derive(Default)]
struct Oscillations(Vec<Oscillation>);

impl Observer for Oscillations {
    const RECORDS: bool = false;
    fn on_oscillation(&mut self, o: &Oscillation) {
        self.0.push(o.clone());
    }
}

#[test]
fn rs_latch_released_in_one_batch_oscillates_and_resolves_to_unknown() {
    let c = rs_latch();
    let (r, s, q, qn) = (id(&c, "R"), id(&c, "S"), id(&c, "Q"), id(&c, "Qn"));
    let mut engine = Engine::from_circuit(&c);
    engine.set([(r, T), (s, T)]).expect("switches");
    assert!(engine.settle().oscillation.is_none());
    assert_eq!((engine.value(q), engine.value(qn)), (F, F));

    engine.set([(r, F), (s, F)]).expect("switches");
    let mut seen = Oscillations::default();
    let report = engine.settle_with(&mut seen);
    let osc = report.oscillation.expect("the latch races");
    assert_eq!(labels(&c, &osc.nodes), ["NOR1", "NOR2", "Q", "Qn"]);
    assert_eq!(
        labels(&c, &osc.feedback),
        ["NOR1", "NOR2"],
        "the loop, not the lamps"
    );
    assert!(osc.resolved);
    assert_eq!(osc.budget, engine.budget());
    assert_eq!(seen.0.len(), 1, "the observer hears of it");
    assert_eq!((engine.value(q), engine.value(qn)), (X, X));
    assert!(engine.is_settled());

    // Resolved, not stuck: a reset still resets.
    engine.set([(r, T)]).expect("switch");
    assert!(engine.settle().oscillation.is_none());
    assert_eq!((engine.value(q), engine.value(qn)), (F, T));
}

#[test]
fn rs_latch_released_one_input_after_the_other_holds() {
    let c = rs_latch();
    let (r, s, q, qn) = (id(&c, "R"), id(&c, "S"), id(&c, "Q"), id(&c, "Qn"));
    let mut engine = Engine::from_circuit(&c);
    for batch in [vec![(r, T), (s, T)], vec![(r, F)], vec![(s, F)]] {
        engine.set(batch).expect("switches");
        assert!(engine.settle().oscillation.is_none());
    }
    assert_eq!((engine.value(q), engine.value(qn)), (T, F));
}

/// `EN → G1 = NAND(EN, G3) → G2 = NOT → G3 = NOT → G1`: with EN = +1 a 3-inverter ring.
fn ring3() -> Circuit {
    let desc = CircuitDesc {
        nodes: vec![
            Node::new("EN", NodeKind::Switch),
            Node::new("G1", NodeKind::Nand(2)),
            Node::new("G2", NodeKind::Not),
            Node::new("G3", NodeKind::Not),
        ],
        wires: vec![
            WireDesc::new("EN", "G1", 0),
            WireDesc::new("G3", "G1", 1),
            WireDesc::new("G1", "G2", 0),
            WireDesc::new("G2", "G3", 0),
        ],
    };
    Circuit::from_desc(&desc).expect("valid ring")
}

#[test]
fn three_inverter_ring_ends_unknown_with_a_report_naming_it() {
    let c = ring3();
    let en = id(&c, "EN");
    let ring = [id(&c, "G1"), id(&c, "G2"), id(&c, "G3")];
    let mut engine = Engine::from_circuit(&c);
    engine.set([(en, F)]).expect("switch");
    assert!(engine.settle().oscillation.is_none());
    assert_eq!(ring.map(|g| engine.value(g)), [T, F, T]);

    engine.set([(en, T)]).expect("switch");
    let mut events: Vec<Event> = Vec::new();
    let report = engine.settle_with(&mut events);
    let osc = report
        .oscillation
        .expect("a ring of three inverters oscillates");
    assert_eq!(labels(&c, &osc.nodes), ["G1", "G2", "G3"]);
    assert_eq!(osc.feedback, osc.nodes);
    assert!(osc.resolved);
    assert_eq!(ring.map(|g| engine.value(g)), [X, X, X]);
    let resolved: Vec<String> = events
        .iter()
        .filter(|e| e.cause == Cause::Resolution)
        .map(|e| c[e.node].label.clone())
        .collect();
    assert_eq!(
        resolved,
        ["G1", "G2", "G3"],
        "the resolution is visible as events"
    );

    // Disabling the ring makes it known again.
    engine.set([(en, F)]).expect("switch");
    assert!(engine.settle().oscillation.is_none());
    assert_eq!(ring.map(|g| engine.value(g)), [T, F, T]);
}

#[test]
fn a_ring_that_starts_unknown_is_already_settled() {
    // NOT 0 = 0: without a known value to circulate, a ring has nothing to oscillate.
    let mut c = Circuit::new();
    let g: Vec<NodeId> = (0..3)
        .map(|i| {
            c.add_node(Node::new(format!("N{i}"), NodeKind::Not))
                .expect("node")
        })
        .collect();
    for i in 0..3 {
        c.connect(g[i], g[(i + 1) % 3], 0).expect("wire");
    }
    let mut engine = Engine::from_circuit(&c);
    let report = engine.settle();
    assert_eq!((report.events, report.oscillation), (0, None));
    assert!(g.iter().all(|&n| engine.value(n) == X));
}

#[test]
fn without_resolution_an_exceeded_budget_leaves_the_queue_for_later() {
    let c = inverter_chain(100);
    let (input, out) = (id(&c, "IN"), id(&c, "OUT"));
    let mut engine = Engine::from_circuit(&c);
    engine.set_options(SettleOptions {
        max_deltas: Some(10),
        resolve: false,
    });
    engine.set([(input, T)]).expect("switch");
    let report = engine.settle();
    let osc = report.oscillation.expect("100 deltas do not fit in 2 × 10");
    assert!(!osc.resolved && !engine.is_settled());
    assert_eq!(report.deltas, 20);
    assert_eq!(
        osc.nodes.len(),
        10,
        "the wave front moved through 10 gates while watched"
    );

    engine.set_options(SettleOptions::default());
    let report = engine.settle();
    assert!(report.oscillation.is_none());
    assert_eq!(engine.value(out), T, "100 inversions of +1");
}

#[test]
fn a_long_chain_settles_in_constant_stack() {
    // A recursive propagation (the seed's didSet chain) would need 100k stack frames here.
    const N: usize = 100_000;
    let c = inverter_chain(N);
    let (input, out) = (id(&c, "IN"), id(&c, "OUT"));
    let mut engine = Engine::from_circuit(&c);
    engine.set([(input, F)]).expect("switch");
    let report = engine.settle();
    assert_eq!(
        report.oscillation, None,
        "the default budget covers any acyclic circuit"
    );
    assert_eq!(report.events, N as u64 + 2);
    assert_eq!(report.deltas, N as u32 + 2);
    assert_eq!(engine.value(out), F, "an even number of inversions");
    engine.set([(input, T)]).expect("switch");
    engine.settle();
    assert_eq!(engine.value(out), T);
}

#[test]
fn sources_power_on_and_clocks_tick() {
    let desc = CircuitDesc {
        nodes: vec![
            Node::new("ONE", NodeKind::Constant(T)),
            Node::new("B", NodeKind::Button),
            Node::new("CLK", NodeKind::Clock { half_period: 2 }),
            Node::new("SW", NodeKind::Switch),
            Node::new("A", NodeKind::And(3)),
            Node::new("Y", NodeKind::Lamp),
            Node::new("C", NodeKind::Probe),
        ],
        wires: vec![
            WireDesc::new("ONE", "A", 0),
            WireDesc::new("B", "A", 1),
            WireDesc::new("CLK", "A", 2),
            WireDesc::new("A", "Y", 0),
            WireDesc::new("CLK", "C", 0),
        ],
    };
    let c = Circuit::from_desc(&desc).expect("valid");
    let [one, b, clk, sw, y, probe] = ["ONE", "B", "CLK", "SW", "Y", "C"].map(|l| id(&c, l));
    let mut engine = Engine::from_circuit(&c);
    assert!(engine.pending().all(|p| p.cause == Cause::PowerOn));
    engine.settle();
    assert_eq!(
        [one, b, clk, sw, y].map(|n| engine.value(n)),
        [T, F, F, X, F],
        "constants drive their value, buttons and clocks start low, switches unknown"
    );

    engine.set([(b, T)]).expect("press");
    engine.settle();
    let mut seen = Vec::new();
    for _ in 0..6 {
        engine.tick();
        engine.settle();
        seen.push((engine.value(probe), engine.value(y)));
    }
    assert_eq!(engine.time(), 6);
    assert_eq!(seen, [(F, F), (T, T), (T, T), (F, F), (F, F), (T, T)]);

    engine.reset();
    assert_eq!(
        (engine.time(), engine.events_processed(), engine.value(y)),
        (0, 0, X)
    );
}

#[test]
fn set_validates_the_whole_batch_first() {
    let desc = CircuitDesc {
        nodes: vec![
            Node::new("SW", NodeKind::Switch),
            Node::new("B", NodeKind::Button),
            Node::new("ONE", NodeKind::Constant(T)),
        ],
        wires: vec![],
    };
    let c = Circuit::from_desc(&desc).expect("valid");
    let [sw, b, one] = ["SW", "B", "ONE"].map(|l| id(&c, l));
    let mut engine = Engine::from_circuit(&c);
    engine.settle();
    assert!(matches!(
        engine.set([(sw, T), (one, F)]),
        Err(SetError::NotSettable { .. })
    ));
    assert!(matches!(
        engine.set([(b, X)]),
        Err(SetError::BadValue { .. })
    ));
    assert!(engine.is_settled(), "nothing of a refused batch is queued");
    engine
        .set([(sw, X), (sw, T)])
        .expect("a switch takes any value");
    engine.settle();
    assert_eq!(engine.value(sw), T, "the last assignment of a batch wins");
}

/// A port drives and reads like `set` and `value`, checks as `set` does, and follows nodes
/// whose internal index moved in a rebuild.
#[test]
fn ports_drive_and_read_like_set_and_value() {
    let mut c = rs_latch();
    let [r, s, q, qn, nor1] = ["R", "S", "Q", "Qn", "NOR1"].map(|l| id(&c, l));
    let mut by_port = Engine::from_circuit(&c);
    let mut by_set = Engine::from_circuit(&c);
    let inputs = by_port.port([r, s]).expect("in the netlist");
    let outputs = by_port.port([q, qn]).expect("in the netlist");
    assert_eq!((inputs.len(), inputs.ids()), (2, &[r, s][..]));
    for vector in [[T, F], [F, F], [F, T], [X, X]] {
        by_port.set_port(&inputs, &vector).expect("switches");
        by_set
            .set([(r, vector[0]), (s, vector[1])])
            .expect("switches");
        assert_eq!(by_port.settle(), by_set.settle());
        let read: Vec<Trit> = by_port.port_values(&outputs).collect();
        assert_eq!(read, [by_set.value(q), by_set.value(qn)]);
    }
    assert!(matches!(
        by_port.set_port(&inputs, &[T]),
        Err(SetError::PortWidth {
            expected: 2,
            found: 1
        })
    ));
    let wrong = by_port.port([r, nor1]).expect("in the netlist");
    assert!(matches!(
        by_port.set_port(&wrong, &[T, T]),
        Err(SetError::NotSettable { .. })
    ));
    assert!(
        by_port.is_settled(),
        "nothing of a refused vector is queued"
    );
    // Removing R moves the other nodes' indices; the port finds S, Q and Qn again. NOR1's
    // first input now floats (0): S = 1 gives Qn = NOR(1, ·) = −1 and Q = NOR(0, −1) = 0.
    c.remove_node(r);
    by_port.rebuild(sim_core::Netlist::compile(&c));
    let s_only = by_port.port([s]).expect("still there");
    by_port.set_port(&s_only, &[T]).expect("a switch");
    by_port.settle();
    assert_eq!(by_port.port_values(&outputs).collect::<Vec<_>>(), [X, F]);
    assert!(matches!(
        by_port.set_port(&inputs, &[T, T]),
        Err(SetError::UnknownNode(node)) if node == r
    ));
}

#[test]
fn rebuild_keeps_state_and_settles_the_new_wiring() {
    // Reset the latch, then add a NOT on Q's net: the latch keeps its state across the edit.
    let mut c = rs_latch();
    let (r, s, q) = (id(&c, "R"), id(&c, "S"), id(&c, "Q"));
    let mut engine = Engine::from_circuit(&c);
    engine.set([(r, T), (s, F)]).expect("switches");
    engine.settle();
    engine.set([(r, F)]).expect("switch");
    engine.settle();
    assert_eq!(engine.value(q), F);

    let inv = c.add_node(Node::new("INV", NodeKind::Not)).expect("node");
    let probe = c.add_node(Node::new("P", NodeKind::Probe)).expect("node");
    c.connect(id(&c, "NOR1"), inv, 0).expect("wire");
    c.connect(inv, probe, 0).expect("wire");
    engine.rebuild(sim_core::Netlist::compile(&c));
    assert!(engine.pending().all(|p| p.cause == Cause::Edit));
    assert!(engine.settle().oscillation.is_none());
    assert_eq!(
        (engine.value(q), engine.value(inv), engine.value(probe)),
        (F, T, T)
    );
    assert_eq!(engine.value(r), F, "switches keep their setting");

    // A source added by the edit drives its power-on value.
    let one = c
        .add_node(Node::new("ONE", NodeKind::Constant(T)))
        .expect("node");
    engine.rebuild(sim_core::Netlist::compile(&c));
    engine.settle();
    assert_eq!(engine.value(one), T);
}

#[test]
fn a_dff_captures_on_rising_clock_edges() {
    let desc = CircuitDesc {
        nodes: vec![
            Node::new("D", NodeKind::Switch),
            Node::new("CLK", NodeKind::Clock { half_period: 1 }),
            Node::new("FF", NodeKind::Dff),
            Node::new("Q", NodeKind::Lamp),
        ],
        wires: vec![
            WireDesc::new("D", "FF", 0),
            WireDesc::new("CLK", "FF", 1),
            WireDesc::new("FF", "Q", 0),
        ],
    };
    let c = Circuit::from_desc(&desc).expect("valid");
    let (d, q) = (id(&c, "D"), id(&c, "Q"));
    let mut engine = Engine::from_circuit(&c);
    engine.settle();
    assert_eq!(engine.value(q), X, "Q starts unknown");
    let mut seen = Vec::new();
    for (input, ticks) in [(T, 0), (T, 1), (F, 1), (F, 1), (T, 2), (X, 2)] {
        engine.set([(d, input)]).expect("switch");
        engine.settle();
        for _ in 0..ticks {
            engine.tick();
            engine.settle();
        }
        seen.push(engine.value(q));
    }
    // Clock: starts low; odd ticks rise, even ticks fall.
    assert_eq!(seen, [X, T, T, F, T, X]);
}

#[test]
fn a_set_source_tells_its_new_value_before_its_event_runs() {
    let c = rs_latch();
    let mut e = Engine::from_circuit(&c);
    e.settle();
    let r = id(&c, "R");
    e.set([(r, T)]).expect("a switch");
    assert_eq!(e.value(r), X, "the event has not run yet");
    assert_eq!(e.driven(r), Some(T), "but the switch is set to +1");
    e.step();
    assert_eq!(e.value(r), T);
    assert_eq!(e.driven(id(&c, "NOR1")), None, "a gate is not set");
}
