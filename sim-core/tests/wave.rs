//! Waveforms: what the recorder keeps (golden traces with delta cycles, glitches, the limit),
//! a property test against the engine under both schedules, and VCD files read back with
//! `wellen` (the library of the Surfer viewer) and compared value by value, at every time,
//! with the engine, for one circuit of each class.

mod common;

use std::path::Path;

use proptest::prelude::*;
use sim_core::changes::Changes;
use sim_core::wave::vcd::{self, TimeSpan, VcdOptions};
use sim_core::wave::{self, Point, WaveError, WaveSignal, Waveform};
use sim_core::{Circuit, Engine, Node, NodeId, NodeKind, Schedule, Sweep, Trit, format};

/// A circuit file of `circuits/`, its libraries read from beside it.
fn load(path: &str) -> Circuit {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits");
    let file = root.join(path);
    let text = std::fs::read_to_string(&file).expect("example readable");
    let mut resolve = |lib: &str, from: &str| {
        let dir = root
            .join(from)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or(root.clone());
        let p = dir.join(lib);
        let rel = p
            .strip_prefix(&root)
            .unwrap_or(&p)
            .to_string_lossy()
            .into_owned();
        std::fs::read_to_string(&p)
            .map(|t| (rel, t))
            .map_err(|e| e.to_string())
    };
    format::from_str_with(&text, path, &mut resolve)
        .expect("example valid")
        .circuit
}

fn id(c: &Circuit, label: &str) -> NodeId {
    c.find(label)
        .unwrap_or_else(|| panic!("{label} in the circuit"))
}

/// One step: applies `set`, settles while recording.
fn step(engine: &mut Engine, wave: &mut Waveform, set: &[(NodeId, Trit)]) {
    wave.begin_step();
    engine.set(set.iter().copied()).expect("settable");
    engine.settle_with(wave);
}

/// The changes of `node` as (step, delta, value).
fn changes(wave: &Waveform, c: &Circuit, label: &str) -> Vec<(u64, u32, i8)> {
    let lane = wave.lane(id(c, label)).expect("recorded");
    wave.changes(lane)
        .map(|(p, v)| (wave.points()[p].step, wave.points()[p].delta, v.to_i8()))
        .collect()
}

#[test]
fn rs_latch_reset_is_recorded_delta_by_delta() {
    let c = load("rs_nor_latch.ron");
    let mut engine = Engine::from_circuit(&c);
    let all = wave::all_signals(&c);
    let mut wave = Waveform::new(&engine, wave::nodes_of(&all), wave::DEFAULT_LIMIT).expect("ok");
    engine.settle_with(&mut wave);
    step(
        &mut engine,
        &mut wave,
        &[(id(&c, "R"), Trit::False), (id(&c, "S"), Trit::False)],
    );
    step(&mut engine, &mut wave, &[(id(&c, "R"), Trit::True)]);
    // The seed's walkthrough: R at delta 0, NOR1 (Q's gate) at 1, Q and NOR2 at 2, Qn at 3.
    assert_eq!(changes(&wave, &c, "R"), [(1, 0, -1), (2, 0, 1)]);
    assert_eq!(changes(&wave, &c, "S"), [(1, 0, -1)]);
    assert_eq!(changes(&wave, &c, "NOR1"), [(2, 1, -1)]);
    assert_eq!(changes(&wave, &c, "Q"), [(2, 2, -1)]);
    assert_eq!(changes(&wave, &c, "NOR2"), [(2, 2, 1)]);
    assert_eq!(changes(&wave, &c, "Qn"), [(2, 3, 1)]);
    assert_eq!(wave.deltas_in(2), 3);
    assert_eq!(wave.step(), 2);
}

/// `A → NOT → AND(A, ¬A)`: raising A makes the AND see (+1, +1) for one delta cycle.
const HAZARD: &str = r#"(version: 1,
    nodes: [(label: "A", kind: Switch), (label: "N", kind: Not), (label: "G", kind: And(2)),
            (label: "Y", kind: Lamp)],
    wires: [(from: "A", to: "N"), (from: "A", to: "G"), (from: "N", to: "G", input: 1),
            (from: "G", to: "Y")])"#;

#[test]
fn a_glitch_inside_a_step_is_kept() {
    let c = format::from_str(HAZARD).expect("valid").circuit;
    let mut engine = Engine::from_circuit(&c);
    let signals = wave::select(&c, "A,Y").expect("both exist");
    let mut wave = Waveform::new(&engine, wave::nodes_of(&signals), 100).expect("ok");
    engine.settle_with(&mut wave);
    step(&mut engine, &mut wave, &[(id(&c, "A"), Trit::False)]);
    step(&mut engine, &mut wave, &[(id(&c, "A"), Trit::True)]);
    assert_eq!(changes(&wave, &c, "Y"), [(1, 2, -1), (2, 2, 1), (2, 3, -1)]);

    // Without deltas the VCD shows Y at -1 throughout; with them, the pulse.
    let flat = vcd_text(&wave, &signals, false);
    let fine = vcd_text(&wave, &signals, true);
    let y_changes = |text: &str| text.lines().filter(|l| l.ends_with('"')).count();
    assert_eq!(y_changes(&flat), 2, "{flat}"); // $dumpvars x, then 0 at step 1
    assert_eq!(y_changes(&fine), 4, "{fine}"); // x, 0, the 1 of the glitch, 0
    assert!(fine.contains("$timescale 100 ps $end"), "{fine}");
}

