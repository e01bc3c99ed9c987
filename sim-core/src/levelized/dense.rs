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
//! digit if an input changed (the old one otherwise) and both flags. A gate with more inputs
//! becomes a chain of such lookups through hidden state bytes (AND(a, b, c, d) =
//! AND(AND(AND(a, b), c), d), the last one inverting for NAND, NOR and XNOR) whose bit 2 says
//! "an input changed" rather than "the output changed", so the gate at the end of the chain is
//! evaluated exactly when one of its pins changed. Within one key, positions never feed each
//! other, so the positions of a key are swept in groups of one kind, each by a loop that does
//! nothing else: gates (chains included), sources, and the flip-flop halves and table gates
//! one by one (a table gate runs when it was scheduled or one of its pins' state bytes says
//! "changed", and looks its row up in its table).
//!
//! Inverters and buffers are folded as in selective trace (see [`Folded`]): their readers
//! take the root through a permuted table, so the sweep skips them; afterwards one short pass
//! counts each folded gate whose root changed as the event it would have been, and their
//! values are read from their roots' state bytes when asked for.

use super::Levelized;
use super::fold::Folded;
use super::slot::{FOLD_TABLES, Kind, Slot, TABLES, Table, digit, table_index};
use crate::changes::{CHANGED, Changes, DenseChanges, DenseFolded};
use crate::desc::NodeId;
use crate::event::{Observer, Sweep};
use crate::kind::{FROM_DIGIT, GateBase, GateOp, may_rise};
use crate::netlist::Netlist;
use crate::trit::Trit;

/// State-byte flag: the position was evaluated in this settle.
const RAN: u8 = 8;

/// Dense tables: one per truth table of the folded form (base and permuted, see [`TABLES`]),
/// the last three of which are the chain tables of AND, OR and XOR (see [`dense_table`]; the
/// permuted tables never reach them); a power of two, so that a masked index needs no bounds
/// check.
const DENSE_TABLES: usize = TABLES;

/// The first chain table.
const CHAIN_TABLES: usize = FOLD_TABLES;

/// The bytes of all dense tables.
const TABLE_BYTES: usize = DENSE_TABLES * 256;

/// [`Dense::own`] of a folded gate: this bit, and its number in [`Dense::folded`].
const FOLDED: u32 = 1 << 31;

/// The operations whose two-input tables chain a wide gate, in chain-table order.
const CHAIN_OPS: [GateOp; 3] = [GateOp::And, GateOp::Or, GateOp::Xor];

/// The place of `base`'s chain table in [`CHAIN_OPS`]. Exhaustive: a new base that chains
/// needs its own chain table here.
fn chain_of(base: GateBase) -> usize {
    match base {
        GateBase::And => 0,
        GateBase::Or => 1,
        GateBase::Xor => 2,
        GateBase::Buf => unreachable!("a buffer has one pin: it is never a wide gate's chain"),
    }
}

/// [`Gate::node`] of a hidden link of a chain (no node of its own).
const HIDDEN: u32 = u32::MAX;

/// The next [`Dense::layout`] number.
static NEXT_LAYOUT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A gate's new state byte, at index `old digit << 6 | input a's state & 7 << 3 | input b's
/// state & 7`.
type DenseTable = [u8; 256];

/// A gate with at most two inputs, or a link of a wide gate's chain, in the dense sweep.
/// 20 bytes.
#[derive(Clone, Copy, Debug)]
struct Gate {
    /// The state bytes of its inputs: its pins' drivers' positions (the floating position where
    /// unconnected) or the previous link of its chain.
    a: u32,
    b: u32,
    /// Its state byte: its position, or past the positions for a hidden link.
    own: u32,
    /// Its dense index (where its value is written back); [`HIDDEN`] for a hidden link.
    node: u32,
    /// The offset of its [`DenseTable`] in [`Dense::tables`].
    table: u16,
}

/// A source in the dense sweep.
#[derive(Clone, Copy, Debug)]
struct Source {
    own: u32,
    node: u32,
}

