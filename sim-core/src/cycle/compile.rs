//! Compiling a synchronous netlist into a [`ClockedProgram`], in named steps: the clocks
//! checked, the cells numbered (sources, flip-flops by clock, gate outputs in level order,
//! memory reads), the gates of at most three pins with their tables and the steps of the sweep
//! emitted, then the flip-flops and RAM writes grouped by clock.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::program::{
    Clock, Clocked, ClockedProgram, FALSE, FIRST_FREE, FLOATING, Flop, Gate, NARROW, NEGATE,
    NEXT_ROWS, NotCycleBased, Read, Step, Sweeps, TRUE, Write,
};
use crate::graph;
use crate::kind::{DFFSR_D, DFFSR_EN, DFFSR_RESET, DFFSR_SET, GateOp, NodeKind, dffsr_next, digit};
use crate::memory::MemoryKind;
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// A 3-pin table whose row for pin digits `v` is `f` of the first `inputs` of them.
fn table3(inputs: usize, f: impl Fn(&[Trit]) -> Trit) -> [u8; 32] {
    let mut table = [1u8; 32];
    for (row, entry) in table.iter_mut().enumerate().take(27) {
        let v = [
            Trit::ALL[row / 9],
            Trit::ALL[row / 3 % 3],
            Trit::ALL[row % 3],
        ];
        *entry = digit(f(&v[..inputs.min(3)])) as u8;
    }
    table
}

/// The pins and table of a gate reading `pins` (cells, [`NEGATE`] set on an inverted one)
/// through `f` of its (at most three) inputs.
fn gate(pins: &[u32], f: impl Fn(&[Trit]) -> Trit) -> Gate {
    let mut cells = [FLOATING; 3];
    let mut negated = [false; 3];
    for (k, &p) in pins.iter().take(3).enumerate() {
        cells[k] = p & !NEGATE;
        negated[k] = p & NEGATE != 0;
    }
    let table = table3(pins.len(), |v| {
        let v: Vec<Trit> = v
            .iter()
            .zip(negated)
            .map(|(&t, neg)| if neg { t.not() } else { t })
            .collect();
        f(&v)
    });
    Gate { pins: cells, table }
}

/// Whether edge `from → to` (dense indices) is combinational: into a gate, or into a
/// memory's address pin. A flip-flop's pins and a RAM's data, enable and clock are sampled.
fn combinational(net: &Netlist, from: u32, to: u32) -> bool {
    match net.ops[to as usize] {
        Op::Dff | Op::Source => false,
        Op::Memory => net
            .memory_address_pins(to)
            .is_some_and(|pins| pins.contains(&from)),
        Op::Gate(_) | Op::Table => true,
    }
}

impl Sweeps {
    /// `gates` for a program of `cells` cells.
    fn new(gates: Vec<Gate>, cells: usize) -> Sweeps {
        let narrow: Option<Vec<Gate<u16>>> = (cells <= NARROW)
            .then(|| {
                gates
                    .iter()
                    .map(|g| {
                        let [a, b, c] = g.pins.map(u16::try_from);
                        Some(Gate {
                            pins: [a.ok()?, b.ok()?, c.ok()?],
                            table: g.table,
                        })
                    })
                    .collect()
            })
            .flatten();
        narrow.map_or(Sweeps::Wide(gates), Sweeps::Narrow)
    }
}

/// The input pins of node `i` (dense indices).
fn pins(net: &Netlist, i: u32) -> &[u32] {
    &net.in_src[net.input_range(i)]
}

/// What drives the clock pin of node `i`, a flip-flop or a RAM data bit; `None` for any other
/// node.
fn clock_pin(net: &Netlist, i: u32) -> Option<u32> {
    if net.ops[i as usize] == Op::Dff {
        pins(net, i).get(1).copied()
    } else {
        net.ram_clock(i).filter(|_| net.memory_bit(i).is_some())
    }
}

