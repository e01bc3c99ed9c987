//! [`Threes`]: the [`Game`] implementation the plugin exports.

use tritium_plugin_api::protocol::{
    ActionInfo, Cell, ExperimentReport, ExperimentSpec, GameInfo, NamedValue, Preview, StateView,
};
use tritium_plugin_api::{Game, PluginError, Progress};

use crate::board::{self, Move, tile_value};
use crate::experiment;
use crate::position;
use crate::state::{RULES, State, check_rules};
use crate::strategy::{self, Strategy};

/// The game Threes! (Sirvo, 2014) as the seed describes it. Stateless: one value serves
/// every session.
#[derive(Debug, Clone, Copy, Default)]
pub struct Threes;

/// The game's colours, background and text, of a tile code: the blue 1, the red 2, white
/// 3 and up with dark text (the original's palette), the board's grey-green for empty cells.
pub fn palette(code: u8) -> ([u8; 3], [u8; 3]) {
    const WHITE: [u8; 3] = [0xff, 0xff, 0xff];
    const DARK: [u8; 3] = [0x20, 0x20, 0x20];
    match code {
        0 => ([0xbb, 0xd9, 0xd9], DARK),
        1 => ([0x66, 0xcc, 0xff], WHITE),
        2 => ([0xff, 0x66, 0x80], WHITE),
        c if c >= 9 => ([0xff, 0xf2, 0xa8], DARK), // 192 and up: gold-tinted
        _ => (WHITE, DARK),
    }
}

fn tile_cell(code: u8) -> Cell {
    let (background, foreground) = palette(code);
    Cell {
        text: if code == 0 {
            String::new()
        } else {
            tile_value(code).to_string()
        },
        background: Some(background),
        foreground: Some(foreground),
        ..Cell::default()
    }
}

