//! The two passes over the parsed lines: pass 1 gives every label its address and every
//! `.equ` constant its value and places every word; pass 2 evaluates the operands into ROM
//! words.

use std::collections::{BTreeMap, HashMap};

use super::error::{AsmError, AsmErrorKind, error, out_of_range};
use super::parser::{Atom, Expr, Statement, parse_line};
use super::program::{Program, ROM_WORDS};
use crate::isa::{Instruction, Op, Operand, OperandKind};

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
