//! Progress reports and cancellation for long calls.

use crate::PluginError;
use crate::sink::ProgressSink;

/// Handed to every long plugin call ([`crate::Game::ai_move`], [`crate::Game::experiment`],
/// [`crate::Solver::solve`]): report how far you are and stop when the host cancels.
///
/// `Progress` is `Sync`: call it from any thread, e.g. from inside a rayon loop.
pub struct Progress<'a> {
    sink: Option<&'a ProgressSink>,
}

impl<'a> Progress<'a> {
    /// A progress handle that reports nowhere and is never cancelled (for tests and for
    /// calling a plugin's code directly).
    pub const fn none() -> Progress<'static> {
        Progress { sink: None }
    }

    pub(crate) const fn from_sink(sink: Option<&'a ProgressSink>) -> Self {
        Self { sink }
    }

    /// Reports `done` units of work out of `total` (any unit: games, nodes, permille).
    ///
    /// # Errors
    /// [`PluginError::Cancelled`] when the host asked to stop: return it from the call.
    pub fn report(&self, done: u64, total: u64) -> Result<(), PluginError> {
        match self.sink {
            Some(sink) if !sink.report(done, total) => Err(PluginError::Cancelled),
            _ => Ok(()),
        }
    }
}

impl std::fmt::Debug for Progress<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress")
            .field("connected", &self.sink.is_some())
            .finish()
    }
}
