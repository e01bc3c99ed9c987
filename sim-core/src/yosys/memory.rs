//! Yosys' memories (`$mem_v2`, and the older `$mem`, which `memory -nomap` keeps whole) as
//! Tritium's memories where the ports map, else as flip-flops.
//!
//! * No write port: a [`NodeKind::Rom`] per read port, its words the memory's `INIT`
//!   (`x` bits unknown).
//! * One write port (clocked, its enable one signal for every bit) and one read port on
//!   the same address, `2^ABITS` words: a [`NodeKind::Ram`], which reads and writes one
//!   address; `INIT` is not kept then (a RAM starts unknown or from a contents file).
//! * Anything else (two read ports, a read address apart from the write address, a write
//!   enable per bit, …): a flip-flop per bit ([`ImportWarning::MemoryAsFlipFlops`](
//!   super::ImportWarning::MemoryAsFlipFlops)), written through exact multiplexers and read
//!   through a tree of them — the same function as Tritium's memory rules for unknowns
//!   (see [`crate::memory`]), at a gate count that grows with the memory, so it is refused
//!   past [`MAX_FLIP_FLOP_BITS`].
//!
//! A read port with a clock is the combinational read followed by a flip-flop on that
//! clock (read before write, as Yosys' model has it; a transparent port sees the data
//! written by the same edge through a multiplexer). Read ports with a reset are refused.

use super::cells::Negative;
use super::json::{Bit, Cell, Value};
use crate::GateOp;
use crate::kind::NodeKind;
use crate::parts::{Builder, bit_ranges};
use crate::trit::Trit;

/// The most bits a memory mapped to flip-flops may have.
pub(super) const MAX_FLIP_FLOP_BITS: usize = 1 << 16;

/// A read port: `T` a bit before the signals are known, a signal (wire end) after.
pub(super) struct ReadPort<T> {
    /// Its clock and whether it acts on the falling edge; `None` for a combinational read.
    pub clock: Option<(T, Negative)>,
    /// Its enable (sampled with the clock).
    pub enable: T,
    /// Whether the enable is the constant 1 (the flip-flops need no enable pin).
    pub always: bool,
    /// Whether it sees what the write port writes on the same edge.
    pub transparent: bool,
    /// Its address bits, least significant first.
    pub addr: Vec<T>,
    /// The nets it drives.
    pub data: Vec<Bit>,
}

/// A write port.
pub(super) struct WritePort<T> {
    /// Its clock and polarity.
    pub clock: (T, Negative),
    /// The enable of each data bit.
    pub enable: Vec<T>,
    /// Its address bits.
    pub addr: Vec<T>,
    /// The data it writes.
    pub data: Vec<T>,
}

/// A memory cell.
pub(super) struct Memory<T> {
    /// Words.
    pub size: usize,
    /// Address bits.
    pub abits: usize,
    /// Bits a word.
    pub width: usize,
    /// The initial words, each `width` trits, least significant first.
    pub init: Vec<Vec<Trit>>,
    /// Read ports.
    pub reads: Vec<ReadPort<T>>,
    /// Write ports.
    pub writes: Vec<WritePort<T>>,
}

/// Parameter `name` of `cell` as a number (`0` when absent).
fn number(cell: &Cell, name: &str) -> Result<usize, String> {
    cell.parameters
        .get(name)
        .map_or(Some(0), Value::number)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| format!("parameter {name} is not a number"))
}

/// Bit `k` (from the least significant) of parameter `name`, a string of binary digits.
fn flag(cell: &Cell, name: &str, k: usize) -> bool {
    cell.parameters
        .get(name)
        .and_then(Value::digits)
        .and_then(|d| d.chars().rev().nth(k))
        == Some('1')
}

/// Bits `k * n .. (k + 1) * n` of port `port`.
fn slice(cell: &Cell, port: &str, k: usize, n: usize) -> Result<Vec<Bit>, String> {
    cell.connections
        .get(port)
        .and_then(|bits| bits.get(k * n..(k + 1) * n))
        .map(<[Bit]>::to_vec)
        .ok_or_else(|| format!("port {port} has no bits {}..{}", k * n, (k + 1) * n))
}

