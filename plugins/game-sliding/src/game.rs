//! [`Sliding`]: the [`Game`] the plugin exports — the seed's game with its live optimal
//! distance and score, on any R×C board.
//!
//! - Rule sets `3x3` (the seed's, default), `4x4`, and any `RxC` with 2 ≤ R, C ≤ 8.
//! - New games are uniformly random solvable boards from the seed.
//! - Actions: `l r u d` (the direction the tile moves; the arrow keys), or a tile's number
//!   next to the blank; each action's path is the moving tile's cell, so a click on the tile
//!   moves it.
//! - The view shows the optimal number of moves left, recomputed after every move (the
//!   8-puzzle from its complete table, larger boards by IDA* within a node budget — `?`
//!   beyond it), the moves made, ACS and the score: ACS gains 1 for a move that lowers the
//!   optimal distance and loses 1 for one that does not, and the score is ACS ÷ moves (the
//!   seed's definitions).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::json;
use tritium_plugin_api::protocol::{
    ActionInfo, Cell, ExperimentReport, ExperimentSpec, GameInfo, GameResult, LegendEntry,
    NamedValue, StateView, StrategyInfo,
};
use tritium_plugin_api::{Game, PluginError, Progress};

use crate::board::{Board, MAX_SIDE, Move};
use crate::optimal::{solve_lc, solve_optimal};
use crate::solve::SolveError;
use crate::table;

/// IDA* nodes spent on the live distance of a board larger than 3×3 before it shows `?`.
pub const LIVE_BUDGET: u64 = 200_000;

/// A game in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The board.
    pub board: Board,
    /// Moves made.
    pub moves: u32,
    /// The seed's ACS: +1 per move that lowered the optimal distance, −1 per other move.
    pub acs: i32,
    /// The optimal distance now, if known.
    pub optimal: Option<u32>,
    /// The optimal distance at the start, if known.
    pub start_optimal: Option<u32>,
    /// The game seed.
    pub seed: u64,
}

/// Nodes the live distance may spend with the pattern databases (about a quarter of a
/// second; a random 4×4 board takes about 600,000).
pub const LIVE_BUDGET_PDB: u64 = 10_000_000;

/// The optimal distance of `b`, if it can be found quickly: a lookup in the 8-puzzle table;
/// IDA* with the pattern databases when they are at hand (built by an `ida-pdb` solve or
/// cached), within [`LIVE_BUDGET_PDB`] nodes; else IDA* with linear conflicts within
/// [`LIVE_BUDGET`].
pub fn live_distance(b: &Board) -> Option<u32> {
    if let Some(d) = table::distance(b) {
        return Some(d);
    }
    let pdb = crate::pdb::ready(usize::from(b.rows), usize::from(b.cols))
        .filter(|_| b.tiles.len() <= crate::fixed::MAX_CELLS);
    match pdb {
        Some(estimator) => crate::fixed::ida(b, &*estimator, LIVE_BUDGET_PDB, &|_| true),
        None => solve_lc(b, LIVE_BUDGET, &|_| true),
    }
    .ok()
    .map(|s| s.moves.len() as u32)
}

impl State {
    fn at(board: Board, seed: u64) -> State {
        let optimal = live_distance(&board);
        State {
            board,
            moves: 0,
            acs: 0,
            optimal,
            start_optimal: optimal,
            seed,
        }
    }

    /// The seed's score: ACS ÷ moves (0 before the first move).
    pub fn score(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            f64::from(self.acs) / f64::from(self.moves)
        }
    }

    /// Plays `dir`, updating the distance, ACS and the move count.
    fn play(&mut self, dir: Move) -> bool {
        if !self.board.play(dir) {
            return false;
        }
        let before = self.optimal;
        self.optimal = live_distance(&self.board);
        self.moves += 1;
        if let (Some(b), Some(a)) = (before, self.optimal) {
            self.acs += if a < b { 1 } else { -1 };
        }
        true
    }
}

