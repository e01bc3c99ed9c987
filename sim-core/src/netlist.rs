//! The compiled form of a [`Circuit`]: flat arrays for simulation.
//!
//! Nodes get dense indices `0..len` (in [`NodeId`] order). Inputs and fanout are stored in
//! compressed-sparse-row form: node `n`'s input slots are `in_src[in_start[n]..in_start[n + 1]]`
//! (each the dense index of the driving node, or the *floating* sentinel `len`, whose value is
//! always 0; the pins that read another value unconnected, a
//! [`Dffsr`](crate::NodeKind::Dffsr)'s EN, SET and RESET, are read through
//! `Netlist::controls`), and its fanout is `fanout[fo_start[n]..fo_start[n + 1]]`: the distinct nodes it
//! drives, in wire order. A netlist is immutable; an editor compiles a new one after each
//! structural change.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::kind::{DFFSR_CLOCK, DFFSR_EN, DFFSR_RESET, DFFSR_SET, GateOp, NodeKind, digit};
use crate::memory::{MemoryKind, Word};
use crate::trit::Trit;

const NONE: u32 = u32::MAX;

/// How a compiled node computes its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// Driven from outside (switch, button, clock, constant).
    Source,
    /// A stateless function of the inputs (terminals are `Buf`).
    Gate(GateOp),
    /// A table gate: its [`TruthTable`](crate::kind::TruthTable) is in its kind (which keeps
    /// `Op` one byte for the standard gates' loops); see [`Netlist::eval_table`].
    Table,
    /// A D flip-flop ([`NodeKind::Dff`], [`NodeKind::Dffe`] with its third pin EN, or
    /// [`NodeKind::Dffsr`] with EN, SET and RESET): inputs D and clock (and the others),
    /// state = the clock value it saw last. Its next Q is
    /// [`dffsr_next`](crate::kind::dffsr_next) with EN, SET and RESET read by
    /// [`Netlist::controls`] (+1, −1, −1 where a kind has no such pin), so that every path
    /// through flip-flops is one arm for every kind.
    Dff,
    /// One data bit of a ROM or RAM ([`crate::memory`]): which memory and bit in
    /// [`Netlist::memory_bit`]; a RAM's state also holds the clock value it saw last.
    Memory,
}

/// A memory as the netlist knows it: its label, kind, widths and initial words.
#[derive(Clone, Debug)]
pub(crate) struct NetMemory {
    pub label: String,
    pub kind: MemoryKind,
    pub addr_bits: u8,
    pub image: Arc<[Word]>,
}

/// A circuit compiled into flat arrays (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Netlist {
    pub(crate) ids: Vec<NodeId>,
    /// `NodeId::index()` → dense index, `NONE` for ids not in the circuit.
    dense: Vec<u32>,
    pub(crate) kinds: Vec<NodeKind>,
    /// How each node computes its output.
    pub(crate) ops: Vec<Op>,
    pub(crate) in_start: Vec<u32>,
    pub(crate) in_src: Vec<u32>,
    pub(crate) fo_start: Vec<u32>,
    pub(crate) fanout: Vec<u32>,
    /// The circuit's memories.
    pub(crate) memories: Vec<NetMemory>,
    /// Dense index of each memory data-bit node → (memory, bit).
    pub(crate) memory_bits: FxHashMap<u32, (u32, u32)>,
    /// The flip-flops that start at a known value ([`Node::init`](crate::Node::init)): dense
    /// index and power-on output.
    pub(crate) power_on: Vec<(u32, Trit)>,
}

