//! The balanced-ternary part library (`circuits/lib/bt_*.ron`) against integer arithmetic, over
//! every input combination of every part.
//!
//! In these parts a trit is a *digit* (−1, 0, +1 of weight 3^i; 0 is the digit zero, not
//! "unknown"), as in the Setun computer (Brusentsov, Moscow State University, 1958). A bus of
//! width w is the integer `to_balanced` of its trits (bit 0 the least significant), from
//! −(3^w − 1)/2 to (3^w − 1)/2; a single node is one digit.
//!
//! | part             | combinations     | engines                                  |
//! |------------------|------------------|------------------------------------------|
//! | `bt_half_adder`  | 3^2 = 9          | event (levelized), batch                 |
//! | `bt_full_adder`  | 3^3 = 27         | event (levelized), batch                 |
//! | `bt_negate6`     | 3^6 = 729        | event (levelized), batch                 |
//! | `bt_compare`     | 3^12 = 531,441   | batch (and 2,187 pairs on the event one) |
//! | `bt_adder6`      | 3^13 = 1,594,323 | batch, in three tests (one per carry in) |
//! | `bt_adder6_demo` | 6,561 (a sample) | event (levelized)                        |
//!
//! Every combination is checked, none sampled: the batch engine evaluates 512 vectors per pass
//! and the vectors are packed into its bit planes through precomputed masks, so the whole file
//! takes about 1.5 s in a debug build on two cores (about 2.5 s on one). Each check returns
//! how many combinations it compared and the tests assert that count; the first mismatch fails
//! naming the part, every input (as `0t…` and in decimal) and the output that differs.

use std::path::Path;

use sim_core::batch::{BatchEngine, LANES, Lanes, WORDS};
use sim_core::number::{self, Radix, from_balanced, to_balanced};
use sim_core::{Circuit, NodeId};
use sim_core::{Engine, Schedule, Trit};

/// A pin of a part: a node (width 1) or a bus, by name, with its bits (bit 0 first).
struct Pin {
    name: &'static str,
    bits: Vec<NodeId>,
    /// The largest value the pin holds, (3^w − 1)/2; its smallest is the negation.
    half: i128,
}

impl Pin {
    fn width(&self) -> usize {
        self.bits.len()
    }

    /// Where `value` is in a list of the pin's values from −half up.
    fn index(&self, value: i128) -> usize {
        usize::try_from(value + self.half).expect("a value of the pin")
    }

    /// The trits of each value of the pin (index: value + half) as bit masks.
    fn masks(&self) -> Vec<Masks> {
        (-self.half..=self.half)
            .map(|v| Masks::of(&from_balanced(v, self.width()).expect("in range")))
            .collect()
    }
}

/// The trits of a value as two bit masks, bit j for trit j (the batch engine's planes):
/// `known` where the trit is not 0, `plus` where it is +1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Masks {
    known: u64,
    plus: u64,
}

impl Masks {
    fn of(trits: &[Trit]) -> Masks {
        let bits = |f: fn(Trit) -> bool| {
            trits
                .iter()
                .enumerate()
                .fold(0, |m, (j, &t)| m | u64::from(f(t)) << j)
        };
        Masks {
            known: bits(Trit::is_known),
            plus: bits(|t| t == Trit::True),
        }
    }
}

/// Lane `lane` of the (known, value) planes of an output.
fn lane_trit((known, value): &(Lanes, Lanes), lane: usize) -> Trit {
    let (word, shift) = (lane / 64, lane % 64);
    match (known[word] >> shift & 1, value[word] >> shift & 1) {
        (0, _) => Trit::Unknown,
        (_, 0) => Trit::False,
        _ => Trit::True,
    }
}

/// A part loaded from `circuits/`, with its input and output pins resolved.
struct Part {
    file: &'static str,
    circuit: Circuit,
    inputs: Vec<Pin>,
    outputs: Vec<Pin>,
}

/// The integer function a part must compute: input values (one per input pin, in order) to
/// output values (one per output pin, in order).
type Model = fn(&[i128], &mut [i128]);

