//! Cycle-based simulation of a synchronous netlist: every gate evaluated once per clock edge,
//! in level order, with no events — what [`Engine::run_clocked`](crate::Engine::run_clocked)
//! runs when only the values matter.
//!
//! Event-driven simulation pays per evaluation for finding its work: popping a pending node,
//! testing whether its output changed, marking its fanout. When a clock edge wakes a large
//! part of a design anyway (a CPU's rising edge evaluates about a third of its gates), it is
//! cheaper to evaluate every gate once in level order with no test at all: *oblivious*
//! levelized compiled-code simulation (Abramovici, Breuer & Friedman, "Digital Systems Testing
//! and Testable Design", ch. 3, "Compiled Simulation"), as cycle-based simulators such as
//! Verilator do. Here the compiled code is data — a `ClockedProgram` of gate steps and memory reads
//! over an array of cells — so that it stays safe Rust and is built in linear time.
//!
//! A flip-flop whose D is its own output inverted toggles on every rising edge; ten ticks of a
//! clock of half period 1 are five rising edges:
//!
//! ```
//! use sim_core::{format, Engine, Netlist, Schedule, Trit};
//!
//! let doc = format::from_str(r#"(
//!     version: 1,
//!     nodes: [
//!         (label: "CLK", kind: Clock(half_period: 1)), (label: "RST", kind: Switch),
//!         (label: "Q", kind: Dff), (label: "D", kind: Nor(2)), (label: "OUT", kind: Lamp),
//!     ],
//!     wires: [
//!         (from: "Q", to: "D"), (from: "RST", to: "D", input: 1),
//!         (from: "D", to: "Q"), (from: "CLK", to: "Q", input: 1), (from: "Q", to: "OUT"),
//!     ],
//! )"#)?;
//! let c = &doc.circuit;
//! let [rst, out] = ["RST", "OUT"].map(|l| c.find(l).expect("in the circuit"));
//! let mut engine = Engine::with_schedule(Netlist::compile(c), Schedule::Levelized);
//! engine.set([(rst, Trit::True)])?; // D = NOR(Q, +1) = −1
//! engine.run_clocked(2, &[]);
//! engine.set([(rst, Trit::False)])?; // D = NOT Q
//! let run = engine.run_clocked(10, &[]);
//! assert_eq!(run.cycle_based, Ok(()));
//! assert_eq!(engine.value(out), Trit::True); // reset to −1, then toggled five times
//! // Stop as soon as OUT is −1 again: after the next rising edge.
//! let run = engine.run_clocked(100, &[(out, Trit::False)]);
//! assert_eq!((run.ticks, run.held), (1, true));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # When it applies, and why the values are exact
//! A netlist has a cycle-based form when it is levelized (no combinational loop) and
//! *synchronous*: the clock pin of every flip-flop and of every RAM data bit is driven by a
//! source (a clock, switch, button or constant) or left floating; otherwise
//! `ClockedProgram::new` says why not ([`NotCycleBased`]) and the engine goes on tick by tick.
//! For such a netlist a clock edge in a settle of its own goes, under the levelized
//! schedule, as follows: the sources change (key 1); every flip-flop and RAM write whose
//! clock changed samples (key 2), reading its D, EN, data and write enable as they were
//! before the edge — a gate's output, a flip-flop's Q and a memory's read are all at key 3 or
//! above, a source's new value is seen — then the new Qs become visible and the combinational
//! logic settles. Its settled values are a function of the sources, the flip-flops' outputs and
//! the memories' words alone (Kleene functions on an acyclic graph have exactly one fixpoint),
//! so evaluating every gate once in topological order gives them: a `ClockedProgram` does exactly
//! these three things, with the rules of [`dffe_next`], [`write_enable`] and
//! [`read_word`](crate::memory::read_word) (unknown addresses included). Tested against the
//! levelized engine on random synchronous netlists with flip-flops, enables, ROMs and RAMs,
//! and cycle by cycle on the CPU of `circuits/cpu/`.
//!
//! # Layout
//! * *Cells*: one byte per value, its digit (0, 1, 2 for −1, 0, +1): cell 0 the floating net
//!   (always 1), cell 1 the constant +1 (a [`Dff`](crate::NodeKind::Dff)'s enable), then the
//!   sources and flip-flops, then one per gate output in evaluation order, then the memories'
//!   data bits. The array is padded to a power of two and to at least 2¹⁶ cells, so that
//!   masked indices need no bounds check, nor `u16` ones in a program of at most 2¹⁶ cells
//!   (every program this side of a large netlist: the CPU has about 300).
//! * *Gates*: every gate is one or more gates of at most three pins with a 27-row table
//!   (row `9·d₀ + 3·d₁ + d₂` of the pins' digits): one gate of up to three inputs is one, a
//!   wider AND, OR or XOR (or its negation) a chain of them through hidden cells (the three
//!   operations are associative). Gate `k` writes cell `gate_base + k`, so its output needs
//!   no index; the sweep reads its pins as `u16` (or `u32` past 2¹⁶ cells) and its table as
//!   one byte per row: three loads, two multiply-adds and one load per gate, about 19
//!   instructions with the loop. Buffers and inverters read only by gates — terminals above
//!   all — have no cell: their readers' tables take the driver, negated for an inverter.
//! * *Steps*: per level, a run of gates, then the memory reads of that level (each memory's
//!   data bits sharing their address pins read one word).
//! * *Clocks*: the flip-flops and RAM writes grouped by the cell of their clock; a group is
//!   visited only when its clock cell changed since the last settle.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::desc::NodeId;
use crate::graph;
use crate::kind::{FROM_DIGIT, GateOp, NodeKind, dffe_next, digit, may_rise};
use crate::memory::{MemoryKind, Word, read_word_split, write_bit_split, write_enable};
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// The words of each RAM (`None` for a ROM), by memory: the engine's and a [`ClockedProgram`]'s.
type Rams = [Option<Vec<Word>>];

