//! Verilog import end to end: `tritium import` running Yosys, its errors (Yosys' own messages,
//! a missing top, several tops, the node and time limits, Yosys missing), `tritium vectors`
//! replaying an imported design line by line as an Icarus testbench's `$display` prints it,
//! and the round trip of every example of `circuits/` through the Verilog writer and back.
//!
//! The tests that run Yosys (or Icarus) skip without it and fail instead under
//! `TRITIUM_REQUIRE_ORACLES=1`; those with a stand-in program for Yosys run everywhere.

mod common;

use std::ffi::OsStr;
use std::fs;
use std::path::Path;

use common::{Run, TempDir, oracle_available, tritium, tritium_with};
use sim_core::format::Document;
use sim_core::testbench::{Literal, Step, TestCase};
use sim_core::{NodeKind, Trit};

/// Whether Yosys is installed (else the test skips, or fails under
/// `TRITIUM_REQUIRE_ORACLES=1`).
fn yosys_available() -> bool {
    oracle_available("Yosys", &["yosys"])
}

/// A counter with synchronous reset and enable, and a combinational output.
const COUNTER: &str = "\
module counter(input clk, input rst, input en, output reg [3:0] q, output carry);
  always @(posedge clk)
    if (rst) q <= 4'd0;
    else if (en) q <= q + 4'd1;
  assign carry = &q;
endmodule
";

/// `tritium import FILES… -o OUT extra…` run in the workspace root.
fn import(files: &[&Path], out: &Path, extra: &[&str]) -> Run {
    let mut args: Vec<&OsStr> = vec!["import".as_ref()];
    args.extend(files.iter().map(|f| f.as_os_str()));
    args.extend(["-o".as_ref(), out.as_os_str()]);
    args.extend(extra.iter().map(OsStr::new));
    tritium(&args)
}

/// The stimulus of the counter: a reset, counting with pauses past a wrap, a reset again.
fn counter_stimulus() -> (String, Vec<[char; 2]>) {
    let mut rows = vec![['1', '0']];
    rows.extend((0..20).map(|k| ['0', if k % 7 == 3 { '0' } else { '1' }]));
    rows.push(['1', '1']);
    rows.extend((0..3).map(|_| ['0', '1']));
    let mut text =
        String::from("# the counter's inputs by name (the clock is ticked)\nports: rst en\n");
    for [rst, en] in &rows {
        text.extend([*rst, ' ', *en, '\n']);
    }
    (text, rows)
}

