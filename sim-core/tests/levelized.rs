//! The levelized schedule ([`Schedule::Levelized`]) against the default unit-delay schedule:
//! the same settled values on random DAGs and on sequential netlists (one clock edge per
//! settle), event records that `step` and `settle` agree on, switching schedules with events
//! pending, the fallback to unit delay on a combinational loop, and the [`Sweep`]s of settles
//! without records giving the same reports and values; flip-flops with enable included.

mod common;

use common::{Form, dag, registers, trit};
use proptest::prelude::*;
use sim_core::{
    Circuit, Engine, Event, Netlist, NodeId, Schedule, SettleReport, Sweep, Trit, bench,
};

/// A random DAG (seeded) and a few ternary vectors for its switches.
fn dag_and_vectors() -> impl Strategy<Value = (Circuit, Vec<Vec<Trit>>)> {
    dag(6, 80).prop_flat_map(|c| {
        let vectors =
            prop::collection::vec(prop::collection::vec(trit(), c.inputs().count()), 1..6);
        (Just(c), vectors)
    })
}

fn engine(c: &Circuit, schedule: Schedule) -> Engine {
    let engine = Engine::with_schedule(Netlist::compile(c), schedule);
    assert_eq!(engine.schedule(), schedule);
    engine
}

/// One levelized engine per [`Sweep`].
fn engines_per_sweep(c: &Circuit) -> [Engine; 3] {
    [Sweep::Auto, Sweep::SelectiveTrace, Sweep::Dense].map(|sweep| {
        let mut engine = engine(c, Schedule::Levelized);
        engine.set_sweep(sweep);
        assert_eq!(engine.sweep(), sweep);
        engine
    })
}

/// Settles every engine; fails unless their reports and values agree.
fn settle_all(c: &Circuit, engines: &mut [Engine]) -> Result<(), TestCaseError> {
    let reports: Vec<SettleReport> = engines.iter_mut().map(Engine::settle).collect();
    for (engine, report) in engines.iter().zip(&reports).skip(1) {
        prop_assert_eq!(report, &reports[0]);
        prop_assert_eq!(values(c, engine), values(c, &engines[0]));
    }
    Ok(())
}

/// One levelized engine per [`Sweep`], one levelized engine settled with records and one
/// under unit delay, all on the same circuit.
struct AllSchedules {
    sweeps: [Engine; 3],
    recorded: Engine,
    unit: Engine,
    records: Vec<Event>,
}

impl AllSchedules {
    /// The engines of `c`, settled from power-on (the sweeps compared with each other).
    fn settled(c: &Circuit) -> Result<AllSchedules, TestCaseError> {
        let mut all = AllSchedules {
            sweeps: engines_per_sweep(c),
            recorded: engine(c, Schedule::Levelized),
            unit: engine(c, Schedule::UnitDelay),
            records: Vec::new(),
        };
        settle_all(c, &mut all.sweeps)?;
        all.recorded.settle_with(&mut all.records);
        all.unit.settle();
        Ok(all)
    }

    /// Every engine, to drive them alike.
    /// Sets the switches `I0` … `I{inputs − 1}` and the clock `CLK` of a register file `c`
    /// ([`common::Registers`]) to each step's vector and clock value together, every engine
    /// alike, settling after each step.
    fn step_register_file(
        &mut self,
        c: &Circuit,
        inputs: usize,
        steps: &[(Vec<Trit>, Trit)],
    ) -> Result<(), TestCaseError> {
        let clk = c.find("CLK").expect("clock");
        let inputs: Vec<NodeId> = (0..inputs)
            .map(|k| c.find(&format!("I{k}")).expect("switch"))
            .collect();
        for (vector, clock) in steps {
            let batch: Vec<(NodeId, Trit)> = inputs
                .iter()
                .copied()
                .zip(vector.iter().copied())
                .chain([(clk, *clock)])
                .collect();
            for engine in self.engines() {
                engine.set(batch.iter().copied()).expect("switches");
            }
            self.settle(c)?;
        }
        Ok(())
    }

    fn engines(&mut self) -> impl Iterator<Item = &mut Engine> {
        self.sweeps
            .iter_mut()
            .chain([&mut self.recorded, &mut self.unit])
    }

