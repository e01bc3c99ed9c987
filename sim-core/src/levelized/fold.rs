//! The folded form of a levelized schedule for settles without records: inverters and
//! buffers folded into their consumers ([`Folded`]).

use super::slot::{BASE_TABLES, FOLD_TABLES, Kind, Slot, TABLES, Table, digit};
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// A one-input gate whose truth table is a bijection (an inverter or a buffer), folded into its
/// consumers in the settles without records: they read its driver (the *root*, after following
/// chains of folded gates) through a permuted table, and the root's fanout goes straight to
/// them. Since the map is a bijection, the folded gate changes exactly when its root does, so
/// the consumers are scheduled exactly as before. The root's fast fanout also marks the folded
/// gate's bit in a region of the pending bitset after the positions; after the settle, the
/// marked gates are brought up to date from their roots and counted as events when they change
/// (they would have been evaluated exactly then).
#[derive(Clone, Copy, Debug)]
pub(super) struct Folded {
    /// Its dense index.
    pub(super) node: u32,
    /// The root's dense index.
    pub(super) root: u32,
    /// Its position.
    pub(super) own: u32,
    /// Its value for each root digit.
    pub(super) map: [Trit; 3],
}

/// The fast form of a levelized schedule: `(fast_slots, fast_fo_start, fast_fanout, folded)`
/// (see [`Folded`]); permuted tables are added to `tables` while there is room.
pub(super) fn fold(
    net: &Netlist,
    slots: &[Slot],
    fo_start: &[u32],
    fanout: &[u32],
    tables: &mut [Table; TABLES],
) -> (Vec<Slot>, Vec<u32>, Vec<u32>, Vec<Folded>) {
    let n = net.len();
    let identity = [Trit::False, Trit::Unknown, Trit::True];
    // Per dense index: (root, map) of a folded gate.
    let mut fold_of: Vec<Option<(u32, [Trit; 3])>> = vec![None; n];
    // Per dense index: the folded gate's number, `u32::MAX` if none.
    let mut fold_k = vec![u32::MAX; n];
    let mut folded = Vec::new();
    let consumers_take_tables = |i: u32| {
        net.fanout[net.fanout_range(i)]
            .iter()
            .all(|&t| matches!(net.ops[t as usize], Op::Gate(_)) && net.input_range(t).len() <= 2)
    };
    // In position order, so that a folded driver is known before its consumers.
    for (p, slot) in slots.iter().enumerate() {
        let i = slot.node;
        if slot.kind != Kind::Table
            || net.input_range(i).len() != 1
            || slot.a as usize >= n
            || !consumers_take_tables(i)
        {
            continue;
        }
        let table = &tables[usize::from(slot.table)];
        let own = identity.map(|t| table[4 * digit(t) + 1]);
        let mut seen = [false; 3];
        for t in own {
            seen[digit(t)] = true;
        }
        if seen != [true; 3] {
            continue;
        }
        let (root, map) = match fold_of[slot.a as usize] {
            Some((root, inner)) => (root, inner.map(|t| own[digit(t)])),
            None => (slot.a, own),
        };
        fold_of[i as usize] = Some((root, map));
        fold_k[i as usize] = folded.len() as u32;
        folded.push(Folded {
            node: i,
            root,
            own: p as u32,
            map,
        });
    }
    // Consumers read the roots through permuted tables (interned after the base tables).
    let mut used = BASE_TABLES;
    let mut fast_slots = slots.to_vec();
    for slot in &mut fast_slots {
        if slot.kind != Kind::Table {
            continue;
        }
        let lookup = |s: u32| {
            fold_of
                .get(s as usize)
                .copied()
                .flatten()
                .unwrap_or((s, identity))
        };
        let ((a, map_a), (b, map_b)) = (lookup(slot.a), lookup(slot.b));
        if (a, b) == (slot.a, slot.b) {
            continue;
        }
        let base = tables[usize::from(slot.table)];
        let mut permuted = base;
        for x in identity {
            for y in identity {
                permuted[4 * digit(x) + digit(y)] =
                    base[4 * digit(map_a[digit(x)]) + digit(map_b[digit(y)])];
            }
        }
        let index = match tables[..used].iter().position(|t| *t == permuted) {
            Some(k) => k,
            None if used < FOLD_TABLES => {
                tables[used] = permuted;
                used += 1;
                used - 1
            }
            // No room: keep reading the folded gates themselves (never reached: there are
            // at most 24 × 3 × 3 permuted tables).
            None => continue,
        };
        slot.a = a;
        slot.b = b;
        slot.table = index as u8;
    }
    let (fast_fo_start, fast_fanout) = fold_fanout(slots, fo_start, fanout, &fold_k);
    (fast_slots, fast_fo_start, fast_fanout, folded)
}

