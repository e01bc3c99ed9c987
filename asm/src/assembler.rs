//! The two-pass assembler: source text to a [`Program`] of ROM words.
//!
//! Pass 1 reads every line, gives each label its address and each `.equ` constant its value,
//! and places every word (`.org` moves the location forward); pass 2 evaluates the operands,
//! so an instruction may name a label defined further down. `docs/cpu.md` describes the
//! syntax.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::isa::{Instruction, Op, Operand, OperandKind};

/// How many words the program ROM holds (addresses `0x00..=0xFF`).
pub const ROM_WORDS: usize = 256;

/// An assembled program: the 256-word ROM image and how much of it the source filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    rom: [u16; ROM_WORDS],
    len: usize,
    labels: BTreeMap<String, u16>,
}

impl Program {
    /// A program of the given words at addresses `0..words.len()`, with no labels; `None`
    /// when there are more than 256 words. (For a program read back from a `.hex` file.)
    pub fn from_words(words: &[u16]) -> Option<Program> {
        if words.len() > ROM_WORDS {
            return None;
        }
        let mut rom = [0; ROM_WORDS];
        rom[..words.len()].copy_from_slice(words);
        Some(Program {
            rom,
            len: words.len(),
            labels: BTreeMap::new(),
        })
    }

    /// The words the source filled: addresses `0..len`, where `len` (`0..=256`) is one past
    /// the highest address an instruction, `.byte` or `.word` wrote. Gaps left by `.org` are
    /// `0x0000` (`NOP`).
    pub fn words(&self) -> &[u16] {
        &self.rom[..self.len]
    }

    /// The whole ROM image: [`Program::words`] followed by `0x0000` up to address `0xFF`.
    pub fn rom(&self) -> &[u16; ROM_WORDS] {
        &self.rom
    }

    /// The labels (not the `.equ` constants) and their ROM addresses, `0..=256` (a label
    /// after the last word of a full ROM is 256).
    pub fn labels(&self) -> &BTreeMap<String, u16> {
        &self.labels
    }

    /// The contents file for the ROM: [`Program::words`] in plain hexadecimal, one word per
    /// line, four lower-case digits, each line ending in `\n` (the empty string for an empty
    /// program).
    ///
    /// ```
    /// let program = asm::assemble("LD #1\nOUT\nHLT")?;
    /// assert_eq!(program.to_hex(), "1101\n0e00\n0f00\n");
    /// # Ok::<(), asm::AsmError>(())
    /// ```
    pub fn to_hex(&self) -> String {
        let mut text = String::with_capacity(self.len * 5);
        for word in self.words() {
            // Writing to a String cannot fail.
            let _ = writeln!(text, "{word:04x}");
        }
        text
    }
}

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

/// A token's kind.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Directive(String),
    Number(i64),
    Hash,
    Comma,
    Colon,
    Plus,
    Minus,
}

/// A token with its 1-based column and source text.
#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    column: usize,
    text: String,
}

/// One term of an expression: a number or a symbol, added or subtracted.
#[derive(Debug, Clone)]
struct Term {
    negative: bool,
    atom: Atom,
    column: usize,
}

#[derive(Debug, Clone)]
enum Atom {
    Number(i64),
    Symbol(String),
}

/// An expression: a sum of terms; `column` is where it starts.
#[derive(Debug, Clone)]
struct Expr {
    terms: Vec<Term>,
    column: usize,
}

/// What one line asks for, after its labels.
#[derive(Debug, Clone)]
enum Statement {
    Instruction {
        op: Op,
        column: usize,
        /// `(immediate, value)`.
        operand: Option<(bool, Expr)>,
    },
    Data {
        word: bool,
        values: Vec<Expr>,
    },
    Org(Expr),
    Equ {
        name: String,
        column: usize,
        value: Expr,
    },
}

/// A parsed line.
#[derive(Debug, Clone)]
struct Line {
    number: usize,
    labels: Vec<(String, usize)>,
    statement: Option<Statement>,
}

/// A word placed by pass 1, evaluated by pass 2.
#[derive(Debug, Clone)]
enum Pending {
    Instruction {
        op: Op,
        operand: Option<(bool, Expr)>,
    },
    Data {
        word: bool,
        value: Expr,
    },
}

/// A defined symbol: its value and the line defining it.
#[derive(Debug, Clone, Copy)]
struct Symbol {
    value: i64,
    line: usize,
}

