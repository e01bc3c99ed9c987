//! A rule-set byte and any text as a sliding-puzzle position (`parse_position`): no panic; a
//! board read, written back, reads back to the same board and text (see `checks.rs`).
#![no_main]

#[path = "../checks/position.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    checks::sliding_position(data);
});
