//! Memories against their definition: a ROM and a RAM computed by the engine agree, at every
//! step, with the same memory built from gates — a tree of 2:1 multiplexers with consensus
//! terms for the read path, a flip-flop per stored bit whose D is `mux(we · decode(address),
//! data in, stored)` — under Kleene's logic (the rule in `sim_core::memory`'s docs).
//! Exhaustive over every address of three trits for ROMs, property-tested over random
//! operation sequences for RAMs, under both schedules; then the file format: inline words,
//! contents files, errors.

use std::sync::Arc;

use proptest::prelude::*;
use sim_core::memory::{Memory, MemoryKind, Word};
use sim_core::{Circuit, Engine, Netlist, Node, NodeId, NodeKind, Schedule, Trit, format};

fn trit() -> impl Strategy<Value = Trit> {
    prop_oneof![Just(Trit::False), Just(Trit::Unknown), Just(Trit::True)]
}

fn add(c: &mut Circuit, label: impl Into<String>, kind: NodeKind) -> NodeId {
    c.add_node(Node::new(label, kind)).expect("a fresh label")
}

fn wire(c: &mut Circuit, from: NodeId, to: NodeId, input: u8) {
    c.connect(from, to, input).expect("a free input");
}

/// Gates computing `mux(s, one, zero) = s·one + s̄·zero + one·zero` (Kleene's logic).
fn mux(c: &mut Circuit, name: &str, s: NodeId, one: NodeId, zero: NodeId) -> NodeId {
    let ns = add(c, format!("{name}_ns"), NodeKind::Not);
    wire(c, s, ns, 0);
    let terms = [(s, one), (ns, zero), (one, zero)];
    let or = add(c, format!("{name}_or"), NodeKind::Or(3));
    for (k, (x, y)) in terms.into_iter().enumerate() {
        let and = add(c, format!("{name}_and{k}"), NodeKind::And(2));
        wire(c, x, and, 0);
        wire(c, y, and, 1);
        wire(c, and, or, k as u8);
    }
    or
}

/// The mux tree over `leaves` (word order) selected by `addr` (bit 0 at the leaves).
fn tree(c: &mut Circuit, name: &str, leaves: &[NodeId], addr: &[NodeId]) -> NodeId {
    let mut level: Vec<NodeId> = leaves.to_vec();
    for (j, &a) in addr.iter().enumerate() {
        level = level
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| mux(c, &format!("{name}_l{j}_{i}"), a, pair[1], pair[0]))
            .collect();
    }
    level[0]
}

/// Switches `prefix0`, `prefix1`, … .
fn switches(c: &mut Circuit, prefix: &str, n: usize) -> Vec<NodeId> {
    (0..n)
        .map(|j| add(c, format!("{prefix}{j}"), NodeKind::Switch))
        .collect()
}

/// The memory's data-bit nodes `M[k]`, each reading `pins` (the address bits, then a RAM's
/// data-in bit `k`, write enable and clock), declared to the circuit.
fn memory(
    c: &mut Circuit,
    kind: MemoryKind,
    addr: &[NodeId],
    ram_pins: Option<(&[NodeId], NodeId, NodeId)>,
    words: Vec<Word>,
    data_bits: u8,
) -> Vec<NodeId> {
    let a = addr.len() as u8;
    let node_kind = match kind {
        MemoryKind::Rom => NodeKind::Rom { addr_bits: a },
        MemoryKind::Ram => NodeKind::Ram { addr_bits: a },
    };
    let bits: Vec<NodeId> = (0..data_bits)
        .map(|k| add(c, format!("M[{k}]"), node_kind))
        .collect();
    for (k, &m) in bits.iter().enumerate() {
        for (j, &x) in addr.iter().enumerate() {
            wire(c, x, m, j as u8);
        }
        if let Some((din, we, clk)) = ram_pins {
            wire(c, din[k], m, a);
            wire(c, we, m, a + 1);
            wire(c, clk, m, a + 2);
        }
    }
    c.set_memories(vec![Memory {
        label: "M".into(),
        kind,
        addr_bits: a,
        data_bits,
        image: Arc::from(words),
        file: None,
    }]);
    bits
}

