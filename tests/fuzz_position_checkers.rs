//! The checkers position inputs of `fuzz/regressions/position_checkers/`, replayed through the
//! fuzz target's own check (`fuzz/checks/position.rs`: `Game::new_game_at` never panics, and a
//! position read reads back the same once written). One binary per game: every plugin crate
//! exports the same C entry symbol, so two cannot link into one test.

#[path = "../fuzz/checks/position.rs"]
mod checks;
#[path = "../fuzz/checks/replay.rs"]
mod replay;

#[test]
fn position_checkers_regressions() {
    let cases = replay::inputs("position_checkers");
    assert_eq!(
        replay::accepted(&cases, |data| checks::position(
            &game_checkers::Checkers,
            data
        )),
        ["jump.txt", "kings.txt"]
    );
    assert_eq!(
        cases.len(),
        ["jump.txt", "kings.txt"].len() + 1,
        "update the count when adding regressions"
    );
}
