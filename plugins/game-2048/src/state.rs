//! The game: rule sets, the serializable [`State`] and how a move is played.
//!
//! Two rule sets ([`Rules`]):
//!
//! - `standard`, the game as published by Gabriele Cirulli: two starting tiles; after every
//!   move that changes the board a new tile (2 with p 0.9, 4 with p 0.1) on a uniformly random
//!   empty cell; the score is the sum of the tiles the merges create; a move that changes
//!   nothing is illegal; the game is over when no move changes the board.
//! - `seed`, the rules of the seed's experiments (Hein Hundal's Mathematica code, 2014,
//!   `../shared/seeds/001_e3f9209fd6a2c077.txt`), followed to the letter: the game starts with
//!   one 2 on a random cell of an empty board; a move that changes nothing is allowed, counts
//!   as a move and adds no tile; new tiles as in `standard` (`randFunc[10] == 1` gives a 4,
//!   else a 2, on a uniformly random empty cell, the cell drawn first). The seed plays in
//!   chunks of 100 moves and after each chunk stops when the board 49 moves ago equals the
//!   board now (its `ten1[[-50]] === ten1[[-1]]`: the last 50 boards are equal) or when 10,000
//!   moves are played. We check exactly then: at every multiple of 100 moves. We also stop as
//!   soon as no move at all changes the board: nothing can change any more, so the final
//!   board, its tile total and the seed's move count (below) are exactly what the seed's loop
//!   would report a few dozen moves later.
//!
//! The seed's per-game move count is `Length[TakeWhile[boards, # =!= final]]`: the number of
//! moves until the final board first appeared, i.e. the move that last changed the board
//! ([`State::last_change`]). Boards never repeat once changed (each change adds a tile to the
//! total), so this is well defined.
//!
//! Randomness: every tile comes from the state's own `ChaCha8` generator, seeded from the game
//! seed and serialized with the state, so the same seed and the same moves give the same game.

use crate::board::{self, Board, Move, apply_move_scored, can_move, empty_cells};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use tritium_plugin_api::PluginError;

/// Under `seed` rules the game stops after this many moves (the seed's `Length[ten1] < 10000`).
pub const SEED_MAX_MOVES: u32 = 10_000;
/// Under `seed` rules the end is checked every this many moves (the seed's chunks of 100).
pub const SEED_CHECK_EVERY: u32 = 100;
/// Under `seed` rules the game ends at a check when the board has not changed for this many
/// moves (the last 50 boards are equal: 49 moves without a change).
pub const SEED_UNCHANGED_MOVES: u32 = 49;

/// A rule set; see the [module documentation](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// The published game (the default).
    Standard,
    /// The seed's experiments.
    Seed,
}

impl Rules {
    /// Every rule set, the default first.
    pub const ALL: [Rules; 2] = [Rules::Standard, Rules::Seed];

    /// The name used in requests: `standard` or `seed`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Standard => "standard",
            Rules::Seed => "seed",
        }
    }

    /// The rule set for a name; `None` gives the default (`standard`).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the unknown rule set.
    pub fn parse(name: Option<&str>) -> Result<Rules, PluginError> {
        match name.map(str::trim) {
            None | Some("standard") => Ok(Rules::Standard),
            Some("seed") => Ok(Rules::Seed),
            Some(other) => Err(PluginError::bad_parameter(
                other,
                "unknown 2048 rule set; expected `standard` or `seed`",
            )),
        }
    }

    /// Whether a move that changes nothing is legal (and counted): only under `seed`.
    pub fn allows_null_moves(self) -> bool {
        self == Rules::Seed
    }
}

/// A complete game: board, score, counters and the random generator of the tiles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The board ([`crate::board`] layout).
    pub board: Board,
    /// Sum of the tiles created by merges.
    pub score: u64,
    /// Moves played, including (under `seed` rules) moves that changed nothing.
    pub moves: u32,
    /// The move count at the last move that changed the board (0 before any): the seed's
    /// "number of turns" of a game once it is over.
    pub last_change: u32,
    /// The rule set.
    pub rules: Rules,
    /// The game seed the generator started from; strategies derive their own randomness from
    /// it and [`State::moves`], so they need no state of their own.
    pub seed: u64,
    /// The generator of new tiles (`ChaCha8`, serialized with its position).
    pub rng: ChaCha8Rng,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// No move changes the board.
    Stuck,
    /// `seed` rules: the board did not change for the last 49 moves at a check.
    Unchanged,
    /// `seed` rules: 10,000 moves played.
    MoveCap,
}

impl End {
    /// A sentence for people.
    pub fn describe(self) -> &'static str {
        match self {
            End::Stuck => "no move changes the board",
            End::Unchanged => "the board has not changed for 50 moves",
            End::MoveCap => "10,000 moves played",
        }
    }
}

