//! Tritium's 8-bit CPU without the simulator: its instruction set, a two-pass assembler, a
//! disassembler and an ISA-level reference emulator. `docs/cpu.md` is the specification
//! these follow.
//!
//! The machine is a Harvard design: a 256 × 16-bit program ROM (one instruction per word,
//! opcode byte then operand byte), a 256 × 8-bit data RAM, an accumulator A, flags Z and C
//! and an 8-bit output port, two clock cycles per instruction.
//!
//! - [`isa`]: the operations ([`Op`]), the encoding ([`Instruction`], [`decode`]) and
//!   [`disassemble`].
//! - [`assembler`]: [`assemble`] source text into a [`Program`], whose
//!   [`to_hex`](Program::to_hex) is the ROM's contents file; typed [`AsmError`]s with line and
//!   column.
//! - [`emu`]: the [`Emulator`], cycle by cycle, with unknown values modelled as `None`.
//!
//! ```
//! let program = asm::assemble(
//!     "start: LD #40   ; A = 40\n\
//!      \x20      ADD #2    ; A = 42\n\
//!      \x20      OUT\n\
//!      \x20      HLT",
//! )?;
//! assert_eq!(program.words(), [0x1128, 0x1302, 0x0E00, 0x0F00]);
//! assert_eq!(asm::disassemble(program.words()[1]), "ADD #2");
//!
//! let run = asm::emulate(&program, 1000)?;
//! assert_eq!(run.outputs, [42]);
//! assert!(run.halted);
//! assert_eq!(run.cycles, 8); // 4 instructions, 2 cycles each
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod assembler;
pub mod emu;
pub mod isa;

pub use assembler::{AsmError, AsmErrorKind, MAX_TOKEN_CHARS, Program, ROM_WORDS, assemble};
pub use emu::{EmuError, Emulator, Flag, Phase, Run, emulate};
pub use isa::{IMMEDIATE_BIT, Instruction, Op, Operand, OperandKind, decode, disassemble};
