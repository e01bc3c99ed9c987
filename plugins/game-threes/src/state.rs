//! A game of Threes!: board, deck, the next tile, the move count and the generator, all
//! serializable, so that a seed and a list of moves replay a game exactly.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tritium_plugin_api::PluginError;

use crate::board::{self, Board, Move, apply_move, insert_tile};
use crate::deck::{Deck, Next};

/// Threes! has one rule set.
pub const RULES: &str = "standard";

/// Accepts no rule set or `standard`.
///
/// # Errors
/// [`PluginError::BadParameter`] naming any other.
pub fn check_rules(rules: Option<&str>) -> Result<(), PluginError> {
    match rules.map(str::trim) {
        None | Some("" | RULES) => Ok(()),
        Some(other) => Err(PluginError::bad_parameter(
            other,
            "unknown Threes rule set; the only one is `standard`",
        )),
    }
}

/// A complete game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The board ([`crate::board`] layout).
    pub board: Board,
    /// The cards left in the deck, after the next tile was drawn.
    pub deck: Deck,
    /// The tile the next move brings in, and what the player sees of it.
    pub next: Next,
    /// Moves played.
    pub moves: u32,
    /// The game seed the generator started from; strategies derive their own randomness from
    /// it and [`State::moves`].
    pub seed: u64,
    /// The generator of tiles and entry cells (`ChaCha8`, serialized with its position).
    pub rng: ChaCha8Rng,
}

impl State {
    /// A new game from `seed`, as threes-ai (`initial_board`) and the original game start:
    /// nine cards drawn from a full deck onto the first nine cells, the sixteen cells
    /// shuffled (Fisher–Yates), then the next tile drawn.
    pub fn new(seed: u64) -> State {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck = Deck::FULL;
        let mut codes = [0u8; 16];
        for cell in codes.iter_mut().take(9) {
            let (card, rest) = deck.draw(&mut rng);
            *cell = card;
            deck = rest;
        }
        for i in (1..16).rev() {
            let j = rng.random_range(0..=i);
            codes.swap(i, j);
        }
        let board = board::from_codes(codes);
        State::at(board, deck, None, 0, seed, rng)
    }

    /// A game at a given position: `next` as given, or drawn from `deck` when `None`. Later
    /// tiles come from `rng`.
    pub fn at(
        board: Board,
        deck: Deck,
        next: Option<Next>,
        moves: u32,
        seed: u64,
        mut rng: ChaCha8Rng,
    ) -> State {
        let (next, deck) = match next {
            Some(next) => (next, deck),
            None => Next::draw(board::max_code(board), deck, &mut rng),
        };
        State {
            board,
            deck,
            next,
            moves,
            seed,
            rng,
        }
    }

    /// Whether `mv` changes the board (the only legal moves).
    pub fn is_legal(&self, mv: Move) -> bool {
        apply_move(self.board, mv).1 != 0
    }

    /// Whether no move changes the board: the game is over.
    pub fn is_over(&self) -> bool {
        !board::can_move(self.board)
    }

    /// Plays `mv`: the board moves, the next tile enters on the opposite edge in one of the
    /// lines that moved (uniformly, as in threes-ai's `play_game`), and a new next tile is
    /// drawn. Returns `false` (and changes nothing) when `mv` moves nothing.
    pub fn play(&mut self, mv: Move) -> bool {
        let (moved, changed) = apply_move(self.board, mv);
        if changed == 0 {
            return false;
        }
        let pick = self.rng.random_range(0..changed.count_ones());
        let line = (0..4u32)
            .filter(|&i| changed & (1 << i) != 0)
            .nth(pick as usize)
            .unwrap_or(0);
        self.board = insert_tile(moved, mv, line, self.next.code);
        self.moves += 1;
        let (next, deck) = Next::draw(board::max_code(self.board), self.deck, &mut self.rng);
        self.next = next;
        self.deck = deck;
        true
    }

    /// [`State::play`] for a move that must be legal.
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] naming the move when the game is over or the move
    /// changes nothing.
    pub fn try_play(&mut self, mv: Move) -> Result<(), PluginError> {
        if self.is_over() {
            return Err(PluginError::illegal(
                mv.letter().to_string(),
                "the game is over: no move changes the board",
            ));
        }
        if !self.play(mv) {
            return Err(PluginError::illegal(
                mv.letter().to_string(),
                format!("{} moves no tile", mv.label()),
            ));
        }
        Ok(())
    }

    /// The score (the sum of the seed's `tile_score` over the board).
    pub fn score(&self) -> u64 {
        board::score(self.board)
    }

    /// The largest tile's value.
    pub fn max_tile(&self) -> u32 {
        board::tile_value(board::max_code(self.board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_games_have_nine_cards_and_a_next_tile() {
        for seed in 0..50 {
            let s = State::new(seed);
            let codes = board::to_codes(s.board);
            assert_eq!(codes.iter().filter(|&&c| c != 0).count(), 9);
            let mut counts = [0u8; 3];
            for c in codes.into_iter().filter(|&c| c != 0) {
                counts[usize::from(c - 1)] += 1;
            }
            counts[usize::from(s.next.code - 1)] += 1;
            // Nine on the board + the next tile + the deck = one full deck.
            for (on_board, in_deck) in counts.iter().zip(s.deck.0) {
                assert_eq!(on_board + in_deck, 4, "seed {seed}");
            }
            assert_eq!(s, State::new(seed));
        }
        assert_ne!(State::new(1).board, State::new(2).board);
    }

    #[test]
    fn a_move_brings_the_next_tile_in_on_the_far_edge() {
        let mut s = State::new(3);
        s.board = board::from_codes([3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]);
        let next = s.next.code;
        s.try_play(Move::Right).expect("legal");
        let codes = board::to_codes(s.board);
        // Rows 0 and 2 moved right: the tile entered column 0 of one of them.
        assert!(
            (codes[0] == next && codes[8] == 0) || (codes[8] == next && codes[0] == 0),
            "{codes:?}"
        );
        assert_eq!((codes[1], codes[9], codes[15]), (3, 1, 2));
        assert_eq!(s.moves, 1);
    }

    #[test]
    fn illegal_moves_and_the_end() {
        let mut s = State::new(1);
        s.board = board::from_codes([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(
            s.try_play(Move::Left),
            Err(PluginError::IllegalAction { .. })
        ));
        assert!(s.is_legal(Move::Right) && s.is_legal(Move::Down));
        // 1 and 2 alternate with no two equal neighbours ≥ 3 and no 1 beside a 2: stuck.
        s.board = board::from_codes([1, 3, 1, 3, 3, 1, 3, 1, 1, 3, 1, 3, 3, 1, 3, 1]);
        assert!(s.is_over());
        assert!(s.try_play(Move::Up).is_err());
    }
}
