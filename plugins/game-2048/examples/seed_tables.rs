//! Reproduces the seed's 2048 experiments and prints the tables of `docs/2048-experiments.md`
//! (Markdown on stdout, progress on stderr).
//!
//! ```text
//! cargo run --release -p game-2048 --example seed_tables -- [--seed S] [--games N]
//! ```
//!
//! Seed rules throughout (`--rules seed`). `random` and `greedy`: N games (default 1000).
//! Every cyclic strategy of length 2..=4 (the `cyclic` sweep, size 4): 100 games as the seed
//! did, and N games. Every biased weight vector with weights 0..=4 (the `biased` sweep, size
//! 4): N games. Master seed S (default 2014) for every experiment.

use game_2048::experiment::{run, sweep};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use tritium_plugin_api::Progress;
use tritium_plugin_api::protocol::{ExperimentReport, ExperimentSpec};

/// The seed's cyclic table: sequence, AETT (100 games), largest tile.
const SEED_CYCLIC: &str = "dl 44.38 64
ddll 46.98 64
drrd 47.98 64
dld 51.18 64
ddrr 52.68 64
drdd 53.32 64
dll 53.46 64
dlld 54.32 64
dr 55.76 64
drd 56. 64
ddrd 57.48 64
dldd 57.66 128
dlll 58. 128
ddl 58.5 64
ddr 58.58 64
drr 59.9 64
drrr 60.56 64
ddld 61.62 64
dddr 66.78 64
dddl 68.46 64
dulr 262.44 256
durl 266.8 256
drlu 267.38 256
dlru 273.4 256
drlr 290.96 256
drdu 295.4 256
dlrl 298.5 256
duld 298.58 256
dldu 307.06 256
duru 308.8 256
dllr 309.32 512
dlrr 312.56 256
dudr 313.38 512
druu 314.58 256
duul 315.74 512
dudl 315.82 512
dulu 317.16 256
dluu 322.48 512
ddul 323.92 256
dlud 325.92 256
ddur 326.6 512
ddru 328.5 256
durd 329.12 512
drud 333.7 256
drll 337.92 512
ddlu 338.6 512
duur 345.62 512
dlu 345.88 256
dru 348.1 512
drrl 348.26 512
dur 352.72 256
dul 354.64 512
ddrl 357.3 512
dlr 361.1 512
ddlr 372.24 512
drl 373.32 256
drru 375.3 512
dull 377.38 512
dllu 379. 512
durr 385.38 512
dlrd 404.16 512
drld 404.6 512
drul 435.72 512
dlur 440.06 512
drur 614.9 512
dldr 620.36 512
dlul 627.06 512
drdl 686.28 512";

