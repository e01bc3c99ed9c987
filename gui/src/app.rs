//! The application: a row of tabs over the pages ([`pages::all`]: the circuit editor, the
//! figure page, the plugin pages), the window title, the close-with-unsaved-changes question,
//! the background work every frame (the simulation's clocks, the plugins' workers), the theme
//! and the recent files remembered between runs, and the demo script for screenshots.

use std::any::Any;

use crate::common::{recent, theme};
use crate::games::state::GamesState;
use crate::pages::circuit::state::{BusInputError, CircuitPageState, Discarding, Mode};
use crate::pages::circuit::views::{Canvas, Dialogs};
use crate::pages::{self, CircuitPage, Page, Shared};

/// The Tritium desktop app. [`TritiumApp::show`] draws one frame into any [`egui::Ui`], so
/// tests run it headless; [`eframe::App`] wires it to a window.
#[derive(Debug)]
pub struct TritiumApp {
    /// Everything the circuit editor knows.
    pub state: CircuitPageState,
    /// The plugins, the game being played and the experiment.
    pub games: GamesState,
    /// Every page ([`pages::all`]), in tab order.
    pages: Vec<Box<dyn Page>>,
    /// The index of the page shown.
    page: usize,
    dialogs: Dialogs,
    title: String,
    /// The theme (View → Theme): put on the context on the first frame, then read back from
    /// it each frame (the menu sets it there), for [`eframe::App::save`].
    theme: egui::ThemePreference,
    /// Whether `theme` was put on the context yet.
    theme_applied: bool,
}

impl Default for TritiumApp {
    fn default() -> TritiumApp {
        TritiumApp {
            state: CircuitPageState::default(),
            games: GamesState::default(),
            pages: pages::all(),
            page: 0,
            dialogs: Dialogs::default(),
            title: String::new(),
            theme: theme::DEFAULT_THEME,
            theme_applied: false,
        }
    }
}

impl TritiumApp {
    /// The app showing `state`.
    pub fn new(state: CircuitPageState) -> TritiumApp {
        TritiumApp {
            state,
            ..TritiumApp::default()
        }
    }

    /// The app showing `state`, with the plugins of `games` (e.g.
    /// [`GamesState::discover`] on [`plugin_host::search_path`]).
    pub fn with_games(state: CircuitPageState, games: GamesState) -> TritiumApp {
        TritiumApp {
            state,
            games,
            ..TritiumApp::default()
        }
    }

    /// Takes the settings remembered in `storage` by an earlier run (the theme, the recent
    /// files), before the first frame.
    pub fn restore(&mut self, storage: &dyn eframe::Storage) {
        self.theme = theme::restore(storage);
        self.theme_applied = false;
        self.state.add_earlier_recent(recent::restore(storage));
    }

    /// The theme chosen (View → Theme), as of the last frame.
    pub fn theme(&self) -> egui::ThemePreference {
        self.theme
    }

