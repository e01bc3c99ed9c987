//! The emulator against docs/cpu.md: flags, timing, halting, the reset state, the unknowns
//! of unwritten RAM and the errors for using them, unused opcodes.

use asm::{EmuError, Emulator, Flag, Op, Phase, assemble, emulate};

fn emulator(source: &str) -> Emulator {
    Emulator::new(&assemble(source).unwrap_or_else(|e| panic!("{e}")))
}

/// Runs `source` to its halt and returns the machine.
fn halted(source: &str) -> Emulator {
    let mut emu = emulator(source);
    let run = emu.run(10_000).unwrap_or_else(|e| panic!("{e}"));
    assert!(run.halted, "{source} halts");
    emu
}

#[test]
fn add_sets_carry_out_of_bit_7_and_zero() {
    let emu = halted("LD #200\nADD #56\nHLT");
    assert_eq!(
        (emu.a(), emu.z(), emu.c()),
        (Some(0), Some(true), Some(true))
    );
    let emu = halted("LD #200\nADD #55\nHLT");
    assert_eq!(
        (emu.a(), emu.z(), emu.c()),
        (Some(255), Some(false), Some(false))
    );
}

#[test]
fn sub_and_cmp_set_borrow_and_cmp_keeps_a() {
    let emu = halted("LD #5\nSUB #6\nHLT");
    assert_eq!(
        (emu.a(), emu.z(), emu.c()),
        (Some(255), Some(false), Some(true))
    );
    let emu = halted("LD #6\nSUB #6\nHLT");
    assert_eq!(
        (emu.a(), emu.z(), emu.c()),
        (Some(0), Some(true), Some(false))
    );
    let emu = halted("LD #5\nCMP #6\nHLT");
    assert_eq!(
        (emu.a(), emu.z(), emu.c()),
        (Some(5), Some(false), Some(true))
    );
    let emu = halted("LD #7\nCMP #7\nHLT");
    assert_eq!(
        (emu.a(), emu.z(), emu.c()),
        (Some(7), Some(true), Some(false))
    );
}

#[test]
fn logic_and_ld_clear_carry_and_st_jumps_out_leave_flags() {
    for (op, a) in [("AND", 0xF0), ("OR", 0xFC), ("XOR", 0x0C), ("LD", 0xF0)] {
        let emu = halted(&format!("LD #0xFC\nST 0\nLD #255\nADD #1\n{op} #0xF0\nHLT"));
        assert_eq!(emu.c(), Some(false), "{op} clears C");
        let emu = halted(&format!("LD #0xFC\n{op} #0xF0\nHLT"));
        assert_eq!(emu.a(), Some(a), "{op}");
        assert_eq!(emu.z(), Some(a == 0), "{op}");
    }
    let emu = halted("LD #255\nADD #1\nST 9\nJMP next\nnext: OUT\nNOP\nHLT");
    assert_eq!((emu.z(), emu.c()), (Some(true), Some(true)));
    assert_eq!(emu.ram(9), Some(0));
    assert_eq!(emu.port(), 0);
    assert_eq!(emu.outputs(), [0]);
}

#[test]
fn memory_mode_reads_ram_and_immediate_mode_the_operand() {
    let emu = halted("LD #30\nST 0x80\nLD #12\nADD 0x80\nST 0x81\nLD #0x80\nHLT");
    assert_eq!(emu.ram(0x81), Some(42));
    assert_eq!(emu.a(), Some(0x80));
}

#[test]
fn conditional_jumps_follow_their_flags() {
    // Each jump taken skips `OUT` of 1 and outputs 2; not taken, outputs 1 then 2.
    for (setup, jump, taken) in [
        ("LD #0", "JZ", true),
        ("LD #1", "JZ", false),
        ("LD #0", "JNZ", false),
        ("LD #1", "JNZ", true),
        ("LD #1\nCMP #2", "JC", true),
        ("LD #2\nCMP #1", "JC", false),
        ("LD #1\nCMP #2", "JNC", false),
        ("LD #2\nCMP #1", "JNC", true),
    ] {
        let source = format!("{setup}\n{jump} over\nLD #1\nOUT\nover: LD #2\nOUT\nHLT");
        let run = emulate(&assemble(&source).expect("assembles"), 1000).expect("runs");
        let expected: &[u8] = if taken { &[2] } else { &[1, 2] };
        assert_eq!(run.outputs, expected, "{setup} / {jump}");
    }
}

#[test]
fn two_cycles_per_instruction_and_hlt_stops_everything() {
    let mut emu = emulator("NOP\nLD #3\nHLT\nLD #4");
    assert_eq!((emu.pc(), emu.phase(), emu.cycles()), (0, Phase::Fetch, 0));
    emu.step().expect("fetch");
    assert_eq!(
        (emu.pc(), emu.ir(), emu.phase()),
        (1, 0x0000, Phase::Execute)
    );
    emu.step().expect("execute");
    assert_eq!((emu.pc(), emu.phase(), emu.cycles()), (1, Phase::Fetch, 2));
    emu.step().expect("fetch");
    assert_eq!(
        emu.a(),
        Some(0),
        "A changes at the end of execute, not fetch"
    );
    emu.step().expect("execute");
    assert_eq!(emu.a(), Some(3));
    let run = emu.run(1000).expect("runs");
    assert!(run.halted);
    assert_eq!(run.cycles, 6, "3 instructions, HLT included");
    assert_eq!(emu.pc(), 3, "PC is past the HLT and stays there");
    emu.step().expect("a halted machine does nothing");
    assert_eq!((emu.pc(), emu.cycles(), emu.a()), (3, 6, Some(3)));
}

