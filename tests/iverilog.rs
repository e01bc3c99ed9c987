//! Differential test against Icarus Verilog: `tritium vectors` and `vvp` running the circuit
//! written by `tritium export verilog` must print the same outputs for the same vectors.
//!
//! Every ISCAS-85 netlist in `../shared/circuits/iscas85/` gets 1,000 random vectors with 10%
//! `x` inputs; the sequential netlists in `tests/circuits/bench/` get 200 clocked vectors
//! (Tritium's clocked convention — apply, settle, rising edge, settle, print, falling edge,
//! settle — is mirrored by the testbench). The hierarchical circuits (the 8-bit adder and
//! the combinational parts of `circuits/lib/`) are exported as one module per part and get
//! 1,000 vectors each. Icarus's gate primitives are Kleene on 0/1/x, as Tritium's gates are
//! on −1/0/+1. So are its `&`, `|` and `~`, in which the table gates of
//! `tests/circuits/tables.ron` (Kleene extensions) are written: 1,000 vectors too.
//!
//! The sequential parts of `circuits/lib/` (latch, flip-flop, register, counter) and the
//! counter-decoder are latch loops of gates clocked by a switch: they get 200 race-free cycles
//! ([`pulsed_vectors`]): the clock pulses 0, 1 (or x), 0 while the other inputs hold, and
//! those change only while the clock is 0. Vectors that change data and clock together are
//! left out on purpose: that is a setup-time violation, a race between the data and the
//! closing latch, which Tritium's delayed gates lose to an oscillation (read as unknown and
//! warned about) while Icarus's zero-delay scheduler settles it one way or the other by its
//! event order. Neither is wrong; the circuits simply have no defined answer there.
//!
//! Flip-flops with asynchronous set and reset (`tests/circuits/async_reset.ron`) get 200
//! cycles whose set and reset are known and held through each cycle, reset never falling
//! while set is 1 ([`set_reset_vectors`]): Verilog's edge-triggered asynchronous pins and
//! Tritium's level-sensitive ones differ by design there (see `sim_core::verilog`).
//!
//! The memory examples are exported as arrays read and written by `$readmemh`-loaded images
//! (see `sim_core::verilog`, *Memories*), `vvp` running beside them: the ROM
//! (`circuits/rom_hex_7seg.ron`) on every address then random ones, the RAM
//! (`circuits/ram_16x4.ron`, clocked by a switch) on race-free cycles ([`ram_vectors`]).
//! Their addresses, write enables and clocks stay known: under unknowns Verilog's arrays
//! and Tritium's memories answer differently by design (an x address reads all x in
//! Verilog, the bits the candidate words agree on in Tritium); their data in may be x.
//!
//! The TTY example (`circuits/tty_hello.ron`) is exported with its TTY as an output port and
//! ticked by a testbench that prints what the port writes at each rising edge: the same text
//! `tritium run` prints.
//!
//! Without `iverilog` and `vvp` on the PATH the tests print why they skip and pass; with
//! `TRITIUM_REQUIRE_ORACLES=1` they fail instead.

mod common;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sim_core::{NodeKind, bench, format, signal};

/// Vectors per ISCAS-85 circuit.
const COMBINATIONAL_VECTORS: usize = 1000;
/// Vectors (clock cycles) per sequential circuit.
const SEQUENTIAL_VECTORS: usize = 200;
/// The share of `x` inputs.
const X_PROB: f64 = 0.1;
/// The seed of every run.
const SEED: u64 = 85;

/// Whether Icarus is installed; if not, says why the test skips (or fails under
/// `TRITIUM_REQUIRE_ORACLES=1`).
fn icarus_available() -> bool {
    common::oracle_available("Icarus Verilog", &["iverilog", "vvp"])
}

/// `count` random vectors of `width` characters, each `x` with probability `x_prob`, else `0`
/// or `1` (seeded: the same vectors every run).
fn random_vectors(width: usize, count: usize, seed: u64, x_prob: f64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut text = String::with_capacity((width + 1) * count);
    for _ in 0..count {
        for _ in 0..width {
            let c = if rng.random_bool(x_prob) {
                'x'
            } else if rng.random_bool(0.5) {
                '1'
            } else {
                '0'
            };
            text.push(c);
        }
        text.push('\n');
    }
    text
}

