//! `tritium vectors`: simulate input vectors and print one line of outputs per vector.
//!
//! Vectors use Verilog's characters: `0` false (−1), `1` true (+1), `x` unknown (0), one per
//! input ([`Circuit::inputs`]: switches and buttons in node order, never a clock). Each output
//! line has one character per terminal ([`Circuit::terminals`]).
//!
//! The circuit starts from power-on (settled). A combinational run applies each vector,
//! settles and prints. A sequential run (any flip-flop, or `--cycles`) makes each vector one
//! clock cycle: apply the vector and settle; tick the clocks (rising edge) and settle; print;
//! tick again (falling edge) and settle. The state carries over between vectors.
//!
//! The event engine runs with `--schedule` (default levelized: each vector settled by one
//! levelized pass; `unit-delay` is the delta-cycle schedule of `sim` and `trace`); both print
//! the same lines.
//!
//! `--vcd OUT.vcd` also writes the run as a waveform ([`super::wave`]): power-on is step 0,
//! each vector the next step, and in a sequential run each clock edge settles in a step of its
//! own (a vector, its rising edge, its falling edge: three steps). Under the levelized
//! schedule the engine reports each step's changes at delta 0
//! ([`sim_core::Observer::on_change`]); `--vcd-deltas` needs every delta cycle, so it
//! makes the default schedule unit delay and refuses `--schedule levelized`. `--vcd` with
//! `--engine batch` is refused: the batch engine settles 512 vectors at once, one pass with no
//! steps to record (the event engine prints the same lines).
//!
//! `--engine batch` runs combinational circuits on the bit-parallel [`BatchEngine`]
//! ([`LANES`] vectors per pass) with the same output; it refuses flip-flops and names
//! combinational loops.
//!
//! A circuit with buses ([`sim_core::bus`]) among its inputs or outputs reads and writes
//! *fields* instead, separated by whitespace: one per input (a bus is one field, a number in
//! any radix: `107`, `0x6B`, `0b0110_10x1`; a single input `0`, `1` or `x`), and one per output
//! (a bus's number in its radix or `--radix`, a single output `0`, `1` or `x`); `--bits`
//! keeps one character per trit (a bus's bits in order, bit 0 first).
//!
//! A vector file may begin with a line `ports: NAME NAME …` naming, in order, the inputs its
//! fields drive (by their labels or bus names); the inputs it leaves out stay unknown, as a
//! Verilog testbench's unassigned `reg`s are `x`. It makes the file one of fields.
//!
//! `--clock NAME` makes an input the clock, for a circuit clocked by an input rather than a
//! clock node (an imported Verilog design, whose clock port is an input): it is left out of
//! the vectors, held at 0 from power-on, and each vector (a sequential run: `--clock` makes
//! it one) raises it (where the clock nodes tick) and lowers it after the outputs are
//! printed. `--display` prints each output as a Verilog
//! testbench's `$display("%b", …)` does (a bus's bits most significant first, `0`/`1`/`x`, no
//! prefix), one field per output separated by spaces: the lines compare with the testbench's
//! (see README, *Import Verilog*).
//!
//! Random vectors ([`random_vectors`]) come from `ChaCha8Rng::seed_from_u64(seed)`: for each
//! vector, for each input in order, one `next_u64()` value `v`; the input is `x` if
//! `(v >> 11) / 2^53 < p`, else `1` if `v` is odd, else `0`. Another tool can reproduce them.

use std::fs;

use anyhow::{Context as _, Result, bail};
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

use sim_core::batch::{BatchEngine, BatchError, LANES};
use sim_core::number::Radix;
use sim_core::signal::{Signal, signals};
use sim_core::{Circuit, Engine, Netlist, NodeId, Trit};

use super::args::{EngineKind, ScheduleKind, VectorsArgs};
use super::console::{Console, Status};
use super::load::{display_name, load};
use super::wave::{Recording, check_target, recording};