/// Sets `values` on `nodes` and settles.
fn apply(engine: &mut Engine, nodes: &[NodeId], values: &[Trit]) {
    engine
        .set(nodes.iter().copied().zip(values.iter().copied()))
        .expect("switches");
    engine.settle();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A ROM of 8 words × 2 bits, any trits as contents, reads what the mux tree of gates
    /// over constants reads, at each of the 27 addresses of three trits.
    #[test]
    fn rom_reads_as_the_mux_tree(bits in proptest::collection::vec(trit(), 16)) {
        let mut c = Circuit::new();
        let addr = switches(&mut c, "A", 3);
        let words: Vec<Word> = bits.chunks(2).map(Word::from_trits).collect();
        let rom = memory(&mut c, MemoryKind::Rom, &addr, None, words, 2);
        let gates: Vec<NodeId> = (0..2)
            .map(|k| {
                let leaves: Vec<NodeId> = (0..8)
                    .map(|w| add(&mut c, format!("W{w}_{k}"), NodeKind::Constant(bits[2 * w + k])))
                    .collect();
                tree(&mut c, &format!("T{k}"), &leaves, &addr)
            })
            .collect();
        for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
            let mut engine = Engine::with_schedule(Netlist::compile(&c), schedule);
            prop_assert_eq!(engine.schedule(), schedule);
            engine.settle();
            for code in 0..27 {
                let values = [Trit::ALL[code % 3], Trit::ALL[code / 3 % 3], Trit::ALL[code / 9]];
                apply(&mut engine, &addr, &values);
                for k in 0..2 {
                    prop_assert_eq!(engine.value(rom[k]), engine.value(gates[k]), "address {:?} bit {}", values, k);
                }
            }
        }
    }
}

/// One step of a RAM's inputs: either address, data in and write enable, or the clock —
/// never both at once (the gate version's D settles through gates after the inputs change).
#[derive(Clone, Debug)]
enum Op {
    Inputs([Trit; 5]),
    Clock(Trit),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        proptest::array::uniform5(trit()).prop_map(Op::Inputs),
        trit().prop_map(Op::Clock),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A RAM of 4 words × 2 bits and the same RAM built from flip-flops, decoders and mux
    /// trees read the same after every step of a random sequence (unknown addresses, write
    /// enables and clock edges included), and hold the same words at the end (every word
    /// read back at each of the 9 addresses of two trits).
    #[test]
    fn ram_behaves_as_flip_flops_and_muxes(ops in proptest::collection::vec(op(), 1..40)) {
        let mut c = Circuit::new();
        let addr = switches(&mut c, "A", 2);
        let din = switches(&mut c, "D", 2);
        let we = add(&mut c, "WE", NodeKind::Switch);
        let clk = add(&mut c, "CLK", NodeKind::Switch);
        // Through a buffer, the write enable is final when the clock changes: the levelized
        // schedule skips the writes it holds at −1 (and the flip-flops whose D equals Q).
        let web = add(&mut c, "WEb", NodeKind::Buf);
        wire(&mut c, we, web, 0);
        let ram = memory(
            &mut c,
            MemoryKind::Ram,
            &addr,
            Some((&din, web, clk)),
            vec![Word::UNKNOWN; 4],
            2,
        );
        // The gate version.
        let not_a: Vec<NodeId> = addr
            .iter()
            .enumerate()
            .map(|(j, &a)| {
                let n = add(&mut c, format!("nA{j}"), NodeKind::Not);
                wire(&mut c, a, n, 0);
                n
            })
            .collect();
        let mut q: Vec<Vec<NodeId>> = vec![Vec::new(); 2];
        for w in 0..4 {
            let sel = add(&mut c, format!("sel{w}"), NodeKind::And(3));
            wire(&mut c, web, sel, 0);
            for j in 0..2 {
                let lit = if w >> j & 1 == 1 { addr[j] } else { not_a[j] };
                wire(&mut c, lit, sel, 1 + j as u8);
            }
            for k in 0..2 {
                let ff = add(&mut c, format!("Q{w}_{k}"), NodeKind::Dff);
                let d = mux(&mut c, &format!("D{w}_{k}"), sel, din[k], ff);
                wire(&mut c, d, ff, 0);
                wire(&mut c, clk, ff, 1);
                q[k].push(ff);
            }
        }
        let gates: Vec<NodeId> = (0..2).map(|k| tree(&mut c, &format!("T{k}"), &q[k], &addr)).collect();
        // Under both schedules: the levelized one samples the RAM's write with the
        // flip-flops its clock drives.
        let net = Netlist::compile(&c);
        let mut engines = [Schedule::UnitDelay, Schedule::Levelized]
            .map(|s| Engine::with_schedule(net.clone(), s));
        prop_assert_eq!(engines[1].schedule(), Schedule::Levelized);
        let inputs = [addr[0], addr[1], din[0], din[1], we];
        for engine in &mut engines {
            engine.settle();
        }
        for op in &ops {
            for engine in &mut engines {
                match op {
                    Op::Inputs(values) => apply(engine, &inputs, values),
                    Op::Clock(v) => apply(engine, &[clk], &[*v]),
                }
                for k in 0..2 {
                    prop_assert_eq!(engine.value(ram[k]), engine.value(gates[k]), "after {:?}, bit {}, {:?}", op, k, engine.schedule());
                }
            }
        }
        for engine in &mut engines {
            for code in 0..9 {
                apply(engine, &addr, &[Trit::ALL[code % 3], Trit::ALL[code / 3]]);
                for k in 0..2 {
                    prop_assert_eq!(engine.value(ram[k]), engine.value(gates[k]), "reading back {}", code);
                }
            }
        }
    }
}

