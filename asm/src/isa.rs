//! The instruction set: operations, their encoding, decoding and the disassembler.
//!
//! An instruction is one 16-bit ROM word: the high byte is the opcode, the low byte the
//! operand. In the opcode byte, the low nibble is the operation ([`Op`]), bit 4
//! ([`IMMEDIATE_BIT`]) selects immediate mode (the operand is the value itself) instead of
//! memory mode (the operand is a RAM address), and bits 5–7 must be zero: an opcode byte with
//! any of them set executes as `NOP`. `docs/cpu.md` has the full table.

use std::fmt;

/// Bit 4 of the opcode byte: the operand is the value itself, not a RAM address.
pub const IMMEDIATE_BIT: u8 = 0x10;

/// An operation: the low nibble of the opcode byte (`0x0..=0xF`, all sixteen used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// `0x0`: no operation.
    Nop,
    /// `0x1`: `A ← operand value`; Z set, C cleared.
    Ld,
    /// `0x2`: `RAM[address] ← A`; flags unchanged. Memory mode only.
    St,
    /// `0x3`: `A ← A + value`; C = carry out of bit 7.
    Add,
    /// `0x4`: `A ← A − value`; C = borrow (`A < value`, unsigned).
    Sub,
    /// `0x5`: `A ← A AND value`; C cleared.
    And,
    /// `0x6`: `A ← A OR value`; C cleared.
    Or,
    /// `0x7`: `A ← A XOR value`; C cleared.
    Xor,
    /// `0x8`: flags of `A − value` (Z = equal, C = `A < value`); A unchanged.
    Cmp,
    /// `0x9`: `PC ← target`.
    Jmp,
    /// `0xA`: `PC ← target` if Z.
    Jz,
    /// `0xB`: `PC ← target` if not Z.
    Jnz,
    /// `0xC`: `PC ← target` if C.
    Jc,
    /// `0xD`: `PC ← target` if not C.
    Jnc,
    /// `0xE`: output port `← A`.
    Out,
    /// `0xF`: halt.
    Hlt,
}

/// What an operation's operand byte means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// No operand (`NOP`, `OUT`, `HLT`): the operand byte is ignored (the assembler writes 0).
    None,
    /// A value: `#imm` (immediate mode) or a RAM address (memory mode): `LD` and the ALU
    /// operations.
    Value,
    /// A RAM address only (`ST`).
    Address,
    /// A ROM address to jump to (the jumps).
    Target,
}

impl Op {
    /// Every operation, in nibble order (`ALL[n].nibble() == n`).
    pub const ALL: [Op; 16] = [
        Op::Nop,
        Op::Ld,
        Op::St,
        Op::Add,
        Op::Sub,
        Op::And,
        Op::Or,
        Op::Xor,
        Op::Cmp,
        Op::Jmp,
        Op::Jz,
        Op::Jnz,
        Op::Jc,
        Op::Jnc,
        Op::Out,
        Op::Hlt,
    ];

    /// The operation's nibble, `0x0..=0xF`.
    pub fn nibble(self) -> u8 {
        self as u8
    }

    /// The operation of the low nibble of `opcode` (the high nibble is ignored).
    pub fn from_nibble(opcode: u8) -> Op {
        Op::ALL[usize::from(opcode & 0x0F)]
    }

    /// The mnemonic, upper case (`"LD"`, `"JNZ"`).
    pub fn mnemonic(self) -> &'static str {
        match self {
            Op::Nop => "NOP",
            Op::Ld => "LD",
            Op::St => "ST",
            Op::Add => "ADD",
            Op::Sub => "SUB",
            Op::And => "AND",
            Op::Or => "OR",
            Op::Xor => "XOR",
            Op::Cmp => "CMP",
            Op::Jmp => "JMP",
            Op::Jz => "JZ",
            Op::Jnz => "JNZ",
            Op::Jc => "JC",
            Op::Jnc => "JNC",
            Op::Out => "OUT",
            Op::Hlt => "HLT",
        }
    }

    /// The operation named by `mnemonic`, in any case (`"add"`, `"Add"`, `"ADD"`).
    pub fn from_mnemonic(mnemonic: &str) -> Option<Op> {
        Op::ALL
            .into_iter()
            .find(|op| op.mnemonic().eq_ignore_ascii_case(mnemonic))
    }

    /// What the operand byte means for this operation.
    pub fn operand_kind(self) -> OperandKind {
        match self {
            Op::Nop | Op::Out | Op::Hlt => OperandKind::None,
            Op::Ld | Op::Add | Op::Sub | Op::And | Op::Or | Op::Xor | Op::Cmp => OperandKind::Value,
            Op::St => OperandKind::Address,
            Op::Jmp | Op::Jz | Op::Jnz | Op::Jc | Op::Jnc => OperandKind::Target,
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mnemonic())
    }
}