/// The seed's biased table: AETT (1000 games), largest tile, L/T, R/T, U/T, D/T.
const SEED_BIASED: &str = "11.138   16   1.    0.    0.    0.
55.416   128  0.57  0.    0.43  0.
56.33    128  0.67  0.    0.33  0.
57.17    64   0.5   0.    0.5   0.
57.732   128  0.6   0.    0.4   0.
70.93    16   0.6   0.4   0.    0.
71.246   32   0.57  0.43  0.    0.
71.294   32   0.5   0.5   0.    0.
71.752   32   0.67  0.33  0.    0.
234.42   256  0.4   0.4   0.1   0.1
238.182  256  0.38  0.38  0.12  0.12
241.686  256  0.44  0.33  0.11  0.11
245.49   256  0.44  0.44  0.11  0.
246.148  256  0.4   0.3   0.2   0.1
247.046  256  0.5   0.25  0.12  0.12
247.664  256  0.36  0.36  0.18  0.09
250.372  256  0.43  0.29  0.14  0.14
253.09   256  0.44  0.22  0.22  0.11
254.002  512  0.5   0.38  0.12  0.
255.178  256  0.33  0.33  0.22  0.11
255.242  256  0.33  0.33  0.17  0.17
255.752  256  0.33  0.33  0.25  0.08
257.468  512  0.43  0.43  0.14  0.
258.662  512  0.36  0.27  0.27  0.09
258.832  256  0.57  0.29  0.14  0.
258.9    256  0.36  0.27  0.18  0.18
260.052  256  0.3   0.3   0.2   0.2
261.676  256  0.38  0.25  0.25  0.12
261.902  256  0.31  0.31  0.23  0.15
262.414  256  0.27  0.27  0.27  0.18
263.702  256  0.27  0.27  0.27  0.2
264.034  256  0.31  0.23  0.23  0.23
264.17   512  0.57  0.14  0.14  0.14
264.2    256  0.29  0.29  0.29  0.14
264.226  256  0.31  0.23  0.31  0.15
264.232  256  0.29  0.29  0.21  0.21
264.33   256  0.5   0.17  0.17  0.17
265.328  256  0.33  0.22  0.22  0.22
265.512  256  0.4   0.2   0.3   0.1
265.724  256  0.4   0.2   0.2   0.2
265.918  512  0.33  0.25  0.25  0.17
265.986  256  0.3   0.3   0.3   0.1
266.61   256  0.25  0.25  0.25  0.25
266.796  256  0.29  0.21  0.29  0.21
266.812  256  0.31  0.31  0.31  0.08
267.096  256  0.33  0.17  0.33  0.17
267.5    512  0.33  0.25  0.33  0.08
267.804  256  0.36  0.18  0.27  0.18
267.99   256  0.3   0.2   0.3   0.2
268.414  512  0.43  0.14  0.29  0.14
268.634  256  0.44  0.11  0.33  0.11
271.202  256  0.38  0.12  0.38  0.12
271.646  256  0.33  0.22  0.33  0.11
271.676  512  0.5   0.33  0.17  0.
272.128  256  0.36  0.18  0.36  0.09
273.632  256  0.5   0.12  0.25  0.12
279.82   256  0.4   0.1   0.4   0.1
281.958  256  0.4   0.4   0.2   0.
291.702  512  0.44  0.33  0.22  0.
306.404  256  0.38  0.38  0.25  0.
306.508  512  0.5   0.25  0.25  0.
310.588  512  0.43  0.29  0.29  0.
310.596  512  0.36  0.36  0.27  0.
321.016  512  0.4   0.3   0.3   0.
333.788  512  0.33  0.33  0.33  0.
340.574  512  0.5   0.17  0.33  0.
341.238  512  0.57  0.14  0.29  0.
342.318  512  0.44  0.22  0.33  0.
347.778  512  0.36  0.27  0.36  0.
355.194  512  0.38  0.25  0.38  0.
366.72   512  0.5   0.12  0.38  0.
369.35   512  0.43  0.14  0.43  0.
371.63   512  0.4   0.2   0.4   0.
384.962  512  0.44  0.11  0.44  0.";

struct Options {
    seed: u64,
    games: u32,
}

fn options() -> Options {
    let mut o = Options {
        seed: 2014,
        games: 1000,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse::<u64>().ok());
        match (pair[0].as_str(), value) {
            ("--seed", Some(v)) => o.seed = v,
            ("--games", Some(v)) => o.games = u32::try_from(v).unwrap_or(u32::MAX),
            _ => {
                eprintln!("usage: seed_tables [--seed S] [--games N]");
                std::process::exit(2);
            }
        }
    }
    o
}

fn experiment(strategy: &str, games: u32, seed: u64) -> ExperimentReport {
    let spec = ExperimentSpec {
        strategy: strategy.to_owned(),
        games,
        seed,
        rules: Some("seed".to_owned()),
        opponent: None,
        shard: None,
    };
    run(&spec, &Progress::none()).unwrap_or_else(|e| panic!("{strategy}: {e}"))
}

