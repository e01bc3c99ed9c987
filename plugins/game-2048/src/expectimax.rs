//! Expectimax search for 2048, after nneonneo's `2048-ai`
//! (<https://github.com/nneonneo/2048-ai>), the strongest public expectimax program: its
//! chance and max nodes ([`Search2048`]) on the shared layer of [`game_kit::expectimax`]
//! (root, spec, split, tables) and [`game_kit::search`] (root driver, counters).
//!
//! - **Max nodes** try the four moves and keep the best; only moves that change the board
//!   count, and a board without one is lost and scores 0.
//! - **Chance nodes** average over every empty cell × {2 with p 0.9, 4 with p 0.1}.
//! - **Probability pruning**: each node carries the probability of the spawns that lead to it;
//!   a chance node below [`ExpectimaxConfig::prob_threshold`] (default 0.0001, nneonneo's
//!   value) is not expanded but evaluated by the [`heuristic`].
//! - **Depth** counts chance layers below the root move: depth `d` searches the root move,
//!   then `d` rounds of (spawn, move), and evaluates the boards after the last move. The
//!   default is [`DEFAULT_DEPTH`] = 4, chosen so that 100 standard games finish in about
//!   an hour on one core (see `docs/2048-experiments.md`). `depth=auto` adapts it to the
//!   board like nneonneo's: `max(3, distinct tiles − 2)`, so it grows as the board fills with
//!   different tiles (the positions where a mistake is fatal) — stronger, and many times
//!   slower in late games.
//! - **Transposition table**: chance-node values keyed by board with the depth they were
//!   searched to; an entry answers a query that needs no more depth. One table per root move,
//!   reused between searches (cleared, its allocation kept), which also makes the result
//!   independent of how the root moves are spread over threads.
//! - **Root parallelism**: the root moves are searched in parallel with rayon
//!   ([`ExpectimaxConfig::parallel`]); see `docs/2048-experiments.md` for what it pays.
//! - **Time per move** ([`ExpectimaxConfig::time_ms`]): iterative deepening from depth 1
//!   until the time is spent (an unfinished iteration is discarded) or a deeper search can
//!   no longer differ (every branch already stopped by the probability threshold).
//!
//! Strategy specs: `expectimax` (depth 4), `expectimax:depth=auto` (nneonneo's adaptive depth),
//! `expectimax:depth=4,prob=0.001`, `expectimax:time=100` (see [`ExpectimaxConfig::parse`]).

use game_kit::expectimax::{self as layer, ChanceGame, Searcher};
use game_kit::nibble::{self, LineTable};
use game_kit::search;
use tritium_plugin_api::{PluginError, Progress};

use crate::board::{Board, Move, apply_move, empty_cells};
use crate::heuristic;

pub use game_kit::search::{
    DEFAULT_PROB_THRESHOLD, ExpectimaxConfig, MAX_DEPTH, MAX_TIME_MS, Report, SearchStats,
};

/// The depth of `expectimax` without parameters: the deepest fixed depth at which 100
/// standard games finish within about an hour on one core (about 200 moves per second;
/// depth 3 plays about 2000); it reaches 8192 in most games. See `docs/2048-experiments.md`.
pub const DEFAULT_DEPTH: u32 = 4;
/// The adaptive depth never goes below this.
pub const MIN_ADAPTIVE_DEPTH: u32 = 3;
/// A plain `expectimax`: depth [`DEFAULT_DEPTH`], the default threshold, parallel.
pub const DEFAULT_CONFIG: ExpectimaxConfig = ExpectimaxConfig::new(DEFAULT_DEPTH);

/// 2048's part of the shared expectimax layer ([`game_kit::expectimax`]): the root is the
/// board, a child the board after a move that changes it, the table keyed by board.
#[derive(Debug, Clone, Copy)]
pub struct Search2048;

