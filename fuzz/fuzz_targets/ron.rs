//! Any text: the RON loader returns a document or an error, never panics; a loaded document
//! saves and loads back equal, and its embedded tests run.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sim_core::format;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(doc) = format::from_str(text) else { return };
    let written = format::to_string(&doc).expect("a loaded document can be written");
    let again = format::from_str(&written).expect("what we write, we read");
    assert_eq!(again.circuit.to_desc(), doc.circuit.to_desc());
    assert_eq!(again.tests, doc.tests);
    for test in &doc.tests {
        test.run(&doc.circuit).expect("validated on load");
    }
});
