//! The parser: one line's tokens into its labels and statement (an instruction with its
//! operand expression, or a directive), checked against the operation's operand kind.

use super::error::{AsmError, AsmErrorKind, error};
use super::lexer::{Tok, Token, lex};
use crate::isa::{Op, OperandKind};

/// One term of an expression: a number or a symbol, added or subtracted.
#[derive(Debug, Clone)]
pub(super) struct Term {
    pub(super) negative: bool,
    pub(super) atom: Atom,
    pub(super) column: usize,
}

#[derive(Debug, Clone)]
pub(super) enum Atom {
    Number(i64),
    Symbol(String),
}

/// An expression: a sum of terms; `column` is where it starts.
#[derive(Debug, Clone)]
pub(super) struct Expr {
    pub(super) terms: Vec<Term>,
    pub(super) column: usize,
}

/// What one line asks for, after its labels.
#[derive(Debug, Clone)]
pub(super) enum Statement {
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
pub(super) struct Line {
    pub(super) number: usize,
    pub(super) labels: Vec<(String, usize)>,
    pub(super) statement: Option<Statement>,
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
pub(super) fn parse_line(number: usize, text: &str) -> Result<Line, AsmError> {
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
