//! Verilog designs through Yosys: the synthesis run that turns `.v`/`.sv` files into Yosys'
//! JSON netlist of simple cells.
//!
//! Yosys is an external program (Debian's `yosys` package): [`Yosys::find`] takes the one
//! named by the `TRITIUM_YOSYS` environment variable, else `yosys` on the `PATH`. It runs
//! [`script`] — the files read with the `--define`s and `--include` folders, then
//! `hierarchy -check -top TOP` (without a top, `hierarchy -check`, leaving the choice to the
//! reader), `proc`, `opt`, `memory -nomap` (memories kept whole), `techmap` (simple cells
//! only), `opt_clean` and `write_json` into a temporary folder, which is removed afterwards —
//! in the caller's working directory, so the file names in its messages are the caller's.
//!
//! [`Yosys::import`] then reads the netlist with [`sim_core::yosys::from_json`] into a
//! document: the one way from Verilog to a circuit, for `tritium import`,
//! [`load_circuit`](crate::load_circuit)
//! (`.v`/`.sv` files, every command and the app's File → Open) alike.
//!
//! A run that fails passes Yosys' own message on (`bad.v:2: ERROR: syntax error, …`: file and
//! line included); a run longer than [`Options::time_limit`] (default [`DEFAULT_TIME_LIMIT`])
//! is stopped and reported with the limit. Yosys' warnings (`Warning:` lines) come back with
//! the netlist.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sim_core::format::Document;
use sim_core::yosys::{ImportOptions, ImportWarning, YosysError, from_json};

/// The environment variable naming the Yosys program to run (else `yosys` on the `PATH`).
pub const YOSYS_VARIABLE: &str = "TRITIUM_YOSYS";

/// How long a Yosys run may take before it is stopped: 60 s.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_mins(1);

/// A macro defined for the Verilog preprocessor: `NAME` or `NAME=VALUE` (`--define`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Define {
    /// The macro's name.
    pub name: String,
    /// Its text, if any (`` `NAME `` expands to it).
    pub value: Option<String>,
}

impl FromStr for Define {
    type Err = DefineError;

    /// Reads `NAME` or `NAME=VALUE`: the name a Verilog identifier (letters, digits, `_` and
    /// `$`, not starting with a digit or `$`), the value a word a Yosys script can pass (no
    /// white space, `"`, `;` or `#`).
    fn from_str(text: &str) -> Result<Define, DefineError> {
        let (name, value) = match text.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (text, None),
        };
        let mut chars = name.chars();
        let starts = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        let identifier = starts && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        if !identifier || !value.as_deref().is_none_or(is_one_word) {
            return Err(DefineError(text.to_owned()));
        }
        Ok(Define {
            name: name.to_owned(),
            value,
        })
    }
}

impl fmt::Display for Define {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(value) => write!(f, "{}={value}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// A `--define` that is not `NAME` or `NAME=VALUE`, with a Verilog identifier as the name and
/// a value a Yosys script can pass.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a macro definition: write NAME or NAME=VALUE, NAME a Verilog identifier \
     (letters, digits, `_`, `$`; not starting with a digit), VALUE without white space, `\"`, \
     `;` or `#` (Yosys' script reads those as its own)"
)]
pub struct DefineError(pub String);

/// What Yosys is asked to do besides reading the files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The top module (`hierarchy -top`); `None` lets the netlist's reader choose the one
    /// module no other instantiates.
    pub top: Option<String>,
    /// Macros defined before the files are read, in order.
    pub defines: Vec<Define>,
    /// Folders searched by `` `include ``, in order (relative ones from the working
    /// directory).
    pub include_dirs: Vec<PathBuf>,
    /// How long Yosys may run before it is stopped.
    pub time_limit: Duration,
    /// The most nodes the imported design may flatten to
    /// ([`ImportOptions::max_nodes`]).
    pub max_nodes: usize,
}

