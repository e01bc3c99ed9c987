//! The sliding position inputs of `fuzz/regressions/position_sliding/`, replayed through the
//! fuzz target's own check (`fuzz/checks/position.rs`: `game_sliding::parse_position` never panics, and a
//! position read reads back the same once written). One binary per game: every plugin crate
//! exports the same C entry symbol, so two cannot link into one test.

#[path = "../fuzz/checks/position.rs"]
mod checks;
#[path = "../fuzz/checks/replay.rs"]
mod replay;

#[test]
fn position_sliding_regressions() {
    let cases = replay::inputs("position_sliding");
    assert_eq!(
        replay::accepted(&cases, checks::sliding_position),
        ["eight.txt", "fifteen.txt"]
    );
    assert_eq!(
        cases.len(),
        ["eight.txt", "fifteen.txt"].len() + 1,
        "update the count when adding regressions"
    );
}