/// Whether node `i` is a buffer or an inverter read by gates only: folded into its readers.
fn folds(net: &Netlist, i: u32) -> bool {
    matches!(net.ops[i as usize], Op::Gate(GateOp::Buf | GateOp::Not))
        && net.fanout[net.fanout_range(i)]
            .iter()
            .all(|&t| matches!(net.ops[t as usize], Op::Gate(_) | Op::Table))
}

/// The number of gates (links) node `i` compiles to, to number the cells before building
/// them: 0 for a folded gate and a node that is no gate.
fn links(net: &Netlist, i: u32) -> u32 {
    match net.ops[i as usize] {
        Op::Gate(_) if folds(net, i) => 0,
        // One link of up to three pins, then one per two more.
        Op::Gate(_) => pins(net, i).len().saturating_sub(1).div_ceil(2).max(1) as u32,
        Op::Table => 1,
        _ => 0,
    }
}

/// The cell node `s` drives, read by a sampled or an address pin (a memory pin's driver is
/// never folded: it has a reader that is not a gate).
fn plain(cell_of: &[u32], s: u32) -> u32 {
    let c = cell_of[s as usize];
    debug_assert_eq!(c & NEGATE, 0, "a sampled or address pin reads a cell");
    c & !NEGATE
}

/// Clocks must be sources: [`NotCycleBased::DerivedClock`] for the first flip-flop or RAM data
/// bit whose clock pin is driven by another node.
fn check_clocks(net: &Netlist) -> Result<(), NotCycleBased> {
    let floating = net.len() as u32;
    for i in 0..floating {
        if let Some(c) = clock_pin(net, i)
            && c != floating
            && net.ops[c as usize] != Op::Source
        {
            return Err(NotCycleBased::DerivedClock {
                node: net.ids[i as usize],
                driver: net.ids[c as usize],
            });
        }
    }
    Ok(())
}

/// A [`Dffsr`](NodeKind::Dffsr)'s SET and RESET must be switches, buttons or constants (or
/// unconnected), which keep their values through a run: [`NotCycleBased::DerivedSetReset`]
/// for the first pin driven by anything else. A clock would change them between edges, and a
/// gate or a flip-flop within a settle, where the form evaluates flip-flops on edges only.
fn check_set_reset(net: &Netlist) -> Result<(), NotCycleBased> {
    let floating = net.len() as u32;
    for i in 0..floating {
        let Some(pins) = net.set_reset_pins(i) else {
            continue;
        };
        for (pin, s) in ["set", "reset"].into_iter().zip(pins) {
            let held = s == floating
                || matches!(
                    net.kinds[s as usize],
                    NodeKind::Switch | NodeKind::Button | NodeKind::Constant(_)
                );
            if !held {
                return Err(NotCycleBased::DerivedSetReset {
                    node: net.ids[i as usize],
                    pin,
                    driver: net.ids[s as usize],
                });
            }
        }
    }
    Ok(())
}

/// The cells of the sources and the flip-flops, numbered by [`number_state`].
struct StateCells {
    /// The sources (dense index, cell), to load their values.
    sources: Vec<(u32, u32)>,
    /// The flip-flops as (clock cell, dense index), sorted by clock cell: their cells' order.
    by_clock: Vec<(u32, u32)>,
    /// The cell of the first flip-flop's output.
    flop_base: u32,
    /// The first cell after them.
    next_cell: u32,
}

/// Numbers the cells of the sources from [`FIRST_FREE`], then those of the flip-flops by
/// clock cell, their outputs in that order.
fn number_state(net: &Netlist, cell_of: &mut [u32]) -> StateCells {
    let floating = net.len() as u32;
    let mut next_cell = FIRST_FREE;
    let mut sources = Vec::new();
    for i in 0..floating {
        if net.ops[i as usize] == Op::Source {
            cell_of[i as usize] = next_cell;
            sources.push((i, next_cell));
            next_cell += 1;
        }
    }
    let mut by_clock: Vec<(u32, u32)> = (0..floating)
        .filter(|&i| net.ops[i as usize] == Op::Dff)
        .map(|i| {
            (
                clock_pin(net, i).map_or(FLOATING, |c| cell_of[c as usize]),
                i,
            )
        })
        .collect();
    by_clock.sort_by_key(|&(clock, _)| clock);
    let flop_base = next_cell;
    for &(_, i) in &by_clock {
        cell_of[i as usize] = next_cell;
        next_cell += 1;
    }
    StateCells {
        sources,
        by_clock,
        flop_base,
        next_cell,
    }
}

