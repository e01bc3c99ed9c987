//! What the three plugin pages share, plain Rust without egui: the plugin host, the game
//! chosen, the notices, and the Game and Experiments pages' states ([`Play`], [`Experiment`]).
//! Plugin calls that may take long (AI moves, solves, experiments) run on a worker thread
//! ([`Task`](super::task::Task)); the app polls them once per frame through [`GamesState::update`], so the window
//! never waits for a plugin.
//!
//! Nothing here knows any particular game: the board, the values and the moves all come
//! from the plugin's [`Frame`](tritium_plugin_api::protocol::Frame).
//!
//! ```
//! use gui::games::state::GamesState;
//!
//! // No plugins: nothing to play, and asking for a game says why instead of failing.
//! let mut games = GamesState::default();
//! assert!(games.host().plugins().is_empty());
//! games.new_game();
//! assert!(games.notice.as_ref().is_some_and(|n| n.is_error));
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use plugin_host::{LoadedPlugin, PluginHost};
use tritium_plugin_api::protocol::{GameInfo, SolverInfo};

use super::forms::{Setup, StrategyChoice, tell, warn};
use crate::common::Notice;
use crate::games::experiment::{Experiment, SweepChoice};
use crate::games::play::{Parked, Play};

/// A game of a plugin: indices into the host's plugins and that plugin's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameRef {
    /// Index into [`PluginHost::plugins`].
    pub plugin: usize,
    /// Index into that plugin's games.
    pub game: usize,
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
    /// The games not chosen now, with their games in progress and settings, kept for when
    /// they are chosen again.
    parked: HashMap<GameRef, Parked>,
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
                tell(&mut self.notice, text);
                if let Some(plugin) = index
                    && self.selected.is_none()
                    && !self.host.plugins()[plugin].info().games.is_empty()
                {
                    self.select(GameRef { plugin, game: 0 });
                }
            }
            Err(e) => warn(&mut self.notice, &format_args!("{}: {e}", path.display())),
        }
    }

    /// The selected game and its plugin.
    pub fn game(&self) -> Option<(&LoadedPlugin, &GameInfo)> {
        game_of(&self.host, self.selected)
    }

    /// Chooses the game to play and experiment with. The game in progress is kept, with its
    /// settings, and comes back when its game is chosen again; a game chosen for the first
    /// time gets its defaults in the forms.
    pub fn select(&mut self, game: GameRef) {
        if self.selected == Some(game) {
            return;
        }
        let Some(info) = game_of(&self.host, Some(game)).map(|(_, info)| info.clone()) else {
            return;
        };
        if let Some(previous) = self.selected {
            let parked = self.play.park();
            if parked.in_progress()
                && let Some((_, before)) = game_of(&self.host, Some(previous))
            {
                let title = &before.title;
                tell(
                    &mut self.notice,
                    format!("the {title} game in progress is kept: choose {title} to go on"),
                );
            }
            self.parked.insert(previous, parked);
        }
        self.selected = Some(game);
        if let Some(parked) = self.parked.remove(&game) {
            self.play.unpark(parked);
        } else {
            self.play.stop_ai();
            self.play.session = None;
            self.play.position.clear();
            self.play.humans.clear();
            self.play.solver.clear();
            self.play.setup = Setup::first_of(&info);
            self.play.strategy = StrategyChoice::first_of(&info);
        }
        // The runs so far stay listed (each names its game); the form gets the game's
        // defaults.
        self.experiment.cancel();
        self.experiment.setup = Setup::first_of(&info);
        self.experiment.sweep = SweepChoice {
            name: info
                .sweeps
                .first()
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            size: 3,
        };
    }

    /// The solvers of the game in progress; see [`Play::solvers`].
    pub fn solvers(&self) -> Vec<SolverInfo> {
        self.play.solvers()
    }

    /// Whether a solve is running (Hint or Solve).
    pub fn solving(&self) -> bool {
        self.play.solving()
    }

    /// Asks the chosen solver for the best move and outlines it ("Hint"), on the worker.
    pub fn hint(&mut self) {
        self.play.hint();
    }

    /// Solves the position and plays the solution back at autoplay's pace ("Solve").
    pub fn solve(&mut self) {
        self.play.solve();
    }

    /// Starts a game of the selected game with the setup's rules and seed ("New game"), from
    /// [`Play::position`] when one is typed.
    pub fn new_game(&mut self) {
        let game = game_of(&self.host, self.selected);
        self.play.new_game(game, &mut self.notice);
    }

    /// Whether the player may move now; see [`Play::can_move`].
    pub fn can_move(&self) -> bool {
        self.play.can_move()
    }

    /// Plays action `id` for the person at the keyboard; an illegal move is shown, not fatal.
    pub fn act(&mut self, id: &str) {
        self.play.act(id, &mut self.notice);
    }

    /// A click on grid cell `cell`; see [`Play::click_cell`].
    pub fn click_cell(&mut self, cell: u32) {
        self.play.click_cell(cell, &mut self.notice);
    }

    /// The cells a click may go to next; see [`Play::click_targets`].
    pub fn click_targets(&self) -> Vec<u32> {
        self.play.click_targets()
    }

    /// Whether the side to move is a person's (always true in one-player games).
    pub fn human_to_move(&self) -> bool {
        self.play.human_to_move()
    }

    /// The action a key means in the game in progress; see [`action_for_key`](crate::games::play::action_for_key).
    pub fn action_for_key(&self, key: &str) -> Option<String> {
        self.play.key_action(key)
    }

    /// Takes the last move back (the AI's too); stops autoplay and any AI move in progress.
    pub fn undo(&mut self) {
        self.play.undo(&mut self.notice);
    }

    /// Asks the strategy for one move ("AI move"), on the worker thread.
    pub fn ai_move(&mut self) {
        self.play.ai_move();
    }

    /// Stops the AI: cancels the move being thought about and ends autoplay.
    pub fn cancel_ai(&mut self) {
        self.play.cancel_ai(&mut self.notice);
    }

    /// Turns autoplay on or off.
    pub fn set_autoplay(&mut self, on: bool) {
        self.play.set_autoplay(on);
    }

    /// Runs an experiment with the experiment form's settings, on the worker thread.
    pub fn run_experiment(&mut self) {
        let game = game_of(&self.host, self.selected);
        self.experiment
            .run(game, &self.play.strategy, &mut self.notice);
    }

    /// Runs every strategy of the sweep in the form (with the form's games, rules and seed) on
    /// the worker thread, and ranks them.
    pub fn run_sweep(&mut self) {
        let game = game_of(&self.host, self.selected);
        self.experiment.run_sweep(game, &mut self.notice);
    }

    /// Cancels the running experiment.
    pub fn cancel_experiment(&mut self) {
        self.experiment.cancel_with_notice(&mut self.notice);
    }

    /// Writes the last results as CSV to the path typed in the form; see
    /// [`Experiment::export_csv`].
    pub fn export_csv(&mut self) {
        self.experiment.export_csv(&mut self.notice);
    }

    /// Whether a worker is busy or autoplay is on (the app keeps repainting to poll).
    pub fn busy(&self) -> bool {
        self.next_update().is_some()
    }

    /// When [`GamesState::update`] has something to do next: soon while a worker runs (to
    /// collect its answer and show its progress), at autoplay's next move, or never.
    pub fn next_update(&self) -> Option<std::time::Duration> {
        let poll = std::time::Duration::from_millis(15);
        if self.play.thinking().is_some()
            || self.play.solving()
            || self.experiment.running().is_some()
        {
            Some(poll)
        } else if self.play.autoplay || !self.play.plan.is_empty() {
            Some(std::time::Duration::from_secs_f32(self.play.wait().max(0.0)).min(poll * 100))
        } else {
            None
        }
    }

    /// Collects finished work and makes autoplay's moves; `dt` is the time since the last
    /// call, in seconds. Call once per frame.
    pub fn update(&mut self, dt: f32) {
        self.play.update(dt, &mut self.notice);
        self.experiment.update(&mut self.notice);
    }
}

/// Game `selected` of `host` and its plugin.
fn game_of(host: &PluginHost, selected: Option<GameRef>) -> Option<(&LoadedPlugin, &GameInfo)> {
    let r = selected?;
    let plugin = host.plugins().get(r.plugin)?;
    Some((plugin, plugin.info().games.get(r.game)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_game_is_an_error_on_the_page() {
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
