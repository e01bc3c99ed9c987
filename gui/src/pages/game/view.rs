//! The game view, for any plugin game: the board drawn from the plugin's state view (a grid of
//! cells in the plugin's colours, then the named values), the legal actions as buttons and on
//! the keyboard (arrows and WASD through the actions' key hints), and the controls: new game
//! with rules and seed, AI move, autoplay with its speed, the strategy picker, and the AI's
//! progress with Cancel. What the plugin previews (e.g. the next tile) is drawn prominently
//! above the board, and the position text under it, with Copy; a position typed in the
//! controls starts the next game from there.

use egui::{Color32, Key, Sense, Vec2, vec2};
use tritium_plugin_api::protocol::{ActionInfo, Cell, GameInfo, LegendEntry, Preview, StateView};

use crate::games::GameSession;
use crate::games::report;
use crate::games::state::GamesState;
use crate::games::widgets::{game_picker, labelled_field, setup_fields, strategy_picker};

/// The game view.
#[derive(Debug, Default)]
pub struct GameView;

impl GameView {
    /// Draws the controls and the board, and plays the keys pressed.
    pub fn ui(&mut self, ui: &mut egui::Ui, games: &mut GamesState) {
        keys(ui.ctx(), games);
        egui::Panel::left("game-controls")
            .resizable(false)
            .exact_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("game-controls-scroll")
                    .show(ui, |ui| controls(ui, games));
            });
        egui::CentralPanel::default().show(ui, |ui| board_panel(ui, games));
    }
}

/// Arrow keys, WASD and the actions' own keys, and Ctrl+Z for Undo, unless a text field has
/// the keyboard.
fn keys(ctx: &egui::Context, games: &mut GamesState) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let undo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, Key::Z);
    if ctx.input_mut(|i| i.consume_shortcut(&undo)) {
        games.undo();
    }
    if !games.can_move() {
        return;
    }
    let keys: Vec<Key> = ctx.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    repeat: false,
                    modifiers,
                    ..
                } if modifiers.is_none() || *modifiers == egui::Modifiers::SHIFT => Some(*key),
                _ => None,
            })
            .collect()
    });
    for key in keys {
        let name = match key {
            Key::ArrowLeft => "left".to_owned(),
            Key::ArrowRight => "right".to_owned(),
            Key::ArrowUp => "up".to_owned(),
            Key::ArrowDown => "down".to_owned(),
            other => other.name().to_lowercase(),
        };
        if let Some(action) = games.action_for_key(&name) {
            games.act(&action);
        }
    }
}

/// The left-hand controls.
fn controls(ui: &mut egui::Ui, games: &mut GamesState) {
    ui.heading("Game");
    game_picker(ui, games);
    let Some((_, info)) = games.game() else {
        ui.label("Load a plugin with a game in the Plugins page.");
        return;
    };
    let info = info.clone();
    ui.label(egui::RichText::new(&info.description).small().weak());
    ui.separator();
    setup_fields(ui, "play", &info, &mut games.play.setup);
    labelled_field(
        ui,
        "Position",
        &mut games.play.position,
        "empty: a new game; or paste a position text",
    );
    ui.horizontal(|ui| {
        if ui.button("New game").clicked() {
            games.new_game();
        }
        let can_undo = games
            .play
            .session
            .as_ref()
            .is_some_and(GameSession::can_undo);
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text("Take the last move back (Ctrl+Z)")
            .clicked()
        {
            games.undo();
        }
    });
    ui.separator();
    ui.strong("AI");
    strategy_picker(ui, "play", &info, &mut games.play.strategy);
    solver_controls(ui, games);
    side_picker(ui, &info, games);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(games.can_move(), egui::Button::new("AI move"))
            .clicked()
        {
            games.ai_move();
        }
        let mut autoplay = games.play.autoplay;
        if ui
            .add_enabled(
                games.play.session.is_some(),
                egui::Checkbox::new(&mut autoplay, "Autoplay"),
            )
            .changed()
        {
            games.set_autoplay(autoplay);
        }
    });
    ui.add(
        egui::Slider::new(&mut games.play.speed, 0.5..=200.0)
            .logarithmic(true)
            .text("moves/s"),
    );
    if let Some((progress, elapsed)) = games.play.thinking() {
        ui.horizontal(|ui| {
            // Not animated: the app repaints while a worker runs, and the time moves.
            let text = format!("thinking… {:.1} s", elapsed.as_secs_f32());
            let bar = egui::ProgressBar::new(progress.unwrap_or(0.0)).text(text);
            ui.add(bar.desired_width(180.0));
            if ui.button("Cancel").clicked() {
                games.cancel_ai();
            }
        });
    }
    if let Some(last) = games.play.session.as_ref().and_then(|s| s.last.as_ref()) {
        ui.label(format!("Last move: {last}"));
    }
}

