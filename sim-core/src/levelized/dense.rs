//! The dense pass of the levelized schedule: one branch-free sweep over every position, for
//! settles in which most positions are evaluated anyway.
//!
//! Selective trace (the [parent module](super)) pays per evaluation for finding the pending
//! positions and for marking each target of a changed output. When most of a circuit is
//! active — random vectors on an ISCAS-85 netlist evaluate over half of its gates per settle —
//! it is cheaper to visit every position in level order and *pull*: a position is evaluated
//! exactly when one of its inputs changed in this settle (or it was scheduled), which is
//! exactly when selective trace would have marked it. So the values, the events counted and
//! the levels reported are those of the selective-trace pass; only the work differs. This is
//! the classic trade between event-driven and levelized compiled-code simulation
//! (Abramovici, Breuer & Friedman, ch. 3), made without giving up the event semantics.
//!
//! Each position keeps a *state byte*: its output digit (0, 1, 2 for −1, 0, +1) in bits 0–1,
//! "changed in this settle" in bit 2 and "evaluated in this settle" in bit 3. A gate with at
//! most two inputs is then one lookup in a 256-entry table indexed by its old digit and the
//! low three bits of both inputs' state bytes, which gives the whole new state byte: the new
//! digit if an input changed (the old one otherwise) and both flags. Within one key, positions
//! never feed each other, so the positions of a key are swept in groups of one kind, each by a
//! loop that does nothing else: gates with a truth table, sources, wide gates (their state
//! bytes folded through a digit table), and the rest (flip-flop halves) one by one.

use super::{Kind, Levelized, Slot, TABLE_OPS, Table, digit};
use crate::engine::Sweep;
use crate::trit::Trit;

/// State-byte flag: the output changed in this settle.
const CHANGED: u8 = 4;
/// State-byte flag: the position was evaluated in this settle.
const RAN: u8 = 8;

/// The trit of each digit (3 never occurs).
const FROM_DIGIT: [Trit; 4] = [Trit::False, Trit::Unknown, Trit::True, Trit::Unknown];

/// Dense tables: one per base truth table (operation × arity ≤ 2: 24), rounded up to a power
/// of two so that a masked index needs no bounds check.
const DENSE_TABLES: usize = 32;

/// A gate's new state byte, at index `old digit << 6 | input a's state & 7 << 3 | input b's
/// state & 7`.
type DenseTable = [u8; 256];

/// Every [`DenseTable`], one after another (indexed by a masked `table << 8 | index`).
type DenseTables = [u8; DENSE_TABLES * 256];

/// A gate with at most two inputs, in the dense sweep. 20 bytes.
#[derive(Clone, Copy, Debug)]
struct Gate {
    /// The positions of its input pins' drivers (the floating position where unconnected).
    a: u32,
    b: u32,
    /// Its own position.
    own: u32,
    /// Its dense index (where its value is written back).
    node: u32,
    /// The offset of its [`DenseTable`] in [`DenseTables`].
    table: u16,
}

/// A source in the dense sweep.
#[derive(Clone, Copy, Debug)]
struct Source {
    own: u32,
    node: u32,
}

/// A gate with more than two inputs in the dense sweep.
#[derive(Clone, Copy, Debug)]
struct Wide {
    own: u32,
    node: u32,
    /// Its pins' drivers, four at a time: `Dense::pins[start..end]`, as positions; the last
    /// four padded with a constant position holding the identity of its base operation.
    start: u32,
    end: u32,
    /// The digit table of its two-input base operation (index as [`Table`]'s).
    table: u8,
    /// The identity digit of the base operation (AND: 2, OR and XOR: 0).
    identity: u8,
    /// The fold's result is negated.
    invert: bool,
}

/// What a [`Group`] sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GroupKind {
    /// [`Dense::gates`].
    Gates,
    /// [`Dense::sources`].
    Sources,
    /// [`Dense::wides`].
    Wide,
    /// [`Dense::others`]: positions evaluated one by one.
    Other,
}