    /// Settles every engine; fails unless every sweep reports what the recorded settle does
    /// (whose records count its events) and every engine has unit delay's values.
    fn settle(&mut self, c: &Circuit) -> Result<(), TestCaseError> {
        let reports: Vec<SettleReport> = self.sweeps.iter_mut().map(Engine::settle).collect();
        self.records.clear();
        let report = self.recorded.settle_with(&mut self.records);
        self.unit.settle();
        prop_assert_eq!(self.records.len() as u64, report.events);
        for other in &reports {
            prop_assert_eq!(other, &report);
        }
        prop_assert_eq!(values(c, &self.recorded), values(c, &self.sweeps[0]));
        prop_assert_eq!(values(c, &self.unit), values(c, &self.sweeps[0]));
        Ok(())
    }
}

fn values(c: &Circuit, engine: &Engine) -> Vec<Trit> {
    c.nodes().map(|(id, _)| engine.value(id)).collect()
}

fn apply(engine: &mut Engine, inputs: &[NodeId], vector: &[Trit]) {
    engine
        .set(inputs.iter().copied().zip(vector.iter().copied()))
        .expect("switches");
}

/// Loads `tests/circuits/bench/NAME.bench` of the workspace.
fn sequential(name: &str) -> Circuit {
    let path = format!(
        "{}/../tests/circuits/bench/{name}.bench",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    bench::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn levelized_settles_to_the_unit_delay_values((c, vectors) in dag_and_vectors()) {
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut unit = engine(&c, Schedule::UnitDelay);
        let mut lev = engine(&c, Schedule::Levelized);
        let (mut unit_events, mut lev_events) = (Vec::<Event>::new(), Vec::<Event>::new());
        unit.settle();
        lev.settle();
        prop_assert_eq!(values(&c, &unit), values(&c, &lev));
        for vector in &vectors {
            apply(&mut unit, &inputs, vector);
            apply(&mut lev, &inputs, vector);
            unit.settle_with(&mut unit_events);
            let report = lev.settle_with(&mut lev_events);
            prop_assert!(report.oscillation.is_none());
            prop_assert_eq!(values(&c, &unit), values(&c, &lev));
            // Selective trace: each node at most once per settle, in level order.
            let this: &[Event] = &lev_events[lev_events.len() - report.events as usize..];
            let mut nodes: Vec<NodeId> = this.iter().map(|e| e.node).collect();
            nodes.sort_unstable();
            nodes.dedup();
            prop_assert_eq!(nodes.len(), this.len());
            prop_assert!(this.windows(2).all(|w| w[0].delta <= w[1].delta));
            prop_assert!(this.windows(2).all(|w| w[0].seq + 1 == w[1].seq));
        }
        prop_assert!(lev_events.len() <= unit_events.len());
    }

    /// Settles without records fold inverters and buffers into their consumers: the same
    /// values, event counts and levels as with records, also after a few events stepped.
    #[test]
    fn settles_without_records_report_what_recorded_settles_do(
        (c, vectors) in dag_and_vectors(),
        steps in 0usize..4,
    ) {
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut quiet = engine(&c, Schedule::Levelized);
        let mut recorded = engine(&c, Schedule::Levelized);
        let mut unit = engine(&c, Schedule::UnitDelay);
        let mut records = Vec::<Event>::new();
        prop_assert_eq!(quiet.settle(), recorded.settle_with(&mut records));
        unit.settle();
        prop_assert_eq!(values(&c, &quiet), values(&c, &recorded));
        for vector in &vectors {
            apply(&mut quiet, &inputs, vector);
            apply(&mut recorded, &inputs, vector);
            apply(&mut unit, &inputs, vector);
            prop_assert_eq!(quiet.settle(), recorded.settle_with(&mut records));
            unit.settle();
            prop_assert_eq!(values(&c, &quiet), values(&c, &recorded));
            prop_assert_eq!(values(&c, &quiet), values(&c, &unit));
        }
        // Stepped, then settled without records.
        for vector in vectors.iter().rev() {
            apply(&mut quiet, &inputs, vector);
            apply(&mut unit, &inputs, vector);
            for _ in 0..steps {
                quiet.step();
            }
            quiet.settle();
            unit.settle();
            prop_assert_eq!(values(&c, &quiet), values(&c, &unit));
        }
    }

    #[test]
    fn stepping_the_levelized_schedule_gives_the_settle_records((c, vectors) in dag_and_vectors()) {
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut settled = engine(&c, Schedule::Levelized);
        let mut stepped = engine(&c, Schedule::Levelized);
        for vector in &vectors {
            apply(&mut settled, &inputs, vector);
            apply(&mut stepped, &inputs, vector);
            let pending: Vec<NodeId> = stepped.pending().map(|p| p.node).collect();
            let mut by_settle = Vec::<Event>::new();
            settled.settle_with(&mut by_settle);
            let mut by_step = Vec::new();
            while let Some(event) = stepped.step() {
                // Every event's fanout is what it scheduled: pending from then on.
                if event.changed() {
                    let now: Vec<NodeId> = stepped.pending().map(|p| p.node).collect();
                    prop_assert!(event.fanout.iter().all(|n| now.contains(n)));
                }
                by_step.push(event);
            }
            prop_assert!(pending.iter().all(|n| by_step.iter().any(|e| e.node == *n)));
            prop_assert_eq!(&by_step, &by_settle);
            prop_assert!(stepped.is_settled());
            prop_assert_eq!(values(&c, &stepped), values(&c, &settled));
        }
    }

    #[test]
    fn switching_schedules_with_events_pending_loses_none(
        (c, vectors) in dag_and_vectors(),
        steps in 0usize..40,
    ) {
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut reference = engine(&c, Schedule::UnitDelay);
        let mut switched = engine(&c, Schedule::UnitDelay);
        for (k, vector) in vectors.iter().enumerate() {
            apply(&mut reference, &inputs, vector);
            apply(&mut switched, &inputs, vector);
            reference.settle();
            for _ in 0..steps {
                switched.step();
            }
            let to = if k % 2 == 0 { Schedule::Levelized } else { Schedule::UnitDelay };
            prop_assert_eq!(switched.set_schedule(to), to);
            switched.settle();
            prop_assert_eq!(values(&c, &reference), values(&c, &switched));
        }
    }

    /// Selective trace and the dense sweep (and the automatic choice between them) report the
    /// same events and levels and settle to the same values, also after a few events were
    /// stepped (which leaves gates pending, where the dense sweep gives way).
    #[test]
    fn every_sweep_gives_the_same_settles(
        (c, vectors) in dag_and_vectors(),
        steps in 0usize..4,
    ) {
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut engines = engines_per_sweep(&c);
        settle_all(&c, &mut engines)?;
        for (k, vector) in vectors.iter().chain(vectors.iter().rev()).enumerate() {
            for engine in &mut engines {
                apply(engine, &inputs, vector);
                if k >= vectors.len() {
                    for _ in 0..steps {
                        engine.step();
                    }
                }
            }
            settle_all(&c, &mut engines)?;
        }
        // A dense sweep leaves gate outputs in its own state: every way of reading them agrees.
        for (id, _) in c.nodes() {
            for engine in &engines[1..] {
                prop_assert_eq!(engine.input_values(id), engines[0].input_values(id));
            }
        }
        let [auto, trace, dense] = &mut engines;
        dense.rebuild(Netlist::compile(&c));
        trace.rebuild(Netlist::compile(&c));
        prop_assert_eq!(dense.settle(), trace.settle());
        prop_assert_eq!(values(&c, dense), values(&c, trace));
        prop_assert_eq!(auto.set_schedule(Schedule::UnitDelay), Schedule::UnitDelay);
        prop_assert_eq!(values(&c, auto), values(&c, trace));
    }

    #[test]
    fn every_sweep_clocks_sequential_netlists_alike(
        name in prop_oneof![Just("s27"), Just("counter4"), Just("shift4")],
        vectors in prop::collection::vec(prop::collection::vec(trit(), 8), 1..12),
    ) {
        let c = sequential(name);
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut engines = engines_per_sweep(&c);
        settle_all(&c, &mut engines)?;
        for vector in &vectors {
            for engine in &mut engines {
                apply(engine, &inputs, &vector[..inputs.len()]);
            }
            settle_all(&c, &mut engines)?;
            for _ in 0..2 {
                for engine in &mut engines {
                    engine.tick();
                }
                settle_all(&c, &mut engines)?;
            }
        }
    }

    /// Inputs that change in the same settle as a clock edge: a flip-flop whose D is driven
    /// in its clock driver's key (an input beside the clock) must sample whatever D was when
    /// the clock changed, while one whose D is final then and equal to Q is skipped (see the
    /// levelized module's "Clocks"). Every sweep, with and without records, gives unit
    /// delay's values and the same reports.
    #[test]
    fn inputs_changing_with_the_clock_are_sampled_alike(
        name in prop_oneof![Just("s27"), Just("counter4"), Just("shift4")],
        vectors in prop::collection::vec(prop::collection::vec(trit(), 8), 1..16),
    ) {
        let c = sequential(name);
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut all = AllSchedules::settled(&c)?;
        for vector in &vectors {
            let vector = &vector[..inputs.len()];
            for engine in all.engines() {
                apply(engine, &inputs, vector);
                engine.tick();
            }
            all.settle(&c)?;
        }
    }

    /// Register files of flip-flops with enable whose D and EN change in the same settle as
    /// their clock — switches beside the clock, gates reading them, the clock itself, their
    /// own outputs — and whose EN may be unconnected: an EN driven in the clock driver's key
    /// must be sampled as it is when the clock changes, and a sample whose EN is final then
    /// and −1 is skipped (see the levelized module's "Clocks"). Every sweep, with and without
    /// records, gives unit delay's values and the same reports.
    #[test]
    fn flip_flops_with_enable_changing_with_the_clock_are_sampled_alike(
        r in registers(true),
        steps in prop::collection::vec((prop::collection::vec(trit(), 4), trit()), 1..16),
    ) {
        let c = r.build(Form::Dffe);
        let mut all = AllSchedules::settled(&c)?;
        all.step_register_file(&c, r.inputs, &steps)?;
    }

    /// Register files of flip-flops with set and reset on switches, changed with D, EN and
    /// the clock or on their own (about one step in three holds the clock): SET and RESET
    /// act at once, on the levelized schedule by scheduling the sample, so every sweep, with
    /// and without records, gives unit delay's values and the same reports. Unknown values
    /// on every pin, SET and RESET included, are drawn as often as known ones.
    #[test]
    fn flip_flops_with_set_and_reset_agree_on_every_schedule(
        r in registers(true),
        steps in prop::collection::vec((prop::collection::vec(trit(), 4), trit()), 1..16),
    ) {
        let c = r.build(Form::Dffsr);
        let mut all = AllSchedules::settled(&c)?;
        prop_assert!(all.sweeps.iter().all(|e| e.schedule() == Schedule::Levelized));
        all.step_register_file(&c, r.inputs, &steps)?;
    }

    #[test]
    fn sequential_netlists_clocked_in_their_own_settles_agree(
        name in prop_oneof![Just("s27"), Just("counter4"), Just("shift4")],
        vectors in prop::collection::vec(prop::collection::vec(trit(), 8), 1..12),
    ) {
        let c = sequential(name);
        let inputs: Vec<NodeId> = c.inputs().collect();
        let mut unit = engine(&c, Schedule::UnitDelay);
        let mut lev = engine(&c, Schedule::Levelized);
        for engine in [&mut unit, &mut lev] {
            engine.settle();
        }
        for vector in &vectors {
            for engine in [&mut unit, &mut lev] {
                apply(engine, &inputs, &vector[..inputs.len()]);
                engine.settle();
                for _ in 0..2 {
                    engine.tick();
                    engine.settle();
                }
            }
            prop_assert_eq!(values(&c, &unit), values(&c, &lev));
        }
    }
}

#[test]
fn a_combinational_loop_keeps_the_unit_delay_schedule() {
    let c = bench::from_str("INPUT(a)\nOUTPUT(y)\nx = NAND(a, y)\ny = NOT(x)\n").expect("valid");
    let mut engine = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
    assert_eq!(engine.schedule(), Schedule::UnitDelay);
    assert_eq!(
        engine.set_schedule(Schedule::Levelized),
        Schedule::UnitDelay
    );
    // Through a flip-flop's D pin a loop is fine.
    let c = bench::from_str("INPUT(a)\nOUTPUT(q)\nq = DFF(d)\nd = XOR(a, q)\n").expect("valid");
    let engine = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
    assert_eq!(engine.schedule(), Schedule::Levelized);
}

#[test]
fn rebuild_keeps_the_levelized_schedule() {
    let c = bench::from_str("INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n").expect("valid");
    let mut engine = Engine::with_schedule(Netlist::compile(&c), Schedule::Levelized);
    let inputs: Vec<NodeId> = c.inputs().collect();
    apply(&mut engine, &inputs, &[Trit::True, Trit::True]);
    engine.settle();
    engine.rebuild(Netlist::compile(&c));
    assert_eq!(engine.schedule(), Schedule::Levelized);
    engine.settle();
    let y = c.terminals().next().expect("an output");
    assert_eq!(engine.value(y), Trit::True);
}
