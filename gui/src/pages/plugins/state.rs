//! Plugins in the app, plain Rust without egui: the plugin host, the game being played (by a
//! person or by a strategy), and the experiment being run. Plugin calls that may take long
//! (AI moves, experiments) run on a worker thread ([`Task`]); the views poll them once per
//! frame through [`GamesState::update`], so the window never waits for a plugin.
//!
//! Nothing here knows any particular game: the board, the values and the moves all come
//! from the plugin's [`Frame`].
//!
//! ```
//! use gui::pages::plugins::state::GamesState;
//!
//! // No plugins: nothing to play, and asking for a game says why instead of failing.
//! let mut games = GamesState::default();
//! assert!(games.host().plugins().is_empty());
//! games.new_game();
//! assert!(games.notice.as_ref().is_some_and(|n| n.is_error));
//! ```

use std::path::{Path, PathBuf};

use plugin_host::{CallError, LoadedPlugin, PluginHost};
use tritium_plugin_api::protocol::{
    ActionInfo, ExperimentReport, ExperimentSpec, Frame, GameInfo, SolveReport, SolverInfo,
};

pub use super::task::Task;
pub use crate::pages::experiments::report::{self, ExportError};

use crate::state::Notice;

/// Why a game or experiment action failed. Shown to the user; the app keeps running.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The plugin refused or failed (a caught panic is [`CallError::Plugin`] with
    /// `PluginError::Panic`).
    #[error(transparent)]
    Call(#[from] CallError),
    /// The worker thread ended without an answer.
    #[error("the plugin call ended without an answer")]
    WorkerLost,
    /// No game is selected.
    #[error("no game selected: load a plugin and choose one of its games")]
    NoGame,
    /// The seed field does not hold a number.
    #[error("seed `{0}` is not a whole number from 0 to 18446744073709551615")]
    Seed(String),
    /// The CSV export failed.
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// A game of a plugin: indices into the host's plugins and that plugin's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRef {
    /// Index into [`PluginHost::plugins`].
    pub plugin: usize,
    /// Index into that plugin's games.
    pub game: usize,
}

/// A strategy spec being edited: the strategy chosen in the picker and the full spec text
/// (prefilled with the strategy's example, e.g. `cyclic:drdl`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StrategyChoice {
    /// The chosen strategy's name.
    pub name: String,
    /// The spec sent to the plugin.
    pub spec: String,
}

impl StrategyChoice {
    /// The game's first strategy, with its example spec.
    pub fn first_of(game: &GameInfo) -> StrategyChoice {
        game.strategies
            .first()
            .map(|s| StrategyChoice {
                name: s.name.clone(),
                spec: s.example.clone(),
            })
            .unwrap_or_default()
    }

    /// Chooses strategy `name` of `game`, with its example spec.
    pub fn choose(&mut self, game: &GameInfo, name: &str) {
        if let Some(strategy) = game.strategies.iter().find(|s| s.name == name) {
            self.name.clone_from(&strategy.name);
            self.spec.clone_from(&strategy.example);
        }
    }
}

/// The settings of a new game or an experiment: rule set and seed (as typed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// One of the game's rule sets.
    pub rules: String,
    /// The seed as typed; parsed when used.
    pub seed: String,
}

impl Setup {
    fn first_of(game: &GameInfo) -> Setup {
        Setup {
            rules: game.rules.first().cloned().unwrap_or_default(),
            seed: "1".into(),
        }
    }

    /// The seed as a number.
    ///
    /// # Errors
    /// [`GameError::Seed`] when the text is not a `u64`.
    pub fn seed(&self) -> Result<u64, GameError> {
        let text = self.seed.trim();
        text.parse().map_err(|_| GameError::Seed(text.to_owned()))
    }