/// A run of positions of one key and one kind: `start..end` in the array of its kind.
#[derive(Clone, Copy, Debug)]
struct Group {
    kind: GroupKind,
    start: u32,
    end: u32,
    /// The first position of its key (what the level report needs).
    key_pos: u32,
}

/// The dense form of a levelized schedule (see the [module docs](self)).
#[derive(Clone, Debug)]
pub(super) struct Dense {
    gates: Vec<Gate>,
    sources: Vec<Source>,
    wides: Vec<Wide>,
    /// Positions of the other kinds (flip-flop halves).
    others: Vec<u32>,
    /// In key order.
    groups: Vec<Group>,
    tables: Box<DenseTables>,
    /// The base truth tables as digits, for the wide gates' folds.
    digit_tables: Box<[[u8; 16]; DENSE_TABLES]>,
    /// The wide gates' pins, as positions, four at a time.
    pins: Vec<[u32; 4]>,
    /// Per position, then the floating position (always digit 1) and two constant positions
    /// (digits 0 and 2), none ever changed: the state byte; padded to a power of two. A
    /// flip-flop's value is kept at its commit position.
    state: Vec<u8>,
    /// Per dense index, then the floating sentinel: the position carrying its output.
    own: Vec<u32>,
    /// Whether `state` agrees with the engine's values (the other passes do not keep it).
    valid: bool,
    /// Whether the engine's values of the truth-table gates are out of date: the sweep leaves
    /// them in `state` ([`Levelized::write_back`] brings them over). Implies `valid`.
    stale: bool,
}

impl Dense {
    /// The dense form of `lev`'s positions, its state bytes all digit 1 and not
    /// [`valid`](Self::valid). Linear time.
    fn new(lev: &Levelized) -> Dense {
        let (slots, key_start, wide, tables) = (&lev.slots, &lev.key_start, &lev.wide, &lev.tables);
        // Per dense index, then the floating sentinel: the position carrying its output (a
        // flip-flop's commit position, its sample's one fanout target).
        let floating = slots.len() as u32;
        let mut own: Vec<u32> = lev.pos.clone();
        for (i, own) in own.iter_mut().enumerate() {
            if slots[*own as usize].kind == Kind::Sample {
                *own = lev.fanout[lev.fo_start[*own as usize] as usize];
            }
            debug_assert_eq!(slots[*own as usize].node as usize, i);
        }
        own.push(floating);
        let pos = |i: u32| own[i as usize];
        let mut dense_tables = Box::new([0u8; DENSE_TABLES * 256]);
        let mut digit_tables = Box::new([[1u8; 16]; DENSE_TABLES]);
        for k in 0..(3 * TABLE_OPS.len()).min(DENSE_TABLES) {
            dense_tables[k * 256..(k + 1) * 256].copy_from_slice(&dense_table(&tables[k]));
            digit_tables[k] = tables[k].map(|t| digit(t) as u8);
        }
        let mut dense = Dense {
            gates: Vec::new(),
            sources: Vec::new(),
            wides: Vec::new(),
            others: Vec::new(),
            groups: Vec::new(),
            tables: dense_tables,
            digit_tables,
            pins: Vec::new(),
            state: vec![1; (slots.len() + 3).next_power_of_two()],
            own: Vec::new(),
            valid: false,
            stale: false,
        };
        for key in key_start.windows(2) {
            let mut starts = [0u32; 4];
            for (start, kind) in starts.iter_mut().zip(GROUP_KINDS) {
                *start = dense.len_of(kind);
            }
            for p in key[0]..key[1] {
                let slot = slots[p as usize];
                match slot.kind {
                    Kind::Table => dense.gates.push(Gate {
                        a: pos(slot.a),
                        b: pos(slot.b),
                        own: p,
                        node: slot.node,
                        table: u16::from(slot.table) << 8,
                    }),
                    Kind::Source => dense.sources.push(Source {
                        own: p,
                        node: slot.node,
                    }),
                    Kind::Wide => {
                        let start = dense.pins.len() as u32;
                        let table = &dense.digit_tables[usize::from(slot.table) % DENSE_TABLES];
                        // AND, OR and XOR each have one (checked by the tests' truth tables).
                        let identity = [2u8, 0]
                            .into_iter()
                            .find(|&e| (0..3).all(|x| table[usize::from(4 * x + e)] == x))
                            .unwrap_or(1);
                        let pad = floating + 1 + u32::from(identity / 2);
                        for four in wide[slot.a as usize..slot.b as usize].chunks(4) {
                            let mut chunk = [pad; 4];
                            for (pin, &s) in chunk.iter_mut().zip(four) {
                                *pin = pos(s);
                            }
                            dense.pins.push(chunk);
                        }
                        dense.wides.push(Wide {
                            own: p,
                            node: slot.node,
                            start,
                            end: dense.pins.len() as u32,
                            table: slot.table,
                            identity,
                            invert: slot.invert,
                        });
                    }
                    Kind::Sample | Kind::Commit => dense.others.push(p),
                }
            }
            for (start, kind) in starts.into_iter().zip(GROUP_KINDS) {
                let end = dense.len_of(kind);
                if start < end {
                    dense.groups.push(Group {
                        kind,
                        start,
                        end,
                        key_pos: key[0],
                    });
                }
            }
        }
        dense.own = own;
        dense
    }

