//! Finds, checks and calls Tritium plugins: dynamic libraries built against
//! `tritium-plugin-api`.
//!
//! [`PluginHost::discover`] scans directories (see [`search_path`]) for files with the
//! platform's library extension and checks each in order — it loads as a library, exports
//! [`ENTRY_SYMBOL`], speaks this host's
//! [`ABI_VERSION`], and answers an `Info` request — keeping the good ones as
//! [`LoadedPlugin`]s and the others as [`Rejected`] with the reason. Nothing a plugin does
//! wrong (a panic, a malformed message, an error) takes the host down: each comes back as a
//! [`CallError`].
//!
//! Libraries are never unloaded: a plugin may have started threads (rayon) or handed out
//! pointers whose code must stay mapped, so each library stays loaded for the life of the
//! process.
//!
//! ```
//! use plugin_host::PluginHost;
//!
//! let mut host = PluginHost::new();
//! // A directory without plugins: nothing found, nothing rejected.
//! host.discover(&[std::env::temp_dir().join("no-such-tritium-plugin-dir")]);
//! assert!(host.plugins().is_empty());
//! assert!(host.find_game("2048").is_none());
//! ```
#![allow(unsafe_code)] // Loading libraries and calling through the C ABI; each block says why.

pub mod report;
pub mod sweep;

use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use tritium_plugin_api::abi::{
    Buffer, ENTRY_SYMBOL, EntryFn, EntryHeader, PluginEntry, ProgressSink, STATUS_OK,
};
use tritium_plugin_api::protocol::{
    ExperimentReport, ExperimentSpec, Frame, GameInfo, GameResult, PerftReport, PluginInfo,
    SolveReport,
};
use tritium_plugin_api::{ABI_VERSION, PluginError, Request, Response};

/// Why a file is not a usable plugin.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The dynamic loader refused the file.
    #[error("not a loadable library: {0}")]
    NotALibrary(String),
    /// The library has no entry function.
    #[error("no `{ENTRY_SYMBOL}` function: not a Tritium plugin")]
    NoEntry,
    /// The entry function returned a null table.
    #[error("`{ENTRY_SYMBOL}` returned no table")]
    NullTable,
    /// The plugin was built for another plugin ABI.
    #[error("plugin ABI version {found}, this host speaks version {expected}: rebuild the plugin")]
    AbiVersion {
        /// The plugin's version.
        found: u32,
        /// This host's [`ABI_VERSION`].
        expected: u32,
    },
    /// The entry table is shorter than this ABI version's.
    #[error("entry table of {found} bytes, expected at least {expected}")]
    TableTooSmall {
        /// The plugin's table size.
        found: u32,
        /// This host's table size.
        expected: u32,
    },
    /// The `Info` request failed.
    #[error("does not describe itself: {0}")]
    Info(CallError),
    /// Another plugin of the same name is loaded already.
    #[error("a plugin named `{name}` is loaded already from {}", first.display())]
    Duplicate {
        /// The plugin's name.
        name: String,
        /// Where the first one came from.
        first: PathBuf,
    },
}

/// Why a call into a loaded plugin failed. The plugin stays loaded and usable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// The plugin reported an error (including a caught panic: [`PluginError::Panic`]).
    #[error(transparent)]
    Plugin(#[from] PluginError),
    /// The plugin could not produce a response at all.
    #[error("the plugin failed without a response")]
    NoResponse,
    /// The response is not a message this host understands.
    #[error("malformed response from the plugin: {0}")]
    Malformed(String),
    /// A well-formed response of the wrong kind (e.g. a frame for an experiment).
    #[error("unexpected response `{0}`")]
    Unexpected(String),
}

/// A file that was not loaded, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub reason: LoadError,
}

/// A checked, loaded plugin. Cheap to clone; usable from any thread.
#[derive(Debug, Clone)]
pub struct LoadedPlugin {
    path: PathBuf,
    info: PluginInfo,
    entry: &'static PluginEntry,
}

/// A progress callback: `(done, total) -> keep going?`. Called from the plugin's threads.
pub type ProgressFn<'a> = &'a (dyn Fn(u64, u64) -> bool + Sync);

