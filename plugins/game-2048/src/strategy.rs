//! The AI strategies, parsed from spec strings (parameters in the name).
//!
//! | spec | strategy | source |
//! |---|---|---|
//! | `random` | a uniformly random move | the seed's "random play" |
//! | `greedy` | the move creating the largest merged tile | the seed's "greedy strategy" |
//! | `cyclic:SEQ` | the moves of `SEQ` (letters `l r u d`) over and over | the seed's cyclic blind strategies |
//! | `biased:L,R,U,D` | independent random moves, weights L, R, U, D | the seed's biased random blind strategies |
//!
//! Strategies keep no state between calls; everything they need comes from the [`State`]:
//!
//! - **Cycle position.** `cyclic:SEQ` plays `SEQ[moves mod len]`, where `moves` is
//!   [`State::moves`]. Under `seed` rules every move counts, so the cycle advances on every
//!   move as in the seed's `createCyclicStrategy`. (The seed's counter starts at the *second*
//!   letter and carries over from one game to the next, so its games start at arbitrary
//!   phases; ours start at the first letter.)
//! - **Randomness.** `random`, `greedy` (ties) and `biased` draw from a `SplitMix64` generator
//!   seeded from ([`State::seed`], [`State::moves`]): the same game seed gives the same game,
//!   whether it is played through `ai_move` one call at a time or inside an experiment.
//!
//! **Legal moves.** Under `seed` rules a move that changes nothing is legal, so the blind
//! strategies are played exactly as specified. Under `standard` rules it is not, and a blind
//! strategy must still return a legal move: `random` and `biased` draw among the moves that
//! change the board (with their weights; when every such move has weight 0, uniformly);
//! `cyclic` continues along its cycle from its position to the first move that changes the
//! board (uniformly random among the changing moves when none of its letters does).
//! `greedy` always picks among the moves that change the board.
//!
//! **Adding a strategy** (e.g. `expectimax`): one [`Strategy`] variant, one arm in
//! [`Strategy::parse`], [`Strategy::spec`] and [`Strategy::decide`], and one entry in
//! [`infos`].

use crate::board::{Move, apply_move, max_merge};
use crate::state::{Rules, State, derive_seed, splitmix64};
use tritium_plugin_api::protocol::{ParamInfo, StrategyInfo};
use tritium_plugin_api::{PluginError, Progress};

/// The longest `cyclic` sequence accepted.
pub const MAX_CYCLE_LEN: usize = 64;
/// The largest `biased` weight accepted.
pub const MAX_WEIGHT: u32 = 1_000_000;

/// A parsed strategy spec.
#[derive(Debug, Clone, PartialEq)]
pub enum Strategy {
    /// `random`: a uniformly random move.
    Random,
    /// `greedy`: among the moves that change the board, one creating the largest merged tile
    /// (uniformly random among ties; with no merge possible, among all changing moves).
    Greedy,
    /// `cyclic:SEQ`: 1..=64 moves repeated.
    Cyclic(Vec<Move>),
    /// `biased:L,R,U,D`: independent random moves with these integer weights (not all 0), in
    /// [`Move::ALL`] order.
    Biased([u32; 4]),
    // expectimax: add `Expectimax(crate::expectimax::ExpectimaxConfig)` here.
}

/// The seed-derived generator of a strategy's random choices: `SplitMix64`.
#[derive(Debug, Clone)]
pub struct AiRng(u64);

impl AiRng {
    /// The generator for a strategy's choice in `state`: seeded from the game seed and the
    /// move count, so every move of a game draws different numbers and replays draw the same.
    pub fn for_state(state: &State) -> AiRng {
        AiRng(derive_seed(
            state.seed ^ 0x5EED_A1A1_5EED_A1A1,
            u64::from(state.moves),
        ))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.0)
    }

    /// A number in `0..n` (`n` ≥ 1), by Lemire's multiply-shift (bias below `n / 2^64`).
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "below(0)");
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }
}

fn bad(spec: &str, reason: impl Into<String>) -> PluginError {
    PluginError::bad_parameter(spec, reason)
}

