//! Bus values as numbers: printing and parsing the value of a *bus*, a slice of trits read as
//! one number (bit 0 is the least significant, width 1..=64).
//!
//! A bus is read two ways. As **binary**, each trit is a bit: −1 (false) is the digit `0`, +1
//! (true) the digit `1`, and 0 (unknown) an unknown digit `x` — the reading of wires that carry
//! two-valued logic with an "unknown" state. As **balanced ternary**, each trit is a digit of
//! weight 3^i: −1 is written `T`, 0 is `0` and +1 is `1`, so every trit is known and 0 is simply
//! the digit zero. Balanced ternary is the number system of the Setun computer, built by Nikolay
//! Brusentsov's group at Moscow State University in 1958: it has no sign digit, negation flips
//! every digit, and rounding is truncation.
//!
//! | [`Radix`] | example (8-bit bus) | printed                                              | unknown bits              |
//! |-------------|---------------------|------------------------------------------------------|---------------------------|
//! | `Bin`       | `0b1010_0010`       | `0b`, exactly *width* digits `0` `1` `x`, MSB first  | `x` (parse: `x` `X` `?`)  |
//! | `Hex`       | `0xA2`, `0x5?`      | `0x`, ⌈*width*/4⌉ uppercase digits, MSB first        | `?` for the whole digit (parse: `?` `x` `X`) |
//! | `Unsigned`  | `162`               | decimal                                              | printed as `Bin`          |
//! | `Signed`    | `-94`               | two's-complement decimal                             | printed as `Bin`          |
//! | `Ternary`   | `0t1T0` (= 6)       | `0t`, exactly *width* digits `T` `0` `1`, MSB first  | none: unknown is digit `0` |
//!
//! [`parse`] takes a literal of any radix whatever the bus's display radix: the prefix decides
//! (`0b`, `0x`, `0t`, in either case; none means decimal, with an optional `-` or `+`).
//! [`parse_in`] reads a literal for a bus shown in a given radix, where a decimal means what
//! that radix reads: on a [`Radix::Ternary`] bus the balanced-ternary value (range
//! ±(3^width − 1)/2), on any other unsigned or two's complement as [`parse`] reads it.
//! Surrounding whitespace is ignored; `_` may separate digits anywhere after the prefix or sign.
//! Fewer digits than the bus is wide are fine: missing high bits are `0` (false) in binary, hex
//! and decimal, and missing high ternary digits are `0` (unknown). Leading zero digits beyond the
//! width are fine too; a number that needs more bits than the bus has is an error naming both,
//! as is a malformed literal (naming the character and its position) and an empty one. A decimal
//! literal is checked like [`from_int`]: non-negative values must fit unsigned, negative ones
//! two's complement.
//!
//! ```
//! use sim_core::number::{self, Radix};
//! use sim_core::Trit;
//!
//! let bits = number::parse("0x5A", 8)?;
//! assert_eq!(bits[1], Trit::True); // bit 1 of 0b0101_1010
//! assert_eq!(number::format(&bits, Radix::Bin), "0b01011010");
//! assert_eq!(number::format(&bits, Radix::Unsigned), "90");
//!
//! let bits = number::parse("0b1x10_0010", 8)?; // bit 6 unknown
//! assert_eq!(number::format(&bits, Radix::Hex), "0x?2");
//! assert_eq!(number::format(&bits, Radix::Signed), "0b1x100010"); // not a number: binary
//!
//! let trits = number::from_balanced(6, 3)?;
//! assert_eq!(number::format(&trits, Radix::Ternary), "0t1T0"); // 9 − 3 + 0
//! assert_eq!(number::to_balanced(&number::parse("0t1T0", 3)?), 6);
//!
//! let err = number::parse("0x1FF", 8).expect_err("9 bits");
//! assert_eq!(err.to_string(), "`0x1FF` needs 9 trits but the bus is 8 trits wide");
//! # Ok::<(), number::NumberError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Trit;

/// The widest bus, in bits (or trits).
pub const MAX_WIDTH: usize = 64;

/// The most characters of an offending text an error message echoes ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// `text` as an error message echoes it: whole if it has at most [`EXCERPT_CHARS`]
/// characters, else its first [`EXCERPT_CHARS`] characters and `…`, so a 3 MB word in a file
/// still gives a one-line message.
///
/// ```
/// use sim_core::number::excerpt;
///
/// assert_eq!(excerpt("0x5A"), "0x5A");
/// assert_eq!(excerpt(&"f".repeat(3_000_000)), format!("{}…", "f".repeat(40)));
/// ```
#[must_use]
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// How a bus value is written; see the [module documentation](self) for the syntax.
///
/// Serialized as a unit variant (`radix: Hex` in RON, `"Hex"` in JSON). The default is `Hex`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Radix {
    /// Binary, `0b10x1`: one digit per bit, `x` for an unknown bit.
    Bin,
    /// Hexadecimal, `0x5?`: a digit holding any unknown bit is `?`.
    #[default]
    Hex,
    /// Unsigned decimal, `162`; binary when any bit is unknown.
    Unsigned,
    /// Two's-complement signed decimal, `-94`; binary when any bit is unknown.
    Signed,
    /// Balanced ternary, `0t1T0`: one digit `T`/`0`/`1` per trit, unknown is the digit `0`.
    Ternary,
}

impl Radix {
    /// Every radix, in menu order.
    pub const ALL: [Radix; 5] = [
        Radix::Bin,
        Radix::Hex,
        Radix::Unsigned,
        Radix::Signed,
        Radix::Ternary,
    ];

    /// The short lowercase name: `bin`, `hex`, `unsigned`, `signed` or `ternary` (what
    /// [`Display`](fmt::Display) prints and [`FromStr`] reads).
    pub const fn name(self) -> &'static str {
        match self {
            Radix::Bin => "bin",
            Radix::Hex => "hex",
            Radix::Unsigned => "unsigned",
            Radix::Signed => "signed",
            Radix::Ternary => "ternary",
        }
    }
}

