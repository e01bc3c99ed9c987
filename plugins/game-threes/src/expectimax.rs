//! Expectimax search for Threes!, after nneonneo's `threes-ai`
//! (<https://github.com/nneonneo/threes-ai>, `threes.cpp`): its chance and max nodes
//! ([`SearchThrees`]) on the shared layer of [`game_kit::expectimax`] (root, spec, split,
//! tables) and [`game_kit::search`] (root driver, counters).
//!
//! - **The root** knows the next tile: exactly for a card, only through its hint for a bonus
//!   tile (each hinted value weighted by its posterior, [`crate::deck::hint_posterior`]). It
//!   averages over that tile and over the lines the move changed, where the tile may enter.
//! - **Max nodes** try the four moves and keep the best; a board with no legal move is lost
//!   and worth 0.
//! - **Chance nodes** below the root do not know the next tile: a card drawn from the deck
//!   left (refilled when empty), or with probability 1/21 — once a 48 is on the board — a
//!   bonus tile, uniform over 6 … largest ÷ 8; then, for each tile, an average over the lines
//!   the move changed (threes-ai's tile-choose and tile-insert nodes).
//! - **Depth** counts chance layers below the root move (as for 2048): depth `d` evaluates
//!   the boards after `d + 1` moves, like threes-ai's `depth_limit = d`. The default is
//!   [`DEFAULT_DEPTH`]; `depth=auto` is threes-ai's rule `max(3, distinct tiles ≥ 3 − 2)`.
//! - **Probability pruning**: chance nodes reached with probability below 0.0001
//!   (threes-ai's `CPROB_THRESH_BASE`) are evaluated by the [`heuristic`], not expanded.
//! - **Transposition table**: max-node values keyed by (board, deck) with the depth searched;
//!   one table per root move, so the result does not depend on the threads.
//! - **Root parallelism** with rayon, **time per move** by iterative deepening: see
//!   [`game_kit::search::best_root`].
//!
//! The search reads the state as a player sees it (board, deck, the next tile's hint), never
//! the bonus tile behind a hint or the generator.

use game_kit::expectimax::{self as layer, ChanceGame, Searcher};
use game_kit::nibble::{self, LineTable};
use game_kit::search::{self, Entry};
use tritium_plugin_api::{PluginError, Progress};

use crate::board::{self, Board, Move, apply_move, insert_tile};
use crate::deck::{self, BONUS_MIN_MAX_CODE, BONUS_ODDS, Deck};
use crate::heuristic;
use crate::state::State;

pub use game_kit::search::{ExpectimaxConfig, Report, SearchStats};

/// The depth of `expectimax` without parameters: chosen so that a game plays at well over
/// 20 moves per second on one core and 100 games fit in an experiment run (see
/// `docs/threes.md`).
pub const DEFAULT_DEPTH: u32 = 4;
/// The adaptive depth never goes below this.
pub const MIN_ADAPTIVE_DEPTH: u32 = 3;
/// A plain `expectimax`.
pub const DEFAULT_CONFIG: ExpectimaxConfig = ExpectimaxConfig::new(DEFAULT_DEPTH);

/// Threes!' part of the shared expectimax layer ([`game_kit::expectimax`]): the root is the
/// state (its next tile known, through its hint for a bonus tile), a child the board after a
/// legal move with the lines it changed, the table keyed by board and deck.
#[derive(Debug, Clone, Copy)]
pub struct SearchThrees;

/// A root move: the board after it and the lines it changed.
#[derive(Debug, Clone, Copy)]
pub struct Child {
    mv: Move,
    after: Board,
    changed: u8,
}

impl ChanceGame for SearchThrees {
    type Root = State;
    type Child = Child;
    /// What the player knows of the next tile: each possible code with its probability, and
    /// the deck after it.
    type Context = (Vec<(u8, f32)>, Deck);
    type Key = u128;
    type Eval = &'static LineTable;
    const DEFAULT_DEPTH: u32 = DEFAULT_DEPTH;

    fn adaptive_depth(state: &State) -> u32 {
        adaptive_depth(state.board)
    }

    fn context(state: &State) -> Self::Context {
        if state.next.is_bonus() {
            let (lo, hi) = state.next.hint;
            let max = board::max_code(state.board);
            (deck::hint_posterior(lo, hi, max), state.deck)
        } else {
            (vec![(state.next.code, 1.0)], state.deck)
        }
    }

    fn child(state: &State, mv: Move) -> Option<Child> {
        let (after, changed) = apply_move(state.board, mv);
        (changed != 0).then_some(Child { mv, after, changed })
    }

    fn eval() -> &'static LineTable {
        heuristic::table()
    }

    fn heuristic(child: &Child) -> f32 {
        heuristic::evaluate(child.after)
    }

    fn search(
        (beliefs, deck): &Self::Context,
        child: &Child,
        depth: u32,
        s: &mut Searcher<'_, Self>,
    ) -> f32 {
        if depth == 0 {
            s.counters.leaf(true);
            heuristic::evaluate_with(s.eval, child.after)
        } else {
            beliefs
                .iter()
                .map(|&(code, p)| {
                    p * insert(
                        s,
                        child.after,
                        child.mv,
                        child.changed,
                        code,
                        *deck,
                        depth,
                        p,
                    )
                })
                .sum()
        }
    }
}

