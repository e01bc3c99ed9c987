//! The loader on real files: the example circuits and figures load, `.bench` netlists by
//! extension, atomic saves; and every attack a mutation-fuzz campaign found through a
//! circuit's `libraries` list is refused without reading or quoting the foreign file.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use loader::{
    DEFAULT_MAX_LIBRARY_BYTES, FigureError, LibraryPolicy, LoadError, StreamError, load_circuit,
    load_figure, parse_circuit, save_circuit, save_figure, write_atomically, write_atomically_with,
};

/// What a foreign file holds: no message may show it.
const SECRET: &str = "SECRETWORD";

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tritium-loader-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir_all(&dir).expect("temporary folder");
        TempDir(dir)
    }

    /// Writes `text` to `name` (folders created) and answers its path.
    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        fs::write(&path, text).expect("writable");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A circuit file using the library `lib` (as written in its `libraries`).
fn top_using(lib: &str) -> String {
    format!(
        "(\n    version: 2,\n    libraries: [{lib:?}],\n    nodes: [(label: \"x\", kind: Switch)],\n)\n"
    )
}

/// A valid library: one inverter part with pin `a` and lamp `y`.
const INV: &str = "(version: 1, nodes: [(label: \"a\", kind: Switch), (label: \"g\", kind: Not),\n\
     (label: \"y\", kind: Lamp)], wires: [(from: \"a\", to: \"g\"), (from: \"g\", to: \"y\")])\n";

/// Loads `top` (a path in a temporary folder) under `policy`; the error's message.
fn refusal(top: &Path, policy: &LibraryPolicy) -> String {
    match load_circuit(top, policy) {
        Ok(_) => panic!("{} loaded", top.display()),
        Err(e) => e.to_string(),
    }
}

/// A folder `top/` holding circuits, beside `outside/secret.ron`, a file they must not read.
fn attack_dirs() -> (TempDir, PathBuf) {
    let dir = TempDir::new();
    let secret = dir.file("outside/secret.ron", &format!("{SECRET} more words\n"));
    (dir, secret)
}

#[test]
fn the_example_circuits_with_libraries_load() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits");
    for name in ["adder8.ron", "counter_decoder.ron", "rs_nor_latch.ron"] {
        let loaded =
            load_circuit(&root.join(name), &LibraryPolicy::new()).unwrap_or_else(|e| panic!("{e}"));
        assert!(loaded.doc.circuit.node_count() > 0, "{name}");
    }
}

#[test]
fn a_bench_netlist_is_read_by_its_extension_without_positions() {
    let dir = TempDir::new();
    let path = dir.file(
        "and.BENCH",
        "INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n",
    );
    let loaded = load_circuit(&path, &LibraryPolicy::new()).expect("a netlist");
    assert_eq!(loaded.doc.circuit.inputs().count(), 2);
    assert!(loaded.doc.circuit.nodes().all(|(_, n)| n.pos.is_none()));

    let bad = dir.file("bad.bench", "y = FROB(a)\n");
    let err = load_circuit(&bad, &LibraryPolicy::new()).expect_err("not a netlist");
    assert!(matches!(err, LoadError::Netlist { .. }), "{err}");
    assert!(
        err.to_string().starts_with(&format!("{}: ", bad.display())),
        "{err}"
    );
}

#[test]
fn messages_name_the_file_line_and_column() {
    let dir = TempDir::new();
    let missing = dir.0.join("missing.ron");
    let err = load_circuit(&missing, &LibraryPolicy::new()).expect_err("missing");
    assert!(matches!(err, LoadError::Unreadable { .. }));
    assert!(
        err.to_string()
            .starts_with(&format!("{}: No such file", missing.display())),
        "{err}"
    );

    let syntax = dir.file("syntax.ron", "(\n    version: 1,\n    nodes: [,\n)\n");
    let err = load_circuit(&syntax, &LibraryPolicy::new()).expect_err("syntax");
    assert!(
        err.to_string()
            .starts_with(&format!("{}:3:", syntax.display())),
        "{err}"
    );

    let dup = dir.file(
        "dup.ron",
        "(\n    version: 1,\n    nodes: [\n        (label: \"a\", kind: Switch),\n        \
         (label: \"a\", kind: Lamp),\n    ],\n)\n",
    );
    let err = load_circuit(&dup, &LibraryPolicy::new()).expect_err("duplicate");
    assert!(
        err.to_string()
            .starts_with(&format!("{}:5: ", dup.display())),
        "{err}"
    );

    let gone = dir.file("gone.ron", &top_using("gone_lib.ron"));
    let err = refusal(&gone, &LibraryPolicy::new());
    assert!(
        err.contains("library `gone_lib.ron`") && err.contains("No such file or directory"),
        "{err}"
    );
}

