//! Differential test against Icarus Verilog: `tritium vectors` and `vvp` running the circuit
//! written by `tritium export verilog` must print the same outputs for the same vectors.
//!
//! Every ISCAS-85 netlist in `../shared/circuits/iscas85/` gets 1,000 random vectors with 10%
//! `x` inputs; the sequential netlists in `tests/circuits/bench/` get 200 clocked vectors
//! (Tritium's clocked convention — apply, settle, rising edge, settle, print, falling edge,
//! settle — is mirrored by the testbench). The hierarchical circuits (the 8-bit adder and
//! the combinational parts of `circuits/lib/`) are exported as one module per part and get
//! 1,000 vectors each. Icarus's gate primitives are Kleene on 0/1/x, as Tritium's gates are
//! on −1/0/+1.
//!
//! Without `iverilog` and `vvp` on the PATH the tests print why they skip and pass; with
//! `TRITIUM_REQUIRE_ORACLES=1` they fail instead.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sim_core::{NodeKind, bench, format};

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
    let found = ["iverilog", "vvp"]
        .iter()
        .all(|tool| Command::new(tool).arg("-V").output().is_ok());
    if !found {
        let required = std::env::var("TRITIUM_REQUIRE_ORACLES").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "TRITIUM_REQUIRE_ORACLES=1 but Icarus Verilog (iverilog, vvp) is not on the PATH"
        );
        eprintln!("skipped: Icarus Verilog (iverilog, vvp) is not on the PATH");
    }
    found
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
    let output = Command::new(program)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?} failed\n--- stdout\n{}--- stderr\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// A testbench for module `module` with `inputs` inputs, an optional clock port after them
/// (the order of an imported `.bench`), then `outputs` outputs, reading `count` vectors
/// from `vectors`.
fn testbench(
    module: &str,
    inputs: usize,
    clocked: bool,
    outputs: usize,
    count: usize,
    vectors: &Path,
) -> String {
    let mut ports: Vec<String> = (0..inputs).map(|i| format!("in[{i}]")).collect();
    if clocked {
        ports.push("clk".to_owned());
    }
    ports.extend((0..outputs).map(|i| format!("out[{i}]")));
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
    let started = Instant::now();
    let stem = netlist
        .file_stem()
        .expect("a file name")
        .to_string_lossy()
        .into_owned();
    let circuit = read_circuit(netlist);
    let inputs = circuit.inputs().count();
    let outputs = circuit.terminals().count();
    let clocked = circuit.nodes().any(|(_, n)| n.kind == NodeKind::Dff);

    let dir = TempDir::new(&stem);
    let vectors = dir.0.join("vectors.txt");
    fs::write(&vectors, random_vectors(inputs, count, SEED, X_PROB)).expect("write vectors");
    let dut = dir.0.join("dut.v");
    let tb = dir.0.join("tb.v");
    let sim = dir.0.join("sim.vvp");
    let tritium = env!("CARGO_BIN_EXE_tritium");

    let ours = simulate(netlist, &vectors, "event");
    let tritium_time = started.elapsed();
    // Both schedules of the event engine, one answer.
    let unit_delay = simulate_with(netlist, &vectors, "event", &["--schedule", "unit-delay"]);
    assert!(
        unit_delay == ours,
        "{stem}: the unit-delay schedule differs from the levelized one"
    );
    if !clocked {
        // Both engines, one answer.
        let batch = simulate(netlist, &vectors, "batch");
        assert!(
            batch == ours,
            "{stem}: the batch engine differs from the event engine"
        );
    }
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
        testbench("dut_top", inputs, clocked, outputs, count, &vectors),
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
    let theirs = run("vvp", &["-n".as_ref(), sim.as_os_str()]);
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
    // One module per part used: the 8-bit adder, the 4-bit adder, the full and half adders.
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
    let modules: Vec<&str> = verilog
        .lines()
        .filter_map(|l| l.strip_prefix("module "))
        .map(|l| l.split('(').next().unwrap_or(l))
        .collect();
    assert_eq!(
        modules,
        ["half_adder", "full_adder", "adder4", "m_8_bit_adder"],
        "{verilog}"
    );
    assert!(verilog.contains("  adder4 lo ("), "{verilog}");
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