unsafe extern "C" fn report_trampoline(context: *const c_void, done: u64, total: u64) -> bool {
    // SAFETY: `context` is the `&ProgressFn` that `LoadedPlugin::call` passed, alive for the
    // call; the closure is `Sync`, so calls from several plugin threads at once are fine.
    let progress = unsafe { &*context.cast::<ProgressFn<'_>>() };
    // Never unwind into the plugin: a panicking callback cancels the call instead.
    catch_unwind(AssertUnwindSafe(|| progress(done, total))).unwrap_or(false)
}

impl LoadedPlugin {
    /// Loads and checks the library at `path`.
    ///
    /// # Errors
    /// Every [`LoadError`] but `Duplicate`.
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        // SAFETY: loading runs the library's initialisers. We load only files the user put in
        // a plugin directory (or named), which is the trust model of every plugin system.
        let library = unsafe { libloading::Library::new(path) }
            .map_err(|e| LoadError::NotALibrary(e.to_string()))?;
        // Never unloaded (see the crate docs): the library lives as long as the process.
        let library: &'static libloading::Library = Box::leak(Box::new(library));
        // SAFETY: a Tritium plugin's entry symbol has type `EntryFn`; a wrong type in a
        // foreign library is its bug, and we check the table's version and size before use.
        let entry_fn =
            unsafe { library.get::<EntryFn>(ENTRY_SYMBOL) }.map_err(|_| LoadError::NoEntry)?;
        // SAFETY: as above; the function takes no arguments and returns a static table.
        let table = unsafe { entry_fn() };
        if table.is_null() {
            return Err(LoadError::NullTable);
        }
        // SAFETY: every ABI version starts with `EntryHeader`; read it before anything else.
        let header = unsafe { table.cast::<EntryHeader>().read() };
        if header.abi_version != ABI_VERSION {
            return Err(LoadError::AbiVersion {
                found: header.abi_version,
                expected: ABI_VERSION,
            });
        }
        let expected = size_of::<PluginEntry>() as u32;
        if header.size < expected {
            return Err(LoadError::TableTooSmall {
                found: header.size,
                expected,
            });
        }
        // SAFETY: version and size match this ABI's table, which is static in the library.
        let entry: &'static PluginEntry = unsafe { &*table };
        let info = match call_entry(entry, &Request::Info, None).map_err(LoadError::Info)? {
            Response::Info(info) => info,
            other => return Err(LoadError::Info(unexpected(&other))),
        };
        Ok(Self {
            path: path.to_owned(),
            info,
            entry,
        })
    }

    /// The library's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What the plugin offers.
    pub fn info(&self) -> &PluginInfo {
        &self.info
    }

    /// Sends one request. `progress` gets `(done, total)` reports from long calls and returns
    /// `false` to cancel (the call then fails with [`PluginError::Cancelled`]).
    ///
    /// # Errors
    /// [`CallError`]; the plugin stays usable.
    pub fn call(
        &self,
        request: &Request,
        progress: Option<ProgressFn<'_>>,
    ) -> Result<Response, CallError> {
        call_entry(self.entry, request, progress)
    }

    fn frame(&self, request: &Request) -> Result<Frame, CallError> {
        match self.call(request, None)? {
            Response::Frame(frame) => Ok(frame),
            other => Err(unexpected(&other)),
        }
    }

    /// Starts a game. See [`Request::NewGame`].
    ///
    /// # Errors
    /// [`CallError`], e.g. an unknown rule set.
    pub fn new_game(&self, game: &str, rules: Option<&str>, seed: u64) -> Result<Frame, CallError> {
        self.start(game, rules, None, seed)
    }

    /// Starts a game from a position text ([`Frame::position`]); the random choices after it
    /// come from `seed`. See [`Request::NewGame`].
    ///
    /// # Errors
    /// [`CallError`], e.g. [`PluginError::BadParameter`] naming the bad item of a malformed
    /// position.
    pub fn new_game_at(
        &self,
        game: &str,
        rules: Option<&str>,
        position: &str,
        seed: u64,
    ) -> Result<Frame, CallError> {
        self.start(game, rules, Some(position), seed)
    }

    /// Starts a game under `rules` (`None`: the game's default) from `position` (a position
    /// text, [`Frame::position`]) when given, else from the rules' initial position; random
    /// choices come from `seed`. The CLI's `play`, `solve`, `perft` and `replay` and the app's
    /// "New game" all start games here. See [`Request::NewGame`].
    ///
    /// # Errors
    /// [`CallError`], e.g. an unknown rule set, or [`PluginError::BadParameter`] naming the bad
    /// item of a malformed position.
    pub fn start(
        &self,
        game: &str,
        rules: Option<&str>,
        position: Option<&str>,
        seed: u64,
    ) -> Result<Frame, CallError> {
        self.frame(&Request::NewGame {
            game: game.to_owned(),
            rules: rules.map(str::to_owned),
            seed,
            position: position.map(str::to_owned),
        })
    }

    /// Applies an action to a frame's state. See [`Request::Apply`].
    ///
    /// # Errors
    /// [`CallError`], e.g. [`PluginError::IllegalAction`].
    pub fn apply(&self, game: &str, frame: &Frame, action: &str) -> Result<Frame, CallError> {
        self.frame(&Request::Apply {
            game: game.to_owned(),
            state: frame.state.clone(),
            action: action.to_owned(),
        })
    }

    /// Asks a strategy for a move: `(action id, note)`. See [`Request::AiMove`].
    ///
    /// # Errors
    /// [`CallError`], e.g. a bad strategy spec or a cancelled search.
    pub fn ai_move(
        &self,
        game: &str,
        frame: &Frame,
        strategy: &str,
        progress: Option<ProgressFn<'_>>,
    ) -> Result<(String, String), CallError> {
        let request = Request::AiMove {
            game: game.to_owned(),
            state: frame.state.clone(),
            strategy: strategy.to_owned(),
        };
        match self.call(&request, progress)? {
            Response::Move { action, note } => Ok((action, note)),
            other => Err(unexpected(&other)),
        }
    }

    /// Runs an experiment. See [`Request::Experiment`].
    ///
    /// # Errors
    /// [`CallError`], e.g. a bad strategy spec or a cancelled run.
    pub fn experiment(
        &self,
        game: &str,
        spec: &ExperimentSpec,
        progress: Option<ProgressFn<'_>>,
    ) -> Result<ExperimentReport, CallError> {
        let request = Request::Experiment {
            game: game.to_owned(),
            spec: spec.clone(),
        };
        match self.call(&request, progress)? {
            Response::Experiment(report) => Ok(report),
            other => Err(unexpected(&other)),
        }
    }

    /// The root moves `strategy` compares at `frame` and their search depth. See
    /// [`Request::SearchSplit`].
    ///
    /// # Errors
    /// [`CallError`], e.g. a strategy that cannot be distributed.
    pub fn search_split(
        &self,
        game: &str,
        frame: &Frame,
        strategy: &str,
    ) -> Result<(u32, Vec<String>), CallError> {
        let request = Request::SearchSplit {
            game: game.to_owned(),
            state: frame.state.clone(),
            strategy: strategy.to_owned(),
        };
        match self.call(&request, None)? {
            Response::Split { depth, actions } => Ok((depth, actions)),
            other => Err(unexpected(&other)),
        }
    }

    /// The value of root move `action` at `state` searched to `depth`. See
    /// [`Request::SearchValue`].
    ///
    /// # Errors
    /// [`CallError`].
    pub fn search_value(
        &self,
        game: &str,
        state: &serde_json::Value,
        strategy: &str,
        action: &str,
        depth: u32,
    ) -> Result<f64, CallError> {
        let request = Request::SearchValue {
            game: game.to_owned(),
            state: state.clone(),
            strategy: strategy.to_owned(),
            action: action.to_owned(),
            depth,
        };
        match self.call(&request, None)? {
            Response::Value { value } => Ok(value),
            other => Err(unexpected(&other)),
        }
    }

    /// The result a report lists for the finished game of `frame`. See [`Request::Describe`].
    ///
    /// # Errors
    /// [`CallError`].
    pub fn describe(&self, game: &str, frame: &Frame, seed: u64) -> Result<GameResult, CallError> {
        let request = Request::Describe {
            game: game.to_owned(),
            state: frame.state.clone(),
            seed,
        };
        match self.call(&request, None)? {
            Response::Described(result) => Ok(result),
            other => Err(unexpected(&other)),
        }
    }

    /// The report of `game`'s experiment `spec` from its per-game results (the shares of a
    /// distributed run, merged in game order). See [`Request::Report`].
    ///
    /// # Errors
    /// [`CallError`], e.g. a game that cannot merge results.
    pub fn report(
        &self,
        game: &str,
        spec: &ExperimentSpec,
        games: Vec<GameResult>,
    ) -> Result<ExperimentReport, CallError> {
        let request = Request::Report {
            game: game.to_owned(),
            spec: spec.clone(),
            games,
        };
        match self.call(&request, None)? {
            Response::Experiment(report) => Ok(report),
            other => Err(unexpected(&other)),
        }
    }

    /// Runs solver `solver` on `problem` (for a game solver, a [`Frame::state`]), reporting
    /// progress and stopping when `progress` says so. See [`Request::Solve`].
    ///
    /// # Errors
    /// [`CallError`], e.g. an unsolvable problem or a cancelled run.
    pub fn solve(
        &self,
        solver: &str,
        problem: &serde_json::Value,
        progress: Option<ProgressFn<'_>>,
    ) -> Result<SolveReport, CallError> {
        let request = Request::Solve {
            solver: solver.to_owned(),
            problem: problem.clone(),
        };
        match self.call(&request, progress)? {
            Response::Solved(report) => Ok(report),
            other => Err(unexpected(&other)),
        }
    }

    /// Solves `problem` (a [`Frame::state`] of `game`) with the best of the game's solvers
    /// for it, which [`SolveReport::solver`] names. See [`Request::SolveBest`].
    ///
    /// # Errors
    /// [`CallError`], e.g. a game without solvers, a problem no solver takes on, or a
    /// cancelled run.
    pub fn solve_best(
        &self,
        game: &str,
        problem: &serde_json::Value,
        progress: Option<ProgressFn<'_>>,
    ) -> Result<SolveReport, CallError> {
        let request = Request::SolveBest {
            game: game.to_owned(),
            problem: problem.clone(),
        };
        match self.call(&request, progress)? {
            Response::Solved(report) => Ok(report),
            other => Err(unexpected(&other)),
        }
    }

    /// Counts perft from `frame`'s position. See [`Request::Perft`].
    ///
    /// # Errors
    /// [`CallError`], e.g. a game that does not count perft.
    pub fn perft(&self, game: &str, frame: &Frame, depth: u32) -> Result<PerftReport, CallError> {
        let request = Request::Perft {
            game: game.to_owned(),
            state: frame.state.clone(),
            depth,
        };
        match self.call(&request, None)? {
            Response::Perft(report) => Ok(report),
            other => Err(unexpected(&other)),
        }
    }

    /// Lists a strategy family. See [`Request::Sweep`].
    ///
    /// # Errors
    /// [`CallError`], e.g. an unknown family.
    pub fn sweep(&self, game: &str, sweep: &str, size: u32) -> Result<Vec<String>, CallError> {
        let request = Request::Sweep {
            game: game.to_owned(),
            sweep: sweep.to_owned(),
            size,
        };
        match self.call(&request, None)? {
            Response::Strategies { strategies } => Ok(strategies),
            other => Err(unexpected(&other)),
        }
    }
}