impl Default for Options {
    /// No top, defines or include folders; [`DEFAULT_TIME_LIMIT`]; the importer's default
    /// node limit.
    fn default() -> Options {
        Options {
            top: None,
            defines: Vec::new(),
            include_dirs: Vec::new(),
            time_limit: DEFAULT_TIME_LIMIT,
            max_nodes: ImportOptions::default().max_nodes,
        }
    }
}

/// A Verilog design imported.
#[derive(Debug)]
pub struct Design {
    /// The document: the top module's level, the modules below it as subcircuits.
    pub document: Document,
    /// What Yosys and the importer warned about, in that order.
    pub warnings: Vec<Warning>,
}

/// A warning about an imported design.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// A line Yosys printed (`a.v:1: Warning: …`).
    Yosys(String),
    /// The importer's.
    Import(ImportWarning),
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Yosys(line) => f.write_str(line),
            Warning::Import(warning) => warning.fmt(f),
        }
    }
}

/// What a successful Yosys run hands back.
#[derive(Clone, Debug)]
pub struct Synthesis {
    /// The JSON netlist (`write_json`).
    pub json: String,
    /// Yosys' warnings, one line each as it printed them (`a.v:1: Warning: …`).
    pub warnings: Vec<String>,
}

/// Why Yosys produced no netlist.
#[derive(Debug, thiserror::Error)]
pub enum VerilogError {
    /// The program could not be started (not installed, or `TRITIUM_YOSYS` names nothing
    /// runnable).
    #[error(
        "cannot run Yosys (`{}`): {error}; install it (Debian, Ubuntu: `apt-get install \
         yosys`) or name the program in the {YOSYS_VARIABLE} environment variable",
        program.display()
    )]
    NotFound {
        /// The program tried.
        program: PathBuf,
        /// What the operating system said.
        error: io::Error,
    },
    /// No Verilog file was given.
    #[error("no Verilog file to read")]
    NoFiles,
    /// A name a Yosys script cannot pass: a file name holding `"` or a line break, or a
    /// module name, include folder or macro (which Yosys reads unquoted) holding white space,
    /// `"`, `;` or `#`, or starting with `-`.
    #[error(
        "`{name}`: Yosys cannot be given this name (a file name may not hold `\"` or a line \
         break; a module name, include folder or macro definition no white space, `\"`, `;` or \
         `#`, nor start with `-`)"
    )]
    UnpassableName {
        /// The name.
        name: String,
    },
    /// Yosys reported an error (its message passed on: file and line where it gives them).
    #[error("Yosys failed: {message}")]
    Failed {
        /// Yosys' message, from its first `ERROR:` line (or all it printed, with the exit
        /// status, when it printed no such line).
        message: String,
    },
    /// Yosys ran longer than the time limit and was stopped.
    #[error(
        "Yosys did not finish within the time limit of {} s and was stopped (a design this \
         large or complex needs a longer limit)",
        limit.as_secs_f64()
    )]
    TimedOut {
        /// The limit.
        limit: Duration,
    },
    /// The temporary folder or Yosys' output could not be written or read.
    #[error("Yosys' temporary files: {0}")]
    Io(#[from] io::Error),
    /// Yosys' netlist could not be imported (a cell type Tritium cannot map, several top
    /// candidates, a design over the node limit, …).
    #[error("{files}: {error}")]
    Import {
        /// The Verilog files, as given, separated by commas.
        files: String,
        /// Why (boxed: errors should be small to pass).
        error: Box<YosysError>,
    },
}

impl VerilogError {
    /// Whether the error is about the design (Yosys refused it, or its netlist cannot be
    /// imported) rather than about running Yosys (missing, out of time, unpassable names, the
    /// temporary files).
    pub fn is_about_the_design(&self) -> bool {
        matches!(
            self,
            VerilogError::Failed { .. } | VerilogError::Import { .. }
        )
    }
}

