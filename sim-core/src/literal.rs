//! Literals: a value as a file or a command line writes it (`-1`, `true`, `"T"`, `162`,
//! `"0x5A"`), before it is known how wide its target is, and the labels of a bus's bits.
//!
//! This is the bottom of the description layer: a [`Node`](crate::desc::Node) holds a
//! [`Literal`] for a bus constant, a memory's inline words are literals, and a test vector's
//! assignments are literals; each is resolved against its target's width only once the
//! target is known ([`Literal::resolve`]).
//!
//! ```
//! use sim_core::literal::{Literal, LiteralError};
//! use sim_core::Trit;
//!
//! assert_eq!(Literal::Text("T".into()).resolve(1), Ok(vec![Trit::True]));
//! assert_eq!(Literal::Int(5).resolve(3)?, [Trit::True, Trit::False, Trit::True]); // 5 = 0b101
//! assert!(matches!(Literal::Int(2).resolve(1), Err(LiteralError::NotATrit { value: 2 })));
//! # Ok::<(), LiteralError>(())
//! ```

use crate::number::{self, NumberError, Radix, excerpt};
use crate::trit::Trit;

/// A value as a file or a command line writes it, before it is known how wide its target is:
/// an integer, a boolean or a text. [`resolve`](Self::resolve) reads it for a node (a trit:
/// `-1`, `0`, `1`, `true`, `"T"`, `"X"`, …) or a bus (a number of its width in any radix,
/// see [`number`]). In RON and JSON it is written as itself: `162`, `true`, `"0x5A"`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An integer.
    Int(i128),
    /// `true` or `false`.
    Bool(bool),
    /// Text: a trit's name or a number literal.
    Text(String),
}

impl Literal {
    /// The trit itself.
    pub fn trit(t: Trit) -> Literal {
        Literal::Int(i128::from(t.to_i8()))
    }

    /// The value for a target `width` trits wide (1: a node; more: a bus), bit 0 first.
    ///
    /// # Errors
    /// [`LiteralError`], saying why: not a trit, not a number, or a number wider than the
    /// bus (naming both).
    pub fn resolve(&self, width: usize) -> Result<Vec<Trit>, LiteralError> {
        self.resolve_in(width, Radix::Bin)
    }

    /// The value for a target `width` trits wide shown in `radix`, bit 0 first: as
    /// [`resolve`](Self::resolve), except that a decimal (an integer, or text without a prefix)
    /// for a [`Radix::Ternary`] bus is its balanced-ternary value ([`number::parse_in`]).
    ///
    /// # Errors
    /// As [`resolve`](Self::resolve); a decimal outside a balanced-ternary bus's range is a
    /// [`NumberError::OutOfBalancedRange`].
    pub fn resolve_in(&self, width: usize, radix: Radix) -> Result<Vec<Trit>, LiteralError> {
        match (self, width) {
            (Literal::Bool(_) | Literal::Int(_) | Literal::Text(_), 1) => {
                self.as_trit().map(|t| vec![t])
            }
            (Literal::Bool(_), _) => Err(LiteralError::TruthValueForBus {
                literal: self.to_string(),
                width,
            }),
            (Literal::Int(v), _) if radix == Radix::Ternary => {
                number::parse_in(&v.to_string(), width, radix).map_err(LiteralError::Number)
            }
            (Literal::Int(v), _) => number::from_int(*v, width).map_err(LiteralError::Number),
            (Literal::Text(t), _) => number::parse_in(t, width, radix).map_err(|e| {
                if t.parse::<Trit>().is_ok() {
                    LiteralError::TritForBus {
                        literal: t.clone(),
                        width,
                    }
                } else {
                    LiteralError::Number(e)
                }
            }),
        }
    }

    /// The literal as one trit (a node's value).
    fn as_trit(&self) -> Result<Trit, LiteralError> {
        match self {
            Literal::Bool(b) => Ok(Trit::from(*b)),
            Literal::Int(v) => i8::try_from(*v)
                .ok()
                .and_then(Trit::from_i8)
                .ok_or(LiteralError::NotATrit { value: *v }),
            Literal::Text(t) => t
                .parse::<Trit>()
                .or_else(|_| match number::parse(t, 1).as_deref() {
                    Ok(&[t]) => Ok(t),
                    _ => Err(()),
                })
                .map_err(|()| LiteralError::NotATritText { text: t.clone() }),
        }
    }

    /// The radix this literal is written in, if it says (a prefix, or a decimal number).
    pub fn radix(&self) -> Option<Radix> {
        match self {
            Literal::Int(v) if *v < 0 => Some(Radix::Signed),
            Literal::Int(_) => Some(Radix::Unsigned),
            Literal::Bool(_) => None,
            Literal::Text(t) => {
                let t = t.trim().to_ascii_lowercase();
                if t.starts_with("0x") {
                    Some(Radix::Hex)
                } else if t.starts_with("0b") {
                    Some(Radix::Bin)
                } else if t.starts_with("0t") {
                    Some(Radix::Ternary)
                } else if t.starts_with('-') && t[1..].bytes().all(|b| b.is_ascii_digit()) {
                    Some(Radix::Signed)
                } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                    Some(Radix::Unsigned)
                } else {
                    None
                }
            }
        }
    }
}

impl From<Trit> for Literal {
    fn from(t: Trit) -> Literal {
        Literal::trit(t)
    }
}

impl std::str::FromStr for Literal {
    type Err = std::convert::Infallible;

