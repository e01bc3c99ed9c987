//! The Threes! position text: the grid of tile values (rows by `/`, tiles by spaces, `0` for
//! an empty cell), then `next=N` (the next tile), `deck=a,b,c` (the 1s, 2s and 3s left in the
//! deck after the next tile was drawn), for a bonus tile `hint=x,y[,z]` (the values the player
//! is shown), and `moves=M` (default 0):
//!
//! `1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4 moves=0`
//!
//! The score follows from the board. The generator of later tiles starts from the seed given
//! with the position. A missing `hint` for a bonus tile is the lowest hint that contains it.

use game_kit::position::{GridText, bad, format_grid};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tritium_plugin_api::PluginError;

use crate::board::{self, Board, code_of, tile_value};
use crate::deck::{self, CARDS_PER_KIND, Deck, Next};
use crate::state::State;

/// The position text of `state` (see the [module documentation](self)).
pub fn format(state: &State) -> String {
    let grid = format_grid(
        board::to_codes(state.board).map(|c| tile_value(c).to_string()),
        4,
    );
    let [a, b, c] = state.deck.0;
    let next = tile_value(state.next.code);
    let hint = if state.next.is_bonus() {
        let (lo, hi) = state.next.hint;
        let values: Vec<String> = (lo..=hi).map(|c| tile_value(c).to_string()).collect();
        format!(" hint={}", values.join(","))
    } else {
        String::new()
    };
    format!(
        "{grid} next={next} deck={a},{b},{c}{hint} moves={}",
        state.moves
    )
}

fn tile_code(item: &str, value: &str, what: &str) -> Result<u8, PluginError> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .and_then(code_of)
        .ok_or_else(|| {
            bad(
                item,
                format!("{what}: a tile is 0 (empty), 1, 2 or 3·2^n up to 12288 (3, 6, 12, …)"),
            )
        })
}

/// The state a position text describes, its later tiles drawn from `seed`.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the offending item: a wrong number of rows or cells,
/// a tile that cannot exist, a missing or impossible `next` (a bonus tile needs a 48 on the
/// board and is at most the largest tile ÷ 8), a deck that does not add up (more than four
/// of a card, or four of the card just drawn), a hint that cannot be shown or does not contain
/// the next tile, a bad number, an unknown item.
pub fn parse(text: &str, seed: u64) -> Result<State, PluginError> {
    let mut grid = GridText::parse(text, 4, 4)?;
    let mut board: Board = 0;
    for (i, cell) in grid.cells.iter().enumerate() {
        let code = tile_code(
            cell,
            cell,
            &format!("row {} column {}", i / 4 + 1, i % 4 + 1),
        )?;
        board |= u64::from(code) << (4 * i);
    }
    let max = board::max_code(board);
    let next_text = grid.require("next")?;
    let next_item = format!("next={next_text}");
    let next = tile_code(&next_item, next_text, "the next tile")?;
    if next == 0 {
        return Err(bad(next_item, "the next tile cannot be empty"));
    }
    if next >= 4 && !deck::bonus_codes(max).contains(&next) {
        let reason = if max < deck::BONUS_MIN_MAX_CODE {
            "a bonus tile (6 or more) needs a 48 or more on the board".to_owned()
        } else {
            format!(
                "a bonus tile is 6 up to the largest tile ÷ 8 ({})",
                tile_value(max - 3)
            )
        };
        return Err(bad(next_item, reason));
    }
    let deck = parse_deck(grid.require("deck")?, next)?;
    let hint = parse_hint(grid.take("hint")?, next, max)?;
    let moves = grid.take_number::<u32>("moves")?.unwrap_or(0);
    grid.finish()?;
    Ok(State::at(
        board,
        deck,
        Some(Next { code: next, hint }),
        moves,
        seed,
        ChaCha8Rng::seed_from_u64(seed),
    ))
}

/// `deck=a,b,c`, checked against the next tile `next` (drawn from it when a card).
fn parse_deck(deck_text: &str, next: u8) -> Result<Deck, PluginError> {
    let deck_item = format!("deck={deck_text}");
    let counts: Vec<u8> = deck_text
        .split(',')
        .map(|n| n.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            bad(
                &deck_item,
                "expected three counts a,b,c: the 1s, 2s and 3s left",
            )
        })?;
    let [a, b, c]: [u8; 3] = counts.try_into().map_err(|_| {
        bad(
            &deck_item,
            "expected three counts a,b,c: the 1s, 2s and 3s left",
        )
    })?;
    let deck = Deck([a, b, c]);
    if deck.0.iter().any(|&n| n > CARDS_PER_KIND) {
        return Err(bad(deck_item, "a deck holds at most four of each card"));
    }
    if next <= 3 && deck.0[usize::from(next - 1)] == CARDS_PER_KIND {
        return Err(bad(
            deck_item,
            format!(
                "the next tile {next} was drawn from this deck, so at most three {next}s are left"
            ),
        ));
    }
    Ok(deck)
}