/// [`LoadedPlugin::call`] on a bare entry table (also used before the plugin is described).
fn call_entry(
    entry: &PluginEntry,
    request: &Request,
    progress: Option<ProgressFn<'_>>,
) -> Result<Response, CallError> {
    let bytes = serde_json::to_vec(request)
        .map_err(|e| CallError::Malformed(format!("cannot encode the request: {e}")))?;
    let sink = progress.as_ref().map(|progress| ProgressSink {
        context: std::ptr::from_ref(progress).cast(),
        report: report_trampoline,
    });
    let sink_ptr = sink.as_ref().map_or(std::ptr::null(), std::ptr::from_ref);
    let mut out = Buffer::empty();
    // SAFETY: `PluginEntry::call`'s contract: the request bytes, the sink and the progress
    // closure it points to outlive the call; `out` is writable.
    let status = unsafe { (entry.call)(bytes.as_ptr(), bytes.len(), sink_ptr, &raw mut out) };
    if status != STATUS_OK {
        return Err(CallError::NoResponse);
    }
    // SAFETY: on STATUS_OK `out` is the plugin's live buffer; we copy, then free it once.
    let decoded = serde_json::from_slice::<Response>(unsafe { out.as_slice() });
    unsafe { (entry.free)(out) };
    match decoded.map_err(|e| CallError::Malformed(e.to_string()))? {
        Response::Error(e) => Err(CallError::Plugin(e)),
        response => Ok(response),
    }
}