/// `cycles` race-free clock cycles for a circuit of `width` inputs clocked by input number
/// `clock`: three vectors per cycle, the clock 0, then 1 (`x` with probability `x_prob`), then
/// 0 again, the other inputs held. Between cycles (the clock 0) each other input is redrawn
/// with probability 1/4 (`x` with probability `x_prob`, else `0` or `1`), so that a counter
/// gets runs of cycles without a reset. Seeded.
fn pulsed_vectors(
    width: usize,
    clock: usize,
    cycles: usize,
    seed: u64,
    x_prob: f64,
    clock_x_prob: f64,
) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let draw = |rng: &mut ChaCha8Rng| {
        if rng.random_bool(x_prob) {
            'x'
        } else if rng.random_bool(0.5) {
            '1'
        } else {
            '0'
        }
    };
    let mut data: Vec<char> = (0..width).map(|_| draw(&mut rng)).collect();
    let mut text = String::with_capacity((width + 1) * cycles * 3);
    for _ in 0..cycles {
        for (i, bit) in data.iter_mut().enumerate() {
            if i != clock && rng.random_bool(0.25) {
                *bit = draw(&mut rng);
            }
        }
        let high = if rng.random_bool(clock_x_prob) {
            'x'
        } else {
            '1'
        };
        for level in ['0', high, '0'] {
            data[clock] = level;
            text.extend(&data);
            text.push('\n');
        }
    }
    text
}

/// [`pulsed_vectors`] (other inputs `x` with probability `x_prob`) for a circuit with
/// asynchronous set and reset inputs (`pins`: their labels, either may be absent): the clock
/// never `x`, set and reset never `x` and, after the redraw, reset never falls while set is
/// at 1. Those are the cases where Verilog's edge-triggered `always @(posedge clk or posedge rst
/// or posedge set)` and Tritium's level-sensitive Kleene pins differ by design (see
/// `sim_core::verilog`): an `x` on set or reset is no reset in Verilog, and a 0 → x change is a
/// `posedge` that takes the `else` branch; reset falling under set makes no event in Verilog,
/// where Tritium's Q goes to +1 at once. Both being 1 (reset wins) is kept. Seeded.
fn set_reset_vectors(
    inputs: &[String],
    clock: &str,
    pins: [Option<&str>; 2],
    cycles: usize,
    seed: u64,
    x_prob: f64,
) -> String {
    let at = |label: &str| {
        inputs
            .iter()
            .position(|l| l == label)
            .unwrap_or_else(|| panic!("no input {label}: {inputs:?}"))
    };
    let [set, reset] = pins.map(|pin| pin.map(at));
    let pulsed = pulsed_vectors(inputs.len(), at(clock), cycles, seed, x_prob, 0.0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 1);
    // Set and reset: drawn at each cycle's first line, held through its other two.
    let mut levels = ['0', '0'];
    let mut text = String::with_capacity(pulsed.len());
    for (k, line) in pulsed.lines().enumerate() {
        if k % 3 == 0 {
            let was_reset = levels[1];
            levels = [0, 1].map(|_| if rng.random_bool(0.2) { '1' } else { '0' });
            if was_reset == '1' && levels == ['1', '0'] {
                levels[0] = '0';
            }
        }
        let mut bits: Vec<char> = line.chars().collect();
        for (pin, level) in [set, reset].into_iter().zip(levels) {
            if let Some(pin) = pin {
                bits[pin] = level;
            }
        }
        text.extend(&bits);
        text.push('\n');
    }
    text
}

/// Race-free cycles for a RAM whose inputs are `inputs` (expanded bit labels), clocked by
/// `clock`: as [`pulsed_vectors`], the clock 0, 1, 0 with the others held, and between
/// cycles each other input redrawn with probability 1/2; only the inputs whose label starts
/// with `data` may be `x` (with probability [`X_PROB`]), the address and write enable stay
/// known (see the module docs). Seeded.
fn ram_vectors(inputs: &[String], clock: &str, data: &str, cycles: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let clock = inputs
        .iter()
        .position(|l| l == clock)
        .unwrap_or_else(|| panic!("no input {clock}: {inputs:?}"));
    let draw = |rng: &mut ChaCha8Rng, label: &str| {
        if label.starts_with(data) && rng.random_bool(X_PROB) {
            'x'
        } else if rng.random_bool(0.5) {
            '1'
        } else {
            '0'
        }
    };
    let mut bits: Vec<char> = inputs.iter().map(|l| draw(&mut rng, l)).collect();
    let mut text = String::new();
    for _ in 0..cycles {
        for (i, bit) in bits.iter_mut().enumerate() {
            if i != clock && rng.random_bool(0.5) {
                *bit = draw(&mut rng, &inputs[i]);
            }
        }
        for level in ['0', '1', '0'] {
            bits[clock] = level;
            text.extend(&bits);
            text.push('\n');
        }
    }
    text
}

