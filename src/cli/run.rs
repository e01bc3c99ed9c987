//! `tritium run`: a clocked circuit run headless, as fast as the engine goes — the CPU of
//! `circuits/cpu/` to its `HLT`, say.
//!
//! Loads the circuit, settles from power-on, applies each `--set` batch (settled) and holds it
//! for one clock cycle (the ticks count towards the total: `--set RESET=1 --set RESET=-1`
//! resets a synchronous design and lets it run), then ticks the clocks until `--ticks N` in
//! all (at least the batches' ticks, else bad input), settling after each tick, and stops
//! early once
//! `--until LABEL[=VALUE]` holds (a node or a bus; the value +1 by default). Prints the
//! terminals once at the end, as `sim` prints a line, then the text of every TTY, a line
//! each (`TTY: "HI!\n"`, escaped as a Rust string), and on standard error the ticks run,
//! the simulated clock cycles (a cycle is two ticks of the fastest clock, `half_period`
//! ticks high and as many low) and the rate: `HALTED=+1 after 474 ticks (237 cycles) in
//! 1.52 ms: 156,000 cycles/s (cycle-based)`.
//!
//! Runs cycle-based ([`Engine::run_clocked`](sim_core::Engine::run_clocked), see
//! [`sim_core::cycle`]): every gate evaluated once per clock edge, with the values the
//! levelized schedule gives after every tick — those unit delay gives after every clock edge
//! of a synchronous design (its flip-flops and RAM writes sample before any of them changes;
//! tested on the CPU against the emulator cycle by cycle). `--event-driven` ticks and settles
//! the levelized schedule instead (the same values; for comparison), `--unit-delay` the
//! unit-delay one; a circuit that is not synchronous (a flip-flop clocked by logic) runs
//! event-driven and says why, one with a combinational loop keeps unit delay. The rate line
//! ends with how the ticks ran: `(cycle-based)`, `(levelized, event-driven)`, `(unit delay)`.
//! A circuit with a TTY runs event-driven too, its TTYs fed after every tick's settle (a TTY
//! writes on a clock edge between two settles; see [`sim_core::tty`]):
//! `(levelized, event-driven: a TTY reads every tick)`.
//!
//! `--clock NAME` makes an input the clock (half period 1), for a design clocked by an input
//! port rather than a clock node (an imported Verilog design: `--clock clk`).
//!
//! If `--until` never holds, the run ends at the `--ticks` limit and says so (exit status 1).

use std::time::Instant;

use anyhow::{Context as _, Result, bail};
use sim_core::cycle::NotCycleBased;
use sim_core::signal::Condition;
use sim_core::tty::TtyLogs;
use sim_core::{Circuit, Engine, NodeId, NodeKind, Schedule, Trit};

use super::args::RunArgs;
use super::batch_run::{BatchRun, format_values};
use super::console::{Console, Status};
use super::load::{Loaded, load};
use super::vectors::clock_input;

