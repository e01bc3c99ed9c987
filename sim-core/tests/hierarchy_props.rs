//! Property test of subcircuit flattening: a random hierarchy of parts (format version 2),
//! loaded through `format::from_str`, behaves exactly like the same circuit flattened by hand
//! (format version 1) by this file's own, independent flattener: same nodes and wires, same
//! values at every node and the same event counts after every settle, under both schedules.
//!
//! The hierarchy has 1..=3 levels of parts below the top level (so 2..=4 levels in all). A
//! part has 1..=3 input pins (switches or buttons), 1..=2 output pins (lamps or probes), a few
//! primitive gates and instances of lower-level parts wired as a DAG; every part above the
//! leaves holds at least one instance of the level just below it. The top level has switches,
//! lamps and optionally a cross-coupled NOR pair whose inputs may come from anywhere, so that
//! the feedback loop can run through instances (latching, oscillation and its resolution).
//!
//! The same hierarchies check the inverse of flattening: writing every level back into its
//! part gives the design back, and extracting a part from a random selection of gates on a
//! random level, then flattening, computes exactly as before.
//!
//! The case count defaults to 64; set `PROPTEST_CASES` for a longer run.

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeMap;

use sim_core::hierarchy::{Design, EditError, PartDesc, level_label, path_prefix};
use sim_core::{Circuit, Engine, NodeId, NodeKind, Role, Schedule, Trit, format};

/// Any of the three trits.
fn trit() -> impl Strategy<Value = Trit> {
    prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
}

// ---------------------------------------------------------------------------------------------
// Raw random choices (what proptest generates and shrinks)
// ---------------------------------------------------------------------------------------------

/// One item of a part as drawn: a gate or an instance, whose inputs are picked among the
/// sources available at that point (resolved modulo their number).
#[derive(Clone, Debug)]
struct RawItem {
    /// An instance (ignored in leaf parts, whose items are all gates).
    instance: bool,
    /// The gate's operator, an index into [`OPS`].
    op: usize,
    /// The input count of an n-input gate (2 or 3).
    arity: u8,
    /// The instance's part among the candidates.
    part: Index,
    /// The sources of the item's inputs.
    inputs: [Index; 3],
}

/// A part (or the top level) as drawn.
#[derive(Clone, Debug)]
struct RawLevel {
    /// How many input pins.
    inputs: usize,
    /// Which input pins are buttons rather than switches (parts only).
    buttons: [bool; 3],
    /// How many output pins.
    outputs: usize,
    /// Which output pins are probes rather than lamps.
    probes: [bool; 2],
    /// The first item: an instance of a part one level down (a gate in a leaf part).
    anchor: RawItem,
    /// The other items, in DAG order.
    items: Vec<RawItem>,
    /// The drivers of the output pins.
    outs: [Index; 2],
    /// The external inputs of a cross-coupled NOR pair (the top level only), and whether
    /// both come from the same source (then a fall of that source from +1 to −1 releases both
    /// NORs at once: the pair oscillates under the unit-delay schedule until resolved).
    latch: Option<([Index; 2], bool)>,
}

/// A whole hierarchy as drawn: parts by level (leaves first), then the top level.
#[derive(Clone, Debug)]
struct RawHierarchy {
    /// Parts of each level, 1..=2 per level.
    levels: Vec<Vec<RawLevel>>,
    /// The top level.
    top: RawLevel,
}

/// The gate operators drawn from: `Buf` and `Not` take one input, the others 2..=3.
const OPS: [fn(u8) -> NodeKind; 8] = [
    NodeKind::And,
    NodeKind::Or,
    NodeKind::Nand,
    NodeKind::Nor,
    NodeKind::Xor,
    NodeKind::Xnor,
    |_| NodeKind::Not,
    |_| NodeKind::Buf,
];

/// A random [`RawItem`].
fn raw_item() -> impl Strategy<Value = RawItem> {
    (
        any::<bool>(),
        0..OPS.len(),
        2u8..=3,
        any::<Index>(),
        any::<[Index; 3]>(),
    )
        .prop_map(|(instance, op, arity, part, inputs)| RawItem {
            instance,
            op,
            arity,
            part,
            inputs,
        })
}

