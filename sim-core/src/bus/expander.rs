//! The expansion of one level into single-trit nodes and wires ([`expand`]), splitters and
//! mergers resolved away by the `Expander`.

use std::collections::HashMap;

use super::BusDecl;
use super::check::{check_width, constant_bits, memory_decl, same_width};
use super::error::BusError;
use crate::desc::{Node, SplitOutput, WireDesc, WireEnd};
use crate::kind::NodeKind;
use crate::literal::bit_label;
use crate::memory::MemoryDecl;

/// One level expanded into single-trit nodes and wires.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expanded {
    /// Width-1 nodes (labels `L[i]` for the bits of a bus `L`).
    pub nodes: Vec<Node>,
    /// Single-trit wires.
    pub wires: Vec<WireDesc>,
    /// The level's buses.
    pub buses: Vec<BusDecl>,
    /// An explicit input pin list with each bus replaced by its bits.
    pub inputs: Option<Vec<String>>,
    /// An explicit output pin list with each bus replaced by its bits.
    pub outputs: Option<Vec<String>>,
    /// The level's memories (their data bits are among `nodes`).
    pub memories: Vec<MemoryDecl>,
}

/// A level's instances' pins, for [`expand`]: the width of pin `pin` of instance `instance`,
/// or `None` when `instance` is not one of the level's instances (or has no such pin: the
/// flattener reports that).
pub type PinWidth<'a> = dyn Fn(&str, &str) -> Option<u8> + 'a;

/// Whether a level uses buses: a node wider than 1, a splitter, merger or tunnel, or an
/// instance pin wider than 1 at the end of a wire. Such a level needs version 3.
pub fn uses_buses(nodes: &[Node], wires: &[WireDesc], pin_width: &PinWidth<'_>) -> bool {
    let wide_pin = |end: &str| {
        WireEnd::dotted(end)
            .and_then(|(i, p)| pin_width(i, p))
            .is_some_and(|w| w > 1)
    };
    nodes.iter().any(Node::is_written_only)
        || wires.iter().any(|w| wide_pin(&w.from) || wide_pin(&w.to))
}

/// Expands one level (a top level or a part: its `nodes`, `wires` and explicit pin lists)
/// into single-trit nodes and wires, its tunnels resolved first ([`crate::tunnel::resolve`]);
/// `pin_width` gives its instances' pin widths. A level without buses or tunnels comes back
/// unchanged. Linear in the expanded size.
///
/// # Errors
/// [`BusError`] naming the node or wire: a bad width, a width mismatch, a bad constant
/// value, a wrongly named splitter end, splitters in a loop, a tunnel net with two drivers
/// ([`BusError::Tunnel`]). A wire naming a label that does
/// not exist is passed through for the circuit to report.
pub fn expand(
    nodes: Vec<Node>,
    wires: Vec<WireDesc>,
    inputs: Option<Vec<String>>,
    outputs: Option<Vec<String>>,
    pin_width: &PinWidth<'_>,
) -> Result<Expanded, BusError> {
    let (nodes, wires) =
        crate::tunnel::resolve(nodes, wires).map_err(|e| BusError::Tunnel(Box::new(e)))?;
    if !uses_buses(&nodes, &wires, pin_width) {
        return Ok(Expanded {
            nodes,
            wires,
            buses: Vec::new(),
            inputs,
            outputs,
            memories: Vec::new(),
        });
    }
    Expander::new(&nodes, &wires, pin_width)?.run(inputs, outputs)
}

/// The bits a wire end carries: each the label of the single-trit node (or instance pin)
/// driving it, `None` for a floating bit (a splitter input nobody drives).
type Bits = Vec<Option<String>>;