fn vcd_text(wave: &Waveform, signals: &[WaveSignal], deltas: bool) -> String {
    let mut out = Vec::new();
    let options = VcdOptions {
        deltas,
        ..VcdOptions::default()
    };
    vcd::write(&mut out, wave, signals, &options).expect("written");
    String::from_utf8(out).expect("ASCII")
}

#[test]
fn the_limit_keeps_the_start_and_the_latest_window_exact() {
    let c = load("ring_oscillator_3.ron");
    let signals = wave::all_signals(&c);
    let run = |limit: usize, index: bool| {
        let mut engine = Engine::from_circuit(&c);
        engine.set_options(sim_core::SettleOptions {
            max_deltas: Some(20),
            resolve: false,
        });
        let mut wave = Waveform::new(&engine, wave::nodes_of(&signals), limit).expect("ok");
        engine.settle_with(&mut wave);
        step(&mut engine, &mut wave, &[(id(&c, "EN"), Trit::False)]);
        step(&mut engine, &mut wave, &[(id(&c, "EN"), Trit::True)]);
        // Unresolved, the ring goes on oscillating settle after settle.
        for _ in 0..30 {
            wave.begin_step();
            engine.settle_with(&mut wave);
            if index {
                wave.index();
            }
        }
        wave
    };
    let full = run(wave::DEFAULT_LIMIT, false);
    let small = run(50, false);
    // A viewer indexes after every settle; a drop clears the index, which is rebuilt.
    let mut viewed = run(50, true);
    for lane in 0..small.lane_count() {
        assert_eq!(
            small.changes(lane).collect::<Vec<_>>(),
            viewed.changes(lane).collect::<Vec<_>>()
        );
    }
    viewed.index();
    for lane in 0..small.lane_count() {
        assert_eq!(
            small.changes(lane).collect::<Vec<_>>(),
            viewed.changes(lane).collect::<Vec<_>>()
        );
    }
    assert_eq!(full.dropped(), 0);
    assert!(full.gap().is_none());
    assert!(small.change_count() <= 50);
    let gap = small.gap().expect("the limit was reached");
    // The kept start holds the power-on and the start of the oscillation (step 2, the
    // enabling); the latest window the last steps.
    assert!(gap.from.step >= 2 && gap.to.step > 20, "{gap:?}");
    assert!(small.points()[..gap.resume].iter().any(|p| p.step == 2));
    assert_eq!(small.points().last(), full.points().last());
    kept_as_all(&small, &full).unwrap_or_else(|e| panic!("{e}"));
    assert!(each_change_is_one(&small));
}

#[test]
fn bad_requests_are_named() {
    let c = format::from_str(HAZARD).expect("valid").circuit;
    let engine = Engine::from_circuit(&c);
    assert!(matches!(
        Waveform::new(&engine, [id(&c, "A")], 0),
        Err(WaveError::ZeroLimit)
    ));
    let err = wave::select(&c, "A, Nope*").expect_err("matches nothing");
    assert_eq!(err.to_string(), "no signal of the circuit matches `Nope*`");
    assert!(matches!(wave::select(&c, " , "), Err(WaveError::NoSignals)));
    for bad in ["10", "ns", "0ns", "5 minutes", "-1ns"] {
        let err = bad.parse::<TimeSpan>().expect_err(bad);
        assert!(err.to_string().contains(bad), "{err}");
    }
    assert_eq!("10ns".parse::<TimeSpan>().expect("ok").to_string(), "10ns");
    // 1 fs cannot hold ten delta cycles.
    let signals = wave::default_signals(&c);
    let mut engine = Engine::from_circuit(&c);
    let mut wave = Waveform::new(&engine, wave::nodes_of(&signals), 10).expect("ok");
    engine.settle_with(&mut wave);
    step(&mut engine, &mut wave, &[(id(&c, "A"), Trit::True)]);
    let options = VcdOptions {
        step: "1fs".parse().expect("ok"),
        deltas: true,
        ..VcdOptions::default()
    };
    let err = vcd::write(&mut Vec::new(), &wave, &signals, &options).expect_err("too fine");
    assert!(
        matches!(err, WaveError::TimeTooFine { deltas: 10, .. }),
        "{err}"
    );
}

