//! The outer layer of expectimax for the grid chance games (2048, Threes!): what is the same
//! in both around their own recursion. A game implements [`ChanceGame`] — its root moves, its
//! chance outcomes and max nodes (the recursion [`ChanceGame::search`]), its heuristic and its
//! transposition-table key — and gets, generically and monomorphised (no dynamic dispatch in
//! the search):
//!
//! - spec parsing with the game's default depth ([`parse_spec`]) and the depth of a search
//!   ([`depth_for`], the game's adaptive depth for `depth=auto`);
//! - the best move ([`best_move`], on [`crate::search::best_root`]: root moves in parallel,
//!   iterative deepening, cancellation);
//! - the value of each move ([`move_values`]) and of one root move ([`root_value`]);
//! - the split of a search for distribution ([`split`]) and the glue of the plugin protocol's
//!   `SearchSplit` and `SearchValue` requests ([`search_split`], [`search_value`]);
//! - one transposition table per root move, reused between searches through a thread-local
//!   slot per key type ([`TableKey`]), which makes the result independent of the threads.
//!
//! ```
//! use game_kit::expectimax::{self, ChanceGame, Searcher};
//! use game_kit::grid::Move;
//! use game_kit::search::ExpectimaxConfig;
//! use tritium_plugin_api::Progress;
//!
//! /// A toy chance game: the root is a number, a move adds its index + 1 (Up is illegal),
//! /// and a chance node averages a coin flip of +0 or +10, evaluated by the number itself.
//! struct Toy;
//!
//! impl ChanceGame for Toy {
//!     type Root = u64;
//!     type Child = u64;
//!     type Context = ();
//!     type Key = u64;
//!     type Eval = ();
//!     const DEFAULT_DEPTH: u32 = 1;
//!     fn adaptive_depth(_: &u64) -> u32 { 2 }
//!     fn context(_: &u64) {}
//!     fn child(root: &u64, mv: Move) -> Option<u64> {
//!         (mv != Move::Up).then(|| root + mv.index() as u64 + 1)
//!     }
//!     fn eval() {}
//!     fn heuristic(child: &u64) -> f32 { *child as f32 }
//!     fn search(_: &(), child: &u64, depth: u32, s: &mut Searcher<'_, Self>) -> f32 {
//!         s.counters.leaf(true);
//!         let _ = depth;
//!         (*child as f32 + *child as f32 + 10.0) / 2.0
//!     }
//! }
//!
//! let cfg = expectimax::parse_spec::<Toy>("expectimax")?;
//! let (mv, stats) = expectimax::best_move::<Toy>(&0, &cfg, &|_, _| true)?.expect("a move");
//! assert_eq!((mv, stats.value), (Move::Down, 9.0)); // 4 + 5
//! assert_eq!(expectimax::move_values::<Toy>(&0, 1, 0.0)[2], None);
//! assert_eq!(expectimax::search_split::<Toy>(&0, "expectimax:depth=auto")?, (2, vec!["l".into(), "r".into(), "d".into()]));
//! assert_eq!(expectimax::search_value::<Toy>(&0, "expectimax", "r", 1)?, 7.0);
//! # Ok::<(), tritium_plugin_api::PluginError>(())
//! ```

use std::cell::RefCell;
use std::hash::Hash;

use tritium_plugin_api::{PluginError, Progress};

use crate::grid::Move;
use crate::search::{self, Control, Counters, ExpectimaxConfig, Report, SearchStats, Table};

/// A grid chance game's part of expectimax: the four slides of [`Move::ALL`] at max nodes,
/// the game's own chance nodes below them.
pub trait ChanceGame: Sized {
    /// What a search starts from: the position the player sees (2048: the board; Threes!:
    /// the state, whose next tile the root knows).
    type Root: ?Sized + Sync;
    /// A root child: the position after one legal root move, with what its search needs.
    type Child: Sync;
    /// What the root knows that every child's search reads (Threes!: the next tile's
    /// possible values and the deck), computed once per search.
    type Context: Sync;
    /// The transposition table's key (2048: the board; Threes!: board and deck).
    type Key: TableKey;
    /// What the recursion reads besides the table, fetched once per child search (the
    /// heuristic's line table).
    type Eval: Copy;
    /// The depth of a plain `expectimax`.
    const DEFAULT_DEPTH: u32;
    /// The move [`split`] offers when no move changes the board (`None`: none; 2048's `seed`
    /// rules play `Left` then).
    const FALLBACK_MOVE: Option<Move> = None;