impl fmt::Display for Radix {
    /// Formats as [`Radix::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Radix {
    type Err = NumberError;

    /// Reads a [`Radix::name`] or an alias, case-insensitive and trimmed: `binary`,
    /// `hexadecimal`, `dec`/`decimal` (unsigned), `twos`/`two's` (signed), `bt`/`balanced-ternary`.
    fn from_str(s: &str) -> Result<Radix, NumberError> {
        let name = s.trim();
        Ok(match name.to_ascii_lowercase().as_str() {
            "bin" | "binary" => Radix::Bin,
            "hex" | "hexadecimal" => Radix::Hex,
            "unsigned" | "dec" | "decimal" => Radix::Unsigned,
            "signed" | "twos" | "two's" => Radix::Signed,
            "ternary" | "bt" | "balanced-ternary" => Radix::Ternary,
            _ => {
                return Err(NumberError::UnknownRadix {
                    name: name.to_owned(),
                });
            }
        })
    }
}

/// A bus value could not be parsed or does not fit its bus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// The bus width is outside 1..=64.
    #[error("bus width {width} is outside 1..={MAX_WIDTH}")]
    InvalidWidth {
        /// The width asked for.
        width: usize,
    },
    /// The literal is empty (or only whitespace).
    #[error("empty number (expected e.g. 0b1010, 0x5A, 162, -94 or 0t1T0)")]
    Empty,
    /// The literal has a prefix or sign but no digit, like `0x` or `-`.
    #[error("`{}` has no digits", excerpt(literal))]
    NoDigits {
        /// The literal, trimmed.
        literal: String,
    },
    /// A character that is not a digit of the literal's radix.
    #[error(
        "`{}`: `{found}` at position {position} is not {expected}",
        excerpt(literal)
    )]
    BadDigit {
        /// The literal, trimmed.
        literal: String,
        /// The offending character.
        found: char,
        /// Its position in the trimmed literal, in characters, counting from 1.
        position: usize,
        /// What was expected there, e.g. "a binary digit (0, 1, x or ?)".
        expected: &'static str,
    },
    /// The number needs more bits than the bus has.
    #[error(
        "`{}` needs {needs} trits but the bus is {width} trits wide",
        excerpt(literal)
    )]
    TooWide {
        /// The literal, trimmed (or the integer, for [`from_int`]).
        literal: String,
        /// The fewest bits that hold it (two's complement for a negative number).
        needs: usize,
        /// The bus width.
        width: usize,
    },
    /// A decimal literal beyond the 128-bit integers: far too wide for any bus.
    #[error(
        "`{}` is beyond the 128-bit integers, far too wide for a bus of {width} trits",
        excerpt(literal)
    )]
    TooLarge {
        /// The literal, trimmed.
        literal: String,
        /// The bus width.
        width: usize,
    },
    /// A balanced-ternary number needs more trits than the bus has.
    #[error(
        "`{}` needs {needs} trits but the bus is {width} trits wide",
        excerpt(literal)
    )]
    TooManyTrits {
        /// The literal, trimmed (or the integer, for [`from_balanced`]).
        literal: String,
        /// The fewest balanced-ternary digits that hold it.
        needs: usize,
        /// The bus width.
        width: usize,
    },
    /// A decimal for a balanced-ternary bus outside the range the bus holds.
    #[error(
        "`{}` is outside -{max}..={max}, the range of a {width}-trit balanced-ternary bus",
        excerpt(literal)
    )]
    OutOfBalancedRange {
        /// The literal, trimmed.
        literal: String,
        /// The largest value the bus holds, (3^width − 1)/2; the smallest is its negation.
        max: i128,
        /// The bus width, in trits.
        width: usize,
    },
    /// [`Radix::from_str`] was given something else than a radix name.
    #[error(
        "`{}` is not a radix (expected bin, hex, unsigned, signed or ternary)",
        excerpt(name)
    )]
    UnknownRadix {
        /// The name given, trimmed.
        name: String,
    },
}

/// Formats `bits` (least significant first) in `radix`; see the
/// [module documentation](self) for the syntax.
///
/// `Bin` and `Ternary` print exactly one digit per trit and `Hex` ⌈len/4⌉ digits, so the width
/// shows. `Unsigned` and `Signed` print the binary form when any bit is unknown (or, for slices
/// wider than 64, when the value does not fit 64 bits). An empty slice prints as zero (`0b0`,
/// `0x0`, `0`, `0t0`).
pub fn format(bits: &[Trit], radix: Radix) -> String {
    match radix {
        Radix::Bin => format_bin(bits),
        Radix::Hex => format_hex(bits),
        Radix::Unsigned => to_unsigned(bits).map_or_else(|| format_bin(bits), |v| v.to_string()),
        Radix::Signed => to_signed(bits).map_or_else(|| format_bin(bits), |v| v.to_string()),
        Radix::Ternary => format_ternary(bits),
    }
}

/// [`format()`] for people: a balanced-ternary value is followed by its decimal value,
/// `0t0T1110 (-42)`; every other radix prints as [`format()`] prints it (its decimal forms are
/// numbers already).
pub fn format_readable(bits: &[Trit], radix: Radix) -> String {
    let text = format(bits, radix);
    match radix {
        Radix::Ternary => format!("{text} ({})", to_balanced(bits)),
        _ => text,
    }
}

fn format_bin(bits: &[Trit]) -> String {
    let mut s = String::with_capacity(bits.len().max(1) + 2);
    s.push_str("0b");
    if bits.is_empty() {
        s.push('0');
    }
    s.extend(bits.iter().rev().map(|&b| match b {
        Trit::False => '0',
        Trit::Unknown => 'x',
        Trit::True => '1',
    }));
    s
}

