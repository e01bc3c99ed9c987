//! Memories: ROM and RAM with honest unknowns.
//!
//! A memory has `2^A` words of `D` bits (`A` in [`ADDR_BITS`], `D` in [`DATA_BITS`]), each bit
//! a trit. In a file it is one node of kind [`NodeKind::Rom`](crate::kind::NodeKind::Rom) or
//! [`NodeKind::Ram`](crate::kind::NodeKind::Ram) whose `width` is `D`; its contents come from
//! a file beside the circuit (see [`contents`]) or, for a ROM, from `words` inline. Loading
//! expands it, like any bus node, into `D` single-trit nodes `M[0]` … `M[D-1]`, one per data
//! bit; each is an independent one-bit column of the memory (a write to bit `k` of a word
//! changes only what bit `k` reads), so the engine runs one event per output bit that
//! changes and a memory of 64 K words × 64 bits costs memory for its words, not for a
//! flattened array of gates.
//!
//! # Pins
//! In a file: input 0 is the address bus (`A` trits, bit 0 the least significant); a RAM
//! also has input 1, data in (`D` trits), input 2, write enable, and input 3, the clock. Once
//! expanded, bit node `k` has the address bits on inputs `0..A`, and a RAM's data-in bit
//! `k`, write enable and clock on inputs `A`, `A + 1`, `A + 2` (for `A = 1` the same numbers
//! as in the file).
//!
//! A RAM has separate data-in and data-out buses on one address (Logisim-evolution's
//! "separate load and store ports" arrangement); there is no single-port variant with one
//! bidirectional data bus, since Tritium's nets have one driver and no high impedance.
//!
//! # The rule for unknowns
//! A memory computes what its circuit of gates would compute under Kleene's strong logic
//! when the memory is a mux tree: the read path a tree of 2:1 multiplexers on the address
//! bits, each with its consensus term (`s·a + s̄·b + a·b`, Huffman's hazard-free form, so an
//! unknown select with equal data gives that data), and each stored bit a positive-edge
//! flip-flop whose D is `mux(we · decode_w(address), data_in, stored)`. Worked out:
//!
//! * **Read** ([`read_bit`]): the candidate words are those whose address agrees with every
//!   known address bit; the output bit is the bit on which every candidate word agrees, and
//!   unknown where two differ or one is unknown. With a known address, the word's bit.
//! * **Write** ([`write_bit`]): the enable is `edge ∧ we` (Kleene AND), where `edge` is +1 on
//!   a rising clock (−1 → +1), 0 on a change that may or may not be one (−1 → 0, 0 → +1,
//!   as [`NodeKind::Dff`](crate::kind::NodeKind::Dff)), −1 otherwise. An enable of −1
//!   writes nothing; +1 with a known address writes data in; otherwise every candidate word
//!   whose bit could change (it differs from data in, or either is unknown) becomes unknown
//!   there, and the others keep their value.
//!
//! `tests/memory.rs` checks both rules exhaustively on small memories against that explicit
//! mux-tree circuit of gates and flip-flops.

pub mod contents;

use std::ops::RangeInclusive;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::literal::Literal;
use crate::trit::Trit;

/// Address widths a memory may have: 1 to 16 bits (2 to 65,536 words).
pub const ADDR_BITS: RangeInclusive<u8> = 1..=16;

/// Data widths a memory may have: 1 to 64 bits.
pub const DATA_BITS: RangeInclusive<u8> = 1..=64;

/// One word of up to 64 trits, dual-rail: bit `k` is +1 if set in both `known` and `ones`, −1
/// if set in `known` only, unknown if clear in `known` (`ones` is then clear too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Word {
    known: u64,
    ones: u64,
}

impl Word {
    /// Every bit unknown.
    pub const UNKNOWN: Word = Word { known: 0, ones: 0 };

    /// The known word `value` of `width` bits (bits of `value` above `width` are ignored).
    pub fn from_u64(value: u64, width: u8) -> Word {
        let mask = mask(width);
        Word {
            known: mask,
            ones: value & mask,
        }
    }