    /// The depth of `depth=auto` for `root`.
    fn adaptive_depth(root: &Self::Root) -> u32;
    /// What every child's search reads of `root`.
    fn context(root: &Self::Root) -> Self::Context;
    /// The child of root move `mv`; `None` when the move is illegal (changes nothing).
    fn child(root: &Self::Root, mv: Move) -> Option<Self::Child>;
    /// The data [`Searcher::eval`] carries.
    fn eval() -> Self::Eval;
    /// The static value of a child (a timed search's answer when not even depth 1 finishes).
    fn heuristic(child: &Self::Child) -> f32;
    /// The expectimax value of `child` with `depth` chance layers below the root move: the
    /// game's recursion over its chance outcomes and max nodes, counting nodes and polling
    /// with [`Searcher::counters`] (its result is discarded once they say stopped), pruning
    /// below [`Searcher::threshold`], caching in [`Searcher::tt`].
    fn search(
        context: &Self::Context,
        child: &Self::Child,
        depth: u32,
        searcher: &mut Searcher<'_, Self>,
    ) -> f32;
}

/// What one root child's search carries: its transposition table, the pruning threshold, the
/// counters and the control, and the game's evaluation data.
pub struct Searcher<'c, G: ChanceGame> {
    /// The transposition table (emptied before the search).
    pub tt: Table<G::Key>,
    /// Chance nodes reached with a smaller probability are evaluated, not expanded.
    pub threshold: f32,
    /// Nodes, evaluations, table hits; [`Counters::tick`] polls the control.
    pub counters: Counters,
    /// Cancellation, deadline and progress of the whole search.
    pub control: &'c Control<'c>,
    /// The game's [`ChanceGame::Eval`].
    pub eval: G::Eval,
}

/// A transposition-table key with a thread-local table slot, so that a thread's table keeps
/// its allocation between searches.
pub trait TableKey: Copy + Eq + Hash + 'static {
    /// Takes this thread's table (empty when none was put back).
    fn take_table() -> Table<Self>;
    /// Puts a table back into this thread's slot.
    fn put_table(table: Table<Self>);
}

thread_local! {
    /// Each thread's table of `u64` keys (2048's boards).
    static TABLES_U64: RefCell<Table<u64>> = RefCell::new(Table::default());
    /// Each thread's table of `u128` keys (Threes!' board and deck).
    static TABLES_U128: RefCell<Table<u128>> = RefCell::new(Table::default());
}

impl TableKey for u64 {
    fn take_table() -> Table<Self> {
        TABLES_U64.with(RefCell::take)
    }
    fn put_table(table: Table<Self>) {
        TABLES_U64.with(|cell| cell.replace(table));
    }
}

impl TableKey for u128 {
    fn take_table() -> Table<Self> {
        TABLES_U128.with(RefCell::take)
    }
    fn put_table(table: Table<Self>) {
        TABLES_U128.with(|cell| cell.replace(table));
    }
}

/// Parses `expectimax[:depth=N,prob=P,time=MS]` with the game's default depth (see
/// [`ExpectimaxConfig::parse`]).
///
/// # Errors
/// [`PluginError::BadParameter`] naming the offending item.
pub fn parse_spec<G: ChanceGame>(spec: &str) -> Result<ExpectimaxConfig, PluginError> {
    ExpectimaxConfig::from_spec(spec, G::DEFAULT_DEPTH)
}

/// The depth a search of `root` under `cfg` uses without a time limit.
pub fn depth_for<G: ChanceGame>(cfg: &ExpectimaxConfig, root: &G::Root) -> u32 {
    cfg.depth.unwrap_or_else(|| G::adaptive_depth(root))
}

/// The legal root moves of `root` with their children, in [`Move::ALL`] order.
fn children<G: ChanceGame>(root: &G::Root) -> (Vec<Move>, Vec<G::Child>) {
    Move::ALL
        .into_iter()
        .filter_map(|mv| G::child(root, mv).map(|child| (mv, child)))
        .unzip()
}

/// Searches one root child in this thread's table; `None` when stopped.
fn search_child<G: ChanceGame>(
    context: &G::Context,
    child: &G::Child,
    depth: u32,
    threshold: f32,
    control: &Control<'_>,
) -> Option<(f32, Counters)> {
    let mut tt = G::Key::take_table();
    tt.clear();
    let mut searcher = Searcher::<G> {
        tt,
        threshold,
        counters: Counters::default(),
        control,
        eval: G::eval(),
    };
    let value = G::search(context, child, depth, &mut searcher);
    let Searcher { tt, counters, .. } = searcher;
    G::Key::put_table(tt);
    (!counters.stopped).then_some((value, counters))
}

