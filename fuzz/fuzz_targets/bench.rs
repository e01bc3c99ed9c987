//! Any text: the `.bench` parser returns a circuit or an error, never panics; a parsed circuit
//! simulates to quiescence (oscillations are resolved), and writing it back reads back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sim_core::{Engine, bench};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(circuit) = bench::from_str(text) else { return };
    let mut engine = Engine::from_circuit(&circuit);
    engine.settle();
    let inputs: Vec<_> = circuit.inputs().collect();
    engine.set(inputs.iter().map(|&id| (id, sim_core::Trit::True))).expect("switches");
    engine.settle();
    engine.tick();
    engine.settle();
    if let Ok(written) = bench::to_string(&circuit) {
        let again = bench::from_str(&written).expect("what we write, we read");
        assert_eq!(again.to_desc(), circuit.to_desc());
    }
});