/// Runs `tritium vectors`.
///
/// # Errors
/// Bad input: the circuit or the vector file cannot be loaded, a vector is malformed or sets a
/// button to `x`, or the batch engine was asked for a loop or flip-flops.
pub fn run(args: &VectorsArgs, console: &mut Console<'_>) -> Result<Status> {
    let schedule = schedule(args)?;
    if let Some(path) = &args.vcd {
        check_target(path)?;
    }
    let loaded = load(&args.file, &args.load)?;
    let circuit = &loaded.doc.circuit;
    let (clock, sequential) = clocking(args, circuit)?;
    let inputs: Vec<NodeId> = circuit.inputs().filter(|&id| Some(id) != clock).collect();
    let (fields, vectors) = vectors_for(args, circuit, &inputs)?;
    if args.engine == EngineKind::Batch {
        if sequential {
            bail!(
                "{}: the batch engine simulates combinational circuits only (use --engine event)",
                loaded.name
            );
        }
        batch(circuit, vectors, fields.as_ref(), console).with_context(|| loaded.name.clone())?;
        return Ok(Status::Success);
    }
    let mut engine = Engine::with_schedule(Netlist::compile(circuit), schedule.into());
    let clock = clock.map(|id| engine.port([id])).transpose()?;
    let inputs = engine.port(inputs)?;
    let outputs = engine.port(circuit.terminals())?;
    let mut recording = recording(
        args.vcd.as_deref(),
        &args.wave,
        &loaded,
        &args.file,
        &engine,
    )?;
    // A clock edge: the clock input to `level`, or the clock nodes ticked.
    let edge = |engine: &mut Engine, level: Trit| -> Result<()> {
        match &clock {
            Some(clock) => engine.set_port(clock, &[level])?,
            None => {
                engine.tick();
            }
        }
        Ok(())
    };
    if clock.is_some() {
        edge(&mut engine, Trit::False)?;
    }
    let mut oscillations = 0_u64;
    // One settle, the recording's current step (begun by `next_step`).
    let mut settle = |engine: &mut Engine, recording: &mut Option<Recording>| {
        let report = match recording {
            Some(recording) => engine.settle_with(&mut recording.wave),
            None => engine.settle(),
        };
        if report.oscillation.is_some() {
            oscillations += 1;
        }
    };
    let next_step = |recording: &mut Option<Recording>| {
        if let Some(recording) = recording {
            recording.wave.begin_step();
        }
    };
    settle(&mut engine, &mut recording);
    let mut line = Vec::with_capacity(outputs.len() + 1);
    for (number, vector) in vectors.enumerate() {
        next_step(&mut recording);
        engine
            .set_port(&inputs, &vector)
            .map_err(|e| anyhow::anyhow!("vector {}: {}", number + 1, describe(circuit, &e)))?;
        settle(&mut engine, &mut recording);
        if sequential {
            next_step(&mut recording);
            edge(&mut engine, Trit::True)?;
            settle(&mut engine, &mut recording);
        }
        line.clear();
        match &fields {
            Some(fields) => {
                let values: Vec<Trit> = engine.port_values(&outputs).collect();
                line.extend_from_slice(fields.format(&values).as_bytes());
            }
            None => line.extend(engine.port_values(&outputs).map(bit_byte)),
        }
        line.push(b'\n');
        console.out.write_all(&line)?;
        if sequential {
            next_step(&mut recording);
            edge(&mut engine, Trit::False)?;
            settle(&mut engine, &mut recording);
        }
    }
    if oscillations > 0 {
        console.warn(format_args!(
            "{}: the circuit oscillated in {oscillations} settle(s)",
            loaded.name
        ))?;
    }
    if let (Some(path), Some(recording)) = (&args.vcd, &recording) {
        recording.write(path, console)?;
    }
    Ok(Status::Success)
}

