//! The batch engine: levelized, bit-parallel ternary simulation for throughput.
//!
//! The engine evaluates [`LANES`] input vectors (512: [`WORDS`] 64-bit words) in one
//! straight-line pass over the gates in topological order. At its interface each net has two
//! bit-planes, *known* and *value*: lane `i` is −1 when `known = 1, value = 0`, +1 when
//! `known = 1, value = 1` and 0 (unknown) when `known = 0` (`value` is then 0 too).
//!
//! Inside, each net is stored *dual-rail*: a plane "is true" (`t`) and a plane "is false"
//! (`f`), never both set in one lane (both clear is unknown). Kleene's connectives are then
//! two or six bitwise operations per word:
//!
//! * AND: `t = a.t & b.t`, `f = a.f | b.f`; OR is the dual;
//! * XOR: `t = a.t & b.f | a.f & b.t`, `f = a.t & b.t | a.f & b.f`;
//! * NOT swaps the planes, so it costs nothing: an inverter (or NAND, NOR, XNOR output, or a
//!   buffer or terminal) is not evaluated at all but compiled into which plane its readers read.
//!
//! [`BatchEngine::new`] compiles the circuit into a flat instruction stream specialised by
//! operation and arity (`And2`, `Xor2`, `AndN`, `XorN`; OR and NOR are ANDs of the inverted
//! planes, NAND and NOR read the output planes swapped), dropping gates no terminal depends
//! on. Storage for a net is reused once its last reader has run, so that the nets alive at any
//! time stay in the fastest cache.
//!
//! Only combinational circuits: a combinational loop is refused with the loop named (the
//! event engine simulates loops), and so are flip-flops. Sources other than the inputs drive
//! their power-on value (constants their constant, buttons and clocks −1, switches that are
//! not inputs 0).
//!
//! For the same inputs, [`BatchEngine::run`] gives exactly what the event engine gives after
//! settling (a property test checks it).

use crate::circuit::Circuit;
use crate::desc::NodeId;
use crate::graph;
use crate::kind::{GateBase, NodeKind, TruthTable};
use crate::memory::MemoryKind;
use crate::netlist::{Netlist, Op};
use crate::trit::Trit;

/// Number of 64-bit words per plane of a net in one pass. 8 (512 lanes) measured about
/// 1.3–1.9× the throughput of 4 on c7552/c6288 (more lanes share each instruction's decoding
/// and operand lookups); 16 was slower (see docs/benchmarks.md).
pub const WORDS: usize = 8;

/// Number of vectors evaluated in one pass: 64 per word.
pub const LANES: usize = 64 * WORDS;

/// One bit-plane of one net over [`LANES`] vectors: lane `l` is bit `l % 64` of word `l / 64`.
pub type Lanes = [u64; WORDS];

/// Why a circuit cannot run on the batch engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The circuit has a combinational loop (these nodes, in node order).
    #[error("combinational loop through {} node(s): the batch engine needs an acyclic circuit (the event engine simulates loops)", .nodes.len())]
    Loop {
        /// Nodes on the loop (one strongly connected component).
        nodes: Vec<NodeId>,
    },
    /// The circuit has flip-flops ([`NodeKind::Dff`], [`NodeKind::Dffe`] or
    /// [`NodeKind::Dffsr`]).
    #[error(
        "flip-flop `{label}`: the batch engine simulates combinational circuits only (the event engine simulates flip-flops)"
    )]
    Sequential {
        /// The first flip-flop's label, in node order.
        label: String,
    },
    /// The circuit has a RAM (the batch engine is combinational; ROMs it evaluates).
    #[error(
        "RAM `{label}`: the batch engine simulates combinational circuits (ROMs included), not RAMs; the event engine does"
    )]
    Memory {
        /// The first RAM's label.
        label: String,
    },
    /// A node asked for as an output ([`BatchEngine::with_outputs`]) is not in the circuit.
    #[error("node {node:?} is not in the circuit")]
    NotInCircuit {
        /// The node asked for.
        node: NodeId,
    },
}