fn agg(r: &ExperimentReport, key: &str) -> f64 {
    r.aggregates[key].as_f64().unwrap_or(f64::NAN)
}

fn max_tile(r: &ExperimentReport) -> u64 {
    r.aggregates["max_tile"].as_u64().unwrap_or(0)
}

fn tile_shares(r: &ExperimentReport) -> String {
    let counts = r.aggregates["max_tile_counts"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let mut by_tile: Vec<(u64, u64)> = counts
        .iter()
        .map(|(t, n)| (t.parse().unwrap_or(0), n.as_u64().unwrap_or(0)))
        .collect();
    by_tile.sort_unstable_by_key(|&(tile, _)| std::cmp::Reverse(tile));
    let games: u64 = by_tile.iter().map(|(_, n)| n).sum();
    by_tile
        .iter()
        .map(|(t, n)| format!("{t}: {:.1}%", 100.0 * *n as f64 / games as f64))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Smallest rotation of a sequence of letters.
fn canonical(s: &str) -> String {
    let c: Vec<char> = s.chars().collect();
    (0..c.len())
        .map(|r| c[r..].iter().chain(&c[..r]).collect::<String>())
        .min()
        .unwrap_or_default()
}

/// The eight symmetries of the square acting on the directions l r u d.
fn symmetries() -> Vec<[char; 4]> {
    // Images of l, r, u, d.
    let id = ['l', 'r', 'u', 'd'];
    let compose = |a: [char; 4], b: [char; 4]| -> [char; 4] {
        let idx = |c: char| "lrud".find(c).unwrap_or(0);
        a.map(|c| b[idx(c)])
    };
    let h = ['r', 'l', 'u', 'd']; // mirror left-right
    let v = ['l', 'r', 'd', 'u']; // mirror up-down
    let t = ['u', 'd', 'l', 'r']; // transpose
    let mut out = vec![id];
    for g in [h, v, t] {
        for x in out.clone() {
            for y in [compose(x, g), compose(g, x)] {
                if !out.contains(&y) {
                    out.push(y);
                }
            }
        }
    }
    while out.len() < 8 {
        for x in out.clone() {
            for g in [h, v, t] {
                let y = compose(x, g);
                if !out.contains(&y) {
                    out.push(y);
                }
            }
        }
    }
    out
}

fn apply_sym(s: &str, g: [char; 4]) -> String {
    s.chars().map(|c| g["lrud".find(c).unwrap_or(0)]).collect()
}

/// The class of a cyclic sequence under rotation and the symmetries of the square.
fn cyclic_class(s: &str) -> String {
    symmetries()
        .iter()
        .map(|&g| canonical(&apply_sym(s, g)))
        .min()
        .unwrap_or_default()
}

/// The class of a weight vector (L, R, U, D) under the symmetries of the square.
fn biased_class(w: [u32; 4]) -> [u32; 4] {
    symmetries()
        .iter()
        .map(|g| {
            let mut out = [0; 4];
            for (i, c) in ['l', 'r', 'u', 'd'].iter().enumerate() {
                out["lrud".find(g["lrud".find(*c).unwrap_or(0)]).unwrap_or(0)] = w[i];
            }
            out
        })
        .max()
        .unwrap_or(w)
}

fn weights_of(spec: &str) -> [u32; 4] {
    let v: Vec<u32> = spec
        .trim_start_matches("biased:")
        .split(',')
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    [v[0], v[1], v[2], v[3]]
}

#[allow(
    clippy::too_many_lines,
    reason = "a report script: one table after another"
)]
fn main() {
    let opts = options();
    let mut md = String::new();
    let out = &mut md;

    // ---- random and greedy ----
    eprintln!("random and greedy…");
    let _ = writeln!(
        out,
        "### Random and greedy ({} games each, master seed {})\n",
        opts.games, opts.seed
    );
    let _ = writeln!(
        out,
        "| strategy | AETT ± SE | SD | seed's AETT | mean moves | largest tiles (share of games) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for (strategy, seed_aett, games) in [
        ("random", "252", opts.games),
        ("greedy", "399", opts.games),
        ("random", "252", 10 * opts.games),
        ("greedy", "399", 10 * opts.games),
    ] {
        let r = experiment(strategy, games, opts.seed);
        let _ = writeln!(
            out,
            "| `{strategy}`, {games} games | {:.1} ± {:.1} | {:.1} | {seed_aett} | {:.1} | {} |",
            agg(&r, "aett"),
            agg(&r, "aett_se"),
            agg(&r, "aett_sd"),
            agg(&r, "mean_moves"),
            tile_shares(&r)
        );
    }

    // ---- cyclic ----
    eprintln!("cyclic sweep…");
    let cyclic = sweep("cyclic", 4).expect("the cyclic sweep");
    let mut ours: BTreeMap<String, (f64, f64, f64, u64)> = BTreeMap::new();
    for spec in &cyclic {
        let seq = spec.trim_start_matches("cyclic:").to_owned();
        let small = experiment(spec, 100, opts.seed);
        let big = experiment(spec, opts.games, opts.seed);
        ours.insert(
            seq,
            (
                agg(&small, "aett"),
                agg(&big, "aett"),
                agg(&big, "aett_se"),
                max_tile(&big),
            ),
        );
    }
    let _ = writeln!(
        out,
        "\n### Cyclic strategies: the seed's table next to ours\n\n\
         Our AETT for the sequence's rotation class (100 games as in the seed, and {} games ± \
         standard error); seed rows that are rotations of one another share our numbers.\n",
        opts.games
    );
    let _ = writeln!(
        out,
        "| seed's sequence | seed AETT (100) | seed largest | ours, class | ours AETT (100) | ours AETT ({}) | ours largest |",
        opts.games
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    for line in SEED_CYCLIC.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let c = canonical(fields[0]);
        let (a100, a, se, mt) = ours[&c];
        let _ = writeln!(
            out,
            "| {} | {} | {} | {c} | {a100:.1} | {a:.1} ± {se:.1} | {mt} |",
            fields[0],
            fields[1].trim_end_matches('.'),
            fields[2]
        );
    }

    // Symmetry classes.
    let mut classes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for seq in ours.keys() {
        classes
            .entry(cyclic_class(seq))
            .or_default()
            .push(seq.clone());
    }
    let mut rows: Vec<(f64, String, Vec<String>)> = classes
        .into_iter()
        .map(|(class, members)| {
            let mean = members.iter().map(|m| ours[m].1).sum::<f64>() / members.len() as f64;
            (mean, class, members)
        })
        .collect();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0)); // f64 keys: no sort_by_key
    let _ = writeln!(
        out,
        "\n### All {} cyclic strategies of length 2–4, by symmetry class\n\n\
         Rotations and the eight symmetries of the square (mirror images, transposition) \
         give statistically identical strategies; a class's AETT is the mean of its members' \
         ({} games each).\n",
        ours.len(),
        opts.games
    );
    let _ = writeln!(out, "| class AETT | members (AETT each) |");
    let _ = writeln!(out, "|---|---|");
    for (mean, _, members) in &rows {
        let list = members
            .iter()
            .map(|m| format!("{m} {:.0}", ours[m].1))
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(out, "| {mean:.1} | {list} |");
    }
    let _ = writeln!(
        out,
        "\nThe seed's four best rows played literally (each its own phase), {} games each:\n",
        10 * opts.games
    );
    let _ = writeln!(out, "| sequence | seed AETT (100) | ours AETT ± SE |");
    let _ = writeln!(out, "|---|---|---|");
    for (seq, seed_aett) in [
        ("drdl", "686.28"),
        ("dlul", "627.06"),
        ("dldr", "620.36"),
        ("drur", "614.9"),
    ] {
        let r = experiment(&format!("cyclic:{seq}"), 10 * opts.games, opts.seed);
        let _ = writeln!(
            out,
            "| {seq} | {seed_aett} | {:.1} ± {:.1} |",
            agg(&r, "aett"),
            agg(&r, "aett_se")
        );
    }
    let two_dir_best = ours
        .iter()
        .filter(|(s, _)| {
            let mut c: Vec<char> = s.chars().collect();
            c.sort_unstable();
            c.dedup();
            c.len() <= 2
        })
        .map(|(s, v)| (v.1, s.clone()))
        .max_by(|a, b| a.0.total_cmp(&b.0));

    // ---- biased ----
    eprintln!("biased sweep…");
    let biased = sweep("biased", 4).expect("the biased sweep");
    let mut b_ours: Vec<([u32; 4], f64, f64, u64)> = Vec::new();
    for (i, spec) in biased.iter().enumerate() {
        if i % 50 == 0 {
            eprintln!("  {i}/{}", biased.len());
        }
        let r = experiment(spec, opts.games, opts.seed);
        b_ours.push((
            weights_of(spec),
            agg(&r, "aett"),
            agg(&r, "aett_se"),
            max_tile(&r),
        ));
    }
    b_ours.sort_by(|a, b| b.1.total_cmp(&a.1));
    let _ = writeln!(
        out,
        "\n### Biased strategies: our top 30 of {} ({} games each)\n",
        b_ours.len(),
        opts.games
    );
    let _ = writeln!(
        out,
        "| rank | L,R,U,D | L/T R/T U/T D/T | AETT ± SE | largest |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for (rank, (wts, a, se, mt)) in b_ours.iter().take(30).enumerate() {
        let t: u32 = wts.iter().sum();
        let p = wts.map(|x| f64::from(x) / f64::from(t));
        let _ = writeln!(
            out,
            "| {} | {},{},{},{} | {:.2} {:.2} {:.2} {:.2} | {a:.1} ± {se:.1} | {mt} |",
            rank + 1,
            wts[0],
            wts[1],
            wts[2],
            wts[3],
            p[0],
            p[1],
            p[2],
            p[3]
        );
    }
    let one_zero_top17 = b_ours
        .iter()
        .take(17)
        .filter(|(wts, ..)| wts.iter().filter(|&&x| x == 0).count() == 1)
        .count();
    let b_two_best = b_ours
        .iter()
        .filter(|(wts, ..)| wts.iter().filter(|&&x| x > 0).count() <= 2)
        .map(|(wts, a, ..)| (*a, *wts))
        .max_by(|a, b| a.0.total_cmp(&b.0));

    // The seed's rows: the weight vector(s) whose probabilities round to the row's.
    let _ = writeln!(
        out,
        "\n### Biased strategies: the seed's table next to ours\n\n\
         Each seed row matched to the weight vector in 0..=4 whose probabilities are nearest \
         (all within 0.005); our AETT over {} games, and the mean over the vector's symmetry \
         class (its mirror images and transposes, all in our sweep).\n",
        opts.games
    );
    let _ = writeln!(
        out,
        "| seed AETT | seed largest | seed L/T R/T U/T D/T | our L,R,U,D | ours AETT ± SE | class mean AETT | ours largest |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    let mut class_sum: BTreeMap<[u32; 4], (f64, u32)> = BTreeMap::new();
    for (wts, a, ..) in &b_ours {
        let e = class_sum.entry(biased_class(*wts)).or_default();
        e.0 += a;
        e.1 += 1;
    }
    let mut worst_match = 0.0f64;
    let mut seed_classes: Vec<[u32; 4]> = Vec::new();
    for line in SEED_BIASED.lines() {
        let fields: Vec<f64> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap_or(f64::NAN))
            .collect();
        let target = [fields[2], fields[3], fields[4], fields[5]];
        let (dist, best) = b_ours
            .iter()
            .map(|row| {
                let t: u32 = row.0.iter().sum();
                let d = (0..4)
                    .map(|i| (f64::from(row.0[i]) / f64::from(t) - target[i]).abs())
                    .fold(0.0, f64::max);
                (d, row)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("rows");
        worst_match = worst_match.max(dist);
        seed_classes.push(biased_class(best.0));
        let (sum, n) = class_sum[&biased_class(best.0)];
        let _ = writeln!(
            out,
            "| {} | {} | {} | {},{},{},{} | {:.1} ± {:.1} | {:.1} | {} |",
            fields[0],
            fields[1],
            line.split_whitespace()
                .skip(2)
                .collect::<Vec<_>>()
                .join(" "),
            best.0[0],
            best.0[1],
            best.0[2],
            best.0[3],
            best.1,
            best.2,
            sum / f64::from(n),
            best.3
        );
    }

    // Every symmetry class, marked when the seed's table has it.
    let mut class_rows: Vec<(f64, [u32; 4], u32)> = class_sum
        .iter()
        .map(|(c, (sum, n))| (sum / f64::from(*n), *c, *n))
        .collect();
    class_rows.sort_by(|a, b| b.0.total_cmp(&a.0)); // f64 keys: no sort_by_key
    let _ = writeln!(
        out,
        "\n### Biased strategies: all {} symmetry classes\n\n\
         A class is a weight vector with its mirror images and transposes (written with the \
         largest weights first); AETT is the mean over its members, {} games each. \
         *in seed* marks the {} classes the seed's table has a row for.\n",
        class_rows.len(),
        opts.games,
        seed_classes.len()
    );
    let _ = writeln!(
        out,
        "| rank | class L,R,U,D | members | class AETT | in seed |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for (rank, (mean, c, n)) in class_rows.iter().enumerate() {
        let mark = if seed_classes.contains(c) {
            "yes"
        } else {
            "**no**"
        };
        let _ = writeln!(
            out,
            "| {} | {},{},{},{} | {n} | {mean:.1} | {mark} |",
            rank + 1,
            c[0],
            c[1],
            c[2],
            c[3]
        );
    }

    // ---- findings ----
    let _ = writeln!(out, "\n### Findings in numbers\n");
    let best_cyclic = &rows[0];
    let _ = writeln!(
        out,
        "- best cyclic class: {} (mean {:.1})",
        best_cyclic.2.join(", "),
        best_cyclic.0
    );
    if let Some((a, s)) = two_dir_best {
        let _ = writeln!(
            out,
            "- best cyclic strategy using at most two directions: {s} ({a:.1})"
        );
    }
    let (bw, ba, bse, _) = b_ours[0];
    let _ = writeln!(
        out,
        "- best biased vector: {},{},{},{} ({ba:.1} ± {bse:.1})",
        bw[0], bw[1], bw[2], bw[3]
    );
    let best_seed_class = class_rows
        .iter()
        .find(|r| seed_classes.contains(&r.1))
        .expect("some");
    let _ = writeln!(
        out,
        "- best class among those the seed tabulated: {:?} (mean {:.1})",
        best_seed_class.1, best_seed_class.0
    );
    let (sum, n) = class_sum[&biased_class([4, 1, 0, 4])];
    let _ = writeln!(
        out,
        "- class of 4,1,0,4: mean {:.1} over {n} vectors",
        sum / f64::from(n)
    );
    let _ = writeln!(
        out,
        "- top 17 biased vectors with exactly one zero weight: {one_zero_top17} of 17"
    );
    if let Some((a, wts)) = b_two_best {
        let _ = writeln!(
            out,
            "- best biased vector using at most two directions: {},{},{},{} ({a:.1})",
            wts[0], wts[1], wts[2], wts[3]
        );
    }
    let _ = writeln!(
        out,
        "- worst probability mismatch matching the seed's biased rows: {worst_match:.4}"
    );
    print!("{md}");
}