    /// The word with bits `bits` (bit 0 first; at most 64 are read).
    pub fn from_trits(bits: &[Trit]) -> Word {
        let mut word = Word::UNKNOWN;
        for (k, &bit) in bits.iter().take(64).enumerate() {
            word.set(k as u32, bit);
        }
        word
    }

    /// Bit `k` (0..64).
    #[inline]
    pub fn bit(self, k: u32) -> Trit {
        let m = 1u64 << (k & 63);
        match (self.known & m != 0, self.ones & m != 0) {
            (false, _) => Trit::Unknown,
            (true, false) => Trit::False,
            (true, true) => Trit::True,
        }
    }

    /// Bit `k` (0..64) as a digit: 0, 1, 2 for −1, 0, +1 (what [`bit`](Self::bit) gives,
    /// without a branch).
    #[inline]
    pub(crate) fn digit(self, k: u32) -> u8 {
        let known = (self.known >> (k & 63)) & 1;
        let one = (self.ones >> (k & 63)) & 1;
        // `ones` is clear where `known` is: unknown 1, −1 0, +1 2.
        (1 - known + 2 * one) as u8
    }

    /// Sets bit `k` (0..64) to `value`.
    #[inline]
    pub fn set(&mut self, k: u32, value: Trit) {
        let m = 1u64 << (k & 63);
        self.known = if value.is_known() {
            self.known | m
        } else {
            self.known & !m
        };
        self.ones = if value == Trit::True {
            self.ones | m
        } else {
            self.ones & !m
        };
    }

    /// The first `width` bits, bit 0 first.
    pub fn trits(self, width: u8) -> Vec<Trit> {
        (0..u32::from(width)).map(|k| self.bit(k)).collect()
    }

    /// The value if the first `width` bits are all known.
    pub fn value(self, width: u8) -> Option<u64> {
        let mask = mask(width);
        (self.known & mask == mask).then_some(self.ones & mask)
    }

    /// Whether every one of the first `width` bits is unknown.
    pub fn is_unknown(self, width: u8) -> bool {
        self.known & mask(width) == 0
    }

    /// The mask of the bits known in `self`, of the first `width`.
    pub fn known_mask(self, width: u8) -> u64 {
        self.known & mask(width)
    }

    /// The set bits (+1), among the known ones.
    pub fn ones(self) -> u64 {
        self.ones
    }
}

/// The low `width` bits set (all 64 for 64 or more).
pub(crate) fn mask(width: u8) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Where a memory's words come from, as a file writes it: a contents file's name (relative to
/// the circuit file; see [`contents`]) or the words themselves from address 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ContentsDecl {
    /// A contents file, plain hex or Logisim-evolution's `v2.0 raw`.
    File(String),
    /// The words inline, each a number of the data width (`"0x5?"` for unknown bits).
    Words(Vec<Literal>),
}

/// A memory a level declares, before its contents are read: what [`crate::bus::expand`]
/// finds (its label an instance path once flattened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryDecl {
    /// The node's label.
    pub label: String,
    /// ROM or RAM.
    pub kind: MemoryKind,
    /// Address bits.
    pub addr_bits: u8,
    /// Data bits (the node's width).
    pub data_bits: u8,
    /// The contents as written, if any.
    pub contents: Option<ContentsDecl>,
}

/// A ROM (read only, combinational) or a RAM (written on the clock's rising edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryKind {
    /// Read only.
    Rom,
    /// Read and written.
    Ram,
}

/// A memory of a [`Circuit`](crate::Circuit): its name (the label of its node in the file, an
/// instance path once flattened; its data bits are the nodes `name[k]`, or `name` itself
/// when `D = 1`), kind, widths and the contents it starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// The memory's label.
    pub label: String,
    /// ROM or RAM.
    pub kind: MemoryKind,
    /// Address bits `A`, in [`ADDR_BITS`].
    pub addr_bits: u8,
    /// Data bits `D`, in [`DATA_BITS`].
    pub data_bits: u8,
    /// The words at power-on and reset, `2^A` of them (shared: a ROM is never copied).
    pub image: Arc<[Word]>,
    /// The contents file it was loaded from (as the circuit file names it), if any.
    pub file: Option<String>,
}

