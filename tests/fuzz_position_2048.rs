//! The 2048 position inputs of `fuzz/regressions/position_2048/`, replayed through the
//! fuzz target's own check (`fuzz/checks/position.rs`: `Game::new_game_at` never panics, and a
//! position read reads back the same once written). One binary per game: every plugin crate
//! exports the same C entry symbol, so two cannot link into one test.

#[path = "../fuzz/checks/position.rs"]
mod checks;
#[path = "../fuzz/checks/replay.rs"]
mod replay;

#[test]
fn position_2048_regressions() {
    let cases = replay::inputs("position_2048");
    assert_eq!(
        replay::accepted(&cases, |data| checks::position(&game_2048::Game2048, data)),
        ["seed-rules.txt", "standard.txt"]
    );
    assert_eq!(
        cases.len(),
        ["seed-rules.txt", "standard.txt"].len() + 1,
        "update the count when adding regressions"
    );
}