/// A *signal*: `2 × slot + polarity`. Its "is true" plane is `planes[slot][polarity]`, its
/// "is false" plane `planes[slot][polarity ^ 1]`; flipping bit 0 negates it.
type Signal = u32;

/// Slot 0 is always unknown (both planes clear): floating inputs read it.
const UNKNOWN: Signal = 0;
/// Slot 1 holds +1 in every lane.
const TRUE: Signal = 2;
/// Slot 1 read negated: −1.
const FALSE: Signal = 3;
/// The first input's slot.
const FIRST_INPUT: u32 = 2;

/// The (t, f) planes of one slot, indexed by polarity as described at [`Signal`]. (Aligning
/// it to a cache line made passes about twice slower on the machine of docs/benchmarks.md.)
#[derive(Clone, Copy, Debug)]
struct Slot([Lanes; 2]);

/// One evaluation step. `out` is a slot, written with the result's (t, f) planes after every
/// operand is read (so it may be an operand's slot).
#[derive(Clone, Copy, Debug)]
enum Instr {
    /// Kleene AND of two signals.
    And2 { out: u32, a: Signal, b: Signal },
    /// Kleene XOR of two signals.
    Xor2 { out: u32, a: Signal, b: Signal },
    /// Kleene AND of `operands[from..to]`.
    AndN { out: u32, from: u32, to: u32 },
    /// Kleene XOR of `operands[from..to]`.
    XorN { out: u32, from: u32, to: u32 },
    /// Table gate `tables[table]` over `operands[from..from + n]`, n its input count.
    Table { out: u32, from: u32, table: u32 },
    /// Data bit `roms[rom]` of a ROM over its address `operands[from..from + A]`.
    Rom { out: u32, from: u32, rom: u32 },
}

/// One data bit of a ROM, for [`Instr::Rom`]: its words, address bits and bit.
#[derive(Clone, Debug)]
struct RomBit {
    words: std::sync::Arc<[crate::memory::Word]>,
    addr_bits: u8,
    bit: u32,
}

impl Instr {
    fn out_mut(&mut self) -> &mut u32 {
        match self {
            Instr::And2 { out, .. }
            | Instr::Xor2 { out, .. }
            | Instr::AndN { out, .. }
            | Instr::XorN { out, .. }
            | Instr::Table { out, .. }
            | Instr::Rom { out, .. } => out,
        }
    }

    /// The range of [`BatchEngine::operands`] an `AndN`, `XorN`, `Table` or `Rom` reads
    /// (`tables`, `roms`: the engine's); empty for the others.
    fn operand_range(self, tables: &[TruthTable], roms: &[RomBit]) -> std::ops::Range<usize> {
        match self {
            Instr::Rom { from, rom, .. } => {
                let n = roms.get(rom as usize).map_or(0, |r| r.addr_bits);
                from as usize..from as usize + usize::from(n)
            }
            Instr::AndN { from, to, .. } | Instr::XorN { from, to, .. } => {
                from as usize..to as usize
            }
            Instr::Table { from, table, .. } => {
                let n = tables.get(table as usize).map_or(0, |t| t.inputs());
                from as usize..from as usize + usize::from(n)
            }
            Instr::And2 { .. } | Instr::Xor2 { .. } => 0..0,
        }
    }
}

/// A compiled circuit ready for bit-parallel evaluation. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct BatchEngine {
    /// The instruction stream, in topological order.
    code: Vec<Instr>,
    /// Operand lists of the `AndN`/`XorN`/`Table` instructions.
    operands: Vec<Signal>,
    /// The tables of the `Table` instructions.
    tables: Vec<TruthTable>,
    /// The ROM data bits of the `Rom` instructions.
    roms: Vec<RomBit>,
    /// Number of inputs (switches and buttons, in [`Circuit::inputs`] order): input `k` lives
    /// in slot `FIRST_INPUT + k`, polarity 0.
    inputs: usize,
    /// The signal of each output, in [`Circuit::terminals`] order or the order given.
    outputs: Vec<Signal>,
    /// Per slot, its planes.
    planes: Vec<Slot>,
    /// The outputs' (known, value) planes after the last pass.
    results: Vec<(Lanes, Lanes)>,
}

