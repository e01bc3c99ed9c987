//! Memories in the engine: a data bit of a ROM or RAM evaluated as one node (see
//! [`crate::memory`] for the rules), and the RAMs' words, which the engine owns.

use super::Engine;
use crate::memory::{self, MemoryKind, Word};
use crate::netlist::Netlist;
use crate::trit::Trit;

/// The words of each memory of `net` at power-on: a RAM's own copy of its image, `None` for
/// a ROM (read from the netlist's image, never copied).
pub(super) fn initial_rams(net: &Netlist) -> Vec<Option<Vec<Word>>> {
    net.memories
        .iter()
        .map(|m| (m.kind == MemoryKind::Ram).then(|| m.image.to_vec()))
        .collect()
}

/// Evaluates memory data-bit node `i` reading its input slots `src` in `values`, its clock
/// having been `prev` when it last ran: a RAM writes its bit first (on a rising edge, see
/// [`memory::write_enable`]), then the bit is read at the address. Returns the output and
/// the clock value to remember.
#[inline]
pub(super) fn eval(
    net: &Netlist,
    rams: &mut [Option<Vec<Word>>],
    i: u32,
    src: &[u32],
    values: &[Trit],
    prev: Trit,
) -> (Trit, Trit) {
    let Some((m, bit)) = net.memory_bit(i) else {
        return (Trit::Unknown, prev);
    };
    let mem = &net.memories[m as usize];
    let a = usize::from(mem.addr_bits);
    let mut addr = [Trit::Unknown; 16];
    for (slot, &s) in addr.iter_mut().zip(src) {
        *slot = values[s as usize];
    }
    let addr = &addr[..a.min(16)];
    match rams.get_mut(m as usize).and_then(Option::as_mut) {
        None => (memory::read_bit(&mem.image, addr, bit), prev),
        Some(words) => {
            let pin = |k: usize| {
                src.get(a + k)
                    .map_or(Trit::Unknown, |&s| values[s as usize])
            };
            let (din, we, clk) = (pin(0), pin(1), pin(2));
            let enable = memory::write_enable(prev, clk, we);
            memory::write_bit(words, addr, enable, din, bit);
            (memory::read_bit(words, addr, bit), clk)
        }
    }
}

impl Engine {
    /// Overwrites word `addr` of memory `label` with `word` — a RAM's current word, or a
    /// ROM's (its image copied for this engine on the first change) — and schedules the
    /// memory's data bits, so that the next settle shows it. `false` (nothing changed) if
    /// the circuit has no such memory or `addr` is past its words.
    pub fn write_memory_word(&mut self, label: &str, addr: usize, word: Word) -> bool {
        let Some(m) = self.net.memories.iter().position(|m| m.label == label) else {
            return false;
        };
        let target = match &mut self.rams[m] {
            Some(words) => words.get_mut(addr),
            None => std::sync::Arc::make_mut(&mut self.net.memories[m].image).get_mut(addr),
        };
        let Some(target) = target else {
            return false;
        };
        *target = word;
        let mut bits: Vec<u32> = self
            .net
            .memory_bits
            .iter()
            .filter(|(_, (memory, _))| *memory as usize == m)
            .map(|(&i, _)| i)
            .collect();
        bits.sort_unstable();
        for i in bits {
            self.schedule_node(i, crate::event::Cause::Set);
        }
        true
    }

    /// The words of memory `label` now: a RAM's as written so far, a ROM's image. `None` if
    /// the circuit has no such memory.
    pub fn memory_words(&self, label: &str) -> Option<&[Word]> {
        let m = self.net.memories.iter().position(|m| m.label == label)?;
        Some(match &self.rams[m] {
            Some(words) => words,
            None => &self.net.memories[m].image,
        })
    }
}