    fn rules(&self) -> Option<&str> {
        Some(self.rules.as_str()).filter(|r| !r.is_empty())
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session {
    /// The plugin playing it.
    pub plugin: LoadedPlugin,
    /// The game.
    pub game: GameInfo,
    /// The current state and its view.
    pub frame: Frame,
    /// Moves made since the start.
    pub moves: u64,
    /// The last move, e.g. `greedy: Left` or `you: Up`, with the strategy's note.
    pub last: Option<String>,
    /// Earlier frames, most recent last, for Undo (at most [`UNDO_LIMIT`]).
    history: Vec<Frame>,
}

/// How many moves Undo can take back.
pub const UNDO_LIMIT: usize = 1000;

impl Session {
    /// Moves to `frame`, keeping the current one for Undo.
    fn advance(&mut self, frame: Frame, last: String) {
        if self.history.len() == UNDO_LIMIT {
            self.history.remove(0);
        }
        self.history.push(std::mem::replace(&mut self.frame, frame));
        self.moves += 1;
        self.last = Some(last);
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }
}

/// What an AI move brings back from the worker: the move and the frame after it.
#[derive(Debug)]
struct AiStep {
    note: String,
    frame: Frame,
}

/// Playing a game: the session, the new-game setup, the strategy, and the AI.
#[derive(Debug)]
pub struct Play {
    /// The game in progress.
    pub session: Option<Session>,
    /// Rules and seed of the next "New game".
    pub setup: Setup,
    /// A position text to start the next "New game" from (as the game view shows it under
    /// the board); empty: the rules' initial position.
    pub position: String,
    /// The strategy of "AI move" and "Autoplay".
    pub strategy: StrategyChoice,
    /// Whether the AI plays on its own.
    pub autoplay: bool,
    /// Autoplay's speed, in moves per second.
    pub speed: f32,
    /// Seconds until autoplay's next move.
    wait: f32,
    /// The AI move being thought about.
    ai: Option<Task<AiStep>>,
    /// Two-player games: which sides a person plays, by index in the game's players (the
    /// others are the AI's: autoplay moves only for them). One-player games ignore it.
    pub humans: Vec<bool>,
    /// The grid cells clicked so far towards a move (a prefix of some action's path).
    pub selected: Vec<u32>,
    /// The solver of Hint and Solve (a name from the game's solvers; empty: the first).
    pub solver: String,
    /// A solve in progress, and what its answer is for.
    solving: Option<(Task<SolveReport>, SolveMode)>,
    /// The hinted action (its path is outlined on the board) until the next move.
    pub hint: Option<String>,
    /// The rest of a solution being played back, at autoplay's pace.
    pub plan: Vec<String>,
}

/// What a solve is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SolveMode {
    /// Show the first move.
    Hint,
    /// Play the whole solution back.
    Play,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            session: None,
            setup: Setup::default(),
            position: String::new(),
            strategy: StrategyChoice::default(),
            autoplay: false,
            speed: 10.0,
            wait: 0.0,
            ai: None,
            humans: Vec::new(),
            selected: Vec::new(),
            solver: String::new(),
            solving: None,
            hint: None,
            plan: Vec::new(),
        }
    }
}

impl Play {
    /// The running solve's latest `(done, total)` report (total 0: no known total, e.g. nodes
    /// searched) and its time so far; `None` when no solve runs.
    pub fn solve_progress(&self) -> Option<((u64, u64), std::time::Duration)> {
        self.solving
            .as_ref()
            .map(|(task, _)| (task.progress(), task.elapsed()))
    }

    /// The running AI move's progress (share done, if reported) and time so far; `None` when
    /// the AI is idle.
    pub fn thinking(&self) -> Option<(Option<f32>, std::time::Duration)> {
        self.ai
            .as_ref()
            .map(|task| (task.fraction(), task.elapsed()))
    }
}

/// A strategy family of the game and its size, for a sweep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SweepChoice {
    /// One of the game's sweeps' names.
    pub name: String,
    /// The family's size parameter (e.g. the maximum cycle length).
    pub size: u32,
}

/// What the worker brings back: one report, or a ranked sweep.
#[derive(Debug)]
enum Finished {
    Report(ExperimentReport),
    Sweep(report::Ranking),
}

