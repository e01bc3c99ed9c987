//! `--split-search`: the games played on process 0, each decision's root moves valued across
//! the processes, one dataflow round per move.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::ProgressBar;
use plugin_host::LoadedPlugin;
use timely::dataflow::operators::vec::Map;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameResult};

use super::network::{Found, on_cluster};
use super::processes::Cluster;

/// A unit of a split search, routed to worker `target`: value `action` (the split's move
/// number `slot`) at the state `state` (JSON) to `depth` — or, with `stop`, the end.
type Task = (usize, usize, String, String, u32, bool);

/// A task's answer, for worker 0: the slot and the value (or the error).
type Valued = (usize, Result<f64, String>);

/// Plays `spec`'s games on process 0 with every move's search split across the cluster: the
/// root moves of each decision (`LoadedPlugin::search_split`) are valued on the workers in
/// turn (`search_value`, move `j` on worker `j % n`) in one dataflow round, and process 0
/// plays the first move with the largest value — the single-process search's choice. A
/// decision with one legal move needs no round. Process 0 returns the report
/// (`describe` + `report`, as one process would compute it), the others `None`.
///
/// # Errors
/// As [`run`](super::run); a strategy the game cannot split.
pub fn run_split_search(
    cluster: &Cluster,
    plugin_dirs: &[PathBuf],
    game: &str,
    spec: &ExperimentSpec,
    connect_timeout: Duration,
    bar: Option<ProgressBar>,
) -> Result<Option<ExperimentReport>> {
    let whole = spec.clone();
    on_cluster(
        cluster,
        plugin_dirs,
        game,
        connect_timeout,
        move |worker, found| {
            let (index, peers) = (worker.index(), worker.peers());
            let stop = Rc::new(Cell::new(false));
            let valued: Rc<RefCell<Vec<Valued>>> = Rc::default();
            let mut input = InputHandle::<u64, _>::new();
            let probe = ProbeHandle::new();
            {
                let (stop, sink) = (Rc::clone(&stop), Rc::clone(&valued));
                let plugin = found
                    .as_ref()
                    .ok()
                    .map(|(p, i)| (p.clone(), i.name.clone()));
                let (load_error, strategy) =
                    (found.as_ref().err().cloned(), whole.strategy.clone());
                worker.dataflow(|scope| {
                    scope
                        .input_from(&mut input)
                        .container::<Vec<Task>>()
                        .exchange(|t: &Task| t.0 as u64)
                        .map(
                            move |(_, slot, state, action, depth, end): Task| -> Valued {
                                if end {
                                    stop.set(true);
                                    return (usize::MAX, Ok(0.0));
                                }
                                let value = match (&plugin, &load_error) {
                                    (Some((plugin, name)), _) => serde_json::from_str(&state)
                                        .map_err(|e| e.to_string())
                                        .and_then(|state| {
                                            plugin
                                                .search_value(
                                                    name, &state, &strategy, &action, depth,
                                                )
                                                .map_err(|e| e.to_string())
                                        }),
                                    (None, error) => Err(error.clone().unwrap_or_default()),
                                };
                                (slot, value.map_err(|e| format!("process {index}: {e}")))
                            },
                        )
                        .exchange(|_: &Valued| 0)
                        .inspect(move |v: &Valued| sink.borrow_mut().push(v.clone()))
                        .probe_with(&probe);
                });
            }
            let mut master =
                (index == 0).then(|| Master::new(&whole, found.clone(), peers, bar.clone()));
            let mut round = 0u64;
            loop {
                if let Some(master) = &mut master {
                    let answers = std::mem::take(&mut *valued.borrow_mut());
                    for task in master.next_round(answers) {
                        input.send(task);
                    }
                }
                round += 1;
                input.advance_to(round);
                while probe.less_than(input.time()) {
                    // Park between messages rather than spin: the other processes are searching.
                    worker.step_or_park(None);
                }
                if stop.get() {
                    break;
                }
            }
            drop(input);
            while !probe.done() {
                worker.step();
            }
            master.map(Master::finish)
        },
    )
}

/// Process 0 of a split search: the games, played one after another.
struct Master {
    plugin: Result<(LoadedPlugin, String), String>,
    spec: ExperimentSpec,
    peers: usize,
    bar: Option<ProgressBar>,
    /// The game being played (its index) and its frame.
    game: u64,
    frame: Option<tritium_plugin_api::protocol::Frame>,
    /// The moves of the decision in flight.
    actions: Vec<String>,
    results: Vec<GameResult>,
    error: Option<String>,
    moves: u64,
    started: Instant,
}

