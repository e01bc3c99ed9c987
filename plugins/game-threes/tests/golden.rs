//! Golden searches: whole seeded games and the exact values (as f32 bits) of the expectimax
//! search on fixed positions, recorded on the search before it moved onto the kit's shared
//! expectimax layer (`game_kit::expectimax`). They change only if the rules, the deck, the
//! generator, the search or the heuristic change.

use game_threes::expectimax::{self, move_values};
use game_threes::{State, Strategy, position};
use tritium_plugin_api::Progress;

/// Plays `spec` from `seed` until the game ends or `max` moves.
fn play(spec: &str, seed: u64, max: u32) -> State {
    let strategy = Strategy::parse(spec).expect("parses");
    let mut state = State::new(seed);
    while !state.is_over() && state.moves < max {
        let (mv, _) = strategy.choose(&state, &Progress::none()).expect("a move");
        state.play(mv);
    }
    state
}

#[test]
fn seeded_games_are_fixed() {
    for (spec, seed, max, golden) in [
        (
            "expectimax:depth=1",
            7,
            u32::MAX,
            (296, 10_116, 3_771_802_575_818_694_961),
        ),
        (
            "expectimax:depth=2",
            11,
            300,
            (300, 9_309, 2_459_268_136_245_470_330),
        ),
        (
            "expectimax:depth=auto,prob=0.01",
            3,
            150,
            (150, 3_201, 10_985_216_348_916_875_266),
        ),
    ] {
        let s = play(spec, seed, max);
        assert_eq!((s.moves, s.score(), s.board), golden, "{spec} seed {seed}");
    }
}

#[test]
fn search_values_are_fixed_to_the_bit() {
    let depth2 = expectimax::parse_spec("expectimax:depth=2").expect("valid");
    for (text, values, best, (value, nodes)) in [
        (
            "3 6 12 1/2 3 6 0/1 0 3 0/0 2 0 0 next=1 deck=2,3,1",
            [1_237_183_058, 1_237_196_647, 1_237_410_564, 1_237_146_646],
            'u',
            (1_237_391_852, 1830),
        ),
        (
            "768 384 192 96/6 12 24 48/3 1 2 0/0 0 1 3 next=2 deck=1,2,2",
            [1_235_158_809, 1_235_141_939, 1_235_156_894, 1_225_164_786],
            'l',
            (1_235_190_781, 2054),
        ),
        (
            "1536 0 0 0/0 3 0 0/0 0 1 0/0 0 0 2 next=12 deck=1,2,3 hint=6,12,24",
            [1_236_213_192, 1_236_368_898, 1_236_213_192, 1_236_368_898],
            'r',
            (1_236_388_512, 19_890),
        ),
    ] {
        let s = position::parse(text, 1).expect("valid");
        let found = move_values(&s, 3, 0.0001).map(|v| v.map(f32::to_bits));
        assert_eq!(found, values.map(Some), "{text}");
        let (mv, stats) = expectimax::best_move(&s, &depth2, &Progress::none())
            .expect("runs")
            .expect("a move");
        assert_eq!(
            (mv.letter(), stats.value.to_bits(), stats.nodes),
            (best, value, nodes),
            "{text}"
        );
    }
}