fn unexpected(response: &Response) -> CallError {
    let kind = serde_json::to_value(response)
        .ok()
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_owned))
        .unwrap_or_default();
    CallError::Unexpected(kind)
}

/// The plugins found so far and the files rejected.
#[derive(Debug, Default)]
pub struct PluginHost {
    plugins: Vec<LoadedPlugin>,
    rejected: Vec<Rejected>,
}

/// The directories searched, in order: `explicit` (e.g. `--plugin-dir`), then each entry of
/// the `TRITIUM_PLUGIN_PATH` environment variable (the platform's path-list syntax), then the
/// directory of the running executable (where cargo puts the workspace's plugin libraries).
pub fn search_path(explicit: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = explicit.to_vec();
    if let Some(list) = std::env::var_os("TRITIUM_PLUGIN_PATH") {
        dirs.extend(std::env::split_paths(&list).filter(|p| !p.as_os_str().is_empty()));
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_owned))
    {
        dirs.push(dir);
    }
    dirs
}

/// Whether `path` has the platform's dynamic library extension (`so`, `dylib`, `dll`).
pub fn is_library_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext == std::env::consts::DLL_EXTENSION)
}

impl PluginHost {
    /// A host with no plugins.
    pub fn new() -> Self {
        Self::default()
    }

