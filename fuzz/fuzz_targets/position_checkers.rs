//! A rule-set byte and any text as a checkers position (`Game::new_game_at`): no panic; a
//! position read, written back, reads back to the same position, actions and outcome (see
//! `checks.rs`).
#![no_main]

#[path = "../checks/position.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    checks::position(&game_checkers::Checkers, data);
});
