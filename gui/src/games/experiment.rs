//! The Experiments page's state, plain Rust: the form (strategy, sweep, rules, seed, number of
//! games), the experiment or sweep running on the worker, its latest results, and the CSV
//! export.

use std::path::PathBuf;

use plugin_host::LoadedPlugin;
use plugin_host::sweep::run_sweep;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameInfo};

use super::report;
use crate::common::Notice;
use crate::games::forms::{GameError, Setup, StrategyChoice, tell, warn};
use crate::games::task::Task;

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

/// What a finished run shows: an experiment's report and plots, or a sweep's ranking.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// One strategy's report, with its plots' data.
    Report(report::Results),
    /// A sweep's ranking.
    Sweep(report::Ranking),
}

/// A finished experiment or sweep, kept in the list of runs until cleared.
#[derive(Clone, Debug)]
pub struct FinishedRun {
    /// What it was, for the list: e.g. `2048 · greedy · 100 games · rules seed`.
    pub title: String,
    /// Its results.
    pub outcome: Outcome,
}

/// Running an experiment (one strategy, or every strategy of a sweep) and the runs finished
/// so far. Its strategy is the Game page's ([`crate::games::Play::strategy`]).
#[derive(Debug)]
pub struct Experiment {
    /// The sweep to run.
    pub sweep: SweepChoice,
    /// Rules and master seed.
    pub setup: Setup,
    /// Number of games (per strategy).
    pub games: u32,
    /// The finished runs, oldest first: a new one is added, never put in another's place.
    pub runs: Vec<FinishedRun>,
    /// The run shown (an index into [`Experiment::runs`]).
    pub shown: Option<usize>,
    /// The game the running experiment or sweep plays, for its run's title.
    game_title: String,
    /// Where "Export CSV" writes.
    pub csv_path: String,
    running: Option<Task<Finished>>,
}

impl Default for Experiment {
    fn default() -> Experiment {
        Experiment {
            setup: Setup::default(),
            games: 100,
            sweep: SweepChoice::default(),
            runs: Vec::new(),
            shown: None,
            game_title: String::new(),
            csv_path: "experiment.csv".into(),
            running: None,
        }
    }
}

impl Experiment {
    /// Cancels the running experiment or sweep, if any (without a word: choosing another game
    /// does this).
    pub fn cancel(&mut self) {
        if let Some(task) = self.running.take() {
            task.cancel();
        }
    }

    /// The report of the run shown, if it is an experiment's.
    pub fn report(&self) -> Option<&report::Results> {
        match &self.runs.get(self.shown?)?.outcome {
            Outcome::Report(results) => Some(results),
            Outcome::Sweep(_) => None,
        }
    }

    /// The ranking of the run shown, if it is a sweep's.
    pub fn ranking(&self) -> Option<&report::Ranking> {
        match &self.runs.get(self.shown?)?.outcome {
            Outcome::Sweep(ranking) => Some(ranking),
            Outcome::Report(_) => None,
        }
    }

    /// Removes the run shown ("Clear"); the one before it (or after) is shown then.
    pub fn clear_shown(&mut self) {
        if let Some(i) = self.shown.filter(|&i| i < self.runs.len()) {
            self.runs.remove(i);
            self.shown = if self.runs.is_empty() {
                None
            } else {
                Some(i.saturating_sub(1).min(self.runs.len() - 1))
            };
        }
    }

    /// Removes every run ("Clear all").
    pub fn clear_all(&mut self) {
        self.runs.clear();
        self.shown = None;
    }

    /// The running experiment's progress `(games done, games)`; `None` when none runs.
    pub fn running(&self) -> Option<(u64, u64)> {
        self.running.as_ref().map(Task::progress)
    }

    /// Runs an experiment of `strategy` with the experiment form's settings, on the worker
    /// thread.
    pub fn run(
        &mut self,
        game: Option<(&LoadedPlugin, &GameInfo)>,
        strategy: &StrategyChoice,
        notice: &mut Option<Notice>,
    ) {
        match self.try_run(game, strategy) {
            Ok(started) => tell(notice, started),
            Err(e) => warn(notice, &e),
        }
    }

    fn try_run(
        &mut self,
        game: Option<(&LoadedPlugin, &GameInfo)>,
        strategy: &StrategyChoice,
    ) -> Result<String, GameError> {
        let (plugin, game) = game.ok_or(GameError::NoGame)?;
        self.game_title.clone_from(&game.title);
        let (plugin, game) = (plugin.clone(), game.name.clone());
        let spec = ExperimentSpec {
            strategy: strategy.spec.trim().to_owned(),
            games: self.games.max(1),
            seed: self.setup.seed()?,
            rules: self.setup.rules().map(str::to_owned),
            opponent: None,
            shard: None,
        };
        self.cancel();
        self.running = Some(Task::spawn(move |progress| {
            plugin
                .experiment(&game, &spec, Some(progress))
                .map(Finished::Report)
        }));
        Ok(format!("experiment started: {}", strategy.spec))
    }