struct Expander<'a> {
    nodes: &'a [Node],
    wires: &'a [WireDesc],
    pin_width: &'a PinWidth<'a>,
    /// Label → node, at this level.
    by_label: HashMap<&'a str, &'a Node>,
    /// (splitter or merger, input) → the wire driving it.
    wiring_inputs: HashMap<(&'a str, u8), &'a WireDesc>,
    /// Splitter and merger inputs resolved so far (`None` while being resolved).
    resolved: HashMap<(&'a str, u8), Option<Bits>>,
}

impl<'a> Expander<'a> {
    fn new(
        nodes: &'a [Node],
        wires: &'a [WireDesc],
        pin_width: &'a PinWidth<'a>,
    ) -> Result<Self, BusError> {
        let mut by_label = HashMap::with_capacity(nodes.len());
        for n in nodes {
            check_width(n)?;
            by_label.entry(n.label.as_str()).or_insert(n);
        }
        let mut wiring_inputs: HashMap<(&str, u8), &WireDesc> = HashMap::new();
        for w in wires {
            if let Some(n) = by_label.get(w.to.as_str()).filter(|n| n.kind.is_wiring())
                && usize::from(w.input) >= n.kind.input_count()
            {
                return Err(BusError::End {
                    end: format!("{}.{}", w.to, w.input),
                    message: match n.kind {
                        NodeKind::Merge(r) => {
                            format!("merger `{}` ({r}) has inputs 0 to {}", w.to, r.len() - 1)
                        }
                        _ => format!("splitter `{}` has one input, 0", w.to),
                    },
                });
            }
            if by_label
                .get(w.to.as_str())
                .is_some_and(|n| n.kind.is_wiring())
                && let Some(first) = wiring_inputs.insert((w.to.as_str(), w.input), w)
            {
                return Err(BusError::DoubleDriver {
                    label: w.to.clone(),
                    input: w.input,
                    first: first.from.clone(),
                    second: w.from.clone(),
                });
            }
        }
        Ok(Expander {
            nodes,
            wires,
            pin_width,
            by_label,
            wiring_inputs,
            resolved: HashMap::new(),
        })
    }

    fn run(
        mut self,
        inputs: Option<Vec<String>>,
        outputs: Option<Vec<String>>,
    ) -> Result<Expanded, BusError> {
        let mut out = Expanded::default();
        for n in self.nodes.iter().filter(|n| !n.kind.is_wiring()) {
            let width = usize::from(n.width);
            let constant = constant_bits(n)?;
            if width > 1 {
                out.buses.push(BusDecl {
                    label: n.label.clone(),
                    width: n.width,
                    radix: n.radix,
                });
            }
            if let Some(memory) = memory_decl(n)? {
                out.memories.push(memory);
            }
            for i in 0..width {
                let kind = match (&constant, n.kind) {
                    (Some(bits), NodeKind::Constant(_)) => NodeKind::Constant(bits[i]),
                    _ => n.kind,
                };
                out.nodes.push(Node {
                    label: bit_of(&n.label, width, i),
                    kind,
                    pos: n.pos,
                    facing: n.facing,
                    flip: n.flip,
                    init: n.init,
                    ..Node::new("", kind)
                });
            }
        }
        for w in self.wires {
            if self
                .by_label
                .get(w.to.as_str())
                .is_some_and(|n| n.kind.is_wiring())
            {
                // Resolved when something reads the splitter or merger.
                continue;
            }
            let Some(bits) = self.source(&w.from)? else {
                // Not a node or pin of this level: the circuit names it.
                out.wires.push(w.clone());
                continue;
            };
            if let Some(&node) = self.by_label.get(w.to.as_str())
                && node.kind.is_memory()
            {
                memory_wires(w, node, &bits, &mut out.wires)?;
                continue;
            }
            let (targets, broadcast) = self.target(&w.to, w.input);
            let to_width = if broadcast { 1 } else { targets.len() };
            same_width(w, bits.len(), to_width)?;
            for (i, to) in targets.into_iter().enumerate() {
                let bit = if broadcast { &bits[0] } else { &bits[i] };
                if let Some(from) = bit {
                    out.wires.push(WireDesc::new(from.clone(), to, w.input));
                }
            }
        }
        let widths: HashMap<&str, usize> = self
            .nodes
            .iter()
            .map(|n| (n.label.as_str(), usize::from(n.width)))
            .collect();
        let pins = |list: Option<Vec<String>>| {
            list.map(|list| {
                list.into_iter()
                    .flat_map(|p| {
                        let width = widths.get(p.as_str()).copied().unwrap_or(1);
                        (0..width).map(move |i| bit_of(&p, width, i))
                    })
                    .collect()
            })
        };
        out.inputs = pins(inputs);
        out.outputs = pins(outputs);
        Ok(out)
    }

    /// The bits wire end `end` drives, or `None` if it names nothing at this level.
    fn source(&mut self, end: &'a str) -> Result<Option<Bits>, BusError> {
        let deps = self.deps(end);
        self.resolve(deps)?;
        self.read(end)
    }

    /// The splitter and merger inputs whose bits wire end `end` reads: a splitter's input
    /// for `SP.k`, every input of a merger `M`, none for anything else.
    fn deps(&self, end: &'a str) -> Vec<(&'a str, u8)> {
        match self.by_label.get(end).map(|n| n.kind) {
            Some(NodeKind::Merge(ranges)) => (0..ranges.len()).map(|k| (end, k as u8)).collect(),
            Some(_) => Vec::new(),
            None => self
                .split_output(end)
                .map(|out| vec![(out.splitter, 0)])
                .unwrap_or_default(),
        }
    }

    /// Resolves the splitter and merger inputs `roots` and every one they read, without
    /// recursion (a chain of a million splitters is a file like any other): a depth-first
    /// walk on an explicit stack; an input met again while it is being resolved is a loop.
    fn resolve(&mut self, roots: Vec<(&'a str, u8)>) -> Result<(), BusError> {
        let mut stack = roots;
        while let Some(&key) = stack.last() {
            if matches!(self.resolved.get(&key), Some(Some(_))) {
                stack.pop();
                continue;
            }
            let node = self.by_label[key.0];
            let Some(w) = self.wiring_inputs.get(&key).copied() else {
                self.resolved
                    .insert(key, Some(vec![None; wiring_width(node, key.1)]));
                stack.pop();
                continue;
            };
            let missing: Vec<(&str, u8)> = self
                .deps(&w.from)
                .into_iter()
                .filter(|d| !matches!(self.resolved.get(d), Some(Some(_))))
                .collect();
            if missing.is_empty() {
                let bits = self
                    .read(&w.from)?
                    .unwrap_or_else(|| vec![Some(w.from.clone())]);
                same_width(w, bits.len(), wiring_width(node, key.1))?;
                self.resolved.insert(key, Some(bits));
                stack.pop();
                continue;
            }
            if let Some(d) = missing.iter().find(|d| self.resolved.contains_key(*d)) {
                // Waiting on an input that is itself waiting further down this walk.
                return Err(BusError::Loop {
                    label: d.0.to_owned(),
                });
            }
            self.resolved.insert(key, None);
            stack.extend(missing);
        }
        Ok(())
    }

    /// Wire end `end` as an output `SP.k` of one of the level's splitters (whatever `k`).
    fn split_output<'e>(&self, end: &'e str) -> Option<SplitOutput<'e>> {
        SplitOutput::parse_with(end, |label| {
            self.by_label
                .get(label)
                .is_some_and(|n| matches!(n.kind, NodeKind::Split(_)))
        })
    }

    /// The bits wire end `end` drives, reading splitter and merger inputs already resolved.
    fn read(&self, end: &str) -> Result<Option<Bits>, BusError> {
        let resolved = |label: &str, input: u8| -> Bits {
            self.resolved
                .get(&(label, input))
                .and_then(Option::clone)
                .unwrap_or_default()
        };
        if let Some(node) = self.by_label.get(end).copied() {
            return match node.kind {
                NodeKind::Split(_) => Err(BusError::End {
                    end: end.to_owned(),
                    message: format!(
                        "a splitter has one output per range: name one, `{}` to `{}`",
                        SplitOutput::text(end, 0),
                        SplitOutput::text(end, split_len(node) - 1)
                    ),
                }),
                NodeKind::Merge(ranges) => Ok(Some(
                    (0..ranges.len())
                        .flat_map(|k| resolved(end, k as u8))
                        .collect(),
                )),
                _ => {
                    let width = usize::from(node.width);
                    Ok(Some(
                        (0..width).map(|i| Some(bit_of(end, width, i))).collect(),
                    ))
                }
            };
        }
        if let Some(out) = self.split_output(end)
            && let NodeKind::Split(ranges) = self.by_label[out.splitter].kind
        {
            let left = out.splitter;
            let range = out
                .index()
                .and_then(|k| ranges.get(k))
                .ok_or_else(|| BusError::End {
                    end: end.to_owned(),
                    message: format!(
                        "splitter `{left}` ({ranges}) has outputs `{}` to `{}`",
                        SplitOutput::text(left, 0),
                        SplitOutput::text(left, ranges.len() - 1)
                    ),
                })?;
            let bits = resolved(left, 0);
            return Ok(Some(bits.get(range).map(<[_]>::to_vec).unwrap_or_default()));
        }
        let Some((instance, pin)) = WireEnd::dotted(end) else {
            return Ok(None);
        };
        Ok((self.pin_width)(instance, pin).map(|width| {
            let width = usize::from(width);
            (0..width).map(|i| Some(bit_of(end, width, i))).collect()
        }))
    }

    /// The single-trit ends input `input` of wire end `end` feeds, and whether one source
    /// trit feeds them all (a register's clock, a `Dffe` register's EN, a `Dffsr` register's
    /// EN, SET and RESET).
    fn target(&self, end: &str, input: u8) -> (Vec<String>, bool) {
        if let Some(node) = self.by_label.get(end) {
            let width = usize::from(node.width);
            let ends = (0..width).map(|i| bit_of(end, width, i)).collect();
            let one_trit = matches!(
                (node.kind, input),
                (NodeKind::Dff | NodeKind::Dffe | NodeKind::Dffsr, 1)
                    | (NodeKind::Dffe, 2)
                    | (NodeKind::Dffsr, 2..=4)
            );
            return (ends, one_trit && width > 1);
        }
        let width = WireEnd::dotted(end)
            .and_then(|(i, p)| (self.pin_width)(i, p))
            .map_or(1, usize::from);
        ((0..width).map(|i| bit_of(end, width, i)).collect(), false)
    }
}

