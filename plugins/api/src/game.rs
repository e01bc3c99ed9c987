//! The traits plugin authors implement: [`Game`] and [`Solver`].

use crate::protocol::{
    ActionInfo, ExperimentReport, ExperimentSpec, Frame, GameEnd, GameInfo, GameResult,
    SolveReport, SolverInfo, StateView,
};
use crate::{PluginError, Progress};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A game (or puzzle) a plugin provides. Implement it in safe Rust and register it with
/// [`crate::Plugin::game`].
///
/// Games are stateless services: every call gets the state it works on, so one `Game` value
/// serves any number of sessions from any number of threads.
pub trait Game: Send + Sync + 'static {
    /// The complete game state, including the state of its random number generator so that
    /// the same seed and the same actions always give the same game.
    type State: Serialize + DeserializeOwned;

    /// Metadata: name, rule sets, strategies.
    fn info(&self) -> GameInfo;

    /// A new game under `rules` (one of [`GameInfo::rules`]; `None`: the default).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for an unknown rule set.
    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<Self::State, PluginError>;

    /// What to draw.
    fn view(&self, state: &Self::State) -> StateView;

    /// The position text of `state`: one line a person can read, share and paste back into
    /// [`Game::new_game_at`] (see [`Frame::position`]). It holds everything that decides
    /// the game from here except the random generator's state.
    fn position(&self, state: &Self::State) -> String;

    /// A game starting from `position` (what [`Game::position`] writes) under `rules`; the
    /// random choices after it come from `seed`.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the offending item of a malformed position (a
    /// wrong cell count, a tile that cannot exist, …) or an unknown rule set.
    fn new_game_at(
        &self,
        rules: Option<&str>,
        position: &str,
        seed: u64,
    ) -> Result<Self::State, PluginError>;

    /// The legal actions; empty once the game is over.
    fn actions(&self, state: &Self::State) -> Vec<ActionInfo>;

    /// `Some(result)` once the game is over (e.g. `no move changes the board`).
    fn outcome(&self, state: &Self::State) -> Option<String>;

    /// Applies one action.
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] (the state is unchanged).
    fn apply(&self, state: &mut Self::State, action: &str) -> Result<(), PluginError>;

    /// Asks `strategy` (a spec such as `greedy`) for an action in `state`; returns the action
    /// id and a short note (may be empty).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for a bad spec, [`PluginError::Cancelled`] when
    /// `progress` says so, [`PluginError::IllegalAction`] when the game is over.
    fn ai_move(
        &self,
        state: &Self::State,
        strategy: &str,
        progress: &Progress<'_>,
    ) -> Result<(String, String), PluginError>;

    /// Plays `spec.games` games; must give the same report for the same spec whatever the
    /// number of threads. Report progress in games finished.
    ///
    /// # Errors
    /// As [`Game::ai_move`].
    fn experiment(
        &self,
        spec: &ExperimentSpec,
        progress: &Progress<'_>,
    ) -> Result<ExperimentReport, PluginError>;

    /// The report of an experiment from its per-game results (in game order): what
    /// [`Game::experiment`] computes after playing, and how a host merges the shares of a
    /// distributed run. The default: an error (the game cannot be distributed).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for a bad spec or results.
    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<GameResult>,
    ) -> Result<ExperimentReport, PluginError> {
        let _ = (spec, games);
        Err(PluginError::Malformed(
            "this game does not merge distributed experiments".into(),
        ))
    }

    /// Distributed search: the root moves `strategy` compares at `state` (in its order) and
    /// the depth it searches each to. The default: an error (not distributable).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for a strategy that is not a distributable search.
    fn search_split(
        &self,
        state: &Self::State,
        strategy: &str,
    ) -> Result<(u32, Vec<String>), PluginError> {
        let _ = state;
        Err(PluginError::bad_parameter(
            strategy,
            "this game's strategies cannot be searched in a distributed way",
        ))
    }

    /// Distributed search: the value of root move `action` at `state` searched to `depth`;
    /// the strategy plays the first of [`Game::search_split`]'s moves with the largest value.
    ///
    /// # Errors
    /// As [`Game::search_split`]; [`PluginError::IllegalAction`] for an action not among them.
    fn search_value(
        &self,
        state: &Self::State,
        strategy: &str,
        action: &str,
        depth: u32,
    ) -> Result<f64, PluginError> {
        let _ = (state, action, depth);
        Err(PluginError::bad_parameter(
            strategy,
            "this game's strategies cannot be searched in a distributed way",
        ))
    }

    /// The result an experiment's report lists for a finished game. The default: an error.
    ///
    /// # Errors
    /// [`PluginError::Malformed`] when the game does not describe results.
    fn describe(&self, state: &Self::State, seed: u64) -> Result<GameResult, PluginError> {
        let _ = (state, seed);
        Err(PluginError::Malformed(
            "this game does not describe single results".into(),
        ))
    }

    /// Two-player games: the index in [`GameInfo::players`] of the side to move (`None`
    /// once the game is over). The default: `None` (a one-player game).
    fn to_move(&self, state: &Self::State) -> Option<u32> {
        let _ = state;
        None
    }

    /// Two-player games: the result once the game is over. The default: `None`.
    fn result(&self, state: &Self::State) -> Option<GameEnd> {
        let _ = state;
        None
    }

    /// Perft's "divide": for each legal action of `state` (by [`ActionInfo::id`]), the number
    /// of leaves `depth − 1` plies after it (see [`crate::protocol::Request::Perft`]). Games
    /// that answer it set [`GameInfo::perft`].
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for a depth too large. The default counts nothing.
    fn perft(&self, state: &Self::State, depth: u32) -> Result<Vec<(String, u64)>, PluginError> {
        let _ = (state, depth);
        Err(PluginError::bad_parameter(
            "perft",
            "this game does not count perft",
        ))
    }

    /// The strategy specs of the family `sweep` up to `size` (see [`GameInfo::sweeps`]).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for an unknown family or size. The default knows none.
    fn sweep(&self, sweep: &str, size: u32) -> Result<Vec<String>, PluginError> {
        let _ = size;
        Err(PluginError::bad_parameter(
            sweep,
            "this game has no strategy sweeps",
        ))
    }
}