/// The solver picker, Hint, Solve and Stop, for games that have solvers.
fn solver_controls(ui: &mut egui::Ui, games: &mut GamesState) {
    let solvers = games.solvers();
    if !solvers.is_empty() {
        ui.separator();
        ui.strong("Solvers");
        let current = if games.play.solver.is_empty() {
            solvers[0].name.clone()
        } else {
            games.play.solver.clone()
        };
        egui::ComboBox::from_label("Solver")
            .selected_text(&current)
            .show_ui(ui, |ui| {
                for s in &solvers {
                    ui.selectable_value(&mut games.play.solver, s.name.clone(), &s.name)
                        .on_hover_text(&s.description);
                }
            });
        ui.horizontal(|ui| {
            let idle = games.can_move();
            if ui
                .add_enabled(idle, egui::Button::new("Hint"))
                .on_hover_text("Outline the best move")
                .clicked()
            {
                games.hint();
            }
            if ui
                .add_enabled(idle, egui::Button::new("Solve"))
                .on_hover_text("Play an optimal solution back at the autoplay pace")
                .clicked()
            {
                games.solve();
            }
            if (games.solving() || !games.play.plan.is_empty()) && ui.button("Stop").clicked() {
                games.cancel_ai();
            }
        });
        if let Some(((done, total), elapsed)) = games.play.solve_progress() {
            // A solver reports a share (e.g. while it builds its tables) or a running count
            // (e.g. nodes searched) against no total.
            let seconds = elapsed.as_secs_f32();
            let bar = if total > 0 {
                let share = (done as f64 / total as f64).clamp(0.0, 1.0) as f32;
                egui::ProgressBar::new(share).text(format!(
                    "preparing… {:.0} % · {seconds:.1} s",
                    100.0 * share
                ))
            } else {
                egui::ProgressBar::new(0.0).text(format!(
                    "solving… {} · {seconds:.1} s",
                    report::number(done as f64)
                ))
            };
            ui.add(bar.desired_width(220.0));
        }
    }
}

/// Who plays each side of a two-player game: a person or the AI.
fn side_picker(ui: &mut egui::Ui, info: &GameInfo, games: &mut GamesState) {
    if !info.players.is_empty() {
        // Who plays each side: a person (clicks or buttons) or the AI (which replies by
        // itself when its side is to move).
        games.play.humans.resize(info.players.len(), true);
        for (side, name) in info.players.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{name}:"));
                let human = &mut games.play.humans[side];
                ui.selectable_value(human, true, "Human")
                    .on_hover_text(format!("You play {name}"));
                ui.selectable_value(human, false, format!("AI {name}"))
                    .on_hover_text(format!("The strategy replies for {name} by itself"));
            });
        }
    }
}

