//! Long plugin calls on a worker thread: the UI polls for the answer, reads the progress and
//! can cancel, and never waits.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use plugin_host::{CallError, ProgressFn};

use super::forms::GameError;

/// What the worker and the UI share: the latest progress report and the cancel flag.
#[derive(Debug, Default)]
struct Shared {
    done: AtomicU64,
    total: AtomicU64,
    cancelled: AtomicBool,
}

/// A call running on its own thread. Dropping the task detaches the thread; its answer is
/// then thrown away.
#[derive(Debug)]
pub struct Task<T> {
    answer: Receiver<Result<T, CallError>>,
    shared: Arc<Shared>,
    started: Instant,
}

impl<T: Send + 'static> Task<T> {
    /// Runs `work` on a new thread. `work` gets the progress callback to pass to the plugin:
    /// it records `(done, total)` and answers `false` once [`Task::cancel`] was called.
    pub fn spawn<F>(work: F) -> Task<T>
    where
        F: FnOnce(ProgressFn<'_>) -> Result<T, CallError> + Send + 'static,
    {
        let (sender, answer) = mpsc::channel();
        let shared = Arc::new(Shared::default());
        let worker = Arc::clone(&shared);
        // If the thread cannot start, the channel closes at once and `poll` reports it.
        let _ = std::thread::Builder::new()
            .name("tritium-plugin-call".into())
            .spawn(move || {
                let progress = |done: u64, total: u64| {
                    worker.done.store(done, Ordering::Relaxed);
                    worker.total.store(total, Ordering::Relaxed);
                    !worker.cancelled.load(Ordering::Relaxed)
                };
                // The UI may have dropped the task (cancelled): nobody to tell.
                let _ = sender.send(work(&progress));
            });
        Task {
            answer,
            shared,
            started: Instant::now(),
        }
    }
}

impl<T> Task<T> {
    /// The answer, once the call has finished; `None` while it runs.
    pub fn poll(&self) -> Option<Result<T, GameError>> {
        match self.answer.try_recv() {
            Ok(result) => Some(result.map_err(GameError::from)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(GameError::WorkerLost)),
        }
    }

    /// The latest `(done, total)` the plugin reported; `(0, 0)` before the first report.
    pub fn progress(&self) -> (u64, u64) {
        (
            self.shared.done.load(Ordering::Relaxed),
            self.shared.total.load(Ordering::Relaxed),
        )
    }

    /// The share done, `0.0..=1.0`, once the plugin has reported a total.
    pub fn fraction(&self) -> Option<f32> {
        let (done, total) = self.progress();
        (total > 0).then(|| (done as f64 / total as f64).clamp(0.0, 1.0) as f32)
    }

    /// How long the call has been running.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Asks the plugin to stop (at its next progress report) and forgets the task.
    pub fn cancel(self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_plugin_api::PluginError;

    fn wait<T>(task: &Task<T>) -> Result<T, GameError> {
        let start = Instant::now();
        loop {
            if let Some(result) = task.poll() {
                return result;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "the task hangs");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn the_answer_and_the_progress_come_back() {
        let task = Task::spawn(|progress| {
            assert!(progress(3, 4));
            Ok(7)
        });
        assert_eq!(wait(&task).expect("answer"), 7);
        assert_eq!(task.progress(), (3, 4));
        assert_eq!(task.fraction(), Some(0.75));
    }

    #[test]
    fn cancel_makes_the_progress_callback_say_stop() {
        let (started, running) = mpsc::channel();
        let (stopped, result) = mpsc::channel();
        let task: Task<()> = Task::spawn(move |progress| {
            let _ = started.send(());
            while progress(1, 2) {
                std::thread::yield_now();
            }
            let _ = stopped.send(());
            Err(CallError::Plugin(PluginError::Cancelled))
        });
        running.recv().expect("the worker started");
        task.cancel();
        result
            .recv_timeout(Duration::from_secs(10))
            .expect("the worker saw the cancel");
    }

    #[test]
    fn a_worker_that_dies_is_reported() {
        let task: Task<()> = Task::spawn(|_| panic!("worker bug"));
        assert!(matches!(wait(&task), Err(GameError::WorkerLost)));
    }
}
