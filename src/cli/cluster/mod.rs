//! Distributed experiments on timely dataflow: the same experiment on several processes (of
//! one machine or of several hosts), with the identical report.
//!
//! Games are already seeded by (master seed, game index), so distributing them needs only a
//! partition and a gathering. Each process is one timely worker; worker `p` of `n` plays the
//! games whose index `i` has `i % n == p` (the plugin's `ExperimentSpec::shard`), then a
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

//!
//! `processes.rs` says who is in the cluster, `network.rs` connects and runs the worker,
//! `shards.rs` and `split_search.rs` are the two ways of playing an experiment on it.

mod network;
mod processes;
mod shards;
mod split_search;

pub use processes::{Cluster, from_args, local_addresses, spawn_local, wait_all};
pub use shards::run;
pub use split_search::run_split_search;