impl Memory {
    /// The number of words, `2^A`.
    pub fn words(&self) -> usize {
        1 << self.addr_bits
    }

    /// The label of data bit `k`'s node.
    pub fn bit_label(&self, k: usize) -> String {
        if self.data_bits == 1 {
            self.label.clone()
        } else {
            crate::literal::bit_label(&self.label, k)
        }
    }
}

/// The address `addr` (bit 0 first) as the first candidate (every unknown bit 0) and the mask
/// of its unknown bits.
#[inline]
pub fn split_address(addr: &[Trit]) -> (usize, usize) {
    let mut base = 0;
    let mut free = 0;
    for (j, &a) in addr.iter().enumerate() {
        match a {
            Trit::True => base |= 1 << j,
            Trit::Unknown => free |= 1 << j,
            Trit::False => {}
        }
    }
    (base, free)
}

/// Every candidate address: `base` with each subset of the bits of `free` set, `base` first.
#[inline]
fn candidates(base: usize, free: usize) -> impl Iterator<Item = usize> {
    // The subsets of `free` in increasing order (`sub = (sub - free) & free`).
    let mut sub = Some(0usize);
    std::iter::from_fn(move || {
        let s = sub?;
        let next = s.wrapping_sub(free) & free;
        sub = (next != 0).then_some(next);
        Some(base | s)
    })
}

/// Bit `k` read from `words` at address `addr` (bit 0 first; see the [module
/// docs](self#the-rule-for-unknowns)): the bit of every candidate word when they agree,
/// unknown otherwise. Time: one word per candidate, `2^u` for `u` unknown address bits.
/// An address past `words` reads unknown.
#[inline]
pub fn read_bit(words: &[Word], addr: &[Trit], k: u32) -> Trit {
    read_bit_split(words, split_address(addr), k)
}

/// [`read_bit`] at the address split into its first candidate and the mask of its unknown
/// bits (see [`split_address`]).
#[inline]
pub(crate) fn read_bit_split(words: &[Word], (base, free): (usize, usize), k: u32) -> Trit {
    let get = |a: usize| words.get(a).map_or(Trit::Unknown, |w| w.bit(k));
    let first = get(base);
    if free == 0 || first == Trit::Unknown {
        return first;
    }
    if candidates(base, free).all(|a| get(a) == first) {
        first
    } else {
        Trit::Unknown
    }
}

/// The whole word read at `addr` (as [`read_bit`] for each bit).
pub fn read_word(words: &[Word], addr: &[Trit]) -> Word {
    read_word_split(words, split_address(addr))
}

/// [`read_word`] at the address split into its first candidate and the mask of its unknown
/// bits (see [`split_address`]).
#[inline]
pub(crate) fn read_word_split(words: &[Word], (base, free): (usize, usize)) -> Word {
    let Some(&first) = words.get(base) else {
        return Word::UNKNOWN;
    };
    if free == 0 {
        return first;
    }
    let mut agree = first.known;
    for a in candidates(base, free) {
        let w = words.get(a).copied().unwrap_or(Word::UNKNOWN);
        agree &= w.known & !(w.ones ^ first.ones);
    }
    Word {
        known: agree,
        ones: first.ones & agree,
    }
}

/// The write enable of a RAM whose clock went from `prev` to `clk` with write enable `we`:
/// `edge ∧ we`, where `edge` is +1 on a rising edge (−1 → +1), 0 on a change that may be one
/// (−1 → 0, 0 → +1), −1 otherwise.
pub fn write_enable(prev: Trit, clk: Trit, we: Trit) -> Trit {
    let edge = match (prev, clk) {
        (Trit::False, Trit::True) => Trit::True,
        (Trit::False, Trit::Unknown) | (Trit::Unknown, Trit::True) => Trit::Unknown,
        _ => Trit::False,
    };
    edge.and(we)
}

/// Writes bit `k` of `words` at `addr` with enable `enable` (see [`write_enable`]) and data
/// in `din`, by the [module's rule](self#the-rule-for-unknowns). Returns whether a bit
/// changed. An address past `words` writes nothing.
pub fn write_bit(words: &mut [Word], addr: &[Trit], enable: Trit, din: Trit, k: u32) -> bool {
    write_bit_split(words, split_address(addr), enable, din, k)
}