/// What a [`Group`] sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GroupKind {
    /// [`Dense::gates`].
    Gates,
    /// [`Dense::sources`].
    Sources,
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
    /// The folded gates, which the sweep skips.
    folded: Vec<DenseFolded>,
    /// Positions of the other kinds (flip-flop halves, table gates).
    others: Vec<u32>,
    /// In key order.
    groups: Vec<Group>,
    /// Every [`DenseTable`], one after another (indexed by a masked `table << 8 | index`):
    /// [`TABLE_BYTES`].
    tables: Vec<u8>,
    /// The base truth tables as digits, to bring hidden links up to date in [`Dense::sync`].
    digit_tables: Box<[[u8; 16]; DENSE_TABLES]>,
    /// The state bytes: per position, then the floating position (always digit 1, never
    /// changed), then the hidden links of the chains; padded to a power of two. A flip-flop's
    /// value is kept at its commit position.
    state: Vec<u8>,
    /// Per dense index, then the floating sentinel: the state byte carrying its output (a
    /// position), or [`FOLDED`] and its number in `folded`.
    own: Vec<u32>,
    /// Per position, the mask of its state byte's [`CHANGED`] flag that reports its node's
    /// change: the flag for every position the sweep writes and whose byte holds its node's
    /// value, 0 for a folded gate's (not swept) and a flip-flop's sample (its value is at its
    /// commit position). For [`Levelized::report_dense`].
    reports: Vec<u8>,
    /// The node of each position, for [`Levelized::report_dense`].
    ids: Vec<NodeId>,
    /// Whether `state` agrees with the engine's values (the other passes do not keep it).
    valid: bool,
    /// A number no other dense form of this process has (a clone shares it, and its
    /// positions): what [`DenseChanges::layout`] names the order of the nodes by.
    layout: u64,
    /// Whether the engine's values of the truth-table gates are out of date: the sweep leaves
    /// them in `state` ([`Levelized::write_back`] brings them over). Implies `valid`.
    stale: bool,
}

