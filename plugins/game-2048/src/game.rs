//! [`Game2048`]: the [`Game`] implementation the plugin exports.

use crate::board::{self, Move};
use crate::experiment;
use crate::position;
use crate::state::{Rules, State};
use crate::strategy::{self, Strategy};
use tritium_plugin_api::protocol::{
    ActionInfo, Cell, ExperimentReport, ExperimentSpec, GameInfo, GameResult, NamedValue,
    StateView, SweepInfo,
};
use tritium_plugin_api::{Game, PluginError, Progress};

/// The game 2048 (Gabriele Cirulli, 2014) with the rule sets of [`crate::state`] and the
/// strategies of [`crate::strategy`]. Stateless: one value serves every session.
#[derive(Debug, Clone, Copy, Default)]
pub struct Game2048;

/// The classic palette: background and text colour of a tile exponent (0 = empty cell).
pub fn palette(exp: u8) -> ([u8; 3], [u8; 3]) {
    const DARK: [u8; 3] = [0x77, 0x6e, 0x65];
    const LIGHT: [u8; 3] = [0xf9, 0xf6, 0xf2];
    match exp {
        0 => ([0xcd, 0xc1, 0xb4], DARK),
        1 => ([0xee, 0xe4, 0xda], DARK),
        2 => ([0xed, 0xe0, 0xc8], DARK),
        3 => ([0xf2, 0xb1, 0x79], LIGHT),
        4 => ([0xf5, 0x95, 0x63], LIGHT),
        5 => ([0xf6, 0x7c, 0x5f], LIGHT),
        6 => ([0xf6, 0x5e, 0x3b], LIGHT),
        7 => ([0xed, 0xcf, 0x72], LIGHT),
        8 => ([0xed, 0xcc, 0x61], LIGHT),
        9 => ([0xed, 0xc8, 0x50], LIGHT),
        10 => ([0xed, 0xc5, 0x3f], LIGHT),
        11 => ([0xed, 0xc2, 0x2e], LIGHT),
        _ => ([0x3c, 0x3a, 0x32], LIGHT),
    }
}