/// The board, the named values and the action buttons.
fn board_panel(ui: &mut egui::Ui, games: &mut GamesState) {
    let Some(session) = &games.play.session else {
        ui.centered_and_justified(|ui| {
            ui.label("No game yet: choose rules and a seed, then New game.");
        });
        return;
    };
    let view = session.frame.view.clone();
    let actions = session.frame.actions.clone();
    let buttons = buttons(&session.game.fixed_actions, &actions);
    let legend = session.game.legend.clone();
    let outcome = session.frame.outcome.clone();
    let position = session.frame.position.clone();
    let title = session.game.title.clone();
    // The person's moves: not while the AI thinks, nor when the side to move is the AI's.
    let can_move = games.can_move() && games.human_to_move();
    let value_rows = view.values.len().div_ceil(VALUES_PER_ROW);
    // The board gets the height the rest of the panel left it on the last frame.
    let chrome_id = egui::Id::unique("game-board-chrome");
    let chrome = ui
        .data(|d| d.get_temp::<f32>(chrome_id))
        .unwrap_or(110.0 + 52.0 * value_rows as f32);
    let room = vec2(ui.available_width() - 16.0, ui.available_height() - chrome);
    let side = cell_side(&view, room);
    let width = (side * view.cols as f32 + gap_for(side)).max(360.0);
    let spacing = ui.spacing().item_spacing.x;
    let laid_out = ui.vertical_centered(|ui| {
        ui.heading(title);
        for row in view.values.chunks(VALUES_PER_ROW) {
            let card = (width - spacing * (row.len() - 1) as f32) / row.len() as f32;
            ui.allocate_ui_with_layout(
                vec2(width, 48.0),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    for value in row {
                        value_card(ui, card, &value.name, &value.value);
                    }
                },
            );
        }
        ui.add_space(6.0);
        if let Some(next) = &view.preview {
            preview(ui, next, side);
            ui.add_space(6.0);
        }
        let marks = board_marks(games, &actions, can_move);
        if let Some(cell) = board(ui, &view, side, &marks) {
            games.click_cell(cell);
        }
        if view.cells.iter().any(|c| c.notation.is_some()) {
            ui.checkbox(&mut games.play.show_notation, "Square numbers")
                .on_hover_text("Show each cell's name in the game's notation");
        }
        if !legend.is_empty() {
            legend_row(ui, &legend);
        }
        ui.add_space(6.0);
        if let Some(side) = session_side(games) {
            ui.label(egui::RichText::new(format!("{side} to move")).strong());
        }
        if !position.is_empty() {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(format!("Position: {position}")).monospace());
                if ui
                    .small_button("Copy")
                    .on_hover_text("Copy the position text: paste it into Position to start there")
                    .clicked()
                {
                    ui.ctx().copy_text(position.clone());
                }
            });
        }
        if let Some(outcome) = &outcome {
            ui.label(egui::RichText::new(format!("Game over: {outcome}")).strong());
        }
        let chosen = action_buttons(ui, &buttons, width, can_move);
        if let Some(id) = chosen {
            games.act(&id);
        }
    });
    let measured = laid_out.response.rect.height() - board_size(&view, side).y;
    remember_chrome(ui, chrome_id, chrome, measured);
}

/// Keeps `measured`, the board panel's height besides the board (title, values, preview,
/// and whatever the game shows under the board: its legend, position, outcome and every row
/// of move buttons), under `id` for the next frame's board; when it differs from `used`, this
/// frame is laid out again, so nothing under the board is pushed out of the window.
fn remember_chrome(ui: &egui::Ui, id: egui::Id, used: f32, measured: f32) {
    if (measured - used).abs() > 0.5 {
        ui.data_mut(|d| d.insert_temp(id, measured));
        ui.ctx().request_discard("the board's room changed");
    }
}

/// The action buttons in order, each with whether it is legal now: the game's fixed
/// actions in their places (a legal one with the frame's label, the others disabled), then
/// the frame's other actions.
pub fn buttons(fixed: &[ActionInfo], actions: &[ActionInfo]) -> Vec<(ActionInfo, bool)> {
    let mut buttons: Vec<(ActionInfo, bool)> = fixed
        .iter()
        .map(|f| match actions.iter().find(|a| a.id == f.id) {
            Some(legal) => (legal.clone(), true),
            None => (f.clone(), false),
        })
        .collect();
    buttons.extend(
        actions
            .iter()
            .filter(|a| !fixed.iter().any(|f| f.id == a.id))
            .map(|a| (a.clone(), true)),
    );
    buttons
}

