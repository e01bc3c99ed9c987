//! Why a source did not assemble: [`AsmError`] (where) and [`AsmErrorKind`] (what).

use crate::isa::Op;

/// The most characters a name, directive or number may have. A longer one is refused without
/// being echoed ([`AsmErrorKind::TooLong`]), so no message repeats a megabyte of input.
pub const MAX_TOKEN_CHARS: usize = 64;

/// Why a source did not assemble: where (1-based line and column of the offending token,
/// columns counted in characters) and what.
///
/// Displays as `line:column: message`, e.g. ``3:9: undefined label `loop2` ``.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct AsmError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: AsmErrorKind,
}

/// What is wrong with a source; [`AsmError`] adds where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AsmErrorKind {
    /// A character that starts no token (`$`, `@`, a lone `.`).
    #[error("unexpected character `{0}`")]
    UnexpectedChar(char),
    /// A name, directive or number longer than
    /// [`MAX_TOKEN_CHARS`] characters (not echoed).
    #[error(
        "a token of {chars} characters, more than the {max} a name or number may have",
        max = MAX_TOKEN_CHARS
    )]
    TooLong {
        /// Its length in characters.
        chars: usize,
    },
    /// A number that does not parse (`0x`, `12ab`, `0b102`) or does not fit 64 bits.
    #[error("bad number `{0}`")]
    BadNumber(String),
    /// A character literal that is not one character or escape between quotes.
    #[error("bad character literal `{0}`")]
    BadChar(String),
    /// A token that does not belong where it stands.
    #[error("expected {expected}, found {found}")]
    Unexpected {
        /// What the grammar wanted here (`"an expression"`).
        expected: &'static str,
        /// What it found: a token in backticks, or `end of line`.
        found: String,
    },
    /// A word in mnemonic position that names no operation.
    #[error("unknown mnemonic `{0}`")]
    UnknownMnemonic(String),
    /// A `.name` that is not `.org`, `.equ`, `.byte` or `.word`.
    #[error("unknown directive `{0}`")]
    UnknownDirective(String),
    /// A label or constant that is defined nowhere.
    #[error("undefined label `{0}`")]
    UndefinedLabel(String),
    /// A symbol used by `.org` or `.equ` before the line that defines it.
    #[error(
        "label `{0}` is not defined above this line (`.org` and `.equ` use only symbols defined earlier)"
    )]
    NotYetDefined(String),
    /// A label or constant defined twice.
    #[error("duplicate label `{name}` (first defined on line {first_line})")]
    DuplicateLabel {
        /// The name.
        name: String,
        /// The line of its first definition.
        first_line: usize,
    },
    /// A value outside its field's range.
    #[error("value {value} out of range for {field} ({min}..={max})")]
    OutOfRange {
        /// The value of the expression.
        value: i64,
        /// The field: `an 8-bit immediate`, `a RAM address`, `a jump target`, …
        field: &'static str,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// An expression whose value does not fit 64 bits.
    #[error("expression overflows 64 bits")]
    Overflow,
    /// `.org` to an address below the current one (the words would overlap).
    #[error("`.org {target}` moves backwards: the program is already at address {current}")]
    OrgBackwards {
        /// The address `.org` asked for.
        target: i64,
        /// The address of the next word.
        current: u16,
    },
    /// A word past address `0xFF`.
    #[error("program past 256 words: no room for `{0}`")]
    ProgramTooLong(String),
    /// An operation that needs an operand has none.
    #[error("`{0}` needs an operand")]
    MissingOperand(Op),
    /// `NOP`, `OUT` or `HLT` with an operand.
    #[error("`{0}` takes no operand")]
    NoOperandAllowed(Op),
    /// A second operand, or anything else after the operand.
    #[error("`{0}` takes one operand")]
    ExtraOperand(Op),
    /// `#value` on `ST` or a jump, which take an address.
    #[error("`{0}` takes an address, not an immediate")]
    ImmediateNotAllowed(Op),
}

/// An [`AsmErrorKind::OutOfRange`].
pub(super) fn out_of_range(value: i64, field: &'static str, min: i64, max: i64) -> AsmErrorKind {
    AsmErrorKind::OutOfRange {
        value,
        field,
        min,
        max,
    }
}

/// An [`AsmError`] at `line`, `column`.
pub(super) fn error(line: usize, column: usize, kind: AsmErrorKind) -> AsmError {
    AsmError { line, column, kind }
}
