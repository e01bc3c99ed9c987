//! The cycle-based form's types: [`ClockedProgram`], its cells' reserved numbers, its gates,
//! steps, reads, flip-flops, RAM writes and clocks (see the [module docs](super#layout)), and
//! [`NotCycleBased`].

use std::sync::Arc;

use crate::desc::NodeId;
use crate::memory::Word;
use crate::trit::Trit;

/// The words of each RAM (`None` for a ROM), by memory: the engine's and a [`ClockedProgram`]'s.
pub(super) type Rams = [Option<Vec<Word>>];

/// The cell of the floating net: always digit 1 (unknown).
pub(super) const FLOATING: u32 = 0;

/// The cell of the constant +1: the enable of a flip-flop without an EN pin.
pub(super) const TRUE: u32 = 1;

/// The cell of the constant −1: the set and reset of a flip-flop without those pins.
pub(super) const FALSE: u32 = 2;

/// The first cell after the reserved ones: the first source's.
pub(super) const FIRST_FREE: u32 = 3;

/// In [`ClockedProgram::cell_of`]: the node's value is its cell's negated.
pub(super) const NEGATE: u32 = 1 << 31;

/// Why a run is not cycle-based (see the [module docs](super)): the schedule in force, or why
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
    /// A [`Dffsr`](crate::NodeKind::Dffsr)'s SET or RESET pin is driven by a node that is
    /// not a switch, button or constant (a clock, a gate, a flip-flop, a memory): its Q could
    /// change between clock edges, which the cycle-based form does not evaluate.
    #[error("the {pin} of {node} is driven by {driver}, which is not a switch, button or constant")]
    DerivedSetReset {
        /// The flip-flop.
        node: NodeId,
        /// `"set"` or `"reset"`.
        pin: &'static str,
        /// What drives that pin.
        driver: NodeId,
    },
    /// The cycle-based form numbers its cells with 31 bits.
    #[error("the circuit is too large for the cycle-based form")]
    TooLarge,
}

/// The rows of [`ClockedProgram::next_table`]: 3⁷ = 2187, padded to a power of two so
/// that a masked row needs no bounds check.
pub(super) const NEXT_ROWS: usize = 4096;

/// Programs with at most this many cells index them with `u16` ([`Sweeps::Narrow`]).
pub(super) const NARROW: usize = 1 << 16;

/// A gate of at most three pins (a whole gate, or a link of a wide gate's chain), its pins
/// as `P`: `u32` as built, `u16` in a narrow program (whose cells are exactly [`NARROW`], so
/// that no index needs a check or a mask).
#[derive(Clone, Copy, Debug)]
pub(super) struct Gate<P = u32> {
    /// The cells its pins read ([`FLOATING`] past its inputs).
    pub(super) pins: [P; 3],
    /// Its output digit for pin digits `d₀ d₁ d₂` at row `9·d₀ + 3·d₁ + d₂`, one byte a row
    /// so that the lookup is one load (rows 27 to 31 unused).
    pub(super) table: [u8; 32],
}

/// The gates of a program as the sweep evaluates them.
#[derive(Clone, Debug)]
pub(super) enum Sweeps {
    /// At most [`NARROW`] cells.
    Narrow(Vec<Gate<u16>>),
    Wide(Vec<Gate>),
}

/// One step of the sweep.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    /// Gates `start..end` of [`ClockedProgram::gates`], in order.
    Gates(u32, u32),
    /// Read group `k` of [`ClockedProgram::reads`].
    Read(u32),
}

/// The data bits of one memory that share their address pins: one word read for all.
#[derive(Clone, Copy, Debug)]
pub(super) struct Read {
    /// Index into [`ClockedProgram::memories`].
    pub(super) memory: u32,
    /// Its address pins' cells, bit 0 first: `addr[start..end]` of [`ClockedProgram::addr`].
    pub(super) addr: (u32, u32),
    /// Its data bits: `bits[start..end]` of [`ClockedProgram::bits`], written to cells
    /// `out..out + (end − start)`.
    pub(super) bits: (u32, u32),
    pub(super) out: u32,
}

