//! Korf's 100 15-puzzle instances with the fast solvers: per instance (with `--each`) and in
//! total, the optimal length (checked against Korf's), nodes generated and seconds on one
//! core, as Markdown tables:
//! `cargo run --release -p game-sliding --example korf100 -- [ida-pdb|ida-manhattan-lc] [FIRST LAST] [--each]`.

use std::time::Instant;

use game_sliding::fixed::{self, Geometry, ManhattanLc};
use game_sliding::korf;
use game_sliding::pdb::{Additive, default_partition};
use game_sliding::solve::Solution;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let each = args.iter().any(|a| a == "--each");
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let solver = words.first().map_or("ida-pdb", |s| s.as_str());
    let first: u32 = words.get(1).map_or(Ok(1), |s| s.parse())?;
    let last: u32 = words.get(2).map_or(Ok(100), |s| s.parse())?;
    let instances: Vec<_> = korf::instances()
        .into_iter()
        .filter(|x| (first..=last).contains(&x.number))
        .collect();
    let began = Instant::now();
    let pdb = (solver == "ida-pdb")
        .then(|| Additive::load_or_build(4, 4, &default_partition(4, 4), None, &mut |_, _| true))
        .transpose()?;
    if pdb.is_some() {
        println!(
            "pattern databases 6-6-3 built in {:.2} s",
            began.elapsed().as_secs_f64()
        );
    }
    let lc = ManhattanLc::new(Geometry::new(4, 4).ok_or("4x4")?);
    if each {
        println!("| # | length | nodes | seconds |");
        println!("|---|---|---|---|");
    }
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for x in &instances {
        let s: Solution = match &pdb {
            Some(pdb) => fixed::ida(&x.board, pdb, u64::MAX, &|_| true)?,
            None => fixed::ida(&x.board, &lc, u64::MAX, &|_| true)?,
        };
        if s.moves.len() as u32 != x.length {
            return Err(format!(
                "instance {}: {} moves, Korf's optimum is {}",
                x.number,
                s.moves.len(),
                x.length
            )
            .into());
        }
        if each {
            println!(
                "| {} | {} | {} | {:.3} |",
                x.number, x.length, s.nodes, s.seconds
            );
        }
        nodes += s.nodes;
        seconds += s.seconds;
    }
    let n = instances.len() as f64;
    println!(
        "| solver | instances | all optimal | total nodes | mean nodes | total time | mean time |"
    );
    println!("|---|---|---|---|---|---|---|");
    println!(
        "| `{solver}` | {} | yes | {nodes} | {:.0} | {seconds:.2} s | {:.3} s |",
        instances.len(),
        nodes as f64 / n,
        seconds / n
    );
    Ok(())
}
