//! The checks of the games' position fuzz targets (`position_*`), shared with the test suite:
//! the targets and `tests/fuzz_position_*.rs` include this file, so a regression replays
//! exactly the code its target runs. Each check answers whether the input was accepted (and
//! so its round trip checked); it panics only when a property fails. (One test binary per
//! game: every plugin crate exports the same C entry symbol, so two cannot link together.)
// Each fuzz target uses one check.
#![allow(dead_code)]

use tritium_plugin_api::Game;

/// A game's position text: the first byte picks the rule set (none, or one of the game's)
/// and the seed, the rest is the text. [`Game::new_game_at`] never panics; a position it
/// reads, written back by [`Game::position`], reads again to the same position, legal
/// actions and outcome.
///
/// # Panics
/// When a property fails.
pub fn position<G: Game>(game: &G, data: &[u8]) -> bool {
    let Some((&first, rest)) = data.split_first() else {
        return false;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return false;
    };
    let rule_sets = game.info().rules;
    let pick = usize::from(first) % (rule_sets.len() + 1);
    let rules = pick.checked_sub(1).map(|i| rule_sets[i].as_str());
    let seed = u64::from(first);
    let Ok(state) = game.new_game_at(rules, text, seed) else {
        return false;
    };
    let written = game.position(&state);
    let again = game
        .new_game_at(rules, &written, seed)
        .unwrap_or_else(|e| panic!("{text:?} was read but {written:?} is not: {e}"));
    assert_eq!(game.position(&again), written, "{text:?}");
    let ids = |state: &G::State| -> Vec<String> {
        game.actions(state).into_iter().map(|a| a.id).collect()
    };
    assert_eq!(ids(&again), ids(&state), "{text:?}");
    assert_eq!(game.outcome(&again), game.outcome(&state), "{text:?}");
    true
}

/// The sliding puzzle's position text, parsed directly ([`game_sliding::parse_position`]:
/// [`Game::new_game_at`] also solves the position, too slow to fuzz): the first byte picks
/// the rule set as in [`position`]; a board read, written by
/// [`game_sliding::position_text`], reads back to the same board and text.
///
/// # Panics
/// When a property fails.
pub fn sliding_position(data: &[u8]) -> bool {
    let Some((&first, rest)) = data.split_first() else {
        return false;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return false;
    };
    let rule_sets = game_sliding::Sliding.info().rules;
    let pick = usize::from(first) % (rule_sets.len() + 1);
    let rules = pick.checked_sub(1).map(|i| rule_sets[i].as_str());
    let Ok(board) = game_sliding::parse_position(rules, text) else {
        return false;
    };
    let written = game_sliding::position_text(&board);
    let again = game_sliding::parse_position(rules, &written)
        .unwrap_or_else(|e| panic!("{text:?} was read but {written:?} is not: {e}"));
    assert_eq!(again, board, "{text:?}");
    assert_eq!(game_sliding::position_text(&again), written, "{text:?}");
    true
}
