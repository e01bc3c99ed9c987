//! Memory contents files: read and written as text, in two formats.
//!
//! * **Plain hexadecimal** (`.hex`, Tritium's own): one word a line from address 0, hex
//!   digits (an optional `0x`), `?` or `x` for a digit whose four bits are unknown; `#` starts
//!   a comment, and blank lines are skipped. Words past the last line are unknown.
//! * **Logisim-evolution's `v2.0 raw`**: the first line is `v2.0 raw`, then hex words
//!   separated by white space, `N*value` for `N` copies of `value` (a run), `#` comments.
//!   Words past the end are 0, as Logisim-evolution reads them (`logisim-evolution`'s
//!   `HexFile`/`MemContentsSub` — its documentation, *Memory components*, "Logisim v2.0 raw
//!   format"). Unknown bits cannot be written in it.
//!
//! Intel HEX is not read: no maintained crate made it cheap enough to carry unknowns, and
//! neither Logisim-evolution's nor Digital's examples need it.
//!
//! Reading checks every word against the memory's widths: a word wider than the data bus or
//! more words than addresses is an error naming the line and column.

use super::{Word, mask};
use crate::number::excerpt;

/// Which text format a contents file is in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ContentsFormat {
    /// One hex word a line, `?` digits for unknown bits.
    #[default]
    PlainHex,
    /// Logisim-evolution's `v2.0 raw`, with `N*value` runs.
    LogisimRaw,
}

/// Why contents text cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContentsError {
    /// A malformed or ill-fitting word, at a 1-based line and column.
    #[error("{line}:{column}: {error}")]
    At {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong, naming the word.
        error: WordError,
    },
    /// A word with unknown bits cannot be written in Logisim's format.
    #[error(
        "word {address:#x} has unknown bits, which Logisim-evolution's v2.0 raw cannot hold; save as plain hex"
    )]
    Unknown {
        /// Its address.
        address: usize,
    },
}

/// Why a word of contents text (or a run of words, or a line of them) cannot be read; every
/// message names the text as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// No hex digits, or more than 16.
    #[error("`{}` is not a hex word of at most 64 bits", excerpt(token))]
    Length {
        /// The word as written.
        token: String,
    },
    /// A character that is not a hex digit (nor, where unknowns may be written, `?`).
    #[error(
        "`{}` is not a hex word{}",
        excerpt(token),
        if *unknowns { " (digits 0-9, a-f, `?` unknown)" } else { "" }
    )]
    NotHex {
        /// The word as written.
        token: String,
        /// Whether `?` digits were allowed (plain hex, not Logisim's format).
        unknowns: bool,
    },
    /// A word wider than the memory's data bus.
    #[error(
        "word `{}` is {width} bits wide, the data bus {data_bits}",
        excerpt(token)
    )]
    TooWide {
        /// The word as written.
        token: String,
        /// Its width in bits.
        width: u32,
        /// The data bus's width.
        data_bits: u8,
    },
    /// A line of plain hex with more than one word.
    #[error("one word a line in plain hex, found `{}`", excerpt(line))]
    OneALine {
        /// The line (trimmed, without its comment).
        line: String,
    },
    /// A run `N*value` whose `N` is not a positive decimal.
    #[error(
        "run `{}`: `{}` is not a positive count",
        excerpt(token),
        excerpt(count)
    )]
    Count {
        /// The run as written.
        token: String,
        /// Its count as written.
        count: String,
    },
    /// A run that goes past the last address.
    #[error("`{}` runs past the last of the {limit} addresses", excerpt(token))]
    RunPast {
        /// The run as written.
        token: String,
        /// The number of addresses.
        limit: usize,
    },
    /// A word past the last address.
    #[error("word `{}` is past the last of the {limit} addresses", excerpt(token))]
    Past {
        /// The word as written.
        token: String,
        /// The number of addresses.
        limit: usize,
    },
}

/// Contents read from text: the words given, in address order (the rest are
/// [`Word::UNKNOWN`] for plain hex, 0 for Logisim's format: see [`Contents::fill`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    /// The words from address 0.
    pub words: Vec<Word>,
    /// The format they were read in.
    pub format: ContentsFormat,
}

