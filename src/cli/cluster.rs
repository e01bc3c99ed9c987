//! Distributed experiments on timely dataflow: the same experiment on several processes (of
//! one machine or of several hosts), with the identical report.
//!
//! Games are already seeded by (master seed, game index), so distributing them needs only a
//! partition and a gathering. Each process is one timely worker; worker `p` of `n` plays the
//! games whose index `i` has `i % n == p` (the plugin's [`ExperimentSpec::shard`]), then a
//! one-round dataflow exchanges every share to worker 0, which merges them in game order and
//! asks the plugin for the report of the whole ([`plugin_host::LoadedPlugin::report`]) —
//! exactly the report one process computes. Only the `timing` (measurements) differs.
//!
//! The connections are made here, with timely's wiring but our terms — retried every 50 ms,
//! silent (timely's own connector prints on standard output and retries forever), bounded by
//! `--connect-timeout` — and handed to timely. Failure is loud and bounded, because timely has
//! no recovery: a process that cannot reach the others in time exits with an error naming
//! itself and the processes it missed; a connection lost mid-run (a process died) ends the run
//! with an error instead of a hang; a plugin error on any process is carried to process 0 and
//! reported with that process's index. A re-run with the same seed reproduces the report.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use indicatif::ProgressBar;
use plugin_host::LoadedPlugin;
use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::{
    CommsGuard, initialize_networking_from_sockets,
};
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::dataflow::operators::vec::Map;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameResult, Shard};

use super::args::ExperimentArgs;
use super::plugins;

/// Where this process stands in a cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// This process's index.
    pub process: usize,
    /// Every process's `host:port`, in index order.
    pub addresses: Vec<String>,
}

/// The cluster `args` ask for, if any: `--hosts` or `--hostfile` with `--process`.
///
/// # Errors
/// An unreadable hostfile, too few addresses, or `--process` out of range.
pub fn from_args(args: &ExperimentArgs) -> Result<Option<Cluster>> {
    let addresses = match (&args.hostfile, args.hosts.is_empty()) {
        (Some(file), _) => std::fs::read_to_string(file)
            .with_context(|| format!("--hostfile {}", file.display()))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect(),
        (None, false) => args.hosts.clone(),
        (None, true) => return Ok(None),
    };
    let Some(process) = args.process else {
        bail!("a cluster needs --process (this process's index in the addresses)");
    };
    if addresses.len() < 2 {
        bail!(
            "a cluster needs at least two addresses, got {}",
            addresses.len()
        );
    }
    if process >= addresses.len() {
        bail!(
            "--process {process} is not one of the {} processes (0..{})",
            addresses.len(),
            addresses.len() - 1
        );
    }
    Ok(Some(Cluster { process, addresses }))
}

/// `n` addresses on 127.0.0.1 with ports free right now (bound and released).
///
/// # Errors
/// No port can be bound.
pub fn local_addresses(n: usize) -> Result<Vec<String>> {
    let listeners = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0"))
        .collect::<std::io::Result<Vec<_>>>()
        .context("cannot find free ports on 127.0.0.1")?;
    listeners
        .iter()
        .map(|l| Ok(l.local_addr()?.to_string()))
        .collect()
}

/// Starts processes 1..n of a local cluster: this program again, with the same arguments
/// minus `--processes`, plus `--hosts` and `--process`. Their output goes to null; their
/// errors to this process's standard error.
///
/// # Errors
/// A process cannot be started.
pub fn spawn_local(addresses: &[String]) -> Result<Vec<Child>> {
    let exe = std::env::current_exe().context("cannot find this program to start its peers")?;
    let mut own: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--processes" {
            args.next();
        } else if !a.starts_with("--processes=") {
            own.push(a);
        }
    }
    (1..addresses.len())
        .map(|p| {
            Command::new(&exe)
                .args(&own)
                .arg("--hosts")
                .arg(addresses.join(","))
                .arg("--process")
                .arg(p.to_string())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .with_context(|| format!("cannot start process {p}"))
        })
        .collect()
}

/// What a worker sends to worker 0: its index and its share's report as JSON, or its error.
type Share = (usize, Result<String, String>);