impl Master {
    fn new(spec: &ExperimentSpec, found: Found, peers: usize, bar: Option<ProgressBar>) -> Master {
        if let Some(bar) = &bar {
            bar.set_length(u64::from(spec.games));
        }
        Master {
            plugin: found.map(|(p, info)| (p, info.name)),
            spec: spec.clone(),
            peers,
            bar,
            game: 0,
            frame: None,
            actions: Vec::new(),
            results: Vec::new(),
            error: None,
            moves: 0,
            started: Instant::now(),
        }
    }

    /// Takes the values of the last round, plays until the next decision that needs the
    /// cluster, and returns its tasks — or the stop tasks once every game is over (or on an
    /// error).
    fn next_round(&mut self, answers: Vec<Valued>) -> Vec<Task> {
        match self.advance(answers) {
            Ok(Some(tasks)) => tasks,
            Ok(None) => self.stop(),
            Err(e) if e.starts_with("process ") => {
                self.error = Some(e);
                self.stop()
            }
            Err(e) => {
                self.error = Some(format!("process 0: {e}"));
                self.stop()
            }
        }
    }

    fn stop(&self) -> Vec<Task> {
        (0..self.peers)
            .map(|p| (p, 0, String::new(), String::new(), 0, true))
            .collect()
    }

    fn advance(&mut self, answers: Vec<Valued>) -> Result<Option<Vec<Task>>, String> {
        let (plugin, name) = self
            .plugin
            .as_ref()
            .map_err(|e| format!("process 0: {e}"))?;
        let strategy = self.spec.strategy.clone();
        let mut chosen = None;
        if !self.actions.is_empty() {
            // The values of the round just done: the first largest wins.
            let mut values = vec![f64::NEG_INFINITY; self.actions.len()];
            for (slot, value) in answers {
                if let Some(v) = values.get_mut(slot) {
                    *v = value?;
                }
            }
            let best = (0..values.len()).fold(0, |b, i| if values[i] > values[b] { i } else { b });
            chosen = Some(std::mem::take(&mut self.actions).swap_remove(best));
        }
        loop {
            let seed = tritium_plugin_api::seed::game_seed(self.spec.seed, self.game);
            let frame = match self.frame.take() {
                Some(frame) => frame,
                None if self.game >= u64::from(self.spec.games) => return Ok(None),
                None => plugin
                    .new_game(name, self.spec.rules.as_deref(), seed)
                    .map_err(|e| e.to_string())?,
            };
            let frame = match chosen.take() {
                Some(action) => {
                    self.moves += 1;
                    plugin
                        .apply(name, &frame, &action)
                        .map_err(|e| e.to_string())?
                }
                None => frame,
            };
            if frame.outcome.is_some() {
                self.results.push(
                    plugin
                        .describe(name, &frame, seed)
                        .map_err(|e| e.to_string())?,
                );
                self.game += 1;
                if let Some(bar) = &self.bar {
                    bar.set_position(self.game);
                }
                continue;
            }
            let (depth, actions) = plugin
                .search_split(name, &frame, &strategy)
                .map_err(|e| e.to_string())?;
            let state = serde_json::to_string(&frame.state).map_err(|e| e.to_string())?;
            self.frame = Some(frame);
            match actions.len() {
                0 => {
                    return Err(format!(
                        "`{strategy}` has no move in game {}",
                        self.game + 1
                    ));
                }
                // One move: nothing to search.
                1 => chosen = actions.into_iter().next(),
                _ => {
                    let tasks = actions
                        .iter()
                        .enumerate()
                        .map(|(j, a)| (j % self.peers, j, state.clone(), a.clone(), depth, false))
                        .collect();
                    self.actions = actions;
                    return Ok(Some(tasks));
                }
            }
        }
    }

    fn finish(self) -> Result<ExperimentReport, String> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let (plugin, name) = self.plugin.map_err(|e| format!("process 0: {e}"))?;
        let mut report = plugin
            .report(&name, &self.spec, self.results)
            .map_err(|e| e.to_string())?;
        let seconds = self.started.elapsed().as_secs_f64();
        if seconds > 0.0 {
            report
                .timing
                .insert("moves_per_second".to_owned(), self.moves as f64 / seconds);
        }
        Ok(report)
    }
}