impl Contents {
    /// All `2^addr_bits` words: those read, then the fill of the format (unknown for plain
    /// hex, 0 for Logisim's) up to the end.
    pub fn fill(&self, addr_bits: u8, data_bits: u8) -> Vec<Word> {
        let fill = match self.format {
            ContentsFormat::PlainHex => Word::UNKNOWN,
            ContentsFormat::LogisimRaw => Word::from_u64(0, data_bits),
        };
        let mut words = self.words.clone();
        words.resize(1 << addr_bits, fill);
        words
    }
}

/// Reads contents `text` for a memory of `addr_bits` address and `data_bits` data bits, in
/// the format its first line says (`v2.0 raw`: Logisim's, anything else plain hex).
///
/// # Errors
/// [`ContentsError::At`] naming the line, column and word: not a hex number, a run count
/// that is not a positive decimal, a word wider than `data_bits`, more words than
/// `2^addr_bits`.
pub fn parse(text: &str, addr_bits: u8, data_bits: u8) -> Result<Contents, ContentsError> {
    let first = text.lines().find(|l| !strip_comment(l).trim().is_empty());
    let logisim = first.is_some_and(|l| strip_comment(l).trim() == "v2.0 raw");
    let mut reader = Reader {
        words: Vec::new(),
        limit: 1usize << addr_bits,
        data_bits,
    };
    let mut header = logisim;
    for (n, line) in text.lines().enumerate() {
        let body = strip_comment(line);
        for (column, token) in tokens(body) {
            let at = |error: WordError| ContentsError::At {
                line: n + 1,
                column,
                error,
            };
            if header {
                // `v2.0 raw` is two tokens on the first line.
                if token == "raw" {
                    header = false;
                }
                continue;
            }
            if logisim {
                reader.logisim(token).map_err(at)?;
            } else {
                // One word a line: the line's first token.
                reader.plain(token, body).map_err(at)?;
                break;
            }
        }
    }
    Ok(Contents {
        words: reader.words,
        format: if logisim {
            ContentsFormat::LogisimRaw
        } else {
            ContentsFormat::PlainHex
        },
    })
}

/// Writes `words` (of `data_bits` bits) in `format`: plain hex up to the last word that is not
/// entirely unknown; Logisim's format with runs of four or more equal words written `N*value`
/// (and trailing zero words left out), eight words a line.
///
/// # Errors
/// [`ContentsError::Unknown`] for Logisim's format and a word with an unknown bit.
pub fn write(
    words: &[Word],
    data_bits: u8,
    format: ContentsFormat,
) -> Result<String, ContentsError> {
    let digits = usize::from(data_bits).div_ceil(4);
    let mut out = String::new();
    match format {
        ContentsFormat::PlainHex => {
            let end = words
                .iter()
                .rposition(|w| !w.is_unknown(data_bits))
                .map_or(0, |p| p + 1);
            for &w in &words[..end] {
                out.push_str(&hex_word(w, data_bits, digits));
                out.push('\n');
            }
        }
        ContentsFormat::LogisimRaw => {
            out.push_str("v2.0 raw\n");
            let values = words
                .iter()
                .enumerate()
                .map(|(address, w)| w.value(data_bits).ok_or(ContentsError::Unknown { address }))
                .collect::<Result<Vec<u64>, _>>()?;
            let end = values.iter().rposition(|&v| v != 0).map_or(0, |p| p + 1);
            let mut items = Vec::new();
            let mut i = 0;
            while i < end {
                let run = values[i..end]
                    .iter()
                    .take_while(|&&v| v == values[i])
                    .count();
                if run >= 4 {
                    items.push(format!("{run}*{:x}", values[i]));
                    i += run;
                } else {
                    items.push(format!("{:x}", values[i]));
                    i += 1;
                }
            }
            for line in items.chunks(8) {
                out.push_str(&line.join(" "));
                out.push('\n');
            }
        }
    }
    Ok(out)
}

