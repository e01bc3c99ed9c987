//! Verilog designs of the project's own, synthesised by Yosys (the documented script) and
//! imported by `sim_core::yosys`, simulated against Icarus Verilog on the same RTL and the
//! same seeded random stimuli.
//!
//! Each step changes one input (a clock is an input like any other), so no two inputs race;
//! after every step each output bit Icarus knows (0/1) must equal Tritium's, and Tritium may
//! leave unknown a bit Icarus knows (Verilog's `if (x)` takes the `else` branch; Kleene's
//! logic keeps the unknown — see `sim_core::yosys`): each test counts those and bounds them.
//! Only data inputs are ever `x`: an `x` on an asynchronous reset is a `posedge` that takes
//! the `else` branch in Verilog, which no completion of the `x` does.
//!
//! Without `yosys`, `iverilog` and `vvp` on the PATH the tests print why they skip and pass;
//! with `TRITIUM_REQUIRE_ORACLES=1` they fail instead.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sim_core::yosys::{ImportOptions, from_json};
use sim_core::{Circuit, Engine, NodeId, Trit};

/// Steps per design.
const STEPS: usize = 600;

/// Whether Yosys and Icarus are installed; if not, says why the test skips (or fails under
/// `TRITIUM_REQUIRE_ORACLES=1`).
fn oracles_available() -> bool {
    let missing: Vec<&str> = [("yosys", "-V"), ("iverilog", "-V"), ("vvp", "-V")]
        .into_iter()
        .filter(|(tool, flag)| Command::new(tool).arg(flag).output().is_err())
        .map(|(tool, _)| tool)
        .collect();
    if missing.is_empty() {
        return true;
    }
    let required = std::env::var("TRITIUM_REQUIRE_ORACLES").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "TRITIUM_REQUIRE_ORACLES=1 but {missing:?} not on the PATH"
    );
    eprintln!("skipped: {missing:?} not on the PATH");
    false
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tritium-yosys-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs `tool` with `args` in `dir`; its standard output, or a panic with its messages.
fn run(dir: &PathBuf, tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{tool} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Yosys' JSON netlist of `verilog`'s module `top`, by the documented script.
fn synthesise(dir: &PathBuf, verilog: &str, top: &str) -> String {
    std::fs::write(dir.join("design.v"), verilog).expect("writes");
    let script = format!(
        "read_verilog design.v; hierarchy -check -top {top}; proc; opt; memory -nomap; \
         techmap; opt_clean; write_json design.json"
    );
    run(dir, "yosys", &["-q", "-p", &script]);
    std::fs::read_to_string(dir.join("design.json")).expect("reads the netlist")
}

/// A port: its name and width.
struct Port {
    name: &'static str,
    width: usize,
}

/// A design under test: its RTL, top module, ports, and which inputs may be `x`.
struct Case {
    name: &'static str,
    verilog: &'static str,
    inputs: &'static [(&'static str, usize)],
    outputs: &'static [(&'static str, usize)],
    /// Inputs that may be `x` (with probability 1/8).
    x_inputs: &'static [&'static str],
    /// Pairs of one-bit inputs never both 1 (an asynchronous set and reset: Verilog's
    /// edge-triggered `always` does not see the reset fall under the set, Tritium's
    /// level-sensitive pins do).
    exclusive: &'static [(&'static str, &'static str)],
}

/// The seeded steps: each (input index, value as `0`/`1`/`x` characters, bit 0 last).
fn stimuli(case: &Case, seed: u64) -> Vec<(usize, String)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state: Vec<String> = case.inputs.iter().map(|_| "0".to_owned()).collect();
    let mut steps = Vec::with_capacity(STEPS);
    while steps.len() < STEPS {
        let k = rng.random_range(0..case.inputs.len());
        let (name, width) = case.inputs[k];
        let x = case.x_inputs.contains(&name);
        let value: String = (0..width)
            .map(|_| {
                if x && rng.random_bool(0.125) {
                    'x'
                } else if rng.random_bool(0.5) {
                    '1'
                } else {
                    '0'
                }
            })
            .collect();
        let other = case.exclusive.iter().find_map(|&(a, b)| match name {
            _ if name == a => Some(b),
            _ if name == b => Some(a),
            _ => None,
        });
        let at = |n: &str| case.inputs.iter().position(|(i, _)| *i == n);
        if value == "1" && other.and_then(at).is_some_and(|o| state[o] == "1") {
            continue;
        }
        state[k].clone_from(&value);
        steps.push((k, value));
    }
    steps
}

