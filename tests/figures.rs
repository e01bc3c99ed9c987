//! Every figure in `circuits/figures/` meets the expectations it carries (verdict, ends, fewest
//! strokes, trail counts), round-trips through the file format, and is drawn correctly by each
//! algorithm; and the `tritium euler` command line on them.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use sim_core::figure::existence::{self, Verdict};
use sim_core::figure::format::{self, FigureDocument};
use sim_core::figure::{hierholzer, random, strokes};

/// How many `*.ron` files `circuits/figures/` holds (update when adding one).
const EXPECTED_FILES: usize = 5;

fn figure_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits/figures");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
        .collect();
    files.sort();
    files
}

fn load(path: &Path) -> FigureDocument {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    format::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_figure_meets_its_expectations_and_round_trips() {
    let files = figure_files();
    let mut checked = 0;
    for path in &files {
        let name = path.display();
        let doc = load(path);
        let expect = doc
            .expect
            .clone()
            .unwrap_or_else(|| panic!("{name}: no expectations"));
        assert_eq!(
            expect.mismatches(&doc.figure),
            Vec::<String>::new(),
            "{name}"
        );
        let g = doc.figure.graph();
        match existence::verdict(g) {
            Verdict::Circuit | Verdict::Trail { .. } => {
                let t = hierholzer::euler_trail(g, None).expect("a trail");
                assert!(hierholzer::is_euler_trail(g, &t), "{name}");
                let r = random::random_trail(g, 7).expect("a trail");
                assert!(hierholzer::is_euler_trail(g, &r), "{name}");
            }
            Verdict::Strokes { needed, .. } => {
                assert_eq!(strokes::min_strokes(g).len(), needed, "{name}");
            }
            Verdict::Empty => {}
        }
        let text = format::to_string(&doc).expect("writes");
        let again = format::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(again.figure.to_desc(), doc.figure.to_desc(), "{name}");
        assert_eq!(again.expect, doc.expect, "{name}");
        checked += 1;
    }
    assert_eq!(
        checked, EXPECTED_FILES,
        "{checked} figure files checked (update EXPECTED_FILES when adding one)"
    );
}

fn tritium(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tritium"))
        .args(args)
        .output()
        .expect("run tritium");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn figure(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("circuits/figures")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn euler_on_the_command_line() {
    let barn = figure("barn.ron");
    let (code, out, err) = tritium(&["euler", &barn]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Euler trail: one stroke, from 3 or 4"),
        "{out}"
    );
    let drawing = out
        .lines()
        .find_map(|l| l.strip_prefix("drawing: "))
        .expect("a drawing");
    assert_eq!(drawing.split('-').count(), 9, "{drawing}");
    let (_, out, _) = tritium(&["euler", &barn, "--count", "--start", "4"]);
    assert!(out.contains("drawings from 4: 44"), "{out}");
    assert!(out.contains("drawings in all: 88"), "{out}");
    let (_, out, _) = tritium(&["euler", &barn, "--all", "--limit", "1000"]);
    assert!(out.contains("88 drawings (limit 1000)"), "{out}");
    // A random drawing per seed, the same for the same seed.
    let json = |args: &[&str]| -> Value {
        let (code, out, err) = tritium(args);
        assert_eq!(code, Some(0), "{err}");
        serde_json::from_str(&out).expect("json")
    };
    let a = json(&[
        "euler", &barn, "--random", "--seed", "3", "--format", "json",
    ]);
    let b = json(&[
        "euler", &barn, "--random", "--seed", "3", "--format", "json",
    ]);
    assert_eq!(a, b);
    assert_eq!(a["verdict"], "trail");
    assert_eq!(a["drawing"].as_array().map(Vec::len), Some(9));
    // Königsberg: two strokes, with a drawing.
    let k = json(&["euler", &figure("konigsberg.ron"), "--format", "json"]);
    assert_eq!(
        (k["verdict"].as_str(), k["strokes"].as_u64()),
        (Some("strokes"), Some(2))
    );
    assert_eq!(k["drawing"].as_array().map(Vec::len), Some(2));
    // An edge list.
    let (code, out, _) = tritium(&["euler", "--edges", "a-b,b-c,c-a"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Euler circuit"), "{out}");
    // Bad input: exit 2 naming the problem.
    for (args, words) in [
        (
            vec!["euler", barn.as_str(), "--start", "0"],
            "must start at one of 3, 4",
        ),
        (
            vec!["euler", barn.as_str(), "--start", "x"],
            "no vertex `x`",
        ),
        (vec!["euler", "--edges", "a-b,b"], "`b`"),
        (vec!["euler", "--edges", "a-a"], "loop at `a`"),
    ] {
        let (code, _, err) = tritium(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
    let long: Vec<String> = (0..70).map(|i| format!("v{i}-v{}", i + 1)).collect();
    let (code, _, err) = tritium(&["euler", "--edges", &long.join(","), "--count"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("at most 64 edges"), "{err}");
    let bad = std::env::temp_dir().join(format!("tritium-bad-figure-{}.ron", std::process::id()));
    fs::write(&bad, "(version: 1,\n vertices: [(label: 3)])").expect("write");
    let (code, _, err) = tritium(&["euler", &bad.display().to_string()]);
    assert_eq!(code, Some(2));
    assert!(err.contains(&format!("{}:2:", bad.display())), "{err}");
    let _ = fs::remove_file(&bad);
}

#[test]
fn euler_counts_without_overflow_stops_when_told_and_streams_its_drawings() {
    // No single stroke: a count of 0 beside the strokes, in text and JSON.
    let konigsberg = figure("konigsberg.ron");
    let (code, out, err) = tritium(&["euler", &konigsberg, "--count"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("stroke 2: "), "{out}");
    assert!(out.contains("drawings in all: 0"), "{out}");
    let (code, out, err) = tritium(&["euler", &konigsberg, "--count", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let k: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(k["count"]["total"], 0);
    assert_eq!(k["strokes"], 2);
    // 22 parallel A–B edges: 2 · 22! drawings, past u64 (JSON: a decimal string), at once.
    let parallel = vec!["A-B"; 22].join(",");
    let (code, out, err) = tritium(&["euler", "--edges", &parallel, "--count"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("drawings in all: 2248001455555215360000"),
        "{out}"
    );
    let (code, out, err) = tritium(&["euler", "--edges", &parallel, "--count", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let j: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(j["count"]["total"], "2248001455555215360000");
    assert_eq!(j["count"]["from"]["A"], "1124000727777607680000");
    // K9 would take hours: --time-limit cuts it off with no number and exit status 1.
    let mut k9 = Vec::new();
    for a in 0..9 {
        for b in a + 1..9 {
            k9.push(format!("{a}-{b}"));
        }
    }
    let began = std::time::Instant::now();
    let (code, out, err) = tritium(&[
        "euler",
        "--edges",
        &k9.join(","),
        "--count",
        "--time-limit",
        "1",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(err.contains("--count cut off by --time-limit 1 s"), "{err}");
    assert!(!out.contains("drawings in all"), "{out}");
    assert!(began.elapsed().as_secs() < 30, "stopped in time");
    // Without a limit, the memo's bound stops it in seconds: no number, exit status 1.
    let began = std::time::Instant::now();
    let (code, out, err) = tritium(&["euler", "--edges", &k9.join(","), "--count"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        err.contains("error: --count: too many to count in time: counting needs more than 2000000 memoized states"),
        "{err}"
    );
    assert!(!out.contains("drawings in all"), "{out}");
    assert!(began.elapsed().as_secs() < 30, "stopped in time");
    // Ctrl+C (SIGINT) stops it the same way.
    #[cfg(unix)]
    {
        let child = Command::new(env!("CARGO_BIN_EXE_tritium"))
            .args(["euler", "--edges", &k9.join(","), "--count"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run tritium");
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill -INT");
        assert!(sent.success());
        let out = child.wait_with_output().expect("wait");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("--count cut off by Ctrl+C"), "{err}");
    }
    // --all streams: text lines, and JSON whose `all` is written element by element.
    let barn = figure("barn.ron");
    let (code, out, err) = tritium(&["euler", &barn, "--all", "--limit", "5", "--start", "3"]);
    assert_eq!(code, Some(0), "{err}");
    let drawings: Vec<&str> = out.lines().filter(|l| l.starts_with("3-")).collect();
    assert_eq!(drawings.len(), 5, "{out}");
    assert!(out.contains("5 drawings (limit 5)"), "{out}");
    let (code, out, err) = tritium(&[
        "euler", &barn, "--all", "--count", "--format", "json", "--limit", "1000",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let j: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(j["all"].as_array().map(Vec::len), Some(88));
    assert_eq!(
        (j["listed"].as_u64(), j["count"]["total"].as_u64()),
        (Some(88), Some(88))
    );
    // A limit far beyond memory is fine: the drawings are not held.
    let (code, out, err) = tritium(&["euler", &barn, "--all", "--limit", "18446744073709551615"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("88 drawings (limit 18446744073709551615)"),
        "{out}"
    );
    // No single stroke: an empty list.
    let (code, out, _) = tritium(&["euler", &konigsberg, "--all", "--format", "json"]);
    assert_eq!(code, Some(0));
    let k: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(k["all"], serde_json::json!([]));
    assert_eq!(k["listed"], 0);
    // A bad time limit.
    let (code, _, err) = tritium(&["euler", &barn, "--count", "--time-limit", "0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("positive number of seconds"), "{err}");
}