impl BatchEngine {
    /// Compiles `circuit`, its terminals the outputs. Time and memory are linear in nodes +
    /// wires.
    ///
    /// # Errors
    /// [`BatchError::Loop`] naming a combinational loop, [`BatchError::Sequential`] or
    /// [`BatchError::Memory`].
    pub fn new(circuit: &Circuit) -> Result<BatchEngine, BatchError> {
        let terminals: Vec<NodeId> = circuit.terminals().collect();
        BatchEngine::with_outputs(circuit, &terminals)
    }

    /// Compiles `circuit` with `outputs` as its outputs, in that order: any nodes — sources,
    /// gates or terminals — so that inner nets can be read at the speed of terminals (each
    /// output's storage is kept, not reused, so many outputs cost memory; the pass itself
    /// runs the same instructions). [`new`](Self::new) is this with the terminals.
    ///
    /// # Errors
    /// As [`new`](Self::new), and [`BatchError::NotInCircuit`] for an output that is not a
    /// node of `circuit`.
    #[allow(clippy::too_many_lines)] // one pass over the nodes: each kind's instruction
    pub fn with_outputs(circuit: &Circuit, outputs: &[NodeId]) -> Result<BatchEngine, BatchError> {
        let net = Netlist::compile(circuit);
        if let Some(ff) = net.ops.iter().position(|&op| op == Op::Dff) {
            return Err(BatchError::Sequential {
                label: circuit[net.ids[ff]].label.clone(),
            });
        }
        if let Some(m) = net.memories.iter().find(|m| m.kind == MemoryKind::Ram) {
            return Err(BatchError::Memory {
                label: m.label.clone(),
            });
        }
        let n = net.len();
        let outputs = outputs
            .iter()
            .map(|&node| net.index_of(node).ok_or(BatchError::NotInCircuit { node }))
            .collect::<Result<Vec<u32>, _>>()?;
        let order = topological(&net)?;
        let (mut signal, inputs) = source_signals(circuit, &net);

        // Gates become instructions writing fresh value numbers (slots before allocation).
        let mut code = Vec::with_capacity(n);
        let mut operands = Vec::new();
        let mut tables = Vec::new();
        let mut roms = Vec::new();
        let mut fresh = FIRST_INPUT + inputs;
        for &i in &order {
            let src = &net.in_src[net.input_range(i)];
            let op = match (net.ops[i as usize], net.kinds[i as usize]) {
                (Op::Gate(op), _) => op,
                (Op::Table, NodeKind::Table(table)) => {
                    let out = fresh;
                    fresh += 1;
                    signal[i as usize] = 2 * out;
                    let from = operands.len() as u32;
                    operands.extend(src.iter().map(|&s| signal[s as usize]));
                    code.push(Instr::Table {
                        out,
                        from,
                        table: tables.len() as u32,
                    });
                    tables.push(table);
                    continue;
                }
                (Op::Memory, NodeKind::Rom { addr_bits }) => {
                    let Some((m, bit)) = net.memory_bit(i) else {
                        continue;
                    };
                    let out = fresh;
                    fresh += 1;
                    signal[i as usize] = 2 * out;
                    let from = operands.len() as u32;
                    operands.extend(
                        src.iter()
                            .take(usize::from(addr_bits))
                            .map(|&s| signal[s as usize]),
                    );
                    code.push(Instr::Rom {
                        out,
                        from,
                        rom: roms.len() as u32,
                    });
                    roms.push(RomBit {
                        words: std::sync::Arc::clone(&net.memories[m as usize].image),
                        addr_bits,
                        bit,
                    });
                    continue;
                }
                _ => continue,
            };
            let first = src.first().map_or(UNKNOWN, |&s| signal[s as usize]);
            let (base, invert) = op.base();
            let invert = u32::from(invert);
            let (instr_and, invert_in, invert_out) = match base {
                GateBase::Buf => {
                    signal[i as usize] = first ^ invert;
                    continue;
                }
                GateBase::And => (true, 0, invert),
                // OR(a, b) = ¬AND(¬a, ¬b) and NOR(a, b) = AND(¬a, ¬b).
                GateBase::Or => (true, 1, 1 ^ invert),
                GateBase::Xor => (false, 0, invert),
            };
            let out = fresh;
            fresh += 1;
            signal[i as usize] = 2 * out + invert_out;
            let operand = |s: &u32| signal[*s as usize] ^ invert_in;
            code.push(match (instr_and, src) {
                (true, [a, b]) => Instr::And2 {
                    out,
                    a: operand(a),
                    b: operand(b),
                },
                (false, [a, b]) => Instr::Xor2 {
                    out,
                    a: operand(a),
                    b: operand(b),
                },
                _ => {
                    let from = operands.len() as u32;
                    operands.extend(src.iter().map(operand));
                    let to = operands.len() as u32;
                    if instr_and {
                        Instr::AndN { out, from, to }
                    } else {
                        Instr::XorN { out, from, to }
                    }
                }
            });
        }
        let outputs: Vec<Signal> = outputs.iter().map(|&i| signal[i as usize]).collect();
        let mut engine = BatchEngine {
            code,
            operands,
            tables,
            roms,
            inputs: inputs as usize,
            outputs,
            planes: Vec::new(),
            results: Vec::new(),
        };
        engine.allocate(fresh);
        Ok(engine)
    }