/// A random [`RawLevel`] with 1..=`max_inputs` inputs, 1..=`max_outputs` outputs and, if
/// `latch`, maybe a NOR pair.
fn raw_level(
    max_inputs: usize,
    max_outputs: usize,
    latch: bool,
) -> impl Strategy<Value = RawLevel> {
    let latch = if latch {
        proptest::option::of(any::<([Index; 2], bool)>()).boxed()
    } else {
        Just(None).boxed()
    };
    (
        (1..=max_inputs, any::<[bool; 3]>()),
        (1..=max_outputs, any::<[bool; 2]>()),
        raw_item(),
        prop::collection::vec(raw_item(), 0..=4),
        any::<[Index; 2]>(),
        latch,
    )
        .prop_map(
            |((inputs, buttons), (outputs, probes), anchor, items, outs, latch)| RawLevel {
                inputs,
                buttons,
                outputs,
                probes,
                anchor,
                items,
                outs,
                latch,
            },
        )
}

/// A random [`RawHierarchy`]: 1..=3 levels of 1..=2 parts, and a top level with 1..=4
/// switches and 1..=3 lamps.
fn raw_hierarchy() -> impl Strategy<Value = RawHierarchy> {
    (
        prop::collection::vec(prop::collection::vec(raw_level(3, 2, false), 1..=2), 1..=3),
        raw_level(4, 3, true),
    )
        .prop_map(|(levels, top)| RawHierarchy { levels, top })
}

// ---------------------------------------------------------------------------------------------
// The resolved hierarchy
// ---------------------------------------------------------------------------------------------

/// What drives an input inside a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Src {
    /// The level's input pin (a switch at the top level).
    Pin(usize),
    /// One of the level's gates.
    Gate(usize),
    /// Output pin `pin` of the level's instance `inst`.
    Out {
        /// The instance.
        inst: usize,
        /// Its output pin.
        pin: usize,
    },
    /// One of the top level's two cross-coupled NORs.
    Latch(usize),
}

/// A primitive gate and its drivers (one per input, in input order).
#[derive(Clone, Debug)]
struct Gate {
    /// Its kind.
    kind: NodeKind,
    /// The driver of each input.
    inputs: Vec<Src>,
}

/// An instance of a part and the drivers of its input pins.
#[derive(Clone, Debug)]
struct Inst {
    /// Index of the part in [`Hierarchy::parts`].
    part: usize,
    /// The driver of each input pin.
    inputs: Vec<Src>,
}

/// A part, or the top level.
#[derive(Clone, Debug)]
struct Level {
    /// The kinds of the input pins (`i0`, `i1`, …).
    input_kinds: Vec<NodeKind>,
    /// The kinds of the output pins (`o0`, `o1`, …).
    output_kinds: Vec<NodeKind>,
    /// The gates (`g0`, `g1`, …).
    gates: Vec<Gate>,
    /// The instances (`u0`, `u1`, …), each reading only from earlier items or from a latch.
    insts: Vec<Inst>,
    /// The driver of each output pin.
    outs: Vec<Src>,
    /// The external inputs of the NOR pair `q0`, `q1` (`q0 = NOR(x0, q1)`,
    /// `q1 = NOR(q0, x1)`), top level only.
    latch: Option<[Src; 2]>,
}

/// A resolved hierarchy: parts `p0`, `p1`, … (lower levels first) and the top level.
#[derive(Clone, Debug)]
struct Hierarchy {
    /// The parts.
    parts: Vec<Level>,
    /// The top level.
    top: Level,
}