impl Netlist {
    /// Compiles `circuit`. Time and memory are linear in nodes + wires.
    ///
    /// # Panics
    /// If the circuit has `u32::MAX` or more nodes or input pins.
    pub fn compile(circuit: &Circuit) -> Netlist {
        let n = circuit.node_count();
        let floating = u32::try_from(n).expect("a netlist holds fewer than 2^32 nodes");
        let mut dense = vec![NONE; circuit.node_bound()];
        let mut ids = Vec::with_capacity(n);
        let mut kinds = Vec::with_capacity(n);
        let mut in_start = Vec::with_capacity(n + 1);
        let mut power_on = Vec::new();
        let mut slots = 0u32;
        for (i, (id, node)) in circuit.nodes().enumerate() {
            dense[id.index()] = i as u32;
            ids.push(id);
            kinds.push(node.kind);
            if let Some(init) = node.init {
                power_on.push((i as u32, init));
            }
            in_start.push(slots);
            slots = u32::try_from(node.kind.input_count())
                .ok()
                .and_then(|k| slots.checked_add(k))
                .expect("a netlist holds fewer than 2^32 input pins");
        }
        in_start.push(slots);

        let mut in_src = vec![floating; slots as usize];
        let mut fo_count = vec![0u32; n + 1];
        let mut edges = Vec::with_capacity(circuit.wire_count());
        for (_, w) in circuit.wires() {
            let (from, to) = (dense[w.from.index()], dense[w.to.index()]);
            in_src[(in_start[to as usize] + u32::from(w.input)) as usize] = from;
            edges.push((from, to));
        }
        // Counting sort by source keeps wire order within each source's fanout.
        for &(from, _) in &edges {
            fo_count[from as usize + 1] += 1;
        }
        for i in 0..n {
            fo_count[i + 1] += fo_count[i];
        }
        let mut fill = fo_count.clone();
        let mut sorted = vec![0u32; edges.len()];
        for &(from, to) in &edges {
            sorted[fill[from as usize] as usize] = to;
            fill[from as usize] += 1;
        }
        // Each target once, even if it is driven on several pins.
        let mut seen = vec![NONE; n];
        let mut fo_start = Vec::with_capacity(n + 1);
        let mut fanout = Vec::with_capacity(sorted.len());
        for src in 0..n {
            fo_start.push(fanout.len() as u32);
            for &to in &sorted[fo_count[src] as usize..fo_count[src + 1] as usize] {
                if seen[to as usize] != src as u32 {
                    seen[to as usize] = src as u32;
                    fanout.push(to);
                }
            }
        }
        fo_start.push(fanout.len() as u32);

        let mut memories = Vec::new();
        let mut memory_bits = FxHashMap::default();
        for m in circuit.memories() {
            let index = memories.len() as u32;
            memories.push(NetMemory {
                label: m.label.clone(),
                kind: m.kind,
                addr_bits: m.addr_bits,
                image: Arc::clone(&m.image),
            });
            for k in 0..usize::from(m.data_bits) {
                if let Some(id) = circuit.find(&m.bit_label(k)) {
                    memory_bits.insert(dense[id.index()], (index, k as u32));
                }
            }
        }
        let ops = kinds
            .iter()
            .map(|&k| match (k, k.op()) {
                (NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr, _) => Op::Dff,
                (NodeKind::Rom { .. } | NodeKind::Ram { .. }, _) => Op::Memory,
                (NodeKind::Table(_), _) => Op::Table,
                (_, Some(op)) => Op::Gate(op),
                (_, None) => Op::Source,
            })
            .collect();
        Netlist {
            ids,
            dense,
            kinds,
            ops,
            in_start,
            in_src,
            fo_start,
            fanout,
            memories,
            memory_bits,
            power_on,
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the netlist has no nodes.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Number of wires (input slots with a driver).
    pub fn wire_count(&self) -> usize {
        let floating = self.len() as u32;
        self.in_src.iter().filter(|&&s| s != floating).count()
    }

    /// Whether `id` is a node of this netlist.
    pub fn contains(&self, id: NodeId) -> bool {
        self.index_of(id).is_some()
    }

    /// The kind of node `id`, if it is in the netlist.
    pub fn kind(&self, id: NodeId) -> Option<NodeKind> {
        self.index_of(id).map(|i| self.kinds[i as usize])
    }

    /// All node ids, in dense order.
    pub fn ids(&self) -> &[NodeId] {
        &self.ids
    }

    /// The distinct nodes `id` drives, in wire order (empty if `id` is not in the netlist).
    pub fn fanout(&self, id: NodeId) -> impl ExactSizeIterator<Item = NodeId> + '_ {
        let range = self.index_of(id).map_or(0..0, |i| self.fanout_range(i));
        self.fanout[range].iter().map(|&t| self.ids[t as usize])
    }

    /// The driver of each input pin of `id` (`None` where floating).
    pub fn drivers(&self, id: NodeId) -> Vec<Option<NodeId>> {
        let range = self.index_of(id).map_or(0..0, |i| self.input_range(i));
        self.in_src[range]
            .iter()
            .map(|&s| self.ids.get(s as usize).copied())
            .collect()
    }

    pub(crate) fn index_of(&self, id: NodeId) -> Option<u32> {
        self.dense.get(id.index()).copied().filter(|&d| d != NONE)
    }

    /// The output of table gate `i` ([`Op::Table`]) reading its drivers' values in `values`
    /// (whose last entry is the floating net, always 0); 0 for a node that is not a table gate.
    #[inline]
    pub(crate) fn eval_table(&self, i: u32, values: &[Trit]) -> Trit {
        let NodeKind::Table(table) = self.kinds[i as usize] else {
            return Trit::Unknown;
        };
        let row = self.in_src[self.input_range(i)]
            .iter()
            .fold(0, |row, &s| 3 * row + digit(values[s as usize]));
        table.eval_index(row)
    }

    /// The value input `pin` of node `i` reads, its driver's value given by `value` (of a
    /// dense index), or where floating what the node's kind reads unconnected.
    #[inline]
    fn pin_with(&self, i: u32, pin: usize, value: impl Fn(u32) -> Trit) -> Trit {
        let src = self.in_src[self.in_start[i as usize] as usize + pin];
        if src == self.len() as u32 {
            self.kinds[i as usize].unconnected(pin)
        } else {
            value(src)
        }
    }

    /// The value each input pin of node `i` reads, by pin: its driver's, given by `value` (of
    /// a dense index), or where floating what the node's kind reads unconnected.
    pub(crate) fn pin_values(&self, i: u32, value: impl Fn(u32) -> Trit) -> Vec<Trit> {
        (0..self.input_range(i).len())
            .map(|pin| self.pin_with(i, pin, &value))
            .collect()
    }

    /// The controls of flip-flop `i` ([`Op::Dff`]) in `values`: its EN, SET and RESET, the
    /// last argument of [`dffsr_next`](crate::kind::dffsr_next). A pin the kind has not is
    /// inactive (EN +1, SET and RESET −1: a [`NodeKind::Dff`] has only D and the clock, a
    /// [`NodeKind::Dffe`] no SET or RESET); a floating one reads as the kind says (0 for a
    /// `Dffe`'s EN, inactive for a [`NodeKind::Dffsr`]'s pins).
    #[inline]
    pub(crate) fn controls(&self, i: u32, values: &[Trit]) -> [Trit; 3] {
        self.controls_with(i, |s| values[s as usize])
    }

    /// [`controls`](Self::controls) with each driver's value given by `value` (of a dense
    /// index).
    #[inline]
    pub(crate) fn controls_with(&self, i: u32, value: impl Fn(u32) -> Trit) -> [Trit; 3] {
        let pins = self.input_range(i).len();
        let read = |pin: usize, inactive: Trit| {
            if pin < pins {
                self.pin_with(i, pin, &value)
            } else {
                inactive
            }
        };
        [
            read(DFFSR_EN, Trit::True),
            read(DFFSR_SET, Trit::False),
            read(DFFSR_RESET, Trit::False),
        ]
    }

    /// The driver (a dense index, or the floating sentinel) of flip-flop `i`'s EN pin, its
    /// input 2; `None` for a node with fewer than three pins (a [`NodeKind::Dff`]).
    #[inline]
    pub(crate) fn enable_pin(&self, i: u32) -> Option<u32> {
        self.in_src[self.input_range(i)].get(DFFSR_EN).copied()
    }

    /// The drivers (dense indices, or the floating sentinel) of flip-flop `i`'s SET and
    /// RESET pins, for a [`NodeKind::Dffsr`], whose Q follows them without a clock edge;
    /// `None` for every other node.
    #[inline]
    pub(crate) fn set_reset_pins(&self, i: u32) -> Option<[u32; 2]> {
        let pins = &self.in_src[self.input_range(i)];
        match self.kinds[i as usize] {
            NodeKind::Dffsr => Some([pins[DFFSR_SET], pins[DFFSR_RESET]]),
            _ => None,
        }
    }

    /// Whether input `pin` of node `i` takes part combinationally when `i` is a flip-flop
    /// ([`Op::Dff`]): its clock, and a [`NodeKind::Dffsr`]'s SET and RESET, which act at
    /// once; not D and EN, which are sampled on the clock's edge.
    #[inline]
    pub(crate) fn flip_flop_propagates(&self, i: u32, from: u32) -> bool {
        let pins = &self.in_src[self.input_range(i)];
        pins[DFFSR_CLOCK] == from || self.set_reset_pins(i).is_some_and(|sr| sr.contains(&from))
    }

    /// The memory and bit of memory data-bit node `i`, if it belongs to a memory the
    /// circuit declares.
    #[inline]
    pub(crate) fn memory_bit(&self, i: u32) -> Option<(u32, u32)> {
        self.memory_bits.get(&i).copied()
    }

    /// The address memory data-bit node `i` of memory `memory` reads in `values` (its first
    /// `addr_bits` pins, bit 0 first), split as [`crate::memory::split_address`] splits it:
    /// the first candidate and the mask of the unknown bits. One pass over the pins, no
    /// array of trits.
    #[inline]
    fn memory_address(&self, i: u32, memory: &NetMemory, values: &[Trit]) -> (usize, usize) {
        let pins = &self.in_src[self.input_range(i)];
        let a = usize::from(memory.addr_bits).min(16).min(pins.len());
        let (mut base, mut free) = (0, 0);
        for (j, &s) in pins[..a].iter().enumerate() {
            let d = digit(values[s as usize]);
            base |= usize::from(d == 2) << j;
            free |= usize::from(d == 1) << j;
        }
        (base, free)
    }

    /// The bit memory data-bit node `i` (bit `bit` of memory `memory`) reads at the address
    /// its pins carry in `values`: from `rams` for a RAM, the image for a ROM (see
    /// [`crate::memory::read_bit`]).
    #[inline]
    pub(crate) fn memory_read(
        &self,
        (i, memory, bit): (u32, u32, u32),
        rams: &[Option<Vec<Word>>],
        values: &[Trit],
    ) -> Trit {
        let Some(mem) = self.memories.get(memory as usize) else {
            return Trit::Unknown;
        };
        let words = match rams.get(memory as usize) {
            Some(Some(words)) => &words[..],
            _ => &mem.image[..],
        };
        crate::memory::read_bit_split(words, self.memory_address(i, mem, values), bit)
    }

    /// The whole word memory data-bit node `i` (of memory `memory`) reads at the address its
    /// pins carry in `values`, every bit as [`memory_read`](Self::memory_read) reads it (see
    /// [`crate::memory::read_word`]): what the memory's other data bits read too when they
    /// share its address pins.
    #[inline]
    pub(crate) fn memory_word(
        &self,
        i: u32,
        memory: u32,
        rams: &[Option<Vec<Word>>],
        values: &[Trit],
    ) -> Word {
        let Some(mem) = self.memories.get(memory as usize) else {
            return Word::UNKNOWN;
        };
        let words = match rams.get(memory as usize) {
            Some(Some(words)) => &words[..],
            _ => &mem.image[..],
        };
        crate::memory::read_word_split(words, self.memory_address(i, mem, values))
    }

    /// The address pins of memory data-bit node `i` (as dense indices of their drivers), if
    /// it belongs to a declared memory.
    pub(crate) fn memory_address_pins(&self, i: u32) -> Option<&[u32]> {
        let (memory, _) = self.memory_bit(i)?;
        let mem = self.memories.get(memory as usize)?;
        let pins = &self.in_src[self.input_range(i)];
        pins.get(..usize::from(mem.addr_bits).min(16).min(pins.len()))
    }

    /// The write of RAM data-bit node `i` (bit `bit` of memory `memory`) reading its pins in
    /// `values`: remembers its clock in `drive[i]` and, on a rising edge with write enable,
    /// writes data in at its address into `rams` (see [`crate::memory::write_bit`]). Nothing
    /// for a ROM. Returns whether a word changed (if not, what the bit reads is unchanged).
    #[inline]
    pub(crate) fn memory_write(
        &self,
        (i, memory, bit): (u32, u32, u32),
        rams: &mut [Option<Vec<Word>>],
        values: &[Trit],
        drive: &mut [Trit],
    ) -> bool {
        let Some(mem) = self.memories.get(memory as usize) else {
            return false;
        };
        let Some(Some(words)) = rams.get_mut(memory as usize) else {
            return false;
        };
        let pins = &self.in_src[self.input_range(i)];
        let a = usize::from(mem.addr_bits);
        let pin = |k: usize| pins.get(k).map_or(Trit::Unknown, |&s| values[s as usize]);
        let (din, we, clk) = (pin(a), pin(a + 1), pin(a + 2));
        let prev = std::mem::replace(&mut drive[i as usize], clk);
        let enable = crate::memory::write_enable(prev, clk, we);
        if enable == Trit::False {
            return false;
        }
        let addr = self.memory_address(i, mem, values);
        crate::memory::write_bit_split(words, addr, enable, din, bit)
    }

    /// The driver (a dense index, or the floating sentinel) of RAM data-bit node `i`'s clock
    /// pin, its input `addr_bits + 2`; `None` for any other node.
    #[inline]
    pub(crate) fn ram_clock(&self, i: u32) -> Option<u32> {
        match self.kinds[i as usize] {
            NodeKind::Ram { addr_bits } if self.ops[i as usize] == Op::Memory => self.in_src
                [self.input_range(i)]
            .get(usize::from(addr_bits) + 2)
            .copied(),
            _ => None,
        }
    }

    /// Whether the netlist has a memory node.
    pub fn has_memories(&self) -> bool {
        self.ops.contains(&Op::Memory)
    }

    #[inline]
    pub(crate) fn input_range(&self, i: u32) -> std::ops::Range<usize> {
        self.in_start[i as usize] as usize..self.in_start[i as usize + 1] as usize
    }

    #[inline]
    pub(crate) fn fanout_range(&self, i: u32) -> std::ops::Range<usize> {
        self.fo_start[i as usize] as usize..self.fo_start[i as usize + 1] as usize
    }
}