/// Runs `tritium run`.
///
/// # Errors
/// Bad input: the file cannot be loaded, a batch or `--until` names an unknown node, the
/// circuit has no clock, or `--ticks` is fewer than the ticks the `--set` batches hold.
pub fn run(args: &RunArgs, console: &mut Console<'_>) -> Result<Status> {
    let loaded = load_clocked(args)?;
    let schedule = if args.unit_delay {
        Schedule::UnitDelay
    } else {
        Schedule::Levelized
    };
    let mut run = BatchRun::with_schedule(&loaded, &args.sets, schedule)?.with_radix(args.radix);
    let circuit = run.circuit;
    let cycle = run
        .engine
        .cycle_ticks()
        .with_context(|| format!("{}: the circuit has no clock to tick", loaded.name))?;
    let held = cycle * run.batches.len() as u64;
    if args.ticks < held {
        bail!(
            "--ticks {}: fewer than the {held} ticks the {} --set batches hold (one clock cycle \
             of {cycle} ticks each); --ticks counts them",
            args.ticks,
            run.batches.len()
        );
    }
    let until = args
        .until
        .as_deref()
        .map(|text| condition(&run, text))
        .transpose()
        .with_context(|| loaded.name.clone())?
        .unwrap_or_default();
    let mut ttys = TtyLogs::new(circuit);
    run.power_on(&mut ());
    ttys.observe(&run.engine);
    let start = Instant::now();
    let mut ticks = 0u64;
    let mut reached = false;
    for index in 0..run.batches.len() {
        run.apply(index, &mut ())?;
        ttys.observe(&run.engine);
        ticks += tick_reading(&mut run.engine, cycle, &[], &mut ttys).0;
    }
    reached |= run.engine.holds(&until);
    let left = args.ticks.saturating_sub(ticks);
    let how = if args.unit_delay || args.event_driven || reached || !ttys.is_empty() {
        if !reached {
            let (ran, held) = tick_reading(&mut run.engine, left, &until, &mut ttys);
            ticks += ran;
            reached = held;
        }
        let why = if ttys.is_empty() || args.unit_delay || args.event_driven {
            ""
        } else {
            ": a TTY reads every tick"
        };
        match run.engine.schedule() {
            Schedule::UnitDelay => format!("unit delay{why}"),
            Schedule::Levelized => format!("levelized, event-driven{why}"),
        }
    } else {
        let clocked = run.engine.run_clocked(left, &until);
        ticks += clocked.ticks;
        reached = clocked.held;
        match (clocked.cycle_based, run.engine.schedule()) {
            (Ok(()), _) => "cycle-based".to_owned(),
            (Err(why), Schedule::UnitDelay) => format!("unit delay: {}", why_not(&why, circuit)),
            (Err(why), Schedule::Levelized) => {
                format!("levelized, event-driven: {}", why_not(&why, circuit))
            }
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(console.out, "{}", format_values(&run.terminal_values()))?;
    for (name, text) in ttys.texts() {
        writeln!(console.out, "{name}: {text:?}")?;
    }
    let cycles = ticks / cycle;
    let rate = if seconds > 0.0 {
        format!("{:.0} cycles/s", cycles as f64 / seconds)
    } else {
        "too fast to time".to_owned()
    };
    let summary = format!(
        "{ticks} ticks ({cycles} cycles) in {:.2} ms: {rate} ({how})",
        seconds * 1e3
    );
    match (&args.until, reached) {
        (Some(text), true) => {
            writeln!(console.err, "{text} after {summary}")?;
            Ok(Status::Success)
        }
        (Some(text), false) => {
            console.warn(format_args!(
                "stopped at the --ticks limit of {} ticks: {text} never held ({summary})",
                args.ticks
            ))?;
            Ok(Status::Failed)
        }
        (None, _) => {
            writeln!(console.err, "{summary}")?;
            Ok(Status::Success)
        }
    }
}

/// The circuit `args` names, loaded, with `--clock`'s input made a clock.
fn load_clocked(args: &RunArgs) -> Result<Loaded> {
    let mut loaded = load(&args.file, &args.load)?;
    if let Some(name) = &args.clock {
        make_clock(&mut loaded.doc.circuit, name)?;
    }
    Ok(loaded)
}

/// `--clock NAME`: the input labelled `name` made a clock of half period 1 (a clock cycle of
/// two ticks), for a design clocked by an input port (an imported Verilog design).
///
/// # Errors
/// No input is labelled `name`.
fn make_clock(circuit: &mut Circuit, name: &str) -> Result<()> {
    let id = clock_input(circuit, name)?;
    circuit.set_kind(id, NodeKind::Clock { half_period: 1 })?;
    Ok(())
}

/// Ticks `engine` up to `ticks` times as [`Engine::tick_until`] does (stopping once `until`
/// holds), feeding `ttys` after every tick's settle; the ticks run and whether `until` held.
fn tick_reading(
    engine: &mut Engine,
    ticks: u64,
    until: &[(NodeId, Trit)],
    ttys: &mut TtyLogs,
) -> (u64, bool) {
    if ttys.is_empty() {
        return engine.tick_until(ticks, until);
    }
    let mut ran = 0;
    let mut held = false;
    while ran < ticks && !held {
        let (one, now) = engine.tick_until(1, until);
        ttys.observe(engine);
        ran += one;
        held = now;
    }
    (ran, held)
}

/// Why the run was not cycle-based, naming nodes by their labels.
fn why_not(why: &NotCycleBased, circuit: &Circuit) -> String {
    let label = |id: NodeId| {
        circuit
            .node(id)
            .map_or_else(|| id.to_string(), |n| n.label.clone())
    };
    match why {
        NotCycleBased::DerivedClock { node, driver } => format!(
            "not cycle-based, the clock of {} is driven by {}, which is not a source",
            label(*node),
            label(*driver)
        ),
        NotCycleBased::DerivedSetReset { node, pin, driver } => format!(
            "not cycle-based, the {pin} of {} is driven by {}, which is not a switch, button \
             or constant",
            label(*node),
            label(*driver)
        ),
        other => format!("not cycle-based, {other}"),
    }
}

/// `LABEL[=VALUE]` as the bits of a node or bus, each with the value it must have (+1 for a
/// node without `=VALUE`).
fn condition(run: &BatchRun<'_>, text: &str) -> Result<Vec<(NodeId, Trit)>> {
    Condition::parse(run.circuit, text)
        .map(|condition| condition.bits)
        .map_err(|e| anyhow::anyhow!("--until {}: {e}", sim_core::number::excerpt(text)))
}