/// A puzzle solver a plugin provides. Register it with [`crate::Plugin::solver`].
pub trait Solver: Send + Sync + 'static {
    /// The problem, in the solver's own serde shape.
    type Problem: DeserializeOwned;

    /// Metadata.
    fn info(&self) -> SolverInfo;

    /// Whether the solver takes `problem` on: a quick check, no search. `Err` says why not
    /// (e.g. a board larger than the solver handles); [`crate::protocol::Request::SolveBest`]
    /// then tries the next solver. The default takes every problem.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming what the solver refuses and why.
    fn accepts(&self, problem: &Self::Problem) -> Result<(), PluginError> {
        let _ = problem;
        Ok(())
    }

    /// Solves `problem`.
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] for an unsolvable or malformed problem,
    /// [`PluginError::Cancelled`] when `progress` says so.
    fn solve(
        &self,
        problem: Self::Problem,
        progress: &Progress<'_>,
    ) -> Result<SolveReport, PluginError>;
}

/// [`Game`] with its state type erased to JSON: what the dispatcher calls.
pub(crate) trait DynGame: Send + Sync {
    fn info(&self) -> GameInfo;
    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<Frame, PluginError>;
    fn new_game_at(
        &self,
        rules: Option<&str>,
        position: &str,
        seed: u64,
    ) -> Result<Frame, PluginError>;
    fn apply(&self, state: Value, action: &str) -> Result<Frame, PluginError>;
    fn ai_move(
        &self,
        state: Value,
        strategy: &str,
        progress: &Progress<'_>,
    ) -> Result<(String, String), PluginError>;
    fn experiment(
        &self,
        spec: &ExperimentSpec,
        progress: &Progress<'_>,
    ) -> Result<ExperimentReport, PluginError>;
    fn sweep(&self, sweep: &str, size: u32) -> Result<Vec<String>, PluginError>;
    fn search_split(&self, state: Value, strategy: &str)
    -> Result<(u32, Vec<String>), PluginError>;
    fn search_value(
        &self,
        state: Value,
        strategy: &str,
        action: &str,
        depth: u32,
    ) -> Result<f64, PluginError>;
    fn describe(&self, state: Value, seed: u64) -> Result<GameResult, PluginError>;
    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<GameResult>,
    ) -> Result<ExperimentReport, PluginError>;
    fn perft(&self, state: Value, depth: u32) -> Result<Vec<(String, u64)>, PluginError>;
}