/// The data bits of one memory that share their address pins, found by [`number_gates`]:
/// one [`Read`] once their cells are numbered.
struct ReadGroup<'a> {
    memory: u32,
    /// Its address pins (dense indices).
    addr: &'a [u32],
    /// The level of its first bit found.
    level: u32,
    /// Its data bits as (bit of the word, dense index).
    bits: Vec<(u32, u32)>,
}

/// Numbers the gates' cells from `gate_base` in `order` (level order, then dense order), a
/// gate's output the cell of its last link, and gathers the memories' data bits into read
/// groups by (memory, address pins), the first bit found making the group. Returns the groups
/// and the first cell after the gates.
fn number_gates<'a>(
    net: &'a Netlist,
    order: &[u32],
    levels: &[u32],
    cell_of: &mut [u32],
    gate_base: u32,
) -> Result<(Vec<ReadGroup<'a>>, u32), NotCycleBased> {
    let mut group_of: FxHashMap<(u32, &[u32]), u32> = FxHashMap::default();
    let mut groups: Vec<ReadGroup<'a>> = Vec::new();
    let mut cell = gate_base;
    for &i in order {
        let k = links(net, i);
        if k > 0 {
            cell = cell.checked_add(k).ok_or(NotCycleBased::TooLarge)?;
            cell_of[i as usize] = cell - 1;
        } else if net.ops[i as usize] == Op::Memory
            && let (Some((m, bit)), Some(addr)) = (net.memory_bit(i), net.memory_address_pins(i))
        {
            let g = *group_of.entry((m, addr)).or_insert_with(|| {
                groups.push(ReadGroup {
                    memory: m,
                    addr,
                    level: levels[i as usize],
                    bits: Vec::new(),
                });
                (groups.len() - 1) as u32
            });
            groups[g as usize].bits.push((bit, i));
        }
    }
    Ok((groups, cell))
}