fn format_hex(bits: &[Trit]) -> String {
    let mut s = String::with_capacity(bits.len().div_ceil(4).max(1) + 2);
    s.push_str("0x");
    if bits.is_empty() {
        s.push('0');
    }
    for nibble in bits.chunks(4).rev() {
        let value = nibble.iter().rev().try_fold(0u32, |acc, &b| match b {
            Trit::False => Some(acc << 1),
            Trit::True => Some(acc << 1 | 1),
            Trit::Unknown => None,
        });
        s.push(
            value
                .and_then(|v| char::from_digit(v, 16))
                .map_or('?', |c| c.to_ascii_uppercase()),
        );
    }
    s
}

fn format_ternary(trits: &[Trit]) -> String {
    let mut s = String::with_capacity(trits.len().max(1) + 2);
    s.push_str("0t");
    if trits.is_empty() {
        s.push('0');
    }
    s.extend(trits.iter().rev().map(|&t| match t {
        Trit::False => 'T',
        Trit::Unknown => '0',
        Trit::True => '1',
    }));
    s
}

/// Parses `text` as the value of a bus of `width` bits (1..=64), returned least significant
/// first; see the [module documentation](self) for the syntax.
///
/// The prefix decides the radix (`0b`, `0x`, `0t`, or decimal), whatever radix the bus is
/// displayed in. Binary, hexadecimal and decimal digits give bits (`0` is [`Trit::False`], an
/// unknown digit [`Trit::Unknown`]); `0t` digits give trits, where `0` is [`Trit::Unknown`].
///
/// # Errors
///
/// [`NumberError::InvalidWidth`] for a width outside 1..=64, [`NumberError::Empty`],
/// [`NumberError::NoDigits`] and [`NumberError::BadDigit`] for malformed literals, and
/// [`NumberError::TooWide`], [`NumberError::TooLarge`] or [`NumberError::TooManyTrits`] for a
/// number the bus cannot hold.
pub fn parse(text: &str, width: usize) -> Result<Vec<Trit>, NumberError> {
    check_width(width)?;
    let literal = text.trim();
    if literal.is_empty() {
        return Err(NumberError::Empty);
    }
    let mut chars = literal.chars();
    let prefix = match (chars.next(), chars.next()) {
        (Some('0'), Some(p)) => p.to_ascii_lowercase(),
        _ => 'd',
    };
    match prefix {
        'b' => parse_bin(literal, width),
        'x' => parse_hex(literal, width),
        't' => parse_ternary(literal, width),
        _ => parse_decimal(literal, width),
    }
}

/// Parses `text` as the value of a bus of `width` trits (1..=64) shown in `radix`, returned
/// least significant first: as [`parse`], except that a decimal (a literal without a `0b`,
/// `0x` or `0t` prefix) typed for a [`Radix::Ternary`] bus is its balanced-ternary value, so
/// `5` on a 6-trit bus is `0t0001TT` (9 − 3 − 1) and `-42` is `0t0T1110` (−81 + 27 + 9 + 3),
/// which the bus then shows back as 5 and −42. Every other literal reads as [`parse`] reads it.
///
/// # Errors
///
/// As [`parse`]; a decimal for a balanced-ternary bus outside ±(3^width − 1)/2 is
/// [`NumberError::OutOfBalancedRange`], naming that range.
pub fn parse_in(text: &str, width: usize, radix: Radix) -> Result<Vec<Trit>, NumberError> {
    check_width(width)?;
    let literal = text.trim();
    let prefixed = literal.len() >= 2
        && literal.starts_with('0')
        && literal[1..].starts_with(|c: char| matches!(c.to_ascii_lowercase(), 'b' | 'x' | 't'));
    if radix != Radix::Ternary || literal.is_empty() || prefixed {
        return parse(text, width);
    }
    let value = decimal_value(literal, width)?;
    from_balanced(value, width).map_err(|_| NumberError::OutOfBalancedRange {
        literal: literal.to_owned(),
        max: balanced_max(width),
        width,
    })
}

/// The largest value `width` balanced-ternary trits hold, (3^width − 1)/2 (the smallest is its
/// negation); exact for every width up to 80.
pub fn balanced_max(width: usize) -> i128 {
    (0..width).fold(0i128, |max, _| max.saturating_mul(3).saturating_add(1))
}

/// The digits of `literal` after its first `skip` characters, read by `digit`, least
/// significant first, without `_` separators. The first character (from the left) that `digit`
/// rejects is a [`NumberError::BadDigit`]; no digit at all is [`NumberError::NoDigits`].
fn digits<D>(
    literal: &str,
    skip: usize,
    expected: &'static str,
    digit: impl Fn(char) -> Option<D>,
) -> Result<Vec<D>, NumberError> {
    let mut digits = Vec::with_capacity(literal.len());
    for (i, c) in literal.chars().enumerate().skip(skip) {
        if c == '_' {
            continue;
        }
        match digit(c) {
            Some(d) => digits.push(d),
            None => return Err(bad_digit(literal, c, i + 1, expected)),
        }
    }
    if digits.is_empty() {
        return Err(NumberError::NoDigits {
            literal: literal.to_owned(),
        });
    }
    digits.reverse();
    Ok(digits)
}

fn bad_digit(literal: &str, found: char, position: usize, expected: &'static str) -> NumberError {
    NumberError::BadDigit {
        literal: literal.to_owned(),
        found,
        position,
        expected,
    }
}

fn too_wide(literal: &str, needs: usize, width: usize) -> Result<(), NumberError> {
    if needs > width {
        return Err(NumberError::TooWide {
            literal: literal.to_owned(),
            needs,
            width,
        });
    }
    Ok(())
}

fn parse_bin(literal: &str, width: usize) -> Result<Vec<Trit>, NumberError> {
    const EXPECTED: &str = "a binary digit (0, 1, x or ?)";
    let digits = digits(literal, 2, EXPECTED, |c| match c {
        '0' => Some(Trit::False),
        '1' => Some(Trit::True),
        'x' | 'X' | '?' => Some(Trit::Unknown),
        _ => None,
    })?;
    let mut bits = vec![Trit::False; width];
    let mut needs = 0;
    for (i, bit) in digits.into_iter().enumerate() {
        if bit != Trit::False {
            needs = i + 1;
            if let Some(slot) = bits.get_mut(i) {
                *slot = bit;
            }
        }
    }
    too_wide(literal, needs, width)?;
    Ok(bits)
}