impl State {
    /// A new game under `rules` from `seed`: two random tiles (`standard`) or one 2 (`seed`).
    pub fn new(rules: Rules, seed: u64) -> State {
        let mut state = State {
            board: 0,
            score: 0,
            moves: 0,
            last_change: 0,
            rules,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        };
        match rules {
            Rules::Standard => {
                state.spawn();
                state.spawn();
            }
            Rules::Seed => {
                // The seed's rand2: a 2 on a uniformly random cell of the empty board.
                let i = state.rng.random_range(0..16usize);
                state.board = board::with_cell(0, i / 4, i % 4, 1);
            }
        }
        state
    }

    /// Puts a new tile on a uniformly random empty cell (cells in row-major order): a 4 with
    /// probability 1/10, else a 2. Does nothing on a full board.
    fn spawn(&mut self) {
        let empty = empty_cells(self.board);
        if empty == 0 {
            return;
        }
        let mut k = self.rng.random_range(0..empty);
        let exp = if self.rng.random_range(0..10u32) == 0 {
            2
        } else {
            1
        };
        for i in 0..16 {
            if self.board & (0xf << (4 * i)) == 0 {
                if k == 0 {
                    self.board |= exp << (4 * i);
                    return;
                }
                k -= 1;
            }
        }
    }