#[test]
fn an_imported_counter_replays_as_its_testbench_displays() {
    if !yosys_available() {
        return;
    }
    let dir = TempDir::new("import-counter");
    let source = dir.file("counter.v", COUNTER);
    let out = dir.path().join("counter.ron");
    import(&[&source], &out, &[]).expect_code(0);
    let (stimulus, rows) = counter_stimulus();
    let stim = dir.file("counter.stim", &stimulus);
    let run = tritium(&[
        "vectors".as_ref(),
        out.as_os_str(),
        "--clock".as_ref(),
        "clk".as_ref(),
        "--display".as_ref(),
        "--input".as_ref(),
        stim.as_os_str(),
    ]);
    run.expect_code(0);
    // The expected lines, computed here: q after each rising edge, and its carry.
    let mut q: Option<u8> = None;
    let expected: Vec<String> = rows
        .iter()
        .map(|&[rst, en]| {
            if rst == '1' {
                q = Some(0);
            } else if en == '1' {
                q = q.map(|v| (v + 1) % 16);
            }
            match q {
                Some(v) => format!("{v:04b} {}", u8::from(v == 15)),
                None => "xxxx x".to_owned(),
            }
        })
        .collect();
    assert_eq!(run.lines(), expected, "{}", run.stderr);

    // The same lines as Icarus running the RTL under a testbench that `$display`s the ports.
    if !oracle_available("Icarus Verilog", &["iverilog", "vvp"]) {
        return;
    }
    let memory: String = rows.iter().flat_map(|&[r, e]| [r, e, '\n']).collect();
    dir.file("counter.mem", &memory);
    let testbench = format!(
        "module tb;
  reg clk = 0, rst, en;
  wire [3:0] q;
  wire carry;
  reg [1:0] stimulus [0:{last}];
  integer i;
  counter dut(.clk(clk), .rst(rst), .en(en), .q(q), .carry(carry));
  initial begin
    $readmemb(\"counter.mem\", stimulus);
    for (i = 0; i <= {last}; i = i + 1) begin
      {{rst, en}} = stimulus[i];
      #1 clk = 1;
      #1 $display(\"%b %b\", q, carry);
      clk = 0;
      #1;
    end
  end
endmodule
",
        last = rows.len() - 1
    );
    let tb = dir.file("tb.v", &testbench);
    let program = dir.path().join("tb.vvp");
    let compiled = std::process::Command::new("iverilog")
        .arg("-o")
        .args([program.as_os_str(), tb.as_os_str(), source.as_os_str()])
        .status()
        .expect("iverilog runs");
    assert!(compiled.success());
    let output = std::process::Command::new("vvp")
        .args(["-n".as_ref(), program.as_os_str()])
        .current_dir(dir.path())
        .output()
        .expect("vvp runs");
    let icarus = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(run.lines(), icarus.lines().collect::<Vec<_>>());
}

#[test]
fn defines_includes_and_the_top_reach_yosys() {
    if !yosys_available() {
        return;
    }
    let dir = TempDir::new("import-options");
    fs::create_dir(dir.path().join("inc")).expect("a folder");
    dir.file("inc/width.vh", "`define WIDTH 3\n");
    let source = dir.file(
        "two.v",
        "`include \"width.vh\"
module inverter(input [`WIDTH-1:0] a, output [`WIDTH-1:0] y);
`ifdef INVERT
  assign y = ~a;
`else
  assign y = a;
`endif
endmodule
module other(input a, output y); assign y = a; endmodule
",
    );
    let out = dir.path().join("inverter.ron");
    let include = dir.path().join("inc");
    let args = [
        "--top",
        "inverter",
        "--define",
        "INVERT",
        "--include",
        include.to_str().expect("a UTF-8 path"),
    ];
    import(&[&source], &out, &args).expect_code(0);
    let run = tritium(&[
        "sim".as_ref(),
        out.as_os_str(),
        "--set".as_ref(),
        "a=0b101".as_ref(),
    ]);
    run.expect_code(0);
    assert_eq!(run.stdout.trim(), "y=0x2", "~0b101 in 3 bits");
    // Two modules nobody instantiates and no --top: the import names them and writes nothing.
    let run = import(&[&source], &out.with_extension("two.ron"), &args[4..]);
    run.expect_code(2);
    assert!(run.stderr.contains("inverter, other"), "{}", run.stderr);
    assert!(run.stderr.contains("--top"), "{}", run.stderr);
    assert!(!out.with_extension("two.ron").exists());
}

#[test]
fn bad_designs_are_clear_errors_and_write_nothing() {
    if !yosys_available() {
        return;
    }
    let dir = TempDir::new("import-errors");
    let out = dir.path().join("out.ron");
    let bad = dir.file(
        "bad.v",
        "module bad(input a, output b);\n  assign b = a +;\nendmodule\n",
    );
    let counter = dir.file("counter.v", COUNTER);
    for (files, extra, message) in [
        (&bad, &[][..], "bad.v:2: ERROR: syntax error"),
        (&counter, &["--top", "nowhere"][..], "nowhere"),
        (&counter, &["--max-nodes", "3"][..], "--max-nodes"),
        (
            &counter,
            &["--define", "9X=1"][..],
            "not a macro definition",
        ),
    ] {
        let run = import(&[files], &out, extra);
        run.expect_code(2);
        assert!(
            run.stderr.contains(message),
            "{extra:?}: {message} in\n{}",
            run.stderr
        );
        assert!(!out.exists(), "{extra:?}: nothing written");
    }
}

#[test]
fn without_yosys_the_error_says_how_to_install_it() {
    let dir = TempDir::new("import-no-yosys");
    let counter = dir.file("counter.v", COUNTER);
    let out = dir.path().join("out.ron");
    let run = tritium_with(
        &[
            "import".as_ref(),
            counter.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ],
        &[("TRITIUM_YOSYS", "/nonexistent/yosys".as_ref())],
    );
    run.expect_code(2);
    assert!(
        run.stderr.contains("apt-get install yosys"),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
}

#[cfg(unix)]
#[test]
fn a_yosys_run_past_the_time_limit_is_stopped_and_says_so() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = TempDir::new("import-slow");
    let slow = dir.file("yosys", "#!/bin/sh\nsleep 30\n");
    fs::set_permissions(&slow, fs::Permissions::from_mode(0o755)).expect("executable");
    let counter = dir.file("counter.v", COUNTER);
    let out = dir.path().join("out.ron");
    let started = std::time::Instant::now();
    let run = tritium_with(
        &[
            "import".as_ref(),
            counter.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
            "--time-limit".as_ref(),
            "1".as_ref(),
        ],
        &[("TRITIUM_YOSYS", slow.as_os_str())],
    );
    run.expect_code(2);
    assert!(started.elapsed().as_secs() < 20, "stopped at the limit");
    assert!(run.stderr.contains("time limit of 1 s"), "{}", run.stderr);
    assert!(!out.exists());
}

/// How long Yosys may take on one example of the round trip (the CPU's memories need more:
/// see [`CANNOT_ROUND_TRIP`]).
const ROUND_TRIP_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// The examples that cannot make the round trip, in file order, and why (words of the error
/// each gives). Every other example of `circuits/` must pass its own tests after the trip.
const CANNOT_ROUND_TRIP: &[(&str, &str)] = &[
    // Balanced-ternary gates are not Kleene extensions of Boolean functions: Verilog's 0/1/x
    // cannot express them, so the writer refuses them.
    ("circuits/bt_adder6_demo.ron", TERNARY),
    // The CPU's RAM and control ROM are written with an x-aware read (a function comparing
    // every word, for Icarus), which Yosys unrolls into a comparison per word and does not
    // finish optimising.
    ("circuits/cpu/count.ron", TOO_SLOW),
    ("circuits/cpu/fib.ron", TOO_SLOW),
    ("circuits/cpu/gcd.ron", TOO_SLOW),
    ("circuits/cpu/lib/cpu8.ron", TOO_SLOW),
    ("circuits/cpu/mul.ron", TOO_SLOW),
    ("circuits/lib/bt_adder6.ron", TERNARY),
    ("circuits/lib/bt_compare.ron", TERNARY),
    ("circuits/lib/bt_full_adder.ron", TERNARY),
    ("circuits/lib/bt_half_adder.ron", TERNARY),
    // Its test expects an internal gate, which Yosys merges into the others.
    ("circuits/ring_oscillator_3.ron", "unknown label `G3`"),
    // Its test reads an address with an unknown bit: Tritium's ROM answers the bits both
    // candidate words agree on; the exported x-aware read comes back through Yosys all x.
    (
        "circuits/rom_hex_7seg.ron",
        "expected SEG=0b0xxx11x, got 0bxxxxxxx",
    ),
    ("circuits/ternary_half_adder.ron", TERNARY),
    // Its test expects an internal flip-flop, whose name Yosys does not keep.
    ("circuits/tty_hello.ron", "unknown label `Q0`"),
];

/// Why a balanced-ternary example cannot be written as Verilog.
const TERNARY: &str = "is a table gate that is not the Kleene extension of a Boolean function";
/// Why the CPU cannot make the trip in time.
const TOO_SLOW: &str = "did not finish within the time limit";

/// The examples of `circuits/` that make the round trip.
const ROUND_TRIPS: usize = 44;

/// `tests`, written for a circuit clocked by clock nodes (`clocks`: their labels and half
/// periods) with `buttons`, for the same circuit whose clocks and buttons are plain inputs
/// (an imported Verilog design's ports, unknown at power-on): the first step sets the clocks
/// low and the buttons released, their power-on values, and each tick of a step becomes a
/// step of its own setting the clocks that toggle then ([`sim_core::Engine::tick`]'s rule: a
/// clock toggles when its half period divides the time), the step's expectations checked
/// after the last.
fn as_plain_inputs(
    tests: &[TestCase],
    clocks: &[(String, u32)],
    buttons: &[String],
) -> Vec<TestCase> {
    let level = |high: bool| Literal::trit(if high { Trit::True } else { Trit::False });
    tests
        .iter()
        .map(|test| {
            let mut time = 0_u64;
            let mut high = vec![false; clocks.len()];
            let mut steps: Vec<Step> = Vec::new();
            for step in &test.steps {
                let mut set = step.set.clone();
                if steps.is_empty() {
                    let low = clocks.iter().map(|(label, _)| label).chain(buttons);
                    set.extend(low.map(|label| (label.clone(), level(false))));
                }
                steps.push(Step {
                    set,
                    ..Step::default()
                });
                for _ in 0..step.ticks {
                    time += 1;
                    let set = clocks
                        .iter()
                        .zip(&mut high)
                        .filter(|((_, half), _)| time.is_multiple_of(u64::from((*half).max(1))))
                        .map(|((label, _), high)| {
                            *high = !*high;
                            (label.clone(), level(*high))
                        })
                        .collect();
                    steps.push(Step {
                        set,
                        ..Step::default()
                    });
                }
                let last = steps.last_mut().expect("a step was pushed");
                last.expect.clone_from(&step.expect);
                last.oscillates = step.oscillates;
            }
            TestCase {
                name: test.name.clone(),
                steps,
            }
        })
        .collect()
}

/// The round trip of `original`, the circuit file `path`: exported as Verilog (as `tritium export
/// verilog` does, with its memory images) into `dir`, imported back through Yosys, and its
/// own tests run on the import ([`as_plain_inputs`]); Yosys may take [`ROUND_TRIP_TIME`].
/// `Err`: why it cannot make the trip, or the first test that fails.
fn round_trip(path: &Path, original: &Document, dir: &Path) -> Result<(), String> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let module = sim_core::verilog::default_module(original, stem.as_deref());
    let export =
        sim_core::verilog::export(original, &module).map_err(|e| format!("export: {e}"))?;
    let verilog = dir.join(format!("{module}.v"));
    fs::write(&verilog, &export.verilog).expect("writable");
    for image in &export.images {
        fs::write(dir.join(&image.file), &image.text).expect("writable");
    }
    let options = loader::verilog::Options {
        top: Some(module),
        time_limit: ROUND_TRIP_TIME,
        ..loader::verilog::Options::default()
    };
    let imported = loader::Yosys::find()
        .import(&[verilog], &options)
        .map_err(|e| format!("import: {e}"))?
        .document;
    let circuit = &original.circuit;
    let clocks: Vec<(String, u32)> = circuit
        .nodes()
        .filter_map(|(_, n)| match n.kind {
            NodeKind::Clock { half_period } => Some((n.label.clone(), half_period)),
            _ => None,
        })
        .collect();
    let buttons: Vec<String> = circuit
        .nodes()
        .filter(|(_, n)| n.kind == NodeKind::Button)
        .map(|(_, n)| n.label.clone())
        .collect();
    for test in as_plain_inputs(&original.tests, &clocks, &buttons) {
        let outcome = test
            .run(&imported.circuit)
            .map_err(|e| format!("test: {e}"))?;
        if let Some(failure) = outcome.failures.first() {
            return Err(format!("test `{}`: {failure}", test.name));
        }
    }
    Ok(())
}

/// The circuit files under `dir` (its folders too, but `figures/`, which holds figures),
/// sorted.
fn circuit_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("a folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() && !path.ends_with("figures") {
            files.extend(circuit_files(&path));
        } else if path.extension().is_some_and(|e| e == "ron") {
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn every_example_round_trips_through_verilog_and_yosys() {
    if !yosys_available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let policy = loader::LibraryPolicy::new();
    let mut ran = 0;
    let mut cannot: Vec<(String, String)> = Vec::new();
    for path in circuit_files(&root.join("circuits")) {
        let name = path
            .strip_prefix(root)
            .expect("under the root")
            .display()
            .to_string();
        let doc = loader::load_circuit(&path, &policy)
            .unwrap_or_else(|e| panic!("{e}"))
            .doc;
        assert!(
            !doc.tests.is_empty(),
            "{name} has no tests to make the trip with"
        );
        let dir = TempDir::new("round-trip");
        match round_trip(&path, &doc, dir.path()) {
            Ok(()) => ran += 1,
            Err(why) => cannot.push((name, why)),
        }
    }
    let report: Vec<String> = cannot
        .iter()
        .map(|(f, why)| format!("{f}: {why}"))
        .collect();
    eprintln!("{ran} examples round-trip; cannot:\n{}", report.join("\n"));
    let expected: Vec<&str> = CANNOT_ROUND_TRIP.iter().map(|(f, _)| *f).collect();
    let found: Vec<&str> = cannot.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        found,
        expected,
        "the examples that cannot round-trip:\n{}",
        report.join("\n")
    );
    for ((_, why), (file, word)) in cannot.iter().zip(CANNOT_ROUND_TRIP) {
        assert!(why.contains(word), "{file}: `{word}` in {why}");
    }
    assert_eq!(ran, ROUND_TRIPS, "examples that round-trip");
}

#[test]
fn run_clock_makes_an_input_the_clock_of_a_cycle_based_run() {
    // The register has no clock node, only the input `clk`, as an imported design has.
    let unclocked = tritium(&[
        "run",
        "circuits/lib/reg8.ron",
        "--set",
        "d=107",
        "--ticks",
        "2",
    ]);
    unclocked.expect_code(2);
    assert!(
        unclocked.stderr.contains("no clock to tick"),
        "{}",
        unclocked.stderr
    );
    let run = tritium(&[
        "run",
        "circuits/lib/reg8.ron",
        "--clock",
        "clk",
        "--set",
        "d=107",
        "--ticks",
        "2",
    ]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["q=107"]);
    assert!(run.stderr.contains("(cycle-based)"), "{}", run.stderr);
    let wrong = tritium(&[
        "run",
        "circuits/lib/reg8.ron",
        "--clock",
        "nope",
        "--ticks",
        "2",
    ]);
    wrong.expect_code(2);
    assert!(
        wrong.stderr.contains("--clock nope: no input"),
        "{}",
        wrong.stderr
    );
}

#[test]
fn a_replay_names_its_ports_and_ticks_a_clock_input() {
    // The 8-bit register's clock is a button (an input), as an imported design's is.
    let dir = TempDir::new("replay-clock");
    let stim = dir.file("reg8.stim", "ports: d\n107\n0x0f\n0b1x00_0001\n");
    let replay = |extra: &[&str]| {
        let mut args = vec!["vectors", "circuits/lib/reg8.ron", "--input"];
        args.push(stim.to_str().expect("a UTF-8 path"));
        args.extend(extra);
        tritium(&args)
    };
    let run = replay(&["--clock", "clk", "--display"]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["01101011", "00001111", "1x000001"]);
    // Without --display, numbers in the bus's radix.
    let run = replay(&["--clock", "clk"]);
    run.expect_code(0);
    assert_eq!(run.lines(), ["107", "15", "0b1x000001"]);
    let run = replay(&["--clock", "tick"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("--clock tick: no input"),
        "{}",
        run.stderr
    );
    let bad = dir.file("bad.stim", "ports: d clk\n1 1\n");
    let run = tritium(&[
        "vectors".as_ref(),
        "circuits/lib/reg8.ron".as_ref(),
        "--clock".as_ref(),
        "clk".as_ref(),
        "--input".as_ref(),
        bad.as_os_str(),
    ]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("line 1: `clk` is not an input"),
        "{}",
        run.stderr
    );
}