/// Assembles `source` into a program, or says what is wrong with it (the first error found:
/// syntax errors line by line first, then pass 1's, then pass 2's).
///
/// Never panics, whatever the input. `docs/cpu.md` describes the syntax.
///
/// # Errors
///
/// An [`AsmError`] at the offending token: a character, number or token out of place, an
/// unknown mnemonic or directive, an undefined or duplicate label, a value out of its
/// field's range, `.org` moving backwards, a program past 256 words, a missing or extra
/// operand, an immediate on `ST` or a jump.
pub fn assemble(source: &str) -> Result<Program, AsmError> {
    let lines = source
        .lines()
        .enumerate()
        .map(|(index, text)| parse_line(index + 1, text))
        .collect::<Result<Vec<_>, _>>()?;

    // Pass 1: addresses and constants.
    let mut symbols: HashMap<String, Symbol> = HashMap::new();
    let mut labels = BTreeMap::new();
    let mut pending: Vec<(usize, usize, Pending)> = Vec::new();
    let mut address: u16 = 0;
    for line in &lines {
        let number = line.number;
        for (name, column) in &line.labels {
            define(&mut symbols, name, i64::from(address), number, *column)?;
            labels.insert(name.clone(), address);
        }
        let Some(statement) = &line.statement else {
            continue;
        };
        match statement {
            Statement::Instruction {
                op,
                column,
                operand,
            } => {
                let slot = place(&mut address, number, *column, op.mnemonic())?;
                pending.push((
                    slot,
                    number,
                    Pending::Instruction {
                        op: *op,
                        operand: operand.clone(),
                    },
                ));
            }
            Statement::Data { word, values } => {
                for value in values {
                    let item = if *word { ".word" } else { ".byte" };
                    let slot = place(&mut address, number, value.column, item)?;
                    pending.push((
                        slot,
                        number,
                        Pending::Data {
                            word: *word,
                            value: value.clone(),
                        },
                    ));
                }
            }
            Statement::Org(expr) => {
                let target = eval(expr, &symbols, number, true)?;
                let new = u16::try_from(target)
                    .ok()
                    .filter(|&t| usize::from(t) < ROM_WORDS)
                    .ok_or_else(|| {
                        error(number, expr.column, out_of_range(target, "`.org`", 0, 255))
                    })?;
                if new < address {
                    return Err(error(
                        number,
                        expr.column,
                        AsmErrorKind::OrgBackwards {
                            target,
                            current: address,
                        },
                    ));
                }
                address = new;
            }
            Statement::Equ {
                name,
                column,
                value,
            } => {
                let value = eval(value, &symbols, number, true)?;
                define(&mut symbols, name, value, number, *column)?;
            }
        }
    }

    let (rom, len) = fill(pending, &symbols)?;
    Ok(Program { rom, len, labels })
}

/// Pass 2: evaluates every placed word; the ROM image and its used length.
fn fill(
    pending: Vec<(usize, usize, Pending)>,
    symbols: &HashMap<String, Symbol>,
) -> Result<([u16; ROM_WORDS], usize), AsmError> {
    let mut rom = [0u16; ROM_WORDS];
    let mut len = 0;
    for (slot, number, item) in pending {
        let word = match item {
            Pending::Instruction { op, operand } => encode(op, operand.as_ref(), symbols, number)?,
            Pending::Data { word, value } => {
                let v = eval(&value, symbols, number, false)?;
                if word {
                    u16::try_from(v).map_err(|_| {
                        error(
                            number,
                            value.column,
                            out_of_range(v, "a `.word` value", 0, 0xFFFF),
                        )
                    })?
                } else {
                    u16::from(byte(v, &value, number, "a `.byte` value", true)?)
                }
            }
        };
        // `place` only hands out slots below ROM_WORDS.
        if let Some(cell) = rom.get_mut(slot) {
            *cell = word;
        }
        len = len.max(slot + 1);
    }
    Ok((rom, len))
}

/// Takes the next ROM slot for `item`, or fails when the ROM is full.
fn place(address: &mut u16, line: usize, column: usize, item: &str) -> Result<usize, AsmError> {
    let slot = usize::from(*address);
    if slot >= ROM_WORDS {
        return Err(error(
            line,
            column,
            AsmErrorKind::ProgramTooLong(item.to_owned()),
        ));
    }
    *address += 1;
    Ok(slot)
}