    /// The length of the array that groups of `kind` index.
    fn len_of(&self, kind: GroupKind) -> u32 {
        (match kind {
            GroupKind::Gates => self.gates.len(),
            GroupKind::Sources => self.sources.len(),
            GroupKind::Wide => self.wides.len(),
            GroupKind::Other => self.others.len(),
        }) as u32
    }

    /// Marks the state bytes out of date: values changed behind the dense pass's back.
    pub(super) fn invalidate(&mut self) {
        self.valid = false;
        self.stale = false;
    }

    /// Brings the state bytes in line with `values` (no flags).
    fn sync(&mut self, slots: &[Slot], values: &[Trit]) {
        for (state, slot) in self.state.iter_mut().zip(slots) {
            *state = digit(values[slot.node as usize]) as u8;
        }
        // The floating position is 0; the constant positions −1 and +1.
        for (k, d) in [1, 0, 2].into_iter().enumerate() {
            if let Some(state) = self.state.get_mut(slots.len() + k) {
                *state = d;
            }
        }
        self.valid = true;
    }
}

/// The group kinds, in the order they are swept within a key (any order would do).
const GROUP_KINDS: [GroupKind; 4] = [
    GroupKind::Sources,
    GroupKind::Gates,
    GroupKind::Wide,
    GroupKind::Other,
];

/// The [`DenseTable`] of a gate with truth table `table`.
fn dense_table(table: &Table) -> DenseTable {
    let mut dense = [0u8; 256];
    for old in 0..3u8 {
        for a in 0..8u8 {
            for b in 0..8u8 {
                let (da, db) = (a & 3, b & 3);
                if da == 3 || db == 3 {
                    continue;
                }
                let ran = (a | b) & CHANGED != 0;
                let new = if ran {
                    digit(table[usize::from(4 * da + db)]) as u8
                } else {
                    old
                };
                let index = usize::from(old) << 6 | usize::from(a) << 3 | usize::from(b);
                dense[index] = state_byte(new, old, ran);
            }
        }
    }
    dense
}

/// The state byte of a position whose digit went from `old` to `new`, evaluated or not.
#[inline]
fn state_byte(new: u8, old: u8, ran: bool) -> u8 {
    new | (u8::from(new != old) * CHANGED) | (u8::from(ran) * RAN)
}

