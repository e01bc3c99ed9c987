//! Balanced-ternary values and Kleene's strong three-valued logic.
//!
//! A [`Trit`] is −1 (false), 0 (unknown) or +1 (true). Every connective is defined by an
//! arithmetic identity on those integers, as in the seed article ("Evaluating Logic Circuits with
//! Ternary Logic Graphs"): NOT a = −a, AND = min, OR = max, NAND = −min, NOR = −max,
//! XOR = −a·b, XNOR = a·b. These are exactly Kleene's strong connectives: a result is known
//! (±1) as soon as the known inputs decide it, whatever the unknown ones turn out to be.

use std::fmt;
use std::ops::{Mul, Neg};
use std::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One balanced-ternary digit: −1 false, 0 unknown, +1 true.
///
/// The discriminants are the arithmetic values, so `trit as i8` is the balanced-ternary digit and
/// the derived ordering is the truth ordering `False < Unknown < True` (AND is `min`, OR is `max`).
///
/// Text forms accepted by [`FromStr`] and by deserialization (case-insensitive):
/// `-1 0 +1 1`, `F X T`, `false unknown true` (and `U`, `?`). Note that `0` is *unknown* here;
/// only the `0/1/x` vector files of the netlist tools use Verilog's convention.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(i8)]
pub enum Trit {
    /// −1: logic false.
    False = -1,
    /// 0: unknown (not yet driven, floating, or undecided by an oscillation).
    #[default]
    Unknown = 0,
    /// +1: logic true.
    True = 1,
}

impl Trit {
    /// All three values in truth order: `[False, Unknown, True]`.
    pub const ALL: [Trit; 3] = [Trit::False, Trit::Unknown, Trit::True];

    /// The balanced-ternary digit: −1, 0 or +1.
    #[inline]
    pub const fn to_i8(self) -> i8 {
        self as i8
    }

    /// The trit for a balanced-ternary digit; `None` outside −1..=1.
    #[inline]
    pub const fn from_i8(v: i8) -> Option<Trit> {
        match v {
            -1 => Some(Trit::False),
            0 => Some(Trit::Unknown),
            1 => Some(Trit::True),
            _ => None,
        }
    }

    /// `true` for ±1, `false` for unknown.
    #[inline]
    pub const fn is_known(self) -> bool {
        !matches!(self, Trit::Unknown)
    }

    /// Kleene NOT: −a.
    #[inline]
    #[must_use]
    pub const fn not(self) -> Trit {
        match self {
            Trit::False => Trit::True,
            Trit::Unknown => Trit::Unknown,
            Trit::True => Trit::False,
        }
    }

    /// Kleene AND: min(a, b).
    #[inline]
    #[must_use]
    pub fn and(self, other: Trit) -> Trit {
        self.min(other)
    }

    /// Kleene OR: max(a, b).
    #[inline]
    #[must_use]
    pub fn or(self, other: Trit) -> Trit {
        self.max(other)
    }

    /// Kleene XOR: −a·b (unknown if either input is unknown).
    #[inline]
    #[must_use]
    pub fn xor(self, other: Trit) -> Trit {
        (self * other).not()
    }

    /// The value printed by the CLI and written to files: `"-1"`, `"0"` or `"+1"`.
    pub const fn as_signed_str(self) -> &'static str {
        match self {
            Trit::False => "-1",
            Trit::Unknown => "0",
            Trit::True => "+1",
        }
    }

    /// A one-character symbol for lamps and compact tables: `−`, `?`, `+`.
    pub const fn symbol(self) -> char {
        match self {
            Trit::False => '−',
            Trit::Unknown => '?',
            Trit::True => '+',
        }
    }
}

impl Neg for Trit {
    type Output = Trit;
    #[inline]
    fn neg(self) -> Trit {
        self.not()
    }
}

