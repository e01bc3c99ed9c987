//! [`Ranges`]: how a splitter or merger cuts a bus into bit ranges.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How a splitter or merger cuts a bus: contiguous bit ranges in ascending order that cover
/// bits `0..width` exactly once (width 1 to 64). Written as text, in RON too:
/// `"0-3,4-7"` (a single bit may be written `5`).
///
/// Stored as a bit mask of the ranges' first bits, so that [`NodeKind`](super::NodeKind) stays `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Ranges {
    /// Bit `i` set: a range starts at bit `i` (bit 0 always set).
    starts: u64,
    /// The total width, 1..=64.
    width: u8,
}

/// Why a bit-range text is not a valid [`Ranges`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bit ranges `{}`: {reason}", crate::number::excerpt(text))]
pub struct RangesError {
    /// The text as written.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl Ranges {
    /// The ranges of `text` (`"0-3,4-7"`).
    ///
    /// # Errors
    /// [`RangesError`] for a malformed range, a range written high to low, ranges out of
    /// order, overlapping or leaving bits out, or more than 64 bits.
    pub fn parse(text: &str) -> Result<Ranges, RangesError> {
        let fail = |reason: String| RangesError {
            text: text.to_owned(),
            reason,
        };
        let mut starts = 0u64;
        let mut next = 0u32; // the first bit not yet covered
        for part in text.split(',') {
            let part = part.trim();
            let bound = |s: &str| {
                s.trim()
                    .parse::<u32>()
                    .map_err(|_| fail(format!("`{part}` is not a bit range like `0-3` or `5`")))
            };
            let (lo, hi) = if let Some((lo, hi)) = part.split_once('-') {
                (bound(lo)?, bound(hi)?)
            } else {
                let bit = bound(part)?;
                (bit, bit)
            };
            if hi < lo {
                return Err(fail(format!(
                    "`{part}` runs high to low; write `{hi}-{lo}`"
                )));
            }
            if hi >= 64 {
                return Err(fail(format!(
                    "`{part}` goes past bit 63 (buses are 1 to 64 bits)"
                )));
            }
            if lo < next {
                return Err(fail(format!(
                    "`{part}` overlaps or precedes the bits before it (ranges go from bit 0 up)"
                )));
            }
            if lo > next + 1 {
                return Err(fail(format!("bits {next}-{} are left out", lo - 1)));
            }
            if lo > next {
                return Err(fail(format!("bit {next} is left out")));
            }
            starts |= 1 << lo;
            next = hi + 1;
        }
        Ok(Ranges {
            starts,
            width: next as u8,
        })
    }

    /// One range covering `width` bits (1..=64; clamped).
    pub fn whole(width: u8) -> Ranges {
        Ranges {
            starts: 1,
            width: width.clamp(1, 64),
        }
    }

    /// The total width in bits.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The number of ranges (at least 1).
    pub const fn len(self) -> usize {
        self.starts.count_ones() as usize
    }

    /// Always `false`: there is at least one range.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The ranges as `lo..hi` (half-open), from bit 0 up.
    pub fn iter(
        self,
    ) -> impl DoubleEndedIterator<Item = std::ops::Range<usize>> + ExactSizeIterator {
        let width = self.width();
        let mut bounds: Vec<usize> = (0..width).filter(|&i| self.starts >> i & 1 == 1).collect();
        bounds.push(width);
        let ranges: Vec<std::ops::Range<usize>> = bounds.windows(2).map(|w| w[0]..w[1]).collect();
        ranges.into_iter()
    }

    /// Range `k` as `lo..hi`, if there is one.
    pub fn get(self, k: usize) -> Option<std::ops::Range<usize>> {
        self.iter().nth(k)
    }
}

impl fmt::Display for Ranges {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, r) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            if r.len() == 1 {
                write!(f, "{}", r.start)?;
            } else {
                write!(f, "{}-{}", r.start, r.end - 1)?;
            }
        }
        Ok(())
    }
}

impl TryFrom<String> for Ranges {
    type Error = RangesError;
    fn try_from(text: String) -> Result<Ranges, RangesError> {
        Ranges::parse(&text)
    }
}

impl From<Ranges> for String {
    fn from(r: Ranges) -> String {
        r.to_string()
    }
}
