//! The 8-bit CPU built from gates (`circuits/cpu/`, see `docs/cpu.md`): every CPU circuit
//! file passes its embedded tests, and each example program's circuit run matches the
//! ISA-level reference emulator (`tritium-asm`) cycle by cycle: PC, A (where the emulator
//! knows it), Z and C (likewise), the output port and the halted flag, with HALTED going +1 at exactly the
//! emulator's cycle count — and the program that never halts (`count.s`) for 1800 cycles.

mod common;

use std::path::PathBuf;

use common::{load_file, parse_file};

use sim_core::NodeId;
use sim_core::format;
use sim_core::{Circuit, Engine, Netlist, Schedule, Trit};

/// The folder `circuits/cpu/` of the workspace.
fn cpu_dir() -> PathBuf {
    common::circuits_dir().join("cpu")
}

/// The top-level files of the programs that halt, one per example program.
const PROGRAMS: [&str; 3] = ["fib", "mul", "gcd"];

/// The top-level file of the program that never halts (`count.s`: counts on the port).
const RUNNING: &str = "count";

/// Every top-level file.
fn top_level_files() -> Vec<PathBuf> {
    PROGRAMS
        .iter()
        .chain([&RUNNING])
        .map(|p| cpu_dir().join(format!("{p}.ron")))
        .collect()
}

/// The CPU's parts in `circuits/cpu/lib/`.
const PARTS: [&str; 3] = ["mux8", "alu8", "cpu8"];

/// Runs every embedded test of each file; returns how many files ran.
fn run_embedded_tests(paths: &[PathBuf]) -> usize {
    let mut report = Vec::new();
    for path in paths {
        let doc = load_file(path);
        assert!(!doc.tests.is_empty(), "{} has no tests", path.display());
        println!("{}: {} nodes", path.display(), doc.circuit.node_count());
        for test in &doc.tests {
            let outcome = test
                .run(&doc.circuit)
                .unwrap_or_else(|e| panic!("{}: `{}`: {e}", path.display(), test.name));
            if !outcome.passed() {
                let failures: Vec<String> =
                    outcome.failures.iter().map(ToString::to_string).collect();
                report.push(format!(
                    "{}: test `{}` failed:\n    {}",
                    path.display(),
                    test.name,
                    failures.join("\n    ")
                ));
            }
        }
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
    paths.len()
}

#[test]
fn every_program_file_passes_its_tests() {
    assert_eq!(run_embedded_tests(&top_level_files()), 4);
}

#[test]
fn every_part_passes_its_tests() {
    let paths: Vec<PathBuf> = PARTS
        .iter()
        .map(|p| cpu_dir().join("lib").join(format!("{p}.ron")))
        .collect();
    assert_eq!(run_embedded_tests(&paths), 3);
}

/// Saving a CPU file and reading it back gives the same design, circuit and tests, and
/// saving again the same text (as the root crate's `tests/circuits.rs` checks every example).
#[test]
fn every_cpu_file_round_trips() {
    let paths = top_level_files().into_iter().chain(
        PARTS
            .iter()
            .map(|p| cpu_dir().join("lib").join(format!("{p}.ron"))),
    );
    for path in paths {
        let doc = load_file(&path);
        let text = format::to_string(&doc).expect("saves");
        let again = parse_file(&text, &path);
        let name = path.display();
        assert_eq!(doc.design, again.design, "{name}: design changed");
        assert_eq!(
            format::to_string(&again).expect("saves"),
            text,
            "{name}: second save"
        );
        let (mut before, mut after) = (doc.circuit.to_desc(), again.circuit.to_desc());
        for desc in [&mut before, &mut after] {
            desc.wires
                .sort_by(|a, b| (&a.from, &a.to, a.input).cmp(&(&b.from, &b.to, b.input)));
        }
        assert_eq!(before, after, "{name}: circuit changed");
        assert_eq!(doc.tests, again.tests, "{name}: tests changed");
    }
}

/// A top-level CPU circuit in an engine, with the nodes the test drives and reads.
struct Machine<'a> {
    circuit: &'a Circuit,
    engine: Engine,
    reset: NodeId,
}

