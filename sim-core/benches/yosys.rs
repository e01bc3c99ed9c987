//! Reading Yosys' JSON netlist: a 100,000-cell design into a `Circuit` (issue 42's target:
//! under 2 s, Yosys' own time apart).
//!
//! The netlist is generated, seeded, in the shape Yosys' `write_json` gives after the
//! documented script (`proc; opt; memory -nomap; techmap; opt_clean`): one module `top` with
//! a 64-bit input port `in`, a clock `clk` and a 64-bit output port `out`; [`CELLS`] cells,
//! one in [`DFF_EVERY`] a `$_DFF_P_`, the others simple gates drawn evenly from
//! [`GATE_TYPES`] (`$_NOT_` … `$_MUX_`), each with `type`, `parameters`, `attributes`,
//! `port_directions` and `connections` as Yosys writes them; every cell drives a net of its
//! own, read by later cells (half the time one of the last [`NEAR`] nets, else any net before
//! it; a flip-flop's `D` may also read a later net, closing loops through the register, as in
//! a real design); `out` reads the last 64 cells; `netnames` name the ports, every flip-flop's
//! output (`r123`, shown) and one in 4 gate outputs (`$auto$…`, `hide_name: 1`).
//!
//! * `from_json/100k`: [`yosys::from_json`] of the text (JSON parse, the module built as a
//!   part, the document elaborated to its `Circuit`), throughput in cells.
//! * One-shot, printed with `eprintln!` before the bench: the text's size and the wall-clock
//!   time of one `from_json`, and of the whole document's `Netlist::compile` after it.
//!
//! Run with `cargo bench -p sim-core --bench yosys`; numbers in docs/benchmarks.md.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use sim_core::Netlist;
use sim_core::yosys::{self, ImportOptions};

/// Cells in the generated netlist.
const CELLS: usize = 100_000;
/// One cell in this many is a flip-flop.
const DFF_EVERY: usize = 10;
/// Width of the input and the output port.
const PORT_BITS: usize = 64;
/// The window of recent nets that half of the cell inputs read from.
const NEAR: usize = 256;
/// The seed of the generator.
const SEED: u64 = 42;
/// The simple gate types drawn, with their input ports (`$_MUX_`: `S` selects `B`).
const GATE_TYPES: [(&str, &[&str]); 10] = [
    ("$_NOT_", &["A"]),
    ("$_AND_", &["A", "B"]),
    ("$_OR_", &["A", "B"]),
    ("$_XOR_", &["A", "B"]),
    ("$_NAND_", &["A", "B"]),
    ("$_NOR_", &["A", "B"]),
    ("$_XNOR_", &["A", "B"]),
    ("$_ANDNOT_", &["A", "B"]),
    ("$_ORNOT_", &["A", "B"]),
    ("$_MUX_", &["A", "B", "S"]),
];

/// Yosys' net number of input bit `i` (0 and 1 are Yosys' constants' place; `clk` is 2).
fn input_net(i: usize) -> usize {
    3 + i
}

/// The net cell `c` drives.
fn cell_net(c: usize) -> usize {
    3 + PORT_BITS + c
}

/// A net for cell `c` to read: one of the last [`NEAR`] nets before it half the time, else
/// any net before it (an input bit or an earlier cell's output).
fn earlier_net(rng: &mut ChaCha8Rng, c: usize) -> usize {
    let before = PORT_BITS + c; // nets before cell c's, counted from input bit 0
    let v = rng.next_u64();
    let span = if v & 1 == 0 { before.min(NEAR) } else { before };
    let back = usize::try_from((v >> 1) % span as u64).unwrap_or(0);
    input_net(before - 1 - back)
}

/// One cell as Yosys writes it: `"NAME": { "hide_name": 1, "type": …, … }`.
fn write_cell(json: &mut String, name: &str, cell_type: &str, ports: &[(&str, bool, usize)]) {
    let list = |f: &dyn Fn(&(&str, bool, usize)) -> String| {
        ports
            .iter()
            .map(f)
            .collect::<Vec<_>>()
            .join(",\n            ")
    };
    let directions =
        list(&|&(p, out, _)| format!("\"{p}\": \"{}\"", if out { "output" } else { "input" }));
    let connections = list(&|&(p, _, net)| format!("\"{p}\": [ {net} ]"));
    write!(
        json,
        "        \"{name}\": {{\n          \"hide_name\": 1,\n          \"type\": \"{cell_type}\",\n          \
         \"parameters\": {{\n          }},\n          \"attributes\": {{\n            \
         \"src\": \"gen.v:1.1-1.2\"\n          }},\n          \"port_directions\": {{\n            \
         {directions}\n          }},\n          \"connections\": {{\n            {connections}\n          }}\n        }}"
    )
    .unwrap_or_else(|_| unreachable!("writing to a String cannot fail"));
}