#[test]
fn selection_groups_buses_and_matches_paths() {
    let c = load("adder8_bus.ron");
    let default: Vec<String> = wave::default_signals(&c)
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert!(default.iter().any(|n| n == "A"), "{default:?}");
    let a = wave::select(&c, "A").expect("the bus");
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].bits.len(), 8);
    assert!(a[0].is_bus());
    let bit = wave::select(&c, "A[3]").expect("a bit by name");
    assert_eq!(bit[0].bits, [a[0].bits[3]]);
    assert!(!wave::select(&c, "*").expect("all").is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Recording every net of a random circuit under unit delay or under the levelized
    /// schedule with each of its sweeps (selective trace, the dense sweep, the automatic
    /// choice), the value of each node at the end of every step is the engine's: every change
    /// is reported (`Observer::on_change`, or a dense sweep's `Observer::on_changes`), none is
    /// lost, and every change recorded is one (a value other than the lane's before) —
    /// recording every net, or only the default signals (most nodes not recorded).
    #[test]
    fn the_record_matches_the_engine_at_every_step(
        circuit in common::dag(5, 30),
        vectors in proptest::collection::vec(proptest::collection::vec(common::trit(), 5), 1..12),
        how in 0..4usize,
        every in any::<bool>(),
    ) {
        let schedule = if how == 0 { Schedule::UnitDelay } else { Schedule::Levelized };
        let mut engine = Engine::with_schedule(sim_core::Netlist::compile(&circuit), schedule);
        engine.set_sweep([Sweep::Auto, Sweep::SelectiveTrace, Sweep::Dense, Sweep::Auto][how]);
        let signals =
            if every { wave::all_signals(&circuit) } else { wave::default_signals(&circuit) };
        let mut wave = Waveform::new(&engine, wave::nodes_of(&signals), 1 << 20).expect("ok");
        engine.settle_with(&mut wave);
        let inputs: Vec<NodeId> = circuit.inputs().collect();
        let lanes: Vec<NodeId> = (0..wave.lane_count()).map(|l| wave.node(l)).collect();
        let mut snapshots = vec![lanes.iter().map(|&n| engine.value(n)).collect::<Vec<_>>()];
        for v in &vectors {
            let set: Vec<(NodeId, Trit)> = inputs.iter().copied().zip(v.iter().copied()).collect();
            step(&mut engine, &mut wave, &set);
            snapshots.push(lanes.iter().map(|&n| engine.value(n)).collect());
        }
        // The per-lane queries give the same answers from the log alone and once indexed.
        let unindexed: Vec<Vec<(usize, Trit)>> =
            (0..wave.lane_count()).map(|l| wave.changes(l).collect()).collect();
        for (lane, changes) in unindexed.iter().enumerate() {
            let mut before = wave.initial(lane);
            for &(_, value) in changes {
                prop_assert_ne!(value, before, "a change to the value lane {} had", lane);
                before = value;
            }
        }
        for indexed in [false, true] {
            if indexed {
                wave.index();
                for (lane, changes) in unindexed.iter().enumerate() {
                    prop_assert_eq!(&wave.changes(lane).collect::<Vec<_>>(), changes);
                    prop_assert_eq!(wave.lane_len(lane), changes.len());
                }
            }
            for (s, snapshot) in snapshots.iter().enumerate() {
                let end = wave.point_index(Point { step: s as u64 + 1, delta: 0 });
                for (lane, &want) in snapshot.iter().enumerate() {
                    prop_assert_eq!(wave.value_before(lane, end), want);
                }
            }
        }
    }
}

/// One operation on a recorder in `batched_recording_is_change_by_change`.
#[derive(Clone, Debug)]
enum Op {
    Step,
    /// Changes at a delta: (node number, value), each node at most once.
    Batch(u32, Vec<(usize, Trit)>),
    /// One change through `Waveform::change` on both (which syncs a batched recorder).
    Single(u32, usize, Trit),
    Index,
}

fn op(nodes: usize) -> impl Strategy<Value = Op> {
    prop_oneof![
        1 => Just(Op::Step),
        1 => Just(Op::Index),
        2 => (0u32..3, 0..nodes, common::trit()).prop_map(|(d, k, v)| Op::Single(d, k, v)),
        4 => (0u32..3, proptest::collection::btree_map(0..nodes, common::trit(), 0..nodes))
            .prop_map(|(delta, m)| Op::Batch(delta, m.into_iter().collect())),
    ]
}

/// Plays `ops` on a record of the switches `recorded` (of eight) of a circuit of eight
/// switches, keeping `limit` changes: a batch through `Waveform::record_changes` if `batched`,
/// else change by change. Calls `each` after every op.
fn play(
    ops: &[Op],
    recorded: &[bool],
    limit: usize,
    batched: bool,
    mut each: impl FnMut(&Waveform),
) -> Waveform {
    let mut c = Circuit::new();
    let nodes: Vec<NodeId> = (0..8)
        .map(|k| {
            c.add_node(Node::new(format!("s{k}"), NodeKind::Switch))
                .expect("a name")
        })
        .collect();
    let engine = Engine::from_circuit(&c);
    let lanes = nodes
        .iter()
        .zip(recorded)
        .filter(|(_, r)| **r)
        .map(|(&n, _)| n);
    let mut wave = Waveform::new(&engine, lanes, limit).expect("ok");
    // Each node's value as the engine would have it: a batch holds changes only.
    let mut now: Vec<Trit> = nodes.iter().map(|&n| engine.value(n)).collect();
    for op in ops {
        match op {
            Op::Step => wave.begin_step(),
            Op::Index => wave.index(),
            Op::Single(delta, k, value) => {
                now[*k] = *value;
                wave.change(nodes[*k], *delta, *value);
            }
            Op::Batch(delta, changes) => {
                let changes: Vec<(NodeId, Trit)> = changes
                    .iter()
                    .filter(|&&(k, v)| std::mem::replace(&mut now[k], v) != v)
                    .map(|&(k, v)| (nodes[k], v))
                    .collect();
                if batched {
                    wave.record_changes(*delta, &Changes::from(&changes[..]));
                } else {
                    for &(node, value) in &changes {
                        wave.change(node, *delta, value);
                    }
                }
            }
        }
        each(&wave);
    }
    wave
}