/// Parses `3x3`, `4x4`, … `RxC` (2 ≤ R, C ≤ 8); `None` is `3x3`.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the rule set.
pub fn parse_rules(rules: Option<&str>) -> Result<(u8, u8), PluginError> {
    let name = rules.map_or("3x3", str::trim);
    let side = |t: &str| t.parse::<u8>().ok().filter(|n| (2..=MAX_SIDE).contains(n));
    match name.split_once('x').map(|(r, c)| (side(r), side(c))) {
        Some((Some(r), Some(c))) => Ok((r, c)),
        _ => Err(PluginError::bad_parameter(
            name,
            "rule sets are RxC boards with 2 <= R, C <= 8, e.g. 3x3 (the default) or 4x4",
        )),
    }
}

/// The position text: rows by `/`, tiles by spaces, `0` the blank (`1 2 3/4 5 6/7 0 8`).
pub fn position_text(b: &Board) -> String {
    game_kit::position::format_grid(b.tiles.iter().map(u8::to_string), usize::from(b.cols))
}

/// The board a position text describes. Its shape comes from the text; `rules`, when given,
/// must be a rule set of that shape (`--rules 4x4` with a 3×3 position is refused, naming
/// both, rather than silently playing 3×3). `None`: the text's own shape.
///
/// The text is split by [`game_kit::position::GridText`] (rows by `/`, tiles by spaces), its
/// shape the text's own.
///
/// # Errors
/// [`PluginError::BadParameter`] naming the problem: rows of different lengths, a size out of
/// range, a tile that is not a number below R·C, a tile given twice, an unknown `key=value`
/// item after the grid, an unsolvable board.
pub fn parse_position(rules: Option<&str>, text: &str) -> Result<Board, PluginError> {
    use game_kit::position::{GridText, bad};
    let grid = GridText::parse_any(text)?;
    let (r, c) = (grid.rows, grid.cols);
    if !(2..=usize::from(MAX_SIDE)).contains(&r) || !(2..=usize::from(MAX_SIDE)).contains(&c) {
        return Err(bad(
            text.trim(),
            format!("a {r}x{c} board; sizes are 2..8 each way"),
        ));
    }
    if let Some(name) = rules {
        let (rr, rc) = parse_rules(rules)?;
        if (usize::from(rr), usize::from(rc)) != (r, c) {
            return Err(bad(
                text.trim(),
                format!(
                    "a {r}x{c} position, but the rules are `{}`: give a {rr}x{rc} position or \
                     the rules `{r}x{c}`",
                    name.trim()
                ),
            ));
        }
    }
    let n = r * c;
    let mut seen = vec![false; n];
    let mut tiles = Vec::with_capacity(n);
    for &item in &grid.cells {
        let t = item
            .parse::<usize>()
            .ok()
            .filter(|&t| t < n)
            .ok_or_else(|| {
                bad(
                    item,
                    format!("a tile is a number from 0 (the blank) to {}", n - 1),
                )
            })?;
        if seen[t] {
            return Err(bad(item, "this tile is given twice"));
        }
        seen[t] = true;
        tiles.push(t as u8);
    }
    grid.finish()?;
    let board = Board {
        rows: r as u8,
        cols: c as u8,
        tiles,
    };
    if !board.is_solvable() {
        return Err(bad(
            text.trim(),
            "unsolvable: no sequence of moves reaches the goal from it (Johnson & Story 1879)",
        ));
    }
    Ok(board)
}

/// The sliding puzzle. Stateless.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sliding;

/// The move `d` as an action: labelled with the tile it slides and the way, e.g.
/// `Slide 5 left` (what a hint names).
fn dir_info(board: &Board, d: Move) -> Option<ActionInfo> {
    let tile = board.tile_for(d)?;
    let way = d.label().to_lowercase();
    Some(ActionInfo {
        id: d.letter().to_string(),
        label: format!("Slide {} {way}", board.tiles[tile]),
        key: Some(way),
        path: vec![tile as u32],
    })
}