/// The vectors to run on `circuit` driven through `inputs` (from `--input` or `--random`),
/// and their field layout (`None`: one character per input and output).
///
/// # Errors
/// The vector file cannot be read or has a malformed line, or has a `ports:` line under
/// `--bits`.
fn vectors_for<'a>(
    args: &VectorsArgs,
    circuit: &'a Circuit,
    inputs: &[NodeId],
) -> Result<(Option<Fields<'a>>, Vectors)> {
    let text = match &args.input {
        Some(path) => {
            let name = display_name(path);
            let text = fs::read_to_string(path).with_context(|| name.clone())?;
            Some((name, text))
        }
        None => None,
    };
    let named = text.as_ref().is_some_and(|(_, t)| names_ports(t));
    if named && args.bits {
        bail!("a vector file with a `ports:` line has fields: leave out --bits");
    }
    let fields = if args.bits {
        None
    } else {
        Fields::of(circuit, inputs, args.radix, args.display, named)
    };
    let vectors = source(args, text, inputs.len(), fields.as_ref())?;
    Ok((fields, vectors))
}

/// Vectors, one trit per input, in order.
type Vectors = Box<dyn Iterator<Item = Vec<Trit>>>;

/// The vectors to run: read from `text`, the `--input` file `(name, text)` (fields or
/// characters, `width` inputs), or drawn by `--random`.
///
/// # Errors
/// The vector file has a malformed line.
fn source(
    args: &VectorsArgs,
    text: Option<(String, String)>,
    width: usize,
    fields: Option<&Fields<'_>>,
) -> Result<Vectors> {
    Ok(match (text, args.random) {
        (Some((name, text)), _) => {
            let vectors = match fields {
                Some(fields) => fields.parse(&text),
                None => parse_vectors(&text, width),
            };
            Box::new(vectors.with_context(|| name.clone())?.into_iter())
        }
        (None, Some(count)) => Box::new(random_vectors(
            width,
            count,
            args.seed.unwrap_or_default(),
            args.x_prob,
        )),
        (None, None) => bail!("give --input VECFILE or --random N --seed S"),
    })
}

/// The clock input (`--clock`), if any, and whether the run is sequential: `--cycles`, a
/// clock input, or a flip-flop.
///
/// # Errors
/// `--clock` names no input.
fn clocking(args: &VectorsArgs, circuit: &Circuit) -> Result<(Option<NodeId>, bool)> {
    let clock = args
        .clock
        .as_deref()
        .map(|name| clock_input(circuit, name))
        .transpose()?;
    let flip_flops = circuit.nodes().any(|(_, n)| n.kind.is_flip_flop());
    Ok((clock, args.cycles || clock.is_some() || flip_flops))
}

/// The input labelled `name` (`--clock`).
///
/// # Errors
/// No input is labelled `name` (the message lists the inputs).
pub(super) fn clock_input(circuit: &Circuit, name: &str) -> Result<NodeId> {
    if let Some(id) = circuit.inputs().find(|&id| circuit[id].label == name) {
        return Ok(id);
    }
    let all: Vec<&str> = circuit
        .inputs()
        .map(|id| circuit[id].label.as_str())
        .collect();
    bail!(
        "--clock {name}: no input is labelled so (inputs: {})",
        all.join(", ")
    )
}

/// Whether a vector file's first line names the ports its fields drive (`ports: …`).
fn names_ports(text: &str) -> bool {
    code_lines(text)
        .next()
        .is_some_and(|(_, code)| code.starts_with(PORTS_LINE))
}

/// How a vector file's first line starts when it names the ports its fields drive.
const PORTS_LINE: &str = "ports:";