/// The Yosys program to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yosys {
    program: PathBuf,
}

impl Yosys {
    /// The program named by `TRITIUM_YOSYS` when it is set and not empty, else `yosys` (looked
    /// up on the `PATH` when it runs). Whether it exists shows when it runs
    /// ([`VerilogError::NotFound`]).
    pub fn find() -> Yosys {
        let program = std::env::var_os(YOSYS_VARIABLE)
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| OsString::from("yosys"));
        Yosys::at(program)
    }

    /// The program at `program` (a path, or a name looked up on the `PATH`).
    pub fn at(program: impl Into<PathBuf>) -> Yosys {
        Yosys {
            program: program.into(),
        }
    }

    /// The program's path or name.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// Whether the program runs (`yosys -V` succeeds): for callers that skip work without it.
    pub fn is_available(&self) -> bool {
        Command::new(&self.program)
            .arg("-V")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// Runs [`script`] on `files` with `options` and returns the JSON netlist and Yosys'
    /// warnings. Nothing is left behind: the temporary folder is removed, also on failure.
    ///
    /// # Errors
    /// [`VerilogError`]: no files, a name Yosys cannot read, Yosys missing, failing (its
    /// message) or running past [`Options::time_limit`], or the temporary files.
    pub fn synthesize(
        &self,
        files: &[PathBuf],
        options: &Options,
    ) -> Result<Synthesis, VerilogError> {
        let dir = TempDir::new()?;
        let json_path = dir.path().join("netlist.json");
        let script = script(files, options, &json_path)?;
        let script_path = dir.path().join("import.ys");
        fs::write(&script_path, script)?;
        let (stdout, stderr) = (dir.path().join("stdout"), dir.path().join("stderr"));
        let child = Command::new(&self.program)
            .arg("-q")
            .arg("-s")
            .arg(&script_path)
            .stdin(Stdio::null())
            .stdout(fs::File::create(&stdout)?)
            .stderr(fs::File::create(&stderr)?)
            .spawn()
            .map_err(|error| VerilogError::NotFound {
                program: self.program.clone(),
                error,
            })?;
        let status = wait_within(child, options.time_limit)?;
        let printed = fs::read_to_string(&stderr)? + &fs::read_to_string(&stdout)?;
        if !status.success() {
            return Err(VerilogError::Failed {
                message: failure_message(&printed, status),
            });
        }
        Ok(Synthesis {
            json: fs::read_to_string(&json_path)?,
            warnings: warnings(&printed),
        })
    }
}

impl Yosys {
    /// Runs Yosys on `files` ([`synthesize`](Self::synthesize)) and imports its netlist
    /// ([`from_json`]) with `options.top` and `options.max_nodes`.
    ///
    /// # Errors
    /// [`VerilogError`]: the run's, or [`VerilogError::Import`] naming the files.
    pub fn import(&self, files: &[PathBuf], options: &Options) -> Result<Design, VerilogError> {
        let synthesis = self.synthesize(files, options)?;
        let import = ImportOptions {
            top: options.top.clone(),
            max_nodes: options.max_nodes,
        };
        let imported = from_json(&synthesis.json, &import).map_err(|error| {
            let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
            VerilogError::Import {
                files: files.join(", "),
                error: Box::new(error),
            }
        })?;
        let warnings = synthesis.warnings.into_iter().map(Warning::Yosys);
        Ok(Design {
            document: imported.document,
            warnings: warnings
                .chain(imported.warnings.into_iter().map(Warning::Import))
                .collect(),
        })
    }
}