    /// Why the game is over, or `None` while it goes on.
    pub fn end(&self) -> Option<End> {
        if !can_move(self.board) {
            return Some(End::Stuck);
        }
        if self.rules == Rules::Standard {
            return None;
        }
        if self.moves >= SEED_MAX_MOVES {
            Some(End::MoveCap)
        } else if self.moves > 0
            && self.moves.is_multiple_of(SEED_CHECK_EVERY)
            && self.moves - self.last_change >= SEED_UNCHANGED_MOVES
        {
            Some(End::Unchanged)
        } else {
            None
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Whether `mv` is legal now: the game goes on and either the move changes the board or
    /// the rules allow moves that change nothing.
    pub fn is_legal(&self, mv: Move) -> bool {
        !self.is_over()
            && (self.rules.allows_null_moves() || board::apply_move(self.board, mv) != self.board)
    }

    /// Plays `mv` without checking legality: slides, scores, and when the board changed adds
    /// a tile. Counts the move either way. Returns whether the board changed.
    pub fn play(&mut self, mv: Move) -> bool {
        let (after, gained) = apply_move_scored(self.board, mv);
        self.moves += 1;
        if after == self.board {
            return false;
        }
        self.board = after;
        self.score += u64::from(gained);
        self.last_change = self.moves;
        self.spawn();
        true
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] when the game is over or (under `standard` rules) the
    /// move changes nothing; the state is then unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<bool, PluginError> {
        let action = mv.letter().to_string();
        if let Some(end) = self.end() {
            return Err(PluginError::illegal(
                action,
                format!("the game is over: {}", end.describe()),
            ));
        }
        if !self.is_legal(mv) {
            return Err(PluginError::illegal(action, "this move changes nothing"));
        }
        Ok(self.play(mv))
    }

    /// The sum of the tiles on the board (the seed's end tile total once the game is over).
    pub fn tile_total(&self) -> u64 {
        board::tile_sum(self.board)
    }

    /// The largest tile's value (0 on an empty board).
    pub fn max_tile(&self) -> u32 {
        board::tile_value(board::max_exponent(self.board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_games() {
        for seed in 0..50 {
            let s = State::new(Rules::Standard, seed);
            assert_eq!(empty_cells(s.board), 14);
            assert!(board::max_exponent(s.board) <= 2);
            let s = State::new(Rules::Seed, seed);
            assert_eq!(empty_cells(s.board), 15);
            assert_eq!(s.tile_total(), 2);
        }
        assert_eq!(State::new(Rules::Seed, 3), State::new(Rules::Seed, 3));
        assert_ne!(
            State::new(Rules::Standard, 3).board,
            State::new(Rules::Standard, 4).board
        );
    }

    #[test]
    fn rules_parse() {
        assert_eq!(Rules::parse(None), Ok(Rules::Standard));
        assert_eq!(Rules::parse(Some("seed")), Ok(Rules::Seed));
        assert!(matches!(
            Rules::parse(Some("hard")),
            Err(PluginError::BadParameter { name, .. }) if name == "hard"
        ));
    }

    #[test]
    fn standard_null_moves_are_illegal() {
        // A single 2 in the top-left corner cannot move left or up.
        let mut s = State::new(Rules::Standard, 1);
        s.board = board::with_cell(0, 0, 0, 1);
        let before = s.clone();
        assert!(matches!(
            s.try_play(Move::Left),
            Err(PluginError::IllegalAction { .. })
        ));
        assert_eq!(s, before);
        assert_eq!(s.try_play(Move::Right), Ok(true));
        assert_eq!((s.moves, s.last_change, empty_cells(s.board)), (1, 1, 14));
    }

    #[test]
    fn seed_null_moves_count_and_add_nothing() {
        let mut s = State::new(Rules::Seed, 1);
        s.board = board::with_cell(0, 0, 0, 1);
        let board = s.board;
        assert_eq!(s.try_play(Move::Left), Ok(false));
        assert_eq!((s.board, s.moves, s.last_change), (board, 1, 0));
    }

    #[test]
    fn seed_rules_end_after_50_equal_boards_at_a_check() {
        let mut s = State::new(Rules::Seed, 9);
        s.board = board::with_cell(0, 0, 0, 1);
        // Up and left never change a lone tile in the top-left corner.
        for i in 1..=100 {
            s.play(if i % 2 == 0 { Move::Up } else { Move::Left });
            if i < 100 {
                assert_eq!(s.end(), None, "move {i}");
            }
        }
        assert_eq!(s.end(), Some(End::Unchanged));
        // A change at move 52 of the chunk: 48 unchanged moves at the check: play on.
        let mut s = State::new(Rules::Seed, 9);
        s.board = board::with_cell(0, 0, 0, 1);
        for i in 1..=100 {
            if i == 52 {
                assert!(s.play(Move::Right));
                s.board = board::with_cell(0, 0, 3, 1); // keep one tile, now in the top-right
            } else {
                assert!(!s.play(Move::Up));
            }
        }
        assert_eq!((s.last_change, s.end()), (52, None));
        // Exactly 49: ends.
        let mut s = State::new(Rules::Seed, 9);
        s.board = board::with_cell(0, 0, 0, 1);
        for i in 1..=100 {
            if i == 51 {
                assert!(s.play(Move::Right));
                s.board = board::with_cell(0, 0, 3, 1);
            } else {
                s.play(Move::Up);
            }
        }
        assert_eq!((s.last_change, s.end()), (51, Some(End::Unchanged)));
    }

    #[test]
    fn seed_rules_stop_at_10000_moves() {
        // Alternate left and right on a lone tile: the board changes every move, so only the
        // cap ends it (the spawned tiles are cleared to keep the board movable).
        let mut s = State::new(Rules::Seed, 2);
        s.board = board::with_cell(0, 0, 0, 1);
        while !s.is_over() {
            let mv = if board::cell(s.board, 0, 0) == 0 {
                Move::Left
            } else {
                Move::Right
            };
            assert!(s.play(mv));
            s.board = board::with_cell(0, 0, if mv == Move::Left { 0 } else { 3 }, 1);
        }
        assert_eq!((s.moves, s.end()), (10_000, Some(End::MoveCap)));
        assert_eq!(s.last_change, 10_000);
    }

    #[test]
    fn stuck_board_ends_both_rule_sets() {
        let stuck = board::from_exponents(std::array::from_fn(|i| 1 + ((i / 4 + i % 4) % 2) as u8));
        for rules in Rules::ALL {
            let mut s = State::new(rules, 0);
            s.board = stuck;
            assert_eq!(s.end(), Some(End::Stuck));
            assert!(s.try_play(Move::Left).is_err());
        }
    }

    #[test]
    fn standard_spawn_statistics() {
        // Over many spawns about 10% are fours, and every empty cell is hit.
        let mut fours = 0u32;
        let mut hits = [0u32; 16];
        let n = 20_000;
        let mut s = State::new(Rules::Standard, 77);
        for _ in 0..n {
            s.board = 0;
            s.spawn();
            let i = (0..16)
                .find(|&i| (s.board >> (4 * i)) & 0xf != 0)
                .expect("a tile");
            hits[i] += 1;
            if (s.board >> (4 * i)) & 0xf == 2 {
                fours += 1;
            }
        }
        let share = f64::from(fours) / f64::from(n);
        assert!((0.08..0.12).contains(&share), "share of fours {share}");
        // 1250 expected per cell, sd ≈ 34.
        assert!(hits.iter().all(|&h| (1000..1500).contains(&h)), "{hits:?}");
    }

    #[test]
    fn state_round_trips_through_json() {
        let mut s = State::new(Rules::Standard, 5);
        s.play(Move::Down);
        s.play(Move::Left);
        let json = serde_json::to_value(&s).expect("serializes");
        let mut back: State = serde_json::from_value(json).expect("deserializes");
        assert_eq!(back, s);
        // The generator continues where it was.
        let mut original = s.clone();
        for mv in [Move::Up, Move::Right, Move::Down] {
            back.play(mv);
            original.play(mv);
        }
        assert_eq!(back, original);
    }
}
