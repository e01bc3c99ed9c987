//! `--vcd` end to end: the binary writes a waveform, `wellen` (the reader of the Surfer
//! viewer) reads it back, and every recorded signal is compared, at the end of every step and
//! — with `--vcd-deltas` — at every delta cycle in which a node changed, with a reference run
//! of the engine made here through sim-core. One circuit per class: combinational (the full
//! adder, through `vectors`), the RS latch (`sim`), a clocked counter (`vectors`, three steps
//! per vector) and a bus design (`sim`). Then `test --vcd DIR` on a deliberately failing
//! test file, and the error cases: each exits with 2, names the item and leaves no file.

use std::path::Path;

mod common;
use common::{TempDir, entries, tritium};

use loader::LibraryPolicy;
use sim_core::literal::Literal;
use sim_core::wave::vcd::{Timing, VcdOptions};
use sim_core::wave::{self, Point, WaveSignal};
use sim_core::{Circuit, Engine, Event, Netlist, NodeId, Schedule, Trit};

/// The circuit at `path` (relative to the workspace root), loaded as the binary loads it.
fn load(path: &str) -> Circuit {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    loader::load_circuit(&path, &LibraryPolicy::new())
        .expect("the circuit loads")
        .doc
        .circuit
}

/// One step of a reference run.
enum Drive {
    /// Set these nodes, then settle.
    Set(Vec<(NodeId, Trit)>),
    /// Tick the clocks, then settle.
    Tick,
}

/// `(name, value)` settings resolved against `circuit` (a name may be a bus, the value a
/// number).
fn set(circuit: &Circuit, items: &[(&str, &str)]) -> Drive {
    let mut out = Vec::new();
    for &(name, value) in items {
        let bits = sim_core::signal::signal(circuit, name).expect("a node or bus");
        let values = Literal::Text(value.to_owned())
            .resolve(bits.len())
            .expect("a value of its width");
        out.extend(bits.into_iter().zip(values));
    }
    Drive::Set(out)
}

/// What the engine did in a reference run: the value of every signal's bits at the end of
/// each step (power-on is step 0), and every change as (step, delta, node, value).
struct Reference {
    ends: Vec<Vec<Vec<Trit>>>,
    changes: Vec<(u64, u32, NodeId, Trit)>,
}

/// Runs `drives` on `circuit` under `schedule` from power-on.
fn reference(
    circuit: &Circuit,
    schedule: Schedule,
    signals: &[WaveSignal],
    drives: &[Drive],
) -> Reference {
    let mut engine = Engine::with_schedule(Netlist::compile(circuit), schedule);
    let snapshot = |engine: &Engine| -> Vec<Vec<Trit>> {
        signals
            .iter()
            .map(|s| s.bits.iter().map(|&b| engine.value(b)).collect())
            .collect()
    };
    let mut changes = Vec::new();
    let mut settle = |engine: &mut Engine, step: u64| {
        let mut events: Vec<Event> = Vec::new();
        engine.settle_with(&mut events);
        changes.extend(
            events
                .iter()
                .filter(|e| e.changed())
                .map(|e| (step, e.delta, e.node, e.new)),
        );
    };
    settle(&mut engine, 0);
    let mut ends = vec![snapshot(&engine)];
    for (k, drive) in drives.iter().enumerate() {
        match drive {
            Drive::Set(items) => engine.set(items.iter().copied()).expect("settable"),
            Drive::Tick => {
                engine.tick();
            }
        }
        settle(&mut engine, k as u64 + 1);
        ends.push(snapshot(&engine));
    }
    Reference { ends, changes }
}

/// Each signal's changes as read from a VCD: (time, bits with bit 0 first).
type Changes = Vec<Vec<(u64, Vec<Trit>)>>;