impl Part {
    /// Loads `circuits/{file}` (its libraries read as the CLI reads them) and resolves the
    /// named pins, nodes or buses.
    fn load(file: &'static str, inputs: &[&'static str], outputs: &[&'static str]) -> Part {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("circuits")
            .join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let doc = loader::parse_circuit(
            &text,
            &path.display().to_string(),
            &loader::LibraryPolicy::new(),
        )
        .unwrap_or_else(|e| panic!("cannot load {}: {e}", path.display()));
        let circuit = doc.circuit;
        let pin = |name: &'static str| {
            let bits = sim_core::signal::signal(&circuit, name)
                .unwrap_or_else(|| panic!("{file} has no node or bus `{name}`"));
            let half = (3i128.pow(bits.len() as u32) - 1) / 2;
            Pin { name, bits, half }
        };
        let inputs = inputs.iter().map(|&n| pin(n)).collect();
        let outputs = outputs.iter().map(|&n| pin(n)).collect();
        Part {
            file,
            circuit,
            inputs,
            outputs,
        }
    }

    /// 3^(input trits): how many input combinations the part has.
    fn combinations(&self) -> usize {
        3usize.pow(self.inputs.iter().map(Pin::width).sum::<usize>() as u32)
    }

    /// Combination `index` (0 ≤ index < [`combinations`](Self::combinations)) as one value
    /// per input pin: the last pin counts fastest.
    fn combination(&self, mut index: usize, values: &mut [i128]) {
        for k in (0..self.inputs.len()).rev() {
            let half = self.inputs[k].half;
            let size = self.inputs[k].index(half) + 1; // 3^w
            values[k] = (index % size) as i128 - half;
            index /= size;
        }
    }

    /// Per input pin, the trits of each of its values (index value + half), from
    /// `from_balanced`: built once, so that a vector costs no conversion.
    fn input_digits(&self) -> Vec<Vec<Vec<Trit>>> {
        self.inputs
            .iter()
            .map(|pin| {
                (-pin.half..=pin.half)
                    .map(|v| from_balanced(v, pin.width()).expect("in range"))
                    .collect()
            })
            .collect()
    }

    /// Panics unless `got` (one value per output pin) is what `model` gives for `values`,
    /// naming the part, every input and the first output that differs.
    fn compare(&self, model: Model, values: &[i128], got: &[i128], expected: &mut [i128]) {
        model(values, expected);
        for (k, pin) in self.outputs.iter().enumerate() {
            if got[k] != expected[k] {
                let inputs: Vec<String> = self
                    .inputs
                    .iter()
                    .zip(values)
                    .map(|(p, &v)| format!("{} = {}", p.name, show(v, p.width())))
                    .collect();
                panic!(
                    "{}: for {}, `{}` is {} but should be {}",
                    self.file,
                    inputs.join(", "),
                    pin.name,
                    show(got[k], pin.width()),
                    show(expected[k], pin.width())
                );
            }
        }
    }

    /// Checks the inputs `case(0)` … `case(count - 1)` (each filling one value per input
    /// pin) on the event engine, levelized, one vector at a time through ports. Returns how
    /// many were checked.
    fn check_event(&self, count: usize, case: impl Fn(usize, &mut [i128]), model: Model) -> usize {
        let mut engine = Engine::from_circuit(&self.circuit);
        engine.set_schedule(Schedule::Levelized);
        let bits = |pins: &[Pin]| -> Vec<NodeId> {
            pins.iter().flat_map(|p| p.bits.iter().copied()).collect()
        };
        let input_port = engine
            .port(bits(&self.inputs))
            .expect("inputs in the netlist");
        let output_port = engine
            .port(bits(&self.outputs))
            .expect("outputs in the netlist");
        let digits = self.input_digits();
        let mut values = vec![0; self.inputs.len()];
        let (mut got, mut expected) = (vec![0; self.outputs.len()], vec![0; self.outputs.len()]);
        let mut trits = Vec::with_capacity(input_port.len());
        let mut out = Vec::with_capacity(output_port.len());
        for index in 0..count {
            case(index, &mut values);
            trits.clear();
            for ((pin, table), &v) in self.inputs.iter().zip(&digits).zip(&values) {
                trits.extend_from_slice(&table[pin.index(v)]);
            }
            engine
                .set_port(&input_port, &trits)
                .expect("inputs are switches");
            engine.settle();
            out.clear();
            out.extend(engine.port_values(&output_port));
            let mut at = 0;
            for (k, pin) in self.outputs.iter().enumerate() {
                got[k] = to_balanced(&out[at..at + pin.width()]);
                at += pin.width();
            }
            self.compare(model, &values, &got, &mut expected);
        }
        count
    }

    /// [`check_event`](Self::check_event) on the batch engine, [`LANES`] vectors per pass. The
    /// trits of every value of every pin are turned into bit masks once (bit j: trit j), so
    /// that a lane costs a few shifts per trit: debug builds stay fast.
    fn check_batch(&self, count: usize, case: impl Fn(usize, &mut [i128]), model: Model) -> usize {
        let mut engine = BatchEngine::new(&self.circuit).expect("a combinational part");
        // Each pin bit's column: inputs in `Circuit::inputs` order, outputs in
        // `Circuit::terminals` order.
        let columns = |pins: &[Pin], order: Vec<NodeId>| -> Vec<Vec<usize>> {
            pins.iter()
                .map(|p| {
                    p.bits
                        .iter()
                        .map(|id| {
                            order.iter().position(|o| o == id).unwrap_or_else(|| {
                                panic!("{}: `{}` is not a pin", self.file, p.name)
                            })
                        })
                        .collect()
                })
                .collect()
        };
        let input_columns = columns(&self.inputs, self.circuit.inputs().collect());
        let output_columns = columns(&self.outputs, self.circuit.terminals().collect());
        assert_eq!(engine.input_count(), self.circuit.inputs().count());
        let input_masks: Vec<Vec<Masks>> = self.inputs.iter().map(Pin::masks).collect();
        let output_masks: Vec<Vec<Masks>> = self.outputs.iter().map(Pin::masks).collect();
        let pins = self.inputs.len();
        let mut values = vec![0; LANES * pins];
        let mut expected = vec![0; self.outputs.len()];
        let output_bits = output_columns.iter().map(Vec::len).sum();
        let mut want: Vec<(Lanes, Lanes)> = vec![([0; WORDS], [0; WORDS]); output_bits];
        let mut planes: Vec<(Lanes, Lanes)> = vec![([0; WORDS], [0; WORDS]); engine.input_count()];
        for start in (0..count).step_by(LANES) {
            let lanes = LANES.min(count - start);
            planes.fill(([0; WORDS], [0; WORDS]));
            for lane in 0..lanes {
                let lane_values = &mut values[lane * pins..(lane + 1) * pins];
                case(start + lane, lane_values);
                let (word, shift) = (lane / 64, lane % 64);
                for k in 0..pins {
                    let m = input_masks[k][self.inputs[k].index(lane_values[k])];
                    let columns = &input_columns[k];
                    // Only the nonzero digits set bits (a plain loop: debug builds are slow
                    // with iterator adapters in the innermost loop).
                    let mut digits = m.known;
                    while digits != 0 {
                        let j = digits.trailing_zeros() as usize;
                        let (known, value) = &mut planes[columns[j]];
                        known[word] |= 1 << shift;
                        value[word] |= (m.plus >> j & 1) << shift;
                        digits &= digits - 1;
                    }
                }
            }
            let results = engine.run_lanes(&planes);
            // The expected outputs as planes too, compared word by word: the first lane that
            // differs (or whose expected value does not fit its pin) is reported.
            want.fill(([0; WORDS], [0; WORDS]));
            let mut first_bad = lanes;
            for lane in 0..lanes {
                model(&values[lane * pins..(lane + 1) * pins], &mut expected);
                let (word, shift) = (lane / 64, lane % 64);
                let mut flat = 0;
                for k in 0..expected.len() {
                    let width = output_columns[k].len();
                    let Some(m) = usize::try_from(expected[k] + self.outputs[k].half)
                        .ok()
                        .and_then(|i| output_masks[k].get(i))
                    else {
                        first_bad = first_bad.min(lane);
                        flat += width;
                        continue;
                    };
                    let mut digits = m.known;
                    while digits != 0 {
                        let j = digits.trailing_zeros() as usize;
                        let (known, value) = &mut want[flat + j];
                        known[word] |= 1 << shift;
                        value[word] |= (m.plus >> j & 1) << shift;
                        digits &= digits - 1;
                    }
                    flat += width;
                }
            }
            for (&column, (want_known, want_value)) in output_columns.iter().flatten().zip(&want) {
                let (known, value) = &results[column];
                for w in 0..WORDS {
                    let diff = (known[w] ^ want_known[w]) | (value[w] ^ want_value[w]);
                    if diff != 0 {
                        first_bad = first_bad.min(64 * w + diff.trailing_zeros() as usize);
                    }
                }
            }
            if first_bad < lanes {
                // Read the lane's outputs as numbers and report.
                let got: Vec<i128> = output_columns
                    .iter()
                    .map(|columns| {
                        let trits: Vec<Trit> = columns
                            .iter()
                            .map(|&c| lane_trit(&results[c], first_bad))
                            .collect();
                        to_balanced(&trits)
                    })
                    .collect();
                let lane_values = &values[first_bad * pins..(first_bad + 1) * pins];
                self.compare(model, lane_values, &got, &mut expected);
                unreachable!("{}: lane {first_bad} differs but compares equal", self.file);
            }
        }
        count
    }

    /// Every combination on the event engine.
    fn exhaustive_event(&self, model: Model) -> usize {
        self.check_event(self.combinations(), |i, v| self.combination(i, v), model)
    }

    /// Every combination on the batch engine.
    fn exhaustive_batch(&self, model: Model) -> usize {
        self.check_batch(self.combinations(), |i, v| self.combination(i, v), model)
    }
}

