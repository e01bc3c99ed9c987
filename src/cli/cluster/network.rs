//! Running one timely worker per process on the cluster: the connections made on our terms
//! (retried, silent, bounded), a lost peer turned into an error, `game`'s plugin loaded in
//! the worker, and process 0's answer gathered.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use plugin_host::LoadedPlugin;
use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::{
    CommsGuard, initialize_networking_from_sockets,
};
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use tritium_plugin_api::protocol::ExperimentReport;

use super::processes::Cluster;
use crate::cli::plugins;

/// `game`'s plugin in this process, or why it could not be had.
pub(super) type Found = Result<(LoadedPlugin, tritium_plugin_api::protocol::GameInfo), String>;

/// Runs `work` as this process's timely worker on the cluster, with `game`'s plugin loaded
/// in that worker (one load per process); process 0's answer, `None` on the others.
///
/// # Errors
/// The cluster did not connect in time, timely could not start, or a worker failed.
pub(super) fn on_cluster<F>(
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
