//! The ISA-level reference emulator: the machine of `docs/cpu.md`, clock cycle by clock
//! cycle, with the values the three-valued circuit does not know yet modelled as unknown.
//!
//! Each instruction takes two cycles: **fetch** (`IR ← ROM[PC]`, `PC ← PC + 1`), then
//! **execute** (A, the flags, a RAM byte, the output register and, for a taken jump, PC
//! change at the rising edge that ends it). `HLT`'s execute cycle sets the halted flag; a
//! halted machine changes no more and counts no more cycles, so a program that executes `k`
//! instructions, its `HLT` included, halts after exactly `2k` cycles.
//!
//! Reset clears every register: PC, IR, A and the output register are 0, Z and C are clear,
//! the phase is fetch and the machine is not halted. Only the RAM is not cleared: every RAM
//! byte is unknown (`None`) until written. Reading one brings unknowns into A and the flags,
//! and they propagate (a sum with an unknown addend is unknown, and so are its Z and C) a
//! whole byte at a time, except `AND` with a known 0 and `OR` with a known 0xFF, whose
//! results are known, and C, which `LD` and the logic operations clear whatever their value.
//! Using an unknown where it decides what happens is an [`EmuError`]: a conditional jump on
//! an unknown flag, `OUT` of an unknown A, fetching a word the program did not fill.

use crate::assembler::{Program, ROM_WORDS};
use crate::isa::{Op, decode};

/// The phase of the two-cycle instruction: the next cycle fetches or executes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The next cycle fetches `IR ← ROM[PC]` and increments PC.
    Fetch,
    /// The next cycle executes IR.
    Execute,
}

/// What a [`Emulator::run`] or [`emulate`] ended with, counted from reset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Every value `OUT` wrote, in order.
    pub outputs: Vec<u8>,
    /// Whether the machine halted (`HLT` executed); `false` when the cycle budget ran out.
    pub halted: bool,
    /// Clock cycles since reset (2 per instruction; odd when stopped between a fetch and its
    /// execute).
    pub cycles: u64,
}

/// A flag of the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flag {
    /// Z: the last result was zero.
    Z,
    /// C: carry out of `ADD`, borrow of `SUB`/`CMP`.
    C,
}

/// A use of an unknown value that decides what the machine does; the machine stays in the
/// execute phase of the offending instruction (running on repeats the error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmuError {
    /// A conditional jump on a flag that is unknown (set from an unknown value: an unwritten
    /// RAM byte, or what was computed from one).
    #[error("{op} at 0x{address:02X} (cycle {cycle}): the {flag:?} flag is unknown")]
    UnknownFlag {
        /// The jump.
        op: Op,
        /// The flag it tests.
        flag: Flag,
        /// The jump's ROM address.
        address: u8,
        /// The cycle that failed, from 1.
        cycle: u64,
    },
    /// `OUT` with A unknown.
    #[error("OUT at 0x{address:02X} (cycle {cycle}): A is unknown")]
    UnknownOutput {
        /// The `OUT`'s ROM address.
        address: u8,
        /// The cycle that failed, from 1.
        cycle: u64,
    },
    /// A fetch from a ROM address past the program's words ([`Program::words`]): the ROM's
    /// contents there are not the program's.
    #[error("fetch from 0x{address:02X} (cycle {cycle}): past the program's {len} words")]
    PastProgram {
        /// The address fetched.
        address: u8,
        /// How many words the program has.
        len: usize,
        /// The cycle that failed, from 1.
        cycle: u64,
    },
}

/// The machine: registers, flags, RAM, output register and cycle count.
#[derive(Debug, Clone)]
pub struct Emulator {
    rom: [u16; ROM_WORDS],
    len: usize,
    pc: u8,
    ir: u16,
    phase: Phase,
    halted: bool,
    a: Option<u8>,
    z: Option<bool>,
    c: Option<bool>,
    ram: [Option<u8>; 256],
    port: u8,
    cycles: u64,
    outputs: Vec<u8>,
}

impl Emulator {
    /// The machine just after reset with `program` in its ROM: PC 0, fetch phase, not halted,
    /// IR 0, A 0, Z and C clear, the output register 0; every RAM byte unknown; no cycles.
    pub fn new(program: &Program) -> Emulator {
        Emulator {
            rom: *program.rom(),
            len: program.words().len(),
            pc: 0,
            ir: 0,
            phase: Phase::Fetch,
            halted: false,
            a: Some(0),
            z: Some(false),
            c: Some(false),
            ram: [None; 256],
            port: 0,
            cycles: 0,
            outputs: Vec::new(),
        }
    }

    /// The program counter.
    pub fn pc(&self) -> u8 {
        self.pc
    }

    /// The instruction register (0, a `NOP`, from reset until the first fetch).
    pub fn ir(&self) -> u16 {
        self.ir
    }

    /// What the next cycle does.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether `HLT` has executed.
    pub fn halted(&self) -> bool {
        self.halted
    }

    /// The accumulator, `None` while unknown.
    pub fn a(&self) -> Option<u8> {
        self.a
    }

    /// The Z flag, `None` while unknown.
    pub fn z(&self) -> Option<bool> {
        self.z
    }

    /// The C flag, `None` while unknown.
    pub fn c(&self) -> Option<bool> {
        self.c
    }

    /// The RAM byte at `address`, `None` while unknown.
    pub fn ram(&self, address: u8) -> Option<u8> {
        self.ram[usize::from(address)]
    }

