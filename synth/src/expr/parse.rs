//! The expression parser: a recursive descent over the grammar
//!
//! ```text
//! or      = and { ("+" | "|" | "∨") and }
//! and     = unary { [ "·" | "&" | "*" | "∧" ] unary }     (juxtaposition is AND)
//! unary   = ( "¬" | "~" | "!" ) unary | postfix
//! postfix = primary { "'" }                              (a postfix ' is NOT)
//! primary = identifier | "0" | "1" | "(" or ")"
//! ```
//!
//! Whitespace separates tokens and is otherwise ignored. Columns count characters from 1.
//! Parentheses and negations nest at most [`MAX_NESTING`] deep, so a hostile text cannot
//! exhaust the stack.

use std::fmt;
use std::iter::Peekable;
use std::str::Chars;

use thiserror::Error;

use super::Expr;

/// What the parser expected where it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// An operand: a variable, `0`, `1`, a NOT or `(`.
    Operand,
    /// The `)` closing the `(` at this column.
    CloseParen {
        /// The column of the `(`.
        open: usize,
    },
    /// An operator or the end of the expression.
    OperatorOrEnd,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Operand => f.write_str("a variable, 0, 1, a NOT (¬ ~ !) or `(`"),
            Self::CloseParen { open } => write!(f, "`)` closing the `(` at column {open}"),
            Self::OperatorOrEnd => f.write_str("an operator (+ | · & * ¬ ') or the end"),
        }
    }
}

/// Why an expression does not parse; `column` counts characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExprError {
    /// A character that is no token of the grammar.
    #[error("column {column}: unexpected character `{found}`")]
    UnexpectedChar {
        /// Where the character is.
        column: usize,
        /// The character.
        found: char,
    },
    /// A token (or the end) where the grammar needs something else.
    #[error("column {column}: expected {expected}, found {found}")]
    Unexpected {
        /// Where the token (or the end) is.
        column: usize,
        /// What would have been accepted there.
        expected: Expected,
        /// The token found, or `end of input`.
        found: String,
    },
    /// Parentheses and negations nested deeper than [`MAX_NESTING`]: a bound that keeps
    /// every walk of the tree (printing, evaluating, dropping) within the stack.
    #[error("column {column}: parentheses and negations nest deeper than {limit}")]
    TooDeep {
        /// Where the level past the limit opens.
        column: usize,
        /// The limit, [`MAX_NESTING`].
        limit: usize,
    },
}

/// The deepest nesting of parentheses and negations (`(`, `¬`, `'` each one level) an
/// expression may have.
pub const MAX_NESTING: usize = 256;

impl ExprError {
    /// The column (counted in characters from 1) the error is at.
    pub fn column(&self) -> usize {
        match self {
            Self::UnexpectedChar { column, .. }
            | Self::Unexpected { column, .. }
            | Self::TooDeep { column, .. } => *column,
        }
    }
}

/// A token of the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    Const(bool),
    Not,
    Prime,
    And,
    Or,
    Open,
    Close,
    End,
}

impl Token {
    /// Whether the token can begin an operand (so that juxtaposition means AND).
    fn starts_operand(&self) -> bool {
        matches!(
            self,
            Self::Ident(_) | Self::Const(_) | Self::Not | Self::Open
        )
    }

    /// The token as the error message names it.
    fn describe(&self) -> String {
        match self {
            Self::Ident(name) => format!("`{name}`"),
            Self::Const(constant) => format!("`{}`", u8::from(*constant)),
            Self::Not => "a NOT".to_owned(),
            Self::Prime => "`'`".to_owned(),
            Self::And => "an AND".to_owned(),
            Self::Or => "an OR".to_owned(),
            Self::Open => "`(`".to_owned(),
            Self::Close => "`)`".to_owned(),
            Self::End => "end of input".to_owned(),
        }
    }
}

/// Splits the text into tokens with their columns; the last is [`Token::End`].
fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, ExprError> {
    let mut chars: Peekable<Chars<'_>> = text.chars().peekable();
    let mut column = 0;
    let mut tokens = Vec::new();
    while let Some(c) = chars.next() {
        column += 1;
        let token = match c {
            _ if c.is_whitespace() => continue,
            '¬' | '~' | '!' => Token::Not,
            '\'' => Token::Prime,
            '·' | '&' | '*' | '∧' => Token::And,
            '+' | '|' | '∨' => Token::Or,
            '(' => Token::Open,
            ')' => Token::Close,
            '0' => Token::Const(false),
            '1' => Token::Const(true),
            _ if c.is_ascii_alphabetic() || c == '_' => {
                let mut name = String::from(c);
                while let Some(&next) = chars.peek() {
                    if !(next.is_ascii_alphanumeric() || next == '_') {
                        break;
                    }
                    name.push(next);
                    chars.next();
                }
                let start = column;
                column += name.len() - 1;
                tokens.push((Token::Ident(name), start));
                continue;
            }
            found => return Err(ExprError::UnexpectedChar { column, found }),
        };
        tokens.push((token, column));
    }
    tokens.push((Token::End, column + 1));
    Ok(tokens)
}