/// The event engine's schedule: `--schedule`, or by default levelized, unit delay with
/// `--vcd-deltas` (a levelized settle has no delta cycles to show).
///
/// # Errors
/// `--vcd-deltas` with `--schedule levelized`, or `--vcd` with `--engine batch`.
fn schedule(args: &VectorsArgs) -> Result<ScheduleKind> {
    if args.vcd.is_some() && args.engine == EngineKind::Batch {
        bail!(
            "--vcd records the event engine's settles, and the batch engine has none (it \
             computes {LANES} vectors at once): leave out --engine batch"
        );
    }
    Ok(match (args.schedule, args.wave.vcd_deltas) {
        (Some(ScheduleKind::Levelized), true) => bail!(
            "--vcd-deltas needs the unit-delay schedule (a levelized settle has no delta \
             cycles): leave out --schedule levelized"
        ),
        (Some(schedule), _) => schedule,
        (None, true) => ScheduleKind::UnitDelay,
        (None, false) => ScheduleKind::Levelized,
    })
}

/// Runs `vectors` on the bit-parallel batch engine, [`LANES`] at a time.
fn batch(
    circuit: &Circuit,
    vectors: impl Iterator<Item = Vec<Trit>>,
    fields: Option<&Fields<'_>>,
    console: &mut Console<'_>,
) -> Result<()> {
    let mut engine = BatchEngine::new(circuit).map_err(|e| match e {
        BatchError::Loop { ref nodes } => {
            let labels: Vec<&str> = nodes.iter().map(|&id| circuit[id].label.as_str()).collect();
            anyhow::anyhow!("{e}: {}", labels.join(", "))
        }
        other => other.into(),
    })?;
    let mut block = Vec::with_capacity(LANES);
    let mut text = String::new();
    let mut vectors = vectors.peekable();
    while vectors.peek().is_some() {
        block.clear();
        block.extend(vectors.by_ref().take(LANES));
        text.clear();
        for out in engine.run(&block) {
            match fields {
                Some(fields) => text.push_str(&fields.format(&out)),
                None => text.extend(out.into_iter().map(bit)),
            }
            text.push('\n');
        }
        console.out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// The field layout of a circuit with buses: its inputs and outputs as signals, each with the
/// positions of its bits (bit 0 first) in the vectors' input order / [`Circuit::terminals`]
/// order, the order of output values.
struct Fields<'a> {
    inputs: Vec<(Signal<'a>, Vec<usize>)>,
    input_count: usize,
    outputs: Vec<(Signal<'a>, Vec<usize>)>,
    radix: Option<Radix>,
    /// Outputs as Verilog's `%b` prints them (`--display`).
    display: bool,
}

impl<'a> Fields<'a> {
    /// The layout of `circuit` driven through `inputs` (its inputs but a clock input), or
    /// `None` when no input or output is a bus and fields are not asked for (`display`,
    /// `named`: `--display`, a `ports:` line) — then vectors are one character per input.
    fn of(
        circuit: &'a Circuit,
        inputs: &[NodeId],
        radix: Option<Radix>,
        display: bool,
        named: bool,
    ) -> Option<Fields<'a>> {
        let layout = |ids: Vec<NodeId>| {
            let position: HashMap<NodeId, usize> =
                ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
            signals(circuit, ids.iter().copied())
                .into_iter()
                .map(|s| {
                    let at = s.bits.iter().map(|b| position[b]).collect();
                    (s, at)
                })
                .collect::<Vec<_>>()
        };
        let input_count = inputs.len();
        let (inputs, outputs) = (
            layout(inputs.to_vec()),
            layout(circuit.terminals().collect()),
        );
        let buses = inputs.iter().chain(&outputs).any(|(s, _)| s.bus.is_some());
        (buses || display || named).then_some(Fields {
            inputs,
            input_count,
            outputs,
            radix,
            display,
        })
    }

    /// Parses a vector file of fields: one line per vector, one field per input (or per input
    /// its first line `ports: …` names, in that order; the others unknown), blank lines and
    /// `#` comments skipped.
    ///
    /// # Errors
    /// An unknown or repeated name in the `ports:` line, a line with the wrong number of
    /// fields or a field that is not a value of its input, named by line and input.
    fn parse(&self, text: &str) -> Result<Vec<Vec<Trit>>> {
        let mut lines = code_lines(text).peekable();
        let order = match lines.next_if(|(_, code)| code.starts_with(PORTS_LINE)) {
            Some((line, code)) => self.named_order(line, &code[PORTS_LINE.len()..])?,
            None => (0..self.inputs.len()).collect(),
        };
        let mut vectors = Vec::new();
        for (line, code) in lines {
            let words: Vec<&str> = code.split_whitespace().collect();
            if words.len() != order.len() {
                let names: Vec<&str> = order.iter().map(|&k| self.inputs[k].0.name).collect();
                bail!(
                    "line {line}: expected {} fields (one per input: {}), found {}",
                    order.len(),
                    names.join(" "),
                    words.len()
                );
            }
            let mut vector = vec![Trit::Unknown; self.input_count];
            for (&k, word) in order.iter().zip(words) {
                let (signal, at) = &self.inputs[k];
                let values = if signal.bus.is_some() {
                    sim_core::number::parse(word, at.len())
                        .map_err(|e| anyhow::anyhow!("line {line}: `{}`: {e}", signal.name))?
                } else {
                    match word {
                        "0" => vec![Trit::False],
                        "1" => vec![Trit::True],
                        "x" | "X" => vec![Trit::Unknown],
                        _ => bail!("line {line}: `{}`: `{word}` is not 0, 1 or x", signal.name),
                    }
                };
                for (&i, v) in at.iter().zip(values) {
                    vector[i] = v;
                }
            }
            vectors.push(vector);
        }
        Ok(vectors)
    }

    /// The inputs a `ports:` line (on line `line`, `names` after the colon) names, as
    /// indexes into [`inputs`](Self::inputs), in its order.
    ///
    /// # Errors
    /// A name that is no input's, or one named twice.
    fn named_order(&self, line: usize, names: &str) -> Result<Vec<usize>> {
        let mut order: Vec<usize> = Vec::new();
        for name in names.split_whitespace() {
            let Some(k) = self.inputs.iter().position(|(s, _)| s.name == name) else {
                let all: Vec<&str> = self.inputs.iter().map(|(s, _)| s.name).collect();
                bail!(
                    "line {line}: `{name}` is not an input (inputs: {})",
                    all.join(" ")
                );
            };
            if order.contains(&k) {
                bail!("line {line}: `{name}` is named twice");
            }
            order.push(k);
        }
        Ok(order)
    }

    /// One output line: a field per output, `values` in [`Circuit::terminals`] order.
    fn format(&self, values: &[Trit]) -> String {
        self.outputs
            .iter()
            .map(|(signal, at)| match signal.bus {
                Some(_) if self.display => at.iter().rev().map(|&i| bit(values[i])).collect(),
                Some(bus) => {
                    let bits: Vec<Trit> = at.iter().map(|&i| values[i]).collect();
                    sim_core::number::format(&bits, self.radix.unwrap_or(bus.radix))
                }
                None => bit(values[at[0]]).to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A set error in words, naming the node by its label.
fn describe(circuit: &Circuit, error: &sim_core::SetError) -> String {
    match error {
        sim_core::SetError::BadValue { node, .. } => {
            format!("{} is a button: it cannot be x", circuit[*node].label)
        }
        other => other.to_string(),
    }
}

/// The vector character of a value: `0`, `1` or `x`.
fn bit(value: Trit) -> char {
    char::from(bit_byte(value))
}

/// [`bit`] as a byte, by table (output values are unpredictable: no branch).
fn bit_byte(value: Trit) -> u8 {
    b"0x1"[usize::from(value.to_i8().wrapping_add(1).cast_unsigned()) % 3]
}

/// Per byte: the digit (0, 1, 2 for −1, 0, +1) of a vector character, 3 for any other byte.
const DIGIT_OF: [u8; 256] = {
    let mut table = [3u8; 256];
    table[b'0' as usize] = 0;
    table[b'x' as usize] = 1;
    table[b'X' as usize] = 1;
    table[b'1' as usize] = 2;
    table
};

/// The trit of each digit (3: not a vector character, never kept).
const TRIT_OF: [Trit; 4] = [Trit::False, Trit::Unknown, Trit::True, Trit::Unknown];

/// The lines of a vector file that hold a vector: `(1-based line number, the text)`, with `#`
/// comments (whole-line or trailing), blank lines and surrounding whitespace left out.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(index, raw)| {
        let code = raw.split('#').next().unwrap_or_default().trim();
        (!code.is_empty()).then_some((index + 1, code))
    })
}

/// Parses a vector file: one vector of `width` characters `0`/`1`/`x` (or `X`) per line,
/// blank lines and `#` comments (whole-line or trailing) skipped, surrounding whitespace
/// ignored.
///
/// # Errors
/// A line of the wrong length or with another character, named by its 1-based number.
pub fn parse_vectors(text: &str, width: usize) -> Result<Vec<Vec<Trit>>> {
    let mut vectors = Vec::new();
    for (line, code) in code_lines(text) {
        // By table: the characters of random vectors are unpredictable.
        let mut bad = false;
        let vector: Vec<Trit> = code
            .bytes()
            .map(|b| {
                let digit = DIGIT_OF[usize::from(b)];
                bad |= digit > 2;
                TRIT_OF[usize::from(digit & 3)]
            })
            .collect();
        if bad {
            let (column, c) = code
                .chars()
                .enumerate()
                .find(|&(_, c)| !matches!(c, '0' | '1' | 'x' | 'X'))
                .unwrap_or_default();
            bail!(
                "line {line}: `{c}` (character {}) is not 0, 1 or x",
                column + 1
            );
        }
        if vector.len() != width {
            bail!(
                "line {line}: expected {width} characters (one per input), found {}",
                vector.len()
            );
        }
        vectors.push(vector);
    }
    Ok(vectors)
}

/// `count` random vectors of `width` inputs from seed `seed`, each input `x` with probability
/// `x_prob` (the draw order is in the module documentation).
pub fn random_vectors(
    width: usize,
    count: u64,
    seed: u64,
    x_prob: f64,
) -> impl Iterator<Item = Vec<Trit>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count).map(move |_| {
        (0..width)
            .map(|_| {
                let v = rng.next_u64();
                if ((v >> 11) as f64) * (1.0 / (1_u64 << 53) as f64) < x_prob {
                    Trit::Unknown
                } else if v & 1 == 1 {
                    Trit::True
                } else {
                    Trit::False
                }
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_files_skip_comments_and_name_bad_lines() {
        let v = parse_vectors("# header\n\n01x # one\n  1X0\n", 3).expect("valid");
        assert_eq!(v.len(), 2);
        assert_eq!(v[1], [Trit::True, Trit::Unknown, Trit::False]);
        let err = parse_vectors("010\n01\n", 3)
            .expect_err("short")
            .to_string();
        assert_eq!(
            err,
            "line 2: expected 3 characters (one per input), found 2"
        );
        let err = parse_vectors("010\n\n012\n", 3)
            .expect_err("bad")
            .to_string();
        assert_eq!(err, "line 3: `2` (character 3) is not 0, 1 or x");
    }

    #[test]
    fn random_vectors_are_reproducible_and_honour_the_x_probability() {
        let a: Vec<_> = random_vectors(10, 100, 7, 0.1).collect();
        let b: Vec<_> = random_vectors(10, 100, 7, 0.1).collect();
        assert_eq!(a, b);
        let xs = a.iter().flatten().filter(|&&t| t == Trit::Unknown).count();
        assert!((50..=150).contains(&xs), "{xs} x in 1000 draws");
        assert!(
            random_vectors(10, 10, 7, 0.0)
                .flatten()
                .all(|t| t != Trit::Unknown)
        );
    }
}