fn parse_hex(literal: &str, width: usize) -> Result<Vec<Trit>, NumberError> {
    const EXPECTED: &str = "a hexadecimal digit (0-9, A-F, ? or x)";
    // A digit is Some(value), or Some(None) for an unknown one.
    let digits = digits(literal, 2, EXPECTED, |c| match c {
        '?' | 'x' | 'X' => Some(None),
        _ => c.to_digit(16).map(Some),
    })?;
    let mut bits = vec![Trit::False; width];
    let mut needs = 0;
    for (k, value) in digits.into_iter().enumerate() {
        let low = k.saturating_mul(4);
        match value {
            Some(0) => {}
            Some(v) => needs = low.saturating_add((u32::BITS - v.leading_zeros()) as usize),
            None => needs = low.saturating_add(1),
        }
        for j in 0..4 {
            let Some(slot) = low.checked_add(j).and_then(|i| bits.get_mut(i)) else {
                break;
            };
            *slot = match value {
                Some(v) if v >> j & 1 == 1 => Trit::True,
                Some(_) => Trit::False,
                None => Trit::Unknown,
            };
        }
    }
    too_wide(literal, needs, width)?;
    Ok(bits)
}

fn parse_decimal(literal: &str, width: usize) -> Result<Vec<Trit>, NumberError> {
    let value = decimal_value(literal, width)?;
    int_bits(value, width).map_err(|needs| NumberError::TooWide {
        literal: literal.to_owned(),
        needs,
        width,
    })
}

/// The value of the decimal `literal` (an optional sign, then digits), for a bus of `width`.
fn decimal_value(literal: &str, width: usize) -> Result<i128, NumberError> {
    const EXPECTED: &str = "a decimal digit";
    let (negative, skip) = match literal.chars().next() {
        Some('-') => (true, 1),
        Some('+') => (false, 1),
        _ => (false, 0),
    };
    let digits = digits(literal, skip, EXPECTED, |c| c.to_digit(10))?;
    let mut magnitude: i128 = 0;
    let mut overflow = false;
    for d in digits.into_iter().rev() {
        match magnitude
            .checked_mul(10)
            .and_then(|m| m.checked_add(i128::from(d)))
        {
            Some(m) => magnitude = m,
            None => overflow = true,
        }
    }
    if overflow {
        return Err(NumberError::TooLarge {
            literal: literal.to_owned(),
            width,
        });
    }
    Ok(if negative { -magnitude } else { magnitude })
}

fn parse_ternary(literal: &str, width: usize) -> Result<Vec<Trit>, NumberError> {
    const EXPECTED: &str = "a balanced-ternary digit (T, 0 or 1)";
    let digits = digits(literal, 2, EXPECTED, |c| match c {
        'T' | 't' | '-' => Some(Trit::False),
        '0' => Some(Trit::Unknown),
        '1' | '+' => Some(Trit::True),
        _ => None,
    })?;
    let mut trits = vec![Trit::Unknown; width];
    let mut needs = 0;
    for (i, trit) in digits.into_iter().enumerate() {
        if trit != Trit::Unknown {
            needs = i + 1;
            if let Some(slot) = trits.get_mut(i) {
                *slot = trit;
            }
        }
    }
    if needs > width {
        return Err(NumberError::TooManyTrits {
            literal: literal.to_owned(),
            needs,
            width,
        });
    }
    Ok(trits)
}

fn check_width(width: usize) -> Result<(), NumberError> {
    if (1..=MAX_WIDTH).contains(&width) {
        Ok(())
    } else {
        Err(NumberError::InvalidWidth { width })
    }
}

/// `value` as `width` bits, or the number of bits it needs: unsigned for a non-negative value,
/// two's complement for a negative one.
fn int_bits(value: i128, width: usize) -> Result<Vec<Trit>, usize> {
    let needs = if value < 0 {
        // −2^(w−1) <= value: one bit more than the magnitude of !value = −value − 1.
        (i128::BITS - (!value).leading_zeros()) as usize + 1
    } else {
        (i128::BITS - value.leading_zeros()) as usize
    };
    if needs > width {
        return Err(needs);
    }
    // Two's complement: the bits of the u128 with the same representation.
    let raw = value.cast_unsigned();
    Ok((0..width).map(|i| Trit::from(raw >> i & 1 == 1)).collect())
}

/// An integer (say from a RON or JSON number) as `width` bits (1..=64), least significant first:
/// a non-negative value must fit unsigned (< 2^width), a negative one two's complement
/// (>= −2^(width−1)). So `from_int(255, 8)` and `from_int(-1, 8)` are both all ones.
///
/// # Errors
///
/// [`NumberError::InvalidWidth`] for a width outside 1..=64, [`NumberError::TooWide`] (with the
/// integer as the literal) for a value the bus cannot hold.
pub fn from_int(value: i128, width: usize) -> Result<Vec<Trit>, NumberError> {
    check_width(width)?;
    int_bits(value, width).map_err(|needs| NumberError::TooWide {
        literal: value.to_string(),
        needs,
        width,
    })
}

/// The unsigned value of `bits` (least significant first); `None` if any bit is unknown or the
/// value does not fit 64 bits. An empty slice is 0.
pub fn to_unsigned(bits: &[Trit]) -> Option<u64> {
    bits.iter()
        .enumerate()
        .try_fold(0u64, |acc, (i, &b)| match (b, i < 64) {
            (Trit::Unknown, _) | (Trit::True, false) => None,
            (Trit::False, _) => Some(acc),
            (Trit::True, true) => Some(acc | 1 << i),
        })
}