/// Defines `name`, or fails when it is defined already.
fn define(
    symbols: &mut HashMap<String, Symbol>,
    name: &str,
    value: i64,
    line: usize,
    column: usize,
) -> Result<(), AsmError> {
    if let Some(first) = symbols.get(name) {
        return Err(error(
            line,
            column,
            AsmErrorKind::DuplicateLabel {
                name: name.to_owned(),
                first_line: first.line,
            },
        ));
    }
    symbols.insert(name.to_owned(), Symbol { value, line });
    Ok(())
}

/// The word of `op operand` (pass 2).
fn encode(
    op: Op,
    operand: Option<&(bool, Expr)>,
    symbols: &HashMap<String, Symbol>,
    line: usize,
) -> Result<u16, AsmError> {
    let operand = match (op.operand_kind(), operand) {
        (_, None) => Operand::None,
        (kind, Some((immediate, expr))) => {
            let value = eval(expr, symbols, line, false)?;
            if *immediate {
                Operand::Immediate(byte(value, expr, line, "an 8-bit immediate", true)?)
            } else {
                let field = if kind == OperandKind::Target {
                    "a jump target"
                } else {
                    "a RAM address"
                };
                Operand::Address(byte(value, expr, line, field, false)?)
            }
        }
    };
    // The parser only builds operands that fit the operation.
    Ok(Instruction::new(op, operand).map_or(0, Instruction::encode))
}

/// `value` as a byte: `0..=255`, or `-128..=255` (two's complement) when `signed`.
fn byte(
    value: i64,
    expr: &Expr,
    line: usize,
    field: &'static str,
    signed: bool,
) -> Result<u8, AsmError> {
    let min = if signed { -128 } else { 0 };
    if (min..=255).contains(&value) {
        Ok(value.to_le_bytes()[0])
    } else {
        Err(error(
            line,
            expr.column,
            out_of_range(value, field, min, 255),
        ))
    }
}

fn out_of_range(value: i64, field: &'static str, min: i64, max: i64) -> AsmErrorKind {
    AsmErrorKind::OutOfRange {
        value,
        field,
        min,
        max,
    }
}

fn error(line: usize, column: usize, kind: AsmErrorKind) -> AsmError {
    AsmError { line, column, kind }
}

/// The value of `expr`; in pass 1 (`early`) an unknown symbol may yet be defined below.
fn eval(
    expr: &Expr,
    symbols: &HashMap<String, Symbol>,
    line: usize,
    early: bool,
) -> Result<i64, AsmError> {
    let mut total: i64 = 0;
    for term in &expr.terms {
        let value = match &term.atom {
            Atom::Number(n) => *n,
            Atom::Symbol(name) => match symbols.get(name) {
                Some(symbol) => symbol.value,
                None if early => {
                    return Err(error(
                        line,
                        term.column,
                        AsmErrorKind::NotYetDefined(name.clone()),
                    ));
                }
                None => {
                    return Err(error(
                        line,
                        term.column,
                        AsmErrorKind::UndefinedLabel(name.clone()),
                    ));
                }
            },
        };
        let next = if term.negative {
            total.checked_sub(value)
        } else {
            total.checked_add(value)
        };
        total = next.ok_or_else(|| error(line, expr.column, AsmErrorKind::Overflow))?;
    }
    Ok(total)
}

/// Splits one line (without its comment) into tokens.
fn lex(number: usize, text: &str) -> Result<Vec<Token>, AsmError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let ident_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    while let Some(&c) = chars.get(i) {
        let column = i + 1;
        let start = i;
        let tok = match c {
            ';' => break,
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                while chars.get(i).is_some_and(|&c| ident_char(c)) {
                    i += 1;
                }
                Tok::Ident(chars[start..i].iter().collect())
            }
            '.' if chars.get(i + 1).is_some_and(|&c| c.is_ascii_alphabetic()) => {
                i += 1;
                while chars.get(i).is_some_and(|&c| ident_char(c)) {
                    i += 1;
                }
                Tok::Directive(chars[start..i].iter().collect())
            }
            c if c.is_ascii_digit() => {
                while chars.get(i).is_some_and(|&c| ident_char(c)) {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                match parse_number(&text) {
                    Some(n) => Tok::Number(n),
                    None => {
                        return Err(error(number, column, AsmErrorKind::BadNumber(text)));
                    }
                }
            }
            '\'' => {
                let (value, end) = char_literal(&chars, i);
                i = end;
                let Some(n) = value else {
                    let text = chars[start..i].iter().collect();
                    return Err(error(number, column, AsmErrorKind::BadChar(text)));
                };
                Tok::Number(n)
            }
            '#' | ',' | ':' | '+' | '-' => {
                i += 1;
                match c {
                    '#' => Tok::Hash,
                    ',' => Tok::Comma,
                    ':' => Tok::Colon,
                    '+' => Tok::Plus,
                    _ => Tok::Minus,
                }
            }
            other => {
                return Err(error(number, column, AsmErrorKind::UnexpectedChar(other)));
            }
        };
        tokens.push(Token {
            tok,
            column,
            text: chars[start..i].iter().collect(),
        });
    }
    Ok(tokens)
}