/// Reads `text` as the file `top.ron` whose neighbours are `files` (name, text).
fn load(text: &str, files: &[(&str, &str)]) -> Result<format::Document, String> {
    let mut resolve = |name: &str, _from: &str| {
        files
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
            .ok_or_else(|| format!("no file `{name}`"))
    };
    format::from_str_with(text, "top.ron", &mut resolve).map_err(|e| e.to_string())
}

/// A file with one memory node `node` (RON) wired from an address switch `A` of `a` bits.
fn file(node: &str, a: u8) -> String {
    format!(
        r#"(version: 3, nodes: [(label: "A", kind: Switch, width: {a}), {node}, (label: "Y", kind: Lamp, width: 4)],
           wires: [(from: "A", to: "M"), (from: "M", to: "Y")])"#
    )
}

#[test]
fn contents_inline_and_from_files_in_both_formats() {
    let inline = file(
        r#"(label: "M", kind: Rom(addr_bits: 2), width: 4, contents: [1, "0x2", "0b1x00"])"#,
        2,
    );
    let doc = load(&inline, &[]).expect("valid");
    let m = doc.circuit.memory("M").expect("declared");
    assert_eq!(
        (m.kind, m.addr_bits, m.data_bits, m.file.as_deref()),
        (MemoryKind::Rom, 2, 4, None)
    );
    assert_eq!(m.image[1].value(4), Some(2));
    assert_eq!(m.image[2].bit(2), Trit::Unknown);
    assert!(m.image[3].is_unknown(4));

    for (text, want) in [
        ("f\n# comment\n?\n", [Some(15), None]),
        ("v2.0 raw\n2*7\n", [Some(7), Some(7)]),
    ] {
        let f = file(
            r#"(label: "M", kind: Ram(addr_bits: 2), width: 4, contents: "m.hex")"#,
            2,
        );
        let doc = load(&f, &[("m.hex", text)]).expect("valid");
        let m = doc.circuit.memory("M").expect("declared");
        assert_eq!(m.file.as_deref(), Some("m.hex"));
        assert_eq!([m.image[0].value(4), m.image[1].value(4)], want, "{text}");
        assert_eq!(
            doc.design.contents.get("m.hex").map(String::as_str),
            Some(text)
        );
        let engine = Engine::from_circuit(&doc.circuit);
        assert_eq!(engine.memory_words("M").map(<[Word]>::len), Some(4));
    }
}

#[test]
fn bad_memories_are_named() {
    let cases = [
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 17), width: 4)"#, 4),
            "node `M`: a memory has 1 to 16 address bits, not 17",
        ),
        (
            r#"(version: 3, nodes: [(label: "M", kind: Switch, width: 4, contents: [1])], wires: [])"#.to_owned(),
            "node `M`: `contents` is for memories, not a Switch",
        ),
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 1), width: 4, contents: [1, 2, 3])"#, 1),
            "memory `M`: 3 words inline, more than its 2 addresses",
        ),
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 1), width: 4, contents: [1, 300])"#, 1),
            "memory `M`: word 1: ",
        ),
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 1), width: 4, contents: "gone.hex")"#, 1),
            "memory `M`: contents file `gone.hex`: no file `gone.hex`",
        ),
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 1), width: 4, contents: "")"#, 1),
            "memory `M`: the contents path is empty: name a contents file",
        ),
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 1), width: 4, contents: "m.hex")"#, 1),
            "memory `M`: contents file `m.hex`: 2:2: word `1f` is 5 bits wide, the data bus 4",
        ),
        (
            file(r#"(label: "M", kind: Rom(addr_bits: 3), width: 4)"#, 2),
            "`A` is 2 trits wide but `M` takes 3",
        ),
    ];
    for (text, want) in cases {
        let e = load(&text, &[("m.hex", "1\n 1f\n")]).expect_err("invalid");
        assert!(e.contains(want), "{e}\n  wanted: {want}");
    }
    let ram_pin = r#"(version: 3, nodes: [(label: "A", kind: Switch), (label: "M", kind: Ram(addr_bits: 1), width: 2)],
        wires: [(from: "A", to: "M", input: 4)])"#;
    let e = load(ram_pin, &[]).expect_err("no input 4");
    assert!(
        e.contains("RAM `M` has inputs 0 (address), 1 (data in), 2 (write enable) and 3 (clock)"),
        "{e}"
    );
}

