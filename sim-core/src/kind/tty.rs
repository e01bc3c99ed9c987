//! A terminal's ([`NodeKind::Tty`](super::NodeKind::Tty)) text and the rules that write it:
//! [`TtyLog`], fed the TTY's bus after every settle, and the bus's bit positions.

use super::flip_flop::may_rise;
use crate::trit::Trit;

/// The width of a TTY's bus, in trits.
pub const TTY_WIDTH: u8 = 10;
/// The bits of a TTY's bus that hold the 7-bit ASCII character (bit 0 least significant).
pub const TTY_CHAR: std::ops::Range<usize> = 0..7;
/// The bit of a TTY's bus that is its clock (a write happens on its rising edge).
pub const TTY_CLOCK: usize = 7;
/// The bit of a TTY's bus that is its write enable (sampled before the clock edge).
pub const TTY_WRITE: usize = 8;
/// The bit of a TTY's bus that clears its text while +1.
pub const TTY_CLEAR: usize = 9;

/// Form feed (control-L): empties the text.
const FORM_FEED: u8 = 12;
/// Backspace: deletes the last character of the line.
const BACKSPACE: u8 = 8;
/// What a write that cannot be pinned down writes.
const UNSURE: char = '?';

/// A TTY's text: fed the TTY's bus after every settle ([`observe`](Self::observe)), it writes
/// as follows. Starts empty, with the bus unknown (as at power-on).
///
/// The TTY is Logisim-evolution's *TTY* (data, clock, write enable, clear) on one bus: bits
/// [`TTY_CHAR`] the 7-bit ASCII character (bit 0 least significant; −1 a 0 bit, +1 a 1 bit),
/// [`TTY_CLOCK`] the clock, [`TTY_WRITE`] write enable, [`TTY_CLEAR`] clear. As a flip-flop
/// samples its D, a write takes the character and write enable the bus held *before* the
/// clock's rising edge (−1 → +1 between two settles); clear is a level: at +1 it empties the
/// text, and wins over a write at the same settle. Characters act as on Logisim's TTY: a
/// printable one (32–126) is appended, newline (10) and carriage return (13) start a new
/// line, backspace (8) deletes the last character of the line, form feed (12) empties the
/// text, any other control character is ignored.
///
/// **Unknowns.** A write Tritium cannot pin down — an unknown character bit, an unknown write
/// enable, or a clock change that may be a rising edge (−1 → 0, 0 → +1: the flip-flops' rule,
/// see [`dff_next`](super::dff_next)) — writes the character `?`; an unknown clear turns
/// every character of the text into `?` (and a write at the same settle writes `?`). So the
/// text is exactly what the terminal would show if each of those writes had written `?`, and
/// each `?` stands for a character that may be any of the 128 (a control character's effect
/// included) or, for an unknown write enable, clock edge or clear, none at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TtyLog {
    /// The text shown: lines joined by `\n`, only ASCII, at most [`LIMIT`](Self::LIMIT)
    /// bytes (the last ones).
    text: String,
    /// The bus as last observed.
    before: [Trit; TTY_WIDTH as usize],
}

/// One write at a clock edge: a known character, or one Tritium cannot pin down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Write {
    /// A known ASCII code (0–127).
    Known(u8),
    /// An unknown character, or a write that may not happen.
    Unsure,
}

impl Default for TtyLog {
    fn default() -> Self {
        TtyLog {
            text: String::new(),
            before: [Trit::Unknown; TTY_WIDTH as usize],
        }
    }
}

impl TtyLog {
    /// The most characters kept: past it, the oldest are dropped.
    pub const LIMIT: usize = 1 << 16;

    /// An empty log, the bus unknown.
    pub fn new() -> TtyLog {
        TtyLog::default()
    }

    /// The text written so far: lines joined by `\n`, ASCII only (each `?` as [`TtyLog`]
    /// says), the last [`LIMIT`](Self::LIMIT) characters.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Takes the TTY's bus as a settle left it (`bus[i]` bit i; missing bits read as
    /// unknown, extra ones are ignored) and writes or clears as the [type's docs](TtyLog) say.
    pub fn observe(&mut self, bus: &[Trit]) {
        let mut now = [Trit::Unknown; TTY_WIDTH as usize];
        for (slot, &value) in now.iter_mut().zip(bus) {
            *slot = value;
        }
        let before = std::mem::replace(&mut self.before, now);
        let write = Self::write_at(&before, &now);
        match now[TTY_CLEAR] {
            Trit::True => self.text.clear(),
            Trit::Unknown => {
                self.text = UNSURE.to_string().repeat(self.text.len());
                if write.is_some() {
                    self.push(UNSURE);
                }
            }
            Trit::False => match write {
                Some(Write::Known(code)) => self.type_code(code),
                Some(Write::Unsure) => self.push(UNSURE),
                None => {}
            },
        }
    }

    /// Empties the text and forgets the bus (power-on).
    pub fn reset(&mut self) {
        *self = TtyLog::default();
    }

    /// The write the bus going from `before` to `now` makes, if any: on a clock change that
    /// may rise, with write enable (before the edge) not −1; [`Write::Known`] only for a
    /// rising edge, write enable +1 and a known character.
    fn write_at(before: &[Trit], now: &[Trit]) -> Option<Write> {
        let (was, is) = (before[TTY_CLOCK], now[TTY_CLOCK]);
        let enable = before[TTY_WRITE];
        if !may_rise(was, is) || enable == Trit::False {
            return None;
        }
        let sure = was == Trit::False && is == Trit::True && enable == Trit::True;
        let code = before[TTY_CHAR]
            .iter()
            .rev()
            .try_fold(0u8, |code, &bit| match bit {
                Trit::True => Some(code << 1 | 1),
                Trit::False => Some(code << 1),
                Trit::Unknown => None,
            });
        Some(match code {
            Some(code) if sure => Write::Known(code),
            _ => Write::Unsure,
        })
    }