/// The cell of the floating net: always digit 1 (unknown).
const FLOATING: u32 = 0;

/// The cell of the constant +1: the enable of a flip-flop without an EN pin.
const TRUE: u32 = 1;

/// In [`ClockedProgram::cell_of`]: the node's value is its cell's negated.
const NEGATE: u32 = 1 << 31;

/// Why a run is not cycle-based (see the [module docs](self)): the schedule in force, or why
/// the netlist has no cycle-based form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotCycleBased {
    /// The engine runs the unit-delay schedule, whose values between clock edges the
    /// cycle-based form does not give.
    #[error("the unit-delay schedule is in force")]
    UnitDelay,
    /// The netlist has a combinational loop: no order evaluates every gate after its drivers.
    #[error("the circuit has a combinational loop")]
    Loop,
    /// A flip-flop's or RAM's clock pin is driven by a node that is not a source (a gate, a
    /// flip-flop, a memory): the netlist is not synchronous.
    #[error(
        "the clock of {node} is driven by {driver}, which is not a source (a clock, switch, button or constant)"
    )]
    DerivedClock {
        /// The flip-flop or RAM data bit.
        node: NodeId,
        /// What drives its clock pin.
        driver: NodeId,
    },
    /// The cycle-based form numbers its cells with 31 bits.
    #[error("the circuit is too large for the cycle-based form")]
    TooLarge,
}

/// Programs with at most this many cells index them with `u16` ([`Sweeps::Narrow`]).
const NARROW: usize = 1 << 16;

/// A gate of at most three pins (a whole gate, or a link of a wide gate's chain), its pins
/// as `P`: `u32` as built, `u16` in a narrow program (whose cells are exactly [`NARROW`], so
/// that no index needs a check or a mask).
#[derive(Clone, Copy, Debug)]
struct Gate<P = u32> {
    /// The cells its pins read ([`FLOATING`] past its inputs).
    pins: [P; 3],
    /// Its output digit for pin digits `d₀ d₁ d₂` at row `9·d₀ + 3·d₁ + d₂`, one byte a row
    /// so that the lookup is one load (rows 27 to 31 unused).
    table: [u8; 32],
}