/// What Icarus prints: each step's outputs, one line, each output's bits most significant
/// first, separated by spaces.
fn icarus(dir: &PathBuf, case: &Case, steps: &[(usize, String)]) -> Vec<String> {
    let ports = |list: &[(&'static str, usize)]| -> Vec<Port> {
        list.iter()
            .map(|&(name, width)| Port { name, width })
            .collect()
    };
    let (inputs, outputs) = (ports(case.inputs), ports(case.outputs));
    let mut tb = String::from("module tb;\n");
    for p in &inputs {
        writeln!(tb, "  reg [{}:0] {};", p.width - 1, p.name).expect("writes to a String");
    }
    for p in &outputs {
        writeln!(tb, "  wire [{}:0] {};", p.width - 1, p.name).expect("writes to a String");
    }
    let connections: Vec<String> = inputs
        .iter()
        .chain(&outputs)
        .map(|p| format!(".{0}({0})", p.name))
        .collect();
    writeln!(tb, "  {} dut({});", case.name, connections.join(", ")).expect("writes to a String");
    tb.push_str("  initial begin\n");
    let display = outputs.iter().map(|_| "%b").collect::<Vec<_>>().join(" ");
    let names = outputs
        .iter()
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ");
    for (k, value) in steps {
        let p = &inputs[*k];
        writeln!(
            tb,
            "    {} = {}'b{value}; #1 $display(\"{display}\", {names});",
            p.name, p.width
        )
        .expect("writes to a String");
    }
    tb.push_str("  end\nendmodule\n");
    std::fs::write(dir.join("tb.v"), &tb).expect("writes");
    run(dir, "iverilog", &["-o", "tb.vvp", "tb.v", "design.v"]);
    run(dir, "vvp", &["-n", "tb.vvp"])
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The nodes of port `name` (`width` bits), bit 0 first.
fn bits(c: &Circuit, name: &str, width: usize) -> Vec<NodeId> {
    if width == 1 {
        vec![c.find(name).unwrap_or_else(|| panic!("no port {name}"))]
    } else {
        c.bus(name)
            .unwrap_or_else(|| panic!("no bus {name}"))
            .bits
            .clone()
    }
}

/// What Tritium gives, as [`icarus`] prints it.
fn tritium(json: &str, case: &Case, steps: &[(usize, String)]) -> Vec<String> {
    let doc = from_json(json, &ImportOptions::default())
        .expect("imports")
        .document;
    let c = &doc.circuit;
    let inputs: Vec<Vec<NodeId>> = case.inputs.iter().map(|&(n, w)| bits(c, n, w)).collect();
    let outputs: Vec<Vec<NodeId>> = case.outputs.iter().map(|&(n, w)| bits(c, n, w)).collect();
    let mut engine = Engine::from_circuit(c);
    steps
        .iter()
        .map(|(k, value)| {
            let set: Vec<(NodeId, Trit)> = inputs[*k]
                .iter()
                .zip(value.chars().rev())
                .map(|(&id, ch)| (id, trit(ch)))
                .collect();
            engine.set(set).expect("sets inputs");
            engine.settle();
            outputs
                .iter()
                .map(|bits| {
                    bits.iter()
                        .rev()
                        .map(|&id| match engine.value(id) {
                            Trit::False => '0',
                            Trit::True => '1',
                            Trit::Unknown => 'x',
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn trit(ch: char) -> Trit {
    match ch {
        '0' => Trit::False,
        '1' => Trit::True,
        _ => Trit::Unknown,
    }
}

/// Runs `case` on both simulators; every bit Icarus knows must be Tritium's; returns (bits
/// compared, bits Tritium left unknown where Icarus knew them).
fn compare(case: &Case) -> Option<(usize, usize)> {
    if !oracles_available() {
        return None;
    }
    let dir = scratch(case.name);
    let json = synthesise(&dir, case.verilog, case.name);
    let steps = stimuli(case, 42);
    let expected = icarus(&dir, case, &steps);
    let got = tritium(&json, case, &steps);
    assert_eq!(expected.len(), STEPS, "Icarus printed {expected:?}");
    let (mut compared, mut unknown) = (0, 0);
    for (step, (want, have)) in expected.iter().zip(&got).enumerate() {
        for (w, h) in want.chars().zip(have.chars()) {
            if matches!(w, '0' | '1') {
                compared += 1;
                if h == 'x' {
                    unknown += 1;
                } else {
                    assert_eq!(
                        w, h,
                        "{}: step {step}: Icarus {want}, Tritium {have}",
                        case.name
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Some((compared, unknown))
}

#[test]
fn combinational_logic_matches_icarus() {
    let case = Case {
        name: "comb",
        verilog: "module comb(input [3:0] a, input [3:0] b, input s, output [3:0] y, \
                  output [4:0] sum, output eq, output [3:0] m);
                    assign y = (a & b) ^ ~(a | b);
                    assign sum = a + b;
                    assign eq = a == b;
                    assign m = s ? a : b;
                  endmodule",
        inputs: &[("a", 4), ("b", 4), ("s", 1)],
        outputs: &[("y", 4), ("sum", 5), ("eq", 1), ("m", 4)],
        x_inputs: &["a", "b", "s"],
        exclusive: &[],
    };
    agrees_on_more_than(&case, STEPS * 5);
}

#[test]
fn flip_flop_families_match_icarus() {
    let case = Case {
        name: "ffs",
        verilog: "module ffs(input clk, input rst, input en, input [3:0] d,
                    output reg [3:0] a, output reg [3:0] b, output reg [3:0] c,
                    output reg [3:0] e, output reg [3:0] n);
                    always @(posedge clk or posedge rst) if (rst) a <= 4'b0101; else a <= d;
                    always @(posedge clk or negedge rst) if (!rst) b <= 0; else if (en) b <= d;
                    always @(posedge clk) if (rst) c <= 4'b0011; else if (en) c <= d;
                    always @(posedge clk) if (en) begin if (rst) e <= 0; else e <= d; end
                    always @(negedge clk) n <= d + 1;
                  endmodule",
        inputs: &[("clk", 1), ("rst", 1), ("en", 1), ("d", 4)],
        outputs: &[("a", 4), ("b", 4), ("c", 4), ("e", 4), ("n", 4)],
        x_inputs: &["d"],
        exclusive: &[],
    };
    agrees_on_more_than(&case, STEPS * 5);
}

#[test]
fn set_reset_flip_flops_match_icarus() {
    let case = Case {
        name: "setreset",
        verilog: "module setreset(input clk, input s, input r, input en, input [1:0] d,
                    output reg [1:0] q);
                    always @(posedge clk or posedge s or posedge r)
                      if (r) q <= 0; else if (s) q <= 2'b11; else if (en) q <= d;
                  endmodule",
        inputs: &[("clk", 1), ("s", 1), ("r", 1), ("en", 1), ("d", 2)],
        outputs: &[("q", 2)],
        x_inputs: &["d"],
        exclusive: &[("s", "r")],
    };
    agrees_on_more_than(&case, STEPS);
}

#[test]
fn a_latch_matches_icarus() {
    let case = Case {
        name: "latch",
        verilog: "module latch(input en, input rst, input [1:0] d, output reg [1:0] q,
                    output reg [1:0] r);
                    always @* if (en) q = d;
                    always @* if (rst) r = 0; else if (!en) r = d;
                  endmodule",
        inputs: &[("en", 1), ("rst", 1), ("d", 2)],
        outputs: &[("q", 2), ("r", 2)],
        x_inputs: &["d"],
        exclusive: &[],
    };
    agrees_on_more_than(&case, STEPS);
}

#[test]
fn a_two_level_hierarchy_matches_icarus_and_keeps_its_modules() {
    let verilog = "module half(input a, input b, output s, output c);
                     assign s = a ^ b; assign c = a & b;
                   endmodule
                   module full(input a, input b, input ci, output s, output co);
                     wire s1, c1, c2;
                     half h1(.a(a), .b(b), .s(s1), .c(c1));
                     half h2(.a(s1), .b(ci), .s(s), .c(c2));
                     assign co = c1 | c2;
                   endmodule
                   module adder(input clk, input [2:0] a, input [2:0] b, output reg [3:0] q);
                     wire [3:0] c; wire [2:0] s;
                     assign c[0] = 1'b0;
                     genvar i;
                     generate for (i = 0; i < 3; i = i + 1) begin : bit
                       full f(.a(a[i]), .b(b[i]), .ci(c[i]), .s(s[i]), .co(c[i+1]));
                     end endgenerate
                     always @(posedge clk) q <= {c[3], s};
                   endmodule";
    let case = Case {
        name: "adder",
        verilog,
        inputs: &[("clk", 1), ("a", 3), ("b", 3)],
        outputs: &[("q", 4)],
        x_inputs: &["a", "b"],
        exclusive: &[],
    };
    let Some((compared, _)) = compare(&case) else {
        return;
    };
    assert!(compared > STEPS, "{compared}");
    let dir = scratch("adder-parts");
    let json = synthesise(&dir, verilog, "adder");
    let doc = from_json(&json, &ImportOptions::default())
        .expect("imports")
        .document;
    let mut parts = doc.design.part_names();
    parts.sort_unstable();
    assert_eq!(parts, ["full", "half"]);
    assert_eq!(doc.design.instances.len(), 3, "{:?}", doc.design.instances);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parametrised_modules_are_parts_named_by_yosys() {
    // Yosys names a module specialised by a parameter `$paramod\\NAME\\P=…`, a type that
    // starts with `$` like a coarse cell's; it is still a module of the netlist.
    let verilog = "module shift #(parameter N = 2) (input clk, input d, output q);
                     reg [N-1:0] r; assign q = r[N-1];
                     always @(posedge clk) r <= {r[N-2:0], d};
                   endmodule
                   module pair(input clk, input d, output q2, output q3);
                     shift #(.N(2)) two(.clk(clk), .d(d), .q(q2));
                     shift #(.N(3)) three(.clk(clk), .d(d), .q(q3));
                   endmodule";
    let case = Case {
        name: "pair",
        verilog,
        inputs: &[("clk", 1), ("d", 1)],
        outputs: &[("q2", 1), ("q3", 1)],
        x_inputs: &[],
        exclusive: &[],
    };
    let Some((compared, _)) = compare(&case) else {
        return;
    };
    assert!(compared > STEPS, "{compared}");
    let dir = scratch("pair-parts");
    let json = synthesise(&dir, verilog, "pair");
    let _ = std::fs::remove_dir_all(&dir);
    let doc = from_json(&json, &ImportOptions::default())
        .expect("imports")
        .document;
    let parts = doc.design.part_names();
    assert_eq!(parts.len(), 2, "{parts:?}");
    assert!(parts.iter().all(|part| part.contains("shift")), "{parts:?}");
    assert_eq!(doc.design.instances.len(), 2, "{:?}", doc.design.instances);
}

/// Compares `case` with Icarus ([`compare`]) and, where the tools ran, asserts that more than
/// `least` bits were compared; prints the counts.
fn agrees_on_more_than(case: &Case, least: usize) {
    let (compared, unknown) = compare(case).unwrap_or_default();
    assert!(compared == 0 || compared > least, "{compared}");
    eprintln!(
        "{}: {compared} bits compared, {unknown} unknown in Tritium only",
        case.name
    );
}

/// The document `verilog`'s module `top` imports to, and its warnings.
fn import(name: &str, verilog: &str) -> sim_core::yosys::Imported {
    let dir = scratch(name);
    let json = synthesise(&dir, verilog, name);
    let _ = std::fs::remove_dir_all(&dir);
    from_json(&json, &ImportOptions::default()).expect("imports")
}

#[test]
fn a_single_port_ram_is_a_tritium_ram_and_matches_icarus() {
    let case = Case {
        name: "ram",
        verilog: "module ram(input clk, input we, input [3:0] addr, input [7:0] din,
                    output [7:0] dout);
                    reg [7:0] mem [0:15];
                    always @(posedge clk) if (we) mem[addr] <= din;
                    assign dout = mem[addr];
                  endmodule",
        inputs: &[("clk", 1), ("we", 1), ("addr", 4), ("din", 8)],
        outputs: &[("dout", 8)],
        x_inputs: &["din"],
        exclusive: &[],
    };
    let Some((compared, unknown)) = compare(&case) else {
        return;
    };
    assert!(compared > STEPS * 2, "{compared}");
    eprintln!("ram: {compared} bits compared, {unknown} unknown in Tritium only");
    let imported = import(case.name, case.verilog);
    assert_eq!(imported.document.circuit.memories().len(), 1);
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
}

#[test]
fn a_synchronous_read_ram_is_a_ram_and_a_register() {
    let case = Case {
        name: "sram",
        verilog: "module sram(input clk, input we, input [2:0] addr, input [3:0] din,
                    output reg [3:0] q);
                    reg [3:0] mem [0:7];
                    always @(posedge clk) begin if (we) mem[addr] <= din; q <= mem[addr]; end
                  endmodule",
        inputs: &[("clk", 1), ("we", 1), ("addr", 3), ("din", 4)],
        outputs: &[("q", 4)],
        x_inputs: &["din"],
        exclusive: &[],
    };
    let Some((compared, _)) = compare(&case) else {
        return;
    };
    assert!(compared > STEPS, "{compared}");
    assert_eq!(
        import(case.name, case.verilog)
            .document
            .circuit
            .memories()
            .len(),
        1
    );
}

#[test]
fn a_rom_keeps_its_contents_and_matches_icarus() {
    let case = Case {
        name: "rom",
        verilog: "module rom(input [2:0] a, output [3:0] y);
                    reg [3:0] t [0:7];
                    initial begin t[0] = 1; t[1] = 2; t[2] = 3; t[3] = 4; t[4] = 9;
                      t[5] = 10; t[6] = 11; t[7] = 12; end
                    assign y = t[a];
                  endmodule",
        inputs: &[("a", 3)],
        outputs: &[("y", 4)],
        x_inputs: &[],
        exclusive: &[],
    };
    let Some((compared, unknown)) = compare(&case) else {
        return;
    };
    assert_eq!((compared, unknown), (STEPS * 4, 0));
    assert_eq!(
        import(case.name, case.verilog)
            .document
            .circuit
            .memories()
            .len(),
        1
    );
}

#[test]
fn a_two_port_memory_is_flip_flops_with_a_warning_and_matches_icarus() {
    let case = Case {
        name: "dual",
        verilog: "module dual(input clk, input we, input [1:0] wa, input [1:0] ra,
                    input [2:0] din, output [2:0] dout, output reg [2:0] sdout);
                    reg [2:0] mem [0:3];
                    initial mem[2] = 3'b101;
                    always @(posedge clk) begin if (we) mem[wa] <= din; sdout <= mem[ra]; end
                    assign dout = mem[wa];
                  endmodule",
        inputs: &[("clk", 1), ("we", 1), ("wa", 2), ("ra", 2), ("din", 3)],
        outputs: &[("dout", 3), ("sdout", 3)],
        x_inputs: &["din"],
        exclusive: &[],
    };
    let Some((compared, _)) = compare(&case) else {
        return;
    };
    assert!(compared > STEPS, "{compared}");
    let imported = import(case.name, case.verilog);
    assert!(
        matches!(
            imported.warnings.as_slice(),
            [sim_core::yosys::ImportWarning::MemoryAsFlipFlops { .. }]
        ),
        "{:?}",
        imported.warnings
    );
}