/// [`write_bit`] at the address split into its first candidate and the mask of its unknown
/// bits (see [`split_address`]).
#[inline]
pub(crate) fn write_bit_split(
    words: &mut [Word],
    (base, free): (usize, usize),
    enable: Trit,
    din: Trit,
    k: u32,
) -> bool {
    if enable == Trit::False {
        return false;
    }
    if free == 0 && enable == Trit::True {
        return words.get_mut(base).is_some_and(|w| {
            let old = w.bit(k);
            w.set(k, din);
            old != din
        });
    }
    let mut changed = false;
    for a in candidates(base, free) {
        if let Some(w) = words.get_mut(a) {
            let old = w.bit(k);
            if old != Trit::Unknown && (old != din || din == Trit::Unknown) {
                w.set(k, Trit::Unknown);
                changed = true;
            }
        }
    }
    changed
}

/// The candidate addresses of `addr` (every completion of its unknown bits), in increasing
/// order; one for a known address.
pub fn candidate_addresses(addr: &[Trit]) -> impl Iterator<Item = usize> {
    let (base, free) = split_address(addr);
    candidates(base, free)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Kleene's strong logic, the 2:1 multiplexer with its consensus term.
    fn mux(s: Trit, one: Trit, zero: Trit) -> Trit {
        s.and(one).or(s.not().and(zero)).or(one.and(zero))
    }

    /// The mux tree over address bits `addr` (bit 0 selects at the leaves).
    fn tree(bits: &[Trit], addr: &[Trit]) -> Trit {
        if bits.len() == 1 {
            return bits[0];
        }
        let (top, rest) = addr.split_last().expect("an address bit per level");
        let half = bits.len() / 2;
        mux(*top, tree(&bits[half..], rest), tree(&bits[..half], rest))
    }

    fn trit() -> impl Strategy<Value = Trit> {
        prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
    }

    proptest! {
        /// Reading equals the consensus mux tree, for every address of three trits.
        #[test]
        fn read_is_the_mux_tree(bits in proptest::collection::vec(trit(), 8)) {
            let words: Vec<Word> = bits.iter().map(|&b| Word::from_trits(&[b])).collect();
            for code in 0..27 {
                let addr = [Trit::ALL[code % 3], Trit::ALL[code / 3 % 3], Trit::ALL[code / 9]];
                prop_assert_eq!(read_bit(&words, &addr, 0), tree(&bits, &addr), "{:?}", addr);
                prop_assert_eq!(read_word(&words, &addr).bit(0), tree(&bits, &addr));
            }
        }
    }

    #[test]
    fn candidates_enumerate_every_completion() {
        let all: Vec<usize> = candidates(0b0100, 0b1010).collect();
        assert_eq!(all, [0b0100, 0b0110, 0b1100, 0b1110]);
        assert_eq!(candidates(5, 0).collect::<Vec<_>>(), [5]);
    }

    #[test]
    fn write_rules() {
        let mut w = vec![Word::from_u64(0b01, 2), Word::from_u64(0b11, 2)];
        // Unknown address, enable +1, data +1: bit 0 is 1 in both (kept), bit 1 differs.
        assert!(!write_bit(
            &mut w,
            &[Trit::Unknown],
            Trit::True,
            Trit::True,
            0
        ));
        assert!(write_bit(
            &mut w,
            &[Trit::Unknown],
            Trit::True,
            Trit::True,
            1
        ));
        assert_eq!(w[0].bit(1), Trit::Unknown);
        assert_eq!(w[1].bit(1), Trit::True);
        assert_eq!(
            write_enable(Trit::False, Trit::True, Trit::True),
            Trit::True
        );
        assert_eq!(
            write_enable(Trit::Unknown, Trit::True, Trit::True),
            Trit::Unknown
        );
        assert_eq!(
            write_enable(Trit::True, Trit::False, Trit::True),
            Trit::False
        );
    }
}