/// Turns the raw choices of one level into a [`Level`]. `anchor_parts` are the candidates for
/// the anchor instance (empty for a leaf: then every item is a gate), `other_parts` those for
/// the other instances; `parts` gives their pin counts.
fn resolve_level(
    raw: &RawLevel,
    is_top: bool,
    anchor_parts: &[usize],
    other_parts: &[usize],
    parts: &[Level],
) -> Level {
    let input_kinds: Vec<NodeKind> = (0..raw.inputs)
        .map(|k| {
            if !is_top && raw.buttons[k] {
                NodeKind::Button
            } else {
                NodeKind::Switch
            }
        })
        .collect();
    let output_kinds: Vec<NodeKind> = (0..raw.outputs)
        .map(|k| {
            if raw.probes[k % 2] {
                NodeKind::Probe
            } else {
                NodeKind::Lamp
            }
        })
        .collect();
    let mut avail: Vec<Src> = (0..raw.inputs).map(Src::Pin).collect();
    if raw.latch.is_some() {
        avail.extend([Src::Latch(0), Src::Latch(1)]);
    }
    let mut level = Level {
        input_kinds,
        output_kinds,
        gates: Vec::new(),
        insts: Vec::new(),
        outs: Vec::new(),
        latch: None,
    };
    for (n, item) in std::iter::once(&raw.anchor).chain(&raw.items).enumerate() {
        let candidates = if n == 0 { anchor_parts } else { other_parts };
        if (item.instance || n == 0) && !candidates.is_empty() {
            let part = candidates[item.part.index(candidates.len())];
            let inputs = (0..parts[part].input_kinds.len())
                .map(|k| avail[item.inputs[k].index(avail.len())])
                .collect();
            let inst = level.insts.len();
            level.insts.push(Inst { part, inputs });
            avail.extend((0..parts[part].output_kinds.len()).map(|pin| Src::Out { inst, pin }));
            continue;
        }
        let kind = OPS[item.op](item.arity);
        let inputs = (0..kind.input_count())
            .map(|k| avail[item.inputs[k].index(avail.len())])
            .collect();
        avail.push(Src::Gate(level.gates.len()));
        level.gates.push(Gate { kind, inputs });
    }
    if let Some(([x0, x1], shared)) = raw.latch {
        let x1 = if shared { x0 } else { x1 };
        level.latch = Some([x0, x1].map(|x| avail[x.index(avail.len())]));
    }
    // A part's output pin is driven by a gate or an instance output, never straight by an
    // input pin (the flattener refuses that); the top level's lamps by anything.
    let drivers: Vec<Src> = avail
        .iter()
        .copied()
        .filter(|s| is_top || !matches!(s, Src::Pin(_)))
        .collect();
    level.outs = (0..raw.outputs)
        .map(|k| drivers[raw.outs[k % 2].index(drivers.len())])
        .collect();
    level
}

impl Hierarchy {
    /// Resolves the raw choices: each level's parts may use the parts of every level below,
    /// their anchor one of the level just below.
    fn resolve(raw: &RawHierarchy) -> Hierarchy {
        let mut parts: Vec<Level> = Vec::new();
        let mut below: Vec<usize> = Vec::new();
        let mut all_below: Vec<usize> = Vec::new();
        for level in &raw.levels {
            let mut this: Vec<usize> = Vec::new();
            for part in level {
                let resolved = resolve_level(part, false, &below, &all_below, &parts);
                this.push(parts.len());
                parts.push(resolved);
            }
            all_below.extend(&this);
            below = this;
        }
        let top = resolve_level(&raw.top, true, &below, &all_below, &parts);
        Hierarchy { parts, top }
    }

    /// The circuit as a version-2 file: one subcircuit per part (highest first, to show that
    /// definitions may come after their use), the top level's instances, nodes and wires.
    fn v2_text(&self) -> String {
        let mut subcircuits = Vec::new();
        for (p, part) in self.parts.iter().enumerate().rev() {
            subcircuits.push(format!(
                "(name: \"p{p}\", instances: [{}], nodes: [{}], wires: [{}])",
                level_instances(part),
                level_nodes(part),
                level_wires(part)
            ));
        }
        format!(
            "(version: 2,\n subcircuits: [\n  {}],\n instances: [{}],\n nodes: [{}],\n wires: [{}])",
            subcircuits.join(",\n  "),
            level_instances(&self.top),
            level_nodes(&self.top),
            level_wires(&self.top)
        )
    }

    /// The same circuit flattened by hand as a version-1 file (see [`FlatText::level`]).
    fn v1_text(&self) -> String {
        let mut flat = FlatText::default();
        let top = &self.top;
        let pins: Vec<String> = (0..top.input_kinds.len())
            .map(|k| format!("i{k}"))
            .collect();
        for (k, kind) in top.input_kinds.iter().enumerate() {
            flat.node(&format!("i{k}"), *kind);
        }
        let outs = flat.level(self, top, "", &pins);
        for (k, (kind, driver)) in top.output_kinds.iter().zip(outs).enumerate() {
            flat.node(&format!("o{k}"), *kind);
            flat.wire(&driver, &format!("o{k}"), 0);
        }
        format!(
            "(version: 1,\n nodes: [{}],\n wires: [{}])",
            flat.nodes.join(", "),
            flat.wires.join(", ")
        )
    }
}

