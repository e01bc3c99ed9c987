//! The app's pages, one folder each with its plain-Rust state (no egui) and its views, behind
//! one [`Page`] trait. [`all`] lists them in tab order: adding a page is one `impl Page` and
//! one entry there.
//!
//! * [`circuit`]: the circuit editor and stepper.
//! * [`figure`]: a figure to draw without lifting the pencil.
//! * [`plugins`]: the plugins found and "Load plugin…", and the plugins' state the three
//!   plugin pages share.
//! * [`game`]: a plugin game, played by hand, by a strategy or by a solver.
//! * [`experiments`]: many games of one strategy, or a sweep, with plots.

pub mod circuit;
pub mod experiments;
pub mod figure;
pub mod game;
pub mod page;
pub mod plugins;

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
        Box::new(FigurePage::default()),
        Box::new(PluginsPage::default()),
        Box::new(GamePage::default()),
        Box::new(ExperimentsPage::default()),
    ]
}