/// The gates of a program as the sweep evaluates them.
#[derive(Clone, Debug)]
enum Sweeps {
    /// At most [`NARROW`] cells.
    Narrow(Vec<Gate<u16>>),
    Wide(Vec<Gate>),
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

/// One step of the sweep.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Gates `start..end` of [`ClockedProgram::gates`], in order.
    Gates(u32, u32),
    /// Read group `k` of [`ClockedProgram::reads`].
    Read(u32),
}

/// The data bits of one memory that share their address pins: one word read for all.
#[derive(Clone, Copy, Debug)]
struct Read {
    /// Index into [`ClockedProgram::memories`].
    memory: u32,
    /// Its address pins' cells, bit 0 first: `addr[start..end]` of [`ClockedProgram::addr`].
    addr: (u32, u32),
    /// Its data bits: `bits[start..end]` of [`ClockedProgram::bits`], written to cells
    /// `out..out + (end − start)`.
    bits: (u32, u32),
    out: u32,
}

/// A flip-flop ([`Dff`](crate::NodeKind::Dff) or [`Dffe`](crate::NodeKind::Dffe)); flip-flop
/// `k` of [`ClockedProgram::flops`] has its output in cell `flop_base + k`.
#[derive(Clone, Copy, Debug)]
struct Flop {
    /// The cells of its D and EN pins ([`TRUE`] for a `Dff`).
    d: u32,
    en: u32,
    /// Its dense index (to write its state back).
    node: u32,
}

/// The write half of a RAM data bit.
#[derive(Clone, Copy, Debug)]
struct Write {
    memory: u32,
    /// Its bit of the word.
    bit: u32,
    /// Its address pins' cells: `addr[start..end]` of [`ClockedProgram::addr`].
    addr: (u32, u32),
    /// The cells of its data-in and write-enable pins.
    din: u32,
    we: u32,
    /// Its dense index (to write its state back).
    node: u32,
}

/// The flip-flops and RAM writes clocked by one cell.
#[derive(Clone, Copy, Debug)]
struct Clocked {
    /// The clock's cell.
    cell: u32,
    /// Its digit at the end of the last settle: the clock value every flip-flop and write of
    /// the group saw last, unless `mixed`.
    seen: u8,
    /// Loaded from an engine in which they saw different clock values (kept in
    /// [`ClockedProgram::last`] until the group's next edge).
    mixed: bool,
    /// Its flip-flops, `flops[start..end]`, and RAM writes, `writes[start..end]`.
    flops: (u32, u32),
    writes: (u32, u32),
}

/// A clock source: ticked like [`Engine::tick`](crate::Engine::tick) ticks it.
#[derive(Clone, Copy, Debug)]
struct Clock {
    cell: u32,
    half_period: u64,
    /// Ticks until it toggles next (1 to `half_period`).
    left: u64,
    /// Whether a gate or a memory address reads it, so that its edge needs a sweep even when
    /// no flip-flop changes.
    combinational: bool,
}

/// The cycle-based form of a synchronous netlist and its state (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(crate) struct ClockedProgram {
    /// Per dense index: its cell, with [`NEGATE`] for a folded inverter.
    cell_of: Vec<u32>,
    /// The digits, padded to a power of two.
    cells: Vec<u8>,
    gates: Sweeps,
    /// The cell gate 0 writes (gate `k` writes `gate_base + k`).
    gate_base: u32,
    steps: Vec<Step>,
    reads: Vec<Read>,
    /// Address pins' cells of reads and writes.
    addr: Vec<u32>,
    /// The data bits of the reads, by their bit number.
    bits: Vec<u32>,
    flops: Vec<Flop>,
    /// The cell of flip-flop 0's output (see [`Flop`]).
    flop_base: u32,
    writes: Vec<Write>,
    /// The clock value each flip-flop, then each RAM write, saw last, as loaded: read only
    /// by a [`Clocked::mixed`] group.
    last: Vec<Trit>,
    clocked: Vec<Clocked>,
    /// [`dffe_next`] of every (previous clock, clock, D, Q, EN), as digits at index
    /// `81·p + 27·c + 9·d + 3·q + e`.
    next_table: Box<[u8; 256]>,
    /// Per flip-flop: its next output, sampled before any output changes.
    next: Vec<u8>,
    /// The flip-flops that sampled in this settle, as ranges of [`flops`](Self::flops).
    sampled: Vec<(u32, u32)>,
    clocks: Vec<Clock>,
    /// Per memory: a RAM's words (`None` for a ROM), loaded from the engine and written back.
    rams: Vec<Option<Vec<Word>>>,
    /// Per memory: its image (what a ROM reads), loaded from the netlist.
    roms: Vec<Arc<[Word]>>,
    /// The sources (dense index, cell), to load their values.
    sources: Vec<(u32, u32)>,
    /// Simulated time in ticks.
    time: u64,
}

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

