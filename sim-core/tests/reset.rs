//! The reset analysis (`sim_core::analysis::reset`) and the explanation of unknowns
//! (`sim_core::analysis::why`) on the example circuits: which state a reset leaves unknown,
//! and the chain back to what keeps a node unknown.

mod common;

use common::example;
use sim_core::analysis::reset::{self, Element, ResetError, Sequence};
use sim_core::analysis::why::{self, Because, Context};
use sim_core::{Circuit, Engine, NodeId, Trit};

fn id(c: &Circuit, label: &str) -> NodeId {
    c.find(label).unwrap_or_else(|| panic!("no node {label}"))
}

fn sequence(text: &str) -> Sequence {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The flip-flops of `report` still unknown, by label.
fn unknown_flip_flops(c: &Circuit, report: &reset::ResetReport) -> Vec<String> {
    report
        .unknown
        .iter()
        .filter_map(|u| match &u.element {
            Element::FlipFlop(f) => Some(c[*f].label.clone()),
            Element::Latch(_) => None,
        })
        .collect()
}

#[test]
fn the_counter_is_initialised_by_its_reset() {
    // circuits/lib/counter4.ron's register is four master-slave flip-flops of gated latches
    // (circuits/lib/dff.ron); with the adders feeding each bit's next value back, each bit is
    // one loop: four latches in the analysis' sense (strongly connected components).
    let c = example("counter_decoder.ron");
    let report =
        reset::analyze(&c, &sequence("CLK=-1, RESET=+1; CLK=+1; CLK=-1, RESET=-1")).expect("ok");
    assert_eq!((report.flip_flops, report.latches), (0, 4));
    assert!(report.is_initialised(), "{:?}", report.unknown);
    // Without the reset's clock edge the slaves keep their power-on unknown: every bit is held
    // unknown by loops (the latches' own), nothing outside them.
    let report = reset::analyze(&c, &sequence("CLK=-1, RESET=+1; RESET=-1")).expect("ok");
    assert_eq!(report.unknown.len(), 4, "{:?}", report.unknown);
    for u in &report.unknown {
        assert!(matches!(u.element, Element::Latch(_)));
        assert!(!u.why.loops.is_empty(), "{:?}", u.why);
        assert_eq!(u.why.origins().count(), 0, "{:?}", u.why);
    }
}

#[test]
fn a_register_without_reset_is_reported_with_the_loop_that_keeps_it_unknown() {
    let c = example("reset/counter2_missing_reset.ron");
    let report = reset::analyze(
        &c,
        &sequence("CLK=-1, RESET=+1; CLK=+1; CLK=-1, RESET=-1; tick 3"),
    )
    .expect("ok");
    assert!(!report.is_initialised());
    assert_eq!(unknown_flip_flops(&c, &report), ["FF1"]);
    let why = &report.unknown[0].why;
    // FF1 took NEXT1 (unknown), and NEXT1 = FF1 XOR FF0 is unknown through FF1 itself.
    let chain: Vec<(String, usize)> = why
        .links
        .iter()
        .map(|w| (c[w.node].label.clone(), w.depth))
        .collect();
    assert_eq!(chain, [("FF1".to_owned(), 0), ("NEXT1".to_owned(), 1)]);
    assert_eq!(
        why.links[0].because,
        Because::Sampled {
            from: vec![id(&c, "NEXT1")]
        }
    );
    assert_eq!(
        why.links[1].because,
        Because::Inputs {
            from: vec![id(&c, "FF1")]
        }
    );
    assert_eq!(why.loops, [vec![id(&c, "FF1"), id(&c, "NEXT1")]]);
}

/// The same counter with power-on values (`init: -1`). On the bit the reset misses alone it is
/// not enough — that bit is clocked while the other is still unknown, and the analysis still
/// reports it; on both, no reset is needed: a clock edge without one leaves every bit known.
#[test]
fn flip_flops_with_a_power_on_value_need_no_reset() {
    let path = common::circuits_dir().join("reset/counter2_missing_reset.ron");
    let text = std::fs::read_to_string(&path).expect("the example");
    let with_init = |labels: &[&str]| {
        let mut with = text.replace("version: 1,", "version: 5,");
        for label in labels {
            let node = format!(r#"(label: "{label}", kind: Dff,"#);
            assert!(with.contains(&node), "{node}");
            with = with.replace(
                &node,
                &format!(r#"(label: "{label}", kind: Dff, init: -1,"#),
            );
        }
        common::parse_file(&with, &path).circuit
    };
    let c = with_init(&["FF1"]);
    let report = reset::analyze(
        &c,
        &sequence("CLK=-1, RESET=+1; CLK=+1; CLK=-1, RESET=-1; tick 3"),
    )
    .expect("ok");
    assert_eq!(unknown_flip_flops(&c, &report), ["FF1"]);
    let c = with_init(&["FF0", "FF1"]);
    let report = reset::analyze(&c, &sequence("CLK=-1, RESET=-1; CLK=+1; CLK=-1")).expect("ok");
    assert!(report.is_initialised(), "{:?}", report.unknown);
    let report = reset::analyze(&c, &sequence("RESET=-1")).expect("ok");
    assert!(
        report.is_initialised(),
        "never clocked, still known: {:?}",
        report.unknown
    );
}

#[test]
fn a_register_without_reset_is_explained_by_where_the_reset_goes() {
    let c = example("reset/counter2_missing_reset.ron");
    let explain = |text: &str| -> Vec<(String, Vec<String>)> {
        let report = reset::analyze(&c, &sequence(text)).expect("ok");
        // CLK only reaches clock pins: RESET is the one reset input.
        let inputs: Vec<&str> = report
            .reset_inputs
            .iter()
            .map(|&i| c[i].label.as_str())
            .collect();
        assert_eq!(inputs, ["RESET"]);
        report
            .unknown
            .iter()
            .map(|u| {
                let name = match &u.element {
                    Element::FlipFlop(f) => c[*f].label.clone(),
                    Element::Latch(_) => "latch".to_owned(),
                };
                (name, u.reset.iter().map(|r| r.describe(&c)).collect())
            })
            .collect()
    };
    assert_eq!(
        explain("CLK=-1, RESET=+1; CLK=+1; CLK=-1, RESET=-1"),
        [(
            "FF1".to_owned(),
            vec!["NEXT1 does not depend on RESET; NEXT0 does, through NRESET".to_owned()]
        )]
    );
    // Without a clock edge the reset reaches FF0's next state but never loads it.
    assert_eq!(
        explain("CLK=-1, RESET=+1; RESET=-1"),
        [
            (
                "FF0".to_owned(),
                vec!["NEXT0 depends on RESET, through NRESET".to_owned()]
            ),
            (
                "FF1".to_owned(),
                vec!["NEXT1 does not depend on RESET; NEXT0 does, through NRESET".to_owned()]
            ),
        ]
    );
}

#[test]
fn latches_count_as_state() {
    let c = example("rs_nor_latch.ron");
    let report = reset::analyze(&c, &sequence("R=-1, S=-1")).expect("ok");
    assert_eq!((report.flip_flops, report.latches), (0, 1));
    // Neither set nor reset: the loop holds its power-on unknown.
    let [u] = &report.unknown[..] else {
        panic!("one latch unknown: {:?}", report.unknown)
    };
    assert_eq!(
        u.element,
        Element::Latch(vec![id(&c, "NOR1"), id(&c, "NOR2")])
    );
    assert_eq!(u.why.loops.len(), 1);
    assert_eq!(u.why.origins().count(), 0, "a loop, no origin outside it");
    let report = reset::analyze(&c, &sequence("R=+1, S=-1; R=-1")).expect("ok");
    assert!(report.is_initialised());
    // The master-slave flip-flop of NAND latches: two latches, both set by one clock cycle.
    let c = example("d_flip_flop.ron");
    let report = reset::analyze(&c, &sequence("D=-1, CLK=-1; CLK=+1")).expect("ok");
    assert_eq!(report.latches, 2);
    assert!(report.is_initialised(), "{:?}", report.unknown);
    let report = reset::analyze(&c, &sequence("CLK=-1")).expect("ok");
    assert_eq!(report.unknown.len(), 2, "D unknown: both latches follow it");
}

#[test]
fn the_cpu_is_initialised_by_its_reset_except_its_ram() {
    let c = example("cpu/fib.ron");
    // Without a reset no flip-flop is known: all 44 stay at their power-on unknown, however
    // often clocked — PC (8), IR (16), A (8), the output register (8), Z, C, phase and halted.
    let report = reset::analyze(&c, &sequence("RESET=-1; tick 4")).expect("ok");
    assert_eq!((report.flip_flops, report.latches), (44, 0));
    let unknown = unknown_flip_flops(&c, &report);
    assert_eq!(unknown.len(), 44);
    for register in [
        "cpu/pc_q[0]",
        "cpu/phase",
        "cpu/halt_q",
        "cpu/ir_hi[0]",
        "cpu/ir_lo[7]",
        "cpu/acc_q[0]",
        "cpu/zf",
        "cpu/cf",
        "cpu/out_q[7]",
    ] {
        assert!(
            unknown.iter().any(|u| u == register),
            "{register}: {unknown:?}"
        );
    }
    // RESET = +1 clears every one of them at once, no clock edge needed: each register's
    // RESET pin is asynchronous (docs/cpu.md).
    let report = reset::analyze(&c, &sequence("RESET=+1")).expect("ok");
    assert!(report.is_initialised(), "{:?}", report.unknown);
    let report = reset::analyze(&c, &sequence("RESET=+1; tick 2; RESET=-1")).expect("ok");
    assert_eq!((report.flip_flops, report.latches), (44, 0));
    assert!(report.is_initialised(), "{:?}", report.unknown);
    assert!(report.oscillated.is_empty());
    // The RAM is not cleared by a reset and is reported apart, all its words unknown: the
    // only thing a check that counts memories (`--memories`) fails on.
    assert_eq!(report.memories.len(), 1);
    assert_eq!(report.memories[0].label, "cpu/MEM");
    assert_eq!(report.memories[0].words, 256);
    assert_eq!(report.unknown_words(), 256);
}

#[test]
fn bad_sequences_are_named() {
    let c = example("counter_decoder.ron");
    let err = |text: &str| match text.parse::<Sequence>() {
        Err(e) => e,
        Ok(s) => reset::analyze(&c, &s).expect_err(text),
    };
    assert!(
        matches!(err("RESET=+1; NOPE=1"), ResetError::UnknownSignal { item: 2, ref label } if label == "NOPE")
    );
    assert!(matches!(err("tick x"), ResetError::Syntax { item: 1, .. }));
    assert!(matches!(err("tick 0"), ResetError::Syntax { item: 1, .. }));
    assert!(matches!(
        err("RESET=+1; L0=1"),
        ResetError::BadValue { item: 2, .. }
    ));
    assert!(matches!(
        err("RESET=7"),
        ResetError::BadValue { item: 1, .. }
    ));
    assert!(matches!(err("RESET"), ResetError::Syntax { item: 1, .. }));
    assert!(matches!(
        err("RESET=1, RESET=-1"),
        ResetError::Syntax { .. }
    ));
    assert_eq!(
        err("RESET=+1; NOPE=1").to_string(),
        "reset sequence item 2: the circuit has no node or bus `NOPE`"
    );
    // The text form reads back.
    let s = sequence("CLK=-1, RESET=+1; tick; tick 3");
    assert_eq!(s.to_string(), "CLK=-1, RESET=+1; tick; tick 3");
    assert_eq!(sequence(&s.to_string()), s);
}

#[test]
fn unknowns_are_traced_to_their_origins() {
    // An unset switch through a gate.
    let c = example("mux_2to1.ron");
    let engine = {
        let mut e = Engine::from_circuit(&c);
        e.settle();
        e
    };
    let out = c.terminals().next().expect("a lamp");
    let why = why::explain(&engine, &c, out, &Context::default());
    assert!(!why.is_empty());
    assert!(why.origins().all(|w| w.because == Because::Unset));
    assert!(why.origins().count() >= 1);
    // A known node has nothing to explain.
    let mut e = Engine::from_circuit(&c);
    let inputs: Vec<NodeId> = c.inputs().collect();
    e.set(inputs.iter().map(|&i| (i, Trit::True)))
        .expect("switches");
    e.settle();
    assert!(why::explain(&e, &c, out, &Context::default()).is_empty());
    // An unwritten RAM word.
    let c = example("ram_16x4.ron");
    let mut e = Engine::from_circuit(&c);
    e.settle();
    let words: Vec<NodeId> = c
        .nodes()
        .filter(|(_, n)| matches!(n.kind, sim_core::NodeKind::Ram { .. }))
        .map(|(i, _)| i)
        .collect();
    assert!(!words.is_empty());
    let why = why::explain(&e, &c, words[0], &Context::default());
    let origins: Vec<&Because> = why.origins().map(|w| &w.because).collect();
    assert!(
        origins
            .iter()
            .all(|b| matches!(b, Because::Unset | Because::Word { .. })),
        "{origins:?}"
    );
}

#[test]
fn an_oscillation_resolved_to_unknown_is_an_origin() {
    let c = example("ring_oscillator_3.ron");
    // Enabled from power-on the ring stays at its unknown (a fixed point of Kleene's logic);
    // enabled once it is known, it oscillates and the engine resolves it to unknown.
    let report = reset::analyze(&c, &sequence("EN=+1")).expect("ok");
    assert!(report.oscillated.is_empty());
    assert_eq!(report.unknown.len(), 1);
    let report = reset::analyze(&c, &sequence("EN=-1; EN=+1")).expect("ok");
    assert!(!report.oscillated.is_empty());
    let [u] = &report.unknown[..] else {
        panic!("the ring: {:?}", report.unknown)
    };
    assert!(matches!(u.element, Element::Latch(_)));
    assert_eq!(u.why.links[0].because, Because::Oscillation);
    // Disabled, the ring is a known loop.
    assert!(
        reset::analyze(&c, &sequence("EN=-1"))
            .expect("ok")
            .is_initialised()
    );
}

#[test]
fn a_register_with_enable_is_clocked_only_while_enabled() {
    let c = example("register_enable.ron");
    // Loaded on an enabled edge: initialised.
    let report = reset::analyze(&c, &sequence("d=5, en=+1, clk=-1; clk=+1")).expect("ok");
    assert_eq!(report.flip_flops, 4);
    assert!(report.is_initialised(), "{:?}", report.unknown);
    // Every edge disabled: each bit holds its power-on unknown, never clocked while enabled.
    let report =
        reset::analyze(&c, &sequence("d=5, en=-1, clk=-1; clk=+1; clk=-1; clk=+1")).expect("ok");
    let bits = ["reg[0]", "reg[1]", "reg[2]", "reg[3]"];
    assert_eq!(unknown_flip_flops(&c, &report), bits);
    for u in &report.unknown {
        assert_eq!(u.why.links[0].because, Because::NeverClocked);
        assert!(
            u.why.links[0].describe(&c).ends_with(
                "(flip-flop) was never clocked while enabled: it holds its power-on unknown"
            ),
            "{}",
            u.why.links[0].describe(&c)
        );
    }
    // An unknown enable on the edge: the unknown comes from EN.
    let report = reset::analyze(&c, &sequence("d=5, en=0, clk=-1; clk=+1")).expect("ok");
    assert_eq!(unknown_flip_flops(&c, &report), bits);
    for u in &report.unknown {
        let first = &u.why.links[0];
        assert_eq!(
            first.because,
            Because::Sampled {
                from: vec![id(&c, "en")]
            }
        );
        assert!(
            first
                .describe(&c)
                .ends_with("(flip-flop) follows its unknown D, clock or enable: en"),
            "{}",
            first.describe(&c)
        );
    }
}

/// Flip-flops with an asynchronous reset (`Dffsr`): `Q0`'s RESET on the switch `RST`, `Q1`'s
/// through a buffer `B`, `Q2` a `Dff` toggling through `N2` with no reset at all.
const ASYNC: &str = r#"(version: 6, nodes: [
    (label: "RST", kind: Switch), (label: "B", kind: Buf),
    (label: "CLK", kind: Clock(half_period: 1)),
    (label: "Q0", kind: Dffsr), (label: "Q1", kind: Dffsr), (label: "Q2", kind: Dff),
    (label: "N2", kind: Not),
], wires: [
    (from: "RST", to: "B"), (from: "RST", to: "Q0", input: 4), (from: "B", to: "Q1", input: 4),
    (from: "CLK", to: "Q0", input: 1), (from: "CLK", to: "Q1", input: 1),
    (from: "CLK", to: "Q2", input: 1), (from: "Q2", to: "N2"), (from: "N2", to: "Q2", input: 0),
])"#;

/// A RESET at +1 is a reset without any clock: the analysis finds `RST` as the reset input
/// (its cone reaches the RESET pins, not a D) and the `Dffsr`s known; the `Dff` it misses is
/// reported with the flip-flop the reset does reach. Left unknown, the RESET is what the
/// why-chain names, pin and driver.
#[test]
fn an_asynchronous_reset_is_a_reset_and_an_unknown_one_is_named() {
    let c = sim_core::format::from_str(ASYNC).expect("valid").circuit;
    let label = |id: NodeId| c[id].label.clone();
    let report = reset::analyze(&c, &sequence("RST=+1; RST=-1")).expect("ok");
    assert_eq!(report.flip_flops, 3);
    assert_eq!(
        report
            .reset_inputs
            .iter()
            .map(|&i| label(i))
            .collect::<Vec<_>>(),
        ["RST"]
    );
    assert_eq!(
        unknown_flip_flops(&c, &report),
        ["Q2"],
        "no clock edge was needed"
    );
    let q2 = &report.unknown[0];
    let reach: Vec<String> = q2.reset.iter().map(|r| r.describe(&c)).collect();
    assert_eq!(reach, ["N2 does not depend on RST; Q0 does, directly"]);

    let report = reset::analyze(&c, &sequence("RST=0; tick 4")).expect("ok");
    assert_eq!(unknown_flip_flops(&c, &report), ["Q0", "Q1", "Q2"]);
    let forced: Vec<(String, Because, Vec<String>)> = report.unknown[..2]
        .iter()
        .map(|u| {
            let first = &u.why.links[0];
            let reach = u.reset.iter().map(|r| r.describe(&c)).collect();
            (label(first.node), first.because.clone(), reach)
        })
        .collect();
    assert_eq!(
        forced,
        [
            (
                "Q0".to_owned(),
                Because::SetReset {
                    pins: vec!["RESET"],
                    from: vec![id(&c, "RST")]
                },
                vec!["Q0 depends on RST, directly".to_owned()]
            ),
            (
                "Q1".to_owned(),
                Because::SetReset {
                    pins: vec!["RESET"],
                    from: vec![id(&c, "B")]
                },
                vec!["Q1 depends on RST, through B".to_owned()]
            ),
        ]
    );
    let why = &report.unknown[1].why;
    assert_eq!(
        why.links[0].describe(&c),
        "Q1 (flip-flop) may be forced by its unknown RESET: B"
    );
    assert_eq!(
        why.origins().map(|w| label(w.node)).collect::<Vec<_>>(),
        ["RST"],
        "Q1 ← B ← RST, a switch set to 0"
    );
}
