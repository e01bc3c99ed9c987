//! Running a [`ClockedProgram`]: loading an engine's state and storing it back, ticking the
//! clocks, settling (flip-flops and RAM writes sampled by clock group) and the sweep of every
//! gate and memory read in level order.

use std::sync::Arc;

use super::program::{
    ClockedProgram, FALSE, Flop, Gate, NARROW, NEGATE, NEXT_ROWS, Rams, Step, Sweeps, TRUE,
};
use crate::kind::{FROM_DIGIT, digit, may_rise};
use crate::memory::{read_word_split, write_bit_split, write_enable};
use crate::netlist::Netlist;
use crate::trit::Trit;

impl ClockedProgram {
    /// Takes the state of a settled engine of the same netlist: the sources' values, the
    /// flip-flops' outputs and the clock values they (and the RAM writes) saw last, the RAMs'
    /// words (`rams`, by memory), the ROMs' images and the time; then one sweep computes every
    /// gate and memory read from them — the values the engine holds, its settle being the
    /// one fixpoint of the combinational logic.
    pub(crate) fn load(
        &mut self,
        net: &Netlist,
        (values, drive, rams): (&[Trit], &[Trit], &Rams),
        time: u64,
    ) {
        self.cells.fill(1);
        self.cells[TRUE as usize] = 2;
        self.cells[FALSE as usize] = 0;
        for &(i, cell) in &self.sources {
            self.cells[cell as usize] = digit(values[i as usize]) as u8;
        }
        let flop_base = self.flop_base as usize;
        for (k, f) in self.flops.iter().enumerate() {
            self.cells[flop_base + k] = digit(values[f.node as usize]) as u8;
            self.last[k] = drive[f.node as usize];
        }
        let writes_at = self.flops.len();
        for (k, w) in self.writes.iter().enumerate() {
            self.last[writes_at + k] = drive[w.node as usize];
        }
        for g in &mut self.clocked {
            g.seen = self.cells[g.cell as usize];
            let clock = FROM_DIGIT[usize::from(g.seen)];
            let saw = |k: u32| self.last[k as usize] != clock;
            g.mixed = (g.flops.0..g.flops.1).any(saw)
                || (g.writes.0..g.writes.1).any(|k| saw(writes_at as u32 + k));
        }
        self.rams.clone_from_slice(rams);
        for (rom, m) in self.roms.iter_mut().zip(&net.memories) {
            *rom = Arc::clone(&m.image);
        }
        self.time = time;
        for c in &mut self.clocks {
            c.left = c.half_period - time % c.half_period;
        }
        self.sweep();
    }

    /// Writes the state back into the engine's arrays (see [`load`](Self::load)): every
    /// node's value, what the sources drive and the clock values the flip-flops and RAM
    /// writes saw last, the RAMs' words. Returns the time.
    pub(crate) fn store(
        &self,
        (values, drive, rams): (&mut [Trit], &mut [Trit], &mut Rams),
    ) -> u64 {
        let n = self.cell_of.len() - 1;
        for (i, value) in values.iter_mut().enumerate().take(n) {
            *value = self.value(i as u32);
        }
        for &(i, _) in &self.sources {
            drive[i as usize] = values[i as usize];
        }
        let writes_at = self.flops.len() as u32;
        for g in &self.clocked {
            let clock = FROM_DIGIT[usize::from(g.seen)];
            let last = |k: u32| {
                if g.mixed {
                    self.last[k as usize]
                } else {
                    clock
                }
            };
            for k in g.flops.0..g.flops.1 {
                drive[self.flops[k as usize].node as usize] = last(k);
            }
            for k in g.writes.0..g.writes.1 {
                drive[self.writes[k as usize].node as usize] = last(writes_at + k);
            }
        }
        rams.clone_from_slice(&self.rams);
        self.time
    }

    /// The value of the node with dense index `i` (the floating net for `i` = the node
    /// count).
    #[inline]
    pub(crate) fn value(&self, i: u32) -> Trit {
        let cell = self.cell_of[i as usize];
        let value = FROM_DIGIT[usize::from(self.cells[(cell & !NEGATE) as usize] & 3)];
        if cell & NEGATE == 0 {
            value
        } else {
            value.not()
        }
    }