/// The four moves as buttons that keep their places ([`GameInfo::fixed_actions`]).
fn fixed_actions() -> Vec<ActionInfo> {
    Move::ALL
        .into_iter()
        .map(|d| ActionInfo {
            id: d.letter().to_string(),
            label: d.label().into(),
            key: Some(d.label().to_lowercase()),
            path: vec![],
        })
        .collect()
}

/// The blank's colour.
const BLANK: [u8; 3] = [0x3a, 0x3a, 0x3a];
/// A tile in its goal place.
const HOME: [u8; 3] = [0x7f, 0xc9, 0x7f];
/// A tile elsewhere.
const AWAY: [u8; 3] = [0xf0, 0xe0, 0xc0];

fn parse_action(board: &Board, action: &str) -> Result<Move, PluginError> {
    let a = action.trim();
    let by_letter = Move::ALL.into_iter().find(|d| d.letter().to_string() == a);
    let by_tile = a.parse::<u8>().ok().and_then(|t| {
        Move::ALL
            .into_iter()
            .find(|&d| board.tile_for(d).is_some_and(|i| board.tiles[i] == t))
    });
    let dir = by_letter.or(by_tile).ok_or_else(|| {
        PluginError::illegal(
            a,
            "not a move: l, r, u, d, or the number of a tile next to the blank",
        )
    })?;
    if board.tile_for(dir).is_none() {
        return Err(PluginError::illegal(a, "no tile can move that way"));
    }
    Ok(dir)
}