/// The two's-complement value of `bits` (least significant first, the last bit is the sign);
/// `None` if any bit is unknown or the value does not fit 64 bits. An empty slice is 0.
pub fn to_signed(bits: &[Trit]) -> Option<i64> {
    let Some(&sign) = bits.last() else {
        return Some(0);
    };
    if bits.iter().any(|b| !b.is_known()) {
        return None;
    }
    let len = bits.len();
    if len > 64 {
        // Fits only if bits 63.. all repeat the sign.
        if bits[63..].iter().any(|&b| b != sign) {
            return None;
        }
        return to_unsigned(&bits[..64]).map(u64::cast_signed);
    }
    let raw = to_unsigned(bits)?;
    // Sign-extend from bit len − 1.
    let shift = 64 - len as u32;
    Some((raw << shift).cast_signed() >> shift)
}

/// The balanced-ternary value Σ tᵢ·3ⁱ of `trits` (least significant first): always defined,
/// an unknown trit being the digit 0. Exact for up to 80 trits (every bus is at most 64 wide);
/// longer slices wrap around modulo 2^128.
pub fn to_balanced(trits: &[Trit]) -> i128 {
    trits.iter().rev().fold(0i128, |acc, &t| {
        acc.wrapping_mul(3).wrapping_add(i128::from(t.to_i8()))
    })
}