/// A wire end inside a level's own text: `i0`, `g3`, `u1.o0`, `q1`.
fn end(src: Src) -> String {
    match src {
        Src::Pin(k) => format!("i{k}"),
        Src::Gate(k) => format!("g{k}"),
        Src::Out { inst, pin } => format!("u{inst}.o{pin}"),
        Src::Latch(k) => format!("q{k}"),
    }
}

/// A level's `instances` list (version 2).
fn level_instances(level: &Level) -> String {
    level
        .insts
        .iter()
        .enumerate()
        .map(|(k, inst)| format!("(label: \"u{k}\", of: \"p{}\")", inst.part))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A level's `nodes` list (version 2): input pins, gates, the NOR pair, output pins.
fn level_nodes(level: &Level) -> String {
    let mut nodes: Vec<String> = level
        .input_kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| format!("(label: \"i{k}\", kind: {kind:?})"))
        .collect();
    nodes.extend(
        level
            .gates
            .iter()
            .enumerate()
            .map(|(k, g)| format!("(label: \"g{k}\", kind: {:?})", g.kind)),
    );
    if level.latch.is_some() {
        nodes.push("(label: \"q0\", kind: Nor(2)), (label: \"q1\", kind: Nor(2))".into());
    }
    nodes.extend(
        level
            .output_kinds
            .iter()
            .enumerate()
            .map(|(k, kind)| format!("(label: \"o{k}\", kind: {kind:?})")),
    );
    nodes.join(", ")
}

/// A level's `wires` list (version 2), instance pins written `uK.iN` / `uK.oN`.
fn level_wires(level: &Level) -> String {
    let wire = |from: Src, to: &str, input: usize| {
        format!("(from: \"{}\", to: \"{to}\", input: {input})", end(from))
    };
    let mut wires = Vec::new();
    for (k, g) in level.gates.iter().enumerate() {
        for (n, &src) in g.inputs.iter().enumerate() {
            wires.push(wire(src, &format!("g{k}"), n));
        }
    }
    for (k, inst) in level.insts.iter().enumerate() {
        for (n, &src) in inst.inputs.iter().enumerate() {
            wires.push(wire(src, &format!("u{k}.i{n}"), 0));
        }
    }
    if let Some([x0, x1]) = level.latch {
        wires.push(wire(x0, "q0", 0));
        wires.push(wire(Src::Latch(1), "q0", 1));
        wires.push(wire(Src::Latch(0), "q1", 0));
        wires.push(wire(x1, "q1", 1));
    }
    for (k, &src) in level.outs.iter().enumerate() {
        wires.push(wire(src, &format!("o{k}"), 0));
    }
    wires.join(", ")
}

/// Joins an instance path and a label: `u0/u1` + `g2` → `u0/u1/g2`.
fn join(prefix: &str, label: &str) -> String {
    if prefix.is_empty() {
        label.to_owned()
    } else {
        format!("{prefix}/{label}")
    }
}

/// The nodes and wires of a hand-flattened circuit, as RON items.
#[derive(Default)]
struct FlatText {
    /// `(label: …, kind: …)` items.
    nodes: Vec<String>,
    /// `(from: …, to: …, input: …)` items.
    wires: Vec<String>,
}

impl FlatText {
    /// Adds a node.
    fn node(&mut self, label: &str, kind: NodeKind) {
        self.nodes
            .push(format!("(label: \"{label}\", kind: {kind:?})"));
    }

    /// Adds a wire.
    fn wire(&mut self, from: &str, to: &str, input: usize) {
        self.wires
            .push(format!("(from: \"{from}\", to: \"{to}\", input: {input})"));
    }

