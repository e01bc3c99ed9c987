//! Memories in the engine: a data bit of a ROM or RAM evaluated as one node (see
//! [`crate::memory`] for the rules), and the RAMs' words, which the engine owns.

use super::Engine;
use crate::memory::{MemoryKind, Word};
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

/// Evaluates memory data-bit node `i` reading `values`: a RAM writes its bit first (on a
/// rising edge, see [`crate::memory::write_enable`]; its clock remembered in `drive`), then the bit
/// is read at the address — the two halves the levelized schedule runs apart.
#[inline]
pub(super) fn eval(
    net: &Netlist,
    rams: &mut [Option<Vec<Word>>],
    i: u32,
    values: &[Trit],
    drive: &mut [Trit],
) -> Trit {
    let Some((m, bit)) = net.memory_bit(i) else {
        return Trit::Unknown;
    };
    net.memory_write((i, m, bit), rams, values, drive);
    net.memory_read((i, m, bit), rams, values)
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