    /// Drops the instructions no output depends on, then gives each remaining value a slot,
    /// reusing the slot of a value whose last reader has run (most recently freed first).
    /// `values` is the number of value numbers in use before allocation.
    fn allocate(&mut self, values: u32) {
        const PINNED: u32 = u32::MAX;
        let fixed = FIRST_INPUT + self.inputs as u32;
        let values = values as usize;
        // The last instruction reading each value (PINNED: never freed).
        let mut last_use = vec![0u32; values];
        let mut live = vec![false; values];
        for &s in &self.outputs {
            last_use[(s >> 1) as usize] = PINNED;
            live[(s >> 1) as usize] = true;
        }
        for v in &mut last_use[..fixed as usize] {
            *v = PINNED;
        }
        let mut kept = Vec::with_capacity(self.code.len());
        for (j, &instr) in self.code.iter().enumerate().rev() {
            let out = match instr {
                Instr::And2 { out, .. }
                | Instr::Xor2 { out, .. }
                | Instr::AndN { out, .. }
                | Instr::XorN { out, .. }
                | Instr::Table { out, .. }
                | Instr::Rom { out, .. } => out as usize,
            };
            if !live[out] {
                continue;
            }
            let j = j as u32;
            let mut read = |s: Signal| {
                let v = (s >> 1) as usize;
                live[v] = true;
                if last_use[v] != PINNED {
                    last_use[v] = last_use[v].max(j + 1);
                }
            };
            match instr {
                Instr::And2 { a, b, .. } | Instr::Xor2 { a, b, .. } => {
                    read(a);
                    read(b);
                }
                Instr::AndN { .. }
                | Instr::XorN { .. }
                | Instr::Table { .. }
                | Instr::Rom { .. } => {
                    for &s in &self.operands[instr.operand_range(&self.tables, &self.roms)] {
                        read(s);
                    }
                }
            }
            kept.push((j, instr));
        }
        kept.reverse();

        // `last_use` holds j + 1 for values read by instruction j (0: never read).
        let mut slot: Vec<u32> = (0..values as u32).collect();
        let mut free: Vec<u32> = Vec::new();
        let mut slots = fixed;
        let mut code = Vec::with_capacity(kept.len());
        for (j, mut instr) in kept {
            let rename = |s: Signal, slot: &[u32]| 2 * slot[(s >> 1) as usize] + (s & 1);
            let mut release = |s: Signal, slot: &[u32], free: &mut Vec<u32>| {
                let v = (s >> 1) as usize;
                if last_use[v] == j + 1 {
                    last_use[v] = PINNED;
                    free.push(slot[v]);
                }
            };
            match &mut instr {
                Instr::And2 { a, b, .. } | Instr::Xor2 { a, b, .. } => {
                    let (old_a, old_b) = (*a, *b);
                    *a = rename(old_a, &slot);
                    *b = rename(old_b, &slot);
                    release(old_a, &slot, &mut free);
                    release(old_b, &slot, &mut free);
                }
                Instr::AndN { .. }
                | Instr::XorN { .. }
                | Instr::Table { .. }
                | Instr::Rom { .. } => {
                    for k in instr.operand_range(&self.tables, &self.roms) {
                        let old = self.operands[k];
                        self.operands[k] = rename(old, &slot);
                        release(old, &slot, &mut free);
                    }
                }
            }
            let out = instr.out_mut();
            let value = *out as usize;
            slot[value] = free.pop().unwrap_or_else(|| {
                slots += 1;
                slots - 1
            });
            *out = slot[value];
            code.push(instr);
        }
        for s in &mut self.outputs {
            *s = 2 * slot[(*s >> 1) as usize] + (*s & 1);
        }
        self.code = code;
        self.planes = vec![Slot([[0; WORDS]; 2]); slots as usize];
        self.planes[(TRUE >> 1) as usize] = Slot([[!0; WORDS], [0; WORDS]]);
        self.results = vec![([0; WORDS], [0; WORDS]); self.outputs.len()];
    }

