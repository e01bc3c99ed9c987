//! [`Plugin`]: the games and solvers one library provides, and the request dispatcher.

use crate::game::{DynGame, DynSolver};
use crate::protocol::{PerftReport, PluginInfo, Request, Response};
use crate::{Game, PluginError, Progress, Solver};

/// The games and solvers of one plugin library. Build it in the constructor given to
/// [`crate::export_plugin!`].
pub struct Plugin {
    name: String,
    version: String,
    /// Each game with its name (cached: looked up on every request).
    games: Vec<(String, Box<dyn DynGame>)>,
    /// Each solver with its name.
    solvers: Vec<(String, Box<dyn DynSolver>)>,
}

impl Plugin {
    /// An empty plugin; `name` and `version` are shown by `tritium plugins` (use
    /// `env!("CARGO_PKG_NAME")` and `env!("CARGO_PKG_VERSION")`).
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            version: version.into(),
            games: Vec::new(),
            solvers: Vec::new(),
        }
    }

    /// Adds a game.
    #[must_use]
    pub fn game(mut self, game: impl Game) -> Self {
        self.games.push((game.info().name, Box::new(game)));
        self
    }

    /// Adds a solver.
    #[must_use]
    pub fn solver(mut self, solver: impl Solver) -> Self {
        self.solvers.push((solver.info().name, Box::new(solver)));
        self
    }

    /// The plugin's description.
    pub fn info(&self) -> PluginInfo {
        PluginInfo {
            name: self.name.clone(),
            version: self.version.clone(),
            games: self.games.iter().map(|(_, g)| g.info()).collect(),
            solvers: self.solvers.iter().map(|(_, s)| s.info()).collect(),
        }
    }

    fn find_game(&self, name: &str) -> Result<&dyn DynGame, PluginError> {
        self.games
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, g)| g.as_ref())
            .ok_or_else(|| PluginError::UnknownTarget(name.to_owned()))
    }

    /// Answers one request in-process: what the C entry point does after decoding, and what
    /// tests call directly. Never panics on bad input: a bad request is an
    /// [`Response::Error`].
    pub fn handle(&self, request: Request, progress: &Progress<'_>) -> Response {
        self.try_handle(request, progress)
            .unwrap_or_else(Response::Error)
    }

    fn try_handle(
        &self,
        request: Request,
        progress: &Progress<'_>,
    ) -> Result<Response, PluginError> {
        Ok(match request {
            Request::Info => Response::Info(self.info()),
            Request::NewGame {
                game,
                rules,
                seed,
                position: None,
            } => Response::Frame(self.find_game(&game)?.new_game(rules.as_deref(), seed)?),
            Request::NewGame {
                game,
                rules,
                seed,
                position: Some(position),
            } => Response::Frame(self.find_game(&game)?.new_game_at(
                rules.as_deref(),
                &position,
                seed,
            )?),
            Request::Apply {
                game,
                state,
                action,
            } => Response::Frame(self.find_game(&game)?.apply(state, &action)?),
            Request::AiMove {
                game,
                state,
                strategy,
            } => {
                let (action, note) = self.find_game(&game)?.ai_move(state, &strategy, progress)?;
                Response::Move { action, note }
            }
            Request::Experiment { game, spec } => {
                Response::Experiment(self.find_game(&game)?.experiment(&spec, progress)?)
            }
            Request::SearchSplit {
                game,
                state,
                strategy,
            } => {
                let (depth, actions) = self.find_game(&game)?.search_split(state, &strategy)?;
                Response::Split { depth, actions }
            }
            Request::SearchValue {
                game,
                state,
                strategy,
                action,
                depth,
            } => Response::Value {
                value: self
                    .find_game(&game)?
                    .search_value(state, &strategy, &action, depth)?,
            },
            Request::Describe { game, state, seed } => {
                Response::Described(self.find_game(&game)?.describe(state, seed)?)
            }
            Request::Report { game, spec, games } => {
                Response::Experiment(self.find_game(&game)?.report(&spec, games)?)
            }
            Request::Sweep { game, sweep, size } => Response::Strategies {
                strategies: self.find_game(&game)?.sweep(&sweep, size)?,
            },
            Request::Perft { game, state, depth } => {
                let divide = self.find_game(&game)?.perft(state, depth)?;
                let leaves = if depth == 0 {
                    1
                } else {
                    divide.iter().map(|(_, n)| n).sum()
                };
                Response::Perft(PerftReport {
                    depth,
                    leaves,
                    divide,
                })
            }
            Request::Solve { solver, problem } => {
                let (_, solver) = self
                    .solvers
                    .iter()
                    .find(|(n, _)| *n == solver)
                    .ok_or(PluginError::UnknownTarget(solver))?;
                Response::Solved(solver.solve(problem, progress)?)
            }
            Request::SolveBest { game, problem } => {
                Response::Solved(self.solve_best(&game, problem, progress)?)
            }
        })
    }

    /// [`Request::SolveBest`]: the highest-ranked solver of `game` that accepts `problem`.
    fn solve_best(
        &self,
        game: &str,
        problem: serde_json::Value,
        progress: &Progress<'_>,
    ) -> Result<crate::protocol::SolveReport, PluginError> {
        let mut candidates: Vec<(u32, &dyn DynSolver)> = self
            .solvers
            .iter()
            .map(|(_, s)| (s.info(), s.as_ref()))
            .filter(|(info, _)| info.game.as_deref() == Some(game))
            .map(|(info, s)| (info.rank, s))
            .collect();
        if candidates.is_empty() {
            return Err(PluginError::bad_parameter(game, "this game has no solver"));
        }
        // Stable: equal ranks keep the listing order.
        candidates.sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        let mut refusals = Vec::new();
        for (_, solver) in candidates {
            match solver.accepts(&problem) {
                Ok(()) => return solver.solve(problem, progress),
                Err(e) => refusals.push(format!("{}: {e}", solver.info().name)),
            }
        }
        Err(PluginError::bad_parameter(
            game,
            format!("no solver takes this problem on ({})", refusals.join("; ")),
        ))
    }
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("name", &self.name)
            .field("version", &self.version)
            .field("games", &self.games.len())
            .field("solvers", &self.solvers.len())
            .finish()
    }
}
