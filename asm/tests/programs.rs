//! The example programs in `circuits/cpu/programs/`: each assembles, its committed `.hex`
//! file is exactly `assemble(source).to_hex()`, and the emulator runs it to `HLT` with the
//! expected outputs in the expected number of cycles — or, for the one that never halts
//! (`count.s`), gives the expected outputs over a number of cycles without halting.
//!
//! The cycle counts are derived by hand from the programs' control flow (the derivation is
//! next to each count, and in each program's header comment), not copied from a run: every
//! instruction takes 2 cycles and a program halts after `2k` cycles when it executes `k`
//! instructions, its `HLT` included.
//!
//! `TRITIUM_ASM_BLESS=1 cargo test -p tritium-asm --test programs` rewrites the `.hex` files
//! after a deliberate change to a program.

use std::fs;
use std::path::{Path, PathBuf};

/// One example program and what it must do.
struct Example {
    name: &'static str,
    outputs: Vec<u8>,
    end: End,
}

/// How an example program ends.
enum End {
    /// It halts after executing this many instructions, its `HLT` included.
    Halts(u64),
    /// It never halts; checked over this many cycles.
    Runs(u64),
}

fn examples() -> Vec<Example> {
    vec![
        Example {
            name: "fib",
            outputs: vec![1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233],
            // 4 to set a = 0, b = 1; 12 loop passes whose a + b fits (sums 1 … 233) of 9
            // (LD OUT ST ADD JC ST LD ST JMP); the 13th pass stops at its JC (5: LD OUT ST
            // ADD JC, 144 + 233 carries); HLT.
            end: End::Halts(4 + 12 * 9 + 5 + 1),
        },
        Example {
            name: "mul",
            outputs: vec![13 * 11],
            // 6 to set prod, m, mask; 8 passes, one per bit of Y = 11 = 0b0000_1011: 3
            // (LD AND JZ) + 3 (LD ADD ST, only for a 1 bit) + 7 (LD ADD ST LD ADD ST JNZ);
            // 3 one bits, 5 zero bits; then LD OUT HLT.
            end: End::Halts(6 + 3 * (3 + 3 + 7) + 5 * (3 + 7) + 3),
        },
        Example {
            name: "gcd",
            outputs: vec![21],
            // 4 to set a, b; passes (252,105) (147,105) (42,21) take a − b: LD CMP JZ JC SUB
            // ST JMP = 7; passes (42,105) (42,63) take b − a: LD CMP JZ JC LD SUB ST JMP =
            // 8; the last pass (21,21): LD CMP JZ = 3; then OUT HLT.
            end: End::Halts(4 + 3 * 7 + 2 * 8 + 3 + 2),
        },
        Example {
            name: "count",
            // LD #0 (cycles 1-2), then ADD OUT JMP every 6 cycles: the k-th OUT completes in
            // cycle 6k, so 1800 cycles give 300 outputs, wrapping from 255 to 0.
            outputs: (1..=300u32).map(|k| (k % 256) as u8).collect(),
            end: End::Runs(1800),
        },
    ]
}

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/cpu/programs")
}

#[test]
fn every_example_assembles_matches_its_hex_and_runs() {
    let bless = std::env::var_os("TRITIUM_ASM_BLESS").is_some();
    let mut ran = 0;
    for example in examples() {
        let name = example.name;
        let source_path = programs_dir().join(format!("{name}.s"));
        let source = fs::read_to_string(&source_path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", source_path.display()));
        let program = asm::assemble(&source).unwrap_or_else(|e| panic!("{name}.s:{e}"));

        let hex_path = programs_dir().join(format!("{name}.hex"));
        if bless {
            fs::write(&hex_path, program.to_hex()).expect("the .hex file writes");
        }
        let hex = fs::read_to_string(&hex_path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", hex_path.display()));
        assert_eq!(
            hex,
            program.to_hex(),
            "{name}.hex is stale: rerun with TRITIUM_ASM_BLESS=1"
        );

        let budget = match example.end {
            End::Halts(_) => 10_000,
            End::Runs(cycles) => cycles,
        };
        let run = asm::emulate(&program, budget).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(run.outputs, example.outputs, "{name}: outputs");
        match example.end {
            End::Halts(instructions) => {
                assert!(run.halted, "{name}: halted");
                assert_eq!(run.cycles, 2 * instructions, "{name}: cycles");
                // One cycle short of the halt, the machine is still running (in HLT's
                // execute).
                let short = asm::emulate(&program, run.cycles - 1).expect("runs");
                assert!(!short.halted, "{name}: halted early");
                assert_eq!(short.cycles, run.cycles - 1);
            }
            End::Runs(cycles) => {
                assert!(!run.halted, "{name}: never halts");
                assert_eq!(run.cycles, cycles, "{name}: cycles");
            }
        }
        ran += 1;
    }
    assert_eq!(ran, 4, "the example programs run");
}

/// Every `.s` file in the folder is one of the examples above (a new program needs its
/// expectations here).
#[test]
fn the_folder_holds_exactly_the_examples() {
    let mut found: Vec<String> = fs::read_dir(programs_dir())
        .expect("circuits/cpu/programs lists")
        .filter_map(|entry| {
            let path = entry.expect("a directory entry").path();
            (path.extension()? == "s").then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    found.sort();
    let mut expected: Vec<String> = examples().iter().map(|e| e.name.to_owned()).collect();
    expected.sort();
    assert_eq!(found, expected);
}
