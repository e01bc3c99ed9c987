//! What only a three-valued simulator can tell: analyses built on ternary simulation.
//!
//! Ternary simulation was invented to analyse circuits, not only to run them: Eichelberger
//! (IBM J. Res. Dev. 9(2), 1965, "Hazard detection in combinational and sequential switching
//! circuits") detects hazards with it, Brzozowski and Seger (*Asynchronous Circuits*,
//! Springer 1995) build a theory on it. Each analysis here runs the engines of this crate
//! (the event engine, the batch engine) and reports what it found with the nodes involved;
//! none reads files or prints (the CLI's `tritium analyze` and the app's Analysis panel do).

pub mod hazard;