/// Running an experiment (one strategy, or every strategy of a sweep) and its latest results.
#[derive(Debug)]
pub struct Experiment {
    /// The strategy to run.
    pub strategy: StrategyChoice,
    /// The sweep to run.
    pub sweep: SweepChoice,
    /// Rules and master seed.
    pub setup: Setup,
    /// Number of games (per strategy).
    pub games: u32,
    /// The last finished report, with its plots' data (`None` once a sweep finished).
    pub report: Option<report::Results>,
    /// The last finished sweep (`None` once a single experiment finished).
    pub ranking: Option<report::Ranking>,
    /// Where "Export CSV" writes.
    pub csv_path: String,
    running: Option<Task<Finished>>,
}

impl Default for Experiment {
    fn default() -> Experiment {
        Experiment {
            strategy: StrategyChoice::default(),
            setup: Setup::default(),
            games: 100,
            sweep: SweepChoice::default(),
            report: None,
            ranking: None,
            csv_path: "experiment.csv".into(),
            running: None,
        }
    }
}

impl Experiment {
    /// The running experiment's progress `(games done, games)`; `None` when none runs.
    pub fn running(&self) -> Option<(u64, u64)> {
        self.running.as_ref().map(Task::progress)
    }
}

/// The action a key means: a key name (`left`, `right`, `up`, `down`, or a character) matched
/// against the actions' key hints (case-insensitively); `w`, `a`, `s`, `d` stand for the
/// arrows unless an action claims the letter itself.
pub fn action_for_key(actions: &[ActionInfo], key: &str) -> Option<String> {
    let find = |name: &str| {
        actions
            .iter()
            .find(|a| {
                a.key
                    .as_deref()
                    .is_some_and(|k| k.eq_ignore_ascii_case(name))
            })
            .map(|a| a.id.clone())
    };
    find(key).or_else(|| {
        let arrow = match key {
            "w" => "up",
            "a" => "left",
            "s" => "down",
            "d" => "right",
            _ => return None,
        };
        find(arrow)
    })
}

/// Everything the plugin views know. See the [module docs](self).
#[derive(Debug, Default)]
pub struct GamesState {
    host: PluginHost,
    dirs: Vec<PathBuf>,
    /// The game chosen for playing and experiments.
    pub selected: Option<GameRef>,
    /// The game being played.
    pub play: Play,
    /// The experiment.
    pub experiment: Experiment,
    /// Feedback for the user (errors in red).
    pub notice: Option<Notice>,
}

impl GamesState {
    /// A state whose host has searched `dirs` for plugins (see [`plugin_host::search_path`]
    /// for the usual list), with the first game found selected.
    pub fn discover(dirs: &[PathBuf]) -> GamesState {
        let mut host = PluginHost::new();
        host.discover(dirs);
        let mut state = GamesState {
            host,
            dirs: dirs.to_vec(),
            ..GamesState::default()
        };
        // The first plugin with a game (a plugin may offer only solvers).
        let first = state
            .host
            .plugins()
            .iter()
            .position(|p| !p.info().games.is_empty());
        if let Some(plugin) = first {
            state.select(GameRef { plugin, game: 0 });
        }
        state
    }

    /// The plugin host: the plugins loaded and the files rejected.
    pub fn host(&self) -> &PluginHost {
        &self.host
    }

