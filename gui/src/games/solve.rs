//! Solving the position of the game in progress (Hint: the first move, outlined; Solve: the
//! whole solution, played back at autoplay's pace), on the worker thread.

use tritium_plugin_api::protocol::SolverInfo;

use super::play::{Play, SolveMode};
use crate::games::task::Task;

impl Play {
    /// The solvers of the game in progress (those whose `game` is this game).
    pub fn solvers(&self) -> Vec<SolverInfo> {
        let Some(session) = &self.session else {
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
        self.solving.is_some()
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
            .find(|s| s.name == self.solver)
            .or_else(|| solvers.first())
            .map(|s| s.name.clone())
        else {
            return;
        };
        let Some(session) = &self.session else {
            return;
        };
        let (plugin, state) = (session.plugin.clone(), session.frame.state.clone());
        self.plan_by.clone_from(&solver);
        self.solving = Some((
            Task::spawn(move |progress| plugin.solve(&solver, &state, Some(progress))),
            mode,
        ));
    }
}