    /// Runs every strategy of the sweep in the form (with the form's games, rules and seed) on
    /// the worker thread, and ranks them.
    pub fn run_sweep(
        &mut self,
        game: Option<(&LoadedPlugin, &GameInfo)>,
        notice: &mut Option<Notice>,
    ) {
        match self.try_run_sweep(game) {
            Ok(started) => tell(notice, started),
            Err(e) => warn(notice, &e),
        }
    }

    fn try_run_sweep(
        &mut self,
        game: Option<(&LoadedPlugin, &GameInfo)>,
    ) -> Result<String, GameError> {
        let (plugin, game) = game.ok_or(GameError::NoGame)?;
        self.game_title.clone_from(&game.title);
        let (plugin, game) = (plugin.clone(), game.name.clone());
        let sweep = self.sweep.clone();
        let games = self.games.max(1);
        let seed = self.setup.seed()?;
        let rules = self.setup.rules().map(str::to_owned);
        self.cancel();
        self.running = Some(Task::spawn(move |progress| {
            let strategies = plugin.sweep(&game, &sweep.name, sweep.size)?;
            let spec = ExperimentSpec {
                strategy: String::new(),
                games,
                seed,
                rules,
                opponent: None,
                shard: None,
            };
            let each = |_: usize, done: u64, total: u64| progress(done, total);
            let reports =
                run_sweep(&plugin, &game, &strategies, &spec, &each).map_err(|e| e.source)?;
            Ok(Finished::Sweep(report::Ranking::new(
                &sweep.name,
                sweep.size,
                reports,
            )))
        }));
        Ok(format!(
            "sweep started: {} {}",
            self.sweep.name, self.sweep.size
        ))
    }

    /// Cancels the running experiment.
    pub fn cancel_with_notice(&mut self, notice: &mut Option<Notice>) {
        if self.running.is_some() {
            self.cancel();
            tell(notice, "experiment cancelled");
        }
    }

    /// Writes the last results as CSV to the path typed in the form: an experiment's games,
    /// one row each, or a sweep's ranking, one row per strategy.
    pub fn export_csv(&mut self, notice: &mut Option<Notice>) {
        let path = PathBuf::from(self.csv_path.trim());
        let (csv, what) = if let Some(results) = self.report() {
            let games = results.report.games.len();
            (report::games_csv(&results.report), format!("{games} games"))
        } else if let Some(ranking) = self.ranking() {
            let strategies = ranking.rows.len();
            (ranking.to_csv(), format!("{strategies} strategies"))
        } else {
            warn(notice, &"no results to export: run an experiment first");
            return;
        };
        match report::write(&path, &csv) {
            Ok(()) => tell(notice, format!("wrote {what} to {}", path.display())),
            Err(e) => warn(notice, &GameError::from(e)),
        }
    }

    /// Adds a finished run to the list and shows it.
    fn add(&mut self, title: String, outcome: Outcome) {
        self.runs.push(FinishedRun { title, outcome });
        self.shown = Some(self.runs.len() - 1);
    }

    /// Collects the finished experiment or sweep, if any.
    pub fn update(&mut self, notice: &mut Option<Notice>) {
        if let Some(result) = self.running.as_ref().and_then(Task::poll) {
            self.running = None;
            match result {
                Ok(Finished::Report(report)) => {
                    let text = format!(
                        "experiment done: {} games of {}",
                        report.games.len(),
                        report.strategy
                    );
                    let title = format!(
                        "{} · {} · {} games · rules {}",
                        self.game_title,
                        report.strategy,
                        report.games.len(),
                        report.rules
                    );
                    self.add(title, Outcome::Report(report::Results::new(report)));
                    tell(notice, text);
                }
                Ok(Finished::Sweep(ranking)) => {
                    let text = format!(
                        "sweep done: {} strategies of {} {}",
                        ranking.rows.len(),
                        ranking.sweep,
                        ranking.size
                    );
                    let title = format!(
                        "{} · sweep {} {} · {} strategies",
                        self.game_title,
                        ranking.sweep,
                        ranking.size,
                        ranking.rows.len()
                    );
                    self.add(title, Outcome::Sweep(ranking));
                    tell(notice, text);
                }
                Err(e) => warn(notice, &e),
            }
        }
    }
}