/// Every address of `width` bits in order, then `count` random known ones, one vector a line
/// (bit 0 first, as the inputs of an expanded bus are). Seeded.
fn every_address_then_random(width: usize, count: usize, seed: u64) -> String {
    let mut text = String::new();
    for a in 0..1usize << width {
        text.extend((0..width).map(|k| if a >> k & 1 == 1 { '1' } else { '0' }));
        text.push('\n');
    }
    text + &random_vectors(width, count, seed, 0.0)
}

/// A fresh directory under the system's temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let path =
            std::env::temp_dir().join(format!("tritium-iverilog-{}-{tag}", std::process::id()));
        fs::create_dir_all(&path).expect("can create a temporary directory");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs `program args…`, asserting success, and returns its standard output.
fn run(program: &str, args: &[&std::ffi::OsStr]) -> String {
    run_both(program, args).0
}

/// The same, returning standard output and standard error.
fn run_both(program: &str, args: &[&std::ffi::OsStr]) -> (String, String) {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), program, args)
}

/// The same in directory `dir`.
fn run_in(dir: &Path, program: &str, args: &[&std::ffi::OsStr]) -> (String, String) {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?} failed\n--- stdout\n{}--- stderr\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 output"),
    )
}

/// A testbench for module `module` whose input ports are `inputs` trits wide (a bus is one
/// vector port, its bits consecutive in the vectors, bit 0 first), with an optional clock
/// port after them (the order of an imported `.bench`), then output ports `outputs` wide,
/// reading `count` vectors from `vectors`.
fn testbench(
    module: &str,
    inputs: &[usize],
    clocked: bool,
    outputs: &[usize],
    count: usize,
    vectors: &Path,
) -> String {
    // Port k of width w takes bits [at, at + w) of `in` (or `out`), most significant first.
    let connect = |vector: &str, widths: &[usize]| {
        let mut at = 0;
        widths
            .iter()
            .map(|&w| {
                let bits: Vec<String> = (at..at + w)
                    .rev()
                    .map(|i| format!("{vector}[{i}]"))
                    .collect();
                at += w;
                if w == 1 {
                    bits.concat()
                } else {
                    format!("{{{}}}", bits.join(", "))
                }
            })
            .collect::<Vec<String>>()
    };
    let (inputs_width, outputs_width) =
        (inputs.iter().sum::<usize>(), outputs.iter().sum::<usize>());
    let mut ports = connect("in", inputs);
    if clocked {
        ports.push("clk".to_owned());
    }
    ports.extend(connect("out", outputs));
    let (inputs, outputs) = (inputs_width, outputs_width);
    let mut tb = String::new();
    let _ = writeln!(tb, "module tb;");
    let _ = writeln!(tb, "  reg [0:{}] mem [0:{}];", inputs - 1, count - 1);
    let _ = writeln!(tb, "  reg [0:{}] in;", inputs - 1);
    let _ = writeln!(tb, "  wire [0:{}] out;", outputs - 1);
    let _ = writeln!(tb, "  reg clk = 1'b0;");
    let _ = writeln!(tb, "  integer i;");
    let _ = writeln!(tb, "  {module} dut({});", ports.join(", "));
    let _ = writeln!(tb, "  initial begin");
    let _ = writeln!(tb, "    $readmemb(\"{}\", mem);", vectors.display());
    let _ = writeln!(tb, "    for (i = 0; i < {count}; i = i + 1) begin");
    let _ = writeln!(tb, "      in = mem[i];");
    let _ = writeln!(tb, "      #1;");
    if clocked {
        let _ = writeln!(tb, "      clk = 1'b1;");
        let _ = writeln!(tb, "      #1;");
    }
    let _ = writeln!(tb, "      $display(\"V %b\", out);");
    if clocked {
        let _ = writeln!(tb, "      clk = 1'b0;");
        let _ = writeln!(tb, "      #1;");
    }
    let _ = writeln!(tb, "    end");
    let _ = writeln!(tb, "    $finish;");
    let _ = writeln!(tb, "  end");
    let _ = writeln!(tb, "endmodule");
    tb
}