    /// The title of the page shown (its tab's text).
    pub fn page_title(&self) -> &'static str {
        self.pages.get(self.page).map_or("", |p| p.title())
    }

    /// The page of type `P`, if listed.
    pub fn page<P: Page>(&self) -> Option<&P> {
        self.pages
            .iter()
            .find_map(|p| (&**p as &dyn Any).downcast_ref::<P>())
    }

    /// The page of type `P`, if listed, to change.
    pub fn page_mut<P: Page>(&mut self) -> Option<&mut P> {
        self.pages
            .iter_mut()
            .find_map(|p| (&mut **p as &mut dyn Any).downcast_mut::<P>())
    }

    /// Shows the page of type `P` (if listed) from the next frame on.
    pub fn show_page<P: Page>(&mut self) {
        let wanted = std::any::TypeId::of::<P>();
        self.go_to(wanted);
    }

    fn go_to(&mut self, wanted: std::any::TypeId) {
        if let Some(i) = self
            .pages
            .iter()
            .position(|p| (&**p as &dyn Any).type_id() == wanted)
        {
            self.page = i;
        }
    }

    /// The circuit page's canvas, to read or set which part of the circuit it shows.
    ///
    /// # Panics
    /// If [`pages::all`] lists no [`CircuitPage`] (it always does).
    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self
            .page_mut::<CircuitPage>()
            .expect("pages::all lists the circuit page")
            .canvas
    }

    /// Draws one frame and handles its input.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        if self.theme_applied {
            self.theme = ui.ctx().options(|o| o.theme_preference);
        } else {
            ui.ctx().set_theme(self.theme);
            self.theme_applied = true;
        }
        if let Some(page) = self.pages.get_mut(self.page) {
            let mut shared = Shared::new(&mut self.state, &mut self.games, &mut self.dialogs);
            page.shortcuts(ui.ctx(), &mut shared);
        }
        self.window(ui.ctx());
        let dt = ui.input(|i| i.stable_dt).min(0.25);
        self.state.sim.advance(dt);
        if self.state.sim.clocks_running() {
            ui.ctx().request_repaint();
        }
        // The real time since the last frame: after an idle wait for autoplay's next move,
        // `stable_dt` would still be one frame's time.
        let elapsed = ui.input(|i| i.unstable_dt).min(1.0);
        self.games.update(elapsed);
        if let Some(next) = self.games.next_update() {
            // Poll the worker, or make autoplay's next move on time.
            ui.ctx().request_repaint_after(next);
        }

        let titles: Vec<&'static str> = self.pages.iter().map(|p| p.title()).collect();
        egui::Panel::top("pages").show(ui, |ui| {
            ui.horizontal(|ui| {
                for (i, title) in titles.into_iter().enumerate() {
                    ui.selectable_value(&mut self.page, i, title);
                }
            });
        });
        let Some(page) = self.pages.get_mut(self.page) else {
            return;
        };
        let mut shared = Shared::new(&mut self.state, &mut self.games, &mut self.dialogs);
        page.ui(ui, &mut shared);
        let go_to = shared.go_to();
        // The unsaved-changes question and the file dialogs, over any page.
        self.dialogs.ui(ui, &mut self.state);
        if let Some(wanted) = go_to {
            self.go_to(wanted);
        }
    }

    /// Title with the modified marker; closing asks first when there are unsaved changes.
    fn window(&mut self, ctx: &egui::Context) {
        let title = self.state.doc.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.state.quit {
            if self.state.doc.is_modified() {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.state.request(Discarding::Quit);
            } else {
                self.state.quit = true;
            }
        }
        if self.state.quit {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// The environment variable [`crate::run`] reads a demo script from (see [`apply_demo`]).
pub const DEMO_VAR: &str = "TRITIUM_DEMO_STEPS";

/// Why [`apply_demo`] refused a script; its text starts with [`DEMO_VAR`] and names the part
/// not understood.
#[derive(Debug, thiserror::Error)]
pub enum DemoScriptError {
    /// The part after `;` is not a number of steps.
    #[error("{DEMO_VAR}: {steps:?} is not a number of steps")]
    Steps {
        /// The part as written.
        steps: String,
    },
    /// An item without `=`.
    #[error("{DEMO_VAR}: {item:?} is not LABEL=VALUE")]
    NotAssignment {
        /// The item as written.
        item: String,
    },
    /// A label that is not a switch or button (nor a bus).
    #[error("{DEMO_VAR}: no switch or button {label:?}")]
    NoSwitch {
        /// The label as written.
        label: String,
    },
    /// A value that is not a ternary value.
    #[error("{DEMO_VAR}: {item:?}: {error}")]
    Value {
        /// The item as written.
        item: String,
        /// Why its value is refused.
        error: sim_core::trit::ParseTritError,
    },
    /// A number its bus refuses.
    #[error("{DEMO_VAR}: {bus}={value}: {error}")]
    Bus {
        /// The bus's name.
        bus: String,
        /// The number as written.
        value: String,
        /// Why it is refused.
        error: BusInputError,
    },
}

/// Puts `state` into a demonstration state, for screenshots (`scripts/screenshot.sh`): the
/// script is `LABEL=VALUE,LABEL=VALUE[;STEPS]`. Without `;STEPS` the switches are set in Run
/// mode and the circuit settles; with it, the app enters Step mode, sets the switches (their
/// changes wait in the queue) and processes `STEPS` events, so the last one is highlighted
/// and the rest wait in the queue. Example: `R=+1;3`. A bus of switches takes a number in any
/// radix, all its bits at once: `A=107,B=0x36,CIN=+1`.
///
/// # Errors
/// A [`DemoScriptError`] naming the part of the script that is not understood, a label that
/// is not a switch or button (or a bus of them), or a number its bus refuses.
pub fn apply_demo(state: &mut CircuitPageState, script: &str) -> Result<(), DemoScriptError> {
    let (sets, steps) = match script.split_once(';') {
        Some((sets, steps)) => {
            let n: usize = steps.trim().parse().map_err(|_| DemoScriptError::Steps {
                steps: steps.to_owned(),
            })?;
            (sets, Some(n))
        }
        None => (script, None),
    };
    let mut batch = Vec::new();
    let mut buses = Vec::new();
    for item in sets.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (label, value) =
            item.split_once('=')
                .ok_or_else(|| DemoScriptError::NotAssignment {
                    item: item.to_owned(),
                })?;
        if state.circuit().bus(label.trim()).is_some() {
            buses.push((label.trim().to_owned(), value.trim().to_owned()));
            continue;
        }
        let id = state
            .circuit()
            .find(label.trim())
            .filter(|&id| {
                matches!(
                    state.circuit()[id].kind,
                    sim_core::NodeKind::Switch | sim_core::NodeKind::Button
                )
            })
            .ok_or_else(|| DemoScriptError::NoSwitch {
                label: label.to_owned(),
            })?;
        let value: sim_core::Trit = value.parse().map_err(|error| DemoScriptError::Value {
            item: item.to_owned(),
            error,
        })?;
        batch.push((id, value));
    }
    if steps.is_some() {
        state.sim.set_mode(Mode::Step);
    }
    for (id, value) in batch {
        state.set_value(id, value);
    }
    for (bus, value) in buses {
        state
            .set_bus_number(&bus, &value)
            .map_err(|error| DemoScriptError::Bus {
                bus: bus.clone(),
                value: value.clone(),
                error,
            })?;
    }
    for _ in 0..steps.unwrap_or(0) {
        state.sim.step();
    }
    Ok(())
}

impl eframe::App for TritiumApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    /// Remembers the theme and the recent files for the next run ([`TritiumApp::restore`]).
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        theme::remember(storage, self.theme);
        recent::remember(storage, &self.state.recent);
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn latch() -> CircuitPageState {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/rs_nor_latch.ron");
        CircuitPageState::open_or_report(&path)
    }

    #[test]
    fn a_demo_script_sets_switches_and_steps() {
        let mut state = latch();
        apply_demo(&mut state, "R=+1;2").expect("valid script");
        assert_eq!(state.sim.mode, Mode::Step);
        let last = state.sim.last.as_ref().expect("stepped");
        assert_eq!(state.circuit()[last.node].label, "NOR1");
        assert_eq!(state.sim.pending().count(), 2, "Q and NOR2 wait");

        let mut state = latch();
        apply_demo(&mut state, "R=+1, S=-1").expect("valid script");
        assert_eq!(state.sim.mode, Mode::Run);
        assert!(state.sim.engine().is_settled());
    }

    #[test]
    fn a_demo_script_sets_buses_as_numbers() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../circuits/adder8_bus.ron");
        let mut state = CircuitPageState::open_or_report(&path);
        apply_demo(&mut state, "A=107, B=0x36, CIN=+1").expect("valid script");
        assert_eq!(state.bus_text("S").as_deref(), Some("162"));
        let err = apply_demo(&mut state, "A=300")
            .expect_err("too wide")
            .to_string();
        assert!(
            err.contains("needs 9 trits but the bus is 8 trits wide"),
            "{err}"
        );
    }

    #[test]
    fn a_bad_demo_script_names_the_problem() {
        for (script, message) in [
            ("Q=+1", "no switch or button \"Q\""),
            ("R+1", "is not LABEL=VALUE"),
            ("R=2", "is not a ternary value"),
            ("R=1;x", "is not a number of steps"),
        ] {
            let err = apply_demo(&mut latch(), script)
                .expect_err(script)
                .to_string();
            assert!(err.contains(message), "{script}: {err}");
        }
    }
}