/// An instruction's operand as the assembler writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operand {
    /// No operand: the operand byte is 0.
    None,
    /// `#value`: immediate mode, the value itself.
    Immediate(u8),
    /// A RAM address (memory mode, and `ST`) or a jump's ROM target.
    Address(u8),
}

/// One instruction the assembler can write: an operation with an operand of the right kind.
///
/// Every such instruction encodes to a distinct word ([`Instruction::encode`]), and
/// [`Instruction::from_word`] finds it again; the other words (an unused opcode, a nonzero
/// operand byte on an operation without operand, the immediate bit on `ST` or a jump) are not
/// instructions in this sense, though the machine executes every word (see [`decode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Instruction {
    op: Op,
    operand: Operand,
}

impl Instruction {
    /// The instruction `op operand`, or `None` when the operand does not fit the operation:
    /// an operand on `NOP`/`OUT`/`HLT`, none on the others, or an immediate on `ST` or a jump.
    pub fn new(op: Op, operand: Operand) -> Option<Instruction> {
        let fits = matches!(
            (op.operand_kind(), operand),
            (OperandKind::None, Operand::None)
                | (
                    OperandKind::Value,
                    Operand::Immediate(_) | Operand::Address(_)
                )
                | (
                    OperandKind::Address | OperandKind::Target,
                    Operand::Address(_)
                )
        );
        fits.then_some(Instruction { op, operand })
    }

    /// The operation.
    pub fn op(self) -> Op {
        self.op
    }

    /// The operand.
    pub fn operand(self) -> Operand {
        self.operand
    }

    /// The ROM word: `opcode << 8 | operand byte`.
    pub fn encode(self) -> u16 {
        let (mode, byte) = match self.operand {
            Operand::None => (0, 0),
            Operand::Immediate(value) => (IMMEDIATE_BIT, value),
            Operand::Address(address) => (0, address),
        };
        u16::from_be_bytes([self.op.nibble() | mode, byte])
    }

    /// The instruction `word` encodes, or `None` when no instruction encodes to it.
    pub fn from_word(word: u16) -> Option<Instruction> {
        let [opcode, byte] = word.to_be_bytes();
        if opcode & !(IMMEDIATE_BIT | 0x0F) != 0 {
            return None;
        }
        let op = Op::from_nibble(opcode);
        let operand = match (op.operand_kind(), opcode & IMMEDIATE_BIT != 0) {
            (OperandKind::None, false) if byte == 0 => Operand::None,
            (OperandKind::Value, true) => Operand::Immediate(byte),
            (OperandKind::Value | OperandKind::Address | OperandKind::Target, false) => {
                Operand::Address(byte)
            }
            _ => return None,
        };
        Some(Instruction { op, operand })
    }
}

/// The disassembly: `NOP`, `LD #5` (immediates in decimal), `ST 0x80`, `JNZ 0x04` (addresses
/// and targets as `0x` and two upper-case hex digits). The assembler reads it back to the
/// same word.
impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.operand {
            Operand::None => write!(f, "{}", self.op),
            Operand::Immediate(value) => write!(f, "{} #{value}", self.op),
            Operand::Address(address) => write!(f, "{} 0x{address:02X}", self.op),
        }
    }
}

/// How the machine executes `word`: the operation, whether the immediate bit is set, and
/// the operand byte.
///
/// Every word executes: an opcode byte with any of bits 5–7 set is `NOP`; the immediate bit
/// only matters to `LD` and the ALU operations (on `ST` and the jumps the operand is always
/// an address); the operand byte of `NOP`, `OUT` and `HLT` is ignored.
pub fn decode(word: u16) -> (Op, bool, u8) {
    let [opcode, byte] = word.to_be_bytes();
    if opcode & 0xE0 != 0 {
        return (Op::Nop, false, byte);
    }
    (Op::from_nibble(opcode), opcode & IMMEDIATE_BIT != 0, byte)
}

/// One ROM word as assembler text, for a memory panel.
///
/// A word that an [`Instruction`] encodes is shown as that instruction (`ADD #13`,
/// `ST 0x80`, `JZ 0x0C`, `HLT`); any other word as the directive that writes it,
/// `.word 0xABCD` (it still executes, as [`decode`] says). Either way
/// `assemble(&disassemble(word))` gives back exactly `word`.
///
/// ```
/// assert_eq!(asm::disassemble(0x130D), "ADD #13");
/// assert_eq!(asm::disassemble(0x0280), "ST 0x80");
/// assert_eq!(asm::disassemble(0x0F00), "HLT");
/// assert_eq!(asm::disassemble(0x2A00), ".word 0x2A00");
/// ```
pub fn disassemble(word: u16) -> String {
    match Instruction::from_word(word) {
        Some(instruction) => instruction.to_string(),
        None => format!(".word 0x{word:04X}"),
    }
}