    /// Number of input columns (switches and buttons).
    pub fn input_count(&self) -> usize {
        self.inputs
    }

    /// Number of output columns (the terminals, or the nodes given to
    /// [`with_outputs`](Self::with_outputs)).
    pub fn output_count(&self) -> usize {
        self.outputs.len()
    }

    /// Number of instructions one pass executes (gates that need evaluating: inverters,
    /// buffers and gates no terminal depends on cost nothing).
    pub fn instruction_count(&self) -> usize {
        self.code.len()
    }

    /// Evaluates every vector (one value per input, in [`Circuit::inputs`] order; missing
    /// values are unknown) and returns the outputs of each, in output order (see [`output_count`](Self::output_count)).
    pub fn run(&mut self, vectors: &[Vec<Trit>]) -> Vec<Vec<Trit>> {
        let mut out = Vec::with_capacity(vectors.len());
        let mut planes = vec![([0; WORDS], [0; WORDS]); self.inputs];
        for block in vectors.chunks(LANES) {
            for (k, (known, value)) in planes.iter_mut().enumerate() {
                (*known, *value) = ([0; WORDS], [0; WORDS]);
                for (lane, v) in block.iter().enumerate() {
                    let t = v.get(k).copied().unwrap_or(Trit::Unknown);
                    known[lane / 64] |= u64::from(t.is_known()) << (lane % 64);
                    value[lane / 64] |= u64::from(t == Trit::True) << (lane % 64);
                }
            }
            let results = self.run_lanes(&planes);
            for lane in 0..block.len() {
                out.push(
                    results
                        .iter()
                        .map(|(known, value)| lane_value(known, value, lane))
                        .collect(),
                );
            }
        }
        out
    }

    /// Evaluates one block of [`LANES`] vectors given as planes: `inputs[k]` = (known, value)
    /// of input `k` (a value bit where known is clear is ignored; missing inputs are unknown).
    /// Returns the (known, value) planes of each output, in output order. The
    /// fast path: no allocation.
    pub fn run_lanes(&mut self, inputs: &[(Lanes, Lanes)]) -> &[(Lanes, Lanes)] {
        let unknown = ([0; WORDS], [0; WORDS]);
        let first = FIRST_INPUT as usize;
        let slots = &mut self.planes[first..first + self.inputs];
        for (k, slot) in slots.iter_mut().enumerate() {
            let (known, value) = inputs.get(k).unwrap_or(&unknown);
            *slot = Slot([
                std::array::from_fn(|w| known[w] & value[w]),
                std::array::from_fn(|w| known[w] & !value[w]),
            ]);
        }
        eval(
            &self.code,
            &self.operands,
            (&self.tables, &self.roms),
            &mut self.planes,
        );
        for (result, &s) in self.results.iter_mut().zip(&self.outputs) {
            let (t, f) = read(&self.planes, s);
            *result = (or(t, f), t);
        }
        &self.results
    }