/// A word written by an editor shows at the next settle, for a ROM and a RAM under both
/// schedules (the levelized schedule runs a RAM's read when its write changed a word or the
/// node was scheduled: here nothing clocks the RAM).
#[test]
fn an_editor_writes_words_into_the_running_simulation() {
    for kind in ["Rom", "Ram"] {
        for schedule in [Schedule::UnitDelay, Schedule::Levelized] {
            let text = file(
                &format!(
                    r#"(label: "M", kind: {kind}(addr_bits: 2), width: 4, contents: "m.hex")"#
                ),
                2,
            );
            let doc = load(&text, &[("m.hex", "1\n2\n3\n4\n")]).expect("valid");
            let c = &doc.circuit;
            let mut engine = Engine::with_schedule(Netlist::compile(c), schedule);
            assert_eq!(engine.schedule(), schedule);
            let a = c.bus("A").expect("the address").bits.clone();
            let y = c.bus("Y").expect("the output").bits.clone();
            engine
                .set(a.iter().map(|&b| (b, Trit::False)))
                .expect("switches");
            engine.settle();
            let read =
                |e: &Engine| Word::from_trits(&y.iter().map(|&b| e.value(b)).collect::<Vec<_>>());
            assert_eq!(read(&engine).value(4), Some(1), "{kind} {schedule:?}");
            assert!(engine.write_memory_word("M", 0, Word::from_u64(9, 4)));
            engine.settle();
            assert_eq!(read(&engine).value(4), Some(9), "{kind} {schedule:?}");
            assert_eq!(
                engine.memory_words("M").map(|w| w[0].value(4)),
                Some(Some(9))
            );
            // The circuit's image is the memory's starting words: untouched.
            assert_eq!(c.memory("M").map(|m| m.image[0].value(4)), Some(Some(1)));
            assert!(
                !engine.write_memory_word("M", 4, Word::UNKNOWN),
                "past the words"
            );
            assert!(
                !engine.write_memory_word("N", 0, Word::UNKNOWN),
                "no such memory"
            );
        }
    }
}

/// The batch engine evaluates ROMs lane by lane with the same rule: on the hex 7-segment
/// decoder, every one of the 81 addresses of four trits (unknown bits included) gives what the
/// event engine gives; a RAM is refused by name.
#[test]
fn the_batch_engine_reads_roms_and_refuses_rams() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits");
    let rom =
        format::from_str(&std::fs::read_to_string(root.join("rom_hex_7seg.ron")).expect("example"))
            .expect("valid")
            .circuit;
    let mut batch = sim_core::batch::BatchEngine::new(&rom).expect("a ROM is combinational");
    let inputs: Vec<NodeId> = rom.inputs().collect();
    let outputs: Vec<NodeId> = rom.terminals().collect();
    let vectors: Vec<Vec<Trit>> = (0..81usize)
        .map(|code| {
            (0..4)
                .map(|k| Trit::ALL[code / 3usize.pow(k) % 3])
                .collect()
        })
        .collect();
    let got = batch.run(&vectors);
    let mut engine = Engine::from_circuit(&rom);
    engine.settle();
    for (v, out) in vectors.iter().zip(&got) {
        apply(&mut engine, &inputs, v);
        let want: Vec<Trit> = outputs.iter().map(|&o| engine.value(o)).collect();
        assert_eq!(out, &want, "address {v:?}");
    }
    let mut resolve = |name: &str, _: &str| {
        std::fs::read_to_string(root.join(name))
            .map(|t| (name.to_owned(), t))
            .map_err(|e| e.to_string())
    };
    let ram_text = std::fs::read_to_string(root.join("ram_16x4.ron")).expect("example");
    let ram = format::from_str_with(&ram_text, "ram_16x4.ron", &mut resolve)
        .expect("valid")
        .circuit;
    let e = sim_core::batch::BatchEngine::new(&ram).expect_err("a RAM");
    assert_eq!(
        e.to_string(),
        "RAM `MEM`: the batch engine simulates combinational circuits (ROMs included), not RAMs; the event engine does"
    );
}