/// Reads a `.bench` netlist, or a circuit file (with its libraries beside it).
fn read_circuit(netlist: &Path) -> sim_core::Circuit {
    let text = fs::read_to_string(netlist).expect("readable netlist");
    if netlist.extension().is_none_or(|e| e != "ron") {
        return bench::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", netlist.display()));
    }
    let name = netlist.display().to_string();
    format::from_str_with(&text, &name, &mut |lib, from| {
        let path = Path::new(from).parent().unwrap_or(Path::new("")).join(lib);
        fs::read_to_string(&path)
            .map(|t| (path.display().to_string(), t))
            .map_err(|e| e.to_string())
    })
    .unwrap_or_else(|e| panic!("{}: {e}", netlist.display()))
    .circuit
}

/// Simulates `netlist` on `count` random vectors with Tritium and with Icarus and compares
/// the outputs line by line.
fn compare(netlist: &Path, count: usize) {
    compare_with(netlist, true, &|inputs| {
        random_vectors(inputs.len(), count, SEED, X_PROB)
    });
}

/// The same on [`pulsed_vectors`] clocked by the input labelled `clock`, for circuits whose
/// state is held by loops of gates (so the batch engine, which refuses loops, is left out).
///
/// `clock_x`: whether the clock may pulse to `x` instead of `1`. Not for a circuit with `Dff`
/// nodes: Verilog's `always @(posedge clk)` fires on 0 → x and takes D whole, while Tritium's
/// flip-flop, not knowing whether the edge rose, keeps only the bits on which D and Q agree
/// and makes the others unknown (Kleene's reading of "maybe an edge"). Both are consistent;
/// they answer different questions, so that case is left out of the comparison.
fn compare_pulsed(netlist: &Path, clock: &str, cycles: usize, clock_x: bool) {
    compare_with(netlist, false, &|inputs| {
        let at = inputs
            .iter()
            .position(|l| l == clock)
            .unwrap_or_else(|| panic!("{}: no input {clock}: {inputs:?}", netlist.display()));
        let clock_x_prob = if clock_x { X_PROB } else { 0.0 };
        pulsed_vectors(inputs.len(), at, cycles, SEED, X_PROB, clock_x_prob)
    });
}

/// Simulates `netlist` on the vectors `write_vectors` writes for its inputs (their labels, in
/// order) with Tritium and with Icarus and compares the outputs line by line; `batch`: the
/// batch engine too, for a circuit without flip-flops.
fn compare_with(netlist: &Path, batch: bool, write_vectors: &dyn Fn(&[String]) -> String) {
    let started = Instant::now();
    let stem = netlist
        .file_stem()
        .expect("a file name")
        .to_string_lossy()
        .into_owned();
    let circuit = read_circuit(netlist);
    let input_labels: Vec<String> = circuit
        .inputs()
        .map(|id| circuit[id].label.clone())
        .collect();
    // Each module port's width: a bus is one vector port.
    let widths = |ids: Vec<sim_core::NodeId>| -> Vec<usize> {
        signal::signals(&circuit, ids)
            .iter()
            .map(|s| s.bits.len())
            .collect()
    };
    let (inputs, outputs) = (
        widths(circuit.inputs().collect()),
        widths(circuit.terminals().collect()),
    );
    // An imported sequential `.bench` has a clock port after its inputs.
    let clocked = circuit
        .nodes()
        .any(|(_, n)| matches!(n.kind, NodeKind::Clock { .. }));

    let dir = TempDir::new(&stem);
    let vectors = dir.0.join("vectors.txt");
    let vector_text = write_vectors(&input_labels);
    let count = vector_text.lines().count();
    fs::write(&vectors, vector_text).expect("write vectors");
    let dut = dir.0.join("dut.v");
    let tb = dir.0.join("tb.v");
    let sim = dir.0.join("sim.vvp");
    let tritium = env!("CARGO_BIN_EXE_tritium");
    let (ours, tritium_time) = tritium_outputs(netlist, &vectors, batch && !clocked);
    run(
        tritium,
        &[
            "export".as_ref(),
            "verilog".as_ref(),
            netlist.as_os_str(),
            "-o".as_ref(),
            dut.as_os_str(),
            "--module".as_ref(),
            "dut_top".as_ref(),
        ],
    );
    fs::write(
        &tb,
        testbench("dut_top", &inputs, clocked, &outputs, count, &vectors),
    )
    .expect("write testbench");
    run(
        "iverilog",
        &[
            "-g2012".as_ref(),
            "-o".as_ref(),
            sim.as_os_str(),
            dut.as_os_str(),
            tb.as_os_str(),
        ],
    );
    // Beside the memory images that `$readmemh` reads by file name.
    let (theirs, _) = run_in(&dir.0, "vvp", &["-n".as_ref(), sim.as_os_str()]);
    let theirs: Vec<&str> = theirs
        .lines()
        .filter_map(|l| l.strip_prefix("V "))
        .collect();
    let ours: Vec<&str> = ours.lines().collect();
    let vector_lines: Vec<String> = fs::read_to_string(&vectors)
        .expect("vectors")
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        ours.len(),
        count,
        "{stem}: tritium printed {} lines",
        ours.len()
    );
    assert_eq!(
        theirs.len(),
        count,
        "{stem}: vvp printed {} lines",
        theirs.len()
    );
    if let Some(i) = (0..count).find(|&i| ours[i] != theirs[i]) {
        panic!(
            "{stem}: vector {} ({}) differs\n  tritium: {}\n  icarus:  {}",
            i + 1,
            vector_lines[i],
            ours[i],
            theirs[i]
        );
    }
    eprintln!(
        "{stem}: {count} vectors agree (tritium {:.2?}, total {:.2?})",
        tritium_time,
        started.elapsed()
    );
}