    /// Evaluates one block of 64 lanes: `planes[k]` = (known, value) of input `k`; returns the
    /// outputs' planes. For callers that keep 64-lane words; it costs a whole
    /// [`run_lanes`](Self::run_lanes) pass, so [`LANES`]-wide blocks are faster.
    pub fn run_planes(&mut self, planes: &[(u64, u64)]) -> Vec<(u64, u64)> {
        let wide: Vec<(Lanes, Lanes)> = planes
            .iter()
            .map(|&(k, v)| {
                let (mut known, mut value) = ([0; WORDS], [0; WORDS]);
                (known[0], value[0]) = (k, v);
                (known, value)
            })
            .collect();
        self.run_lanes(&wide)
            .iter()
            .map(|(k, v)| (k[0], v[0]))
            .collect()
    }
}

/// The signal of every node of `net` (index `len`: the floating sentinel, unknown): the
/// sources' (inputs in slots from [`FIRST_INPUT`] on, in [`Circuit::inputs`] order), unknown
/// for the others; and the number of inputs.
fn source_signals(circuit: &Circuit, net: &Netlist) -> (Vec<Signal>, u32) {
    let mut signal: Vec<Signal> = net
        .kinds
        .iter()
        .map(|kind| match kind {
            NodeKind::Constant(Trit::True) => TRUE,
            NodeKind::Constant(Trit::False) | NodeKind::Button | NodeKind::Clock { .. } => FALSE,
            _ => UNKNOWN,
        })
        .collect();
    signal.push(UNKNOWN);
    let mut inputs = 0;
    for id in circuit.inputs() {
        if let Some(i) = net.index_of(id) {
            signal[i as usize] = 2 * (FIRST_INPUT + inputs);
            inputs += 1;
        }
    }
    (signal, inputs)
}

/// One straight-line pass over the instructions.
fn eval(
    code: &[Instr],
    operands: &[Signal],
    (tables, roms): (&[TruthTable], &[RomBit]),
    p: &mut [Slot],
) {
    for &instr in code {
        match instr {
            Instr::And2 { out, a, b } => {
                let (at, af) = read(p, a);
                let (bt, bf) = read(p, b);
                p[out as usize] = Slot([and(at, bt), or(af, bf)]);
            }
            Instr::Xor2 { out, a, b } => {
                let (at, af) = read(p, a);
                let (bt, bf) = read(p, b);
                p[out as usize] =
                    Slot([or(and(at, bf), and(af, bt)), or(and(at, bt), and(af, bf))]);
            }
            Instr::AndN { out, from, to } => {
                let (mut t, mut f) = ([!0; WORDS], [0; WORDS]);
                for &s in &operands[from as usize..to as usize] {
                    let (st, sf) = read(p, s);
                    (t, f) = (and(t, st), or(f, sf));
                }
                p[out as usize] = Slot([t, f]);
            }
            Instr::XorN { out, from, to } => {
                // XOR's identity is false.
                let (mut t, mut f) = ([0; WORDS], [!0; WORDS]);
                for &s in &operands[from as usize..to as usize] {
                    let (st, sf) = read(p, s);
                    (t, f) = (or(and(t, sf), and(f, st)), or(and(t, st), and(f, sf)));
                }
                p[out as usize] = Slot([t, f]);
            }
            Instr::Table { out, from, table } => {
                p[out as usize] = eval_table(tables[table as usize], &operands[from as usize..], p);
            }
            Instr::Rom { out, from, rom } => {
                p[out as usize] = eval_rom(&roms[rom as usize], &operands[from as usize..], p);
            }
        }
    }
}