    /// Flattens `level` placed at instance path `prefix`, whose input pins are driven by the
    /// flat nodes `pins`: its gates (and NOR pair) become nodes labelled `prefix/g…`, each gate
    /// input is wired straight from the flat node that drives it (a pin's driver, a gate, or
    /// the node that drives an instance's output pin), and the instances are flattened
    /// recursively with their pins' drivers. Returns the flat node driving each output pin.
    /// The pin nodes themselves are not emitted (the caller handles the top level's).
    fn level(
        &mut self,
        h: &Hierarchy,
        level: &Level,
        prefix: &str,
        pins: &[String],
    ) -> Vec<String> {
        for (k, g) in level.gates.iter().enumerate() {
            self.node(&join(prefix, &format!("g{k}")), g.kind);
        }
        if level.latch.is_some() {
            for q in ["q0", "q1"] {
                self.node(&join(prefix, q), NodeKind::Nor(2));
            }
        }
        // Instances read only from pins, latches and earlier items, so their output drivers
        // are known by the time a later instance needs them.
        let mut inst_outs: Vec<Vec<String>> = Vec::new();
        for (k, inst) in level.insts.iter().enumerate() {
            let drivers: Vec<String> = inst
                .inputs
                .iter()
                .map(|&s| driver(s, prefix, pins, &inst_outs))
                .collect();
            let outs = self.level(
                h,
                &h.parts[inst.part],
                &join(prefix, &format!("u{k}")),
                &drivers,
            );
            inst_outs.push(outs);
        }
        for (k, g) in level.gates.iter().enumerate() {
            let to = join(prefix, &format!("g{k}"));
            for (n, &s) in g.inputs.iter().enumerate() {
                self.wire(&driver(s, prefix, pins, &inst_outs), &to, n);
            }
        }
        if let Some([x0, x1]) = level.latch {
            let [q0, q1] = ["q0", "q1"].map(|q| join(prefix, q));
            self.wire(&driver(x0, prefix, pins, &inst_outs), &q0, 0);
            self.wire(&q1, &q0, 1);
            self.wire(&q0, &q1, 0);
            self.wire(&driver(x1, prefix, pins, &inst_outs), &q1, 1);
        }
        level
            .outs
            .iter()
            .map(|&s| driver(s, prefix, pins, &inst_outs))
            .collect()
    }
}

