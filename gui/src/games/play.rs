//! Playing a plugin game, plain Rust: the game in progress with its undo history, the
//! new-game setup, the strategy of AI moves and autoplay (on the worker thread), the sides a
//! person plays, and click-to-move along the actions' paths. The solver (Hint, Solve) is in
//! `solve.rs`.

use plugin_host::LoadedPlugin;
use tritium_plugin_api::protocol::{ActionInfo, Frame, GameInfo, SolveReport};

use crate::common::Notice;
use crate::games::forms::{GameError, Setup, StrategyChoice, tell, warn};
use crate::games::task::Task;

/// What a solve is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SolveMode {
    /// Show the first move.
    Hint,
    /// Play the whole solution back.
    Play,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct GameSession {
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
    /// The grid cells of the last move's path (highlighted on the board); empty when the
    /// last move was no move on the grid.
    pub last_path: Vec<u32>,
    /// Earlier frames with their last-move paths, most recent last, for Undo (at most
    /// [`UNDO_LIMIT`]).
    pub(super) history: Vec<(Frame, Vec<u32>)>,
}

/// How many moves Undo can take back.
pub const UNDO_LIMIT: usize = 1000;

impl GameSession {
    /// Moves to `frame` by the action `id` of the current frame, keeping the current one
    /// for Undo; `last` says who moved and how.
    pub(super) fn advance(&mut self, frame: Frame, id: &str, last: String) {
        if self.history.len() == UNDO_LIMIT {
            self.history.remove(0);
        }
        let path = self.path_of(id);
        let before = std::mem::replace(&mut self.frame, frame);
        let before_path = std::mem::replace(&mut self.last_path, path);
        self.history.push((before, before_path));
        self.moves += 1;
        self.last = Some(last);
    }

    /// The path of action `id` in the current frame (empty for an unknown one).
    fn path_of(&self, id: &str) -> Vec<u32> {
        self.frame
            .actions
            .iter()
            .find(|a| a.id == id)
            .map(|a| a.path.clone())
            .unwrap_or_default()
    }

    /// The label of action `id` in the current frame (the id itself for an unknown one).
    pub fn label_of(&self, id: &str) -> String {
        self.frame
            .actions
            .iter()
            .find(|a| a.id == id)
            .map_or_else(|| id.to_owned(), |a| a.label.clone())
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }
}

/// What an AI move brings back from the worker: the move and the frame after it.
#[derive(Debug)]
pub(super) struct AiStep {
    note: String,
    action: String,
    frame: Frame,
}

/// What a game keeps while another is chosen: its game in progress and its settings
/// ([`Play::park`], [`Play::unpark`]).
#[derive(Debug, Default)]
pub struct Parked {
    session: Option<GameSession>,
    setup: Setup,
    position: String,
    strategy: StrategyChoice,
    humans: Vec<bool>,
    solver: String,
}

impl Parked {
    /// Whether a game is in progress (started and not over).
    pub fn in_progress(&self) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.frame.outcome.is_none())
    }
}

/// Playing a game: the session, the new-game setup, the strategy, and the AI.
#[derive(Debug)]
pub struct Play {
    /// The game in progress.
    pub session: Option<GameSession>,
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
    pub(super) wait: f32,
    /// The AI move being thought about.
    pub(super) ai: Option<Task<AiStep>>,
    /// Two-player games: which sides a person plays, by index in the game's players (the
    /// others are the AI's: autoplay moves only for them). One-player games ignore it.
    pub humans: Vec<bool>,
    /// The grid cells clicked so far towards a move (a prefix of some action's path).
    pub selected: Vec<u32>,
    /// The solver of Hint and Solve (a name from the game's solvers; empty: the first).
    pub solver: String,
    /// A solve in progress, and what its answer is for.
    pub(super) solving: Option<(Task<SolveReport>, SolveMode)>,
    /// The hinted action (its path is outlined on the board) until the next move.
    pub hint: Option<String>,
    /// The rest of a solution being played back, at autoplay's pace.
    pub plan: Vec<String>,
    /// The solver of the solution being played back (its moves are logged as its).
    pub(super) plan_by: String,
    /// Whether the board shows its cells' names in the game's notation (when it has any).
    pub show_notation: bool,
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
            plan_by: String::new(),
            show_notation: false,
        }
    }
}