/// Reads the VCD at `path` with wellen: for each of `signals` (found under the top scope
/// `top`), its changes as (time, bits with bit 0 first). Also returns the timescale.
fn read_vcd(
    path: &Path,
    top: &str,
    signals: &[WaveSignal],
) -> (Changes, Option<wellen::Timescale>) {
    let mut file = wellen::simple::read(path).expect("wellen reads the VCD");
    let h = file.hierarchy();
    let timescale = h.timescale();
    let refs: Vec<wellen::SignalRef> = signals
        .iter()
        .map(|s| {
            let mut path: Vec<&str> = vec![top];
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
    let changes = refs
        .iter()
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
        .collect();
    (changes, timescale)
}

/// Compares the VCD read back with the reference run, laid out with `options`: every signal
/// at the end of every step, and with deltas every change at its delta cycle. Returns how
/// many values were compared.
fn compare(
    read: &[Vec<(u64, Vec<Trit>)>],
    reference: &Reference,
    signals: &[WaveSignal],
    options: &VcdOptions,
) -> usize {
    let max_delta = reference
        .changes
        .iter()
        .map(|c| c.1)
        .max()
        .unwrap_or_default();
    let timing = Timing::new(options, max_delta).expect("a whole number of units per delta");
    let at = |signal: usize, time: u64| -> &Vec<Trit> {
        let changes = &read[signal];
        let k = changes.partition_point(|(t, _)| *t <= time);
        assert!(k > 0, "{} has no value at {time}", signals[signal].name);
        &changes[k - 1].1
    };
    let mut compared = 0;
    for (s, end) in reference.ends.iter().enumerate() {
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
            compared += want.len();
        }
    }
    if options.deltas {
        for &(step, delta, node, value) in &reference.changes {
            let time = timing.time(Point { step, delta });
            for (k, signal) in signals.iter().enumerate() {
                if let Some(bit) = signal.bits.iter().position(|&b| b == node) {
                    assert_eq!(
                        at(k, time)[bit],
                        value,
                        "{} at step {step}, delta {delta}",
                        signal.name
                    );
                    compared += 1;
                }
            }
        }
    }
    compared
}

/// Runs `args` (which write `out`), reads `out` back and compares it with `reference`.
#[allow(clippy::too_many_arguments)]
fn check(
    args: &[&str],
    out: &Path,
    top: &str,
    signals: &[WaveSignal],
    reference: &Reference,
    options: &VcdOptions,
) -> (usize, Option<wellen::Timescale>) {
    let mut full: Vec<&str> = args.to_vec();
    let out_text = out.to_str().expect("a UTF-8 path");
    full.extend(["--vcd", out_text]);
    if options.deltas {
        full.push("--vcd-deltas");
    }
    let run = tritium(&full);
    run.expect_code(0);
    assert!(run.stderr.is_empty(), "no warning expected: {}", run.stderr);
    let (read, timescale) = read_vcd(out, top, signals);
    (compare(&read, reference, signals, options), timescale)
}

#[test]
fn a_combinational_circuit_under_vectors_reads_back_value_for_value() {
    let dir = TempDir::new("waveform");
    let circuit = load("circuits/full_adder.ron");
    let signals = wave::all_signals(&circuit);
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    assert_eq!(inputs.len(), 3);
    let mut lines = String::new();
    let mut drives = Vec::new();
    for v in 0..8u32 {
        let bits: Vec<Trit> = (0..3)
            .map(|k| {
                if v >> k & 1 == 1 {
                    Trit::True
                } else {
                    Trit::False
                }
            })
            .collect();
        lines.extend(
            bits.iter()
                .map(|&t| if t == Trit::True { '1' } else { '0' }),
        );
        lines.push('\n');
        drives.push(Drive::Set(inputs.iter().copied().zip(bits).collect()));
    }
    // An unknown input too.
    lines.push_str("1x0\n");
    drives.push(Drive::Set(
        inputs
            .iter()
            .copied()
            .zip([Trit::True, Trit::Unknown, Trit::False])
            .collect(),
    ));
    let vectors = dir.file("all.vec", &lines);
    let vectors = vectors.to_str().expect("UTF-8");
    let args = [
        "vectors",
        "circuits/full_adder.ron",
        "--input",
        vectors,
        "--signals",
        "*",
    ];
    // Levelized (the default): step ends only.
    let options = VcdOptions {
        top: "Full_adder".to_owned(),
        ..VcdOptions::default()
    };
    let levelized = reference(&circuit, Schedule::Levelized, &signals, &drives);
    let out = dir.path().join("fa.vcd");
    let top = top_of("Full_adder", "circuits/full_adder.ron");
    let (n, _) = check(&args, &out, &top, &signals, &levelized, &options);
    assert_eq!(n, 10 * signals.len());
    // `--vcd-deltas` switches to unit delay: every delta cycle.
    let options = VcdOptions {
        deltas: true,
        ..options
    };
    let unit = reference(&circuit, Schedule::UnitDelay, &signals, &drives);
    let (n, _) = check(&args, &out, &top, &signals, &unit, &options);
    assert!(n > 10 * signals.len(), "{n}");
    assert_eq!(dir.entries(), ["all.vec", "fa.vcd"]);
}

/// The top scope the binary gives the circuit file at `path`: the document's name made an
/// identifier, checked against `expected`, which the test states.
fn top_of(expected: &str, path: &str) -> String {
    let loaded = loader::load_circuit(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
        &LibraryPolicy::new(),
    )
    .expect("loads");
    let top = sim_core::verilog::default_module(&loaded.doc, None);
    assert_eq!(top, expected);
    top
}

#[test]
fn the_rs_latch_under_sim_reads_back_delta_by_delta() {
    let dir = TempDir::new("waveform");
    let circuit = load("circuits/rs_nor_latch.ron");
    let signals = wave::all_signals(&circuit);
    let batches = ["R=-1,S=-1", "R=1", "R=-1", "S=1", "S=-1", "R=1,S=1", "R=-1"];
    let drives: Vec<Drive> = batches
        .iter()
        .map(|b| {
            let items: Vec<(&str, &str)> = b
                .split(',')
                .map(|kv| kv.split_once('=').expect("NAME=VALUE"))
                .collect();
            set(&circuit, &items)
        })
        .collect();
    let reference = reference(&circuit, Schedule::UnitDelay, &signals, &drives);
    let mut args = vec!["sim", "circuits/rs_nor_latch.ron", "--signals", "*"];
    for b in &batches {
        args.extend(["--set", b]);
    }
    let top = top_of("RS_NOR_latch", "circuits/rs_nor_latch.ron");
    let out = dir.path().join("latch.vcd");
    for (deltas, step) in [(false, "1ns"), (true, "10ns")] {
        let options = VcdOptions {
            top: top.clone(),
            step: step.parse().expect("a time"),
            deltas,
        };
        let mut with_step = args.clone();
        with_step.extend(["--step-time", step]);
        let (n, _) = check(&with_step, &out, &top, &signals, &reference, &options);
        assert!(n >= 8 * 6, "{n}");
    }
    // The reset's walkthrough: Q falls at delta 2 of step 2, Qn rises at delta 3.
    let q = circuit.find("Q").expect("Q");
    assert!(reference.changes.contains(&(2, 2, q, Trit::False)));
}

#[test]
fn a_clocked_counter_under_vectors_takes_three_steps_per_vector() {
    let dir = TempDir::new("waveform");
    let path = "tests/circuits/bench/counter4.bench";
    let circuit = load(path);
    let signals = wave::all_signals(&circuit);
    let inputs: Vec<NodeId> = circuit.inputs().collect();
    assert_eq!(inputs.len(), 2, "rst, en");
    // Reset, then count eleven times, hold, count again.
    let mut vectors = vec!["10"];
    vectors.extend(["01"; 11]);
    vectors.extend(["00", "01", "x1"]);
    let mut drives = Vec::new();
    for v in &vectors {
        let bits: Vec<Trit> = v
            .chars()
            .map(|c| match c {
                '0' => Trit::False,
                '1' => Trit::True,
                _ => Trit::Unknown,
            })
            .collect();
        drives.push(Drive::Set(inputs.iter().copied().zip(bits).collect()));
        drives.push(Drive::Tick);
        drives.push(Drive::Tick);
    }
    let file = dir.file("count.vec", &(vectors.join("\n") + "\n"));
    let reference = reference(&circuit, Schedule::Levelized, &signals, &drives);
    let options = VcdOptions {
        top: "counter4".to_owned(),
        step: "10ns".parse().expect("a time"),
        deltas: false,
    };
    let out = dir.path().join("counter.vcd");
    let (n, timescale) = check(
        &[
            "vectors",
            path,
            "--input",
            file.to_str().expect("UTF-8"),
            "--signals",
            "*",
            "--clock-period",
            "20ns",
        ],
        &out,
        "counter4",
        &signals,
        &reference,
        &options,
    );
    assert_eq!(n, (1 + 3 * vectors.len()) * signals.len());
    // A 20 ns clock period: 10 ns per step (one tick), the timescale's unit.
    let timescale = timescale.expect("a timescale");
    assert_eq!(timescale.factor, 10);
    assert_eq!(timescale.unit, wellen::TimescaleUnit::NanoSeconds);
    // The counter counted: q0 toggled on every counting vector.
    let q0 = circuit.find("q0").expect("q0");
    let toggles = reference.changes.iter().filter(|c| c.2 == q0).count();
    assert!(toggles >= 11, "{toggles}");
}

#[test]
fn a_bus_design_under_sim_reads_back_as_vectors() {
    let dir = TempDir::new("waveform");
    let path = "circuits/adder8_bus.ron";
    let circuit = load(path);
    let signals = wave::default_signals(&circuit);
    assert!(
        signals.iter().filter(|s| s.is_bus()).count() >= 3,
        "A, B, S"
    );
    let batches: [&[(&str, &str)]; 5] = [
        &[("A", "0"), ("B", "0"), ("CIN", "-1")],
        &[("A", "200"), ("B", "100")],
        &[("A", "0xFF"), ("B", "1"), ("CIN", "1")],
        &[("A", "0b1010x101")],
        &[("B", "85"), ("A", "170"), ("CIN", "-1")],
    ];
    let drives: Vec<Drive> = batches.iter().map(|b| set(&circuit, b)).collect();
    let reference = reference(&circuit, Schedule::UnitDelay, &signals, &drives);
    let mut args = vec!["sim", path];
    let texts: Vec<String> = batches
        .iter()
        .map(|b| {
            b.iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    for t in &texts {
        args.extend(["--set", t]);
    }
    let top = top_of("m_8_bit_adder_on_buses", path);
    let out = dir.path().join("bus.vcd");
    for deltas in [false, true] {
        let options = VcdOptions {
            top: top.clone(),
            deltas,
            ..VcdOptions::default()
        };
        let (n, _) = check(&args, &out, &top, &signals, &reference, &options);
        assert!(n >= 6 * 26, "{n}");
    }
    // 200 + 100 = 300: S = 44 and the carry out.
    let s = circuit.bus("S").expect("S").bits.clone();
    let sum: u32 = s
        .iter()
        .enumerate()
        .map(|(k, &b)| {
            let bit = signals
                .iter()
                .position(|sig| sig.bits.contains(&b))
                .map(|i| {
                    reference.ends[2][i][signals[i].bits.iter().position(|&x| x == b).expect("bit")]
                })
                .expect("S recorded");
            u32::from(bit == Trit::True) << k
        })
        .sum();
    assert_eq!(sum, 44);
}

#[test]
fn test_vcd_writes_one_waveform_per_failing_case() {
    let dir = TempDir::new("waveform");
    let waves = dir.path().join("waves/nested");
    let path = "tests/circuits/failing_latch.ron";
    let run = tritium(&[
        "test",
        path,
        "circuits/rs_nor_latch.ron",
        "--vcd",
        waves.to_str().expect("UTF-8"),
    ]);
    run.expect_code(1);
    // The directory was created; only the two failing cases have files.
    assert_eq!(
        entries(&waves),
        [
            "failing_latch.wrong-reset.vcd",
            "failing_latch.wrong-set.vcd"
        ]
    );
    for name in entries(&waves) {
        let listed = format!("    waveform: {}", waves.join(&name).display());
        assert!(run.stdout.contains(&listed), "{listed}\n{}", run.stdout);
    }
    assert!(run.stdout.contains("2 failed"), "{}", run.stdout);

    // `wrong reset` as recorded: power-on, then its two batches, every delta cycle.
    let circuit = load(path);
    let signals = wave::default_signals(&circuit);
    let drives = [
        set(&circuit, &[("R", "-1"), ("S", "-1")]),
        set(&circuit, &[("R", "1")]),
    ];
    let reference = reference(&circuit, Schedule::UnitDelay, &signals, &drives);
    let (read, _) = read_vcd(
        &waves.join("failing_latch.wrong-reset.vcd"),
        "failing_latch",
        &signals,
    );
    let options = VcdOptions {
        top: "failing_latch".to_owned(),
        ..VcdOptions::default()
    };
    assert_eq!(
        compare(&read, &reference, &signals, &options),
        3 * signals.len()
    );
}

#[test]
fn bad_requests_exit_with_2_name_the_item_and_write_nothing() {
    let dir = TempDir::new("waveform");
    let out = dir.path().join("out.vcd");
    let out = out.to_str().expect("UTF-8");
    let latch = "circuits/rs_nor_latch.ron";
    let missing = dir.path().join("no/such/dir/out.vcd");
    let missing = missing.to_str().expect("UTF-8");
    for (args, named) in [
        (
            vec!["sim", latch, "--vcd", out, "--signals", "Q,Nope*"],
            "`Nope*`",
        ),
        (vec!["sim", latch, "--vcd", missing], missing),
        (
            vec!["sim", latch, "--vcd", out, "--wave-limit", "0"],
            "--wave-limit",
        ),
        (
            vec![
                "vectors", latch, "--random", "3", "--seed", "1", "--vcd", out, "--engine", "batch",
            ],
            "--engine batch",
        ),
        (
            vec![
                "vectors",
                latch,
                "--random",
                "3",
                "--seed",
                "1",
                "--vcd",
                out,
                "--vcd-deltas",
                "--schedule",
                "levelized",
            ],
            "--schedule levelized",
        ),
        (
            vec![
                "vectors",
                latch,
                "--random",
                "3",
                "--seed",
                "1",
                "--vcd",
                out,
                "--signals",
                "Z",
            ],
            "`Z`",
        ),
        (
            vec![
                "test",
                latch,
                "--vcd",
                dir.path().to_str().expect("UTF-8"),
                "--signals",
                "Nope",
            ],
            "`Nope`",
        ),
        (
            vec![
                "sim",
                latch,
                "--vcd",
                out,
                "--step-time",
                "1ns",
                "--clock-period",
                "2ns",
            ],
            "--clock-period",
        ),
        (
            vec!["sim", latch, "--vcd", out, "--step-time", "5 minutes"],
            "5 minutes",
        ),
        (vec!["sim", latch, "--vcd-deltas"], "--vcd"),
    ] {
        let run = tritium(&args);
        run.expect_code(2);
        assert!(
            run.stderr.contains(named),
            "{args:?}: {named} not in {}",
            run.stderr
        );
        assert!(
            dir.entries().is_empty(),
            "{args:?} left {:?}",
            dir.entries()
        );
    }
}

#[test]
fn a_waveform_past_its_limit_warns_and_keeps_its_start_and_its_end() {
    let dir = TempDir::new("waveform");
    let out = dir.path().join("small.vcd");
    let run = tritium(&[
        "sim",
        "circuits/rs_nor_latch.ron",
        "--set",
        "R=-1,S=-1",
        "--set",
        "R=1",
        "--set",
        "R=-1",
        "--set",
        "S=1",
        "--signals",
        "*",
        "--wave-limit",
        "10",
        "--vcd",
        out.to_str().expect("UTF-8"),
    ]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("--wave-limit") && run.stderr.contains("were not kept and read x"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.entries(), ["small.vcd"]);
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.contains("changes not kept"), "{text}");
    // The start is kept (step 1: R and S fall), the gap reads x, and the end of the run is
    // kept: Q = +1, Qn = -1 after the set.
    let circuit = load("circuits/rs_nor_latch.ron");
    let signals = wave::select(&circuit, "R,Q,Qn").expect("all three");
    let (read, _) = read_vcd(&out, "RS_NOR_latch", &signals);
    let r: Vec<Vec<Trit>> = read[0].iter().map(|(_, v)| v.clone()).collect();
    assert_eq!(
        r[..3],
        [vec![Trit::Unknown], vec![Trit::False], vec![Trit::Unknown]]
    );
    let last = |k: usize| read[k].last().expect("a value").1.clone();
    assert_eq!(
        (last(0), last(1), last(2)),
        (vec![Trit::False], vec![Trit::True], vec![Trit::False])
    );
}