/// Sweeps `gates` (one key's): each gate's new state byte from its table (the engine's values
/// are brought up to date later, see [`Dense::stale`]). Returns the number of gates evaluated.
#[inline]
fn sweep_gates(gates: &[Gate], tables: &DenseTables, state: &mut [u8]) -> u64 {
    let mut events = 0u64;
    // A power of two (see `Dense::state`): masked indices need no bounds checks.
    let mask = state.len().wrapping_sub(1);
    if state.len() != mask + 1 || !state.len().is_power_of_two() {
        return 0;
    }
    for gate in gates {
        let a = state[gate.a as usize & mask] & 7;
        let b = state[gate.b as usize & mask] & 7;
        let own = &mut state[gate.own as usize & mask];
        let index = usize::from(*own & 3) << 6 | usize::from(a) << 3 | usize::from(b);
        let new = tables[(usize::from(gate.table) | index) % tables.len()];
        *own = new;
        events += u64::from(new >> 3);
    }
    events
}

/// Sweeps the wide gates `range` of [`Dense::wides`]: one whose pins changed folds its pins'
/// digits through its digit table, four at a time. Returns the number evaluated.
fn sweep_wide(dense: &mut Dense, range: std::ops::Range<usize>, values: &mut [Trit]) -> u64 {
    let Dense {
        wides,
        pins,
        digit_tables,
        state,
        ..
    } = dense;
    let mask = state.len().wrapping_sub(1);
    if state.len() != mask + 1 || !state.len().is_power_of_two() {
        return 0;
    }
    let mut ran = 0;
    for gate in &wides[range] {
        let table = &digit_tables[usize::from(gate.table) % DENSE_TABLES];
        let (mut changed, mut acc) = (0, gate.identity);
        for four in &pins[gate.start as usize..gate.end as usize] {
            for &s in four {
                let pin = state[s as usize & mask];
                changed |= pin;
                acc = table[usize::from(4 * acc + (pin & 3)) & 15];
            }
        }
        let own = &mut state[gate.own as usize & mask];
        let old = *own & 3;
        let evaluated = changed & CHANGED != 0;
        let new = match (evaluated, gate.invert) {
            (false, _) => old,
            (true, false) => acc,
            (true, true) => 2 - acc,
        };
        *own = state_byte(new, old, evaluated);
        values[gate.node as usize] = FROM_DIGIT[usize::from(new)];
        ran += u64::from(evaluated);
    }
    ran
}

impl Levelized {
    /// The output of the node with dense index `i` if the engine's copy is out of date (the
    /// last settle was a dense sweep; see [`Dense::stale`]).
    #[inline]
    pub(crate) fn stale_value(&self, i: u32) -> Option<Trit> {
        let dense = self.dense.as_deref().filter(|dense| dense.stale)?;
        let own = *dense.own.get(i as usize)?;
        Some(FROM_DIGIT[usize::from(dense.state[own as usize] & 3)])
    }

    /// Brings the engine's `values` of the truth-table gates up to date after a dense sweep
    /// (see [`Dense::stale`]); nothing otherwise. Linear in the gates.
    pub(crate) fn write_back(&mut self, values: &mut [Trit]) {
        if let Some(dense) = self.dense.as_deref_mut().filter(|dense| dense.stale) {
            for gate in &dense.gates {
                values[gate.node as usize] =
                    FROM_DIGIT[usize::from(dense.state[gate.own as usize] & 3)];
            }
            dense.stale = false;
        }
    }

    /// Whether the next settle without records takes the dense pass: if the [`Sweep`] asks
    /// for it ([`Sweep::Auto`]: the last such settle evaluated at least a quarter of the
    /// positions) and no gate may be pending (the dense pass reads the pending marks of
    /// sources and flip-flops only).
    pub(super) fn dense_pays(&self) -> bool {
        let wanted = match self.sweep {
            Sweep::Auto => self.prefer_dense,
            Sweep::SelectiveTrace => false,
            Sweep::Dense => true,
        };
        wanted && !self.gates_pending
    }