impl<'a> Machine<'a> {
    fn new(circuit: &'a Circuit, schedule: Schedule) -> Machine<'a> {
        let mut engine = Engine::with_schedule(Netlist::compile(circuit), schedule);
        assert_eq!(
            engine.schedule(),
            schedule,
            "the CPU has no combinational loop"
        );
        engine.settle();
        let reset = circuit.find("RESET").expect("RESET");
        Machine {
            circuit,
            engine,
            reset,
        }
    }

    /// One full clock cycle: the rising edge, then the falling edge, each settled.
    fn cycle(&mut self) {
        for _ in 0..2 {
            self.engine.tick();
            self.engine.settle();
        }
    }

    /// RESET = +1 for one cycle, then -1.
    fn reset(&mut self) {
        self.engine
            .set([(self.reset, Trit::True)])
            .expect("settable");
        self.engine.settle();
        self.cycle();
        self.engine
            .set([(self.reset, Trit::False)])
            .expect("settable");
        self.engine.settle();
    }

    /// A bus's value if every bit is known.
    fn byte(&self, bus: &str) -> Option<u8> {
        let bits = self.engine.bus_value(self.circuit.bus(bus).expect("bus"));
        bits.iter().rev().try_fold(0u8, |v, &t| match t {
            Trit::True => Some(v << 1 | 1),
            Trit::False => Some(v << 1),
            Trit::Unknown => None,
        })
    }

    /// The value of the node `label` (an instance path inside the CPU).
    fn trit(&self, label: &str) -> Trit {
        self.engine.value(
            self.circuit
                .find(label)
                .unwrap_or_else(|| panic!("{label}")),
        )
    }

    fn halted(&self) -> Trit {
        self.engine
            .value(self.circuit.find("HALTED").expect("HALTED"))
    }
}

/// Under both schedules: the levelized one (what a fast run uses) gives the same values as
/// unit delay after every clock edge of a synchronous design — its flip-flops and RAM
/// writes sample before any of them changes, as unit delay's read the previous delta.
#[test]
fn the_circuit_follows_the_emulator_cycle_by_cycle() {
    for (name, schedule) in PROGRAMS
        .into_iter()
        .flat_map(|n| [Schedule::UnitDelay, Schedule::Levelized].map(|s| (n, s)))
    {
        let source = std::fs::read_to_string(cpu_dir().join("programs").join(format!("{name}.s")))
            .expect("program source");
        let program = asm::assemble(&source).expect("assembles");
        let run = asm::emulate(&program, 10_000).expect("emulates");
        assert!(run.halted, "{name} halts on the emulator");

        let doc = load_file(&cpu_dir().join(format!("{name}.ron")));
        let mut m = Machine::new(&doc.circuit, schedule);
        m.reset();
        let name = format!("{name} ({schedule:?})");
        assert_eq!(m.byte("PC"), Some(0), "{name}: PC after reset");
        assert_eq!(m.halted(), Trit::False, "{name}: HALTED after reset");
        // The reset clears every register (docs/cpu.md): only the RAM stays unknown.
        assert_eq!(m.byte("PORT"), Some(0), "{name}: PORT after reset");
        assert_eq!(m.byte("ACC"), Some(0), "{name}: ACC after reset");
        for label in ["cpu/zf", "cpu/cf"] {
            assert_eq!(m.trit(label), Trit::False, "{name}: {label} after reset");
        }

        let mut emu = asm::Emulator::new(&program);
        // The port's values, from the 0 the reset left in it.
        let mut outputs = vec![0];
        let mut halted_at = None;
        for cycle in 1..=run.cycles + 20 {
            m.cycle();
            emu.step().expect("emulator step");
            let at = format!("{name}, cycle {cycle}");
            assert_eq!(m.byte("PC"), Some(emu.pc()), "{at}: PC");
            if let Some(a) = emu.a() {
                assert_eq!(m.byte("ACC"), Some(a), "{at}: A");
            }
            for (flag, label, known) in [("Z", "cpu/zf", emu.z()), ("C", "cpu/cf", emu.c())] {
                if let Some(set) = known {
                    assert_eq!(m.trit(label), Trit::from(set), "{at}: {flag}");
                }
            }
            let port = m.byte("PORT");
            assert_eq!(port, Some(emu.port()), "{at}: PORT");
            if let Some(p) = port
                && outputs.last() != Some(&p)
            {
                outputs.push(p);
            }
            let halted = m.halted();
            assert_eq!(halted == Trit::True, emu.halted(), "{at}: HALTED");
            assert_ne!(halted, Trit::Unknown, "{at}: HALTED unknown");
            if halted == Trit::True && halted_at.is_none() {
                halted_at = Some(cycle);
            }
        }
        // The port's changes are the OUTs' values where consecutive OUTs differ, after the
        // reset's 0.
        let mut expected = [&[0][..], &run.outputs].concat();
        expected.dedup();
        assert_eq!(outputs, expected, "{name}: the port's values");
        assert_eq!(
            halted_at,
            Some(run.cycles),
            "{name}: halted at the emulator's cycle"
        );
        println!(
            "{name}: outputs {:?}, halted after {} cycles, {} nodes",
            run.outputs,
            run.cycles,
            doc.circuit.node_count()
        );
    }
}

/// The program that never halts follows the emulator too, under both schedules, for 1800
/// cycles (300 values on the port, wrapping from 255 to 0): PC, A and the port after every
/// cycle, never halted.
#[test]
fn the_counting_program_follows_the_emulator() {
    const CYCLES: u64 = 1800;
    let source = std::fs::read_to_string(cpu_dir().join("programs").join(format!("{RUNNING}.s")))
        .expect("program source");
    let program = asm::assemble(&source).expect("assembles");
    let doc = load_file(&cpu_dir().join(format!("{RUNNING}.ron")));
    for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
        let mut m = Machine::new(&doc.circuit, schedule);
        m.reset();
        let mut emu = asm::Emulator::new(&program);
        for cycle in 1..=CYCLES {
            m.cycle();
            emu.step().expect("emulator step");
            let at = format!("{RUNNING} ({schedule:?}), cycle {cycle}");
            assert_eq!(m.byte("PC"), Some(emu.pc()), "{at}: PC");
            assert_eq!(m.byte("ACC"), emu.a(), "{at}: A");
            assert_eq!(m.byte("PORT"), Some(emu.port()), "{at}: PORT");
            assert_eq!(m.halted(), Trit::False, "{at}: HALTED");
        }
        assert_eq!(
            m.byte("PORT"),
            Some((300 % 256) as u8),
            "{RUNNING} ({schedule:?})"
        );
    }
}