/// `value` as a pin of `width` shows it: a digit for one trit, `0t… (decimal)` for a bus.
fn show(value: i128, width: usize) -> String {
    if width == 1 {
        return value.to_string();
    }
    match from_balanced(value, width) {
        Ok(trits) => format!("{} ({value})", number::format(&trits, Radix::Ternary)),
        Err(_) => format!("{value} (out of range)"),
    }
}

/// `total` = 3·carry + digit with the digit in −1..=1 (for |total| ≤ 4: the carry in −1..=1).
fn digit_and_carry(total: i128) -> (i128, i128) {
    let carry = (total + 1).div_euclid(3);
    (total - 3 * carry, carry)
}

/// a + b = 3c + s.
fn half_adder(i: &[i128], o: &mut [i128]) {
    (o[0], o[1]) = digit_and_carry(i[0] + i[1]);
}

/// a + b + cin = 3·cout + s.
fn full_adder(i: &[i128], o: &mut [i128]) {
    (o[0], o[1]) = digit_and_carry(i[0] + i[1] + i[2]);
}

/// y = −a.
fn negate(i: &[i128], o: &mut [i128]) {
    o[0] = -i[0];
}

/// c = sign(a − b).
fn compare(i: &[i128], o: &mut [i128]) {
    o[0] = (i[0] - i[1]).signum();
}