/// The single-trit wires of `w` into memory `node` (see [`crate::memory`] for its pins): the
/// address bus feeds every data bit's node, data in bit `k` the node of bit `k`, write enable
/// and clock every node.
fn memory_wires(
    w: &WireDesc,
    node: &Node,
    bits: &[Option<String>],
    wires: &mut Vec<WireDesc>,
) -> Result<(), BusError> {
    let (addr_bits, ram) = match node.kind {
        NodeKind::Rom { addr_bits } => (addr_bits, false),
        NodeKind::Ram { addr_bits } => (addr_bits, true),
        _ => return Ok(()),
    };
    let (a, d) = (usize::from(addr_bits), usize::from(node.width));
    let bit_node = |k: usize| bit_of(&node.label, d, k);
    let want = match (w.input, ram) {
        (0, _) => a,
        (1, true) => d,
        (2 | 3, true) => 1,
        _ => {
            return Err(BusError::End {
                end: format!("{}.{}", w.to, w.input),
                message: if ram {
                    format!(
                        "RAM `{}` has inputs 0 (address), 1 (data in), 2 (write enable) and 3 (clock)",
                        w.to
                    )
                } else {
                    format!("ROM `{}` has one input, 0 (the address)", w.to)
                },
            });
        }
    };
    same_width(w, bits.len(), want)?;
    for k in 0..d {
        let mut wire = |bit: &Option<String>, input: usize| {
            if let Some(from) = bit {
                wires.push(WireDesc::new(from.clone(), bit_node(k), input as u8));
            }
        };
        match w.input {
            0 => bits.iter().enumerate().for_each(|(j, b)| wire(b, j)),
            1 => wire(&bits[k], a),
            input => wire(&bits[0], a + usize::from(input) - 1),
        }
    }
    Ok(())
}

