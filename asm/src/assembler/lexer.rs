//! The lexer: one line's text (up to its `;` comment) into tokens, numbers and character
//! literals read to their values.

use super::error::{AsmError, AsmErrorKind, MAX_TOKEN_CHARS, error};

/// A token's kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
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
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) column: usize,
    pub(super) text: String,
}

/// Splits one line (without its comment) into tokens.
pub(super) fn lex(number: usize, text: &str) -> Result<Vec<Token>, AsmError> {
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
                if i - start > MAX_TOKEN_CHARS {
                    let chars = i - start;
                    return Err(error(number, column, AsmErrorKind::TooLong { chars }));
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
        if i - start > MAX_TOKEN_CHARS {
            let chars = i - start;
            return Err(error(number, column, AsmErrorKind::TooLong { chars }));
        }
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
