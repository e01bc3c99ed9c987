//! The app's pages, one folder each with its plain-Rust state (no egui) and its views, behind
//! one [`Page`] trait. [`all`] lists them in tab order: adding a page is one `impl Page` and
//! one entry there. Pages import [`crate::common`] (and the plugin pages [`crate::games`])
//! and never each other.
//!
//! * [`circuit`]: the circuit editor and stepper.
//! * [`analysis`]: truth tables, minimal expressions and Karnaugh maps, and circuits built
//!   from them.
//! * [`figure`]: a figure to draw without lifting the pencil.
//! * [`plugins`]: the plugins found and "Load plugin…" (the state the three plugin pages
//!   share is [`crate::games`]).
//! * [`game`]: a plugin game, played by hand, by a strategy or by a solver.
//! * [`experiments`]: many games of one strategy, or a sweep, with plots.

use std::any::TypeId;

pub mod analysis;
pub mod circuit;
pub mod experiments;
pub mod figure;
pub mod game;
pub mod page;
pub mod plugins;

pub use analysis::AnalysisPage;
pub use circuit::CircuitPage;
pub use experiments::ExperimentsPage;
pub use figure::FigurePage;
pub use game::GamePage;
pub use page::{Page, Shared};
pub use plugins::PluginsPage;

/// Every page, in tab order: the one list a new page is added to.
pub fn all() -> Vec<Box<dyn Page>> {
    vec![
        Box::new(CircuitPage::default()),
        Box::new(AnalysisPage::new(TypeId::of::<CircuitPage>())),
        Box::new(FigurePage::default()),
        Box::new(PluginsPage::new(
            TypeId::of::<GamePage>(),
            TypeId::of::<ExperimentsPage>(),
        )),
        Box::new(GamePage::default()),
        Box::new(ExperimentsPage::default()),
    ]
}