    /// The directories searched at start.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            is_error: false,
        });
    }

    fn error(&mut self, error: &impl std::fmt::Display) {
        self.notice = Some(Notice {
            text: error.to_string(),
            is_error: true,
        });
    }

    /// Loads the library at `path` ("Load plugin…"); a rejection is shown and listed.
    pub fn load_plugin(&mut self, path: &Path) {
        match self.host.load(path) {
            Ok(plugin) => {
                let name = plugin.info().name.clone();
                let text = format!("loaded {name} {}", plugin.info().version);
                let index = self
                    .host
                    .plugins()
                    .iter()
                    .position(|p| p.info().name == name);
                self.info(text);
                if let Some(plugin) = index
                    && self.selected.is_none()
                    && !self.host.plugins()[plugin].info().games.is_empty()
                {
                    self.select(GameRef { plugin, game: 0 });
                }
            }
            Err(e) => self.error(&format_args!("{}: {e}", path.display())),
        }
    }

    /// The selected game and its plugin.
    pub fn game(&self) -> Option<(&LoadedPlugin, &GameInfo)> {
        let r = self.selected?;
        let plugin = self.host.plugins().get(r.plugin)?;
        Some((plugin, plugin.info().games.get(r.game)?))
    }

    /// Chooses the game to play and experiment with; its defaults fill the forms. The game in
    /// progress, if another, ends.
    pub fn select(&mut self, game: GameRef) {
        if self.selected == Some(game) {
            return;
        }
        self.selected = Some(game);
        let Some((_, info)) = self.game() else {
            self.selected = None;
            return;
        };
        let info = info.clone();
        self.stop_ai();
        self.play.session = None;
        self.play.setup = Setup::first_of(&info);
        self.play.strategy = StrategyChoice::first_of(&info);
        self.experiment.cancel();
        self.experiment.report = None;
        self.experiment.ranking = None;
        self.experiment.setup = Setup::first_of(&info);
        self.experiment.strategy = StrategyChoice::first_of(&info);
        self.experiment.sweep = SweepChoice {
            name: info
                .sweeps
                .first()
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            size: 3,
        };
    }

    fn stop_ai(&mut self) {
        self.play.autoplay = false;
        if let Some(task) = self.play.ai.take() {
            task.cancel();
        }
        if let Some((task, _)) = self.play.solving.take() {
            task.cancel();
        }
        self.play.plan.clear();
    }

    /// The solvers of the game in progress (those whose `game` is this game).
    pub fn solvers(&self) -> Vec<SolverInfo> {
        let Some(session) = &self.play.session else {
            return Vec::new();
        };
        session
            .plugin
            .info()
            .solvers
            .iter()
            .filter(|s| s.game.as_deref() == Some(session.game.name.as_str()))
            .cloned()
            .collect()
    }

    /// Whether a solve is running (Hint or Solve).
    pub fn solving(&self) -> bool {
        self.play.solving.is_some()
    }

    /// Asks the chosen solver for the best move and outlines it ("Hint"), on the worker.
    pub fn hint(&mut self) {
        self.start_solve(SolveMode::Hint);
    }

    /// Solves the position and plays the solution back at autoplay's pace ("Solve").
    pub fn solve(&mut self) {
        self.start_solve(SolveMode::Play);
    }

    fn start_solve(&mut self, mode: SolveMode) {
        if !self.can_move() {
            return;
        }
        let solvers = self.solvers();
        let Some(solver) = solvers
            .iter()
            .find(|s| s.name == self.play.solver)
            .or_else(|| solvers.first())
            .map(|s| s.name.clone())
        else {
            return;
        };
        let Some(session) = &self.play.session else {
            return;
        };
        let (plugin, state) = (session.plugin.clone(), session.frame.state.clone());
        self.play.solving = Some((
            Task::spawn(move |progress| plugin.solve(&solver, &state, Some(progress))),
            mode,
        ));
    }

    /// Starts a game with the setup's rules and seed ("New game"), from [`Play::position`]
    /// when one is typed.
    pub fn new_game(&mut self) {
        if let Err(e) = self.try_new_game() {
            self.error(&e);
        }
    }

    fn try_new_game(&mut self) -> Result<(), GameError> {
        let (plugin, game) = self.game().ok_or(GameError::NoGame)?;
        let (plugin, game) = (plugin.clone(), game.clone());
        let seed = self.play.setup.seed()?;
        if let Some(task) = self.play.ai.take() {
            task.cancel();
        }
        let position = self.play.position.trim();
        let frame = if position.is_empty() {
            plugin.new_game(&game.name, self.play.setup.rules(), seed)?
        } else {
            plugin.new_game_at(&game.name, self.play.setup.rules(), position, seed)?
        };
        self.info(if position.is_empty() {
            format!(
                "new {} game, rules {}, seed {seed}",
                game.title, self.play.setup.rules
            )
        } else {
            format!("{} from the position {position}, seed {seed}", game.title)
        });
        // A person plays every side until told otherwise (the side picker).
        if self.play.humans.len() != game.players.len() {
            self.play.humans = vec![true; game.players.len()];
        }
        self.play.selected.clear();
        self.play.session = Some(Session {
            plugin,
            game,
            frame,
            moves: 0,
            last: None,
            history: Vec::new(),
        });
        Ok(())
    }

    /// Whether the player may move now: a game runs, is not over, and neither the AI nor a
    /// solver is thinking.
    pub fn can_move(&self) -> bool {
        self.play.ai.is_none()
            && self.play.solving.is_none()
            && self
                .play
                .session
                .as_ref()
                .is_some_and(|s| s.frame.outcome.is_none())
    }

    /// Plays action `id` for the person at the keyboard; an illegal move is shown, not fatal.
    pub fn act(&mut self, id: &str) {
        if !self.can_move() {
            return;
        }
        let Some(session) = &mut self.play.session else {
            return;
        };
        let label = session
            .frame
            .actions
            .iter()
            .find(|a| a.id == id)
            .map_or_else(|| id.to_owned(), |a| a.label.clone());
        match session.plugin.apply(&session.game.name, &session.frame, id) {
            Ok(frame) => {
                session.advance(frame, format!("you: {label}"));
                self.play.selected.clear();
                self.play.hint = None;
                self.notice = None;
                self.announce_end();
            }
            Err(e) => self.error(&e),
        }
    }

    /// A click on grid cell `cell`: extends the selection along the legal actions' paths
    /// (a piece, then each square it lands on) and plays the action once its whole path is
    /// clicked. A cell that continues no path starts a new selection if some path starts
    /// there, else clears it.
    pub fn click_cell(&mut self, cell: u32) {
        if !self.can_move() {
            return;
        }
        let Some(session) = &self.play.session else {
            return;
        };
        let mut wanted = self.play.selected.clone();
        wanted.push(cell);
        let continues = |prefix: &[u32]| -> Vec<&ActionInfo> {
            session
                .frame
                .actions
                .iter()
                .filter(|a| a.path.len() >= prefix.len() && a.path.starts_with(prefix))
                .collect()
        };
        let mut candidates = continues(&wanted);
        if candidates.is_empty() {
            wanted = vec![cell];
            candidates = continues(&wanted);
        }
        if candidates.is_empty() {
            self.play.selected.clear();
            return;
        }
        let complete: Vec<&ActionInfo> = candidates
            .iter()
            .copied()
            .filter(|a| a.path.len() == wanted.len())
            .collect();
        // Played when the clicks name exactly one action.
        if let [only] = complete.as_slice()
            && candidates.len() == 1
        {
            let id = only.id.clone();
            self.play.selected.clear();
            self.act(&id);
            return;
        }
        self.play.selected = wanted;
    }

    /// The cells a click may go to next: where the selected piece can go, or, with nothing
    /// selected, every cell a move starts from.
    pub fn click_targets(&self) -> Vec<u32> {
        let Some(session) = &self.play.session else {
            return Vec::new();
        };
        let prefix = &self.play.selected;
        let mut targets: Vec<u32> = session
            .frame
            .actions
            .iter()
            .filter(|a| a.path.len() > prefix.len() && a.path.starts_with(prefix))
            .map(|a| a.path[prefix.len()])
            .collect();
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// Whether the side to move is a person's (always true in one-player games).
    pub fn human_to_move(&self) -> bool {
        let Some(session) = &self.play.session else {
            return true;
        };
        session
            .frame
            .to_move
            .is_none_or(|side| self.play.humans.get(side as usize).copied().unwrap_or(true))
    }

    /// The action a key means in the game in progress; see [`action_for_key`].
    pub fn action_for_key(&self, key: &str) -> Option<String> {
        action_for_key(&self.play.session.as_ref()?.frame.actions, key)
    }

    /// Takes the last move back (the AI's too); stops autoplay and any AI move in progress.
    pub fn undo(&mut self) {
        self.stop_ai();
        if let Some(session) = &mut self.play.session
            && let Some(frame) = session.history.pop()
        {
            session.frame = frame;
            session.moves -= 1;
            self.play.selected.clear();
            session.last = Some("undone".into());
            self.notice = None;
        }
    }

    /// Asks the strategy for one move ("AI move"), on the worker thread.
    pub fn ai_move(&mut self) {
        if !self.can_move() {
            return;
        }
        let Some(session) = &self.play.session else {
            return;
        };
        let (plugin, game, frame) = (
            session.plugin.clone(),
            session.game.name.clone(),
            session.frame.clone(),
        );
        let strategy = self.play.strategy.spec.trim().to_owned();
        self.play.ai = Some(Task::spawn(move |progress| {
            let (action, note) = plugin.ai_move(&game, &frame, &strategy, Some(progress))?;
            let label = frame
                .actions
                .iter()
                .find(|a| a.id == action)
                .map_or_else(|| action.clone(), |a| a.label.clone());
            let frame = plugin.apply(&game, &frame, &action)?;
            let note = if note.is_empty() {
                format!("{strategy}: {label}")
            } else {
                format!("{strategy}: {label} ({note})")
            };
            Ok(AiStep { note, frame })
        }));
    }

    /// Stops the AI: cancels the move being thought about and ends autoplay.
    pub fn cancel_ai(&mut self) {
        if self.play.ai.is_some() {
            self.info("AI move cancelled");
        }
        self.stop_ai();
    }

    /// Turns autoplay on or off.
    pub fn set_autoplay(&mut self, on: bool) {
        self.play.autoplay = on && self.play.session.is_some();
        self.play.wait = 0.0;
    }

    fn announce_end(&mut self) {
        if let Some(session) = &self.play.session
            && let Some(outcome) = &session.frame.outcome
        {
            let text = format!("game over after {} moves: {outcome}", session.moves);
            self.play.autoplay = false;
            self.info(text);
        }
    }

    /// Runs an experiment with the experiment form's settings, on the worker thread.
    pub fn run_experiment(&mut self) {
        if let Err(e) = self.try_run_experiment() {
            self.error(&e);
        }
    }

    fn try_run_experiment(&mut self) -> Result<(), GameError> {
        let (plugin, game) = self.game().ok_or(GameError::NoGame)?;
        let (plugin, game) = (plugin.clone(), game.name.clone());
        let form = &self.experiment;
        let spec = ExperimentSpec {
            strategy: form.strategy.spec.trim().to_owned(),
            games: form.games.max(1),
            seed: form.setup.seed()?,
            rules: form.setup.rules().map(str::to_owned),
            opponent: None,
            shard: None,
        };
        self.experiment.cancel();
        self.experiment.running = Some(Task::spawn(move |progress| {
            plugin
                .experiment(&game, &spec, Some(progress))
                .map(Finished::Report)
        }));
        self.info(format!(
            "experiment started: {}",
            self.experiment.strategy.spec
        ));
        Ok(())
    }

    /// Runs every strategy of the sweep in the form (with the form's games, rules and seed) on
    /// the worker thread, and ranks them.
    pub fn run_sweep(&mut self) {
        if let Err(e) = self.try_run_sweep() {
            self.error(&e);
        }
    }

    fn try_run_sweep(&mut self) -> Result<(), GameError> {
        let (plugin, game) = self.game().ok_or(GameError::NoGame)?;
        let (plugin, game) = (plugin.clone(), game.name.clone());
        let form = &self.experiment;
        let sweep = form.sweep.clone();
        let games = form.games.max(1);
        let seed = form.setup.seed()?;
        let rules = form.setup.rules().map(str::to_owned);
        self.experiment.cancel();
        self.experiment.running = Some(Task::spawn(move |progress| {
            let strategies = plugin.sweep(&game, &sweep.name, sweep.size)?;
            let total = u64::from(games) * strategies.len() as u64;
            let mut reports = Vec::with_capacity(strategies.len());
            for (i, strategy) in strategies.into_iter().enumerate() {
                let offset = i as u64 * u64::from(games);
                let each = |done: u64, _: u64| progress(offset + done, total);
                let spec = ExperimentSpec {
                    strategy,
                    games,
                    seed,
                    rules: rules.clone(),
                    opponent: None,
                    shard: None,
                };
                reports.push(plugin.experiment(&game, &spec, Some(&each))?);
            }
            Ok(Finished::Sweep(report::Ranking::new(
                &sweep.name,
                sweep.size,
                reports,
            )))
        }));
        self.info(format!(
            "sweep started: {} {}",
            self.experiment.sweep.name, self.experiment.sweep.size
        ));
        Ok(())
    }

    /// Cancels the running experiment.
    pub fn cancel_experiment(&mut self) {
        if self.experiment.running.is_some() {
            self.experiment.cancel();
            self.info("experiment cancelled");
        }
    }

    /// Writes the last results as CSV to the path typed in the form: an experiment's games,
    /// one row each, or a sweep's ranking, one row per strategy.
    pub fn export_csv(&mut self) {
        let path = PathBuf::from(self.experiment.csv_path.trim());
        let (csv, what) = if let Some(results) = &self.experiment.report {
            let games = results.report.games.len();
            (report::games_csv(&results.report), format!("{games} games"))
        } else if let Some(ranking) = &self.experiment.ranking {
            let strategies = ranking.rows.len();
            (ranking.to_csv(), format!("{strategies} strategies"))
        } else {
            self.error(&"no results to export: run an experiment first");
            return;
        };
        match report::write(&path, &csv) {
            Ok(()) => self.info(format!("wrote {what} to {}", path.display())),
            Err(e) => self.error(&GameError::from(e)),
        }
    }

    /// Whether a worker is busy or autoplay is on (the app keeps repainting to poll).
    pub fn busy(&self) -> bool {
        self.next_update().is_some()
    }

    /// When [`GamesState::update`] has something to do next: soon while a worker runs (to
    /// collect its answer and show its progress), at autoplay's next move, or never.
    pub fn next_update(&self) -> Option<std::time::Duration> {
        let poll = std::time::Duration::from_millis(15);
        if self.play.ai.is_some()
            || self.play.solving.is_some()
            || self.experiment.running.is_some()
        {
            Some(poll)
        } else if self.play.autoplay || !self.play.plan.is_empty() {
            Some(std::time::Duration::from_secs_f32(self.play.wait.max(0.0)).min(poll * 100))
        } else {
            None
        }
    }

    /// Collects finished work and makes autoplay's moves; `dt` is the time since the last
    /// call, in seconds. Call once per frame.
    pub fn update(&mut self, dt: f32) {
        if let Some(result) = self.play.ai.as_ref().and_then(Task::poll) {
            self.play.ai = None;
            match result {
                Ok(step) => {
                    if let Some(session) = &mut self.play.session {
                        session.advance(step.frame, step.note);
                    }
                    if !self.play.autoplay {
                        self.notice = None;
                    }
                    self.announce_end();
                }
                Err(e) => {
                    self.play.autoplay = false;
                    self.error(&e);
                }
            }
        }
        if let Some(result) = self.play.solving.as_ref().and_then(|(task, _)| task.poll()) {
            let mode = self.play.solving.take().map(|(_, mode)| mode);
            match result {
                Ok(report) => {
                    let left = report.actions.len();
                    if mode == Some(SolveMode::Hint) {
                        self.play.hint = report.actions.first().cloned();
                        let first = self.play.hint.clone().unwrap_or_default();
                        self.info(format!("hint: {first} ({left} moves left)"));
                    } else {
                        self.play.plan = report.actions;
                        self.play.wait = 0.0;
                        self.info(format!("solution: {left} moves"));
                    }
                }
                Err(e) => self.error(&e),
            }
        }
        if !self.play.plan.is_empty() && self.play.ai.is_none() {
            self.play.wait -= dt;
            if self.play.wait <= 0.0 {
                self.play.wait = 1.0 / self.play.speed.max(0.1);
                let next = self.play.plan.remove(0);
                self.act(&next);
            }
        }
        if self.play.autoplay && self.play.ai.is_none() {
            self.play.wait -= dt;
            if self.play.wait <= 0.0 {
                self.play.wait = 1.0 / self.play.speed.max(0.1);
                let two_player = self
                    .play
                    .session
                    .as_ref()
                    .is_some_and(|s| s.frame.to_move.is_some());
                if !self.can_move() {
                    self.play.autoplay = false;
                } else if !two_player || !self.human_to_move() {
                    self.ai_move();
                }
            }
        }
        if let Some(result) = self.experiment.running.as_ref().and_then(Task::poll) {
            self.experiment.running = None;
            match result {
                Ok(Finished::Report(report)) => {
                    let text = format!(
                        "experiment done: {} games of {}",
                        report.games.len(),
                        report.strategy
                    );
                    self.experiment.report = Some(report::Results::new(report));
                    self.experiment.ranking = None;
                    self.info(text);
                }
                Ok(Finished::Sweep(ranking)) => {
                    let text = format!(
                        "sweep done: {} strategies of {} {}",
                        ranking.rows.len(),
                        ranking.sweep,
                        ranking.size
                    );
                    self.experiment.ranking = Some(ranking);
                    self.experiment.report = None;
                    self.info(text);
                }
                Err(e) => self.error(&e),
            }
        }
    }
}