impl Dense {
    /// The dense form of `lev`'s positions (its folded form, which must be built), its state
    /// bytes all digit 1 and not [`valid`](Self::valid). Linear time. Built once, so kept out
    /// of [`Levelized::run_dense`]'s code (as it was before the module was split, when the
    /// compiler left it out by itself).
    #[inline(never)]
    fn new(lev: &Levelized, net: &Netlist) -> Dense {
        let (slots, key_start, wide, tables) =
            (&lev.fast_slots, &lev.key_start, &lev.wide, &lev.tables);
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
        let mut folded_at = vec![false; slots.len()];
        let folded: Vec<DenseFolded> = lev
            .folded
            .iter()
            .map(|f: &Folded| {
                folded_at[f.own as usize] = true;
                let map = [0, 1, 2].map(|d| digit(f.map[d]) as u8);
                DenseFolded {
                    root: pos(f.root),
                    own1: f.own + 1,
                    node: f.node,
                    map: [map[0], map[1], map[2], 1],
                }
            })
            .collect();
        let (dense_tables, digit_tables) = dense_tables(&tables[..]);
        let mut dense = Dense {
            gates: Vec::new(),
            sources: Vec::new(),
            folded: Vec::new(),
            others: Vec::new(),
            groups: Vec::new(),
            tables: dense_tables,
            digit_tables,
            state: Vec::new(),
            own: Vec::new(),
            reports: Vec::new(),
            ids: slots
                .iter()
                .map(|slot| net.ids[slot.node as usize])
                .collect(),
            valid: false,
            stale: false,
            layout: NEXT_LAYOUT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        // Hidden links are numbered from here.
        let mut hidden = floating + 1;
        for key in key_start.windows(2) {
            let mut starts = [0u32; 3];
            for (start, kind) in starts.iter_mut().zip(GROUP_KINDS) {
                *start = dense.len_of(kind);
            }
            for p in key[0]..key[1] {
                let slot = slots[p as usize];
                match slot.kind {
                    Kind::Table if folded_at[p as usize] => {}
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
                        let pins = &wide[slot.a as usize..slot.b as usize];
                        dense.push_chain(slot, p, pins, &pos, &mut hidden);
                    }
                    // Flip-flop halves, table gates (memories never reach the dense pass,
                    // see `dense_pays`).
                    _ => {
                        dense.others.push(p);
                    }
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
        dense.reports = reports(slots, &folded_at);
        dense.state = vec![1; (hidden as usize).next_power_of_two()];
        for (k, f) in folded.iter().enumerate() {
            own[f.node as usize] = FOLDED | k as u32;
        }
        dense.own = own;
        dense.folded = folded;
        dense
    }

    /// Adds the chain of wide gate `slot` (at position `p`, reading `pins`, dense indices
    /// mapped to positions by `pos`): hidden links numbered from `hidden` on, then the gate.
    fn push_chain(
        &mut self,
        slot: Slot,
        p: u32,
        pins: &[u32],
        pos: &impl Fn(u32) -> u32,
        hidden: &mut u32,
    ) {
        // The base operation's chain table and, at the end, its (possibly inverted) table.
        // A wide slot's table is its base's two-input table (`build.rs`), 3 per `GateOp`.
        let (base, _) = GateOp::ALL[usize::from(slot.table) / 3].base();
        let chain = chain_of(base);
        let last = GateOp::from_base(base, slot.invert);
        let Some((&first, rest)) = pins.split_first() else {
            return;
        };
        let mut acc = pos(first);
        for (k, &pin) in rest.iter().enumerate() {
            let (own, node, table) = if k + 1 == rest.len() {
                (p, slot.node, table_index(last, 2))
            } else {
                *hidden += 1;
                (*hidden - 1, HIDDEN, (CHAIN_TABLES + chain) as u8)
            };
            self.gates.push(Gate {
                a: acc,
                b: pos(pin),
                own,
                node,
                table: u16::from(table) << 8,
            });
            acc = own;
        }
    }

    /// The length of the array that groups of `kind` index.
    fn len_of(&self, kind: GroupKind) -> u32 {
        (match kind {
            GroupKind::Gates => self.gates.len(),
            GroupKind::Sources => self.sources.len(),
            GroupKind::Other => self.others.len(),
        }) as u32
    }

    /// The digit held for [`own`](Self::own) entry `own`: a state byte's, or a folded gate's
    /// from its root's.
    fn digit_of(&self, own: u32) -> u8 {
        if own & FOLDED == 0 {
            self.state[own as usize] & 3
        } else {
            let f = &self.folded[(own & !FOLDED) as usize];
            f.map[usize::from(self.state[f.root as usize] & 3)]
        }
    }

    /// The digit and the "changed in this settle" flag held for [`own`](Self::own) entry
    /// `own` (a folded gate changes exactly when its root does).
    fn digit_changed(&self, own: u32) -> (u8, bool) {
        let byte = if own & FOLDED == 0 {
            self.state[own as usize]
        } else {
            self.state[self.folded[(own & !FOLDED) as usize].root as usize]
        };
        (self.digit_of(own), byte & CHANGED != 0)
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
        // The floating position is 0.
        if let Some(floating) = self.state.get_mut(slots.len()) {
            *floating = 1;
        }
        // Hidden links from their inputs, in chain order.
        for gate in self.gates.iter().filter(|gate| gate.node == HIDDEN) {
            let table = &self.digit_tables[usize::from(gate.table >> 8) % DENSE_TABLES];
            let (a, b) = (self.state[gate.a as usize], self.state[gate.b as usize]);
            self.state[gate.own as usize] = table[usize::from(4 * (a & 3) + (b & 3)) & 15];
        }
        self.valid = true;
    }
}

/// The group kinds, in the order they are swept within a key (any order would do).
const GROUP_KINDS: [GroupKind; 3] = [GroupKind::Sources, GroupKind::Gates, GroupKind::Other];

/// The [`DenseTable`] of a gate with truth table `table`, or with `link`, of a hidden link
/// of a chain: its bit 2 is set exactly when an input changed ("an input changed", passed
/// along the chain) and it never has the evaluated flag (a link is not an event).
fn dense_table(table: &Table, link: bool) -> DenseTable {
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
                dense[index] = if link {
                    new | (u8::from(ran) * CHANGED)
                } else {
                    state_byte(new, old, ran)
                };
            }
        }
    }
    dense
}

/// [`Dense::tables`] and [`Dense::digit_tables`] from the levelized schedule's `tables`.
fn dense_tables(tables: &[Table]) -> (Vec<u8>, Box<[[u8; 16]; DENSE_TABLES]>) {
    let mut dense_tables = vec![0u8; TABLE_BYTES];
    let mut digit_tables = Box::new([[1u8; 16]; DENSE_TABLES]);
    for k in 0..CHAIN_TABLES {
        dense_tables[k * 256..(k + 1) * 256].copy_from_slice(&dense_table(&tables[k], false));
        digit_tables[k] = tables[k].map(|t| digit(t) as u8);
    }
    for (k, op) in CHAIN_OPS.into_iter().enumerate() {
        let base = &tables[usize::from(table_index(op, 2))];
        let k = CHAIN_TABLES + k;
        dense_tables[k * 256..(k + 1) * 256].copy_from_slice(&dense_table(base, true));
        digit_tables[k] = base.map(|t| digit(t) as u8);
    }
    (dense_tables, digit_tables)
}

