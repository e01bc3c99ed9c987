//! Who is in a cluster ([`Cluster`]: `--hosts`/`--hostfile` and `--process`) and the local
//! cluster of `--processes N`: free ports, the peers started and waited for.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};

use anyhow::{Context, Result, bail};

use crate::cli::args::ExperimentArgs;

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