/// `value` as `width` balanced-ternary trits (1..=64), least significant first; the digit 0 is
/// [`Trit::Unknown`]. `from_balanced(6, 3)` is `1T0` (9 − 3 + 0), i.e.
/// `[Unknown, False, True]`.
///
/// # Errors
///
/// [`NumberError::InvalidWidth`] for a width outside 1..=64, [`NumberError::TooManyTrits`] (with
/// the integer as the literal) if |value| > (3^width − 1)/2.
pub fn from_balanced(value: i128, width: usize) -> Result<Vec<Trit>, NumberError> {
    check_width(width)?;
    let mut trits = Vec::with_capacity(width);
    let mut rest = value;
    while rest != 0 {
        // rest = 3q + r with r in 0..3; the digit 2 is 3 − 1, a carry and the digit −1.
        let (mut q, r) = (rest.div_euclid(3), rest.rem_euclid(3));
        let digit = if r == 2 {
            q += 1;
            Trit::False
        } else if r == 1 {
            Trit::True
        } else {
            Trit::Unknown
        };
        trits.push(digit);
        rest = q;
    }
    if trits.len() > width {
        return Err(NumberError::TooManyTrits {
            literal: value.to_string(),
            needs: trits.len(),
            width,
        });
    }
    trits.resize(width, Trit::Unknown);
    Ok(trits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const F: Trit = Trit::False;
    const U: Trit = Trit::Unknown;
    const T: Trit = Trit::True;

    fn bits_of(value: u64, width: usize) -> Vec<Trit> {
        (0..width)
            .map(|i| Trit::from(value >> i & 1 == 1))
            .collect()
    }

    #[test]
    fn radix_names_round_trip_and_aliases_are_read() {
        for radix in Radix::ALL {
            assert_eq!(radix.name().parse::<Radix>(), Ok(radix));
            assert_eq!(radix.to_string(), radix.name());
            assert_eq!(radix.name().to_uppercase().parse::<Radix>(), Ok(radix));
        }
        for (name, radix) in [
            ("binary", Radix::Bin),
            ("Hexadecimal", Radix::Hex),
            ("dec", Radix::Unsigned),
            ("decimal", Radix::Unsigned),
            ("twos", Radix::Signed),
            ("Two's", Radix::Signed),
            ("bt", Radix::Ternary),
            (" balanced-ternary ", Radix::Ternary),
        ] {
            assert_eq!(name.parse::<Radix>(), Ok(radix), "{name}");
        }
        let err = "octal".parse::<Radix>().expect_err("not a radix");
        assert_eq!(
            err.to_string(),
            "`octal` is not a radix (expected bin, hex, unsigned, signed or ternary)"
        );
        assert_eq!(Radix::default(), Radix::Hex);
    }

    #[test]
    fn radix_serializes_as_a_unit_variant() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Probe {
            radix: Radix,
        }
        let text = ron::to_string(&Probe { radix: Radix::Hex }).expect("serializes");
        assert_eq!(text, "(radix:Hex)");
        for radix in Radix::ALL {
            let text = ron::to_string(&Probe { radix }).expect("serializes");
            assert_eq!(ron::from_str::<Probe>(&text), Ok(Probe { radix }));
        }
        assert_eq!(
            ron::from_str::<Probe>("(radix: Ternary)"),
            Ok(Probe {
                radix: Radix::Ternary
            })
        );
    }

    #[test]
    fn known_values_format_as_the_issue_says() {
        assert_eq!(format(&bits_of(107, 8), Radix::Unsigned), "107");
        assert_eq!(format(&bits_of(107, 8), Radix::Bin), "0b01101011");
        assert_eq!(format(&bits_of(107, 8), Radix::Hex), "0x6B");
        assert_eq!(format(&bits_of(0xA2, 8), Radix::Signed), "-94");
        assert_eq!(format(&bits_of(0xA2, 8), Radix::Unsigned), "162");
        assert_eq!(format(&bits_of(0xA2, 8), Radix::Hex), "0xA2");
        // 0x5? : the low nibble holds an unknown bit.
        let mut bits = bits_of(0x5A, 8);
        bits[1] = U;
        assert_eq!(format(&bits, Radix::Hex), "0x5?");
        assert_eq!(format(&bits, Radix::Bin), "0b010110x0");
        assert_eq!(format(&bits, Radix::Unsigned), "0b010110x0");
        assert_eq!(format(&bits, Radix::Signed), "0b010110x0");
        let six = from_balanced(6, 3).expect("fits");
        assert_eq!(six, [U, F, T]);
        assert_eq!(format(&six, Radix::Ternary), "0t1T0");
        // Widths that are not a multiple of four print the top hex digit short.
        assert_eq!(format(&bits_of(0b1_1111, 5), Radix::Hex), "0x1F");
        assert_eq!(format(&[U], Radix::Hex), "0x?");
        assert_eq!(
            format(&bits_of(u64::MAX, 64), Radix::Unsigned),
            u64::MAX.to_string()
        );
        assert_eq!(
            format(&bits_of(1 << 63, 64), Radix::Signed),
            i64::MIN.to_string()
        );
        assert_eq!(format(&[T], Radix::Signed), "-1");
        for radix in Radix::ALL {
            assert!(format(&[], radix).ends_with('0'), "{radix}");
        }
    }

    #[test]
    fn parse_reads_every_radix_whatever_the_display() {
        let a2 = bits_of(0xA2, 8);
        for text in [
            "0xA2",
            "0xa2",
            "0Xa_2",
            "0b1010_0010",
            "0B10100010",
            "162",
            "+162",
            "-94",
        ] {
            assert_eq!(parse(text, 8), Ok(a2.clone()), "{text}");
        }
        assert_eq!(parse("  0x5?  ", 8), Ok(vec![U, U, U, U, T, F, T, F]));
        assert_eq!(parse("0b10x1", 4), Ok(vec![T, U, F, T]));
        assert_eq!(parse("0b1?X", 4), Ok(vec![U, U, T, F]));
        // Fewer digits than the width: high bits are 0 (false); leading zeros beyond it are fine.
        assert_eq!(parse("0b1", 3), Ok(vec![T, F, F]));
        assert_eq!(parse("0x0001", 3), Ok(vec![T, F, F]));
        assert_eq!(parse("0", 2), Ok(vec![F, F]));
        assert_eq!(parse("-0", 2), Ok(vec![F, F]));
        // Only the top hex digit's bits within the width become unknown.
        assert_eq!(parse("0x?F", 6), Ok(vec![T, T, T, T, U, U]));
        assert_eq!(parse("0x?", 2), Ok(vec![U, U]));
        // Decimal range as from_int: unsigned or two's complement.
        assert_eq!(parse("255", 8), Ok(bits_of(255, 8)));
        assert_eq!(parse("-128", 8), Ok(bits_of(0x80, 8)));
        assert_eq!(parse("-1", 1), Ok(vec![T]));
        assert_eq!(parse("18446744073709551615", 64), Ok(bits_of(u64::MAX, 64)));
        assert_eq!(parse("-9223372036854775808", 64), Ok(bits_of(1 << 63, 64)));
        // Balanced ternary: the digit 0 (and padding) is Unknown.
        assert_eq!(parse("0t1T0", 3), Ok(vec![U, F, T]));
        assert_eq!(parse("0t+-", 4), Ok(vec![F, T, U, U]));
        assert_eq!(parse("0Tt_1", 2), Ok(vec![T, F]));
        assert_eq!(parse("0t000T", 1), Ok(vec![F]));
    }

    #[test]
    fn errors_name_the_literal_and_what_is_wrong() {
        let msg = |text: &str, width: usize| parse(text, width).expect_err("an error").to_string();
        // Wider than the bus.
        assert_eq!(
            msg("0x1FF", 8),
            "`0x1FF` needs 9 trits but the bus is 8 trits wide"
        );
        assert_eq!(
            msg("0b1_0000", 4),
            "`0b1_0000` needs 5 trits but the bus is 4 trits wide"
        );
        assert_eq!(
            msg("0x??", 4),
            "`0x??` needs 5 trits but the bus is 4 trits wide"
        );
        assert_eq!(
            msg("0bx00", 2),
            "`0bx00` needs 3 trits but the bus is 2 trits wide"
        );
        assert_eq!(
            msg("256", 8),
            "`256` needs 9 trits but the bus is 8 trits wide"
        );
        assert_eq!(
            msg("-129", 8),
            "`-129` needs 9 trits but the bus is 8 trits wide"
        );
        assert_eq!(
            msg("0t1T0", 2),
            "`0t1T0` needs 3 trits but the bus is 2 trits wide"
        );
        assert_eq!(
            msg("1000000000000000000000000000000000000000", 64),
            "`1000000000000000000000000000000000000000` is beyond the 128-bit integers, far too wide for a bus of 64 trits"
        );
        // Malformed: the character and its position (1-based, in the trimmed literal).
        assert_eq!(
            msg("0b10z1", 4),
            "`0b10z1`: `z` at position 5 is not a binary digit (0, 1, x or ?)"
        );
        assert_eq!(
            msg(" 0x5G ", 8),
            "`0x5G`: `G` at position 4 is not a hexadecimal digit (0-9, A-F, ? or x)"
        );
        assert_eq!(
            msg("12a", 8),
            "`12a`: `a` at position 3 is not a decimal digit"
        );
        assert_eq!(
            msg("-0x5", 8),
            "`-0x5`: `x` at position 3 is not a decimal digit"
        );
        assert_eq!(
            msg("1 2", 8),
            "`1 2`: ` ` at position 2 is not a decimal digit"
        );
        assert_eq!(
            msg("0t1é2", 8),
            "`0t1é2`: `é` at position 4 is not a balanced-ternary digit (T, 0 or 1)"
        );
        // Empty, or a prefix without digits.
        assert_eq!(parse("", 8), Err(NumberError::Empty));
        assert_eq!(parse(" \t", 8), Err(NumberError::Empty));
        assert!(msg("", 8).starts_with("empty number"));
        assert_eq!(msg("0x", 8), "`0x` has no digits");
        assert_eq!(msg("0b__", 8), "`0b__` has no digits");
        assert_eq!(msg("-", 8), "`-` has no digits");
        // Width.
        assert_eq!(msg("0", 0), "bus width 0 is outside 1..=64");
        assert_eq!(parse("0", 65), Err(NumberError::InvalidWidth { width: 65 }));
        assert_eq!(from_int(0, 0), Err(NumberError::InvalidWidth { width: 0 }));
        assert_eq!(
            from_balanced(0, 65),
            Err(NumberError::InvalidWidth { width: 65 })
        );
    }

    #[test]
    fn from_int_takes_unsigned_or_twos_complement() {
        assert_eq!(from_int(255, 8), Ok(bits_of(255, 8)));
        assert_eq!(from_int(-1, 8), Ok(bits_of(255, 8)));
        assert_eq!(from_int(-128, 8), Ok(bits_of(0x80, 8)));
        assert_eq!(from_int(0, 1), Ok(vec![F]));
        assert_eq!(
            from_int(i128::from(u64::MAX), 64),
            Ok(bits_of(u64::MAX, 64))
        );
        assert_eq!(from_int(i128::from(i64::MIN), 64), Ok(bits_of(1 << 63, 64)));
        assert_eq!(
            from_int(256, 8).map_err(|e| e.to_string()),
            Err("`256` needs 9 trits but the bus is 8 trits wide".to_owned())
        );
        assert_eq!(
            from_int(-129, 8),
            Err(NumberError::TooWide {
                literal: "-129".to_owned(),
                needs: 9,
                width: 8
            })
        );
        assert!(matches!(
            from_int(i128::MIN, 64),
            Err(NumberError::TooWide { needs: 128, .. })
        ));
        assert!(matches!(
            from_int(i128::MAX, 64),
            Err(NumberError::TooWide { needs: 127, .. })
        ));
        for width in 1..=MAX_WIDTH {
            let top = 1i128 << width;
            let bottom = -(1i128 << (width - 1));
            assert!(from_int(top - 1, width).is_ok() && from_int(bottom, width).is_ok());
            assert!(
                matches!(from_int(top, width), Err(NumberError::TooWide { needs, .. }) if needs == width + 1)
            );
            assert!(
                matches!(from_int(bottom - 1, width), Err(NumberError::TooWide { needs, .. }) if needs == width + 1)
            );
        }
    }

    #[test]
    fn integer_values_of_a_bus() {
        assert_eq!(to_unsigned(&bits_of(0xA2, 8)), Some(162));
        assert_eq!(to_signed(&bits_of(0xA2, 8)), Some(-94));
        assert_eq!(to_signed(&bits_of(0x7F, 8)), Some(127));
        assert_eq!(to_unsigned(&[T, U]), None);
        assert_eq!(to_signed(&[T, U]), None);
        assert_eq!(to_unsigned(&[]), Some(0));
        assert_eq!(to_signed(&[]), Some(0));
        // Wider than 64: defined when the value fits.
        let mut wide = bits_of(5, 64);
        wide.extend([F; 6]);
        assert_eq!(to_unsigned(&wide), Some(5));
        assert_eq!(to_signed(&wide), Some(5));
        wide.push(T);
        assert_eq!(to_unsigned(&wide), None);
        assert_eq!(to_signed(&wide), None);
        assert_eq!(to_signed(&[T; 70]), Some(-1));
        // Balanced ternary.
        assert_eq!(to_balanced(&[U, F, T]), 6);
        assert_eq!(to_balanced(&[]), 0);
        let max = (3i128.pow(64) - 1) / 2;
        assert_eq!(to_balanced(&[T; 64]), max);
        assert_eq!(to_balanced(&[F; 64]), -max);
        assert_eq!(from_balanced(max, 64), Ok(vec![T; 64]));
        assert_eq!(from_balanced(-max, 64), Ok(vec![F; 64]));
        assert_eq!(from_balanced(-6, 3), Ok(vec![U, T, F]));
        assert_eq!(
            from_balanced(max + 1, 64).map_err(|e| e.to_string()),
            Err(format!(
                "`{}` needs 65 trits but the bus is 64 trits wide",
                max + 1
            ))
        );
        assert_eq!(
            from_balanced(5, 2), // 1TT
            Err(NumberError::TooManyTrits {
                literal: "5".to_owned(),
                needs: 3,
                width: 2
            })
        );
        for value in [i128::MIN, i128::MAX] {
            assert!(matches!(
                from_balanced(value, 64),
                Err(NumberError::TooManyTrits { .. })
            ));
        }
    }

    #[test]
    fn decimals_for_a_ternary_bus_are_balanced_ternary() {
        // Every value of a 4-trit bus, ±40, reads back as itself and prints as its digits.
        let max = balanced_max(4);
        assert_eq!(max, 40);
        for value in -max..=max {
            let trits = parse_in(&value.to_string(), 4, Radix::Ternary).expect("in range");
            assert_eq!(to_balanced(&trits), value);
            assert_eq!(trits, from_balanced(value, 4).expect("in range"));
            assert_eq!(
                format_readable(&trits, Radix::Ternary),
                format!("{} ({value})", format(&trits, Radix::Ternary))
            );
        }
        // The issue's two numbers on a 6-trit bus.
        let five = parse_in("5", 6, Radix::Ternary).expect("fits");
        assert_eq!(format(&five, Radix::Ternary), "0t0001TT");
        let minus_42 = parse_in(" -42 ", 6, Radix::Ternary).expect("fits");
        assert_eq!(format_readable(&minus_42, Radix::Ternary), "0t0T1110 (-42)");
        // The range edges: ±(3^n − 1)/2 fit, one past is refused naming the range.
        assert_eq!(parse_in("364", 6, Radix::Ternary), Ok(vec![T; 6]));
        assert_eq!(parse_in("-364", 6, Radix::Ternary), Ok(vec![F; 6]));
        assert_eq!(
            parse_in("365", 6, Radix::Ternary).map_err(|e| e.to_string()),
            Err(
                "`365` is outside -364..=364, the range of a 6-trit balanced-ternary bus"
                    .to_owned()
            )
        );
        assert_eq!(
            parse_in("-365", 6, Radix::Ternary),
            Err(NumberError::OutOfBalancedRange {
                literal: "-365".to_owned(),
                max: 364,
                width: 6
            })
        );
        assert_eq!(parse_in("1", 1, Radix::Ternary), Ok(vec![T]));
        assert!(parse_in("2", 1, Radix::Ternary).is_err());
        assert_eq!(balanced_max(64), (3i128.pow(64) - 1) / 2);
        // Prefixed literals read as parse reads them, whatever the bus's radix; a short 0t
        // literal pads with the digit 0.
        assert_eq!(parse_in("0t1T", 4, Radix::Ternary), Ok(vec![F, T, U, U]));
        assert_eq!(parse_in("0b101", 3, Radix::Ternary), parse("0b101", 3));
        assert_eq!(parse_in("0x5", 3, Radix::Ternary), parse("0x5", 3));
        // A binary bus keeps unsigned and two's-complement decimals.
        for radix in [Radix::Bin, Radix::Hex, Radix::Unsigned, Radix::Signed] {
            assert_eq!(parse_in("5", 6, radix), parse("5", 6), "{radix}");
            assert_eq!(parse_in("-5", 6, radix), parse("-5", 6), "{radix}");
            assert_eq!(format_readable(&five, radix), format(&five, radix));
        }
        // Malformed or empty text says so as parse does.
        assert_eq!(parse_in("", 6, Radix::Ternary), Err(NumberError::Empty));
        assert!(matches!(
            parse_in("4a", 6, Radix::Ternary),
            Err(NumberError::BadDigit { found: 'a', .. })
        ));
        assert_eq!(
            parse_in("1", 0, Radix::Ternary),
            Err(NumberError::InvalidWidth { width: 0 })
        );
    }

    fn trit() -> impl Strategy<Value = Trit> {
        prop_oneof![Just(F), Just(U), Just(T)]
    }

    fn known() -> impl Strategy<Value = Trit> {
        any::<bool>().prop_map(Trit::from)
    }

    fn bus(element: impl Strategy<Value = Trit>) -> impl Strategy<Value = Vec<Trit>> {
        proptest::collection::vec(element, 1..=MAX_WIDTH)
    }

    /// What hex keeps of a bus: a nibble holding any unknown bit becomes all unknown.
    fn hex_blur(bits: &[Trit]) -> Vec<Trit> {
        bits.chunks(4)
            .flat_map(|nibble| {
                let unknown = nibble.contains(&U);
                nibble.iter().map(move |&b| if unknown { U } else { b })
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Every radix reads back what it prints, for any bus: binary and ternary exactly;
        /// decimal exactly too (an unknown bit falls back to binary); hex up to its `?` digits.
        #[test]
        fn format_then_parse_round_trips(bits in bus(trit())) {
            let width = bits.len();
            for radix in [Radix::Bin, Radix::Unsigned, Radix::Signed, Radix::Ternary] {
                let text = format(&bits, radix);
                prop_assert_eq!(parse(&text, width), Ok(bits.clone()), "{} {}", radix, text);
            }
            let text = format(&bits, Radix::Hex);
            prop_assert_eq!(text.len(), 2 + width.div_ceil(4));
            prop_assert_eq!(parse(&text, width), Ok(hex_blur(&bits)), "{}", text);
        }

        /// Fully known buses print as numbers in every radix and read back exactly.
        #[test]
        fn known_buses_round_trip_as_numbers(bits in bus(known())) {
            let width = bits.len();
            for radix in Radix::ALL {
                let text = format(&bits, radix);
                prop_assert_eq!(parse(&text, width), Ok(bits.clone()), "{} {}", radix, text);
            }
            let unsigned = to_unsigned(&bits).expect("known");
            let signed = to_signed(&bits).expect("known");
            prop_assert_eq!(format(&bits, Radix::Unsigned), unsigned.to_string());
            prop_assert_eq!(format(&bits, Radix::Signed), signed.to_string());
            prop_assert_eq!(from_int(i128::from(unsigned), width), Ok(bits.clone()));
            prop_assert_eq!(from_int(i128::from(signed), width), Ok(bits.clone()));
            // The two readings agree modulo 2^width.
            prop_assert_eq!(unsigned.wrapping_sub(signed.cast_unsigned()) & ((1u128 << width) - 1) as u64, 0);
        }

        /// Balanced ternary: value and trits convert both ways.
        #[test]
        fn balanced_ternary_round_trips(trits in bus(trit())) {
            let value = to_balanced(&trits);
            prop_assert_eq!(from_balanced(value, trits.len()), Ok(trits.clone()));
            prop_assert_eq!(to_balanced(&parse(&format(&trits, Radix::Ternary), trits.len()).expect("ours")), value);
            let negated: Vec<Trit> = trits.iter().map(|&t| -t).collect();
            prop_assert_eq!(to_balanced(&negated), -value);
        }

        /// Nothing panics, whatever the text and width.
        #[test]
        fn parse_never_panics(text in "\\PC{0,80}", width in 0usize..80) {
            let _ = parse(&text, width);
        }

        /// Nor on text made of the characters literals are built from.
        #[test]
        fn parse_of_near_literals_is_an_answer_or_an_error(
            text in "[ +-]?(0[bBxXtT])?[0-9a-fA-FxXtT?_+-]{0,70}",
            width in 1usize..=MAX_WIDTH,
        ) {
            if let Ok(bits) = parse(&text, width) {
                prop_assert_eq!(bits.len(), width);
            }
        }

        /// from_int accepts exactly the unsigned and two's-complement ranges.
        #[test]
        fn from_int_range(
            value in prop_oneof![any::<i128>(), -(1i128 << 66)..(1i128 << 66)],
            width in 1usize..=MAX_WIDTH) {
            let fits = if value < 0 {
                value >= -(1i128 << (width - 1))
            } else {
                value < 1i128 << width
            };
            prop_assert_eq!(from_int(value, width).is_ok(), fits);
        }
    }
}