/// `hint=…` (or its absence) for the next tile `next` with largest code `max`.
fn parse_hint(text: Option<&str>, next: u8, max: u8) -> Result<(u8, u8), PluginError> {
    Ok(match text {
        None if next >= 4 => deck::hints_for(next, max)[0],
        None => (next, next),
        Some(_) if next <= 3 => {
            return Err(bad("hint", "only a bonus tile (6 or more) shows a hint"));
        }
        Some(h) => {
            let item = format!("hint={h}");
            let codes = h
                .split(',')
                .map(|v| tile_code(&item, v, "a hinted value"))
                .collect::<Result<Vec<u8>, _>>()?;
            let (lo, hi) = (codes[0], codes[codes.len() - 1]);
            let consecutive = codes.windows(2).all(|w| w[1] == w[0] + 1);
            if !consecutive || !deck::is_possible_hint(lo, hi, max) {
                return Err(bad(
                    item,
                    "not a hint the game shows with this board (consecutive bonus values, \
                     three of them once a 192 is on the board)",
                ));
            }
            if !(lo..=hi).contains(&next) {
                return Err(bad(
                    item,
                    format!(
                        "the hint does not contain the next tile {}",
                        tile_value(next)
                    ),
                ));
            }
            (lo, hi)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use proptest::prelude::*;

    #[test]
    fn the_issue_example_reads_and_prints_back() {
        let text = "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4";
        let state = parse(text, 1).expect("valid");
        assert_eq!(board::cell(state.board, 1, 2), 4);
        assert_eq!(state.next.code, 2);
        assert_eq!(state.deck, Deck([3, 2, 4]));
        assert_eq!(format(&state), format!("{text} moves=0"));
    }

    #[test]
    fn bonus_tiles_and_hints() {
        let text = "192 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0 next=12 deck=1,1,1 hint=6,12,24 moves=5";
        let state = parse(text, 1).expect("valid");
        assert_eq!(state.next.hint, (4, 6));
        assert_eq!(format(&state), text);
        // Without a hint: the lowest window containing the tile.
        let plain =
            parse("1536 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0 next=48 deck=4,4,4", 1).expect("valid");
        assert_eq!(plain.next.hint, (5, 7));
    }

    #[test]
    fn bad_positions_name_the_item() {
        let grid = "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12";
        for (text, item) in [
            (format!("{grid} deck=3,2,4"), "next"),
            (format!("{grid} next=4 deck=3,2,4"), "next=4"),
            (format!("{grid} next=0 deck=3,2,4"), "next=0"),
            (format!("{grid} next=6 deck=3,2,4"), "next=6"),
            (format!("{grid} next=2 deck=3,2"), "deck=3,2"),
            (format!("{grid} next=2 deck=5,2,4"), "deck=5,2,4"),
            (format!("{grid} next=2 deck=3,4,4"), "deck=3,4,4"),
            (format!("{grid} next=2 deck=a,2,4"), "deck=a,2,4"),
            (format!("{grid} next=2 deck=3,2,4 hint=6"), "hint"),
            (format!("{grid} next=2 deck=3,2,4 colour=red"), "colour=red"),
            (
                "1 2 0 5/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4".to_owned(),
                "5",
            ),
            (
                "1 2 0/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4".to_owned(),
                "1 2 0",
            ),
            (
                "384 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0 next=12 deck=1,1,1 hint=24,48,96".to_owned(),
                "hint=24,48,96",
            ),
            (
                "384 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0 next=6 deck=1,1,1 hint=12,24,48".to_owned(),
                "hint=12,24,48",
            ),
        ] {
            match parse(&text, 1) {
                Err(PluginError::BadParameter { name, reason }) => {
                    assert_eq!(name, item, "{text}: {reason}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    proptest! {
        #[test]
        fn positions_of_played_games_round_trip(seed in any::<u64>(), moves in 0usize..300) {
            let mut state = State::new(seed);
            for k in 0..moves {
                let legal: Vec<Move> = Move::ALL.into_iter().filter(|&m| state.is_legal(m)).collect();
                if legal.is_empty() {
                    break;
                }
                state.play(legal[k % legal.len()]);
            }
            let text = format(&state);
            let back = parse(&text, 9).expect("its own text parses");
            prop_assert_eq!(back.board, state.board);
            prop_assert_eq!(back.deck, state.deck);
            prop_assert_eq!(back.next, state.next);
            prop_assert_eq!(back.moves, state.moves);
            prop_assert_eq!(format(&back), text);
        }
    }
}
