//! Any text as a figure file: no panic; a parsed figure written back reads back equal (see
//! `checks.rs`).
#![no_main]

#[path = "../checks/loader.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    checks::figure(data);
});