    /// Command-line text: kept as text (`--set A=0x5A`), resolved against its target later.
    fn from_str(s: &str) -> Result<Literal, Self::Err> {
        Ok(Literal::Text(s.trim().to_owned()))
    }
}

impl std::fmt::Display for Literal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Literal::Int(v) => write!(f, "{v}"),
            Literal::Bool(b) => write!(f, "{b}"),
            Literal::Text(t) => f.write_str(t),
        }
    }
}

impl serde::Serialize for Literal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Literal::Int(v) => match i64::try_from(*v) {
                Ok(v) => s.serialize_i64(v),
                Err(_) => s.serialize_str(&v.to_string()),
            },
            Literal::Bool(b) => s.serialize_bool(*b),
            Literal::Text(t) => s.serialize_str(t),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Literal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Literal, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Literal;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(
                    "a value: a trit (-1, 0, 1, \"T\", true, …) or a number (162, \"0x5A\")",
                )
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Literal, E> {
                Ok(Literal::Bool(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Literal, E> {
                Ok(Literal::Int(i128::from(v)))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Literal, E> {
                Ok(Literal::Int(i128::from(v)))
            }
            fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Literal, E> {
                Ok(Literal::Int(v))
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Literal, E> {
                i128::try_from(v)
                    .map(Literal::Int)
                    .map_err(|_| E::custom(format!("{v} is too large for any bus")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Literal, E> {
                Ok(Literal::Text(v.to_owned()))
            }
        }
        d.deserialize_any(V)
    }
}

/// Why a text is not a list of assignments `NAME=VALUE[,NAME=VALUE...]`
/// ([`parse_assignments`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AssignmentError {
    /// An item without `=`.
    #[error("`{item}` is not an assignment NAME=VALUE")]
    NotAssignment {
        /// The item as written.
        item: String,
    },
    /// An item with nothing before `=`.
    #[error("`{item}` has no label before `=`")]
    NoLabel {
        /// The item as written.
        item: String,
    },
    /// A value that is neither a trit nor a number in any radix.
    #[error(
        "{label}: `{value}` is neither a trit (-1 0 +1, F X T, false unknown true) nor a number (162, -94, 0x5A, 0b10x1, 0t1T0): {reason}"
    )]
    NotAValue {
        /// The label it was given to.
        label: String,
        /// The value as written.
        value: String,
        /// Why it is not a number.
        reason: NumberError,
    },
    /// A label given twice.
    #[error("`{label}` is set twice in one batch")]
    Twice {
        /// The label.
        label: String,
    },
}

/// Parses `NAME=VALUE[,NAME=VALUE...]`, the notation of `tritium sim --set` and of the app's
/// forms (`A=-1, B=+1, BUS=0x5A`): labels and values in the order given, each label at most
/// once, each value a trit or a number of some radix (kept as [`Literal::Text`]). Whether the
/// labels exist and the values fit is the circuit's business ([`Literal::resolve`]).
///
/// # Errors
/// [`AssignmentError`] naming the malformed item, the value that is not a trit or a number,
/// or the label given twice.
pub fn parse_assignments(text: &str) -> Result<Vec<(String, Literal)>, AssignmentError> {
    let mut batch: Vec<(String, Literal)> = Vec::new();
    for item in text.split(',').map(str::trim) {
        let Some((label, value)) = item.split_once('=') else {
            return Err(AssignmentError::NotAssignment {
                item: item.to_owned(),
            });
        };
        let (label, value) = (label.trim(), value.trim());
        if label.is_empty() {
            return Err(AssignmentError::NoLabel {
                item: item.to_owned(),
            });
        }
        if value.parse::<Trit>().is_err()
            && let Err(reason) = number::parse(value, 64)
        {
            return Err(AssignmentError::NotAValue {
                label: label.to_owned(),
                value: value.to_owned(),
                reason,
            });
        }
        if batch.iter().any(|(seen, _)| seen == label) {
            return Err(AssignmentError::Twice {
                label: label.to_owned(),
            });
        }
        batch.push((label.to_owned(), Literal::Text(value.to_owned())));
    }
    Ok(batch)
}

/// The label of bit `i` of bus `name`: `name[i]`.
pub fn bit_label(name: &str, i: usize) -> String {
    format!("{name}[{i}]")
}

/// Why a [`Literal`] is not a value for its target ([`Literal::resolve`]). The messages are
/// the ones commands and files show after the offending name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LiteralError {
    /// `true`/`false` given for a bus.
    #[error(
        "`{}` is a truth value, but this is a bus of {width} trits: write a number",
        excerpt(literal)
    )]
    TruthValueForBus {
        /// The literal as written.
        literal: String,
        /// The bus's width in trits.
        width: usize,
    },
    /// An integer other than −1, 0 or 1 given for a node.
    #[error("`{value}` is not a trit (-1, 0 or 1)")]
    NotATrit {
        /// The integer.
        value: i128,
    },
    /// A text that names no trit given for a node.
    #[error("`{}` is not a trit (-1, 0, +1, F, X, T, false, true)", excerpt(text))]
    NotATritText {
        /// The text.
        text: String,
    },
    /// A trit's name given for a bus.
    #[error(
        "`{}` is a trit, but this is a bus of {width} trits: write a number",
        excerpt(literal)
    )]
    TritForBus {
        /// The literal as written.
        literal: String,
        /// The bus's width in trits.
        width: usize,
    },
    /// Not a number of the bus's width (see [`number::parse`] and [`number::from_int`]).
    #[error(transparent)]
    Number(NumberError),
}