    /// [`run`](Self::run) without records, to the end, by the dense pass (see the
    /// [module docs](self)), built on first use; returns the events and a position of the
    /// last level evaluated.
    pub(super) fn run_dense(
        &mut self,
        values: &mut [Trit],
        drive: &mut [Trit],
    ) -> (u64, Option<usize>) {
        let mut dense = self
            .dense
            .take()
            .unwrap_or_else(|| Box::new(Dense::new(self)));
        if !dense.valid {
            dense.sync(&self.slots, values);
        }
        let mut events = 0u64;
        let mut last = None;
        for k in 0..dense.groups.len() {
            let group = dense.groups[k];
            let range = group.start as usize..group.end as usize;
            let ran = match group.kind {
                GroupKind::Gates => {
                    let dense = &mut *dense;
                    sweep_gates(&dense.gates[range], &dense.tables, &mut dense.state)
                }
                GroupKind::Sources => self.sweep_sources(&mut dense, range, values, drive),
                GroupKind::Wide => sweep_wide(&mut dense, range, values),
                GroupKind::Other => {
                    let mut ran = 0;
                    for j in range {
                        let p = dense.others[j] as usize;
                        ran += u64::from(self.dense_other(&mut dense, p, values, drive));
                    }
                    ran
                }
            };
            if ran > 0 {
                events += ran;
                last = Some(group.key_pos as usize);
            }
        }
        dense.stale = true;
        self.dense = Some(dense);
        self.lo = self.words;
        self.prefer_dense = events.saturating_mul(4) >= self.slots.len() as u64;
        (events, last)
    }

    /// Sweeps the sources `range` of [`Dense::sources`]: a pending source takes what it is
    /// driven to. Returns the number evaluated.
    fn sweep_sources(
        &mut self,
        dense: &mut Dense,
        range: std::ops::Range<usize>,
        values: &mut [Trit],
        drive: &[Trit],
    ) -> u64 {
        let mut ran = 0;
        for j in range {
            let Source { own, node } = dense.sources[j];
            let pending = self.take_pending(own as usize);
            let node = node as usize;
            let old = digit(values[node]) as u8;
            let new = if pending {
                digit(drive[node]) as u8
            } else {
                old
            };
            values[node] = FROM_DIGIT[usize::from(new)];
            dense.state[own as usize] = state_byte(new, old, pending);
            ran += u64::from(pending);
        }
        ran
    }

    /// Takes position `p`'s pending mark; whether it was set.
    fn take_pending(&mut self, p: usize) -> bool {
        let (word, bit) = (p >> 6, 1u64 << (p & 63));
        let pending = self.bits[word] & bit != 0;
        self.bits[word] &= !bit;
        pending
    }

    /// The dense pass over a flip-flop half at position `p`; whether it was evaluated (an
    /// event: a sample that ran; a commit never is).
    fn dense_other(
        &mut self,
        dense: &mut Dense,
        p: usize,
        values: &mut [Trit],
        drive: &mut [Trit],
    ) -> bool {
        let slot = self.slots[p];
        let node = slot.node as usize;
        let pending = self.take_pending(p);
        let old = values[node];
        if slot.kind == Kind::Commit {
            let q = if pending { self.q_next[p] } else { old };
            values[node] = q;
            dense.state[p] = state_byte(digit(q) as u8, digit(old) as u8, pending);
            return false;
        }
        // A sample runs when scheduled or when its clock changed.
        let clock = dense.own[slot.b as usize];
        if !pending && dense.state[clock as usize] & CHANGED == 0 {
            return false;
        }
        let value =
            |s: u32| FROM_DIGIT[usize::from(dense.state[dense.own[s as usize] as usize] & 3)];
        let next = self.sample(p, (value(slot.a), value(slot.b), old), drive);
        if next != old {
            // Its commit follows (the sample's one fanout target).
            let commit = self.fanout[self.fo_start[p] as usize] as usize;
            self.bits[commit >> 6] |= 1 << (commit & 63);
        }
        true
    }
}