/// a + b + cin = 729·cout + s, s in −364..=364.
fn adder6(i: &[i128], o: &mut [i128]) {
    let total = i[0] + i[1] + i[2];
    let carry = (total + 364).div_euclid(729);
    (o[0], o[1]) = (total - 729 * carry, carry);
}

#[test]
fn the_models_are_balanced_ternary_arithmetic() {
    // The reference functions themselves, on the cases of the files' headers.
    let mut o = [0; 2];
    half_adder(&[1, 1], &mut o);
    assert_eq!(o, [-1, 1]);
    half_adder(&[-1, -1], &mut o);
    assert_eq!(o, [1, -1]);
    full_adder(&[-1, -1, -1], &mut o);
    assert_eq!(o, [0, -1]);
    adder6(&[121, -3, 0], &mut o);
    assert_eq!(o, [118, 0]);
    adder6(&[364, 0, 1], &mut o);
    assert_eq!(o, [-364, 1]);
    adder6(&[-364, -364, -1], &mut o);
    assert_eq!(o, [0, -1]);
    for total in -729..=729 {
        adder6(&[total, 0, 0], &mut o);
        assert!(o[0].abs() <= 364 && o[1].abs() <= 1 && 729 * o[1] + o[0] == total);
    }
}

#[test]
fn half_adder_adds_every_digit_pair() {
    let part = Part::load("lib/bt_half_adder.ron", &["a", "b"], &["s", "c"]);
    assert_eq!(part.exhaustive_event(half_adder), 9);
    assert_eq!(part.exhaustive_batch(half_adder), 9);
}