impl ChanceGame for Search2048 {
    type Root = Board;
    type Child = Board;
    type Context = ();
    type Key = Board;
    type Eval = &'static LineTable;
    const DEFAULT_DEPTH: u32 = DEFAULT_DEPTH;
    /// Under `seed` rules a move that changes nothing is still played: `Left`.
    const FALLBACK_MOVE: Option<Move> = Some(Move::Left);

    fn adaptive_depth(board: &Board) -> u32 {
        adaptive_depth(*board)
    }

    fn context(_: &Board) {}

    fn child(board: &Board, mv: Move) -> Option<Board> {
        let after = apply_move(*board, mv);
        (after != *board).then_some(after)
    }

    fn eval() -> &'static LineTable {
        heuristic::table()
    }

    fn heuristic(after: &Board) -> f32 {
        heuristic::evaluate(*after)
    }

    fn search((): &(), &after: &Board, depth: u32, s: &mut Searcher<'_, Self>) -> f32 {
        chance(s, after, depth, 1.0)
    }
}

/// Parses `expectimax[:depth=N,prob=P,time=MS]` with 2048's default depth (see
/// [`ExpectimaxConfig::parse`]).
///
/// # Errors
/// [`PluginError::BadParameter`] naming the offending item.
pub fn parse_spec(spec: &str) -> Result<ExpectimaxConfig, PluginError> {
    layer::parse_spec::<Search2048>(spec)
}

/// The depth a search of `board` under `cfg` uses without a time limit.
pub fn depth_for(cfg: &ExpectimaxConfig, board: Board) -> u32 {
    layer::depth_for::<Search2048>(cfg, &board)
}

/// The number of different tile values on `board`.
pub fn distinct_tiles(board: Board) -> u32 {
    (nibble::nibble_set(board) & !1).count_ones()
}

/// nneonneo's depth rule: `max(3, distinct tiles − 2)`.
pub fn adaptive_depth(board: Board) -> u32 {
    distinct_tiles(board)
        .saturating_sub(2)
        .max(MIN_ADAPTIVE_DEPTH)
}

/// The best move for `board` under `cfg`, with what the search did; `Ok(None)` when no move
/// changes the board (the game is over). Ties go to the move first in [`Move::ALL`].
///
/// Reports progress to `progress` (root moves finished of all, or milliseconds spent of
/// [`ExpectimaxConfig::time_ms`]) every few thousand nodes and stops when the host cancels.
/// Without a time limit the result depends only on `board` and `cfg`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `progress` says so.
pub fn best_move(
    board: Board,
    cfg: &ExpectimaxConfig,
    progress: &Progress<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    best_move_with(board, cfg, &search::progress_hook(progress))
}