fn decode<T: DeserializeOwned>(state: Value) -> Result<T, PluginError> {
    serde_json::from_value(state).map_err(|e| PluginError::Malformed(format!("game state: {e}")))
}

fn frame<G: Game>(game: &G, state: &G::State) -> Result<Frame, PluginError> {
    Ok(Frame {
        state: serde_json::to_value(state)
            .map_err(|e| PluginError::Other(format!("cannot serialize the game state: {e}")))?,
        view: game.view(state),
        actions: game.actions(state),
        outcome: game.outcome(state),
        position: game.position(state),
        to_move: game.to_move(state),
        result: game.result(state),
    })
}

impl<G: Game> DynGame for G {
    fn info(&self) -> GameInfo {
        Game::info(self)
    }

    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<Frame, PluginError> {
        let state = Game::new_game(self, rules, seed)?;
        frame(self, &state)
    }

    fn new_game_at(
        &self,
        rules: Option<&str>,
        position: &str,
        seed: u64,
    ) -> Result<Frame, PluginError> {
        let state = Game::new_game_at(self, rules, position, seed)?;
        frame(self, &state)
    }

    fn apply(&self, state: Value, action: &str) -> Result<Frame, PluginError> {
        let mut state: G::State = decode(state)?;
        Game::apply(self, &mut state, action)?;
        frame(self, &state)
    }

    fn ai_move(
        &self,
        state: Value,
        strategy: &str,
        progress: &Progress<'_>,
    ) -> Result<(String, String), PluginError> {
        let state: G::State = decode(state)?;
        Game::ai_move(self, &state, strategy, progress)
    }

    fn experiment(
        &self,
        spec: &ExperimentSpec,
        progress: &Progress<'_>,
    ) -> Result<ExperimentReport, PluginError> {
        Game::experiment(self, spec, progress)
    }

    fn sweep(&self, sweep: &str, size: u32) -> Result<Vec<String>, PluginError> {
        Game::sweep(self, sweep, size)
    }

    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<GameResult>,
    ) -> Result<ExperimentReport, PluginError> {
        Game::report(self, spec, games)
    }

    fn search_split(
        &self,
        state: Value,
        strategy: &str,
    ) -> Result<(u32, Vec<String>), PluginError> {
        let state: G::State = decode(state)?;
        Game::search_split(self, &state, strategy)
    }

    fn search_value(
        &self,
        state: Value,
        strategy: &str,
        action: &str,
        depth: u32,
    ) -> Result<f64, PluginError> {
        let state: G::State = decode(state)?;
        Game::search_value(self, &state, strategy, action, depth)
    }

    fn describe(&self, state: Value, seed: u64) -> Result<GameResult, PluginError> {
        let state: G::State = decode(state)?;
        Game::describe(self, &state, seed)
    }

    fn perft(&self, state: Value, depth: u32) -> Result<Vec<(String, u64)>, PluginError> {
        let state: G::State = decode(state)?;
        Game::perft(self, &state, depth)
    }
}

/// [`Solver`] with its problem type erased to JSON.
pub(crate) trait DynSolver: Send + Sync {
    fn info(&self) -> SolverInfo;
    fn accepts(&self, problem: &Value) -> Result<(), PluginError>;
    fn solve(&self, problem: Value, progress: &Progress<'_>) -> Result<SolveReport, PluginError>;
}

fn problem<P: DeserializeOwned>(problem: Value) -> Result<P, PluginError> {
    serde_json::from_value(problem).map_err(|e| PluginError::Malformed(format!("problem: {e}")))
}

impl<S: Solver> DynSolver for S {
    fn info(&self) -> SolverInfo {
        Solver::info(self)
    }

    fn accepts(&self, problem: &Value) -> Result<(), PluginError> {
        Solver::accepts(self, &self::problem(problem.clone())?)
    }

    fn solve(&self, problem: Value, progress: &Progress<'_>) -> Result<SolveReport, PluginError> {
        let mut report = Solver::solve(self, self::problem(problem)?, progress)?;
        report.solver = Some(Solver::info(self).name);
        Ok(report)
    }
}
