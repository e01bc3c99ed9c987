//! The puzzle's solvers as plugin [`Solver`]s for the game `sliding`: each takes a game state
//! (a [`crate::State`], as a frame carries it) and answers the optimal moves as action ids.
//!
//! | name | algorithm | boards | rank |
//! |---|---|---|---|
//! | `astar-misplaced` | A* with misplaced tiles (the seed's solver, blank not counted) | up to 3×3 | 0 |
//! | `astar-manhattan` | A* with Manhattan distance | up to 3×3 (and easy larger ones, within 1 GiB) | 1 |
//! | `ida-manhattan-lc` | IDA* with Manhattan distance and linear conflicts | any, given time | 2 |
//! | `ida-pdb` | IDA* with additive pattern databases and the reflected lookup | up to 16 cells | 3 |
//!
//! The rank orders them for a host that names no solver
//! ([`tritium_plugin_api::protocol::Request::SolveBest`]): the highest-ranked one that accepts
//! the board runs — `ida-pdb` up to 16 cells, `ida-manhattan-lc` beyond.

use std::collections::BTreeMap;

use serde_json::json;
use tritium_plugin_api::protocol::{SolveReport, SolverInfo};
use tritium_plugin_api::{PluginError, Progress, Solver};

use crate::State;
use crate::fixed::{self, Geometry};
use crate::pdb::{self, PdbError};
use crate::solve::{Heuristic, Solution, SolveError, astar};

pub use crate::optimal::{solve_lc, solve_optimal};

/// A* expansions before it gives up (about 2 GB of open and closed lists would follow).
pub const ASTAR_LIMIT: u64 = 5_000_000;

/// Which algorithm a [`PuzzleSolver`] runs; the discriminant is its rank
/// ([`SolverInfo::rank`]), better last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// A* with misplaced tiles.
    AstarMisplaced = 0,
    /// A* with Manhattan distance.
    AstarManhattan = 1,
    /// IDA* with Manhattan distance and linear conflicts.
    IdaManhattanLc = 2,
    /// IDA* with additive pattern databases.
    IdaPdb = 3,
}

/// One solver of the table above.
#[derive(Debug, Clone, Copy)]
pub struct PuzzleSolver(pub Algorithm);

impl PuzzleSolver {
    /// All of them, in the table's order.
    pub const ALL: [PuzzleSolver; 4] = [
        PuzzleSolver(Algorithm::AstarMisplaced),
        PuzzleSolver(Algorithm::AstarManhattan),
        PuzzleSolver(Algorithm::IdaManhattanLc),
        PuzzleSolver(Algorithm::IdaPdb),
    ];
}

fn to_error(e: SolveError) -> PluginError {
    match e {
        SolveError::Unsolvable => PluginError::bad_parameter("position", "unsolvable"),
        SolveError::TooHard { limit } => PluginError::bad_parameter(
            "board",
            format!("too large or too hard for this solver ({limit} nodes); try ida-manhattan-lc"),
        ),
        e @ SolveError::OutOfMemory { .. } => {
            PluginError::bad_parameter("board", format!("{e}; try ida-manhattan-lc"))
        }
        SolveError::TooLarge { cells, max } => PluginError::bad_parameter(
            "board",
            format!("{cells} cells: this solver handles at most {max}; try ida-manhattan-lc"),
        ),
        SolveError::Cancelled => PluginError::Cancelled,
    }
}

impl Solver for PuzzleSolver {
    type Problem = State;

    fn info(&self) -> SolverInfo {
        let (name, description) = match self.0 {
            Algorithm::AstarMisplaced => (
                "astar-misplaced",
                "A* with the misplaced-tiles heuristic (the seed's solver; the blank is not \
                 counted, so the heuristic is admissible and the solution optimal). Up to 3×3.",
            ),
            Algorithm::AstarManhattan => (
                "astar-manhattan",
                "A* with the Manhattan distance: optimal, far fewer expansions than misplaced \
                 tiles. Keeps every board it meets: gives up at about 1 GiB (easy boards \
                 beyond 3×3 only).",
            ),
            Algorithm::IdaManhattanLc => (
                "ida-manhattan-lc",
                "IDA* (Korf 1985) with Manhattan distance and linear conflicts: optimal, memory \
                 linear in the depth; any board size, given time.",
            ),
            Algorithm::IdaPdb => (
                "ida-pdb",
                "IDA* with additive disjoint pattern databases (6-6-3 on 4×4) and the reflected \
                 lookup (Korf and Felner 2002): optimal; boards up to 16 cells. The databases \
                 are built on first use (seconds, with progress) and cached.",
            ),
        };
        SolverInfo {
            name: name.into(),
            description: description.into(),
            example: "a sliding game state (as a frame carries it)".into(),
            game: Some("sliding".into()),
            rank: self.0 as u32,
        }
    }