/// The fast fanout `(fo_start, fanout)`: a folded gate (`fold_k`, per dense index: its
/// number, `u32::MAX` if not folded) is replaced by its mark and its own fanout, recursively. A
/// consumer reached twice is listed twice: harmless (an `OR`).
pub(super) fn fold_fanout(
    slots: &[Slot],
    fo_start: &[u32],
    fanout: &[u32],
    fold_k: &[u32],
) -> (Vec<u32>, Vec<u32>) {
    // Fanout: a folded gate is replaced by its mark and its own fanout, recursively (positions
    // only grow).
    let marks = (slots.len().div_ceil(64) * 64) as u32;
    let folded_number = |t: u32| fold_k[slots[t as usize].node as usize];
    let mut fast_fo_start = Vec::with_capacity(fo_start.len());
    let mut fast_fanout = Vec::with_capacity(fanout.len());
    let mut stack = Vec::new();
    for p in 0..slots.len() {
        fast_fo_start.push(fast_fanout.len() as u32);
        stack.extend(
            fanout[fo_start[p] as usize..fo_start[p + 1] as usize]
                .iter()
                .rev(),
        );
        while let Some(t) = stack.pop() {
            let k = folded_number(t);
            if slots[p].kind != Kind::Sample && k != u32::MAX {
                fast_fanout.push(marks + k);
                let (from, to) = (
                    fo_start[t as usize] as usize,
                    fo_start[t as usize + 1] as usize,
                );
                stack.extend(fanout[from..to].iter().rev());
            } else {
                fast_fanout.push(t);
            }
        }
    }
    fast_fo_start.push(fast_fanout.len() as u32);
    (fast_fo_start, fast_fanout)
}

/// The fast fanout `(fo_start, fanout)` as marks: per position, its targets grouped by the word
/// of the pending bitset they fall in, one `(word, mask)` per word, ranges as in `fo_start`. A
/// gate's fanout mostly lies in one or two words (its consumers share a level), so marking it
/// is one or two `OR`s instead of one per consumer — each of which waits for the one before
/// into the same word.
pub(super) fn marks(fo_start: &[u32], fanout: &[u32]) -> (Vec<u32>, Vec<u32>, Vec<u64>) {
    let mut start = Vec::with_capacity(fo_start.len());
    let (mut words, mut masks) = (Vec::new(), Vec::new());
    for range in fo_start.windows(2) {
        start.push(words.len() as u32);
        let first = words.len();
        for &t in &fanout[range[0] as usize..range[1] as usize] {
            let (word, bit) = (t >> 6, 1u64 << (t & 63));
            if let Some(k) = words[first..].iter().position(|&w| w == word) {
                masks[first + k] |= bit;
            } else {
                words.push(word);
                masks.push(bit);
            }
        }
    }
    start.push(words.len() as u32);
    (start, words, masks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_group_a_fanout_by_word() {
        // Position 0 reaches 3, 5 and 70; position 1 nothing; position 2 reaches 64 and 1.
        let (start, words, masks) = marks(&[0, 3, 3, 5], &[3, 5, 70, 64, 1]);
        assert_eq!(start, [0, 2, 2, 4]);
        assert_eq!(words, [0, 1, 1, 0]);
        assert_eq!(masks, [1 << 3 | 1 << 5, 1 << 6, 1, 1 << 1]);
    }
}