/// [`Dense::reports`] for positions `slots`, the folded ones marked in `folded_at`.
fn reports(slots: &[Slot], folded_at: &[bool]) -> Vec<u8> {
    slots
        .iter()
        .zip(folded_at)
        .map(|(slot, &folded)| {
            if slot.kind != Kind::Sample && !folded {
                CHANGED
            } else {
                0
            }
        })
        .collect()
}

/// The state byte of a position whose digit went from `old` to `new`, evaluated or not.
#[inline]
fn state_byte(new: u8, old: u8, ran: bool) -> u8 {
    new | (u8::from(new != old) * CHANGED) | (u8::from(ran) * RAN)
}

/// Sweeps `gates` (one key's): each gate's new state byte from its table (the engine's values
/// are brought up to date later, see [`Dense::stale`]). Returns the number of gates evaluated.
#[inline]
fn sweep_gates(gates: &[Gate], tables: &[u8], state: &mut [u8]) -> u64 {
    let Some(tables) = tables.first_chunk::<TABLE_BYTES>() else {
        return 0;
    };
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

impl Levelized {
    /// The output of the node with dense index `i` if the engine's copy is out of date (the
    /// last settle was a dense sweep; see [`Dense::stale`]).
    #[inline]
    pub(crate) fn stale_value(&self, i: u32) -> Option<Trit> {
        let dense = self.dense.as_deref().filter(|dense| dense.stale)?;
        Some(FROM_DIGIT[usize::from(dense.digit_of(*dense.own.get(i as usize)?))])
    }

    /// Reports every node whose output the last dense sweep changed to `observer` in one
    /// [`Observer::on_changes`] call at delta 0, as a view of the sweep's state
    /// ([`DenseChanges`]): no list is built unless the observer builds one.
    pub(super) fn report_dense<O: Observer>(&self, net: &Netlist, observer: &mut O) {
        let Some(dense) = self.dense.as_deref() else {
            return;
        };
        let changes = DenseChanges {
            layout: dense.layout,
            positions: &dense.ids,
            reports: &dense.reports,
            state: &dense.state,
            folded: &dense.folded,
            ids: &net.ids,
        };
        observer.on_changes(0, &Changes::dense(changes));
    }

    /// Brings the engine's `values` of the truth-table gates up to date after a dense sweep
    /// (see [`Dense::stale`]); nothing otherwise. Linear in the gates.
    pub(crate) fn write_back(&mut self, values: &mut [Trit]) {
        if let Some(dense) = self.dense.as_deref_mut().filter(|dense| dense.stale) {
            for gate in dense.gates.iter().filter(|gate| gate.node != HIDDEN) {
                values[gate.node as usize] =
                    FROM_DIGIT[usize::from(dense.state[gate.own as usize] & 3)];
            }
            for f in &dense.folded {
                let root = dense.state[f.root as usize];
                values[f.node as usize] = FROM_DIGIT[usize::from(f.map[usize::from(root & 3)])];
            }
            dense.stale = false;
        }
    }

    /// Whether the next settle without records takes the dense pass: if the [`Sweep`] asks
    /// for it ([`Sweep::Auto`]: the last such settle evaluated at least a quarter of the
    /// positions), no gate may be pending (the dense pass reads the pending marks of sources
    /// and flip-flops only) and there are fewer than 2³¹ positions.
    pub(super) fn dense_pays(&self) -> bool {
        let wanted = match self.sweep {
            Sweep::Auto => self.prefer_dense,
            Sweep::SelectiveTrace => false,
            Sweep::Dense => true,
        };
        // Positions are numbered below `FOLDED` in the dense form; memories are evaluated by
        // selective trace only.
        wanted && !self.gates_pending && !self.has_memories && self.slots.len() < FOLDED as usize
    }

    /// [`run`](Self::run) without records, to the end, by the dense pass (see the
    /// [module docs](self)), built on first use; returns the events and a position of the
    /// last level evaluated.
    pub(super) fn run_dense(
        &mut self,
        net: &Netlist,
        values: &mut [Trit],
        drive: &mut [Trit],
    ) -> (u64, Option<usize>) {
        if !self.folded_built() {
            self.build_folded(net);
        }
        let mut dense = self
            .dense
            .take()
            .unwrap_or_else(|| Box::new(Dense::new(self, net)));
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
                GroupKind::Other => {
                    let mut ran = 0;
                    for j in range {
                        let p = dense.others[j] as usize;
                        ran += u64::from(self.dense_other(net, &mut dense, p, values, drive));
                    }
                    ran
                }
            };
            if ran > 0 {
                events += ran;
                last = Some(group.key_pos as usize);
            }
        }
        // The folded gates: each whose root changed is the event it would have been.
        let mut last_folded = 0;
        for f in &dense.folded {
            let changed = u32::from(dense.state[f.root as usize] & CHANGED != 0);
            events += u64::from(changed);
            last_folded = last_folded.max(f.own1 * changed);
        }
        if let Some(p) = last_folded.checked_sub(1) {
            last = last.max(Some(p as usize));
        }
        dense.stale = true;
        self.dense = Some(dense);
        self.lo = self.words;
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

    /// The dense pass over a flip-flop half or a table gate at position `p` (a flip-flop's
    /// EN, SET and RESET read through `netlist`); whether it was evaluated (an event: a sample
    /// or a table gate that ran; a commit never is).
    fn dense_other(
        &mut self,
        netlist: &Netlist,
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
        if slot.kind == Kind::Custom {
            // Runs when scheduled or when one of its inputs changed, as a gate does.
            let custom = self.customs[slot.b as usize];
            let mut ran = pending;
            let digits = custom.pins.map(|s| {
                let (d, changed) = dense.digit_changed(dense.own[s as usize]);
                ran |= changed;
                usize::from(d)
            });
            let new = if ran { custom.eval(digits) } else { old };
            values[node] = new;
            dense.state[p] = state_byte(digit(new) as u8, digit(old) as u8, ran);
            return ran;
        }
        // A sample runs when scheduled, when a Dffsr's SET or RESET changed (they act at
        // once, as a gate's inputs do), or when its clock changed in a way that may be a
        // rising edge and, if its D is final when the clock changes (D's driver is in another
        // key than the clock's), D differs from Q, and, if it is a Dffe whose EN is final, EN
        // is not −1; otherwise it only remembers the clock (as selective trace does, see
        // `Sampled::runs`).
        let (d_at, clock) = (dense.own[slot.a as usize], dense.own[slot.b as usize]);
        let final_at =
            |at: u32| at & FOLDED == 0 && super::positions::apart(&self.key_end, at, clock);
        let settled = final_at(d_at);
        let value =
            |s: u32| FROM_DIGIT[usize::from(dense.state[dense.own[s as usize] as usize] & 3)];
        let set_reset = netlist.set_reset_pins(slot.node).is_some_and(|pins| {
            pins.iter()
                .any(|&s| dense.digit_changed(dense.own[s as usize]).1)
        });
        let pending = pending || set_reset;
        if !pending && dense.state[clock as usize] & CHANGED == 0 {
            return false;
        }
        let en_pin = netlist.enable_pin(slot.node);
        let controls = netlist.controls_with(slot.node, value);
        let en = controls[0];
        if !pending {
            let clk = value(slot.b);
            let keeps = settled && value(slot.a) == old;
            let disabled =
                en == Trit::False && en_pin.is_some_and(|s| final_at(dense.own[s as usize]));
            if !may_rise(drive[node], clk) || keeps || disabled {
                drive[node] = clk;
                return false;
            }
        }
        let next = self.sample(p, (value(slot.a), value(slot.b), old, controls), drive);
        if next != old {
            // Its commit follows (the sample's one fanout target).
            let commit = self.fanout[self.fo_start[p] as usize] as usize;
            self.bits[commit >> 6] |= 1 << (commit & 63);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chain_op_finds_its_own_chain_table() {
        for (k, op) in CHAIN_OPS.into_iter().enumerate() {
            let (base, invert) = op.base();
            assert!(base.chains() && !invert, "{op:?}");
            assert_eq!(chain_of(base), k, "{op:?}");
            // The wide slot's table (`build.rs`) leads back to the same base.
            let table = table_index(GateOp::from_base(base, false), 2);
            assert_eq!(GateOp::ALL[usize::from(table) / 3].base().0, base);
        }
        // Every base that chains has a chain table.
        let mut chaining = GateOp::ALL.iter().filter(|op| op.base().0.chains());
        assert!(chaining.all(|op| CHAIN_OPS.contains(&GateOp::from_base(op.base().0, false))));
    }
}
