//! Any text: the `.bench` parser returns a circuit or an error, never panics; a parsed circuit
//! simulates to quiescence (oscillations are resolved); under the levelized schedule, the dense
//! sweep and selective trace settle it alike (values and reports); and writing it back reads
//! back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sim_core::{Circuit, Engine, Netlist, Schedule, Sweep, Trit, bench};

/// Drives every input to `value`, settles, ticks and settles; the reports and the values.
fn run(engine: &mut Engine, circuit: &Circuit, value: Trit) -> (Vec<String>, Vec<Trit>) {
    let inputs = engine.port(circuit.inputs()).expect("the circuit's inputs");
    let mut reports = vec![format!("{:?}", engine.settle())];
    engine
        .set_port(&inputs, &vec![value; inputs.len()])
        .expect("switches");
    reports.push(format!("{:?}", engine.settle()));
    engine.tick();
    reports.push(format!("{:?}", engine.settle()));
    let values = circuit.nodes().map(|(id, _)| engine.value(id)).collect();
    (reports, values)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(circuit) = bench::from_str(text) else { return };
    let mut engine = Engine::from_circuit(&circuit);
    run(&mut engine, &circuit, Trit::True);
    let sweeps = [Sweep::SelectiveTrace, Sweep::Dense].map(|sweep| {
        let mut engine = Engine::with_schedule(Netlist::compile(&circuit), Schedule::Levelized);
        engine.set_sweep(sweep);
        let first = run(&mut engine, &circuit, Trit::True);
        (first, run(&mut engine, &circuit, Trit::Unknown))
    });
    assert_eq!(sweeps[0], sweeps[1], "the sweeps disagree");
    if let Ok(written) = bench::to_string(&circuit) {
        let again = bench::from_str(&written).expect("what we write, we read");
        assert_eq!(again.to_desc(), circuit.to_desc());
    }
});