impl Game for Threes {
    type State = State;

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "threes".into(),
            title: "Threes!".into(),
            description: "Slide the tiles one step; 1 and 2 make 3, equal tiles of 3 or more \
                          merge. The next tile, shown above the board, enters on the far \
                          edge of a row or column that moved. Cards come from a 12-card deck; \
                          with a 48 on the board, one tile in 21 is a bonus tile, shown as a \
                          hint of possible values."
                .into(),
            rules: vec![RULES.into()],
            strategies: strategy::infos(),
            sweeps: vec![],
            perft: false,
            players: vec![],
            fixed_actions: Move::ALL.into_iter().map(Move::info).collect(),
            legend: vec![],
        }
    }

    fn new_game(&self, rules: Option<&str>, seed: u64) -> Result<State, PluginError> {
        check_rules(rules)?;
        Ok(State::new(seed))
    }

    fn view(&self, state: &State) -> StateView {
        let [ones, twos, threes] = state.deck.0;
        let (lo, hi) = state.next.hint;
        StateView {
            rows: 4,
            cols: 4,
            cells: board::to_codes(state.board).map(tile_cell).to_vec(),
            values: vec![
                NamedValue::new("score", &state.score()),
                NamedValue::new("moves", &state.moves),
                NamedValue::new("max tile", &state.max_tile()),
                NamedValue::new("deck 1s,2s,3s", &format!("{ones},{twos},{threes}")),
                NamedValue::new("rules", &RULES),
            ],
            // A card is shown as itself, a bonus tile as its hint.
            preview: Some(Preview {
                label: "next".into(),
                cells: (lo..=hi).map(tile_cell).collect(),
            }),
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
        check_rules(rules)?;
        position::parse(text, seed)
    }

    fn actions(&self, state: &State) -> Vec<ActionInfo> {
        Move::ALL
            .into_iter()
            .filter(|&mv| state.is_legal(mv))
            .map(Move::info)
            .collect()
    }

    fn outcome(&self, state: &State) -> Option<String> {
        state.is_over().then(|| {
            format!(
                "no move changes the board: score {}, max tile {}, {} moves",
                state.score(),
                state.max_tile(),
                state.moves
            )
        })
    }

    fn apply(&self, state: &mut State, action: &str) -> Result<(), PluginError> {
        state.try_play(Move::parse(action)?)
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

    fn report(
        &self,
        spec: &ExperimentSpec,
        games: Vec<tritium_plugin_api::protocol::GameResult>,
    ) -> Result<ExperimentReport, PluginError> {
        experiment::report(spec, games)
    }

    fn search_split(
        &self,
        state: &State,
        strategy: &str,
    ) -> Result<(u32, Vec<String>), PluginError> {
        game_kit::expectimax::search_split::<crate::expectimax::SearchThrees>(state, strategy)
    }

    fn search_value(
        &self,
        state: &State,
        strategy: &str,
        action: &str,
        depth: u32,
    ) -> Result<f64, PluginError> {
        game_kit::expectimax::search_value::<crate::expectimax::SearchThrees>(
            state, strategy, action, depth,
        )
    }

    fn describe(
        &self,
        state: &State,
        seed: u64,
    ) -> Result<tritium_plugin_api::protocol::GameResult, PluginError> {
        let (metrics, category) = experiment::describe(state);
        Ok(tritium_plugin_api::protocol::GameResult {
            seed,
            metrics,
            category,
            index: None,
        })
    }

    fn sweep(&self, sweep: &str, _size: u32) -> Result<Vec<String>, PluginError> {
        Err(PluginError::bad_parameter(
            sweep,
            "Threes has no strategy sweeps",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_actions_and_preview() {
        let game = Threes;
        let state = game
            .new_game_at(
                None,
                "1 2 0 3/0 0 6 0/3 0 0 0/0 0 0 12 next=2 deck=3,2,4",
                1,
            )
            .expect("valid");
        let view = game.view(&state);
        assert_eq!((view.rows, view.cols, view.cells.len()), (4, 4, 16));
        assert_eq!(view.cells[0].text, "1");
        assert_eq!(view.cells[0].background, Some([0x66, 0xcc, 0xff]));
        assert_eq!(view.cells[2].text, "");
        assert_eq!(view.values[0].value, "42"); // 3 + 9 + 3 + 27
        let preview = view.preview.expect("the next tile");
        assert_eq!(preview.label, "next");
        assert_eq!(preview.cells.len(), 1);
        assert_eq!(preview.cells[0].text, "2");
        let ids: Vec<String> = game.actions(&state).into_iter().map(|a| a.id).collect();
        assert_eq!(ids, ["l", "r", "u", "d"]);
        let mut s = state.clone();
        game.apply(&mut s, "l").expect("legal");
        assert!(matches!(
            game.apply(&mut s, "x"),
            Err(PluginError::IllegalAction { .. })
        ));
        // A bonus tile previews as its hint.
        let bonus = game
            .new_game_at(
                None,
                "1536 0 0 0/0 0 0 0/0 0 0 0/0 0 0 0 next=24 deck=1,1,1 hint=12,24,48",
                1,
            )
            .expect("valid");
        let cells: Vec<String> = game
            .view(&bonus)
            .preview
            .expect("a hint")
            .cells
            .into_iter()
            .map(|c| c.text)
            .collect();
        assert_eq!(cells, ["12", "24", "48"]);
        assert!(game.new_game(Some("easy"), 1).is_err());
        assert!(game.new_game(Some("standard"), 1).is_ok());
    }

    #[test]
    fn a_lost_game_has_an_outcome_and_no_actions() {
        let game = Threes;
        let lost = game
            .new_game_at(None, "1 3 1 3/3 1 3 1/1 3 1 3/3 1 3 1 next=1 deck=3,4,4", 1)
            .expect("valid");
        assert!(game.actions(&lost).is_empty());
        let outcome = game.outcome(&lost).expect("over");
        assert!(
            outcome.starts_with("no move changes the board: score 24"),
            "{outcome}"
        );
        assert!(game.ai_move(&lost, "random", &Progress::none()).is_err());
    }
}