/// The parser's position in the tokens.
struct Parser {
    tokens: Vec<(Token, usize)>,
    next: usize,
    /// The levels of parentheses and negations open around the next token.
    depth: usize,
}

impl Parser {
    /// The next token, not consumed.
    fn peek(&self) -> &Token {
        &self.tokens[self.next].0
    }

    /// Consumes the next token (never past [`Token::End`]) and returns it with its column.
    fn advance(&mut self) -> (Token, usize) {
        let token = self.tokens[self.next].clone();
        if token.0 != Token::End {
            self.next += 1;
        }
        token
    }

    /// Opens one more level of nesting at the next token; an error past [`MAX_NESTING`].
    fn enter(&mut self) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ExprError::TooDeep {
                column: self.tokens[self.next].1,
                limit: MAX_NESTING,
            });
        }
        Ok(())
    }

    /// The error for the next token, where `expected` was needed.
    fn unexpected(&self, expected: Expected) -> ExprError {
        let (token, column) = &self.tokens[self.next];
        ExprError::Unexpected {
            column: *column,
            expected,
            found: token.describe(),
        }
    }

    fn or(&mut self) -> Result<Expr, ExprError> {
        let mut operands = vec![self.and()?];
        while *self.peek() == Token::Or {
            self.advance();
            operands.push(self.and()?);
        }
        Ok(Expr::any(operands))
    }

    fn and(&mut self) -> Result<Expr, ExprError> {
        let mut operands = vec![self.unary()?];
        loop {
            if *self.peek() == Token::And {
                self.advance();
            } else if !self.peek().starts_operand() {
                break;
            }
            operands.push(self.unary()?);
        }
        Ok(Expr::all(operands))
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if *self.peek() == Token::Not {
            self.enter()?;
            self.advance();
            let operand = self.unary()?;
            self.depth -= 1;
            return Ok(!operand);
        }
        let mut operand = self.primary()?;
        let outside = self.depth;
        while *self.peek() == Token::Prime {
            self.enter()?;
            self.advance();
            operand = !operand;
        }
        self.depth = outside;
        Ok(operand)
    }

    fn primary(&mut self) -> Result<Expr, ExprError> {
        match self.peek() {
            Token::Ident(_) | Token::Const(_) | Token::Open => {}
            _ => return Err(self.unexpected(Expected::Operand)),
        }
        match self.advance() {
            (Token::Ident(name), _) => Ok(Expr::Var(name)),
            (Token::Const(constant), _) => Ok(Expr::Const(constant)),
            (_, open) => {
                self.enter()?;
                let inner = self.or()?;
                self.depth -= 1;
                if *self.peek() != Token::Close {
                    return Err(self.unexpected(Expected::CloseParen { open }));
                }
                self.advance();
                Ok(inner)
            }
        }
    }
}

impl Expr {
    /// Parses `text` in any of the accepted notations: `A·B + ¬C`, `A & B | !C`,
    /// `A B + C'` (juxtaposition is AND, a postfix `'` is NOT), `~A`, `A * B`, `A ∧ B ∨ C`,
    /// with parentheses and the constants `0` and `1`. NOT binds tighter than AND, AND
    /// tighter than OR. An identifier runs on while letters, digits and `_` follow, so `AB`
    /// is one variable: write `A B` or `A·B` for the product.
    ///
    /// # Errors
    ///
    /// An [`ExprError`] naming the column (in characters, from 1) and what was expected
    /// there.
    pub fn parse(text: &str) -> Result<Self, ExprError> {
        let mut parser = Parser {
            tokens: tokenize(text)?,
            next: 0,
            depth: 0,
        };
        let expr = parser.or()?;
        if *parser.peek() != Token::End {
            return Err(parser.unexpected(Expected::OperatorOrEnd));
        }
        Ok(expr)
    }
}

impl std::str::FromStr for Expr {
    type Err = ExprError;

    fn from_str(text: &str) -> Result<Self, ExprError> {
        Self::parse(text)
    }
}