/// The legend of the board's colours: a swatch and its meaning for each, in a row.
fn legend_row(ui: &mut egui::Ui, legend: &[LegendEntry]) {
    ui.horizontal_wrapped(|ui| {
        for entry in legend {
            let [r, g, b] = entry.background;
            let (rect, _) = ui.allocate_exact_size(Vec2::splat(14.0), Sense::hover());
            ui.painter()
                .rect_filled(rect, 3.0, Color32::from_rgb(r, g, b));
            ui.painter().rect_stroke(
                rect,
                3.0,
                egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
                egui::StrokeKind::Inside,
            );
            ui.label(&entry.text);
            ui.add_space(8.0);
        }
    });
}

/// The tint of the last move's cells.
const LAST_MOVE: Color32 = Color32::from_rgb(250, 220, 60);

/// Named values per row of cards.
const VALUES_PER_ROW: usize = 5;
/// Action buttons per row.
const ACTIONS_PER_ROW: usize = 6;
/// The gap between cells, in points.
const GAP: f32 = 8.0;
/// The smallest cell side (gap included), in points: a big grid may overflow the view rather
/// than vanish.
const MIN_SIDE: f32 = 12.0;

/// A named value as a card: the name small above the value.
fn value_card(ui: &mut egui::Ui, width: f32, name: &str, value: &str) {
    egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::symmetric(4, 2))
        .show(ui, |ui| {
            ui.set_width(width - 10.0);
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(name).small().weak());
                ui.label(egui::RichText::new(value).strong().size(16.0));
            });
        });
}

/// The colour for a cell's text: the plugin's hint, or black or white, whichever reads on the
/// background.
fn text_color(cell: &Cell, background: Color32) -> Color32 {
    if let Some([r, g, b]) = cell.foreground {
        return Color32::from_rgb(r, g, b);
    }
    contrast(background)
}

/// Black or white, whichever reads on `background`.
fn contrast(background: Color32) -> Color32 {
    let luma = 0.299 * f32::from(background.r())
        + 0.587 * f32::from(background.g())
        + 0.114 * f32::from(background.b());
    if luma > 150.0 {
        Color32::from_gray(30)
    } else {
        Color32::WHITE
    }
}

/// The accessible name of a cell: `row 1 col 2: 4`, or `… empty`.
pub fn cell_label(row: usize, col: usize, text: &str) -> String {
    let text = if text.is_empty() { "empty" } else { text };
    format!("row {} col {}: {text}", row + 1, col + 1)
}

/// The preview: its caption, then its cells like board cells (two thirds of a board cell),
/// centred above the board. Its accessible name is `next: 2` (`label: cell cell …`).
fn preview(ui: &mut egui::Ui, preview: &Preview, side: f32) {
    let cell_side = (side * 0.66).max(24.0);
    let gap = gap_for(cell_side);
    let count = preview.cells.len().max(1) as f32;
    let caption = egui::RichText::new(&preview.label).strong().size(16.0);
    let galley_width = 60.0;
    let area = vec2(galley_width + cell_side * count + gap, cell_side + gap);
    let (rect, response) = ui.allocate_exact_size(area, Sense::hover());
    let painter = ui.painter_at(rect);
    painter.text(
        rect.left_center() + vec2(galley_width - 8.0, 0.0),
        egui::Align2::RIGHT_CENTER,
        caption.text(),
        egui::FontId::proportional(16.0),
        ui.visuals().strong_text_color(),
    );
    let empty = ui.visuals().faint_bg_color;
    for (i, cell) in preview.cells.iter().enumerate() {
        let min = rect.min + vec2(galley_width + gap + cell_side * i as f32, gap / 2.0);
        let cell_rect = egui::Rect::from_min_size(min, Vec2::splat(cell_side - gap));
        let background = cell
            .background
            .map_or(empty, |[r, g, b]| Color32::from_rgb(r, g, b));
        painter.rect_filled(cell_rect, 4.0, background);
        let chars = cell.text.chars().count().max(2) as f32;
        painter.text(
            cell_rect.center(),
            egui::Align2::CENTER_CENTER,
            &cell.text,
            egui::FontId::proportional((cell_side * 0.45).min(cell_side * 1.1 / chars)),
            text_color(cell, background),
        );
    }
    let texts: Vec<&str> = preview.cells.iter().map(|c| c.text.as_str()).collect();
    let label = format!("{}: {}", preview.label, texts.join(" "));
    response.widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &label));
}

