//! Synthesis and analysis as a user runs them: `tritium synth` on the textbook tables of
//! `circuits/synth/` in every style (each built circuit analysed back and compared with its
//! table, its embedded test run by `tritium test`, and the minimal forms the files cite
//! matched), on expressions, and on bad input; `tritium analyze expr` on example circuits.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{TempDir, tritium};
use serde_json::Value as Json;
use synth::{Expr, Options, Spec, TruthTable, Unknowns, Value, minimise_spec, tablefile};

/// How many `*.table` files `circuits/synth/` holds (update when adding one).
const EXPECTED_TABLES: usize = 3;

/// How many `*.fsm` files `circuits/synth/` holds (update when adding one).
const EXPECTED_MACHINES: usize = 3;

/// Every `--style` and `--inputs` value.
const STYLES: [&str; 3] = ["and-or", "nand", "nor"];
const FAN_INS: [&str; 2] = ["2", "n"];

/// The files of `circuits/synth/` with the extension `extension`, sorted.
fn synth_files(extension: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("circuits/synth");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == extension))
        .collect();
    files.sort();
    files
}

/// The path as an argument.
fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The function of a table file.
fn read_spec(path: &Path) -> Spec {
    let text = fs::read_to_string(path).expect("readable");
    tablefile::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The minimal forms a file cites: its `# minimal: NAME = EXPR` lines.
fn cited(path: &Path) -> Vec<(String, Expr)> {
    fs::read_to_string(path)
        .expect("readable")
        .lines()
        .filter_map(|line| line.strip_prefix("# minimal:"))
        .map(|cite| {
            let (name, expr) = cite.split_once('=').expect("NAME = EXPR");
            let expr = Expr::parse(expr).unwrap_or_else(|e| panic!("{cite}: {e}"));
            (name.trim().to_owned(), expr)
        })
        .collect()
}

/// A sum of products' terms and literals.
fn size(expr: &Expr) -> (usize, usize) {
    fn literals(expr: &Expr) -> usize {
        match expr {
            Expr::Const(_) => 0,
            Expr::Var(_) => 1,
            Expr::Not(operand) => literals(operand),
            Expr::And(operands) | Expr::Or(operands) => operands.iter().map(literals).sum(),
        }
    }
    match expr {
        Expr::Or(terms) => (terms.len(), literals(expr)),
        Expr::Const(false) => (0, 0),
        _ => (1, literals(expr)),
    }
}

/// Asserts that `found` gives `expected`'s value on every row `expected` cares about.
#[track_caller]
fn assert_agrees(found: &TruthTable, expected: &TruthTable, what: &str) {
    assert_eq!(found.inputs(), expected.inputs(), "{what}");
    for row in 0..expected.rows() {
        let value = expected.value(row);
        if value != Value::DontCare {
            assert_eq!(found.value(row), value, "{what}, row {row}");
        }
    }
}

#[test]
fn every_textbook_table_has_its_cited_minimal_forms() {
    let files = synth_files("table");
    for path in &files {
        let spec = read_spec(path);
        let cover = minimise_spec(&spec, Options::default()).expect("minimises");
        let cited = cited(path);
        let names: Vec<&str> = cited.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            names,
            spec.output_names().collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        for (k, ((name, expr), (_, table))) in cited.iter().zip(spec.outputs()).enumerate() {
            let what = format!("{}: {name}", path.display());
            let cited_table = TruthTable::from_expr_over(expr, spec.inputs().to_vec())
                .expect("over the table's inputs");
            assert_agrees(&cited_table, table, &what);
            let terms = cover.terms_of(k).count();
            let literals = cover.terms_of(k).map(|cube| cube.literals() as usize).sum();
            assert_eq!(size(expr), (terms, literals), "{what}: {}", cover.expr(k));
        }
    }
    assert_eq!(files.len(), EXPECTED_TABLES, "{files:?}");
}

#[test]
fn every_textbook_table_synthesises_in_every_style_to_its_function() {
    let dir = TempDir::new("synth-textbook");
    let mut ran = 0;
    for path in synth_files("table") {
        let spec = read_spec(&path);
        for (style, fan_in) in STYLES.iter().flat_map(|s| FAN_INS.map(|i| (*s, i))) {
            let what = format!("{} --style {style} --inputs {fan_in}", path.display());
            let out = dir.path().join(format!("{style}-{fan_in}.ron"));
            let table = path.to_str().expect("a UTF-8 path");
            let args = [
                "synth", "--table", table, "--style", style, "--inputs", fan_in, "-o",
            ];
            let run = tritium(&[&args[..], &[out.to_str().expect("a UTF-8 path")]].concat());
            run.expect_code(0);
            assert!(
                run.stdout.contains("sum of products (exact;"),
                "{what}: {}",
                run.stdout
            );
            tritium(&["test", out.to_str().expect("a UTF-8 path")]).expect_code(0);

            let text = fs::read_to_string(&out).expect("written");
            let doc = sim_core::format::from_str(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
            let built = synth::analyse(&doc.circuit, &[], Unknowns::Refuse).expect("combinational");
            for ((name, expected), (built_name, found)) in
                spec.outputs().iter().zip(built.outputs())
            {
                assert_eq!(name, built_name, "{what}");
                assert_agrees(found, expected, &format!("{what}: {name}"));
            }
            ran += 1;
        }
    }
    assert_eq!(ran, EXPECTED_TABLES * STYLES.len() * FAN_INS.len());
}

#[test]
fn every_textbook_machine_synthesises_under_every_assignment_and_passes_its_tour() {
    let dir = TempDir::new("synth-fsm");
    let mut ran = 0;
    for path in synth_files("fsm") {
        for assignment in ["binary", "gray", "one-hot"] {
            let out = dir.path().join(format!("{assignment}.ron"));
            let run = tritium(&[
                "synth",
                "--fsm",
                arg(&path),
                "--assignment",
                assignment,
                "-o",
                arg(&out),
            ]);
            run.expect_code(0);
            let first = run.lines()[0];
            assert!(
                first.starts_with(&format!("states ({assignment}): ")),
                "{}",
                run.stdout
            );
            assert!(run.stdout.contains("flip-flop"), "{}", run.stdout);
            tritium(&["test", arg(&out)]).expect_code(0);
            ran += 1;
        }
    }
    assert_eq!(ran, EXPECTED_MACHINES * 3);
}

#[test]
fn synth_prints_minimal_expressions_and_writes_a_circuit_that_passes_its_test() {
    let dir = TempDir::new("synth-expr");
    let out = dir.path().join("half_adder.ron");
    let out_text = out.to_str().expect("a UTF-8 path");
    let run = tritium(&[
        "synth",
        "--expr",
        "S = A B' + A' B",
        "--expr",
        "C = A & B",
        "-o",
        out_text,
    ]);
    run.expect_code(0);
    assert_eq!(
        run.lines(),
        [
            "inputs: A B",
            "sum of products (exact; 3 terms, 6 literals):",
            "  S = ¬A·B + A·¬B",
            "  C = A·B",
            &format!("wrote {out_text}: 6 gates (and-or, n-input)"),
        ]
    );
    tritium(&["test", out_text]).expect_code(0);

    let pos = tritium(&["synth", "--expr", "A B + A' C", "--pos", "--style", "nor"]);
    pos.expect_code(0);
    assert_eq!(
        pos.lines(),
        [
            "inputs: A B C",
            "product of sums (exact; 2 terms, 4 literals):",
            "  F = (A + C)·(¬A + B)"
        ]
    );

    // The document on standard output, the report on standard error.
    let piped = tritium(&["synth", "--expr", "Y = A B", "-o", "-"]);
    piped.expect_code(0);
    assert!(piped.stdout.starts_with('('), "{}", piped.stdout);
    assert!(
        piped.stderr.contains("wrote standard output: 1 gate"),
        "{}",
        piped.stderr
    );
}

#[test]
fn synth_names_the_column_of_a_bad_expression_and_the_line_of_a_bad_table() {
    let dir = TempDir::new("synth-bad");
    let cases: [(&[&str], &str); 6] = [
        (
            &["--expr", "F = A + * B"],
            "error: --expr \"F = A + * B\": column 9: expected a variable",
        ),
        (
            &["--expr", "A + B", "--expr", "C"],
            "name each of several outputs",
        ),
        (&["--expr", "2x = A"], "`2x` is no output name"),
        (
            &["--expr", "A = A B"],
            "output `A` is named twice, or like an input",
        ),
        (
            &["--table", "no/such.table"],
            "error: cannot read no/such.table",
        ),
        (
            &["--expr", "A", "--assignment", "gray"],
            "cannot be used with",
        ),
    ];
    for (args, message) in cases {
        let run = tritium(&[&["synth"][..], args].concat());
        run.expect_code(2);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    let tables = [
        (
            "A B | F\n0 1 | 1\n1 2 | 0\n",
            "line 3, column 3: `2` is no cell of `B`",
        ),
        (
            "A B | F\n1 - | 1\n1 1 | 0\n",
            "line 3: row 11 gives F = 0, but line 2 gave 1",
        ),
        (
            "A B | F\n0 1 | 1 1\n",
            "line 2, column 9: 2 output cells, the header has 1",
        ),
        ("A B F\n", "line 1, column 6: expected `|`"),
    ];
    for (text, message) in tables {
        let path = dir.file("bad.table", text);
        let run = tritium(&["synth", "--table", path.to_str().expect("a UTF-8 path")]);
        run.expect_code(2);
        assert!(
            run.stderr.contains(&format!("bad.table: {message}")),
            "{text}: {}",
            run.stderr
        );
    }
    let machine = dir.file("bad.fsm", "machine moore\ninputs X\nA 0 -> B\n");
    let run = tritium(&["synth", "--fsm", arg(&machine)]);
    run.expect_code(2);
    assert!(run.stderr.contains("bad.fsm: line 3: "), "{}", run.stderr);
    let neither = tritium(&["synth"]);
    neither.expect_code(2);
    assert!(neither.stderr.contains("--table"), "{}", neither.stderr);
}

#[test]
fn analyze_expr_prints_both_forms_and_takes_a_cone() {
    let run = tritium(&["analyze", "expr", "circuits/full_adder.ron"]);
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines[0], "inputs: A B Cin");
    assert_eq!(lines[1], "sum of products (exact; 7 terms, 18 literals):");
    assert!(lines[2].starts_with("  S    = "), "{}", run.stdout);
    assert_eq!(lines[4], "product of sums (exact; 7 terms, 18 literals):");
    assert_eq!(lines.len(), 7, "{}", run.stdout);

    let json = tritium(&[
        "analyze",
        "expr",
        "circuits/full_adder.ron",
        "--outputs",
        "Cout",
        "--format",
        "json",
    ]);
    json.expect_code(0);
    let report: Json = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(report["inputs"], serde_json::json!(["A", "B", "Cin"]));
    assert_eq!(report["sop"]["exactness"], "exact");
    assert_eq!(report["sop"]["terms"], 3);
    assert_eq!(report["sop"]["outputs"][0]["name"], "Cout");
    let pos = report["pos"]["outputs"][0]["expr"]
        .as_str()
        .expect("a string");
    assert_eq!(pos.matches('(').count(), 3, "{pos}");
}

#[test]
fn analyze_expr_refuses_unknown_outputs_unless_they_are_dont_cares() {
    let latch = "circuits/rs_nor_latch.ron";
    let run = tritium(&["analyze", "expr", latch]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("output `Q` is unknown for R=0 S=0"),
        "{}",
        run.stderr
    );
    let run = tritium(&["analyze", "expr", latch, "--unknown-as-dont-care"]);
    run.expect_code(0);
    assert!(run.stdout.contains("  Q  = ¬R"), "{}", run.stdout);

    let run = tritium(&["analyze", "expr", latch, "--outputs", "Nothing"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("no node or bus is named `Nothing`"),
        "{}",
        run.stderr
    );
}