    /// `astar-misplaced` refuses boards beyond 3×3, `ida-pdb` boards beyond 16 cells; the
    /// others take any board (`astar-manhattan` stops at its memory bound instead).
    fn accepts(&self, problem: &State) -> Result<(), PluginError> {
        let board = &problem.board;
        let size = || format!("{}x{}", board.rows, board.cols);
        match self.0 {
            Algorithm::AstarMisplaced if board.tiles.len() > 9 => Err(PluginError::bad_parameter(
                size(),
                "astar-misplaced solves boards up to 3×3; use ida-manhattan-lc",
            )),
            Algorithm::IdaPdb
                if Geometry::new(usize::from(board.rows), usize::from(board.cols)).is_none() =>
            {
                Err(PluginError::bad_parameter(
                    size(),
                    format!(
                        "ida-pdb solves boards up to {} cells; use ida-manhattan-lc",
                        fixed::MAX_CELLS
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    fn solve(&self, problem: State, progress: &Progress<'_>) -> Result<SolveReport, PluginError> {
        self.accepts(&problem)?;
        let board = &problem.board;
        let solution: Solution = match self.0 {
            Algorithm::AstarMisplaced => astar(board, Heuristic::Misplaced, ASTAR_LIMIT),
            Algorithm::AstarManhattan => astar(board, Heuristic::Manhattan, ASTAR_LIMIT),
            Algorithm::IdaManhattanLc => solve_lc(board, u64::MAX, &|nodes| {
                // Progress in nodes, against no known total.
                progress.report(nodes, 0).is_ok()
            }),
            Algorithm::IdaPdb => {
                let (rows, cols) = (usize::from(board.rows), usize::from(board.cols));
                let estimator = pdb::shared(rows, cols, &mut |done, total| {
                    progress.report(done, total).is_ok()
                })
                .map_err(|e| match e {
                    PdbError::Cancelled => PluginError::Cancelled,
                    other => PluginError::bad_parameter("board", other.to_string()),
                })?;
                fixed::ida(board, &*estimator, u64::MAX, &|nodes| {
                    progress.report(nodes, 0).is_ok()
                })
            }
        }
        .map_err(to_error)?;
        let actions: Vec<String> = solution
            .moves
            .iter()
            .map(|d| d.letter().to_string())
            .collect();
        Ok(SolveReport {
            solution: json!(actions.join("")),
            stats: BTreeMap::from([
                ("length".to_owned(), solution.moves.len() as f64),
                ("nodes".to_owned(), solution.nodes as f64),
                ("seconds".to_owned(), solution.seconds),
            ]),
            actions,
            solver: Some(self.info().name),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sliding;
    use tritium_plugin_api::Game;

    #[test]
    fn every_solver_answers_replayable_optimal_actions() {
        let state = Sliding.new_game(None, 11).expect("a game");
        let optimal = state.optimal.expect("3x3 is in the table");
        for solver in PuzzleSolver::ALL {
            let report = solver
                .solve(state.clone(), &Progress::none())
                .expect("solves");
            assert_eq!(
                report.actions.len() as u32,
                optimal,
                "{}",
                solver.info().name
            );
            let mut s = state.clone();
            for a in &report.actions {
                Sliding.apply(&mut s, a).expect("legal");
            }
            assert!(s.board.is_goal());
            assert!(report.stats["nodes"] > 0.0);
        }
        let big = Sliding.new_game(Some("4x4"), 1).expect("a game");
        assert!(matches!(
            PuzzleSolver(Algorithm::AstarMisplaced).solve(big, &Progress::none()),
            Err(PluginError::BadParameter { .. })
        ));
    }

    /// `SolveBest` through the dispatcher: which solver ran on a board of `rows × cols`.
    fn best(position: &str, rules: &str) -> Result<SolveReport, PluginError> {
        use tritium_plugin_api::{Request, Response};
        let state = Sliding.new_game_at(Some(rules), position, 1)?;
        let request = Request::SolveBest {
            game: "sliding".into(),
            problem: serde_json::to_value(state).expect("a state"),
        };
        match crate::plugin().handle(request, &Progress::none()) {
            Response::Solved(report) => Ok(report),
            Response::Error(e) => Err(e),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn with_no_solver_named_the_best_that_takes_the_board_runs() {
        // Up to 16 cells: the pattern databases (the 3×3's build in a moment).
        let three = best("1 2 3/4 5 6/0 7 8", "3x3").expect("solves");
        assert_eq!(three.solver.as_deref(), Some("ida-pdb"));
        assert_eq!(three.actions, ["l", "l"]);
        // Beyond 16 cells ida-pdb refuses: ida-manhattan-lc, the next rank, runs.
        let five = best(
            "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 0 23 24",
            "5x5",
        )
        .expect("solves");
        assert_eq!(five.solver.as_deref(), Some("ida-manhattan-lc"));
        assert_eq!(five.actions.len(), 2);
        // A named solver's report names it too.
        let named = PuzzleSolver(Algorithm::AstarManhattan)
            .solve(
                Sliding.new_game(None, 3).expect("a game"),
                &Progress::none(),
            )
            .expect("solves");
        assert_eq!(named.solver.as_deref(), Some("astar-manhattan"));
        // Ranks: the table's order.
        let ranks: Vec<u32> = PuzzleSolver::ALL.iter().map(|s| s.info().rank).collect();
        assert_eq!(ranks, [0, 1, 2, 3]);
    }
}
