//! The two-pass assembler: source text to a [`Program`] of ROM words.
//!
//! Pass 1 reads every line, gives each label its address and each `.equ` constant its value,
//! and places every word (`.org` moves the location forward); pass 2 evaluates the operands,
//! so an instruction may name a label defined further down. `docs/cpu.md` describes the
//! syntax.
//!
//! A line goes through the lexer (`lexer.rs`: tokens) and the parser (`parser.rs`: labels and a
//! statement), then the two passes (`passes.rs`) run over all lines; `program.rs` holds what
//! they produce, `error.rs` what can go wrong.

mod error;
mod lexer;
mod parser;
mod passes;
mod program;

pub use error::{AsmError, AsmErrorKind, MAX_TOKEN_CHARS};
pub use passes::assemble;
pub use program::{Program, ROM_WORDS};