impl Game for Sliding {
    type State = State;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "sliding".into(),
            title: "Sliding puzzle".into(),
            description: "Slide the tiles into order, the blank last. The optimal number of \
                          moves left is shown live; ACS gains 1 for a move that brings you \
                          closer and loses 1 otherwise, and the score is ACS ÷ moves."
                .into(),
            rules: ["3x3", "4x4", "2x2", "2x3", "3x4", "5x5"]
                .map(String::from)
                .to_vec(),
            strategies: vec![
                StrategyInfo {
                    name: "optimal".into(),
                    description: "A move on an optimal solution (IDA* with pattern \
                                  databases up to 16 cells, built on first use; with \
                                  Manhattan distance and linear conflicts beyond)."
                        .into(),
                    params: vec![],
                    example: "optimal".into(),
                },
                StrategyInfo {
                    name: "random".into(),
                    description: "A uniformly random legal move.".into(),
                    params: vec![],
                    example: "random".into(),
                },
            ],
            sweeps: vec![],
            perft: false,
            players: vec![],
            fixed_actions: fixed_actions(),
            legend: vec![
                LegendEntry {
                    background: HOME,
                    text: "tile in its goal place".into(),
                },
                LegendEntry {
                    background: AWAY,
                    text: "tile out of place".into(),
                },
                LegendEntry {
                    background: BLANK,
                    text: "the blank".into(),
                },
            ],
        }
    }

    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<State, PluginError> {
        let (r, c) = parse_rules(rules)?;
        Ok(State::at(Board::random(r, c, seed), seed))
    }

    fn view(&self, state: &State) -> StateView {
        let b = &state.board;
        let cells = b
            .tiles
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let home = usize::from(t) == i + 1;
                Cell {
                    text: if t == 0 { String::new() } else { t.to_string() },
                    background: Some(match (t, home) {
                        (0, _) => BLANK,
                        (_, true) => HOME,
                        _ => AWAY,
                    }),
                    foreground: None,
                    ..Cell::default()
                }
            })
            .collect();
        StateView {
            rows: b.rows.into(),
            cols: b.cols.into(),
            cells,
            values: vec![
                NamedValue::new(
                    "optimal",
                    &state
                        .optimal
                        .map_or_else(|| "?".to_owned(), |d| d.to_string()),
                ),
                NamedValue::new("moves", &state.moves),
                NamedValue::new("ACS", &state.acs),
                NamedValue::new("score", &format!("{:.2}", state.score())),
                NamedValue::new("rules", &format!("{}x{}", b.rows, b.cols)),
            ],
            preview: None,
        }
    }

    fn position(&self, state: &State) -> String {
        position_text(&state.board)
    }

    fn new_game_at(
        &self,
        rules: Option<&str>,
        text: &str,
        seed: u64,
    ) -> Result<State, PluginError> {
        Ok(State::at(parse_position(rules, text)?, seed))
    }

    fn actions(&self, state: &State) -> Vec<ActionInfo> {
        if state.board.is_goal() {
            return Vec::new();
        }
        Move::ALL
            .into_iter()
            .filter_map(|d| dir_info(&state.board, d))
            .collect()
    }

    fn outcome(&self, state: &State) -> Option<String> {
        state.board.is_goal().then(|| {
            let optimal = state
                .start_optimal
                .map_or_else(String::new, |o| format!(" (optimal: {o})"));
            format!(
                "solved in {} moves{optimal}, ACS {}, score {:.2}",
                state.moves,
                state.acs,
                state.score()
            )
        })
    }

    fn apply(&self, state: &mut State, action: &str) -> Result<(), PluginError> {
        if state.board.is_goal() {
            return Err(PluginError::illegal(action, "the puzzle is solved"));
        }
        let dir = parse_action(&state.board, action)?;
        state.play(dir);
        Ok(())
    }

    fn ai_move(
        &self,
        state: &State,
        strategy: &str,
        _progress: &Progress<'_>,
    ) -> Result<(String, String), PluginError> {
        let moves = state.board.moves();
        if state.board.is_goal() || moves.is_empty() {
            return Err(PluginError::illegal("ai", "the puzzle is solved"));
        }
        match strategy.trim() {
            "random" => {
                let mut rng = game_kit::seed::SplitMix64::new(game_kit::seed::derive_seed(
                    state.seed,
                    u64::from(state.moves),
                ));
                let d = moves[rng.below(moves.len() as u32) as usize];
                Ok((d.letter().to_string(), String::new()))
            }
            "optimal" => {
                let solution = solve_optimal(&state.board, &|_| true, &mut |_, _| true).map_err(
                    |e| match e {
                        SolveError::Unsolvable => PluginError::illegal("ai", "unsolvable"),
                        other => PluginError::Other(format!("{other:?}")),
                    },
                )?;
                let first = solution.moves.first().copied().unwrap_or(moves[0]);
                Ok((
                    first.letter().to_string(),
                    format!(
                        "{} moves left, {} nodes",
                        solution.moves.len(),
                        solution.nodes
                    ),
                ))
            }
            other => Err(PluginError::bad_parameter(
                other,
                "strategies: optimal, random",
            )),
        }
    }

    /// `optimal` solves `games` seeded random boards of the rule set optimally (IDA* with the
    /// pattern databases up to 16 cells, built first with their own progress; with linear
    /// conflicts beyond): per game the optimal length and the nodes generated; the aggregates
    /// give their means, the length's median and range; the report's `timing` has
    /// `mean_seconds` and `max_seconds` per board (measurements: the one part of the report
    /// that differs between runs).
    fn experiment(
        &self,
        spec: &ExperimentSpec,
        progress: &Progress<'_>,
    ) -> Result<ExperimentReport, PluginError> {
        if spec.strategy.trim() != "optimal" {
            return Err(PluginError::bad_parameter(
                &spec.strategy,
                "puzzle experiments run the `optimal` solver",
            ));
        }
        let (r, c) = parse_rules(spec.rules.as_deref())?;
        // The pattern databases first (seconds, once per process), with their own progress.
        if let Some(cells) = usize::from(r).checked_mul(usize::from(c))
            && cells <= crate::fixed::MAX_CELLS
        {
            crate::pdb::shared(usize::from(r), usize::from(c), &mut |done, total| {
                progress.report(done, total).is_ok()
            })
            .map_err(|e| match e {
                crate::pdb::PdbError::Cancelled => PluginError::Cancelled,
                other => PluginError::Other(other.to_string()),
            })?;
        }
        let played = game_kit::experiment::run_games(
            spec.games,
            spec.seed,
            spec.shard,
            progress,
            |seed, hook| {
                let board = Board::random(r, c, seed);
                solve_optimal(&board, &|_| hook(0, 0), &mut |_, _| true).map_err(|e| match e {
                    SolveError::Cancelled => PluginError::Cancelled,
                    other => PluginError::Other(format!("{other:?}")),
                })
            },
        )?;
        let games = game_kit::experiment::results(&played, spec.shard, |s| {
            (
                BTreeMap::from([
                    ("length".to_owned(), s.moves.len() as f64),
                    ("nodes".to_owned(), s.nodes as f64),
                ]),
                s.moves.len().to_string(),
            )
        });
        let mut report = self.report(spec, games)?;
        let seconds: Vec<f64> = played.iter().map(|p| p.seconds).collect();
        report
            .timing
            .insert("mean_seconds".to_owned(), game_kit::stats::mean(&seconds));
        report.timing.insert(
            "max_seconds".to_owned(),
            seconds.iter().copied().fold(0.0, f64::max),
        );
        Ok(report)
    }

    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<GameResult>,
    ) -> Result<ExperimentReport, PluginError> {
        use game_kit::experiment::column;
        use game_kit::stats::{mean, median};
        let (r, c) = parse_rules(spec.rules.as_deref())?;
        let lengths = column(&games, "length")?;
        let nodes = column(&games, "nodes")?;
        let aggregates = BTreeMap::from([
            ("games".to_owned(), json!(games.len())),
            ("mean_length".to_owned(), json!(mean(&lengths))),
            ("median_length".to_owned(), json!(median(&lengths))),
            (
                "max_length".to_owned(),
                json!(lengths.iter().copied().fold(0.0, f64::max)),
            ),
            (
                "min_length".to_owned(),
                json!(lengths.iter().copied().fold(f64::INFINITY, f64::min)),
            ),
            ("mean_nodes".to_owned(), json!(mean(&nodes))),
        ]);
        Ok(ExperimentReport {
            strategy: "optimal".into(),
            rules: format!("{r}x{c}"),
            games,
            aggregates,
            primary: "mean_length".into(),
            histogram_metric: "length".into(),
            category_label: "optimal length".into(),
            timing: BTreeMap::new(),
            names: [
                ("games", "puzzles solved"),
                ("mean_length", "mean optimal length (moves)"),
                ("median_length", "median optimal length"),
                ("max_length", "longest optimal solution"),
                ("min_length", "shortest optimal solution"),
                ("mean_nodes", "mean nodes searched"),
                ("mean_seconds", "mean seconds per puzzle"),
                ("max_seconds", "most seconds for a puzzle"),
            ]
            .into_iter()
            .map(|(key, name)| (key.to_owned(), name.to_owned()))
            .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_a_position_scores_like_the_seed() {
        let game = Sliding;
        let mut s = game
            .new_game_at(None, "1 2 3/4 5 6/0 7 8", 1)
            .expect("valid");
        assert_eq!(s.optimal, Some(2));
        assert_eq!(game.position(&s), "1 2 3/4 5 6/0 7 8");
        let ids: Vec<String> = game.actions(&s).into_iter().map(|a| a.id).collect();
        assert_eq!(ids, ["l", "d"]);
        // A wrong move (down: the 4 comes down) costs 1; then three right ones.
        game.apply(&mut s, "d").expect("legal");
        assert_eq!((s.optimal, s.acs), (Some(3), -1));
        for a in ["u", "7", "l"] {
            game.apply(&mut s, a).expect("legal");
        }
        assert!(s.board.is_goal());
        assert_eq!((s.moves, s.acs), (4, 2));
        assert!((s.score() - 0.5).abs() < 1e-12);
        let outcome = game.outcome(&s).expect("solved");
        assert!(
            outcome.starts_with("solved in 4 moves (optimal: 2), ACS 2"),
            "{outcome}"
        );
        assert!(game.actions(&s).is_empty());
    }

    #[test]
    fn bad_positions_and_rules_are_named() {
        let game = Sliding;
        for (text, item) in [
            ("1 2 3/4 5 6/7 8", "7 8"),
            ("1 2 3/4 5 6/7 8 9", "9"),
            ("1 2 3/4 5 6/7 8 8", "8"),
            ("2 1 3/4 5 6/7 8 0", "2 1 3/4 5 6/7 8 0"),
            ("1", "1"),
        ] {
            match game.new_game_at(None, text, 1) {
                Err(PluginError::BadParameter { name, .. }) => assert_eq!(name, item, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(game.new_game(Some("9x9"), 1).is_err());
        // Rules that contradict the position are refused, naming both.
        match game.new_game_at(Some("4x4"), "1 2 3/4 5 6/7 0 8", 1) {
            Err(PluginError::BadParameter { reason, .. }) => {
                assert!(reason.contains("3x3 position"), "{reason}");
                assert!(reason.contains("`4x4`"), "{reason}");
            }
            other => panic!("a contradiction: {other:?}"),
        }
        let shaped = game
            .new_game_at(Some("3x3"), "1 2 3/4 5 6/7 0 8", 1)
            .expect("rules that agree");
        assert_eq!((shaped.board.rows, shaped.board.cols), (3, 3));
        assert!(
            game.new_game_at(Some("9x9"), "1 2 3/4 5 6/7 0 8", 1)
                .is_err()
        );
        let big = game.new_game(Some("4x4"), 5).expect("a game");
        assert_eq!(big.board.tiles.len(), 16);
        let s = game.new_game(None, 2).expect("a game");
        let (a, note) = game
            .ai_move(&s, "optimal", &Progress::none())
            .expect("a move");
        let mut next = s.clone();
        game.apply(&mut next, &a).expect("legal");
        assert_eq!(next.optimal.map(|d| d + 1), s.optimal, "{note}");
        // 3×3 experiments: each game's optimal length is the table's, the same per seed.
        let spec = ExperimentSpec {
            strategy: "optimal".into(),
            games: 20,
            seed: 4,
            rules: None,
            opponent: None,
            shard: None,
        };
        // The timings are measurements; everything else is the same on every run.
        let timeless = |mut r: ExperimentReport| {
            for key in ["mean_seconds", "max_seconds"] {
                assert!(r.timing.remove(key).is_some(), "{key}");
            }
            r
        };
        let report = game.experiment(&spec, &Progress::none()).expect("runs");
        // Every aggregate and timing has a name for people (the app's summary table).
        for key in report.aggregates.keys().chain(report.timing.keys()) {
            assert!(report.names.contains_key(key), "{key} has no name");
        }
        let report = timeless(report);
        assert_eq!(report.games.len(), 20);
        for g in &report.games {
            let b = Board::random(3, 3, g.seed);
            let optimal = f64::from(table::distance(&b).expect("solvable"));
            assert_eq!(g.metrics["length"].to_bits(), optimal.to_bits());
        }
        assert_eq!(
            timeless(game.experiment(&spec, &Progress::none()).expect("runs")),
            report
        );
        // Clicking a tile: its action's path is the tile's cell.
        let clicks = game.actions(&s);
        assert!(clicks.iter().all(|a| a.path.len() == 1));
    }
}