impl Play {
    /// Puts the game in progress and its settings aside (another game is chosen); the AI,
    /// autoplay and any solve stop.
    pub fn park(&mut self) -> Parked {
        self.stop_ai();
        self.selected.clear();
        self.hint = None;
        Parked {
            session: self.session.take(),
            setup: std::mem::take(&mut self.setup),
            position: std::mem::take(&mut self.position),
            strategy: std::mem::take(&mut self.strategy),
            humans: std::mem::take(&mut self.humans),
            solver: std::mem::take(&mut self.solver),
        }
    }

    /// Takes back what [`Play::park`] put aside.
    pub fn unpark(&mut self, parked: Parked) {
        self.stop_ai();
        self.selected.clear();
        self.hint = None;
        self.session = parked.session;
        self.setup = parked.setup;
        self.position = parked.position;
        self.strategy = parked.strategy;
        self.humans = parked.humans;
        self.solver = parked.solver;
    }

    /// The running solve's latest `(done, total)` report (total 0: no known total, e.g. nodes
    /// searched) and its time so far; `None` when no solve runs.
    pub fn solve_progress(&self) -> Option<((u64, u64), std::time::Duration)> {
        self.solving
            .as_ref()
            .map(|(task, _)| (task.progress(), task.elapsed()))
    }

    /// Seconds until autoplay's (or the solution's) next move.
    pub fn wait(&self) -> f32 {
        self.wait
    }

    /// The running AI move's progress (share done, if reported) and time so far; `None` when
    /// the AI is idle.
    pub fn thinking(&self) -> Option<(Option<f32>, std::time::Duration)> {
        self.ai
            .as_ref()
            .map(|task| (task.fraction(), task.elapsed()))
    }

