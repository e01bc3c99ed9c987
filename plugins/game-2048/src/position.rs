//! 2048's position text: the grid of tile values (rows by `/`, `0` for an empty cell), then
//! `score=S moves=M`, and under `seed` rules also `rules=seed` and `last_change=L` (the move
//! that last changed the board, which decides when a seed-rule game ends).
//!
//! `2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2 score=4 moves=1` is a standard game after one move. On
//! reading, `score` and `moves` default to 0 and `last_change` to `moves`; the generator of
//! later tiles starts from the seed given with the position.

use game_kit::position::{GridText, bad, format_grid};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::board::{self, Board};
use crate::state::{Rules, SEED_MAX_MOVES, State};
use tritium_plugin_api::PluginError;

/// The position text of `state` (see the [module documentation](self)).
pub fn format(state: &State) -> String {
    let tiles = board::to_exponents(state.board).map(|e| board::tile_value(e).to_string());
    let grid = format_grid(tiles, 4);
    let (score, moves) = (state.score, state.moves);
    match state.rules {
        Rules::Standard => format!("{grid} score={score} moves={moves}"),
        Rules::Seed => format!(
            "{grid} score={score} moves={moves} rules=seed last_change={}",
            state.last_change
        ),
    }
}

/// The state a position text describes, under `rules` (`None`: what the text says, else the
/// default), its later tiles drawn from `seed`.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the offending item: a wrong number of rows or cells,
/// a cell that is not 0 or a power of two from 2 to 32768, a bad number, an unknown item,
/// `last_change` after `moves`, more moves than the seed rules allow, or `rules=` that
/// contradicts `rules`.
pub fn parse(rules: Option<&str>, text: &str, seed: u64) -> Result<State, PluginError> {
    let mut grid = GridText::parse(text, 4, 4)?;
    let mut board: Board = 0;
    for (i, cell) in grid.cells.iter().enumerate() {
        let exp = match cell.parse::<u32>() {
            Ok(0) => 0,
            Ok(v) if (2..=32768).contains(&v) && v.is_power_of_two() => v.trailing_zeros() as u8,
            _ => {
                return Err(bad(
                    *cell,
                    format!(
                        "row {} column {}: a tile is 0 (empty) or a power of two from 2 to 32768",
                        i / 4 + 1,
                        i % 4 + 1
                    ),
                ));
            }
        };
        board = board::with_cell(board, i / 4, i % 4, exp);
    }
    let named = grid.take("rules")?;
    let rules = match (rules.map(str::trim), named) {
        (Some(given), Some(named)) if given != named => {
            return Err(bad(
                format!("rules={named}"),
                format!("the position is a `{named}` game, not `{given}`"),
            ));
        }
        (Some(given), _) => Rules::parse(Some(given))?,
        (None, named) => Rules::parse(named)?,
    };
    let score = grid.take_number::<u64>("score")?.unwrap_or(0);
    let moves = grid.take_number::<u32>("moves")?.unwrap_or(0);
    let last_change = grid.take_number::<u32>("last_change")?.unwrap_or(moves);
    grid.finish()?;
    if last_change > moves {
        return Err(bad(
            format!("last_change={last_change}"),
            format!("the board cannot have changed after move {moves}"),
        ));
    }
    if rules == Rules::Seed && moves > SEED_MAX_MOVES {
        return Err(bad(
            format!("moves={moves}"),
            format!("a seed-rule game ends at {SEED_MAX_MOVES} moves"),
        ));
    }
    Ok(State {
        board,
        score,
        moves,
        last_change,
        rules,
        seed,
        rng: ChaCha8Rng::seed_from_u64(seed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use proptest::prelude::*;

    #[test]
    fn a_new_game_reads_back() {
        for rules in Rules::ALL {
            let mut state = State::new(rules, 7);
            for mv in [Move::Down, Move::Left, Move::Down] {
                state.play(mv);
            }
            let text = format(&state);
            let back = parse(None, &text, 7).expect("valid");
            assert_eq!(format(&back), text);
            assert_eq!(
                (
                    back.board,
                    back.score,
                    back.moves,
                    back.last_change,
                    back.rules
                ),
                (
                    state.board,
                    state.score,
                    state.moves,
                    state.last_change,
                    state.rules
                )
            );
        }
        let state = parse(None, "2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2048", 1).expect("valid");
        assert_eq!((state.score, state.moves, state.max_tile()), (0, 0, 2048));
        assert_eq!(
            format(&state),
            "2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2048 score=0 moves=0"
        );
    }

    #[test]
    fn malformed_positions_name_the_item() {
        let grid = "2 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2";
        for (text, item) in [
            ("2 0 0 4/0 0 0 0/0 0 0 0", "2 0 0 4/0 0 0 0/0 0 0 0"),
            ("2 0 0 4/0 0 0/0 0 0 0/0 0 0 2", "0 0 0"),
            ("3 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2", "3"),
            ("1 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2", "1"),
            ("65536 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2", "65536"),
            ("x 0 0 4/0 0 0 0/0 0 0 0/0 0 0 2", "x"),
            (&format!("{grid} score=-1"), "score=-1"),
            (&format!("{grid} moves=3 last_change=4"), "last_change=4"),
            (&format!("{grid} level=3"), "level=3"),
            (&format!("{grid} rules=hard"), "hard"),
            (&format!("{grid} rules=seed moves=10001"), "moves=10001"),
        ] {
            match parse(None, text, 0) {
                Err(PluginError::BadParameter { name, reason }) => {
                    assert_eq!(name, item, "{text}: {reason}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        let err = parse(Some("standard"), &format!("{grid} rules=seed"), 0).expect_err("differs");
        assert!(err.to_string().contains("rules=seed"), "{err}");
    }

    proptest! {
        #[test]
        fn every_position_round_trips(
            exps in proptest::array::uniform16(0u8..16),
            score in 0u64..10_000_000,
            moves in 0u32..10_000,
            back in 0u32..10_000,
            seed_rules: bool,
        ) {
            let rules = if seed_rules { Rules::Seed } else { Rules::Standard };
            let mut state = State::new(rules, 3);
            state.board = board::from_exponents(exps);
            state.score = score;
            state.moves = moves;
            state.last_change = if seed_rules { moves.saturating_sub(back) } else { moves };
            let text = format(&state);
            let read = parse(None, &text, 3).expect("valid");
            prop_assert_eq!(format(&read), text);
            prop_assert_eq!(read.board, state.board);
        }
    }
}