    /// The output register: 0 from reset until the first `OUT`. Never unknown (`OUT` of an
    /// unknown A is an error).
    pub fn port(&self) -> u8 {
        self.port
    }

    /// Clock cycles since reset.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Every value `OUT` wrote since reset.
    pub fn outputs(&self) -> &[u8] {
        &self.outputs
    }

    /// Runs until the machine halts or `max_cycles` more cycles have passed, whichever comes
    /// first. A halted machine returns at once.
    ///
    /// # Errors
    ///
    /// An [`EmuError`] when an unknown value decides what happens (see the module docs); the
    /// outputs so far are still in [`Emulator::outputs`].
    pub fn run(&mut self, max_cycles: u64) -> Result<Run, EmuError> {
        let mut ran = 0;
        while !self.halted && ran < max_cycles {
            self.step()?;
            ran += 1;
        }
        Ok(Run {
            outputs: self.outputs.clone(),
            halted: self.halted,
            cycles: self.cycles,
        })
    }

    /// One clock cycle: a fetch or an execute. Does nothing on a halted machine.
    ///
    /// # Errors
    ///
    /// An [`EmuError`] when an unknown value decides what happens; the machine is then
    /// unchanged.
    pub fn step(&mut self) -> Result<(), EmuError> {
        if self.halted {
            return Ok(());
        }
        let cycle = self.cycles + 1;
        match self.phase {
            Phase::Fetch => {
                if usize::from(self.pc) >= self.len {
                    return Err(EmuError::PastProgram {
                        address: self.pc,
                        len: self.len,
                        cycle,
                    });
                }
                self.ir = self.rom[usize::from(self.pc)];
                self.pc = self.pc.wrapping_add(1);
                self.phase = Phase::Execute;
            }
            Phase::Execute => {
                self.execute(cycle)?;
                self.phase = Phase::Fetch;
            }
        }
        self.cycles = cycle;
        Ok(())
    }

    /// The execute cycle of IR.
    fn execute(&mut self, cycle: u64) -> Result<(), EmuError> {
        let (op, immediate, operand) = decode(self.ir);
        let address = self.pc.wrapping_sub(1);
        let value = if immediate {
            Some(operand)
        } else {
            self.ram[usize::from(operand)]
        };
        let jump = |flag: Flag, known: Option<bool>, when: bool| match known {
            Some(set) => Ok(set == when),
            None => Err(EmuError::UnknownFlag {
                op,
                flag,
                address,
                cycle,
            }),
        };
        let taken = match op {
            Op::Nop => false,
            Op::Ld => {
                self.logic(value);
                false
            }
            Op::St => {
                self.ram[usize::from(operand)] = self.a;
                false
            }
            Op::Add | Op::Sub | Op::Cmp => {
                let (result, carry) = match (self.a, value) {
                    (Some(a), Some(b)) if op == Op::Add => {
                        let (sum, carry) = a.overflowing_add(b);
                        (Some(sum), Some(carry))
                    }
                    (Some(a), Some(b)) => (Some(a.wrapping_sub(b)), Some(a < b)),
                    _ => (None, None),
                };
                self.z = result.map(|r| r == 0);
                self.c = carry;
                if op != Op::Cmp {
                    self.a = result;
                }
                false
            }
            Op::And => {
                let result = match (self.a, value) {
                    (Some(0), _) | (_, Some(0)) => Some(0),
                    (Some(a), Some(b)) => Some(a & b),
                    _ => None,
                };
                self.logic(result);
                false
            }
            Op::Or => {
                let result = match (self.a, value) {
                    (Some(0xFF), _) | (_, Some(0xFF)) => Some(0xFF),
                    (Some(a), Some(b)) => Some(a | b),
                    _ => None,
                };
                self.logic(result);
                false
            }
            Op::Xor => {
                let result = self.a.zip(value).map(|(a, b)| a ^ b);
                self.logic(result);
                false
            }
            Op::Jmp => true,
            Op::Jz => jump(Flag::Z, self.z, true)?,
            Op::Jnz => jump(Flag::Z, self.z, false)?,
            Op::Jc => jump(Flag::C, self.c, true)?,
            Op::Jnc => jump(Flag::C, self.c, false)?,
            Op::Out => {
                let a = self.a.ok_or(EmuError::UnknownOutput { address, cycle })?;
                self.port = a;
                self.outputs.push(a);
                false
            }
            Op::Hlt => {
                self.halted = true;
                false
            }
        };
        if taken {
            self.pc = operand;
        }
        Ok(())
    }

    /// `A ← result`, Z from it, C cleared: `LD`, `AND`, `OR`, `XOR`.
    fn logic(&mut self, result: Option<u8>) {
        self.a = result;
        self.z = result.map(|r| r == 0);
        self.c = Some(false);
    }
}

/// Runs `program` from reset for at most `max_cycles` cycles: `Emulator::new(program)
/// .run(max_cycles)`.
///
/// ```
/// let program = asm::assemble("LD #7\nOUT\nHLT")?;
/// let run = asm::emulate(&program, 100)?;
/// assert_eq!((run.outputs, run.halted, run.cycles), (vec![7], true, 6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`Emulator::run`].
pub fn emulate(program: &Program, max_cycles: u64) -> Result<Run, EmuError> {
    Emulator::new(program).run(max_cycles)
}