impl Game for Game2048 {
    type State = State;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "2048".into(),
            title: "2048".into(),
            description: "Slide numbered tiles on a 4×4 grid; equal tiles merge. Rule sets: \
                          `standard` (the published game) and `seed` (the seed's experiments: \
                          one starting 2, moves that change nothing allowed, the game ends \
                          when the board has not changed for 50 moves or after 10,000)."
                .into(),
            rules: Rules::ALL.iter().map(|r| r.name().to_owned()).collect(),
            strategies: strategy::infos(),
            sweeps: vec![
                SweepInfo {
                    name: "cyclic".into(),
                    description: "Every cyclic strategy of length 2 up to max-len (2..=8), each \
                                  once up to rotation, primitive sequences only (86 for 4)."
                        .into(),
                    parameter: "max-len".into(),
                    rules: Some(Rules::Seed.name().into()),
                },
                SweepInfo {
                    name: "biased".into(),
                    description: "Every weight vector L,R,U,D with weights 0 up to max-weight \
                                  (1..=16), not all 0, one per proportionality class (529 for \
                                  4)."
                    .into(),
                    parameter: "max-weight".into(),
                    rules: Some(Rules::Seed.name().into()),
                },
            ],
            perft: false,
            players: vec![],
            fixed_actions: Move::ALL.iter().map(|mv| mv.info()).collect(),
            legend: vec![],
        }
    }

    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<State, PluginError> {
        Ok(State::new(Rules::parse(rules)?, seed))
    }

    fn view(&self, state: &State) -> StateView {
        let cells = board::to_exponents(state.board)
            .iter()
            .map(|&exp| {
                let (background, foreground) = palette(exp);
                Cell {
                    text: if exp == 0 {
                        String::new()
                    } else {
                        board::tile_value(exp).to_string()
                    },
                    background: Some(background),
                    foreground: Some(foreground),
                    ..Cell::default()
                }
            })
            .collect();
        StateView {
            rows: 4,
            cols: 4,
            cells,
            values: vec![
                NamedValue::new("score", &state.score),
                NamedValue::new("moves", &state.moves),
                NamedValue::new("max tile", &state.max_tile()),
                NamedValue::new("tile total", &state.tile_total()),
                NamedValue::new("rules", &state.rules.name()),
            ],
            preview: None,
        }
    }

    fn position(&self, state: &State) -> String {
        position::format(state)
    }

    fn new_game_at(
        &self,
        rules: Option<&str>,
        text: &str,
        seed: u64,
    ) -> Result<State, PluginError> {
        position::parse(rules, text, seed)
    }

    /// The moves that are legal now: under `standard` rules those that change the board,
    /// under `seed` rules all four (a move that changes nothing is allowed and counts); none
    /// once the game is over.
    fn actions(&self, state: &State) -> Vec<ActionInfo> {
        Move::ALL
            .iter()
            .filter(|&&mv| state.is_legal(mv))
            .map(|&mv| mv.info())
            .collect()
    }

    fn outcome(&self, state: &State) -> Option<String> {
        state.end().map(|end| {
            format!(
                "{}: score {}, max tile {}, tile total {}",
                end.describe(),
                state.score,
                state.max_tile(),
                state.tile_total()
            )
        })
    }

    fn apply(&self, state: &mut State, action: &str) -> Result<(), PluginError> {
        state.try_play(Move::parse(action)?).map(|_| ())
    }

    fn ai_move(
        &self,
        state: &State,
        strategy: &str,
        progress: &Progress<'_>,
    ) -> Result<(String, String), PluginError> {
        let (mv, note) = Strategy::parse(strategy)?.choose(state, progress)?;
        Ok((mv.letter().to_string(), note))
    }

    fn experiment(
        &self,
        spec: &ExperimentSpec,
        progress: &Progress<'_>,
    ) -> Result<ExperimentReport, PluginError> {
        experiment::run(spec, progress)
    }

    fn sweep(&self, sweep: &str, size: u32) -> Result<Vec<String>, PluginError> {
        experiment::sweep(sweep, size)
    }

    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<GameResult>,
    ) -> Result<ExperimentReport, PluginError> {
        experiment::report(spec, games)
    }

    fn search_split(
        &self,
        state: &State,
        strategy: &str,
    ) -> Result<(u32, Vec<String>), PluginError> {
        game_kit::expectimax::search_split::<crate::expectimax::Search2048>(&state.board, strategy)
    }

    fn search_value(
        &self,
        state: &State,
        strategy: &str,
        action: &str,
        depth: u32,
    ) -> Result<f64, PluginError> {
        game_kit::expectimax::search_value::<crate::expectimax::Search2048>(
            &state.board,
            strategy,
            action,
            depth,
        )
    }

    fn describe(&self, state: &State, seed: u64) -> Result<GameResult, PluginError> {
        let (metrics, category) = experiment::describe(state);
        Ok(GameResult {
            seed,
            metrics,
            category,
            index: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_search_chooses_the_strategys_move() {
        // Along a seeded game, the distributed decision — the first root move with the
        // largest value — is the move `ai_move` plays, under both rule sets.
        for (rules, seed) in [("standard", 3), ("seed", 5)] {
            let game = Game2048;
            let strategy = "expectimax:depth=1";
            let mut state = game.new_game(Some(rules), seed).expect("a game");
            for _ in 0..60 {
                if game.outcome(&state).is_some() {
                    break;
                }
                let (depth, actions) = game.search_split(&state, strategy).expect("splits");
                let values: Vec<f64> = actions
                    .iter()
                    .map(|a| {
                        if actions.len() == 1 {
                            0.0
                        } else {
                            game.search_value(&state, strategy, a, depth)
                                .expect("a value")
                        }
                    })
                    .collect();
                let best = values
                    .iter()
                    .enumerate()
                    .fold(0, |b, (i, &v)| if v > values[b] { i } else { b });
                let (mv, _) = game
                    .ai_move(&state, strategy, &Progress::none())
                    .expect("a move");
                assert_eq!(actions[best], mv, "{rules} seed {seed}");
                game.apply(&mut state, &mv).expect("legal");
            }
            let described = game.describe(&state, seed).expect("a result");
            assert_eq!(
                described.metrics["score"].to_bits(),
                (state.score as f64).to_bits()
            );
        }
        assert!(
            Game2048
                .search_split(&State::new(Rules::Standard, 1), "greedy")
                .is_err()
        );
        assert!(
            Game2048
                .search_split(&State::new(Rules::Standard, 1), "expectimax:time=10")
                .is_err()
        );
    }

    fn play_out(rules: &str, strategy: &str, seed: u64, max_moves: u32) -> State {
        let game = Game2048;
        let mut state = game.new_game(Some(rules), seed).expect("a game");
        while game.outcome(&state).is_none() && state.moves < max_moves {
            let (action, _) = game
                .ai_move(&state, strategy, &Progress::none())
                .expect("a move");
            assert!(game.actions(&state).iter().any(|a| a.id == action));
            game.apply(&mut state, &action).expect("legal");
        }
        state
    }

    #[test]
    fn same_seed_same_game() {
        for (rules, strategy) in [
            ("standard", "random"),
            ("standard", "greedy"),
            ("seed", "biased:4,1,0,4"),
            ("seed", "cyclic:drdl"),
        ] {
            let a = play_out(rules, strategy, 99, 300);
            let b = play_out(rules, strategy, 99, 300);
            assert_eq!(a, b, "{rules} {strategy}");
            // Through JSON, as the host sends it.
            let back: State =
                serde_json::from_value(serde_json::to_value(&a).expect("json")).expect("state");
            assert_eq!(back, a);
            let c = play_out(rules, strategy, 100, 300);
            assert_ne!(
                a.board, c.board,
                "{rules} {strategy}: another seed, another game"
            );
        }
    }

    #[test]
    fn standard_games_end_when_stuck() {
        let game = Game2048;
        let state = play_out("standard", "random", 7, u32::MAX);
        assert!(!board::can_move(state.board));
        assert!(game.actions(&state).is_empty());
        let outcome = game.outcome(&state).expect("over");
        assert!(
            outcome.starts_with("no move changes the board"),
            "{outcome}"
        );
        assert!(matches!(
            game.ai_move(&state, "random", &Progress::none()),
            Err(PluginError::IllegalAction { .. })
        ));
    }

    #[test]
    fn view_and_actions() {
        let game = Game2048;
        let mut state = game.new_game(None, 1).expect("a game");
        state.board = board::from_exponents([1, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let view = game.view(&state);
        assert_eq!((view.rows, view.cols, view.cells.len()), (4, 4, 16));
        assert_eq!(view.cells[0].text, "2");
        assert_eq!(view.cells[5].text, "2048");
        assert_eq!(view.cells[1].text, "");
        assert_eq!(view.cells[5].background, Some([0xed, 0xc2, 0x2e]));
        let names: Vec<&str> = view.values.iter().map(|v| v.name.as_str()).collect();
        assert!(names.starts_with(&["score", "moves", "max tile"]));
        assert_eq!(view.values[2].value, "2048");
        let ids: Vec<String> = game.actions(&state).into_iter().map(|a| a.id).collect();
        // Left cannot move the 2 in the corner... but can move the 2048: all four change.
        assert_eq!(ids, ["l", "r", "u", "d"]);
        state.board = board::with_cell(0, 0, 0, 1);
        let actions = game.actions(&state);
        assert_eq!(
            actions.iter().map(|a| a.id.as_str()).collect::<Vec<_>>(),
            ["r", "d"]
        );
        assert_eq!(actions[0].label, "Right");
        assert_eq!(actions[1].key.as_deref(), Some("down"));
        assert!(matches!(
            game.apply(&mut state, "l"),
            Err(PluginError::IllegalAction { .. })
        ));
        assert!(matches!(
            game.apply(&mut state, "x"),
            Err(PluginError::IllegalAction { .. })
        ));
        assert!(matches!(
            game.apply(&mut state, "lr"),
            Err(PluginError::IllegalAction { .. })
        ));
        // Seed rules: every move is legal.
        let mut seed_state = game.new_game(Some("seed"), 1).expect("a game");
        seed_state.board = state.board;
        assert_eq!(game.actions(&seed_state).len(), 4);
        game.apply(&mut seed_state, "l")
            .expect("a null move is legal");
        assert_eq!(seed_state.moves, 1);
    }

    #[test]
    fn info_lists_rules_strategies_and_sweeps() {
        let info = Game2048.info();
        assert_eq!(info.name, "2048");
        assert_eq!(info.rules, ["standard", "seed"]);
        let names: Vec<&str> = info.strategies.iter().map(|s| s.name.as_str()).collect();
        for name in ["random", "greedy", "cyclic", "biased", "expectimax"] {
            assert!(names.contains(&name), "{name}");
        }
        let sweeps: Vec<(&str, &str)> = info
            .sweeps
            .iter()
            .map(|s| (s.name.as_str(), s.parameter.as_str()))
            .collect();
        assert_eq!(sweeps, [("cyclic", "max-len"), ("biased", "max-weight")]);
        assert!(matches!(
            Game2048.new_game(Some("easy"), 0),
            Err(PluginError::BadParameter { .. })
        ));
    }
}
