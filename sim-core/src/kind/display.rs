//! What the displays that read a bus as a number show: a [`DecimalDisplay`]'s
//! [`DecimalMode`] and its [`reading`](DecimalMode::reading), and an [`LedMatrix`]'s largest
//! size.
//!
//! A decimal display reads its bus (bit 0 the least significant) one of three ways. As
//! **unsigned** or **signed** (two's complement) binary, each trit is a bit (−1 a 0, +1 a 1)
//! and a trit 0 is an unknown bit; a bus with unknown bits shows the *range* its completions
//! span, `min…max` (every completion lies in it, both ends are completions; not every number
//! between them need be one: `0b1x0x` unsigned reads `8…13`, and 9, 12 are its other two).
//! As **balanced ternary**, each trit is a digit of weight 3ⁱ and 0 is simply the digit zero,
//! so a balanced-ternary reading is always one number (see [`crate::number`]).
//!
//! [`DecimalDisplay`]: super::NodeKind::DecimalDisplay
//! [`LedMatrix`]: super::NodeKind::LedMatrix

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::number::{self, MAX_WIDTH};
use crate::trit::Trit;

/// How a [`DecimalDisplay`](super::NodeKind::DecimalDisplay) reads its bus. In RON
/// `DecimalDisplay(Signed)`.
///
/// The binary modes read each trit as a bit (−1 a 0, +1 a 1) and a trit 0 as an unknown bit;
/// with unknown bits the reading is the *range* of every completion, `min…max` (both ends
/// are completions, not every number between them need be: `0b1x0x` unsigned reads `8…13`,
/// and 9, 12 are its other two). Balanced ternary reads each trit as a digit of weight 3ⁱ,
/// the trit 0 the digit zero, so its reading is always one number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DecimalMode {
    /// Unsigned binary: 0 to 2ʷ − 1 on a bus of width w.
    #[default]
    Unsigned,
    /// Two's-complement binary: −2ʷ⁻¹ to 2ʷ⁻¹ − 1.
    Signed,
    /// Balanced ternary: −(3ʷ − 1)/2 to (3ʷ − 1)/2, every trit a digit.
    Balanced,
}

impl DecimalMode {
    /// Every mode, in menu order.
    pub const ALL: [DecimalMode; 3] = [
        DecimalMode::Unsigned,
        DecimalMode::Signed,
        DecimalMode::Balanced,
    ];

    /// The mode's name as menus and messages write it: `unsigned`, `signed`, `balanced
    /// ternary`.
    pub const fn name(self) -> &'static str {
        match self {
            DecimalMode::Unsigned => "unsigned",
            DecimalMode::Signed => "signed",
            DecimalMode::Balanced => "balanced ternary",
        }
    }

    /// What a display in this mode shows for `bits` (bit 0 first, at most
    /// [`MAX_WIDTH`] of them; an empty bus reads 0): the number in decimal, or for a binary
    /// mode with unknown bits the range `min…max` of its completions (`-8…7`, with `…`,
    /// U+2026, between the ends). See [`DecimalMode`].
    ///
    /// ```
    /// use sim_core::kind::DecimalMode;
    /// use sim_core::Trit::{False as F, True as T, Unknown as X};
    ///
    /// assert_eq!(DecimalMode::Unsigned.reading(&[F, T, F, T]), "10");
    /// assert_eq!(DecimalMode::Signed.reading(&[F, T, F, T]), "-6");
    /// assert_eq!(DecimalMode::Balanced.reading(&[F, T, F, T]), "20"); // −1 + 3 − 9 + 27
    /// assert_eq!(DecimalMode::Unsigned.reading(&[X, F, X, T]), "8…13");
    /// assert_eq!(DecimalMode::Signed.reading(&[F, F, F, X]), "-8…0");
    /// ```
    pub fn reading(self, bits: &[Trit]) -> String {
        let bits = &bits[..bits.len().min(MAX_WIDTH)];
        if self == DecimalMode::Balanced {
            return number::to_balanced(bits).to_string();
        }
        let (low, high) = self.binary_range(bits);
        if low == high {
            low.to_string()
        } else {
            format!("{low}…{high}")
        }
    }

    /// The least and greatest value of a binary reading over every completion of `bits`'
    /// unknown bits: each unknown bit takes the level that lowers (or raises) its weight's
    /// contribution — 0 for a positive weight, 1 for the sign bit's negative one.
    fn binary_range(self, bits: &[Trit]) -> (i128, i128) {
        let top = bits.len().checked_sub(1);
        bits.iter()
            .enumerate()
            .fold((0, 0), |(low, high), (i, &bit)| {
                let weight = if self == DecimalMode::Signed && Some(i) == top {
                    -(1_i128 << i)
                } else {
                    1_i128 << i
                };
                match bit {
                    Trit::True => (low + weight, high + weight),
                    Trit::False => (low, high),
                    Trit::Unknown => (low + weight.min(0), high + weight.max(0)),
                }
            })
    }
}

impl fmt::Display for DecimalMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use Trit::{False as F, True as T, Unknown as X};

    /// The readings of every completion of `bits`' unknown bits, as numbers.
    fn completions(bits: &[Trit], mode: DecimalMode) -> Vec<i128> {
        let unknown: Vec<usize> = (0..bits.len()).filter(|&i| bits[i] == X).collect();
        (0..1_u32 << unknown.len())
            .map(|mask| {
                let mut known = bits.to_vec();
                for (k, &i) in unknown.iter().enumerate() {
                    known[i] = if mask >> k & 1 == 1 { T } else { F };
                }
                mode.reading(&known)
                    .parse()
                    .expect("a known reading is one number")
            })
            .collect()
    }

    #[test]
    fn known_buses_read_as_numbers() {
        assert_eq!(DecimalMode::Unsigned.reading(&[T; 8]), "255");
        assert_eq!(DecimalMode::Signed.reading(&[T; 8]), "-1");
        assert_eq!(DecimalMode::Signed.reading(&[F, F, F, T]), "-8");
        assert_eq!(DecimalMode::Balanced.reading(&[T, X, F]), "-8");
        assert_eq!(DecimalMode::Unsigned.reading(&[]), "0");
        assert_eq!(
            DecimalMode::Unsigned.reading(&[T; 64]),
            u64::MAX.to_string()
        );
        assert_eq!(DecimalMode::Signed.reading(&[F; 64]), "0");
    }

    #[test]
    fn unknown_bits_show_the_range_of_their_completions() {
        assert_eq!(DecimalMode::Unsigned.reading(&[X; 4]), "0…15");
        assert_eq!(DecimalMode::Signed.reading(&[X; 4]), "-8…7");
        assert_eq!(DecimalMode::Signed.reading(&[T, F, F, X]), "-7…1");
        assert_eq!(DecimalMode::Balanced.reading(&[X; 4]), "0");
    }

    proptest! {
        /// Both ends of a binary range are completions and no completion lies outside it.
        #[test]
        fn a_range_is_spanned_by_the_completions(
            bits in prop::collection::vec(prop::sample::select(Trit::ALL.to_vec()), 1..10),
            signed in any::<bool>(),
        ) {
            let mode = if signed { DecimalMode::Signed } else { DecimalMode::Unsigned };
            let values = completions(&bits, mode);
            let (low, high) = (values.iter().min().copied(), values.iter().max().copied());
            let expected = match (low, high) {
                (Some(l), Some(h)) if l == h => l.to_string(),
                (Some(l), Some(h)) => format!("{l}…{h}"),
                _ => unreachable!("a bus has at least one completion"),
            };
            prop_assert_eq!(mode.reading(&bits), expected);
        }
    }
}