/// The best move for `root` under `cfg`, with what the search did; `Ok(None)` when no move is
/// legal. Ties go to the move first in [`Move::ALL`]. `report(done, total)` is called every
/// few thousand nodes, from any of the search's threads (root moves finished of all, or
/// milliseconds spent of [`ExpectimaxConfig::time_ms`]); returning `false` cancels. Without a
/// time limit the result depends only on `root` and `cfg`.
///
/// # Errors
/// [`PluginError::Cancelled`] when `report` returned `false`.
pub fn best_move<G: ChanceGame>(
    root: &G::Root,
    cfg: &ExpectimaxConfig,
    report: &Report<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    let (moves, children) = children::<G>(root);
    let context = G::context(root);
    let best = search::best_root(
        &children,
        cfg,
        || G::adaptive_depth(root),
        G::heuristic,
        |child, depth, control| {
            search_child::<G>(&context, child, depth, cfg.prob_threshold, control)
        },
        report,
    )?;
    Ok(best.map(|(i, stats)| (moves[i], stats)))
}

/// [`best_move`] reporting to a [`Progress`] of the plugin protocol.
///
/// # Errors
/// [`PluginError::Cancelled`] when the host cancels.
pub fn best_move_progress<G: ChanceGame>(
    root: &G::Root,
    cfg: &ExpectimaxConfig,
    progress: &Progress<'_>,
) -> Result<Option<(Move, SearchStats)>, PluginError> {
    best_move::<G>(root, cfg, &search::progress_hook(progress))
}

/// The expectimax value of each move of [`Move::ALL`] at a fixed depth (`None`: the move is
/// illegal), searched sequentially.
pub fn move_values<G: ChanceGame>(
    root: &G::Root,
    depth: u32,
    prob_threshold: f32,
) -> [Option<f32>; 4] {
    let control = Control::unlimited();
    let context = G::context(root);
    Move::ALL.map(|mv| {
        G::child(root, mv).map(|child| {
            search_child::<G>(&context, &child, depth, prob_threshold, &control)
                .unwrap_or_else(|| unreachable!("nothing stops this search"))
                .0
        })
    })
}

/// The value [`best_move`] gives root move `mv` of `root` at `depth` (`None` when the move is
/// illegal): the same number on any process.
pub fn root_value<G: ChanceGame>(
    root: &G::Root,
    mv: Move,
    depth: u32,
    prob_threshold: f32,
) -> Option<f32> {
    G::child(root, mv).map(|child| {
        let context = G::context(root);
        search_child::<G>(
            &context,
            &child,
            depth,
            prob_threshold,
            &Control::unlimited(),
        )
        .map_or(f32::NEG_INFINITY, |(v, _)| v)
    })
}

/// A distributed search's split of `root`: the depth [`best_move`] would search to and the
/// moves it would compare, in its order ([`ChanceGame::FALLBACK_MOVE`] when none is legal).
///
/// # Errors
/// [`PluginError::BadParameter`] for a timed search (`time=MS` depends on the machine, so it
/// cannot be split exactly).
pub fn split<G: ChanceGame>(
    root: &G::Root,
    cfg: &ExpectimaxConfig,
) -> Result<(u32, Vec<Move>), PluginError> {
    if cfg.time_ms.is_some() {
        return Err(PluginError::bad_parameter(
            cfg.spec(),
            "a timed search cannot be distributed exactly; give a depth",
        ));
    }
    let depth = depth_for::<G>(cfg, root);
    let mut moves: Vec<Move> = Move::ALL
        .into_iter()
        .filter(|&mv| G::child(root, mv).is_some())
        .collect();
    if moves.is_empty() {
        moves.extend(G::FALLBACK_MOVE);
    }
    Ok((depth, moves))
}

/// The answer to the protocol's `SearchSplit` (see `Game::search_split`): [`split`] of the
/// `expectimax` spec `strategy`, the moves as their action ids.
///
/// # Errors
/// [`PluginError::BadParameter`] for a spec that is not `expectimax…` or is timed.
pub fn search_split<G: ChanceGame>(
    root: &G::Root,
    strategy: &str,
) -> Result<(u32, Vec<String>), PluginError> {
    let cfg = parse_spec::<G>(strategy)?;
    let (depth, moves) = split::<G>(root, &cfg)?;
    Ok((
        depth,
        moves.iter().map(|m| m.letter().to_string()).collect(),
    ))
}

/// The answer to the protocol's `SearchValue` (see `Game::search_value`): [`root_value`] of
/// the move `action` under the `expectimax` spec `strategy`'s threshold, at `depth`.
///
/// # Errors
/// [`PluginError::BadParameter`] for a bad spec; [`PluginError::IllegalAction`] for an action
/// that is not a move or a move that changes nothing.
pub fn search_value<G: ChanceGame>(
    root: &G::Root,
    strategy: &str,
    action: &str,
    depth: u32,
) -> Result<f64, PluginError> {
    let cfg = parse_spec::<G>(strategy)?;
    let mv = Move::parse(action)?;
    root_value::<G>(root, mv, depth, cfg.prob_threshold)
        .map(f64::from)
        .ok_or_else(|| PluginError::illegal(action, "this move changes nothing"))
}
