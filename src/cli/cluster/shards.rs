//! A distributed experiment by shards: every process plays its share of the games, one
//! dataflow round gathers the shares on process 0, which merges them into the report.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use anyhow::Result;
use indicatif::ProgressBar;
use plugin_host::LoadedPlugin;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec, GameResult, Shard};

use super::network::on_cluster;
use super::processes::Cluster;

/// What a worker sends to worker 0: its index and its share's report as JSON, or its error.
type Share = (usize, Result<String, String>);

/// Runs `spec` on the cluster as process `cluster.process`; process 0 returns the merged
/// report, the others `None`. `bar` shows process 0's own share.
///
/// # Errors
/// The cluster did not connect in time, a process failed (its error, naming it), or the
/// merge failed. A connection lost mid-run exits the process (see the documentation of
/// [`cluster`](super)).
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