/// Runs `spec` on the cluster as process `cluster.process`; process 0 returns the merged
/// report, the others `None`. `bar` shows process 0's own share.
///
/// # Errors
/// The cluster did not connect in time, a process failed (its error, naming it), or the
/// merge failed. A connection lost mid-run exits the process (see the module documentation).
pub fn run(
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
            let share = match &found {
                Ok((plugin, info)) => {
                    play_share(plugin, &info.name, &whole, index, peers, bar.as_ref())
                }
                Err(e) => Err(e.clone()),
            };
            let gathered: Rc<RefCell<Vec<Share>>> = Rc::default();
            let sink = Rc::clone(&gathered);
            let mut input = InputHandle::<u64, _>::new();
            let probe = ProbeHandle::new();
            worker.dataflow(|scope| {
                scope
                    .input_from(&mut input)
                    .container::<Vec<Share>>()
                    .exchange(|_: &Share| 0)
                    .inspect(move |share: &Share| sink.borrow_mut().push(share.clone()))
                    .probe_with(&probe);
            });
            input.send((index, share));
            input.close();
            while !probe.done() {
                worker.step_or_park(None);
            }
            if index != 0 {
                return None;
            }
            let mut shares = gathered.take();
            shares.sort_by_key(|(p, _)| *p);
            Some(match found {
                Ok((plugin, info)) => merge(&plugin, &info.name, &whole, shares),
                Err(e) => Err(e),
            })
        },
    )
}

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
/// As [`run`]; a strategy the game cannot split.
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

/// Plays this worker's share with a plugin loaded here; the report as JSON, or the error.
fn play_share(
    plugin: &LoadedPlugin,
    game: &str,
    whole: &ExperimentSpec,
    index: usize,
    peers: usize,
    bar: Option<&ProgressBar>,
) -> Result<String, String> {
    let spec = ExperimentSpec {
        shard: Some(Shard {
            index: index as u32,
            count: peers as u32,
        }),
        ..whole.clone()
    };
    let progress = |done: u64, total: u64| {
        if let Some(bar) = bar {
            bar.set_length(total);
            bar.set_position(done);
        }
        true
    };
    let report = plugin
        .experiment(game, &spec, Some(&progress))
        .map_err(|e| format!("experiment with `{}`: {e}", whole.strategy))?;
    serde_json::to_string(&report).map_err(|e| e.to_string())
}

/// Process 0's merge: every share's games in game order, the plugin's report of the whole,
/// and the shares' timings averaged, weighted by their games.
fn merge(
    plugin: &LoadedPlugin,
    game: &str,
    spec: &ExperimentSpec,
    shares: Vec<Share>,
) -> Result<ExperimentReport, String> {
    let mut games: Vec<GameResult> = Vec::new();
    let mut timing: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for (process, share) in shares {
        let json = share.map_err(|e| format!("process {process}: {e}"))?;
        let report: ExperimentReport = serde_json::from_str(&json)
            .map_err(|e| format!("process {process} sent a report that does not parse: {e}"))?;
        let weight = report.games.len() as f64;
        for (name, value) in report.timing {
            let entry = timing.entry(name).or_default();
            entry.0 += value * weight;
            entry.1 += weight;
        }
        games.extend(report.games);
    }
    games.sort_by_key(|g| g.index);
    for g in &mut games {
        g.index = None;
    }
    let mut report = plugin
        .report(game, spec, games)
        .map_err(|e| format!("merging the shares of `{game}`: {e}"))?;
    report.timing = timing
        .into_iter()
        .filter(|(_, (_, w))| *w > 0.0)
        .map(|(name, (sum, w))| (name, sum / w))
        .collect();
    Ok(report)
}

/// `game`'s plugin in this process, or why it could not be had.
type Found = Result<(LoadedPlugin, tritium_plugin_api::protocol::GameInfo), String>;

/// Runs `work` as this process's timely worker on the cluster, with `game`'s plugin loaded
/// in that worker (one load per process); process 0's answer, `None` on the others.
///
/// # Errors
/// As [`run`].
fn on_cluster<F>(
    cluster: &Cluster,
    plugin_dirs: &[PathBuf],
    game: &str,
    connect_timeout: Duration,
    work: F,
) -> Result<Option<ExperimentReport>>
where
    F: Fn(&mut timely::worker::Worker, Found) -> Option<Result<ExperimentReport, String>>
        + Send
        + Sync
        + 'static,
{
    let me = cluster.process;
    let (builders, guard) = start(cluster, connect_timeout)?;
    let (dirs, game) = (plugin_dirs.to_vec(), game.to_owned());
    let worker_config = timely::WorkerConfig::default();
    let guards =
        timely::execute::execute_from(builders, Box::new(guard), worker_config, move |worker| {
            let host = plugins::discover(&dirs);
            let found = plugins::find_game(&host, &game).map_err(|e| format!("{e:#}"));
            work(worker, found)
        })
        .map_err(|e| anyhow::anyhow!("process {me}: timely dataflow: {e}"))?;
    merged(me, guards)
}