    /// Writes ASCII `code` as Logisim's TTY does (see [`TtyLog`]).
    fn type_code(&mut self, code: u8) {
        match code {
            FORM_FEED => self.text.clear(),
            // Deletes within the line only.
            BACKSPACE if self.text.ends_with(|c| c != '\n') => {
                self.text.pop();
            }
            b'\n' | b'\r' => self.push('\n'),
            32..=126 => self.push(char::from(code)),
            _ => {}
        }
    }

    /// Appends `c` (ASCII), dropping the oldest characters past [`LIMIT`](Self::LIMIT).
    fn push(&mut self, c: char) {
        self.text.push(c);
        if self.text.len() > Self::LIMIT {
            self.text.drain(..self.text.len() - Self::LIMIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Trit::{False as F, True as T, Unknown as X};

    /// A TTY bus: character `code` (bits as given, `None` all unknown), clock, write enable
    /// and clear.
    fn bus(code: Option<u8>, clock: Trit, write: Trit, clear: Trit) -> Vec<Trit> {
        let mut bits: Vec<Trit> = (0..7)
            .map(|i| code.map_or(X, |c| Trit::from(c >> i & 1 == 1)))
            .collect();
        bits.extend([clock, write, clear]);
        bits
    }

    /// Writes each character of `text` with a full clock pulse, write enable +1.
    fn type_text(log: &mut TtyLog, text: &[u8]) {
        for &c in text {
            log.observe(&bus(Some(c), F, T, F));
            log.observe(&bus(Some(c), T, T, F));
        }
    }

    #[test]
    fn a_rising_edge_with_write_enable_writes_the_character_before_it() {
        let mut log = TtyLog::new();
        type_text(&mut log, b"HI");
        assert_eq!(log.text(), "HI");
        // The character changes in the same settle as the edge: the one before is written.
        log.observe(&bus(Some(b'A'), F, T, F));
        log.observe(&bus(Some(b'B'), T, T, F));
        assert_eq!(log.text(), "HIA");
        // No edge: a clock held high, a falling edge, write enable −1 before the edge.
        log.observe(&bus(Some(b'C'), T, T, F));
        log.observe(&bus(Some(b'C'), F, T, F));
        log.observe(&bus(Some(b'C'), F, F, F));
        log.observe(&bus(Some(b'C'), T, T, F));
        assert_eq!(log.text(), "HIA");
    }

    #[test]
    fn control_characters_act_as_on_logisims_tty() {
        let mut log = TtyLog::new();
        type_text(&mut log, b"AB\x08C\nD\r\x01E");
        assert_eq!(log.text(), "AC\nD\nE");
        // A backspace at the start of a line deletes nothing.
        type_text(&mut log, b"\n\x08F");
        assert_eq!(log.text(), "AC\nD\nE\nF");
        type_text(&mut log, b"\x0cG");
        assert_eq!(log.text(), "G");
    }

    #[test]
    fn clear_at_plus_one_empties_the_text_and_wins_over_a_write() {
        let mut log = TtyLog::new();
        type_text(&mut log, b"HI");
        log.observe(&bus(Some(b'!'), F, T, F));
        log.observe(&bus(Some(b'!'), T, T, T));
        assert_eq!(log.text(), "");
        type_text(&mut log, b"OK");
        assert_eq!(log.text(), "OK");
    }

    #[test]
    fn unknowns_write_a_question_mark() {
        let mut log = TtyLog::new();
        // Power-on: the clock from unknown to −1 is no edge.
        log.observe(&bus(Some(b'A'), F, T, F));
        assert_eq!(log.text(), "");
        // An unknown character bit.
        log.observe(&bus(None, F, T, F));
        log.observe(&bus(None, T, T, F));
        assert_eq!(log.text(), "?");
        // An unknown write enable.
        log.observe(&bus(Some(b'A'), F, X, F));
        log.observe(&bus(Some(b'A'), T, X, F));
        assert_eq!(log.text(), "??");
        // Edges that may rise: −1 → 0 and 0 → +1; 0 → 0 is no change, so no edge.
        log.observe(&bus(Some(b'A'), F, T, F));
        log.observe(&bus(Some(b'A'), X, T, F));
        log.observe(&bus(Some(b'A'), X, T, F));
        log.observe(&bus(Some(b'A'), T, T, F));
        assert_eq!(log.text(), "????");
        // Write enable −1 rules a write out, whatever the clock.
        log.observe(&bus(Some(b'A'), F, F, F));
        log.observe(&bus(Some(b'A'), X, F, F));
        assert_eq!(log.text(), "????");
    }

    #[test]
    fn an_unknown_clear_makes_every_character_unsure() {
        let mut log = TtyLog::new();
        type_text(&mut log, b"H\nI");
        log.observe(&bus(Some(b'J'), F, T, X));
        assert_eq!(log.text(), "???");
        // A write under an unknown clear writes `?`, not the character.
        log.observe(&bus(Some(b'J'), T, T, X));
        assert_eq!(log.text(), "????");
        log.observe(&bus(Some(b'J'), T, T, T));
        assert_eq!(log.text(), "");
    }

    #[test]
    fn the_text_keeps_its_last_characters_and_resets_at_power_on() {
        let mut log = TtyLog::new();
        for _ in 0..=TtyLog::LIMIT {
            type_text(&mut log, b"x");
        }
        type_text(&mut log, b"y");
        assert_eq!(log.text().len(), TtyLog::LIMIT);
        assert!(log.text().ends_with("xy"));
        log.reset();
        assert_eq!(log, TtyLog::new());
    }
}