impl ClockedProgram {
    /// The cycle-based form of `net`, its cells all unknown until [`load`](Self::load).
    /// Linear time in nodes and wires.
    ///
    /// # Errors
    /// [`NotCycleBased`] if `net` has a combinational loop or a clock not driven by a
    /// source.
    #[allow(clippy::too_many_lines)] // one pass per kind of cell: sources, gates, reads, clocks
    pub(crate) fn new(net: &Netlist) -> Result<ClockedProgram, NotCycleBased> {
        let n = net.len();
        let floating = n as u32;
        if n >= NEGATE as usize {
            return Err(NotCycleBased::TooLarge);
        }
        let pins = |i: u32| &net.in_src[net.input_range(i)];
        // Clocks must be sources.
        let clock_pin = |i: u32| -> Option<u32> {
            if net.ops[i as usize] == Op::Dff {
                pins(i).get(1).copied()
            } else {
                net.ram_clock(i).filter(|_| net.memory_bit(i).is_some())
            }
        };
        for i in 0..floating {
            if let Some(c) = clock_pin(i)
                && c != floating
                && net.ops[c as usize] != Op::Source
            {
                return Err(NotCycleBased::DerivedClock {
                    node: net.ids[i as usize],
                    driver: net.ids[c as usize],
                });
            }
        }
        let levels = graph::levelize(net, |from, to| combinational(net, from, to));
        if !levels.is_complete() {
            return Err(NotCycleBased::Loop);
        }
        // Buffers and inverters read by gates only are folded into their readers.
        let folds = |i: u32| {
            matches!(net.ops[i as usize], Op::Gate(GateOp::Buf | GateOp::Not))
                && net.fanout[net.fanout_range(i)]
                    .iter()
                    .all(|&t| matches!(net.ops[t as usize], Op::Gate(_) | Op::Table))
        };
        let mut cell_of = vec![FLOATING; n + 1];
        let mut next_cell = 2u32;
        let mut sources = Vec::new();
        for i in 0..floating {
            if net.ops[i as usize] == Op::Source {
                cell_of[i as usize] = next_cell;
                sources.push((i, next_cell));
                next_cell += 1;
            }
        }
        // The flip-flops by clock cell, their outputs in that order.
        let mut by_clock: Vec<(u32, u32)> = (0..floating)
            .filter(|&i| net.ops[i as usize] == Op::Dff)
            .map(|i| (clock_pin(i).map_or(FLOATING, |c| cell_of[c as usize]), i))
            .collect();
        by_clock.sort_by_key(|&(clock, _)| clock);
        let flop_base = next_cell;
        for &(_, i) in &by_clock {
            cell_of[i as usize] = next_cell;
            next_cell += 1;
        }
        // Gates in level order (then dense order), each memory read group at its level.
        let mut order: Vec<u32> = (0..floating).collect();
        order.sort_by_key(|&i| levels.level[i as usize]);
        let gate_base = next_cell;
        // Read groups by (memory, address pins): the first bit found makes the group.
        let mut group_of: FxHashMap<(u32, &[u32]), u32> = FxHashMap::default();
        let mut group_bits: Vec<Vec<(u32, u32)>> = Vec::new();
        let mut group_level = Vec::new();
        let mut group_addr: Vec<&[u32]> = Vec::new();
        let mut group_memory = Vec::new();
        let mut gates = Vec::new();
        // Per gate node: its links' count, to number the cells before building them.
        let links = |i: u32| match net.ops[i as usize] {
            Op::Gate(_) if folds(i) => 0,
            // One link of up to three pins, then one per two more.
            Op::Gate(_) => pins(i).len().saturating_sub(1).div_ceil(2).max(1) as u32,
            Op::Table => 1,
            _ => 0,
        };
        let mut cell = gate_base;
        for &i in &order {
            let k = links(i);
            if k > 0 {
                cell = cell.checked_add(k).ok_or(NotCycleBased::TooLarge)?;
                cell_of[i as usize] = cell - 1;
            } else if net.ops[i as usize] == Op::Memory
                && let (Some((m, bit)), Some(addr)) =
                    (net.memory_bit(i), net.memory_address_pins(i))
            {
                let g = *group_of.entry((m, addr)).or_insert_with(|| {
                    group_bits.push(Vec::new());
                    group_level.push(levels.level[i as usize]);
                    group_addr.push(addr);
                    group_memory.push(m);
                    (group_bits.len() - 1) as u32
                });
                group_bits[g as usize].push((bit, i));
            }
        }
        // Read cells: group by group.
        let mut reads = Vec::new();
        let mut addr = Vec::new();
        let mut bits = Vec::new();
        for (g, members) in group_bits.iter().enumerate() {
            let out = cell;
            let start = bits.len() as u32;
            for &(bit, i) in members {
                cell_of[i as usize] = cell;
                bits.push(bit);
                cell = cell.checked_add(1).ok_or(NotCycleBased::TooLarge)?;
            }
            reads.push(Read {
                memory: group_memory[g],
                addr: (0, 0),
                bits: (start, bits.len() as u32),
                out,
            });
        }
        let total = cell;
        if total >= NEGATE {
            return Err(NotCycleBased::TooLarge);
        }
        // The folded gates' cells, then the gates, in level order (drivers first).
        let resolve = |cell_of: &[u32], s: u32| cell_of[s as usize];
        let mut steps = Vec::new();
        let mut read_at = 0usize;
        let mut by_level: Vec<usize> = (0..reads.len()).collect();
        by_level.sort_by_key(|&g| group_level[g]);
        let mut run_start = 0u32;
        let mut level_now = 0;
        for &i in &order {
            let level = levels.level[i as usize];
            if level != level_now {
                // The reads of the levels passed, after their gates.
                if run_start < gates.len() as u32 {
                    steps.push(Step::Gates(run_start, gates.len() as u32));
                    run_start = gates.len() as u32;
                }
                while read_at < by_level.len() && group_level[by_level[read_at]] < level {
                    steps.push(Step::Read(by_level[read_at] as u32));
                    read_at += 1;
                }
                level_now = level;
            }
            let iu = i as usize;
            match net.ops[iu] {
                Op::Gate(op @ (GateOp::Buf | GateOp::Not)) if folds(i) => {
                    let driver = pins(i).first().map_or(FLOATING, |&s| resolve(&cell_of, s));
                    cell_of[iu] = if op == GateOp::Not {
                        driver ^ NEGATE
                    } else {
                        driver
                    };
                }
                Op::Gate(op) => {
                    let cells: Vec<u32> = pins(i).iter().map(|&s| resolve(&cell_of, s)).collect();
                    push_gate(&mut gates, op, &cells, gate_base);
                    debug_assert_eq!(gate_base + gates.len() as u32 - 1, cell_of[iu]);
                }
                Op::Table => {
                    let NodeKind::Table(table) = net.kinds[iu] else {
                        unreachable!("an Op::Table node is a table gate");
                    };
                    let cells: Vec<u32> = pins(i).iter().map(|&s| resolve(&cell_of, s)).collect();
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
        // Address pins now that every cell is known (a memory pin's driver is never folded:
        // it has a reader that is not a gate).
        let plain = |cell_of: &[u32], s: u32| {
            let c = cell_of[s as usize];
            debug_assert_eq!(c & NEGATE, 0, "a sampled or address pin reads a cell");
            c & !NEGATE
        };
        for (read, pins) in reads.iter_mut().zip(&group_addr) {
            let start = addr.len() as u32;
            addr.extend(pins.iter().map(|&s| plain(&cell_of, s)));
            read.addr = (start, addr.len() as u32);
        }
        // Flip-flops and RAM writes, grouped by clock cell.
        let flops: Vec<(u32, Flop)> = by_clock
            .iter()
            .map(|&(clock, i)| {
                let p = pins(i);
                let pin = |k: usize| p.get(k).map_or(FLOATING, |&s| plain(&cell_of, s));
                let en = if p.len() > 2 { pin(2) } else { TRUE };
                let flop = Flop {
                    d: pin(0),
                    en,
                    node: i,
                };
                (clock, flop)
            })
            .collect();
        let mut writes: Vec<(u32, Write)> = Vec::new();
        for i in 0..floating {
            let Some(clock) = clock_pin(i) else {
                continue;
            };
            let clock = plain(&cell_of, clock);
            let p = pins(i);
            let pin = |k: usize| p.get(k).map_or(FLOATING, |&s| plain(&cell_of, s));
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
        let clocks = (0..floating)
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
            .collect();
        let mut cells = vec![1u8; (total as usize).next_power_of_two().max(NARROW)];
        cells[TRUE as usize] = 2;
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
            // Nothing samples on an edge that cannot be rising (`dffe_next` keeps Q,
            // `write_enable` is −1).
            if !mixed && !may_rise(prev(0), clk) {
                continue;
            }
            let digits = |c: u32| usize::from(cells[c as usize & mask] & 3);
            let (start, end) = (group.flops.0 as usize, group.flops.1 as usize);
            let base = *flop_base as usize;
            let (qs, nexts) = (&cells[base + start..base + end], &mut next[start..end]);
            let now_edge = 27 * usize::from(now & 3);
            if mixed {
                for (k, ((f, &q), next)) in flops[start..end].iter().zip(qs).zip(nexts).enumerate()
                {
                    let edge = 81 * digit(last[start + k]) + now_edge;
                    let row = edge + 9 * digits(f.d) + 3 * usize::from(q & 3) + digits(f.en);
                    *next = next_table[row & 255];
                }
            } else {
                let edge = 81 * usize::from(seen & 3) + now_edge;
                for ((f, &q), next) in flops[start..end].iter().zip(qs).zip(nexts) {
                    let row = edge + 9 * digits(f.d) + 3 * usize::from(q & 3) + digits(f.en);
                    *next = next_table[row & 255];
                }
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

/// [`ClockedProgram::next_table`]: [`dffe_next`] of every (previous clock, clock, D, Q, EN) as a
/// digit at index `81·p + 27·c + 9·d + 3·q + e` of their digits.
fn next_table() -> [u8; 256] {
    let mut table = [1u8; 256];
    for (index, next) in table.iter_mut().enumerate().take(243) {
        let t = |place: usize| Trit::ALL[index / place % 3];
        *next = digit(dffe_next(t(81), t(27), t(9), t(3), t(1))) as u8;
    }
    table
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
    use crate::{Circuit, Node};

    /// The table of next outputs agrees with `dffe_next` on all 243 cases.
    #[test]
    fn the_next_table_is_dffe_next() {
        let table = next_table();
        for (index, &next) in table.iter().enumerate().take(243) {
            let t = |place: usize| Trit::ALL[index / place % 3];
            let want = dffe_next(t(81), t(27), t(9), t(3), t(1));
            assert_eq!(FROM_DIGIT[usize::from(next)], want, "row {index}");
        }
        // A rising edge (−1 → +1) with D = +1, Q = −1 and an unknown EN: unknown.
        assert_eq!(table[27 * 2 + 9 * 2 + 1], 1);
    }

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