/// The gap between cells of `side` points: [`GAP`], thinner for small cells.
fn gap_for(side: f32) -> f32 {
    (side / 14.0).clamp(1.0, GAP)
}

/// The board's size with cells of `side` points (gap included).
fn board_size(view: &StateView, side: f32) -> Vec2 {
    let gap = gap_for(side);
    vec2(side * view.cols as f32 + gap, side * view.rows as f32 + gap)
}

/// The side of a cell (gap included) for the board to fit in `room`.
fn cell_side(view: &StateView, room: Vec2) -> f32 {
    let (rows, cols) = (view.rows.max(1) as f32, view.cols.max(1) as f32);
    ((room.x - GAP) / cols)
        .min((room.y - GAP) / rows)
        .clamp(MIN_SIDE, 120.0)
}

/// The cells to outline: the hinted move's, the clicked ones, the possible next clicks.
fn board_marks(games: &GamesState, actions: &[ActionInfo], can_move: bool) -> Marks {
    let hint = games
        .play
        .hint
        .as_ref()
        .and_then(|id| actions.iter().find(|a| &a.id == id))
        .map(|a| a.path.clone())
        .unwrap_or_default();
    Marks {
        hint,
        last: games
            .play
            .session
            .as_ref()
            .map(|s| s.last_path.clone())
            .unwrap_or_default(),
        notation: games.play.show_notation,
        selected: games.play.selected.clone(),
        targets: if can_move {
            games.click_targets()
        } else {
            Vec::new()
        },
    }
}

/// What the board marks: the hinted move, the last move (tinted), the cells clicked towards
/// a move, where a click may go next, and whether the cells' notation shows.
struct Marks {
    hint: Vec<u32>,
    last: Vec<u32>,
    notation: bool,
    selected: Vec<u32>,
    targets: Vec<u32>,
}

/// The name of the side to move in a two-player game.
fn session_side(games: &GamesState) -> Option<String> {
    let session = games.play.session.as_ref()?;
    let side = session.frame.to_move?;
    session.game.players.get(side as usize).cloned()
}

/// Draws the grid with cells of `side` points, centred; returns the cell clicked, if any.
/// Cells of `marks` are outlined: a hint in orange, selected ones in blue, possible next
/// clicks in green.
fn board(ui: &mut egui::Ui, view: &StateView, side: f32, marks: &Marks) -> Option<u32> {
    let (rows, cols) = (view.rows as usize, view.cols as usize);
    if rows == 0 || cols == 0 {
        return None;
    }
    let mut clicked = None;
    let gap = gap_for(side);
    let (rect, _) = ui.allocate_exact_size(board_size(view, side), Sense::hover());
    let painter = ui.painter_at(rect);
    let dark = ui.visuals().dark_mode;
    let frame = if dark {
        Color32::from_gray(60)
    } else {
        Color32::from_rgb(187, 173, 160)
    };
    let empty = if dark {
        Color32::from_gray(90)
    } else {
        Color32::from_rgb(205, 193, 180)
    };
    painter.rect_filled(rect, 6.0, frame);
    for (i, cell) in view.cells.iter().enumerate().take(rows * cols) {
        let (row, col) = (i / cols, i % cols);
        let min = rect.min + vec2(gap + side * col as f32, gap + side * row as f32);
        let cell_rect = egui::Rect::from_min_size(min, Vec2::splat(side - gap));
        let background = cell
            .background
            .map_or(empty, |[r, g, b]| Color32::from_rgb(r, g, b));
        painter.rect_filled(cell_rect, 4.0, background);
        let index = i as u32;
        if marks.last.contains(&index) {
            // The last move's cells, tinted so that the move reads at a glance.
            painter.rect_filled(cell_rect, 4.0, LAST_MOVE.gamma_multiply(0.35));
            painter.rect_stroke(
                cell_rect.shrink(1.0),
                4.0,
                egui::Stroke::new(2.0, LAST_MOVE),
                egui::StrokeKind::Inside,
            );
        }
        paint_contents(&painter, cell, cell_rect, background, side, gap);
        let outline = if marks.hint.contains(&index) {
            Some(Color32::from_rgb(240, 150, 20))
        } else if marks.selected.contains(&index) {
            Some(Color32::from_rgb(40, 110, 230))
        } else if marks.targets.contains(&index) {
            Some(Color32::from_rgb(60, 190, 80))
        } else {
            None
        };
        if let Some(color) = outline {
            painter.rect_stroke(
                cell_rect.shrink(1.5),
                4.0,
                egui::Stroke::new(3.0, color),
                egui::StrokeKind::Inside,
            );
        }
        let notation = cell.notation.as_deref().filter(|_| marks.notation);
        if let Some(name) = notation
            && side >= 20.0
        {
            painter.text(
                cell_rect.left_top() + vec2(3.0, 2.0),
                egui::Align2::LEFT_TOP,
                name,
                egui::FontId::proportional((side * 0.2).clamp(9.0, 14.0)),
                contrast(background).gamma_multiply(0.8),
            );
        }
        let last = marks.last.contains(&index);
        let response = ui.interact(cell_rect, ui.scope_id().with(("cell", i)), Sense::click());
        response.widget_info(|| {
            let mut name = cell_label(row, col, cell.label.as_deref().unwrap_or(&cell.text));
            if let Some(notation) = notation {
                name = format!("{name} ({notation})");
            }
            if last {
                name.push_str(", last move");
            }
            egui::WidgetInfo::labeled(egui::accesskit::Role::Cell, true, name)
        });
        if response.clicked() {
            clicked = Some(index);
        }
    }
    clicked
}