impl Experiment {
    fn cancel(&mut self) {
        if let Some(task) = self.running.take() {
            task.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(id: &str, key: Option<&str>) -> ActionInfo {
        ActionInfo {
            id: id.into(),
            label: id.to_uppercase(),
            key: key.map(str::to_owned),
            path: Vec::new(),
        }
    }

    #[test]
    fn arrows_wasd_and_own_keys_map_through_the_hints() {
        let actions = [
            action("l", Some("left")),
            action("u", Some("up")),
            action("x", Some("D")),
            action("n", None),
        ];
        assert_eq!(action_for_key(&actions, "left").as_deref(), Some("l"));
        assert_eq!(action_for_key(&actions, "a").as_deref(), Some("l"));
        assert_eq!(action_for_key(&actions, "w").as_deref(), Some("u"));
        // An action that claims `d` gets it, rather than "right".
        assert_eq!(action_for_key(&actions, "d").as_deref(), Some("x"));
        assert_eq!(
            action_for_key(&actions, "s"),
            None,
            "down is not legal here"
        );
        assert_eq!(action_for_key(&actions, "down"), None);
        assert_eq!(action_for_key(&actions, "n"), None, "no key hint, no key");
    }

    #[test]
    fn a_bad_seed_or_no_game_is_an_error_on_the_page() {
        let setup = Setup {
            rules: String::new(),
            seed: " 42 ".into(),
        };
        assert_eq!(setup.seed().expect("a number"), 42);
        assert_eq!(setup.rules(), None, "no rules: the game's default");
        let bad = Setup {
            seed: "-1".into(),
            ..setup
        };
        let error = bad.seed().expect_err("negative");
        assert_eq!(
            error.to_string(),
            "seed `-1` is not a whole number from 0 to 18446744073709551615"
        );

        let mut games = GamesState::default();
        games.run_experiment();
        let notice = games.notice.clone().expect("a notice");
        assert!(notice.is_error);
        assert!(
            notice.text.starts_with("no game selected"),
            "{}",
            notice.text
        );
        games.export_csv();
        assert!(
            games
                .notice
                .as_ref()
                .expect("a notice")
                .text
                .starts_with("no results")
        );
        assert!(!games.busy());
    }

    #[test]
    fn a_missing_plugin_file_is_reported_and_listed_as_rejected() {
        let mut games = GamesState::default();
        let path = std::env::temp_dir().join("tritium-gui-no-such-plugin.so");
        games.load_plugin(&path);
        assert!(games.notice.as_ref().is_some_and(|n| n.is_error));
        assert_eq!(games.host().rejected().len(), 1);
        assert!(games.selected.is_none());
    }
}
