//! Builds the 4×4 6-6-3 pattern databases and prints the time and each group's largest entry:
//! `cargo run --release -p game-sliding --example pdb_build`.

use std::time::Instant;

use game_sliding::pdb::{PatternDb, default_partition};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for tiles in default_partition(4, 4) {
        let began = Instant::now();
        let db = PatternDb::build(4, 4, &tiles, &mut |_, _| true)?;
        println!(
            "tiles {:?}: max {} moves, built in {:.2} s",
            db.tiles(),
            db.max(),
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
