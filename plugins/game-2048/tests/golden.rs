//! Golden searches: seeded games under both rule sets and the exact values (as f32 bits) of
//! the expectimax search on fixed boards, recorded on the search before it moved onto the
//! kit's shared expectimax layer (`game_kit::expectimax`). They change only if the rules, the
//! generator, the search or the heuristic change.

use game_2048::board::from_exponents;
use game_2048::expectimax::{self, move_values};
use game_2048::{Rules, State, Strategy};
use tritium_plugin_api::Progress;

/// Plays `spec` under `rules` from `seed` until the game ends or `max` moves.
fn play(spec: &str, rules: Rules, seed: u64, max: u32) -> State {
    let strategy = Strategy::parse(spec).expect("parses");
    let mut state = State::new(rules, seed);
    while !state.is_over() && state.moves < max {
        let (mv, _) = strategy.choose(&state, &Progress::none()).expect("a move");
        state.try_play(mv).expect("a legal move");
    }
    state
}

#[test]
fn seeded_games_are_fixed() {
    for (spec, rules, seed, golden) in [
        (
            "expectimax:depth=2",
            Rules::Standard,
            5,
            (400, 5648, 10_908_955_463_947_194_401),
        ),
        (
            "expectimax:depth=2",
            Rules::Seed,
            9,
            (400, 6060, 10_592_610_511_316_144_658),
        ),
    ] {
        let s = play(spec, rules, seed, 400);
        assert_eq!((s.moves, s.score, s.board), golden, "{spec} seed {seed}");
    }
    let s = play("expectimax:depth=auto,prob=0.01", Rules::Standard, 3, 200);
    assert_eq!(
        (s.moves, s.score, s.board),
        (200, 2636, 9_300_621_663_630_537_232)
    );
}

#[test]
fn search_values_are_fixed_to_the_bit() {
    let depth2 = expectimax::parse_spec("expectimax:depth=2").expect("valid");
    for (cells, values, best, (value, nodes, hits)) in [
        (
            [7, 6, 3, 1, 5, 4, 2, 0, 3, 1, 0, 0, 1, 0, 2, 0],
            [
                Some(1_237_216_082),
                Some(1_237_142_906),
                Some(1_237_210_355),
                Some(1_237_070_913),
            ],
            'u',
            (1_237_216_873, 3963, 78),
        ),
        (
            [12, 11, 10, 9, 5, 6, 7, 8, 4, 3, 1, 2, 1, 0, 0, 0],
            [None, Some(1_234_185_419), None, Some(1_219_101_183)],
            'r',
            (1_234_189_965, 415, 13),
        ),
    ] {
        let board = from_exponents(cells);
        let found = move_values(board, 3, 0.0001).map(|v| v.map(f32::to_bits));
        assert_eq!(found, values, "{cells:?}");
        let (mv, stats) = expectimax::best_move(board, &depth2, &Progress::none())
            .expect("runs")
            .expect("a move");
        assert_eq!(
            (
                mv.letter(),
                stats.value.to_bits(),
                stats.nodes,
                stats.tt_hits
            ),
            (best, value, nodes, hits),
            "{cells:?}"
        );
    }
}