/// Checks that `kept`, a record past its limit, holds what `all` (the same run, every change
/// kept) holds before its gap and after it, each lane's value at every point the same, and
/// that its gap is a stretch of `all`'s points whose changes it counts as not kept.
fn kept_as_all(kept: &Waveform, all: &Waveform) -> Result<(), TestCaseError> {
    let lanes = 0..all.lane_count();
    let Some(gap) = kept.gap() else {
        prop_assert_eq!(kept.dropped(), 0);
        prop_assert_eq!(kept.points(), all.points());
        for lane in lanes {
            prop_assert_eq!(
                kept.changes(lane).collect::<Vec<_>>(),
                all.changes(lane).collect::<Vec<_>>()
            );
        }
        return Ok(());
    };
    // The gap is the points from..=to of the whole run: the start before it, the window after.
    let (from, to) = (all.point_index(gap.from), all.point_index(gap.to));
    prop_assert!(from <= to && to < all.points().len(), "{:?}", gap);
    prop_assert_eq!((all.points()[from], all.points()[to]), (gap.from, gap.to));
    prop_assert_eq!(gap.resume, from);
    prop_assert_eq!(&kept.points()[..from], &all.points()[..from]);
    prop_assert_eq!(kept.points()[from], gap.to);
    prop_assert_eq!(&kept.points()[from + 1..], &all.points()[to + 1..]);
    let in_gap: usize = lanes
        .clone()
        .map(|l| all.changes_before(l, to + 1) - all.changes_before(l, from))
        .sum();
    prop_assert_eq!(kept.dropped(), in_gap as u64);
    let in_start: usize = lanes.clone().map(|l| kept.changes_before(l, from)).sum();
    prop_assert!(
        in_start <= kept.limit() / 2,
        "{} in the kept start",
        in_start
    );
    for lane in lanes {
        for p in 0..=from {
            prop_assert_eq!(kept.value_before(lane, p), all.value_before(lane, p));
        }
        for p in from + 1..=kept.points().len() {
            prop_assert_eq!(
                kept.value_before(lane, p),
                all.value_before(lane, p - from + to)
            );
        }
    }
    Ok(())
}