#[test]
fn a_cycle_budget_stops_a_running_machine() {
    let program = assemble("loop: JMP loop").expect("assembles");
    let run = emulate(&program, 101).expect("runs");
    assert!(!run.halted);
    assert_eq!(run.cycles, 101);
    let mut emu = Emulator::new(&program);
    emu.run(100).expect("runs");
    let run = emu.run(50).expect("runs on");
    assert_eq!(run.cycles, 150, "cycles count from reset");
    assert_eq!(emulate(&program, 0).expect("runs").cycles, 0);
}

#[test]
fn reset_clears_the_registers_and_leaves_ram_unknown() {
    let emu = emulator("HLT");
    assert_eq!(
        (emu.pc(), emu.ir(), emu.phase(), emu.halted()),
        (0, 0x0000, Phase::Fetch, false)
    );
    assert_eq!(
        (emu.a(), emu.z(), emu.c(), emu.port()),
        (Some(0), Some(false), Some(false), 0)
    );
    assert!((0..=255).all(|address| emu.ram(address).is_none()));
    assert!(emu.outputs().is_empty());
    // So a program may test the flags and output A before writing them.
    let run = emulate(&assemble("JZ 3\nJC 3\nOUT\nHLT").expect("assembles"), 100);
    assert_eq!(run.expect("known").outputs, [0]);
}

#[test]
fn using_an_unknown_that_matters_is_an_error() {
    let run = |source: &str| emulate(&assemble(source).expect("assembles"), 1000);
    // An unwritten RAM byte: A and Z unknown (C cleared by LD).
    assert_eq!(
        run("LD 7\nJZ 0"),
        Err(EmuError::UnknownFlag {
            op: Op::Jz,
            flag: Flag::Z,
            address: 1,
            cycle: 4
        })
    );
    assert_eq!(
        run("LD 7\nOUT").map_err(|e| e.to_string()),
        Err("OUT at 0x01 (cycle 4): A is unknown".to_owned())
    );
    // Unknown RAM propagates through arithmetic to the flags.
    assert_eq!(
        run("LD #1\nADD 7\nJC 0").map_err(|e| e.to_string()),
        Err("JC at 0x02 (cycle 6): the C flag is unknown".to_owned())
    );
    // LD and the logic operations clear C even from an unknown value; Z stays unknown.
    assert!(matches!(
        run("LD 7\nJNC 3\nNOP\nJNZ 0"),
        Err(EmuError::UnknownFlag {
            flag: Flag::Z,
            address: 3,
            ..
        })
    ));
    // AND with 0 and OR with 0xFF are known whatever A is.
    assert_eq!(run("LD 7\nAND #0\nOUT\nHLT").expect("known").outputs, [0]);
    assert_eq!(
        run("LD 7\nOR #0xFF\nOUT\nHLT").expect("known").outputs,
        [255]
    );
    assert!(run("LD 7\nXOR #0\nOUT\nHLT").is_err());
    // Fetching past the program's words.
    assert_eq!(
        run("NOP").map_err(|e| e.to_string()),
        Err("fetch from 0x01 (cycle 3): past the program's 1 words".to_owned())
    );
    assert!(matches!(
        run(""),
        Err(EmuError::PastProgram {
            address: 0,
            cycle: 1,
            ..
        })
    ));
}

#[test]
fn an_error_leaves_the_machine_unchanged() {
    let mut emu = emulator("LD #5\nOUT\nJZ 0");
    let error = emu.run(1000).expect_err("JZ on unknown Z? no: LD sets Z");
    // LD #5 set Z = false, so JZ is not taken and the next fetch is past the program.
    assert!(matches!(error, EmuError::PastProgram { address: 3, .. }));
    assert_eq!(emu.outputs(), [5]);
    assert_eq!(emu.cycles(), 6);
    assert_eq!(emu.run(10), Err(error), "running on repeats the error");
}

#[test]
fn unused_opcodes_execute_as_nop_and_mode_bits_are_ignored_where_unused() {
    // 0x2A..0xFF opcodes: NOP. 0x1E (OUT with the immediate bit): OUT. 0x12 (ST with the
    // immediate bit): ST to the operand address. 0x19 (JMP with it): JMP.
    let emu = halted(
        "LD #9\n.word 0x2A11, 0xFF00, 0x1000\n.word 0x1E55\n.word 0x1240\n.word 0x1908\nLD #0\nHLT",
    );
    assert_eq!(emu.a(), Some(9), "the jump skipped LD #0");
    assert_eq!(emu.outputs(), [9]);
    assert_eq!(emu.ram(0x40), Some(9));
    assert_eq!(emu.cycles(), 2 * 8);
}

#[test]
fn pc_wraps_from_0xff_to_0() {
    let source = "JMP 0xFF\n".to_owned() + &"HLT\n".repeat(254) + "NOP";
    let mut emu = emulator(&source);
    // JMP, NOP at 0xFF, then address 0 again: JMP, NOP, …
    let run = emu.run(8).expect("runs");
    assert!(!run.halted);
    assert_eq!(emu.pc(), 0);
}
