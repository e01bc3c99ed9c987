//! The scanner: the text cut at line boundaries into parts, each part's lines split and its net
//! names hashed (in parallel on large texts).

use super::error::BenchError;
use super::nets::Hashed;
use super::ops::gate_kind;
use crate::kind::NodeKind;

/// Texts shorter than this are read by one thread.
pub(super) const PARALLEL_BYTES: usize = 1 << 18;

/// `text` cut at line boundaries into `count` parts (at least one; some may be empty), each
/// with the number of its first line.
pub(super) fn split(text: &str, count: usize) -> Vec<(&str, usize)> {
    let count = count.max(1);
    let mut parts = Vec::with_capacity(count);
    let (mut start, mut first) = (0, 1);
    for k in 1..=count {
        let end = if k == count {
            text.len()
        } else {
            // After the first newline at or past the k-th share.
            let share = text.len() * k / count;
            text.as_bytes()[share.max(start)..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |at| share.max(start) + at + 1)
        };
        let part = &text[start..end];
        parts.push((part, first));
        first += part.bytes().filter(|&b| b == b'\n').count();
        start = end;
    }
    parts
}

/// One definition or output of a part, split and hashed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Record<'t> {
    pub(super) line: u32,
    pub(super) net: Hashed<'t>,
    /// The definition's kind; [`NodeKind::Probe`] marks an `OUTPUT`.
    pub(super) kind: NodeKind,
    /// Its arguments: `Scanned::args[args.0..args.1]`.
    pub(super) args: (u32, u32),
}

/// A part of a netlist, split and hashed ([`scan`]).
#[derive(Debug, Default)]
pub(super) struct Scanned<'t> {
    pub(super) records: Vec<Record<'t>>,
    pub(super) args: Vec<Hashed<'t>>,
    /// The first error in the part; the records stop before its line.
    pub(super) error: Option<BenchError>,
}

/// Splits and hashes the lines of `part`, whose first line is number `first`.
pub(super) fn scan(part: &str, first: usize) -> Scanned<'_> {
    let mut scanned = Scanned {
        records: Vec::with_capacity(part.len() / 30 + 4),
        args: Vec::with_capacity(part.len() / 12 + 4),
        ..Scanned::default()
    };
    // The arguments of the line being read (reused: no allocation per line).
    let mut args: Vec<&str> = Vec::new();
    for (number, raw) in part.lines().enumerate() {
        let line = first + number;
        let parsed = match scan_line(raw, &mut args) {
            Some(parsed) => Ok(parsed),
            None => general_line(raw, line, &mut args),
        };
        let (net, kind) = match parsed {
            Ok(Line::Blank) => continue,
            Ok(Line::Output(net)) => (net, NodeKind::Probe),
            Ok(Line::Input(net)) => (net, NodeKind::Switch),
            Ok(Line::Gate { net, op }) => match gate_kind(line, op, args.len()) {
                Ok(kind) => (net, kind),
                Err(error) => {
                    scanned.error = Some(error);
                    return scanned;
                }
            },
            Err(error) => {
                scanned.error = Some(error);
                return scanned;
            }
        };
        let from = scanned.args.len() as u32;
        if matches!(kind, NodeKind::Probe | NodeKind::Switch) {
            args.clear();
        }
        scanned
            .args
            .extend(args.iter().map(|&arg| Hashed::new(arg)));
        scanned.records.push(Record {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            net: Hashed::new(net),
            kind,
            args: (from, scanned.args.len() as u32),
        });
    }
    scanned
}

/// One line of a netlist, split.
pub(super) enum Line<'t> {
    /// Blank or a comment.
    Blank,
    /// `INPUT(net)`.
    Input(&'t str),
    /// `OUTPUT(net)`.
    Output(&'t str),
    /// `net = OP(args…)`, the arguments in the caller's list.
    Gate { net: &'t str, op: &'t str },
}

/// Splits a line in the common form (ASCII, well formed) in one pass over its bytes, the
/// arguments of a gate into `args`; `None` for anything else, which [`general_line`] then
/// reads (and names the error of). Accepts exactly what [`general_line`] accepts from an
/// ASCII line.
pub(super) fn scan_line<'t>(raw: &'t str, args: &mut Vec<&'t str>) -> Option<Line<'t>> {
    let mut at = Cursor { raw, at: 0 };
    at.skip_space();
    if at.at_end() {
        return Some(Line::Blank);
    }
    let first = at.name()?;
    at.skip_space();
    let line = match at.next()? {
        b'=' => {
            at.skip_space();
            let op = at.name()?;
            at.skip_space();
            (at.next()? == b'(').then_some(())?;
            args.clear();
            loop {
                at.skip_space();
                args.push(at.name()?);
                at.skip_space();
                match at.next()? {
                    b',' => {}
                    b')' => break,
                    _ => return None,
                }
            }
            Line::Gate { net: first, op }
        }
        b'(' => {
            at.skip_space();
            let arg = at.name()?;
            at.skip_space();
            (at.next()? == b')').then_some(())?;
            if first.eq_ignore_ascii_case("INPUT") {
                Line::Input(arg)
            } else if first.eq_ignore_ascii_case("OUTPUT") {
                Line::Output(arg)
            } else {
                return None;
            }
        }
        _ => return None,
    };
    at.skip_space();
    at.at_end().then_some(line)
}

/// A position in a line, for [`scan_line`].
pub(super) struct Cursor<'t> {
    raw: &'t str,
    at: usize,
}