/// Parses `expectimax[:depth=N,prob=P,time=MS]` with Threes' default depth.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the offending item.
pub fn parse_spec(spec: &str) -> Result<ExpectimaxConfig, PluginError> {
    layer::parse_spec::<SearchThrees>(spec)
}

/// threes-ai's depth rule: `max(3, distinct tiles of 3 or more − 2)`.
pub fn adaptive_depth(board: Board) -> u32 {
    (nibble::nibble_set(board) >> 3)
        .count_ones()
        .saturating_sub(2)
        .max(MIN_ADAPTIVE_DEPTH)
}

/// The best move in `state` under `cfg`, with what the search did; `Ok(None)` when no move
/// is legal. Ties go to the move first in [`Move::ALL`]. Without a time limit the result
/// depends only on what the player sees and `cfg`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `progress` says so.
pub fn best_move(
    state: &State,
    cfg: &ExpectimaxConfig,
    progress: &Progress<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    best_move_with(state, cfg, &search::progress_hook(progress))
}

/// [`best_move`] with a plain progress hook (see [`game_kit::search::best_root`]).
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`.
pub fn best_move_with(
    state: &State,
    cfg: &ExpectimaxConfig,
    report: &Report<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    layer::best_move::<SearchThrees>(state, cfg, report)
}

/// A distributed search's split of `state` (see `Game::search_split`): the depth
/// [`best_move_with`] would search to and the legal moves it would compare, in its order.
///
/// # Errors
/// [`PluginError::BadParameter`] for a timed search (it cannot be split exactly).
pub fn split(state: &State, cfg: &ExpectimaxConfig) -> Result<(u32, Vec<Move>), PluginError> {
    layer::split::<SearchThrees>(state, cfg)
}

/// The value [`best_move_with`] gives root move `mv` of `state` at `depth` (`None` when the
/// move is illegal): the same number on any process.
pub fn root_value(state: &State, mv: Move, depth: u32, prob_threshold: f32) -> Option<f32> {
    layer::root_value::<SearchThrees>(state, mv, depth, prob_threshold)
}

/// The expectimax value of each move of [`Move::ALL`] in `state` at a fixed depth (`None`:
/// illegal), searched sequentially.
pub fn move_values(state: &State, depth: u32, prob_threshold: f32) -> [Option<f32>; 4] {
    layer::move_values::<SearchThrees>(state, depth, prob_threshold)
}

/// The average over the lines `changed` of the max node after tile `code` enters there;
/// `depth` counts this chance layer.
#[allow(clippy::too_many_arguments)]
fn insert(
    s: &mut Searcher<'_, SearchThrees>,
    after: Board,
    mv: Move,
    changed: u8,
    code: u8,
    deck: Deck,
    depth: u32,
    probability: f32,
) -> f32 {
    let lines = changed.count_ones();
    let share = probability / lines as f32;
    let mut sum = 0.0f32;
    for line in 0..4 {
        if changed & (1 << line) != 0 {
            sum += max(
                s,
                insert_tile(after, mv, line, code),
                deck,
                depth - 1,
                share,
            );
        }
    }
    sum / lines as f32
}

/// The chance node after a move whose next tile is unknown: cards by the deck, bonus tiles by
/// their odds, then where the tile enters.
fn chance(
    s: &mut Searcher<'_, SearchThrees>,
    after: Board,
    mv: Move,
    changed: u8,
    deck: Deck,
    depth: u32,
    probability: f32,
) -> f32 {
    if s.counters.tick(s.control) {
        return 0.0;
    }
    if depth == 0 || probability < s.threshold {
        s.counters.leaf(depth == 0);
        return heuristic::evaluate_with(s.eval, after);
    }
    let deck = deck.refilled();
    let max = board::max_code(after);
    let bonus = if max >= BONUS_MIN_MAX_CODE {
        1.0 / BONUS_ODDS as f32
    } else {
        0.0
    };
    let cards = f32::from(deck.len());
    let mut value = 0.0f32;
    for code in 1..=3u8 {
        let n = deck.0[usize::from(code - 1)];
        if n > 0 {
            let p = (1.0 - bonus) * f32::from(n) / cards;
            value += p * insert(
                s,
                after,
                mv,
                changed,
                code,
                deck.without(code),
                depth,
                probability * p,
            );
        }
    }
    if bonus > 0.0 {
        let codes = deck::bonus_codes(max);
        let p = bonus / codes.len() as f32;
        for code in codes {
            value += p * insert(s, after, mv, changed, code, deck, depth, probability * p);
        }
    }
    value
}

/// The best move's value on `board` (after a tile entered); 0 when no move is legal.
fn max(
    s: &mut Searcher<'_, SearchThrees>,
    board: Board,
    deck: Deck,
    depth: u32,
    probability: f32,
) -> f32 {
    if s.counters.tick(s.control) {
        return 0.0;
    }
    let key = u128::from(board) | (u128::from(deck.code()) << 64);
    let cache = depth > 0;
    if cache
        && let Some(entry) = s.tt.get(&key)
        && entry.depth >= depth
    {
        s.counters.tt_hits += 1;
        return entry.value;
    }
    let mut best = 0.0f32;
    for mv in Move::ALL {
        let (after, changed) = apply_move(board, mv);
        if changed != 0 {
            best = best.max(chance(s, after, mv, changed, deck, depth, probability));
        }
    }
    if cache && !s.counters.stopped {
        s.tt.insert(key, Entry { depth, value: best });
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    fn fixed(depth: u32) -> ExpectimaxConfig {
        ExpectimaxConfig {
            depth: Some(depth),
            ..DEFAULT_CONFIG
        }
    }

    fn at(text: &str) -> State {
        position::parse(text, 1).expect("a valid position")
    }

    fn midgame() -> State {
        at("3 6 12 1/2 3 6 0/1 0 3 0/0 2 0 0 next=1 deck=2,3,1")
    }

    #[test]
    fn specs_and_the_adaptive_depth() {
        assert_eq!(parse_spec("expectimax"), Ok(DEFAULT_CONFIG));
        assert_eq!(
            parse_spec("expectimax:depth=4").expect("valid").spec(),
            "expectimax"
        );
        assert!(parse_spec("expectimax:depth=99").is_err());
        // Distinct tiles ≥ 3 in the midgame: 3, 6, 12 → max(3, 1) = 3.
        assert_eq!(adaptive_depth(midgame().board), 3);
        let big = at("3 6 12 24/48 96 192 384/768 1536 0 0/0 0 0 0 next=1 deck=2,3,1");
        assert_eq!(adaptive_depth(big.board), 8);
    }

    #[test]
    fn a_lost_board_has_no_move() {
        let lost = at("1 3 1 3/3 1 3 1/1 3 1 3/3 1 3 1 next=1 deck=3,4,4");
        assert_eq!(best_move(&lost, &fixed(2), &Progress::none()), Ok(None));
        assert_eq!(move_values(&lost, 1, 0.0001), [None; 4]);
    }

    #[test]
    fn depth_zero_scores_the_boards_after_each_move() {
        let s = midgame();
        for (mv, v) in Move::ALL.into_iter().zip(move_values(&s, 0, 0.0001)) {
            let (after, changed) = apply_move(s.board, mv);
            let expected = (changed != 0).then(|| heuristic::evaluate(after));
            assert_eq!(v.map(f32::to_bits), expected.map(f32::to_bits), "{mv:?}");
        }
    }

    #[test]
    fn same_state_same_move_whatever_the_threads() {
        let s = midgame();
        let sequential = ExpectimaxConfig {
            parallel: false,
            ..fixed(2)
        };
        let (mv, stats) = best_move(&s, &sequential, &Progress::none())
            .expect("runs")
            .expect("a move");
        assert!(s.is_legal(mv));
        assert!(stats.nodes > 100, "{stats:?}");
        let deep = ExpectimaxConfig {
            prob_threshold: 0.0,
            ..fixed(3)
        };
        let (_, deep_stats) = best_move(&s, &deep, &Progress::none())
            .expect("runs")
            .expect("a move");
        assert!(deep_stats.tt_hits > 0, "{deep_stats:?}");
        for cfg in [fixed(2), sequential] {
            let (again, again_stats) = best_move(&s, &cfg, &Progress::none())
                .expect("runs")
                .expect("a move");
            assert_eq!(again, mv);
            assert_eq!(again_stats.value.to_bits(), stats.value.to_bits());
            assert_eq!(again_stats.nodes, stats.nodes);
        }
        // The search does not peek behind a hint: two states that differ only in the bonus
        // tile behind the same hint get the same values.
        let a = at("1536 0 0 0/0 3 0 0/0 0 1 0/0 0 0 2 next=12 deck=1,2,3 hint=6,12,24");
        let b = at("1536 0 0 0/0 3 0 0/0 0 1 0/0 0 0 2 next=24 deck=1,2,3 hint=6,12,24");
        assert_eq!(move_values(&a, 1, 0.0001), move_values(&b, 1, 0.0001));
        assert!(matches!(
            best_move_with(&s, &fixed(3), &|_, _| false),
            Err(PluginError::Cancelled)
        ));
    }

    #[test]
    fn only_legal_moves_are_searched() {
        // Full: only the 3s of row 0 can merge, from the left or from the right.
        let s = at("3 3 6 12/6 12 24 48/12 24 48 96/24 48 96 192 next=3 deck=0,0,1");
        let values = move_values(&s, 1, 0.0001);
        assert!(
            values[0].is_some() && values[2].is_none() && values[3].is_none(),
            "{values:?}"
        );
        let (mv, _) = best_move(&s, &fixed(1), &Progress::none())
            .expect("runs")
            .expect("a move");
        assert!(matches!(mv, Move::Left | Move::Right));
    }
}