#[test]
fn full_adder_adds_every_digit_triple() {
    let part = Part::load("lib/bt_full_adder.ron", &["a", "b", "cin"], &["s", "cout"]);
    assert_eq!(part.exhaustive_event(full_adder), 27);
    assert_eq!(part.exhaustive_batch(full_adder), 27);
}

#[test]
fn negate6_negates_every_number() {
    let part = Part::load("lib/bt_negate6.ron", &["a"], &["y"]);
    assert_eq!(part.exhaustive_event(negate), 729);
    assert_eq!(part.exhaustive_batch(negate), 729);
}

#[test]
fn compare_orders_every_pair() {
    let part = Part::load("lib/bt_compare.ron", &["a", "b"], &["c"]);
    assert_eq!(part.combinations(), 531_441);
    assert_eq!(part.exhaustive_batch(compare), 531_441);
    // A few on the event engine too (every a against b = a, a ± 1 where in range).
    let pairs: Vec<[i128; 2]> = (-364..=364)
        .flat_map(|a| [[a, a], [a, (a + 1).min(364)], [a, (a - 1).max(-364)]])
        .collect();
    let checked = part.check_event(pairs.len(), |i, v| v.copy_from_slice(&pairs[i]), compare);
    assert_eq!(checked, 3 * 729);
}

/// The adder's 3^13 = 1,594,323 combinations, in three tests of 3^12 = 531,441 (every a and b)
/// for one carry in each, so that the test harness runs them in parallel.
fn adder6_adds_every_pair_with_carry_in(cin: i128) {
    let part = Part::load("lib/bt_adder6.ron", &["a", "b", "cin"], &["s", "cout"]);
    assert_eq!(part.combinations(), 3 * 531_441);
    // cin is the last pin, the one counting fastest: combination 3i + cin + 1 is a, b from i
    // with this carry in.
    let offset = usize::try_from(cin + 1).expect("a carry digit");
    let mut ends = [[0; 3]; 2];
    part.combination(offset, &mut ends[0]);
    part.combination(3 * 531_440 + offset, &mut ends[1]);
    assert_eq!(ends, [[-364, -364, cin], [364, 364, cin]]);
    let checked = part.check_batch(531_441, |i, v| part.combination(3 * i + offset, v), adder6);
    assert_eq!(checked, 531_441);
}

#[test]
fn adder6_adds_every_pair_with_carry_in_minus_one() {
    adder6_adds_every_pair_with_carry_in(-1);
}

#[test]
fn adder6_adds_every_pair_with_carry_in_zero() {
    adder6_adds_every_pair_with_carry_in(0);
}

#[test]
fn adder6_adds_every_pair_with_carry_in_plus_one() {
    adder6_adds_every_pair_with_carry_in(1);
}

#[test]
fn adder6_demo_adds_on_the_event_engine() {
    // The example wraps the library adder: a sample through it, on the event engine (every a
    // with b = a, −a, 364 − |a| and every carry in: 3 × 3 × 729 vectors).
    let part = Part::load("bt_adder6_demo.ron", &["A", "B", "CIN"], &["S", "COUT"]);
    let cases: Vec<[i128; 3]> = (-364i128..=364)
        .flat_map(|a| {
            [a, -a, 364 - a.abs()]
                .into_iter()
                .flat_map(move |b| [-1, 0, 1].map(|c| [a, b, c]))
        })
        .collect();
    let checked = part.check_event(cases.len(), |i, v| v.copy_from_slice(&cases[i]), adder6);
    assert_eq!(checked, 9 * 729);
}

#[test]
#[should_panic(
    expected = "lib/bt_adder6.ron: for a = 0tTTTTTT (-364), b = 0tTTTTTT (-364), \
                           cin = -1, `s` is 0t000000 (0) but should be 0tTTTTTT (-364)"
)]
fn a_mismatch_names_the_inputs() {
    // A wrong model, a saturating adder (the sum clamped to the range, no carry out), fails on
    // the first combination, where the real adder wraps around: -729 = 729·(-1) + 0.
    fn saturating(i: &[i128], o: &mut [i128]) {
        (o[0], o[1]) = ((i[0] + i[1] + i[2]).clamp(-364, 364), 0);
    }
    let part = Part::load("lib/bt_adder6.ron", &["a", "b", "cin"], &["s", "cout"]);
    part.exhaustive_batch(saturating);
}