/// A flip-flop ([`Dff`](crate::NodeKind::Dff), [`Dffe`](crate::NodeKind::Dffe) or
/// [`Dffsr`](crate::NodeKind::Dffsr)); flip-flop `k` of [`ClockedProgram::flops`] has its
/// output in cell `flop_base + k`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flop {
    /// The cells of its D, EN, SET and RESET pins ([`TRUE`] for an EN and [`FALSE`] for a
    /// SET or RESET that the kind has not or that a `Dffsr` leaves unconnected).
    pub(super) d: u32,
    pub(super) en: u32,
    pub(super) set: u32,
    pub(super) reset: u32,
    /// Its dense index (to write its state back).
    pub(super) node: u32,
}

/// The write half of a RAM data bit.
#[derive(Clone, Copy, Debug)]
pub(super) struct Write {
    pub(super) memory: u32,
    /// Its bit of the word.
    pub(super) bit: u32,
    /// Its address pins' cells: `addr[start..end]` of [`ClockedProgram::addr`].
    pub(super) addr: (u32, u32),
    /// The cells of its data-in and write-enable pins.
    pub(super) din: u32,
    pub(super) we: u32,
    /// Its dense index (to write its state back).
    pub(super) node: u32,
}

/// The flip-flops and RAM writes clocked by one cell.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clocked {
    /// The clock's cell.
    pub(super) cell: u32,
    /// Its digit at the end of the last settle: the clock value every flip-flop and write of
    /// the group saw last, unless `mixed`.
    pub(super) seen: u8,
    /// Loaded from an engine in which they saw different clock values (kept in
    /// [`ClockedProgram::last`] until the group's next edge).
    pub(super) mixed: bool,
    /// Its flip-flops, `flops[start..end]`, and RAM writes, `writes[start..end]`.
    pub(super) flops: (u32, u32),
    pub(super) writes: (u32, u32),
}

/// A clock source: ticked like [`Engine::tick`](crate::Engine::tick) ticks it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    pub(super) cell: u32,
    pub(super) half_period: u64,
    /// Ticks until it toggles next (1 to `half_period`).
    pub(super) left: u64,
    /// Whether a gate or a memory address reads it, so that its edge needs a sweep even when
    /// no flip-flop changes.
    pub(super) combinational: bool,
}

/// The cycle-based form of a synchronous netlist and its state (see the [module docs](super)).
#[derive(Clone, Debug)]
pub(crate) struct ClockedProgram {
    /// Per dense index: its cell, with [`NEGATE`] for a folded inverter.
    pub(super) cell_of: Vec<u32>,
    /// The digits, padded to a power of two.
    pub(super) cells: Vec<u8>,
    pub(super) gates: Sweeps,
    /// The cell gate 0 writes (gate `k` writes `gate_base + k`).
    pub(super) gate_base: u32,
    pub(super) steps: Vec<Step>,
    pub(super) reads: Vec<Read>,
    /// Address pins' cells of reads and writes.
    pub(super) addr: Vec<u32>,
    /// The data bits of the reads, by their bit number.
    pub(super) bits: Vec<u32>,
    pub(super) flops: Vec<Flop>,
    /// The cell of flip-flop 0's output (see [`Flop`]).
    pub(super) flop_base: u32,
    pub(super) writes: Vec<Write>,
    /// The clock value each flip-flop, then each RAM write, saw last, as loaded: read only
    /// by a [`Clocked::mixed`] group.
    pub(super) last: Vec<Trit>,
    pub(super) clocked: Vec<Clocked>,
    /// [`dffsr_next`](crate::kind::dffsr_next) of every (SET, RESET, previous clock, clock,
    /// D, Q, EN), as digits at index `729·s + 243·r + 81·p + 27·c + 9·d + 3·q + e`.
    pub(super) next_table: Box<[u8; NEXT_ROWS]>,
    /// Per flip-flop: its next output, sampled before any output changes.
    pub(super) next: Vec<u8>,
    /// The flip-flops that sampled in this settle, as ranges of [`flops`](Self::flops).
    pub(super) sampled: Vec<(u32, u32)>,
    pub(super) clocks: Vec<Clock>,
    /// Per memory: a RAM's words (`None` for a ROM), loaded from the engine and written back.
    pub(super) rams: Vec<Option<Vec<Word>>>,
    /// Per memory: its image (what a ROM reads), loaded from the netlist.
    pub(super) roms: Vec<Arc<[Word]>>,
    /// The sources (dense index, cell), to load their values.
    pub(super) sources: Vec<(u32, u32)>,
    /// Simulated time in ticks.
    pub(super) time: u64,
}