/// Settles without records take the folded form — in which a memory's bits are read as one
/// word, by the position of its first bit — and must report what settles with records do,
/// which read bit by bit: on fib (which stores to and loads from the RAM) from reset to past
/// its `HLT`, every settle's event count and levels, and every node's value, agree.
#[test]
fn quiet_settles_report_what_recorded_ones_do() {
    let doc = load_file(&cpu_dir().join("fib.ron"));
    let nodes: Vec<NodeId> = doc.circuit.nodes().map(|(id, _)| id).collect();
    let mut quiet = Machine::new(&doc.circuit, Schedule::Levelized);
    let mut recorded = Machine::new(&doc.circuit, Schedule::Levelized);
    let mut records = Vec::new();
    for m in [&mut quiet, &mut recorded] {
        m.reset();
    }
    for tick in 0..2 * 250 {
        quiet.engine.tick();
        recorded.engine.tick();
        let report = quiet.engine.settle();
        records.clear();
        assert_eq!(
            report,
            recorded.engine.settle_with(&mut records),
            "tick {tick}"
        );
        for &id in &nodes {
            assert_eq!(
                quiet.engine.value(id),
                recorded.engine.value(id),
                "tick {tick}"
            );
        }
    }
    assert_eq!(quiet.byte("PORT"), Some(233));
}

/// Cycle-based runs ([`Engine::run_clocked`]) give every node the value the levelized engine
/// gives tick by tick: on every program, one tick per run from reset to past `fib`'s `HLT`
/// (and as long on the others), RAM loads and stores included; then one run to `HALTED`
/// stops at the tick the engine's own loop stops at, with the port it shows.
#[test]
fn cycle_based_runs_give_every_value_tick_by_tick() {
    for name in PROGRAMS.iter().chain([&RUNNING]) {
        let doc = load_file(&cpu_dir().join(format!("{name}.ron")));
        let nodes: Vec<NodeId> = doc.circuit.nodes().map(|(id, _)| id).collect();
        let mut reference = Machine::new(&doc.circuit, Schedule::Levelized);
        let mut cycled = Machine::new(&doc.circuit, Schedule::Levelized);
        for m in [&mut reference, &mut cycled] {
            m.reset();
        }
        for tick in 0..2 * 250 {
            reference.engine.tick();
            reference.engine.settle();
            let run = cycled.engine.run_clocked(1, &[]);
            assert_eq!(run.cycle_based, Ok(()), "{name}");
            for &id in &nodes {
                assert_eq!(
                    cycled.engine.value(id),
                    reference.engine.value(id),
                    "{name}, tick {tick}"
                );
            }
        }
        // From reset again, in one run.
        let halted = doc.circuit.find("HALTED").expect("HALTED");
        for m in [&mut reference, &mut cycled] {
            m.reset();
        }
        let mut ticks = 0;
        while ticks < 2000 && reference.halted() != Trit::True {
            reference.engine.tick();
            reference.engine.settle();
            ticks += 1;
        }
        let run = cycled.engine.run_clocked(2000, &[(halted, Trit::True)]);
        assert_eq!((run.ticks, run.held), (ticks, *name != RUNNING), "{name}");
        assert_eq!(cycled.byte("PORT"), reference.byte("PORT"), "{name}");
        for &id in &nodes {
            assert_eq!(
                cycled.engine.value(id),
                reference.engine.value(id),
                "{name}"
            );
        }
    }
}