/// The planes of a ROM data bit reading its address from the signals `operands` (the first
/// A): lane by lane, the address's trits read through [`crate::memory::read_bit`] (the rule
/// for unknown addresses written once) — 512 reads, not a bit-parallel formula, so a ROM costs
/// far more than a gate here.
fn eval_rom(rom: &RomBit, operands: &[Signal], p: &[Slot]) -> Slot {
    let a = usize::from(rom.addr_bits).min(16);
    let planes: Vec<(Lanes, Lanes)> = operands.iter().take(a).map(|&s| read(p, s)).collect();
    let (mut t, mut f) = ([0u64; WORDS], [0u64; WORDS]);
    let mut addr = [Trit::Unknown; 16];
    for w in 0..WORDS {
        for b in 0..64 {
            for (k, (pt, pf)) in planes.iter().enumerate() {
                addr[k] = if pt[w] >> b & 1 == 1 {
                    Trit::True
                } else if pf[w] >> b & 1 == 1 {
                    Trit::False
                } else {
                    Trit::Unknown
                };
            }
            match crate::memory::read_bit(&rom.words, &addr[..planes.len()], rom.bit) {
                Trit::True => t[w] |= 1 << b,
                Trit::False => f[w] |= 1 << b,
                Trit::Unknown => {}
            }
        }
    }
    Slot([t, f])
}

/// The planes of a table gate reading the signals `operands` (the first n, its input count):
/// "is true" is the sum of the minterms of the rows whose output is +1, "is false" of those
/// whose output is −1, each minterm the product of the lane masks "input k has row value k"
/// (−1: its `f` plane, +1: its `t` plane, 0: neither). One row matches each lane.
fn eval_table(table: TruthTable, operands: &[Signal], p: &[Slot]) -> Slot {
    let n = usize::from(table.inputs());
    // Per input, its lanes at −1, 0, +1.
    let mut masks = [[[0; WORDS]; 3]; 3];
    for (k, &s) in operands.iter().take(n).enumerate() {
        let (t, f) = read(p, s);
        masks[k] = [f, std::array::from_fn(|w| !(t[w] | f[w])), t];
    }
    let (mut t, mut f) = ([0; WORDS], [0; WORDS]);
    for row in 0..table.rows() {
        let out = table.eval_index(row);
        if out == Trit::Unknown {
            continue;
        }
        let mut minterm = [!0; WORDS];
        let mut rest = row;
        for mask in masks[..n].iter().rev() {
            minterm = and(minterm, mask[rest % 3]);
            rest /= 3;
        }
        if out == Trit::True {
            t = or(t, minterm);
        } else {
            f = or(f, minterm);
        }
    }
    Slot([t, f])
}

/// The (t, f) planes of signal `s`.
#[inline]
fn read(p: &[Slot], s: Signal) -> (Lanes, Lanes) {
    let slot = &p[(s >> 1) as usize].0;
    let polarity = (s & 1) as usize;
    (slot[polarity], slot[polarity ^ 1])
}

#[inline]
fn and(a: Lanes, b: Lanes) -> Lanes {
    std::array::from_fn(|w| a[w] & b[w])
}

#[inline]
fn or(a: Lanes, b: Lanes) -> Lanes {
    std::array::from_fn(|w| a[w] | b[w])
}

fn lane_value(known: &Lanes, value: &Lanes, lane: usize) -> Trit {
    let bit = |plane: &Lanes| plane[lane / 64] >> (lane % 64) & 1;
    match (bit(known), bit(value)) {
        (0, _) => Trit::Unknown,
        (_, 0) => Trit::False,
        _ => Trit::True,
    }
}