/// Connects this process to the cluster (see [`connect`]) and builds timely's allocators on
/// the connections: one worker in this process.
fn start(cluster: &Cluster, timeout: Duration) -> Result<(Vec<AllocatorBuilder>, CommsGuard)> {
    let me = cluster.process;
    let sockets = connect(cluster, timeout)?;
    fail_fast_on_lost_peers(me);
    let hooks = Hooks::default();
    let local = ProcessBuilder::new_typed_vector(1, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) = initialize_networking_from_sockets(local, sockets, me, 1, hooks)
        .map_err(|e| anyhow::anyhow!("process {me}: cannot start timely's networking: {e}"))?;
    Ok((
        builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        guard,
    ))
}

/// Worker 0's report (or error) once every worker has finished; `None` on other processes.
fn merged(
    me: usize,
    guards: timely::communication::WorkerGuards<Option<Result<ExperimentReport, String>>>,
) -> Result<Option<ExperimentReport>> {
    let mut merged = None;
    for result in guards.join() {
        let answer = result.map_err(|e| anyhow::anyhow!("process {me}: a worker failed: {e}"))?;
        if let Some(report) = answer {
            merged = Some(report.map_err(|e| anyhow::anyhow!(e))?);
        }
    }
    Ok(merged)
}

/// Connects this process to every other, with timely's wiring (process `p` connects to each
/// `q < p`, sending its index as a little-endian `u64`, and accepts each `q > p`) but our own
/// terms: retries every 50 ms, silent, and bounded by `timeout`.
///
/// # Errors
/// The processes not reached in time (by index and address), or this process's address
/// cannot be listened on.
fn connect(cluster: &Cluster, timeout: Duration) -> Result<Vec<Option<TcpStream>>> {
    let (me, addresses) = (cluster.process, &cluster.addresses);
    let deadline = Instant::now() + timeout;
    let listener = TcpListener::bind(&addresses[me])
        .with_context(|| format!("process {me}: cannot listen on {}", addresses[me]))?;
    listener.set_nonblocking(true)?;
    let mut sockets: Vec<Option<TcpStream>> = (0..addresses.len()).map(|_| None).collect();
    let missing = |sockets: &[Option<TcpStream>]| -> Vec<String> {
        (0..addresses.len())
            .filter(|&q| q != me && sockets[q].is_none())
            .map(|q| format!("process {q} at {}", addresses[q]))
            .collect()
    };
    loop {
        for q in 0..me {
            if sockets[q].is_none()
                && let Ok(mut stream) = TcpStream::connect(&addresses[q])
            {
                stream.set_nodelay(true)?;
                stream.write_all(&(me as u64).to_le_bytes())?;
                sockets[q] = Some(stream);
            }
        }
        while let Ok((mut stream, _)) = listener.accept() {
            stream.set_nonblocking(false)?;
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(timeout))?;
            let mut index = [0u8; 8];
            stream.read_exact(&mut index)?;
            stream.set_read_timeout(None)?;
            let q = usize::try_from(u64::from_le_bytes(index)).unwrap_or(usize::MAX);
            if q > me && q < addresses.len() {
                sockets[q] = Some(stream);
            }
        }
        let left = missing(&sockets);
        if left.is_empty() {
            return Ok(sockets);
        }
        if Instant::now() >= deadline {
            bail!(
                "process {me}: the cluster did not connect within {} s: no connection with {}; \
                 is every process started, with the same addresses?",
                timeout.as_secs(),
                left.join(", ")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Timely's networking threads panic when a peer's connection breaks: turn that into an
/// error naming this process and exit, rather than leave the worker waiting forever.
fn fail_fast_on_lost_peers(me: usize) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        if thread
            .name()
            .is_some_and(|n| n.starts_with("timely:send") || n.starts_with("timely:recv"))
        {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("a connection failed");
            eprintln!(
                "error: process {me}: lost the cluster ({message}); another process stopped. \
                 Re-run with the same seed to reproduce the report"
            );
            std::process::exit(2);
        }
        previous(info);
    }));
}

/// Waits for the processes a local cluster started; an error names the first that failed.
///
/// # Errors
/// A process exited unsuccessfully or could not be waited for.
pub fn wait_all(children: Vec<Child>) -> Result<()> {
    for (i, mut child) in children.into_iter().enumerate() {
        let status = child
            .wait()
            .with_context(|| format!("waiting for process {}", i + 1))?;
        if !status.success() {
            bail!("process {} exited with {status}", i + 1);
        }
    }
    Ok(())
}