/// `tritium vectors NETLIST --input VECTORS`'s output on the event engine, and the time it
/// took, checked: no oscillation (that would be a race in the vectors, whose answer is up to
/// the simulator), the same output on the unit-delay schedule and, if `batch`, on the batch
/// engine.
fn tritium_outputs(netlist: &Path, vectors: &Path, batch: bool) -> (String, Duration) {
    let started = Instant::now();
    let stem = netlist.display();
    let (ours, warnings) = run_both(
        env!("CARGO_BIN_EXE_tritium"),
        &[
            "vectors".as_ref(),
            netlist.as_os_str(),
            "--input".as_ref(),
            vectors.as_os_str(),
            "--engine".as_ref(),
            "event".as_ref(),
            "--bits".as_ref(),
        ],
    );
    let time = started.elapsed();
    assert!(
        !warnings.contains("oscillated"),
        "{stem}: Tritium warned: {warnings}"
    );
    // Both schedules of the event engine, one answer.
    let unit_delay = simulate_with(netlist, vectors, "event", &["--schedule", "unit-delay"]);
    assert!(
        unit_delay == ours,
        "{stem}: the unit-delay schedule differs from the levelized one"
    );
    if batch {
        // Both engines, one answer.
        let batch = simulate(netlist, vectors, "batch");
        assert!(
            batch == ours,
            "{stem}: the batch engine differs from the event engine"
        );
    }
    (ours, time)
}

/// `tritium vectors NETLIST --input VECTORS --engine ENGINE`'s output.
fn simulate(netlist: &Path, vectors: &Path, engine: &str) -> String {
    simulate_with(netlist, vectors, engine, &[])
}

/// The same with `extra` arguments.
fn simulate_with(netlist: &Path, vectors: &Path, engine: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "vectors".as_ref(),
        netlist.as_os_str(),
        "--input".as_ref(),
        vectors.as_os_str(),
        "--engine".as_ref(),
        engine.as_ref(),
        "--bits".as_ref(),
    ];
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    run(env!("CARGO_BIN_EXE_tritium"), &args)
}

/// The `.bench` files in `dir`, sorted by name.
fn netlists(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bench"))
        .collect();
    files.sort();
    files
}

#[test]
fn iscas85_agrees_with_icarus() {
    if !icarus_available() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/circuits/iscas85");
    let files = netlists(&dir);
    assert_eq!(
        files.len(),
        11,
        "the ISCAS-85 suite has 11 netlists: {files:?}"
    );
    for file in files {
        compare(&file, COMBINATIONAL_VECTORS);
    }
}

#[test]
fn sequential_netlists_agree_with_icarus() {
    if !icarus_available() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/circuits/bench");
    let files = netlists(&dir);
    assert!(files.len() >= 3, "sequential test netlists: {files:?}");
    for file in files {
        compare(&file, SEQUENTIAL_VECTORS);
    }
}