/// The Yosys script that reads `files` with `options` and writes the JSON netlist to `json`:
///
/// ```text
/// read_verilog [-sv] [-D NAME=VALUE …] [-I DIR …] "FILE" …
/// hierarchy -check [-top TOP]
/// proc
/// opt
/// memory -nomap
/// techmap
/// opt_clean
/// write_json "JSON"
/// ```
///
/// `-sv` when any file's name ends in `.sv`; file names are quoted (a relative one starting
/// with `-` gets `./` first, so that it is not read as an option); Yosys reads the others
/// unquoted, so they must be single words.
///
/// # Errors
/// [`VerilogError::NoFiles`], or [`VerilogError::UnpassableName`] for a name the script
/// cannot pass.
pub fn script(files: &[PathBuf], options: &Options, json: &Path) -> Result<String, VerilogError> {
    if files.is_empty() {
        return Err(VerilogError::NoFiles);
    }
    let mut read = String::from("read_verilog");
    if files.iter().any(|f| is_system_verilog(f)) {
        read.push_str(" -sv");
    }
    for define in &options.defines {
        read.push_str(" -D ");
        read.push_str(bare(&define.to_string())?);
    }
    for dir in &options.include_dirs {
        read.push_str(" -I ");
        read.push_str(bare(&dir.to_string_lossy())?);
    }
    for file in files {
        let file = if file.to_string_lossy().starts_with('-') {
            Path::new(".").join(file)
        } else {
            file.clone()
        };
        read.push(' ');
        read.push_str(&quoted(&file.to_string_lossy())?);
    }
    let hierarchy = match &options.top {
        Some(top) => format!("hierarchy -check -top {}", bare(top)?),
        None => "hierarchy -check".to_owned(),
    };
    Ok(format!(
        "{read}\n{hierarchy}\nproc\nopt\nmemory -nomap\ntechmap\nopt_clean\nwrite_json {}\n",
        quoted(&json.to_string_lossy())?
    ))
}

/// Whether `path` names a Verilog or `SystemVerilog` file: its extension is `v` or `sv`
/// (case-insensitive).
pub fn is_verilog(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("v") || e.eq_ignore_ascii_case("sv"))
}

/// Whether `path` names a `SystemVerilog` file (extension `sv`).
fn is_system_verilog(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sv"))
}

/// `name` as a word of a Yosys script, which reads option values and module names unquoted.
///
/// # Errors
/// [`VerilogError::UnpassableName`] for an empty name, one that is not [`is_one_word`] or
/// one starting with `-`.
fn bare(name: &str) -> Result<&str, VerilogError> {
    if !name.is_empty() && is_one_word(name) && !name.starts_with('-') {
        Ok(name)
    } else {
        Err(VerilogError::UnpassableName {
            name: name.to_owned(),
        })
    }
}

/// Whether a Yosys script reads `text` unquoted as (at most) one word: it holds no white space,
/// `"`, `;` (which ends a command) or `#` (which starts a comment).
fn is_one_word(text: &str) -> bool {
    !text.contains(|c: char| c.is_whitespace() || matches!(c, '"' | ';' | '#'))
}

/// `name` in double quotes, as a Yosys script reads a file name with spaces or `;`.
fn quoted(name: &str) -> Result<String, VerilogError> {
    if name.contains(['"', '\n', '\r']) {
        return Err(VerilogError::UnpassableName {
            name: name.to_owned(),
        });
    }
    Ok(format!("\"{name}\""))
}