/// A decimal, `0x` hexadecimal or `0b` binary number (prefixes in any case).
fn parse_number(text: &str) -> Option<i64> {
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(hex) = lower.strip_prefix("0x") {
        (hex, 16)
    } else if let Some(bin) = lower.strip_prefix("0b") {
        (bin, 2)
    } else {
        (lower.as_str(), 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    i64::from_str_radix(digits, radix).ok()
}

/// The character literal starting at the quote `chars[start]`: its value (the character's
/// code point) and the index after it; `None` for a malformed one (the index is then where
/// reading stopped).
fn char_literal(chars: &[char], start: usize) -> (Option<i64>, usize) {
    let mut i = start + 1;
    let value = match chars.get(i) {
        None | Some('\'') => return (None, (i + 1).min(chars.len())),
        Some('\\') => {
            i += 1;
            let escaped = match chars.get(i) {
                Some('n') => '\n',
                Some('t') => '\t',
                Some('r') => '\r',
                Some('0') => '\0',
                Some('\\') => '\\',
                Some('\'') => '\'',
                _ => return (None, (i + 1).min(chars.len())),
            };
            i += 1;
            escaped
        }
        Some(&c) => {
            i += 1;
            c
        }
    };
    if chars.get(i) == Some(&'\'') {
        (Some(i64::from(u32::from(value))), i + 1)
    } else {
        (None, (i + 1).min(chars.len()))
    }
}

/// A cursor over one line's tokens.
struct Cursor<'a> {
    tokens: &'a [Token],
    pos: usize,
    line: usize,
    /// The column just past the line's text, for errors at the end of the line.
    end_column: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next(&mut self) -> Option<&Token> {
        let token = self.tokens.get(self.pos);
        self.pos += 1;
        token
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// An "expected …, found …" error at the current token.
    fn unexpected(&self, expected: &'static str) -> AsmError {
        match self.peek() {
            Some(token) => error(
                self.line,
                token.column,
                AsmErrorKind::Unexpected {
                    expected,
                    found: format!("`{}`", token.text),
                },
            ),
            None => error(
                self.line,
                self.end_column,
                AsmErrorKind::Unexpected {
                    expected,
                    found: "end of line".to_owned(),
                },
            ),
        }
    }

    /// `['-'] atom (('+' | '-') atom)*`.
    fn expr(&mut self) -> Result<Expr, AsmError> {
        let column = self.peek().map_or(self.end_column, |t| t.column);
        let mut terms = Vec::new();
        let mut negative = false;
        if self.peek().is_some_and(|t| t.tok == Tok::Minus) {
            self.pos += 1;
            negative = true;
        }
        loop {
            let atom = match self.peek().map(|t| (&t.tok, t.column)) {
                Some((Tok::Number(n), column)) => (Atom::Number(*n), column),
                Some((Tok::Ident(name), column)) => (Atom::Symbol(name.clone()), column),
                _ => return Err(self.unexpected("an expression")),
            };
            self.pos += 1;
            terms.push(Term {
                negative,
                atom: atom.0,
                column: atom.1,
            });
            match self.peek().map(|t| &t.tok) {
                Some(Tok::Plus) => negative = false,
                Some(Tok::Minus) => negative = true,
                _ => return Ok(Expr { terms, column }),
            }
            self.pos += 1;
        }
    }

    /// `expr (',' expr)*`.
    fn expr_list(&mut self) -> Result<Vec<Expr>, AsmError> {
        let mut values = vec![self.expr()?];
        while self.peek().is_some_and(|t| t.tok == Tok::Comma) {
            self.pos += 1;
            values.push(self.expr()?);
        }
        self.end()?;
        Ok(values)
    }

    /// The end of the line.
    fn end(&self) -> Result<(), AsmError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.unexpected("end of line"))
        }
    }
}