    /// Advances time by one tick and toggles every clock whose half period divides it, as
    /// [`Engine::tick`](crate::Engine::tick) does. Returns whether a toggled clock is read
    /// by a gate or a memory address (so that the settle must sweep).
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.time += 1;
        let mut combinational = false;
        for c in &mut self.clocks {
            c.left -= 1;
            if c.left == 0 {
                c.left = c.half_period;
                let cell = &mut self.cells[c.cell as usize];
                *cell = if *cell == 2 { 0 } else { 2 };
                combinational |= c.combinational;
            }
        }
        combinational
    }

    /// Settles after a tick: every flip-flop and RAM write whose clock changed samples (all
    /// before any output changes), the new outputs become visible, and if anything changed
    /// (or `dirty`: a clock read by the logic toggled) one sweep evaluates every gate and read.
    #[inline]
    pub(crate) fn settle(&mut self, mut dirty: bool) {
        let ClockedProgram {
            cells,
            flops,
            flop_base,
            writes,
            last,
            clocked,
            next_table,
            next,
            sampled,
            addr,
            rams,
            ..
        } = self;
        let writes_at = flops.len();
        // A power of two (see `ClockedProgram::cells`): masked indices need no bounds check.
        let mask = cells.len().wrapping_sub(1);
        for group in clocked.iter_mut() {
            let now = cells[group.cell as usize];
            if now == group.seen {
                continue;
            }
            let seen = std::mem::replace(&mut group.seen, now);
            let mixed = std::mem::take(&mut group.mixed);
            let clk = FROM_DIGIT[usize::from(now & 3)];
            // The clock value each one saw last.
            let prev = |k: usize| {
                if mixed {
                    last[k]
                } else {
                    FROM_DIGIT[usize::from(seen & 3)]
                }
            };
            // Nothing samples on an edge that cannot be rising (`dffsr_next` keeps Q, which
            // its SET and RESET, held through the run, made a fixed point; `write_enable` is
            // −1).
            if !mixed && !may_rise(prev(0), clk) {
                continue;
            }
            let digits = |c: u32| usize::from(cells[c as usize & mask] & 3);
            let (start, end) = (group.flops.0 as usize, group.flops.1 as usize);
            let base = *flop_base as usize;
            let (qs, nexts) = (&cells[base + start..base + end], &mut next[start..end]);
            let now_edge = 27 * usize::from(now & 3);
            let flops = &flops[start..end];
            let tables = (&cells[..], &**next_table);
            if mixed {
                let edge = |k: usize| 81 * digit(last[start + k]) + now_edge;
                sample(flops, qs, nexts, tables, edge);
            } else {
                let edge = 81 * usize::from(seen & 3) + now_edge;
                sample(flops, qs, nexts, tables, |_| edge);
            }
            sampled.push((group.flops.0, group.flops.1));
            let (start, end) = (group.writes.0 as usize, group.writes.1 as usize);
            for (k, &w) in writes[start..end].iter().enumerate() {
                let k = start + k;
                let enable = write_enable(prev(writes_at + k), clk, FROM_DIGIT[digits(w.we)]);
                if enable == Trit::False {
                    continue;
                }
                let Some(Some(words)) = rams.get_mut(w.memory as usize) else {
                    continue;
                };
                let at = address(&addr[w.addr.0 as usize..w.addr.1 as usize], cells);
                dirty |= write_bit_split(words, at, enable, FROM_DIGIT[digits(w.din)], w.bit);
            }
        }
        for (start, end) in sampled.drain(..) {
            let (start, end) = (start as usize, end as usize);
            let base = *flop_base as usize;
            let outputs = &mut cells[base + start..base + end];
            for (q, &next) in outputs.iter_mut().zip(&next[start..end]) {
                dirty |= *q != next;
                *q = next;
            }
        }
        if dirty {
            self.sweep();
        }
    }

    /// Evaluates every gate and memory read once, in level order.
    fn sweep(&mut self) {
        let ClockedProgram {
            cells,
            gates,
            gate_base,
            steps,
            reads,
            addr,
            bits,
            rams,
            roms,
            ..
        } = self;
        for &step in steps.iter() {
            match step {
                Step::Gates(start, end) => {
                    let (out, range) =
                        ((*gate_base + start) as usize, start as usize..end as usize);
                    match gates {
                        Sweeps::Narrow(gates) => {
                            if let Ok(cells) = <&mut [u8; NARROW]>::try_from(&mut cells[..]) {
                                sweep_narrow(&gates[range], out, cells);
                            }
                        }
                        Sweeps::Wide(gates) => sweep_wide(&gates[range], out, cells),
                    }
                }
                Step::Read(k) => {
                    let read = reads[k as usize];
                    let m = read.memory as usize;
                    let words = match rams.get(m) {
                        Some(Some(words)) => &words[..],
                        _ => &roms[m][..],
                    };
                    let at = address(&addr[read.addr.0 as usize..read.addr.1 as usize], cells);
                    let word = read_word_split(words, at);
                    let bits = &bits[read.bits.0 as usize..read.bits.1 as usize];
                    let out = read.out as usize;
                    for (cell, &bit) in cells[out..out + bits.len()].iter_mut().zip(bits) {
                        *cell = word.digit(bit);
                    }
                }
            }
        }
    }
}