impl Memory<Bit> {
    /// The memory `cell` describes.
    ///
    /// # Errors
    /// A message saying what is missing or not imported (a read port's reset, an
    /// unclocked write port, an address offset).
    pub fn parse(cell: &Cell) -> Result<Memory<Bit>, String> {
        let size = number(cell, "SIZE")?;
        let abits = number(cell, "ABITS")?;
        let width = number(cell, "WIDTH")?;
        if number(cell, "OFFSET")? != 0 {
            return Err("an address offset is not imported".to_owned());
        }
        let init = init(cell, size, width);
        let write_ports = number(cell, "WR_PORTS")?;
        let reads = (0..number(cell, "RD_PORTS")?)
            .map(|k| read_port(cell, k, abits, width, write_ports))
            .collect::<Result<_, _>>()?;
        let writes = (0..write_ports)
            .map(|k| {
                if !flag(cell, "WR_CLK_ENABLE", k) {
                    return Err("an unclocked write port is not imported".to_owned());
                }
                Ok(WritePort {
                    clock: (
                        slice(cell, "WR_CLK", k, 1)?[0],
                        !flag(cell, "WR_CLK_POLARITY", k),
                    ),
                    enable: slice(cell, "WR_EN", k, width)?,
                    addr: slice(cell, "WR_ADDR", k, abits)?,
                    data: slice(cell, "WR_DATA", k, width)?,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Memory {
            size,
            abits,
            width,
            init,
            reads,
            writes,
        })
    }

    /// Sees through the multiplexers `proc` puts on a write port's address: bit `i` of
    /// `we ? addr : x` is `addr[i]` wherever the port writes (its enable is `we`, or
    /// `we ? 1 : 0`), so the port writes at `addr`; `mux(net)` gives the `[A, B, S]` of
    /// the `$_MUX_` that drives a net. A RAM of one address needs it.
    pub fn see_through_write_muxes(&mut self, mux: &dyn Fn(Bit) -> Option<[Bit; 3]>) {
        for port in &mut self.writes {
            let Some(&enable) = port.enable.first() else {
                continue;
            };
            if port.enable.iter().any(|e| *e != enable) {
                continue;
            }
            let select = match mux(enable) {
                Some([Bit::Zero, Bit::One, s]) => s,
                _ => enable,
            };
            for bit in &mut port.addr {
                if let Some([Bit::Unknown, addr, s]) = mux(*bit)
                    && s == select
                {
                    *bit = addr;
                }
            }
        }
    }

    /// The same memory with every input bit replaced by its signal.
    pub fn resolve(self, signal: &mut dyn FnMut(Bit) -> String) -> Memory<String> {
        let mut all = |bits: Vec<Bit>| bits.into_iter().map(&mut *signal).collect::<Vec<_>>();
        let reads = self
            .reads
            .into_iter()
            .map(|r| ReadPort {
                clock: r.clock.map(|(c, n)| (all(vec![c]).remove(0), n)),
                enable: all(vec![r.enable]).remove(0),
                always: r.always,
                transparent: r.transparent,
                addr: all(r.addr),
                data: r.data,
            })
            .collect();
        let writes = self
            .writes
            .into_iter()
            .map(|w| WritePort {
                clock: (all(vec![w.clock.0]).remove(0), w.clock.1),
                enable: all(w.enable),
                addr: all(w.addr),
                data: all(w.data),
            })
            .collect();
        Memory {
            size: self.size,
            abits: self.abits,
            width: self.width,
            init: self.init,
            reads,
            writes,
        }
    }
}

/// Read port `k`.
fn read_port(
    cell: &Cell,
    k: usize,
    abits: usize,
    width: usize,
    write_ports: usize,
) -> Result<ReadPort<Bit>, String> {
    for reset in ["RD_ARST", "RD_SRST"] {
        if cell
            .connections
            .get(reset)
            .is_some_and(|bits| bits.get(k).is_some_and(|b| *b != Bit::Zero))
        {
            return Err("a read port with a reset is not imported".to_owned());
        }
    }
    let clocked = flag(cell, "RD_CLK_ENABLE", k);
    let clock = if clocked {
        Some((
            slice(cell, "RD_CLK", k, 1)?[0],
            !flag(cell, "RD_CLK_POLARITY", k),
        ))
    } else {
        None
    };
    // `$mem_v2`: a bit per read and write port; `$mem`: one a read port.
    let transparent = (0..write_ports.max(1)).any(|p| {
        flag(cell, "RD_TRANSPARENCY_MASK", k * write_ports + p) || flag(cell, "RD_TRANSPARENT", k)
    });
    let enable = cell
        .connections
        .get("RD_EN")
        .and_then(|bits| bits.get(k).copied())
        .unwrap_or(Bit::One);
    Ok(ReadPort {
        clock,
        enable,
        always: enable == Bit::One,
        transparent: clocked && transparent,
        addr: slice(cell, "RD_ADDR", k, abits)?,
        data: slice(cell, "RD_DATA", k, width)?,
    })
}

/// The words of `INIT` (most significant bit of the last word first), unknown where it
/// says `x` or is shorter.
fn init(cell: &Cell, size: usize, width: usize) -> Vec<Vec<Trit>> {
    let digits: Vec<char> = cell
        .parameters
        .get("INIT")
        .and_then(Value::digits)
        .map(|d| d.chars().rev().collect())
        .unwrap_or_default();
    (0..size)
        .map(|word| {
            (0..width)
                .map(|bit| match digits.get(word * width + bit) {
                    Some('0') => Trit::False,
                    Some('1') => Trit::True,
                    _ => Trit::Unknown,
                })
                .collect()
        })
        .collect()
}

/// The node that drives bit of a read port's data, made before the inputs are wired: a
/// flip-flop for a clocked port (with an enable unless it is constant 1), else a buffer.
pub(super) fn read_output_node<T>(port: &ReadPort<T>) -> NodeKind {
    match &port.clock {
        Some(_) if port.always => NodeKind::Dff,
        Some(_) => NodeKind::Dffe,
        None => NodeKind::Buf,
    }
}

/// What the builder must still do to a node after the part is finished: a memory's width
/// and words, a flip-flop's power-on value.
pub(super) enum Patch {
    /// A memory node: its data width and, for a ROM, its words.
    Memory {
        /// The node's label.
        label: String,
        /// Its data bits.
        width: u8,
        /// Its words, for a ROM.
        words: Option<Vec<Vec<Trit>>>,
    },
    /// A flip-flop's power-on value.
    Init {
        /// The node's label.
        label: String,
        /// Its value.
        value: Trit,
    },
}

/// How a memory was built.
pub(super) enum Mapped {
    /// As Tritium memories.
    Memories,
    /// As flip-flops, and why.
    FlipFlops(String),
}

/// Builds `memory`, whose read port `k`'s data bits drive the nodes `outputs[k]` (made by
/// [`read_output_node`]); the patches to apply once the part is finished.
///
/// # Errors
/// A message when the memory maps to no RAM or ROM and is too large for flip-flops.
pub(super) fn build(
    b: &mut Builder,
    memory: &Memory<String>,
    outputs: &[Vec<String>],
) -> Result<(Mapped, Vec<Patch>), String> {
    let mut patches = Vec::new();
    let why = match direct(memory) {
        Ok(()) => {
            for (port, outs) in memory.reads.iter().zip(outputs) {
                let data = if let Some(write) = memory.writes.first() {
                    ram(b, memory, write, port, &mut patches)
                } else {
                    rom(b, memory, port, &mut patches)
                };
                wire_read(b, memory, port, data, outs);
            }
            return Ok((Mapped::Memories, patches));
        }
        Err(why) => why,
    };
    if memory.size.saturating_mul(memory.width) > MAX_FLIP_FLOP_BITS {
        return Err(format!(
            "it maps to no RAM or ROM ({why}) and its {} × {} bits are too many for \
             flip-flops (at most {MAX_FLIP_FLOP_BITS})",
            memory.size, memory.width
        ));
    }
    let words = flip_flops(b, memory, &mut patches)?;
    for (port, outs) in memory.reads.iter().zip(outputs) {
        let data = read_tree(b, memory, &words, &port.addr);
        wire_read(b, memory, port, data, outs);
    }
    Ok((Mapped::FlipFlops(why), patches))
}

/// Whether `memory` maps to Tritium's memories, or why not.
fn direct(memory: &Memory<String>) -> Result<(), String> {
    let addr_bits = crate::memory::ADDR_BITS;
    let data_bits = crate::memory::DATA_BITS;
    if !u8::try_from(memory.abits).is_ok_and(|a| addr_bits.contains(&a)) {
        return Err(format!("{} address bits", memory.abits));
    }
    if !u8::try_from(memory.width).is_ok_and(|w| data_bits.contains(&w)) {
        return Err(format!("{} bits a word", memory.width));
    }
    match (memory.writes.as_slice(), memory.reads.as_slice()) {
        ([], _) => Ok(()),
        ([write], [read]) => {
            if memory.size != 1 << memory.abits {
                Err(format!(
                    "{} words of {} addresses",
                    memory.size,
                    1 << memory.abits
                ))
            } else if read.addr != write.addr {
                Err("its read and write addresses differ".to_owned())
            } else if write.enable.iter().any(|e| *e != write.enable[0]) {
                Err("its write enable differs between bits".to_owned())
            } else {
                Ok(())
            }
        }
        (writes, reads) => Err(format!(
            "{} write ports and {} read ports",
            writes.len(),
            reads.len()
        )),
    }
}

/// `bits` as one wire end: the bit itself, or a merger of them.
fn merged(b: &mut Builder, bits: &[String]) -> String {
    if let [one] = bits {
        return one.clone();
    }
    let width = u8::try_from(bits.len()).unwrap_or(u8::MAX);
    b.add(NodeKind::Merge(bit_ranges(width)), bits)
}

/// The bits of the wide node `node`: itself, or a splitter's outputs.
fn split(b: &mut Builder, node: &str, width: usize) -> Vec<String> {
    if width == 1 {
        return vec![node.to_owned()];
    }
    let w = u8::try_from(width).unwrap_or(u8::MAX);
    let split = b.add(NodeKind::Split(bit_ranges(w)), &[node.to_owned()]);
    (0..width).map(|k| format!("{split}.{k}")).collect()
}

/// A ROM read by `port`: its data bits.
fn rom(
    b: &mut Builder,
    memory: &Memory<String>,
    port: &ReadPort<String>,
    patches: &mut Vec<Patch>,
) -> Vec<String> {
    let addr_bits = u8::try_from(memory.abits).unwrap_or(u8::MAX);
    let addr = merged(b, &port.addr);
    let rom = b.add(NodeKind::Rom { addr_bits }, &[addr]);
    patches.push(Patch::Memory {
        label: rom.clone(),
        width: u8::try_from(memory.width).unwrap_or(u8::MAX),
        words: Some(memory.init.clone()),
    });
    split(b, &rom, memory.width)
}

/// The RAM of `write` and `port` (one address): its data bits.
fn ram(
    b: &mut Builder,
    memory: &Memory<String>,
    write: &WritePort<String>,
    port: &ReadPort<String>,
    patches: &mut Vec<Patch>,
) -> Vec<String> {
    let addr_bits = u8::try_from(memory.abits).unwrap_or(u8::MAX);
    let addr = merged(b, &port.addr);
    let data = merged(b, &write.data);
    let clock = edge(b, &write.clock);
    let ram = b.add(
        NodeKind::Ram { addr_bits },
        &[addr, data, write.enable[0].clone(), clock],
    );
    patches.push(Patch::Memory {
        label: ram.clone(),
        width: u8::try_from(memory.width).unwrap_or(u8::MAX),
        words: None,
    });
    split(b, &ram, memory.width)
}

/// A clock made rising-edge: itself, or inverted.
fn edge(b: &mut Builder, (clock, negative): &(String, Negative)) -> String {
    if *negative {
        b.not(clock)
    } else {
        clock.clone()
    }
}

/// Wires the read value `data` into the port's output nodes `outs`: a buffer's input, or a
/// flip-flop's D (through the written data for a transparent port), clock and enable.
fn wire_read(
    b: &mut Builder,
    memory: &Memory<String>,
    port: &ReadPort<String>,
    data: Vec<String>,
    outs: &[String],
) {
    let data = match (&port.clock, port.transparent) {
        (Some(_), true) => memory.writes.iter().fold(data, |data, write| {
            let same = same_address(b, &port.addr, &write.addr);
            (0..memory.width)
                .map(|k| {
                    let s = b.gate(GateOp::And, &[same.clone(), write.enable[k].clone()]);
                    let not_s = b.not(&s);
                    b.select(&s, &not_s, &data[k], &write.data[k])
                })
                .collect()
        }),
        _ => data,
    };
    let clock = port.clock.as_ref().map(|clock| edge(b, clock));
    for (out, bit) in outs.iter().zip(data) {
        b.wire(&bit, out, 0);
        if let Some(clock) = &clock {
            b.wire(clock, out, 1);
            if !port.always {
                b.wire(&port.enable, out, 2);
            }
        }
    }
}

/// +1 when addresses `a` and `b` are equal: the AND of their bits' XNORs (bits that are the
/// same signal left out).
fn same_address(b: &mut Builder, x: &[String], y: &[String]) -> String {
    let bits: Vec<String> = x
        .iter()
        .zip(y)
        .filter(|(p, q)| p != q)
        .map(|(p, q)| b.gate(GateOp::Xnor, &[p.clone(), q.clone()]))
        .collect();
    if bits.is_empty() {
        b.constant(Trit::True)
    } else {
        b.gate(GateOp::And, &bits)
    }
}

/// The memory's words as flip-flops, written by every write port (a later port wins on the
/// same edge, as in Yosys): each bit a `Dffe` enabled by its port's enable and address
/// line, or with several ports a `Dff` behind a multiplexer per port. Word `i`, bit `k` is
/// `words[i][k]`.
fn flip_flops(
    b: &mut Builder,
    memory: &Memory<String>,
    patches: &mut Vec<Patch>,
) -> Result<Vec<Vec<String>>, String> {
    let clock = match memory.writes.as_slice() {
        [] => None,
        [first, rest @ ..] => {
            if rest.iter().any(|w| w.clock != first.clock) {
                return Err("its write ports have different clocks".to_owned());
            }
            Some(edge(b, &first.clock))
        }
    };
    let lines: Vec<Vec<String>> = memory
        .writes
        .iter()
        .map(|w| {
            let needed = needed_bits(memory.size).min(w.addr.len());
            let lines = if needed == 0 {
                vec![b.constant(Trit::True)]
            } else {
                b.decode(&w.addr[..needed])
            };
            match in_range(b, &w.addr, needed) {
                Some(valid) => lines
                    .iter()
                    .map(|line| b.gate(GateOp::And, &[line.clone(), valid.clone()]))
                    .collect(),
                None => lines,
            }
        })
        .collect();
    let single = memory.writes.len() == 1;
    let mut words = Vec::with_capacity(memory.size);
    for (i, init) in memory.init.iter().enumerate() {
        let mut word = Vec::with_capacity(memory.width);
        for (k, &value) in init.iter().enumerate() {
            let Some(clock) = &clock else {
                // A memory nobody writes: its initial contents.
                word.push(b.constant(value));
                continue;
            };
            let kind = if single {
                NodeKind::Dffe
            } else {
                NodeKind::Dff
            };
            let q = b.add(kind, &[]);
            if value.is_known() {
                patches.push(Patch::Init {
                    label: q.clone(),
                    value,
                });
            }
            let enables: Vec<String> = memory
                .writes
                .iter()
                .zip(&lines)
                .map(|(w, lines)| b.gate(GateOp::And, &[w.enable[k].clone(), lines[i].clone()]))
                .collect();
            if single {
                b.wire(&memory.writes[0].data[k], &q, 0);
                b.wire(&enables[0], &q, 2);
            } else {
                let d = memory
                    .writes
                    .iter()
                    .zip(&enables)
                    .fold(q.clone(), |held, (w, en)| {
                        let not_en = b.not(en);
                        b.select(en, &not_en, &held, &w.data[k])
                    });
                b.wire(&d, &q, 0);
            }
            b.wire(clock, &q, 1);
            word.push(q);
        }
        words.push(word);
    }
    Ok(words)
}

/// The address bits that number `size` words: `ceil(log2(size))`.
fn needed_bits(size: usize) -> usize {
    (usize::BITS - size.saturating_sub(1).leading_zeros()) as usize
}

/// +1 when the address bits past `needed` (an address past the memory's words) are all
/// 0: the NOR of them, or `None` when there are none.
fn in_range(b: &mut Builder, addr: &[String], needed: usize) -> Option<String> {
    let high = addr.get(needed..).filter(|h| !h.is_empty())?;
    Some(b.gate(GateOp::Nor, high))
}

/// The word at `addr` of `words`: per bit a tree of exact multiplexers on the address bits
/// that number the words, an address past them unknown (as Verilog reads it).
fn read_tree(
    b: &mut Builder,
    memory: &Memory<String>,
    words: &[Vec<String>],
    addr: &[String],
) -> Vec<String> {
    let needed = needed_bits(memory.size).min(addr.len());
    let low = &addr[..needed];
    let not_low: Vec<String> = low.iter().map(|a| b.not(a)).collect();
    let unknown = b.constant(Trit::Unknown);
    let valid = in_range(b, addr, needed);
    (0..memory.width)
        .map(|k| {
            let mut level: Vec<String> = (0..1usize << needed)
                .map(|i| {
                    words
                        .get(i)
                        .map_or_else(|| unknown.clone(), |w| w[k].clone())
                })
                .collect();
            for (s, not_s) in low.iter().zip(&not_low) {
                level = level
                    .chunks(2)
                    .map(|pair| b.select(s, not_s, &pair[0], &pair[1]))
                    .collect();
            }
            let word = level.swap_remove(0);
            match &valid {
                Some(valid) => {
                    let invalid = b.not(valid);
                    b.select(valid, &invalid, &unknown, &word)
                }
                None => word,
            }
        })
        .collect()
}