#[test]
fn a_library_beside_the_circuit_or_in_a_library_folder_is_read() {
    let dir = TempDir::new();
    dir.file("lib/inv.ron", INV);
    let top = dir.file("top.ron", &top_using("lib/inv.ron"));
    let doc = load_circuit(&top, &LibraryPolicy::new()).expect("beside it");
    assert!(doc.doc.design.library.contains_key("inv"));

    // `../shared/inv2.ron` leaves the circuit's folder: refused, unless `shared` is allowed.
    dir.file("shared/inv2.ron", INV);
    let top = dir.file("circuits/top.ron", &top_using("../shared/inv2.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(err.contains("refused"), "{err}");
    let policy = LibraryPolicy::new().with_root(dir.0.join("shared"));
    let doc = load_circuit(&top, &policy).expect("a library folder");
    assert!(doc.doc.design.library.contains_key("inv2"));
}

#[test]
fn an_absolute_path_outside_the_folder_is_refused_before_reading() {
    let (dir, secret) = attack_dirs();
    for lib in [secret.display().to_string(), "/etc/passwd".to_owned()] {
        let top = dir.file("top/abs.ron", &top_using(&lib));
        let err = refusal(&top, &LibraryPolicy::new());
        assert!(
            err.contains("refused") && err.contains("lies outside"),
            "{err}"
        );
        assert!(!err.contains(SECRET) && !err.contains("root:"), "{err}");
    }
    // Not even probed: a missing file outside is refused the same way, not "no such file".
    let top = dir.file("top/probe.ron", &top_using("/no/such/dir/x.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(
        err.contains("lies outside") && !err.contains("No such"),
        "{err}"
    );
}

#[test]
fn a_dot_dot_escape_is_refused() {
    let (dir, _) = attack_dirs();
    for lib in ["../outside/secret.ron", "sub/../../outside/secret.ron"] {
        let top = dir.file("top/dots.ron", &top_using(lib));
        let err = refusal(&top, &LibraryPolicy::new());
        assert!(err.contains("lies outside"), "{err}");
        assert!(!err.contains(SECRET), "{err}");
    }
    // A library that itself escapes its own folder is refused too.
    dir.file("top/lib/escape.ron", &top_using("../../outside/secret.ron"));
    let top = dir.file("top/nested.ron", &top_using("lib/escape.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(
        err.contains("lies outside") && !err.contains(SECRET),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_leading_out_of_the_folder_is_refused() {
    let (dir, secret) = attack_dirs();
    fs::create_dir_all(dir.0.join("top")).expect("folder");
    std::os::unix::fs::symlink(&secret, dir.0.join("top/link.ron")).expect("symlink");
    std::os::unix::fs::symlink("/dev/zero", dir.0.join("top/zero.ron")).expect("symlink");
    for lib in ["link.ron", "zero.ron"] {
        let top = dir.file("top/sym.ron", &top_using(lib));
        let err = refusal(&top, &LibraryPolicy::new());
        assert!(err.contains("symbolic link leads outside"), "{err}");
        assert!(!err.contains(SECRET), "{err}");
    }
    // A link that stays inside is followed.
    dir.file("top/real.ron", INV);
    std::os::unix::fs::symlink(dir.0.join("top/real.ron"), dir.0.join("top/inv.ron"))
        .expect("symlink");
    let top = dir.file("top/ok.ron", &top_using("inv.ron"));
    load_circuit(&top, &LibraryPolicy::new()).expect("a link inside the folder");
}

#[cfg(unix)]
#[test]
fn a_device_or_a_folder_is_refused_even_where_allowed() {
    let dir = TempDir::new();
    // `/dev/zero` reads forever: outside the folder it is refused by place...
    let top = dir.file("zero.ron", &top_using("/dev/zero"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(err.contains("lies outside"), "{err}");
    // ...and inside an allowed folder by kind, before it is opened.
    let err = refusal(&top, &LibraryPolicy::new().with_root("/dev"));
    assert!(err.contains("not a regular file"), "{err}");
    fs::create_dir_all(dir.0.join("adir.ron")).expect("folder");
    let top = dir.file("dir.ron", &top_using("adir.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn an_oversize_library_is_refused_without_reading_it() {
    let dir = TempDir::new();
    // Sparse: the size is there, the bytes are not written.
    let huge = fs::File::create(dir.0.join("huge.ron")).expect("file");
    huge.set_len(DEFAULT_MAX_LIBRARY_BYTES + 1)
        .expect("sparse size");
    let top = dir.file("top.ron", &top_using("huge.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(
        err.contains(&format!(
            "{} bytes, more than the {DEFAULT_MAX_LIBRARY_BYTES}",
            DEFAULT_MAX_LIBRARY_BYTES + 1
        )),
        "{err}"
    );
    // A lower limit, and a library just under it.
    dir.file("inv.ron", INV);
    let top = dir.file("small.ron", &top_using("inv.ron"));
    let size = INV.len() as u64;
    let err = refusal(&top, &LibraryPolicy::new().with_max_bytes(size - 1));
    assert!(err.contains("more than the"), "{err}");
    load_circuit(&top, &LibraryPolicy::new().with_max_bytes(size)).expect("at the limit");
}

#[test]
fn a_library_that_is_not_a_circuit_is_named_but_not_quoted() {
    let dir = TempDir::new();
    dir.file("notes.ron", &format!("{SECRET}: x\nmore {SECRET}\n"));
    let top = dir.file("top.ron", &top_using("notes.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(
        err.contains("library `notes.ron`")
            && err.contains("1:1: not a valid circuit file")
            && !err.contains(SECRET),
        "{err}"
    );
    // A library with a fault deeper in: its line and column, not its words.
    dir.file(
        "kind.ron",
        &format!("(version: 1, nodes: [(label: \"a\", kind: {SECRET})])"),
    );
    let top = dir.file("kind_top.ron", &top_using("kind.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(
        err.contains("): 1:41: not a valid circuit file") && !err.contains(SECRET),
        "{err}"
    );
    // Not UTF-8: the system's words, not the bytes.
    fs::write(dir.0.join("bin.ron"), [0xff, 0xfe, b'S']).expect("writable");
    let top = dir.file("bin_top.ron", &top_using("bin.ron"));
    let err = refusal(&top, &LibraryPolicy::new());
    assert!(err.contains("stream did not contain valid UTF-8"), "{err}");
}

#[test]
fn parse_circuit_resolves_from_the_name_it_is_given() {
    let dir = TempDir::new();
    dir.file("inv.ron", INV);
    let name = dir.0.join("virtual.ron").display().to_string();
    let doc = parse_circuit(&top_using("inv.ron"), &name, &LibraryPolicy::new()).expect("loads");
    assert_eq!(doc.design.libraries, ["inv.ron"]);
}

#[test]
fn a_save_is_atomic_and_reads_back() {
    let dir = TempDir::new();
    let top = dir.file("top.ron", &top_using("inv.ron"));
    dir.file("inv.ron", INV);
    let loaded = load_circuit(&top, &LibraryPolicy::new()).expect("loads");
    let copy = dir.0.join("copy.ron");
    save_circuit(&loaded.doc, &copy).expect("saves");
    let again = load_circuit(&copy, &LibraryPolicy::new()).expect("reads back");
    assert_eq!(again.doc.circuit.to_desc(), loaded.doc.circuit.to_desc());
    let leftovers: Vec<_> = fs::read_dir(&dir.0)
        .expect("folder")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Into a missing folder: an error naming the target, nothing written.
    let nowhere = dir.0.join("no/such/dir/x.ron");
    let err = save_circuit(&loaded.doc, &nowhere).expect_err("no folder");
    assert!(
        err.to_string()
            .starts_with(&format!("cannot save {}: ", nowhere.display())),
        "{err}"
    );
    // Over an existing file: replaced whole.
    write_atomically(&copy, b"new").expect("writes");
    assert_eq!(fs::read_to_string(&copy).expect("reads"), "new");
}

#[test]
fn a_failing_streamed_write_leaves_neither_the_target_nor_a_temporary_file() {
    let dir = TempDir::new();
    let target = dir.0.join("wave.vcd");
    let err = write_atomically_with(&target, |out| {
        out.write_all(&vec![b'x'; 3 << 20])?; // past the 1 MiB buffer: the temporary file has data
        Err(std::io::Error::other("the writer gave up"))
    })
    .expect_err("the writer fails");
    assert!(
        matches!(&err, StreamError::Writer(e) if e.to_string() == "the writer gave up"),
        "{err:?}"
    );
    let left: Vec<_> = fs::read_dir(&dir.0)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");

    // Over an existing file, a failure keeps the old contents.
    fs::write(&target, "old").expect("writes");
    let err = write_atomically_with(&target, |out| {
        out.write_all(b"new, half")?;
        Err(std::io::Error::other("stop"))
    });
    assert!(err.is_err());
    assert_eq!(fs::read_to_string(&target).expect("reads"), "old");
    assert_eq!(fs::read_dir(&dir.0).expect("folder").count(), 1);

    // A success streams everything.
    write_atomically_with(&target, |out| out.write_all(b"whole"))
        .map_err(|e: StreamError<std::io::Error>| e)
        .expect("writes");
    assert_eq!(fs::read_to_string(&target).expect("reads"), "whole");
}

#[test]
fn a_device_is_written_in_place_and_a_directory_refused() {
    // Renaming a temporary file over `/dev/null` would replace the device (as root, it did
    // with `/dev/full`): a device or pipe is written in place.
    let null = Path::new("/dev/null");
    if null.exists() {
        write_atomically(null, b"discarded").expect("writes into the device");
        let meta = fs::metadata(null).expect("still there");
        assert!(!meta.is_file(), "/dev/null is still a device");
    }
    let full = Path::new("/dev/full");
    if full.exists() {
        let err = write_atomically(full, &vec![b'x'; 1 << 21]).expect_err("no space on /dev/full");
        assert_eq!(err.kind(), std::io::ErrorKind::StorageFull, "{err}");
        assert!(!fs::metadata(full).expect("still there").is_file());
    }
    let dir = TempDir::new();
    let err = write_atomically(&dir.0, b"x").expect_err("a directory");
    assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory, "{err}");
    assert_eq!(fs::read_dir(&dir.0).expect("folder").count(), 0);
}

#[test]
fn figures_load_and_save() {
    let barn = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/figures/barn.ron");
    let doc = load_figure(&barn).expect("the barn");
    let dir = TempDir::new();
    let copy = dir.0.join("barn.ron");
    save_figure(&doc, &copy).expect("saves");
    let again = load_figure(&copy).expect("reads back");
    assert_eq!(again.figure.to_desc(), doc.figure.to_desc());
    assert_eq!((again.name, again.expect), (doc.name, doc.expect));

    let missing = dir.0.join("missing.ron");
    let err = load_figure(&missing).expect_err("missing");
    assert!(matches!(err, FigureError::Unreadable { .. }));
    let bad = dir.file("bad.ron", "(\n    version: 1,\n    vertices: [,\n)\n");
    let err = load_figure(&bad).expect_err("syntax");
    assert!(
        err.to_string()
            .starts_with(&format!("{}:3:", bad.display())),
        "{err}"
    );
}

#[test]
fn an_endless_circuit_file_ends_at_the_size_limit() {
    // `/dev/zero` named as the circuit itself (not as a library) reads forever without a limit.
    let policy = LibraryPolicy::new().with_max_file_bytes(1 << 20);
    let err = load_circuit(Path::new("/dev/zero"), &policy).expect_err("refused");
    assert!(matches!(err, LoadError::Unreadable { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "/dev/zero: more than 1048576 bytes, the most a file may have"
    );
    assert_eq!(loader::DEFAULT_MAX_FILE_BYTES, 1 << 30);
}
