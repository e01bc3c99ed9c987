//! `tritium plugins`, `play`, `replay`, `perft`, `solve` and `experiment` end to end, with the
//! real 2048, Threes!, checkers and sliding-puzzle plugin libraries (dev-dependencies, so
//! cargo builds them, side by side, before these tests run).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// The directory holding the built `game-2048` library: `target/<profile>/deps/` or `target/<profile>/`.
fn plugin_dir() -> PathBuf {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_tritium"));
    let profile_dir = exe.parent().expect("target/<profile>").to_owned();
    let file = format!(
        "{}game_2048{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    // `deps/` first: cargo rebuilds it for this test (a dev-dependency), while the copy next to
    // the executable is only refreshed by `cargo build`, and may be stale.
    [profile_dir.join("deps"), profile_dir.clone()]
        .into_iter()
        .find(|dir| dir.join(&file).is_file())
        .unwrap_or_else(|| panic!("{file} not built under {}", profile_dir.display()))
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `tritium ARGS` with only `dirs` as plugin directories (the executable's own
/// directory is searched too) and `stdin` as input.
fn tritium(args: &[&str], dirs: &[&Path], stdin: &str) -> Run {
    tritium_with(args, dirs, stdin, &[])
}

/// [`tritium`] with extra environment variables.
fn tritium_with(args: &[&str], dirs: &[&Path], stdin: &str, env: &[(&str, &Path)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tritium"));
    command.envs(env.iter().copied());
    for dir in dirs {
        command.arg("--plugin-dir").arg(dir);
    }
    let mut child = command
        .args(args)
        .env_remove("TRITIUM_PLUGIN_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tritium");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), stdin.as_bytes())
        .expect("write stdin");
    let output = child.wait_with_output().expect("wait");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

impl Run {
    #[track_caller]
    fn ok(self) -> Self {
        assert_eq!(
            self.code,
            Some(0),
            "--- stdout\n{}--- stderr\n{}",
            self.stdout,
            self.stderr
        );
        self
    }
}

#[test]
fn plugins_lists_games_strategies_sweeps_and_rejected_files() {
    let bad = std::env::temp_dir().join(format!("tritium-cli-plugins-{}", std::process::id()));
    std::fs::create_dir_all(&bad).expect("temp dir");
    let bogus = bad.join(format!("notes.{}", std::env::consts::DLL_EXTENSION));
    std::fs::write(&bogus, "not a library").expect("write");

    let run = tritium(&["plugins"], &[&plugin_dir(), &bad], "").ok();
    assert!(run.stdout.contains("game-2048 "), "{}", run.stdout);
    assert!(run.stdout.contains("  game 2048: "), "{}", run.stdout);
    assert!(
        run.stdout.contains("rules: standard, seed"),
        "{}",
        run.stdout
    );
    for strategy in ["random", "greedy", "cyclic", "biased"] {
        assert!(
            run.stdout.contains(&format!("      {strategy} ")),
            "{strategy}: {}",
            run.stdout
        );
    }
    assert!(
        run.stdout
            .contains("sweep cyclic --max-len N (default rules: seed)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("sweep biased --max-weight N"),
        "{}",
        run.stdout
    );
    let rejected = run
        .stdout
        .split("rejected:\n")
        .nth(1)
        .expect("a rejected section");
    assert!(
        rejected.contains("notes.") && rejected.contains("not a loadable library"),
        "{rejected}"
    );
}

#[test]
fn play_takes_ids_and_arrow_keys_and_reports_illegal_moves() {
    let run = tritium(
        &["play", "2048", "--seed", "4", "--rules", "standard"],
        &[&plugin_dir()],
        "z\nl\n\u{1b}[C\nq\n",
    )
    .ok();
    // `z` is never a move; `l` and → are, unless they would not change the board.
    let illegal = run.stderr.matches("is not a legal move here").count();
    assert!(
        run.stderr.contains("`z` is not a legal move here"),
        "{}",
        run.stderr
    );
    let moves: usize = run
        .stdout
        .split("stopped after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a final `stopped after N moves`");
    assert_eq!(moves + illegal, 3, "{}{}", run.stdout, run.stderr);
    // The start position and one board after each move: 4 rows and a score line each.
    assert_eq!(
        run.stdout.matches("score: ").count(),
        moves + 1,
        "{}",
        run.stdout
    );
    let is_cell = |c: &str| c == "." || c.parse::<u32>().is_ok();
    let rows = run
        .stdout
        .lines()
        .filter(|l| l.split_whitespace().count() == 4 && l.split_whitespace().all(is_cell))
        .count();
    assert_eq!(rows, 4 * (moves + 1), "{}", run.stdout);
}

#[test]
fn play_with_an_ai_is_deterministic_for_a_seed() {
    let args = [
        "play", "2048", "--ai", "greedy", "--seed", "9", "--moves", "25",
    ];
    let first = tritium(&args, &[&plugin_dir()], "").ok();
    assert_eq!(
        first.stdout.matches("greedy plays ").count(),
        25,
        "{}",
        first.stdout
    );
    assert!(
        first.stdout.ends_with("stopped after 25 moves\n"),
        "{}",
        first.stdout
    );
    let second = tritium(&args, &[&plugin_dir()], "").ok();
    assert_eq!(first.stdout, second.stdout);
}

#[test]
fn experiment_json_has_per_game_results_and_aggregates_and_repeats_exactly() {
    let args = [
        "experiment",
        "2048",
        "--strategy",
        "greedy",
        "--games",
        "12",
        "--seed",
        "5",
        "--rules",
        "seed",
        "--format",
        "json",
    ];
    let run = tritium(&args, &[&plugin_dir()], "").ok();
    let report: Value = serde_json::from_str(&run.stdout).expect("JSON report");
    assert_eq!(report["games"].as_array().expect("games").len(), 12);
    let aggregates = &report["aggregates"];
    for key in [
        "aett",
        "aett_sd",
        "max_tile_counts",
        "mean_moves",
        "mean_score",
    ] {
        assert!(!aggregates[key].is_null(), "{key} missing: {aggregates}");
    }
    let totals: f64 = report["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| {
            g["metrics"]["end_tile_total"]
                .as_f64()
                .expect("end tile total")
        })
        .sum();
    let aett = aggregates["aett"].as_f64().expect("aett");
    assert!(
        (aett - totals / 12.0).abs() < 1e-9,
        "aett {aett} is the mean end tile total"
    );
    let counted: u64 = aggregates["max_tile_counts"]
        .as_object()
        .expect("counts")
        .values()
        .map(|n| n.as_u64().expect("count"))
        .sum();
    assert_eq!(counted, 12);
    assert_eq!(tritium(&args, &[&plugin_dir()], "").ok().stdout, run.stdout);
}

#[test]
fn experiment_text_ends_with_the_aggregates() {
    let run = tritium(
        &[
            "experiment",
            "2048",
            "--strategy",
            "cyclic:drdl",
            "--games",
            "5",
            "--rules",
            "seed",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with("2048: strategy cyclic:drdl, rules seed, 5 games"),
        "{}",
        run.stdout
    );
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 5);
    let summary = lines.iter().skip_while(|l| !l.starts_with("game ")).skip(5);
    // The primary aggregate first, as in the app (`plugin_host::report::summary`).
    assert!(
        summary
            .clone()
            .next()
            .is_some_and(|l| l.starts_with("aett: ")),
        "{}",
        run.stdout
    );
    assert!(
        summary.clone().any(|l| l.starts_with("max_tile_counts: {")),
        "{}",
        run.stdout
    );
    assert!(
        summary.clone().all(|l| !l.starts_with("game ")),
        "{}",
        run.stdout
    );
}

#[test]
fn a_sweep_prints_one_csv_row_per_strategy_best_first() {
    let sweep = [
        "experiment",
        "2048",
        "--sweep",
        "cyclic",
        "--max-len",
        "3",
        "--games",
        "4",
    ];
    let run = tritium(&sweep, &[&plugin_dir()], "").ok();
    // 2048's sweeps are the seed's experiments: seed rules unless told otherwise.
    let with_rules = |rules| [&sweep[..], &["--rules", rules]].concat();
    let seed = tritium(&with_rules("seed"), &[&plugin_dir()], "").ok();
    assert_eq!(run.stdout, seed.stdout);
    let standard = tritium(&with_rules("standard"), &[&plugin_dir()], "").ok();
    assert_ne!(run.stdout, standard.stdout);
    let mut lines = run.stdout.lines();
    let header = lines.next().expect("header");
    assert!(header.starts_with("strategy,games,aett,"), "{header}");
    let rows: Vec<&str> = lines.collect();
    // Primitive cyclic sequences of length 2 and 3 over l r u d, up to rotation: 6 + 20.
    assert_eq!(rows.len(), 26, "{}", run.stdout);
    let aetts: Vec<f64> = rows
        .iter()
        .map(|r| r.split(',').nth(2).expect("aett").parse().expect("number"))
        .collect();
    assert!(
        aetts.windows(2).all(|w| w[0] >= w[1]),
        "sorted best first: {aetts:?}"
    );
}

#[test]
fn unknown_games_and_strategies_are_clear_errors() {
    let run = tritium(&["play", "chess"], &[&plugin_dir()], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("no plugin provides the game `chess`; games: 2048"),
        "{}",
        run.stderr
    );

    let run = tritium(
        &[
            "experiment",
            "2048",
            "--strategy",
            "cyclic:xyz",
            "--games",
            "1",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("cyclic:xyz"), "{}", run.stderr);
}

/// The last `position: ` line of a run's output.
fn last_position(stdout: &str) -> &str {
    stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("position: "))
        .unwrap_or_else(|| panic!("no position line in\n{stdout}"))
}

#[test]
fn replay_gives_the_frame_play_reached_and_positions_round_trip() {
    // Seed rules: every move is legal, so the typed moves and the replayed actions agree.
    let played = tritium(
        &["play", "2048", "--seed", "11", "--rules", "seed"],
        &[&plugin_dir()],
        "d\nr\nd\nl\nu\nq\n",
    )
    .ok();
    let replayed = tritium(
        &[
            "replay",
            "2048",
            "--seed",
            "11",
            "--rules",
            "seed",
            "--actions",
            "d,r,d,l,u",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let position = last_position(&replayed.stdout);
    assert_eq!(last_position(&played.stdout), position);
    assert!(
        position.contains(" moves=5 rules=seed last_change="),
        "{position}"
    );
    assert!(
        replayed.stdout.contains("legal: l,r,u,d\n")
            && replayed
                .stdout
                .ends_with("after 5 actions: the game goes on\n"),
        "{}",
        replayed.stdout
    );
    // The position text starts a game where this one stands: same board, same position.
    let again = tritium(
        &["replay", "2048", "--position", position, "--format", "json"],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let json: Value = serde_json::from_str(&again.stdout).expect("json");
    assert_eq!(json["position"], position);
    assert_eq!(json["actions_applied"], 0);
    assert!(json["outcome"].is_null());
    assert_eq!(json["view"]["cells"].as_array().map(Vec::len), Some(16));
    // `play --position` draws the same board first.
    let from = tritium(
        &["play", "2048", "--position", position, "--seed", "3"],
        &[&plugin_dir()],
        "q\n",
    )
    .ok();
    assert_eq!(last_position(&from.stdout), position);
}

#[test]
fn replay_names_the_illegal_action_and_the_bad_position_item() {
    // A lone 2 in the top-left corner cannot move left (standard rules).
    let run = tritium(
        &[
            "replay",
            "2048",
            "--position",
            "2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0",
            "--actions",
            "r,x",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(
        run.stderr.contains("action 2 of 2 (`x`) cannot be played"),
        "{}",
        run.stderr
    );
    let run = tritium(
        &[
            "replay",
            "2048",
            "--position",
            "2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0",
            "--actions",
            "l",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("action 1 of 1 (`l`)") && run.stderr.contains("changes nothing"),
        "{}",
        run.stderr
    );
    for (position, item) in [
        ("2 0 0 0/0 0 0 0/0 0 0 0", "`2 0 0 0/0 0 0 0/0 0 0 0`"),
        ("2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 6", "`6`"),
        ("2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0 level=2", "`level=2`"),
    ] {
        let run = tritium(
            &["replay", "2048", "--position", position],
            &[&plugin_dir()],
            "",
        );
        assert_eq!(run.code, Some(2), "{position}");
        assert!(run.stderr.contains(item), "{position}: {}", run.stderr);
    }
    // Without a position, the seed is required.
    let run = tritium(&["replay", "2048", "--actions", "l"], &[&plugin_dir()], "");
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--seed"), "{}", run.stderr);
}

/// The Threes! position of the issue: a 1 and a 2 side by side in the top row.
const THREES: &str = "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4";

#[test]
fn threes_is_listed_and_plays_from_a_position() {
    let run = tritium(&["plugins"], &[&plugin_dir()], "").ok();
    assert!(run.stdout.contains("  game threes: "), "{}", run.stdout);
    for strategy in ["random", "greedy", "expectimax"] {
        assert!(
            run.stdout.contains(&format!("      {strategy} ")),
            "{}",
            run.stdout
        );
    }
    // Left merges the 1 and the 2 into a 3: the score gains 3 (42 → 45) before the next
    // tile, a 2, enters the far column.
    let run = tritium(
        &["play", "threes", "--position", THREES, "--seed", "5"],
        &[&plugin_dir()],
        "l\nq\n",
    )
    .ok();
    assert!(run.stdout.contains("next: 2"), "{}", run.stdout);
    let position = last_position(&run.stdout);
    assert!(position.starts_with("3 0 3 "), "{position}");
    assert!(run.stdout.contains("score: 45 "), "{}", run.stdout);
    assert!(position.ends_with(" moves=1"), "{position}");
    // Replaying the same actions from the same position and seed gives the same frame.
    let replayed = tritium(
        &[
            "replay",
            "threes",
            "--position",
            THREES,
            "--seed",
            "5",
            "--actions",
            "l",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(last_position(&replayed.stdout), position);
}

#[test]
fn threes_replays_a_seeded_game_and_names_bad_input() {
    // What `play --ai` played, replayed from the same seed, reaches the same position.
    let played = tritium(
        &[
            "play", "threes", "--seed", "8", "--ai", "greedy", "--moves", "30",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let actions: Vec<String> = played
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("greedy plays "))
        .map(|label| label[..1].to_lowercase())
        .collect();
    assert_eq!(actions.len(), 30, "{}", played.stdout);
    let replayed = tritium(
        &[
            "replay",
            "threes",
            "--seed",
            "8",
            "--actions",
            &actions.join(","),
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(
        last_position(&replayed.stdout),
        last_position(&played.stdout)
    );
    assert!(last_position(&played.stdout).ends_with(" moves=30"));
    for (position, item) in [
        ("1 2 0 5/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4", "`5`"),
        (
            "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=5,2,4",
            "`deck=5,2,4`",
        ),
        (
            "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=48 deck=3,2,4",
            "`next=48`",
        ),
        ("1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 deck=3,2,4", "`next`"),
    ] {
        let run = tritium(
            &["replay", "threes", "--position", position],
            &[&plugin_dir()],
            "",
        );
        assert_eq!(run.code, Some(2), "{position}: {}", run.stdout);
        assert!(run.stderr.contains(item), "{position}: {}", run.stderr);
    }
    // Up is legal (the 6 and the 3s move); an unknown letter is not.
    let run = tritium(
        &["replay", "threes", "--position", THREES, "--actions", "u,z"],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("action 2 of 2 (`z`) cannot be played"),
        "{}",
        run.stderr
    );
    let run = tritium(
        &[
            "experiment",
            "threes",
            "--strategy",
            "expectimax:depth=1",
            "--games",
            "3",
            "--seed",
            "2",
            "--format",
            "json",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let json: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(json["primary"], "mean_score");
    assert_eq!(json["games"].as_array().map(Vec::len), Some(3));
    assert!(json["aggregates"]["reached_384"].is_number());
}

#[test]
fn checkers_plays_pdn_moves_from_a_fen_and_names_bad_input() {
    // The opening 11-15 then 23-19: FEN after both.
    let run = tritium(
        &[
            "replay",
            "checkers",
            "--seed",
            "1",
            "--actions",
            "11-15,23-19",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(
        last_position(&run.stdout),
        "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    );
    // A double jump from a FEN, written with every landing square; the game ends.
    let run = tritium(
        &[
            "replay",
            "checkers",
            "--position",
            "B:W14,23:B9",
            "--actions",
            "9x18x27",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(last_position(&run.stdout), "W:W:B27");
    assert!(
        run.stdout.contains("red wins: white has no legal move"),
        "{}",
        run.stdout
    );
    // A capture is mandatory: the step is refused, naming the action.
    let run = tritium(
        &[
            "replay",
            "checkers",
            "--position",
            "B:W14,23:B9",
            "--actions",
            "9-13",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("(`9-13`)") && run.stderr.contains("capture is mandatory"),
        "{}",
        run.stderr
    );
    for (position, item) in [
        ("B:W33:B1", "`33`"),
        ("X:W1:B2", "`X`"),
        ("B:W21", "`B:W21`"),
    ] {
        let run = tritium(
            &["replay", "checkers", "--position", position],
            &[&plugin_dir()],
            "",
        );
        assert_eq!(run.code, Some(2), "{position}");
        assert!(run.stderr.contains(item), "{position}: {}", run.stderr);
    }
    let run = tritium(
        &[
            "replay",
            "checkers",
            "--seed",
            "1",
            "--rules",
            "american-9x9",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("american-9x9"), "{}", run.stderr);
}

#[test]
fn a_checkers_match_reports_the_score_and_elo() {
    let run = tritium(
        &[
            "experiment",
            "checkers",
            "--strategy",
            "minimax:depth=2",
            "--opponent",
            "random",
            "--games",
            "4",
            "--seed",
            "5",
            "--format",
            "json",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let json: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(json["primary"], "score");
    assert_eq!(json["aggregates"]["opponent"], "random");
    assert_eq!(json["games"].as_array().map(Vec::len), Some(4));
    for key in ["wins", "draws", "losses", "elo", "elo_low", "elo_high"] {
        assert!(!json["aggregates"][key].is_null(), "{key}");
    }
}

#[test]
fn perft_counts_checkers_and_refuses_games_without_it() {
    let run = tritium(&["perft", "checkers", "--depth", "6"], &[&plugin_dir()], "").ok();
    // Aart Bik's published perft(6) of the initial position, and its seven openings.
    assert!(run.stdout.contains("perft(6) = 36768 "), "{}", run.stdout);
    assert_eq!(
        run.stdout.lines().filter(|l| l.contains(": ")).count(),
        7,
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("12-16: 5979\n"), "{}", run.stdout);
    let run = tritium(
        &[
            "perft",
            "checkers",
            "--depth",
            "2",
            "--position",
            "B:W14,23,30:B9",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert!(run.stdout.starts_with("9x18x27: "), "{}", run.stdout);
    let run = tritium(&["perft", "2048", "--depth", "2"], &[&plugin_dir()], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("2048 does not count perft"),
        "{}",
        run.stderr
    );
}

#[test]
fn checkers_in_the_terminal_a_person_against_the_ai() {
    // Red is the person's (the default with --ai): one move typed, the AI answers for white.
    let run = tritium(
        &["play", "checkers", "--ai", "minimax:depth=2"],
        &[&plugin_dir()],
        "11-15\nq\n",
    )
    .ok();
    assert_eq!(
        run.stdout.matches("minimax:depth=2 plays ").count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("stopped after 2 moves"),
        "{}",
        run.stdout
    );
    // The AI against itself, both sides, to the end or 6 moves.
    let run = tritium(
        &[
            "play", "checkers", "--ai", "random", "--human", "none", "--moves", "6",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(
        run.stdout.matches("random plays ").count(),
        6,
        "{}",
        run.stdout
    );
    for (human, ai) in [("blue", Some("random")), ("white", None)] {
        let mut args = vec!["play", "checkers", "--human", human];
        if let Some(ai) = ai {
            args.extend(["--ai", ai]);
        }
        let run = tritium(&args, &[&plugin_dir()], "q\n");
        assert_eq!(run.code, Some(2), "{human}: {}", run.stdout);
        assert!(run.stderr.contains("--human"), "{}", run.stderr);
    }
}

#[test]
fn solve_lists_the_solvers_and_solves_the_hardest_8_puzzle_optimally() {
    let run = tritium(&["solve", "--list"], &[&plugin_dir()], "").ok();
    for name in [
        "astar-misplaced",
        "astar-manhattan",
        "ida-manhattan-lc",
        "ida-pdb",
    ] {
        assert!(
            run.stdout.contains(&format!("{name} (game sliding): ")),
            "{}",
            run.stdout
        );
    }
    // One of Reinefeld's two 31-move boards, by IDA*; the moves replay to the goal.
    let run = tritium(
        &[
            "solve",
            "sliding",
            "--solver",
            "ida-manhattan-lc",
            "--position",
            "8 6 7/2 5 4/3 0 1",
            "--format",
            "json",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let json: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(json["length"], 31);
    let actions: Vec<&str> = json["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a.as_str().expect("an id"))
        .collect();
    let replay = tritium(
        &[
            "replay",
            "sliding",
            "--position",
            "8 6 7/2 5 4/3 0 1",
            "--actions",
            &actions.join(","),
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(last_position(&replay.stdout), "1 2 3/4 5 6/7 8 0");
    assert!(
        replay.stdout.contains("solved in 31 moves (optimal: 31)"),
        "{}",
        replay.stdout
    );
    // Bad input: an unsolvable board, a duplicate tile, a solver too small for the board.
    for (args, words) in [
        (vec!["--position", "2 1 3/4 5 6/7 8 0"], "unsolvable"),
        (vec!["--position", "1 1 3/4 5 6/7 8 0"], "`1`"),
        (
            vec!["--solver", "astar-misplaced", "--rules", "4x4"],
            "up to 3×3",
        ),
        (vec!["--solver", "nope"], "no solver `nope`"),
    ] {
        let mut all = vec!["solve", "sliding"];
        all.extend(args);
        let run = tritium(&all, &[&plugin_dir()], "");
        assert_eq!(run.code, Some(2), "{all:?}: {}", run.stdout);
        assert!(run.stderr.contains(words), "{all:?}: {}", run.stderr);
    }
}

#[test]
fn the_pattern_database_solver_solves_korfs_first_instance_and_caches_its_tables() {
    let cache = std::env::temp_dir().join(format!("tritium-cli-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let env = [("TRITIUM_CACHE_DIR", cache.as_path())];
    // Korf's (1985) instance 1, turned to the blank-last goal: 57 moves.
    let korf1 = "13 6 8 12/15 14 0 10/11 7 4 5/9 1 3 2";
    let args = [
        "solve",
        "sliding",
        "--solver",
        "ida-pdb",
        "--position",
        korf1,
        "--format",
        "json",
    ];
    let first = tritium_with(&args, &[&plugin_dir()], "", &env).ok();
    let json: Value = serde_json::from_str(&first.stdout).expect("json");
    assert_eq!(json["length"], 57, "{}", first.stdout);
    // One file per pattern group (6-6-3), read back by the next run with the same answer.
    let files = std::fs::read_dir(&cache).expect("the cache exists").count();
    assert_eq!(files, 3);
    let second = tritium_with(&args, &[&plugin_dir()], "", &env).ok();
    let again: Value = serde_json::from_str(&second.stdout).expect("json");
    assert_eq!(again["actions"], json["actions"]);
    // A 4×4 experiment runs on the same tables; a 5×5 board is too large for them.
    let run = tritium_with(
        &[
            "experiment",
            "sliding",
            "--strategy",
            "optimal",
            "--rules",
            "4x4",
            "--games",
            "4",
            "--format",
            "json",
        ],
        &[&plugin_dir()],
        "",
        &env,
    )
    .ok();
    let report: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(report["games"].as_array().map(Vec::len), Some(4));
    assert!(
        report["timing"]["mean_seconds"].as_f64().is_some(),
        "{}",
        run.stdout
    );
    let big = tritium_with(
        &["solve", "sliding", "--solver", "ida-pdb", "--rules", "5x5"],
        &[&plugin_dir()],
        "",
        &env,
    );
    assert_eq!(big.code, Some(2), "{}", big.stdout);
    assert!(big.stderr.contains("16 cells"), "{}", big.stderr);
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_distributed_experiment_gives_the_identical_report() {
    // One process, then a local cluster (timely dataflow on 127.0.0.1, ports chosen free):
    // the same JSON, byte for byte, once the measurements are left out.
    for (game, extra, processes) in [
        ("2048", vec!["--strategy", "greedy", "--games", "12"], "2"),
        (
            "checkers",
            vec![
                "--strategy",
                "random",
                "--opponent",
                "random",
                "--games",
                "5",
            ],
            "3",
        ),
    ] {
        let mut args = vec![
            "experiment",
            game,
            "--seed",
            "3",
            "--format",
            "json",
            "--no-timing",
        ];
        args.extend(&extra);
        let one = tritium(&args, &[&plugin_dir()], "").ok();
        args.extend(["--processes", processes]);
        let many = tritium(&args, &[&plugin_dir()], "").ok();
        assert_eq!(one.stdout, many.stdout, "{game} on {processes} processes");
        assert!(one.stdout.contains("\"games\""), "{}", one.stdout);
    }
    // A strategy the plugin refuses: the error names the process.
    let bad = tritium(
        &[
            "experiment",
            "2048",
            "--strategy",
            "nope",
            "--games",
            "2",
            "--processes",
            "2",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(bad.code, Some(2), "{}", bad.stdout);
    assert!(bad.stderr.contains("process 0"), "{}", bad.stderr);
    // A peer that never answers: a bounded wait, then an error naming this process.
    let started = std::time::Instant::now();
    let alone = tritium(
        &[
            "experiment",
            "2048",
            "--strategy",
            "greedy",
            "--games",
            "2",
            "--hosts",
            "127.0.0.1:1,127.0.0.1:9",
            "--process",
            "1",
            "--connect-timeout",
            "2",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(alone.code, Some(2));
    assert!(
        alone
            .stderr
            .contains("process 1: the cluster did not connect"),
        "{}",
        alone.stderr
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn the_seeds_distributed_expectimax_plays_the_same_moves() {
    // The seed's distributed expectimax: process 0 plays, every move's root moves are valued
    // across the processes; the same moves, so the same report.
    for (game, processes) in [("2048", "2"), ("threes", "3")] {
        let mut args = vec![
            "experiment",
            game,
            "--strategy",
            "expectimax:depth=1",
            "--games",
            "2",
            "--seed",
            "4",
            "--format",
            "json",
            "--no-timing",
        ];
        let one = tritium(&args, &[&plugin_dir()], "").ok();
        args.extend(["--processes", processes, "--split-search"]);
        let split = tritium(&args, &[&plugin_dir()], "").ok();
        assert_eq!(
            one.stdout, split.stdout,
            "{game} split on {processes} processes"
        );
    }
    let blind = tritium(
        &[
            "experiment",
            "2048",
            "--strategy",
            "greedy",
            "--games",
            "1",
            "--processes",
            "2",
            "--split-search",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(blind.code, Some(2));
    assert!(
        blind.stderr.contains("process 0") && blind.stderr.contains("expectimax"),
        "{}",
        blind.stderr
    );
}

/// Perft by brute force on a plain `side × side` grid, independent of the plugin's bitboards
/// and numbering: American checkers (men step and jump forward only, kings both ways,
/// capturing is mandatory and a jump must be continued, a man crowned ends the move), red
/// (`1`, king `2`) moving up the rows, white (`-1`, `-2`) down. Counts move sequences.
fn brute_perft(grid: &mut [i8], side: i32, red: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let sign: i8 = if red { 1 } else { -1 };
    let at = |x: i32, y: i32| (0..side).contains(&x) && (0..side).contains(&y);
    let index = |x: i32, y: i32| usize::try_from(y * side + x).expect("on the board");
    let mut moves: Vec<Vec<(usize, i8)>> = Vec::new(); // each: the cells it changes
    let mut captures: Vec<Vec<(usize, i8)>> = Vec::new();
    for y in 0..side {
        for x in 0..side {
            let piece = grid[index(x, y)];
            if piece.signum() != sign {
                continue;
            }
            let king = piece.abs() == 2;
            let dirs: Vec<(i32, i32)> = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
                .into_iter()
                .filter(|&(_, dy)| king || dy == i32::from(sign))
                .collect();
            let crown_row = if red { side - 1 } else { 0 };
            // Jumps, depth first; jumped pieces stay until the move ends.
            let mut stack = vec![(x, y, Vec::<usize>::new())];
            grid[index(x, y)] = 0;
            while let Some((cx, cy, taken)) = stack.pop() {
                let mut extended = false;
                let crowned_here = !king && cy == crown_row && !taken.is_empty();
                if !crowned_here {
                    for &(dx, dy) in &dirs {
                        let (ox, oy, lx, ly) = (cx + dx, cy + dy, cx + 2 * dx, cy + 2 * dy);
                        if !at(lx, ly) {
                            continue;
                        }
                        let over = index(ox, oy);
                        if grid[over].signum() == -sign
                            && !taken.contains(&over)
                            && grid[index(lx, ly)] == 0
                        {
                            let mut t = taken.clone();
                            t.push(over);
                            stack.push((lx, ly, t));
                            extended = true;
                        }
                    }
                }
                if !extended && !taken.is_empty() {
                    let promoted = if king || cy == crown_row { 2 } else { 1 };
                    let mut change = vec![(index(x, y), 0), (index(cx, cy), sign * promoted)];
                    change.extend(taken.iter().map(|&t| (t, 0)));
                    captures.push(change);
                }
            }
            grid[index(x, y)] = piece;
            for &(dx, dy) in &dirs {
                let (tx, ty) = (x + dx, y + dy);
                if at(tx, ty) && grid[index(tx, ty)] == 0 {
                    let promoted = if king || ty == crown_row { 2 } else { 1 };
                    moves.push(vec![(index(x, y), 0), (index(tx, ty), sign * promoted)]);
                }
            }
        }
    }
    let chosen = if captures.is_empty() { moves } else { captures };
    let mut leaves = 0;
    for change in chosen {
        let saved: Vec<(usize, i8)> = change.iter().map(|&(i, _)| (i, grid[i])).collect();
        for &(i, v) in &change {
            grid[i] = v;
        }
        leaves += brute_perft(grid, side, !red, depth - 1);
        for &(i, v) in saved.iter().rev() {
            grid[i] = v;
        }
    }
    leaves
}

#[test]
fn checkers_on_the_largest_board_replays_plays_and_counts_perft() {
    let rules = "american-16x16";
    // 128 dark squares: the state's square sets pass 64 bits (once refused as "number out of
    // range"). The perft counts match a plain grid generator; depth 1 and 2 by hand: red's 8
    // men on row 7 have 15 steps (one stands on the edge), and white's front row answers
    // the same way, nothing being in reach of a capture yet.
    let mut grid = vec![0i8; 256];
    for y in 0..16 {
        for x in 0..16 {
            if (x + y) % 2 == 0 {
                let cell = &mut grid[y * 16 + x];
                if y <= 6 {
                    *cell = 1;
                } else if y >= 9 {
                    *cell = -1;
                }
            }
        }
    }
    for (depth, by_hand) in [(1u32, Some(15u64)), (2, Some(225)), (3, None), (4, None)] {
        let expected = brute_perft(&mut grid, 16, true, depth);
        if let Some(n) = by_hand {
            assert_eq!(expected, n, "the brute force at depth {depth}");
        }
        let run = tritium(
            &[
                "perft",
                "checkers",
                "--rules",
                rules,
                "--depth",
                &depth.to_string(),
            ],
            &[&plugin_dir()],
            "",
        )
        .ok();
        assert!(
            run.stdout
                .contains(&format!("perft({depth}) = {expected} ")),
            "depth {depth}, expected {expected}: {}",
            run.stdout
        );
    }
    // Replay: moves on the high squares, and the FEN reads back to the same position.
    let run = tritium(
        &[
            "replay", "checkers", "--seed", "1", "--rules", rules, "--format", "json",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let json: Value = serde_json::from_str(&run.stdout).expect("json");
    let first = json["actions"][0]["id"]
        .as_str()
        .expect("a move")
        .to_owned();
    let run = tritium(
        &[
            "replay",
            "checkers",
            "--seed",
            "1",
            "--rules",
            rules,
            "--actions",
            &first,
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let fen = last_position(&run.stdout).to_owned();
    assert!(fen.starts_with("W:W"), "{fen}");
    assert!(fen.contains(",128:B"), "white holds square 128: {fen}");
    let again = tritium(
        &["replay", "checkers", "--rules", rules, "--position", &fen],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(last_position(&again.stdout), fen);
    // Play: the AI against itself for a few moves.
    let run = tritium(
        &[
            "play", "checkers", "--rules", rules, "--ai", "random", "--human", "none", "--moves",
            "6",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    assert_eq!(
        run.stdout.matches("random plays ").count(),
        6,
        "{}",
        run.stdout
    );
}

#[test]
fn rules_that_contradict_a_position_are_refused_by_every_command() {
    let sliding3 = "1 2 3/4 5 6/0 7 8";
    // (Perft: only checkers counts it, below.)
    for command in ["play", "replay", "solve"] {
        let args = vec![command, "sliding", "--rules", "4x4", "--position", sliding3];
        let run = tritium(&args, &[&plugin_dir()], "q\n");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains("a 3x3 position") && run.stderr.contains("`4x4`"),
            "{args:?}: {}",
            run.stderr
        );
    }
    // Rules that agree still work.
    tritium(
        &[
            "replay",
            "sliding",
            "--rules",
            "3x3",
            "--position",
            sliding3,
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    // 2048: the position names its rules; other rules are refused, naming both.
    let run = tritium(
        &[
            "replay",
            "2048",
            "--rules",
            "seed",
            "--position",
            "2 0 0 0/0 0 0 0/0 0 0 0/0 0 0 2 rules=standard",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(
        run.stderr.contains("`standard` game, not `seed`"),
        "{}",
        run.stderr
    );
    // Threes has one rule set: any other is refused.
    let run = tritium(
        &[
            "replay",
            "threes",
            "--rules",
            "4x4",
            "--position",
            "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4",
        ],
        &[&plugin_dir()],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(run.stderr.contains("4x4"), "{}", run.stderr);
    // Checkers: a FEN holds no size, so a square beyond the rules' board is the contradiction.
    for command in ["replay", "perft"] {
        let mut args = vec![
            command,
            "checkers",
            "--rules",
            "american",
            "--position",
            "B:W100:B1",
        ];
        if command == "perft" {
            args.extend(["--depth", "1"]);
        }
        let run = tritium(&args, &[&plugin_dir()], "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains("`100`") && run.stderr.contains("8×8 board of the rules"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn solve_without_a_solver_picks_the_best_for_the_board_and_names_it() {
    let cache = std::env::temp_dir().join(format!("tritium-cli-best-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let env = [("TRITIUM_CACHE_DIR", cache.as_path())];
    // The case: a 4×4 position and no --solver (astar-misplaced, the first listed,
    // used to refuse it): ida-pdb runs and is named.
    let four = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15";
    let run = tritium_with(
        &["solve", "sliding", "--rules", "4x4", "--position", four],
        &[&plugin_dir()],
        "",
        &env,
    )
    .ok();
    assert!(
        run.stdout
            .contains("solver: ida-pdb (the best for this board)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("moves: l\n"), "{}", run.stdout);
    // Beyond 16 cells the pattern databases refuse: ida-manhattan-lc; JSON says so too.
    let five = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24";
    let run = tritium_with(
        &["solve", "sliding", "--position", five, "--format", "json"],
        &[&plugin_dir()],
        "",
        &env,
    )
    .ok();
    let json: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(json["solver"], "ida-manhattan-lc", "{}", run.stdout);
    assert_eq!(json["picked"], true);
    assert_eq!(json["length"], 1);
    // A random 5×5 board: no solver answers in bounded time, and the time limit (10 s by
    // default for a picked solver, here less) says so instead of searching for hours.
    for (solver, who) in [
        (None, "the best solver for this board"),
        (Some("ida-manhattan-lc"), "ida-manhattan-lc"),
    ] {
        let mut args = vec!["solve", "sliding", "--rules", "5x5", "--time-limit", "0.5"];
        args.extend(solver.map(|name| ["--solver", name]).iter().flatten());
        let began = std::time::Instant::now();
        let run = tritium_with(&args, &[&plugin_dir()], "", &env);
        assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "within 0.5 s: {who} found no solution in that time"
            )),
            "{}",
            run.stderr
        );
        assert!(began.elapsed().as_secs() < 5, "{:?}", began.elapsed());
    }
    // A named solver is not "picked".
    let run = tritium(
        &[
            "solve",
            "sliding",
            "--solver",
            "astar-manhattan",
            "--position",
            "1 2 3/4 5 6/0 7 8",
            "--format",
            "json",
        ],
        &[&plugin_dir()],
        "",
    )
    .ok();
    let json: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(
        (&json["solver"], &json["picked"]),
        (&"astar-manhattan".into(), &false.into())
    );
    // A game without solvers says so; an unknown solver lists the game's solvers.
    for (game, solver, words) in [
        ("threes", Some("x"), "threes has no solver"),
        ("threes", None, "threes has no solver"),
        (
            "sliding",
            Some("x"),
            "no solver `x` for sliding; its solvers: astar-misplaced, astar-manhattan, \
             ida-manhattan-lc, ida-pdb",
        ),
    ] {
        let mut args = vec!["solve", game];
        if let Some(s) = solver {
            args.extend(["--solver", s]);
        }
        let run = tritium(&args, &[&plugin_dir()], "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(words), "{args:?}: {}", run.stderr);
    }
    let _ = std::fs::remove_dir_all(&cache);
}