    /// Checks every library file (by extension) in each directory, in name order. Missing
    /// directories are skipped; a file already loaded (same canonical path) is skipped.
    pub fn discover(&mut self, dirs: &[PathBuf]) {
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file() && is_library_file(p))
                .collect();
            files.sort();
            for file in files {
                // A rejection is recorded in `rejected`; discovery goes on.
                let _ = self.load(&file);
            }
        }
    }

    /// Loads one library, e.g. from the app's "Load plugin…". A failure is also recorded in
    /// [`PluginHost::rejected`].
    ///
    /// # Errors
    /// [`LoadError`].
    pub fn load(&mut self, path: &Path) -> Result<&LoadedPlugin, LoadError> {
        let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
        if let Some(i) = self.plugins.iter().position(|p| p.path == canonical) {
            return Ok(&self.plugins[i]);
        }
        let result = LoadedPlugin::load(&canonical).and_then(|plugin| {
            match self
                .plugins
                .iter()
                .find(|p| p.info.name == plugin.info.name)
            {
                Some(first) => Err(LoadError::Duplicate {
                    name: plugin.info.name.clone(),
                    first: first.path.clone(),
                }),
                None => Ok(plugin),
            }
        });
        match result {
            Ok(plugin) => {
                self.rejected.retain(|r| r.path != canonical);
                self.plugins.push(plugin);
                Ok(self.plugins.last().expect("just pushed"))
            }
            Err(reason) => {
                self.rejected.retain(|r| r.path != canonical);
                self.rejected.push(Rejected {
                    path: canonical,
                    reason: reason.clone(),
                });
                Err(reason)
            }
        }
    }

    /// The plugins loaded, in load order.
    pub fn plugins(&self) -> &[LoadedPlugin] {
        &self.plugins
    }

    /// The files rejected, with the reason.
    pub fn rejected(&self) -> &[Rejected] {
        &self.rejected
    }

    /// The first plugin offering the game `name`, and the game's info.
    pub fn find_game(&self, name: &str) -> Option<(&LoadedPlugin, &GameInfo)> {
        self.plugins
            .iter()
            .find_map(|p| p.info.games.iter().find(|g| g.name == name).map(|g| (p, g)))
    }

    /// Every game of every plugin, with its plugin.
    pub fn games(&self) -> impl Iterator<Item = (&LoadedPlugin, &GameInfo)> {
        self.plugins
            .iter()
            .flat_map(|p| p.info.games.iter().map(move |g| (p, g)))
    }
}
