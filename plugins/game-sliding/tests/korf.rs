//! Korf's 15-puzzle instances (Korf 1985) solved optimally by the fast solvers: every length
//! equals the published optimum, and the pattern databases generate far fewer nodes than
//! Manhattan distance with linear conflicts.

use game_sliding::fixed::{self, Estimator, Geometry, ManhattanLc, Tiles};
use game_sliding::korf;
use game_sliding::pdb::{Additive, PatternDb, default_partition};

fn tiles_of(b: &game_sliding::board::Board) -> Tiles {
    let mut t = [0; 16];
    t.copy_from_slice(&b.tiles);
    t
}

#[test]
fn the_pattern_databases_solve_korfs_instances_optimally() {
    let pdb = Additive::load_or_build(4, 4, &default_partition(4, 4), None, &mut |_, _| true)
        .expect("builds");
    let maxima: Vec<u8> = pdb.databases().iter().map(PatternDb::max).collect();
    // The hardest placements of each group (6, 6 and 3 tiles).
    assert_eq!(maxima.len(), 3);
    assert!(maxima.iter().all(|&m| m > 0 && m < 40), "{maxima:?}");
    let lc = ManhattanLc::new(Geometry::new(4, 4).expect("4x4"));
    let instances = korf::instances();
    let mut solved = 0;
    for x in instances.iter().take(40) {
        let s = fixed::ida(&x.board, &pdb, u64::MAX, &|_| true).expect("solves");
        assert_eq!(s.moves.len() as u32, x.length, "instance {}", x.number);
        let mut end = x.board.clone();
        for &d in &s.moves {
            assert!(end.play(d), "instance {}", x.number);
        }
        assert!(end.is_goal(), "instance {}", x.number);
        // Admissible and at least the Manhattan distance with linear conflicts … usually
        // more: the databases see the interactions of six tiles at once.
        let tiles = tiles_of(&x.board);
        let h = pdb.value(&pdb.start(&tiles));
        assert!(h <= x.length, "instance {}", x.number);
        solved += 1;
    }
    assert_eq!(solved, 40);
    // Where linear conflicts finish quickly, the databases need far fewer nodes.
    for number in [9, 12, 42, 55, 79] {
        let x = &instances[number - 1];
        let with_lc = fixed::ida(&x.board, &lc, u64::MAX, &|_| true).expect("solves");
        let with_pdb = fixed::ida(&x.board, &pdb, u64::MAX, &|_| true).expect("solves");
        assert_eq!(with_lc.moves.len() as u32, x.length, "instance {number}");
        assert!(
            with_pdb.nodes * 10 < with_lc.nodes,
            "instance {number}: {} vs {}",
            with_pdb.nodes,
            with_lc.nodes
        );
        // Korf's IDA* with the Manhattan distance alone generated more still.
        assert!(with_lc.nodes < x.korf_nodes, "instance {number}");
    }
}