impl Strategy {
    /// Parses a spec: `random`, `greedy`, `cyclic:SEQ` (1..=64 letters of `l r u d`) or
    /// `biased:L,R,U,D` (four integers 0..=1,000,000, not all 0).
    ///
    /// # Errors
    /// [`PluginError::BadParameter`] naming the spec and saying what is wrong.
    pub fn parse(spec: &str) -> Result<Strategy, PluginError> {
        let trimmed = spec.trim();
        let (name, params) = match trimmed.split_once(':') {
            Some((name, params)) => (name.trim(), Some(params.trim())),
            None => (trimmed, None),
        };
        match (name, params) {
            ("random", None) => Ok(Strategy::Random),
            ("greedy", None) => Ok(Strategy::Greedy),
            ("random" | "greedy", Some(_)) => {
                Err(bad(spec, format!("`{name}` takes no parameters")))
            }
            ("cyclic", Some(seq)) => {
                let moves = seq
                    .chars()
                    .map(|c| {
                        Move::from_letter(c).ok_or_else(|| {
                            bad(
                                spec,
                                format!("`{c}` is not a move; use the letters l r u d"),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if moves.is_empty() || moves.len() > MAX_CYCLE_LEN {
                    return Err(bad(spec, "the sequence needs 1 to 64 letters of l r u d"));
                }
                Ok(Strategy::Cyclic(moves))
            }
            ("biased", Some(weights)) => {
                let parsed: Vec<u32> = weights
                    .split(',')
                    .map(|w| w.trim().parse::<u32>().ok().filter(|&w| w <= MAX_WEIGHT))
                    .collect::<Option<_>>()
                    .ok_or_else(|| bad(spec, "weights must be integers 0..=1000000"))?;
                let weights: [u32; 4] = parsed
                    .try_into()
                    .map_err(|_| bad(spec, "expected four weights L,R,U,D, e.g. biased:4,1,0,4"))?;
                if weights.iter().all(|&w| w == 0) {
                    return Err(bad(spec, "at least one weight must be positive"));
                }
                Ok(Strategy::Biased(weights))
            }
            ("cyclic" | "biased", None) => Err(bad(
                spec,
                format!("`{name}` needs parameters, e.g. cyclic:drdl or biased:4,1,0,4"),
            )),
            // expectimax: add `("expectimax", _) => ...` here.
            _ => Err(bad(
                spec,
                "unknown 2048 strategy; expected random, greedy, cyclic:SEQ or biased:L,R,U,D",
            )),
        }
    }

    /// The spec that [`Strategy::parse`] reads back into this strategy.
    pub fn spec(&self) -> String {
        match self {
            Strategy::Random => "random".to_owned(),
            Strategy::Greedy => "greedy".to_owned(),
            Strategy::Cyclic(moves) => {
                format!(
                    "cyclic:{}",
                    moves.iter().map(|m| m.letter()).collect::<String>()
                )
            }
            Strategy::Biased([l, r, u, d]) => format!("biased:{l},{r},{u},{d}"),
        }
    }

    /// The strategy's move in `state`, with a short note (often empty).
    ///
    /// # Errors
    /// [`PluginError::IllegalAction`] when the game is over; whatever a search strategy
    /// returns (e.g. [`PluginError::Cancelled`]).
    pub fn choose(
        &self,
        state: &State,
        progress: &Progress<'_>,
    ) -> Result<(Move, String), PluginError> {
        if let Some(end) = state.end() {
            return Err(PluginError::illegal(
                "ai",
                format!("the game is over: {}", end.describe()),
            ));
        }
        self.decide(state, progress)
    }

    /// [`Strategy::choose`] for a game known to go on (the experiment loop checks first).
    /// The move is legal under the state's rules.
    ///
    /// # Errors
    /// Whatever a search strategy returns (e.g. [`PluginError::Cancelled`]).
    pub fn decide(
        &self,
        state: &State,
        progress: &Progress<'_>,
    ) -> Result<(Move, String), PluginError> {
        let _ = progress; // for search strategies
        let board = state.board;
        let changes = Move::ALL.map(|m| apply_move(board, m) != board);
        let free = state.rules == Rules::Seed;
        let mut rng = AiRng::for_state(state);
        let mv = match self {
            Strategy::Random if free => Move::ALL[rng.below(4) as usize],
            Strategy::Random => pick_weighted(&mut rng, [1; 4], changes),
            Strategy::Greedy => {
                let merges = Move::ALL.map(|m| max_merge(board, m));
                let best = (0..4)
                    .filter(|&i| changes[i])
                    .map(|i| merges[i])
                    .max()
                    .unwrap_or(0);
                let mask = std::array::from_fn(|i| changes[i] && merges[i] == best);
                pick_weighted(&mut rng, [1; 4], mask)
            }
            Strategy::Cyclic(seq) => {
                let pos = state.moves as usize % seq.len();
                if free {
                    seq[pos]
                } else {
                    (0..seq.len())
                        .map(|j| seq[(pos + j) % seq.len()])
                        .find(|m| changes[m.index()])
                        .unwrap_or_else(|| pick_weighted(&mut rng, [1; 4], changes))
                }
            }
            Strategy::Biased(weights) if free => pick_weighted(&mut rng, *weights, [true; 4]),
            Strategy::Biased(weights) => {
                if (0..4).any(|i| changes[i] && weights[i] > 0) {
                    pick_weighted(&mut rng, *weights, changes)
                } else {
                    pick_weighted(&mut rng, [1; 4], changes)
                }
            }
        };
        Ok((mv, String::new()))
    }
}

/// A move drawn with probability proportional to `weights` among the moves where `allowed`
/// holds. With nothing to draw from (all allowed weights 0: a game that is over) it returns
/// the first allowed move, or `Left`.
fn pick_weighted(rng: &mut AiRng, weights: [u32; 4], allowed: [bool; 4]) -> Move {
    let w =
        std::array::from_fn::<u64, 4, _>(|i| if allowed[i] { u64::from(weights[i]) } else { 0 });
    let total: u64 = w.iter().sum();
    if total == 0 {
        return allowed
            .iter()
            .position(|&a| a)
            .map_or(Move::Left, |i| Move::ALL[i]);
    }
    // Totals stay far below 2^32 (four weights ≤ 10^6).
    let mut r = u64::from(rng.below(total as u32));
    for (i, &wi) in w.iter().enumerate() {
        if r < wi {
            return Move::ALL[i];
        }
        r -= wi;
    }
    unreachable!("r < total")
}

/// The strategies for [`tritium_plugin_api::protocol::GameInfo::strategies`].
pub fn infos() -> Vec<StrategyInfo> {
    vec![
        StrategyInfo {
            name: "random".into(),
            description: "A uniformly random move (the seed's random play: AETT 252). Under \
                          standard rules, random among the moves that change the board."
                .into(),
            params: vec![],
            example: "random".into(),
        },
        StrategyInfo {
            name: "greedy".into(),
            description: "The move creating the largest merged tile, ties and no-merge \
                          positions broken at random among the moves that change the board \
                          (the seed's greedy strategy: AETT 399)."
                .into(),
            params: vec![],
            example: "greedy".into(),
        },
        StrategyInfo {
            name: "cyclic".into(),
            description: "A blind strategy repeating a sequence of moves; the position in the \
                          cycle is the move count modulo the length (the seed's best: drdl, \
                          AETT 686). Under standard rules it skips ahead along the cycle to \
                          the first move that changes the board."
                .into(),
            params: vec![ParamInfo {
                name: "sequence".into(),
                description: "1 to 64 letters of l r u d, played in order and repeated".into(),
                default: "drdl".into(),
            }],
            example: "cyclic:drdl".into(),
        },
        StrategyInfo {
            name: "biased".into(),
            description: "A blind strategy drawing each move independently with integer \
                          weights for left, right, up and down (the seed's best: 4,1,0,4, \
                          AETT 385). Under standard rules it draws among the moves that \
                          change the board."
                .into(),
            params: vec![ParamInfo {
                name: "weights".into(),
                description: "L,R,U,D: four integers 0..=1000000, not all 0".into(),
                default: "1,1,1,1".into(),
            }],
            example: "biased:4,1,0,4".into(),
        },
        // expectimax: add its StrategyInfo here.
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board;

    #[test]
    fn specs_parse_and_print_back() {
        for spec in [
            "random",
            "greedy",
            "cyclic:drdl",
            "cyclic:l",
            "biased:4,1,0,4",
            "biased:0,0,0,7",
        ] {
            let s = Strategy::parse(spec).expect(spec);
            assert_eq!(s.spec(), spec);
            assert!(infos().iter().any(|i| spec.starts_with(&i.name)));
        }
        assert_eq!(
            Strategy::parse(" cyclic: dr "),
            Ok(Strategy::Cyclic(vec![Move::Down, Move::Right]))
        );
        assert_eq!(
            Strategy::parse("biased: 1, 2,3 ,4"),
            Ok(Strategy::Biased([1, 2, 3, 4]))
        );
        for info in infos() {
            assert!(Strategy::parse(&info.example).is_ok(), "{}", info.example);
        }
    }

    #[test]
    fn bad_specs_name_the_spec() {
        for spec in [
            "",
            "best",
            "random:3",
            "greedy:x",
            "cyclic",
            "cyclic:",
            "cyclic:drdx",
            "cyclic:DRDL",
            &format!("cyclic:{}", "d".repeat(65)),
            "biased",
            "biased:1,2,3",
            "biased:1,2,3,4,5",
            "biased:0,0,0,0",
            "biased:1,-1,1,1",
            "biased:1,a,1,1",
            "biased:1,1,1,1000001",
        ] {
            match Strategy::parse(spec) {
                Err(PluginError::BadParameter { name, reason }) => {
                    assert_eq!(name, spec);
                    assert!(!reason.is_empty());
                }
                other => panic!("{spec}: {other:?}"),
            }
        }
    }

    fn lone_tile_top_left(rules: Rules) -> State {
        let mut s = State::new(rules, 1);
        s.board = board::with_cell(0, 0, 0, 1);
        s
    }

    #[test]
    fn cyclic_follows_the_move_count() {
        let s = Strategy::parse("cyclic:ldr").expect("parses");
        let mut state = lone_tile_top_left(Rules::Seed);
        let none = Progress::none();
        for (moves, expected) in [
            (0, Move::Left),
            (1, Move::Down),
            (2, Move::Right),
            (3, Move::Left),
        ] {
            state.moves = moves;
            assert_eq!(s.choose(&state, &none).expect("a move").0, expected);
        }
        // Standard rules: left changes nothing, so it continues to down.
        let mut state = lone_tile_top_left(Rules::Standard);
        state.moves = 3;
        assert_eq!(s.choose(&state, &none).expect("a move").0, Move::Down);
        // None of l, u changes the board: a random changing move.
        let lu = Strategy::parse("cyclic:lu").expect("parses");
        let m = lu.choose(&state, &none).expect("a move").0;
        assert!(matches!(m, Move::Right | Move::Down));
    }

    #[test]
    fn standard_rules_blind_strategies_stay_legal() {
        let none = Progress::none();
        for spec in [
            "random",
            "biased:1,0,1,0",
            "biased:4,1,0,4",
            "cyclic:lu",
            "greedy",
        ] {
            let s = Strategy::parse(spec).expect("parses");
            let mut state = lone_tile_top_left(Rules::Standard);
            for moves in 0..50 {
                state.moves = moves;
                let (m, _) = s.choose(&state, &none).expect("a move");
                assert!(state.is_legal(m), "{spec} chose {m:?}");
            }
        }
    }

    #[test]
    fn greedy_takes_the_largest_merge() {
        // Row 0: 32 32 _ _ ; row 3: 2 2 _ _ → left/right merge 32s (and 2s); up/down nothing.
        let b = board::from_exponents([5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 3]);
        let mut state = State::new(Rules::Standard, 3);
        state.board = b;
        let greedy = Strategy::Greedy;
        let mut seen = [false; 4];
        for moves in 0..64 {
            state.moves = moves;
            let (m, _) = greedy.choose(&state, &Progress::none()).expect("a move");
            seen[m.index()] = true;
        }
        assert_eq!(
            seen,
            [true, true, false, false],
            "both horizontal moves, at random"
        );
    }

    #[test]
    fn biased_draws_follow_the_weights() {
        let s = Strategy::parse("biased:3,1,0,0").expect("parses");
        let mut state = State::new(Rules::Seed, 11);
        let mut counts = [0u32; 4];
        // `decide`: with no move played, a real game would have ended at move 100.
        for moves in 0..4000 {
            state.moves = moves;
            counts[s
                .decide(&state, &Progress::none())
                .expect("a move")
                .0
                .index()] += 1;
        }
        assert_eq!(counts[2] + counts[3], 0);
        assert!((2800..3200).contains(&counts[0]), "{counts:?}");
    }

    #[test]
    fn over_games_have_no_ai_move() {
        let mut state = State::new(Rules::Standard, 0);
        state.board =
            board::from_exponents(std::array::from_fn(|i| 1 + ((i / 4 + i % 4) % 2) as u8));
        assert!(matches!(
            Strategy::Random.choose(&state, &Progress::none()),
            Err(PluginError::IllegalAction { .. })
        ));
    }
}