#[test]
fn hierarchical_circuits_agree_with_icarus() {
    if !icarus_available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits");
    // One module per part used: the 8-bit adder, the 4-bit adder, the full and half adders,
    // inner parts first, each instance a module instance.
    let dir = TempDir::new("adder8-modules");
    let out = dir.0.join("adder8.v");
    run(
        env!("CARGO_BIN_EXE_tritium"),
        &[
            "export".as_ref(),
            "verilog".as_ref(),
            root.join("adder8.ron").as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ],
    );
    let verilog = fs::read_to_string(&out).expect("written");
    let mut modules: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in verilog.lines() {
        if let Some(header) = line.strip_prefix("module ") {
            modules.push((header, Vec::new()));
        } else if let Some((_, instances)) = modules.last_mut() {
            let words: Vec<&str> = line.split_whitespace().collect();
            // `PART LABEL (.pin(net), …);`
            if words.len() > 2 && words[2].starts_with("(.") {
                instances.push(line.trim());
            }
        }
    }
    let headers: Vec<&str> = modules.iter().map(|(h, _)| *h).collect();
    assert_eq!(
        headers,
        [
            "half_adder(a, b, s, c);",
            "full_adder(a, b, cin, s, cout);",
            "adder4(a0, a1, a2, a3, b0, b1, b2, b3, cin, s0, s1, s2, s3, cout);",
            "m_8_bit_adder(A0, A1, A2, A3, A4, A5, A6, A7, B0, B1, B2, B3, B4, B5, B6, B7, \
             CIN, S0, S1, S2, S3, S4, S5, S6, S7, COUT);",
        ],
        "{verilog}"
    );
    let counts: Vec<usize> = modules.iter().map(|(_, i)| i.len()).collect();
    assert_eq!(counts, [0, 2, 4, 2], "instances per module\n{verilog}");
    assert_eq!(
        modules[1].1[0], "half_adder h1 (.a(a), .b(b), .s(\\h1.s ), .c(\\h1.c ));",
        "{verilog}"
    );
    assert_eq!(
        modules[3].1[1],
        "adder4 hi (.a0(A4), .a1(A5), .a2(A6), .a3(A7), .b0(B4), .b1(B5), .b2(B6), .b3(B7), \
         .cin(\\lo.cout ), .s0(\\hi.s0 ), .s1(\\hi.s1 ), .s2(\\hi.s2 ), .s3(\\hi.s3 ), \
         .cout(\\hi.cout ));",
        "{verilog}"
    );
    for file in [
        "adder8.ron",
        "lib/adder4.ron",
        "lib/full_adder.ron",
        "lib/mux4.ron",
        "lib/decoder2to4.ron",
    ] {
        compare(&root.join(file), COMBINATIONAL_VECTORS);
    }
}

#[test]
fn kleene_table_gates_agree_with_icarus() {
    if !icarus_available() {
        return;
    }
    // Majority, multiplexer, implication, XNOR, NOT and a constant as table gates, mixed with
    // standard gates: each is written as the sum of its prime implicants.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/circuits/tables.ron");
    compare(&file, COMBINATIONAL_VECTORS);
}

#[test]
fn hierarchical_sequential_circuits_agree_with_icarus() {
    if !icarus_available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits");
    for (file, clock, clock_x) in [
        ("lib/d_latch.ron", "en", true),
        ("lib/dff.ron", "clk", true),
        ("lib/register4.ron", "clk", true),
        ("lib/counter4.ron", "clk", true),
        ("counter_decoder.ron", "CLK", true),
        // Buses: registers are `reg [N-1:0]` written by `always @(posedge clk)`, the counter
        // an adder and a register (see `compare_pulsed` on why their clock stays known).
        ("lib/reg4.ron", "clk", false),
        ("lib/reg8.ron", "clk", false),
        ("lib/count4.ron", "clk", false),
        // A register with load enable: `q <= en ? d : q`, whose `?:` merges d and q bit by
        // bit on an x enable (the vectors make en x one time in ten), as Tritium's Dffe keeps
        // the bits on which both agree.
        ("register_enable.ron", "clk", false),
        // Flip-flops with a power-on value: `initial q = ...;` starts the `reg` where Tritium
        // starts the flip-flop (a counter without reset counts from 0 in both).
        ("../tests/circuits/power_on.ron", "clk", false),
    ] {
        compare_pulsed(&root.join(file), clock, SEQUENTIAL_VECTORS, clock_x);
    }
    // Flip-flops with asynchronous set and reset: reset tested first, then set, then the
    // enable; set and reset held through each cycle (see `set_reset_vectors` on the cases
    // left out).
    compare_with(
        &root.join("../tests/circuits/async_reset.ron"),
        false,
        &|inputs| {
            let pins = [Some("set"), Some("rst")];
            set_reset_vectors(inputs, "clk", pins, SEQUENTIAL_VECTORS, SEED, X_PROB)
        },
    );
}