/// One word as plain hex writes it (`3f`, `0x3F`, `?` digits unknown) for a memory of
/// `data_bits` data bits.
///
/// # Errors
/// [`WordError`] naming the text: not a hex word ([`WordError::Length`],
/// [`WordError::NotHex`]), or wider than `data_bits` ([`WordError::TooWide`]).
pub fn parse_word(text: &str, data_bits: u8) -> Result<Word, WordError> {
    parse_hex(text.trim(), data_bits, true)
}

/// Word `w` as plain hex writes it: `ceil(data_bits / 4)` digits, `?` for a digit with an
/// unknown bit.
pub fn format_word(w: Word, data_bits: u8) -> String {
    hex_word(w, data_bits, usize::from(data_bits).div_ceil(4))
}

/// Word `w` as `digits` hex digits, `?` for a digit with an unknown bit.
fn hex_word(w: Word, data_bits: u8, digits: usize) -> String {
    (0..digits)
        .rev()
        .map(|d| {
            let shift = 4 * d as u32;
            let nibble_mask = (0xf_u64 << shift) & mask(data_bits);
            if w.known_mask(data_bits) & nibble_mask == nibble_mask {
                let v = (w.ones() & nibble_mask) >> shift;
                char::from_digit(v as u32, 16).unwrap_or('?')
            } else {
                '?'
            }
        })
        .collect()
}

fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(body, _)| body)
}

/// The white-space separated tokens of `line`, each with its 1-based column.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    line.split(|c: char| c.is_whitespace())
        .filter_map(move |t| {
            let at = column + 1;
            column += t.chars().count() + 1;
            (!t.is_empty()).then_some((at, t))
        })
}

struct Reader {
    words: Vec<Word>,
    limit: usize,
    data_bits: u8,
}

impl Reader {
    /// One line of plain hex holding `token`.
    fn plain(&mut self, token: &str, body: &str) -> Result<(), WordError> {
        if body.split_whitespace().count() > 1 {
            return Err(WordError::OneALine {
                line: body.trim().to_owned(),
            });
        }
        let word = parse_hex(token, self.data_bits, true)?;
        self.push(word, token)
    }

    /// One token of Logisim's format: a word or a run `N*value`.
    fn logisim(&mut self, token: &str) -> Result<(), WordError> {
        let (count, value) = match token.split_once('*') {
            Some((n, v)) => (
                n.parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| WordError::Count {
                        token: token.to_owned(),
                        count: n.to_owned(),
                    })?,
                v,
            ),
            None => (1, token),
        };
        let word = parse_hex(value, self.data_bits, false)?;
        if self.words.len() + count > self.limit {
            return Err(WordError::RunPast {
                token: token.to_owned(),
                limit: self.limit,
            });
        }
        self.words.extend(std::iter::repeat_n(word, count));
        Ok(())
    }

    fn push(&mut self, word: Word, token: &str) -> Result<(), WordError> {
        if self.words.len() >= self.limit {
            return Err(WordError::Past {
                token: token.to_owned(),
                limit: self.limit,
            });
        }
        self.words.push(word);
        Ok(())
    }
}