/// A cell's piece (a disc in the foreground colour, its text written on it) or its text.
fn paint_contents(
    painter: &egui::Painter,
    cell: &Cell,
    cell_rect: egui::Rect,
    background: Color32,
    side: f32,
    gap: f32,
) {
    // A piece: a disc in the foreground colour; its text is then written on the disc.
    let text_background = if cell.disc {
        let piece = text_color(cell, background);
        let radius = (side - gap) * 0.38;
        painter.circle_filled(cell_rect.center(), radius, piece);
        painter.circle_stroke(
            cell_rect.center(),
            radius,
            egui::Stroke::new(1.5, Color32::from_black_alpha(90)),
        );
        piece
    } else {
        background
    };
    // Text in cells too small to read would only be noise; AccessKit still has it.
    if !cell.text.is_empty() && side >= 20.0 {
        let chars = cell.text.chars().count().max(2) as f32;
        let font = (side * 0.45).min(side * 1.1 / chars);
        let color = if cell.disc {
            contrast(text_background)
        } else {
            text_color(cell, background)
        };
        painter.text(
            cell_rect.center(),
            egui::Align2::CENTER_CENTER,
            &cell.text,
            egui::FontId::proportional(font),
            color,
        );
    }
}

/// The action buttons in rows of [`ACTIONS_PER_ROW`] across `width`; returns the action
/// clicked.
fn action_buttons(
    ui: &mut egui::Ui,
    buttons: &[(ActionInfo, bool)],
    width: f32,
    can_move: bool,
) -> Option<String> {
    let spacing = ui.spacing().item_spacing.x;
    let mut chosen = None;
    for row in buttons.chunks(ACTIONS_PER_ROW) {
        let button = (width - spacing * (row.len() - 1) as f32) / row.len() as f32;
        ui.allocate_ui_with_layout(
            vec2(width, 32.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                for (action, legal) in row {
                    let hint = action
                        .key
                        .as_deref()
                        .map_or_else(String::new, |k| format!("key: {k}"));
                    if ui
                        .add_enabled_ui(can_move && *legal, |ui| {
                            ui.add_sized([button, 28.0], egui::Button::new(&action.label))
                        })
                        .inner
                        .on_hover_text(hint)
                        .on_disabled_hover_text("not legal now")
                        .clicked()
                    {
                        chosen = Some(action.id.clone());
                    }
                }
            },
        );
    }
    chosen
}