/// Whether every change of `wave` differs from its lane's value before it (what an engine's
/// changes do, and the resume point's too).
fn each_change_is_one(wave: &Waveform) -> bool {
    (0..wave.lane_count()).all(|lane| {
        let mut before = wave.initial(lane);
        wave.changes(lane)
            .all(|(_, value)| std::mem::replace(&mut before, value) != value)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `Waveform::record_changes` (the batched hook of the levelized dense sweep) keeps what
    /// `Waveform::change` keeps for each change in turn — with a limit small enough to open a
    /// gap inside a batch, a per-lane index built between batches, a node changing twice at
    /// one point (two batches at one delta), nodes that are not recorded, and batches
    /// appended without syncing the lanes followed by single changes (which sync them).
    #[test]
    fn batched_recording_is_change_by_change(
        ops in proptest::collection::vec(op(8), 1..40),
        limit in 1usize..24,
        recorded in proptest::collection::vec(any::<bool>(), 8),
    ) {
        let mut batched = play(&ops, &recorded, limit, true, |_| {});
        let single = play(&ops, &recorded, limit, false, |_| {});
        prop_assert_eq!(batched.dropped(), single.dropped());
        prop_assert_eq!(batched.gap(), single.gap());
        prop_assert_eq!(batched.points(), single.points());
        for lane in 0..single.lane_count() {
            let want: Vec<(usize, Trit)> = single.changes(lane).collect();
            prop_assert_eq!(batched.changes(lane).collect::<Vec<_>>(), want.clone());
            batched.index();
            prop_assert_eq!(batched.changes(lane).collect::<Vec<_>>(), want);
        }
    }

    /// Past its limit a record keeps the start of the run and the latest window, exact on both
    /// sides of the gap (each lane's value at every kept point as in the whole run), its gap a
    /// stretch of the run's points whose changes it counts; at most the limit or two changes
    /// per lane are kept; and with room for them (a limit of four changes per lane or more),
    /// the kept start once fixed stays as it is however long the run goes on.
    #[test]
    fn past_the_limit_the_start_and_the_latest_window_are_exact(
        ops in proptest::collection::vec(op(8), 1..80),
        limit in 1usize..48,
        recorded in proptest::collection::vec(any::<bool>(), 8),
        batched in any::<bool>(),
    ) {
        let lanes = recorded.iter().filter(|r| **r).count();
        let mut fixed: Option<(Point, usize)> = None;
        let mut most = 0;
        let mut kept = play(&ops, &recorded, limit, batched, |wave| {
            most = most.max(wave.change_count());
            if limit >= 4 * lanes {
                let start = wave.gap().map(|g| (g.from, g.resume));
                assert!(fixed.is_none() || start == fixed, "{fixed:?} became {start:?}");
                fixed = start;
            }
        });
        prop_assert!(most <= limit.max(2 * lanes), "{} kept", most);
        let all = play(&ops, &recorded, wave::DEFAULT_LIMIT, batched, |_| {});
        prop_assert_eq!(all.dropped(), 0);
        kept_as_all(&kept, &all)?;
        kept.index();
        kept_as_all(&kept, &all)?;
    }
}

// ---------------------------------------------------------------------------------------
// VCD read back with wellen.

/// Runs `script` on `c` (each entry one step: a batch of settings, or `None` for a clock
/// tick), records `signals`, writes the VCD (with or without deltas) to a file, reads it back
/// with wellen and compares every signal at every step end — and, with deltas, at every
/// change of every net — with the engine. Returns the number of values compared.
fn round_trip(c: &Circuit, signals: &[WaveSignal], script: &[Option<Vec<(&str, Trit)>>]) -> usize {
    let mut compared = 0;
    for deltas in [false, true] {
        let mut engine = Engine::from_circuit(c);
        let mut wave =
            Waveform::new(&engine, wave::nodes_of(signals), wave::DEFAULT_LIMIT).expect("ok");
        let mut trace: Vec<sim_core::Event> = Vec::new();
        engine.settle_with(&mut wave);
        let snapshot = |engine: &Engine| -> Vec<Vec<Trit>> {
            signals
                .iter()
                .map(|s| s.bits.iter().map(|&b| engine.value(b)).collect())
                .collect()
        };
        let mut ends = vec![snapshot(&engine)];
        let mut steps_of_events = Vec::new();
        for (k, entry) in script.iter().enumerate() {
            wave.begin_step();
            match entry {
                Some(set) => {
                    let set: Vec<(NodeId, Trit)> =
                        set.iter().map(|&(l, v)| (id(c, l), v)).collect();
                    engine.set(set).expect("settable");
                }
                None => {
                    engine.tick();
                }
            }
            // Settle one event at a time so that the trace and the record see the same run.
            while let Some(event) = engine.step() {
                wave.record_event(&event);
                steps_of_events.push(k as u64 + 1);
                trace.push(event);
            }
            ends.push(snapshot(&engine));
        }
        let options = VcdOptions {
            top: "dut".to_owned(),
            step: "10ns".parse().expect("ok"),
            deltas,
        };
        let timing = vcd::Timing::new(
            &options,
            wave.points().iter().map(|p| p.delta).max().unwrap_or(0),
        )
        .expect("fits");
        let dir = std::env::temp_dir().join(format!("tritium-wave-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(format!("{}-{deltas}.vcd", signals.len()));
        {
            let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("create"));
            vcd::write(&mut out, &wave, signals, &options).expect("written");
        }
        let read = read_vcd(&path, signals);
        std::fs::remove_file(&path).ok();
        let at = |sig: usize, time: u64| -> &Vec<Trit> {
            let changes = &read[sig];
            &changes[changes.partition_point(|(t, _)| *t <= time) - 1].1
        };
        for (s, end) in ends.iter().enumerate() {
            // The end of step s: just before step s + 1 begins.
            let time = timing.time(Point {
                step: s as u64 + 1,
                delta: 0,
            }) - 1;
            for (k, want) in end.iter().enumerate() {
                assert_eq!(
                    at(k, time),
                    want,
                    "{} at the end of step {s}",
                    signals[k].name
                );
                compared += 1;
            }
        }
        if deltas {
            for (event, &s) in trace.iter().zip(&steps_of_events) {
                if !event.changed() {
                    continue;
                }
                let time = timing.time(Point {
                    step: s,
                    delta: event.delta,
                });
                for (k, signal) in signals.iter().enumerate() {
                    if let Some(bit) = signal.bits.iter().position(|&b| b == event.node) {
                        assert_eq!(at(k, time)[bit], event.new, "{} at {time}", signal.name);
                        compared += 1;
                    }
                }
            }
        }
    }
    compared
}

/// Reads the VCD file at `path` with wellen: for each of `signals` (found by its scopes under
/// the top scope `dut`), its changes as (time, bits with bit 0 first).
fn read_vcd(path: &Path, signals: &[WaveSignal]) -> Vec<Vec<(u64, Vec<Trit>)>> {
    let mut file = wellen::simple::read(path).expect("wellen reads it");
    let h = file.hierarchy();
    let refs: Vec<wellen::SignalRef> = signals
        .iter()
        .map(|s| {
            let mut path: Vec<&str> = vec!["dut"];
            path.extend(s.name.split('/'));
            let name = path.pop().expect("a name");
            let var = h
                .lookup_var(&path, name)
                .unwrap_or_else(|| panic!("{} in the VCD", s.name));
            h[var].signal_ref()
        })
        .collect();
    file.load_signals(&refs);
    let times = file.time_table().to_vec();
    refs.iter()
        .map(|&r| {
            let signal = file.get_signal(r).expect("loaded");
            signal
                .iter_changes()
                .map(|(idx, value)| {
                    let bits = value.to_bit_string().expect("bits");
                    let trits = bits
                        .chars()
                        .rev()
                        .map(|ch| match ch {
                            '0' => Trit::False,
                            '1' => Trit::True,
                            'x' => Trit::Unknown,
                            other => panic!("digit {other}"),
                        })
                        .collect();
                    (times[idx as usize], trits)
                })
                .collect()
        })
        .collect()
}

const T: Trit = Trit::True;
const F: Trit = Trit::False;

#[test]
fn vcd_of_a_combinational_circuit_reads_back() {
    let c = load("full_adder.ron");
    let signals = wave::all_signals(&c);
    let mut script = Vec::new();
    for v in 0..8 {
        let bit = |k: u32| if v >> k & 1 == 1 { T } else { F };
        script.push(Some(vec![("A", bit(0)), ("B", bit(1)), ("Cin", bit(2))]));
    }
    assert!(round_trip(&c, &signals, &script) > 100);
}

#[test]
fn vcd_of_the_rs_latch_reads_back() {
    let c = load("rs_nor_latch.ron");
    let signals = wave::all_signals(&c);
    let script = [
        Some(vec![("R", F), ("S", F)]),
        Some(vec![("R", T)]),
        Some(vec![("R", F)]),
        Some(vec![("S", T)]),
        Some(vec![("S", F)]),
        Some(vec![("R", T), ("S", T)]),
    ];
    assert!(round_trip(&c, &signals, &script) > 50);
}

#[test]
fn vcd_of_a_counter_reads_back() {
    let c = load("lib/counter4.ron");
    let signals = wave::select(&c, "clk,reset,q*,reg/*").expect("exist");
    let mut script = vec![
        Some(vec![("clk", F), ("reset", T)]),
        Some(vec![("clk", T)]),
        Some(vec![("clk", F), ("reset", F)]),
    ];
    for _ in 0..10 {
        script.push(Some(vec![("clk", T)]));
        script.push(Some(vec![("clk", F)]));
    }
    assert!(round_trip(&c, &signals, &script) > 200);
}

#[test]
fn vcd_of_a_bus_design_reads_back() {
    let c = load("adder8_bus.ron");
    let signals = wave::default_signals(&c);
    assert!(signals.iter().any(WaveSignal::is_bus));
    let bus = |name: &str| c.bus(name).expect("a bus").bits.clone();
    let mut engine_free = Vec::new();
    for (a, b) in [(0u32, 0u32), (1, 2), (200, 100), (255, 1), (85, 170)] {
        let mut set: Vec<(String, Trit)> = Vec::new();
        for (name, v) in [("A", a), ("B", b)] {
            for (k, _) in bus(name).iter().enumerate() {
                set.push((format!("{name}[{k}]"), if v >> k & 1 == 1 { T } else { F }));
            }
        }
        engine_free.push(set);
    }
    let owned: Vec<Vec<(&str, Trit)>> = engine_free
        .iter()
        .map(|s| s.iter().map(|(n, v)| (n.as_str(), *v)).collect())
        .collect();
    let mut script: Vec<Option<Vec<(&str, Trit)>>> = owned.into_iter().map(Some).collect();
    if c.find("Cin").is_some() {
        script.insert(0, Some(vec![("Cin", F)]));
    }
    assert!(round_trip(&c, &signals, &script) > 30);
}

/// One clock tick as a step of its own, settled while recording.
fn tick(engine: &mut Engine, wave: &mut Waveform) {
    wave.begin_step();
    engine.tick();
    engine.settle_with(wave);
}

/// `circuits/cpu/fib.ron` under `schedule` from power-on through its reset (RESET = +1 for one
/// clock cycle, as its test does) to `HLT`, every node recorded (as the app records) keeping
/// `limit` changes: the circuit, the engine, the record and the step at which HALTED rose.
fn fib_to_halt(schedule: Schedule, limit: usize) -> (Circuit, Engine, Waveform, u64) {
    let c = load("cpu/fib.ron");
    let mut engine = Engine::with_schedule(sim_core::Netlist::compile(&c), schedule);
    let nodes = engine.netlist().ids().to_vec();
    let mut wave = Waveform::new(&engine, nodes, limit).expect("ok");
    engine.settle_with(&mut wave);
    let (reset, halted) = (id(&c, "RESET"), id(&c, "HALTED"));
    step(&mut engine, &mut wave, &[(reset, T)]);
    tick(&mut engine, &mut wave);
    tick(&mut engine, &mut wave);
    step(&mut engine, &mut wave, &[(reset, F)]);
    // HLT completes at cycle 236 (circuits/cpu/fib.ron): 472 ticks.
    while engine.value(halted) != T {
        assert!(wave.step() < 600, "fib halts");
        tick(&mut engine, &mut wave);
    }
    let halt = wave.step();
    (c, engine, wave, halt)
}

/// The value of bus `name` just after step `at` in `wave`, as an unsigned number.
fn bus_at(c: &Circuit, wave: &Waveform, name: &str, at: u64) -> u32 {
    let end = wave.point_index(Point {
        step: at + 1,
        delta: 0,
    });
    let bits = &c.bus(name).expect("a bus").bits;
    bits.iter().enumerate().fold(0, |n, (k, &b)| {
        let lane = wave.lane(b).expect("recorded");
        n | u32::from(wave.value_before(lane, end) == T) << k
    })
}

/// The CPU's Fibonacci run, every node recorded from power-on to `HLT`, fits in the kept
/// start of the default limit with room to spare, under unit delay (every delta cycle: what
/// the app records in Step mode and at slow clock rates) and under the levelized schedule
/// (its fast runs): the whole run stays in the record however long the clock runs on.
#[test]
fn a_whole_fib_run_fits_in_the_kept_start_of_the_default_limit() {
    for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
        let (c, _, wave, halt) = fib_to_halt(schedule, wave::DEFAULT_LIMIT);
        eprintln!(
            "fib, {schedule:?}: {} changes at {} points over {halt} steps, {} lanes",
            wave.change_count(),
            wave.points().len(),
            wave.lane_count()
        );
        assert!(wave.gap().is_none());
        assert!(wave.change_count() <= wave::DEFAULT_LIMIT / 8);
        assert_eq!(bus_at(&c, &wave, "PORT", halt), 233);
    }
}

/// The app's case (issue 39): fib at full speed, the clock running on after `HLT` until the
/// record passes its limit. The whole run stays in the kept start (the limit here is twice
/// the run's changes and a little more), readable as it was — PORT = 233 at the halt —, and
/// the latest window ends with the present values.
#[test]
fn past_the_limit_the_fib_run_stays_in_the_kept_start() {
    let run = fib_to_halt(Schedule::Levelized, wave::DEFAULT_LIMIT)
        .2
        .change_count();
    let limit = 2 * run + 1000;
    let (c, mut engine, mut wave, halt) = fib_to_halt(Schedule::Levelized, limit);
    while wave.gap().is_none() {
        assert!(
            wave.step() < 100 * halt,
            "the clock's changes fill the record"
        );
        tick(&mut engine, &mut wave);
    }
    eprintln!(
        "fib: {run} changes to HLT at step {halt}; the limit of {limit} reached at step {}",
        wave.step()
    );
    for _ in 0..halt {
        tick(&mut engine, &mut wave);
    }
    let gap = wave.gap().expect("past the limit");
    assert!(gap.from.step > halt, "{gap:?}: the run ends at step {halt}");
    assert!(wave.change_count() <= limit);
    assert_eq!(bus_at(&c, &wave, "PORT", halt), 233);
    assert_eq!(bus_at(&c, &wave, "PORT", halt - 40), 144, "the one before");
    for lane in 0..wave.lane_count() {
        let now = wave.value_before(lane, wave.points().len());
        assert_eq!(now, engine.value(wave.node(lane)), "lane {lane}");
    }
    assert!(each_change_is_one(&wave));
}

/// A record past its limit written as VCD (with and without delta cycles) and read back with
/// wellen: every signal at the end of every step as in the whole run, but inside the gap,
/// where it reads x; a comment says what was not kept.
#[test]
fn vcd_past_the_limit_reads_x_over_the_gap_and_exact_around_it() {
    let c = load("lib/counter4.ron");
    let signals = wave::select(&c, "clk,reset,q*,reg/*").expect("exist");
    let mut script = vec![vec![("clk", F), ("reset", T)], vec![("clk", T)]];
    script.push(vec![("clk", F), ("reset", F)]);
    for _ in 0..20 {
        script.push(vec![("clk", T)]);
        script.push(vec![("clk", F)]);
    }
    let run = |limit: usize| {
        let mut engine = Engine::from_circuit(&c);
        let mut wave = Waveform::new(&engine, wave::nodes_of(&signals), limit).expect("ok");
        engine.settle_with(&mut wave);
        for set in &script {
            let set: Vec<(NodeId, Trit)> = set.iter().map(|&(l, v)| (id(&c, l), v)).collect();
            step(&mut engine, &mut wave, &set);
        }
        wave
    };
    let full = run(wave::DEFAULT_LIMIT);
    let kept = run(full.change_count() / 3);
    let gap = kept.gap().expect("past the limit");
    let ends = |wave: &Waveform, s: u64| -> Vec<Vec<Trit>> {
        let end = wave.point_index(Point {
            step: s + 1,
            delta: 0,
        });
        signals
            .iter()
            .map(|sig| {
                let lanes = sig.bits.iter().map(|&b| wave.lane(b).expect("recorded"));
                lanes.map(|l| wave.value_before(l, end)).collect()
            })
            .collect()
    };
    let dir = std::env::temp_dir().join(format!("tritium-wave-gap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (mut hidden, mut exact) = (0, 0);
    for deltas in [false, true] {
        let options = VcdOptions {
            top: "dut".to_owned(),
            deltas,
            ..VcdOptions::default()
        };
        let path = dir.join(format!("gap-{deltas}.vcd"));
        {
            let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("create"));
            vcd::write(&mut out, &kept, &signals, &options).expect("written");
        }
        let text = std::fs::read_to_string(&path).expect("written");
        let comment = format!("$comment Tritium: {} changes not kept", kept.dropped());
        assert!(text.contains(&comment), "{text}");
        let read = read_vcd(&path, &signals);
        std::fs::remove_file(&path).ok();
        let max_delta = kept.points().iter().map(|p| p.delta).max().unwrap_or(0);
        let timing = vcd::Timing::new(&options, max_delta).expect("fits");
        for s in 0..=kept.step() {
            let time = timing.time(Point {
                step: s + 1,
                delta: 0,
            }) - 1;
            let file: Vec<&Vec<Trit>> = read
                .iter()
                .map(|changes| &changes[changes.partition_point(|(t, _)| *t <= time) - 1].1)
                .collect();
            let end_of_step = Point {
                step: s,
                delta: u32::MAX,
            };
            if gap.hides(end_of_step) {
                let unknown = file.iter().all(|v| v.iter().all(|&t| t == Trit::Unknown));
                assert!(unknown, "step {s} in the gap {gap:?}: {file:?}");
                hidden += 1;
            } else {
                let want = ends(&full, s);
                assert_eq!(file, want.iter().collect::<Vec<_>>(), "step {s}, {gap:?}");
                assert_eq!(ends(&kept, s), want, "the record itself at step {s}");
                exact += 1;
            }
        }
    }
    assert!(
        hidden >= 2 && exact >= 20,
        "{hidden} steps in the gap, {exact} exact"
    );
}

/// A record of more than 16,384 lanes (whose log entries take 4 bytes instead of 2) is as
/// exact as a small one, under unit delay and the levelized schedule's dense sweep: 8,200
/// switches, each driving an inverter, every node recorded.
#[test]
fn a_record_of_more_than_16384_lanes_is_exact() {
    const PAIRS: usize = 8_200;
    let mut c = Circuit::new();
    let mut switches = Vec::new();
    for k in 0..PAIRS {
        let s = c
            .add_node(Node::new(format!("s{k}"), NodeKind::Switch))
            .expect("a name");
        let n = c
            .add_node(Node::new(format!("n{k}"), NodeKind::Not))
            .expect("a name");
        c.connect(s, n, 0).expect("a wire");
        switches.push(s);
    }
    let vector = |step: usize| -> Vec<(NodeId, Trit)> {
        let value = |k: usize| [Trit::True, Trit::False, Trit::Unknown][(k + step) % 3];
        switches
            .iter()
            .enumerate()
            .map(|(k, &s)| (s, value(k * (step % 2 + 1))))
            .collect()
    };
    for (schedule, sweep) in [
        (Schedule::UnitDelay, Sweep::Auto),
        (Schedule::Levelized, Sweep::Dense),
    ] {
        let mut engine = Engine::with_schedule(sim_core::Netlist::compile(&c), schedule);
        engine.set_sweep(sweep);
        let all = wave::all_signals(&c);
        let mut wave = Waveform::new(&engine, wave::nodes_of(&all), 1 << 24).expect("ok");
        assert_eq!(wave.lane_count(), 2 * PAIRS);
        engine.settle_with(&mut wave);
        let lanes: Vec<NodeId> = (0..wave.lane_count()).map(|l| wave.node(l)).collect();
        let mut snapshots = vec![lanes.iter().map(|&n| engine.value(n)).collect::<Vec<_>>()];
        for s in 0..5 {
            step(&mut engine, &mut wave, &vector(s));
            snapshots.push(lanes.iter().map(|&n| engine.value(n)).collect());
        }
        wave.index();
        for (s, snapshot) in snapshots.iter().enumerate() {
            let end = wave.point_index(Point {
                step: s as u64 + 1,
                delta: 0,
            });
            for (lane, &want) in snapshot.iter().enumerate() {
                assert_eq!(
                    wave.value_before(lane, end),
                    want,
                    "{schedule:?} lane {lane} step {s}"
                );
            }
        }
        // The last lanes, numbered past 2^14, changed as their nodes did.
        let last = wave.lane_count() - 1;
        assert!(last >= 1 << 14);
        assert_eq!(wave.changes(last).count(), 5, "{schedule:?}");
    }
}