/// The flat node that drives `src` inside a level at `prefix`.
fn driver(src: Src, prefix: &str, pins: &[String], inst_outs: &[Vec<String>]) -> String {
    match src {
        Src::Pin(k) => pins[k].clone(),
        Src::Gate(k) => join(prefix, &format!("g{k}")),
        Src::Out { inst, pin } => inst_outs[inst][pin].clone(),
        Src::Latch(k) => join(prefix, &format!("q{k}")),
    }
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/// Every node's label and id in `a`, with the id of the same label in `b`, sorted by label;
/// fails if the label sets differ.
fn pair_nodes(a: &Circuit, b: &Circuit) -> Result<Vec<(String, NodeId, NodeId)>, TestCaseError> {
    let mut la: Vec<&str> = a.nodes().map(|(_, n)| n.label.as_str()).collect();
    let mut lb: Vec<&str> = b.nodes().map(|(_, n)| n.label.as_str()).collect();
    la.sort_unstable();
    lb.sort_unstable();
    prop_assert_eq!(&la, &lb, "the same labels");
    la.into_iter()
        .map(|l| {
            let ia = a.find(l).expect("a label of a");
            let ib = b.find(l).expect("a label of b");
            prop_assert_eq!(a[ia].kind, b[ib].kind, "kind of {}", l);
            Ok((l.to_owned(), ia, ib))
        })
        .collect()
}

/// Sorted `(from, to, input)` labels of every wire: equal for two circuits with the same
/// connections, whatever their order.
fn wire_set(c: &Circuit) -> Vec<(String, String, u8)> {
    let mut wires: Vec<_> = c
        .wires()
        .map(|(_, w)| (c[w.from].label.clone(), c[w.to].label.clone(), w.input))
        .collect();
    wires.sort_unstable();
    wires
}

/// Drives the two circuits with the same input steps under `schedule` and compares the settle
/// reports and every node's value after power-on and after each step.
fn compare_runs(
    hier: &Circuit,
    flat: &Circuit,
    nodes: &[(String, NodeId, NodeId)],
    switches: usize,
    steps: &[Vec<(Index, Trit)>],
    schedule: Schedule,
) -> Result<(), TestCaseError> {
    let mut eh = Engine::from_circuit(hier);
    let mut ef = Engine::from_circuit(flat);
    let in_force = eh.set_schedule(schedule);
    prop_assert_eq!(in_force, ef.set_schedule(schedule), "schedule in force");
    for step in 0..=steps.len() {
        if step > 0 {
            for (engine, circuit) in [(&mut eh, hier), (&mut ef, flat)] {
                let batch: Vec<(NodeId, Trit)> = steps[step - 1]
                    .iter()
                    .map(|(pick, v)| {
                        let label = format!("i{}", pick.index(switches));
                        (circuit.find(&label).expect("a top-level switch"), *v)
                    })
                    .collect();
                engine.set(batch).expect("switches take any value");
            }
        }
        let (rh, rf) = (eh.settle(), ef.settle());
        let at = format!("{schedule:?} (in force {in_force:?}), step {step}");
        prop_assert_eq!(rh.events, rf.events, "events, {}", &at);
        prop_assert_eq!(rh.deltas, rf.deltas, "deltas, {}", &at);
        prop_assert_eq!(
            rh.oscillation.is_some(),
            rf.oscillation.is_some(),
            "oscillation, {}",
            &at
        );
        for (label, ih, i_f) in nodes {
            prop_assert_eq!(eh.value(*ih), ef.value(*i_f), "value of {}, {}", label, &at);
        }
    }
    Ok(())
}

/// The case count: `PROPTEST_CASES` if set, else 64 (a few seconds in a debug build).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn flattening_equals_an_independent_hand_flattening(
        raw in raw_hierarchy(),
        steps in prop::collection::vec(
            prop::collection::vec((any::<Index>(), trit()), 1..=4),
            1..=8,
        ),
    ) {
        let h = Hierarchy::resolve(&raw);
        let (v2, v1) = (h.v2_text(), h.v1_text());
        let hier = format::from_str(&v2)
            .map_err(|e| TestCaseError::fail(format!("version 2 refused: {e}\n{v2}")))?
            .circuit;
        let flat = format::from_str(&v1)
            .map_err(|e| TestCaseError::fail(format!("version 1 refused: {e}\n{v1}")))?
            .circuit;
        prop_assert_eq!(hier.node_count(), flat.node_count(), "node count\n{}\n{}", &v2, &v1);
        prop_assert_eq!(hier.wire_count(), flat.wire_count(), "wire count\n{}\n{}", &v2, &v1);
        prop_assert_eq!(wire_set(&hier), wire_set(&flat), "wires\n{}\n{}", &v2, &v1);
        let nodes = pair_nodes(&hier, &flat)?;
        let switches = h.top.input_kinds.len();
        for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
            compare_runs(&hier, &flat, &nodes, switches, &steps, schedule).map_err(|e| {
                TestCaseError::fail(format!("{e}\nversion 2:\n{v2}\nversion 1:\n{v1}"))
            })?;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The inverse of flattening: writing levels back, extracting a part
// ---------------------------------------------------------------------------------------------

/// Every level of `design` as an instance path, the top level (`[]`) first, then each
/// instance's, depth first.
fn level_paths(design: &Design) -> Vec<Vec<String>> {
    fn walk(design: &Design, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        let labels: Vec<String> = design
            .level_instances(path)
            .iter()
            .map(|i| i.label.clone())
            .collect();
        for label in labels {
            path.push(label);
            walk(design, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    walk(design, &mut Vec::new(), &mut out);
    out
}

/// A part with its wires sorted: writing a level back keeps its nodes in order but lists
/// the wires among its own nodes (from the circuit) before those reaching pins.
fn sorted_wires(part: &PartDesc) -> PartDesc {
    let mut part = part.clone();
    part.wires
        .sort_by(|a, b| (&a.from, &a.to, a.input).cmp(&(&b.from, &b.to, b.input)));
    part
}

/// Drives `before` and `after` with the same switch steps under both schedules and compares
/// the settle reports and the value of every node whose label both have (see
/// [`compare_runs`]).
fn same_computation(
    before: &Circuit,
    after: &Circuit,
    switches: usize,
    steps: &[Vec<(Index, Trit)>],
) -> Result<(), TestCaseError> {
    let shared: Vec<(String, NodeId, NodeId)> = before
        .nodes()
        .filter_map(|(id, n)| Some((n.label.clone(), id, after.find(&n.label)?)))
        .collect();
    for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
        compare_runs(before, after, &shared, switches, steps, schedule)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Writing every level of a flattened design back into its part (as the editor does after
    /// an edit inside an instance) gives the design back: the same parts with the same nodes
    /// in the same order and the same wires, the same top level, the same flattening.
    #[test]
    fn writing_every_level_back_gives_the_design_back(raw in raw_hierarchy()) {
        let h = Hierarchy::resolve(&raw);
        let v2 = h.v2_text();
        let doc = format::from_str(&v2)
            .map_err(|e| TestCaseError::fail(format!("version 2 refused: {e}\n{v2}")))?;
        let mut design = doc.design.clone();
        let mut circuit = doc.circuit.clone();
        for path in level_paths(&doc.design) {
            design
                .harvest_level(&circuit, &path, &BTreeMap::new())
                .map_err(|e| TestCaseError::fail(format!("{path:?}: {e}\n{v2}")))?;
        }
        prop_assert_eq!(&design.instances, &doc.design.instances);
        prop_assert_eq!(&design.pin_wires, &doc.design.pin_wires);
        prop_assert_eq!(design.subcircuits.len(), doc.design.subcircuits.len());
        for (now, was) in design.subcircuits.iter().zip(&doc.design.subcircuits) {
            prop_assert_eq!(sorted_wires(now), sorted_wires(was), "{}", &v2);
        }
        design.sync(&mut circuit).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(wire_set(&circuit), wire_set(&doc.circuit));
        pair_nodes(&circuit, &doc.circuit)?;
    }

    /// Extracting a part from any selection of gates on any level, then flattening, computes
    /// exactly as before: the same events and the same value at every node that kept its
    /// label, after power-on and every step; the saved file loads to the same circuit.
    #[test]
    fn extracting_a_part_then_flattening_computes_as_before(
        raw in raw_hierarchy(),
        level in any::<Index>(),
        picks in prop::collection::vec(any::<bool>(), 1..=12),
        steps in prop::collection::vec(
            prop::collection::vec((any::<Index>(), trit()), 1..=4),
            1..=8,
        ),
    ) {
        let h = Hierarchy::resolve(&raw);
        let v2 = h.v2_text();
        let doc = format::from_str(&v2)
            .map_err(|e| TestCaseError::fail(format!("version 2 refused: {e}\n{v2}")))?;
        let paths = level_paths(&doc.design);
        let path = &paths[level.index(paths.len())];
        let prefix = path_prefix(path);
        let gates: Vec<NodeId> = doc
            .circuit
            .nodes()
            .filter(|(_, n)| level_label(&prefix, &n.label).is_some() && n.kind.role() == Role::Gate)
            .map(|(id, _)| id)
            .collect();
        let selection: Vec<NodeId> = gates
            .iter()
            .zip(picks.iter().cycle())
            .filter(|(_, pick)| **pick)
            .map(|(id, _)| *id)
            .collect();
        let mut design = doc.design.clone();
        let mut circuit = doc.circuit.clone();
        let plan = match design.plan_extraction(&circuit, path, selection.iter().copied()) {
            Ok(plan) => plan,
            Err(EditError::EmptySelection) if selection.is_empty() => return Ok(()),
            Err(e) => return Err(TestCaseError::fail(format!("{e}\n{v2}"))),
        };
        let name = design.fresh_part_name();
        let part = design.part_at(path).map(|p| p.name.clone());
        plan.apply(&mut design, &mut circuit, part.as_deref(), &name, "x")
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        design.sync(&mut circuit).map_err(|e| TestCaseError::fail(format!("{e}\n{v2}")))?;
        prop_assert_eq!(circuit.node_count(), doc.circuit.node_count());
        prop_assert_eq!(circuit.wire_count(), doc.circuit.wire_count());
        let switches = h.top.input_kinds.len();
        same_computation(&doc.circuit, &circuit, switches, &steps)
            .map_err(|e| TestCaseError::fail(format!("{e}\nextracted at {path:?}\n{v2}")))?;
        let saved = format::to_string(&format::Document {
            circuit: circuit.clone(),
            design,
            ..format::Document::default()
        })
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let reloaded = format::from_str(&saved)
            .map_err(|e| TestCaseError::fail(format!("saved file refused: {e}\n{saved}")))?;
        prop_assert_eq!(wire_set(&reloaded.circuit), wire_set(&circuit), "{}", &saved);
    }
}