/// A hex word of at most `data_bits` bits; `?`/`x` digits are unknown when `unknowns`.
fn parse_hex(token: &str, data_bits: u8, unknowns: bool) -> Result<Word, WordError> {
    let digits = token
        .strip_prefix("0x")
        .or_else(|| token.strip_prefix("0X"))
        .unwrap_or(token);
    if digits.is_empty() || digits.len() > 16 {
        return Err(WordError::Length {
            token: token.to_owned(),
        });
    }
    let mut known = 0u64;
    let mut ones = 0u64;
    for c in digits.chars() {
        known <<= 4;
        ones <<= 4;
        match c {
            '?' | 'x' | 'X' if unknowns => {}
            _ => {
                let v = c.to_digit(16).ok_or_else(|| WordError::NotHex {
                    token: token.to_owned(),
                    unknowns,
                })?;
                known |= 0xf;
                ones |= u64::from(v);
            }
        }
    }
    let outside = !mask(data_bits);
    if ones & outside != 0 {
        let width = 64 - ones.leading_zeros();
        return Err(WordError::TooWide {
            token: token.to_owned(),
            width,
            data_bits,
        });
    }
    // The bits above the digits written are known zeros; zero or unknown digits past the
    // width are fine (`0ff` for 8 bits, `?` for 2).
    let known = (known | !mask(4 * digits.len() as u8)) & mask(data_bits);
    Ok(Word { known, ones })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trit::Trit;

    #[test]
    fn plain_hex_with_unknown_digits_and_comments() {
        let c = parse("# a program\n1f\n\n0x2?  # half known\n??\n", 3, 8).expect("valid");
        assert_eq!(c.format, ContentsFormat::PlainHex);
        assert_eq!(c.words.len(), 3);
        assert_eq!(c.words[0].value(8), Some(0x1f));
        assert_eq!(c.words[1].bit(5), Trit::True);
        assert_eq!(c.words[1].bit(0), Trit::Unknown);
        assert!(c.words[2].is_unknown(8));
        let all = c.fill(3, 8);
        assert_eq!(all.len(), 8);
        assert!(all[7].is_unknown(8));
        assert_eq!(
            write(&all, 8, ContentsFormat::PlainHex).expect("plain"),
            "1f\n2?\n"
        );
    }

    #[test]
    fn logisim_raw_runs_round_trip() {
        let text = "v2.0 raw\n1 2 3 5*ff\n# end\n0 7\n";
        let c = parse(text, 4, 8).expect("valid");
        assert_eq!(c.format, ContentsFormat::LogisimRaw);
        let values: Vec<u64> = c.words.iter().map(|w| w.value(8).expect("known")).collect();
        assert_eq!(values, [1, 2, 3, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 7]);
        let all = c.fill(4, 8);
        assert_eq!(all[15].value(8), Some(0));
        let again = write(&all, 8, ContentsFormat::LogisimRaw).expect("known");
        assert_eq!(again, "v2.0 raw\n1 2 3 5*ff 0 7\n");
        assert_eq!(parse(&again, 4, 8).expect("valid").fill(4, 8), all);
    }

    #[test]
    fn errors_name_line_column_and_word() {
        let e = |text: &str| parse(text, 2, 8).expect_err("invalid").to_string();
        assert_eq!(
            e("12\n1ff\n"),
            "2:1: word `1ff` is 9 bits wide, the data bus 8"
        );
        assert_eq!(
            e("1\n2\n3\n4\n5\n"),
            "5:1: word `5` is past the last of the 4 addresses"
        );
        assert_eq!(
            e("  zz\n"),
            "1:3: `zz` is not a hex word (digits 0-9, a-f, `?` unknown)"
        );
        assert_eq!(e("1 2\n"), "1:1: one word a line in plain hex, found `1 2`");
        // A 3 MB word is echoed as its first `EXCERPT_CHARS` characters and `…`.
        let huge = "f".repeat(3_000_000);
        let head = "f".repeat(crate::number::EXCERPT_CHARS);
        assert_eq!(
            e(&format!("{huge}\n")),
            format!("1:1: `{head}…` is not a hex word of at most 64 bits")
        );
        assert_eq!(
            e(&format!("1 {huge}\n")),
            format!(
                "1:1: one word a line in plain hex, found `1 {}…`",
                &head[2..]
            )
        );
        assert_eq!(e("v2.0 raw\nzz\n"), "2:1: `zz` is not a hex word");
        assert_eq!(
            parse_word(" 1ff ", 8).map_err(|e| e.to_string()),
            Err("word `1ff` is 9 bits wide, the data bus 8".to_owned())
        );
        assert_eq!(
            parse_word("", 8).map_err(|e| e.to_string()),
            Err("`` is not a hex word of at most 64 bits".to_owned())
        );
        assert_eq!(
            e("v2.0 raw\n1 x*3\n"),
            "2:3: run `x*3`: `x` is not a positive count"
        );
        assert_eq!(
            e("v2.0 raw\n3*1 2*2\n"),
            "2:5: `2*2` runs past the last of the 4 addresses"
        );
        assert_eq!(
            write(&[Word::UNKNOWN], 8, ContentsFormat::LogisimRaw)
                .expect_err("unknown")
                .to_string(),
            "word 0x0 has unknown bits, which Logisim-evolution's v2.0 raw cannot hold; save as plain hex"
        );
    }
}