fn split_len(node: &Node) -> usize {
    match node.kind {
        NodeKind::Split(r) | NodeKind::Merge(r) => r.len(),
        _ => 1,
    }
}

/// The width input `input` of a splitter or merger takes.
fn wiring_width(node: &Node, input: u8) -> usize {
    match node.kind {
        NodeKind::Split(r) => r.width(),
        NodeKind::Merge(r) => r.get(usize::from(input)).map_or(0, |r| r.len()),
        _ => usize::from(node.width),
    }
}

/// Bit `i` of a node `label` of `width` trits: the label itself when the node is one trit.
fn bit_of(label: &str, width: usize, i: usize) -> String {
    if width == 1 {
        label.to_owned()
    } else {
        bit_label(label, i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literal::Literal;
    use crate::trit::Trit;

    fn none(_: &str, _: &str) -> Option<u8> {
        None
    }

    fn wire(from: &str, to: &str, input: u8) -> WireDesc {
        WireDesc::new(from, to, input)
    }

    #[test]
    fn a_level_without_buses_comes_back_unchanged() {
        let nodes = vec![
            Node::new("A", NodeKind::Switch),
            Node::new("Y", NodeKind::Lamp),
        ];
        let wires = vec![wire("A", "Y", 0)];
        let e = expand(nodes.clone(), wires.clone(), None, None, &none).expect("valid");
        assert_eq!((e.nodes, e.wires, e.buses), (nodes, wires, vec![]));
    }

    #[test]
    fn buses_become_bits_and_splitters_vanish() {
        let ranges = crate::kind::Ranges::parse("0-1,2-3").expect("valid");
        let nodes = vec![
            Node::new("A", NodeKind::Switch).wide(4),
            Node::new("SP", NodeKind::Split(ranges)),
            Node::new("M", NodeKind::Merge(ranges)),
            Node::new("N", NodeKind::Not).wide(4),
            Node::new("Y", NodeKind::Lamp).wide(4),
        ];
        // Swap the halves of A, then invert.
        let wires = vec![
            wire("A", "SP", 0),
            wire("SP.1", "M", 0),
            wire("SP.0", "M", 1),
            wire("M", "N", 0),
            wire("N", "Y", 0),
        ];
        let e = expand(nodes, wires, None, None, &none).expect("valid");
        assert_eq!(e.nodes.len(), 12);
        let pairs: Vec<(&str, &str)> = e
            .wires
            .iter()
            .map(|w| (w.from.as_str(), w.to.as_str()))
            .collect();
        assert_eq!(
            pairs[..4],
            [
                ("A[2]", "N[0]"),
                ("A[3]", "N[1]"),
                ("A[0]", "N[2]"),
                ("A[1]", "N[3]")
            ]
        );
        assert_eq!(e.buses.len(), 3);
    }

    #[test]
    fn a_chain_of_a_hundred_thousand_splitters_resolves_without_recursion() {
        // Each splitter passes the whole bus to the next: a hostile file's worth of wiring,
        // which a recursive resolution would overflow the stack on.
        const CHAIN: usize = 100_000;
        let whole = crate::kind::Ranges::parse("0-1").expect("valid");
        let mut nodes = vec![Node::new("A", NodeKind::Switch).wide(2)];
        let mut wires = vec![wire("A", "S0", 0)];
        for k in 0..CHAIN {
            nodes.push(Node::new(format!("S{k}"), NodeKind::Split(whole)));
            if k > 0 {
                wires.push(wire(&format!("S{}.0", k - 1), &format!("S{k}"), 0));
            }
        }
        nodes.push(Node::new("Y", NodeKind::Lamp).wide(2));
        wires.push(wire(&format!("S{}.0", CHAIN - 1), "Y", 0));
        let e = expand(nodes, wires, None, None, &none).expect("valid");
        let pairs: Vec<(&str, &str)> = e
            .wires
            .iter()
            .map(|w| (w.from.as_str(), w.to.as_str()))
            .collect();
        assert_eq!(pairs, [("A[0]", "Y[0]"), ("A[1]", "Y[1]")]);
    }

    #[test]
    fn a_register_clock_feeds_every_bit() {
        let nodes = vec![
            Node::new("D", NodeKind::Switch).wide(3),
            Node::new("C", NodeKind::Clock { half_period: 1 }),
            Node::new("R", NodeKind::Dff).wide(3),
        ];
        let wires = vec![wire("D", "R", 0), wire("C", "R", 1)];
        let e = expand(nodes, wires, None, None, &none).expect("valid");
        let clocked: Vec<&str> = e
            .wires
            .iter()
            .filter(|w| w.input == 1)
            .map(|w| w.to.as_str())
            .collect();
        assert_eq!(clocked, ["R[0]", "R[1]", "R[2]"]);
    }

    #[test]
    fn a_register_enable_feeds_every_bit_and_takes_one_trit() {
        let nodes = vec![
            Node::new("D", NodeKind::Switch).wide(3),
            Node::new("C", NodeKind::Clock { half_period: 1 }),
            Node::new("E", NodeKind::Switch),
            Node::new("R", NodeKind::Dffe).wide(3),
        ];
        let wires = vec![wire("D", "R", 0), wire("C", "R", 1), wire("E", "R", 2)];
        let e = expand(nodes.clone(), wires, None, None, &none).expect("valid");
        let pins = |input: u8| -> Vec<(String, String)> {
            e.wires
                .iter()
                .filter(|w| w.input == input)
                .map(|w| (w.from.clone(), w.to.clone()))
                .collect()
        };
        let each = |from: &str| -> Vec<(String, String)> {
            (0..3)
                .map(|i| (from.to_owned(), format!("R[{i}]")))
                .collect()
        };
        assert_eq!(pins(1), each("C"));
        assert_eq!(pins(2), each("E"));
        assert_eq!(
            pins(0),
            (0..3)
                .map(|i| (format!("D[{i}]"), format!("R[{i}]")))
                .collect::<Vec<_>>()
        );
        // A 3-trit EN is a mismatch, as a 3-trit clock is.
        let wires = vec![wire("D", "R", 0), wire("C", "R", 1), wire("D", "R", 2)];
        let error = expand(nodes, wires, None, None, &none)
            .expect_err("EN is one trit")
            .to_string();
        assert!(
            error.contains("3 trits wide") && error.contains("takes 1"),
            "{error}"
        );
    }

    #[test]
    fn mistakes_are_named() {
        let ranges = crate::kind::Ranges::parse("0-3,4-7").expect("valid");
        let cases: Vec<(Vec<Node>, Vec<WireDesc>, &str)> = vec![
            (
                vec![
                    Node::new("A", NodeKind::Switch).wide(8),
                    Node::new("Y", NodeKind::Lamp).wide(4),
                ],
                vec![wire("A", "Y", 0)],
                "wire A → Y: `A` is 8 trits wide but `Y` takes 4",
            ),
            (
                vec![Node::new("A", NodeKind::Switch).wide(65)],
                vec![],
                "node `A`: width 65 is outside 1..=64",
            ),
            (
                vec![Node::new("C", NodeKind::Clock { half_period: 1 }).wide(2)],
                vec![],
                "a clock is 1 trit wide",
            ),
            (
                vec![Node::new("D", NodeKind::SevenSegment).wide(4)],
                vec![],
                "a 7-segment display takes 7 trits",
            ),
            (
                vec![
                    Node::new("A", NodeKind::Switch).wide(8),
                    Node::new("SP", NodeKind::Split(ranges)),
                    Node::new("Y", NodeKind::Lamp).wide(4),
                ],
                vec![wire("A", "SP", 0), wire("SP.2", "Y", 0)],
                "splitter `SP` (0-3,4-7) has outputs `SP.0` to `SP.1`",
            ),
            (
                vec![
                    Node::new("M", NodeKind::Merge(ranges)),
                    Node::new("SP", NodeKind::Split(ranges)),
                    Node::new("Y", NodeKind::Lamp).wide(8),
                ],
                vec![
                    wire("M", "SP", 0),
                    wire("SP.0", "M", 0),
                    wire("SP.1", "M", 1),
                    wire("M", "Y", 0),
                ],
                "loop",
            ),
            (
                vec![
                    Node::new("A", NodeKind::Switch).wide(4),
                    Node::new("M", NodeKind::Merge(ranges)),
                ],
                vec![wire("A", "M", 2)],
                "merger `M` (0-3,4-7) has inputs 0 to 1",
            ),
            (
                vec![Node {
                    value: Some(Box::new(Literal::Text("0x1FF".into()))),
                    ..Node::new("K", NodeKind::Constant(Trit::False)).wide(8)
                }],
                vec![],
                "node `K`: ",
            ),
        ];
        for (nodes, wires, want) in cases {
            let e = expand(nodes, wires, None, None, &none)
                .expect_err(want)
                .to_string();
            assert!(e.contains(want), "{e}\n  wanted: {want}");
        }
    }

    #[test]
    fn an_led_matrix_is_as_wide_as_its_lamps_and_a_keypad_four_trits() {
        let cases: Vec<(Vec<Node>, Vec<WireDesc>, &str)> = vec![
            (
                vec![
                    Node::new(
                        "M",
                        NodeKind::LedMatrix {
                            rows: 2,
                            columns: 3,
                        },
                    )
                    .wide(4),
                ],
                vec![],
                "an LED matrix of 2 × 3 lamps is 6 trits wide (one a lamp, at most 64), not 4",
            ),
            (
                vec![
                    Node::new(
                        "M",
                        NodeKind::LedMatrix {
                            rows: 9,
                            columns: 8,
                        },
                    )
                    .wide(64),
                ],
                vec![],
                "an LED matrix of 9 × 8 lamps is 72 trits wide",
            ),
            (
                vec![Node::new(
                    "M",
                    NodeKind::LedMatrix {
                        rows: 0,
                        columns: 8,
                    },
                )],
                vec![],
                "rows and columns start at 1",
            ),
            (
                vec![Node::new("KEY", NodeKind::Keypad)],
                vec![],
                "a keypad is 4 trits wide (a hexadecimal digit), not 1",
            ),
        ];
        for (nodes, wires, want) in cases {
            let e = expand(nodes, wires, None, None, &none)
                .expect_err(want)
                .to_string();
            assert!(e.contains(want), "{e}\n  wanted: {want}");
        }
    }
}