#[test]
fn bus_circuits_agree_with_icarus() {
    if !icarus_available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits");
    // Buses are vectors, splitters part-selects, mergers concatenations, bitwise gates
    // operators; the parts are modules with vector ports.
    let dir = TempDir::new("bus-verilog");
    let out = dir.0.join("adder8_bus.v");
    run(
        env!("CARGO_BIN_EXE_tritium"),
        &[
            "export".as_ref(),
            "verilog".as_ref(),
            root.join("adder8_bus.ron").as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ],
    );
    let verilog = fs::read_to_string(&out).expect("written");
    for line in [
        "  input [7:0] A;",
        "  output [7:0] S;",
        "  input [3:0] a;",
        "  wire [3:0] \\lo.s ;",
    ] {
        assert!(verilog.lines().any(|l| l == line), "{line}\n{verilog}");
    }
    assert!(verilog.contains("[7:4]"), "a part-select\n{verilog}");
    assert!(verilog.contains("= {"), "a concatenation\n{verilog}");
    for file in [
        "adder8_bus.ron",
        "alu8.ron",
        "lib/add4.ron",
        "lib/add8.ron",
        "lib/mux2x8.ron",
        "lib/mux4x8.ron",
        "lib/decode2.ron",
        // Tunnels are resolved into wires before the writer sees the level.
        "tunnels.ron",
    ] {
        compare(&root.join(file), COMBINATIONAL_VECTORS);
    }
}

#[test]
fn memories_agree_with_icarus() {
    if !icarus_available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits");
    // The ROM: an array read by its address, its words inline in the file.
    compare_with(&root.join("rom_hex_7seg.ron"), false, &|inputs| {
        every_address_then_random(inputs.len(), COMBINATIONAL_VECTORS, SEED)
    });
    // The RAM: its starting words from ram_16x4.hex (the rest x), written on the rising edge
    // of the switch CLK while WE = 1, read combinationally.
    compare_with(&root.join("ram_16x4.ron"), false, &|inputs| {
        ram_vectors(inputs, "CLK", "DIN", SEQUENTIAL_VECTORS * 2, SEED)
    });
    // The CPU built from gates (parts, a control ROM inline, the data RAM, the program ROM
    // from programs/*.hex): one reset cycle, then each program to its HLT and past it; every
    // output (PC, A, the port, HALTED) after every cycle.
    for (program, cycles) in [("fib", 236), ("mul", 196), ("gcd", 92)] {
        compare_with(
            &root.join("cpu").join(format!("{program}.ron")),
            false,
            &|inputs| {
                assert_eq!(inputs, ["RESET"], "the CPU's one input");
                format!("1\n{}", "0\n".repeat(cycles + 10))
            },
        );
    }
}

#[test]
fn library_parts_agree_with_icarus() {
    use sim_core::parts::{BuiltinPart, Fill};
    if !icarus_available() {
        return;
    }
    let dir = TempDir::new("library-parts");
    let parts = [
        BuiltinPart::Comparator { width: 8 },
        BuiltinPart::Adder { width: 8 },
        BuiltinPart::Subtractor { width: 8 },
        BuiltinPart::Multiplexer {
            select: 2,
            width: 4,
        },
        BuiltinPart::Demultiplexer {
            select: 2,
            width: 4,
        },
        BuiltinPart::Decoder { select: 3 },
        BuiltinPart::PriorityEncoder { select: 3 },
        BuiltinPart::Extender {
            from: 4,
            to: 8,
            fill: Fill::Zero,
        },
        BuiltinPart::Extender {
            from: 4,
            to: 8,
            fill: Fill::One,
        },
        BuiltinPart::Extender {
            from: 4,
            to: 8,
            fill: Fill::Sign,
        },
    ];
    for part in parts {
        compare(&write_part(&dir, part), COMBINATIONAL_VECTORS);
    }
}

