//! `tritium asm`: assembles a program for the example CPU (`circuits/cpu/`, ISA in
//! `docs/cpu.md`) into a ROM contents file.
//!
//! Writes the words as plain hex, one a line (the ROM's contents format, see
//! `sim_core::memory::contents`), to `-o FILE` atomically, or to standard output. An error
//! in the program names the file, line and column (`fib.s:3:9: undefined label loop2`);
//! it, like a file that cannot be read or written, is bad input: exit status 2.

use anyhow::{Context as _, Result};

use super::args::AsmArgs;
use super::console::{Console, Status};

/// Runs `tritium asm`.
///
/// # Errors
/// Bad input: the program cannot be read, or the output cannot be written. An assembly
/// error is reported here and returned as [`Status::BadInput`].
pub fn run(args: &AsmArgs, console: &mut Console<'_>) -> Result<Status> {
    let name = args.program.display().to_string();
    let source =
        std::fs::read_to_string(&args.program).with_context(|| format!("cannot read {name}"))?;
    let program = match asm::assemble(&source) {
        Ok(program) => program,
        Err(e) => {
            console.error(format_args!("{name}:{e}"))?;
            return Ok(Status::BadInput);
        }
    };
    let hex = program.to_hex();
    match &args.output {
        Some(path) => {
            loader::write_atomically(path, hex.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(
                console.err,
                "{name}: {} words → {}",
                program.words().len(),
                path.display()
            )?;
        }
        None => console.out.write_all(hex.as_bytes())?,
    }
    Ok(Status::Success)
}
