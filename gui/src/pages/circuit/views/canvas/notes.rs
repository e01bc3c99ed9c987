//! The open level's text annotations on the canvas ([`CircuitPageState::level_notes`]): each
//! drawn as plain text ([`draw::note`]) and an accessible widget named `Note: TEXT`. A click
//! selects it (the inspector edits its text), a double-click also puts the inspector's text
//! field in focus, a drag moves it; Delete deletes the selected one.

use egui::{Sense, Vec2};

use super::frame::{Group, px, snapped};
use super::gestures::{Canvas, drag_move};
use crate::pages::circuit::draw::{self, NodeLook};
use crate::pages::circuit::geometry;
use crate::pages::circuit::state::CircuitPageState;

impl Canvas {
    /// Draws the notes and handles their gestures; returns whether one was clicked.
    pub(super) fn notes(
        &mut self,
        ui: &egui::Ui,
        frame: &super::frame::FrameInfo,
        state: &mut CircuitPageState,
    ) -> bool {
        let mut clicked = false;
        let mut moved = None;
        for (i, note) in state.level_notes().iter().enumerate() {
            let shift = match &self.moving_note {
                Some((index, offset)) if *index == i => snapped(*offset),
                _ => Vec2::ZERO,
            };
            let at = px(geometry::point(note.pos.x as f32, note.pos.y as f32)) + shift;
            let id = ui.scope_id().with(("note", i));
            let hovered = ui.ctx().read_response(id).is_some_and(|r| r.hovered());
            let look = NodeLook {
                selected: state.selected_note == Some(i),
                hovered,
                ..NodeLook::default()
            };
            frame.mark(|| Group::Note(note.text.clone()));
            let rect = draw::note(&frame.painter, frame.colors, at, &note.text, look);
            let widget = ui.interact(rect, id, Sense::click_and_drag());
            let name = format!("Note: {}", note.text);
            widget.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &name)
            });
            if !self.panned(&widget)
                && let Some(step) = drag_move(&widget, &mut self.moving_note, &i)
            {
                moved = Some(step);
            }
            if widget.clicked() || widget.double_clicked() {
                clicked = true;
                self.rename_requested |= widget.double_clicked();
                moved = moved.or(Some((i, 0, 0)));
            }
        }
        if let Some((i, dx, dy)) = moved {
            state.select_note(i);
            state.move_note(i, dx, dy);
        }
        clicked
    }
}