/// Gates and terminals in topological order ([`graph::topological_order`]), or the first
/// combinational loop found ([`graph::loops`]).
pub(crate) fn topological(net: &Netlist) -> Result<Vec<u32>, BatchError> {
    let levels = graph::topological_order(net);
    if levels.is_complete() {
        return Ok(levels.order);
    }
    // Some nodes never became ready: they are on or behind a loop. Name one loop.
    let mut ordered = vec![false; net.len()];
    for &i in &levels.order {
        ordered[i as usize] = true;
    }
    let stuck: Vec<u32> = (0..net.len() as u32)
        .filter(|&i| !ordered[i as usize])
        .collect();
    let mut nodes: Vec<NodeId> = graph::loops(net, &stuck)
        .into_iter()
        .next()
        .unwrap_or_default()
        .into_iter()
        .map(|i| net.ids[i as usize])
        .collect();
    nodes.sort_unstable();
    Err(BatchError::Loop { nodes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;

    #[test]
    fn loops_and_flip_flops_are_refused_with_the_loop_named() {
        let c = bench::from_str("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\nz = BUF(y)\n")
            .expect("valid");
        let Err(BatchError::Loop { nodes }) = BatchEngine::new(&c) else {
            panic!("a loop")
        };
        let labels: Vec<&str> = nodes.iter().map(|&id| c[id].label.as_str()).collect();
        assert_eq!(labels, ["x", "y"]);
        let c = bench::from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(a)\n").expect("valid");
        let e = BatchEngine::new(&c).err();
        assert_eq!(
            e,
            Some(BatchError::Sequential {
                label: "q".to_owned()
            })
        );
        assert!(e.is_some_and(|e| e.to_string().starts_with("flip-flop `q`:")));
        // A flip-flop with an enable, or with set and reset, is refused by name too.
        for kind in [NodeKind::Dffe, NodeKind::Dffsr] {
            let mut c = Circuit::new();
            let a = c
                .add_node(crate::Node::new("a", NodeKind::Switch))
                .expect("node");
            let ff = c.add_node(crate::Node::new("REG", kind)).expect("node");
            let y = c
                .add_node(crate::Node::new("y", NodeKind::Lamp))
                .expect("node");
            c.connect(a, ff, 0).expect("wire");
            c.connect(ff, y, 0).expect("wire");
            let e = BatchEngine::new(&c).err();
            assert_eq!(
                e,
                Some(BatchError::Sequential {
                    label: "REG".to_owned()
                }),
                "{kind}"
            );
            assert!(e.is_some_and(|e| e.to_string().starts_with("flip-flop `REG`:")));
        }
    }

    #[test]
    fn chosen_nodes_are_outputs_too() {
        let c = bench::from_str("INPUT(a)\nINPUT(b)\nOUTPUT(y)\nn = NAND(a, b)\ny = NOT(n)\n")
            .expect("valid");
        let [a, n, y] = ["a", "n", "OUTPUT(y)"].map(|l| c.find(l).expect("a node"));
        let mut engine = BatchEngine::with_outputs(&c, &[n, a, y]).expect("combinational");
        assert_eq!(engine.output_count(), 3);
        let out = engine.run(&[
            vec![Trit::True, Trit::True],
            vec![Trit::False, Trit::Unknown],
        ]);
        assert_eq!(out[0], [Trit::False, Trit::True, Trit::True]);
        assert_eq!(out[1], [Trit::True, Trit::False, Trit::False]);
        // A node of a larger circuit, past the end of this one.
        let mut other = Circuit::new();
        let far = (0..20)
            .map(|i| {
                other
                    .add_node(crate::Node::new(format!("x{i}"), NodeKind::Switch))
                    .expect("new")
            })
            .last()
            .expect("twenty nodes");
        assert_eq!(
            BatchEngine::with_outputs(&c, &[far]).err(),
            Some(BatchError::NotInCircuit { node: far })
        );
    }

    #[test]
    fn kleene_truth_tables_in_parallel_lanes() {
        let c = bench::from_str(
            "INPUT(a)\nINPUT(b)\nOUTPUT(and)\nOUTPUT(or)\nOUTPUT(xor)\nOUTPUT(nand)\n\
             and = AND(a, b)\nor = OR(a, b)\nxor = XOR(a, b)\nnand = NAND(a, b)\n",
        )
        .expect("valid");
        let mut engine = BatchEngine::new(&c).expect("combinational");
        let vectors: Vec<Vec<Trit>> = Trit::ALL
            .iter()
            .flat_map(|&a| Trit::ALL.map(|b| vec![a, b]))
            .collect();
        for (v, out) in vectors.iter().zip(engine.run(&vectors)) {
            let (a, b) = (v[0], v[1]);
            assert_eq!(
                out,
                [a.and(b), a.or(b), a.xor(b), a.and(b).not()],
                "{a} {b}"
            );
        }
    }
}