/// [`best_move`] with a plain progress hook: `report(done, total)` is called every few
/// thousand nodes, from any of the search's threads; returning `false` cancels the search.
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`.
pub fn best_move_with(
    board: Board,
    cfg: &ExpectimaxConfig,
    report: &Report<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    layer::best_move::<Search2048>(&board, cfg, report)
}

/// The expectimax value of each move of [`Move::ALL`] at a fixed depth (`None`: the move does
/// not change the board), searched sequentially.
pub fn move_values(board: Board, depth: u32, prob_threshold: f32) -> [Option<f32>; 4] {
    layer::move_values::<Search2048>(&board, depth, prob_threshold)
}

/// The expectimax value of `board` as a max node at a fixed depth: the best of
/// [`move_values`], 0 for a board where no move changes anything (a lost game).
pub fn value(board: Board, depth: u32, prob_threshold: f32) -> f32 {
    move_values(board, depth, prob_threshold)
        .into_iter()
        .flatten()
        .fold(0.0, f32::max)
}

/// A distributed search's split of `board` (see `Game::search_split`): the depth
/// [`best_move_with`] would search to and the moves it would compare, in its order. With no
/// move that changes the board (only under `seed` rules) the one move it plays, `Left`.
///
/// # Errors
/// [`PluginError::BadParameter`] for a timed search (`time=MS` depends on the machine, so it
/// cannot be split exactly).
pub fn split(board: Board, cfg: &ExpectimaxConfig) -> Result<(u32, Vec<Move>), PluginError> {
    layer::split::<Search2048>(&board, cfg)
}

/// The value [`best_move_with`] gives root move `mv` of `board` at `depth` (`None` when the
/// move changes nothing): the same number on any process.
pub fn root_value(board: Board, mv: Move, depth: u32, prob_threshold: f32) -> Option<f32> {
    layer::root_value::<Search2048>(&board, mv, depth, prob_threshold)
}

/// Average over the spawns on `board` (a board just after a move), `depth` chance layers
/// to go, reached with probability `probability`.
fn chance(s: &mut Searcher<'_, Search2048>, board: Board, depth: u32, probability: f32) -> f32 {
    if s.counters.tick(s.control) {
        return 0.0;
    }
    if depth == 0 || probability < s.threshold {
        s.counters.leaf(depth == 0);
        return heuristic::evaluate_with(s.eval, board);
    }
    if let Some(entry) = s.tt.get(&board)
        && entry.depth >= depth
    {
        s.counters.tt_hits += 1;
        return entry.value;
    }
    let empty = empty_cells(board);
    if empty == 0 {
        // Not reachable after a move that changed the board; evaluate rather than divide
        // by zero.
        s.counters.leaf(false);
        return heuristic::evaluate_with(s.eval, board);
    }
    let share = probability / empty as f32;
    let mut sum = 0.0f32;
    let mut rest = board;
    let mut two = 1u64;
    for _ in 0..16 {
        if rest.trailing_zeros() >= 4 {
            sum += 0.9 * max(s, board | two, depth - 1, share * 0.9);
            sum += 0.1 * max(s, board | (two << 1), depth - 1, share * 0.1);
        }
        rest >>= 4;
        two <<= 4;
    }
    let value = sum / empty as f32;
    if !s.counters.stopped {
        s.tt.insert(board, search::Entry { depth, value });
    }
    value
}

/// The best move's value on `board` (a board just after a spawn); 0 if no move changes it.
fn max(s: &mut Searcher<'_, Search2048>, board: Board, depth: u32, probability: f32) -> f32 {
    if s.counters.tick(s.control) {
        return 0.0;
    }
    let mut best = 0.0f32;
    for mv in Move::ALL {
        let after = apply_move(board, mv);
        if after != board {
            best = best.max(chance(s, after, depth, probability));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::from_exponents;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A board from exponents, row by row.
    fn board(rows: [[u8; 4]; 4]) -> Board {
        from_exponents(rows.concat().try_into().expect("16 cells"))
    }

    fn fixed(depth: u32) -> ExpectimaxConfig {
        ExpectimaxConfig {
            depth: Some(depth),
            ..DEFAULT_CONFIG
        }
    }

    fn choose(b: Board, cfg: &ExpectimaxConfig) -> (Move, SearchStats) {
        best_move(b, cfg, &Progress::none())
            .expect("not cancelled")
            .expect("a legal move")
    }

    /// A mid-game board with six empty cells.
    fn midgame() -> Board {
        board([[7, 6, 3, 1], [5, 4, 2, 0], [3, 1, 0, 0], [1, 0, 2, 0]])
    }

    #[test]
    fn parses_specs() {
        assert_eq!(parse_spec("expectimax"), Ok(DEFAULT_CONFIG));
        let cfg = parse_spec("expectimax:depth=4").expect("valid");
        assert_eq!(cfg, DEFAULT_CONFIG);
        assert_eq!(cfg.spec(), "expectimax");
        // A time limit without a depth deepens as far as the time allows.
        let cfg = parse_spec("expectimax:time=100").expect("valid");
        assert_eq!((cfg.depth, cfg.time_ms), (None, Some(100)));
        let cfg = parse_spec("expectimax: depth=2 , prob=0.01,time=150").expect("valid");
        assert_eq!((cfg.depth, cfg.time_ms), (Some(2), Some(150)));
        assert!((cfg.prob_threshold - 0.01).abs() < 1e-9);
        assert_eq!(
            ExpectimaxConfig::parse("depth=auto", DEFAULT_DEPTH)
                .expect("valid")
                .depth,
            None
        );
        assert_eq!(
            ExpectimaxConfig::parse("", DEFAULT_DEPTH),
            Ok(DEFAULT_CONFIG)
        );
        for spec in [
            "expectimax:depth=2,prob=0.001,time=50",
            "expectimax:depth=4,time=50",
            "expectimax:depth=3",
            "expectimax:time=50",
            "expectimax:depth=auto",
            "expectimax:depth=5",
            "expectimax",
        ] {
            let cfg = parse_spec(spec).expect("valid");
            assert_eq!(cfg.spec(), spec);
            assert_eq!(parse_spec(&cfg.spec()), Ok(cfg));
        }
    }

    #[test]
    fn rejects_bad_specs() {
        for params in [
            "depth",
            "depth=x",
            "depth=17",
            "depth=-1",
            "prob=1",
            "prob=-0.1",
            "prob=nan",
            "time=0",
            "time=x",
            "speed=3",
        ] {
            let err = ExpectimaxConfig::parse(params, DEFAULT_DEPTH).expect_err(params);
            assert!(
                matches!(err, PluginError::BadParameter { .. }),
                "{params}: {err:?}"
            );
        }
        for spec in [
            "expectimaxx",
            "greedy",
            "expectimax:depth=x",
            "expectimax;depth=3",
        ] {
            assert!(parse_spec(spec).is_err(), "{spec}");
        }
    }

    #[test]
    fn adaptive_depth_follows_distinct_tiles() {
        assert_eq!(distinct_tiles(0), 0);
        assert_eq!(
            adaptive_depth(board([[1, 1, 0, 0], [0; 4], [0; 4], [0; 4]])),
            3
        );
        let b = midgame(); // exponents 1..=7: seven distinct tiles
        assert_eq!(distinct_tiles(b), 7);
        assert_eq!(adaptive_depth(b), 5);
        let auto = ExpectimaxConfig::parse("depth=auto", DEFAULT_DEPTH).expect("valid");
        assert_eq!(depth_for(&auto, b), 5);
        assert_eq!(depth_for(&DEFAULT_CONFIG, b), DEFAULT_DEPTH);
        assert_eq!(depth_for(&fixed(2), b), 2);
    }

    #[test]
    fn a_lost_board_has_no_move_and_value_zero() {
        let lost = board([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 2, 1]]);
        assert_eq!(best_move(lost, &fixed(2), &Progress::none()), Ok(None));
        assert_eq!(
            value(lost, 2, DEFAULT_PROB_THRESHOLD).to_bits(),
            0.0f32.to_bits()
        );
        assert_eq!(move_values(lost, 1, DEFAULT_PROB_THRESHOLD), [None; 4]);
        // One move from losing: the value is positive but far below a safe board's.
        let live = value(midgame(), 1, DEFAULT_PROB_THRESHOLD);
        assert!(live > 1_000_000.0, "{live}");
    }

    #[test]
    fn depth_zero_scores_the_boards_after_each_move() {
        let b = midgame();
        let values = move_values(b, 0, DEFAULT_PROB_THRESHOLD);
        for (mv, v) in Move::ALL.into_iter().zip(values) {
            let after = apply_move(b, mv);
            let expected = (after != b).then(|| heuristic::evaluate(after));
            assert_eq!(v.map(f32::to_bits), expected.map(f32::to_bits), "{mv:?}");
        }
    }

    #[test]
    fn picks_the_move_that_does_not_lose() {
        // 2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 8 16 _ 32: left and right leave one hole next to
        // tiles that only a 4 (left) or a 2 (right) can merge with; down opens a hole that
        // any spawn survives and sets up merges.
        let b = board([[1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2], [3, 4, 0, 5]]);
        let values = move_values(b, 2, DEFAULT_PROB_THRESHOLD);
        let [Some(left), Some(right), None, Some(down)] = values else {
            panic!("unexpected legal moves {values:?}")
        };
        assert!(left < right && right < down, "{values:?}");
        assert_eq!(choose(b, &fixed(2)).0, Move::Down);
        assert_eq!(choose(b, &fixed(1)).0, Move::Down);
    }

    #[test]
    fn merges_into_the_corner() {
        // 512 256 256 4 / 128 64 8 2 / 4 2 _ _ / 2 _ _ _: left merges the 256s next to the
        // 512 in its corner; right pulls the row away from it.
        let b = board([[9, 8, 8, 2], [7, 6, 3, 1], [2, 1, 0, 0], [1, 0, 0, 0]]);
        assert_eq!(choose(b, &fixed(1)).0, Move::Left);
        assert_eq!(choose(b, &fixed(2)).0, Move::Left);
    }

    #[test]
    fn same_board_same_config_same_move() {
        let b = midgame();
        let sequential = ExpectimaxConfig {
            parallel: false,
            ..fixed(2)
        };
        let parallel = ExpectimaxConfig {
            parallel: true,
            ..fixed(2)
        };
        let (mv, stats) = choose(b, &sequential);
        for cfg in [sequential, parallel, sequential, parallel] {
            let (again, again_stats) = choose(b, &cfg);
            assert_eq!(again, mv);
            assert_eq!(again_stats.value.to_bits(), stats.value.to_bits());
            assert_eq!(
                (again_stats.nodes, again_stats.tt_hits),
                (stats.nodes, stats.tt_hits)
            );
        }
    }

    #[test]
    fn pruning_reduces_nodes() {
        let b = midgame();
        let exhaustive = choose(
            b,
            &ExpectimaxConfig {
                prob_threshold: 0.0,
                ..fixed(2)
            },
        )
        .1;
        let pruned = choose(
            b,
            &ExpectimaxConfig {
                prob_threshold: 0.05,
                ..fixed(2)
            },
        )
        .1;
        assert!(
            pruned.nodes < exhaustive.nodes,
            "{pruned:?} vs {exhaustive:?}"
        );
        assert!(pruned.nodes > 0);
    }

    #[test]
    fn the_transposition_table_answers_repeated_boards() {
        let stats = choose(
            midgame(),
            &ExpectimaxConfig {
                prob_threshold: 0.0,
                ..fixed(2)
            },
        )
        .1;
        assert!(stats.tt_hits > 0, "{stats:?}");
        assert!(stats.evaluations > 0 && stats.nodes > stats.evaluations);
    }

    #[test]
    fn the_hook_sees_progress_and_can_cancel() {
        let b = midgame();
        let calls = AtomicUsize::new(0);
        let count = |_: u64, _: u64| {
            calls.fetch_add(1, Ordering::Relaxed);
            true
        };
        let cfg = ExpectimaxConfig {
            prob_threshold: 0.0,
            ..fixed(2)
        };
        assert!(
            best_move_with(b, &cfg, &count)
                .expect("not cancelled")
                .is_some()
        );
        assert!(calls.load(Ordering::Relaxed) >= 1);
        let cancel = |_: u64, _: u64| false;
        assert_eq!(
            best_move_with(b, &cfg, &cancel),
            Err(PluginError::Cancelled)
        );
        let timed = ExpectimaxConfig {
            time_ms: Some(10_000),
            ..cfg
        };
        assert_eq!(
            best_move_with(b, &timed, &cancel),
            Err(PluginError::Cancelled)
        );
    }

    #[test]
    fn a_timed_search_returns_a_legal_move() {
        let b = midgame();
        let cfg = ExpectimaxConfig {
            time_ms: Some(1),
            depth: Some(3),
            ..DEFAULT_CONFIG
        };
        let (mv, stats) = choose(b, &cfg);
        assert_ne!(apply_move(b, mv), b);
        assert!(stats.depth <= 3);
    }
}