/// Numbers the read cells from `cell`, group by group. Returns the reads (their address pins
/// still to fill in, by [`read_addresses`]), the data bits' numbers and the first cell after
/// them: the program's cell count.
fn number_reads(
    groups: &[ReadGroup<'_>],
    cell_of: &mut [u32],
    mut cell: u32,
) -> Result<(Vec<Read>, Vec<u32>, u32), NotCycleBased> {
    let mut reads = Vec::new();
    let mut bits = Vec::new();
    for group in groups {
        let out = cell;
        let start = bits.len() as u32;
        for &(bit, i) in &group.bits {
            cell_of[i as usize] = cell;
            bits.push(bit);
            cell = cell.checked_add(1).ok_or(NotCycleBased::TooLarge)?;
        }
        reads.push(Read {
            memory: group.memory,
            addr: (0, 0),
            bits: (start, bits.len() as u32),
            out,
        });
    }
    Ok((reads, bits, cell))
}

/// The folded gates' cells, then the gates in `order` (level order: drivers first) and the
/// steps of the sweep — per level a run of gates, then the reads of the levels passed.
fn emit_gates(
    net: &Netlist,
    order: &[u32],
    levels: &[u32],
    groups: &[ReadGroup<'_>],
    cell_of: &mut [u32],
    gate_base: u32,
) -> (Vec<Gate>, Vec<Step>) {
    let mut gates = Vec::new();
    let mut steps = Vec::new();
    let mut read_at = 0usize;
    let mut by_level: Vec<usize> = (0..groups.len()).collect();
    by_level.sort_by_key(|&g| groups[g].level);
    let mut run_start = 0u32;
    let mut level_now = 0;
    for &i in order {
        let level = levels[i as usize];
        if level != level_now {
            // The reads of the levels passed, after their gates.
            if run_start < gates.len() as u32 {
                steps.push(Step::Gates(run_start, gates.len() as u32));
                run_start = gates.len() as u32;
            }
            while read_at < by_level.len() && groups[by_level[read_at]].level < level {
                steps.push(Step::Read(by_level[read_at] as u32));
                read_at += 1;
            }
            level_now = level;
        }
        let iu = i as usize;
        match net.ops[iu] {
            Op::Gate(op @ (GateOp::Buf | GateOp::Not)) if folds(net, i) => {
                let driver = pins(net, i)
                    .first()
                    .map_or(FLOATING, |&s| cell_of[s as usize]);
                cell_of[iu] = if op == GateOp::Not {
                    driver ^ NEGATE
                } else {
                    driver
                };
            }
            Op::Gate(op) => {
                let cells: Vec<u32> = pins(net, i).iter().map(|&s| cell_of[s as usize]).collect();
                push_gate(&mut gates, op, &cells, gate_base);
                debug_assert_eq!(gate_base + gates.len() as u32 - 1, cell_of[iu]);
            }
            Op::Table => {
                let NodeKind::Table(table) = net.kinds[iu] else {
                    unreachable!("an Op::Table node is a table gate");
                };
                let cells: Vec<u32> = pins(net, i).iter().map(|&s| cell_of[s as usize]).collect();
                gates.push(gate(&cells, |v| table.eval(v)));
            }
            _ => {}
        }
    }
    if run_start < gates.len() as u32 {
        steps.push(Step::Gates(run_start, gates.len() as u32));
    }
    for &g in &by_level[read_at..] {
        steps.push(Step::Read(g as u32));
    }
    (gates, steps)
}

/// Fills in the address pins of `reads` (one per group of `groups`), appended to `addr`, now
/// that every cell is known.
fn read_addresses(
    reads: &mut [Read],
    groups: &[ReadGroup<'_>],
    cell_of: &[u32],
    addr: &mut Vec<u32>,
) {
    for (read, group) in reads.iter_mut().zip(groups) {
        let start = addr.len() as u32;
        addr.extend(group.addr.iter().map(|&s| plain(cell_of, s)));
        read.addr = (start, addr.len() as u32);
    }
}

/// The flip-flops of `by_clock` (clock cell, dense index), in that order, with their clock
/// cells.
fn flip_flops(net: &Netlist, by_clock: &[(u32, u32)], cell_of: &[u32]) -> Vec<(u32, Flop)> {
    by_clock
        .iter()
        .map(|&(clock, i)| {
            let p = pins(net, i);
            let floating = net.len() as u32;
            // A pin the kind has not is inactive; a floating one reads as the kind says.
            let pin = |k: usize, inactive: u32| match p.get(k) {
                None => inactive,
                Some(&s) if s == floating => match net.kinds[i as usize].unconnected(k) {
                    Trit::True => TRUE,
                    Trit::False => FALSE,
                    Trit::Unknown => FLOATING,
                },
                Some(&s) => plain(cell_of, s),
            };
            let flop = Flop {
                d: pin(DFFSR_D, FLOATING),
                en: pin(DFFSR_EN, TRUE),
                set: pin(DFFSR_SET, FALSE),
                reset: pin(DFFSR_RESET, FALSE),
                node: i,
            };
            (clock, flop)
        })
        .collect()
}

/// The RAM writes with their clock cells, sorted by clock cell; their address pins appended
/// to `addr`.
fn ram_writes(net: &Netlist, cell_of: &[u32], addr: &mut Vec<u32>) -> Vec<(u32, Write)> {
    let floating = net.len() as u32;
    let mut writes: Vec<(u32, Write)> = Vec::new();
    for i in 0..floating {
        let Some(clock) = clock_pin(net, i) else {
            continue;
        };
        let clock = plain(cell_of, clock);
        let p = pins(net, i);
        let pin = |k: usize| p.get(k).map_or(FLOATING, |&s| plain(cell_of, s));
        if let (Some((m, bit)), NodeKind::Ram { addr_bits }) =
            (net.memory_bit(i), net.kinds[i as usize])
        {
            let a = usize::from(addr_bits).min(16).min(p.len());
            let start = addr.len() as u32;
            addr.extend((0..a).map(pin));
            writes.push((
                clock,
                Write {
                    memory: m,
                    bit,
                    addr: (start, addr.len() as u32),
                    din: pin(usize::from(addr_bits)),
                    we: pin(usize::from(addr_bits) + 1),
                    node: i,
                },
            ));
        }
    }
    writes.sort_by_key(|&(c, _)| c);
    writes
}

/// The flip-flops and RAM writes grouped by clock cell (both sorted by it).
fn clock_groups(flops: &[(u32, Flop)], writes: &[(u32, Write)]) -> Vec<Clocked> {
    let mut clocked: Vec<Clocked> = Vec::new();
    let mut cells_clocking: Vec<u32> = flops.iter().map(|&(c, _)| c).collect();
    cells_clocking.extend(writes.iter().map(|&(c, _)| c));
    cells_clocking.sort_unstable();
    cells_clocking.dedup();
    for c in cells_clocking {
        let range = |starts: usize, len: usize| (starts as u32, (starts + len) as u32);
        let f0 = flops.partition_point(|&(x, _)| x < c);
        let f1 = flops.partition_point(|&(x, _)| x <= c);
        let w0 = writes.partition_point(|&(x, _)| x < c);
        let w1 = writes.partition_point(|&(x, _)| x <= c);
        clocked.push(Clocked {
            cell: c,
            seen: 1,
            mixed: false,
            flops: range(f0, f1 - f0),
            writes: range(w0, w1 - w0),
        });
    }
    clocked
}

/// The clock sources, ticked by the program.
fn clock_sources(net: &Netlist, cell_of: &[u32]) -> Vec<Clock> {
    let floating = net.len() as u32;
    (0..floating)
        .filter_map(|i| match net.kinds[i as usize] {
            NodeKind::Clock { half_period } => Some(Clock {
                cell: cell_of[i as usize],
                half_period: u64::from(half_period.max(1)),
                left: 1,
                combinational: net.fanout[net.fanout_range(i)]
                    .iter()
                    .any(|&t| combinational(net, i, t)),
            }),
            _ => None,
        })
        .collect()
}

impl ClockedProgram {
    /// The cycle-based form of `net`, its cells all unknown until [`load`](Self::load).
    /// Linear time in nodes and wires.
    ///
    /// # Errors
    /// [`NotCycleBased`] if `net` has a combinational loop or a clock not driven by a
    /// source.
    pub(crate) fn new(net: &Netlist) -> Result<ClockedProgram, NotCycleBased> {
        let n = net.len();
        if n >= NEGATE as usize {
            return Err(NotCycleBased::TooLarge);
        }
        check_clocks(net)?;
        check_set_reset(net)?;
        let levels = graph::levelize(net, |from, to| combinational(net, from, to));
        if !levels.is_complete() {
            return Err(NotCycleBased::Loop);
        }
        let mut cell_of = vec![FLOATING; n + 1];
        let StateCells {
            sources,
            by_clock,
            flop_base,
            next_cell,
        } = number_state(net, &mut cell_of);
        // Gates in level order (then dense order), each memory read group at its level.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&i| levels.level[i as usize]);
        let gate_base = next_cell;
        let (groups, cell) = number_gates(net, &order, &levels.level, &mut cell_of, gate_base)?;
        let (mut reads, bits, total) = number_reads(&groups, &mut cell_of, cell)?;
        if total >= NEGATE {
            return Err(NotCycleBased::TooLarge);
        }
        let (gates, steps) =
            emit_gates(net, &order, &levels.level, &groups, &mut cell_of, gate_base);
        let mut addr = Vec::new();
        read_addresses(&mut reads, &groups, &cell_of, &mut addr);
        // Flip-flops and RAM writes, grouped by clock cell.
        let flops = flip_flops(net, &by_clock, &cell_of);
        let writes = ram_writes(net, &cell_of, &mut addr);
        let clocked = clock_groups(&flops, &writes);
        let clocks = clock_sources(net, &cell_of);
        let mut cells = vec![1u8; (total as usize).next_power_of_two().max(NARROW)];
        cells[TRUE as usize] = 2;
        cells[FALSE as usize] = 0;
        Ok(ClockedProgram {
            cell_of,
            gates: Sweeps::new(gates, cells.len()),
            cells,
            gate_base,
            steps,
            reads,
            addr,
            bits,
            last: vec![Trit::Unknown; flops.len() + writes.len()],
            next: vec![1; flops.len()],
            flops: flops.into_iter().map(|(_, f)| f).collect(),
            flop_base,
            writes: writes.into_iter().map(|(_, w)| w).collect(),
            clocked,
            next_table: Box::new(next_table()),
            clocks,
            rams: net
                .memories
                .iter()
                .map(|m| (m.kind == MemoryKind::Ram).then(Vec::new))
                .collect(),
            roms: net.memories.iter().map(|m| Arc::clone(&m.image)).collect(),
            sources,
            sampled: Vec::new(),
            time: 0,
        })
    }
}

/// Appends the gates of `op` reading `cells` (one, or a chain for more than three inputs),
/// the last one writing the gate's own cell.
fn push_gate(gates: &mut Vec<Gate>, op: GateOp, cells: &[u32], gate_base: u32) {
    if cells.len() <= 3 {
        gates.push(gate(cells, |v| op.eval(v.iter().copied())));
        return;
    }
    // A base that chains (AND, OR, XOR: associative and commutative) is evaluated as a
    // chain, negated at the end for NAND, NOR, XNOR; no other base has more than three pins.
    let (base, invert) = op.base();
    assert!(
        base.chains(),
        "{op:?} has {} pins but cannot be chained",
        cells.len()
    );
    let mut link: Vec<u32> = cells[..3].to_vec();
    let mut rest = &cells[3..];
    loop {
        let last = rest.is_empty();
        gates.push(gate(&link, |v| {
            let out = base.eval(v.iter().copied());
            if last && invert { out.not() } else { out }
        }));
        if last {
            return;
        }
        let prev = gate_base + gates.len() as u32 - 1;
        let take = rest.len().min(2);
        link = std::iter::once(prev)
            .chain(rest[..take].iter().copied())
            .collect();
        rest = &rest[take..];
    }
}

/// [`ClockedProgram::next_table`]: [`dffsr_next`] of every (SET, RESET, previous clock,
/// clock, D, Q, EN) as a digit at index `729·s + 243·r + 81·p + 27·c + 9·d + 3·q + e` of
/// their digits.
fn next_table() -> [u8; NEXT_ROWS] {
    let mut table = [1u8; NEXT_ROWS];
    for (index, next) in table.iter_mut().enumerate().take(3usize.pow(7)) {
        let t = |place: usize| Trit::ALL[index / place % 3];
        *next = digit(dffsr_next(t(81), t(27), t(9), t(3), [t(1), t(729), t(243)])) as u8;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::{FROM_DIGIT, dffe_next};

    /// The table of next outputs agrees with `dffsr_next` on all 3⁷ cases, and with
    /// `dffe_next` where SET and RESET are −1 (digit 0, the first 243 rows).
    #[test]
    fn the_next_table_is_dffsr_next() {
        let table = next_table();
        for (index, &next) in table.iter().enumerate().take(3usize.pow(7)) {
            let t = |place: usize| Trit::ALL[index / place % 3];
            let want = dffsr_next(t(81), t(27), t(9), t(3), [t(1), t(729), t(243)]);
            assert_eq!(FROM_DIGIT[usize::from(next)], want, "row {index}");
            if index < 243 {
                assert_eq!(
                    want,
                    dffe_next(t(81), t(27), t(9), t(3), t(1)),
                    "row {index}"
                );
            }
        }
        // A rising edge (−1 → +1) with D = +1, Q = −1 and an unknown EN: unknown.
        assert_eq!(table[27 * 2 + 9 * 2 + 1], 1);
        // The same with RESET at +1: −1; with SET at +1 instead: +1.
        assert_eq!(table[243 * 2 + 27 * 2 + 9 * 2 + 1], 0);
        assert_eq!(table[729 * 2 + 27 * 2 + 9 * 2 + 1], 2);
    }
}