/// Parses one line: `label:`… then an instruction, a directive or nothing.
fn parse_line(number: usize, text: &str) -> Result<Line, AsmError> {
    let tokens = lex(number, text)?;
    let end_column = text
        .split(';')
        .next()
        .unwrap_or_default()
        .trim_end()
        .chars()
        .count()
        + 1;
    let mut cursor = Cursor {
        tokens: &tokens,
        pos: 0,
        line: number,
        end_column,
    };
    let mut labels = Vec::new();
    while let (
        Some(Token {
            tok: Tok::Ident(name),
            column,
            ..
        }),
        Some(Token {
            tok: Tok::Colon, ..
        }),
    ) = (tokens.get(cursor.pos), tokens.get(cursor.pos + 1))
    {
        labels.push((name.clone(), *column));
        cursor.pos += 2;
    }
    let statement = match cursor.next().cloned() {
        None => None,
        Some(Token {
            tok: Tok::Ident(name),
            column,
            ..
        }) => {
            let op = Op::from_mnemonic(&name)
                .ok_or_else(|| error(number, column, AsmErrorKind::UnknownMnemonic(name)))?;
            Some(instruction(&mut cursor, op, column)?)
        }
        Some(Token {
            tok: Tok::Directive(name),
            column,
            ..
        }) => Some(directive(&mut cursor, &name, column)?),
        Some(_) => {
            cursor.pos -= 1;
            return Err(cursor.unexpected("a label, mnemonic or directive"));
        }
    };
    Ok(Line {
        number,
        labels,
        statement,
    })
}

/// The operand of `op`, the mnemonic at `column` having been read.
fn instruction(cursor: &mut Cursor<'_>, op: Op, column: usize) -> Result<Statement, AsmError> {
    let line = cursor.line;
    let kind = op.operand_kind();
    let operand = if kind == OperandKind::None {
        if let Some(token) = cursor.peek() {
            return Err(error(
                line,
                token.column,
                AsmErrorKind::NoOperandAllowed(op),
            ));
        }
        None
    } else {
        let Some(first) = cursor.peek() else {
            return Err(error(line, column, AsmErrorKind::MissingOperand(op)));
        };
        let immediate = first.tok == Tok::Hash;
        if immediate {
            if kind != OperandKind::Value {
                return Err(error(
                    line,
                    first.column,
                    AsmErrorKind::ImmediateNotAllowed(op),
                ));
            }
            cursor.pos += 1;
        }
        let expr = cursor.expr()?;
        if let Some(token) = cursor.peek() {
            let kind = if token.tok == Tok::Comma {
                AsmErrorKind::ExtraOperand(op)
            } else {
                return Err(cursor.unexpected("end of line"));
            };
            return Err(error(line, token.column, kind));
        }
        Some((immediate, expr))
    };
    Ok(Statement::Instruction {
        op,
        column,
        operand,
    })
}

/// The rest of a directive line, the directive `name` at `column` having been read.
fn directive(cursor: &mut Cursor<'_>, name: &str, column: usize) -> Result<Statement, AsmError> {
    match name.to_ascii_lowercase().as_str() {
        ".org" => {
            let expr = cursor.expr()?;
            cursor.end()?;
            Ok(Statement::Org(expr))
        }
        ".equ" => {
            let (name, column) = match cursor.peek() {
                Some(Token {
                    tok: Tok::Ident(name),
                    column,
                    ..
                }) => (name.clone(), *column),
                _ => return Err(cursor.unexpected("a constant's name")),
            };
            cursor.pos += 1;
            if cursor.peek().is_none_or(|t| t.tok != Tok::Comma) {
                return Err(cursor.unexpected("`,`"));
            }
            cursor.pos += 1;
            let value = cursor.expr()?;
            cursor.end()?;
            Ok(Statement::Equ {
                name,
                column,
                value,
            })
        }
        ".byte" => Ok(Statement::Data {
            word: false,
            values: cursor.expr_list()?,
        }),
        ".word" => Ok(Statement::Data {
            word: true,
            values: cursor.expr_list()?,
        }),
        _ => Err(error(
            cursor.line,
            column,
            AsmErrorKind::UnknownDirective(name.to_owned()),
        )),
    }
}