impl<'t> Cursor<'t> {
    /// The byte here, if any.
    pub(super) fn peek(&self) -> Option<u8> {
        self.raw.as_bytes().get(self.at).copied()
    }

    /// The byte here, stepping over it.
    pub(super) fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    /// At the end of the line or of its code (a `#` comment follows).
    pub(super) fn at_end(&self) -> bool {
        self.peek().is_none_or(|b| b == b'#')
    }

    /// Steps over the bytes of class `class` (see [`CLASS`]).
    #[inline]
    pub(super) fn skip(&mut self, class: u8) {
        let rest = &self.raw.as_bytes()[self.at..];
        self.at += rest
            .iter()
            .position(|&b| CLASS[usize::from(b)] != class)
            .unwrap_or(rest.len());
    }

    /// Steps over ASCII white space (what `str::trim` removes from an ASCII line).
    pub(super) fn skip_space(&mut self) {
        self.skip(SPACE);
    }

    /// An ASCII [`name`] here, stepping over it; `None` if there is none.
    pub(super) fn name(&mut self) -> Option<&'t str> {
        let start = self.at;
        self.skip(NAME);
        (self.at > start).then(|| &self.raw[start..self.at])
    }
}

/// [`CLASS`] of a byte that may be part of an ASCII name.
pub(super) const NAME: u8 = 0;
/// [`CLASS`] of ASCII white space, as `char::is_whitespace` has it.
pub(super) const SPACE: u8 = 1;

/// Per byte, for [`scan_line`]: [`NAME`], [`SPACE`], or 2 for the rest (punctuation `()`,
/// `,`, `=`, `#`, and every non-ASCII byte).
pub(super) const CLASS: [u8; 256] = {
    let mut class = [2u8; 256];
    let mut b = 0;
    while b < 128 {
        class[b] = match b as u8 {
            b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' => SPACE,
            b'(' | b')' | b',' | b'=' | b'#' => 2,
            _ => NAME,
        };
        b += 1;
    }
    class
};

/// Splits any line, naming what is wrong with a malformed one; the arguments of a gate go
/// into `args`.
pub(super) fn general_line<'t>(
    raw: &'t str,
    line: usize,
    args: &mut Vec<&'t str>,
) -> Result<Line<'t>, BenchError> {
    let code = raw.split('#').next().unwrap_or_default().trim();
    if code.is_empty() {
        return Ok(Line::Blank);
    }
    let malformed = || BenchError::Malformed {
        line,
        text: raw.trim().to_owned(),
    };
    if let Some((lhs, rhs)) = code.split_once('=') {
        let net = name(lhs).ok_or_else(malformed)?;
        let (op, list, _) = call(rhs).ok_or_else(malformed)?;
        args.clear();
        args.extend(list.split(',').map(str::trim));
        return Ok(Line::Gate { net, op });
    }
    let (decl, arg, count) = call(code).ok_or_else(malformed)?;
    if count != 1 {
        return Err(malformed());
    }
    let arg = arg.trim();
    if decl.eq_ignore_ascii_case("INPUT") {
        Ok(Line::Input(arg))
    } else if decl.eq_ignore_ascii_case("OUTPUT") {
        Ok(Line::Output(arg))
    } else {
        Err(malformed())
    }
}

/// `OP(a, b, c)` → `("OP", "a, b, c", 3)`: the operator, the argument text between the
/// parentheses and the number of arguments, each checked to be a [`name`].
pub(super) fn call(text: &str) -> Option<(&str, &str, usize)> {
    let (op, rest) = text.trim().split_once('(')?;
    let args = rest.trim_end().strip_suffix(')')?;
    let op = name(op)?;
    let mut count = 0;
    for arg in args.split(',') {
        name(arg)?;
        count += 1;
    }
    Some((op, args, count))
}

/// A net or operator name: non-empty, no whitespace, parentheses, `,` or `=`.
pub(super) fn name(text: &str) -> Option<&str> {
    let t = text.trim();
    let ok = !t.is_empty()
        && if t.is_ascii() {
            !t.bytes().any(|b| {
                matches!(
                    b,
                    b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' | b'(' | b')' | b',' | b'='
                )
            })
        } else {
            !t.chars()
                .any(|c| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '='))
        };
    ok.then_some(t)
}