/// One `netnames` entry.
fn write_netname(json: &mut String, name: &str, hide: bool, bits: &[usize]) {
    let bits: Vec<String> = bits.iter().map(ToString::to_string).collect();
    write!(
        json,
        "        \"{name}\": {{\n          \"hide_name\": {},\n          \"bits\": [ {} ],\n          \
         \"attributes\": {{\n          }}\n        }}",
        u8::from(hide),
        bits.join(", ")
    )
    .unwrap_or_else(|_| unreachable!("writing to a String cannot fail"));
}

/// The generated netlist's JSON text (see the module documentation), from `seed`.
fn netlist(seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let ins: Vec<usize> = (0..PORT_BITS).map(input_net).collect();
    let outs: Vec<usize> = (CELLS - PORT_BITS..CELLS).map(cell_net).collect();
    let list = |bits: &[usize]| {
        bits.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut json = format!(
        "{{\n  \"creator\": \"the Yosys-shaped generator of sim-core/benches/yosys.rs\",\n  \
         \"modules\": {{\n    \"top\": {{\n      \"attributes\": {{\n        \"top\": \
         \"00000000000000000000000000000001\"\n      }},\n      \"ports\": {{\n        \
         \"clk\": {{ \"direction\": \"input\", \"bits\": [ 2 ] }},\n        \
         \"in\": {{ \"direction\": \"input\", \"bits\": [ {} ] }},\n        \
         \"out\": {{ \"direction\": \"output\", \"bits\": [ {} ] }}\n      }},\n      \
         \"cells\": {{\n",
        list(&ins),
        list(&outs)
    );
    let mut names = Vec::new();
    for c in 0..CELLS {
        if c > 0 {
            json.push_str(",\n");
        }
        let y = cell_net(c);
        if c % DFF_EVERY == DFF_EVERY - 1 {
            let d = if rng.next_u64() % 4 == 0 && c + 1 < CELLS {
                cell_net(c + 1 + usize::try_from(rng.next_u64() % 64).unwrap_or(0))
                    .min(cell_net(CELLS - 1))
            } else {
                earlier_net(&mut rng, c)
            };
            let ports = [("C", false, 2), ("D", false, d), ("Q", true, y)];
            write_cell(
                &mut json,
                &format!("$auto$ff.cc:266:slice${c}"),
                "$_DFF_P_",
                &ports,
            );
            names.push((format!("r{c}"), false, y));
        } else {
            let pick = usize::try_from(rng.next_u64() % GATE_TYPES.len() as u64).unwrap_or(0);
            let (cell_type, inputs) = GATE_TYPES[pick];
            let mut ports: Vec<(&str, bool, usize)> = inputs
                .iter()
                .map(|&p| (p, false, earlier_net(&mut rng, c)))
                .collect();
            ports.push(("Y", true, y));
            write_cell(&mut json, &format!("$abc$1234$auto${c}"), cell_type, &ports);
            if c % 4 == 0 {
                names.push((format!("$auto$opt.cc:1:n{c}"), true, y));
            }
        }
    }
    json.push_str("\n      },\n      \"netnames\": {\n");
    write_netname(&mut json, "clk", false, &[2]);
    json.push_str(",\n");
    write_netname(&mut json, "in", false, &ins);
    json.push_str(",\n");
    write_netname(&mut json, "out", false, &outs);
    for (name, hide, net) in &names {
        json.push_str(",\n");
        write_netname(&mut json, name, *hide, &[*net]);
    }
    json.push_str("\n      }\n    }\n  }\n}\n");
    json
}

/// Imports `json`, panicking with the error: the generated netlist must import.
fn import(json: &str) -> yosys::Imported {
    yosys::from_json(json, &ImportOptions::default())
        .unwrap_or_else(|e| panic!("the generated netlist does not import: {e}"))
}

/// The one-shot times, printed before the bench.
fn one_shot(json: &str) {
    let start = Instant::now();
    let imported = import(json);
    let read = start.elapsed();
    let start = Instant::now();
    let netlist = Netlist::compile(&imported.document.circuit);
    let compile = start.elapsed();
    eprintln!(
        "yosys: {CELLS} cells, {:.1} MB of JSON: from_json {:.3} s ({} nodes, {} warnings); \
         Netlist::compile after it {:.3} s",
        json.len() as f64 / 1e6,
        read.as_secs_f64(),
        imported.document.circuit.node_count(),
        imported.warnings.len(),
        compile.as_secs_f64()
    );
    black_box(netlist);
}

fn yosys_benches(c: &mut Criterion) {
    let json = netlist(SEED);
    one_shot(&json);
    let mut g = c.benchmark_group("from_json");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(20));
    g.throughput(Throughput::Elements(CELLS as u64));
    g.bench_function("100k", |b| b.iter(|| import(black_box(&json))));
    g.finish();
}

criterion_group!(benches, yosys_benches);
criterion_main!(benches);
