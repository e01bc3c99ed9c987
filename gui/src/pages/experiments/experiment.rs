//! The Experiments page's state, plain Rust: the form (strategy, sweep, rules, seed, number of
//! games), the experiment or sweep running on the worker, its latest results, and the CSV
//! export.

use std::path::PathBuf;

use plugin_host::LoadedPlugin;
use plugin_host::sweep::run_sweep;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameInfo};

use super::report;
use crate::pages::circuit::state::Notice;
use crate::pages::plugins::forms::{GameError, Setup, StrategyChoice, tell, warn};
use crate::pages::plugins::task::Task;

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
    /// Cancels the running experiment or sweep, if any (without a word: choosing another game
    /// does this).
    pub fn cancel(&mut self) {
        if let Some(task) = self.running.take() {
            task.cancel();
        }
    }

    /// The running experiment's progress `(games done, games)`; `None` when none runs.
    pub fn running(&self) -> Option<(u64, u64)> {
        self.running.as_ref().map(Task::progress)
    }

    /// Runs an experiment with the experiment form's settings, on the worker thread.
    pub fn run(&mut self, game: Option<(&LoadedPlugin, &GameInfo)>, notice: &mut Option<Notice>) {
        match self.try_run(game) {
            Ok(started) => tell(notice, started),
            Err(e) => warn(notice, &e),
        }
    }

    fn try_run(&mut self, game: Option<(&LoadedPlugin, &GameInfo)>) -> Result<String, GameError> {
        let (plugin, game) = game.ok_or(GameError::NoGame)?;
        let (plugin, game) = (plugin.clone(), game.name.clone());
        let spec = ExperimentSpec {
            strategy: self.strategy.spec.trim().to_owned(),
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
        Ok(format!("experiment started: {}", self.strategy.spec))
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
        let (csv, what) = if let Some(results) = &self.report {
            let games = results.report.games.len();
            (report::games_csv(&results.report), format!("{games} games"))
        } else if let Some(ranking) = &self.ranking {
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
                    self.report = Some(report::Results::new(report));
                    self.ranking = None;
                    tell(notice, text);
                }
                Ok(Finished::Sweep(ranking)) => {
                    let text = format!(
                        "sweep done: {} strategies of {} {}",
                        ranking.rows.len(),
                        ranking.sweep,
                        ranking.size
                    );
                    self.ranking = Some(ranking);
                    self.report = None;
                    tell(notice, text);
                }
                Err(e) => warn(notice, &e),
            }
        }
    }
}
