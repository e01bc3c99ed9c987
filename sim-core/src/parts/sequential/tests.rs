//! The sequential parts clock edge by clock edge: the register, counter and shift register
//! against their arithmetic over seeded sequences of known inputs, and from every state
//! (unknown bits too) on every input with at most one unknown bit, on known and unknown
//! clocks, against the brute-force Kleene extension of one edge; the JK, T and SR
//! flip-flops against their rules on every case.

use rand::{RngExt as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;

use super::FlipFlopKind;
use crate::kind::set_reset_next;
use crate::parts::tests::pin;
use crate::parts::{BuiltinPart, standalone};
use crate::trit::Trit::{self, False as F, True as T, Unknown as X};
use crate::{Circuit, Engine, NodeId, Schedule};

/// The seed of every random sequence.
const SEED: u64 = 40;

/// A sequential part placed alone: its input pins but `clk` (bits, pins in order), its clock,
/// its output pins (`q` first).
#[derive(Clone)]
struct Clocked {
    engine: Engine,
    inputs: Vec<Vec<NodeId>>,
    clk: NodeId,
    outputs: Vec<Vec<NodeId>>,
}

impl Clocked {
    /// `part` on `schedule`, brought from power-on to `state` (bit 0 first) as a user would:
    /// a flip-flop part by its asynchronous `set` or `reset` (so all its bits alike), the
    /// others by a clocked load of `d` = `state` (an unknown bit loads unknown); then every
    /// input but `clk` at −1 (each part then holds) and the clock at +1.
    fn new(part: BuiltinPart, state: &[Trit], schedule: Schedule) -> Clocked {
        let desc = part.design().expect("valid parameters");
        let doc = standalone(&desc).expect("elaborates");
        let circuit = &doc.circuit;
        let ids = |pins: Vec<String>| -> Vec<Vec<NodeId>> {
            pins.iter()
                .filter(|p| *p != "clk")
                .map(|p| pin(circuit, p))
                .collect()
        };
        let engine = Engine::with_schedule(crate::Netlist::compile(circuit), schedule);
        let mut clocked = Clocked {
            engine,
            inputs: ids(desc.input_pins()),
            clk: pin(circuit, "clk")[0],
            outputs: ids(desc.output_pins()),
        };
        clocked.set_inputs(&loading(part, state));
        clocked.clock(F);
        clocked.clock(T);
        clocked.set_inputs(&vec![F; clocked.width()]);
        assert_eq!(clocked.outputs()[..state.len()], *state, "{}", part.name());
        clocked
    }

    /// Sets the inputs but `clk` to `bits` (pins in order, each bit 0 first) and settles.
    fn set_inputs(&mut self, bits: &[Trit]) {
        let ids = self.inputs.iter().flatten().copied();
        self.engine
            .set(ids.zip(bits.iter().copied()))
            .expect("inputs");
        self.engine.settle();
    }

    /// Sets the clock to `level` and settles.
    fn clock(&mut self, level: Trit) {
        self.engine.set([(self.clk, level)]).expect("the clock");
        self.engine.settle();
    }

    /// The output bits, pins in order.
    fn outputs(&self) -> Vec<Trit> {
        self.outputs
            .iter()
            .flatten()
            .map(|&id| self.engine.value(id))
            .collect()
    }

    /// Input bit count, `clk` left out.
    fn width(&self) -> usize {
        self.inputs.iter().map(Vec::len).sum()
    }

    /// One clock edge from this state: every input at −1 (each part then holds), the clock
    /// to `prev`, the inputs to `bits`, then the clock to `clk`. The outputs before the edge
    /// and after.
    fn edge(mut self, bits: &[Trit], prev: Trit, clk: Trit) -> (Vec<Trit>, Vec<Trit>) {
        self.set_inputs(&vec![F; bits.len()]);
        self.clock(prev);
        self.set_inputs(bits);
        let before = self.outputs();
        self.clock(clk);
        (before, self.outputs())
    }
}

/// A register, counter or shift register on known values, its inputs but `clk` at `x` (pins
/// in order, as numbers; `arst` last) and its state `q`, without a clock edge: 0 while `arst`
/// is 1, else `q`.
fn settle(x: &[u64], q: u64) -> u64 {
    if x[x.len() - 1] == 1 { 0 } else { q }
}

/// The same on a rising edge of the clock: [`next`] from the settled state, `arst` over it.
fn after_edge(part: BuiltinPart, x: &[u64], q: u64) -> u64 {
    settle(x, next(part, x, settle(x, q)))
}

/// A register, counter or shift register on known values: the inputs but `clk` (pins in
/// order, as numbers) and the state `q`; the state a rising edge clocks in (`arst` aside).
fn next(part: BuiltinPart, x: &[u64], q: u64) -> u64 {
    let width = part_width(part);
    let mask = u64::MAX >> (64 - width);
    let held = |srst: u64, load: u64, d: u64, step: &dyn Fn() -> u64| match (srst, load) {
        (1, _) => 0,
        (_, 1) => d,
        _ => step() & mask,
    };
    match part {
        BuiltinPart::Register { .. } => held(x[2], x[1], x[0], &|| q),
        BuiltinPart::Counter { .. } => held(x[4], x[3], x[0], &|| match (x[1], x[2]) {
            (0, _) => q,
            (_, 1) => q.wrapping_add(1),
            _ => q.wrapping_sub(1),
        }),
        BuiltinPart::ShiftRegister { .. } => held(x[4], x[3], x[1], &|| {
            if x[2] == 1 { q << 1 | x[0] } else { q }
        }),
        _ => unreachable!("{} is not a register", part.name()),
    }
}

/// The outputs after `q` (as numbers) of a register, counter or shift register on known
/// values: the inputs but `clk` and the state `q`.
fn combinational(part: BuiltinPart, x: &[u64], q: u64) -> Vec<u64> {
    let width = part_width(part);
    let mask = u64::MAX >> (64 - width);
    match part {
        BuiltinPart::Register { .. } => vec![],
        BuiltinPart::Counter { .. } => {
            let wraps = if x[2] == 1 { q == mask } else { q == 0 };
            vec![u64::from(x[1] == 1 && wraps)]
        }
        BuiltinPart::ShiftRegister { .. } => vec![q >> (width - 1) & 1],
        _ => unreachable!("{} is not a register", part.name()),
    }
}

/// The width of a sequential part.
fn part_width(part: BuiltinPart) -> u32 {
    match part {
        BuiltinPart::Register { width }
        | BuiltinPart::Counter { width }
        | BuiltinPart::ShiftRegister { width }
        | BuiltinPart::FlipFlop { width, .. } => u32::from(width),
        _ => unreachable!("{} is not sequential", part.name()),
    }
}

/// The widths of the input pins but `clk`.
fn pin_widths(part: BuiltinPart) -> Vec<u32> {
    pins(part).into_iter().map(|(_, w)| w).collect()
}

/// Packs bits (bit 0 first) into the pins' numbers.
fn unpack(widths: &[u32], bits: &[bool]) -> Vec<u64> {
    let mut at = 0;
    widths
        .iter()
        .map(|&w| {
            let value = (0..w as usize)
                .filter(|&i| bits[at + i])
                .fold(0, |v, i| v | 1 << i);
            at += w as usize;
            value
        })
        .collect()
}

/// `value`'s low `width` bits as trits, bit 0 first.
fn trits(value: u64, width: u32) -> Vec<Trit> {
    (0..width)
        .map(|i| Trit::from(value >> i & 1 == 1))
        .collect()
}

/// The Kleene extension of `f` over the unknown trits of `args`: per result bit, the value
/// every completion (each unknown −1 or +1) agrees on, else unknown.
fn extension(args: &[Trit], f: &dyn Fn(&[bool]) -> Vec<Trit>) -> Vec<Trit> {
    let unknown: Vec<usize> = (0..args.len()).filter(|&i| args[i] == X).collect();
    let mut common: Option<Vec<Trit>> = None;
    for mask in 0..1u32 << unknown.len() {
        let mut bits: Vec<bool> = args.iter().map(|&t| t == T).collect();
        for (k, &i) in unknown.iter().enumerate() {
            bits[i] = mask >> k & 1 == 1;
        }
        let value = f(&bits);
        common = Some(match common {
            None => value,
            Some(c) => c
                .iter()
                .zip(&value)
                .map(|(&a, &b)| if a == b { a } else { X })
                .collect(),
        });
    }
    common.expect("at least one completion")
}

/// Compares what the part gives (`got`) with the Kleene extension (`exact`): a known bit must
/// be the extension's; returns how many bits the part leaves unknown that it knows.
fn lost(got: &[Trit], exact: &[Trit], case: &dyn Fn() -> String) -> usize {
    assert_eq!(got.len(), exact.len(), "{}", case());
    got.iter()
        .zip(exact)
        .filter(|&(&g, &e)| {
            assert!(g == X || g == e, "{}: got {got:?}, exact {exact:?}", case());
            g == X && e != X
        })
        .count()
}

/// Every way to pick `n` trits with at most one unknown.
fn at_most_one_unknown(n: usize) -> Vec<Vec<Trit>> {
    let known: Vec<Vec<Trit>> = (0..1u64 << n).map(|v| trits(v, n as u32)).collect();
    let mut cases = known.clone();
    for bits in &known {
        for j in 0..n {
            let mut one = bits.clone();
            one[j] = X;
            cases.push(one);
        }
    }
    cases
}

/// Every state of `width` trits.
fn states(width: u32) -> Vec<Vec<Trit>> {
    (0..3usize.pow(width))
        .map(|mut v| {
            (0..width)
                .map(|_| {
                    let t = Trit::ALL[v % 3];
                    v /= 3;
                    t
                })
                .collect()
        })
        .collect()
}

/// Checks a register, counter or shift register from every state on every input with at
/// most one unknown bit — on every clock change when the inputs are known, on a rising and a
/// maybe-rising (−1 → 0) clock otherwise. Before the edge, its outputs against the Kleene
/// extension of [`settle`] and [`combinational`] from that state; after it, its state against
/// the extension of one edge ([`after_edge`], clock included) from the state it held before
/// (unknown bits of it taken as independent: a state is trits). Returns the bits it loses
/// before the edge and after.
fn check(part: BuiltinPart) -> (usize, usize) {
    let widths = pin_widths(part);
    let width = part_width(part);
    let n: usize = widths.iter().map(|&w| w as usize).sum();
    let w = width as usize;
    let (mut lost_before, mut lost_after) = (0, 0);
    for state in states(width) {
        let base = Clocked::new(part, &state, Schedule::UnitDelay);
        assert_eq!(base.width(), n);
        for bits in at_most_one_unknown(n) {
            let all_known = bits.iter().all(|b| b.is_known());
            let clocks: Vec<(Trit, Trit)> = if all_known {
                Trit::ALL
                    .iter()
                    .flat_map(|&p| Trit::ALL.map(|c| (p, c)))
                    .collect()
            } else {
                vec![(F, T), (F, X)]
            };
            for (prev, clk) in clocks {
                let case = || {
                    format!(
                        "{}: q {state:?}, inputs {bits:?}, clock {prev:?} → {clk:?}",
                        part.name()
                    )
                };
                let (before, after) = base.clone().edge(&bits, prev, clk);
                let args: Vec<Trit> = bits.iter().chain(&state).copied().collect();
                let exact = extension(&args, &|b| {
                    let x = unpack(&widths, &b[..n]);
                    let q = settle(&x, unpack(&[width], &b[n..])[0]);
                    let outputs = combinational(part, &x, q).into_iter();
                    trits(q, width)
                        .into_iter()
                        .chain(outputs.flat_map(|v| trits(v, 1)))
                        .collect()
                });
                lost_before += lost(&before, &exact, &case);
                // A clock that stays where it was (unknown too) did not change: no edge.
                let clock = if prev == clk { [F, F] } else { [prev, clk] };
                let args: Vec<Trit> = bits
                    .iter()
                    .chain(&before[..w])
                    .chain(&clock)
                    .copied()
                    .collect();
                let exact = extension(&args, &|b| {
                    let x = unpack(&widths, &b[..n]);
                    let q = unpack(&[width], &b[n..n + w])[0];
                    let rises = !b[n + w] && b[n + w + 1];
                    trits(
                        if rises {
                            after_edge(part, &x, q)
                        } else {
                            settle(&x, q)
                        },
                        width,
                    )
                });
                lost_after += lost(&after[..w], &exact, &case);
            }
        }
    }
    (lost_before, lost_after)
}

/// The input pins but `clk`: names and widths.
fn pins(part: BuiltinPart) -> Vec<(String, u32)> {
    let desc = part.design().expect("valid parameters");
    desc.input_pins()
        .into_iter()
        .filter(|p| p != "clk")
        .map(|p| {
            let width = desc
                .nodes
                .iter()
                .find(|n| n.label == p)
                .map_or(1, |n| n.width);
            (p, u32::from(width))
        })
        .collect()
}

/// The inputs but `clk` that bring `part` to `state` on a rising edge ([`Clocked::new`]):
/// `d` = `state` with the register's `en` or the others' `load` at +1, or a flip-flop part's
/// `set` (`state` all +1) or `reset` (all −1) at +1; every other input −1.
fn loading(part: BuiltinPart, state: &[Trit]) -> Vec<Trit> {
    let all = |t: Trit| !state.is_empty() && state.iter().all(|&s| s == t);
    pins(part)
        .into_iter()
        .flat_map(|(name, width)| match name.as_str() {
            "d" => state.to_vec(),
            "en" if matches!(part, BuiltinPart::Register { .. }) => vec![T],
            "load" => vec![T],
            "set" => vec![Trit::from(all(T))],
            "reset" => vec![Trit::from(all(F))],
            _ => vec![F; width as usize],
        })
        .collect()
}

/// Runs `part` from power-on (its state unknown) for `cycles` seeded random cycles of known
/// inputs — the first a synchronous reset, later ones and asynchronous resets rarely (1 in
/// 20), loads 1 in 10, the other inputs even — on both schedules, each cycle against
/// [`settle`] and [`combinational`] before the edge and [`after_edge`] after it.
fn run_cycles(part: BuiltinPart, cycles: usize) {
    let pins = pins(part);
    let widths = pin_widths(part);
    let width = part_width(part);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let unknown = vec![X; width as usize];
    let mut parts = [Schedule::UnitDelay, Schedule::Levelized]
        .map(|schedule| Clocked::new(part, &unknown, schedule));
    let mut q = 0;
    for cycle in 0..cycles {
        let x: Vec<u64> = pins
            .iter()
            .map(|(name, w)| match name.as_str() {
                "srst" => u64::from(cycle == 0 || rng.random_bool(0.05)),
                "arst" => u64::from(rng.random_bool(0.05)),
                "load" => u64::from(rng.random_bool(0.1)),
                _ => rng.random::<u64>() >> (64 - w),
            })
            .collect();
        let bits: Vec<Trit> = x
            .iter()
            .zip(&widths)
            .flat_map(|(&v, &w)| trits(v, w))
            .collect();
        let held = settle(&x, q);
        let outputs: Vec<Trit> = combinational(part, &x, held)
            .into_iter()
            .flat_map(|v| trits(v, 1))
            .collect();
        let after = after_edge(part, &x, q);
        for clocked in &mut parts {
            let case = format!("{} cycle {cycle}, inputs {x:?}", part.name());
            clocked.set_inputs(&bits);
            clocked.clock(F);
            if cycle > 0 {
                let mut expected = trits(held, width);
                expected.extend(&outputs);
                assert_eq!(clocked.outputs(), expected, "{case}: before the edge");
            }
            clocked.clock(T);
            assert_eq!(
                clocked.outputs()[..width as usize],
                trits(after, width),
                "{case}"
            );
        }
        q = after;
    }
}

#[test]
fn registers_counters_and_shift_registers_follow_their_arithmetic_over_random_cycles() {
    for width in [1, 3, 8] {
        run_cycles(BuiltinPart::Register { width }, 100);
        run_cycles(BuiltinPart::Counter { width }, 300);
        run_cycles(BuiltinPart::ShiftRegister { width }, 100);
    }
}

/// Exact on one edge from any state, unknown bits too, with one unknown input or clock: each
/// next bit is the reset's AND over Kleene multiplexers (load or hold, shift or hold, count
/// or hold), and a counter's toggles are multiplexers of AND chains by `up`. (The counter is
/// exact at width 3 too; that run takes ten seconds in a debug build.)
#[test]
fn registers_counters_and_shift_registers_are_exact_on_one_edge() {
    for width in 1..=3 {
        assert_eq!(check(BuiltinPart::Register { width }), (0, 0));
    }
    for width in 1..=2 {
        assert_eq!(check(BuiltinPart::ShiftRegister { width }), (0, 0));
        assert_eq!(check(BuiltinPart::Counter { width }), (0, 0));
    }
}

#[test]
fn the_widest_sequential_parts_elaborate_and_a_zero_width_is_named() {
    for width in [64, 0] {
        for part in [
            BuiltinPart::Register { width },
            BuiltinPart::Counter { width },
            BuiltinPart::ShiftRegister { width },
            BuiltinPart::FlipFlop {
                kind: FlipFlopKind::Jk,
                width,
            },
        ] {
            match part.design() {
                Ok(desc) => {
                    assert_eq!(width, 64);
                    standalone(&desc).unwrap_or_else(|e| panic!("{}: {e}", part.name()));
                }
                Err(e) => assert_eq!(
                    e.to_string(),
                    format!("{}: width 0 is outside 1..=64", part.name())
                ),
            }
        }
    }
}

/// Q after a flip-flop part's inputs (its clocked inputs, then `set` and `reset`) were set
/// to `inputs` with the clock held, from Q = `q`: `set` and `reset` act at once.
fn settle_flip_flop(inputs: &[Trit], q: Trit) -> Trit {
    let [set, reset] = inputs[inputs.len() - 2..] else {
        unreachable!("set and reset are the last inputs")
    };
    set_reset_next(q, set, reset)
}

/// Q after the clock of a flip-flop part of `kind` went from `prev` to `clk` with its inputs
/// at `inputs` (the clocked ones, then `set` and `reset`), from Q = `q` (settled): the
/// clocked rule, `set` and `reset` over it.
fn clock_flip_flop(kind: FlipFlopKind, prev: Trit, clk: Trit, inputs: &[Trit], q: Trit) -> Trit {
    let clocked = &inputs[..inputs.len() - 2];
    settle_flip_flop(inputs, kind.next(prev, clk, clocked, q))
}

/// Every flip-flop on every case: from each state, on every input trit (`set` and `reset`
/// too) and every clock change, Q before the edge is what `set` and `reset` make of the
/// state and Q after it the rule's, under them; `qn` is ¬Q before and after.
#[test]
fn flip_flops_follow_their_rules_on_every_case() {
    for kind in [FlipFlopKind::Jk, FlipFlopKind::T, FlipFlopKind::Sr] {
        let part = BuiltinPart::FlipFlop { kind, width: 1 };
        let k = kind.inputs().len() + 2;
        let mut cases = 0;
        for q in Trit::ALL {
            let base = Clocked::new(part, &[q], Schedule::UnitDelay);
            for inputs in states(k as u32) {
                for (prev, clk) in Trit::ALL.iter().flat_map(|&p| Trit::ALL.map(|c| (p, c))) {
                    let (before, after) = base.clone().edge(&inputs, prev, clk);
                    let case =
                        format!("{kind:?}: q {q:?}, inputs {inputs:?}, clock {prev:?} → {clk:?}");
                    let held = settle_flip_flop(&inputs, q);
                    assert_eq!(before, [held, held.not()], "{case}");
                    let expected = clock_flip_flop(kind, prev, clk, &inputs, held);
                    assert_eq!(after, [expected, expected.not()], "{case}");
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, 3 * 3usize.pow(k as u32) * 9, "{kind:?}");
    }
}

/// Three flip-flops of each kind over 300 seeded steps: each step sets the inputs with the
/// clock held (a clocked input unknown 1 in 10; `set` and `reset` each +1 1 in 10 and
/// unknown 1 in 20), then moves the clock to a random level (so every change, unknown ones
/// too); each bit against its rule from the state the rule gave, on both schedules.
#[test]
fn flip_flop_parts_follow_their_rules_bit_by_bit_over_random_steps() {
    let draw = |rng: &mut ChaCha8Rng| {
        if rng.random_bool(0.1) {
            X
        } else {
            Trit::from(rng.random_bool(0.5))
        }
    };
    let draw_async = |rng: &mut ChaCha8Rng| match rng.random_range(0..20) {
        0 => X,
        1 | 2 => T,
        _ => F,
    };
    for kind in [FlipFlopKind::Jk, FlipFlopKind::T, FlipFlopKind::Sr] {
        let part = BuiltinPart::FlipFlop { kind, width: 3 };
        let k = kind.inputs().len();
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let mut parts = [Schedule::UnitDelay, Schedule::Levelized]
            .map(|schedule| Clocked::new(part, &[X; 3], schedule));
        let (mut q, mut clk) = ([X; 3], T);
        for step in 0..300 {
            // Pin by pin, bit 0 first; then set and reset.
            let mut bits: Vec<Trit> = (0..3 * k).map(|_| draw(&mut rng)).collect();
            let (set, reset) = (draw_async(&mut rng), draw_async(&mut rng));
            bits.extend([set, reset]);
            let next_clk = Trit::ALL[rng.random_range(0..3)];
            let expected: Vec<Trit> = (0..3)
                .map(|i| {
                    let mut inputs: Vec<Trit> = (0..k).map(|p| bits[3 * p + i]).collect();
                    inputs.extend([set, reset]);
                    let held = settle_flip_flop(&inputs, q[i]);
                    clock_flip_flop(kind, clk, next_clk, &inputs, held)
                })
                .collect();
            for clocked in &mut parts {
                clocked.set_inputs(&bits);
                clocked.clock(next_clk);
                assert_eq!(clocked.outputs()[..3], expected, "{kind:?} step {step}");
            }
            q.copy_from_slice(&expected);
            clk = next_clk;
        }
    }
}

/// `part` alone with the switches of `unwired` (and their wires) taken away: those pins of
/// the instance left unwired. Its circuit and an engine with the clock at −1.
fn placed_without(part: BuiltinPart, unwired: &[&str]) -> (Circuit, Engine) {
    let desc = part.design().expect("valid parameters");
    let mut doc = standalone(&desc).expect("elaborates");
    let kept = |label: &str| !unwired.contains(&label);
    let (nodes, wires) = doc.design.bus_level.as_mut().expect("a bus level");
    nodes.retain(|n| kept(&n.label));
    wires.retain(|w| kept(&w.from));
    doc.design.pin_wires.retain(|w| kept(&w.from));
    crate::format::rebuild(&mut doc).expect("elaborates");
    let mut engine = Engine::from_circuit(&doc.circuit);
    // The clock low first: from unknown, its rise would be a maybe-edge.
    engine
        .set([(pin(&doc.circuit, "clk")[0], F)])
        .expect("the clock");
    engine.settle();
    (doc.circuit, engine)
}

/// Sets every bit of the pins `values` (label, level), then pulses the clock `clk` up and
/// down; the trits of `q` after.
fn pulse((circuit, engine): &mut (Circuit, Engine), values: &[(&str, Trit)]) -> Vec<Trit> {
    let bits = values
        .iter()
        .flat_map(|&(label, v)| pin(circuit, label).into_iter().map(move |id| (id, v)));
    engine.set(bits).expect("inputs");
    engine.settle();
    for level in [T, F] {
        engine
            .set([(pin(circuit, "clk")[0], level)])
            .expect("the clock");
        engine.settle();
    }
    pin(circuit, "q")
        .iter()
        .map(|&id| engine.value(id))
        .collect()
}

/// An asynchronous pin left unwired where the part is placed leaves its flip-flops' pin
/// unwired: inactive, so a counter without `arst` counts, and JK flip-flops without `set`
/// and `reset` set and reset on the clock.
#[test]
fn an_unwired_asynchronous_pin_is_inactive() {
    let mut counter = placed_without(BuiltinPart::Counter { width: 2 }, &["arst"]);
    let inputs = [("en", T), ("up", T), ("load", F), ("srst", T)];
    assert_eq!(pulse(&mut counter, &inputs), [F, F]);
    assert_eq!(pulse(&mut counter, &[("srst", F)]), [T, F]);
    assert_eq!(pulse(&mut counter, &[]), [F, T]);
    let jk = BuiltinPart::FlipFlop {
        kind: FlipFlopKind::Jk,
        width: 2,
    };
    let mut jk = placed_without(jk, &["set", "reset"]);
    assert_eq!(pulse(&mut jk, &[("j", T), ("k", F)]), [T, T]);
    assert_eq!(pulse(&mut jk, &[("j", F), ("k", T)]), [F, F]);
}