/// Samples the flip-flops `flops` (their outputs `qs`) into `nexts`: flip-flop `k` looks up
/// [`next_table`](ClockedProgram::next_table) at `729·SET + 243·RESET + edge(k) + 9·D + 3·Q +
/// EN`, `edge(k)` being the part of the row its previous and present clock give. On slices, so that the loop keeps
/// the cells and the table in registers (its stores to `nexts` alias neither).
#[inline]
fn sample(
    flops: &[Flop],
    qs: &[u8],
    nexts: &mut [u8],
    (cells, next_table): (&[u8], &[u8; NEXT_ROWS]),
    edge: impl Fn(usize) -> usize,
) {
    // A power of two (see `ClockedProgram::cells`): masked indices need no bounds check.
    let mask = cells.len().wrapping_sub(1);
    let digits = |c: u32| usize::from(cells[c as usize & mask] & 3);
    for (k, ((f, &q), next)) in flops.iter().zip(qs).zip(nexts).enumerate() {
        let row = 729 * digits(f.set)
            + 243 * digits(f.reset)
            + edge(k)
            + 9 * digits(f.d)
            + 3 * usize::from(q & 3)
            + digits(f.en);
        *next = next_table[row & (NEXT_ROWS - 1)];
    }
}

/// The address on pins `pins` (cells, bit 0 first) as its first candidate and the mask of
/// its unknown bits (see [`crate::memory::split_address`]).
#[inline]
fn address(pins: &[u32], cells: &[u8]) -> (usize, usize) {
    let (mut base, mut free) = (0, 0);
    for (j, &cell) in pins.iter().enumerate() {
        let d = cells[cell as usize];
        base |= usize::from(d == 2) << j;
        free |= usize::from(d == 1) << j;
    }
    (base, free)
}

/// Evaluates the gates of a narrow program, gate `k` writing cell `out + k`: three loads, one
/// table lookup, no branch and no bounds check.
#[inline]
fn sweep_narrow(gates: &[Gate<u16>], out: usize, cells: &mut [u8; NARROW]) {
    for (k, g) in gates.iter().enumerate() {
        let d = |p: u16| usize::from(cells[usize::from(p)]);
        let row = 9 * d(g.pins[0]) + 3 * d(g.pins[1]) + d(g.pins[2]);
        cells[(out + k) % NARROW] = g.table[row % 32];
    }
}

/// [`sweep_narrow`] for a wide program, whose cells are a power of two: masked indices.
#[inline]
fn sweep_wide(gates: &[Gate], out: usize, cells: &mut [u8]) {
    let mask = cells.len().wrapping_sub(1);
    if !cells.len().is_power_of_two() {
        return;
    }
    for (k, g) in gates.iter().enumerate() {
        let d = |p: u32| usize::from(cells[p as usize & mask]);
        let row = 9 * d(g.pins[0]) + 3 * d(g.pins[1]) + d(g.pins[2]);
        cells[(out + k) & mask] = g.table[row % 32];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Circuit, Node, NodeKind};

    /// An engine whose flip-flop saw another clock value last than its clock shows (never the
    /// case after a settle, but what `load` must keep if it were): the next edge goes from the
    /// value the flip-flop saw, not the clock's.
    #[test]
    fn a_flip_flop_keeps_the_clock_it_saw_last() {
        let mut c = Circuit::new();
        let clk = c
            .add_node(Node::new("CLK", NodeKind::Clock { half_period: 1 }))
            .expect("fresh");
        let s = c.add_node(Node::new("S", NodeKind::Switch)).expect("fresh");
        let q = c.add_node(Node::new("Q", NodeKind::Dff)).expect("fresh");
        c.connect(s, q, 0).expect("wire");
        c.connect(clk, q, 1).expect("wire");
        let net = Netlist::compile(&c);
        let index = |id| net.index_of(id).expect("in the netlist") as usize;
        let mut program = ClockedProgram::new(&net).expect("synchronous");
        let mut values = vec![Trit::Unknown; net.len() + 1];
        values[index(clk)] = Trit::False;
        values[index(s)] = Trit::True;
        values[index(q)] = Trit::False;
        let mut drive = values.clone();
        // Q saw an unknown clock last: −1 → +1 may be no edge for it.
        drive[index(q)] = Trit::Unknown;
        program.load(&net, (&values, &drive, &[]), 0);
        assert!(!program.tick());
        program.settle(false);
        assert_eq!(program.value(index(q) as u32), Trit::Unknown);
        // Stored back, it saw +1.
        program.store((&mut values, &mut drive, &mut []));
        assert_eq!(
            (values[index(q)], drive[index(q)]),
            (Trit::Unknown, Trit::True)
        );
    }
}