/// Waits for `child` at most `limit`; past it, kills it and reports
/// [`VerilogError::TimedOut`].
fn wait_within(
    mut child: std::process::Child,
    limit: Duration,
) -> Result<ExitStatus, VerilogError> {
    let started = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        let Some(left) = limit
            .checked_sub(started.elapsed())
            .filter(|l| !l.is_zero())
        else {
            // It may have ended just now: then kill fails, and wait reaps it either way.
            let _ = child.kill();
            child.wait()?;
            return Err(VerilogError::TimedOut { limit });
        };
        std::thread::sleep(pause.min(left));
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// The message of a failed run: what Yosys printed from its first `ERROR:` line on, or, if it
/// printed none, everything with the exit status.
fn failure_message(printed: &str, status: ExitStatus) -> String {
    let lines: Vec<&str> = printed.lines().collect();
    match lines.iter().position(|l| l.contains("ERROR:")) {
        Some(first) => lines[first..].join("\n").trim().to_owned(),
        None if printed.trim().is_empty() => format!("it exited with {status} and printed nothing"),
        None => format!("it exited with {status}: {}", printed.trim()),
    }
}

/// Yosys' warnings in what it printed: each line holding `Warning:`.
fn warnings(printed: &str) -> Vec<String> {
    printed
        .lines()
        .filter(|l| l.contains("Warning:"))
        .map(str::to_owned)
        .collect()
}

/// A fresh folder under the system's temporary folder, removed (with what it holds) on drop.
struct TempDir(PathBuf);

impl TempDir {
    /// Creates `tritium-yosys-PID-N` (the first `N` not taken).
    fn new() -> io::Result<TempDir> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path =
                std::env::temp_dir().join(format!("tritium-yosys-{}-{n}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir(path)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(names: &[&str]) -> Vec<PathBuf> {
        names.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn the_script_reads_the_files_with_the_options_then_synthesizes() {
        let options = Options {
            top: Some("soc".to_owned()),
            defines: vec![
                "SIM".parse().expect("a define"),
                "WIDTH=8".parse().expect("a define"),
            ],
            include_dirs: paths(&["rtl/inc"]),
            ..Options::default()
        };
        let text = script(
            &paths(&["a b.v", "-odd.sv"]),
            &options,
            Path::new("/tmp/x/netlist.json"),
        )
        .expect("works");
        assert_eq!(
            text,
            "read_verilog -sv -D SIM -D WIDTH=8 -I rtl/inc \"a b.v\" \"./-odd.sv\"\n\
             hierarchy -check -top soc\nproc\nopt\nmemory -nomap\ntechmap\nopt_clean\n\
             write_json \"/tmp/x/netlist.json\"\n"
        );
        let plain =
            script(&paths(&["a.v"]), &Options::default(), Path::new("n.json")).expect("works");
        assert!(
            plain.starts_with("read_verilog \"a.v\"\nhierarchy -check\n"),
            "{plain}"
        );
    }

    #[test]
    fn names_the_script_cannot_pass_are_refused_by_name() {
        let json = Path::new("n.json");
        let refused = |files: &[&str], options: &Options| match script(&paths(files), options, json)
        {
            Err(VerilogError::UnpassableName { name }) => name,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            refused(&["say \"hi\".v"], &Options::default()),
            "say \"hi\".v"
        );
        let top = |top: &str| Options {
            top: Some(top.to_owned()),
            ..Options::default()
        };
        assert_eq!(refused(&["a.v"], &top("a; b")), "a; b");
        assert_eq!(refused(&["a.v"], &top("-top")), "-top");
        let include = Options {
            include_dirs: paths(&["my includes"]),
            ..Options::default()
        };
        assert_eq!(refused(&["a.v"], &include), "my includes");
        assert!(matches!(
            script(&[], &Options::default(), json),
            Err(VerilogError::NoFiles)
        ));
    }

    #[test]
    fn defines_are_identifiers_with_an_optional_word() {
        let define: Define = "WIDTH=8".parse().expect("a define");
        assert_eq!(
            define,
            Define {
                name: "WIDTH".to_owned(),
                value: Some("8".to_owned())
            }
        );
        assert_eq!(define.to_string(), "WIDTH=8");
        assert_eq!("_SIM$1".parse::<Define>().expect("a define").value, None);
        assert_eq!(
            "EMPTY=".parse::<Define>().expect("a define").to_string(),
            "EMPTY="
        );
        for bad in ["", "=1", "1X", "A B", "A-B=1", "A=1 2", "A=\"s\"", "A=x;y"] {
            let err = bad.parse::<Define>().expect_err("fails");
            assert_eq!(err, DefineError(bad.to_owned()));
            assert!(err.to_string().contains("NAME=VALUE"), "{err}");
        }
    }

    #[test]
    fn a_missing_program_says_how_to_install_yosys() {
        let err = Yosys::at("/nonexistent/yosys")
            .synthesize(&paths(&["a.v"]), &Options::default())
            .expect_err("fails");
        assert!(matches!(err, VerilogError::NotFound { .. }), "{err:?}");
        let message = err.to_string();
        assert!(message.contains("`/nonexistent/yosys`"), "{message}");
        assert!(message.contains("apt-get install yosys"), "{message}");
        assert!(message.contains(YOSYS_VARIABLE), "{message}");
        assert!(!Yosys::at("/nonexistent/yosys").is_available());
    }

    /// A stand-in for Yosys: a shell script with `body`, in a folder removed on drop.
    #[cfg(unix)]
    fn fake_yosys(body: &str) -> (TempDir, Yosys) {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = TempDir::new().expect("a temporary folder");
        let program = dir.path().join("yosys");
        fs::write(&program, format!("#!/bin/sh\n{body}\n")).expect("works");
        fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).expect("works");
        (dir, Yosys::at(program))
    }

    #[cfg(unix)]
    #[test]
    fn a_run_past_the_time_limit_is_stopped_and_says_so() {
        let (_dir, yosys) = fake_yosys("sleep 30");
        let options = Options {
            time_limit: Duration::from_millis(200),
            ..Options::default()
        };
        let started = Instant::now();
        let err = yosys
            .synthesize(&paths(&["a.v"]), &options)
            .expect_err("fails");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "it was stopped"
        );
        assert!(matches!(err, VerilogError::TimedOut { .. }), "{err:?}");
        assert!(err.to_string().contains("time limit of 0.2 s"), "{err}");
        assert_eq!(DEFAULT_TIME_LIMIT.as_secs(), 60, "the documented default");
    }

    #[cfg(unix)]
    #[test]
    fn yosys_messages_are_passed_on_from_the_first_error() {
        let (_dir, yosys) = fake_yosys(
            "echo 'a.v:1: Warning: Identifier `\\x'\"'\"' is implicitly declared.' >&2\n\
             echo 'bad.v:2: ERROR: syntax error, unexpected '\"';'\" >&2\nexit 1",
        );
        let err = yosys
            .synthesize(&paths(&["bad.v"]), &Options::default())
            .expect_err("fails");
        assert_eq!(
            err.to_string(),
            "Yosys failed: bad.v:2: ERROR: syntax error, unexpected ';'"
        );
        let (_dir, silent) = fake_yosys("exit 3");
        let err = silent
            .synthesize(&paths(&["a.v"]), &Options::default())
            .expect_err("fails");
        assert!(err.to_string().contains("printed nothing"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_successful_run_hands_back_the_json_and_the_warnings() {
        // The script's last line names the JSON file: write it there, as Yosys would.
        let (_dir, yosys) = fake_yosys(
            "json=$(sed -n 's/^write_json \"\\(.*\\)\"$/\\1/p' \"$3\")\n\
             echo '{\"modules\": {}}' > \"$json\"\n\
             echo 'w.v:1: Warning: Identifier is implicitly declared.' >&2",
        );
        let synthesis = yosys
            .synthesize(&paths(&["w.v"]), &Options::default())
            .expect("works");
        assert_eq!(synthesis.json.trim(), "{\"modules\": {}}");
        assert_eq!(
            synthesis.warnings,
            ["w.v:1: Warning: Identifier is implicitly declared."]
        );
    }

    #[test]
    fn verilog_files_by_extension() {
        assert!(is_verilog(Path::new("rtl/cpu.v")));
        assert!(is_verilog(Path::new("top.SV")));
        assert!(!is_verilog(Path::new("c17.bench")));
        assert!(!is_verilog(Path::new("v")));
    }
}