impl Mul for Trit {
    type Output = Trit;
    /// The balanced-ternary product a·b (Kleene XNOR).
    #[inline]
    fn mul(self, other: Trit) -> Trit {
        match (self, other) {
            (Trit::Unknown, _) | (_, Trit::Unknown) => Trit::Unknown,
            (a, b) if a == b => Trit::True,
            _ => Trit::False,
        }
    }
}

impl From<bool> for Trit {
    fn from(b: bool) -> Trit {
        if b { Trit::True } else { Trit::False }
    }
}

impl fmt::Display for Trit {
    /// Formats as `-1`, `0` or `+1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_signed_str())
    }
}

/// The text did not name a ternary value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a ternary value (expected one of -1 0 +1 1, F X T, false unknown true)")]
pub struct ParseTritError(pub String);

impl FromStr for Trit {
    type Err = ParseTritError;

    fn from_str(s: &str) -> Result<Trit, ParseTritError> {
        let t = s.trim();
        let value = match t.to_ascii_lowercase().as_str() {
            "-1" | "f" | "false" => Trit::False,
            "0" | "x" | "u" | "?" | "unknown" => Trit::Unknown,
            "1" | "+1" | "t" | "true" => Trit::True,
            _ => return Err(ParseTritError(t.to_owned())),
        };
        Ok(value)
    }
}

impl Serialize for Trit {
    /// Serializes as the integer −1, 0 or 1.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i8(self.to_i8())
    }
}

impl<'de> Deserialize<'de> for Trit {
    /// Accepts an integer −1..=1, a boolean, or any text form of [`FromStr`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Trit, D::Error> {
        deserializer.deserialize_any(TritVisitor)
    }
}

struct TritVisitor;

impl Visitor<'_> for TritVisitor {
    type Value = Trit;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a ternary value: -1, 0, +1, or \"F\"/\"X\"/\"T\", or false/true")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Trit, E> {
        Ok(Trit::from(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Trit, E> {
        i8::try_from(v)
            .ok()
            .and_then(Trit::from_i8)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Signed(v), &self))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Trit, E> {
        i8::try_from(v)
            .ok()
            .and_then(Trit::from_i8)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Trit, E> {
        v.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

#[cfg(test)]
mod tests {
    use super::Trit::{self, False as F, True as T, Unknown as X};

    #[test]
    fn connectives_match_their_arithmetic_identities() {
        for a in Trit::ALL {
            assert_eq!(a.not().to_i8(), -a.to_i8());
            for b in Trit::ALL {
                let (x, y) = (a.to_i8(), b.to_i8());
                assert_eq!(a.and(b).to_i8(), x.min(y), "{a} AND {b}");
                assert_eq!(a.or(b).to_i8(), x.max(y), "{a} OR {b}");
                assert_eq!(a.xor(b).to_i8(), -x * y, "{a} XOR {b}");
                assert_eq!((a * b).to_i8(), x * y, "{a} XNOR {b}");
            }
        }
    }

    #[test]
    fn kleene_truth_tables() {
        assert_eq!(F.and(X), F);
        assert_eq!(T.and(X), X);
        assert_eq!(T.or(X), T);
        assert_eq!(F.or(X), X);
        assert_eq!(T.xor(F), T);
        assert_eq!(T.xor(T), F);
        assert_eq!(X.xor(T), X);
    }

    #[test]
    fn every_documented_text_form_parses() {
        for (text, want) in [
            ("-1", F),
            ("0", X),
            ("+1", T),
            ("1", T),
            ("F", F),
            ("x", X),
            ("T", T),
            ("false", F),
            ("Unknown", X),
            ("TRUE", T),
        ] {
            assert_eq!(text.parse::<Trit>(), Ok(want), "{text}");
        }
        assert!("2".parse::<Trit>().is_err());
        assert!("".parse::<Trit>().is_err());
    }

    #[test]
    fn display_is_signed() {
        assert_eq!(format!("{F} {X} {T}"), "-1 0 +1");
    }
}