#[test]
fn sequential_library_parts_agree_with_icarus() {
    use sim_core::parts::{BuiltinPart, FlipFlopKind};
    if !icarus_available() {
        return;
    }
    // Each bit a `reg` written by `always @(posedge clk or posedge arst …)`, its D the part's
    // gates (the SR flip-flop's forbidden S = R = 1 a `1'bx` constant). Race-free cycles, the
    // clock and the asynchronous pins known (see `compare_pulsed`, `set_reset_vectors`):
    // each part from power-on (unknown) with x inputs one time in ten, then with known
    // inputs (long runs of counting and shifting).
    let dir = TempDir::new("sequential-library-parts");
    let parts = [
        BuiltinPart::Register { width: 4 },
        BuiltinPart::Counter { width: 4 },
        BuiltinPart::ShiftRegister { width: 4 },
        BuiltinPart::FlipFlop {
            kind: FlipFlopKind::Jk,
            width: 2,
        },
        BuiltinPart::FlipFlop {
            kind: FlipFlopKind::T,
            width: 2,
        },
        BuiltinPart::FlipFlop {
            kind: FlipFlopKind::Sr,
            width: 2,
        },
    ];
    for part in parts {
        let pins = match part {
            BuiltinPart::FlipFlop { .. } => [Some("set"), Some("reset")],
            _ => [None, Some("arst")],
        };
        let path = write_part(&dir, part);
        for x_prob in [X_PROB, 0.0] {
            compare_with(&path, false, &|inputs| {
                set_reset_vectors(inputs, "clk", pins, SEQUENTIAL_VECTORS, SEED, x_prob)
            });
        }
    }
}

/// Writes built-in `part` alone as a file in `dir` (the part a module with vector ports, read
/// back as `tritium` reads any file); its path: `builtin_NAME.ron` (a file's stem names its
/// scratch directory in `compare_with`, and a part's name may be an example's, `adder8` or
/// `counter4`, compared at the same time).
fn write_part(dir: &TempDir, part: sim_core::parts::BuiltinPart) -> PathBuf {
    let design = part.design().expect("in range");
    let doc = sim_core::parts::standalone(&design).expect("elaborates");
    let path = dir.0.join(format!("builtin_{}.ron", part.name()));
    fs::write(&path, format::to_string(&doc).expect("writable")).expect("written");
    path
}

/// A testbench for `circuits/tty_hello.ron`'s module that ticks its clock `ticks` times and
/// prints, between `<<` and `>>`, the character its TTY writes at every rising edge: the
/// one the bus held before the edge, while write enable was 1 and clear is 0 (the known
/// cases of the TTY's rule, `sim_core::kind::TtyLog`).
fn tty_testbench(ticks: usize) -> String {
    format!(
        "module tb;
  reg CLK = 0;
  wire [9:0] SCREEN;
  reg [9:0] before;
  integer i;
  TTY_hello dut(CLK, SCREEN);
  initial begin
    #1 before = SCREEN;
    $write(\"<<\");
    for (i = 0; i < {ticks}; i = i + 1) begin
      CLK = ~CLK;
      #1;
      if (before[7] === 1'b0 && SCREEN[7] === 1'b1 && before[8] === 1'b1 && SCREEN[9] === 1'b0)
        $write(\"%c\", before[6:0]);
      before = SCREEN;
    end
    $write(\">>\\n\");
    $finish;
  end
endmodule
"
    )
}

/// The TTY example exported: Icarus, ticking the module's clock and printing what the TTY's
/// port writes at each rising edge, prints the text `tritium run` prints (the TTY is an
/// output port; what it writes is the test bench's to print).
#[test]
fn a_tty_writes_the_same_text_under_icarus() {
    if !icarus_available() {
        return;
    }
    let ticks = 40;
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits/tty_hello.ron");
    let dir = TempDir::new("tty");
    let tritium = env!("CARGO_BIN_EXE_tritium");
    let export = [
        "export".as_ref(),
        "verilog".as_ref(),
        file.as_os_str(),
        "-o".as_ref(),
        "tty.v".as_ref(),
    ];
    run_in(&dir.0, tritium, &export);
    fs::write(dir.0.join("tb.v"), tty_testbench(ticks)).expect("writes the testbench");
    let compile = ["-o", "sim", "tb.v", "tty.v"].map(std::ffi::OsStr::new);
    run_in(&dir.0, "iverilog", &compile);
    let (printed, _) = run_in(&dir.0, "vvp", &[std::ffi::OsStr::new("sim")]);
    let icarus = printed
        .split_once("<<")
        .and_then(|(_, rest)| rest.split_once(">>"))
        .map_or_else(
            || panic!("no text between << and >>: {printed}"),
            |(text, _)| text.to_owned(),
        );
    let ticks = ticks.to_string();
    let run = [
        "run".as_ref(),
        file.as_os_str(),
        "--ticks".as_ref(),
        ticks.as_ref(),
    ];
    let tritium_text = run_in(&dir.0, tritium, &run).0;
    assert_eq!(icarus, "HI!\n".repeat(5));
    assert_eq!(
        tritium_text.lines().nth(1),
        Some(format!("SCREEN: {icarus:?}").as_str())
    );
}