    /// Whether the player may move now: a game runs, is not over, and neither the AI nor a
    /// solver is thinking.
    pub fn can_move(&self) -> bool {
        self.ai.is_none()
            && self.solving.is_none()
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.frame.outcome.is_none())
    }

    /// Starts a game with the setup's rules and seed ("New game"), from [`Play::position`]
    /// when one is typed.
    pub fn new_game(
        &mut self,
        game: Option<(&LoadedPlugin, &GameInfo)>,
        notice: &mut Option<Notice>,
    ) {
        if let Err(e) = self.try_new_game(game, notice) {
            warn(notice, &e);
        }
    }

    fn try_new_game(
        &mut self,
        game: Option<(&LoadedPlugin, &GameInfo)>,
        notice: &mut Option<Notice>,
    ) -> Result<(), GameError> {
        let (plugin, game) = game.ok_or(GameError::NoGame)?;
        let (plugin, game) = (plugin.clone(), game.clone());
        let seed = self.setup.seed()?;
        if let Some(task) = self.ai.take() {
            task.cancel();
        }
        let position = self.position.trim();
        let from = Some(position).filter(|p| !p.is_empty());
        let frame = plugin.start(&game.name, self.setup.rules(), from, seed)?;
        tell(
            notice,
            if position.is_empty() {
                format!(
                    "new {} game, rules {}, seed {seed}",
                    game.title, self.setup.rules
                )
            } else {
                format!("{} from the position {position}, seed {seed}", game.title)
            },
        );
        // A person plays every side until told otherwise (the side picker).
        if self.humans.len() != game.players.len() {
            self.humans = vec![true; game.players.len()];
        }
        self.selected.clear();
        self.session = Some(GameSession {
            plugin,
            game,
            frame,
            moves: 0,
            last: None,
            last_path: Vec::new(),
            history: Vec::new(),
        });
        Ok(())
    }

    /// Plays action `id` for the person at the keyboard; an illegal move is shown, not fatal.
    pub fn act(&mut self, id: &str, notice: &mut Option<Notice>) {
        self.act_as("you", id, notice);
    }

    /// Plays action `id` for `who` (the person, or the solver whose solution is played
    /// back), logged as `who: label`.
    fn act_as(&mut self, who: &str, id: &str, notice: &mut Option<Notice>) {
        if !self.can_move() {
            return;
        }
        if who == "you" && !self.human_to_move() {
            self.say_ai_to_move(notice);
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        let label = session.label_of(id);
        match session.plugin.apply(&session.game.name, &session.frame, id) {
            Ok(frame) => {
                session.advance(frame, id, format!("{who}: {label}"));
                self.selected.clear();
                self.hint = None;
                *notice = None;
                self.announce_end(notice);
            }
            Err(e) => warn(notice, &e),
        }
    }

    /// A click on grid cell `cell`: extends the selection along the legal actions' paths
    /// (a piece, then each square it lands on) and plays the action once its whole path is
    /// clicked. A cell that continues no path starts a new selection if some path starts
    /// there, else clears it.
    pub fn click_cell(&mut self, cell: u32, notice: &mut Option<Notice>) {
        if self.session.is_some() && !self.human_to_move() {
            self.say_ai_to_move(notice);
            return;
        }
        if !self.can_move() {
            return;
        }
        let Some(session) = &self.session else {
            return;
        };
        let mut wanted = self.selected.clone();
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
            // Said, not ignored: the click neither continues the piece's move nor starts one.
            let cols = session.frame.view.cols.max(1);
            let place = format!("row {} col {}", cell / cols + 1, cell % cols + 1);
            let text = if self.selected.is_empty() {
                format!("no legal move starts at {place}")
            } else {
                format!("no legal move continues to {place}: choose a marked cell")
            };
            self.selected.clear();
            warn(notice, &text);
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
            self.selected.clear();
            self.act(&id, notice);
            return;
        }
        self.selected = wanted;
    }

    /// The cells a click may go to next: where the selected piece can go, or, with nothing
    /// selected, every cell a move starts from.
    pub fn click_targets(&self) -> Vec<u32> {
        let Some(session) = &self.session else {
            return Vec::new();
        };
        let prefix = &self.selected;
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

    /// The action a key means in the game in progress; see [`action_for_key`].
    pub fn key_action(&self, key: &str) -> Option<String> {
        action_for_key(&self.session.as_ref()?.frame.actions, key)
    }

    /// Says that the side to move is the AI's, which moves by itself.
    fn say_ai_to_move(&self, notice: &mut Option<Notice>) {
        let side = self
            .session
            .as_ref()
            .and_then(|s| s.game.players.get(s.frame.to_move? as usize).cloned());
        let side = side.unwrap_or_else(|| "this side".to_owned());
        warn(
            notice,
            &format_args!("{side} is the AI's: it moves by itself"),
        );
    }

    /// Whether the side to move is a person's (always true in one-player games).
    pub fn human_to_move(&self) -> bool {
        let Some(session) = &self.session else {
            return true;
        };
        session
            .frame
            .to_move
            .is_none_or(|side| self.humans.get(side as usize).copied().unwrap_or(true))
    }

    /// Takes the last move back (the AI's too); stops autoplay and any AI move in progress.
    /// In a two-player game against the AI, the AI's reply and the person's move before it
    /// are taken back together, so that it is a person's turn again.
    pub fn undo(&mut self, notice: &mut Option<Notice>) {
        self.stop_ai();
        let humans = self.humans.clone();
        let human = |frame: &Frame| {
            frame
                .to_move
                .is_none_or(|side| humans.get(side as usize).copied().unwrap_or(true))
        };
        if let Some(session) = &mut self.session
            && let Some((frame, path)) = session.history.pop()
        {
            session.frame = frame;
            session.last_path = path;
            session.moves -= 1;
            while !human(&session.frame)
                && humans.contains(&true)
                && let Some((frame, path)) = session.history.pop()
            {
                session.frame = frame;
                session.last_path = path;
                session.moves -= 1;
            }
            self.selected.clear();
            self.hint = None;
            session.last = Some("undone".into());
            *notice = None;
        }
    }

    /// Asks the strategy for one move ("AI move"), on the worker thread.
    pub fn ai_move(&mut self) {
        if !self.can_move() {
            return;
        }
        let Some(session) = &self.session else {
            return;
        };
        let (plugin, game, frame) = (
            session.plugin.clone(),
            session.game.name.clone(),
            session.frame.clone(),
        );
        let strategy = self.strategy.spec.trim().to_owned();
        self.ai = Some(Task::spawn(move |progress| {
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
            Ok(AiStep {
                note,
                action,
                frame,
            })
        }));
    }

    /// Stops the AI: cancels the move being thought about and ends autoplay.
    pub fn cancel_ai(&mut self, notice: &mut Option<Notice>) {
        if self.ai.is_some() {
            tell(notice, "AI move cancelled");
        }
        self.stop_ai();
    }

    /// Turns autoplay on or off.
    pub fn set_autoplay(&mut self, on: bool) {
        self.autoplay = on && self.session.is_some();
        self.wait = 0.0;
    }

    pub(crate) fn stop_ai(&mut self) {
        self.autoplay = false;
        if let Some(task) = self.ai.take() {
            task.cancel();
        }
        if let Some((task, _)) = self.solving.take() {
            task.cancel();
        }
        self.plan.clear();
    }

    fn announce_end(&mut self, notice: &mut Option<Notice>) {
        if let Some(session) = &self.session
            && let Some(outcome) = &session.frame.outcome
        {
            let text = format!("game over after {} moves: {outcome}", session.moves);
            self.autoplay = false;
            tell(notice, text);
        }
    }

    /// Collects the AI's move and the solver's answer, and makes autoplay's and the
    /// solution's moves; `dt` is the time since the last call, in seconds.
    pub fn update(&mut self, dt: f32, notice: &mut Option<Notice>) {
        if let Some(result) = self.ai.as_ref().and_then(Task::poll) {
            self.ai = None;
            match result {
                Ok(step) => {
                    if let Some(session) = &mut self.session {
                        session.advance(step.frame, &step.action, step.note);
                    }
                    if !self.autoplay {
                        *notice = None;
                    }
                    self.announce_end(notice);
                }
                Err(e) => {
                    self.autoplay = false;
                    warn(notice, &e);
                }
            }
        }
        if let Some(result) = self.solving.as_ref().and_then(|(task, _)| task.poll()) {
            let mode = self.solving.take().map(|(_, mode)| mode);
            match result {
                Ok(report) => {
                    let left = report.actions.len();
                    if mode == Some(SolveMode::Hint) {
                        self.hint = report.actions.first().cloned();
                        let first = self.hint.clone().unwrap_or_default();
                        // Named by the plugin's label of the move (e.g. `Slide 5 left`).
                        let label = self
                            .session
                            .as_ref()
                            .map_or_else(|| first.clone(), |s| s.label_of(&first));
                        tell(notice, format!("hint: {label} ({left} moves left)"));
                    } else {
                        self.plan = report.actions;
                        self.wait = 0.0;
                        tell(notice, format!("solution: {left} moves"));
                    }
                }
                Err(e) => warn(notice, &e),
            }
        }
        if !self.plan.is_empty() && self.ai.is_none() {
            self.wait -= dt;
            if self.wait <= 0.0 {
                self.wait = 1.0 / self.speed.max(0.1);
                let next = self.plan.remove(0);
                let solver = self.plan_by.clone();
                self.act_as(&solver, &next, notice);
            }
        }
        // A side of a two-player game that is the AI's replies by itself, at autoplay's
        // pace; autoplay plays a one-player game.
        let two_player = self
            .session
            .as_ref()
            .is_some_and(|s| s.frame.to_move.is_some());
        let ai_turn = two_player && !self.human_to_move() && self.can_move();
        if (self.autoplay || ai_turn) && self.ai.is_none() && self.plan.is_empty() {
            self.wait -= dt;
            if self.wait <= 0.0 {
                self.wait = 1.0 / self.speed.max(0.1);
                if !self.can_move() {
                    self.autoplay = false;
                } else if !two_player || ai_turn {
                    self.ai_move();
                }
            }
        }
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
}
